//! What a logical step is: the technique, what it places or eliminates, the cells, units and
//! candidates that prove it, a plain-words explanation, and its difficulty on Sudoku Explainer's
//! scale.

pub use super::registry::Technique;
use crate::board::{CellSet, Digit, Pos, Unit};
use std::fmt;

/// A digit in a cell: a candidate, or a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub pos: Pos,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// `digit` in `pos`.
    pub const fn new(pos: Pos, digit: Digit) -> Candidate {
        Candidate { pos, digit }
    }
}

impl fmt::Display for Candidate {
    /// HoDoKu's notation for a candidate, e.g. `r5c2=7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.pos, self.digit)
    }
}

/// A difficulty in tenths on Sudoku Explainer's scale: `Difficulty(23)` is 2.3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as a number, e.g. 2.3.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// `tenths` more: a chain's length bonus on its base rating.
    pub(crate) const fn plus(self, tenths: u16) -> Difficulty {
        Difficulty(self.0 + tenths)
    }
}

impl fmt::Display for Difficulty {
    /// One decimal, as Sudoku Explainer writes it: `2.3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: what it does, why, and what shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The technique.
    pub technique: Technique,
    /// How hard the step is on Sudoku Explainer's scale (a chain's length adds to its base).
    pub difficulty: Difficulty,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The cells of the pattern, for highlighting.
    pub cells: CellSet,
    /// The units where to look.
    pub units: Vec<Unit>,
    /// The candidates that prove it (a chain's links, a pair's digits...).
    pub candidates: Vec<Candidate>,
    /// One line in plain words, e.g. "in box 4, only r5c2 can hold 7".
    pub explanation: String,
}

impl Deduction {
    /// A step of `technique` rated `difficulty` (as its form in the registry is rated, see
    /// [`Technique`]), with nothing filled in yet.
    pub(crate) fn new(technique: Technique, difficulty: Difficulty, explanation: String) -> Deduction {
        Deduction {
            technique,
            difficulty,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: CellSet::EMPTY,
            units: Vec::new(),
            candidates: Vec::new(),
            explanation,
        }
    }

    /// The one-line form: `<technique>: <explanation>` (its `Display`).
    pub fn line(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Deduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.technique, self.explanation)
    }
}

/// People's words for a list of cells: `r1c1`, `r1c1 and r2c2`, `r1c1, r2c2 and r3c3`.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = Pos>) -> String {
    let names: Vec<String> = cells.into_iter().map(|p| p.to_string()).collect();
    and_list(&names)
}

/// People's words for a list of digits: `3`, `3 and 8`, `3, 5 and 8`.
pub(crate) fn digit_list(digits: impl IntoIterator<Item = Digit>) -> String {
    let names: Vec<String> = digits.into_iter().map(|d| d.to_string()).collect();
    and_list(&names)
}

/// A count with its noun, singular for one: `1 place`, `2 places`.
pub(crate) fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Joins with commas and a final "and" (`a, b and c`), as every explanation of the engine
/// does; public so that words written around them (the workbench's hints) read the same.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// People's words for eliminations: each cell named once per group of digits it loses with
/// the same cells, `r4c3<>5, r9c8<>5` as `5 from r4c3 and r9c8`, `r1c3<>7, r1c3<>9` as
/// `7 and 9 from r1c3`. Several groups are parted by `; `, since each may hold an "and" of its
/// own: `3 and 8 from r5c1 and r5c2; 4 from r5c1`.
pub(crate) fn elimination_list(eliminations: &[Candidate]) -> String {
    // For each digit, the cells losing it; digits with the same cells make one group, in the
    // order of their smallest digit.
    let mut groups: Vec<(CellSet, Vec<Digit>)> = Vec::new();
    for d in Digit::all() {
        let cells: CellSet = eliminations.iter().filter(|c| c.digit == d).map(|c| c.pos).collect();
        if cells.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(seen, _)| *seen == cells) {
            Some((_, digits)) => digits.push(d),
            None => groups.push((cells, vec![d])),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(cells, digits)| format!("{} from {}", digit_list(digits), cell_list(cells.iter())))
        .collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(row: usize, col: usize, digit: u8) -> Candidate {
        Candidate::new(Pos::at(row, col).unwrap(), Digit::new(digit).unwrap())
    }

    #[test]
    fn eliminations_name_each_cell_once_per_group_of_digits() {
        assert_eq!(elimination_list(&[c(0, 2, 7), c(0, 2, 9)]), "7 and 9 from r1c3");
        assert_eq!(elimination_list(&[c(3, 2, 5), c(8, 7, 5)]), "5 from r4c3 and r9c8");
        // A hidden pair's cells losing their other digits: the digits they lose alike together.
        let list = [
            c(6, 6, 2),
            c(8, 6, 2),
            c(6, 6, 3),
            c(8, 6, 1),
            c(6, 6, 6),
            c(8, 6, 6),
            c(6, 6, 8),
        ];
        assert_eq!(
            elimination_list(&list),
            "1 from r9c7; 2 and 6 from r7c7 and r9c7; 3 and 8 from r7c7"
        );
        assert_eq!(elimination_list(&[]), "");
    }
}
