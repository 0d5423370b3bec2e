//! One backtracking search with interchangeable strategies. [`Search`] is an
//! `Iterator<Item = Step>` for watching it step by step; [`Search::run`] drives the same machine
//! to the end without building steps. [`search_to`] runs a search unwatched to a number of
//! solutions, which is how [`solve`] works: the machine for most strategies, a recursion with
//! the same decisions and counters for the fast one. [`count_solutions_by`] counts with the fast
//! strategy's state only, by cells, by placements, or choosing for each board as
//! [`count_solutions`] does.

mod dlx;
mod fast;
mod machine;
mod mrv;
mod naive;
mod occupancy;
pub mod program;
pub mod trace;
pub mod tree;
pub mod why;

pub use fast::Branching;
pub use machine::{Guess, GuessOptions};

use dlx::DlxState;
use fast::FastState;
use machine::{Machine, State};
use mrv::MrvState;
use naive::NaiveState;

use super::board::{Board, Contradiction, Digit, Pos};
use std::fmt;

/// The strategies, in one place: each line names a strategy, its state type (a [`State`] in a
/// file of its own), its name on the command line and a one-line description. The macro makes
/// the [`Strategy`] enum and the [`Search`] over its machines from this list, so adding a
/// strategy is a line here and a file beside this one; the property tests take every strategy
/// from [`Strategy::ALL`].
macro_rules! strategies {
    // `$d` is a literal `$`, passed in so that this macro can define `with_machine!` (a macro
    // cannot otherwise write `$` in the macro it defines on stable Rust).
    ($d:tt $(
        $(#[$attr:meta])*
        $variant:ident => $state:ty, $name:literal, $about:literal;
    )+) => {
        /// How the search chooses the next decision and finds its options.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Strategy {
            $( $(#[$attr])* $variant, )+
        }

        impl Strategy {
            /// Every strategy, slowest first.
            pub const ALL: &'static [Strategy] = &[$(Strategy::$variant),+];

            /// The name used on the command line and in the workbench.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Strategy::$variant => $name,)+
                }
            }

            /// What the strategy does, in a line.
            pub const fn about(self) -> &'static str {
                match self {
                    $(Strategy::$variant => $about,)+
                }
            }

            /// Whether the strategy fills cells that follow from the board (propagation) besides
            /// its guesses: its steps then hold forced digits, and its dead ends are found while
            /// propagating.
            pub const fn propagates(self) -> bool {
                match self {
                    $(Strategy::$variant => <$state as State>::PROPAGATES,)+
                }
            }
        }

        /// The machine of each strategy, inside a [`Search`] (which keeps its machines to itself).
        #[derive(Clone)]
        enum Machines {
            $(
                #[doc = concat!("With the `", $name, "` strategy.")]
                $variant(Machine<$state>),
            )+
        }

        impl Search {
            /// A search of `board` (givens and entries alike are fixed), or the contradiction
            /// that rules out any solution before a step is taken.
            pub fn new(board: &Board, strategy: Strategy) -> Result<Search, Contradiction> {
                Ok(Search(match strategy {
                    $(Strategy::$variant => Machines::$variant(Machine::new(board)?),)+
                }))
            }

            /// Starts again on `board` with `strategy`, keeping the memory of the stacks when
            /// the strategy is the same: solving a collection with one search allocates only
            /// when a puzzle goes deeper than any before it. On a contradiction the search is
            /// left as it was.
            pub fn restart(&mut self, board: &Board, strategy: Strategy) -> Result<(), Contradiction> {
                match (&mut self.0, strategy) {
                    $((Machines::$variant(m), Strategy::$variant) => m.restart(board),)+
                    (_, _) => {
                        *self = Search::new(board, strategy)?;
                        Ok(())
                    }
                }
            }

            /// The strategy in use.
            pub fn strategy(&self) -> Strategy {
                match self.0 {
                    $(Machines::$variant(_) => Strategy::$variant,)+
                }
            }
        }

        /// Runs `$body` with `$m` bound to the machine of a [`Search`]'s machines (`&search.0` or
        /// `&mut search.0`).
        macro_rules! with_machine {
            ($d search:expr, $d m:ident => $d body:expr) => {
                match $d search {
                    $(Machines::$variant($d m) => $d body,)+
                }
            };
        }
    };
}

