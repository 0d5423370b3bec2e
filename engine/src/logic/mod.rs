//! The logical solver: techniques a person uses, each finding the next deduction on a
//! [`Grid`] of candidates, tried from easiest in Sudoku Explainer's order so that the hardest
//! step of a solve is its rating. It never guesses: when nothing applies it says so.

mod aligned;
mod basis;
mod chains;
pub(crate) mod deduction;
mod fish;
mod grid;
mod intersections;
mod rating;
mod registry;
mod se_chaining;
mod se_forcing;
mod singles;
mod subsets;
#[cfg(test)]
mod testing;
mod uniqueness;
mod wings;

use crate::board::DigitSet;
pub use basis::rests_on_removals;
pub use deduction::{Candidate, Deduction, Difficulty, and_list};
pub use grid::Grid;
pub use rating::{
    Level, Measure, NEEDS_TRIAL, Rating, SolvePath, explain, explain_grid, rate, rate_grid, rate_grid_until,
};
pub(crate) use registry::AFTER_BATCHES;
pub use registry::Technique;
use registry::{FORMS, Reads};
use std::time::Instant;

/// Which techniques may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether the puzzle is known to have one solution, which the uniqueness techniques (Unique
    /// Rectangle, BUG+1) assume: without it they could remove a solution's digit.
    pub unique: bool,
}

/// The easiest deduction on `grid`, trying techniques in Sudoku Explainer's order (its rating of
/// each, lowest first); `None` means no logical step: it needs trial.
///
/// A hint is the next deduction; [`apply`] carries it out.
///
/// ```
/// use sudoku_engine::Board;
/// use sudoku_engine::logic::{Grid, Rules, Technique, apply, next_deduction};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let mut grid = Grid::new(&board);
/// let hint = next_deduction(&grid, Rules { unique: true }).expect("an easy puzzle has a next step");
/// assert_eq!(hint.technique, Technique::HiddenSingle);
/// println!("{hint}"); // e.g. "Hidden Single: in box 1, only r2c2 can hold 4"
/// assert!(apply(&mut grid, &hint));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn next_deduction(grid: &Grid, rules: Rules) -> Option<Deduction> {
    next_from(grid, 0, &mut || rules.unique, &mut Scans::new(grid))
}

/// The deepest chains of a search ran past its deadline: the step is not known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl std::fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the search for the next step ran out of time")
    }
}

impl std::error::Error for OutOfTime {}

/// [`next_deduction`] that gives up at `deadline`: SE's nested forcing chains can take seconds
/// for one step of the hardest puzzles, too long for a key press. The clock is read inside
/// the chain search, so it stops soon after the deadline.
pub fn next_deduction_until(grid: &Grid, rules: Rules, deadline: Instant) -> Result<Option<Deduction>, OutOfTime> {
    se_chaining::set_deadline(Some(deadline));
    let step = next_deduction(grid, rules);
    let cut = se_chaining::was_cut();
    se_chaining::set_deadline(None);
    match step {
        None if cut => Err(OutOfTime),
        step => Ok(step),
    }
}

/// What the finders know of a grid from their earlier calls on it: a rating goes back to the
/// easiest technique after every step, and a step changes only a few units, so the unit-by-unit
/// finders need only look again at those (rating the 323 puzzles of top1465 the `sudoku` crate
/// also finishes by logic: 22.7 ms to 20.0 ms, in one process).
pub(crate) struct Scans {
    /// The candidates when the finders were last called.
    seen: [DigitSet; 81],
    /// For each finder, the units (bit `i` for [`UNIT_CELLS`]`[i]`) where it found nothing.
    clean: [u32; FORMS.len()],
}

impl Scans {
    /// Nothing known yet about `grid`.
    pub(crate) fn new(grid: &Grid) -> Scans {
        Scans {
            seen: *grid.all_candidates(),
            clean: [0; FORMS.len()],
        }
    }

    /// Forgets what was known of the units of `grid` whose candidates changed since the last
    /// call (a placed digit empties its cell's candidates, so placements count too).
    fn refresh(&mut self, grid: &Grid) {
        let now = grid.all_candidates();
        let (mut touched, mut digits) = (0u32, 0u16);
        for (i, (then, now)) in self.seen.iter().zip(now).enumerate() {
            if then != now {
                touched |= CELL_UNITS[i];
                digits |= then.bits() ^ now.bits();
            }
        }
        if touched == 0 {
            return;
        }
        self.seen = *now;
        // A subset reads only its unit; a pointing or claiming also the units around it.
        let mut around = 0u32;
        let mut rest = touched;
        while rest != 0 {
            around |= intersections::sources_reading(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
        for (clean, form) in self.clean.iter_mut().zip(&FORMS) {
            *clean &= !match form.reads {
                Reads::Unit => touched,
                Reads::Around => around,
                Reads::Digit => u32::from(digits),
                Reads::Grid => !0,
            };
        }
    }
}

/// For each cell, its three units as bits of [`UNIT_CELLS`] positions.
const CELL_UNITS: [u32; 81] = {
    let mut units = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        units[i] = 1 << (i / 9) | 1 << (9 + i % 9) | 1 << (18 + i / 27 * 3 + i % 9 / 3);
        i += 1;
    }
    units
};

/// [`next_deduction`] from the `start`-th finder of [`FORMS`] on; `unique` is asked whether the puzzle has one
/// solution when a uniqueness technique is reached (the caller remembers the answer), and
/// `scans` what the finders found in earlier calls on the same grid.
pub(crate) fn next_from(
    grid: &Grid,
    start: usize,
    unique: &mut dyn FnMut() -> bool,
    scans: &mut Scans,
) -> Option<Deduction> {
    scans.refresh(grid);
    for (form, clean) in FORMS.iter().zip(&mut scans.clean).skip(start) {
        if form.technique.assumes_unique() && !unique() {
            continue;
        }
        if let Some(step) = (form.find)(grid, form.rating, clean) {
            return Some(step);
        }
    }
    None
}

/// Carries out `step` on `grid`; whether it changed anything (a deduction that changes nothing
/// would make a solver loop for ever).
#[must_use]
pub fn apply(grid: &mut Grid, step: &Deduction) -> bool {
    let mut changed = false;
    for c in &step.placements {
        if grid.value(c.pos).is_none() && grid.has(c.pos, c.digit) {
            grid.place(c.pos, c.digit);
            changed = true;
        }
    }
    for c in &step.eliminations {
        changed |= grid.eliminate(c.pos, c.digit);
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, Options};

    /// Remembering where the finders found nothing must never change the next step: along whole
    /// solves, the step found with the scans kept from step to step is the one found afresh.
    #[test]
    fn remembered_scans_find_the_same_steps_as_fresh_ones() {
        let mut generator = Generator::new(7, Options::default());
        let mut beyond_singles = 0;
        for _ in 0..60 {
            let mut grid = Grid::new(&generator.puzzle());
            let mut scans = Scans::new(&grid);
            while !grid.is_solved() {
                let fresh = next_deduction(&grid, Rules { unique: true });
                let remembered = next_from(&grid, 0, &mut || true, &mut scans);
                assert_eq!(remembered, fresh);
                let Some(step) = fresh else { break };
                beyond_singles += usize::from(!step.technique.places());
                assert!(apply(&mut grid, &step));
            }
        }
        // The generated puzzles need more than singles, so the remembered finders were used.
        assert!(beyond_singles > 100, "{beyond_singles} steps beyond singles");
    }
}
