//! Digits per cell and, per row, column and box, the set of digits used: a candidate test is one
//! OR of three masks instead of a scan of 27 cells.

use crate::sudoku::board::{Board, Digit, DigitSet, Pos};

/// For each cell, its three units as indices into [`Occupancy::used`]: row (0..9), column
/// (9..18), box (18..27). A table, so that no placement divides by nine.
const UNITS: [[u8; 3]; 81] = {
    let mut table = [[0; 3]; 81];
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
    digits: [u8; 81],
    /// Digits used in each unit (bit `d - 1` for digit `d`): rows, then columns, then boxes.
    used: [u16; 27],
}

impl Occupancy {
    /// The digits of `board`, or `None` if two of them conflict.
    pub fn new(board: &Board) -> Option<Occupancy> {
        let mut occupancy = Occupancy {
            digits: [0; 81],
            used: [0; 27],
        };
        for p in Pos::all() {
            if let Some(d) = board.digit(p) {
                if !occupancy.candidates(p).contains(d) {
                    return None;
                }
                occupancy.place(p, d);
            }
        }
        Some(occupancy)
    }

    /// Digits that `p` could hold: none of its row, column or box uses them.
    #[inline]
    pub fn candidates(&self, p: Pos) -> DigitSet {
        let [r, c, b] = UNITS[p.index()];
        let used = self.used[r as usize] | self.used[c as usize] | self.used[b as usize];
        DigitSet::from_bits(!used)
    }

    /// Whether `p` is empty.
    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.digits[p.index()] == 0
    }

    /// Puts `d` in the empty cell `p`.
    #[inline]
    pub fn place(&mut self, p: Pos, d: Digit) {
        let bit = 1 << d.index();
        self.digits[p.index()] = d.get();
        for unit in UNITS[p.index()] {
            self.used[unit as usize] |= bit;
        }
    }

    /// Takes `d` out of `p`.
    #[inline]
    pub fn clear(&mut self, p: Pos, d: Digit) {
        let bit = !(1 << d.index());
        self.digits[p.index()] = 0;
        for unit in UNITS[p.index()] {
            self.used[unit as usize] &= bit;
        }
    }

    /// The digit in `p`.
    #[inline]
    pub fn digit(&self, p: Pos) -> Option<Digit> {
        Digit::new(self.digits[p.index()])
    }
}
