//! `trace`: the steps of the search on one puzzle, one a line (text or JSON lines), with
//! `--why` the reason for each; or the tree of its guesses for Graphviz (`--format dot`).

use super::shared::nth_record;
use super::{Status, puzzle_number, strategy_parser};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::search::tree::Tree;
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
    /// header with the puzzle and the strategy first; `dot`: the tree of guesses of those steps
    /// for Graphviz (`dot -Tsvg`), dead ends with their reason.
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "jsonl", "dot"], default_value = "text")]
    pub format: String,
    /// With `--format dot`: draw at most this many guesses; the others are folded into nodes
    /// that say how many guesses, dead ends, placements and backtracks they hold.
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub max_nodes: usize,
    /// After each step, why it happens: the digits rejected and who holds them, why a cell was
    /// chosen, why a digit was forced.
    #[arg(long)]
    pub why: bool,
}

/// `trace`: the steps of the search on one puzzle, one a line, until it is solved or exhausted
/// or `--max-steps` steps were printed.
pub fn trace(args: &TraceArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let json = args.format == "jsonl";
    if args.format != "text" && args.why {
        // Refused rather than dropped in silence: a JSON step has no room for the reason (a
        // drawing of the tree gives each dead end's on its own).
        writeln!(
            err,
            "error: --why explains the steps of --format text only; leave out --why or --format {}",
            args.format
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
    if args.format == "dot" {
        return dot(args, &record.puzzle.board, search, out, err);
    }
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

/// `trace --format dot`: the search run as far as `--max-steps` (or its first solution, or its
/// end) into a tree of guesses, written for Graphviz with at most `--max-nodes` guesses drawn.
fn dot(
    args: &TraceArgs,
    board: &sudoku_engine::Board,
    mut search: Search,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    // A tree that keeps what is drawn and more, folding the rest as it goes.
    let mut tree = Tree::new(board, args.strategy, args.max_nodes.saturating_mul(4));
    let mut status = None;
    for _ in 0..args.max_steps {
        let Some(step) = search.next() else { break };
        tree.note(step);
        match step {
            Step::Solved => status = Some(Status::Solved),
            Step::Exhausted => status = Some(Status::NoSolution),
            _ => {}
        }
        if status.is_some() {
            break;
        }
    }
    let mut text = String::new();
    tree.write_dot(&mut text, args.max_nodes, tree.steps())
        .map_err(|_| io::Error::other("the drawing could not be written"))?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    if status.is_none() {
        writeln!(
            err,
            "stopped after {} (--max-steps): the tree of the search so far",
            crate::text::counted(args.max_steps, "step")
        )?;
    }
    Ok(status.unwrap_or(Status::Solved))
}
