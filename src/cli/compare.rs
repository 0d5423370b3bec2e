//! `compare`: every strategy solves one puzzle, and a table says how each went.

use super::shared::nth_record;
use super::{Status, judge, puzzle_number};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::{Strategy, count_solutions};

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Which puzzle of a collection, 1 for the first.
    #[arg(long, value_name = "N", default_value = "1", value_parser = puzzle_number)]
    pub index: usize,
}

/// `compare`: every strategy solves the puzzle, slowest first, and a table says how: the
/// placements, backtracks and deepest stack of each, and its time (the only column that
/// changes from run to run). A board with no solution gets no table: only why, if it can be
/// named.
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
    let mut solved = false;
    for &strategy in Strategy::ALL {
        let start = std::time::Instant::now();
        let outcome = match sudoku_engine::solve(board, strategy) {
            Ok(outcome) => outcome,
            Err(contradiction) => {
                // Every strategy starts from the same check as `contradiction` above; should
                // one refuse anyway, the rows written so far are flushed before the reason.
                out.flush()?;
                writeln!(err, "{where_}: no solution: {contradiction}")?;
                return Ok(Status::NoSolution);
            }
        };
        let elapsed = start.elapsed();
        let c = outcome.counters;
        writeln!(
            out,
            "{:<10}{:>14}{:>14}{:>11}{:>12}",
            strategy.name(),
            crate::text::grouped(c.placements),
            crate::text::grouped(c.backtracks),
            c.max_depth,
            crate::text::duration(elapsed)
        )?;
        solved = outcome.solution.is_some();
    }
    out.flush()?;
    if solved {
        return Ok(Status::Solved);
    }
    writeln!(err, "{where_}: no solution")?;
    Ok(Status::NoSolution)
}
