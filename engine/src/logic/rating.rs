//! Rating a puzzle the way Sudoku Explainer does: solve it by logic alone, always taking the
//! easiest step, and rate it by its hardest step (ER), the hardest up to the first digit placed
//! (EP) and the first step (ED). Levels name bands of ER.

use super::deduction::{Deduction, Difficulty, Technique};
use super::grid::Grid;
use super::registry::FORMS;
use super::singles::place_naked_singles;
use super::{AFTER_BATCHES, Rules, Scans, apply, next_deduction, next_from};
use crate::board::Board;
use crate::search::count_solutions;
use std::fmt;
use std::time::Instant;

/// What a solve by logic needed past its last step, when it stopped short: Sudoku Explainer's
/// next family of techniques (dynamic forcing chains with more than singles, 9.0), the least a
/// puzzle our techniques cannot finish is rated.
pub const NEEDS_TRIAL: Difficulty = Difficulty(90);

/// A band of difficulty, named as puzzle books do; the top (SE's forcing chains) split where SE's
/// families of chains begin: 9.0 its dynamic forcing chains with more than singles (and long
/// plain dynamic ones), 10.0 its nested forcing chains.
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
    /// 7.5 to 8.9: forcing chains (Nishio, cell and unit, dynamic).
    Extreme,
    /// 9.0 to 9.9: dynamic forcing chains that use more than singles, long dynamic ones.
    Master,
    /// 10.0 and up: nested forcing chains.
    Grandmaster,
    /// Our techniques stop short: it needs trial (or techniques beyond ours).
    NeedsTrial,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 8] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::Master,
        Level::Grandmaster,
        Level::NeedsTrial,
    ];

    /// The level of a puzzle solved with a hardest step of `difficulty`.
    pub fn of(difficulty: Difficulty) -> Level {
        match difficulty.0 {
            0..=15 => Level::Easy,
            16..=25 => Level::Medium,
            26..=49 => Level::Hard,
            50..=74 => Level::Expert,
            75..=89 => Level::Extreme,
            90..=99 => Level::Master,
            _ => Level::Grandmaster,
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
            Level::Master => "master",
            Level::Grandmaster => "grandmaster",
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

/// One of Sudoku Explainer's numbers (ER, EP, ED), or the least it can be when the solve
/// stopped before it was known (logic stuck, or a time limit hit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The number itself.
    Exact(Difficulty),
    /// At least this much.
    AtLeast(Difficulty),
}

impl Measure {
    /// The number, or its least value.
    pub const fn difficulty(self) -> Difficulty {
        match self {
            Measure::Exact(d) | Measure::AtLeast(d) => d,
        }
    }

    /// Whether it is the number itself.
    pub const fn is_exact(self) -> bool {
        matches!(self, Measure::Exact(_))
    }
}

impl fmt::Display for Measure {
    /// `8.3`, or `>=8.3` for a least value (as a spreadsheet or `sort -g` can still read the
    /// number past the sign).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Exact(d) => write!(f, "{d}"),
            Measure::AtLeast(d) => write!(f, ">={d}"),
        }
    }
}

/// How hard a puzzle is for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step on Sudoku Explainer's scale, its ER ([`NEEDS_TRIAL`] at least when logic
    /// stopped short; what was reached when the time ran out).
    pub difficulty: Difficulty,
    /// The band of `difficulty`, or [`Level::NeedsTrial`].
    pub level: Level,
    /// SE's EP ("pearl"): the hardest step up to and including the first that places a digit.
    pub pearl: Measure,
    /// SE's ED ("diamond"): the first step's rating.
    pub diamond: Measure,
    /// The technique of the hardest step, if any step was needed.
    pub hardest: Option<Technique>,
    /// How many times each technique was used, in [`Technique::ALL`] order, unused ones left out.
    pub counts: Vec<(Technique, usize)>,
    /// Whether logic alone filled the grid.
    pub solved: bool,
    /// Whether the time limit of [`rate_grid_until`] stopped the solve (then `difficulty` and
    /// `level` are the least the puzzle can be).
    pub out_of_time: bool,
}

