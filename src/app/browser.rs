//! The in-app file browser: directories and files, the built-in puzzles, a preview of the
//! highlighted entry (a small board, or the parse error with its line and column), and a list of
//! a collection's puzzles to pick from.

use super::builtin::{BUILTINS, Builtin};
use super::document::{Document, LoadError, MAX_FILE_SIZE, Origin, read_file};
use crate::printable::printable;
use crate::sudoku::{Board, Format, MetaTag, ReadError, Reader, Record, parse_document};
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// How much of a file a preview reads: enough for a puzzle and a count of a small collection,
/// little enough to stay quick as the selection moves over big files.
const PREVIEW_BYTES: u64 = 256 * 1024;

/// One line of the browser's list.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A puzzle built into the binary.
    Builtin(&'static Builtin),
    /// The parent directory.
    Parent(PathBuf),
    /// A directory, with its name made printable.
    Dir(String, PathBuf),
    /// A file, with its name made printable, and its size in bytes.
    File(String, PathBuf, u64),
}

impl Entry {
    /// The text of the entry in the list.
    pub fn label(&self) -> String {
        match self {
            Entry::Builtin(b) => format!("★ {}", b.name),
            Entry::Parent(_) => "../".into(),
            Entry::Dir(name, _) => format!("{name}/"),
            Entry::File(name, ..) => name.clone(),
        }
    }
}

/// What the preview pane shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preview {
    /// Nothing to show (a directory).
    Nothing,
    /// The first puzzle of the entry.
    Puzzle {
        /// Its board.
        board: Board,
        /// The format found.
        format: Format,
        /// Puzzles in the file; `more` if the preview stopped reading before the end.
        count: usize,
        /// Whether the file goes on past what the preview read.
        more: bool,
        /// A description line, from metadata or the built-in's note.
        about: Option<String>,
    },
    /// Why the entry is not a puzzle file.
    Error(String),
}

/// A collection's puzzles, to choose one.
#[derive(Clone, Debug)]
pub struct Picker {
    /// The collection's name, printable.
    pub name: String,
    /// Where it came from.
    pub origin: Origin,
    /// Its format.
    pub format: Format,
    /// The puzzles.
    pub puzzles: Rc<Vec<Record>>,
    /// The highlighted puzzle.
    pub selected: usize,
}

/// What opening the selected entry led to.
#[derive(Debug)]
pub enum Opened {
    /// The browser stays (moved into a directory, or showed a collection's puzzles).
    Stay,
    /// A document to load.
    Load(Box<Document>),
    /// The entry could not be opened; the message says why.
    Failed(String),
}

/// The browser's state.
#[derive(Clone, Debug)]
pub struct Browser {
    /// The directory listed.
    pub dir: PathBuf,
    /// Built-ins, the parent, directories, then files.
    pub entries: Vec<Entry>,
    /// The highlighted entry.
    pub selected: usize,
    /// The preview of the highlighted entry.
    pub preview: Preview,
    /// A collection being picked from, over the list.
    pub picker: Option<Picker>,
    /// Why the directory could not be listed, if it could not.
    pub error: Option<String>,
}

impl Browser {
    /// A browser on `dir`.
    pub fn new(dir: &Path) -> Browser {
        let mut browser = Browser {
            dir: dir.to_path_buf(),
            entries: Vec::new(),
            selected: 0,
            preview: Preview::Nothing,
            picker: None,
            error: None,
        };
        browser.list();
        browser
    }

