//! Alternating inference chains: candidates joined by strong links (one of the two is true: a
//! bivalue cell, or a digit with two places in a unit) and weak links (not both true: the same
//! cell, or the same digit in peers). A chain that starts and ends with a strong link proves one
//! of its ends true, so a candidate that sees both ends goes. On one digit it is an X-Chain;
//! through bivalue cells only, an XY-Chain; otherwise an AIC.
//!
//! Sudoku Explainer rates such a chain as a forcing chain: 6.6 on one kind of link, 7.0 when it
//! mixes cells and units, plus a length bonus that grows by 0.1 each time the chain outgrows 4,
//! 6, 8, 12, 16, 24... nodes.

use super::deduction::{Candidate, Deduction, Difficulty, Technique, elimination_list};
use super::grid::{Grid, PEERS, UNIT_CELLS, both, unit_index};
use super::wings;
use crate::board::{CellSet, Digit, Pos};
use std::collections::VecDeque;

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

/// The rating of a forcing chain of `nodes` candidates: an X-Chain's (6.6), or an AIC's (7.0)
/// when `mixed` (it uses both cell and unit links), plus the length bonus.
pub fn chain_difficulty(nodes: usize, mixed: bool) -> Difficulty {
    let base = if mixed { Technique::Aic } else { Technique::XChain };
    base.rating().plus(length_bonus(nodes))
}

/// The lowest-rated of the shortest X-Chain, XY-Chain, W-Wing and AIC; of those rated alike, the
/// first in that order (a W-Wing is an AIC of six candidates too, and is named so).
pub fn easiest_chain(grid: &Grid) -> Option<Deduction> {
    [
        x_chain(grid),
        xy_chain(grid),
        wings::w_wing(grid, Technique::WWing.rating()),
        aic(grid),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|step| step.difficulty)
}

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ChainLinks {
    /// One digit, strong links in units: an X-Chain.
    X(Digit),
    /// Strong links in bivalue cells, weak links between peers on one digit: an XY-Chain.
    Y,
    /// Any.
    Mixed,
}

/// A node: the candidate `digit` of cell `pos`, as an index `pos * 9 + digit`.
fn node(c: Candidate) -> usize {
    c.pos.index() * 9 + c.digit.index()
}

fn candidate(n: usize) -> Option<Candidate> {
    Some(Candidate::new(Pos::new(n / 9)?, Digit::new((n % 9) as u8 + 1)?))
}

/// The strong partners of `c`: the other candidate of a bivalue cell (a Y link) and the other
/// place of a digit with two places in a unit (an X link).
fn strong_links(grid: &Grid, c: Candidate, kind: ChainLinks, out: &mut Vec<Candidate>) {
    out.clear();
    if matches!(kind, ChainLinks::X(_) | ChainLinks::Mixed) {
        for unit in c.pos.units() {
            let places = grid.places_in(c.digit, unit);
            if places.len() == 2
                && let Some(other) = places.iter().find(|p| *p != c.pos)
            {
                let partner = Candidate::new(other, c.digit);
                if !out.contains(&partner) {
                    out.push(partner);
                }
            }
        }
    }
    if matches!(kind, ChainLinks::Y | ChainLinks::Mixed) {
        let cands = grid.candidates(c.pos);
        if cands.len() == 2
            && let Some(other) = cands.iter().find(|d| *d != c.digit)
        {
            out.push(Candidate::new(c.pos, other));
        }
    }
}

/// The weak partners of `c`: the same digit in peers and, in mixed chains, the other
/// candidates of the same cell.
fn weak_links(grid: &Grid, c: Candidate, kind: ChainLinks, out: &mut Vec<Candidate>) {
    out.clear();
    for p in both(PEERS[c.pos.index()], grid.places(c.digit)).iter() {
        out.push(Candidate::new(p, c.digit));
    }
    if kind == ChainLinks::Mixed {
        for d in grid.candidates(c.pos).iter().filter(|d| *d != c.digit) {
            out.push(Candidate::new(c.pos, d));
        }
    }
}

