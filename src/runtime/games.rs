//! The record of games on disk: `$XDG_DATA_HOME/sudoku-workbench/games` (else
//! `~/.local/share/sudoku-workbench/games`), a line per game ([`crate::app::games`] says what a
//! line holds).
//!
//! The file is only ever appended to, never rewritten, so no game already there can be lost by
//! a write. Each line goes in one `write` to a file opened with `O_APPEND`, then `fsync`: two
//! workbenches appending at once each put their line whole at the end (the kernel moves the end
//! and writes under one lock), and a line is on the disk before the workbench says it is kept.
//! A process killed in the middle of a write (or a full disk) can leave a line cut short: the
//! next append begins on a line of its own, so the cut line stays one line, which readers skip
//! and name. Nothing here deletes or mends a line: a cut or foreign line is the person's to see.
//!
//! Only a regular file is read or written: a named pipe, a device or a directory in its place
//! is refused at once, opened without blocking should one appear between the look and the open.

use crate::app::games::{Game, MAX_LINE, Record};
use crate::text::{io_error, special_file};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// The record's file: `sudoku-workbench/games` under `$XDG_DATA_HOME`, else `~/.local/share`;
/// `None` when neither is set.
pub fn path() -> Option<PathBuf> {
    let base = super::xdg::base("XDG_DATA_HOME", ".local/share")?;
    Some(base.join("sudoku-workbench").join("games"))
}

/// Opens `path` with `options` without blocking, if it is a regular file (or, when `options`
/// may create it, not there yet).
fn open_regular(path: &Path, options: &mut std::fs::OpenOptions) -> io::Result<std::fs::File> {
    let refuse = |kind: &str| io::Error::other(format!("it is {kind}, not a regular file"));
    match std::fs::metadata(path) {
        Ok(meta) => {
            if let Some(kind) = special_file(&meta) {
                return Err(refuse(kind));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if let Some(kind) = special_file(&file.metadata()?) {
        return Err(refuse(kind));
    }
    Ok(file)
}

/// Appends `game` to the record at `path`, making the file and its folder if need be; why not,
/// for the person, if it could not be kept.
pub fn append(path: &Path, game: &Game) -> Result<(), String> {
    append_line(path, &game.line()).map_err(|e| io_error(&e))
}

/// Appends `line` (and a line end) to the file at `path`, as the module's comment says.
pub fn append_line(path: &Path, line: &str) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
    }
    let existed = std::fs::symlink_metadata(path).is_ok();
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    let file = open_regular(path, &mut options)?;
    let mut bytes = Vec::with_capacity(line.len() + 2);
    // A line cut short at the end (a process killed while it wrote) stays a line of its own:
    // this one starts after a line end. Two workbenches may both add one; a blank line is
    // nothing to a reader.
    if ends_inside_a_line(&file)? {
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    // One write: with O_APPEND the kernel puts it whole at the end, never mixed with another
    // process's. A short write (a full disk, the file size limit) leaves the line cut, which
    // readers skip; the rest is not written after it, where another line may already stand.
    let written = (&file).write(&bytes)?;
    // All but the line end: the line is whole, and a reader takes it as the game it is (the
    // next append starts with the line end it lacks). It was once said "cut short" and still
    // counted. The line end is tried once more, as any other write would.
    if written + 1 == bytes.len() {
        let _ = (&file).write(b"\n");
    } else if written < bytes.len() {
        return Err(io::Error::other(format!(
            "only {written} of its {} bytes could be written (a full disk?): the line is cut short, \
                 and is skipped when the record is read",
            bytes.len()
        )));
    }
    file.sync_data()?;
    if !existed && let Some(dir) = dir {
        // The new file's name is on the disk too, not only its bytes.
        if let Ok(dir) = std::fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

/// Whether the file's last byte is not a line end (it is not empty, and its last line was cut).
fn ends_inside_a_line(file: &std::fs::File) -> io::Result<bool> {
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(false);
    }
    let mut last = [0u8];
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(&mut last, len - 1)?;
    }
    #[cfg(not(unix))]
    {
        use std::io::{Seek, SeekFrom};
        let mut f = file;
        f.seek(SeekFrom::Start(len - 1))?;
        f.read_exact(&mut last)?;
    }
    Ok(!matches!(last[0], b'\n' | b'\r'))
}

/// What reading the record found: the record, or why the file could not be read.
pub fn read(path: &Path) -> Result<Record, String> {
    let file = match open_regular(path, std::fs::OpenOptions::new().read(true)) {
        Ok(file) => file,
        // No game played yet.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Record::default()),
        Err(e) => return Err(io_error(&e)),
    };
    read_from(file).map_err(|e| match e.kind() {
        io::ErrorKind::WouldBlock => {
            "it cannot be read now: not a file of stored text but one that waits for data".into()
        }
        _ => io_error(&e),
    })
}

/// Reads a record from `input`, line by line, whatever its size: lines end with `\n`, `\r\n`
/// or a lone `\r`; a line longer than [`MAX_LINE`] is skipped without being held whole; a
/// byte-order mark before the first line is no part of it.
pub fn read_from(input: impl Read) -> io::Result<Record> {
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut record = Record::default();
    let mut line = Vec::with_capacity(256);
    let mut number = 0u64;
    loop {
        line.clear();
        let Some(too_long) = next_line(&mut input, &mut line)? else {
            break;
        };
        number += 1;
        if number == 1 && line.starts_with(b"\xef\xbb\xbf") {
            line.drain(..3);
        }
        if too_long {
            record.skip(number, crate::app::games::LineError::TooLong);
        } else {
            record.read_line(number, &line);
        }
    }
    Ok(record)
}

/// The next line of `input` into `line` (without its end), at most [`MAX_LINE`] + 1 bytes of
/// it kept; `None` at the end of the input, else whether the line was longer than that.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    let mut any = false;
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(end) => {
                let cr = buf[end] == b'\r';
                keep(line, &buf[..end], &mut too_long);
                input.consume(end + 1);
                if cr {
                    // `\r\n` is one line end, even cut between two reads.
                    loop {
                        match input.fill_buf() {
                            Ok(next) => {
                                if next.first() == Some(&b'\n') {
                                    input.consume(1);
                                }
                                break;
                            }
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                            Err(e) => return Err(e),
                        }
                    }
                }
                return Ok(Some(too_long));
            }
            None => {
                let n = buf.len();
                keep(line, buf, &mut too_long);
                input.consume(n);
            }
        }
    }
}

