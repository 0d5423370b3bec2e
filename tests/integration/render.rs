//! Render tests on ratatui's TestBackend: a snapshot of the text of each screen (editing,
//! conflicts, step mode, solved, no solution, file browser, help, too small, large cells), and
//! explicit checks of the styles of highlighted cells, which snapshots of text do not hold.

use crate::common;

use common::workbench::{Bench, asset};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::path::PathBuf;
use std::time::Duration;
use sudoku_engine::{Digit, Pos, parse_document};
use sudoku_workbench::app::browser::{Browser, ListRequest, Preview};
use sudoku_workbench::app::{Action, App, Direction, Document, Effect, Mode, Origin};
use sudoku_workbench::ui;
use sudoku_workbench::ui::layout::Screen;

/// The workbench on a built-in-like document named after the asset (stable across machines).
fn app_on(name: &'static str, monochrome: bool) -> Bench {
    let parsed = parse_document(&std::fs::read(asset(name)).unwrap(), None).unwrap();
    let mut app = Bench::new(Document::from_parsed(parsed, Origin::Builtin(name), 0, None).unwrap());
    app.monochrome = monochrome;
    app.settle();
    app
}

fn draw(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    app.update(Action::Resize(width, height));
    // The game's clock runs in real time while a test does: the first seconds read as none, so
    // that snapshots hold (a test that shows a time sets one well past them).
    if app.doc.play.elapsed < Duration::from_secs(30) {
        app.doc.play.elapsed = Duration::ZERO;
    }
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::draw(frame, app)).unwrap();
    terminal
}

fn pos(row: usize, col: usize) -> Pos {
    Pos::at(row, col).unwrap()
}

/// The three characters of a compact cell on an 80x24 screen, and the style of its digit.
fn cell(buffer: &Buffer, p: Pos) -> (String, ratatui::style::Style) {
    let rect = Screen::new(*buffer.area()).unwrap().cell_rect(p);
    let text: String = (0..3)
        .map(|dx| buffer[(rect.x + dx, rect.y)].symbol().to_string())
        .collect();
    (text, buffer[(rect.x + 1, rect.y)].style())
}

/// Timings differ from run to run: pin the last solve's time (and drop the message that repeats
/// it) so that a snapshot holds only what is deterministic.
fn pin_time(app: &mut App) {
    if let Some(report) = app.last_solve.as_mut() {
        report.elapsed = Duration::from_micros(1234);
    }
    if app.message.as_ref().is_some_and(|m| m.text.contains(" in ")) {
        app.message = None;
    }
}

fn move_to(app: &mut App, p: Pos) {
    app.update(Action::Select(p));
}