/// Whether `a` and `b` cannot both be true.
fn sees(a: Candidate, b: Candidate) -> bool {
    a != b && ((a.pos == b.pos) || (a.digit == b.digit && a.pos.sees(b.pos)))
}

/// The candidates that see both ends of a chain (and are not its ends).
fn victims(grid: &Grid, first: Candidate, last: Candidate) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut consider = |c: Candidate| {
        if grid.has(c.pos, c.digit) && c != first && c != last && sees(c, first) && sees(c, last) && !out.contains(&c) {
            out.push(c);
        }
    };
    for end in [first, last] {
        for d in grid.candidates(end.pos).iter() {
            consider(Candidate::new(end.pos, d));
        }
    }
    for digit in [first.digit, last.digit] {
        let cells = both(
            both(
                PEERS[first.pos.index()].union(CellSet::from_iter([first.pos])),
                PEERS[last.pos.index()].union(CellSet::from_iter([last.pos])),
            ),
            grid.places(digit),
        );
        for p in cells.iter() {
            consider(Candidate::new(p, digit));
        }
    }
    out.sort();
    out
}

/// The shortest chain of the given kind, at most `max_nodes` long, that eliminates something:
/// a breadth-first search from every start, so the first chain found from a start is its
/// shortest. Returns the chain and its eliminations.
fn best_chain(grid: &Grid, kind: ChainLinks, max_nodes: usize) -> Option<(Vec<Candidate>, Vec<Candidate>)> {
    let starts: Vec<Candidate> = match kind {
        ChainLinks::X(d) => grid.places(d).iter().map(|p| Candidate::new(p, d)).collect(),
        _ => grid
            .empty_cells()
            .iter()
            .flat_map(|p| grid.candidates(p).iter().map(move |d| Candidate::new(p, d)))
            .collect(),
    };
    let mut best: Option<(Vec<Candidate>, Vec<Candidate>)> = None;
    // Chains must be shorter than this to be worth finding.
    let mut limit = max_nodes + 1;
    // The parent of each state (node * 2 + 1 when reached by a strong link, so that a weak link
    // comes next); u16::MAX is unvisited.
    let mut parent = vec![u16::MAX; 729 * 2];
    let mut links = Vec::with_capacity(32);
    let mut queue = VecDeque::new();
    for &start in &starts {
        if kind == ChainLinks::Y && grid.candidates(start.pos).len() != 2 {
            continue;
        }
        parent.fill(u16::MAX);
        queue.clear();
        let start_state = node(start) * 2;
        parent[start_state] = start_state as u16;
        queue.push_back((start_state, 1usize));
        'search: while let Some((state, length)) = queue.pop_front() {
            if length + 1 >= limit {
                break;
            }
            let Some(here) = candidate(state / 2) else { continue };
            let strong_next = state % 2 == 0;
            if strong_next {
                strong_links(grid, here, kind, &mut links);
            } else {
                weak_links(grid, here, kind, &mut links);
            }
            for &next in &links {
                let next_state = node(next) * 2 + usize::from(strong_next);
                if parent[next_state] != u16::MAX || next == start {
                    continue;
                }
                parent[next_state] = state as u16;
                if strong_next && length + 1 >= 4 {
                    let found = victims(grid, start, next);
                    if !found.is_empty() {
                        let path = trace(&parent, next_state);
                        if is_simple(&path) {
                            limit = path.len();
                            best = Some((path, found));
                            break 'search;
                        }
                    }
                }
                queue.push_back((next_state, length + 1));
            }
        }
    }
    best
}

/// The chain ending in `state`, from its start.
fn trace(parent: &[u16], mut state: usize) -> Vec<Candidate> {
    let mut path = Vec::new();
    loop {
        if let Some(c) = candidate(state / 2) {
            path.push(c);
        }
        let up = parent[state] as usize;
        if up == state {
            break;
        }
        state = up;
    }
    path.reverse();
    path
}

