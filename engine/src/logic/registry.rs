//! The registry of techniques: one row per technique gives its variant of [`Technique`], its
//! name, whether it places a digit, its Sudoku Explainer rating and its finders, and from those
//! rows come [`Technique`], [`Technique::ALL`], the names, the ratings and [`FORMS`], the
//! finders in the order the solver tries them.
//!
//! Adding a technique is a row in `techniques!` below and a finder in the file of its family:
//! the finder is handed its rating by the row, and the row's rating puts it in its place among
//! the others (Sudoku Explainer tries its techniques from the lowest rated).

use super::deduction::{Deduction, Difficulty};
use super::grid::Grid;
use super::{aligned, fish, intersections, se_chaining, se_forcing, singles, subsets, uniqueness, wings};

/// A finder: the first step of its kind on the grid, rated as it is handed (the form's rating,
/// to which a chain adds its length). The finders that look at one unit (subsets, pointing,
/// claiming) or one digit (fish) at a time skip the units or digits set in the mask (see
/// [`Reads`]), where they found nothing before and nothing they read has changed since, and set
/// the ones where they find nothing now; the others leave it alone.
pub(crate) type Finder = fn(&Grid, Difficulty, &mut u32) -> Option<Deduction>;

/// For rating only: places every step of a kind of single at once; how many. The singles that
/// come first in the solver's order are placed this way before any other finder runs.
pub(crate) type Batch = fn(&mut Grid) -> usize;

/// What a finder's result for one unit depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reads {
    /// The whole grid: the finder does not go unit by unit, and its mask is unused.
    Grid,
    /// The places of one digit (the mask's bit `d` for [`Digit::index`](crate::board::Digit::index)).
    Digit,
    /// The candidates of the unit (the mask's bit `i` for [`UNIT_CELLS`](super::grid::UNIT_CELLS)`[i]`).
    Unit,
    /// Those of the units around it
    /// (`intersections::sources_reading`).
    Around,
}

/// One finder of a technique, as a row writes it: `find(reads, finder)`, then `.rated(r)` when
/// its steps are rated other than the row (a direct form, a hidden single in a line), and
/// `.batch(f)` for a single that rating places all at once.
#[derive(Clone, Copy)]
pub(crate) struct FormSpec {
    rating: Option<f64>,
    find: Finder,
    reads: Reads,
    batch: Option<Batch>,
}

/// A finder reading `reads`, rated as its row.
const fn find(reads: Reads, find: Finder) -> FormSpec {
    FormSpec {
        rating: None,
        find,
        reads,
        batch: None,
    }
}

impl FormSpec {
    /// Rated `rating` (e.g. `1.5`) instead of the row's rating.
    const fn rated(self, rating: f64) -> FormSpec {
        FormSpec {
            rating: Some(rating),
            ..self
        }
    }

    /// Placed all at once by `batch` when rating.
    const fn batch(self, batch: Batch) -> FormSpec {
        FormSpec {
            batch: Some(batch),
            ..self
        }
    }

    /// The form of `technique`, whose row is rated `rating`.
    const fn of(self, technique: Technique, rating: f64) -> Form {
        Form {
            technique,
            rating: tenths(match self.rating {
                Some(r) => r,
                None => rating,
            }),
            find: self.find,
            reads: self.reads,
            batch: self.batch,
        }
    }
}

/// A finder with its technique and rating: a row of [`FORMS`].
#[derive(Clone, Copy)]
pub(crate) struct Form {
    /// The technique of the steps it finds.
    pub(crate) technique: Technique,
    /// Their rating (a chain's length adds to it).
    pub(crate) rating: Difficulty,
    /// The finder.
    pub(crate) find: Finder,
    /// What its result for a unit reads.
    pub(crate) reads: Reads,
    /// How rating places all of its steps at once, for the singles tried first.
    pub(crate) batch: Option<Batch>,
}

