//! `solve`: the first solution of each puzzle, in order, on `--jobs` threads; `--stats` counts
//! the search of each on standard error.

use super::shared::{NOTES_KEPT, open_or_report, place, report_notes_cut, report_read_error};
use super::{Status, batch, format_parser, judge, output, strategy_parser};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_engine::{Board, Format, NotesCut, Puzzle, ReadError, Reader, Step, Strategy, count_solutions, search_to};

/// Arguments of `solve`.
#[derive(Args, Debug, Default)]
pub struct SolveArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// How to print solutions [default: boj for one puzzle, line for a collection of lines].
    #[arg(long, value_name = "FORMAT", value_parser = format_parser())]
    pub format: Option<Format>,
    /// How the search chooses cells and digits.
    #[arg(long, value_name = "STRATEGY", value_parser = strategy_parser(), default_value = "fast")]
    pub strategy: Strategy,
    /// Write one line of counters per puzzle to standard error (and a total for a collection);
    /// max_depth is the most decisions that were on the stack at once.
    #[arg(long)]
    pub stats: bool,
    /// Threads to solve a collection on; 0 (the default) uses every core, 1 one, never more than
    /// the cores. The output is the same bytes, in the same order, either way.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Give up on a puzzle after this many seconds of searching with naive, mrv or dlx (fast
    /// never needs long), and say so (a number above 0).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT,
          value_parser = super::generate::seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
}

/// `--time-limit` unless told: a minute, far past what any real puzzle takes even the textbook
/// order (a second at most for the hardest of `assets/`), so that only a board the strategy
/// cannot finish in any time people wait is given up on.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;

/// What solving one puzzle of a batch found, for the output (written in order, by one thread);
/// the solution's text, if any, is in the batch's text.
struct PuzzleSolved {
    /// Whether a solution was found (and its text written).
    solved: bool,
    /// The counters, or the contradiction found before any step.
    counters: Result<sudoku_engine::Counters, sudoku_engine::Contradiction>,
    /// Time spent, for --stats.
    elapsed: Duration,
    /// The format written.
    format: Format,
    /// What of the puzzle's notes was not kept (and so not written, in a format that holds them).
    notes_cut: NotesCut,
    /// With no solution, why, as `: <reason>` (empty when none can be named).
    why_none: String,
    /// The player's entries and marks (of a progress file) the solution contradicts, in words.
    mistakes: Vec<String>,
    /// Whether the search was given up at `--time-limit` (and so nothing was found).
    gave_up: bool,
}

/// Solves the puzzle of `read` (on any thread), writing its solution to `text`, without the
/// blank line between grids.
fn solve_read(args: &SolveArgs, read: &batch::ReadItem, text: &mut Vec<u8>) -> Option<PuzzleSolved> {
    fail_for_a_test();
    let record = read.item.as_ref().ok()?;
    let format = args
        .format
        .unwrap_or(if read.collection || read.format == Some(Format::Line) {
            Format::Line
        } else {
            Format::Boj
        });
    // The clock is read only for --stats: twice per puzzle is a measurable part of a batch.
    let clock = args.stats.then(Instant::now);
    let board = &record.puzzle.board;
    // The solution is written out where the search finds it: its digits go no further.
    let mut solved = false;
    let mut write = |digits: &[u8; 81]| {
        if format == Format::Line {
            // What the line format writes for a solved board, from the digits at hand.
            text.extend_from_slice(&solution_line(digits));
        } else {
            // Written over the puzzle less the player's digits the solution contradicts (a
            // progress file's), which are named on standard error instead.
            let over = judge::without_mistakes(board, digits);
            let solution = solution_puzzle(over.with_placed(digits), &record.puzzle, format);
            let mut written = String::new();
            format
                .write(&solution, &mut written)
                .expect("writing to memory cannot fail");
            text.extend_from_slice(written.as_bytes());
        }
        solved = true;
    };
    // What is solved is what every command judges (see `judge.rs`): the digits; a candidates
    // line keeping to its marks (searched on its grid, with no search counters); a progress
    // file's givens, its entries and marks judged against their solution.
    let limit = Duration::try_from_secs_f64(args.time_limit).unwrap_or(Duration::MAX);
    let mut gave_up = false;
    let (searched, why_none, mistakes) = match judge::Interpretation::of(record) {
        judge::Interpretation::Digits => (
            first_solution(board, args.strategy, limit, &mut gave_up, write),
            String::new(),
            Vec::new(),
        ),
        judge::Interpretation::Candidates => match board.contradiction() {
            Some(contradiction) => (Err(contradiction), String::new(), Vec::new()),
            None => {
                let grid = judge::grid_of(record);
                if let Some(digits) = grid.first_solution() {
                    write(&digits);
                }
                let why = if solved {
                    String::new()
                } else {
                    judge::why_none(board, Some(&grid))
                };
                (Ok(sudoku_engine::Counters::default()), why, Vec::new())
            }
        },
        judge::Interpretation::Progress => {
            let searched = first_solution(&board.givens_only(), args.strategy, limit, &mut gave_up, write);
            let verdict = judge::judge(record);
            (searched, verdict.why_none, verdict.mistakes)
        }
    };
    Some(PuzzleSolved {
        solved,
        counters: searched,
        elapsed: clock.map_or(Duration::ZERO, |c| c.elapsed()),
        format,
        notes_cut: record.notes_cut,
        why_none,
        mistakes,
        gave_up,
    })
}

