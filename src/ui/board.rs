//! The board: heavy lines around boxes, light lines between cells, digits styled by who put them
//! there, blanks marked, and the cursor (or the cell the search is deciding), its row, column and
//! box, equal digits and conflicts highlighted. The aids of solving by hand are drawn here too:
//! the digit filter (cells where its digits can go shaded, with the digits in them even in
//! compact cells; cells holding them marked), the colours painted on cells and candidates (each
//! with its letter, so that they read without colour), and the marks of the cursor's digit.

use super::layout::CellSize;
use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;
use sudoku_engine::logic::Candidate;
use sudoku_engine::{Board, Cell, CellSet, Colour, Colours, Digit, DigitSet, Pos};

/// The mark of an empty cell.
pub const BLANK: char = '·';

/// An empty cell with pencil marks, in cells too small to show them.
pub const MARKED: char = '∷';

/// In a compact cell, after the two digits shown, that more of the filter's digits can go there.
pub const MORE: char = '…';

/// What the board shows and how.
pub struct BoardWidget<'a> {
    /// The board to draw.
    pub board: &'a Board,
    /// The focused cell: the cursor when editing, the cell being decided when stepping. Its row,
    /// column and box are shaded and equal digits emphasised.
    pub focus: Option<Pos>,
    /// Whether the focus is the search's current cell (drawn as such) rather than the cursor.
    pub focus_is_search: bool,
    /// Cells of the guesses on the search stack.
    pub decisions: CellSet,
    /// The pencil marks to show in empty cells (in full in large cells, as [`MARKED`] in
    /// compact ones), and whether they are the computed candidates rather than the user's.
    pub marks: Option<(&'a [DigitSet; 81], bool)>,
    /// What a hint or a check points at.
    pub guidance: Option<Guidance<'a>>,
    /// The digit filter, when it is on.
    pub filter: Option<Filter<'a>>,
    /// The colours painted on cells and candidates.
    pub colours: Option<&'a Colours>,
    /// The digit whose marks stand out in the marks of large cells (the cursor cell's digit).
    pub highlight: Option<Digit>,
    /// The size of one cell.
    pub cell: CellSize,
    /// The styles.
    pub theme: &'a Theme,
}

/// The digit filter as the board draws it.
#[derive(Clone, Copy, Debug)]
pub struct Filter<'a> {
    /// Its digits.
    pub digits: DigitSet,
    /// The candidates of each cell it reads: the player's marks where they have some, else
    /// the computed ones.
    pub possible: &'a [DigitSet; 81],
}

impl Filter<'_> {
    /// The filter's digits that can still go in `pos`.
    fn at(&self, pos: Pos) -> DigitSet {
        self.possible[pos.index()].intersection(self.digits)
    }
}

/// What a hint or a check points at on the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Guidance<'a> {
    /// Cells shaded: where a hint says to look, or its pattern.
    pub area: CellSet,
    /// Candidates that prove the hint.
    pub proof: &'a [Candidate],
    /// Candidates the hint removes.
    pub removals: &'a [Candidate],
    /// Digits the hint places.
    pub placements: &'a [Candidate],
    /// Cells a check found wrong.
    pub wrong: CellSet,
}

impl Guidance<'_> {
    /// The style of a compact cell's sign for its marks: whether the hint removes or uses any.
    fn sign_style(&self, pos: Pos, plain: Style, theme: &Theme) -> Style {
        if self.removals.iter().any(|c| c.pos == pos) {
            plain.patch(theme.hint_removal)
        } else if self.proof.iter().any(|c| c.pos == pos) {
            plain.patch(theme.hint_proof)
        } else {
            plain
        }
    }

    /// The style of the mark `d` in `pos`: a removal over a proof over a plain mark.
    fn mark_style(&self, pos: Pos, d: Digit, plain: Style, theme: &Theme) -> Style {
        let has = |list: &[Candidate]| list.iter().any(|c| c.pos == pos && c.digit == d);
        if has(self.removals) {
            plain.patch(theme.hint_removal)
        } else if has(self.proof) || has(self.placements) {
            plain.patch(theme.hint_proof)
        } else {
            plain
        }
    }

    /// The candidates of `pos` the hint names (its proof, removals and placements).
    fn named(&self, pos: Pos) -> DigitSet {
        self.proof
            .iter()
            .chain(self.removals)
            .chain(self.placements)
            .filter(|c| c.pos == pos)
            .map(|c| c.digit)
            .collect()
    }
}

