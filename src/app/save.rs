//! Saving, without ever destroying anything: `w` rewrites only the cells of the file the puzzle
//! came from (its comments, metadata, layout and line ends stay byte for byte, and another puzzle
//! of a collection is never overwritten), and only if no other program changed the file since it
//! was read (else it asks). Entries and the solver's digits go to a progress file, since the
//! other formats hold givens only; a save in such a format keeps the givens and says what it left
//! out. A progress file saved over itself keeps every line it does not own where it stood. Save
//! as asks before replacing a file, and says which format the name chooses. A file deleted or
//! moved since it was read, a read-only file, a file with other names (hard links) and a folder
//! that takes no new file are each asked about before anything is written.

use super::document::{Origin, Place};
use super::effects::{Check, SaveBytes, SaveFailure, SaveRequest, Saved};
use super::files::{Caution, Consent, hint_of};
use super::{Action, App, Effect, Overlay, Prompt, Then};
use sudoku_engine::{Board, Format, Marks, Puzzle};
use crate::text::printable;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A save the runtime is carrying out, and what it makes of the document once done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingSave {
    /// The file saved to, as named.
    pub path: PathBuf,
    /// The format written.
    pub format: Format,
    /// Whether the document keeps its place in its collection (a save in place), rather than
    /// becoming the one puzzle of a new file.
    pub keep_collection: bool,
    /// The board the file holds once saved.
    pub saved: Board,
    /// The marks the file holds once saved.
    pub saved_marks: Marks,
    /// What the format could not hold (entries, solver digits), for the message.
    pub left_out: usize,
    /// Whether the format could not hold the pencil marks.
    pub marks_left_out: bool,
    /// The request, to ask it again over a changed or existing file.
    pub request: SaveRequest,
    /// The path as typed in the save prompt, to show it again if the save fails.
    pub typed: Option<(String, Format, bool)>,
}

impl App {
    /// `w`: save to the file the puzzle came from, in its format; ask for a path when there is
    /// no file, or when the format cannot keep the entries.
    pub(super) fn save(&mut self) {
        let Some(path) = self.doc.path().cloned() else {
            self.ask_save_path();
            return;
        };
        let format = self.doc.source.format;
        if !self.doc.fits(format) {
            self.ask_save_path();
            return;
        }
        let request = self.save_in_place(&path, format);
        self.start_save(request, &path, format, true, None);
    }

    /// The request that writes the document over its own file, in `format`.
    fn save_in_place(&self, path: &Path, format: Format) -> SaveRequest {
        let puzzle = self.doc.puzzle();
        let whole = format.to_string(&puzzle).into_bytes();
        let bytes = if format == self.doc.source.format && format == Format::Progress {
            // Its own lines where they stand; the person's lines, wherever they put them, stay.
            SaveBytes::Progress {
                expected: self.doc.source.saved.givens_only(),
                board: self.doc.board.clone(),
                lines: sudoku_engine::format::progress_lines(&puzzle),
                hint: hint_of(path),
                whole,
            }
        } else if format == self.doc.source.format && !format.keeps_entries() {
            let collection = self.doc.source.collection.as_ref();
            SaveBytes::Cells {
                expected: self.doc.source.saved.givens_only(),
                number: collection.map_or(0, |p| p.index),
                board: self.doc.board.givens_only(),
                hint: hint_of(path),
                // A single puzzle's file can be written whole once the user says to; a
                // collection's other puzzles must never be.
                whole: collection.is_none().then_some(whole),
            }
        } else {
            SaveBytes::Whole(whole)
        };
        SaveRequest {
            path: path.to_path_buf(),
            bytes,
            check: Check::Unchanged(self.doc.source.disk.clone()),
            consent: Consent::default(),
        }
    }

