//! The backtracking state machine shared by every strategy: an explicit stack of decisions, pulled
//! one [`Step`] at a time when someone watches, or run to the end without building steps.

use super::{Counters, Decision, Step};
use crate::sudoku::board::{Board, Cell, CellSet, Conflict, Digit, DigitSet, Pos};

/// What a strategy wants to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Every cell holds a digit: a solution.
    Solved,
    /// Decide `pos`, trying `candidates` in ascending order; no candidate is a dead end.
    Cell {
        /// The cell to decide.
        pos: Pos,
        /// The digits it may hold.
        candidates: DigitSet,
    },
}

/// The search state of one strategy: how it holds the board, which cell it decides next and its
/// candidates, and how a guess is made and taken back. The machine does everything else.
pub trait State: Clone {
    /// What a decision keeps to take its guess back: nothing for strategies that undo a
    /// placement by clearing it, a copy of the state for those that propagate.
    type Saved: Clone;
    /// Whether [`State::assume`] may fill cells besides the one guessed (singles propagation).
    const PROPAGATES: bool;

    /// The state of a board without conflicts.
    fn new(board: &Board) -> Self;
    /// Deductions before the first guess; `false` if they prove that there is no solution.
    fn start(&mut self) -> bool;
    /// The next cell to decide, or that the board is solved.
    fn branch(&self) -> Branch;
    /// What [`State::retract`] needs to take back a guess made after this call.
    fn save(&self) -> Self::Saved;
    /// Puts `digit` in `pos` (a candidate of the current branch) and whatever follows from it;
    /// `false` if that leads to a contradiction.
    fn assume(&mut self, pos: Pos, digit: Digit) -> bool;
    /// Takes back the guess `digit` at `pos`, returning to the state `saved` was made in.
    fn retract(&mut self, pos: Pos, digit: Digit, saved: &Self::Saved);
    /// The digit decided for `pos`, if any.
    fn digit(&self, pos: Pos) -> Option<Digit>;
    /// The cells holding a digit; only asked when [`State::PROPAGATES`].
    fn filled(&self) -> CellSet;
}

#[derive(Clone)]
struct Frame<T> {
    pos: Pos,
    candidates: DigitSet,
    remaining: DigitSet,
    /// The digit on the board for this decision, if any.
    current: Option<Digit>,
    /// Whether `current` led to a contradiction. The state was restored at once (propagation
    /// may have left anything in it); the guess stays on the board until its removal is reported.
    failed: bool,
    /// Whether the cells forced by `current` are being taken back, one step each.
    unwinding: bool,
    /// The filled cells before `current` was placed.
    filled_before: CellSet,
    saved: T,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    /// Ask the strategy for the next cell.
    Choose,
    /// Take back the top decision's digit if it has one, then try its next candidate.
    Next,
    Done,
}

/// Forced placements or removals still to be reported, one step each.
#[derive(Clone, Copy, Debug)]
struct Pending {
    cells: CellSet,
    remove: bool,
    depth: usize,
}

/// The backtracking machine for strategy state `S`.
#[derive(Clone)]
pub struct Machine<S: State> {
    start: Board,
    state: S,
    frames: Vec<Frame<S::Saved>>,
    phase: Phase,
    pending: Pending,
    counters: Counters,
}

impl<S: State> Machine<S> {
    /// A machine ready to search `board`, or the first conflict that rules out any solution.
    pub fn new(board: &Board) -> Result<Machine<S>, Conflict> {
        if let Some(conflict) = board.first_conflict() {
            return Err(conflict);
        }
        Ok(Machine {
            start: board.clone(),
            state: S::new(board),
            frames: Vec::with_capacity(81),
            phase: Phase::Start,
            pending: Pending {
                cells: CellSet::EMPTY,
                remove: false,
                depth: 0,
            },
            counters: Counters::default(),
        })
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Whether the search has ended (the last step was [`Step::Exhausted`]).
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The board as the steps reported so far left it: the starting board, plus the solver's
    /// digits as [`Cell::Placed`].
    pub fn board(&self) -> Board {
        let mut board = self.start.clone();
        let hidden = self.hidden();
        for p in Pos::all() {
            if board.digit(p).is_none() && !hidden.contains(p) {
                if let Some(d) = self.state.digit(p) {
                    board.set(p, Cell::Placed(d));
                }
            }
        }
        if let Some(Frame {
            pos,
            current: Some(digit),
            failed: true,
            ..
        }) = self.frames.last()
        {
            board.set(*pos, Cell::Placed(*digit));
        }
        board
    }

    /// Cells the state holds but the steps reported so far do not: forced placements not yet
    /// reported, and forced cells already reported as taken back while a guess is undone.
    fn hidden(&self) -> CellSet {
        if let Some(frame) = self.frames.last().filter(|f| f.unwinding) {
            let mut reported = self
                .state
                .filled()
                .difference(frame.filled_before)
                .difference(self.pending.cells);
            reported.remove(frame.pos);
            return reported;
        }
        if self.pending.remove {
            CellSet::EMPTY
        } else {
            self.pending.cells
        }
    }

    /// The decisions on the stack, outermost first.
    pub fn decisions(&self) -> impl Iterator<Item = Decision> + '_ {
        self.frames.iter().map(|f| Decision {
            pos: f.pos,
            digit: f.current,
            candidates: f.candidates,
            remaining: f.remaining,
        })
    }

