//! Knuth's Algorithm X with dancing links on Sudoku's exact-cover matrix: 729 rows (a digit in
//! a cell) and 324 columns (constraints), each row in exactly four columns:
//!
//! ```text
//!   columns   0..81    cell r,c holds a digit            (a cell:  Branch::Cell)
//!            81..162   row r holds digit d               (a place: Branch::Place in a row)
//!           162..243   column c holds digit d            (a place: Branch::Place in a column)
//!           243..324   box b holds digit d               (a place: Branch::Place in a box)
//!   rows      9 * cell + (d - 1), in reading order, digits ascending
//! ```
//!
//! Every column is a circular list of its rows' nodes, and the columns still to cover a circular
//! list through their headers. Choosing a row covers its four columns: each leaves the header
//! list, and every other row meeting it leaves the other columns it is in; uncovering in the
//! reverse order puts every link back as it was (the "dance"). The search takes the column with
//! the fewest rows, the first such in the order above, and tries its rows top to bottom, which
//! is ascending digits for a cell and reading order for a place, as the machine expects.

use super::machine::{Branch, State, conflict_of};
use crate::board::{Board, CellSet, Contradiction, Digit, Pos, Unit};

/// Columns of the matrix.
const COLUMNS: usize = 324;
/// The root of the header list: the node after the last column header.
const ROOT: usize = COLUMNS;
/// Nodes before the first row node: the column headers and the root.
const FIRST_ROW_NODE: usize = COLUMNS + 1;

/// The four columns of row (`cell`, `digit` index 0..9).
fn columns_of(cell: usize, d: usize) -> [usize; 4] {
    let (r, c) = (cell / 9, cell % 9);
    let b = r / 3 * 3 + c / 3;
    [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d]
}

/// The search state: the links of every node, the rows chosen so far.
#[derive(Clone, Debug)]
pub struct DlxState {
    left: Vec<u16>,
    right: Vec<u16>,
    up: Vec<u16>,
    down: Vec<u16>,
    /// The column of each node (a header is its own column).
    column: Vec<u16>,
    /// The matrix row (9 * cell + digit index) of each row node.
    row: Vec<u16>,
    /// Rows left in each column.
    size: Vec<u16>,
    /// The first node of each matrix row (its cell column's node).
    row_start: Vec<u16>,
    /// The digit of each cell, 0 where none is chosen.
    digits: [u8; 81],
}

impl DlxState {
    /// The whole matrix, nothing covered.
    fn matrix() -> DlxState {
        let nodes = FIRST_ROW_NODE + 729 * 4;
        let mut s = DlxState {
            left: vec![0; nodes],
            right: vec![0; nodes],
            up: vec![0; nodes],
            down: vec![0; nodes],
            column: vec![0; nodes],
            row: vec![0; nodes],
            size: vec![0; COLUMNS],
            row_start: vec![0; 729],
            digits: [0; 81],
        };
        for h in 0..=ROOT {
            s.left[h] = ((h + ROOT) % (ROOT + 1)) as u16;
            s.right[h] = ((h + 1) % (ROOT + 1)) as u16;
            s.up[h] = h as u16;
            s.down[h] = h as u16;
            s.column[h] = h as u16;
        }
        let mut node = FIRST_ROW_NODE;
        for cell in 0..81 {
            for d in 0..9 {
                let matrix_row = 9 * cell + d;
                s.row_start[matrix_row] = node as u16;
                let first = node;
                for (k, col) in columns_of(cell, d).into_iter().enumerate() {
                    // Append at the bottom of the column.
                    let last = s.up[col] as usize;
                    s.up[node] = last as u16;
                    s.down[node] = col as u16;
                    s.down[last] = node as u16;
                    s.up[col] = node as u16;
                    s.column[node] = col as u16;
                    s.row[node] = matrix_row as u16;
                    s.size[col] += 1;
                    // The four nodes of the row in a circle.
                    s.left[node] = (first + (k + 3) % 4) as u16;
                    s.right[node] = (first + (k + 1) % 4) as u16;
                    node += 1;
                }
            }
        }
        s
    }

