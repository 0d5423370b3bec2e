//! Undo and redo. An edit keeps only the board and pencil marks before it (324 bytes); a load keeps the whole
//! document it replaced, whose lines and collection are shared, not copied. History is bounded by
//! count and by bytes, the oldest records going first, so that no puzzle file, however big its
//! comments, makes typing cost memory.

use super::document::Document;
use std::collections::VecDeque;
use sudoku_engine::{Board, Marks};

/// At most this many changes can be undone.
pub const MAX_RECORDS: usize = 10_000;

/// At most this many bytes are kept for undo and redo together.
pub const MAX_BYTES: usize = 32 * 1024 * 1024;

/// What undoing one change needs.
#[derive(Clone, Debug, PartialEq, Eq)]
// Edits are nearly every record and are kept inline: boxing them would allocate per keystroke
// to save the bytes of the rarer loads.
#[allow(clippy::large_enum_variant)]
pub enum Change {
    /// The board and pencil marks before an edit of the same document.
    Edit(Board, Marks),
    /// The document before another one replaced it (a load, a paste, a new board).
    Load(Box<Document>),
}

impl Change {
    fn weight(&self) -> usize {
        match self {
            Change::Edit(..) => std::mem::size_of::<Change>(),
            Change::Load(doc) => std::mem::size_of::<Change>() + doc.weight(),
        }
    }

    /// The change that takes `current` back to what this one restores, and the document after
    /// this one is undone (or redone).
    fn swap(self, current: &mut Document) -> Change {
        match self {
            Change::Edit(board, marks) => Change::Edit(
                std::mem::replace(&mut current.board, board),
                std::mem::replace(&mut current.marks, marks),
            ),
            Change::Load(doc) => Change::Load(Box::new(std::mem::replace(current, *doc))),
        }
    }
}

/// The changes that can be undone, and those undone that can be redone.
#[derive(Debug, Default)]
pub struct History {
    undo: VecDeque<Change>,
    redo: VecDeque<Change>,
    bytes: usize,
}

impl History {
    /// Remembers a change just made; forgets what could be redone.
    pub fn record(&mut self, change: Change) {
        for undone in self.redo.drain(..) {
            self.bytes -= undone.weight();
        }
        self.bytes += change.weight();
        self.undo.push_back(change);
        self.trim();
    }

    /// Drops the oldest changes until the bounds hold (the newest is always kept).
    fn trim(&mut self) {
        while self.undo.len() > 1 && (self.undo.len() > MAX_RECORDS || self.bytes > MAX_BYTES) {
            if let Some(old) = self.undo.pop_front() {
                self.bytes -= old.weight();
            }
        }
    }

    /// Undoes the last change on `current`; `false` if there is none.
    pub fn undo(&mut self, current: &mut Document) -> bool {
        let Some(change) = self.undo.pop_back() else {
            return false;
        };
        self.bytes -= change.weight();
        let back = change.swap(current);
        self.bytes += back.weight();
        self.redo.push_back(back);
        true
    }

    /// Redoes the last change undone on `current`; `false` if there is none.
    pub fn redo(&mut self, current: &mut Document) -> bool {
        let Some(change) = self.redo.pop_back() else {
            return false;
        };
        self.bytes -= change.weight();
        let back = change.swap(current);
        self.bytes += back.weight();
        self.undo.push_back(back);
        self.trim();
        true
    }

    /// How many changes can be undone.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// The bytes the history holds, by its own count.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::Document;
    use std::sync::Arc;
    use sudoku_engine::{Cell, Digit, Note, Pos};

    #[test]
    fn edits_and_loads_undo_and_redo_in_order() {
        let mut doc = Document::new_empty();
        let mut history = History::default();
        let before = doc.board.clone();
        doc.board.set(Pos::FIRST, Cell::Entry(Digit::new(5).unwrap()));
        history.record(Change::Edit(before, Marks::NONE));
        let edited = doc.clone();
        let mut other = Document::new_empty();
        other.board.set(Pos::FIRST, Cell::Given(Digit::new(1).unwrap()));
        history.record(Change::Load(Box::new(std::mem::replace(&mut doc, other.clone()))));
        assert!(history.undo(&mut doc));
        assert_eq!(doc, edited);
        assert!(history.undo(&mut doc));
        assert_eq!(doc, Document::new_empty());
        assert!(!history.undo(&mut doc));
        assert!(history.redo(&mut doc));
        assert!(history.redo(&mut doc));
        assert_eq!(doc, other);
        assert!(!history.redo(&mut doc));
    }

    #[test]
    fn big_notes_are_not_copied_per_edit_and_history_stays_in_its_bytes() {
        // A document with 20 MB of comments: an edit record stays the size of a board and its marks.
        let mut doc = Document::new_empty();
        let mut text = (*doc.source.text).clone();
        text.notes = (0..20).map(|_| Note::new(0, "#".repeat(1 << 20))).collect();
        doc.source.text = Arc::new(text);
        let mut history = History::default();
        for i in 0..1000 {
            let before = doc.board.clone();
            doc.board.set(
                Pos::new(i % 81).unwrap(),
                Cell::Entry(Digit::new(1 + (i % 9) as u8).unwrap()),
            );
            history.record(Change::Edit(before, Marks::NONE));
        }
        assert!(history.bytes() < 1000 * 400, "{} bytes for 1000 edits", history.bytes());
        // Loads of such a document count its notes, and the oldest go to keep the bound.
        for _ in 0..5 {
            history.record(Change::Load(Box::new(doc.clone())));
        }
        assert!(history.bytes() <= MAX_BYTES, "{} bytes", history.bytes());
        assert!(history.undo_len() >= 1);
    }
}
