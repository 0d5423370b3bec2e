//! What the commands share: opening their input, finding one puzzle of it, saying where a
//! puzzle is, and reporting what could not be read or kept.

use super::input::{PuzzleSource, open_input};
use super::output;
use crate::text::io_error;
use std::io::{self, Write};
use sudoku_engine::{NotesCut, ParseErrorKind, ReadError, Reader, Record};

/// Bytes of a puzzle's notes (`.sdk` metadata, comments) kept by the commands that write them
/// out again (`solve --format sdk|progress`, `check`): as much as the workbench opens, a 64 MiB
/// file. Past that a command writes what it kept, says what it did not, and exits 2; the
/// others keep the reader's small default, as they never show notes.
pub(super) const NOTES_KEPT: usize = 64 * 1024 * 1024;

/// Says on `err` what of the notes of the puzzle at `where_` was not kept (`cut`), if anything,
/// for output that should have held them (`what`, e.g. "the solution written"); whether anything
/// was said.
pub(super) fn report_notes_cut(err: &mut impl Write, where_: &str, what: &str, cut: NotesCut) -> io::Result<bool> {
    if cut.dropped > 0 {
        writeln!(
            err,
            "error: {where_}: {what} lacks {} {} of notes: a puzzle keeps {} MiB of them",
            crate::text::grouped(cut.dropped),
            if cut.dropped == 1 { "line" } else { "lines" },
            NOTES_KEPT / (1024 * 1024)
        )?;
    }
    if cut.shortened > 0 {
        writeln!(
            err,
            "error: {where_}: {what} has {} {} cut at {} KiB: a line keeps no more",
            crate::text::grouped(cut.shortened),
            if cut.shortened == 1 {
                "line of notes"
            } else {
                "lines of notes"
            },
            sudoku_engine::MAX_LINE / 1024
        )?;
    }
    Ok(!cut.is_empty())
}

/// Where a puzzle is, for messages: the file, and the line when the file is a collection.
pub(super) fn place(input: &str, collection: bool, record_line: usize) -> String {
    if collection {
        format!("{input}: line {record_line}")
    } else {
        input.to_string()
    }
}

/// Reports a read error; `true` if reading can go on (a bad line in a collection).
pub(super) fn report_read_error(
    out: &mut impl Write,
    err: &mut impl Write,
    input: &str,
    e: &ReadError,
) -> io::Result<bool> {
    // Results written so far come first, so that a terminal shows both streams in order.
    out.flush()?;
    match e {
        // Standard input closed (`<&-`) reads as empty, the runtime having put /dev/null in its
        // place: said as what it is (see `output::was_closed`).
        ReadError::Parse(e) if e.kind == ParseErrorKind::EmptyInput && input == "<stdin>" => {
            let what = if output::was_closed(0) { "closed" } else { "empty" };
            writeln!(err, "error: {input}: no puzzle found: standard input is {what}")?;
            Ok(true)
        }
        ReadError::Parse(e) => {
            writeln!(err, "error: {input}: {e}")?;
            Ok(true)
        }
        ReadError::Io(e) => {
            writeln!(err, "error: cannot read {input}: {}", io_error(e))?;
            Ok(false)
        }
    }
}

/// Opens the input of a command, or says why it cannot be read.
pub(super) fn open_or_report(path: Option<&std::path::Path>, err: &mut impl Write) -> io::Result<Option<PuzzleSource>> {
    match open_input(path) {
        Ok(input) => Ok(Some(input)),
        Err(message) => {
            writeln!(err, "error: {message}")?;
            Ok(None)
        }
    }
}

/// The `index`-th puzzle (1 for the first) of the input at `path`, and where it is for
/// messages; `None` once the reason it cannot be read was said.
pub(super) fn nth_record(
    path: Option<&std::path::Path>,
    index: usize,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Option<(Record, String)>> {
    let Some(input) = open_or_report(path, err)? else {
        return Ok(None);
    };
    let mut reader = Reader::new(input.reader).with_hint(input.hint);
    let mut seen = 0;
    let record = loop {
        match reader.next() {
            None => {
                writeln!(err, "error: {}: there is no puzzle {index}: it has {seen}", input.name)?;
                return Ok(None);
            }
            Some(Err(e)) => {
                seen += 1;
                // A bad line before the one asked for does not matter.
                if seen == index || matches!(e, ReadError::Io(_)) || !reader.is_collection() {
                    report_read_error(out, err, &input.name, &e)?;
                    return Ok(None);
                }
            }
            Some(Ok(record)) => {
                seen += 1;
                if seen == index {
                    break record;
                }
            }
        }
    };
    let where_ = place(&input.name, reader.is_collection(), record.line);
    Ok(Some((record, where_)))
}
