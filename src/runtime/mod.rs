//! The runtime beside the model: it carries out the [`Effect`]s [`App::update`] asks for (reads,
//! writes, listings, previews, ratings, the recovery file, the settings file) and answers them
//! with [`Action`]s. The model never names this module; this module drives the model
//! ([`Runtime::dispatch`]). So every decision has a state test, and every file operation and
//! thread is here, in [`files`], [`recovery`], [`config`], [`traces`], [`games`] (the record of
//! games) and [`writing`]; sheets to print are laid out by [`crate::print`] and written here.
//!
//! Previews of files run on threads of their own, so that a file that blocks (a network file
//! system that hangs) never freezes the keyboard; their answers arrive through
//! [`Runtime::poll`].

pub mod config;
pub mod counting;
pub mod files;
pub mod games;
pub mod owner;
pub mod recovery;
pub mod traces;
pub mod writing;
pub mod xdg;

use crate::app::browser::{Entry, ListProgress, ListRequest, PREVIEW_BYTES, Preview};
use crate::app::builtin::BUILTINS;
use crate::app::document::{Document, Origin};
use crate::app::effect::{
    Check, Discard, Effect, Fingerprint, FoundInFile, Offer, Reopened, SaveBytes, SaveFailure, SaveRequest, Saved,
    hint_of,
};
use crate::app::reading::{ReadProgress, ReadTicket};
use crate::app::{Action, App, Older};
use crate::text::{counted, counted_as, io_error, printable, printable_os};
use config::Config;
use files::{LoadError, WriteError, read_bytes, read_puzzles, read_puzzles_counted, write_over, write_target};
use recovery::{Keeper, Taken};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::SystemTime;
use sudoku_engine::logic::Rating;
use sudoku_engine::{
    Board, Format, Marks, ParseError, ParseErrorKind, Parsed, ReadError, Reader, lines_with_ends, parse_document,
    rewrite_cells_found, rewrite_progress,
};

/// At most this many previews are read at once; later requests wait for one to finish.
const PREVIEW_THREADS: usize = 4;

/// A preview made in the background, and the file it is of.
type Previewed = (PathBuf, Preview);

/// A directory listed in the background, and its listing; `None` if it was given up.
type ListAnswer = (PathBuf, Option<Result<Vec<Entry>, String>>);

/// A rating made in the background, and the givens it is of.
type Rated = (Board, Result<Rating, String>);

/// The rating of the puzzle `givens`, or why it has none (it needs one solution).
pub fn rating_of(givens: &Board) -> Result<Rating, String> {
    match sudoku_engine::count_solutions(givens, 2) {
        0 => Err("no solution".into()),
        1 => Ok(sudoku_engine::logic::rate(givens)),
        _ => Err("several solutions".into()),
    }
}

/// The rating of the puzzle `givens` within `limit` (the least it is rated when the time runs
/// out), or `None` when it has not exactly one solution.
pub fn rating_within(givens: &Board, limit: std::time::Duration) -> Option<Rating> {
    (sudoku_engine::count_solutions(givens, 2) == 1).then(|| {
        let grid = sudoku_engine::logic::Grid::new(givens);
        sudoku_engine::logic::rate_grid_until(grid, &mut || true, std::time::Instant::now() + limit)
    })
}

/// The paper people print on where the locale says they are: Letter in the United States and
/// Canada (`LC_ALL`, `LC_PAPER` or `LANG` of `en_US`, `fr_CA`, ...), else A4.
pub fn paper_of_the_place() -> crate::print::Paper {
    let locale = ["LC_ALL", "LC_PAPER", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_default();
    let territory = locale
        .split(['.', '@'])
        .next()
        .and_then(|l| l.split_once('_'))
        .map(|(_, t)| t);
    match territory {
        Some("US" | "CA") => crate::print::Paper::Letter,
        _ => crate::print::Paper::A4,
    }
}

/// Writes the sheet of `request` on `paper` as a new PDF in its folder: `STEM.pdf`, else
/// `STEM-2.pdf` and so on, never over a file. Its path and why the puzzle has no solution page
/// (it has no solution, or several), or why it was not written.
pub fn print_puzzle(
    request: &crate::app::effect::PrintRequest,
    paper: crate::print::Paper,
) -> Result<(PathBuf, Option<sudoku_engine::Unjudgeable>), String> {
    use crate::print::{PerPage, Puzzle, Sheet};
    let (puzzle, problem) = Puzzle::prepare(
        request.title.clone(),
        &request.puzzle,
        std::time::Duration::from_secs(10),
    );
    let sheet = Sheet {
        title: "Sudoku".into(),
        paper,
        per_page: PerPage::One,
        solutions: puzzle.solution.is_some(),
        puzzles: vec![puzzle],
    };
    let bytes = crate::print::pdf::write(&sheet);
    let stem = if request.stem.is_empty() {
        "puzzle"
    } else {
        &request.stem
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudoku-workbench-").suffix(".tmp");
    if let Some(permissions) = files::new_file_permissions(files::NEW_FILE_MODE) {
        builder.permissions(permissions);
    }
    let (_writing, mut temp) = writing::temporary(|| builder.tempfile_in(&request.dir)).map_err(|e| io_error(&e))?;
    std::io::Write::write_all(&mut temp, &bytes).map_err(|e| io_error(&e))?;
    temp.as_file().sync_all().map_err(|e| io_error(&e))?;
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{stem}.pdf")
        } else {
            format!("{stem}-{n}.pdf")
        };
        let path = request.dir.join(name);
        match temp.persist_noclobber(&path) {
            Ok(_) => return Ok((path, problem)),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => temp = e.file,
            Err(e) => return Err(io_error(&e.error)),
        }
    }
    Err("every name for the sheet is taken".into())
}