strategies! { $
    /// The textbook order of BOJ 2580: blanks row by row, digits 1 to 9, each checked against its
    /// row, column and box.
    Naive => NaiveState, "naive", "blanks in row-major order, digits 1 to 9 (the textbook)";
    /// The blank with the fewest candidates first (minimum remaining values), from bit sets.
    Mrv => MrvState, "mrv", "the blank with the fewest candidates first";
    /// Knuth's Algorithm X with dancing links: of the 324 constraints (a cell needs a digit, a
    /// row, column or box needs each digit), the one with the fewest options first.
    Dlx => DlxState, "dlx", "Dancing Links: the constraint with the fewest options first";
    /// Bit sets per band and digit, singles and locked candidates propagated before each guess,
    /// guesses on a cell with two candidates when there is one.
    #[default]
    Fast => FastState, "fast", "singles and locked candidates propagated, then a two-way guess";
}

impl Strategy {
    /// The strategy called `name`.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// The next strategy in [`Strategy::ALL`], wrapping around.
    pub fn next(self) -> Strategy {
        let i = Strategy::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Strategy::ALL[(i + 1) % Strategy::ALL.len()]
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One thing the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// A digit put in a cell: a guess (`forced == false`), or a single that followed from the
    /// board (only strategies that propagate force digits). `depth` is the depth after it (see
    /// [`Counters::depth`]): the decisions on the stack, the one making this guess included;
    /// forced digits share the depth of the guess they follow.
    Place {
        /// The cell.
        pos: Pos,
        /// The digit put there.
        digit: Digit,
        /// Decisions on the stack.
        depth: usize,
        /// Whether the digit was forced rather than guessed.
        forced: bool,
    },
    /// A digit taken back while backtracking: the forced digits of a guess first, then the guess.
    Remove {
        /// The cell.
        pos: Pos,
        /// The digit taken out.
        digit: Digit,
        /// Decisions on the stack: the one whose guess this is stays there after it (to try
        /// its next option), so the depth is the same before and after.
        depth: usize,
        /// Whether the digit was forced rather than guessed.
        forced: bool,
    },
    /// Every cell is filled: a solution. Pulling further steps searches for another one.
    Solved,
    /// The search is over: no (further) solution exists.
    Exhausted,
}

impl Step {
    /// What the step does, in a word: `place`, `remove`, `solved` or `exhausted`.
    pub const fn op(&self) -> &'static str {
        match self {
            Step::Place { .. } => "place",
            Step::Remove { .. } => "remove",
            Step::Solved => "solved",
            Step::Exhausted => "exhausted",
        }
    }

    /// The cell, digit, depth and whether it was forced, of a placement or a removal.
    pub const fn change(&self) -> Option<(Pos, Digit, usize, bool)> {
        match *self {
            Step::Place {
                pos,
                digit,
                depth,
                forced,
            }
            | Step::Remove {
                pos,
                digit,
                depth,
                forced,
            } => Some((pos, digit, depth, forced)),
            Step::Solved | Step::Exhausted => None,
        }
    }
}

impl fmt::Display for Step {
    /// One line for learners, e.g. `place r1c3=4 depth 2`, `remove r1c3=4 depth 2 forced`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = self.op();
        match self.change() {
            Some((pos, digit, depth, forced)) => write!(
                f,
                "{op} {pos}={digit} depth {depth}{}",
                if forced { " forced" } else { "" }
            ),
            None => f.write_str(op),
        }
    }
}

