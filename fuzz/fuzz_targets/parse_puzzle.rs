//! One puzzle from any text (`parse_puzzle`, and `Board::from_str` on the same text when it is
//! UTF-8): the two agree, and neither panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::{Board, parse_puzzle};

fuzz_target!(|data: &[u8]| {
    let puzzle = parse_puzzle(data);
    if let Ok(text) = std::str::from_utf8(data) {
        let board: Result<Board, _> = text.parse();
        match (&puzzle, &board) {
            (Ok(p), Ok(b)) => assert_eq!(&p.board, b),
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("parse_puzzle and from_str disagree: {puzzle:?} / {board:?}"),
        }
    }
});
