//! What a deduction rests on: the candidates that must be missing for it to hold. A pattern is
//! made of what is *not* there (a digit with two places left in a unit, a cell with two
//! candidates); removing candidates can only make patterns appear. So a step found on a grid
//! with some candidates removed (a player's marks) holds on the fuller grid (the board's own
//! candidates) unless one of the candidates it needs missing is one of those removed. The hint
//! uses this to say "from your marks" only when the step really comes from them.

use super::deduction::{Candidate, Deduction, Technique};
use super::grid::{Grid, UNIT_CELLS, unit_index};
use crate::board::{CellSet, DigitSet, Pos, Unit};

/// Whether `step`, found on `grid`, rests on candidates that `grid` lacks and `fuller` has: it
/// would not hold on `fuller`. `fuller` is `grid` with candidates put back (the same digits
/// placed); where a strong link could stand in either of two units, the one that holds on
/// `fuller` is taken.
pub fn rests_on_removals(step: &Deduction, grid: &Grid, fuller: &Grid) -> bool {
    let needed = missing_needed(step, grid, fuller);
    Pos::all().any(|p| {
        let removed = fuller.candidates(p).difference(grid.candidates(p));
        !DigitSet::from_bits(removed.bits() & needed[p.index()].bits()).is_empty()
    })
}

/// For each cell, the digits that must be missing from it for `step` to hold (see the module
/// documentation); `fuller` chooses between two units a strong link could stand in.
pub fn missing_needed(step: &Deduction, grid: &Grid, fuller: &Grid) -> [DigitSet; 81] {
    let mut need = Need([DigitSet::EMPTY; 81]);
    let digits: DigitSet = step.candidates.iter().map(|c| c.digit).collect();
    let first = step.candidates.first().map(|c| c.digit);
    match step.technique {
        // The unit has one empty cell left: nothing about candidates.
        Technique::FullHouse => {}
        Technique::HiddenSingle => {
            if let (Some(c), Some(&unit)) = (step.placements.first(), step.units.first()) {
                need.digit_outside(
                    unit_cells(unit),
                    CellSet::from_iter([c.pos]),
                    DigitSet::from_iter([c.digit]),
                );
            }
        }
        Technique::NakedSingle => {
            if let Some(c) = step.placements.first() {
                need.all_but(c.pos, DigitSet::from_iter([c.digit]));
            }
        }
        // The digit is confined to the target inside the source.
        Technique::Pointing | Technique::Claiming => {
            if let ([source, target, ..], Some(d)) = (step.units.as_slice(), first) {
                need.digit_outside(unit_cells(*source), unit_cells(*target), DigitSet::from_iter([d]));
            }
            // A direct form: the single's unit has no other place outside the target.
            if let ([_, target, single_unit], Some(c)) = (step.units.as_slice(), step.placements.first()) {
                let kept = union(unit_cells(*target), CellSet::from_iter([c.pos]));
                need.digit_outside(unit_cells(*single_unit), kept, DigitSet::from_iter([c.digit]));
            }
        }
        // The cells hold only the subset's digits.
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            for p in step.cells.iter() {
                need.all_but(p, digits);
            }
        }
        // The subset's digits have no place in the unit outside its cells.
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            if let Some(&unit) = step.units.first() {
                need.digit_outside(unit_cells(unit), step.cells, digits);
                // A direct form: the single's digit has no other place outside the subset's cells.
                if let Some(c) = step.placements.first() {
                    let kept = union(step.cells, CellSet::from_iter([c.pos]));
                    need.digit_outside(unit_cells(unit), kept, DigitSet::from_iter([c.digit]));
                }
            }
        }
        // In the base lines, the digit has no place outside the cover lines.
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            if let (Some(&kind), Some(d)) = (step.units.first(), first) {
                let (base, cover): (Vec<Unit>, Vec<Unit>) = step.units.iter().partition(|u| same_kind(**u, kind));
                let covered = cover.iter().fold(CellSet::EMPTY, |all, u| union(all, unit_cells(*u)));
                for unit in base {
                    need.digit_outside(unit_cells(unit), covered, DigitSet::from_iter([d]));
                }
            }
        }
        // Conjugate pairs in the first two units.
        Technique::Skyscraper | Technique::TwoStringKite => {
            if let Some(d) = first {
                for &unit in step.units.iter().take(2) {
                    need.digit_outside(unit_cells(unit), step.cells, DigitSet::from_iter([d]));
                }
            }
        }
        // Every cell of the pattern holds exactly what it holds.
        Technique::XYWing
        | Technique::XYZWing
        | Technique::UniqueRectangle2
        | Technique::AlignedPairExclusion
        | Technique::AlignedTripletExclusion => {
            for p in step.cells.iter() {
                need.all_but(p, grid.candidates(p));
            }
        }
        Technique::WWing => {
            // (a,y) (a,x) (near a,x) (near b,x) (b,x) (b,y): a and b hold x and y only, and x is
            // a conjugate pair in the unit.
            if let ([ay, ax, near_a, near_b, bx, _], Some(&unit)) = (step.candidates.as_slice(), step.units.first()) {
                let pair = DigitSet::from_iter([ay.digit, ax.digit]);
                need.all_but(ay.pos, pair);
                need.all_but(bx.pos, pair);
                need.digit_outside(
                    unit_cells(unit),
                    CellSet::from_iter([near_a.pos, near_b.pos]),
                    DigitSet::from_iter([ax.digit]),
                );
            }
        }
        // The chain's strong links: nodes 1-2, 3-4, ...
        Technique::XChain | Technique::XYChain | Technique::Aic => {
            for link in step.candidates.chunks(2) {
                if let [a, b] = link {
                    need.strong_link(*a, *b, grid, fuller);
                }
            }
        }
        // The three corners other than the one that loses the pair hold only the pair.
        Technique::UniqueRectangle1 => {
            let odd: CellSet = step.eliminations.iter().map(|c| c.pos).collect();
            for p in step.cells.difference(odd).iter() {
                need.all_but(p, digits);
            }
        }
        // The loop and the set's cells as they are, and the unit of the set or lock as it is.
        Technique::UniqueRectangle3 | Technique::UniqueRectangle4 | Technique::UniqueLoop => {
            let units = step.units.iter().fold(step.cells, |all, u| union(all, unit_cells(*u)));
            for p in units.iter() {
                need.all_but(p, grid.candidates(p));
            }
        }
        // The whole grid: every cell as it is (a deadly pattern; singles followed anywhere).
        Technique::BugPlusOne
        | Technique::BugType2
        | Technique::BugType3
        | Technique::BugType4
        | Technique::NishioForcingChain
        | Technique::CellRegionForcingChain
        | Technique::DynamicForcingChain
        | Technique::DynamicForcingChainPlus
        | Technique::NestedForcingChain => {
            for p in grid.empty_cells().iter() {
                need.all_but(p, grid.candidates(p));
            }
        }
    }
    need.0
}