impl BoardWidget<'_> {
    /// The style of the whole cell at `pos`: its peers' shade, who put its digit, the filter,
    /// its colour, a hint or check, a conflict, the cursor; each over the one before.
    fn cell_style(&self, pos: Pos, focus_digit: Option<Digit>, conflicts: CellSet) -> Style {
        let cell = self.board.cell(pos);
        let t = self.theme;
        let mut style = Style::new();
        if self.focus.is_some_and(|f| f.sees(pos)) {
            style = style.patch(t.peer);
        }
        style = style.patch(match cell {
            Cell::Empty => t.blank,
            Cell::Given(_) => t.given,
            Cell::Entry(_) => t.entry,
            Cell::Placed(_) => t.placed,
        });
        if self.decisions.contains(pos) {
            style = style.patch(t.decision);
        }
        if focus_digit.is_some() && cell.digit() == focus_digit {
            style = style.patch(t.same_digit);
        }
        if let Some(filter) = &self.filter {
            match cell.digit() {
                // (Not under the cursor, whose own colours say where it is.)
                Some(d) if filter.digits.contains(d) && self.focus != Some(pos) => style = style.patch(t.filter_holds),
                None if !filter.at(pos).is_empty() => style = style.patch(t.filter_cell),
                _ => {}
            }
        }
        let painted = self.colours.and_then(|c| c.cell(pos));
        if let Some(colour) = painted {
            style = style.patch(t.colour(colour));
        }
        if let Some(g) = &self.guidance {
            if g.area.contains(pos) {
                style = style.patch(t.hint_area);
            }
            if g.wrong.contains(pos) {
                style = style.patch(t.mistake);
            }
        }
        if conflicts.contains(pos) {
            style = style.patch(t.conflict);
        }
        if self.focus == Some(pos) {
            style = style.patch(match (self.focus_is_search, painted) {
                (true, _) => t.trying,
                // A painted cell keeps its colour under the cursor: the brackets show the cursor.
                (false, Some(_)) => Style::new().add_modifier(Modifier::BOLD),
                (false, None) => t.cursor,
            });
        }
        style
    }

    /// The style of the digit `d` among the marks or candidates of `pos`: `plain`, the cursor's
    /// digit, the filter's, the hint's, its colour.
    fn candidate_style(&self, pos: Pos, d: Digit, plain: Style, guidance: &Guidance) -> Style {
        let t = self.theme;
        let mut style = plain;
        if self.highlight == Some(d) {
            style = style.patch(t.same_digit);
        }
        if self.filter.is_some_and(|f| f.digits.contains(d)) {
            style = style.patch(t.filter_mark);
        }
        style = guidance.mark_style(pos, d, style, t);
        match self.colours.and_then(|c| c.candidate(pos, d)) {
            Some(colour) => style.patch(t.colour(colour)),
            None => style,
        }
    }

    /// The colour letter of the candidate `d` of `pos`, if it is painted.
    fn candidate_letter(&self, pos: Pos, d: Digit) -> Option<(char, Style)> {
        let colour = self.colours.and_then(|c| c.candidate(pos, d))?;
        Some(letter(colour, self.theme))
    }
}

