//! The fast strategy. Candidates are held per digit and band: 27 bits for the band's three rows of
//! nine cells, so the rules of one digit inside a band (once per row, once per box) become a few
//! table look-ups. This is the layout of JCZSolve (zhouyundong, champagne, JasonLion on the Enjoy
//! Sudoku forum) and of the `sudoku` crate; the tables here are derived from the rules at compile
//! time.
//!
//! Before each guess the state is propagated to a fixed point: locked candidates inside a band,
//! columns taken by a band removed from the other two, rows with one place left for a digit
//! (hidden singles in rows, and in boxes through the locked candidates), and cells with one digit
//! left (naked singles). Guesses go to a cell with two candidates when there is one, else to the
//! cell with the fewest. A guess copies the state (about 300 bytes), cheaper than an undo log.
//!
//! Run unwatched to a number of solutions ([`super::search_to`]), the search is a recursion of
//! its own ([`run_unwatched`]): the machine's decisions and counters, without its record of the
//! decisions, which only a watcher needs (a tenth of the time on the hard collections).
//!
//! Counting solutions ([`counting`]) uses this state too, and can branch on where a digit sits
//! in a band or a stack instead of on a cell.
//!
//! What was tried and dropped is noted beside the code it concerns, with what it measured.
//! "Counting to 2" there is `count_solutions` beside the `sudoku` crate in one process
//! (interleaved rounds of a whole set, medians; a ratio above 1 means ours is faster), and
//! "`check`" is the whole process, `check --jobs 1` on top1465 twenty times over, pinned (medians
//! of 7 to 11 interleaved runs). Not tried: tdoku's band-triad layout in SIMD. On 17-clue this
//! propagation already counts as many instructions as the crate's (50.3M against 51.7M on the
//! first 5,000 puzzles, callgrind), tdoku's own published tables have it as fast as the crate on
//! 17-clue, and on top1465, the aim furthest off, its branching is the part that loses
//! ([`counting`]).

mod counting;
mod minirows;

pub use counting::Branching;
pub(super) use counting::count_unwatched;

use super::machine::{Branch, State, conflict_of};
use super::{Counters, ONES};
use crate::board::{Board, Cell, CellSet, Contradiction, Digit, DigitSet, Pos};
use minirows::minirows;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW: u32 = 0x1FF;
/// The three cells of a band's first column.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The six ways a digit can sit in a band: for each row, the box it is in (one per row and box).
const PLACEMENTS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// For a band's minirow summary (bit `3 * r + k`: the digit may be in row `r` of box `k`): the
/// placements of [`PLACEMENTS`] that fit it (bit `p`), those whose three minirows it holds.
static FITS: [u8; 512] = {
    let mut table = [0; 512];
    let mut summary = 0;
    while summary < 512 {
        let mut p = 0;
        while p < 6 {
            let mut fits = true;
            let mut r = 0;
            while r < 3 {
                fits &= summary >> (3 * r + PLACEMENTS[p][r]) & 1 != 0;
                r += 1;
            }
            if fits {
                table[summary] |= 1 << p;
            }
            p += 1;
        }
        summary += 1;
    }
    table
};

/// For each placement of [`PLACEMENTS`] in a band: the cells of its three minirows.
static PLACEMENT_CELLS: [u32; 6] = {
    let mut table = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            table[p] |= 7 << (9 * r + 3 * PLACEMENTS[p][r]);
            r += 1;
        }
        p += 1;
    }
    table
};

/// For a band's minirow summary (as for [`FITS`]): the cells of the placements that fit it.
/// This is every locked-candidate deduction inside the band at once; 0 means no placement fits.
static BAND_ALLOWED: [u32; 512] = {
    let mut table = [0; 512];
    let mut summary = 0;
    while summary < 512 {
        let mut p = 0;
        while p < 6 {
            if FITS[summary] >> p & 1 != 0 {
                table[summary] |= PLACEMENT_CELLS[p];
            }
            p += 1;
        }
        summary += 1;
    }
    table
};

/// For the columns a band alone can give a digit (9 bits): the band's cells the digit keeps. A
/// column only this band can fill must be filled here, so its box keeps just that column; two
/// such columns in one box cannot both be filled (the digit is once in a box): no cell is kept.
static COLUMNS_NEEDED: [u32; 512] = {
    let mut table = [0; 512];
    let mut need: usize = 0;
    while need < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let in_box = (need as u32 >> (3 * k)) & 7;
            if in_box.count_ones() == 1 {
                let box_cells = 0o007007007 << (3 * k);
                keep &= !box_cells | (COLUMN << (3 * k + in_box.trailing_zeros() as usize));
            } else if in_box.count_ones() > 1 {
                keep = 0;
            }
            k += 1;
        }
        table[need] = keep;
        need += 1;
    }
    table
};

