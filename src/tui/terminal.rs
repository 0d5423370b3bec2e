//! The terminal's modes, set in one place and undone in one place: raw mode, the alternate
//! screen, mouse capture, bracketed paste, focus reports and a hidden cursor. [`restore`] undoes
//! all of them on every way out (a quit, an error, a panic, a signal) and before a suspend;
//! [`enter`] sets them again after one. An abort, which no thread outlives, has a handler of its
//! own ([`super::abort`]) that writes [`RESTORE`].
//!
//! The main thread draws while holding [`LOCK`], and the signal thread takes it to suspend or
//! set the terminal up again, so that no frame is written half on the shell's screen.

use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableFocusChange, DisableMouseCapture, EnableBracketedPaste, EnableFocusChange,
    EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// Held while the terminal is written to.
pub static LOCK: Mutex<()> = Mutex::new(());

/// Whether the terminal is set up for the workbench: [`enter`] sets it, the first way back
/// takes it, and the others then leave the terminal alone. Undoing the modes twice is not
/// harmless: leaving the alternate screen again puts the cursor back where it was at start, and
/// the next message overwrote the one before.
pub static SET_UP: AtomicBool = AtomicBool::new(false);

/// Whether the terminal was set up and is now to be given back by the caller, who alone does.
pub fn take_set_up() -> bool {
    SET_UP.swap(false, Ordering::AcqRel)
}

/// Takes [`LOCK`], whatever a panic did to it.
pub fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether the terminal's output was found non-blocking by [`enter`], and is to be put back so.
static FOUND_NONBLOCKING: AtomicBool = AtomicBool::new(false);

/// Makes standard output blocking, as a terminal's is: a program that ended badly can leave its
/// file non-blocking (`O_NONBLOCK` belongs to the file, shared with the shell), and then a frame
/// bigger than what the terminal holds failed with "Resource temporarily unavailable", ending
/// the workbench and, half the time, its restore with it (attack A). Whether it was.
fn make_output_blocking() -> bool {
    use nix::fcntl::{FcntlArg, OFlag, fcntl};
    use std::os::fd::AsRawFd;
    let fd = io::stdout().as_raw_fd();
    let Ok(flags) = fcntl(fd, FcntlArg::F_GETFL).map(OFlag::from_bits_truncate) else {
        return false;
    };
    flags.contains(OFlag::O_NONBLOCK) && fcntl(fd, FcntlArg::F_SETFL(flags - OFlag::O_NONBLOCK)).is_ok()
}

/// Puts standard output back to non-blocking, as [`make_output_blocking`] found it.
fn put_back_nonblocking() {
    use nix::fcntl::{FcntlArg, OFlag, fcntl};
    use std::os::fd::AsRawFd;
    let fd = io::stdout().as_raw_fd();
    if let Ok(flags) = fcntl(fd, FcntlArg::F_GETFL).map(OFlag::from_bits_truncate) {
        let _ = fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK));
    }
}

/// The most columns and rows drawn: a terminal that says it is bigger (65535x65535 from a
/// broken or hostile one) had the workbench make frames of that many cells, 206 GB, and abort
/// (attack A). The screen is drawn in its top left corner.
pub const MAX_SIZE: (u16, u16) = (1000, 500);

/// The terminal's size as the workbench draws it: its own, up to [`MAX_SIZE`].
pub fn size() -> io::Result<(u16, u16)> {
    let (columns, rows) = ratatui::crossterm::terminal::size()?;
    Ok((columns.min(MAX_SIZE.0), rows.min(MAX_SIZE.1)))
}

/// Sets the terminal up for the workbench.
pub fn enter() -> io::Result<()> {
    // Before anything is set: should a part fail, the restore undoes the parts set.
    SET_UP.store(true, Ordering::Release);
    if make_output_blocking() {
        FOUND_NONBLOCKING.store(true, Ordering::Release);
    }
    enable_raw_mode()?;
    // Clearing with an escape sequence, not `Terminal::clear`, which asks the terminal where its
    // cursor is and waits for an answer that some terminals never send.
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        Clear(ClearType::All),
        EnableMouseCapture,
        EnableBracketedPaste,
        // The game's clock stops while the terminal is out of focus (terminals that do not
        // report it ignore this).
        EnableFocusChange,
        Hide
    )
}

