//! Step mode's program pane and call stack: the strategy's program with the line the last step
//! carried out highlighted (and for the textbook, the body of its check `ok(r, c, d)`, the loop
//! that rejected each digit marked with the cell it met), and one frame per recursion level
//! (the decisions on the search's stack) with its cell, the digit being tried and the options
//! still left.

use super::panel::spaced;
use super::theme::Theme;
use crate::app::stepper::Stepper;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use sudoku_engine::search::program::{Language, Program, Role, Verdict, checks, skipped};
use sudoku_engine::{Cell, Decision, Digit, Guess, GuessOptions, Pos, Step, Strategy, Unit};

/// The rows the program pane needs for `strategy`'s program: its lines and the frame.
pub fn program_height(strategy: Strategy) -> u16 {
    let longest = [Language::Cpp, Language::Python]
        .into_iter()
        .map(|l| {
            let program = Program::of(strategy, l);
            program.lines.len() + program.ok.map_or(0, |ok| ok.lines.len() + 1)
        })
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

/// A line of the program pane: its number and code, its mark, and a note after it.
struct CodeLine {
    /// Its number in the program (1-based), `None` for a note on a line of its own.
    number: Option<usize>,
    text: &'static str,
    mark: Mark,
    note: Vec<String>,
}

/// How a line of the program pane stands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// An ordinary line.
    Plain,
    /// The line the last step carried out (`▶`).
    Current,
    /// The check that skipped digits (`✗`).
    Skipped,
    /// A loop of `ok()` that rejected a digit (`✗` on its test, the loop in the same colour).
    Rejected,
    /// The loop's head of a loop that rejected a digit.
    RejectedLoop,
    /// `ok()`'s `return true` for the digit placed (`✓`).
    Fits,
    /// `ok()`'s head, with the call's arguments.
    Called,
}

/// The style of a note after a line marked `mark`.
fn note_style_of(mark: Mark, t: &Theme) -> ratatui::style::Style {
    match mark {
        Mark::Current | Mark::Called => t.key,
        Mark::Skipped | Mark::Rejected | Mark::RejectedLoop => t.bad,
        Mark::Fits => t.good,
        Mark::Plain => t.dim,
    }
}

/// The notes of a line, longest first: the longest that fits the pane is shown.
fn notes_of(forms: &[String]) -> Vec<String> {
    forms
        .iter()
        .map(|f| format!("  ◀ {f}"))
        .chain([String::new()])
        .collect()
}

