//! The screens of the aids of solving by hand (issue 31) on ratatui's TestBackend, at 64x21,
//! 80x24 and 120x40: the digit filter, a hint read through it in compact cells, colours with
//! and without colour, digit first, the pause, the footer and the hidden solutions line.
//! Snapshots hold the text; the styles of the cells that must stand out are asserted one by one.

use crate::common;

use common::workbench::{Bench, asset, digit};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};
use std::time::Duration;
use sudoku_engine::{Board, Pos, parse_document};
use sudoku_workbench::app::{Action, App, Document, Origin};
use sudoku_workbench::ui;
use sudoku_workbench::ui::layout::{CellSize, Screen};

/// The sizes every screen is drawn at: the smallest, the usual, one of large cells.
const SIZES: [(u16, u16); 3] = [(64, 21), (80, 24), (120, 40)];

/// The shaded background of a cell where the filter's digit can go.
const SHADE: Color = Color::Indexed(23);

/// The background of a cell holding the filter's digit.
const HOLDS: Color = Color::Indexed(178);

/// The workbench on the shipped `name`, as a built-in (its name the same on every machine).
fn on(name: &'static str, monochrome: bool) -> Bench {
    let parsed = parse_document(&std::fs::read(asset(name)).unwrap(), None).unwrap();
    let mut app = Bench::new(Document::from_parsed(parsed, Origin::Builtin(name), 0, None).unwrap());
    app.monochrome = monochrome;
    app.settle();
    app
}

/// The workbench on the puzzle `line`, pasted.
fn on_line(line: &str) -> Bench {
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(line.into()));
    app.message = None;
    app
}

fn draw(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    app.update(Action::Resize(width, height));
    // The clock runs in real time while a test does: pinned, so that snapshots hold.
    app.doc.play.elapsed = Duration::ZERO;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::draw(frame, app)).unwrap();
    terminal
}

fn pos(row: usize, col: usize) -> Pos {
    Pos::at(row, col).unwrap()
}

/// The inside of the cell at `p` on a screen the size of `buffer`.
fn rect(buffer: &Buffer, p: Pos) -> ratatui::layout::Rect {
    Screen::new(*buffer.area()).unwrap().cell_rect(p)
}

/// Whether the buffer's cells are large.
fn large(buffer: &Buffer) -> bool {
    Screen::new(*buffer.area()).unwrap().cell != CellSize::COMPACT
}

/// The character at `dx`, `dy` inside the cell `p`, and its style.
fn at(buffer: &Buffer, p: Pos, dx: u16, dy: u16) -> (String, Style) {
    let r = rect(buffer, p);
    let c = &buffer[(r.x + dx, r.y + dy)];
    (c.symbol().to_string(), c.style())
}

/// The three characters of a compact cell.
fn compact(buffer: &Buffer, p: Pos) -> String {
    (0..3).map(|dx| at(buffer, p, dx, 0).0).collect()
}

/// Where the mark `d` stands inside a cell of `buffer`'s size: a 3x3 block from the second
/// column of a large cell, spaced out from the third column and second row of a huge one; the
/// middle of a compact cell.
fn mark_at(buffer: &Buffer, d: u8) -> (u16, u16) {
    let i = u16::from(d) - 1;
    match Screen::new(*buffer.area()).unwrap().cell {
        CellSize::COMPACT => (1, 0),
        CellSize::LARGE => (1 + (i % 3) * 2, i / 3),
        _ => (2 + (i % 3) * 3, 1 + i / 3),
    }
}

fn footer(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let y = buffer.area().height - 1;
    (0..buffer.area().width).map(|x| buffer[(x, y)].symbol()).collect()
}