/// A trace written (its path and steps), or why not.
type Exported = Result<(PathBuf, u64), String>;

/// A file read in the background: the read's number and its answer.
type FileAnswer = (u64, Action);

/// How long the record of a game may take to rate a puzzle the panel had not rated: the game
/// is written when it ends (a quit waits for it), so a puzzle that needs longer is recorded
/// with the least it is rated, `>=x.y`, and no level. Half a second: the record is written where
/// the screen is drawn, and two seconds froze the quit and a solve's start (attack F).
const RECORD_RATING_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// How long a game set aside is rated for when it is recorded at a quit, unrated till then:
/// several may be, and the quit (or a signal, which waits 1.5 s) waits for them all.
const SET_ASIDE_RATING_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// Carries out effects, and holds what they need between them: the preview threads, this
/// process's recovery file, the left-over recovery files on offer.
pub struct Runtime {
    /// The config file and its lines, when settings persist.
    pub config: Option<(PathBuf, Config)>,
    previews: (Sender<Previewed>, Receiver<Previewed>),
    /// Directories being listed: their answers, and how many.
    lists: (Sender<ListAnswer>, Receiver<ListAnswer>),
    listing: usize,
    ratings: (Sender<Rated>, Receiver<Rated>),
    /// Traces being written (a million steps take a while): their answers.
    exports: (Sender<Exported>, Receiver<Exported>),
    exporting: usize,
    /// Files being read (see [`crate::app::reading`]): their answers, how many, the last number.
    reads: (Sender<FileAnswer>, Receiver<FileAnswer>),
    reading: usize,
    last_read: u64,
    /// Ratings under way (one at a time) and the latest one asked for meanwhile.
    rating: bool,
    rating_waiting: Option<Board>,
    in_flight: usize,
    waiting: Option<PathBuf>,
    /// This process's recovery file.
    pub keeper: Keeper,
    /// A left-over recovery file taken to reopen its work that could not be made this
    /// process's own (`Keeper::adopt`): removed once this process's own file holds the work
    /// (or nothing is left unsaved). Removed at once, a full disk or a kill before the first
    /// write lost the work (attack H).
    taken: Option<Taken>,
    /// A left-over recovery file reopened that could be neither renamed nor locked, and why: it
    /// stays where it is, never removed by this process.
    left_in_place: Option<(Taken, String)>,
    /// The record of games (`None`: games are not recorded, as for a test's workbench; the
    /// terminal's is [`games::path`]).
    pub games: Option<PathBuf>,
    /// Why the last game could not be recorded, until the screen has shown it (the terminal
    /// says it on standard error when the workbench ends first).
    pub record_failure: Option<String>,
    /// Records of games being read, and sheets being printed: their answers and how many.
    games_read: (Sender<Action>, Receiver<Action>),
    reading_games: usize,
    printing: usize,
}

impl Runtime {
    /// A runtime keeping its recovery file in `recovery_dir`.
    pub fn new(recovery_dir: PathBuf) -> Runtime {
        Runtime {
            config: None,
            previews: channel(),
            lists: channel(),
            listing: 0,
            ratings: channel(),
            exports: channel(),
            exporting: 0,
            reads: channel(),
            reading: 0,
            last_read: 0,
            rating: false,
            rating_waiting: None,
            in_flight: 0,
            waiting: None,
            keeper: Keeper::new(recovery_dir),
            taken: None,
            left_in_place: None,
            games: None,
            record_failure: None,
            games_read: channel(),
            reading_games: 0,
            printing: 0,
        }
    }

    /// Lets `app` handle `action`, then carries out the effects it asked for and hands it their
    /// answers, until none is left: what the event loop does with every action.
    /// [`Effect::Suspend`] is returned for the terminal to do.
    pub fn dispatch(&mut self, app: &mut App, action: Action) -> Vec<Effect> {
        app.update(action);
        self.carry_out(app)
    }

    /// Carries out the effects `app` asked for so far (by [`App::update`], or by a call such as
    /// [`App::open_path`]) and hands it their answers, until none is left.
    /// [`Effect::Suspend`] is returned for the terminal to do.
    pub fn carry_out(&mut self, app: &mut App) -> Vec<Effect> {
        let mut terminal = Vec::new();
        let mut queue = Vec::new();
        loop {
            for effect in app.take_effects() {
                match effect {
                    Effect::Suspend => terminal.push(Effect::Suspend),
                    other => queue.extend(self.perform(other)),
                }
            }
            let Some(answer) = queue.pop() else { return terminal };
            app.update(answer);
        }
    }

