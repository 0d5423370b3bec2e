//! Single-digit patterns built from conjugate pairs (a digit with exactly two places in a unit):
//! Skyscraper and 2-String Kite. Longer single-digit chains are X-Chains, in `chains.rs`.

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list};
use super::grid::{Grid, PEERS, both, unit_at};
use crate::board::{CellSet, Digit, Pos, Unit};

/// The two places of `digit` in `unit`, if it has exactly two.
fn conjugate(grid: &Grid, digit: Digit, unit: Unit) -> Option<(Pos, Pos)> {
    let places = grid.places_in(digit, unit);
    if places.len() != 2 {
        return None;
    }
    let mut it = places.iter();
    Some((it.next()?, it.next()?))
}

/// The candidates of `digit` that see both `a` and `b`, outside `pattern`.
fn seen_by_both(grid: &Grid, digit: Digit, a: Pos, b: Pos, pattern: CellSet) -> CellSet {
    both(both(PEERS[a.index()], PEERS[b.index()]), grid.places(digit)).difference(pattern)
}

fn deduction(
    technique: Technique,
    difficulty: Difficulty,
    digit: Digit,
    cells: [Pos; 4],
    units: Vec<Unit>,
    explanation: String,
    victims: CellSet,
) -> Deduction {
    let mut step = Deduction::new(technique, difficulty, explanation);
    step.eliminations = victims.iter().map(|p| Candidate::new(p, digit)).collect();
    step.cells = cells.into_iter().collect();
    step.units = units;
    step.candidates = cells.iter().map(|p| Candidate::new(*p, digit)).collect();
    step
}

/// Two parallel lines where a digit has two places each, one end of each in the same cross line:
/// one of the other two ends holds the digit, so a cell seeing both loses it. Rated `difficulty`
/// (6.6, as Sudoku Explainer rates the forcing X-chain of four candidates it is).
pub fn skyscraper(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    for digit in Digit::all() {
        for rows in [true, false] {
            let offset = if rows { 0 } else { 9 };
            let pairs: Vec<(Unit, Pos, Pos)> = (0..9)
                .filter_map(|i| {
                    let unit = unit_at(offset + i);
                    conjugate(grid, digit, unit).map(|(a, b)| (unit, a, b))
                })
                .collect();
            let cross = |p: Pos| if rows { p.col() } else { p.row() };
            for (i, &(u1, a1, b1)) in pairs.iter().enumerate() {
                for &(u2, a2, b2) in &pairs[i + 1..] {
                    for (base1, top1) in [(a1, b1), (b1, a1)] {
                        for (base2, top2) in [(a2, b2), (b2, a2)] {
                            if cross(base1) != cross(base2) || cross(top1) == cross(top2) {
                                continue;
                            }
                            let pattern: CellSet = [a1, b1, a2, b2].into_iter().collect();
                            let victims = seen_by_both(grid, digit, top1, top2, pattern);
                            if victims.is_empty() {
                                continue;
                            }
                            let explanation = format!(
                                "{digit} has two places in {u1} ({base1}, {top1}) and in {u2} ({base2}, {top2}); \
                                 {base1} and {base2} share a line, so {top1} or {top2} is {digit}, and {} cannot be {digit}",
                                cell_list(victims.iter())
                            );
                            return Some(deduction(
                                Technique::Skyscraper,
                                difficulty,
                                digit,
                                [base1, top1, base2, top2],
                                vec![u1, u2],
                                explanation,
                                victims,
                            ));
                        }
                    }
                }
            }
        }
    }
    None
}

