//! [`Digit`]: a Sudoku digit, 1 to 9, that cannot be built out of range.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_reject_what_cannot_exist() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::new(9).map(Digit::to_char), Some('9'));
        assert_eq!(Digit::from_char('0'), None);
    }
}