    /// Brings this process's recovery file up to date with `work` (`None`: nothing unsaved, no
    /// file); what the model must hear of it: that keeping the work started failing
    /// ([`Action::KeepFailed`], said once), or works again ([`Action::KeepWorks`]).
    /// And, once this process's file holds reopened work (or nothing is left unsaved), that
    /// the reopened recovery file was removed ([`Action::Discarded`]).
    pub fn keep(&mut self, work: Option<&Document>) -> Vec<Action> {
        let failed_before = self.keeper.failure.is_some();
        self.keeper.keep(work);
        let mut news: Vec<Action> = match (failed_before, self.keeper.failure.clone()) {
            (false, Some(why)) => {
                // This process's file, or the reopened one waiting for it (attack J).
                let older = if self.kept_file().is_some() {
                    Older::Kept
                } else {
                    Older::None
                };
                vec![Action::KeepFailed(why, older)]
            }
            (true, None) => vec![Action::KeepWorks],
            _ => Vec::new(),
        };
        let held = work.is_none() || self.keeper.has_file() && self.keeper.failure.is_none();
        if self.taken.is_some() && held {
            news.extend(self.discard_reopened());
        }
        news
    }

    /// Removes the recovery file whose work was reopened, if its removal waits: the work is
    /// held elsewhere now, or given up (a quit without saving).
    pub fn discard_reopened(&mut self) -> Option<Action> {
        let taken = self.taken.take()?;
        Some(Action::Discarded(Discard::Reopened, taken.discard()))
    }

    /// The file that holds the unsaved work for the next start: this process's recovery file,
    /// or, until that is written, the one the work was reopened from.
    pub fn kept_file(&self) -> Option<PathBuf> {
        if self.keeper.has_file() {
            Some(self.keeper.path())
        } else {
            let waiting = self.taken.as_ref().map(|t| t.path.clone());
            waiting.or_else(|| self.left_in_place.as_ref().map(|(taken, _)| taken.path.clone()))
        }
    }

    /// Finds the recovery files no running workbench holds: the newest to offer, and a count
    /// of the older ones. Nothing is held open meanwhile.
    pub fn find_left_over(&mut self, now: SystemTime) -> Option<Action> {
        let found = recovery::left_over(self.keeper.dir());
        let offers: Vec<Offer> = found
            .newest
            .iter()
            .map(|left| Offer {
                path: left.path.clone(),
                modified: left.modified,
                summary: summary(&left.text, left.modified, now),
            })
            .collect();
        (!offers.is_empty() || !found.skipped.is_empty()).then_some(Action::RecoveryFound {
            offers,
            older: found.older,
            skipped: found.skipped,
        })
    }

