//! The commands of the logical solver: `hint` (the next deduction), `explain` (the whole logical
//! path and its rating), `rate` (a line per puzzle, streamed) and `generate` (new puzzles with one
//! solution). Output is exact, for scripts; errors and exit statuses are as for `solve`. A puzzle
//! without exactly one solution (none, several, a conflict, a cell or marks that leave no
//! candidate), or a progress file whose entries or marks contradict the solution of its givens
//! (each named), is refused by `hint`, `explain` and `rate` alike, on standard error, with
//! status 1: their steps assume the one solution (see `judge.rs`).

use super::judge::{grid_of, judge};
use super::{Status, nth_record, open_or_report, place};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_engine::generate::{GaveUp, Generator, Options, Symmetry};
use sudoku_engine::logic::rating::rate_grid;
use sudoku_engine::logic::{Grid, Level, Rating, Rules, SolvePath, explain_grid, next_deduction};
use sudoku_engine::{Reader, Record};

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

/// Arguments of `rate`.
#[derive(Args, Debug, Default)]
pub struct RateArgs {
    /// The puzzle file or collection; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// Write one line of timing per puzzle to standard error (and a total for a collection).
    #[arg(long)]
    pub stats: bool,
    /// Threads to rate a collection on; 0 (the default) uses every core, 1 one, never more than the
    /// cores. The output is the same bytes, in the same order, either way.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// Arguments of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// Make puzzles until one is rated at this level.
    #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
    pub level: Option<Level>,
    /// Which cells are given together.
    #[arg(long, value_name = "SYMMETRY", value_parser = symmetry_parser(), default_value = "none")]
    pub symmetry: Symmetry,
    /// Start the random numbers here, to make the same puzzles again [default: from the clock].
    #[arg(long, value_name = "X")]
    pub seed: Option<u64>,
    /// Stop taking givens away at the first that cannot go (faster, easier, not minimal).
    #[arg(long)]
    pub no_minimal: bool,
    /// With --level, give up on a puzzle after this many seconds (a number above 0).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Threads to make puzzles on; 0 (the default) uses every core, 1 one, never more than the
    /// cores. The same seed makes the same puzzles, in the same order, either way.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// A time limit of `--time-limit`: a finite number of seconds above 0. NaN, infinity and
/// negative numbers are refused here rather than read as "give up at once" or "never".
fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, found {text:?}"))?;
    if !value.is_finite() {
        return Err(format!("expected a finite number of seconds, found {text:?}"));
    }
    if value <= 0.0 {
        return Err(format!("expected a number of seconds above 0, found {text:?}"));
    }
    Ok(value)
}

fn level_parser() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::name))
        .map(|name| Level::from_name(&name).expect("the parser only accepts level names"))
}

fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
        .map(|name| Symmetry::from_name(&name).expect("the parser only accepts symmetry names"))
}

/// What a command reasons for, for the message when a puzzle has several solutions: `a hint`,
/// `a rating`. Logical steps assume the one solution (the uniqueness techniques would remove a
/// solution's digit otherwise), so every command of the logical solver refuses alike.
type Purpose = &'static str;

