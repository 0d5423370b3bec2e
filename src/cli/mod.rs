//! The headless command line: `solve`, `check`, `trace` and `compare` for the search; `hint`,
//! `explain`, `rate` and `generate` for the logical solver; `stats` for the record of games and
//! `print` for sheets to print; `completions` and `man` written from
//! the clap definitions. Each command is a file of its own (its arguments and its function);
//! this one holds the clap definitions, the exit status and the dispatch. Each command reads a file or standard input and writes results to any
//! `impl Write` (errors to a second one), so tests run them in memory.
//!
//! Exit statuses: 0 every puzzle solved (or checked solvable), 1 some puzzle has no solution
//! (for the logical solver: not exactly one; for `solve`, or given up at `--time-limit`), 2 some input could not be read, or the output
//! could not be written (or not in full: notes past what a puzzle keeps are said and give 2).
//! Standard output carries only results.
//!
//! Adding a command: a file with its `Args` and its function, a variant of [`Command`], an arm
//! in [`run`], and a line in [`usage`] (a test checks that the usage names every command and
//! option).

pub mod batch;
mod check;
mod compare;
mod completions;
mod cores;
mod explain;
pub mod fatal;
mod generate;
mod hint;
pub mod input;
mod interrupted;
mod judge;
mod man;
pub mod output;
pub mod print;
mod rate;
mod shared;
mod solve;
mod stats;
mod trace;

pub use check::{CheckArgs, check};
pub use compare::{CompareArgs, compare};
pub use completions::{CompletionsArgs, completions};
pub use explain::explain;
pub use generate::{GenerateArgs, generate};
pub use hint::{HintArgs, hint};
pub use input::{PuzzleSource, open_input};
pub use man::man;
pub use print::{PrintArgs, print};
pub use rate::{RateArgs, rate};
pub use solve::{SolveArgs, solve};
pub use stats::{StatsArgs, stats};
pub use trace::{TraceArgs, trace};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_engine::{Format, Strategy};

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
    Solve(Deferred<SolveArgs>),
    /// Describe a puzzle: its format, givens, blanks, conflicts and number of solutions.
    Check(Deferred<CheckArgs>),
    /// Print the steps of the search, one a line; a step's depth is the number of decisions on
    /// the stack (cells being decided, the one of the step included).
    Trace(Deferred<TraceArgs>),
    /// Solve with every strategy and print a table: placements, backtracks, max depth (the most
    /// decisions on the stack at once; cells that propagation fills take none), time.
    Compare(Deferred<CompareArgs>),
    /// Print the next logical step: `<technique>: <explanation>`.
    Hint(Deferred<HintArgs>),
    /// Print the whole logical solve, a step a line, and its rating.
    Explain(Deferred<HintArgs>),
    /// Rate each puzzle on Sudoku Explainer's scale: puzzle, rating, level, hardest technique.
    Rate(Deferred<RateArgs>),
    /// Make new puzzles with exactly one solution, one a line with its rating.
    Generate(Deferred<GenerateArgs>),
    /// Show the record of games played in the workbench: per level the games, the best and
    /// median time and the hints a game (`--chart`: the times drawn).
    Stats(Deferred<StatsArgs>),
    /// Lay puzzles out on pages to print, as a PDF or SVG file: 1, 2, 4 or 6 a page, with
    /// their level and rating, and pages of solutions if asked.
    Print(Deferred<PrintArgs>),
    /// Print the completion script of a shell (bash, zsh or fish), to be sourced by it.
    Completions(Deferred<CompletionsArgs>),
    /// Print the manual page (roff: `sudoku-workbench man | man -l -` shows it).
    Man,
}

/// A command's arguments, defined to clap only when that command is the one on the command line
/// (`Command::defer`). The derive defines every command's arguments for any command line: for a
/// process started to solve one puzzle that was a fifth of its time of its own (perf: 900 of
/// 2,080 samples), with the search under a tenth. Anything that reads the definitions (the man
/// page, the completions, the tests) calls `build()` first, which defines them all.
#[derive(Debug, Clone, Default)]
pub struct Deferred<T>(pub T);

