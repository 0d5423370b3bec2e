//! The search as a tree of guesses, built from its [`Step`]s as they come: each node a guess
//! (a cell gets a digit), its children the guesses made while it stood, each ending as a dead
//! end (the next decision had no option, see [`DeadEnd`]), a solution, or with every child failed.
//! The root is the start, with the digits forced before any guess.
//!
//! A search can take a hundred million steps, so the tree is a bounded summary: it keeps at most
//! `budget` nodes, in slots reused in turn. A new guess takes the next slot whose node is taken
//! back, which drops that node from the tree: the node above it keeps what its subtree amounted
//! to ([`Size`]: placements, backtracks, guesses, dead ends, solutions, depth reached) and shows
//! as folded. What is folded stays folded. The path being searched and the guesses already tried
//! beside each of its nodes are never dropped (at most 81 decisions of 9 options each), so
//! [`Tree::MIN_BUDGET`] always leaves room for them.
//!
//! Counting is O(1) a step: a node notes the totals when it opens and keeps the difference when
//! it closes. Reusing the slots in turn reads them in order, which the processor sees coming;
//! a free list and folding the subtree closed longest ago (as first written) read old slots in no
//! order, and cost more than the rest of the tree's bookkeeping (measured by `cargo bench --bench
//! tree`). Why a dead end is one is worked out when asked ([`Tree::dead_end`]) from the
//! board at it (the start and the guesses on its path), except for strategies that propagate:
//! their board holds forced digits too, and the reason is found as the dead end is met.

mod dead_end;
mod dot;

pub use dead_end::{Cause, DeadEnd, Empty, Move, Single, shared_unit};

use super::{Step, Strategy};
use crate::board::{Board, Cell, Digit, Pos};

/// No node (in the links between nodes).
const NONE: u32 = u32::MAX;

/// What a subtree amounted to: its top guess and everything below it (for the root, the whole
/// search so far).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Size {
    /// Digits put in cells, guessed or forced.
    pub placements: u64,
    /// Guesses taken back.
    pub backtracks: u64,
    /// Guesses made: the nodes of the subtree.
    pub guesses: u64,
    /// Guesses that were dead ends.
    pub dead_ends: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl Size {
    fn minus(self, earlier: Size) -> Size {
        Size {
            placements: self.placements - earlier.placements,
            backtracks: self.backtracks - earlier.backtracks,
            guesses: self.guesses - earlier.guesses,
            dead_ends: self.dead_ends - earlier.dead_ends,
            solutions: self.solutions - earlier.solutions,
        }
    }
}

/// How a node's guess turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Still on the stack, nothing found below it yet.
    Open,
    /// Taken back without a deeper guess: the decision after it had no option (or, for a strategy
    /// that propagates, propagation from it found a contradiction).
    DeadEnd,
    /// Taken back after every deeper guess failed.
    Failed,
    /// Every cell filled with this guess on top.
    Solution,
    /// Solutions were found below it.
    LeadsToSolutions,
}

/// What is kept of a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Children {
    /// None was ever made.
    None,
    /// They are kept (this many).
    Kept(usize),
    /// They were folded into this node to make room: only its [`Size`] is left of them.
    Folded,
}

/// A node of the tree, by index; valid until the next step noted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

/// What there is to know of a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The guess, `None` for the root (the start).
    pub guess: Option<(Pos, Digit)>,
    /// Its depth: the decisions on the stack with it (0 for the root).
    pub depth: usize,
    /// The step that made the guess (0 for the root): going there shows it just made.
    pub placed_at: u64,
    /// The step that took it back, `None` while it stands.
    pub closed_at: Option<u64>,
    /// How it turned out.
    pub ending: Ending,
    /// What its subtree amounted to, so far for a node that stands.
    pub size: Size,
    /// The deepest depth reached in its subtree.
    pub deepest: usize,
    /// Its children.
    pub children: Children,
}

/// The most children a node has: one decision's options (digits of a cell, or cells of a
/// unit for a digit).
const MOST_CHILDREN: usize = 9;

