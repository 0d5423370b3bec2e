//! The side panel: the puzzle's name, metadata and counts with the live solution count when
//! editing; the strategy, counters, current decision and path of decisions in step mode. A value
//! too long for its line wraps under itself, indented past the labels.

use super::glossary;
use super::profile::{PROFILE_MIN_ROWS, ProfileView};
use super::program::line_says;
use super::theme::Theme;
use crate::app::by_hand::Input;
use crate::app::hint::HintStage;
use crate::app::jobs::Count;
use crate::app::play::clock_text;
use crate::app::settings::MarksView;
use crate::app::stepper::{Run, Stepper, Stop};
use crate::app::{App, Mode, Typing};
use crate::text::{counted, duration, grouped, printable};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use sudoku_engine::search::program::{Program, Role};
use sudoku_engine::search::why::why;
use sudoku_engine::{Cell, Colour, Decision, Digit, DigitSet, Guess, GuessOptions, Pos, Step};

/// The width of the label column.
const LABEL: usize = 12;

/// Lines a metadata value may take when they do not all fit whole.
const META_LINES_SHORT: usize = 3;

/// The panel for the current mode.
pub struct Panel<'a> {
    /// The model.
    pub app: &'a App,
    /// The styles.
    pub theme: &'a Theme,
    /// Whether step mode's program and call stack are on screen (the panel then leaves the
    /// path of decisions to the stack).
    pub program_shown: bool,
    /// Whether the panel shows the message about the last action: not while a dialog over
    /// the screen shows it (drawn here too, it would show half hidden beside the dialog).
    pub shows_message: bool,
}

/// Digits separated by spaces, each painted one followed by its colour's letter, `-` for none:
/// `1 4a 7`.
fn coloured(set: DigitSet, colour: impl Fn(Digit) -> Option<Colour>) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter()
        .map(|d| match colour(d) {
            Some(c) => format!("{d}{c}"),
            None => d.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The filter's row: its digits, the cells left where they can go, how many stand.
fn filter_text(app: &App) -> String {
    let possible = app.possible();
    let board = &app.doc.board;
    let left = Pos::all()
        .filter(|p| board.digit(*p).is_none() && !possible[p.index()].intersection(app.filter).is_empty())
        .count();
    let placed = Pos::all()
        .filter(|p| board.digit(*p).is_some_and(|d| app.filter.contains(d)))
        .count();
    let lent = app.hint.as_ref().is_some_and(|h| h.lent_filter.is_some());
    let whose = if lent { " (the hint's)" } else { "" };
    format!(
        "{}{whose}: can go in {}, {placed} placed (f 0: off)",
        spaced(app.filter),
        counted(left as u64, "cell")
    )
}

pub use crate::text::spaced;

/// How much a row of the panel matters when the panel is short of room: the least first gives
/// way, and `Essential` never does (the step and its why, the hint), so that what the panel is
/// for is read in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Priority {
    /// Never left out.
    Essential,
    /// Left out last.
    High,
    /// Left out before the high ones.
    Normal,
    /// Left out early.
    Low,
    /// Left out first: details another part of the screen also shows.
    Detail,
}

/// How the rows are laid out: as they read best, or in fewer lines when the panel is short of
/// room (counters on shared lines, the why or the hint across the whole width, under its label
/// rather than beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// A row per value, labels in a column.
    Roomy,
    /// Fewer lines.
    Tight,
}

/// Lines of the panel, wrapped to a width.
struct Lines<'t> {
    lines: Vec<Line<'static>>,
    /// The rows, in order: each one's priority and how many of `lines` it took.
    rows: Vec<(Priority, usize)>,
    /// The priority of the rows added now.
    priority: Priority,
    width: usize,
    theme: &'t Theme,
    /// Lines a metadata value may take: all it needs, or one when the panel is short of room.
    meta_lines: usize,
    layout: Layout,
    /// Lines the panel has room for (with the message about the last action set aside): the
    /// metadata gets what the rest leaves.
    room: usize,
}

