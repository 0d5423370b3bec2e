//! Techniques that rely on the puzzle having one solution: a pattern that would allow two
//! (a "deadly pattern") cannot be the outcome. Unique Rectangle types 1 and 2, and BUG+1
//! (a bivalue universal grave with one cell to spare).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list, elimination_list};
use super::grid::{Grid, PEERS, both};
use crate::board::{CellSet, Digit, DigitSet, Pos, Unit};

/// The rectangles of empty cells spanning two rows, two columns and exactly two boxes, as their
/// four corners.
fn rectangles(grid: &Grid) -> impl Iterator<Item = [Pos; 4]> + '_ {
    (0..9).flat_map(move |r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    if same_band == same_stack {
                        return None;
                    }
                    let corners = [Pos::at(r1, c1)?, Pos::at(r1, c2)?, Pos::at(r2, c1)?, Pos::at(r2, c2)?];
                    corners.iter().all(|p| grid.value(*p).is_none()).then_some(corners)
                })
            })
        })
    })
}

fn pair_digits(pair: DigitSet) -> (Digit, Digit) {
    let mut it = pair.iter();
    let x = it.next().unwrap_or(Digit::from_index(0));
    (x, it.next().unwrap_or(x))
}

/// Three corners holding only {x,y}: the fourth cannot be x or y. Rated `difficulty` (4.5).
pub fn unique_rectangle_1(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    for corners in rectangles(grid) {
        for (k, &odd) in corners.iter().enumerate() {
            let others: Vec<Pos> = corners
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, p)| *p)
                .collect();
            let pair = grid.candidates(others[0]);
            if pair.len() != 2 || others.iter().any(|p| grid.candidates(*p) != pair) {
                continue;
            }
            let extra = grid.candidates(odd);
            if extra.bits() & pair.bits() == 0 || extra == pair {
                continue;
            }
            let eliminations: Vec<Candidate> = DigitSet::from_bits(extra.bits() & pair.bits())
                .iter()
                .map(|d| Candidate::new(odd, d))
                .collect();
            let (x, y) = pair_digits(pair);
            let explanation = format!(
                "{} hold only {x} and {y}; if {odd} were {x} or {y}, the four cells could swap them and the \
                 puzzle would have two solutions, so remove {}",
                cell_list(others.iter().copied()),
                elimination_list(&eliminations)
            );
            let mut step = Deduction::new(Technique::UniqueRectangle1, difficulty, explanation);
            step.eliminations = eliminations;
            step.cells = corners.into_iter().collect();
            step.candidates = corners
                .iter()
                .flat_map(|p| {
                    [x, y]
                        .into_iter()
                        .filter(|d| grid.has(*p, *d))
                        .map(|d| Candidate::new(*p, d))
                })
                .collect();
            return Some(step);
        }
    }
    None
}

/// Two corners holding only {x,y} and the other two only {x,y,z}: one of those two is z, so a
/// cell seeing both loses z. Rated `difficulty` (4.6).
pub fn unique_rectangle_2(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    for corners in rectangles(grid) {
        // The two sides: corners 0-1 and 2-3 share a row, 0-2 and 1-3 a column.
        for (floor, roof) in [([0, 1], [2, 3]), ([2, 3], [0, 1]), ([0, 2], [1, 3]), ([1, 3], [0, 2])] {
            let (f1, f2) = (corners[floor[0]], corners[floor[1]]);
            let (r1, r2) = (corners[roof[0]], corners[roof[1]]);
            let pair = grid.candidates(f1);
            if pair.len() != 2 || grid.candidates(f2) != pair {
                continue;
            }
            let roof_set = grid.candidates(r1);
            if roof_set != grid.candidates(r2) || roof_set.len() != 3 || roof_set.bits() & pair.bits() != pair.bits() {
                continue;
            }
            let Some(z) = roof_set.difference(pair).first() else {
                continue;
            };
            let targets = both(both(PEERS[r1.index()], PEERS[r2.index()]), grid.places(z));
            if targets.is_empty() {
                continue;
            }
            let (x, y) = pair_digits(pair);
            let explanation = format!(
                "{f1}, {f2}, {r1} and {r2} would swap {x} and {y} in two solutions unless {r1} or {r2} is {z}, \
                 so {} cannot be {z}",
                cell_list(targets.iter())
            );
            let mut step = Deduction::new(Technique::UniqueRectangle2, difficulty, explanation);
            step.eliminations = targets.iter().map(|p| Candidate::new(p, z)).collect();
            step.cells = corners.into_iter().collect();
            step.candidates = vec![Candidate::new(r1, z), Candidate::new(r2, z)];
            return Some(step);
        }
    }
    None
}