/// Hands the first solution of `board` with `strategy` (its digits, givens included), if
/// there is one, to `found`; the counters of the search that looked for it. The fast strategy
/// runs in its own recursion; the others on this thread's search, which keeps its memory from
/// one puzzle to the next, for `limit` at most (`gave_up` is set when it ran out). The naive
/// strategy never starts on a board the fast search finds no solution of.
fn first_solution(
    board: &Board,
    strategy: Strategy,
    limit: Duration,
    gave_up: &mut bool,
    found: impl FnOnce(&[u8; 81]),
) -> Result<sudoku_engine::Counters, sudoku_engine::Contradiction> {
    if strategy == Strategy::Fast {
        let mut found = Some(found);
        return search_to(board, strategy, 1, |digits| {
            if let Some(found) = found.take() {
                found(digits);
            }
        });
    }
    // The textbook order may need longer than anyone waits to exhaust a board without a
    // solution (a few sparse givens leaving a digit no place in the last row: it fills the
    // eight rows above every way first), which the fast search settles at once: such a board
    // is not searched, and is said as `--strategy fast` says it, with no counters (a board
    // that no search can start on is left to the search, which names why). mrv and dlx keep
    // their own search and counters: taking the tightest cell or constraint first, they end
    // on such a board at once (4 placements for mrv on the one above).
    if strategy == Strategy::Naive && board.contradiction().is_none() && count_solutions(board, 1) == 0 {
        return Ok(sudoku_engine::Counters::default());
    }
    // A board with a solution may still take the textbook order longer than anyone waits (72
    // blanks, then `.23456789`: the first row's 1 goes last): it is given up on at `limit`.
    batch::with_search(board, strategy, |search| {
        match batch::run_within(search, limit) {
            Some(Step::Solved) => found(&search.digits()),
            Some(_) => {}
            None => *gave_up = true,
        }
        search.counters()
    })
}

/// A solution as the line format writes it: its 81 digits and a line end.
fn solution_line(digits: &[u8; 81]) -> [u8; 82] {
    let mut line = [b'\n'; 82];
    for (byte, digit) in line.iter_mut().zip(digits) {
        *byte = b'0' + digit;
    }
    line
}

