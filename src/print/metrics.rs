//! The widths of Helvetica's characters (regular and bold), as its font metrics give them, to
//! cut a title or a caption to the room it has. The PDF names Helvetica and the SVG asks for it
//! (or Arial, Liberation Sans, which share its widths), so these are the widths a reader draws.

use super::Weight;

/// The widths of the printable ASCII characters, `' '` to `'~'`, in thousandths of an em.
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' ' to '/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // '0' to '?'
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // '@' to 'O'
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 'P' to '_'
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // '`' to 'o'
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // 'p' to '~'
];

/// [`REGULAR`] for Helvetica-Bold.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // ' ' to '/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // '0' to '?'
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // '@' to 'O'
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 'P' to '_'
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // '`' to 'o'
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, // 'p' to '~'
];

/// The width of `c` in thousandths of an em. Beyond ASCII: the few the sheets write, else the
/// width of a wide lower-case letter, so that a line is cut early rather than run past its room.
fn char_width(c: char, weight: Weight) -> u16 {
    let table = match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    };
    match c {
        ' '..='~' => table[c as usize - 32],
        '·' => 278,
        '…' | '—' => 1000,
        '–' => 556,
        _ => match weight {
            Weight::Regular => 667,
            Weight::Bold => 722,
        },
    }
}

/// The width of `text` set at `size` points, in points.
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    text.chars().map(|c| f32::from(char_width(c, weight))).sum::<f32>() * size / 1000.0
}

/// `text` cut to what fits in `width` points at `size`, with an ellipsis when cut.
pub fn fitted(text: &str, width: f32, size: f32, weight: Weight) -> String {
    if text_width(text, size, weight) <= width {
        return text.to_string();
    }
    let room = width - text_width("…", size, weight);
    let mut used = 0.0;
    let mut kept = String::new();
    for c in text.chars() {
        used += f32::from(char_width(c, weight)) * size / 1000.0;
        if used > room {
            break;
        }
        kept.push(c);
    }
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attack B of issue 28 (item 9): every character was taken as 0.56 em, so a caption of
    /// capitals ran past its grid and one of narrow letters was cut with room to spare.
    #[test]
    fn a_line_is_cut_by_the_widths_of_its_letters() {
        for weight in [Weight::Regular, Weight::Bold] {
            for letter in ['W', 'M', 'i', 'l', '1', ' '] {
                let long: String = std::iter::repeat_n(letter, 300).collect();
                let cut = fitted(&long, 100.0, 10.0, weight);
                let width = text_width(&cut, 10.0, weight);
                assert!(width <= 100.0, "{letter:?}: {cut} is {width} points");
                // One letter more would not fit.
                let more = format!("{}{letter}…", cut.trim_end_matches('…'));
                assert!(
                    letter == ' ' || text_width(&more, 10.0, weight) > 100.0,
                    "{letter:?}: {cut} is cut early"
                );
            }
            // Narrow letters that fit are not cut, though 0.56 em each would not have.
            let narrow = "il".repeat(15);
            assert!(text_width(&narrow, 10.0, weight) > 0.0);
            assert_eq!(fitted(&narrow, 100.0, 10.0, weight), narrow);
        }
        assert_eq!(fitted("short", 100.0, 10.0, Weight::Regular), "short");
        // The metrics of a few letters, as Helvetica's give them.
        assert_eq!(text_width("W", 1000.0, Weight::Regular), 944.0);
        assert_eq!(text_width("i", 1000.0, Weight::Regular), 222.0);
        assert_eq!(text_width("m", 1000.0, Weight::Bold), 889.0);
        assert_eq!(text_width("0123456789", 100.0, Weight::Bold), 556.0);
    }
}
