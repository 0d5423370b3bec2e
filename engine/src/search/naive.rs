//! The textbook strategy of BOJ 2580: the blanks in row-major order, digits 1 to 9 ascending, a
//! digit tried when no cell of its row, column or box holds it. No propagation.

use super::machine::{Branch, Frame, Guess, Sprint, State};
use super::occupancy::{Occupancy, UNITS};
use super::{Counters, ONES, Step};
use crate::board::{Board, CellSet, Contradiction, Digit, Pos};

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
    /// flipped in each unit at once), or pops it when it has none left, and goes down from
    /// there as long as each new decision's first digit holds. The stack is a few bit sets per
    /// blank in arrays on the stack, and each blank's units are looked up once per run. The
    /// machine's frames and the board's digits are rebuilt from them at the end.
    ///
    /// Dead ends are counted, not walked: a digit is a dead end when the next blank has no
    /// digit left once it is placed, and which digits of a blank are dead ends can be told
    /// when the blank is reached (see `DEAD_ENDS`). Their placements and take-backs are counted
    /// then, ahead of the order in which the textbook makes them, and only the other digits are
    /// tried one by one. Counting ahead is undone where the search stops: before a budget could
    /// be reached by counting ahead, and at a solution. A third of the placements on
    /// `assets/hard.txt` are dead ends; stepping through the machine takes 2.44 times this
    /// loop's time there, and the textbook code's recursion with a 27-cell scan per digit 8.8.
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
            .all(|(k, f)| f.choice == Guess::Cell(self.blanks[k]) && !f.failed && !f.copied && !f.unwinding);
        if !plain || self.next + 1 < frames.len() {
            return None;
        }
        let mut stack = Stack::new(&self.blanks);
        for (k, f) in frames.iter().enumerate() {
            stack.remaining[k] = f.remaining;
            stack.digit[k] = f.current.map_or(0, |(_, d)| 1 << d.index());
        }
        let used = &mut self.occupancy.used;
        stack.recall_decisions(used, frames.len());
        let mut run = Counts {
            placements: counters.placements,
            backtracks: counters.backtracks,
            now: counters.depth,
            deepest: counters.max_depth,
            // Counting ahead may take a blank's nine digits at once: it stops while that
            // cannot reach the budget, so that the budget is met one placement at a time.
            ahead_below: stop.saturating_sub(9),
        };
        let mut depth = frames.len();
        let mut solved_at_once = false;
        if choosing {
            // What the machine does first in its choosing phase: the next blank, if any.
            if depth == n {
                solved_at_once = true;
            } else {
                let open = stack.free(used, depth);
                if open != 0 && stack.enter(used, depth, open, &mut run) {
                    depth += 1;
                }
            }
        }
        let end = if solved_at_once {
            counters.solutions += 1;
            Some(Step::Solved)
        } else {
            'turns: loop {
                let Some(top) = depth.checked_sub(1) else {
                    run.now = 0;
                    break Some(Step::Exhausted);
                };
                let (left, old) = (stack.remaining[top & 127], stack.digit[top & 127]);
                // The digit on the board, if any, is taken back either way.
                run.backtracks += u64::from(old != 0);
                if left == 0 {
                    stack.flip(used, top, old);
                    stack.digit[top & 127] = 0;
                    depth = top;
                    continue;
                }
                let mut new = left & left.wrapping_neg();
                stack.remaining[top & 127] = left ^ new;
                stack.digit[top & 127] = new;
                stack.flip(used, top, old ^ new);
                // Down from there: each new decision tries its first digit at once, for as long
                // as a placement leaves the next blank a digit that is not a dead end.
                loop {
                    let top = depth - 1;
                    run.placements += 1;
                    run.now = depth;
                    run.deepest = run.deepest.max(depth);
                    if run.placements >= run.ahead_below {
                        // Near the budget: the counts are made exact, then met one by one.
                        if run.ahead_below != 0 {
                            run.undo_ahead(stack.count_from_here(depth));
                        }
                        if run.placements >= stop {
                            break 'turns None;
                        }
                    }
                    if depth == n {
                        counters.solutions += 1;
                        break 'turns Some(Step::Solved);
                    }
                    // The next blank's digits: those it had when this blank was reached, less
                    // the one just placed if the two blanks share a unit. None is a dead end,
                    // and the top decision moves on at the next turn.
                    let shares = 0u16.wrapping_sub(u16::from(stack.shares_next[top & 127]));
                    let open = stack.next[top & 127] & !(new & shares);
                    if open == 0 || !stack.enter(used, depth, open, &mut run) {
                        continue 'turns;
                    }
                    let rest = stack.remaining[depth & 127];
                    new = rest & rest.wrapping_neg();
                    stack.remaining[depth & 127] = rest ^ new;
                    stack.digit[depth & 127] = new;
                    stack.flip(used, depth, new);
                    depth += 1;
                }
            }
        };
        if run.ahead_below > 0 || end == Some(Step::Solved) {
            run.undo_ahead(stack.count_from_here(depth));
        }
        stack.recall_decisions(used, depth);
        Some(self.finish(frames, counters, &stack, depth, &run, end))
    }

    fn filled(&self) -> CellSet {
        Pos::all().filter(|&p| !self.occupancy.is_empty(p)).collect()
    }
}

