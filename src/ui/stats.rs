//! The statistics screen: the record of games as a table (per level the games, those solved,
//! the best and median time, the hints a game), the selected row's times as a chart (a ratatui
//! `Chart`, the time of each game solved in the order played, with its median), and the lines
//! of the record that were skipped, named. `sudoku-workbench stats --chart` prints the same
//! chart as text.

use super::theme::Theme;
use crate::app::games::{LevelStats, StatsView};
use crate::app::play::clock_text;
use crate::text::counted;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Clear, Dataset, GraphType, Paragraph, Row, Table, Widget, Wrap};

/// The statistics screen, over the screen's body.
pub struct StatsScreen<'a> {
    /// What it shows.
    pub view: &'a StatsView,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for StatsScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let view = self.view;
        Clear.render(area, buf);
        let games = view.record.games.len() as u64;
        let block = Block::bordered().border_style(t.frame).title(Span::styled(
            format!(" Statistics: {} ", counted(games, "game")),
            t.title,
        ));
        let inner = block.inner(area);
        block.render(area, buf);
        let skipped = skipped_text(view);
        let skipped_height = match &skipped {
            None => 0,
            Some(text) => (super::panel::wrap(text, usize::from(inner.width.max(8))).len() as u16).min(3),
        };
        let rows = view.stats.row_count() as u16;
        let [file, table, chart, note] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(if games == 0 { 0 } else { rows + 1 }),
            Constraint::Min(0),
            Constraint::Length(skipped_height),
        ])
        .areas(inner);
        Paragraph::new(Line::from(vec![
            Span::styled("Record  ", t.label),
            Span::styled(view.file.clone(), t.value),
        ]))
        .render(file, buf);
        if games == 0 {
            Paragraph::new("No game recorded yet: a puzzle solved by hand (or given up) is added here when it ends.")
                .style(t.dim)
                .wrap(Wrap { trim: true })
                .render(chart, buf);
        } else {
            table_of(view, t, table.width).render(table, buf);
            if let Some((name, row)) = view.selected_row() {
                TimesChart { name, row, theme: t }.render(chart, buf);
            }
        }
        if let Some(text) = skipped {
            Paragraph::new(text)
                .style(t.bad)
                .wrap(Wrap { trim: true })
                .render(note, buf);
        }
    }
}

/// The lines skipped, for the screen.
fn skipped_text(view: &StatsView) -> Option<String> {
    let record = &view.record;
    if record.skipped_count == 0 {
        return None;
    }
    let named: Vec<String> = record
        .skipped
        .iter()
        .take(3)
        .map(|s| format!("line {}: {}", s.line, s.why))
        .collect();
    let more = record.skipped_count - named.len() as u64;
    let more = if more > 0 {
        format!("; {} more", counted(more, "line"))
    } else {
        String::new()
    };
    let left = if record.skipped_count == 1 {
        "left as it is"
    } else {
        "left as they are"
    };
    Some(format!(
        "{} of the record skipped, {left}: {}{more}",
        counted(record.skipped_count, "line"),
        named.join("; ")
    ))
}

fn time(t: Option<std::time::Duration>) -> String {
    t.map_or_else(|| "-".to_string(), clock_text)
}

/// The table of levels, the selected row highlighted. Each column as wide as its widest cell,
/// so that no number is cut (`100:00:00` once showed as `100:00:0`).
fn table_of<'a>(view: &StatsView, t: &Theme, width: u16) -> Table<'a> {
    let header = ["level", "games", "solved", "best", "median", "hints/game"].map(String::from);
    let cells: Vec<[String; 6]> = view
        .stats
        .rows()
        .map(|(name, row)| {
            [
                name.to_string(),
                row.games.to_string(),
                row.solved.to_string(),
                time(row.best),
                time(row.median),
                format!("{:.1}", row.hints_per_game()),
            ]
        })
        .collect();
    let widths: [usize; 6] = std::array::from_fn(|k| {
        cells
            .iter()
            .chain(std::iter::once(&header))
            .map(|row| row[k].chars().count())
            .max()
            .unwrap_or(0)
    });
    // The level's name to the left, the numbers to the right.
    let line = |row: &[String; 6]| -> [String; 6] {
        std::array::from_fn(|k| match k {
            0 => format!("{:<w$}", row[0], w = widths[0]),
            _ => format!("{:>w$}", row[k], w = widths[k]),
        })
    };
    let rows: Vec<Row> = cells
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let style = if i == view.selected { t.selected } else { t.value };
            Row::new(line(row)).style(style)
        })
        .collect();
    // Two spaces between columns where they fit, else one (64x21 with `needs-trial` and hours
    // of time cut the first column to `needs`: attack D).
    let spacing = if widths.iter().sum::<usize>() + 10 <= usize::from(width) {
        2
    } else {
        1
    };
    Table::new(rows, widths.map(|w| Constraint::Length(w as u16)))
        .column_spacing(spacing)
        .header(Row::new(line(&header)).style(t.label))
}

