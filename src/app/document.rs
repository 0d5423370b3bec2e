//! The puzzle being edited: its board and metadata, where it came from, and reading and saving
//! files (saves are atomic: a temporary file in the same directory, then a rename).

use crate::printable::printable;
use crate::sudoku::{
    Board, Cell, Document as Parsed, Format, MetaTag, ParseError, Pos, Puzzle, Record, parse_document,
};
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Files above this size are refused: no puzzle file is this big, and reading one must not
/// swallow the machine's memory.
pub const MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

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
    /// The board a crash left in the recovery file.
    Recovered,
}

/// The puzzles of a collection and which one is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Every puzzle of the collection, shared between undo states.
    pub puzzles: Rc<Vec<Record>>,
    /// The loaded one.
    pub index: usize,
}

/// The board being edited and what it came with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// Givens, entries and solver digits.
    pub board: Board,
    /// `.sdk` metadata (author, description...).
    pub meta: Vec<(MetaTag, String)>,
    /// Where it came from.
    pub origin: Origin,
    /// The format it was read in, which saving keeps.
    pub format: Format,
    /// Its place in a collection, if it came from one.
    pub collection: Option<Place>,
}

impl Document {
    /// The puzzles of a parsed text as a document on the puzzle at `index` (0-based, clamped).
    pub fn from_parsed(parsed: Parsed, origin: Origin, index: usize) -> Document {
        let format = parsed.format;
        let puzzles = parsed.puzzles;
        let index = index.min(puzzles.len().saturating_sub(1));
        let puzzle = puzzles.get(index).map(|r| r.puzzle.clone()).unwrap_or_default();
        let collection = (puzzles.len() > 1).then(|| Place {
            puzzles: Rc::new(puzzles),
            index,
        });
        Document {
            board: puzzle.board,
            meta: puzzle.meta,
            origin,
            format,
            collection,
        }
    }

    /// An empty board for typing a new puzzle.
    pub fn new_empty() -> Document {
        Document {
            board: Board::empty(),
            meta: Vec::new(),
            origin: Origin::New,
            format: Format::Sdk,
            collection: None,
        }
    }

    /// The same collection on puzzle `index`, if it exists.
    pub fn sibling(&self, index: usize) -> Option<Document> {
        let place = self.collection.as_ref()?;
        let record = place.puzzles.get(index)?;
        Some(Document {
            board: record.puzzle.board.clone(),
            meta: record.puzzle.meta.clone(),
            origin: self.origin.clone(),
            format: self.format,
            collection: Some(Place {
                puzzles: Rc::clone(&place.puzzles),
                index,
            }),
        })
    }

    /// What saving writes: givens and entries; the solver's digits are a result, not a puzzle.
    pub fn savable_board(&self) -> Board {
        let mut board = self.board.clone();
        for p in Pos::all() {
            if let Cell::Placed(_) = board.cell(p) {
                board.set(p, Cell::Empty);
            }
        }
        board
    }

    /// What tells whether there is unsaved work: the origin, the savable board, the metadata.
    pub fn saved_state(&self) -> SavedState {
        SavedState {
            origin: self.origin.clone(),
            board: self.savable_board(),
            meta: self.meta.clone(),
        }
    }

    /// A short name for the title and panel, safe to print.
    pub fn name(&self) -> String {
        let base = match &self.origin {
            Origin::Builtin(name) => format!("built-in: {name}"),
            Origin::File(path) => printable(
                &path
                    .file_name()
                    .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy()),
            )
            .into_owned(),
            Origin::Pasted => "pasted puzzle".into(),
            Origin::New => "new puzzle".into(),
            Origin::Recovered => "recovered board".into(),
        };
        match &self.collection {
            Some(place) => format!("{base} #{}/{}", place.index + 1, place.puzzles.len()),
            None => base,
        }
    }
}

/// The part of a document that a save makes safe; unsaved work is a difference from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedState {
    origin: Origin,
    board: Board,
    meta: Vec<(MetaTag, String)>,
}

/// Why a file could not be opened as puzzles.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(io::Error),
    /// The file is bigger than [`MAX_FILE_SIZE`].
    TooBig(u64),
    /// The text is not puzzles.
    Parse(ParseError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => f.write_str(&crate::cli::describe_io_error(e)),
            LoadError::TooBig(size) => write!(f, "too big for a puzzle file ({} MB)", size / (1024 * 1024)),
            LoadError::Parse(e) => write!(f, "{e}"),
        }
    }
}

/// Reads the puzzles of the file at `path`.
pub fn read_file(path: &Path) -> Result<Parsed, LoadError> {
    let file = std::fs::File::open(path).map_err(LoadError::Io)?;
    let meta = file.metadata().map_err(LoadError::Io)?;
    if meta.is_dir() {
        return Err(LoadError::Io(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    if meta.len() > MAX_FILE_SIZE {
        return Err(LoadError::TooBig(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(LoadError::Io)?;
    let hint = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    parse_document(&bytes, hint).map_err(LoadError::Parse)
}

/// The text a save writes: the whole file for a single puzzle; for a puzzle of a collection, the
/// collection file with that puzzle's line replaced (the rest is kept byte for byte).
pub fn render(doc: &Document, path: &Path) -> io::Result<Vec<u8>> {
    let puzzle = Puzzle {
        board: doc.savable_board(),
        meta: doc.meta.clone(),
    };
    let Some(place) = doc
        .collection
        .as_ref()
        .filter(|_| doc.origin == Origin::File(path.to_path_buf()))
    else {
        return Ok(doc.format.to_string(&puzzle).into_bytes());
    };
    let line_no = place.puzzles[place.index].line;
    let old = std::fs::read(path)?;
    let mut out = Vec::with_capacity(old.len());
    let mut replaced = false;
    for (i, line) in old.split_inclusive(|&b| b == b'\n').enumerate() {
        if i + 1 == line_no {
            out.extend_from_slice(puzzle.board.to_string().as_bytes());
            if let Some(comment) = puzzle.meta_value(MetaTag::Comment) {
                out.extend_from_slice(format!(" {comment}").as_bytes());
            }
            out.extend_from_slice(if line.ends_with(b"\r\n") { b"\r\n" } else { b"\n" });
            replaced = true;
        } else {
            out.extend_from_slice(line);
        }
    }
    if !replaced {
        return Err(io::Error::other(
            "the collection file changed on disk: its puzzle line is gone",
        ));
    }
    Ok(out)
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, flushed and synced,
/// then renamed over the target. A failure leaves any existing file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".sudoku-workbench-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    // Keep the permissions of the file being replaced; a new file gets the usual rw-r--r--
    // rather than the temporary file's private mode.
    match std::fs::metadata(path) {
        Ok(meta) => temp.as_file().set_permissions(meta.permissions())?,
        #[cfg(unix)]
        Err(_) => {
            use std::os::unix::fs::PermissionsExt;
            temp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        #[cfg(not(unix))]
        Err(_) => {}
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
