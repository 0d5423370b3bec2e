//! Sudoku Explainer's chaining engine for its dynamic tiers: Dynamic Forcing Chains (8.5),
//! Dynamic Forcing Chains (+) (9.0) and Nested Forcing Chains (9.5, 10.0, 10.5, 11.0), followed
//! by SE's own rules (docs/solving.md, "Sudoku Explainer's chain tier, rule by rule").
//!
//! A *potential* is a candidate assumed on (true) or off (false): `cell * 9 + digit`, plus
//! [`OFF`] when off. A *following* starts from one potential and adds, breadth first (an on
//! potential whenever one waits, else an off one), what it forces: from an on potential the
//! cell's other candidates and the digit's other places in its box, row and column go off; from
//! an off potential the other candidate of a two-candidate cell and the other place of a digit
//! with two places in a unit go on. A *dynamic* following removes each off potential from a
//! working grid once its links are read, so later "two" tests see earlier removals, and an on
//! potential found so rests also on those removals (its "hidden" parents). From level 1 on,
//! when nothing waits, easier techniques run on the working grid (level 1: locked candidates,
//! hidden pair, naked pair, X-Wing; level 2 adds SE's static forcing chains and cycles, level 3
//! its static cell and region chains; level 4 uses dynamic chains instead, level 5 also dynamic
//! chains of level 2), and what they remove goes off, resting on the removals their pattern
//! needs; a chain found inside adds its own complexity.
//!
//! Each following keeps its potentials in an arena in the order they were found, each with its
//! parents, as SE's linked sets do: SE breaks ties between equal hints by the order it met them,
//! so the order here is SE's, not the candidates'. A hint's *complexity* is the number of
//! distinct potentials behind each of its targets, summed, plus its nested chains' complexity;
//! its rating is its producer's base plus `length_bonus(complexity - 2)`. The hints of a
//! producer are sorted by rating, then complexity, then kind, and one whose removals equal an
//! earlier one's is dropped; the solver takes the first.
//!
//! Tried and dropped: counting a nested chain once per potential that uses it (SE counts each
//! distinct nested chain once per hint), and ordering targets by candidate (ties then went to
//! other eliminations than SE's, and later steps parted).

use std::collections::{HashSet, VecDeque};
use std::rc::Rc;
use std::time::Instant;

use super::chains::length_bonus;
use super::deduction::{Candidate, Deduction, Difficulty, Technique, counted, elimination_list};
use super::grid::{Grid, UNIT_CELLS, both, unit_at};
use crate::board::{CellSet, Digit, DigitSet, Pos};

/// Potentials: a candidate (`cell * 9 + digit`) when on, that plus `OFF` when off.
const OFF: u16 = 729;
const POTENTIALS: usize = 2 * OFF as usize;
const ABSENT: u16 = u16::MAX;

fn pos_of(c: u16) -> Pos {
    Pos::new(usize::from(c % OFF) / 9).expect("a cell index below 81")
}

fn digit_of(c: u16) -> Digit {
    Digit::new((c % OFF % 9) as u8 + 1).expect("a digit index below 9")
}

fn cand(p: Pos, d: Digit) -> u16 {
    (p.index() * 9 + d.index()) as u16
}

fn candidate(c: u16) -> Candidate {
    Candidate::new(pos_of(c), digit_of(c))
}

/// SE's order of a cell's units: box, row, column (as indices into `UNIT_CELLS`).
fn units_of(p: Pos) -> [usize; 3] {
    [18 + p.box_index(), p.row(), 9 + p.col()]
}

/// The `k`-th cell of unit `u`, in SE's order (which is the cells' own order in every unit).
fn unit_cell(u: usize, k: usize) -> Pos {
    Pos::new(usize::from(UNIT_ORDER[u][k])).expect("a cell index below 81")
}

/// The cells of each unit (rows, columns, boxes, as in `UNIT_CELLS`) in order: the naked pairs
/// inside a chain ask for 72 cells by rank each time they run, and counting along the unit's
/// set for each was half of their time (4% of a nested rating's samples, now 2%).
const UNIT_ORDER: [[u8; 9]; 27] = {
    let mut order = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            order[i][k] = (i * 9 + k) as u8;
            order[9 + i][k] = (k * 9 + i) as u8;
            order[18 + i][k] = ((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3) as u8;
            k += 1;
        }
        i += 1;
    }
    order
};

/// Why a potential holds: the rule that made it, which decides what it rests on when the chain
/// it belongs to is used inside another one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The assumption.
    Start,
    /// Its cell's candidates (a naked single, or "only one value per cell").
    Cell,
    /// A unit's places of the digit (index into `UNIT_CELLS`).
    Unit(u8),
    /// Removed by a technique run inside the chain.
    Advanced,
}

/// A potential of a chain: its parents are `edges[start..start + len]`. A node's nested chain,
/// if any, is kept beside (see [`Chain::nested`]): with an `Option<Rc<Hint>>` here, nearly
/// always `None`, a node took 24 bytes, and building one on the stack and copying it stalled
/// each push (a wide load of narrow stores: 5% of a nested rating's samples on one instruction).
#[derive(Clone, Copy)]
struct Node {
    pot: u16,
    len: u16,
    cause: Cause,
    start: u32,
}

/// The potentials of one following, in the order found, with their parents.
pub(crate) struct Chain {
    nodes: Vec<Node>,
    edges: Vec<u16>,
    /// The node of each potential that the following holds (a contradiction's fresh potential
    /// is a node without an entry here).
    at: Vec<u16>,
    /// The nodes that hold a nested chain, in the order pushed (few: only removals made by a
    /// chain run inside this one).
    nested: Vec<(u16, Rc<Hint>)>,
    /// The potentials held, one bit each: what the cell and region chains intersect (asking
    /// each chain's `at` for each potential of the first missed the cache, 8% of a nested
    /// rating's samples).
    held: [u64; POT_WORDS],
}

/// The words of a set of potentials, one bit each.
const POT_WORDS: usize = POTENTIALS.div_ceil(64);

impl Chain {
    fn new() -> Chain {
        // A chain's buffers come back to this thread's pool when it is dropped (a nested
        // rating makes and drops a million chains; allocating them was a tenth of its time).
        let (nodes, edges, at) = POOL.with(|pool| pool.borrow_mut().pop()).unwrap_or_else(|| {
            (
                Vec::with_capacity(128),
                Vec::with_capacity(256),
                vec![ABSENT; POTENTIALS],
            )
        });
        Chain {
            nodes,
            edges,
            at,
            nested: Vec::new(),
            held: [0; POT_WORDS],
        }
    }

    /// Empties the chain for another following, in the time of its nodes (static searches
    /// run a thousand followings per grid, most of which find nothing to keep).
    fn reset(&mut self) {
        for node in &self.nodes {
            self.at[usize::from(node.pot)] = ABSENT;
        }
        self.nodes.clear();
        self.edges.clear();
        self.nested.clear();
        self.held = [0; POT_WORDS];
    }

    fn get(&self, pot: u16) -> Option<u16> {
        let n = self.at[usize::from(pot)];
        (n != ABSENT).then_some(n)
    }

    fn has(&self, pot: u16) -> bool {
        self.at[usize::from(pot)] != ABSENT
    }

    /// Adds a node; `held` enters it in the following's sets.
    #[inline]
    fn push(&mut self, pot: u16, parents: &[u16], cause: Cause, nested: Option<Rc<Hint>>, held: bool) -> u16 {
        let n = self.nodes.len() as u16;
        if let Some(hint) = nested {
            self.nested.push((n, hint));
        }
        self.nodes.push(Node {
            pot,
            len: parents.len() as u16,
            cause,
            start: self.edges.len() as u32,
        });
        self.edges.extend_from_slice(parents);
        if held {
            self.at[usize::from(pot)] = n;
            self.held[usize::from(pot) / 64] |= 1 << (pot % 64);
        }
        n
    }

    fn parents(&self, n: u16) -> &[u16] {
        let Node { start, len, .. } = self.nodes[usize::from(n)];
        &self.edges[start as usize..start as usize + usize::from(len)]
    }

    /// The nested chain node `n` rests on, if any.
    fn nested(&self, n: u16) -> Option<&Rc<Hint>> {
        let k = self.nested.binary_search_by_key(&n, |(m, _)| *m).ok()?;
        Some(&self.nested[k].1)
    }

    fn pot(&self, n: u16) -> u16 {
        self.nodes[usize::from(n)].pot
    }

    /// The nodes behind `n` (itself included), one per distinct potential, as SE's
    /// `getChain` walks them.
    fn chain_of(&self, n: u16) -> Vec<u16> {
        let mut seen = [0u64; POT_WORDS];
        let mut out = Vec::new();
        let mut stack = vec![n];
        while let Some(m) = stack.pop() {
            let pot = usize::from(self.pot(m));
            if seen[pot / 64] >> (pot % 64) & 1 == 1 {
                continue;
            }
            seen[pot / 64] |= 1 << (pot % 64);
            out.push(m);
            stack.extend_from_slice(self.parents(m));
        }
        out
    }

    /// SE's `getAncestorCount`: the distinct potentials among `n` and its ancestors.
    fn ancestors(&self, n: u16) -> usize {
        // The walk's stack is the thread's: every hint counts its chains, millions of them in
        // a nested rating, and a fresh stack for each was a malloc and a free.
        WALK.with_borrow_mut(|stack| {
            let mut seen = [0u64; POT_WORDS];
            stack.clear();
            stack.push(n);
            let mut count = 0;
            while let Some(m) = stack.pop() {
                let pot = usize::from(self.pot(m));
                if seen[pot / 64] >> (pot % 64) & 1 == 1 {
                    continue;
                }
                seen[pot / 64] |= 1 << (pot % 64);
                count += 1;
                stack.extend_from_slice(self.parents(m));
            }
            count
        })
    }
}

