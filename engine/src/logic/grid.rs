//! The candidates grid: the digit placed in each cell, or the digits still possible there. It is
//! kept apart from [`Board`] because eliminations are state: a hint removes a candidate that no
//! digit on the board rules out.

use crate::board::{Board, CellSet, Digit, DigitSet, Pos, Unit};
use std::cell::Cell;

/// The cells of each of the 27 units, in [`Unit::all`] order (rows, columns, boxes).
pub const UNIT_CELLS: [CellSet; 27] = unit_masks();

/// The 20 peers of each cell: the cells that share its row, column or box.
pub const PEERS: [CellSet; 81] = peer_masks();

const fn unit_masks() -> [CellSet; 27] {
    let mut masks = [0u128; 27];
    let mut i = 0;
    while i < 81 {
        let (row, col) = (i / 9, i % 9);
        masks[row] |= 1 << i;
        masks[9 + col] |= 1 << i;
        masks[18 + row / 3 * 3 + col / 3] |= 1 << i;
        i += 1;
    }
    let mut sets = [CellSet::EMPTY; 27];
    let mut u = 0;
    while u < 27 {
        sets[u] = CellSet::from_bits(masks[u]);
        u += 1;
    }
    sets
}

const fn peer_masks() -> [CellSet; 81] {
    let units = unit_masks();
    let mut sets = [CellSet::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let (row, col) = (i / 9, i % 9);
        let all = units[row].bits() | units[9 + col].bits() | units[18 + row / 3 * 3 + col / 3].bits();
        sets[i] = CellSet::from_bits(all & !(1 << i));
        i += 1;
    }
    sets
}

/// The position of `unit` in [`UNIT_CELLS`].
pub const fn unit_index(unit: Unit) -> usize {
    match unit {
        Unit::Row(i) => i as usize,
        Unit::Col(i) => 9 + i as usize,
        Unit::Box(i) => 18 + i as usize,
    }
}

/// The unit at position `i` of [`UNIT_CELLS`] (`i < 27`).
pub const fn unit_at(i: usize) -> Unit {
    match i / 9 {
        0 => Unit::Row(i as u8),
        1 => Unit::Col((i - 9) as u8),
        _ => Unit::Box((i - 18) as u8),
    }
}

/// The intersection of two cell sets.
pub const fn both(a: CellSet, b: CellSet) -> CellSet {
    CellSet::from_bits(a.bits() & b.bits())
}

/// A board's digits with the candidates of its empty cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    values: [Option<Digit>; 81],
    candidates: [DigitSet; 81],
    /// For each digit, the empty cells where it is still a candidate.
    places: [CellSet; 9],
    /// The empty cells.
    empty: CellSet,
    /// The digits placed in each unit, in [`UNIT_CELLS`] order.
    placed: [u16; 27],
    /// [`Grid::spots`], once asked for, until the grid changes: the hidden-set finders read it
    /// five times per step of a rating. (Tried: the hidden singles reading it too; rating got slower.)
    spots: Cell<Option<[[u16; 9]; 27]>>,
}

impl Grid {
    /// The grid of `board`: its digits, and for each empty cell the digits no peer holds.
    pub fn new(board: &Board) -> Grid {
        // One pass for the digits of each unit; then a digit's places are the empty cells
        // outside the units that hold it (a few dozen unions of 81-bit masks), and a cell's
        // candidates the digits none of its units holds. Rating a puzzle starts here, so this
        // avoids going through the candidates cell by cell and digit by digit.
        let mut values = [None; 81];
        let mut used = [0u16; 27];
        let mut empty = 0u128;
        for (i, cell) in board.cells().iter().enumerate() {
            match cell.digit() {
                Some(d) => {
                    values[i] = Some(d);
                    let bit = 1 << d.index();
                    used[i / 9] |= bit;
                    used[9 + i % 9] |= bit;
                    used[18 + i / 27 * 3 + i % 9 / 3] |= bit;
                }
                None => empty |= 1 << i,
            }
        }
        let mut forbidden = [0u128; 9];
        for (u, digits) in used.iter().enumerate() {
            let mut rest = *digits;
            while rest != 0 {
                forbidden[rest.trailing_zeros() as usize] |= UNIT_CELLS[u].bits();
                rest &= rest - 1;
            }
        }
        let candidates = std::array::from_fn(|i| {
            if empty >> i & 1 == 0 {
                return DigitSet::EMPTY;
            }
            let taken = used[i / 9] | used[9 + i % 9] | used[18 + i / 27 * 3 + i % 9 / 3];
            DigitSet::ALL.difference(DigitSet::from_bits(taken))
        });
        Grid {
            values,
            candidates,
            places: std::array::from_fn(|d| CellSet::from_bits(empty & !forbidden[d])),
            empty: CellSet::from_bits(empty),
            placed: used,
            spots: Cell::new(None),
        }
    }

