//! Crash recovery: while there is unsaved work, it is kept in a recovery file of this process's
//! own, rewritten as the work changes, so that whatever ends the process (a panic, a signal, the
//! kernel's out-of-memory killer, a power cut) the work is on disk. A clean quit removes it; the
//! next start offers the newest of the recovery files no running workbench holds, and counts
//! the rest.
//!
//! Each process names its file by its start time and process id ([`Owner`]), and holds an
//! exclusive lock on a lock file beside it for as long as it keeps the file, so that two workbenches never
//! write or offer each other's work. Either tells that the owner runs: a lock file deleted while
//! its owner runs once had a second workbench offer, and discard, the first one's work. An
//! offered file is only looked at: a start holds no descriptor for it (1,500 left-over files
//! once used up the descriptors a save needed). It is taken when the user reopens or discards
//! it: its lock for that moment, the file read again from disk, so that of two workbenches
//! offering the same file only one gets it.
//!
//! Anyone can put anything in the state directory: every file there is looked at before it is
//! opened, and opened without blocking (a named pipe in a lock file's place once hung the
//! start). A file that is not what the workbench wrote is left alone, and the start says so.
//!
//! A file is written beside its place under a temporary name of its owner's
//! (`.recovery-<start>-<pid>.tmp`), then renamed over it. A process that ends during a write
//! waits for it ([`finish_writes`]); one killed during a write leaves the temporary file, which
//! the next start removes once the lock shows its owner is gone. The lock file goes with the
//! last of the files; a start removes one left alone by a workbench that is gone.
//!
//! A recovery file is a progress file (see [`Format::Progress`]) with `#!` fields saying where
//! the work came from: the origin, its format and its place in a collection. The puzzle's own
//! lines are written only when no file holds them (a pasted puzzle, a new one), so that a file of
//! 20 MB of comments makes a recovery file of a few hundred bytes. A pasted puzzle's lines over
//! [`MAX_NOTES`] go to a file of their own beside it (`.lines`), written when they change rather
//! than with every digit.

use super::files::MAX_FILE_SIZE;
use super::owner::Owner;
use crate::app::document::{Document, Origin};
use crate::text::{io_error, printable, printable_os, size, special_file};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant, SystemTime};
use sudoku_engine::{Board, Format, Notes, Puzzle, parse_document};

/// The fields a recovery file adds to the game's own.
pub const FIELDS: [&str; 6] = ["origin", "format", "index", "read", "read-file", "lines"];

/// A pasted or new puzzle's own lines go into its recovery file up to this many bytes; more go
/// into a file of their own beside it.
pub const MAX_NOTES: usize = 256 * 1024;

/// The largest left-over recovery file offered: the workbench's own hold at most [`MAX_NOTES`]
/// of lines and comment (the rest go beside), a board and a few fields; the rest is room.
const MAX_OFFERED: u64 = 16 * 1024 * 1024;

/// How many left-over files a start offers (the newest); the others are counted.
pub const OFFERED: usize = 8;

/// The value of the `lines` field, before the size of the file: the puzzle's lines are in the
/// `.lines` file beside.
const LINES_BESIDE: &str = "beside";

/// Held while a recovery file is written, so that a process ending meanwhile can wait for the
/// write to finish rather than cut it ([`finish_writes`]).
static WRITING: Mutex<()> = Mutex::new(());

/// Waits up to `patience` for a recovery file being written to be on disk whole, and keeps any
/// other write from starting while the guard is held: for a process about to end. `None` if
/// the write is still going after that long (a hung disk): the process ends all the same, and
/// the next start removes what the write left.
pub fn finish_writes(patience: Duration) -> Option<MutexGuard<'static, ()>> {
    let deadline = Instant::now() + patience;
    loop {
        match WRITING.try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(poisoned)) => return Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(TryLockError::WouldBlock) => return None,
        }
    }
}

/// The directory of the recovery files: `sudoku-workbench` under `$XDG_STATE_HOME`, else
/// `~/.local/state`, else the temporary directory.
pub fn dir() -> PathBuf {
    let state = super::xdg::base("XDG_STATE_HOME", ".local/state").unwrap_or_else(std::env::temp_dir);
    state.join("sudoku-workbench")
}

/// The recovery text of `doc`: a progress file with where it came from; `lines_size`, the
/// size of the `.lines` file holding its lines, when one does.
fn text_of(doc: &Document, lines_size: Option<usize>) -> String {
    let text = &doc.source.text;
    let keep_lines = lines_in_memory(doc) && text.notes_len() <= MAX_NOTES;
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
    doc.colours.of_empty_cells(&doc.board).write_into(&mut puzzle.fields);
    puzzle
        .fields
        .push(("origin".into(), format!("{kind} {name}").trim_end().to_string()));
    puzzle.fields.push(("format".into(), doc.source.format.name().into()));
    if let Some(size) = lines_size {
        // The size tells the file written for this work from one written for other work in
        // the moment between the two writes.
        puzzle.fields.push(("lines".into(), format!("{LINES_BESIDE} {size}")));
    }
    if let Some(place) = &doc.source.collection {
        puzzle.fields.push(("index".into(), (place.index + 1).to_string()));
    }
    // The givens as the file holds them, to find the puzzle there again even if the user
    // changed its givens since.
    puzzle
        .fields
        .push(("read".into(), doc.source.saved.givens_only().to_string()));
    // What the file was when this session read or last saved it: a session that reopens the
    // work after a crash sees whether it changed since (another save of it, by a later session
    // or another workbench) and asks before writing over it.
    if let (Origin::File(_), Some(disk)) = (&doc.source.origin, &doc.source.disk) {
        puzzle.fields.push(("read-file".into(), disk.identity()));
    }
    Format::Progress.to_string(&puzzle)
}

