//! `print`: puzzles laid out on pages to print, as a PDF or an SVG file (see [`crate::print`]):
//! 1, 2, 4 or 6 a page, A4 or Letter, each with its name, level and rating, and pages of
//! solutions if asked. Every puzzle of every file given is printed, in order; one that cannot be
//! read is named with its line and column and left out (exit 2), one without exactly one
//! solution is printed, said and makes the exit status 1.

use super::Status;
use super::shared::{open_or_report, report_read_error};
use crate::print::{Paper, PerPage, Puzzle, Sheet};
use crate::runtime::files::{link_count, write_access, write_atomically, write_in_place, write_target};
use crate::text::{counted, io_error, printable};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_engine::{Board, ReadError, Reader};

/// Arguments of `print`.
#[derive(Args, Debug)]
pub struct PrintArgs {
    /// The puzzle files or collections, printed in order; `-` for standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The file to write: its extension chooses the format, `.pdf` or `.svg` (an SVG holds the
    /// pages one under the other).
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
    /// Puzzles a page: 1, 2, 4 or 6.
    #[arg(long, value_name = "N", default_value = "4", value_parser = PossibleValuesParser::new(["1", "2", "4", "6"])
          .map(|n| PerPage::of(n.parse().unwrap_or(0)).unwrap_or(PerPage::Four)))]
    pub per_page: PerPage,
    /// The paper: a4 or letter.
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = PossibleValuesParser::new(Paper::ALL.map(Paper::name))
          .map(|name| Paper::from_name(&name).unwrap_or(Paper::A4)))]
    pub paper: Paper,
    /// The title at the top of each page.
    #[arg(long, value_name = "TEXT", default_value = "Sudoku")]
    pub title: String,
    /// Add pages with the solutions, six a page, after the puzzles.
    #[arg(long)]
    pub solutions: bool,
    /// Stop rating a puzzle after this many seconds and print the least it is rated, `>=x.y`.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = super::generate::seconds,
          allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Threads to rate and solve on; 0 (the default) uses every core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Write over a read-only `--out` file, or into one with other names (hard links), which
    /// are otherwise refused.
    #[arg(long)]
    pub force: bool,
}

/// How the sheet goes into `--out`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    /// A new file in its place, in one step (a file there is replaced whole).
    Replace,
    /// Into the file itself, which keeps its other names (`--force` over hard links).
    InPlace,
}

/// Whether the sheet may go to `target` (a write target), and how: never over one of the
/// files it is printed from, nor, unless `force`, over a read-only file or into one with other
/// names. Each of these was once replaced without a word (attack B of issue 28), an input
/// among them: `print sheet.svg --out sheet.svg` lost the puzzles.
fn how_to_write(target: &Path, inputs: &[PathBuf], force: bool) -> Result<How, String> {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(target) else {
        return Ok(How::Replace);
    };
    let shown = printable(&target.to_string_lossy()).into_owned();
    // `-` is standard input, whatever file it is: `print - --out p.svg < p.svg` replaced the
    // puzzles it read (attack C).
    let identity = |input: &PathBuf| match input.as_os_str() == "-" {
        true => nix::sys::stat::fstat(libc::STDIN_FILENO)
            .ok()
            .map(|s| (s.st_dev, s.st_ino)),
        false => std::fs::metadata(input).ok().map(|m| (m.dev(), m.ino())),
    };
    if let Some(input) = inputs
        .iter()
        .find(|input| identity(input) == Some((meta.dev(), meta.ino())))
    {
        return Err(match (input == target, input.as_os_str() == "-") {
            (true, _) => format!("{shown} is a file printed from: give --out another name"),
            (_, true) => format!("{shown} is standard input, a file printed from: give --out another name"),
            _ => format!(
                "{shown} is {}, a file printed from: give --out another name",
                printable(&input.to_string_lossy())
            ),
        });
    }
    let links = link_count(&meta);
    if force {
        return Ok(if links > 1 { How::InPlace } else { How::Replace });
    }
    // As a save in the workbench tells them (`files::write_over`).
    if meta.permissions().readonly() || write_access(target).is_err() {
        return Err(format!(
            "{shown} is read-only: not written over (--force writes over it)"
        ));
    }
    if links > 1 {
        return Err(format!(
            "{shown} has {links} names (hard links): a new file would leave the others as they are; --force writes into it, keeping them"
        ));
    }
    Ok(How::Replace)
}

/// The format of the file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetFormat {
    /// A PDF file.
    Pdf,
    /// An SVG file.
    Svg,
}

impl SheetFormat {
    /// The format `path`'s extension names, if it names one (any case).
    pub fn of(path: &Path) -> Option<SheetFormat> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("pdf") {
            Some(SheetFormat::Pdf)
        } else if ext.eq_ignore_ascii_case("svg") {
            Some(SheetFormat::Svg)
        } else {
            None
        }
    }

    /// The bytes of `sheet` in this format.
    pub fn write(self, sheet: &Sheet) -> Vec<u8> {
        match self {
            SheetFormat::Pdf => crate::print::pdf::write(sheet),
            SheetFormat::Svg => crate::print::svg::write(sheet),
        }
    }
}