    /// Runs without reporting steps until the next solution or the end, and returns that step;
    /// `None` once `budget` placements have been made (the search can then go on).
    pub fn run(&mut self, budget: u64) -> Option<Step> {
        let stop = self.counters.placements.saturating_add(budget);
        while self.counters.placements < stop {
            match self.advance::<false>() {
                Some(step) => return Some(step),
                None if self.phase == Phase::Done => return None,
                None => {}
            }
        }
        None
    }

    fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Moves the search on. Watching (`WATCH`), it returns every step; otherwise it returns
    /// after at most one decision with `None`, or with [`Step::Solved`] / [`Step::Exhausted`].
    /// Both ways count the same.
    #[inline]
    fn advance<const WATCH: bool>(&mut self) -> Option<Step> {
        loop {
            if !self.pending.cells.is_empty() {
                if let Some(step) = self.report_pending::<WATCH>() {
                    return Some(step);
                }
            }
            match self.phase {
                Phase::Done => return None,
                Phase::Start => {
                    let before = if S::PROPAGATES {
                        self.state.filled()
                    } else {
                        CellSet::EMPTY
                    };
                    if !self.state.start() {
                        // Deductions stopped half-way; show the board as it was, not their debris.
                        self.state = S::new(&self.start);
                        self.phase = Phase::Done;
                        return Some(Step::Exhausted);
                    }
                    if S::PROPAGATES {
                        let forced = self.state.filled().difference(before);
                        self.queue(forced, false, 0);
                    }
                    self.phase = Phase::Choose;
                }
                Phase::Choose => match self.state.branch() {
                    Branch::Solved => {
                        self.counters.solutions += 1;
                        self.phase = Phase::Next;
                        return Some(Step::Solved);
                    }
                    Branch::Cell { candidates, .. } if candidates.is_empty() => self.phase = Phase::Next,
                    Branch::Cell { pos, candidates } => {
                        let filled_before = if S::PROPAGATES {
                            self.state.filled()
                        } else {
                            CellSet::EMPTY
                        };
                        self.frames.push(Frame {
                            pos,
                            candidates,
                            remaining: candidates,
                            current: None,
                            failed: false,
                            unwinding: false,
                            filled_before,
                            saved: self.state.save(),
                        });
                        self.phase = Phase::Next;
                    }
                },
                Phase::Next => {
                    let depth = self.depth();
                    let Some(frame) = self.frames.last_mut() else {
                        self.phase = Phase::Done;
                        self.counters.depth = 0;
                        return Some(Step::Exhausted);
                    };
                    let pos = frame.pos;
                    if let Some(digit) = frame.current {
                        if WATCH && S::PROPAGATES && !frame.failed && !frame.unwinding {
                            // Report the forced cells as taken back before the guess itself.
                            frame.unwinding = true;
                            let mut forced = self.state.filled().difference(frame.filled_before);
                            forced.remove(pos);
                            self.queue(forced, true, depth);
                            continue;
                        }
                        if !frame.failed {
                            self.state.retract(pos, digit, &frame.saved);
                        }
                        frame.current = None;
                        frame.unwinding = false;
                        self.counters.backtracks += 1;
                        self.counters.depth = depth - 1;
                        if WATCH {
                            return Some(Step::Remove {
                                pos,
                                digit,
                                depth,
                                forced: false,
                            });
                        }
                        continue;
                    }
                    let Some(digit) = frame.remaining.pop_first() else {
                        self.frames.pop();
                        continue;
                    };
                    frame.current = Some(digit);
                    let ok = self.state.assume(pos, digit);
                    frame.failed = !ok;
                    if !ok {
                        self.state.retract(pos, digit, &frame.saved);
                    }
                    let filled_before = frame.filled_before;
                    self.counters.depth = depth;
                    self.counters.max_depth = self.counters.max_depth.max(depth);
                    self.counters.placements += 1;
                    self.phase = if ok { Phase::Choose } else { Phase::Next };
                    if S::PROPAGATES && ok {
                        let mut forced = self.state.filled().difference(filled_before);
                        forced.remove(pos);
                        self.queue(forced, false, depth);
                    }
                    if WATCH {
                        return Some(Step::Place {
                            pos,
                            digit,
                            depth,
                            forced: false,
                        });
                    }
                    return None;
                }
            }
        }
    }

    /// Queues forced placements or removals: to be reported one by one when watching, counted at
    /// once otherwise.
    fn queue(&mut self, cells: CellSet, remove: bool, depth: usize) {
        self.pending = Pending { cells, remove, depth };
    }

    /// The next queued step when watching; when not, accounts for all of them and returns `None`.
    fn report_pending<const WATCH: bool>(&mut self) -> Option<Step> {
        let Pending { cells, remove, depth } = self.pending;
        if !WATCH {
            if !remove {
                self.counters.placements += cells.len() as u64;
            }
            self.pending.cells = CellSet::EMPTY;
            return None;
        }
        let pos = self.pending.cells.pop_first()?;
        // The state still holds every queued cell's digit: placements are queued after they are
        // made, removals before the state is restored.
        let digit = self.state.digit(pos).expect("a queued cell holds a digit");
        if !remove {
            self.counters.placements += 1;
        }
        Some(if remove {
            Step::Remove {
                pos,
                digit,
                depth,
                forced: true,
            }
        } else {
            Step::Place {
                pos,
                digit,
                depth,
                forced: true,
            }
        })
    }
}

impl<S: State> Iterator for Machine<S> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.advance::<true>()
    }
}