    /// Does `effect`; its answer, if it has one now. [`Effect::Suspend`] is the event loop's
    /// and does nothing here.
    pub fn perform(&mut self, effect: Effect) -> Option<Action> {
        match effect {
            Effect::Read {
                path,
                index,
                from_browser,
            } => {
                // On a thread of its own: the screen shows how far it got, and Esc gives up.
                self.last_read += 1;
                let id = self.last_read;
                let progress = Arc::new(ReadProgress::default());
                let (sender, shared, file) = (self.reads.0.clone(), Arc::clone(&progress), path.clone());
                let spawned = std::thread::Builder::new().name("read".into()).spawn(move || {
                    let _ = sender.send((id, read_file(file, index, from_browser, &shared)));
                });
                match spawned {
                    Ok(_) => {
                        self.reading += 1;
                        Some(Action::ReadStarted(ReadTicket { id, path, progress }))
                    }
                    // No thread to be had: read here, the screen waiting.
                    Err(_) => Some(read_file(path, index, from_browser, &progress)),
                }
            }
            Effect::List(request) => self.start_listing(request),
            Effect::Preview(path) => {
                self.start_preview(path);
                None
            }
            Effect::Save(request) => Some(Action::Saved(save(request))),
            Effect::Reopen(path) => {
                // Taken, not just read: another workbench offering it too must not reopen it
                // as well. Held until the work is this process's (the answer discards it).
                let result = recovery::take(&path).and_then(|taken| {
                    let reopened = reopen(&taken.path, &taken.text)?;
                    // Made this process's own file at once; where that cannot be (a rename
                    // refused), held until this process's own write holds the work.
                    match self.keeper.adopt(&taken.path, &reopened.doc) {
                        Ok(()) => taken.adopted(),
                        // Renamed by another workbench meanwhile (a file no lock could be made
                        // for): the rename decides whose it is.
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                            return Err("another workbench took it first".into());
                        }
                        // Neither renamed nor locked (a read-only folder, no lock file): another
                        // workbench may reopen it too, and removing it when this one's first
                        // write holds the work removed it under the other (attack J). Reopened,
                        // and left as it is: the next start offers it again, as the answer says.
                        Err(e) if !taken.locked() => {
                            // Held, the file itself locked, for as long as this process runs.
                            self.left_in_place = Some((taken, crate::text::io_error(&e)));
                        }
                        Err(_) => self.taken = Some(taken),
                    }
                    Ok(reopened)
                });
                Some(Action::Recovered(path, result))
            }
            Effect::Discard(path, Discard::Reopened)
                if self.left_in_place.as_ref().is_some_and(|(taken, _)| taken.path == path) =>
            {
                let why = self.left_in_place.as_ref()?.1.clone();
                Some(Action::Discarded(
                    Discard::Reopened,
                    Err(format!("it could be neither locked nor renamed: {why}")),
                ))
            }
            // Nothing to remove now: its file is this process's own, or its removal waits for
            // `keep` (which answers then).
            Effect::Discard(_, Discard::Reopened) => None,
            Effect::Discard(path, why) => {
                let taken = match self.taken.take() {
                    Some(taken) if taken.path == path => Ok(taken),
                    _ => recovery::take(&path),
                };
                // Not taken: another workbench has it, and it is that one's to discard.
                Some(Action::Discarded(why, taken.and_then(Taken::discard)))
            }
            Effect::Rate(board) => {
                self.start_rating(board);
                None
            }
            Effect::SaveSettings(settings, key) => {
                let (path, config) = self.config.as_mut()?;
                // Lines written meanwhile (by hand, by another workbench) are kept too.
                let (now, _, _) = config::load(path);
                *config = now;
                if !config.is_writable() {
                    return Some(Action::SettingsNotSaved(format!(
                        "{} could not be read, so it is left as it is",
                        printable(&path.to_string_lossy())
                    )));
                }
                let text = config.text_with(&settings, &[key]);
                match config::save(path, &text) {
                    Ok(()) => {
                        config.written(&text);
                        None
                    }
                    Err(why) => Some(Action::SettingsNotSaved(why)),
                }
            }
            Effect::ExportTrace(request) => {
                // Written on a thread of its own: the screen goes on answering meanwhile.
                let sender = self.exports.0.clone();
                let spawned = std::thread::Builder::new().name("trace export".into()).spawn(move || {
                    let _ = sender.send(traces::export(&request));
                });
                match spawned {
                    Ok(_) => {
                        self.exporting += 1;
                        None
                    }
                    Err(e) => Some(Action::TraceExported(Err(io_error(&e)))),
                }
            }
            Effect::Browse(dir) => Some(Action::BrowseIn(resolved(dir))),
            Effect::SameFile(a, b, then) => Some(Action::SameFile(same_file(&a, &b), then)),
            Effect::Suspend => None,
            Effect::RecordGame(end) => Some(Action::GameRecorded(self.record(&end))),
            Effect::ReadGames => self.start_reading_games(),
            Effect::Print(request) => self.start_printing(request),
        }
    }

    /// Adds `end` to the record now, as [`Effect::RecordGame`] does (for an end by a signal,
    /// when the model no longer runs).
    pub fn record_game(&mut self, end: &crate::app::games::GameEnd) {
        let _ = self.record(end);
    }

    /// Adds the game that ended to the record, dated now and rated if the model had no rating.
    fn record(&mut self, end: &crate::app::games::GameEnd) -> Result<(), String> {
        let Some(path) = &self.games else { return Ok(()) };
        let rating = match &end.rating {
            Some(Ok(rating)) => Some(rating.clone()),
            Some(Err(_)) => None,
            None if end.set_aside => rating_within(&end.puzzle, SET_ASIDE_RATING_TIME),
            None => rating_within(&end.puzzle, RECORD_RATING_TIME),
        };
        let date = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        let result = games::append(path, &end.dated(date, rating.as_ref()));
        self.record_failure = result.clone().err();
        result
    }

    /// Reads the record of games on a thread of its own (a record of 100 MB of junk takes a
    /// while to go through); here if no thread can be had.
    fn start_reading_games(&mut self) -> Option<Action> {
        let Some(path) = self.games.clone() else {
            return Some(Action::GamesRead(Ok(("no record kept".into(), Default::default()))));
        };
        let read = move || {
            let shown = printable(&path.to_string_lossy()).into_owned();
            Action::GamesRead(games::read(&path).map(|record| (shown, record)))
        };
        let sender = self.games_read.0.clone();
        let job = read.clone();
        match std::thread::Builder::new().name("games".into()).spawn(move || {
            let _ = sender.send(job());
        }) {
            Ok(_) => {
                self.reading_games += 1;
                None
            }
            Err(_) => Some(read()),
        }
    }

    /// Writes a sheet of the puzzle on a thread of its own (rating a hard puzzle takes a
    /// moment): the puzzle on a page, its solution on the next, on the paper of the place
    /// (Letter where the locale is of the United States or Canada, else A4). A new file, never
    /// over another.
    fn start_printing(&mut self, request: crate::app::effect::PrintRequest) -> Option<Action> {
        let sender = self.games_read.0.clone();
        let paper = paper_of_the_place();
        let job = move || Action::Printed(print_puzzle(&request, paper));
        match std::thread::Builder::new().name("print".into()).spawn(move || {
            let _ = sender.send(job());
        }) {
            Ok(_) => {
                self.printing += 1;
                None
            }
            Err(e) => Some(Action::Printed(Err(io_error(&e)))),
        }
    }

    /// Lists a directory on a thread of its own (a folder of 300,000 files takes over a second
    /// to list); here, the screen waiting, if no thread can be had.
    fn start_listing(&mut self, request: ListRequest) -> Option<Action> {
        let sender = self.lists.0.clone();
        let ListRequest { dir, progress } = request;
        let (shared, listed_dir) = (Arc::clone(&progress), dir.clone());
        let spawned = std::thread::Builder::new().name("list".into()).spawn(move || {
            let listed = list(&listed_dir, &shared);
            let _ = sender.send((listed_dir, listed));
        });
        match spawned {
            Ok(_) => {
                self.listing += 1;
                None
            }
            Err(_) => list(&dir, &progress).map(|listed| Action::Listed(dir, listed)),
        }
    }

    fn start_rating(&mut self, board: Board) {
        if self.rating {
            // Only the latest puzzle matters: the others were replaced.
            self.rating_waiting = Some(board);
            return;
        }
        let sender = self.ratings.0.clone();
        let spawned = std::thread::Builder::new().name("rating".into()).spawn(move || {
            let result = rating_of(&board);
            let _ = sender.send((board, result));
        });
        self.rating = spawned.is_ok();
    }

    fn start_preview(&mut self, path: PathBuf) {
        if self.in_flight >= PREVIEW_THREADS {
            // Only the latest request matters: the selection has moved on from the others.
            self.waiting = Some(path);
            return;
        }
        let sender = self.previews.0.clone();
        let spawned = std::thread::Builder::new().name("preview".into()).spawn(move || {
            let preview = preview_file(&path);
            let _ = sender.send((path, preview));
        });
        if spawned.is_ok() {
            self.in_flight += 1;
        }
    }

    /// The answers of background work that finished.
    pub fn poll(&mut self) -> Vec<Action> {
        let mut done = Vec::new();
        while let Ok((board, result)) = self.ratings.1.try_recv() {
            self.rating = false;
            done.push(Action::Rated(board, result));
        }
        if !self.rating
            && let Some(board) = self.rating_waiting.take()
        {
            self.start_rating(board);
        }
        while let Ok((id, answer)) = self.reads.1.try_recv() {
            self.reading = self.reading.saturating_sub(1);
            done.push(Action::ReadDone(id, Box::new(answer)));
        }
        while let Ok(answer) = self.games_read.1.try_recv() {
            match answer {
                Action::Printed(_) => self.printing = self.printing.saturating_sub(1),
                _ => self.reading_games = self.reading_games.saturating_sub(1),
            }
            done.push(answer);
        }
        while let Ok(result) = self.exports.1.try_recv() {
            self.exporting = self.exporting.saturating_sub(1);
            done.push(Action::TraceExported(result));
        }
        while let Ok((dir, listed)) = self.lists.1.try_recv() {
            self.listing = self.listing.saturating_sub(1);
            // A listing given up is answered by nothing: the browser has moved on.
            if let Some(listed) = listed {
                done.push(Action::Listed(dir, listed));
            }
        }
        while let Ok((path, preview)) = self.previews.1.try_recv() {
            self.in_flight = self.in_flight.saturating_sub(1);
            done.push(Action::Previewed(path, preview));
        }
        if self.in_flight < PREVIEW_THREADS
            && let Some(path) = self.waiting.take()
        {
            self.start_preview(path);
        }
        done
    }

    /// Whether background work is under way (the event loop then looks for answers often).
    pub fn is_busy(&self) -> bool {
        self.in_flight > 0
            || self.rating
            || self.exporting > 0
            || self.reading > 0
            || self.listing > 0
            || self.reading_games > 0
            || self.printing > 0
    }

    /// Whether a file is being read.
    pub fn is_reading(&self) -> bool {
        self.reading > 0
    }
}

