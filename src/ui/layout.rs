//! Where everything goes on the screen, as a pure function of its size. The view draws into these
//! areas and the terminal side maps mouse clicks back to cells and list lines with the same
//! geometry.

use super::program::PROGRAM_WIDTH;
use ratatui::layout::Rect;
use sudoku_engine::Pos;

/// The smallest screen with room for the board and a narrow panel: the model's, which stops the
/// game's clock below it.
pub const MIN_SIZE: (u16, u16) = crate::app::MIN_SIZE;

/// The side panel needs this many columns beside a board of large cells.
const PANEL_WIDTH_FOR_LARGE: u16 = 36;

/// The inside of one cell, in terminal cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSize {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

impl CellSize {
    /// One row of three columns: a digit with room for cursor brackets.
    pub const COMPACT: CellSize = CellSize { width: 3, height: 1 };
    /// Three rows of seven: room for the candidates of an empty cell as a 3x3 block.
    pub const LARGE: CellSize = CellSize { width: 7, height: 3 };
    /// Five rows of eleven: big digits, candidates spaced out.
    pub const HUGE: CellSize = CellSize { width: 11, height: 5 };

    /// Every size, largest first.
    const ALL: [CellSize; 3] = [CellSize::HUGE, CellSize::LARGE, CellSize::COMPACT];

    /// The size of a board of such cells, grid lines included.
    pub const fn board(self) -> (u16, u16) {
        (9 * self.width + 10, 9 * self.height + 10)
    }

    /// Whether the cells are large enough for pencil marks.
    pub const fn is_large(self) -> bool {
        self.height >= 3
    }
}

/// A screen too small to use, and what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    /// The smallest usable size (columns, rows).
    pub need: (u16, u16),
}

/// The areas of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// The title bar, the top line.
    pub title: Rect,
    /// The board, grid lines included.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The key hints, the bottom line.
    pub hints: Rect,
    /// The whole area between title and hints (the file browser uses it all).
    pub body: Rect,
    /// The size of one cell.
    pub cell: CellSize,
    /// Step mode's program pane (empty when not shown).
    pub program: Rect,
    /// Step mode's call stack (empty when not shown).
    pub stack: Rect,
}

/// Where step mode's program goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgramPlace {
    /// Not shown.
    Hidden,
    /// Beside the board, the call stack under the board.
    Beside,
    /// On its own screen, instead of the board.
    OwnScreen,
}

/// Columns the program pane needs beside the board, and the panel under it.
const PROGRAM_SIDE_WIDTH: u16 = 58;

/// Rows the panel keeps under the program beside the board, at the least: the step and its
/// why read in full at 100x30 (a longer program shows its lines around the current one).
const PANEL_BELOW_MIN_ROWS: u16 = 12;

/// Rows under the board the call stack needs, at the least, to go there.
const STACK_MIN_ROWS: u16 = 4;

