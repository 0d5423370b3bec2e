//! The model of the workbench: the document being edited, the mode the user is in, and
//! [`App::update`], the only place where state changes. Nothing here knows about terminals, and
//! `update` touches no file and starts no thread: it asks for [`Effect`]s, which the runtime
//! (`crate::runtime`, a layer above) carries out and answers with actions. Tests drive it with
//! [`Action`]s and [`App::tick`], or with the runtime's `dispatch`.

pub mod action;
pub mod browser;
pub mod builtin;
pub mod by_hand;
pub mod document;
pub mod effect;
pub mod games;
pub mod hint;
pub mod history;
pub mod jobs;
pub mod new_puzzle;
pub mod play;
pub mod race;
pub mod reading;
pub mod settings;
pub mod step_mode;
pub mod stepper;
pub mod track;
pub mod tree_screen;

mod edit;
mod ending;
mod opening;
mod save;
mod solve;

pub use action::{Action, Direction};
pub use document::{Document, Origin};
pub use effect::{Effect, Offer};

use crate::text::printable;
use browser::Browser;
use history::{Change, History};
use jobs::{Count, LiveCount, SolveJob};
pub use save::PendingSave;
use settings::Settings;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use stepper::Stepper;
use sudoku_engine::{Board, Counters, Format, Marks, Pos, Strategy};

/// Real time a tick may spend on the search (step mode or an instant solve): well under a
/// frame, so that keys are read and the screen redrawn at least every 16 ms or so.
pub const WORK_SLICE: Duration = Duration::from_millis(8);

/// Actions kept while a file is read (keys typed ahead, a paste), at most.
const MAX_TYPED_AHEAD: usize = 256;

/// How often the progress of a file being read is drawn.
const READ_PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Real time a tick may spend on the live count of solutions.
const COUNT_SLICE: Duration = Duration::from_millis(4);

/// What the user is doing.
pub enum Mode {
    /// Editing the board.
    Edit,
    /// Solving at once, in slices; Esc cancels.
    Solving(Box<SolveJob>),
    /// Watching the search step by step.
    Step(Box<Stepper>),
    /// Choosing a file.
    Browse(Box<Browser>),
    /// Making a new puzzle, in slices; Esc cancels.
    Generating(Box<new_puzzle::GenerateJob>),
    /// Every strategy racing on the board; Esc goes back to step mode as it was.
    Race(Box<race::Race>, Box<Stepper>),
}

/// What a digit typed on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typing {
    /// Writes an entry: solving, the givens protected.
    Entries,
    /// Writes a given and moves on: typing in a puzzle.
    Givens,
    /// Adds or removes a pencil mark: notes.
    Marks,
}

/// Something over the screen that takes the keys until it is closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The list of keys, scrolled down by this many lines.
    Help(usize),
    /// The help's second page: the words of step mode and what they mean, scrolled so.
    Words(usize),
    /// A question with answers on single keys.
    Question(Question),
    /// A path to save to.
    Prompt(Prompt),
    /// Work that crashed workbenches left, to reopen or discard.
    Recovery(RecoveryOffer),
    /// The puzzle solved by hand: the time and the help used (from the document's record).
    Solved,
    /// The new-puzzle dialog.
    NewPuzzle(new_puzzle::Choice),
    /// A line asked for in step mode: a step to go to, breakpoints.
    Line(step_mode::LinePrompt),
    /// The statistics of the games played.
    Stats(Box<games::StatsView>),
    /// The game paused: the board hidden and the clock stopped until the player goes on.
    Paused,
}

/// A question and what each answer does; Esc always answers "not now".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The question.
    pub text: String,
    /// The answers.
    pub answers: Vec<Answer>,
}

/// One answer to a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The key that gives it.
    pub key: char,
    /// What it means, for the screen.
    pub label: String,
    /// What it does.
    pub then: Then,
}

/// What an answer does.
#[derive(Clone, Debug, PartialEq, Eq)]
// One value per user action, never held in bulk: its size does not matter, boxing would only
// add noise.
#[allow(clippy::large_enum_variant)]
pub enum Then {
    /// Quit, giving up the unsaved work.
    Quit,
    /// Quit, giving up the changes the recovery file could not take: it keeps the work as it
    /// was before them for the next start.
    QuitKeepingOlder,
    /// Replace the document.
    Load(Box<Document>),
    /// Remove the entries.
    ClearEntries,
    /// Empty the board.
    ClearAll,
    /// Solve from the givens alone.
    SolveFromGivens,
    /// Carry out a save again as the answer allows: whatever is on disk now, over a read-only
    /// file, or into the file in place.
    SaveOver(Box<effect::SaveRequest>, PendingSave),
    /// Ask for another path to save to.
    SaveAs,
    /// Remove a recovery file for good.
    DiscardRecovery(PathBuf),
    /// Open the save prompt to save the game without the puzzle's other lines.
    SaveAsWithoutLines,
    /// Open the new-puzzle dialog.
    NewPuzzle,
    /// Load the puzzle of a trace and replay the trace in step mode.
    Replay(Box<Document>, Box<effect::TraceFile>),
    /// Nothing: the question is closed.
    Nothing,
}

