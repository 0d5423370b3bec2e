//! Forcing chains, the last resort before trial: assume a candidate true and follow what singles
//! force from it. If that reaches a contradiction (a cell with no candidate, or a digit with no
//! place in a unit), the candidate is false. If every candidate of a cell forces the same
//! digit somewhere, that digit is true. Sudoku Explainer calls these dynamic forcing chains
//! (8.5 and up; 7.5, "Nishio", when every link is on one digit), rated by how many candidates
//! the proof needs.

use super::chains::length_bonus;
use super::deduction::{Candidate, Deduction, Difficulty, Technique, counted};
use super::grid::{Grid, PEERS, UNIT_CELLS, both, unit_at};
use crate::board::{Digit, DigitSet, Pos};

const NONE: u16 = u16::MAX;

/// Why a candidate was forced true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// Not forced.
    None,
    /// The assumption itself.
    Assumed,
    /// The last candidate left in its cell.
    Cell,
    /// The last place left for its digit in this unit (index into `UNIT_CELLS`).
    Unit(u8),
}

/// Why the propagation stopped short: a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ForcingContradiction {
    /// A candidate forced both true and false.
    Both(u16),
    /// A cell left with no candidate.
    EmptyCell(Pos),
    /// A digit left with no place in a unit.
    NoPlace(u8, Digit),
}

/// What one assumption forced, with the reason for each step so that a proof can be measured.
struct Implications {
    grid: Grid,
    /// For each candidate forced true, why.
    on_reason: [Reason; 729],
    /// For each candidate forced false: the candidate forced true that removed it.
    off_parent: [u16; 729],
    /// The candidates the start grid had (forced-false nodes exist only for these).
    start: [DigitSet; 81],
    /// The contradiction reached, if one was.
    contradiction: Option<ForcingContradiction>,
}

/// A node of a proof: a candidate forced true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    On(u16),
    Off(u16),
}

fn index(p: Pos, d: Digit) -> u16 {
    (p.index() * 9 + d.index()) as u16
}

fn cand(i: u16) -> Option<Candidate> {
    Some(Candidate::new(
        Pos::new(i as usize / 9)?,
        Digit::new((i % 9) as u8 + 1)?,
    ))
}

impl Implications {
    /// Follows the singles forced by assuming `assumption` true in `grid`.
    fn follow(grid: &Grid, assumption: Candidate) -> Implications {
        let mut this = Implications {
            grid: grid.clone(),
            on_reason: [Reason::None; 729],
            off_parent: [NONE; 729],
            start: *grid.all_candidates(),
            contradiction: None,
        };
        let first = index(assumption.pos, assumption.digit);
        this.on_reason[first as usize] = Reason::Assumed;
        let mut queue = vec![first];
        let mut removed = Vec::with_capacity(32);
        while let Some(on) = queue.pop() {
            let Some(c) = cand(on) else { continue };
            if this.grid.value(c.pos).is_some() {
                continue;
            }
            if !this.grid.has(c.pos, c.digit) {
                this.contradiction = Some(ForcingContradiction::Both(on));
                break;
            }
            // Everything this placement removes.
            removed.clear();
            for e in this.grid.candidates(c.pos).iter().filter(|e| *e != c.digit) {
                removed.push(Candidate::new(c.pos, e));
            }
            for q in both(PEERS[c.pos.index()], this.grid.places(c.digit)).iter() {
                removed.push(Candidate::new(q, c.digit));
            }
            this.grid.place(c.pos, c.digit);
            for r in &removed {
                this.off_parent[index(r.pos, r.digit) as usize] = on;
            }
            for r in &removed {
                this.check_cell(r.pos, &mut queue);
                for unit in r.pos.units() {
                    this.check_unit(super::grid::unit_index(unit), r.digit, &mut queue);
                }
                if this.contradiction.is_some() {
                    return this;
                }
            }
        }
        this
    }