impl Rating {
    /// SE's ER: `difficulty`, exact only when logic filled the grid.
    pub const fn er(&self) -> Measure {
        if self.solved {
            Measure::Exact(self.difficulty)
        } else {
            Measure::AtLeast(self.difficulty)
        }
    }
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
        tally.note(step.technique, step.difficulty, 1, !step.placements.is_empty());
        steps.push(step);
    }
    let rating = tally.rating(grid.is_solved(), false);
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
pub fn rate_grid(grid: Grid, unique: &mut dyn FnMut() -> bool) -> Rating {
    rate_within(grid, unique, None)
}

/// [`rate_grid`] that stops at `deadline`: then the rating is the least the puzzle can be
/// ([`Rating::out_of_time`], its numbers [`Measure::AtLeast`] what was reached), never a wrong
/// number. The clock is read before each step past the singles (which are always placed), so a
/// step begun is finished: a puzzle runs past the deadline by at most its longest step.
#[must_use]
pub fn rate_grid_until(grid: Grid, unique: &mut dyn FnMut() -> bool, deadline: Instant) -> Rating {
    rate_within(grid, unique, Some(deadline))
}

fn rate_within(grid: Grid, unique: &mut dyn FnMut() -> bool, deadline: Option<Instant>) -> Rating {
    // The dynamic chains read the deadline inside their steps, which can take long.
    super::se_chaining::set_deadline(deadline);
    let rating = rate_steps(grid, unique, deadline);
    super::se_chaining::set_deadline(None);
    rating
}

fn rate_steps(mut grid: Grid, unique: &mut dyn FnMut() -> bool, deadline: Option<Instant>) -> Rating {
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
            tally.note(form.technique, form.rating, placed, true);
            continue;
        }
        // The clock is read only past the singles, which take microseconds: a limit however
        // small still rates the singles' part (and so ED, nearly always).
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return tally.rating(false, true);
        }
        let mut ask = || *known.get_or_insert_with(&mut *unique);
        let Some(step) = next_from(&grid, AFTER_BATCHES, &mut ask, &mut scans) else {
            if super::se_chaining::was_cut() {
                return tally.rating(false, true);
            }
            break;
        };
        if step.technique == Technique::NakedSingle {
            let placed = place_naked_singles(&mut grid);
            tally.note(step.technique, step.difficulty, placed, true);
            continue;
        }
        if !apply(&mut grid, &step) {
            break;
        }
        tally.note(step.technique, step.difficulty, 1, !step.placements.is_empty());
    }
    tally.rating(grid.is_solved(), false)
}

/// What a solve used: how often each technique, the first of its hardest steps, and SE's EP
/// and ED as serate keeps them (ED the first step's rating, EP the hardest so far when a step
/// first places a digit).
struct Tally {
    /// Steps of each technique, in [`Technique::ALL`] order (the registry's: a variant's
    /// discriminant is its place there).
    counts: [usize; Technique::ALL.len()],
    hardest: Option<(Difficulty, Technique)>,
    pearl: Option<Difficulty>,
    diamond: Option<Difficulty>,
}

// By hand: `Default` for arrays stops at 32, and the techniques may grow past it.
impl Default for Tally {
    fn default() -> Tally {
        Tally {
            counts: [0; Technique::ALL.len()],
            hardest: None,
            pearl: None,
            diamond: None,
        }
    }
}

impl Tally {
    /// `times` steps of `technique` rated `difficulty`, which `placed` a digit or not. Singles
    /// batched together count as their first: the first placement is the same step either way.
    fn note(&mut self, technique: Technique, difficulty: Difficulty, times: usize, placed: bool) {
        if let Some(count) = self.counts.get_mut(technique as usize) {
            *count += times;
        }
        if self.hardest.is_none_or(|(d, _)| difficulty > d) {
            self.hardest = Some((difficulty, technique));
        }
        let so_far = self.hardest.map_or(difficulty, |(d, _)| d);
        self.diamond.get_or_insert(difficulty);
        if placed {
            self.pearl.get_or_insert(so_far);
        }
    }

