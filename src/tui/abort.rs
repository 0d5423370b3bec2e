//! The terminal given back when the process aborts: an allocation that fails (Rust aborts on
//! one), a stack overflow, `abort()` anywhere. No thread outlives an abort, so the signal thread
//! that restores the terminal for the other signals never runs; here a handler of SIGABRT does
//! it itself, in the aborting thread, with async-signal-safe calls only: `write` of the bytes
//! that undo the modes ([`super::terminal::RESTORE`]) and of the message saying where the
//! unsaved work is, and `tcsetattr` with the settings the terminal had before raw mode. Then the
//! abort goes on (the handler returns, `abort` ends the process, exit status 134 in a shell).
//! The recovery file is already on disk: it is kept as the work changes.
//!
//! Everything the handler reads is made ready beforehand: a descriptor on the terminal of its
//! own that never blocks (a stalled terminal must not hang an abort), the settings, and the
//! message as bytes.
//!
//! This is the crate's one `unsafe` outside the search: registering a signal handler and the
//! calls it makes are `unsafe` by nature; no safe wrapper may run in a handler.
#![allow(unsafe_code)]

use std::os::fd::IntoRawFd;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};

/// The terminal's settings before the workbench set it up.
static SAVED: OnceLock<libc::termios> = OnceLock::new();

/// The handler's descriptor on the terminal (non-blocking), or -1.
static TTY: AtomicI32 = AtomicI32::new(-1);

/// The message for the terminal after the restore, as bytes; null for none. Messages replaced
/// are never freed: the handler may be reading one at any moment, and there are a handful in a
/// session (the path changes only when a recovery file starts or stops being kept).
static MESSAGE: AtomicPtr<Box<[u8]>> = AtomicPtr::new(std::ptr::null_mut());

/// Installs the handler, once; remembers the terminal's settings as they are now (call before
/// raw mode).
pub fn install() -> std::io::Result<()> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| install_once().map_err(|e| e.to_string()))
        .clone()
        .map_err(std::io::Error::other)
}

fn install_once() -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    // An open file description of its own, so that O_NONBLOCK changes nothing for standard
    // output: the controlling terminal, else whatever standard output is.
    let open = |path: &str| {
        std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC)
            .open(path)
    };
    let tty = open("/dev/tty").or_else(|_| open("/proc/self/fd/1"))?;
    let fd = tty.into_raw_fd();
    // SAFETY: `fd` is open; `termios` is plain data that `tcgetattr` fills.
    let mut termios: libc::termios = unsafe { std::mem::zeroed() };
    if unsafe { libc::tcgetattr(fd, &raw mut termios) } != 0 {
        let error = std::io::Error::last_os_error();
        // SAFETY: `fd` is ours and used nowhere else.
        unsafe { libc::close(fd) };
        return Err(error);
    }
    let _ = SAVED.set(termios);
    TTY.store(fd, Ordering::Release);
    // SAFETY: `on_abort` makes only async-signal-safe calls and reads only what is set up
    // before it can run (atomics, a `OnceLock` already set, leaked bytes never freed).
    unsafe { signal_hook::low_level::register(libc::SIGABRT, on_abort) }?;
    Ok(())
}

/// Sets the message the handler writes after the restore (`None`: none).
pub fn set_message(message: Option<&str>) {
    let new = message.map_or(std::ptr::null_mut(), |text| {
        Box::into_raw(Box::new(format!("\r\n{text}\r\n").into_bytes().into_boxed_slice()))
    });
    // The old one is leaked on purpose (see `MESSAGE`).
    MESSAGE.swap(new, Ordering::AcqRel);
}

/// The handler: the terminal's modes off, its settings back, the message; nothing else.
fn on_abort() {
    let fd = TTY.load(Ordering::Acquire);
    if fd < 0 {
        return;
    }
    let restore = super::terminal::RESTORE;
    // SAFETY: `write` and `tcsetattr` are async-signal-safe; every pointer is to memory that
    // lives as long as the process (a constant, a set `OnceLock`, a leaked message).
    unsafe {
        libc::write(fd, restore.as_ptr().cast(), restore.len());
        if let Some(saved) = SAVED.get() {
            libc::tcsetattr(fd, libc::TCSANOW, saved);
        }
        let message = MESSAGE.load(Ordering::Acquire);
        if let Some(message) = message.as_ref() {
            libc::write(fd, message.as_ptr().cast(), message.len());
        }
    }
}
