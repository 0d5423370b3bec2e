//! The textbook strategy of BOJ 2580: the blanks in row-major order, digits 1 to 9 ascending, a
//! digit tried when no cell of its row, column or box holds it. No propagation.

use super::machine::{Branch, State};
use super::occupancy::Occupancy;
use crate::sudoku::board::{Board, CellSet, Contradiction, Digit, Pos};

/// The state of the textbook search: the board's digits and which blank is next.
#[derive(Clone, Debug)]
pub struct NaiveState {
    occupancy: Occupancy,
    /// The blanks of the starting board in row-major order.
    blanks: Vec<Pos>,
    /// How many of `blanks` hold a digit: the next one to decide is `blanks[next]`.
    next: usize,
}

impl State for NaiveState {
    const COPY_ON_GUESS: bool = false;
    const PROPAGATES: bool = false;

    fn new(board: &Board) -> Result<Self, Contradiction> {
        Ok(NaiveState {
            occupancy: Occupancy::new(board)?,
            blanks: board.blanks().collect(),
            next: 0,
        })
    }

    fn start(&mut self) -> bool {
        true
    }

    fn branch(&self) -> Branch {
        match self.blanks.get(self.next) {
            None => Branch::Solved,
            // The textbook checks each digit when it tries it; the board does not change between
            // two tries of one cell, so checking them all at once is the same.
            Some(&pos) => Branch::Cell {
                pos,
                candidates: self.occupancy.candidates(pos),
            },
        }
    }

    fn assume(&mut self, pos: Pos, digit: Digit) -> bool {
        self.occupancy.place(pos, digit);
        self.next += 1;
        true
    }

    fn retract(&mut self, pos: Pos, digit: Digit) {
        self.occupancy.clear(pos, digit);
        self.next -= 1;
    }

    fn digit(&self, pos: Pos) -> Option<Digit> {
        self.occupancy.digit(pos)
    }

    fn filled(&self) -> CellSet {
        Pos::all().filter(|&p| !self.occupancy.is_empty(p)).collect()
    }
}
