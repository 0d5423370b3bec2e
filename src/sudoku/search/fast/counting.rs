//! Counting solutions with the fast strategy's state, branching either on cells (as the fast
//! strategy does) or on where a digit sits in the three boxes of a band or a stack (as tdoku
//! does), chosen once per puzzle.
//!
//! A digit sits in a band in one of six ways ([`PLACEMENTS`]: for each of the band's rows, the
//! box it is in), and in a stack likewise (for each band, the column of the stack it is in):
//!
//! ```text
//!   band, rows 0-2:   X X X | . . . | . . .     placement [0, 1, 2]: the digit is in row 0
//!                     . . . | X X X | . . .     in box 0, row 1 in box 1 and row 2 in box 2,
//!                     . . . | . . . | X X X     in one of the marked cells of each row
//! ```
//!
//! On the hardest collections a branch on the placements of a digit (the one with the fewest
//! left, in the band or stack with the fewest digits still open) settles three boxes at once and
//! takes fewer guesses than a branch on a cell; on the easier ones the cells do better.
//! [`Branching::Chosen`] decides from a puzzle's state after the first deductions: placements
//! when no cell has two candidates (a cell guess would then be three ways at least) and it has
//! the 17 givens a puzzle needs, else cells. It is not the default of `count_solutions`: on
//! some boards with several solutions the placements wander for their whole budget, a hundred
//! times the time of cells. README, Performance, has the figures.

use super::{BAND, COLUMN, FITS, FastState, PLACEMENT_CELLS, PLACEMENTS, at, minirows};
use crate::sudoku::board::{Board, Contradiction};
use std::ops::ControlFlow;

/// How a count of solutions branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// On a cell, as the fast strategy does: one with two candidates and the most open peers.
    Cells,
    /// On the placements of a digit in a band or a stack: in the one with the fewest digits still
    /// open (then the most placements among them), the digit with the fewest placements. A
    /// count that takes far more guesses than any puzzle of the benchmark collections (1,000)
    /// is done again by cells.
    Placements,
    /// Either, chosen for each puzzle from its state after the first deductions: placements when
    /// it has 17 givens or more and no cell has two candidates, else cells.
    Chosen,
}

/// Below this many givens a board has several solutions or none (McGuire, Tugemann and Civario,
/// "There is no 16-clue Sudoku", 2012), which the cells find at once: such a board is counted by
/// cells whatever its start state.
const FEWEST_GIVENS: u32 = 17;

/// The cells of a band in the first stack (columns 0-2).
const STACK: u32 = 0o007_007_007;

/// What to branch on: each option (a bit of `options`) is tried in turn.
#[derive(Clone, Copy)]
enum Guess {
    /// The digits (bit `d` for index `d`) of a cell (0..81).
    Cell { cell: usize, options: u16 },
    /// The placements (bit `p`) of digit index `digit` in band `unit` (0..3) or stack
    /// `unit - 3` (3..6).
    Placement { unit: usize, digit: usize, options: u8 },
}

impl Guess {
    fn options(self) -> u16 {
        match self {
            Guess::Cell { options, .. } => options,
            Guess::Placement { options, .. } => u16::from(options),
        }
    }
}

impl FastState {
    /// The placements that fit the candidates of each digit (index) in each band (0..3) and
    /// stack (3..6). After propagation every digit has one at least: the column rule rules out
    /// every stack pattern without one.
    fn placements(&self) -> [[u8; 9]; 6] {
        let mut fits = [[0; 9]; 6];
        let (bands, stacks) = fits.split_at_mut(3);
        for digit in 0..9 {
            let [m0, m1, m2] = [0, 1, 2].map(|band| self.cand[at(digit, band)]);
            for (fits, m) in bands.iter_mut().zip([m0, m1, m2]) {
                fits[digit] = FITS[(minirows(m) & 0x1FF) as usize];
            }
            for (stack, fits) in stacks.iter_mut().enumerate() {
                // Bit 3b + c: band b may hold the digit in column c of the stack.
                let columns = |m: u32| {
                    let m = m >> (3 * stack);
                    (m | m >> 9 | m >> 18) & 7
                };
                let summary = columns(m0) | columns(m1) << 3 | columns(m2) << 6;
                fits[digit] = FITS[summary as usize & 0x1FF];
            }
        }
        fits
    }

    /// The placements to branch on, or `None` if every digit has one placement left in every
    /// band and stack (after propagation, only on a solved board).
    fn placement_guess(&self) -> Option<Guess> {
        let fits = self.placements();
        let mut best: Option<(u32, u32, usize)> = None;
        for (unit, digits) in fits.iter().enumerate() {
            debug_assert!(!digits.contains(&0), "propagation leaves every digit a placement");
            let open = digits.iter().filter(|p| p.count_ones() > 1).count() as u32;
            let total = digits.iter().map(|p| p.count_ones()).sum::<u32>();
            if open > 0 && best.is_none_or(|(o, t, _)| open < o || (open == o && total > t)) {
                best = Some((open, total, unit));
            }
        }
        let (_, _, unit) = best?;
        fits[unit]
            .iter()
            .enumerate()
            .filter(|(_, p)| p.count_ones() > 1)
            .min_by_key(|(_, p)| p.count_ones())
            .map(|(digit, &options)| Guess::Placement { unit, digit, options })
    }

