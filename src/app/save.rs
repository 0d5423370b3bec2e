//! Saving, without ever destroying anything: `w` rewrites only the cells of the file the puzzle
//! came from (its comments, metadata, layout and line ends stay byte for byte, and another puzzle
//! of a collection is never overwritten), and only if no other program changed the file since it
//! was read (else it asks). Entries and the solver's digits go to a progress file, since the
//! other formats hold givens only; a save in such a format keeps the givens and says what it left
//! out. A progress file saved over itself keeps every line it does not own where it stood. Save
//! as asks before replacing a file, and says which format the name chooses. A file deleted or
//! moved since it was read, a read-only file, a file with other names (hard links) and a folder
//! that takes no new file are each asked about before anything is written. Nothing is written
//! that the workbench could not open again: a game too big for that is refused, and may be saved
//! without the puzzle's other lines (which are most of such a file).

use super::document::{Origin, Place};
use super::effect::{
    AfterSameFile, Caution, Check, Consent, MAX_FILE_SIZE, SaveBytes, SaveFailure, SaveRequest, Saved, hint_of,
};
use super::{Action, App, Effect, Overlay, Prompt, Then};
use crate::text::{counted, counted_as, printable, printable_os, size};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sudoku_engine::{Board, Colours, Format, Marks, Notes, Puzzle};

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
    /// The colours the file holds once saved.
    pub saved_colours: Colours,
    /// What the format could not hold, for the message: how many entries, how many solver
    /// digits.
    pub left_out: (usize, usize),
    /// Whether the format could not hold the pencil marks.
    pub marks_left_out: bool,
    /// Whether the format could not hold the colours (only a progress file does).
    pub colours_left_out: bool,
    /// The request, to ask it again over a changed or existing file.
    pub request: SaveRequest,
    /// The save prompt as it was, to show it again if the save fails.
    pub typed: Option<Prompt>,
    /// Whether the puzzle's other lines (comments, metadata) are left out of the file.
    pub without_lines: bool,
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
        if self.paste_near {
            // Over the document's own file: its contents are in no recovery file, and pasted
            // text typed as keys may have changed the board and typed this `w` (attack U).
            self.complain(
                "Not saved: a paste came under 30 s ago and may have typed this w. Save again later, or use W.",
            );
            return;
        }
        let request = self.save_in_place(&path, format);
        self.start_save(request, &path, format, true, None);
    }

    /// The request that writes the document over its own file, in `format`.
    fn save_in_place(&self, path: &Path, format: Format) -> SaveRequest {
        let puzzle = self.doc.puzzle();
        let whole = format.to_string(&puzzle).into_bytes();
        let expected = self.doc.source.saved.givens_only();
        let hint = hint_of(path);
        // Should the file be gone or emptied when the save comes, written whole: as it was
        // read (or last saved), the changes made in it, where its bytes were kept.
        let as_read = self.doc.source.disk.as_ref().and_then(|disk| disk.text());
        let bytes = if format == self.doc.source.format && format == Format::Progress {
            // Its own lines where they stand; the person's lines, wherever they put them, stay.
            let lines = sudoku_engine::progress_lines(&puzzle);
            let whole = as_read
                .and_then(|text| sudoku_engine::rewrite_progress(text, hint, &expected, &self.doc.board, &lines).ok())
                .unwrap_or(whole);
            SaveBytes::Progress {
                expected,
                board: self.doc.board.clone(),
                lines,
                hint,
                whole,
            }
        } else if format == self.doc.source.format && !format.keeps_entries() {
            let collection = self.doc.source.collection.as_ref();
            let board = self.doc.board.givens_only();
            // A single puzzle's file can be written whole once the user says to; a
            // collection's other puzzles must never be.
            let whole = collection.is_none().then(|| {
                as_read
                    .and_then(|text| sudoku_engine::rewrite_cells(text, hint, &expected, 0, &board).ok())
                    .unwrap_or(whole)
            });
            SaveBytes::Cells {
                expected,
                number: collection.map_or(0, |p| p.index),
                board,
                hint,
                whole,
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
        typed: Option<Prompt>,
    ) {
        let left_out = if format.keeps_entries() {
            (0, 0)
        } else {
            (self.doc.entry_count(), self.doc.placed_count())
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
        let keeps_colours = format == Format::Progress;
        let saved_colours = if keeps_colours {
            self.doc.colours.of_empty_cells(&self.doc.board)
        } else {
            Colours::NONE
        };
        let colours_left_out = !keeps_colours && self.doc.has_colours();
        let without_lines = typed.as_ref().is_some_and(|p| p.without_lines);
        self.pending_save = Some(PendingSave {
            path: path.to_path_buf(),
            format,
            keep_collection,
            saved,
            saved_marks,
            saved_colours,
            left_out,
            marks_left_out,
            colours_left_out,
            request: request.clone(),
            typed,
            without_lines,
        });
        self.ask(Effect::Save(request));
    }

    /// Opens the save prompt, with a name to start from: the file's own, or, when the board
    /// holds entries or marks its format cannot keep, the same name as a progress file.
    pub(super) fn ask_save_path(&mut self) {
        let (offered, format) = self.offered_name();
        let label = match self.doc.path() {
            Some(path) if !self.doc.fits(self.doc.source.format) => format!(
                "{} holds givens only: save your game (entries, marks and all) as",
                printable_os(path.file_name().unwrap_or_default())
            ),
            None if !self.doc.fits(Format::Sdk) => "Save your game (entries, marks and all) as".into(),
            _ => "Save as".into(),
        };
        self.open_prompt(label, offered, format, false);
    }

    /// Opens the save prompt for the game without the puzzle's other lines (a game too big
    /// to save with them), with a name beside the file's own: `edge-game.swb`.
    pub(super) fn ask_save_path_without_lines(&mut self) {
        let (offered, format) = self.offered_name();
        let offered = suffixed(&offered, "-game");
        let label = "Save your game without the puzzle's other lines (comments, metadata) as".to_string();
        self.open_prompt(label, offered, format, true);
    }

    /// The name the save prompt starts from, and its format: the file's own (as the user would
    /// type it), or, when the board holds entries or marks the format cannot keep, the same
    /// name as a progress file (numbered for a puzzle of a collection). Built from the name's
    /// bytes, not from text: a name that is not UTF-8 is offered as it is.
    fn offered_name(&self) -> (PathBuf, Format) {
        let (suggested, format) = match &self.doc.source.origin {
            Origin::File(path) => (self.shown_path(path), self.doc.source.format),
            Origin::Builtin(name) => (PathBuf::from(name), self.doc.source.format),
            Origin::Pasted | Origin::New | Origin::Generated | Origin::Trace(_) => {
                (PathBuf::from("puzzle.sdk"), Format::Sdk)
            }
        };
        if self.doc.fits(format) {
            return (suggested, format);
        }
        // Each puzzle of a collection its own progress file: `coll-2.swb` for the second.
        let suggested = match &self.doc.source.collection {
            Some(place) => numbered(&suggested, place.index + 1),
            None => suggested,
        };
        (suggested.with_extension(Format::Progress.extension()), Format::Progress)
    }

    fn open_prompt(&mut self, label: String, offered: PathBuf, format: Format, without_lines: bool) {
        self.overlay = Some(Overlay::Prompt(Prompt {
            label,
            input: offered.to_string_lossy().into_owned(),
            format,
            format_chosen: false,
            offered: Some(offered),
            without_lines,
        }));
    }

    /// A path as the user would type it: relative to where the workbench started when it is
    /// under it, else in full.
    fn shown_path(&self, path: &Path) -> PathBuf {
        path.strip_prefix(&self.cwd).unwrap_or(path).to_path_buf()
    }

    pub(super) fn update_prompt(&mut self, mut prompt: Prompt, action: Action) {
        match action {
            // Typed: the name is the text now, what was offered no longer.
            Action::Input(c) => {
                prompt.offered = None;
                prompt.input.push(c);
                follow_extension(&mut prompt);
            }
            Action::Paste(text) => {
                prompt.offered = None;
                prompt.input.extend(text.chars().filter(|c| !c.is_control()));
                follow_extension(&mut prompt);
            }
            Action::InputBackspace => {
                prompt.offered = None;
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
                    if let Some(offered) = &mut prompt.offered {
                        offered.set_extension(prompt.format.extension());
                    }
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
        let path = match &prompt.offered {
            Some(offered) => self.cwd.join(offered),
            None => self.cwd.join(prompt.input.trim()),
        };
        // Whether it is the puzzle's own file under another name (a link, `..`) is the disk's to
        // say: the runtime answers ([`Action::SameFile`]).
        match self.doc.path().map(|p| p.to_path_buf()) {
            Some(own) if own != path => {
                let then = AfterSameFile::SaveAs(Box::new(prompt.clone()), path.clone());
                self.ask(Effect::SameFile(own, path, then));
            }
            own => self.save_as_checked(prompt, path, own.is_some()),
        }
    }

    /// Saves to `path`, typed in `prompt`, `own` telling whether it is the puzzle's own file.
    pub(super) fn save_as_checked(&mut self, prompt: &Prompt, path: PathBuf, own: bool) {
        let typed = Some(prompt.clone());
        let format = prompt.format;
        if own && prompt.without_lines {
            // Its lines are in it: written without them, they would be gone.
            self.complain("Not saved: that is the puzzle's own file, which holds its other lines; choose another name");
            self.overlay = Some(Overlay::Prompt(prompt.clone()));
            return;
        }
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
        if own && self.paste_near {
            // Save as onto its own file is a save in place: it waits near a paste as `w` does
            // (attack W: pasted `W` Enter saved over the file).
            self.complain(
                "Not saved: a paste came under 30 s ago and may have typed this. Save later, or use another name.",
            );
            self.overlay = Some(Overlay::Prompt(prompt.clone()));
            return;
        }
        if own {
            let request = self.save_in_place(&path, format);
            self.start_save(request, &path, format, format == self.doc.source.format, typed);
            return;
        }
        let request = SaveRequest {
            path: path.clone(),
            bytes: SaveBytes::Whole(self.whole_file(format, prompt.without_lines)),
            check: Check::Absent,
            consent: Consent::default(),
        };
        self.start_save(request, &path, format, false, typed);
    }

    /// The document as a whole file in `format` (givens only where the format keeps no
    /// entries), `without_lines` leaving out the puzzle's other lines.
    fn whole_file(&self, format: Format, without_lines: bool) -> Vec<u8> {
        let board = if format.keeps_entries() {
            self.doc.board.clone()
        } else {
            self.doc.board.givens_only()
        };
        let mut puzzle = Puzzle {
            board,
            ..self.doc.puzzle()
        };
        if without_lines {
            puzzle.notes = Notes::new();
            puzzle.comment = None;
        }
        format.to_string(&puzzle).into_bytes()
    }

    /// A save refused because the file would be more than the workbench reads: why, and the
    /// way out, the game without the puzzle's other lines (comments, metadata), which are all
    /// but a few kilobytes of such a file. Written over the puzzle's own file, they would be
    /// gone: then only as another file.
    fn too_big_to_save(&mut self, pending: PendingSave, bytes: u64) {
        if pending.without_lines || self.doc.source.text.notes_len() == 0 {
            let (_, why) = too_big_why(&pending, bytes);
            self.complain(format!("Not saved: {why}"));
            return;
        }
        // Whether the save was to the puzzle's own file is the disk's to say (a link, `..`).
        match &self.doc.source.origin {
            Origin::File(own) if *own != pending.path => {
                let (own, path) = (own.clone(), pending.path.clone());
                self.ask(Effect::SameFile(
                    own,
                    path,
                    AfterSameFile::TooBig(Box::new(pending), bytes),
                ));
            }
            Origin::File(_) => self.too_big_to_save_checked(pending, bytes, true),
            _ => self.too_big_to_save_checked(pending, bytes, false),
        }
    }

    /// A save refused as too big, with a way out (see [`App::too_big_to_save`]), `own` telling
    /// whether it was to the puzzle's own file.
    pub(super) fn too_big_to_save_checked(&mut self, pending: PendingSave, bytes: u64, own: bool) {
        let (name, why) = too_big_why(&pending, bytes);
        let lines = self.doc.source.text.notes_len() as u64;
        let lines = format!("the puzzle's other lines (comments, metadata) take {}", size(lines));
        match &self.doc.source.origin {
            Origin::File(_) if own => self.question(
                format!("{why}: {lines}. Save your game without them, as another file? They stay in {name}"),
                vec![('s', "save as another file", Then::SaveAsWithoutLines)],
            ),
            origin => {
                let kept = match origin {
                    Origin::File(file) => {
                        format!("they stay in {}", printable_os(file.file_name().unwrap_or_default()))
                    }
                    _ => "they are in no file, so without them they are lost".to_string(),
                };
                let mut again = pending.clone();
                again.without_lines = true;
                again.request.bytes = SaveBytes::Whole(self.whole_file(pending.format, true));
                let request = Box::new(again.request.clone());
                self.question(
                    format!("{why}: {lines}. Save your game in it without them? ({kept})"),
                    vec![('c', "save without them", Then::SaveOver(request, again))],
                );
            }
        }
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
            Err(SaveFailure::TooBig(bytes)) => self.too_big_to_save(pending, bytes),
            Err(SaveFailure::PuzzleGone(why)) => self.complain(format!(
                "Not saved: {shown} changed on disk and {why}; W saves your puzzle to another file"
            )),
            Err(SaveFailure::Refused(why) | SaveFailure::Io(why)) => {
                self.complain(format!(
                    "Could not save to {shown}: {why} (nothing was changed on disk)"
                ));
                // Back to the prompt, as typed, to fix the name.
                if let Some(prompt) = pending.typed {
                    self.overlay = Some(Overlay::Prompt(Prompt {
                        label: "Save as".into(),
                        ..prompt
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
        source.saved_colours = pending.saved_colours;
        if pending.without_lines {
            // The file is the document's now: its lines are what the file holds.
            let text = &source.text;
            source.text = Arc::new(Puzzle {
                board: text.board.clone(),
                notes: Notes::new(),
                comment: None,
                fields: text.fields.clone(),
                marks: text.marks.clone(),
            });
        }
        let mut text = format!(
            "Saved to {} ({})",
            printable_os(pending.path.file_name().unwrap_or_default()),
            pending.format.description()
        );
        if pending.without_lines {
            text.push_str(" without the puzzle's other lines");
        }
        let (entries, placed) = pending.left_out;
        let digits: Vec<String> = [
            (entries > 0).then(|| counted_as(entries as u64, "entry", "entries")),
            (placed > 0).then(|| counted(placed as u64, "solver digit")),
        ]
        .into_iter()
        .flatten()
        .collect();
        let others = match (pending.marks_left_out, pending.colours_left_out) {
            (false, false) => None,
            (true, false) => Some("marks"),
            (false, true) => Some("colours"),
            (true, true) => Some("marks and colours"),
        };
        let left_out = match (digits.as_slice(), others) {
            ([], None) => None,
            ([], Some("marks")) => Some("your pencil marks are".to_string()),
            ([], Some(others)) => Some(format!("your {others} are")),
            // One digit alone: "your 1 entry is ... (.swb keeps it)".
            ([one], None) if entries + placed == 1 => Some(format!("your {one} is")),
            (digits, None) => Some(format!("your {} are", digits.join(" and "))),
            (digits, Some(others)) => Some(format!("your {}, and your {others}, are", digits.join(" and "))),
        };
        if let Some(what) = left_out {
            let them = if what.ends_with(" is") { "it" } else { "them" };
            text.push_str(&format!(
                "; it holds givens only: {what} not in it and still unsaved (.swb keeps {them})"
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

/// `path` with `-n` after its stem: `coll.sdm` and 2 make `coll-2.sdm`.
fn numbered(path: &Path, n: usize) -> PathBuf {
    suffixed(path, &format!("-{n}"))
}

/// `path` with `suffix` after its stem: `edge.sdk` and `-game` make `edge-game.sdk` (the
/// name's bytes kept, whatever they are).
fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut file = OsString::from(path.file_stem().unwrap_or_default());
    file.push(suffix);
    if let Some(ext) = path.extension() {
        file.push(".");
        file.push(ext);
    }
    path.with_file_name(file)
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

/// The name of the file a save too big was refused for, and why it was, for the screen.
fn too_big_why(pending: &PendingSave, bytes: u64) -> (String, String) {
    let name = printable_os(pending.path.file_name().unwrap_or_default());
    let why = format!(
        "{name} would be {}, more than the {} the workbench can open again, so nothing was written",
        size(bytes),
        size(MAX_FILE_SIZE)
    );
    (name, why)
}