/// `solve`: prints the first solution of each puzzle in order, on `--jobs` threads.
pub fn solve(args: &SolveArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some(input) = open_or_report(args.file.as_deref(), err)? else {
        return Ok(Status::Unreadable);
    };
    let mut reader = Reader::new(input.reader).with_hint(input.hint);
    if args.format.is_some_and(writes_notes) {
        reader = reader.with_note_limit(NOTES_KEPT);
    }
    let mut status = Status::Solved;
    let mut totals = Totals::default();
    let terminal = io::IsTerminal::is_terminal(&io::stdout());
    let started = Instant::now();
    let mut written = 0u64;
    let threads = batch::threads(args.jobs);
    let worked = batch::in_order(
        &mut reader,
        threads.count,
        input.length,
        |read, text| solve_read(args, read, text),
        |origin, result, text| {
            // Numbered as `--index` and the workbench number them: every puzzle line, the
            // unreadable ones too (an input that fails to read is no puzzle).
            if !matches!(origin.error, Some(ReadError::Io(_))) {
                totals.items += 1;
            }
            if let Some(e) = &origin.error {
                totals.unreadable += 1;
                report_read_error(out, err, &input.name, e)?;
                return Ok(());
            }
            let Some(result) = result else { return Ok(()) };
            totals.puzzles += 1;
            let where_ = || place(&input.name, origin.collection, origin.line);
            let (solved, counters) = match result.counters {
                Err(contradiction) => {
                    status = status.max(Status::NoSolution);
                    totals.no_solution += 1;
                    out.flush()?;
                    writeln!(err, "{}: no solution: {contradiction}", where_())?;
                    if args.stats {
                        let none = sudoku_engine::Counters::default();
                        stats_line(
                            err,
                            &totals,
                            origin.line,
                            args.strategy,
                            "contradiction",
                            &none,
                            result.elapsed,
                        )?;
                    }
                    return Ok(());
                }
                Ok(counters) => (result.solved, counters),
            };
            totals.add(counters.placements, result.elapsed);
            if result.gave_up {
                // Not "no solution": the search stopped before it could tell.
                status = status.max(Status::NoSolution);
                totals.gave_up += 1;
                out.flush()?;
                writeln!(
                    err,
                    "{}: gave up after {} and {} placements with --strategy {} (--time-limit {}); \
                     --strategy fast settles it at once",
                    where_(),
                    crate::text::duration(Duration::try_from_secs_f64(args.time_limit).unwrap_or(Duration::MAX)),
                    crate::text::grouped(counters.placements),
                    args.strategy,
                    args.time_limit,
                )?;
            } else if solved {
                // A grid of a collection's solutions is easier to read with a blank line
                // between.
                if written > 0 && result.format != Format::Line {
                    out.write_all(b"\n")?;
                }
                // A terminal would obey the control characters of a puzzle's notes: they are
                // shown escaped there, and said; a file or a pipe gets them as they are.
                match terminal.then(|| output::escaped_for_terminal(text)).flatten() {
                    Some(escaped) if writes_notes(result.format) => {
                        out.write_all(escaped.as_bytes())?;
                        out.flush()?;
                        writeln!(
                            err,
                            "{}: control characters in the notes are shown escaped on this terminal; \
                             written to a file or a pipe they are kept as they are",
                            where_()
                        )?;
                    }
                    _ => out.write_all(text)?,
                }
                written += 1;
                if !result.mistakes.is_empty() {
                    out.flush()?;
                    for mistake in &result.mistakes {
                        writeln!(err, "{}: {mistake}", where_())?;
                    }
                    status = status.max(Status::NoSolution);
                }
                if writes_notes(result.format) && !result.notes_cut.is_empty() {
                    out.flush()?;
                    report_notes_cut(err, &where_(), "the solution written", result.notes_cut)?;
                    status = status.max(Status::Unreadable);
                }
            } else {
                status = status.max(Status::NoSolution);
                totals.no_solution += 1;
                out.flush()?;
                writeln!(err, "{}: no solution{}", where_(), result.why_none)?;
            }
            if args.stats {
                let outcome = match (solved, result.gave_up) {
                    (true, _) => "solved",
                    (false, true) => "gave_up",
                    (false, false) => "no_solution",
                };
                stats_line(
                    err,
                    &totals,
                    origin.line,
                    args.strategy,
                    outcome,
                    &counters,
                    result.elapsed,
                )?;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    threads.note_cap(worked, err)?;
    if args.stats && reader.is_collection() {
        let wall = started.elapsed();
        writeln!(
            err,
            "total puzzles={} solved={} no_solution={} unreadable={} gave_up={} nodes={} solve_time_us={} wall_time_us={} puzzles_per_sec={:.0}",
            totals.items,
            totals.puzzles - totals.no_solution - totals.gave_up,
            totals.no_solution,
            totals.unreadable,
            totals.gave_up,
            totals.placements,
            totals.solving.as_micros(),
            wall.as_micros(),
            totals.puzzles as f64 / wall.as_secs_f64().max(1e-9)
        )?;
    }
    out.flush()?;
    if totals.unreadable > 0 {
        status = status.max(Status::Unreadable);
    }
    Ok(status)
}

/// The `--stats` line of the puzzle just counted in `totals`.
fn stats_line(
    err: &mut impl Write,
    totals: &Totals,
    line: usize,
    strategy: Strategy,
    outcome: &str,
    counters: &sudoku_engine::Counters,
    elapsed: Duration,
) -> io::Result<()> {
    writeln!(
        err,
        "puzzle={} line={line} strategy={strategy} result={outcome} nodes={} backtracks={} max_depth={} time_us={}",
        totals.items,
        counters.placements,
        counters.backtracks,
        counters.max_depth,
        elapsed.as_micros()
    )
}

/// The solution of `puzzle` as `format` writes it: the metadata and comments come with the
/// formats meant to hold them ([`writes_notes`]); a BOJ grid or a line is the board alone, as
/// a judge or a script expects.
fn solution_puzzle(board: Board, puzzle: &Puzzle, format: Format) -> Puzzle {
    if writes_notes(format) {
        Puzzle {
            board,
            ..puzzle.clone()
        }
    } else {
        Puzzle::new(board)
    }
}

/// Whether `solve` writes a puzzle's notes and comment with its solution in `format`.
fn writes_notes(format: Format) -> bool {
    matches!(format, Format::Sdk | Format::Progress)
}

/// The failures the command-line tests ask for with `SUDOKU_WORKBENCH_TEST_PANIC`, on a thread
/// made for batches (`batch N`), to see how the command ends: `batch-panic` panics, and
/// `batch-alloc` fails an allocation (which aborts, as running out of memory does). Nobody sets
/// that variable by accident; it is read once.
fn fail_for_a_test() {
    static ASKED: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let Some(asked) = ASKED.get_or_init(|| std::env::var("SUDOKU_WORKBENCH_TEST_PANIC").ok()) else {
        return;
    };
    if !std::thread::current()
        .name()
        .is_some_and(|name| name.starts_with("batch "))
    {
        return;
    }
    match asked.as_str() {
        "batch-panic" => panic!("the test panic (SUDOKU_WORKBENCH_TEST_PANIC=batch-panic)"),
        // More than any address space holds: the allocator fails it, whatever the system.
        "batch-alloc" => drop(std::hint::black_box(vec![0u8; 1 << 62])),
        _ => {}
    }
}

#[derive(Default)]
struct Totals {
    /// Puzzle lines seen, readable or not: the number `--index` gives the last.
    items: u64,
    /// Puzzles read and worked on.
    puzzles: u64,
    no_solution: u64,
    /// Puzzles given up on at `--time-limit`.
    gave_up: u64,
    unreadable: u64,
    placements: u64,
    solving: Duration,
}

impl Totals {
    fn add(&mut self, placements: u64, time: Duration) {
        self.placements += placements;
        self.solving += time;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_line_is_what_the_line_format_writes() {
        let board: Board = include_str!("../../assets/hard.txt").parse().expect("a sample");
        let solution = sudoku_engine::solve(&board, Strategy::Fast)
            .expect("no conflict")
            .solution
            .expect("a solution");
        let mut written = String::new();
        Format::Line
            .write(
                &solution_puzzle(solution.clone(), &Puzzle::new(board), Format::Line),
                &mut written,
            )
            .expect("in memory");
        assert_eq!(solution_line(&solution.to_digits()), written.as_bytes());
    }
}