    fn cover(&mut self, col: usize) {
        let (l, r) = (self.left[col] as usize, self.right[col] as usize);
        self.right[l] = r as u16;
        self.left[r] = l as u16;
        let mut i = self.down[col] as usize;
        while i != col {
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j] as usize, self.down[j] as usize);
                self.down[u] = d as u16;
                self.up[d] = u as u16;
                self.size[self.column[j] as usize] -= 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
    }

    fn uncover(&mut self, col: usize) {
        let mut i = self.up[col] as usize;
        while i != col {
            let mut j = self.left[i] as usize;
            while j != i {
                let c = self.column[j] as usize;
                self.size[c] += 1;
                let (u, d) = (self.up[j] as usize, self.down[j] as usize);
                self.down[u] = j as u16;
                self.up[d] = j as u16;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[col] as usize, self.right[col] as usize);
        self.right[l] = col as u16;
        self.left[r] = col as u16;
    }

    /// Chooses matrix row (`pos`, `digit`): its four columns covered, in the row's order.
    fn select(&mut self, pos: Pos, digit: Digit) {
        let first = self.row_start[9 * pos.index() + digit.index()] as usize;
        for k in 0..4 {
            self.cover(self.column[first + k] as usize);
        }
        self.digits[pos.index()] = digit.get();
    }

    /// Takes back [`DlxState::select`]: the columns uncovered in the reverse order.
    fn deselect(&mut self, pos: Pos, digit: Digit) {
        let first = self.row_start[9 * pos.index() + digit.index()] as usize;
        for k in (0..4).rev() {
            self.uncover(self.column[first + k] as usize);
        }
        self.digits[pos.index()] = 0;
    }

    /// The rows left in column `col`, as (cell, digit) pairs top to bottom.
    fn rows_of(&self, col: usize) -> impl Iterator<Item = (Pos, Digit)> + '_ {
        let mut i = self.down[col] as usize;
        std::iter::from_fn(move || {
            if i == col {
                return None;
            }
            let matrix_row = self.row[i] as usize;
            i = self.down[i] as usize;
            let pos = Pos::new(matrix_row / 9).expect("a matrix row is below 729");
            let digit = Digit::new((matrix_row % 9) as u8 + 1).expect("a digit index is below 9");
            Some((pos, digit))
        })
    }
}

impl State for DlxState {
    const COPY_ON_GUESS: bool = false;
    const PROPAGATES: bool = false;

    fn new(board: &Board) -> Result<Self, Contradiction> {
        if let Some(contradiction) = board.contradiction() {
            return Err(contradiction);
        }
        let mut s = DlxState::matrix();
        for pos in Pos::all() {
            if let Some(digit) = board.digit(pos) {
                // A given whose columns are gone would be a conflict the board check missed.
                let first = s.row_start[9 * pos.index() + digit.index()] as usize;
                let covered = (0..4).any(|k| {
                    let col = s.column[first + k] as usize;
                    s.right[s.left[col] as usize] as usize != col
                });
                if covered {
                    return Err(conflict_of(board));
                }
                s.select(pos, digit);
            }
        }
        Ok(s)
    }

    fn start(&mut self) -> bool {
        true
    }

    fn branch(&self) -> Branch {
        // The column with the fewest rows; the first such in column order.
        let mut best: Option<(usize, u16)> = None;
        let mut col = self.right[ROOT] as usize;
        while col != ROOT {
            let size = self.size[col];
            if best.is_none_or(|(_, s)| size < s) {
                best = Some((col, size));
                if size == 0 {
                    break;
                }
            }
            col = self.right[col] as usize;
        }
        let Some((col, _)) = best else { return Branch::Solved };
        if col < 81 {
            let pos = Pos::new(col).expect("a cell column is below 81");
            return Branch::Cell {
                pos,
                candidates: self.rows_of(col).map(|(_, d)| d).collect(),
            };
        }
        let (kind, k) = ((col - 81) / 81, (col - 81) % 81);
        let (i, d) = ((k / 9) as u8, k % 9);
        let unit = match kind {
            0 => Unit::Row(i),
            1 => Unit::Col(i),
            _ => Unit::Box(i),
        };
        Branch::Place {
            digit: Digit::new(d as u8 + 1).expect("a digit index is below 9"),
            unit,
            cells: self.rows_of(col).map(|(p, _)| p).collect(),
        }
    }

    fn assume(&mut self, pos: Pos, digit: Digit) -> bool {
        self.select(pos, digit);
        true
    }

    fn retract(&mut self, pos: Pos, digit: Digit) {
        self.deselect(pos, digit);
    }

    fn digit(&self, pos: Pos) -> Option<Digit> {
        Digit::new(self.digits[pos.index()])
    }

    fn filled(&self) -> CellSet {
        Pos::all().filter(|p| self.digits[p.index()] != 0).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matrix_has_four_ones_a_row_and_nine_a_column() {
        let s = DlxState::matrix();
        assert!(s.size.iter().all(|&n| n == 9));
        let mut count = 0;
        let mut col = s.right[ROOT] as usize;
        while col != ROOT {
            count += 1;
            col = s.right[col] as usize;
        }
        assert_eq!(count, COLUMNS);
    }

    #[test]
    fn choosing_a_row_and_taking_it_back_restores_every_link() {
        let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        let start = DlxState::new(&board).unwrap();
        let mut s = start.clone();
        let (pos, digit) = (Pos::at(0, 0).unwrap(), Digit::new(4).unwrap());
        s.assume(pos, digit);
        assert_eq!(s.digit(pos), Some(digit));
        assert_ne!(s.size, start.size);
        s.retract(pos, digit);
        assert_eq!(
            (s.left, s.right, s.up, s.down, s.size),
            (start.left, start.right, start.up, start.down, start.size)
        );
    }

    #[test]
    fn a_cell_column_with_one_row_is_chosen_first_and_names_its_candidate() {
        let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        let s = DlxState::new(&board).unwrap();
        match s.branch() {
            Branch::Cell { pos, candidates } => {
                assert_eq!(candidates, board.candidates(pos));
                assert_eq!(candidates.len(), 1, "{pos}: a naked single has one row");
            }
            Branch::Place { cells, .. } => assert_eq!(cells.len(), 1),
            Branch::Solved => panic!("not solved"),
        }
    }
}
