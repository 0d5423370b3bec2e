//! The lines of a puzzle's text that are not cells ([`Note`]s), packed: one buffer holds the
//! text of every line, and a line costs four bytes beside its text. A file of 12 million short
//! comment lines is 60 MB on disk; as a vector of `Note`s (a `String` each, 24 bytes and a heap
//! block of 32) it took 770 MB, packed it takes about as much as its text.
//!
//! ```text
//!   text  "#A Arto Inkala#C 1#C 2[Puzzle]..."     every line, one after the other
//!   ends   13, 17, 21, 29, ...                     where each line ends in `text`
//!   rows   (0, 0), (3, 9)                          lines 0.. stand before row 1, lines 3.. after row 9
//! ```
//!
//! The lines are shared between clones (an undo record, a document and its collection hold the
//! same lines without copying them) and copied only when a shared one is changed. How many
//! lines are `.sdk` metadata, and where the first of them stand, is counted as lines are added,
//! so that the side panel shows the first few and says how many there are without going through
//! millions of lines at every frame.

use super::puzzle::{MetaTag, Note, meta_of};
use std::fmt;
use std::sync::Arc;

/// Metadata lines whose places are remembered: more than a panel shows at once on any screen
/// (past them, the next are looked for line by line).
const FIRST_META: usize = 256;

/// The most bytes of text the lines may hold together, and the most lines: places in the
/// buffer are kept in 32 bits. No puzzle file comes near (files are read up to 64 MB).
pub const MAX_NOTES_BYTES: usize = u32::MAX as usize;

/// Why a line was not added to [`Notes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoRoom {
    /// The lines would pass `MAX_NOTES_BYTES` (4 GiB less a byte).
    Limit,
    /// The memory for it could not be had.
    Memory,
}

/// A puzzle's lines that are not cells, in file order, each with the rows of cells before it.
#[derive(Clone, Default)]
pub struct Notes {
    /// `None` for no lines: a collection reads a puzzle a line, and none of them may cost an
    /// allocation for lines it does not have.
    packed: Option<Arc<Packed>>,
}

/// No lines.
static EMPTY: Packed = Packed {
    text: String::new(),
    ends: Vec::new(),
    rows: Vec::new(),
    meta_count: 0,
    first_meta: Vec::new(),
};

/// The lines themselves (see the module's picture).
#[derive(Clone, Default)]
struct Packed {
    /// Every line's text, one after the other.
    text: String,
    /// Where each line ends in `text`.
    ends: Vec<u32>,
    /// Runs of lines with the same rows before them: the first line of each run and its rows,
    /// in file order, no two neighbours with the same rows.
    rows: Vec<(u32, u8)>,
    /// How many lines are `.sdk` metadata.
    meta_count: usize,
    /// The first [`FIRST_META`] of them.
    first_meta: Vec<u32>,
}

/// One line of [`Notes`], borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoteRef<'a> {
    /// Rows of cells before the line (see [`Note::rows_before`]).
    pub rows_before: u8,
    /// The line as it was, without its line end.
    pub text: &'a str,
}

impl<'a> NoteRef<'a> {
    /// The `.sdk` metadata the line holds, if it is such a line (see [`Note::meta`]).
    pub fn meta(&self) -> Option<(MetaTag, &'a str)> {
        meta_of(self.text)
    }

    /// The line as a note of its own.
    pub fn to_note(&self) -> Note {
        Note::new(self.rows_before, self.text)
    }
}

impl Notes {
    /// No lines.
    pub fn new() -> Notes {
        Notes::default()
    }

    /// The lines themselves.
    fn packed(&self) -> &Packed {
        self.packed.as_deref().unwrap_or(&EMPTY)
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.packed().ends.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.packed().ends.is_empty()
    }

    /// The bytes of text of all the lines (without line ends).
    pub fn bytes(&self) -> usize {
        self.packed().text.len()
    }

    /// How many lines are `.sdk` metadata.
    pub fn meta_count(&self) -> usize {
        self.packed().meta_count
    }

    /// Adds `note` after the others; `false` (and nothing added) if the lines would pass
    /// `MAX_NOTES_BYTES` (4 GiB less a byte).
    pub fn push(&mut self, note: Note) -> bool {
        self.push_line(note.rows_before, &note.text)
    }

