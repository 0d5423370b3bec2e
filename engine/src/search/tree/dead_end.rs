//! Why a guess of the tree is a dead end: what has no option left on the board there (a cell
//! without a digit, or a digit without a place in a unit) and what took the last one (a guess on
//! the path, or for a strategy that propagates, the deductions that follow from the guess, move
//! by move).
//!
//! The strategies that do not propagate find a dead end on the board as it stands: the next
//! decision they would take has no option. `naive` decides the first empty cell in reading
//! order; `mrv` the first with the fewest candidates, which at a dead end is the first with
//! none; `dlx` the first constraint with no option, cells first, then a digit of a row, a column
//! or a box. [`dead_end_on`] finds the first of these in that order, which is each one's own.
//! A strategy that propagates (`fast`) learns of its dead end while propagating; [`propagated`]
//! does what it does (singles and locked candidates) and names the contradiction it reaches.

use crate::board::{Board, Digit, DigitSet, Pos, Unit};
use std::fmt;

/// What has no option left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Empty {
    /// An empty cell in which every digit is held by a peer.
    Cell(Pos),
    /// A digit missing from a unit with no empty cell of the unit left for it.
    Place(Digit, Unit),
}

/// How a single was found while propagating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Single {
    /// The cell's only candidate.
    Naked,
    /// The only place for the digit in this unit.
    Hidden(Unit),
}

/// One deduction of [`propagated`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A digit forced into a cell.
    Place {
        /// The cell.
        pos: Pos,
        /// The digit.
        digit: Digit,
        /// Why it is forced.
        single: Single,
    },
    /// A candidate removed by locked candidates: in `within`, every place of the digit lies in
    /// `line` too (pointing, or claiming when `within` is a row or column), so the cells of
    /// `line` outside `within` lose it.
    Eliminate {
        /// The cell that loses the candidate.
        pos: Pos,
        /// The digit.
        digit: Digit,
        /// The unit whose places of the digit are all in `line`.
        within: Unit,
        /// The unit the cell shares with them.
        line: Unit,
    },
}

/// What took the last option of an [`Empty`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// A guess on the path to the dead end: its own (`depth` equals the dead end's) or one above
    /// it. For a cell, its last candidate was the guess's digit, held now in a unit they share;
    /// for a place, `last` is the cell that was the last place left (the guess's own cell, or a
    /// peer of it that lost the digit).
    Guess {
        /// The guessed cell.
        pos: Pos,
        /// The digit guessed.
        digit: Digit,
        /// Its depth.
        depth: usize,
        /// For a place, the last cell left for the digit.
        last: Option<Pos>,
    },
    /// The deductions from the board at the dead end, in order, until one empties what is named.
    Propagation(Vec<Move>),
    /// The board the search started from: no guess took it.
    Start,
}

/// Why a guess is a dead end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeadEnd {
    /// What has no option left.
    pub empty: Empty,
    /// What took its last one.
    pub cause: Cause,
}

/// The unit `a` and `b` share, row first, then column, then box.
pub fn shared_unit(a: Pos, b: Pos) -> Option<Unit> {
    a.units().into_iter().find(|u| b.units().contains(u))
}

impl DeadEnd {
    /// The reason in words, for the dead end at `depth`: `r1c3 has no digit left: this guess
    /// took its last, 4 (row 1)`.
    pub fn describe(&self, depth: usize) -> String {
        let what = match self.empty {
            Empty::Cell(pos) => format!("{pos} has no digit left"),
            Empty::Place(digit, unit) => format!("no place is left for {digit} in {unit}"),
        };
        match (&self.cause, self.empty) {
            (
                Cause::Guess {
                    pos, digit, depth: at, ..
                },
                Empty::Cell(cell),
            ) => {
                let unit = shared_unit(*pos, cell).map_or_else(String::new, |u| format!(" ({u})"));
                if *at == depth {
                    format!("{what}: this guess took its last, {digit}{unit}")
                } else {
                    format!(
                        "{cell} has had no digit left since {pos}={digit} at depth {at} took its last{unit}: every guess after it dies here"
                    )
                }
            }
            (
                Cause::Guess {
                    pos,
                    digit,
                    depth: at,
                    last,
                },
                Empty::Place(..),
            ) => {
                let guess = if *at == depth {
                    "this guess".to_string()
                } else {
                    format!("{pos}={digit} at depth {at}")
                };
                match last {
                    Some(last) if last == pos => format!("{what}: {guess} filled {last}, its last place"),
                    Some(last) => format!("{what}: {guess} took its last place, {last}"),
                    None => format!("{what}: {guess} took its last place"),
                }
            }
            (Cause::Propagation(moves), _) => {
                let placed = moves.iter().filter(|m| matches!(m, Move::Place { .. })).count();
                let removed = moves.len() - placed;
                let mut done = Vec::new();
                if placed > 0 {
                    done.push(counted(placed, "forced digit"));
                }
                if removed > 0 {
                    done.push(counted(removed, "candidate removed"));
                }
                if done.is_empty() {
                    format!("{what} once the guess is made")
                } else {
                    format!("propagating the guess ({}): {what}", done.join(", "))
                }
            }
            (Cause::Start, _) => format!("{what} on the board the search started from"),
        }
    }
}

