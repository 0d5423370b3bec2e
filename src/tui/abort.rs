//! The terminal given back when the process dies of a signal that no thread outlives: an abort
//! (an allocation that fails, on which Rust aborts; `abort()` anywhere) and the faults SIGSEGV,
//! SIGBUS, SIGILL and SIGFPE (a bad access, a stack overflow, a bad instruction), whether the
//! processor raised them or `kill` sent them. The signal thread that restores the terminal for
//! the other signals never gets to run: here a handler does it itself, in the thread the signal
//! lands on, with async-signal-safe calls only: `write` of the bytes that undo the modes
//! ([`super::terminal::RESTORE`]) and, on standard error as every other way out says it, of
//! the message saying where the unsaved work is, and `tcsetattr` with the settings the terminal
//! had before raw mode. The recovery file is already
//! on disk: it is kept as the work changes.
//!
//! Then the handler that was there before runs, as if this one were not: Rust's own for SIGSEGV
//! and SIGBUS reports a stack overflow ("thread 'main' has overflowed its stack", now on the
//! main screen where it can be read) and aborts; signal-hook's for SIGABRT and SIGBUS wakes the
//! signal thread. Should the process still be alive after it, the signal's default ends it: the
//! handler puts the default back and raises the signal again, so the process dies of it as it
//! would have (a core dump where the system keeps them, exit status 128 + the signal in a
//! shell). An abort needs none of that: `abort()` does it once the handler returns.
//!
//! SIGABRT and SIGBUS sent by another process (`kill -ABRT`) end nothing by themselves: the
//! signal thread ends the workbench for them as for SIGTERM, keys typed before them kept. The
//! handler leaves those alone; it once gave the terminal back as well, and the message was said
//! twice, the second on top of the first.
//!
//! Everything the handler reads is made ready beforehand: a descriptor on the terminal of its
//! own that never blocks (a stalled terminal must not hang an abort), one on standard error
//! ([`message_descriptor`]), the settings, the handlers that were there before, and the message
//! as bytes.
//!
//! This is the crate's one `unsafe` outside the search: installing a signal handler and the
//! calls it makes are `unsafe` by nature; no safe wrapper may run in a handler, nor install one
//! on the alternate signal stack that a stack overflow needs.
#![allow(unsafe_code)]

use std::os::fd::IntoRawFd;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};

/// The signals handled here.
const FATAL: [libc::c_int; 5] = [libc::SIGABRT, libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE];

/// Of [`FATAL`], those the signal thread ends the workbench for when another process sends
/// them ([`super::signals::ending_signals`]).
const ENDED_IN_ORDER: [libc::c_int; 2] = [libc::SIGABRT, libc::SIGBUS];

/// The terminal's settings before the workbench set it up.
static SAVED: OnceLock<libc::termios> = OnceLock::new();

/// The handler's descriptor on the terminal (non-blocking), or -1.
static TTY: AtomicI32 = AtomicI32::new(-1);

/// The handler's descriptor on standard error, for the message, or -1.
static ERR: AtomicI32 = AtomicI32::new(-1);

/// Whether standard error is a terminal: the message then goes on a line of its own, whatever
/// the cursor's column and output processing.
static ERR_IS_TERMINAL: AtomicBool = AtomicBool::new(false);

/// The message for standard error after the restore, as bytes without a line end; null for
/// none. Messages replaced are never freed: the handler may be reading one at any moment, and
/// there are a handful in a session (it changes only when a recovery file starts or stops
/// being kept, or its writes start or stop failing).
static MESSAGE: AtomicPtr<Box<[u8]>> = AtomicPtr::new(std::ptr::null_mut());

/// For each of [`FATAL`], the action that was there before this one's.
static PREVIOUS: [OnceLock<libc::sigaction>; FATAL.len()] = [const { OnceLock::new() }; FATAL.len()];

/// For each of [`FATAL`], this one's action, to put back after a handler before it took its
/// place (Rust's own puts the default back when it finds no stack overflow).
static OURS: [OnceLock<libc::sigaction>; FATAL.len()] = [const { OnceLock::new() }; FATAL.len()];

/// Installs the handlers, once; remembers the terminal's settings as they are now. Call before
/// raw mode, and after the signal thread's handlers are in place: these run them.
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
    let is_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    ERR_IS_TERMINAL.store(is_terminal, Ordering::Release);
    ERR.store(message_descriptor(is_terminal, fd), Ordering::Release);
    for (k, &signal) in FATAL.iter().enumerate() {
        install_handler(k, signal)?;
    }
    Ok(())
}

/// The descriptor the handler says where the work is on: standard error. A terminal or a pipe
/// gets an open file description of its own that never blocks (a stalled terminal, or a
/// reader that stopped reading, must not hang an abort); a regular file, where a write never
/// waits and a description of its own would write from its own offset, over what is there,
/// gets descriptor 2 itself. Should standard error not open again (a socket), a terminal gets
/// the handler's descriptor on the terminal (`tty`), anything else descriptor 2.
fn message_descriptor(is_terminal: bool, tty: libc::c_int) -> libc::c_int {
    use std::os::unix::fs::OpenOptionsExt;
    const STDERR: &str = "/proc/self/fd/2";
    if std::fs::metadata(STDERR).is_ok_and(|m| m.file_type().is_file()) {
        return libc::STDERR_FILENO;
    }
    let own = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC)
        .open(STDERR);
    match own {
        Ok(file) => file.into_raw_fd(),
        Err(_) if is_terminal => tty,
        Err(_) => libc::STDERR_FILENO,
    }
}

