//! Editing the board: typing digits (entries, givens in puzzle-edit mode, or pencil marks in
//! notes mode), clearing, undo and redo, pasting a board, and moving through a collection.

use super::document::{Document, Origin};
use super::history::Changed;
use super::settings::MarksView;
use super::{Action, App, Effect, Mode, Then, Typing, moved};
use crate::text::counted;
use sudoku_engine::{Board, Cell, Digit, DigitSet, Marks, Pos, parse_document};

impl App {
    pub(super) fn update_edit(&mut self, action: Action) {
        if let Some(awaiting) = self.awaiting.take() {
            return self.answer_awaiting(awaiting, action);
        }
        if self.update_by_hand(&action) {
            return;
        }
        match action {
            Action::Move(direction) => self.cursor = moved(self.cursor, direction),
            Action::Select(pos) => self.cursor = pos,
            Action::Digit(d) => match self.typing {
                Typing::Givens => {
                    self.write(Cell::Given(d));
                    self.advance_cursor();
                }
                _ if self.doc.board.cell(self.cursor).is_given() => self.refuse_given(),
                Typing::Entries => {
                    let before = self.doc.board.cell(self.cursor);
                    self.write(Cell::Entry(d));
                    if before != Cell::Entry(d) {
                        self.check_solved();
                    }
                }
                Typing::Marks => self.toggle_mark(d),
            },
            Action::ClearCell => match self.typing {
                Typing::Givens => {
                    self.set_cell(Cell::Empty);
                    self.advance_cursor();
                }
                _ if self.doc.board.cell(self.cursor).is_given() => self.refuse_given(),
                // In notes mode an empty cell's marks go; a digit goes first.
                Typing::Marks if self.doc.board.digit(self.cursor).is_none() => {
                    let mut marks = self.doc.marks;
                    marks.set(self.cursor, DigitSet::EMPTY);
                    self.change_sheet(self.doc.board.clone(), marks);
                }
                Typing::Entries | Typing::Marks => self.set_cell(Cell::Empty),
            },
            Action::TogglePuzzleEdit => {
                self.typing = if self.typing == Typing::Givens {
                    Typing::Entries
                } else {
                    Typing::Givens
                };
                self.say(if self.typing == Typing::Givens {
                    "Puzzle-edit mode: digits you type are givens; the cursor moves on after each"
                } else {
                    "Solving mode: digits you type are entries; givens are protected"
                });
            }
            Action::ToggleNotes => {
                self.typing = if self.typing == Typing::Marks {
                    Typing::Entries
                } else {
                    Typing::Marks
                };
                self.say(if self.typing == Typing::Marks {
                    "Notes mode: 1-9 add or remove a pencil mark in the cell (m again: digits)"
                } else {
                    "Digits mode: 1-9 write an entry (m: notes)"
                });
            }
            Action::FillMarks => self.fill_marks(),
            Action::Hint => self.hint(),
            Action::Check => self.check(),
            Action::NewPuzzle => self.ask_new_puzzle(),
            Action::ShowStats => self.show_stats(),
            Action::Print => self.print(),
            Action::ToggleRating => {
                self.settings.show_rating = !self.settings.show_rating;
                self.rate_if_shown();
                self.setting_changed(
                    "show-rating",
                    if self.settings.show_rating {
                        "The panel shows the puzzle's rating (R hides it)"
                    } else {
                        "The rating is hidden"
                    },
                );
            }
            Action::ToggleSolutionsLine => {
                self.settings.show_solutions = !self.settings.show_solutions;
                self.setting_changed(
                    "solutions-while-solving",
                    if self.settings.show_solutions {
                        "The panel shows the live count of solutions while you solve (L hides it)"
                    } else {
                        "The live count of solutions is hidden while you solve: it gives nothing away (L shows it)"
                    },
                );
            }
            Action::ClearMarks => {
                if !self.doc.has_marks() {
                    self.say("No pencil marks to clear");
                } else {
                    self.change_sheet(self.doc.board.clone(), Marks::NONE);
                    self.say("Every pencil mark cleared (u undoes)");
                }
            }
            Action::CycleMarksView => {
                self.settings.marks_view = self.settings.marks_view.next();
                self.setting_changed(
                    "marks-view",
                    match self.settings.marks_view {
                        MarksView::Mine => "Showing your marks (v: the computed candidates)",
                        MarksView::Computed => "Showing the computed candidates, not your marks (v: your marks)",
                    },
                );
            }
            Action::ToggleRemoveMarks => {
                self.settings.remove_marks = !self.settings.remove_marks;
                self.setting_changed(
                    "remove-marks",
                    if self.settings.remove_marks {
                        "A digit you write now leaves the marks of its row, column and box"
                    } else {
                        "A digit you write now leaves the marks around it as they are"
                    },
                );
            }
            Action::KeepEntriesAsGivens => {
                let board = self.doc.board.with_all_as_givens();
                if board == self.doc.board {
                    self.say("No entries to keep");
                } else {
                    self.change_board(board);
                    self.say("Your entries are now givens (u undoes)");
                }
            }
            Action::ClearEntries => {
                if self.doc.board.givens_only() == self.doc.board {
                    self.say("No entries to clear: the board holds only givens");
                } else {
                    self.ask_then(Then::ClearEntries, "Clear the entries?");
                }
            }
            Action::ClearAll => self.ask_then(Then::ClearAll, "Empty the board?"),
            Action::Undo => match (self.leaving(), self.history.undo(&mut self.doc)) {
                (leaving, Some(changed)) => {
                    self.undone(changed, leaving);
                    self.say("Undone (Ctrl-r redoes)");
                }
                (_, None) => self.say("Nothing to undo"),
            },
            Action::Redo => match (self.leaving(), self.history.redo(&mut self.doc)) {
                (leaving, Some(changed)) => {
                    self.undone(changed, leaving);
                    self.say("Redone");
                }
                (_, None) => self.say("Nothing to redo"),
            },
            Action::Open => self.open_browser(),
            Action::Save => self.save(),
            Action::SaveAs => self.ask_save_path(),
            Action::PreviousPuzzle | Action::NextPuzzle => self.go_to_sibling(action == Action::NextPuzzle),
            Action::Solve => self.start_solve(),
            Action::CycleStrategy => {
                self.solve_strategy = self.solve_strategy.next();
                self.say(format!(
                    "s solves with {} ({}); step mode starts with {}",
                    self.solve_strategy,
                    self.solve_strategy.about(),
                    self.step_strategy
                ));
            }
            Action::StepForward => self.start_stepping(),
            _ => {}
        }
    }

