//! Locked candidates, where a box meets a row or column: pointing (a digit confined to one line of
//! a box leaves the rest of that line) and claiming (a digit confined to one box in a line leaves
//! the rest of that box).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list};
use super::grid::{Grid, UNIT_CELLS, unit_index};
use crate::board::{Digit, Pos, Unit};

/// Pointing: in a box, a digit's places all lie in one row or column. With `direct`, only one
/// whose eliminations leave a hidden single (Sudoku Explainer's "direct pointing", 1.7, the
/// first form of its row in the registry); otherwise any (2.6, the second).
// The finders use the scans; the tests ask for one technique at a time.
#[cfg(test)]
pub(crate) fn pointing(grid: &Grid, direct: bool) -> Option<Deduction> {
    let rating = super::registry::form_rating(Technique::Pointing, usize::from(!direct));
    pointing_scan(grid, direct, rating, &mut 0)
}

/// [`pointing`] rated `difficulty`, skipping the boxes set in `clean` (bit `i` for
/// [`UNIT_CELLS`]`[i]`) and setting those where it finds nothing.
pub(crate) fn pointing_scan(grid: &Grid, direct: bool, difficulty: Difficulty, clean: &mut u32) -> Option<Deduction> {
    let spots = grid.spots();
    for b in 0..9u8 {
        let bit = 1 << (18 + b);
        if *clean & bit != 0 {
            continue;
        }
        *clean |= bit;
        let source = Unit::Box(b);
        for digit in Digit::all() {
            // Bit k of a box is its cell (k / 3, k % 3): three rows of three bits.
            let places = spots[18 + b as usize][digit.index()];
            if places == 0 {
                continue;
            }
            let rows = [places & 7, places >> 3 & 7, places >> 6 & 7];
            let columns = (places | places >> 3 | places >> 6) & 7;
            let line = if rows.iter().filter(|r| **r != 0).count() == 1 {
                let j = rows.iter().position(|r| *r != 0).unwrap_or(0);
                Unit::Row(b / 3 * 3 + j as u8)
            } else if columns.count_ones() == 1 {
                Unit::Col(b % 3 * 3 + columns.trailing_zeros() as u8)
            } else {
                continue;
            };
            if let Some(step) = locked(grid, digit, source, line, Technique::Pointing, direct, difficulty) {
                *clean &= !bit;
                return Some(step);
            }
        }
    }
    None
}

/// Claiming: in a row or column, a digit's places all lie in one box. With `direct`, only one that
/// leaves a hidden single (1.9, the first form of its row in the registry); otherwise any (2.8).
// The finders use the scans; the tests ask for one technique at a time.
#[cfg(test)]
pub(crate) fn claiming(grid: &Grid, direct: bool) -> Option<Deduction> {
    let rating = super::registry::form_rating(Technique::Claiming, usize::from(!direct));
    claiming_scan(grid, direct, rating, &mut 0)
}

/// [`claiming`] rated `difficulty`, skipping the lines set in `clean` (bit `i` for
/// [`UNIT_CELLS`]`[i]`) and setting those where it finds nothing.
pub(crate) fn claiming_scan(grid: &Grid, direct: bool, difficulty: Difficulty, clean: &mut u32) -> Option<Deduction> {
    let spots = grid.spots();
    for (i, line) in spots[..18].iter().enumerate() {
        if *clean >> i & 1 == 1 {
            continue;
        }
        *clean |= 1 << i;
        let source = super::grid::unit_at(i);
        for digit in Digit::all() {
            // A line's nine places, three per box it crosses.
            let places = line[digit.index()];
            if places.count_ones() < 2 {
                continue;
            }
            let thirds = [places & 7, places >> 3 & 7, places >> 6 & 7];
            if thirds.iter().filter(|t| **t != 0).count() != 1 {
                continue;
            }
            let j = thirds.iter().position(|t| *t != 0).unwrap_or(0) as u8;
            let target = match source {
                Unit::Row(r) => Unit::Box(r / 3 * 3 + j),
                Unit::Col(c) => Unit::Box(j * 3 + c / 3),
                Unit::Box(_) => continue,
            };
            if let Some(step) = locked(grid, digit, source, target, Technique::Claiming, direct, difficulty) {
                *clean &= !(1 << i);
                return Some(step);
            }
        }
    }
    None
}

