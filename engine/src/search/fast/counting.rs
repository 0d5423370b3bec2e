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
//! [`Branching::Chosen`], the way `count_solutions` counts, decides from a puzzle's state after
//! the first deductions: placements when no cell has two candidates (a cell guess would then be
//! three ways at least), the board has the 17 givens a puzzle needs and 20 cells or more are
//! decided, else cells. `docs/performance.md` has today's figures; what else was tried is
//! noted at `Branching::Chosen`, `ways`, `placements` and `PLACEMENT_GUESSES`.
//!
//! A branch on placements narrows digits to minirows and never decides a cell, so a state it
//! leaves can be dead without the cells' rules seeing it until most of the board is decided:
//! four digits locked into the three cells of one minirow. The count checks for that at every
//! guess ([`FastState::placements`]); without the check, one nearly empty board in a hundred
//! (17 to 26 givens kept from a solved grid) took thousands of guesses where cells take twenty.
//! Boards can still be made on which the placements lose (a dead branch of another kind, where
//! one cell's every digit fails): a count by placements gets 250 guesses, then starts again by
//! cells, which bounds the loss at about 0.2 ms a board.

use super::{BAND, COLUMN, FITS, FastState, LOCKED_MINIROWS, PLACEMENT_CELLS, PLACEMENTS, at, minirows};
use crate::board::{Board, Contradiction};
use std::ops::ControlFlow;

/// How a count of solutions branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// On a cell, as the fast strategy does: one with two candidates and the most open peers.
    Cells,
    /// On the placements of a digit in a band or a stack: in the one with the fewest digits still
    /// open (then the most placements among them), the digit with the fewest placements. A
    /// count that takes more guesses than nearly every puzzle of the benchmark collections
    /// (250) is done again by cells.
    Placements,
    /// Either, chosen for each puzzle from its state after the first deductions: placements when
    /// it has 17 givens or more, 20 cells decided or more and no cell with two candidates, else
    /// cells.
    ///
    /// Tried instead (counting to 2 beside the `sudoku` crate, interleaved rounds, medians):
    /// placements for every puzzle (1106 2.06x, a tenth of 1905 11+ 1.50x, but top1465 1.00x and
    /// 17-clue 1.19x); tdoku's order, the band or stack with the fewest placements first (1106
    /// 1.76x, 1905 11+ 1.44x, top1465 1.14x); choosing node by node, placements wherever no cell
    /// has two candidates (1106 1.46x, top1465 1.38x, against 1.77x and 1.37x for the choice once a
    /// puzzle), or by the chosen band's open digits, the best pair's open peers or the open cells;
    /// switching to placements after 10 to 100 dead ends, or starting again with them after 20 to
    /// 200. None kept the best of both. On top1465 the placements lose by a larger tree (40,000 to
    /// 47,000 dead ends against 32,000) and by the 54 summaries each choice reads.
    Chosen,
}

/// Below this many givens a board has several solutions or none (McGuire, Tugemann and Civario,
/// "There is no 16-clue Sudoku", 2012), which the cells find at once: such a board is counted by
/// cells whatever its start state.
const FEWEST_GIVENS: u32 = 17;

/// A board with fewer cells decided after the first deductions is nearly empty, and counted by
/// cells. Such a board mostly has many solutions, which the cells reach in a guess or two a
/// cell, while the placements can spend thousands of guesses in a branch that has none: of
/// 83,636 boards of 17 to 20 givens kept from the solved grids of the 17-clue set, with no
/// two-candidate cell, one took 4,949 (19 givens, 19 decided); of 13,858 such boards of 17 to
/// 30 givens with 20 decided or more, none took more than 40. The hardest puzzles of the
/// benchmark collections all have 20 or more (1106, 1905 11+); a 17-clue puzzle with fewer
/// takes the same time either way. The rule does not keep out every board the placements
/// lose on (a guided search found boards with 21 and 22 decided that take thousands of
/// guesses): the budget ([`PLACEMENT_GUESSES`]) bounds what those cost.
const FEWEST_DECIDED: u32 = 20;

/// The cells of a band in the first stack (columns 0-2).
const STACK: u32 = 0o007_007_007;

