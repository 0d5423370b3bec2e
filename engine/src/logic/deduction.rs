//! What a logical step is: the technique, what it places or eliminates, the cells, units and
//! candidates that prove it, a plain-words explanation, and its difficulty on Sudoku Explainer's
//! scale.

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
}

impl fmt::Display for Difficulty {
    /// One decimal, as Sudoku Explainer writes it: `2.3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The techniques, in one place: each row names a technique's variant, the name people know it
/// by (HoDoKu's and SudokuWiki's), and whether it places a digit (the others eliminate
/// candidates). The macro makes [`Technique`], [`Technique::ALL`] (easiest first, in row order),
/// [`Technique::name`] and [`Technique::places`] from this list, so that no length is counted by
/// hand. Adding a technique is a row here, a finder in a file of its own beside this one, and its
/// place in the finders' order (`FINDERS` in `logic/mod.rs`, or the chains after them).
macro_rules! techniques {
    ($(
        $(#[$attr:meta])*
        $variant:ident => $name:literal, $places:literal;
    )+) => {
        /// The techniques, from easiest. Names are HoDoKu's and SudokuWiki's.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Technique {
            $( $(#[$attr])* $variant, )+
        }

        impl Technique {
            /// Every technique, easiest first.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),+];

            /// The name people know it by, e.g. `Hidden Single`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)+
                }
            }

            /// Whether the technique places a digit (the others eliminate candidates).
            pub const fn places(self) -> bool {
                match self {
                    $(Technique::$variant => $places,)+
                }
            }
        }
    };
}

techniques! {
    /// The last empty cell of a unit.
    FullHouse => "Full House", true;
    /// The only place for a digit in a unit.
    HiddenSingle => "Hidden Single", true;
    /// The only candidate of a cell.
    NakedSingle => "Naked Single", true;
    /// A digit confined to one row or column of a box: gone from the rest of that line.
    Pointing => "Locked Candidates (Pointing)", false;
    /// A digit confined to one box in a row or column: gone from the rest of that box.
    Claiming => "Locked Candidates (Claiming)", false;
    /// Two cells of a unit holding only the same two digits.
    NakedPair => "Naked Pair", false;
    /// Three cells of a unit holding only the same three digits.
    NakedTriple => "Naked Triple", false;
    /// Four cells of a unit holding only the same four digits.
    NakedQuad => "Naked Quad", false;
    /// Two digits that can only go in the same two cells of a unit.
    HiddenPair => "Hidden Pair", false;
    /// Three digits that can only go in the same three cells of a unit.
    HiddenTriple => "Hidden Triple", false;
    /// Four digits that can only go in the same four cells of a unit.
    HiddenQuad => "Hidden Quad", false;
    /// A digit in two rows (columns) confined to the same two columns (rows).
    XWing => "X-Wing", false;
    /// The same with three lines.
    Swordfish => "Swordfish", false;
    /// The same with four lines.
    Jellyfish => "Jellyfish", false;
    /// Two conjugate pairs of a digit in parallel lines sharing one end's line.
    Skyscraper => "Skyscraper", false;
    /// A conjugate pair in a row and one in a column, joined in a box.
    TwoStringKite => "2-String Kite", false;
    /// A bivalue pivot seeing two bivalue pincers.
    XYWing => "XY-Wing", false;
    /// A trivalue pivot seeing two bivalue pincers.
    XYZWing => "XYZ-Wing", false;
    /// Two identical bivalue cells joined by a conjugate pair of one of their digits.
    WWing => "W-Wing", false;
    /// An alternating chain on one digit.
    XChain => "X-Chain", false;
    /// A chain through bivalue cells.
    XYChain => "XY-Chain", false;
    /// Four cells in two boxes that would allow two solutions: one corner must break it.
    UniqueRectangle1 => "Unique Rectangle Type 1", false;
    /// The same, broken by an extra digit shared by two corners.
    UniqueRectangle2 => "Unique Rectangle Type 2", false;
    /// Every cell bivalue but one: the one must take the digit that breaks the deadly pattern.
    BugPlusOne => "BUG+1", false;
    /// An alternating inference chain mixing cells and units.
    Aic => "AIC", false;
    /// A candidate whose assumption leads, by singles alone, to a contradiction; or a cell or
    /// unit whose every choice leads to the same result.
    ForcingChain => "Forcing Chain", false;
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
    /// A step of `technique` rated `difficulty`, with nothing filled in yet.
    pub(crate) fn new(technique: Technique, difficulty: u16, explanation: String) -> Deduction {
        Deduction {
            technique,
            difficulty: Difficulty(difficulty),
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

    /// The rating's tally counts a technique at its discriminant: the registry must list the
    /// variants in their own order, each once.
    #[test]
    fn every_technique_stands_at_its_own_place_in_the_list() {
        for (i, &technique) in Technique::ALL.iter().enumerate() {
            assert_eq!(technique as usize, i, "{technique}");
        }
        assert_eq!(Technique::ALL.iter().filter(|t| t.places()).count(), 3);
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