    fn check_cell(&mut self, p: Pos, queue: &mut Vec<u16>) {
        if self.grid.value(p).is_some() {
            return;
        }
        let left = self.grid.candidates(p);
        match left.len() {
            0 => self.contradiction = Some(ForcingContradiction::EmptyCell(p)),
            1 => {
                let Some(d) = left.first() else { return };
                let i = index(p, d) as usize;
                if self.on_reason[i] == Reason::None {
                    self.on_reason[i] = Reason::Cell;
                    queue.push(i as u16);
                }
            }
            _ => {}
        }
    }

    fn check_unit(&mut self, unit: usize, d: Digit, queue: &mut Vec<u16>) {
        let places = both(self.grid.places(d), UNIT_CELLS[unit]);
        if places.len() >= 2 || self.grid.placed_in(unit_at(unit)).contains(d) {
            return;
        }
        match places.iter().next() {
            None => self.contradiction = Some(ForcingContradiction::NoPlace(unit as u8, d)),
            Some(p) => {
                let i = index(p, d) as usize;
                if self.on_reason[i] == Reason::None {
                    self.on_reason[i] = Reason::Unit(unit as u8);
                    queue.push(i as u16);
                }
            }
        }
    }

    /// The candidates forced false that `node` rests on (for a node forced true).
    fn parents_of_on(&self, i: u16, out: &mut Vec<Node>) {
        let Some(c) = cand(i) else { return };
        match self.on_reason[i as usize] {
            Reason::None | Reason::Assumed => {}
            Reason::Cell => out.extend(
                self.start[c.pos.index()]
                    .iter()
                    .filter(|d| *d != c.digit)
                    .map(|d| Node::Off(index(c.pos, d))),
            ),
            Reason::Unit(u) => out.extend(
                UNIT_CELLS[u as usize]
                    .iter()
                    .filter(|q| *q != c.pos && self.start[q.index()].contains(c.digit))
                    .map(|q| Node::Off(index(q, c.digit))),
            ),
        }
    }

    /// The nodes the contradiction rests on.
    fn contradiction_roots(&self) -> Vec<Node> {
        match self.contradiction {
            None => Vec::new(),
            Some(ForcingContradiction::Both(i)) => vec![Node::On(i), Node::Off(i)],
            Some(ForcingContradiction::EmptyCell(p)) => {
                self.start[p.index()].iter().map(|d| Node::Off(index(p, d))).collect()
            }
            Some(ForcingContradiction::NoPlace(u, d)) => UNIT_CELLS[u as usize]
                .iter()
                .filter(|q| self.start[q.index()].contains(d))
                .map(|q| Node::Off(index(q, d)))
                .collect(),
        }
    }

    /// The number of nodes behind `roots` (each counted once), whether they are all on one
    /// digit, and the candidates forced true among them.
    fn proof_size(&self, roots: &[Node]) -> (usize, bool, Vec<Candidate>) {
        let mut seen_on = [false; 729];
        let mut seen_off = [false; 729];
        let mut stack: Vec<Node> = roots.to_vec();
        let mut count = 0;
        let mut digits = DigitSet::EMPTY;
        let mut shown = Vec::new();
        while let Some(node) = stack.pop() {
            match node {
                Node::On(i) => {
                    if std::mem::replace(&mut seen_on[i as usize], true) {
                        continue;
                    }
                    if let Some(c) = cand(i) {
                        digits.insert(c.digit);
                        shown.push(c);
                    }
                    self.parents_of_on(i, &mut stack);
                }
                Node::Off(i) => {
                    if std::mem::replace(&mut seen_off[i as usize], true) {
                        continue;
                    }
                    if let Some(c) = cand(i) {
                        digits.insert(c.digit);
                    }
                    let parent = self.off_parent[i as usize];
                    if parent != NONE {
                        stack.push(Node::On(parent));
                    }
                }
            }
            count += 1;
        }
        shown.sort();
        (count, digits.len() == 1, shown)
    }
}

/// What Sudoku Explainer adds to a forcing chain's rating when its links go through more than one
/// digit: its dynamic forcing chains (8.5) against its Nishio ones (7.5), in tenths.
const SEVERAL_DIGITS: u16 = 10;