/// `path` with `.` and `..` resolved and links followed, where the file system can; as it
/// came where it cannot (a folder gone).
pub fn resolved(path: PathBuf) -> PathBuf {
    std::fs::canonicalize(&path).unwrap_or(path)
}

/// Whether two paths name the same file (as far as can be told: the same path, or the same file
/// on disk).
fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Reads the file at `path` (on a thread of its own), counting into `progress`: a trace is read
/// as one (its header names it), anything else as puzzles.
fn read_file(path: PathBuf, index: Option<usize>, from_browser: bool, progress: &ReadProgress) -> Action {
    match traces::read_trace_counted(&path, progress) {
        Ok(Some(trace)) => return Action::TraceRead(path, Ok(Box::new(trace))),
        Err(why) => return Action::TraceRead(path, Err(why)),
        Ok(None) => {}
    }
    let result = read_puzzles_counted(&path, progress).map_err(|e| e.to_string());
    Action::FileRead {
        path,
        index,
        from_browser,
        result,
    }
}

/// A line saying what a recovery file holds and when it was written.
fn summary(text: &str, modified: SystemTime, now: SystemTime) -> String {
    let ago = now.duration_since(modified).unwrap_or_default().as_secs();
    let when = match ago {
        0..60 => "just now".to_string(),
        60..3600 => format!("{} min ago", ago / 60),
        3600..86_400 => format!("{} h ago", ago / 3600),
        _ => format!("{} days ago", ago / 86_400),
    };
    let Ok(parsed) = parse_document(text.as_bytes(), Some(Format::Progress)) else {
        return format!("unreadable recovery file, {when}");
    };
    let Some(record) = parsed.first() else {
        return format!("empty recovery file, {when}");
    };
    let whence = recovery::whence(&record.puzzle);
    let name = match &whence.origin {
        Origin::File(path) => printable_os(path.as_os_str()),
        Origin::Builtin(name) => format!("built-in {name}"),
        Origin::Pasted => "a pasted puzzle".into(),
        Origin::New => "a new puzzle".into(),
        Origin::Generated => "a generated puzzle".into(),
        Origin::Trace(path) => format!("the trace {}", printable(&path.to_string_lossy())),
    };
    let place = whence.index.map_or(String::new(), |i| format!(" #{}", i + 1));
    let board = &record.puzzle.board;
    let of = |which: fn(&sudoku_engine::Cell) -> bool| board.cells().iter().filter(|c| which(c)).count() as u64;
    let entries = of(|c| matches!(c, sudoku_engine::Cell::Entry(_)));
    let mut held = format!(
        "{}, {}",
        counted(board.given_count() as u64, "given"),
        counted_as(entries, "entry", "entries")
    );
    // The rest of the work is named too when there is some: work of pencil marks alone read
    // "0 entries", as if nothing were done (attack M).
    let placed = of(|c| matches!(c, sudoku_engine::Cell::Placed(_)));
    if placed > 0 {
        held += &format!(", {placed} placed by the solver");
    }
    let marked = crate::app::document::marks_of(&record.puzzle).cells_marked() as u64;
    if marked > 0 {
        held += &format!(", {} marked", counted(marked, "cell"));
    }
    if !crate::app::document::colours_of(&record.puzzle).is_empty() {
        held += ", colours";
    }
    format!("{name}{place}: {held}, {when}")
}