impl Screen {
    /// The layout of `area`, or why it is too small. The board takes the largest cells that
    /// leave the panel its room.
    pub fn new(area: Rect) -> Result<Screen, TooSmall> {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return Err(TooSmall { need: MIN_SIZE });
        }
        let cell = CellSize::ALL
            .into_iter()
            .find(|c| {
                let (w, h) = c.board();
                *c == CellSize::COMPACT || area.width >= 1 + w + 2 + PANEL_WIDTH_FOR_LARGE && area.height >= h + 2
            })
            .unwrap_or(CellSize::COMPACT);
        let (board_w, board_h) = cell.board();
        let title = Rect::new(area.x, area.y, area.width, 1);
        let hints = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let body = Rect::new(area.x, area.y + 1, area.width, area.height - 2);
        let board = Rect::new(area.x + 1, body.y, board_w, board_h.min(body.height));
        let panel_x = board.right() + 2;
        let panel = Rect::new(panel_x, body.y, area.right().saturating_sub(panel_x + 1), body.height);
        Ok(Screen {
            title,
            board,
            panel,
            hints,
            body,
            cell,
            program: Rect::default(),
            stack: Rect::default(),
        })
    }

    /// The layout of `area` in step mode with the program `place`d, its pane `program_rows`
    /// high (frame included) and `program_width` wide at most.
    pub fn with_program(area: Rect, place: ProgramPlace, program_rows: u16) -> Result<Screen, TooSmall> {
        let plain = Screen::new(area)?;
        let body = plain.body;
        match place {
            ProgramPlace::Hidden => Ok(plain),
            ProgramPlace::Beside => {
                // The largest cells that leave the program its columns and the stack its rows.
                let cell = CellSize::ALL
                    .into_iter()
                    .find(|c| {
                        let (w, h) = c.board();
                        *c == CellSize::COMPACT
                            || area.width >= 1 + w + 2 + PROGRAM_SIDE_WIDTH && body.height >= h + STACK_MIN_ROWS
                    })
                    .unwrap_or(CellSize::COMPACT);
                let (board_w, board_h) = cell.board();
                let board = Rect::new(area.x + 1, body.y, board_w, board_h.min(body.height));
                let right_x = board.right() + 2;
                let right = Rect::new(right_x, body.y, area.right().saturating_sub(right_x + 1), body.height);
                let program = Rect::new(
                    right.x,
                    right.y,
                    right.width,
                    program_rows
                        .min(right.height / 2 + 4)
                        .min(right.height.saturating_sub(PANEL_BELOW_MIN_ROWS))
                        .min(right.height),
                );
                let below = Rect::new(
                    right.x,
                    program.bottom(),
                    right.width,
                    right.bottom() - program.bottom(),
                );
                let under_board = body.bottom().saturating_sub(board.bottom());
                let (stack, panel) = if under_board >= STACK_MIN_ROWS {
                    (Rect::new(area.x, board.bottom(), board_w + 2, under_board), below)
                } else {
                    // No room under the board: the stack shares the space under the program.
                    let stack_w = (below.width * 2 / 5).max(24).min(below.width);
                    (
                        Rect::new(below.x, below.y, stack_w, below.height),
                        Rect::new(
                            below.x + stack_w + 1,
                            below.y,
                            below.width.saturating_sub(stack_w + 1),
                            below.height,
                        ),
                    )
                };
                Ok(Screen {
                    board,
                    panel,
                    cell,
                    program,
                    stack,
                    ..plain
                })
            }
            ProgramPlace::OwnScreen => {
                let left_w = (body.width / 2 + 6).max(PROGRAM_WIDTH).min(body.width);
                let program_h = program_rows.min(body.height.saturating_sub(STACK_MIN_ROWS));
                let program = Rect::new(body.x, body.y, left_w, program_h);
                let stack = Rect::new(body.x, program.bottom(), left_w, body.bottom() - program.bottom());
                let panel_x = body.x + left_w + 1;
                let panel = Rect::new(panel_x, body.y, body.right().saturating_sub(panel_x), body.height);
                Ok(Screen {
                    board: Rect::default(),
                    panel,
                    program,
                    stack,
                    ..plain
                })
            }
        }
    }

    /// The inside of the cell at `pos`.
    pub fn cell_rect(&self, pos: Pos) -> Rect {
        let (w, h) = (self.cell.width, self.cell.height);
        Rect::new(
            self.board.x + 1 + pos.col() as u16 * (w + 1),
            self.board.y + 1 + pos.row() as u16 * (h + 1),
            w,
            h,
        )
    }

    /// The cell under the screen position (`x`, `y`); `None` on grid lines and off the board.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Pos> {
        let (w, h) = (self.cell.width, self.cell.height);
        if self.board.is_empty() {
            return None;
        }
        let dx = x.checked_sub(self.board.x + 1)?;
        let dy = y.checked_sub(self.board.y + 1)?;
        if dx % (w + 1) == w || dy % (h + 1) == h {
            return None;
        }
        Pos::at((dy / (h + 1)) as usize, (dx / (w + 1)) as usize)
    }
}

/// The file browser's areas: the list (framed), its inside, the preview (framed), and the line
/// for messages under them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrowserScreen {
    /// The list's frame.
    pub list: Rect,
    /// The lines of the list.
    pub list_inside: Rect,
    /// The preview's frame.
    pub preview: Rect,
    /// The message line.
    pub message: Rect,
}