/// A set of potentials that empties in one step: a potential is in it when its mark is the
/// set's current round. The static searches empty their sets tens of millions of times for a
/// nested rating, mostly after a handful of inserts; as a set of bits, zeroing it each time
/// was 3% of the samples.
struct PotSet {
    marks: Box<[u32; POTENTIALS]>,
    round: u32,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            marks: Box::new([0; POTENTIALS]),
            round: 1,
        }
    }

    fn clear(&mut self) {
        if self.round == u32::MAX {
            self.marks.fill(0);
            self.round = 0;
        }
        self.round += 1;
    }

    fn insert(&mut self, pot: u16) {
        self.marks[usize::from(pot)] = self.round;
    }

    fn contains(&self, pot: u16) -> bool {
        self.marks[usize::from(pot)] == self.round
    }
}

impl Drop for Chain {
    fn drop(&mut self) {
        if self.at.len() != POTENTIALS {
            return;
        }
        self.reset();
        let buffers = (
            std::mem::take(&mut self.nodes),
            std::mem::take(&mut self.edges),
            std::mem::take(&mut self.at),
        );
        // `try_with`: a chain dropped while the thread ends finds no pool, and is freed.
        let _ = POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < 256 {
                pool.push(buffers);
            }
        });
    }
}

/// The buffers of a chain: nodes, parents, and the node of each potential.
type Buffers = (Vec<Node>, Vec<u16>, Vec<u16>);

thread_local! {
    /// The stack of [`Chain::ancestors`].
    static WALK: std::cell::RefCell<Vec<u16>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Chains' buffers to use again, emptied (see [`Chain::new`]).
    static POOL: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A following: its chain, and the contradiction that stopped it (the on and off nodes of the
/// potential found both ways), if any.
struct Following {
    chain: Chain,
    clash: Option<(u16, u16)>,
}

/// Removals made inside a chain: the candidate, the nodes it rests on, the chain it comes from.
type Removals = Vec<(u16, Vec<u16>, Option<Rc<Hint>>)>;

/// A following from a candidate on, shared, with its contradiction if it met one.
type OnChain = (Rc<Chain>, Option<(u16, u16)>);

/// What a hint is, as SE names and sorts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A candidate on (or off) reaches a contradiction.
    Contradiction,
    /// A candidate on and off both force the same potential.
    Double,
    /// Every candidate of a cell forces it.
    Cell(Pos),
    /// Every place of a digit in a unit forces it.
    Region(u8, Digit),
    /// A static forcing chain, with cell links or not (SE's 6.6-7.x tier, and inside nested
    /// chains).
    Forcing { cells: bool },
    /// A static cycle, with cell links, unit links or both.
    Cycle { cells: bool, units: bool },
}

/// A hint: what it removes, the chains that prove it, and what orders it among the others.
pub(crate) struct Hint {
    kind: Kind,
    /// The candidates removed, in cell and digit order.
    removables: Vec<u16>,
    /// The potential concluded (on: placed).
    result: u16,
    /// The assumption of a contradiction or double forcing chain.
    source: u16,
    /// The end of each chain, in its following.
    targets: Vec<(Rc<Chain>, u16)>,
    complexity: usize,
    tenths: u16,
    sort_key: u8,
}

impl Hint {
    fn new(kind: Kind, result: u16, source: u16, removables: Vec<u16>, targets: Vec<(Rc<Chain>, u16)>) -> Hint {
        let flat: usize = match kind {
            // A cycle counts the potentials of its loop once.
            Kind::Cycle { .. } => targets.first().map_or(0, |(c, n)| c.ancestors(*n)),
            _ => targets.iter().map(|(c, n)| c.ancestors(*n)).sum(),
        };
        let mut hint = Hint {
            kind,
            removables,
            result,
            source,
            targets,
            complexity: flat,
            tenths: 0,
            sort_key: match kind {
                Kind::Double => 1,
                Kind::Cell(_) => 5,
                Kind::Region(..) => 6,
                Kind::Contradiction => 7,
                Kind::Forcing { .. } | Kind::Cycle { .. } => 0,
            },
        };
        hint.complexity += hint.nested_complexity();
        hint
    }

    /// The complexity of the distinct chains nested in this one's.
    fn nested_complexity(&self) -> usize {
        let mut seen: Vec<*const Hint> = Vec::new();
        let mut total = 0;
        for (chain, target) in self.targets.iter().filter(|(c, _)| !c.nested.is_empty()) {
            for n in chain.chain_of(*target) {
                if let Some(nested) = chain.nested(n) {
                    let key = Rc::as_ptr(nested);
                    if !seen.contains(&key) {
                        seen.push(key);
                        total += nested.complexity;
                    }
                }
            }
        }
        total
    }

    /// SE's `getRuleParents`: the removals since `initial` (off potentials) that the hint's
    /// chains rest on, when it is used inside a chain whose working grid is `current`.
    fn rule_parents(&self, initial: &Grid, current: &Grid, out: &mut Vec<u16>) {
        for (chain, target) in &self.targets {
            for n in chain.chain_of(*target) {
                let node = &chain.nodes[usize::from(n)];
                let on = node.pot < OFF;
                let cause = match node.cause {
                    Cause::Start => match self.kind {
                        Kind::Cell(_) => Cause::Cell,
                        Kind::Region(u, _) => Cause::Unit(u),
                        _ => continue,
                    },
                    cause => cause,
                };
                // A cycle's reversed chain holds its off potentials as on ones.
                if !on && !matches!(self.kind, Kind::Cycle { .. }) {
                    continue;
                }
                let (p, d) = (pos_of(node.pot), digit_of(node.pot));
                match cause {
                    Cause::Cell => {
                        for v in initial.candidates(p).iter().filter(|v| !current.has(p, *v)) {
                            out.push(OFF + cand(p, v));
                        }
                    }
                    Cause::Unit(u) => {
                        let unit = usize::from(u);
                        // The unit of that kind through this potential's cell.
                        let unit = units_of(p).into_iter().find(|&v| v / 9 == unit / 9).unwrap_or(unit);
                        for q in both(initial.places(d), UNIT_CELLS[unit]).iter() {
                            if !current.has(q, d) {
                                out.push(OFF + cand(q, d));
                            }
                        }
                    }
                    Cause::Start | Cause::Advanced => {}
                }
            }
        }
    }
}

/// One of SE's `Chaining` producers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Engine {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
}

/// Stops a search that has run out of time (SE has no such limit; ours says "at least").
#[derive(Clone, Copy, Debug)]
pub(crate) struct OutOfTime;

impl Engine {
    /// Dynamic Forcing Chains of `level` (0: SE's 8.5 tier, 1: "(+)", 2-5: nested).
    pub(crate) const fn dynamic(level: u8) -> Engine {
        Engine {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
        }
    }

    const STATIC_CHAINS: Engine = Engine {
        multiple: false,
        dynamic: false,
        nishio: false,
        level: 0,
    };

    const STATIC_MULTIPLE: Engine = Engine {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    };

