//! The engine: boards, reading and writing puzzles, and the backtracking search. Nothing in here
//! knows about terminals.

pub mod board;
pub mod format;
pub mod parse;
pub mod puzzle;
pub mod search;

pub use board::{Board, Cell, CellSet, Conflict, Digit, DigitSet, Pos, Unit};
pub use format::Format;
pub use parse::{Document, ParseError, ParseErrorKind, ReadError, Reader, Record, parse_document, parse_puzzle};
pub use puzzle::{MetaTag, Puzzle};
pub use search::{Counters, Decision, Outcome, Search, Solutions, Step, Strategy, count_solutions, solve, uniqueness};
