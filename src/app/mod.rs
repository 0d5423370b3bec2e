//! The model of the workbench: the document being edited, the mode the user is in, and
//! [`App::update`], the only place where state changes. Nothing here knows about terminals;
//! tests drive it with [`Action`]s and [`App::tick`].

pub mod action;
pub mod browser;
pub mod builtin;
pub mod document;
pub mod history;
pub mod jobs;
pub mod keymap;
pub mod recovery;
pub mod stepper;

pub use action::{Action, Direction};
pub use document::{Document, Origin};

use crate::printable::printable;
use crate::sudoku::{Board, Cell, Counters, Format, Pos, Strategy, parse_document};
use crate::ui::panel::grouped;
use browser::{Browser, Opened};
use document::{SavedState, read_file, render, write_atomically};
use history::History;
use jobs::{SolveJob, SolveResult, Status, StatusCheck};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use stepper::Stepper;

/// Real time a tick may spend on the search (step mode or an instant solve): well under a
/// frame, so that keys are read and the screen redrawn at least every 16 ms or so.
pub const WORK_SLICE: Duration = Duration::from_millis(8);

/// Real time a tick may spend on the live count of solutions.
const STATUS_SLICE: Duration = Duration::from_millis(4);

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
}

/// Something over the screen that takes the keys until it is closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The list of keys.
    Help,
    /// A yes/no question.
    Confirm(Confirm),
    /// A line of text to type.
    Prompt(Prompt),
}

/// A yes/no question and what a yes does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm {
    /// The question.
    pub question: String,
    /// What happens on yes.
    pub on_yes: Pending,
}

/// An action waiting for a yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Quit.
    Quit,
    /// Replace the document.
    Load(Box<Document>),
    /// Remove the entries.
    ClearEntries,
    /// Empty the board.
    ClearAll,
    /// Solve from the givens alone.
    SolveFromGivens,
    /// Reopen the board a crash left in the recovery file.
    Recover(Box<Document>),
}

/// A line of text being typed, for saving under a new name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// What is asked.
    pub label: String,
    /// The text so far.
    pub input: String,
}

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
}

/// The whole state of the workbench.
pub struct App {
    /// The board and where it came from.
    pub doc: Document,
    history: History,
    /// What is on disk (or was loaded); unsaved work is a difference from it.
    clean: SavedState,
    /// The selected cell.
    pub cursor: Pos,
    /// What the user is doing.
    pub mode: Mode,
    /// What is over the screen, if anything.
    pub overlay: Option<Overlay>,
    /// The strategy for solving and stepping.
    pub strategy: Strategy,
    /// Whether typed digits are givens (typing in a puzzle).
    pub puzzle_edit: bool,
    status: StatusCheck,
    /// The note about the last action.
    pub message: Option<Message>,
    /// The last instant solve.
    pub last_solve: Option<SolveReport>,
    /// The terminal size.
    pub size: (u16, u16),
    /// Whether to draw without colour (`NO_COLOR`).
    pub monochrome: bool,
    /// Where the file browser and save prompt start.
    pub cwd: PathBuf,
    quit: bool,
}

impl App {
    /// The workbench on `doc`.
    pub fn new(doc: Document) -> App {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        App {
            clean: doc.saved_state(),
            status: StatusCheck::new(&doc.board),
            doc,
            history: History::default(),
            cursor: Pos::new(0).expect("cell 0"),
            mode: Mode::Edit,
            overlay: None,
            strategy: Strategy::Naive,
            puzzle_edit: false,
            message: None,
            last_solve: None,
            size: (80, 24),
            monochrome: false,
            cwd,
            quit: false,
        }
    }

    /// Whether the user has asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the board holds work not saved (givens, entries or metadata differ from disk).
    pub fn is_modified(&self) -> bool {
        self.doc.saved_state() != self.clean
    }

