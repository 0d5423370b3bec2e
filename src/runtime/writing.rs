//! Writes to the player's own files while they are under way (a save, a save in place, a trace
//! export, the settings), so that a process about to end neither cuts one in the middle nor
//! leaves its temporary file behind: [`finish`]. A signal once ended the workbench halfway
//! through a save in place (a file with hard links), leaving the file half new and half old,
//! and left `.sudoku-workbench-*.tmp` and `.trace-*` files in the player's folders for good
//! (nothing at the next start can tell whose they are).
//!
//! Every write registers itself here for as long as it runs ([`Writing`]): a write through a
//! temporary file with that file's name ([`temporary`]), a write in place as such
//! ([`in_place`]). [`finish`] shuts the door on new writes, gives those under way some time,
//! then removes the temporary files of the ones still going (the rename that would have put
//! one in place then fails, and the file it was for stays as it was) and waits for the writes
//! in place however long they take: cut off, one would leave the file neither old nor new.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// What a write under way is, for [`finish`].
#[derive(Debug)]
enum Kind {
    /// It writes this temporary file, then renames it over its target: removing the file cuts
    /// the write off cleanly.
    Temporary(PathBuf),
    /// It writes into the file itself: it must be let finish.
    InPlace,
    /// Its temporary file is being made, and has no name yet.
    Making,
}

/// The writes under way.
struct Registry {
    /// Set by [`finish`]: the process is ending, no write may start.
    closed: bool,
    next: u64,
    writes: Vec<(u64, Kind)>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    closed: false,
    next: 0,
    writes: Vec::new(),
});

/// Rung whenever a write ends.
static ENDED: Condvar = Condvar::new();

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A write under way: registered until dropped.
#[derive(Debug)]
#[must_use = "the write counts as under way only while this is held"]
pub struct Writing {
    id: u64,
}

impl Drop for Writing {
    fn drop(&mut self) {
        registry().writes.retain(|(id, _)| *id != self.id);
        ENDED.notify_all();
    }
}

/// Why a write may not start: the process is ending.
fn ending() -> io::Error {
    io::Error::other("the workbench is ending")
}

/// Registers a write of `kind`, made ready by `start`, so that [`finish`] sees every temporary
/// file the moment it is named. `start` runs without the registry's lock: making the file on
/// storage that stalls held the lock, and with it an ending signal's [`finish`], until the
/// storage answered (attack B); the write counts as under way from before it starts.
fn register<T>(start: impl FnOnce() -> io::Result<(T, Kind)>) -> io::Result<(Writing, T)> {
    let writing = {
        let mut registry = registry();
        if registry.closed {
            return Err(ending());
        }
        let id = registry.next;
        registry.next += 1;
        registry.writes.push((id, Kind::Making));
        Writing { id }
    };
    let (made, kind) = start()?;
    let mut registry = registry();
    if registry.closed {
        // `finish` came while it was made, and could not remove what it did not know of:
        // given up here (a temporary file removes itself as it is dropped).
        drop(registry);
        drop(made);
        return Err(ending());
    }
    if let Some(entry) = registry.writes.iter_mut().find(|(id, _)| *id == writing.id) {
        entry.1 = kind;
    }
    drop(registry);
    Ok((writing, made))
}

/// Makes a temporary file with `make` (a `tempfile` builder, for one) and registers the write
/// that fills it and renames it over its target; an error once the process is ending. Bind
/// the two in this order (`let (_writing, temp) = ...`): the file, dropped first, is removed
/// before the write stops counting as under way.
pub fn temporary(
    make: impl FnOnce() -> io::Result<tempfile::NamedTempFile>,
) -> io::Result<(Writing, tempfile::NamedTempFile)> {
    register(|| {
        let temp = make()?;
        let path = temp.path().to_path_buf();
        Ok((temp, Kind::Temporary(path)))
    })
}

/// Registers a write into a file itself; an error once the process is ending.
pub fn in_place() -> io::Result<Writing> {
    register(|| Ok(((), Kind::InPlace))).map(|(writing, ())| writing)
}