/// The chart of a row's times: the time of each game solved, in the order played, and the
/// median as a line across.
pub struct TimesChart<'a> {
    /// The row's name.
    pub name: &'static str,
    /// The row.
    pub row: &'a LevelStats,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for TimesChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let row = self.row;
        if area.height < 5 || area.width < 20 {
            return;
        }
        if row.times.is_empty() {
            Paragraph::new(format!("No {} game solved yet: no time to chart.", self.name))
                .style(t.dim)
                .render(area, buf);
            return;
        }
        let points: Vec<(f64, f64)> = row
            .times
            .iter()
            .enumerate()
            .map(|(i, d)| ((i + 1) as f64, d.as_secs_f64() / 60.0))
            .collect();
        let n = points.len() as f64;
        // One game is a point with room on each side.
        let (x_min, x_max) = if points.len() == 1 { (0.0, 2.0) } else { (1.0, n) };
        let slowest = points.iter().map(|p| p.1).fold(0.0, f64::max);
        let y_max = round_top(slowest);
        let median = row.median.map_or(0.0, |m| m.as_secs_f64() / 60.0);
        let median_line = [(x_min, median), (x_max, median)];
        let minutes = |m: f64| clock_text(std::time::Duration::from_secs_f64(m.max(0.0) * 60.0));
        // The labels are spread evenly along the axis: the middle one is the game at the
        // middle, so it is written only when that is a whole game (it once read "2" halfway
        // between the first and the fourth).
        let n = points.len();
        let x_labels = match n {
            1 => vec![Span::raw(""), Span::raw("1"), Span::raw("")],
            _ if n % 2 == 1 => vec![
                Span::raw("1"),
                Span::raw(format!("{}", n.div_ceil(2))),
                Span::raw(format!("{n}")),
            ],
            _ => vec![Span::raw("1"), Span::raw(format!("{n}"))],
        };
        let datasets = vec![
            Dataset::default()
                .name(format!("median {}", time(row.median)))
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(t.dim)
                .data(&median_line),
            Dataset::default()
                .name("time of a game")
                .marker(Marker::Braille)
                .graph_type(if points.len() == 1 {
                    GraphType::Scatter
                } else {
                    GraphType::Line
                })
                .style(chart_line(t))
                .data(&points),
        ];
        Chart::new(datasets)
            // The median is named in the title: the legend that names it is left out where it
            // does not fit (at 64x21 it was, and the flat line said nothing).
            .block(Block::default().title(Line::from(vec![
                Span::styled("Times solved: ", t.label),
                Span::styled(self.name, t.value),
                Span::styled(format!(" · flat line: median {}", time(row.median)), t.dim),
            ])))
            .x_axis(
                Axis::default()
                    .title(Span::styled("game", t.label))
                    .style(t.frame)
                    .bounds([x_min, x_max])
                    .labels(x_labels),
            )
            .y_axis(
                Axis::default()
                    .title(Span::styled("time", t.label))
                    .style(t.frame)
                    .bounds([0.0, y_max])
                    .labels(vec![
                        Span::raw("0:00"),
                        Span::raw(minutes(y_max / 2.0)),
                        Span::raw(minutes(y_max)),
                    ]),
            )
            .render(area, buf);
    }
}

/// The top of the time axis, in minutes, for a slowest game of `slowest` minutes: twice a round
/// step of the clock (30 s, 1, 2, 5, 10, 15, 30 minutes, 1, 2, 5, 10 hours, ...), so that its
/// three labels read as round times (`0:00`, `15:00`, `30:00`) rather than `27:16` and `54:32`,
/// with room above the slowest game.
fn round_top(slowest: f64) -> f64 {
    const STEPS: [f64; 11] = [0.5, 1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0];
    let wanted = slowest * 1.05;
    let step = STEPS
        .iter()
        .copied()
        .find(|step| 2.0 * step >= wanted)
        .unwrap_or_else(|| (wanted / 2.0 / 600.0).ceil() * 600.0);
    2.0 * step
}

/// The style of the line of times: the entries' colour, as the times are the player's.
pub fn chart_line(t: &Theme) -> Style {
    t.entry
}

/// The chart of `view`'s selected row drawn in `width` x `height` cells, as lines of text
/// (for `sudoku-workbench stats --chart`).
pub fn chart_as_text(view: &StatsView, width: u16, height: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    let theme = Theme::new(true);
    if let Some((name, row)) = view.selected_row() {
        TimesChart {
            name,
            row,
            theme: &theme,
        }
        .render(area, &mut buf);
    }
    (0..height)
        .map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack B of issue 28 (item 10d): the time axis read `27:16` and `54:32`.
    #[test]
    fn the_time_axis_ends_at_a_round_time_above_the_slowest_game() {
        for (slowest, top) in [
            (0.1, 1.0),
            (0.9, 1.0),
            (3.0, 4.0),
            (49.6, 60.0),
            (59.0, 120.0),
            (95.0, 120.0),
            (7000.0, 8400.0),
        ] {
            assert_eq!(round_top(slowest), top, "{slowest} minutes");
            assert!(round_top(slowest) > slowest);
        }
    }
}
