//! Step mode's tree screen: the search as a tree of guesses, one line per guess kept (its depth,
//! the cell and digit, how it turned out), the path the search stands on highlighted, dead ends
//! with their reason, solutions, and subtrees shut or folded as one line with their size; beside
//! or under it, the selected guess in full.

use super::panel::wrap;
use super::theme::Theme;
use crate::app::Message;
use crate::app::stepper::Stepper;
use crate::app::tree_screen::{Shown, Standing, TreeLine, TreeScreen};
use crate::text::{compact, counted, counted_as, grouped};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use sudoku_engine::search::tree::{Ending, Tree};

/// The columns of the details beside the tree on a wide screen.
const DETAIL_WIDTH: u16 = 40;

/// Screens at least this wide show the details beside the tree, narrower ones under it.
const DETAIL_BESIDE_FROM: u16 = 100;

/// The rows of the details under the tree on a narrow screen (its frame's line and four): at
/// 80x24 the tree keeps 15 lines, the BOJ sample's whole tree.
const DETAIL_ROWS: u16 = 5;

/// Lines above the tree's own: the totals and the legend.
const HEAD_ROWS: u16 = 2;

/// The tree screen's areas in `body`: the tree's lines (with its two head lines), the details.
pub fn areas(body: Rect) -> (Rect, Rect) {
    if body.width >= DETAIL_BESIDE_FROM {
        // At 100 columns a little narrower, so that the tree's line keeps its words.
        let detail_w = if body.width < 120 {
            DETAIL_WIDTH - 6
        } else {
            DETAIL_WIDTH
        };
        let tree = Rect::new(body.x + 1, body.y, body.width - detail_w - 2, body.height);
        let detail = Rect::new(tree.right() + 1, body.y, detail_w, body.height);
        (tree, detail)
    } else {
        let rows = DETAIL_ROWS.min(body.height / 2);
        let tree = Rect::new(body.x + 1, body.y, body.width.saturating_sub(2), body.height - rows);
        let detail = Rect::new(body.x, tree.bottom(), body.width, rows);
        (tree, detail)
    }
}

/// How many of the tree's lines a screen's `body` shows at once: a page.
pub fn page_rows(body: Rect) -> usize {
    usize::from(areas(body).0.height.saturating_sub(HEAD_ROWS))
}

/// The tree screen.
pub struct TreeView<'a> {
    /// The search.
    pub stepper: &'a Stepper,
    /// What is selected and opened.
    pub screen: &'a TreeScreen,
    /// The note about the last action, said in the details' last lines.
    pub message: Option<&'a Message>,
    /// The styles.
    pub theme: &'a Theme,
}

/// The glyph of how a line shows its children: open, shut or folded, or none.
fn glyph(shown: Shown) -> &'static str {
    match shown {
        Shown::Opened => "▾",
        Shown::Shut | Shown::Folded => "▸",
        Shown::Leaf => " ",
    }
}

/// The mark of how a guess turned out, and its style.
fn mark(line: &TreeLine, t: &Theme) -> (&'static str, Style) {
    match (line.node.ending, line.standing) {
        (Ending::DeadEnd, _) => ("✗", t.bad),
        (Ending::Solution, _) => ("★", t.good),
        (_, Standing::Current) => ("●", t.key),
        _ => (" ", t.value),
    }
}

/// A count and its noun, in full or compact (`53.59M guesses`).
fn count_as(n: u64, one: &str, many: &str, full: bool) -> String {
    match (full, n) {
        (true, _) => counted_as(n, one, many),
        (false, 1) => format!("1 {one}"),
        (false, _) => format!("{} {many}", compact(n, 2)),
    }
}

/// A subtree's size in words, the longest form first: `1,204 guesses · 800 dead ends · to
/// depth 12`, then shorter ones.
fn size_forms(line: &TreeLine) -> Vec<String> {
    let s = line.node.size;
    let form = |full: bool, depth: bool| {
        let mut words = vec![
            count_as(s.guesses, "guess", "guesses", full),
            count_as(s.dead_ends, "dead end", "dead ends", full),
        ];
        if s.solutions > 0 {
            words.push(count_as(s.solutions, "solution", "solutions", full));
        }
        if depth {
            words.push(format!("to depth {}", line.node.deepest));
        }
        words.join(" · ")
    };
    vec![
        form(true, true),
        form(false, true),
        form(false, false),
        count_as(s.guesses, "guess", "guesses", false),
    ]
}

