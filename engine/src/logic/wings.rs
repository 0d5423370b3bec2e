//! Wings: a pivot cell and two pincers that share a digit, so that one pincer must hold it:
//! XY-Wing, XYZ-Wing, and W-Wing (two identical bivalue cells joined by a conjugate pair).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list};
use super::grid::{Grid, PEERS, both};
use crate::board::{CellSet, Digit, DigitSet, Pos};

fn only(set: DigitSet) -> Option<Digit> {
    if set.len() == 1 { set.first() } else { None }
}

fn wing(
    grid: &Grid,
    technique: Technique,
    difficulty: Difficulty,
    digit: Digit,
    cells: [Pos; 3],
    seen_by: CellSet,
    explanation: impl FnOnce(&str) -> String,
) -> Option<Deduction> {
    let targets = both(seen_by, grid.places(digit)).difference(cells.into_iter().collect());
    if targets.is_empty() {
        return None;
    }
    let mut step = Deduction::new(technique, difficulty, explanation(&cell_list(targets.iter())));
    step.eliminations = targets.iter().map(|p| Candidate::new(p, digit)).collect();
    step.cells = cells.into_iter().collect();
    step.candidates = cells
        .iter()
        .flat_map(|p| grid.candidates(*p).iter().map(move |d| Candidate::new(*p, d)))
        .collect();
    Some(step)
}

/// A bivalue pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is z, so a cell seeing both
/// loses z. Rated `difficulty`.
pub fn xy_wing(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    let bivalue: Vec<Pos> = grid
        .empty_cells()
        .iter()
        .filter(|p| grid.candidates(*p).len() == 2)
        .collect();
    for &pivot in &bivalue {
        let pc = grid.candidates(pivot);
        let pincers: Vec<Pos> = bivalue
            .iter()
            .copied()
            .filter(|p| p.sees(pivot) && grid.candidates(*p) != pc && grid.candidates(*p).bits() & pc.bits() != 0)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ac, bc) = (grid.candidates(a), grid.candidates(b));
                let Some(z) = only(DigitSet::from_bits(ac.bits() & bc.bits())) else {
                    continue;
                };
                if pc.contains(z) || ac.bits() | bc.bits() | pc.bits() != ac.bits() | bc.bits() {
                    continue;
                }
                if ac.bits() & pc.bits() == bc.bits() & pc.bits() {
                    continue;
                }
                let seen = both(PEERS[a.index()], PEERS[b.index()]);
                let found = wing(grid, Technique::XYWing, difficulty, z, [pivot, a, b], seen, |targets| {
                    format!("{pivot} holds {pc}, so {a} ({ac}) or {b} ({bc}) is {z}, and {targets} cannot be {z}")
                });
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    None
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so a cell seeing all
/// three loses z. Rated `difficulty`.
pub fn xyz_wing(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    for pivot in grid.empty_cells().iter() {
        let pc = grid.candidates(pivot);
        if pc.len() != 3 {
            continue;
        }
        let pincers: Vec<Pos> = PEERS[pivot.index()]
            .iter()
            .filter(|p| {
                let c = grid.candidates(*p);
                c.len() == 2 && c.bits() & !pc.bits() == 0
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ac, bc) = (grid.candidates(a), grid.candidates(b));
                if ac == bc {
                    continue;
                }
                let Some(z) = only(DigitSet::from_bits(ac.bits() & bc.bits())) else {
                    continue;
                };
                let seen = both(both(PEERS[a.index()], PEERS[b.index()]), PEERS[pivot.index()]);
                let found = wing(
                    grid,
                    Technique::XYZWing,
                    difficulty,
                    z,
                    [pivot, a, b],
                    seen,
                    |targets| format!("{pivot} ({pc}), {a} ({ac}) or {b} ({bc}) is {z}, so {targets} cannot be {z}"),
                );
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{at, d, with_cells};

    // The finders as the registry calls them, rated by their rows.
    fn xy_wing(g: &Grid) -> Option<Deduction> {
        super::xy_wing(g, Technique::XYWing.rating())
    }

    fn xyz_wing(g: &Grid) -> Option<Deduction> {
        super::xyz_wing(g, Technique::XYZWing.rating())
    }

    #[test]
    fn xy_wing_removes_z_where_both_pincers_see() {
        // Pivot r1c1 {1,2}, pincers r1c7 {1,3} and r7c1 {2,3}: r7c7 loses 3.
        let grid = with_cells(&[((1, 1), &[1, 2]), ((1, 7), &[1, 3]), ((7, 1), &[2, 3])]);
        let step = xy_wing(&grid).unwrap();
        assert_eq!(step.eliminations, vec![Candidate::new(at(7, 7), d(3))]);
        assert_eq!(
            step.line(),
            "XY-Wing: r1c1 holds 12, so r1c7 (13) or r7c1 (23) is 3, and r7c7 cannot be 3"
        );
        // Pincers sharing the pivot's digit 1 instead of one each: no wing.
        let near = with_cells(&[((1, 1), &[1, 2]), ((1, 7), &[1, 3]), ((7, 1), &[1, 3])]);
        assert_eq!(xy_wing(&near), None);
    }

    #[test]
    fn xyz_wing_removes_z_where_all_three_see() {
        // Pivot r1c1 {1,2,3}, pincers r1c5 {1,3} (row) and r2c2 {2,3} (box): r1c2, r1c3 lose 3.
        let grid = with_cells(&[((1, 1), &[1, 2, 3]), ((1, 5), &[1, 3]), ((2, 2), &[2, 3])]);
        let step = xyz_wing(&grid).unwrap();
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(1, 2), d(3)), Candidate::new(at(1, 3), d(3))]
        );
        // A pincer with a digit the pivot lacks: no wing.
        let near = with_cells(&[((1, 1), &[1, 2, 3]), ((1, 5), &[1, 4]), ((2, 2), &[2, 3])]);
        assert_eq!(xyz_wing(&near), None);
    }
}
