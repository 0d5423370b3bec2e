//! The backtracking state machine shared by every strategy: an explicit stack of decisions, pulled
//! one [`Step`] at a time when someone watches, or run to the end without building steps.
//!
//! Strategies that propagate take a guess back by returning to a copy of their state made before
//! it (copy-on-guess); the machine keeps those copies on a stack. When nobody watches, the last
//! candidate of a decision is tried on the state itself, with no copy: nothing needs that state
//! again, because taking the decision back goes to the copy below it. That saves one copy per
//! two-way guess. If someone starts watching afterwards, the states skipped are rebuilt by replaying
//! the decisions on the stack (see [`Machine::rebuild_states`]).

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
    /// Whether [`State::assume`] may fill cells besides the one guessed (singles propagation).
    const PROPAGATES: bool;
    /// Whether a guess is taken back by returning to a copy of the state made before it (the
    /// machine keeps the copies) rather than by [`State::retract`].
    const COPY_ON_GUESS: bool;

    /// The state of `board`'s digits, or `None` if two of them conflict (the machine then finds
    /// which, for the error). Detecting it here spares a separate pass over the board.
    fn new(board: &Board) -> Option<Self>;
    /// Deductions before the first guess; `false` if they prove that there is no solution.
    fn start(&mut self) -> bool;
    /// The next cell to decide, or that the board is solved.
    fn branch(&self) -> Branch;
    /// Puts `digit` in `pos` (a candidate of the current branch) and whatever follows from it;
    /// `false` if that leads to a contradiction.
    fn assume(&mut self, pos: Pos, digit: Digit) -> bool;
    /// Takes back the guess `digit` at `pos`; only called when not [`State::COPY_ON_GUESS`].
    fn retract(&mut self, pos: Pos, digit: Digit);
    /// The digit decided for `pos`, if any.
    fn digit(&self, pos: Pos) -> Option<Digit>;
    /// The cells holding a digit; only asked when [`State::PROPAGATES`].
    fn filled(&self) -> CellSet;
    /// Every cell's digit, 0 where none is decided.
    fn digits(&self) -> [u8; 81] {
        std::array::from_fn(|i| Pos::new(i).and_then(|p| self.digit(p)).map_or(0, Digit::get))
    }
    /// Writes the digits decided here into `board`, the board the state was made from, as
    /// [`Cell::Placed`]: in its empty cells, except `hidden` ones.
    fn place_into(&self, board: &mut Board, hidden: CellSet) {
        let digits = self.digits();
        for p in Pos::all() {
            if let (Cell::Empty, Some(d), false) = (board.cell(p), Digit::new(digits[p.index()]), hidden.contains(p)) {
                board.set(p, Cell::Placed(d));
            }
        }
    }
}

#[derive(Clone)]
struct Frame {
    pos: Pos,
    candidates: DigitSet,
    remaining: DigitSet,
    /// The digit on the board for this decision, if any.
    current: Option<Digit>,
    /// Whether `current` led to a contradiction; it was taken back at once (propagation may have
    /// left anything in the state), and stays on the board until its removal is reported.
    failed: bool,
    /// Whether `current` was made on a copy of the state (pushed on the stack of states), rather
    /// than on the state itself (last candidates, when nobody watches).
    copied: bool,
    /// Whether the cells forced by `current` are being taken back, one step each.
    unwinding: bool,
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

/// How an unwatched descent ended.
enum Descent {
    /// At a solution.
    Solved,
    /// With the budget of placements spent, before choosing.
    Budget,
    /// At a dead end or a contradiction: back to taking guesses back.
    Back,
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
    /// The state before any guess (after the first deductions).
    root: S,
    /// Copies made by guesses, the current state last (the root when there is none): kept off
    /// the heap until a guess needs one, which most easy puzzles never do.
    copies: Vec<S>,
    frames: Vec<Frame>,
    /// For each frame, the filled cells before its guess; kept only by strategies that
    /// propagate (the others fill exactly the cell guessed), so that frames stay small.
    filled_before: Vec<CellSet>,
    /// How many frames hold a guess made without a copy (see the module documentation).
    in_place: usize,
    phase: Phase,
    pending: Pending,
    counters: Counters,
}

impl<S: State> Machine<S> {
    /// A machine ready to search `board`, or the first conflict that rules out any solution.
    // Inlined so that the machine (some 500 bytes) is built where it is kept, not copied there.
    #[inline]
    pub fn new(board: &Board) -> Result<Machine<S>, Conflict> {
        let Some(state) = S::new(board) else {
            return Err(board
                .first_conflict()
                .expect("a strategy finds a conflict only where the board has one"));
        };
        Ok(Machine {
            start: board.clone(),
            root: state,
            copies: Vec::new(),
            // Grown when needed: most puzzles of the easy sets need no guess at all.
            frames: Vec::new(),
            filled_before: Vec::new(),
            in_place: 0,
            phase: Phase::Start,
            pending: Pending {
                cells: CellSet::EMPTY,
                remove: false,
                depth: 0,
            },
            counters: Counters::default(),
        })
    }