/// Every cell where `hard.txt`'s 4 can go (computed: no marks) is shaded, with the 4 in it at
/// any size; the cells holding a 4 are highlighted; the others are neither.
#[test]
fn the_filter_at_every_size() {
    for monochrome in [false, true] {
        let mut app = on("hard.txt", monochrome);
        // The cursor on r9c9, empty and not a peer of most cells, so that peers' shade is rare.
        app.act(Action::Select(pos(8, 8)));
        app.keys("f4");
        let board: Board = app.doc.board.clone();
        for (w, h) in SIZES.into_iter().chain([(200, 60)]) {
            let terminal = draw(&mut app, w, h);
            if !monochrome && w < 200 {
                insta::assert_snapshot!(format!("filter_{w}x{h}"), terminal.backend());
            }
            let buffer = terminal.backend().buffer();
            for p in Pos::all().filter(|p| *p != app.cursor) {
                let (_, style) = at(buffer, p, 0, 0);
                let can = board.digit(p).is_none() && board.candidates(p).contains(digit(4));
                let holds = board.digit(p) == Some(digit(4));
                match (monochrome, can, holds) {
                    (false, true, _) => assert_eq!(style.bg, Some(SHADE), "{w}x{h}: {p} can hold 4"),
                    (false, _, true) => assert_eq!(style.bg, Some(HOLDS), "{w}x{h}: {p} holds 4"),
                    (false, false, false) => {
                        assert!(![Some(SHADE), Some(HOLDS)].contains(&style.bg), "{w}x{h}: {p}")
                    }
                    (true, true, _) => assert!(style.add_modifier.contains(Modifier::REVERSED), "{w}x{h}: {p}"),
                    (true, _, true) => assert!(
                        style.add_modifier.contains(Modifier::BOLD | Modifier::UNDERLINED),
                        "{w}x{h}: {p} holds 4"
                    ),
                    (true, false, false) => assert!(!style.add_modifier.contains(Modifier::REVERSED), "{w}x{h}: {p}"),
                }
                if can {
                    // The 4 itself, bright (not dim as a blank) and bold, where it goes.
                    let (dx, dy) = mark_at(buffer, 4);
                    let (c, style) = at(buffer, p, dx, dy);
                    assert_eq!(c, "4", "{w}x{h}: {p}");
                    assert!(style.add_modifier.contains(Modifier::BOLD), "{w}x{h}: {p}");
                    assert!(!style.add_modifier.contains(Modifier::DIM), "{w}x{h}: {p}");
                    if !monochrome {
                        assert_eq!(style.fg, Some(Color::Yellow), "{w}x{h}: {p}");
                    }
                }
            }
            if monochrome {
                for c in buffer.content() {
                    assert_eq!((c.fg, c.bg), (Color::Reset, Color::Reset), "NO_COLOR: no colour");
                }
            }
        }
    }
}

/// The second stage of `hard.txt`'s sixth hint (a pointing pair of 2s: r5c6 and r6c6 prove that
/// r1c6, r2c6 and r3c6 cannot be 2), read in compact cells through the filter it lends.
#[test]
fn a_hint_shows_why_in_compact_cells() {
    let mut app = on("hard.txt", false);
    app.keys("M");
    for _ in 0..5 {
        app.keys("iii");
    }
    app.keys("ii");
    let hint = app.hint.clone().unwrap();
    assert_eq!(app.filter, sudoku_engine::DigitSet::single(digit(2)));
    let removals: Vec<Pos> = hint.step.eliminations.iter().map(|c| c.pos).collect();
    assert_eq!(removals, [pos(0, 5), pos(1, 5), pos(2, 5)], "{}", hint.step.line());
    for (w, h) in SIZES {
        let terminal = draw(&mut app, w, h);
        insta::assert_snapshot!(format!("hint_why_{w}x{h}"), terminal.backend());
        let buffer = terminal.backend().buffer();
        // In large cells, among the marks; in compact ones, alone in the middle.
        let digit_at = |d: u8| mark_at(buffer, d);
        for p in &removals {
            let (dx, dy) = digit_at(2);
            let (c, style) = at(buffer, *p, dx, dy);
            assert_eq!(c, "2", "{w}x{h}: {p}");
            assert!(
                style.add_modifier.contains(Modifier::CROSSED_OUT),
                "{w}x{h}: {p} struck out"
            );
            assert_eq!(style.fg, Some(Color::LightRed), "{w}x{h}: {p}");
        }
        for c in &hint.step.candidates {
            let (dx, dy) = digit_at(c.digit.get());
            let (text, style) = at(buffer, c.pos, dx, dy);
            assert_eq!(text, c.digit.to_string(), "{w}x{h}: {}", c.pos);
            assert_eq!(style.fg, Some(Color::LightGreen), "{w}x{h}: {} proves it", c.pos);
            assert!(style.add_modifier.contains(Modifier::BOLD));
        }
        let text = terminal.backend().to_string();
        if w == 80 {
            assert!(text.contains("Filter      2 (the hint's)"), "{text}");
        }
    }
}

/// A naked pair of 1 and 4 (two digits): both shown in the pair's cells, the removals struck.
#[test]
fn a_hint_of_two_digits_shows_both_in_compact_cells() {
    let mut app = on_line("000093002060000870000500010450008000001000900000200084080005000035000020900620000");
    app.keys("M");
    for _ in 0..8 {
        app.keys("iii");
    }
    app.keys("ii");
    let hint = app.hint.clone().unwrap();
    assert_eq!(hint.step.technique.to_string(), "Naked Pair");
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("hint_pair_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    for p in [pos(1, 3), pos(1, 4)] {
        assert_eq!(compact(buffer, p), "1 4", "{p}");
        for dx in [0, 2] {
            assert_eq!(at(buffer, p, dx, 0).1.fg, Some(Color::LightGreen), "{p}");
        }
    }
    for (p, d) in [(pos(1, 0), "1"), (pos(1, 2), "4")] {
        let (c, style) = at(buffer, p, 1, 0);
        assert_eq!(c, d, "{p}");
        assert!(style.add_modifier.contains(Modifier::CROSSED_OUT), "{p}");
    }
}

