//! Why a text is not a puzzle, and where: [`ParseError`] with its line, column and kind, and
//! [`ReadError`] for a stream that failed to read.

use super::MAX_LINE;
use super::progress_lines::MARK_NAME;
use super::reader::MAX_SKIP;
use crate::board::Pos;
use std::fmt;
use std::io;

/// Why a text is not a puzzle, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// One-based line number (the byte-order mark does not count).
    pub line: usize,
    /// One-based column, counted in characters; a tab is one column.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Only blank lines and comments.
    NoPuzzle,
    /// Nothing at all to read: not a byte.
    EmptyInput,
    /// Progress lines (`#!entries`, say) with no grid of givens for them to be about.
    ProgressWithoutGrid,
    /// Bytes that are not UTF-8 text.
    InvalidUtf8,
    /// A NUL byte where cells should be: valid UTF-8, but no text file holds one.
    NulByte,
    /// A character that cannot stand where it is.
    UnexpectedChar {
        /// The character found.
        found: char,
        /// What may stand there instead.
        expected: &'static str,
    },
    /// A puzzle line that ends before its 81st cell.
    TooFewCells {
        /// Cells read before the line ended.
        found: usize,
    },
    /// A progress line (`#!time`, `#!entries`, ...) given a second time: which one it is, and
    /// the line of the first.
    RepeatedField {
        /// The field's name.
        key: String,
        /// The line the first one is on.
        first: usize,
    },
    /// A pencil-marks line (`#!marks`) that ends before its 729th mark (nine for each cell).
    TooFewMarks {
        /// Marks read before the line ended.
        found: usize,
    },
    /// A line of candidates' colours (`#!candidate-colours`) that ends before its 729th
    /// candidate (nine for each cell).
    TooFewCandidateColours {
        /// Candidates read before the line ended.
        found: usize,
    },
    /// A grid row that does not hold 9 cells.
    RowLength {
        /// Cells in the row.
        found: usize,
    },
    /// A grid that ends before its 9th row.
    TooFewRows {
        /// Rows read.
        found: usize,
    },
    /// A grid row after the 9th.
    TooManyRows,
    /// A number of several digits among the space-separated digits of a row (`10` in BOJ input).
    LongNumber {
        /// The number as written.
        token: String,
    },
    /// A line too long to be a puzzle line or a grid row (see `MAX_LINE`).
    LineTooLong,
    /// A line that goes on without a line break past what is worth reading: reading stops.
    EndlessLine,
    /// A second puzzle where one was expected.
    SeveralPuzzles,
    /// A `#!sudoku-workbench` line whose next word is not `progress`: a progress mark gone
    /// wrong.
    ProgressMark {
        /// The word written instead (empty if none).
        found: String,
    },
    /// A progress file of a version this program does not know (empty: no version).
    ProgressVersion {
        /// The version written.
        found: String,
    },
    /// A progress file's entry or solver digit where the puzzle has a given, or where the other
    /// line already put a digit.
    CellTaken {
        /// The cell.
        pos: Pos,
    },
    /// A cell of a candidates line with no candidate at all.
    NoCandidate {
        /// The cell.
        pos: Pos,
    },
    /// A progress file's number (`#!time`, `#!hints`, `#!checks`) that is not a whole number
    /// from 0 to its largest.
    ProgressNumber {
        /// The line's key (`time`).
        key: String,
        /// The largest it may be.
        max: u64,
    },
    /// The memory to hold the text read so far could not be had: the text is too big for the
    /// memory the program may use (`ulimit -v`, a full machine). Not the text's fault; reading
    /// stops, and the program goes on.
    OutOfMemory,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        match *self {
            ParseErrorKind::NoPuzzle => f.write_str("no puzzle found: only blank lines and comments"),
            ParseErrorKind::EmptyInput => f.write_str("no puzzle found: the input is empty"),
            ParseErrorKind::ProgressWithoutGrid => {
                f.write_str("no puzzle found: progress lines (#!) but no grid of givens for them")
            }
            ParseErrorKind::InvalidUtf8 => f.write_str("not UTF-8 text (a binary file?)"),
            ParseErrorKind::NulByte => f.write_str("a NUL byte, which no text holds (a binary file?)"),
            // `{:?}` writes control characters escaped, so an error never sends them to a terminal.
            ParseErrorKind::UnexpectedChar { found, expected } => {
                write!(f, "expected {expected}, found {found:?}")
            }
            ParseErrorKind::TooFewCells { found } => {
                write!(f, "found {found} cell{}, a puzzle has 81", plural(found))
            }
            ParseErrorKind::RepeatedField { ref key, first } => {
                write!(
                    f,
                    "a second #!{key} line (the first is line {first}): a progress file has one"
                )
            }
            ParseErrorKind::TooFewMarks { found } => write!(
                f,
                "found {found} mark{}, the line has 729 (nine, a digit or '.', for each of the 81 cells)",
                plural(found)
            ),
            ParseErrorKind::TooFewCandidateColours { found } => write!(
                f,
                "found {found} candidate{}, the line has 729 (nine, a colour letter or '.', for each of the 81 cells)",
                plural(found)
            ),
            ParseErrorKind::RowLength { found } => {
                write!(f, "found {found} cell{} in this row, a row has 9", plural(found))
            }
            ParseErrorKind::TooFewRows { found } => {
                write!(f, "found {found} row{}, a puzzle has 9", plural(found))
            }
            ParseErrorKind::TooManyRows => f.write_str("found a 10th row, a puzzle has 9"),
            ParseErrorKind::LongNumber { ref token } => {
                write!(f, "expected a single digit 0-9, found {:?}", token.as_str())
            }
            ParseErrorKind::SeveralPuzzles => f.write_str("found a second puzzle, expected one"),
            ParseErrorKind::LineTooLong => write!(f, "the line is longer than {} KiB", MAX_LINE / 1024),
            ParseErrorKind::EndlessLine => write!(
                f,
                "the line goes on past {} MiB without a line break; reading stopped",
                MAX_SKIP / (1024 * 1024)
            ),
            ParseErrorKind::ProgressMark { ref found } if found.is_empty() => {
                write!(f, "expected \"progress 1\" after #!{MARK_NAME}")
            }
            ParseErrorKind::ProgressMark { ref found } => write!(
                f,
                "expected \"progress 1\" after #!{MARK_NAME}, found {:?}",
                found.as_str()
            ),
            ParseErrorKind::ProgressVersion { ref found } if found.is_empty() => {
                f.write_str("a progress mark without its version; this program reads version 1")
            }
            ParseErrorKind::ProgressVersion { ref found } => write!(
                f,
                "a progress file of version {:?}; this program reads version 1",
                found.as_str()
            ),
            ParseErrorKind::CellTaken { pos } => write!(f, "{pos} already holds a digit"),
            ParseErrorKind::NoCandidate { pos } => write!(f, "{pos} has no candidate"),
            ParseErrorKind::OutOfMemory => f.write_str("not enough memory to hold its text"),
            ParseErrorKind::ProgressNumber { ref key, max } => {
                let what = if key == "time" { " of seconds" } else { "" };
                write!(f, "#!{key} takes a whole number{what} from 0 to {max}")
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            // About the whole text, not a place in it.
            ParseErrorKind::NoPuzzle
            | ParseErrorKind::OutOfMemory
            | ParseErrorKind::EmptyInput
            | ParseErrorKind::ProgressWithoutGrid => write!(f, "{}", self.kind),
            _ => write!(f, "line {}, column {}: {}", self.line, self.column, self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    pub(super) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

/// The error of a text whose memory ran out at line `line`.
pub(super) fn out_of_memory(line: usize) -> ParseError {
    ParseError::new(line.max(1), 1, ParseErrorKind::OutOfMemory)
}

/// Why reading a stream of puzzles failed: the stream itself, or one puzzle in it.
#[derive(Debug)]
pub enum ReadError {
    /// The input could not be read; nothing after this comes.
    Io(io::Error),
    /// One puzzle is malformed; in a collection, the next line may still be good.
    Parse(ParseError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Parse(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> Self {
        ReadError::Parse(e)
    }
}

/// An error about U+FFFD where the line had invalid UTF-8 is an error about the bytes.
pub(super) fn utf8_error(error: ParseError, invalid_at: Option<usize>) -> ParseError {
    match error.kind {
        ParseErrorKind::UnexpectedChar { found: '\u{FFFD}', .. } if invalid_at == Some(error.column) => ParseError {
            kind: ParseErrorKind::InvalidUtf8,
            ..error
        },
        _ => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::scan::CELL_EXPECTED;
    use crate::parse::testing::*;
    use crate::parse::{parse_document, parse_puzzle};

    #[test]
    fn every_error_kind_names_its_position() {
        let cases: Vec<(String, usize, usize, ParseErrorKind)> = vec![
            ("".into(), 1, 1, ParseErrorKind::EmptyInput),
            ("# nothing\n\n   \n".into(), 3, 1, ParseErrorKind::NoPuzzle),
            ("#!entries .1\n".into(), 1, 1, ParseErrorKind::ProgressWithoutGrid),
            ("\0".into(), 1, 1, ParseErrorKind::NulByte),
            (
                "# x\nab".into(),
                2,
                1,
                ParseErrorKind::UnexpectedChar {
                    found: 'a',
                    expected: CELL_EXPECTED,
                },
            ),
            (
                BOJ_SAMPLE.replacen("0 6 0", "0 6 x", 1),
                3,
                5,
                ParseErrorKind::UnexpectedChar {
                    found: 'x',
                    expected: CELL_EXPECTED,
                },
            ),
            (
                SAMPLE_LINE[..40].to_string() + " rest",
                1,
                41,
                ParseErrorKind::TooFewCells { found: 40 },
            ),
            (
                BOJ_SAMPLE.replacen("7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0", 1),
                2,
                16,
                ParseErrorKind::RowLength { found: 8 },
            ),
            (
                BOJ_SAMPLE.replacen("7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0 9 1", 1),
                2,
                19,
                ParseErrorKind::RowLength { found: 10 },
            ),
            (
                BOJ_SAMPLE.replacen("0 6 0", "0 6 10", 1),
                3,
                5,
                ParseErrorKind::LongNumber { token: "10".into() },
            ),
            (
                BOJ_SAMPLE.lines().take(8).collect::<Vec<_>>().join("\n"),
                9,
                1,
                ParseErrorKind::TooFewRows { found: 8 },
            ),
            (
                format!("{BOJ_SAMPLE}\n1 2 3 4 5 6 7 8 9\n"),
                11,
                1,
                ParseErrorKind::TooManyRows,
            ),
            (
                format!("{SAMPLE_LINE}\n\n{SAMPLE_LINE}\n"),
                3,
                1,
                ParseErrorKind::SeveralPuzzles,
            ),
        ];
        for (text, line, column, kind) in cases {
            let e = if kind == ParseErrorKind::SeveralPuzzles {
                parse_puzzle(text.as_bytes()).unwrap_err()
            } else {
                error(&text)
            };
            assert_eq!(
                e,
                ParseError {
                    line,
                    column,
                    kind: kind.clone()
                },
                "for {text:?}"
            );
        }
    }

    #[test]
    fn invalid_utf8_names_the_character_column() {
        let mut bytes = b"# ok\n4.\xC3\xA9.".to_vec();
        bytes.extend_from_slice(b"\xFF rest of line\n");
        let e = parse_document(&bytes, None).unwrap_err();
        assert_eq!(
            e,
            ParseError {
                line: 2,
                column: 5,
                kind: ParseErrorKind::InvalidUtf8
            }
        );
        assert_eq!(e.to_string(), "line 2, column 5: not UTF-8 text (a binary file?)");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let e = error("éé 1 2 3 4 5 6 7 8\n");
        assert_eq!((e.line, e.column), (1, 1));
        assert_eq!(
            e.kind,
            ParseErrorKind::UnexpectedChar {
                found: 'é',
                expected: CELL_EXPECTED
            }
        );
    }

    #[test]
    fn control_characters_in_errors_are_escaped() {
        let e = error("\u{1b}[31m 1 2 3\n");
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected a digit 0-9 or '.', found '\\u{1b}'"
        );
    }

    #[test]
    fn a_nul_byte_in_the_first_line_means_binary() {
        let e = error("4.....8.5.3\0..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x\n");
        // Named as what it is: a NUL byte is valid UTF-8 (attack C finding 15).
        assert_eq!((e.line, e.column, e.kind), (1, 12, ParseErrorKind::NulByte));
    }
}