/// The rating of a forcing chain whose proof has `nodes` nodes, from `base`, the rating of one
/// through a single digit.
fn forcing_difficulty(nodes: usize, one_digit: bool, base: Difficulty) -> Difficulty {
    base.plus(if one_digit { 0 } else { SEVERAL_DIGITS })
        .plus(length_bonus(nodes.saturating_sub(1)))
}

/// The candidate whose assumption reaches a contradiction with the smallest proof; or, when none
/// does, a cell or unit whose every choice forces the same conclusion. Rated from `base`, the
/// rating of a chain through one digit (see [`forcing_difficulty`]).
pub fn forcing_chain(grid: &Grid, base: Difficulty) -> Option<Deduction> {
    // Each candidate is assumed once; both kinds of proof read the outcomes.
    let mut outcomes: Vec<Option<Implications>> = (0..729).map(|_| None).collect();
    for p in grid.empty_cells().iter() {
        for d in grid.candidates(p).iter() {
            outcomes[index(p, d) as usize] = Some(Implications::follow(grid, Candidate::new(p, d)));
        }
    }
    contradiction(grid, &outcomes, base).or_else(|| verity(grid, &outcomes, base))
}

fn contradiction(grid: &Grid, outcomes: &[Option<Implications>], base: Difficulty) -> Option<Deduction> {
    let mut best: Option<(usize, bool, Candidate, Vec<Candidate>, String)> = None;
    for p in grid.empty_cells().iter() {
        for d in grid.candidates(p).iter() {
            let assumption = Candidate::new(p, d);
            let Some(implications) = &outcomes[index(p, d) as usize] else {
                continue;
            };
            if implications.contradiction.is_none() {
                continue;
            }
            let (size, one_digit, shown) = implications.proof_size(&implications.contradiction_roots());
            let better = best
                .as_ref()
                .is_none_or(|(s, o, ..)| forcing_difficulty(size, one_digit, base) < forcing_difficulty(*s, *o, base));
            if better {
                let what = match implications.contradiction {
                    Some(ForcingContradiction::Both(i)) => cand(i).map_or(String::new(), |c| {
                        format!("{} both {} and not {}", c.pos, c.digit, c.digit)
                    }),
                    Some(ForcingContradiction::EmptyCell(p)) => format!("{p} with no candidate"),
                    Some(ForcingContradiction::NoPlace(u, d)) => {
                        format!("{d} with no place in {}", unit_at(u as usize))
                    }
                    None => String::new(),
                };
                best = Some((size, one_digit, assumption, shown, what));
            }
        }
    }
    let (size, one_digit, assumption, shown, what) = best?;
    let explanation = format!(
        "if {} were {}, singles would leave {what} ({} of proof), so it is not",
        assumption.pos,
        assumption.digit,
        counted(size, "step")
    );
    let mut step = Deduction::new(
        Technique::ForcingChain,
        forcing_difficulty(size, one_digit, base),
        explanation,
    );
    step.eliminations.push(assumption);
    step.cells = shown.iter().map(|c| c.pos).collect();
    step.candidates = shown;
    Some(step)
}

