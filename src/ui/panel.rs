//! The side panel: the puzzle's name, metadata and counts with the live solution status when
//! editing; the strategy, counters, current decision and path of decisions in step mode.

use super::theme::Theme;
use crate::app::jobs::Status;
use crate::app::{App, Mode, format_duration};
use crate::printable::printable;
use crate::sudoku::{Cell, DigitSet, Step};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The panel for the current mode.
pub struct Panel<'a> {
    /// The model.
    pub app: &'a App,
    /// The styles.
    pub theme: &'a Theme,
}

/// A number with thousands separators: `12,345,678`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Digits separated by spaces, `-` for none: `1 4 7`.
pub fn spaced(set: DigitSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
}

impl Panel<'_> {
    fn row(&self, label: &str, value: impl Into<String>, style: Style) -> Line<'static> {
        Line::from(vec![
            Span::styled(format!("{label:<12}"), self.theme.label),
            Span::styled(value.into(), style),
        ])
    }

    fn edit_lines(&self) -> Vec<Line<'static>> {
        let app = self.app;
        let t = self.theme;
        let board = &app.doc.board;
        let mut lines = vec![
            self.row("Puzzle", app.doc.name(), t.value),
            self.row("Format", app.doc.format.description(), t.value),
        ];
        for (tag, value) in &app.doc.meta {
            let mut label = tag.label().to_string();
            label[..1].make_ascii_uppercase();
            lines.push(Line::from(vec![
                Span::styled(format!("{label:<12}"), t.label),
                Span::styled(printable(value).into_owned(), t.value),
            ]));
        }
        lines.push(Line::default());
        let conflicts = if board.has_conflict() {
            board.conflicts().len()
        } else {
            0
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:<12}", "Givens"), t.label),
            Span::styled(format!("{:<4}", board.given_count()), t.value),
            Span::styled("Blanks ", t.label),
            Span::styled(format!("{:<4}", board.blank_count()), t.value),
        ]));
        lines.push(self.row(
            "Conflicts",
            conflicts.to_string(),
            if conflicts > 0 { t.bad } else { t.value },
        ));
        let (status, style) = match app.status() {
            Status::Checking => ("checking…".to_string(), t.dim),
            Status::Conflict(c) => (format!("none: {c}"), t.bad),
            Status::NoSolution => ("none".to_string(), t.bad),
            Status::Unique if board.is_solved() => ("solved ✓".to_string(), t.good),
            Status::Unique => ("unique ✓".to_string(), t.good),
            Status::Several => ("several (not a proper puzzle)".to_string(), t.bad),
        };
        lines.push(self.row("Solutions", status, style));
        lines.push(self.row("Strategy", format!("{} (t changes)", app.strategy), t.value));
        let cell = match board.cell(app.cursor) {
            Cell::Empty => format!("candidates {}", spaced(board.candidates(app.cursor))),
            Cell::Given(d) => format!("given {d}"),
            Cell::Entry(d) => format!("entry {d}"),
            Cell::Placed(d) => format!("solver's {d}"),
        };
        lines.push(self.row(&format!("Cell {}", app.cursor), cell, t.value));
        let mode = if app.puzzle_edit {
            "puzzle edit: digits are givens"
        } else {
            "solving: digits are entries"
        };
        lines.push(self.row("Typing", mode, if app.puzzle_edit { t.key } else { t.value }));
        if let Some(report) = &app.last_solve {
            let result = if report.solved { "solved" } else { "no solution" };
            lines.push(self.row(
                "Last solve",
                format!(
                    "{} {result}: {} placements, {} backtracks, {}",
                    report.strategy,
                    grouped(report.counters.placements),
                    grouped(report.counters.backtracks),
                    format_duration(report.elapsed)
                ),
                t.value,
            ));
        }
        lines
    }

    fn step_lines(&self, stepper: &crate::app::stepper::Stepper) -> Vec<Line<'static>> {
        let t = self.theme;
        let c = stepper.counters();
        let state = match stepper.last() {
            Some(Step::Solved) => ("■ solved — n looks for another solution".to_string(), t.good),
            Some(Step::Exhausted) => ("✗ exhausted: no (further) solution".to_string(), t.bad),
            _ if stepper.is_running_to_end() => ("▶▶ running to the end".to_string(), t.key),
            _ if stepper.is_running() => ("▶ running".to_string(), t.key),
            _ => ("❚❚ paused".to_string(), t.value),
        };
        let speed = match stepper.speed() {
            Some(s) => format!("{} steps/s", grouped(s)),
            None => "as fast as possible".into(),
        };
        let mut lines = vec![
            Line::from(vec![
                Span::styled("STEP MODE ", t.key),
                Span::styled(format!("{} ", stepper.strategy()), t.value),
                Span::styled(state.0, state.1),
            ]),
            self.row("Steps", grouped(stepper.position()), t.value),
            self.row("Placements", grouped(c.placements), t.value),
            self.row("Backtracks", grouped(c.backtracks), t.value),
            self.row("Depth", format!("{}  (max {})", c.depth, c.max_depth), t.value),
            self.row("Speed", format!("{speed}  (measured {:.0}/s)", stepper.rate()), t.value),
            self.row("Elapsed", format_duration(stepper.run_time()), t.value),
            self.row(
                "Last step",
                stepper.last().map_or("-".into(), |s| s.to_string()),
                t.value,
            ),
        ];
        let decisions = stepper.decisions();
        match decisions.last() {
            Some(top) => {
                let trying = top.digit.map_or("-".into(), |d| d.to_string());
                lines.push(self.row("Trying", format!("{} = {trying}", top.pos), t.key));
                let tried = top.candidates.difference(top.remaining);
                lines.push(self.row(
                    "Candidates",
                    format!(
                        "{}  tried {}  left {}",
                        spaced(top.candidates),
                        spaced(tried),
                        spaced(top.remaining)
                    ),
                    t.value,
                ));
            }
            None => lines.push(self.row("Trying", "no decision on the stack", t.dim)),
        }
        let path: Vec<String> = decisions
            .iter()
            .map(|d| format!("{}={}", d.pos, d.digit.map_or('?', |x| x.to_char())))
            .collect();
        lines.push(self.row("Path", format!("{} decision(s)", path.len()), t.value));
        // The newest decisions matter most: show the tail that fits.
        let width = (self.panel_width() as usize).saturating_sub(2).max(10);
        let mut tail = String::new();
        for step in path.iter().rev() {
            let candidate = if tail.is_empty() {
                step.clone()
            } else {
                format!("{step} → {tail}")
            };
            if candidate.chars().count() + 2 > width * 3 {
                tail = format!("… → {tail}");
                break;
            }
            tail = candidate;
        }
        if !tail.is_empty() {
            lines.push(Line::from(Span::styled(format!("  {tail}"), t.value)));
        }
        lines
    }

    fn panel_width(&self) -> u16 {
        crate::ui::layout::Screen::new(Rect::new(0, 0, self.app.size.0, self.app.size.1)).map_or(30, |s| s.panel.width)
    }
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let mut lines = match &self.app.mode {
            Mode::Step(stepper) => self.step_lines(stepper),
            Mode::Solving(job) => {
                let c = job.counters();
                vec![
                    Line::from(Span::styled(format!("Solving with {}…", job.strategy()), t.key)),
                    self.row("Placements", grouped(c.placements), t.value),
                    self.row("Backtracks", grouped(c.backtracks), t.value),
                    self.row("Elapsed", format_duration(job.worked()), t.value),
                    Line::from(Span::styled("Esc cancels; the board stays as it is", t.dim)),
                ]
            }
            _ => self.edit_lines(),
        };
        if let Some(message) = &self.app.message {
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(
                message.text.clone(),
                if message.is_error { t.bad } else { t.good },
            )));
        }
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(area, buf);
    }
}