/// The counters of a sprint as it goes.
struct Counts {
    placements: u64,
    backtracks: u64,
    /// The depth after the last placement or at the end.
    now: usize,
    deepest: usize,
    /// Dead ends are counted ahead while the placements are below this (0: no longer).
    ahead_below: u64,
}

/// The stack of a sprint, one entry per blank (128 long, indices masked: no bounds checks).
struct Stack {
    /// Each blank's units (row, column, box), as indices into the units' used digits.
    units: [[u8; 3]; 128],
    /// 1 where blank `k + 1` shares a unit with blank `k`: placing a digit in one then takes it
    /// from the other.
    shares_next: [u8; 128],
    /// The options of each decision (known only at the start and the end of a sprint), those not
    /// tried yet, and the digit on the board (a bit; 0 for none, and above the stack).
    options: [u16; 128],
    remaining: [u16; 128],
    digit: [u16; 128],
    /// For each decision, the digits blank `k + 1` had free when blank `k` was reached: they do
    /// not change while `k` tries its options, as every later blank is empty again by then.
    next: [u16; 128],
    /// For each decision, the dead ends counted ahead (see [`DEAD_ENDS`]).
    ahead: [u16; 128],
}

impl Stack {
    fn new(blanks: &[Pos]) -> Stack {
        let mut stack = Stack {
            units: [[0; 3]; 128],
            shares_next: [0; 128],
            options: [0; 128],
            remaining: [0; 128],
            digit: [0; 128],
            next: [0; 128],
            ahead: [0; 128],
        };
        for (k, p) in blanks.iter().enumerate() {
            stack.units[k & 127] = UNITS[p.index() & 127];
        }
        // Past the last blank, a unit no digit is ever placed in: every digit is free there, so
        // none of the last blank's digits is a dead end (each is a solution).
        stack.units[blanks.len() & 127] = [27; 3];
        for k in 1..blanks.len() {
            let shared = (0..3).any(|u| stack.units[(k - 1) & 127][u] == stack.units[k & 127][u]);
            stack.shares_next[(k - 1) & 127] = u8::from(shared);
        }
        stack
    }

    /// Flips the digits `bits` in the units of blank `k`.
    #[inline(always)]
    fn flip(&self, used: &mut [u16; 32], k: usize, bits: u16) {
        let [row, column, boxed] = self.units[k & 127];
        used[row as usize & 31] ^= bits;
        used[column as usize & 31] ^= bits;
        used[boxed as usize & 31] ^= bits;
    }

    /// The digits blank `k` may take now.
    #[inline(always)]
    fn free(&self, used: &[u16; 32], k: usize) -> u16 {
        let [row, column, boxed] = self.units[k & 127];
        !(used[row as usize & 31] | used[column as usize & 31] | used[boxed as usize & 31]) & 0x1FF
    }

    /// What each of the `depth` decisions on the stack saw when its blank was reached: its
    /// options, and the digits the following blank had free ([`Stack::next`]). Found by taking
    /// their digits off in turn from the top; the loop itself keeps only `next`.
    fn recall_decisions(&mut self, used: &[u16; 32], depth: usize) {
        let mut earlier = *used;
        for k in (0..depth).rev() {
            self.flip(&mut earlier, k, self.digit[k & 127]);
            self.options[k & 127] = self.free(&earlier, k);
            self.next[k & 127] = self.free(&earlier, k + 1);
        }
    }