/// What a line says after its guess, the longest form first (the longest that fits is shown).
fn notes(tree: &Tree, line: &TreeLine) -> Vec<String> {
    match (line.node.ending, line.shown) {
        (Ending::DeadEnd, _) => match tree.dead_end(line.id) {
            Some(dead) => vec![dead.describe(line.node.depth), dead.empty.to_string()],
            None => vec!["dead end: no solution follows".to_string()],
        },
        (Ending::Solution, _) => vec!["solution: every cell filled".to_string(), "solution".to_string()],
        (_, Shown::Folded) => size_forms(line).into_iter().map(|f| format!("folded: {f}")).collect(),
        (_, Shown::Shut) => size_forms(line),
        (Ending::Failed, _) => vec![
            format!(
                "every guess below it failed ({})",
                counted_as(line.node.size.guesses - 1, "guess", "guesses")
            ),
            "all below failed".to_string(),
        ],
        (Ending::LeadsToSolutions, _) if line.node.closed_at.is_some() => vec!["solutions below".to_string()],
        (_, Shown::Opened | Shown::Leaf) if line.standing == Standing::Current => {
            vec!["the guess the search is on".to_string(), "now".to_string()]
        }
        _ => Vec::new(),
    }
}

/// The first of `forms` that fits `room` columns, else the first cut to fit.
fn fitting(forms: &[String], room: usize) -> String {
    forms
        .iter()
        .find(|f| f.chars().count() <= room)
        .cloned()
        .unwrap_or_else(|| forms.first().map_or_else(String::new, |f| cut(f, room)))
}

impl TreeView<'_> {
    /// The totals and the legend, each in the longest form that fits `width`.
    fn head(&self, tree: &Tree, width: usize) -> Vec<Line<'static>> {
        let t = self.theme;
        let total = tree.totals();
        let totals = |full: bool| {
            format!(
                "TREE {} · step {} · {} · {} · {}",
                tree.strategy(),
                if full {
                    grouped(self.stepper.position())
                } else {
                    compact(self.stepper.position(), 2)
                },
                count_as(total.guesses, "guess", "guesses", full),
                count_as(total.dead_ends, "dead end", "dead ends", full),
                count_as(total.solutions, "solution", "solutions", full),
            )
        };
        let head = fitting(&[totals(true), totals(false)], width);
        let kept = match tree.folded() {
            0 => String::new(),
            folded => format!(
                " · {} kept, {} folded",
                compact(tree.kept() as u64, 1),
                compact(folded, 1)
            ),
        };
        let legend = fitting(
            &[
                format!("● now  ✗ dead end  ★ solution  ▸ shut  ▾ open{kept}"),
                format!("● now ✗ dead end ★ solution ▸ shut{kept}"),
                format!("✗ dead end ★ solution ▸ shut{kept}"),
                "● now ✗ dead end ★ solution ▸ shut".to_string(),
            ],
            width,
        );
        vec![
            Line::from(Span::styled(head, t.key)),
            Line::from(Span::styled(legend, t.dim)),
        ]
    }

    /// One line of the tree, `indent` columns in, `selected` or not.
    fn line(&self, tree: &Tree, line: &TreeLine, indent: usize, width: usize, selected: bool) -> Line<'static> {
        let t = self.theme;
        let label = match line.node.guess {
            Some((pos, digit)) => format!("{pos}={digit}"),
            None => "start".to_string(),
        };
        let (mark, mark_style) = mark(line, t);
        let label_style = match (line.node.ending, line.standing) {
            (Ending::DeadEnd, _) => t.bad,
            (Ending::Solution, _) => t.good,
            (_, Standing::Current | Standing::OnPath) => t.key,
            _ => t.value,
        };
        let on_path = line.standing != Standing::Off;
        let depth = format!("{:>2} ", line.node.depth);
        let lead = format!("{}{} ", " ".repeat(indent), glyph(line.shown));
        let used = depth.chars().count() + lead.chars().count() + 2 + label.chars().count() + 2;
        let note = fitting(&notes(tree, line), width.saturating_sub(used));
        let mut spans = vec![
            Span::styled(depth, t.dim),
            Span::styled(lead, if on_path { t.key } else { t.dim }),
            Span::styled(format!("{mark} "), mark_style),
            Span::styled(label, label_style),
            Span::styled(format!("  {note}"), if on_path { t.value } else { t.dim }),
        ];
        if selected {
            for span in &mut spans {
                span.style = span.style.add_modifier(Modifier::REVERSED);
            }
            let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
            spans.push(Span::styled(" ".repeat(width.saturating_sub(used)), t.selected));
        }
        Line::from(spans)
    }

    /// The selected guess in full, with what to do with it.
    fn details(&self, tree: &Tree, line: &TreeLine, width: usize, rows: usize) -> Vec<Line<'static>> {
        let t = self.theme;
        let n = &line.node;
        let mut out: Vec<(String, Style)> = Vec::new();
        let when = match (n.guess, n.closed_at) {
            (None, _) => "The start: the board before any guess (step 0)".to_string(),
            (Some((pos, digit)), Some(back)) => format!(
                "Guess {pos}={digit} at depth {}: made at step {}, taken back at step {}",
                n.depth,
                grouped(n.placed_at),
                grouped(back)
            ),
            (Some((pos, digit)), None) => format!(
                "Guess {pos}={digit} at depth {}: made at step {}, on the stack now",
                n.depth,
                grouped(n.placed_at)
            ),
        };
        out.push((when, t.key));
        let (ending, style) = match n.ending {
            Ending::DeadEnd => (
                format!(
                    "✗ dead end: {}",
                    tree.dead_end(line.id)
                        .map_or_else(|| "no solution follows".to_string(), |d| d.describe(n.depth))
                ),
                t.bad,
            ),
            Ending::Solution => ("★ a solution: every cell filled".to_string(), t.good),
            Ending::LeadsToSolutions => ("solutions were found below it".to_string(), t.good),
            Ending::Failed => ("every guess below it failed: taken back".to_string(), t.value),
            Ending::Open if line.standing == Standing::Current => ("the guess the search is on".to_string(), t.key),
            Ending::Open => ("on the stack: the search is below it".to_string(), t.value),
        };
        out.push((ending, style));
        let s = n.size;
        let below = match line.shown {
            Shown::Folded => "Folded to make room; it amounted to",
            _ if n.guess.is_none() => "The whole search so far:",
            _ => "With what is below it:",
        };
        out.push((
            format!(
                "{below} {}, {}, {}, {}, {}; deepest {}",
                counted_as(s.guesses, "guess", "guesses"),
                counted(s.placements, "placement"),
                counted(s.backtracks, "backtrack"),
                counted(s.dead_ends, "dead end"),
                counted(s.solutions, "solution"),
                n.deepest
            ),
            t.value,
        ));
        out.push((format!("Enter: the search to step {}", grouped(n.placed_at)), t.dim));
        let mut lines = Vec::new();
        for (text, style) in out {
            for piece in wrap(&text, width.max(8)) {
                lines.push(Line::from(Span::styled(piece, style)));
            }
        }
        // The note about the last action takes the last lines there are room for.
        if let Some(message) = self.message {
            let style = if message.is_error { t.bad } else { t.good };
            let said: Vec<Line<'static>> = wrap(&message.text, width.max(8))
                .into_iter()
                .map(|piece| Line::from(Span::styled(piece, style)))
                .collect();
            let keep = rows.saturating_sub(said.len().min(rows / 2).max(1));
            lines.truncate(keep);
            lines.extend(said.into_iter().take(rows - keep));
        }
        lines
    }
}