/// The pane's lines: the program (the last step's line marked current), and for the textbook, a
/// blank line and `ok()`'s body, marked for the last step.
fn code_lines(stepper: &Stepper, language: Language) -> Vec<CodeLine> {
    let program = Program::of(stepper.strategy(), language);
    let last = stepper.last();
    let previous = stepper.previous();
    let current = program.line_of(last.as_ref());
    let skipped = match (program.check, last) {
        (Some(_), Some(step)) => skipped(&step, previous.as_ref()),
        _ => Vec::new(),
    };
    let mut lines: Vec<CodeLine> = program
        .lines
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let (mark, note) = if i == current {
                (Mark::Current, Vec::new())
            } else if program.check == Some(i) && !skipped.is_empty() {
                // Always a run of digits: those from the first tried up to the guess.
                let (long, short) = match skipped[..] {
                    [one] => (format!("{one}"), format!("{one}")),
                    [first, .., last] => (format!("{first} to {last}"), format!("{first}-{last}")),
                    [] => (String::new(), String::new()),
                };
                (
                    Mark::Skipped,
                    notes_of(&[format!("{long} skipped"), format!("{short} skipped"), short]),
                )
            } else {
                (Mark::Plain, Vec::new())
            };
            CodeLine {
                number: Some(i + 1),
                text,
                mark,
                note,
            }
        })
        .collect();
    let Some(ok) = program.ok else { return lines };
    lines.push(CodeLine {
        number: None,
        text: "",
        mark: Mark::Plain,
        note: Vec::new(),
    });
    let first = lines.len();
    lines.extend(ok.lines.iter().enumerate().map(|(i, text)| CodeLine {
        number: Some(first + i + 1),
        text,
        mark: Mark::Plain,
        note: Vec::new(),
    }));
    // The calls that led to the guess just made, on the board as it was before it.
    let Some(step @ Step::Place { pos, digit, .. }) = last else {
        return lines;
    };
    let mut before = stepper.board();
    before.set(pos, Cell::Empty);
    let verdicts = checks(&before, &step, previous.as_ref());
    let Some(&(first_digit, _)) = verdicts.first() else {
        return lines;
    };
    let args = if first_digit == digit {
        format!("{}", digit)
    } else {
        format!("{first_digit}..{digit}")
    };
    lines[first].mark = Mark::Called;
    lines[first].note = notes_of(&[
        format!("ok({}, {}, {args}) for {pos}", pos.row(), pos.col()),
        format!("ok({}, {}, {args})", pos.row(), pos.col()),
        format!("d = {args}"),
    ]);
    for unit in [Unit::Row(0), Unit::Col(0), Unit::Box(0)] {
        let met: Vec<(Digit, Pos)> = verdicts
            .iter()
            .filter_map(|&(d, v)| match v {
                Verdict::Rejected { unit: u, holder }
                    if std::mem::discriminant(&u) == std::mem::discriminant(&unit) =>
                {
                    Some((d, holder))
                }
                _ => None,
            })
            .collect();
        let Some(&(latest, at)) = met.last() else { continue };
        let (head, end) = ok.loop_of(unit);
        let test = if end > head + 1 { head + 1 } else { end };
        for i in head..=end {
            lines[first + i].mark = if i == test { Mark::Rejected } else { Mark::RejectedLoop };
        }
        let all: Vec<String> = met.iter().map(|(d, p)| format!("{d} at {p}")).collect();
        let digits: Vec<String> = met.iter().map(|(d, _)| d.to_string()).collect();
        let mut forms = vec![format!("{} met", all.join(", "))];
        if met.len() > 1 {
            forms.push(format!(
                "{latest} at {at}, {} too",
                digits[..digits.len() - 1].join(" ")
            ));
        }
        forms.extend([format!("{latest} at {at}"), digits.join(" ")]);
        lines[first + test].note = notes_of(&forms);
    }
    if verdicts.last().is_some_and(|&(_, v)| v == Verdict::Fits) {
        lines[first + ok.fits].mark = Mark::Fits;
        lines[first + ok.fits].note = notes_of(&[format!("{digit} fits"), digit.to_string()]);
    }
    lines
}

/// Which of `lines` a pane of `rows` shows, in order: all if they fit; else, the marked ones
/// first (the current line and its neighbours, the check, `ok()`'s marked lines), then the
/// others nearest the current line, counting a row for each gap's `⋮`.
fn shown_lines(lines: &[CodeLine], current: usize, rows: usize) -> Vec<usize> {
    if lines.len() <= rows {
        return (0..lines.len()).collect();
    }
    let mut wanted: Vec<usize> = vec![current];
    wanted.extend(current.checked_sub(1));
    wanted.push(current + 1);
    wanted.extend((0..lines.len()).filter(|&i| lines[i].mark != Mark::Plain));
    let mut by_distance: Vec<usize> = (0..lines.len()).collect();
    by_distance.sort_by_key(|&i| i.abs_diff(current));
    wanted.extend(by_distance);
    let rows_for = |set: &std::collections::BTreeSet<usize>| {
        let gaps = set
            .iter()
            .zip(set.iter().skip(1))
            .filter(|(a, b)| **b > **a + 1)
            .count();
        let ends = usize::from(set.first().is_some_and(|&f| f > 0))
            + usize::from(set.last().is_some_and(|&l| l + 1 < lines.len()));
        set.len() + gaps + ends
    };
    let mut set = std::collections::BTreeSet::new();
    for i in wanted {
        if i >= lines.len() || set.contains(&i) {
            continue;
        }
        set.insert(i);
        if rows_for(&set) > rows {
            set.remove(&i);
        }
    }
    set.into_iter().collect()
}