/// The units whose pointing or claiming may change when `unit` (an index of [`UNIT_CELLS`])
/// changes, as bits of [`UNIT_CELLS`] positions: a box's pattern reads the box, the lines through
/// it and (for a direct one) the boxes beside it along those lines; a line's reads the line, the
/// boxes it crosses and (direct) the lines beside it through those boxes.
pub(crate) const fn sources_reading(unit: usize) -> u32 {
    // Bits of the three rows of a band, three columns of a stack, three boxes of a band or stack.
    const fn rows(band: usize) -> u32 {
        0b111 << (band * 3)
    }
    const fn cols(stack: usize) -> u32 {
        0b111 << (9 + stack * 3)
    }
    const fn band_boxes(band: usize) -> u32 {
        0b111 << (18 + band * 3)
    }
    const fn stack_boxes(stack: usize) -> u32 {
        0b1001001 << (18 + stack)
    }
    match unit / 9 {
        // A row: the boxes of its band point into it; the rows of its band claim through it.
        0 => band_boxes(unit / 3) | rows(unit / 3),
        1 => stack_boxes((unit - 9) / 3) | cols((unit - 9) / 3),
        _ => {
            let b = unit - 18;
            band_boxes(b / 3) | stack_boxes(b % 3) | rows(b / 3) | cols(b % 3)
        }
    }
}

/// `digit` is locked in the meeting of `source` and `target`: remove it from the rest of
/// `target`, if that removes anything, rated `difficulty`. With `direct`, only when that leaves
/// a hidden single, and the step is that single alone: Sudoku Explainer's direct pointing and
/// claiming place the single and keep none of the removals (they are found again, and rated as
/// the plain form, if still needed), so the grid after the step is SE's.
fn locked(
    grid: &Grid,
    digit: crate::board::Digit,
    source: Unit,
    target: Unit,
    technique: Technique,
    direct: bool,
    difficulty: Difficulty,
) -> Option<Deduction> {
    let places = grid.places_in(digit, source);
    let victims = grid.places_in(digit, target).difference(places);
    if victims.is_empty() {
        return None;
    }
    let single = if direct {
        Some(hidden_single_left(grid, digit, source, target)?)
    } else {
        None
    };
    let eliminations: Vec<Candidate> = victims.iter().map(|p| Candidate::new(p, digit)).collect();
    let mut explanation = format!(
        "in {source}, {digit} can only go in {target}, so {} cannot be {digit}",
        cell_list(victims.iter())
    );
    if let Some((pos, unit)) = single {
        explanation.push_str(&format!(" and {pos} is the only place left for it in {unit}"));
    }
    let mut step = Deduction::new(technique, difficulty, explanation);
    match single {
        Some((pos, unit)) => {
            step.placements.push(Candidate::new(pos, digit));
            step.units = vec![source, target, unit];
        }
        None => {
            step.eliminations = eliminations;
            step.units = vec![source, target];
        }
    }
    step.cells = UNIT_CELLS[unit_index(source)];
    step.candidates = places.iter().map(|p: Pos| Candidate::new(p, digit)).collect();
    Some(step)
}

