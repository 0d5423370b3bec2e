//! The in-app file browser: a directory's folders and files (or the built-in puzzles, in a
//! section of their own), a preview of the highlighted entry made in the background, and a
//! collection's puzzles to pick from, its unreadable lines listed as such.
//!
//! The browser only decides; listing a directory and reading a preview are effects the runtime
//! carries out (see [`super::effects`]), whose answers come back as actions.

use super::builtin::{BUILTINS, Builtin};
use super::document::Origin;
use super::files::Fingerprint;
use crate::sudoku::{Board, Format, ParseError, Record};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One line of the browser's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The section of the built-in puzzles.
    Builtins,
    /// A puzzle built into the binary.
    Builtin(&'static Builtin),
    /// The parent directory (or, in the built-in section, the directory it was opened from).
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
            Entry::Builtins => "★ built-in puzzles/".into(),
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
    /// Being read in the background.
    Reading,
    /// The first puzzle of the entry.
    Puzzle {
        /// Its board.
        board: Board,
        /// The format found.
        format: Format,
        /// Puzzles in the file, or in the whole lines the preview read if `more`.
        count: usize,
        /// Whether the file goes on past what the preview reads
        /// ([`super::effects::PREVIEW_BYTES`]).
        more: bool,
        /// Lines that could not be read among those counted (a line cut by the preview's limit
        /// is not one of them).
        unreadable: usize,
        /// Metadata and comments, made printable.
        about: Vec<String>,
    },
    /// No puzzle in what the preview reads of a file that goes on: its puzzle may come later
    /// (a grid after a long header of comments), which only opening the file tells.
    PastLimit,
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
    /// The puzzles, the unreadable lines as their errors.
    pub puzzles: Arc<Vec<Result<Record, ParseError>>>,
    /// The highlighted puzzle.
    pub selected: usize,
    /// A puzzle number being typed, to jump to.
    pub jump: String,
}

/// What is listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// A directory (absolute).
    Dir(PathBuf),
    /// The built-in puzzles, opened from a directory.
    Builtins(PathBuf),
}

/// The browser's state.
#[derive(Clone, Debug)]
pub struct Browser {
    /// What is listed.
    pub listing: Listing,
    /// The entries: the parent, the built-in section, directories, files; or the built-ins.
    pub entries: Vec<Entry>,
    /// The highlighted entry.
    pub selected: usize,
    /// The preview of the highlighted entry.
    pub preview: Preview,
    /// A collection being picked from, over the list.
    pub picker: Option<Picker>,
    /// Why the directory could not be listed, if it could not.
    pub error: Option<String>,
    /// The directory come from when going up, to highlight it in the new listing.
    came_from: Option<PathBuf>,
    /// The collection file whose puzzles the picker shows, and its fingerprint when read.
    pub read: Option<(PathBuf, Fingerprint)>,
}

/// What the browser asks for after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// Nothing outside the browser.
    Nothing,
    /// The listing of a directory.
    List(PathBuf),
    /// A preview of a file.
    Preview(PathBuf),
    /// To open a file (its puzzles decide: a puzzle loads, a collection opens the picker).
    OpenFile(PathBuf),
    /// To load puzzle `index` of a built-in file.
    OpenBuiltin(&'static Builtin, usize),
    /// To load puzzle `index` of the collection picked from.
    OpenPicked(usize),
    /// To say something.
    Say(String),
}

/// `path` made absolute against `cwd`, with `.` and `..` resolved where the file system can.
pub fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    let joined = cwd.join(path);
    std::fs::canonicalize(&joined).unwrap_or(joined)
}

impl Browser {
    /// A browser on `dir` (absolute), empty until its listing arrives.
    pub fn new(dir: PathBuf) -> Browser {
        Browser {
            listing: Listing::Dir(dir),
            entries: Vec::new(),
            selected: 0,
            preview: Preview::Nothing,
            picker: None,
            error: None,
            came_from: None,
            read: None,
        }
    }

