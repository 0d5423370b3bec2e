//! The in-place rewrite: a text with the cells of one of its puzzles changed and every other
//! byte as it was.

use super::error::ParseError;
use super::parse_document;
use super::record::{Cells, Record};
use super::scan::cell_value;
use crate::board::{Board, Cell};
use crate::format::Format;
use std::fmt;

/// Why the cells of a text cannot be rewritten.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RewriteError {
    /// The text no longer reads.
    Parse(ParseError),
    /// No puzzle of the text has the givens expected: it is not the puzzle that was read.
    NotFound,
    /// The puzzle is a candidates line, whose pencil marks a rewrite of givens would not keep.
    Candidates,
}

impl fmt::Display for RewriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RewriteError::Parse(e) => write!(f, "it no longer reads as puzzles ({e})"),
            RewriteError::NotFound => f.write_str("the puzzle is no longer in it"),
            RewriteError::Candidates => {
                f.write_str("it is a candidates line; save as another file to keep its candidates apart")
            }
        }
    }
}

impl std::error::Error for RewriteError {}

/// `text` with the cells of one of its puzzles rewritten to the givens of `board`, every other
/// byte as it was (comments, metadata, borders, blanks between cells, line ends). The puzzle is
/// the one whose givens are `expected` (the puzzle as it was read), nearest to the `number`-th
/// puzzle (0-based); a text without such a puzzle is refused rather than another puzzle
/// overwritten. A cell emptied gets the blank character the puzzle already uses.
pub fn rewrite_cells(
    text: &[u8],
    hint: Option<Format>,
    expected: &Board,
    number: usize,
    board: &Board,
) -> Result<Vec<u8>, RewriteError> {
    rewrite_cells_found(text, hint, expected, number, board).map(|r| r.bytes)
}

/// A text with the cells of one puzzle rewritten ([`rewrite_cells_found`]), and where that
/// puzzle was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewritten {
    /// The text rewritten.
    pub bytes: Vec<u8>,
    /// The puzzle's place among the puzzles of the text (0-based): where it is now, which is
    /// not where it was read if another program moved it.
    pub index: usize,
    /// The puzzles of the text as it was before the rewrite (the rewritten one with its old
    /// givens), numbered as in the file.
    pub puzzles: Vec<Result<Record, ParseError>>,
}

/// [`rewrite_cells`], with where the puzzle was found and the puzzles the text holds: after
/// another program changed a collection, the puzzle's number and its neighbours are the file's
/// as it is now.
pub fn rewrite_cells_found(
    text: &[u8],
    hint: Option<Format>,
    expected: &Board,
    number: usize,
    board: &Board,
) -> Result<Rewritten, RewriteError> {
    let parsed = parse_document(text, hint).map_err(RewriteError::Parse)?;
    let wanted = expected.givens_only();
    let same = |i: &usize| {
        parsed
            .puzzles
            .get(*i)
            .and_then(|p| p.as_ref().ok())
            .is_some_and(|r| r.puzzle.board.givens_only() == wanted)
    };
    // The puzzle at its old place, else the nearest with the same givens.
    let at = (0..parsed.puzzles.len())
        .filter(same)
        .min_by_key(|&i| i.abs_diff(number))
        .ok_or(RewriteError::NotFound)?;
    let record = parsed.puzzles[at].as_ref().map_err(|_| RewriteError::NotFound)?;
    if matches!(record.cells, Cells::Candidates(_)) {
        return Err(RewriteError::Candidates);
    }
    let blank = (0..81)
        .filter(|&i| record.puzzle.board.cells()[i].digit().is_none())
        .filter_map(|i| usize::try_from(record.cells.offset(i)).ok())
        .find_map(|o| text.get(o).copied())
        .unwrap_or(parsed.format.blank() as u8);
    let mut out = text.to_vec();
    for (i, cell) in board.cells().iter().enumerate() {
        let byte = match cell {
            Cell::Given(d) => b'0' + d.get(),
            _ => blank,
        };
        let Some(slot) = usize::try_from(record.cells.offset(i))
            .ok()
            .and_then(|o| out.get_mut(o))
        else {
            return Err(RewriteError::NotFound);
        };
        // A blank stays the character it was ('0', '.' or '_').
        if !(byte == blank && cell_value(*slot as char) == Some(0)) {
            *slot = byte;
        }
    }
    Ok(Rewritten {
        bytes: out,
        index: at,
        puzzles: parsed.puzzles,
    })
}
