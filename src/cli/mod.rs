//! The headless command line: `solve`, `check` and `trace` for the search; `hint`, `explain`,
//! `rate` and `generate` for the logical solver (in `logic.rs`). Each reads a file or standard
//! input and writes results to any `impl Write` (errors to a second one), so tests run them in
//! memory.
//!
//! Exit statuses: 0 every puzzle solved (or checked solvable), 1 some puzzle has no solution
//! (for the logical solver: not exactly one), 2 some input could not be read, or the output
//! could not be written (or not in full: notes past what a puzzle keeps are said and give 2).
//! Standard output carries only results.

pub mod batch;
mod cores;
pub mod fatal;
pub mod input;
mod judge;
pub mod logic;
pub mod output;

use crate::text::{io_error, printable};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
pub use input::{Input, open_input};
pub use logic::{GenerateArgs, HintArgs, RateArgs, explain, generate, hint, rate};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_engine::search::{trace, why};
use sudoku_engine::text_buffer::push_decimal;
use sudoku_engine::{
    Board, Branching, Cell, Format, NotesCut, ParseErrorKind, Puzzle, ReadError, Reader, Record, Search, Step,
    Strategy, count_solutions_by, search_to,
};

/// The command line of `sudoku-workbench`.
#[derive(Parser, Debug)]
#[command(
    name = "sudoku-workbench",
    version,
    about = "A terminal workbench for Sudoku: edit, load, check and solve boards, and watch the backtracking search",
    after_help = "With no command and standard input not a terminal, solves the puzzle on standard input \
                  (a drop-in BOJ 2580 solver). With no command on a terminal, opens the workbench.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; none opens the workbench (or solves standard input when it is not a terminal).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A puzzle file to open in the workbench.
    pub file: Option<PathBuf>,
    /// Which puzzle of a collection to open, 1 for the first.
    #[arg(long, value_name = "N", value_parser = puzzle_number)]
    pub index: Option<usize>,
}

/// The headless commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve the puzzle (or every puzzle of a collection) and print the solutions.
    Solve(SolveArgs),
    /// Describe a puzzle: its format, givens, blanks, conflicts and number of solutions.
    Check(CheckArgs),
    /// Print the steps of the search, one a line; a step's depth is the number of decisions on
    /// the stack (cells being decided, the one of the step included).
    Trace(TraceArgs),
    /// Solve with every strategy and print a table: placements, backtracks, max depth (the most
    /// decisions on the stack at once; cells that propagation fills take none), time.
    Compare(CompareArgs),
    /// Print the next logical step: `<technique>: <explanation>`.
    Hint(HintArgs),
    /// Print the whole logical solve, a step a line, and its rating.
    Explain(HintArgs),
    /// Rate each puzzle on Sudoku Explainer's scale: puzzle, rating, level, hardest technique.
    Rate(RateArgs),
    /// Make new puzzles with exactly one solution, one a line with its rating.
    Generate(GenerateArgs),
}

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
}

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

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The puzzle file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Which puzzle of a collection, 1 for the first.
    #[arg(long, value_name = "N", default_value = "1", value_parser = puzzle_number)]
    pub index: usize,
}

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

fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::name))
        .map(|name| Format::from_name(&name).expect("the parser only accepts format names"))
}

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.iter().map(|s| s.name()))
        .map(|name| Strategy::from_name(&name).expect("the parser only accepts strategy names"))
}

/// A puzzle number of `--index`: 1 for the first.
fn puzzle_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("puzzles are numbered from 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a puzzle number (1 for the first), found {text:?}")),
    }
}

/// Bytes of a puzzle's notes (`.sdk` metadata, comments) kept by the commands that write them
/// out again (`solve --format sdk|progress`, `check`): as much as the workbench opens, a 64 MiB
/// file. Past that a command writes what it kept, says what it did not, and exits 2; the
/// others keep the reader's small default, as they never show notes.
const NOTES_KEPT: usize = 64 * 1024 * 1024;