/// What a state offers a branch on placements.
#[derive(Clone, Copy)]
enum ByPlacements {
    /// This guess.
    Guess(FastGuess),
    /// Nothing: every digit has one placement left in every band and stack (after
    /// propagation, only on a solved board).
    Settled,
    /// The state has no solution: four digits are locked into one minirow or minicolumn.
    Dead,
}

/// What to branch on: each option (a bit of `options`) is tried in turn.
#[derive(Clone, Copy)]
enum FastGuess {
    /// The digits (bit `d` for index `d`) of a cell (0..81).
    Cell { cell: usize, options: u16 },
    /// The placements (bit `p`) of digit index `digit` in band `unit` (0..3) or stack
    /// `unit - 3` (3..6).
    Placement { unit: usize, digit: usize, options: u8 },
}

impl FastGuess {
    fn options(self) -> u16 {
        match self {
            FastGuess::Cell { options, .. } => options,
            FastGuess::Placement { options, .. } => u16::from(options),
        }
    }
}

impl FastState {
    /// The placements that fit the candidates of each digit (index) in each band (0..3) and
    /// stack (3..6), or `None` if four digits are locked into the three cells of one minirow
    /// (or minicolumn). After propagation every digit has one placement at least: the column
    /// rule rules out every stack pattern without one.
    ///
    /// The minirows are what a branch on placements needs checked: it narrows digits to
    /// minirows without ever deciding a cell, and the cells' rules see four digits locked into
    /// three cells only once most of the board is decided, so a nearly empty board with several
    /// solutions went on for tens of thousands of guesses under one such early mistake.
    /// The check costs 1106 little (counting to 2: 1.74x to 1.79x with it, 1.79x without). In the
    /// count by cells it is not made: there it saved 1% of the guesses on top1465 (16,008
    /// against 16,146) for 15% more time, and 22% more on 1106.
    fn placements(&self) -> Option<[[u8; 9]; 6]> {
        let mut fits = [[0; 9]; 6];
        let mut overfull = 0;
        for (unit, fits) in fits.iter_mut().enumerate() {
            // How many digits are locked into each minirow so far, counted in binary across two
            // words; a carry out of `twos` is a fourth digit.
            let (mut ones, mut twos) = (0u16, 0u16);
            for (digit, fit) in fits.iter_mut().enumerate() {
                let summary = self.summary(digit, unit);
                *fit = FITS[summary];
                let locked = LOCKED_MINIROWS[summary];
                let carry = ones & locked;
                ones ^= locked;
                overfull |= twos & carry;
                twos ^= carry;
            }
        }
        (overfull == 0).then_some(fits)
    }

    /// The minirow summary (as [`FITS`] reads it) of digit index `digit` in band `unit` (0..3),
    /// or in stack `unit - 3` (3..6): bit `3 * b + c` if band `b` may hold the digit in column
    /// `c` of the stack.
    #[inline(always)]
    fn summary(&self, digit: usize, unit: usize) -> usize {
        let summary = if unit < 3 {
            minirows(self.cand[at(digit, unit)])
        } else {
            let stack = unit - 3;
            let columns = |band: usize| {
                let m = self.cand[at(digit, band)] >> (3 * stack);
                (m | m >> 9 | m >> 18) & 7
            };
            columns(0) | columns(1) << 3 | columns(2) << 6
        };
        summary as usize & 0x1FF
    }

    /// What to branch on by placements, if anything.
    fn placement_guess(&self) -> ByPlacements {
        let Some(fits) = self.placements() else {
            return ByPlacements::Dead;
        };
        let mut best: Option<(u32, u32, usize)> = None;
        for (unit, digits) in fits.iter().enumerate() {
            debug_assert!(!digits.contains(&0), "propagation leaves every digit a placement");
            let open = digits.iter().filter(|p| p.count_ones() > 1).count() as u32;
            let total = digits.iter().map(|p| p.count_ones()).sum::<u32>();
            if open > 0 && best.is_none_or(|(o, t, _)| open < o || (open == o && total > t)) {
                best = Some((open, total, unit));
            }
        }
        let Some((_, _, unit)) = best else {
            return ByPlacements::Settled;
        };
        fits[unit]
            .iter()
            .enumerate()
            .filter(|(_, p)| p.count_ones() > 1)
            .min_by_key(|(_, p)| p.count_ones())
            .map_or(ByPlacements::Settled, |(digit, &options)| {
                ByPlacements::Guess(FastGuess::Placement { unit, digit, options })
            })
    }

