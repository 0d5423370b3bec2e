//! Digits per cell and, per row, column and box, the set of digits used: a candidate test is one
//! OR of three masks instead of a scan of 27 cells.

use super::machine::conflict_of;
use crate::board::{Board, Contradiction, Digit, DigitSet, Pos};

/// For each cell, its three units as indices into [`Occupancy::used`]: row (0..9), column
/// (9..18), box (18..27). A table, so that no placement divides by nine; 128 entries so that a
/// cell index masked with 127 needs no bounds check.
pub(super) const UNITS: [[u8; 3]; 128] = {
    let mut table = [[0; 3]; 128];
    let mut i = 0;
    while i < 81 {
        table[i] = [(i / 9) as u8, (9 + i % 9) as u8, (18 + i / 27 * 3 + i % 9 / 3) as u8];
        i += 1;
    }
    table
};

/// The digits of a board with the used digits of every unit.
#[derive(Clone, Debug)]
pub struct Occupancy {
    /// The digit of each cell (0 for none); 128 long like [`UNITS`].
    pub(super) digits: [u8; 128],
    /// Digits used in each unit (bit `d - 1` for digit `d`): rows, then columns, then boxes;
    /// 32 long so that a unit index masked with 31 needs no bounds check.
    pub(super) used: [u16; 32],
}

/// A cell's slot in the tables: the mask proves to the compiler what `Pos` guarantees.
#[inline(always)]
fn slot(p: Pos) -> usize {
    p.index() & 127
}

impl Occupancy {
    /// The digits of `board`, or why it has no solution: two digits conflict, or an empty cell
    /// has no candidate (the first in row-major order).
    pub fn new(board: &Board) -> Result<Occupancy, Contradiction> {
        let mut occupancy = Occupancy {
            digits: [0; 128],
            used: [0; 32],
        };
        for p in Pos::all() {
            if let Some(d) = board.digit(p) {
                if !occupancy.candidates(p).contains(d) {
                    return Err(conflict_of(board));
                }
                occupancy.place(p, d);
            }
        }
        match Pos::all().find(|&p| occupancy.is_empty(p) && occupancy.candidates(p).is_empty()) {
            Some(dead) => Err(Contradiction::NoCandidate(dead)),
            None => Ok(occupancy),
        }
    }

    /// Digits that `p` could hold: none of its row, column or box uses them.
    #[inline]
    pub fn candidates(&self, p: Pos) -> DigitSet {
        let [r, c, b] = UNITS[slot(p)];
        let used = self.used[r as usize & 31] | self.used[c as usize & 31] | self.used[b as usize & 31];
        DigitSet::from_bits(!used)
    }

    /// Whether `p` is empty.
    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.digits[slot(p)] == 0
    }

    /// Puts `d` in the empty cell `p`.
    #[inline]
    pub fn place(&mut self, p: Pos, d: Digit) {
        let bit = 1 << d.index();
        self.digits[slot(p)] = d.get();
        for unit in UNITS[slot(p)] {
            self.used[unit as usize & 31] |= bit;
        }
    }

    /// Takes `d` out of `p`.
    #[inline]
    pub fn clear(&mut self, p: Pos, d: Digit) {
        let bit = !(1 << d.index());
        self.digits[slot(p)] = 0;
        for unit in UNITS[slot(p)] {
            self.used[unit as usize & 31] &= bit;
        }
    }

    /// The digit in `p`.
    #[inline]
    pub fn digit(&self, p: Pos) -> Option<Digit> {
        Digit::new(self.digits[slot(p)])
    }
}