/// A conjugate pair in a row and one in a column with one end of each in the same box (not the
/// same cell): one of the two far ends holds the digit. Rated `difficulty` (6.6, as a
/// Skyscraper).
pub fn two_string_kite(grid: &Grid, difficulty: Difficulty) -> Option<Deduction> {
    for digit in Digit::all() {
        for r in 0..9u8 {
            let Some((a1, b1)) = conjugate(grid, digit, Unit::Row(r)) else {
                continue;
            };
            for c in 0..9u8 {
                let Some((a2, b2)) = conjugate(grid, digit, Unit::Col(c)) else {
                    continue;
                };
                for (near1, far1) in [(a1, b1), (b1, a1)] {
                    for (near2, far2) in [(a2, b2), (b2, a2)] {
                        let distinct = [near1, far1].iter().all(|p| *p != near2 && *p != far2);
                        if !distinct
                            || near1.box_index() != near2.box_index()
                            || far1.box_index() == near1.box_index()
                            || far2.box_index() == near2.box_index()
                        {
                            continue;
                        }
                        let pattern: CellSet = [a1, b1, a2, b2].into_iter().collect();
                        let victims = seen_by_both(grid, digit, far1, far2, pattern);
                        if victims.is_empty() {
                            continue;
                        }
                        let row = Unit::Row(r);
                        let col = Unit::Col(c);
                        let explanation = format!(
                            "{digit} has two places in {row} ({near1}, {far1}) and in {col} ({near2}, {far2}); \
                             {near1} and {near2} share box {}, so {far1} or {far2} is {digit}, and {} cannot be {digit}",
                            near1.box_index() + 1,
                            cell_list(victims.iter())
                        );
                        return Some(deduction(
                            Technique::TwoStringKite,
                            difficulty,
                            digit,
                            [far1, near1, near2, far2],
                            vec![row, col, Unit::Box(near1.box_index() as u8)],
                            explanation,
                            victims,
                        ));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::at;

    // The finders as the registry calls them, rated by their rows.
    fn skyscraper(g: &Grid) -> Option<Deduction> {
        super::skyscraper(g, Technique::Skyscraper.rating())
    }

    fn two_string_kite(g: &Grid) -> Option<Deduction> {
        super::two_string_kite(g, Technique::TwoStringKite.rating())
    }

    /// An empty grid where `digit` keeps, in each unit given, only the cells given.
    fn keep(digit: Digit, units: &[(Unit, &[Pos])]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        for (unit, cells) in units {
            for p in unit.cells() {
                if !cells.contains(&p) {
                    grid.eliminate(p, digit);
                }
            }
        }
        grid
    }

    #[test]
    fn skyscraper_on_two_columns() {
        let one = Digit::new(1).unwrap();
        // Columns 2 and 6: 1 only in r1/r7 and r2/r7. The bases share row 7; the tops r1c2, r2c6.
        let grid = keep(
            one,
            &[
                (Unit::Col(1), &[at(1, 2), at(7, 2)]),
                (Unit::Col(5), &[at(2, 6), at(7, 6)]),
            ],
        );
        let step = skyscraper(&grid).unwrap();
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(step.difficulty.0, 66);
        // Cells seeing r1c2 and r2c6: r1c4..r1c6 (box 2 and row 1), r2c1..r2c3 (box 1 and row 2).
        let expected: CellSet = [at(1, 4), at(1, 5), at(1, 6), at(2, 1), at(2, 2), at(2, 3)]
            .into_iter()
            .filter(|p| grid.has(*p, one))
            .collect();
        let got: CellSet = step.eliminations.iter().map(|c| c.pos).collect();
        assert_eq!(got, expected);
        assert!(!got.is_empty());
        // Tops in the same row: an X-Wing, not a skyscraper.
        let wing = keep(
            one,
            &[
                (Unit::Col(1), &[at(1, 2), at(7, 2)]),
                (Unit::Col(5), &[at(1, 6), at(7, 6)]),
            ],
        );
        assert_eq!(skyscraper(&wing), None);
    }

    #[test]
    fn kite_joins_a_row_and_a_column_in_a_box() {
        let six = Digit::new(6).unwrap();
        // Row 1: r1c2, r1c8. Column 1: r2c1, r7c1. r1c2 and r2c1 share box 1.
        let grid = keep(
            six,
            &[
                (Unit::Row(0), &[at(1, 2), at(1, 8)]),
                (Unit::Col(0), &[at(2, 1), at(7, 1)]),
            ],
        );
        let step = two_string_kite(&grid).unwrap();
        assert_eq!(step.eliminations, vec![Candidate::new(at(7, 8), six)]);
        // The column's pair outside box 1: nothing joins the strings.
        let apart = keep(
            six,
            &[
                (Unit::Row(0), &[at(1, 2), at(1, 8)]),
                (Unit::Col(0), &[at(4, 1), at(7, 1)]),
            ],
        );
        assert_eq!(two_string_kite(&apart), None);
    }
}
