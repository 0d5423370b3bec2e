//! sudoku-engine: Sudoku boards, reading and writing puzzles, the backtracking search and its
//! strategies (run at once or step by step), the logical solver and its rating on Sudoku
//! Explainer's scale, and a generator. It knows nothing of terminals, and nothing in it may panic
//! on input: `unwrap` and `panic!` are refused outside tests (an impossible case is an `expect`
//! that says why it cannot happen).
//!
//! The main uses, each with an example where it is documented: read a puzzle
//! ([`parse_puzzle`], [`Board`]'s `FromStr`, a collection with [`Reader`]), solve ([`solve`]),
//! count solutions ([`count_solutions`]), step ([`Search`]), hint ([`logic::next_deduction`]),
//! rate ([`logic::rate`]) and generate ([`generate::Generator`]). A short tour:
//!
//! ```
//! use sudoku_engine::{Board, Strategy, Step, Search, solve};
//!
//! let board: Board = "
//!     0 3 5 4 6 9 2 7 8
//!     7 8 2 1 0 5 6 0 9
//!     0 6 0 2 7 8 1 3 5
//!     3 2 1 0 4 6 8 9 7
//!     8 0 4 9 1 3 5 0 6
//!     5 9 6 8 2 0 4 1 3
//!     9 1 7 6 5 2 0 8 0
//!     6 0 3 7 0 1 9 5 2
//!     2 5 8 3 9 4 7 6 0"
//!     .parse()?;
//!
//! // Instantly: the textbook order fills the 14 blanks with 14 placements.
//! let outcome = solve(&board, Strategy::Naive)?;
//! assert!(board.is_solved_by(outcome.solution.as_ref().unwrap()));
//! assert_eq!(outcome.counters.placements, 14);
//!
//! // Step by step: the same machine, one step at a time.
//! let steps: Vec<Step> = Search::new(&board, Strategy::Naive)?.take_while(|s| *s != Step::Solved).collect();
//! assert_eq!(steps.len(), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(clippy::unwrap_used, clippy::panic)]
// No `unsafe` but BMI2's `pext` in `search::fast::minirows`, allowed on that one function with
// its reason and the benchmark that shows the need (`deny`, not `forbid`, so that it can be
// allowed there).
#![deny(unsafe_code)]
#![warn(missing_docs)]

// The modules whose paths the workbench names are public (`generate`, `logic`, `search`); the
// rest are private and their public items re-exported below, so that what is public is what the
// crate offers, and what it does not is free to change.
mod board;
mod colours;
mod format;
pub mod generate;
pub mod logic;
mod marks;
mod mistakes;
mod notes;
mod parse;
mod progress;
mod puzzle;
pub mod search;
mod text_buffer;

pub use board::{Board, Cell, CellSet, Conflict, Contradiction, Digit, DigitSet, Pos, Unit};
pub use colours::{COLOUR_FIELDS, COLOUR_PAIRS, Colour, Colours};
pub use format::{Format, MAX_PLAY_SECONDS, progress_lines};
pub use marks::Marks;
pub use mistakes::{Mistakes, Unjudgeable, mistakes, solution_of};
pub use notes::{NoRoom, NoteRef, Notes};
pub use parse::{
    Cells, Chunk, DEFAULT_NOTE_LIMIT, MAX_LINE, NotesCut, ParseError, ParseErrorKind, Parsed, ReadError, Reader,
    Record, RewriteError, Rewritten, lines_with_ends, parse_document, parse_from, parse_puzzle, rewrite_cells,
    rewrite_cells_found,
};
pub use progress::rewrite_progress;
pub use puzzle::{MetaTag, Note, Puzzle};
pub use search::{
    Branching, Counters, Decision, Guess, GuessOptions, Outcome, Search, Solutions, Step, Strategy, count_solutions,
    count_solutions_by, search_to, solve, uniqueness,
};
pub use text_buffer::push_decimal;
