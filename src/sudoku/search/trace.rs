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
use crate::sudoku::board::Board;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::board::{Digit, Pos};

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