/// Whether the puzzle's own lines are in no file but the workbench's memory (a pasted puzzle, a
/// new one): the recovery file must keep them.
fn lines_in_memory(doc: &Document) -> bool {
    matches!(doc.source.origin, Origin::Pasted | Origin::New | Origin::Generated)
}

/// Whether the puzzle's lines go to a `.lines` file of their own: too many to write with every
/// change.
fn lines_beside(doc: &Document) -> bool {
    lines_in_memory(doc) && doc.source.text.notes_len() > MAX_NOTES
}

/// The text of a `.lines` file: the puzzle's lines around an empty grid, as a progress file
/// writes them, and its comment in a field of its own (written as a comment, it would read
/// back as a line).
fn lines_text(text: &Puzzle) -> String {
    Format::Progress.to_string(&Puzzle {
        board: Board::empty(),
        notes: text.notes.clone(),
        comment: None,
        fields: text
            .comment
            .iter()
            .map(|c| ("comment".to_string(), c.clone()))
            .collect(),
        marks: None,
    })
}

/// A puzzle's lines (notes) and its comment.
pub type NotesAndComment = (Notes, Option<String>);

/// The puzzle's lines and comment that a recovery file at `path` kept beside it, if it says it
/// did (`Ok(None)` if it did not); why they cannot be read, if they cannot.
pub fn lines_beside_file(path: &Path, puzzle: &Puzzle) -> Result<Option<NotesAndComment>, String> {
    let Some(size) = puzzle
        .field("lines")
        .and_then(|v| v.strip_prefix(LINES_BESIDE))
        .map(|size| size.trim().parse::<usize>().ok())
    else {
        return Ok(None);
    };
    let lines = path.with_extension("lines");
    let (bytes, _) = super::files::read_bytes(&lines).map_err(|e| e.to_string())?;
    if size != Some(bytes.len()) {
        return Err("the file there is not the one written with this work".into());
    }
    let parsed = parse_document(&bytes, Some(Format::Progress)).map_err(|e| e.to_string())?;
    let record = parsed.first().ok_or("no lines in it")?;
    let comment = record.puzzle.field("comment").map(str::to_string);
    Ok(Some((record.puzzle.notes.clone(), comment)))
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
    /// What the file was when the work's session read or last saved it
    /// ([`Fingerprint::identity`](crate::app::effect::Fingerprint::identity)), if it said.
    pub read_file: Option<String>,
    /// Why the origin the file names is not one this version knows (it is then taken as
    /// pasted), if it is not.
    pub unknown: Option<String>,
}

