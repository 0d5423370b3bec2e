//! The streaming `Reader` (what the batch command line uses) on any bytes, read through a buffer
//! of a size the input chooses so that lines break across reads anywhere: every item is a puzzle
//! or a positioned error, it ends, and it agrees with `parse_document` on the first puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use sudoku_engine::{ReadError, Reader, parse_document};

fuzz_target!(|data: &[u8]| {
    let Some((&size, text)) = data.split_first() else {
        return;
    };
    let input = BufReader::with_capacity(usize::from(size % 64) + 1, text);
    let mut first = None;
    let mut items = 0usize;
    for item in Reader::new(input) {
        items += 1;
        assert!(
            items <= text.len() + 1,
            "more items than bytes: the reader does not end"
        );
        match item {
            Ok(record) => {
                assert!(record.line >= 1);
                first.get_or_insert(Ok(record.puzzle.board));
            }
            Err(ReadError::Parse(e)) => {
                assert!(e.line >= 1 && e.column >= 1);
                first.get_or_insert(Err(()));
            }
            Err(ReadError::Io(e)) => panic!("reading from memory failed: {e}"),
        }
    }
    if let (Some(Ok(board)), Ok(doc)) = (first, parse_document(text, None)) {
        assert_eq!(
            doc.puzzles[0].as_ref().expect("the reader read it").puzzle.board,
            board,
            "the reader and parse_document disagree"
        );
    }
});
