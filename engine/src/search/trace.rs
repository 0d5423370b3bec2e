//! A search written as JSON lines, one object per line, for other programs and for replaying:
//! a header with the puzzle and the strategy, then one object per step.
//!
//! ```text
//! {"trace":"sudoku-workbench","version":1,"puzzle":"..3.2.6..9..3.5..1...","strategy":"naive"}
//! {"step":1,"op":"place","cell":"r1c1","digit":4,"depth":1,"forced":false}
//! {"step":2,"op":"remove","cell":"r1c1","digit":4,"depth":1,"forced":false}
//! {"step":3,"op":"solved"}
//! ```
//!
//! Only digits, cell names, the fixed words above and the 81 cells of the puzzle are written,
//! none of which needs escaping.
//!
//! Lines are written from `Serialize` structs and read by serde_json, strictly: the JSON itself,
//! an unknown or repeated field, a missing one and a bad value are each an error naming the line
//! and the column. serde_json knows where its own errors are, but not where a value it has read
//! started; so a line is read into [`RawValue`]s, which borrow each value's text from the line
//! (and so give its place), and each value is then read on its own and judged where it starts.

use super::{Step, Strategy};
use crate::board::{Board, Digit, Pos};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use std::fmt::Display;

/// The version of the trace format this program writes.
pub const TRACE_VERSION: u32 = 1;

/// What the header's `trace` field always holds.
const TRACE_NAME: &str = "sudoku-workbench";

/// The header as written; the fields in the order of the line.
#[derive(Serialize)]
struct HeaderLine<'a> {
    trace: &'static str,
    version: u32,
    #[serde(serialize_with = "as_text")]
    puzzle: &'a Board,
    strategy: &'static str,
}

/// A step as written: `solved` and `exhausted` have no change.
#[derive(Serialize)]
struct StepLine {
    step: u64,
    op: &'static str,
    #[serde(flatten)]
    change: Option<Change>,
}

/// What a placement or a removal changes.
#[derive(Serialize)]
struct Change {
    #[serde(serialize_with = "as_text")]
    cell: Pos,
    digit: u8,
    depth: usize,
    forced: bool,
}

/// A value written as the text of its `Display` (a board as its 81 cells, a cell as `rRcC`).
fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// The first line: what was searched, and how.
#[must_use]
pub fn header(puzzle: &Board, strategy: Strategy) -> String {
    to_line(&HeaderLine {
        trace: TRACE_NAME,
        version: TRACE_VERSION,
        puzzle,
        strategy: strategy.name(),
    })
}

/// The line of the `number`-th step (1 for the first).
#[must_use]
pub fn step_line(number: u64, step: &Step) -> String {
    to_line(&StepLine {
        step: number,
        op: step.op(),
        change: step.change().map(|(cell, digit, depth, forced)| Change {
            cell,
            digit: digit.get(),
            depth,
            forced,
        }),
    })
}

/// `line` as compact JSON.
fn to_line(line: &impl Serialize) -> String {
    // Writing into a String fails only if a value's `Serialize` does, and these are plain
    // fields, texts and numbers.
    serde_json::to_string(line).expect("a trace line is plain fields")
}

/// Why a line of a trace could not be read: where, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError {
    /// The line, 1 for the first.
    pub line: usize,
    /// The column (in characters), 1 for the first.
    pub column: usize,
    /// What was wrong.
    pub why: String,
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.why)
    }
}

impl std::error::Error for TraceError {}

/// The header's fields as read, each the JSON text of its value where it stands on the line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderFields<'a> {
    #[serde(borrow, default, deserialize_with = "present")]
    trace: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    version: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    puzzle: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    strategy: Option<&'a RawValue>,
}

/// A step's fields as read, as [`HeaderFields`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFields<'a> {
    #[serde(borrow, default, deserialize_with = "present")]
    step: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    op: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    cell: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    digit: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    depth: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    forced: Option<&'a RawValue>,
}

/// A field that is there, whatever its value: `Option`'s own reading would take a `null` for a
/// missing field rather than a bad value.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<&'de RawValue>, D::Error> {
    <&RawValue>::deserialize(deserializer).map(Some)
}

/// Line `number` of a trace, `text`, being read: it places what is wrong with it.
struct Line<'a> {
    text: &'a str,
    number: usize,
}

