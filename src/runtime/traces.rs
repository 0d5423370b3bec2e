//! Search traces as files: reading one to replay it in step mode (its header, then its steps up
//! to [`MAX_REPLAY_STEPS`], each line checked), and writing the search on screen as one, in the
//! format of `sudoku-workbench trace --format jsonl`.
//!
//! A trace is read line by line (its lines may end as any text file's: LF, CRLF or CR alone, and
//! a byte-order mark may open it) and bounded however big the file: a line is at most
//! `MAX_LINE` bytes, a run of blank lines at most `MAX_BLANK_RUN`, and reading stops at the
//! first step past [`MAX_REPLAY_STEPS`] (which is checked too, so that every step number the
//! workbench says it read was read and found in order).

use super::counting::{Counting, CountingReader};
use super::files::open_regular_any_size;
pub use crate::app::effect::{ExportRequest, MAX_REPLAY_STEPS, TraceFile};
use crate::app::reading::ReadProgress;
use crate::app::stepper::Replay;
use crate::text::{grouped, io_error};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use sudoku_engine::search::trace::{header, read_header, read_step, step_line};
use sudoku_engine::{Board, Search, Strategy};

/// No line of a trace is near this long; a longer one is not a trace (and is not read whole).
const MAX_LINE: u64 = 4096;

/// Blank lines in a row that a trace may hold. The workbench and `trace --format jsonl` write
/// none; a blank line or a few (an editor's, a line end too many) are skipped, but a run longer
/// than this is an error at its first line: a file of millions of blank lines is no trace, and
/// reading a gigabyte of them to find out would keep the screen waiting for nothing.
pub const MAX_BLANK_RUN: usize = 1000;

/// Whether `first_line` looks like the header of a trace (a JSON object naming `trace`), so
/// that its errors are told as a trace's rather than as a puzzle file's.
pub fn looks_like_trace(first_line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(first_line);
    let text = text.trim_start();
    text.starts_with('{') && text.contains("\"trace\"")
}

/// The lines of a trace, each of at most [`MAX_LINE`] bytes. A line ends as in every file the
/// workbench reads: `\n`, `\r\n` or a lone `\r` (an old Mac editor's, or `tr '\n' '\r'`); the
/// first line's UTF-8 byte-order mark (a Windows editor's) is not part of the header.
struct TraceLines<R> {
    reader: R,
    /// The last line ended with a carriage return: a line feed right after it belongs to it.
    after_cr: bool,
}

impl<R: BufRead> TraceLines<R> {
    fn new(reader: R) -> TraceLines<R> {
        TraceLines {
            reader,
            after_cr: false,
        }
    }

    /// Line `number` (1 for the first), without its end; `None` at the end of the file.
    fn line(&mut self, number: usize) -> Result<Option<String>, String> {
        let mut bytes = Vec::new();
        let mut ended = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(&e)),
            };
            if chunk.is_empty() {
                break;
            }
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(chunk.len());
            if (bytes.len() + take) as u64 > MAX_LINE {
                return Err(format!("line {number} is longer than any line of a trace"));
            }
            bytes.extend_from_slice(&chunk[..take]);
            match end {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    self.reader.consume(i + 1);
                    ended = true;
                    break;
                }
                None => self.reader.consume(take),
            }
        }
        if bytes.is_empty() && !ended {
            return Ok(None);
        }
        if number == 1 && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| format!("line {number} is not UTF-8 text"))
    }
}

/// The UTF-8 byte-order mark some editors put before the first line.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The trace at `path`, `None` if the file is no trace (its first line is not a trace's
/// header) or cannot be opened as a regular file (the puzzle reader then says why), or what is
/// wrong with it, by line and column.
pub fn read_trace(path: &Path) -> Result<Option<TraceFile>, String> {
    read_trace_counted(path, &ReadProgress::default())
}

/// [`read_trace`], counting into `progress` the bytes and steps read, and stopping once it is
/// given up.
pub fn read_trace_counted(path: &Path, progress: &ReadProgress) -> Result<Option<TraceFile>, String> {
    let Ok((file, meta)) = open_regular_any_size(path) else {
        return Ok(None);
    };
    progress.set_total(meta.len());
    let reader = BufReader::new(CountingReader::new(file, progress, Counting::Read));
    read_trace_up_to(reader, MAX_REPLAY_STEPS, progress)
}

