//! Writing boards: the BOJ 2580 grid, the 81-character line, SadMan `.sdk`, Simple Sudoku `.ss`, a
//! pretty grid with box borders, and our progress file (an `.sdk` whose `#!` lines add the
//! entries, the solver's digits and the user's pencil marks). Every format reads back to the same givens, and writes the
//! puzzle's other lines (metadata, comments) back where they stood.

use super::board::{Board, Cell, Digit, DigitSet, Pos};
use super::marks::Marks;
use super::notes::Notes;
use super::puzzle::Puzzle;
use std::fmt;

/// The first line of a progress file, before its version.
pub const PROGRESS_MARK: &str = "#!sudoku-workbench progress";

/// The version of the progress format this program writes and reads.
pub const PROGRESS_VERSION: &str = "1";

/// The largest `#!time` of a progress file, in seconds (a hundred years): a game's clock stops
/// there, and a file that says more is refused rather than read as nothing.
pub const MAX_PLAY_SECONDS: u64 = 100 * 365 * 24 * 3600;

/// The largest `#!hints` or `#!checks` of a progress file.
pub const MAX_PLAY_COUNT: u64 = u32::MAX as u64;

/// A text format for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// BOJ 2580: 9 lines of 9 digits separated by single spaces, `0` for a blank.
    Boj,
    /// 81 characters on one line, `.` for a blank; a file of such lines is a collection.
    Line,
    /// SadMan `.sdk`: `#A`/`#D`/... metadata lines, then 9 rows of 9, `.` for a blank.
    Sdk,
    /// Simple Sudoku `.ss`: rows like `1..|...|7..`, a line of dashes between bands.
    Ss,
    /// A printed grid with `+---` box borders and spaces between cells.
    Grid,
    /// A game in progress: an `.sdk` of the givens, with `#!` lines for the user's entries, the
    /// solver's digits and what the workbench keeps about the game. Other programs read it as
    /// the puzzle.
    Progress,
    /// The candidates of every cell on one line of 729 characters (the Sukaku or tdoku form):
    /// nine per cell, the `k`-th the digit `k` if it is a candidate, else `.`. A cell with one
    /// candidate is a given, so an empty cell with one candidate left reads back as a given.
    Candidates,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 7] = [
        Format::Boj,
        Format::Line,
        Format::Sdk,
        Format::Ss,
        Format::Grid,
        Format::Progress,
        Format::Candidates,
    ];

    /// The short name used on the command line, e.g. `boj`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Boj => "boj",
            Format::Line => "line",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Grid => "grid",
            Format::Progress => "progress",
            Format::Candidates => "candidates",
        }
    }

    /// A description for people, e.g. in `check` output.
    pub const fn description(self) -> &'static str {
        match self {
            Format::Boj => "BOJ 2580 grid (9 lines of 9 digits, 0 = blank)",
            Format::Line => "81-character line",
            Format::Sdk => "SadMan .sdk",
            Format::Ss => "Simple Sudoku .ss",
            Format::Grid => "printed grid",
            Format::Progress => "progress (.swb: givens, entries, marks, colours, solver digits)",
            Format::Candidates => "729-character candidates line",
        }
    }

    /// The file extension that chooses this format when saving, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Boj | Format::Line | Format::Grid | Format::Candidates => "txt",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Progress => "swb",
        }
    }

    /// Whether the format holds the user's entries and the solver's digits apart from the
    /// givens. The others hold givens only.
    pub const fn keeps_entries(self) -> bool {
        matches!(self, Format::Progress)
    }

    /// Whether the format keeps a person's pencil marks: the progress file exactly, a candidates
    /// line as the candidates of each empty cell.
    pub const fn keeps_marks(self) -> bool {
        matches!(self, Format::Progress | Format::Candidates)
    }

    /// The format a file extension suggests: for reading, only a tie-breaker between
    /// look-alike contents; for saving, the format (`.txt` means [`Format::Line`]).
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "sdk" => Some(Format::Sdk),
            "ss" => Some(Format::Ss),
            "sdm" => Some(Format::Line),
            "swb" => Some(Format::Progress),
            _ => None,
        }
    }

    /// The format called `name` on the command line.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The blank character of the format.
    pub const fn blank(self) -> char {
        match self {
            Format::Boj => '0',
            _ => '.',
        }
    }

    /// Writes `puzzle` in this format, ending with a newline: its notes where they stood (above
    /// the grid, between rows, below it), and a puzzle line's comment after its cells (or, in a
    /// grid, on a line of its own). Only [`Format::Progress`] writes entries and the solver's
    /// digits apart from the givens; the other formats write them as digits.
    pub fn write(self, puzzle: &Puzzle, out: &mut impl fmt::Write) -> fmt::Result {
        let board = &puzzle.board;
        if matches!(self, Format::Line | Format::Candidates) {
            write_notes(&puzzle.notes, out, |r| r == 0, false)?;
            if self == Format::Line {
                write!(out, "{board}")?;
            } else {
                write_candidates(puzzle, out)?;
            }
            if let Some(comment) = &puzzle.comment {
                write!(out, " {}", one_line(comment))?;
            }
            out.write_char('\n')?;
            return write_notes(&puzzle.notes, out, |r| r > 0, false);
        }
        if self == Format::Progress {
            writeln!(out, "{PROGRESS_MARK} {PROGRESS_VERSION}")?;
            for (_, line) in progress_lines(puzzle) {
                writeln!(out, "{line}")?;
            }
        }
        if let Some(comment) = &puzzle.comment {
            let tag = if matches!(self, Format::Sdk | Format::Progress) {
                "#C"
            } else {
                "#"
            };
            writeln!(out, "{tag} {}", one_line(comment))?;
        }
        // The progress format writes the givens alone in its grid: the rest is on `#!` lines.
        let givens;
        let board = if self == Format::Progress {
            givens = board.givens_only();
            &givens
        } else {
            board
        };
        let style = match self {
            Format::Boj => Rows::Spaced('0'),
            // (A line returned above.)
            Format::Line | Format::Candidates | Format::Sdk | Format::Progress => Rows::Compact,
            Format::Ss => Rows::Boxed,
            Format::Grid => Rows::Ruled,
        };
        for row in 0..9 {
            if row > 0 && row % 3 == 0 {
                style.write_rule(out)?;
            }
            if row == 0 {
                style.write_top(out)?;
            }
            write_notes(&puzzle.notes, out, |r| usize::from(r) == row, self == Format::Progress)?;
            style.write_row(board, row, out)?;
        }
        style.write_bottom(out)?;
        write_notes(&puzzle.notes, out, |r| r == 9, self == Format::Progress)
    }

    /// The puzzle written in this format, as a string.
    pub fn to_string(self, puzzle: &Puzzle) -> String {
        let mut s = String::with_capacity(256 + puzzle.notes_len());
        self.write(puzzle, &mut s).expect("writing to a String cannot fail");
        s
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `#!` lines a progress file holds for `puzzle` after its mark, in the order they are
/// written: its entries, the solver's digits, its marks, then its fields. Each is its key and
/// the whole line (without its end).
pub fn progress_lines(puzzle: &Puzzle) -> Vec<(String, String)> {
    let board = &puzzle.board;
    let mut lines = Vec::new();
    for (key, kind) in [("entries", DigitSource::Entry), ("solver", DigitSource::Placed)] {
        if board.cells().iter().any(|c| DigitSource::of(*c) == Some(kind)) {
            lines.push((key.to_string(), format!("#!{key} {}", cells_of(board, kind))));
        }
    }
    if let Some(marks) = &puzzle.marks {
        let marks = Marks::from_sets(**marks).of_empty_cells(board);
        if !marks.is_empty() {
            lines.push(("marks".to_string(), format!("#!marks {}", marks.to_line())));
        }
    }
    for (key, value) in &puzzle.fields {
        lines.push((key.clone(), format!("#!{key} {}", one_line(value))));
    }
    lines
}

/// The 729 characters of a candidates line: a filled cell as its digit alone, an empty one as
/// its marks (or, without marks, the digits its peers leave it; all nine if none is left).
fn write_candidates(puzzle: &Puzzle, out: &mut impl fmt::Write) -> fmt::Result {
    let computed = puzzle.board.all_candidates();
    let mut line = String::with_capacity(729);
    for p in Pos::all() {
        // A mark a digit placed since rules out is dropped.
        let possible = match &puzzle.marks {
            Some(marks) => DigitSet::from_bits(marks[p.index()].bits() & computed[p.index()].bits()),
            None => computed[p.index()],
        };
        let set = match puzzle.board.digit(p) {
            Some(d) => DigitSet::single(d),
            // No candidate cannot be written (it would not read back): all nine keep the line
            // readable and the cell empty.
            None if possible.is_empty() => DigitSet::ALL,
            None => possible,
        };
        for d in Digit::all() {
            line.push(if set.contains(d) { d.to_char() } else { '.' });
        }
    }
    out.write_str(&line)
}

/// Who put the digits a `#!` line of a progress file lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DigitSource {
    /// The user's entries (`#!entries`).
    Entry,
    /// The solver's digits (`#!solver`).
    Placed,
}

