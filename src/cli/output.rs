//! Standard output and standard error for the headless commands, so that a failed write is an
//! exit status of 2 and never a panic or a silent success.
//!
//! A stream closed by the shell (`>&-`) does not show as one: at start-up the Rust runtime opens
//! `/dev/null` in place of a closed standard stream, so that writing to it would succeed and the
//! output vanish. The binary looks at the three streams before the runtime does (a constructor in
//! `main.rs`) and tells this module with [`note_closed_at_start`]. Guessing afterwards from
//! `/dev/null` open for reading and writing, as was done before, called a legitimate `/dev/null`
//! closed: Python's `subprocess.DEVNULL` and systemd's `StandardOutput=null` open it that way.
//!
//! A stream left non-blocking by another program (`O_NONBLOCK` on a pipe with a slow reader)
//! is waited on until it takes bytes again, as a blocking one would be, rather than failing
//! with "Resource temporarily unavailable".

use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

/// A standard stream as the commands write to it: an error on every write if it was closed
/// when the program started (see the module documentation).
pub struct Stream<W> {
    inner: W,
    closed: bool,
    name: &'static str,
    fd: u8,
}

impl<W: Write> Stream<W> {
    /// `inner`, which is file descriptor `fd` (1 or 2), called `name` in messages.
    pub fn new(inner: W, fd: u8, name: &'static str) -> Stream<W> {
        Stream {
            inner,
            closed: was_closed(fd),
            name,
            fd,
        }
    }

    /// Waits until this stream takes bytes again, after a write that would have blocked.
    fn wait(&self) -> io::Result<()> {
        use nix::poll::PollFlags;
        use std::os::fd::AsFd;
        let (stdout, stderr) = (io::stdout(), io::stderr());
        let fd = if self.fd == 1 { stdout.as_fd() } else { stderr.as_fd() };
        super::input::wait_until(fd, PollFlags::POLLOUT, None).map(drop)
    }

    /// `op` on the inner writer, again after each wait while it would block. (A write that
    /// would block takes nothing of what it was given, so it can be done again as it was.)
    fn patiently<T>(&mut self, mut op: impl FnMut(&mut W) -> io::Result<T>) -> io::Result<T> {
        self.check()?;
        loop {
            match op(&mut self.inner) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.wait()?,
                done => return done,
            }
        }
    }

    fn check(&self) -> io::Result<()> {
        if self.closed {
            return Err(io::Error::other(format!("{} is closed", self.name)));
        }
        Ok(())
    }
}

impl<W: Write> Write for Stream<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.patiently(|inner| inner.write(buf))
    }

    fn write_all(&mut self, mut buf: &[u8]) -> io::Result<()> {
        // Checked first: even nothing written to a closed stream is an error.
        self.check()?;
        while !buf.is_empty() {
            match self.write(buf) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => buf = &buf[n..],
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.patiently(W::flush)
    }
}

/// The standard streams closed when the process started, a bit per file descriptor (0, 1, 2).
static CLOSED_AT_START: AtomicU8 = AtomicU8::new(0);

/// Records which standard streams were closed when the process started (bit `fd` set for a
/// closed one), as seen before the Rust runtime put `/dev/null` in their place.
pub fn note_closed_at_start(closed: u8) {
    CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

/// Whether file descriptor `fd` (0, 1 or 2) was closed when the program started and the runtime
/// put `/dev/null` in its place. Always `false` where nothing looked before the runtime (the
/// library used without the binary's constructor).
pub fn was_closed(fd: u8) -> bool {
    fd < 8 && CLOSED_AT_START.load(Ordering::Relaxed) & (1 << fd) != 0
}

/// Whether `e` says the reader of a pipe went away (`| head`): not a failure to report.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// `text` with its control characters other than line ends escaped (`\u{1b}`, `\t`), for a
/// terminal, which would obey them (an ESC sequence can recolour, move or retitle it); `None`
/// if it has none. Written elsewhere (a file, a pipe) text is kept byte for byte.
pub fn escaped_for_terminal(text: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(text);
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return None;
    }
    let lines: Vec<_> = text.split('\n').map(crate::text::printable).collect();
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_control_characters_other_than_line_ends_are_escaped() {
        assert_eq!(escaped_for_terminal(b"#A plain\n4..\n"), None);
        assert_eq!(
            escaped_for_terminal(b"#A a\x1b[31mb\x07\tc\n4..\n").as_deref(),
            Some("#A a\\u{1b}[31mb\\u{7}\\tc\n4..\n")
        );
    }
}