/// A colour's letter and its style.
fn letter(colour: Colour, theme: &Theme) -> (char, Style) {
    (colour.letter(), theme.colour(colour).add_modifier(Modifier::BOLD))
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (w, h) = self.cell.board();
        if area.width < w || area.height < h {
            return;
        }
        draw_grid(area, buf, self.cell, self.theme.border);
        let conflicts = self.board.conflicting_cells();
        let focus_digit = self.focus.and_then(|p| self.board.digit(p));
        let mark_style = match self.marks {
            Some((_, true)) => self.theme.candidate,
            _ => self.theme.mark,
        };
        let guidance = self.guidance.unwrap_or_default();
        for pos in Pos::all() {
            let rect = Rect::new(
                area.x + 1 + pos.col() as u16 * (self.cell.width + 1),
                area.y + 1 + pos.row() as u16 * (self.cell.height + 1),
                self.cell.width,
                self.cell.height,
            );
            let cell = self.board.cell(pos);
            let focused = self.focus == Some(pos);
            buf.set_style(rect, self.cell_style(pos, focus_digit, conflicts));
            let painted = self.colours.and_then(|c| c.cell(pos)).map(|c| letter(c, self.theme));
            if self.cell.is_large() {
                // The marks shown, and where the filter is on, its digits that can go there
                // (a player who marks nothing still sees them).
                let marks = self
                    .marks
                    .map(|(all, _)| all[pos.index()])
                    .filter(|_| cell.digit().is_none())
                    .unwrap_or(DigitSet::EMPTY);
                let filtered = self.filter.map_or(DigitSet::EMPTY, |f| f.at(pos));
                let shown = Some(marks.union(filtered)).filter(|m| !m.is_empty() && cell.digit().is_none());
                let style = |d: Digit| {
                    let plain = if marks.contains(d) {
                        mark_style
                    } else {
                        self.theme.candidate
                    };
                    self.candidate_style(pos, d, plain, &guidance)
                };
                let letters = |d: Digit| self.candidate_letter(pos, d);
                draw_cell(buf, rect, cell, focused, shown, &style, &letters);
                if let Some((c, style)) = painted {
                    buf[(rect.x, rect.y)].set_char(c).set_style(style);
                }
                continue;
            }
            let placed = guidance.placements.iter().find(|c| c.pos == pos).map(|c| c.digit);
            let mid = (rect.x + rect.width / 2, rect.y + rect.height / 2);
            match (cell.digit(), placed) {
                // A compact cell has no room for marks: the digit the hint places stands there.
                (None, Some(d)) => {
                    draw_cell(buf, rect, cell, focused, None, &|_| mark_style, &|_| None);
                    buf[mid].set_char(d.to_char()).set_style(self.theme.hint_place);
                }
                (None, None) => {
                    let filtered = self.filter.map_or(DigitSet::EMPTY, |f| f.at(pos));
                    let digits = filtered.union(guidance.named(pos));
                    if digits.is_empty() {
                        // Small cells show only that the user marked a cell: every empty cell
                        // has computed candidates, so a sign for them would say nothing.
                        let marked = self
                            .marks
                            .is_some_and(|(all, computed)| !computed && !all[pos.index()].is_empty());
                        draw_sign(
                            buf,
                            rect,
                            focused,
                            marked,
                            guidance.sign_style(pos, mark_style, self.theme),
                        );
                        match painted {
                            Some((c, style)) if !focused => {
                                buf[(rect.x, rect.y)].set_char(c).set_style(style);
                            }
                            // Under the cursor the brackets take the letter's place: an empty,
                            // unmarked cell shows the letter inside them (`[a]`), so that its
                            // colour reads without colour too (it was hidden).
                            Some((c, style)) if !marked => {
                                buf[(rect.x + rect.width / 2, rect.y + rect.height / 2)]
                                    .set_char(c)
                                    .set_style(style);
                            }
                            _ => {}
                        }
                        continue;
                    }
                    let own = self
                        .marks
                        .is_some_and(|(all, computed)| !computed && !all[pos.index()].is_empty());
                    let plain = if own { mark_style } else { self.theme.candidate };
                    let style = |d: Digit| self.candidate_style(pos, d, plain, &guidance);
                    draw_compact_digits(buf, rect, digits, guidance.named(pos), &style);
                    if digits.len() == 1 {
                        let d = digits.first().expect("one digit");
                        if focused {
                            buf[(rect.x, rect.y)].set_char('[');
                            buf[(rect.right() - 1, rect.y)].set_char(']');
                        } else {
                            if let Some((c, style)) = painted {
                                buf[(rect.x, rect.y)].set_char(c).set_style(style);
                            }
                            if let Some((c, style)) = self.candidate_letter(pos, d) {
                                buf[(rect.right() - 1, rect.y)].set_char(c).set_style(style);
                            }
                        }
                    }
                }
                (Some(_), _) => {
                    draw_cell(buf, rect, cell, focused, None, &|_| mark_style, &|_| None);
                    if !focused && let Some((c, style)) = painted {
                        buf[(rect.x, rect.y)].set_char(c).set_style(style);
                    }
                }
            }
        }
    }
}