impl<'a> Line<'a> {
    /// An error at the character starting at byte `at` of the line.
    fn wrong_at(&self, at: usize, why: impl Into<String>) -> TraceError {
        TraceError {
            line: self.number,
            column: self.text.char_indices().take_while(|&(i, _)| i < at).count() + 1,
            why: why.into(),
        }
    }

    /// An error at the start of `value`.
    fn wrong(&self, value: &RawValue, why: impl Into<String>) -> TraceError {
        // The value borrows its text from the line: its address gives its place.
        let at = value.get().as_ptr().addr().checked_sub(self.text.as_ptr().addr());
        self.wrong_at(at.filter(|&at| at <= self.text.len()).unwrap_or(0), why)
    }

    /// serde_json's error, where serde_json found it (its column counts bytes).
    fn json_error(&self, error: &serde_json::Error) -> TraceError {
        let message = error.to_string();
        let place = format!(" at line {} column {}", error.line(), error.column());
        let why = message.strip_suffix(&place).unwrap_or(&message);
        self.wrong_at(error.column().saturating_sub(1), why)
    }

    /// A backslash anywhere is an escape, which nothing a trace writes needs: refused, so that
    /// a field name or a value is read only as it is written.
    fn no_escape(&self) -> Result<(), TraceError> {
        match self.text.find('\\') {
            Some(at) => Err(self.wrong_at(at, "an escape, which a trace never holds")),
            None => Ok(()),
        }
    }

