//! The workbench on a real terminal: the event loop that reads the terminal's bytes, turns them
//! into actions, lets the model handle them, carries out the effects it asks for, keeps the
//! recovery file up to date and draws. Everything that touches the terminal is under here.

pub mod abort;
mod at_paste;
pub mod input;
pub mod keymap;
pub mod signals;
pub mod terminal;

use crate::app::builtin::default_document;
use crate::app::{Action, App, Document, Effect, Origin, Quit};
use crate::runtime::{Runtime, recovery};
use crate::text::printable;
use crate::ui;
use anyhow::Context;
use at_paste::WorkAtPastes;
use input::{Parser, TermInput};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};
use sudoku_engine::{Board, Colours, Format, Marks};

/// What wakes the event loop besides a timeout.
pub enum Wake {
    /// Bytes from the terminal.
    Bytes(Vec<u8>),
    /// The terminal changed size.
    Resized,
    /// The process was continued after a suspend: the screen must be drawn again whole.
    Continued,
    /// The terminal's input ended (closed, hung up): there is nothing more to read.
    Closed,
    /// A signal that ends the process arrived: the keys typed before it are handled and the
    /// work kept, then the signal thread ends the process.
    Ending(i32),
}

/// Bytes read from the terminal at a time.
const READ_SIZE: usize = 64 * 1024;

/// How often background work (previews) is looked at while it runs.
const BUSY_POLL: Duration = Duration::from_millis(20);

/// How long an ending signal waits for keys typed before it that are still on their way from
/// the terminal.
const TYPED_PATIENCE: Duration = Duration::from_millis(200);

/// Held by the terminal's reader from the moment the terminal has bytes until they are sent to
/// the event loop: whoever holds it and finds nothing to read knows that every byte typed so far
/// is on its way.
static READING: Mutex<()> = Mutex::new(());

/// Where the unsaved work is kept, for the messages of a crash or a signal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct WorkKept {
    /// This process's recovery file, while one is on disk.
    file: Option<PathBuf>,
    /// Why the latest work could not be kept, while it cannot: the file, if any, holds the work
    /// as it was before.
    failure: Option<String>,
}

static WORK_KEPT: Mutex<WorkKept> = Mutex::new(WorkKept {
    file: None,
    failure: None,
});

/// Whether the message about the unsaved work was said already: once is enough, and a second
/// one, written after the terminal was given back twice, landed on top of the first.
pub(crate) static TOLD: AtomicBool = AtomicBool::new(false);

/// Says on standard error where the unsaved work is, if there is some, once. Errors are
/// ignored: the terminal may be gone (a hang-up), and a failed message must not become a
/// second panic.
pub fn tell_where_the_work_is() {
    if let Some(message) = where_the_work_is()
        && !TOLD.swap(true, Ordering::AcqRel)
    {
        let _ = writeln!(io::stderr(), "{message}");
    }
}

/// The message saying where the unsaved work is, if there is some: in the recovery file, or,
/// when its latest state could not be written, what the file holds then, or that it is lost.
pub fn where_the_work_is() -> Option<String> {
    let kept = WORK_KEPT
        .lock()
        .map_or_else(|_| WorkKept::default(), |held| held.clone());
    message_for(&kept)
}

fn message_for(kept: &WorkKept) -> Option<String> {
    let shown = |path: &PathBuf| printable(&path.to_string_lossy()).into_owned();
    Some(match (&kept.file, &kept.failure) {
        (None, None) => return None,
        (Some(path), None) => format!(
            "sudoku-workbench: your unsaved work is in {}; the next start offers to reopen it.",
            shown(path)
        ),
        (Some(path), Some(why)) => format!(
            "sudoku-workbench: your latest work could not be kept ({why}); {} holds your work as \
             it was before that, and the next start offers to reopen it.",
            shown(path)
        ),
        (None, Some(why)) => {
            format!("sudoku-workbench: your unsaved work could not be kept for the next start ({why}); it is lost.")
        }
    })
}

/// Reads the player's settings into `app` and keeps the config file's lines in `runtime` for
/// writing them back; what was wrong with the file, if anything, for the screen.
fn load_settings(app: &mut App, runtime: &mut Runtime) -> Option<String> {
    let path = crate::runtime::config::path()?;
    let (config, settings, problems) = crate::runtime::config::load(&path);
    app.update(Action::SettingsRead(settings));
    let shown = printable(&path.to_string_lossy()).into_owned();
    runtime.config = Some((path, config));
    let first = problems.first()?;
    let more = match problems.len() {
        1 => String::new(),
        n => format!(" ({} more)", n - 1),
    };
    Some(format!("{shown}: {first}{more}"))
}