    /// Whether no cell has two candidates (as of the last search for singles).
    fn no_pairs(&self) -> bool {
        self.pairs == [0; 3]
    }

    /// Takes option `option` of `guess` and propagates; `false` on a contradiction. (A
    /// placement's option is below 6; `% 6` lets the compiler drop the bounds check.)
    fn take(&mut self, guess: FastGuess, option: usize) -> bool {
        match guess {
            FastGuess::Cell { cell, .. } => self.place(cell, option),
            FastGuess::Placement { unit, digit, .. } if unit < 3 => {
                self.cand[at(digit, unit)] &= PLACEMENT_CELLS[option % 6];
                self.propagate()
            }
            FastGuess::Placement { unit, digit, .. } => {
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
pub(in crate::search) fn count_unwatched(
    board: &Board,
    limit: u64,
    branching: Branching,
) -> Result<u64, Contradiction> {
    count_with(board, limit, branching, PLACEMENT_GUESSES)
}

/// The guesses a count by placements gets before it starts again by cells. It bounds what a
/// board the placements lose on can cost beyond the cells' time: about 0.2 ms (a guess by
/// placements takes about 0.85 µs). Few puzzles of the collections take more (1 of the 266 of
/// 1106 counted by placements, 77 of 18,840 in 1905 11+, 1 of 27,897 in 17-clue; none more than
/// 731), and they lose little by the restart; boards found by a guided search take thousands,
/// where cells take a few, and a board of nine givens in the tests ran for more than 20 s.
///
/// With a budget of 1,000 and without a guided search, of 20,000 boards in each of twelve
/// families (hard puzzles with givens taken away, changed or added, givens kept from solved
/// grids, symmetric, random), none cost 200 µs more than by cells (the worst 104 µs more), and
/// the families took 1.00x to 1.43x the time of cells.
///
/// It was 1,000: a reviewer's file of 3,000 boards the placements lose on then took 1.5 s by
/// `check` against 0.03 s by cells; with 250 it takes 421 ms against 25 ms (in one process), and
/// the collections lose nothing measurable (counting to 2: 1106 1.74x, 1905 11+ 1.38x, 17-clue
/// 1.42x). Tried instead: the two ways interleaved with growing budgets (placements 64, cells 64,
/// placements 256...), which would bound the loss to a few times the cells' time, but the restarts
/// cost 1106 its gain (0.93x to 1.26x the time of cells, against 0.82x with one budget); cells
/// first for 8, 16 or 64 guesses, which took 1106 back to 1.32x to 1.61x.
const PLACEMENT_GUESSES: u64 = 250;

/// [`count_unwatched`] with `placement_guesses` for a count by placements.
fn count_with(board: &Board, limit: u64, branching: Branching, placement_guesses: u64) -> Result<u64, Contradiction> {
    let mut state = FastState::EMPTY;
    state.set_up(board)?;
    let filled = 81 - state.open();
    if limit == 0 || !state.propagate() {
        return Ok(0);
    }
    let mut solutions = 0;
    for &way in ways(branching, filled, &state) {
        let guesses = match way {
            Way::Placements => placement_guesses,
            Way::Cells => u64::MAX,
        };
        // Each way starts again from the first deductions, its count from nothing.
        let mut count = CountSearch::new(way, limit, guesses);
        let mut fresh = state;
        let stopped = count.search(&mut fresh);
        solutions = count.solutions;
        if stopped != ControlFlow::Break(CountStop::Budget) {
            break;
        }
    }
    Ok(solutions)
}

/// The ways a count of a board with `filled` cells filled, `state` after the first deductions,
/// tries in turn, each until it runs out of guesses: cells have no budget.
///
/// The rule (no two-candidate cell) was found by counting each puzzle of top1465, 1106, the
/// first 5,000 of 17-clue and a tenth of 1905 11+ both ways against what its start state shows:
/// the best two-candidate cell's open peers split them best, and every threshold from 8 to 13
/// made the same split, the puzzles with no such cell at all. On sets it was not found on
/// (counting to 2, by cells / chosen): 17-clue puzzles 20,001 to 25,000 1.56x / 1.59x, serg
/// 1.03x / 1.03x, unbiased 1.17x / 1.18x, top95 1.43x / 1.44x, hardest 1.11x / 1.11x.
///
/// No finer choice was found. On top1465 the faster way for each puzzle would give 1.60x, and
/// 457 of its 1,465 puzzles are faster by placements, but no feature of the start state splits
/// them (the best threshold on two-candidate cells, open cells, givens, the best cell's open
/// peers, the best band's open digits or placements saves at most 0.2% of the time), and a
/// probe would cost what it could save (a guess by placements takes about 0.85 µs; the average
/// top1465 puzzle takes 11 guesses and 7.5 µs by cells).
fn ways(branching: Branching, filled: u32, state: &FastState) -> &'static [Way] {
    let placements_pay = || filled >= FEWEST_GIVENS && 81 - state.open() >= FEWEST_DECIDED && state.no_pairs();
    match branching {
        Branching::Cells => &[Way::Cells],
        Branching::Chosen if !placements_pay() => &[Way::Cells],
        Branching::Placements | Branching::Chosen => &[Way::Placements, Way::Cells],
    }
}

/// What a count branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Cells,
    Placements,
}

/// Why a count stopped before the end of its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CountStop {
    /// It found as many solutions as it was asked for.
    Limit,
    /// It used up its guesses.
    Budget,
}

/// The recursion of [`count_with`].
struct CountSearch {
    solutions: u64,
    limit: u64,
    way: Way,
    /// Guesses still allowed.
    guesses_left: u64,
}

impl CountSearch {
    /// A count from nothing to `limit` solutions, branching `way`, with `guesses` allowed.
    fn new(way: Way, limit: u64, guesses: u64) -> CountSearch {
        CountSearch {
            solutions: 0,
            limit,
            way,
            guesses_left: guesses,
        }
    }