    /// The directory listed, or the one the built-in section was opened from.
    pub fn dir(&self) -> &Path {
        match &self.listing {
            Listing::Dir(dir) | Listing::Builtins(dir) => dir,
        }
    }

    /// Takes the listing of `dir`: its directories and files (sorted, hidden ones left out), or
    /// why it could not be listed. The selection goes to the first directory or file.
    pub fn listed(&mut self, dir: &Path, listed: Result<Vec<Entry>, String>) -> Want {
        if self.listing != Listing::Dir(dir.to_path_buf()) {
            return Want::Nothing;
        }
        self.entries.clear();
        self.error = None;
        if let Some(parent) = dir.parent() {
            self.entries.push(Entry::Parent(parent.to_path_buf()));
        }
        self.entries.push(Entry::Builtins);
        let fixed = self.entries.len();
        match listed {
            Ok(entries) => self.entries.extend(entries),
            Err(e) => self.error = Some(format!("cannot list this directory: {e}")),
        }
        // The directory come from, else the first directory or file, else the built-ins.
        let came_from = self.came_from.take();
        self.selected = self
            .entries
            .iter()
            .position(|e| matches!((e, &came_from), (Entry::Dir(_, p), Some(from)) if p == from))
            .unwrap_or(if self.entries.len() > fixed { fixed } else { fixed - 1 });
        self.picker = None;
        self.refresh_preview()
    }

    /// Shows the built-in section.
    fn open_builtins(&mut self) -> Want {
        let from = self.dir().to_path_buf();
        self.entries = vec![Entry::Parent(from.clone())];
        self.entries.extend(BUILTINS.iter().map(Entry::Builtin));
        self.listing = Listing::Builtins(from);
        self.selected = 1;
        self.error = None;
        self.refresh_preview()
    }

