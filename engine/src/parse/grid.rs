//! Grid documents, one puzzle as 9 rows of 9 cells: the BOJ 2580 grid, SadMan `.sdk`,
//! Simple Sudoku `.ss`, a printed grid with borders, and the grid of a progress file (whose
//! `#!` lines `progress_lines.rs` reads). [`GridBuilder`] collects the rows and the lines around
//! them, and tells the format from what it saw.

use super::MAX_LINE;
use super::error::{ParseError, ParseErrorKind, out_of_memory, utf8_error};
use super::progress_lines::{ProgressLine, ProgressWords, progress_line};
use super::reader::Held;
use super::record::{Cells, NotesCut, note_cost};
use super::scan::{CELL_EXPECTED, cell_value, is_border};
use crate::board::Board;
use crate::format::Format;
use crate::notes::{MAX_NOTES_BYTES, Notes};
use crate::puzzle::{Puzzle, meta_of};

/// Collects the rows of a grid document, the lines around them, and what they say about its
/// format.
pub(super) struct GridBuilder {
    /// The digits of the rows read so far, 0 for a blank.
    pub(super) digits: Vec<u8>,
    /// The byte offsets of those cells.
    pub(super) offsets: Vec<u64>,
    pub(super) rows: usize,
    /// The lines that are not cells, with the rows before each.
    pub(super) notes: Notes,
    /// Bytes of notes that may still be kept.
    pub(super) note_room: usize,
    /// `.sdk` metadata or a `[Puzzle]` header was seen.
    pub(super) marked_sdk: bool,
    /// A line says this is a progress file (`#!sudoku-workbench progress 1`, wherever notes
    /// may stand: our files have it first, an editor may have put a line before it).
    pub(super) progress: bool,
    /// `#!` lines are plain comments (a collection's).
    pub(super) ignore_progress: bool,
    /// What of the notes was not kept.
    pub(super) cut: NotesCut,
    /// The `#!` lines read (the mark aside): a progress file's own lines if the mark is
    /// anywhere, else notes.
    pub(super) progress_lines: Vec<ProgressLine>,
    /// The other `#!` fields of a progress file.
    pub(super) fields: Vec<(String, String)>,
    /// A `|`, `-`, `*` or `+` was seen; `plus` for `+` corners.
    pub(super) border: bool,
    pub(super) plus: bool,
    /// Some row has two cells with nothing between them (`1..|...`), rather than `1 . .`.
    pub(super) compact: bool,
    /// Some row uses `.` or `_` for a blank.
    pub(super) dots: bool,
    /// The first row held the wrong number of cells; whether that is a bad row or a short
    /// one-line puzzle depends on whether another row follows.
    /// Holds the error and the cell count.
    pub(super) bad_first_row: Option<(ParseError, usize)>,
    /// The column after the end of that first row.
    pub(super) first_row_end: usize,
}

impl GridBuilder {
    pub(super) fn new(note_limit: usize) -> GridBuilder {
        GridBuilder {
            cut: NotesCut::default(),
            // Empty until a grid row comes: a collection makes one builder per line and never
            // feeds it a row, so reserving here would be two allocations per puzzle.
            digits: Vec::new(),
            offsets: Vec::new(),
            rows: 0,
            notes: Notes::new(),
            // Past what the notes can hold, a file's lines are dropped like a stream's.
            note_room: note_limit.min(MAX_NOTES_BYTES),
            marked_sdk: false,
            progress: false,
            ignore_progress: false,
            progress_lines: Vec::new(),
            fields: Vec::new(),
            border: false,
            plus: false,
            compact: false,
            dots: false,
            bad_first_row: None,
            first_row_end: 0,
        }
    }

    /// Keeps `text`, line `line`, as a note, if there is room; counts it in
    /// [`GridBuilder::cut`] if not. An error if the memory for it cannot be had.
    pub(super) fn note(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
        let cost = note_cost(text);
        if cost <= self.note_room {
            self.note_room -= cost;
            self.notes
                .try_push_line(self.rows as u8, text)
                .map_err(|_| out_of_memory(line))?;
        } else {
            // Past the limit nothing more is kept (a streaming reader must stay small), and
            // nothing after, so that the notes kept are the first ones, in order.
            self.note_room = 0;
            self.cut.dropped += 1;
            self.cut.meta_dropped += u64::from(meta_of(text).is_some());
        }
        Ok(())
    }

    pub(super) fn blank_line(&mut self) {}

    /// A `[Puzzle]` header, line `line`: `.sdk`.
    pub(super) fn header(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
        self.marked_sdk = true;
        self.note(text, line)
    }

