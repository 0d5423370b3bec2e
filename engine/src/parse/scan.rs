//! Byte and character scanners: where lines end (eight bytes at a time), how many there are
//! (64 byte-wide counters a step), and which characters are cells or borders. They run over
//! every byte of a collection, so each says what it was measured against.

/// What a cell position accepts.
pub(super) const CELL_EXPECTED: &str = "a digit 0-9 or '.'";

/// The lines of `text`, each with its line end: `\n`, `\r\n`, a lone `\r`, or nothing for a
/// last line without one. These are the lines the reader counts; a file rewritten line by line
/// gives each line back the end it had.
pub fn lines_with_ends(text: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (length, end) = match line_end(rest) {
            Some(i) => (i, 1 + usize::from(rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n'))),
            None => (rest.len(), 0),
        };
        let (line, tail) = rest.split_at(length);
        let (end, next) = tail.split_at(end);
        rest = next;
        Some((line, end))
    })
}

/// Where the `n`th line end of `bytes` ends (a `\r\n` ends at its `\n`), if it has as many.
pub(super) fn nth_line_end(bytes: &[u8], n: usize) -> Option<usize> {
    let mut from = 0;
    for _ in 0..n.checked_sub(1)? {
        let end = from + line_end(&bytes[from..])?;
        from = end + 1 + usize::from(bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n'));
    }
    let end = from + line_end(bytes.get(from..)?)?;
    Some(end + usize::from(bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n')))
}

/// Where the last line break (`\n` or `\r`) of `bytes` is.
pub(super) fn last_line_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&b| b == b'\n' || b == b'\r')
}

/// The lines `bytes` ends: its line feeds and its carriage returns not followed by one (a line
/// may end in `\n`, `\r\n` or `\r`). This runs on the thread that feeds all the others, over
/// every byte of a collection: line breaks are counted 64 bytes a step ([`count_in_bytes`]),
/// and the pairs looked for only where there are carriage returns at all. (Three passes, one
/// over byte pairs, took 1.2 ms of the 85 of 17-clue pinned to one core; now 7 `perf` samples
/// where they took 181, over 30 runs.)
pub(super) fn count_line_ends(bytes: &[u8]) -> usize {
    let feeds = count_in_bytes(bytes, b'\n');
    let returns = count_in_bytes(bytes, b'\r');
    if returns == 0 {
        return feeds;
    }
    let pairs = bytes.windows(2).filter(|pair| pair == b"\r\n").count();
    feeds + returns - pairs
}

/// How many bytes of `bytes` are `byte`. Counted in 64 byte-wide counters, one per byte of a
/// 64-byte block, which the compiler does as a compare and a subtract per block (a count in
/// `usize` per byte would take lanes eight times as wide); up to 255 blocks at a time, so that
/// no counter overflows.
///
/// ```text
/// bytes:    | stretch: 255 blocks of 64 bytes | stretch | ... | last stretch: blocks, tail |
/// a block:  b0 b1 ... b63  ->  lanes[i] += (b_i == byte)  (each lane at most 255)
/// ```
fn count_in_bytes(bytes: &[u8], byte: u8) -> usize {
    const LANES: usize = 64;
    // The most blocks a lane can count: one a block, up to a byte's largest value.
    const BLOCKS: usize = u8::MAX as usize;
    bytes
        .chunks(BLOCKS * LANES)
        .map(|stretch| {
            let mut lanes = [0u8; LANES];
            let mut blocks = stretch.chunks_exact(LANES);
            for block in blocks.by_ref() {
                for (lane, &b) in lanes.iter_mut().zip(block) {
                    *lane += u8::from(b == byte);
                }
            }
            let tail = blocks.remainder().iter().filter(|&&b| b == byte).count();
            lanes.iter().map(|&n| usize::from(n)).sum::<usize>() + tail
        })
        .sum()
}

/// Where the first line break (`\n` or `\r`) of `bytes` is. Eight bytes at a time: reading is a
/// measurable part of solving a collection of easy puzzles, and a line is about 82 bytes.
pub(super) fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    // A byte of `x` is zero exactly where the top bit of the result is set (in the lowest such
    // byte at least: a borrow only spreads upwards, which the lowest match is not affected by).
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x & TOPS;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let found = zero_bytes(w ^ (ONES * u64::from(b'\n'))) | zero_bytes(w ^ (ONES * u64::from(b'\r')));
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| at + i)
}

