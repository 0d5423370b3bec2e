//! What the model asks the outside world for, and the plain data that goes back and forth:
//! [`super::App::update`] never touches a file nor starts a thread. It pushes
//! an [`Effect`]; the runtime (`crate::runtime`, above the model) carries it out and answers
//! with an [`super::Action`]. The types both sides need live here, as data, so that the model
//! never names the runtime.

use super::browser::ListRequest;
use super::document::Document;
use super::settings::Settings;
use super::stepper::Replay;
use super::{PendingSave, Prompt};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;
use sudoku_engine::{Board, Format, ParseError, Record, Strategy};

/// Something the model wants done outside it.
#[derive(Clone, Debug, PartialEq, Eq)]
// One value per user action, never held in bulk: its size does not matter, boxing would only
// add noise.
#[allow(clippy::large_enum_variant)]
pub enum Effect {
    /// Read a puzzle file: answered by [`super::Action::FileRead`].
    Read {
        /// The file.
        path: PathBuf,
        /// The puzzle wanted (0-based), if one is.
        index: Option<usize>,
        /// Whether the file browser asks (a collection then opens its list).
        from_browser: bool,
    },
    /// List a directory in the background: answered later by [`super::Action::Listed`] (nothing if
    /// it is given up first).
    List(ListRequest),
    /// Preview a file in the background: answered later by [`super::Action::Previewed`].
    Preview(PathBuf),
    /// Save: answered by [`super::Action::Saved`].
    Save(SaveRequest),
    /// Reopen the work in a recovery file: answered by [`super::Action::Recovered`].
    Reopen(PathBuf),
    /// Remove a recovery file whose work was reopened or given up: answered by
    /// [`super::Action::Discarded`].
    Discard(PathBuf, Discard),
    /// Rate a puzzle (its givens) in the background: answered later by [`super::Action::Rated`].
    Rate(Board),
    /// Write the settings to the config file, `key` being the one just changed: answered by
    /// [`super::Action::SettingsNotSaved`] if that fails.
    SaveSettings(Settings, &'static str),
    /// Write a trace of the search: answered by [`super::Action::TraceExported`].
    ExportTrace(ExportRequest),
    /// Open the file browser in `dir` (the working directory joined to it, `.` and `..` as
    /// they came): the runtime resolves it where the file system can, and answers with
    /// [`super::Action::BrowseIn`].
    Browse(PathBuf),
    /// Tell whether two paths name the same file (the same path, or the same file on disk
    /// through links and `..`), to go on with the work that asked: answered by
    /// [`super::Action::SameFile`].
    SameFile(PathBuf, PathBuf, AfterSameFile),
    /// Suspend the program (the terminal's business: the event loop does it).
    Suspend,
    /// Add a game that ended to the record of games (dated, and rated if need be, there):
    /// answered by [`super::Action::GameRecorded`].
    RecordGame(super::games::GameEnd),
    /// Read the record of games in the background: answered later by
    /// [`super::Action::GamesRead`].
    ReadGames,
    /// Write a sheet to print of one puzzle: answered by [`super::Action::Printed`].
    Print(PrintRequest),
}

/// A puzzle to print, as a file of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintRequest {
    /// Where to write it: a new file in this directory.
    pub dir: PathBuf,
    /// The start of the file's name (the puzzle's file name without its extension).
    pub stem: String,
    /// The puzzle's name on the page.
    pub title: String,
    /// The givens.
    pub puzzle: Board,
}

/// What waits for the answer to [`Effect::SameFile`]: the model asks the runtime, which may
/// look at the disk, rather than looking itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterSameFile {
    /// A save to the path typed in the prompt (the puzzle's own file or another).
    SaveAs(Box<Prompt>, PathBuf),
    /// A save refused as too big (its size in bytes): offered again without the puzzle's
    /// other lines, as another file if it was the puzzle's own.
    TooBig(Box<PendingSave>, u64),
}

/// Why a recovery file is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Discard {
    /// Its work was reopened: this workbench keeps it now.
    Reopened,
    /// The person gave its work up.
    GivenUp,
}

/// Recovered work brought back, and what of it did not come back as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reopened {
    /// The work.
    pub doc: Box<Document>,
    /// Why it could not go back to the file it came from (it is then a board of its own, in
    /// no file), if it could not.
    pub detached: Option<String>,
    /// What of it could not be brought back (the lines kept beside it), if anything.
    pub lost: Option<String>,
    /// That its file changed since the work's session read it (a save asks first), if it did.
    pub changed: Option<String>,
}

