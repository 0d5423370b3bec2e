//! sudoku-workbench: a terminal workbench for Sudoku. Type or load a board, see its conflicts,
//! solve it, or watch the backtracking search step by step.
//!
//! The engine is a crate of its own, `sudoku-engine` (in `engine/`): boards, formats, the
//! search and its strategies, the logic and the rating, with no terminal in it. This crate is the
//! workbench around it: the model ([`app`]), which does no I/O, the runtime beside it that does
//! ([`runtime`]: files, threads, the recovery and settings files), the view ([`ui`]), the terminal
//! ([`tui`]), the command line ([`cli`]) and the sheets printed from both ([`print`]).

// No `unsafe` but the SIGABRT handler in `tui::abort`, which cannot be written without it
// (`deny`, not `forbid`, so that it can be allowed there).
#![deny(unsafe_code)]

pub mod app;
pub mod cli;
pub mod print;
pub mod runtime;
pub mod text;
pub mod tui;
pub mod ui;
