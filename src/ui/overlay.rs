//! What can be drawn over the screen: the help screen (from the key table, scrolled when it does
//! not fit), a question, the save prompt, and the offer of recovered work. The dialogs that
//! answer for something (a question, the save prompt, the offer) show the message about the
//! last action inside them: the panel's, beside a dialog, would show half hidden.

use super::keys::help_sections;
use super::theme::Theme;
use crate::app::step_mode::LinePrompt;
use crate::app::{Message, Overlay, Prompt, Question, RecoveryOffer};
use crate::text::{printable, printable_os};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};
use sudoku_engine::Format;

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

/// Whether `overlay` shows the message about the last action itself (the panel then does not).
pub fn shows_message(overlay: &Overlay) -> bool {
    matches!(
        overlay,
        Overlay::Question(_) | Overlay::Prompt(_) | Overlay::Recovery(_)
    )
}

/// The message about the last action, after a blank line, wrapped to `width` (the inside of a
/// dialog, which grows by as many lines); none without one.
fn message_lines(message: Option<&Message>, width: u16, t: &Theme) -> Vec<Line<'static>> {
    let Some(message) = message else {
        return Vec::new();
    };
    let style = if message.is_error { t.bad } else { t.good };
    std::iter::once(Line::default())
        .chain(
            super::panel::wrap(&message.text, usize::from(width))
                .into_iter()
                .map(|piece| Line::from(Span::styled(piece, style))),
        )
        .collect()
}

/// The width of the keys column of the help screen.
const KEYS_WIDTH: usize = 14;

/// The help screen, scrolled down `scroll` lines.
pub struct Help<'a> {
    /// Lines scrolled past.
    pub scroll: usize,
    /// The styles.
    pub theme: &'a Theme,
}

/// The help's sections, as the key table gives them.
type Sections<'k> = [(&'k str, Vec<(&'k str, &'k str)>)];

/// The help as lines of one column, section by section, each key's words wrapped to `words`
/// columns under themselves (a line is never cut at the frame).
fn help_column(sections: &Sections, words: usize, t: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (section, keys) in sections {
        if !lines.is_empty() {
            lines.push(Line::default());
        }
        lines.push(Line::from(Span::styled(section.to_string(), t.label)));
        for (key, what) in keys {
            for (i, piece) in super::panel::wrap(what, words).into_iter().enumerate() {
                let key = if i == 0 { *key } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {key:<KEYS_WIDTH$}"), t.key),
                    Span::styled(piece, t.value),
                ]));
            }
        }
    }
    lines
}

/// The width of a help column: the widest line.
fn help_column_width(sections: &Sections) -> usize {
    sections
        .iter()
        .flat_map(|(_, keys)| keys.iter().map(|(_, what)| what.chars().count()))
        .max()
        .unwrap_or(0)
        + KEYS_WIDTH
        + 2
}

/// The help laid out in `area`: its frame's width, and its columns (two side by side when they
/// fit whole, else one, its words wrapped to the width there is).
fn help_columns(area: Rect, t: &Theme) -> (usize, Vec<Line<'static>>, Vec<Line<'static>>) {
    let sections = help_sections();
    let widest = help_column_width(&sections);
    if usize::from(area.width) >= 2 * widest + 4 {
        let (a, b) = sections.split_at(sections.len().div_ceil(2));
        return (2 * widest + 4, help_column(a, widest, t), help_column(b, widest, t));
    }
    // One column takes the whole width, so that nothing of the screen behind shows at its sides.
    let width = usize::from(area.width);
    let words = width.saturating_sub(2 + 1 + KEYS_WIDTH).max(8);
    (width, help_column(&sections, words, t), Vec::new())
}

