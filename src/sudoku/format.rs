//! Writing boards: the BOJ 2580 grid, the 81-character line, SadMan `.sdk`, Simple Sudoku `.ss` and
//! a pretty grid with box borders. Every format reads back to the same board.

use super::board::{Board, Pos};
use super::puzzle::Puzzle;
use std::fmt;

/// A text format for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [Format::Boj, Format::Line, Format::Sdk, Format::Ss, Format::Grid];

    /// The short name used on the command line, e.g. `boj`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Boj => "boj",
            Format::Line => "line",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Grid => "grid",
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
        }
    }

    /// The format a file extension suggests; only used to break ties between look-alike contents.
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "sdk" => Some(Format::Sdk),
            "ss" => Some(Format::Ss),
            "sdm" => Some(Format::Line),
            _ => None,
        }
    }

    /// The format called `name` on the command line.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Writes `puzzle` in this format, ending with a newline. Only `.sdk` keeps the metadata.
    pub fn write(self, puzzle: &Puzzle, out: &mut impl fmt::Write) -> fmt::Result {
        let board = &puzzle.board;
        match self {
            Format::Boj => write_rows(board, out, '0', " ", None),
            Format::Line => writeln!(out, "{board}"),
            Format::Sdk => {
                for (tag, value) in &puzzle.meta {
                    // One line per tag, whatever the value holds: line breaks would end it early.
                    let value: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
                    let value = value.trim();
                    let gap = if value.is_empty() { "" } else { " " };
                    writeln!(out, "#{}{gap}{value}", tag.letter())?;
                }
                write_rows(board, out, '.', "", None)
            }
            Format::Ss => write_rows(board, out, '.', "", Some(("|", "-----------"))),
            Format::Grid => {
                const RULE: &str = "+-------+-------+-------+";
                writeln!(out, "{RULE}")?;
                for row in 0..9 {
                    for col in 0..9 {
                        let sep = if col % 3 == 0 { "| " } else { "" };
                        write!(out, "{sep}{} ", cell_char(board, row, col, '.'))?;
                    }
                    writeln!(out, "|")?;
                    if row % 3 == 2 {
                        writeln!(out, "{RULE}")?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The puzzle written in this format, as a string.
    pub fn to_string(self, puzzle: &Puzzle) -> String {
        let mut s = String::with_capacity(256);
        self.write(puzzle, &mut s).expect("writing to a String cannot fail");
        s
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn cell_char(board: &Board, row: usize, col: usize, blank: char) -> char {
    Pos::at(row, col)
        .and_then(|p| board.digit(p))
        .map_or(blank, |d| d.to_char())
}

/// Nine rows of nine cells. `sep` goes between cells; `bands` is a (box separator, band rule) pair.
fn write_rows(
    board: &Board,
    out: &mut impl fmt::Write,
    blank: char,
    sep: &str,
    bands: Option<(&str, &str)>,
) -> fmt::Result {
    for row in 0..9 {
        if let (Some((_, rule)), 3 | 6) = (bands, row) {
            writeln!(out, "{rule}")?;
        }
        for col in 0..9 {
            if col > 0 {
                match bands {
                    Some((box_sep, _)) if col % 3 == 0 => out.write_str(box_sep)?,
                    _ => out.write_str(sep)?,
                }
            }
            out.write_char(cell_char(board, row, col, blank))?;
        }
        out.write_char('\n')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::puzzle::MetaTag;

    fn sample() -> Puzzle {
        let mut p = Puzzle::new(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap(),
        );
        p.meta.push((MetaTag::Author, "Someone".into()));
        p
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
        let p = sample();
        assert_eq!(Format::Line.to_string(&p), format!("{}\n", p.board));
        let sdk = Format::Sdk.to_string(&p);
        assert!(sdk.starts_with("#A Someone\n4.....8.5\n"), "{sdk}");
        let ss = Format::Ss.to_string(&p);
        assert_eq!(ss.lines().next(), Some("4..|...|8.5"));
        assert_eq!(ss.lines().nth(3), Some("-----------"));
        let grid = Format::Grid.to_string(&p);
        assert_eq!(grid.lines().next(), Some("+-------+-------+-------+"));
        assert_eq!(grid.lines().nth(1), Some("| 4 . . | . . . | 8 . 5 |"));
        assert_eq!(grid.lines().count(), 13);
    }

    #[test]
    fn metadata_with_line_breaks_stays_on_its_line() {
        let mut p = sample();
        p.meta = vec![(MetaTag::Comment, "two\nlines\r".into())];
        let sdk = Format::Sdk.to_string(&p);
        assert!(sdk.starts_with("#C two lines\n4.....8.5\n"), "{sdk}");
    }

    #[test]
    fn names_and_extensions_map_back() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_extension("SDK"), Some(Format::Sdk));
        assert_eq!(Format::from_extension("ss"), Some(Format::Ss));
        assert_eq!(Format::from_extension("txt"), None);
    }
}