/// A save to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveRequest {
    /// The file as the user named it (a link is written through to its target).
    pub path: PathBuf,
    /// What to write.
    pub bytes: SaveBytes,
    /// What must be on disk for the write to go ahead.
    pub check: Check,
    /// What the person agreed to beyond a plain save (asked for when the file is read-only,
    /// has other names, or is in a folder that takes no new file).
    pub consent: Consent,
}

/// What a save writes.
#[derive(Clone, Debug, PartialEq, Eq)]
// One value per user action, never held in bulk: its size does not matter, boxing would only
// add noise.
#[allow(clippy::large_enum_variant)]
pub enum SaveBytes {
    /// The whole file.
    Whole(Vec<u8>),
    /// The cells of the puzzle in the file now, rewritten (everything else kept byte for byte).
    Cells {
        /// The givens as read: the puzzle to find in the file.
        expected: Board,
        /// Its place in the file (0-based), where it is looked for first.
        number: usize,
        /// The givens to write.
        board: Board,
        /// The format the file name suggests.
        hint: Option<Format>,
        /// The whole file to write instead if the puzzle is no longer in it; `None` refuses
        /// (a collection: another puzzle must not be overwritten).
        whole: Option<Vec<u8>>,
    },
    /// A progress file saved over itself: its own `#!` lines and its givens rewritten where
    /// they stand, every other line kept byte for byte ([`sudoku_engine::rewrite_progress`]).
    Progress {
        /// The givens as read: the puzzle the file must hold.
        expected: Board,
        /// The board to write (givens, entries, solver digits).
        board: Board,
        /// Its `#!` lines after the mark, as key and line.
        lines: Vec<(String, String)>,
        /// The format the file name suggests.
        hint: Option<Format>,
        /// The whole file to write instead if the file no longer holds the puzzle as a
        /// progress file (the person said to write over whatever is there).
        whole: Vec<u8>,
    },
}

/// What a save expects to find on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The file as it was read or last saved (`None`: no file was there).
    Unchanged(Option<Fingerprint>),
    /// No file at all (saving under a new name).
    Absent,
    /// Anything: the user said to replace it.
    Overwrite,
}

/// A save done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The file as written.
    pub fingerprint: Fingerprint,
    /// Where the puzzle was found when its cells were rewritten in the file, and the puzzles
    /// the file holds: another program may have moved it since it was read.
    pub found: Option<FoundInFile>,
}

/// Where a save found the puzzle in its file, and the file's puzzles then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundInFile {
    /// Its place (0-based).
    pub index: usize,
    /// The file's puzzles (the saved one as it was before the save).
    pub puzzles: Vec<Result<Record, ParseError>>,
}

/// Why a save did not happen. The file on disk is as it was in every case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveFailure {
    /// Another program changed the file since it was read.
    ChangedOnDisk,
    /// The file read (or last saved) is no longer there: deleted or moved.
    Gone,
    /// The write waits for the person's word: why.
    NeedsConsent(Caution),
    /// A file of that name exists.
    Exists,
    /// The puzzle is no longer in the collection file.
    PuzzleGone(String),
    /// Not a file that can be saved to (a directory, a pipe, a device): why.
    Refused(String),
    /// The file would be bigger than the workbench reads ([`MAX_FILE_SIZE`]), so
    /// nothing was written: its size.
    TooBig(u64),
    /// The write failed: why.
    Io(String),
}

/// Recovered work offered at start-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The recovery file.
    pub path: PathBuf,
    /// When it was last written.
    pub modified: SystemTime,
    /// What it holds, in a line: the puzzle's name and the work in it.
    pub summary: String,
}

/// Files above this size are refused: no puzzle file is this big, and reading one must not
/// swallow the machine's memory.
pub const MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// What a file was: its size, modification time and a hash of its bytes, and the bytes
/// themselves when the file is small (up to [`TEXT_KEPT`]).
#[derive(Clone, Debug)]
pub struct Fingerprint {
    size: u64,
    modified: Option<SystemTime>,
    hash: u64,
    text: Option<Arc<[u8]>>,
}