    /// The producer's base rating in tenths (static chains rate themselves).
    const fn base(self) -> u16 {
        if self.level >= 2 {
            95 + 5 * (self.level as u16 - 2)
        } else if self.level == 1 {
            90
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn cell_links(self) -> bool {
        !self.nishio
    }

    /// SE's `doChaining`: follows `start` on `grid`, whose links are `links` when the
    /// following is static.
    fn follow(
        self,
        grid: &Grid,
        links: Option<&StaticLinks>,
        start: u16,
        clock: &Clock,
    ) -> Result<Following, OutOfTime> {
        if let Some(links) = links
            && !self.dynamic
            && self.level == 0
            && self.cell_links()
        {
            return Ok(follow_static(links, start));
        }
        let mut chain = Chain::new();
        let mut work = grid.clone();
        // Tried and dropped: taking these buffers from a pool of the thread, as chains do; on an
        // 11.x puzzle malloc and free went from 3.5% of the samples to 3.2%, not worth the code.
        let (mut on_queue, mut off_queue) = (VecDeque::with_capacity(256), VecDeque::with_capacity(256));
        let mut links: Vec<(u16, Cause)> = Vec::with_capacity(32);
        let mut implied = Implied::default();
        let root = chain.push(start, &[], Cause::Start, None, true);
        if start < OFF {
            on_queue.push_back(root);
        } else {
            off_queue.push_back(root);
        }
        loop {
            if let Some(n) = on_queue.pop_front() {
                let c = chain.pot(n);
                on_to_off(&work, c, self.cell_links(), &mut links);
                for &(off, cause) in &links {
                    if let Some(on) = chain.get(off) {
                        let fresh = chain.push(OFF + off, &[n], cause, None, false);
                        return Ok(Following {
                            chain,
                            clash: Some((on, fresh)),
                        });
                    }
                    if !chain.has(OFF + off) {
                        let m = chain.push(OFF + off, &[n], cause, None, true);
                        off_queue.push_back(m);
                    }
                }
            } else if let Some(n) = off_queue.pop_front() {
                let c = chain.pot(n) - OFF;
                off_to_on(
                    &work,
                    grid,
                    &chain,
                    n,
                    c,
                    self.cell_links(),
                    true,
                    self.dynamic,
                    &mut implied,
                );
                if self.dynamic {
                    work.eliminate(pos_of(c), digit_of(c));
                }
                for k in 0..implied.targets.len() {
                    let (on, _, _, cause) = implied.targets[k];
                    let parents = implied.parents_of(k);
                    if let Some(off) = chain.get(OFF + on) {
                        let fresh = chain.push(on, parents, cause, None, false);
                        return Ok(Following {
                            chain,
                            clash: Some((fresh, off)),
                        });
                    }
                    if !chain.has(on) {
                        let m = chain.push(on, parents, cause, None, true);
                        on_queue.push_back(m);
                    }
                }
            } else {
                return Ok(Following { chain, clash: None });
            }
            if on_queue.is_empty() && off_queue.is_empty() && self.level > 0 {
                clock.check()?;
                for (off, parents, nested) in self.advanced(&work, grid, &chain, clock)? {
                    if !chain.has(OFF + off) {
                        let m = chain.push(OFF + off, &parents, Cause::Advanced, nested, true);
                        off_queue.push_back(m);
                    }
                }
            }
        }
    }

    /// SE's `getAdvancedPotentials`: the removals of the first of the easier techniques that
    /// removes anything on `work` resting on removals since `source`, each with the nodes of
    /// those removals and the chain it comes from, if one.
    #[allow(clippy::type_complexity)]
    fn advanced(self, work: &Grid, source: &Grid, chain: &Chain, clock: &Clock) -> Result<Removals, OutOfTime> {
        let mut out = Vec::new();
        let mut parents = Vec::new();
        let keep = |removables: &[u16], parents: &mut Vec<u16>, nested: Option<Rc<Hint>>, out: &mut Vec<_>| {
            keep_removals(chain, removables, parents, nested, out);
        };
        for rule in 0..4 {
            let found = match rule {
                0 => locking(work, source),
                1 => hidden_pairs(work, source),
                2 => naked_pairs(work, source),
                _ => x_wings(work, source),
            };
            for (removables, mut ps) in found {
                keep(&removables, &mut ps, None, &mut out);
            }
            if !out.is_empty() {
                return Ok(out);
            }
        }
        let nested: &[Engine] = match self.level {
            0 | 1 => &[],
            2 => &[Engine::STATIC_CHAINS],
            3 => &[Engine::STATIC_CHAINS, Engine::STATIC_MULTIPLE],
            4 => &[Engine::dynamic(0)],
            _ => &[Engine::dynamic(0), Engine::dynamic(self.level - 3)],
        };
        // The static engines (level 3 runs two) share the links of the working grid. Tried and
        // dropped: a cache of these hints by working grid (SE keeps the last grid's), which
        // saved nothing measurable: the grids of a nested rating seldom repeat.
        let mut links: Option<StaticLinks> = None;
        for engine in nested {
            let table = (!engine.dynamic).then(|| &*links.get_or_insert_with(|| StaticLinks::new(work)));
            for hint in engine.hints_with(work, table, clock)? {
                parents.clear();
                hint.rule_parents(source, work, &mut parents);
                let removables = hint.removables.clone();
                keep(&removables, &mut parents, Some(hint), &mut out);
            }
            if !out.is_empty() {
                return Ok(out);
            }
        }
        Ok(out)
    }

    /// SE's `getHintList` and `getHints`: every hint on `grid`, sorted, without repeats.
    pub(crate) fn hints(self, grid: &Grid, clock: &Clock) -> Result<Vec<Rc<Hint>>, OutOfTime> {
        let links = (!self.dynamic).then(|| StaticLinks::new(grid));
        self.hints_with(grid, links.as_ref(), clock)
    }

    /// [`Engine::hints`] with the links of `grid`, which a static engine needs.
    fn hints_with(self, grid: &Grid, links: Option<&StaticLinks>, clock: &Clock) -> Result<Vec<Rc<Hint>>, OutOfTime> {
        let mut found = if self.multiple || self.dynamic {
            self.multiple_hints(grid, links, clock)?
        } else {
            let mut all = Vec::new();
            let own;
            let links = match links {
                Some(links) => links,
                None => {
                    own = StaticLinks::new(grid);
                    &own
                }
            };
            let mut scratch = Scratch::new();
            for (y, x) in [(false, true), (true, false), (true, true)] {
                loop_hints(grid, links, y, x, &mut scratch, &mut all);
            }
            all
        };
        for hint in &mut found {
            hint.tenths = match hint.kind {
                Kind::Forcing { .. } | Kind::Cycle { .. } => hint.tenths,
                _ => self.base(),
            } + length_bonus(hint.complexity.saturating_sub(2));
        }
        // A stable sort: equal hints stay in the order SE meets them.
        found.sort_by_key(|h| (h.tenths, h.complexity, h.sort_key));
        // The first of each set of removals, asked by reference (a copy of every hint's
        // removals as a key was 2% of a nested rating).
        let fresh: Vec<bool> = {
            let mut seen: HashSet<&[u16]> = HashSet::with_capacity(found.len());
            found.iter().map(|h| seen.insert(&h.removables)).collect()
        };
        let out = found
            .into_iter()
            .zip(fresh)
            .filter_map(|(hint, fresh)| fresh.then(|| Rc::new(hint)))
            .collect();
        Ok(out)
    }

    /// SE's `getMultipleChainsHintList`: contradictions, double forcing chains and cell and
    /// region chains, cell by cell.
    fn multiple_hints(self, grid: &Grid, links: Option<&StaticLinks>, clock: &Clock) -> Result<Vec<Hint>, OutOfTime> {
        let mut out = Vec::new();
        let mut cache: Vec<Option<OnChain>> = (0..OFF).map(|_| None).collect();
        for p in grid.empty_cells().iter() {
            let cardinality = grid.candidates(p).len();
            if !(cardinality > 2 || cardinality > 1 && self.dynamic) {
                continue;
            }
            clock.check()?;
            let mut values: Vec<Rc<Chain>> = Vec::new();
            for d in grid.candidates(p).iter() {
                let c = cand(p, d);
                let (on, on_clash) = self.on_chain(grid, links, c, &mut cache, clock)?;
                if (self.dynamic || self.nishio)
                    && let Some((a, b)) = on_clash
                {
                    let targets = vec![(on.clone(), a), (on.clone(), b)];
                    out.push(Hint::new(Kind::Contradiction, OFF + c, c, vec![c], targets));
                }
                let double = cardinality >= 3 && !self.nishio && self.dynamic;
                let contradiction = self.dynamic || self.nishio;
                if double || contradiction {
                    let off = self.follow(grid, links, OFF + c, clock)?;
                    let off_clash = off.clash;
                    let off = Rc::new(off.chain);
                    if contradiction && let Some((a, b)) = off_clash {
                        let removables = others(grid, c);
                        if !removables.is_empty() {
                            let targets = vec![(off.clone(), a), (off.clone(), b)];
                            out.push(Hint::new(Kind::Contradiction, c, OFF + c, removables, targets));
                        }
                    }
                    if double {
                        self.doubles(grid, c, &on, &off, &mut out);
                    }
                }
                if !self.nishio {
                    self.regions(grid, links, p, d, &on, &mut cache, clock, &mut out)?;
                }
                values.push(on);
            }
            if !self.nishio && (cardinality == 2 || self.multiple && cardinality > 2) {
                let sources: Vec<u16> = grid.candidates(p).iter().map(|d| cand(p, d)).collect();
                common_hints(grid, Kind::Cell(p), &sources, &values, &mut out);
            }
        }
        Ok(out)
    }

    /// The following from candidate `c` on, kept for the cells and units that ask again, with
    /// the contradiction it reached, if any.
    fn on_chain(
        self,
        grid: &Grid,
        links: Option<&StaticLinks>,
        c: u16,
        cache: &mut [Option<OnChain>],
        clock: &Clock,
    ) -> Result<OnChain, OutOfTime> {
        if let Some(known) = &cache[usize::from(c)] {
            return Ok(known.clone());
        }
        let f = self.follow(grid, links, c, clock)?;
        let known = (Rc::new(f.chain), f.clash);
        cache[usize::from(c)] = Some(known.clone());
        Ok(known)
    }

    /// Double forcing chains: potentials forced both by `c` on and by `c` off.
    fn doubles(self, grid: &Grid, c: u16, on: &Rc<Chain>, off: &Rc<Chain>, out: &mut Vec<Hint>) {
        let mut common = on.held;
        for (word, other) in common.iter_mut().zip(&off.held) {
            *word &= other;
        }
        if common.iter().all(|&word| word == 0) {
            return;
        }
        for state_on in [true, false] {
            for (n, node) in on.nodes.iter().enumerate() {
                let pot = node.pot;
                if (pot < OFF) != state_on
                    || common[usize::from(pot) / 64] >> (pot % 64) & 1 == 0
                    || on.get(pot) != Some(n as u16)
                {
                    continue;
                }
                let Some(m) = off.get(pot) else { continue };
                let removables = if state_on { others(grid, pot) } else { vec![pot - OFF] };
                if removables.is_empty() {
                    continue;
                }
                let targets = vec![(on.clone(), n as u16), (off.clone(), m)];
                let source = if state_on { c } else { OFF + c };
                out.push(Hint::new(Kind::Double, pot, source, removables, targets));
            }
        }
    }

    /// SE's `doRegionChainings`: for each unit of `p` whose first place of `d` is `p`.
    #[allow(clippy::too_many_arguments)]
    fn regions(
        self,
        grid: &Grid,
        links: Option<&StaticLinks>,
        p: Pos,
        d: Digit,
        on: &Rc<Chain>,
        cache: &mut [Option<OnChain>],
        clock: &Clock,
        out: &mut Vec<Hint>,
    ) -> Result<(), OutOfTime> {
        for u in units_of(p) {
            let places = both(grid.places(d), UNIT_CELLS[u]);
            let n = places.len();
            if !(n == 2 || self.multiple && n > 2) || places.iter().next() != Some(p) {
                continue;
            }
            let mut chains = Vec::with_capacity(n);
            let mut sources = Vec::with_capacity(n);
            for q in places.iter() {
                sources.push(cand(q, d));
                if q == p {
                    chains.push(on.clone());
                } else {
                    // SE follows the other places afresh, without a contradiction hint.
                    chains.push(self.on_chain(grid, links, cand(q, d), cache, clock)?.0);
                }
            }
            common_hints(grid, Kind::Region(u as u8, d), &sources, &chains, out);
        }
        Ok(())
    }
}

/// The removals `removables` of a technique run inside a chain, each resting on the nodes of
/// `parents` (removals since the assumption); none when it rests on none (SE: the technique
/// then needs no chain).
fn keep_removals(
    chain: &Chain,
    removables: &[u16],
    parents: &mut Vec<u16>,
    nested: Option<Rc<Hint>>,
    out: &mut Removals,
) {
    parents.sort_unstable();
    parents.dedup();
    let nodes: Vec<u16> = parents.iter().filter_map(|&p| chain.get(p)).collect();
    if nodes.is_empty() {
        return;
    }
    for &r in removables {
        out.push((r, nodes.clone(), nested.clone()));
    }
}

/// The other candidates of `c`'s cell: what placing it removes.
fn others(grid: &Grid, c: u16) -> Vec<u16> {
    let (p, d) = (pos_of(c), digit_of(c));
    grid.candidates(p)
        .iter()
        .filter(|e| *e != d)
        .map(|e| cand(p, e))
        .collect()
}

/// The potentials every chain of `chains` holds, in the first chain's order (its on ones, then
/// its off ones), as cell or region hints.
fn common_hints(grid: &Grid, kind: Kind, sources: &[u16], chains: &[Rc<Chain>], out: &mut Vec<Hint>) {
    let Some(first) = chains.first() else { return };
    // Most potentials are not in every chain, and often none is: intersect first.
    let mut common = first.held;
    for chain in &chains[1..] {
        for (word, other) in common.iter_mut().zip(&chain.held) {
            *word &= other;
        }
    }
    if common.iter().all(|&word| word == 0) {
        return;
    }
    for state_on in [true, false] {
        for (n, node) in first.nodes.iter().enumerate() {
            let pot = node.pot;
            if (pot < OFF) != state_on || common[usize::from(pot) / 64] >> (pot % 64) & 1 == 0 {
                continue;
            }
            if first.get(pot) != Some(n as u16) {
                continue;
            }
            let targets: Vec<(Rc<Chain>, u16)> = chains
                .iter()
                .filter_map(|c| c.get(pot).map(|m| (c.clone(), m)))
                .collect();
            let removables = if state_on { others(grid, pot) } else { vec![pot - OFF] };
            if removables.is_empty() {
                continue;
            }
            let source = sources.first().copied().unwrap_or(pot);
            out.push(Hint::new(kind, pot, source, removables, targets));
        }
    }
}

/// SE's `getOnToOff`: from candidate `c` on, the cell's other candidates (with cell links) and
/// the digit's other places in its box, row and column, each once.
fn on_to_off(work: &Grid, c: u16, cell_links: bool, out: &mut Vec<(u16, Cause)>) {
    out.clear();
    let (p, d) = (pos_of(c), digit_of(c));
    if cell_links {
        out.extend(
            work.candidates(p)
                .iter()
                .filter(|e| *e != d)
                .map(|e| (cand(p, e), Cause::Cell)),
        );
    }
    // Each unit's places less those of the units before it, as sets (not a set of the cells
    // seen, asked and filled cell by cell).
    let mut rest = work.places(d);
    rest.remove(p);
    for u in units_of(p) {
        let here = both(rest, UNIT_CELLS[u]);
        out.extend(here.iter().map(|q| (cand(q, d), Cause::Unit(u as u8))));
        rest = rest.difference(here);
    }
}

/// What an off potential forces on: each target with its parents (a range of `parents`) and
/// cause, kept in two buffers reused from potential to potential (allocating a list of parents
/// for each was a tenth of the time of a nested rating).
#[derive(Default)]
struct Implied {
    targets: Vec<(u16, u32, u16, Cause)>,
    parents: Vec<u16>,
}

impl Implied {
    fn clear(&mut self) {
        self.targets.clear();
        self.parents.clear();
    }

    fn parents_of(&self, k: usize) -> &[u16] {
        let (_, start, len, _) = self.targets[k];
        &self.parents[start as usize..start as usize + usize::from(len)]
    }
}

/// SE's `getOffToOn`: from candidate `c` (node `n`) off, the other candidate of a two-candidate
/// cell (with cell links) and the other place of the digit in each unit where it has two; in
/// a dynamic following each also rests on the candidates of its cell or unit removed since
/// `source`. Targets `chain` already holds are left out: the following would only pass them
/// by (it holds no potential both on and off), and their parents were a third of this
/// function's time.
#[allow(clippy::too_many_arguments)]
fn off_to_on(
    work: &Grid,
    source: &Grid,
    chain: &Chain,
    n: u16,
    c: u16,
    cell_links: bool,
    unit_links: bool,
    dynamic: bool,
    out: &mut Implied,
) {
    out.clear();
    let (p, d) = (pos_of(c), digit_of(c));
    if cell_links
        && work.candidates(p).len() == 2
        && let Some(e) = work.candidates(p).iter().find(|e| *e != d)
        && !chain.has(cand(p, e))
    {
        {
            let start = out.parents.len() as u32;
            out.parents.push(n);
            if dynamic {
                for v in source.candidates(p).iter().filter(|v| !work.has(p, *v)) {
                    out.parents.extend(chain.get(OFF + cand(p, v)));
                }
            }
            let len = (out.parents.len() as u32 - start) as u16;
            out.targets.push((cand(p, e), start, len, Cause::Cell));
        }
    }
    if !unit_links {
        return;
    }
    for u in units_of(p) {
        let places = both(work.places(d), UNIT_CELLS[u]);
        if places.len() != 2 {
            continue;
        }
        let Some(q) = places.iter().find(|q| *q != p) else {
            continue;
        };
        let target = cand(q, d);
        if chain.has(target) || out.targets.iter().any(|(t, ..)| *t == target) {
            continue;
        }
        let start = out.parents.len() as u32;
        out.parents.push(n);
        if dynamic {
            for r in both(source.places(d), UNIT_CELLS[u]).iter() {
                if !work.has(r, d) {
                    out.parents.extend(chain.get(OFF + cand(r, d)));
                }
            }
        }
        let len = (out.parents.len() as u32 - start) as u16;
        out.targets.push((target, start, len, Cause::Unit(u as u8)));
    }
}

/// A static following of `start` (SE's `doChaining` without changes to the grid, cell and
/// unit links), its links read from the table of the grid: `follow` asked the grid again for
/// each potential of the thousands of followings a static multiple chain runs on one grid.
fn follow_static(links: &StaticLinks, start: u16) -> Following {
    let mut chain = Chain::new();
    let (mut on_queue, mut off_queue) = (VecDeque::with_capacity(256), VecDeque::with_capacity(256));
    let root = chain.push(start, &[], Cause::Start, None, true);
    if start < OFF {
        on_queue.push_back(root);
    } else {
        off_queue.push_back(root);
    }
    loop {
        if let Some(n) = on_queue.pop_front() {
            for &(off, cause) in links.on_to_off(chain.pot(n), true) {
                if let Some(on) = chain.get(off) {
                    let fresh = chain.push(OFF + off, &[n], cause, None, false);
                    return Following {
                        chain,
                        clash: Some((on, fresh)),
                    };
                }
                if !chain.has(OFF + off) {
                    let m = chain.push(OFF + off, &[n], cause, None, true);
                    off_queue.push_back(m);
                }
            }
        } else if let Some(n) = off_queue.pop_front() {
            for &(on, cause) in links.off_to_on(chain.pot(n) - OFF, true, true) {
                if let Some(off) = chain.get(OFF + on) {
                    let fresh = chain.push(on, &[n], cause, None, false);
                    return Following {
                        chain,
                        clash: Some((fresh, off)),
                    };
                }
                if !chain.has(on) {
                    let m = chain.push(on, &[n], cause, None, true);
                    on_queue.push_back(m);
                }
            }
        } else {
            return Following { chain, clash: None };
        }
    }
}

/// SE's static Forcing Chains & Cycles of one kind of links (`y`: cells, `x`: units), from
/// every candidate of every cell of two or more candidates.
fn loop_hints(grid: &Grid, links: &StaticLinks, y: bool, x: bool, scratch: &mut Scratch, out: &mut Vec<Hint>) {
    for p in grid.empty_cells().iter() {
        let cardinality = grid.candidates(p).len();
        if cardinality < 2 {
            continue;
        }
        for d in grid.candidates(p).iter() {
            // Y-cycles start in bivalue cells.
            if cardinality > 2 && !x {
                continue;
            }
            let c = cand(p, d);
            // A loop back to `c` closes with a strong link into it, and strong links go both
            // ways: a candidate with none of these links starts no loop (most starts of the
            // searches with unit links but not cell links).
            if !links.off_to_on(c, y, x).is_empty() {
                cycles(grid, links, c, y, x, scratch, out);
            }
            if x {
                let mut targets: Vec<(Rc<Chain>, u16)> = Vec::new();
                for start in [c, OFF + c] {
                    let ends = forcing(links, start, y, scratch);
                    if ends.is_empty() {
                        continue;
                    }
                    let chain = Rc::new(std::mem::replace(&mut scratch.chain, Chain::new()));
                    for end in ends {
                        let pot = chain.pot(end);
                        if !targets.iter().any(|(ch, e)| ch.pot(*e) == pot) {
                            targets.push((chain.clone(), end));
                        }
                    }
                }
                for (chain, end) in targets {
                    let pot = chain.pot(end);
                    let removables = if pot < OFF { others(grid, pot) } else { vec![pot - OFF] };
                    if removables.is_empty() {
                        continue;
                    }
                    let kind = Kind::Forcing { cells: y };
                    let mut hint = Hint::new(kind, pot, c, removables, vec![(chain, end)]);
                    hint.tenths = if y { 70 } else { 66 };
                    hint.sort_key = if y { 4 } else { 2 };
                    out.push(hint);
                }
            }
        }
    }
}

/// The links of every candidate of a grid that does not change: a static search follows a
/// thousand chains on one grid (every candidate, three kinds of links, on and off), and reading
/// each link from the grid again was most of a nested rating's time.
struct StaticLinks {
    /// For each candidate: where its on-to-off links start in `off`, how many are cell links
    /// (they come first), and how many in all.
    on: Vec<(u32, u8, u8)>,
    off: Vec<(u16, Cause)>,
    /// For each candidate: where its off-to-on links start in `to_on`, whether the first is a
    /// cell link, and how many in all.
    on_from_off: Vec<(u32, bool, u8)>,
    to_on: Vec<(u16, Cause)>,
}

impl StaticLinks {
    fn new(grid: &Grid) -> StaticLinks {
        let mut links = StaticLinks {
            on: vec![(0, 0, 0); usize::from(OFF)],
            off: Vec::with_capacity(4096),
            on_from_off: vec![(0, false, 0); usize::from(OFF)],
            to_on: Vec::with_capacity(1024),
        };
        let mut buffer = Vec::new();
        let mut implied = Implied::default();
        let chain = Chain::new();
        for p in grid.empty_cells().iter() {
            for d in grid.candidates(p).iter() {
                let c = cand(p, d);
                on_to_off(grid, c, true, &mut buffer);
                let cells = buffer.iter().filter(|(_, cause)| *cause == Cause::Cell).count();
                links.on[usize::from(c)] = (links.off.len() as u32, cells as u8, buffer.len() as u8);
                links.off.extend_from_slice(&buffer);
                off_to_on(grid, grid, &chain, 0, c, true, true, false, &mut implied);
                let cell = implied.targets.first().is_some_and(|t| t.3 == Cause::Cell);
                links.on_from_off[usize::from(c)] = (links.to_on.len() as u32, cell, implied.targets.len() as u8);
                links
                    .to_on
                    .extend(implied.targets.iter().map(|&(t, _, _, cause)| (t, cause)));
            }
        }
        links
    }

    /// From candidate `c` on: the off links (cell ones only with `y`).
    fn on_to_off(&self, c: u16, y: bool) -> &[(u16, Cause)] {
        let (start, cells, all) = self.on[usize::from(c)];
        let skip = if y { 0 } else { usize::from(cells) };
        &self.off[start as usize + skip..start as usize + usize::from(all)]
    }

    /// From candidate `c` off: the on links (the cell one with `y`, the unit ones with `x`).
    fn off_to_on(&self, c: u16, y: bool, x: bool) -> &[(u16, Cause)] {
        let (start, cell, all) = self.on_from_off[usize::from(c)];
        let (start, all) = (start as usize, usize::from(all));
        let cell = usize::from(cell);
        match (y, x) {
            (true, true) => &self.to_on[start..start + all],
            (true, false) => &self.to_on[start..start + cell],
            (false, true) => &self.to_on[start + cell..start + all],
            (false, false) => &[],
        }
    }
}

/// What a static search uses again from following to following: its chain (kept when it
/// finds something), its queues and the line of the potential it follows (a static search
/// follows a thousand chains per grid; growing two fresh queues for each was a twentieth of a
/// 10.x rating's time).
struct Scratch {
    chain: Chain,
    pending_on: VecDeque<u16>,
    pending_off: VecDeque<u16>,
    /// The line of a cycle's potential, or what a bare search has seen.
    line: PotSet,
    stack: Vec<u16>,
    /// A cycle search's nodes, and its on potentials held.
    lean: Vec<LeanNode>,
    held: PotSet,
}

/// A node of a cycle search: its potential, its one parent ([`ABSENT`] for the assumption),
/// its cause and whether the search holds it. The search builds a [`Chain`] of them only when
/// it finds a loop, which is rare (filling a chain's arena, sets and resets for every start:
/// five of the hardest puzzles took 16.9 s instead of 16.4 s).
#[derive(Clone, Copy)]
struct LeanNode {
    pot: u16,
    parent: u16,
    cause: Cause,
    held: bool,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            chain: Chain::new(),
            pending_on: VecDeque::with_capacity(256),
            pending_off: VecDeque::with_capacity(256),
            line: PotSet::new(),
            stack: Vec::with_capacity(256),
            lean: Vec::with_capacity(1024),
            held: PotSet::new(),
        }
    }
}