/// The digits needed missing, per cell.
struct Need([DigitSet; 81]);

impl Need {
    /// `p` holds no digit but `keep`.
    fn all_but(&mut self, p: Pos, keep: DigitSet) {
        let set = &mut self.0[p.index()];
        *set = DigitSet::from_bits(set.bits() | DigitSet::ALL.difference(keep).bits());
    }

    /// The `digits` have no place in `cells` outside `except`.
    fn digit_outside(&mut self, cells: CellSet, except: CellSet, digits: DigitSet) {
        for p in cells.difference(except).iter() {
            let set = &mut self.0[p.index()];
            *set = DigitSet::from_bits(set.bits() | digits.bits());
        }
    }

    /// `a` or `b` is true: in one cell, the cell holds no other digit; in two, their digit has
    /// no other place in a unit they share (one where that holds on `fuller` if there is one,
    /// else one where it holds on `grid`).
    fn strong_link(&mut self, a: Candidate, b: Candidate, grid: &Grid, fuller: &Grid) {
        if a.pos == b.pos {
            self.all_but(a.pos, DigitSet::from_iter([a.digit, b.digit]));
            return;
        }
        let ends = CellSet::from_iter([a.pos, b.pos]);
        let shared: Vec<Unit> = a
            .pos
            .units()
            .into_iter()
            .filter(|u| unit_cells(*u).contains(b.pos))
            .collect();
        let conjugate = |on: &Grid, u: &Unit| on.places_in(a.digit, *u).difference(ends).is_empty();
        let unit = shared
            .iter()
            .find(|u| conjugate(fuller, u))
            .or_else(|| shared.iter().find(|u| conjugate(grid, u)));
        if let Some(&unit) = unit {
            self.digit_outside(unit_cells(unit), ends, DigitSet::from_iter([a.digit]));
        }
    }
}

fn unit_cells(unit: Unit) -> CellSet {
    UNIT_CELLS[unit_index(unit)]
}

fn union(a: CellSet, b: CellSet) -> CellSet {
    CellSet::from_bits(a.bits() | b.bits())
}

