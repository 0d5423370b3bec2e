//! Sheets to print, read back as a person reads them: the squares of the grids and the digits
//! written in them, found in the PDF's content streams (its `re` squares and its text objects)
//! and in the SVG's `<rect>` and `<text>` elements, by their positions alone, then compared
//! with the puzzles printed and their solutions. No PDF tool is needed: CI checks it as is.

use crate::common;

use common::cli::{BIN, asset};
use std::path::Path;
use sudoku_engine::{Board, Reader, solution_of};

/// What a page shows: its squares (left, top, side, in a `y` that goes down) and its pieces of
/// text (left of their baseline, the baseline, the text).
#[derive(Debug, Default)]
struct PageSeen {
    squares: Vec<(f32, f32, f32)>,
    texts: Vec<(f32, f32, String)>,
}

impl PageSeen {
    /// The boards the page's grids hold, in the order a person reads them (rows of grids, left
    /// to right), each digit put in the cell its position falls in.
    fn boards(&self) -> Vec<String> {
        let mut squares = self.squares.clone();
        squares.sort_by(|a, b| (a.1, a.0).partial_cmp(&(b.1, b.0)).unwrap());
        squares
            .iter()
            .map(|&(x, y, side)| {
                let cell = side / 9.0;
                let mut cells = ['.'; 81];
                for (tx, ty, text) in &self.texts {
                    let inside = *tx > x && *tx < x + side && *ty > y && *ty < y + side;
                    if inside && text.len() == 1 && text.chars().all(|c| c.is_ascii_digit()) {
                        let (col, row) = (((tx - x) / cell) as usize, ((ty - y) / cell) as usize);
                        assert_eq!(cells[row * 9 + col], '.', "two digits in one cell");
                        cells[row * 9 + col] = text.chars().next().unwrap();
                    }
                }
                cells.iter().collect()
            })
            .collect()
    }

    fn says(&self, what: &str) -> bool {
        self.texts.iter().any(|(_, _, t)| t.contains(what))
    }
}

/// The pages of a PDF as this project writes it: each content stream read as the operators it
/// holds (`re`, `BT`, `Td`, `Tj`, `ET`), positions turned to a `y` going down from `height`.
fn read_pdf(bytes: &[u8], height: f32) -> Vec<PageSeen> {
    let mut pages = Vec::new();
    let mut rest = bytes;
    while let Some(start) = find(rest, b"stream\n") {
        let body = &rest[start + 7..];
        let end = find(body, b"\nendstream").expect("a stream ends");
        pages.push(read_content(&body[..end], height));
        rest = &body[end + b"\nendstream".len()..];
    }
    pages
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// One content stream: its operands and operators in order.
fn read_content(content: &[u8], height: f32) -> PageSeen {
    let mut seen = PageSeen::default();
    let mut operands: Vec<String> = Vec::new();
    let mut line_start = (0.0f32, 0.0f32);
    let mut i = 0;
    while i < content.len() {
        let c = content[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'<' {
            // A string in hexadecimal (what the writer uses for bytes past ASCII).
            let end = i + content[i..].iter().position(|&b| b == b'>').unwrap();
            let hex = std::str::from_utf8(&content[i + 1..end]).unwrap();
            let bytes: Vec<u8> = (0..hex.len())
                .step_by(2)
                .map(|k| u8::from_str_radix(&hex[k..k + 2], 16).unwrap())
                .collect();
            operands.push(bytes.iter().map(|&b| b as char).collect());
            i = end + 1;
        } else if c == b'(' {
            // A string, with its escapes.
            let mut text = Vec::new();
            let mut depth = 1;
            i += 1;
            while depth > 0 {
                match content[i] {
                    b'\\' => {
                        i += 1;
                        text.push(content[i]);
                    }
                    b'(' => {
                        depth += 1;
                        text.push(b'(');
                    }
                    b')' => {
                        depth -= 1;
                        if depth > 0 {
                            text.push(b')');
                        }
                    }
                    b => text.push(b),
                }
                i += 1;
            }
            // Windows-1252: ASCII and Latin-1 as they are.
            operands.push(text.iter().map(|&b| b as char).collect());
        } else {
            let end = content[i..]
                .iter()
                .position(|b| b.is_ascii_whitespace() || *b == b'(' || *b == b'<')
                .map_or(content.len(), |n| i + n);
            let word = String::from_utf8_lossy(&content[i..end]).into_owned();
            i = end;
            let number = |k: usize| operands[operands.len() - k].parse::<f32>().unwrap();
            match word.as_str() {
                "re" => {
                    let (x, y, w, h) = (number(4), number(3), number(2), number(1));
                    if (w - h).abs() < 0.01 && w > 50.0 {
                        seen.squares.push((x, height - (y + h), w));
                    }
                    operands.clear();
                }
                "BT" => {
                    line_start = (0.0, 0.0);
                    operands.clear();
                }
                "Td" => {
                    line_start = (line_start.0 + number(2), line_start.1 + number(1));
                    operands.clear();
                }
                "Tj" => {
                    let text = operands.pop().unwrap();
                    seen.texts.push((line_start.0, height - line_start.1, text));
                    operands.clear();
                }
                w if w.starts_with('/') || w.parse::<f32>().is_ok() => operands.push(word),
                _ => operands.clear(),
            }
        }
    }
    seen
}

/// The value of attribute `name` in the tag `tag`.
fn attribute(tag: &str, name: &str) -> Option<f32> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()?.parse().ok()
}

/// The SVG's pages (one under the other, `height` apart with `between`): its squares and its
/// text, each digit centred (`text-anchor="middle"`) at its `x`.
fn read_svg(text: &str, height: f32, between: f32) -> Vec<PageSeen> {
    let mut pages: Vec<PageSeen> = Vec::new();
    let page_of = |y: f32| (y / (height + between)) as usize;
    for tag in text.split('<').skip(1) {
        let tag = format!(" {tag}");
        if tag.starts_with(" rect ") {
            let (x, y, w, h) = (
                attribute(&tag, "x").unwrap(),
                attribute(&tag, "y").unwrap(),
                attribute(&tag, "width").unwrap(),
                attribute(&tag, "height").unwrap(),
            );
            let page = page_of(y);
            while pages.len() <= page {
                pages.push(PageSeen::default());
            }
            if (w - h).abs() < 0.01 && w < height / 2.0 && w > 50.0 {
                pages[page].squares.push((x, y - page as f32 * (height + between), w));
            }
        } else if tag.starts_with(" text ") {
            let (x, y) = (attribute(&tag, "x").unwrap(), attribute(&tag, "y").unwrap());
            let content = tag.split_once('>').unwrap().1.to_string();
            let page = page_of(y);
            while pages.len() <= page {
                pages.push(PageSeen::default());
            }
            pages[page]
                .texts
                .push((x, y - page as f32 * (height + between), content));
        }
    }
    pages
}

/// The puzzles of a file, and their solutions.
fn puzzles_of(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read(path).unwrap();
    Reader::new(&text[..])
        .map(|r| {
            let board: Board = r.unwrap().puzzle.board.givens_only();
            let solution = solution_of(&board).unwrap();
            (board.to_string(), solution.to_string())
        })
        .collect()
}

fn print(args: &[&str]) -> std::process::Output {
    let out = std::process::Command::new(BIN)
        .arg("print")
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out
}

#[test]
fn a_printed_pdf_reads_back_as_the_puzzles_and_their_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let collection = asset("collection.sdm");
    let expected = puzzles_of(&collection);
    for (per, paper, height) in [
        ("1", "a4", 841.89),
        ("2", "letter", 792.0),
        ("4", "a4", 841.89),
        ("6", "letter", 792.0),
    ] {
        let out = dir.path().join(format!("sheet-{per}.pdf"));
        let said = print(&[
            collection.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--per-page",
            per,
            "--paper",
            paper,
            "--solutions",
            "--title",
            "Twelve (of them) \\ for you",
        ]);
        let said = String::from_utf8(said.stdout).unwrap();
        assert!(
            said.starts_with(&format!("wrote {}: 12 puzzles on ", out.display())),
            "{said}"
        );
        let pages = read_pdf(&std::fs::read(&out).unwrap(), height);
        let per: usize = per.parse().unwrap();
        assert_eq!(
            pages.len(),
            12usize.div_ceil(per) + 2,
            "{per} a page, then two pages of six solutions"
        );
        let (puzzles, solutions): (Vec<_>, Vec<_>) = pages.iter().partition(|p| !p.says(": solutions"));
        let printed: Vec<String> = puzzles.iter().flat_map(|p| p.boards()).collect();
        let solved: Vec<String> = solutions.iter().flat_map(|p| p.boards()).collect();
        let givens: Vec<String> = expected.iter().map(|(g, _)| g.clone()).collect();
        let answers: Vec<String> = expected.iter().map(|(_, s)| s.clone()).collect();
        assert_eq!(printed, givens, "{per} a page on {paper}");
        assert_eq!(solved, answers);
        assert!(
            pages[0].says("Twelve (of them) \\ for you"),
            "the title, its parentheses escaped"
        );
        assert!(pages[0].says("1. collection.sdm #1 · easy 1.2"), "{:?}", pages[0].texts);
    }
}