/// A node as stored. Its children are listed in it, so that folding it frees them without
/// reading them: a fold runs for about every other step once the tree is full, on nodes closed
/// long ago, and a walk through their slots (a linked list of siblings, as first written) was
/// most of what the tree cost a step.
#[derive(Clone, Debug)]
struct Slot {
    /// The step that made the guess; a child listed by a node is its child while this is
    /// after the node's own and its `parent` is the node (its slot may have been reused).
    placed_at: u64,
    /// `u64::MAX` while open.
    closed_at: u64,
    /// While open, the totals when it opened; once closed, what its subtree amounted to.
    size: Size,
    parent: u32,
    children: [u32; MOST_CHILDREN],
    pos: u8,
    digit: u8,
    depth: u8,
    deepest: u8,
    /// How many of `children` there are.
    kids: u8,
    ending: Ending,
}

/// What the tree keeps of the search's board: whether it holds forced digits (dead ends are then
/// found by propagating as they are met).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardKept {
    /// Only the guesses on the path.
    Guesses,
    /// Forced digits too: the board is followed step by step.
    Propagated,
}

/// The tree of a search, as a bounded summary (see the module's text).
///
/// ```
/// use sudoku_engine::{Board, Search, Strategy};
/// use sudoku_engine::search::tree::{Ending, Tree};
///
/// let board: Board = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let mut tree = Tree::new(&board, Strategy::Naive, Tree::MIN_BUDGET);
/// for step in Search::new(&board, Strategy::Naive)? {
///     tree.note(step);
/// }
/// let root = tree.node(tree.root());
/// assert_eq!(root.size.solutions, 1);
/// assert!(root.size.dead_ends > 0, "the textbook order meets dead ends on its way");
/// let dead = tree.ids().find(|&id| tree.node(id).ending == Ending::DeadEnd).unwrap();
/// println!("{}", tree.dead_end(dead).unwrap().describe(tree.node(dead).depth));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tree {
    start: Board,
    strategy: Strategy,
    kind: BoardKept,
    /// The search's board, followed step by step for strategies that propagate.
    board: Board,
    slots: Vec<Slot>,
    /// The reason of each dead end found as it was met, by slot (strategies that propagate;
    /// empty for the others).
    reasons: Vec<Option<Box<DeadEnd>>>,
    /// The next slot to try to reuse (never 0, the root's).
    cursor: usize,
    /// The nodes standing, the root first.
    path: Vec<u32>,
    totals: Size,
    steps: u64,
    budget: usize,
    /// Nodes folded away so far.
    folded: u64,
}

impl Tree {
    /// The fewest nodes a tree keeps: room for the path and the options beside it (82 + 81 * 9)
    /// and some more.
    pub const MIN_BUDGET: usize = 1024;

    /// What step mode keeps: enough to see the latest thousands of guesses in full.
    pub const DEFAULT_BUDGET: usize = 4096;

    /// The tree of the search of `board` with `strategy`, before any step, keeping at most
    /// `budget` nodes (at least [`Tree::MIN_BUDGET`]).
    pub fn new(board: &Board, strategy: Strategy, budget: usize) -> Tree {
        let budget = budget.max(Tree::MIN_BUDGET);
        let root = Slot {
            placed_at: 0,
            closed_at: u64::MAX,
            size: Size::default(),
            parent: NONE,
            children: [NONE; MOST_CHILDREN],
            pos: 0,
            digit: 0,
            depth: 0,
            deepest: 0,
            kids: 0,
            ending: Ending::Open,
        };
        Tree {
            start: board.clone(),
            strategy,
            kind: if strategy.propagates() {
                BoardKept::Propagated
            } else {
                BoardKept::Guesses
            },
            board: board.clone(),
            slots: vec![root],
            reasons: Vec::new(),
            cursor: 1,
            path: vec![0],
            totals: Size::default(),
            steps: 0,
            budget,
            folded: 0,
        }
    }

    /// The strategy searching.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The board searched.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Steps noted.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The most nodes kept.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Nodes kept now: those the root reaches.
    pub fn kept(&self) -> usize {
        let mut stack = vec![self.root()];
        let mut kept = 0;
        while let Some(id) = stack.pop() {
            kept += 1;
            stack.extend(self.children(id));
        }
        kept
    }

    /// Nodes folded away so far (their sizes live on in the nodes they were folded into).
    pub fn folded(&self) -> u64 {
        self.folded
    }

