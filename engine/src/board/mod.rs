//! The 9x9 board: digits, cell positions and units, givens and entries, conflicts and candidates.

use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit, 1 to 9. Invalid values cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `n`, or `None` unless `1 <= n <= 9`.
    pub const fn new(n: u8) -> Option<Digit> {
        match NonZeroU8::new(n) {
            Some(d) if n <= 9 => Some(Digit(d)),
            _ => None,
        }
    }

    /// The digit written as the character `c` (`'1'..='9'`).
    pub fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Digit::new(c as u8 - b'0'),
            _ => None,
        }
    }

    /// The digit's value, 1 to 9.
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The digit as a character `'1'..='9'`.
    pub const fn to_char(self) -> char {
        (b'0' + self.get()) as char
    }

    /// Zero-based index 0..9, for tables and bit sets.
    pub const fn index(self) -> usize {
        self.get() as usize - 1
    }

    /// The digit with zero-based index `i` (0..9).
    ///
    /// # Panics
    /// If `i >= 9`; callers pass indices from bit sets of nine bits.
    pub const fn from_index(i: usize) -> Digit {
        assert!(i < 9, "digit index out of range");
        match Digit::new(i as u8 + 1) {
            Some(d) => d,
            None => unreachable!(),
        }
    }

    /// All nine digits, ascending.
    pub fn all() -> impl DoubleEndedIterator<Item = Digit> + Clone {
        (0..9).map(Digit::from_index)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits as nine bits (bit `i` is digit `i + 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1FF);

    /// The set with the bits of `bits` (bit `i` is digit `i + 1`); bits above the ninth are dropped.
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1FF)
    }

    /// The nine-bit mask of the set.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `d`.
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Whether `d` is in the set.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    /// Removes `d`.
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << d.index());
    }

    /// The number of digits in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit of the set.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// Removes and returns the smallest digit.
    pub fn pop_first(&mut self) -> Option<Digit> {
        let d = self.first()?;
        self.0 &= self.0 - 1;
        Some(d)
    }

    /// The digits of the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = Digit> + Clone {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }

    /// Digits in `self` but not in `other`.
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl fmt::Display for DigitSet {
    /// Digits without separators, e.g. `1459`; `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A cell position 0..81 in row-major order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos(u8);

impl Pos {
    /// r1c1, the first cell in row-major order.
    pub const FIRST: Pos = Pos(0);

    /// The cell named `r<row>c<column>` (both 1 to 9, as [`Pos`] displays), case aside.
    pub fn from_name(name: &str) -> Option<Pos> {
        let name = name.to_ascii_lowercase();
        let (row, col) = name.strip_prefix('r')?.split_once('c')?;
        let one = |s: &str| match s.as_bytes() {
            [d @ b'1'..=b'9'] => Some(usize::from(d - b'1')),
            _ => None,
        };
        Pos::at(one(row)?, one(col)?)
    }

    /// The cell with row-major index `i`, or `None` unless `i < 81`.
    pub const fn new(i: usize) -> Option<Pos> {
        if i < 81 { Some(Pos(i as u8)) } else { None }
    }

    /// The cell at zero-based `row` and `col`, or `None` if either is 9 or more.
    pub const fn at(row: usize, col: usize) -> Option<Pos> {
        if row < 9 && col < 9 {
            Some(Pos((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// Row-major index 0..81.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row 0..9.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column 0..9.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box 0..9, numbered row-major (box 0 top left, box 8 bottom right).
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl DoubleEndedIterator<Item = Pos> + Clone {
        (0..81u8).map(Pos)
    }

    /// The three units the cell belongs to: its row, column and box.
    pub const fn units(self) -> [Unit; 3] {
        [
            Unit::Row(self.row() as u8),
            Unit::Col(self.col() as u8),
            Unit::Box(self.box_index() as u8),
        ]
    }

    /// Whether `self` and `other` are different cells sharing a row, column or box.
    pub const fn sees(self, other: Pos) -> bool {
        self.0 != other.0
            && (self.row() == other.row() || self.col() == other.col() || self.box_index() == other.box_index())
    }
}

impl fmt::Display for Pos {
    /// One-based `r{row}c{col}`, e.g. `r1c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A row, column or box, each holding every digit once in a solution. Indices are zero-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Row 0..9, top to bottom.
    Row(u8),
    /// Column 0..9, left to right.
    Col(u8),
    /// Box 0..9, row-major.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> + Clone {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Col))
            .chain((0..9).map(Unit::Box))
    }

    /// The nine cells of the unit, in row-major order.
    pub fn cells(self) -> [Pos; 9] {
        std::array::from_fn(|i| {
            let (row, col) = match self {
                Unit::Row(r) => (r as usize, i),
                Unit::Col(c) => (i, c as usize),
                Unit::Box(b) => (b as usize / 3 * 3 + i / 3, b as usize % 3 * 3 + i % 3),
            };
            Pos((row * 9 + col) as u8)
        })
    }
}

impl fmt::Display for Unit {
    /// One-based, e.g. `row 1`, `column 3`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Col(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// A set of cells as 81 bits (bit `i` is the cell with index `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet((1 << 81) - 1);

    /// The set with the bits of `bits`; bits above the 81st are dropped.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & Self::ALL.0)
    }

    /// The 81-bit mask of the set.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Pos) -> bool {
        self.0 >> p.index() & 1 != 0
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: Pos) {
        self.0 |= 1 << p.index();
    }

    /// Removes `p`.
    pub fn remove(&mut self, p: Pos) {
        self.0 &= !(1 << p.index());
    }

    /// The number of cells in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Removes and returns the cell with the lowest index.
    pub fn pop_first(&mut self) -> Option<Pos> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Pos(i))
    }

    /// The cells of the set in row-major order.
    pub fn iter(self) -> impl Iterator<Item = Pos> + Clone {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }

    /// Cells in `self` but not in `other`.
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// Cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }
}

impl FromIterator<Pos> for CellSet {
    fn from_iter<I: IntoIterator<Item = Pos>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No digit yet.
    #[default]
    Empty,
    /// A clue of the loaded puzzle.
    Given(Digit),
    /// A digit the user typed.
    Entry(Digit),
    /// A digit the solver placed.
    Placed(Digit),
}

impl Cell {
    /// The digit in the cell, whoever put it there.
    pub const fn digit(self) -> Option<Digit> {
        match self {
            Cell::Empty => None,
            Cell::Given(d) | Cell::Entry(d) | Cell::Placed(d) => Some(d),
        }
    }

    /// Whether the cell is a clue of the puzzle.
    pub const fn is_given(self) -> bool {
        matches!(self, Cell::Given(_))
    }
}

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The unit both cells are in.
    pub unit: Unit,
    /// The digit both cells hold.
    pub digit: Digit,
    /// The earlier of the two cells in row-major order.
    pub first: Pos,
    /// The later of the two cells.
    pub second: Pos,
}

impl fmt::Display for Conflict {
    /// E.g. `r1c1 and r1c2 both hold 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {} both hold {}", self.first, self.second, self.digit)
    }
}