/// SE's `doCycles` from candidate `c` on: the ends of the loops back to it.
fn cycles(grid: &Grid, links: &StaticLinks, c: u16, y: bool, x: bool, scratch: &mut Scratch, out: &mut Vec<Hint>) {
    let Scratch {
        pending_on,
        pending_off,
        line,
        lean,
        held: held_on,
        ..
    } = scratch;
    lean.clear();
    held_on.clear();
    pending_on.clear();
    pending_off.clear();
    let push = |lean: &mut Vec<LeanNode>, pot, parent, cause, held| {
        lean.push(LeanNode {
            pot,
            parent,
            cause,
            held,
        });
        (lean.len() - 1) as u16
    };
    let root = push(lean, c, ABSENT, Cause::Start, true);
    held_on.insert(c);
    pending_on.push_back(root);
    let mut ends = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(n) = pending_on.pop_front() {
            // SE's `isParent` asks, for each link, whether its potential is on `n`'s line:
            // the line is marked once per potential (walking it once per link was the hottest
            // loop of a 10.x rating; with the forcing chains' walk below and the queues reused,
            // one 11.x puzzle's rating went from 10.9 s to 6.2 s).
            line.clear();
            let mut up = lean[usize::from(n)].parent;
            while up != ABSENT {
                line.insert(lean[usize::from(up)].pot);
                up = lean[usize::from(up)].parent;
            }
            for &(off, cause) in links.on_to_off(lean[usize::from(n)].pot, y) {
                if !line.contains(OFF + off) {
                    // SE keeps every path to an off potential pending (its set keeps the last).
                    let m = push(lean, OFF + off, n, cause, true);
                    pending_off.push_back(m);
                }
            }
        }
        length += 1;
        while let Some(n) = pending_off.pop_front() {
            for &(on, cause) in links.off_to_on(lean[usize::from(n)].pot - OFF, y, x) {
                let cycle = length >= 4 && on == c;
                let held = !held_on.contains(on);
                if cycle || held {
                    let m = push(lean, on, n, cause, held);
                    if cycle {
                        ends.push(m);
                    }
                    if held {
                        held_on.insert(on);
                        pending_on.push_back(m);
                    }
                }
            }
        }
    }
    if ends.is_empty() {
        return;
    }
    let mut chain = Chain::new();
    for node in lean.iter() {
        let parents: &[u16] = if node.parent == ABSENT { &[] } else { &[node.parent] };
        chain.push(node.pot, parents, node.cause, None, node.held);
    }
    let chain = Rc::new(chain);
    for end in ends {
        // The cells of the loop, then the candidates seeing two of its links of one digit.
        let mut walk = Vec::new();
        let mut m = end;
        while let Some(&up) = chain.parents(m).first() {
            walk.push(m);
            m = up;
        }
        let cells: CellSet = walk.iter().map(|&n| pos_of(chain.pot(n))).collect();
        let (mut forward, mut back) = (Vec::new(), Vec::new());
        for &n in &walk {
            let pot = chain.pot(n);
            let (p, d) = (pos_of(pot), digit_of(pot));
            for q in both(super::grid::PEERS[p.index()], grid.places(d)).iter() {
                if !cells.contains(q) {
                    let list = if pot < OFF { &mut forward } else { &mut back };
                    if !list.contains(&cand(q, d)) {
                        list.push(cand(q, d));
                    }
                }
            }
        }
        let mut removables: Vec<u16> = forward.into_iter().filter(|r| back.contains(r)).collect();
        removables.sort_unstable();
        if removables.is_empty() {
            continue;
        }
        let kind = Kind::Cycle { cells: y, units: x };
        let mut hint = Hint::new(kind, c, c, removables, vec![(chain.clone(), end)]);
        hint.tenths = if y && x { 70 } else { 65 };
        hint.sort_key = match (y, x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        };
        out.push(hint);
    }
}