/// Says on `err` what of the notes of the puzzle at `where_` was not kept (`cut`), if anything,
/// for output that should have held them (`what`, e.g. "the solution written"); whether anything
/// was said.
fn report_notes_cut(err: &mut impl Write, where_: &str, what: &str, cut: NotesCut) -> io::Result<bool> {
    if cut.dropped > 0 {
        writeln!(
            err,
            "error: {where_}: {what} lacks {} {} of notes: a puzzle keeps {} MiB of them",
            crate::text::grouped(cut.dropped),
            if cut.dropped == 1 { "line" } else { "lines" },
            NOTES_KEPT / (1024 * 1024)
        )?;
    }
    if cut.shortened > 0 {
        writeln!(
            err,
            "error: {where_}: {what} has {} {} cut at {} KiB: a line keeps no more",
            crate::text::grouped(cut.shortened),
            if cut.shortened == 1 {
                "line of notes"
            } else {
                "lines of notes"
            },
            sudoku_engine::parse::MAX_LINE / 1024
        )?;
    }
    Ok(!cut.is_empty())
}

/// How a command ended; the process exit status is the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle solved (or, for `check`, solvable).
    Solved = 0,
    /// Some puzzle has no solution (for the logical solver: not exactly one).
    NoSolution = 1,
    /// Some input could not be read, or the output could not be written (in full).
    Unreadable = 2,
}

