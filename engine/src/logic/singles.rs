//! Singles, the techniques that place a digit: full house (the last empty cell of a unit),
//! hidden single (the only place for a digit in a unit) and naked single (the only candidate of a
//! cell).

use super::deduction::{Candidate, Deduction, Difficulty, Technique};
use super::grid::{Grid, UNIT_CELLS, both, unit_at};
use crate::board::{CellSet, Digit, Pos};

/// A unit with one empty cell: that cell takes the missing digit, rated `difficulty`.
pub fn full_house(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    let (i, pos, digit) = full_houses(grid).next()?;
    let unit = unit_at(i);
    let mut step = Deduction::new(
        Technique::FullHouse,
        difficulty,
        format!("{pos} is the last empty cell of {unit}, so it is {digit}"),
    );
    step.placements.push(Candidate::new(pos, digit));
    step.cells = UNIT_CELLS[i];
    step.units.push(unit);
    Some(step)
}

/// Every full house: the unit's index, its empty cell and the digit (its one candidate).
fn full_houses(grid: &Grid) -> impl Iterator<Item = (usize, Pos, Digit)> + '_ {
    UNIT_CELLS.iter().enumerate().filter_map(|(i, cells)| {
        let empty = both(grid.empty_cells(), *cells);
        if empty.len() != 1 {
            return None;
        }
        let pos = empty.iter().next()?;
        let candidates = grid.candidates(pos);
        (candidates.len() == 1).then_some((i, pos, candidates.first()?))
    })
}

/// Every hidden single in the units `range` (boxes, or rows and columns): the unit's index, the
/// cell and the digit. A digit placed in a unit has no place left there, so one place is a
/// single.
fn hidden_singles(grid: &Grid, range: std::ops::Range<usize>) -> impl Iterator<Item = (usize, Pos, Digit)> + '_ {
    range.flat_map(move |i| {
        Digit::all().filter_map(move |digit| {
            let places = both(grid.places(digit), UNIT_CELLS[i]);
            if places.len() == 1 {
                places.iter().next().map(|p| (i, p, digit))
            } else {
                None
            }
        })
    })
}

/// The units of a hidden single in a box (its first form in the registry, 1.2) or with
/// `lines` in a row or column (its second, 1.5).
fn single_units(lines: bool) -> std::ops::Range<usize> {
    if lines { 0..18 } else { 18..27 }
}

/// The only place for a digit in a box, or with `lines` in a row or column, rated `difficulty`.
pub fn hidden_single(grid: &Grid, lines: bool, difficulty: Difficulty) -> Option<Deduction> {
    let range = single_units(lines);
    let (i, pos, digit) = hidden_singles(grid, range).next()?;
    let unit = unit_at(i);
    let mut step = Deduction::new(
        Technique::HiddenSingle,
        difficulty,
        format!("in {unit}, only {pos} can hold {digit}"),
    );
    step.placements.push(Candidate::new(pos, digit));
    step.cells = UNIT_CELLS[i];
    step.units.push(unit);
    step.candidates.push(Candidate::new(pos, digit));
    Some(step)
}

/// A cell with one candidate left, rated `difficulty`.
pub fn naked_single(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    let pos = grid.empty_cells().iter().find(|p| grid.candidates(*p).len() == 1)?;
    let digit = grid.candidates(pos).first()?;
    let mut step = Deduction::new(
        Technique::NakedSingle,
        difficulty,
        format!("{pos} can only hold {digit}"),
    );
    step.placements.push(Candidate::new(pos, digit));
    step.cells = CellSet::from_iter([pos]);
    step.candidates.push(Candidate::new(pos, digit));
    Some(step)
}

/// For rating, where only the hardest step counts: places every full house there is; how many.
/// No word is written. Batching changes no hardest step: a single stays true while others are
/// placed, and every single found after the first of a harder kind is rated no higher than
/// that one (rating tries this, then [`place_hidden_singles`] in boxes, then in lines, as the
/// registry orders their forms).
pub fn place_full_houses(grid: &mut Grid) -> usize {
    let mut houses = 0;
    for cells in &UNIT_CELLS {
        let open = both(grid.empty_cells(), *cells);
        if open.len() == 1
            && let Some(p) = open.iter().next()
            && let (1, Some(d)) = (grid.candidates(p).len(), grid.candidates(p).first())
        {
            grid.place(p, d);
            houses += 1;
        }
    }
    houses
}

