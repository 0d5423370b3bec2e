//! Sudoku Explainer's forcing chains between its plain chains (6.5-7.x) and its dynamic ones
//! (8.5): Nishio Forcing Chains (7.5 and up) and Cell and Region Forcing Chains (8.0 and up),
//! followed by SE's own rules (docs/solving.md, "Sudoku Explainer's chain tier").
//!
//! A *potential* is a candidate assumed true (on) or false (off). Following an assumption reads
//! links: from an on potential, the cell's other candidates (a cell link) and the digit's other
//! places in its box, row and column (unit links) go off; from an off potential, the other
//! candidate of a two-candidate cell (cell link) and the other place of the digit in a unit where
//! it has two places (unit link) go on. A *static* following reads "two" on the grid as it was; a
//! *dynamic* one removes each off potential as it goes, so later tests see the removals (and an
//! on potential rests also on every removal that emptied its cell or unit). The rating adds SE's
//! length bonus for the number of potentials the proof needs.

use std::collections::VecDeque;

use super::chains::length_bonus;
use super::deduction::{Candidate, Deduction, Difficulty, Technique, and_list, counted};
use super::grid::{Grid, UNIT_CELLS, both, unit_at};
use crate::board::{CellSet, Digit, Pos};

/// Potentials: a candidate's index (cell * 9 + digit) when on, that plus `OFF` when off.
const OFF: u16 = 729;
const POTENTIALS: usize = 2 * OFF as usize;

fn candidate(i: u16) -> Candidate {
    let i = i % OFF;
    let pos = Pos::new(i as usize / 9).expect("a cell index below 81");
    let digit = Digit::new((i % 9) as u8 + 1).expect("a digit index below 9");
    Candidate::new(pos, digit)
}

fn index(p: Pos, d: Digit) -> u16 {
    (p.index() * 9 + d.index()) as u16
}

/// SE's order of a cell's units: box, row, column (as indices into `UNIT_CELLS`).
fn units_of(p: Pos) -> [usize; 3] {
    [18 + p.box_index(), p.row(), 9 + p.col()]
}

/// How to follow: with cell links or not (Nishio has unit links only), static or dynamic.
#[derive(Clone, Copy)]
struct Mode {
    cell_links: bool,
    dynamic: bool,
}

/// Everything an assumption forced, with each potential's parents.
struct Following {
    /// The potentials reached (the clashing one of a contradiction is not among them).
    reached: Vec<bool>,
    /// Each potential's parents: a range of `edges`.
    range: Vec<(u32, u16)>,
    edges: Vec<u16>,
    /// The candidate forced both on and off, if any: the following stopped there.
    clash: Option<u16>,
}

impl Following {
    fn add(&mut self, id: u16, parents: &[u16]) {
        self.range[id as usize] = (self.edges.len() as u32, parents.len() as u16);
        self.edges.extend_from_slice(parents);
    }

    fn has(&self, id: u16) -> bool {
        self.reached[id as usize]
    }

    /// The number of distinct potentials among `id` and its ancestors (SE's count).
    fn ancestors(&self, id: u16) -> usize {
        let mut seen = vec![false; POTENTIALS];
        let mut stack = vec![id];
        let mut count = 0;
        while let Some(p) = stack.pop() {
            if std::mem::replace(&mut seen[p as usize], true) {
                continue;
            }
            count += 1;
            let (start, len) = self.range[p as usize];
            stack.extend_from_slice(&self.edges[start as usize..start as usize + len as usize]);
        }
        count
    }
}

