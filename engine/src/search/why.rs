//! Why a step of the search happens, in words for learners: the digits the textbook order
//! rejects at a cell and the cell that holds each, why a cell was chosen (fewest candidates, and
//! who tied), why a digit was forced (a naked or hidden single).

use super::{Decision, Guess, Step, Strategy};
use crate::board::{Board, Digit, Pos, Unit};
use crate::logic::deduction::{and_list, counted};

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
#[must_use]
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
            depth,
        } => Some(forced(board, pos, digit, depth)),
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
                (Strategy::Dlx, Some((Guess::Place(d, unit), options))) => parts.push(format!(
                    "of the 324 constraints, \"{d} in {unit}\" has the fewest options: {}",
                    counted(options.len(), "place")
                )),
                (Strategy::Dlx, Some((Guess::Cell(cell), options))) if !retry => parts.push(format!(
                    "of the 324 constraints, \"{cell} needs a digit\" has the fewest options: {}",
                    counted(options.len(), "candidate")
                )),
                // Propagation removed candidates the board does not show: its own count.
                (Strategy::Fast, Some((Guess::Cell(_), options))) if !retry => parts.push(format!(
                    "after propagation {pos} has {}, {}",
                    counted(options.len(), "candidate"),
                    if options.len() == 2 {
                        "a two-way guess (of the cells with two, the one with most open peers)"
                    } else {
                        "the fewest (no cell has two)"
                    }
                )),
                _ if !retry => parts.push(chosen(board, pos)),
                // The textbook order (first arm) says below which digits it skipped; the others
                // say the digit is the next of this cell's candidates, the one before failed.
                _ => {
                    if let Some(Step::Remove { digit: failed, .. }) = previous {
                        parts.push(format!("{failed} failed here, so the next candidate of {pos} is tried"));
                    }
                }
            }
            if strategy == Strategy::Naive {
                parts.extend(rejected(board, pos, from, digit.get() - 1));
                let (row, col, boxed) = (pos.row() + 1, pos.col() + 1, pos.box_index() + 1);
                parts.push(format!(
                    "{digit} fits (no {digit} in row {row}, column {col} or box {boxed})"
                ));
            }
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        Step::Remove { pos, digit, .. } if strategy == Strategy::Naive => Some(taken_back(board, pos, digit, previous)),
        Step::Remove {
            pos,
            digit,
            forced: true,
            ..
        } => Some(format!(
            "{digit} in {pos} was forced by a guess that failed: it is undone with that guess"
        )),
        Step::Remove { pos, digit, .. } => Some(guess_failed(pos, digit, previous)),
        _ => None,
    }
}

/// Why a search that chooses its cells (every one but the textbook order) takes its guess
/// `digit` back from `pos`, the step before being `previous`: no solution follows from it.
/// What exactly failed below is the search's own (candidates propagation removed, constraints
/// of Dancing Links the board does not show), so only what the steps show is said.
fn guess_failed(pos: Pos, digit: Digit, previous: Option<&Step>) -> String {
    let cause = match previous {
        Some(Step::Solved) => "after the solution the search goes on for another".to_string(),
        Some(Step::Remove {
            pos: p, forced: false, ..
        }) if *p != pos => format!("every option of the decision below it, last tried at {p}, failed"),
        _ => format!("no solution follows from {digit} in {pos}"),
    };
    format!("{cause}; {digit} is taken back, and the decision's next option is tried, if any is left")
}

/// Why the textbook search takes `digit` back from `pos` (on `board` as it was before), the
/// step before being `previous`: what the call below found, then what this call does next.
fn taken_back(board: &Board, pos: Pos, digit: Digit, previous: Option<&Step>) -> String {
    let cause = match previous {
        Some(Step::Solved) => Some("after the solution the search goes on for another".to_string()),
        // Placed and at once taken back: the next blank had no digit at all.
        Some(Step::Place { pos: p, .. }) if *p == pos => board.blanks().next().map(|next| {
            format!(
                "the call below found no digit for {next} — {}",
                rejected(board, next, 1, 9).join("; ")
            )
        }),
        Some(Step::Remove { pos: p, .. }) if *p != pos => {
            Some(format!("the call below, at {p}, tried every digit and returned"))
        }
        _ => None,
    };
    let mut after = board.clone();
    after.set(pos, crate::board::Cell::Empty);
    let next = (digit.get() + 1..=9)
        .filter_map(Digit::new)
        .find(|&d| holder(&after, pos, d).is_none());
    let then = match next {
        Some(d) => format!("the loop goes on to {d} here"),
        // With the cause said, the reasons here are left out: the panel is short.
        None if cause.is_some() => format!("no digit after {digit} fits here, so this call returns too"),
        None => {
            let reasons = rejected(&after, pos, digit.get() + 1, 9);
            if reasons.is_empty() {
                format!("no digit after {digit} is left to try here, so this call returns too")
            } else {
                format!(
                    "no digit after {digit} fits here, so this call returns too — {}",
                    reasons.join("; ")
                )
            }
        }
    };
    match cause {
        Some(cause) => format!("{cause}; {then}"),
        None => then,
    }
}

/// At most this many tied cells are named; past it, how many more there are.
const TIES_NAMED: usize = 12;

