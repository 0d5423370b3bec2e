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

use super::{Step, Strategy};
use crate::board::Board;

/// The version of the trace format this program writes.
pub const TRACE_VERSION: u32 = 1;

/// The first line: what was searched, and how.
pub fn header(puzzle: &Board, strategy: Strategy) -> String {
    format!(
        r#"{{"trace":"sudoku-workbench","version":{TRACE_VERSION},"puzzle":"{puzzle}","strategy":"{}"}}"#,
        strategy.name()
    )
}

/// The line of the `number`-th step (1 for the first).
pub fn step_line(number: u64, step: &Step) -> String {
    let op = step.op();
    match step.change() {
        Some((pos, digit, depth, forced)) => format!(
            r#"{{"step":{number},"op":"{op}","cell":"{pos}","digit":{digit},"depth":{depth},"forced":{forced}}}"#
        ),
        None => format!(r#"{{"step":{number},"op":"{op}"}}"#),
    }
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

/// A value of a trace's objects: they hold only strings without escapes, whole numbers and
/// booleans.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Text(String),
    Number(u64),
    Bool(bool),
}

/// The fields of a flat JSON object on one line, each with the column its value starts at.
/// Nested values, escapes and fractions are refused: a trace has none.
fn fields(line: &str, number: usize) -> Result<Vec<(String, Value, usize)>, TraceError> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let fail = |at: usize, why: &str| TraceError {
        line: number,
        column: at + 1,
        why: why.to_string(),
    };
    let skip = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    let text = |i: &mut usize| -> Result<String, TraceError> {
        // At the opening quote.
        let start = *i;
        *i += 1;
        let mut out = String::new();
        loop {
            match chars.get(*i) {
                None => return Err(fail(start, "a text without its closing quote")),
                Some('"') => break,
                Some('\\') => return Err(fail(*i, "an escape, which a trace never holds")),
                Some(&c) => out.push(c),
            }
            *i += 1;
        }
        *i += 1;
        Ok(out)
    };
    skip(&mut i);
    if chars.get(i) != Some(&'{') {
        return Err(fail(i, "expected a JSON object, starting with {"));
    }
    i += 1;
    let mut out: Vec<(String, Value, usize)> = Vec::new();
    skip(&mut i);
    if chars.get(i) == Some(&'}') {
        i += 1;
    } else {
        loop {
            skip(&mut i);
            if chars.get(i) != Some(&'"') {
                return Err(fail(i, "expected a field name in quotes"));
            }
            let key = text(&mut i)?;
            skip(&mut i);
            if chars.get(i) != Some(&':') {
                return Err(fail(i, "expected : after the field name"));
            }
            i += 1;
            skip(&mut i);
            let at = i;
            let value = match chars.get(i) {
                Some('"') => Value::Text(text(&mut i)?),
                Some(c) if c.is_ascii_digit() => {
                    let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
                    i += digits.len();
                    Value::Number(digits.parse().map_err(|_| fail(at, "a number too big"))?)
                }
                Some('t') if chars[i..].starts_with(&['t', 'r', 'u', 'e']) => {
                    i += 4;
                    Value::Bool(true)
                }
                Some('f') if chars[i..].starts_with(&['f', 'a', 'l', 's', 'e']) => {
                    i += 5;
                    Value::Bool(false)
                }
                _ => return Err(fail(i, "expected a text, a whole number, true or false")),
            };
            if out.iter().any(|(k, ..)| *k == key) {
                return Err(fail(at, &format!("\"{key}\" given twice")));
            }
            out.push((key, value, at));
            skip(&mut i);
            match chars.get(i) {
                Some(',') => i += 1,
                Some('}') => {
                    i += 1;
                    break;
                }
                _ => return Err(fail(i, "expected , or } after a value")),
            }
        }
    }
    skip(&mut i);
    if i < chars.len() {
        return Err(fail(i, "more after the object's end"));
    }
    Ok(out)
}

/// The value of `key` among `fields`, with the column where it starts (or where the object
/// starts, to say it is missing).
fn field<'f>(fields: &'f [(String, Value, usize)], key: &str, number: usize) -> Result<(&'f Value, usize), TraceError> {
    fields
        .iter()
        .find(|(k, ..)| k == key)
        .map(|(_, v, at)| (v, *at))
        .ok_or_else(|| TraceError {
            line: number,
            column: 1,
            why: format!("no \"{key}\""),
        })
}

