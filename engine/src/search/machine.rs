//! The backtracking state machine shared by every strategy: an explicit stack of decisions, pulled
//! one [`Step`] at a time when someone watches, or run to the end without building steps.
//!
//! Strategies that propagate take a guess back by returning to a copy of their state made before
//! it (copy-on-guess); the machine keeps those copies on a stack. When nobody watches, the last
//! candidate of a decision is tried on the state itself, with no copy: nothing needs that state
//! again, because taking the decision back goes to the copy below it. That saves one copy per
//! two-way guess. If someone starts watching afterwards, the states skipped are rebuilt by replaying
//! the decisions on the stack (see [`Machine::rebuild_states`]).
//!
//! A strategy may also run unwatched in a loop of its own ([`State::sprint`]), on the machine's
//! stack and counters, leaving both exactly as the machine's loop would: the textbook strategy
//! does, because its placements are cheap enough for the general loop to cost half their time.

use super::{Counters, Decision, Step};
use crate::board::{Board, Cell, CellSet, Contradiction, Digit, DigitSet, Pos, Unit};

/// What a guess decides: a digit for a cell, or a cell for a digit in a unit (a row, column or
/// box needs the digit somewhere). Every option is one placement either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Guess {
    /// Which digit goes in the cell.
    Cell(Pos),
    /// Which cell of the unit gets the digit.
    Place(Digit, Unit),
}

/// The options of a decision: digits for a [`Guess::Cell`], cells of the unit for a
/// [`Guess::Place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GuessOptions {
    /// Digits to try in the cell.
    Digits(DigitSet),
    /// Cells of the unit to try the digit in.
    Cells(CellSet),
}

impl GuessOptions {
    /// How many options there are.
    pub fn len(self) -> usize {
        match self {
            GuessOptions::Digits(digits) => digits.len(),
            GuessOptions::Cells(cells) => cells.len(),
        }
    }

    /// Whether there is none.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

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
    /// Decide where `digit` goes in `unit`, trying `cells` in row-major order; no cell is a dead
    /// end. (Dancing Links chooses this way when a digit of a unit has the fewest places.)
    Place {
        /// The digit to place.
        digit: Digit,
        /// The unit that needs it.
        unit: Unit,
        /// The cells of the unit it may go in.
        cells: CellSet,
    },
}

/// The search state of one strategy: how it holds the board, which decision it takes next and
/// its options, and how a guess is made and taken back. The machine does everything else.
pub trait State: Clone {
    /// Whether [`State::assume`] may fill cells besides the one guessed (singles propagation).
    const PROPAGATES: bool;
    /// Whether a guess is taken back by returning to a copy of the state made before it (the
    /// machine keeps the copies) rather than by [`State::retract`].
    const COPY_ON_GUESS: bool;

