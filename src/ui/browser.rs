//! The file browser: the list of entries on the left, a preview of the highlighted one on the right
//! (a small board, or why it is not a puzzle file); a collection lists its puzzles instead.

use super::panel::grouped;
use super::theme::Theme;
use crate::app::browser::{Browser, Preview};
use crate::printable::printable;
use crate::sudoku::Board;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// The browser's two panes.
pub struct BrowserView<'a> {
    /// The browser's state.
    pub browser: &'a Browser,
    /// The styles.
    pub theme: &'a Theme,
}

/// A board as 11 lines of text: 9 rows with box separators.
pub fn mini_board(board: &Board) -> Vec<String> {
    let mut lines = Vec::with_capacity(11);
    for row in 0..9 {
        if row == 3 || row == 6 {
            lines.push("──────┼───────┼──────".to_string());
        }
        let mut line = String::new();
        for col in 0..9 {
            if col == 3 || col == 6 {
                line.push_str("│ ");
            }
            let pos = crate::sudoku::Pos::at(row, col).expect("in range");
            line.push(board.digit(pos).map_or(super::board::BLANK, |d| d.to_char()));
            if col < 8 {
                line.push(' ');
            }
        }
        lines.push(line);
    }
    lines
}

impl Widget for BrowserView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let [list_area, preview_area] = Layout::horizontal([Constraint::Min(24), Constraint::Length(30)]).areas(area);
        let (title, items, selected, preview): (String, Vec<String>, usize, Preview) = match &self.browser.picker {
            Some(picker) => {
                let items = picker
                    .puzzles
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        format!(
                            "#{:<5} line {:<6} {} givens",
                            i + 1,
                            r.line,
                            r.puzzle.board.given_count()
                        )
                    })
                    .collect();
                let record = &picker.puzzles[picker.selected];
                let preview = Preview::Puzzle {
                    board: record.puzzle.board.clone(),
                    format: picker.format,
                    count: picker.puzzles.len(),
                    more: false,
                    about: record.puzzle.meta.first().map(|(_, v)| printable(v).into_owned()),
                };
                (
                    format!(" {} — pick a puzzle ", picker.name),
                    items,
                    picker.selected,
                    preview,
                )
            }
            None => (
                format!(" Open: {} ", printable(&self.browser.dir.to_string_lossy())),
                self.browser.entries.iter().map(|e| e.label()).collect(),
                self.browser.selected,
                self.browser.preview.clone(),
            ),
        };
        let block = Block::bordered().title(title).border_style(t.frame);
        let inner = block.inner(list_area);
        block.render(list_area, buf);
        // Keep the selection in view.
        let rows = inner.height as usize;
        let first = selected
            .saturating_sub(rows.saturating_sub(1) / 2)
            .min(items.len().saturating_sub(rows));
        let mut lines: Vec<Line> = Vec::with_capacity(rows + 1);
        if let Some(error) = &self.browser.error {
            lines.push(Line::from(Span::styled(error.clone(), t.bad)));
        }
        for (i, item) in items.iter().enumerate().skip(first).take(rows) {
            let style = if i == selected { t.selected } else { t.value };
            let marker = if i == selected { "▸ " } else { "  " };
            lines.push(Line::from(Span::styled(format!("{marker}{item}"), style)));
        }
        Paragraph::new(lines).render(inner, buf);

        let block = Block::bordered().title(" Preview ").border_style(t.frame);
        let inner = block.inner(preview_area);
        block.render(preview_area, buf);
        let lines: Vec<Line> = match preview {
            Preview::Nothing => vec![Line::from(Span::styled("Enter opens the directory", t.dim))],
            Preview::Error(reason) => vec![
                Line::from(Span::styled("Not a puzzle file:", t.bad)),
                Line::from(Span::styled(printable(&reason).into_owned(), t.bad)),
            ],
            Preview::Puzzle {
                board,
                format,
                count,
                more,
                about,
            } => {
                let mut lines: Vec<Line> = mini_board(&board)
                    .into_iter()
                    .map(|l| Line::from(Span::styled(l, t.value)))
                    .collect();
                lines.push(Line::default());
                lines.push(Line::from(Span::styled(format.description(), t.label)));
                let count = if count > 1 || more {
                    format!("{}{} puzzles", grouped(count as u64), if more { "+" } else { "" })
                } else {
                    format!("{} givens", board.given_count())
                };
                lines.push(Line::from(Span::styled(count, t.label)));
                if let Some(about) = about {
                    lines.push(Line::from(Span::styled(about, t.dim)));
                }
                lines
            }
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}