    /// Counts on from `state`, each option but the last tried on a copy, the last on `state`
    /// itself; breaks when the limit is reached or the guesses are used up.
    fn search(&mut self, state: &mut FastState) -> ControlFlow<CountStop> {
        // Every cell decided: a solution, before the placements are summed up for nothing.
        let guess = match self.way {
            _ if state.unsolved == [0; 3] => None,
            Way::Placements => match state.placement_guess() {
                ByPlacements::Guess(guess) => Some(guess),
                ByPlacements::Settled => cell_guess(state),
                ByPlacements::Dead => return ControlFlow::Continue(()),
            },
            Way::Cells => cell_guess(state),
        };
        let Some(guess) = guess else {
            self.solutions += 1;
            return if self.solutions >= self.limit {
                ControlFlow::Break(CountStop::Limit)
            } else {
                ControlFlow::Continue(())
            };
        };
        if self.guesses_left == 0 {
            return ControlFlow::Break(CountStop::Budget);
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
fn cell_guess(state: &FastState) -> Option<FastGuess> {
    let cell = state.guess_cell()?;
    Some(FastGuess::Cell {
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

    /// Nineteen givens, several solutions, no two-candidate cell, 19 cells decided: by
    /// placements the count uses up its guesses in a branch with no solution (4,949 without a
    /// budget) and goes on by cells, which find two solutions. Chosen counts it by cells from
    /// the start: too few cells are decided.
    #[test]
    fn a_count_that_uses_up_its_guesses_goes_on_the_next_way() {
        let line = "..9.2...11....9......1.6..7.12..75.8......................9...........19......472";
        let board: Board = line.parse().expect("a puzzle line");
        let mut state = started(line);
        assert!(state.no_pairs());
        assert_eq!(81 - state.open(), 19);
        assert_eq!(ways(Branching::Chosen, 19, &state), [Way::Cells]);
        assert_eq!(ways(Branching::Placements, 19, &state), [Way::Placements, Way::Cells]);
        let mut count = CountSearch::new(Way::Placements, 2, PLACEMENT_GUESSES);
        assert_eq!(count.search(&mut state), ControlFlow::Break(CountStop::Budget));
        assert_eq!(count_unwatched(&board, 2, Branching::Chosen), Ok(2));
        assert_eq!(count_unwatched(&board, 2, Branching::Placements), Ok(2));
    }

    /// Twenty givens, no solution, no two-candidate cell and 21 cells decided, so counted by
    /// placements, which find no dead minirow and use up their guesses (1,773 without a
    /// budget); cells see at once that one cell has no digit that works.
    #[test]
    fn a_board_the_placements_lose_on_costs_no_more_than_the_budget() {
        let line = "........1..1....7.....8.....69812....25...8.......5.2.........9..3..9......12...6";
        let board: Board = line.parse().expect("a puzzle line");
        let state = started(line);
        assert_eq!(ways(Branching::Chosen, 20, &state), [Way::Placements, Way::Cells]);
        let mut by_placements = CountSearch::new(Way::Placements, 2, PLACEMENT_GUESSES);
        assert_eq!(
            by_placements.search(&mut { state }),
            ControlFlow::Break(CountStop::Budget)
        );
        // Cells go through the whole search, and find nothing, within a few guesses.
        let mut by_cells = CountSearch::new(Way::Cells, 2, 16);
        assert_eq!(by_cells.search(&mut { state }), ControlFlow::Continue(()));
        assert_eq!(by_cells.solutions, 0);
        assert_eq!(count_unwatched(&board, 2, Branching::Chosen), Ok(0));
    }

    /// The puzzles of the hardest collections with no two-candidate cell go to the placements;
    /// a board with too few givens or too few cells decided, or with a pair, to the cells.
    #[test]
    fn chosen_sends_to_the_placements_only_boards_with_enough_decided_and_no_pair() {
        let hardest = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8";
        let top1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let state = started(hardest);
        assert!(81 - state.open() >= FEWEST_DECIDED);
        assert_eq!(ways(Branching::Chosen, 23, &state), [Way::Placements, Way::Cells]);
        assert_eq!(ways(Branching::Chosen, 16, &state), [Way::Cells]);
        assert_eq!(ways(Branching::Cells, 23, &state), [Way::Cells]);
        assert_eq!(ways(Branching::Chosen, 17, &started(top1465)), [Way::Cells]);
    }

    /// Four digits locked into the three cells of a minirow (each digit's only place in that row
    /// of the band), or of a minicolumn: no solution, which the count by placements sees before
    /// its next guess; three are a full minirow, which is fine.
    #[test]
    fn four_digits_locked_into_three_cells_end_the_branch() {
        // Row 0 of band 1 (board row 3), box 1 (columns 3-5): the digit's only minirow there.
        let in_minirow = BAND & !0o777 | 0o070;
        // Column 4 of stack 1 in band 2 (board rows 6-8): the digit's only minicolumn there.
        let in_minicolumn = BAND & !0o070_070_070 | COLUMN << 4;
        for (band, keep) in [(1, in_minirow), (2, in_minicolumn)] {
            for locked in [3, 4] {
                let mut state = started(&".".repeat(81));
                for digit in 0..locked {
                    state.cand[at(digit, band)] &= keep;
                }
                assert_eq!(
                    state.placements().is_none(),
                    locked == 4,
                    "band {band}, {locked} digits"
                );
                assert_eq!(
                    matches!(state.placement_guess(), ByPlacements::Dead),
                    locked == 4,
                    "band {band}, {locked} digits"
                );
            }
        }
    }

    /// Seventeen givens kept from a solved grid, several solutions, no two-candidate cell: with
    /// the check for locked digits, counted to two by placements in a few dozen guesses (90,863
    /// without it, in a branch with four digits locked into a minirow).
    #[test]
    fn a_nearly_empty_board_is_counted_by_placements_in_few_guesses() {
        let line = ".....2..9.3.5..4.........5..924..675..6...24..................4..7...............";
        let mut count = CountSearch::new(Way::Placements, 2, 200);
        assert_eq!(count.search(&mut started(line)), ControlFlow::Break(CountStop::Limit));
        assert_eq!(count.solutions, 2);
    }

    /// A hard puzzle with one solution that needs more than one guess by cells and more than
    /// three by placements: given three, the count by placements is given up, started again by
    /// cells, and still one, whatever the limit.
    #[test]
    fn each_way_starts_again_from_the_start_and_counts_from_nothing() {
        let board: Board = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"
            .parse()
            .expect("a puzzle line");
        let tight = 3;
        for (way, guesses) in [(Way::Cells, 1), (Way::Placements, tight)] {
            let mut count = CountSearch::new(way, 2, guesses);
            let stopped = count.search(&mut started(&board.to_string()));
            assert_eq!(stopped, ControlFlow::Break(CountStop::Budget), "{way:?}");
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
            FastGuess::Placement {
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
