//! When a game ends, and what the workbench does then: it asks the runtime to add the game to
//! the record of games; the statistics screen that shows the record; printing the puzzle.
//!
//! A game is started once the player has done something on the puzzle: an entry, a pencil mark,
//! a hint or a check (a look at the board alone, the clock running, is not a game). It ends:
//! - **solved** when the player fills the last cell right by hand (hints included);
//! - **given up** when the solver fills it (`s`, or Enter keeping the search's solution in step
//!   mode), or when the game goes unsaved: another puzzle replaces it (open, a collection's next,
//!   a new puzzle, a paste, an empty board) or the player quits, saying yes to losing the changes.
//!
//! A game kept in a file (saved with `w`, nothing changed since) is not given up when the
//! workbench moves on: it is there to go on with. Ctrl-C and a crash keep the work for the next
//! start, so they end no game either. Each game is recorded once: undo brings a board back, not
//! a second line.

use super::effect::PrintRequest;
use super::games::{GameEnd, Outcome, StatsView};
use super::{Action, App, Effect, Overlay};
use crate::text::printable;
use sudoku_engine::{Board, Cell, Unjudgeable};

impl App {
    /// Whether the game on the board has been started: an entry, a mark, a hint or a check.
    pub fn game_started(&self) -> bool {
        let play = self.doc.play;
        self.doc.board.givens_only() != Board::empty()
            && (play.hints > 0
                || play.checks > 0
                || self.doc.has_marks()
                || self.doc.board.cells().iter().any(|c| matches!(c, Cell::Entry(_))))
    }

    /// Ends the game on the board as `outcome`, if it was started and not recorded yet: the
    /// runtime adds it to the record.
    pub(super) fn end_game(&mut self, outcome: Outcome) {
        if let Some(end) = self.game_end(outcome) {
            self.doc.ended = true;
            self.ask(Effect::RecordGame(end));
        }
    }

    /// The game on the board ended as `outcome`, if it was started and not recorded yet.
    pub(super) fn game_end(&self, outcome: Outcome) -> Option<GameEnd> {
        if self.doc.ended || !self.game_started() {
            return None;
        }
        let puzzle = self.doc.board.givens_only();
        // The rating the panel worked out, if it is of this puzzle; else the runtime rates it.
        let rating = self
            .rating
            .as_ref()
            .filter(|(asked, _)| *asked == puzzle)
            .and_then(|(_, known)| known.clone());
        Some(GameEnd {
            outcome,
            play: self.doc.play,
            puzzle,
            rating,
            set_aside: false,
        })
    }

    /// Whether the game on the board, left now, is given up: it was started, is not solved,
    /// and is in no file to go on with.
    pub(super) fn leaving_gives_up(&self) -> bool {
        !self.doc.board.is_solved() && self.has_unsaved_work()
    }

    /// The workbench quits: the game on the board is given up (see [`App::leaving_gives_up`]),
    /// and so are the games set aside by a load that did not come back.
    pub(super) fn leave_game(&mut self) {
        if self.leaving_gives_up() {
            self.end_game(Outcome::GaveUp);
        }
        self.record_set_aside();
    }

    /// The games set aside, taken away (to record them at an end the model does not see).
    pub fn take_set_aside(&mut self) -> Vec<GameEnd> {
        let near = self.paste_near;
        std::mem::take(&mut self.set_aside)
            .into_iter()
            .filter(|(_, by_paste, _)| !(near && *by_paste))
            .map(|(_, _, end)| end)
            .collect()
    }

    /// The games set aside, recorded as given up (the workbench quits: they cannot come back).
    pub(super) fn record_set_aside(&mut self) {
        for end in self.take_set_aside() {
            self.ask(Effect::RecordGame(end));
        }
    }

    /// Another document replaces the game on the board: set aside as given up (with the
    /// document's game number, to know it when it comes back), and recorded
    /// so when the workbench quits, unless undo brings it back first ([`App::game_back`]).
    /// It was recorded at once, and a game undone back and solved then stayed "given up".
    pub(super) fn set_game_aside(&mut self) {
        if self.leaving_gives_up()
            && let Some(end) = self.game_end(Outcome::GaveUp)
        {
            self.set_aside
                .push((self.doc.game, self.paste_near, GameEnd { set_aside: true, ..end }));
        }
    }

