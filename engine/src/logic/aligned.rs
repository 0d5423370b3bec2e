//! Aligned Pair and Triplet Exclusion, as Sudoku Explainer finds them: two (three) cells that
//! together see at least two cells of two (two or three) candidates. Every way to fill the base
//! cells that repeats a digit in a unit, or takes every candidate of one of those cells they all
//! see, is impossible; a candidate of a base cell used by no way left is removed.
//!
//! SE pairs any two cells, seeing each other or not ("aligned" only in name), and a third cell
//! only among those one of the first two sees with two or three candidates; it rates a pair 6.2
//! and a triplet 7.5 whatever the size, and tries them where the registry's ratings put them
//! (pairs after BUG+1, triplets after the X-chains, before the forcing chains).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list, elimination_list};
use super::grid::{Grid, PEERS, both};
use crate::board::{CellSet, DigitSet, Pos};

/// The base cells that may take part, in the grid's order (rows, then columns: SE's), each with
/// the cells it sees that hold 2 to `degree` candidates (its excluders); none when a cell still
/// has a naked single beside it, as SE skips those (a naked single is always found first).
fn base_cells(grid: &Grid, degree: usize) -> Vec<(Pos, CellSet)> {
    let mut bases = Vec::new();
    for p in grid.empty_cells().iter() {
        if grid.candidates(p).len() < 2 {
            continue;
        }
        let mut excluders = CellSet::EMPTY;
        let mut single_beside = false;
        for q in PEERS[p.index()].iter() {
            match grid.candidates(q).len() {
                1 => single_beside = true,
                n if (2..=degree).contains(&n) => excluders.insert(q),
                _ => {}
            }
        }
        if !single_beside && !excluders.is_empty() {
            bases.push((p, excluders));
        }
    }
    bases
}