    /// A `#` line: a progress file's `#!` line, `.sdk` metadata, or a comment; all but the
    /// progress lines are kept as notes. Whether a `#!` line is a progress line is known once
    /// the whole puzzle is read (the mark may come later): it is kept both ways until then.
    pub(super) fn comment(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
        if !self.ignore_progress {
            match progress_line(text, line) {
                Some(Err(e)) => return Err(e),
                Some(Ok(ProgressWords::Mark)) => {
                    // A second mark says nothing the first did not.
                    self.progress = true;
                    self.marked_sdk = true;
                    return Ok(());
                }
                Some(Ok(ProgressWords::Field { key, value, column })) => {
                    let (key, value) = (key.to_string(), value.to_string());
                    let note = (text.len() <= self.note_room).then_some(self.notes.len());
                    self.note(text, line)?;
                    self.progress_lines.try_reserve(1).map_err(|_| out_of_memory(line))?;
                    self.progress_lines.push(ProgressLine {
                        line,
                        column,
                        key,
                        value,
                        note,
                    });
                    return Ok(());
                }
                None => {}
            }
        }
        if meta_of(text).is_some() {
            self.marked_sdk = true;
        }
        self.note(text, line)
    }

    /// Reads one held content line; `true` if it was a row of cells (not a border line).
    pub(super) fn feed_held(&mut self, held: &Held) -> Result<bool, ParseError> {
        if held.truncated {
            return Err(ParseError::new(held.number, MAX_LINE, ParseErrorKind::LineTooLong));
        }
        self.feed(held.text.as_str(), held.number, held.start)
            .map_err(|e| utf8_error(e, held.invalid_at))
    }

    /// Reads one content line starting at byte `start`; `true` if it was a row of cells (not a
    /// border line).
    pub(super) fn feed(&mut self, text: &str, line: usize, start: u64) -> Result<bool, ParseError> {
        let mut row = [0u8; 9];
        let mut at = [0u64; 9];
        let mut cells = 0;
        let mut previous_was_cell = false;
        let mut tenth_column = 0;
        for (i, (byte, c)) in text.char_indices().enumerate() {
            if c.is_whitespace() || is_border(c) {
                self.border |= is_border(c);
                self.plus |= c == '+';
                previous_was_cell = false;
                continue;
            }
            let Some(v) = cell_value(c) else {
                return Err(ParseError::new(
                    line,
                    i + 1,
                    ParseErrorKind::UnexpectedChar {
                        found: c,
                        expected: CELL_EXPECTED,
                    },
                ));
            };
            self.compact |= previous_was_cell;
            self.dots |= matches!(c, '.' | '_');
            previous_was_cell = true;
            if cells < 9 {
                row[cells] = v;
                at[cells] = start + byte as u64;
            } else if cells == 9 {
                tenth_column = i + 1;
            }
            cells += 1;
        }
        if cells == 0 {
            // A border line is kept with the grid's layout, not as a note: the format draws it.
            return Ok(false);
        }
        if let Some((error, _)) = self.bad_first_row.take() {
            return Err(error);
        }
        if self.rows == 9 {
            return Err(ParseError::new(
                line,
                first_cell_column(text),
                ParseErrorKind::TooManyRows,
            ));
        }
        if cells > 9
            && let Some(error) = long_number(text, line)
        {
            return Err(error);
        }
        if cells != 9 {
            let column = if cells > 9 {
                tenth_column
            } else {
                text.chars().count() + 1
            };
            let error = ParseError::new(line, column, ParseErrorKind::RowLength { found: cells });
            if self.rows == 0 {
                self.bad_first_row = Some((error, cells));
                self.first_row_end = text.chars().count() + 1;
                return Ok(true);
            }
            return Err(error);
        }
        self.digits.extend_from_slice(&row);
        self.offsets.extend_from_slice(&at);
        self.rows += 1;
        Ok(true)
    }

    /// The format of a single puzzle written on one line, from the lines that came with it.
    pub(super) fn format_of_a_line(&self) -> Format {
        if self.progress {
            Format::Progress
        } else if self.marked_sdk {
            Format::Sdk
        } else {
            Format::Line
        }
    }
    /// The puzzle, where its cells are, and its format, once the input has ended; `next_line`
    /// is the line after the last.
    pub(super) fn finish(
        mut self,
        next_line: usize,
        hint: Option<Format>,
    ) -> Result<(Puzzle, Cells, Format), ParseError> {
        if let Some((error, cells)) = self.bad_first_row.take() {
            // A lone short line is more likely an 81-character puzzle cut short than a grid row.
            let kind = ParseErrorKind::TooFewCells { found: cells };
            return Err(ParseError {
                kind,
                column: self.first_row_end,
                ..error
            });
        }
        if self.rows < 9 {
            return Err(ParseError::new(
                next_line,
                1,
                ParseErrorKind::TooFewRows { found: self.rows },
            ));
        }
        // The grid's own shape first: a BOJ grid or a printed one with metadata lines keeps its
        // shape when saved. Metadata marks a compact grid as `.sdk` rather than `.ss`.
        let format = if self.progress {
            Format::Progress
        } else if self.plus {
            Format::Grid
        } else if self.border {
            Format::Ss
        } else if !self.compact && !self.dots {
            Format::Boj
        } else if !self.compact {
            Format::Grid
        } else if hint == Some(Format::Ss) && !self.marked_sdk {
            Format::Ss
        } else {
            Format::Sdk
        };
        let mut digits = [0; 81];
        digits.copy_from_slice(&self.digits);
        let mut offsets = Box::new([0u64; 81]);
        offsets.copy_from_slice(&self.offsets);
        let mut board = Board::from_givens(&digits);
        let marks = self.apply_progress(&mut board)?;
        let puzzle = Puzzle {
            board,
            notes: self.notes,
            comment: None,
            fields: self.fields,
            marks,
        };
        Ok((puzzle, Cells::Grid(offsets), format))
    }
}

