//! Colours a person paints on cells and on single candidates while solving by hand, to follow a
//! chain as HoDoKu's colouring does: four pairs of colours, each pair two sides of one chain
//! (`a` and `A`, `b` and `B`, ...). Like pencil marks they are the person's own; a progress file
//! keeps them in its `#!colours` (81 cells) and `#!candidate-colours` (729 candidates) lines.
//!
//! ```
//! use sudoku_engine::{Colour, Colours, Digit, Pos};
//!
//! let mut colours = Colours::NONE;
//! let a = Colour::from_letter('a').unwrap();
//! colours.set_cell(Pos::FIRST, Some(a));
//! colours.set_candidate(Pos::FIRST, Digit::new(5).unwrap(), Some(a.partner()));
//! let line = colours.cells_line();
//! assert_eq!(&line[..2], "a.");
//! assert_eq!(Colours::read_cells(&line), Ok(colours.cells_only()));
//! ```

use super::board::{Board, Digit, Pos};
use super::parse::ParseErrorKind;
use std::fmt;
use std::num::NonZeroU8;

/// How many pairs of colours there are.
pub const COLOUR_PAIRS: usize = 4;

/// One colour: a pair (0 to 3) and its side. Written as a letter, `a` to `d` for the first
/// side of each pair and `A` to `D` for the second.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour(NonZeroU8);

impl fmt::Debug for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Colour({})", self.letter())
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Colour {
    /// Every colour, the pairs in order, each pair's first side before its second: `a A b B c
    /// C d D`.
    pub const ALL: [Colour; 2 * COLOUR_PAIRS] = {
        let mut all = [Colour(NonZeroU8::MIN); 2 * COLOUR_PAIRS];
        let mut i = 0;
        while i < all.len() {
            // (i % 2) * 4 + i / 2 + 1 is 1 to 8: never zero.
            all[i] = match NonZeroU8::new(((i % 2) * COLOUR_PAIRS + i / 2 + 1) as u8) {
                Some(n) => Colour(n),
                None => Colour(NonZeroU8::MIN),
            };
            i += 1;
        }
        all
    };

    /// The colour written as `letter` (`a`-`d`, `A`-`D`).
    pub fn from_letter(letter: char) -> Option<Colour> {
        let (base, second) = match letter {
            'a'..='d' => (b'a', 0),
            'A'..='D' => (b'A', COLOUR_PAIRS as u8),
            _ => return None,
        };
        NonZeroU8::new(letter as u8 - base + second + 1).map(Colour)
    }

    /// The colour's letter.
    pub const fn letter(self) -> char {
        let n = self.0.get() - 1;
        if (n as usize) < COLOUR_PAIRS {
            (b'a' + n) as char
        } else {
            (b'A' + n - COLOUR_PAIRS as u8) as char
        }
    }

    /// The pair, 0 to 3.
    pub const fn pair(self) -> usize {
        (self.0.get() as usize - 1) % COLOUR_PAIRS
    }

    /// Whether it is the second side of its pair (a capital letter).
    pub const fn is_second(self) -> bool {
        self.0.get() as usize > COLOUR_PAIRS
    }

    /// The other side of its pair: `A` for `a`, `a` for `A`.
    pub const fn partner(self) -> Colour {
        let n = self.0.get() as usize - 1;
        let other = (n + COLOUR_PAIRS) % (2 * COLOUR_PAIRS) + 1;
        match NonZeroU8::new(other as u8) {
            Some(n) => Colour(n),
            None => self,
        }
    }
}

/// What may stand for a cell or candidate in a line of colours.
const COLOUR_EXPECTED: &str = "a colour letter (a-d, A-D) or '.'";

/// The colours of a board: each cell's, and each candidate's.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colours {
    cells: [Option<Colour>; 81],
    candidates: [[Option<Colour>; 9]; 81],
}

impl Default for Colours {
    fn default() -> Colours {
        Colours::NONE
    }
}

impl fmt::Debug for Colours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Colours({} / {})", self.cells_line(), self.candidates_line())
    }
}

impl Colours {
    /// No colour anywhere.
    pub const NONE: Colours = Colours {
        cells: [None; 81],
        candidates: [[None; 9]; 81],
    };

    /// The colour of the cell `p`.
    pub const fn cell(&self, p: Pos) -> Option<Colour> {
        self.cells[p.index()]
    }

    /// Paints the cell `p` (or takes its colour off, with `None`).
    pub fn set_cell(&mut self, p: Pos, colour: Option<Colour>) {
        self.cells[p.index()] = colour;
    }

    /// The colour of the candidate `d` of `p`.
    pub const fn candidate(&self, p: Pos, d: Digit) -> Option<Colour> {
        self.candidates[p.index()][d.index()]
    }

    /// Paints the candidate `d` of `p` (or takes its colour off, with `None`).
    pub fn set_candidate(&mut self, p: Pos, d: Digit, colour: Option<Colour>) {
        self.candidates[p.index()][d.index()] = colour;
    }

    /// Whether nothing is painted.
    pub fn is_empty(&self) -> bool {
        *self == Colours::NONE
    }

