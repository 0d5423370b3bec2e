//! Judging a player's progress: the one solution of a puzzle's givens, and the entries, solver
//! digits and marks it contradicts. The workbench's hint and check and the command line's
//! `check`, `solve`, `hint`, `explain` and `rate` judge a progress file the same way, here: the
//! puzzle is its givens, the rest is the player's.

use super::board::{Board, Cell, CellSet, Pos};
use super::marks::Marks;
use super::search::{Strategy, count_solutions, solve};
use std::fmt;

/// Why the givens of a board give no solution to judge against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unjudgeable {
    /// The givens have no solution.
    NoSolution,
    /// The givens have two or more.
    Several,
}

impl fmt::Display for Unjudgeable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unjudgeable::NoSolution => "the givens have no solution",
            Unjudgeable::Several => "the givens have several solutions: hints and checks need a proper puzzle",
        })
    }
}

/// The one solution of `board`'s givens, or why there is none to compare with.
pub fn solution_of(board: &Board) -> Result<Board, Unjudgeable> {
    let givens = board.givens_only();
    match count_solutions(&givens, 2) {
        0 => Err(Unjudgeable::NoSolution),
        1 => solve(&givens, Strategy::Fast)
            .ok()
            .and_then(|outcome| outcome.solution)
            .ok_or(Unjudgeable::NoSolution),
        _ => Err(Unjudgeable::Several),
    }
}

/// What a check found wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mistakes {
    /// Entries (and solver digits) the solution contradicts.
    pub digits: CellSet,
    /// Empty cells whose marks leave out the solution's digit.
    pub marks: CellSet,
}

impl Mistakes {
    /// How many cells are wrong.
    pub fn count(&self) -> usize {
        self.digits.len() + self.marks.len()
    }

    /// Every wrong cell.
    pub fn cells(&self) -> CellSet {
        self.digits.iter().chain(self.marks.iter()).collect()
    }

    /// Each mistake in words, in board order: `entry r1c2=2 contradicts the solution`,
    /// `solver digit r1c3=5 ...`, `the marks of r1c4 leave out 7, its digit in the solution`.
    pub fn lines(&self, board: &Board, solution: &Board) -> Vec<String> {
        self.cells()
            .iter()
            .map(|p| describe(p, board.cell(p), solution))
            .collect()
    }
}

/// One mistake at `p` (holding `cell`) in words.
fn describe(p: Pos, cell: Cell, solution: &Board) -> String {
    let right = solution.digit(p).map_or('?', |d| d.to_char());
    match cell {
        Cell::Entry(d) => format!("entry {p}={} contradicts the solution", d.to_char()),
        Cell::Placed(d) => format!("solver digit {p}={} contradicts the solution", d.to_char()),
        _ => format!("the marks of {p} leave out {right}, its digit in the solution"),
    }
}

/// The entries and marks of `board` and `marks` that `solution` contradicts.
#[must_use]
pub fn mistakes(board: &Board, marks: &Marks, solution: &Board) -> Mistakes {
    let mut found = Mistakes::default();
    for p in Pos::all() {
        let Some(right) = solution.digit(p) else { continue };
        match board.cell(p) {
            Cell::Entry(d) | Cell::Placed(d) if d != right => found.digits.insert(p),
            Cell::Empty if !marks.get(p).is_empty() && !marks.get(p).contains(right) => found.marks.insert(p),
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Digit, DigitSet};

    #[test]
    fn mistakes_are_named_in_board_order() {
        let board: Board = include_str!("../fixtures/hard.txt").parse().expect("an asset");
        let solution = solution_of(&board).expect("one solution");
        let blanks: Vec<Pos> = Pos::all().filter(|p| board.digit(*p).is_none()).take(3).collect();
        let wrong = |p: Pos| {
            let right = solution.digit(p).expect("solved").get();
            Digit::new(right % 9 + 1).expect("1..=9")
        };
        let mut played = board.clone();
        played.set(blanks[0], Cell::Entry(wrong(blanks[0])));
        played.set(blanks[1], Cell::Placed(wrong(blanks[1])));
        let mut marks = Marks::default();
        marks.set(blanks[2], DigitSet::from_iter([wrong(blanks[2])]));
        let found = mistakes(&played, &marks, &solution);
        assert_eq!(found.count(), 3);
        let lines = found.lines(&played, &solution);
        assert!(lines[0].starts_with(&format!("entry {}=", blanks[0])), "{lines:?}");
        assert!(
            lines[1].starts_with(&format!("solver digit {}=", blanks[1])),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with(&format!("the marks of {} leave out", blanks[2])),
            "{lines:?}"
        );
        assert!(mistakes(&board, &Marks::default(), &solution).cells().is_empty());
    }
}