/// Colours on cells and on a candidate, at 80x24 and 120x40, with and without colour: the
/// letter says the colour in both.
#[test]
fn colours_read_with_and_without_colour() {
    for monochrome in [false, true] {
        let mut app = on("hard.txt", monochrome);
        // r1c2 (empty) a, r5c5 (a given 8) C, the 4 of r2c4 b (shown through the filter).
        app.act(Action::Select(pos(0, 1)));
        app.keys("ba");
        app.act(Action::Select(pos(4, 4)));
        app.keys("bC");
        app.act(Action::Select(pos(1, 3)));
        app.keys("f4Bb");
        app.act(Action::Select(pos(8, 8)));
        for (w, h) in SIZES {
            let terminal = draw(&mut app, w, h);
            if !monochrome || (w, h) == (80, 24) {
                let name = if monochrome { "mono_" } else { "" };
                insta::assert_snapshot!(format!("colours_{name}{w}x{h}"), terminal.backend());
            }
            let buffer = terminal.backend().buffer();
            let big = large(buffer);
            let letter = |p: Pos| at(buffer, p, 0, 0);
            for (p, l, bg) in [
                (pos(0, 1), "a", Color::Indexed(130)),
                (pos(4, 4), "C", Color::Indexed(153)),
            ] {
                let (c, style) = letter(p);
                assert_eq!(c, l, "{w}x{h}: {p}'s letter");
                let fill = at(buffer, p, 2, 0).1.bg;
                if monochrome {
                    assert_eq!(fill, Some(Color::Reset), "{w}x{h}: {p}");
                } else {
                    assert_eq!((style.bg, fill), (Some(bg), Some(bg)), "{w}x{h}: {p} painted all over");
                }
            }
            let (dx, dy) = mark_at(buffer, 4);
            let (four, style) = at(buffer, pos(1, 3), dx, dy);
            let (b, _) = at(buffer, pos(1, 3), if big { dx + 1 } else { 2 }, dy);
            assert_eq!(
                (four.as_str(), b.as_str()),
                ("4", "b"),
                "{w}x{h}: the 4 of r2c4 and its letter"
            );
            if !monochrome {
                assert_eq!(style.bg, Some(Color::Indexed(90)), "{w}x{h}");
            }
        }
        // Attack B of issue 28 (item 10c): under the cursor the brackets hid an empty cell's
        // letter; in compact cells it stands between them.
        app.act(Action::Select(pos(0, 1)));
        for (w, h) in [(64, 21), (80, 24)] {
            let terminal = draw(&mut app, w, h);
            let buffer = terminal.backend().buffer();
            assert!(!large(buffer), "{w}x{h} has compact cells");
            let shown: String = (0..3).map(|dx| at(buffer, pos(0, 1), dx, 0).0).collect();
            assert_eq!(shown, "[a]", "{w}x{h}");
        }
        // The panel names the cursor cell's colours: its own, and its marks' after each.
        app.keys("M");
        app.act(Action::Select(pos(1, 3)));
        let text = draw(&mut app, 80, 24).backend().to_string();
        assert!(text.contains("Cell r2c4   marks 1 4b 5 8 9"), "{text}");
        app.act(Action::Select(pos(4, 4)));
        let text = draw(&mut app, 80, 24).backend().to_string();
        assert!(text.contains("given 8 · colour C"), "{text}");
    }
}

#[test]
fn digit_first_says_its_digit_and_its_keys() {
    let mut app = on("hard.txt", false);
    app.act(Action::Select(pos(0, 1)));
    app.keys("d7");
    for (w, h) in SIZES {
        let terminal = draw(&mut app, w, h);
        insta::assert_snapshot!(format!("digit_first_{w}x{h}"), terminal.backend());
        let text = terminal.backend().to_string();
        assert!(text.contains("Typing      7 first:"), "{text}");
        let footer = footer(&terminal);
        assert!(footer.starts_with(" space place  "), "{footer}");
        assert!(footer.contains("  Esc end  "), "{footer}");
        assert_eq!(footer.contains("1-9 another"), w >= 80, "{footer}");
        // The 7s where they can go, in every size.
        let (dx, dy) = mark_at(terminal.backend().buffer(), 7);
        assert_eq!(at(terminal.backend().buffer(), pos(0, 2), dx, dy).0, "7", "{w}x{h}");
        assert!(footer.contains("q quit") && footer.contains("? help"), "{footer}");
    }
}