impl BrowserScreen {
    /// The browser's areas in `body` (the screen between title and hints): the list gets two
    /// fifths of the width (at least 28 columns, at most 72), the preview the rest.
    pub fn new(body: Rect) -> BrowserScreen {
        let message = Rect::new(body.x, body.bottom().saturating_sub(1), body.width, 1.min(body.height));
        let height = body.height.saturating_sub(1);
        let list_width = (body.width * 2 / 5).clamp(28.min(body.width), 72).min(body.width);
        let list = Rect::new(body.x, body.y, list_width, height);
        let preview = Rect::new(body.x + list_width, body.y, body.width - list_width, height);
        let list_inside = Rect::new(
            list.x + 1,
            list.y + 1,
            list.width.saturating_sub(2),
            list.height.saturating_sub(2),
        );
        BrowserScreen {
            list,
            list_inside,
            preview,
            message,
        }
    }

    /// The first line shown of a list of `len` lines with `selected` highlighted: the page that
    /// holds the selection, so that the first line shows while the selection is on the first
    /// page and a page moves a page.
    pub fn first_shown(&self, selected: usize, len: usize) -> usize {
        let rows = usize::from(self.list_inside.height.max(1));
        let first = selected / rows * rows;
        first.min(len.saturating_sub(1) / rows * rows)
    }

    /// The line of the list under the screen position (`x`, `y`), if one is there.
    pub fn line_at(&self, x: u16, y: u16, selected: usize, len: usize) -> Option<usize> {
        let inside = self.list_inside;
        if x < inside.x || x >= inside.right() || y < inside.y || y >= inside.bottom() {
            return None;
        }
        let line = self.first_shown(selected, len) + usize::from(y - inside.y);
        (line < len).then_some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_back_to_the_cells_drawn() {
        for (w, h) in [(64, 21), (70, 22), (80, 24), (200, 60)] {
            let screen = Screen::new(Rect::new(0, 0, w, h)).unwrap();
            for pos in Pos::all() {
                let r = screen.cell_rect(pos);
                assert_eq!(screen.cell_at(r.x, r.y), Some(pos));
                assert_eq!(screen.cell_at(r.right() - 1, r.bottom() - 1), Some(pos));
                assert!(r.right() <= screen.board.right() && r.bottom() <= screen.board.bottom());
            }
            assert_eq!(screen.cell_at(screen.board.x, screen.board.y), None, "a grid line");
            assert_eq!(screen.cell_at(screen.panel.x + 1, screen.panel.y + 1), None);
            assert!(screen.panel.right() < w, "a column is left at the right edge");
        }
    }

    #[test]
    fn the_board_takes_the_largest_cells_that_fit() {
        assert_eq!(Screen::new(Rect::new(0, 0, 80, 24)).unwrap().cell, CellSize::COMPACT);
        assert_eq!(Screen::new(Rect::new(0, 0, 70, 22)).unwrap().cell, CellSize::COMPACT);
        assert_eq!(Screen::new(Rect::new(0, 0, 120, 40)).unwrap().cell, CellSize::LARGE);
        assert_eq!(Screen::new(Rect::new(0, 0, 200, 60)).unwrap().cell, CellSize::HUGE);
        assert_eq!(Screen::new(Rect::new(0, 0, 63, 40)), Err(TooSmall { need: MIN_SIZE }));
        assert_eq!(Screen::new(Rect::new(0, 0, 100, 20)), Err(TooSmall { need: MIN_SIZE }));
    }

    #[test]
    fn the_browser_list_starts_on_its_first_line_and_clicks_find_lines() {
        let b = BrowserScreen::new(Rect::new(0, 1, 80, 22));
        assert_eq!(b.first_shown(1, 50), 0, "the first entry shows on opening");
        let rows = usize::from(b.list_inside.height);
        assert_eq!(b.first_shown(rows, 50), rows, "a page down shows the next page");
        assert_eq!(b.line_at(b.list_inside.x, b.list_inside.y + 2, 1, 50), Some(2));
        assert_eq!(
            b.line_at(b.list_inside.x, b.list_inside.y + 2, 1, 2),
            None,
            "past the end"
        );
        let wide = BrowserScreen::new(Rect::new(0, 1, 200, 58));
        assert!(wide.list.width <= 72 && wide.preview.width >= 120, "{wide:?}");
    }
}
