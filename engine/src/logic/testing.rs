//! Helpers for the technique tests: cells and digits written one-based as people do, and empty
//! grids with some cells' candidates cut down to set up a pattern.

use super::grid::Grid;
use crate::board::{Board, Digit, DigitSet, Pos};

/// The cell in row `r`, column `c`, counted from 1.
pub fn at(r: usize, c: usize) -> Pos {
    Pos::at(r - 1, c - 1).expect("a cell of the grid")
}

/// The digit `n`.
pub fn d(n: u8) -> Digit {
    Digit::new(n).expect("a digit 1-9")
}

/// Removes from `p` every candidate but `keep`.
pub fn restrict(grid: &mut Grid, p: Pos, keep: &[u8]) {
    let keep: DigitSet = keep.iter().map(|&n| d(n)).collect();
    for digit in DigitSet::ALL.difference(keep).iter() {
        grid.eliminate(p, digit);
    }
}

/// An empty grid with the cells given (one-based) restricted to the digits given.
pub fn with_cells(cells: &[((usize, usize), &[u8])]) -> Grid {
    let mut grid = Grid::new(&Board::empty());
    for &((r, c), keep) in cells {
        restrict(&mut grid, at(r, c), keep);
    }
    grid
}
