//! The logical solver: techniques a person uses, each finding the next deduction on a
//! [`Grid`] of candidates, tried from easiest in Sudoku Explainer's order so that the hardest
//! step of a solve is its rating. It never guesses: when nothing applies it says so.

pub mod chains;
pub mod deduction;
pub mod fish;
pub mod forcing;
pub mod grid;
pub mod intersections;
pub mod rating;
pub mod single_digit;
pub mod singles;
pub mod subsets;
#[cfg(test)]
mod testing;
pub mod uniqueness;
pub mod wings;

pub use deduction::{Candidate, Deduction, Difficulty, Technique};
pub use grid::Grid;
pub use rating::{Level, Rating, SolvePath, explain, explain_grid, rate};

/// Which techniques may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether the puzzle is known to have one solution, which the uniqueness techniques (Unique
    /// Rectangle, BUG+1) assume: without it they could remove a solution's digit.
    pub unique: bool,
}

/// The easiest deduction on `grid`, trying techniques in Sudoku Explainer's order (its rating of
/// each, lowest first); `None` means no logical step: it needs trial.
pub fn next_deduction(grid: &Grid, rules: Rules) -> Option<Deduction> {
    next_from(grid, 0, &mut || rules.unique)
}

/// A technique finder.
type Finder = fn(&Grid) -> Option<Deduction>;

/// The finders in Sudoku Explainer's order, each with whether it assumes one solution. The
/// chains and forcing chains come after these.
const FINDERS: [(Finder, bool); 23] = [
    (singles::full_house, false),
    (|g| singles::hidden_single(g, false), false),
    (|g| singles::hidden_single(g, true), false),
    (|g| intersections::pointing(g, true), false),
    (|g| intersections::claiming(g, true), false),
    (|g| subsets::hidden_set(g, 2, true), false),
    (singles::naked_single, false),
    (|g| subsets::hidden_set(g, 3, true), false),
    (|g| intersections::pointing(g, false), false),
    (|g| intersections::claiming(g, false), false),
    (|g| subsets::naked_set(g, 2), false),
    (|g| fish::fish(g, 2), false),
    (|g| subsets::hidden_set(g, 2, false), false),
    (|g| subsets::naked_set(g, 3), false),
    (|g| fish::fish(g, 3), false),
    (|g| subsets::hidden_set(g, 3, false), false),
    (wings::xy_wing, false),
    (wings::xyz_wing, false),
    (uniqueness::unique_rectangle_1, true),
    (uniqueness::unique_rectangle_2, true),
    (|g| subsets::naked_set(g, 4), false),
    (|g| fish::fish(g, 4), false),
    (|g| subsets::hidden_set(g, 4, false), false),
];

/// Where the finders after the three kinds of easy single start (see
/// [`singles::place_easy_singles`]).
pub(crate) const AFTER_EASY_SINGLES: usize = 3;

/// [`next_deduction`] from the `start`-th finder on; `unique` is asked whether the puzzle has one
/// solution when a uniqueness technique is reached (the caller remembers the answer).
pub(crate) fn next_from(grid: &Grid, start: usize, unique: &mut dyn FnMut() -> bool) -> Option<Deduction> {
    for &(finder, needs_unique) in &FINDERS[start..] {
        if needs_unique && !unique() {
            continue;
        }
        if let Some(step) = finder(grid) {
            return Some(step);
        }
    }
    if unique()
        && let Some(step) = uniqueness::bug_plus_one(grid)
    {
        return Some(step);
    }
    easiest_chain(grid).or_else(|| forcing::forcing_chain(grid))
}

/// The lowest-rated chain: a Skyscraper or 2-String Kite (the shortest chains there are) if
/// one applies, else the best of X-Chain, XY-Chain, W-Wing and AIC.
fn easiest_chain(grid: &Grid) -> Option<Deduction> {
    if let Some(step) = single_digit::skyscraper(grid).or_else(|| single_digit::two_string_kite(grid)) {
        return Some(step);
    }
    [
        chains::x_chain(grid),
        chains::xy_chain(grid),
        wings::w_wing(grid),
        chains::aic(grid),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|step| step.difficulty)
}

/// Carries out `step` on `grid`; whether it changed anything (a deduction that changes nothing
/// would make a solver loop for ever).
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