/// For a band's minirow summary (as for [`BAND_ALLOWED`]): the minirows that are the only one
/// left in their row once the placements that fit are applied. Such a row holds the digit in
/// that minirow, and no other row holds it in that box.
static LOCKED_MINIROWS: [u16; 512] = {
    let mut table = [0; 512];
    let mut summary: usize = 0;
    while summary < 512 {
        let cells = BAND_ALLOWED[summary];
        let mut locked = 0u16;
        let mut r = 0;
        while r < 3 {
            let mut boxes = 0u32;
            let mut k = 0;
            while k < 3 {
                if cells >> (9 * r + 3 * k) & 7 != 0 {
                    boxes |= 1 << k;
                }
                k += 1;
            }
            if boxes.count_ones() == 1 {
                locked |= (boxes as u16) << (3 * r);
            }
            r += 1;
        }
        table[summary] = locked;
        summary += 1;
    }
    table
};

/// For a band's minirow summary (as for [`BAND_ALLOWED`]): the cells of its
/// [locked minirows](LOCKED_MINIROWS), read with the placements that fit (same index), so that
/// the decided cells are one AND away once the columns are known.
static LOCKED_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut summary = 0;
    while summary < 512 {
        let locked = LOCKED_MINIROWS[summary];
        let mut m = 0;
        while m < 9 {
            if locked >> m & 1 != 0 {
                table[summary] |= 7 << (9 * (m / 3) + 3 * (m % 3));
            }
            m += 1;
        }
        summary += 1;
    }
    table
};

/// For the columns a digit may use in a band (9 bits): the cells of those columns in the boxes
/// with one possible column. The digit is in that column, so the other bands lose it (the same
/// cells of theirs), and a locked minirow crosses it in one cell: decided.
static ONE_COLUMN_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let in_box = (cols >> (3 * k)) & 7usize;
            if in_box.count_ones() == 1 {
                table[cols] |= COLUMN << (3 * k + in_box.trailing_zeros() as usize);
            }
            k += 1;
        }
        cols += 1;
    }
    table
};

/// How many of a band's 27 bits are set: one instruction where the processor the program is
/// built for counts bits, else three look-ups (the baseline x86-64 target has no population
/// count instruction, and the software one costs more).
#[inline(always)]
fn ones(x: u32) -> u32 {
    if cfg!(target_feature = "popcnt") {
        (x & BAND).count_ones()
    } else {
        ones_by_table(x)
    }
}

/// [`ones`] without the instruction: kept apart so that its test runs on every build.
#[inline(always)]
fn ones_by_table(x: u32) -> u32 {
    u32::from(ONES[(x & ROW) as usize])
        + u32::from(ONES[(x >> 9 & ROW) as usize])
        + u32::from(ONES[(x >> 18 & ROW) as usize])
}

/// For each cell of a band: the cells of its row and box, and its column (0..9).
static NEAR: [(u32, u32); 27] = {
    let mut table = [(0, 0); 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        table[cell] = (ROW << (9 * row) | 0o007007007 << (col / 3 * 3), col as u32);
        cell += 1;
    }
    table
};

/// For a row's nine cells (9 bits): each bit moved to the low bit of a nibble of its own, so
/// that rows added count each column's cells (at most 9: a nibble holds it).
static SPREAD: [u64; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut c = 0;
        while c < 9 {
            table[row] |= ((row as u64 >> c) & 1) << (4 * c);
            c += 1;
        }
        row += 1;
    }
    table
};

/// For each cell of a band: the band's cells outside its row, column and box, plus the cell:
/// what a digit keeps in the band once it is placed there.
static KEEP_AFTER_PLACING: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let box_cells = 0o007007007 << (col / 3 * 3);
        table[cell] = (BAND & !(ROW << (9 * row)) & !(COLUMN << col) & !box_cells) | 1 << cell;
        cell += 1;
    }
    table
};

