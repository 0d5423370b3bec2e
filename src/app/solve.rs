//! Solving: at once (in slices, Esc cancels), or step by step in step mode.

use super::jobs::{SolveJob, SolveResult};
use super::stepper::Stepper;
use super::{Action, App, Mode, SolveReport, Then};
use crate::text::{counted, duration};

impl App {
    pub(super) fn start_solve(&mut self) {
        match SolveJob::new(&self.doc.board, self.solve_strategy) {
            Ok(job) => self.mode = Mode::Solving(Box::new(job)),
            Err(contradiction) => self.complain(format!("No solution: {contradiction}")),
        }
    }

    pub(super) fn update_solving(&mut self, action: Action) {
        if let (Action::Cancel, Mode::Solving(job)) = (&action, &self.mode) {
            let placements = job.counters().placements;
            self.mode = Mode::Edit;
            self.say(format!(
                "Solving cancelled after {}; the board is as it was",
                counted(placements, "placement")
            ));
        }
    }

    pub(super) fn finish_solve(&mut self, job: &SolveJob, result: SolveResult) {
        let counters = job.counters();
        let elapsed = job.worked();
        self.mode = Mode::Edit;
        let (solved, several) = match &result {
            SolveResult::Solved { several, .. } => (true, *several),
            _ => (false, false),
        };
        self.last_solve = Some(SolveReport {
            strategy: job.strategy(),
            counters,
            elapsed,
            solved,
            several,
        });
        match result {
            SolveResult::Solved { board, several } => {
                // The solver finished the game: given up, if it was begun.
                self.end_game(super::games::Outcome::GaveUp);
                self.change_board(board);
                self.say(format!(
                    "Solved with {}{}: {}, {} in {} (u undoes)",
                    job.strategy(),
                    if several { ", one of several solutions" } else { "" },
                    counted(counters.placements, "placement"),
                    counted(counters.backtracks, "backtrack"),
                    duration(elapsed)
                ));
            }
            SolveResult::NoSolution => {
                self.complain(format!(
                    "No solution ({} tried)",
                    counted(counters.placements, "placement")
                ));
            }
            SolveResult::EntriesRuleItOut => {
                self.question(
                    "No solution with your entries, but the givens alone have one. \
                     Clear the entries and solve from the givens?",
                    vec![('y', "yes", Then::SolveFromGivens), ('n', "no", Then::Nothing)],
                );
            }
        }
    }

    /// `n` when editing: step mode, on the step strategy, one step taken.
    pub(super) fn start_stepping(&mut self) {
        match Stepper::new(&self.doc.board, self.step_strategy) {
            Ok(mut stepper) => {
                stepper.forward();
                self.mode = Mode::Step(Box::new(stepper));
            }
            Err(contradiction) => self.complain(format!("No solution: {contradiction}")),
        }
    }
}
