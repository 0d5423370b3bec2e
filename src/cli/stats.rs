//! `stats`: the record of games, as the workbench's statistics screen shows it: per level the
//! games, those solved, the best and median time of a game solved and the hints a game; with
//! `--chart`, the chart of the times of the games solved, drawn as the screen draws it.
//! Lines of the record that do not read are named on standard error (line number and why) and
//! left as they are; they do not change the exit status, as a line cut by a killed workbench
//! would then fail every later run.

use super::Status;
use crate::app::games::{Stats, StatsView};
use crate::app::play::clock_text;
use crate::runtime::games;
use crate::text::{counted, grouped, printable};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `stats`.
#[derive(Args, Debug, Default)]
pub struct StatsArgs {
    /// The record to read (the workbench's own unless told: $XDG_DATA_HOME/sudoku-workbench/games,
    /// else ~/.local/share/sudoku-workbench/games).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Draw the chart of the times of the games solved too (of every game, or of `--level`).
    #[arg(long)]
    pub chart: bool,
    /// The level whose times the chart shows (easy ... needs-trial, unrated, or all); every
    /// game's unless told.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
}

/// `stats`: the table of the record, and its chart if asked.
pub fn stats(args: &StatsArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let Some(path) = args.file.clone().or_else(games::path) else {
        writeln!(
            err,
            "error: no record of games: neither XDG_DATA_HOME nor HOME is set (--file names one)"
        )?;
        return Ok(Status::Unreadable);
    };
    let shown = printable(&path.to_string_lossy()).into_owned();
    let record = match games::read(&path) {
        Ok(record) => record,
        Err(why) => {
            writeln!(err, "error: cannot read the record of games {shown}: {why}")?;
            return Ok(Status::Unreadable);
        }
    };
    for skipped in &record.skipped {
        writeln!(err, "warning: {shown}: line {}: {}; skipped", skipped.line, skipped.why)?;
    }
    let unnamed = record.skipped_count - record.skipped.len() as u64;
    if unnamed > 0 {
        let lines = if unnamed == 1 { "line" } else { "lines" };
        writeln!(err, "warning: {shown}: {} more {lines} skipped", grouped(unnamed))?;
    }
    if record.games.is_empty() {
        writeln!(out, "no game recorded in {shown} yet")?;
        out.flush()?;
        return Ok(Status::Solved);
    }
    let mut view = StatsView::new(shown.clone(), record);
    if let Some(level) = &args.level {
        // `all` names every game: with games of one level only the table has no row of its
        // own for it (that level's row is every game), and `--level all` was refused.
        let wanted = |name: &str| name == level || level == "all" && view.stats.row_count() == 1;
        match view.stats.rows().position(|(name, _)| wanted(name)) {
            Some(row) => view.selected = row,
            None => {
                let names: Vec<_> = view.stats.rows().map(|(name, _)| name).collect();
                writeln!(
                    err,
                    "error: --level {}: no game of that level (played: {})",
                    printable(level),
                    names.join(", ")
                )?;
                return Ok(Status::Unreadable);
            }
        }
    }
    let games = &view.record.games;
    let solved = view.stats.all.solved;
    writeln!(
        out,
        "{} in {shown}: {} solved, {} given up",
        counted(games.len() as u64, "game"),
        grouped(solved as u64),
        grouped((games.len() - solved) as u64)
    )?;
    writeln!(out)?;
    write!(out, "{}", table(&view.stats))?;
    if args.chart {
        writeln!(out)?;
        for line in crate::ui::stats::chart_as_text(&view, 80, 20) {
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    out.flush()?;
    Ok(Status::Solved)
}

/// A time as the table writes it, `-` for none.
pub fn time_or_dash(time: Option<Duration>) -> String {
    time.map_or_else(|| "-".to_string(), clock_text)
}

/// The table of `stats`: a header, then a row per level and one of every game.
pub fn table(stats: &Stats) -> String {
    let mut text = format!(
        "{:<12} {:>6} {:>6} {:>9} {:>9} {:>10}\n",
        "level", "games", "solved", "best", "median", "hints/game"
    );
    for (name, row) in stats.rows() {
        text.push_str(&format!(
            "{name:<12} {:>6} {:>6} {:>9} {:>9} {:>10.1}\n",
            row.games,
            row.solved,
            time_or_dash(row.best),
            time_or_dash(row.median),
            row.hints_per_game()
        ));
    }
    text
}