    /// The root: the start of the search.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Notes the next step of the search.
    pub fn note(&mut self, step: Step) {
        self.steps += 1;
        match step {
            Step::Place {
                pos,
                digit,
                depth,
                forced: false,
            } => {
                self.follow(pos, Some(digit));
                self.guess(pos, digit, depth);
            }
            Step::Place { pos, digit, .. } => {
                self.follow(pos, Some(digit));
                self.totals.placements += 1;
            }
            Step::Remove { pos, forced: true, .. } => {
                // Unwinding a guess whose subtree holds no guess: the board still shows what
                // the dead end was found on.
                self.reason_if_due();
                self.follow(pos, None);
            }
            Step::Remove { pos, depth, .. } => {
                self.reason_if_due();
                self.follow(pos, None);
                self.take_back(depth);
            }
            Step::Solved => {
                self.totals.solutions += 1;
                if let Some(&top) = self.path.last().filter(|&&top| top != NONE) {
                    self.slots[top as usize].ending = Ending::Solution;
                }
            }
            Step::Exhausted => {
                while self.path.len() > 1 {
                    let depth = self.path.len() - 1;
                    self.take_back(depth);
                }
                self.close(0);
            }
        }
    }

    /// Keeps the board of a strategy that propagates as the steps leave it.
    fn follow(&mut self, pos: Pos, digit: Option<Digit>) {
        if self.kind == BoardKept::Propagated {
            self.board.set(pos, digit.map_or(Cell::Empty, Cell::Placed));
        }
    }

    /// A guess at `depth`: a child of the node standing at `depth - 1`.
    fn guess(&mut self, pos: Pos, digit: Digit, depth: usize) {
        // The steps keep the path in line; a depth out of line is met where it can be.
        while self.path.len() > depth.max(1) {
            let top = self.path.len() - 1;
            self.take_back(top);
        }
        let parent = *self.path.last().expect("the root always stands");
        // Read and written whole, as in `close`.
        let mut totals = self.totals;
        let snapshot = totals;
        totals.placements += 1;
        totals.guesses += 1;
        self.totals = totals;
        // A parent with as many children as a decision has options (or not kept itself): the
        // steps are out of line, and the guess stands on the path as no node, counted only.
        if parent == NONE || usize::from(self.slots[parent as usize].kids) >= MOST_CHILDREN {
            self.path.push(NONE);
            return;
        }
        let id = self.alloc();
        let depth = self.path.len();
        let slot = &mut self.slots[id as usize];
        slot.placed_at = self.steps;
        slot.closed_at = u64::MAX;
        slot.size = snapshot;
        slot.parent = parent;
        slot.pos = pos.index() as u8;
        slot.digit = digit.get();
        slot.depth = depth.min(255) as u8;
        slot.deepest = slot.depth;
        slot.kids = 0;
        slot.ending = Ending::Open;
        if self.kind == BoardKept::Propagated {
            self.reasons.resize(self.slots.len(), None);
            self.reasons[id as usize] = None;
        }
        let p = &mut self.slots[parent as usize];
        p.children[usize::from(p.kids)] = id;
        p.kids += 1;
        self.path.push(id);
    }

    /// A slot for a new node: a new one within the budget, else the next in turn whose node is
    /// taken back and not tried beside the path (which drops that node and what was below it).
    fn alloc(&mut self) -> u32 {
        if self.slots.len() < self.budget {
            return self.push_slot();
        }
        for _ in 1..self.slots.len() {
            let at = self.cursor;
            self.cursor = if at + 1 >= self.slots.len() { 1 } else { at + 1 };
            let slot = &self.slots[at];
            let standing = slot.closed_at == u64::MAX;
            // A child of the node standing at the depth above: an option tried beside the path.
            let beside_path = self.path.get(usize::from(slot.depth).saturating_sub(1)) == Some(&slot.parent);
            if !standing && !beside_path {
                self.folded += 1;
                return at as u32;
            }
        }
        // Every slot holds the path or what was tried beside it (a budget below what the path
        // needs): grow.
        self.push_slot()
    }

    fn push_slot(&mut self) -> u32 {
        let slot = self.slots[0].clone();
        self.slots.push(slot);
        (self.slots.len() - 1) as u32
    }

