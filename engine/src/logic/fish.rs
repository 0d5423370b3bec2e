//! Basic fish: a digit whose places in n rows lie in the same n columns (or the other way round),
//! so it leaves the rest of those columns. X-Wing (n = 2), Swordfish (3), Jellyfish (4).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, and_list, cell_list};
use super::grid::{Grid, UNIT_CELLS};
use crate::board::{CellSet, Digit, Unit};

/// A fish of `size` lines on any digit: X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2.
// The finders use the scans; the tests ask for one technique at a time.
#[cfg(test)]
pub(crate) fn fish(grid: &Grid, size: usize) -> Option<Deduction> {
    fish_scan(grid, size, fish_technique(size).rating(), &mut 0)
}

/// The technique of a fish of `size` lines.
const fn fish_technique(size: usize) -> Technique {
    match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// [`fish`] rated `difficulty`, skipping the digits set in `clean` (bit `d` for [`Digit::index`])
/// and setting those where it finds nothing: a digit's fish reads only its places.
pub(crate) fn fish_scan(grid: &Grid, size: usize, difficulty: Difficulty, clean: &mut u32) -> Option<Deduction> {
    for digit in Digit::all() {
        let bit = 1 << digit.index();
        if *clean & bit != 0 {
            continue;
        }
        for rows_are_base in [true, false] {
            if let Some(step) = fish_on(grid, digit, size, rows_are_base) {
                return Some(Deduction { difficulty, ..step });
            }
        }
        *clean |= bit;
    }
    None
}

fn fish_on(grid: &Grid, digit: Digit, size: usize, rows_are_base: bool) -> Option<Deduction> {
    let line = |i: usize| {
        if rows_are_base {
            Unit::Row(i as u8)
        } else {
            Unit::Col(i as u8)
        }
    };
    let cross = |i: usize| {
        if rows_are_base {
            Unit::Col(i as u8)
        } else {
            Unit::Row(i as u8)
        }
    };
    // For each base line, the bits of the cross lines where the digit can go.
    let mut bases: Vec<(usize, u16)> = Vec::new();
    for i in 0..9 {
        let places = grid.places_in(digit, line(i));
        let count = places.len();
        if (2..=size).contains(&count) {
            let mask = places
                .iter()
                .fold(0u16, |m, p| m | 1 << if rows_are_base { p.col() } else { p.row() });
            bases.push((i, mask));
        }
    }
    let mut chosen = Vec::with_capacity(size);
    search(grid, digit, size, &bases, 0, 0, &mut chosen, &line, &cross)
}

#[allow(clippy::too_many_arguments)]
fn search(
    grid: &Grid,
    digit: Digit,
    size: usize,
    bases: &[(usize, u16)],
    start: usize,
    covers: u16,
    chosen: &mut Vec<usize>,
    line: &dyn Fn(usize) -> Unit,
    cross: &dyn Fn(usize) -> Unit,
) -> Option<Deduction> {
    if chosen.len() == size {
        if covers.count_ones() as usize != size {
            return None;
        }
        return found(grid, digit, size, chosen, covers, line, cross);
    }
    for k in start..bases.len() {
        let (i, mask) = bases[k];
        let union = covers | mask;
        if union.count_ones() as usize > size {
            continue;
        }
        chosen.push(i);
        let result = search(grid, digit, size, bases, k + 1, union, chosen, line, cross);
        chosen.pop();
        if result.is_some() {
            return result;
        }
    }
    None
}

fn found(
    grid: &Grid,
    digit: Digit,
    size: usize,
    chosen: &[usize],
    covers: u16,
    line: &dyn Fn(usize) -> Unit,
    cross: &dyn Fn(usize) -> Unit,
) -> Option<Deduction> {
    let base_cells = chosen.iter().fold(CellSet::EMPTY, |acc, &i| {
        acc.union(UNIT_CELLS[super::grid::unit_index(line(i))])
    });
    let cover_units: Vec<Unit> = (0..9).filter(|i| covers & 1 << i != 0).map(cross).collect();
    let cover_cells = cover_units.iter().fold(CellSet::EMPTY, |acc, u| {
        acc.union(UNIT_CELLS[super::grid::unit_index(*u)])
    });
    let victims = super::grid::both(grid.places(digit), cover_cells).difference(base_cells);
    if victims.is_empty() {
        return None;
    }
    let technique = fish_technique(size);
    let base_units: Vec<Unit> = chosen.iter().map(|&i| line(i)).collect();
    let names = |units: &[Unit]| -> String {
        let kind = if matches!(units[0], Unit::Row(_)) {
            "rows"
        } else {
            "columns"
        };
        let numbers: Vec<String> = units
            .iter()
            .map(|u| match u {
                Unit::Row(i) | Unit::Col(i) | Unit::Box(i) => (i + 1).to_string(),
            })
            .collect();
        format!("{kind} {}", and_list(&numbers))
    };
    let explanation = format!(
        "in {}, {digit} can only go in {}, so {} cannot be {digit}",
        names(&base_units),
        names(&cover_units),
        cell_list(victims.iter())
    );
    // Rated by the caller, as its form in the registry is.
    let mut step = Deduction::new(technique, technique.rating(), explanation);
    step.eliminations = victims.iter().map(|p| Candidate::new(p, digit)).collect();
    let corners = super::grid::both(grid.places(digit), base_cells);
    step.cells = corners;
    step.units = base_units.into_iter().chain(cover_units).collect();
    step.candidates = corners.iter().map(|p| Candidate::new(p, digit)).collect();
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::at;

    /// An empty grid where `digit` is kept, in each row of `rows`, to the columns `cols`.
    fn confined(digit: Digit, rows: &[usize], cols: &[usize]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        for &r in rows {
            for c in (1..=9).filter(|c| !cols.contains(c)) {
                grid.eliminate(at(r, c), digit);
            }
        }
        grid
    }

    #[test]
    fn x_wing_clears_its_two_columns() {
        let seven = Digit::new(7).unwrap();
        let grid = confined(seven, &[2, 7], &[3, 8]);
        let step = fish(&grid, 2).unwrap();
        assert_eq!(step.technique, Technique::XWing);
        let expected: Vec<Candidate> = (1..=9)
            .filter(|r| *r != 2 && *r != 7)
            .flat_map(|r| [at(r, 3), at(r, 8)])
            .collect::<CellSet>()
            .iter()
            .map(|p| Candidate::new(p, seven))
            .collect();
        assert_eq!(step.eliminations, expected);
        assert!(
            step.line()
                .starts_with("X-Wing: in rows 2 and 7, 7 can only go in columns 3 and 8, so r1c3")
        );
        // Rows 2 and 7 over three columns: no X-Wing (and no other fish of two lines).
        assert_eq!(fish(&confined(seven, &[2, 7], &[3, 5, 8]), 2), None);
    }

    #[test]
    fn swordfish_with_two_places_in_each_row() {
        let four = Digit::new(4).unwrap();
        let mut grid = confined(four, &[1, 5, 9], &[1, 4, 7]);
        // Each row keeps two of the three columns: r1 {1,4}, r5 {4,7}, r9 {1,7}.
        grid.eliminate(at(1, 7), four);
        grid.eliminate(at(5, 1), four);
        grid.eliminate(at(9, 4), four);
        assert_eq!(fish(&grid, 2), None);
        let step = fish(&grid, 3).unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.eliminations.len(), 6 * 3);
        assert!(step.eliminations.iter().all(|c| [0, 3, 6].contains(&c.pos.col())));
    }

    #[test]
    fn jellyfish_of_four_rows_in_a_cycle() {
        // 3 in rows 1, 3, 5, 7 only in columns {1,3}, {3,5}, {5,7}, {7,1}: any two or three rows
        // spread over more columns than rows, all four over exactly four.
        let three = Digit::new(3).unwrap();
        let mut grid = Grid::new(&Board::empty());
        for (r, cols) in [(1, [1usize, 3]), (3, [3, 5]), (5, [5, 7]), (7, [7, 1])] {
            for c in (1..=9).filter(|c| !cols.contains(c)) {
                grid.eliminate(at(r, c), three);
            }
        }
        assert_eq!(fish(&grid, 2), None);
        assert_eq!(fish(&grid, 3), None);
        let step = fish(&grid, 4).unwrap();
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(
            step.eliminations.len(),
            5 * 4,
            "rows 2, 4, 6, 8, 9 in columns 1, 3, 5, 7"
        );
        assert!(
            step.eliminations
                .iter()
                .all(|c| [0, 2, 4, 6].contains(&c.pos.col()) && c.pos.row() % 2 == 1 || c.pos.row() == 8)
        );
    }
}
