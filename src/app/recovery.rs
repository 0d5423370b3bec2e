//! Crash recovery: while there is unsaved work, it is kept in a recovery file of this process's
//! own, rewritten as the work changes, so that whatever ends the process (a panic, a signal, the
//! kernel's out-of-memory killer, a power cut) the work is on disk. A clean quit removes it; the
//! next start offers every recovery file no running workbench holds, newest first.
//!
//! Each process names its file by its start time and process id, and holds an exclusive lock on
//! a lock file beside it for as long as it runs, so that two workbenches never write or offer
//! each other's work. A starting workbench takes the lock of each file it offers, so that a
//! third one started meanwhile does not offer the same file.
//!
//! A recovery file is a progress file (see [`Format::Progress`]) with `#!` fields saying where
//! the work came from: the origin, its format and its place in a collection. The puzzle's own
//! lines are written only when no file holds them (a pasted puzzle, a new one), so that a file of
//! 20 MB of comments makes a recovery file of a few hundred bytes.

use super::document::{Document, Origin};
use crate::sudoku::{Board, Format, Notes, Puzzle};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The fields a recovery file adds to the game's own.
pub const FIELDS: [&str; 4] = ["origin", "format", "index", "read"];

/// A pasted or new puzzle's own lines go into its recovery file up to this many bytes.
const MAX_NOTES: usize = 256 * 1024;

/// The directory of the recovery files: `sudoku-workbench` under `$XDG_STATE_HOME`, else
/// `~/.local/state`, else the temporary directory.
pub fn dir() -> PathBuf {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| Path::new(&home).join(".local/state"))
        })
        .unwrap_or_else(std::env::temp_dir);
    state.join("sudoku-workbench")
}

/// The recovery text of `doc`: a progress file with where it came from.
pub fn text_of(doc: &Document) -> String {
    let text = &doc.source.text;
    let keep_lines =
        matches!(doc.source.origin, Origin::Pasted | Origin::New | Origin::Generated) && text.notes_len() <= MAX_NOTES;
    // Built field by field: cloning the whole puzzle would copy a file's megabytes of notes on
    // every change, only to drop them.
    let mut puzzle = Puzzle {
        board: doc.board.clone(),
        notes: if keep_lines { text.notes.clone() } else { Notes::new() },
        comment: if keep_lines { text.comment.clone() } else { None },
        fields: text.fields.clone(),
        marks: doc.puzzle_marks(),
    };
    let (kind, name) = match &doc.source.origin {
        Origin::File(path) => ("file", escape_path(path)),
        Origin::Builtin(name) => ("builtin", (*name).to_string()),
        // A trace's puzzle comes back as a board of its own: the trace is no puzzle file.
        Origin::Pasted | Origin::Trace(_) => ("pasted", String::new()),
        Origin::New => ("new", String::new()),
        Origin::Generated => ("generated", String::new()),
    };
    // A file's own lines stay in the file; reopening reads them from there.
    puzzle.fields.retain(|(key, _)| !FIELDS.contains(&key.as_str()));
    doc.play.write_into(&mut puzzle.fields);
    puzzle
        .fields
        .push(("origin".into(), format!("{kind} {name}").trim_end().to_string()));
    puzzle.fields.push(("format".into(), doc.source.format.name().into()));
    if let Some(place) = &doc.source.collection {
        puzzle.fields.push(("index".into(), (place.index + 1).to_string()));
    }
    // The givens as the file holds them, to find the puzzle there again even if the user
    // changed its givens since.
    puzzle
        .fields
        .push(("read".into(), doc.source.saved.givens_only().to_string()));
    Format::Progress.to_string(&puzzle)
}

/// Where recovered work came from, as its recovery file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whence {
    /// The origin.
    pub origin: Origin,
    /// The format it was in.
    pub format: Format,
    /// Its place in a collection, 0-based.
    pub index: Option<usize>,
    /// The givens as the file held them when the work began.
    pub read: Option<Board>,
}

/// Where the work in a recovery file came from (`puzzle` as read from it).
pub fn whence(puzzle: &Puzzle) -> Whence {
    let origin = match puzzle.field("origin").map(|o| o.split_once(' ').unwrap_or((o, ""))) {
        Some(("file", path)) if !path.is_empty() => Origin::File(unescape_path(path)),
        Some(("builtin", name)) => super::builtin::BUILTINS
            .iter()
            .find(|b| b.name == name)
            .map_or(Origin::Pasted, |b| Origin::Builtin(b.name)),
        Some(("new", _)) => Origin::New,
        Some(("generated", _)) => Origin::Generated,
        _ => Origin::Pasted,
    };
    Whence {
        origin,
        format: puzzle
            .field("format")
            .and_then(Format::from_name)
            .unwrap_or(Format::Sdk),
        index: puzzle
            .field("index")
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| i.checked_sub(1)),
        read: puzzle.field("read").and_then(|r| r.parse().ok()),
    }
}