/// Where the work in a recovery file came from (`puzzle` as read from it).
pub fn whence(puzzle: &Puzzle) -> Whence {
    let field = puzzle.field("origin");
    let (origin, unknown) = match field.map(|o| o.split_once(' ').unwrap_or((o, ""))) {
        Some(("file", path)) if !path.is_empty() => (Origin::File(unescape_path(path)), None),
        Some(("builtin", name)) => match crate::app::builtin::BUILTINS.iter().find(|b| b.name == name) {
            Some(builtin) => (Origin::Builtin(builtin.name), None),
            None => (
                Origin::Pasted,
                Some(format!("this version has no built-in {}", printable(name))),
            ),
        },
        Some(("new", _)) => (Origin::New, None),
        Some(("generated", _)) => (Origin::Generated, None),
        Some(("pasted", _)) | None => (Origin::Pasted, None),
        Some(_) => (
            Origin::Pasted,
            field.map(|f| format!("its origin \"{}\" is not one this version knows", printable(f))),
        ),
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
        read_file: puzzle.field("read-file").map(str::to_string),
        unknown,
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

/// How many times a keeper tries for its own lock: a starting workbench takes each lock for a
/// moment to see whether its owner runs.
const LOCK_TRIES: u32 = 20;

/// A legacy temporary file (`.sudoku-workbench-*.tmp`, written by releases that named their
/// recovery writes so) older than this is left by a process that is gone: a write takes
/// milliseconds, and those names say nothing of their owner.
const LEGACY_TEMP_AGE: Duration = Duration::from_secs(3600);

/// How many keepers this process made: one, but for tests, which run several workbenches in one
/// process and need their files apart.
static KEEPERS: AtomicU32 = AtomicU32::new(0);

/// This process's recovery file: written while there is unsaved work, removed when there is none.
pub struct Keeper {
    dir: PathBuf,
    stem: String,
    /// The lock held while this process keeps a file.
    lock: Option<File>,
    /// The text on disk now, if any.
    written: Option<String>,
    /// The puzzle whose lines the `.lines` file holds now, if any, and the file's size.
    lines_written: Option<(Arc<Puzzle>, usize)>,
    /// Why the last write failed, once (to tell the user, not on every keystroke).
    pub failure: Option<String>,
    /// A pause in the middle of every write, for tests of a signal during one
    /// (`SUDOKU_WORKBENCH_TEST_SLOW_KEEP`, milliseconds).
    pause: Option<Duration>,
}

impl Keeper {
    /// The keeper for this process, its files in `dir`.
    pub fn new(dir: PathBuf) -> Keeper {
        let stem = match KEEPERS.fetch_add(1, Ordering::Relaxed) {
            0 => Owner::this_process().stem(),
            n => format!("{}-{}", Owner::this_process().stem(), n + 1),
        };
        let pause = std::env::var("SUDOKU_WORKBENCH_TEST_SLOW_KEEP")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map(Duration::from_millis);
        Keeper {
            dir,
            stem,
            lock: None,
            written: None,
            lines_written: None,
            failure: None,
            pause,
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

    /// Makes the recovery file hold `work` (`None`: nothing unsaved, no file). Writes only what
    /// changed; a failure is remembered in [`Keeper::failure`] and tried again on the next call.
    pub fn keep(&mut self, work: Option<&Document>) {
        let Some(doc) = work else {
            self.keep_text(None);
            return;
        };
        // The lines first: a recovery file saying they are beside must find them there.
        let beside = lines_beside(doc);
        let lines = beside.then(|| Arc::clone(&doc.source.text));
        let lines_done = match (&lines, &self.lines_written) {
            (Some(now), Some((written, _))) => Arc::ptr_eq(now, written),
            (None, _) => true,
            (Some(_), None) => false,
        };
        if !lines_done && let Some(lines) = lines {
            let path = self.path().with_extension("lines");
            let text = lines_text(&lines);
            match self.write(&path, &text) {
                Ok(()) => self.lines_written = Some((lines, text.len())),
                Err(e) => {
                    self.failure = Some(io_error(&e));
                    return;
                }
            }
        }
        let size = self.lines_written.as_ref().filter(|_| beside).map(|(_, size)| *size);
        self.keep_text(Some(text_of(doc, size)));
        if !beside && self.written.is_some() && self.lines_written.take().is_some() {
            // The recovery file no longer points at them.
            let _ = std::fs::remove_file(self.path().with_extension("lines"));
        }
    }

    /// Makes the recovery file hold `text` (`None`: no file).
    fn keep_text(&mut self, text: Option<String>) {
        if text == self.written && (text.is_some() || self.lock.is_none()) {
            if text.is_some() {
                self.failure = None;
            }
            return;
        }
        match text {
            None => {
                let _ = std::fs::remove_file(self.path());
                self.written = None;
                if self.lines_written.take().is_some() {
                    let _ = std::fs::remove_file(self.path().with_extension("lines"));
                }
                // No file, no lock: a lock kept to the end of a process that ends by a signal
                // (a save during it leaving nothing unsaved) stayed in the state directory for
                // good. Removed while still held, as in `Taken::discard`; the next write takes
                // it again.
                if self.lock.is_some() {
                    let _ = std::fs::remove_file(self.lock_path());
                    self.lock = None;
                }
            }
            Some(text) => match self.write(&self.path(), &text) {
                Ok(()) => {
                    self.written = Some(text);
                    self.failure = None;
                }
                Err(e) => self.failure = Some(io_error(&e)),
            },
        }
    }

    /// Takes this process's lock, once: held until its files are removed or the process ends.
    fn take_lock(&mut self) -> io::Result<()> {
        if self.lock.is_some() {
            return Ok(());
        }
        std::fs::create_dir_all(&self.dir)?;
        for _ in 0..LOCK_TRIES {
            let lock = open_lock_file(&self.lock_path(), true)?;
            match lock.try_lock() {
                Ok(()) => {
                    self.lock = Some(lock);
                    return Ok(());
                }
                Err(std::fs::TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(5)),
                Err(std::fs::TryLockError::Error(e)) => return Err(e),
            }
        }
        Err(io::Error::other("the recovery file is locked"))
    }

    /// Writes `text` to `path` (this process's): under a temporary name of its own, synced,
    /// then renamed over it, so that the file on disk is always a whole one. Held under
    /// [`WRITING`], so that a process ending meanwhile waits for the rename.
    fn write(&mut self, path: &Path, text: &str) -> io::Result<()> {
        if text.len() as u64 > MAX_FILE_SIZE {
            // A file the next start could not read keeps nothing.
            return Err(io::Error::other(format!(
                "it would be {}, more than the {} the workbench reads back",
                size(text.len() as u64),
                size(MAX_FILE_SIZE)
            )));
        }
        let _writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        self.take_lock()?;
        let temp = self.dir.join(format!(".{}.tmp", self.stem));
        let written = write_new(&temp, text.as_bytes(), self.pause).and_then(|()| std::fs::rename(&temp, path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        written
    }

    /// Makes the left-over recovery file at `taken` (taken to reopen its work, `doc`) this
    /// process's own: renamed to this process's name, its lines beside it too. The work is then
    /// held from the start without a byte written, and no other workbench can take it: written
    /// anew first, a full disk or a kill before the write lost it, and a file no lock could be
    /// made for was taken by two (attacks H and I). Fails, changing nothing, when this process
    /// keeps a file already or a rename fails.
    pub fn adopt(&mut self, taken: &Path, doc: &Document) -> io::Result<()> {
        if self.written.is_some() || self.lines_written.is_some() {
            return Err(io::Error::other("this session keeps a file of its own already"));
        }
        let _writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        // Best done, not needed: the name says whose the file is (`alive_by_name`).
        let _ = self.take_lock();
        let own = self.path();
        let (lines_from, lines_to) = (taken.with_extension("lines"), own.with_extension("lines"));
        // The lines get this process's name as a second name first, and lose the old one only
        // once the file is renamed: a kill between the two, or another workbench renaming the
        // file first, leaves each file its lines (attack J: renamed one after the other, the
        // pair could be split, and the lines of a pasted puzzle lost).
        let lines = if lines_beside(doc) {
            match std::fs::symlink_metadata(&lines_from) {
                // Where no link can be made (no inode left), not adopted: renamed one after the
                // other, a kill between the two lost the lines (attack L). The file is then held
                // until this process's own write holds the work.
                Ok(meta) if meta.is_file() => {
                    std::fs::hard_link(&lines_from, &lines_to)?;
                    Some((Arc::clone(&doc.source.text), meta.len() as usize, true))
                }
                _ => None,
            }
        } else {
            None
        };
        if let Err(e) = std::fs::rename(taken, &own) {
            if lines.as_ref().is_some_and(|(_, _, linked)| *linked) {
                let _ = std::fs::remove_file(&lines_to);
            }
            return Err(e);
        }
        let lines = match lines {
            Some((text, size, true)) => {
                let _ = std::fs::remove_file(&lines_from);
                Some((text, size))
            }
            Some((text, size, false)) => std::fs::rename(&lines_from, &lines_to).ok().map(|()| (text, size)),
            None => None,
        };
        let size = lines.as_ref().map(|(_, size)| *size);
        self.lines_written = lines;
        // What `keep` would write for the work as reopened: the same work, so the next write
        // comes with the next change.
        self.written = Some(text_of(doc, size));
        self.failure = None;
        Ok(())
    }

    /// Removes this process's files: the work was saved or given up by the user.
    pub fn remove(&mut self) {
        self.keep_text(None);
    }
}

/// Writes `bytes` to a file at `path` only its owner may read, replacing any, and syncs it;
/// `pause` in the middle (for tests).
fn write_new(path: &Path, bytes: &[u8], pause: Option<Duration>) -> io::Result<()> {
    let mut options = File::options();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Never through a link someone put in its place, nor waiting on a named pipe.
        options.mode(0o600).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let mut file = options.open(path)?;
    regular(&file)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A temporary file left by a killed write of ours keeps its mode: make sure of it.
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)?;
    if let Some(pause) = pause {
        std::thread::sleep(pause);
    }
    file.sync_all()
}

/// A recovery file left by a workbench that is no longer running, as found at start.
#[derive(Debug)]
pub struct LeftOver {
    /// The file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
    /// Its text, when found (taking it reads it again).
    pub text: String,
}

/// What a start finds: the newest left-over recovery files, how many older ones there are, and
/// the files it left alone.
#[derive(Debug, Default)]
pub struct LeftOvers {
    /// The newest [`OFFERED`], newest first.
    pub newest: Vec<LeftOver>,
    /// How many more there are.
    pub older: usize,
    /// Recovery files not offered because they, or their lock files, are not what a workbench
    /// writes (a named pipe, a file too big to read): the name and why, for the user.
    pub skipped: Vec<String>,
}

/// The recovery files in `dir` that no running workbench holds: the newest [`OFFERED`] read,
/// newest first, and a count of the others. Nothing stays open, and nothing is opened before it
/// is known to be a regular file. What killed workbenches left half written is removed on the
/// way.
pub fn left_over(dir: &Path) -> LeftOvers {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return LeftOvers::default();
    };
    let mut candidates: Vec<(PathBuf, SystemTime)> = Vec::new();
    let mut locks: Vec<(PathBuf, String)> = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let path = entry.path();
        if let Some(stem) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp"))
            && stem.starts_with("recovery-")
        {
            // A write its owner was killed in the middle of.
            if owner(dir, stem) == Whose::Ended {
                let _ = std::fs::remove_file(&path);
            }
        } else if name.starts_with(".sudoku-workbench-") && name.ends_with(".tmp") {
            remove_legacy_temp(&path);
        } else if let Some(stem) = name.strip_suffix(".lines")
            && stem.starts_with("recovery-")
            && !path.with_extension("swb").exists()
            && owner(dir, stem) == Whose::Ended
        {
            // Lines written by a workbench killed before its first recovery file.
            let _ = std::fs::remove_file(&path);
        } else if let Some(stem) = name.strip_suffix(".lock")
            && stem.starts_with("recovery-")
        {
            locks.push((path, stem.to_owned()));
        } else if name.starts_with("recovery-")
            && path.extension().is_some_and(|e| e == "swb")
            && let Ok(modified) = std::fs::metadata(&path).and_then(|m| m.modified())
        {
            candidates.push((path, modified));
        }
    }
    // Lock files alone, once the files above are gone: left by workbenches killed between a
    // lock and a write, or by releases that kept the lock to the end with no file.
    for (lock, stem) in locks {
        let beside = [
            lock.with_extension("swb"),
            lock.with_extension("lines"),
            dir.join(format!(".{stem}.tmp")),
        ];
        if !beside.iter().any(|p| p.symlink_metadata().is_ok()) && owner(dir, &stem) == Whose::Ended {
            let _ = std::fs::remove_file(&lock);
        }
    }
    candidates.sort_by_key(|(_, modified)| std::cmp::Reverse(*modified));
    let mut found = LeftOvers::default();
    for (path, modified) in candidates {
        let name = printable_os(path.as_os_str());
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        match owner(dir, stem) {
            Whose::Running => continue,
            Whose::Unknown(why) => {
                found.skipped.push(format!("{name} ({why})"));
                continue;
            }
            Whose::Ended => {}
        }
        if held_elsewhere(&path) {
            // Reopened by a running workbench that could neither lock nor rename it.
            continue;
        }
        let length = std::fs::metadata(&path).map_or(0, |m| m.len());
        if found.newest.len() < OFFERED && length > MAX_OFFERED {
            // Not one this program wrote (its lines go beside it past `MAX_NOTES`): read whole,
            // eight such files took seconds and hundreds of megabytes before the first screen,
            // and under a memory limit ended the start (attack H). Left as it is.
            found.skipped.push(format!(
                "{name} ({}, more than a recovery file the workbench writes)",
                size(length)
            ));
        } else if found.newest.len() < OFFERED {
            match super::files::read_bytes(&path) {
                Ok((bytes, _)) => found.newest.push(LeftOver {
                    // Valid text is taken as it is, not copied.
                    text: String::from_utf8(bytes)
                        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
                    path,
                    modified,
                }),
                Err(e) => found.skipped.push(format!("{name} ({e})")),
            }
        } else {
            found.older += 1;
        }
    }
    found
}

/// Removes a legacy temporary file once it is [`LEGACY_TEMP_AGE`] old.
fn remove_legacy_temp(path: &Path) {
    let age = std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|modified| SystemTime::now().duration_since(modified).ok());
    if age.is_some_and(|age| age >= LEGACY_TEMP_AGE) {
        let _ = std::fs::remove_file(path);
    }
}

/// Whether the workbench whose files in `dir` are named `stem` still runs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Whose {
    /// It runs: it holds its lock, or its process is alive (its lock file deleted meanwhile).
    Running,
    /// It is gone: its files are left over.
    Ended,
    /// Its lock file is not one a workbench made, or cannot be opened: why. What cannot be
    /// checked is neither offered nor removed.
    Unknown(String),
}

/// Whether the workbench whose files in `dir` are named `stem` still runs: by its lock, and,
/// lock or no lock, by the process its name records ([`Owner`]).
fn owner(dir: &Path, stem: &str) -> Whose {
    match look_at_lock(&dir.join(format!("{stem}.lock"))) {
        Lock::Held => Whose::Running,
        Lock::Bad(why) => Whose::Unknown(why),
        Lock::Absent | Lock::Free(_) if alive_by_name(stem) => Whose::Running,
        Lock::Absent | Lock::Free(_) => Whose::Ended,
    }
}

/// Whether the process the name `stem` records runs. This process's own keepers are known by
/// their locks alone: each holds its lock while it keeps a file (tests run several workbenches
/// in one process, and end one by letting go of its lock).
fn alive_by_name(stem: &str) -> bool {
    Owner::of_name(stem).is_some_and(|owner| !owner.is_this_process() && owner.runs())
}

/// What a lock file says of the workbench it belongs to.
#[derive(Debug)]
enum Lock {
    /// There is none.
    Absent,
    /// A running workbench holds it.
    Held,
    /// No one holds it: this process does now (until the file is dropped).
    Free(File),
    /// It is not a lock file a workbench made (a named pipe, a directory), or cannot be
    /// opened: why.
    Bad(String),
}

/// Looks at the lock file at `path`, and takes its lock if it is free. Never blocks: it is
/// checked to be a regular file first, and opened without waiting.
fn look_at_lock(path: &Path) -> Lock {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Lock::Absent,
        Err(e) => return Lock::Bad(format!("its lock file cannot be read: {}", io_error(&e))),
        Ok(meta) => {
            if let Some(kind) = special_file(&meta) {
                return Lock::Bad(format!("its lock file is {kind}"));
            }
        }
    }
    match open_lock_file(path, false) {
        Ok(file) => match lock_patiently(&file) {
            Ok(true) => Lock::Free(file),
            Ok(false) => Lock::Held,
            Err(e) => Lock::Bad(format!("its lock file cannot be locked: {}", io_error(&e))),
        },
        Err(e) if e.kind() == io::ErrorKind::NotFound => Lock::Absent,
        Err(e) => Lock::Bad(format!("its lock file cannot be opened: {}", io_error(&e))),
    }
}