    /// The guess at `depth` is taken back.
    fn take_back(&mut self, depth: usize) {
        if self.path.len() <= 1 {
            return;
        }
        // Deeper nodes than the guess taken back close first (none, when the steps are in line).
        while self.path.len() > depth.max(1) + 1 {
            let top = self.path.len() - 1;
            self.take_back(top);
        }
        let id = *self.path.last().expect("a guess stands");
        if id == NONE {
            self.totals.backtracks += 1;
        } else {
            self.close(id);
        }
        self.path.pop();
    }

    /// Closes the node `id` (the top of the path): its ending, its size, its depth passed up.
    fn close(&mut self, id: u32) {
        // The totals are read once and written once: a counter bumped in place and read back
        // whole at once stalled the store forwarding, half of what closing cost.
        let mut totals = self.totals;
        let steps = self.steps;
        let slot = &mut self.slots[id as usize];
        if slot.closed_at != u64::MAX {
            return;
        }
        let before = slot.size;
        slot.ending = match slot.ending {
            Ending::Solution => Ending::Solution,
            // A node standing keeps its children (they are beside the path): none means none made.
            _ if slot.kids == 0 && id != 0 => Ending::DeadEnd,
            _ if totals.solutions > before.solutions => Ending::LeadsToSolutions,
            _ => Ending::Failed,
        };
        totals.dead_ends += u64::from(slot.ending == Ending::DeadEnd);
        // Every guess closes by being taken back; the root closes at the end.
        totals.backtracks += u64::from(id != 0);
        slot.size = totals.minus(before);
        slot.closed_at = steps;
        let (parent, deepest) = (slot.parent, slot.deepest);
        self.totals = totals;
        if parent != NONE {
            let p = &mut self.slots[parent as usize];
            p.deepest = p.deepest.max(deepest);
        }
    }

    /// For a strategy that propagates: the reason of the dead end being unwound, from the board
    /// as it still is, if the node on top has made no guess and has none yet.
    fn reason_if_due(&mut self) {
        if self.kind != BoardKept::Propagated {
            return;
        }
        let Some(&top) = self.path.last().filter(|&&top| top != NONE) else {
            return;
        };
        let slot = &self.slots[top as usize];
        let known = self.reasons.get(top as usize).is_some_and(Option::is_some);
        if top == 0 || slot.kids > 0 || known || slot.ending != Ending::Open {
            return;
        }
        let reason = dead_end::propagated(&self.board);
        self.reasons.resize(self.slots.len(), None);
        self.reasons[top as usize] = reason.map(Box::new);
    }

    /// What there is to know of node `id`.
    pub fn node(&self, id: NodeId) -> Node {
        let slot = &self.slots[id.0 as usize];
        let open = slot.closed_at == u64::MAX;
        let size = if open { self.totals.minus(slot.size) } else { slot.size };
        // Children whose slots were reused are dropped: the node shows folded, its size all
        // that is left of them.
        let kept = self.children(id).count();
        let children = match (slot.kids, kept) {
            (0, _) => Children::None,
            (kids, kept) if kept < usize::from(kids) => Children::Folded,
            (_, kept) => Children::Kept(kept),
        };
        // A node standing has the path below it too.
        let deepest = if open {
            usize::from(slot.deepest).max(self.path.len() - 1)
        } else {
            usize::from(slot.deepest)
        };
        Node {
            guess: Pos::new(usize::from(slot.pos))
                .zip(Digit::new(slot.digit))
                .filter(|_| id.0 != 0),
            depth: usize::from(slot.depth),
            placed_at: slot.placed_at,
            closed_at: (!open).then_some(slot.closed_at),
            ending: slot.ending,
            size,
            deepest,
            children,
        }
    }

