//! The streaming [`Reader`]: it reads a text line by line (any line end, a line cut at
//! [`MAX_LINE`]), decides from the first content lines whether it is a grid document or a line
//! document, and gives its puzzles one by one, or a collection's lines in runs ([`Chunk`]) for
//! other threads to parse.

use super::error::{ParseError, ParseErrorKind, ReadError, out_of_memory, utf8_error};
use super::grid::GridBuilder;
use super::line::parse_line;
use super::record::{Cells, NotesCut, Record};
use super::scan::{cell_value, count_line_ends, is_border, last_line_end, line_end, nth_line_end};
use super::{DEFAULT_NOTE_LIMIT, MAX_LINE};
use crate::format::Format;
use crate::puzzle::{Puzzle, meta_of};
use crate::text_buffer::InlineString;
use std::io::{self, BufRead};

/// Lines in a run of a collection taken whole ([`Reader::next_unparsed`]), at most: a run of
/// the largest size holds about 800 lines of puzzles, and the thread that takes it keeps a
/// result for each; 64 KiB of one-character lines must not make 32,768 of them.
const RUN_LINES: usize = 1024;

/// Bytes of one line read (and dropped) past [`MAX_LINE`] before reading stops: a line of a
/// quarter of a gigabyte is no puzzle file's, and an endless one (`/dev/zero`) must end.
pub(super) const MAX_SKIP: u64 = 256 * 1024 * 1024;

/// More significant characters than a grid row could hold: the first line with this many is a
/// puzzle line. A row has 9 cells; a few stray extra cells must still read as a bad row.
const LINE_MODE_THRESHOLD: usize = 20;

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
    pub(super) line: usize,
    /// Bytes consumed from the input so far.
    consumed: u64,
    /// The byte offset of the current line's first character (after a byte-order mark).
    line_start: u64,
    shape: Shape,
    format: Option<Format>,
    collection: bool,
    note_limit: usize,
    /// Bytes kept of one line: [`MAX_LINE`] for a stream, all of it for a text already in
    /// memory ([`parse_from`](super::parse_from): a file the workbench opens keeps its longest comment whole).
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
    /// [`LineRun::reader`], are what the reader would have given line by line.
    Lines(LineRun),
}

/// Whole lines of a collection taken from the input in one piece, with where they start: the
/// thread that reads them cuts them into lines and parses them, so that the thread that takes
/// them from the input only copies bytes and counts line ends.
pub(crate) struct LineRun {
    bytes: Vec<u8>,
    /// The number of the line before the first one.
    line: usize,
    /// The byte offset of the first line in the input.
    consumed: u64,
    format: Option<Format>,
    hint: Option<Format>,
}