/// Follows `start` (a potential) on `grid` as SE does: breadth first, an on potential whenever
/// one waits, else an off one, up to the first potential that would be both on and off.
fn follow(grid: &Grid, start: u16, mode: Mode) -> Following {
    let mut f = Following {
        reached: vec![false; POTENTIALS],
        range: vec![(0, 0); POTENTIALS],
        edges: Vec::new(),
        clash: None,
    };
    let mut work = grid.clone();
    let (mut on_queue, mut off_queue) = (VecDeque::new(), VecDeque::new());
    f.reached[start as usize] = true;
    if start < OFF {
        on_queue.push_back(start);
    } else {
        off_queue.push_back(start - OFF);
    }
    let mut implied: Vec<(u16, Vec<u16>)> = Vec::new();
    loop {
        if let Some(c) = on_queue.pop_front() {
            let Candidate { pos: p, digit: d } = candidate(c);
            let mut offs: Vec<u16> = Vec::new();
            if mode.cell_links {
                offs.extend(work.candidates(p).iter().filter(|e| *e != d).map(|e| index(p, e)));
            }
            for u in units_of(p) {
                for q in both(work.places(d), UNIT_CELLS[u]).iter().filter(|q| *q != p) {
                    let i = index(q, d);
                    if !offs.contains(&i) {
                        offs.push(i);
                    }
                }
            }
            for i in offs {
                if f.has(i) {
                    // Already on: the contradiction. The off potential is recorded (for its
                    // count) but not reached.
                    f.add(OFF + i, &[c]);
                    f.clash = Some(i);
                    return f;
                }
                if !f.has(OFF + i) {
                    f.reached[(OFF + i) as usize] = true;
                    f.add(OFF + i, &[c]);
                    off_queue.push_back(i);
                }
            }
        } else if let Some(c) = off_queue.pop_front() {
            let Candidate { pos: p, digit: d } = candidate(c);
            implied.clear();
            let other = work.candidates(p).iter().find(|e| *e != d);
            if let Some(e) = other.filter(|_| mode.cell_links && work.candidates(p).len() == 2) {
                // Rests on the off potential and every candidate of the cell removed since.
                let mut parents = vec![OFF + c];
                parents.extend(
                    grid.candidates(p)
                        .iter()
                        .filter(|v| !work.has(p, *v))
                        .map(|v| OFF + index(p, v)),
                );
                implied.push((index(p, e), parents));
            }
            for u in units_of(p) {
                let places = both(work.places(d), UNIT_CELLS[u]);
                if places.len() != 2 {
                    continue;
                }
                if let Some(q) = places.iter().find(|q| *q != p) {
                    let mut parents = vec![OFF + c];
                    parents.extend(
                        both(grid.places(d), UNIT_CELLS[u])
                            .iter()
                            .filter(|r| !work.has(*r, d))
                            .map(|r| OFF + index(r, d)),
                    );
                    implied.push((index(q, d), parents));
                }
            }
            if mode.dynamic {
                work.eliminate(p, d);
            }
            for (i, parents) in implied.drain(..) {
                if f.has(OFF + i) {
                    f.add(i, &parents);
                    f.clash = Some(i);
                    return f;
                }
                if !f.has(i) {
                    f.reached[i as usize] = true;
                    f.add(i, &parents);
                    on_queue.push_back(i);
                }
            }
        } else {
            return f;
        }
    }
}

/// A step found, with what orders it among the others: its rating, SE's complexity and kind.
struct Found {
    difficulty: Difficulty,
    complexity: usize,
    kind: u8,
    step: Deduction,
}

fn keep_easiest(best: &mut Option<Found>, found: Found) {
    let key = |f: &Found| (f.difficulty, f.complexity, f.kind);
    if best.as_ref().is_none_or(|b| key(&found) < key(b)) {
        *best = Some(found);
    }
}

fn rated(base: Difficulty, complexity: usize) -> Difficulty {
    base.plus(length_bonus(complexity.saturating_sub(2)))
}

/// Nishio Forcing Chains: a candidate whose assumption, on one digit's unit links alone and
/// dynamic, reaches a contradiction, is removed (assumed on) or placed (assumed off). The
/// proof's potentials are those behind the candidate found both on and off.
pub fn nishio(grid: &Grid, base: Difficulty) -> Option<Deduction> {
    let mode = Mode {
        cell_links: false,
        dynamic: true,
    };
    let mut best = None;
    for p in grid.empty_cells().iter() {
        if grid.candidates(p).len() < 2 {
            continue;
        }
        for d in grid.candidates(p).iter() {
            for assumed_on in [true, false] {
                let i = index(p, d);
                let f = follow(grid, if assumed_on { i } else { OFF + i }, mode);
                let Some(clash) = f.clash else { continue };
                let complexity = f.ancestors(clash) + f.ancestors(OFF + clash);
                let difficulty = rated(base, complexity);
                let at = candidate(clash);
                let explanation = format!(
                    "if {p} {} {d}, {} would both go in and out of {} through its units \
                     ({}), so {p} {} {d}",
                    if assumed_on { "were" } else { "were not" },
                    at.digit,
                    at.pos,
                    counted(complexity, "candidate"),
                    if assumed_on { "is not" } else { "is" },
                );
                let mut step = Deduction::new(Technique::NishioForcingChain, difficulty, explanation);
                if assumed_on {
                    step.eliminations.push(Candidate::new(p, d));
                } else {
                    step.placements.push(Candidate::new(p, d));
                    step.eliminations.extend(
                        grid.candidates(p)
                            .iter()
                            .filter(|e| *e != d)
                            .map(|e| Candidate::new(p, e)),
                    );
                }
                step.cells = [p, at.pos].into_iter().collect();
                step.candidates = vec![Candidate::new(p, d), at];
                keep_easiest(
                    &mut best,
                    Found {
                        difficulty,
                        complexity,
                        kind: 7,
                        step,
                    },
                );
            }
        }
    }
    best.map(|f| f.step)
}

