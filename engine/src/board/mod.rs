//! The 9x9 board: digits, cell positions and units, givens and entries, conflicts and candidates.
//!
//! One file per type ([`Digit`] in `digit.rs`, [`DigitSet`] in `digit_set.rs`, ...), each
//! re-exported here; [`Board`] itself is here.

mod cell;
mod cell_set;
mod conflict;
mod contradiction;
mod digit;
mod digit_set;
mod pos;
mod unit;

pub use cell::Cell;
pub use cell_set::CellSet;
pub use conflict::Conflict;
pub use contradiction::Contradiction;
pub use digit::Digit;
pub use digit_set::DigitSet;
pub use pos::Pos;
pub use unit::Unit;

use std::fmt;

/// The 81 cells of a Sudoku, each empty, a given, an entry or a digit the solver placed.
///
/// `Display` writes the canonical one-line form: 81 characters, `.` for a blank.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Cell; 81],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with every cell empty.
    pub const fn empty() -> Board {
        Board {
            cells: [Cell::Empty; 81],
        }
    }

    /// A board whose givens are the digits of `digits` (0 = blank; values above 9 are blanks too).
    pub fn from_givens(digits: &[u8; 81]) -> Board {
        Board {
            cells: std::array::from_fn(|i| match Digit::new(digits[i]) {
                Some(d) => Cell::Given(d),
                None => Cell::Empty,
            }),
        }
    }

    /// This board with the digits of `digits` (0 = none) in its empty cells, as the solver's
    /// digits: how a solution found from the digits alone becomes a board.
    pub fn with_placed(&self, digits: &[u8; 81]) -> Board {
        Board {
            cells: std::array::from_fn(|i| match (self.cells[i], Digit::new(digits[i])) {
                (Cell::Empty, Some(d)) => Cell::Placed(d),
                (cell, _) => cell,
            }),
        }
    }

    /// What the cell at `p` holds.
    pub const fn cell(&self, p: Pos) -> Cell {
        self.cells[p.index()]
    }

    /// The digit at `p`, whoever put it there.
    pub const fn digit(&self, p: Pos) -> Option<Digit> {
        self.cells[p.index()].digit()
    }

    /// Puts `cell` at `p`, whatever was there (the app decides what may be overwritten).
    pub fn set(&mut self, p: Pos, cell: Cell) {
        self.cells[p.index()] = cell;
    }

    /// The 81 cells in row-major order.
    pub fn cells(&self) -> &[Cell; 81] {
        &self.cells
    }

    /// The digits as 81 numbers, 0 for a blank.
    pub fn to_digits(&self) -> [u8; 81] {
        std::array::from_fn(|i| self.cells[i].digit().map_or(0, Digit::get))
    }

    /// The empty cells in row-major order.
    pub fn blanks(&self) -> impl Iterator<Item = Pos> + '_ {
        Pos::all().filter(|&p| self.digit(p).is_none())
    }

    /// The number of empty cells.
    pub fn blank_count(&self) -> usize {
        self.cells.iter().filter(|c| c.digit().is_none()).count()
    }

    /// The number of givens.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_given()).count()
    }

    /// The given cells.
    pub fn givens(&self) -> CellSet {
        Pos::all().filter(|&p| self.cell(p).is_given()).collect()
    }

    /// The digits of the cells of `unit`, as a set.
    pub fn digits_in(&self, unit: Unit) -> DigitSet {
        unit.cells().iter().filter_map(|&p| self.digit(p)).collect()
    }

    /// Digits that could go in `p` without repeating one of its row, column or box; empty if `p`
    /// holds a digit.
    pub fn candidates(&self, p: Pos) -> DigitSet {
        if self.digit(p).is_some() {
            return DigitSet::EMPTY;
        }
        let [row, col, bx] = p.units();
        let used = self.digits_in(row).bits() | self.digits_in(col).bits() | self.digits_in(bx).bits();
        DigitSet::ALL.difference(DigitSet::from_bits(used))
    }

    /// Every pair of cells of one unit holding the same digit, unit by unit (rows, columns, boxes).
    /// Two cells sharing a row and a box are reported once for each.
    pub fn conflicts(&self) -> Vec<Conflict> {
        // The quick check first: a batch `check` asks for every puzzle, and mostly there is none.
        if !self.has_conflict() {
            return Vec::new();
        }
        Unit::all().flat_map(|unit| self.conflicts_in(unit)).collect()
    }

    /// The first conflict in the order of [`Board::conflicts`], without listing them all.
    pub fn first_conflict(&self) -> Option<Conflict> {
        if !self.has_conflict() {
            return None;
        }
        Unit::all().find_map(|unit| self.conflicts_in(unit).next())
    }

    /// Whether some unit holds a digit twice: one pass over the cells with a bit set per unit.
    pub fn has_conflict(&self) -> bool {
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (i, cell) in self.cells.iter().enumerate() {
            let Some(d) = cell.digit() else { continue };
            let bit = 1 << d.index();
            let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        false
    }

    /// The conflicts inside `unit`, pairs in row-major order of their cells.
    pub fn conflicts_in(&self, unit: Unit) -> impl Iterator<Item = Conflict> + '_ {
        let cells = unit.cells();
        (0..9).flat_map(move |i| {
            (i + 1..9).filter_map(move |j| {
                let (first, second) = (cells[i], cells[j]);
                let digit = self.digit(first)?;
                (self.digit(second) == Some(digit)).then_some(Conflict {
                    unit,
                    digit,
                    first,
                    second,
                })
            })
        })
    }

    /// Every cell that is part of some conflict.
    pub fn conflicting_cells(&self) -> CellSet {
        let mut set = CellSet::EMPTY;
        // The quick check first: the screen asks on every frame, and mostly there is none.
        if !self.has_conflict() {
            return set;
        }
        for c in self.conflicts() {
            set.insert(c.first);
            set.insert(c.second);
        }
        set
    }

    /// The candidates of every cell (empty for filled cells), from the digits of each unit
    /// gathered once rather than 27 cells scanned per cell.
    pub fn all_candidates(&self) -> [DigitSet; 81] {
        let mut used = [0u16; 27];
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some(d) = cell.digit() {
                let bit = 1 << d.index();
                used[i / 9] |= bit;
                used[9 + i % 9] |= bit;
                used[18 + i / 27 * 3 + i % 9 / 3] |= bit;
            }
        }
        std::array::from_fn(|i| {
            if self.cells[i].digit().is_some() {
                return DigitSet::EMPTY;
            }
            let taken = used[i / 9] | used[9 + i % 9] | used[18 + i / 27 * 3 + i % 9 / 3];
            DigitSet::ALL.difference(DigitSet::from_bits(taken))
        })
    }

    /// The first reason, if any, that the board has no solution before any search: a conflict
    /// (the first in the order of [`Board::conflicts`]), else the first empty cell in row-major
    /// order with no candidate.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(conflict) = self.first_conflict() {
            return Some(Contradiction::Conflict(conflict));
        }
        let candidates = self.all_candidates();
        Pos::all()
            .find(|p| self.digit(*p).is_none() && candidates[p.index()].is_empty())
            .map(Contradiction::NoCandidate)
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|c| c.digit().is_some())
    }

    /// Whether every cell holds a digit and no unit repeats one: a solution.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && !self.has_conflict()
    }

    /// Whether `solution` is a solution of this board: solved, and every digit of this board is
    /// in the same place there.
    pub fn is_solved_by(&self, solution: &Board) -> bool {
        solution.is_solved() && Pos::all().all(|p| self.digit(p).is_none() || self.digit(p) == solution.digit(p))
    }

    /// The board with every digit, whoever put it there, made a given.
    pub fn with_all_as_givens(&self) -> Board {
        Board {
            cells: self.cells.map(|c| c.digit().map_or(Cell::Empty, Cell::Given)),
        }
    }

    /// The board with only its givens: entries and solver digits removed.
    pub fn givens_only(&self) -> Board {
        Board {
            cells: self.cells.map(|c| if c.is_given() { c } else { Cell::Empty }),
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One write of 81 bytes: the batch solver prints a line per puzzle.
        let line: [u8; 81] = std::array::from_fn(|i| self.cells[i].digit().map_or(b'.', |d| b'0' + d.get()));
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        line.parse().expect("a valid board")
    }

    fn pos(row: usize, col: usize) -> Pos {
        Pos::at(row, col).unwrap()
    }

    #[test]
    fn conflicts_name_both_cells_and_the_unit() {
        let mut b = Board::empty();
        let d3 = Digit::new(3).unwrap();
        b.set(pos(0, 0), Cell::Given(d3));
        b.set(pos(0, 1), Cell::Entry(d3));
        let conflicts = b.conflicts();
        // Same row and same box: one conflict for each unit.
        assert_eq!(
            conflicts,
            vec![
                Conflict {
                    unit: Unit::Row(0),
                    digit: d3,
                    first: pos(0, 0),
                    second: pos(0, 1)
                },
                Conflict {
                    unit: Unit::Box(0),
                    digit: d3,
                    first: pos(0, 0),
                    second: pos(0, 1)
                },
            ]
        );
        assert_eq!(conflicts[0].to_string(), "r1c1 and r1c2 both hold 3");
        assert_eq!(b.first_conflict(), Some(conflicts[0]));
        b.set(pos(8, 0), Cell::Placed(d3));
        assert_eq!(b.conflicts().len(), 3);
        assert_eq!(
            b.conflicting_cells(),
            [pos(0, 0), pos(0, 1), pos(8, 0)].into_iter().collect()
        );
    }

    #[test]
    fn candidates_leave_out_row_column_and_box() {
        let b = board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        // r1c2: row has 4 8 5, column has 3 2, box has 4 3.
        assert_eq!(b.candidates(pos(0, 1)).to_string(), "1679");
        assert_eq!(b.candidates(pos(0, 0)), DigitSet::EMPTY, "a filled cell has none");
        assert_eq!(b.blank_count(), 64);
        assert_eq!(b.given_count(), 17);
        assert_eq!(b.blanks().next(), Some(pos(0, 1)));
    }

    #[test]
    fn solved_means_complete_and_conflict_free() {
        let solution = board("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
        assert!(solution.is_solved());
        let puzzle = board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        assert!(!puzzle.is_complete());
        assert!(puzzle.is_solved_by(&solution));
        let mut wrong = solution.clone();
        wrong.set(pos(0, 0), Cell::Entry(Digit::new(1).unwrap()));
        assert!(wrong.is_complete() && !wrong.is_solved());
        assert!(!puzzle.is_solved_by(&wrong));
    }

    #[test]
    fn entries_can_become_givens_and_be_cleared() {
        let mut b = Board::empty();
        b.set(pos(0, 0), Cell::Given(Digit::new(1).unwrap()));
        b.set(pos(0, 1), Cell::Entry(Digit::new(2).unwrap()));
        b.set(pos(0, 2), Cell::Placed(Digit::new(3).unwrap()));
        assert_eq!(b.with_all_as_givens().given_count(), 3);
        let only = b.givens_only();
        assert_eq!((only.given_count(), only.blank_count()), (1, 80));
    }
}
