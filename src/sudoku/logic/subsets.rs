//! Naked and hidden subsets: n cells of a unit holding only the same n digits (naked pair, triple,
//! quad), or n digits that can only go in the same n cells of a unit (hidden pair, triple, quad).

use super::deduction::{Candidate, Deduction, Technique, cell_list, digit_list, elimination_list};
use super::grid::{Grid, UNIT_CELLS, unit_at};
use crate::sudoku::board::{CellSet, Digit, DigitSet, Pos};

/// Calls `found` with every combination of `size` items of `items`, as indices, until it
/// returns something.
fn combinations<T>(items: usize, size: usize, found: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn walk<T>(
        start: usize,
        items: usize,
        size: usize,
        chosen: &mut Vec<usize>,
        found: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == size {
            return found(chosen);
        }
        for i in start..items {
            if items - i < size - chosen.len() {
                break;
            }
            chosen.push(i);
            let result = walk(i + 1, items, size, chosen, found);
            chosen.pop();
            if result.is_some() {
                return result;
            }
        }
        None
    }
    walk(0, items, size, &mut Vec::with_capacity(size), found)
}

/// The naked set of `size` cells and its Sudoku Explainer rating.
const fn naked_technique(size: usize) -> (Technique, u16) {
    match size {
        2 => (Technique::NakedPair, 30),
        3 => (Technique::NakedTriple, 36),
        _ => (Technique::NakedQuad, 50),
    }
}

