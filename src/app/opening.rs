//! The model's update for files coming in: the file browser's keys, files read (from the
//! command line or the browser), and the recovered work offered at start-up. The browser's own
//! state is in [`super::browser`].

use super::browser::{Browser, Want};
use super::document::{Document, Origin};
use super::effect::{Discard, Fingerprint, Offer, Reopened};
use super::{Action, App, Effect, Mode, Overlay, RecoveryOffer, Then};
use crate::text::printable;
use std::path::PathBuf;
use std::sync::Arc;
use sudoku_engine::Parsed;

impl App {
    /// Opens the file browser in the directory of the document's file, else where the
    /// workbench was started: the runtime makes the path absolute, `.` and `..` resolved where
    /// the file system can ([`Action::BrowseIn`]).
    pub(super) fn open_browser(&mut self) {
        let dir = self
            .doc
            .path()
            .and_then(|p| p.parent())
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| self.cwd.clone(), |p| p.to_path_buf());
        self.ask(Effect::Browse(self.cwd.join(dir)));
    }

    /// Opens the file browser in `dir` (absolute).
    pub(super) fn browse_in(&mut self, dir: PathBuf) {
        let mut browser = Box::new(Browser::new(dir));
        let want = browser.list();
        self.mode = Mode::Browse(browser);
        self.browser_wants(want);
    }

    pub(super) fn update_browse(&mut self, action: Action) {
        let Mode::Browse(browser) = &mut self.mode else { return };
        let want = match action {
            Action::ListMove(delta) => browser.move_by(delta),
            Action::ListTo(index) => browser.select(index),
            Action::ListDigit(digit) => browser.type_digit(digit),
            Action::ListOpen => browser.open(),
            Action::ListBack | Action::InputBackspace => {
                if browser.untype_digit() {
                    Want::Nothing
                } else {
                    browser.back()
                }
            }
            Action::Cancel | Action::Open => {
                self.mode = Mode::Edit;
                Want::Nothing
            }
            _ => Want::Nothing,
        };
        self.browser_wants(want);
    }

    /// Does what the browser asked for.
    pub(super) fn browser_wants(&mut self, want: Want) {
        match want {
            Want::Nothing => {}
            Want::List(request) => self.ask(Effect::List(request)),
            Want::Preview(path) => self.ask(Effect::Preview(path)),
            Want::OpenFile(path) => self.ask(Effect::Read {
                path,
                index: None,
                from_browser: true,
            }),
            Want::OpenBuiltin(builtin, index) => {
                self.mode = Mode::Edit;
                self.load(builtin.document(index));
            }
            Want::OpenPicked(index) => {
                let Mode::Browse(browser) = &self.mode else { return };
                let Some(picker) = &browser.picker else { return };
                let parsed = Parsed {
                    format: picker.format,
                    puzzles: (*picker.puzzles).clone(),
                };
                let origin = picker.origin.clone();
                let disk = match &origin {
                    Origin::File(path) => self.picked_fingerprint(path),
                    _ => None,
                };
                if let Some(doc) = Document::from_parsed(parsed, origin, index, disk) {
                    self.mode = Mode::Edit;
                    self.load(doc);
                }
            }
            Want::Say(text) => self.say(text),
        }
    }

    /// The fingerprint the picker's file had when read.
    fn picked_fingerprint(&self, path: &std::path::Path) -> Option<Fingerprint> {
        match &self.mode {
            Mode::Browse(browser) => browser
                .read
                .as_ref()
                .filter(|(p, _)| p == path)
                .map(|(_, fingerprint)| fingerprint.clone()),
            _ => None,
        }
    }

    /// A file read for the command line or the browser: a puzzle loads (asking over unsaved
    /// work); a collection opened in the browser shows its list; an error keeps the board.
    pub(super) fn file_read(
        &mut self,
        path: PathBuf,
        index: Option<usize>,
        from_browser: bool,
        result: Result<(Parsed, Fingerprint), String>,
    ) {
        let shown = printable(&path.to_string_lossy()).into_owned();
        let (parsed, fingerprint) = match result {
            Ok(read) => read,
            Err(why) => {
                self.complain(format!("Cannot open {shown}: {why}"));
                return;
            }
        };
        let count = parsed.puzzles.len();
        let unreadable = parsed.unreadable().count();
        let unreadable_note = if unreadable > 0 {
            let first = parsed.unreadable().next().map(|e| e.to_string()).unwrap_or_default();
            format!(" ({unreadable} of its {count} lines cannot be read: the first, {first})")
        } else {
            String::new()
        };
        if from_browser && count > 1 {
            if let Mode::Browse(browser) = &mut self.mode {
                let name = path
                    .file_name()
                    .map_or_else(|| shown.clone(), |n| printable(&n.to_string_lossy()).into_owned());
                browser.read = Some((path.clone(), fingerprint));
                browser.show_picker(name, Origin::File(path), parsed.format, Arc::new(parsed.puzzles));
                if unreadable > 0 {
                    self.say(format!(
                        "{unreadable} of {count} lines cannot be read; the others can be opened"
                    ));
                }
            }
            return;
        }
        let index = match index {
            Some(i) if i >= count => {
                let puzzles = if count == 1 {
                    "1 puzzle".to_string()
                } else {
                    format!("{count} puzzles")
                };
                self.complain(format!("{shown} has {puzzles}: there is no puzzle {}", i + 1));
                return;
            }
            Some(i) => i,
            None => parsed.puzzles.iter().position(Result::is_ok).unwrap_or(0),
        };
        if let Some(Err(e)) = parsed.puzzles.get(index) {
            self.complain(format!("Puzzle {} of {shown} cannot be read: {e}", index + 1));
            return;
        }
        let Some(doc) = Document::from_parsed(parsed, Origin::File(path), index, Some(fingerprint)) else {
            self.complain(format!("Cannot open {shown}: no puzzle reads"));
            return;
        };
        self.mode = Mode::Edit;
        self.load(doc);
        if !unreadable_note.is_empty() && self.overlay.is_none() {
            self.say(format!("Opened {}{unreadable_note}", self.doc.name()));
        }
    }

    pub(super) fn update_recovery(&mut self, mut offer: RecoveryOffer, action: Action) {
        let last = offer.offers.len().saturating_sub(1);
        match action {
            Action::ListMove(delta) => offer.selected = offer.selected.saturating_add_signed(delta).min(last),
            Action::ListTo(index) => offer.selected = index.min(last),
            Action::Answer('y') if self.paste_near => {
                // Reopening takes the file away from the recovery folder: pasted keys after it
                // could then change the work and end with it nowhere (attack U).
                self.complain("Not reopened: a paste came under 30 s ago and may have typed this y. Ask again later.");
            }
            Action::Answer('y') => {
                if let Some(chosen) = offer.offers.get(offer.selected) {
                    self.ask(Effect::Reopen(chosen.path.clone()));
                }
                return;
            }
            Action::Answer('d') => {
                if let Some(chosen) = offer.offers.get(offer.selected) {
                    let path = chosen.path.clone();
                    let summary = chosen.summary.clone();
                    self.question(
                        format!("Discard the work in {summary} for good?"),
                        vec![
                            ('y', "yes, discard it", Then::DiscardRecovery(path)),
                            ('n', "no", Then::Nothing),
                        ],
                    );
                }
                return;
            }
            Action::Cancel => {
                self.say("The recovered work is kept; it is offered again at the next start");
                return;
            }
            _ => {}
        }
        self.overlay = Some(Overlay::Recovery(offer));
    }

    /// Left-over recovery files found at start: offered, and the ones left alone named.
    pub(super) fn recovery_found(&mut self, offers: Vec<Offer>, older: usize, skipped: &[String]) {
        match skipped {
            [] => {}
            [one] => self.complain(format!("A recovery file is not offered: {one}; it is left as it is")),
            [first, more @ ..] => self.complain(format!(
                "{} recovery files are not offered: {first} and {} more; they are left as they are",
                skipped.len(),
                more.len()
            )),
        }
        if !offers.is_empty() {
            self.overlay = Some(Overlay::Recovery(RecoveryOffer {
                offers,
                older,
                selected: 0,
            }));
        }
    }

    /// Recovered work arrived: it replaces the board, as unsaved work, and its recovery file
    /// goes (this session keeps its own). The offer is answered at start-up, before any edit, so
    /// nothing unsaved is replaced. What did not come back as it was is said: why it is not
    /// on its file, and what `w` does then.
    pub(super) fn recovered(&mut self, path: PathBuf, result: Result<Reopened, String>) {
        let reopened = match result {
            Ok(reopened) => reopened,
            Err(why) => {
                self.complain(format!("Cannot reopen the recovered work: {why}"));
                return;
            }
        };
        self.replace_document(*reopened.doc);
        // The work reopened is where the session starts, as a file on the command line is: one
        // `u` (to take back the last entry before the crash) took the whole reopening back,
        // the recovery file went, and a `q` that did not ask lost the work (attack G).
        self.forget_history();
        self.ask(Effect::Discard(path, Discard::Reopened));
        const DONE: &str = "Reopened the work the last session left";
        if let Some(changed) = reopened.changed {
            // Said first: it is what the next `w` will ask about.
            let rest = reopened.lost.map(|lost| format!(", and {lost}")).unwrap_or_default();
            self.complain(format!("{DONE}, but {changed}{rest}: w asks before writing over it"));
            return;
        }
        match (reopened.detached, reopened.lost) {
            (None, None) => self.say(format!("{DONE}: w saves it")),
            (None, Some(lost)) => self.complain(format!("{DONE}, but {lost}: w saves the rest")),
            (Some(why), None) => self.complain(format!(
                "{DONE} as a board of its own, since {why}: w asks where to save it"
            )),
            (Some(why), Some(lost)) => self.complain(format!(
                "{DONE} as a board of its own, since {why}; and {lost}: w asks where to save the rest"
            )),
        }
    }

    /// A recovery file removed, or why it could not be: it is then offered again at the next
    /// start, which the person must know (a discarded file that comes back, or reopened work
    /// offered twice).
    pub(super) fn discarded(&mut self, why: Discard, result: Result<(), String>) {
        match (why, result) {
            (Discard::GivenUp, Ok(())) => self.say("The recovered work was discarded"),
            (Discard::GivenUp, Err(e)) => self.complain(format!(
                "The recovered work could not be discarded: {e}; it is offered again at the next start"
            )),
            (Discard::Reopened, Ok(())) => {}
            (Discard::Reopened, Err(e)) => {
                let said = self.message.take().map(|m| m.text).unwrap_or_default();
                self.complain(format!(
                    "{said}. Its recovery file could not be removed ({e}), so the next start offers this work again"
                ));
            }
        }
    }
}