    /// The parent of `id`, `None` for the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        match self.slots[id.0 as usize].parent {
            NONE => None,
            p => Some(NodeId(p)),
        }
    }

    /// The children of `id` kept, in the order they were guessed.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let slot = &self.slots[id.0 as usize];
        let kept = |c: &&u32| {
            let child = &self.slots[**c as usize];
            child.parent == id.0 && child.placed_at > slot.placed_at
        };
        // A node folded shows none of them: what is left of them is its size.
        let all = slot.children[..usize::from(slot.kids)].iter().all(|c| kept(&c));
        slot.children[..usize::from(slot.kids)]
            .iter()
            .filter(move |_| all)
            .map(|&c| NodeId(c))
    }

    /// Every node kept, parents before their children.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut stack = vec![self.root()];
        std::iter::from_fn(move || {
            let id = stack.pop()?;
            let children: Vec<NodeId> = self.children(id).collect();
            stack.extend(children.into_iter().rev());
            Some(id)
        })
    }

    /// The guesses from the root down to `id` (the root's own being none).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(p) = self.parent(at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// The nodes standing after `position` steps, the root first: the path the search was on
    /// there, as far as the tree keeps it (a position inside a folded subtree ends at the node it
    /// was folded into). Positions past those noted are taken as the last.
    pub fn path_at(&self, position: u64) -> Vec<NodeId> {
        let mut path = vec![self.root()];
        let mut at = self.root();
        while let Some(child) = self.children(at).find(|&c| {
            let s = &self.slots[c.0 as usize];
            s.placed_at <= position && position < s.closed_at
        }) {
            path.push(child);
            at = child;
        }
        path
    }

    /// The node whose guess was made at step `placed_at`, or, if it was folded away, the node
    /// it was folded into; the root for 0 or a step that made no guess kept.
    pub fn find(&self, placed_at: u64) -> NodeId {
        let mut at = self.root();
        loop {
            let next = self.children(at).find(|&c| {
                let s = &self.slots[c.0 as usize];
                s.placed_at <= placed_at && placed_at < s.closed_at
            });
            match next {
                Some(c) if self.slots[c.0 as usize].placed_at == placed_at => return c,
                Some(c) => at = c,
                None => return at,
            }
        }
    }

    /// The totals of the whole search so far.
    pub fn totals(&self) -> Size {
        self.totals
    }

    /// Why node `id` is a dead end; `None` if it is not one (or, for a strategy that propagates,
    /// if propagation as plain as [`Move`]'s did not find the contradiction).
    pub fn dead_end(&self, id: NodeId) -> Option<DeadEnd> {
        let slot = &self.slots[id.0 as usize];
        if slot.ending != Ending::DeadEnd {
            return None;
        }
        match self.kind {
            BoardKept::Propagated => self.reasons.get(id.0 as usize).and_then(|r| r.as_deref().cloned()),
            BoardKept::Guesses => {
                let guesses: Vec<(Pos, Digit)> = self
                    .path_to(id)
                    .into_iter()
                    .filter_map(|n| self.node(n).guess)
                    .collect();
                dead_end::dead_end_on(&self.start, &guesses)
            }
        }
    }

    /// The board at node `id` for a strategy that does not propagate: the start with the guesses
    /// on its path (a strategy that propagates has forced digits besides, which the tree does
    /// not keep).
    pub fn board_at(&self, id: NodeId) -> Board {
        let mut board = self.start.clone();
        for n in self.path_to(id) {
            if let Some((pos, digit)) = self.node(n).guess {
                board.set(pos, Cell::Placed(digit));
            }
        }
        board
    }
}

/// The size of a search's tree counted from its steps alone, with nothing kept: for the race,
/// which shows how many guesses and dead ends each strategy's tree has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCount {
    /// Guesses made.
    pub guesses: u64,
    /// Guesses taken back without a deeper guess or a solution.
    pub dead_ends: u64,
    /// Whether the latest guess has had no deeper guess nor a solution yet.
    fresh: bool,
}

