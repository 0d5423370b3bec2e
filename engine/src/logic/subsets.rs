//! Naked and hidden subsets: n cells of a unit holding only the same n digits (naked pair, triple,
//! quad), or n digits that can only go in the same n cells of a unit (hidden pair, triple, quad).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list, digit_list, elimination_list};
use super::grid::{Grid, UNIT_CELLS, unit_at};
use crate::board::{CellSet, Digit, DigitSet, Pos};

/// Finds `size` of `items` (each a 9-bit mask) whose union has exactly `size` bits and which
/// `accept` takes, as (the chosen items as bits of their indices, the union). Unions that
/// outgrow `size` are cut early; nothing is allocated, since this runs for every unit at every
/// step of a rating.
fn subset(items: &[u16], size: usize, accept: &mut impl FnMut(u16, u16) -> bool) -> Option<(u16, u16)> {
    fn walk(
        items: &[u16],
        size: usize,
        start: usize,
        chosen: (u16, usize),
        union: u16,
        accept: &mut impl FnMut(u16, u16) -> bool,
    ) -> Option<(u16, u16)> {
        let (mask, count) = chosen;
        if count == size {
            return (union.count_ones() as usize == size && accept(mask, union)).then_some((mask, union));
        }
        for i in start..items.len() {
            if items.len() - i < size - count {
                break;
            }
            let grown = union | items[i];
            if grown.count_ones() as usize > size {
                continue;
            }
            if let Some(found) = walk(items, size, i + 1, (mask | 1 << i, count + 1), grown, accept) {
                return Some(found);
            }
        }
        None
    }
    walk(items, size, 0, (0, 0), 0, accept)
}