    /// Undo or redo brought a whole document back: its game, if set aside, is on again.
    /// `leaving` is the game undo or redo took off the board (set aside in its turn, as a load
    /// does: a redo of a load gave it up no more). A game is known by its document's number
    /// (by puzzle, hints and checks, two games of one puzzle were both taken back).
    pub(super) fn game_back(&mut self, leaving: Option<(u64, GameEnd)>) {
        let near = self.paste_near;
        self.set_aside
            .extend(leaving.map(|(game, end)| (game, near, GameEnd { set_aside: true, ..end })));
        let back = self.doc.game;
        self.set_aside.retain(|(game, _, _)| *game != back);
    }

    /// The answer to [`Effect::RecordGame`].
    pub(super) fn game_recorded(&mut self, result: Result<(), String>) {
        if let Err(why) = result {
            self.complain(format!("The game could not be added to the record of games: {why}"));
        }
    }

    /// `S`: the statistics screen, once the record is read.
    pub(super) fn show_stats(&mut self) {
        self.ask(Effect::ReadGames);
        self.say("Reading the record of games…");
    }

    /// The answer to [`Effect::ReadGames`].
    pub(super) fn games_read(&mut self, result: Result<(String, super::games::Record), String>) {
        match result {
            Ok((file, record)) => {
                if self
                    .message
                    .as_ref()
                    .is_some_and(|m| m.text.starts_with("Reading the record"))
                {
                    self.message = None;
                }
                // Over whatever else is open, a dialog excepted: a question must be answered.
                if self.overlay.is_none() {
                    self.overlay = Some(Overlay::Stats(Box::new(StatsView::new(file, record))));
                }
            }
            Err(why) => self.complain(format!("The record of games cannot be read: {why}")),
        }
    }

    /// Keys on the statistics screen: ↑↓ choose the row charted, Esc (or `S`, `q`) closes it.
    pub(super) fn update_stats(&mut self, mut view: Box<StatsView>, action: Action) {
        match action {
            Action::Cancel | Action::ShowStats | Action::Quit => return,
            Action::ListMove(delta) => view.select(delta),
            Action::ListTo(row) => view.selected = row.min(view.stats.row_count().saturating_sub(1)),
            _ => {}
        }
        self.overlay = Some(Overlay::Stats(view));
    }

    /// `Ctrl-p`: the puzzle (its givens) as a PDF to print, a new file beside the puzzle's own
    /// (or in the working folder).
    pub(super) fn print(&mut self) {
        let puzzle = self.doc.board.givens_only();
        if puzzle == Board::empty() {
            self.say("Nothing to print: the board has no givens");
            return;
        }
        let (dir, stem) = self.beside_the_puzzle();
        let title = self.doc.name();
        self.ask(Effect::Print(PrintRequest {
            dir,
            stem,
            title,
            puzzle,
        }));
    }

    /// The answer to [`Effect::Print`].
    /// A puzzle without one solution is printed all the same, as `print` does, but said: the
    /// message once promised a solution page it did not have (attack B of issue 28).
    pub(super) fn printed(&mut self, result: Result<(std::path::PathBuf, Option<Unjudgeable>), String>) {
        match result {
            Ok((path, problem)) => {
                let path = printable(&path.to_string_lossy()).into_owned();
                match problem {
                    None => self.say(format!(
                        "Printed to {path} (the puzzle, then its solution on a page of its own)"
                    )),
                    Some(problem) => self.complain(format!(
                        "Printed to {path}, the puzzle alone: {}, so no solution page",
                        match problem {
                            Unjudgeable::NoSolution => "its givens have no solution",
                            Unjudgeable::Several => "its givens have several solutions",
                        }
                    )),
                }
            }
            Err(why) => self.complain(format!("Not printed: {why}")),
        }
    }
}