/// Puts [`on_fatal`] in place for `signal`, the `k`th of [`FATAL`], remembering what was there.
fn install_handler(k: usize, signal: libc::c_int) -> std::io::Result<()> {
    // SAFETY: `sigaction` is plain data; zeroed, its mask is empty and its handler the default.
    let mut before: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: a null new action only reads the one in place into `before`, a live `sigaction`.
    if unsafe { libc::sigaction(signal, std::ptr::null(), &raw mut before) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: as above.
    let mut ours: libc::sigaction = unsafe { std::mem::zeroed() };
    ours.sa_sigaction = on_fatal as *const () as libc::sighandler_t;
    // On the alternate stack that Rust sets up for every thread: after a stack overflow, the
    // thread's own stack has no room left for a handler.
    ours.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK | libc::SA_RESTART;
    // Both set before the handler can run: it reads them.
    let _ = PREVIOUS[k].set(before);
    let _ = OURS[k].set(ours);
    // SAFETY: a pointer to a live `sigaction`; `on_fatal` makes only async-signal-safe calls
    // and reads only what is set up before it can run.
    if unsafe { libc::sigaction(signal, &raw const ours, std::ptr::null_mut()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Sets the message the handler writes after the restore (`None`: none).
pub fn set_message(message: Option<&str>) {
    let new = message.map_or(std::ptr::null_mut(), |text| {
        Box::into_raw(Box::new(text.as_bytes().into()))
    });
    // The old one is leaked on purpose (see `MESSAGE`).
    MESSAGE.swap(new, Ordering::AcqRel);
}

/// The handler: the terminal given back and the message said (once, whoever comes first), the
/// handler before it run, then the signal's default.
extern "C" fn on_fatal(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    let Some(k) = FATAL.iter().position(|&s| s == signal) else {
        return;
    };
    // SAFETY: the kernel passes a valid `siginfo_t` to an SA_SIGINFO handler (or null).
    let info_ref = unsafe { info.as_ref() };
    let from_outside = info_ref.is_some_and(sent_by_another_process);
    if from_outside && ENDED_IN_ORDER.contains(&signal) {
        // The signal thread ends the workbench for it: only wake it.
        run_previous(k, signal, info, context);
        put_back_ours(k, signal);
        return;
    }
    give_back();
    run_previous(k, signal, info, context);
    if signal == libc::SIGABRT && !from_outside {
        // `abort()` goes on to end the process once this returns.
        return;
    }
    // SAFETY: `signal` and `raise` are async-signal-safe. The signal is blocked while its
    // handler runs: raised again, it ends the process with its default the moment this returns.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// Whether `info` says another process sent the signal (`kill`, `sigqueue`), rather than the
/// processor (a fault) or this process (`abort()`, `raise`).
fn sent_by_another_process(info: &libc::siginfo_t) -> bool {
    // SI_USER, SI_QUEUE, SI_TKILL and the like are 0 or less; a fault's codes are above 0.
    // SAFETY: `si_pid` is set for the codes of 0 and below; `getpid` is async-signal-safe.
    info.si_code <= 0 && unsafe { info.si_pid() } != unsafe { libc::getpid() }
}

/// Runs the handler that was in place before ours, if it was one (not the default, not
/// "ignore"), as the kernel would have.
fn run_previous(k: usize, signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    let Some(previous) = PREVIOUS[k].get() else { return };
    let handler = previous.sa_sigaction;
    if handler == libc::SIG_DFL || handler == libc::SIG_IGN {
        return;
    }
    // SAFETY: the address is the handler the kernel would have called, with the arguments it
    // would have given it: the three of an SA_SIGINFO handler, or the signal alone.
    unsafe {
        if previous.sa_flags & libc::SA_SIGINFO != 0 {
            let run: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) = std::mem::transmute(handler);
            run(signal, info, context);
        } else {
            let run: extern "C" fn(libc::c_int) = std::mem::transmute(handler);
            run(signal);
        }
    }
}

/// Puts this module's handler back for `signal`, should the one before it have replaced it.
fn put_back_ours(k: usize, signal: libc::c_int) {
    if let Some(ours) = OURS[k].get() {
        // SAFETY: `sigaction` is async-signal-safe; the pointer is to a set `OnceLock`.
        unsafe { libc::sigaction(signal, ours, std::ptr::null_mut()) };
    }
}

/// The terminal's modes off and its settings back, if it is still set up, and the message on
/// standard error, if not said yet: nothing else.
fn give_back() {
    let fd = TTY.load(Ordering::Acquire);
    if fd < 0 {
        return;
    }
    let restore = super::terminal::RESTORE;
    // SAFETY: `write` and `tcsetattr` are async-signal-safe, and so are the atomic swaps; every
    // pointer is to memory that lives as long as the process (a constant, a set `OnceLock`, a
    // leaked message).
    unsafe {
        if super::terminal::take_set_up() {
            libc::write(fd, restore.as_ptr().cast(), restore.len());
            if let Some(saved) = SAVED.get() {
                libc::tcsetattr(fd, libc::TCSANOW, saved);
            }
        }
        let message = MESSAGE.load(Ordering::Acquire);
        let err = ERR.load(Ordering::Acquire);
        if let Some(message) = message.as_ref()
            && err >= 0
            && !super::TOLD.swap(true, Ordering::AcqRel)
        {
            // A terminal gets the line as the terminal's restore left it (`\r\n` whatever
            // its output processing); a file or a pipe the line as the other ways out write it.
            let (before, after): (&[u8], &[u8]) = if ERR_IS_TERMINAL.load(Ordering::Acquire) {
                (b"\r\n", b"\r\n")
            } else {
                (b"", b"\n")
            };
            libc::write(err, before.as_ptr().cast(), before.len());
            libc::write(err, message.as_ptr().cast(), message.len());
            libc::write(err, after.as_ptr().cast(), after.len());
        }
    }
}
