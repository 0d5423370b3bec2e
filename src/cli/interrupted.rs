//! A command stopped by a signal (Ctrl-C, SIGTERM, a closed terminal) while it writes a file
//! removes the write's temporary file before it ends: `print` killed during its write left
//! `.sudoku-workbench-*.tmp`, megabytes of it, beside `--out` for good (attack B). The
//! workbench has its own signal thread (`tui::signals`); the other commands write only to
//! their standard streams and keep the signals' default.

use crate::runtime::writing;
use signal_hook::consts::signal::{SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
use std::time::Duration;

/// How long a write under way is given to end once a signal came.
const PATIENCE: Duration = Duration::from_millis(300);

/// The signals whose default ends the process and that can be caught: SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT, and SIGUSR1, SIGUSR2, SIGALRM (those three left the temporary file: attack C).
const ENDING: [i32; 7] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM];

/// From now on, the [`ENDING`] signals cut off the writes under way (their temporary files
/// removed, the files they were for left as they were) and then end the process as the signal
/// would have.
pub fn clean_up_on_signals() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING) else {
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
