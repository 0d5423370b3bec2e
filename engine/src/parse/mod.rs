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
//! puzzle as a [`Note`], with where it stood, and every record knows the byte offsets of its cells
//! ([`Cells`]), so that a save can rewrite the cells of a file and nothing else.

use super::board::{Board, Cell, Digit, DigitSet, Pos};
use super::format::{Format, MAX_PLAY_COUNT, MAX_PLAY_SECONDS, PROGRESS_VERSION};
use super::marks::Marks;
use super::notes::{MAX_NOTES_BYTES, Notes};
use super::puzzle::{Puzzle, meta_of};
use super::text_buffer::InlineString;
use std::fmt;
use std::io::{self, BufRead};

/// Bytes kept of one line: far more than any puzzle line or grid row needs, few enough that a
/// file without line breaks never has to fit in memory. A puzzle line's comment is cut there; a
/// line whose cells do not fit is an error.
pub const MAX_LINE: usize = 64 * 1024;

/// Lines in a run of a collection taken whole ([`Reader::next_unparsed`]), at most: a run of
/// the largest size holds about 800 lines of puzzles, and the thread that takes it keeps a
/// result for each; 64 KiB of one-character lines must not make 32,768 of them.
const RUN_LINES: usize = 1024;

/// Bytes of one line read (and dropped) past [`MAX_LINE`] before reading stops: a line of a
/// quarter of a gigabyte is no puzzle file's, and an endless one (`/dev/zero`) must end.
const MAX_SKIP: u64 = 256 * 1024 * 1024;

/// Bytes of notes a streaming [`Reader`] keeps unless told otherwise: notes belong to a single
/// puzzle, and a collection's comments must not pile up in memory while it streams. A note
/// counts its text and the room it takes in the list (4 bytes), so that a limit bounds
/// the memory of many short lines as well as of a few long ones.
pub const DEFAULT_NOTE_LIMIT: usize = 1024 * 1024;

/// More significant characters than a grid row could hold: the first line with this many is a
/// puzzle line. A row has 9 cells; a few stray extra cells must still read as a bad row.
const LINE_MODE_THRESHOLD: usize = 20;

/// What a cell position accepts.
const CELL_EXPECTED: &str = "a digit 0-9 or '.'";

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
    fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

/// The error of a text whose memory ran out at line `line`.
fn out_of_memory(line: usize) -> ParseError {
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
    fn of_line(truncated: bool) -> NotesCut {
        NotesCut {
            shortened: u64::from(truncated),
            ..NotesCut::default()
        }
    }
}

/// The bytes a note of `text` counts against a note limit: its text and its place in the list.
fn note_cost(text: &str) -> usize {
    // A packed line costs its text and four bytes (`Notes`).
    text.len() + 4
}

/// Streams the puzzles of a text: one for a grid document, one per line for a line document.
///
/// In a collection a malformed line yields its error and reading goes on with the next line.
pub struct Reader<R> {
    input: R,
    hint: Option<Format>,
    /// The current line's bytes, without its line end, cut at [`MAX_LINE`].
    buf: Vec<u8>,
    /// Whether the current line went on past [`MAX_LINE`].
    truncated: bool,
    /// The rest of the current line is still to be skipped (it went on past [`MAX_LINE`]).
    skip_rest: bool,
    /// The last line ended with a carriage return: a line feed right after it belongs to it.
    skip_lf: bool,
    /// The current line has been read but not handled yet (a look-ahead while detecting).
    reuse_current: bool,
    line: usize,
    /// Bytes consumed from the input so far.
    consumed: u64,
    /// The byte offset of the current line's first character (after a byte-order mark).
    line_start: u64,
    shape: Shape,
    format: Option<Format>,
    collection: bool,
    note_limit: usize,
    /// Bytes kept of one line: [`MAX_LINE`] for a stream, all of it for a text already in
    /// memory ([`parse_from`]: a file the workbench opens keeps its longest comment whole).
    line_limit: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Nothing read yet.
    Start,
    /// A line document: every further content line is a puzzle.
    Lines,
    /// All puzzles have been returned (or reading failed).
    Done,
}

/// What [`Reader::next_chunk`] took from the input: a puzzle read, or lines of a collection
/// still to parse, on whichever thread calls [`Chunk::read`].
#[must_use = "a chunk holds puzzles taken from the input: read it"]
pub struct Chunk(Next);

impl Chunk {
    /// Whether reading failed on the input itself (an I/O error): the reader gives nothing more.
    pub fn is_io_error(&self) -> bool {
        matches!(&self.0, Next::Parsed(parsed) if matches!(**parsed, Err(ReadError::Io(_))))
    }

    /// Parses what was taken and hands `each` the items, in order, that the reader would have
    /// given one by one.
    pub fn read(self, mut each: impl FnMut(Result<Record, ReadError>)) {
        match self.0 {
            Next::Parsed(parsed) => each(*parsed),
            Next::Unparsed(line) => each(line.parse()),
            Next::Lines(lines) => lines.reader().for_each(each),
        }
    }
}

/// An item of [`Reader::next_unparsed`].
pub(crate) enum Next {
    /// A puzzle read, or why it could not be (boxed: the first line of a collection, or the
    /// puzzles of a document, the rare case).
    Parsed(Box<Result<Record, ReadError>>),
    /// A puzzle line of a collection, to parse.
    Unparsed(Unparsed),
    /// A run of whole lines of a collection, as they came: their puzzles, read by
    /// [`Lines::reader`], are what the reader would have given line by line.
    Lines(Lines),
}

/// Whole lines of a collection taken from the input in one piece, with where they start: the
/// thread that reads them cuts them into lines and parses them, so that the thread that takes
/// them from the input only copies bytes and counts line ends.
pub(crate) struct Lines {
    bytes: Vec<u8>,
    /// The number of the line before the first one.
    line: usize,
    /// The byte offset of the first line in the input.
    consumed: u64,
    format: Option<Format>,
    hint: Option<Format>,
}

impl Lines {
    /// A reader of these lines, at the place of the input they came from: its items are the
    /// ones the reader that took them would have given.
    pub(crate) fn reader(&self) -> Reader<&[u8]> {
        let mut reader = Reader::new(&self.bytes[..]);
        reader.hint = self.hint;
        reader.shape = Shape::Lines;
        reader.collection = true;
        reader.format = self.format;
        reader.line = self.line;
        reader.consumed = self.consumed;
        reader.line_start = self.consumed;
        reader
    }
}

/// A puzzle line of a collection taken from the input but not parsed yet.
pub(crate) struct Unparsed(Held);

impl Unparsed {
    /// The puzzle of the line, or why it does not read: what the reader would have given.
    pub(crate) fn parse(&self) -> Result<Record, ReadError> {
        let held = &self.0;
        parse_held(held)
            .map(|(puzzle, lead)| Record {
                line: held.number,
                cells: cells_of_line(&puzzle, held.start + lead as u64),
                puzzle,
                notes_cut: NotesCut::of_line(held.truncated),
            })
            .map_err(Into::into)
    }
}

