//! Entry point: parse the command line, then run a headless command or the workbench.

use clap::Parser;
use clap::error::ErrorKind;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use sudoku_workbench::cli::output::{Stream, is_broken_pipe};
use sudoku_workbench::cli::{self, Cli, Status};
use sudoku_workbench::tui;

/// The system's allocator, noting a failed allocation so that the abort that follows can say
/// `error: out of memory` (see `cli::fatal`).
#[global_allocator]
static ALLOCATOR: cli::fatal::Flagging = cli::fatal::Flagging;

/// Which standard streams were closed when the process started (bit `fd`), seen by
/// [`see_closed_streams`] before the Rust runtime opens `/dev/null` in their place.
static CLOSED_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Run by the C runtime before `main`, so before Rust's own start-up hides a closed standard
/// stream behind `/dev/null`: `>&-` must be an error for the commands, and a `/dev/null` the
/// caller opened (however it opened it) must not be. Kept in the binary, where `#[used]` is
/// sure to keep it; a constructor in the library could be left out by the linker.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static SEE_CLOSED_STREAMS: extern "C" fn() = see_closed_streams;

#[cfg(target_os = "linux")]
extern "C" fn see_closed_streams() {
    let mut closed = 0;
    for fd in 0..3 {
        // SAFETY: F_GETFD only reads the descriptor's flags; -1 (EBADF) means it is not open.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
            closed |= 1 << fd;
        }
    }
    CLOSED_AT_START.store(closed, std::sync::atomic::Ordering::Relaxed);
}

fn main() -> ExitCode {
    cli::output::note_closed_at_start(CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed));
    let args = match Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return command_line_error(&e),
    };
    let workbench = args.command.is_none() && (args.file.is_some() || io::stdin().is_terminal());
    let result = if workbench { workbench_run(args) } else { headless(args) };
    match result {
        Ok(status) => ExitCode::from(status.code()),
        Err(e) => {
            // Nothing more can be said if standard error fails too; the status says it.
            let _ = writeln!(io::stderr(), "error: {e:#}");
            ExitCode::from(Status::Unreadable.code())
        }
    }
}

/// Help and version go to standard output, usage errors to standard error; a failed write is
/// exit status 2, as for every command.
fn command_line_error(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    let (written, status) = match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let mut out = Stream::new(io::stdout().lock(), 1, "standard output");
            (
                out.write_all(text.as_bytes()).and_then(|()| out.flush()),
                Status::Solved,
            )
        }
        _ => {
            let mut err = Stream::new(io::stderr().lock(), 2, "standard error");
            (err.write_all(text.as_bytes()), Status::Unreadable)
        }
    };
    match written {
        Ok(()) => ExitCode::from(status.code()),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(status.code()),
        Err(_) => ExitCode::from(Status::Unreadable.code()),
    }
}

/// A headless command: results to standard output, messages to standard error. A reader that
/// went away (`| head`) ends the command quietly with the status so far treated as success;
/// any other failure to write is exit status 2.
fn headless(args: Cli) -> anyhow::Result<Status> {
    cli::fatal::prepare();
    let mut out = BufWriter::with_capacity(64 * 1024, Stream::new(io::stdout().lock(), 1, "standard output"));
    let mut err = Stream::new(io::stderr().lock(), 2, "standard error");
    let result = match args.command {
        // `--index` picks the puzzle the workbench opens; here every puzzle is solved, so it
        // is refused rather than ignored.
        None if args.index.is_some() => writeln!(
            err,
            "error: --index chooses the puzzle the workbench opens, and standard input is not a terminal: \
                 every puzzle on it would be solved; leave --index out, or open a file on a terminal"
        )
        .map(|()| Status::Unreadable),
        // The BOJ 2580 judge pipes the puzzle in: `run` behaves as `solve` with no command.
        command => cli::run(command, &mut out, &mut err),
    };
    match result {
        Ok(status) => Ok(status),
        Err(e) if is_broken_pipe(&e) => Ok(Status::Solved),
        Err(e) => Err(anyhow::Error::new(e).context("writing the results")),
    }
}

/// The workbench, on a terminal that can draw it.
fn workbench_run(args: Cli) -> anyhow::Result<Status> {
    let term = std::env::var("TERM").ok();
    if let Some(reason) = cli::why_no_workbench(io::stdout().is_terminal(), term.as_deref()) {
        let mut out = Stream::new(io::stdout().lock(), 1, "standard output");
        let _ = out.write_all(cli::usage().as_bytes());
        anyhow::bail!("{reason}");
    }
    tui::run(args.file.as_deref(), args.index)?;
    Ok(Status::Solved)
}
