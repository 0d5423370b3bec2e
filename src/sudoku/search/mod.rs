//! One backtracking search with interchangeable strategies. [`Search`] is an
//! `Iterator<Item = Step>` for watching it step by step; [`Search::run`] drives the same machine
//! to the end without building steps, which is how [`solve`] and [`count_solutions`] work.

mod fast;
mod machine;
mod mrv;
mod naive;
mod occupancy;

pub use fast::FastState;
pub use machine::{Branch, Machine, State};
pub use mrv::MrvState;
pub use naive::NaiveState;

use super::board::{Board, Conflict, Digit, DigitSet, Pos};
use std::fmt;

/// How the search chooses the next cell and finds its candidates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The textbook order of BOJ 2580: blanks row by row, digits 1 to 9, each checked against its
    /// row, column and box.
    Naive,
    /// The blank with the fewest candidates first (minimum remaining values), from bit sets.
    Mrv,
    /// Bit sets per band and digit, singles and locked candidates propagated before each guess,
    /// guesses on a cell with two candidates when there is one.
    #[default]
    Fast,
}

impl Strategy {
    /// Every strategy, slowest first.
    pub const ALL: [Strategy; 3] = [Strategy::Naive, Strategy::Mrv, Strategy::Fast];

    /// The name used on the command line and in the workbench.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Mrv => "mrv",
            Strategy::Fast => "fast",
        }
    }

    /// The strategy called `name`.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The next strategy in [`Strategy::ALL`], wrapping around.
    pub fn next(self) -> Strategy {
        match self {
            Strategy::Naive => Strategy::Mrv,
            Strategy::Mrv => Strategy::Fast,
            Strategy::Fast => Strategy::Naive,
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One thing the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A digit put in a cell: a guess (`forced == false`), or a single that followed from the
    /// board (only strategies that propagate force digits). `depth` counts the guesses on the
    /// stack, this one included; forced digits share the depth of the guess they follow.
    Place {
        /// The cell.
        pos: Pos,
        /// The digit put there.
        digit: Digit,
        /// Guesses on the stack.
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
        /// Guesses on the stack before this one is taken back.
        depth: usize,
        /// Whether the digit was forced rather than guessed.
        forced: bool,
    },
    /// Every cell is filled: a solution. Pulling further steps searches for another one.
    Solved,
    /// The search is over: no (further) solution exists.
    Exhausted,
}

impl fmt::Display for Step {
    /// One line for learners, e.g. `place r1c3=4 depth 2`, `remove r1c3=4 depth 2 forced`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
            } => {
                let verb = if matches!(self, Step::Place { .. }) {
                    "place"
                } else {
                    "remove"
                };
                write!(
                    f,
                    "{verb} {pos}={digit} depth {depth}{}",
                    if forced { " forced" } else { "" }
                )
            }
            Step::Solved => f.write_str("solved"),
            Step::Exhausted => f.write_str("exhausted"),
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
    /// Guesses on the stack now.
    pub depth: usize,
    /// The most guesses that were ever on the stack at once.
    pub max_depth: usize,
    /// Solutions found.
    pub solutions: u64,
}

/// A decision on the search stack, for showing the path of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The cell being decided.
    pub pos: Pos,
    /// The digit it holds now, if one is placed.
    pub digit: Option<Digit>,
    /// Every candidate the cell had when the decision was made.
    pub candidates: DigitSet,
    /// Candidates not tried yet.
    pub remaining: DigitSet,
}

/// The search over a board with one strategy.
#[derive(Clone)]
pub enum Search {
    /// With [`Strategy::Naive`].
    Naive(Machine<NaiveState>),
    /// With [`Strategy::Mrv`].
    Mrv(Machine<MrvState>),
    /// With [`Strategy::Fast`].
    Fast(Machine<FastState>),
}

/// Runs `$body` with `$m` bound to the machine inside a [`Search`].
macro_rules! with_machine {
    ($search:expr, $m:ident => $body:expr) => {
        match $search {
            Search::Naive($m) => $body,
            Search::Mrv($m) => $body,
            Search::Fast($m) => $body,
        }
    };
}

impl Search {
    /// A search of `board` (givens and entries alike are fixed), or the first conflict, which
    /// rules out any solution.
    pub fn new(board: &Board, strategy: Strategy) -> Result<Search, Conflict> {
        Ok(match strategy {
            Strategy::Naive => Search::Naive(Machine::new(board)?),
            Strategy::Mrv => Search::Mrv(Machine::new(board)?),
            Strategy::Fast => Search::Fast(Machine::new(board)?),
        })
    }

    /// The strategy in use.
    pub fn strategy(&self) -> Strategy {
        match self {
            Search::Naive(_) => Strategy::Naive,
            Search::Mrv(_) => Strategy::Mrv,
            Search::Fast(_) => Strategy::Fast,
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        with_machine!(self, m => m.counters())
    }

    /// The board as the steps so far left it; the solver's digits are [`super::Cell::Placed`].
    pub fn board(&self) -> Board {
        with_machine!(self, m => m.board())
    }

    /// The decisions on the stack, outermost first.
    pub fn decisions(&self) -> Vec<Decision> {
        with_machine!(self, m => m.decisions().collect())
    }

    /// Whether the search has ended.
    pub fn is_done(&self) -> bool {
        with_machine!(self, m => m.is_done())
    }

    /// Runs without reporting steps to the next [`Step::Solved`] or to [`Step::Exhausted`], and
    /// returns it; `None` if `budget` placements were made first (call again to go on).
    pub fn run(&mut self, budget: u64) -> Option<Step> {
        with_machine!(self, m => m.run(budget))
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
        with_machine!(self, m => m.next())
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

/// Solves `board` with `strategy`: the first solution in the strategy's order, or none. A board
/// whose digits already conflict is the error.
pub fn solve(board: &Board, strategy: Strategy) -> Result<Outcome, Conflict> {
    let mut search = Search::new(board, strategy)?;
    let solution = match search.run_to_end() {
        Step::Solved => Some(search.board()),
        _ => None,
    };
    Ok(Outcome {
        solution,
        counters: search.counters(),
    })
}

/// Counts the solutions of `board`, stopping at `limit`: a result equal to `limit` means "at
/// least that many". A board whose digits conflict has none.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    let Ok(mut search) = Search::new(board, Strategy::Fast) else {
        return 0;
    };
    let mut found = 0;
    while found < limit && search.run_to_end() == Step::Solved {
        found += 1;
    }
    found
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
pub fn uniqueness(board: &Board) -> Solutions {
    let Ok(mut search) = Search::new(board, Strategy::Fast) else {
        return Solutions::None;
    };
    if search.run_to_end() != Step::Solved {
        return Solutions::None;
    }
    let first = search.board();
    if search.run_to_end() != Step::Solved {
        return Solutions::Unique(first);
    }
    Solutions::Several(first, search.board())
}
