//! Rating a puzzle the way Sudoku Explainer does: solve it by logic alone, always taking the
//! easiest step, and rate it by its hardest step. Levels name bands of that number.

use super::deduction::{Deduction, Difficulty, Technique};
use super::grid::Grid;
use super::registry::FORMS;
use super::singles::place_naked_singles;
use super::{AFTER_BATCHES, Rules, Scans, apply, next_deduction, next_from};
use crate::board::Board;
use crate::search::count_solutions;
use std::fmt;

/// What a solve by logic needed past its last step, when it stopped short: Sudoku Explainer's
/// next family of techniques (dynamic forcing chains with more than singles, 9.0), the least a
/// puzzle our techniques cannot finish is rated.
pub const NEEDS_TRIAL: Difficulty = Difficulty(90);

/// A band of difficulty, named as puzzle books do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Up to 1.5: hidden singles and full houses.
    Easy,
    /// Up to 2.5: naked singles, and pairs or lines that give a single at once.
    Medium,
    /// Below 5.0: locked candidates, subsets, X-Wing, Swordfish, wings, unique rectangles.
    Hard,
    /// Below 7.5: quads, Jellyfish, BUG+1, chains.
    Expert,
    /// 7.5 and up: forcing chains.
    Extreme,
    /// Our techniques stop short: it needs trial (or techniques beyond ours).
    NeedsTrial,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::NeedsTrial,
    ];

    /// The level of a puzzle solved with a hardest step of `difficulty`.
    pub fn of(difficulty: Difficulty) -> Level {
        match difficulty.0 {
            0..=15 => Level::Easy,
            16..=25 => Level::Medium,
            26..=49 => Level::Hard,
            50..=74 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The name used on the command line, e.g. `needs-trial`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::NeedsTrial => "needs-trial",
        }
    }

    /// The level named `name`, if any.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step on Sudoku Explainer's scale ([`NEEDS_TRIAL`] at least when logic stopped
    /// short).
    pub difficulty: Difficulty,
    /// The band of `difficulty`, or [`Level::NeedsTrial`].
    pub level: Level,
    /// The technique of the hardest step, if any step was needed.
    pub hardest: Option<Technique>,
    /// How many times each technique was used, in [`Technique::ALL`] order, unused ones left out.
    pub counts: Vec<(Technique, usize)>,
    /// Whether logic alone filled the grid.
    pub solved: bool,
}

/// A solve by logic: each step, and the rating it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvePath {
    /// The deductions in order.
    pub steps: Vec<Deduction>,
    /// The grid after the last step.
    pub grid: Grid,
    /// The rating.
    pub rating: Rating,
}

/// Solves `board` by logic from its digits (givens and entries alike), taking the easiest step
/// each time. The uniqueness techniques are used only when the board has exactly one solution.
#[must_use]
pub fn explain(board: &Board) -> SolvePath {
    explain_grid(Grid::new(board), count_solutions(board, 2) == 1)
}

/// [`explain`] from a grid of candidates (a person's pencil marks), with `unique` saying whether
/// the uniqueness techniques may be used.
#[must_use]
pub fn explain_grid(mut grid: Grid, unique: bool) -> SolvePath {
    let rules = Rules { unique };
    let mut steps = Vec::new();
    let mut tally = Tally::default();
    while !grid.is_solved() {
        let Some(step) = next_deduction(&grid, rules) else {
            break;
        };
        if !apply(&mut grid, &step) {
            break;
        }
        tally.note(step.technique, step.difficulty, 1);
        steps.push(step);
    }
    let rating = tally.rating(grid.is_solved());
    SolvePath { steps, grid, rating }
}

/// The rating of `board`, as [`explain`] gives it, without writing the steps: singles, which
/// are most of any solve, are placed all at once level by level (full houses, box singles, line
/// singles, naked singles), which changes no hardest step, and whether the board has one
/// solution is asked only if a uniqueness technique is reached. With no explanation written
/// either, the newspaper puzzle (`assets/easy.txt`) is rated in 2.2 µs where it took 51 µs.
///
/// ```
/// use sudoku_engine::Board;
/// use sudoku_engine::logic::{Level, rate};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let rating = rate(&board);
/// assert!(rating.solved, "logic alone fills it");
/// assert_eq!(rating.level, Level::Easy);
/// println!("{} ({})", rating.difficulty, rating.level); // Sudoku Explainer's scale
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn rate(board: &Board) -> Rating {
    rate_grid(Grid::new(board), &mut || count_solutions(board, 2) == 1)
}