impl Lines<'_> {
    /// Sets the priority of the rows added next.
    fn at(&mut self, priority: Priority) -> &mut Self {
        self.priority = priority;
        self
    }

    /// Adds `lines` as one row at the current priority.
    fn push_row(&mut self, lines: Vec<Line<'static>>) {
        self.rows.push((self.priority, lines.len()));
        self.lines.extend(lines);
    }

    /// The lines, fitted to `room`: while they do not fit, the least important row goes (the
    /// lowest priority, the last of those first); if even the essential ones do not fit (a tiny
    /// terminal), they are cut and the cut marked.
    fn fit(mut self, room: usize) -> Vec<Line<'static>> {
        while self.lines.len() > room {
            let Some((i, _)) = self
                .rows
                .iter()
                .enumerate()
                .filter(|(_, (p, _))| *p != Priority::Essential)
                .max_by_key(|(i, (p, _))| (*p, *i))
            else {
                break;
            };
            let start: usize = self.rows[..i].iter().map(|(_, n)| n).sum();
            let (_, n) = self.rows.remove(i);
            self.lines.drain(start..start + n);
        }
        let mut lines = self.lines;
        if lines.len() > room {
            lines.truncate(room.saturating_sub(1));
            lines.push(Line::from(Span::styled("…", self.theme.dim)));
        }
        lines
    }

    /// A labelled value; a long value wraps at blanks, its further lines indented under it.
    fn row(&mut self, label: &str, value: impl Into<String>, style: Style) {
        let _ = self.row_of_at_most(label, value, style, usize::MAX);
    }

    /// A labelled value with what `word` (the label's, in the glossary) means after it, dim,
    /// when the line has room for both (else the value alone).
    fn row_meaning(&mut self, label: &str, word: &str, value: String, style: Style) {
        let meaning =
            glossary::short(word).filter(|m| LABEL + value.chars().count() + 2 + m.chars().count() <= self.width);
        match meaning {
            Some(meaning) => {
                let line = Line::from(vec![
                    Span::styled(format!("{label:<LABEL$}"), self.theme.label),
                    Span::styled(value, style),
                    Span::styled(format!("  {meaning}"), self.theme.dim),
                ]);
                self.push_row(vec![line]);
            }
            None => self.row(label, value, style),
        }
    }

    /// A labelled value on at most `most` lines, the last ending in `…` if it was cut; whether
    /// it was.
    fn row_of_at_most(&mut self, label: &str, value: impl Into<String>, style: Style, most: usize) -> bool {
        let value = value.into();
        let room = self.width.saturating_sub(LABEL).max(8);
        let (mut pieces, cut) = wrap_at_most(&value, room, most.max(1));
        if cut && let Some(last) = pieces.last_mut() {
            let kept: String = last.chars().take(room.saturating_sub(1)).collect();
            *last = format!("{kept}…");
        }
        let lines = pieces
            .into_iter()
            .enumerate()
            .map(|(i, piece)| {
                let label = if i == 0 {
                    format!("{label:<LABEL$}")
                } else {
                    " ".repeat(LABEL)
                };
                Line::from(vec![Span::styled(label, self.theme.label), Span::styled(piece, style)])
            })
            .collect();
        self.push_row(lines);
        cut
    }

    /// A labelled value that matters most: beside its label, or, laid out tight, after it
    /// across the whole width (a long why or hint then takes fewer lines).
    fn long_row(&mut self, label: &str, value: impl Into<String>, style: Style) {
        match self.layout {
            Layout::Roomy => self.row(label, value, style),
            Layout::Tight => {
                let value = value.into();
                let mut lines = self.wrapped(&format!("{label}: {value}"), style);
                // The label keeps its colour.
                if let Some(first) = lines.first_mut()
                    && let Some(rest) = first.spans[0].content.strip_prefix(&format!("{label}:"))
                {
                    let rest = rest.to_string();
                    *first = Line::from(vec![
                        Span::styled(format!("{label}:"), self.theme.label),
                        Span::styled(rest, style),
                    ]);
                }
                self.push_row(lines);
            }
        }
    }

    /// A line of text; wrapped lines are indented by two columns.
    fn text(&mut self, text: impl Into<String>, style: Style) {
        let lines = self.wrapped(&text.into(), style);
        self.push_row(lines);
    }

    /// `text` wrapped to the width, lines after the first indented by two columns.
    fn wrapped(&self, text: &str, style: Style) -> Vec<Line<'static>> {
        wrap(text, self.width.saturating_sub(2).max(8))
            .into_iter()
            .enumerate()
            .map(|(i, piece)| {
                let indent = if i == 0 { "" } else { "  " };
                Line::from(Span::styled(format!("{indent}{piece}"), style))
            })
            .collect()
    }

    /// A line as it is, one row.
    fn line(&mut self, line: Line<'static>) {
        self.push_row(vec![line]);
    }

    fn blank(&mut self) {
        self.push_row(vec![Line::default()]);
    }
}