/// A conflict is why a board has no solution: `?` can pass it on as an error.
impl std::error::Error for Conflict {}

/// Why a board has no solution, seen before any search: two equal digits in a unit, or an empty
/// cell that no digit fits (every digit is already in its row, column or box).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two cells of one unit hold the same digit.
    Conflict(Conflict),
    /// An empty cell has no candidate.
    NoCandidate(Pos),
}

impl fmt::Display for Contradiction {
    /// E.g. `r1c1 and r1c2 both hold 3`, `r1c9 has no candidate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Conflict(conflict) => conflict.fmt(f),
            Contradiction::NoCandidate(pos) => write!(f, "{pos} has no candidate"),
        }
    }
}

impl std::error::Error for Contradiction {}

impl From<Conflict> for Contradiction {
    fn from(conflict: Conflict) -> Self {
        Contradiction::Conflict(conflict)
    }
}

/// The 81 cells of a Sudoku, each empty, a given, an entry or a digit the solver placed.
///
/// `Display` writes the canonical one-line form: 81 characters, `.` for a blank.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Cell; 81],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with every cell empty.
    pub const fn empty() -> Board {
        Board {
            cells: [Cell::Empty; 81],
        }
    }

    /// A board whose givens are the digits of `digits` (0 = blank; values above 9 are blanks too).
    pub fn from_givens(digits: &[u8; 81]) -> Board {
        Board {
            cells: std::array::from_fn(|i| match Digit::new(digits[i]) {
                Some(d) => Cell::Given(d),
                None => Cell::Empty,
            }),
        }
    }

    /// This board with the digits of `digits` (0 = none) in its empty cells, as the solver's
    /// digits: how a solution found from the digits alone becomes a board.
    pub fn with_placed(&self, digits: &[u8; 81]) -> Board {
        Board {
            cells: std::array::from_fn(|i| match (self.cells[i], Digit::new(digits[i])) {
                (Cell::Empty, Some(d)) => Cell::Placed(d),
                (cell, _) => cell,
            }),
        }
    }

    /// What the cell at `p` holds.
    pub const fn cell(&self, p: Pos) -> Cell {
        self.cells[p.index()]
    }

    /// The digit at `p`, whoever put it there.
    pub const fn digit(&self, p: Pos) -> Option<Digit> {
        self.cells[p.index()].digit()
    }

    /// Puts `cell` at `p`, whatever was there (the app decides what may be overwritten).
    pub fn set(&mut self, p: Pos, cell: Cell) {
        self.cells[p.index()] = cell;
    }

    /// The 81 cells in row-major order.
    pub fn cells(&self) -> &[Cell; 81] {
        &self.cells
    }

    /// The digits as 81 numbers, 0 for a blank.
    pub fn to_digits(&self) -> [u8; 81] {
        std::array::from_fn(|i| self.cells[i].digit().map_or(0, Digit::get))
    }

    /// The empty cells in row-major order.
    pub fn blanks(&self) -> impl Iterator<Item = Pos> + '_ {
        Pos::all().filter(|&p| self.digit(p).is_none())
    }

    /// The number of empty cells.
    pub fn blank_count(&self) -> usize {
        self.cells.iter().filter(|c| c.digit().is_none()).count()
    }

    /// The number of givens.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_given()).count()
    }

    /// The given cells.
    pub fn givens(&self) -> CellSet {
        Pos::all().filter(|&p| self.cell(p).is_given()).collect()
    }

    /// The digits of the cells of `unit`, as a set.
    pub fn digits_in(&self, unit: Unit) -> DigitSet {
        unit.cells().iter().filter_map(|&p| self.digit(p)).collect()
    }

    /// Digits that could go in `p` without repeating one of its row, column or box; empty if `p`
    /// holds a digit.
    pub fn candidates(&self, p: Pos) -> DigitSet {
        if self.digit(p).is_some() {
            return DigitSet::EMPTY;
        }
        let [row, col, bx] = p.units();
        let used = self.digits_in(row).bits() | self.digits_in(col).bits() | self.digits_in(bx).bits();
        DigitSet::ALL.difference(DigitSet::from_bits(used))
    }

    /// Every pair of cells of one unit holding the same digit, unit by unit (rows, columns, boxes).
    /// Two cells sharing a row and a box are reported once for each.
    pub fn conflicts(&self) -> Vec<Conflict> {
        // The quick check first: a batch `check` asks for every puzzle, and mostly there is none.
        if !self.has_conflict() {
            return Vec::new();
        }
        Unit::all().flat_map(|unit| self.conflicts_in(unit)).collect()
    }

    /// The first conflict in the order of [`Board::conflicts`], without listing them all.
    pub fn first_conflict(&self) -> Option<Conflict> {
        if !self.has_conflict() {
            return None;
        }
        Unit::all().find_map(|unit| self.conflicts_in(unit).next())
    }

    /// Whether some unit holds a digit twice: one pass over the cells with a bit set per unit.
    pub fn has_conflict(&self) -> bool {
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (i, cell) in self.cells.iter().enumerate() {
            let Some(d) = cell.digit() else { continue };
            let bit = 1 << d.index();
            let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        false
    }

    /// The conflicts inside `unit`, pairs in row-major order of their cells.
    pub fn conflicts_in(&self, unit: Unit) -> impl Iterator<Item = Conflict> + '_ {
        let cells = unit.cells();
        (0..9).flat_map(move |i| {
            (i + 1..9).filter_map(move |j| {
                let (first, second) = (cells[i], cells[j]);
                let digit = self.digit(first)?;
                (self.digit(second) == Some(digit)).then_some(Conflict {
                    unit,
                    digit,
                    first,
                    second,
                })
            })
        })
    }

    /// Every cell that is part of some conflict.
    pub fn conflicting_cells(&self) -> CellSet {
        let mut set = CellSet::EMPTY;
        // The quick check first: the screen asks on every frame, and mostly there is none.
        if !self.has_conflict() {
            return set;
        }
        for c in self.conflicts() {
            set.insert(c.first);
            set.insert(c.second);
        }
        set
    }

    /// The candidates of every cell (empty for filled cells), from the digits of each unit
    /// gathered once rather than 27 cells scanned per cell.
    pub fn all_candidates(&self) -> [DigitSet; 81] {
        let mut used = [0u16; 27];
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some(d) = cell.digit() {
                let bit = 1 << d.index();
                used[i / 9] |= bit;
                used[9 + i % 9] |= bit;
                used[18 + i / 27 * 3 + i % 9 / 3] |= bit;
            }
        }
        std::array::from_fn(|i| {
            if self.cells[i].digit().is_some() {
                return DigitSet::EMPTY;
            }
            let taken = used[i / 9] | used[9 + i % 9] | used[18 + i / 27 * 3 + i % 9 / 3];
            DigitSet::ALL.difference(DigitSet::from_bits(taken))
        })
    }

    /// The first reason, if any, that the board has no solution before any search: a conflict
    /// (the first in the order of [`Board::conflicts`]), else the first empty cell in row-major
    /// order with no candidate.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(conflict) = self.first_conflict() {
            return Some(Contradiction::Conflict(conflict));
        }
        let candidates = self.all_candidates();
        Pos::all()
            .find(|p| self.digit(*p).is_none() && candidates[p.index()].is_empty())
            .map(Contradiction::NoCandidate)
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|c| c.digit().is_some())
    }

    /// Whether every cell holds a digit and no unit repeats one: a solution.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && !self.has_conflict()
    }

    /// Whether `solution` is a solution of this board: solved, and every digit of this board is
    /// in the same place there.
    pub fn is_solved_by(&self, solution: &Board) -> bool {
        solution.is_solved() && Pos::all().all(|p| self.digit(p).is_none() || self.digit(p) == solution.digit(p))
    }

    /// The board with every digit, whoever put it there, made a given.
    pub fn with_all_as_givens(&self) -> Board {
        Board {
            cells: self.cells.map(|c| c.digit().map_or(Cell::Empty, Cell::Given)),
        }
    }

    /// The board with only its givens: entries and solver digits removed.
    pub fn givens_only(&self) -> Board {
        Board {
            cells: self.cells.map(|c| if c.is_given() { c } else { Cell::Empty }),
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One write of 81 bytes: the batch solver prints a line per puzzle.
        let line: [u8; 81] = std::array::from_fn(|i| self.cells[i].digit().map_or(b'.', |d| b'0' + d.get()));
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        line.parse().expect("a valid board")
    }

    fn pos(row: usize, col: usize) -> Pos {
        Pos::at(row, col).unwrap()
    }

    #[test]
    fn digits_and_positions_reject_what_cannot_exist() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::new(9).map(Digit::to_char), Some('9'));
        assert_eq!(Digit::from_char('0'), None);
        assert_eq!(Pos::new(81), None);
        assert_eq!(Pos::at(9, 0), None);
        assert_eq!(pos(0, 2).to_string(), "r1c3");
        assert_eq!(pos(8, 8).box_index(), 8);
        assert_eq!(pos(4, 5).box_index(), 4);
    }

    #[test]
    fn units_hold_their_nine_cells() {
        assert_eq!(Unit::Row(1).cells()[8], pos(1, 8));
        assert_eq!(Unit::Col(2).cells()[4], pos(4, 2));
        assert_eq!(
            Unit::Box(5).cells(),
            [
                pos(3, 6),
                pos(3, 7),
                pos(3, 8),
                pos(4, 6),
                pos(4, 7),
                pos(4, 8),
                pos(5, 6),
                pos(5, 7),
                pos(5, 8)
            ]
        );
        assert_eq!(Unit::all().count(), 27);
    }

    #[test]
    fn conflicts_name_both_cells_and_the_unit() {
        let mut b = Board::empty();
        let d3 = Digit::new(3).unwrap();
        b.set(pos(0, 0), Cell::Given(d3));
        b.set(pos(0, 1), Cell::Entry(d3));
        let conflicts = b.conflicts();
        // Same row and same box: one conflict for each unit.
        assert_eq!(
            conflicts,
            vec![
                Conflict {
                    unit: Unit::Row(0),
                    digit: d3,
                    first: pos(0, 0),
                    second: pos(0, 1)
                },
                Conflict {
                    unit: Unit::Box(0),
                    digit: d3,
                    first: pos(0, 0),
                    second: pos(0, 1)
                },
            ]
        );
        assert_eq!(conflicts[0].to_string(), "r1c1 and r1c2 both hold 3");
        assert_eq!(b.first_conflict(), Some(conflicts[0]));
        b.set(pos(8, 0), Cell::Placed(d3));
        assert_eq!(b.conflicts().len(), 3);
        assert_eq!(
            b.conflicting_cells(),
            [pos(0, 0), pos(0, 1), pos(8, 0)].into_iter().collect()
        );
    }

    #[test]
    fn candidates_leave_out_row_column_and_box() {
        let b = board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        // r1c2: row has 4 8 5, column has 3 2, box has 4 3.
        assert_eq!(b.candidates(pos(0, 1)).to_string(), "1679");
        assert_eq!(b.candidates(pos(0, 0)), DigitSet::EMPTY, "a filled cell has none");
        assert_eq!(b.blank_count(), 64);
        assert_eq!(b.given_count(), 17);
        assert_eq!(b.blanks().next(), Some(pos(0, 1)));
    }

    #[test]
    fn solved_means_complete_and_conflict_free() {
        let solution = board("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
        assert!(solution.is_solved());
        let puzzle = board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        assert!(!puzzle.is_complete());
        assert!(puzzle.is_solved_by(&solution));
        let mut wrong = solution.clone();
        wrong.set(pos(0, 0), Cell::Entry(Digit::new(1).unwrap()));
        assert!(wrong.is_complete() && !wrong.is_solved());
        assert!(!puzzle.is_solved_by(&wrong));
    }

    #[test]
    fn entries_can_become_givens_and_be_cleared() {
        let mut b = Board::empty();
        b.set(pos(0, 0), Cell::Given(Digit::new(1).unwrap()));
        b.set(pos(0, 1), Cell::Entry(Digit::new(2).unwrap()));
        b.set(pos(0, 2), Cell::Placed(Digit::new(3).unwrap()));
        assert_eq!(b.with_all_as_givens().given_count(), 3);
        let only = b.givens_only();
        assert_eq!((only.given_count(), only.blank_count()), (1, 80));
    }

    #[test]
    fn digit_sets_iterate_ascending() {
        let set: DigitSet = [9, 1, 5].into_iter().filter_map(Digit::new).collect();
        assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), vec![1, 5, 9]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.to_string(), "159");
        assert_eq!(DigitSet::EMPTY.to_string(), "-");
    }
}
