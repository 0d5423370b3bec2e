//! Signals, handled on a thread of their own: every signal whose default would end the process
//! (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the rest that can be caught)
//! has the event loop handle the keys typed before it and keep the work, then restores the
//! terminal, says where the unsaved work is and exits with 128 + the signal's number; SIGTSTP
//! suspends with the terminal given back and SIGCONT sets it up again; SIGWINCH is a resize.
//! SIGTTIN and SIGTTOU sent by hand to the workbench in the foreground suspend it as SIGTSTP
//! does ([`stop_as_the_terminal_would`]); to a job in the background they stop it as always.
//! SIGABRT from `abort()`, and the faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE), end the process
//! before this thread can run: [`super::abort`] has a handler for them (SIGABRT and SIGBUS sent
//! by another process are left to this thread). SIGKILL and SIGSTOP cannot be caught: after SIGKILL (the kernel's
//! out-of-memory killer sends it too) the work is in the recovery file all the same, and `reset`
//! restores the terminal.
//!
//! The process never ends in the middle of a write. Cutting a recovery write short once lost
//! the last change (the file on disk was the one before it) and left the write's temporary file
//! behind; cutting a save in place short left the player's file half new, half old. The event
//! loop keeps the work itself and says so ([`work_kept`]); a save or an export under way is let
//! finish, or cut off with its temporary file removed, and a save in place always finishes
//! ([`writing::finish`]); should the event loop still not answer (stuck writing to a terminal
//! that reads nothing), this thread waits for a recovery write under way
//! ([`recovery::finish_writes`]) and ends the process with the file as the last write left it.
//!
//! SIGXFSZ (a write past the size `ulimit -f` allows) is caught and nothing more: the write then
//! fails with "file too large", which is said like any failed write, and the session goes on.

use super::Wake;
use crate::runtime::{recovery, writing};
use nix::sys::signal::{SigSet, Signal};
use signal_hook::consts::signal::*;
use std::io;
use std::sync::mpsc::Sender;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How long an ending signal waits for the event loop to keep the work.
const GRACE: Duration = Duration::from_millis(1500);

/// How long it then waits for a recovery write under way to finish.
const WRITE_PATIENCE: Duration = Duration::from_secs(2);

/// How long a save or an export through a temporary file is given to finish before it is cut
/// off (a save in place is always let finish).
pub const SAVE_PATIENCE: Duration = Duration::from_secs(2);

/// Whether the event loop has kept the work for an ending signal, and its bell.
static KEPT: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());

/// Says the work is kept for the signal that is ending the process: the signal thread may end
/// it now.
pub fn work_kept() {
    let (kept, bell) = &KEPT;
    *kept.lock().unwrap_or_else(PoisonError::into_inner) = true;
    bell.notify_all();
}

/// Waits up to [`GRACE`] for [`work_kept`]: whether it came.
fn wait_for_the_work() -> bool {
    let (kept, bell) = &KEPT;
    let held = kept.lock().unwrap_or_else(PoisonError::into_inner);
    let (held, _) = bell
        .wait_timeout_while(held, GRACE, |kept| !*kept)
        .unwrap_or_else(PoisonError::into_inner);
    *held
}