/// Cell and Region Forcing Chains (SE's "multiple" forcing chains, static, both kinds of link):
/// every candidate of a cell of three or more candidates, or every place of a digit in a unit
/// whose first place is such a cell, forces the same candidate on (placed) or off (removed).
pub fn cell_or_region(grid: &Grid, base: Difficulty) -> Option<Deduction> {
    let mode = Mode {
        cell_links: true,
        dynamic: false,
    };
    // A static following from a candidate on is the same whichever cell or unit asks for it.
    let mut cache: Vec<Option<Following>> = (0..OFF).map(|_| None).collect();
    let mut best = None;
    for p in grid.empty_cells().iter() {
        let digits = grid.candidates(p);
        if digits.len() < 3 {
            continue;
        }
        // Region chains, for the units whose first place of the digit is this cell.
        for d in digits.iter() {
            for u in units_of(p) {
                let places = both(grid.places(d), UNIT_CELLS[u]);
                if places.len() < 2 || places.iter().next() != Some(p) {
                    continue;
                }
                let sources: Vec<u16> = places.iter().map(|q| index(q, d)).collect();
                let what = format!("wherever {d} goes in {}", unit_at(u));
                for found in common(grid, &sources, &mut cache, mode, base, &what) {
                    let mut found = found;
                    found.kind = 6;
                    found.step.units = vec![unit_at(u)];
                    keep_easiest(&mut best, found);
                }
            }
        }
        let sources: Vec<u16> = digits.iter().map(|d| index(p, d)).collect();
        let what = format!("whichever digit {p} holds");
        for found in common(grid, &sources, &mut cache, mode, base, &what) {
            keep_easiest(&mut best, found);
        }
    }
    best.map(|f| f.step)
}

