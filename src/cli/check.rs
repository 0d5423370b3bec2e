//! `check`: what each puzzle is (format, givens, blanks, conflicts, number of solutions), a
//! block for one puzzle or a line each for a collection, on `--jobs` threads.

use super::shared::{NOTES_KEPT, open_or_report, place, report_notes_cut, report_read_error};
use super::{Status, batch, judge};
use crate::text::printable;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::push_decimal;
use sudoku_engine::{Branching, Cell, Format, Reader, Record, count_solutions_by};

/// Arguments of `check`.
#[derive(Args, Debug, Default)]
pub struct CheckArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Threads to check a collection on; 0 (the default) uses every core, 1 one, never more than
    /// the cores. The output is the same bytes, in the same order, either way.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// `check`: the format, givens, blanks, conflicts and number of solutions of each puzzle, on
/// `--jobs` threads.
pub fn check(args: &CheckArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some(input) = open_or_report(args.file.as_deref(), err)? else {
        return Ok(Status::Unreadable);
    };
    // Its metadata is shown, so it is kept as `solve` keeps it for the formats that write it.
    let mut reader = Reader::new(input.reader)
        .with_hint(input.hint)
        .with_note_limit(NOTES_KEPT);
    let mut status = Status::Solved;
    let mut first = true;
    let mut unreadable = 0;
    let threads = batch::threads(args.jobs);
    let worked = batch::in_order(
        &mut reader,
        threads.count,
        input.length,
        |read, text| {
            let record = read.item.as_ref().ok()?;
            let has_solution = if read.collection {
                check_line(record, text)
            } else {
                check_one(record, text).expect("writing to memory cannot fail")
            };
            Some((has_solution, record.notes_cut, record.puzzle.marks.is_some()))
        },
        |origin, checked, text| {
            if let Some(e) = &origin.error {
                unreadable += 1;
                report_read_error(out, err, &input.name, e)?;
                return Ok(());
            }
            let Some((has_solution, notes_cut, candidates)) = *checked else {
                return Ok(());
            };
            if first {
                // The reader calls any collection one of lines; its lines may be candidates
                // lines (the first that reads says which).
                let format = match origin.format.unwrap_or(Format::Line) {
                    Format::Line if candidates => Format::Candidates,
                    format => format,
                };
                writeln!(out, "file: {}", input.name)?;
                if origin.collection {
                    writeln!(
                        out,
                        "format: collection of {}s, one puzzle a line",
                        format.description()
                    )?;
                } else {
                    writeln!(out, "format: {}", format.description())?;
                }
                first = false;
            }
            out.write_all(text)?;
            if !has_solution {
                status = status.max(Status::NoSolution);
            }
            // Only a cut of what the description shows counts: a puzzle's metadata (its
            // comments are never shown), a collection line's comment.
            let shown = if origin.collection {
                notes_cut
            } else {
                notes_cut.of_metadata()
            };
            if !shown.is_empty() {
                out.flush()?;
                let where_ = place(&input.name, origin.collection, origin.line);
                report_notes_cut(err, &where_, "the description written", shown)?;
                status = status.max(Status::Unreadable);
            }
            Ok(())
        },
    )?;
    out.flush()?;
    threads.note_cap(worked, err)?;
    if unreadable > 0 {
        status = status.max(Status::Unreadable);
    }
    Ok(status)
}