    /// The grid of `board` whose empty cells have `candidates` (already consistent with it).
    fn from_candidates(board: &Board, candidates: [DigitSet; 81]) -> Grid {
        let mut grid = Grid {
            values: std::array::from_fn(|i| board.cells()[i].digit()),
            candidates: [DigitSet::EMPTY; 81],
            places: [CellSet::EMPTY; 9],
            empty: CellSet::EMPTY,
            placed: [0; 27],
            spots: Cell::new(None),
        };
        for (i, value) in grid.values.iter().enumerate() {
            if let Some(d) = value {
                for unit in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
                    grid.placed[unit] |= 1 << d.index();
                }
            }
        }
        let mut places = [0u128; 9];
        let mut empty = 0u128;
        for (i, set) in candidates.iter().enumerate() {
            if grid.values[i].is_none() {
                empty |= 1 << i;
                grid.candidates[i] = *set;
                let mut bits = set.bits();
                while bits != 0 {
                    places[bits.trailing_zeros() as usize] |= 1 << i;
                    bits &= bits - 1;
                }
            }
        }
        grid.places = places.map(CellSet::from_bits);
        grid.empty = CellSet::from_bits(empty);
        grid
    }

    /// The grid of `board` with the candidates `marks` (a person's pencil marks, or a candidates
    /// line): a mark a peer's digit rules out is dropped, so the grid never contradicts the
    /// board's digits. Marks of filled cells are ignored.
    pub fn with_marks(board: &Board, marks: &[DigitSet; 81]) -> Grid {
        let computed = board.all_candidates();
        Grid::from_candidates(
            board,
            std::array::from_fn(|i| DigitSet::from_bits(marks[i].bits() & computed[i].bits())),
        )
    }

    /// The digit in `p`, if any.
    pub const fn value(&self, p: Pos) -> Option<Digit> {
        self.values[p.index()]
    }

    /// The candidates of `p` (empty for a filled cell).
    pub const fn candidates(&self, p: Pos) -> DigitSet {
        self.candidates[p.index()]
    }

    /// The candidates of every cell.
    pub const fn all_candidates(&self) -> &[DigitSet; 81] {
        &self.candidates
    }

    /// Whether `d` is a candidate of `p`.
    pub const fn has(&self, p: Pos, d: Digit) -> bool {
        self.candidates[p.index()].contains(d)
    }

    /// The empty cells where `d` is a candidate.
    pub const fn places(&self, d: Digit) -> CellSet {
        self.places[d.index()]
    }

    /// The cells of `unit` where `d` is a candidate.
    pub const fn places_in(&self, d: Digit, unit: Unit) -> CellSet {
        both(self.places[d.index()], UNIT_CELLS[unit_index(unit)])
    }

    /// The empty cells.
    pub const fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// Whether every cell holds a digit.
    pub const fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// The digits already placed in `unit`.
    pub const fn placed_in(&self, unit: Unit) -> DigitSet {
        DigitSet::from_bits(self.placed[unit_index(unit)])
    }

    /// For every unit (in rows, then columns, then boxes) and digit, where in the unit the digit can go:
    /// bit `k` for the unit's `k`-th cell in [`Unit::cells`] order.
    pub fn spots(&self) -> [[u16; 9]; 27] {
        if let Some(spots) = self.spots.get() {
            return spots;
        }
        let mut spots = [[0u16; 9]; 27];
        for (d, places) in self.places.iter().enumerate() {
            let bits = places.bits();
            for r in 0..9 {
                let row = ((bits >> (9 * r)) & 0x1FF) as u16;
                if row == 0 {
                    continue;
                }
                spots[r][d] = row;
                for j in 0..3 {
                    spots[18 + r / 3 * 3 + j][d] |= ((row >> (3 * j)) & 7) << (3 * (r % 3));
                }
                let mut rest = row;
                while rest != 0 {
                    spots[9 + rest.trailing_zeros() as usize][d] |= 1 << r;
                    rest &= rest - 1;
                }
            }
        }
        self.spots.set(Some(spots));
        spots
    }

    /// Places `d` in `p` and removes `d` from the candidates of its peers.
    pub fn place(&mut self, p: Pos, d: Digit) {
        for other in self.candidates[p.index()].iter() {
            self.places[other.index()].remove(p);
        }
        self.candidates[p.index()] = DigitSet::EMPTY;
        self.values[p.index()] = Some(d);
        self.empty.remove(p);
        self.spots.set(None);
        for unit in p.units() {
            self.placed[unit_index(unit)] |= 1 << d.index();
        }
        let peers = both(PEERS[p.index()], self.places[d.index()]);
        for q in peers.iter() {
            self.candidates[q.index()].remove(d);
        }
        self.places[d.index()] = self.places[d.index()].difference(peers);
    }

    /// Removes the candidate `d` from `p`; whether it was there.
    pub fn eliminate(&mut self, p: Pos, d: Digit) -> bool {
        let had = self.has(p, d);
        self.spots.set(None);
        self.candidates[p.index()].remove(d);
        self.places[d.index()].remove(p);
        had
    }

    /// The board of the grid's digits, every one a given.
    pub fn to_board(&self) -> Board {
        let digits: [u8; 81] = std::array::from_fn(|i| self.values[i].map_or(0, Digit::get));
        Board::from_givens(&digits)
    }

    /// The first reason the grid has no solution that needs no search: an empty cell with no
    /// candidate, or a unit where a missing digit has no place.
    pub fn is_broken(&self) -> bool {
        if Pos::all().any(|p| self.values[p.index()].is_none() && self.candidates[p.index()].is_empty()) {
            return true;
        }
        Unit::all().any(|unit| {
            let missing = DigitSet::ALL.difference(self.placed_in(unit));
            missing.iter().any(|d| self.places_in(d, unit).is_empty())
        })
    }

    /// How many ways the empty cells can be filled, each from its candidates, with no digit
    /// twice in a unit, counted up to `limit`. Unlike the search's count, which sees the digits
    /// alone, this one honours the eliminations the grid holds: a candidates puzzle (Sukaku) or
    /// a player's pencil marks can rule out solutions of the digits, or all of them.
    pub fn count_solutions(&self, limit: u64) -> u64 {
        let mut count = 0;
        if limit > 0 {
            self.solutions_into(limit, &mut count, &mut |_| {});
        }
        count
    }

    /// The digits (81, givens included) of the first solution [`Grid::count_solutions`] finds,
    /// honouring the eliminations the grid holds: what `solve` prints for a candidates puzzle,
    /// which the digits' own search would not keep to.
    pub fn first_solution(&self) -> Option<[u8; 81]> {
        let mut found = None;
        self.solutions_into(1, &mut 0, &mut |grid| found = Some(grid.to_board().to_digits()));
        found
    }

    /// Adds the solutions below this grid to `count`, each handed to `found`, stopping at
    /// `limit`: the empty cell with the fewest candidates is tried with each, and a grid
    /// [`Grid::is_broken`] calls broken is given up at once (with the places of each digit in
    /// each unit, that prunes as well as hidden singles would).
    fn solutions_into(&self, limit: u64, count: &mut u64, found: &mut impl FnMut(&Grid)) {
        if self.is_broken() {
            return;
        }
        let Some(p) = self.empty.iter().min_by_key(|p| self.candidates[p.index()].len()) else {
            *count += 1;
            found(self);
            return;
        };
        for d in self.candidates[p.index()].iter() {
            let mut next = self.clone();
            next.place(p, d);
            next.solutions_into(limit, count, found);
            if *count >= limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_hold_nine_cells_per_unit_and_twenty_peers() {
        assert!(UNIT_CELLS.iter().all(|u| u.len() == 9));
        assert!(PEERS.iter().all(|p| p.len() == 20));
        for (i, unit) in Unit::all().enumerate() {
            assert_eq!(UNIT_CELLS[i], unit.cells().into_iter().collect());
            assert_eq!(unit_at(i), unit);
            assert_eq!(unit_index(unit), i);
        }
        let p = Pos::at(4, 4).unwrap();
        assert_eq!(PEERS[p.index()], Pos::all().filter(|q| q.sees(p)).collect());
    }

    #[test]
    fn counting_honours_eliminations() {
        use crate::search::count_solutions;
        for (text, solutions) in [
            (include_str!("../../fixtures/hard.txt"), 1),
            (include_str!("../../fixtures/several-solutions.txt"), 2),
            (include_str!("../../fixtures/no-solution.txt"), 0),
        ] {
            let board: Board = text.parse().expect("an asset");
            // Without eliminations it is the search's count.
            assert_eq!(count_solutions(&board, 2), solutions);
            assert_eq!(Grid::new(&board).count_solutions(2), solutions);
        }
        let board: Board = include_str!("../../fixtures/hard.txt").parse().expect("an asset");
        let solution = crate::search::solve(&board, crate::Strategy::Fast)
            .expect("no conflict")
            .solution
            .expect("a solution");
        // Taking the solution's digit out of one empty cell leaves none.
        let p = Pos::all().find(|p| board.digit(*p).is_none()).expect("an empty cell");
        let mut grid = Grid::new(&board);
        grid.eliminate(p, solution.digit(p).expect("solved"));
        assert!(!grid.is_broken(), "the grid looks whole");
        assert_eq!(grid.count_solutions(2), 0);
        // Several solutions: keeping one digit in a cell counts as giving it.
        let several: Board = include_str!("../../fixtures/several-solutions.txt")
            .parse()
            .expect("an asset");
        let first = crate::search::solve(&several, crate::Strategy::Fast)
            .expect("no conflict")
            .solution
            .expect("a solution");
        for p in Pos::all().filter(|p| several.digit(*p).is_none()).take(20) {
            let d = first.digit(p).expect("solved");
            let mut grid = Grid::new(&several);
            for other in grid.candidates(p).iter().filter(|o| *o != d) {
                grid.eliminate(p, other);
            }
            let mut given = several.clone();
            given.set(p, crate::Cell::Given(d));
            assert_eq!(grid.count_solutions(50), count_solutions(&given, 50), "{p}");
        }
        assert_eq!(Grid::new(&several).count_solutions(0), 0);
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut grid = Grid::new(&Board::empty());
        let d = Digit::new(5).unwrap();
        let p = Pos::at(0, 0).unwrap();
        grid.place(p, d);
        assert_eq!(grid.value(p), Some(d));
        assert!(grid.candidates(p).is_empty());
        assert!(!grid.has(Pos::at(0, 8).unwrap(), d));
        assert!(!grid.has(Pos::at(2, 2).unwrap(), d));
        assert!(grid.has(Pos::at(4, 4).unwrap(), d));
        assert_eq!(grid.places(d).len(), 81 - 21);
        assert!(grid.eliminate(Pos::at(4, 4).unwrap(), d));
        assert!(!grid.eliminate(Pos::at(4, 4).unwrap(), d));
        assert_eq!(grid.places(d).len(), 81 - 22);
    }

    #[test]
    fn spots_say_where_each_digit_goes_in_each_unit() {
        let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        let mut grid = Grid::new(&board);
        for round in 0..2 {
            let spots = grid.spots();
            for (u, unit) in Unit::all().enumerate() {
                for d in Digit::all() {
                    let expected = unit
                        .cells()
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| grid.has(**p, d))
                        .fold(0u16, |m, (k, _)| m | 1 << k);
                    assert_eq!(spots[u][d.index()], expected, "round {round}: {unit} digit {d}");
                }
            }
            // A change forgets the cached table.
            grid.place(Pos::at(0, 0).unwrap(), Digit::new(4).unwrap());
        }
    }
}