/// Where digit `digit` (0..9) of band `band` is in [`FastState::cand`]: the nine digits of a band
/// side by side, so that a decided cell leaves all of them at once
/// (17-clue 1.04x to 1.07x over the layout before). Tried: a digit's three bands side by side
/// instead (a decided cell then leaves the other digits in nine scalar ANDs, and no vector load
/// reads what scalar stores just wrote): counting to 2, top1465 1.34x and 1106 1.39x against
/// 1.38x and 1.43x. Built without AVX-512 (`-C target-feature=-avx512f,...`), ours takes the
/// same time and the crate 2% less (top1465 counting to 2: 1.43x against 1.47x).
#[inline(always)]
const fn at(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// Below this many open cells a guess goes to the first cell with two candidates, not the one
/// with the most open peers ([`FastState::guess_cell`]). One round of each set under callgrind,
/// instructions against the degree everywhere, one solution / counting to 2: threshold 30, serg
/// 0.96 / 0.95, unbiased 0.99 / 0.99, top1465 with three givens taken 0.96 / 0.96, top1465,
/// 1106 and top95 0.98 to 1.00; 35, serg 0.94 / 0.94, the hard sets 0.97 to 1.00; 40, serg
/// 0.93 / 0.92, 1106 1.01 / 1.00, top95 1.01 / 0.97; 45, serg 0.90 / 0.90, the hard sets up to
/// 1.04; everywhere (JCZSolve's rule), serg 0.88, unbiased 0.94 / 0.97, top1465 1.31 / 1.37,
/// 1106 1.35 / 1.13.
const FEW_OPEN: u32 = 36;

/// The fast search state: candidates per digit and band, and what changed since last looked at.
// Not aligned to 64 bytes (a band's nine digits would then cross a cache line at the same place
// in every copy): `check` 226 ms against 227 ms, no gain.
#[derive(Clone, Copy, Debug)]
pub struct FastState {
    /// `cand[at(digit, band)]`: cells of the band where the digit (0-based) may still go.
    cand: [u32; 27],
    /// `cand` as it was when the sub-band was last propagated: a difference means work to do.
    seen: [u32; 27],
    /// The columns of `seen`.
    cols: [u16; 27],
    /// Cells of each band whose digit is not decided yet.
    unsolved: [u32; 3],
    /// Cells of each band with exactly two candidates, as of the last search for singles.
    pairs: [u32; 3],
    /// Cells of each band that held a digit on the starting board.
    start: [u32; 3],
}

impl FastState {
    /// A state of no board, to be [set up](FastState::set_up).
    const EMPTY: FastState = FastState {
        cand: [0; 27],
        seen: [0; 27],
        cols: [0; 27],
        unsolved: [0; 3],
        pairs: [0; 3],
        start: [0; 3],
    };

    /// Sets this state up for `board`, in place: built in a local and returned, the state was
    /// copied twice more on its way to the search (vector loads of what scalar stores had
    /// just written, a measurable part of a 17-clue puzzle's time: the whole process went from
    /// 1.16x to 1.20x the peer program's speed).
    /// After an error the state is half set up, and not to be searched.
    fn set_up(&mut self, board: &Board) -> Result<(), Contradiction> {
        let digits = board.to_digits();
        let filled = filled_of(&digits);
        // Every digit everywhere, then each given's digit taken from the given's row and box in
        // its band and from its column in the others, the given's cell kept. Two equal givens
        // in one unit are a conflict: each takes the other's cell from their digit. Last, the
        // other digits leave the filled cells, all at once: done given by given, a vector store
        // into the digits of a band stood in front of the next given's reads (a tenth of the
        // whole process on 17-clue, with perf): the process went from 1.12x to 1.16x the peer's.
        let cand = &mut self.cand;
        *cand = [BAND; 27];
        let mut own = [0u32; 27];
        for (band, &mask) in filled.iter().enumerate() {
            let mut rest = mask;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // A filled cell holds 1..=9: the index is in bounds, and checked anyway.
                let digit = usize::from(digits[27 * band + bit]).wrapping_sub(1);
                let i = at(digit, band);
                own[i] |= 1 << bit;
                cand[i] &= KEEP_AFTER_PLACING[bit];
                // The column from a table: `bit % 9` is a multiplication and a subtraction more,
                // a tenth of the setting up of a serg board (callgrind).
                let column = !(COLUMN << NEAR[bit % 27].1);
                cand[(i + 9) % 27] &= column;
                cand[(i + 18) % 27] &= column;
            }
        }
        let lost = (0..27).fold(0, |lost, i| lost | (own[i] & !cand[i]));
        if lost != 0 {
            return Err(conflict_of(board));
        }
        for (i, m) in cand.iter_mut().enumerate() {
            *m = *m & !filled[i / 9] | own[i];
        }
        // An open cell that no digit may take: the first, in row-major order.
        let unsolved = filled.map(|f| BAND & !f);
        for band in 0..3 {
            let any = (0..9).fold(0, |any, digit| any | cand[at(digit, band)]);
            let dead = unsolved[band] & !any;
            if dead != 0 {
                return Err(Contradiction::NoCandidate(pos(
                    27 * band + dead.trailing_zeros() as usize
                )));
            }
        }
        self.seen = [0; 27];
        self.cols = [0; 27];
        self.unsolved = unsolved;
        self.pairs = [0; 3];
        self.start = filled;
        Ok(())
    }

    /// Deduces to a fixed point; `false` on a contradiction. (Tried: tdoku's triads, a minirow
    /// or minicolumn holding exactly three digits, after the singles: 2% to 16% fewer guesses,
    /// three times the time in a plain implementation.)
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.unsolved == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Propagates every sub-band that changed, until none does; `false` on a contradiction.
    /// Counting to 2 on top1465 (`perf`), half the time is in the sub-band updates, at loads
    /// waiting on their chain of look-ups, and a third in this scan around them.
    fn update(&mut self) -> bool {
        // Unrolled over the 27 sub-bands: every index is a constant (no bounds checks, no
        // arithmetic), and each sub-band's "changed?" test is a branch of its own, which the
        // processor predicts far better than one branch in a loop. Tried: one scan of the 27
        // into a mask of those that changed, then a jump per digit (10% slower); one test per
        // digit, its three sub-bands' differences ORed, before the three (counting to 2: 1.32x
        // and 1.37x against 1.38x and 1.43x); skipping a sub-band whose open minirows and
        // columns would not change (12% of the updates on top1465; the test on every update
        // took 1.7 times the time).
        macro_rules! one {
            ($changed:ident, $sub:literal) => {
                let m = self.cand[$sub];
                if m != self.seen[$sub] {
                    $changed = true;
                    if !self.update_sub_band::<$sub>(m) {
                        return false;
                    }
                }
            };
        }
        // A digit's three bands are settled before the next digit: what one band decides for
        // the digit changes its other two bands, so the work stays local. The column rule runs
        // after each pass over them. Tried: once per digit after its bands settle (1% fewer
        // instructions on 17-clue, 1% more on 1905 11+); only when a sub-band's columns changed
        // (`check` 236 ms against 225 ms).
        macro_rules! each_digit {
            ($changed:ident: $($a:literal $b:literal $c:literal)*) => {
                $(
                    loop {
                        let mut here = false;
                        one!(here, $a);
                        one!(here, $b);
                        one!(here, $c);
                        if !here {
                            break;
                        }
                        $changed = true;
                        if !self.columns::<$a>() {
                            return false;
                        }
                    }
                )*
            };
        }
        // Tried: another pass only when a pass decided a cell (only a decided cell changes
        // another digit's candidates): `check` 224 ms against 225 ms, not worth the test; again
        // for the easy sets (issue 33, one round under callgrind): serg 0.99x the instructions,
        // 17-clue 1.01x, the others 0.99x to 1.00x.
        loop {
            let mut changed = false;
            each_digit!(changed: 0 9 18 1 10 19 2 11 20 3 12 21 4 13 22 5 14 23 6 15 24 7 16 25 8 17 26);
            if !changed {
                return true;
            }
        }
    }

    /// The rules of one digit in one band: locked candidates, the columns the band takes from the
    /// other two bands, and the cells left alone in their box (then decided: the other digits
    /// leave that cell; a row with one cell left for the digit comes to that through the
    /// locked candidates). `m` is `cand[SUB]` as the caller's "changed?" test just read it:
    /// handed over in a register, the update's chain of dependent steps does not start with
    /// loading it again (3% less time counting to 2 on top1465).
    // Out of line: with all 27 inlined into `update`, registers run out and the scan spills
    // (counting to 2 on top1465: 1.31x to 1.34x inlined, against 1.46x to 1.49x).
    #[inline(never)]
    fn update_sub_band<const SUB: usize>(&mut self, m: u32) -> bool {
        let band = SUB / 9;
        // Every table index is masked to its table's size: the masks cost nothing and spare
        // the bounds checks the compiler cannot otherwise prove away.
        let summary = minirows(m);
        let m = m & BAND_ALLOWED[(summary & 0x1FF) as usize];
        if m == 0 {
            return false;
        }
        self.cand[SUB] = m;
        self.seen[SUB] = m;

        let cols = ((m | m >> 9 | m >> 18) & ROW) as usize;
        self.cols[SUB] = cols as u16;
        // A box with one possible column puts the digit in that column: the other bands lose it.
        let one_column = ONE_COLUMN_CELLS[cols];
        self.cand[(SUB + 9) % 27] &= !one_column;
        self.cand[(SUB + 18) % 27] &= !one_column;

        // Decided: a locked minirow crossing its box's one column. Both tables are indexed by
        // what is already at hand, so this costs one more look-up and two ANDs. (Tried: the
        // locked minirows spread to their cells by BMI2's `pdep` instead of a look-up: 1%,
        // before this table took the step out of the chain; the placements that fit and the locked minirows in one table of 64-bit
        // entries, one load for both: no change.)
        let solved = LOCKED_CELLS[(summary & 0x1FF) as usize] & one_column & m;

        // Decided cells leave the other digits; done whether or not any is new, because a
        // mispredicted branch costs more than eight ANDs (only when new: 7% to 10% slower, and
        // again `check` 254 ms against 229 ms). Once per pass instead of here: 279 ms against
        // 227 ms, the deductions reaching the other digits a pass later.
        self.unsolved[band] &= !solved;
        // The band's nine digits are side by side: all cleared at once, then this one restored.
        for m in &mut self.cand[9 * band..9 * band + 9] {
            *m &= !solved;
        }
        self.cand[SUB] = m;
        true
    }

    /// Every column needs each digit, which the bands of one digit enforce together: a column no
    /// band can fill is a contradiction; a column only one band can fill is that band's to fill,
    /// so the box it crosses there keeps just that column. `FIRST` is the digit's band-0 sub-band.
    /// It reads each sub-band's columns as its update left them (`cols`) instead of folding the
    /// three masks again: 3% fewer instructions on every set.
    #[inline(always)]
    fn columns<const FIRST: usize>(&mut self) -> bool {
        let [m0, m1, m2] = [self.cand[FIRST], self.cand[FIRST + 9], self.cand[FIRST + 18]];
        let [c0, c1, c2] = [self.cols[FIRST], self.cols[FIRST + 9], self.cols[FIRST + 18]].map(u32::from);
        if c0 | c1 | c2 != ROW {
            return false;
        }
        self.cand[FIRST] = m0 & COLUMNS_NEEDED[(c0 & !(c1 | c2)) as usize];
        self.cand[FIRST + 9] = m1 & COLUMNS_NEEDED[(c1 & !(c0 | c2)) as usize];
        self.cand[FIRST + 18] = m2 & COLUMNS_NEEDED[(c2 & !(c0 | c1)) as usize];
        true
    }

    /// Decides the cells with one candidate left and records those with two; `None` if a cell has
    /// no candidate, else whether any single was found. (Tried: each digit's singles placed
    /// together instead of finding each single's digit: counting to 2, 1.46x to 1.50x against
    /// 1.47x to 1.49x, no change; again for the easy sets, one round under callgrind: serg
    /// 1.01x the instructions, unbiased and 17-clue 1.00x, top1465 1.01x.)
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for band in 0..3 {
            // Cells with at least one, two, three candidates.
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let m = self.cand[at(digit, band)];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if one != BAND {
                return None;
            }
            self.pairs[band] = two & !three;
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken this cell's only digit.
                let digit = (0..9).find(|&d| self.cand[at(d, band)] >> bit & 1 != 0)?;
                self.cand[at(digit, band)] &= KEEP_AFTER_PLACING[bit];
                found = true;
            }
        }
        Some(found)
    }

    /// How many cells are open among the row and box (in its band) and the column of the cell
    /// `bit` of `band` (the cell itself counted twice, the same for every cell). Asked for
    /// every two-candidate cell at every guess: tables instead of divisions, and 9-bit counts.
    ///
    /// `columns` is [`FastState::open_in_columns`], counted once for all the cells weighed.
    #[inline]
    fn open_peers(&self, band: usize, bit: usize, columns: u64) -> u32 {
        let (near, col) = NEAR[bit % 27];
        ones(self.unsolved[band] & near) + (columns >> (4 * col) & 0xF) as u32
    }

    /// How many cells are open in each column, column `c` in bits `4c..4c + 4`: the nine rows'
    /// open cells spread to a nibble a column and added. Once per guess, where each cell weighed
    /// folded its column's three bands again (serg: 11 instructions fewer a cell weighed).
    #[inline]
    fn open_in_columns(&self) -> u64 {
        let mut sum = 0;
        for band in self.unsolved {
            for row in 0..3 {
                sum += SPREAD[(band >> (9 * row) & ROW) as usize];
            }
        }
        sum
    }

    /// The cell to guess next (0..81), or `None` when every cell is decided. A cell with two
    /// candidates, and of those the one with the most open cells among its peers: deciding it
    /// tells the most (the degree heuristic breaking the ties of fewest candidates). On the
    /// hard collections this takes about a third fewer guesses than the first cell with two
    /// candidates (as JCZSolve takes).
    ///
    /// Tried, counting to 2 on the hardest sets: the two-candidate cell whose digits have the
    /// most candidates among its peers (12% to 15% fewer guesses, 25% more time, also when only
    /// the three best cells by open peers are weighed); a digit with two places in a row instead
    /// of a cell (two to four times the guesses); bivalue peers weighed in with the open peers
    /// (1:1, 1:2, 2:1: top1465 up to 6% fewer guesses in the same time, 1106 1% to 7% more and
    /// 1.27x to 1.35x against 1.43x); ties broken towards the last cell (2% fewer guesses on
    /// top1465, 2% more on 1106: the tree's size moves with the tie either way).
    ///
    /// With fewer than [`FEW_OPEN`] cells open, the first cell with two candidates, as JCZSolve
    /// takes: weighing every pair there costs more than the guesses it saves.
    #[inline]
    fn guess_cell(&self) -> Option<usize> {
        if self.unsolved == [0; 3] {
            return None;
        }
        if self.open() < FEW_OPEN {
            for band in 0..3 {
                if self.pairs[band] != 0 {
                    return Some(27 * band + self.pairs[band].trailing_zeros() as usize);
                }
            }
        }
        let mut best = (0, usize::MAX);
        let columns = self.open_in_columns();
        for band in 0..3 {
            let mut pairs = self.pairs[band];
            while pairs != 0 {
                let bit = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let degree = self.open_peers(band, bit, columns);
                if degree > best.0 {
                    best = (degree, 27 * band + bit);
                }
            }
        }
        if best.1 == usize::MAX {
            // No cell with two candidates: the first open cell of each band, the one with fewest.
            let mut fewest = (usize::MAX, 0);
            for band in 0..3 {
                let open = self.unsolved[band];
                if open != 0 {
                    let cell = 27 * band + open.trailing_zeros() as usize;
                    let count = self.candidates(cell).len();
                    if count < fewest.0 {
                        fewest = (count, cell);
                    }
                }
            }
            best.1 = fewest.1;
        }
        Some(best.1)
    }

    /// The candidates of `cell` (0..81) as bits (digit `d` is bit `d - 1`).
    #[inline]
    fn candidate_bits(&self, cell: usize) -> u16 {
        let (band, bit) = (cell / 27 % 3, cell % 27);
        let mut bits = 0;
        for digit in 0..9 {
            bits |= ((self.cand[at(digit, band)] >> bit & 1) as u16) << digit;
        }
        bits
    }

    /// How many cells are not decided yet.
    #[inline]
    fn open(&self) -> u32 {
        ones(self.unsolved[0]) + ones(self.unsolved[1]) + ones(self.unsolved[2])
    }

    /// Puts the digit of index `digit` (0..9) in `cell` (0..81) and propagates; `false` on a
    /// contradiction.
    #[inline]
    fn place(&mut self, cell: usize, digit: usize) -> bool {
        let (band, bit) = (cell / 27 % 3, cell % 27);
        self.cand[at(digit, band) % 27] &= KEEP_AFTER_PLACING[bit];
        self.propagate()
    }

    /// The candidates of `cell` (0..81).
    fn candidates(&self, cell: usize) -> DigitSet {
        DigitSet::from_bits(self.candidate_bits(cell))
    }
}