/// The bytes of a file up to this size are kept with its fingerprint: should the file be
/// deleted or emptied before a save, it is written again as it was read, the cells changed,
/// rather than made anew from what the workbench understood of it (which lost its byte-order
/// mark, line ends, blank lines, blanks and tabs: attack A). Puzzle files are a few hundred
/// bytes; one with megabytes of comments is made anew.
pub const TEXT_KEPT: usize = 1 << 20;

/// Files are the same when their size, time and hash are: the bytes kept add nothing.
impl PartialEq for Fingerprint {
    fn eq(&self, other: &Fingerprint) -> bool {
        (self.size, self.modified, self.hash) == (other.size, other.modified, other.hash)
    }
}

impl Eq for Fingerprint {}

impl Fingerprint {
    /// The fingerprint of `bytes` read from a file last modified at `modified` (if the file
    /// system tells).
    pub fn of(bytes: &[u8], modified: Option<SystemTime>) -> Fingerprint {
        let mut hasher = DefaultHasher::new();
        bytes.hash(&mut hasher);
        Fingerprint {
            size: bytes.len() as u64,
            modified,
            hash: hasher.finish(),
            text: (bytes.len() <= TEXT_KEPT).then(|| Arc::from(bytes)),
        }
    }

    /// The file's bytes, when it was small enough for them to be kept.
    pub fn text(&self) -> Option<&[u8]> {
        self.text.as_deref()
    }

    /// What a recovery file records of the file its work was read from: the size and the hash
    /// of its bytes (`SIZE HASH`, the hash in hex; the time says nothing another session can
    /// trust). The hash is the standard library's, which may change between its versions:
    /// then a reopened file only seems changed, and a save asks once more than it needs to.
    pub fn identity(&self) -> String {
        format!("{} {:016x}", self.size, self.hash)
    }

    /// This file as a session that read it when it was `recorded` (an [`identity`]) knew it:
    /// `None` when it is still the same; else a fingerprint that differs from the file's, so
    /// that a save of that session's work asks before writing over what changed since (attack
    /// M: a crashed game of a `.swb`, reopened, wrote over a newer save of that file without a
    /// word). No record, or one that cannot be read, counts as changed (attack N: an earlier
    /// version's recovery file has none): asking costs a key.
    ///
    /// [`identity`]: Fingerprint::identity
    pub fn as_read_when(&self, recorded: Option<&str>) -> Option<Fingerprint> {
        let same = recorded
            .and_then(|r| r.split_once(' '))
            .and_then(|(size, hash)| Some((size.parse::<u64>().ok()?, u64::from_str_radix(hash, 16).ok()?)))
            == Some((self.size, self.hash));
        (!same).then(|| Fingerprint {
            size: u64::MAX,
            modified: None,
            hash: !self.hash,
            text: self.text.clone(),
        })
    }
}

/// Why a write over an existing file waits for the person's word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caution {
    /// The file is read-only: no one may write it, or this user may not.
    ReadOnly,
    /// The file has this many names (hard links): a new file in its place would leave the
    /// other names with the old text.
    Links(u64),
    /// Its folder takes no new file (no permission, a read-only mount), so the file cannot be
    /// replaced in one step; it can be written into in place.
    FolderClosed,
}

/// What the person agreed to beyond a plain write, answering a [`Caution`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Consent {
    /// Writing over a read-only file.
    pub read_only: bool,
    /// Writing into the file itself rather than replacing it: not atomic, but the only way
    /// to keep its other names, or to save in a folder that takes no new file.
    pub in_place: bool,
}

/// The format a file name suggests, to break ties between look-alike contents.
pub fn hint_of(path: &Path) -> Option<Format> {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension)
}

/// The most steps the workbench replays from a trace, and writes into one: a million steps
/// is some 75 MB of trace and 24 MB of memory to check them against.
pub const MAX_REPLAY_STEPS: u64 = 1_000_000;

/// A trace read: the puzzle, the strategy and the steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceFile {
    /// The puzzle searched.
    pub puzzle: Board,
    /// The strategy that searched it.
    pub strategy: Strategy,
    /// Its steps.
    pub replay: Replay,
}

/// What to export: the search of `puzzle` with `strategy`, its first `steps` steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportRequest {
    /// Where to write it: a new file in this directory.
    pub dir: PathBuf,
    /// The start of the file's name (the puzzle's file name without its extension).
    pub stem: String,
    /// The puzzle searched (every digit on it fixed).
    pub puzzle: Board,
    /// The strategy.
    pub strategy: Strategy,
    /// How many steps.
    pub steps: u64,
}