/// For a process about to end: no write starts from now on; the writes under way get up to
/// `patience` to finish; then those through a temporary file are cut off (the file removed:
/// the target stays as it was), and those in place are waited for to their end.
pub fn finish(patience: Duration) {
    let deadline = Instant::now() + patience;
    let mut registry = registry();
    registry.closed = true;
    while !registry.writes.is_empty() {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        registry = ENDED
            .wait_timeout(registry, deadline - now)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
    let temporary: Vec<PathBuf> = registry
        .writes
        .iter()
        .filter_map(|(_, kind)| match kind {
            Kind::Temporary(path) => Some(path.clone()),
            _ => None,
        })
        .collect();
    drop(registry);
    remove_within(temporary, REMOVE_PATIENCE);
    let mut registry = self::registry();
    while registry.writes.iter().any(|(_, kind)| matches!(kind, Kind::InPlace)) {
        registry = ENDED.wait(registry).unwrap_or_else(PoisonError::into_inner);
    }
}

/// How long [`finish`] waits for the temporary files of the writes it cuts off to be removed.
const REMOVE_PATIENCE: Duration = Duration::from_secs(1);

/// Removes `paths` on a thread of its own, waiting up to `patience`: on storage that stalls the
/// removal would hold the ending process up as long as the storage does. What it leaves, the
/// next start cannot tell from another program's; the write it was for never replaced its file.
fn remove_within(paths: Vec<PathBuf>, patience: Duration) {
    if paths.is_empty() {
        return;
    }
    let (done, removed) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("removing".into()).spawn(move || {
        for path in &paths {
            remove_quietly(path);
        }
        let _ = done.send(());
    });
    if spawned.is_ok() {
        let _ = removed.recv_timeout(patience);
    }
}

fn remove_quietly(path: &Path) {
    // Already renamed into place, or removed: nothing left to clean.
    let _ = std::fs::remove_file(path);
}

/// A pause in the middle of every write of a player's file, for the tests of a signal that
/// comes during one (`SUDOKU_WORKBENCH_TEST_SLOW_SAVE`, milliseconds); nothing otherwise.
pub fn pause_for_tests() {
    static PAUSE: OnceLock<Option<Duration>> = OnceLock::new();
    let pause = PAUSE.get_or_init(|| {
        std::env::var("SUDOKU_WORKBENCH_TEST_SLOW_SAVE")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map(Duration::from_millis)
    });
    if let Some(pause) = pause {
        std::thread::sleep(*pause);
    }
}

#[cfg(test)]
mod tests {
    // `finish` closes the door for the whole process: the test runs in a process of its own
    // (a child of the test binary), so that the other unit tests can still write.
    use super::*;

    #[test]
    fn finish_waits_for_a_write_in_place_and_cuts_a_temporary_one_off() {
        if std::env::var_os("WRITING_TEST_CHILD").is_none() {
            let status = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "runtime::writing::tests::finish_waits_for_a_write_in_place_and_cuts_a_temporary_one_off",
                    "--nocapture",
                ])
                .env("WRITING_TEST_CHILD", "1")
                .status()
                .unwrap();
            assert!(status.success());
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let (slow_temp, temp) = temporary(|| tempfile::Builder::new().tempfile_in(dir.path())).unwrap();
        let temp_path = temp.path().to_path_buf();
        let slow_place = in_place().unwrap();
        let place_done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let done = std::sync::Arc::clone(&place_done);
        let writer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            drop(slow_place);
        });
        finish(Duration::from_millis(50));
        assert!(
            place_done.load(std::sync::atomic::Ordering::SeqCst),
            "the write in place was waited for"
        );
        assert!(!temp_path.exists(), "the temporary file of a write cut off is gone");
        assert!(temp.persist(dir.path().join("target")).is_err(), "and its rename fails");
        drop(slow_temp);
        writer.join().unwrap();
        assert!(in_place().is_err(), "no write starts once the process is ending");
    }

    /// Attack B: a temporary file being made on storage that stalls held the registry's lock,
    /// and `finish` (an ending signal) waited for the storage. It ends within its patience; the
    /// file made after it is removed and its write refused.
    #[test]
    fn finish_does_not_wait_for_a_temporary_file_being_made() {
        if std::env::var_os("WRITING_TEST_CHILD").is_none() {
            let status = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "runtime::writing::tests::finish_does_not_wait_for_a_temporary_file_being_made",
                    "--nocapture",
                ])
                .env("WRITING_TEST_CHILD", "1")
                .status()
                .unwrap();
            assert!(status.success());
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let in_dir = dir.path().to_path_buf();
        let (go_on, stalled) = std::sync::mpsc::channel::<()>();
        let (making, being_made) = std::sync::mpsc::channel::<()>();
        let finished = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = std::sync::Arc::clone(&finished);
        let writer = std::thread::spawn(move || {
            let made = temporary(|| {
                making.send(()).unwrap();
                // The storage stalls until the test lets it go on (or, as a guard, 20 s).
                let _ = stalled.recv_timeout(Duration::from_secs(20));
                tempfile::Builder::new().tempfile_in(&in_dir)
            });
            (made.is_err(), seen.load(std::sync::atomic::Ordering::SeqCst))
        });
        being_made.recv().unwrap();
        finish(Duration::from_millis(50));
        finished.store(true, std::sync::atomic::Ordering::SeqCst);
        go_on.send(()).unwrap();
        let (refused, after_finish) = writer.join().unwrap();
        assert!(after_finish, "finish ended while the file was still being made");
        assert!(refused, "the write refused once the process is ending");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file left");
    }
}
