//! Saving a progress file over itself: its own `#!` lines (entries, solver digits, marks, the
//! game's record, other fields) and its givens are rewritten where they stand, and every other
//! line (comments, `.sdk` metadata, `#!note` lines, blank lines, the mark) stays byte for byte
//! with its line end. A save then moves nothing the person put in the file, wherever they put
//! it (a comment above the mark, `#A` between the `#!` lines).

use super::board::Board;
use super::format::Format;
use super::parse::{ProgressWords, RewriteError, lines_with_ends, parse_document, progress_line, rewrite_cells};
use std::borrow::Cow;

/// What a line of a progress file is to a rewrite.
enum LineRole<'a> {
    /// The mark (`#!sudoku-workbench progress 1`): kept.
    Mark,
    /// One of the file's own `#!` lines, with its key and value: rewritten.
    Own(&'a str, &'a str),
    /// Anything else (a note, a `#!note` line, a row, a blank line): kept.
    Other,
}

/// What `text` (a line without its end) is, read as the parser reads it (a mark the parser
/// refuses never gets here: the file is parsed first).
fn role_of(text: &str) -> LineRole<'_> {
    match progress_line(text, 0) {
        Some(Ok(ProgressWords::Mark)) => LineRole::Mark,
        Some(Ok(ProgressWords::Field { key: "note", .. })) | Some(Err(_)) | None => LineRole::Other,
        Some(Ok(ProgressWords::Field { key, value, .. })) => LineRole::Own(key, value),
    }
}