/// A block describing one puzzle; `false` if it has no solution (or the player's entries or
/// marks contradict it).
fn check_one(record: &Record, out: &mut impl Write) -> io::Result<bool> {
    let puzzle = &record.puzzle;
    for (tag, value) in puzzle.meta() {
        writeln!(out, "{tag}: {}", printable(value))?;
    }
    let board = &puzzle.board;
    let count = |kind: fn(&Cell) -> bool| board.cells().iter().filter(|c| kind(c)).count();
    let entries = count(|c| matches!(c, Cell::Entry(_)));
    let placed = count(|c| matches!(c, Cell::Placed(_)));
    writeln!(out, "givens: {}", board.given_count())?;
    // Every cell is counted once: givens, entries, solver digits and blanks make 81.
    if entries > 0 {
        writeln!(out, "entries: {entries}")?;
    }
    if placed > 0 {
        writeln!(out, "solver digits: {placed}")?;
    }
    writeln!(out, "blanks: {}", board.blank_count())?;
    let conflicts = board.conflicts();
    if conflicts.is_empty() {
        writeln!(out, "conflicts: none")?;
    } else {
        writeln!(out, "conflicts: {}", conflicts.len())?;
        for c in &conflicts {
            writeln!(out, "  {c} ({})", c.unit)?;
        }
    }
    // Counted as every command counts them (see `judge.rs`): a candidates line's marks are
    // kept to, a progress file's givens are the puzzle and its entries and marks are judged.
    let verdict = judge::judge(record);
    writeln!(out, "solutions: {}", describe_solutions(&verdict))?;
    if !verdict.mistakes.is_empty() {
        writeln!(out, "mistakes: {}", verdict.mistakes.len())?;
        for mistake in &verdict.mistakes {
            writeln!(out, "  {mistake}")?;
        }
    }
    Ok(verdict.is_sound())
}

/// One line describing a puzzle of a collection, then its conflicts one a line; `false` if it
/// has no solution. Written without the formatting machinery: a batch writes one per puzzle.
fn check_line(record: &Record, out: &mut Vec<u8>) -> bool {
    let board = &record.puzzle.board;
    // Counted up to two, no more: the solutions themselves are not shown. The search refuses a
    // board with a conflict before a step, so the conflicts are only looked for then.
    let (solutions, conflicts) = match count_solutions_by(board, 2, Branching::Chosen) {
        Ok(solutions) => (solutions, Vec::new()),
        Err(_) => (0, board.conflicts()),
    };
    // A candidates line is counted keeping to its marks (only it has marks in a collection).
    let verdict = match record.puzzle.marks {
        Some(_) => judge::judge(record),
        None => judge::Verdict {
            solutions,
            why_none: if solutions == 0 {
                judge::why_none(board, None)
            } else {
                String::new()
            },
            mistakes: Vec::new(),
        },
    };
    debug_assert_eq!(conflicts.is_empty(), board.conflicts().is_empty());
    let (givens, blanks) = board.cells().iter().fold((0, 0), |(givens, blanks), cell| {
        (
            givens + u64::from(cell.is_given()),
            blanks + u64::from(cell.digit().is_none()),
        )
    });
    for (text, number) in [
        ("line ", record.line as u64),
        (": givens ", givens),
        (", blanks ", blanks),
        (", conflicts ", conflicts.len() as u64),
    ] {
        out.extend_from_slice(text.as_bytes());
        push_decimal(out, number);
    }
    out.extend_from_slice(b", solutions: ");
    out.extend_from_slice(describe_solutions(&verdict).as_bytes());
    if let Some(comment) = record.puzzle.comment.as_deref() {
        out.extend_from_slice(b"  # ");
        out.extend_from_slice(printable(comment).as_bytes());
    }
    out.push(b'\n');
    for c in &conflicts {
        out.extend_from_slice(format!("  {c} ({})\n", c.unit).as_bytes());
    }
    verdict.solutions > 0
}

/// A count of solutions up to 2 in words: none (and why, when it can be named), one, several.
fn describe_solutions(verdict: &judge::Verdict) -> std::borrow::Cow<'static, str> {
    match verdict.solutions {
        0 if verdict.why_none.is_empty() => "none".into(),
        // `why_none` is `: <reason>`; here it goes in brackets.
        0 => format!("none ({})", verdict.why_none.trim_start_matches(": ")).into(),
        1 => "one".into(),
        _ => "several (at least 2)".into(),
    }
}
