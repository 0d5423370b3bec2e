//! Reading puzzles from text: the format is detected from the content, collections are streamed
//! line by line, and every error names the line, the column and what was expected.
//!
//! Two shapes of text exist. A *line document* holds one puzzle per line (81 cells, text after the
//! 81st cell is a comment): one line is a puzzle in [`Format::Line`] (or `.sdk`, when metadata
//! lines come with it), several are a collection. A *grid document* holds one puzzle as 9 rows of
//! 9 cells: the BOJ 2580 grid, SadMan `.sdk` (with metadata), Simple Sudoku `.ss`, a printed grid
//! with borders, or our progress file. The first line with cells decides which: a grid row holds
//! at most a few more than 9 cells, a puzzle line has 81.
//!
//! Every line of a single puzzle that is not cells (metadata, comments, headers) is kept in the
//! puzzle as a [`Note`](crate::Note), with where it stood, and every record knows the byte offsets of its cells
//! ([`Cells`]), so that a save can rewrite the cells of a file and nothing else.
//!
//! One file per kind: the errors ([`ParseError`], `error.rs`), the records a reader gives
//! (`record.rs`), the streaming [`Reader`] that tells the shape of a text (`reader.rs`), the
//! byte scanners it runs on (`scan.rs`), each format's parser (the 81-character line `line.rs`,
//! the candidates line `candidates.rs`, the grids `grid.rs`, a progress file's `#!` lines
//! `progress_lines.rs`), and the in-place rewrite of a puzzle's cells (`rewrite.rs`). The entry
//! points that read a whole text are here.

mod candidates;
mod error;
mod grid;
mod line;
mod progress_lines;
mod reader;
mod record;
mod rewrite;
mod scan;
#[cfg(test)]
mod testing;

pub use error::{ParseError, ParseErrorKind, ReadError};
pub(crate) use progress_lines::{ProgressWords, progress_line};
pub use reader::{Chunk, Reader};
pub use record::{Cells, NotesCut, Record};
pub use rewrite::{RewriteError, Rewritten, rewrite_cells, rewrite_cells_found};
pub use scan::lines_with_ends;

use crate::board::Board;
use crate::format::Format;
use crate::puzzle::Puzzle;
use error::out_of_memory;
use std::io::BufRead;

/// Bytes kept of one line: far more than any puzzle line or grid row needs, few enough that a
/// file without line breaks never has to fit in memory. A puzzle line's comment is cut there; a
/// line whose cells do not fit is an error.
pub const MAX_LINE: usize = 64 * 1024;

/// Bytes of notes a streaming [`Reader`] keeps unless told otherwise: notes belong to a single
/// puzzle, and a collection's comments must not pile up in memory while it streams. A note
/// counts its text and the room it takes in the list (4 bytes), so that a limit bounds
/// the memory of many short lines as well as of a few long ones.
pub const DEFAULT_NOTE_LIMIT: usize = 1024 * 1024;

/// Every puzzle of a text held in memory, with its format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The format detected ([`Format::Line`] for a collection).
    pub format: Format,
    /// Every puzzle, in order; in a collection, the lines that could not be read are here as
    /// their errors, so that the others stay usable and numbered as in the file.
    pub puzzles: Vec<Result<Record, ParseError>>,
}

impl Parsed {
    /// The first puzzle that reads.
    pub fn first(&self) -> Option<&Record> {
        self.puzzles.iter().find_map(|p| p.as_ref().ok())
    }

    /// The puzzles that read, in order.
    pub fn readable(&self) -> impl Iterator<Item = &Record> + '_ {
        self.puzzles.iter().filter_map(|p| p.as_ref().ok())
    }

    /// The errors of the lines that do not read.
    pub fn unreadable(&self) -> impl Iterator<Item = &ParseError> + '_ {
        self.puzzles.iter().filter_map(|p| p.as_ref().err())
    }
}

