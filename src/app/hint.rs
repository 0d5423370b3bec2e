//! Help for a person solving by hand: hints that teach in three presses (where to look, why,
//! then do it) and a check of entries and marks against the solution. Both reason from the
//! player's own marks where they have some, and neither reasons from a mistake: a hint points at
//! the mistake instead.

use super::{App, Typing};
use crate::text::counted;
use sudoku_engine::logic::and_list;
use sudoku_engine::logic::rests_on_removals;
use sudoku_engine::logic::{Candidate, Deduction, Grid, Rules, next_deduction_until};
use sudoku_engine::{Board, Cell, CellSet, DigitSet, Marks, Pos};

/// How far a hint has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintStage {
    /// The technique is named and the area where to look highlighted.
    Where,
    /// The cells and candidates that prove it, and what it changes, are shown.
    Why,
}

/// A hint being given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// How far it has gone.
    pub stage: HintStage,
    /// The deduction.
    pub step: Deduction,
    /// The candidates it reasons from: the player's marks, or the computed candidates where a
    /// cell has none.
    pub candidates: Marks,
    /// Whether some of those are the player's own marks.
    pub from_marks: bool,
    /// Whether the step rests on the player's marks: on a digit they removed from a cell that
    /// the board alone still allows there (see [`rests_on_removals`]). A step the board's own
    /// candidates show as well is not "from your marks", marks or no marks.
    pub rests_on_marks: bool,
    /// While the hint shows why, the filter as it was before the hint turned it to its digits:
    /// given back when the hint is done or gone (`None`: nothing to give back).
    pub lent_filter: Option<DigitSet>,
}

impl Hint {
    /// The cells to highlight at the first stage: the units where to look, or the pattern's
    /// cells when it names no unit.
    pub fn area(&self) -> CellSet {
        if self.step.units.is_empty() {
            return self.step.cells;
        }
        Pos::all()
            .filter(|p| self.step.units.iter().any(|u| u.cells().contains(p)))
            .collect()
    }

    /// The digits the filter is turned to while the hint shows why: those it removes or places
    /// (the proof's, for a step that does neither), so that a compact board shows them.
    pub fn digits(&self) -> DigitSet {
        let mut digits = DigitSet::EMPTY;
        for c in self.step.eliminations.iter().chain(&self.step.placements) {
            digits.insert(c.digit);
        }
        if digits.is_empty() {
            for c in &self.step.candidates {
                digits.insert(c.digit);
            }
        }
        digits
    }

    /// The candidates the hint names in `pos`: its proof, its removals, its placements.
    pub fn named_in(&self, pos: Pos) -> DigitSet {
        let mut digits = DigitSet::EMPTY;
        for c in self
            .step
            .candidates
            .iter()
            .chain(&self.step.eliminations)
            .chain(&self.step.placements)
            .filter(|c| c.pos == pos)
        {
            digits.insert(c.digit);
        }
        digits
    }
}

// The judging itself is the engine's, shared with the command line: the two say the same.
pub use sudoku_engine::{Mistakes, mistakes, solution_of};

/// The candidates a hint reasons from: each empty cell's marks, or its computed candidates
/// where it has none; and whether any marks were used.
pub(crate) fn candidates_for(board: &Board, marks: &Marks) -> (Marks, bool) {
    let computed = board.all_candidates();
    let mut used = false;
    let sets = std::array::from_fn(|i| {
        let mine = marks.sets()[i];
        if computed[i].is_empty() || mine.is_empty() {
            computed[i]
        } else {
            used = true;
            DigitSet::from_bits(mine.bits() & computed[i].bits())
        }
    });
    (Marks::from_sets(sets), used)
}

/// How long a hint may search for its step.
const HINT_SEARCH: std::time::Duration = std::time::Duration::from_secs(2);

impl App {
    /// `i`: the next stage of a hint, or a new hint.
    pub(super) fn hint(&mut self) {
        match self.hint.take() {
            Some(hint) if hint.stage == HintStage::Where => {
                // The panel shows the step in full; the message says what comes next.
                self.say("Why: the step is in the panel, its cells on the board (i again: do it)");
                // The filter turns to the step's digits, so that a compact board shows them.
                let lent_filter = Some(self.filter);
                self.filter = hint.digits();
                self.hint = Some(Hint {
                    stage: HintStage::Why,
                    lent_filter,
                    ..hint
                });
            }
            Some(hint) => {
                self.hint_ended(&hint);
                self.apply_hint(&hint);
            }
            None => self.new_hint(),
        }
    }

