//! Where everything goes on the screen, as a pure function of its size. The view draws into these
//! areas and the keymap maps mouse clicks back to cells with the same geometry.

use crate::sudoku::Pos;
use ratatui::layout::Rect;

/// The smallest screen with room for the board and a narrow panel.
pub const MIN_SIZE: (u16, u16) = (64, 21);

/// The side panel needs this many columns before the board grows to large cells.
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
}

impl Screen {
    /// The layout of `area`, or why it is too small.
    pub fn new(area: Rect) -> Result<Screen, TooSmall> {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            return Err(TooSmall { need: MIN_SIZE });
        }
        let (large_w, large_h) = CellSize::LARGE.board();
        let cell = if area.width >= 1 + large_w + 2 + PANEL_WIDTH_FOR_LARGE && area.height >= large_h + 2 {
            CellSize::LARGE
        } else {
            CellSize::COMPACT
        };
        let (board_w, board_h) = cell.board();
        let title = Rect::new(area.x, area.y, area.width, 1);
        let hints = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let body = Rect::new(area.x, area.y + 1, area.width, area.height - 2);
        let board = Rect::new(area.x + 1, body.y, board_w, board_h);
        let panel_x = board.right() + 2;
        let panel = Rect::new(panel_x, body.y, area.right().saturating_sub(panel_x), body.height);
        Ok(Screen {
            title,
            board,
            panel,
            hints,
            body,
            cell,
        })
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
        let dx = x.checked_sub(self.board.x + 1)?;
        let dy = y.checked_sub(self.board.y + 1)?;
        if dx % (w + 1) == w || dy % (h + 1) == h {
            return None;
        }
        Pos::at((dy / (h + 1)) as usize, (dx / (w + 1)) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_back_to_the_cells_drawn() {
        for (w, h) in [(64, 21), (80, 24), (200, 60)] {
            let screen = Screen::new(Rect::new(0, 0, w, h)).unwrap();
            for pos in Pos::all() {
                let r = screen.cell_rect(pos);
                assert_eq!(screen.cell_at(r.x, r.y), Some(pos));
                assert_eq!(screen.cell_at(r.right() - 1, r.bottom() - 1), Some(pos));
                assert!(r.right() <= screen.board.right() && r.bottom() <= screen.board.bottom());
            }
            assert_eq!(screen.cell_at(screen.board.x, screen.board.y), None, "a grid line");
            assert_eq!(screen.cell_at(screen.panel.x + 1, screen.panel.y + 1), None);
        }
    }

    #[test]
    fn big_screens_get_large_cells_small_ones_compact_and_tiny_ones_nothing() {
        assert_eq!(Screen::new(Rect::new(0, 0, 80, 24)).unwrap().cell, CellSize::COMPACT);
        assert_eq!(Screen::new(Rect::new(0, 0, 200, 60)).unwrap().cell, CellSize::LARGE);
        assert_eq!(Screen::new(Rect::new(0, 0, 63, 40)), Err(TooSmall { need: MIN_SIZE }));
        assert_eq!(Screen::new(Rect::new(0, 0, 100, 20)), Err(TooSmall { need: MIN_SIZE }));
    }
}
