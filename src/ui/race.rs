//! The race view: a mini board and counters for each strategy, then the table of placements,
//! backtracks, maximum depth and time.

use super::theme::Theme;
use crate::app::Message;
use crate::app::race::{Pace, Race, Standing};
use crate::sudoku::{Cell, Pos};
use crate::text::{duration, grouped};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, Table, Widget};

/// The columns of one racer's mini board and counters.
const RACER_WIDTH: u16 = 19;

/// The rows of one racer: the frame, 11 board lines, 3 of counters.
const RACER_HEIGHT: u16 = 16;

/// The race on screen.
pub struct RaceView<'a> {
    /// The race.
    pub race: &'a Race,
    /// The note about the last action.
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for RaceView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let race = self.race;
        let pace = match (race.pace, race.speed()) {
            _ if race.is_over() => "every strategy finished".to_string(),
            (Pace::Paused, _) => "paused (space runs, e each at full speed)".to_string(),
            (Pace::Full, _) | (_, None) => "each as fast as it goes".to_string(),
            (Pace::Even, Some(s)) => format!("{} steps/s each", grouped(s)),
        };
        Paragraph::new(Line::from(vec![
            Span::styled("RACE ", t.key),
            Span::styled(pace, t.value),
        ]))
        .render(Rect::new(area.x + 1, area.y, area.width.saturating_sub(1), 1), buf);
        let per_row = (area.width / (RACER_WIDTH + 1)).max(1) as usize;
        let mut y = area.y + 1;
        for chunk in race.racers.chunks(per_row) {
            if y + RACER_HEIGHT > area.bottom() {
                break;
            }
            for (i, (strategy, racer)) in chunk.iter().enumerate() {
                let x = area.x + i as u16 * (RACER_WIDTH + 1);
                let rect = Rect::new(x, y, RACER_WIDTH, RACER_HEIGHT);
                let (status, style) = match racer.standing {
                    Standing::Running if race.pace == Pace::Paused => ("paused", t.value),
                    Standing::Running => ("running", t.key),
                    Standing::Solved(_) => ("solved", t.good),
                    Standing::NoSolution(_) => ("no solution", t.bad),
                };
                let block = Block::bordered()
                    .title(Line::from(vec![
                        Span::styled(format!(" {strategy} "), t.key),
                        Span::styled(format!("{status} "), style),
                    ]))
                    .border_style(t.frame);
                let inner = block.inner(rect);
                block.render(rect, buf);
                let board = racer.search.board();
                let mut lines = Vec::new();
                for r in 0..9 {
                    if r == 3 || r == 6 {
                        lines.push(Line::from(Span::styled("   ───┼───┼───", t.border)));
                    }
                    let mut spans = vec![Span::raw("   ")];
                    for c in 0..9 {
                        if c == 3 || c == 6 {
                            spans.push(Span::styled("│", t.border));
                        }
                        let cell = Pos::at(r, c).map_or(Cell::Empty, |p| board.cell(p));
                        let (text, style) = match cell {
                            Cell::Given(d) => (d.to_string(), t.given),
                            Cell::Entry(d) => (d.to_string(), t.entry),
                            Cell::Placed(d) => (d.to_string(), t.placed),
                            Cell::Empty => ("·".to_string(), t.blank),
                        };
                        spans.push(Span::styled(text, style));
                    }
                    lines.push(Line::from(spans));
                }
                let c = racer.counters();
                lines.push(Line::from(vec![
                    Span::styled(" steps ", t.label),
                    Span::styled(grouped(racer.steps), t.value),
                ]));
                lines.push(Line::from(vec![
                    Span::styled(" back ", t.label),
                    Span::styled(grouped(c.backtracks), t.value),
                ]));
                lines.push(Line::from(vec![
                    Span::styled(" depth ", t.label),
                    Span::styled(c.depth.to_string(), t.value),
                    Span::styled(" max ", t.label),
                    Span::styled(c.max_depth.to_string(), t.value),
                ]));
                Paragraph::new(lines).render(inner, buf);
            }
            y += RACER_HEIGHT;
        }
        // The table: the same columns as `sudoku-workbench compare`.
        let header = Row::new(["strategy", "placements", "backtracks", "max depth", "time", "result"]).style(t.label);
        let rows = race.racers.iter().map(|(strategy, racer)| {
            let c = racer.counters();
            let result = match racer.standing {
                Standing::Running => "…".to_string(),
                Standing::Solved(at) => format!("solved at step {}", grouped(at)),
                Standing::NoSolution(at) => format!("none, {} steps", grouped(at)),
            };
            Row::new([
                strategy.name().to_string(),
                grouped(c.placements),
                grouped(c.backtracks),
                c.max_depth.to_string(),
                duration(racer.work),
                result,
            ])
            .style(t.value)
        });
        let widths = [
            Constraint::Length(9),
            Constraint::Length(12),
            Constraint::Length(12),
            Constraint::Length(10),
            Constraint::Length(10),
            Constraint::Fill(1),
        ];
        let message_rows = u16::from(self.message.is_some());
        let table_h = (race.racers.len() as u16 + 1).min(area.bottom().saturating_sub(y + message_rows));
        let table_area = Rect::new(area.x + 1, y, area.width.saturating_sub(2), table_h);
        Table::new(rows, widths).header(header).render(table_area, buf);
        if let Some(message) = self.message {
            let style = if message.is_error { t.bad } else { t.dim };
            Paragraph::new(Span::styled(message.text.clone(), style)).render(
                Rect::new(area.x + 1, table_area.bottom(), area.width.saturating_sub(2), 1),
                buf,
            );
        }
    }
}
