//! Undo and redo: whole documents before each change (a board is 162 bytes; collections are
//! shared, not copied).

use super::document::Document;

/// How many changes can be undone.
const DEPTH: usize = 1000;

/// The documents before the changes that can be undone, and after those undone.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Document>,
    redo: Vec<Document>,
}

impl History {
    /// Remembers `before`, the document as it was before a change; forgets what could be redone.
    pub fn record(&mut self, before: Document) {
        if self.undo.len() == DEPTH {
            self.undo.remove(0);
        }
        self.undo.push(before);
        self.redo.clear();
    }

    /// The document before the last change; `current` is kept for redo.
    pub fn undo(&mut self, current: &Document) -> Option<Document> {
        let before = self.undo.pop()?;
        self.redo.push(current.clone());
        Some(before)
    }

    /// The document after the last change undone; `current` is kept for undo.
    pub fn redo(&mut self, current: &Document) -> Option<Document> {
        let after = self.redo.pop()?;
        self.undo.push(current.clone());
        Some(after)
    }

    /// How many changes can be undone.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }
}
