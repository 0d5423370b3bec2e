//! `generate`: new puzzles with exactly one solution, one a line with its rating, each written
//! as soon as it is made; the same seed makes the same puzzles on any number of threads.

use super::Status;
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::io::{self, Write};
use std::time::{Duration, Instant};
use sudoku_engine::generate::{GaveUp, Generator, Options, Symmetry};
use sudoku_engine::logic::{Level, Rating};

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
pub(super) fn seconds(text: &str) -> Result<f64, String> {
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
                .puzzle_of_level_until(level, go_on, deadline)
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