/// `rating` (one decimal, as the rows and Sudoku Explainer write it) in tenths.
const fn tenths(rating: f64) -> Difficulty {
    // Rounded: 2.3 * 10.0 is 22.999...
    Difficulty((rating * 10.0 + 0.5) as u16)
}

/// The techniques, in one place: each row names a technique's variant, the name people know it
/// by (HoDoKu's and SudokuWiki's), whether it places a digit (the others eliminate candidates),
/// whether it assumes the puzzle has one solution, its rating on Sudoku Explainer's scale and its
/// finders (some techniques have several forms, rated apart: a hidden single in a box or in a
/// line, a direct form that leaves a single at once). The macro makes [`Technique`],
/// [`Technique::ALL`] (in row order), [`Technique::name`], [`Technique::places`],
/// [`Technique::rating`] and [`FORMS`] from this list, so that no length is counted by hand.
macro_rules! techniques {
    ($(
        $(#[$attr:meta])*
        $variant:ident {
            name: $name:literal,
            places: $places:literal,
            $(unique: $unique:literal,)?
            rating: $rating:literal,
            finders: [$($form:expr),* $(,)?] $(,)?
        }
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

            /// Its rating on Sudoku Explainer's scale: that of its easiest form, before a chain's
            /// length adds to it.
            pub const fn rating(self) -> Difficulty {
                match self {
                    $(Technique::$variant => tenths($rating),)+
                }
            }

            /// Whether it assumes the puzzle has one solution (the uniqueness techniques, which
            /// could otherwise remove a solution's digit).
            pub(crate) const fn assumes_unique(self) -> bool {
                match self {
                    $(Technique::$variant => false $(|| $unique)?,)+
                }
            }
        }

        /// Every finder, in row order.
        const ROW_FORMS: &[Form] = &[$($($form.of(Technique::$variant, $rating),)*)+];
    };
}

techniques! {
    /// The last empty cell of a unit.
    FullHouse {
        name: "Full House",
        places: true,
        rating: 1.0,
        finders: [find(Reads::Grid, |g, r, _| singles::full_house(g, r)).batch(singles::place_full_houses)],
    }
    /// The only place for a digit in a unit.
    HiddenSingle {
        name: "Hidden Single",
        places: true,
        rating: 1.2,
        finders: [
            find(Reads::Grid, |g, r, _| singles::hidden_single(g, false, r))
                .batch(|g| singles::place_hidden_singles(g, false)),
            find(Reads::Grid, |g, r, _| singles::hidden_single(g, true, r))
                .rated(1.5)
                .batch(|g| singles::place_hidden_singles(g, true)),
        ],
    }
    /// The only candidate of a cell.
    NakedSingle {
        name: "Naked Single",
        places: true,
        rating: 2.3,
        finders: [find(Reads::Grid, |g, r, _| singles::naked_single(g, r))],
    }
    /// A digit confined to one row or column of a box: gone from the rest of that line.
    Pointing {
        name: "Locked Candidates (Pointing)",
        places: false,
        rating: 1.7,
        finders: [
            find(Reads::Around, |g, r, clean| intersections::pointing_scan(g, true, r, clean)),
            find(Reads::Around, |g, r, clean| intersections::pointing_scan(g, false, r, clean)).rated(2.6),
        ],
    }
    /// A digit confined to one box in a row or column: gone from the rest of that box.
    Claiming {
        name: "Locked Candidates (Claiming)",
        places: false,
        rating: 1.9,
        finders: [
            find(Reads::Around, |g, r, clean| intersections::claiming_scan(g, true, r, clean)),
            find(Reads::Around, |g, r, clean| intersections::claiming_scan(g, false, r, clean)).rated(2.8),
        ],
    }
    /// Two cells of a unit holding only the same two digits.
    NakedPair {
        name: "Naked Pair",
        places: false,
        rating: 3.0,
        finders: [find(Reads::Unit, |g, r, clean| subsets::naked_set_scan(g, 2, r, clean))],
    }
    /// Three cells of a unit holding only the same three digits.
    NakedTriple {
        name: "Naked Triple",
        places: false,
        rating: 3.6,
        finders: [find(Reads::Unit, |g, r, clean| subsets::naked_set_scan(g, 3, r, clean))],
    }
    /// Four cells of a unit holding only the same four digits.
    NakedQuad {
        name: "Naked Quad",
        places: false,
        rating: 5.0,
        finders: [find(Reads::Unit, |g, r, clean| subsets::naked_set_scan(g, 4, r, clean))],
    }
    /// Two digits that can only go in the same two cells of a unit.
    HiddenPair {
        name: "Hidden Pair",
        places: false,
        rating: 2.0,
        finders: [
            find(Reads::Unit, |g, r, clean| subsets::hidden_set_scan(g, 2, true, r, clean)),
            find(Reads::Unit, |g, r, clean| subsets::hidden_set_scan(g, 2, false, r, clean)).rated(3.4),
        ],
    }
    /// Three digits that can only go in the same three cells of a unit.
    HiddenTriple {
        name: "Hidden Triple",
        places: false,
        rating: 2.5,
        finders: [
            find(Reads::Unit, |g, r, clean| subsets::hidden_set_scan(g, 3, true, r, clean)),
            find(Reads::Unit, |g, r, clean| subsets::hidden_set_scan(g, 3, false, r, clean)).rated(4.0),
        ],
    }
    /// Four digits that can only go in the same four cells of a unit.
    HiddenQuad {
        name: "Hidden Quad",
        places: false,
        rating: 5.4,
        finders: [find(Reads::Unit, |g, r, clean| subsets::hidden_set_scan(g, 4, false, r, clean))],
    }
    /// A digit in two rows (columns) confined to the same two columns (rows).
    XWing {
        name: "X-Wing",
        places: false,
        rating: 3.2,
        finders: [find(Reads::Digit, |g, r, clean| fish::fish_scan(g, 2, r, clean))],
    }
    /// The same with three lines.
    Swordfish {
        name: "Swordfish",
        places: false,
        rating: 3.8,
        finders: [find(Reads::Digit, |g, r, clean| fish::fish_scan(g, 3, r, clean))],
    }
    /// The same with four lines.
    Jellyfish {
        name: "Jellyfish",
        places: false,
        rating: 5.2,
        finders: [find(Reads::Digit, |g, r, clean| fish::fish_scan(g, 4, r, clean))],
    }
    /// Two conjugate pairs of a digit in parallel lines sharing one end's line (SE's Turbot Fish
    /// of two lines; found with the chains, see X-Chain).
    Skyscraper {
        name: "Skyscraper",
        places: false,
        rating: 6.6,
        finders: [],
    }
    /// A conjugate pair in a row and one in a column, joined in a box (found with the chains).
    TwoStringKite {
        name: "2-String Kite",
        places: false,
        rating: 6.6,
        finders: [],
    }
    /// A bivalue pivot seeing two bivalue pincers.
    XYWing {
        name: "XY-Wing",
        places: false,
        rating: 4.2,
        finders: [find(Reads::Grid, |g, r, _| wings::xy_wing(g, r))],
    }
    /// A trivalue pivot seeing two bivalue pincers.
    XYZWing {
        name: "XYZ-Wing",
        places: false,
        rating: 4.4,
        finders: [find(Reads::Grid, |g, r, _| wings::xyz_wing(g, r))],
    }
    /// Two identical bivalue cells joined by a conjugate pair of one of their digits (a chain of
    /// six candidates with both kinds of link: found with the chains, see X-Chain).
    WWing {
        name: "W-Wing",
        places: false,
        rating: 7.1,
        finders: [],
    }
    /// An alternating chain on one digit. Its finder is Sudoku Explainer's Forcing Chains &
    /// Cycles (static chains from every candidate, on unit links, cell links and both; SE's
    /// rating, 6.5 for a cycle, 6.6 on one kind of link, 7.0 both, plus the length): the first of
    /// SE's hints, named by its shape (Skyscraper and 2-String Kite for a Turbot Fish on two
    /// lines, W-Wing, XY-Chain on cell links, AIC when they mix; see `se_chaining.rs`).
    /// Tried before: our own shortest chains of each kind (easier to read, but shorter than SE's
    /// and so rated below it in one puzzle of eight).
    XChain {
        name: "X-Chain",
        places: false,
        rating: 6.6,
        finders: [find(Reads::Grid, |g, _, _| se_chaining::static_chain_step(g))],
    }
    /// A chain through bivalue cells (found with the chains, see X-Chain).
    XYChain {
        name: "XY-Chain",
        places: false,
        rating: 6.6,
        finders: [],
    }
    /// Four cells in two boxes that would allow two solutions: one corner must break it. Its
    /// finder is Sudoku Explainer's Unique Rectangles and Loops, all types and lengths at once
    /// (rated 4.5 and up), tried where SE tries them, after the XYZ-Wing.
    UniqueRectangle1 {
        name: "Unique Rectangle Type 1",
        places: false,
        unique: true,
        rating: 4.5,
        finders: [find(Reads::Grid, |g, r, _| uniqueness::unique_loops(g, r))],
    }
    /// The same, broken by an extra digit shared by the corners that hold more.
    UniqueRectangle2 {
        name: "Unique Rectangle Type 2",
        places: false,
        unique: true,
        rating: 4.5,
        finders: [],
    }
    /// The same, the two corners that hold more acting as one cell of a naked or hidden set
    /// (4.5 plus 0.1 for each digit of a naked set, or cell of a hidden one, beyond the first).
    UniqueRectangle3 {
        name: "Unique Rectangle Type 3",
        places: false,
        unique: true,
        rating: 4.5,
        finders: [],
    }
    /// The same, one of the loop's digits locked in the two corners that hold more.
    UniqueRectangle4 {
        name: "Unique Rectangle Type 4",
        places: false,
        unique: true,
        rating: 4.5,
        finders: [],
    }
    /// A loop of 6, 8, 10... cells holding the same two digits, of types 1-4 as the rectangle,
    /// rated 0.1, 0.2 or 0.5 above it.
    UniqueLoop {
        name: "Unique Loop",
        places: false,
        unique: true,
        rating: 4.6,
        finders: [],
    }
    /// Every cell bivalue but one: the one must take the digit that breaks the deadly pattern.
    /// Its finder is Sudoku Explainer's BUG, all types (rated 5.6 and up).
    BugPlusOne {
        name: "BUG+1",
        places: false,
        unique: true,
        rating: 5.6,
        finders: [find(Reads::Grid, |g, r, _| uniqueness::bug(g, r))],
    }
    /// A BUG whose extra candidates are one digit in several cells: cells seeing them all lose it.
    BugType2 {
        name: "BUG Type 2",
        places: false,
        unique: true,
        rating: 5.7,
        finders: [],
    }
    /// A BUG whose extra digits make a naked set with other cells of a unit (5.7 plus 0.1 for
    /// each digit of the set beyond the first).
    BugType3 {
        name: "BUG Type 3",
        places: false,
        unique: true,
        rating: 5.8,
        finders: [],
    }
    /// A BUG whose two cells share a unit and a conjugate digit.
    BugType4 {
        name: "BUG Type 4",
        places: false,
        unique: true,
        rating: 5.7,
        finders: [],
    }
    /// An alternating inference chain mixing cells and units (found with the chains, see
    /// X-Chain).
    Aic {
        name: "AIC",
        places: false,
        rating: 7.0,
        finders: [],
    }
    /// Two cells that together see two bivalue cells: a digit of theirs that every possible
    /// filling of the two rules out (see `aligned.rs`).
    AlignedPairExclusion {
        name: "Aligned Pair Exclusion",
        places: false,
        rating: 6.2,
        finders: [find(Reads::Grid, |g, r, _| aligned::aligned_exclusion(g, 2, r))],
    }
    /// The same with three cells, seeing cells of two or three candidates.
    AlignedTripletExclusion {
        name: "Aligned Triplet Exclusion",
        places: false,
        rating: 7.5,
        finders: [find(Reads::Grid, |g, r, _| aligned::aligned_exclusion(g, 3, r))],
    }
    /// A candidate whose assumption, through one digit's units alone, leads to a contradiction
    /// (SE's Nishio Forcing Chains, see `se_forcing.rs`), plus its length.
    NishioForcingChain {
        name: "Nishio Forcing Chain",
        places: false,
        rating: 7.5,
        finders: [find(Reads::Grid, |g, r, _| se_forcing::nishio(g, r))],
    }
    /// Every candidate of a cell, or every place of a digit in a unit, forcing the same result
    /// by static chains (SE's Cell and Region Forcing Chains, see `se_forcing.rs`).
    CellRegionForcingChain {
        name: "Cell or Region Forcing Chain",
        places: false,
        rating: 8.0,
        finders: [find(Reads::Grid, |g, r, _| se_forcing::cell_or_region(g, r))],
    }
    /// SE's Dynamic Forcing Chains (see `se_chaining.rs`): a candidate on or off reaching a
    /// contradiction, on and off forcing the same result, or every candidate of a cell (place
    /// of a digit in a unit) forcing it, each chain removing what it rules out as it goes.
    DynamicForcingChain {
        name: "Dynamic Forcing Chain",
        places: false,
        rating: 8.5,
        finders: [find(Reads::Grid, |g, r, _| se_chaining::finder(g, r))],
    }
    /// The same, with locked candidates, hidden and naked pairs and X-Wings applied inside the
    /// chains (SE's Dynamic Forcing Chains (+)).
    DynamicForcingChainPlus {
        name: "Dynamic Forcing Chain (+)",
        places: false,
        rating: 9.0,
        finders: [find(Reads::Grid, |g, r, _| se_chaining::finder(g, r))],
    }
    /// The same, with chains inside the chains (SE's Nested Forcing Chains): forcing chains and
    /// cycles (9.5), also cell and unit chains (10.0), dynamic chains (10.5), and dynamic
    /// chains with chains inside (11.0).
    NestedForcingChain {
        name: "Nested Forcing Chain",
        places: false,
        rating: 9.5,
        finders: [
            find(Reads::Grid, |g, r, _| se_chaining::finder(g, r)),
            find(Reads::Grid, |g, r, _| se_chaining::finder(g, r)).rated(10.0),
            find(Reads::Grid, |g, r, _| se_chaining::finder(g, r)).rated(10.5),
            find(Reads::Grid, |g, r, _| se_chaining::finder(g, r)).rated(11.0),
        ],
    }
}

/// Every finder in the order the solver tries them, Sudoku Explainer's: from the lowest rated,
/// forms rated alike in row order.
pub(crate) static FORMS: [Form; ROW_FORMS.len()] = SORTED;

/// [`FORMS`], as a constant that the constants below can read.
const SORTED: [Form; ROW_FORMS.len()] = sorted(ROW_FORMS);

/// Where the finders after the singles that rating places all at once start (the leading forms
/// with a [`Form::batch`]).
pub(crate) const AFTER_BATCHES: usize = {
    let mut n = 0;
    while n < SORTED.len() && SORTED[n].batch.is_some() {
        n += 1;
    }
    n
};

/// `forms` sorted by rating, keeping the order of those rated alike (an insertion sort, which
/// a constant can run).
const fn sorted<const N: usize>(forms: &[Form]) -> [Form; N] {
    let mut out = [forms[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = forms[i];
        let mut j = i;
        while j > 0 && out[j - 1].rating.0 > out[j].rating.0 {
            let swap = out[j - 1];
            out[j - 1] = out[j];
            out[j] = swap;
            j -= 1;
        }
        i += 1;
    }
    out
}

impl Technique {
    /// Every rating its steps start from: its own, then those of its other forms (a hidden
    /// single in a line, a locked candidate or hidden set that does not leave a single at once).
    pub fn ratings(self) -> impl Iterator<Item = Difficulty> {
        let mut ratings = vec![self.rating()];
        for form in ROW_FORMS.iter().filter(|f| f.technique == self) {
            if !ratings.contains(&form.rating) {
                ratings.push(form.rating);
            }
        }
        ratings.into_iter()
    }
}

/// For the finders' tests: the rating of the `n`th form (in row order) of `technique`.
#[cfg(test)]
pub(crate) fn form_rating(technique: Technique, n: usize) -> Difficulty {
    ROW_FORMS
        .iter()
        .filter(|f| f.technique == technique)
        .nth(n)
        .map(|f| f.rating)
        .expect("the technique has that many forms")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rating's tally counts a technique at its discriminant: the registry must list the
    /// variants in their own order, each once.
    #[test]
    fn every_technique_stands_at_its_own_place_in_the_list() {
        for (i, &technique) in Technique::ALL.iter().enumerate() {
            assert_eq!(technique as usize, i, "{technique}");
        }
        assert_eq!(Technique::ALL.iter().filter(|t| t.places()).count(), 3);
    }

    /// The finders run in Sudoku Explainer's order, each form at its rating, exactly as before
    /// the registry sorted them: the ratings of every step depend on it.
    #[test]
    fn the_finders_run_in_sudoku_explainers_order() {
        use Technique::*;
        let order: Vec<(Technique, u16)> = FORMS.iter().map(|f| (f.technique, f.rating.0)).collect();
        assert_eq!(
            order,
            [
                (FullHouse, 10),
                (HiddenSingle, 12),
                (HiddenSingle, 15),
                (Pointing, 17),
                (Claiming, 19),
                (HiddenPair, 20),
                (NakedSingle, 23),
                (HiddenTriple, 25),
                (Pointing, 26),
                (Claiming, 28),
                (NakedPair, 30),
                (XWing, 32),
                (HiddenPair, 34),
                (NakedTriple, 36),
                (Swordfish, 38),
                (HiddenTriple, 40),
                (XYWing, 42),
                (XYZWing, 44),
                (UniqueRectangle1, 45),
                (NakedQuad, 50),
                (Jellyfish, 52),
                (HiddenQuad, 54),
                (BugPlusOne, 56),
                (AlignedPairExclusion, 62),
                (XChain, 66),
                (AlignedTripletExclusion, 75),
                (NishioForcingChain, 75),
                (CellRegionForcingChain, 80),
                (DynamicForcingChain, 85),
                (DynamicForcingChainPlus, 90),
                (NestedForcingChain, 95),
                (NestedForcingChain, 100),
                (NestedForcingChain, 105),
                (NestedForcingChain, 110),
            ]
        );
        // Rating places the full houses and hidden singles first, all at once.
        assert_eq!(AFTER_BATCHES, 3);
        let unique: Vec<Technique> = Technique::ALL.iter().copied().filter(|t| t.assumes_unique()).collect();
        assert_eq!(
            unique,
            [
                UniqueRectangle1,
                UniqueRectangle2,
                UniqueRectangle3,
                UniqueRectangle4,
                UniqueLoop,
                BugPlusOne,
                BugType2,
                BugType3,
                BugType4
            ]
        );
    }

    /// A technique's own rating is that of its easiest form, which is the one a row's `rating`
    /// gives and the docs' table lists first.
    #[test]
    fn a_techniques_rating_is_its_easiest_forms() {
        for &technique in Technique::ALL {
            let lowest = FORMS
                .iter()
                .filter(|f| f.technique == technique)
                .map(|f| f.rating)
                .min();
            assert!(lowest.is_none_or(|r| r == technique.rating()), "{technique}");
        }
        assert_eq!(Technique::NakedSingle.rating(), Difficulty(23));
        let hidden: Vec<Difficulty> = Technique::HiddenSingle.ratings().collect();
        assert_eq!(hidden, [Difficulty(12), Difficulty(15)]);
    }
}