/// The hidden single that removing `digit` from `target` outside `source` leaves in another
/// unit of `source`'s kind crossing `target` (its cell and that unit), the first such unit in
/// the grid's order: Sudoku Explainer's test for a direct pointing (another box) or claiming
/// (another parallel line).
fn hidden_single_left(grid: &Grid, digit: crate::board::Digit, source: Unit, target: Unit) -> Option<(Pos, Unit)> {
    let target_cells = UNIT_CELLS[unit_index(target)];
    // The two other units of the source's kind that cross the target: the boxes beside the
    // source box along the line, or the lines beside the source line through the box.
    let others: [Unit; 2] = match (source, target) {
        (Unit::Box(b), Unit::Row(_)) => {
            let first = b / 3 * 3;
            let mut it = (first..first + 3).filter(|x| *x != b).map(Unit::Box);
            [it.next().unwrap_or(source), it.next().unwrap_or(source)]
        }
        (Unit::Box(b), _) => {
            let mut it = (0..3).map(|k| k * 3 + b % 3).filter(|x| *x != b).map(Unit::Box);
            [it.next().unwrap_or(source), it.next().unwrap_or(source)]
        }
        (Unit::Row(r), Unit::Box(_)) => {
            let first = r / 3 * 3;
            let mut it = (first..first + 3).filter(|x| *x != r).map(Unit::Row);
            [it.next().unwrap_or(source), it.next().unwrap_or(source)]
        }
        (Unit::Col(c), Unit::Box(_)) => {
            let first = c / 3 * 3;
            let mut it = (first..first + 3).filter(|x| *x != c).map(Unit::Col);
            [it.next().unwrap_or(source), it.next().unwrap_or(source)]
        }
        _ => return None,
    };
    others.into_iter().find_map(|other| {
        let places = grid.places_in(digit, other);
        let rest = places.difference(target_cells);
        if places.len() > 1 && rest.len() == 1 {
            rest.iter().next().map(|p| (p, other))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Digit};
    use crate::logic::testing::at;

    #[test]
    fn pointing_clears_the_rest_of_the_row() {
        // In box 1, 5 is kept out of rows 2 and 3: it can only go in row 1.
        let mut grid = Grid::new(&Board::empty());
        let five = Digit::new(5).unwrap();
        for r in 2..=3 {
            for c in 1..=3 {
                grid.eliminate(at(r, c), five);
            }
        }
        let step = pointing(&grid, false).unwrap();
        assert_eq!(step.units, vec![Unit::Box(0), Unit::Row(0)]);
        let expected: Vec<Candidate> = (4..=9).map(|c| Candidate::new(at(1, c), five)).collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.difficulty.0, 26);
        assert_eq!(
            step.line(),
            "Locked Candidates (Pointing): in box 1, 5 can only go in row 1, so r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 cannot be 5"
        );
        // Once the row is clear there is nothing left to remove: no step.
        for c in 4..=9 {
            grid.eliminate(at(1, c), five);
        }
        assert_eq!(pointing(&grid, false), None);
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // In row 1, 4 is kept out of columns 4..9: it can only go in box 1.
        let mut grid = Grid::new(&Board::empty());
        let four = Digit::new(4).unwrap();
        for c in 4..=9 {
            grid.eliminate(at(1, c), four);
        }
        let step = claiming(&grid, false).unwrap();
        assert_eq!(step.units, vec![Unit::Row(0), Unit::Box(0)]);
        let expected: Vec<Candidate> = [at(2, 1), at(2, 2), at(2, 3), at(3, 1), at(3, 2), at(3, 3)]
            .into_iter()
            .map(|p| Candidate::new(p, four))
            .collect();
        assert_eq!(step.eliminations, expected);
        // It is not direct: no unit is left with one place for 4.
        assert_eq!(claiming(&grid, true), None);
        // Spread over two boxes: nothing is claimed.
        grid = Grid::new(&Board::empty());
        for c in 5..=9 {
            grid.eliminate(at(1, c), four);
        }
        assert_eq!(claiming(&grid, false), None);
    }

    /// Sudoku Explainer's direct pointing places the single it leaves and keeps none of its
    /// removals: the grid after the step is SE's.
    #[test]
    fn direct_pointing_places_its_single_and_removes_nothing() {
        // In box 1, 5 is only in row 1; in box 2, only in r1c4 and r2c5: pointing leaves r2c5.
        let mut grid = Grid::new(&Board::empty());
        let five = Digit::new(5).unwrap();
        for r in 2..=3 {
            for c in 1..=3 {
                grid.eliminate(at(r, c), five);
            }
        }
        for (r, c) in [(1, 5), (1, 6), (2, 4), (2, 6), (3, 4), (3, 5), (3, 6)] {
            grid.eliminate(at(r, c), five);
        }
        let step = pointing(&grid, true).unwrap();
        assert_eq!(step.difficulty.0, 17);
        assert_eq!(step.placements, vec![Candidate::new(at(2, 5), five)]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.units, vec![Unit::Box(0), Unit::Row(0), Unit::Box(1)]);
        assert_eq!(
            step.line(),
            "Locked Candidates (Pointing): in box 1, 5 can only go in row 1, so r1c4, r1c7, r1c8 and r1c9 \
             cannot be 5 and r2c5 is the only place left for it in box 2"
        );
        let mut after = grid.clone();
        assert!(crate::logic::apply(&mut after, &step));
        // r1c7..r1c9 keep their 5: only the single's own unit and lines lose it.
        assert!(after.has(at(1, 7), five));
        // The plain form still removes the rest of row 1.
        assert_eq!(pointing(&after, false).unwrap().eliminations.len(), 3);
    }
}
