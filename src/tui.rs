//! The terminal: entered and left in one guard (raw mode, alternate screen, mouse capture,
//! bracketed paste, hidden cursor), restored on every way out including a panic; and the event
//! loop, generic over ratatui's `Backend` and over where events come from, so tests can drive it
//! without a terminal.

use crate::app::keymap::action_for;
use crate::app::{Action, App, Origin, recovery};
use crate::printable::printable;
use crate::sudoku::Board;
use crate::ui;
use anyhow::Context;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, Write};
use std::sync::Once;
use std::time::{Duration, Instant};

/// Where the event loop gets its events.
pub trait Events {
    /// The next event, waiting at most `timeout` (forever for `None`); `None` if none came.
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>>;
}

/// The terminal's events, through crossterm.
pub struct TerminalEvents;

impl Events for TerminalEvents {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        if let Some(timeout) = timeout {
            if !event::poll(timeout)? {
                return Ok(None);
            }
        }
        event::read().map(Some)
    }
}

/// Draws, waits for events, updates the model and moves background work on, until the user
/// quits. It waits without a timeout when nothing is running.
pub fn run_loop<B>(terminal: &mut Terminal<B>, app: &mut App, events: &mut impl Events) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let mut dirty = true;
    let mut kept = None;
    loop {
        if dirty {
            keep_for_recovery(app, &mut kept);
            terminal
                .draw(|frame| ui::draw(frame, app))
                .context("drawing the screen")?;
            dirty = false;
        }
        if app.should_quit() {
            return Ok(());
        }
        if let Some(event) = events.next(app.wake_after()).context("reading the terminal")? {
            dirty |= handle(app, &event);
            // Take every event already waiting (a burst of keys, a paste) before the next frame.
            while !app.should_quit() {
                match events.next(Some(Duration::ZERO)).context("reading the terminal")? {
                    Some(event) => dirty |= handle(app, &event),
                    None => break,
                }
            }
        }
        if app.wake_after().is_some() {
            dirty |= app.tick(Instant::now());
        }
    }
}

/// Leaves a copy of the work a crash would lose (changes not saved, or a board that is in no
/// file: pasted, typed on a new board) where a crash can write it out, when it changed since
/// the copy `kept` was made (comparing boards is cheaper than formatting one every frame).
fn keep_for_recovery(app: &App, kept: &mut Option<(bool, Board, usize)>) {
    let in_a_file = matches!(app.doc.origin, Origin::File(_) | Origin::Builtin(_));
    let now = (
        app.is_modified() || !in_a_file,
        app.doc.board.clone(),
        app.doc.meta.len(),
    );
    if kept.as_ref() != Some(&now) {
        recovery::remember(now.0.then_some(&app.doc));
        *kept = Some(now);
    }
}

fn handle(app: &mut App, event: &Event) -> bool {
    match action_for(event, app) {
        Some(action) => {
            app.update(action);
            true
        }
        None => false,
    }
}

/// Puts the terminal back: raw mode off, main screen, no mouse capture, no bracketed paste,
/// cursor shown. Safe to call more than once and on a terminal never set up.
pub fn restore() -> io::Result<()> {
    let raw = disable_raw_mode();
    let mut out = io::stdout();
    let modes = execute!(
        out,
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
    let flushed = out.flush();
    raw.and(modes).and(flushed)
}

/// The terminal set up for the workbench; dropping it restores the terminal.
pub struct TerminalGuard(());

impl TerminalGuard {
    /// Sets the terminal up, restoring it again if any part fails.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        let guard = TerminalGuard(());
        enable_raw_mode()?;
        // Clearing with an escape sequence, not `Terminal::clear`, which asks the terminal where
        // its cursor is and waits for an answer that some terminals never send.
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            Clear(ClearType::All),
            EnableMouseCapture,
            EnableBracketedPaste,
            Hide
        )?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = restore();
    }
}

/// Makes a panic restore the terminal before its message is printed, so the message is readable
/// and the shell usable.
pub fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = restore();
            previous(info);
            tell_where_the_board_went(recovery::write());
        }));
    });
}

/// Says where the unsaved board was written after a crash, if it was. Errors are ignored: the
/// terminal may be gone (a hang-up), and a failed message must not become a second panic.
fn tell_where_the_board_went(path: Option<std::path::PathBuf>) {
    if let Some(path) = path {
        let _ = writeln!(
            io::stderr(),
            "sudoku-workbench: your unsaved board was written to {}; the next start offers to reopen it.",
            printable(&path.to_string_lossy())
        );
    }
}

/// Restores the terminal and keeps the unsaved board when the process is told to end (SIGTERM,
/// a hang-up, SIGINT or SIGQUIT from `kill`; Ctrl-C in raw mode is a key, not a signal), then
/// exits with the usual 128 + signal status.
fn watch_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let _ = restore();
            tell_where_the_board_went(recovery::write());
            std::process::exit(128 + signal);
        }
    })?;
    Ok(())
}

/// The terminal's events, with two failures on demand when `SUDOKU_WORKBENCH_TEST_PANIC=1` is
/// set: F12 panics, F11 fails the event loop with an error. The end-to-end tests' way to check
/// what a crash leaves behind; nobody sets that variable by accident.
struct WithTestFailures<E>(E);

impl<E: Events> Events for WithTestFailures<E> {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        let event = self.0.next(timeout)?;
        if let Some(Event::Key(key)) = &event {
            match key.code {
                event::KeyCode::F(12) => panic!("the test panic (F12 with SUDOKU_WORKBENCH_TEST_PANIC=1)"),
                event::KeyCode::F(11) => return Err(io::Error::other("the test error (F11)")),
                _ => {}
            }
        }
        Ok(event)
    }
}

/// Runs the workbench on the terminal until the user quits.
pub fn run(mut app: App) -> anyhow::Result<()> {
    watch_signals().context("installing the signal handlers")?;
    let guard = TerminalGuard::enter().context("setting up the terminal")?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout())).context("setting up the terminal")?;
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    let result = if std::env::var_os("SUDOKU_WORKBENCH_TEST_PANIC").is_some_and(|v| v == "1") {
        run_loop(&mut terminal, &mut app, &mut WithTestFailures(TerminalEvents))
    } else {
        run_loop(&mut terminal, &mut app, &mut TerminalEvents)
    };
    if result.is_err() {
        // The terminal first, so the message about the board is readable.
        drop(guard);
        tell_where_the_board_went(recovery::write());
    }
    result
}