    /// Whether some candidate is painted.
    pub fn has_candidates(&self) -> bool {
        self.candidates.iter().flatten().any(Option::is_some)
    }

    /// The cells' colours alone, no candidate painted.
    pub fn cells_only(&self) -> Colours {
        Colours {
            cells: self.cells,
            ..Colours::NONE
        }
    }

    /// The colours with those of the candidates of `board`'s filled cells taken off: a digit in
    /// a cell makes its candidates moot (the cell keeps its own colour).
    pub fn of_empty_cells(&self, board: &Board) -> Colours {
        let mut colours = *self;
        for p in Pos::all().filter(|p| board.digit(*p).is_some()) {
            colours.candidates[p.index()] = [None; 9];
        }
        colours
    }

    /// The cells where `self` and `other` differ, in reading order (to put the cursor on what
    /// an undo changed).
    pub fn changed_cells(&self, other: &Colours) -> impl Iterator<Item = Pos> + '_ {
        let other = *other;
        Pos::all().filter(move |p| {
            self.cells[p.index()] != other.cells[p.index()] || self.candidates[p.index()] != other.candidates[p.index()]
        })
    }

    /// The cells' colours as 81 characters, a letter or `.` each (a progress file's
    /// `#!colours`).
    pub fn cells_line(&self) -> String {
        self.cells.iter().map(|c| c.map_or('.', Colour::letter)).collect()
    }

    /// The candidates' colours as 81 groups of nine characters, the `k`-th the colour of the
    /// candidate `k` or `.` (a progress file's `#!candidate-colours`).
    pub fn candidates_line(&self) -> String {
        self.candidates
            .iter()
            .flatten()
            .map(|c| c.map_or('.', Colour::letter))
            .collect()
    }

    /// The cells' colours a `#!colours` value holds, or where it goes wrong: the character
    /// (counted from 0) and why.
    pub fn read_cells(value: &str) -> Result<Colours, (usize, ParseErrorKind)> {
        let mut colours = Colours::NONE;
        read_letters(value, 81, |i, c| colours.cells[i] = c).map_err(|(at, kind)| match kind {
            Wrong::Char(found) => (at, unexpected(found)),
            Wrong::Past(found) => (at, past(found, "the end of the line after 81 cells")),
            Wrong::Short(found) => (at, ParseErrorKind::TooFewCells { found }),
        })?;
        Ok(colours)
    }

    /// The candidates' colours a `#!candidate-colours` value holds, put on `self`, or where it
    /// goes wrong: the character (counted from 0) and why.
    pub fn read_candidates(mut self, value: &str) -> Result<Colours, (usize, ParseErrorKind)> {
        read_letters(value, 729, |i, c| self.candidates[i / 9][i % 9] = c).map_err(|(at, kind)| match kind {
            Wrong::Char(found) => (at, unexpected(found)),
            Wrong::Past(found) => (at, past(found, "the end of the line after 729 candidates")),
            Wrong::Short(found) => (at, ParseErrorKind::TooFewCandidateColours { found }),
        })?;
        Ok(self)
    }

    /// The colours a puzzle's progress fields hold (`#!colours`, `#!candidate-colours`, the
    /// first of each), none where a field is missing. The reader has refused a file whose
    /// fields do not read, so a field that does not is taken as none.
    pub fn of_fields(fields: &[(String, String)]) -> Colours {
        let value = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        let cells = value(COLOUR_FIELDS[0]).map_or(Ok(Colours::NONE), Colours::read_cells);
        let cells = cells.unwrap_or(Colours::NONE);
        value(COLOUR_FIELDS[1]).map_or(cells, |v| cells.read_candidates(v).unwrap_or(cells))
    }

    /// `fields` with these colours in place of any earlier ones (no line for what is not
    /// painted).
    pub fn write_into(&self, fields: &mut Vec<(String, String)>) {
        fields.retain(|(key, _)| !COLOUR_FIELDS.contains(&key.as_str()));
        if self.cells.iter().any(Option::is_some) {
            fields.push((COLOUR_FIELDS[0].into(), self.cells_line()));
        }
        if self.has_candidates() {
            fields.push((COLOUR_FIELDS[1].into(), self.candidates_line()));
        }
    }
}

/// The progress-file fields colours are saved in: the cells', then the candidates'.
pub const COLOUR_FIELDS: [&str; 2] = ["colours", "candidate-colours"];

/// Checks a progress field of colours (`key` one of [`COLOUR_FIELDS`]): where its value goes
/// wrong, if it does.
pub(crate) fn check_field(key: &str, value: &str) -> Result<(), (usize, ParseErrorKind)> {
    if key == COLOUR_FIELDS[0] {
        Colours::read_cells(value).map(drop)
    } else {
        Colours::NONE.read_candidates(value).map(drop)
    }
}

fn unexpected(found: char) -> ParseErrorKind {
    ParseErrorKind::UnexpectedChar {
        found,
        expected: COLOUR_EXPECTED,
    }
}

fn past(found: char, expected: &'static str) -> ParseErrorKind {
    ParseErrorKind::UnexpectedChar { found, expected }
}