/// The signals that end a process by default and can be caught.
pub fn ending_signals() -> Vec<i32> {
    let mut signals = vec![
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGABRT, SIGBUS,
        SIGTRAP, SIGSYS,
    ];
    #[cfg(target_os = "linux")]
    {
        signals.extend([libc::SIGIO, libc::SIGPWR, libc::SIGSTKFLT]);
        signals.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    signals
}

/// The signals sent to the process as a whole that this thread alone takes: blocked in every
/// other thread. A signal sent to the process goes to one of its threads that does not block
/// it; the main thread stuck in a write to storage that stalls (a hung network share) took
/// SIGTERM and could not run the handler until the storage answered, and the process did not
/// end (attack A). Not the faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, and SIGABRT
/// from `abort()`), which go to the thread at fault and which the kernel delivers killing the
/// process, the terminal left broken, when they are blocked; not SIGXFSZ, which the thread whose
/// write passed the limit gets. The real-time signals are not blocked either (nix has no name for
/// them; nothing sends them here).
fn process_signals() -> SigSet {
    let mut set = SigSet::empty();
    for signal in [
        Signal::SIGHUP,
        Signal::SIGINT,
        Signal::SIGQUIT,
        Signal::SIGTERM,
        Signal::SIGUSR1,
        Signal::SIGUSR2,
        Signal::SIGALRM,
        Signal::SIGVTALRM,
        Signal::SIGPROF,
        Signal::SIGXCPU,
        Signal::SIGIO,
        Signal::SIGPWR,
        Signal::SIGSTKFLT,
        Signal::SIGTSTP,
        Signal::SIGCONT,
        Signal::SIGWINCH,
    ] {
        set.add(signal);
    }
    set
}

/// Has SIGTTIN and SIGTTOU stop the process as their default does, but with the terminal
/// given back first when they were sent by hand to the workbench in the foreground. Their
/// default, stopping at once, left the shell on a terminal in raw mode, on the alternate screen,
/// with mouse reports on (attack N). The kernel sends them to a job in the background that reads
/// the terminal or sets its modes, and then the terminal is the shell's and must not be touched:
/// the handler stops the process as the default does, and the call that raised the signal is
/// made again once the job is continued. In the foreground it sends the process SIGTSTP, which
/// the signal thread takes as it takes Ctrl-Z. Not taken by the signal thread: it would call
/// the terminal from the background to give it back, raising the signal again, for ever.
#[allow(unsafe_code)] // a signal handler of our own: signal-hook's iterator runs too late
fn stop_as_the_terminal_would() -> io::Result<()> {
    use std::os::fd::IntoRawFd;
    // The terminal whose foreground is asked for, kept open for the handler: the controlling
    // terminal, or standard input where there is none to open.
    let tty = std::fs::File::open("/dev/tty").map_or(libc::STDIN_FILENO, IntoRawFd::into_raw_fd);
    for signal in [SIGTTIN, SIGTTOU] {
        // SAFETY: the action calls only async-signal-safe functions (tcgetpgrp, getpgrp,
        // getpid, kill) and touches no memory but its own copy of `tty`.
        unsafe {
            signal_hook::low_level::register(signal, move || {
                let foreground = libc::tcgetpgrp(tty) == libc::getpgrp();
                let stop = if foreground { libc::SIGTSTP } else { libc::SIGSTOP };
                libc::kill(libc::getpid(), stop);
            })?;
        }
    }
    Ok(())
}

/// Starts the signal thread; it wakes the event loop through `wake`. The signals it takes are
/// blocked in the calling thread, and so in every thread started from it after this call.
pub fn watch(wake: Sender<Wake>) -> io::Result<()> {
    stop_as_the_terminal_would()?;
    let ending = ending_signals();
    let mut all = ending.clone();
    all.extend([SIGTSTP, SIGCONT, SIGWINCH, SIGXFSZ]);
    let mut signals = signal_hook::iterator::Signals::new(&all)?;
    let blocked = process_signals();
    blocked.thread_block().map_err(io::Error::from)?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        // Inherited blocked from the thread that started it: this thread takes them.
        let _ = blocked.thread_unblock();
        for signal in signals.forever() {
            match signal {
                SIGTSTP => {
                    // Not when no shell could continue the process (`terminal::suspend` says
                    // so and does nothing): the kernel would not stop it either.
                    let _ = super::terminal::suspend();
                    let _ = wake.send(Wake::Continued);
                }
                SIGCONT => {
                    {
                        let _held = super::terminal::lock();
                        let _ = super::terminal::enter();
                    }
                    let _ = wake.send(Wake::Continued);
                }
                SIGWINCH => {
                    let _ = wake.send(Wake::Resized);
                }
                // Caught so that it does not end the process: the write that passed the limit
                // fails with EFBIG, and whoever made it says so.
                SIGXFSZ => {}
                _ => {
                    // The event loop handles what was typed before the signal and keeps the
                    // work; then, or if it does not answer, no write is cut short.
                    let _ = wake.send(Wake::Ending(signal));
                    let mut kept = wait_for_the_work();
                    writing::finish(SAVE_PATIENCE);
                    if !kept {
                        // It may have been held up by the save just finished or cut off.
                        kept = wait_for_the_work();
                    }
                    let writes = recovery::finish_writes(WRITE_PATIENCE);
                    if writes.is_none() {
                        // The recovery file is as the last write that ended left it: said so,
                        // not that it holds the work (attack B: a change typed as the disk
                        // stalled was said kept, and was not).
                        super::latest_work_not_kept(
                            "its last change was still being written to a disk that did not answer",
                            true,
                        );
                    } else if !kept {
                        super::latest_work_not_kept(
                            "the workbench did not answer in time to write its last change",
                            false,
                        );
                    }
                    // Not waiting for the lock: a draw blocked on a stalled terminal must not
                    // keep the process from ending. Held, nobody is writing: the usual way.
                    // Not held, the main thread may be stuck in a write holding standard
                    // output: nothing that could wait for it.
                    match super::terminal::LOCK.try_lock() {
                        Ok(_held) => {
                            let _ = super::terminal::restore();
                            super::tell_where_the_work_is();
                        }
                        Err(_) => super::terminal::restore_without_waiting(super::where_the_work_is().as_deref()),
                    }
                    std::process::exit(128 + signal);
                }
            }
        }
    })?;
    Ok(())
}
