//! The 81-character puzzle line: one puzzle on a line, its comment after the cells.

use super::candidates::parse_candidates;
use super::error::{ParseError, ParseErrorKind};
use super::scan::{CELL_EXPECTED, cell_value};
use crate::board::Board;
use crate::puzzle::Puzzle;

/// One puzzle written as 81 cells on a line, and the byte offset of its first cell; leading
/// blanks are skipped, text after the 81st cell is kept as a comment.
pub(super) fn parse_line(text: &str, line: usize, truncated: bool) -> Result<(Puzzle, usize), ParseError> {
    if let Some(candidates) = parse_candidates(text, line) {
        return candidates;
    }
    // The usual line, 81 ASCII cells first: read as bytes. Anything else, errors included, is
    // read character by character below, which gives the same puzzle for this line.
    let bytes = text.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    if let Some(cells) = bytes.get(start..start + 81) {
        // Every byte looked at, without stopping at the first that is not a cell: a loop the
        // compiler turns into vector instructions. (With this and line ends found eight bytes at a
        // time, `solve --jobs 1` on the first 5,000 17-clue puzzles went from 86.6M instructions
        // to 76.7M, callgrind, with the other changes of that commit.)
        let mut digits = [0u8; 81];
        let mut all_cells = true;
        for (digit, &b) in digits.iter_mut().zip(cells) {
            let value = b.wrapping_sub(b'0');
            let is_digit = value <= 9;
            all_cells &= is_digit | (b == b'.') | (b == b'_');
            *digit = if is_digit { value } else { 0 };
        }
        if all_cells {
            let mut puzzle = Puzzle::new(Board::from_givens(&digits));
            let comment = text[start + 81..].trim();
            if !comment.is_empty() {
                puzzle.comment = Some(comment.to_string());
            }
            return Ok((puzzle, start));
        }
    }
    let mut digits = [0u8; 81];
    let mut found = 0;
    let mut first_byte = None;
    let mut chars = text
        .char_indices()
        .enumerate()
        .skip_while(|(_, (_, c))| c.is_whitespace());
    // Where the cells stopped; the end of the line unless a blank stopped them first.
    let mut end_column = None;
    let mut comment = "";
    for (column, (byte, c)) in chars.by_ref() {
        match cell_value(c) {
            Some(v) => {
                first_byte.get_or_insert(byte);
                digits[found] = v;
                found += 1;
                if found == 81 {
                    comment = text[byte + c.len_utf8()..].trim();
                    break;
                }
            }
            None if c.is_whitespace() => {
                end_column = Some(column + 1);
                break;
            }
            None => {
                return Err(ParseError::new(
                    line,
                    column + 1,
                    ParseErrorKind::UnexpectedChar {
                        found: c,
                        expected: CELL_EXPECTED,
                    },
                ));
            }
        }
    }
    if found < 81 {
        let line_end = text.chars().count() + 1;
        let kind = match end_column {
            None if truncated => ParseErrorKind::LineTooLong,
            _ => ParseErrorKind::TooFewCells { found },
        };
        return Err(ParseError::new(line, end_column.unwrap_or(line_end), kind));
    }
    let mut puzzle = Puzzle::new(Board::from_givens(&digits));
    if !comment.is_empty() {
        puzzle.comment = Some(comment.to_string());
    }
    Ok((puzzle, first_byte.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use crate::MetaTag;
    use crate::parse::testing::*;

    #[test]
    fn a_line_keeps_its_comment_and_accepts_every_blank() {
        let text = SAMPLE_LINE.replacen('.', "0", 10).replacen('.', "_", 10) + "  hard one  ";
        let (_, puzzle) = single(&text);
        assert_eq!(puzzle.board.to_string(), SAMPLE_LINE);
        assert_eq!(meta_of(&puzzle), vec![(MetaTag::Comment, "hard one".into())]);
    }
}
