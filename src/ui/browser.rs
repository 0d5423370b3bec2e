//! The file browser: the list of entries on the left, a preview of the highlighted one on the
//! right (a small board, or why it is not a puzzle file), a line for messages under them; a
//! collection lists its puzzles instead, its unreadable lines marked.

use super::layout::BrowserScreen;
use super::theme::Theme;
use crate::app::Message;
use crate::app::browser::{Browser, Preview};
use crate::text::{grouped, printable};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use sudoku_engine::{Board, Format};

/// The browser's panes.
pub struct BrowserView<'a> {
    /// The browser's state.
    pub browser: &'a Browser,
    /// The note about the last action, shown under the panes.
    pub message: Option<&'a Message>,
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
            let digit = sudoku_engine::Pos::at(row, col).and_then(|pos| board.digit(pos));
            line.push(digit.map_or(super::board::BLANK, |d| d.to_char()));
            if col < 8 {
                line.push(' ');
            }
        }
        lines.push(line);
    }
    lines
}

impl BrowserView<'_> {
    /// The title, the lines, the highlighted line and the preview of what is listed.
    fn listing(&self) -> (String, Vec<(String, bool)>, usize, Preview) {
        let b = self.browser;
        match &b.picker {
            Some(picker) => {
                let items = picker
                    .puzzles
                    .iter()
                    .enumerate()
                    .map(|(i, r)| match r {
                        Ok(r) => (
                            format!(
                                "#{:<6} line {:<7} {} givens",
                                i + 1,
                                r.line,
                                r.puzzle.board.given_count()
                            ),
                            true,
                        ),
                        Err(e) => (
                            format!("#{:<6} line {:<7} unreadable: {}", i + 1, e.line, e.kind),
                            false,
                        ),
                    })
                    .collect();
                let preview = match picker.puzzles.get(picker.selected) {
                    Some(Ok(record)) => Preview::Puzzle {
                        board: record.puzzle.board.clone(),
                        format: picker.format,
                        count: picker.puzzles.len(),
                        more: false,
                        unreadable: picker.puzzles.iter().filter(|p| p.is_err()).count(),
                        about: record
                            .puzzle
                            .meta()
                            .map(|(_, v)| printable(v).into_owned())
                            .take(3)
                            .collect(),
                    },
                    Some(Err(e)) => Preview::Error(e.to_string()),
                    None => Preview::Nothing,
                };
                let jump = if picker.jump.is_empty() {
                    "type a number to jump".to_string()
                } else {
                    format!("going to #{}", picker.jump)
                };
                (
                    format!(" {} — pick a puzzle ({jump}) ", picker.name),
                    items,
                    picker.selected,
                    preview,
                )
            }
            None => (
                format!(" Open: {} ", printable(&b.dir().to_string_lossy())),
                b.entries.iter().map(|e| (e.label(), true)).collect(),
                b.selected,
                b.preview.clone(),
            ),
        }
    }
}

impl Widget for BrowserView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let screen = BrowserScreen::new(area);
        let (title, items, selected, preview) = self.listing();
        let block = Block::bordered().title(title).border_style(t.frame);
        block.render(screen.list, buf);
        let inside = screen.list_inside;
        let rows = usize::from(inside.height);
        let first = screen.first_shown(selected, items.len());
        let mut lines: Vec<Line> = Vec::with_capacity(rows);
        for (i, (item, readable)) in items.iter().enumerate().skip(first).take(rows) {
            let style = match (i == selected, readable) {
                (true, _) => t.selected,
                (false, true) => t.value,
                (false, false) => t.bad,
            };
            let marker = if i == selected { "▸ " } else { "  " };
            lines.push(Line::from(Span::styled(format!("{marker}{item}"), style)));
        }
        Paragraph::new(lines).render(inside, buf);

        let block = Block::bordered().title(" Preview ").border_style(t.frame);
        let inner = block.inner(screen.preview);
        block.render(screen.preview, buf);
        let lines: Vec<Line> = match preview {
            Preview::Nothing => vec![Line::from(Span::styled("Enter opens it", t.dim))],
            Preview::Reading => vec![Line::from(Span::styled("reading…", t.dim))],
            Preview::PastLimit => vec![
                Line::from(Span::styled(
                    format!("No puzzle in its first {}, all the preview reads", preview_size()),
                    t.label,
                )),
                Line::from(Span::styled("Enter reads the whole file", t.dim)),
            ],
            Preview::Error(reason) => vec![
                Line::from(Span::styled("Not a puzzle file:", t.bad)),
                Line::from(Span::styled(printable(&reason).into_owned(), t.bad)),
            ],
            Preview::Puzzle {
                board,
                format,
                count,
                more,
                unreadable,
                about,
            } => {
                let mut lines: Vec<Line> = mini_board(&board)
                    .into_iter()
                    .map(|l| Line::from(Span::styled(l, t.value)))
                    .collect();
                lines.push(Line::default());
                lines.push(Line::from(Span::styled(format.description(), t.label)));
                // A line document that goes on past what the preview reads: only the puzzles read
                // are counted, and said to be so.
                let puzzles = |n: usize| format!("{} puzzle{}", grouped(n as u64), if n == 1 { "" } else { "s" });
                let count = if more && format == Format::Line {
                    format!(
                        "{} in its first {}; the preview reads no further",
                        puzzles(count),
                        preview_size()
                    )
                } else if count > 1 {
                    puzzles(count)
                } else {
                    format!("{} givens", board.given_count())
                };
                lines.push(Line::from(Span::styled(count, t.label)));
                if unreadable > 0 {
                    lines.push(Line::from(Span::styled(
                        format!("{unreadable} line(s) cannot be read"),
                        t.bad,
                    )));
                }
                lines.extend(about.into_iter().map(|a| Line::from(Span::styled(a, t.dim))));
                lines
            }
        };
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
        // The last action's note, else how far the listing got, else why the directory could
        // not be listed.
        let note = match (self.message, &self.browser.pending, &self.browser.error) {
            (Some(message), ..) => Some((message.text.clone(), Some(message.is_error))),
            (None, Some(pending), _) => Some((
                format!(
                    "Listing the folder: {} entries so far (Esc closes the browser)",
                    grouped(pending.seen())
                ),
                None,
            )),
            (None, None, Some(error)) => Some((error.clone(), Some(true))),
            (None, None, None) => None,
        };
        if let Some((text, is_error)) = note {
            let style = match is_error {
                Some(true) => t.bad,
                Some(false) => t.good,
                None => t.dim,
            };
            Paragraph::new(Line::from(Span::styled(text, style))).render(screen.message, buf);
        }
    }
}

/// How much of a file the preview reads, in words (`256 KiB`).
fn preview_size() -> String {
    format!("{} KiB", crate::app::browser::PREVIEW_BYTES / 1024)
}
