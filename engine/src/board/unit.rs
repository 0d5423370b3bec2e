//! [`Unit`]: a row, a column or a box.

use super::pos::Pos;
use std::fmt;

/// A row, column or box, each holding every digit once in a solution. Indices are zero-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Row 0..9, top to bottom.
    Row(u8),
    /// Column 0..9, left to right.
    Col(u8),
    /// Box 0..9, row-major.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> + Clone {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Col))
            .chain((0..9).map(Unit::Box))
    }

    /// The nine cells of the unit, in row-major order.
    pub fn cells(self) -> [Pos; 9] {
        std::array::from_fn(|i| {
            let (row, col) = match self {
                Unit::Row(r) => (r as usize, i),
                Unit::Col(c) => (i, c as usize),
                Unit::Box(b) => (b as usize / 3 * 3 + i / 3, b as usize % 3 * 3 + i % 3),
            };
            Pos((row * 9 + col) as u8)
        })
    }
}

impl fmt::Display for Unit {
    /// One-based, e.g. `row 1`, `column 3`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(row: usize, col: usize) -> Pos {
        Pos::at(row, col).unwrap()
    }

    #[test]
    fn units_hold_their_nine_cells() {
        assert_eq!(Unit::Row(1).cells()[8], pos(1, 8));
        assert_eq!(Unit::Col(2).cells()[4], pos(4, 2));
        assert_eq!(
            Unit::Box(5).cells(),
            [
                pos(3, 6),
                pos(3, 7),
                pos(3, 8),
                pos(4, 6),
                pos(4, 7),
                pos(4, 8),
                pos(5, 6),
                pos(5, 7),
                pos(5, 8)
            ]
        );
        assert_eq!(Unit::all().count(), 27);
    }
}