impl Widget for ProgramPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let strategy = self.stepper.strategy();
        let code = code_lines(self.stepper, self.language);
        let block = Block::bordered()
            .title(format!(
                " {strategy} · {} (l: {}) ",
                self.language,
                self.language.next()
            ))
            .border_style(t.frame);
        let inner = block.inner(area);
        block.render(area, buf);
        let width = usize::from(inner.width);
        // A note with no room after its code goes on a line of its own under it, as far in as
        // the code, so that the digit and the cell the check met are read at any width.
        let code: Vec<CodeLine> = code
            .into_iter()
            .flat_map(|c| {
                let room = width.saturating_sub(4 + c.text.chars().count());
                let fits = c.note.iter().any(|n| !n.is_empty() && n.chars().count() <= room);
                let alone = c.note.iter().find(|n| !n.is_empty() && n.chars().count() + 6 <= width);
                match alone {
                    Some(note) if !fits => {
                        let note = format!("↳ {}", note.trim_start().trim_start_matches("◀ "));
                        let indent = (c.text.len() - c.text.trim_start().len())
                            .min(width.saturating_sub(4 + note.chars().count()));
                        let under = CodeLine {
                            number: None,
                            text: "",
                            mark: c.mark,
                            note: vec![format!("{}{note}", " ".repeat(indent))],
                        };
                        let above = CodeLine { note: Vec::new(), ..c };
                        vec![above, under]
                    }
                    _ => vec![c],
                }
            })
            .collect();
        let current = code.iter().position(|c| c.mark == Mark::Current).unwrap_or(0);
        let line_of = |_: usize, c: &CodeLine| {
            let number = match c.number {
                Some(n) => format!("{n:>2} "),
                None => "   ".to_string(),
            };
            let room = width.saturating_sub(4 + c.text.chars().count());
            let note = c
                .note
                .iter()
                .find(|n| n.chars().count() <= room)
                .cloned()
                .unwrap_or_default();
            let (sign, sign_style, text_style, note_style) = match c.mark {
                // A note under its line: no sign of its own.
                mark if c.number.is_none() && mark != Mark::Plain => (" ", t.dim, t.value, note_style_of(mark, t)),
                Mark::Current => ("▶", t.key, t.selected, t.key),
                Mark::Skipped => ("✗", t.bad, t.value, t.bad),
                // The whole loop that said no stands out, its test marked.
                Mark::Rejected => ("✗", t.bad, t.bad, t.bad),
                Mark::RejectedLoop => (" ", t.bad, t.bad, t.bad),
                Mark::Fits => ("✓", t.good, t.good, t.good),
                Mark::Called => (" ", t.key, t.key, t.key),
                Mark::Plain => (" ", t.dim, t.value, t.dim),
            };
            let text = if c.mark == Mark::Current {
                let w = width.saturating_sub(4);
                format!("{:<w$}", c.text)
            } else {
                c.text.to_string()
            };
            let number_style = if c.mark == Mark::Current { t.key } else { t.dim };
            Line::from(vec![
                Span::styled(sign, sign_style),
                Span::styled(number, number_style),
                Span::styled(text, text_style),
                Span::styled(note, note_style),
            ])
        };
        let shown = shown_lines(&code, current, usize::from(inner.height));
        let mut lines: Vec<Line> = Vec::new();
        let mut next = 0;
        for i in shown {
            if i > next {
                lines.push(Line::from(Span::styled("   ⋮", t.dim)));
            }
            lines.push(line_of(i, &code[i]));
            next = i + 1;
        }
        if next < code.len() {
            lines.push(Line::from(Span::styled("   ⋮", t.dim)));
        }
        Paragraph::new(lines).render(inner, buf);
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