    /// Whether no cell has two candidates (as of the last search for singles).
    fn no_pairs(&self) -> bool {
        self.pairs == [0; 3]
    }

    /// Takes option `option` of `guess` and propagates; `false` on a contradiction. (A
    /// placement's option is below 6; `% 6` lets the compiler drop the bounds check.)
    fn take(&mut self, guess: Guess, option: usize) -> bool {
        match guess {
            Guess::Cell { cell, .. } => self.place(cell, option),
            Guess::Placement { unit, digit, .. } if unit < 3 => {
                self.cand[at(digit, unit)] &= PLACEMENT_CELLS[option % 6];
                self.propagate()
            }
            Guess::Placement { unit, digit, .. } => {
                let stack = unit % 3;
                for (band, column) in PLACEMENTS[option % 6].into_iter().enumerate() {
                    let column = COLUMN << (3 * stack + column);
                    self.cand[at(digit, band)] &= BAND & !(STACK << (3 * stack)) | column;
                }
                self.propagate()
            }
        }
    }
}

/// Counts the solutions of `board` up to `limit`, branching as `branching` says; the
/// contradiction if the board rules out every solution at once (as the search sees it).
pub(in crate::sudoku::search) fn count_unwatched(
    board: &Board,
    limit: u64,
    branching: Branching,
) -> Result<u64, Contradiction> {
    count_with(board, limit, branching, BUDGETS)
}

/// The guesses a count by placements gets before it starts again by cells.
#[derive(Clone, Copy)]
struct Budgets {
    /// No puzzle of the benchmark collections takes more than 739 (1905 11+; 396 in 1106); a
    /// board with several solutions can take many more (a board of nine givens in the tests ran
    /// for more than 20 s), where cells find two at once.
    placements: u64,
}

/// The budgets of [`count_unwatched`].
const BUDGETS: Budgets = Budgets { placements: 1_000 };

/// [`count_unwatched`] with the budgets given.
fn count_with(board: &Board, limit: u64, branching: Branching, budgets: Budgets) -> Result<u64, Contradiction> {
    let mut state = FastState::EMPTY;
    state.set_up(board)?;
    let filled = 81 - state.open();
    if limit == 0 || !state.propagate() {
        return Ok(0);
    }
    let ways: &[(Way, u64)] = match branching {
        Branching::Cells => &[(Way::Cells, u64::MAX)],
        Branching::Placements => &[(Way::Placements, budgets.placements), (Way::Cells, u64::MAX)],
        Branching::Chosen if filled >= FEWEST_GIVENS && state.no_pairs() => {
            &[(Way::Placements, budgets.placements), (Way::Cells, u64::MAX)]
        }
        Branching::Chosen => &[(Way::Cells, u64::MAX)],
    };
    let mut solutions = 0;
    for &(way, guesses) in ways {
        // Each way starts again from the first deductions, its count from nothing.
        let mut count = Count {
            solutions: 0,
            limit,
            way,
            guesses_left: guesses,
        };
        let mut fresh = state;
        let stopped = count.search(&mut fresh);
        solutions = count.solutions;
        if stopped != ControlFlow::Break(Stop::Budget) {
            break;
        }
    }
    Ok(solutions)
}

/// What a count branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Cells,
    Placements,
}

/// Why a count stopped before the end of its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// It found as many solutions as it was asked for.
    Limit,
    /// It used up its guesses.
    Budget,
}

/// The recursion of [`count_with`].
struct Count {
    solutions: u64,
    limit: u64,
    way: Way,
    /// Guesses still allowed.
    guesses_left: u64,
}