#[test]
fn a_printed_svg_reads_back_as_the_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.svg");
    let files = [asset("collection.sdm"), asset("hardest.sdk"), asset("escargot.ss")];
    let mut expected: Vec<(String, String)> = Vec::new();
    for f in &files {
        expected.extend(puzzles_of(f));
    }
    let mut args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    args.extend([
        "--out",
        out.to_str().unwrap(),
        "--per-page",
        "6",
        "--solutions",
        "--title",
        "<b>&",
    ]);
    print(&args);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("<title>&lt;b&gt;&amp;</title>"), "the title escaped");
    let pages = read_svg(&text, 841.89, 24.0);
    assert_eq!(pages.len(), 3 + 3);
    let (puzzles, solutions): (Vec<_>, Vec<_>) = pages.iter().partition(|p| !p.says(": solutions"));
    let printed: Vec<String> = puzzles.iter().flat_map(|p| p.boards()).collect();
    let solved: Vec<String> = solutions.iter().flat_map(|p| p.boards()).collect();
    assert_eq!(printed, expected.iter().map(|(g, _)| g.clone()).collect::<Vec<_>>());
    assert_eq!(solved, expected.iter().map(|(_, s)| s.clone()).collect::<Vec<_>>());
}

/// The same reading through poppler's `pdftotext` where it is installed (skipped where not):
/// a person's tool sees every digit of each grid, in order, row by row.
#[test]
fn pdftotext_reads_the_digits_of_each_grid_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("one.pdf");
    print(&[
        asset("hardest.sdk").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--per-page",
        "1",
    ]);
    let Ok(read) = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&out)
        .arg("-")
        .output()
    else {
        eprintln!("pdftotext is not installed: skipped");
        return;
    };
    let text = String::from_utf8_lossy(&read.stdout);
    let digits: String = text
        .lines()
        .filter(|l| !l.contains("Sudoku") && !l.contains("page") && !l.contains("hardest"))
        .flat_map(|l| l.chars().filter(char::is_ascii_digit))
        .collect();
    let (givens, _) = &puzzles_of(&asset("hardest.sdk"))[0];
    let expected: String = givens.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, expected, "{text}");
}