/// SE's `doForcingChains` from `start`: the chain and its ends (the start's own opposite).
///
/// The chain is only ever read back along the path to its end, so a start whose opposite is out
/// of reach finds nothing: a bare search of the links tells so first, without building the
/// chain, and the chain stops growing at its end (five of the hardest puzzles: 24.3 s of rating
/// before, 16.9 s after).
fn forcing(links: &StaticLinks, start: u16, y: bool, scratch: &mut Scratch) -> Vec<u16> {
    let opposite = if start < OFF { start + OFF } else { start - OFF };
    if !reaches(links, start, opposite, y, scratch) {
        return Vec::new();
    }
    scratch.chain.reset();
    let Scratch {
        chain,
        pending_on,
        pending_off,
        ..
    } = scratch;
    let root = chain.push(start, &[], Cause::Start, None, true);
    pending_on.clear();
    pending_off.clear();
    if start < OFF {
        pending_on.push_back(root);
    } else {
        pending_off.push_back(root);
    }
    let mut ends: Vec<u16> = Vec::new();
    while !pending_on.is_empty() || !pending_off.is_empty() {
        while let Some(n) = pending_on.pop_front() {
            for &(off, cause) in links.on_to_off(chain.pot(n), y) {
                let pot = OFF + off;
                let end = pot == opposite && ends.is_empty();
                // SE also asks `isParent`, but every ancestor of `n` is held here, so `has`
                // answers for it (walking the line for each link was the other half of the
                // hottest loop of a 10.x rating).
                let held = !chain.has(pot);
                if end || held {
                    let m = chain.push(pot, &[n], cause, None, held);
                    if end {
                        ends.push(m);
                        return ends;
                    }
                    if held {
                        pending_off.push_back(m);
                    }
                }
            }
        }
        while let Some(n) = pending_off.pop_front() {
            for &(on, cause) in links.off_to_on(chain.pot(n) - OFF, y, true) {
                let end = on == opposite && ends.is_empty();
                let held = !chain.has(on);
                if end || held {
                    let m = chain.push(on, &[n], cause, None, held);
                    if end {
                        ends.push(m);
                        return ends;
                    }
                    if held {
                        pending_on.push_back(m);
                    }
                }
            }
        }
    }
    ends
}