/// `text`, a progress file holding the puzzle whose givens are `expected`, with its givens
/// rewritten to those of `board` and its own `#!` lines to `lines` (each a key and the whole
/// line, as [`super::format::progress_lines`] gives them):
/// - a line of a key `lines` still has takes the next line of that key, in place (its bytes
///   kept if the value is the same);
/// - a line of a key `lines` no longer has (no entries left, say) goes;
/// - the lines of new keys go after the file's last `#!` line (after the mark if it has none),
///   ending as that line does.
///
/// A text that is not a progress file of that puzzle is refused.
pub fn rewrite_progress(
    text: &[u8],
    hint: Option<Format>,
    expected: &Board,
    board: &Board,
    lines: &[(String, String)],
) -> Result<Vec<u8>, RewriteError> {
    let parsed = parse_document(text, hint).map_err(RewriteError::Parse)?;
    if parsed.format != Format::Progress || parsed.puzzles.len() != 1 {
        return Err(RewriteError::NotFound);
    }
    let text = rewrite_cells(text, hint, expected, 0, &board.givens_only())?;
    let mut wanted: Vec<Option<&(String, String)>> = lines.iter().map(Some).collect();
    // The lines of the new file, each with its end; where new keys go.
    let mut out: Vec<(Cow<'_, [u8]>, &[u8])> = Vec::new();
    let mut after = None;
    for (i, (line, end)) in lines_with_ends(&text).enumerate() {
        let shown = String::from_utf8_lossy(line);
        // The reader drops a byte-order mark before the first line.
        let read = if i == 0 {
            shown.trim_start_matches('\u{feff}')
        } else {
            &shown
        };
        match role_of(read) {
            LineRole::Mark => {
                out.push((Cow::Borrowed(line), end));
                after.get_or_insert(out.len());
            }
            LineRole::Own(key, value) => {
                let next = wanted.iter_mut().find(|w| w.is_some_and(|(k, _)| k == key));
                // A key the file no longer holds, or holds fewer times: the line goes.
                let Some((_, new)) = next.and_then(Option::take) else {
                    continue;
                };
                let same = matches!(role_of(new), LineRole::Own(k, v) if k == key && v == value);
                out.push(if same {
                    (Cow::Borrowed(line), end)
                } else {
                    (Cow::Owned(new.as_bytes().to_vec()), end)
                });
                after = Some(out.len());
            }
            LineRole::Other => out.push((Cow::Borrowed(line), end)),
        }
    }
    let at = after.ok_or(RewriteError::NotFound)?;
    // New lines end as the line before them does (or as the file's lines do, after a last line
    // without an end, which then gets one).
    let file_end: &[u8] = out.iter().map(|(_, e)| *e).find(|e| !e.is_empty()).unwrap_or(b"\n");
    let new: Vec<&(String, String)> = wanted.into_iter().flatten().collect();
    if !new.is_empty() {
        let end = match out[at - 1].1 {
            [] => file_end,
            end => end,
        };
        out[at - 1].1 = end;
        let inserted = new.into_iter().map(|(_, line)| (Cow::Borrowed(line.as_bytes()), end));
        out.splice(at..at, inserted);
    }
    Ok(out
        .iter()
        .flat_map(|(line, end)| line.iter().chain(end.iter()))
        .copied()
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::progress_lines;
    use crate::{Cell, Digit, Pos};

    const GRID: &str = "4.....8.5\r\n.3.......\r\n...7.....\r\n.2.....6.\r\n....8.4..\r\n....1....\r\n...6.3.7.\r\n5..2.....\r\n1.4......\r\n";

    /// Issue 28 item 3: saving a progress file in place keeps the lines it does not own where
    /// they stood, with their ends, and rewrites its own where they stand.
    #[test]
    fn own_lines_change_in_place_and_the_others_stay() {
        let entries = format!("#!entries .1{}", ".".repeat(79));
        let text = format!(
            "\r\n# mine\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n{entries}\r\n#!time  75\r\n#C here\r\n#!source sdk 1 x.sdk\r\n{GRID}# after\r\n"
        );
        let parsed = parse_document(text.as_bytes(), None).unwrap();
        let mut puzzle = parsed.first().unwrap().puzzle.clone();
        let expected = puzzle.board.givens_only();
        // A second entry, a solver digit, the same time, one more hint.
        let one = |n| Digit::new(n).unwrap();
        puzzle.board.set(Pos::at(0, 2).unwrap(), Cell::Entry(one(2)));
        puzzle.board.set(Pos::at(0, 3).unwrap(), Cell::Placed(one(3)));
        puzzle.fields.push(("hints".into(), "1".into()));
        let written = rewrite_progress(
            text.as_bytes(),
            None,
            &expected,
            &puzzle.board,
            &progress_lines(&puzzle),
        )
        .unwrap();
        let written = String::from_utf8(written).unwrap();
        let want = format!(
            "\r\n# mine\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n#!entries .12{}\r\n#!time  75\r\n#C here\r\n#!source sdk 1 x.sdk\r\n#!solver ...3{}\r\n#!hints 1\r\n{GRID}# after\r\n",
            ".".repeat(78),
            ".".repeat(77)
        );
        assert_eq!(written, want);
        let again = parse_document(written.as_bytes(), None).unwrap();
        assert_eq!(again.first().unwrap().puzzle.board, puzzle.board);

        // The entries cleared: their line goes, nothing else moves.
        let mut cleared = puzzle.clone();
        cleared.board = cleared.board.givens_only();
        let emptied = rewrite_progress(
            written.as_bytes(),
            None,
            &expected,
            &cleared.board,
            &progress_lines(&cleared),
        )
        .unwrap();
        let emptied = String::from_utf8(emptied).unwrap();
        assert!(
            !emptied.contains("#!entries") && !emptied.contains("#!solver"),
            "{emptied}"
        );
        assert!(emptied.starts_with("\r\n# mine\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n#!time  75\r\n"));
    }

    #[test]
    fn a_new_line_after_a_last_line_without_an_end_gets_one() {
        let text = format!("{}#!sudoku-workbench progress 1", GRID.replace("\r\n", "\r"));
        let parsed = parse_document(text.as_bytes(), None).unwrap();
        let mut puzzle = parsed.first().unwrap().puzzle.clone();
        let expected = puzzle.board.givens_only();
        puzzle.fields.push(("time".into(), "9".into()));
        let written = rewrite_progress(
            text.as_bytes(),
            None,
            &expected,
            &puzzle.board,
            &progress_lines(&puzzle),
        )
        .unwrap();
        assert_eq!(written, format!("{text}\r#!time 9\r").into_bytes());
        // Another puzzle, or not a progress file: refused.
        let other = Board::empty();
        assert_eq!(
            rewrite_progress(text.as_bytes(), None, &other, &other, &[]),
            Err(RewriteError::NotFound)
        );
        let sdk = GRID.to_string();
        assert_eq!(
            rewrite_progress(sdk.as_bytes(), None, &expected, &expected, &[]),
            Err(RewriteError::NotFound)
        );
    }
}
