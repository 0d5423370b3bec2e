//! [`Contradiction`]: why a board has no solution, seen before any search.

use super::conflict::Conflict;
use super::pos::Pos;
use std::fmt;

/// Why a board has no solution, seen before any search: two equal digits in a unit, or an empty
/// cell that no digit fits (every digit is already in its row, column or box).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two cells of one unit hold the same digit.
    Conflict(Conflict),
    /// An empty cell has no candidate.
    NoCandidate(Pos),
}

impl fmt::Display for Contradiction {
    /// E.g. `r1c1 and r1c2 both hold 3`, `r1c9 has no candidate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Conflict(conflict) => conflict.fmt(f),
            Contradiction::NoCandidate(pos) => write!(f, "{pos} has no candidate"),
        }
    }
}

impl std::error::Error for Contradiction {}

impl From<Conflict> for Contradiction {
    fn from(conflict: Conflict) -> Self {
        Contradiction::Conflict(conflict)
    }
}
