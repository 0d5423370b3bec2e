//! `rate`: a line per puzzle on Sudoku Explainer's scale (puzzle, rating, level, hardest
//! technique; or the columns `--format` asks for, as serate's `%r/%p/%d`), streamed, on `--jobs`
//! threads, each puzzle given `--time-limit` seconds.

use super::Status;
use super::judge::grid_to_reason_on;
use super::shared::{open_or_report, place};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_engine::Reader;
use sudoku_engine::logic::{Rating, rate_grid_until};

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
    /// The columns of each line, as serate's `--format`: %r ER, %p EP, %d ED, %g the puzzle, %n
    /// its number, %l the level, %h the hardest technique, %% a %; other characters as they are.
    #[arg(long, value_name = "FORMAT", default_value = DEFAULT_FORMAT, value_parser = RateFormat::parse)]
    pub format: RateFormat,
    /// Stop rating a puzzle after this many seconds (checked between steps) and say the least
    /// it is rated, `>=x.y` (a number above 0).
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0, value_parser = super::generate::seconds,
          allow_hyphen_values = true)]
    pub time_limit: f64,
}

/// The line `rate` writes unless told: puzzle, ER, level, hardest technique, tab-separated.
pub const DEFAULT_FORMAT: &str = r"%g\t%r\t%l\t%h";

/// A column of a `--format`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    /// Written as it is.
    Text(String),
    /// `%r`: ER, the hardest step.
    Er,
    /// `%p`: EP, the hardest step up to the first digit placed.
    Ep,
    /// `%d`: ED, the first step.
    Ed,
    /// `%g`: the puzzle, 81 characters.
    Grid,
    /// `%n`: the puzzle's number, 1 for the first.
    Number,
    /// `%l`: the level.
    Level,
    /// `%h`: the hardest step's technique, `-` when none was needed.
    Hardest,
}

/// What `--format` asks each line to hold: serate's conversions (`%r`, `%p`, `%d`, `%g`, `%n`,
/// `%%`) and ours (`%l`, `%h`). Unlike serate, an unknown conversion is an error, not text: a
/// typo would otherwise give a column of `%x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateFormat(Vec<Piece>);

impl Default for RateFormat {
    fn default() -> RateFormat {
        RateFormat::parse(DEFAULT_FORMAT).expect("the default format is good")
    }
}

impl RateFormat {
    /// Reads a format; `\t` is a tab (a shell's quotes keep a tab typed hard to see).
    pub fn parse(text: &str) -> Result<RateFormat, String> {
        let mut pieces = Vec::new();
        let mut plain = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            let piece = match c {
                '\\' if chars.clone().next() == Some('t') => {
                    chars.next();
                    plain.push('\t');
                    continue;
                }
                '%' => match chars.next() {
                    Some('%') => {
                        plain.push('%');
                        continue;
                    }
                    Some('r') => Piece::Er,
                    Some('p') => Piece::Ep,
                    Some('d') => Piece::Ed,
                    Some('g') => Piece::Grid,
                    Some('n') => Piece::Number,
                    Some('l') => Piece::Level,
                    Some('h') => Piece::Hardest,
                    Some(other) => {
                        return Err(format!("unknown conversion %{other} (known: %r %p %d %g %n %l %h %%)"));
                    }
                    None => return Err("a % ends the format (write %% for a % sign)".into()),
                },
                _ => {
                    plain.push(c);
                    continue;
                }
            };
            if !plain.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut plain)));
            }
            pieces.push(piece);
        }
        if !plain.is_empty() {
            pieces.push(Piece::Text(plain));
        }
        Ok(RateFormat(pieces))
    }

    /// The line of puzzle number `number`, `board`, rated `rating` (without its line end).
    fn line(&self, number: u64, board: &sudoku_engine::Board, rating: &Rating) -> String {
        // A level reached when the time ran out is the least the puzzle can be, as its ER is.
        let at_least = if rating.out_of_time { ">=" } else { "" };
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.clone(),
                Piece::Er => rating.er().to_string(),
                Piece::Ep => rating.pearl.to_string(),
                Piece::Ed => rating.diamond.to_string(),
                Piece::Grid => board.to_string(),
                Piece::Number => number.to_string(),
                Piece::Level => format!("{at_least}{}", rating.level),
                Piece::Hardest => rating.hardest.map_or("-", |t| t.name()).to_string(),
            })
            .collect()
    }
}

/// What rating one puzzle of a batch came to.
enum RateOutcome {
    /// Not one solution (none, or several): what to say about it.
    Refused(Vec<u8>),
    /// Rated, in this time: the puzzle, for the output line (kept here, as the record read stays
    /// with the thread that rated it), and where it was read, for a time limit's note.
    /// (Boxed: a board and a rating are large beside a refusal.)
    Rated(Box<(sudoku_engine::Board, Rating, Duration, String)>),
}

/// `rate`: one line per puzzle, by default tab-separated: the puzzle, the rating, the level, the
/// hardest technique (`-` when nothing was needed); `--format` chooses. A puzzle out of time
/// says so on standard error, and its numbers are the least they can be (`>=x.y`).
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
            let limit = Duration::try_from_secs_f64(args.time_limit).unwrap_or(Duration::MAX);
            let deadline = clock.checked_add(limit).unwrap_or_else(far_future);
            let rating = rate_grid_until(grid, &mut || true, deadline);
            Some(RateOutcome::Rated(Box::new((
                record.puzzle.board.clone(),
                rating,
                clock.elapsed(),
                where_,
            ))))
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
            let (board, rating, elapsed, where_) = match result {
                RateOutcome::Refused(said) => {
                    out.flush()?;
                    err.write_all(said)?;
                    status = status.max(Status::NoSolution);
                    return Ok(());
                }
                RateOutcome::Rated(rated) => (&rated.0, &rated.1, &rated.2, &rated.3),
            };
            total += *elapsed;
            rated += 1;
            writeln!(out, "{}", args.format.line(puzzles, board, rating))?;
            if rating.out_of_time {
                out.flush()?;
                writeln!(
                    err,
                    "{where_}: time limit of {} s hit: rated at least {}",
                    seconds(args.time_limit),
                    rating.difficulty
                )?;
            }
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

/// A deadline past any run, for a limit too long for the clock to add.
fn far_future() -> Instant {
    // About 30 years: `Instant` has no maximum, and adding more can overflow on some systems.
    Instant::now() + Duration::from_secs(1 << 30)
}

/// A time limit as people write it: `600`, `0.5`, and `1e-300` rather than 300 decimals.
fn seconds(limit: f64) -> String {
    let plain = format!("{limit}");
    if plain.len() <= 12 { plain } else { format!("{limit:e}") }
}