/// The puzzle and strategy in the header of the trace at `path`, `None` if it is no trace (for
/// the file browser's preview, which reads no further).
pub fn read_trace_header(path: &Path) -> Result<Option<(Board, Strategy)>, String> {
    let Ok((file, _)) = open_regular_any_size(path) else {
        return Ok(None);
    };
    let first = match TraceLines::new(BufReader::new(file)).line(1) {
        Ok(Some(first)) if looks_like_trace(first.as_bytes()) => first,
        _ => return Ok(None),
    };
    read_header(&first, 1).map(Some).map_err(|e| e.to_string())
}

/// The trace `reader` holds; see [`read_trace`].
pub fn read_trace_from(reader: impl BufRead) -> Result<Option<TraceFile>, String> {
    read_trace_up_to(reader, MAX_REPLAY_STEPS, &ReadProgress::default())
}

/// The trace `reader` holds, its first `most` steps; the step after them, if there is one, is
/// checked but not kept. Steps are counted into `progress`.
fn read_trace_up_to(reader: impl BufRead, most: u64, progress: &ReadProgress) -> Result<Option<TraceFile>, String> {
    let mut lines = TraceLines::new(reader);
    let first = match lines.line(1) {
        Ok(Some(first)) => first,
        Ok(None) => return Ok(None),
        // Too long, or not text: not a trace, whatever else it is.
        Err(_) => return Ok(None),
    };
    if !looks_like_trace(first.as_bytes()) {
        return Ok(None);
    }
    let (puzzle, strategy) = read_header(&first, 1).map_err(|e| e.to_string())?;
    progress.set_trace();
    let mut steps = Vec::new();
    let mut number = 1;
    let mut blank_run = 0;
    let truncated = loop {
        number += 1;
        let Some(text) = lines.line(number)? else {
            break false;
        };
        if text.trim().is_empty() {
            blank_run += 1;
            if blank_run > MAX_BLANK_RUN {
                return Err(format!(
                    "line {}: over {} blank lines in a row",
                    number - MAX_BLANK_RUN,
                    grouped(MAX_BLANK_RUN as u64)
                ));
            }
            continue;
        }
        blank_run = 0;
        let step = read_step(&text, number, steps.len() as u64 + 1).map_err(|e| e.to_string())?;
        if steps.len() as u64 == most {
            // The first step past what is replayed is checked, not kept: the trace goes on.
            break true;
        }
        // Up to a million steps: their memory is asked for, so that a trace too big for the
        // memory there is is refused rather than the end of the program.
        if steps.try_reserve(1).is_err() {
            return Err(format!(
                "not enough memory to hold its steps past step {}",
                grouped(steps.len() as u64)
            ));
        }
        steps.push(step);
        progress.add_step();
    };
    if steps.is_empty() {
        return Err("the trace has its header but no step".into());
    }
    Ok(Some(TraceFile {
        puzzle,
        strategy,
        replay: Replay { steps, truncated },
    }))
}

