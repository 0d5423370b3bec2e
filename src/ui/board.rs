//! The board: heavy lines around boxes, light lines between cells, digits styled by who put them
//! there, blanks marked, and the cursor (or the cell the search is deciding), its row, column and
//! box, equal digits and conflicts highlighted.

use super::layout::CellSize;
use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;
use sudoku_engine::logic::Candidate;
use sudoku_engine::{Board, Cell, CellSet, Digit, DigitSet, Pos};

/// The mark of an empty cell.
pub const BLANK: char = '·';

/// An empty cell with pencil marks, in cells too small to show them.
pub const MARKED: char = '∷';

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
    /// The size of one cell.
    pub cell: CellSize,
    /// The styles.
    pub theme: &'a Theme,
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
        for pos in Pos::all() {
            let rect = Rect::new(
                area.x + 1 + pos.col() as u16 * (self.cell.width + 1),
                area.y + 1 + pos.row() as u16 * (self.cell.height + 1),
                self.cell.width,
                self.cell.height,
            );
            let cell = self.board.cell(pos);
            let mut style = Style::new();
            if self.focus.is_some_and(|f| f.sees(pos)) {
                style = style.patch(self.theme.peer);
            }
            style = style.patch(match cell {
                Cell::Empty => self.theme.blank,
                Cell::Given(_) => self.theme.given,
                Cell::Entry(_) => self.theme.entry,
                Cell::Placed(_) => self.theme.placed,
            });
            if self.decisions.contains(pos) {
                style = style.patch(self.theme.decision);
            }
            if focus_digit.is_some() && cell.digit() == focus_digit {
                style = style.patch(self.theme.same_digit);
            }
            if let Some(g) = &self.guidance {
                if g.area.contains(pos) {
                    style = style.patch(self.theme.hint_area);
                }
                if g.wrong.contains(pos) {
                    style = style.patch(self.theme.mistake);
                }
            }
            if conflicts.contains(pos) {
                style = style.patch(self.theme.conflict);
            }
            let focused = self.focus == Some(pos);
            if focused {
                style = style.patch(if self.focus_is_search {
                    self.theme.trying
                } else {
                    self.theme.cursor
                });
            }
            buf.set_style(rect, style);
            // Small cells show only that the user marked a cell: every empty cell has
            // computed candidates, so a sign for them would say nothing.
            let marks = self
                .marks
                .filter(|(_, computed)| self.cell.is_large() || !computed)
                .map(|(all, _)| all[pos.index()])
                .filter(|m| cell.digit().is_none() && !m.is_empty());
            let guidance = self.guidance.unwrap_or_default();
            let placed = guidance.placements.iter().find(|c| c.pos == pos).map(|c| c.digit);
            match placed.filter(|_| cell.digit().is_none() && !self.cell.is_large()) {
                // A compact cell has no room for marks: the digit the hint places stands there.
                Some(d) => {
                    draw_cell(buf, rect, cell, focused, None, &|_| mark_style, mark_style);
                    let mid = (rect.x + rect.width / 2, rect.y + rect.height / 2);
                    buf[mid].set_char(d.to_char()).set_style(self.theme.hint_place);
                }
                None => draw_cell(
                    buf,
                    rect,
                    cell,
                    focused,
                    marks,
                    &|d| guidance.mark_style(pos, d, mark_style, self.theme),
                    guidance.sign_style(pos, mark_style, self.theme),
                ),
            }
        }
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

/// The inside of one cell: the digit (big in huge cells), or the blank mark, or pencil marks
/// (a 3x3 block where there is room, [`MARKED`] where not), with brackets around the focused
/// cell so that it shows without colour.
fn draw_cell(
    buf: &mut Buffer,
    rect: Rect,
    cell: Cell,
    focused: bool,
    marks: Option<DigitSet>,
    mark_style: &dyn Fn(Digit) -> Style,
    sign_style: Style,
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
                let cell = &mut buf[(x0 + (i % 3) * step_x, y0 + (i / 3) * step_y)];
                cell.set_char(d.to_char());
                cell.set_style(mark_style(d));
            }
        }
        (None, Some(_)) => {
            buf[(mid_x, mid_y)].set_char(MARKED).set_style(sign_style);
        }
        (None, None) => {
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
