//! A person's pencil marks: for each cell, the digits they noted as still possible there. They
//! are theirs, not the computer's: a mark stays until they remove it (or a digit written in a
//! peer takes it away, if they want that), even where the board already rules it out.

use super::board::{Board, Digit, DigitSet, Pos};
use std::fmt;

/// The marks of the 81 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Marks([DigitSet; 81]);

impl Default for Marks {
    fn default() -> Marks {
        Marks::NONE
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Marks({})", self.to_line())
    }
}

impl Marks {
    /// No mark anywhere.
    pub const NONE: Marks = Marks([DigitSet::EMPTY; 81]);

    /// The marks `sets`, one per cell in reading order.
    pub const fn from_sets(sets: [DigitSet; 81]) -> Marks {
        Marks(sets)
    }

    /// The marks of every cell, in reading order.
    pub const fn sets(&self) -> &[DigitSet; 81] {
        &self.0
    }

    /// The marks of `p`.
    pub const fn get(&self, p: Pos) -> DigitSet {
        self.0[p.index()]
    }

    /// Replaces the marks of `p`.
    pub fn set(&mut self, p: Pos, marks: DigitSet) {
        self.0[p.index()] = marks;
    }

    /// Adds `d` to the marks of `p` if it is not there, removes it if it is; whether it is
    /// there now.
    pub fn toggle(&mut self, p: Pos, d: Digit) -> bool {
        let set = &mut self.0[p.index()];
        if set.contains(d) {
            set.remove(d);
            false
        } else {
            set.insert(d);
            true
        }
    }

    /// Whether no cell has a mark.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|s| s.is_empty())
    }

    /// How many cells have marks.
    pub fn cells_marked(&self) -> usize {
        self.0.iter().filter(|s| !s.is_empty()).count()
    }

    /// The marks with `d` taken from the peers of `p`: what writing `d` in `p` leaves of them
    /// (the cell's own marks go too, since it now holds a digit).
    pub fn after_writing(&self, p: Pos, d: Digit) -> Marks {
        let mut marks = *self;
        marks.0[p.index()] = DigitSet::EMPTY;
        for q in Pos::all().filter(|q| q.sees(p)) {
            marks.0[q.index()].remove(d);
        }
        marks
    }

    /// The marks of `board`'s empty cells only: a digit in a cell makes its marks moot.
    pub fn of_empty_cells(&self, board: &Board) -> Marks {
        Marks(std::array::from_fn(|i| {
            match Pos::new(i).and_then(|p| board.digit(p)) {
                Some(_) => DigitSet::EMPTY,
                None => self.0[i],
            }
        }))
    }

    /// The marks as 81 groups of nine characters, the `k`-th the digit `k` if it is marked, else
    /// `.` (how a progress file writes them).
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(729);
        for set in &self.0 {
            for d in Digit::all() {
                line.push(if set.contains(d) { d.to_char() } else { '.' });
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(r: usize, c: usize) -> Pos {
        Pos::at(r, c).unwrap()
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).unwrap()
    }

    #[test]
    fn toggling_adds_then_removes() {
        let mut marks = Marks::NONE;
        assert!(marks.toggle(pos(0, 0), digit(3)));
        assert!(marks.toggle(pos(0, 0), digit(7)));
        assert_eq!(marks.get(pos(0, 0)).iter().map(Digit::get).collect::<Vec<_>>(), [3, 7]);
        assert!(!marks.toggle(pos(0, 0), digit(3)));
        assert_eq!(marks.cells_marked(), 1);
        assert!(!marks.toggle(pos(0, 0), digit(7)));
        assert!(marks.is_empty());
    }

    #[test]
    fn writing_a_digit_takes_it_from_the_peers_only() {
        let mut marks = Marks::NONE;
        for p in [pos(0, 0), pos(0, 8), pos(8, 0), pos(1, 1), pos(4, 4)] {
            marks.set(p, DigitSet::from_bits(0b1_0001_0001));
        }
        let after = marks.after_writing(pos(0, 0), digit(5));
        assert!(after.get(pos(0, 0)).is_empty(), "the cell itself holds a digit now");
        for peer in [pos(0, 8), pos(8, 0), pos(1, 1)] {
            assert_eq!(after.get(peer).iter().map(Digit::get).collect::<Vec<_>>(), [1, 9]);
        }
        assert_eq!(after.get(pos(4, 4)), marks.get(pos(4, 4)), "not a peer");
    }

    #[test]
    fn a_line_of_marks_has_nine_characters_per_cell() {
        let mut marks = Marks::NONE;
        marks.set(pos(0, 1), DigitSet::from_bits(0b1_0000_0101));
        let line = marks.to_line();
        assert_eq!(line.len(), 729);
        assert_eq!(&line[..18], ".........1.3.....9");
    }
}