#[test]
fn the_pause_hides_the_board() {
    let mut app = on("hard.txt", false);
    app.keys("P");
    for (w, h) in SIZES {
        let terminal = draw(&mut app, w, h);
        insta::assert_snapshot!(format!("paused_{w}x{h}"), terminal.backend());
        let text = terminal.backend().to_string();
        assert!(text.contains("The clock stopped at 0:00"), "{text}");
        assert!(
            !text.contains('┃') && !text.contains("Givens"),
            "no board, no panel: {text}"
        );
        assert!(
            footer(&terminal).starts_with(" P go on  q quit"),
            "{}",
            footer(&terminal)
        );
    }
}

/// Attack C of issue 28 (item 4): a paste while paused was said in the status line, which the
/// pause hides; the popup shows the complaint, in full, at every size.
#[test]
fn a_paste_while_paused_is_said_on_the_pause_screen() {
    let mut app = on("hard.txt", false);
    app.keys("P");
    app.act(sudoku_workbench::app::Action::Paste(".".repeat(81)));
    for (w, h) in [(64, 21), (80, 24), (120, 40)] {
        let terminal = draw(&mut app, w, h);
        let text = terminal.backend().to_string();
        // The popup's lines joined: its frame and the snapshot's quotes left out.
        let words = text
            .replace(['"', '│'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            words.contains("Paste ignored: the game is paused (P goes on)"),
            "{w}x{h}: {text}"
        );
        assert!(words.contains("the board was not replaced"), "{w}x{h}: {text}");
        assert!(text.contains("The clock stopped at"), "{text}");
    }
}

/// At every width the footer of solving by hand keeps new puzzle, open, save and quit (and
/// help, last), whatever else gives way.
#[test]
fn the_footer_keeps_new_and_quit_at_every_width() {
    let mut app = on("hard.txt", false);
    for (w, h) in [(64, 21), (70, 22), (80, 24), (100, 30), (120, 40), (200, 60)] {
        let footer = footer(&draw(&mut app, w, h));
        for hint in ["N new", "o open", "w save", "q quit"] {
            assert!(footer.contains(hint), "{w}x{h}: {hint} in {footer:?}");
        }
        assert!(footer.trim_end().ends_with("? help"), "{w}x{h}: {footer:?}");
        assert!(footer.contains("1-9 digit"), "{w}x{h}: {footer:?}");
    }
}

/// Solving by hand, the solutions line is hidden once the board holds an entry, until L; the
/// puzzle's own status (no entry yet), a solved board and puzzle edit show it.
#[test]
fn the_solutions_line_is_hidden_while_solving_until_asked() {
    let row = |app: &mut Bench| {
        let text = draw(app, 80, 24).backend().to_string();
        let line = text.lines().find(|l| l.contains("Solutions")).unwrap().to_string();
        line[line.find("Solutions").unwrap()..]
            .trim_end_matches(['"', ' '])
            .to_string()
    };
    let mut app = on("hard.txt", false);
    assert_eq!(row(&mut app), "Solutions   unique ✓", "the puzzle's, before any entry");
    // A wrong entry in r1c2 (its digit is 1): the line would say none.
    app.act(Action::Select(pos(0, 1)));
    app.keys("6");
    assert_eq!(row(&mut app), "Solutions   hidden (L shows)");
    app.keys("L");
    assert!(row(&mut app).starts_with("Solutions   none"), "{}", row(&mut app));
    app.keys("L");
    assert_eq!(row(&mut app), "Solutions   hidden (L shows)");
    app.keys("p");
    assert!(row(&mut app).starts_with("Solutions   none"), "puzzle edit shows it");
}

/// Every aid at once (marks, a hint's why lending the filter, colours on cells and candidates,
/// digit first), at every size, with and without colour: nothing panics, and the board shows
/// from 64x21 up.
#[test]
fn every_size_renders_every_aid_without_panicking() {
    for monochrome in [false, true] {
        let mut app = on("hard.txt", monochrome);
        app.keys("M");
        for p in Pos::all().filter(|p| p.index() % 7 == 0) {
            app.act(Action::Select(p));
            app.keys("bA");
            app.keys("B1d");
        }
        app.keys("ii");
        app.act(Action::Select(pos(8, 8)));
        app.keys("d3");
        draw(&mut app, 0, 0);
        for width in [1, 10, 63, 64, 65, 80, 111, 112, 120, 147, 148, 200, 300] {
            for height in [1, 5, 20, 21, 24, 38, 39, 40, 56, 57, 60, 100] {
                let text = draw(&mut app, width, height).backend().to_string();
                if width >= 64 && height >= 21 {
                    assert!(text.contains('┏'), "{width}x{height}: the board");
                    assert!(
                        width < 80 || text.contains("Filter      3"),
                        "{width}x{height}: the filter's row"
                    );
                }
            }
        }
    }
}