/// What the search has done so far; the same whether it was watched step by step or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Digits put in cells, guessed or forced ("nodes").
    pub placements: u64,
    /// Guesses taken back.
    pub backtracks: u64,
    /// The depth: decisions on the stack now. A decision is a cell (or a digit's place in a
    /// unit) being decided, its options tried one at a time; it stays on the stack while its
    /// guess is taken back, until it tries its next option or has none left. It is the depth each
    /// [`Step`] names and the number of frames of the call stack step mode shows. Cells that
    /// propagation fills (the `fast` strategy) take no decision: a puzzle solved by propagation
    /// alone is solved at depth 0.
    pub depth: usize,
    /// The most decisions that were ever on the stack at once.
    pub max_depth: usize,
    /// Solutions found.
    pub solutions: u64,
}

impl Counters {
    /// What depth means, in the words every screen and command uses: the depth is this number.
    pub const DEPTH_MEANS: &'static str = "the number of decisions on the stack";
}

/// A decision on the search stack, for showing the path of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What is being decided.
    pub choice: Guess,
    /// The placement this decision has on the board now, if any.
    pub current: Option<(Pos, Digit)>,
    /// Every option the decision had when it was made.
    pub options: GuessOptions,
    /// Options not tried yet.
    pub remaining: GuessOptions,
}

impl Decision {
    /// The cell this decision is about: the cell chosen, or for a digit placed in a unit, the cell
    /// it holds now (else the first cell left to try).
    pub fn pos(&self) -> Option<Pos> {
        match self.choice {
            Guess::Cell(pos) => Some(pos),
            Guess::Place(..) => self.current.map(|(pos, _)| pos).or_else(|| match self.remaining {
                GuessOptions::Cells(cells) => cells.iter().next(),
                GuessOptions::Digits(_) => None,
            }),
        }
    }
}

/// The search over a board with one strategy: an `Iterator<Item = Step>` to watch it step by
/// step, or [`Search::run`] to drive it without building steps.
///
/// ```
/// use sudoku_engine::{Board, Search, Step, Strategy};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let mut search = Search::new(&board, Strategy::Mrv)?;
/// let first = search.next();
/// assert!(matches!(first, Some(Step::Place { .. })));
/// assert_eq!(search.run_to_end(), Step::Solved);
/// assert!(board.is_solved_by(&search.board()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Search(Machines);

impl Search {
    /// The counters so far.
    pub fn counters(&self) -> Counters {
        with_machine!(&self.0, m => m.counters())
    }

    /// The board as the steps so far left it; the solver's digits are [`super::Cell::Placed`].
    pub fn board(&self) -> Board {
        with_machine!(&self.0, m => m.board())
    }

    /// The digits the search holds (0 for an open cell), givens included: after
    /// [`Step::Solved`], the solution, without building a [`Board`].
    pub fn digits(&self) -> [u8; 81] {
        with_machine!(&self.0, m => m.digits())
    }

    /// The decisions on the stack, outermost first.
    pub fn decisions(&self) -> Vec<Decision> {
        with_machine!(&self.0, m => m.decisions().collect())
    }

    /// Whether the search has ended.
    pub fn is_done(&self) -> bool {
        with_machine!(&self.0, m => m.is_done())
    }

    /// Runs without reporting steps to the next [`Step::Solved`] or to [`Step::Exhausted`], and
    /// returns it; `None` if `budget` placements were made first (call again to go on).
    pub fn run(&mut self, budget: u64) -> Option<Step> {
        with_machine!(&mut self.0, m => m.run(budget))
    }

    /// Runs to the next solution or the end, however long that takes.
    pub fn run_to_end(&mut self) -> Step {
        loop {
            match self.run(u64::MAX) {
                Some(step) => return step,
                None if self.is_done() => return Step::Exhausted,
                None => {}
            }
        }
    }
}

impl Iterator for Search {
    type Item = Step;

    #[inline]
    fn next(&mut self) -> Option<Step> {
        with_machine!(&mut self.0, m => m.next())
    }
}