/// Runs the workbench on the terminal until the user quits: on the built-in puzzle, or on
/// `file` (puzzle `index` of a collection, 1 for the first).
pub fn run(file: Option<&Path>, index: Option<usize>) -> anyhow::Result<()> {
    // First, so that every thread started from here on leaves the process's signals to the
    // signal thread (see `signals::watch`).
    let (wake, woken) = channel();
    signals::watch(wake.clone()).context("installing the signal handlers")?;
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let mut app = App::new(default_document(), cwd);
    app.update(Action::Monochrome(ui::theme::Theme::no_color_requested()));
    let mut runtime = Runtime::new(recovery::dir());
    runtime.games = crate::runtime::games::path();
    let settings_problem = load_settings(&mut app, &mut runtime);
    if let Some(path) = file {
        let index = match index {
            Some(0) => anyhow::bail!("puzzles are numbered from 1"),
            Some(n) => Some(n - 1),
            None => None,
        };
        app.open_at_start(path, index);
        runtime.carry_out(&mut app);
        app.forget_history();
    }
    if let Some(offer) = runtime.find_left_over(SystemTime::now()) {
        runtime.dispatch(&mut app, offer);
    }
    app.settings_loaded();
    if let Some(problem) = settings_problem {
        runtime.dispatch(&mut app, Action::SettingsProblem(problem));
    }

    let guard = terminal::Guard::enter().context("setting up the terminal")?;
    // A fixed viewport, which ratatui never sizes from the terminal itself: the event loop
    // gives it the terminal's size, up to `terminal::MAX_SIZE`.
    let (columns, rows) = terminal::size().context("reading the terminal's size")?;
    let mut screen = Terminal::with_options(
        CrosstermBackend::new(io::stdout()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, columns, rows)),
        },
    )
    .context("setting up the terminal")?;
    let terminal_input = read_terminal(wake).context("reading the terminal")?;
    let result = event_loop(&mut screen, &mut app, &mut runtime, &woken, &terminal_input);
    // ratatui's `Terminal` shows the cursor when dropped and, should that fail, says so with
    // `eprintln!`, which panics when standard error is a terminal that closed (attack A: exit
    // 101 after the window was closed). The guard shows the cursor itself.
    std::mem::forget(screen);
    if !matches!(result, Ok(Ended::Signal { .. })) {
        // A save or an export under way (an export runs on a thread of its own) is let finish
        // or cut off cleanly before the process ends; a signal's thread does this for it.
        crate::runtime::writing::finish(signals::SAVE_PATIENCE);
    }
    let mut near_a_paste = None;
    let result = match result {
        Ok(Ended::Signal { at_paste }) => {
            // The work as it stands after the last key typed before the signal; then the
            // signal thread, which waits for this, restores the terminal and ends the process.
            let _ = keep(&app, &mut runtime);
            let _ = keep_apart(&at_paste, &app, &runtime);
            // The games other documents replaced are in no file now: given up, as at a quit
            // (not near a paste, whose keys may have replaced them).
            for end in app.take_set_aside() {
                runtime.record_game(&end);
            }
            signals::work_kept();
            loop {
                std::thread::park();
            }
        }
        Ok(Ended::Quit { at_paste }) => {
            near_a_paste = at_paste;
            Ok(())
        }
        Ok(Ended::Closed { at_paste }) => {
            near_a_paste = at_paste;
            Err(anyhow::anyhow!("the terminal's input ended"))
        }
        Err(e) => Err(e),
    };
    // The terminal first, so that what is said next is readable.
    drop(guard);
    match (&result, app.quitting()) {
        // A quit without saving, answered while a paste was under way or just after one: its
        // `q` `y` may have been pasted text, cut by a slow link in a way not to be told from
        // typing (see `Parser::near_a_paste`). Nothing is lost for it: the work is kept as it
        // is (a person's keys may come after the paste) and, below, as it was at the paste.
        (Ok(()), Some(Quit::Clean)) if near_a_paste.is_some() => {
            let _ = keep(&app, &mut runtime);
            if runtime.keeper.has_file() {
                let _ = writeln!(
                    io::stderr(),
                    "sudoku-workbench: you quit without saving less than {} s after a paste, which may have \
                     typed the quit, so the work was kept.",
                    input::PASTE_GUARD.as_secs()
                );
            }
            tell_where_the_work_is();
        }
        (Ok(()), Some(Quit::Clean)) => {
            runtime.keeper.remove();
            // Work reopened and given up by the quit: its file goes too.
            let _ = runtime.discard_reopened();
            set_recovery_file(None);
            // The game given up by the quit, whose failure to be kept no screen showed.
            if let Some(why) = runtime.record_failure.take() {
                let _ = writeln!(
                    io::stderr(),
                    "sudoku-workbench: the game could not be added to the record of games: {why}"
                );
            }
        }
        _ => {
            let _ = keep(&app, &mut runtime);
            // Ctrl-C has recorded the games set aside; a closed terminal (its input ends before
            // its SIGHUP comes) or an error has not: they are in no file (attack F).
            for end in app.take_set_aside() {
                runtime.record_game(&end);
            }
            if result.is_ok() && app.has_unsaved_work() && runtime.kept_file().is_none() {
                // Said as the error the process ends with, rather than twice.
                let why = runtime.keeper.failure.clone().unwrap_or_default();
                anyhow::bail!("your unsaved work could not be kept for the next start ({why}); it is lost");
            }
            tell_where_the_work_is();
        }
    }
    // A game given up at a Ctrl-C (one another document had replaced) whose failure to be
    // kept no screen showed, as after `q` above (attack D).
    if let Some(why) = runtime.record_failure.take() {
        let _ = writeln!(
            io::stderr(),
            "sudoku-workbench: the game could not be added to the record of games: {why}"
        );
    }
    for path in near_a_paste
        .as_ref()
        .map(|at| keep_apart(at, &app, &runtime))
        .unwrap_or_default()
    {
        let _ = writeln!(
            io::stderr(),
            "sudoku-workbench: the work as it was at a paste moments before the end is kept apart in {} \
             (the keys after it may have been pasted text); the next start offers it.",
            printable(&path.to_string_lossy())
        );
    }
    result
}