/// Whether no candidate appears twice in the chain.
fn is_simple(path: &[Candidate]) -> bool {
    path.iter().enumerate().all(|(i, c)| !path[..i].contains(c))
}

/// Whether the chain's strong links (its node pairs 1-2, 3-4, ...) are both in cells and in
/// units: what Sudoku Explainer rates higher than a chain of one kind.
fn is_mixed(path: &[Candidate]) -> bool {
    let in_cell = path
        .chunks(2)
        .filter(|pair| pair.len() == 2 && pair[0].pos == pair[1].pos)
        .count();
    in_cell > 0 && in_cell < path.len() / 2
}

/// Whether the chain goes through bivalue cells only: strong links in cells, weak links between
/// cells on one digit.
fn is_xy(path: &[Candidate]) -> bool {
    path.chunks(2).all(|pair| pair.len() == 2 && pair[0].pos == pair[1].pos)
        && path[1..]
            .chunks(2)
            .all(|pair| pair.len() < 2 || pair[0].digit == pair[1].digit)
}

/// People's form of a chain: `(5)r1c2 = (5)r1c8 - (5)r4c8 = (5)r4c3`.
fn chain_text(path: &[Candidate]) -> String {
    let mut text = String::new();
    for (i, c) in path.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&format!("({}){}", c.digit, c.pos));
    }
    text
}

fn chain_deduction(technique: Technique, path: Vec<Candidate>, eliminations: Vec<Candidate>) -> Deduction {
    let mixed = is_mixed(&path);
    let (first, last) = (path[0], path[path.len() - 1]);
    let explanation = format!(
        "{}: {first} or {last} is true, so remove {}",
        chain_text(&path),
        elimination_list(&eliminations)
    );
    let mut step = Deduction::new(technique, chain_difficulty(path.len(), mixed), explanation);
    step.eliminations = eliminations;
    step.cells = path.iter().map(|c| c.pos).collect();
    step.units = path
        .windows(2)
        .filter(|w| w[0].pos != w[1].pos)
        .filter_map(|w| {
            w[0].pos
                .units()
                .into_iter()
                .find(|u| UNIT_CELLS[unit_index(*u)].contains(w[1].pos))
        })
        .collect();
    step.units.dedup();
    step.candidates = path;
    step
}

/// The shortest X-Chain (one digit, strong links in units) that eliminates something.
pub fn x_chain(grid: &Grid) -> Option<Deduction> {
    let mut best: Option<(Vec<Candidate>, Vec<Candidate>)> = None;
    for digit in Digit::all() {
        let limit = best.as_ref().map_or(16, |(p, _)| p.len());
        if let Some(found) = best_chain(grid, ChainLinks::X(digit), limit)
            && best.as_ref().is_none_or(|(p, _)| found.0.len() < p.len())
        {
            best = Some(found);
        }
    }
    best.map(|(path, elims)| chain_deduction(Technique::XChain, path, elims))
}

/// The shortest XY-Chain (bivalue cells linked by shared digits) that eliminates something.
pub fn xy_chain(grid: &Grid) -> Option<Deduction> {
    best_chain(grid, ChainLinks::Y, 16).map(|(path, elims)| chain_deduction(Technique::XYChain, path, elims))
}