    /// The field `key`'s value, or an error at the line's start saying it is missing.
    fn required(&self, value: Option<&'a RawValue>, key: &str) -> Result<&'a RawValue, TraceError> {
        value.ok_or_else(|| self.wrong_at(0, format!("no \"{key}\"")))
    }
}

/// `value` as a text, `None` if it is another kind of value.
fn text(value: &RawValue) -> Option<&str> {
    serde_json::from_str(value.get()).ok()
}

/// `value` as a whole number, `None` if it is another kind of value, or an error if it is a
/// whole number too big for any count.
fn whole(line: &Line, value: &RawValue) -> Result<Option<u64>, TraceError> {
    match serde_json::from_str(value.get()) {
        Ok(n) => Ok(Some(n)),
        Err(_) if value.get().bytes().all(|b| b.is_ascii_digit()) => Err(line.wrong(value, "a number too big")),
        Err(_) => Ok(None),
    }
}

/// Reads the header, line `number` (normally 1): the puzzle and the strategy.
pub fn read_header(line: &str, number: usize) -> Result<(Board, Strategy), TraceError> {
    let line = Line { text: line, number };
    let not_header = || {
        line.wrong_at(
            0,
            "not a sudoku-workbench trace: its first line is not the trace header",
        )
    };
    let fields: HeaderFields = match serde_json::from_str(line.text) {
        Ok(fields) => fields,
        Err(e) if e.is_syntax() || e.is_eof() => return Err(not_header()),
        Err(e) => return Err(line.json_error(&e)),
    };
    line.no_escape()?;
    if fields.trace.and_then(text) != Some(TRACE_NAME) {
        return Err(not_header());
    }
    let version = line.required(fields.version, "version")?;
    match whole(&line, version)? {
        Some(v) if v == u64::from(TRACE_VERSION) => {}
        Some(v) => {
            return Err(line.wrong(
                version,
                format!("a trace of version {v}; this workbench reads version {TRACE_VERSION}"),
            ));
        }
        None => return Err(line.wrong(version, "the version is not a number")),
    }
    let puzzle = line.required(fields.puzzle, "puzzle")?;
    let board = match text(puzzle) {
        Some(t) => t
            .parse::<Board>()
            .map_err(|e| line.wrong(puzzle, format!("the puzzle is not a board: {e}")))?,
        None => return Err(line.wrong(puzzle, "the puzzle is not a text")),
    };
    let strategy = line.required(fields.strategy, "strategy")?;
    let strategy = match text(strategy) {
        Some(t) => Strategy::from_name(t).ok_or_else(|| {
            let names: Vec<_> = Strategy::ALL.iter().map(|s| s.name()).collect();
            line.wrong(
                strategy,
                format!("no strategy \"{t}\" (there are {})", names.join(", ")),
            )
        })?,
        None => return Err(line.wrong(strategy, "the strategy is not a text")),
    };
    Ok((board, strategy))
}

/// Reads the line of step `step` (1 for the first), line `number` of the file.
pub fn read_step(line: &str, number: usize, step: u64) -> Result<Step, TraceError> {
    let line = Line { text: line, number };
    let fields: StepFields = serde_json::from_str(line.text).map_err(|e| line.json_error(&e))?;
    line.no_escape()?;
    let number_field = line.required(fields.step, "step")?;
    match whole(&line, number_field)? {
        Some(n) if n == step => {}
        Some(n) => return Err(line.wrong(number_field, format!("step {n} where step {step} comes"))),
        None => return Err(line.wrong(number_field, "the step is not a number")),
    }
    let op_field = line.required(fields.op, "op")?;
    let op = text(op_field).ok_or_else(|| line.wrong(op_field, "the op is not a text"))?;
    match op {
        "solved" | "exhausted" => {
            // Nothing but the step and the op: a place's fields there are a trace gone wrong.
            let extra = [fields.cell, fields.digit, fields.depth, fields.forced];
            if let Some(field) = extra.into_iter().flatten().next() {
                return Err(line.wrong(field, format!("a step \"{op}\" has no field but step and op")));
            }
            return Ok(if op == "solved" { Step::Solved } else { Step::Exhausted });
        }
        "place" | "remove" => {}
        _ => {
            return Err(line.wrong(op_field, format!("no op \"{op}\" (place, remove, solved or exhausted)")));
        }
    }
    let cell = line.required(fields.cell, "cell")?;
    let pos = match text(cell) {
        Some(t) => {
            Pos::from_name(t).ok_or_else(|| line.wrong(cell, format!("\"{t}\" is not a cell (r1c1 to r9c9)")))?
        }
        None => return Err(line.wrong(cell, "the cell is not a text")),
    };
    let digit_field = line.required(fields.digit, "digit")?;
    let digit = match whole(&line, digit_field)? {
        Some(n) => u8::try_from(n)
            .ok()
            .and_then(Digit::new)
            .ok_or_else(|| line.wrong(digit_field, format!("{n} is not a digit 1 to 9")))?,
        None => return Err(line.wrong(digit_field, "the digit is not a number")),
    };
    let depth_field = line.required(fields.depth, "depth")?;
    let depth = match whole(&line, depth_field) {
        Ok(Some(n)) if n <= 81 => n as usize,
        _ => return Err(line.wrong(depth_field, "the depth is not a number from 0 to 81")),
    };
    let forced_field = line.required(fields.forced, "forced")?;
    let forced = serde_json::from_str::<bool>(forced_field.get())
        .map_err(|_| line.wrong(forced_field, "forced is not true or false"))?;
    Ok(if op == "place" {
        Step::Place {
            pos,
            digit,
            depth,
            forced,
        }
    } else {
        Step::Remove {
            pos,
            digit,
            depth,
            forced,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack R: a `solved` or `exhausted` step with a place's fields (or a `null` one) was read
    /// without a word, though the format says they have no other field.
    #[test]
    fn the_last_steps_have_no_other_field() {
        for (text, column) in [
            (r#"{"step":15,"op":"solved","cell":"r1c1"}"#, 33),
            (r#"{"step":15,"op":"solved","cell":null}"#, 33),
            (r#"{"step":15,"op":"exhausted","digit":3}"#, 37),
            (
                r#"{"step":15,"op":"solved","cell":"r1c1","digit":3,"depth":0,"forced":false}"#,
                33,
            ),
        ] {
            let e = read_step(text, 7, 15).unwrap_err();
            assert_eq!((e.line, e.column), (7, column), "{text}: {e}");
            assert!(e.why.contains("no field but step and op"), "{text}: {e}");
        }
        assert_eq!(read_step(r#"{"step":15,"op":"solved"}"#, 7, 15).unwrap(), Step::Solved);
        assert_eq!(
            read_step(r#"{"op":"exhausted","step":15}"#, 7, 15).unwrap(),
            Step::Exhausted
        );
    }

    #[test]
    fn what_is_written_reads_back_and_bad_lines_are_placed() {
        let steps = [
            Step::Place {
                pos: Pos::at(0, 2).unwrap(),
                digit: Digit::new(4).unwrap(),
                depth: 1,
                forced: false,
            },
            Step::Remove {
                pos: Pos::at(8, 8).unwrap(),
                digit: Digit::new(9).unwrap(),
                depth: 3,
                forced: true,
            },
            Step::Solved,
            Step::Exhausted,
        ];
        for (i, step) in steps.iter().enumerate() {
            let n = i as u64 + 1;
            assert_eq!(read_step(&step_line(n, step), 2, n), Ok(*step));
        }
        let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
        assert_eq!(
            read_header(&header(&board, Strategy::Dlx), 1),
            Ok((board, Strategy::Dlx))
        );
        // Spaces and another order of fields are still a trace.
        assert_eq!(
            read_step(r#" { "op" : "solved" , "step" : 7 } "#, 8, 7),
            Ok(Step::Solved)
        );
        let err = |line: &str| read_step(line, 5, 3).unwrap_err().to_string();
        assert_eq!(
            err(r#"{"step":3,"op":"place","cell":"r0c3","digit":4,"depth":1,"forced":false}"#),
            "line 5, column 31: \"r0c3\" is not a cell (r1c1 to r9c9)"
        );
        assert_eq!(
            err(r#"{"step":4,"op":"solved"}"#),
            "line 5, column 9: step 4 where step 3 comes"
        );
        assert_eq!(
            err(r#"{"step":3,"op":"jump"}"#),
            "line 5, column 16: no op \"jump\" (place, remove, solved or exhausted)"
        );
        assert_eq!(
            err(r#"{"step":3,"op":"solved"} x"#),
            "line 5, column 26: trailing characters",
            "serde_json's words for the JSON itself"
        );
        assert_eq!(
            err(r#"{"step":3,"op":"s\u0041"}"#),
            "line 5, column 18: an escape, which a trace never holds"
        );
        let header_err = |line: &str| read_header(line, 1).unwrap_err().to_string();
        assert!(header_err("53..7....").contains("not a sudoku-workbench trace"));
        assert_eq!(
            header_err(r#"{"trace":"sudoku-workbench","version":2,"puzzle":"","strategy":"naive"}"#),
            "line 1, column 39: a trace of version 2; this workbench reads version 1"
        );
    }

    /// Issue 29: read by serde_json as strictly as by hand before, and stricter on what was
    /// let pass: an unknown or repeated field, an escape in a field's name and a `null` are
    /// errors with their place, columns counted in characters.
    #[test]
    fn unknown_or_repeated_fields_escapes_and_nulls_are_placed() {
        let err = |line: &str| read_step(line, 4, 1).unwrap_err().to_string();
        assert_eq!(
            err(r#"{"step":1,"op":"solved","why":"x"}"#),
            "line 4, column 29: unknown field `why`, expected one of `step`, `op`, `cell`, `digit`, `depth`, `forced`"
        );
        assert_eq!(
            err(r#"{"step":1,"step":1,"op":"solved"}"#),
            "line 4, column 16: duplicate field `step`"
        );
        assert_eq!(
            err(r#"{"st\u0065p":1,"op":"solved"}"#),
            "line 4, column 5: an escape, which a trace never holds"
        );
        assert_eq!(
            err(r#"{"step":1,"op":"place","cell":"r1c1","digit":null,"depth":1,"forced":false}"#),
            "line 4, column 46: the digit is not a number"
        );
        assert_eq!(
            err(r#"{"op":"é","step":2}"#),
            "line 4, column 18: step 2 where step 1 comes"
        );
        let header_err = read_header(r#"{"trace":"sudoku-workbench","version":1,"extra":1}"#, 1).unwrap_err();
        assert!(header_err.why.starts_with("unknown field `extra`"), "{header_err}");
    }

    #[test]
    fn each_step_is_one_object_of_plain_fields() {
        let step = Step::Place {
            pos: Pos::at(0, 2).unwrap(),
            digit: Digit::new(4).unwrap(),
            depth: 1,
            forced: false,
        };
        assert_eq!(
            step_line(1, &step),
            r#"{"step":1,"op":"place","cell":"r1c3","digit":4,"depth":1,"forced":false}"#
        );
        let back = Step::Remove {
            pos: Pos::at(8, 8).unwrap(),
            digit: Digit::new(9).unwrap(),
            depth: 3,
            forced: true,
        };
        assert_eq!(
            step_line(12, &back),
            r#"{"step":12,"op":"remove","cell":"r9c9","digit":9,"depth":3,"forced":true}"#
        );
        assert_eq!(step_line(13, &Step::Solved), r#"{"step":13,"op":"solved"}"#);
        assert_eq!(step_line(2, &Step::Exhausted), r#"{"step":2,"op":"exhausted"}"#);
        let board = Board::empty();
        assert_eq!(
            header(&board, Strategy::Naive),
            format!(
                r#"{{"trace":"sudoku-workbench","version":1,"puzzle":"{}","strategy":"naive"}}"#,
                ".".repeat(81)
            )
        );
    }
}
