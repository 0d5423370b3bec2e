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
    type Finder = fn(&Grid) -> Option<Deduction>;
    const BASIC: [Finder; 16] = [
        singles::full_house,
        |g| singles::hidden_single(g, false),
        |g| singles::hidden_single(g, true),
        |g| intersections::pointing(g, true),
        |g| intersections::claiming(g, true),
        |g| subsets::hidden_set(g, 2, true),
        singles::naked_single,
        |g| subsets::hidden_set(g, 3, true),
        |g| intersections::pointing(g, false),
        |g| intersections::claiming(g, false),
        |g| subsets::naked_set(g, 2),
        |g| fish::fish(g, 2),
        |g| subsets::hidden_set(g, 2, false),
        |g| subsets::naked_set(g, 3),
        |g| fish::fish(g, 3),
        |g| subsets::hidden_set(g, 3, false),
    ];
    const WINGS: [Finder; 2] = [wings::xy_wing, wings::xyz_wing];
    const RECTANGLES: [Finder; 2] = [uniqueness::unique_rectangle_1, uniqueness::unique_rectangle_2];
    const QUADS: [Finder; 3] = [
        |g| subsets::naked_set(g, 4),
        |g| fish::fish(g, 4),
        |g| subsets::hidden_set(g, 4, false),
    ];
    let first = |finders: &[Finder]| finders.iter().find_map(|f| f(grid));
    first(&BASIC)
        .or_else(|| first(&WINGS))
        .or_else(|| if rules.unique { first(&RECTANGLES) } else { None })
        .or_else(|| first(&QUADS))
        .or_else(|| {
            if rules.unique {
                uniqueness::bug_plus_one(grid)
            } else {
                None
            }
        })
        .or_else(|| easiest_chain(grid))
        .or_else(|| forcing::forcing_chain(grid))
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
