//! A sheet as a PDF file, with `pdf-writer`.
//!
//! Why that crate: a PDF's object numbers, its cross-reference table of byte offsets and its
//! string escapes are where a hand-written file goes wrong, and `pdf-writer` (the typst
//! project's) does exactly those and nothing more, with four small dependencies and no font
//! handling of its own. `printpdf` would bring a document model, font parsing and image
//! codecs for a sheet of lines and digits. The text is set in Helvetica, one of the fonts every
//! PDF reader has, so nothing is embedded and a page of six puzzles is a few kilobytes. Content
//! is left uncompressed: no deflate crate is in the tree, a page's stream is small, and a test
//! can read the digits back straight from the file.

use super::{DIGIT_WIDTH, Mark, Sheet, Weight};
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

/// The fonts' names in each page's resources.
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// The PDF of `sheet`.
pub fn write(sheet: &Sheet) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let pages = sheet.page_count();
    // Each page and its content stream: 6 and 7 for the first, then two by two.
    let page_id = |i: usize| Ref::new(6 + 2 * i32::try_from(i).unwrap_or(i32::MAX / 2 - 4));
    let content_id = |i: usize| Ref::new(7 + 2 * i32::try_from(i).unwrap_or(i32::MAX / 2 - 4));
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..pages).map(page_id))
        .count(i32::try_from(pages).unwrap_or(i32::MAX));
    for (id, name) in [(regular, &b"Helvetica"[..]), (bold, &b"Helvetica-Bold"[..])] {
        pdf.type1_font(id)
            .base_font(Name(name))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.document_info(info)
        .title(TextStr(&sheet.title))
        .producer(TextStr("sudoku-workbench"));
    let (width, height) = sheet.paper.size();
    for i in 0..pages {
        let content = page_content(&sheet.page(i).marks, height);
        {
            // Written out when dropped, before the next object.
            let mut page = pdf.page(page_id(i));
            page.media_box(Rect::new(0.0, 0.0, width, height));
            page.parent(tree);
            page.contents(content_id(i));
            page.resources().fonts().pair(REGULAR, regular).pair(BOLD, bold);
        }
        pdf.stream(content_id(i), &content);
    }
    pdf.finish()
}

/// A coordinate to two decimals: a hundredth of a point is finer than any printer, and the
/// file is shorter for it.
fn short(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// The content stream of a page of `marks`, its height `height` (PDF's `y` goes up).
fn page_content(marks: &[Mark], height: f32) -> Vec<u8> {
    let mut content = Content::new();
    let up = |y: f32| short(height - y);
    // The rules by thickness, each thickness set once.
    let mut widths: Vec<f32> = Vec::new();
    for mark in marks {
        if let Mark::Rule { width, .. } | Mark::Frame { width, .. } = mark
            && !widths.contains(width)
        {
            widths.push(*width);
        }
    }
    for w in widths {
        content.set_line_width(w);
        for mark in marks {
            match mark {
                Mark::Rule { from, to, width } if *width == w => {
                    content.move_to(short(from.0), up(from.1));
                    content.line_to(short(to.0), up(to.1));
                }
                Mark::Frame { at, side, width } if *width == w => {
                    content.rect(short(at.0), up(at.1 + side), short(*side), short(*side));
                }
                _ => {}
            }
        }
        content.stroke();
    }
    // The text in one text object per weight and size, each piece moved to from the one
    // before (`Td`), which keeps a grid's 81 digits to a dozen bytes each.
    let mut runs: Vec<(Weight, f32)> = Vec::new();
    for mark in marks {
        if let Mark::Text { weight, size, .. } = mark
            && !runs.contains(&(*weight, *size))
        {
            runs.push((*weight, *size));
        }
    }
    for (weight, size) in runs {
        content.begin_text();
        content.set_font(if weight == Weight::Bold { BOLD } else { REGULAR }, short(size));
        let mut last = (0.0, 0.0);
        for mark in marks {
            let Mark::Text {
                at,
                size: s,
                weight: w,
                digit,
                text,
            } = mark
            else {
                continue;
            };
            if (*w, *s) != (weight, size) {
                continue;
            }
            let bytes = win_ansi(text);
            // A digit is centred by its width, which every digit shares.
            let x = if *digit {
                at.0 - bytes.len() as f32 * DIGIT_WIDTH * size / 2.0
            } else {
                at.0
            };
            let here = (short(x), up(at.1));
            content.next_line(short(here.0 - last.0), short(here.1 - last.1));
            last = here;
            content.show(Str(&bytes));
        }
        content.end_text();
    }
    content.finish().to_vec()
}

/// `text` in the Windows-1252 encoding the standard fonts are read with here: ASCII and
/// Latin-1 as they are, the few other characters the sheet writes (…, –, —, ‘’“”) at their
/// places, anything else `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '…' => 0x85,
            '–' => 0x96,
            '—' => 0x97,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '€' => 0x80,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_written_in_the_fonts_encoding() {
        assert_eq!(win_ansi("a·b…é\u{1b}日"), [b'a', 0xb7, b'b', 0x85, 0xe9, b'?', b'?']);
    }
}
