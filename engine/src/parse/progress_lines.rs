//! The `#!` lines of a progress file (`.swb`): the mark `#!sudoku-workbench progress 1`, the
//! player's entries, the solver's digits, the pencil marks and the numbers of the record, read
//! and put on the grid's givens once the whole puzzle is read.

use super::error::{ParseError, ParseErrorKind, out_of_memory};
use super::grid::GridBuilder;
use super::scan::{CELL_EXPECTED, cell_value};
use crate::board::{Board, Cell, Digit, DigitSet, Pos};
use crate::colours::{COLOUR_FIELDS, check_field as check_colour_field};
use crate::format::{MAX_PLAY_COUNT, MAX_PLAY_SECONDS, PROGRESS_VERSION};
use crate::marks::Marks;
use crate::notes::Notes;

/// A `#!` line of a progress file, kept until the givens are known.
pub(super) struct ProgressLine {
    pub(super) line: usize,
    /// The column of the value's first character.
    pub(super) column: usize,
    pub(super) key: String,
    pub(super) value: String,
    /// Where the line is among the notes, until the file is known to be a progress file (its
    /// mark may come after it): a plain `.sdk` keeps it as a note. `None` once past the limit
    /// on notes.
    pub(super) note: Option<usize>,
}

impl GridBuilder {
    /// Puts a progress file's entries and solver digits on `board` (its givens), and keeps its
    /// other `#!` lines as fields; its `#!note` lines are notes again. In a file without the
    /// mark, the `#!` lines stay the notes they were read as.
    pub(super) fn apply_progress(&mut self, board: &mut Board) -> Result<Option<Box<[DigitSet; 81]>>, ParseError> {
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
        // A field given twice was read once and the other line dropped by the next save
        // (attack A): refused where the second stands, as traces refuse a repeated field.
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for p in lines.iter().filter(|p| p.key != "note") {
            if let Some(&(_, first)) = seen.iter().find(|(key, _)| *key == p.key) {
                return Err(ParseError::new(
                    p.line,
                    p.column,
                    ParseErrorKind::RepeatedField {
                        key: p.key.clone(),
                        first,
                    },
                ));
            }
            seen.push((&p.key, p.line));
        }
        drop(seen);
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
                    // Colours the workbench could not read back would be lost at its next save.
                    if COLOUR_FIELDS.contains(&key) {
                        check_colour_field(key, &p.value)
                            .map_err(|(at, kind)| ParseError::new(p.line, p.column + at, kind))?;
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
pub(super) const MARK_NAME: &str = "sudoku-workbench";

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
            ParseErrorKind::TooFewMarks { found: count },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::parse::testing::*;

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

    /// Attack A: a progress field given twice (`#!time`) was read once, the other line dropped
    /// by the next save; two `#!entries` lines were merged. Refused where the second stands.
    #[test]
    fn a_progress_field_given_twice_is_refused_where_the_second_stands() {
        let entries = format!("#!entries .1{}", ".".repeat(79));
        for (lines, key, first, at) in [
            (
                vec!["#!sudoku-workbench progress 1", "#!time 5", "#!time 7"],
                "time",
                2,
                (3, 8),
            ),
            (
                vec!["#!sudoku-workbench progress 1", &entries, "#C x", &entries],
                "entries",
                2,
                (4, 11),
            ),
        ] {
            let e = error(&grid_after(&lines));
            assert_eq!((e.line, e.column), at, "{e}");
            assert_eq!(e.kind, ParseErrorKind::RepeatedField { key: key.into(), first });
            assert!(e.to_string().contains(&format!("a second #!{key} line")), "{e}");
        }
        // `#!note` lines are the puzzle's own lines, as many as it has.
        let (_, puzzle) = single(&grid_after(&["#!sudoku-workbench progress 1", "#!note a", "#!note b"]));
        assert_eq!(puzzle.notes.len(), 2);
    }

    /// Attack A: a `#!marks` line cut short said "found 0 cells, a puzzle has 81": it counts
    /// marks, 729 of them, and says so where it ends.
    #[test]
    fn a_marks_line_cut_short_says_how_many_marks_it_needs() {
        let e = error(&grid_after(&["#!sudoku-workbench progress 1", "#!marks 123"]));
        assert_eq!((e.line, e.column), (2, 12), "{e}");
        assert_eq!(e.kind, ParseErrorKind::TooFewMarks { found: 3 });
        assert!(e.to_string().contains("found 3 marks, the line has 729"), "{e}");
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

    /// Issue 31: a progress file's colours are read as fields, checked where they stand: a
    /// line that does not read is refused with its line and column (a save would lose it), and
    /// a file without colours (every file before them) reads as it did.
    #[test]
    fn colour_lines_are_checked_where_they_stand() {
        let mark = "#!sudoku-workbench progress 1";
        let cells = format!("#!colours a{}B", ".".repeat(79));
        let candidates = format!("#!candidate-colours {}c{}", ".".repeat(12), ".".repeat(716));
        for end in ["\n", "\r\n", "\r"] {
            let text = grid_after(&[mark, &cells, &candidates, "#!time 3"]).replace('\n', end);
            let (format, puzzle) = single(&text);
            assert_eq!(format, Format::Progress, "{end:?}");
            let colours = crate::Colours::of_fields(&puzzle.fields);
            let a = crate::Colour::from_letter('a');
            assert_eq!(colours.cell(Pos::FIRST), a, "{end:?}");
            assert_eq!(colours.cell(Pos::at(8, 8).unwrap()), crate::Colour::from_letter('B'));
            assert_eq!(
                colours.candidate(Pos::at(0, 1).unwrap(), Digit::new(4).unwrap()),
                crate::Colour::from_letter('c')
            );
            assert!(puzzle.notes.is_empty(), "{:?}", puzzle.notes);
        }
        let (_, old) = single(&grid_after(&[mark, "#!time 3"]));
        assert!(
            crate::Colours::of_fields(&old.fields).is_empty(),
            "an old file has none"
        );
        let bad = format!("#!colours a{}x{}", ".".repeat(10), ".".repeat(69));
        let e = error(&grid_after(&[mark, "# mine", &bad]));
        assert_eq!(
            e.to_string(),
            "line 3, column 22: expected a colour letter (a-d, A-D) or '.', found 'x'"
        );
        let e = error(&grid_after(&[mark, "#!colours ...."]));
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 15, ParseErrorKind::TooFewCells { found: 4 })
        );
        let long = format!("#!candidate-colours {}", "a".repeat(100_000));
        let e = error(&grid_after(&[mark, &long]));
        assert_eq!((e.line, e.column), (2, 21 + 729), "{e}");
        // Without the mark, a colours line is a note of a plain .sdk, as any #! line is.
        let (format, puzzle) = single(&grid_after(&[&bad]));
        assert_eq!(format, Format::Sdk);
        assert_eq!(puzzle.notes.len(), 1);
    }
}