    /// The rating of a solve that ended `solved` or not, or `out_of_time`.
    fn rating(&self, solved: bool, out_of_time: bool) -> Rating {
        let mut difficulty = self.hardest.map_or(Difficulty(0), |(d, _)| d);
        let level = if solved {
            Level::of(difficulty)
        } else if out_of_time {
            // The level of what was reached: the least the puzzle can be, as its rating is.
            Level::of(difficulty)
        } else {
            difficulty = difficulty.max(NEEDS_TRIAL);
            Level::NeedsTrial
        };
        // Past the last step taken, a number not yet known is at least the hardest reached (and
        // when logic is stuck, at least what SE would need next).
        let known = |n: Option<Difficulty>| n.map_or(Measure::AtLeast(difficulty), Measure::Exact);
        Rating {
            difficulty,
            level,
            pearl: known(self.pearl),
            diamond: known(self.diamond),
            hardest: self.hardest.map(|(_, t)| t),
            counts: Technique::ALL
                .iter()
                .zip(self.counts)
                .filter(|&(_, n)| n > 0)
                .map(|(&t, n)| (t, n))
                .collect(),
            solved,
            out_of_time,
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
        assert_eq!(Level::of(Difficulty(89)), Level::Extreme);
        assert_eq!(Level::of(Difficulty(90)), Level::Master);
        assert_eq!(Level::of(Difficulty(99)), Level::Master);
        assert_eq!(Level::of(Difficulty(100)), Level::Grandmaster);
        assert_eq!(Level::of(Difficulty(120)), Level::Grandmaster);
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

    /// serate's EP and ED: ED is the first step's rating, EP the hardest up to the first step
    /// that places a digit. A puzzle that opens with a single has both at that single's.
    #[test]
    fn pearl_and_diamond_follow_serate() {
        let easy: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        let rating = rate(&easy);
        assert_eq!(rating.diamond, Measure::Exact(rating.diamond.difficulty()));
        assert_eq!(rating.pearl, rating.diamond);
        assert!(rating.diamond.difficulty() <= Difficulty(15));
        assert_eq!(rating.er(), Measure::Exact(rating.difficulty));
        // No single to start with: the first steps remove candidates (Pointing 2.6 first,
        // chains after) until one places a digit. SE 1.2.1 rates it 7.3/2.6/2.6 (serate
        // `%r/%p/%d`): the first placement comes after the Pointing alone.
        let board: Board = ".....31.....2..7..43.1..92.8.2....5.65...4........1.....9.67...3...12.........48."
            .parse()
            .unwrap();
        for rating in [rate(&board), explain(&board).rating] {
            assert_eq!(rating.diamond, Measure::Exact(Difficulty(26)), "{rating:?}");
            assert_eq!(rating.pearl, Measure::Exact(Difficulty(26)), "{rating:?}");
        }
    }

    /// A deadline already past stops the solve at the first step beyond the singles: every
    /// number is then the least it can be, never more than the full rating.
    #[test]
    fn a_deadline_gives_the_least_rating() {
        let board: Board = ".....31.....2..7..43.1..92.8.2....5.65...4........1.....9.67...3...12.........48."
            .parse()
            .unwrap();
        let full = rate(&board);
        let cut = rate_grid_until(Grid::new(&board), &mut || true, Instant::now());
        assert!(cut.out_of_time && !cut.solved, "{cut:?}");
        assert_eq!(cut.er(), Measure::AtLeast(cut.difficulty));
        assert!(cut.difficulty <= full.difficulty);
        assert_eq!(cut.level, Level::of(cut.difficulty));
        assert!(!cut.diamond.is_exact() && !cut.pearl.is_exact(), "{cut:?}");
        assert_eq!(cut.er().to_string(), format!(">={}", cut.difficulty));
        // Time enough: the rating itself.
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let whole = rate_grid_until(Grid::new(&board), &mut || true, later);
        assert_eq!(whole, full);
        assert!(!whole.out_of_time);
    }
}
