//! `hint`: the next logical step of one puzzle, `<technique>: <explanation>`.

use super::Status;
use super::judge::grid_to_reason_on;
use super::shared::nth_record;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::logic::{Rules, next_deduction};

/// Arguments of `hint` and `explain`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle file (a board with givens and entries, or a 729-character candidates line);
    /// `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Which puzzle of a collection, 1 for the first.
    #[arg(long, value_name = "N", default_value = "1", value_parser = super::puzzle_number)]
    pub index: usize,
}

/// `hint`: the next deduction, as `<technique>: <explanation>`; status 1 with "no logical step:
/// needs trial" when there is none.
pub fn hint(args: &HintArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some((record, where_)) = nth_record(args.file.as_deref(), args.index, out, err)? else {
        return Ok(Status::Unreadable);
    };
    let Some(grid) = grid_to_reason_on(&record, &where_, "a hint", out, err)? else {
        return Ok(Status::NoSolution);
    };
    if grid.is_solved() {
        writeln!(out, "solved: every cell is filled")?;
        out.flush()?;
        return Ok(Status::Solved);
    }
    let status = match next_deduction(&grid, Rules { unique: true }) {
        Some(step) => {
            writeln!(out, "{}", step.line())?;
            Status::Solved
        }
        None => {
            writeln!(out, "no logical step: needs trial")?;
            Status::NoSolution
        }
    };
    out.flush()?;
    Ok(status)
}