/// The first Aligned Pair (`degree` 2) or Triplet (3) Exclusion on the grid that removes
/// something, rated `difficulty`.
pub(crate) fn aligned_exclusion(grid: &Grid, degree: usize, difficulty: Difficulty) -> Option<Deduction> {
    let bases = base_cells(grid, degree);
    if bases.len() < degree {
        return None;
    }
    for (i, &(p0, e0)) in bases.iter().enumerate() {
        for (j, &(p1, e1)) in bases.iter().enumerate().skip(i + 1) {
            // The cells all the base cells see are among those the first two see: SE asks for
            // two at least.
            let common = both(e0, e1);
            if common.len() < 2 {
                continue;
            }
            if degree == 2 {
                if let Some(step) = exclusion(grid, &[p0, p1], common, difficulty) {
                    return Some(step);
                }
                continue;
            }
            // SE takes a third cell among those that one of the first two sees with few
            // candidates (its "twin area"), from every pair: a triple is tried when one of its
            // cells is so seen by the two others' pair. Each triple is tried once here, in the
            // grid's order, which finds the same eliminations.
            for &(p2, e2) in &bases[j + 1..] {
                let common = both(common, e2);
                let twin = e0.union(e1).contains(p2) || e0.union(e2).contains(p1) || e1.union(e2).contains(p0);
                if common.len() >= 2
                    && twin
                    && let Some(step) = exclusion(grid, &[p0, p1, p2], common, difficulty)
                {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The exclusion on the base `cells` with the `common` cells they all see (at least two, as SE
/// asks), if it removes a candidate.
fn exclusion(grid: &Grid, cells: &[Pos], common: CellSet, difficulty: Difficulty) -> Option<Deduction> {
    let n = cells.len();
    let mut excluders = [0u16; 20];
    for (e, q) in excluders.iter_mut().zip(common.iter()) {
        *e = grid.candidates(q).bits();
    }
    let excluders = &excluders[..common.len().min(20)];
    // Each base cell's candidates as bits, and which pairs of base cells see each other.
    let mut options = [[0u16; 9]; 3];
    let mut counts = [0usize; 3];
    for (k, &p) in cells.iter().enumerate() {
        for d in grid.candidates(p).iter() {
            options[k][counts[k]] = 1 << d.index();
            counts[k] += 1;
        }
    }
    let sees = |a: usize, b: usize| cells[a].sees(cells[b]);
    let clash = [n > 1 && sees(0, 1), n > 2 && sees(0, 2), n > 2 && sees(1, 2)];
    // For each base cell, the digits some possible way to fill the base cells gives it.
    let mut used = [0u16; 3];
    let mut choice = [0usize; 3];
    loop {
        let bits: [u16; 3] = std::array::from_fn(|k| if k < n { options[k][choice[k]] } else { 0 });
        let repeats =
            (clash[0] && bits[0] == bits[1]) || (clash[1] && bits[0] == bits[2]) || (clash[2] && bits[1] == bits[2]);
        let taken = bits[0] | bits[1] | bits[2];
        if !repeats && excluders.iter().all(|&e| e & !taken != 0) {
            for k in 0..n {
                used[k] |= bits[k];
            }
        }
        // The next choice, the first cell's digit turning fastest.
        let mut k = 0;
        while k < n {
            choice[k] += 1;
            if choice[k] < counts[k] {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
        if k == n {
            break;
        }
    }
    let eliminations: Vec<Candidate> = cells
        .iter()
        .zip(&used)
        .flat_map(|(&p, &u)| {
            DigitSet::from_bits(grid.candidates(p).bits() & !u)
                .iter()
                .map(move |d| Candidate::new(p, d))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let technique = if cells.len() == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    let seen: Vec<String> = common
        .iter()
        .map(|q| {
            let digits: String = grid.candidates(q).iter().map(|d| d.to_char()).collect();
            format!("{q} ({digits})")
        })
        .collect();
    let puts: Vec<String> = eliminations
        .iter()
        .map(|c| format!("{} in {}", c.digit, c.pos))
        .collect();
    let puts = match puts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
        None => String::new(),
    };
    let explanation = format!(
        "{} {} see {}; no way to fill them that repeats no digit in a unit and empties none of \
         those cells puts {puts}, so remove {}",
        cell_list(cells.iter().copied()),
        if cells.len() == 2 { "both" } else { "all" },
        super::deduction::and_list(&seen),
        elimination_list(&eliminations)
    );
    let mut step = Deduction::new(technique, difficulty, explanation);
    step.eliminations = eliminations;
    step.cells = cells.iter().copied().collect::<CellSet>().union(common);
    step.candidates = step
        .cells
        .iter()
        .flat_map(|p| grid.candidates(p).iter().map(move |d| Candidate::new(p, d)))
        .collect();
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{at, with_cells};

    #[test]
    fn aligned_pair_exclusion_removes_a_digit_no_way_allows() {
        // Base cells r1c1 {1,2} and r1c2 {1,2,3}, both seeing r1c5 {1,3} and r1c6 {2,3}: r1c2
        // cannot be 3 (with r1c1 1 it empties r1c5, with 2 it empties r1c6); 1 and 2 stay.
        let grid = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[1, 2, 3]),
            ((1, 5), &[1, 3]),
            ((1, 6), &[2, 3]),
        ]);
        let step = aligned_exclusion(&grid, 2, Technique::AlignedPairExclusion.rating()).unwrap();
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(step.difficulty, Difficulty(62));
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(1, 2), crate::logic::testing::d(3))]
        );
        assert_eq!(
            step.line(),
            "Aligned Pair Exclusion: r1c1 and r1c2 both see r1c5 (13) and r1c6 (23); no way to fill \
             them that repeats no digit in a unit and empties none of those cells puts 3 in r1c2, \
             so remove 3 from r1c2"
        );
    }

    #[test]
    fn aligned_pair_exclusion_removes_nothing_every_way_allows() {
        // r1c5 and r5c1 both see r1c1 {1,2} and r5c5 {1,2}: only 1 and 2 together are ruled
        // out, and each of their digits has a way left, so nothing goes (nor elsewhere).
        let grid = with_cells(&[((1, 1), &[1, 2]), ((5, 5), &[1, 2])]);
        assert_eq!(aligned_exclusion(&grid, 2, Difficulty(62)), None);
        // r1c6 {2,4} instead of {2,3}: r1c2 may be 3 beside r1c1 2.
        let grid = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[1, 2, 3]),
            ((1, 5), &[1, 3]),
            ((1, 6), &[2, 4]),
        ]);
        let step = aligned_exclusion(&grid, 2, Difficulty(62));
        let three = Candidate::new(at(1, 2), crate::logic::testing::d(3));
        assert!(
            step.as_ref().is_none_or(|s| !s.eliminations.contains(&three)),
            "{step:?}"
        );
    }

    #[test]
    fn aligned_triplet_exclusion_with_cells_of_three() {
        // Row 1: r1c1 {1,2}, r1c2 {2,3}, r1c5 {1,2,4}, r1c6 {2,3,4}; r2c2 {1,3,4}. Whatever two
        // digits r1c1 and r1c2 take, 4 beside them empties r1c5 ({1,2}), r2c2 ({1,3}) or r1c6
        // ({2,3}): a third cell seeing all of those cannot be 4.
        let grid = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[2, 3]),
            ((1, 5), &[1, 2, 4]),
            ((1, 6), &[2, 3, 4]),
            ((2, 2), &[1, 3, 4]),
        ]);
        // No pair: only r1c1 and r1c2 hold two candidates, and no two cells see two such cells
        // in a way that rules a digit out.
        assert_eq!(aligned_exclusion(&grid, 2, Difficulty(62)), None);
        let step = aligned_exclusion(&grid, 3, Technique::AlignedTripletExclusion.rating()).unwrap();
        assert_eq!(step.technique, Technique::AlignedTripletExclusion);
        assert_eq!(step.difficulty, Difficulty(75));
        // r1c3 sees r1c1, r1c2 and all three cells: it loses 4 (row 1 is a naked quad of
        // 1234 in r1c1, r1c2, r1c5 and r1c6, so this is sound).
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(1, 3), crate::logic::testing::d(4))]
        );
        assert_eq!(step.cells.len(), 6);
        // Without r2c2 (a third cell seen by all), r1c3 may be 4 with r1c1 2 and r1c2 3.
        let grid = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[2, 3]),
            ((1, 5), &[1, 2, 4]),
            ((1, 6), &[2, 3, 4]),
        ]);
        let step = aligned_exclusion(&grid, 3, Difficulty(75));
        assert!(
            step.as_ref().is_none_or(|s| !s
                .eliminations
                .contains(&Candidate::new(at(1, 3), crate::logic::testing::d(4)))),
            "{step:?}"
        );
    }
}
