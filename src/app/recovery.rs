//! The board kept for a crash: the event loop leaves a copy of unsaved work here, a panic or a
//! fatal signal writes it to a recovery file, and the next start offers to reopen it.
//!
//! The copy is text ready to write, so the panic hook and the signal thread do no formatting
//! and touch no model: they may run while the model is half-way through a change.

use crate::sudoku::{Format, Puzzle};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::document::Document;

/// The unsaved work, as `.sdk` text; `None` when there is nothing to lose.
static UNSAVED: Mutex<Option<String>> = Mutex::new(None);

/// The file a crash writes the board to: `sudoku-workbench/recovery.sdk` under
/// `$XDG_STATE_HOME`, else `~/.local/state`, else the temporary directory.
pub fn path() -> PathBuf {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| Path::new(&home).join(".local/state"))
        })
        .unwrap_or_else(std::env::temp_dir);
    state.join("sudoku-workbench").join("recovery.sdk")
}

/// Records `doc` as the work a crash must not lose, or forgets it (`None`: everything is saved).
pub fn remember(doc: Option<&Document>) {
    let text = doc.map(|doc| {
        Format::Sdk.to_string(&Puzzle {
            board: doc.savable_board(),
            meta: doc.meta.clone(),
        })
    });
    if let Ok(mut unsaved) = UNSAVED.lock() {
        *unsaved = text;
    }
}

/// Writes the unsaved work to the recovery file; its path, or `None` if there was nothing to
/// write or writing failed. Never blocks: a panic may come while the copy is being replaced.
pub fn write() -> Option<PathBuf> {
    let text = match UNSAVED.try_lock() {
        Ok(unsaved) => unsaved.clone()?,
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner().clone()?,
        Err(std::sync::TryLockError::WouldBlock) => return None,
    };
    let path = path();
    std::fs::create_dir_all(path.parent()?).ok()?;
    std::fs::write(&path, text).ok()?;
    Some(path)
}

/// The text of a recovery file left by an earlier crash, if there is one.
pub fn left_over() -> Option<String> {
    let bytes = std::fs::read(path()).ok()?;
    // A recovery file holds one small board; anything big is not ours.
    (bytes.len() < 64 * 1024).then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// Removes the recovery file once the user has answered the offer to reopen it.
pub fn discard() {
    let _ = std::fs::remove_file(path());
}
