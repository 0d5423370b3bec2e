//! How the headless commands end when something goes badly wrong: a panic, an allocation that
//! fails, a file size limit. Each ends with one `error:` line on standard error, never with a
//! hang or in silence.
//!
//! - **A panic** on any thread: the standard hook prints a backtrace when `RUST_BACKTRACE` is
//!   set, which allocates and takes a lock of its own; under a memory limit (`solve --jobs 2`
//!   under `ulimit -v`, a new thread failing to get its signal stack) a thread was left there
//!   for ever, and the command's thread waited for its batch for ever. Ours writes the message
//!   straight to file descriptor 2, with no lock and no allocation (no backtrace), and ends the
//!   process at once with status 101, Rust's for a panic.
//! - **A failed allocation** makes Rust abort; a handler of SIGABRT then writes `error: out of
//!   memory` (when the allocator, [`Flagging`], saw one fail) with async-signal-safe calls only,
//!   and the abort goes on (status 134).
//! - **SIGXFSZ** (`ulimit -f`) is ignored, so that the write past the limit fails with EFBIG and
//!   is reported like a full disk, instead of the signal ending the process in silence.
//!
//! Only the command line sets these up; the workbench has its own (`tui::signals`,
//! `tui::abort`). Signal handlers and the allocator's interface are `unsafe` by nature.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether an allocation failed: then an abort is for want of memory.
static OUT_OF_MEMORY: AtomicBool = AtomicBool::new(false);

/// The system's allocator, noting an allocation that fails. `main` makes it the global one.
pub struct Flagging;

// SAFETY: every call is passed on to `System` unchanged; a null result is only noted.
unsafe impl GlobalAlloc for Flagging {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller keeps `GlobalAlloc::alloc`'s contract, which is `System`'s.
        noted(unsafe { System.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        noted(unsafe { System.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and the caller keeps `realloc`'s contract.
        noted(unsafe { System.realloc(ptr, layout, new_size) })
    }
}

/// `ptr`, noting a failed allocation (null).
#[inline]
fn noted(ptr: *mut u8) -> *mut u8 {
    if ptr.is_null() {
        OUT_OF_MEMORY.store(true, Ordering::Relaxed);
    }
    ptr
}

/// Sets up the panic hook, the abort handler and SIGXFSZ for a headless command. A step that
/// fails is skipped: the command still runs, as it did without it.
pub fn prepare() {
    std::panic::set_hook(Box::new(on_panic));
    // SAFETY: ignoring a signal touches no memory of ours.
    unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
    // SAFETY: `on_abort` makes only async-signal-safe calls (`write`) and reads an atomic.
    let _ = unsafe { signal_hook::low_level::register(libc::SIGABRT, on_abort) };
}

/// The handler: the line saying why, then the abort goes on. The default action is put back
/// and the signal raised again (pending until this handler returns): an abort of the process's
/// own would end it anyway, but a SIGABRT sent by another (`kill -ABRT`) said "aborted" and
/// then let the command go on to exit 0 (attack H).
fn on_abort() {
    let line: &[u8] = if OUT_OF_MEMORY.load(Ordering::Relaxed) {
        b"error: out of memory\n"
    } else {
        b"error: aborted\n"
    };
    // SAFETY: `write`, `signal` and `raise` are async-signal-safe; the bytes are a constant.
    unsafe {
        libc::write(2, line.as_ptr().cast(), line.len());
        libc::signal(libc::SIGABRT, libc::SIG_DFL);
        libc::raise(libc::SIGABRT);
    }
}

/// The panic hook: one line on file descriptor 2, then the end of the process.
fn on_panic(info: &std::panic::PanicHookInfo<'_>) {
    let mut line = LineBuffer::default();
    let message = info
        .payload()
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    let _ = write!(line, "error: internal error: {message}");
    if let Some(at) = info.location() {
        let _ = write!(line, " (at {}:{})", at.file(), at.line());
    }
    let bytes = line.finish();
    // SAFETY: `write` and `_exit` touch nothing but the bytes given; `_exit` runs no exit
    // handlers, which could wait for locks the other threads hold.
    unsafe {
        libc::write(2, bytes.as_ptr().cast(), bytes.len());
        libc::_exit(101);
    }
}

/// Bytes of a panic's line kept: the rest is cut (a message can be any length).
const LINE: usize = 1024;

/// A line built without allocating: text past [`LINE`] bytes (less its newline) is dropped.
struct LineBuffer {
    bytes: [u8; LINE],
    len: usize,
}

impl Default for LineBuffer {
    fn default() -> LineBuffer {
        LineBuffer {
            bytes: [0; LINE],
            len: 0,
        }
    }
}

impl std::fmt::Write for LineBuffer {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let room = LINE - 1 - self.len;
        let take = text.len().min(room);
        self.bytes[self.len..self.len + take].copy_from_slice(&text.as_bytes()[..take]);
        self.len += take;
        Ok(())
    }
}

impl LineBuffer {
    /// The line with its newline.
    fn finish(&mut self) -> &[u8] {
        self.bytes[self.len] = b'\n';
        &self.bytes[..=self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_is_cut_to_one_line() {
        let mut line = LineBuffer::default();
        write!(line, "error: {}", "x".repeat(5000)).unwrap();
        let bytes = line.finish();
        assert_eq!(bytes.len(), LINE);
        assert!(bytes.starts_with(b"error: xxx"));
        assert_eq!(bytes.last(), Some(&b'\n'));
    }
}
