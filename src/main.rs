//! Entry point: parse the command line, then run a headless command or the workbench.

use anyhow::Context;
use clap::Parser;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use sudoku_workbench::app::builtin::default_document;
use sudoku_workbench::app::{App, recovery};
use sudoku_workbench::cli::{self, Cli, Command, SolveArgs, Status};
use sudoku_workbench::tui;
use sudoku_workbench::ui::theme::Theme;

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(status) => ExitCode::from(status.code()),
        // A reader that went away (`| head`) is not an error worth a message.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(Status::Unreadable.code())
        }
    }
}

fn run(args: Cli) -> anyhow::Result<Status> {
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut err = io::stderr().lock();
    let status = match args.command {
        Some(Command::Solve(solve)) => cli::solve(&solve, &mut out, &mut err)?,
        Some(Command::Check(check)) => cli::check(&check, &mut out, &mut err)?,
        Some(Command::Trace(trace)) => cli::trace(&trace, &mut out, &mut err)?,
        // The BOJ 2580 judge pipes the puzzle in: behave as `solve`.
        None if args.file.is_none() && !io::stdin().is_terminal() => {
            cli::solve(&SolveArgs::default(), &mut out, &mut err)?
        }
        None => {
            if !io::stdout().is_terminal() {
                out.write_all(cli::usage().as_bytes())?;
                anyhow::bail!("the workbench needs a terminal; the commands above work without one");
            }
            // The workbench owns the terminal; the signal thread and the panic hook must be
            // able to write to standard error, so no lock is kept on it.
            drop(out);
            drop(err);
            let mut app = App::new(default_document());
            app.monochrome = Theme::no_color_requested();
            if let Some(path) = &args.file {
                let index = args.index.map_or(0, |n| n as usize - 1);
                app.open_path(path, index);
            }
            if let Some(text) = recovery::left_over() {
                app.offer_recovery(&text);
            }
            tui::run(app)?;
            return Ok(Status::Solved);
        }
    };
    out.flush().context("writing the results")?;
    Ok(status)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