/// Characters that draw grid borders and box separators.
pub(super) fn is_border(c: char) -> bool {
    matches!(c, '|' | '+' | '-' | '*')
}

/// The value of a cell character: `Some(0)` for a blank, `None` if it is not a cell.
pub(super) fn cell_value(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '.' | '_' => Some(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn a_line_end_is_found_where_a_byte_by_byte_search_finds_it(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                // Line breaks, their neighbours and high bytes, among ordinary text.
                proptest::prelude::Just(b'\n'),
                proptest::prelude::Just(b'\r'),
                proptest::prelude::Just(0x0B_u8),
                proptest::prelude::Just(0x0C_u8),
                proptest::prelude::Just(0x8A_u8),
                proptest::prelude::Just(0x8D_u8),
                proptest::prelude::Just(0_u8),
                32u8..127,
                128u8..=255,
            ], 0..40)
        ) {
            let expected = bytes.iter().position(|&b| b == b'\n' || b == b'\r');
            proptest::prop_assert_eq!(line_end(&bytes), expected);
        }

        #[test]
        fn line_ends_are_counted_as_one_by_one_reading_counts_them(
            // Long enough to span many blocks of the byte-wide counts and a remainder, with
            // runs of line feeds as well as sparse ones.
            bytes in proptest::collection::vec(proptest::prop_oneof![
                8 => proptest::prelude::Just(b'\n'),
                1 => proptest::prelude::Just(b'\r'),
                3 => 0u8..=255,
            ], 0..3000),
            feeds_only in proptest::bool::ANY,
        ) {
            let bytes: Vec<u8> = if feeds_only {
                bytes.into_iter().map(|b| if b == b'\r' { b'\n' } else { b }).collect()
            } else {
                bytes
            };
            // A line feed ends a line unless a carriage return just ended it; a carriage
            // return always ends one.
            let expected = (0..bytes.len())
                .filter(|&i| bytes[i] == b'\r' || (bytes[i] == b'\n' && (i == 0 || bytes[i - 1] != b'\r')))
                .count();
            proptest::prop_assert_eq!(count_line_ends(&bytes), expected);
        }
    }

    #[test]
    fn a_stretch_of_line_feeds_only_is_counted_whole() {
        // A stretch of 255 blocks of 64 bytes brings each byte-wide counter to 255, the most it
        // holds: lengths around one and two stretches, around a block, and the bytes past the
        // last whole block.
        let stretch = 255 * 64;
        for n in [
            0,
            1,
            63,
            64,
            65,
            255,
            256,
            stretch - 1,
            stretch,
            stretch + 1,
            2 * stretch + 65,
            100_000,
        ] {
            assert_eq!(count_line_ends(&vec![b'\n'; n]), n);
            assert_eq!(count_line_ends(&vec![b'\r'; n]), n);
        }
    }

    #[test]
    fn lines_keep_their_own_ends() {
        let lines: Vec<_> = lines_with_ends(b"a\r\nb\rc\n\n\rd").collect();
        let want: [(&[u8], &[u8]); 6] = [
            (b"a", b"\r\n"),
            (b"b", b"\r"),
            (b"c", b"\n"),
            (b"", b"\n"),
            (b"", b"\r"),
            (b"d", b""),
        ];
        assert_eq!(lines, want);
        assert_eq!(lines_with_ends(b"").count(), 0);
        assert_eq!(lines_with_ends(b"x\r").collect::<Vec<_>>(), [(&b"x"[..], &b"\r"[..])]);
    }

    #[test]
    fn the_nth_line_end_counts_a_carriage_return_and_line_feed_as_one() {
        let text = b"a\r\nb\rc\nd";
        assert_eq!(nth_line_end(text, 1), Some(2));
        assert_eq!(nth_line_end(text, 2), Some(4));
        assert_eq!(nth_line_end(text, 3), Some(6));
        assert_eq!(nth_line_end(text, 4), None);
        assert_eq!(nth_line_end(text, 0), None);
        assert_eq!(nth_line_end(b"a\r", 1), Some(1));
    }

    #[test]
    fn line_ends_past_the_first_word_and_in_the_tail() {
        let mut line = vec![b'.'; 81];
        assert_eq!(line_end(&line), None);
        line.push(b'\n');
        assert_eq!(line_end(&line), Some(81));
        line[17] = b'\r';
        assert_eq!(line_end(&line), Some(17));
        line[8] = b'\n';
        assert_eq!(line_end(&line), Some(8));
    }
}
