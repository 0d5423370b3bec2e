//! The race view: a mini board and counters for each strategy, then the table of placements,
//! backtracks, the size of each one's tree of guesses (guesses, dead ends), maximum depth and
//! time.
//!
//! Nothing in it is ever cut: the table's columns take the width of their widest cell, and a
//! count that does not fit is written shorter (`1.267G`), never with digits missing; the boxes
//! narrow down to the width of a mini board so that all stand in one row, and they drop their
//! counters, then their boards, before the table or the note below it loses a line.

use super::panel::wrap;
use super::theme::Theme;
use crate::app::Message;
use crate::app::race::{Pace, Race, Racer, Standing};
use crate::text::{compact, count_in, duration, grouped};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, Table, Widget};
use std::time::Duration;
use sudoku_engine::search::tree::TreeCount;
use sudoku_engine::{Cell, Counters, Pos, Strategy};

/// The columns of one racer's box at most: a mini board with room around it.
const RACER_WIDTH: u16 = 19;

/// The columns of one racer's box at least: the mini board (9 cells, 2 bars) in its frame.
const RACER_MIN_WIDTH: u16 = 13;

/// Columns between two boxes.
const GAP: u16 = 1;

/// The rows of one racer: the frame, 11 board lines, 3 of counters.
const RACER_HEIGHT: u16 = 16;

/// The rows of one racer without its counters (the table has them): the frame and the board.
const RACER_BOARD_HEIGHT: u16 = 13;

/// The columns of the mini board: 9 cells and 2 bars.
const BOARD_WIDTH: u16 = 11;

/// Lines of the note about the last action, at most (wrapped to the width).
const MESSAGE_LINES: usize = 2;

/// The columns of the table.
const COLUMNS: usize = 8;

/// The table's header: the columns of `sudoku-workbench compare`, the size of each strategy's
/// tree of guesses (its guesses and dead ends), and the result.
const HEADER: [&str; COLUMNS] = [
    "strategy",
    "placements",
    "backtracks",
    "guesses",
    "dead ends",
    "max depth",
    "time",
    "result",
];

/// The header in fewer columns, for a narrow screen (the boxes' words).
const SHORT_HEADER: [&str; COLUMNS] = ["strategy", "placed", "back", "guess", "dead", "depth", "time", "result"];

/// How the table writes its counts, tried in order until the table fits: in full, then shorter
/// and shorter ([`compact`] with 3 decimals down to none).
const COUNT_FORMS: [Option<usize>; 5] = [None, Some(3), Some(2), Some(1), Some(0)];

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
        if area.height == 0 || area.width == 0 {
            return;
        }
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

        let inner_width = area.width.saturating_sub(2);
        let message: Vec<String> = self.message.map_or_else(Vec::new, |m| {
            let mut lines = wrap(&m.text, usize::from(inner_width).max(1));
            lines.truncate(MESSAGE_LINES);
            lines
        });
        let table_height = race.racers.len() as u16 + 1;
        // What the boxes may take once the pace line, the table and the note have theirs.
        let room = area.height.saturating_sub(1 + table_height + message.len() as u16);
        let boxes = Boxes::fit(area.width, room, race.racers.len() as u16);
        let mut y = area.y + 1;
        if let Some(boxes) = boxes {
            for (row, chunk) in race.racers.chunks(usize::from(boxes.per_row)).enumerate() {
                let top = y + row as u16 * boxes.height;
                for (i, (strategy, racer)) in chunk.iter().enumerate() {
                    let x = area.x + i as u16 * (boxes.width + GAP);
                    let rect = Rect::new(x, top, boxes.width, boxes.height);
                    racer_box(*strategy, racer, race.pace, rect, boxes.height == RACER_HEIGHT, t, buf);
                }
            }
            y += boxes.rows * boxes.height;
        }
        let table_area = Rect::new(
            area.x + 1,
            y,
            inner_width,
            table_height.min(area.bottom().saturating_sub(y)),
        );
        let standings: Vec<Standings> = race
            .racers
            .iter()
            .map(|(strategy, racer)| Standings {
                strategy: *strategy,
                counters: racer.counters(),
                tree: racer.tree,
                work: racer.work,
                standing: racer.standing,
            })
            .collect();
        table(&standings, table_area.width, t).render(table_area, buf);
        let style = match self.message {
            Some(m) if m.is_error => t.bad,
            _ => t.dim,
        };
        for (i, line) in message.into_iter().enumerate() {
            let line_y = table_area.bottom() + i as u16;
            if line_y >= area.bottom() {
                break;
            }
            Paragraph::new(Span::styled(line, style)).render(Rect::new(area.x + 1, line_y, inner_width, 1), buf);
        }
    }
}

