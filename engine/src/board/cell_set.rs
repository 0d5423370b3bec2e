//! [`CellSet`]: a set of cells as 81 bits.

use super::pos::Pos;

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
