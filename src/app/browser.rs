//! The in-app file browser: a directory's folders and files (or the built-in puzzles, in a
//! section of their own), a preview of the highlighted entry made in the background, and a
//! collection's puzzles to pick from, its unreadable lines listed as such.
//!
//! The browser only decides; listing a directory and reading a preview are effects the runtime
//! carries out (see [`super::effect`]), whose answers come back as actions. Both run in the
//! background: a folder of 300,000 files takes a second or more to list, and the screen meanwhile
//! shows how far the listing got and answers the keys (Esc closes the browser, `../` goes up);
//! a listing the browser no longer waits for is given up.

use super::builtin::{BUILTINS, Builtin};
use super::document::Origin;
use super::effect::Fingerprint;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use sudoku_engine::{Board, Format, ParseError, Record};

/// How much of a file a preview reads: enough for a puzzle and a count of a small collection,
/// little enough to stay quick as the selection moves over big files.
pub const PREVIEW_BYTES: u64 = 256 * 1024;

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
        /// ([`PREVIEW_BYTES`]).
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

/// How far a directory's listing got, shared between the thread that lists it and the browser.
#[derive(Debug, Default)]
pub struct ListProgress {
    /// Entries seen so far.
    seen: AtomicU64,
    /// Whether the listing was given up: the thread stops at its next entry.
    cancelled: AtomicBool,
}

impl ListProgress {
    /// Entries seen so far.
    pub fn seen(&self) -> u64 {
        self.seen.load(Ordering::Relaxed)
    }

    /// One more entry seen.
    pub fn add(&self) {
        self.seen.fetch_add(1, Ordering::Relaxed);
    }

    /// Gives the listing up.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the listing was given up.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// A listing to make: the directory, and the progress the listing thread shares with the
/// browser (answered by [`super::Action::Listed`]).
#[derive(Clone, Debug)]
pub struct ListRequest {
    /// The directory (absolute).
    pub dir: PathBuf,
    /// How far it got, and whether it is given up.
    pub progress: Arc<ListProgress>,
}

impl ListRequest {
    /// A listing of `dir`.
    pub fn new(dir: PathBuf) -> ListRequest {
        ListRequest {
            dir,
            progress: Arc::default(),
        }
    }
}

/// Two requests are the same listing.
impl PartialEq for ListRequest {
    fn eq(&self, other: &ListRequest) -> bool {
        self.dir == other.dir && Arc::ptr_eq(&self.progress, &other.progress)
    }
}

impl Eq for ListRequest {}

/// The listing the browser waits for. Given up when dropped: whichever way the browser moves
/// on (another directory, the built-ins) or closes (Esc, a file opened), no thread goes on
/// listing a directory no one will see.
#[derive(Debug)]
pub struct Pending {
    progress: Arc<ListProgress>,
    /// The entries seen when last drawn.
    shown: u64,
}

impl Pending {
    /// Entries seen so far.
    pub fn seen(&self) -> u64 {
        self.progress.seen()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.progress.cancel();
    }
}

/// The browser's state.
#[derive(Debug)]
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
    /// The listing of the directory, while it is being made.
    pub pending: Option<Pending>,
}

/// What the browser asks for after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// Nothing outside the browser.
    Nothing,
    /// The listing of a directory.
    List(ListRequest),
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

impl Browser {
    /// A browser on `dir` (absolute), empty until its listing arrives ([`Browser::list`]
    /// asks for it).
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
            pending: None,
        }
    }

    /// Asks for the listing of the directory listed, giving up any listing under way. Until it
    /// comes, the list holds the parent and the built-in section, to go elsewhere meanwhile.
    pub fn list(&mut self) -> Want {
        let dir = self.dir().to_path_buf();
        self.entries = Browser::fixed_entries(&dir);
        self.selected = 0;
        self.preview = Preview::Nothing;
        self.error = None;
        let request = ListRequest::new(dir);
        // The listing under way, if any, is given up as its `Pending` is dropped.
        self.pending = Some(Pending {
            progress: Arc::clone(&request.progress),
            shown: 0,
        });
        Want::List(request)
    }

    /// The entries every directory's list starts with: its parent, and the built-in section.
    fn fixed_entries(dir: &Path) -> Vec<Entry> {
        let parent = dir.parent().map(|p| Entry::Parent(p.to_path_buf()));
        parent.into_iter().chain([Entry::Builtins]).collect()
    }

    /// Whether the listing's progress moved since last drawn (and takes note that it is drawn
    /// now).
    pub fn listing_moved(&mut self) -> bool {
        let Some(pending) = &mut self.pending else {
            return false;
        };
        let now = pending.seen();
        std::mem::replace(&mut pending.shown, now) != now
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
        self.pending = None;
        self.entries = Browser::fixed_entries(dir);
        self.error = None;
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
        // The directory's listing, if still under way, is no longer waited for.
        self.pending = None;
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
        self.listing = Listing::Dir(dir);
        self.picker = None;
        self.list()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn request(want: Want) -> ListRequest {
        match want {
            Want::List(request) => request,
            other => panic!("expected a listing, got {other:?}"),
        }
    }

    /// Final attack, finding 16: a listing under way is given up whichever way the browser
    /// leaves it, so that no thread goes on listing 300,000 files for nothing.
    #[test]
    fn a_listing_is_given_up_when_the_browser_moves_on_or_closes() {
        let mut browser = Browser::new(PathBuf::from("/a/b/c"));
        let first = request(browser.list());
        assert_eq!(first.dir, Path::new("/a/b/c"));
        let labels: Vec<String> = browser.entries.iter().map(Entry::label).collect();
        assert_eq!(labels, ["../", "★ built-in puzzles/"], "somewhere to go meanwhile");
        // Up to the parent: the listing of /a/b/c is given up, that of /a/b asked for.
        let second = request(browser.back());
        assert!(first.progress.is_cancelled());
        assert_eq!(second.dir, Path::new("/a/b"));
        assert!(!second.progress.is_cancelled());
        // Its answer arrives: nothing to give up any more.
        browser.listed(Path::new("/a/b"), Ok(Vec::new()));
        assert!(browser.pending.is_none());
        // To the built-ins while a listing is under way.
        let third = request(browser.back());
        browser.select(1);
        assert_eq!(browser.open(), Want::Nothing);
        assert!(matches!(browser.listing, Listing::Builtins(_)));
        assert!(third.progress.is_cancelled());
        // Closed (dropped) while a listing is under way.
        let fourth = request(browser.back());
        assert_eq!(fourth.dir, Path::new("/a"));
        drop(browser);
        assert!(fourth.progress.is_cancelled());
    }

    #[test]
    fn a_listing_shows_how_far_it_got_when_it_moved() {
        let mut browser = Browser::new(PathBuf::from("/a"));
        let request = request(browser.list());
        assert!(!browser.listing_moved());
        request.progress.add();
        request.progress.add();
        assert!(browser.listing_moved());
        assert!(!browser.listing_moved(), "drawn once");
        assert_eq!(browser.pending.as_ref().map(Pending::seen), Some(2));
    }
}
