//! Everything the user can ask of the workbench, as messages for [`super::App::update`]. The
//! keymap turns terminal events into these; tests send them directly.

use crate::sudoku::{Digit, Pos};

/// A direction to move the cursor or a selection.
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

    // --- files ---
    /// Open the file browser.
    Open,
    /// Save to the file the puzzle came from, or ask for a path.
    Save,
    /// Ask for a path and save there.
    SaveAs,
    /// The previous puzzle of the loaded collection.
    PreviousPuzzle,
    /// The next puzzle of the loaded collection.
    NextPuzzle,
    /// Text pasted into the terminal.
    Paste(String),

    // --- solving ---
    /// Solve at once with the current strategy.
    Solve,
    /// Use the next strategy (naive, mrv, fast).
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
    /// Leave step mode keeping the board the search reached.
    KeepStepBoard,

    // --- lists (file browser) ---
    /// Move the selection up or down.
    ListMove(Direction),
    /// Move the selection a page.
    ListPage(Direction),
    /// Open the selected entry.
    ListOpen,
    /// Go to the parent directory, or back from a collection.
    ListBack,

    // --- text input ---
    /// A character typed into a prompt.
    Input(char),
    /// Delete the character before the prompt's cursor.
    InputBackspace,
    /// Accept the prompt, or answer yes.
    Confirm,

    // --- everywhere ---
    /// Close what is open, answer no, cancel a running solve, or leave step mode.
    Cancel,
    /// Show or hide the help screen.
    Help,
    /// Quit, asking first if there are unsaved changes.
    Quit,
    /// Quit at once (Ctrl-C).
    ForceQuit,
    /// The terminal has a new size.
    Resize(u16, u16),
}
