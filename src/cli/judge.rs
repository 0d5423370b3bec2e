//! One story for every command about what a puzzle read with marks or entries is, and why it
//! has no solution. A candidates line's marks ARE the puzzle (Sukaku): its solutions are the
//! ones that keep to them. A progress file's puzzle is its givens: its entries, solver digits
//! and marks are the player's, judged against the givens' solution as the workbench's hint and
//! check judge them ([`sudoku_engine::mistakes`]). `check`, `solve`, `hint`, `explain` and `rate`
//! all ask here, so that none says "one solution" where another says "none".

use std::io::{self, Write};
use sudoku_engine::logic::Grid;
use sudoku_engine::{
    Board, Cell, Cells, DigitSet, Marks, Record, Strategy, Unit, Unjudgeable, count_solutions, mistakes, solution_of,
    solve,
};

/// What a puzzle's digits and marks are to the commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Interpretation {
    /// Digits only: the puzzle is its digits.
    Digits,
    /// A candidates line: its digits and its marks are the puzzle.
    Candidates,
    /// A progress file with entries, solver digits or marks: the puzzle is its givens, the rest
    /// the player's.
    Progress,
}

impl Interpretation {
    /// How `record` is read.
    pub(super) fn of(record: &Record) -> Interpretation {
        let puzzle = &record.puzzle;
        if matches!(record.cells, Cells::Candidates(_)) {
            return Interpretation::Candidates;
        }
        let played = puzzle
            .board
            .cells()
            .iter()
            .any(|c| matches!(c, Cell::Entry(_) | Cell::Placed(_)));
        if played || puzzle.marks.is_some() {
            Interpretation::Progress
        } else {
            Interpretation::Digits
        }
    }
}

/// What judging a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Verdict {
    /// Its solutions, counted up to 2: of the digits, of the digits keeping to the marks (a
    /// candidates line), of the givens (a progress file).
    pub solutions: u64,
    /// With none, why, as `: <reason>` (empty when no reason can be named short of a search).
    pub why_none: String,
    /// The player's entries, solver digits and marks that contradict the one solution of the
    /// givens, in words, in board order (a progress file only).
    pub mistakes: Vec<String>,
}

impl Verdict {
    /// Whether the puzzle has one solution and nothing the player wrote contradicts it.
    pub(super) fn is_sound(&self) -> bool {
        self.solutions == 1 && self.mistakes.is_empty()
    }
}

/// The grid the logical solver reasons on for `record`: its digits, with its marks where it has
/// them (a cell without marks has the candidates its peers leave it, as in the workbench).
pub(super) fn grid_of(record: &Record) -> Grid {
    match &record.puzzle.marks {
        Some(marks) => Grid::with_marks(&record.puzzle.board, &marks_or_all(marks)),
        None => Grid::new(&record.puzzle.board),
    }
}

/// Judges `record` as [`Interpretation::of`] reads it.
pub(super) fn judge(record: &Record) -> Verdict {
    let board = &record.puzzle.board;
    match Interpretation::of(record) {
        Interpretation::Digits => {
            let solutions = count_solutions(board, 2);
            verdict(solutions, || why_none(board, None))
        }
        Interpretation::Candidates => {
            let grid = grid_of(record);
            let solutions = candidates_solutions(board, &grid);
            verdict(solutions, || why_none(board, Some(&grid)))
        }
        Interpretation::Progress => {
            let givens = board.givens_only();
            match solution_of(board) {
                Ok(solution) => {
                    let marks = record
                        .puzzle
                        .marks
                        .as_deref()
                        .map_or(Marks::NONE, |m| Marks::from_sets(*m));
                    let found = mistakes(board, &marks, &solution);
                    Verdict {
                        solutions: 1,
                        why_none: String::new(),
                        mistakes: found.lines(board, &solution),
                    }
                }
                Err(Unjudgeable::Several) => verdict(2, String::new),
                Err(Unjudgeable::NoSolution) => verdict(0, || why_none(&givens, None)),
            }
        }
    }
}

/// A verdict without mistakes; the reason is looked for only when there is no solution.
fn verdict(solutions: u64, why: impl FnOnce() -> String) -> Verdict {
    Verdict {
        solutions,
        why_none: if solutions == 0 { why() } else { String::new() },
        mistakes: Vec::new(),
    }
}

/// The solutions (up to 2) of `board`'s digits that keep to the marks of `grid`. The digits'
/// own search counts first (fast); the marks are searched only when the digits have several
/// solutions (a candidates puzzle is made that way).
fn candidates_solutions(board: &Board, grid: &Grid) -> u64 {
    if board.contradiction().is_some() || grid.is_broken() {
        return 0;
    }
    match count_solutions(board, 2) {
        0 => 0,
        1 => u64::from(left_out(board, grid).is_none()),
        _ => grid.count_solutions(2),
    }
}

