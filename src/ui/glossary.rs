//! The words of step mode, the race and the tree, each with what it means, in one list: the
//! help's second page (Tab) shows it, and the panel writes a counter's meaning beside it where
//! there is room. Depth has one meaning everywhere: the engine's
//! ([`Counters::DEPTH_MEANS`]), which its line here begins with.

use sudoku_engine::Counters;

/// A word and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The word as the screen writes it.
    pub word: &'static str,
    /// What it means, in a few words, for beside a counter.
    pub short: &'static str,
    /// What it means, in full.
    pub means: &'static str,
}

/// A term with its short and full meaning.
const fn term(word: &'static str, short: &'static str, means: &'static str) -> Term {
    Term { word, short, means }
}

/// Every word, in the order a learner meets them.
pub static TERMS: &[Term] = &[
    term(
        "step",
        "one thing the search did",
        "one thing the search did: a digit placed, a digit taken back, a solution found, or the end. \"Steps\" counts them; n takes one, b one back.",
    ),
    term(
        "guess",
        "a digit tried that may be wrong",
        "a digit tried in a cell (for dlx, also a cell tried for a digit of a row, column or box) that may turn out wrong. Each guess is a node of the tree.",
    ),
    term(
        "decision",
        "a cell being decided",
        "a cell being decided (for dlx, a constraint): its options are tried one at a time, each a guess, and it stays on the stack until none is left.",
    ),
    term(
        "depth",
        Counters::DEPTH_MEANS,
        "the number of decisions on the stack. A guess at depth 3 is the third decision's; when a guess is taken back the depth stays, as its decision stays to try its next option. Cells that propagation fills take no decision: fast solving by propagation alone stays at depth 0.",
    ),
    term(
        "max depth",
        "the most decisions ever at once",
        "the most decisions that were ever on the stack at once: the deepest the search went.",
    ),
    term(
        "placement",
        "a digit put in a cell",
        "a digit put in a cell, guessed or forced. \"Placements\" counts them (some books call them nodes).",
    ),
    term(
        "backtrack",
        "a guess taken back",
        "a guess taken back: nothing below it led to a solution (or, after a solution, the search looks for another). The decision then tries its next option, or is done and the one below it moves on.",
    ),
    term(
        "options",
        "what a decision may try",
        "what a decision may try: the digits of its cell no peer holds (for a place, the cells of the unit left for the digit).",
    ),
    term(
        "tried / left",
        "options done and still to try",
        "of a decision's options, those tried so far and those left to try (\"left -\": none).",
    ),
    term(
        "forced",
        "a digit that follows from the board",
        "a digit that follows from the board (a naked or hidden single, found by propagation): placed without a guess, taken back with the guess it followed. Only fast forces digits.",
    ),
    term(
        "path",
        "the guesses on the stack",
        "the guesses on the stack, first one first: how the search came to the board on screen.",
    ),
    term(
        "call stack",
        "a frame per decision",
        "one frame per decision, as the recursive program sees it: the call (dfs(k)), its cell, the digit it tries and the digits left.",
    ),
    term(
        "dead end",
        "a guess with nothing after it",
        "a guess after which the next decision has no option: a cell with no digit left (every digit held by a peer), or a digit with no place left in a row, column or box. The tree says which, and which guess took its last option.",
    ),
    term(
        "solution",
        "every cell filled",
        "every cell filled without a conflict. e searches on for another; a proper puzzle has one.",
    ),
    term(
        "exhausted",
        "nothing left to try",
        "every option of the first decision was tried: no (further) solution.",
    ),
    term(
        "tree of guesses",
        "the guesses as a tree",
        "the search drawn as a tree (T): the start at the root, under each guess the guesses made while it stood, each ending as a dead end, a solution, or with every guess below it failed.",
    ),
    term(
        "shut / folded",
        "a subtree drawn as one line",
        "a guess whose deeper guesses are drawn as one line with their size (guesses, dead ends, depth reached). Shut: kept, → opens it. Folded: dropped to keep memory flat, only the size is left.",
    ),
    term(
        "ok(r, c, d)",
        "the textbook's check",
        "the textbook's check: a loop over row r, one over column c and one over the box, false at the first cell holding d, else true. The program pane marks the loop that said no and the cell it met.",
    ),
    term(
        "peer",
        "a cell sharing a unit",
        "a cell in the same row, column or box. A peer's digit is no candidate here.",
    ),
    term(
        "unit",
        "a row, column or box",
        "a row, a column or a box: each holds every digit once in a solution.",
    ),
    term(
        "candidate",
        "a digit no peer holds",
        "a digit an empty cell may take: none of its peers holds it (the small digits on the board).",
    ),
    term(
        "propagation",
        "filling what follows",
        "filling what follows from the board before the next guess: naked and hidden singles, locked candidates (fast only).",
    ),
    term(
        "naked single",
        "a cell's only candidate",
        "a cell with one candidate left: that digit goes there.",
    ),
    term(
        "hidden single",
        "a digit's only place",
        "a digit with one place left in a row, column or box: it goes there.",
    ),
    term(
        "constraint",
        "a rule of the exact cover",
        "one of dlx's 324 rules: a cell needs a digit, a row, a column or a box needs each digit. dlx decides the one with the fewest options.",
    ),
    term(
        "strategy",
        "how the next decision is chosen",
        "how the search chooses its next decision: naive (the next blank, digits 1 to 9, the textbook), mrv (the fewest candidates), dlx (the constraint with the fewest options), fast (propagation, then a two-way guess).",
    ),
    term(
        "speed",
        "steps a second when running",
        "the steps a second a run takes (+ and - change it), with the rate measured while it runs.",
    ),
    term(
        "search time",
        "time spent computing steps",
        "the time spent computing the steps up to this one; waiting between keys does not count.",
    ),
    term(
        "breakpoint",
        "where a run stops",
        "where a run stops by itself: a cell getting a digit (r5c3) or a guess reaching a depth (x sets them).",
    ),
    term(
        "trace",
        "the steps in a file",
        "the steps of a search written to a file, one a line (w writes one; o opens one to replay).",
    ),
];

/// The short meaning of `word`, if the list has it.
pub fn short(word: &str) -> Option<&'static str> {
    TERMS.iter().find(|t| t.word == word).map(|t| t.short)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_means_what_the_engine_says_and_every_word_is_once() {
        let depth = TERMS.iter().find(|t| t.word == "depth").expect("depth is explained");
        assert_eq!(depth.short, Counters::DEPTH_MEANS);
        assert!(depth.means.starts_with(Counters::DEPTH_MEANS), "{}", depth.means);
        for (i, t) in TERMS.iter().enumerate() {
            assert!(TERMS[i + 1..].iter().all(|u| u.word != t.word), "{} twice", t.word);
            assert!(
                t.short.chars().count() <= 36,
                "{}: {:?} is long for beside a counter",
                t.word,
                t.short
            );
        }
    }
}