impl Count {
    /// Counts on from `state`, each option but the last tried on a copy, the last on `state`
    /// itself; breaks when the limit is reached or the guesses are used up.
    fn search(&mut self, state: &mut FastState) -> ControlFlow<Stop> {
        // Every cell decided: a solution, before the placements are summed up for nothing.
        let guess = match self.way {
            _ if state.unsolved == [0; 3] => None,
            Way::Placements => state.placement_guess().or_else(|| cell_guess(state)),
            Way::Cells => cell_guess(state),
        };
        let Some(guess) = guess else {
            self.solutions += 1;
            return if self.solutions >= self.limit {
                ControlFlow::Break(Stop::Limit)
            } else {
                ControlFlow::Continue(())
            };
        };
        if self.guesses_left == 0 {
            return ControlFlow::Break(Stop::Budget);
        }
        self.guesses_left -= 1;
        let mut options = guess.options();
        while options != 0 {
            let option = options.trailing_zeros() as usize;
            options &= options - 1;
            if options != 0 {
                let mut copy = *state;
                if copy.take(guess, option) {
                    self.search(&mut copy)?;
                }
            } else if state.take(guess, option) {
                self.search(state)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The cell the fast strategy guesses, with its digits; `None` when every cell is decided.
fn cell_guess(state: &FastState) -> Option<Guess> {
    let cell = state.guess_cell()?;
    Some(Guess::Cell {
        cell,
        options: state.candidate_bits(cell),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state of `line` after the first deductions.
    fn started(line: &str) -> FastState {
        let board: Board = line.parse().expect("a puzzle line");
        let mut state = FastState::EMPTY;
        state.set_up(&board).expect("no conflict");
        assert!(state.propagate());
        state
    }

    /// The first puzzle of top1465 and the fifth of 1106 (`../shared/puzzles`): the first has a
    /// cell with two candidates after the first deductions, the second none (109 of the 375
    /// puzzles of 1106 have one, its first among them), which sends it to the placements.
    #[test]
    fn the_start_state_tells_whether_a_cell_has_two_candidates() {
        let top1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let hardest = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8";
        assert!(!started(top1465).no_pairs());
        assert!(started(hardest).no_pairs());
        assert!(started(&".".repeat(81)).no_pairs());
    }

    /// Eighteen givens, several solutions, no two-candidate cell: counted by placements, the
    /// count uses up its guesses and goes on by cells, which find two solutions.
    #[test]
    fn a_count_that_uses_up_its_guesses_goes_on_the_next_way() {
        let line = "12345678..........9.4....................5....4.....383.....8...........4.......2";
        let mut state = started(line);
        assert!(state.no_pairs());
        let mut count = Count {
            solutions: 0,
            limit: 2,
            way: Way::Placements,
            guesses_left: BUDGETS.placements,
        };
        assert_eq!(count.search(&mut state), ControlFlow::Break(Stop::Budget));
        let board: Board = line.parse().expect("a puzzle line");
        assert_eq!(count_unwatched(&board, 2, Branching::Chosen), Ok(2));
        assert_eq!(count_unwatched(&board, 2, Branching::Placements), Ok(2));
    }

    /// A hard puzzle with one solution that needs more than one guess by cells and more than
    /// three by placements: given three, the count by placements is given up, started again by
    /// cells, and still one, whatever the limit.
    #[test]
    fn each_way_starts_again_from_the_start_and_counts_from_nothing() {
        let board: Board = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"
            .parse()
            .expect("a puzzle line");
        let tight = Budgets { placements: 3 };
        for (way, guesses) in [(Way::Cells, 1), (Way::Placements, tight.placements)] {
            let mut count = Count {
                solutions: 0,
                limit: 2,
                way,
                guesses_left: guesses,
            };
            let stopped = count.search(&mut started(&board.to_string()));
            assert_eq!(stopped, ControlFlow::Break(Stop::Budget), "{way:?}");
        }
        for limit in [1, 2, 3] {
            for branching in [Branching::Chosen, Branching::Placements] {
                assert_eq!(
                    count_with(&board, limit, branching, tight),
                    Ok(1),
                    "{branching:?} {limit}"
                );
            }
        }
    }

    /// A placement in a stack keeps the digit in the chosen column of each band's box there,
    /// and leaves the rest of the band alone.
    #[test]
    fn a_placement_in_a_stack_keeps_one_column_per_band() {
        let mut state = started(&".".repeat(81));
        // Stack 1 (columns 3-5), placement [2, 0, 1]: band 0 in column 5, band 1 in 3, band 2 in 4.
        let option = PLACEMENTS.iter().position(|p| *p == [2, 0, 1]).expect("a placement");
        assert!(state.take(
            Guess::Placement {
                unit: 4,
                digit: 0,
                options: 0
            },
            option
        ));
        for (band, column) in [(0, 5), (1, 3), (2, 4)] {
            let m = state.cand[at(0, band)];
            for cell in 0..27 {
                let col = cell % 9;
                let kept = !(3..6).contains(&col) || col == column;
                assert_eq!(m >> cell & 1 != 0, kept, "band {band} cell {cell}");
            }
        }
    }

    /// Each placement fits exactly the summaries that hold its three minirows, and its cells
    /// are those minirows.
    #[test]
    fn placements_fit_the_summaries_that_hold_their_minirows() {
        for (p, rows) in PLACEMENTS.iter().enumerate() {
            let minirows: usize = rows.iter().enumerate().map(|(r, k)| 1 << (3 * r + k)).sum();
            for (summary, fits) in FITS.iter().enumerate() {
                assert_eq!(fits >> p & 1 != 0, summary & minirows == minirows, "{p} {summary:#b}");
            }
            assert_eq!(PLACEMENT_CELLS[p].count_ones(), 9);
            for (r, k) in rows.iter().enumerate() {
                assert_eq!(PLACEMENT_CELLS[p] >> (9 * r + 3 * k) & 7, 7);
            }
        }
    }
}