/// The most lines the help can be scrolled down in `area` (the screen's body): past that, the
/// last line would leave the bottom of its frame.
pub fn help_max_scroll(area: Rect) -> usize {
    let (_, left, right) = help_columns(area, &Theme::new(true));
    let content = left.len().max(right.len());
    content.saturating_sub(usize::from(area.height.saturating_sub(2)))
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let (width, left, right) = help_columns(area, t);
        let two = !right.is_empty();
        let content_height = left.len().max(right.len());
        let popup = centered(area, width as u16, content_height as u16 + 2);
        Clear.render(popup, buf);
        let rows = usize::from(popup.height.saturating_sub(2));
        let scroll = self.scroll.min(content_height.saturating_sub(rows));
        let more = scroll + rows < content_height;
        let title = match (scroll > 0, more) {
            (_, true) => " Keys — ↓ more; Tab: words; Esc closes ",
            (true, false) => " Keys — ↑ back; Tab: words; Esc closes ",
            (false, false) => " Keys — Tab: words; Esc or ? closes ",
        };
        let block = Block::bordered().title(title).border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let skip = |lines: Vec<Line<'static>>| lines.into_iter().skip(scroll).collect::<Vec<_>>();
        if two {
            let half = inner.width / 2;
            Paragraph::new(skip(left)).render(Rect { width: half, ..inner }, buf);
            Paragraph::new(skip(right)).render(
                Rect {
                    x: inner.x + half,
                    width: inner.width - half,
                    ..inner
                },
                buf,
            );
        } else {
            Paragraph::new(skip(left)).render(inner, buf);
        }
    }
}

/// The width of the words column of the help's page of words.
const WORD_WIDTH: usize = 16;

/// The help's page of words as lines in `width` columns: each word, and what it means wrapped
/// under itself beside it.
fn words_lines(width: usize, t: &Theme) -> Vec<Line<'static>> {
    let room = width.saturating_sub(WORD_WIDTH + 2).max(8);
    let mut lines = vec![Line::from(Span::styled(
        "The words of step mode, the tree and the race",
        t.label,
    ))];
    for term in super::glossary::TERMS {
        for (i, piece) in super::panel::wrap(term.means, room).into_iter().enumerate() {
            let word = if i == 0 { term.word } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {word:<w$}", w = WORD_WIDTH), t.key),
                Span::styled(piece, t.value),
            ]));
        }
    }
    lines
}

/// The frame's width of the page of words in `area`: the whole width, up to 100 columns.
fn words_width(area: Rect) -> u16 {
    area.width.min(100)
}

/// The most lines the page of words can be scrolled down in `area` (the screen's body).
pub fn words_max_scroll(area: Rect) -> usize {
    let lines = words_lines(usize::from(words_width(area).saturating_sub(2)), &Theme::new(true));
    lines.len().saturating_sub(usize::from(area.height.saturating_sub(2)))
}

/// The help's page of words, scrolled down `scroll` lines.
pub struct Words<'a> {
    /// Lines scrolled past.
    pub scroll: usize,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Words<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let width = words_width(area);
        let lines = words_lines(usize::from(width.saturating_sub(2)), t);
        let popup = centered(area, width, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        let rows = usize::from(popup.height.saturating_sub(2));
        let scroll = self.scroll.min(lines.len().saturating_sub(rows));
        let more = scroll + rows < lines.len();
        let title = match (scroll > 0, more) {
            (_, true) => " Words — ↓ more; Tab: keys; Esc closes ",
            (true, false) => " Words — ↑ back; Tab: keys; Esc closes ",
            (false, false) => " Words — Tab: keys; Esc or ? closes ",
        };
        let block = Block::bordered().title(title).border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        Paragraph::new(lines.into_iter().skip(scroll).collect::<Vec<_>>()).render(inner, buf);
    }
}

/// A question and its answers.
pub struct Ask<'a> {
    /// The question.
    pub question: &'a Question,
    /// The message about the last action, if any.
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Ask<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let width = 64.min(area.width);
        let text_lines = self
            .question
            .text
            .chars()
            .count()
            .div_ceil(usize::from(width.saturating_sub(2).max(1)));
        let message = message_lines(self.message, width.saturating_sub(2), t);
        let popup = centered(area, width, text_lines as u16 + 5 + message.len() as u16);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Please answer ").border_style(t.bad);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let mut answers = Vec::new();
        for answer in &self.question.answers {
            answers.push(Span::styled(answer.key.to_string(), t.key));
            answers.push(Span::raw(format!(" {}   ", answer.label)));
        }
        answers.push(Span::styled("Esc", t.key));
        answers.push(Span::raw(" cancel"));
        let mut lines = vec![
            Line::from(Span::styled(self.question.text.clone(), t.value)),
            Line::default(),
            Line::from(answers),
        ];
        lines.extend(message);
        Paragraph::new(lines).wrap(Wrap { trim: true }).render(inner, buf);
    }
}

