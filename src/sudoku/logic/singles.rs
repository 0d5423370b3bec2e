//! Singles, the techniques that place a digit: full house (the last empty cell of a unit),
//! hidden single (the only place for a digit in a unit) and naked single (the only candidate of a
//! cell).

use super::deduction::{Candidate, Deduction, Technique};
use super::grid::{Grid, UNIT_CELLS, both, unit_at};
use crate::sudoku::board::{CellSet, DigitSet, Unit};

/// A unit with one empty cell: that cell takes the missing digit (Sudoku Explainer 1.0).
pub fn full_house(grid: &Grid) -> Option<Deduction> {
    for (i, cells) in UNIT_CELLS.iter().enumerate() {
        let unit = unit_at(i);
        let empty: Vec<_> = cells.iter().filter(|p| grid.value(*p).is_none()).collect();
        let [pos] = empty[..] else { continue };
        let missing = DigitSet::ALL.difference(grid.placed_in(unit));
        let Some(digit) = missing.first() else { continue };
        if !grid.has(pos, digit) {
            continue;
        }
        let mut step = Deduction::new(
            Technique::FullHouse,
            10,
            format!("{pos} is the last empty cell of {unit}, so it is {digit}"),
        );
        step.placements.push(Candidate::new(pos, digit));
        step.cells = *cells;
        step.units.push(unit);
        return Some(step);
    }
    None
}

/// The only place for a digit in a box (1.2), or with `lines` in a row or column (1.5).
pub fn hidden_single(grid: &Grid, lines: bool) -> Option<Deduction> {
    let (range, difficulty) = if lines { (0..18, 15) } else { (18..27, 12) };
    for i in range {
        let unit = unit_at(i);
        let placed = grid.placed_in(unit);
        for digit in DigitSet::ALL.difference(placed).iter() {
            let places = grid.places_in(digit, unit);
            if places.len() != 1 {
                continue;
            }
            let Some(pos) = places.iter().next() else { continue };
            let mut step = Deduction::new(
                Technique::HiddenSingle,
                difficulty,
                format!("in {unit}, only {pos} can hold {digit}"),
            );
            step.placements.push(Candidate::new(pos, digit));
            step.cells = UNIT_CELLS[i];
            step.units.push(unit);
            step.candidates.push(Candidate::new(pos, digit));
            return Some(step);
        }
    }
    None
}

/// A cell with one candidate left (2.3).
pub fn naked_single(grid: &Grid) -> Option<Deduction> {
    for pos in grid.empty_cells().iter() {
        let candidates = grid.candidates(pos);
        if candidates.len() != 1 {
            continue;
        }
        let digit = candidates.first()?;
        let mut step = Deduction::new(Technique::NakedSingle, 23, format!("{pos} can only hold {digit}"));
        step.placements.push(Candidate::new(pos, digit));
        step.cells = CellSet::from_iter([pos]);
        step.candidates.push(Candidate::new(pos, digit));
        return Some(step);
    }
    None
}

/// The cells of `unit` that `cells` holds.
pub fn within(cells: CellSet, unit: Unit) -> CellSet {
    both(cells, UNIT_CELLS[super::grid::unit_index(unit)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::board::{Board, Digit, Pos};

    fn grid(line: &str) -> Grid {
        Grid::new(&line.parse::<Board>().unwrap())
    }

    fn at(r: usize, c: usize) -> Pos {
        Pos::at(r - 1, c - 1).unwrap()
    }

    fn digit(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let g = grid(&format!("12345678.{}", ".".repeat(72)));
        let step = full_house(&g).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(1, 9), digit(9))]);
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
        assert_eq!(step.placements, vec![Candidate::new(at(3, 3), digit(7))]);
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
        assert_eq!(step.placements, vec![Candidate::new(at(1, 1), digit(9))]);
        assert_eq!(step.line(), "Naked Single: r1c1 can only hold 9");
        cells[9 * 4] = '.';
        assert_eq!(naked_single(&grid(&cells.iter().collect::<String>())), None);
    }
}
