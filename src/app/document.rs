//! The puzzle being edited: its board, and its source (where it came from, in which format,
//! its place in a collection, its other lines, and what is saved), which decides how it is saved
//! and whether there is unsaved work.

use super::effect::Fingerprint;
use super::play::Play;
use crate::text::printable;
use std::path::PathBuf;
use std::sync::Arc;
use sudoku_engine::{Board, Cell, Colours, Format, Marks, Notes, ParseError, Parsed, Pos, Puzzle, Record};

/// Where a document came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A puzzle built into the binary, by name.
    Builtin(&'static str),
    /// A file.
    File(PathBuf),
    /// Text pasted into the terminal.
    Pasted,
    /// A board cleared to type a new puzzle.
    New,
    /// A puzzle the workbench made.
    Generated,
    /// The puzzle of a search trace (its header), replayed in step mode. A save asks for a
    /// path: the trace is no puzzle file to write over.
    Trace(PathBuf),
}

/// The puzzles of a collection and which one is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Every puzzle of the collection (the unreadable lines as their errors), shared between
    /// undo records.
    pub puzzles: Arc<Vec<Result<Record, ParseError>>>,
    /// The loaded one.
    pub index: usize,
}

impl Place {
    /// How many puzzles the collection numbers (unreadable lines included).
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether the collection is empty (never, once read).
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }
}

/// Where the board comes from and what of it is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// Where it came from.
    pub origin: Origin,
    /// The format it was read in, which saving keeps.
    pub format: Format,
    /// Its place in a collection, if it came from one.
    pub collection: Option<Place>,
    /// The puzzle's other lines (metadata, comments) and progress fields, as read: shown in the
    /// panel and written back by saves. Shared, never copied into undo records.
    pub text: Arc<Puzzle>,
    /// The file as it was when read or last saved: another program's change shows as a
    /// difference.
    pub disk: Option<Fingerprint>,
    /// The board as saved (or as loaded): unsaved work is a difference from it.
    pub saved: Board,
    /// The pencil marks as saved (or as loaded).
    pub saved_marks: Marks,
    /// The colours as saved (or as loaded).
    pub saved_colours: Colours,
}

/// The board being edited and its source.
#[derive(Clone, Debug, Eq)]
pub struct Document {
    /// Givens, entries and solver digits.
    pub board: Board,
    /// The user's pencil marks.
    pub marks: Marks,
    /// The colours the user painted on cells and candidates.
    pub colours: Colours,
    /// The time spent on it by hand and the help asked for.
    pub play: Play,
    /// Where it came from.
    pub source: Source,
    /// Whether its game has ended and is in the record of games (solved, or given up): it is
    /// recorded once, whatever undo brings back.
    pub ended: bool,
    /// Which game it is: a number of its own for each document made (a copy keeps it), so
    /// that two games of one puzzle, the same help asked, are told apart in the record.
    pub game: u64,
}

/// The number of the next document's game.
fn next_game() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Two documents are the same when their boards, marks, colours, help counts and sources are:
/// the clock moves on while a person looks at a board, which changes nothing in it, and whether
/// its game is recorded is nothing of the board's either.
impl PartialEq for Document {
    fn eq(&self, other: &Document) -> bool {
        self.board == other.board
            && self.marks == other.marks
            && self.colours == other.colours
            && (self.play.hints, self.play.checks) == (other.play.hints, other.play.checks)
            && self.source == other.source
    }
}

impl Document {
    /// The puzzles of a parsed text as a document on the puzzle at `index` (0-based), or `None`
    /// if there is no readable puzzle there.
    pub fn from_parsed(parsed: Parsed, origin: Origin, index: usize, disk: Option<Fingerprint>) -> Option<Document> {
        let format = parsed.format;
        let puzzles = parsed.puzzles;
        let record = puzzles.get(index)?.as_ref().ok()?.clone();
        let collection = (puzzles.len() > 1).then(|| Place {
            puzzles: Arc::new(puzzles),
            index,
        });
        Some(Document::of_record(record, origin, format, collection, disk))
    }

    fn of_record(
        record: Record,
        origin: Origin,
        format: Format,
        collection: Option<Place>,
        disk: Option<Fingerprint>,
    ) -> Document {
        let board = record.puzzle.board.clone();
        let marks = marks_of(&record.puzzle);
        let play = Play::of(&record.puzzle);
        let colours = colours_of(&record.puzzle);
        let text = Puzzle {
            board: Board::empty(),
            marks: None,
            ..record.puzzle
        };
        Document {
            source: Source {
                origin,
                format,
                collection,
                text: Arc::new(text),
                disk,
                saved: board.clone(),
                saved_marks: marks,
                saved_colours: colours,
            },
            board,
            marks,
            colours,
            play,
            ended: false,
            game: next_game(),
        }
    }

    /// An empty board for typing a new puzzle.
    pub fn new_empty() -> Document {
        Document {
            board: Board::empty(),
            marks: Marks::NONE,
            colours: Colours::NONE,
            play: Play::default(),
            source: Source {
                origin: Origin::New,
                format: Format::Sdk,
                collection: None,
                text: Arc::new(Puzzle::default()),
                disk: None,
                saved: Board::empty(),
                saved_marks: Marks::NONE,
                saved_colours: Colours::NONE,
            },
            ended: false,
            game: next_game(),
        }
    }

    /// The same collection on puzzle `index`, if it exists and reads.
    pub fn sibling(&self, index: usize) -> Option<Document> {
        let place = self.source.collection.as_ref()?;
        let record = place.puzzles.get(index)?.as_ref().ok()?.clone();
        let collection = Some(Place {
            puzzles: Arc::clone(&place.puzzles),
            index,
        });
        Some(Document::of_record(
            record,
            self.source.origin.clone(),
            self.source.format,
            collection,
            self.source.disk.clone(),
        ))
    }