/// Whether `a` and `b` are both rows, both columns or both boxes.
fn same_kind(a: Unit, b: Unit) -> bool {
    matches!(
        (a, b),
        (Unit::Row(_), Unit::Row(_)) | (Unit::Col(_), Unit::Col(_)) | (Unit::Box(_), Unit::Box(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::{Generator, Options};
    use crate::logic::registry::form_rating;
    use crate::logic::testing::{at, d, with_cells};
    use crate::logic::{Rules, Technique, apply, next_deduction, singles};

    /// A hidden single that the removal of a candidate made: it rests on that removal; the
    /// same single with an unrelated candidate removed does not.
    #[test]
    fn a_hidden_single_rests_on_the_places_of_its_digit_in_its_unit() {
        // Row 1 of an empty grid: 5 only in r1c1 and r1c2, by hand.
        let mut fuller = Grid::new(&Board::empty());
        for c in 3..=9 {
            fuller.eliminate(at(1, c), d(5));
        }
        let mut grid = fuller.clone();
        grid.eliminate(at(1, 2), d(5));
        let step = singles::hidden_single(&grid, true, form_rating(Technique::HiddenSingle, 1)).unwrap();
        assert_eq!(step.placements, [Candidate::new(at(1, 1), d(5))]);
        assert!(rests_on_removals(&step, &grid, &fuller));
        assert!(!rests_on_removals(&step, &grid, &grid), "nothing removed");
        // With another digit removed in the row as well, the single still rests on the 5 only.
        let mut fuller2 = grid.clone();
        let mut grid2 = grid.clone();
        grid2.eliminate(at(1, 4), d(7));
        let step2 = singles::hidden_single(&grid2, true, form_rating(Technique::HiddenSingle, 1)).unwrap();
        assert_eq!(step2, step);
        fuller2.eliminate(at(1, 2), d(5));
        assert!(
            !rests_on_removals(&step2, &grid2, &fuller2),
            "the 7 is not what it rests on"
        );
    }

    #[test]
    fn a_naked_single_rests_on_its_cell_only() {
        let grid = with_cells(&[((5, 5), &[3])]);
        let step = singles::naked_single(&grid, Technique::NakedSingle.rating()).unwrap();
        let fuller = with_cells(&[((5, 5), &[3, 4])]);
        assert!(rests_on_removals(&step, &grid, &fuller));
        let elsewhere = with_cells(&[((5, 5), &[3]), ((9, 9), &[1, 2])]);
        assert!(!rests_on_removals(&step, &elsewhere, &grid));
    }

    /// Patterns made by removals rest on them; the same patterns shown by the fuller grid, or
    /// with removals elsewhere, do not.
    #[test]
    fn pointing_pairs_and_wings_rest_on_the_removals_that_make_them() {
        use crate::logic::wings;
        // Box 1: 5 only in row 1, r2c1 losing its 5 by hand.
        let mut fuller = Grid::new(&Board::empty());
        for (r, c) in [(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
            fuller.eliminate(at(r, c), d(5));
        }
        let mut grid = fuller.clone();
        grid.eliminate(at(2, 1), d(5));
        let step = next_deduction(&grid, Rules { unique: false }).unwrap();
        assert_eq!(step.technique, Technique::Pointing, "{}", step.line());
        assert!(rests_on_removals(&step, &grid, &fuller));
        let mut far = grid.clone();
        far.eliminate(at(9, 9), d(1));
        assert!(!rests_on_removals(&step, &far, &grid), "r9c9 plays no part");
        // A naked pair in row 1 whose second cell lost a 3 by hand.
        let grid = with_cells(&[((1, 1), &[1, 2]), ((1, 2), &[1, 2])]);
        let fuller = with_cells(&[((1, 1), &[1, 2]), ((1, 2), &[1, 2, 3])]);
        let step = next_deduction(&grid, Rules { unique: false }).unwrap();
        assert_eq!(step.technique, Technique::NakedPair, "{}", step.line());
        assert!(rests_on_removals(&step, &grid, &fuller));
        // An XY-Wing whose pincer lost a 4.
        let grid = with_cells(&[((1, 1), &[1, 2]), ((1, 7), &[1, 3]), ((7, 1), &[2, 3])]);
        let fuller = with_cells(&[((1, 1), &[1, 2]), ((1, 7), &[1, 3, 4]), ((7, 1), &[2, 3])]);
        let step = wings::xy_wing(&grid, Technique::XYWing.rating()).unwrap();
        assert!(rests_on_removals(&step, &grid, &fuller));
        let fuller = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 7), &[1, 3]),
            ((7, 1), &[2, 3]),
            ((5, 5), &[1, 2, 3, 4]),
        ]);
        let grid = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 7), &[1, 3]),
            ((7, 1), &[2, 3]),
            ((5, 5), &[1, 2]),
        ]);
        assert!(!rests_on_removals(&step, &grid, &fuller), "r5c5 plays no part");
    }

    /// Along whole solves of generated puzzles, every digit a step needs missing is missing
    /// from its grid, a step rests on nothing when nothing was removed, and the steps found
    /// after earlier eliminations often rest on them (the solves use what they removed).
    #[test]
    fn what_a_step_rests_on_is_missing_from_its_grid() {
        let mut generator = Generator::new(11, Options::default());
        let mut resting = 0;
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..40 {
            let puzzle = generator.puzzle();
            let mut grid = Grid::new(&puzzle);
            while !grid.is_solved() {
                let Some(step) = next_deduction(&grid, Rules { unique: true }) else {
                    break;
                };
                seen.insert(step.technique);
                let needed = missing_needed(&step, &grid, &grid);
                for p in Pos::all() {
                    let present = DigitSet::from_bits(needed[p.index()].bits() & grid.candidates(p).bits());
                    assert!(present.is_empty(), "{}: {p} needs {present:?} missing", step.line());
                }
                assert!(!rests_on_removals(&step, &grid, &grid));
                // The board's own candidates, without the eliminations made so far.
                let fuller = Grid::new(&grid.to_board());
                resting += usize::from(rests_on_removals(&step, &grid, &fuller));
                assert!(apply(&mut grid, &step));
            }
        }
        assert!(resting > 50, "{resting} steps rest on earlier eliminations");
        assert!(seen.len() > 8, "{seen:?}");
    }
}