/// Writes the trace `request` asks for into a new file (never over one), named
/// `<stem>.<strategy>.trace.jsonl` or with `-2`, `-3`... before `.jsonl` if taken; the path and
/// the steps written.
pub fn export(request: &ExportRequest) -> Result<(PathBuf, u64), String> {
    if request.steps > MAX_REPLAY_STEPS {
        return Err(format!(
            "{} steps are more than a trace the workbench replays ({}); \
             `sudoku-workbench trace --format jsonl` writes any length",
            grouped(request.steps),
            grouped(MAX_REPLAY_STEPS)
        ));
    }
    let mut search = Search::new(&request.puzzle, request.strategy).map_err(|e| format!("no search: {e}"))?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".trace-");
    // A trace is a file like the others the workbench saves: it follows the umask.
    if let Some(permissions) = super::files::new_file_permissions(super::files::NEW_FILE_MODE) {
        builder.permissions(permissions);
    }
    // Registered while it runs: a process ending meanwhile removes the temporary file rather
    // than leave it in the player's folder.
    let (_writing, mut temp) =
        super::writing::temporary(|| builder.tempfile_in(&request.dir)).map_err(|e| io_error(&e))?;
    let written;
    {
        let mut out = io::BufWriter::new(temp.as_file_mut());
        let write = |out: &mut io::BufWriter<&mut std::fs::File>, search: &mut Search| -> io::Result<u64> {
            writeln!(out, "{}", header(&request.puzzle, request.strategy))?;
            let mut written = 0;
            for number in 1..=request.steps {
                let Some(step) = search.next() else { break };
                writeln!(out, "{}", step_line(number, &step))?;
                written = number;
            }
            out.flush()?;
            out.get_ref().sync_all()?;
            Ok(written)
        };
        written = write(&mut out, &mut search).map_err(|e| io_error(&e))?;
    }
    super::writing::pause_for_tests();
    let stem = if request.stem.is_empty() {
        "puzzle"
    } else {
        &request.stem
    };
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{stem}.{}.trace.jsonl", request.strategy)
        } else {
            format!("{stem}.{}.trace-{n}.jsonl", request.strategy)
        };
        let path = request.dir.join(name);
        match temp.persist_noclobber(&path) {
            Ok(_) => return Ok((path, written)),
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => temp = e.file,
            Err(e) => return Err(io_error(&e.error)),
        }
    }
    Err("every name for the trace is taken".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_trace_reads_back_step_for_step() {
        let dir = tempfile::tempdir().unwrap();
        let puzzle: Board = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/hardest.sdk"))
            .unwrap()
            .parse()
            .unwrap();
        let request = ExportRequest {
            dir: dir.path().to_path_buf(),
            stem: "hardest".into(),
            puzzle: puzzle.clone(),
            strategy: Strategy::Mrv,
            steps: 500,
        };
        let (first, steps) = export(&request).unwrap();
        assert_eq!(steps, 500);
        let (second, _) = export(&request).unwrap();
        assert_eq!(first.file_name().unwrap(), "hardest.mrv.trace.jsonl");
        assert_eq!(
            second.file_name().unwrap(),
            "hardest.mrv.trace-2.jsonl",
            "never over a file"
        );
        let read = read_trace(&first).unwrap().unwrap();
        assert_eq!((read.puzzle, read.strategy), (puzzle.clone(), Strategy::Mrv));
        let engine: Vec<_> = Search::new(&puzzle, Strategy::Mrv).unwrap().take(500).collect();
        assert_eq!(read.replay.steps, engine);
        assert!(!read.replay.truncated);
    }

    #[test]
    fn files_that_are_not_traces_say_so_and_broken_traces_say_where() {
        assert_eq!(read_trace_from(&b"53..7....6..195....98....6.\n"[..]), Ok(None));
        assert_eq!(read_trace_from(&b""[..]), Ok(None));
        assert_eq!(
            read_trace_from(&[b'{'; 10_000][..]),
            Ok(None),
            "an endless line is read no further"
        );
        let header = header(&Board::empty(), Strategy::Naive);
        let broken = format!("{header}\n{{\"step\":1,\"op\":\"place\"}}\n");
        assert_eq!(
            read_trace_from(broken.as_bytes()),
            Err("line 2, column 1: no \"cell\"".into())
        );
        let empty = format!("{header}\n");
        assert!(read_trace_from(empty.as_bytes()).unwrap_err().contains("no step"));
    }

    #[test]
    fn a_trace_longer_than_the_workbench_replays_is_read_to_its_limit_and_says_so() {
        let board: Board = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/hardest.sdk"))
            .unwrap()
            .parse()
            .unwrap();
        let mut text = header(&board, Strategy::Naive) + "\n";
        let engine: Vec<_> = Search::new(&board, Strategy::Naive).unwrap().take(50).collect();
        for (i, step) in engine.iter().enumerate() {
            text += &(step_line(i as u64 + 1, step) + "\n");
        }
        let progress = ReadProgress::default();
        let read = read_trace_up_to(text.as_bytes(), 20, &progress).unwrap().unwrap();
        assert_eq!(read.replay.steps, engine[..20]);
        assert!(read.replay.truncated);
        assert_eq!(progress.snapshot().steps, 20);
        let whole = read_trace_up_to(text.as_bytes(), 50, &progress).unwrap().unwrap();
        assert!(!whole.replay.truncated, "exactly the limit is the whole trace");
    }

    /// A trace of the first 20 steps of the naive search on the hardest puzzle, then `after`.
    fn twenty_steps_then(after: &str) -> String {
        let board: Board = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/hardest.sdk"))
            .unwrap()
            .parse()
            .unwrap();
        let mut text = header(&board, Strategy::Naive) + "\n";
        for (i, step) in Search::new(&board, Strategy::Naive).unwrap().take(20).enumerate() {
            text += &(step_line(i as u64 + 1, &step) + "\n");
        }
        text + after
    }

    /// Issue 28 item 17: the step past the last one replayed is read and checked too, so that a
    /// trace said to go on does go on in order: a step number out of range or out of order
    /// there is an error with its line and column, as anywhere else.
    #[test]
    fn the_step_after_the_last_replayed_is_checked_too() {
        let read = |text: &str| read_trace_up_to(text.as_bytes(), 20, &ReadProgress::default());
        let next = r#"{"step":21,"op":"remove","cell":"r1c1","digit":1,"depth":1,"forced":false}"#;
        assert!(read(&twenty_steps_then(next)).unwrap().unwrap().replay.truncated);
        let huge = next.replace("21", "100000000000000000000000000000");
        assert_eq!(
            read(&twenty_steps_then(&huge)),
            Err("line 22, column 9: a number too big".into())
        );
        let skipped = next.replace("21", "23");
        assert_eq!(
            read(&twenty_steps_then(&skipped)),
            Err("line 22, column 9: step 23 where step 21 comes".into())
        );
        assert_eq!(
            read(&twenty_steps_then("{\"step\":21")),
            Err("line 22, column 10: EOF while parsing an object".into())
        );
    }

    /// Final attack, finding 12: a trace with CR-only or CRLF line ends, or a UTF-8 byte-order
    /// mark, is the same trace, as every other file the workbench reads; it was read as a puzzle
    /// file (or a header of thousands of characters) and refused.
    #[test]
    fn a_trace_reads_alike_whatever_its_line_ends_and_with_a_byte_order_mark() {
        let lf = twenty_steps_then("");
        let expected = read_trace_from(lf.as_bytes()).unwrap().unwrap();
        let variants = [
            lf.replace('\n', "\r"),
            lf.replace('\n', "\r\n"),
            format!("\u{FEFF}{lf}"),
            format!("\u{FEFF}{}", lf.replace('\n', "\r")),
        ];
        for text in &variants {
            let shown: String = text.escape_debug().take(30).collect();
            assert_eq!(read_trace_from(text.as_bytes()), Ok(Some(expected.clone())), "{shown}");
            // A `\r\n` split between two reads of the file is still one line end.
            let byte_at_a_time = std::io::BufReader::with_capacity(1, text.as_bytes());
            assert_eq!(read_trace_from(byte_at_a_time), Ok(Some(expected.clone())), "{shown}");
        }
        // The browser's preview reads the header of such a file as a trace's too.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cr.naive.trace.jsonl");
        std::fs::write(&path, &variants[3]).unwrap();
        assert_eq!(
            read_trace_header(&path),
            Ok(Some((expected.puzzle.clone(), Strategy::Naive)))
        );
        assert_eq!(read_trace(&path), Ok(Some(expected)));
    }

    /// Issue 28 item 8: a few blank lines are skipped; a long run of them is an error at its
    /// first line, found after a thousand lines rather than a gigabyte of them.
    #[test]
    fn a_long_run_of_blank_lines_is_an_error_where_it_starts() {
        let read = |text: &str| read_trace_up_to(text.as_bytes(), 1000, &ReadProgress::default());
        let step = r#"{"step":21,"op":"remove","cell":"r1c1","digit":1,"depth":1,"forced":false}"#;
        let few = twenty_steps_then(&format!("{}{step}\n\n", "\r\n".repeat(MAX_BLANK_RUN)));
        assert_eq!(read(&few).unwrap().unwrap().replay.steps.len(), 21);
        let many = twenty_steps_then(&format!("{}{step}\n", " \n".repeat(MAX_BLANK_RUN + 1)));
        assert_eq!(read(&many), Err("line 22: over 1,000 blank lines in a row".into()));
        // However many follow: the reading stops there.
        let start = twenty_steps_then("");
        let endless = std::io::Read::chain(start.as_bytes(), std::io::repeat(b'\n'));
        let endless = std::io::BufReader::new(endless);
        assert_eq!(
            read_trace_up_to(endless, 1000, &ReadProgress::default()),
            Err("line 22: over 1,000 blank lines in a row".into())
        );
    }
}
