//! Signals, handled on a thread of their own: every signal whose default would end the process
//! (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the rest that can be caught)
//! restores the terminal, says where the unsaved work is (its recovery file is always up to
//! date) and exits with 128 + the signal's number; SIGTSTP suspends with the terminal given back
//! and SIGCONT sets it up again; SIGWINCH is a resize. SIGKILL and SIGSTOP cannot be caught:
//! after SIGKILL (the kernel's out-of-memory killer sends it too) the work is in the recovery
//! file all the same, and `reset` restores the terminal.

use super::Wake;
use signal_hook::consts::signal::*;
use std::io;
use std::sync::mpsc::Sender;

/// The signals that end a process by default and can be caught.
pub fn ending_signals() -> Vec<i32> {
    let mut signals = vec![
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGABRT,
        SIGBUS, SIGTRAP, SIGSYS,
    ];
    #[cfg(target_os = "linux")]
    {
        signals.extend([libc::SIGIO, libc::SIGPWR, libc::SIGSTKFLT]);
        signals.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    signals
}

/// Starts the signal thread; it wakes the event loop through `wake`.
pub fn watch(wake: Sender<Wake>) -> io::Result<()> {
    let ending = ending_signals();
    let mut all = ending.clone();
    all.extend([SIGTSTP, SIGCONT, SIGWINCH]);
    let mut signals = signal_hook::iterator::Signals::new(&all)?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        for signal in signals.forever() {
            match signal {
                SIGTSTP => {
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
                _ => {
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