/// Whether the links of `doForcingChains` (cell ones with `y`, unit ones always) lead from
/// `start` to `goal`, in any order.
///
/// Tried and dropped: the strongly connected components of the links (Tarjan's) and the set of
/// potentials each reaches, made once per grid and kind of links to answer every start: on one
/// 11.x puzzle the rating took 7.0 s instead of 4.7 s, as making them cost more than these
/// searches, most of which meet the goal early.
fn reaches(links: &StaticLinks, start: u16, goal: u16, y: bool, scratch: &mut Scratch) -> bool {
    let Scratch { line: seen, stack, .. } = scratch;
    seen.clear();
    stack.clear();
    seen.insert(start);
    stack.push(start);
    while let Some(pot) = stack.pop() {
        let next: &[(u16, Cause)] = if pot < OFF {
            links.on_to_off(pot, y)
        } else {
            links.off_to_on(pot - OFF, y, true)
        };
        for &(to, _) in next {
            let to = if pot < OFF { OFF + to } else { to };
            if to == goal {
                return true;
            }
            if !seen.contains(to) {
                seen.insert(to);
                stack.push(to);
            }
        }
    }
    false
}

/// The removals since `source` of `d` in the cells of `cells` (off potentials).
fn removed_in(source: &Grid, work: &Grid, cells: CellSet, d: Digit, out: &mut Vec<u16>) {
    for q in both(source.places(d), cells).iter() {
        if !work.has(q, d) {
            out.push(OFF + cand(q, d));
        }
    }
}

/// The pairs of 0..9 in SE's order (its `Permutations`: increasing bit patterns).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// SE's `Locking` (not direct) on `work`: each pointing or claiming, as (removals, what it
/// rests on).
fn locking(work: &Grid, source: &Grid) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut out = Vec::new();
    // SE's order: box-column, box-row, column-box, row-box.
    let kinds: [(usize, usize); 4] = [(18, 9), (18, 0), (9, 18), (0, 18)];
    for (first, second) in kinds {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (u1, u2) = (first + i1, second + i2);
                let (c1, c2) = (UNIT_CELLS[u1], UNIT_CELLS[u2]);
                if both(c1, c2).is_empty() {
                    continue;
                }
                for d in Digit::all() {
                    let places = both(work.places(d), c1);
                    if places.len() <= 1 || !both(places, c2).eq(&places) {
                        continue;
                    }
                    let removables: Vec<u16> = both(work.places(d), c2)
                        .iter()
                        .filter(|q| !c1.contains(*q))
                        .map(|q| cand(q, d))
                        .collect();
                    if removables.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    removed_in(source, work, c1.difference(c2), d, &mut parents);
                    out.push((removables, parents));
                }
            }
        }
    }
    out
}

/// SE's `HiddenSet(2)` on `work`.
fn hidden_pairs(work: &Grid, source: &Grid) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut out = Vec::new();
    let spots = work.spots();
    for base in [18, 9, 0] {
        for u in base..base + 9 {
            if both(work.empty_cells(), UNIT_CELLS[u]).len() <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (da, db) = (digit(a), digit(b));
                let (pa, pb) = (spots[u][a], spots[u][b]);
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let set = pa | pb;
                let mut removables = Vec::new();
                for (k, q) in UNIT_CELLS[u].iter().enumerate() {
                    if set >> k & 1 == 1 {
                        removables.extend(
                            work.candidates(q)
                                .iter()
                                .filter(|e| *e != da && *e != db)
                                .map(|e| cand(q, e)),
                        );
                    }
                }
                if removables.is_empty() {
                    continue;
                }
                removables.sort_unstable();
                let mut parents = Vec::new();
                for (k, q) in UNIT_CELLS[u].iter().enumerate() {
                    if set >> k & 1 == 0 {
                        for v in [da, db] {
                            if source.has(q, v) {
                                parents.push(OFF + cand(q, v));
                            }
                        }
                    }
                }
                out.push((removables, parents));
            }
        }
    }
    out
}

/// SE's `NakedSet(2)` on `work`.
fn naked_pairs(work: &Grid, source: &Grid) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut out = Vec::new();
    for base in [18, 9, 0] {
        for (u, &cells) in UNIT_CELLS.iter().enumerate().skip(base).take(9) {
            if both(work.empty_cells(), cells).len() < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (qa, qb) = (unit_cell(u, a), unit_cell(u, b));
                let (ca, cb) = (work.candidates(qa), work.candidates(qb));
                let set = DigitSet::from_bits(ca.bits() | cb.bits());
                if ca.len() < 2 || cb.len() < 2 || set.len() != 2 {
                    continue;
                }
                let mut removables = Vec::new();
                for q in cells.iter().filter(|q| *q != qa && *q != qb) {
                    removables.extend(
                        work.candidates(q)
                            .iter()
                            .filter(|e| set.contains(*e))
                            .map(|e| cand(q, e)),
                    );
                }
                if removables.is_empty() {
                    continue;
                }
                removables.sort_unstable();
                let mut parents = Vec::new();
                for q in [qa, qb] {
                    parents.extend(
                        source
                            .candidates(q)
                            .iter()
                            .filter(|v| !set.contains(*v))
                            .map(|v| OFF + cand(q, v)),
                    );
                }
                out.push((removables, parents));
            }
        }
    }
    out
}

/// SE's `Fisherman(2)` (X-Wings) on `work`: base columns then base rows.
fn x_wings(work: &Grid, source: &Grid) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut out = Vec::new();
    let placed: Vec<usize> = Digit::all()
        .map(|d| (0..9).filter(|&r| work.placed_in(unit_at(r)).contains(d)).count())
        .collect();
    let spots = work.spots();
    for (base, cover) in [(9, 0), (0, 9)] {
        for (a, b) in pairs() {
            for d in Digit::all() {
                if placed[d.index()] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (spots[base + a][d.index()], spots[base + b][d.index()]);
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let lines = pa | pb;
                let bases = UNIT_CELLS[base + a].union(UNIT_CELLS[base + b]);
                let mut covers = CellSet::EMPTY;
                let mut removables = Vec::new();
                for k in (0..9).filter(|k| lines >> k & 1 == 1) {
                    covers = covers.union(UNIT_CELLS[cover + k]);
                    for q in both(work.places(d), UNIT_CELLS[cover + k]).iter() {
                        if !bases.contains(q) {
                            removables.push(cand(q, d));
                        }
                    }
                }
                if removables.is_empty() {
                    continue;
                }
                removables.sort_unstable();
                let mut parents = Vec::new();
                removed_in(source, work, bases.difference(covers), d, &mut parents);
                out.push((removables, parents));
            }
        }
    }
    out
}

fn digit(i: usize) -> Digit {
    Digit::new(i as u8 + 1).expect("a digit index below 9")
}

/// The clock a search reads inside its longest steps.
pub(crate) struct Clock {
    deadline: Option<Instant>,
}

impl Clock {
    /// A limit at `deadline`.
    pub(crate) const fn until(deadline: Option<Instant>) -> Clock {
        Clock { deadline }
    }

    fn check(&self) -> Result<(), OutOfTime> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(OutOfTime),
            _ => Ok(()),
        }
    }
}

thread_local! {
    /// The deadline of the rating under way on this thread, which the longest steps read as
    /// they go (a finder's signature has no room for it), and whether one was cut by it.
    static DEADLINE: std::cell::Cell<(Option<Instant>, bool)> = const { std::cell::Cell::new((None, false)) };
}

/// Sets the deadline the chains of this thread stop at (`None`: none), and forgets any cut.
pub(crate) fn set_deadline(deadline: Option<Instant>) {
    DEADLINE.with(|d| d.set((deadline, false)));
}

/// Whether a chain search of this thread stopped at the deadline since it was set.
pub(crate) fn was_cut() -> bool {
    DEADLINE.with(|d| d.get().1)
}

/// The finder of the registry's dynamic rows: the producer's level from its rating (8.5: 0,
/// 9.0: 1, 9.5-11.0: 2-5). A search stopped by the deadline finds nothing and says so
/// ([`was_cut`]).
pub(crate) fn finder(grid: &Grid, rating: Difficulty) -> Option<Deduction> {
    let level = match rating.0 {
        0..=85 => 0,
        86..=90 => 1,
        r => ((r - 95) / 5 + 2).min(5) as u8,
    };
    let (deadline, _) = DEADLINE.with(std::cell::Cell::get);
    match dynamic_step(grid, level, &Clock::until(deadline)) {
        Ok(step) => step,
        Err(OutOfTime) => {
            DEADLINE.with(|d| d.set((deadline, true)));
            None
        }
    }
}

/// The step of SE's dynamic producer of `level` (0: 8.5, 1: 9.0, 2-5: nested), if it has one.
pub(crate) fn dynamic_step(grid: &Grid, level: u8, clock: &Clock) -> Result<Option<Deduction>, OutOfTime> {
    let engine = Engine::dynamic(level);
    let hints = engine.hints(grid, clock)?;
    Ok(hints.first().map(|hint| deduction(grid, level, hint)))
}