/// The document a recovery file at `path` holds: its board, on its origin as it is now. The
/// puzzle is looked for in its file by the givens it had there (at its old place first, then
/// anywhere), so that a save goes back to the right puzzle; if the file no longer holds it (or
/// is gone, or cannot be read), the work comes back as a board in no file (`w` then asks
/// where), never attached to another puzzle, and the answer says why. With it, what of it
/// could not be brought back (the lines kept beside it, unreadable).
fn reopen(path: &Path, text: &str) -> Result<Reopened, String> {
    let parsed = parse_document(text.as_bytes(), Some(Format::Progress)).map_err(|e| e.to_string())?;
    let record = parsed.first().ok_or("no puzzle in it")?.clone();
    let whence = recovery::whence(&record.puzzle);
    let board = record.puzzle.board.clone();
    let read = whence.read.clone().unwrap_or_else(|| board.givens_only());
    let index = whence.index.unwrap_or(0);
    // Whether its file changed since the work's session read it (or last saved it there).
    let mut changed = None;
    // The document on its origin, or why it cannot go back there (`None`: it has no file).
    let on_origin: Result<Document, Option<String>> = match &whence.origin {
        Origin::File(file) => {
            let shown = printable_os(file.as_os_str());
            match read_puzzles(file) {
                Ok((parsed, fingerprint)) => {
                    // Changed since: the document keeps the file as that session knew it, so
                    // that `w` asks before writing over what changed (attack M).
                    // No record of it (a recovery file of an earlier version, or one edited):
                    // whether it changed is unknown, and a question costs less than a save lost.
                    let recorded = whence.read_file.as_deref();
                    let before = fingerprint.as_read_when(recorded);
                    if before.is_some() {
                        let verb = if recorded.is_some() {
                            "changed"
                        } else {
                            "may have changed"
                        };
                        changed = Some(format!("{shown} {verb} on disk since that session read it"));
                    }
                    let disk = before.unwrap_or(fingerprint);
                    find_again(parsed, &whence.origin, index, &read, Some(disk))
                        .ok_or_else(|| format!("its file {shown} no longer holds this puzzle"))
                }
                Err(LoadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                    Err(format!("its file {shown} is gone (deleted or moved)"))
                }
                Err(e) => Err(format!("its file {shown} cannot be read: {e}")),
            }
            .map_err(Some)
        }
        Origin::Builtin(name) => BUILTINS
            .iter()
            .find(|b| b.name == *name)
            .and_then(|b| find_again(b.parsed(), &whence.origin, index, &read, None))
            .ok_or_else(|| Some(format!("the built-in {name} of this version is another puzzle"))),
        Origin::Pasted | Origin::New | Origin::Generated | Origin::Trace(_) => Err(whence.unknown.clone()),
    };
    let (mut doc, detached) = match on_origin {
        Ok(doc) => (doc, None),
        Err(why) => {
            // Nowhere to go back to: a board of its own, all of it unsaved.
            let mut doc = Document::from_parsed(parsed, Origin::Pasted, 0, None).ok_or("no puzzle in it")?;
            if matches!(whence.origin, Origin::New | Origin::Generated) {
                doc.source.origin = whence.origin.clone();
            }
            doc.source.format = whence.format;
            doc.source.saved = Board::empty();
            doc.source.saved_marks = Marks::NONE;
            doc.source.saved_colours = sudoku_engine::Colours::NONE;
            (doc, why)
        }
    };
    doc.marks = crate::app::document::marks_of(&record.puzzle);
    doc.play = crate::app::play::Play::of(&record.puzzle);
    doc.colours = crate::app::document::colours_of(&record.puzzle);
    doc.board = board;
    // Fields of the recovery file are not the game's.
    let mut text = (*doc.source.text).clone();
    text.fields.retain(|(key, _)| !recovery::FIELDS.contains(&key.as_str()));
    let lost = match recovery::lines_beside_file(path, &record.puzzle) {
        Ok(Some((notes, comment))) => {
            text.notes = notes;
            text.comment = comment;
            None
        }
        Ok(None) => None,
        Err(why) => Some(format!(
            "the puzzle's other lines, kept beside it, could not be read ({why})"
        )),
    };
    doc.source.text = std::sync::Arc::new(text);
    Ok(Reopened {
        doc: Box::new(doc),
        changed: if detached.is_none() { changed } else { None },
        detached,
        lost,
    })
}