/// Opens the lock file at `path` to lock it (made if `create`): never through a symbolic link,
/// never waiting (a named pipe put in its place would wait for a reader for ever), and only if
/// it is a regular file.
fn open_lock_file(path: &Path, create: bool) -> io::Result<File> {
    // Looked at first, to say what it is: opened, a pipe says only "no such device".
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && let Some(kind) = special_file(&meta)
    {
        return Err(io::Error::other(format!(
            "{} is {kind}",
            printable_os(path.as_os_str())
        )));
    }
    let mut options = File::options();
    options.write(true).create(create).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        // An existing lock on a file system that takes no writes (a disk remounted read-only
        // after an error): a lock needs no write, and refused, the crashed session's work was
        // never offered again (attack M).
        Err(e)
            if !create
                && matches!(
                    e.kind(),
                    io::ErrorKind::ReadOnlyFilesystem | io::ErrorKind::PermissionDenied
                ) =>
        {
            options.write(false).read(true);
            options.open(path)?
        }
        other => other?,
    };
    regular(&file)?;
    Ok(file)
}

/// An error unless `file` is a regular file (a check after opening: the file looked at before
/// may have been swapped meanwhile).
fn regular(file: &File) -> io::Result<()> {
    match special_file(&file.metadata()?) {
        Some(kind) => Err(io::Error::other(format!("it is {kind}, not a regular file"))),
        None => Ok(()),
    }
}