/// SE's Forcing Chains & Cycles (6.5 and up, static, one parent each): the first of its hints
/// as a step, named by its shape as people know it (Skyscraper, 2-String Kite, W-Wing, X-Chain,
/// XY-Chain, AIC).
pub(crate) fn static_chain_step(grid: &Grid) -> Option<Deduction> {
    let hints = Engine::STATIC_CHAINS.hints(grid, &Clock::until(None)).ok()?;
    hints.first().map(|hint| chain_deduction(hint))
}

/// A strong link of a chain: its off and on ends, and its unit when it is a unit link.
type StrongLink = (Candidate, Candidate, Option<usize>);

/// A static hint's chain as strong links (`off = on` pairs, in order from the assumption) with
/// the unit of each unit link, and its potentials from the assumption on.
fn strong_links(hint: &Hint) -> (Vec<StrongLink>, Vec<u16>) {
    let Some((chain, end)) = hint.targets.first() else {
        return (Vec::new(), Vec::new());
    };
    let mut path = vec![*end];
    while let Some(&up) = chain.parents(*path.last().unwrap_or(end)).first() {
        path.push(up);
    }
    path.reverse();
    let pots: Vec<u16> = path.iter().map(|&n| chain.pot(n)).collect();
    let mut links = Vec::new();
    for w in path.windows(2) {
        let (a, b) = (chain.pot(w[0]), chain.pot(w[1]));
        if a >= OFF && b < OFF {
            let unit = match chain.nodes[usize::from(w[1])].cause {
                Cause::Unit(u) => Some(usize::from(u)),
                _ => None,
            };
            links.push((candidate(a), candidate(b), unit));
        }
    }
    (links, pots)
}

/// The step a static chain hint makes: its technique by shape, its strong links as the
/// candidates (pairs 1-2, 3-4, ... as `basis` reads a chain), the units of its unit links.
fn chain_deduction(hint: &Hint) -> Deduction {
    let (links, pots) = strong_links(hint);
    let result = candidate(hint.result);
    let all_cells = links.iter().all(|l| l.2.is_none());
    let all_units = links.iter().all(|l| l.2.is_some());
    let line = |u: &Option<usize>| u.map(|u| u / 9);
    let technique = match hint.kind {
        Kind::Cycle { .. } if all_units => Technique::XChain,
        Kind::Cycle { .. } if all_cells => Technique::XYChain,
        Kind::Cycle { .. } => Technique::Aic,
        _ if all_units && links.len() == 2 && pots.len() == 6 => match (line(&links[0].2), line(&links[1].2)) {
            (Some(a), Some(b)) if a < 2 && a == b => Technique::Skyscraper,
            (Some(a), Some(b)) if a < 2 && b < 2 => Technique::TwoStringKite,
            _ => Technique::XChain,
        },
        _ if all_units => Technique::XChain,
        _ if all_cells => Technique::XYChain,
        _ if links.len() == 3
            && pots.len() == 8
            && links[0].2.is_none()
            && links[1].2.is_some()
            && links[2].2.is_none() =>
        {
            Technique::WWing
        }
        _ => Technique::Aic,
    };
    let candidates: Vec<Candidate> = links.iter().flat_map(|l| [l.0, l.1]).collect();
    let text = super::chains::chain_text(&candidates);
    let removed: Vec<Candidate> = hint.removables.iter().map(|&c| candidate(c)).collect();
    let explanation = match hint.kind {
        Kind::Cycle { .. } => format!(
            "{text} closes a loop, so each of its weak links has one true end: remove {}",
            elimination_list(&removed)
        ),
        _ if hint.result < OFF => format!(
            "{text}: were {} not {d}, the chain would make it {d}, so it is {d}",
            result.pos,
            d = result.digit
        ),
        _ => match (candidates.first(), candidates.last()) {
            (Some(first), Some(last)) => format!(
                "{text}: {first} or {last} is true, so remove {}",
                elimination_list(&removed)
            ),
            _ => format!("remove {}", elimination_list(&removed)),
        },
    };
    let mut step = Deduction::new(technique, Difficulty(hint.tenths), explanation);
    // A cycle only removes; a forcing chain whose end is on places it.
    if hint.result < OFF && !matches!(hint.kind, Kind::Cycle { .. }) {
        step.placements.push(result);
    }
    step.eliminations = removed;
    step.cells = pots.iter().map(|&p| pos_of(p)).collect();
    step.units = links.iter().filter_map(|l| l.2.map(unit_at)).collect();
    step.candidates = candidates;
    step
}

/// The technique of a step of `level`.
fn technique(level: u8) -> Technique {
    match level {
        0 => Technique::DynamicForcingChain,
        1 => Technique::DynamicForcingChainPlus,
        _ => Technique::NestedForcingChain,
    }
}

/// What the chains use inside, in people's words.
fn inside(level: u8) -> &'static str {
    match level {
        0 => "",
        1 => ", with locked candidates, pairs and X-Wings along the way",
        2 => ", with forcing chains inside",
        3 => ", with forcing chains and cell and unit chains inside",
        4 => ", with dynamic forcing chains inside",
        _ => ", with nested forcing chains inside",
    }
}