/// The shortest alternating inference chain of any links that eliminates something.
pub fn aic(grid: &Grid) -> Option<Deduction> {
    best_chain(grid, ChainLinks::Mixed, 16).map(|(path, elims)| {
        let technique = if path.iter().all(|c| c.digit == path[0].digit) {
            Technique::XChain
        } else if is_xy(&path) {
            Technique::XYChain
        } else {
            Technique::Aic
        };
        chain_deduction(technique, path, elims)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::{at, d, with_cells};

    #[test]
    fn length_bonus_follows_sudoku_explainer() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].map(length_bonus).to_vec();
        assert_eq!(bonus, vec![0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
        assert_eq!(chain_difficulty(4, false), Difficulty(66));
        assert_eq!(chain_difficulty(6, true), Difficulty(71));
        // The rows of the registry rate the shortest chains by the same rule.
        assert_eq!(chain_difficulty(4, false), Technique::Skyscraper.rating());
        assert_eq!(chain_difficulty(4, false), Technique::TwoStringKite.rating());
        assert_eq!(chain_difficulty(4, false), Technique::XYChain.rating());
        assert_eq!(chain_difficulty(6, true), Technique::WWing.rating());
    }

    #[test]
    fn xy_chain_through_four_bivalue_cells() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: r1c1 or r5c9 is 1, so r1c9 and
        // r5c1 lose 1.
        let chain: [((usize, usize), &[u8]); 4] = [
            ((1, 1), &[1, 2]),
            ((1, 5), &[2, 3]),
            ((5, 5), &[3, 4]),
            ((5, 9), &[4, 1]),
        ];
        let step = xy_chain(&with_cells(&chain)).unwrap();
        assert_eq!(step.technique, Technique::XYChain);
        let mut ends = [step.candidates[0], *step.candidates.last().unwrap()];
        ends.sort();
        assert_eq!(ends, [Candidate::new(at(1, 1), d(1)), Candidate::new(at(5, 9), d(1))]);
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(1, 9), d(1)), Candidate::new(at(5, 1), d(1))]
        );
        assert_eq!(step.candidates.len(), 8);
        assert_eq!(step.difficulty.0, 66 + length_bonus(8));
        // With a third candidate in the last cell, no chain of bivalue cells ends on 1.
        let mut broken = chain;
        broken[3].1 = &[4, 1, 7];
        assert_eq!(xy_chain(&with_cells(&broken)), None);
    }

    #[test]
    fn x_chain_through_a_box_and_a_column() {
        // 9 has two places in box 1 (r1c1, r2c2) and in column 7 (r2c7, r6c7); r2c2 and r2c7
        // share row 2. So r1c1 or r6c7 is 9, and r6c1 (seeing both) loses it.
        let nine = d(9);
        let box_pair = || {
            let mut grid = Grid::new(&Board::empty());
            for p in crate::board::Unit::Box(0).cells() {
                if p != at(1, 1) && p != at(2, 2) {
                    grid.eliminate(p, nine);
                }
            }
            grid
        };
        let mut grid = box_pair();
        for r in (1..=9).filter(|r| ![2, 6].contains(r)) {
            grid.eliminate(at(r, 7), nine);
        }
        let step = x_chain(&grid).unwrap();
        assert_eq!(step.technique, Technique::XChain);
        assert_eq!(step.eliminations, vec![Candidate::new(at(6, 1), nine)]);
        assert_eq!(step.difficulty.0, 66);
        // Without the column's pair there is no chain.
        assert_eq!(x_chain(&box_pair()), None);
    }

    #[test]
    fn aic_mixes_cells_and_units() {
        // (1)r1c1 = (2)r1c1 - (2)r1c5 = (2)r4c5 - (2)r4c2 = (1)r4c2: the bivalue cells r1c1 and
        // r4c2 ({1,2}) joined through column 5, where 2 has two places. One end is 1, so the
        // cells seeing both lose 1: r1c2, r2c2, r3c2 (box 1 and column 2), r4c1, r5c1, r6c1.
        let mut grid = with_cells(&[((1, 1), &[1, 2]), ((4, 2), &[1, 2])]);
        for r in (1..=9).filter(|r| ![1, 4].contains(r)) {
            grid.eliminate(at(r, 5), d(2));
        }
        let step = aic(&grid).unwrap();
        assert_eq!(step.technique, Technique::Aic);
        let expected: Vec<Candidate> = [(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)]
            .into_iter()
            .map(|(r, c)| Candidate::new(at(r, c), d(1)))
            .collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.candidates.len(), 6);
        assert_eq!(step.difficulty.0, 71, "mixed, six candidates");
        // Without column 5's pair the cells are not joined: no chain.
        assert_eq!(aic(&with_cells(&[((1, 1), &[1, 2]), ((4, 2), &[1, 2])])), None);
    }
}