impl DigitSource {
    fn of(cell: Cell) -> Option<DigitSource> {
        match cell {
            Cell::Entry(_) => Some(DigitSource::Entry),
            Cell::Placed(_) => Some(DigitSource::Placed),
            _ => None,
        }
    }
}

/// 81 characters: the digits of `kind`, `.` elsewhere.
fn cells_of(board: &Board, kind: DigitSource) -> String {
    board
        .cells()
        .iter()
        .map(|&c| match (DigitSource::of(c), c.digit()) {
            (Some(k), Some(d)) if k == kind => d.to_char(),
            _ => '.',
        })
        .collect()
}

/// A value on one line: a line break (`\n` or `\r`, which end a line when read back) becomes a
/// blank. Every other character is kept as it was, control characters (ESC, BEL, a tab)
/// included: a file written is the text read, byte for byte; showing them safely on a terminal
/// is the job of whoever writes to one.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\n', '\r']) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.replace(['\n', '\r'], " ").into()
}

/// Writes the notes `at` picks. In a progress file (`progress`), a note that looks like one of
/// its own `#!` lines is written as `#!note <the line>`, which reads back as that note.
fn write_notes(notes: &Notes, out: &mut impl fmt::Write, at: impl Fn(u8) -> bool, progress: bool) -> fmt::Result {
    for note in notes.iter().filter(|n| at(n.rows_before)) {
        if progress && note.text.trim_start().starts_with("#!") {
            out.write_str("#!note ")?;
        }
        writeln!(out, "{}", one_line(note.text))?;
    }
    Ok(())
}

