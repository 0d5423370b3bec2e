//! `explain`: the whole logical solve of one puzzle, a step a line, and its rating.

use super::Status;
use super::hint::HintArgs;
use super::judge::grid_to_reason_on;
use super::shared::nth_record;
use std::io::{self, Write};
use sudoku_engine::logic::{Rating, SolvePath, explain_grid};

/// The summary line of a rating: `rating=<x.y> level=<name> hardest=<technique>`.
fn summary(rating: &Rating) -> String {
    format!(
        "rating={} level={} hardest={}",
        // As `rate` says it: `>=9.0` when the techniques stop short.
        rating.er(),
        rating.level,
        rating.hardest.map_or("none", |t| t.name())
    )
}

/// `explain`: the whole logical path, a numbered deduction a line, then the summary line.
pub fn explain(args: &HintArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some((record, where_)) = nth_record(args.file.as_deref(), args.index, out, err)? else {
        return Ok(Status::Unreadable);
    };
    let Some(grid) = grid_to_reason_on(&record, &where_, "a rating", out, err)? else {
        return Ok(Status::NoSolution);
    };
    let SolvePath { steps, rating, .. } = explain_grid(grid, true);
    for (i, step) in steps.iter().enumerate() {
        writeln!(out, "{}. {}", i + 1, step.line())?;
    }
    if !rating.solved {
        writeln!(out, "no logical step: needs trial")?;
    }
    writeln!(out, "{}", summary(&rating))?;
    out.flush()?;
    Ok(Status::Solved)
}
