//! New puzzles on demand: the dialog that chooses a level and a symmetry, and the generation
//! itself, run in slices between frames (Esc cancels) and loaded as an undoable load.

use super::document::{Document, Origin};
use super::{Action, App, Mode, Overlay, Then, WORK_SLICE};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_engine::generate::{GaveUp, Generator, Options, Symmetry, WalkStep};
use sudoku_engine::logic::{Level, Rating, rate};
use sudoku_engine::{Board, Format, Note, Puzzle};

/// The levels the dialog offers: any (the fastest), then each level a rating can have short of
/// needing trial.
pub const LEVELS: [Option<Level>; 8] = [
    None,
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Expert),
    Some(Level::Extreme),
    Some(Level::Master),
    Some(Level::Grandmaster),
];

/// How long generation tries for a level before it gives up.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// The longest one rating of the walk to grandmaster takes in the dialog: the screen answers
/// between ratings, which run where it is drawn.
const WALK_RATING_TIME: Duration = Duration::from_millis(150);

/// The choices of the new-puzzle dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The level, as an index of [`LEVELS`].
    pub level: usize,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// The line being changed: 0 the level, 1 the symmetry.
    pub line: usize,
}

impl Default for Choice {
    fn default() -> Choice {
        Choice {
            level: 0,
            symmetry: Symmetry::None,
            line: 0,
        }
    }
}

impl Choice {
    /// The level chosen, if any.
    pub fn level(&self) -> Option<Level> {
        LEVELS[self.level]
    }

    /// The level's name for people.
    pub fn level_name(&self) -> &'static str {
        self.level().map_or("any", Level::name)
    }

    /// Changes the chosen line's value by `delta` (wrapping).
    fn adjust(&mut self, delta: isize) {
        let step = |i: usize, n: usize| (i as isize + delta).rem_euclid(n as isize) as usize;
        if self.line == 0 {
            self.level = step(self.level, LEVELS.len());
        } else {
            let all = Symmetry::ALL;
            let i = all.iter().position(|s| *s == self.symmetry).unwrap_or(0);
            self.symmetry = all[step(i, all.len())];
        }
    }
}

/// Puzzles being made until one has the level asked for.
pub struct GenerateJob {
    generator: Generator,
    /// What was asked.
    pub choice: Choice,
    /// Puzzles made and rated so far.
    pub tries: usize,
    /// Time spent so far.
    pub worked: Duration,
}

impl GenerateJob {
    /// A job for `choice`, from `seed`.
    pub fn new(choice: Choice, seed: u64) -> GenerateJob {
        GenerateJob {
            generator: Generator::new(seed, Self::options_of(&choice)),
            choice,
            tries: 0,
            worked: Duration::ZERO,
        }
    }

    fn options_of(choice: &Choice) -> Options {
        Options {
            symmetry: choice.symmetry,
            minimal: true,
        }
    }

    fn options(&self) -> Options {
        Self::options_of(&self.choice)
    }

    /// Makes and rates puzzles for about `slice` (at least one); the puzzle and its rating once
    /// one has the level asked, or why it gave up.
    pub fn work(&mut self, slice: Duration) -> Option<Result<(Board, Rating), GaveUp>> {
        let start = Instant::now();
        let walks = self
            .choice
            .level()
            .is_some_and(|level| Generator::walks_to(level, self.options()));
        loop {
            // Grandmaster is found by a walk among hard puzzles (random ones never reach it:
            // the dialog gave up after 60 s every time); each of its ratings is given at most
            // WALK_RATING_TIME, so that the screen answers between them (a rating cut off at
            // 10 or above is grandmaster all the same).
            // A try is a puzzle rated; a walk's step that found no neighbour with one solution
            // rated none.
            let (rated, found) = match self.choice.level() {
                Some(level) if walks => match self.generator.walk_step(level, Instant::now() + WALK_RATING_TIME) {
                    WalkStep::Found(found) => (true, Some(*found)),
                    WalkStep::Rated => (true, None),
                    WalkStep::Stuck => (false, None),
                },
                level => {
                    let board = self.generator.puzzle();
                    let rating = rate(&board);
                    (
                        true,
                        level
                            .is_none_or(|level| rating.level == level)
                            .then_some((board, rating)),
                    )
                }
            };
            self.tries += usize::from(rated);
            let spent = start.elapsed();
            if let Some(found) = found {
                self.worked += spent;
                return Some(Ok(found));
            }
            if self.worked + spent >= TIME_LIMIT {
                self.worked += spent;
                return Some(Err(GaveUp {
                    level: self.choice.level().unwrap_or(Level::Easy),
                    waited: self.worked,
                    tries: self.tries,
                }));
            }
            if spent >= slice {
                self.worked += spent;
                return None;
            }
        }
    }
}