/// `text` cut into pieces of at most `width` characters, at blanks where it can.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_at_most(text, width, usize::MAX).0
}

/// The first `most` pieces of [`wrap`], and whether there are more. Only what is kept is cut
/// out: a value of megabytes costs what its first lines cost, not a pass over all of it.
fn wrap_at_most(text: &str, width: usize, most: usize) -> (Vec<String>, bool) {
    let width = width.max(1);
    let mut pieces = Vec::new();
    let mut line = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        if pieces.len() > most {
            break;
        }
        // Counted only as far as it matters: a word longer than the line is cut below.
        let word_len = word.chars().take(width + 1).count();
        if line_len > 0 && line_len + 1 + word_len > width {
            pieces.push(std::mem::take(&mut line));
            line_len = 0;
        }
        if line_len > 0 {
            line.push(' ');
            line_len += 1;
        }
        if line_len + word_len <= width {
            line.push_str(word);
            line_len += word_len;
            continue;
        }
        // A word longer than the line (the line is empty here) is cut.
        let mut rest = word;
        loop {
            match rest.char_indices().nth(width) {
                // Past the pieces wanted, the rest of the word is not looked at.
                Some(_) if pieces.len() > most => break,
                Some((cut, _)) => {
                    pieces.push(rest[..cut].to_string());
                    rest = &rest[cut..];
                }
                None => {
                    line.push_str(rest);
                    line_len = rest.chars().count();
                    break;
                }
            }
        }
    }
    if !line.is_empty() || pieces.is_empty() {
        pieces.push(line);
    }
    let cut = pieces.len() > most;
    pieces.truncate(most);
    (pieces, cut)
}

