//! Opening what a command reads: a file, or standard input for `-` or no file.
//!
//! A regular file is read as a stream, however big. A named pipe (FIFO) is read as a stream too,
//! as standard input is (process substitution, `<(...)`, gives one), but opening one waits for a
//! program to write to it, and then for its first bytes: after [`FIFO_PATIENCE`] without them,
//! it is an error rather than a wait for ever. Standard input left non-blocking by another
//! program (a shell's `O_NONBLOCK`) is waited on until it has bytes, as a blocking one would be,
//! rather than failing with "Resource temporarily unavailable". Devices (`/dev/zero`), sockets and directories are refused: no puzzle comes
//! from them.

use crate::text::{io_error, printable, special_file};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sudoku_engine::Format;

/// Bytes read at a time.
const BUFFER: usize = 64 * 1024;

/// The buffer for a file of `length` bytes: [`BUFFER`], or less for a smaller file. The buffer is
/// zeroed before its first read (`Patient` is not a `File`, whose reads fill it uninitialised):
/// 16 pages touched for a one-line puzzle were a twentieth of the process's page faults.
fn buffer_for(length: Option<u64>) -> usize {
    length.map_or(BUFFER, |n| {
        usize::try_from(n).map_or(BUFFER, |n| n.saturating_add(1).clamp(4096, BUFFER))
    })
}

/// How long opening a named pipe waits for a program to write to it.
pub const FIFO_PATIENCE: Duration = Duration::from_secs(5);

/// A source of puzzles opened (a file or standard input): its name for messages, the text,
/// and the format its name suggests.
pub struct PuzzleSource {
    /// The file name as given, safe to print, or `<stdin>`.
    pub name: String,
    /// The text.
    pub reader: Box<dyn BufRead>,
    /// The format the file extension suggests, to break ties.
    pub hint: Option<Format>,
    /// Bytes left to read, where that is known (a regular file, named or as standard input,
    /// that says its size: files of `/proc` say 0): threads sharing the input then take smaller
    /// runs of it towards its end.
    pub length: Option<u64>,
}

/// Opens `path`, or standard input for `None` or `-`; the error is a message naming the file.
pub fn open_input(path: Option<&Path>) -> Result<PuzzleSource, String> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        let stdin = io::stdin();
        let length = stdin_length(&stdin);
        return Ok(PuzzleSource {
            name: "<stdin>".into(),
            // A buffer as large as a file's: runs of lines for the threads are taken from it
            // (the standard input's own holds 8 KiB; `cat 17-clue | solve --jobs 1` went from 110
            // to 95 ms).
            reader: Box::new(BufReader::with_capacity(buffer_for(length), Patient(stdin))),
            hint: None,
            length,
        });
    };
    let name = printable(&path.to_string_lossy()).into_owned();
    let cannot = |e: io::Error| format!("cannot read {name}: {}", io_error(&e));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    let file = match special_file(&meta) {
        None => File::open(path).map_err(cannot)?,
        Some(kind) if kind.contains("FIFO") => open_fifo(path).map_err(cannot)?,
        Some(kind) => return Err(format!("cannot read {name}: it is {kind}, not a puzzle file")),
    };
    let hint = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension);
    Ok(PuzzleSource {
        name,
        length: known_size(&meta),
        reader: Box::new(BufReader::with_capacity(buffer_for(known_size(&meta)), Patient(file))),
        hint,
    })
}

/// The bytes left to read on standard input, if it is a regular file (`< file`), from where
/// it stands (a script may have read some of it first).
#[cfg(unix)]
fn stdin_length(stdin: &io::Stdin) -> Option<u64> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let mut file = File::from(stdin.as_fd().try_clone_to_owned().ok()?);
    let size = known_size(&file.metadata().ok()?)?;
    Some(size.saturating_sub(file.stream_position().ok()?))
}

/// The size of a regular file that says it (a file of `/proc` says 0, whatever it holds).
fn known_size(meta: &std::fs::Metadata) -> Option<u64> {
    Some(meta.len()).filter(|&size| meta.is_file() && size > 0)
}

/// The bytes standard input holds: not known here.
#[cfg(not(unix))]
fn stdin_length(_: &io::Stdin) -> Option<u64> {
    None
}

/// Opens a named pipe for reading, waiting at most [`FIFO_PATIENCE`] for a writer and its first
/// bytes (or its end: a writer that closes it without writing gives an empty input). The open
/// waits in a thread of its own; on giving up, the program goes on (and ends) without it.
fn open_fifo(path: &Path) -> io::Result<File> {
    let start = Instant::now();
    let no_writer = || {
        io::Error::new(
            io::ErrorKind::TimedOut,
            format!(
                "it is a named pipe (FIFO) and no program wrote to it within {} s",
                FIFO_PATIENCE.as_secs()
            ),
        )
    };
    let (sender, receiver) = mpsc::channel();
    let path = path.to_path_buf();
    std::thread::Builder::new().name("open-fifo".into()).spawn(move || {
        let _ = sender.send(File::open(path));
    })?;
    let file = receiver
        .recv_timeout(FIFO_PATIENCE)
        .unwrap_or_else(|_| Err(no_writer()))?;
    // A writer that opened it and writes nothing (`exec 3>fifo; sleep 20`) would leave the first
    // read waiting for ever: its bytes are waited for in what is left of the time.
    match wait_until(
        file.as_fd(),
        PollFlags::POLLIN,
        Some(FIFO_PATIENCE.saturating_sub(start.elapsed())),
    )? {
        true => Ok(file),
        false => Err(no_writer()),
    }
}

/// Waits until `fd` is ready for `events` (or at its end, or in error: the read or write that
/// follows says which), for at most `patience` (`None`: for as long as it takes); whether it is.
pub(crate) fn wait_until(fd: BorrowedFd<'_>, events: PollFlags, patience: Option<Duration>) -> io::Result<bool> {
    let deadline = patience.map(|patience| Instant::now() + patience);
    loop {
        let timeout = match deadline {
            None => PollTimeout::NONE,
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now()).as_millis();
                PollTimeout::from(u16::try_from(left).unwrap_or(u16::MAX))
            }
        };
        match poll(&mut [PollFd::new(fd, events)], timeout) {
            Ok(0) if deadline.is_some_and(|deadline| Instant::now() >= deadline) => return Ok(false),
            Ok(0) | Err(nix::errno::Errno::EINTR) => {}
            Ok(_) => return Ok(true),
            Err(e) => return Err(e.into()),
        }
    }
}

/// A reader that waits for bytes when its descriptor is non-blocking and has none yet, instead
/// of failing with `WouldBlock` ("Resource temporarily unavailable").
struct Patient<R>(R);

impl<R: Read + AsFd> Read for Patient<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    wait_until(self.0.as_fd(), PollFlags::POLLIN, None)?;
                }
                read => return read,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's buffer holds the whole of a small file with its end (one read, then one that
    /// finds nothing), and never more than [`BUFFER`]; a size not known takes [`BUFFER`].
    #[test]
    fn a_small_file_gets_a_small_buffer() {
        assert_eq!(buffer_for(Some(82)), 4096);
        assert_eq!(buffer_for(Some(10_000)), 10_001);
        assert_eq!(buffer_for(Some(4_000_000)), BUFFER);
        assert_eq!(buffer_for(Some(u64::MAX)), BUFFER);
        assert_eq!(buffer_for(None), BUFFER);
    }
}