    fn state(&self) -> &S {
        if !S::COPY_ON_GUESS {
            return &self.root;
        }
        self.copies.last().unwrap_or(&self.root)
    }

    fn state_mut(&mut self) -> &mut S {
        if !S::COPY_ON_GUESS {
            return &mut self.root;
        }
        self.copies.last_mut().unwrap_or(&mut self.root)
    }

    /// Pushes a copy of the current state, to guess on.
    fn push_copy(&mut self) {
        match self.copies.len() {
            0 => self.copies.push(self.root.clone()),
            // Cloned straight into the stack's memory: one copy, not two.
            n => self.copies.extend_from_within(n - 1..),
        }
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
        self.state().place_into(&mut board, self.hidden());
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
                .state()
                .filled()
                .difference(self.filled_before.last().copied().unwrap_or_default())
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
        self.advance::<false>(stop)
    }

    /// Rebuilds the states skipped by guesses made in place, replaying each decision's guess on a
    /// copy of the state below it, so that every guess can be taken back step by step.
    fn rebuild_states(&mut self) {
        let mut copies: Vec<S> = Vec::with_capacity(self.frames.len());
        for frame in &mut self.frames {
            if let (Some(digit), false) = (frame.current, frame.failed) {
                let mut next = copies.last().unwrap_or(&self.root).clone();
                let ok = next.assume(frame.pos, digit);
                debug_assert!(ok, "a guess that held holds again: propagation is deterministic");
                copies.push(next);
                frame.copied = true;
            }
        }
        self.copies = copies;
        self.in_place = 0;
    }

    fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Takes back the guess of the top frame (not yet taken back), by popping its copy or by
    /// `retract`; a guess made in place has nothing to undo (its frame is the next to go).
    /// Puts `digit` in `pos` for the top decision (on a copy of the state when `copy`) and counts
    /// the placement. `false` if it contradicts: it is then taken back at once and the decision
    /// marked failed. The one place where both `advance` and `descend` make a guess.
    #[inline(always)]
    fn try_digit(&mut self, pos: Pos, digit: Digit, copy: bool, depth: usize) -> bool {
        if copy {
            self.push_copy();
        } else if S::COPY_ON_GUESS {
            self.in_place += 1;
        }
        let ok = self.state_mut().assume(pos, digit);
        self.counters.depth = depth;
        self.counters.max_depth = self.counters.max_depth.max(depth);
        self.counters.placements += 1;
        if !ok {
            self.take_back(pos, digit, copy);
            if let Some(frame) = self.frames.last_mut() {
                frame.failed = true;
            }
        }
        ok
    }

    fn take_back(&mut self, pos: Pos, digit: Digit, copied: bool) {
        if !S::COPY_ON_GUESS {
            self.state_mut().retract(pos, digit);
        } else if copied {
            self.copies.pop();
        } else {
            self.in_place -= 1;
        }
    }

