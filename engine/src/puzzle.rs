//! A puzzle as a file holds it: the board, and every other line of its text (metadata, comments,
//! headers) kept as it was read, with where it stood, so that writing it back loses nothing.

use super::board::{Board, DigitSet};
use super::notes::Notes;
use std::fmt;

/// The metadata tags of the SadMan `.sdk` format (`#A`, `#D`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MetaTag {
    /// `#A`: who made the puzzle.
    Author,
    /// `#D`: a description.
    Description,
    /// `#C`: a comment (also the text after an 81-character line).
    Comment,
    /// `#B`: the date it was published.
    Date,
    /// `#S`: where it comes from.
    Source,
    /// `#L`: its level of difficulty.
    Level,
    /// `#U`: the address of its source.
    Url,
}

impl MetaTag {
    /// Every tag, in the order the `.sdk` format lists them.
    pub const ALL: [MetaTag; 7] = [
        MetaTag::Author,
        MetaTag::Description,
        MetaTag::Comment,
        MetaTag::Date,
        MetaTag::Source,
        MetaTag::Level,
        MetaTag::Url,
    ];

    /// The tag written as `#c`, e.g. `A` for [`MetaTag::Author`].
    pub const fn letter(self) -> char {
        match self {
            MetaTag::Author => 'A',
            MetaTag::Description => 'D',
            MetaTag::Comment => 'C',
            MetaTag::Date => 'B',
            MetaTag::Source => 'S',
            MetaTag::Level => 'L',
            MetaTag::Url => 'U',
        }
    }

    /// The tag written with `letter`, if it is one.
    pub fn from_letter(letter: char) -> Option<MetaTag> {
        MetaTag::ALL.into_iter().find(|t| t.letter() == letter)
    }

    /// A label for people, e.g. `author`.
    pub const fn label(self) -> &'static str {
        match self {
            MetaTag::Author => "author",
            MetaTag::Description => "description",
            MetaTag::Comment => "comment",
            MetaTag::Date => "date",
            MetaTag::Source => "source",
            MetaTag::Level => "level",
            MetaTag::Url => "url",
        }
    }
}

impl fmt::Display for MetaTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A line of a puzzle's text that is not a row of cells: `.sdk` metadata (`#A Arto Inkala` or
/// SadMan's `#AArto Inkala`), a comment, a `[Puzzle]` header. Kept exactly as read (without its
/// line end), so that writing it back changes nothing; what it means is read from the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Rows of cells before the line: 0 above the grid, 9 below it (a puzzle written on one
    /// line counts as its nine rows).
    pub rows_before: u8,
    /// The line as it was, without its line end.
    pub text: String,
}

impl Note {
    /// A note of `text` at `rows_before`.
    pub fn new(rows_before: u8, text: impl Into<String>) -> Note {
        Note {
            rows_before: rows_before.min(9),
            text: text.into(),
        }
    }

    /// The `.sdk` metadata the line holds, if it is such a line: `#` and a tag letter, then the
    /// value, with or without a blank between them (`#A Arto Inkala`, `#AArto Inkala`). Without
    /// the blank, a value that starts with a lower-case letter is prose (`#Author unknown`), not
    /// the tag `A`; addresses (`#Uhttp://...`) are the exception.
    pub fn meta(&self) -> Option<(MetaTag, &str)> {
        meta_of(&self.text)
    }
}

/// The `.sdk` metadata the line `text` holds, if it is such a line (see [`Note::meta`]).
pub(crate) fn meta_of(text: &str) -> Option<(MetaTag, &str)> {
    let rest = text.trim_start().strip_prefix('#')?;
    let mut chars = rest.chars();
    let tag = chars.next().and_then(MetaTag::from_letter)?;
    let value = chars.as_str();
    let spaced = value.is_empty() || value.starts_with(char::is_whitespace);
    if !spaced && tag != MetaTag::Url && value.starts_with(|c: char| c.is_lowercase()) {
        return None;
    }
    Some((tag, value.trim()))
}

/// A board and the other lines read with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Puzzle {
    /// The cells; digits read from a file are givens (a progress file also holds entries and
    /// the solver's digits).
    pub board: Board,
    /// The lines that are not cells, in file order (packed: see [`Notes`]).
    pub notes: Notes,
    /// The text after the 81 cells of a puzzle written on one line, trimmed: a comment.
    pub comment: Option<String>,
    /// The other `#!` lines of a progress file, as key and value, for the application (where
    /// the game came from, for instance).
    pub fields: Vec<(String, String)>,
    /// The candidates of each cell, when the puzzle was read as a candidates line (pencil marks);
    /// `None` means the candidates follow from the digits.
    pub marks: Option<Box<[DigitSet; 81]>>,
}

impl Puzzle {
    /// A puzzle with no notes.
    pub fn new(board: Board) -> Puzzle {
        Puzzle {
            board,
            notes: Notes::new(),
            comment: None,
            fields: Vec::new(),
            marks: None,
        }
    }

    /// The metadata, in file order: the notes that are metadata lines, then the comment of a
    /// puzzle line (as [`MetaTag::Comment`]).
    pub fn meta(&self) -> impl Iterator<Item = (MetaTag, &str)> + '_ {
        self.notes
            .meta()
            .chain(self.comment.as_deref().map(|c| (MetaTag::Comment, c)))
    }

    /// The value of the progress field `key`, if any.
    pub fn field(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The first value of `tag`, if any.
    pub fn meta_value(&self, tag: MetaTag) -> Option<&str> {
        self.meta().find(|(t, _)| *t == tag).map(|(_, v)| v)
    }

    /// How many metadata lines [`Puzzle::meta`] gives, counted without going through them.
    pub fn meta_count(&self) -> usize {
        self.notes.meta_count() + usize::from(self.comment.is_some())
    }

    /// The bytes the notes hold (for memory accounting), counted without going through them.
    pub fn notes_len(&self) -> usize {
        self.notes.bytes() + self.comment.as_ref().map_or(0, String::len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_reads_with_or_without_a_blank_after_the_tag() {
        let meta = |text: &str| Note::new(0, text).meta().map(|(t, v)| (t, v.to_string()));
        assert_eq!(meta("#AArto Inkala"), Some((MetaTag::Author, "Arto Inkala".into())));
        assert_eq!(meta("#A Arto Inkala"), Some((MetaTag::Author, "Arto Inkala".into())));
        assert_eq!(
            meta("#DA simple one"),
            Some((MetaTag::Description, "A simple one".into()))
        );
        assert_eq!(meta("#B03-08-2006"), Some((MetaTag::Date, "03-08-2006".into())));
        assert_eq!(
            meta("#Uhttp://www.sudocue.net/"),
            Some((MetaTag::Url, "http://www.sudocue.net/".into()))
        );
        assert_eq!(meta("#L"), Some((MetaTag::Level, String::new())));
        assert_eq!(meta("#Author unknown"), None, "prose, not the tag A");
        assert_eq!(meta("# A comment"), None);
        assert_eq!(meta("#X what"), None);
        assert_eq!(meta("[Puzzle]"), None);
    }

    #[test]
    fn the_comment_of_a_line_is_metadata_too() {
        let mut p = Puzzle::new(Board::empty());
        p.notes.push(Note::new(0, "#AArto"));
        p.comment = Some("hard one".into());
        let meta: Vec<_> = p.meta().collect();
        assert_eq!(meta, vec![(MetaTag::Author, "Arto"), (MetaTag::Comment, "hard one")]);
        assert_eq!(p.meta_value(MetaTag::Comment), Some("hard one"));
    }
}