/// A line of text being typed: the path to save to, and the format to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// What is asked.
    pub label: String,
    /// The text so far.
    pub input: String,
    /// The format the save writes: from the extension typed, or chosen with Tab.
    pub format: Format,
    /// Whether Tab chose the format (the extension then no longer does).
    pub format_chosen: bool,
    /// The path offered, exactly, while the input is as offered: a file name need not be
    /// UTF-8, and the input (text) could not hold it. Typing in the input drops it.
    pub offered: Option<PathBuf>,
    /// Whether the save leaves out the puzzle's other lines (comments, metadata): a game too
    /// big to save with them.
    pub without_lines: bool,
}

/// The recovered work on offer, and which is highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoveryOffer {
    /// The offers, newest first.
    pub offers: Vec<Offer>,
    /// How many older files there are besides, not offered this time.
    pub older: usize,
    /// The highlighted one.
    pub selected: usize,
}

/// Whether the unsaved work is kept for the next start (in the recovery file), as the runtime
/// last said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Keeping {
    /// Kept (or nothing to keep).
    #[default]
    Kept,
    /// The recovery file cannot be written: why, and whether it holds the work as it was
    /// before. Ctrl-C then asks before quitting.
    Failing(String, Older),
}

/// Whether a recovery file that can no longer be written holds the work as it was before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Older {
    /// It does: what is lost is the changes since.
    Kept,
    /// There is none: the work is only in memory.
    None,
}

/// The smallest terminal the workbench can be used in (columns, rows): below it the screen
/// says so, and the game's clock stops.
pub const MIN_SIZE: (u16, u16) = (64, 21);

/// A note to the user about the last action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text, printable.
    pub text: String,
    /// Whether something went wrong.
    pub is_error: bool,
}

/// How the last instant solve went, for the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The strategy used.
    pub strategy: Strategy,
    /// Its counters.
    pub counters: Counters,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether it found a solution.
    pub solved: bool,
    /// Whether the board has other solutions too.
    pub several: bool,
}

/// How the user asked to leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quit {
    /// Nothing unsaved, or the user gave it up: the recovery file goes.
    Clean,
    /// At once (Ctrl-C): unsaved work stays in the recovery file for the next start.
    KeepingWork,
}

/// The whole state of the workbench.
pub struct App {
    /// The board and where it came from.
    pub doc: Document,
    history: History,
    /// The selected cell.
    pub cursor: Pos,
    /// What the user is doing.
    pub mode: Mode,
    /// What is over the screen, if anything.
    pub overlay: Option<Overlay>,
    /// The strategy of an instant solve (`s`).
    pub solve_strategy: Strategy,
    /// The strategy step mode starts with (`n`).
    pub step_strategy: Strategy,
    /// Below 100 columns, whether step mode shows the program's screen instead of the board.
    pub program_screen: bool,
    /// Step mode's tree of guesses, when it is on screen (instead of the board and the panel).
    pub tree: Option<tree_screen::TreeScreen>,
    /// What typed digits do.
    pub typing: Typing,
    /// The player's settings.
    pub settings: Settings,
    /// The hint being given, until the board or marks change.
    pub hint: Option<hint::Hint>,
    /// The mistakes the last check (or hint) found, highlighted until the board or marks change.
    pub mistakes: Option<hint::Mistakes>,
    /// The digit filter: the digits whose cells are shaded where they can still go, and
    /// marked where they stand (empty: off).
    pub filter: sudoku_engine::DigitSet,
    /// What the next key answers, after a key that asks for a digit or a colour.
    pub awaiting: Option<by_hand::Awaiting>,
    /// How digits are put on the board: cell first, or digit first.
    pub input: by_hand::Input,
    /// The clock of the game played by hand.
    clock: play::Clock,
    /// The givens last sent to be rated, and their rating (or why none) once known.
    pub rating: Option<(Board, Option<Result<sudoku_engine::logic::Rating, String>>)>,
    /// The choices the new-puzzle dialog opens with: the last ones made.
    pub new_choice: new_puzzle::Choice,
    /// The seed of the next puzzle made (from the clock at start; tests set it).
    pub seed: u64,
    count: LiveCount,
    /// The note about the last action.
    pub message: Option<Message>,
    /// The last instant solve.
    pub last_solve: Option<SolveReport>,
    /// The terminal size.
    pub size: (u16, u16),
    /// Whether the terminal has the focus (as far as it tells: one that never says stays
    /// focused).
    pub focused: bool,
    /// Whether the unsaved work is kept for the next start.
    pub keeping: Keeping,
    /// Whether to draw without colour (`NO_COLOR`).
    pub monochrome: bool,
    /// A paste came moments ago: answers that cannot be undone (discard a recovered work, write
    /// over another file) are refused, since the paste may have typed them.
    pub(super) paste_near: bool,
    /// Games another document replaced, given up unless undo brings them back before the
    /// workbench quits (see `set_game_aside`): each with its document's number and whether it
    /// was set aside near a paste (whose keys may have done it: the work at the paste, kept
    /// apart, holds it then, and it is not given up).
    set_aside: Vec<(u64, bool, games::GameEnd)>,
    /// Where the file browser starts without a file, and relative paths are read from: given by
    /// the caller, as the model asks nothing of the process.
    pub cwd: PathBuf,
    quit: Option<Quit>,
    effects: Vec<Effect>,
    /// A save carried out by the runtime, waiting for its answer.
    pending_save: Option<PendingSave>,
    /// The file being read in the background, if one is: the keys wait (Esc gives it up).
    pub reading: Option<reading::Reading>,
    /// Whether the next read is the file of the command line.
    read_at_start: bool,
    /// Actions that came while a file was read, for when it is done (keys typed ahead).
    typed_ahead: Vec<Action>,
    /// A problem with the settings file, said again when the file of the command line, being
    /// read, is done: its answer must not hide the problem, nor the problem hide its answer.
    settings_problem: Option<String>,
}