    /// The state of `board`'s digits, or why the board has no solution at once: a conflict (see
    /// [`Board::first_conflict`]) or the first empty cell, in row-major order, with no candidate.
    /// Each strategy finds these in its own representation, where they cost least.
    fn new(board: &Board) -> Result<Self, Contradiction>;
    /// Deductions before the first guess; `false` if they prove that there is no solution.
    fn start(&mut self) -> bool;
    /// The next decision, or that the board is solved.
    fn branch(&self) -> Branch;
    /// Puts `digit` in `pos` (an option of the current branch) and whatever follows from it;
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
    /// Runs unwatched in a loop of the strategy's own, to the next solution (`Some(Some(Solved))`),
    /// the end (`Some(Some(Exhausted))`) or the first guess that holds at `run.stop` placements
    /// (`Some(None)`), leaving the decisions and counters exactly as the machine's loop would;
    /// `None` (the default) leaves the run to the machine. Only called when nobody watches.
    fn sprint(&mut self, run: Sprint<'_>) -> Option<Option<Step>> {
        let _ = run;
        None
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

/// The conflict of a board a strategy found conflicting, as the error of [`State::new`]. A
/// strategy that sees a conflict the board does not have is wrong; the board's own account is
/// taken, and the first cell named if even that finds nothing, rather than a panic.
pub(super) fn conflict_of(board: &Board) -> Contradiction {
    board.contradiction().unwrap_or(Contradiction::NoCandidate(Pos::FIRST))
}

/// A decision on the machine's stack.
#[derive(Clone)]
pub(super) struct Frame {
    pub(super) choice: Guess,
    /// Every option as bits: digit `d` is bit `d - 1` for a cell, the unit's `i`-th cell (in
    /// row-major order) is bit `i` for a place.
    pub(super) options: u16,
    /// Options not tried yet, as bits.
    pub(super) remaining: u16,
    /// The placement on the board for this decision, if any.
    pub(super) current: Option<(Pos, Digit)>,
    /// Whether `current` led to a contradiction; it was taken back at once (propagation may have
    /// left anything in the state), and stays on the board until its removal is reported.
    pub(super) failed: bool,
    /// Whether `current` was made on a copy of the state (pushed on the stack of states), rather
    /// than on the state itself (last options, when nobody watches).
    pub(super) copied: bool,
    /// Whether the cells forced by `current` are being taken back, one step each.
    pub(super) unwinding: bool,
}

/// What a strategy's own unwatched loop ([`State::sprint`]) works on: the machine's stack of
/// decisions and its counters, to leave exactly as the machine's own loop would.
pub struct Sprint<'a> {
    /// The decisions, outermost first.
    pub(super) frames: &'a mut Vec<Frame>,
    pub(super) counters: &'a mut Counters,
    /// Whether the next thing to do is choosing a cell (else: taking the top decision's digit
    /// back if it has one, then trying its next option).
    pub(super) choosing: bool,
    /// The placements at which to stop, once a guess holds.
    pub(super) stop: u64,
}

impl Frame {
    /// A decision for `branch`, no option tried yet; [`Branch::Solved`] has none to try.
    #[inline(always)]
    fn new(branch: Branch) -> Frame {
        let (choice, options) = match branch {
            Branch::Cell { pos, candidates } => (Guess::Cell(pos), candidates.bits()),
            Branch::Place { digit, unit, cells } => {
                let bits = unit
                    .cells()
                    .iter()
                    .enumerate()
                    .fold(0, |bits, (i, &p)| bits | u16::from(cells.contains(p)) << i);
                (Guess::Place(digit, unit), bits)
            }
            Branch::Solved => (Guess::Cell(Pos::FIRST), 0),
        };
        Frame {
            choice,
            options,
            remaining: options,
            current: None,
            failed: false,
            copied: false,
            unwinding: false,
        }
    }

    /// Takes the next option to try, as a placement.
    #[inline(always)]
    fn next_option(&mut self) -> Option<(Pos, Digit)> {
        if self.remaining == 0 {
            return None;
        }
        let i = self.remaining.trailing_zeros() as usize;
        self.remaining &= self.remaining - 1;
        Some(match self.choice {
            Guess::Cell(pos) => (pos, Digit::from_index(i)),
            Guess::Place(digit, unit) => (unit.cells()[i], digit),
        })
    }