/// A line kept while the reader looks ahead at the next one.
struct Held {
    number: usize,
    start: u64,
    /// Inline: a collection's lines wait in batches, and a line of the usual size then costs
    /// no allocation.
    text: InlineString,
    truncated: bool,
    invalid_at: Option<usize>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`, keeping up to [`DEFAULT_NOTE_LIMIT`] bytes of notes.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            hint: None,
            buf: Vec::with_capacity(128),
            truncated: false,
            skip_rest: false,
            skip_lf: false,
            reuse_current: false,
            line: 0,
            consumed: 0,
            line_start: 0,
            shape: Shape::Start,
            format: None,
            collection: false,
            note_limit: DEFAULT_NOTE_LIMIT,
            line_limit: MAX_LINE,
        }
    }

    /// Breaks ties between look-alike formats (`.sdk` and `.ss` rows are both `1..2..3..`) with the
    /// format a file name suggests.
    pub fn with_hint(mut self, hint: Option<Format>) -> Reader<R> {
        self.hint = hint;
        self
    }

    /// Keeps up to `bytes` of a single puzzle's notes; past that, notes are dropped.
    pub fn with_note_limit(mut self, bytes: usize) -> Reader<R> {
        self.note_limit = bytes;
        self
    }

    /// Keeps every byte of every line: for a text whose size is already bounded (a file read
    /// whole, a paste), where a line cut would be a comment lost when the puzzle is saved.
    fn with_whole_lines(mut self) -> Reader<R> {
        self.line_limit = usize::MAX;
        self
    }

    /// The format of the text, known once the first puzzle has been read.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// Bytes taken from the input so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Whether the text is a collection: more than one puzzle line (known once the first
    /// puzzle has been read).
    pub fn is_collection(&self) -> bool {
        self.collection
    }

    /// Reads the next line into `buf`, without its line end (`\n`, `\r\n` or a lone `\r`);
    /// `false` at the end of the input.
    fn fill_line(&mut self) -> Result<bool, ReadError> {
        if std::mem::take(&mut self.reuse_current) {
            return Ok(true);
        }
        if std::mem::take(&mut self.skip_rest) {
            self.skip_line()?;
        }
        self.buf.clear();
        self.truncated = false;
        self.line_start = self.consumed;
        let mut read_any = false;
        loop {
            let chunk = fill(&mut self.input)?;
            if chunk.is_empty() {
                break;
            }
            if std::mem::take(&mut self.skip_lf) && chunk[0] == b'\n' {
                self.input.consume(1);
                self.consumed += 1;
                self.line_start = self.consumed;
                continue;
            }
            read_any = true;
            let end = line_end(chunk);
            let take = end.unwrap_or(chunk.len());
            let room = self.line_limit - self.buf.len();
            // A line is as long as the text makes it (a file read whole keeps its lines whole):
            // the memory for it is asked for, not assumed.
            if self.buf.try_reserve(take.min(room)).is_err() {
                self.shape = Shape::Done;
                return Err(out_of_memory(self.line + 1).into());
            }
            if take > room {
                // Keep what fits; the rest of the line is skipped when the next line is asked
                // for, so that a line without end is not read before it is reported.
                self.truncated = true;
                self.buf.extend_from_slice(&chunk[..room]);
                self.input.consume(room);
                self.consumed += room as u64;
                self.skip_rest = true;
                break;
            }
            self.buf.extend_from_slice(&chunk[..take]);
            match end {
                Some(i) => {
                    self.skip_lf = chunk[i] == b'\r';
                    self.input.consume(i + 1);
                    self.consumed += i as u64 + 1;
                    break;
                }
                None => {
                    self.input.consume(take);
                    self.consumed += take as u64;
                }
            }
        }
        if !read_any {
            return Ok(false);
        }
        self.line += 1;
        if self.line == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
            self.buf.drain(..3);
            self.line_start += 3;
        }
        Ok(true)
    }

    /// Skips the rest of an over-long line, up to [`MAX_SKIP`] bytes; past that, the input is
    /// not read any further.
    fn skip_line(&mut self) -> Result<(), ReadError> {
        let mut skipped = 0u64;
        loop {
            let chunk = fill(&mut self.input)?;
            if chunk.is_empty() {
                return Ok(());
            }
            if let Some(i) = line_end(chunk) {
                self.skip_lf = chunk[i] == b'\r';
                self.input.consume(i + 1);
                self.consumed += i as u64 + 1;
                return Ok(());
            }
            let n = chunk.len();
            self.input.consume(n);
            self.consumed += n as u64;
            skipped += n as u64;
            if skipped > MAX_SKIP {
                self.shape = Shape::Done;
                return Err(ParseError::new(self.line, 1, ParseErrorKind::EndlessLine).into());
            }
        }
    }

    /// The current line as text, invalid UTF-8 replaced by U+FFFD, and the column of the first
    /// invalid sequence. Comments may hold any bytes; cells must be UTF-8 (see [`utf8_error`]).
    fn text(&self) -> (std::borrow::Cow<'_, str>, Option<usize>) {
        match std::str::from_utf8(&self.buf) {
            Ok(text) => (std::borrow::Cow::Borrowed(text), None),
            Err(e) => {
                let valid = std::str::from_utf8(&self.buf[..e.valid_up_to()]).unwrap_or_default();
                // A character split by the cut at MAX_LINE is not an error in the text.
                let at = (!(self.truncated && e.error_len().is_none())).then(|| valid.chars().count() + 1);
                (String::from_utf8_lossy(&self.buf), at)
            }
        }
    }

    fn hold(&self) -> Held {
        let (text, invalid_at) = self.text();
        Held {
            number: self.line,
            start: self.line_start,
            text: InlineString::new(&text),
            truncated: self.truncated,
            invalid_at,
        }
    }

    /// Reads up to the next content line, giving the lines before it to `grid` (as notes, if it
    /// keeps them).
    fn next_content(&mut self, grid: &mut GridBuilder) -> Result<bool, ReadError> {
        loop {
            if !self.fill_line()? {
                return Ok(false);
            }
            let (text, _) = self.text();
            let kind = classify(&text, self.truncated);
            if self.truncated && matches!(kind, Line::Comment | Line::Header) {
                // Kept cut at MAX_LINE (a line without end must not fill the memory): said.
                grid.cut.shortened += 1;
                grid.cut.meta_shortened += u64::from(meta_of(&text).is_some());
            }
            match kind {
                Line::Blank => grid.blank_line(),
                Line::Comment => grid.comment(&text, self.line)?,
                Line::Header => grid.header(&text, self.line)?,
                Line::Content => return Ok(true),
            }
        }
    }

    /// Decides the shape of the document from its first content lines and returns its first
    /// puzzle (or the error of its first line).
    fn start(&mut self) -> Result<Record, ReadError> {
        let mut grid = GridBuilder::new(self.note_limit);
        if !self.next_content(&mut grid)? {
            self.shape = Shape::Done;
            // Said as what there was: nothing; a progress file's lines without their grid (not
            // comments); blank lines and comments.
            let kind = if self.consumed == 0 {
                ParseErrorKind::EmptyInput
            } else if grid.progress || !grid.progress_lines.is_empty() {
                ParseErrorKind::ProgressWithoutGrid
            } else {
                ParseErrorKind::NoPuzzle
            };
            return Err(ParseError::new(self.line.max(1), 1, kind).into());
        }
        let first = self.hold();
        if let Some((column, kind)) = binary_column(first.text.as_str(), first.invalid_at) {
            // Not text at all: there is nothing to read line by line.
            self.shape = Shape::Done;
            return Err(ParseError::new(first.number, column, kind).into());
        }
        if is_puzzle_line(first.text.as_str()) {
            return self.start_with_a_line(first, grid);
        }
        // A short first line: a grid row, or a bad first line of a collection. The next content
        // line tells which.
        let notes_after_first = grid.notes.len();
        let has_second = self.next_content(&mut grid)?;
        if has_second && is_puzzle_line(&self.text().0) {
            self.shape = Shape::Lines;
            self.collection = true;
            self.format = Some(Format::Line);
            self.reuse_current = true;
            // A short line is never a whole puzzle line, so this is an error.
            let error = parse_held(&first)
                .err()
                .unwrap_or_else(|| ParseError::new(first.number, 1, ParseErrorKind::TooFewCells { found: 0 }));
            return Err(error.into());
        }
        self.shape = Shape::Done;
        let mut first_row_line = 0;
        if grid.feed_held(&first)? {
            first_row_line = first.number;
        }
        // The lines read while looking past the first row stood after it.
        grid.notes.set_rows_from(notes_after_first, grid.rows.min(9) as u8);
        if has_second {
            self.reuse_current = true;
            while self.next_content(&mut grid)? {
                let current = self.hold();
                if grid.feed_held(&current)? && first_row_line == 0 {
                    first_row_line = current.number;
                }
            }
        }
        let notes_cut = grid.cut;
        let (puzzle, cells, format) = grid.finish(self.line + 1, self.hint)?;
        self.format = Some(format);
        Ok(Record {
            line: first_row_line,
            puzzle,
            cells,
            notes_cut,
        })
    }

    /// The first content line is a puzzle line: alone, it is a single puzzle (`.sdk` when
    /// metadata came with it, a progress file when it says so); followed by more content, the
    /// first line of a collection, whose comments belong to the file, not to a puzzle.
    fn start_with_a_line(&mut self, first: Held, mut grid: GridBuilder) -> Result<Record, ReadError> {
        let parsed = parse_held(&first);
        grid.rows = 9;
        let more = self.next_content(&mut grid)?;
        if more {
            self.shape = Shape::Lines;
            self.collection = true;
            self.format = Some(Format::Line);
            self.reuse_current = true;
            let (puzzle, lead) = parsed?;
            // The lines before belong to the file, not to this puzzle: only its comment counts.
            return Ok(Record {
                line: first.number,
                cells: cells_of_line(&puzzle, first.start + lead as u64),
                puzzle,
                notes_cut: NotesCut::of_line(first.truncated),
            });
        }
        self.shape = Shape::Done;
        let (mut puzzle, lead) = parsed?;
        let format = if puzzle.marks.is_some() {
            Format::Candidates
        } else {
            grid.format_of_a_line()
        };
        if let Some(marks) = grid.apply_progress(&mut puzzle.board)? {
            puzzle.marks = Some(marks);
        }
        puzzle.notes = grid.notes;
        puzzle.fields = grid.fields;
        self.format = Some(format);
        let mut notes_cut = grid.cut;
        notes_cut.shortened += u64::from(first.truncated);
        Ok(Record {
            line: first.number,
            cells: cells_of_line(&puzzle, first.start + lead as u64),
            puzzle,
            notes_cut,
        })
    }

    /// The next item, as [`Iterator::next`] gives it, except that past the first line of a
    /// collection its puzzle lines come unparsed: up to `most` bytes of whole lines in one
    /// piece where the input holds them at hand ([`Lines`]), a line at a time where it does not
    /// ([`Unparsed`], a line that goes on past what the input has read). The cutting into lines
    /// and the parsing, most of the cost of reading a collection, can then be done on other
    /// threads.
    pub(crate) fn next_unparsed(&mut self, most: usize) -> Option<Next> {
        if self.shape != Shape::Lines {
            return self.next().map(|item| Next::Parsed(Box::new(item)));
        }
        match self.take_lines(most) {
            Ok(Some(lines)) => return Some(Next::Lines(lines)),
            Ok(None) if self.shape == Shape::Done => return None,
            Ok(None) => {}
            Err(e) => {
                self.shape = Shape::Done;
                return Some(Next::Parsed(Box::new(Err(e))));
            }
        }
        let mut ignored = GridBuilder::new(0);
        ignored.ignore_progress = true;
        match self.next_content(&mut ignored) {
            Ok(true) => Some(Next::Unparsed(Unparsed(self.hold()))),
            Ok(false) => {
                self.shape = Shape::Done;
                None
            }
            Err(e) => {
                self.shape = Shape::Done;
                Some(Next::Parsed(Box::new(Err(e))))
            }
        }
    }

    /// The next item, as [`Iterator::next`] gives it, or past the first line of a collection
    /// up to `most` bytes of its lines taken whole and not parsed yet: [`Chunk::read`] parses
    /// them, on another thread if need be, into what the reader would have given one by one.
    ///
    /// ```
    /// use sudoku_engine::Reader;
    ///
    /// let lines = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n".repeat(3);
    /// let mut reader = Reader::new(lines.as_bytes());
    /// let mut puzzles = 0;
    /// while let Some(chunk) = reader.next_chunk(64 * 1024) {
    ///     chunk.read(|record| puzzles += usize::from(record.is_ok()));
    /// }
    /// assert_eq!(puzzles, 3);
    /// ```
    pub fn next_chunk(&mut self, most: usize) -> Option<Chunk> {
        self.next_unparsed(most).map(Chunk)
    }