impl Panel<'_> {
    fn edit_lines(&self, out: &mut Lines) {
        let app = self.app;
        let t = self.theme;
        let board = &app.doc.board;
        out.at(Priority::High).row("Puzzle", app.doc.name(), t.value);
        out.at(Priority::Detail)
            .row("Format", app.doc.source.format.description(), t.value);
        // The metadata goes here, in the room the rest leaves (added at the end).
        let meta_at = (out.rows.len(), out.lines.len());
        out.blank();
        out.at(Priority::Normal);
        let entries = app.doc.entry_count();
        let mut counts = format!("{:<4} Blanks {}", board.given_count(), board.blank_count());
        if entries > 0 {
            counts.push_str(&format!("  Entries {entries}"));
        }
        out.row("Givens", counts, t.value);
        let conflicts = if board.has_conflict() {
            board.conflicts().len()
        } else {
            0
        };
        out.at(if conflicts > 0 { Priority::High } else { Priority::Low }).row(
            "Conflicts",
            conflicts.to_string(),
            if conflicts > 0 { t.bad } else { t.value },
        );
        out.at(Priority::Normal);
        let (count, style) = match app.count() {
            Count::Checking => ("checking…".to_string(), t.dim),
            Count::Contradiction(c) => (format!("none: {c}"), t.bad),
            Count::NoSolution => ("none".to_string(), t.bad),
            Count::Unique if board.is_solved() => ("solved ✓".to_string(), t.good),
            Count::Unique => ("unique ✓".to_string(), t.good),
            Count::Several => ("several (not a proper puzzle)".to_string(), t.bad),
        };
        // Solving by hand, the count would give a wrong entry away: shown only when asked once
        // the board holds an entry (before, it says only what the puzzle is; once solved, that).
        if app.settings.show_solutions || app.typing == Typing::Givens || entries == 0 || board.is_solved() {
            out.row("Solutions", count, style);
        } else {
            out.row("Solutions", "hidden (L shows)", t.dim);
        }
        if app.settings.show_rating {
            let (text, style) = match &app.rating {
                Some((_, Some(Ok(r)))) if r.solved => (
                    format!(
                        "{} {} ({})",
                        r.difficulty,
                        r.level,
                        r.hardest.map_or("no step".to_string(), |t| t.to_string())
                    ),
                    t.value,
                ),
                Some((_, Some(Ok(r)))) => (format!("{}+ {}", r.difficulty, r.level), t.value),
                Some((_, Some(Err(why)))) => (format!("none: {why}"), t.dim),
                _ => ("rating…".to_string(), t.dim),
            };
            out.at(Priority::Low).row("Rating", text, style);
        }
        out.at(Priority::Detail).row(
            "Strategy",
            format!("s {} · n {}", app.solve_strategy, app.step_strategy),
            t.value,
        );
        let painted = |set: DigitSet| coloured(set, |d| app.doc.colours.candidate(app.cursor, d));
        let mut cell = match board.cell(app.cursor) {
            Cell::Empty => match app.settings.marks_view {
                MarksView::Mine if app.doc.marks.get(app.cursor).is_empty() => "no marks".to_string(),
                MarksView::Mine => format!("marks {}", painted(app.doc.marks.get(app.cursor))),
                MarksView::Computed => format!("computed {}", painted(board.candidates(app.cursor))),
            },
            Cell::Given(d) => format!("given {d}"),
            Cell::Entry(d) => format!("entry {d}"),
            Cell::Placed(d) => format!("solver's {d}"),
        };
        if let Some(colour) = app.doc.colours.cell(app.cursor) {
            cell.push_str(&format!(" · colour {colour}"));
        }
        out.at(Priority::Low)
            .row(&format!("Cell {}", app.cursor), cell, t.value);
        let (mode, style, priority) = match (app.typing, app.input) {
            (Typing::Entries, Input::CellFirst) => ("entries (m: notes)".to_string(), t.value, Priority::Detail),
            (Typing::Givens, Input::CellFirst) => {
                ("givens (puzzle edit; p ends it)".to_string(), t.key, Priority::High)
            }
            (Typing::Marks, Input::CellFirst) => ("marks (notes; m ends it)".to_string(), t.key, Priority::High),
            (typing, Input::DigitFirst(d)) => {
                let what = match typing {
                    Typing::Entries => "entry",
                    Typing::Givens => "given",
                    Typing::Marks => "mark",
                };
                (
                    format!("{d} first: space or a click puts the {what} (d: end)"),
                    t.key,
                    Priority::High,
                )
            }
        };
        out.at(priority).row("Typing", mode, style);
        if !app.filter.is_empty() {
            out.at(Priority::High).row("Filter", filter_text(app), t.key);
        }
        // Which marks the board shows, once there is something to say (room is short).
        let marked = app.doc.marks.of_empty_cells(board).cells_marked();
        let shown = match app.settings.marks_view {
            MarksView::Mine if marked == 0 && app.typing != Typing::Marks => None,
            MarksView::Mine if marked == 0 => Some("yours: none (M fills)".to_string()),
            MarksView::Mine => Some(format!("yours: {}", counted(marked as u64, "cell"))),
            MarksView::Computed => Some("showing computed candidates (v: yours)".to_string()),
        };
        if let Some(shown) = shown {
            out.at(Priority::Low).row("Marks", shown, t.value);
        }
        if let Some(hint) = &app.hint {
            let text = match hint.stage {
                HintStage::Where => format!("{} in the shaded cells (i: why)", hint.step.technique),
                HintStage::Why => format!("{} (i: do it)", hint.step.line()),
            };
            out.at(Priority::Essential).long_row("Hint", text, t.key);
        }
        out.at(Priority::Normal);
        let play = app.play();
        let mut time = clock_text(play.elapsed);
        if !app.clock_runs() && !app.doc.board.is_solved() {
            time.push_str(" (paused)");
        }
        if play.hints > 0 || play.checks > 0 {
            time.push_str(&format!(" · hints {} · checks {}", play.hints, play.checks));
        }
        out.row("Time", time, t.value);
        // Short of room, the message (which says the same) stands for the last solve's report.
        let report = app
            .last_solve
            .as_ref()
            .filter(|_| out.meta_lines > 1 || app.message.is_none());
        if let Some(report) = report {
            out.at(Priority::Low);
            let result = match (report.solved, report.several) {
                (true, true) => "solved (one of several solutions)",
                (true, false) => "solved",
                (false, _) => "no solution",
            };
            out.row(
                "Last solve",
                format!(
                    "{} {result}: {}, {}, {}",
                    report.strategy,
                    counted(report.counters.placements, "placement"),
                    counted(report.counters.backtracks, "backtrack"),
                    duration(report.elapsed)
                ),
                t.value,
            );
        }
        self.put_metadata(out, meta_at);
    }

    /// The puzzle's metadata, one row of the lowest priority put at `at` (the row and the line it
    /// starts at) in `out`, in the room the other lines leave: each
    /// value whole when all of them fit so; else a few lines each at most (one when the panel is
    /// short of room), each keeping a line for every value after it, and those that find no
    /// line counted on the last. Only the rows shown are made: a file of millions of comment
    /// lines costs a frame what a file of a few costs.
    fn put_metadata(&self, out: &mut Lines, (row, at): (usize, usize)) {
        if self.app.doc.source.text.meta_count() == 0 {
            return;
        }
        let room = out.room.saturating_sub(out.lines.len()).max(1);
        let whole = if out.meta_lines == usize::MAX {
            self.metadata_rows(out, room, usize::MAX)
        } else {
            None
        };
        let each = out.meta_lines.min(META_LINES_SHORT);
        let rows = whole
            .or_else(|| self.metadata_rows(out, room, each))
            .unwrap_or_default();
        out.rows.insert(row, (Priority::Detail, rows.len()));
        out.lines.splice(at..at, rows);
    }

    /// The metadata rows in at most `room` lines, each value on at most `each` lines. `None`
    /// when a value does not fit whole (`each` unbounded); else the values that find no line
    /// are counted on the last.
    fn metadata_rows(&self, out: &Lines, room: usize, each: usize) -> Option<Vec<Line<'static>>> {
        let text = &self.app.doc.source.text;
        let count = text.meta_count();
        let mut rows = Lines {
            lines: Vec::new(),
            rows: Vec::new(),
            priority: Priority::Detail,
            width: out.width,
            theme: out.theme,
            meta_lines: each,
            layout: out.layout,
            room,
        };
        for (shown, (tag, value)) in text.meta().enumerate() {
            let left = room.saturating_sub(rows.lines.len());
            let later = count - shown - 1;
            if later > 0 && left <= 1 && each != usize::MAX {
                let more = count - shown;
                let lines = if more == 1 { "line" } else { "lines" };
                rows.text(
                    format!("… and {} more metadata {lines}", grouped(more as u64)),
                    self.theme.dim,
                );
                break;
            }
            if left == 0 {
                // (Only a whole value can find no room: a line is kept for each.)
                return None;
            }
            // A line kept for each value after this one (or for the count of those not shown).
            let most = left.saturating_sub(later.min(left - 1)).min(each).max(1);
            let mut label = tag.label().to_string();
            label[..1].make_ascii_uppercase();
            let cut = rows.row_of_at_most(&label, printable(value).into_owned(), self.theme.value, most);
            if cut && each == usize::MAX {
                return None;
            }
        }
        Some(rows.lines)
    }

    fn step_lines(&self, stepper: &Stepper, out: &mut Lines) {
        let t = self.theme;
        let c = stepper.counters();
        let state = match (stepper.last(), stepper.run()) {
            _ if stepper.is_back_at_solution() => (
                format!("■ no further solution: back at solution {}", stepper.solutions().len()),
                t.good,
            ),
            (Some(Step::Solved), _) => {
                let at = stepper.position();
                let nth = stepper.solutions().iter().filter(|&&p| p <= at).count();
                (format!("■ solution {nth} found; e searches on for another"), t.good)
            }
            (Some(Step::Exhausted), _) => ("✗ exhausted: no (further) solution".to_string(), t.bad),
            (_, Run::ToEnd) => ("▶▶ running to the end".to_string(), t.key),
            (_, Run::ToBacktrack) => ("▶▶ running to the next backtrack".to_string(), t.key),
            (_, Run::ToStep(n)) => (format!("▶▶ running to step {}", grouped(n)), t.key),
            (_, Run::AtSpeed) => ("▶ running".to_string(), t.key),
            (_, Run::Paused) => ("❚❚ paused".to_string(), t.value),
        };
        let speed = match stepper.speed() {
            Some(s) => format!("{} steps/s", grouped(s)),
            None => "as fast as it goes".into(),
        };
        let mode = format!("{} ", stepper.strategy());
        let together = "STEP MODE ".len() + mode.chars().count() + state.0.chars().count();
        out.at(Priority::Essential);
        if self.program_shown && together <= out.width {
            out.line(Line::from(vec![
                Span::styled("STEP MODE ", t.key),
                Span::styled(mode, t.value),
                Span::styled(state.0, state.1),
            ]));
        } else {
            // The state on lines of its own, wrapped, rather than cut at the edge.
            out.line(Line::from(vec![
                Span::styled("STEP MODE ", t.key),
                Span::styled(mode, t.value),
            ]));
            out.text(state.0, state.1);
        }
        if self.program_shown || out.layout == Layout::Tight {
            // Beside the program and the stack, or short of room: the counters on two lines.
            out.at(Priority::High).text(
                format!(
                    "step {} · placements {} · backtracks {} · depth {} (max {})",
                    grouped(stepper.position()),
                    grouped(c.placements),
                    grouped(c.backtracks),
                    c.depth,
                    c.max_depth
                ),
                t.value,
            );
            out.at(Priority::Low).text(
                format!("{speed} · search time {}", duration(stepper.search_time())),
                t.dim,
            );
        } else {
            self.step_counters(stepper, &speed, out);
        }
        self.step_news(stepper, out);
    }

    /// Step mode's counters, a row each.
    fn step_counters(&self, stepper: &Stepper, speed: &str, out: &mut Lines) {
        let t = self.theme;
        let c = stepper.counters();
        out.at(Priority::High);
        out.row_meaning("Steps", "step", grouped(stepper.position()), t.value);
        out.row_meaning("Placements", "placement", grouped(c.placements), t.value);
        out.row_meaning("Backtracks", "backtrack", grouped(c.backtracks), t.value);
        out.row(
            "Depth",
            format!(
                "{} on the stack (max {})",
                counted(c.depth as u64, "decision"),
                c.max_depth
            ),
            t.value,
        );
        // Measured only while it runs: manual steps have no speed to measure.
        let measured = match stepper.rate().filter(|_| stepper.is_running()) {
            Some(rate) if rate >= 100.0 => format!("measured {}/s", grouped(rate.round() as u64)),
            Some(rate) => format!("measured {rate:.1}/s"),
            None if stepper.is_running() => "measuring…".into(),
            None => "when running".into(),
        };
        out.at(Priority::Low)
            .row("Speed", format!("{speed} ({measured})"), t.value);
        out.at(Priority::Normal)
            .row("Search time", duration(stepper.search_time()), t.value);
    }

    /// What the last step did and why, what stopped the run, the trace and the breakpoints,
    /// the decision on top and (without the call stack on screen) the path.
    fn step_news(&self, stepper: &Stepper, out: &mut Lines) {
        let t = self.theme;
        if let Some(stop) = stepper.stopped() {
            let (text, style) = match stop {
                Stop::Breakpoint(what) => (format!("● breakpoint: {what}"), t.key),
                Stop::Reached(at) => (format!("● at step {}, as asked", grouped(*at)), t.key),
                Stop::Differs { step, trace, engine } => (
                    format!(
                        "✗ step {} differs from the trace: the trace says {trace}, the engine does {engine}",
                        grouped(*step)
                    ),
                    t.bad,
                ),
                Stop::TraceEnd(at, false) => (
                    format!(
                        "■ end of the trace: {} as the engine takes them",
                        match *at {
                            1 => "its one step".to_string(),
                            n => format!("all {}", counted(n, "step")),
                        }
                    ),
                    t.good,
                ),
                Stop::TraceEnd(at, true) => (
                    format!(
                        "■ {} as the engine takes them; the file goes on past what the workbench replays",
                        counted(*at, "step")
                    ),
                    t.good,
                ),
            };
            out.at(Priority::High).text(text, style);
        }
        if let Some(replay) = stepper.replay() {
            out.at(Priority::High);
            let steps = replay.steps.len() as u64;
            if let Some(at) = stepper.diverged_at().filter(|&at| stepper.position() > at) {
                out.row(
                    "Replaying",
                    format!(
                        "parted from the trace at step {}: later steps are not checked",
                        grouped(at)
                    ),
                    t.bad,
                );
            } else if stepper.position() > steps {
                out.row(
                    "Replaying",
                    format!("past the trace's {}: these are not checked", counted(steps, "step")),
                    t.dim,
                );
            } else {
                out.row("Replaying", format!("a trace of {}", counted(steps, "step")), t.value);
            }
        }
        if !stepper.breakpoints().is_empty() {
            out.at(Priority::Low)
                .row("Breakpoints", stepper.breakpoints().describe(), t.value);
        }
        let last = stepper.last();
        let step = last.map_or("-".into(), |s| s.to_string());
        out.at(Priority::Essential);
        // Short of room, the program's line is left to the program pane, which highlights it.
        if self.program_shown && out.layout == Layout::Roomy {
            let role = Role::of(last.as_ref());
            let line = Program::of(stepper.strategy(), self.app.settings.language).line(role) + 1;
            out.row(
                "Last step",
                format!("{step}; line {line}: {}", line_says(role)),
                t.value,
            );
        } else {
            out.row("Last step", step, t.value);
        }
        if let Some(reason) = step_reason(stepper) {
            out.long_row("Why", reason, t.value);
        }
        if self.program_shown {
            // The call stack beside shows the decisions.
            return;
        }
        let decisions = stepper.decisions();
        out.at(Priority::Normal);
        match decisions.last() {
            Some(top) => {
                let (label, text) = describe_decision(top);
                out.row(label, text, t.key);
            }
            None => out.row("Deciding", "nothing yet", t.dim),
        }
        let placed: Vec<String> = decisions
            .iter()
            .filter_map(|d| d.current.map(|(pos, digit)| format!("{pos}={digit}")))
            .collect();
        out.at(Priority::Low)
            .row("Path", format!("{} in place", guesses(placed.len())), t.value);
        // The newest decisions matter most: the tail that fits on three lines.
        let room = out.width.saturating_sub(2).max(10) * 3;
        let mut tail = String::new();
        for step in placed.iter().rev() {
            let candidate = if tail.is_empty() {
                step.clone()
            } else {
                format!("{step} → {tail}")
            };
            if candidate.chars().count() + 4 > room {
                tail = format!("… → {tail}");
                break;
            }
            tail = candidate;
        }
        if !tail.is_empty() {
            out.at(Priority::Detail).text(format!("  {tail}"), t.value);
        }
    }
}