impl TreeCount {
    /// Notes the next step.
    pub fn note(&mut self, step: Step) {
        match step {
            Step::Place { forced: false, .. } => {
                self.guesses += 1;
                self.fresh = true;
            }
            Step::Remove { forced: false, .. } => {
                self.dead_ends += u64::from(self.fresh);
                self.fresh = false;
            }
            Step::Solved => self.fresh = false,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;

    const BOJ_SAMPLE: &str = ".354692787821.56.9.6.278135321.468978.49135.659682.413917652.8.6.37.195225839476.";
    const HARDEST: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn built(line: &str, strategy: Strategy, budget: usize, steps: usize) -> (Tree, Search) {
        let board: Board = line.parse().unwrap();
        let mut tree = Tree::new(&board, strategy, budget);
        let mut search = Search::new(&board, strategy).unwrap();
        for step in search.by_ref().take(steps) {
            tree.note(step);
        }
        (tree, search)
    }

    #[test]
    fn the_totals_are_the_searchs_counters_and_the_root_holds_them() {
        for &strategy in Strategy::ALL {
            let (tree, search) = built(HARDEST, strategy, Tree::MIN_BUDGET, 200_000);
            let c = search.counters();
            let t = tree.totals();
            assert_eq!((t.placements, t.backtracks), (c.placements, c.backtracks), "{strategy}");
            assert_eq!(tree.node(tree.root()).size, t, "{strategy}");
            assert!(tree.kept() <= tree.budget(), "{strategy}: {}", tree.kept());
            // The sizes of the root's children add up to what was guessed under it.
            let under: u64 = tree.children(tree.root()).map(|c| tree.node(c).size.guesses).sum();
            assert_eq!(under, t.guesses, "{strategy}");
            // The path standing is the search's stack.
            let path = tree.path_at(tree.steps());
            let decisions = search.decisions();
            let on_board: Vec<_> = decisions.iter().filter_map(|d| d.current).collect();
            let guessed: Vec<_> = path.iter().filter_map(|&n| tree.node(n).guess).collect();
            assert_eq!(guessed, on_board, "{strategy}");
        }
    }

    #[test]
    fn folding_keeps_the_sizes_and_stays_within_the_budget() {
        let (whole, _) = built(HARDEST, Strategy::Naive, 1 << 20, 100_000);
        let (small, _) = built(HARDEST, Strategy::Naive, Tree::MIN_BUDGET, 100_000);
        assert_eq!(whole.folded(), 0);
        assert!(small.folded() > 0 && small.kept() <= Tree::MIN_BUDGET);
        assert_eq!(whole.totals(), small.totals());
        // Every node the small tree kept is the same node in the whole one, with the same size.
        for id in small.ids() {
            let node = small.node(id);
            let same = whole.node(whole.find(node.placed_at));
            assert_eq!(
                (same.guess, same.size, same.ending),
                (node.guess, node.size, node.ending)
            );
        }
    }

    #[test]
    fn steps_out_of_line_are_counted_and_break_nothing() {
        let mut tree = Tree::new(&Board::empty(), Strategy::Naive, Tree::MIN_BUDGET);
        let digit = |n| Digit::new(n).unwrap();
        // Twelve guesses at depth 1, each taken back: more than a decision has options.
        for n in 0..12u8 {
            let (pos, digit) = (Pos::FIRST, digit(n % 9 + 1));
            tree.note(Step::Place {
                pos,
                digit,
                depth: 1,
                forced: false,
            });
            tree.note(Step::Remove {
                pos,
                digit,
                depth: 1,
                forced: false,
            });
        }
        assert_eq!(tree.children(tree.root()).count(), 9, "a decision's nine are kept");
        assert_eq!(tree.totals().guesses, 12);
        // A guess deeper than the path, and one taken back at a depth that does not stand.
        tree.note(Step::Place {
            pos: Pos::FIRST,
            digit: digit(1),
            depth: 5,
            forced: false,
        });
        tree.note(Step::Remove {
            pos: Pos::FIRST,
            digit: digit(1),
            depth: 3,
            forced: false,
        });
        tree.note(Step::Exhausted);
        assert_eq!(tree.path_at(tree.steps()), [tree.root()]);
        assert!(tree.ids().all(|id| tree.node(id).closed_at.is_some()));
    }

    #[test]
    fn a_search_to_its_end_closes_every_node_and_marks_its_solution() {
        let (tree, mut search) = built(BOJ_SAMPLE, Strategy::Naive, Tree::MIN_BUDGET, usize::MAX);
        assert!(search.next().is_none());
        let root = tree.node(tree.root());
        assert_eq!(root.ending, Ending::LeadsToSolutions);
        assert_eq!(root.size.solutions, 1);
        let solution = tree
            .ids()
            .filter(|&id| tree.node(id).ending == Ending::Solution)
            .count();
        assert_eq!(solution, 1);
        assert!(tree.ids().all(|id| tree.node(id).closed_at.is_some()));
        let mut count = TreeCount::default();
        for step in Search::new(&BOJ_SAMPLE.parse().unwrap(), Strategy::Naive).unwrap() {
            count.note(step);
        }
        assert_eq!(
            (count.guesses, count.dead_ends),
            (root.size.guesses, root.size.dead_ends)
        );
    }
}