/// The naked set of `size` cells and its Sudoku Explainer rating.
const fn naked_technique(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

/// The technique of a hidden set of `size` digits.
const fn hidden_technique(size: usize) -> Technique {
    match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// `size` cells of a unit whose candidates together are `size` digits: those digits leave the
/// unit's other cells. Naked pair 3.0, triple 3.6, quad 5.0.
// The finders use the scans; the tests ask for one technique at a time.
#[cfg(test)]
pub(crate) fn naked_set(grid: &Grid, size: usize) -> Option<Deduction> {
    naked_set_scan(grid, size, naked_technique(size).rating(), &mut 0)
}

/// [`naked_set`] rated `difficulty`, skipping the units set in `clean` (bit `i` for
/// [`UNIT_CELLS`]`[i]`) and setting those where it finds nothing.
pub(crate) fn naked_set_scan(grid: &Grid, size: usize, difficulty: Difficulty, clean: &mut u32) -> Option<Deduction> {
    for (i, unit_cells) in UNIT_CELLS.iter().enumerate() {
        if *clean >> i & 1 == 1 {
            continue;
        }
        *clean |= 1 << i;
        // A naked set needs another empty cell in its unit to remove anything from.
        if super::grid::both(grid.empty_cells(), *unit_cells).len() <= size {
            continue;
        }
        let unit = unit_at(i);
        let all = unit.cells();
        // The unit's cells with two to `size` candidates, and those candidates.
        let (mut cells, mut masks, mut n) = ([Pos::FIRST; 9], [0u16; 9], 0);
        for p in all {
            let c = grid.candidates(p);
            if (2..=size).contains(&c.len()) {
                (cells[n], masks[n]) = (p, c.bits());
                n += 1;
            }
        }
        let chosen_cells = |mask: u16| -> CellSet { (0..n).filter(|k| mask >> k & 1 == 1).map(|k| cells[k]).collect() };
        let found = subset(&masks[..n], size, &mut |mask, digits| {
            let set = chosen_cells(mask);
            unit_cells
                .difference(set)
                .iter()
                .any(|p| grid.candidates(p).bits() & digits != 0)
        });
        let Some((mask, digits)) = found else { continue };
        *clean &= !(1 << i);
        let (set, digits) = (chosen_cells(mask), DigitSet::from_bits(digits));
        let eliminations: Vec<Candidate> = unit_cells
            .difference(set)
            .iter()
            .flat_map(|p| {
                DigitSet::from_bits(grid.candidates(p).bits() & digits.bits())
                    .iter()
                    .map(move |d| Candidate::new(p, d))
            })
            .collect();
        let technique = naked_technique(size);
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
        return Some(step);
    }
    None
}

/// `size` digits of a unit that can only go in the same `size` cells: those cells lose their
/// other candidates. Hidden pair 3.4, triple 4.0, quad 5.4; with `direct`, only a pair (2.0) or
/// triple (2.5) whose eliminations leave a hidden single.
// The finders use the scans; the tests ask for one technique at a time.
#[cfg(test)]
pub(crate) fn hidden_set(grid: &Grid, size: usize, direct: bool) -> Option<Deduction> {
    // The direct form is a pair's or triple's first in the registry, the other its second.
    let rating = super::registry::form_rating(hidden_technique(size), usize::from(!direct && size < 4));
    hidden_set_scan(grid, size, direct, rating, &mut 0)
}

/// [`hidden_set`] rated `difficulty`, skipping the units set in `clean` (bit `i` for
/// [`UNIT_CELLS`]`[i]`) and setting those where it finds nothing.
pub(crate) fn hidden_set_scan(
    grid: &Grid,
    size: usize,
    direct: bool,
    difficulty: Difficulty,
    clean: &mut u32,
) -> Option<Deduction> {
    if *clean == (1 << UNIT_CELLS.len()) - 1 {
        return None;
    }
    let every_spot = grid.spots();
    for (i, unit_cells) in UNIT_CELLS.iter().enumerate() {
        if *clean >> i & 1 == 1 {
            continue;
        }
        *clean |= 1 << i;
        // A hidden set filling every empty cell of its unit removes nothing.
        if super::grid::both(grid.empty_cells(), *unit_cells).len() <= size {
            continue;
        }
        let unit = unit_at(i);
        let all = unit.cells();
        // Where in the unit (bit k for its k-th cell) each digit can go.
        let spots = every_spot[i];
        let (mut digits, mut masks, mut n) = ([0usize; 9], [0u16; 9], 0);
        for (d, spot) in spots.iter().enumerate() {
            if (2..=size).contains(&(spot.count_ones() as usize)) {
                (digits[n], masks[n]) = (d, *spot);
                n += 1;
            }
        }
        let chosen_digits =
            |mask: u16| -> u16 { (0..n).filter(|k| mask >> k & 1 == 1).fold(0, |m, k| m | 1 << digits[k]) };
        let found = subset(&masks[..n], size, &mut |mask, where_| {
            let set = chosen_digits(mask);
            let loses = (0..9).any(|k| where_ >> k & 1 == 1 && grid.candidates(all[k]).bits() & !set != 0);
            // Direct: another digit left with one place outside the set's cells.
            let direct_ok = !direct
                || (0..9)
                    .any(|d| set >> d & 1 == 0 && spots[d].count_ones() > 1 && (spots[d] & !where_).count_ones() == 1);
            loses && direct_ok
        });
        let Some((mask, where_)) = found else { continue };
        *clean &= !(1 << i);
        let set = DigitSet::from_bits(chosen_digits(mask));
        let cells: CellSet = (0..9).filter(|k| where_ >> k & 1 == 1).map(|k| all[k]).collect();
        let eliminations: Vec<Candidate> = cells
            .iter()
            .flat_map(|p| {
                grid.candidates(p)
                    .difference(set)
                    .iter()
                    .map(move |d| Candidate::new(p, d))
            })
            .collect();
        let technique = hidden_technique(size);
        // Direct: Sudoku Explainer places the single the removals leave (the first digit's, as
        // it looks) and keeps none of the removals, so the grid after the step is its grid.
        let single = (0..9)
            .find(|&d| set.bits() >> d & 1 == 0 && spots[d].count_ones() > 1 && (spots[d] & !where_).count_ones() == 1)
            .filter(|_| direct)
            .map(|d| {
                Candidate::new(
                    all[(spots[d] & !where_).trailing_zeros() as usize],
                    Digit::from_index(d),
                )
            });
        let explanation = match single {
            Some(single) => format!(
                "in {unit}, {} can only go in {}, so {} is the only place left for {} in {unit}",
                digit_list(set.iter()),
                cell_list(cells.iter()),
                single.pos,
                single.digit
            ),
            None => format!(
                "in {unit}, {} can only go in {}, so those cells lose their other candidates: {}",
                digit_list(set.iter()),
                cell_list(cells.iter()),
                elimination_list(&eliminations)
            ),
        };
        let mut step = Deduction::new(technique, difficulty, explanation);
        match single {
            Some(single) => step.placements.push(single),
            None => step.eliminations = eliminations,
        }
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
        return Some(step);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Unit};
    use crate::logic::testing::{at, d, restrict};

    /// An empty grid where `cells` of row 1 keep only `keep`.
    fn row_one_keeping(cells: &[usize], keep: &[u8]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        for &c in cells {
            restrict(&mut grid, at(1, c), keep);
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

    /// Sudoku Explainer's direct hidden pair places the single it leaves and keeps none of the
    /// pair's removals.
    #[test]
    fn direct_hidden_pair_places_its_single_and_removes_nothing() {
        // In row 1, 3 and 8 can only go in r1c2 and r1c5, and 9 in r1c2, r1c5 and r1c9.
        let mut grid = Grid::new(&Board::empty());
        for c in [1, 3, 4, 6, 7, 8, 9] {
            grid.eliminate(at(1, c), d(3));
            grid.eliminate(at(1, c), d(8));
            if c != 9 {
                grid.eliminate(at(1, c), d(9));
            }
        }
        let step = hidden_set(&grid, 2, true).unwrap();
        assert_eq!(step.difficulty.0, 20);
        assert_eq!(step.placements, vec![Candidate::new(at(1, 9), d(9))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(
            step.line(),
            "Hidden Pair: in row 1, 3 and 8 can only go in r1c2 and r1c5, so r1c9 is the only place left for 9 in row 1"
        );
        let mut after = grid.clone();
        assert!(crate::logic::apply(&mut after, &step));
        // The pair's cells keep their other candidates (but 9, placed beside them).
        assert!(after.has(at(1, 2), d(1)) && !after.has(at(1, 2), d(9)));
        assert_eq!(hidden_set(&after, 2, false).unwrap().eliminations.len(), 2 * 6);
    }
}
