//! The tree written for Graphviz (`dot`): a node per guess, an edge from each guess to the
//! deeper ones, dead ends with their reason, solutions, and the path standing in bold. Up to a
//! number of nodes: the path first, then the tree breadth first; a node's children that find no
//! room are drawn as one node with what they amount to, as a folded subtree is.
//!
//! What is written is a small part of the DOT language: `digraph`, one `graph`, `node` and
//! `edge` attribute line, node lines `nN [k="v", ...];` and edge lines `nA -> nB;`, every value
//! quoted.

use super::{Cause, Children, Empty, Ending, NodeId, Size, Tree, shared_unit};
use std::collections::{HashSet, VecDeque};
use std::fmt::{self, Write};

/// A value for a quoted DOT string: quotes and backslashes escaped, lines as `\n`.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A count with its thousands grouped: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and its noun, plural but for one: `1 guess`, `12 guesses`.
fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(n))
    }
}

/// A size on two lines: the guesses and dead ends, then placements, backtracks and depth.
fn size_lines(size: Size, deepest: usize) -> String {
    format!(
        "{}, {}\n{}, {}, depth {deepest}",
        counted(size.guesses, "guess", "guesses"),
        counted(size.dead_ends, "dead end", "dead ends"),
        counted(size.placements, "placement", "placements"),
        counted(size.backtracks, "backtrack", "backtracks")
    )
}

impl Tree {
    /// The dead end's reason in a few words for a drawing: `r1c3 has no digit`, then what took it.
    pub fn short_reason(&self, id: NodeId) -> Option<String> {
        let dead = self.dead_end(id)?;
        let depth = self.node(id).depth;
        let cause = match (&dead.cause, dead.empty) {
            (
                Cause::Guess {
                    pos, digit, depth: at, ..
                },
                Empty::Cell(cell),
            ) if *at == depth => {
                let unit = shared_unit(*pos, cell).map_or_else(String::new, |u| format!(", {u}"));
                format!("this guess took its last ({digit}{unit})")
            }
            (
                Cause::Guess {
                    pos, digit, depth: at, ..
                },
                _,
            ) if *at == depth => {
                let _ = (pos, digit);
                "this guess took its last place".to_string()
            }
            (
                Cause::Guess {
                    pos, digit, depth: at, ..
                },
                _,
            ) => format!("since {pos}={digit} at depth {at}"),
            (Cause::Propagation(moves), _) => format!("after {} deductions", moves.len()),
            (Cause::Start, _) => "from the start".to_string(),
        };
        Some(format!("{}\n{cause}", dead.empty))
    }

