//! [`DigitSet`]: a set of digits as nine bits, so that a candidate test is one AND.

use super::digit::Digit;
use std::fmt;

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

    /// Digits in both `self` and `other`.
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in `self`, `other` or both.
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_iterate_ascending() {
        let set: DigitSet = [9, 1, 5].into_iter().filter_map(Digit::new).collect();
        assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), vec![1, 5, 9]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.to_string(), "159");
        assert_eq!(DigitSet::EMPTY.to_string(), "-");
    }
}