/// The puzzle of `parsed` whose givens are `read`: at `index` if it is still there, else the
/// nearest such puzzle; as a document on `origin`.
fn find_again(
    parsed: Parsed,
    origin: &Origin,
    index: usize,
    read: &Board,
    disk: Option<Fingerprint>,
) -> Option<Document> {
    let holds = |i: usize| matches!(parsed.puzzles.get(i), Some(Ok(r)) if r.puzzle.board.givens_only() == *read);
    let found = if holds(index) {
        index
    } else {
        (0..parsed.puzzles.len())
            .filter(|&i| holds(i))
            .min_by_key(|&i| i.abs_diff(index))?
    };
    Document::from_parsed(parsed, origin.clone(), found, disk)
}

/// The directories and files of `dir`, sorted, hidden ones left out; links followed. Each entry
/// seen is counted into `progress`; `None` once it is given up.
fn list(dir: &Path, progress: &ListProgress) -> Option<Result<Vec<Entry>, String>> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) => return Some(Err(io_error(&e))),
    };
    let mut dirs = Vec::new();
    let mut files = Vec::new();
    for entry in read.flatten() {
        if progress.is_cancelled() {
            return None;
        }
        progress.add();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let shown = printable(&name).into_owned();
        let path = entry.path();
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => dirs.push(Entry::Dir(shown, path)),
            Ok(m) => files.push(Entry::File(shown, path, m.len())),
            Err(_) => files.push(Entry::File(shown, path, 0)),
        }
    }
    if progress.is_cancelled() {
        return None;
    }
    // Once, not per comparison: a label is a new string.
    dirs.sort_by_cached_key(Entry::label);
    files.sort_by_cached_key(Entry::label);
    dirs.extend(files);
    Some(Ok(dirs))
}

/// The first puzzle of a file and a count of the puzzles in its first [`PREVIEW_BYTES`] (their
/// whole lines: a line cut there is not counted, as a puzzle or as a line that cannot be read).
pub fn preview_file(path: &Path) -> Preview {
    if let Err(e) = std::fs::metadata(path) {
        return Preview::Error(io_error(&e));
    }
    // A trace shows its puzzle; Enter replays it.
    match traces::read_trace_header(path) {
        Ok(Some((board, strategy))) => {
            return Preview::Puzzle {
                board,
                format: Format::Line,
                count: 1,
                more: false,
                unreadable: 0,
                about: vec![
                    format!("a trace of the search with {strategy}"),
                    "Enter replays it in step mode, each step checked".into(),
                ],
            };
        }
        Err(why) => return Preview::Error(format!("a trace that cannot be replayed: {why}")),
        Ok(None) => {}
    }
    // Opened like any file the workbench reads: never waiting on a pipe swapped in meanwhile.
    let file = match files::open_regular(path) {
        Ok((file, _)) => file,
        Err(e) => return Preview::Error(e.to_string()),
    };
    // The first PREVIEW_BYTES, and a byte more to know whether the file goes on.
    let mut bytes = Vec::new();
    if let Err(e) = file.take(PREVIEW_BYTES + 1).read_to_end(&mut bytes) {
        return Preview::Error(LoadError::from(e).to_string());
    }
    let more = bytes.len() as u64 > PREVIEW_BYTES;
    let (read, whole) = if more {
        bytes.truncate(PREVIEW_BYTES as usize);
        whole_lines(&bytes)
    } else {
        (&bytes[..], usize::MAX)
    };
    // What the preview cannot know: a line its limit cuts, a grid or a puzzle that starts past
    // it. Such an error is not the file's, and the file is not said to be what it may not be.
    let past_the_limit = |e: &ParseError, single: bool| {
        more && (e.line > whole
            || single
                && matches!(
                    e.kind,
                    ParseErrorKind::NoPuzzle | ParseErrorKind::TooFewRows { .. } | ParseErrorKind::TooFewCells { .. }
                ))
    };
    let mut reader = Reader::new(read).with_hint(hint_of(path));
    let first = match reader.next() {
        Some(Ok(record)) => Some(record),
        Some(Err(ReadError::Parse(e))) if past_the_limit(&e, !reader.is_collection()) => return Preview::PastLimit,
        Some(Err(ReadError::Parse(e))) if !reader.is_collection() => return Preview::Error(e.to_string()),
        Some(Err(ReadError::Parse(_))) => None,
        Some(Err(ReadError::Io(e))) => return Preview::Error(LoadError::from(e).to_string()),
        None if more => return Preview::PastLimit,
        None => return Preview::Error("empty".into()),
    };
    let format = reader.format().unwrap_or(Format::Line);
    let mut count = 1;
    let mut unreadable = usize::from(first.is_none());
    let mut first = first;
    for item in reader.by_ref() {
        match item {
            Ok(record) if first.is_none() => first = Some(record),
            Ok(_) => {}
            Err(ReadError::Parse(e)) if past_the_limit(&e, false) => continue,
            Err(_) => unreadable += 1,
        }
        count += 1;
    }
    let Some(first) = first else {
        return match more {
            true => Preview::PastLimit,
            false => Preview::Error(format!("none of its {count} lines reads as a puzzle")),
        };
    };
    let mut about: Vec<String> = first
        .puzzle
        .meta()
        .map(|(tag, value)| format!("{tag}: {}", printable(value)))
        .take(6)
        .collect();
    if about.is_empty() {
        about.extend(
            first
                .puzzle
                .notes
                .iter()
                .take(3)
                .map(|n| printable(n.text).into_owned()),
        );
    }
    Preview::Puzzle {
        board: first.puzzle.board,
        format,
        count,
        more,
        unreadable,
        about,
    }
}

