//! Step mode's tree screen, as the model holds it: which guess is selected (the one the search
//! is on, or one chosen), which nodes were opened or shut by hand, and the lines the tree shows,
//! which the model moves through and the view draws. Nodes are named by the step that made their
//! guess: that stays true while the tree folds and reuses its slots.

use std::collections::{BTreeSet, HashSet};
use sudoku_engine::search::tree::{Children, Node, NodeId, Tree};

/// Which node is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The guess the search is on: the deepest node of the path standing, following each step.
    Follow,
    /// The node whose guess was made at this step (0: the root).
    At(u64),
}

/// How a line of the tree shows its node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// It has none.
    Leaf,
    /// Opened: they are the lines below it.
    Opened,
    /// Shut: they are kept, not shown (→ opens it).
    Shut,
    /// Folded to make room: only its size is kept.
    Folded,
}

/// Where a line stands to the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// On the path standing, the deepest one: the guess the search is on.
    Current,
    /// On the path standing.
    OnPath,
    /// Taken back, or never on the path (the path's later options).
    Off,
}

/// One line of the tree screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLine {
    /// The node.
    pub id: NodeId,
    /// What there is to know of it.
    pub node: Node,
    /// How its children show.
    pub shown: Shown,
    /// Where it stands to the search.
    pub standing: Standing,
}

/// The tree screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeScreen {
    /// The node selected.
    pub selection: Selection,
    /// Nodes opened by hand (by their step), off the path.
    pub opened: BTreeSet<u64>,
    /// Nodes shut by hand (by their step), on the path.
    pub shut: BTreeSet<u64>,
}

impl Default for TreeScreen {
    fn default() -> TreeScreen {
        TreeScreen {
            selection: Selection::Follow,
            opened: BTreeSet::new(),
            shut: BTreeSet::new(),
        }
    }
}

impl TreeScreen {
    /// The lines `tree` shows after `position` steps: the root, and below each node shown open
    /// its children kept. Nodes on the path standing are open unless shut by hand; others shut
    /// unless opened by hand.
    pub fn lines(&self, tree: &Tree, position: u64) -> Vec<TreeLine> {
        let path = tree.path_at(position);
        let current = path.last().copied();
        let on_path: HashSet<NodeId> = path.into_iter().collect();
        let mut lines = Vec::new();
        let mut stack = vec![tree.root()];
        while let Some(id) = stack.pop() {
            let node = tree.node(id);
            let standing = match () {
                _ if Some(id) == current => Standing::Current,
                _ if on_path.contains(&id) => Standing::OnPath,
                _ => Standing::Off,
            };
            let open = if standing == Standing::Off {
                self.opened.contains(&node.placed_at)
            } else {
                !self.shut.contains(&node.placed_at)
            };
            let shown = match node.children {
                Children::None => Shown::Leaf,
                Children::Folded => Shown::Folded,
                Children::Kept(_) if open => Shown::Opened,
                Children::Kept(_) => Shown::Shut,
            };
            if shown == Shown::Opened {
                let children: Vec<NodeId> = tree.children(id).collect();
                stack.extend(children.into_iter().rev());
            }
            lines.push(TreeLine {
                id,
                node,
                shown,
                standing,
            });
        }
        lines
    }

    /// The line of `lines` selected: the node chosen, or the nearest of its ancestors shown (a
    /// node shut or folded hides it); when following, the current guess, or the deepest node of
    /// the path shown if a node above it is shut.
    pub fn selected(&self, tree: &Tree, lines: &[TreeLine]) -> usize {
        let target = match self.selection {
            Selection::Follow => {
                return lines.iter().rposition(|l| l.standing != Standing::Off).unwrap_or(0);
            }
            Selection::At(step) => tree.find(step),
        };
        let mut at = Some(target);
        while let Some(id) = at {
            if let Some(i) = lines.iter().position(|l| l.id == id) {
                return i;
            }
            at = tree.parent(id);
        }
        0
    }
}