/// A puzzle read, to be rated and solved: its name for the page and for messages, and its
/// givens.
struct Read {
    title: String,
    place: String,
    board: Board,
}

/// `print`: reads every puzzle of the files, rates and solves them on `--jobs` threads, lays
/// them out and writes the file (atomically: a failure leaves any file of that name as it was).
pub fn print(args: &PrintArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let shown_out = printable(&args.out.to_string_lossy()).into_owned();
    let Some(format) = SheetFormat::of(&args.out) else {
        // `.pdf` alone is a name with no extension (a hidden file's): "must end in .pdf" was
        // said of a name that does (attack H).
        let only_an_extension = args
            .out
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| [".pdf", ".svg"].contains(&n.to_ascii_lowercase().as_str()));
        let why = if only_an_extension {
            "the file's name needs a name before its .pdf or .svg"
        } else {
            "the file's name must end in .pdf or .svg"
        };
        writeln!(err, "error: --out {shown_out}: {why}")?;
        return Ok(Status::Unreadable);
    };
    // Refused before the work of rating: a directory, a device (`/dev/full`), a pipe.
    let target = match write_target(&args.out) {
        Ok(target) => target,
        Err(why) => {
            writeln!(err, "error: cannot write {shown_out}: {why}")?;
            return Ok(Status::Unreadable);
        }
    };
    let how = match how_to_write(&target, &args.files, args.force) {
        Ok(how) => how,
        Err(why) => {
            writeln!(err, "error: {why}")?;
            return Ok(Status::Unreadable);
        }
    };
    let mut status = Status::Solved;
    let mut read = Vec::new();
    for file in &args.files {
        status = status.max(read_puzzles(file, &mut read, out, err)?);
    }
    if read.is_empty() {
        writeln!(err, "error: no puzzle to print: nothing written")?;
        return Ok(Status::Unreadable);
    }
    let limit = Duration::try_from_secs_f64(args.time_limit).unwrap_or(Duration::MAX);
    let threads = super::batch::threads(args.jobs);
    let mut puzzles = Vec::with_capacity(read.len());
    let worked = super::batch::each_in_order(
        read.into_iter(),
        threads.count,
        16,
        |r| {
            let (puzzle, problem) = Puzzle::prepare(r.title, &r.board, limit);
            let problem = problem.map(|p| match p {
                sudoku_engine::Unjudgeable::NoSolution => format!("{}: the givens have no solution", r.place),
                sudoku_engine::Unjudgeable::Several => format!("{}: the givens have several solutions", r.place),
            });
            (puzzle, problem)
        },
        |(puzzle, problem)| {
            if let Some(problem) = problem {
                writeln!(err, "{problem}; printed without a solution")?;
                status = status.max(Status::NoSolution);
            }
            puzzles.push(puzzle.clone());
            Ok(())
        },
    )?;
    threads.note_cap(worked, err)?;
    let sheet = Sheet {
        title: args.title.clone(),
        paper: args.paper,
        per_page: args.per_page,
        puzzles,
        solutions: args.solutions,
    };
    let bytes = format.write(&sheet);
    super::interrupted::clean_up_on_signals();
    let written = match how {
        How::Replace => write_atomically(&target, &bytes),
        How::InPlace => write_in_place(&target, &bytes),
    };
    if let Err(e) = written {
        writeln!(err, "error: cannot write {shown_out}: {}", io_error(&e))?;
        return Ok(Status::Unreadable);
    }
    let solution_pages = if args.solutions {
        format!(
            ", then solutions ({})",
            counted(sheet.puzzles.len().div_ceil(6) as u64, "page")
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "wrote {shown_out}: {} on {} ({}, {} a page){solution_pages}",
        counted(sheet.puzzles.len() as u64, "puzzle"),
        counted(sheet.puzzles.len().div_ceil(args.per_page.count()) as u64, "page"),
        match args.paper {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        },
        args.per_page.count()
    )?;
    out.flush()?;
    Ok(status)
}

/// Reads the puzzles of `file` onto `read`, each named by the file (and its number in a
/// collection); says what cannot be read, and how that leaves the status.
fn read_puzzles(file: &Path, read: &mut Vec<Read>, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some(input) = open_or_report(Some(file), err)? else {
        return Ok(Status::Unreadable);
    };
    let mut reader = Reader::new(input.reader).with_hint(input.hint);
    let mut status = Status::Solved;
    let name = Path::new(&input.name)
        .file_name()
        .map_or_else(|| input.name.clone(), |n| n.to_string_lossy().into_owned());
    let mut number = 0;
    while let Some(item) = reader.next() {
        number += 1;
        match item {
            Ok(record) => {
                let collection = reader.is_collection();
                read.push(Read {
                    title: if collection {
                        format!("{name} #{number}")
                    } else {
                        name.clone()
                    },
                    place: super::shared::place(&input.name, collection, record.line),
                    board: record.puzzle.board.givens_only(),
                });
            }
            Err(e) => {
                status = Status::Unreadable;
                let go_on = report_read_error(out, err, &input.name, &e)?;
                if !go_on || matches!(e, ReadError::Io(_)) || !reader.is_collection() {
                    break;
                }
            }
        }
    }
    Ok(status)
}