/// What is wrong with a line of colour letters.
enum Wrong {
    /// A character that is neither a colour nor `.`.
    Char(char),
    /// A character past the end.
    Past(char),
    /// The line ends after this many characters.
    Short(usize),
}

/// Reads `len` colour letters or `.` from `value`, handing each place's colour to `put`.
fn read_letters(value: &str, len: usize, mut put: impl FnMut(usize, Option<Colour>)) -> Result<(), (usize, Wrong)> {
    let mut count = 0;
    for (i, c) in value.chars().enumerate() {
        if i == len {
            return Err((i, Wrong::Past(c)));
        }
        match c {
            '.' => put(i, None),
            c => put(i, Some(Colour::from_letter(c).ok_or((i, Wrong::Char(c)))?)),
        }
        count = i + 1;
    }
    if count < len {
        return Err((count, Wrong::Short(count)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    fn pos(r: usize, c: usize) -> Pos {
        Pos::at(r, c).expect("a cell")
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("a digit")
    }

    #[test]
    fn colours_are_letters_in_pairs() {
        let letters: String = Colour::ALL.iter().map(|c| c.letter()).collect();
        assert_eq!(letters, "aAbBcCdD");
        for c in Colour::ALL {
            assert_eq!(Colour::from_letter(c.letter()), Some(c));
            assert_eq!(c.partner().partner(), c);
            assert_eq!(c.partner().pair(), c.pair());
            assert_ne!(c.partner().is_second(), c.is_second());
        }
        assert_eq!(Colour::from_letter('b').map(Colour::pair), Some(1));
        assert_eq!(Colour::from_letter('B').map(|c| c.partner().letter()), Some('b'));
        for c in ['e', 'E', '.', '1', 'é', ' '] {
            assert_eq!(Colour::from_letter(c), None, "{c:?}");
        }
        assert_eq!(std::mem::size_of::<Option<Colour>>(), 1);
    }

    #[test]
    fn colours_go_into_fields_and_back() {
        let mut colours = Colours::NONE;
        assert!(colours.is_empty());
        let mut fields = vec![("time".to_string(), "5".to_string())];
        colours.write_into(&mut fields);
        assert_eq!(fields.len(), 1, "nothing painted, no line");
        colours.set_cell(pos(0, 0), Colour::from_letter('a'));
        colours.set_cell(pos(8, 8), Colour::from_letter('D'));
        colours.set_candidate(pos(0, 1), digit(9), Colour::from_letter('c'));
        colours.write_into(&mut fields);
        assert_eq!(fields.len(), 3);
        assert_eq!(fields[1].1.len(), 81);
        assert!(fields[1].1.starts_with("a.") && fields[1].1.ends_with(".D"));
        assert_eq!(&fields[2].1[9..18], "........c");
        assert_eq!(Colours::of_fields(&fields), colours);
        // Written again, the old lines are replaced, not repeated.
        colours.write_into(&mut fields);
        assert_eq!(fields.len(), 3);
        // A filled cell's candidates lose their colours; the cell keeps its own.
        let mut board = Board::empty();
        board.set(pos(0, 1), Cell::Entry(digit(4)));
        board.set(pos(0, 0), Cell::Entry(digit(4)));
        let left = colours.of_empty_cells(&board);
        assert!(!left.has_candidates());
        assert_eq!(left.cell(pos(0, 0)), Colour::from_letter('a'));
        assert_eq!(colours.changed_cells(&left).collect::<Vec<_>>(), [pos(0, 1)]);
    }

    #[test]
    fn a_bad_line_of_colours_says_where() {
        let line = |s: &str| format!("{s}{}", ".".repeat(81 - s.chars().count()));
        assert_eq!(
            Colours::read_cells(&line("ab?")),
            Err((2, unexpected('?'))),
            "the third character"
        );
        assert_eq!(Colours::read_cells(&line("e")), Err((0, unexpected('e'))));
        assert_eq!(
            Colours::read_cells(&".".repeat(80)),
            Err((80, ParseErrorKind::TooFewCells { found: 80 }))
        );
        assert!(matches!(Colours::read_cells(&".".repeat(82)), Err((81, _))));
        assert!(matches!(
            Colours::read_cells(""),
            Err((0, ParseErrorKind::TooFewCells { found: 0 }))
        ));
        let e = Colours::NONE.read_candidates(&".".repeat(728));
        // Issue 28, attack B (item 7): it once said "found 80 cells, a puzzle has 81".
        assert_eq!(e, Err((728, ParseErrorKind::TooFewCandidateColours { found: 728 })));
        let said = ParseErrorKind::TooFewCandidateColours { found: 728 }.to_string();
        assert!(said.contains("728 candidates, the line has 729"), "{said}");
        assert!(Colours::NONE.read_candidates(&".".repeat(729)).is_ok());
        // A huge line is refused at its first character too many, never read whole.
        assert!(matches!(Colours::read_cells(&"a".repeat(1 << 20)), Err((81, _))));
        assert_eq!(check_field("colours", &".".repeat(81)), Ok(()));
        assert!(check_field("candidate-colours", &".".repeat(81)).is_err());
    }
}