/// Takes the lock of `file` if it is free: `Ok(false)` if it stays held for a few
/// milliseconds. A lock held only for a moment is no running workbench's: another one starting
/// that looks at it, or a process being started that has a copy of the descriptor until it
/// runs its program.
fn lock_patiently(file: &File) -> io::Result<bool> {
    for attempt in 0..4 {
        if attempt > 0 {
            std::thread::sleep(Duration::from_millis(5));
        }
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
    }
    Ok(false)
}

/// A left-over recovery file taken by this process: its lock held, its text read from disk.
#[derive(Debug)]
pub struct Taken {
    /// The file.
    pub path: PathBuf,
    /// Its text as on disk when taken.
    pub text: String,
    _lock: Option<File>,
    /// The file itself, locked while this process holds it: a file no lock file could be made
    /// for is then neither offered to nor taken by another workbench (attack K).
    _held: Option<File>,
}

/// Locks the recovery file at `path` itself, without waiting: `Ok(None)` when another process
/// holds it, `Err` when it cannot be opened or locked (it is then not held).
fn hold(path: &Path) -> io::Result<Option<File>> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    regular(&file)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Whether another process holds the recovery file at `path` (see [`hold`]).
fn held_elsewhere(path: &Path) -> bool {
    matches!(hold(path), Ok(None))
}