/// How a grid format draws its rows.
#[derive(Clone, Copy)]
enum Rows {
    /// Digits separated by blanks, with this blank character (BOJ).
    Spaced(char),
    /// Nine characters, `.` for a blank (`.sdk`).
    Compact,
    /// `1..|...|7..` with a line of dashes between bands (`.ss`).
    Boxed,
    /// `| 1 . . | ...` with `+-------+` rules (printed grid).
    Ruled,
}

const RULE: &str = "+-------+-------+-------+";

impl Rows {
    fn write_top(self, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Rows::Ruled => writeln!(out, "{RULE}"),
            _ => Ok(()),
        }
    }

    fn write_rule(self, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Rows::Boxed => writeln!(out, "-----------"),
            Rows::Ruled => writeln!(out, "{RULE}"),
            _ => Ok(()),
        }
    }

    fn write_bottom(self, out: &mut impl fmt::Write) -> fmt::Result {
        self.write_top(out)
    }

    fn write_row(self, board: &Board, row: usize, out: &mut impl fmt::Write) -> fmt::Result {
        for col in 0..9 {
            match self {
                Rows::Spaced(blank) => {
                    if col > 0 {
                        out.write_char(' ')?;
                    }
                    out.write_char(cell_char(board, row, col, blank))?;
                }
                Rows::Compact => out.write_char(cell_char(board, row, col, '.'))?,
                Rows::Boxed => {
                    if col > 0 && col % 3 == 0 {
                        out.write_char('|')?;
                    }
                    out.write_char(cell_char(board, row, col, '.'))?;
                }
                Rows::Ruled => {
                    let sep = if col % 3 == 0 { "| " } else { "" };
                    write!(out, "{sep}{} ", cell_char(board, row, col, '.'))?;
                }
            }
        }
        if let Rows::Ruled = self {
            out.write_char('|')?;
        }
        out.write_char('\n')
    }
}

