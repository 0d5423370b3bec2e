//! What Sudoku Explainer's chains share: the length bonus of its rating, and people's form of
//! a chain of strong and weak links. The chains themselves are SE's: its static Forcing Chains
//! & Cycles, Nishio, cell and region, dynamic and nested chains (`se_forcing.rs`,
//! `se_chaining.rs`).
//!
//! In a chain, a *strong* link (one of the two is true: a bivalue cell, or a digit with two
//! places in a unit) is written `=`, a *weak* one (not both true) `-`. SE rates a chain 6.6 on one
//! kind of link, 7.0 when it mixes cells and units (6.5 for a cycle of one kind), plus a bonus
//! that grows by 0.1 each time the chain outgrows 4, 6, 8, 12, 16, 24... candidates.

use super::deduction::Candidate;

/// Sudoku Explainer's length bonus for a chain of `nodes` candidates, in tenths.
pub fn length_bonus(nodes: usize) -> u16 {
    let (mut bonus, mut ceiling, mut odd) = (0, 4, false);
    while nodes > ceiling {
        bonus += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    bonus
}

/// People's form of a chain: `(5)r1c2 = (5)r1c8 - (5)r4c8 = (5)r4c3`.
pub(crate) fn chain_text(path: &[Candidate]) -> String {
    let mut text = String::new();
    for (i, c) in path.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&format!("({}){}", c.digit, c.pos));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{at, d};

    #[test]
    fn length_bonus_follows_sudoku_explainer() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].map(length_bonus).to_vec();
        assert_eq!(bonus, vec![0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }

    #[test]
    fn a_chain_alternates_strong_and_weak_links() {
        let path = [
            Candidate::new(at(1, 2), d(5)),
            Candidate::new(at(1, 8), d(5)),
            Candidate::new(at(4, 8), d(5)),
            Candidate::new(at(4, 3), d(5)),
        ];
        assert_eq!(chain_text(&path), "(5)r1c2 = (5)r1c8 - (5)r4c8 = (5)r4c3");
    }
}
