//! `completions`: a shell's completion script for every command and option, written by
//! `clap_complete` from the clap definitions, so that it cannot fall behind them.

use super::{Cli, Status};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::{self, Write};

/// The shells a script is written for.
const SHELLS: [&str; 3] = ["bash", "zsh", "fish"];

/// Arguments of `completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in: bash, zsh or fish.
    #[arg(value_name = "SHELL", value_parser = shell_parser())]
    pub shell: Shell,
}

fn shell_parser() -> impl TypedValueParser<Value = Shell> {
    PossibleValuesParser::new(SHELLS).map(|name| name.parse().expect("the parser only accepts shell names"))
}

/// `completions`: the completion script for `args.shell` on `out`, to be sourced by the shell
/// (for bash, `source <(sudoku-workbench completions bash)`).
pub fn completions(args: &CompletionsArgs, out: &mut impl Write) -> io::Result<Status> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    // Written to memory first: `generate` panics when a write fails (a reader gone, `| head`),
    // where every command gives the error back.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_all(&script)?;
    out.flush()?;
    Ok(Status::Solved)
}