fn cell_char(board: &Board, row: usize, col: usize, blank: char) -> char {
    Pos::at(row, col)
        .and_then(|p| board.digit(p))
        .map_or(blank, |d| d.to_char())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Digit;
    use crate::puzzle::Note;

    const SAMPLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn sample() -> Puzzle {
        Puzzle::new(SAMPLE.parse().unwrap())
    }

    #[test]
    fn boj_is_nine_lines_of_single_spaced_digits() {
        let text = Format::Boj.to_string(&sample());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "4 0 0 0 0 0 8 0 5");
        assert!(text.lines().all(|l| l.len() == 17 && !l.ends_with(' ')));
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn each_format_writes_its_shape() {
        let mut p = sample();
        assert_eq!(Format::Line.to_string(&p), format!("{}\n", p.board));
        p.notes.push(Note::new(0, "#A Someone"));
        let sdk = Format::Sdk.to_string(&p);
        assert!(sdk.starts_with("#A Someone\n4.....8.5\n"), "{sdk}");
        let ss = Format::Ss.to_string(&sample());
        assert_eq!(ss.lines().next(), Some("4..|...|8.5"));
        assert_eq!(ss.lines().nth(3), Some("-----------"));
        let grid = Format::Grid.to_string(&sample());
        assert_eq!(grid.lines().next(), Some("+-------+-------+-------+"));
        assert_eq!(grid.lines().nth(1), Some("| 4 . . | . . . | 8 . 5 |"));
        assert_eq!(grid.lines().count(), 13);
    }

    /// Attack C finding 20: control characters in notes are written as they were read, never
    /// changed to blanks behind the user's back; only a line break, which would end the line
    /// when read back, becomes a blank.
    #[test]
    fn notes_keep_their_control_characters() {
        let mut p = sample();
        p.notes.push(Note::new(0, "#A a\u{1b}[31mb\u{7}\tc"));
        p.notes.push(Note::new(0, "#D one\ntwo\rthree"));
        p.comment = Some("x\u{1b}y".into());
        for format in [Format::Sdk, Format::Progress] {
            let text = format.to_string(&p);
            assert!(text.contains("#A a\u{1b}[31mb\u{7}\tc\n"), "{format:?}: {text:?}");
            assert!(text.contains("#D one two three\n"), "{format:?}: {text:?}");
            assert!(text.contains("x\u{1b}y"), "{format:?}: {text:?}");
        }
    }

    #[test]
    fn a_note_that_looks_like_a_progress_line_reads_back_as_a_note() {
        let mut p = sample();
        let blank = p.board.to_string().find('.').unwrap();
        p.board
            .set(Pos::new(blank).unwrap(), Cell::Entry(Digit::new(1).unwrap()));
        p.notes = vec![
            Note::new(0, "#!entries 123"),
            Note::new(4, "  #!sudoku-workbench progress 1"),
            Note::new(9, "#! odd"),
        ]
        .into();
        let text = Format::Progress.to_string(&p);
        let read = crate::parse_document(text.as_bytes(), None).unwrap();
        assert_eq!(read.format, Format::Progress);
        let back = &read.first().unwrap().puzzle;
        assert_eq!(back.board, p.board, "{text}");
        assert_eq!(back.notes, p.notes, "{text}");
    }

    #[test]
    fn notes_go_back_where_they_stood() {
        let mut p = sample();
        p.notes = vec![
            Note::new(0, "#AArto"),
            Note::new(0, "[Puzzle]"),
            Note::new(4, "# between rows 4 and 5"),
            Note::new(9, "; after"),
        ]
        .into();
        let sdk = Format::Sdk.to_string(&p);
        let lines: Vec<&str> = sdk.lines().collect();
        assert_eq!(&lines[..3], ["#AArto", "[Puzzle]", "4.....8.5"]);
        assert_eq!(lines[6], "# between rows 4 and 5");
        assert_eq!(lines[12], "; after");
        let line = Format::Line.to_string(&p);
        let lines: Vec<&str> = line.lines().collect();
        assert_eq!(
            lines,
            ["#AArto", "[Puzzle]", SAMPLE, "# between rows 4 and 5", "; after"]
        );
    }

    #[test]
    fn a_comment_goes_after_a_line_or_on_a_line_of_its_own() {
        let mut p = sample();
        p.comment = Some("two\nlines\r".into());
        assert_eq!(Format::Line.to_string(&p), format!("{SAMPLE} two lines \n"));
        assert!(Format::Sdk.to_string(&p).starts_with("#C two lines \n4.....8.5\n"));
        assert!(Format::Boj.to_string(&p).starts_with("# two lines \n4 0 0"));
    }

    #[test]
    fn progress_keeps_entries_and_solver_digits_apart_from_the_givens() {
        let mut p = sample();
        p.board.set(Pos::at(0, 1).unwrap(), Cell::Entry(Digit::new(1).unwrap()));
        p.board
            .set(Pos::at(8, 8).unwrap(), Cell::Placed(Digit::new(9).unwrap()));
        p.fields.push(("source".into(), "sdk 1 puzzle.sdk".into()));
        let text = Format::Progress.to_string(&p);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "#!sudoku-workbench progress 1");
        assert_eq!(lines[1], format!("#!entries .1{}", ".".repeat(79)));
        assert_eq!(lines[2], format!("#!solver {}9", ".".repeat(80)));
        assert_eq!(lines[3], "#!source sdk 1 puzzle.sdk");
        assert_eq!(lines[4], "4.....8.5", "the grid holds the givens only");
        assert_eq!(lines.len(), 13);
    }

    #[test]
    fn progress_keeps_pencil_marks_of_empty_cells() {
        let mut p = sample();
        p.board.set(Pos::at(0, 1).unwrap(), Cell::Entry(Digit::new(1).unwrap()));
        let mut marks = [DigitSet::EMPTY; 81];
        marks[2] = DigitSet::from_bits(0b1_0000_0011);
        // The marks of a cell that holds a digit (a given, an entry) are not written.
        marks[0] = DigitSet::from_bits(0b111);
        marks[1] = DigitSet::from_bits(0b111);
        p.marks = Some(Box::new(marks));
        let text = Format::Progress.to_string(&p);
        let line = text.lines().find(|l| l.starts_with("#!marks ")).expect("a marks line");
        assert_eq!(&line[8..8 + 27], format!("{}12......9", ".".repeat(18)));
        let read = crate::parse_puzzle(text.as_bytes()).expect("it reads back");
        let mut expected = [DigitSet::EMPTY; 81];
        expected[2] = marks[2];
        assert_eq!(read.marks.as_deref(), Some(&expected));
        assert_eq!(read.board, p.board);
        // No marks, no line.
        p.marks = Some(Box::new([DigitSet::EMPTY; 81]));
        assert!(!Format::Progress.to_string(&p).contains("#!marks"));
    }

    #[test]
    fn a_bad_marks_line_says_where() {
        let mut p = sample();
        let mut marks = [DigitSet::EMPTY; 81];
        marks[2] = DigitSet::from_bits(0b11);
        p.marks = Some(Box::new(marks));
        let text = Format::Progress.to_string(&p);
        // The second mark of r1c3 is column 8 + 18 + 2 of line 2; a '7' cannot stand there.
        let broken = text.replacen("#!marks ..................12", "#!marks ..................17", 1);
        let error = crate::parse_puzzle(broken.as_bytes()).unwrap_err();
        assert_eq!((error.line, error.column), (2, 28), "{error}");
        assert!(error.to_string().contains("'2' or '.'"), "{error}");
        let short = text.replacen("#!marks .........", "#!marks ", 1);
        let error = crate::parse_puzzle(short.as_bytes()).unwrap_err();
        assert_eq!(error.line, 2, "{error}");
        assert!(
            error.to_string().contains("found 720 marks, the line has 729"),
            "{error}"
        );
    }

    #[test]
    fn names_and_extensions_map_back() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_extension("SDK"), Some(Format::Sdk));
        assert_eq!(Format::from_extension("ss"), Some(Format::Ss));
        assert_eq!(Format::from_extension("swb"), Some(Format::Progress));
        assert_eq!(Format::from_extension("txt"), None);
        for f in [Format::Sdk, Format::Ss, Format::Progress] {
            assert_eq!(Format::from_extension(f.extension()), Some(f));
        }
    }
}