/// The potentials forced by every one of `sources` (candidates assumed on), as steps.
fn common(
    grid: &Grid,
    sources: &[u16],
    cache: &mut [Option<Following>],
    mode: Mode,
    base: Difficulty,
    what: &str,
) -> Vec<Found> {
    for &s in sources {
        if cache[s as usize].is_none() {
            cache[s as usize] = Some(follow(grid, s, mode));
        }
    }
    let followings: Vec<&Following> = sources.iter().filter_map(|&s| cache[s as usize].as_ref()).collect();
    let mut shared: Vec<bool> = followings[0].reached.clone();
    for f in &followings[1..] {
        for (keep, reached) in shared.iter_mut().zip(&f.reached) {
            *keep &= *reached;
        }
    }
    let mut out = Vec::new();
    for target in (0..POTENTIALS as u16).filter(|t| shared[*t as usize]) {
        let c = candidate(target);
        let on = target < OFF;
        let removed: Vec<Candidate> = if on {
            grid.candidates(c.pos)
                .iter()
                .filter(|e| *e != c.digit)
                .map(|e| Candidate::new(c.pos, e))
                .collect()
        } else {
            vec![c]
        };
        if removed.is_empty() {
            continue;
        }
        let complexity: usize = followings.iter().map(|f| f.ancestors(target)).sum();
        let difficulty = rated(base, complexity);
        let options: Vec<String> = sources.iter().map(|&s| candidate(s).to_string()).collect();
        let explanation = format!(
            "{what} ({}), every chain ends with {} {} {} ({}), so it {}",
            and_list(&options).replace(" and ", " or "),
            c.pos,
            if on { "being" } else { "not being" },
            c.digit,
            counted(complexity, "candidate"),
            if on { "is" } else { "is not" },
        );
        let mut step = Deduction::new(Technique::CellRegionForcingChain, difficulty, explanation);
        if on {
            step.placements.push(c);
        }
        step.eliminations = removed;
        step.cells = sources
            .iter()
            .map(|&s| candidate(s).pos)
            .chain([c.pos])
            .collect::<CellSet>();
        step.candidates = sources.iter().map(|&s| candidate(s)).collect();
        out.push(Found {
            difficulty,
            complexity,
            kind: 5,
            step,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{at, d, restrict, with_cells};

    /// Whether a candidate can hold in no solution of `grid`.
    fn impossible(grid: &Grid, c: Candidate) -> bool {
        let mut placed = grid.clone();
        placed.place(c.pos, c.digit);
        placed.count_solutions(1) == 0
    }

    #[test]
    fn nishio_removes_a_one_that_empties_a_row() {
        // 1 can go only in r1c1 and r1c2 in row 1: a 1 elsewhere in box 1 takes both.
        let mut grid = with_cells(&[]);
        for c in 3..=9 {
            restrict(&mut grid, at(1, c), &[2, 3, 4, 5, 6, 7, 8, 9]);
        }
        let step = nishio(&grid, Technique::NishioForcingChain.rating()).expect("a Nishio chain");
        let [gone] = step.eliminations[..] else {
            panic!("one elimination: {step:?}")
        };
        assert_eq!(gone.digit, d(1));
        assert!(gone.pos.box_index() == 0 && gone.pos.row() > 0, "{gone}");
        assert!(impossible(&grid, gone));
        // On: the 1, both places of row 1 off; off r1c1 puts r1c2 on, which is off: 5 potentials.
        assert_eq!(step.difficulty, Difficulty(75));
        // With every digit free everywhere nothing is forced.
        assert!(nishio(&with_cells(&[]), Technique::NishioForcingChain.rating()).is_none());
    }

    /// r1c1 {1,2,3}: 1 makes r1c5 4, 2 makes r5c1 4, 3 makes r1c9 5, r5c9 4; each takes the 4
    /// of r5c5.
    fn three_ways_to_r5c5(last: &[u8]) -> Grid {
        with_cells(&[
            ((1, 1), &[1, 2, 3]),
            ((1, 5), &[1, 4]),
            ((5, 1), &[2, 4]),
            ((1, 9), &[3, 5]),
            ((5, 9), last),
        ])
    }

    #[test]
    fn every_digit_of_a_cell_removes_the_same_candidate() {
        let grid = three_ways_to_r5c5(&[4, 5]);
        let step = cell_or_region(&grid, Technique::CellRegionForcingChain.rating()).expect("a cell chain");
        assert_eq!(step.technique, Technique::CellRegionForcingChain);
        assert_eq!(step.eliminations, [Candidate::new(at(5, 5), d(4))]);
        assert!(step.placements.is_empty());
        assert!(impossible(&grid, step.eliminations[0]));
        // 4 + 4 + 6 potentials, 12 past the first two: 8.0 and three tenths.
        assert_eq!(step.difficulty, Difficulty(83));
        // When r5c9 has a third candidate the third chain stops short.
        assert!(
            cell_or_region(
                &three_ways_to_r5c5(&[4, 5, 6]),
                Technique::CellRegionForcingChain.rating()
            )
            .is_none()
        );
    }

    #[test]
    fn a_static_following_reads_the_grid_as_it_was() {
        // r1c5 {1,4}: r1c1 on takes 1 from r1c5 (a unit link), which puts 4 on (a cell link).
        let grid = three_ways_to_r5c5(&[4, 5]);
        let mode = Mode {
            cell_links: true,
            dynamic: false,
        };
        let f = follow(&grid, index(at(1, 1), d(1)), mode);
        let four = index(at(1, 5), d(4));
        assert!(f.has(four) && f.clash.is_none());
        assert_eq!(f.ancestors(four), 3);
        // Without cell links (Nishio) the 4 is not reached.
        let nishio_mode = Mode {
            cell_links: false,
            dynamic: true,
        };
        assert!(!follow(&grid, index(at(1, 1), d(1)), nishio_mode).has(four));
    }
}