    /// Writes the tree for Graphviz, at most `limit` nodes (the rest folded into nodes that say
    /// what they amount to), the path standing after `position` steps in bold.
    pub fn write_dot(&self, out: &mut impl Write, limit: usize, position: u64) -> fmt::Result {
        let path = self.path_at(position);
        let on_path: HashSet<NodeId> = path.iter().copied().collect();
        // The path first, then breadth first, as far as the limit.
        let mut drawn: Vec<NodeId> = Vec::new();
        let mut seen: HashSet<NodeId> = HashSet::new();
        for &id in &path {
            if drawn.len() < limit.max(1) && seen.insert(id) {
                drawn.push(id);
            }
        }
        let mut queue: VecDeque<NodeId> = VecDeque::from([self.root()]);
        while let Some(id) = queue.pop_front() {
            if drawn.len() >= limit.max(1) {
                break;
            }
            if seen.insert(id) {
                drawn.push(id);
            }
            queue.extend(self.children(id));
        }
        let drawn_set: HashSet<NodeId> = drawn.iter().copied().collect();
        // Parents before children, in the order of the tree, for a stable picture.
        let ordered: Vec<NodeId> = self.ids().filter(|id| drawn_set.contains(id)).collect();

        writeln!(out, "digraph search {{")?;
        writeln!(
            out,
            "  graph [label={}, labelloc=\"t\", fontname=\"Helvetica\", nodesep=\"0.15\", ranksep=\"0.35\"];",
            quoted(&format!(
                "{}: {}, {}, {}, {}",
                self.strategy(),
                counted(self.steps(), "step", "steps"),
                counted(self.totals().guesses, "guess", "guesses"),
                counted(self.totals().dead_ends, "dead end", "dead ends"),
                counted(self.totals().solutions, "solution", "solutions"),
            ))
        )?;
        writeln!(
            out,
            "  node [fontname=\"Helvetica\", fontsize=\"10\", shape=\"ellipse\", style=\"filled\", fillcolor=\"white\"];"
        )?;
        writeln!(out, "  edge [arrowsize=\"0.5\"];")?;
        let mut extra = 0usize;
        for &id in &ordered {
            let node = self.node(id);
            let mut label = match node.guess {
                Some((pos, digit)) => format!("{pos}={digit}"),
                None => "start".to_string(),
            };
            let mut attrs: Vec<(&str, String)> = Vec::new();
            match node.ending {
                Ending::DeadEnd => {
                    if let Some(reason) = self.short_reason(id) {
                        label.push_str(&format!("\n✗ {reason}"));
                    } else {
                        label.push_str("\n✗ dead end");
                    }
                    attrs.push(("fillcolor", "#f6cfcf".into()));
                }
                Ending::Solution => {
                    label.push_str("\n★ solution");
                    attrs.push(("fillcolor", "#c9efc9".into()));
                    attrs.push(("shape", "doubleoctagon".into()));
                }
                Ending::Failed => {
                    label.push_str("\nevery guess below failed");
                    attrs.push(("fillcolor", "#eeeeee".into()));
                }
                Ending::LeadsToSolutions | Ending::Open => {}
            }
            if node.children == Children::Folded {
                label.push_str(&format!("\n▸ folded: {}", size_lines(node.size, node.deepest)));
                attrs.push(("shape", "box".into()));
                attrs.push(("style", "filled,dashed".into()));
            }
            if id == self.root() {
                attrs.push(("shape", "box".into()));
            }
            if on_path.contains(&id) {
                attrs.push(("penwidth", "2.5".into()));
                attrs.push(("color", "#1f5fbf".into()));
            }
            attrs.insert(0, ("label", label));
            let list: Vec<String> = attrs.iter().map(|(k, v)| format!("{k}={}", quoted(v))).collect();
            writeln!(out, "  n{} [{}];", id.0, list.join(", "))?;
            if let Some(parent) = self.parent(id) {
                let style = if on_path.contains(&id) {
                    " [penwidth=\"2.5\", color=\"#1f5fbf\"]"
                } else {
                    ""
                };
                writeln!(out, "  n{} -> n{}{style};", parent.0, id.0)?;
            }
            // The children that found no room, as one node.
            let left: Vec<NodeId> = self.children(id).filter(|c| !drawn_set.contains(c)).collect();
            if !left.is_empty() {
                let mut size = Size::default();
                let mut deepest = 0;
                for c in &left {
                    let n = self.node(*c);
                    size.placements += n.size.placements;
                    size.backtracks += n.size.backtracks;
                    size.guesses += n.size.guesses;
                    size.dead_ends += n.size.dead_ends;
                    size.solutions += n.size.solutions;
                    deepest = deepest.max(n.deepest);
                }
                let name = format!("more{extra}");
                extra += 1;
                let label = format!(
                    "{} here, folded:\n{}",
                    counted(left.len() as u64, "more guess", "more guesses"),
                    size_lines(size, deepest)
                );
                writeln!(
                    out,
                    "  {name} [label={}, shape=\"box\", style=\"dashed\"];",
                    quoted(&label)
                )?;
                writeln!(out, "  n{} -> {name} [style=\"dashed\"];", id.0)?;
            }
        }
        writeln!(out, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_escapes_what_ends_a_string() {
        assert_eq!(quoted("a \"b\" \\ c\nd"), "\"a \\\"b\\\" \\\\ c\\nd\"");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(12), "12");
    }
}