/// The grid to reason on for `record`: its digits, with its pencil marks where it has them (a
/// cell without marks has the candidates its peers leave it, as in the workbench). `None`, once
/// the reason is said on `err`, when the puzzle has not exactly one solution ([`judge`]: a
/// contradiction among the digits; marks of a candidates line that leave a cell no candidate, a
/// digit no place in a unit, or the one solution out; no solution; several solutions, no good
/// for `purpose`), or when an entry, solver digit or mark of a progress file contradicts the
/// solution of its givens: each is named, as the workbench's hint names it, rather than
/// reasoned from. Results written so far are flushed first, so that a terminal shows both
/// streams in order.
fn grid_to_reason_on(
    record: &Record,
    where_: &str,
    purpose: Purpose,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Option<Grid>> {
    let verdict = judge(record);
    if verdict.is_sound() {
        return Ok(Some(grid_of(record)));
    }
    out.flush()?;
    match verdict.solutions {
        0 => writeln!(err, "{where_}: no solution{}", verdict.why_none)?,
        1 => {
            for mistake in &verdict.mistakes {
                writeln!(err, "{where_}: {mistake}: {purpose} needs the entries and marks right")?;
            }
        }
        _ => writeln!(err, "{where_}: several solutions: {purpose} needs a puzzle with one")?,
    }
    Ok(None)
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

/// The summary line of a rating: `rating=<x.y> level=<name> hardest=<technique>`.
fn summary(rating: &Rating) -> String {
    format!(
        "rating={} level={} hardest={}",
        rating.difficulty,
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

/// What rating one puzzle of a batch came to.
enum RateOutcome {
    /// Not one solution (none, or several): what to say about it.
    Refused(Vec<u8>),
    /// Rated, in this time: the puzzle, for the output line (kept here, as the record read stays
    /// with the thread that rated it).
    Rated(sudoku_engine::Board, Rating, Duration),
}

/// `rate`: one line per puzzle, tab-separated: the puzzle, the rating, the level, the hardest
/// technique (`-` when nothing was needed).
pub fn rate(args: &RateArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some(input) = open_or_report(args.file.as_deref(), err)? else {
        return Ok(Status::Unreadable);
    };
    let mut reader = Reader::new(input.reader).with_hint(input.hint);
    let mut status = Status::Solved;
    let (mut puzzles, mut rated, mut total) = (0u64, 0u64, Duration::ZERO);
    let started = Instant::now();
    let mut unreadable = 0;
    let name = &input.name;
    let threads = super::batch::threads(args.jobs);
    let worked = super::batch::in_order(
        &mut reader,
        threads.count,
        input.length,
        |read, _| {
            let record = read.item.as_ref().ok()?;
            let where_ = place(name, read.collection, record.line);
            let clock = Instant::now();
            let mut said = Vec::new();
            let Some(grid) = grid_to_reason_on(record, &where_, "a rating", &mut io::sink(), &mut said)
                .expect("writing to memory cannot fail")
            else {
                return Some(RateOutcome::Refused(said));
            };
            let rating = rate_grid(grid, &mut || true);
            Some(RateOutcome::Rated(record.puzzle.board.clone(), rating, clock.elapsed()))
        },
        |origin, result, _| {
            // Numbered as `--index` and the workbench number them: every puzzle line, the
            // unreadable ones too (an input that fails to read is no puzzle).
            if !matches!(origin.error, Some(sudoku_engine::ReadError::Io(_))) {
                puzzles += 1;
            }
            if let Some(e) = &origin.error {
                unreadable += 1;
                super::report_read_error(out, err, name, e)?;
                return Ok(());
            }
            let Some(result) = result else { return Ok(()) };
            let (board, rating, elapsed) = match result {
                RateOutcome::Refused(said) => {
                    out.flush()?;
                    err.write_all(said)?;
                    status = status.max(Status::NoSolution);
                    return Ok(());
                }
                RateOutcome::Rated(board, rating, elapsed) => (board, rating, elapsed),
            };
            total += *elapsed;
            rated += 1;
            writeln!(
                out,
                "{}\t{}\t{}\t{}",
                board,
                rating.difficulty,
                rating.level,
                rating.hardest.map_or("-", |t| t.name())
            )?;
            if args.stats {
                out.flush()?;
                writeln!(
                    err,
                    "puzzle={puzzles} line={} rating={} level={} steps={} time_us={}",
                    origin.line,
                    rating.difficulty,
                    rating.level,
                    rating.counts.iter().map(|(_, n)| n).sum::<usize>(),
                    elapsed.as_micros()
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
            "total puzzles={puzzles} rated={rated} rate_time_us={} wall_time_us={} puzzles_per_sec={:.0}",
            total.as_micros(),
            wall.as_micros(),
            puzzles as f64 / wall.as_secs_f64().max(1e-9)
        )?;
    }
    out.flush()?;
    if unreadable > 0 {
        status = status.max(Status::Unreadable);
    }
    Ok(status)
}

/// `generate`: puzzles one a line, `<puzzle> # rating=<x.y> level=<name>`, each written as soon
/// as it is made.
pub fn generate(args: &GenerateArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32)
    });
    if args.seed.is_none() {
        writeln!(err, "seed {seed} (--seed {seed} makes these puzzles again)")?;
    }
    let options = Options {
        symmetry: args.symmetry,
        minimal: !args.no_minimal,
    };
    let limit = Duration::try_from_secs_f64(args.time_limit.max(0.0)).unwrap_or(Duration::MAX);
    let threads = super::batch::threads(args.jobs);
    // One deadline for the whole command, on every thread: a puzzle started late gets what is
    // left, and once one gives up the others stop at their next try (each puzzle had a limit
    // of its own, and two threads ran for twice the limit).
    let started = Instant::now();
    let deadline = started.checked_add(limit);
    let gave_up = std::sync::atomic::AtomicBool::new(false);
    let tries = std::sync::atomic::AtomicUsize::new(0);
    let go_on = || {
        use std::sync::atomic::Ordering::Relaxed;
        tries.fetch_add(1, Relaxed);
        let over = gave_up.load(Relaxed) || deadline.is_some_and(|deadline| Instant::now() >= deadline);
        if over {
            gave_up.store(true, Relaxed);
        }
        !over
    };
    // Each puzzle has a generator of its own, seeded from the seed and its number, so that the
    // same seed makes the same puzzles on any number of threads.
    let make = |number: u64| -> Option<(sudoku_engine::Board, Rating)> {
        let mut generator = Generator::new(seed.wrapping_add(number.wrapping_mul(0x9E37_79B9_7F4A_7C15)), options);
        match args.level {
            // A puzzle rated at its last try counts as a try too.
            Some(level) => generator
                .puzzle_of_level(level, go_on)
                .inspect(|_| {
                    tries.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                })
                .ok(),
            None => {
                let board = generator.puzzle();
                let rating = sudoku_engine::logic::rate(&board);
                Some((board, rating))
            }
        }
    };
    let mut stopped = false;
    // A batch of one puzzle: each is written as soon as those before it are.
    let result = super::batch::each_in_order(0..args.count, threads.count, 1, make, |made| match made {
        Some((board, rating)) => {
            writeln!(out, "{board} # rating={} level={}", rating.difficulty, rating.level)?;
            out.flush()
        }
        None => {
            stopped = true;
            Err(io::Error::other("gave up"))
        }
    });
    if stopped {
        // Said once every thread has stopped, with the tries of them all.
        out.flush()?;
        let why = GaveUp {
            level: args.level.unwrap_or(Level::Easy),
            waited: started.elapsed(),
            tries: tries.into_inner(),
        };
        writeln!(err, "error: gave up: {why}")?;
        return Ok(Status::NoSolution);
    }
    threads.note_cap(result?, err)?;
    Ok(Status::Solved)
}