/// Reads every puzzle of `text`, keeping all of a single puzzle's notes. `hint` is the format the
/// file name suggests, if any. A single puzzle's error is the error; in a collection, lines that
/// do not read are listed in [`Parsed::puzzles`] and the error is only for a text where no line
/// reads.
pub fn parse_document(text: &[u8], hint: Option<Format>) -> Result<Parsed, ParseError> {
    match parse_from(text, hint) {
        Ok(parsed) => Ok(parsed),
        Err(ReadError::Parse(e)) => Err(e),
        // Reading from memory cannot fail; were it to, nothing would read.
        Err(ReadError::Io(_)) => Err(ParseError::new(1, 1, ParseErrorKind::NoPuzzle)),
    }
}

/// [`parse_document`] for the text `input` gives (a reader that counts what it gives, to show
/// how far it got, say); a failed read is the error.
pub fn parse_from<R: BufRead>(input: R, hint: Option<Format>) -> Result<Parsed, ReadError> {
    let mut reader = Reader::new(input)
        .with_hint(hint)
        .with_note_limit(usize::MAX)
        .with_whole_lines();
    let mut puzzles = Vec::new();
    for item in &mut reader {
        let item = match item {
            Ok(record) => Ok(record),
            // No memory for what the text holds: nothing of it is given, and no line is said
            // to be unreadable for it.
            Err(ReadError::Parse(e)) if e.kind == ParseErrorKind::OutOfMemory => return Err(e.into()),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => return Err(ReadError::Io(e)),
        };
        if puzzles.try_reserve(1).is_err() {
            return Err(out_of_memory(reader.line).into());
        }
        puzzles.push(item);
    }
    let format = reader.format().unwrap_or(Format::Line);
    let collection = format == Format::Line && puzzles.len() > 1;
    let first_error = puzzles.iter().find_map(|p| p.as_ref().err()).cloned();
    match first_error {
        Some(e) if !collection || puzzles.iter().all(Result::is_err) => Err(e.into()),
        _ if puzzles.is_empty() => Err(ParseError::new(1, 1, ParseErrorKind::NoPuzzle).into()),
        _ => Ok(Parsed { format, puzzles }),
    }
}

/// Reads the one puzzle of `text`, in any format.
///
/// ```
/// use sudoku_engine::{Pos, parse_puzzle};
///
/// let puzzle = parse_puzzle(b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... a comment")?;
/// assert_eq!(puzzle.board.digit(Pos::at(0, 0).unwrap()).map(|d| d.get()), Some(4));
/// assert_eq!(puzzle.comment.as_deref(), Some("a comment"));
/// // Errors say where and what: the line, the column, what was expected.
/// let error = parse_puzzle(b"12x").unwrap_err();
/// assert_eq!((error.line, error.column), (1, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_puzzle(text: &[u8]) -> Result<Puzzle, ParseError> {
    let doc = parse_document(text, None)?;
    let mut records = doc.puzzles.into_iter();
    let first = records.next();
    if let Some(second) = records.next() {
        let line = match second {
            Ok(r) => r.line,
            Err(e) => e.line,
        };
        return Err(ParseError::new(line, 1, ParseErrorKind::SeveralPuzzles));
    }
    // A successful document has at least one puzzle: an empty one is `NoPuzzle`.
    match first {
        Some(Ok(record)) => Ok(record.puzzle),
        Some(Err(e)) => Err(e),
        None => Err(ParseError::new(1, 1, ParseErrorKind::NoPuzzle)),
    }
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    /// Reads one puzzle in any supported format; its digits are givens.
    fn from_str(s: &str) -> Result<Board, ParseError> {
        parse_puzzle(s.as_bytes()).map(|p| p.board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::testing::*;

    #[test]
    fn the_example_of_the_issue_reads_as_written() {
        let text = "# comment\n# another\n\n4.....8.5.3.....x....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let e = error(text);
        assert_eq!(
            e.to_string(),
            "line 4, column 17: expected a digit 0-9 or '.', found 'x'"
        );
        let e = error(&SAMPLE_LINE[..80]);
        assert_eq!(
            e,
            ParseError {
                line: 1,
                column: 81,
                kind: ParseErrorKind::TooFewCells { found: 80 }
            }
        );
        assert_eq!(e.to_string(), "line 1, column 81: found 80 cells, a puzzle has 81");
    }
}