impl Status {
    /// The exit status.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// Where a puzzle is, for messages: the file, and the line when the file is a collection.
fn place(input: &str, collection: bool, record_line: usize) -> String {
    if collection {
        format!("{input}: line {record_line}")
    } else {
        input.to_string()
    }
}

/// Reports a read error; `true` if reading can go on (a bad line in a collection).
fn report_read_error(out: &mut impl Write, err: &mut impl Write, input: &str, e: &ReadError) -> io::Result<bool> {
    // Results written so far come first, so that a terminal shows both streams in order.
    out.flush()?;
    match e {
        // Standard input closed (`<&-`) reads as empty, the runtime having put /dev/null in its
        // place: said as what it is (see `output::was_closed`).
        ReadError::Parse(e) if e.kind == ParseErrorKind::EmptyInput && input == "<stdin>" => {
            let what = if output::was_closed(0) { "closed" } else { "empty" };
            writeln!(err, "error: {input}: no puzzle found: standard input is {what}")?;
            Ok(true)
        }
        ReadError::Parse(e) => {
            writeln!(err, "error: {input}: {e}")?;
            Ok(true)
        }
        ReadError::Io(e) => {
            writeln!(err, "error: cannot read {input}: {}", io_error(e))?;
            Ok(false)
        }
    }
}

/// Opens the input of a command, or says why it cannot be read.
fn open_or_report(path: Option<&std::path::Path>, err: &mut impl Write) -> io::Result<Option<Input>> {
    match open_input(path) {
        Ok(input) => Ok(Some(input)),
        Err(message) => {
            writeln!(err, "error: {message}")?;
            Ok(None)
        }
    }
}

/// What solving one puzzle of a batch found, for the output (written in order, by one thread);
/// the solution's text, if any, is in the batch's text.
struct SolveResult {
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
}

/// Solves the puzzle of `read` (on any thread), writing its solution to `text`, without the
/// blank line between grids.
fn solve_read(args: &SolveArgs, read: &batch::Read, text: &mut Vec<u8>) -> Option<SolveResult> {
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
    let (searched, why_none, mistakes) = match judge::Reading::of(record) {
        judge::Reading::Digits => (first_solution(board, args.strategy, write), String::new(), Vec::new()),
        judge::Reading::Candidates => match board.contradiction() {
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
        judge::Reading::Progress => {
            let searched = first_solution(&board.givens_only(), args.strategy, write);
            let verdict = judge::judge(record);
            (searched, verdict.why_none, verdict.mistakes)
        }
    };
    Some(SolveResult {
        solved,
        counters: searched,
        elapsed: clock.map_or(Duration::ZERO, |c| c.elapsed()),
        format,
        notes_cut: record.notes_cut,
        why_none,
        mistakes,
    })
}

/// Hands the first solution of `board` with `strategy` (its digits, givens included), if
/// there is one, to `found`; the counters of the search that looked for it. The fast strategy
/// runs in its own recursion; the others on this thread's search, which keeps its memory from
/// one puzzle to the next.
fn first_solution(
    board: &Board,
    strategy: Strategy,
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
    batch::with_search(board, strategy, |search| {
        if search.run_to_end() == Step::Solved {
            found(&search.digits());
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
            if solved {
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
                let outcome = if solved { "solved" } else { "no_solution" };
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
            "total puzzles={} solved={} no_solution={} unreadable={} nodes={} solve_time_us={} wall_time_us={} puzzles_per_sec={:.0}",
            totals.items,
            totals.puzzles - totals.no_solution,
            totals.no_solution,
            totals.unreadable,
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

#[derive(Default)]
struct Totals {
    /// Puzzle lines seen, readable or not: the number `--index` gives the last.
    items: u64,
    /// Puzzles read and worked on.
    puzzles: u64,
    no_solution: u64,
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

/// The `index`-th puzzle (1 for the first) of the input at `path`, and where it is for
/// messages; `None` once the reason it cannot be read was said.
fn nth_record(
    path: Option<&std::path::Path>,
    index: usize,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Option<(Record, String)>> {
    let Some(input) = open_or_report(path, err)? else {
        return Ok(None);
    };
    let mut reader = Reader::new(input.reader).with_hint(input.hint);
    let mut seen = 0;
    let record = loop {
        match reader.next() {
            None => {
                writeln!(err, "error: {}: there is no puzzle {index}: it has {seen}", input.name)?;
                return Ok(None);
            }
            Some(Err(e)) => {
                seen += 1;
                // A bad line before the one asked for does not matter.
                if seen == index || matches!(e, ReadError::Io(_)) || !reader.is_collection() {
                    report_read_error(out, err, &input.name, &e)?;
                    return Ok(None);
                }
            }
            Some(Ok(record)) => {
                seen += 1;
                if seen == index {
                    break record;
                }
            }
        }
    };
    let where_ = place(&input.name, reader.is_collection(), record.line);
    Ok(Some((record, where_)))
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

/// `compare`: every strategy solves the puzzle, slowest first, and a table says how: the
/// placements, backtracks and deepest stack of each, and its time (the only column that
/// changes from run to run).
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

/// Why the workbench cannot run here: standard output is not a terminal, or the terminal says
/// it cannot draw (`TERM=dumb`); `None` if it can.
pub fn why_no_workbench(stdout_is_terminal: bool, term: Option<&str>) -> Option<&'static str> {
    if !stdout_is_terminal {
        return Some("the workbench needs a terminal; the commands above work without one");
    }
    match term {
        Some("dumb") => Some(
            "this terminal cannot run the workbench (TERM=dumb: no cursor movement or colours); \
             the commands above work in it",
        ),
        _ => None,
    }
}

/// The short usage printed where the workbench would open.
pub fn usage() -> &'static str {
    "sudoku-workbench: a terminal workbench for Sudoku\n\n\
     usage: sudoku-workbench solve [FILE] [--format boj|line|sdk|ss|grid|progress|candidates] [--strategy naive|mrv|dlx|fast] [--stats] [--jobs N]\n\
     \x20      sudoku-workbench check [FILE] [--jobs N]\n\
     \x20      sudoku-workbench compare [FILE] [--index N]\n\
     \x20      sudoku-workbench trace [FILE] [--strategy S] [--max-steps N] [--index N] [--format text|jsonl] [--why]\n\
     \x20      sudoku-workbench hint|explain [FILE] [--index N]\n\
     \x20      sudoku-workbench rate [FILE] [--stats] [--jobs N]\n\
     \x20      sudoku-workbench generate [--count N] [--level L] [--symmetry S] [--seed X] [--no-minimal] [--time-limit SECONDS] [--jobs N]\n\
     \x20      sudoku-workbench < puzzle.txt      (solves standard input, as BOJ 2580 expects)\n\n\
     Run `sudoku-workbench --help` for more.\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The short usage (for a terminal that cannot run the workbench) names every command and
    /// every option of each, as clap knows them: a hand-written list cannot fall behind.
    #[test]
    fn the_short_usage_names_every_command_and_option() {
        use clap::CommandFactory;
        let text = usage();
        for command in Cli::command().get_subcommands() {
            let line = text
                .lines()
                .find(|line| {
                    line.split_whitespace()
                        .nth(usize::from(line.trim_start().starts_with("usage:")) + 1)
                        .is_some_and(|word| word.split('|').any(|name| name == command.get_name()))
                })
                .unwrap_or_else(|| panic!("{} is not in the usage:\n{text}", command.get_name()));
            for arg in command.get_arguments().filter_map(|a| a.get_long()) {
                if arg != "help" {
                    assert!(
                        line.contains(&format!("--{arg}")),
                        "{}: --{arg} missing: {line}",
                        command.get_name()
                    );
                }
            }
        }
    }

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