/// The filled cells of each band of `digits` (0 for a blank). Which cells hold digits is too
/// random for a branch per cell: they are found eight at a time (a byte of a word is nonzero
/// when adding 0x7F to it carries into its top bit, as digits are below 0x80).
fn filled_of(digits: &[u8; 81]) -> [u32; 3] {
    let mut filled = 0u128;
    for (k, chunk) in digits.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        let tops = (word + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080;
        // The eight top bits gathered into one byte by a multiplication that adds no carries.
        let byte = (tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled |= u128::from(byte) << (8 * k);
    }
    [0, 1, 2].map(|band| (filled >> (27 * band)) as u32 & BAND)
}

fn pos(cell: usize) -> Pos {
    Pos::new(cell).expect("band cells are below 81")
}

impl State for FastState {
    const COPY_ON_GUESS: bool = true;
    const PROPAGATES: bool = true;

    fn new(board: &Board) -> Result<Self, Contradiction> {
        let mut state = FastState::EMPTY;
        state.set_up(board)?;
        Ok(state)
    }

    fn start(&mut self) -> bool {
        self.propagate()
    }

    fn branch(&self) -> Branch {
        match self.guess_cell() {
            None => Branch::Solved,
            Some(cell) => Branch::Cell {
                pos: pos(cell),
                candidates: self.candidates(cell),
            },
        }
    }

    fn assume(&mut self, pos: Pos, digit: Digit) -> bool {
        self.place(pos.index(), digit.index())
    }

    fn retract(&mut self, _pos: Pos, _digit: Digit) {
        unreachable!("copy-on-guess: the machine returns to its copy of the state instead");
    }

    fn digit(&self, pos: Pos) -> Option<Digit> {
        let (band, bit) = (pos.index() / 27, pos.index() % 27);
        if self.unsolved[band] >> bit & 1 != 0 {
            return None;
        }
        (0..9)
            .find(|&d| self.cand[at(d, band)] >> bit & 1 != 0)
            .map(Digit::from_index)
    }

    fn digits(&self) -> [u8; 81] {
        // A loop over each digit's cells. Without a branch per cell (nine fixed-length loops the
        // compiler vectorises, or four bit planes spread over bytes by a table) it took the same
        // 2.5% of the whole process on 17-clue.
        let mut digits = [0; 81];
        for band in 0..3 {
            let cells = &mut digits[27 * band..27 * band + 27];
            let decided = !self.unsolved[band];
            for digit in 0..9 {
                let mut mine = self.cand[at(digit, band)] & decided;
                while mine != 0 {
                    cells[mine.trailing_zeros() as usize] = digit as u8 + 1;
                    mine &= mine - 1;
                }
            }
        }
        digits
    }

    fn place_into(&self, board: &mut Board, hidden: CellSet) {
        for band in 0..3 {
            let shown = !self.unsolved[band] & !self.start[band] & !((hidden.bits() >> (27 * band)) as u32);
            for digit in Digit::all() {
                let mut mine = self.cand[at(digit.index(), band)] & shown;
                while mine != 0 {
                    board.set(pos(27 * band + mine.trailing_zeros() as usize), Cell::Placed(digit));
                    mine &= mine - 1;
                }
            }
        }
    }

    fn filled(&self) -> CellSet {
        let solved = |band: usize| u128::from(!self.unsolved[band] & BAND) << (27 * band);
        CellSet::from_bits(solved(0) | solved(1) | solved(2))
    }
}

/// The search of the fast strategy run unwatched, to its `limit`-th solution or its end: the
/// machine's decisions and counters exactly (the property tests compare them with stepping),
/// in a recursion that keeps each guess's copy of the state on the call stack and no record of
/// the decisions, which nobody will look at. `found` is called with each solution's state.
/// Returns the counters as [`super::Search`] would leave them there, or why `board` has no
/// solution at once.
pub(super) fn run_unwatched(
    board: &Board,
    limit: u64,
    mut found: impl FnMut(&FastState),
) -> Result<Counters, Contradiction> {
    let mut state = FastState::EMPTY;
    state.set_up(board)?;
    let mut counters = Counters::default();
    if limit == 0 {
        return Ok(counters);
    }
    let given = 81 - state.open();
    if !state.start() {
        return Ok(counters);
    }
    // The cells the first deductions decided are placements too.
    counters.placements = u64::from(81 - state.open() - given);
    let mut run = Unwatched {
        counters,
        limit,
        found: &mut found,
    };
    if !run.descend(&mut state, 0) {
        // Exhausted: every guess was taken back.
        run.counters.depth = 0;
    }
    Ok(run.counters)
}

/// The recursion of [`run_unwatched`].
struct Unwatched<'a, F: FnMut(&FastState)> {
    counters: Counters,
    limit: u64,
    found: &'a mut F,
}