/// Why the last step of `stepper` happened (see [`why`]), from the board as it was before it.
fn step_reason(stepper: &Stepper) -> Option<String> {
    let last = stepper.last()?;
    let mut before = stepper.board();
    match last {
        Step::Place { pos, .. } => before.set(pos, Cell::Empty),
        Step::Remove { pos, digit, .. } => before.set(pos, Cell::Placed(digit)),
        // Solved, Exhausted: no cell changed.
        _ => return None,
    }
    let decisions = stepper.decisions();
    why(
        stepper.strategy(),
        &before,
        &last,
        stepper.previous().as_ref(),
        decisions.last(),
    )
}

/// "1 guess", "2 guesses".
fn guesses(n: usize) -> String {
    if n == 1 {
        "1 guess".into()
    } else {
        format!("{} guesses", grouped(n as u64))
    }
}

/// The top decision in words: its label and its text.
fn describe_decision(top: &Decision) -> (&'static str, String) {
    let options = |o: GuessOptions| match o {
        GuessOptions::Digits(d) => spaced(d),
        GuessOptions::Cells(cells) => cells.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" "),
    };
    let tried = match (top.options, top.remaining) {
        (GuessOptions::Digits(all), GuessOptions::Digits(left)) => GuessOptions::Digits(all.difference(left)),
        (GuessOptions::Cells(all), GuessOptions::Cells(left)) => GuessOptions::Cells(all.difference(left)),
        (all, _) => all,
    };
    let subject = match top.choice {
        Guess::Cell(pos) => pos.to_string(),
        Guess::Place(digit, unit) => format!("{digit} in {unit}"),
    };
    match top.current {
        Some((pos, digit)) => {
            let what = match top.choice {
                Guess::Cell(_) => format!("{subject} = {digit}"),
                Guess::Place(..) => format!("{subject} at {pos}"),
            };
            let left = if top.remaining.is_empty() {
                "none left after it".to_string()
            } else {
                format!("left {}", options(top.remaining))
            };
            ("Trying", format!("{what}, of {}; {left}", options(top.options)))
        }
        None if top.remaining.is_empty() => (
            "Deciding",
            format!(
                "{subject}: tried {}, none left: back to the guess before",
                options(tried)
            ),
        ),
        None => (
            "Deciding",
            format!(
                "{subject}: tried {}, next of {}",
                options(tried),
                options(top.remaining)
            ),
        ),
    }
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let message = self.message_lines(area.width);
        let height = usize::from(area.height);
        // The message about the last action stays whole; the panel takes the room left.
        let room = height.saturating_sub(message.len());
        let mut out = self.lines(area.width, usize::MAX, Layout::Roomy, room);
        if out.lines.len() > room {
            // Short of room: long metadata gives way to what the panel is for.
            out = self.lines(area.width, 1, Layout::Roomy, room);
        }
        if out.lines.len() > room {
            // Still short: fewer lines for the same rows, then the least important rows go,
            // so that the step, its why and the hint are read in full.
            out = self.lines(area.width, 1, Layout::Tight, room);
        }
        let mut lines = out.fit(room);
        lines.extend(message);
        let used = (lines.len() as u16).min(area.height);
        Paragraph::new(lines).render(area, buf);
        // Step mode: the search's profile in the room left under the panel.
        if let Mode::Step(stepper) = &self.app.mode {
            let room = area.height - used;
            if room > PROFILE_MIN_ROWS {
                let rows = room - 1;
                ProfileView {
                    profile: stepper.profile(),
                    steps: stepper.position(),
                    theme: self.theme,
                }
                .render(Rect::new(area.x, area.bottom() - rows, area.width, rows.min(16)), buf);
            }
        }
    }
}