/// The result of solving a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The first solution found, or `None` if there is none.
    pub solution: Option<Board>,
    /// What the search did to find it.
    pub counters: Counters,
}

/// How many bits of a 9-bit number are set, for the strategies that count candidates by table
/// (the baseline x86-64 target has no population count instruction).
static ONES: [u8; 512] = {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        table[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    table
};

/// Runs the search of `board` with `strategy`, unwatched, to its `limit`-th solution or to its
/// end, handing each solution's digits (givens included) to `found`; returns the counters a
/// [`Search`] run as far shows. The fast strategy runs in a recursion of its own here, with the
/// machine's decisions and counters (see `fast::run_unwatched`); the others drive the machine.
/// A board that contradicts itself (a conflict, a cell without candidates) is the error.
pub fn search_to(
    board: &Board,
    strategy: Strategy,
    limit: u64,
    mut found: impl FnMut(&[u8; 81]),
) -> Result<Counters, Contradiction> {
    if strategy == Strategy::Fast {
        return fast::run_unwatched(board, limit, |state| found(&state.digits()));
    }
    let mut search = Search::new(board, strategy)?;
    while search.counters().solutions < limit && search.run_to_end() == Step::Solved {
        found(&search.digits());
    }
    Ok(search.counters())
}

/// Solves `board` with `strategy`: the first solution in the strategy's order, or none. A board
/// that contradicts itself (a conflict, a cell without candidates) is the error.
///
/// ```
/// use sudoku_engine::{Board, Strategy, solve};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let outcome = solve(&board, Strategy::Fast)?;
/// let solution = outcome.solution.expect("the puzzle has a solution");
/// assert!(board.is_solved_by(&solution));
/// assert!(outcome.counters.placements >= 49, "each blank is filled at least once");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(board: &Board, strategy: Strategy) -> Result<Outcome, Contradiction> {
    let mut solution = None;
    let counters = search_to(board, strategy, 1, |digits| solution = Some(board.with_placed(digits)))?;
    Ok(Outcome { solution, counters })
}

/// Counts the solutions of `board`, stopping at `limit`: a result equal to `limit` means "at
/// least that many". A board whose digits conflict has none. It branches as
/// [`Branching::Chosen`] says: on the placements of a digit for the hardest puzzles, else on
/// cells (`docs/performance.md` has the figures).
///
/// ```
/// use sudoku_engine::{Board, count_solutions};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// assert_eq!(count_solutions(&board, 2), 1, "a proper puzzle");
/// let empty: Board = ".".repeat(81).parse()?;
/// assert_eq!(count_solutions(&empty, 10), 10, "at least ten: the limit stops the count");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    count_solutions_by(board, limit, Branching::Chosen).unwrap_or(0)
}

/// Counts the solutions of `board` as [`count_solutions`] does, branching as `branching` says
/// (the count is the same whichever way; the time is not); the contradiction if the board rules
/// out every solution at once (a conflict, a cell without candidates).
pub fn count_solutions_by(board: &Board, limit: u64, branching: Branching) -> Result<u64, Contradiction> {
    fast::count_unwatched(board, limit, branching)
}

/// How many solutions a board has, as far as a uniqueness check needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution.
    None,
    /// Exactly one: this.
    Unique(Board),
    /// Two or more; the first two found.
    Several(Board, Board),
}

/// Whether `board` has no, one or several solutions.
#[must_use]
pub fn uniqueness(board: &Board) -> Solutions {
    let mut found = Vec::with_capacity(2);
    let _ = search_to(board, Strategy::Fast, 2, |digits| found.push(board.with_placed(digits)));
    let mut found = found.into_iter();
    match (found.next(), found.next()) {
        (None, _) => Solutions::None,
        (Some(first), None) => Solutions::Unique(first),
        (Some(first), Some(second)) => Solutions::Several(first, second),
    }
}