/// Puts the terminal back: raw mode off, main screen, no mouse capture, no bracketed paste, no
/// focus reports, cursor shown. Safe to call more than once and on a terminal never set up:
/// only the first call after [`enter`] does anything.
pub fn restore() -> io::Result<()> {
    if !take_set_up() {
        return Ok(());
    }
    let raw = disable_raw_mode();
    let mut out = io::stdout();
    let modes = execute!(
        out,
        DisableFocusChange,
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
    let flushed = out.flush();
    if FOUND_NONBLOCKING.swap(false, Ordering::AcqRel) {
        put_back_nonblocking();
    }
    raw.and(modes).and(flushed)
}

/// The bytes that undo the modes [`enter`] sets: focus reports, bracketed paste, mouse capture,
/// the alternate screen, the hidden cursor.
pub const RESTORE: &[u8] =
    b"\x1b[?1004l\x1b[?2004l\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

/// Puts the terminal back without waiting for anything: for a signal that ends the process
/// while the main thread is stuck writing to a terminal that reads nothing (it holds standard
/// output's lock). Raw mode goes off; the modes are undone through a non-blocking handle on
/// the terminal, as far as it takes them. `message` goes the same way.
pub fn restore_without_waiting(message: Option<&str>) {
    let set_up = take_set_up();
    if set_up {
        let _ = disable_raw_mode();
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        if let Ok(mut tty) = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open("/dev/tty")
        {
            if set_up {
                let _ = tty.write_all(RESTORE);
            }
            if let Some(message) = message
                && !super::TOLD.swap(true, Ordering::AcqRel)
            {
                let _ = tty.write_all(format!("\r\n{message}\r\n").as_bytes());
            }
        }
    }
}

/// Gives the terminal back and stops the process, as Ctrl-Z does to a program in cooked mode;
/// when the shell continues it (`fg`), sets the terminal up again. The caller redraws the whole
/// screen then.
pub fn suspend() -> io::Result<()> {
    let _held = lock();
    if !a_shell_can_resume() {
        return Err(io::Error::other(NO_SHELL));
    }
    restore()?;
    // SIGSTOP cannot be caught: the process stops here, and goes on from here on SIGCONT.
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
    enter()
}

/// Why [`suspend`] did not stop the process.
pub const NO_SHELL: &str = "no shell here can bring the workbench back (it was started without one, as by `ssh -t`)";

/// Whether a shell with job control can continue the process once it stops: whether its
/// process group is not orphaned, in POSIX's words (some member has a parent in another group
/// of the same session: the shell that started the job). Started by `ssh -t host
/// sudoku-workbench`, `script -c`, or a launcher's `-e`, it leads its own session, and stopped
/// it stayed stopped for good, the terminal seemingly frozen (attack A); the kernel does not
/// stop such a group on Ctrl-Z either. Read from `/proc`; where it cannot be read, yes.
pub fn a_shell_can_resume() -> bool {
    /// A process's parent, group and session, from `/proc/PID/stat` (after the name, which
    /// may hold anything: the last `)`).
    fn ids(stat: &str) -> Option<(u32, u32, u32)> {
        let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace().skip(1);
        let mut next = || fields.next()?.parse().ok();
        Some((next()?, next()?, next()?))
    }
    let read = |pid: &str| std::fs::read_to_string(format!("/proc/{pid}/stat")).ok();
    let Some((_, group, session)) = read("self").as_deref().and_then(ids) else {
        return true;
    };
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return true;
    };
    processes.flatten().any(|entry| {
        let name = entry.file_name();
        let Some(pid) = name.to_str().filter(|n| n.bytes().all(|b| b.is_ascii_digit())) else {
            return false;
        };
        let Some((parent, their_group, _)) = read(pid).as_deref().and_then(ids) else {
            return false;
        };
        their_group == group
            && read(&parent.to_string())
                .as_deref()
                .and_then(ids)
                .is_some_and(|(_, parents_group, parents_session)| parents_group != group && parents_session == session)
    })
}

/// The terminal set up for the workbench; dropping it restores the terminal.
pub struct Guard(());

impl Guard {
    /// Sets the terminal up, restoring it again if any part fails.
    pub fn enter() -> io::Result<Guard> {
        install_panic_hook();
        // Before raw mode: the handler puts back the terminal as it is now. Without it an abort
        // leaves the terminal as it finds it, as before; not a reason to refuse to start.
        let _ = super::abort::install();
        let guard = Guard(());
        enter()?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = restore();
    }
}

/// Makes a panic restore the terminal before its message is printed, so the message is readable
/// and the shell usable; then says where the unsaved work is.
pub fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = restore();
            previous(info);
            super::tell_where_the_work_is();
        }));
    });
}
