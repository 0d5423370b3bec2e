//! Work that can take longer than a frame, done in slices between frames so the keyboard is
//! always answered: solving at once (the naive order can need tens of millions of placements),
//! and the live count of solutions after each edit.

use crate::sudoku::{Board, Conflict, Counters, Search, Step, Strategy};
use std::time::{Duration, Instant};

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
    /// A solution (solver digits as [`crate::sudoku::Cell::Placed`]).
    Solved(Board),
    /// No solution from the board as it stands.
    NoSolution,
    /// No solution with the user's entries, but the givens alone have one.
    EntriesRuleItOut,
}

/// An instant solve in progress.
pub struct SolveJob {
    search: Search,
    /// Whether the search is the second one, from the givens alone, run only to tell the user
    /// that their entries are what rules a solution out.
    probing_givens: bool,
    /// The counters of the solve itself, kept while the givens are probed.
    reported: Option<Counters>,
    /// Time spent working so far.
    worked: Duration,
    board: Board,
}

impl SolveJob {
    /// A solve of `board` with `strategy`, or the conflict that rules it out.
    pub fn new(board: &Board, strategy: Strategy) -> Result<SolveJob, Conflict> {
        Ok(SolveJob {
            search: Search::new(board, strategy)?,
            probing_givens: false,
            reported: None,
            worked: Duration::ZERO,
            board: board.clone(),
        })
    }

    /// Works for at most `budget`; the result once there is one.
    pub fn work(&mut self, budget: Duration) -> Option<SolveResult> {
        let started = Instant::now();
        let step = work(&mut self.search, budget);
        self.worked += started.elapsed();
        match step? {
            Step::Solved if self.probing_givens => Some(SolveResult::EntriesRuleItOut),
            Step::Solved => Some(SolveResult::Solved(self.search.board())),
            _ if self.probing_givens => Some(SolveResult::NoSolution),
            _ => {
                let givens = self.board.givens_only();
                let has_entries = givens.blank_count() != self.board.blank_count();
                match Search::new(&givens, Strategy::Fast) {
                    Ok(search) if has_entries => {
                        // Keep the counters of the real search for the report.
                        self.probing_givens = true;
                        let counters = self.search.counters();
                        self.search = search;
                        self.reported = Some(counters);
                        None
                    }
                    _ => Some(SolveResult::NoSolution),
                }
            }
        }
    }

    /// The counters of the solve (not of the check of the givens that may follow it).
    pub fn counters(&self) -> Counters {
        self.reported.unwrap_or_else(|| self.search.counters())
    }

    /// Time spent working on the solve so far.
    pub fn worked(&self) -> Duration {
        self.worked
    }

    /// The strategy solving.
    pub fn strategy(&self) -> Strategy {
        if self.probing_givens {
            Strategy::Fast
        } else {
            self.search.strategy()
        }
    }
}

/// How many solutions the board has, as far as known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Still counting.
    Checking,
    /// Two digits conflict.
    Conflict(Conflict),
    /// No solution.
    NoSolution,
    /// Exactly one.
    Unique,
    /// Two or more.
    Several,
}

/// The live count of solutions, restarted after every edit.
pub struct StatusCheck {
    search: Option<Search>,
    found: u8,
    status: Status,
}

impl StatusCheck {
    /// Starts counting the solutions of `board` (up to two).
    pub fn new(board: &Board) -> StatusCheck {
        match Search::new(board, Strategy::Fast) {
            Ok(search) => StatusCheck {
                search: Some(search),
                found: 0,
                status: Status::Checking,
            },
            Err(conflict) => StatusCheck {
                search: None,
                found: 0,
                status: Status::Conflict(conflict),
            },
        }
    }

    /// Works for at most `budget`; `true` when the status changed.
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
                    self.status = match (step, self.found) {
                        (Step::Solved, _) => Status::Several,
                        (_, 0) => Status::NoSolution,
                        _ => Status::Unique,
                    };
                    self.search = None;
                    return true;
                }
            }
        }
    }

    /// The status so far.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Whether counting goes on.
    pub fn is_busy(&self) -> bool {
        self.search.is_some()
    }
}