/// The step `hint` makes, in words and cells.
fn deduction(grid: &Grid, level: u8, hint: &Hint) -> Deduction {
    let result = candidate(hint.result);
    let on = hint.result < OFF;
    let conclusion = if on {
        format!("{} is {}", result.pos, result.digit)
    } else {
        format!("{} is not {}", result.pos, result.digit)
    };
    let size = counted(hint.complexity, "candidate");
    let extra = inside(level);
    let explanation = match hint.kind {
        Kind::Contradiction => {
            let assumed = candidate(hint.source);
            let clash = hint.targets.first().map_or(result, |(c, n)| candidate(c.pot(*n)));
            format!(
                "if {} {} {}, {} would be both {d} and not {d} ({size}{extra}), so {conclusion}",
                assumed.pos,
                if hint.source < OFF { "were" } else { "were not" },
                assumed.digit,
                clash.pos,
                d = clash.digit,
            )
        }
        Kind::Double => {
            let assumed = candidate(hint.source);
            format!(
                "whether {} is {d} or not, {conclusion} ({size}{extra})",
                assumed.pos,
                d = assumed.digit,
            )
        }
        Kind::Cell(p) => {
            let options: Vec<String> = grid.candidates(p).iter().map(|d| d.to_string()).collect();
            format!(
                "whichever of {} {p} holds, {conclusion} ({size}{extra})",
                super::deduction::and_list(&options).replace(" and ", " or "),
            )
        }
        Kind::Region(u, d) => format!(
            "wherever {d} goes in {}, {conclusion} ({size}{extra})",
            unit_at(usize::from(u))
        ),
        Kind::Forcing { .. } | Kind::Cycle { .. } => format!("{conclusion} ({size})"),
    };
    let mut step = Deduction::new(technique(level), Difficulty(hint.tenths), explanation);
    let removed: Vec<Candidate> = hint.removables.iter().map(|&c| candidate(c)).collect();
    if on {
        step.placements.push(result);
    }
    step.explanation = format!("{}: remove {}", step.explanation, elimination_list(&removed));
    step.eliminations = removed;
    // The cells of the assumptions and the conclusion; the chains' links as candidates, on
    // ones first (what the hint draws).
    let mut cells = CellSet::EMPTY;
    let mut shown: Vec<Candidate> = Vec::new();
    for (chain, target) in &hint.targets {
        for n in chain.chain_of(*target) {
            let node = &chain.nodes[usize::from(n)];
            if node.cause == Cause::Start {
                cells.insert(pos_of(node.pot));
            }
            if node.pot < OFF {
                let c = candidate(node.pot);
                if !shown.contains(&c) {
                    shown.push(c);
                }
            }
        }
    }
    cells.insert(result.pos);
    if let Kind::Region(u, _) = hint.kind {
        step.units = vec![unit_at(usize::from(u))];
    }
    step.cells = cells;
    shown.sort();
    step.candidates = shown;
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::testing::{at, d, restrict, with_cells};
    use crate::logic::{Rules, apply, next_deduction};

    /// Whether a candidate can hold in no solution of `grid`.
    fn impossible(grid: &Grid, c: Candidate) -> bool {
        let mut placed = grid.clone();
        placed.place(c.pos, c.digit);
        placed.count_solutions(1) == 0
    }

    fn step(grid: &Grid, level: u8) -> Option<Deduction> {
        dynamic_step(grid, level, &Clock::until(None)).expect("no deadline")
    }

    #[test]
    fn the_unit_order_is_each_units_cells_in_order() {
        for (u, cells) in UNIT_CELLS.iter().enumerate() {
            let listed: Vec<Pos> = (0..9).map(|k| unit_cell(u, k)).collect();
            assert_eq!(listed, cells.iter().collect::<Vec<_>>(), "unit {u}");
        }
    }

    #[test]
    fn pairs_follow_ses_permutations() {
        let first: Vec<(usize, usize)> = pairs().take(4).collect();
        assert_eq!(first, [(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(pairs().count(), 36);
    }

    #[test]
    fn a_region_chain_removes_a_one_that_both_places_of_a_row_see() {
        // 1 can go only in r1c1 and r1c2 in row 1: either way box 1 loses its other 1s. The
        // region chain of row 1 (two chains of two potentials each, 4 in all) is the simplest
        // hint, and the first of those alike is r2c1's (SE meets it first, in box order).
        let mut grid = with_cells(&[]);
        for c in 3..=9 {
            restrict(&mut grid, at(1, c), &[2, 3, 4, 5, 6, 7, 8, 9]);
        }
        let found = step(&grid, 0).expect("a dynamic forcing chain");
        assert_eq!(found.technique, Technique::DynamicForcingChain);
        assert_eq!(found.eliminations, [Candidate::new(at(2, 1), d(1))]);
        assert!(impossible(&grid, found.eliminations[0]));
        assert_eq!(found.difficulty, Difficulty(85));
        assert_eq!(found.units, [crate::board::Unit::Row(0)]);
        assert!(
            found.explanation.starts_with("wherever 1 goes in row 1, r2c1 is not 1"),
            "{}",
            found.explanation
        );
        // With every digit free everywhere nothing is forced, at any level.
        for level in 0..=2 {
            assert!(step(&with_cells(&[]), level).is_none(), "level {level}");
        }
    }

    #[test]
    fn a_bivalue_cell_forces_a_candidate_off_either_way() {
        // r1c1 {1,2}: 1 takes the 1 of r1c5 {1,4}, which is then 4; 2 takes the 2 of r5c1
        // {2,4}, which is then 4: r5c5 sees both 4s either way. With a third candidate in
        // r5c1 the second chain stops short.
        let grid = with_cells(&[((1, 1), &[1, 2]), ((1, 5), &[1, 4]), ((5, 1), &[2, 4])]);
        let found = step(&grid, 0).expect("a cell chain");
        assert!(
            found.eliminations.contains(&Candidate::new(at(5, 5), d(4))),
            "{found:?}"
        );
        for &c in &found.eliminations {
            assert!(impossible(&grid, c), "{c}");
        }
        let near = with_cells(&[((1, 1), &[1, 2]), ((1, 5), &[1, 4]), ((5, 1), &[2, 4, 6])]);
        let elsewhere = step(&near, 0).map(|s| s.eliminations).unwrap_or_default();
        assert!(!elsewhere.contains(&Candidate::new(at(5, 5), d(4))), "{elsewhere:?}");
    }

    /// A puzzle of the forum's hardest list (puzzles6_forum_hardest_1106, the first of the
    /// shuffled sample in docs/solving.md), whose steps SE 1.2.1 gives as (SE121Trace ...
    /// steps): after singles, three Dynamic Contradiction Forcing Chains (+) of 9.9 that remove
    /// 5 from r8c6 (F8), 8 from r7c4 (D7) and 5 from r7c6 (F7), then a nested one of 10.5
    /// (+ Forcing Chains) that removes 3 from r7c5 (E7).
    const HARDEST: &str = ".....6......5.8.....8.9.5......7...4..76..2...1..2..3...2...6...4..6..9.39......1";

    #[test]
    fn the_dynamic_tiers_take_ses_steps_on_a_hardest_puzzle() {
        let board: Board = HARDEST.parse().expect("a puzzle");
        let solution = crate::search::solve(&board, crate::Strategy::Fast)
            .expect("no conflict")
            .solution
            .expect("a solution");
        let mut grid = Grid::new(&board);
        let expected = [
            (1u8, 99u16, (8, 6, 5)),
            (1, 99, (7, 4, 8)),
            (1, 99, (7, 6, 5)),
            (2, 105, (7, 5, 3)),
        ];
        for (level, tenths, (r, c, digit)) in expected {
            // The singles first, as SE takes them.
            while let Some(single) = next_deduction(&grid, Rules { unique: true }).filter(|s| s.technique.places()) {
                assert!(apply(&mut grid, &single));
            }
            // Nothing at the levels below: the near grid where they must not fire.
            for below in 0..level {
                assert!(step(&grid, below).is_none(), "level {below} before {r}{c}");
            }
            let found = step(&grid, level).expect("SE's step");
            assert_eq!(found.technique, technique(level));
            assert_eq!(found.difficulty, Difficulty(tenths), "{}", found.line());
            assert_eq!(
                found.eliminations,
                [Candidate::new(at(r, c), d(digit))],
                "{}",
                found.line()
            );
            for e in &found.eliminations {
                assert_ne!(solution.digit(e.pos), Some(e.digit), "{}", found.line());
            }
            assert!(apply(&mut grid, &found));
        }
    }

    #[test]
    fn a_deadline_stops_a_long_step() {
        let board: Board = HARDEST.parse().expect("a puzzle");
        let grid = Grid::new(&board);
        let past = Clock::until(Some(Instant::now()));
        assert!(dynamic_step(&grid, 2, &past).is_err());
        // The registry's finder says it was cut, and finds nothing.
        set_deadline(Some(Instant::now()));
        assert!(finder(&grid, Difficulty(95)).is_none());
        assert!(was_cut());
        set_deadline(None);
        assert!(!was_cut());
    }

    /// An empty grid where `digit` keeps, in each unit given, only the cells given.
    fn keep(digit: Digit, units: &[(crate::board::Unit, &[Pos])]) -> Grid {
        let mut grid = with_cells(&[]);
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
    fn a_turbot_fish_on_two_columns_is_a_skyscraper() {
        use crate::board::Unit;
        // Columns 2 and 6: 1 only in r1/r7 and r2/r7. The bases share row 7; the tops r1c2,
        // r2c6. SE removes one candidate seeing both tops per step.
        let grid = keep(
            d(1),
            &[
                (Unit::Col(1), &[at(1, 2), at(7, 2)]),
                (Unit::Col(5), &[at(2, 6), at(7, 6)]),
            ],
        );
        let step = static_chain_step(&grid).expect("a chain");
        assert_eq!(step.technique, Technique::Skyscraper, "{}", step.line());
        assert_eq!(step.difficulty, Difficulty(66));
        let tops = [at(1, 4), at(1, 5), at(1, 6), at(2, 1), at(2, 2), at(2, 3)];
        let [gone] = step.eliminations[..] else {
            panic!("{}", step.line())
        };
        assert!(gone.digit == d(1) && tops.contains(&gone.pos), "{}", step.line());
        // Tops in the same row: an X-Wing (found before the chains), not a skyscraper.
        let wing = keep(
            d(1),
            &[
                (Unit::Col(1), &[at(1, 2), at(7, 2)]),
                (Unit::Col(5), &[at(1, 6), at(7, 6)]),
            ],
        );
        let other = static_chain_step(&wing);
        assert!(
            other.as_ref().is_none_or(|s| s.technique != Technique::Skyscraper),
            "{other:?}"
        );
    }

    #[test]
    fn a_row_and_a_column_joined_in_a_box_are_a_kite() {
        use crate::board::Unit;
        // Row 1: r1c2, r1c8. Column 1: r2c1, r7c1. r1c2 and r2c1 share box 1: r7c8 loses 6.
        let grid = keep(
            d(6),
            &[
                (Unit::Row(0), &[at(1, 2), at(1, 8)]),
                (Unit::Col(0), &[at(2, 1), at(7, 1)]),
            ],
        );
        let step = static_chain_step(&grid).expect("a chain");
        assert_eq!(step.technique, Technique::TwoStringKite, "{}", step.line());
        assert_eq!(step.eliminations, [Candidate::new(at(7, 8), d(6))]);
        // The column's pair outside box 1: nothing joins the strings.
        let apart = keep(
            d(6),
            &[
                (Unit::Row(0), &[at(1, 2), at(1, 8)]),
                (Unit::Col(0), &[at(4, 1), at(7, 1)]),
            ],
        );
        assert!(static_chain_step(&apart).is_none());
    }

    #[test]
    fn two_pairs_joined_by_a_conjugate_pair_are_a_w_wing() {
        use crate::board::Unit;
        // r1c1 and r5c9 hold {4,7}; in row 9, 4 is only in r9c1 and r9c9, which see them. So
        // one of r1c1, r5c9 is 7: r1c9 or r5c1 loses 7, a chain of eight candidates (7.1).
        let mut grid = with_cells(&[((1, 1), &[4, 7]), ((5, 9), &[4, 7])]);
        for c in 2..=8 {
            grid.eliminate(at(9, c), d(4));
        }
        let step = static_chain_step(&grid).expect("a chain");
        assert_eq!(step.technique, Technique::WWing, "{}", step.line());
        assert_eq!(step.units, [Unit::Row(8)]);
        let [gone] = step.eliminations[..] else {
            panic!("{}", step.line())
        };
        assert!(
            [at(1, 9), at(5, 1)].contains(&gone.pos) && gone.digit == d(7),
            "{}",
            step.line()
        );
        assert_eq!(step.difficulty, Difficulty(71));
        // Without the conjugate pair, nothing.
        assert!(static_chain_step(&with_cells(&[((1, 1), &[4, 7]), ((5, 9), &[4, 7])])).is_none());
    }

    #[test]
    fn bivalue_cells_make_an_xy_chain_and_a_box_and_column_an_x_chain() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: r1c9 or r5c1 loses 1.
        let chain: [((usize, usize), &[u8]); 4] = [
            ((1, 1), &[1, 2]),
            ((1, 5), &[2, 3]),
            ((5, 5), &[3, 4]),
            ((5, 9), &[4, 1]),
        ];
        let grid = with_cells(&chain);
        let step = static_chain_step(&grid).expect("a chain");
        assert!(
            matches!(step.technique, Technique::XYChain | Technique::Aic | Technique::XChain),
            "{}",
            step.line()
        );
        // With a third candidate in the last cell, no chain closes.
        let mut broken = chain;
        broken[3].1 = &[4, 1, 7];
        assert!(static_chain_step(&with_cells(&broken)).is_none());
        // 9 has two places in box 1 (r1c1, r2c2) and in column 7 (r2c7, r6c7): r6c1 loses 9.
        let mut grid = with_cells(&[]);
        for p in crate::board::Unit::Box(0).cells() {
            if p != at(1, 1) && p != at(2, 2) {
                grid.eliminate(p, d(9));
            }
        }
        let box_only = grid.clone();
        for r in (1..=9).filter(|r| ![2, 6].contains(r)) {
            grid.eliminate(at(r, 7), d(9));
        }
        let step = static_chain_step(&grid).expect("a chain");
        assert_eq!(step.technique, Technique::XChain, "{}", step.line());
        assert_eq!(step.eliminations, [Candidate::new(at(6, 1), d(9))]);
        assert_eq!(step.difficulty, Difficulty(66));
        assert!(static_chain_step(&box_only).is_none());
    }
}