/// The digits of the filter (and of a hint) that can go in a compact cell, in its three
/// columns: one in the middle, two at the sides, three across; more than three as the two the
/// hint names first (else the lowest) and [`MORE`].
fn draw_compact_digits(
    buf: &mut Buffer,
    rect: Rect,
    digits: DigitSet,
    named: DigitSet,
    style: &dyn Fn(Digit) -> Style,
) {
    let y = rect.y + rect.height / 2;
    let shown: Vec<Digit> = if digits.len() <= 3 {
        digits.iter().collect()
    } else {
        let mut first: Vec<Digit> = named
            .intersection(digits)
            .iter()
            .chain(digits.difference(named).iter())
            .take(2)
            .collect();
        first.sort();
        first
    };
    let columns: &[u16] = match shown.len() {
        1 => &[1],
        2 if digits.len() <= 3 => &[0, 2],
        _ => &[0, 1, 2],
    };
    for (d, dx) in shown.iter().zip(columns) {
        buf[(rect.x + dx, y)].set_char(d.to_char()).set_style(style(*d));
    }
    if digits.len() > 3 {
        buf[(rect.x + 2, y)].set_char(MORE);
    }
}

/// An empty compact cell without digits to show: [`MARKED`] if the player marked it, else
/// [`BLANK`], with brackets around the cursor.
fn draw_sign(buf: &mut Buffer, rect: Rect, focused: bool, marked: bool, sign_style: Style) {
    let mid = (rect.x + rect.width / 2, rect.y + rect.height / 2);
    if focused {
        buf[(rect.x, mid.1)].set_char('[');
        buf[(rect.right() - 1, mid.1)].set_char(']');
    }
    if marked {
        buf[mid].set_char(MARKED).set_style(sign_style);
    } else {
        buf[mid].set_char(BLANK);
    }
}

/// Big digits for huge cells, three columns by five rows; the character draws who put the
/// digit there, so that it shows without colour too (see [`glyph_fill`]).
const BIG: [[&str; 5]; 9] = [
    [" x ", "xx ", " x ", " x ", "xxx"],
    ["xxx", "  x", "xxx", "x  ", "xxx"],
    ["xxx", "  x", "xxx", "  x", "xxx"],
    ["x x", "x x", "xxx", "  x", "  x"],
    ["xxx", "x  ", "xxx", "  x", "xxx"],
    ["xxx", "x  ", "xxx", "x x", "xxx"],
    ["xxx", "  x", "  x", "  x", "  x"],
    ["xxx", "x x", "xxx", "x x", "xxx"],
    ["xxx", "x x", "xxx", "  x", "xxx"],
];

/// The block a big digit is drawn with: full for a given, shaded for an entry, light for the
/// solver's digit.
fn glyph_fill(cell: Cell) -> char {
    match cell {
        Cell::Given(_) => '█',
        Cell::Entry(_) => '▓',
        _ => '░',
    }
}