/// Adds `part` to `line` as far as [`MAX_LINE`] + 1 bytes, noting when the line is longer.
fn keep(line: &mut Vec<u8>, part: &[u8], too_long: &mut bool) {
    let room = (MAX_LINE + 1).saturating_sub(line.len());
    line.extend_from_slice(&part[..part.len().min(room)]);
    if line.len() > MAX_LINE {
        *too_long = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::{LineError, Outcome};
    use std::time::Duration;

    fn game(secs: u64) -> Game {
        Game {
            date: 1_748_781_296,
            outcome: Outcome::Solved,
            level: None,
            rating: None,
            time: Duration::from_secs(secs),
            hints: 0,
            checks: 0,
            puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap(),
        }
    }

    #[test]
    fn lines_end_as_they_may_and_long_ones_are_skipped_whole() {
        let a = game(1).line();
        let b = game(2).line();
        let long = "x".repeat(3 * MAX_LINE);
        for text in [
            format!("{a}\n{b}\n"),
            format!("{a}\r\n{b}\r\n"),
            format!("{a}\r{b}\r"),
            format!("\u{feff}{a}\n\n{b}"),
        ] {
            // Through reads of every size, a line end cut between two reads included.
            for size in [1, 2, 7, 64, 1 << 16] {
                let record = read_from(Chunks(text.as_bytes(), size)).unwrap();
                assert_eq!(record.games, [game(1), game(2)], "{text:?} in reads of {size}");
                assert!(record.skipped.is_empty());
            }
        }
        let record = read_from(format!("{a}\n{long}\n{b}\n").as_bytes()).unwrap();
        assert_eq!(record.games.len(), 2);
        assert_eq!(record.skipped[0].line, 2);
        assert_eq!(record.skipped[0].why, LineError::TooLong);
    }

    /// A reader that gives at most `.1` bytes a read.
    struct Chunks<'a>(&'a [u8], usize);

    impl Read for Chunks<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_append_after_a_cut_line_starts_a_line_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep/er/games");
        append(&path, &game(1)).unwrap();
        let whole = game(2).line();
        // A write cut off halfway, as a kill leaves it.
        let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(&whole.as_bytes()[..40]).unwrap();
        append(&path, &game(3)).unwrap();
        let record = read(&path).unwrap();
        assert_eq!(record.games, [game(1), game(3)]);
        assert_eq!(record.skipped.len(), 1);
        assert_eq!(record.skipped[0].line, 2);
        assert_eq!(
            record.skipped[0].why.to_string(),
            "no puzzle: the line was cut short, or edited"
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&whole[..40]), "the cut line is kept as it is");
    }

    #[test]
    fn what_is_not_a_regular_file_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(&dir.path().join("none")), Ok(Record::default()), "no game yet");
        assert!(append(dir.path(), &game(1)).unwrap_err().contains("directory"));
        assert!(read(dir.path()).unwrap_err().contains("directory"));
        let fifo = dir.path().join("fifo");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            assert!(append(&fifo, &game(1)).unwrap_err().contains("named pipe"));
            assert!(read(&fifo).unwrap_err().contains("named pipe"));
        }
        assert!(
            append(Path::new("/dev/full"), &game(1))
                .unwrap_err()
                .contains("character device")
        );
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        assert!(
            append(&file.join("games"), &game(1)).is_err(),
            "a file where the folder goes"
        );
    }
}
