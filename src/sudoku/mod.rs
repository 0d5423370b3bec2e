//! The engine: boards, reading and writing puzzles, and the backtracking search. Nothing in here
//! knows about terminals, and nothing in here may panic on input: `unwrap` and `panic!` are
//! refused outside tests (an impossible case is an `expect` that says why it cannot happen).

#![deny(clippy::unwrap_used, clippy::panic)]

pub mod board;
pub mod format;
pub mod generate;
pub mod logic;
pub mod marks;
pub mod mistakes;
pub mod notes;
pub mod parse;
pub mod progress;
pub mod puzzle;
pub mod search;
pub mod text_buffer;

pub use board::{Board, Cell, CellSet, Conflict, Contradiction, Digit, DigitSet, Pos, Unit};
pub use format::Format;
pub use marks::Marks;
pub use mistakes::{Mistakes, Unjudgeable, mistakes, solution_of};
pub use notes::{NoteRef, Notes};
pub use parse::{
    Cells, Lines, Next, NotesCut, ParseError, ParseErrorKind, Parsed, ReadError, Reader, Record, RewriteError,
    Rewritten, Unparsed, lines_with_ends, parse_document, parse_from, parse_puzzle, rewrite_cells, rewrite_cells_found,
};
pub use progress::rewrite_progress;
pub use puzzle::{MetaTag, Note, Puzzle};
pub use search::{
    Branching, Choice, Counters, Decision, Options, Outcome, Search, Solutions, Step, Strategy, count_solutions,
    count_solutions_by, search_to, solve, uniqueness,
};
