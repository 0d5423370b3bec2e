//! sudoku-workbench: a terminal workbench for Sudoku. Type or load a board, see its conflicts,
//! solve it, or watch the backtracking search step by step.
//!
//! The engine in [`sudoku`] has no terminal in it:
//!
//! ```
//! use sudoku_workbench::sudoku::{Board, Strategy, Step, Search, solve};
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

// No `unsafe` but BMI2's `pext` in `sudoku::search::fast::minirows`, allowed on that one
// function with its reason and the benchmark that shows the need, and the SIGABRT handler in
// `tui::abort`, which cannot be written without it (`deny`, not `forbid`, so that it can be
// allowed there).
#![deny(unsafe_code)]

pub mod app;
pub mod cli;
pub mod sudoku;
pub mod text;
pub mod tui;
pub mod ui;