/// The whole lines of `bytes` (the start of a file that goes on), and how many they are: up to
/// its last line end. With no line end at all, the one line begun, cut, and 0 whole lines.
fn whole_lines(bytes: &[u8]) -> (&[u8], usize) {
    match bytes.iter().rposition(|&b| b == b'\n' || b == b'\r') {
        Some(end) => {
            let whole = &bytes[..=end];
            (whole, lines_with_ends(whole).count())
        }
        None => (bytes, 0),
    }
}

/// Carries out a save (see [`SaveRequest`]): the new file's fingerprint, and where the puzzle
/// was found in it.
pub fn save(request: SaveRequest) -> Result<Saved, SaveFailure> {
    let target = write_target(&request.path).map_err(SaveFailure::Refused)?;
    let current = match read_bytes(&target) {
        Ok((bytes, fingerprint)) => Some((bytes, fingerprint)),
        Err(LoadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(LoadError::Special(kind)) => return Err(SaveFailure::Refused(format!("it is {kind}"))),
        // Bigger than the workbench reads: not the file it read or wrote, which were smaller.
        Err(e @ LoadError::TooBig(_)) => match (&request.check, &request.bytes) {
            (Check::Absent, _) => return Err(SaveFailure::Exists),
            (Check::Unchanged(_), _) => return Err(SaveFailure::ChangedOnDisk),
            // A collection's file must be read to find the puzzle in it.
            (Check::Overwrite, SaveBytes::Cells { whole: None, .. }) => {
                return Err(SaveFailure::PuzzleGone(format!("it is {e}")));
            }
            // Written over whole, as the person said: its text is not needed.
            (Check::Overwrite, _) => None,
        },
        Err(e) => return Err(SaveFailure::Io(format!("cannot read it to check it first: {e}"))),
    };
    match (&request.check, &current) {
        // The file read is gone: not another program's writing, and not to be made again
        // without a word.
        (Check::Unchanged(Some(_)), None) => return Err(SaveFailure::Gone),
        (Check::Unchanged(expected), _) if current.as_ref().map(|(_, f)| f) != expected.as_ref() => {
            return Err(SaveFailure::ChangedOnDisk);
        }
        (Check::Absent, Some(_)) => return Err(SaveFailure::Exists),
        _ => {}
    }
    let mut found = None;
    let bytes = match request.bytes {
        SaveBytes::Whole(bytes) => bytes,
        SaveBytes::Cells {
            expected,
            number,
            board,
            hint,
            whole,
        } => {
            let rewritten = current
                .as_ref()
                .map(|(text, _)| rewrite_cells_found(text, hint, &expected, number, &board).map_err(|e| e.to_string()));
            match (rewritten, whole) {
                (Some(Ok(rewritten)), _) => {
                    found = Some(FoundInFile {
                        index: rewritten.index,
                        puzzles: rewritten.puzzles,
                    });
                    rewritten.bytes
                }
                (_, Some(whole)) => whole,
                (Some(Err(why)), None) => return Err(SaveFailure::PuzzleGone(why)),
                (None, None) => return Err(SaveFailure::PuzzleGone("the file is gone".into())),
            }
        }
        SaveBytes::Progress {
            expected,
            board,
            lines,
            hint,
            whole,
        } => current
            .as_ref()
            .and_then(|(text, _)| rewrite_progress(text, hint, &expected, &board, &lines).ok())
            .unwrap_or(whole),
    };
    let fingerprint = write_over(&target, &bytes, request.consent).map_err(|e| match e {
        WriteError::Needs(caution) => SaveFailure::NeedsConsent(caution),
        WriteError::TooBig(bytes) => SaveFailure::TooBig(bytes),
        WriteError::Io(e) => SaveFailure::Io(io_error(&e)),
    })?;
    Ok(Saved { fingerprint, found })
}
