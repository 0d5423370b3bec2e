//! A puzzle as a file holds it: the board plus the metadata lines that came with it.

use super::board::Board;
use std::fmt;

/// The metadata tags of the SadMan `.sdk` format (`#A`, `#D`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// A board and the metadata read with it, in file order (a tag may repeat).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Puzzle {
    /// The cells; digits read from a file are givens.
    pub board: Board,
    /// Metadata lines, without the tag and trimmed.
    pub meta: Vec<(MetaTag, String)>,
}

impl Puzzle {
    /// A puzzle with no metadata.
    pub fn new(board: Board) -> Puzzle {
        Puzzle {
            board,
            meta: Vec::new(),
        }
    }

    /// The first value of `tag`, if any.
    pub fn meta_value(&self, tag: MetaTag) -> Option<&str> {
        self.meta.iter().find(|(t, _)| *t == tag).map(|(_, v)| v.as_str())
    }
}