/// The document of a puzzle just made: in no file, its level (when one was asked) and symmetry
/// as `.sdk` metadata.
fn generated(board: Board, choice: &Choice) -> Document {
    let mut notes = vec![Note::new(0, "#A sudoku-workbench")];
    if let Some(level) = choice.level() {
        notes.push(Note::new(0, format!("#L {}", level.name())));
    }
    if choice.symmetry != Symmetry::None {
        notes.push(Note::new(0, format!("#C {} symmetry", choice.symmetry.name())));
    }
    let mut doc = Document::new_empty();
    doc.source.origin = Origin::Generated;
    doc.source.format = Format::Sdk;
    doc.source.text = Arc::new(Puzzle {
        notes: notes.into(),
        ..Puzzle::default()
    });
    doc.board = board;
    doc
}

impl App {
    /// `N`: the new-puzzle dialog, after asking if that would lose unsaved work.
    pub(super) fn ask_new_puzzle(&mut self) {
        self.ask_then(Then::NewPuzzle, "Make a new puzzle?");
    }

    /// Keys in the new-puzzle dialog.
    pub(super) fn update_new_puzzle(&mut self, mut choice: Choice, action: Action) {
        match action {
            Action::Cancel => return self.say("Cancelled"),
            Action::Confirm => {
                self.seed = self.seed.wrapping_add(1);
                self.mode = Mode::Generating(Box::new(GenerateJob::new(choice, self.seed)));
                return;
            }
            Action::ListMove(delta) => choice.line = (choice.line as isize + delta).rem_euclid(2) as usize,
            Action::Adjust(delta) => choice.adjust(delta.into()),
            _ => {}
        }
        self.overlay = Some(Overlay::NewPuzzle(choice));
    }

    /// Keys while generating: only Esc, which cancels.
    pub(super) fn update_generating(&mut self, action: Action) {
        if action == Action::Cancel {
            self.mode = Mode::Edit;
            self.say("Cancelled: the board is as it was");
        }
    }

    /// A slice of generation; the new puzzle loads when it is made.
    pub(super) fn work_generating(&mut self) {
        let Mode::Generating(job) = &mut self.mode else { return };
        let Some(result) = job.work(WORK_SLICE) else { return };
        let (choice, tries, worked) = (job.choice, job.tries, job.worked);
        self.mode = Mode::Edit;
        match result {
            Ok((board, _rating)) => {
                let givens = board.given_count();
                self.replace_document(generated(board, &choice));
                self.say(format!(
                    "A new {} puzzle: {givens} givens, one solution ({tries} made in {:.1} s; u undoes)",
                    choice.level_name(),
                    worked.as_secs_f64()
                ));
            }
            Err(gave_up) => self.complain(format!("Gave up: {gave_up}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack D of issue 28: the dialog made random puzzles for grandmaster and gave up after
    /// 60 s every time. It walks among hard puzzles as `generate` does, each slice short.
    #[test]
    fn the_dialog_reaches_grandmaster() {
        let level = LEVELS.iter().position(|l| *l == Some(Level::Grandmaster)).unwrap();
        let choice = Choice {
            level,
            ..Choice::default()
        };
        let mut job = GenerateJob::new(choice, 3);
        let made = loop {
            if let Some(result) = job.work(Duration::from_millis(16)) {
                break result;
            }
        };
        let (board, rating) = made.expect("a grandmaster puzzle");
        assert_eq!(rating.level, Level::Grandmaster);
        assert_eq!(sudoku_engine::count_solutions(&board, 2), 1);
        assert!(sudoku_engine::generate::is_minimal(&board));
    }
}