/// The new-puzzle dialog: a level and a symmetry to choose.
pub struct NewPuzzle<'a> {
    /// The choices so far.
    pub choice: &'a crate::app::new_puzzle::Choice,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for NewPuzzle<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let popup = centered(area, 50.min(area.width), 9);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" New puzzle ").border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let line = |i: usize, label: &str, value: &str| {
            let chosen = self.choice.line == i;
            let style = if chosen { t.selected } else { t.value };
            Line::from(vec![
                Span::styled(if chosen { "▸ " } else { "  " }, t.key),
                Span::styled(format!("{label:<10}"), t.label),
                Span::styled(format!("◂ {value} ▸"), style),
            ])
        };
        let lines = vec![
            line(0, "Level", self.choice.level_name()),
            line(1, "Symmetry", self.choice.symmetry.name()),
            Line::default(),
            Line::from(Span::styled(
                "Unique and minimal; a level is rated as Sudoku Explainer does.",
                t.dim,
            )),
            Line::default(),
            Line::from(vec![
                Span::styled("↑↓", t.key),
                Span::raw(" choose  "),
                Span::styled("←→", t.key),
                Span::raw(" change  "),
                Span::styled("Enter", t.key),
                Span::raw(" make it  "),
                Span::styled("Esc", t.key),
                Span::raw(" cancel"),
            ]),
        ];
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}

/// The puzzle solved by hand: the time and the help used.
pub struct Solved<'a> {
    /// The game's record.
    pub play: crate::app::play::Play,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Solved<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let popup = centered(area, 44.min(area.width), 7);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Solved ").border_style(t.good);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let help = match (self.play.hints, self.play.checks) {
            (0, 0) => "without a hint or a check".to_string(),
            (h, c) => format!("with {} and {}", plural(h, "hint"), plural(c, "check")),
        };
        let lines = vec![
            Line::from(Span::styled("✓ Solved!", t.good)).centered(),
            Line::from(vec![
                Span::styled("in ", t.value),
                Span::styled(crate::app::play::clock_text(self.play.elapsed), t.key),
            ])
            .centered(),
            Line::from(Span::styled(help, t.value)).centered(),
            Line::from(vec![Span::styled("Enter", t.key), Span::raw(" closes")]).centered(),
        ];
        Paragraph::new(lines).wrap(Wrap { trim: true }).render(inner, buf);
    }
}

/// The game paused: the whole body cleared, so that the board cannot be studied while the
/// clock stands still, and the way back.
pub struct Paused<'a> {
    /// The time the clock stopped at.
    pub elapsed: std::time::Duration,
    /// What the last action said, if anything (a paste ignored while paused: it was never
    /// shown, the pause hiding the status line).
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Paused<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        Clear.render(area, buf);
        let said: Vec<Line> = self.message.map_or_else(Vec::new, |m| {
            let style = if m.is_error { t.bad } else { t.value };
            super::panel::wrap(&m.text, 42)
                .into_iter()
                .map(|piece| Line::from(Span::styled(piece, style)).centered())
                .collect()
        });
        let height = 6 + if said.is_empty() { 0 } else { said.len() as u16 + 1 };
        let popup = centered(area, 44.min(area.width), height.min(area.height));
        let block = Block::bordered().title(" Paused ").border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let mut lines = vec![
            Line::from(vec![
                Span::styled("The clock stopped at ", t.value),
                Span::styled(crate::app::play::clock_text(self.elapsed), t.key),
            ])
            .centered(),
            Line::from(Span::styled("the board is hidden meanwhile", t.dim)).centered(),
            Line::default(),
            Line::from(vec![Span::styled("P", t.key), Span::raw(" or Enter goes on")]).centered(),
        ];
        if !said.is_empty() {
            lines.push(Line::default());
            lines.extend(said);
        }
        Paragraph::new(lines).wrap(Wrap { trim: true }).render(inner, buf);
    }
}

