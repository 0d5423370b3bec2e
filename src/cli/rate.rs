//! `rate`: a line per puzzle on Sudoku Explainer's scale (puzzle, rating, level, hardest
//! technique), streamed, on `--jobs` threads.

use super::Status;
use super::judge::grid_to_reason_on;
use super::shared::{open_or_report, place};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_engine::Reader;
use sudoku_engine::logic::Rating;
use sudoku_engine::logic::rate_grid;

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
                super::shared::report_read_error(out, err, name, e)?;
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
