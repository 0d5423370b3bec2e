//! What a reader gives for each puzzle: the [`Record`], where its cells are in the text
//! ([`Cells`]), and what of its notes was not kept ([`NotesCut`]).

// Named in the docs only.
#[cfg(doc)]
use super::{MAX_LINE, Reader};
use crate::puzzle::Puzzle;

/// Where the cells of a record are in the text, as byte offsets from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// A puzzle line: 81 cell characters in a row from this offset.
    Line(u64),
    /// A grid: the offset of each cell character, in row-major order.
    Grid(Box<[u64; 81]>),
    /// A candidates line: 729 characters from this offset, nine per cell.
    Candidates(u64),
}

impl Cells {
    /// The byte offset of cell `i` (0..81).
    pub fn offset(&self, i: usize) -> u64 {
        match self {
            Cells::Line(first) => first + i as u64,
            Cells::Grid(offsets) => offsets[i.min(80)],
            Cells::Candidates(first) => first + 9 * i as u64,
        }
    }
}

/// A puzzle and where it is in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// One-based line of the puzzle's first row (of its line, in a collection).
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Where its cells are.
    pub cells: Cells,
    /// What of the puzzle's notes and comment the reader did not keep: whoever writes them out
    /// again must say so when this is not empty, rather than write less than was read.
    pub notes_cut: NotesCut,
}

/// What a reader did not keep of a puzzle's lines other than its cells: lines of notes past
/// its note limit ([`Reader::with_note_limit`]), and lines of notes (or the comment after a
/// puzzle line's cells) cut at the [`MAX_LINE`] bytes a line keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotesCut {
    /// Lines of notes not kept at all: every one after the first that did not fit.
    pub dropped: u64,
    /// Lines kept only in part: their first [`MAX_LINE`] bytes.
    pub shortened: u64,
    /// Of the lines dropped, those of `.sdk` metadata: what a description showing only the
    /// metadata (`check`) lacks. A long comment cut is no loss to it.
    pub meta_dropped: u64,
    /// Of the lines shortened, those of `.sdk` metadata.
    pub meta_shortened: u64,
}

impl NotesCut {
    /// Whether everything was kept.
    pub fn is_empty(&self) -> bool {
        *self == NotesCut::default()
    }

    /// What was cut of the `.sdk` metadata alone, for output that shows nothing else.
    pub fn of_metadata(self) -> NotesCut {
        NotesCut {
            dropped: self.meta_dropped,
            shortened: self.meta_shortened,
            ..self
        }
    }

    /// One line (a puzzle line's comment, never metadata) cut at [`MAX_LINE`] if `truncated`,
    /// else nothing.
    pub(super) fn of_line(truncated: bool) -> NotesCut {
        NotesCut {
            shortened: u64::from(truncated),
            ..NotesCut::default()
        }
    }
}

/// The bytes a note of `text` counts against a note limit: its text and its place in the list.
pub(super) fn note_cost(text: &str) -> usize {
    // A packed line costs its text and four bytes (`Notes`).
    text.len() + 4
}