/// Keeps `at_paste`, the work as it was at each paste of a run moments before the end, each in a
/// recovery file of its own when it is not the work now: keys after a paste may have been its
/// text (a slow link cutting it where nothing tells it from typing), and what they did (a save
/// over the file, entries cleared) is then undone by reopening it. The paths written.
fn keep_apart(at_paste: &[Document], app: &App, runtime: &Runtime) -> Vec<PathBuf> {
    let mut written = Vec::new();
    // Only work a crash would lose: the board before a paste over a file as it is saved is
    // that file, and was offered as kept work (attack H).
    for at in at_paste.iter().filter(|at| **at != app.doc && at.has_unsaved_work()) {
        let mut apart = recovery::Keeper::new(runtime.keeper.dir().to_path_buf());
        apart.keep(Some(at));
        if apart.has_file() {
            written.push(apart.path());
        }
    }
    written
}

/// Starts the thread that reads the terminal: standard input, or the terminal itself when
/// standard input is not one. Returns the terminal's input, for [`typed_so_far`] to look at.
fn read_terminal(wake: Sender<Wake>) -> io::Result<Arc<File>> {
    let source = Arc::new(if io::stdin().is_terminal() {
        File::from(io::stdin().as_fd().try_clone_to_owned()?)
    } else {
        File::open("/dev/tty")?
    });
    let reader = Arc::clone(&source);
    std::thread::Builder::new().name("terminal".into()).spawn(move || {
        let mut buffer = vec![0u8; READ_SIZE];
        // Waits for bytes without the lock, then reads and sends them with it.
        while readable(reader.as_fd()) {
            let _held = READING.lock().unwrap_or_else(PoisonError::into_inner);
            match (&*reader).read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    if wake.send(Wake::Bytes(buffer[..n].to_vec())).is_err() {
                        return;
                    }
                }
                Err(e) if matches!(e.kind(), io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock) => {}
                Err(_) => break,
            }
        }
        let _ = wake.send(Wake::Closed);
    })?;
    Ok(source)
}