/// `size` cells of a unit whose candidates together are `size` digits: those digits leave the
/// unit's other cells. Naked pair 3.0, triple 3.6, quad 5.0.
pub fn naked_set(grid: &Grid, size: usize) -> Option<Deduction> {
    for (i, unit_cells) in UNIT_CELLS.iter().enumerate() {
        let unit = unit_at(i);
        let cells: Vec<Pos> = unit_cells
            .iter()
            .filter(|p| (2..=size).contains(&grid.candidates(*p).len()))
            .collect();
        let found = combinations(cells.len(), size, &mut |chosen| {
            let set: CellSet = chosen.iter().map(|&k| cells[k]).collect();
            let digits = set.iter().fold(DigitSet::EMPTY, |acc, p| {
                DigitSet::from_bits(acc.bits() | grid.candidates(p).bits())
            });
            if digits.len() != size {
                return None;
            }
            let eliminations: Vec<Candidate> = unit_cells
                .difference(set)
                .iter()
                .flat_map(|p| {
                    DigitSet::from_bits(grid.candidates(p).bits() & digits.bits())
                        .iter()
                        .map(move |d| Candidate::new(p, d))
                })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let (technique, difficulty) = naked_technique(size);
            let explanation = format!(
                "in {unit}, {} hold only {}, so {} leave the unit's other cells: {}",
                cell_list(set.iter()),
                digit_list(digits.iter()),
                if size == 2 { "both" } else { "they" },
                elimination_list(&eliminations)
            );
            let mut step = Deduction::new(technique, difficulty, explanation);
            step.eliminations = eliminations;
            step.cells = set;
            step.units.push(unit);
            step.candidates = set
                .iter()
                .flat_map(|p| grid.candidates(p).iter().map(move |d| Candidate::new(p, d)))
                .collect();
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `size` digits of a unit that can only go in the same `size` cells: those cells lose their
/// other candidates. Hidden pair 3.4, triple 4.0, quad 5.4; with `direct`, only a pair (2.0) or
/// triple (2.5) whose eliminations leave a hidden single.
pub fn hidden_set(grid: &Grid, size: usize, direct: bool) -> Option<Deduction> {
    for i in 0..UNIT_CELLS.len() {
        let unit = unit_at(i);
        let digits: Vec<Digit> = DigitSet::ALL
            .difference(grid.placed_in(unit))
            .iter()
            .filter(|d| (2..=size).contains(&grid.places_in(*d, unit).len()))
            .collect();
        let found = combinations(digits.len(), size, &mut |chosen| {
            let set: DigitSet = chosen.iter().map(|&k| digits[k]).collect();
            let cells = set
                .iter()
                .fold(CellSet::EMPTY, |acc, d| acc.union(grid.places_in(d, unit)));
            if cells.len() != size {
                return None;
            }
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|p| {
                    grid.candidates(p)
                        .difference(set)
                        .iter()
                        .map(move |d| Candidate::new(p, d))
                })
                .collect();
            if eliminations.is_empty() || (direct && !leaves_hidden_single(grid, unit, set, cells)) {
                return None;
            }
            let (technique, difficulty) = match (size, direct) {
                (2, true) => (Technique::HiddenPair, 20),
                (2, false) => (Technique::HiddenPair, 34),
                (3, true) => (Technique::HiddenTriple, 25),
                (3, false) => (Technique::HiddenTriple, 40),
                _ => (Technique::HiddenQuad, 54),
            };
            let explanation = format!(
                "in {unit}, {} can only go in {}, so those cells lose their other candidates: {}",
                digit_list(set.iter()),
                cell_list(cells.iter()),
                elimination_list(&eliminations)
            );
            let mut step = Deduction::new(technique, difficulty, explanation);
            step.eliminations = eliminations;
            step.cells = cells;
            step.units.push(unit);
            step.candidates = cells
                .iter()
                .flat_map(|p| {
                    DigitSet::from_bits(grid.candidates(p).bits() & set.bits())
                        .iter()
                        .map(move |d| Candidate::new(p, d))
                })
                .collect();
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether the hidden set `digits` in `cells` of `unit` leaves another digit of the unit a
/// single place outside them: Sudoku Explainer's direct hidden pair or triple, which it rates as
/// the hidden single it gives at once.
fn leaves_hidden_single(grid: &Grid, unit: crate::sudoku::board::Unit, digits: DigitSet, cells: CellSet) -> bool {
    DigitSet::ALL
        .difference(grid.placed_in(unit))
        .difference(digits)
        .iter()
        .any(|d| {
            let places = grid.places_in(d, unit);
            places.len() > 1 && places.difference(cells).len() == 1
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::board::{Board, Unit};

    fn at(r: usize, c: usize) -> Pos {
        Pos::at(r - 1, c - 1).unwrap()
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    /// An empty grid where `cells` of row 1 keep only `keep`.
    fn row_one_keeping(cells: &[usize], keep: &[u8]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        let keep: DigitSet = keep.iter().map(|&n| d(n)).collect();
        for &c in cells {
            for digit in DigitSet::ALL.difference(keep).iter() {
                grid.eliminate(at(1, c), digit);
            }
        }
        grid
    }

    #[test]
    fn naked_pair_and_its_eliminations() {
        let grid = row_one_keeping(&[2, 5], &[3, 8]);
        let step = naked_set(&grid, 2).unwrap();
        assert_eq!(step.technique, Technique::NakedPair);
        assert_eq!(step.units, vec![Unit::Row(0)]);
        let expected: Vec<Candidate> = [1, 3, 4, 6, 7, 8, 9]
            .into_iter()
            .flat_map(|c| [Candidate::new(at(1, c), d(3)), Candidate::new(at(1, c), d(8))])
            .collect();
        assert_eq!(step.eliminations, expected);
        // Three cells share two digits' worth of room only if they hold two digits: a cell with
        // {3, 8, 9} beside a {3, 8} cell is no pair.
        let near = row_one_keeping(&[2], &[3, 8]);
        let mut near = near;
        for digit in DigitSet::ALL
            .difference([d(3), d(8), d(9)].into_iter().collect())
            .iter()
        {
            near.eliminate(at(1, 5), digit);
        }
        assert_eq!(naked_set(&near, 2), None);
    }

    #[test]
    fn naked_triple_of_three_two_digit_cells() {
        let mut grid = row_one_keeping(&[1], &[1, 2]);
        for (c, keep) in [(4, [2u8, 3]), (7, [1, 3])] {
            for digit in DigitSet::ALL.difference(keep.iter().map(|&n| d(n)).collect()).iter() {
                grid.eliminate(at(1, c), digit);
            }
        }
        assert_eq!(naked_set(&grid, 2), None);
        let step = naked_set(&grid, 3).unwrap();
        assert_eq!(step.technique, Technique::NakedTriple);
        assert_eq!(step.cells, [at(1, 1), at(1, 4), at(1, 7)].into_iter().collect());
        assert_eq!(step.eliminations.len(), 6 * 3);
    }

    #[test]
    fn hidden_pair_clears_the_other_candidates_of_its_cells() {
        // In row 1, 3 and 8 are kept out of every cell but r1c2 and r1c5.
        let mut grid = Grid::new(&Board::empty());
        for c in [1, 3, 4, 6, 7, 8, 9] {
            grid.eliminate(at(1, c), d(3));
            grid.eliminate(at(1, c), d(8));
        }
        let step = hidden_set(&grid, 2, false).unwrap();
        assert_eq!(step.technique, Technique::HiddenPair);
        assert_eq!(step.difficulty.0, 34);
        let expected: Vec<Candidate> = [2, 5]
            .into_iter()
            .flat_map(|c| [1, 2, 4, 5, 6, 7, 9].map(|n| Candidate::new(at(1, c), d(n))))
            .collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(hidden_set(&grid, 2, true), None, "no unit is left with a single place");
        // With 8 also free in r1c9, 3 and 8 span three cells: no pair.
        let mut near = Grid::new(&Board::empty());
        for c in [1, 3, 4, 6, 7, 8, 9] {
            near.eliminate(at(1, c), d(3));
        }
        for c in [1, 3, 4, 6, 7, 8] {
            near.eliminate(at(1, c), d(8));
        }
        assert_eq!(hidden_set(&near, 2, false), None);
    }

    #[test]
    fn hidden_quad_in_a_column() {
        // In column 9, 1, 2, 3 and 4 can only go in r1c9, r3c9, r5c9 and r7c9.
        let mut grid = Grid::new(&Board::empty());
        for r in [2, 4, 6, 8, 9] {
            for n in 1..=4 {
                grid.eliminate(at(r, 9), d(n));
            }
        }
        let step = hidden_set(&grid, 4, false).unwrap();
        assert_eq!(step.technique, Technique::HiddenQuad);
        assert_eq!(step.units, vec![Unit::Col(8)]);
        assert_eq!(step.eliminations.len(), 4 * 5);
        assert!(step.eliminations.iter().all(|c| c.digit.get() > 4));
        assert_eq!(hidden_set(&grid, 3, false), None);
    }

    #[test]
    fn naked_quad_of_four_two_digit_cells() {
        // Row 1: {1,2}, {2,3}, {3,4}, {4,1}: no pair or triple, but four cells hold four digits.
        let mut grid = row_one_keeping(&[1], &[1, 2]);
        for (c, keep) in [(2, [2u8, 3]), (3, [3, 4]), (4, [4, 1])] {
            for digit in DigitSet::ALL.difference(keep.iter().map(|&n| d(n)).collect()).iter() {
                grid.eliminate(at(1, c), digit);
            }
        }
        assert_eq!(naked_set(&grid, 2), None);
        assert_eq!(naked_set(&grid, 3).map(|s| s.units), None);
        let step = naked_set(&grid, 4).unwrap();
        assert_eq!(step.technique, Technique::NakedQuad);
        assert_eq!(step.units, vec![Unit::Row(0)]);
        assert_eq!(step.eliminations.len(), 5 * 4);
        assert!(step.eliminations.iter().all(|c| c.pos.col() >= 4 && c.digit.get() <= 4));
    }

    #[test]
    fn hidden_triple_in_a_row() {
        // In row 1, 1 is only in c1/c2, 2 in c2/c3, 3 in c1/c3: no hidden pair, a hidden triple.
        let mut grid = Grid::new(&Board::empty());
        for (n, cols) in [(1u8, [1usize, 2]), (2, [2, 3]), (3, [1, 3])] {
            for c in (1..=9).filter(|c| !cols.contains(c)) {
                grid.eliminate(at(1, c), d(n));
            }
        }
        assert_eq!(hidden_set(&grid, 2, false), None);
        let step = hidden_set(&grid, 3, false).unwrap();
        assert_eq!(step.technique, Technique::HiddenTriple);
        assert_eq!(step.difficulty.0, 40);
        assert_eq!(step.cells, [at(1, 1), at(1, 2), at(1, 3)].into_iter().collect());
        // Each of the three cells keeps two of 1, 2, 3 and loses 4..9.
        assert_eq!(step.eliminations.len(), 3 * 6);
        assert!(step.eliminations.iter().all(|c| c.digit.get() >= 4));
    }
}