    fn start_save(
        &mut self,
        request: SaveRequest,
        path: &Path,
        format: Format,
        keep_collection: bool,
        typed: Option<(String, Format, bool)>,
    ) {
        let left_out = if format.keeps_entries() {
            0
        } else {
            self.doc.entry_count() + self.doc.placed_count()
        };
        let saved = if format.keeps_entries() {
            self.doc.board.clone()
        } else {
            self.doc.board.givens_only()
        };
        let saved_marks = if format.keeps_marks() {
            self.doc.marks.of_empty_cells(&self.doc.board)
        } else {
            Marks::NONE
        };
        let marks_left_out = !format.keeps_marks() && self.doc.has_marks();
        self.pending_save = Some(PendingSave {
            path: path.to_path_buf(),
            format,
            keep_collection,
            saved,
            saved_marks,
            left_out,
            marks_left_out,
            request: request.clone(),
            typed,
        });
        self.ask(Effect::Save(request));
    }

    /// Opens the save prompt, with a name to start from: the file's own, or, when the board
    /// holds entries or marks its format cannot keep, the same name as a progress file.
    pub(super) fn ask_save_path(&mut self) {
        let (suggested, format) = match &self.doc.source.origin {
            Origin::File(path) => (self.shown_path(path), self.doc.source.format),
            Origin::Builtin(name) => ((*name).to_string(), self.doc.source.format),
            Origin::Pasted | Origin::New | Origin::Generated | Origin::Trace(_) => {
                ("puzzle.sdk".to_string(), Format::Sdk)
            }
        };
        let (input, format) = if !self.doc.fits(format) {
            // Each puzzle of a collection its own progress file: `coll-2.swb` for the second.
            let suggested = match &self.doc.source.collection {
                Some(place) => numbered(&suggested, place.index + 1),
                None => suggested,
            };
            (
                with_extension(&suggested, Format::Progress.extension()),
                Format::Progress,
            )
        } else {
            (suggested, format)
        };
        let label = match self.doc.path() {
            Some(path) if !self.doc.fits(self.doc.source.format) => format!(
                "{} holds givens only: save your game (entries, marks and all) as",
                printable(&path.file_name().unwrap_or_default().to_string_lossy())
            ),
            None if !self.doc.fits(Format::Sdk) => "Save your game (entries, marks and all) as".into(),
            _ => "Save as".into(),
        };
        self.overlay = Some(Overlay::Prompt(Prompt {
            label,
            input,
            format,
            format_chosen: false,
        }));
    }

    /// A path as the user would type it: relative to where the workbench started when it is
    /// under it, else in full.
    fn shown_path(&self, path: &Path) -> String {
        path.strip_prefix(&self.cwd)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned()
    }

