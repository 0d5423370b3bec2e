//! `parse_document` on any bytes, with any format hint: a document or an error with a position
//! inside the text, never a panic; and what it reads, written as a line, reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::{Format, parse_document};

fuzz_target!(|data: &[u8]| {
    let Some((&choice, text)) = data.split_first() else {
        return;
    };
    // The first byte picks the hint: none, or one of the formats.
    let hint = Format::ALL.get(usize::from(choice) % (Format::ALL.len() + 1)).copied();
    match parse_document(text, hint) {
        Ok(doc) => {
            // The puzzles that read (a collection keeps its bad lines as errors) read back.
            for record in doc.readable() {
                let line = record.puzzle.board.to_string();
                let again = parse_document(line.as_bytes(), None).expect("a board's line reads back");
                let first = again.first().expect("one puzzle");
                assert_eq!(first.puzzle.board, record.puzzle.board);
            }
        }
        Err(e) => {
            // A puzzle cut short is reported on the line after the text's last.
            // Lines end in \n, \r\n or a lone \r.
            let lone_cr = text.windows(2).filter(|w| w[0] == b'\r' && w[1] != b'\n').count()
                + usize::from(text.last() == Some(&b'\r'));
            let lines = text.iter().filter(|&&b| b == b'\n').count() + lone_cr + 1;
            assert!(e.line >= 1 && e.line <= lines + 1, "line {} of {lines}", e.line);
            assert!(e.column >= 1, "column {}", e.column);
            assert!(!e.to_string().is_empty());
        }
    }
});