/// A path as text that reads back to the same bytes: printable ASCII as it is, every other
/// byte (and `\`, and a space at either end, which a line's reader trims) as `\xNN`.
pub fn escape_path(path: &Path) -> String {
    let bytes = path_bytes(path);
    let mut out = String::with_capacity(bytes.len());
    let last = bytes.len().saturating_sub(1);
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_graphic() && b != b'\\' || b == b' ' && i != 0 && i != last {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

/// The path [`escape_path`] wrote.
pub fn unescape_path(text: &str) -> PathBuf {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 2..i + 4).and_then(|h| std::str::from_utf8(h).ok());
        match (
            bytes[i],
            bytes.get(i + 1),
            hex.and_then(|h| u8::from_str_radix(h, 16).ok()),
        ) {
            (b'\\', Some(b'x'), Some(byte)) => {
                out.push(byte);
                i += 4;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    path_from_bytes(out)
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

#[cfg(unix)]
fn path_from_bytes(bytes: Vec<u8>) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: Vec<u8>) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(&bytes).into_owned())
}

/// This process's recovery file: written while there is unsaved work, removed when there is none.
pub struct Keeper {
    dir: PathBuf,
    stem: String,
    /// The lock held while the process runs, once a file was written.
    lock: Option<File>,
    /// The text on disk now, if any.
    written: Option<String>,
    /// Why the last write failed, once (to tell the user, not on every keystroke).
    pub failure: Option<String>,
}

impl Keeper {
    /// The keeper for this process, its files in `dir`.
    pub fn new(dir: PathBuf) -> Keeper {
        let started = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Keeper {
            dir,
            stem: format!("recovery-{started}-{}", std::process::id()),
            lock: None,
            written: None,
            failure: None,
        }
    }

    /// The directory of the recovery files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The recovery file of this process.
    pub fn path(&self) -> PathBuf {
        self.dir.join(format!("{}.swb", self.stem))
    }

    fn lock_path(&self) -> PathBuf {
        self.dir.join(format!("{}.lock", self.stem))
    }

    /// Whether a recovery file of this process is on disk.
    pub fn has_file(&self) -> bool {
        self.written.is_some()
    }

    /// Makes the recovery file hold `text` (`None`: nothing unsaved, no file). Writes only when
    /// the text changed; a failure is remembered in [`Keeper::failure`] and tried again on the
    /// next change.
    pub fn keep(&mut self, text: Option<String>) {
        if text == self.written {
            return;
        }
        match text {
            None => {
                let _ = std::fs::remove_file(self.path());
                self.written = None;
            }
            Some(text) => match self.write(&text) {
                Ok(()) => {
                    self.written = Some(text);
                    self.failure = None;
                }
                Err(e) => self.failure = Some(crate::text::io_error(&e)),
            },
        }
    }

    fn write(&mut self, text: &str) -> std::io::Result<()> {
        if self.lock.is_none() {
            std::fs::create_dir_all(&self.dir)?;
            let lock = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(self.lock_path())?;
            lock.try_lock().map_err(|e| match e {
                std::fs::TryLockError::Error(e) => e,
                std::fs::TryLockError::WouldBlock => std::io::Error::other("the recovery file is locked"),
            })?;
            self.lock = Some(lock);
        }
        super::files::write_privately(&self.path(), text.as_bytes()).map(|_| ())
    }

    /// Removes this process's files: the work was saved or given up by the user.
    pub fn remove(&mut self) {
        self.keep(None);
        if self.lock.take().is_some() {
            let _ = std::fs::remove_file(self.lock_path());
        }
    }
}

/// A recovery file left by a workbench that is no longer running, claimed while it is offered.
#[derive(Debug)]
pub struct LeftOver {
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
    /// Its text.
    pub text: String,
    /// Its lock, held by this process while the file is offered.
    _lock: Option<File>,
}

/// The recovery files in `dir` that no running workbench holds, newest first, each claimed.
pub fn left_over(dir: &Path) -> Vec<LeftOver> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<LeftOver> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "swb")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("recovery-"))
        })
        .filter_map(|path| {
            let lock = claim(&path.with_extension("lock"))?;
            let (bytes, _) = super::files::read_bytes(&path).ok()?;
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some(LeftOver {
                text: String::from_utf8_lossy(&bytes).into_owned(),
                path,
                modified,
                _lock: lock,
            })
        })
        .collect();
    found.sort_by_key(|left| std::cmp::Reverse(left.modified));
    found
}

/// Takes the lock at `path` if no one holds it: `Some(Some(file))` when taken, `Some(None)`
/// when there is no lock file (an orphan all the same), `None` when a running workbench holds it.
fn claim(path: &Path) -> Option<Option<File>> {
    match File::options().write(true).open(path) {
        Ok(file) => match file.try_lock() {
            Ok(()) => Some(Some(file)),
            Err(_) => None,
        },
        Err(_) => Some(None),
    }
}

/// Removes a left-over recovery file and its lock file.
pub fn discard(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(path.with_extension("lock"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_any_bytes_survive_the_text() {
        for name in [
            "/tmp/plain.sdk",
            "/tmp/with space/and\\back",
            "/tmp/esc\u{1b}[2J\n.txt",
            "/tmp/é.sdk",
            "/tmp/ends in a space ",
        ] {
            let path = PathBuf::from(name);
            let text = escape_path(&path);
            assert!(!text.chars().any(char::is_control), "{text:?}");
            assert_eq!(text.trim(), text, "nothing a line's reader trims");
            assert_eq!(unescape_path(&text), path);
        }
    }

    #[test]
    fn two_keepers_never_share_or_offer_each_others_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut one = Keeper::new(dir.path().to_path_buf());
        let mut two = Keeper::new(dir.path().to_path_buf());
        // Same second, same process in this test: make the names differ as two processes' would.
        two.stem.push_str("-b");
        one.keep(Some("one".into()));
        two.keep(Some("two".into()));
        assert_ne!(one.path(), two.path());
        assert_eq!(std::fs::read_to_string(one.path()).unwrap(), "one");
        assert_eq!(std::fs::read_to_string(two.path()).unwrap(), "two");
        // Both are running: nothing is left over.
        assert!(left_over(dir.path()).is_empty());
        // One ends without a clean quit (its lock goes with it): its file is offered.
        one.lock = None;
        let found = left_over(dir.path());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "one");
        // While offered, it is claimed: another start does not offer it again.
        assert!(left_over(dir.path()).is_empty());
        drop(found);
        assert_eq!(left_over(dir.path()).len(), 1);
        two.remove();
        assert!(!two.path().exists());
    }
}