    pub(super) fn update_prompt(&mut self, mut prompt: Prompt, action: Action) {
        match action {
            Action::Input(c) => {
                prompt.input.push(c);
                follow_extension(&mut prompt);
            }
            Action::Paste(text) => {
                prompt.input.extend(text.chars().filter(|c| !c.is_control()));
                follow_extension(&mut prompt);
            }
            Action::InputBackspace => {
                prompt.input.pop();
                follow_extension(&mut prompt);
            }
            Action::NextFormat => {
                let i = Format::ALL.iter().position(|&f| f == prompt.format).unwrap_or(0);
                prompt.format = Format::ALL[(i + 1) % Format::ALL.len()];
                prompt.format_chosen = true;
                // The name follows the format when its extension is one of ours.
                let ours = ["txt", "sdk", "ss", "swb"];
                if Path::new(&prompt.input)
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| ours.contains(&e))
                {
                    prompt.input = with_extension(&prompt.input, prompt.format.extension());
                }
            }
            Action::Confirm if prompt.input.trim().is_empty() => {}
            Action::Confirm => {
                self.save_as(&prompt);
                return;
            }
            Action::Cancel => {
                self.say("Not saved");
                return;
            }
            _ => {}
        }
        self.overlay = Some(Overlay::Prompt(prompt));
    }

    /// Saves to the path typed, in the format shown.
    fn save_as(&mut self, prompt: &Prompt) {
        let path = self.cwd.join(prompt.input.trim());
        let typed = Some((prompt.input.clone(), prompt.format, prompt.format_chosen));
        let format = prompt.format;
        let own = self.doc.path().is_some_and(|p| same_file(p, &path));
        if let (true, Some(place)) = (own, &self.doc.source.collection)
            && format != self.doc.source.format
        {
            // One puzzle in another format would replace every puzzle of the file.
            self.complain(format!(
                "Not saved: this file holds {} puzzles; saving puzzle {} as {} would replace them all. Choose another name, or keep its format",
                place.len(),
                place.index + 1,
                format.name()
            ));
            self.overlay = Some(Overlay::Prompt(prompt.clone()));
            return;
        }
        if own {
            let request = self.save_in_place(&path, format);
            self.start_save(request, &path, format, format == self.doc.source.format, typed);
            return;
        }
        let board = if format.keeps_entries() {
            self.doc.board.clone()
        } else {
            self.doc.board.givens_only()
        };
        let puzzle = Puzzle {
            board,
            ..self.doc.puzzle()
        };
        let request = SaveRequest {
            path: path.clone(),
            bytes: SaveBytes::Whole(format.to_string(&puzzle).into_bytes()),
            check: Check::Absent,
            consent: Consent::default(),
        };
        self.start_save(request, &path, format, false, typed);
    }

    /// A save carried out: the document now belongs to the file saved, or the question the
    /// failure raises, or why it failed.
    pub(super) fn saved(&mut self, result: Result<Saved, SaveFailure>) {
        let Some(pending) = self.pending_save.take() else {
            return;
        };
        let shown = printable(&pending.path.to_string_lossy()).into_owned();
        let name = printable(&pending.path.file_name().unwrap_or_default().to_string_lossy()).into_owned();
        // The same save again, with what the person agrees to now (kept in the pending save
        // too, should the answer raise another question).
        let again = |change: &dyn Fn(&mut SaveRequest)| {
            let mut again = pending.clone();
            change(&mut again.request);
            Then::SaveOver(Box::new(again.request.clone()), again)
        };
        match result {
            Ok(saved) => self.now_saved(pending, saved),
            Err(SaveFailure::ChangedOnDisk) => {
                let over = again(&|r| r.check = Check::Overwrite);
                self.question(
                    format!(
                        "{shown} changed on disk since it was read: another program wrote it. Save over it anyway?"
                    ),
                    vec![('o', "overwrite it", over), ('s', "save as another file", Then::SaveAs)],
                );
            }
            Err(SaveFailure::Gone) => {
                // A collection's other puzzles went with its file: only this one can be saved.
                let collection = matches!(pending.request.bytes, SaveBytes::Cells { whole: None, .. });
                if collection {
                    self.question(
                        format!(
                            "{name} was deleted or moved since it was read, and its other puzzles with it. Save this puzzle as another file?"
                        ),
                        vec![('s', "save as another file", Then::SaveAs)],
                    );
                } else {
                    let write = again(&|r| r.check = Check::Overwrite);
                    self.question(
                        format!("{name} was deleted or moved since it was read. Write it again?"),
                        vec![
                            ('w', "write it again", write),
                            ('s', "save as another file", Then::SaveAs),
                        ],
                    );
                }
            }
            Err(SaveFailure::NeedsConsent(caution)) => {
                let (text, answer) = match caution {
                    Caution::ReadOnly => (
                        format!("{name} is read-only. Write over it anyway?"),
                        ('o', "overwrite it", again(&|r| r.consent.read_only = true)),
                    ),
                    Caution::Links(names) => (
                        format!(
                            "{name} has {names} names (hard links): a new file would leave the others with the old puzzle. Write into it in place, for every name?"
                        ),
                        ('i', "write in place", again(&|r| r.consent.in_place = true)),
                    ),
                    Caution::FolderClosed => (
                        format!(
                            "The folder of {name} takes no new file, so it cannot be replaced safely in one step. Write into it in place?"
                        ),
                        ('i', "write in place", again(&|r| r.consent.in_place = true)),
                    ),
                };
                self.question(text, vec![answer, ('s', "save as another file", Then::SaveAs)]);
            }
            Err(SaveFailure::Exists) => {
                let over = again(&|r| r.check = Check::Overwrite);
                self.question(
                    format!("{shown} exists. Replace it?"),
                    vec![('y', "replace it", over), ('n', "no, another name", Then::SaveAs)],
                );
            }
            Err(SaveFailure::PuzzleGone(why)) => self.complain(format!(
                "Not saved: {shown} changed on disk and {why}; W saves your puzzle to another file"
            )),
            Err(SaveFailure::Refused(why) | SaveFailure::Io(why)) => {
                self.complain(format!(
                    "Could not save to {shown}: {why} (nothing was changed on disk)"
                ));
                // Back to the prompt, as typed, to fix the name.
                if let Some((input, format, format_chosen)) = pending.typed {
                    self.overlay = Some(Overlay::Prompt(Prompt {
                        label: "Save as".into(),
                        input,
                        format,
                        format_chosen,
                    }));
                }
            }
        }
    }

    fn now_saved(&mut self, pending: PendingSave, saved: Saved) {
        let source = &mut self.doc.source;
        // Where the save found the puzzle is where it is now (another program may have moved
        // it, or changed the collection around it): the title and [ ] follow the file.
        if let (true, Some(found)) = (pending.keep_collection, saved.found) {
            source.collection = (found.puzzles.len() > 1).then(|| Place {
                puzzles: Arc::new(found.puzzles),
                index: found.index,
            });
        }
        // The collection's copy of this puzzle follows, so that [ and ] come back to it saved.
        if let (true, Some(place)) = (pending.keep_collection, source.collection.as_mut()) {
            let puzzles = Arc::make_mut(&mut place.puzzles);
            if let Some(Ok(record)) = puzzles.get_mut(place.index) {
                record.puzzle.board = pending.saved.givens_only();
            }
        }
        if !pending.keep_collection {
            source.collection = None;
        }
        source.origin = Origin::File(pending.path.clone());
        source.format = pending.format;
        source.disk = Some(saved.fingerprint);
        source.saved = pending.saved;
        source.saved_marks = pending.saved_marks;
        let mut text = format!(
            "Saved to {} ({})",
            pending.path.file_name().unwrap_or_default().to_string_lossy(),
            pending.format.description()
        );
        let left_out = match (pending.left_out, pending.marks_left_out) {
            (0, false) => None,
            (0, true) => Some("your pencil marks are".to_string()),
            (n, false) => Some(format!("your {n} entries and solver digits are")),
            (n, true) => Some(format!("your {n} entries and solver digits, and your marks, are")),
        };
        if let Some(what) = left_out {
            text.push_str(&format!(
                "; it holds givens only: {what} not in it and still unsaved (.swb keeps them)"
            ));
            self.complain(text);
        } else {
            self.say(text);
        }
    }
}

/// `name` with its extension replaced by (or given) `ext`.
fn with_extension(name: &str, ext: &str) -> String {
    Path::new(name).with_extension(ext).to_string_lossy().into_owned()
}

/// `name` with `-n` after its stem: `coll.sdm` and 2 make `coll-2.sdm`.
fn numbered(name: &str, n: usize) -> String {
    let path = Path::new(name);
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let file = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(file).to_string_lossy().into_owned()
}

/// The format follows the extension typed, until Tab chose one.
fn follow_extension(prompt: &mut Prompt) {
    if prompt.format_chosen {
        return;
    }
    let ext = Path::new(&prompt.input)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("txt") => prompt.format = Format::Line,
        Some(ext) => {
            if let Some(format) = Format::from_extension(ext).filter(|f| *f != Format::Line || ext == "sdm") {
                prompt.format = format;
            }
        }
        None => {}
    }
}

/// Whether two paths name the same file (as far as can be told: the same path, or the same file
/// on disk).
fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
