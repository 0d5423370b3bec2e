//! [`Pos`]: a cell's position, 0 to 80 in row-major order, with its row, column and box.

use super::unit::Unit;
use std::fmt;

/// A cell position 0..81 in row-major order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
// The index is open to the board's other types (`CellSet`, `Unit`), which build positions they
// know are in range without the check of `Pos::new`.
pub struct Pos(pub(super) u8);

impl Pos {
    /// r1c1, the first cell in row-major order.
    pub const FIRST: Pos = Pos(0);

    /// The cell named `r<row>c<column>` (both 1 to 9, as [`Pos`] displays), case aside.
    pub fn from_name(name: &str) -> Option<Pos> {
        let name = name.to_ascii_lowercase();
        let (row, col) = name.strip_prefix('r')?.split_once('c')?;
        let one = |s: &str| match s.as_bytes() {
            [d @ b'1'..=b'9'] => Some(usize::from(d - b'1')),
            _ => None,
        };
        Pos::at(one(row)?, one(col)?)
    }

    /// The cell with row-major index `i`, or `None` unless `i < 81`.
    pub const fn new(i: usize) -> Option<Pos> {
        if i < 81 { Some(Pos(i as u8)) } else { None }
    }

    /// The cell at zero-based `row` and `col`, or `None` if either is 9 or more.
    pub const fn at(row: usize, col: usize) -> Option<Pos> {
        if row < 9 && col < 9 {
            Some(Pos((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// Row-major index 0..81.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row 0..9.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column 0..9.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box 0..9, numbered row-major (box 0 top left, box 8 bottom right).
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl DoubleEndedIterator<Item = Pos> + Clone {
        (0..81u8).map(Pos)
    }

    /// The three units the cell belongs to: its row, column and box.
    pub const fn units(self) -> [Unit; 3] {
        [
            Unit::Row(self.row() as u8),
            Unit::Col(self.col() as u8),
            Unit::Box(self.box_index() as u8),
        ]
    }

    /// Whether `self` and `other` are different cells sharing a row, column or box.
    pub const fn sees(self, other: Pos) -> bool {
        self.0 != other.0
            && (self.row() == other.row() || self.col() == other.col() || self.box_index() == other.box_index())
    }
}

impl fmt::Display for Pos {
    /// One-based `r{row}c{col}`, e.g. `r1c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(row: usize, col: usize) -> Pos {
        Pos::at(row, col).unwrap()
    }

    #[test]
    fn positions_reject_what_cannot_exist() {
        assert_eq!(Pos::new(81), None);
        assert_eq!(Pos::at(9, 0), None);
        assert_eq!(pos(0, 2).to_string(), "r1c3");
        assert_eq!(pos(8, 8).box_index(), 8);
        assert_eq!(pos(4, 5).box_index(), 4);
    }
}
