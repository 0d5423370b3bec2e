//! The puzzles built into the binary: the samples of `assets/`, so the workbench opens on a
//! puzzle without any file and the browser can offer them anywhere.

use super::document::{Document, Origin};
use sudoku_engine::{Format, Parsed, parse_document};

/// A puzzle file embedded in the binary.
#[derive(Debug, PartialEq, Eq)]
pub struct Builtin {
    /// The file name under `assets/`.
    pub name: &'static str,
    /// What it shows.
    pub about: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! asset {
    ($name:literal, $about:literal) => {
        Builtin {
            name: $name,
            about: $about,
            text: include_str!(concat!("../../assets/", $name)),
        }
    };
}

/// Every built-in puzzle; the first is where the workbench opens.
pub static BUILTINS: [Builtin; 10] = [
    asset!("hardest.sdk", "Arto Inkala's 2012 puzzle, with metadata"),
    asset!("boj-2580-sample.txt", "the BOJ 2580 sample: 14 blanks"),
    asset!("easy.txt", "an easy puzzle as a printed grid"),
    asset!("hard.txt", "top95 #1: about 10 million naive placements"),
    asset!(
        "anti-naive.txt",
        "built against brute force: 69 million naive placements"
    ),
    asset!("escargot.ss", "AI Escargot in Simple Sudoku .ss format"),
    asset!("several-solutions.txt", "16 givens: more than one solution"),
    asset!("no-solution.txt", "no solution, though no givens conflict"),
    asset!("conflicting-givens.txt", "two givens that conflict"),
    asset!("collection.sdm", "a collection of 12 puzzles"),
];

impl Builtin {
    /// The puzzles of the file.
    pub fn parsed(&self) -> Parsed {
        let hint = self.name.rsplit('.').next().and_then(Format::from_extension);
        parse_document(self.text.as_bytes(), hint).expect("built-in puzzles parse (tested)")
    }

    /// The puzzle (or collection, on puzzle `index`) as a document; the first puzzle if there is
    /// no puzzle `index`.
    pub fn document(&'static self, index: usize) -> Document {
        let origin = Origin::Builtin(self.name);
        Document::from_parsed(self.parsed(), origin.clone(), index, None)
            .or_else(|| Document::from_parsed(self.parsed(), origin, 0, None))
            .expect("every built-in file has a first puzzle (tested)")
    }
}

/// The built-in puzzle the workbench opens on.
pub fn default_document() -> Document {
    BUILTINS[0].document(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_parses_in_its_own_format() {
        for b in &BUILTINS {
            let doc = b.document(0);
            assert!(doc.board.given_count() >= 16, "{}", b.name);
        }
        assert_eq!(BUILTINS[0].document(0).source.format, Format::Sdk);
        assert_eq!(BUILTINS[9].document(0).source.collection.map(|c| c.len()), Some(12));
        for b in &BUILTINS {
            assert!(b.parsed().unreadable().next().is_none(), "{}", b.name);
        }
    }
}