impl<F: FnMut(&FastState)> Unwatched<'_, F> {
    /// Searches on from `state`, which holds `depth` guesses; `true` once the limit of solutions
    /// is reached. Each candidate but the last is tried on a copy; the last on `state` itself,
    /// which is not needed again.
    fn descend(&mut self, state: &mut FastState, depth: usize) -> bool {
        let Some(cell) = state.guess_cell() else {
            self.counters.solutions += 1;
            (self.found)(state);
            return self.counters.solutions >= self.limit;
        };
        let depth = depth + 1;
        let open = state.open();
        let mut options = state.candidate_bits(cell);
        while options != 0 {
            let digit = options.trailing_zeros() as usize;
            options &= options - 1;
            self.counters.placements += 1;
            self.counters.depth = depth;
            self.counters.max_depth = self.counters.max_depth.max(depth);
            if options != 0 {
                let mut copy = *state;
                if copy.place(cell, digit) {
                    // The cells the guess decided besides its own are placements too.
                    self.counters.placements += u64::from(open - copy.open() - 1);
                    if self.descend(&mut copy, depth) {
                        return true;
                    }
                }
            } else if state.place(cell, digit) {
                self.counters.placements += u64::from(open - state.open() - 1);
                if self.descend(state, depth) {
                    return true;
                }
            }
            // The guess is taken back, whether it failed at once or led nowhere.
            self.counters.backtracks += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's open peers, counted from the columns' nibbles, are its row, box and column's
    /// open cells counted one by one on the grid (the cell itself three times), on random
    /// sets of open cells of every density.
    #[test]
    fn open_peers_are_counted_cell_by_cell() {
        let mut random = crate::generate::Random::new(0x005E_ED0F_C011);
        for round in 0..3_000 {
            let mut state = FastState::EMPTY;
            for band in 0..3 {
                state.unsolved[band] =
                    (0..round % 3).fold(random.next_u64() as u32, |m, _| m & random.next_u64() as u32) & BAND;
            }
            let open = |cell: usize| state.unsolved[cell / 27] >> (cell % 27) & 1 == 1;
            let columns = state.open_in_columns();
            for cell in 0..81 {
                let (row, col) = (cell / 9, cell % 9);
                let in_row = (0..9).filter(|&c| open(9 * row + c)).count();
                let in_col = (0..9).filter(|&r| open(9 * r + col)).count();
                let in_box_not_row = (0..81)
                    .filter(|&p| p / 9 / 3 == row / 3 && p % 9 / 3 == col / 3 && p / 9 != row && open(p))
                    .count();
                let expected = in_row + in_box_not_row + in_col;
                assert_eq!(
                    state.open_peers(cell / 27, cell % 27, columns) as usize,
                    expected,
                    "cell {cell}"
                );
            }
        }
    }

    /// A sub-band update, on bands of every density: the digit keeps the cells of the placements
    /// that fit, the cells alone in their box are decided and leave the other digits, and the
    /// other bands lose the column of each box that has one column left.
    #[test]
    fn an_update_decides_the_cells_alone_in_their_box_and_takes_their_columns() {
        let mut random = crate::generate::Random::new(0x9E37_79B9);
        let mut next = || random.next_u64() as u32;
        let mut decided = 0;
        for round in 0..60_000 {
            // One, two or three random words ANDed: about a half, a quarter or an eighth set.
            let raw = (0..round % 3).fold(next(), |m, _| m & next()) & BAND;
            let mut state = FastState::EMPTY;
            state.cand = [BAND; 27];
            state.cand[0] = raw;
            state.unsolved = [BAND; 3];
            let kept = raw & BAND_ALLOWED[minirows(raw) as usize];
            if !state.update_sub_band::<0>(raw) {
                assert_eq!(kept, 0, "{raw:#o}");
                continue;
            }
            assert_eq!(state.cand[0], kept, "{raw:#o}");
            let box_of = |cell: u32| 0o007_007_007 << (cell % 9 / 3 * 3);
            let alone = (0..27)
                .filter(|&cell| kept & box_of(cell) == 1 << cell)
                .fold(0, |alone, cell| alone | 1 << cell);
            assert_eq!(BAND & !state.unsolved[0], alone, "{raw:#o}");
            assert_eq!(state.cand[1], BAND & !alone, "{raw:#o}");
            let mut taken = 0;
            for k in 0..3 {
                let columns: Vec<u32> = (3 * k..3 * k + 3).filter(|&c| kept & COLUMN << c != 0).collect();
                if let [column] = columns[..] {
                    taken |= COLUMN << column;
                }
            }
            assert_eq!(state.cand[9], BAND & !taken, "{raw:#o}");
            assert_eq!(state.cand[18], BAND & !taken, "{raw:#o}");
            decided += alone.count_ones();
        }
        assert!(decided > 1_000, "the bands decide too few cells to tell: {decided}");
    }

    /// Both ways of counting a band's bits agree, whichever one this build's solver uses: every
    /// row pattern in each of the three rows, and a spread of whole bands with bits above 27.
    #[test]
    fn the_table_counts_a_band_as_the_instruction_does() {
        for row in 0..3 {
            for pattern in 0..=ROW {
                let x = pattern << (9 * row);
                assert_eq!(ones_by_table(x), x.count_ones(), "{x:#x}");
            }
        }
        let mut x: u32 = 0x9E37_79B9;
        for _ in 0..100_000 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            assert_eq!(ones_by_table(x), (x & BAND).count_ones(), "{x:#x}");
            assert_eq!(ones(x), (x & BAND).count_ones(), "{x:#x}");
        }
    }
}
