//! A sheet as one SVG file. SVG has no pages, so they stand one under the other, each a white
//! sheet with a faint edge; for printing page by page, PDF is the format.
//!
//! Written by hand, not with a crate: the file is three kinds of element (lines, squares,
//! text) with numbers in them, and the one thing to get right, escaping the text of titles
//! (`<`, `&`, control characters), is [`escaped`] and its test. The `svg` crate would add a
//! document model for that, and its text was written unescaped before its version 0.15.

use super::{Mark, Sheet, Weight};
use std::fmt::Write;

/// The space between two pages, in points.
const BETWEEN: f32 = 24.0;

/// The SVG of `sheet`.
pub fn write(sheet: &Sheet) -> Vec<u8> {
    let (width, height) = sheet.paper.size();
    let pages = sheet.page_count();
    let total = (pages as f32 * (height + BETWEEN) - BETWEEN).max(height);
    let mut out = String::new();
    // `write!` into a String cannot fail.
    let _ = writeln!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{t}pt\" viewBox=\"0 0 {w} {t}\" \
         font-family=\"Helvetica, Arial, 'Liberation Sans', sans-serif\">\n<title>{}</title>",
        escaped(&sheet.title),
        w = num(width),
        t = num(total),
    );
    for i in 0..pages {
        // Every coordinate is written on the whole drawing's scale (no transform), so that
        // what reads the file back needs no geometry beyond the numbers it finds.
        let top = i as f32 * (height + BETWEEN);
        let _ = writeln!(
            out,
            "<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"white\" stroke=\"#ccc\" stroke-width=\"0.5\"/>",
            num(top),
            num(width),
            num(height)
        );
        for mark in sheet.page(i).marks {
            write_mark(&mut out, &mark, top);
        }
    }
    out.push_str("</svg>\n");
    out.into_bytes()
}

fn write_mark(out: &mut String, mark: &Mark, top: f32) {
    let _ = match mark {
        Mark::Rule { from, to, width } => writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"{}\"/>",
            num(from.0),
            num(top + from.1),
            num(to.0),
            num(top + to.1),
            num(*width)
        ),
        Mark::Frame { at, side, width } => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"none\" stroke=\"black\" stroke-width=\"{}\"/>",
            num(at.0),
            num(top + at.1),
            num(*width),
            s = num(*side),
        ),
        Mark::Text {
            at,
            size,
            weight,
            digit,
            text,
        } => writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}>{}</text>",
            num(at.0),
            num(top + at.1),
            num(*size),
            if *weight == Weight::Bold {
                " font-weight=\"bold\""
            } else {
                ""
            },
            if *digit { " text-anchor=\"middle\"" } else { "" },
            escaped(text)
        ),
    };
}

/// A number to two decimals, without trailing zeros.
fn num(v: f32) -> String {
    let text = format!("{:.2}", v);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `text` as the content of an XML element: `&`, `<` and `>` as entities, and the characters
/// XML 1.0 does not allow at all (control characters) as `?`.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' => out.push(' '),
            c if c < ' ' || ('\u{7f}'..='\u{9f}').contains(&c) || c == '\u{fffe}' || c == '\u{ffff}' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_as_xml_needs() {
        assert_eq!(escaped("a<b>&\"c\u{1b}]0;x\u{7}é"), "a&lt;b&gt;&amp;&quot;c?]0;x?é");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(0.126), "0.13");
    }
}