/// For rating: sweeps the boxes, or with `lines` the rows and columns, placing each hidden
/// single as it is found (and sweeps again while that finds some); how many. See
/// [`place_full_houses`].
pub fn place_hidden_singles(grid: &mut Grid, lines: bool) -> usize {
    let range = single_units(lines);
    let mut placed = 0;
    loop {
        let mut found = 0;
        for digit in Digit::all() {
            for cells in &UNIT_CELLS[range.clone()] {
                // (A digit placed everywhere has no places left: skip its units.)
                let all = grid.places(digit).bits();
                if all == 0 {
                    break;
                }
                let places = all & cells.bits();
                if places != 0 && places & (places - 1) == 0 {
                    let p = Pos::new(places.trailing_zeros() as usize).unwrap_or(Pos::FIRST);
                    grid.place(p, digit);
                    found += 1;
                }
            }
        }
        placed += found;
        if found == 0 {
            return placed;
        }
    }
}

/// For rating: places every naked single there is, as long as each is still one; how many.
pub fn place_naked_singles(grid: &mut Grid) -> usize {
    let mut placed = 0;
    for p in grid.empty_cells().iter() {
        let candidates = grid.candidates(p);
        if let (1, Some(d)) = (candidates.len(), candidates.first()) {
            grid.place(p, d);
            placed += 1;
        }
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::registry::form_rating;
    use crate::logic::testing::{at, d};

    fn grid(line: &str) -> Grid {
        Grid::new(&line.parse::<Board>().unwrap())
    }

    // The finders as the registry calls them, each rated by its form.
    fn full_house(g: &Grid) -> Option<Deduction> {
        super::full_house(g, form_rating(Technique::FullHouse, 0))
    }

    fn hidden_single(g: &Grid, lines: bool) -> Option<Deduction> {
        super::hidden_single(g, lines, form_rating(Technique::HiddenSingle, usize::from(lines)))
    }

    fn naked_single(g: &Grid) -> Option<Deduction> {
        super::naked_single(g, form_rating(Technique::NakedSingle, 0))
    }

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let g = grid(&format!("12345678.{}", ".".repeat(72)));
        let step = full_house(&g).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(1, 9), d(9))]);
        assert_eq!(
            step.line(),
            "Full House: r1c9 is the last empty cell of row 1, so it is 9"
        );
        // Two empty cells in the row and none elsewhere so close: no full house.
        assert_eq!(full_house(&grid(&format!("1234567..{}", ".".repeat(72)))), None);
    }

    #[test]
    fn hidden_single_in_a_box_and_not_in_a_line_first() {
        // 7 in rows 1 and 2 and columns 1 and 2 leaves r3c3 as box 1's only place for 7.
        let mut cells = vec!['.'; 81];
        cells[3] = '7'; // r1c4
        cells[9 + 6] = '7'; // r2c7
        cells[27] = '7'; // r4c1
        cells[63 + 1] = '7'; // r8c2
        let g = grid(&cells.iter().collect::<String>());
        let step = hidden_single(&g, false).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(3, 3), d(7))]);
        assert_eq!(step.difficulty.0, 12);
        assert_eq!(step.line(), "Hidden Single: in box 1, only r3c3 can hold 7");
        // With one 7 fewer, box 1 has two places: no hidden single anywhere.
        cells[63 + 1] = '.';
        let g = grid(&cells.iter().collect::<String>());
        assert_eq!(hidden_single(&g, false), None);
        assert_eq!(hidden_single(&g, true), None);
    }

    #[test]
    fn naked_single_when_eight_digits_see_a_cell() {
        let mut cells = vec!['.'; 81];
        for (i, c) in "12345678".chars().enumerate() {
            cells[if i < 4 { 1 + i } else { 9 * (i - 3) }] = c; // row 1 and column 1 around r1c1
        }
        let g = grid(&cells.iter().collect::<String>());
        let step = naked_single(&g).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(1, 1), d(9))]);
        assert_eq!(step.line(), "Naked Single: r1c1 can only hold 9");
        cells[9 * 4] = '.';
        assert_eq!(naked_single(&grid(&cells.iter().collect::<String>())), None);
    }
}