#[test]
fn editing_screen() {
    let mut app = app_on("hardest.sdk", false);
    move_to(&mut app, pos(1, 1));
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("editing_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    // The cursor: brackets (visible without colour), bold, on blue.
    let (text, style) = cell(buffer, pos(1, 1));
    assert_eq!(text, "[·]");
    assert!(style.add_modifier.contains(Modifier::BOLD));
    assert_eq!(style.bg, Some(Color::Blue));
    // Givens are bold; blanks are marked and dim.
    let (text, style) = cell(buffer, pos(0, 0));
    assert_eq!(text, " 8 ");
    assert!(style.add_modifier.contains(Modifier::BOLD));
    let (text, style) = cell(buffer, pos(8, 8));
    assert_eq!(text, " · ");
    assert!(style.add_modifier.contains(Modifier::DIM));
    // The cursor's row, column and box are shaded; other cells are not.
    for p in [pos(1, 8), pos(8, 1), pos(0, 0), pos(2, 2)] {
        assert_eq!(cell(buffer, p).1.bg, Some(Color::Indexed(236)), "{p} is a peer of r2c2");
    }
    assert_ne!(cell(buffer, pos(8, 8)).1.bg, Some(Color::Indexed(236)));
}

#[test]
fn conflicts_are_highlighted_with_and_without_colour() {
    for monochrome in [false, true] {
        let mut app = app_on("hardest.sdk", monochrome);
        // An 8 in r1c2 repeats the given 8 in r1c1 (in their row and their box).
        move_to(&mut app, pos(0, 1));
        app.update(Action::Digit(Digit::new(8).unwrap()));
        app.update(Action::Move(Direction::Down));
        app.settle();
        let terminal = draw(&mut app, 80, 24);
        if !monochrome {
            insta::assert_snapshot!("conflict_80x24", terminal.backend());
        }
        let buffer = terminal.backend().buffer();
        for p in [pos(0, 0), pos(0, 1)] {
            let style = cell(buffer, p).1;
            assert!(
                style.add_modifier.contains(Modifier::REVERSED),
                "{p} reversed (monochrome: {monochrome})"
            );
            if !monochrome {
                assert_eq!(style.fg, Some(Color::Red), "{p}");
            }
        }
        // Cells not in the conflict are not reversed.
        for p in [pos(0, 2), pos(1, 2), pos(4, 4)] {
            assert!(!cell(buffer, p).1.add_modifier.contains(Modifier::REVERSED), "{p}");
        }
        if monochrome {
            for c in buffer.content() {
                assert_eq!(
                    (c.fg, c.bg),
                    (Color::Reset, Color::Reset),
                    "NO_COLOR means no colour at all"
                );
            }
        }
    }
}

#[test]
fn entries_and_solver_digits_look_different_from_givens() {
    let mut app = app_on("boj-2580-sample.txt", false);
    app.update(Action::Digit(Digit::new(1).unwrap())); // r1c1, an entry
    app.update(Action::Solve);
    app.settle();
    // The cursor on r9c8, a given 6: neither the entry (1) nor the solver's 3 at r2c5 is a 6.
    app.update(Action::Select(pos(8, 7)));
    pin_time(&mut app);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("solved_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    let given = cell(buffer, pos(0, 1)).1;
    let entry = cell(buffer, pos(0, 0)).1;
    let placed = cell(buffer, pos(1, 4)).1;
    assert!(given.add_modifier.contains(Modifier::BOLD));
    assert!(!entry.add_modifier.contains(Modifier::BOLD) && !entry.add_modifier.contains(Modifier::ITALIC));
    assert!(placed.add_modifier.contains(Modifier::ITALIC));
    assert_eq!(
        (given.fg, entry.fg, placed.fg),
        (Some(Color::White), Some(Color::LightCyan), Some(Color::LightGreen))
    );
    // With the cursor on a 1, every 1 is emphasised (underlined) wherever it is.
    app.update(Action::Select(pos(4, 4)));
    let terminal = draw(&mut app, 80, 24);
    let buffer = terminal.backend().buffer();
    assert_eq!(cell(buffer, pos(4, 4)).0, "[1]");
    assert!(cell(buffer, pos(0, 0)).1.add_modifier.contains(Modifier::UNDERLINED));
    assert!(cell(buffer, pos(2, 6)).1.add_modifier.contains(Modifier::UNDERLINED));
    assert!(!cell(buffer, pos(0, 1)).1.add_modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn step_mode_screen() {
    let mut app = app_on("hardest.sdk", false);
    // 40 steps and on to the next placement, so that a digit is being tried.
    for _ in 0..40 {
        app.update(Action::StepForward);
    }
    while !matches!(&app.mode, Mode::Step(s) if matches!(s.last(), Some(sudoku_engine::Step::Place { .. }))) {
        app.update(Action::StepForward);
    }
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("step_80x24", without_clock(&terminal));
    let Mode::Step(stepper) = &app.mode else {
        panic!("step mode")
    };
    let decisions = stepper.decisions();
    let top = decisions.last().unwrap();
    let buffer = terminal.backend().buffer();
    let (text, style) = cell(buffer, top.pos().unwrap());
    assert_eq!(
        text,
        format!("[{}]", top.current.unwrap().1),
        "the cell being decided is bracketed"
    );
    assert_eq!(style.bg, Some(Color::Magenta));
    for d in &decisions[..decisions.len() - 1] {
        assert!(
            cell(buffer, d.pos().unwrap())
                .1
                .add_modifier
                .contains(Modifier::UNDERLINED),
            "{} is on the path",
            d.pos().unwrap()
        );
    }
}

#[test]
fn no_solution_screen() {
    let mut app = app_on("no-solution.txt", false);
    app.update(Action::Solve);
    app.settle();
    pin_time(&mut app);
    let terminal = draw(&mut app, 80, 24);
    let text = terminal.backend().to_string();
    assert!(text.contains("No solution ("), "{text}");
    assert!(text.contains("Solutions   none"), "{text}");
    // The placement count of the failed search is in the snapshot: it is deterministic.
    insta::assert_snapshot!("no_solution_80x24", terminal.backend());
}

#[test]
fn file_browser_screen() {
    let mut app = app_on("hardest.sdk", false);
    // A relative directory keeps the title the same on every machine.
    let dir = PathBuf::from("tests/fixtures/browse");
    app.mode = Mode::Browse(Box::new(Browser::new(dir.clone())));
    // Listed in the background: the answer comes with the others.
    assert!(app.runtime.perform(Effect::List(ListRequest::new(dir))).is_none());
    app.wait_for_background();
    // Past the subdirectory, onto the broken file.
    app.act(Action::ListMove(1));
    app.wait_for_background();
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("browser_80x24", terminal.backend());
    let text = terminal.backend().to_string();
    assert!(
        text.contains("line 1, column 17: expected"),
        "the preview names the error:\n{text}"
    );
    app.act(Action::ListMove(1));
    app.wait_for_background();
    let text = draw(&mut app, 80, 24).backend().to_string();
    assert!(
        text.contains("Simple Sudoku .ss"),
        "the next file previews as a board:\n{text}"
    );
}

#[test]
fn help_screen() {
    let mut app = app_on("hardest.sdk", false);
    app.update(Action::Help);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("help_80x24", terminal.backend());
}

/// Every key's words are read in full on the help screen at the small sizes, scrolled through:
/// a long line wraps under itself instead of being cut at the frame (issue 28 item 24).
#[test]
fn every_help_line_is_read_in_full_at_small_sizes() {
    let one_line = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for (width, height) in [(80, 24), (70, 22), (64, 21)] {
        let mut app = app_on("hardest.sdk", false);
        app.update(Action::Resize(width, height));
        app.update(Action::Help);
        let mut text = String::new();
        let body = ratatui::layout::Rect::new(0, 0, width, height - 2);
        for scroll in 0..=sudoku_workbench::ui::overlay::help_max_scroll(body) {
            app.overlay = Some(sudoku_workbench::app::Overlay::Help(scroll));
            let rows = rows(&draw(&mut app, width, height));
            // The frame's inside, past the keys column.
            for row in &rows[2..rows.len() - 2] {
                let inside: String = row.chars().skip(1).take(usize::from(width) - 2).collect();
                text.push_str(inside.trim_start());
                text.push(' ');
            }
        }
        let text = one_line(&text);
        for (_, keys) in sudoku_workbench::ui::keys::help_sections() {
            for (key, what) in keys {
                assert!(
                    text.contains(&one_line(what)),
                    "{width}x{height}: {key}: {what:?} is not on the help screen in full"
                );
            }
        }
    }
}

/// docs/guide.md's "Every key" lists the keys as the help screen does, from the one key table:
/// every section in order, every line's keys and words, nothing more. A key added to the table
/// without a line in the guide (or the other way round) fails here.
#[test]
fn the_guide_lists_every_key_of_the_key_table() {
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md")).unwrap();
    let start = guide
        .find("\n## Every key")
        .expect("the guide has an Every key section");
    let rest = &guide[start + 1..];
    let end = rest[1..].find("\n## ").map_or(rest.len(), |e| e + 1);
    let mut listed: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in rest[..end].lines() {
        if let Some(name) = line.strip_prefix("**").and_then(|l| l.strip_suffix("**")) {
            listed.push((name.to_string(), Vec::new()));
        } else if let Some(row) = line.strip_prefix("| ").and_then(|l| l.strip_suffix(" |")) {
            let (keys, what) = row.split_once(" | ").expect("a row of two columns");
            let header = keys == "keys" || keys.starts_with("---");
            if let (false, Some((_, lines))) = (header, listed.last_mut()) {
                lines.push((keys.replace("\\|", "|"), words(&what.replace("\\|", "|"))));
            }
        }
    }
    listed.retain(|(_, lines)| !lines.is_empty());
    let table: Vec<(String, Vec<(String, String)>)> = sudoku_workbench::ui::keys::help_sections()
        .into_iter()
        .map(|(section, lines)| {
            let lines = lines.into_iter().map(|(k, w)| (k.to_string(), words(w))).collect();
            (section.to_string(), lines)
        })
        .collect();
    assert!(!table.is_empty() && !listed.is_empty());
    for ((section, lines), (listed_section, listed_lines)) in table.iter().zip(&listed) {
        assert_eq!(section, listed_section, "the sections in order");
        for (line, listed_line) in lines.iter().zip(listed_lines) {
            assert_eq!(line, listed_line, "in {section}");
        }
        assert_eq!(lines.len(), listed_lines.len(), "the lines of {section}");
    }
    assert_eq!(table.len(), listed.len(), "the sections");
}

#[test]
fn a_terminal_too_small_says_so() {
    let mut app = app_on("hardest.sdk", false);
    let terminal = draw(&mut app, 50, 12);
    insta::assert_snapshot!("too_small_50x12", terminal.backend());
    assert!(
        terminal
            .backend()
            .to_string()
            .contains("terminal too small (need 64x21, have 50x12)")
    );
}

#[test]
fn every_size_renders_without_panicking() {
    let mut app = app_on("hardest.sdk", false);
    app.update(Action::StepForward);
    // (TestBackend cannot print a buffer of width 0, but drawing into one must not panic.)
    draw(&mut app, 0, 0);
    draw(&mut app, 0, 24);
    draw(&mut app, 80, 0);
    for width in [1, 2, 10, 40, 63, 64, 65, 80, 120, 300] {
        for height in [1, 2, 5, 20, 21, 22, 24, 40, 100] {
            let terminal = draw(&mut app, width, height);
            let text = terminal.backend().to_string();
            if width >= 64 && height >= 21 {
                assert!(text.contains("STEP MODE"), "{width}x{height}");
            } else if width >= 40 && height >= 3 {
                assert!(text.contains("too small"), "{width}x{height}");
            }
        }
    }
}

#[test]
fn large_terminals_show_large_cells_with_candidates() {
    let mut app = app_on("hardest.sdk", false);
    app.update(Action::CycleMarksView);
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("editing_200x60", terminal.backend());
}

/// The screen's text with the step mode's search time (measured, different on every run)
/// replaced by a fixed mark of the same width.
pub(crate) fn without_clock(terminal: &Terminal<TestBackend>) -> String {
    let text = terminal.backend().to_string();
    text.lines()
        .map(|line| {
            match ["Search time ", "· search time "]
                .iter()
                .find_map(|label| line.find(label).map(|at| at + label.len()))
            {
                Some(start) => {
                    let rest = &line[start..];
                    // The panel is the last column: the rest of the row is the value and blanks.
                    let width = rest.chars().count();
                    let mark: String = "<clock>"
                        .chars()
                        .chain(std::iter::repeat(' '))
                        .take(width.max(8) - 1)
                        .collect();
                    format!("{}{}\"", &line[..start], mark)
                }
                None => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of the screen, one string per row.
fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let area = buffer.area();
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect())
        .collect()
}

/// Item 17: at 70x22 nothing overlaps or is cut: the footer's hints end with a whole hint,
/// wrapped panel lines are indented under their value, and help scrolls instead of cutting.
#[test]
fn a_small_terminal_fits_everything() {
    let mut app = app_on("hardest.sdk", false);
    let terminal = draw(&mut app, 70, 22);
    insta::assert_snapshot!("editing_70x22", terminal.backend());
    let rows = rows(&terminal);
    let footer = rows.last().unwrap().trim_end().to_string();
    assert!(footer.ends_with("? help"), "help is always in the footer: {footer}");
    // Every panel line that continues a wrapped value starts under the value, not at the edge.
    let panel_x = Screen::new(ratatui::layout::Rect::new(0, 0, 70, 22)).unwrap().panel.x as usize;
    for row in &rows[1..rows.len() - 1] {
        let panel: String = row.chars().skip(panel_x).collect();
        if panel.trim().is_empty() {
            continue;
        }
        let indent = panel.len() - panel.trim_start().len();
        assert!(
            indent <= 2 || indent >= 12,
            "a wrapped line is indented under its value: {panel:?}"
        );
    }
    // A solve adds a report and a message: the long description gives way, nothing is cut.
    app.act(Action::Solve);
    pin_time(&mut app);
    app.message = Some(sudoku_workbench::app::Message {
        text: "Solved with fast: 0 placements, 0 backtracks in 1 ms (u undoes)".into(),
        is_error: false,
    });
    let text = draw(&mut app, 70, 22).backend().to_string();
    assert!(text.contains("(u undoes)"), "the message's end is on screen:\n{text}");
    assert!(
        text.contains("Published in 201…"),
        "the description is cut to a line:\n{text}"
    );
    app.act(Action::Undo);
    app.act(Action::Help);
    let terminal = draw(&mut app, 70, 22);
    insta::assert_snapshot!("help_70x22", terminal.backend());
    let text = terminal.backend().to_string();
    assert!(
        text.contains("↑↓") || text.contains("more"),
        "help says it scrolls:\n{text}"
    );
}

/// Item 17: at 200x60 the board grows to use the room.
#[test]
fn a_large_terminal_grows_the_board() {
    let mut app = app_on("hardest.sdk", false);
    // The program hidden (c): the board takes the room it leaves.
    app.settings.show_program = false;
    app.act(Action::StepForward);
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("step_200x60", without_clock(&terminal));
    let board = Screen::new(ratatui::layout::Rect::new(0, 0, 200, 60)).unwrap().board;
    assert!(board.height >= 45, "the board takes most of the height: {board:?}");
}

/// Item 13: at 200 columns the list and the preview share the width.
#[test]
fn the_browser_shares_a_wide_screen() {
    let mut app = app_on("hardest.sdk", false);
    let dir = PathBuf::from("tests/fixtures/browse");
    app.mode = Mode::Browse(Box::new(Browser::new(dir.clone())));
    // Listed in the background: the answer comes with the others.
    assert!(app.runtime.perform(Effect::List(ListRequest::new(dir))).is_none());
    app.wait_for_background();
    app.act(Action::ListMove(2));
    app.wait_for_background();
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("browser_200x60", terminal.backend());
    let rows = rows(&terminal);
    let list_row = rows.iter().find(|r| r.contains("escargot.ss")).unwrap();
    let at = list_row.find("escargot.ss").unwrap();
    assert!(at < 100, "the list on the left half");
}

/// Item 12: the panel names the cell with no candidate.
#[test]
fn a_dead_board_is_named_in_the_panel() {
    let text = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(text.into()));
    app.message = None;
    let terminal = draw(&mut app, 80, 24);
    let text = terminal.backend().to_string();
    assert!(text.contains("r1c9 has no"), "{text}");
}

/// Attack A: a long name typed in the save prompt wrapped over lines the box did not count,
/// and the reason the save failed, written last, was cut off. The box is as tall as what it
/// holds.
#[test]
fn the_save_prompt_shows_why_a_long_name_failed_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_on("hardest.sdk", false);
    app.cwd = dir.path().to_path_buf();
    app.keys("W");
    app.answer_prompt(&format!("{}.swb", "x".repeat(300)));
    assert!(app.message().contains("name too long"), "{}", app.message());
    for (width, height) in [(100, 30), (80, 24)] {
        let terminal = draw(&mut app, width, height);
        let text = terminal.backend().to_string();
        let flat: String = text.chars().filter(|c| !matches!(c, '│' | '"' | ' ' | '\n')).collect();
        assert!(flat.contains("(nothingwaschangedondisk)"), "{width}x{height}:\n{text}");
        assert!(flat.contains("Enter"), "{width}x{height}:\n{text}");
    }
}

/// Item 4: the save prompt says which format the name chooses.
#[test]
fn the_save_prompt_names_the_format() {
    let mut app = app_on("hardest.sdk", false);
    app.keys("W");
    app.answer_prompt("");
    for c in "game.txt".chars() {
        app.act(Action::Input(c));
    }
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("save_as_80x24", terminal.backend());
    let text = terminal.backend().to_string();
    assert!(text.contains("line"), "the format of .txt is named:\n{text}");
    assert!(text.contains("Tab"), "and how to choose another:\n{text}");
}

/// The board of hardest.sdk with the user's marks 1 and 2 in r1c2 and 4 in r2c2, in notes mode
/// with the cursor on r1c2.
fn with_marks(monochrome: bool) -> Bench {
    let mut app = app_on("hardest.sdk", monochrome);
    app.update(Action::ToggleNotes);
    move_to(&mut app, pos(1, 1));
    app.update(Action::Digit(Digit::new(4).unwrap()));
    move_to(&mut app, pos(0, 1));
    for d in [1, 2] {
        app.update(Action::Digit(Digit::new(d).unwrap()));
    }
    app.message = None;
    app
}

#[test]
fn notes_mode_in_compact_cells_shows_which_cells_have_marks() {
    let mut app = with_marks(false);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("notes_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    // Too small for the marks themselves: a sign in the marked cells, in the marks' colour.
    for p in [pos(0, 1), pos(1, 1)] {
        let (text, style) = cell(buffer, p);
        assert!(text.contains('∷'), "{p}: {text:?}");
        if p != pos(0, 1) {
            assert_eq!(style.fg, Some(Color::Cyan), "{p}");
        }
    }
    for p in [pos(0, 2), pos(2, 2)] {
        assert!(cell(buffer, p).0.contains('·'), "{p} has no mark");
    }
    // The cursor cell's marks in full, and the mode, in the panel and the title.
    let text = rows(&terminal).join("\n");
    assert!(text.contains("Cell r1c2   marks 1 2"), "{text}");
    assert!(text.contains("marks (notes; m ends it)"), "{text}");
    assert!(text.contains("SOLVE BY HAND · NOTES"), "{text}");
}

#[test]
fn notes_mode_in_large_cells_shows_the_marks_apart_from_computed_candidates() {
    let mut app = with_marks(false);
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("notes_200x60", terminal.backend());
    let buffer = terminal.backend().buffer();
    let screen = Screen::new(*buffer.area()).unwrap();
    // In a huge cell, digit k sits at column 2 + 3 * ((k - 1) % 3), row 1 + (k - 1) / 3.
    let mark = |p: Pos, k: u16| {
        let rect = screen.cell_rect(p);
        let c = &buffer[(rect.x + 2 + 3 * ((k - 1) % 3), rect.y + 1 + (k - 1) / 3)];
        (c.symbol().to_string(), c.fg)
    };
    assert_eq!(mark(pos(0, 1), 1), ("1".into(), Color::Cyan));
    assert_eq!(mark(pos(0, 1), 2), ("2".into(), Color::Cyan));
    assert_eq!(mark(pos(0, 1), 4).0, " ", "4 is not marked there");
    assert_eq!(mark(pos(1, 1), 4), ("4".into(), Color::Cyan));
    // Only the user's marks: r1c3 can hold 2, 4, 5, 6 or 9 but has no mark.
    assert_eq!(mark(pos(0, 2), 2).0, " ");
    // The computed view shows every cell's candidates, in their own dim grey.
    app.update(Action::CycleMarksView);
    let terminal = draw(&mut app, 200, 60);
    let buffer = terminal.backend().buffer();
    let mark = |p: Pos, k: u16| {
        let rect = screen.cell_rect(p);
        let c = &buffer[(rect.x + 2 + 3 * ((k - 1) % 3), rect.y + 1 + (k - 1) / 3)];
        (c.symbol().to_string(), c.fg)
    };
    assert_eq!(mark(pos(0, 2), 2), ("2".into(), Color::DarkGray));
    assert_eq!(mark(pos(0, 1), 4), ("4".into(), Color::DarkGray));
    let text = rows(&terminal).join("\n");
    assert!(text.contains("showing computed candidates (v: yours)"), "{text}");
    assert!(text.contains("computed 1 2 4 6"), "{text}");
}

/// The first hint on hard.txt (the cursor moved off the board's top left, so the shading shows).
fn hinted(stage_presses: usize) -> Bench {
    let mut app = app_on("hard.txt", false);
    move_to(&mut app, pos(8, 8));
    // Singles first: press on until the hint is the puzzle's locked candidates.
    for _ in 0..100 {
        app.update(Action::Hint);
        let hint = app.hint.clone().expect("a hint");
        if !hint.step.eliminations.is_empty() {
            break;
        }
        app.update(Action::Hint);
        app.update(Action::Hint);
    }
    for _ in 1..stage_presses {
        app.update(Action::Hint);
    }
    app.settle();
    app
}

#[test]
fn a_hint_first_shades_where_to_look() {
    let mut app = hinted(1);
    let hint = app.hint.clone().unwrap();
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("hint_where_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    let area = hint.area();
    assert!(!area.is_empty());
    for p in Pos::all().filter(|p| *p != pos(8, 8)) {
        let shaded = cell(buffer, p).1.bg == Some(Color::Indexed(22));
        assert_eq!(shaded, area.contains(p), "{p}");
    }
}

#[test]
fn a_hint_then_shows_why_with_the_candidates_that_prove_it() {
    let mut app = hinted(2);
    let hint = app.hint.clone().unwrap();
    let terminal = draw(&mut app, 120, 40);
    insta::assert_snapshot!("hint_why_120x40", terminal.backend());
    let buffer = terminal.backend().buffer();
    let screen = Screen::new(*buffer.area()).unwrap();
    // In a large cell, digit k sits at column 1 + 2 * ((k - 1) % 3), row (k - 1) / 3.
    let mark = |c: &sudoku_engine::logic::Candidate| {
        let rect = screen.cell_rect(c.pos);
        let k = u16::from(c.digit.get()) - 1;
        buffer[(rect.x + 1 + 2 * (k % 3), rect.y + k / 3)].clone()
    };
    for c in &hint.step.eliminations {
        let shown = mark(c);
        assert_eq!(shown.symbol(), c.digit.to_string());
        assert_eq!(shown.fg, Color::LightRed, "{c:?} is removed");
        assert!(shown.modifier.contains(Modifier::CROSSED_OUT));
    }
    for c in &hint.step.candidates {
        let shown = mark(c);
        assert_eq!(shown.symbol(), c.digit.to_string());
        assert_eq!(shown.fg, Color::LightGreen, "{c:?} proves it");
    }
    let text = rows(&terminal).join("\n");
    assert!(text.contains(&hint.step.technique.to_string()), "{text}");
}

#[test]
fn a_hint_last_does_the_step() {
    let mut app = hinted(3);
    assert!(app.hint.is_none());
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("hint_done_80x24", terminal.backend());
    let text = rows(&terminal).join("\n");
    assert!(text.contains("Done: Locked Candidates"), "{text}");
}

#[test]
fn a_check_highlights_the_mistakes() {
    let mut app = app_on("easy.txt", false);
    let solution = sudoku_workbench::app::hint::solution_of(&app.doc.board).unwrap();
    // r1c1 is 4 in the solution: a 5 there is wrong; r1c2 is marked with its own digit.
    assert_eq!(solution.digit(pos(0, 0)), Digit::new(4));
    app.update(Action::Digit(Digit::new(5).unwrap()));
    move_to(&mut app, pos(0, 1));
    app.update(Action::ToggleNotes);
    app.update(Action::Digit(solution.digit(pos(0, 1)).unwrap()));
    move_to(&mut app, pos(8, 8));
    app.update(Action::Check);
    app.settle();
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("check_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    let wrong = cell(buffer, pos(0, 0)).1;
    assert_eq!(wrong.bg, Some(Color::Indexed(52)));
    assert!(wrong.add_modifier.contains(Modifier::CROSSED_OUT));
    for p in [pos(0, 1), pos(0, 2)] {
        assert_ne!(cell(buffer, p).1.bg, Some(Color::Indexed(52)), "{p} is right");
    }
}

#[test]
fn the_solved_screen_gives_the_time_and_the_help_used() {
    let mut app = app_on("easy.txt", false);
    let solution = sudoku_workbench::app::hint::solution_of(&app.doc.board).unwrap();
    app.update(Action::Hint);
    app.update(Action::Hint);
    app.update(Action::Hint);
    let empty: Vec<Pos> = Pos::all().filter(|p| app.doc.board.digit(*p).is_none()).collect();
    for p in empty {
        move_to(&mut app, p);
        app.update(Action::Digit(solution.digit(p).unwrap()));
    }
    app.settle();
    app.doc.play.elapsed = Duration::from_secs(754);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("solved_by_hand_80x24", terminal.backend());
    let text = rows(&terminal).join("\n");
    assert!(text.contains("✓ Solved!"), "{text}");
    assert!(text.contains("in 12:34"), "{text}");
    assert!(text.contains("with 1 hint and 0 checks"), "{text}");
    // The box is drawn in the colour of success.
    let buffer = terminal.backend().buffer();
    let corner = buffer.content().iter().position(|c| c.symbol() == "┌").expect("a box");
    assert_eq!(buffer.content()[corner].fg, Color::LightGreen);
}

#[test]
fn the_new_puzzle_dialog_shows_the_choices() {
    let mut app = app_on("easy.txt", false);
    app.update(Action::NewPuzzle);
    app.update(Action::Adjust(3));
    app.update(Action::ListMove(1));
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("new_puzzle_80x24", terminal.backend());
    let text = rows(&terminal).join("\n");
    assert!(text.contains("Level     ◂ hard ▸"), "{text}");
    assert!(text.contains("▸ Symmetry  ◂ none ▸"), "{text}");
    // The line being changed is highlighted.
    let buffer = terminal.backend().buffer();
    let at = buffer
        .content()
        .iter()
        .position(|c| c.symbol() == "◂")
        .map(|i| {
            let area = buffer.area();
            (i as u16 % area.width, i as u16 / area.width)
        })
        .unwrap();
    // The first ◂ is the level's (not chosen); the symmetry's, a line below, is.
    assert_ne!(buffer[at].fg, Color::Cyan);
    assert_eq!(buffer[(at.0, at.1 + 1)].fg, Color::Cyan);
}

/// Step mode at 100x30 on hard.txt after `steps` steps: the program beside the board.
fn stepped(name: &'static str, steps: usize) -> Bench {
    let mut app = app_on(name, false);
    for _ in 0..steps {
        app.act(Action::StepForward);
    }
    app
}

/// The row of the screen holding `text`, and its index.
fn row_with(terminal: &Terminal<TestBackend>, text: &str) -> (usize, String) {
    rows(terminal)
        .into_iter()
        .enumerate()
        .find(|(_, r)| r.contains(text))
        .unwrap_or_else(|| panic!("no row holds {text:?}"))
}

/// Issue 12: the program with the line of the last step highlighted, and the call stack.
#[test]
fn the_program_and_the_call_stack_beside_the_board_at_100x30() {
    let mut app = stepped("hard.txt", 13);
    let terminal = draw(&mut app, 100, 30);
    insta::assert_snapshot!("program_100x30", without_clock(&terminal));
    let (y, row) = row_with(&terminal, "▶");
    assert!(row.contains("board[r][c] = d;"), "{row}");
    let buffer = terminal.backend().buffer();
    let x = row.chars().position(|c| c == '▶').unwrap() as u16 + 8;
    let style = buffer[(x, y as u16)].style();
    assert!(
        style.add_modifier.contains(Modifier::REVERSED),
        "the line is highlighted: {style:?}"
    );
    assert_eq!(style.fg, Some(Color::Cyan));
    // The check line ran for each digit passed over on the way to 9: each is named in the why.
    let (y, check) = row_with(&terminal, "✗");
    assert!(check.contains("continue;  ◀ 4 to 8 skipped"), "{check}");
    let x = check.chars().position(|c| c == '✗').unwrap() as u16;
    assert_eq!(buffer[(x, y as u16)].fg, Color::LightRed);
    let screen = rows(&terminal).join("\n");
    for d in 4..=8 {
        assert!(screen.contains(&format!("{d}: r")), "the why names who holds {d}");
    }
    let Mode::Step(stepper) = &app.mode else { panic!() };
    for (i, d) in stepper.decisions().iter().enumerate() {
        let (_, row) = row_with(&terminal, &format!("dfs({i}) "));
        assert!(row.contains(&d.pos().unwrap().to_string()), "frame {i}: {row}");
    }
    // A step back moves the highlight to the line that takes a digit back.
    app.act(Action::StepBack);
    let terminal = draw(&mut app, 100, 30);
    let (_, row) = row_with(&terminal, "▶");
    assert!(row.contains("board[r][c] = 0;"), "{row}");
}

/// Issue 12: at 200x60 the board keeps large cells beside the program (in its Python form) and
/// the stack goes under the board.
#[test]
fn the_program_in_python_form_at_200x60() {
    let mut app = stepped("hardest.sdk", 40);
    app.act(Action::CycleLanguage);
    app.message = None;
    let terminal = draw(&mut app, 200, 60);
    insta::assert_snapshot!("program_200x60", without_clock(&terminal));
    let (_, row) = row_with(&terminal, "▶");
    assert!(row.contains("board[r][c] = "), "{row}");
    assert!(rows(&terminal).iter().any(|r| r.contains("def dfs(k):")));
    let (_, stack) = row_with(&terminal, "call stack:");
    let Mode::Step(stepper) = &app.mode else { panic!() };
    assert!(
        stack.contains(&format!("{} frames", stepper.decisions().len())),
        "{stack}"
    );
}

/// Issue 12: below 100 columns, c shows the program on a screen of its own.
#[test]
fn the_program_on_its_own_screen_at_80x24() {
    let mut app = stepped("hard.txt", 13);
    app.update(Action::Resize(80, 24));
    app.act(Action::ToggleProgram);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("program_screen_80x24", without_clock(&terminal));
    assert!(rows(&terminal).iter().all(|r| !r.contains("┏━━━┯")), "no board");
    let (_, row) = row_with(&terminal, "▶");
    assert!(row.contains("board[r][c] = d;"), "{row}");
}

/// Issue 12: the race of every strategy, its mini boards and its table.
#[test]
fn the_race_view() {
    let mut app = stepped("hardest.sdk", 1);
    app.act(Action::Race);
    for _ in 0..30 {
        app.act(Action::StepForward);
    }
    if let Mode::Race(race, _) = &mut app.mode {
        // Real time spent differs from run to run.
        for (_, racer) in &mut race.racers {
            racer.work = Duration::from_micros(42);
        }
    }
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("race_80x24", terminal.backend());
    let Mode::Race(race, _) = &app.mode else { panic!() };
    for (strategy, racer) in &race.racers {
        let row = rows(&terminal)
            .into_iter()
            .find(|r| r.starts_with(&format!(" {strategy} ")))
            .expect("a row of the table");
        let c = racer.counters();
        let numbers: Vec<&str> = row.split_whitespace().skip(1).take(5).collect();
        assert_eq!(
            numbers,
            [
                c.placements.to_string(),
                c.backtracks.to_string(),
                racer.tree.guesses.to_string(),
                racer.tree.dead_ends.to_string(),
                c.max_depth.to_string()
            ],
            "{row}"
        );
    }
    // The first board's digits keep their styles: givens bold.
    let buffer = terminal.backend().buffer();
    let (y, row) = row_with(&terminal, "┌ naive");
    let given_x = rows(&terminal)[y + 1].chars().position(|c| c.is_ascii_digit()).unwrap() as u16;
    assert!(row.starts_with('┌'));
    assert!(
        buffer[(given_x, y as u16 + 1)]
            .style()
            .add_modifier
            .contains(Modifier::BOLD)
    );
}

/// A count as the race writes it, read back: `1,266,509,660` exactly, or `1.267G` give or take
/// half its last figure; `None` for anything else (a number cut short, `1,266,509,66`, reads
/// as a badly grouped number and fails here).
fn read_count(token: &str) -> Option<(f64, f64)> {
    let units = ["k", "M", "G", "T", "P", "E"];
    if let Some(unit) = units.iter().position(|u| token.ends_with(u)) {
        let figures = &token[..token.len() - 1];
        let decimals = figures.split_once('.').map_or(0, |(_, d)| d.len());
        let whole = figures.split('.').next()?;
        if whole.is_empty() || whole.len() > 3 || !figures.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return None;
        }
        let scale = 1000f64.powi(unit as i32 + 1);
        return Some((
            figures.parse::<f64>().ok()? * scale,
            0.5 * scale / 10f64.powi(decimals as i32),
        ));
    }
    let groups: Vec<&str> = token.split(',').collect();
    let well_grouped = groups
        .iter()
        .all(|g| !g.is_empty() && g.chars().all(|c| c.is_ascii_digit()))
        && groups[0].len() <= 3
        && groups[1..].iter().all(|g| g.len() == 3);
    if !well_grouped {
        return None;
    }
    token.replace(',', "").parse::<f64>().ok().map(|n| (n, 0.0))
}

/// Asserts that `token` is `expected`, whole or abbreviated.
fn assert_count(token: &str, expected: u64, context: &str) {
    let (value, tolerance) = read_count(token).unwrap_or_else(|| panic!("{token:?} is no whole count: {context}"));
    assert!(
        (value - expected as f64).abs() <= tolerance,
        "{token:?} is not {expected}: {context}"
    );
}

/// Issue 28 item 12: in a long race (billions of steps, hours of work) no number is cut, in
/// the boxes or in the table, at 80x24, 100x30 and 120x40; every racer keeps its row of the
/// table, and the note about the last action shows whole below it.
#[test]
fn the_race_never_cuts_a_number() {
    let steps = [2_533_019_258u64, 137_855_760, 90_471, 65];
    for (width, height) in [(80, 24), (100, 30), (120, 40)] {
        let mut app = stepped("anti-naive.txt", 1);
        app.act(Action::Race);
        for _ in 0..3 {
            app.act(Action::StepForward);
        }
        let note = "Every strategy on this board: space runs them at the same pace, e each at full speed";
        app.message = Some(sudoku_workbench::app::Message {
            text: note.into(),
            is_error: false,
        });
        if let Mode::Race(race, _) = &mut app.mode {
            // Counts that real races reach (naive on anti-naive.txt takes 138 million steps; a
            // slower machine or a harder board, billions): set, as no test can wait for them.
            for ((_, racer), &n) in race.racers.iter_mut().zip(&steps) {
                racer.steps = n;
                racer.standing = sudoku_workbench::app::race::Standing::Solved(n);
                racer.work = Duration::from_secs(7_505);
            }
        }
        let terminal = draw(&mut app, width, height);
        let rows = rows(&terminal);
        let screen = rows.join("\n");
        let Mode::Race(race, _) = &app.mode else { panic!() };
        for (i, (strategy, racer)) in race.racers.iter().enumerate() {
            let context = format!("{width}x{height}, {strategy}:\n{screen}");
            // The table's row: placements and backtracks, and the step it finished at.
            let row = rows
                .iter()
                .find(|r| r.starts_with(&format!(" {strategy} ")))
                .unwrap_or_else(|| panic!("no row of the table: {context}"));
            let fields: Vec<&str> = row.split_whitespace().collect();
            let c = racer.counters();
            assert_count(fields[1], c.placements, &context);
            assert_count(fields[2], c.backtracks, &context);
            let at = row
                .find("solved at step ")
                .unwrap_or_else(|| panic!("no result: {context}"))
                + 15;
            assert_count(row[at..].split_whitespace().next().unwrap(), steps[i], &context);
        }
        // The boxes' step counters, where the boxes show them.
        for cell in rows
            .iter()
            .flat_map(|r| r.match_indices("│ steps ").map(move |(at, _)| &r[at..]))
        {
            let token = cell["│ steps ".len()..].split_whitespace().next().unwrap();
            let token = token.trim_end_matches('│');
            assert!(
                steps
                    .iter()
                    .any(|&n| read_count(token).is_some_and(|(v, tol)| (v - n as f64).abs() <= tol)),
                "{token:?} is none of the counts, whole: {width}x{height}\n{screen}"
            );
        }
        // The note, whole, under the table.
        let words: Vec<&str> = rows.iter().flat_map(|r| r.split_whitespace()).collect();
        assert!(
            words.join(" ").contains(note),
            "the note is cut: {width}x{height}\n{screen}"
        );
    }
}

/// Issue 12: the search profile under the panel: placements per depth and depth over time.
#[test]
fn the_search_profile_under_the_panel() {
    let mut app = stepped("hard.txt", 1);
    app.settings.show_program = false;
    app.act(Action::AskStep);
    for c in "5000".chars() {
        app.act(Action::Input(c));
    }
    app.act(Action::Confirm);
    let terminal = draw(&mut app, 120, 40);
    insta::assert_snapshot!("profile_120x40", without_clock(&terminal));
    // The bottom row of the chart, above its axis and the sparkline's title.
    let (y, axis) = row_with(&terminal, "Depth over time");
    let buffer = terminal.backend().buffer();
    let bars = (0..120u16)
        .filter(|&x| buffer[(x, y as u16 - 2)].symbol() != " " && buffer[(x, y as u16 - 2)].fg == Color::LightGreen)
        .count();
    assert!(bars >= 5, "bars of placements: {bars}");
    let _ = axis;
    // Each chart has its axes: the y axis's top value and 0, the x axis's first and last
    // depth (for the bars) or step (for the depth over time), and its name.
    let rows = rows(&terminal);
    let Mode::Step(stepper) = &app.mode else { panic!() };
    let per_depth = &stepper.profile().per_depth;
    let deepest = per_depth.len() - 1;
    let depth_axis = &rows[y - 1];
    assert!(
        depth_axis.contains("0└1─")
            && depth_axis.contains(" depth ")
            && depth_axis.trim_end().ends_with(&format!("─{deepest}")),
        "{depth_axis}"
    );
    // The x axis runs under the bars drawn, one a column here: the top is the tallest of them.
    let extent = depth_axis.split('└').nth(1).unwrap().trim_end().chars().count();
    let bars = sudoku_workbench::ui::profile::bars_of(per_depth, extent);
    assert_eq!(bars.len(), extent, "a bar a column");
    let most = bars.iter().map(|b| b.1).max().unwrap();
    assert!(
        rows.iter().any(|r| r.contains(&format!("{most}┤"))),
        "the top of the bars: {rows:#?}"
    );
    let step_axis = rows[y + 1..]
        .iter()
        .find(|r| r.contains("└0"))
        .expect("the axis of the depth over time");
    assert!(
        step_axis.contains(" step ") && step_axis.trim_end().ends_with("─5,000"),
        "{step_axis}"
    );
    let max_depth = stepper.counters().max_depth;
    assert!(
        rows[y + 1].contains(&format!("{max_depth}┤")),
        "the deepest at the top: {}",
        rows[y + 1]
    );
}

/// Issue 12: a jump to a step typed, its prompt and where it lands.
#[test]
fn a_jump_to_a_step_typed() {
    let mut app = stepped("hard.txt", 1);
    app.act(Action::AskStep);
    for c in "250".chars() {
        app.act(Action::Input(c));
    }
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("jump_prompt_80x24", without_clock(&terminal));
    app.act(Action::Confirm);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("jump_80x24", without_clock(&terminal));
    assert!(rows(&terminal).iter().any(|r| r.contains("● at step 250, as asked")));
}

/// A long "why" beside the program never pushes the message about the last action off the
/// panel, nor is it cut itself: rows that matter less give way (item 24).
#[test]
fn the_message_stays_on_screen_when_the_panel_is_short() {
    let mut app = stepped("hard.txt", 1);
    app.act(Action::AskStep);
    for c in "5000".chars() {
        app.act(Action::Input(c));
    }
    app.act(Action::Confirm);
    app.update(Action::Resize(100, 30));
    app.message = Some(sudoku_workbench::app::Message {
        text: "Trace of 5,000 steps written to /somewhere/hard.naive.trace.jsonl (Esc, then o opens it to replay)"
            .into(),
        is_error: false,
    });
    let terminal = draw(&mut app, 100, 30);
    let rows = rows(&terminal);
    assert!(
        rows.iter().any(|r| r.contains("Trace of 5,000 steps written")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|r| r.contains("to replay)")),
        "the whole message: {rows:#?}"
    );
    assert!(rows.iter().any(|r| r.contains("Why: ")), "the why: {rows:#?}");
    assert!(
        !rows.iter().any(|r| r.trim_end().ends_with('…')),
        "nothing is cut: {rows:#?}"
    );
}

/// The hardest puzzle with `comments` comment lines after its metadata (`#C comment N`), and a
/// last one of one word 64 KiB long, as a document.
fn with_comments(comments: usize) -> Bench {
    let mut text = std::fs::read_to_string(asset("hardest.sdk")).unwrap();
    for i in 0..comments {
        text.push_str(&format!("#C comment {i}\n"));
    }
    text.push_str(&format!("#C {}\n", "x".repeat(64 * 1024 - 3)));
    let parsed = parse_document(text.as_bytes(), None).unwrap();
    Bench::new(Document::from_parsed(parsed, Origin::Builtin("hardest.sdk"), 0, None).unwrap())
}

/// Issue 28 item 7: a file of many comment lines shows the first that fit, one line each, and
/// how many more there are; the rows the panel is for (givens, solutions, time) stay on screen
/// rather than pushed off it by comments. Only what is shown is wrapped, so a frame of a
/// hundred thousand comments costs what a frame of a few does (measured in benches/big_file.rs).
#[test]
fn many_comment_lines_give_way_to_the_rows_the_panel_is_for() {
    let mut app = with_comments(100_000);
    let terminal = draw(&mut app, 100, 30);
    let rows = rows(&terminal);
    for row in ["Givens      21", "Conflicts", "Solutions", "Typing", "Time"] {
        assert!(rows.iter().any(|r| r.contains(row)), "{row}: {rows:#?}");
    }
    assert!(rows.iter().any(|r| r.contains("Comment     comment 0 ")), "{rows:#?}");
    let (y, more) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.contains("… and "))
        .expect("a line counts the metadata not shown");
    // 4 lines of metadata come first, then the comments: those not shown are counted.
    let shown = rows.iter().filter(|r| r.contains("Comment     comment")).count();
    let expected = format!("… and {} more metadata lines", grouped(4 + 100_001 - 4 - shown as u64));
    assert!(more.contains(&expected), "{more:?} should say {expected:?}");
    // Said dimly, as an aside.
    let x = more.find('…').unwrap();
    let x = more[..x].chars().count() as u16;
    let style = terminal.backend().buffer()[(x, y as u16)].style();
    assert!(style.add_modifier.contains(Modifier::DIM), "{style:?}");
}

/// Short of room for every value whole, each still gets a few lines: the description is
/// whole, and a value of 64 KiB (one word) is cut at three lines with `…`.
#[test]
fn short_values_stay_whole_beside_a_huge_one_cut_to_three_lines() {
    let mut app = with_comments(0);
    let terminal = draw(&mut app, 100, 30);
    let rows = rows(&terminal);
    assert!(rows.iter().any(|r| r.contains("the world's hardest")), "{rows:#?}");
    assert!(
        rows.iter().any(|r| r.contains("sudoku\"; 21 givens")),
        "wrapped whole: {rows:#?}"
    );
    let comment: Vec<&String> = rows.iter().filter(|r| r.contains("xxxxxxxx")).collect();
    assert_eq!(comment.len(), 3, "three lines: {rows:#?}");
    assert!(comment[2].trim_end().ends_with("x…"), "{comment:?}");
    assert!(!rows.iter().any(|r| r.contains("more metadata")), "{rows:#?}");
}

fn grouped(n: u64) -> String {
    sudoku_workbench::text::grouped(n)
}

/// The final attack, finding 16: why the file named on the command line did not open showed to
/// the right of the offer of recovered work, its start hidden under the dialog. A dialog that
/// answers for something (the offer, a question, the save prompt) shows the message itself,
/// whole, and the panel beside it does not.
#[test]
fn a_dialog_never_leaves_the_message_half_hidden_beside_it() {
    use sudoku_workbench::app::{Message, Offer, Overlay, RecoveryOffer};
    let words: Vec<String> = (1..=24).map(|k| format!("word{k}")).collect();
    let text = format!("Cannot open edge.swb: {}", words.join(" "));
    let offer = Overlay::Recovery(RecoveryOffer {
        offers: vec![Offer {
            path: PathBuf::from("/state/recovery-1-2.swb"),
            modified: std::time::SystemTime::UNIX_EPOCH,
            summary: "a pasted puzzle: 17 givens, 0 entries, just now".into(),
        }],
        older: 0,
        selected: 0,
    });
    let mut app = app_on("hardest.sdk", false);
    app.keys("l1w");
    let Some(prompt) = app.overlay.take() else {
        panic!("the save prompt")
    };
    app.keys("q");
    let Some(question) = app.overlay.take() else {
        panic!("the question before quitting")
    };
    for overlay in [Some(offer), Some(prompt), Some(question)] {
        for (width, height) in [(100, 30), (80, 24), (200, 60)] {
            app.overlay = overlay.clone();
            app.message = Some(Message {
                text: text.clone(),
                is_error: true,
            });
            let terminal = draw(&mut app, width, height);
            let rows = rows(&terminal);
            // The dialog's box: its top and bottom corners.
            let top = rows.iter().position(|r| r.contains('┌')).unwrap();
            let bottom = rows.iter().rposition(|r| r.contains('└')).unwrap();
            let left = rows[top].chars().position(|c| c == '┌').unwrap();
            let right = rows[top].chars().position(|c| c == '┐').unwrap();
            let inside: Vec<String> = rows[top..=bottom]
                .iter()
                .map(|r| r.chars().skip(left + 1).take(right - left - 1).collect())
                .collect();
            let inside = inside.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                inside.contains(&text),
                "{overlay:?} at {width}x{height}: the message whole in the dialog:\n{}",
                rows.join("\n")
            );
            for (y, row) in rows.iter().enumerate() {
                let outside: String = row
                    .chars()
                    .enumerate()
                    .filter(|(x, _)| !(top..=bottom).contains(&y) || *x < left || *x > right)
                    .map(|(_, c)| c)
                    .collect();
                assert!(
                    !outside.contains("word") && !outside.contains("edge.swb"),
                    "{overlay:?} at {width}x{height}, row {y}: {outside}"
                );
            }
        }
    }
}

/// The browser in `dir` on the empty board, listed, with `name` highlighted and previewed.
fn browser_on(dir: &std::path::Path, name: &str) -> Bench {
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.to_path_buf();
    app.act(Action::Open);
    app.wait_for_background();
    let Mode::Browse(browser) = &app.mode else {
        panic!("no browser")
    };
    let at = browser
        .entries
        .iter()
        .position(|e| e.label() == name)
        .unwrap_or_else(|| panic!("{name} not listed"));
    app.act(Action::ListTo(at));
    app.wait_for_background();
    app
}

/// The preview of the browser on screen, whole (200 columns: nothing wraps).
fn preview_text(app: &mut Bench) -> (Preview, String) {
    let Mode::Browse(browser) = &app.mode else {
        panic!("no browser")
    };
    let preview = browser.preview.clone();
    (preview, draw(app, 200, 40).backend().to_string())
}

/// Final attack, finding 11: the preview reads a file's first 256 KiB and states only what it
/// read. A grid after 256 KiB of comments was "Not a puzzle file"; a collection's line cut by
/// the limit was a line that "cannot be read". Now: the puzzle is said to lie past what the
/// preview reads, the count to be of that part, and only whole lines are counted.
#[test]
fn the_preview_says_what_lies_past_what_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let grid = "8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4..\n";
    let comments: String = (0..20_000).map(|i| format!("#C comment line {i}\n")).collect();
    std::fs::write(dir.path().join("a-comments.sdk"), format!("#A me\n{comments}{grid}")).unwrap();
    // 6 + 2,621 x 100 bytes, then rows of 10: the limit (262,144) falls in the fourth row.
    let lines: String = (0..2621).map(|_| format!("#C {}\n", "x".repeat(96))).collect();
    std::fs::write(dir.path().join("b-cut-grid.sdk"), format!("#A me\n{lines}{grid}")).unwrap();
    // 82 bytes a line: 3,196 whole lines in 256 KiB, the 3,197th cut.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    std::fs::write(dir.path().join("c-many.txt"), line.repeat(4000)).unwrap();
    let mut bad = line.repeat(4000);
    bad.replace_range(4 * 82..4 * 82 + 1, "x");
    std::fs::write(dir.path().join("d-bad.txt"), bad).unwrap();
    for name in ["a-comments.sdk", "b-cut-grid.sdk"] {
        let mut app = browser_on(dir.path(), name);
        let (preview, text) = preview_text(&mut app);
        assert_eq!(preview, Preview::PastLimit, "{name}");
        assert!(
            text.contains("No puzzle in its first 256 KiB, all the preview reads"),
            "{name}:\n{text}"
        );
        assert!(!text.contains("Not a puzzle file"), "{name}:\n{text}");
    }
    let mut app = browser_on(dir.path(), "c-many.txt");
    let (preview, text) = preview_text(&mut app);
    match preview {
        Preview::Puzzle {
            count,
            more,
            unreadable,
            ..
        } => assert_eq!((count, more, unreadable), (3196, true, 0), "whole lines only"),
        other => panic!("expected a puzzle, got {other:?}"),
    }
    assert!(
        text.contains("3,196 puzzles in its first 256 KiB; the preview reads no further"),
        "{text}"
    );
    assert!(!text.contains("cannot be read"), "{text}");
    // A line that cannot be read among those read is still said to be one.
    let mut app = browser_on(dir.path(), "d-bad.txt");
    match preview_text(&mut app) {
        (Preview::Puzzle { count, unreadable, .. }, text) => {
            assert_eq!((count, unreadable), (3196, 1));
            assert!(text.contains("1 line(s) cannot be read"), "{text}");
        }
        other => panic!("expected a puzzle, got {other:?}"),
    }
}