    /// Up to `most` bytes and [`RUN_LINES`] lines of whole lines from the input's buffer
    /// (filled first if empty), if it starts with a whole line. At the end of the input,
    /// nothing, and reading is over (the end is read once: on a terminal each read of it is a
    /// Ctrl-D). A line that goes on past the buffer is left to the line-by-line path.
    fn take_lines(&mut self, most: usize) -> Result<Option<Lines>, ReadError> {
        if self.reuse_current || self.skip_rest {
            return Ok(None);
        }
        let chunk = fill(&mut self.input)?;
        if chunk.is_empty() {
            // The end of the input: read once, not again by the line-by-line path.
            self.shape = Shape::Done;
            return Ok(None);
        }
        // A line feed right after a carriage return ends the same line.
        let from = usize::from(self.skip_lf && chunk.first() == Some(&b'\n'));
        let window = &chunk[from..chunk.len().min(from.saturating_add(most))];
        let Some(mut end) = last_line_end(window) else {
            return Ok(None);
        };
        let mut count = count_line_ends(&window[..=end]);
        if count > RUN_LINES {
            // Short lines: as many as a run of lines of the usual length, no more.
            end = nth_line_end(window, RUN_LINES).unwrap_or(end);
            count = RUN_LINES;
        }
        let bytes = window[..=end].to_vec();
        let lines = Lines {
            line: self.line,
            consumed: self.consumed + from as u64,
            format: self.format,
            hint: self.hint,
            bytes,
        };
        self.skip_lf = lines.bytes[end] == b'\r';
        self.line += count;
        self.input.consume(from + end + 1);
        self.consumed += (from + end + 1) as u64;
        Ok(Some(lines))
    }

    /// The next puzzle line of a line document, skipping blank lines and comments.
    fn next_line_puzzle(&mut self) -> Option<Result<Record, ReadError>> {
        // A collection's comments belong to the file: none is kept while it streams.
        let mut ignored = GridBuilder::new(0);
        ignored.ignore_progress = true;
        match self.next_content(&mut ignored) {
            Ok(true) => {}
            Ok(false) => {
                self.shape = Shape::Done;
                return None;
            }
            Err(e) => {
                self.shape = Shape::Done;
                return Some(Err(e));
            }
        }
        let (text, invalid_at) = self.text();
        let line = self.line;
        let start = self.line_start;
        let result = parse_line(&text, line, self.truncated).map_err(|e| utf8_error(e, invalid_at));
        Some(
            result
                .map(|(puzzle, lead)| Record {
                    line,
                    cells: cells_of_line(&puzzle, start + lead as u64),
                    puzzle,
                    notes_cut: NotesCut::of_line(self.truncated),
                })
                .map_err(Into::into),
        )
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.shape {
            Shape::Start => {
                let first = self.start();
                if first.is_err() && self.shape == Shape::Start {
                    self.shape = Shape::Done;
                }
                Some(first)
            }
            Shape::Lines => self.next_line_puzzle(),
            Shape::Done => None,
        }
    }
}

/// Where the cells of a puzzle line starting at `first` are: 81 characters, or 729 for a
/// candidates line.
fn cells_of_line(puzzle: &Puzzle, first: u64) -> Cells {
    if puzzle.marks.is_some() {
        Cells::Candidates(first)
    } else {
        Cells::Line(first)
    }
}

/// The lines of `text`, each with its line end: `\n`, `\r\n`, a lone `\r`, or nothing for a
/// last line without one. These are the lines the reader counts; a file rewritten line by line
/// gives each line back the end it had.
pub fn lines_with_ends(text: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (length, end) = match line_end(rest) {
            Some(i) => (i, 1 + usize::from(rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n'))),
            None => (rest.len(), 0),
        };
        let (line, tail) = rest.split_at(length);
        let (end, next) = tail.split_at(end);
        rest = next;
        Some((line, end))
    })
}

/// Where the `n`th line end of `bytes` ends (a `\r\n` ends at its `\n`), if it has as many.
fn nth_line_end(bytes: &[u8], n: usize) -> Option<usize> {
    let mut from = 0;
    for _ in 0..n.checked_sub(1)? {
        let end = from + line_end(&bytes[from..])?;
        from = end + 1 + usize::from(bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n'));
    }
    let end = from + line_end(bytes.get(from..)?)?;
    Some(end + usize::from(bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n')))
}

/// Where the last line break (`\n` or `\r`) of `bytes` is.
fn last_line_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&b| b == b'\n' || b == b'\r')
}

/// The lines `bytes` ends: its line feeds and its carriage returns not followed by one (a line
/// may end in `\n`, `\r\n` or `\r`). This runs on the thread that feeds all the others, over
/// every byte of a collection: line breaks are counted 64 bytes a step ([`count_in_bytes`]),
/// and the pairs looked for only where there are carriage returns at all. (Three passes, one
/// over byte pairs, took 1.2 ms of the 85 of 17-clue pinned to one core; now 7 `perf` samples
/// where they took 181, over 30 runs.)
fn count_line_ends(bytes: &[u8]) -> usize {
    let feeds = count_in_bytes(bytes, b'\n');
    let returns = count_in_bytes(bytes, b'\r');
    if returns == 0 {
        return feeds;
    }
    let pairs = bytes.windows(2).filter(|pair| pair == b"\r\n").count();
    feeds + returns - pairs
}

/// How many bytes of `bytes` are `byte`. Counted in 64 byte-wide counters, one per byte of a
/// 64-byte block, which the compiler does as a compare and a subtract per block (a count in
/// `usize` per byte would take lanes eight times as wide); up to 255 blocks at a time, so that
/// no counter overflows.
///
/// ```text
/// bytes:    | stretch: 255 blocks of 64 bytes | stretch | ... | last stretch: blocks, tail |
/// a block:  b0 b1 ... b63  ->  lanes[i] += (b_i == byte)  (each lane at most 255)
/// ```
fn count_in_bytes(bytes: &[u8], byte: u8) -> usize {
    const LANES: usize = 64;
    // The most blocks a lane can count: one a block, up to a byte's largest value.
    const BLOCKS: usize = u8::MAX as usize;
    bytes
        .chunks(BLOCKS * LANES)
        .map(|stretch| {
            let mut lanes = [0u8; LANES];
            let mut blocks = stretch.chunks_exact(LANES);
            for block in blocks.by_ref() {
                for (lane, &b) in lanes.iter_mut().zip(block) {
                    *lane += u8::from(b == byte);
                }
            }
            let tail = blocks.remainder().iter().filter(|&&b| b == byte).count();
            lanes.iter().map(|&n| usize::from(n)).sum::<usize>() + tail
        })
        .sum()
}

/// Where the first line break (`\n` or `\r`) of `bytes` is. Eight bytes at a time: reading is a
/// measurable part of solving a collection of easy puzzles, and a line is about 82 bytes.
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    // A byte of `x` is zero exactly where the top bit of the result is set (in the lowest such
    // byte at least: a borrow only spreads upwards, which the lowest match is not affected by).
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x & TOPS;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let found = zero_bytes(w ^ (ONES * u64::from(b'\n'))) | zero_bytes(w ^ (ONES * u64::from(b'\r')));
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| at + i)
}

