//! `trace`: the steps of the search on one puzzle, one a line (text or JSON lines), with
//! `--why` the reason for each.

use super::shared::nth_record;
use super::{Status, puzzle_number, strategy_parser};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::search::{trace, why};
use sudoku_engine::{Cell, Search, Step, Strategy};

/// Arguments of `trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// How the search chooses cells and digits.
    #[arg(long, value_name = "STRATEGY", value_parser = strategy_parser(), default_value = "naive")]
    pub strategy: Strategy,
    /// Stop after this many steps (the exit status is then 0: the steps asked for were printed).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_steps: u64,
    /// Which puzzle of a collection to trace, 1 for the first.
    #[arg(long, value_name = "N", default_value = "1", value_parser = puzzle_number)]
    pub index: usize,
    /// `text`: a line per step for people; `jsonl`: a JSON object per line for programs, a
    /// header with the puzzle and the strategy first.
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "jsonl"], default_value = "text")]
    pub format: String,
    /// After each step, why it happens: the digits rejected and who holds them, why a cell was
    /// chosen, why a digit was forced.
    #[arg(long)]
    pub why: bool,
}

/// `trace`: the steps of the search on one puzzle, one a line, until it is solved or exhausted
/// or `--max-steps` steps were printed.
pub fn trace(args: &TraceArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let json = args.format == "jsonl";
    if json && args.why {
        // Refused rather than dropped in silence: a JSON step has no room for the reason.
        writeln!(
            err,
            "error: --why explains the steps of --format text only; leave out --why or --format jsonl"
        )?;
        return Ok(Status::Unreadable);
    }
    let Some((record, where_)) = nth_record(args.file.as_deref(), args.index, out, err)? else {
        return Ok(Status::Unreadable);
    };
    let mut search = match Search::new(&record.puzzle.board, args.strategy) {
        Ok(search) => search,
        Err(contradiction) => {
            writeln!(err, "{where_}: no solution: {contradiction}")?;
            return Ok(Status::NoSolution);
        }
    };
    if json {
        writeln!(out, "{}", trace::header(&record.puzzle.board, args.strategy))?;
    }
    // The board as the steps leave it, for saying why the next one happens.
    let mut board = record.puzzle.board.clone();
    let mut previous = None;
    for number in 1..=args.max_steps {
        let Some(step) = search.next() else { break };
        let reason = args
            .why
            .then(|| {
                let decisions = search.decisions();
                why::why(args.strategy, &board, &step, previous.as_ref(), decisions.last())
            })
            .flatten();
        match (json, reason) {
            (true, _) => writeln!(out, "{}", trace::step_line(number, &step))?,
            (false, Some(reason)) => writeln!(out, "{step}  ({reason})")?,
            (false, None) => writeln!(out, "{step}")?,
        }
        match step {
            Step::Place { pos, digit, .. } => board.set(pos, Cell::Placed(digit)),
            Step::Remove { pos, .. } => board.set(pos, Cell::Empty),
            _ => {}
        }
        previous = Some(step);
        match step {
            Step::Solved => {
                out.flush()?;
                return Ok(Status::Solved);
            }
            Step::Exhausted => {
                out.flush()?;
                return Ok(Status::NoSolution);
            }
            _ => {}
        }
    }
    out.flush()?;
    let counters = search.counters();
    writeln!(
        err,
        "stopped after {} (--max-steps); nodes={} backtracks={} depth={}",
        crate::text::counted(args.max_steps, "step"),
        counters.placements,
        counters.backtracks,
        counters.depth
    )?;
    Ok(Status::Solved)
}