/// A cell, or a digit's places in a unit, every one of whose choices forces the same digit into
/// a cell or the same candidate out: that conclusion holds. Cells and units of at most three
/// choices are tried; the conclusion with the smallest proof is taken.
fn verity(grid: &Grid, all: &[Option<Implications>], base: Difficulty) -> Option<Deduction> {
    // (proof size, the choices as candidates, what they have in common: true = placed)
    let mut best: Option<(usize, Vec<Candidate>, Candidate, bool)> = None;
    let consider = |choices: Vec<Candidate>, best: &mut Option<(usize, Vec<Candidate>, Candidate, bool)>| {
        let outcomes: Vec<&Implications> = choices
            .iter()
            .filter_map(|c| all[index(c.pos, c.digit) as usize].as_ref())
            .collect();
        // A choice that leads to a contradiction is a contradiction step, found before this.
        if outcomes.len() < choices.len() || outcomes.iter().any(|o| o.contradiction.is_some()) {
            return;
        }
        for q in grid.empty_cells().iter() {
            for d in grid.candidates(q).iter() {
                let target = Candidate::new(q, d);
                if choices.contains(&target) {
                    continue;
                }
                let i = index(q, d);
                let placed = outcomes.iter().all(|o| o.grid.value(q) == Some(d));
                let removed = !placed
                    && outcomes.iter().all(|o| {
                        o.grid.value(q).is_some_and(|v| v != d) || !o.grid.has(q, d) && o.grid.value(q).is_none()
                    });
                if !placed && !removed {
                    continue;
                }
                let root = if placed { Node::On(i) } else { Node::Off(i) };
                let size: usize = outcomes
                    .iter()
                    .map(|o| {
                        // A cell filled with another digit removed the candidate through its placement.
                        if !placed && o.grid.value(q).is_some() {
                            o.proof_size(&[Node::On(index(q, o.grid.value(q).unwrap_or(d)))]).0 + 1
                        } else {
                            o.proof_size(&[root]).0
                        }
                    })
                    .sum();
                if best.as_ref().is_none_or(|(s, ..)| size < *s) {
                    *best = Some((size, choices.clone(), target, placed));
                }
            }
        }
    };
    for p in grid.empty_cells().iter() {
        let choices = grid.candidates(p);
        if (2..=3).contains(&choices.len()) {
            consider(choices.iter().map(|d| Candidate::new(p, d)).collect(), &mut best);
        }
    }
    for (u, cells) in UNIT_CELLS.iter().enumerate() {
        for d in DigitSet::ALL.difference(grid.placed_in(unit_at(u))).iter() {
            let places = both(grid.places(d), *cells);
            if (2..=3).contains(&places.len()) {
                consider(places.iter().map(|p| Candidate::new(p, d)).collect(), &mut best);
            }
        }
    }
    let (size, choices, target, placed) = best?;
    let options = choices.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let explanation = format!(
        "whichever of {} is true, singles {} ({} of proof), so {}",
        super::deduction::and_list(&options).replace(" and ", " or "),
        counted(size, "step"),
        if placed {
            format!("put {} in {}", target.digit, target.pos)
        } else {
            format!("remove {} from {}", target.digit, target.pos)
        },
        if placed {
            format!("{} is {}", target.pos, target.digit)
        } else {
            format!("{} is not {}", target.pos, target.digit)
        }
    );
    let mut step = Deduction::new(
        Technique::ForcingChain,
        forcing_difficulty(size, false, base),
        explanation,
    );
    if placed {
        step.placements.push(target);
    } else {
        step.eliminations.push(target);
    }
    step.cells = choices.iter().map(|c| c.pos).chain([target.pos]).collect();
    step.candidates = choices;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{at, d, with_cells};

    #[test]
    fn a_contradiction_removes_the_assumption() {
        // Row 1 of box 1 holds {1,2}, {1,3}, {2,3}: a naked triple. Assuming r2c1 = 1 forces
        // r1c2 = 3, r1c1 = 2 and leaves r1c3 with nothing.
        let grid = with_cells(&[((1, 1), &[1, 2]), ((1, 2), &[1, 3]), ((1, 3), &[2, 3])]);
        let follow = Implications::follow(&grid, Candidate::new(at(2, 1), d(1)));
        assert!(follow.contradiction.is_some());
        let roots = follow.contradiction_roots();
        // The proof: r2c1=1, r1c2<>1, r1c2=3, r1c1<>1, r1c1=2, r1c3<>2, r1c3<>3 and the empty cell.
        assert!(follow.proof_size(&roots).0 >= 6);
        assert!(
            Implications::follow(&grid, Candidate::new(at(2, 1), d(4)))
                .contradiction
                .is_none()
        );
        let step = forcing_chain(&grid, Technique::ForcingChain.rating()).unwrap();
        let [gone] = step.eliminations[..] else {
            panic!("one elimination: {step:?}")
        };
        // Any 1, 2 or 3 that sees the whole triple breaks it: in the rest of box 1 or row 1.
        let sees_triple = (gone.pos.box_index() == 0 || gone.pos.row() == 0) && gone.pos.index() > 2;
        assert!(sees_triple && gone.digit.get() <= 3, "{gone}");
        assert!(step.difficulty.0 >= 85);
    }
}
