//! Techniques that rely on the puzzle having one solution: a pattern that would allow two
//! (a "deadly pattern") cannot be the outcome. Sudoku Explainer's Unique Rectangles and Unique
//! Loops (types 1-4, type 3 with a naked or a hidden set) and its Bivalue Universal Grave (BUG,
//! types 1-4), with its rules and ratings (its `UniqueLoops` and `BivalueUniversalGrave`).

use super::deduction::{Candidate, Deduction, Difficulty, Technique, cell_list, digit_list, elimination_list};
use super::grid::{Grid, PEERS, UNIT_CELLS, both, unit_index};
use crate::board::{CellSet, Digit, DigitSet, Pos, Unit};

/// The kinds of unit in the order Sudoku Explainer walks them (box, row, column): it decides
/// which of two steps rated alike is found first.
const KINDS: usize = 3;

/// The unit of kind `kind` (see [`KINDS`]) holding `p`.
fn unit_of(kind: usize, p: Pos) -> Unit {
    match kind {
        0 => Unit::Box(p.box_index() as u8),
        1 => Unit::Row(p.row() as u8),
        _ => Unit::Col(p.col() as u8),
    }
}

/// The units of `p` as bits of [`UNIT_CELLS`] positions.
fn unit_bits(p: Pos) -> u32 {
    p.units().iter().fold(0, |bits, u| bits | 1 << unit_index(*u))
}

fn digits(bits: u16) -> DigitSet {
    DigitSet::from_bits(bits)
}

fn pair_digits(pair: DigitSet) -> (Digit, Digit) {
    let mut it = pair.iter();
    let x = it.next().unwrap_or(Digit::from_index(0));
    (x, it.next().unwrap_or(x))
}

/// Every way to choose `k` of `items`, in lexicographic order; `f` returns whether to go on.
fn choose<T: Copy>(items: &[T], k: usize, f: &mut dyn FnMut(&[T]) -> bool) -> bool {
    fn go<T: Copy>(items: &[T], k: usize, from: usize, picked: &mut Vec<T>, f: &mut dyn FnMut(&[T]) -> bool) -> bool {
        if picked.len() == k {
            return f(picked);
        }
        for i in from..items.len() {
            picked.push(items[i]);
            let more = go(items, k, i + 1, picked, f);
            picked.pop();
            if !more {
                return false;
            }
        }
        true
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f)
}

/// The union of `sets` when each has at least `least` members and together they hold exactly
/// `degree` (Sudoku Explainer's test for a naked set, `least` 2, or a hidden one, `least` 1).
fn common_tuple(sets: impl IntoIterator<Item = u16>, degree: usize, least: u32) -> Option<u16> {
    let mut union = 0;
    for s in sets {
        if s.count_ones() < least {
            return None;
        }
        union |= s;
    }
    (union.count_ones() as usize == degree).then_some(union)
}

