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

/// Registers a write of `kind`, made ready by `start` under the registry's lock, so that
/// [`finish`] sees every temporary file the moment it exists.
fn register<T>(start: impl FnOnce() -> io::Result<(T, Kind)>) -> io::Result<(Writing, T)> {
    let mut registry = registry();
    if registry.closed {
        return Err(ending());
    }
    let (made, kind) = start()?;
    let id = registry.next;
    registry.next += 1;
    registry.writes.push((id, kind));
    Ok((Writing { id }, made))
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
    for (_, kind) in &registry.writes {
        if let Kind::Temporary(path) = kind {
            remove_quietly(path);
        }
    }
    while registry.writes.iter().any(|(_, kind)| matches!(kind, Kind::InPlace)) {
        registry = ENDED.wait(registry).unwrap_or_else(PoisonError::into_inner);
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
}
