//! What a player can set about how the workbench looks and behaves while they solve: which
//! marks the board shows, whether writing a digit clears it from the marks around it, and
//! whether the live count of solutions shows; in step mode, whether the program shows beside the
//! board and in which form.

use sudoku_engine::search::program::Language;

/// Which pencil marks the board shows in its empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksView {
    /// The user's own marks.
    Mine,
    /// The candidates the board's digits leave each empty cell, worked out by the workbench.
    Computed,
}

impl MarksView {
    /// The other view.
    pub const fn next(self) -> MarksView {
        match self {
            MarksView::Mine => MarksView::Computed,
            MarksView::Computed => MarksView::Mine,
        }
    }

    /// What the view shows, for the panel and messages.
    pub const fn label(self) -> &'static str {
        match self {
            MarksView::Mine => "your marks",
            MarksView::Computed => "computed candidates",
        }
    }
}

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which marks the board shows.
    pub marks_view: MarksView,
    /// Whether writing a digit removes it from the marks of the cell's peers.
    pub remove_marks: bool,
    /// Whether the panel shows the live count of solutions while the player solves by hand
    /// (which tells them at once that an entry is wrong: hidden at first). Editing a puzzle's
    /// givens always shows it.
    pub show_solutions: bool,
    /// Whether the panel shows the puzzle's rating (hidden at first: some players prefer not
    /// to know).
    pub show_rating: bool,
    /// Whether step mode shows the strategy's program and the call stack beside the board
    /// (on screens wide enough; narrower ones show them on a screen of their own on request).
    pub show_program: bool,
    /// The form the program is written in.
    pub language: Language,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            marks_view: MarksView::Mine,
            remove_marks: true,
            show_solutions: false,
            show_rating: false,
            show_program: true,
            language: Language::Cpp,
        }
    }
}
