//! The work as it was at the pastes of a run, kept for an end that comes soon after them.
//!
//! Keys read after a paste may have been its text, cut by a slow link where no rule tells it
//! from typing (see `tui::input`): at an end near a paste, `tui::run` writes each work kept here
//! that is not the work then into a recovery file of its own.

use crate::tui::input::{PASTE_GUARD, Sign};
use std::time::Instant;

/// The most works kept for one run of pastes: the first is always kept, the others replaced
/// from the last (a run of hundreds of pastes keeps the first and the latest).
const MOST: usize = 8;

/// The works at the signs of a paste the parser saw, oldest first (`W` is the document; a
/// parameter so that the rules can be tested on plain values).
#[derive(Debug)]
pub struct WorkAtPastes<W> {
    /// The parser's last sign when the works were last looked at.
    seen: Option<(Instant, Sign)>,
    works: Vec<W>,
}

impl<W: Clone + PartialEq> WorkAtPastes<W> {
    /// Nothing kept.
    pub fn new() -> Self {
        WorkAtPastes {
            seen: None,
            works: Vec::new(),
        }
    }

    /// Looks at the parser's last sign (`sign`) once it took what was read and before the
    /// inputs that came with it reach the model, `work` being the work then.
    ///
    /// A sign of a new run (the first, or one [`PASTE_GUARD`] or more after the one before)
    /// forgets the works of the old run: taken at the first sign of a run of pastes less than
    /// 30 s apart and kept through it, as a second paste would otherwise replace it with what
    /// the first one's keys left (attack U). Each later paste of the run adds the work then: the
    /// person's keys between two pastes are in it (attack W). An end marker alone never starts
    /// a run: it is the end of a paste whose start was cut or given up, and whose text went as
    /// keys, maybe for longer than 30 s; the work before those keys is the one at the last sign
    /// before it, however old (attack W, the 30 s edge).
    pub fn look(&mut self, sign: Option<(Instant, Sign)>, now: Instant, work: &W) {
        if sign == self.seen {
            return;
        }
        let new_run = !matches!(sign, Some((_, Sign::EndAlone)))
            && self
                .seen
                .is_none_or(|(last, _)| now.saturating_duration_since(last) >= PASTE_GUARD);
        if new_run {
            self.works.clear();
        }
        if self.works.last() != Some(work) {
            if self.works.len() == MOST {
                self.works.pop();
            }
            self.works.push(work.clone());
        }
        self.seen = sign;
    }

    /// The works kept, taken out.
    pub fn take(&mut self) -> Vec<W> {
        std::mem::take(&mut self.works)
    }
}

impl<W: Clone + PartialEq> Default for WorkAtPastes<W> {
    fn default() -> Self {
        WorkAtPastes::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn secs(t: Instant, s: u64) -> Instant {
        t + Duration::from_secs(s)
    }

    #[test]
    fn a_paste_keeps_the_work_before_its_keys() {
        let t = Instant::now();
        let mut kept = WorkAtPastes::new();
        kept.look(None, t, &"start");
        assert_eq!(kept.take(), Vec::<&str>::new(), "no sign, nothing kept");
        kept.look(Some((t, Sign::Paste)), t, &"before");
        kept.look(Some((t, Sign::Paste)), secs(t, 1), &"after its keys");
        assert_eq!(kept.take(), vec!["before"], "looked at once per sign");
    }

    #[test]
    fn a_run_of_pastes_keeps_the_first_and_the_work_at_each() {
        let t = Instant::now();
        let mut kept = WorkAtPastes::new();
        kept.look(Some((t, Sign::Paste)), t, &"first");
        kept.look(Some((secs(t, 20), Sign::Paste)), secs(t, 20), &"typed between");
        assert_eq!(kept.take(), vec!["first", "typed between"]);
    }

    #[test]
    fn a_paste_long_after_the_last_starts_a_new_run() {
        let t = Instant::now();
        let mut kept = WorkAtPastes::new();
        kept.look(Some((t, Sign::Paste)), t, &"old");
        kept.look(Some((secs(t, 31), Sign::Paste)), secs(t, 31), &"new");
        assert_eq!(kept.take(), vec!["new"]);
    }

    /// Attack W's edge: a paste given up (or its start cut), its text typed as keys for 32 s,
    /// then its end marker with a quit in the same read. The work before the pasted keys was
    /// forgotten, the run taken as new at the end marker.
    #[test]
    fn an_end_alone_long_after_the_paste_keeps_the_work_before_its_keys() {
        let t = Instant::now();
        let mut kept = WorkAtPastes::new();
        kept.look(Some((t, Sign::Paste)), t, &"before the paste");
        kept.look(Some((secs(t, 32), Sign::EndAlone)), secs(t, 32), &"as its keys left it");
        assert_eq!(kept.take(), vec!["before the paste", "as its keys left it"]);
    }

    #[test]
    fn a_run_of_hundreds_keeps_the_first_and_the_latest() {
        let t = Instant::now();
        let mut kept = WorkAtPastes::new();
        for k in 0..300 {
            kept.look(Some((secs(t, k), Sign::Paste)), secs(t, k), &k);
        }
        let works = kept.take();
        assert_eq!(works.len(), MOST);
        assert_eq!((works[0], works[MOST - 1]), (0, 299));
    }
}
