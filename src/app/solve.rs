//! Solving: at once (in slices, Esc cancels), or step by step in step mode.

use super::jobs::{SolveJob, SolveResult};
use super::stepper::Stepper;
use super::{Action, App, Mode, SolveReport, Then};
use crate::sudoku::Step;
use crate::text::{duration, grouped};

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
                "Solving cancelled after {} placements; the board is as it was",
                grouped(placements)
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
                self.change_board(board);
                self.say(format!(
                    "Solved with {}{}: {} placements, {} backtracks in {} (u undoes)",
                    job.strategy(),
                    if several { ", one of several solutions" } else { "" },
                    grouped(counters.placements),
                    grouped(counters.backtracks),
                    duration(elapsed)
                ));
            }
            SolveResult::NoSolution => {
                self.complain(format!(
                    "No solution ({} placements tried)",
                    grouped(counters.placements)
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

    pub(super) fn update_step(&mut self, action: Action) {
        let Mode::Step(stepper) = &mut self.mode else { return };
        match action {
            Action::StepForward if stepper.forward().is_none() => {
                self.say("The search is over; b steps back, Esc leaves");
            }
            Action::StepBack if !stepper.back() => {
                self.say("This is the start of the search");
            }
            Action::ToggleRun => stepper.toggle_run(),
            Action::Faster => stepper.faster(),
            Action::Slower => stepper.slower(),
            Action::RunToEnd | Action::Solve if !stepper.run_to_end() => {
                self.say("The search is over: b steps back, Enter keeps the board, Esc leaves");
            }
            Action::BackToBacktrack if !stepper.back_to_backtrack() => {
                self.say("No earlier backtrack to go back to");
            }
            Action::RunToBacktrack if !stepper.run_to_backtrack() => {
                self.say("The search is over: b steps back, Enter keeps the board, Esc leaves");
            }
            Action::CycleStrategy => {
                self.step_strategy = self.step_strategy.next();
                if let Ok(fresh) = stepper.restarted(self.step_strategy) {
                    **stepper = fresh;
                }
                self.say(format!(
                    "Strategy: {} ({}); the search starts again",
                    self.step_strategy,
                    self.step_strategy.about()
                ));
            }
            Action::KeepStepBoard => {
                let board = stepper.board();
                let solved = stepper.last() == Some(Step::Solved) || stepper.is_back_at_solution();
                self.mode = Mode::Edit;
                self.change_board(board);
                self.say(if solved {
                    "Kept the solution the search found (u undoes)"
                } else {
                    "Kept the search's board (u undoes)"
                });
            }
            Action::Cancel => {
                self.mode = Mode::Edit;
                self.say("Left step mode; the board is as it was");
            }
            _ => {}
        }
    }
}