/// Every empty cell holds two candidates but one, which holds three, and every digit has two
/// places in every unit but the one too many: that cell takes the digit it has too many of
/// (rated `difficulty`, 5.6), or the puzzle would have no or two solutions.
pub fn bug_plus_one(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    let mut odd = None;
    for p in grid.empty_cells().iter() {
        match grid.candidates(p).len() {
            2 => {}
            3 if odd.is_none() => odd = Some(p),
            _ => return None,
        }
    }
    let odd = odd?;
    // The digit with three places in the odd cell's row; every other unit count must be 2.
    let mut extra = None;
    for unit in Unit::all() {
        let missing = DigitSet::ALL.difference(grid.placed_in(unit));
        for digit in missing.iter() {
            let count = grid.places_in(digit, unit).len();
            let in_unit = unit.cells().contains(&odd);
            match count {
                2 => {}
                3 if in_unit && grid.has(odd, digit) && extra.is_none_or(|e| e == digit) => extra = Some(digit),
                _ => return None,
            }
        }
    }
    let digit = extra?;
    let explanation = format!(
        "every empty cell but {odd} holds two candidates; were {odd} not {digit}, the grid would be a deadly \
         pattern, so it is {digit}"
    );
    let mut step = Deduction::new(Technique::BugPlusOne, difficulty, explanation);
    step.placements.push(Candidate::new(odd, digit));
    step.cells = CellSet::from_iter([odd]);
    step.candidates = vec![Candidate::new(odd, digit)];
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::{at, d, with_cells};

    // The finders as the registry calls them, rated by their rows.
    fn unique_rectangle_1(g: &Grid) -> Option<Deduction> {
        super::unique_rectangle_1(g, Technique::UniqueRectangle1.rating())
    }

    fn unique_rectangle_2(g: &Grid) -> Option<Deduction> {
        super::unique_rectangle_2(g, Technique::UniqueRectangle2.rating())
    }

    fn bug_plus_one(g: &Grid) -> Option<Deduction> {
        super::bug_plus_one(g, Technique::BugPlusOne.rating())
    }

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        // r1c1, r1c4, r2c1 hold {5,8}; r2c4 holds {5,8,9}: it must be 9.
        let grid = with_cells(&[
            ((1, 1), &[5, 8]),
            ((1, 4), &[5, 8]),
            ((2, 1), &[5, 8]),
            ((2, 4), &[5, 8, 9]),
        ]);
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(2, 4), d(5)), Candidate::new(at(2, 4), d(8))]
        );
        // In three boxes (rows 1 and 4, columns 1 and 4) the rectangle is no deadly pattern.
        let near = with_cells(&[
            ((1, 1), &[5, 8]),
            ((1, 4), &[5, 8]),
            ((4, 1), &[5, 8]),
            ((4, 4), &[5, 8, 9]),
        ]);
        assert_eq!(unique_rectangle_1(&near), None);
    }

    #[test]
    fn type_2_removes_the_extra_digit_seen_by_both_roof_cells() {
        // Floor r1c1, r1c2 {3,6}; roof r5c1, r5c2 {3,6,7}: the rest of row 5 and box 4 lose 7.
        let grid = with_cells(&[
            ((1, 1), &[3, 6]),
            ((1, 2), &[3, 6]),
            ((5, 1), &[3, 6, 7]),
            ((5, 2), &[3, 6, 7]),
        ]);
        let step = unique_rectangle_2(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle2);
        assert!(
            step.eliminations
                .iter()
                .all(|c| c.digit == d(7) && (c.pos.row() == 4 || c.pos.box_index() == 3))
        );
        assert_eq!(step.eliminations.len(), 7 + 6, "row 5 and the rest of box 4");
        // Roof cells with different extras: nothing.
        let near = with_cells(&[
            ((1, 1), &[3, 6]),
            ((1, 2), &[3, 6]),
            ((5, 1), &[3, 6, 7]),
            ((5, 2), &[3, 6, 8]),
        ]);
        assert_eq!(unique_rectangle_2(&near), None);
    }

    /// Every cell of an empty board marked with its digit in a solution and the next digit (a
    /// second solution): the bivalue universal grave itself.
    fn grave() -> [DigitSet; 81] {
        let solution: Board = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
            .parse()
            .unwrap();
        std::array::from_fn(|i| {
            let s = solution.cells()[i].digit().unwrap();
            [s, d(s.get() % 9 + 1)].into_iter().collect()
        })
    }

    #[test]
    fn bug_plus_one_places_the_digit_with_three_places() {
        let mut marks = grave();
        assert_eq!(
            bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)),
            None,
            "no cell to spare"
        );
        marks[0].insert(d(5));
        let step = bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(1, 1), d(5))]);
        // Two cells with a third candidate: no BUG+1.
        marks[40].insert(d(3));
        assert_eq!(bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)), None);
    }
}