/// Takes the left-over recovery file at `path` to reopen or discard it: its lock, then its text
/// read again. Fails when another workbench took it first (holds its lock, or removed it), when
/// the workbench that wrote it runs, or when it is not a file a workbench wrote.
pub fn take(path: &Path) -> Result<Taken, String> {
    const TAKEN: &str = "another workbench took it first";
    let lock = match look_at_lock(&path.with_extension("lock")) {
        Lock::Free(file) => Some(file),
        // A file with no lock file (an older release's, one put there by hand) is held by a lock
        // on itself, below, and the rename that makes it a process's own (`Keeper::adopt`).
        Lock::Absent => None,
        Lock::Held => return Err(TAKEN.into()),
        Lock::Bad(why) => return Err(why),
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if alive_by_name(stem) {
        return Err("the workbench that wrote it is running".into());
    }
    let held = match hold(path) {
        Ok(Some(file)) => Some(file),
        Ok(None) => return Err(TAKEN.into()),
        Err(_) => None,
    };
    match super::files::read_bytes(path) {
        Ok((bytes, _)) => Ok(Taken {
            path: path.to_path_buf(),
            text: String::from_utf8_lossy(&bytes).into_owned(),
            _lock: lock,
            _held: held,
        }),
        Err(super::files::LoadError::Io(e)) if e.kind() == io::ErrorKind::NotFound => Err(TAKEN.into()),
        Err(e) => Err(e.to_string()),
    }
}

impl Taken {
    /// Whether this process holds the file's lock, or the file itself locked: else only a
    /// rename could make it this process's alone.
    pub fn locked(&self) -> bool {
        self._lock.is_some() || self._held.is_some()
    }

    /// Lets the file go once it was made this process's own ([`Keeper::adopt`]): only its lock
    /// file is left to remove, while still held.
    pub fn adopted(self) {
        let _ = std::fs::remove_file(self.path.with_extension("lock"));
    }

    /// Removes the file, its lines and its lock file: its work was reopened or given up. Why
    /// the file could not be removed (a read-only disk), if it could not: it is then offered
    /// again at the next start.
    pub fn discard(self) -> Result<(), String> {
        let gone = |path: &Path| match std::fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_error(&e)),
            _ => Ok(()),
        };
        gone(&self.path)?;
        // Lines left behind are removed at the next start, once no file names them.
        let _ = gone(&self.path.with_extension("lines"));
        // The lock file last, while still held: a workbench that opened it meanwhile finds no
        // file to take.
        let _ = std::fs::remove_file(self.path.with_extension("lock"));
        Ok(())
    }
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
        one.keep_text(Some("one".into()));
        two.keep_text(Some("two".into()));
        assert_ne!(one.path(), two.path());
        assert_eq!(std::fs::read_to_string(one.path()).unwrap(), "one");
        assert_eq!(std::fs::read_to_string(two.path()).unwrap(), "two");
        // Both are running: nothing is left over.
        assert!(left_over(dir.path()).newest.is_empty());
        // One ends without a clean quit (its lock goes with it): its file is offered.
        one.lock = None;
        let found = left_over(dir.path());
        assert_eq!(found.newest.len(), 1);
        assert_eq!(found.newest[0].text, "one");
        // Offered, it is not held: another start sees it too, but only one can take it.
        assert_eq!(left_over(dir.path()).newest.len(), 1);
        let taken = take(&found.newest[0].path).unwrap();
        assert_eq!(taken.text, "one");
        assert_eq!(
            take(&found.newest[0].path).unwrap_err(),
            "another workbench took it first"
        );
        assert!(
            take(&two.path()).is_err(),
            "nor can anyone take a running workbench's file"
        );
        taken.discard().unwrap();
        assert!(!one.path().exists());
        assert!(take(&one.path()).is_err(), "gone once discarded");
        assert!(left_over(dir.path()).newest.is_empty());
        two.remove();
        assert!(!two.path().exists());
    }

    /// Issue 28, item 4: what a killed write left (its temporary file) is removed at the next
    /// start, but only where the writer is gone; a running workbench's write is left alone.
    #[test]
    fn half_written_files_of_dead_workbenches_are_removed_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let mut running = Keeper::new(dir.path().to_path_buf());
        running.keep_text(Some("mine".into()));
        let running_temp = dir.path().join(format!(".{}.tmp", running.stem));
        std::fs::write(&running_temp, "a write under way").unwrap();
        // A workbench killed in the middle of a write: its file, its lock file (free), its
        // temporary file; another with no lock file at all.
        let dead = dir.path().join("recovery-1-999999999");
        std::fs::write(dead.with_extension("swb"), "old work").unwrap();
        std::fs::write(dead.with_extension("lock"), "").unwrap();
        let dead_temp = dir.path().join(".recovery-1-999999999.tmp");
        std::fs::write(&dead_temp, "half").unwrap();
        let lockless_temp = dir.path().join(".recovery-2-999999998.tmp");
        std::fs::write(&lockless_temp, "half").unwrap();
        // Lines written by one killed before its recovery file, and the running one's.
        let lonely_lines = dir.path().join("recovery-3-999999997.lines");
        std::fs::write(&lonely_lines, "lines").unwrap();
        let running_lines = running.path().with_extension("lines");
        std::fs::write(&running_lines, "lines").unwrap();
        // The temporary files of earlier releases say nothing of their writer: removed once
        // old enough that no write can still be under way.
        let legacy_old = dir.path().join(".sudoku-workbench-AbC123.tmp");
        let legacy_new = dir.path().join(".sudoku-workbench-XyZ789.tmp");
        for legacy in [&legacy_old, &legacy_new] {
            std::fs::write(legacy, "half").unwrap();
        }
        File::options()
            .write(true)
            .open(&legacy_old)
            .unwrap()
            .set_modified(SystemTime::now() - 2 * LEGACY_TEMP_AGE)
            .unwrap();
        let found = left_over(dir.path());
        assert_eq!(found.newest.len(), 1);
        assert_eq!(found.newest[0].text, "old work", "the dead one's work is offered");
        assert!(!dead_temp.exists(), "its half-written file is gone");
        assert!(!lockless_temp.exists());
        assert!(!lonely_lines.exists());
        assert!(running_lines.exists());
        assert!(!legacy_old.exists());
        assert!(legacy_new.exists(), "a recent one may be a write under way");
        assert!(running_temp.exists(), "a running workbench's write is its own");
        assert_eq!(std::fs::read_to_string(running.path()).unwrap(), "mine");
    }

    /// Issue 28, attack V: a signal during an in-place save left `recovery-*.lock` with no
    /// recovery file beside it, for good: the keeper held its lock to the end of the process.
    /// The lock goes with the file, and a start removes a lone one whose workbench is gone.
    #[test]
    fn no_lock_file_outlives_the_files_it_guards() {
        let dir = tempfile::tempdir().unwrap();
        let mut keeper = Keeper::new(dir.path().to_path_buf());
        keeper.keep_text(Some("work".into()));
        assert!(keeper.lock_path().exists());
        // The work saved: nothing to keep, and no lock.
        keeper.keep_text(None);
        assert!(!keeper.path().exists());
        assert!(!keeper.lock_path().exists(), "the lock went with the file");
        keeper.keep_text(Some("more work".into()));
        assert!(keeper.lock_path().exists(), "taken again with the next file");
        assert!(left_over(dir.path()).newest.is_empty(), "and held");
        // Lone lock files of ended workbenches go at start; a running one's, or one with a
        // file beside it, stays.
        let lone = dir.path().join("recovery-1-999999996.lock");
        std::fs::write(&lone, "").unwrap();
        let guarding = dir.path().join("recovery-2-999999995");
        std::fs::write(guarding.with_extension("lock"), "").unwrap();
        std::fs::write(guarding.with_extension("swb"), "old work").unwrap();
        let mut running = Keeper::new(dir.path().to_path_buf());
        running.keep_text(Some("mine".into()));
        std::fs::remove_file(running.path()).unwrap();
        let found = left_over(dir.path());
        assert!(!lone.exists(), "a lone lock of a workbench that is gone");
        assert!(guarding.with_extension("lock").exists());
        assert_eq!(found.newest.len(), 1);
        assert!(running.lock_path().exists(), "a running workbench's lock is its own");
        assert!(keeper.lock_path().exists());
    }

    /// Issue 28, item 5: the newest files are read and offered, the rest only counted.
    #[test]
    fn only_the_newest_are_offered_and_the_rest_counted() {
        let dir = tempfile::tempdir().unwrap();
        let now = SystemTime::now();
        for k in 0..(OFFERED + 5) {
            let path = dir.path().join(format!("recovery-{k}-1.swb"));
            std::fs::write(&path, format!("work {k}")).unwrap();
            File::options()
                .write(true)
                .open(&path)
                .unwrap()
                .set_modified(now - Duration::from_secs(1000 - k as u64))
                .unwrap();
        }
        let found = left_over(dir.path());
        assert_eq!(found.newest.len(), OFFERED);
        assert_eq!(found.older, 5);
        let texts: Vec<&str> = found.newest.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts[0], format!("work {}", OFFERED + 4), "newest first");
        assert_eq!(texts[OFFERED - 1], "work 5");
    }

    /// A `.lines` file is taken only if it is the one written with the recovery file: between
    /// the two writes a crash can leave one of other work.
    #[test]
    fn lines_beside_a_recovery_file_are_taken_only_at_their_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("recovery-1-2.swb");
        let mut source = Puzzle::default();
        source.notes.push_line(0, "# a line");
        source.comment = Some("the comment".into());
        let text = lines_text(&source);
        std::fs::write(path.with_extension("lines"), &text).unwrap();
        let mut recovery = Puzzle::default();
        assert_eq!(lines_beside_file(&path, &recovery), Ok(None), "none said");
        recovery.fields.push(("lines".into(), format!("beside {}", text.len())));
        let (notes, comment) = lines_beside_file(&path, &recovery).unwrap().unwrap();
        assert_eq!((notes, comment), (source.notes.clone(), source.comment.clone()));
        recovery.fields[0].1 = format!("beside {}", text.len() + 1);
        assert!(
            lines_beside_file(&path, &recovery).is_err(),
            "another size: other work's"
        );
    }

    /// Makes a named pipe at `path`; `false` where `mkfifo` is missing (the test then skips).
    fn fifo(path: &Path) -> bool {
        let made = std::process::Command::new("mkfifo").arg(path).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: no mkfifo");
            return false;
        }
        true
    }

    /// Runs `f` on a thread of its own: its answer, or a failure if it has not answered after
    /// a time no file operation of a start takes (it waits on something for ever).
    fn without_hanging<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || send.send(f()));
        answer
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("{what} waits for ever"))
    }

    /// The final attack, finding 6: a named pipe named like a lock file hung the start (the lock
    /// was opened for writing, which waits for a reader). Every file in the state directory is
    /// looked at before it is opened, and opened without waiting; one that is not what a
    /// workbench writes is left alone, with a word.
    #[test]
    fn named_pipes_in_the_state_directory_are_skipped_with_a_word_never_waited_on() {
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("recovery-1-999999991");
        std::fs::write(locked.with_extension("swb"), "work").unwrap();
        if !fifo(&locked.with_extension("lock")) {
            return;
        }
        // A recovery file that is a pipe itself, and a half-written file beside a pipe lock.
        assert!(fifo(&dir.path().join("recovery-2-999999992.swb")));
        let temp = dir.path().join(".recovery-1-999999991.tmp");
        std::fs::write(&temp, "half").unwrap();
        let path = dir.path().to_path_buf();
        let found = without_hanging("looking for left-over files", move || left_over(&path));
        assert!(found.newest.is_empty(), "{found:?}");
        assert_eq!(found.skipped.len(), 2, "{found:?}");
        assert!(
            found
                .skipped
                .iter()
                .any(|s| s.contains("recovery-1-999999991.swb") && s.contains("its lock file is a named pipe (FIFO)")),
            "{found:?}"
        );
        assert!(
            found.skipped.iter().any(
                |s| s.contains("recovery-2-999999992.swb") && s.contains("a named pipe (FIFO), not a regular file")
            ),
            "{found:?}"
        );
        assert!(temp.exists(), "what cannot be checked is not removed");
        let swb = locked.with_extension("swb");
        let taken = without_hanging("taking it", move || take(&swb).map(|t| t.text));
        assert_eq!(taken.unwrap_err(), "its lock file is a named pipe (FIFO)");
        // This process's own lock file a pipe: the keeper says it cannot keep the work.
        let path = dir.path().to_path_buf();
        let failure = without_hanging("keeping the work", move || {
            let mut keeper = Keeper::new(path);
            assert!(fifo(&keeper.lock_path()));
            keeper.keep_text(Some("mine".into()));
            (keeper.has_file(), keeper.failure)
        });
        assert!(!failure.0);
        assert!(failure.1.is_some_and(|why| why.contains("named pipe")));
    }

    /// The final attack, finding 8: a running workbench's lock file deleted (by a cleaner, by
    /// hand) made a second workbench offer its file, and discard it. The owner named in the
    /// file's name is alive: never offered, nor taken, nor its half-written files removed.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_running_workbench_whose_lock_file_was_deleted_is_never_offered() {
        let dir = tempfile::tempdir().unwrap();
        let mut running = std::process::Command::new("sleep").arg("60").spawn().unwrap();
        let owner = Owner::of_process(running.id()).unwrap();
        let path = dir.path().join(format!("{}.swb", owner.stem()));
        std::fs::write(&path, "its work").unwrap();
        let temp = dir.path().join(format!(".{}.tmp", owner.stem()));
        std::fs::write(&temp, "a write under way").unwrap();
        let lines = path.with_extension("lines");
        std::fs::write(&lines, "its lines, its recovery file not written yet").unwrap();
        std::fs::remove_file(&path).unwrap();
        let found = left_over(dir.path());
        assert!(found.newest.is_empty() && found.skipped.is_empty(), "{found:?}");
        assert!(temp.exists() && lines.exists(), "its files are its own");
        std::fs::write(&path, "its work").unwrap();
        assert!(left_over(dir.path()).newest.is_empty(), "not offered, lock or no lock");
        assert_eq!(take(&path).unwrap_err(), "the workbench that wrote it is running");
        assert!(path.exists());
        // It ends: its work is left over.
        running.kill().unwrap();
        running.wait().unwrap();
        let found = left_over(dir.path());
        assert_eq!(found.newest.len(), 1);
        assert_eq!(found.newest[0].text, "its work");
        assert!(!temp.exists(), "what its end left half written is removed");
        assert!(take(&path).is_ok());
    }

    /// The final attack, finding 5: nothing is written that the next start could not read.
    #[test]
    fn a_recovery_file_the_next_start_could_not_read_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut keeper = Keeper::new(dir.path().to_path_buf());
        keeper.keep_text(Some("x".repeat(MAX_FILE_SIZE as usize + 1)));
        assert!(!keeper.has_file() && !keeper.path().exists());
        assert_eq!(
            keeper.failure.as_deref(),
            Some("it would be 64 MB and 1 byte, more than the 64 MB the workbench reads back")
        );
        keeper.keep_text(Some("small".into()));
        assert!(keeper.has_file() && keeper.failure.is_none());
    }
}