    /// Adds the line `text` standing after `rows_before` rows of cells (at most 9); `false`
    /// (and nothing added) if the lines would pass `MAX_NOTES_BYTES` or the memory for it
    /// cannot be had.
    pub fn push_line(&mut self, rows_before: u8, text: &str) -> bool {
        self.try_push_line(rows_before, text).is_ok()
    }

    /// [`Notes::push_line`], saying why nothing was added. The memory is asked for before
    /// anything is added: the lines of a file are as many as the file makes them, and a file
    /// too big for the memory the program may use must be refused, not end the program.
    pub fn try_push_line(&mut self, rows_before: u8, text: &str) -> Result<(), NoRoom> {
        let packed = self.packed();
        let (Ok(end), Ok(index)) = (
            u32::try_from(packed.text.len() + text.len()),
            u32::try_from(packed.ends.len()),
        ) else {
            return Err(NoRoom::Limit);
        };
        let rows_before = rows_before.min(9);
        let packed = Arc::make_mut(self.packed.get_or_insert_with(Arc::default));
        packed.text.try_reserve(text.len()).map_err(|_| NoRoom::Memory)?;
        packed.ends.try_reserve(1).map_err(|_| NoRoom::Memory)?;
        packed.rows.try_reserve(1).map_err(|_| NoRoom::Memory)?;
        packed.text.push_str(text);
        packed.ends.push(end);
        if packed.rows.last().is_none_or(|&(_, rows)| rows != rows_before) {
            packed.rows.push((index, rows_before));
        }
        if meta_of(text).is_some() {
            packed.meta_count += 1;
            if packed.first_meta.len() < FIRST_META {
                packed.first_meta.push(index);
            }
        }
        Ok(())
    }

    /// Says that the lines from the `first`-th on stand after `rows_before` rows of cells (the
    /// reader learns where lines stood only once it has read past them).
    pub(crate) fn set_rows_from(&mut self, first: usize, rows_before: u8) {
        if first >= self.len() {
            return;
        }
        let rows_before = rows_before.min(9);
        let first = u32::try_from(first).unwrap_or(u32::MAX);
        let packed = Arc::make_mut(self.packed.get_or_insert_with(Arc::default));
        packed.rows.retain(|&(start, _)| start < first);
        if packed.rows.last().is_none_or(|&(_, rows)| rows != rows_before) {
            packed.rows.push((first, rows_before));
        }
    }

    /// The `index`-th line, if there is one.
    pub fn get(&self, index: usize) -> Option<NoteRef<'_>> {
        let packed = self.packed();
        let end = *packed.ends.get(index)? as usize;
        let start = index.checked_sub(1).map_or(0, |i| packed.ends[i] as usize);
        let run = packed.rows.partition_point(|&(first, _)| first as usize <= index);
        let rows_before = run.checked_sub(1).map_or(0, |r| packed.rows[r].1);
        Some(NoteRef {
            rows_before,
            text: &packed.text[start..end],
        })
    }

    /// The lines in file order.
    pub fn iter(&self) -> impl Iterator<Item = NoteRef<'_>> + '_ {
        let packed = self.packed();
        let mut run = 0;
        let mut start = 0;
        packed.ends.iter().enumerate().map(move |(index, &end)| {
            while packed
                .rows
                .get(run + 1)
                .is_some_and(|&(first, _)| first as usize <= index)
            {
                run += 1;
            }
            let rows_before = packed.rows.get(run).map_or(0, |&(_, rows)| rows);
            let text = &packed.text[start..end as usize];
            start = end as usize;
            NoteRef { rows_before, text }
        })
    }

    /// The metadata lines' tags and values, in file order. The first ones come at once, however
    /// many other lines stand before them.
    pub fn meta(&self) -> impl Iterator<Item = (MetaTag, &str)> + '_ {
        let packed = self.packed();
        let first = packed.first_meta.iter().filter_map(|&i| self.get(i as usize)?.meta());
        // Past the ones remembered, the others are looked for after the last of them.
        let rest_from = match packed.first_meta.last() {
            Some(&last) if packed.meta_count > packed.first_meta.len() => last as usize + 1,
            _ => self.len(),
        };
        let rest = (rest_from..self.len()).filter_map(|i| self.get(i)?.meta());
        first.chain(rest)
    }
}

impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        matches!((&self.packed, &other.packed), (Some(a), Some(b)) if Arc::ptr_eq(a, b))
            || self.len() == other.len()
                && self.packed().text == other.packed().text
                && self.packed().ends == other.packed().ends
                && self
                    .iter()
                    .zip(other.iter())
                    .all(|(a, b)| a.rows_before == b.rows_before)
    }
}

impl Eq for Notes {}

impl fmt::Debug for Notes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Note> for Notes {
    fn from_iter<I: IntoIterator<Item = Note>>(notes: I) -> Notes {
        let mut packed = Notes::new();
        for note in notes {
            packed.push(note);
        }
        packed
    }
}

impl From<Vec<Note>> for Notes {
    fn from(notes: Vec<Note>) -> Notes {
        notes.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Note> {
        vec![
            Note::new(0, "#A Arto"),
            Note::new(0, "[Puzzle]"),
            Note::new(0, ""),
            Note::new(4, "# between"),
            Note::new(9, "#C after"),
            Note::new(9, "#Cé"),
        ]
    }

    #[test]
    fn lines_come_back_as_they_went_in() {
        let notes: Notes = sample().into();
        assert_eq!(notes.len(), 6);
        let back: Vec<Note> = notes.iter().map(|n| n.to_note()).collect();
        assert_eq!(back, sample());
        for (i, note) in sample().iter().enumerate() {
            assert_eq!(notes.get(i).map(|n| n.to_note()).as_ref(), Some(note));
        }
        assert_eq!(notes.get(6), None);
        assert_eq!(notes.bytes(), sample().iter().map(|n| n.text.len()).sum::<usize>());
        assert_eq!(format!("{notes:?}").matches("rows_before").count(), 6);
    }

    #[test]
    fn metadata_is_counted_and_found_however_far_down() {
        let notes: Notes = sample().into();
        assert_eq!(
            notes.meta_count(),
            2,
            "#A and #C; `#Cé` is prose, `# between` a comment"
        );
        assert_eq!(
            notes.meta().collect::<Vec<_>>(),
            [(MetaTag::Author, "Arto"), (MetaTag::Comment, "after")]
        );
        // More than are remembered, after many lines that are not metadata.
        let mut many = Notes::new();
        for i in 0..1000 {
            many.push_line(0, &format!("; {i}"));
        }
        for i in 0..FIRST_META + 5 {
            many.push_line(9, &format!("#C {i}"));
        }
        assert_eq!(many.meta_count(), FIRST_META + 5);
        let values: Vec<String> = many.meta().map(|(_, v)| v.to_string()).collect();
        let expected: Vec<String> = (0..FIRST_META + 5).map(|i| i.to_string()).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn rows_set_later_move_the_lines_after_a_row() {
        let mut notes: Notes = sample()[..3].to_vec().into();
        notes.push_line(0, "# read while looking past row 1");
        notes.push_line(0, "# and this");
        notes.set_rows_from(3, 1);
        let rows: Vec<u8> = notes.iter().map(|n| n.rows_before).collect();
        assert_eq!(rows, [0, 0, 0, 1, 1]);
        assert_eq!(notes.get(4).unwrap().rows_before, 1);
        notes.set_rows_from(0, 12);
        assert!(notes.iter().all(|n| n.rows_before == 9), "rows are at most 9");
    }

    #[test]
    fn clones_share_the_lines_until_one_changes() {
        let a: Notes = sample().into();
        let mut b = a.clone();
        assert!(Arc::ptr_eq(a.packed.as_ref().unwrap(), b.packed.as_ref().unwrap()));
        assert_eq!(a, b);
        b.push_line(9, "#C more");
        assert_eq!(a.len(), 6, "the original is untouched");
        assert_eq!(b.len(), 7);
        assert_ne!(a, b);
        // Equal lines are equal however they were made.
        let c: Notes = sample().into();
        assert_eq!(a, c);
        let mut d: Notes = sample().into();
        d.set_rows_from(5, 4);
        assert_ne!(a, d, "the same text, another place");
    }
}
