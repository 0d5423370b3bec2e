//! A command stopped by a signal (Ctrl-C, SIGTERM, a closed terminal) while it writes a file
//! removes the write's temporary file before it ends: `print` killed during its write left
//! `.sudoku-workbench-*.tmp`, megabytes of it, beside `--out` for good (attack B). The
//! workbench has its own signal thread (`tui::signals`); the other commands write only to
//! their standard streams and keep the signals' default.

use crate::runtime::writing;
use std::time::Duration;

/// How long a write under way is given to end once a signal came.
const PATIENCE: Duration = Duration::from_millis(300);

/// The signals whose default ends the process and that can be caught, as the workbench's
/// signal thread takes them, less the faults a thread raises itself (SIGABRT, SIGBUS, SIGTRAP,
/// SIGSYS): SIGUSR1, SIGUSR2 and SIGALRM left the temporary file (attack C), then SIGXCPU (what
/// `ulimit -t` sends), SIGVTALRM, SIGPROF, SIGIO, SIGPWR and the real-time ones (attack D).
fn ending() -> Vec<i32> {
    use signal_hook::consts::signal::{SIGABRT, SIGBUS, SIGSYS, SIGTRAP};
    crate::tui::signals::ending_signals()
        .into_iter()
        .filter(|s| ![SIGABRT, SIGBUS, SIGTRAP, SIGSYS].contains(s))
        .collect()
}

/// From now on, the [`ending`] signals cut off the writes under way (their temporary files
/// removed, the files they were for left as they were) and then end the process as the signal
/// would have.
pub fn clean_up_on_signals() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new(ending()) else {
        return;
    };
    let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
        if let Some(signal) = signals.forever().next() {
            writing::finish(PATIENCE);
            // Ended by the signal itself, as without this thread (a shell tells a Ctrl-C
            // from an exit status): its default action, now that nothing is left behind.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}