    /// After the setting `key` changed: it is written to the config file, and `message` says
    /// what it does now.
    pub(super) fn setting_changed(&mut self, key: &'static str, message: &str) {
        self.ask(Effect::SaveSettings(self.settings, key));
        self.say(message);
    }

    /// After an undo or a redo: the cursor goes to the cell it changed, so that the player sees
    /// what came back (or went).
    /// The game on the board as given up, should an undo or a redo take it off (see
    /// [`App::game_back`]).
    fn leaving(&self) -> Option<(u64, super::games::GameEnd)> {
        self.leaving_gives_up()
            .then(|| self.game_end(super::games::Outcome::GaveUp))
            .flatten()
            .map(|end| (self.doc.game, end))
    }

    fn undone(&mut self, changed: Changed, leaving: Option<(u64, super::games::GameEnd)>) {
        self.board_changed();
        self.sheet_changed();
        match changed {
            Changed::Cell(pos) => self.cursor = pos,
            // A whole document came back: undoing `C` (which turned puzzle-edit mode on for
            // its empty board) brings back a puzzle whose digits must be typed as entries, not
            // given over its givens; redoing it, an empty board to type givens in again.
            Changed::Document => {
                self.game_back(leaving);
                let givens = self.doc.board.givens();
                if self.typing == Typing::Givens && !givens.is_empty() {
                    self.typing = Typing::Entries;
                } else if self.doc.board == Board::empty() {
                    self.typing = Typing::Givens;
                }
            }
        }
    }

    pub(super) fn refuse_given(&mut self) {
        self.complain(format!(
            "{} is a given; press p to edit the puzzle's givens",
            self.cursor
        ));
    }

    /// In puzzle-edit mode the cursor moves on after each cell, row by row, so that a puzzle
    /// from a newspaper is typed as 81 keys (`0` or `.` for a blank).
    fn advance_cursor(&mut self) {
        self.cursor = Pos::new((self.cursor.index() + 1) % 81).unwrap_or(Pos::FIRST);
    }

    pub(super) fn set_cell(&mut self, cell: Cell) {
        let mut board = self.doc.board.clone();
        board.set(self.cursor, cell);
        self.change_board(board);
    }

    /// Writes `cell` (a digit) in the cursor cell, taking the digit from the marks of its peers
    /// if the player wants that, as one change.
    pub(super) fn write(&mut self, cell: Cell) {
        let mut board = self.doc.board.clone();
        board.set(self.cursor, cell);
        let marks = match cell.digit() {
            Some(d) if self.settings.remove_marks => self.doc.marks.after_writing(self.cursor, d),
            _ => self.doc.marks,
        };
        self.change_sheet(board, marks);
    }

