//! What can be drawn over the screen: the help screen, a yes/no question, a line to type.

use super::theme::Theme;
use crate::app::{Confirm, Prompt};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// Every key, by what it is for: the help screen lists these, the first two sections on the left
/// and the rest on the right, so that it fits 80x24.
pub const KEYS: &[(&str, &[(&str, &str)])] = &[
    (
        "Editing",
        &[
            ("←↑↓→ hjkl", "move; a click selects"),
            ("1-9", "write a digit"),
            ("0 . x ⌫ Del", "clear the cell"),
            ("p", "puzzle edit: type givens"),
            ("", "0 . blank; moves on"),
            ("G", "entries become givens"),
            ("c / C", "clear entries / all"),
            ("u Ctrl-z", "undo"),
            ("Ctrl-r Ctrl-y", "redo"),
        ],
    ),
    (
        "Files",
        &[
            ("o", "open a file or built-in"),
            ("w / W", "save / save as"),
            ("[ ]", "previous / next puzzle"),
            ("paste", "load a pasted board"),
        ],
    ),
    (
        "Solving",
        &[
            ("s", "solve now (Esc cancels)"),
            ("t", "strategy naive/mrv/fast"),
            ("n", "step mode"),
        ],
    ),
    (
        "Step mode",
        &[
            ("n →", "one step forward"),
            ("b ←", "one step back"),
            ("space", "run / pause"),
            ("+ - ↑ ↓", "faster / slower"),
            ("e", "run to the solution"),
            ("t", "strategy, start again"),
            ("Enter", "keep the search's board"),
            ("Esc", "leave, board as before"),
        ],
    ),
    (
        "Anywhere",
        &[
            ("?", "this help"),
            ("q", "quit (asks if unsaved)"),
            ("Ctrl-c", "quit at once"),
        ],
    ),
];

/// A rectangle of `width` x `height` centred in `area` (clipped to it).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The help screen.
pub struct Help<'a> {
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let mut columns: [Vec<Line>; 2] = [Vec::new(), Vec::new()];
        for (i, (section, keys)) in KEYS.iter().enumerate() {
            let column = &mut columns[usize::from(i >= 2)];
            if !column.is_empty() {
                column.push(Line::default());
            }
            column.push(Line::from(Span::styled(*section, t.label)));
            for (key, what) in *keys {
                column.push(Line::from(vec![
                    Span::styled(format!(" {key:<14}"), t.key),
                    Span::styled(*what, t.value),
                ]));
            }
        }
        let height = columns.iter().map(Vec::len).max().unwrap_or(0) as u16 + 2;
        let popup = centered(area, 80, height);
        Clear.render(popup, buf);
        let block = Block::bordered()
            .title(" Keys — Esc or ? closes ")
            .border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let half = inner.width / 2;
        let [left, right] = columns;
        Paragraph::new(left).render(Rect { width: half, ..inner }, buf);
        Paragraph::new(right).render(
            Rect {
                x: inner.x + half,
                width: inner.width - half,
                ..inner
            },
            buf,
        );
    }
}

/// A yes/no question.
pub struct Question<'a> {
    /// The question.
    pub confirm: &'a Confirm,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Question<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let popup = centered(area, 60, 7);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Please confirm ").border_style(t.bad);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let lines = vec![
            Line::from(Span::styled(self.confirm.question.clone(), t.value)),
            Line::default(),
            Line::from(vec![
                Span::styled("y", t.key),
                Span::raw(" yes    "),
                Span::styled("n", t.key),
                Span::raw(" no"),
            ]),
        ];
        Paragraph::new(lines).wrap(Wrap { trim: true }).render(inner, buf);
    }
}

/// A line of text to type.
pub struct Input<'a> {
    /// The prompt.
    pub prompt: &'a Prompt,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Input<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let popup = centered(area, 70, 6);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Save ").border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let lines = vec![
            Line::from(Span::styled(
                crate::printable::printable(&self.prompt.label).into_owned(),
                t.label,
            )),
            Line::from(vec![
                Span::styled(crate::printable::printable(&self.prompt.input).into_owned(), t.value),
                Span::styled("█", t.key),
            ]),
            Line::from(vec![
                Span::styled("Enter", t.key),
                Span::raw(" saves  "),
                Span::styled("Esc", t.key),
                Span::raw(" cancels"),
            ]),
        ];
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}