impl LineRun {
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
pub(super) struct Held {
    pub(super) number: usize,
    pub(super) start: u64,
    /// Inline: a collection's lines wait in batches, and a line of the usual size then costs
    /// no allocation.
    pub(super) text: InlineString,
    pub(super) truncated: bool,
    pub(super) invalid_at: Option<usize>,
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
    pub(super) fn with_whole_lines(mut self) -> Reader<R> {
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
            if self.truncated && matches!(kind, LineKind::Comment | LineKind::Header) {
                // Kept cut at MAX_LINE (a line without end must not fill the memory): said.
                grid.cut.shortened += 1;
                grid.cut.meta_shortened += u64::from(meta_of(&text).is_some());
            }
            match kind {
                LineKind::Blank => grid.blank_line(),
                LineKind::Comment => grid.comment(&text, self.line)?,
                LineKind::Header => grid.header(&text, self.line)?,
                LineKind::Content => return Ok(true),
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
    /// piece where the input holds them at hand ([`LineRun`]), a line at a time where it does not
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
    fn take_lines(&mut self, most: usize) -> Result<Option<LineRun>, ReadError> {
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
        let lines = LineRun {
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
        match self.plain_line_puzzle() {
            Plain::Puzzle(record) => return Some(Ok(record)),
            // Not read again: a terminal would wait for another Ctrl-D.
            Plain::End => {
                self.shape = Shape::Done;
                return None;
            }
            Plain::Other => {}
        }
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

/// A collection's usual line, in a [`Reader::plain_line_puzzle`]'s words: 81 cells (`1`-`9`,
/// `0`, `.` or `_`) right from its start, then its line end, the whole of it in the input's
/// buffer. The cells' digits, and the bytes the line takes with its end; `None` for any other
/// line, which the usual way reads to the same puzzle.
fn plain_line(bytes: &[u8]) -> Option<([u8; 81], usize)> {
    let cells: &[u8; 81] = bytes.get(..81)?.try_into().ok()?;
    let taken = match bytes.get(81..83)? {
        [b'\n', _] => 82,
        [b'\r', b'\n'] => 83,
        // A lone CR ends the line too, but whether a LF follows is what the next byte says,
        // and a CR the buffer ends with leaves that to the usual way.
        _ => return None,
    };
    // Every byte looked at, without stopping at the first that is not a cell: a loop the
    // compiler turns into vector instructions, as `parse_line`'s.
    let mut digits = [0u8; 81];
    let mut all_cells = true;
    for (digit, &b) in digits.iter_mut().zip(cells) {
        let value = b.wrapping_sub(b'0');
        let is_digit = value <= 9;
        all_cells &= is_digit | (b == b'.') | (b == b'_');
        *digit = if is_digit { value } else { 0 };
    }
    all_cells.then_some((digits, taken))
}

impl<R: BufRead> Reader<R> {
    /// The next puzzle of a collection when its line is the usual one ([`plain_line`]), read
    /// straight from the input's buffer: no copy of the line, no check of its UTF-8, no search
    /// for comments or a candidates line. The usual way cost `solve` about 1,100 instructions a
    /// line on serg's 10,000 easy boards, as much as a sixth of solving one (callgrind).
    fn plain_line_puzzle(&mut self) -> Plain {
        if self.reuse_current || self.skip_rest {
            return Plain::Other;
        }
        // An error (a signal's EINTR too) is left to the usual way, which says it or reads again.
        let Ok(bytes) = self.input.fill_buf() else {
            return Plain::Other;
        };
        if bytes.is_empty() {
            return Plain::End;
        }
        // The LF of a CRLF the last line read the usual way ended at its CR (as every line of
        // a CRLF file read the usual way does).
        let lf = usize::from(self.skip_lf && bytes.first() == Some(&b'\n'));
        let Some((digits, taken)) = plain_line(&bytes[lf..]) else {
            return Plain::Other;
        };
        self.input.consume(lf + taken);
        self.skip_lf = false;
        self.line += 1;
        self.line_start = self.consumed + lf as u64;
        self.consumed += (lf + taken) as u64;
        self.buf.clear();
        self.truncated = false;
        Plain::Puzzle(Record {
            line: self.line,
            cells: Cells::Line(self.line_start),
            puzzle: Puzzle::new(crate::board::Board::from_givens(&digits)),
            notes_cut: NotesCut::default(),
        })
    }
}

/// What [`Reader::plain_line_puzzle`] found.
#[allow(clippy::large_enum_variant)] // returned at once, never kept: a box would cost an allocation a line
enum Plain {
    /// The puzzle of a plain line.
    Puzzle(Record),
    /// The end of the input.
    End,
    /// Anything else, for the usual way.
    Other,
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum LineKind {
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
fn classify(text: &str, truncated: bool) -> LineKind {
    let trimmed = text.trim_start();
    match trimmed.chars().next() {
        None if truncated => LineKind::Content,
        None => LineKind::Blank,
        Some('#') => LineKind::Comment,
        Some('[') => LineKind::Header,
        Some(_) => LineKind::Content,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MetaTag;
    use crate::parse::parse_document;
    use crate::parse::record::note_cost;
    use crate::parse::testing::*;
    use std::io;

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
    fn a_plain_line_read_from_the_buffer_is_what_the_usual_way_reads() {
        // Every kind of line of a collection, each line end: read with a buffer too small to
        // hold a line (the usual way, a byte at a time) and with buffers that cut the text
        // anywhere (the plain way where a whole line is in the buffer), the same items.
        let zeros = SAMPLE_LINE.replace('.', "0");
        let underscores = SAMPLE_LINE.replacen('.', "_", 7);
        let bad = SAMPLE_LINE.replacen('.', "x", 1);
        let text = format!(
            "{SAMPLE_LINE}\n{SAMPLE_LINE}\n{SAMPLE_LINE}\r\n{SAMPLE_LINE}\r\n{zeros}\r{underscores}\r\n{SAMPLE_LINE}\r\n\n\
             # a comment\n{SAMPLE_LINE}  with a comment\n{bad}\n{}\n {SAMPLE_LINE}\n{SAMPLE_LINE}\r\r\n{SAMPLE_LINE}\n\
             {SAMPLE_LINE}",
            &SAMPLE_LINE[..80]
        );
        let read = |capacity: usize| -> Vec<String> {
            Reader::new(io::BufReader::with_capacity(capacity, text.as_bytes()))
                .map(|item| format!("{item:?}"))
                .collect()
        };
        let usual = read(1);
        assert_eq!(usual.len(), 14, "{usual:#?}");
        for capacity in (2..200).chain([4096]) {
            assert_eq!(read(capacity), usual, "a buffer of {capacity} bytes");
        }
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
}