    /// Adds `d` to the cursor cell's marks, or removes it.
    pub(super) fn toggle_mark(&mut self, d: Digit) {
        if let Some(held) = self.doc.board.digit(self.cursor) {
            self.complain(format!("{} holds {held}: clear it (0) to mark it", self.cursor));
            return;
        }
        let mut marks = self.doc.marks;
        marks.toggle(self.cursor, d);
        self.change_sheet(self.doc.board.clone(), marks);
    }

    /// Marks every empty cell that has no mark with the digits its peers leave it. A cell the
    /// player marked keeps their marks: they may hold eliminations of their own (a hint's, or
    /// their reasoning) that the row, column and box alone do not show. `E` then `M` starts over.
    fn fill_marks(&mut self) {
        let board = &self.doc.board;
        let computed = board.all_candidates();
        let mut marks = self.doc.marks.of_empty_cells(board);
        let (mut filled, mut kept) = (0u64, 0u64);
        for p in Pos::all().filter(|p| board.digit(*p).is_none()) {
            if !marks.get(p).is_empty() {
                kept += 1;
            } else if !computed[p.index()].is_empty() {
                marks.set(p, computed[p.index()]);
                filled += 1;
            }
        }
        if filled == 0 {
            self.say(if kept == 0 {
                "No empty cell to mark".to_string()
            } else {
                "Every empty cell has marks already: yours are kept (E erases them all, then M marks afresh)"
                    .to_string()
            });
            return;
        }
        self.change_sheet(self.doc.board.clone(), marks);
        self.say(if kept == 0 {
            "Every empty cell marked with the digits its row, column and box leave (u undoes)".to_string()
        } else {
            format!(
                "{} without marks marked with the digits their row, column and box leave; \
                 {} with your marks kept as they are (u undoes)",
                counted(filled, "cell"),
                counted(kept, "cell")
            )
        });
    }

    fn go_to_sibling(&mut self, next: bool) {
        let Some(place) = &self.doc.source.collection else {
            self.say("Not a collection: [ and ] move between the puzzles of a collection");
            return;
        };
        let len = place.len();
        // The next readable puzzle that way: unreadable lines are skipped.
        let mut index = place.index;
        let found = loop {
            index = if next {
                index + 1
            } else {
                match index.checked_sub(1) {
                    Some(i) => i,
                    None => break None,
                }
            };
            if index >= len {
                break None;
            }
            if let Some(doc) = self.doc.sibling(index) {
                break Some(doc);
            }
        };
        match found {
            // The collection goes along (a pasted one included): only changes can be lost.
            Some(doc) if !self.is_modified() => self.carry_out(Then::Load(Box::new(doc))),
            Some(doc) => self.load(doc),
            None => self.say(if next {
                "This is the last puzzle"
            } else {
                "This is the first puzzle"
            }),
        }
    }

    /// Loads `doc`, asking first if that would lose unsaved work.
    pub(super) fn load(&mut self, doc: Document) {
        let question = format!("Open {} anyway?", doc.name());
        self.ask_then(Then::Load(Box::new(doc)), &question);
    }

    pub(super) fn paste(&mut self, text: &str) {
        match parse_document(text.as_bytes(), None) {
            Ok(parsed) => {
                let skipped = parsed.unreadable().count();
                let index = parsed.puzzles.iter().position(Result::is_ok).unwrap_or(0);
                match Document::from_parsed(parsed, Origin::Pasted, index, None) {
                    Some(doc) => {
                        self.mode = Mode::Edit;
                        self.load(doc);
                        if skipped > 0 && self.overlay.is_none() {
                            self.say(format!(
                                "Opened the pasted puzzles; {skipped} line(s) could not be read"
                            ));
                        }
                    }
                    None => self.complain("The pasted text holds no puzzle that reads"),
                }
            }
            Err(e) => self.complain(format!("The pasted text is not a puzzle: {e}")),
        }
    }

    /// Opens the file at `path` (puzzle `index`, 0-based, of a collection): read by the
    /// runtime, loaded when the answer comes.
    pub fn open_path(&mut self, path: &std::path::Path, index: Option<usize>) {
        let path = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.cwd.join(path)
        };
        self.ask(Effect::Read {
            path,
            index,
            from_browser: false,
        });
    }

    /// Opens the file of the command line, as [`App::open_path`] does; its load, when it comes,
    /// is where the session starts, not a change to undo.
    pub fn open_at_start(&mut self, path: &std::path::Path, index: Option<usize>) {
        self.read_at_start = true;
        self.open_path(path, index);
    }
}