impl fmt::Display for Empty {
    /// `r1c3 has no digit`, `7 has no place in box 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Empty::Cell(pos) => write!(f, "{pos} has no digit"),
            Empty::Place(digit, unit) => write!(f, "{digit} has no place in {unit}"),
        }
    }
}

/// "1 forced digit", "3 forced digits"; "candidate removed" pluralises its first word.
fn counted(n: usize, what: &str) -> String {
    if n == 1 {
        return format!("1 {what}");
    }
    match what.split_once(' ') {
        Some((first, rest)) if first == "candidate" => format!("{n} {first}s {rest}"),
        _ => format!("{n} {what}s"),
    }
}

/// Candidates of every cell and the digits of every unit, as bits: the board's own rule (a digit
/// goes where no peer holds it) and whatever was eliminated on top.
#[derive(Clone)]
struct Marks {
    digits: [u8; 81],
    candidates: [u16; 81],
}

impl Marks {
    fn new(board: &Board) -> Marks {
        let mut digits = [0; 81];
        let mut candidates = [0; 81];
        for p in Pos::all() {
            digits[p.index()] = board.digit(p).map_or(0, Digit::get);
            candidates[p.index()] = board.candidates(p).bits();
        }
        Marks { digits, candidates }
    }

    fn place(&mut self, pos: Pos, digit: Digit) {
        self.digits[pos.index()] = digit.get();
        self.candidates[pos.index()] = 0;
        let bit = !DigitSet::single(digit).bits();
        for unit in pos.units() {
            for q in unit.cells() {
                self.candidates[q.index()] &= bit;
            }
        }
    }

    fn holds(&self, unit: Unit, digit: Digit) -> bool {
        unit.cells().iter().any(|q| self.digits[q.index()] == digit.get())
    }

    /// The empty cells of `unit` that may hold `digit`.
    fn places(&self, unit: Unit, digit: Digit) -> Vec<Pos> {
        let bit = DigitSet::single(digit).bits();
        unit.cells()
            .into_iter()
            .filter(|q| self.digits[q.index()] == 0 && self.candidates[q.index()] & bit != 0)
            .collect()
    }

    /// The first thing with no option left, in the order the strategies decide: cells in
    /// reading order, then each digit of the rows, the columns and the boxes.
    fn empty(&self) -> Option<Empty> {
        if let Some(p) = Pos::all().find(|p| self.digits[p.index()] == 0 && self.candidates[p.index()] == 0) {
            return Some(Empty::Cell(p));
        }
        Unit::all().find_map(|unit| {
            Digit::all()
                .find(|&d| !self.holds(unit, d) && self.places(unit, d).is_empty())
                .map(|d| Empty::Place(d, unit))
        })
    }

    /// The next deduction: a naked single, a hidden single, or locked candidates (the first
    /// found, in that order); `None` at a fixed point.
    fn deduce(&self) -> Option<Vec<Move>> {
        for p in Pos::all() {
            let c = self.candidates[p.index()];
            if self.digits[p.index()] == 0 && c.count_ones() == 1 {
                let digit = DigitSet::from_bits(c).first()?;
                return Some(vec![Move::Place {
                    pos: p,
                    digit,
                    single: Single::Naked,
                }]);
            }
        }
        for unit in Unit::all() {
            for digit in Digit::all() {
                if let [pos] = self.places(unit, digit)[..]
                    && !self.holds(unit, digit)
                {
                    return Some(vec![Move::Place {
                        pos,
                        digit,
                        single: Single::Hidden(unit),
                    }]);
                }
            }
        }
        for within in Unit::all() {
            for digit in Digit::all() {
                let places = self.places(within, digit);
                if places.len() < 2 {
                    continue;
                }
                // Another unit holding every place: a box's places in one line (pointing), or a
                // line's in one box (claiming).
                for line in places[0].units().into_iter().filter(|&u| u != within) {
                    if !places.iter().all(|q| q.units().contains(&line)) {
                        continue;
                    }
                    let bit = DigitSet::single(digit).bits();
                    let moves: Vec<Move> = line
                        .cells()
                        .into_iter()
                        .filter(|q| {
                            !within.cells().contains(q)
                                && self.digits[q.index()] == 0
                                && self.candidates[q.index()] & bit != 0
                        })
                        .map(|pos| Move::Eliminate {
                            pos,
                            digit,
                            within,
                            line,
                        })
                        .collect();
                    if !moves.is_empty() {
                        return Some(moves);
                    }
                }
            }
        }
        None
    }

    fn apply(&mut self, m: Move) {
        match m {
            Move::Place { pos, digit, .. } => self.place(pos, digit),
            Move::Eliminate { pos, digit, .. } => {
                self.candidates[pos.index()] &= !DigitSet::single(digit).bits();
            }
        }
    }
}

