//! A file being opened in the background. Reading and parsing a file of 60 MB takes a second or
//! two, a trace of a million steps as long, a file on a network that hangs for ever: the runtime
//! reads on a thread of its own, and the screen meanwhile shows how far it got and answers the
//! keys (Esc gives up, and the board stays as it was).
//!
//! The reading thread and the model share a [`ReadProgress`]: the thread counts what it has done
//! and looks at it for a cancel, the model draws it and cancels through it. Each read has a
//! number, so that the answer of a read given up is known when it arrives, and dropped.

use super::effect::MAX_REPLAY_STEPS;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How far a read has got, shared between the thread that reads and the screen.
#[derive(Debug, Default)]
pub struct ReadProgress {
    /// The size of the file, once known.
    total: AtomicU64,
    /// Bytes taken from the file.
    read: AtomicU64,
    /// Bytes of text parsed (puzzle files are read whole, then parsed).
    parsed: AtomicU64,
    /// Steps read (traces).
    steps: AtomicU64,
    /// Whether the read was given up: the thread stops at its next look.
    cancelled: AtomicBool,
    /// Whether the file turned out to be a trace.
    trace: AtomicBool,
}

/// What a [`ReadProgress`] says at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadSnapshot {
    /// The size of the file (0 until known).
    pub total: u64,
    /// Bytes read.
    pub read: u64,
    /// Bytes parsed.
    pub parsed: u64,
    /// Steps read, for a trace.
    pub steps: u64,
    /// Whether the file is a trace.
    pub trace: bool,
}

impl ReadSnapshot {
    /// How much of the work is done, in thousandths: a trace is read once, up to its end or to
    /// the most steps replayed; a puzzle file is read and then parsed (each half of the work).
    /// `None` while the size is not known.
    pub fn permille(&self) -> Option<u64> {
        let part = |done: u64, of: u64| (u128::from(done.min(of)) * 1000 / u128::from(of.max(1))) as u64;
        match (self.total, self.trace) {
            (0, _) => None,
            (total, true) => Some(part(self.read, total).max(part(self.steps, MAX_REPLAY_STEPS))),
            (total, false) => Some(part(self.read + self.parsed, 2 * total)),
        }
    }
}

impl ReadProgress {
    /// What it says now.
    pub fn snapshot(&self) -> ReadSnapshot {
        ReadSnapshot {
            total: self.total.load(Ordering::Relaxed),
            read: self.read.load(Ordering::Relaxed),
            parsed: self.parsed.load(Ordering::Relaxed),
            steps: self.steps.load(Ordering::Relaxed),
            trace: self.trace.load(Ordering::Relaxed),
        }
    }

    /// Gives the read up.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the read was given up.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The file is `bytes` long.
    pub fn set_total(&self, bytes: u64) {
        self.total.store(bytes, Ordering::Relaxed);
    }

    /// The file is a trace.
    pub fn set_trace(&self) {
        self.trace.store(true, Ordering::Relaxed);
    }

    /// `bytes` more taken from the file.
    pub fn add_read(&self, bytes: u64) {
        self.read.fetch_add(bytes, Ordering::Relaxed);
    }

    /// `bytes` more of text parsed.
    pub fn add_parsed(&self, bytes: u64) {
        self.parsed.fetch_add(bytes, Ordering::Relaxed);
    }

    /// One more step read.
    pub fn add_step(&self) {
        self.steps.fetch_add(1, Ordering::Relaxed);
    }

    /// The error a read given up stops with.
    pub fn cancelled_error() -> io::Error {
        io::Error::other("the read was cancelled")
    }
}

/// A read started: its number, the file, and its progress (answered by
/// [`super::Action::ReadStarted`]).
#[derive(Clone, Debug)]
pub struct ReadTicket {
    /// The read's number, which its answer carries.
    pub id: u64,
    /// The file.
    pub path: PathBuf,
    /// How far it got.
    pub progress: Arc<ReadProgress>,
}

/// Two tickets are the same read.
impl PartialEq for ReadTicket {
    fn eq(&self, other: &ReadTicket) -> bool {
        self.id == other.id
    }
}

impl Eq for ReadTicket {}

/// The read the screen waits for.
#[derive(Debug)]
pub struct Reading {
    /// The read.
    pub ticket: ReadTicket,
    /// Whether it is the file of the command line, where the session starts: its load is not
    /// a change to undo.
    pub at_start: bool,
    /// The progress last drawn.
    pub shown: ReadSnapshot,
}

impl Reading {
    /// Whether the progress moved since last drawn (and takes note that it is drawn now).
    pub fn moved(&mut self) -> bool {
        let now = self.ticket.progress.snapshot();
        let moved = now != self.shown;
        self.shown = now;
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_is_done_when_read_and_a_puzzle_file_when_parsed_too() {
        let mut s = ReadSnapshot {
            total: 0,
            read: 50,
            ..ReadSnapshot::default()
        };
        assert_eq!(s.permille(), None, "no size known yet");
        s.total = 100;
        assert_eq!(s.permille(), Some(250));
        s.trace = true;
        assert_eq!(s.permille(), Some(500));
        s.read = 500;
        assert_eq!(s.permille(), Some(1000), "a file that grew is never past the end");
        // A trace longer than the workbench replays is done at the last step replayed.
        s.total = 1 << 40;
        s.steps = MAX_REPLAY_STEPS / 4;
        assert_eq!(s.permille(), Some(250));
    }
}