/// Whether a content line holds more significant characters than a grid row could: a puzzle line.
fn is_puzzle_line(text: &str) -> bool {
    text.chars().filter(|&c| !c.is_whitespace() && !is_border(c)).count() >= LINE_MODE_THRESHOLD
}

/// The column where a first content line stops being text (invalid UTF-8 or a NUL byte before
/// where its cells end), if it does, and which of the two it is (a NUL byte is valid UTF-8: it
/// is named as what it is): such a file is binary, not a puzzle file with a typo.
fn binary_column(text: &str, invalid_at: Option<usize>) -> Option<(usize, ParseErrorKind)> {
    let nul = text.chars().position(|c| c == '\0').map(|i| i + 1);
    let comment_from = text.chars().scan(0, |cells, c| {
        *cells += usize::from(cell_value(c).is_some());
        Some(*cells)
    });
    let cells_end = comment_from.take_while(|&n| n < 81).count() + 1;
    [
        invalid_at.map(|at| (at, ParseErrorKind::InvalidUtf8)),
        nul.map(|at| (at, ParseErrorKind::NulByte)),
    ]
    .into_iter()
    .flatten()
    .filter(|&(column, _)| column <= cells_end)
    .min_by_key(|&(column, _)| column)
}

fn parse_held(held: &Held) -> Result<(Puzzle, usize), ParseError> {
    parse_line(held.text.as_str(), held.number, held.truncated).map_err(|e| utf8_error(e, held.invalid_at))
}

/// An error about U+FFFD where the line had invalid UTF-8 is an error about the bytes.
fn utf8_error(error: ParseError, invalid_at: Option<usize>) -> ParseError {
    match error.kind {
        ParseErrorKind::UnexpectedChar { found: '\u{FFFD}', .. } if invalid_at == Some(error.column) => ParseError {
            kind: ParseErrorKind::InvalidUtf8,
            ..error
        },
        _ => error,
    }
}

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
    let format = reader.format.unwrap_or(Format::Line);
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    Blank,
    /// A `#` line.
    Comment,
    /// A `[Puzzle]`-style section header.
    Header,
    Content,
}

/// The next bytes of `input` (empty at its end), read again when a signal interrupted it.
fn fill<R: BufRead>(input: &mut R) -> Result<&[u8], ReadError> {
    loop {
        match input.fill_buf() {
            // The end: asked again, a terminal would wait for another Ctrl-D.
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(ReadError::Io(e)),
        }
    }
    // Bytes are buffered: this returns them without reading. (Returning the first call's slice
    // from the loop is a borrow today's checker refuses.)
    input.fill_buf().map_err(ReadError::Io)
}

/// What kind of line `text` is; a line cut at [`MAX_LINE`] that looks blank is content (too long).
fn classify(text: &str, truncated: bool) -> Line {
    let trimmed = text.trim_start();
    match trimmed.chars().next() {
        None if truncated => Line::Content,
        None => Line::Blank,
        Some('#') => Line::Comment,
        Some('[') => Line::Header,
        Some(_) => Line::Content,
    }
}

/// Characters that draw grid borders and box separators.
fn is_border(c: char) -> bool {
    matches!(c, '|' | '+' | '-' | '*')
}

/// The value of a cell character: `Some(0)` for a blank, `None` if it is not a cell.
fn cell_value(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '.' | '_' => Some(0),
        _ => None,
    }
}

/// One puzzle written as 81 cells on a line, and the byte offset of its first cell; leading
/// blanks are skipped, text after the 81st cell is kept as a comment.
fn parse_line(text: &str, line: usize, truncated: bool) -> Result<(Puzzle, usize), ParseError> {
    if let Some(candidates) = parse_candidates(text, line) {
        return candidates;
    }
    // The usual line, 81 ASCII cells first: read as bytes. Anything else, errors included, is
    // read character by character below, which gives the same puzzle for this line.
    let bytes = text.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    if let Some(cells) = bytes.get(start..start + 81) {
        // Every byte looked at, without stopping at the first that is not a cell: a loop the
        // compiler turns into vector instructions. (With this and line ends found eight bytes at a
        // time, `solve --jobs 1` on the first 5,000 17-clue puzzles went from 86.6M instructions
        // to 76.7M, callgrind, with the other changes of that commit.)
        let mut digits = [0u8; 81];
        let mut all_cells = true;
        for (digit, &b) in digits.iter_mut().zip(cells) {
            let value = b.wrapping_sub(b'0');
            let is_digit = value <= 9;
            all_cells &= is_digit | (b == b'.') | (b == b'_');
            *digit = if is_digit { value } else { 0 };
        }
        if all_cells {
            let mut puzzle = Puzzle::new(Board::from_givens(&digits));
            let comment = text[start + 81..].trim();
            if !comment.is_empty() {
                puzzle.comment = Some(comment.to_string());
            }
            return Ok((puzzle, start));
        }
    }
    let mut digits = [0u8; 81];
    let mut found = 0;
    let mut first_byte = None;
    let mut chars = text
        .char_indices()
        .enumerate()
        .skip_while(|(_, (_, c))| c.is_whitespace());
    // Where the cells stopped; the end of the line unless a blank stopped them first.
    let mut end_column = None;
    let mut comment = "";
    for (column, (byte, c)) in chars.by_ref() {
        match cell_value(c) {
            Some(v) => {
                first_byte.get_or_insert(byte);
                digits[found] = v;
                found += 1;
                if found == 81 {
                    comment = text[byte + c.len_utf8()..].trim();
                    break;
                }
            }
            None if c.is_whitespace() => {
                end_column = Some(column + 1);
                break;
            }
            None => {
                return Err(ParseError::new(
                    line,
                    column + 1,
                    ParseErrorKind::UnexpectedChar {
                        found: c,
                        expected: CELL_EXPECTED,
                    },
                ));
            }
        }
    }
    if found < 81 {
        let line_end = text.chars().count() + 1;
        let kind = match end_column {
            None if truncated => ParseErrorKind::LineTooLong,
            _ => ParseErrorKind::TooFewCells { found },
        };
        return Err(ParseError::new(line, end_column.unwrap_or(line_end), kind));
    }
    let mut puzzle = Puzzle::new(Board::from_givens(&digits));
    if !comment.is_empty() {
        puzzle.comment = Some(comment.to_string());
    }
    Ok((puzzle, first_byte.unwrap_or(0)))
}