    /// Moves the search on. Watching (`WATCH`), it returns every step; otherwise it goes on
    /// until [`Step::Solved`] or [`Step::Exhausted`], or returns `None` once the placements reach
    /// `stop`. Both ways count the same.
    #[inline]
    fn advance<const WATCH: bool>(&mut self, stop: u64) -> Option<Step> {
        if WATCH && self.in_place > 0 {
            self.rebuild_states();
        }
        loop {
            if S::PROPAGATES && !self.pending.cells.is_empty() {
                if let Some(step) = self.report_pending::<WATCH>() {
                    return Some(step);
                }
            }
            // Trying candidates is where the search spends its time: the other phases are
            // handled first under one well-predicted test, so that it needs no jump table.
            if self.phase != Phase::Next {
                match self.phase {
                    Phase::Done => return None,
                    Phase::Start => {
                        let before = if S::PROPAGATES {
                            self.state().filled()
                        } else {
                            CellSet::EMPTY
                        };
                        if !self.state_mut().start() {
                            // Deductions stopped half-way; show the board as it was, not their debris.
                            self.root = S::new(&self.start).expect("the board was checked in `new`");
                            self.phase = Phase::Done;
                            return Some(Step::Exhausted);
                        }
                        if S::PROPAGATES {
                            let forced = self.state().filled().difference(before);
                            self.queue(forced, false, 0);
                        }
                        self.phase = Phase::Choose;
                        continue;
                    }
                    Phase::Choose | Phase::Next => {
                        if self.choose() {
                            return Some(Step::Solved);
                        }
                    }
                }
            }
            {
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
                        let before = self.filled_before.last().copied().unwrap_or_default();
                        let mut forced = self.state().filled().difference(before);
                        forced.remove(pos);
                        self.queue(forced, true, depth);
                        continue;
                    }
                    let (failed, copied) = (frame.failed, frame.copied);
                    frame.current = None;
                    if S::PROPAGATES {
                        frame.unwinding = false;
                    }
                    if !failed {
                        self.take_back(pos, digit, copied);
                    }
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
                    if S::PROPAGATES {
                        self.filled_before.pop();
                    }
                    continue;
                };
                // The root decision always copies, so that the end of the search leaves the
                // state it started from.
                let copy = S::COPY_ON_GUESS && (WATCH || !frame.remaining.is_empty() || depth == 1);
                frame.current = Some(digit);
                frame.failed = false;
                if S::COPY_ON_GUESS {
                    frame.copied = copy;
                }
                let filled_before = if S::PROPAGATES {
                    self.filled_before.last().copied().unwrap_or_default()
                } else {
                    CellSet::EMPTY
                };
                if !self.try_digit(pos, digit, copy, depth) {
                    self.phase = Phase::Next;
                    if WATCH {
                        return Some(Step::Place {
                            pos,
                            digit,
                            depth,
                            forced: false,
                        });
                    }
                    // Unwatched, go on: a run never stops on a guess just taken back.
                    continue;
                }
                self.phase = Phase::Choose;
                if S::PROPAGATES {
                    let mut forced = self.state().filled().difference(filled_before);
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
                // Forced placements are counted before the budget is looked at.
                if S::PROPAGATES && !self.pending.cells.is_empty() {
                    self.report_pending::<false>();
                }
                if self.counters.placements >= stop {
                    return None;
                }
                // Unwatched, go deeper at once: choose and try first candidates in a loop of
                // their own, for as long as the guesses hold.
                match self.descend(stop) {
                    Descent::Solved => return Some(Step::Solved),
                    Descent::Budget => return None,
                    Descent::Back => {}
                }
            }
        }
    }

    /// Unwatched descent: chooses a cell and tries its first candidate, again and again while
    /// the guesses hold. The same transitions as going round the loop of `advance` (choose, then
    /// try the next candidate of the new decision), without going round it.
    #[inline(always)]
    fn descend(&mut self, stop: u64) -> Descent {
        loop {
            if self.counters.placements >= stop {
                self.phase = Phase::Choose;
                return Descent::Budget;
            }
            self.phase = Phase::Next;
            let (pos, candidates) = match self.state().branch() {
                Branch::Solved => {
                    self.counters.solutions += 1;
                    return Descent::Solved;
                }
                Branch::Cell { candidates, .. } if candidates.is_empty() => return Descent::Back,
                Branch::Cell { pos, candidates } => (pos, candidates),
            };
            let mut remaining = candidates;
            let Some(digit) = remaining.pop_first() else {
                return Descent::Back;
            };
            let depth = self.depth() + 1;
            let filled_before = if S::PROPAGATES {
                self.state().filled()
            } else {
                CellSet::EMPTY
            };
            if S::PROPAGATES {
                self.filled_before.push(filled_before);
            }
            // As in `advance`: the root decision always copies.
            let copy = S::COPY_ON_GUESS && (!remaining.is_empty() || depth == 1);
            self.frames.push(Frame {
                pos,
                candidates,
                remaining,
                current: Some(digit),
                failed: false,
                copied: copy,
                unwinding: false,
            });
            if !self.try_digit(pos, digit, copy, depth) {
                return Descent::Back;
            }
            if S::PROPAGATES {
                let mut forced = self.state().filled().difference(filled_before);
                forced.remove(pos);
                self.counters.placements += forced.len() as u64;
            }
        }
    }

    /// Asks the strategy for the next cell and puts a decision for it on the stack; `true` if
    /// the board is solved instead. Either way the next phase is trying a candidate.
    #[inline(always)]
    fn choose(&mut self) -> bool {
        self.phase = Phase::Next;
        match self.state().branch() {
            Branch::Solved => {
                self.counters.solutions += 1;
                true
            }
            // No candidate: a dead end, and the decision below takes its next digit.
            Branch::Cell { candidates, .. } if candidates.is_empty() => false,
            Branch::Cell { pos, candidates } => {
                if S::PROPAGATES {
                    let filled = self.state().filled();
                    self.filled_before.push(filled);
                }
                self.frames.push(Frame {
                    pos,
                    candidates,
                    remaining: candidates,
                    current: None,
                    failed: false,
                    copied: false,
                    unwinding: false,
                });
                false
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
        let digit = self.state().digit(pos).expect("a queued cell holds a digit");
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

    #[inline]
    fn next(&mut self) -> Option<Step> {
        self.advance::<true>(u64::MAX)
    }
}