/// Why `pos` was the cell decided: the fewest candidates, and every cell that tied with it (how
/// many, and their names, the first [`TIES_NAMED`] of a long list), the first in reading order
/// being the one taken.
fn chosen(board: &Board, pos: Pos) -> String {
    let count = board.candidates(pos).len();
    let ties: Vec<Pos> = board
        .blanks()
        .filter(|q| *q != pos && board.candidates(*q).len() == count)
        .collect();
    if ties.is_empty() {
        return format!("fewest candidates: {count}, no other cell has so few");
    }
    let names: Vec<String> = ties.iter().take(TIES_NAMED).map(|q| q.to_string()).collect();
    let named = match ties.len() - names.len() {
        0 => and_list(&names),
        more => format!("{} and {more} more", names.join(", ")),
    };
    format!(
        "fewest candidates: {count}, tied with {} ({named}); the first in reading order is taken",
        counted(ties.len(), "other cell")
    )
}

/// Why `digit` was forced into `pos`, at `depth` guesses: the only candidate left there, or the
/// only place left for it in a unit; else what propagation found (locked candidates narrowed
/// it), from the givens when no guess was made yet.
fn forced(board: &Board, pos: Pos, digit: Digit, depth: usize) -> String {
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
    let from = if depth == 0 { "the givens" } else { "the guess before" };
    format!("forced: propagation from {from} (singles and locked candidates, found together) left {digit} in {pos}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The BOJ 2580 sample as a line.
    const BOJ_SAMPLE: &str = ".354692787821.56.9.6.278135321.468978.49135.659682.413917652.8.6.37.195225839476.";

    #[test]
    fn the_textbook_order_says_which_peer_holds_each_rejected_digit() {
        // The BOJ sample: r1c1 is blank; its row holds 3 5 4 6 9 2 7 8 and nothing else.
        let board: Board = BOJ_SAMPLE.parse().unwrap();
        let step = Step::Place {
            pos: Pos::FIRST,
            digit: Digit::new(1).unwrap(),
            depth: 1,
            forced: false,
        };
        assert_eq!(
            why(Strategy::Naive, &board, &step, None, None).as_deref(),
            Some("1 fits (no 1 in row 1, column 1 or box 1)"),
            "1 is the first digit tried, and it fits"
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
            said.starts_with("1: r2c4 holds 1 (row 2); 2: r2c3 holds 2 (row 2); 3 fits"),
            "{said}"
        );
    }

    #[test]
    fn a_guess_taken_back_says_what_the_call_below_found_and_what_comes_next() {
        // r1c1 and r1c2 blank; the rest of the board holds 1 and 2 where it makes r1c2 dead
        // once r1c1 holds 3: row 1 has 4..9, column 2 holds 1 and 2.
        let board: Board =
            "..3456789\n.1.......\n.2.......\n.........\n.........\n.........\n.........\n.........\n.........\n"
                .parse()
                .unwrap();
        let mut before = board.clone();
        let digit = |n| Digit::new(n).unwrap();
        before.set(Pos::FIRST, crate::board::Cell::Placed(digit(3)));
        let placed = Step::Place {
            pos: Pos::FIRST,
            digit: digit(3),
            depth: 1,
            forced: false,
        };
        let back = Step::Remove {
            pos: Pos::FIRST,
            digit: digit(3),
            depth: 1,
            forced: false,
        };
        let said = why(Strategy::Naive, &before, &back, Some(&placed), None).unwrap();
        assert!(
            said.starts_with("the call below found no digit for r1c2 — 1: r2c2 holds 1 (column 2); 2: r3c2 holds 2 (column 2); 3: r1c1 holds 3 (row 1)"),
            "{said}"
        );
        assert!(
            said.ends_with("; no digit after 3 fits here, so this call returns too"),
            "{said}"
        );
        let said = why(Strategy::Naive, &before, &back, None, None).unwrap();
        assert_eq!(
            said,
            "no digit after 3 fits here, so this call returns too — 4: r1c4 holds 4 (row 1); 5: r1c5 holds 5 (row 1); 6: r1c6 holds 6 (row 1); 7: r1c7 holds 7 (row 1); 8: r1c8 holds 8 (row 1); 9: r1c9 holds 9 (row 1)"
        );
        let said = why(Strategy::Naive, &before, &back, Some(&Step::Solved), None).unwrap();
        assert!(
            said.starts_with("after the solution the search goes on for another"),
            "{said}"
        );
    }

    #[test]
    fn a_forced_digit_names_its_single() {
        let board: Board = BOJ_SAMPLE.parse().unwrap();
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

    /// Issue 28 (tester C, 12): a digit propagation forced before any guess comes from the
    /// givens; after one, from the guess before.
    #[test]
    fn propagation_before_any_guess_is_said_to_come_from_the_givens() {
        // An empty board: no single explains it, so propagation is named.
        let board = Board::empty();
        let place = |depth| Step::Place {
            pos: Pos::FIRST,
            digit: Digit::new(1).unwrap(),
            depth,
            forced: true,
        };
        let said = why(Strategy::Fast, &board, &place(0), None, None).unwrap();
        assert!(said.starts_with("forced: propagation from the givens "), "{said}");
        let said = why(Strategy::Fast, &board, &place(2), None, None).unwrap();
        assert!(said.starts_with("forced: propagation from the guess before "), "{said}");
    }
}
