//! Digits per cell and, per row, column and box, the set of digits used: a candidate test is one
//! OR of three masks instead of a scan of 27 cells.

use crate::sudoku::board::{Board, Digit, DigitSet, Pos};

/// The box of each cell.
const BOX_OF: [u8; 81] = {
    let mut table = [0; 81];
    let mut i = 0;
    while i < 81 {
        table[i] = (i / 27 * 3 + i % 9 / 3) as u8;
        i += 1;
    }
    table
};

/// The digits of a board with the used digits of every unit.
#[derive(Clone, Debug)]
pub struct Occupancy {
    digits: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Occupancy {
    /// The digits of `board`, or `None` if two of them conflict.
    pub fn new(board: &Board) -> Option<Occupancy> {
        let mut occupancy = Occupancy {
            digits: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for p in Pos::all() {
            if let Some(d) = board.digit(p) {
                if occupancy.candidates(p).contains(d) {
                    occupancy.place(p, d);
                } else {
                    return None;
                }
            }
        }
        Some(occupancy)
    }

    /// Digits that `p` could hold: none of its row, column or box uses them.
    #[inline]
    pub fn candidates(&self, p: Pos) -> DigitSet {
        let i = p.index();
        let used = self.rows[i / 9] | self.cols[i % 9] | self.boxes[BOX_OF[i] as usize];
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
        let i = p.index();
        let bit = 1 << d.index();
        self.digits[i] = d.get();
        self.rows[i / 9] |= bit;
        self.cols[i % 9] |= bit;
        self.boxes[BOX_OF[i] as usize] |= bit;
    }

    /// Takes `d` out of `p`.
    #[inline]
    pub fn clear(&mut self, p: Pos, d: Digit) {
        let i = p.index();
        let bit = !(1 << d.index());
        self.digits[i] = 0;
        self.rows[i / 9] &= bit;
        self.cols[i % 9] &= bit;
        self.boxes[BOX_OF[i] as usize] &= bit;
    }

    /// The digit in `p`.
    #[inline]
    pub fn digit(&self, p: Pos) -> Option<Digit> {
        Digit::new(self.digits[p.index()])
    }
}