/// The inside of one cell: the digit (big in huge cells), or pencil marks as a 3x3 block (each
/// painted one with its colour's letter after it), or the blank mark, with brackets around the
/// focused cell so that it shows without colour.
fn draw_cell(
    buf: &mut Buffer,
    rect: Rect,
    cell: Cell,
    focused: bool,
    marks: Option<DigitSet>,
    mark_style: &dyn Fn(Digit) -> Style,
    letters: &dyn Fn(Digit) -> Option<(char, Style)>,
) {
    let mid_x = rect.x + rect.width / 2;
    let mid_y = rect.y + rect.height / 2;
    if focused {
        buf[(rect.x, mid_y)].set_char('[');
        buf[(rect.right() - 1, mid_y)].set_char(']');
    }
    let huge = rect.height >= 5;
    match (cell.digit(), marks) {
        (Some(d), _) if huge => {
            let fill = glyph_fill(cell);
            for (dy, row) in BIG[d.index()].iter().enumerate() {
                for (dx, c) in row.chars().enumerate() {
                    if c == 'x' {
                        buf[(mid_x - 1 + dx as u16, rect.y + dy as u16)].set_char(fill);
                    }
                }
            }
        }
        (Some(d), _) => {
            buf[(mid_x, mid_y)].set_char(d.to_char());
        }
        (None, Some(marks)) if rect.height >= 3 => {
            // A 3x3 block of marks, spaced out in huge cells.
            let (step_x, step_y, x0, y0) = if huge {
                (3, 1, rect.x + 2, rect.y + 1)
            } else {
                (2, 1, rect.x + 1, rect.y)
            };
            for d in marks.iter() {
                let i = d.index() as u16;
                let (x, y) = (x0 + (i % 3) * step_x, y0 + (i / 3) * step_y);
                buf[(x, y)].set_char(d.to_char()).set_style(mark_style(d));
                if let Some((c, style)) = letters(d) {
                    buf[(x + 1, y)].set_char(c).set_style(style);
                }
            }
        }
        (None, _) => {
            buf[(mid_x, mid_y)].set_char(BLANK);
        }
    }
}

/// The grid lines: heavy at the board's edge and between boxes, light between cells.
fn draw_grid(area: Rect, buf: &mut Buffer, cell: CellSize, style: Style) {
    let heavy = |i: usize| i.is_multiple_of(3);
    for i in 0..=9usize {
        let y = area.y + i as u16 * (cell.height + 1);
        for j in 0..=9usize {
            let x = area.x + j as u16 * (cell.width + 1);
            buf[(x, y)].set_char(junction(i, j)).set_style(style);
            if j < 9 {
                let line = if heavy(i) { '━' } else { '─' };
                for dx in 1..=cell.width {
                    buf[(x + dx, y)].set_char(line).set_style(style);
                }
            }
            if i < 9 {
                let line = if heavy(j) { '┃' } else { '│' };
                for dy in 1..=cell.height {
                    buf[(x, y + dy)].set_char(line).set_style(style);
                }
            }
        }
    }
}

/// The character where horizontal line `i` meets vertical line `j` (both 0..=9).
fn junction(i: usize, j: usize) -> char {
    let heavy_row = i.is_multiple_of(3);
    let heavy_col = j.is_multiple_of(3);
    match (i, j) {
        (0, 0) => '┏',
        (0, 9) => '┓',
        (9, 0) => '┗',
        (9, 9) => '┛',
        (0, _) => {
            if heavy_col {
                '┳'
            } else {
                '┯'
            }
        }
        (9, _) => {
            if heavy_col {
                '┻'
            } else {
                '┷'
            }
        }
        (_, 0) => {
            if heavy_row {
                '┣'
            } else {
                '┠'
            }
        }
        (_, 9) => {
            if heavy_row {
                '┫'
            } else {
                '┨'
            }
        }
        _ => match (heavy_row, heavy_col) {
            (true, true) => '╋',
            (true, false) => '┿',
            (false, true) => '╂',
            (false, false) => '┼',
        },
    }
}