    /// Reaches blank `k` with `open` digits: counts its dead ends ahead when it may, and puts
    /// a decision for it on the stack unless every digit is one (`true` when it does).
    #[inline(always)]
    fn enter(&mut self, used: &[u16; 32], k: usize, open: u16, run: &mut Counts) -> bool {
        let next = self.free(used, k + 1);
        self.next[k & 127] = next;
        let dead = if run.placements < run.ahead_below {
            open & DEAD_ENDS[usize::from(self.shares_next[k & 127]) & 1][next as usize & 511]
        } else {
            0
        };
        let count = u64::from(ONES[dead as usize & 511]);
        run.placements += count;
        run.backtracks += count;
        // A digit is placed in this blank now or at the next turn either way.
        run.deepest = run.deepest.max(k + 1);
        self.ahead[k & 127] = dead;
        let rest = open ^ dead;
        if rest == 0 {
            return false;
        }
        // The digit above the stack is always 0: nothing to clear.
        self.remaining[k & 127] = rest;
        true
    }

    /// Undoes counting ahead on the `depth` decisions on the stack: their dead ends past the
    /// digit on the board are options not tried yet, as the textbook order has them. Returns
    /// how many placements (each also taken back) were counted ahead.
    // Out of line and apart from the counters, which the loop then keeps in registers.
    #[inline(never)]
    fn count_from_here(&mut self, depth: usize) -> u64 {
        let mut ahead = 0;
        for k in 0..depth {
            let digit = self.digit[k & 127];
            // The digits after the one on the board (all of them when none is).
            let later = !(digit | digit.wrapping_sub(1));
            let untried = self.ahead[k & 127] & later;
            ahead += u64::from(ONES[untried as usize & 511]);
            self.remaining[k & 127] |= untried;
            self.ahead[k & 127] = 0;
        }
        ahead
    }
}

impl Counts {
    /// Takes back `ahead` placements counted ahead (and their take-backs), and counts no more
    /// ahead.
    fn undo_ahead(&mut self, ahead: u64) {
        self.placements -= ahead;
        self.backtracks -= ahead;
        self.ahead_below = 0;
    }
}

/// Which digits of a blank are dead ends, told when the blank is reached from the digits the
/// following blank has free before this one takes any (`next`): `DEAD_ENDS[shares][next]`,
/// where `shares` is 1 when the two blanks share a unit. If the following blank has no digit,
/// every digit here is a dead end. If it has one and shares a unit with this blank, that digit
/// is a dead end here (it would take the following blank's last digit). Otherwise none is.
static DEAD_ENDS: [[u16; 512]; 2] = {
    let mut table = [[0; 512]; 2];
    let mut next = 0;
    while next < 512 {
        if next == 0 {
            table[0][next] = 0x1FF;
            table[1][next] = 0x1FF;
        } else if next & (next - 1) == 0 {
            table[1][next] = next as u16;
        }
        next += 1;
    }
    table
};

impl NaiveState {
    /// Writes what a sprint did back into the board's digits, the machine's frames and its
    /// counters, and returns `end`.
    fn finish(
        &mut self,
        frames: &mut Vec<Frame>,
        counters: &mut Counters,
        stack: &Stack,
        depth: usize,
        run: &Counts,
        end: Option<Step>,
    ) -> Option<Step> {
        counters.placements = run.placements;
        counters.backtracks = run.backtracks;
        counters.depth = run.now;
        counters.max_depth = run.deepest;
        // The loop stops after a placement or at the end: every decision left has its digit.
        self.next = depth;
        frames.clear();
        for (k, &pos) in self.blanks.iter().enumerate() {
            let digit = Digit::new(16 - stack.digit[k & 127].leading_zeros() as u8).filter(|_| k < depth);
            self.occupancy.digits[pos.index() & 127] = digit.map_or(0, Digit::get);
            debug_assert_eq!(digit.is_some(), k < depth, "a decision on the stack has its digit");
            if let Some(digit) = digit {
                frames.push(Frame {
                    choice: Guess::Cell(pos),
                    options: stack.options[k & 127],
                    remaining: stack.remaining[k & 127],
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
