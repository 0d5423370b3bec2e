//! What step mode derives from the steps taken so far, beyond the search itself: the position,
//! the last two steps, where each decision on the stack began (for jumping to the start of a
//! decision), and the search profile (placements per depth, depth over time). It is kept in the
//! stepper's checkpoints, so a step back restores it exactly.

use sudoku_engine::{CellSet, Step};

/// At most this many buckets of depth over time; past it, neighbours merge and each bucket
/// covers twice the steps, so memory stays flat however long the search runs.
pub const DEPTH_BUCKETS: usize = 512;

/// The shape of the search so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Placements made at each depth (decisions on the stack, see
    /// [`Counters::depth`](sudoku_engine::Counters::depth); forced digits count at the depth of
    /// the guess they follow), index 0 for those before any guess.
    pub per_depth: Vec<u64>,
    /// The deepest the stack went in each stretch of [`Profile::bucket`] steps, oldest first.
    pub depths: Vec<u8>,
    /// Steps in each bucket of `depths`.
    pub bucket: u64,
    /// Steps in the last bucket so far.
    in_last: u64,
}

impl Profile {
    fn new() -> Profile {
        Profile {
            bucket: 1,
            ..Profile::default()
        }
    }

    fn placed_at(&mut self, depth: usize) {
        if self.per_depth.len() <= depth {
            self.per_depth.resize(depth + 1, 0);
        }
        self.per_depth[depth] += 1;
    }

    fn sample(&mut self, depth: usize) {
        let depth = depth.min(usize::from(u8::MAX)) as u8;
        match self.depths.last_mut() {
            Some(last) if self.in_last > 0 => *last = (*last).max(depth),
            _ => self.depths.push(depth),
        }
        self.in_last += 1;
        if self.in_last == self.bucket {
            self.in_last = 0;
            if self.depths.len() == DEPTH_BUCKETS {
                self.depths = self.depths.chunks(2).map(|pair| pair[0].max(pair[1])).collect();
                self.bucket *= 2;
            }
        }
    }

    /// The depth over time squeezed into `width` columns, each the deepest of the buckets it
    /// covers.
    pub fn depths_in(&self, width: usize) -> Vec<u64> {
        let width = width.max(1);
        if self.depths.len() <= width {
            return self.depths.iter().map(|&d| u64::from(d)).collect();
        }
        let per = self.depths.len().div_ceil(width);
        self.depths
            .chunks(per)
            .map(|c| u64::from(c.iter().copied().max().unwrap_or(0)))
            .collect()
    }
}

/// Where step mode stops a run on its own, besides solutions and the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakpoints {
    /// Stop when one of these cells gets a digit.
    pub cells: CellSet,
    /// Stop when a guess is made at this depth.
    pub depth: Option<usize>,
}

impl Breakpoints {
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.depth.is_none()
    }

    /// The breakpoint `step` meets, in words (`r5c3 got 4`, `depth 12 reached`), if any.
    pub fn met_by(&self, step: &Step) -> Option<String> {
        let Step::Place {
            pos,
            digit,
            depth,
            forced,
        } = *step
        else {
            return None;
        };
        if self.cells.contains(pos) {
            return Some(format!("{pos} got {digit}"));
        }
        (!forced && self.depth == Some(depth)).then(|| format!("depth {depth} reached ({pos}={digit})"))
    }

    /// What is set, in words: `r5c3, r1c1; depth 12`, or `none`.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self.cells.iter().map(|p| p.to_string()).collect();
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(", ")
        }
    }
}

/// What the steps so far add up to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// Steps taken.
    pub position: u64,
    /// The last step taken.
    pub last: Option<Step>,
    /// The step before it.
    pub previous: Option<Step>,
    /// Decisions on the stack now, as [`Counters::depth`](sudoku_engine::Counters::depth).
    pub depth: usize,
    /// The position of the first guess of each decision on the stack, outermost first.
    pub decision_starts: Vec<u64>,
    /// The search's shape so far.
    pub profile: Profile,
}

impl Track {
    /// Before any step.
    pub fn new() -> Track {
        Track {
            position: 0,
            last: None,
            previous: None,
            depth: 0,
            decision_starts: Vec::new(),
            profile: Profile::new(),
        }
    }

    /// Notes one more step.
    pub fn note(&mut self, step: Step) {
        self.position += 1;
        self.previous = self.last.replace(step);
        match step {
            Step::Place { depth, forced, .. } => {
                self.profile.placed_at(depth);
                self.depth = depth;
                if !forced {
                    // A guess at depth d is the d-th decision: the same one as before when it
                    // tries its next option, else a new one.
                    self.decision_starts.truncate(depth);
                    if self.decision_starts.len() < depth {
                        self.decision_starts.push(self.position);
                    }
                }
            }
            Step::Remove {
                depth, forced: false, ..
            } => {
                // The decisions deeper than this guess's are over; its own stays on the stack.
                self.decision_starts.truncate(depth);
                self.depth = depth;
            }
            Step::Remove { depth, .. } => self.depth = depth,
            Step::Solved => {}
            Step::Exhausted => {
                self.decision_starts.clear();
                self.depth = 0;
            }
            // A kind of step to come changes no decision until it is taught here.
            _ => {}
        }
        self.profile.sample(self.depth);
    }
}

impl Default for Track {
    fn default() -> Track {
        Track::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_over_time_stays_bounded_and_keeps_the_deepest() {
        let mut p = Profile::new();
        for i in 0..100_000u64 {
            p.sample(if i == 77_777 { 60 } else { (i % 7) as usize });
        }
        assert!(p.depths.len() <= DEPTH_BUCKETS, "{}", p.depths.len());
        assert!(p.bucket > 1);
        assert_eq!(p.depths.iter().copied().max(), Some(60), "the peak survives merging");
        let squeezed = p.depths_in(40);
        assert!(squeezed.len() <= 40 && squeezed.contains(&60), "{squeezed:?}");
    }

    #[test]
    fn a_breakpoint_on_a_cell_or_a_depth_is_met_by_placements_only() {
        use sudoku_engine::{Digit, Pos};
        let pos = Pos::at(4, 2).unwrap();
        let mut b = Breakpoints::default();
        b.cells.insert(pos);
        b.depth = Some(3);
        let digit = Digit::new(4).unwrap();
        let place = |pos, depth, forced| Step::Place {
            pos,
            digit,
            depth,
            forced,
        };
        assert_eq!(b.met_by(&place(pos, 1, true)).as_deref(), Some("r5c3 got 4"));
        assert_eq!(
            b.met_by(&place(Pos::FIRST, 3, false)).as_deref(),
            Some("depth 3 reached (r1c1=4)")
        );
        assert_eq!(
            b.met_by(&place(Pos::FIRST, 3, true)),
            None,
            "a forced digit is no guess"
        );
        assert_eq!(b.met_by(&place(Pos::FIRST, 2, false)), None);
        let remove = Step::Remove {
            pos,
            digit,
            depth: 3,
            forced: false,
        };
        assert_eq!(b.met_by(&remove), None);
        assert_eq!(b.describe(), "r5c3, depth 3");
    }
}
