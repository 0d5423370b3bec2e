//! The candidates line (Sukaku, tdoku): 729 characters, nine per cell.

use super::error::{ParseError, ParseErrorKind};
use crate::board::{Board, Digit, DigitSet, Pos};
use crate::puzzle::Puzzle;

/// A candidates line (the Sukaku or tdoku form): 729 characters, nine per cell, the `k`-th of a
/// cell's nine the digit `k` if it is a candidate, else `.` or `0`. A cell with one candidate is
/// a given. `None` if the line does not start with 729 cell characters followed by its end or a
/// blank (it is then read as a puzzle line).
pub(super) fn parse_candidates(text: &str, line: usize) -> Option<Result<(Puzzle, usize), ParseError>> {
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let cells = bytes.get(start..start + 729)?;
    let is_cell = |b: u8| b.is_ascii_digit() || b == b'.';
    if !cells.iter().all(|&b| is_cell(b)) {
        return None;
    }
    // 729 cells run on into more text: neither a candidates line nor a puzzle line with a
    // comment (which a blank would separate), so say where it goes wrong.
    if let Some(&b) = bytes.get(start + 729).filter(|b| !b.is_ascii_whitespace()) {
        let found = text[start + 729..].chars().next().unwrap_or(b as char);
        return Some(Err(ParseError::new(
            line,
            start + 730,
            ParseErrorKind::UnexpectedChar {
                found,
                expected: "a blank or the end of the line after 729 candidates",
            },
        )));
    }
    let mut digits = [0u8; 81];
    let mut marks = [DigitSet::EMPTY; 81];
    for (i, chunk) in cells.chunks(9).enumerate() {
        for (k, &b) in chunk.iter().enumerate() {
            let digit = k as u8 + 1;
            match b {
                b'.' | b'0' => {}
                _ if b == b'0' + digit => marks[i].insert(Digit::from_index(k)),
                _ => {
                    // All ASCII up to here, so the column is the byte offset plus one.
                    let column = start + i * 9 + k + 1;
                    let expected = EXPECTED_CANDIDATE[k];
                    return Some(Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::UnexpectedChar {
                            found: b as char,
                            expected,
                        },
                    )));
                }
            }
        }
        let pos = Pos::new(i).unwrap_or(Pos::FIRST);
        match marks[i].len() {
            0 => {
                return Some(Err(ParseError::new(
                    line,
                    start + i * 9 + 1,
                    ParseErrorKind::NoCandidate { pos },
                )));
            }
            1 => digits[i] = marks[i].first().map_or(0, Digit::get),
            _ => {}
        }
    }
    let mut puzzle = Puzzle::new(Board::from_givens(&digits));
    puzzle.marks = Some(Box::new(marks));
    let comment = text[start + 729..].trim();
    if !comment.is_empty() {
        puzzle.comment = Some(comment.to_string());
    }
    Some(Ok((puzzle, start)))
}

/// What the `k`-th character of a cell in a candidates line may be.
const EXPECTED_CANDIDATE: [&str; 9] = [
    "'1', '.' or '0' (the first of a cell's nine candidates)",
    "'2', '.' or '0' (the second of a cell's nine candidates)",
    "'3', '.' or '0' (the third of a cell's nine candidates)",
    "'4', '.' or '0' (the fourth of a cell's nine candidates)",
    "'5', '.' or '0' (the fifth of a cell's nine candidates)",
    "'6', '.' or '0' (the sixth of a cell's nine candidates)",
    "'7', '.' or '0' (the seventh of a cell's nine candidates)",
    "'8', '.' or '0' (the eighth of a cell's nine candidates)",
    "'9', '.' or '0' (the ninth of a cell's nine candidates)",
];