/// The first thing with no option left on `board` as it stands (see [`Marks::empty`]'s order).
pub(super) fn empty_on(board: &Board) -> Option<Empty> {
    Marks::new(board).empty()
}

/// Whether `empty` has no option on `board`.
pub(super) fn is_empty_on(board: &Board, empty: Empty) -> bool {
    let marks = Marks::new(board);
    match empty {
        Empty::Cell(p) => board.digit(p).is_none() && marks.candidates[p.index()] == 0,
        Empty::Place(d, unit) => !marks.holds(unit, d) && marks.places(unit, d).is_empty(),
    }
}

/// Why the dead end at the end of `path` (the guesses from the first, each with its depth) is
/// one, for a strategy that does not propagate: the board is `start` with the path's digits, and
/// what has no option is found on it; the cause is the deepest guess without which it had one.
pub(super) fn dead_end_on(start: &Board, path: &[(Pos, Digit)]) -> Option<DeadEnd> {
    let board_with = |n: usize| {
        let mut board = start.clone();
        for &(pos, digit) in &path[..n] {
            board.set(pos, crate::board::Cell::Placed(digit));
        }
        board
    };
    let empty = empty_on(&board_with(path.len()))?;
    // Guesses are taken off from the deepest: the first whose removal gives an option back took
    // the last one.
    for n in (0..path.len()).rev() {
        let before = board_with(n);
        if !is_empty_on(&before, empty) {
            let (pos, digit) = path[n];
            let last = match empty {
                Empty::Cell(_) => None,
                Empty::Place(d, unit) => Marks::new(&before).places(unit, d).first().copied(),
            };
            return Some(DeadEnd {
                empty,
                cause: Cause::Guess {
                    pos,
                    digit,
                    depth: n + 1,
                    last,
                },
            });
        }
    }
    Some(DeadEnd {
        empty,
        cause: Cause::Start,
    })
}

/// Why `board` (the board at a dead end of a strategy that propagates) leads nowhere: singles
/// and locked candidates, applied one by one from it, until something has no option; `None` if
/// they reach a fixed point first (propagation this plain does not see the contradiction).
pub(super) fn propagated(board: &Board) -> Option<DeadEnd> {
    let mut marks = Marks::new(board);
    let mut moves = Vec::new();
    // Each round places a digit or removes a candidate: at most 81 * 9 rounds.
    for _ in 0..=81 * 9 {
        if let Some(empty) = marks.empty() {
            return Some(DeadEnd {
                empty,
                cause: Cause::Propagation(moves),
            });
        }
        for m in marks.deduce()? {
            marks.apply(m);
            moves.push(m);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(name: &str) -> Pos {
        Pos::from_name(name).unwrap()
    }

    fn digit(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn a_cell_emptied_by_the_last_guess_names_it_and_the_unit() {
        // Row 1 holds 3..9 but r1c1, r1c2; column 2 holds 1 (r2c2): with r1c1=2, r1c2 has none.
        let start: Board =
            "..3456789\n.1.......\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n"
                .parse()
                .unwrap();
        let dead = dead_end_on(&start, &[(pos("r1c1"), digit(2))]).unwrap();
        assert_eq!(dead.empty, Empty::Cell(pos("r1c2")));
        assert_eq!(
            dead.cause,
            Cause::Guess {
                pos: pos("r1c1"),
                digit: digit(2),
                depth: 1,
                last: None
            }
        );
        assert_eq!(
            dead.describe(1),
            "r1c2 has no digit left: this guess took its last, 2 (row 1)"
        );
        // Not the guess's doing: an earlier one took it, and the deeper guesses die at it.
        let dead = dead_end_on(&start, &[(pos("r1c1"), digit(2)), (pos("r2c1"), digit(5))]).unwrap();
        assert_eq!(dead.empty, Empty::Cell(pos("r1c2")));
        assert!(matches!(dead.cause, Cause::Guess { depth: 1, .. }), "{dead:?}");
        assert!(
            dead.describe(2).contains("since r1c1=2 at depth 1"),
            "{}",
            dead.describe(2)
        );
    }

    #[test]
    fn propagation_names_each_move_until_the_contradiction() {
        // r1c1 and r2c1 can each hold only 5 (their rows hold 1 to 4, column 1 holds 6 to 9):
        // the first is a naked single, and then the second has nothing.
        let start: Board =
            ".1234....\n.....1234\n6........\n7........\n8........\n9........\n.........\n.........\n.........\n"
                .parse()
                .unwrap();
        let dead = propagated(&start).unwrap();
        assert_eq!(dead.empty, Empty::Cell(pos("r2c1")));
        let Cause::Propagation(moves) = &dead.cause else {
            panic!("{dead:?}")
        };
        assert_eq!(
            moves[..],
            [Move::Place {
                pos: pos("r1c1"),
                digit: digit(5),
                single: Single::Naked
            }]
        );
        assert!(
            dead.describe(3).starts_with("propagating the guess (1 forced digit"),
            "{}",
            dead.describe(3)
        );
        assert_eq!(propagated(&Board::empty()), None, "nothing follows from an empty board");
    }
}
