//! Samples and helpers shared by the parser's unit tests.

use super::{ParseError, parse_document};
use crate::format::Format;
use crate::puzzle::{MetaTag, Puzzle};

pub(super) fn meta_of(puzzle: &Puzzle) -> Vec<(MetaTag, String)> {
    puzzle.meta().map(|(tag, value)| (tag, value.to_string())).collect()
}

pub(super) const SAMPLE_LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub(super) const BOJ_SAMPLE: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n\
                          8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n\
                          2 5 8 3 9 4 7 6 0\n";

pub(super) fn error(text: &str) -> ParseError {
    match parse_document(text.as_bytes(), None) {
        Ok(doc) => panic!("expected an error, read {:?}", doc.puzzles),
        Err(e) => e,
    }
}

pub(super) fn single(text: &str) -> (Format, Puzzle) {
    let doc = parse_document(text.as_bytes(), None).expect("a puzzle");
    assert_eq!(doc.puzzles.len(), 1);
    (doc.format, doc.puzzles.into_iter().next().unwrap().unwrap().puzzle)
}

/// `SAMPLE_LINE` as the nine rows of a grid, after `lines` (each ending in a line feed).
pub(super) fn grid_after(lines: &[&str]) -> String {
    let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    for row in 0..9 {
        text.push_str(&SAMPLE_LINE[row * 9..row * 9 + 9]);
        text.push('\n');
    }
    text
}