/// [`rate`] from a grid, asking `unique` whether the puzzle has one solution when it matters.
#[must_use]
pub fn rate_grid(mut grid: Grid, unique: &mut dyn FnMut() -> bool) -> Rating {
    let mut known: Option<bool> = None;
    let mut tally = Tally::default();
    let mut scans = Scans::new(&grid);
    while !grid.is_solved() {
        // The singles tried first, each kind placed all at once (the first kind that places any).
        let batched = FORMS
            .iter()
            .map_while(|form| form.batch.map(|batch| (form, batch)))
            .find_map(|(form, batch)| {
                let placed = batch(&mut grid);
                (placed > 0).then_some((form, placed))
            });
        if let Some((form, placed)) = batched {
            tally.note(form.technique, form.rating, placed);
            continue;
        }
        let mut ask = || *known.get_or_insert_with(&mut *unique);
        let Some(step) = next_from(&grid, AFTER_BATCHES, &mut ask, &mut scans) else {
            break;
        };
        if step.technique == Technique::NakedSingle {
            let placed = place_naked_singles(&mut grid);
            tally.note(step.technique, step.difficulty, placed);
            continue;
        }
        if !apply(&mut grid, &step) {
            break;
        }
        tally.note(step.technique, step.difficulty, 1);
    }
    tally.rating(grid.is_solved())
}

/// What a solve used: how often each technique, and the first of its hardest steps.
struct Tally {
    /// Steps of each technique, in [`Technique::ALL`] order (the registry's: a variant's
    /// discriminant is its place there).
    counts: [usize; Technique::ALL.len()],
    hardest: Option<(Difficulty, Technique)>,
}

// By hand: `Default` for arrays stops at 32, and the techniques may grow past it.
impl Default for Tally {
    fn default() -> Tally {
        Tally {
            counts: [0; Technique::ALL.len()],
            hardest: None,
        }
    }
}

impl Tally {
    /// `times` steps of `technique` rated `difficulty`.
    fn note(&mut self, technique: Technique, difficulty: Difficulty, times: usize) {
        if let Some(count) = self.counts.get_mut(technique as usize) {
            *count += times;
        }
        if self.hardest.is_none_or(|(d, _)| difficulty > d) {
            self.hardest = Some((difficulty, technique));
        }
    }

    /// The rating of a solve that ended `solved` or not.
    fn rating(&self, solved: bool) -> Rating {
        let mut difficulty = self.hardest.map_or(Difficulty(0), |(d, _)| d);
        let level = if solved {
            Level::of(difficulty)
        } else {
            difficulty = difficulty.max(NEEDS_TRIAL);
            Level::NeedsTrial
        };
        Rating {
            difficulty,
            level,
            hardest: self.hardest.map(|(_, t)| t),
            counts: Technique::ALL
                .iter()
                .zip(self.counts)
                .filter(|&(_, n)| n > 0)
                .map(|(&t, n)| (t, n))
                .collect(),
            solved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cover_the_scale() {
        assert_eq!(Level::of(Difficulty(10)), Level::Easy);
        assert_eq!(Level::of(Difficulty(15)), Level::Easy);
        assert_eq!(Level::of(Difficulty(23)), Level::Medium);
        assert_eq!(Level::of(Difficulty(26)), Level::Hard);
        assert_eq!(Level::of(Difficulty(56)), Level::Expert);
        assert_eq!(Level::of(Difficulty(85)), Level::Extreme);
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
    }

    #[test]
    fn an_easy_puzzle_is_solved_by_singles() {
        let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        let path = explain(&board);
        assert!(path.rating.solved);
        assert!(path.steps.iter().all(|s| s.technique.places()));
        let solution = crate::search::solve(&board, crate::search::Strategy::Fast)
            .unwrap()
            .solution
            .unwrap();
        assert_eq!(path.grid.to_board().to_digits(), solution.to_digits());
        assert!(path.rating.difficulty <= Difficulty(23));
    }
}