impl<T> std::ops::Deref for Deferred<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }
    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }
    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
    fn update_from_arg_matches_mut(&mut self, matches: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

/// The whole command line as clap knows it, every command's arguments defined (see
/// [`Deferred`]): what the man page, the completions and the tests read.
pub fn definitions() -> clap::Command {
    use clap::CommandFactory;
    let mut command = Cli::command();
    command.build();
    command
}

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
    fn augment_args(command: clap::Command) -> clap::Command {
        command.defer(define::<T>)
    }
    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        command.defer(define::<T>)
    }
}

/// Defines `T`'s arguments on `command`, keeping the command's own description: deferred, the
/// arguments' definition comes after it and would put the `Args` type's doc comment in its place.
fn define<T: clap::Args>(command: clap::Command) -> clap::Command {
    let (about, long_about) = (command.get_about().cloned(), command.get_long_about().cloned());
    let mut command = T::augment_args(command);
    if let Some(about) = about {
        command = command.about(about);
    }
    if let Some(long_about) = long_about {
        command = command.long_about(long_about);
    }
    command
}

pub(crate) fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::name))
        .map(|name| Format::from_name(&name).expect("the parser only accepts format names"))
}

pub(crate) fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.iter().map(|s| s.name()))
        .map(|name| Strategy::from_name(&name).expect("the parser only accepts strategy names"))
}

/// A puzzle number of `--index`: 1 for the first.
pub(crate) fn puzzle_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("puzzles are numbered from 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a puzzle number (1 for the first), found {text:?}")),
    }
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

/// Runs a headless command, `None` being `solve` on standard input (the BOJ 2580 judge pipes
/// the puzzle in): results to `out`, messages to `err`.
pub fn run(command: Option<Command>, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    match command {
        Some(Command::Solve(args)) => solve(&args, out, err),
        Some(Command::Check(args)) => check(&args, out, err),
        Some(Command::Trace(args)) => trace(&args, out, err),
        Some(Command::Compare(args)) => compare(&args, out, err),
        Some(Command::Hint(args)) => hint(&args, out, err),
        Some(Command::Explain(args)) => explain(&args, out, err),
        Some(Command::Rate(args)) => rate(&args, out, err),
        Some(Command::Generate(args)) => generate(&args, out, err),
        Some(Command::Stats(args)) => stats(&args, out, err),
        Some(Command::Print(args)) => print(&args, out, err),
        Some(Command::Completions(args)) => completions(&args, out),
        Some(Command::Man) => man(out),
        None => solve(&SolveArgs::default(), out, err),
    }
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
     usage: sudoku-workbench solve [FILE] [--format boj|line|sdk|ss|grid|progress|candidates] [--strategy naive|mrv|dlx|fast] [--stats] [--jobs N] [--time-limit SECONDS]\n\
     \x20      sudoku-workbench check [FILE] [--jobs N]\n\
     \x20      sudoku-workbench compare [FILE] [--index N] [--time-limit SECONDS]\n\
     \x20      sudoku-workbench trace [FILE] [--strategy S] [--max-steps N] [--index N] [--format text|jsonl|dot] [--max-nodes N] [--why]\n\
     \x20      sudoku-workbench hint|explain [FILE] [--index N]\n\
     \x20      sudoku-workbench rate [FILE] [--stats] [--jobs N] [--format F] [--time-limit SECONDS]\n\
     \x20      sudoku-workbench generate [--count N] [--level L] [--symmetry S] [--seed X] [--no-minimal] [--time-limit SECONDS] [--jobs N]\n\
     \x20      sudoku-workbench stats [--file FILE] [--chart] [--level L]\n\
     \x20      sudoku-workbench print FILE... --out SHEET.pdf|SHEET.svg [--per-page 1|2|4|6] [--paper a4|letter] [--title T] [--solutions] [--time-limit SECONDS] [--jobs N] [--force]\n\
     \x20      sudoku-workbench completions bash|zsh|fish\n\
     \x20      sudoku-workbench man\n\
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
        let text = usage();
        for command in definitions().get_subcommands().filter(|c| c.get_name() != "help") {
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
}
