//! Work that can take longer than a frame, done in slices between frames so the keyboard is
//! always answered: solving at once (the naive order can need tens of millions of placements),
//! and the live count of solutions after each edit.

use std::time::{Duration, Instant};
use sudoku_engine::{Board, Contradiction, Counters, Search, Step, Strategy};

/// Placements between two looks at the clock: small enough for the slowest strategy per
/// placement (fast, whose placements propagate) to stay well inside a slice.
const CHUNK: u64 = 20_000;

/// Runs `search` quietly until it reports a step or `budget` of real time is spent.
fn work(search: &mut Search, budget: Duration) -> Option<Step> {
    let deadline = Instant::now() + budget;
    loop {
        match search.run(CHUNK) {
            Some(step) => return Some(step),
            None if search.is_done() => return Some(Step::Exhausted),
            None if Instant::now() >= deadline => return None,
            None => {}
        }
    }
}

/// What an instant solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    /// A solution (solver digits as [`sudoku_engine::Cell::Placed`]), and whether the board has
    /// other solutions too.
    Solved {
        /// The solution.
        board: Board,
        /// Whether there are others.
        several: bool,
    },
    /// No solution from the board as it stands.
    NoSolution,
    /// No solution with the user's entries, but the givens alone have one.
    EntriesRuleItOut,
}

/// What a solve is doing.
enum Phase {
    /// Searching with the strategy asked for.
    Solving,
    /// The search found nothing: is it the entries' fault? (a search of the givens alone)
    ProbingGivens,
    /// Found one: counting, with `fast`, whether there is a second.
    Counting {
        /// The solution found.
        solution: Board,
        /// Solutions counted so far.
        found: u8,
    },
}

/// An instant solve in progress.
pub struct SolveJob {
    search: Search,
    phase: Phase,
    /// The counters of the solve itself, kept while a second search runs.
    reported: Option<Counters>,
    /// Time spent working so far.
    worked: Duration,
    board: Board,
    strategy: Strategy,
}

impl SolveJob {
    /// A solve of `board` with `strategy`, or the contradiction that rules it out.
    pub fn new(board: &Board, strategy: Strategy) -> Result<SolveJob, Contradiction> {
        Ok(SolveJob {
            search: Search::new(board, strategy)?,
            phase: Phase::Solving,
            reported: None,
            worked: Duration::ZERO,
            board: board.clone(),
            strategy,
        })
    }

    /// Starts a second search (the first's counters are kept for the report).
    fn switch_to(&mut self, search: Search, phase: Phase) {
        self.reported.get_or_insert(self.search.counters());
        self.search = search;
        self.phase = phase;
    }

    /// Works for at most `budget`; the result once there is one.
    pub fn work(&mut self, budget: Duration) -> Option<SolveResult> {
        let started = Instant::now();
        let step = work(&mut self.search, budget);
        self.worked += started.elapsed();
        let step = step?;
        match (&mut self.phase, step) {
            (Phase::Solving, Step::Solved) => {
                let solution = self.search.board();
                // The board has a solution, so it has no contradiction: this cannot fail.
                match Search::new(&self.board, Strategy::Fast) {
                    Ok(count) => self.switch_to(count, Phase::Counting { solution, found: 0 }),
                    Err(_) => {
                        return Some(SolveResult::Solved {
                            board: solution,
                            several: false,
                        });
                    }
                }
                None
            }
            (Phase::Solving, _) => {
                let givens = self.board.givens_only();
                let has_entries = givens.blank_count() != self.board.blank_count();
                match Search::new(&givens, Strategy::Fast) {
                    Ok(search) if has_entries => {
                        self.switch_to(search, Phase::ProbingGivens);
                        None
                    }
                    _ => Some(SolveResult::NoSolution),
                }
            }
            (Phase::ProbingGivens, Step::Solved) => Some(SolveResult::EntriesRuleItOut),
            (Phase::ProbingGivens, _) => Some(SolveResult::NoSolution),
            (Phase::Counting { found, .. }, Step::Solved) if *found == 0 => {
                *found = 1;
                None
            }
            (Phase::Counting { solution, .. }, step) => Some(SolveResult::Solved {
                board: solution.clone(),
                several: step == Step::Solved,
            }),
        }
    }

    /// The counters of the solve (not of the searches that may follow it).
    pub fn counters(&self) -> Counters {
        self.reported.unwrap_or_else(|| self.search.counters())
    }

    /// Time spent working on the solve so far.
    pub fn worked(&self) -> Duration {
        self.worked
    }

    /// The strategy solving.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }
}

/// How many solutions the board has, as far as known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Still counting.
    Checking,
    /// The board contradicts itself: two equal digits in a unit, or a cell without candidates.
    Contradiction(Contradiction),
    /// No solution.
    NoSolution,
    /// Exactly one.
    Unique,
    /// Two or more.
    Several,
}

/// The live count of solutions, restarted after every edit.
pub struct LiveCount {
    search: Option<Search>,
    found: u8,
    count: Count,
}

impl LiveCount {
    /// Starts counting the solutions of `board` (up to two).
    pub fn new(board: &Board) -> LiveCount {
        match Search::new(board, Strategy::Fast) {
            Ok(search) => LiveCount {
                search: Some(search),
                found: 0,
                count: Count::Checking,
            },
            Err(contradiction) => LiveCount {
                search: None,
                found: 0,
                count: Count::Contradiction(contradiction),
            },
        }
    }

    /// Works for at most `budget`; `true` when the count changed.
    pub fn work(&mut self, budget: Duration) -> bool {
        let Some(search) = self.search.as_mut() else {
            return false;
        };
        let deadline = Instant::now() + budget;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match work(search, left) {
                None => return false,
                Some(Step::Solved) if self.found == 0 => self.found = 1,
                Some(step) => {
                    self.count = match (step, self.found) {
                        (Step::Solved, _) => Count::Several,
                        (_, 0) => Count::NoSolution,
                        _ => Count::Unique,
                    };
                    self.search = None;
                    return true;
                }
            }
        }
    }

    /// The count so far.
    pub fn count(&self) -> &Count {
        &self.count
    }

    /// Whether counting goes on.
    pub fn is_busy(&self) -> bool {
        self.search.is_some()
    }
}
