//! Why a step of the search happens, in words for learners: the digits the textbook order
//! rejects at a cell and the cell that holds each, why a cell was chosen (fewest candidates, and
//! who tied), why a digit was forced (a naked or hidden single).

use super::{Choice, Decision, Step, Strategy};
use crate::sudoku::board::{Board, Digit, Pos, Unit};

/// The cell of a peer of `pos` that holds `digit`, and the unit they share (row first, then
/// column, then box), if any does.
pub fn holder(board: &Board, pos: Pos, digit: Digit) -> Option<(Pos, Unit)> {
    pos.units().into_iter().find_map(|unit| {
        unit.cells()
            .into_iter()
            .find(|q| *q != pos && board.digit(*q) == Some(digit))
            .map(|q| (q, unit))
    })
}

/// The reasons the digits `from..=to` cannot go in `pos` on `board` (each held by a peer),
/// `4: r2c7 holds 4 (row 2)`, joined by `; `.
fn rejected(board: &Board, pos: Pos, from: u8, to: u8) -> Vec<String> {
    (from..=to)
        .filter_map(Digit::new)
        .filter_map(|d| holder(board, pos, d).map(|(q, unit)| format!("{d}: {q} holds {d} ({unit})")))
        .collect()
}

/// Why `step` happens, on `board` as it was just before it, `previous` the step before it and
/// `decision` the decision on top of the stack after it (it says which constraint Dancing Links
/// chose); `None` when there is nothing to say beyond the step itself.
pub fn why(
    strategy: Strategy,
    board: &Board,
    step: &Step,
    previous: Option<&Step>,
    decision: Option<&Decision>,
) -> Option<String> {
    match *step {
        Step::Place {
            pos,
            digit,
            forced: true,
            ..
        } => Some(forced(board, pos, digit)),
        Step::Place { pos, digit, .. } => {
            // The digits tried before at this cell: after the one just taken back there, if any.
            let retry = matches!(previous, Some(Step::Remove { pos: p, .. }) if *p == pos);
            let from = match previous {
                Some(Step::Remove { digit: d, .. }) if retry => d.get() + 1,
                _ => 1,
            };
            let mut parts = Vec::new();
            match (strategy, decision.map(|d| (d.choice, d.options))) {
                (Strategy::Naive, _) => {}
                (Strategy::Dlx, Some((Choice::Place(d, unit), options))) => parts.push(format!(
                    "of the 324 constraints, \"{d} in {unit}\" has the fewest options: {}",
                    counted(options.len(), "place")
                )),
                (Strategy::Dlx, Some((Choice::Cell(cell), options))) if !retry => parts.push(format!(
                    "of the 324 constraints, \"{cell} needs a digit\" has the fewest options: {}",
                    counted(options.len(), "candidate")
                )),
                _ if !retry => parts.push(chosen(board, pos)),
                _ => {}
            }
            if strategy == Strategy::Naive {
                parts.extend(rejected(board, pos, from, digit.get() - 1));
            }
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        Step::Remove { pos, digit, .. } if strategy == Strategy::Naive => {
            // A dead end when no digit after this one fits: say why each is ruled out.
            let mut after = board.clone();
            after.set(pos, crate::sudoku::board::Cell::Empty);
            let reasons = rejected(&after, pos, digit.get() + 1, 9);
            let fits = (digit.get() + 1..=9)
                .filter_map(Digit::new)
                .any(|d| holder(&after, pos, d).is_none());
            (!fits).then(|| {
                if reasons.is_empty() {
                    format!("no digit after {digit} is left to try")
                } else {
                    format!("no digit after {digit} fits: {}", reasons.join("; "))
                }
            })
        }
        _ => None,
    }
}

/// "1 place", "2 places".
fn counted(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Why `pos` was the cell decided: the fewest candidates, and the cells that tied with it.
fn chosen(board: &Board, pos: Pos) -> String {
    let count = board.candidates(pos).len();
    let ties: Vec<String> = board
        .blanks()
        .filter(|q| *q != pos && board.candidates(*q).len() == count)
        .take(3)
        .map(|q| q.to_string())
        .collect();
    match ties.len() {
        0 => format!("fewest candidates: {count}, no other cell has so few"),
        _ => format!(
            "fewest candidates: {count}, tied with {}; the first is taken",
            ties.join(", ")
        ),
    }
}

/// Why `digit` was forced into `pos`: the only candidate left there, or the only place left for
/// it in a unit; else what propagation found (locked candidates narrowed it).
fn forced(board: &Board, pos: Pos, digit: Digit) -> String {
    if board.candidates(pos).len() == 1 {
        return format!("naked single: {digit} is the only candidate of {pos}");
    }
    for unit in pos.units() {
        let places = unit
            .cells()
            .into_iter()
            .filter(|q| board.digit(*q).is_none() && board.candidates(*q).contains(digit))
            .count();
        if places == 1 {
            return format!("hidden single: {pos} is the only place for {digit} in {unit}");
        }
    }
    format!(
        "forced: propagation from the guess before (singles and locked candidates, found together) left {digit} in {pos}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textbook_order_says_which_peer_holds_each_rejected_digit() {
        // The BOJ sample: r1c1 is blank; its row holds 3 5 4 6 9 2 7 8 and nothing else.
        let board: Board = ".354692787821.56.9.6.278135321.468978.49135.659682.413917652.8.6.37.195225839476."
            .parse()
            .unwrap();
        let step = Step::Place {
            pos: Pos::FIRST,
            digit: Digit::new(1).unwrap(),
            depth: 1,
            forced: false,
        };
        assert_eq!(
            why(Strategy::Naive, &board, &step, None, None),
            None,
            "1 is the first digit tried"
        );
        let at = Pos::at(1, 0).unwrap();
        // r2c1 (row 2 holds 7 8 2 1 5 6 9 ...): a 3 would be tried after 1 and 2 were rejected.
        let step = Step::Place {
            pos: at,
            digit: Digit::new(3).unwrap(),
            depth: 1,
            forced: false,
        };
        let said = why(Strategy::Naive, &board, &step, None, None).unwrap();
        assert!(
            said.starts_with("1: r2c4 holds 1 (row 2); 2: r2c3 holds 2 (row 2)"),
            "{said}"
        );
    }

    #[test]
    fn a_forced_digit_names_its_single() {
        let board: Board = ".354692787821.56.9.6.278135321.468978.49135.659682.413917652.8.6.37.195225839476."
            .parse()
            .unwrap();
        let step = Step::Place {
            pos: Pos::FIRST,
            digit: Digit::new(1).unwrap(),
            depth: 0,
            forced: true,
        };
        assert_eq!(
            why(Strategy::Fast, &board, &step, None, None).unwrap(),
            "naked single: 1 is the only candidate of r1c1"
        );
    }
}