    /// Bits as the public form of options.
    fn options_of(&self, bits: u16) -> GuessOptions {
        match self.choice {
            Guess::Cell(_) => GuessOptions::Digits(DigitSet::from_bits(bits)),
            Guess::Place(_, unit) => GuessOptions::Cells(
                unit.cells()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits >> i & 1 != 0)
                    .map(|(_, &p)| p)
                    .collect(),
            ),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MachinePhase {
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
struct PendingForced {
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
    phase: MachinePhase,
    pending: PendingForced,
    counters: Counters,
}

impl<S: State> Machine<S> {
    /// A machine ready to search `board`, or the contradiction that rules out any solution.
    // Inlined so that the machine (some 500 bytes) is built where it is kept, not copied there.
    #[inline]
    pub fn new(board: &Board) -> Result<Machine<S>, Contradiction> {
        let state = S::new(board)?;
        Ok(Machine {
            start: board.clone(),
            root: state,
            copies: Vec::new(),
            // Grown when needed: most puzzles of the easy sets need no guess at all.
            frames: Vec::new(),
            filled_before: Vec::new(),
            in_place: 0,
            phase: MachinePhase::Start,
            pending: PendingForced {
                cells: CellSet::EMPTY,
                remove: false,
                depth: 0,
            },
            counters: Counters::default(),
        })
    }

    /// Starts again on `board`, as [`Machine::new`] would, keeping the memory of the stacks: a
    /// batch that solves puzzle after puzzle with one machine allocates only when a puzzle goes
    /// deeper than any before it. On a contradiction the machine is left as it was.
    pub fn restart(&mut self, board: &Board) -> Result<(), Contradiction> {
        self.root = S::new(board)?;
        self.start.clone_from(board);
        self.copies.clear();
        self.frames.clear();
        self.filled_before.clear();
        self.in_place = 0;
        self.phase = MachinePhase::Start;
        self.pending = PendingForced {
            cells: CellSet::EMPTY,
            remove: false,
            depth: 0,
        };
        self.counters = Counters::default();
        Ok(())
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
        self.phase == MachinePhase::Done
    }

    /// The board as the steps reported so far left it: the starting board, plus the solver's
    /// digits as [`Cell::Placed`].
    pub fn board(&self) -> Board {
        let mut board = self.start.clone();
        self.state().place_into(&mut board, self.hidden());
        if let Some(Frame {
            current: Some((pos, digit)),
            failed: true,
            ..
        }) = self.frames.last()
        {
            board.set(*pos, Cell::Placed(*digit));
        }
        board
    }

    /// The digits of the current state (0 for an open cell), givens included: after
    /// [`Step::Solved`], the solution, without building a [`Board`].
    pub fn digits(&self) -> [u8; 81] {
        self.state().digits()
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
            if let Some((pos, _)) = frame.current {
                reported.remove(pos);
            }
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
            choice: f.choice,
            current: f.current,
            options: f.options_of(f.options),
            remaining: f.options_of(f.remaining),
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
            if let (Some((pos, digit)), false) = (frame.current, frame.failed) {
                let mut next = copies.last().unwrap_or(&self.root).clone();
                let ok = next.assume(pos, digit);
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
            // A strategy with a loop of its own runs in it once the machine has started.
            if !WATCH
                && matches!(self.phase, MachinePhase::Choose | MachinePhase::Next)
                && self.pending.cells.is_empty()
            {
                let state = if S::COPY_ON_GUESS {
                    self.copies.last_mut().unwrap_or(&mut self.root)
                } else {
                    &mut self.root
                };
                let run = Sprint {
                    frames: &mut self.frames,
                    counters: &mut self.counters,
                    choosing: self.phase == MachinePhase::Choose,
                    stop,
                };
                if let Some(end) = state.sprint(run) {
                    self.phase = match end {
                        None => MachinePhase::Choose,
                        Some(Step::Solved) => MachinePhase::Next,
                        Some(_) => MachinePhase::Done,
                    };
                    return end;
                }
            }
            if S::PROPAGATES
                && !self.pending.cells.is_empty()
                && let Some(step) = self.report_pending::<WATCH>()
            {
                return Some(step);
            }
            // Trying candidates is where the search spends its time: the other phases are
            // handled first under one well-predicted test, so that it needs no jump table.
            if self.phase != MachinePhase::Next {
                match self.phase {
                    MachinePhase::Done => return None,
                    MachinePhase::Start => {
                        let before = if S::PROPAGATES {
                            self.state().filled()
                        } else {
                            CellSet::EMPTY
                        };
                        if !self.state_mut().start() {
                            // Deductions stopped half-way; show the board as it was, not their debris.
                            self.root = S::new(&self.start).expect("the board was checked in `new`");
                            self.phase = MachinePhase::Done;
                            return Some(Step::Exhausted);
                        }
                        if S::PROPAGATES {
                            let forced = self.state().filled().difference(before);
                            self.queue(forced, false, 0);
                        }
                        self.phase = MachinePhase::Choose;
                        continue;
                    }
                    MachinePhase::Choose | MachinePhase::Next => {
                        if self.choose() {
                            return Some(Step::Solved);
                        }
                    }
                }
            }
            {
                let depth = self.depth();
                let Some(frame) = self.frames.last_mut() else {
                    self.phase = MachinePhase::Done;
                    self.counters.depth = 0;
                    return Some(Step::Exhausted);
                };
                if let Some((pos, digit)) = frame.current {
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
                    // The decision stays on the stack, to try its next option or be done: the
                    // depth is still its own, as the step says.
                    self.counters.depth = depth;
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
                let Some((pos, digit)) = frame.next_option() else {
                    self.frames.pop();
                    self.counters.depth = self.frames.len();
                    if S::PROPAGATES {
                        self.filled_before.pop();
                    }
                    continue;
                };
                // The root decision always copies, so that the end of the search leaves the
                // state it started from.
                let copy = S::COPY_ON_GUESS && (WATCH || frame.remaining != 0 || depth == 1);
                frame.current = Some((pos, digit));
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
                    self.phase = MachinePhase::Next;
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
                self.phase = MachinePhase::Choose;
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
                self.phase = MachinePhase::Choose;
                return Descent::Budget;
            }
            self.phase = MachinePhase::Next;
            let mut frame = match self.state().branch() {
                Branch::Solved => {
                    self.counters.solutions += 1;
                    return Descent::Solved;
                }
                branch => Frame::new(branch),
            };
            let Some((pos, digit)) = frame.next_option() else {
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
            let copy = S::COPY_ON_GUESS && (frame.remaining != 0 || depth == 1);
            frame.current = Some((pos, digit));
            frame.copied = copy;
            self.frames.push(frame);
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
        self.phase = MachinePhase::Next;
        match self.state().branch() {
            Branch::Solved => {
                self.counters.solutions += 1;
                true
            }
            branch => {
                let frame = Frame::new(branch);
                // No option: a dead end, and the decision below takes its next one.
                if frame.options != 0 {
                    if S::PROPAGATES {
                        let filled = self.state().filled();
                        self.filled_before.push(filled);
                    }
                    self.frames.push(frame);
                }
                false
            }
        }
    }

    /// Queues forced placements or removals: to be reported one by one when watching, counted at
    /// once otherwise.
    fn queue(&mut self, cells: CellSet, remove: bool, depth: usize) {
        self.pending = PendingForced { cells, remove, depth };
    }

    /// The next queued step when watching; when not, accounts for all of them and returns `None`.
    fn report_pending<const WATCH: bool>(&mut self) -> Option<Step> {
        let PendingForced { cells, remove, depth } = self.pending;
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

#[cfg(test)]
mod tests {
    use super::super::occupancy::Occupancy;
    use super::*;

    /// A strategy that decides where a digit goes in a unit: of the digits missing from some
    /// unit, the one with the fewest places (units in the order of [`Unit::all`]). Only the
    /// machine's side of such decisions is tested here; a real one comes with Dancing Links.
    #[derive(Clone)]
    struct ByPlace {
        occupancy: Occupancy,
    }

    impl State for ByPlace {
        const PROPAGATES: bool = false;
        const COPY_ON_GUESS: bool = false;

        fn new(board: &Board) -> Result<Self, Contradiction> {
            Ok(ByPlace {
                occupancy: Occupancy::new(board)?,
            })
        }

        fn start(&mut self) -> bool {
            true
        }

        fn branch(&self) -> Branch {
            let mut best: Option<(usize, Branch)> = None;
            for unit in Unit::all() {
                for digit in Digit::all() {
                    let cells = unit.cells();
                    if cells.iter().any(|&p| self.occupancy.digit(p) == Some(digit)) {
                        continue;
                    }
                    let places: CellSet = cells
                        .into_iter()
                        .filter(|&p| self.occupancy.is_empty(p) && self.occupancy.candidates(p).contains(digit))
                        .collect();
                    if best.as_ref().is_none_or(|(n, _)| places.len() < *n) {
                        best = Some((
                            places.len(),
                            Branch::Place {
                                digit,
                                unit,
                                cells: places,
                            },
                        ));
                    }
                }
            }
            best.map_or(Branch::Solved, |(_, branch)| branch)
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

    const HARDEST: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_decision_can_be_where_a_digit_goes_in_a_unit() {
        let board: Board = HARDEST.parse().expect("a puzzle");
        let mut quiet = Machine::<ByPlace>::new(&board).expect("no contradiction");
        assert_eq!(quiet.run(u64::MAX), Some(Step::Solved));
        let solution = quiet.board();
        assert!(board.is_solved_by(&solution));

        // Watched, the same search step by step: the same solution and counters, every step a
        // placement or removal the board shows, and the decisions on the stack are places.
        let mut watched = Machine::<ByPlace>::new(&board).expect("no contradiction");
        let mut replayed = board.clone();
        let mut saw_place = false;
        loop {
            let step = watched.next().expect("steps until solved");
            match step {
                Step::Place { pos, digit, .. } => replayed.set(pos, Cell::Placed(digit)),
                Step::Remove { pos, .. } => replayed.set(pos, Cell::Empty),
                Step::Solved => break,
                Step::Exhausted => panic!("exhausted before the solution"),
            }
            assert_eq!(replayed, watched.board());
            for decision in watched.decisions() {
                let Guess::Place(digit, unit) = decision.choice else {
                    panic!("only places are decided here: {decision:?}");
                };
                let GuessOptions::Cells(cells) = decision.options else {
                    panic!("a place's options are cells: {decision:?}");
                };
                assert!(cells.iter().all(|p| unit.cells().contains(&p)));
                if let Some((pos, d)) = decision.current {
                    assert_eq!(d, digit);
                    assert!(cells.contains(pos));
                    assert_eq!(decision.pos(), Some(pos));
                }
                saw_place = true;
            }
        }
        assert!(saw_place);
        assert_eq!(watched.board(), solution);
        assert_eq!(watched.counters(), quiet.counters());
    }
}