/// Unique Rectangles and Unique Loops, as Sudoku Explainer finds them: a loop of 4, 6, 8...
/// cells holding the same two digits {x,y}, each unit it passes through holding two of its
/// cells, would let x and y swap (two solutions) unless one of its cells takes another digit.
/// Types 1-4 say how that is forced; a step is rated `base` (4.5), plus 0.1 for a loop of 6
/// cells, 0.2 of 8, 0.5 of 10 or more, plus 0.1 for each digit of a type 3 naked set beyond
/// the first (each cell of a hidden one beyond the first). Of all the steps, the lowest rated
/// is taken, then the lowest type, then the first found (from the loops of the first cells in
/// row-major order), as SE takes them: every type runs where SE's Unique Loops runs, after the
/// XYZ-Wing and before the Naked Quad, whatever its rating.
pub fn unique_loops(grid: &Grid, base: Difficulty) -> Option<Deduction> {
    let mut best: Option<(Difficulty, u8, Deduction)> = None;
    // A loop is found from each of its cells, both ways: SE keeps the first of equal steps (same
    // kind, same cells), so the same cells on the same pair need looking at once.
    let mut done = std::collections::HashSet::new();
    for start in Pos::all() {
        let pair = grid.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        let mut search = LoopSearch {
            grid,
            pair: pair.bits(),
            path: Vec::new(),
            seen: [0; 2],
            loops: Vec::new(),
        };
        search.walk(start, 2, 0, None);
        for cells in &search.loops {
            if !done.insert((pair.bits(), cells.iter().copied().collect::<CellSet>().bits())) {
                continue;
            }
            for (rank, step) in loop_steps(grid, cells, pair, base) {
                let key = (step.difficulty, rank);
                if best.as_ref().is_none_or(|(d, r, _)| key < (*d, *r)) {
                    best = Some((step.difficulty, rank, step));
                }
            }
            // Nothing can come before a type 1 at the base rating.
            if best.as_ref().is_some_and(|(d, r, _)| (*d, *r) == (base, 1)) {
                return best.map(|(_, _, step)| step);
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// A depth-first walk from a bivalue cell through the cells holding both its digits, as Sudoku
/// Explainer walks: each step goes through a unit of another kind than the step before, at most
/// two cells with more digits are let in unless all the extra digits met are one and the same
/// (a type 2 may have many), and a walk back to the start of at least 4 cells is a loop.
struct LoopSearch<'a> {
    grid: &'a Grid,
    pair: u16,
    path: Vec<Pos>,
    /// The units visited by the path's cells at even and at odd places: a loop visits each of
    /// its units once at each parity, so a path that visits one twice at one parity is dropped
    /// (it can only grow into loops SE would refuse).
    seen: [u32; 2],
    loops: Vec<Vec<Pos>>,
}

impl LoopSearch<'_> {
    fn walk(&mut self, cell: Pos, allowed: i32, extra: u16, last_kind: Option<usize>) {
        let parity = self.path.len() % 2;
        self.path.push(cell);
        self.seen[parity] |= unit_bits(cell);
        // Sudoku Explainer gathers the extra digits of every cell it looks at from here, tried or
        // not, and lets a third cell with more digits in only when they are one digit.
        let mut extra = extra;
        for kind in (0..KINDS).filter(|k| Some(*k) != last_kind) {
            for next in unit_of(kind, cell).cells() {
                if next == self.path[0] && self.path.len() >= 4 {
                    if self.seen[0] == self.seen[1] {
                        self.loops.push(self.path.clone());
                    }
                    continue;
                }
                let candidates = self.grid.candidates(next).bits();
                if self.path.contains(&next) || candidates & self.pair != self.pair {
                    continue;
                }
                extra |= candidates & !self.pair;
                let wide = candidates.count_ones() > 2;
                let open = !wide || extra.count_ones() == 1 || allowed > 0;
                if open && unit_bits(next) & self.seen[1 - parity] == 0 {
                    self.walk(next, allowed - i32::from(wide), extra, Some(kind));
                }
            }
        }
        self.seen[parity] &= !unit_bits(cell);
        self.path.pop();
    }
}

/// A loop's name in words: "rectangle" or "loop of n cells".
fn shape(cells: &[Pos]) -> String {
    if cells.len() == 4 {
        "the rectangle".to_string()
    } else {
        format!("the loop of {} cells", cells.len())
    }
}

/// The steps a loop on `pair` allows, each with its type (1-4), in Sudoku Explainer's order.
fn loop_steps(grid: &Grid, cells: &[Pos], pair: DigitSet, base: Difficulty) -> Vec<(u8, Deduction)> {
    let rated = base.plus(match cells.len() {
        4 => 0,
        6 => 1,
        8 => 2,
        _ => 5,
    });
    let extra: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|p| grid.candidates(*p).len() > 2)
        .collect();
    let (x, y) = pair_digits(pair);
    let rectangle = cells.len() == 4;
    let mut steps = Vec::new();
    match extra.as_slice() {
        [] => {}
        [odd] => {
            let others = cells.iter().copied().filter(|p| p != odd);
            let eliminations = vec![Candidate::new(*odd, x), Candidate::new(*odd, y)];
            let text = format!(
                "{} hold only {x} and {y}; were {odd} {x} or {y} too, {} could swap them and the puzzle would \
                 have two solutions, so remove {}",
                cell_list(others),
                shape(cells),
                elimination_list(&eliminations)
            );
            let mut step = loop_step(Technique::UniqueRectangle1, cells, pair, rated, text);
            step.eliminations = eliminations;
            steps.push((1, step));
        }
        [c1, c2] => {
            let union = (grid.candidates(*c1).bits() | grid.candidates(*c2).bits()) & !pair.bits();
            if union.count_ones() == 1 {
                steps.extend(type_2(grid, cells, &extra, pair, rated).map(|s| (2, s)));
            } else {
                for step in type_3(grid, cells, (*c1, *c2), pair, union, rated) {
                    steps.push((3, step));
                }
            }
            steps.extend(type_4(grid, cells, (*c1, *c2), pair, rated).map(|s| (4, s)));
        }
        _ => steps.extend(type_2(grid, cells, &extra, pair, rated).map(|s| (2, s))),
    }
    // A loop of more than four cells is one technique, its type said in words.
    if !rectangle {
        for (t, step) in &mut steps {
            step.technique = Technique::UniqueLoop;
            step.explanation = format!("type {t}: {}", step.explanation);
        }
    }
    steps
}

/// The loop's cells with x and y, for the steps' candidates.
fn loop_candidates(cells: &[Pos], pair: DigitSet) -> Vec<Candidate> {
    let (x, y) = pair_digits(pair);
    cells
        .iter()
        .flat_map(|p| [Candidate::new(*p, x), Candidate::new(*p, y)])
        .collect()
}

/// A step of a loop, its cells and candidates filled in.
fn loop_step(technique: Technique, cells: &[Pos], pair: DigitSet, rated: Difficulty, text: String) -> Deduction {
    let mut step = Deduction::new(technique, rated, text);
    step.cells = cells.iter().copied().collect();
    step.candidates = loop_candidates(cells, pair);
    step
}

/// Type 2: the cells with more digits all hold one more digit z, so one of them is z and every
/// cell seeing them all cannot be.
fn type_2(grid: &Grid, cells: &[Pos], extra: &[Pos], pair: DigitSet, rated: Difficulty) -> Option<Deduction> {
    let z = grid.candidates(extra[0]).difference(pair).first()?;
    let seeing = extra.iter().fold(CellSet::ALL, |all, p| both(all, PEERS[p.index()]));
    let targets = both(seeing, grid.places(z));
    if targets.is_empty() {
        return None;
    }
    let (x, y) = pair_digits(pair);
    let text = format!(
        "{} would let {x} and {y} swap (two solutions) unless {} is {z}, so {} cannot be {z}",
        shape(cells),
        or_list(extra),
        cell_list(targets.iter())
    );
    let mut step = loop_step(Technique::UniqueRectangle2, cells, pair, rated, text);
    step.eliminations = targets.iter().map(|p| Candidate::new(p, z)).collect();
    step.candidates.extend(extra.iter().map(|p| Candidate::new(*p, z)));
    Some(step)
}

/// `r1c1`, `r1c1 or r2c2`, `r1c1, r2c2 or r3c3`.
fn or_list(cells: &[Pos]) -> String {
    let list = cell_list(cells.iter().copied());
    match list.rsplit_once(" and ") {
        Some((head, last)) => format!("{head} or {last}"),
        None => list,
    }
}

/// Type 3: the two cells with more digits c1 and c2 share a unit; one of them holds one of
/// their extra digits, so together they act as one cell holding those digits, which with other
/// cells of the unit makes a naked set (its digits leave the unit's other cells) or a hidden set
/// with x and y (its cells lose their other digits).
fn type_3(
    grid: &Grid,
    cells: &[Pos],
    (c1, c2): (Pos, Pos),
    pair: DigitSet,
    extra: u16,
    rated: Difficulty,
) -> Vec<Deduction> {
    let mut steps = Vec::new();
    let (x, y) = pair_digits(pair);
    let both_hold = extra & grid.candidates(c1).bits() & grid.candidates(c2).bits();
    for degree in extra.count_ones() as usize..=7 {
        for kind in 0..KINDS {
            let unit = unit_of(kind, c1);
            if unit != unit_of(kind, c2) {
                continue;
            }
            let unit_cells = unit.cells();
            let empty = unit_cells.iter().filter(|p| grid.value(**p).is_none()).count();
            let others: Vec<Pos> = unit_cells
                .iter()
                .copied()
                .filter(|p| *p != c1 && *p != c2 && grid.candidates(*p).len() >= 2)
                .collect();
            if degree * 2 <= empty {
                choose(&others, degree - 1, &mut |set| {
                    let set_bits = set.iter().fold(0, |all, p| all | grid.candidates(*p).bits());
                    // Sudoku Explainer also asks that each extra digit held by one of c1 and c2
                    // alone be held by another cell of the set.
                    if (both_hold | set_bits).count_ones() as usize != degree {
                        return true;
                    }
                    let sets = set.iter().map(|p| grid.candidates(*p).bits()).chain([extra]);
                    let Some(naked) = common_tuple(sets, degree, 2) else {
                        return true;
                    };
                    let eliminations: Vec<Candidate> = unit_cells
                        .iter()
                        .filter(|p| **p != c1 && **p != c2 && !set.contains(p))
                        .flat_map(|p| {
                            digits(grid.candidates(*p).bits() & naked)
                                .iter()
                                .map(|d| Candidate::new(*p, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        let text = format!(
                            "{} would let {x} and {y} swap (two solutions) unless {c1} or {c2} holds {}; with {} \
                             they make a naked set of {} in {unit}, so remove {}",
                            shape(cells),
                            or_digits(digits(extra)),
                            cell_list(set.iter().copied()),
                            digit_list(digits(naked).iter()),
                            elimination_list(&eliminations)
                        );
                        let difficulty = rated.plus(degree as u16 - 1);
                        let mut step = loop_step(Technique::UniqueRectangle3, cells, pair, difficulty, text);
                        step.eliminations = eliminations;
                        step.units = vec![unit];
                        step.cells = step.cells.union(set.iter().copied().collect());
                        steps.push(step);
                    }
                    true
                });
            }
            if degree * 2 < empty {
                let rest: Vec<Digit> = DigitSet::ALL.difference(digits(pair.bits() | extra)).iter().collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                let mut without_c2 = UNIT_CELLS[unit_index(unit)];
                without_c2.remove(c2);
                choose(&rest, degree - 2, &mut |values| {
                    let hidden: DigitSet = values.iter().copied().chain([x, y]).collect();
                    let places = hidden.iter().map(|d| both(grid.places(d), without_c2));
                    let Some(found) = common_tuple_cells(places, degree) else {
                        return true;
                    };
                    let mut set = found;
                    set.remove(c1);
                    let eliminations: Vec<Candidate> = set
                        .iter()
                        .flat_map(|p| {
                            grid.candidates(p)
                                .difference(hidden)
                                .iter()
                                .map(move |d| Candidate::new(p, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        let text = format!(
                            "{} would let {x} and {y} swap (two solutions) unless {c1} or {c2} holds {}, so at most \
                             one of {x} and {y} goes in those two; in {unit}, {} then fit only in {} and one of \
                             them: remove {}",
                            shape(cells),
                            or_digits(digits(extra)),
                            digit_list(hidden.iter()),
                            cell_list(set.iter()),
                            elimination_list(&eliminations)
                        );
                        let difficulty = rated.plus(set.len() as u16 - 1);
                        let mut step = loop_step(Technique::UniqueRectangle3, cells, pair, difficulty, text);
                        step.eliminations = eliminations;
                        step.units = vec![unit];
                        step.cells = step.cells.union(set);
                        steps.push(step);
                    }
                    true
                });
            }
        }
    }
    steps
}

/// [`common_tuple`] for the places of digits (each at least one, `degree` in all).
fn common_tuple_cells(places: impl IntoIterator<Item = CellSet>, degree: usize) -> Option<CellSet> {
    let mut union = CellSet::EMPTY;
    for set in places {
        if set.is_empty() {
            return None;
        }
        union = union.union(set);
    }
    (union.len() == degree).then_some(union)
}

/// `7`, `7 or 8`, `7, 8 or 9`.
fn or_digits(set: DigitSet) -> String {
    let list = digit_list(set.iter());
    match list.rsplit_once(" and ") {
        Some((head, last)) => format!("{head} or {last}"),
        None => list,
    }
}

/// Type 4: the two cells with more digits c1 and c2 share a unit where x has no other place:
/// one of them is x, and the other cannot then be y (that would make the pattern), so neither
/// is y. (The last such unit in box, row, column order; x before y.)
fn type_4(grid: &Grid, cells: &[Pos], (c1, c2): (Pos, Pos), pair: DigitSet, rated: Difficulty) -> Option<Deduction> {
    let (v1, v2) = pair_digits(pair);
    let mut locked: [Option<Unit>; 2] = [None, None];
    for kind in 0..KINDS {
        let unit = unit_of(kind, c1);
        if unit != unit_of(kind, c2) {
            continue;
        }
        for (slot, d) in [v1, v2].into_iter().enumerate() {
            let mut places = grid.places_in(d, unit);
            places.remove(c1);
            places.remove(c2);
            if places.is_empty() {
                locked[slot] = Some(unit);
            }
        }
    }
    let (unit, lock, gone) = match locked {
        [Some(unit), _] => (unit, v1, v2),
        [None, Some(unit)] => (unit, v2, v1),
        [None, None] => return None,
    };
    let text = format!(
        "{} would let {v1} and {v2} swap (two solutions) unless {c1} or {c2} holds another digit; in {unit}, {lock} \
         can only go in {c1} or {c2}, so the other is not {gone} either: remove {gone} from both",
        shape(cells)
    );
    let mut step = loop_step(Technique::UniqueRectangle4, cells, pair, rated, text);
    step.eliminations = vec![Candidate::new(c1, gone), Candidate::new(c2, gone)];
    step.eliminations.sort();
    step.units = vec![unit];
    Some(step)
}

/// Bivalue Universal Grave, as Sudoku Explainer finds it: were a few candidates (the BUG
/// candidates) gone, every empty cell would hold two and every digit have two places in each
/// unit it is missing from, a grid with two solutions or none; so one of those candidates is
/// true. Type 1 (BUG+1, 5.6): one cell holds them all, so it loses its other candidates
/// (placing the digit when there is one). Type 2 (5.7): they are one digit, so a cell seeing
/// all of them cannot hold it. Type 3 (5.7 plus 0.1 for each digit of the set beyond the
/// first): the cells holding them share a unit, and their BUG digits with other cells of it
/// make a naked set. Type 4 (5.7): two such cells share a unit and one more digit, which is
/// then in one and a BUG digit in the other, so both lose their other candidate. Rated from
/// `base` (5.6), tried where SE tries it, after the Hidden Quad, types in SE's order.
pub fn bug(grid: &Grid, base: Difficulty) -> Option<Deduction> {
    let pattern = Bug::find(grid)?;
    if let [cell] = pattern.cells.as_slice() {
        return Some(bug_1(grid, *cell, pattern.all, base));
    }
    if pattern.all.len() == 1 {
        if let Some(step) = bug_2(grid, &pattern, base.plus(1)) {
            return Some(step);
        }
        return (pattern.cells.len() == 2)
            .then(|| bug_4(grid, &pattern, base.plus(1)))
            .flatten();
    }
    if pattern.common.is_empty() {
        return None;
    }
    if pattern.cells.len() == 2
        && let Some(step) = bug_4(grid, &pattern, base.plus(1))
    {
        return Some(step);
    }
    bug_3(grid, &pattern, base.plus(1))
}

/// The BUG candidates: the cells holding them (in the order found), each one's BUG digits, all of
/// them, and the cells that see every BUG cell.
struct Bug {
    cells: Vec<Pos>,
    digits: [DigitSet; 81],
    all: DigitSet,
    common: CellSet,
}

impl Bug {
    fn find(grid: &Grid) -> Option<Bug> {
        let mut bug = Bug {
            cells: Vec::new(),
            digits: [DigitSet::EMPTY; 81],
            all: DigitSet::EMPTY,
            common: CellSet::ALL,
        };
        let mut rest = *grid.all_candidates();
        for kind in 0..KINDS {
            for i in 0..9u8 {
                let unit = match kind {
                    0 => Unit::Box(i),
                    1 => Unit::Row(i),
                    _ => Unit::Col(i),
                };
                for d in DigitSet::ALL.iter() {
                    let places = grid.places_in(d, unit);
                    if places.is_empty() || places.len() == 2 {
                        continue;
                    }
                    let wide: Vec<Pos> = places.iter().filter(|p| grid.candidates(*p).len() >= 3).collect();
                    match wide.as_slice() {
                        [] => return None,
                        [cell] => {
                            if !bug.cells.contains(cell) {
                                bug.cells.push(*cell);
                            }
                            bug.digits[cell.index()].insert(d);
                            bug.all.insert(d);
                            rest[cell.index()].remove(d);
                            bug.common = both(bug.common, PEERS[cell.index()]);
                            bug.common = bug.common.difference(bug.cells.iter().copied().collect());
                            if bug.cells.len() > 1 && bug.all.len() > 1 && bug.common.is_empty() {
                                return None;
                            }
                        }
                        // Several cells could hold the extra place: another unit decides.
                        _ => {}
                    }
                }
            }
        }
        // Without the BUG candidates: every empty cell bivalue, every digit twice in a unit.
        if grid.empty_cells().iter().any(|p| rest[p.index()].len() != 2) {
            return None;
        }
        for unit in Unit::all() {
            for d in DigitSet::ALL.iter() {
                let n = unit.cells().iter().filter(|p| rest[p.index()].contains(d)).count();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
        (!bug.cells.is_empty()).then_some(bug)
    }
}

/// BUG type 1: one cell holds the BUG digits; it loses its others (is placed with one).
fn bug_1(grid: &Grid, cell: Pos, keep: DigitSet, base: Difficulty) -> Deduction {
    if let Some(digit) = keep.first().filter(|_| keep.len() == 1) {
        let explanation = format!(
            "every empty cell but {cell} holds two candidates; were {cell} not {digit}, the grid would be a deadly \
             pattern, so it is {digit}"
        );
        let mut step = Deduction::new(Technique::BugPlusOne, base, explanation);
        step.placements.push(Candidate::new(cell, digit));
        step.cells = CellSet::from_iter([cell]);
        step.candidates = vec![Candidate::new(cell, digit)];
        return step;
    }
    let eliminations: Vec<Candidate> = grid
        .candidates(cell)
        .difference(keep)
        .iter()
        .map(|d| Candidate::new(cell, d))
        .collect();
    let explanation = format!(
        "without {} in {cell} every empty cell would hold two candidates, a deadly pattern, so {cell} is one of \
         them: remove {}",
        or_digits(keep),
        elimination_list(&eliminations)
    );
    let mut step = Deduction::new(Technique::BugPlusOne, base, explanation);
    step.eliminations = eliminations;
    step.cells = CellSet::from_iter([cell]);
    step.candidates = keep.iter().map(|d| Candidate::new(cell, d)).collect();
    step
}

/// The BUG candidates as candidates.
fn bug_candidates(pattern: &Bug) -> Vec<Candidate> {
    pattern
        .cells
        .iter()
        .flat_map(|p| pattern.digits[p.index()].iter().map(move |d| Candidate::new(*p, d)))
        .collect()
}

/// BUG type 2: one BUG digit in several cells; the cells seeing them all lose it.
fn bug_2(grid: &Grid, pattern: &Bug, difficulty: Difficulty) -> Option<Deduction> {
    let z = pattern.all.first()?;
    let targets = both(pattern.common, grid.places(z));
    if targets.is_empty() {
        return None;
    }
    let explanation = format!(
        "without {z} in {} every empty cell would hold two candidates, a deadly pattern, so one of them is {z} and \
         {} cannot be",
        cell_list(pattern.cells.iter().copied()),
        cell_list(targets.iter())
    );
    let mut step = Deduction::new(Technique::BugType2, difficulty, explanation);
    step.eliminations = targets.iter().map(|p| Candidate::new(p, z)).collect();
    step.cells = pattern.cells.iter().copied().collect();
    step.candidates = bug_candidates(pattern);
    Some(step)
}

/// The unit of each kind shared by all the BUG cells, in box, row, column order.
fn shared_units(cells: &[Pos]) -> impl Iterator<Item = Unit> + '_ {
    (0..KINDS).filter_map(move |kind| {
        let unit = unit_of(kind, cells[0]);
        cells.iter().all(|p| unit_of(kind, *p) == unit).then_some(unit)
    })
}

/// BUG type 3: the BUG cells share a unit; one of them holds a BUG digit, so together they act
/// as one cell holding the BUG digits, which with other cells of the unit makes a naked set.
fn bug_3(grid: &Grid, pattern: &Bug, difficulty: Difficulty) -> Option<Deduction> {
    let all = pattern.all.bits();
    for unit in shared_units(&pattern.cells) {
        let around: Vec<Pos> = unit
            .cells()
            .into_iter()
            .filter(|p| !pattern.cells.contains(p))
            .collect();
        let open: Vec<Pos> = around
            .iter()
            .copied()
            .filter(|p| grid.candidates(*p).len() >= 2)
            .collect();
        for degree in 2..=6usize {
            if around.len() < degree {
                continue;
            }
            let mut found = None;
            choose(&open, degree - 1, &mut |set| {
                let union = set.iter().fold(0, |u, p| u | grid.candidates(*p).bits());
                if union.count_ones() as usize != degree {
                    return true;
                }
                let sets = set.iter().map(|p| grid.candidates(*p).bits()).chain([all]);
                let Some(naked) = common_tuple(sets, degree, 2) else {
                    return true;
                };
                let eliminations: Vec<Candidate> = around
                    .iter()
                    .filter(|p| !set.contains(p))
                    .flat_map(|p| {
                        digits(grid.candidates(*p).bits() & naked)
                            .iter()
                            .map(|d| Candidate::new(*p, d))
                    })
                    .collect();
                if eliminations.is_empty() {
                    return true;
                }
                let explanation = format!(
                    "without {} in {} every empty cell would hold two candidates, a deadly pattern, so one of them \
                     holds {}; with {} they make a naked set of {} in {unit}, so remove {}",
                    or_digits(pattern.all),
                    cell_list(pattern.cells.iter().copied()),
                    or_digits(pattern.all),
                    cell_list(set.iter().copied()),
                    digit_list(digits(naked).iter()),
                    elimination_list(&eliminations)
                );
                let mut step = Deduction::new(Technique::BugType3, difficulty.plus(degree as u16 - 1), explanation);
                step.eliminations = eliminations;
                step.cells = pattern.cells.iter().chain(set).copied().collect();
                step.units = vec![unit];
                step.candidates = bug_candidates(pattern);
                found = Some(step);
                false
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// BUG type 4: two BUG cells share a unit and one digit besides their BUG digits; in that unit
/// the digit has its two places in them, so one is that digit and the other a BUG digit: both
/// lose their remaining candidate.
fn bug_4(grid: &Grid, pattern: &Bug, difficulty: Difficulty) -> Option<Deduction> {
    let [c1, c2] = pattern.cells.as_slice() else {
        return None;
    };
    let shared = digits(grid.candidates(*c1).bits() & grid.candidates(*c2).bits() & !pattern.all.bits());
    let digit = shared.first().filter(|_| shared.len() == 1)?;
    let unit = shared_units(&pattern.cells).next()?;
    let keep = |p: Pos| {
        let mut k = pattern.digits[p.index()];
        k.insert(digit);
        k
    };
    let eliminations: Vec<Candidate> = [*c1, *c2]
        .iter()
        .flat_map(|p| {
            grid.candidates(*p)
                .difference(keep(*p))
                .iter()
                .map(move |d| Candidate::new(*p, d))
        })
        .collect();
    let explanation = format!(
        "without the BUG candidates {} every empty cell would hold two candidates, a deadly pattern, so one of \
         them is true; in {unit}, {digit} goes in {c1} or {c2}, so each is {digit} or its BUG digit: remove {}",
        and_candidates(&bug_candidates(pattern)),
        elimination_list(&eliminations)
    );
    let mut step = Deduction::new(Technique::BugType4, difficulty, explanation);
    step.eliminations = eliminations;
    step.cells = CellSet::from_iter([*c1, *c2]);
    step.units = vec![unit];
    step.candidates = bug_candidates(pattern);
    Some(step)
}

/// `r1c1=5 and r2c2=7`.
fn and_candidates(candidates: &[Candidate]) -> String {
    let names: Vec<String> = candidates.iter().map(ToString::to_string).collect();
    super::deduction::and_list(&names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::{at, d, with_cells};

    use crate::logic::testing::restrict;

    // The finders as the registry calls them, rated by their rows.
    fn unique_rectangle_1(g: &Grid) -> Option<Deduction> {
        unique_loops(g, Technique::UniqueRectangle1.rating())
    }

    fn unique_rectangle_2(g: &Grid) -> Option<Deduction> {
        unique_loops(g, Technique::UniqueRectangle1.rating())
    }

    fn bug_plus_one(g: &Grid) -> Option<Deduction> {
        bug(g, Technique::BugPlusOne.rating())
    }

    /// A rectangle on 1 and 2: r1c1 and r1c2 hold only them, r4c1 holds 7 more, r4c2 8 more.
    fn rectangle_with_two_extras() -> Grid {
        with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[1, 2]),
            ((4, 1), &[1, 2, 7]),
            ((4, 2), &[1, 2, 8]),
        ])
    }

    fn removed(step: &Deduction) -> Vec<(Pos, u8)> {
        step.eliminations.iter().map(|c| (c.pos, c.digit.get())).collect()
    }

    #[test]
    fn type_3_makes_a_naked_set_of_the_extra_digits() {
        // r4c5 holds 7 and 8: with r4c1 or r4c2 (one of which holds 7 or 8) a naked pair in row 4.
        let mut grid = rectangle_with_two_extras();
        restrict(&mut grid, at(4, 5), &[7, 8]);
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle3);
        assert_eq!(
            step.difficulty,
            Difficulty(46),
            "4.5 and 0.1 for the pair's second digit"
        );
        let mut expected = Vec::new();
        for c in [3, 4, 6, 7, 8, 9] {
            expected.extend([(at(4, c), 7), (at(4, c), 8)]);
        }
        assert_eq!(removed(&step), expected);
        // Without the cell of 7 and 8, no set.
        assert_eq!(unique_rectangle_1(&rectangle_with_two_extras()), None);
    }

    #[test]
    fn type_3_makes_a_hidden_set_with_the_pair() {
        // In row 4, 1 and 2 fit only in r4c1, r4c2 and r4c5; at most one of them in r4c1 and
        // r4c2, so r4c5 holds the other.
        let mut grid = rectangle_with_two_extras();
        restrict(&mut grid, at(4, 5), &[1, 2, 5, 6]);
        for c in [3, 4, 6, 7, 8, 9] {
            restrict(&mut grid, at(4, c), &[3, 4, 5, 6, 7, 8, 9]);
        }
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle3);
        assert_eq!(
            step.difficulty,
            Difficulty(45),
            "a hidden set of one cell besides the corners"
        );
        assert_eq!(removed(&step), [(at(4, 5), 5), (at(4, 5), 6)]);
    }

    #[test]
    fn type_4_removes_the_other_digit_when_one_is_locked_in_the_two_corners() {
        // In box 4, 1 has no place but r4c1 and r4c2: one is 1, so neither can be 2.
        let mut grid = rectangle_with_two_extras();
        for p in [at(4, 3), at(5, 1), at(5, 2), at(5, 3), at(6, 1), at(6, 2), at(6, 3)] {
            restrict(&mut grid, p, &[2, 3, 4, 5, 6, 7, 8, 9]);
        }
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle4);
        assert_eq!(step.difficulty, Difficulty(45));
        assert_eq!(removed(&step), [(at(4, 1), 2), (at(4, 2), 2)]);
    }

    #[test]
    fn a_loop_of_six_cells_is_rated_a_tenth_more() {
        // r1c1, r1c4, r2c4, r2c2, r4c2 hold only 1 and 2, r4c1 holds 9 more; no other cell
        // holds 1 or 2 (else rectangles through them would come first).
        let cells = [(1, 1), (1, 4), (2, 4), (2, 2), (4, 2)];
        let mut marks: Vec<((usize, usize), &[u8])> = cells.iter().map(|c| (*c, &[1u8, 2][..])).collect();
        marks.push(((4, 1), &[1, 2, 9]));
        let mut grid = with_cells(&marks);
        for p in Pos::all().filter(|p| !marks.iter().any(|((r, c), _)| at(*r, *c) == *p)) {
            restrict(&mut grid, p, &[3, 4, 5, 6, 7, 8, 9]);
        }
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoop);
        assert_eq!(step.difficulty, Difficulty(46));
        assert_eq!(removed(&step), [(at(4, 1), 1), (at(4, 1), 2)]);
        assert!(step.explanation.starts_with("type 1: "), "{}", step.explanation);
        // Five cells of the six: no loop.
        restrict(&mut grid, at(1, 1), &[3]);
        assert_eq!(unique_rectangle_1(&grid), None);
    }

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        // r1c1, r1c4, r2c1 hold {5,8}; r2c4 holds {5,8,9}: it must be 9.
        let grid = with_cells(&[
            ((1, 1), &[5, 8]),
            ((1, 4), &[5, 8]),
            ((2, 1), &[5, 8]),
            ((2, 4), &[5, 8, 9]),
        ]);
        let step = unique_rectangle_1(&grid).unwrap();
        assert_eq!(
            step.eliminations,
            vec![Candidate::new(at(2, 4), d(5)), Candidate::new(at(2, 4), d(8))]
        );
        // In three boxes (rows 1 and 4, columns 1 and 4) the rectangle is no deadly pattern.
        let near = with_cells(&[
            ((1, 1), &[5, 8]),
            ((1, 4), &[5, 8]),
            ((4, 1), &[5, 8]),
            ((4, 4), &[5, 8, 9]),
        ]);
        assert_eq!(unique_rectangle_1(&near), None);
    }

    #[test]
    fn type_2_removes_the_extra_digit_seen_by_both_roof_cells() {
        // Floor r1c1, r1c2 {3,6}; roof r5c1, r5c2 {3,6,7}: the rest of row 5 and box 4 lose 7.
        let grid = with_cells(&[
            ((1, 1), &[3, 6]),
            ((1, 2), &[3, 6]),
            ((5, 1), &[3, 6, 7]),
            ((5, 2), &[3, 6, 7]),
        ]);
        let step = unique_rectangle_2(&grid).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle2);
        assert_eq!(
            step.difficulty,
            Difficulty(45),
            "Sudoku Explainer rates type 2 as type 1"
        );
        assert!(
            step.eliminations
                .iter()
                .all(|c| c.digit == d(7) && (c.pos.row() == 4 || c.pos.box_index() == 3))
        );
        assert_eq!(step.eliminations.len(), 7 + 6, "row 5 and the rest of box 4");
        // Roof cells with different extras: nothing.
        let near = with_cells(&[
            ((1, 1), &[3, 6]),
            ((1, 2), &[3, 6]),
            ((5, 1), &[3, 6, 7]),
            ((5, 2), &[3, 6, 8]),
        ]);
        assert_eq!(unique_rectangle_2(&near), None);
    }

    /// Every cell of an empty board marked with its digit in a solution and the next digit (a
    /// second solution): the bivalue universal grave itself.
    fn grave() -> [DigitSet; 81] {
        let solution: Board = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
            .parse()
            .unwrap();
        std::array::from_fn(|i| {
            let s = solution.cells()[i].digit().unwrap();
            [s, d(s.get() % 9 + 1)].into_iter().collect()
        })
    }

    /// The grave with `digit` added to the cells given (one-based).
    fn grave_with(extra: &[((usize, usize), u8)]) -> Grid {
        let mut marks = grave();
        for &((r, c), n) in extra {
            marks[at(r, c).index()].insert(d(n));
        }
        Grid::with_marks(&Board::empty(), &marks)
    }

    #[test]
    fn bug_type_2_removes_the_one_bug_digit_from_cells_seeing_all_its_cells() {
        // Row 1 of the grave: 12 23 34 45 56 67 78 89 91. 9 added to r1c3 and r1c4: one of them
        // is 9, so the rest of row 1 (r1c8, r1c9) is not.
        let step = bug_plus_one(&grave_with(&[((1, 3), 9), ((1, 4), 9)])).unwrap();
        assert_eq!(step.technique, Technique::BugType2);
        assert_eq!(step.difficulty, Difficulty(57));
        assert_eq!(removed(&step), [(at(1, 8), 9), (at(1, 9), 9)]);
        // In r1c3 and r5c7, which share no unit: no cell seeing both holds 9, nothing to remove.
        assert_eq!(bug_plus_one(&grave_with(&[((1, 3), 9), ((5, 7), 9)])), None);
    }

    #[test]
    fn bug_type_3_makes_a_naked_set_of_the_bug_digits() {
        // 6 added to r1c1 (12), 7 to r1c4 (45): one of them holds 6 or 7, with r1c6 (67) a naked
        // pair of row 1, so r1c5 loses 6 and r1c7 loses 7.
        let step = bug_plus_one(&grave_with(&[((1, 1), 6), ((1, 4), 7)])).unwrap();
        assert_eq!(step.technique, Technique::BugType3);
        assert_eq!(step.difficulty, Difficulty(58));
        assert_eq!(removed(&step), [(at(1, 5), 6), (at(1, 7), 7)]);
    }

    #[test]
    fn bug_type_4_keeps_the_conjugate_digit_and_the_bug_digits() {
        // 7 added to r1c3 (34), 8 to r1c4 (45): in row 1, 4 goes in one of them, the other takes
        // its BUG digit, so r1c3 loses 3 and r1c4 loses 5.
        let step = bug_plus_one(&grave_with(&[((1, 3), 7), ((1, 4), 8)])).unwrap();
        assert_eq!(step.technique, Technique::BugType4);
        assert_eq!(step.difficulty, Difficulty(57));
        assert_eq!(removed(&step), [(at(1, 3), 3), (at(1, 4), 5)]);
    }

    #[test]
    fn bug_plus_one_places_the_digit_with_three_places() {
        let mut marks = grave();
        assert_eq!(
            bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)),
            None,
            "no cell to spare"
        );
        marks[0].insert(d(5));
        let step = bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)).unwrap();
        assert_eq!(step.placements, vec![Candidate::new(at(1, 1), d(5))]);
        // Two cells with a third candidate: no BUG+1.
        marks[40].insert(d(3));
        assert_eq!(bug_plus_one(&Grid::with_marks(&Board::empty(), &marks)), None);
    }
}