/// In a row whose cells are separated by blanks, the first run of several digits, as an error:
/// `0 6 10 2` is a mistyped BOJ row, not a row of ten cells.
fn long_number(text: &str, line: usize) -> Option<ParseError> {
    let mut tokens = Vec::new();
    let mut column = 0;
    for word in text.split(|c: char| c.is_whitespace() || is_border(c)) {
        let width = word.chars().count();
        if width > 0 {
            tokens.push((column + 1, word));
        }
        column += width + 1;
    }
    let spaced = tokens.iter().filter(|(_, w)| w.chars().count() == 1).count() >= 2;
    let (column, token) = tokens.into_iter().find(|(_, w)| w.chars().count() > 1)?;
    spaced.then(|| {
        ParseError::new(
            line,
            column,
            ParseErrorKind::LongNumber {
                token: token.to_string(),
            },
        )
    })
}

fn first_cell_column(text: &str) -> usize {
    text.chars().position(|c| cell_value(c).is_some()).map_or(1, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MetaTag;
    use crate::board::Pos;
    use crate::parse::parse_document;
    use crate::parse::testing::{BOJ_SAMPLE, SAMPLE_LINE, meta_of, single};

    #[test]
    fn detects_every_format() {
        assert_eq!(single(BOJ_SAMPLE).0, Format::Boj);
        assert_eq!(single(SAMPLE_LINE).0, Format::Line);
        let sdk = "#A Someone\n#D A test\n[Puzzle]\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n\
                   ....1....\n...6.3.7.\n5..2.....\n1.4......\n";
        let (format, puzzle) = single(sdk);
        assert_eq!(format, Format::Sdk);
        assert_eq!(puzzle.board.to_string(), SAMPLE_LINE);
        assert_eq!(
            meta_of(&puzzle),
            vec![
                (MetaTag::Author, "Someone".into()),
                (MetaTag::Description, "A test".into())
            ]
        );
        let ss = "4..|...|8.5\n.3.|...|...\n...|7..|...\n-----------\n.2.|...|.6.\n...|.8.|4..\n...|.1.|...\n\
                  -----------\n...|6.3|.7.\n5..|2..|...\n1.4|...|...\n";
        assert_eq!(single(ss), (Format::Ss, Puzzle::new(SAMPLE_LINE.parse().unwrap())));
        let grid = Format::Grid.to_string(&Puzzle::new(SAMPLE_LINE.parse().unwrap()));
        assert_eq!(single(&grid).0, Format::Grid);
        // Compact rows without metadata: `.sdk` unless the file name says `.ss`.
        let compact: String = sdk.lines().skip(3).map(|l| format!("{l}\n")).collect();
        assert_eq!(single(&compact).0, Format::Sdk);
        let doc = parse_document(compact.as_bytes(), Some(Format::Ss)).unwrap();
        assert_eq!(doc.format, Format::Ss);
    }

    #[test]
    fn tolerates_crlf_bom_tabs_and_trailing_spaces() {
        let messy = format!("\u{feff}{}", BOJ_SAMPLE.replace(' ', " \t").replace('\n', "  \r\n"));
        let (format, puzzle) = single(&messy);
        assert_eq!(format, Format::Boj);
        assert_eq!(puzzle, single(BOJ_SAMPLE).1);
        let line = format!("\u{feff}{SAMPLE_LINE}\t  \r\n");
        assert_eq!(single(&line).1.board.to_string(), SAMPLE_LINE);
    }

    #[test]
    fn prose_after_a_hash_is_a_comment_not_metadata() {
        let text = format!("#Author unknown\n#A Real\n{}", BOJ_SAMPLE);
        let (format, puzzle) = single(&text);
        assert_eq!(
            format,
            Format::Boj,
            "a BOJ grid keeps its shape; its metadata is read all the same"
        );
        assert_eq!(meta_of(&puzzle), vec![(MetaTag::Author, "Real".into())]);
        assert_eq!(puzzle.board.digit(Pos::new(1).unwrap()).map(|d| d.get()), Some(3));
    }
}