/// A candidates line (the Sukaku or tdoku form): 729 characters, nine per cell, the `k`-th of a
/// cell's nine the digit `k` if it is a candidate, else `.` or `0`. A cell with one candidate is
/// a given. `None` if the line does not start with 729 cell characters followed by its end or a
/// blank (it is then read as a puzzle line).
fn parse_candidates(text: &str, line: usize) -> Option<Result<(Puzzle, usize), ParseError>> {
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
    let mut marks = [super::board::DigitSet::EMPTY; 81];
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

/// A `#!` line of a progress file, kept until the givens are known.
struct ProgressLine {
    line: usize,
    /// The column of the value's first character.
    column: usize,
    key: String,
    value: String,
    /// Where the line is among the notes, until the file is known to be a progress file (its
    /// mark may come after it): a plain `.sdk` keeps it as a note. `None` once past the limit
    /// on notes.
    note: Option<usize>,
}

/// Collects the rows of a grid document, the lines around them, and what they say about its
/// format.
struct GridBuilder {
    /// The digits of the rows read so far, 0 for a blank.
    digits: Vec<u8>,
    /// The byte offsets of those cells.
    offsets: Vec<u64>,
    rows: usize,
    /// The lines that are not cells, with the rows before each.
    notes: Notes,
    /// Bytes of notes that may still be kept.
    note_room: usize,
    /// `.sdk` metadata or a `[Puzzle]` header was seen.
    marked_sdk: bool,
    /// A line says this is a progress file (`#!sudoku-workbench progress 1`, wherever notes
    /// may stand: our files have it first, an editor may have put a line before it).
    progress: bool,
    /// `#!` lines are plain comments (a collection's).
    ignore_progress: bool,
    /// What of the notes was not kept.
    cut: NotesCut,
    /// The `#!` lines read (the mark aside): a progress file's own lines if the mark is
    /// anywhere, else notes.
    progress_lines: Vec<ProgressLine>,
    /// The other `#!` fields of a progress file.
    fields: Vec<(String, String)>,
    /// A `|`, `-`, `*` or `+` was seen; `plus` for `+` corners.
    border: bool,
    plus: bool,
    /// Some row has two cells with nothing between them (`1..|...`), rather than `1 . .`.
    compact: bool,
    /// Some row uses `.` or `_` for a blank.
    dots: bool,
    /// The first row held the wrong number of cells; whether that is a bad row or a short
    /// one-line puzzle depends on whether another row follows.
    /// Holds the error and the cell count.
    bad_first_row: Option<(ParseError, usize)>,
    /// The column after the end of that first row.
    first_row_end: usize,
}

impl GridBuilder {
    fn new(note_limit: usize) -> GridBuilder {
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
    fn note(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
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

    fn blank_line(&mut self) {}

    /// A `[Puzzle]` header, line `line`: `.sdk`.
    fn header(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
        self.marked_sdk = true;
        self.note(text, line)
    }

    /// A `#` line: a progress file's `#!` line, `.sdk` metadata, or a comment; all but the
    /// progress lines are kept as notes. Whether a `#!` line is a progress line is known once
    /// the whole puzzle is read (the mark may come later): it is kept both ways until then.
    fn comment(&mut self, text: &str, line: usize) -> Result<(), ParseError> {
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
    fn feed_held(&mut self, held: &Held) -> Result<bool, ParseError> {
        if held.truncated {
            return Err(ParseError::new(held.number, MAX_LINE, ParseErrorKind::LineTooLong));
        }
        self.feed(held.text.as_str(), held.number, held.start)
            .map_err(|e| utf8_error(e, held.invalid_at))
    }

    /// Reads one content line starting at byte `start`; `true` if it was a row of cells (not a
    /// border line).
    fn feed(&mut self, text: &str, line: usize, start: u64) -> Result<bool, ParseError> {
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
    fn format_of_a_line(&self) -> Format {
        if self.progress {
            Format::Progress
        } else if self.marked_sdk {
            Format::Sdk
        } else {
            Format::Line
        }
    }

    /// Puts a progress file's entries and solver digits on `board` (its givens), and keeps its
    /// other `#!` lines as fields; its `#!note` lines are notes again. In a file without the
    /// mark, the `#!` lines stay the notes they were read as.
    fn apply_progress(&mut self, board: &mut Board) -> Result<Option<Box<[DigitSet; 81]>>, ParseError> {
        let lines = std::mem::take(&mut self.progress_lines);
        if !self.progress {
            return Ok(None);
        }
        // Out of the notes (packed, so they are written again without them); a `#!note` line
        // is a note of the puzzle's own that looked like a progress line.
        let mut placed: Vec<(usize, bool)> = lines
            .iter()
            .filter_map(|p| {
                p.note
                    .filter(|&at| at < self.notes.len())
                    .map(|at| (at, p.key == "note"))
            })
            .collect();
        if !placed.is_empty() {
            placed.sort_unstable();
            let mut kept = Notes::new();
            let mut next = placed.iter().peekable();
            // The notes are copied: a file of many lines needs their memory twice over.
            let no_room = |_| out_of_memory(lines.first().map_or(1, |p| p.line));
            for (i, note) in self.notes.iter().enumerate() {
                match next.next_if(|(at, _)| *at == i) {
                    Some((_, true)) => {
                        let text = note.text.trim_start();
                        let rest = &text["#!note".len()..];
                        kept.try_push_line(note.rows_before, rest.strip_prefix(' ').unwrap_or(rest))
                            .map_err(no_room)?;
                    }
                    Some((_, false)) => {}
                    None => kept.try_push_line(note.rows_before, note.text).map_err(no_room)?,
                }
            }
            self.notes = kept;
        }
        let mut marks = None;
        for p in lines {
            let wrap: fn(Digit) -> Cell = match p.key.as_str() {
                "note" => continue,
                "entries" => Cell::Entry,
                "solver" => Cell::Placed,
                "marks" => {
                    marks = Some(p);
                    continue;
                }
                key => {
                    if let Some(max) = PROGRESS_NUMBERS.iter().find(|(k, _)| *k == key).map(|(_, max)| *max) {
                        check_progress_number(&p, max)?;
                    }
                    self.fields.push((p.key, p.value));
                    continue;
                }
            };
            let digits = parse_progress_cells(&p.value, p.line, p.column)?;
            for (i, &d) in digits.iter().enumerate() {
                let (Some(d), Some(pos)) = (Digit::new(d), Pos::new(i)) else {
                    continue;
                };
                if board.digit(pos).is_some() {
                    return Err(ParseError::new(p.line, p.column + i, ParseErrorKind::CellTaken { pos }));
                }
                board.set(pos, wrap(d));
            }
        }
        // Marks last, once the digits are known: the marks of a filled cell are moot.
        marks
            .map(|line| {
                let marks = parse_marks(&line.value, line.line, line.column)?;
                Ok(Box::new(*Marks::from_sets(marks).of_empty_cells(board).sets()))
            })
            .transpose()
    }

    /// The puzzle, where its cells are, and its format, once the input has ended; `next_line`
    /// is the line after the last.
    fn finish(mut self, next_line: usize, hint: Option<Format>) -> Result<(Puzzle, Cells, Format), ParseError> {
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

/// What a `#!` line of a progress file says, read as every reader of the format reads it
/// (the parser here, the rewrite of a saved file in `progress.rs`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ProgressWords<'a> {
    /// The mark, `#!sudoku-workbench progress 1`.
    Mark,
    /// A field: its key, its value (trimmed) and the column of the value's first character.
    Field {
        key: &'a str,
        value: &'a str,
        column: usize,
    },
}

/// The first word of the mark, after `#!`.
const MARK_NAME: &str = "sudoku-workbench";

/// Reads `text`, line `line`, as a `#!` line of a progress file: `None` if it is no `#!` line.
///
/// The words of the mark count, not how they are spaced or written: blanks and tabs between
/// them (and after `#!`), trailing blanks, and upper or lower case are all the mark, because a
/// file whose mark went unseen would read as a plain `.sdk`, and the next save would write its
/// progress lines back as notes. A `#!sudoku-workbench` line that is not the mark of version 1
/// (another version, none, a word more) is refused where it goes wrong, for the same reason.
pub(crate) fn progress_line(text: &str, line: usize) -> Option<Result<ProgressWords<'_>, ParseError>> {
    let rest = text.trim_start().strip_prefix("#!")?;
    // Each word with its byte offset in `text`.
    let mut words = rest
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w));
    let column = |byte: usize| text[..byte].chars().count() + 1;
    let Some((key_at, key)) = words.next() else {
        return Some(Ok(ProgressWords::Field {
            key: "",
            value: "",
            column: column(text.len()),
        }));
    };
    if !key.eq_ignore_ascii_case(MARK_NAME) {
        let after = &text[key_at + key.len()..];
        let value = after.trim();
        let value_at = text.len() - after.trim_start().len();
        return Some(Ok(ProgressWords::Field {
            key,
            value,
            column: column(value_at),
        }));
    }
    let end = key_at + key.len();
    let mark = match words.next() {
        Some((_, word)) if word.eq_ignore_ascii_case("progress") => match words.next() {
            Some((_, version)) if version == PROGRESS_VERSION => match words.next() {
                None => Ok(ProgressWords::Mark),
                Some((at, word)) => Err(ParseError::new(
                    line,
                    column(at),
                    ParseErrorKind::UnexpectedChar {
                        found: word.chars().next().unwrap_or(' '),
                        expected: "the end of the line after the version",
                    },
                )),
            },
            Some((at, version)) => Err(ParseError::new(
                line,
                column(at),
                ParseErrorKind::ProgressVersion {
                    found: version.to_string(),
                },
            )),
            None => Err(ParseError::new(
                line,
                column(text.trim_end().len()),
                ParseErrorKind::ProgressVersion { found: String::new() },
            )),
        },
        Some((at, word)) => Err(ParseError::new(
            line,
            column(at),
            ParseErrorKind::ProgressMark {
                found: word.to_string(),
            },
        )),
        None => Err(ParseError::new(
            line,
            column(end),
            ParseErrorKind::ProgressMark { found: String::new() },
        )),
    };
    Some(mark)
}

/// The numbers of a progress file and the largest each may be: the documented maxima, which
/// the workbench itself never writes past.
const PROGRESS_NUMBERS: [(&str, u64); 3] = [
    ("time", MAX_PLAY_SECONDS),
    ("hints", MAX_PLAY_COUNT),
    ("checks", MAX_PLAY_COUNT),
];

/// Refuses a progress number that is not a whole number from 0 to `max`: read as 0, as it
/// once was, it would quietly lose the player's record.
fn check_progress_number(p: &ProgressLine, max: u64) -> Result<(), ParseError> {
    let error = |column| {
        ParseError::new(
            p.line,
            column,
            ParseErrorKind::ProgressNumber {
                key: p.key.clone(),
                max,
            },
        )
    };
    if let Some(i) = p.value.chars().position(|c| !c.is_ascii_digit()) {
        return Err(error(p.column + i));
    }
    match p.value.parse::<u64>() {
        Ok(n) if n <= max => Ok(()),
        // Empty, or too big for any number.
        _ => Err(error(p.column)),
    }
}

/// The 81 cells of a progress file's `#!entries` or `#!solver` line (`value`, starting at
/// `column` of `line`): a digit or a blank (`.`, `0`, `_`) each, and nothing after them.
fn parse_progress_cells(value: &str, line: usize, column: usize) -> Result<[u8; 81], ParseError> {
    let mut digits = [0u8; 81];
    let mut count = 0;
    for (i, c) in value.chars().enumerate() {
        let error = |expected| ParseError::new(line, column + i, ParseErrorKind::UnexpectedChar { found: c, expected });
        if count == 81 {
            return Err(error("the end of the line after 81 cells"));
        }
        digits[count] = cell_value(c).ok_or_else(|| error(CELL_EXPECTED))?;
        count += 1;
    }
    if count < 81 {
        return Err(ParseError::new(
            line,
            column + count,
            ParseErrorKind::TooFewCells { found: count },
        ));
    }
    Ok(digits)
}

/// The pencil marks of a progress file's `#!marks` line (`value`, starting at `column` of
/// `line`): 81 groups of nine characters, the `k`-th the digit `k` or `.` for a digit not marked.
fn parse_marks(value: &str, line: usize, column: usize) -> Result<[DigitSet; 81], ParseError> {
    let mut sets = [DigitSet::EMPTY; 81];
    let mut count = 0;
    for (i, c) in value.trim_end().chars().enumerate() {
        let error = |kind| ParseError::new(line, column + i, kind);
        let (cell, k) = (i / 9, i % 9);
        if cell >= 81 {
            return Err(error(ParseErrorKind::UnexpectedChar {
                found: c,
                expected: "the end of the line after 729 marks",
            }));
        }
        let digit = Digit::new(k as u8 + 1).expect("k is below 9");
        if c == digit.to_char() {
            sets[cell].insert(digit);
        } else if c != '.' {
            return Err(error(ParseErrorKind::UnexpectedChar {
                found: c,
                expected: MARK_EXPECTED[k],
            }));
        }
        count = i + 1;
    }
    if count < 729 {
        return Err(ParseError::new(
            line,
            column + count,
            ParseErrorKind::TooFewCells { found: count / 9 },
        ));
    }
    Ok(sets)
}

/// What may stand at each of the nine places of a cell's marks.
const MARK_EXPECTED: [&str; 9] = [
    "'1' or '.' (the first of a cell's nine marks)",
    "'2' or '.' (the second of a cell's nine marks)",
    "'3' or '.' (the third of a cell's nine marks)",
    "'4' or '.' (the fourth of a cell's nine marks)",
    "'5' or '.' (the fifth of a cell's nine marks)",
    "'6' or '.' (the sixth of a cell's nine marks)",
    "'7' or '.' (the seventh of a cell's nine marks)",
    "'8' or '.' (the eighth of a cell's nine marks)",
    "'9' or '.' (the ninth of a cell's nine marks)",
];

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

    proptest::proptest! {
        #[test]
        fn a_line_end_is_found_where_a_byte_by_byte_search_finds_it(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                // Line breaks, their neighbours and high bytes, among ordinary text.
                proptest::prelude::Just(b'\n'),
                proptest::prelude::Just(b'\r'),
                proptest::prelude::Just(0x0B_u8),
                proptest::prelude::Just(0x0C_u8),
                proptest::prelude::Just(0x8A_u8),
                proptest::prelude::Just(0x8D_u8),
                proptest::prelude::Just(0_u8),
                32u8..127,
                128u8..=255,
            ], 0..40)
        ) {
            let expected = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
            proptest::prop_assert_eq!(line_end(&bytes), expected);
        }

        #[test]
        fn line_ends_are_counted_as_one_by_one_reading_counts_them(
            // Long enough to span many blocks of the byte-wide counts and a remainder, with
            // runs of line feeds as well as sparse ones.
            bytes in proptest::collection::vec(proptest::prop_oneof![
                8 => proptest::prelude::Just(b'\n'),
                1 => proptest::prelude::Just(b'\r'),
                3 => 0u8..=255,
            ], 0..3000),
            feeds_only in proptest::bool::ANY,
        ) {
            let bytes: Vec<u8> = if feeds_only {
                bytes.into_iter().map(|b| if b == b'\r' { b'\n' } else { b }).collect()
            } else {
                bytes
            };
            // A line feed ends a line unless a carriage return just ended it; a carriage
            // return always ends one.
            let expected = (0..bytes.len())
                .filter(|&i| bytes[i] == b'\r' || (bytes[i] == b'\n' && (i == 0 || bytes[i - 1] != b'\r')))
                .count();
            proptest::prop_assert_eq!(count_line_ends(&bytes), expected);
        }
    }

    #[test]
    fn a_stretch_of_line_feeds_only_is_counted_whole() {
        // A stretch of 255 blocks of 64 bytes brings each byte-wide counter to 255, the most it
        // holds: lengths around one and two stretches, around a block, and the bytes past the
        // last whole block.
        let stretch = 255 * 64;
        for n in [
            0,
            1,
            63,
            64,
            65,
            255,
            256,
            stretch - 1,
            stretch,
            stretch + 1,
            2 * stretch + 65,
            100_000,
        ] {
            assert_eq!(count_line_ends(&vec![b'\n'; n]), n);
            assert_eq!(count_line_ends(&vec![b'\r'; n]), n);
        }
    }

    #[test]
    fn a_run_of_short_lines_stops_at_its_line_limit_and_reads_as_the_lines_do() {
        let mut text = format!("{}\n", "1...5...9".repeat(9)).repeat(2).into_bytes();
        for i in 0..3000 {
            text.extend_from_slice([&b"x\n"[..], b"y\r\n", b"\r"][i % 3]);
        }
        text.extend_from_slice(b"last");
        let one_by_one: Vec<String> = Reader::new(&text[..]).map(|item| format!("{item:?}")).collect();
        let mut reader = Reader::new(io::BufReader::with_capacity(64 * 1024, &text[..]));
        let mut in_runs = Vec::new();
        let mut longest = 0;
        while let Some(next) = reader.next_unparsed(64 * 1024) {
            match next {
                Next::Lines(lines) => {
                    longest = longest.max(count_line_ends(&lines.bytes));
                    in_runs.extend(lines.reader().map(|item| format!("{item:?}")));
                }
                Next::Unparsed(line) => in_runs.push(format!("{:?}", line.parse())),
                Next::Parsed(item) => in_runs.push(format!("{item:?}")),
            }
        }
        assert_eq!(
            longest, RUN_LINES,
            "a run holds at most {RUN_LINES} lines, and this one that many"
        );
        assert_eq!(in_runs, one_by_one);
    }

    #[test]
    fn lines_keep_their_own_ends() {
        let lines: Vec<_> = lines_with_ends(b"a\r\nb\rc\n\n\rd").collect();
        let want: [(&[u8], &[u8]); 6] = [
            (b"a", b"\r\n"),
            (b"b", b"\r"),
            (b"c", b"\n"),
            (b"", b"\n"),
            (b"", b"\r"),
            (b"d", b""),
        ];
        assert_eq!(lines, want);
        assert_eq!(lines_with_ends(b"").count(), 0);
        assert_eq!(lines_with_ends(b"x\r").collect::<Vec<_>>(), [(&b"x"[..], &b"\r"[..])]);
    }

    #[test]
    fn the_nth_line_end_counts_a_carriage_return_and_line_feed_as_one() {
        let text = b"a\r\nb\rc\nd";
        assert_eq!(nth_line_end(text, 1), Some(2));
        assert_eq!(nth_line_end(text, 2), Some(4));
        assert_eq!(nth_line_end(text, 3), Some(6));
        assert_eq!(nth_line_end(text, 4), None);
        assert_eq!(nth_line_end(text, 0), None);
        assert_eq!(nth_line_end(b"a\r", 1), Some(1));
    }

    /// A text that counts the reads that found its end, as a terminal's Ctrl-D each is.
    struct CountingEnds<'a> {
        text: &'a [u8],
        ends: usize,
    }

    impl io::Read for CountingEnds<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.text.len());
            buf[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            self.ends += usize::from(n == 0);
            Ok(n)
        }
    }

    #[test]
    fn the_end_of_the_input_is_read_once_line_by_line_or_in_runs() {
        let text = format!("{}\n{}\n{}\n", "1".repeat(81), "2".repeat(81), "3".repeat(81)).into_bytes();
        for in_runs in [false, true] {
            let mut input = CountingEnds { text: &text, ends: 0 };
            let mut reader = Reader::new(io::BufReader::new(&mut input));
            let mut items = 0;
            if in_runs {
                while let Some(next) = reader.next_unparsed(1024) {
                    items += match next {
                        Next::Lines(lines) => lines.reader().count(),
                        _ => 1,
                    };
                }
            } else {
                items = reader.by_ref().count();
            }
            drop(reader);
            assert_eq!(items, 3);
            assert_eq!(input.ends, 1, "runs: {in_runs}");
        }
    }

    #[test]
    fn line_ends_past_the_first_word_and_in_the_tail() {
        let mut line = vec![b'.'; 81];
        assert_eq!(line_end(&line), None);
        line.push(b'\n');
        assert_eq!(line_end(&line), Some(81));
        line[17] = b'\r';
        assert_eq!(line_end(&line), Some(17));
        line[8] = b'\n';
        assert_eq!(line_end(&line), Some(8));
    }

    fn meta_of(puzzle: &Puzzle) -> Vec<(MetaTag, String)> {
        puzzle.meta().map(|(tag, value)| (tag, value.to_string())).collect()
    }

    const SAMPLE_LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const BOJ_SAMPLE: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n\
                              8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n\
                              2 5 8 3 9 4 7 6 0\n";

    fn error(text: &str) -> ParseError {
        match parse_document(text.as_bytes(), None) {
            Ok(doc) => panic!("expected an error, read {:?}", doc.puzzles),
            Err(e) => e,
        }
    }

    fn single(text: &str) -> (Format, Puzzle) {
        let doc = parse_document(text.as_bytes(), None).expect("a puzzle");
        assert_eq!(doc.puzzles.len(), 1);
        (doc.format, doc.puzzles.into_iter().next().unwrap().unwrap().puzzle)
    }

    /// `SAMPLE_LINE` as the nine rows of a grid, after `lines` (each ending in a line feed).
    fn grid_after(lines: &[&str]) -> String {
        let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        for row in 0..9 {
            text.push_str(&SAMPLE_LINE[row * 9..row * 9 + 9]);
            text.push('\n');
        }
        text
    }

    /// Issue 28 item 3: the mark of a progress file after a blank line, a comment, or even
    /// after its own `#!` lines makes it a progress file all the same: its entries are entries
    /// and its record a record, never notes.
    #[test]
    fn a_progress_mark_after_other_lines_still_reads_as_progress() {
        let entries = format!("#!entries .1{}", ".".repeat(79));
        let text = grid_after(&[
            "",
            "# mine",
            &entries,
            "  #!sudoku-workbench progress 1",
            "#!time 75",
            "#!note #!odd",
            "#A Me",
        ]);
        let (format, puzzle) = single(&text);
        assert_eq!(format, Format::Progress);
        assert_eq!(
            puzzle.board.cell(Pos::at(0, 1).unwrap()),
            Cell::Entry(Digit::new(1).unwrap())
        );
        assert_eq!(puzzle.field("time"), Some("75"));
        let notes: Vec<&str> = puzzle.notes.iter().map(|n| n.text).collect();
        assert_eq!(notes, ["# mine", "#!odd", "#A Me"]);
        // The mark below the grid too.
        let (format, puzzle) = single(&(grid_after(&[&entries]) + "#!sudoku-workbench progress 1\n"));
        assert_eq!(format, Format::Progress);
        assert!(puzzle.notes.is_empty(), "{:?}", puzzle.notes);
        // Without the mark, `#!` lines are the notes of a plain .sdk.
        let (format, puzzle) = single(&grid_after(&["#A Me", &entries]));
        assert_eq!(format, Format::Sdk);
        assert_eq!(puzzle.notes.get(1).unwrap().text, entries);
        // A mark of another version, wherever it is, is refused where it stands.
        let e = error(&grid_after(&["# mine", "#!sudoku-workbench progress 2"]));
        assert_eq!((e.line, e.column), (2, 29), "{e}");
    }

    /// The mark is its words, however they are spaced or written: a mark that went unseen made
    /// the file a plain `.sdk`, and the next save wrote its progress lines back as notes. A
    /// `#!sudoku-workbench` line that is not a good mark is refused where it goes wrong.
    #[test]
    fn the_progress_mark_is_read_by_its_words() {
        let entries = format!("#!entries .1{}", ".".repeat(79));
        for mark in [
            "#!sudoku-workbench  progress 1",
            "#!sudoku-workbench\tprogress 1",
            "#!sudoku-workbench progress\t1 \t",
            "#! sudoku-workbench progress 1",
            "#!\tsudoku-workbench progress 1",
            "#!Sudoku-Workbench Progress 1",
            "#!SUDOKU-WORKBENCH PROGRESS 1",
        ] {
            let (format, puzzle) = single(&grid_after(&[mark, &entries, "#! time 75"]));
            assert_eq!(format, Format::Progress, "{mark:?}");
            assert_eq!(
                puzzle.board.cell(Pos::at(0, 1).unwrap()),
                Cell::Entry(Digit::new(1).unwrap()),
                "{mark:?}"
            );
            assert_eq!(puzzle.field("time"), Some("75"), "{mark:?}");
            assert!(puzzle.notes.is_empty(), "{mark:?}: {:?}", puzzle.notes);
            // Line ends of every kind.
            for end in ["\r\n", "\r"] {
                let text = grid_after(&[mark, &entries]).replace('\n', end);
                assert_eq!(single(&text).0, Format::Progress, "{mark:?} {end:?}");
            }
        }
        for (mark, column, message) in [
            (
                "#!sudoku-workbench progress 01",
                29,
                "a progress file of version \"01\"; this program reads version 1",
            ),
            (
                "#!sudoku-workbench progress 1.0",
                29,
                "a progress file of version \"1.0\"; this program reads version 1",
            ),
            (
                "#!sudoku-workbench progress",
                28,
                "a progress mark without its version; this program reads version 1",
            ),
            (
                "#!sudoku-workbench progress  ",
                28,
                "a progress mark without its version; this program reads version 1",
            ),
            (
                "#!sudoku-workbench progress 1 extra",
                31,
                "expected the end of the line after the version, found 'e'",
            ),
            (
                "#!sudoku-workbench progres 1",
                20,
                "expected \"progress 1\" after #!sudoku-workbench, found \"progres\"",
            ),
            (
                "#!sudoku-workbench",
                19,
                "expected \"progress 1\" after #!sudoku-workbench",
            ),
            (
                "#! Sudoku-workbench  1",
                22,
                "expected \"progress 1\" after #!sudoku-workbench, found \"1\"",
            ),
        ] {
            let e = error(&grid_after(&["# mine", mark, &entries]));
            assert_eq!(e.to_string(), format!("line 2, column {column}: {message}"), "{mark:?}");
        }
        // Not the mark's first word: any other `#!` line, a note of a plain `.sdk`.
        let (format, puzzle) = single(&grid_after(&["#!sudoku-workbenches progress 1", &entries]));
        assert_eq!(format, Format::Sdk);
        assert_eq!(puzzle.notes.len(), 2);
    }

    /// Issue 28 items 15 and 17: a progress file's numbers out of range, and an `#!entries`
    /// line longer than 81 cells, are refused with their line and column, never read as 0 or
    /// cut.
    #[test]
    fn progress_numbers_and_cells_out_of_range_are_refused_where_they_stand() {
        let mark = "#!sudoku-workbench progress 1";
        let e = error(&grid_after(&[mark, "#!time 1000000000000000000000000000000"]));
        assert_eq!((e.line, e.column), (2, 8), "{e}");
        assert_eq!(
            e.to_string(),
            "line 2, column 8: #!time takes a whole number of seconds from 0 to 3153600000"
        );
        let e = error(&grid_after(&[mark, "#!time 3153600001"]));
        assert_eq!(
            (e.line, e.column),
            (2, 8),
            "past the hundred years the clock stops at: {e}"
        );
        let e = error(&grid_after(&[mark, "#!hints lots"]));
        assert_eq!((e.line, e.column), (2, 9), "{e}");
        let e = error(&grid_after(&[mark, "#!checks 12x"]));
        assert_eq!(
            (e.line, e.column),
            (2, 12),
            "at the first character that is no digit: {e}"
        );
        let e = error(&grid_after(&[mark, "#!checks 4294967296"]));
        assert_eq!(
            e.kind,
            ParseErrorKind::ProgressNumber {
                key: "checks".into(),
                max: u32::MAX.into()
            }
        );
        let (_, puzzle) = single(&grid_after(&[mark, "#!time 3153600000", "#!checks 4294967295"]));
        assert_eq!(puzzle.field("checks"), Some("4294967295"), "the largest is fine");

        let long = format!("#!entries .1{}", ".".repeat(80));
        let e = error(&grid_after(&[mark, &long]));
        assert_eq!((e.line, e.column), (2, 92), "the 82nd cell: {e}");
        assert!(e.to_string().contains("the end of the line after 81 cells"), "{e}");
        let commented = format!("#!solver {} 9", ".".repeat(81));
        let e = error(&grid_after(&[mark, &commented]));
        assert_eq!((e.line, e.column), (2, 91), "{e}");
        let short = format!("#!entries {}", ".".repeat(80));
        let e = error(&grid_after(&[mark, &short]));
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 91, ParseErrorKind::TooFewCells { found: 80 })
        );
    }

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
    fn a_line_keeps_its_comment_and_accepts_every_blank() {
        let text = SAMPLE_LINE.replacen('.', "0", 10).replacen('.', "_", 10) + "  hard one  ";
        let (_, puzzle) = single(&text);
        assert_eq!(puzzle.board.to_string(), SAMPLE_LINE);
        assert_eq!(meta_of(&puzzle), vec![(MetaTag::Comment, "hard one".into())]);
    }

    #[test]
    fn a_collection_streams_and_keeps_going_after_a_bad_line() {
        let bad = SAMPLE_LINE.replacen('.', "?", 1);
        let text = format!("# header\n{SAMPLE_LINE}\n\n{bad}\n{SAMPLE_LINE} # two\n");
        let items: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 3);
        assert!(matches!(&items[0], Ok(Record { line: 2, .. })));
        match &items[1] {
            Err(ReadError::Parse(e)) => assert_eq!((e.line, e.column), (4, 2)),
            other => panic!("expected a parse error, got {other:?}"),
        }
        assert!(matches!(&items[2], Ok(Record { line: 5, .. })));
    }

    #[test]
    fn a_long_line_is_read_without_keeping_it() {
        let text = format!("{SAMPLE_LINE} {}\n{SAMPLE_LINE}\n", "x".repeat(1 << 20));
        let records: Vec<_> = Reader::new(text.as_bytes()).map(|r| r.unwrap()).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].line, 2);
        let comment = records[0].puzzle.meta_value(MetaTag::Comment).unwrap();
        assert!(comment.len() < MAX_LINE, "the comment is cut, not kept whole");
    }

    #[test]
    fn an_unreadable_start_stops_the_reader() {
        let mut bytes = vec![0xFFu8; 10];
        bytes.extend_from_slice(b"\n");
        bytes.extend_from_slice(SAMPLE_LINE.as_bytes());
        let items: Vec<_> = Reader::new(&bytes[..]).collect();
        assert_eq!(items.len(), 1);
        assert!(matches!(
            &items[0],
            Err(ReadError::Parse(ParseError {
                kind: ParseErrorKind::InvalidUtf8,
                ..
            }))
        ));
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let text = format!("{SAMPLE_LINE}\r{SAMPLE_LINE}\r\n{SAMPLE_LINE}\r");
        let lines: Vec<usize> = Reader::new(text.as_bytes()).map(|r| r.unwrap().line).collect();
        assert_eq!(lines, vec![1, 2, 3]);
        let (format, _) = single(&BOJ_SAMPLE.replace('\n', "\r"));
        assert_eq!(format, Format::Boj);
    }

    #[test]
    fn a_crlf_split_between_two_reads_is_one_line_end() {
        // A reader that hands out one byte at a time splits every "\r\n".
        let text = format!("{SAMPLE_LINE}\r\n\r\n{SAMPLE_LINE}\r\n");
        let reader = std::io::BufReader::with_capacity(1, text.as_bytes());
        let lines: Vec<usize> = Reader::new(reader).map(|r| r.unwrap().line).collect();
        assert_eq!(lines, vec![1, 3]);
    }

    #[test]
    fn a_bad_first_line_of_a_collection_does_not_hide_the_rest() {
        for first in ["4.....8.5.3", "x", "1 2 3"] {
            let text = format!("{first}\n# comment\n{SAMPLE_LINE}\n{SAMPLE_LINE}\n");
            let items: Vec<_> = Reader::new(text.as_bytes()).collect();
            assert_eq!(items.len(), 3, "{first}");
            match &items[0] {
                Err(ReadError::Parse(e)) => assert_eq!(e.line, 1, "{first}"),
                other => panic!("{first}: expected an error, got {other:?}"),
            }
            assert!(matches!(&items[1], Ok(Record { line: 3, .. })));
            assert!(matches!(&items[2], Ok(Record { line: 4, .. })));
        }
    }

    #[test]
    fn comments_may_hold_any_bytes_but_cells_must_be_text() {
        let mut bytes = b"# caf\xe9 puzzles\n".to_vec();
        bytes.extend_from_slice(SAMPLE_LINE.as_bytes());
        bytes.extend_from_slice(b" caf\xe9\n");
        bytes.extend_from_slice(&SAMPLE_LINE.as_bytes()[..10]);
        bytes.extend_from_slice(b"\xe9");
        bytes.extend_from_slice(&SAMPLE_LINE.as_bytes()[11..]);
        bytes.push(b'\n');
        let items: Vec<_> = Reader::new(&bytes[..]).collect();
        assert_eq!(items.len(), 2);
        let first = items[0].as_ref().unwrap();
        assert_eq!(first.puzzle.meta_value(MetaTag::Comment), Some("caf\u{FFFD}"));
        match &items[1] {
            Err(ReadError::Parse(e)) => assert_eq!((e.line, e.column, &e.kind), (3, 11, &ParseErrorKind::InvalidUtf8)),
            other => panic!("expected an encoding error, got {other:?}"),
        }
    }

    #[test]
    fn a_nul_byte_in_the_first_line_means_binary() {
        let e = error("4.....8.5.3\0..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x\n");
        // Named as what it is: a NUL byte is valid UTF-8 (attack C finding 15).
        assert_eq!((e.line, e.column, e.kind), (1, 12, ParseErrorKind::NulByte));
    }

    #[test]
    fn notes_not_kept_are_counted() {
        let grid: String = SAMPLE_LINE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        let text = format!("#A one\n#D two\n#D three\n{grid}# after\n");
        let read = |limit: usize| {
            let mut reader = Reader::new(text.as_bytes()).with_note_limit(limit);
            let record = reader.next().expect("a puzzle").expect("it reads");
            (record.puzzle.notes.len(), record.notes_cut)
        };
        assert_eq!(read(usize::MAX), (4, NotesCut::default()));
        // Room for the first two: the other two are counted, and nothing after the first left
        // out is kept (the notes kept are the first, in order).
        let two = note_cost("#A one") + note_cost("#D two");
        let (kept, cut) = read(two);
        assert_eq!((kept, cut.dropped, cut.shortened), (2, 2, 0));
        assert!(!cut.is_empty());
        // Of those, one is metadata (`#D three`); `# after` is a comment.
        assert_eq!((cut.meta_dropped, cut.of_metadata().dropped), (1, 1));
        // A line longer than a line keeps: kept cut, and counted.
        let long = format!("#D {}\n{grid}", "x".repeat(MAX_LINE + 10));
        let record = Reader::new(long.as_bytes())
            .next()
            .expect("a puzzle")
            .expect("it reads");
        assert_eq!(record.puzzle.notes.get(0).unwrap().text.len(), MAX_LINE);
        assert_eq!(
            record.notes_cut,
            NotesCut {
                shortened: 1,
                meta_shortened: 1,
                ..NotesCut::default()
            }
        );
        // A puzzle line's comment too, in a collection as alone.
        let commented = format!("{SAMPLE_LINE} {}\n{SAMPLE_LINE} short\n", "c".repeat(MAX_LINE));
        let cuts: Vec<u64> = Reader::new(commented.as_bytes())
            .map(|item| item.expect("it reads").notes_cut.shortened)
            .collect();
        assert_eq!(cuts, [1, 0]);
    }

    #[test]
    fn lines_too_long_are_reported_not_dropped() {
        let spaces = " ".repeat(MAX_LINE + 10);
        let text = format!("{spaces}{SAMPLE_LINE}\n{SAMPLE_LINE}\n");
        let items: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 2);
        match &items[0] {
            Err(ReadError::Parse(e)) => assert_eq!(e.kind, ParseErrorKind::LineTooLong),
            other => panic!("expected a line-too-long error, got {other:?}"),
        }
        let row = format!("0 3 5 4 6 9 2 7 8{}", " ".repeat(MAX_LINE));
        let text = BOJ_SAMPLE.replacen("0 3 5 4 6 9 2 7 8", &row, 1);
        match Reader::new(text.as_bytes()).next() {
            Some(Err(ReadError::Parse(e))) => assert_eq!((e.line, e.kind), (1, ParseErrorKind::LineTooLong)),
            other => panic!("expected a line-too-long error, got {other:?}"),
        }
        // A text read whole keeps its lines whole: the trailing blanks are only blanks.
        assert!(parse_document(text.as_bytes(), None).is_ok());
    }

    /// A file read whole (the workbench's) keeps a comment of any length whole, so that saving
    /// the puzzle (a progress file of it, say) writes it back as it was; a stream cuts it.
    #[test]
    fn a_text_read_whole_keeps_its_longest_lines_whole() {
        let long = format!("#D {}", "x".repeat(MAX_LINE * 3));
        let text = format!("{long}\n{BOJ_SAMPLE}");
        let parsed = parse_document(text.as_bytes(), None).unwrap();
        let record = parsed.puzzles[0].as_ref().unwrap();
        assert_eq!(record.puzzle.notes.get(0).unwrap().text, long);
        assert!(record.notes_cut.is_empty());
        let streamed = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(streamed.puzzle.notes.get(0).unwrap().text.len(), MAX_LINE);
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