    /// Whether the board, the marks or the colours differ from what is saved.
    pub fn is_modified(&self) -> bool {
        self.board != self.source.saved
            || self.marks.of_empty_cells(&self.board) != self.source.saved_marks
            || self.colours.of_empty_cells(&self.board) != self.source.saved_colours
    }

    /// Whether a crash would lose something: unsaved changes, or a board in no file (pasted,
    /// typed) that is not empty.
    pub fn has_unsaved_work(&self) -> bool {
        self.is_modified()
            || matches!(self.source.origin, Origin::Pasted | Origin::New | Origin::Generated)
                && self.board != Board::empty()
    }

    /// How many entries the user typed.
    pub fn entry_count(&self) -> usize {
        count(&self.board, |c| matches!(c, Cell::Entry(_)))
    }

    /// How many digits the solver placed.
    pub fn placed_count(&self) -> usize {
        count(&self.board, |c| matches!(c, Cell::Placed(_)))
    }

    /// Whether `format` keeps all the board holds: its entries and solver digits, its marks,
    /// its colours (a progress file's alone).
    pub fn fits(&self, format: Format) -> bool {
        (self.entry_count() + self.placed_count() == 0 || format.keeps_entries())
            && (!self.has_marks() || format.keeps_marks())
            && (!self.has_colours() || format == Format::Progress)
            && !(format == Format::Candidates && self.has_marks() && !self.marks_fit_a_candidates_line())
    }

    /// Whether a candidates line reads the marks back as they are: every empty cell with two
    /// marks or more (one would read as a given, none as all nine), all of them digits the
    /// board leaves possible (the line drops the others).
    fn marks_fit_a_candidates_line(&self) -> bool {
        let computed = self.board.all_candidates();
        self.marks
            .of_empty_cells(&self.board)
            .sets()
            .iter()
            .zip(computed)
            .all(|(mine, possible)| possible.is_empty() || mine.len() >= 2 && mine.difference(possible).is_empty())
    }

    /// Whether some cell, or a candidate of an empty cell, is painted.
    pub fn has_colours(&self) -> bool {
        !self.colours.of_empty_cells(&self.board).is_empty()
    }

    /// Whether some empty cell has pencil marks.
    pub fn has_marks(&self) -> bool {
        !self.marks.of_empty_cells(&self.board).is_empty()
    }

    /// The puzzle to write: the board, its marks, and the source's other lines.
    pub fn puzzle(&self) -> Puzzle {
        let mut puzzle = Puzzle {
            board: self.board.clone(),
            marks: self.puzzle_marks(),
            ..(*self.source.text).clone()
        };
        self.play.write_into(&mut puzzle.fields);
        self.colours.of_empty_cells(&self.board).write_into(&mut puzzle.fields);
        puzzle
    }

    /// The marks of the empty cells as a puzzle holds them: `None` when there are none.
    pub fn puzzle_marks(&self) -> Option<Box<[sudoku_engine::DigitSet; 81]>> {
        let marks = self.marks.of_empty_cells(&self.board);
        (!marks.is_empty()).then(|| Box::new(*marks.sets()))
    }

    /// The file the document is saved to, if it has one.
    pub fn path(&self) -> Option<&PathBuf> {
        match &self.source.origin {
            Origin::File(path) => Some(path),
            _ => None,
        }
    }

    /// A short name for the title and panel, safe to print.
    pub fn name(&self) -> String {
        let base = match &self.source.origin {
            Origin::Builtin(name) => format!("built-in: {name}"),
            Origin::File(path) => printable(
                &path
                    .file_name()
                    .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy()),
            )
            .into_owned(),
            Origin::Pasted => "pasted puzzle".into(),
            Origin::New => "new puzzle".into(),
            Origin::Generated => "generated puzzle".into(),
            Origin::Trace(path) => format!(
                "{} (trace)",
                printable(
                    &path
                        .file_name()
                        .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy())
                )
            ),
        };
        match &self.source.collection {
            Some(place) => format!("{base} #{}/{}", place.index + 1, place.len()),
            None => base,
        }
    }

    /// The notes of the puzzle (for the panel).
    pub fn notes(&self) -> &Notes {
        &self.source.text.notes
    }

    /// Bytes this document holds beyond its board, for bounding the memory of undo: its notes,
    /// and its collection when it came with one.
    pub fn weight(&self) -> usize {
        let collection = self.source.collection.as_ref().map_or(0, |place| {
            place.len() * std::mem::size_of::<Result<Record, ParseError>>()
        });
        std::mem::size_of::<Document>() + self.source.text.notes_len() + collection
    }
}

/// The user's marks a read puzzle holds (a candidates line's candidates, or a progress file's
/// marks), on its empty cells.
pub(crate) fn marks_of(puzzle: &Puzzle) -> Marks {
    puzzle.marks.as_deref().map_or(Marks::NONE, |sets| {
        Marks::from_sets(*sets).of_empty_cells(&puzzle.board)
    })
}

/// The colours a read puzzle's progress fields hold, on its empty cells' candidates.
pub(crate) fn colours_of(puzzle: &Puzzle) -> Colours {
    Colours::of_fields(&puzzle.fields).of_empty_cells(&puzzle.board)
}

fn count(board: &Board, which: impl Fn(Cell) -> bool) -> usize {
    Pos::all().filter(|&p| which(board.cell(p))).count()
}