fn wrong(number: usize, at: usize, why: String) -> TraceError {
    TraceError {
        line: number,
        column: at + 1,
        why,
    }
}

/// Reads the header, line `number` (normally 1): the puzzle and the strategy.
pub fn read_header(line: &str, number: usize) -> Result<(Board, Strategy), TraceError> {
    let not_header = || TraceError {
        line: number,
        column: 1,
        why: "not a sudoku-workbench trace: its first line is not the trace header".into(),
    };
    let fields = fields(line, number).map_err(|_| not_header())?;
    match field(&fields, "trace", number) {
        Ok((Value::Text(t), _)) if t == "sudoku-workbench" => {}
        _ => return Err(not_header()),
    }
    match field(&fields, "version", number)? {
        (Value::Number(v), _) if *v == u64::from(TRACE_VERSION) => {}
        (Value::Number(v), at) => {
            return Err(wrong(
                number,
                at,
                format!("a trace of version {v}; this workbench reads version {TRACE_VERSION}"),
            ));
        }
        (_, at) => return Err(wrong(number, at, "the version is not a number".into())),
    }
    let board = match field(&fields, "puzzle", number)? {
        (Value::Text(t), at) => t
            .parse::<Board>()
            .map_err(|e| wrong(number, at, format!("the puzzle is not a board: {e}")))?,
        (_, at) => return Err(wrong(number, at, "the puzzle is not a text".into())),
    };
    let strategy = match field(&fields, "strategy", number)? {
        (Value::Text(t), at) => Strategy::from_name(t).ok_or_else(|| {
            let names: Vec<_> = Strategy::ALL.iter().map(|s| s.name()).collect();
            wrong(
                number,
                at,
                format!("no strategy \"{t}\" (there are {})", names.join(", ")),
            )
        })?,
        (_, at) => return Err(wrong(number, at, "the strategy is not a text".into())),
    };
    Ok((board, strategy))
}

/// Reads the line of step `step` (1 for the first), line `number` of the file.
pub fn read_step(line: &str, number: usize, step: u64) -> Result<Step, TraceError> {
    let fields = fields(line, number)?;
    match field(&fields, "step", number)? {
        (Value::Number(n), _) if *n == step => {}
        (Value::Number(n), at) => return Err(wrong(number, at, format!("step {n} where step {step} comes"))),
        (_, at) => return Err(wrong(number, at, "the step is not a number".into())),
    }
    let (op, op_at) = match field(&fields, "op", number)? {
        (Value::Text(op), at) => (op.as_str(), at),
        (_, at) => return Err(wrong(number, at, "the op is not a text".into())),
    };
    match op {
        "solved" => return Ok(Step::Solved),
        "exhausted" => return Ok(Step::Exhausted),
        "place" | "remove" => {}
        _ => {
            return Err(wrong(
                number,
                op_at,
                format!("no op \"{op}\" (place, remove, solved or exhausted)"),
            ));
        }
    }
    let pos = match field(&fields, "cell", number)? {
        (Value::Text(t), at) => crate::board::Pos::from_name(t)
            .ok_or_else(|| wrong(number, at, format!("\"{t}\" is not a cell (r1c1 to r9c9)")))?,
        (_, at) => return Err(wrong(number, at, "the cell is not a text".into())),
    };
    let digit = match field(&fields, "digit", number)? {
        (Value::Number(n), at) => u8::try_from(*n)
            .ok()
            .and_then(crate::board::Digit::new)
            .ok_or_else(|| wrong(number, at, format!("{n} is not a digit 1 to 9")))?,
        (_, at) => return Err(wrong(number, at, "the digit is not a number".into())),
    };
    let depth = match field(&fields, "depth", number)? {
        (Value::Number(n), _) if *n <= 81 => *n as usize,
        (_, at) => return Err(wrong(number, at, "the depth is not a number from 0 to 81".into())),
    };
    let forced = match field(&fields, "forced", number)? {
        (Value::Bool(b), _) => *b,
        (_, at) => return Err(wrong(number, at, "forced is not true or false".into())),
    };
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
    use crate::board::{Digit, Pos};

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
            "line 5, column 26: more after the object's end"
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
