//! [`Cell`]: what a cell holds: nothing, a given, an entry or a digit the solver placed.

use super::digit::Digit;

/// What a cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No digit yet.
    #[default]
    Empty,
    /// A clue of the loaded puzzle.
    Given(Digit),
    /// A digit the user typed.
    Entry(Digit),
    /// A digit the solver placed.
    Placed(Digit),
}

impl Cell {
    /// The digit in the cell, whoever put it there.
    pub const fn digit(self) -> Option<Digit> {
        match self {
            Cell::Empty => None,
            Cell::Given(d) | Cell::Entry(d) | Cell::Placed(d) => Some(d),
        }
    }

    /// Whether the cell is a clue of the puzzle.
    pub const fn is_given(self) -> bool {
        matches!(self, Cell::Given(_))
    }
}
