//! Minimum remaining values: decide the blank with the fewest candidates (the first such in
//! row-major order), candidates from bit sets. No propagation.

use super::machine::{Branch, State};
use super::occupancy::Occupancy;
use crate::board::{Board, CellSet, Contradiction, Digit, Pos};

/// The state of the fewest-candidates search.
#[derive(Clone, Debug)]
pub struct MrvState {
    occupancy: Occupancy,
    /// The blanks of the starting board; those still empty are the ones to choose from.
    blanks: Vec<Pos>,
}

impl State for MrvState {
    const COPY_ON_GUESS: bool = false;
    const PROPAGATES: bool = false;

    fn new(board: &Board) -> Result<Self, Contradiction> {
        Ok(MrvState {
            occupancy: Occupancy::new(board)?,
            blanks: board.blanks().collect(),
        })
    }

    fn start(&mut self) -> bool {
        true
    }

    fn branch(&self) -> Branch {
        let mut best = None;
        let mut best_len = usize::MAX;
        for &pos in &self.blanks {
            if !self.occupancy.is_empty(pos) {
                continue;
            }
            let candidates = self.occupancy.candidates(pos);
            if candidates.len() < best_len {
                best_len = candidates.len();
                best = Some(Branch::Cell { pos, candidates });
                if best_len == 0 {
                    break;
                }
            }
        }
        best.unwrap_or(Branch::Solved)
    }

    fn assume(&mut self, pos: Pos, digit: Digit) -> bool {
        self.occupancy.place(pos, digit);
        true
    }

    fn retract(&mut self, pos: Pos, digit: Digit) {
        self.occupancy.clear(pos, digit);
    }

    fn digit(&self, pos: Pos) -> Option<Digit> {
        self.occupancy.digit(pos)
    }

    fn filled(&self) -> CellSet {
        Pos::all().filter(|&p| !self.occupancy.is_empty(p)).collect()
    }
}