/// Waits until the terminal has bytes to read: `false` once it never will (hung up, closed).
fn readable(input: std::os::fd::BorrowedFd) -> bool {
    loop {
        let mut fds = [PollFd::new(input, PollFlags::POLLIN)];
        match poll(&mut fds, PollTimeout::NONE) {
            Ok(_) => {
                let ready = fds[0].revents().unwrap_or(PollFlags::empty());
                let gone = PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL;
                // Bytes left before a hang-up are read first.
                return ready.contains(PollFlags::POLLIN) || !ready.intersects(gone);
            }
            Err(nix::errno::Errno::EINTR) => {}
            Err(_) => return false,
        }
    }
}

/// Feeds `parser` every byte typed before now: those already sent, and those the terminal or
/// its reader still holds (waiting up to [`TYPED_PATIENCE`] for them). For an ending signal, so
/// that a key typed just before it is not lost.
fn typed_so_far(input: &File, woken: &Receiver<Wake>, parser: &mut Parser) {
    let deadline = Instant::now() + TYPED_PATIENCE;
    loop {
        // Holding the reader's lock with nothing to read: everything read is sent.
        let quiet = match READING.try_lock() {
            Ok(_held) => {
                let mut fds = [PollFd::new(input.as_fd(), PollFlags::POLLIN)];
                let ready = poll(&mut fds, PollTimeout::ZERO).is_ok_and(|n| n > 0);
                !(ready && fds[0].revents().is_some_and(|r| r.contains(PollFlags::POLLIN)))
            }
            Err(_) => false,
        };
        for wake in woken.try_iter() {
            if let Wake::Bytes(bytes) = wake {
                parser.feed(&bytes, Instant::now());
            }
        }
        if quiet || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// How the event loop ended.
enum Ended {
    /// The user quit; `at_paste`, when a paste was under way or had just been seen (see
    /// [`Parser::near_a_paste`]), the work as it was at the paste's last sign.
    Quit { at_paste: Option<Vec<Document>> },
    /// The terminal's input ended (the terminal closed); `at_paste` as for a quit.
    Closed { at_paste: Option<Vec<Document>> },
    /// A signal ends the process (its own thread ends it, once the work is kept); `at_paste` as
    /// for a quit.
    Signal { at_paste: Vec<Document> },
}

/// Draws, waits for the terminal, updates the model and moves background work on, until the
/// user quits or a signal ends the process.
fn event_loop(
    screen: &mut Terminal<CrosstermBackend<io::Stdout>>,
    app: &mut App,
    runtime: &mut Runtime,
    woken: &Receiver<Wake>,
    terminal_input: &File,
) -> anyhow::Result<Ended> {
    let mut parser = Parser::new();
    // The unsaved work as it was when the parser last saw a sign of a paste, for a quit near it.
    let mut at_paste = WorkAtPastes::new();
    let mut kept = None;
    let mut dirty = true;
    let mut whole = false;
    let test_failures = std::env::var_os("SUDOKU_WORKBENCH_TEST_PANIC").is_some_and(|v| v == "1");
    let size = terminal::size().context("reading the terminal's size")?;
    app.update(Action::Resize(size.0, size.1));
    loop {
        keep_if_changed(app, runtime, &mut kept, false);
        if dirty {
            let _held = terminal::lock();
            if whole {
                // Forgets what ratatui thinks is on screen, so that everything is drawn again;
                // not `Terminal::clear`, which asks the terminal where its cursor is.
                let area = Rect::new(0, 0, app.size.0, app.size.1);
                screen.resize(area).context("drawing the screen")?;
                whole = false;
            }
            screen
                .draw(|frame| ui::draw(frame, app))
                .context("drawing the screen")?;
            dirty = false;
            // Said on the screen now, which stays up: no need to say it again at the end.
            if !app.should_quit() {
                runtime.record_failure = None;
            }
        }
        if app.should_quit() {
            return Ok(Ended::Quit {
                at_paste: parser.near_a_paste(Instant::now()).then(|| at_paste.take()),
            });
        }
        let now = Instant::now();
        let deadlines = [
            app.wake_after().map(|after| now + after),
            parser.deadline(),
            runtime.is_busy().then(|| now + BUSY_POLL),
        ];
        let deadline = deadlines.into_iter().flatten().min();
        let first = match deadline {
            Some(deadline) => match woken.recv_timeout(deadline.saturating_duration_since(now)) {
                Ok(wake) => Some(wake),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the terminal's reader stopped"),
            },
            None => Some(woken.recv().context("the terminal's reader stopped")?),
        };
        // Everything already waiting (a burst of keys, a paste) before the next frame.
        let mut wakes: Vec<Wake> = first.into_iter().collect();
        wakes.extend(woken.try_iter());
        let mut closed = false;
        let mut ending = None;
        for wake in wakes {
            match wake {
                Wake::Bytes(bytes) => parser.feed(&bytes, Instant::now()),
                Wake::Resized => {
                    if let Ok((w, h)) = terminal::size() {
                        app.update(Action::Resize(w, h));
                        dirty = true;
                        whole = true;
                    }
                }
                Wake::Continued => {
                    dirty = true;
                    whole = true;
                }
                Wake::Closed => closed = true,
                Wake::Ending(signal) => ending = Some(signal),
            }
        }
        if ending.is_some() {
            typed_so_far(terminal_input, woken, &mut parser);
        }
        if ending.is_some() || closed {
            // Keys held in case a paste's rest followed them were typed: the work is kept as
            // of the last of them.
            parser.release_held();
        }
        parser.poll(Instant::now());
        at_paste.look(parser.last_sign(), Instant::now(), &app.doc);
        let near = parser.near_a_paste(Instant::now());
        if near != app.paste_near() {
            runtime.dispatch(app, Action::PasteNear(near));
        }
        let mut answered = false;
        while let Some(input) = parser.next_input() {
            if test_failures {
                fail_on_test_keys(&input)?;
            }
            for action in keymap::actions_for(&input, app).collect::<Vec<_>>() {
                answered = true;
                if matches!(action, Action::ForceQuit) {
                    // Ctrl-C quits at once only if the work is kept: the model must know
                    // whether it is, as of now.
                    keep_if_changed(app, runtime, &mut kept, true);
                }
                for effect in runtime.dispatch(app, action) {
                    if matches!(effect, Effect::Suspend) && ending.is_none() {
                        if terminal::a_shell_can_resume() {
                            terminal::suspend().context("suspending")?;
                            whole = true;
                        } else {
                            runtime.dispatch(app, Action::NotSuspended(terminal::NO_SHELL.into()));
                        }
                    }
                }
                dirty = true;
            }
            if app.should_quit() {
                break;
            }
        }
        if ending.is_some() {
            return Ok(Ended::Signal {
                at_paste: if parser.near_a_paste(Instant::now()) {
                    at_paste.take()
                } else {
                    Vec::new()
                },
            });
        }
        for answer in runtime.poll() {
            runtime.dispatch(app, answer);
            dirty = true;
        }
        // A key answered is drawn before the next slice of work: the slice would hold its
        // answer back by up to a slice (the next pass through the loop does the work).
        if app.wake_after().is_some() && !answered {
            dirty |= app.tick(Instant::now());
            // What the slice of work asked for (the game a solve ended, to record; the rating
            // of the board it left) now, not at the next key.
            runtime.carry_out(app);
        }
        if closed && !app.should_quit() {
            // No more keys will come (the terminal closed, which often comes before its
            // SIGHUP): the work is kept for the next start, and near a paste as it was at the
            // paste too (attack A).
            return Ok(Ended::Closed {
                at_paste: parser.near_a_paste(Instant::now()).then(|| at_paste.take()),
            });
        }
    }
}

/// The four failures the end-to-end tests ask for with `SUDOKU_WORKBENCH_TEST_PANIC=1`: F12
/// panics, F11 fails the event loop with an error, F10 fails an allocation (which aborts, as
/// running out of memory does), F9 overflows the stack. Nobody sets that variable by accident.
fn fail_on_test_keys(input: &TermInput) -> anyhow::Result<()> {
    if let TermInput::Event(Event::Key(key)) = input {
        match key.code {
            KeyCode::F(12) => panic!("the test panic (F12 with SUDOKU_WORKBENCH_TEST_PANIC=1)"),
            KeyCode::F(11) => anyhow::bail!("the test error (F11)"),
            KeyCode::F(10) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 1 << 20]>()),
            KeyCode::F(9) => {
                std::hint::black_box(overflow_the_stack(std::hint::black_box(0)));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Recurses until the stack runs out (F9 above): each call keeps a block of the stack in use,
/// and `black_box` keeps the optimiser from turning the recursion into a loop.
#[allow(unconditional_recursion)]
fn overflow_the_stack(depth: u64) -> u64 {
    let block = std::hint::black_box([depth; 512]);
    overflow_the_stack(depth + 1).wrapping_add(block[(depth % 512) as usize])
}

/// What decides the recovery file's text, compared instead of the text itself (formatting a
/// board every frame would cost more than comparing one): the work (board, marks, colours, the
/// help used, the clock to the minute) and where it came from. Everything a progress file holds
/// must be here: colours were not, and a kill lost those painted since the last other change.
type KeptKey = (
    bool,
    Board,
    Marks,
    Colours,
    (u32, u32, u64),
    Origin,
    Format,
    Option<usize>,
    usize,
);

/// Brings the recovery file up to date when the work changed since it was last kept (or, with
/// `retry`, when the last write failed).
fn keep_if_changed(app: &mut App, runtime: &mut Runtime, kept: &mut Option<KeptKey>, retry: bool) {
    let source = &app.doc.source;
    let play = app.play();
    let now = (
        app.has_unsaved_work(),
        app.doc.board.clone(),
        app.doc.marks,
        app.doc.colours,
        (play.hints, play.checks, play.elapsed.as_secs() / 60),
        source.origin.clone(),
        source.format,
        source.collection.as_ref().map(|place| place.index),
        source.text.notes_len(),
    );
    if kept.as_ref() != Some(&now) || retry && runtime.keeper.failure.is_some() {
        for news in keep(app, runtime) {
            runtime.dispatch(app, news);
        }
        *kept = Some(now);
    }
}

/// Writes the recovery file (or removes it when there is nothing unsaved); what the model must
/// hear of it: that keeping the work started failing ([`Action::KeepFailed`], said once), or works
/// again.
fn keep(app: &App, runtime: &mut Runtime) -> Vec<Action> {
    let unsaved = app.has_unsaved_work();
    let news = runtime.keep(unsaved.then_some(&app.doc));
    set_work_kept(WorkKept {
        file: runtime.kept_file(),
        failure: runtime.keeper.failure.clone().filter(|_| unsaved),
    });
    news
}

/// Says, for the end message, that the latest work could not be kept (`why`): when there is a
/// recovery file (it holds the work as it was before), or when `writing` one (there is unsaved
/// work, and without a file it is lost).
pub(super) fn latest_work_not_kept(why: &str, writing: bool) {
    let kept = WORK_KEPT
        .lock()
        .map_or_else(|_| WorkKept::default(), |held| held.clone());
    if kept.failure.is_none() && (kept.file.is_some() || writing) {
        set_work_kept(WorkKept {
            failure: Some(why.to_string()),
            ..kept
        });
    }
}

fn set_recovery_file(path: Option<PathBuf>) {
    set_work_kept(WorkKept {
        file: path,
        failure: None,
    });
}

fn set_work_kept(kept: WorkKept) {
    if let Ok(mut held) = WORK_KEPT.lock()
        && *held != kept
    {
        *held = kept;
        // For an abort, whose handler can take no lock.
        drop(held);
        abort::set_message(where_the_work_is().as_deref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 28, the last attack (item 9): once the recovery file stopped being written, the
    /// message at the end still sent the player to it, though it lacked the latest work.
    #[test]
    fn the_message_says_whether_the_latest_work_is_kept() {
        let file = Some(PathBuf::from("/state/recovery-1-2.swb"));
        let failure = Some("the disk is full".to_string());
        let said = |file: &Option<PathBuf>, failure: &Option<String>| {
            message_for(&WorkKept {
                file: file.clone(),
                failure: failure.clone(),
            })
        };
        assert_eq!(said(&None, &None), None, "nothing to say");
        let kept = said(&file, &None).unwrap();
        assert!(
            kept.contains("your unsaved work is in /state/recovery-1-2.swb"),
            "{kept}"
        );
        let stale = said(&file, &failure).unwrap();
        assert!(
            stale.contains("your latest work could not be kept (the disk is full)")
                && stale.contains("/state/recovery-1-2.swb holds your work as it was before"),
            "{stale}"
        );
        let lost = said(&None, &failure).unwrap();
        assert!(
            lost.contains("could not be kept") && lost.ends_with("it is lost."),
            "{lost}"
        );
    }
}