/// How the racers' boxes stand: their size, and how many to a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Boxes {
    width: u16,
    height: u16,
    per_row: u16,
    rows: u16,
}

impl Boxes {
    /// The boxes of `racers` in `width` columns and `room` rows: all in one row where the
    /// width allows (narrower boxes rather than a second row), with their counters if the
    /// rows and the width allow (a narrowed box has no room for them), else without; `None`
    /// when even that does not fit (the table comes first).
    fn fit(width: u16, room: u16, racers: u16) -> Option<Boxes> {
        let racers = racers.max(1);
        let box_width = ((width + GAP) / racers).saturating_sub(GAP).min(RACER_WIDTH);
        let box_width = box_width.max(RACER_MIN_WIDTH);
        let per_row = ((width + GAP) / (box_width + GAP)).clamp(1, racers);
        let rows = racers.div_ceil(per_row);
        [RACER_HEIGHT, RACER_BOARD_HEIGHT]
            .into_iter()
            .filter(|&height| height < RACER_HEIGHT || box_width == RACER_WIDTH)
            .find(|height| rows * height <= room)
            .filter(|_| box_width <= width)
            .map(|height| Boxes {
                width: box_width,
                height,
                per_row,
                rows,
            })
    }
}

/// The status of a racer in a few words, long and short.
fn status(racer: &Racer, pace: Pace) -> (&'static str, &'static str) {
    match racer.standing {
        Standing::Running if pace == Pace::Paused => ("paused", "paused"),
        Standing::Running => ("running", "running"),
        Standing::Solved(_) => ("solved", "solved"),
        Standing::NoSolution(_) => ("no solution", "none"),
    }
}

