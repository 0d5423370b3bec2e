//! `compare`: every strategy solves one puzzle, and a table says how each went.

use super::shared::nth_record;
use super::{Status, judge, puzzle_number};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;
use sudoku_engine::{Board, Contradiction, Counters, Step, Strategy, count_solutions};

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Which puzzle of a collection, 1 for the first.
    #[arg(long, value_name = "N", default_value = "1", value_parser = puzzle_number)]
    pub index: usize,
    /// Give up on a strategy after this many seconds, its row showing how far it got (a number
    /// above 0).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT,
          value_parser = super::generate::seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
}

/// `--time-limit` unless told: ten seconds a strategy, past what the textbook order takes on
/// any real puzzle (a third of a second on `assets/anti-naive.txt`, made against it), so that
/// the table of a board it cannot finish comes within a minute.
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;

/// `compare`: every strategy solves the puzzle, slowest first, and a table says how: the
/// placements, backtracks and deepest stack of each, and its time (the only column that
/// changes from run to run). A strategy that runs out of `--time-limit` is given up on: its row
/// shows how far it got, and standard error says so. A board with no solution gets no table:
/// only why, if it can be named.
pub fn compare(args: &CompareArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some((record, where_)) = nth_record(args.file.as_deref(), args.index, out, err)? else {
        return Ok(Status::Unreadable);
    };
    let board = &record.puzzle.board;
    // A board no search can start on (two equal digits in a unit, a blank with no candidate)
    // has no row to show: it is said, and no table is printed, not even its header.
    if let Some(contradiction) = board.contradiction() {
        writeln!(err, "{where_}: no solution: {contradiction}")?;
        return Ok(Status::NoSolution);
    }
    // Nor has a board without a solution, which the fast search settles at once: the textbook
    // order may need longer than anyone waits to exhaust one (a few sparse givens leaving a
    // digit no place in the last row: naive fills the eight rows above every way first). It
    // is said as `check` says it, with the reason when one can be named.
    if count_solutions(board, 1) == 0 {
        writeln!(err, "{where_}: no solution{}", judge::why_none(board, None))?;
        return Ok(Status::NoSolution);
    }
    writeln!(
        out,
        "{:<10}{:>14}{:>14}{:>11}{:>12}",
        "strategy", "placements", "backtracks", "max depth", "time"
    )?;
    let limit = Duration::try_from_secs_f64(args.time_limit).unwrap_or(Duration::MAX);
    let mut solved = false;
    let mut gave_up = Vec::new();
    for &strategy in Strategy::ALL {
        let start = std::time::Instant::now();
        let ran = run(board, strategy, limit);
        let elapsed = start.elapsed();
        let (counters, time) = match ran {
            Ok(Ran::Ended {
                counters,
                solved: found,
            }) => {
                solved = found;
                (counters, crate::text::duration(elapsed))
            }
            Ok(Ran::GaveUp(counters)) => {
                gave_up.push((strategy, counters.placements));
                (counters, format!("> {}", crate::text::duration(limit)))
            }
            Err(contradiction) => {
                // Every strategy starts from the same check as `contradiction` above; should
                // one refuse anyway, the rows written so far are flushed before the reason.
                out.flush()?;
                writeln!(err, "{where_}: no solution: {contradiction}")?;
                return Ok(Status::NoSolution);
            }
        };
        writeln!(
            out,
            "{:<10}{:>14}{:>14}{:>11}{:>12}",
            strategy.name(),
            crate::text::grouped(counters.placements),
            crate::text::grouped(counters.backtracks),
            counters.max_depth,
            time
        )?;
    }
    out.flush()?;
    for (strategy, placements) in gave_up {
        writeln!(
            err,
            "{where_}: {strategy} gave up after {} and {} placements (--time-limit {}); its row shows how far it got",
            crate::text::duration(limit),
            crate::text::grouped(placements),
            args.time_limit
        )?;
    }
    if solved {
        return Ok(Status::Solved);
    }
    writeln!(err, "{where_}: no solution")?;
    Ok(Status::NoSolution)
}

/// How a strategy's run went: to its end (a solution or none), or given up on.
enum Ran {
    /// The search ended, with the first solution if `solved`.
    Ended { counters: Counters, solved: bool },
    /// The time ran out first; the counters say how far it got.
    GaveUp(Counters),
}

/// Runs `strategy` on `board` to its first solution, for `limit` at most. The fast strategy
/// runs in its own recursion (it needs no limit: milliseconds on the hardest puzzles known).
fn run(board: &Board, strategy: Strategy, limit: Duration) -> Result<Ran, Contradiction> {
    if strategy == Strategy::Fast {
        let outcome = sudoku_engine::solve(board, strategy)?;
        return Ok(Ran::Ended {
            counters: outcome.counters,
            solved: outcome.solution.is_some(),
        });
    }
    super::batch::with_search(board, strategy, |search| {
        match super::batch::run_within(search, limit) {
            Some(step) => Ran::Ended {
                counters: search.counters(),
                solved: step == Step::Solved,
            },
            None => Ran::GaveUp(search.counters()),
        }
    })
}