    /// The live solution status.
    pub fn status(&self) -> &Status {
        self.status.status()
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

    /// Handles one action.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Resize(w, h) => {
                self.size = (w, h);
                return;
            }
            Action::ForceQuit => {
                self.quit = true;
                return;
            }
            _ => {}
        }
        if self.overlay.is_some() {
            self.update_overlay(action);
            return;
        }
        self.message = None;
        match action {
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Quit => self.ask_then(Pending::Quit, "Quit without saving?"),
            Action::Paste(text) => self.paste(&text),
            other => match self.mode {
                Mode::Edit => self.update_edit(other),
                Mode::Solving(_) => self.update_solving(other),
                Mode::Step(_) => self.update_step(other),
                Mode::Browse(_) => self.update_browse(other),
            },
        }
    }

    fn update_overlay(&mut self, action: Action) {
        let Some(overlay) = self.overlay.take() else { return };
        match overlay {
            Overlay::Help => {
                if !matches!(action, Action::Help | Action::Cancel | Action::Confirm | Action::Quit) {
                    self.overlay = Some(Overlay::Help);
                }
            }
            Overlay::Confirm(confirm) => match action {
                Action::Confirm => self.carry_out(confirm.on_yes),
                Action::Cancel if matches!(confirm.on_yes, Pending::Recover(_)) => {
                    recovery::discard();
                    self.say("The recovered board was discarded");
                }
                Action::Cancel => self.say("Cancelled"),
                _ => self.overlay = Some(Overlay::Confirm(confirm)),
            },
            Overlay::Prompt(mut prompt) => match action {
                Action::Input(c) => {
                    prompt.input.push(c);
                    self.overlay = Some(Overlay::Prompt(prompt));
                }
                Action::Paste(text) => {
                    prompt.input.extend(text.chars().filter(|c| !c.is_control()));
                    self.overlay = Some(Overlay::Prompt(prompt));
                }
                Action::InputBackspace => {
                    prompt.input.pop();
                    self.overlay = Some(Overlay::Prompt(prompt));
                }
                Action::Confirm if prompt.input.trim().is_empty() => self.overlay = Some(Overlay::Prompt(prompt)),
                Action::Confirm => {
                    let path = self.cwd.join(prompt.input.trim());
                    self.save_to(&path);
                }
                Action::Cancel => self.say("Not saved"),
                _ => self.overlay = Some(Overlay::Prompt(prompt)),
            },
        }
    }

    /// Does `pending` now, or asks first when it would throw away unsaved work.
    fn ask_then(&mut self, pending: Pending, question: &str) {
        if self.is_modified() {
            let question = format!("You have unsaved changes. {question}");
            self.overlay = Some(Overlay::Confirm(Confirm {
                question,
                on_yes: pending,
            }));
        } else {
            self.carry_out(pending);
        }
    }

    fn carry_out(&mut self, pending: Pending) {
        match pending {
            Pending::Quit => self.quit = true,
            Pending::Load(doc) => self.replace_document(*doc),
            Pending::Recover(doc) => {
                self.replace_document(*doc);
                // Still unsaved work: quitting or loading over it asks first.
                self.clean = Document::new_empty().saved_state();
                recovery::discard();
                self.say("Recovered the board from the last session: w saves it");
            }
            Pending::ClearEntries => {
                let givens = self.doc.board.givens_only();
                self.change_board(givens);
                self.say("Entries cleared: the givens are left (u undoes)");
            }
            Pending::ClearAll => {
                self.record();
                self.doc = Document::new_empty();
                self.clean = self.doc.saved_state();
                self.puzzle_edit = true;
                self.board_changed();
                self.say("Empty board: type the givens (puzzle-edit mode is on; p turns it off)");
            }
            Pending::SolveFromGivens => {
                let givens = self.doc.board.givens_only();
                self.change_board(givens);
                self.start_solve();
            }
        }
    }

    // --- the document ---

    fn record(&mut self) {
        self.history.record(self.doc.clone());
    }

    /// Puts `board` in the document as one undoable change.
    fn change_board(&mut self, board: Board) {
        if board != self.doc.board {
            self.record();
            self.doc.board = board;
            self.board_changed();
        }
    }

    fn board_changed(&mut self) {
        self.status = StatusCheck::new(&self.doc.board);
    }

    /// Loads `doc`, asking first if that would lose unsaved work.
    fn load(&mut self, doc: Document) {
        let question = format!("Open {} anyway?", doc.name());
        self.ask_then(Pending::Load(Box::new(doc)), &question);
    }

    fn replace_document(&mut self, doc: Document) {
        self.record();
        self.doc = doc;
        self.clean = self.doc.saved_state();
        self.mode = Mode::Edit;
        self.puzzle_edit = false;
        self.last_solve = None;
        self.board_changed();
        let name = self.doc.name();
        self.say(format!("Opened {name}"));
    }

    /// Offers to reopen the board a crash left behind (`text`, the recovery file's contents);
    /// a file that does not read as a puzzle is dropped with a message.
    pub fn offer_recovery(&mut self, text: &str) {
        match parse_document(text.as_bytes(), Some(Format::Sdk)) {
            Ok(parsed) => {
                let doc = Document::from_parsed(parsed, Origin::Recovered, 0);
                self.overlay = Some(Overlay::Confirm(Confirm {
                    question: "The workbench stopped unexpectedly last time and kept your board. Reopen it?".into(),
                    on_yes: Pending::Recover(Box::new(doc)),
                }));
            }
            Err(e) => {
                recovery::discard();
                self.complain(format!("The recovery file was unreadable and is removed: {e}"));
            }
        }
    }

    /// Loads the puzzle (or collection) in the file at `path`; on error the board stays and the
    /// message says why.
    pub fn open_path(&mut self, path: &Path, index: usize) {
        match read_file(path) {
            Ok(parsed) => self.replace_document(Document::from_parsed(parsed, Origin::File(path.to_path_buf()), index)),
            Err(e) => self.complain(format!("Cannot open {}: {e}", path.display())),
        }
    }

    fn paste(&mut self, text: &str) {
        match parse_document(text.as_bytes(), None) {
            Ok(parsed) => {
                self.mode = Mode::Edit;
                self.load(Document::from_parsed(parsed, Origin::Pasted, 0));
            }
            Err(e) => self.complain(format!("The pasted text is not a puzzle: {e}")),
        }
    }

    fn save_to(&mut self, path: &Path) {
        let mut doc = self.doc.clone();
        if doc.origin != Origin::File(path.to_path_buf()) {
            // A new file: its extension picks the format; a single puzzle is written.
            if let Some(format) = path
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
            {
                doc.format = format;
            } else if path.extension().is_some_and(|e| e == "txt") && doc.collection.is_some() {
                doc.format = Format::Line;
            }
            doc.collection = None;
        }
        let result = render(&doc, path).and_then(|bytes| write_atomically(path, &bytes));
        match result {
            Ok(()) => {
                doc.origin = Origin::File(path.to_path_buf());
                self.doc.origin = doc.origin.clone();
                self.doc.format = doc.format;
                self.doc.collection = doc.collection;
                self.clean = self.doc.saved_state();
                self.say(format!(
                    "Saved to {} ({})",
                    path.display(),
                    self.doc.format.description()
                ));
            }
            Err(e) => self.complain(format!(
                "Could not save to {}: {} (nothing was changed on disk)",
                path.display(),
                crate::cli::describe_io_error(&e)
            )),
        }
    }

    fn ask_save_path(&mut self) {
        let suggestion = match &self.doc.origin {
            Origin::File(path) => path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            _ => "puzzle.sdk".into(),
        };
        self.overlay = Some(Overlay::Prompt(Prompt {
            label: format!(
                "Save as (in {}; .sdk .ss .txt .sdm pick the format):",
                self.cwd.display()
            ),
            input: suggestion,
        }));
    }

    // --- editing ---

    fn update_edit(&mut self, action: Action) {
        match action {
            Action::Move(direction) => self.cursor = moved(self.cursor, direction),
            Action::Select(pos) => self.cursor = pos,
            Action::Digit(d) => {
                if self.puzzle_edit {
                    self.set_cell(Cell::Given(d));
                    self.advance_cursor();
                } else if self.doc.board.cell(self.cursor).is_given() {
                    self.refuse_given();
                } else {
                    self.set_cell(Cell::Entry(d));
                }
            }
            Action::ClearCell => {
                if self.puzzle_edit {
                    self.set_cell(Cell::Empty);
                    self.advance_cursor();
                } else if self.doc.board.cell(self.cursor).is_given() {
                    self.refuse_given();
                } else {
                    self.set_cell(Cell::Empty);
                }
            }
            Action::TogglePuzzleEdit => {
                self.puzzle_edit = !self.puzzle_edit;
                self.say(if self.puzzle_edit {
                    "Puzzle-edit mode: digits you type are givens; the cursor moves on after each"
                } else {
                    "Solving mode: digits you type are entries; givens are protected"
                });
            }
            Action::KeepEntriesAsGivens => {
                let board = self.doc.board.with_all_as_givens();
                if board == self.doc.board {
                    self.say("No entries to keep");
                } else {
                    self.change_board(board);
                    self.say("Your entries are now givens");
                }
            }
            Action::ClearEntries => self.ask_then(Pending::ClearEntries, "Clear the entries?"),
            Action::ClearAll => self.ask_then(Pending::ClearAll, "Empty the board?"),
            Action::Undo => match self.history.undo(&self.doc) {
                Some(doc) => {
                    self.doc = doc;
                    self.board_changed();
                    self.say("Undone (Ctrl-r redoes)");
                }
                None => self.say("Nothing to undo"),
            },
            Action::Redo => match self.history.redo(&self.doc) {
                Some(doc) => {
                    self.doc = doc;
                    self.board_changed();
                    self.say("Redone");
                }
                None => self.say("Nothing to redo"),
            },
            Action::Open => {
                let dir = match &self.doc.origin {
                    Origin::File(path) => path.parent().map(Path::to_path_buf).unwrap_or_else(|| self.cwd.clone()),
                    _ => self.cwd.clone(),
                };
                let dir = if dir.as_os_str().is_empty() {
                    self.cwd.clone()
                } else {
                    dir
                };
                self.mode = Mode::Browse(Box::new(Browser::new(&dir)));
            }
            Action::Save => match self.doc.origin.clone() {
                Origin::File(path) => self.save_to(&path),
                _ => self.ask_save_path(),
            },
            Action::SaveAs => self.ask_save_path(),
            Action::PreviousPuzzle | Action::NextPuzzle => self.go_to_sibling(action == Action::NextPuzzle),
            Action::Solve => self.start_solve(),
            Action::CycleStrategy => {
                self.strategy = self.strategy.next();
                self.say(format!("Strategy: {}", self.strategy));
            }
            Action::StepForward => match Stepper::new(&self.doc.board, self.strategy) {
                Ok(mut stepper) => {
                    stepper.forward();
                    self.mode = Mode::Step(Box::new(stepper));
                }
                Err(conflict) => self.complain(format!("No solution: {conflict}")),
            },
            _ => {}
        }
    }

    fn refuse_given(&mut self) {
        self.complain(format!(
            "{} is a given; press p to edit the puzzle's givens",
            self.cursor
        ));
    }

    /// In puzzle-edit mode the cursor moves on after each cell, row by row, so that a puzzle
    /// from a newspaper is typed as 81 keys (`0` or `.` for a blank).
    fn advance_cursor(&mut self) {
        self.cursor = Pos::new((self.cursor.index() + 1) % 81).expect("below 81");
    }

    fn set_cell(&mut self, cell: Cell) {
        let mut board = self.doc.board.clone();
        board.set(self.cursor, cell);
        self.change_board(board);
    }

    fn go_to_sibling(&mut self, next: bool) {
        let Some(place) = &self.doc.collection else {
            self.say("Not a collection: [ and ] move between the puzzles of a collection");
            return;
        };
        let index = if next {
            place.index + 1
        } else {
            place.index.wrapping_sub(1)
        };
        match self.doc.sibling(index) {
            Some(doc) => self.load(doc),
            None => self.say(if next {
                "This is the last puzzle"
            } else {
                "This is the first puzzle"
            }),
        }
    }

    fn start_solve(&mut self) {
        match SolveJob::new(&self.doc.board, self.strategy) {
            Ok(job) => self.mode = Mode::Solving(Box::new(job)),
            Err(conflict) => self.complain(format!("No solution: {conflict}")),
        }
    }

    fn update_solving(&mut self, action: Action) {
        if let (Action::Cancel, Mode::Solving(job)) = (&action, &self.mode) {
            let placements = job.counters().placements;
            self.mode = Mode::Edit;
            self.say(format!(
                "Solving cancelled after {} placements; the board is as it was",
                grouped(placements)
            ));
        }
    }

    fn finish_solve(&mut self, job: &SolveJob, result: SolveResult) {
        let counters = job.counters();
        let elapsed = job.worked();
        self.mode = Mode::Edit;
        self.last_solve = Some(SolveReport {
            strategy: self.strategy,
            counters,
            elapsed,
            solved: matches!(result, SolveResult::Solved(_)),
        });
        match result {
            SolveResult::Solved(board) => {
                self.change_board(board);
                self.say(format!(
                    "Solved with {}: {} placements, {} backtracks in {} (u undoes)",
                    self.strategy,
                    grouped(counters.placements),
                    grouped(counters.backtracks),
                    format_duration(elapsed)
                ));
            }
            SolveResult::NoSolution => {
                self.complain(format!(
                    "No solution ({} placements tried)",
                    grouped(counters.placements)
                ));
            }
            SolveResult::EntriesRuleItOut => {
                self.overlay = Some(Overlay::Confirm(Confirm {
                    question: "No solution with your entries, but the givens alone have one. \
                               Clear the entries and solve from the givens?"
                        .into(),
                    on_yes: Pending::SolveFromGivens,
                }));
            }
        }
    }

    // --- step mode ---

    fn update_step(&mut self, action: Action) {
        let Mode::Step(stepper) = &mut self.mode else { return };
        match action {
            Action::StepForward => {
                let stepped = stepper.forward().is_some();
                if !stepped {
                    self.say("The search is over; b steps back, Esc leaves");
                }
            }
            Action::StepBack => {
                let stepped = stepper.back();
                if !stepped {
                    self.say("This is the start of the search");
                }
            }
            Action::ToggleRun => stepper.toggle_run(),
            Action::Faster => stepper.faster(),
            Action::Slower => stepper.slower(),
            Action::RunToEnd | Action::Solve => stepper.run_to_end(),
            Action::CycleStrategy => {
                self.strategy = self.strategy.next();
                let start = stepper.start().clone();
                if let Ok(mut fresh) = Stepper::new(&start, self.strategy) {
                    fresh.forward();
                    **stepper = fresh;
                }
                self.say(format!("Strategy: {} (the search starts again)", self.strategy));
            }
            Action::KeepStepBoard => {
                let board = stepper.board();
                self.mode = Mode::Edit;
                self.change_board(board);
                self.say("Kept the search's board (u undoes)");
            }
            Action::Cancel => {
                self.mode = Mode::Edit;
                self.say("Left step mode; the board is as it was");
            }
            _ => {}
        }
    }

    // --- file browser ---

    fn update_browse(&mut self, action: Action) {
        let Mode::Browse(browser) = &mut self.mode else { return };
        match action {
            Action::ListMove(Direction::Up) => browser.move_by(-1),
            Action::ListMove(Direction::Down) => browser.move_by(1),
            Action::ListPage(Direction::Up) => browser.move_by(-10),
            Action::ListPage(Direction::Down) => browser.move_by(10),
            Action::ListOpen => match browser.open() {
                Opened::Stay => {}
                Opened::Load(doc) => {
                    self.mode = Mode::Edit;
                    self.load(*doc);
                }
                Opened::Failed(reason) => self.complain(format!("Cannot open {reason}")),
            },
            Action::ListBack => browser.back(),
            Action::Cancel | Action::Open => self.mode = Mode::Edit,
            _ => {}
        }
    }

    // --- time ---

    /// Moves background work on: an instant solve, a run in step mode, the live count of
    /// solutions. Returns whether the screen needs redrawing.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = false;
        match &mut self.mode {
            Mode::Solving(job) => {
                if let Some(result) = job.work(WORK_SLICE) {
                    if let Mode::Solving(job) = std::mem::replace(&mut self.mode, Mode::Edit) {
                        self.finish_solve(&job, result);
                    }
                }
                changed = true;
            }
            Mode::Step(stepper) => changed |= stepper.tick(now, WORK_SLICE),
            _ => {}
        }
        if self.status.is_busy() {
            changed |= self.status.work(STATUS_SLICE);
        }
        changed
    }

    /// How long the event loop may wait for input before calling [`App::tick`]: `None` when
    /// there is nothing to do but wait.
    pub fn wake_after(&self) -> Option<Duration> {
        let mode = match &self.mode {
            Mode::Solving(_) => Some(Duration::ZERO),
            Mode::Step(stepper) => stepper.wake_after(),
            _ => None,
        };
        let status = self.status.is_busy().then_some(Duration::ZERO);
        match (mode, status) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
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
    Pos::at(r, c).expect("row and column stay below 9")
}

/// A duration for people: `850 µs`, `12.3 ms`, `1.53 s`, `2 min 05 s`.
pub fn format_duration(d: Duration) -> String {
    let us = d.as_micros();
    if us < 1000 {
        format!("{us} µs")
    } else if us < 1_000_000 {
        format!("{:.1} ms", us as f64 / 1000.0)
    } else if us < 60_000_000 {
        format!("{:.2} s", d.as_secs_f64())
    } else {
        format!("{} min {:02} s", d.as_secs() / 60, d.as_secs() % 60)
    }
}