/// One racer's box in `rect`: its name and status in the frame, its board, and (if
/// `counters`) its steps, backtracks and depth below.
fn racer_box(strategy: Strategy, racer: &Racer, pace: Pace, rect: Rect, counters: bool, t: &Theme, buf: &mut Buffer) {
    let (long, short) = status(racer, pace);
    let style = match racer.standing {
        Standing::Running if pace == Pace::Paused => t.value,
        Standing::Running => t.key,
        Standing::Solved(_) => t.good,
        Standing::NoSolution(_) => t.bad,
    };
    // The title takes the frame's width less its corners: padded where it fits, else bare,
    // else with the short status.
    let room = usize::from(rect.width.saturating_sub(2));
    let name = strategy.name();
    let title = [(" ", long, " "), ("", long, ""), ("", short, "")]
        .into_iter()
        .find(|(pad, status, end)| pad.len() + name.len() + 1 + status.len() + end.len() <= room)
        .unwrap_or(("", short, ""));
    let block = Block::bordered()
        .title(Line::from(vec![
            Span::styled(format!("{}{name} ", title.0), t.key),
            Span::styled(format!("{}{}", title.1, title.2), style),
        ]))
        .border_style(t.frame);
    let inner = block.inner(rect);
    block.render(rect, buf);
    let indent = " ".repeat(usize::from(inner.width.saturating_sub(BOARD_WIDTH) / 2));
    let board = racer.search.board();
    let mut lines = Vec::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            lines.push(Line::from(Span::styled(format!("{indent}───┼───┼───"), t.border)));
        }
        let mut spans = vec![Span::raw(indent.clone())];
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
    if counters {
        let c = racer.counters();
        let width = usize::from(inner.width);
        let counted = |label: &str, n: u64| {
            let label = format!(" {label} ");
            let value = count_in(n, width.saturating_sub(label.chars().count()));
            Line::from(vec![Span::styled(label, t.label), Span::styled(value, t.value)])
        };
        lines.push(counted("steps", racer.steps));
        lines.push(counted("back", c.backtracks));
        lines.push(Line::from(vec![
            Span::styled(" depth ", t.label),
            Span::styled(c.depth.to_string(), t.value),
            Span::styled(" max ", t.label),
            Span::styled(c.max_depth.to_string(), t.value),
        ]));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// What the table shows of one racer.
#[derive(Clone, Copy, Debug)]
struct Standings {
    strategy: Strategy,
    counters: Counters,
    tree: TreeCount,
    work: Duration,
    standing: Standing,
}

/// The cells of the table's rows, with counts written in `form` (`None`: in full).
fn table_cells(standings: &[Standings], form: Option<usize>) -> Vec<[String; COLUMNS]> {
    let count = |n: u64| form.map_or_else(|| grouped(n), |decimals| compact(n, decimals));
    standings
        .iter()
        .map(|s| {
            let c = s.counters;
            let result = match s.standing {
                Standing::Running => "…".to_string(),
                Standing::Solved(at) => format!("solved at step {}", count(at)),
                Standing::NoSolution(at) => format!("none, {} steps", count(at)),
            };
            [
                s.strategy.name().to_string(),
                count(c.placements),
                count(c.backtracks),
                count(s.tree.guesses),
                count(s.tree.dead_ends),
                c.max_depth.to_string(),
                duration(s.work),
                result,
            ]
        })
        .collect()
}

/// The columns kept of each row, all eight or all but the tree's two.
fn keep<T: Clone>(row: &[T; COLUMNS], tree: bool) -> Vec<T> {
    row.iter()
        .enumerate()
        .filter(|(i, _)| tree || !TREE_COLUMNS.contains(i))
        .map(|(_, cell)| cell.clone())
        .collect()
}

/// The columns of the tree's size in the table (guesses, dead ends): the first to go when the
/// table does not fit.
const TREE_COLUMNS: [usize; 2] = [3, 4];

/// The width of each column of `cells` under `header`: its widest cell.
fn column_widths(header: &[&str], cells: &[Vec<String>]) -> Vec<u16> {
    (0..header.len())
        .map(|i| {
            cells
                .iter()
                .map(|row| row[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0) as u16
        })
        .collect()
}

/// The table of the race in `width` columns, in the first way that fits, from the roomiest:
/// with the trees' sizes, then without them; for each, counts in full, then shorter and shorter;
/// for each, the long header, then the short one; columns two apart, then one. (Should none
/// fit, the last: the screen is narrower than the workbench's smallest.)
fn table(standings: &[Standings], width: u16, t: &Theme) -> Table<'static> {
    let ways = [true, false].into_iter().flat_map(|tree| {
        COUNT_FORMS.iter().flat_map(move |&form| {
            [HEADER, SHORT_HEADER]
                .into_iter()
                .flat_map(move |header| [2u16, 1].map(|spacing| (tree, form, header, spacing)))
        })
    });
    let mut chosen = None;
    for (tree, form, header, spacing) in ways {
        let cells: Vec<Vec<String>> = table_cells(standings, form).iter().map(|row| keep(row, tree)).collect();
        let header = keep(&header, tree);
        let widths = column_widths(&header, &cells);
        let fits = widths.iter().sum::<u16>() + (widths.len() as u16 - 1) * spacing <= width;
        chosen = Some((cells, widths, header, spacing));
        if fits {
            break;
        }
    }
    let (cells, widths, header, spacing) = chosen.expect("there is a way to try");
    let rows = cells.into_iter().map(|row| Row::new(row).style(t.value));
    Table::new(rows, widths.into_iter().map(Constraint::Length))
        .header(Row::new(header).style(t.label))
        .column_spacing(spacing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;

    /// The text of `buffer`'s rows.
    fn rows(buffer: &Buffer) -> Vec<String> {
        let area = buffer.area;
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect())
            .collect()
    }

    #[test]
    fn the_table_writes_counts_whole_or_abbreviated_never_cut() {
        let huge = Counters {
            placements: 1_266_509_660,
            backtracks: 1_266_509_597,
            depth: 12,
            max_depth: 64,
            solutions: 1,
        };
        let standings = [
            Standings {
                strategy: Strategy::Naive,
                counters: huge,
                tree: {
                    let mut tree = TreeCount::default();
                    tree.guesses = 1_266_509_660;
                    tree.dead_ends = 402_000_123;
                    tree
                },
                work: Duration::from_secs(7_505),
                standing: Standing::Solved(2_533_019_258),
            },
            Standings {
                strategy: Strategy::Mrv,
                counters: Counters::default(),
                tree: TreeCount::default(),
                work: Duration::from_micros(42),
                standing: Standing::NoSolution(137_855_760),
            },
        ];
        let theme = Theme::new(false);
        let draw = |width: u16| {
            let mut buffer = Buffer::empty(Rect::new(0, 0, width, 3));
            table(&standings, width, &theme).render(buffer.area, &mut buffer);
            rows(&buffer)
        };
        // Room for every digit: all of them, grouped.
        let wide = draw(130);
        assert!(wide[1].contains("1,266,509,660"), "{wide:?}");
        assert!(wide[1].contains("1,266,509,597"), "{wide:?}");
        assert!(wide[1].contains("402,000,123"), "the tree's dead ends: {wide:?}");
        assert!(wide[1].trim_end().ends_with("solved at step 2,533,019,258"), "{wide:?}");
        assert!(wide[2].contains("none, 137,855,760 steps"), "{wide:?}");
        // 80 columns (78 inside): abbreviated, each figure a true one.
        let narrow = draw(78);
        let naive: Vec<&str> = narrow[1].split_whitespace().collect();
        assert_eq!(
            naive,
            [
                "naive", "1.27G", "1.27G", "1.27G", "402.00M", "64", "125", "min", "05", "s", "solved", "at", "step",
                "2.53G"
            ],
            "{narrow:?}"
        );
        assert!(narrow[2].contains("none, 137.86M steps"), "{narrow:?}");
        // The workbench's narrowest screen (62 inside), beside a time of two hours: the trees'
        // sizes give way, and the short header.
        let narrowest = draw(62);
        let header: Vec<&str> = narrowest[0].split_whitespace().collect();
        assert_eq!(
            header,
            ["strategy", "placed", "back", "depth", "time", "result"],
            "{narrowest:?}"
        );
        assert!(
            narrowest[1].trim_end().ends_with("solved at step 2.53G"),
            "{narrowest:?}"
        );
        assert!(narrowest[2].contains("none, 137.86M steps"), "{narrowest:?}");
    }

    #[test]
    fn boxes_stand_in_one_row_and_give_way_to_the_table() {
        // 80 columns: four boxes of the full width, with their counters in 22 - 6 rows.
        assert_eq!(
            Boxes::fit(80, 16, 4),
            Some(Boxes {
                width: 19,
                height: RACER_HEIGHT,
                per_row: 4,
                rows: 1
            })
        );
        // A line less: the counters go (the table has them), the boards stay.
        assert_eq!(Boxes::fit(80, 15, 4).map(|b| b.height), Some(RACER_BOARD_HEIGHT));
        // 64 columns: narrower boxes, still one row, without counters.
        assert_eq!(
            Boxes::fit(64, 16, 4).map(|b| (b.width, b.per_row, b.height)),
            Some((15, 4, RACER_BOARD_HEIGHT))
        );
        // No room: no boxes rather than some of them.
        assert_eq!(Boxes::fit(80, 12, 4), None);
    }
}