impl App {
    /// The workbench on `doc`, with `cwd` the folder the file browser starts in and relative
    /// paths are read from (the process's current folder, for the terminal).
    pub fn new(doc: Document, cwd: PathBuf) -> App {
        App {
            count: LiveCount::new(&doc.board),
            doc,
            history: History::default(),
            cursor: Pos::FIRST,
            mode: Mode::Edit,
            overlay: None,
            solve_strategy: Strategy::Fast,
            step_strategy: Strategy::Naive,
            program_screen: false,
            tree: None,
            typing: Typing::Entries,
            settings: Settings::default(),
            hint: None,
            mistakes: None,
            filter: sudoku_engine::DigitSet::EMPTY,
            awaiting: None,
            input: by_hand::Input::CellFirst,
            clock: play::Clock::default(),
            rating: None,
            new_choice: new_puzzle::Choice::default(),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            message: None,
            last_solve: None,
            size: (80, 24),
            focused: true,
            keeping: Keeping::Kept,
            monochrome: false,
            paste_near: false,
            set_aside: Vec::new(),
            cwd,
            quit: None,
            effects: Vec::new(),
            pending_save: None,
            reading: None,
            read_at_start: false,
            typed_ahead: Vec::new(),
            settings_problem: None,
        }
    }

    /// Whether the user has asked to quit, and how.
    pub fn quitting(&self) -> Option<Quit> {
        self.quit
    }