impl<'a> Panel<'a> {
    fn lines(&self, width: u16, meta_lines: usize, layout: Layout, room: usize) -> Lines<'a> {
        let t = self.theme;
        let mut out = Lines {
            lines: Vec::new(),
            rows: Vec::new(),
            priority: Priority::Normal,
            width: usize::from(width),
            theme: t,
            meta_lines,
            layout,
            room,
        };
        match &self.app.mode {
            Mode::Step(stepper) => self.step_lines(stepper, &mut out),
            Mode::Solving(job) => {
                let c = job.counters();
                out.text(format!("Solving with {}…", job.strategy()), t.key);
                out.row("Placements", grouped(c.placements), t.value);
                out.row("Backtracks", grouped(c.backtracks), t.value);
                out.row("Elapsed", duration(job.worked()), t.value);
                out.text("Esc cancels; the board stays as it is", t.dim);
            }
            Mode::Generating(job) => {
                out.text(format!("Making a new {} puzzle…", job.choice.level_name()), t.key);
                out.row("Symmetry", job.choice.symmetry.name(), t.value);
                out.row(
                    "Made",
                    format!("{}, rated", counted(job.tries as u64, "puzzle")),
                    t.value,
                );
                out.row("Elapsed", duration(job.worked), t.value);
                out.text("Esc cancels; the board stays as it is", t.dim);
            }
            _ => self.edit_lines(&mut out),
        }
        out
    }

    /// The message about the last action, after a blank line; none without one.
    fn message_lines(&self, width: u16) -> Vec<Line<'static>> {
        let t = self.theme;
        let Some(message) = self.app.message.as_ref().filter(|_| self.shows_message) else {
            return Vec::new();
        };
        let mut out = Lines {
            lines: Vec::new(),
            rows: Vec::new(),
            priority: Priority::Essential,
            width: usize::from(width),
            theme: t,
            meta_lines: 1,
            layout: Layout::Roomy,
            room: usize::MAX,
        };
        out.blank();
        out.text(message.text.clone(), if message.is_error { t.bad } else { t.good });
        out.lines
    }
}