/// The first empty cell whose marks leave out its digit in the one solution of `board`'s
/// digits, and that digit.
fn left_out(board: &Board, grid: &Grid) -> Option<(sudoku_engine::Pos, sudoku_engine::Digit)> {
    let solution = solve(board, Strategy::Fast).ok()?.solution?;
    grid.empty_cells().iter().find_map(|p| {
        let d = solution.digit(p)?;
        (!grid.has(p, d)).then_some((p, d))
    })
}

/// Why `board` (its digits, with the marks of `marked` if any) has no solution, as
/// `: <reason>`; what is named is what is there: the digits when they alone leave a cell or a
/// digit no place, the marks only when there are marks and they do.
pub(super) fn why_none(board: &Board, marked: Option<&Grid>) -> String {
    if let Some(contradiction) = board.contradiction() {
        return format!(": {contradiction}");
    }
    if let Some(why) = broken(&Grid::new(board), "the digits") {
        return why;
    }
    let Some(grid) = marked else {
        return String::new();
    };
    if let Some(why) = broken(grid, "the marks") {
        return why;
    }
    match count_solutions(board, 2) {
        0 => String::new(),
        1 => match left_out(board, grid) {
            Some((p, d)) => format!(": the marks of {p} leave out {d}, its digit in the one solution of the digits"),
            None => String::new(),
        },
        _ => ": the marks rule out every solution of the digits".into(),
    }
}

/// Why `grid` is broken ([`Grid::is_broken`]), as `: <who> leave ...`; `None` if it is not.
fn broken(grid: &Grid, who: &str) -> Option<String> {
    if !grid.is_broken() {
        return None;
    }
    if let Some(p) = grid.empty_cells().iter().find(|p| grid.candidates(*p).is_empty()) {
        return Some(format!(": {who} leave {p} no candidate"));
    }
    let why = Unit::all()
        .find_map(|unit| {
            let missing = DigitSet::ALL.difference(grid.placed_in(unit));
            let d = missing.iter().find(|d| grid.places_in(*d, unit).is_empty())?;
            Some(format!(": {who} leave {d} no place in {unit}"))
        })
        .unwrap_or_else(|| format!(": {who} leave a digit no place in a unit"));
    Some(why)
}

/// A player's marks as candidates: a cell without marks has all nine (the digits its peers
/// hold are taken out by [`Grid::with_marks`]), so that marks on a few cells restrict those
/// cells and leave the others as the digits make them.
fn marks_or_all(marks: &[DigitSet; 81]) -> [DigitSet; 81] {
    marks.map(|set| if set.is_empty() { DigitSet::ALL } else { set })
}

/// `board` without the entries and solver digits that `digits` (a solution) contradicts: what
/// a solution is written over, so that it never shows a wrong digit as the player's.
pub(super) fn without_mistakes(board: &Board, digits: &[u8; 81]) -> Board {
    let mut kept = board.clone();
    for (i, cell) in board.cells().iter().enumerate() {
        if let (Cell::Entry(d) | Cell::Placed(d), Some(p)) = (cell, sudoku_engine::Pos::new(i))
            && d.get() != digits[i]
        {
            kept.set(p, Cell::Empty);
        }
    }
    kept
}

/// What a command reasons for, for the message when a puzzle has several solutions: `a hint`,
/// `a rating`. Logical steps assume the one solution (the uniqueness techniques would remove a
/// solution's digit otherwise), so every command of the logical solver refuses alike.
pub(super) type Purpose = &'static str;

/// The grid to reason on for `record`: its digits, with its pencil marks where it has them (a
/// cell without marks has the candidates its peers leave it, as in the workbench). `None`, once
/// the reason is said on `err`, when the puzzle has not exactly one solution ([`judge`]: a
/// contradiction among the digits; marks of a candidates line that leave a cell no candidate, a
/// digit no place in a unit, or the one solution out; no solution; several solutions, no good
/// for `purpose`), or when an entry, solver digit or mark of a progress file contradicts the
/// solution of its givens: each is named, as the workbench's hint names it, rather than
/// reasoned from. Results written so far are flushed first, so that a terminal shows both
/// streams in order.
pub(super) fn grid_to_reason_on(
    record: &Record,
    where_: &str,
    purpose: Purpose,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Option<Grid>> {
    let verdict = judge(record);
    if verdict.is_sound() {
        return Ok(Some(grid_of(record)));
    }
    out.flush()?;
    match verdict.solutions {
        0 => writeln!(err, "{where_}: no solution{}", verdict.why_none)?,
        1 => {
            for mistake in &verdict.mistakes {
                writeln!(err, "{where_}: {mistake}: {purpose} needs the entries and marks right")?;
            }
        }
        _ => writeln!(err, "{where_}: several solutions: {purpose} needs a puzzle with one")?,
    }
    Ok(None)
}