    fn new_hint(&mut self) {
        if self.doc.board.is_solved() {
            self.say("The board is full: nothing left to hint");
            return;
        }
        if self.doc.board.has_conflict() {
            self.complain("No hint while the board has a conflict: fix the cells in red first");
            return;
        }
        let solution = match solution_of(&self.doc.board) {
            Ok(solution) => solution,
            Err(why) => return self.complain(format!("No hint: {why}")),
        };
        let wrong = mistakes(&self.doc.board, &self.doc.marks, &solution);
        if let Some(p) = wrong.digits.iter().next() {
            let d = self.doc.board.digit(p).map_or('?', |d| d.to_char());
            self.complain(format!(
                "No hint from a mistake: {p} = {d} contradicts the solution ({} checks everything)",
                CHECK_KEY
            ));
            self.mistakes = Some(Mistakes {
                digits: CellSet::from_iter([p]),
                marks: CellSet::EMPTY,
            });
            return;
        }
        if let Some(p) = wrong.marks.iter().next() {
            self.complain(format!(
                "No hint from a mistake: the marks of {p} leave out its digit ({} checks everything)",
                CHECK_KEY
            ));
            self.mistakes = Some(Mistakes {
                digits: CellSet::EMPTY,
                marks: CellSet::from_iter([p]),
            });
            return;
        }
        let (candidates, from_marks) = candidates_for(&self.doc.board, &self.doc.marks);
        let grid = Grid::with_marks(&self.doc.board, candidates.sets());
        // SE's nested chains can take seconds on the forum's hardest puzzles; a key press must
        // not wait for them (the worker thread this wants is not built yet).
        let deadline = std::time::Instant::now() + HINT_SEARCH;
        let step = match next_deduction_until(&grid, Rules { unique: true }, deadline) {
            Ok(Some(step)) => step,
            Ok(None) => {
                self.say("No logical step found from here: the puzzle needs trial (a guess)");
                return;
            }
            Err(_) => {
                self.say(format!(
                    "No hint: the next step needs chains longer than a hint searches ({} s); `explain` finds it",
                    HINT_SEARCH.as_secs()
                ));
                return;
            }
        };
        self.doc.play.hints = self.doc.play.hints.saturating_add(1);
        let place = if step.units.is_empty() {
            format!("look at {}", cell_names(step.cells))
        } else {
            let units: Vec<String> = step.units.iter().map(ToString::to_string).collect();
            format!("look in {}", and_list(&units))
        };
        let rests_on_marks = from_marks && rests_on_removals(&step, &grid, &Grid::new(&self.doc.board));
        let basis = if rests_on_marks { " (from your marks)" } else { "" };
        self.say(format!("Hint: {}{basis}: {place} (i again: why)", step.technique));
        self.hint = Some(Hint {
            stage: HintStage::Where,
            step,
            candidates,
            from_marks,
            rests_on_marks,
            lent_filter: None,
        });
    }

    /// A hint is done or gone: the filter it lent its digits is given back.
    pub(super) fn hint_ended(&mut self, hint: &Hint) {
        if let Some(filter) = hint.lent_filter {
            self.filter = filter;
        }
    }

    /// Carries out the hint's step as one undoable change: its digits written as entries, its
    /// eliminations taken from the marks (the marks it reasoned from, so a player without marks
    /// gets them filled in).
    fn apply_hint(&mut self, hint: &Hint) {
        let mut board = self.doc.board.clone();
        // A player with marks keeps them, the step's removals taken from them (a cell without
        // marks, where the hint reasoned from the computed candidates, gets those less the
        // removal); a player without marks gets the candidates the hint used.
        let mut marks = if hint.from_marks || hint.step.eliminations.is_empty() {
            self.doc.marks
        } else {
            hint.candidates
        };
        for Candidate { pos, digit } in &hint.step.eliminations {
            let mut set = marks.get(*pos);
            if set.is_empty() {
                set = hint.candidates.get(*pos);
            }
            set.remove(*digit);
            marks.set(*pos, set);
        }
        for Candidate { pos, digit } in &hint.step.placements {
            board.set(*pos, Cell::Entry(*digit));
            if self.settings.remove_marks {
                marks = marks.after_writing(*pos, *digit);
            }
        }
        let marks = marks.of_empty_cells(&board);
        self.change_sheet(board, marks);
        self.say(format!("Done: {} (u undoes)", hint.step.line()));
        if self.typing == Typing::Givens {
            self.typing = Typing::Entries;
        }
        self.check_solved();
    }

    /// Shows the solved screen if the player's last digit (or a hint's) filled the board
    /// without a conflict; a board the solver finished is not solved by hand.
    pub(super) fn check_solved(&mut self) {
        let board = &self.doc.board;
        let by_hand = board.cells().iter().all(|c| !matches!(c, Cell::Placed(_)));
        if board.is_solved() && by_hand && self.typing != Typing::Givens {
            self.overlay = Some(super::Overlay::Solved);
            self.end_game(super::games::Outcome::Solved);
        }
    }

    /// `!`: compares the entries and marks with the solution and highlights the mistakes.
    pub(super) fn check(&mut self) {
        let solution = match solution_of(&self.doc.board) {
            Ok(solution) => solution,
            Err(why) => return self.complain(format!("Cannot check: {why}")),
        };
        self.doc.play.checks = self.doc.play.checks.saturating_add(1);
        let wrong = mistakes(&self.doc.board, &self.doc.marks, &solution);
        let left = self.doc.board.blank_count();
        match (wrong.digits.len(), wrong.marks.len()) {
            (0, 0) => {
                self.say(format!(
                    "Check: no mistake so far; {} to go",
                    counted(left as u64, "cell")
                ));
                self.mistakes = None;
            }
            (digits, marks) => {
                let mut parts = Vec::new();
                if digits > 0 {
                    parts.push(format!("{digits} wrong digit{}", plural(digits)));
                }
                if marks > 0 {
                    parts.push(format!("{marks} cell{} whose marks leave out its digit", plural(marks)));
                }
                self.complain(format!(
                    "Check: {} ({}), highlighted until the next change",
                    parts.join(" and "),
                    cell_names(wrong.cells())
                ));
                self.mistakes = Some(wrong);
            }
        }
    }
}

/// The key of the check, for messages.
const CHECK_KEY: char = '!';

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// At most six cells by name, then how many more: `r1c1, r2c2 and r3c3`,
/// `r1c1, ..., r1c6 and 3 more`.
fn cell_names(cells: CellSet) -> String {
    let names: Vec<String> = cells.iter().take(6).map(|p| p.to_string()).collect();
    match cells.len() {
        n if n > 6 => format!("{} and {} more", names.join(", "), n - 6),
        _ => and_list(&names),
    }
}
