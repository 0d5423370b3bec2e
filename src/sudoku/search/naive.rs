//! The textbook strategy of BOJ 2580: the blanks in row-major order, digits 1 to 9 ascending, a
//! digit tried when no cell of its row, column or box holds it. No propagation.

use super::machine::{Branch, Choice, Frame, Sprint, State};
use super::occupancy::{Occupancy, UNITS};
use super::{Counters, Step};
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

    /// The machine's loop, cut down to what this strategy needs: every decision is the next
    /// blank, its options are the digits its units leave, and a guess never fails. One turn of
    /// the loop moves the top decision to its next digit (the old one's bit and the new one's
    /// flipped in each unit at once), or pops it when it has none left. The stack is three bit
    /// sets per blank in arrays on the stack, and each blank's units are looked up once per
    /// run. The machine's frames and the board's digits are rebuilt from them at the end.
    fn sprint(&mut self, run: Sprint<'_>) -> Option<Option<Step>> {
        let Sprint {
            frames,
            counters,
            choosing,
            stop,
        } = run;
        let n = self.blanks.len();
        // The decisions as the machine left them; anything this loop does not make (none is
        // expected) goes back to the machine's loop.
        let plain = frames
            .iter()
            .enumerate()
            .all(|(k, f)| f.choice == Choice::Cell(self.blanks[k]) && !f.failed && !f.copied && !f.unwinding);
        if !plain || self.next + 1 < frames.len() {
            return None;
        }
        // Per blank (128 long, indices masked: no bounds checks): its units; its decision's
        // options, options left, and digit on the board (a bit, 0 for none).
        let mut units = [[0u8; 4]; 128];
        for (k, p) in self.blanks.iter().enumerate() {
            let [row, column, boxed] = UNITS[p.index() & 127];
            units[k] = [row, column, boxed, 0];
        }
        let (mut options, mut remaining, mut digit) = ([0u16; 128], [0u16; 128], [0u16; 128]);
        for (k, f) in frames.iter().enumerate() {
            options[k] = f.options;
            remaining[k] = f.remaining;
            digit[k] = f.current.map_or(0, |(_, d)| 1 << d.index());
        }
        let used = &mut self.occupancy.used;
        // Flips the digits `bits` in the units of blank `k`.
        let flip = |used: &mut [u16; 32], k: usize, bits: u16| {
            let [row, column, boxed, _] = units[k & 127];
            used[row as usize & 31] ^= bits;
            used[column as usize & 31] ^= bits;
            used[boxed as usize & 31] ^= bits;
        };
        let free = |used: &[u16; 32], k: usize| {
            let [row, column, boxed, _] = units[k & 127];
            !(used[row as usize & 31] | used[column as usize & 31] | used[boxed as usize & 31]) & 0x1FF
        };
        let (mut placements, mut backtracks) = (counters.placements, counters.backtracks);
        // The depth is only ever seen after a placement or at the end: set there.
        let (mut now, mut deepest) = (counters.depth, counters.max_depth);
        let mut depth = frames.len();
        let mut solved_at_once = false;
        if choosing {
            // What the machine does first in its choosing phase: the next blank, if any.
            if depth == n {
                solved_at_once = true;
            } else {
                let open = free(used, depth);
                if open != 0 {
                    options[depth & 127] = open;
                    remaining[depth & 127] = open;
                    depth += 1;
                }
            }
        }
        let end = if solved_at_once {
            counters.solutions += 1;
            Some(Step::Solved)
        } else {
            loop {
                let Some(top) = depth.checked_sub(1) else {
                    now = 0;
                    break Some(Step::Exhausted);
                };
                let (left, old) = (remaining[top & 127], digit[top & 127]);
                // The digit on the board, if any, is taken back either way.
                backtracks += u64::from(old != 0);
                if left == 0 {
                    flip(used, top, old);
                    digit[top & 127] = 0;
                    depth = top;
                    continue;
                }
                let new = left & left.wrapping_neg();
                remaining[top & 127] = left ^ new;
                digit[top & 127] = new;
                flip(used, top, old ^ new);
                placements += 1;
                now = depth;
                deepest = deepest.max(depth);
                if placements >= stop {
                    break None;
                }
                if depth == n {
                    counters.solutions += 1;
                    break Some(Step::Solved);
                }
                // The next blank; none of its digits free is a dead end, and the top decision
                // moves on at the next turn.
                let open = free(used, depth);
                if open != 0 {
                    options[depth & 127] = open;
                    remaining[depth & 127] = open;
                    depth += 1;
                }
            }
        };
        let sprinted = Sprinted {
            depth,
            placements,
            backtracks,
            now,
            deepest,
            options,
            remaining,
            digit,
        };
        Some(self.finish(frames, counters, sprinted, end))
    }

    fn filled(&self) -> CellSet {
        Pos::all().filter(|&p| !self.occupancy.is_empty(p)).collect()
    }
}

/// Where [`NaiveState::sprint`] stopped.
struct Sprinted {
    depth: usize,
    placements: u64,
    backtracks: u64,
    now: usize,
    deepest: usize,
    options: [u16; 128],
    remaining: [u16; 128],
    /// Each decision's digit on the board, as a bit.
    digit: [u16; 128],
}

impl NaiveState {
    /// Writes what a sprint did back into the board's digits, the machine's frames and its
    /// counters, and returns `end`.
    fn finish(
        &mut self,
        frames: &mut Vec<Frame>,
        counters: &mut Counters,
        done: Sprinted,
        end: Option<Step>,
    ) -> Option<Step> {
        counters.placements = done.placements;
        counters.backtracks = done.backtracks;
        counters.depth = done.now;
        counters.max_depth = done.deepest;
        // The loop stops after a placement or at the end: every decision left has its digit.
        self.next = done.depth;
        frames.clear();
        for (k, &pos) in self.blanks.iter().enumerate() {
            let digit = Digit::new(16 - done.digit[k & 127].leading_zeros() as u8).filter(|_| k < done.depth);
            self.occupancy.digits[pos.index() & 127] = digit.map_or(0, Digit::get);
            debug_assert_eq!(digit.is_some(), k < done.depth, "a decision on the stack has its digit");
            if let Some(digit) = digit {
                frames.push(Frame {
                    choice: Choice::Cell(pos),
                    options: done.options[k & 127],
                    remaining: done.remaining[k & 127],
                    current: Some((pos, digit)),
                    failed: false,
                    copied: false,
                    unwinding: false,
                });
            }
        }
        end
    }
}
