//! [`Conflict`]: two cells of one unit holding the same digit.

use super::digit::Digit;
use super::pos::Pos;
use super::unit::Unit;
use std::fmt;

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The unit both cells are in.
    pub unit: Unit,
    /// The digit both cells hold.
    pub digit: Digit,
    /// The earlier of the two cells in row-major order.
    pub first: Pos,
    /// The later of the two cells.
    pub second: Pos,
}

impl fmt::Display for Conflict {
    /// E.g. `r1c1 and r1c2 both hold 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {} both hold {}", self.first, self.second, self.digit)
    }
}

/// A conflict is why a board has no solution: `?` can pass it on as an error.
impl std::error::Error for Conflict {}
