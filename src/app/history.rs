//! Undo and redo. An edit keeps only the board and pencil marks before it (324 bytes), a
//! colouring the colours before it (boxed: it is rarer, and ten times the size); a load keeps the
//! whole document it replaced, whose lines and collection are shared, not copied. An undo or redo
//! says which cell it changed, for the cursor to go there. History is bounded by
//! count and by bytes, the oldest records going first, so that no puzzle file, however big its
//! comments, makes typing cost memory.

use super::document::Document;
use std::collections::VecDeque;
use sudoku_engine::{Board, Colours, Marks, Pos};

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
    /// The colours before a colouring.
    Colours(Box<Colours>),
    /// The document before another one replaced it (a load, a paste, a new board).
    Load(Box<Document>),
}

/// What an undo or redo changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Cells of the board, its marks or its colours; the first of them, in reading order, where
    /// a digit changed if one did (a hint's digit rather than the marks it took around it).
    Cell(Pos),
    /// No cell: the whole document (a load), or a change that left every cell as it was.
    Document,
}

impl Change {
    fn weight(&self) -> usize {
        match self {
            Change::Edit(..) => std::mem::size_of::<Change>(),
            Change::Colours(_) => std::mem::size_of::<Change>() + std::mem::size_of::<Colours>(),
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
            Change::Colours(colours) => Change::Colours(Box::new(std::mem::replace(&mut current.colours, *colours))),
            Change::Load(doc) => Change::Load(Box::new(std::mem::replace(current, *doc))),
        }
    }

    /// What swapping this change (now holding what was there before the swap) with `current`
    /// changed.
    fn changed(&self, current: &Document) -> Changed {
        let first = match self {
            Change::Edit(board, marks) => Pos::all()
                .find(|p| board.cell(*p) != current.board.cell(*p))
                .or_else(|| Pos::all().find(|p| marks.get(*p) != current.marks.get(*p))),
            Change::Colours(colours) => colours.changed_cells(&current.colours).next(),
            Change::Load(_) => None,
        };
        first.map_or(Changed::Document, Changed::Cell)
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

    /// Undoes the last change on `current`: what it changed, or `None` if there is none.
    pub fn undo(&mut self, current: &mut Document) -> Option<Changed> {
        let change = self.undo.pop_back()?;
        self.bytes -= change.weight();
        let back = change.swap(current);
        self.bytes += back.weight();
        let changed = back.changed(current);
        self.redo.push_back(back);
        Some(changed)
    }

    /// Redoes the last change undone on `current`: what it changed, or `None` if there is none.
    pub fn redo(&mut self, current: &mut Document) -> Option<Changed> {
        let change = self.redo.pop_back()?;
        self.bytes -= change.weight();
        let back = change.swap(current);
        self.bytes += back.weight();
        let changed = back.changed(current);
        self.undo.push_back(back);
        self.trim();
        Some(changed)
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
        assert_eq!(history.undo(&mut doc), Some(Changed::Document));
        assert_eq!(doc, edited);
        assert_eq!(history.undo(&mut doc), Some(Changed::Cell(Pos::FIRST)));
        assert_eq!(doc, Document::new_empty());
        assert_eq!(history.undo(&mut doc), None);
        assert_eq!(history.redo(&mut doc), Some(Changed::Cell(Pos::FIRST)));
        assert_eq!(history.redo(&mut doc), Some(Changed::Document));
        assert_eq!(doc, other);
        assert_eq!(history.redo(&mut doc), None);
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

    /// A change of digits and marks says the cell of its digit; one of colours, the cell it
    /// painted.
    #[test]
    fn an_undo_says_the_cell_it_changed() {
        let mut doc = Document::new_empty();
        let mut history = History::default();
        let at = |r, c| Pos::at(r, c).unwrap();
        // A hint's digit in r5c5, and a mark taken from r1c5 with it.
        let before = (doc.board.clone(), doc.marks);
        doc.marks
            .set(at(0, 4), sudoku_engine::DigitSet::single(Digit::new(3).unwrap()));
        history.record(Change::Edit(before.0, before.1));
        let before = (doc.board.clone(), doc.marks);
        doc.board.set(at(4, 4), Cell::Entry(Digit::new(3).unwrap()));
        doc.marks.set(at(0, 4), sudoku_engine::DigitSet::EMPTY);
        history.record(Change::Edit(before.0, before.1));
        let mut painted = doc.colours;
        painted.set_cell(at(7, 2), sudoku_engine::Colour::from_letter('b'));
        history.record(Change::Colours(Box::new(std::mem::replace(&mut doc.colours, painted))));
        assert_eq!(history.undo(&mut doc), Some(Changed::Cell(at(7, 2))));
        assert!(doc.colours.is_empty());
        assert_eq!(
            history.undo(&mut doc),
            Some(Changed::Cell(at(4, 4))),
            "the digit, not the mark"
        );
        assert_eq!(
            history.undo(&mut doc),
            Some(Changed::Cell(at(0, 4))),
            "marks alone: their cell"
        );
        assert_eq!(history.redo(&mut doc), Some(Changed::Cell(at(0, 4))));
        assert_eq!(history.redo(&mut doc), Some(Changed::Cell(at(4, 4))));
        assert_eq!(history.redo(&mut doc), Some(Changed::Cell(at(7, 2))));
        assert_eq!(doc.colours, painted);
    }
}