    /// Lists `self.dir`; the selection goes to the first file or directory.
    fn list(&mut self) {
        self.entries = BUILTINS.iter().map(Entry::Builtin).collect();
        self.error = None;
        if let Some(parent) = self.dir.parent() {
            self.entries.push(Entry::Parent(parent.to_path_buf()));
        }
        let mut dirs = Vec::new();
        let mut files = Vec::new();
        match std::fs::read_dir(&self.dir) {
            Ok(read) => {
                for entry in read.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    let shown = printable(&name).into_owned();
                    let path = entry.path();
                    // Follow symbolic links: a link to a directory is a directory here.
                    match std::fs::metadata(&path) {
                        Ok(m) if m.is_dir() => dirs.push(Entry::Dir(shown, path)),
                        Ok(m) => files.push(Entry::File(shown, path, m.len())),
                        Err(_) => files.push(Entry::File(shown, path, 0)),
                    }
                }
            }
            Err(e) => {
                self.error = Some(format!(
                    "cannot list this directory: {}",
                    crate::cli::describe_io_error(&e)
                ))
            }
        }
        dirs.sort_by_key(Entry::label);
        files.sort_by_key(Entry::label);
        self.entries.extend(dirs);
        self.entries.extend(files);
        self.selected = BUILTINS.len().min(self.entries.len().saturating_sub(1));
        self.refresh_preview();
    }

    /// Moves the selection by `delta` entries, staying in the list.
    pub fn move_by(&mut self, delta: isize) {
        match &mut self.picker {
            Some(picker) => picker.selected = clamp_add(picker.selected, delta, picker.puzzles.len()),
            None => {
                self.selected = clamp_add(self.selected, delta, self.entries.len());
                self.refresh_preview();
            }
        }
    }

    /// The highlighted entry.
    pub fn current(&self) -> Option<&Entry> {
        self.entries.get(self.selected)
    }

    fn refresh_preview(&mut self) {
        self.preview = match self.current() {
            None | Some(Entry::Parent(_) | Entry::Dir(..)) => Preview::Nothing,
            Some(Entry::Builtin(b)) => match parse_document(b.text.as_bytes(), None) {
                Ok(doc) => Preview::Puzzle {
                    board: doc.puzzles[0].puzzle.board.clone(),
                    format: doc.format,
                    count: doc.puzzles.len(),
                    more: false,
                    about: Some(b.about.to_string()),
                },
                Err(e) => Preview::Error(e.to_string()),
            },
            Some(Entry::File(_, path, size)) => preview_file(path, *size),
        };
    }

    /// Opens the highlighted entry or picked puzzle.
    pub fn open(&mut self) -> Opened {
        if let Some(picker) = &self.picker {
            let record = &picker.puzzles[picker.selected];
            let doc = Document {
                board: record.puzzle.board.clone(),
                meta: record.puzzle.meta.clone(),
                origin: picker.origin.clone(),
                format: picker.format,
                collection: Some(super::document::Place {
                    puzzles: Rc::clone(&picker.puzzles),
                    index: picker.selected,
                }),
            };
            return Opened::Load(Box::new(doc));
        }
        let Some(entry) = self.current().cloned() else {
            return Opened::Stay;
        };
        match entry {
            Entry::Parent(path) | Entry::Dir(_, path) => {
                self.dir = path;
                self.list();
                Opened::Stay
            }
            Entry::Builtin(b) => self.open_document(b.document(0), b.name.to_string()),
            Entry::File(name, path, _) => match read_file(&path) {
                Ok(parsed) => self.open_document(Document::from_parsed(parsed, Origin::File(path), 0), name),
                Err(e) => Opened::Failed(format!("{name}: {e}")),
            },
        }
    }

    /// A single puzzle loads; a collection opens its list of puzzles.
    fn open_document(&mut self, doc: Document, name: String) -> Opened {
        match &doc.collection {
            Some(place) => {
                self.picker = Some(Picker {
                    name,
                    origin: doc.origin.clone(),
                    format: doc.format,
                    puzzles: Rc::clone(&place.puzzles),
                    selected: 0,
                });
                Opened::Stay
            }
            None => Opened::Load(Box::new(doc)),
        }
    }

    /// Back from a collection's list to the files, or up to the parent directory.
    pub fn back(&mut self) {
        if self.picker.take().is_some() {
            return;
        }
        if let Some(parent) = self.dir.parent() {
            let from = self.dir.clone();
            self.dir = parent.to_path_buf();
            self.list();
            // Keep the directory we came from highlighted.
            if let Some(i) = self
                .entries
                .iter()
                .position(|e| matches!(e, Entry::Dir(_, p) if *p == from))
            {
                self.selected = i;
                self.refresh_preview();
            }
        }
    }
}

fn clamp_add(at: usize, delta: isize, len: usize) -> usize {
    at.saturating_add_signed(delta).min(len.saturating_sub(1))
}

/// The first puzzle of a file and a count of the puzzles in its first [`PREVIEW_BYTES`].
fn preview_file(path: &Path, size: u64) -> Preview {
    if size > MAX_FILE_SIZE {
        return Preview::Error(LoadError::TooBig(size).to_string());
    }
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) => return Preview::Error(LoadError::Io(e).to_string()),
    };
    let hint = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    let mut reader = Reader::new(BufReader::new(file.take(PREVIEW_BYTES))).with_hint(hint);
    let first = match reader.next() {
        Some(Ok(record)) => record,
        Some(Err(ReadError::Parse(e))) => return Preview::Error(e.to_string()),
        Some(Err(ReadError::Io(e))) => return Preview::Error(LoadError::Io(e).to_string()),
        None => return Preview::Error("empty".into()),
    };
    let format = reader.format().unwrap_or(Format::Line);
    let count = 1 + reader.by_ref().count();
    let about = first
        .puzzle
        .meta_value(MetaTag::Description)
        .or(first.puzzle.meta_value(MetaTag::Comment))
        .map(|s| printable(s).into_owned());
    Preview::Puzzle {
        board: first.puzzle.board,
        format,
        count,
        more: size > PREVIEW_BYTES,
        about,
    }
}