    /// Whether the user has asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit.is_some()
    }

    /// Whether the board holds work not saved.
    pub fn is_modified(&self) -> bool {
        self.doc.is_modified()
    }

    /// Whether a crash would lose something: unsaved changes, or a board in no file (pasted,
    /// typed) that is not empty.
    pub fn has_unsaved_work(&self) -> bool {
        self.doc.has_unsaved_work()
    }

    /// The live count of solutions.
    pub fn count(&self) -> &Count {
        self.count.count()
    }

    /// The board on screen: the search's board in step mode, else the document's.
    pub fn shown_board(&self) -> Board {
        match &self.mode {
            Mode::Step(stepper) => stepper.board(),
            _ => self.doc.board.clone(),
        }
    }

    /// How many changes can be undone.
    pub fn undo_depth(&self) -> usize {
        self.history.undo_len()
    }

    /// Where a file made from the puzzle goes and the start of its name: beside the puzzle's
    /// file, named after it (`hard.sdk` gives `hard`), or `puzzle` in the working folder.
    /// A print (`Ctrl-p`) and a trace exported from step mode (`w`) both use it.
    pub(super) fn beside_the_puzzle(&self) -> (PathBuf, String) {
        match &self.doc.source.origin {
            Origin::File(path) | Origin::Trace(path) => {
                let dir = path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .map_or_else(|| self.cwd.clone(), |p| self.cwd.join(p));
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let stem = name.split('.').next().unwrap_or_default().to_string();
                (dir, stem)
            }
            _ => (self.cwd.clone(), "puzzle".to_string()),
        }
    }

    /// Forgets every change that could be undone: the file opened from the command line is
    /// where the session starts, not a load of it over the built-in puzzle.
    pub fn forget_history(&mut self) {
        self.history = History::default();
    }

    /// The bytes undo and redo hold.
    pub fn undo_bytes(&self) -> usize {
        self.history.bytes()
    }

    /// The effects asked for since last taken, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    fn ask(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: printable(&text.into()).into_owned(),
            is_error: false,
        });
    }

    fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: printable(&text.into()).into_owned(),
            is_error: true,
        });
    }

    /// Whether a paste came moments ago (see [`Action::PasteNear`]).
    pub fn paste_near(&self) -> bool {
        self.paste_near
    }

    /// Handles one action.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Resize(w, h) => {
                // Across 100 columns `c` does another thing: a word about it no longer holds.
                let wide = |w: u16| w >= step_mode::PROGRAM_BESIDE_WIDTH;
                if wide(w) != wide(self.size.0) && matches!(self.mode, Mode::Step(_)) {
                    self.message = None;
                }
                self.size = (w, h);
                return;
            }
            Action::Focus(focused) => {
                self.focused = focused;
                return;
            }
            Action::ForceQuit => {
                // The work on the board is kept (nothing ends), but games another document
                // replaced are given up, as no file holds them; near a paste they may have been
                // replaced by the paste's keys, and are left unsaid.
                let set_aside = |app: &mut App| app.record_set_aside();
                match (&self.keeping, self.has_unsaved_work()) {
                    (_, false) => {
                        set_aside(self);
                        self.quit = Some(Quit::Clean);
                    }
                    (Keeping::Kept, true) => {
                        set_aside(self);
                        self.quit = Some(Quit::KeepingWork);
                    }
                    // Nothing would keep the work: ask, as q does.
                    (Keeping::Failing(why, Older::None), true) => {
                        let text =
                            format!("Your unsaved work cannot be kept for the next start ({why}). Quit and lose it?");
                        self.question(text, vec![('y', "yes", Then::Quit), ('n', "no", Then::Nothing)]);
                    }
                    // The file stays: the yes loses the changes since, not the work before
                    // them (attack I: it gave the work up, and removed the file).
                    (Keeping::Failing(why, Older::Kept), true) => {
                        let text = format!(
                            "Your latest changes cannot be kept for the next start ({why}); the recovery file holds the work as it was before them. Quit and lose the changes?"
                        );
                        self.question(
                            text,
                            vec![('y', "yes", Then::QuitKeepingOlder), ('n', "no", Then::Nothing)],
                        );
                    }
                }
                return;
            }
            Action::Suspend => {
                // The time the program is stopped is not time spent solving.
                self.clock.reset();
                self.ask(Effect::Suspend);
                return;
            }
            Action::NotSuspended(why) => {
                self.complain(format!("Not suspended: {why}. Quit with q instead."));
                return;
            }
            // Answers to effects arrive whatever is on screen.
            Action::FileRead { .. }
            | Action::Listed(..)
            | Action::Previewed(..)
            | Action::Saved(_)
            | Action::RecoveryFound { .. }
            | Action::KeepFailed(..)
            | Action::KeepWorks
            | Action::Recovered(..)
            | Action::Discarded(..)
            | Action::Rated(..)
            | Action::TraceRead(..)
            | Action::ReadStarted(_)
            | Action::ReadDone(..)
            | Action::TraceExported(_)
            | Action::SettingsNotSaved(_)
            | Action::SettingsProblem(_)
            | Action::BrowseIn(_)
            | Action::SameFile(..)
            | Action::SettingsRead(_)
            | Action::Monochrome(_)
            | Action::GameRecorded(_)
            | Action::GamesRead(_)
            | Action::Printed(_)
            | Action::PasteNear(_) => return self.answer(action),
            _ => {}
        }
        if self.overlay.is_some() {
            self.update_overlay(action);
            return;
        }
        if self.reading.is_some() {
            self.update_reading(action);
            return;
        }
        self.message = None;
        if matches!(
            action,
            Action::Help | Action::Quit | Action::Paste(_) | Action::PasteIgnored(_) | Action::PasteStopped
        ) {
            // A question of the aids ("which digit?") is not carried across a screen or a load.
            self.awaiting = None;
        }
        match action {
            Action::Help => self.overlay = Some(Overlay::Help(0)),
            Action::Quit => self.ask_then(Then::Quit, "Quit without saving?"),
            Action::Paste(text) => self.paste(&text),
            Action::PasteIgnored(why) => self.complain(format!("Paste ignored: {why}")),
            Action::PasteStopped => self.complain(
                "The paste stopped before its end: waiting for the rest, which keys typed now join. \
                 Esc twice gives it up.",
            ),
            other => match self.mode {
                Mode::Edit => self.update_edit(other),
                Mode::Solving(_) => self.update_solving(other),
                Mode::Step(_) => self.update_step(other),
                Mode::Browse(_) => self.update_browse(other),
                Mode::Generating(_) => self.update_generating(other),
                Mode::Race(..) => self.update_race(other),
            },
        }
    }

    /// The answers to effects.
    fn answer(&mut self, action: Action) {
        match action {
            Action::FileRead {
                path,
                index,
                from_browser,
                result,
            } => {
                self.read_at_start = false;
                self.file_read(path, index, from_browser, result);
                self.say_settings_problem_again();
            }
            Action::Listed(dir, listed) => {
                if let Mode::Browse(browser) = &mut self.mode {
                    let want = browser.listed(&dir, listed);
                    self.browser_wants(want);
                }
            }
            Action::Previewed(path, preview) => {
                if let Mode::Browse(browser) = &mut self.mode {
                    browser.previewed(&path, preview);
                }
            }
            Action::Saved(result) => self.saved(result),
            Action::RecoveryFound { offers, older, skipped } => self.recovery_found(offers, older, &skipped),
            Action::Recovered(path, result) => self.recovered(path, result),
            Action::Discarded(why, result) => self.discarded(why, result),
            Action::TraceRead(path, result) => {
                self.read_at_start = false;
                self.trace_read(path, result);
                self.say_settings_problem_again();
            }
            Action::ReadStarted(ticket) => {
                // One read at a time: a read still under way is given up.
                if let Some(before) = self.reading.take() {
                    before.ticket.progress.cancel();
                }
                self.reading = Some(reading::Reading {
                    ticket,
                    at_start: std::mem::take(&mut self.read_at_start),
                    shown: reading::ReadSnapshot::default(),
                });
            }
            Action::ReadDone(id, answer) => self.read_done(id, *answer),
            Action::TraceExported(result) => self.trace_exported(result),
            Action::SettingsProblem(problem) => {
                let text = format!("Settings file {problem}");
                self.complain(text.clone());
                // Said again once the file of the command line, still being read, is open.
                let reading_at_start = self.read_at_start || self.reading.as_ref().is_some_and(|r| r.at_start);
                self.settings_problem = reading_at_start.then_some(text);
            }
            Action::SettingsNotSaved(why) => {
                self.complain(format!("Your settings are in use but not saved for next time: {why}"));
            }
            Action::Rated(givens, result) => {
                if let Some((asked, known)) = &mut self.rating
                    && *asked == givens
                {
                    *known = Some(result);
                }
            }
            Action::KeepFailed(why, older) => {
                self.complain(match older {
                    Older::None => format!("Your unsaved work cannot be kept in case of a crash ({why}): save it with w or W"),
                    Older::Kept => format!(
                        "Your latest changes cannot be kept in case of a crash ({why}); the recovery file holds the work before them: save it with w or W"
                    ),
                });
                self.keeping = Keeping::Failing(why, older);
            }
            Action::KeepWorks => self.keeping = Keeping::Kept,
            Action::BrowseIn(dir) => self.browse_in(dir),
            Action::SameFile(same, then) => match then {
                effect::AfterSameFile::SaveAs(prompt, path) => self.save_as_checked(&prompt, path, same),
                effect::AfterSameFile::TooBig(pending, bytes) => self.too_big_to_save_checked(*pending, bytes, same),
            },
            Action::SettingsRead(settings) => self.settings = settings,
            Action::Monochrome(monochrome) => self.monochrome = monochrome,
            Action::PasteNear(near) => self.paste_near = near,
            Action::GameRecorded(result) => self.game_recorded(result),
            Action::GamesRead(result) => self.games_read(result),
            Action::Printed(result) => self.printed(result),
            _ => {}
        }
    }

    /// Keys while a file is read: Esc gives the read up (and the keys typed ahead); help and
    /// quit work as anywhere; the others are kept for when the read is done, as a program that
    /// made them wait would have found them.
    fn update_reading(&mut self, action: Action) {
        match action {
            Action::Cancel => {
                self.typed_ahead.clear();
                if let Some(reading) = self.reading.take() {
                    reading.ticket.progress.cancel();
                    let name = reading
                        .ticket
                        .path
                        .file_name()
                        .map_or_else(|| reading.ticket.path.to_string_lossy(), |n| n.to_string_lossy())
                        .into_owned();
                    self.say(format!("Stopped reading {name}: the board is as it was"));
                }
            }
            Action::Help => self.overlay = Some(Overlay::Help(0)),
            Action::Quit => self.ask_then(Then::Quit, "Quit without saving?"),
            other if self.typed_ahead.len() < MAX_TYPED_AHEAD => self.typed_ahead.push(other),
            // More than anyone types while a file opens: said, not dropped without a word.
            _ => self.complain("Too many keys while a file is being opened: the last were not kept"),
        }
    }

    /// A read in the background is done: its answer is taken if the read is the one the
    /// screen waits for (a read given up is not).
    /// The settings problem of the start, after what the read of the command line's file said
    /// (why it did not open comes first), once that read is done.
    fn say_settings_problem_again(&mut self) {
        let Some(problem) = self.settings_problem.take() else {
            return;
        };
        match self.message.take() {
            Some(said) if said.text != problem => self.complain(format!("{}. {problem}", said.text)),
            _ => self.complain(problem),
        }
    }

    fn read_done(&mut self, id: u64, answer: Action) {
        let Some(reading) = self.reading.take_if(|r| r.ticket.id == id) else {
            return;
        };
        self.answer(answer);
        // The file of the command line is where the session starts, not a change to undo.
        if reading.at_start && self.overlay.is_none() {
            self.forget_history();
        }
        for action in std::mem::take(&mut self.typed_ahead) {
            self.update(action);
        }
    }

    fn update_overlay(&mut self, action: Action) {
        let Some(overlay) = self.overlay.take() else { return };
        // A paste over a screen that takes no text is said, never dropped without a word (it
        // was, while paused: the player thought the board pasted). Prompts, lines and the
        // save dialog take the text; the others keep showing.
        if let Action::Paste(_) = action
            && !matches!(overlay, Overlay::Prompt(_) | Overlay::Line(_))
        {
            let why = match overlay {
                Overlay::Paused => "the game is paused (P goes on), the board was not replaced",
                _ => "close this screen first (Esc), then paste",
            };
            self.complain(format!("Paste ignored: {why}"));
            self.overlay = Some(overlay);
            return;
        }
        match overlay {
            Overlay::Help(scroll) => match action {
                Action::Help | Action::Cancel | Action::Quit => {}
                Action::HelpPage => self.overlay = Some(Overlay::Words(0)),
                Action::ListMove(delta) => self.overlay = Some(Overlay::Help(scroll.saturating_add_signed(delta))),
                Action::ListTo(line) => self.overlay = Some(Overlay::Help(line)),
                _ => self.overlay = Some(Overlay::Help(scroll)),
            },
            Overlay::Words(scroll) => match action {
                Action::Help | Action::Cancel | Action::Quit => {}
                Action::HelpPage => self.overlay = Some(Overlay::Help(0)),
                Action::ListMove(delta) => self.overlay = Some(Overlay::Words(scroll.saturating_add_signed(delta))),
                Action::ListTo(line) => self.overlay = Some(Overlay::Words(line)),
                _ => self.overlay = Some(Overlay::Words(scroll)),
            },
            Overlay::Question(question) => match action {
                Action::Answer(key) => match question.answers.iter().find(|a| a.key == key) {
                    Some(answer) => self.carry_out(answer.then.clone()),
                    None => self.overlay = Some(Overlay::Question(question)),
                },
                Action::Cancel => self.say("Cancelled"),
                _ => self.overlay = Some(Overlay::Question(question)),
            },
            Overlay::Prompt(prompt) => self.update_prompt(prompt, action),
            Overlay::Line(line) => self.update_line(line, action),
            Overlay::Recovery(offer) => self.update_recovery(offer, action),
            Overlay::NewPuzzle(choice) => {
                self.update_new_puzzle(choice, action);
                if let Some(Overlay::NewPuzzle(choice)) = &self.overlay {
                    self.new_choice = *choice;
                }
            }
            Overlay::Stats(view) => self.update_stats(view, action),
            Overlay::Paused => self.update_paused(action),
            Overlay::Solved => match action {
                Action::Cancel | Action::Confirm => {}
                Action::Quit => self.update(Action::Quit),
                _ => self.overlay = Some(Overlay::Solved),
            },
        }
    }

    /// Asks `question` with its answers.
    fn question(&mut self, text: impl Into<String>, answers: Vec<(char, &str, Then)>) {
        self.overlay = Some(Overlay::Question(Question {
            text: text.into(),
            answers: answers
                .into_iter()
                .map(|(key, label, then)| Answer {
                    key,
                    label: label.into(),
                    then,
                })
                .collect(),
        }));
    }

    /// Does `then` now, or asks first when it would throw away unsaved work.
    fn ask_then(&mut self, then: Then, question: &str) {
        // Unsaved work, a pasted or typed board in no file included.
        if self.has_unsaved_work() {
            self.question(
                format!("You have unsaved changes. {question}"),
                vec![('y', "yes", then), ('n', "no", Then::Nothing)],
            );
        } else {
            self.carry_out(then);
        }
    }

    fn carry_out(&mut self, then: Then) {
        // A quit near a paste keeps the work for the next start, unless it cannot be kept.
        let quit_losing_work = matches!(then, Then::Quit | Then::QuitKeepingOlder)
            && matches!(self.keeping, Keeping::Failing(..))
            && self.has_unsaved_work();
        if self.paste_near && (matches!(then, Then::DiscardRecovery(_) | Then::SaveOver(..)) || quit_losing_work) {
            // Pasted text typed as keys (a slow link cut a paste where nothing tells it from
            // typing) can do anything undo takes back; these it could not, so they wait.
            self.complain("Not done: a paste came under 30 s ago and may have typed this answer. Ask again later.");
            return;
        }
        match then {
            Then::Quit => {
                // Near a paste the work is kept for the next start (the paste may have typed
                // the quit), as Ctrl-C keeps it: the game goes on then, so it is not given up
                // now (it was, and again when the work kept was left: twice).
                if self.paste_near {
                    self.record_set_aside();
                } else {
                    self.leave_game();
                }
                self.quit = Some(Quit::Clean);
            }
            Then::QuitKeepingOlder => {
                // As Ctrl-C ends with the work kept: the game goes on at the next start.
                self.record_set_aside();
                self.quit = Some(Quit::KeepingWork);
            }
            Then::Load(doc) => self.replace_document(*doc),
            Then::ClearEntries => {
                let givens = self.doc.board.givens_only();
                self.change_board(givens);
                self.say("Entries cleared: the givens are left (u undoes)");
            }
            Then::ClearAll => {
                self.replace_document(Document::new_empty());
                self.typing = Typing::Givens;
                self.say("Empty board: type the givens (puzzle-edit mode is on; p turns it off)");
            }
            Then::SolveFromGivens => {
                // The player's entries go to the solver: the game is given up.
                self.end_game(games::Outcome::GaveUp);
                let givens = self.doc.board.givens_only();
                self.change_board(givens);
                self.start_solve();
            }
            Then::SaveOver(request, pending) => {
                self.pending_save = Some(pending);
                self.ask(Effect::Save(*request));
            }
            Then::SaveAs => self.ask_save_path(),
            Then::SaveAsWithoutLines => self.ask_save_path_without_lines(),
            // Said once the runtime answers: the file may not go (a read-only disk).
            Then::DiscardRecovery(path) => self.ask(Effect::Discard(path, effect::Discard::GivenUp)),
            Then::NewPuzzle => self.overlay = Some(Overlay::NewPuzzle(self.new_choice)),
            Then::Replay(doc, trace) => self.replay(*doc, *trace),
            Then::Nothing => self.say("Cancelled"),
        }
    }

    // --- the document ---

    /// Puts `board` in the document as one undoable change.
    fn change_board(&mut self, board: Board) {
        self.change_sheet(board, self.doc.marks);
    }

    /// Puts `board` and `marks` in the document as one undoable change.
    fn change_sheet(&mut self, board: Board, marks: Marks) {
        if board != self.doc.board || marks != self.doc.marks {
            let before = (
                std::mem::replace(&mut self.doc.board, board),
                std::mem::replace(&mut self.doc.marks, marks),
            );
            let board_changed = before.0 != self.doc.board;
            self.history.record(Change::Edit(before.0, before.1));
            self.sheet_changed();
            if board_changed {
                self.board_changed();
            }
        }
    }

    fn board_changed(&mut self) {
        self.count = LiveCount::new(&self.doc.board);
        self.rate_if_shown();
    }

    /// Once the player's settings are read at start: what they ask for now (the rating of the
    /// puzzle on screen).
    pub fn settings_loaded(&mut self) {
        self.rate_if_shown();
    }

    /// Asks for the rating of the puzzle's givens, if the panel shows it and it is not known
    /// or under way.
    fn rate_if_shown(&mut self) {
        if !self.settings.show_rating {
            return;
        }
        let givens = self.doc.board.givens_only();
        if self.rating.as_ref().is_none_or(|(asked, _)| *asked != givens) {
            self.rating = Some((givens.clone(), None));
            self.ask(Effect::Rate(givens));
        }
    }

    /// A hint or a check's findings are about the board and marks they were given on.
    fn sheet_changed(&mut self) {
        if let Some(hint) = self.hint.take() {
            self.hint_ended(&hint);
        }
        self.mistakes = None;
    }

    /// Replaces the document, undoably.
    fn replace_document(&mut self, doc: Document) {
        self.set_game_aside();
        let before = std::mem::replace(&mut self.doc, doc);
        self.history.record(Change::Load(Box::new(before)));
        self.sheet_changed();
        self.clock.reset();
        self.mode = Mode::Edit;
        self.typing = Typing::Entries;
        // A new board, a fresh start: digits go in the cursor's cell again.
        self.input = by_hand::Input::CellFirst;
        self.awaiting = None;
        self.last_solve = None;
        self.board_changed();
        let name = self.doc.name();
        self.say(format!("Opened {name}"));
    }

    // --- time ---

    /// Moves background work on: an instant solve, a run in step mode, the live count of
    /// solutions. Returns whether the screen needs redrawing.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = false;
        match &mut self.mode {
            Mode::Solving(job) => {
                if let Some(result) = job.work(WORK_SLICE)
                    && let Mode::Solving(job) = std::mem::replace(&mut self.mode, Mode::Edit)
                {
                    self.finish_solve(&job, result);
                }
                changed = true;
            }
            Mode::Step(stepper) => changed |= stepper.tick(now, WORK_SLICE),
            Mode::Race(race, _) => changed |= race.tick(now, WORK_SLICE),
            Mode::Generating(_) => {
                self.work_generating();
                changed = true;
            }
            _ => {}
        }
        if let Some(reading) = &mut self.reading {
            changed |= reading.moved();
        }
        if let Mode::Browse(browser) = &mut self.mode {
            changed |= browser.listing_moved();
        }
        let shown = self.doc.play.elapsed.as_secs();
        let was_running = self.clock.is_running();
        let running = self.clock_runs();
        self.clock.tick(now, running, &mut self.doc.play);
        changed |= self.doc.play.elapsed.as_secs() != shown || was_running != running;
        if self.count.is_busy() {
            changed |= self.count.work(COUNT_SLICE);
        }
        changed
    }

    /// How long the event loop may wait for input before calling [`App::tick`]: `None` when
    /// there is nothing to do but wait.
    pub fn wake_after(&self) -> Option<Duration> {
        let mode = match &self.mode {
            Mode::Solving(_) | Mode::Generating(_) => Some(Duration::ZERO),
            Mode::Step(stepper) => stepper.wake_after(),
            Mode::Race(race, _) => race.wake_after(),
            _ => None,
        };
        let count = self.count.is_busy().then_some(Duration::ZERO);
        // A read's progress, or a directory's listing, a few times a second.
        let listing = matches!(&self.mode, Mode::Browse(b) if b.pending.is_some());
        let reading = (self.reading.is_some() || listing).then_some(READ_PROGRESS_EVERY);
        // The clock: at once when it starts or stops, then at each second it shows.
        let clock = match (self.clock.is_running(), self.clock_runs()) {
            (false, false) => None,
            (true, true) => {
                Some(Duration::from_secs(1) - Duration::from_nanos(self.doc.play.elapsed.subsec_nanos().into()))
            }
            _ => Some(Duration::ZERO),
        };
        [mode, count, clock, reading].into_iter().flatten().min()
    }

    /// Whether the game's clock runs: while the player solves by hand, not in step mode, a
    /// dialog, the file browser, puzzle editing, or once the board is full; nor while the
    /// terminal is too small to show the board or has lost the focus.
    pub fn clock_runs(&self) -> bool {
        // Nor while the player is elsewhere or the board is not on screen.
        let shown = self.size.0 >= MIN_SIZE.0 && self.size.1 >= MIN_SIZE.1;
        self.focused
            && shown
            && matches!(self.mode, Mode::Edit)
            && self.overlay.is_none()
            && self.reading.is_none()
            && self.typing != Typing::Givens
            && !self.doc.board.is_solved()
            && self.doc.board.givens_only() != Board::empty()
    }

    /// The game's record: time, hints and checks.
    pub fn play(&self) -> play::Play {
        self.doc.play
    }

    /// Runs background work to its end (for tests and headless use).
    pub fn settle(&mut self) {
        while self.wake_after() == Some(Duration::ZERO) {
            self.tick(Instant::now());
        }
    }
}

/// The cell one step away in `direction`, wrapping around the edges.
pub fn moved(p: Pos, direction: Direction) -> Pos {
    let (r, c) = (p.row(), p.col());
    let (r, c) = match direction {
        Direction::Up => ((r + 8) % 9, c),
        Direction::Down => ((r + 1) % 9, c),
        Direction::Left => (r, (c + 8) % 9),
        Direction::Right => (r, (c + 1) % 9),
    };
    Pos::at(r, c).unwrap_or(p)
}
