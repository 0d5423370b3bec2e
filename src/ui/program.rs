//! Step mode's program pane and call stack: the strategy's program with the line the last step
//! carried out highlighted, and one frame per recursion level (the decisions on the search's
//! stack) with its cell, the digit being tried and the options still left.

use super::panel::spaced;
use super::theme::Theme;
use crate::app::stepper::Stepper;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use sudoku_engine::search::program::{Language, Program, Role, skipped};
use sudoku_engine::{Decision, Guess, GuessOptions, Strategy};

/// The rows the program pane needs for `strategy`'s program: its lines and the frame.
pub fn program_height(strategy: Strategy) -> u16 {
    let longest = [Language::Cpp, Language::Python]
        .into_iter()
        .map(|l| Program::of(strategy, l).lines.len())
        .max()
        .unwrap_or(0);
    longest as u16 + 2
}

/// The widest program of any strategy, with its line numbers and frame.
pub const PROGRAM_WIDTH: u16 = 40 + 4 + 2;

/// The program with the current line highlighted.
pub struct ProgramPane<'a> {
    /// The search.
    pub stepper: &'a Stepper,
    /// The form it is written in.
    pub language: Language,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ProgramPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let strategy = self.stepper.strategy();
        let program = Program::of(strategy, self.language);
        let last = self.stepper.last();
        let current = program.line_of(last.as_ref());
        // The textbook's check skipped these digits on the way to the guess: that line ran too.
        let skipped = match (program.check, last) {
            (Some(check), Some(step)) => {
                Some((check, skipped(&step, self.stepper.previous().as_ref()))).filter(|(_, digits)| !digits.is_empty())
            }
            _ => None,
        };
        let block = Block::bordered()
            .title(format!(
                " {strategy} · {} (l: {}) ",
                self.language,
                self.language.next()
            ))
            .border_style(t.frame);
        let inner = block.inner(area);
        block.render(area, buf);
        let lines: Vec<Line> = program
            .lines
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let number = format!("{:>2} ", i + 1);
                if i == current {
                    let width = usize::from(inner.width).saturating_sub(4);
                    Line::from(vec![
                        Span::styled("▶", t.key),
                        Span::styled(number, t.key),
                        Span::styled(format!("{text:<width$}"), t.selected),
                    ])
                } else if let Some((_, digits)) = skipped.as_ref().filter(|(check, _)| *check == i) {
                    // Always a run of digits: those from the first tried up to the guess. The
                    // longest note that fits the pane.
                    let (long, short) = match digits[..] {
                        [one] => (format!("{one}"), format!("{one}")),
                        [first, .., last] => (format!("{first} to {last}"), format!("{first}-{last}")),
                        [] => (String::new(), String::new()),
                    };
                    let room = usize::from(inner.width).saturating_sub(4 + text.chars().count());
                    let note = [
                        format!("  ◀ {long} skipped"),
                        format!("  ◀ {short} skipped"),
                        format!(" ◀ {short}"),
                    ]
                    .into_iter()
                    .find(|n| n.chars().count() <= room)
                    .unwrap_or_default();
                    Line::from(vec![
                        Span::styled("✗", t.bad),
                        Span::styled(number, t.dim),
                        Span::styled(*text, t.value),
                        Span::styled(note, t.bad),
                    ])
                } else {
                    Line::from(vec![
                        Span::raw(" "),
                        Span::styled(number, t.dim),
                        Span::styled(*text, t.value),
                    ])
                }
            })
            .collect();
        // A short pane shows the lines around the current one.
        let rows = usize::from(inner.height);
        let first = if lines.len() <= rows {
            0
        } else {
            current.saturating_sub(rows / 2).min(lines.len() - rows)
        };
        Paragraph::new(lines.into_iter().skip(first).collect::<Vec<_>>()).render(inner, buf);
    }
}

/// What the last step did on the program's line, in words, for the panel.
pub fn line_says(role: Role) -> &'static str {
    match role {
        Role::Start => "the first call comes next",
        Role::Guess => "a digit tried; the next call goes deeper",
        Role::Undo => "the call below returned; digit taken back",
        Role::Forced => "a digit that follows from the board",
        Role::Unforce => "a forced digit taken back with its guess",
        Role::Solved => "a solution (the search goes on for another)",
        Role::Exhausted => "the first call returned: no more solutions",
    }
}

/// One frame of the call stack, `index` levels from the first call: the call, its subject (a
/// cell and the digit in it, or a digit and the cell of its unit it is in), and the options
/// left.
pub fn frame_line(strategy: Strategy, index: usize, decision: &Decision) -> String {
    let call = match strategy {
        Strategy::Naive => format!("dfs({index})"),
        Strategy::Mrv => "dfs()".into(),
        // Dlx, Fast, and any strategy to come: a search without a cell index.
        _ => "search()".into(),
    };
    let left = match decision.remaining {
        GuessOptions::Digits(d) => spaced(d),
        GuessOptions::Cells(cells) if cells.is_empty() => "-".into(),
        GuessOptions::Cells(cells) => cells.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" "),
    };
    let subject = match (decision.choice, decision.current) {
        (Guess::Cell(pos), Some((_, digit))) => format!("{pos} d={digit}"),
        (Guess::Cell(pos), None) => format!("{pos} d=-"),
        (Guess::Place(digit, unit), Some((pos, _))) => format!("{digit} in {unit}: {pos}"),
        (Guess::Place(digit, unit), None) => format!("{digit} in {unit}: -"),
    };
    format!("{call:<8} {subject}  left {left}")
}

/// The call stack, deepest frame at the bottom.
pub struct StackPane<'a> {
    /// The search.
    pub stepper: &'a Stepper,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for StackPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let strategy = self.stepper.strategy();
        let decisions = self.stepper.decisions();
        let block = Block::bordered()
            .title(format!(" call stack: {} ", frames(decisions.len())))
            .border_style(t.frame);
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = usize::from(inner.height);
        if rows == 0 {
            return;
        }
        let mut lines: Vec<Line> = Vec::new();
        // The deepest frames matter most: those that fit, with a line for the rest above.
        let skipped = decisions.len().saturating_sub(rows);
        let skipped = if skipped > 0 { skipped + 1 } else { 0 };
        if skipped > 0 {
            lines.push(Line::from(Span::styled(format!("… {} frames above", skipped), t.dim)));
        }
        let top = decisions.len().saturating_sub(1);
        for (i, decision) in decisions.iter().enumerate().skip(skipped) {
            let text = frame_line(strategy, i, decision);
            lines.push(if i == top {
                Line::from(Span::styled(text, t.key))
            } else {
                Line::from(Span::styled(text, t.value))
            });
        }
        if decisions.is_empty() {
            lines.push(Line::from(Span::styled("(no call on the stack)", t.dim)));
        }
        Paragraph::new(lines).render(inner, buf);
    }
}

/// "1 frame", "12 frames".
fn frames(n: usize) -> String {
    if n == 1 {
        "1 frame".into()
    } else {
        format!("{n} frames")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::{Board, Search, Step};

    #[test]
    fn frames_name_the_call_the_cell_the_digit_and_what_is_left() {
        let board: Board = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/boj-2580-sample.txt"))
            .unwrap()
            .parse()
            .unwrap();
        let mut search = Search::new(&board, Strategy::Naive).unwrap();
        let first = search.next();
        assert!(matches!(first, Some(Step::Place { .. })));
        let decisions = search.decisions();
        let line = frame_line(Strategy::Naive, 0, &decisions[0]);
        assert!(line.starts_with("dfs(0)   r1c1 d="), "{line}");
        assert!(line.contains("left"), "{line}");
    }
}