/// The save prompt.
pub struct SavePrompt<'a> {
    /// The prompt.
    pub prompt: &'a Prompt,
    /// The message about the last action, if any (why the last save failed).
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for SavePrompt<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let width = 76.min(area.width).saturating_sub(2);
        let wrapped = |text: &str, style: Style| -> Vec<Line<'static>> {
            super::panel::wrap(text, usize::from(width))
                .into_iter()
                .map(|piece| Line::from(Span::styled(piece, style)))
                .collect()
        };
        // Every line wrapped here, so that the box is as tall as what it holds: a long name
        // typed wrapped over lines the box did not count, and the reason a save failed, last,
        // was cut off (attack A).
        let mut lines = wrapped(&printable(&self.prompt.label), t.label);
        // The name offered shown byte for byte: a lossy text of it would show another.
        let name = match &self.prompt.offered {
            Some(offered) => printable_os(offered.as_os_str()),
            None => printable(&self.prompt.input).into_owned(),
        };
        let mut name = wrapped(&name, t.value);
        if let Some(last) = name.last_mut() {
            last.spans.push(Span::styled("█", t.key));
        }
        lines.extend(name);
        lines.extend(wrapped(
            &format!("Format: {}", self.prompt.format.description()),
            t.value,
        ));
        let formats: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        lines.extend(wrapped(
            &format!(
                "Tab: next format ({}); .txt is a line unless Tab chooses",
                formats.join(" ")
            ),
            t.dim,
        ));
        if !self.prompt.format.keeps_entries() {
            lines.extend(wrapped(
                "This format holds givens only; progress (.swb) keeps entries and marks too",
                t.dim,
            ));
        }
        lines.push(Line::from(vec![
            Span::styled("Enter", t.key),
            Span::raw(" saves  "),
            Span::styled("Esc", t.key),
            Span::raw(" cancels"),
        ]));
        lines.extend(message_lines(self.message, width, t));
        let popup = centered(area, 76, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Save ").border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        Paragraph::new(lines).render(inner, buf);
    }
}

/// A line typed in step mode: a step to go to, breakpoints.
pub struct LineInput<'a> {
    /// The prompt.
    pub line: &'a LinePrompt,
    /// What was wrong with the last line entered, if anything.
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for LineInput<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let popup = centered(area, 76, 8);
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Step mode ").border_style(t.frame);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let mut lines = vec![
            Line::from(Span::styled(self.line.question(), t.label)),
            Line::from(vec![
                Span::styled(printable(&self.line.input).into_owned(), t.value),
                Span::styled("█", t.key),
            ]),
            Line::from(Span::styled(self.line.note(), t.dim)),
        ];
        if let Some(message) = self.message.filter(|m| m.is_error) {
            lines.push(Line::from(Span::styled(message.text.clone(), t.bad)));
        }
        lines.push(Line::from(vec![
            Span::styled("Enter", t.key),
            Span::raw(" goes  "),
            Span::styled("Esc", t.key),
            Span::raw(" cancels"),
        ]));
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}

/// The offer of work left by workbenches that stopped without a clean quit.
pub struct Recovery<'a> {
    /// The offer.
    pub offer: &'a RecoveryOffer,
    /// The message about the last action, if any (why the file named on the command line did
    /// not open, files not offered).
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for Recovery<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let older = self.offer.older > 0;
        let rows = self.offer.offers.len().min(8) as u16 + u16::from(older);
        let message = message_lines(self.message, 76.min(area.width).saturating_sub(2), t);
        let popup = centered(area, 76, rows + 6 + message.len() as u16);
        Clear.render(popup, buf);
        let block = Block::bordered()
            .title(" Unsaved work from an earlier session ")
            .border_style(t.bad);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let mut lines = vec![Line::from(Span::styled(
            "A workbench stopped without saving; its work was kept (newest first):",
            t.value,
        ))];
        let first = self.offer.selected.saturating_sub(7);
        for (i, offer) in self.offer.offers.iter().enumerate().skip(first).take(8) {
            let (marker, style) = if i == self.offer.selected {
                ("▸ ", t.selected)
            } else {
                ("  ", t.value)
            };
            lines.push(Line::from(Span::styled(format!("{marker}{}", offer.summary), style)));
        }
        if older {
            // Not read, let alone listed: the newest are what a crash a moment ago left.
            let count = self.offer.older;
            let ones = if count == 1 { "one" } else { "ones" };
            lines.push(Line::from(Span::styled(
                format!(
                    "  and {} older {ones}, offered once these are reopened or discarded",
                    crate::text::grouped(count as u64)
                ),
                t.dim,
            )));
        }
        lines.push(Line::default());
        lines.push(Line::from(vec![
            Span::styled("y", t.key),
            Span::raw(" reopen it   "),
            Span::styled("d", t.key),
            Span::raw(" discard it   "),
            Span::styled("Esc", t.key),
            Span::raw(" decide later (it is kept)"),
        ]));
        lines.extend(message);
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}