#[cfg(test)]
mod tests {
    use super::{wrap, wrap_at_most};

    /// The wrapping as it was first written (cutting the whole text, recounting the line at
    /// each word), to check the bounded one against.
    fn wrap_whole(text: &str, width: usize) -> Vec<String> {
        let mut pieces = Vec::new();
        let mut line = String::new();
        for word in text.split(' ') {
            let word_len = word.chars().count();
            let line_len = line.chars().count();
            if line_len > 0 && line_len + 1 + word_len > width {
                pieces.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.chars().count() > width {
                let cut: String = line.chars().take(width).collect();
                line = line.chars().skip(width).collect();
                pieces.push(cut);
            }
        }
        if !line.is_empty() || pieces.is_empty() {
            pieces.push(line);
        }
        pieces
    }

    #[test]
    fn the_first_lines_wrapped_are_those_of_the_whole_text() {
        let long = "é".repeat(50);
        let texts = [
            "",
            " ",
            "a bb ccc",
            "  two  blanks  between  ",
            "abcdefghij",
            "abcdefgh",
            "Published in 2012 as \"the world's hardest sudoku\"; 21 givens",
            &format!("short {long} words after {long}"),
            &format!("{long} {long}"),
        ];
        for text in texts {
            for width in [1, 4, 8, 13] {
                let whole = wrap_whole(text, width);
                assert_eq!(wrap(text, width), whole, "{text:?} at {width}");
                for most in 1..whole.len() + 2 {
                    let (first, cut) = wrap_at_most(text, width, most);
                    let expected: Vec<String> = whole.iter().take(most).cloned().collect();
                    assert_eq!(first, expected, "{text:?} at {width}, {most} lines");
                    assert_eq!(cut, whole.len() > most, "{text:?} at {width}, {most} lines");
                }
            }
        }
    }

    #[test]
    fn long_values_wrap_at_blanks_and_long_words_are_cut() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
    }
}