/// `text` cut to `width` characters, the cut marked with `…`.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    if width == 0 {
        String::new()
    } else {
        format!("{kept}…")
    }
}

impl Widget for TreeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < 20 || area.height < 6 {
            return;
        }
        let t = self.theme;
        let tree = self.stepper.tree();
        let lines = self.screen.lines(tree, self.stepper.position());
        let selected = self.screen.selected(tree, &lines);
        let (tree_area, detail_area) = areas(area);
        let width = usize::from(tree_area.width);
        let rows = usize::from(tree_area.height.saturating_sub(HEAD_ROWS));
        let first = selected.saturating_sub(rows / 2).min(lines.len().saturating_sub(rows));
        // Deep paths are shifted left so that the selected line starts in the left third; the
        // depth column says the true depth.
        let room = width.saturating_sub(34);
        let shift = lines.get(selected).map_or(0, |l| l.node.depth.saturating_sub(room / 2));
        let mut out = self.head(tree, width);
        for (i, line) in lines.iter().enumerate().skip(first).take(rows) {
            let indent = line.node.depth.saturating_sub(shift).min(room);
            out.push(self.line(tree, line, indent, width, i == selected));
        }
        Paragraph::new(out).render(tree_area, buf);
        let Some(line) = lines.get(selected) else { return };
        let block = if detail_area.y > area.y {
            Block::new().borders(Borders::TOP)
        } else {
            Block::new().borders(Borders::LEFT)
        }
        .border_style(t.frame)
        .title(" selected ");
        let inner = block.inner(detail_area);
        block.render(detail_area, buf);
        let inner = Rect::new(inner.x + 1, inner.y, inner.width.saturating_sub(1), inner.height);
        let rows = usize::from(inner.height);
        Paragraph::new(self.details(tree, line, usize::from(inner.width), rows)).render(inner, buf);
    }
}