    /// The number of lines in the list shown (the picker's, or the entries).
    pub fn len(&self) -> usize {
        match &self.picker {
            Some(picker) => picker.puzzles.len(),
            None => self.entries.len(),
        }
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The highlighted line of the list shown.
    pub fn selection(&self) -> usize {
        match &self.picker {
            Some(picker) => picker.selected,
            None => self.selected,
        }
    }

    /// Highlights line `index` of the list shown (clamped to the list).
    pub fn select(&mut self, index: usize) -> Want {
        let last = self.len().saturating_sub(1);
        match &mut self.picker {
            Some(picker) => {
                picker.selected = index.min(last);
                picker.jump.clear();
                Want::Nothing
            }
            None => {
                if self.selected == index.min(last) {
                    return Want::Nothing;
                }
                self.selected = index.min(last);
                self.refresh_preview()
            }
        }
    }

    /// Moves the highlight by `delta` lines, staying in the list.
    pub fn move_by(&mut self, delta: isize) -> Want {
        self.select(self.selection().saturating_add_signed(delta))
    }

    /// A digit typed in a collection's list: the puzzle number typed so far is highlighted.
    pub fn type_digit(&mut self, digit: char) -> Want {
        let Some(picker) = &mut self.picker else {
            return Want::Nothing;
        };
        if picker.jump.len() < 12 {
            picker.jump.push(digit);
        }
        let number: usize = picker.jump.parse().unwrap_or(0);
        if number == 0 {
            picker.jump.clear();
            return Want::Say("Puzzles are numbered from 1".into());
        }
        picker.selected = (number - 1).min(picker.puzzles.len().saturating_sub(1));
        if number > picker.puzzles.len() {
            return Want::Say(format!(
                "There are {} puzzles: the last is highlighted",
                picker.puzzles.len()
            ));
        }
        Want::Nothing
    }

    /// Takes back the last digit of a puzzle number being typed; `false` if none was.
    pub fn untype_digit(&mut self) -> bool {
        let Some(picker) = self.picker.as_mut().filter(|p| !p.jump.is_empty()) else {
            return false;
        };
        picker.jump.pop();
        if let Ok(number) = picker.jump.parse::<usize>() {
            picker.selected = number.saturating_sub(1).min(picker.puzzles.len().saturating_sub(1));
        }
        true
    }

    /// The highlighted entry.
    pub fn current(&self) -> Option<&Entry> {
        self.entries.get(self.selected)
    }

    fn refresh_preview(&mut self) -> Want {
        match self.current() {
            None | Some(Entry::Parent(_) | Entry::Dir(..) | Entry::Builtins) => {
                self.preview = Preview::Nothing;
                Want::Nothing
            }
            Some(Entry::Builtin(b)) => {
                self.preview = preview_of_builtin(b);
                Want::Nothing
            }
            Some(Entry::File(_, path, _)) => {
                let path = path.clone();
                self.preview = Preview::Reading;
                Want::Preview(path)
            }
        }
    }

    /// Takes a preview made in the background, if it is still of the highlighted entry.
    pub fn previewed(&mut self, path: &Path, preview: Preview) {
        if matches!(self.current(), Some(Entry::File(_, p, _)) if p == path) {
            self.preview = preview;
        }
    }

    /// Opens the highlighted entry or picked puzzle.
    pub fn open(&mut self) -> Want {
        if let Some(picker) = &self.picker {
            return match picker.puzzles.get(picker.selected) {
                Some(Ok(_)) => Want::OpenPicked(picker.selected),
                Some(Err(e)) => Want::Say(format!("Puzzle #{} cannot be read: {e}", picker.selected + 1)),
                None => Want::Nothing,
            };
        }
        let Some(entry) = self.current().cloned() else {
            return Want::Nothing;
        };
        match entry {
            Entry::Parent(path) | Entry::Dir(_, path) => self.go_to(path),
            Entry::Builtins => self.open_builtins(),
            Entry::Builtin(b) if b.parsed().puzzles.len() > 1 => {
                self.show_picker(
                    b.name.to_string(),
                    Origin::Builtin(b.name),
                    b.parsed().format,
                    Arc::new(b.parsed().puzzles),
                );
                Want::Nothing
            }
            Entry::Builtin(b) => Want::OpenBuiltin(b, 0),
            Entry::File(_, path, _) => Want::OpenFile(path),
        }
    }

    /// Lists `dir`.
    fn go_to(&mut self, dir: PathBuf) -> Want {
        self.listing = Listing::Dir(dir.clone());
        self.entries.clear();
        self.picker = None;
        self.preview = Preview::Nothing;
        Want::List(dir)
    }

    /// Shows a collection's puzzles to pick from.
    pub fn show_picker(
        &mut self,
        name: String,
        origin: Origin,
        format: Format,
        puzzles: Arc<Vec<Result<Record, ParseError>>>,
    ) {
        self.picker = Some(Picker {
            name,
            origin,
            format,
            puzzles,
            selected: 0,
            jump: String::new(),
        });
    }

    /// Back from a collection's list to the files, from the built-in section to its directory,
    /// or up to the parent directory (keeping the directory come from highlighted).
    pub fn back(&mut self) -> Want {
        if self.picker.take().is_some() {
            return Want::Nothing;
        }
        let (to, from) = match &self.listing {
            Listing::Builtins(dir) => (dir.clone(), None),
            Listing::Dir(dir) => match dir.parent() {
                Some(parent) => (parent.to_path_buf(), Some(dir.clone())),
                None => return Want::Nothing,
            },
        };
        self.came_from = from;
        self.go_to(to)
    }
}

/// The preview of a built-in file.
pub fn preview_of_builtin(b: &Builtin) -> Preview {
    let parsed = b.parsed();
    match parsed.first() {
        Some(first) => Preview::Puzzle {
            board: first.puzzle.board.clone(),
            format: parsed.format,
            count: parsed.puzzles.len(),
            more: false,
            unreadable: 0,
            about: vec![b.about.to_string()],
        },
        None => Preview::Error("no puzzle".into()),
    }
}
