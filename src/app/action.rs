//! Everything that can change the model, as messages for [`super::App::update`]: what the user
//! asks (the keymap turns terminal events into these; tests send them directly), and the answers
//! to the effects the model asked for (a file read, a save done, a directory listed).

use super::Older;
use super::browser::{Entry, Preview};
use super::effect::{AfterSameFile, Discard, Fingerprint, Offer, Reopened, SaveFailure, Saved, TraceFile};
use super::settings::Settings;
use std::path::PathBuf;
use sudoku_engine::{Colour, Digit, Parsed, Pos};

/// A direction to move the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up a row.
    Up,
    /// Down a row.
    Down,
    /// Left a column.
    Left,
    /// Right a column.
    Right,
}

/// One request to the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    // --- editing ---
    /// Move the cursor one cell (wrapping at the edges).
    Move(Direction),
    /// Put the cursor on a cell (a mouse click).
    Select(Pos),
    /// Write a digit in the cursor cell: an entry, or a given in puzzle-edit mode.
    Digit(Digit),
    /// Empty the cursor cell.
    ClearCell,
    /// Toggle puzzle-edit mode, where typed digits become givens.
    TogglePuzzleEdit,
    /// Toggle notes mode, where typed digits add or remove pencil marks.
    ToggleNotes,
    /// Mark every empty cell with the digits its row, column and box leave possible.
    FillMarks,
    /// Remove every pencil mark.
    ClearMarks,
    /// Show the user's marks or the computed candidates.
    CycleMarksView,
    /// Turn on or off the removal of a written digit from the marks of its peers.
    ToggleRemoveMarks,
    /// A hint: where to look, then why, then do it.
    Hint,
    /// Compare the entries and marks with the solution.
    Check,
    /// Show or hide the live count of solutions.
    ToggleSolutionsLine,
    /// Show or hide the puzzle's rating.
    ToggleRating,
    /// Open the new-puzzle dialog.
    NewPuzzle,
    /// Show the statistics of the games played.
    ShowStats,
    /// Change the chosen value of a dialog by this many steps (negative: back).
    Adjust(i8),
    /// Make every entry (and solver digit) a given.
    KeepEntriesAsGivens,
    /// Remove entries and solver digits, keeping the givens.
    ClearEntries,
    /// Empty the whole board, to type a new puzzle.
    ClearAll,
    /// Take back the last change.
    Undo,
    /// Redo the last change taken back.
    Redo,

    // --- aids to solving by hand ---
    /// Ask for the digit of the filter (where it can go, where it stands).
    Filter,
    /// Ask for the digit of digit-first input, or end it.
    DigitFirst,
    /// Ask for the cursor cell's colour.
    ColourCell,
    /// Ask for the colour of a candidate of the cursor cell (of the filter's digit, if it has
    /// one).
    ColourCandidate,
    /// A colour chosen.
    Colour(Colour),
    /// Take every colour off.
    ClearColours,
    /// Digit first: put the digit in the cursor cell (or toggle its mark).
    Place,
    /// Digit first: put the digit in this cell (a click).
    PlaceAt(Pos),
    /// Pause the game (hide the board, stop the clock), or go on.
    Pause,

    // --- files ---
    /// Open the file browser.
    Open,
    /// Save to the file the puzzle came from, or ask for a path.
    Save,
    /// Ask for a path and save there.
    SaveAs,
    /// Write the puzzle as a PDF to print.
    Print,
    /// The previous puzzle of the loaded collection.
    PreviousPuzzle,
    /// The next puzzle of the loaded collection.
    NextPuzzle,
    /// Text pasted into the terminal.
    Paste(String),
    /// A paste that did not arrive whole (given up before its end, keys smuggled after it,
    /// too long), with why.
    PasteIgnored(String),
    /// A paste stopped before its end: what comes is still its text, until its end or Esc
    /// pressed twice.
    PasteStopped,

    // --- solving ---
    /// Solve at once with the solving strategy.
    Solve,
    /// Use the next strategy (for solving when editing, for the search in step mode).
    CycleStrategy,
    /// Enter step mode, or take one step in it.
    StepForward,
    /// One step back in step mode.
    StepBack,
    /// Run or pause the search in step mode.
    ToggleRun,
    /// Run faster.
    Faster,
    /// Run slower.
    Slower,
    /// Run the search to its next solution or its end.
    RunToEnd,
    /// Run the search to the next guess it takes back.
    RunToBacktrack,
    /// Go back to the last guess taken back.
    BackToBacktrack,
    /// Leave step mode keeping the board the search reached.
    KeepStepBoard,
    /// Show or hide the program and the call stack beside the board (below 100 columns: switch
    /// between the board and the program's screen).
    ToggleProgram,
    /// Write the program in the other form (C++-like, Python-like).
    CycleLanguage,
    /// Ask for a step to go to.
    AskStep,
    /// Go back to the first guess of the current decision (again: of the one below it).
    ToDecisionStart,
    /// Ask where runs should stop: a cell getting a digit, a depth.
    AskBreakpoint,
    /// Write the search so far as a trace file.
    ExportTrace,
    /// Race every strategy on the board.
    Race,
    /// Show or hide step mode's tree of guesses.
    ToggleTree,
    /// In the tree: open the node selected, or go to its first child if it is open.
    TreeIn,
    /// In the tree: shut the node selected, or go to its parent if it is shut.
    TreeOut,
    /// In the tree: take the search to the step of the guess selected.
    TreeGo,
    /// In the tree: select the guess the search is on, and follow it as it moves.
    TreeFollow,

    // --- lists (file browser, help) ---
    /// Move the selection by this many lines (negative: up).
    ListMove(isize),
    /// Select this line (`usize::MAX`: the last).
    ListTo(usize),
    /// Open the selected entry.
    ListOpen,
    /// Go to the parent directory, or back from a collection.
    ListBack,
    /// A digit typed in a list: a puzzle number to jump to.
    ListDigit(char),

    // --- text input and questions ---
    /// A character typed into a prompt.
    Input(char),
    /// Delete the character before the prompt's cursor.
    InputBackspace,
    /// Use the next format in the save prompt.
    NextFormat,
    /// Accept the prompt.
    Confirm,
    /// Answer a question with the key of one of its answers.
    Answer(char),

    // --- everywhere ---
    /// Close what is open, answer no, cancel a running solve, or leave step mode.
    Cancel,
    /// Show or hide the help screen.
    Help,
    /// The help's other page: the keys, or the words and what they mean.
    HelpPage,
    /// Quit, asking first if there are unsaved changes.
    Quit,
    /// Quit at once (Ctrl-C).
    ForceQuit,
    /// Suspend the program (Ctrl-Z); the shell's `fg` brings it back.
    Suspend,
    /// The program was not suspended: why (no shell could bring it back).
    NotSuspended(String),
    /// The terminal has a new size.
    Resize(u16, u16),
    /// The terminal gained (`true`) or lost the focus: the game's clock stops while the
    /// player is elsewhere.
    Focus(bool),

    // --- answers to effects ---
    /// A puzzle file was read (or could not be).
    FileRead {
        /// The file.
        path: PathBuf,
        /// The puzzle asked for, if one was (0-based).
        index: Option<usize>,
        /// Whether the file browser asked.
        from_browser: bool,
        /// The puzzles and the file's fingerprint, or why not.
        result: Result<(Parsed, Fingerprint), String>,
    },
    /// A directory was listed (or could not be).
    Listed(PathBuf, Result<Vec<Entry>, String>),
    /// A preview was made in the background.
    Previewed(PathBuf, Preview),
    /// A save was carried out: the new file's fingerprint, or why not.
    Saved(Result<Saved, SaveFailure>),
    /// Recovery files left by workbenches that stopped without a clean quit.
    RecoveryFound {
        /// The newest, newest first.
        offers: Vec<Offer>,
        /// How many older ones there are besides.
        older: usize,
        /// The files left alone, as not what a workbench writes: each name and why.
        skipped: Vec<String>,
    },
    /// The recovery file could not be written: why, and whether the file holds the work as it
    /// was before (else the work is only in memory).
    KeepFailed(String, Older),
    /// The recovery file is written again after [`Action::KeepFailed`].
    KeepWorks,
    /// A puzzle (its givens) was rated in the background, or has no rating (why).
    Rated(sudoku_engine::Board, Result<sudoku_engine::logic::Rating, String>),
    /// The settings could not be written to the config file: why.
    SettingsNotSaved(String),
    /// What is wrong with the settings file read at start (its defaults are used meanwhile): said
    /// on screen, after why the file named on the command line did not open if it did not.
    SettingsProblem(String),
    /// A recovered board was reopened, with what of it did not come back as it was (or why it
    /// could not be reopened).
    Recovered(PathBuf, Result<Reopened, String>),
    /// A recovery file was removed (or why it could not be), its work reopened or given up.
    Discarded(Discard, Result<(), String>),
    /// A file is being read in the background (answered later by [`Action::ReadDone`]).
    ReadStarted(super::reading::ReadTicket),
    /// The read numbered so is done: its answer ([`Action::FileRead`] or [`Action::TraceRead`]).
    ReadDone(u64, Box<Action>),
    /// A file opened turned out to be a search trace: read (or why not).
    TraceRead(PathBuf, Result<Box<TraceFile>, String>),
    /// A trace was exported: its path and its steps, or why not.
    TraceExported(Result<(PathBuf, u64), String>),
    /// The directory to open the file browser in, resolved by the runtime (answers
    /// [`super::Effect::Browse`]).
    BrowseIn(PathBuf),
    /// Whether the two paths asked about name the same file, and the work waiting for it
    /// (answers [`super::Effect::SameFile`]).
    SameFile(bool, AfterSameFile),
    /// The player's settings, read from the settings file at start.
    SettingsRead(Settings),
    /// Whether to draw without colour (`NO_COLOR`), as the terminal's environment says.
    Monochrome(bool),
    /// Whether the game that ended was added to the record of games, or why not.
    GameRecorded(Result<(), String>),
    /// The record of games was read (its file, for the screen, and the record), or why not.
    GamesRead(Result<(String, super::games::Record), String>),
    /// A sheet of the puzzle was written to print: its file and whether the puzzle had one
    /// solution to print after it, or why it was not written.
    Printed(Result<(PathBuf, Option<sudoku_engine::Unjudgeable>), String>),
    /// Whether a paste, or a sign of one, came less than 30 s ago (the terminal's reader says):
    /// keys may then be pasted text, so nothing that cannot be undone is done on them.
    PasteNear(bool),
}
