//! State tests of the workbench: actions and key events fed to the model, without a terminal,
//! and the model checked after each (editing, undo, files, paste, saving, solving, step mode).

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sudoku_workbench::app::jobs::Status;
use sudoku_workbench::app::keymap::action_for;
use sudoku_workbench::app::{Action, App, Confirm, Direction, Document, Mode, Origin, Overlay, Pending};
use sudoku_workbench::sudoku::{Board, Cell, Digit, Format, Pos, Step, Strategy, parse_document};
use sudoku_workbench::ui::layout::Screen;

fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

/// The workbench on an asset, as if opened from the command line.
fn app_on(name: &str) -> App {
    let parsed = parse_document(&std::fs::read(asset(name)).unwrap(), None).unwrap();
    let mut app = App::new(Document::from_parsed(parsed, Origin::File(asset(name)), 0));
    app.cwd = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    app.settle();
    app
}

fn pos(row: usize, col: usize) -> Pos {
    Pos::at(row, col).unwrap()
}

fn digit(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// Presses a key the way the terminal would report it.
fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    let event = Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    });
    if let Some(action) = action_for(&event, app) {
        app.update(action);
    }
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

fn message(app: &App) -> String {
    app.message.as_ref().map(|m| m.text.clone()).unwrap_or_default()
}

fn stepper(app: &App) -> &sudoku_workbench::app::stepper::Stepper {
    match &app.mode {
        Mode::Step(s) => s,
        _ => panic!("not in step mode"),
    }
}

#[test]
fn arrows_and_hjkl_move_and_wrap_and_a_click_selects() {
    let mut app = app_on("hardest.sdk");
    assert_eq!(app.cursor, pos(0, 0));
    press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(app.cursor, pos(0, 8), "wraps left");
    keys(&mut app, "jjl");
    assert_eq!(app.cursor, pos(2, 0));
    press(&mut app, KeyCode::Up, KeyModifiers::NONE);
    keys(&mut app, "k");
    assert_eq!(app.cursor, pos(0, 0));
    // A click on the cell r5c7 of an 80x24 screen.
    app.update(Action::Resize(80, 24));
    let rect = Screen::new(ratatui::layout::Rect::new(0, 0, 80, 24))
        .unwrap()
        .cell_rect(pos(4, 6));
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + 1,
        row: rect.y,
        modifiers: KeyModifiers::NONE,
    });
    let action = action_for(&click, &app).unwrap();
    app.update(action);
    assert_eq!(app.cursor, pos(4, 6));
}

#[test]
fn typing_writes_entries_and_protects_givens() {
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "l5");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(5)));
    assert!(app.is_modified());
    keys(&mut app, "h5");
    assert_eq!(
        app.doc.board.cell(pos(0, 0)),
        Cell::Given(digit(8)),
        "a given is not overwritten"
    );
    assert!(message(&app).contains("r1c1 is a given"), "{}", message(&app));
    for clear in [
        KeyCode::Char('0'),
        KeyCode::Char('.'),
        KeyCode::Backspace,
        KeyCode::Delete,
    ] {
        keys(&mut app, "l7");
        assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(7)));
        press(&mut app, clear, KeyModifiers::NONE);
        assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty, "{clear:?} clears");
        keys(&mut app, "h");
    }
    assert!(!app.is_modified(), "back as loaded");
}

#[test]
fn puzzle_edit_mode_types_givens_so_a_newspaper_puzzle_can_be_entered() {
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "C");
    assert_eq!(app.doc.board, Board::empty());
    assert!(app.puzzle_edit, "an empty board is for typing a puzzle");
    // The cursor moves on after each cell: a row types as nine keys, `.` and `0` for blanks.
    keys(&mut app, "53..7....6");
    assert_eq!(app.doc.board.to_string()[..10], *"53..7....6");
    assert_eq!(app.doc.board.cell(pos(0, 0)), Cell::Given(digit(5)));
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Given(digit(3)));
    assert_eq!(app.cursor, pos(1, 1));
    keys(&mut app, "p");
    assert!(!app.puzzle_edit);
    app.update(Action::Select(pos(0, 2)));
    keys(&mut app, "4");
    assert_eq!(app.doc.board.cell(pos(0, 2)), Cell::Entry(digit(4)));
    assert_eq!(app.cursor, pos(0, 2), "solving by hand, the cursor stays");
    keys(&mut app, "hh0");
    assert_eq!(
        app.doc.board.cell(pos(0, 0)),
        Cell::Given(digit(5)),
        "givens are protected outside puzzle edit"
    );
    keys(&mut app, "G");
    assert_eq!(
        app.doc.board.cell(pos(0, 2)),
        Cell::Given(digit(4)),
        "entries became givens"
    );
}

#[test]
fn every_conflict_is_found_as_digits_are_typed() {
    let mut app = app_on("hardest.sdk");
    // r1c2 = 8 repeats the given 8 of r1c1 (row and box).
    keys(&mut app, "l8");
    let conflicts = app.doc.board.conflicting_cells();
    assert!(conflicts.contains(pos(0, 0)) && conflicts.contains(pos(0, 1)));
    app.settle();
    assert!(matches!(app.status(), Status::Conflict(c) if c.to_string() == "r1c1 and r1c2 both hold 8"));
    keys(&mut app, "0");
    assert!(app.doc.board.conflicting_cells().is_empty());
    app.settle();
    assert_eq!(app.status(), &Status::Unique);
}

#[test]
fn the_solution_status_follows_the_board() {
    assert_eq!(app_on("several-solutions.txt").status(), &Status::Several);
    assert_eq!(app_on("no-solution.txt").status(), &Status::NoSolution);
    let mut app = app_on("hardest.sdk");
    assert_eq!(app.status(), &Status::Unique);
    // A wrong but legal digit: r1c2 may hold 1, 2, 4 or 6 by its units; only the search rules 2 out.
    app.update(Action::Select(pos(0, 1)));
    keys(&mut app, "2");
    assert_eq!(app.status(), &Status::Checking, "the count restarts after an edit");
    app.settle();
    assert_eq!(app.status(), &Status::NoSolution);
}

#[test]
fn undo_and_redo_cover_typing_clearing_loading_pasting_and_solving() {
    let mut app = app_on("boj-2580-sample.txt");
    let original = app.doc.clone();
    keys(&mut app, "1");
    let typed = app.doc.clone();
    keys(&mut app, "c");
    // Clearing over unsaved work asks first.
    assert!(matches!(
        app.overlay,
        Some(Overlay::Confirm(Confirm {
            on_yes: Pending::ClearEntries,
            ..
        }))
    ));
    keys(&mut app, "y");
    assert_eq!(app.doc.board, original.board);
    keys(&mut app, "s");
    app.settle();
    let solved = app.doc.clone();
    assert!(solved.board.is_solved());
    app.update(Action::Paste(std::fs::read_to_string(asset("hard.txt")).unwrap()));
    // Pasting over unsaved work asks too (the solver's digits are not "work", the entry was).
    if app.overlay.is_some() {
        keys(&mut app, "y");
    }
    let pasted = app.doc.clone();
    assert_eq!(pasted.origin, Origin::Pasted);
    app.open_path(&asset("easy.txt"), 0);
    let loaded = app.doc.clone();
    for expected in [&pasted, &solved, &original, &typed, &original] {
        press(&mut app, KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(&app.doc, expected);
    }
    press(&mut app, KeyCode::Char('u'), KeyModifiers::NONE);
    assert_eq!(message(&app), "Nothing to undo");
    for expected in [&typed, &original, &solved, &pasted, &loaded] {
        press(&mut app, KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(&app.doc, expected);
    }
    press(&mut app, KeyCode::Char('y'), KeyModifiers::CONTROL);
    assert_eq!(message(&app), "Nothing to redo");
}

#[test]
fn a_pasted_board_loads_and_pasted_junk_changes_nothing() {
    let mut app = app_on("hardest.sdk");
    let before = app.doc.clone();
    app.update(Action::Paste("this is not a sudoku\n".into()));
    assert_eq!(app.doc, before);
    assert!(app.message.as_ref().unwrap().is_error);
    assert!(message(&app).contains("line 1, column 1"), "{}", message(&app));
    app.update(Action::Paste(
        Format::Grid.to_string(
            &parse_document(
                b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                None,
            )
            .unwrap()
            .puzzles[0]
                .puzzle,
        ),
    ));
    assert_eq!(app.doc.origin, Origin::Pasted);
    assert_eq!(app.doc.format, Format::Grid);
    assert_eq!(app.doc.board.given_count(), 32);
}

#[test]
fn pasting_a_collection_loads_it_and_brackets_walk_through_it() {
    let mut app = app_on("hardest.sdk");
    app.update(Action::Paste(std::fs::read_to_string(asset("collection.sdm")).unwrap()));
    let place = app.doc.collection.clone().expect("a collection");
    assert_eq!((place.index, place.puzzles.len()), (0, 12));
    keys(&mut app, "]]");
    assert_eq!(app.doc.collection.as_ref().unwrap().index, 2);
    assert_eq!(app.doc.board, place.puzzles[2].puzzle.board);
    keys(&mut app, "[");
    assert_eq!(app.doc.collection.as_ref().unwrap().index, 1);
    keys(&mut app, "[[");
    assert_eq!(app.doc.collection.as_ref().unwrap().index, 0);
    assert_eq!(message(&app), "This is the first puzzle");
}

#[test]
fn loading_over_unsaved_work_asks_first() {
    let mut app = app_on("collection.sdm");
    keys(&mut app, "l1");
    keys(&mut app, "]");
    assert!(matches!(&app.overlay, Some(Overlay::Confirm(c)) if c.question.contains("unsaved")));
    keys(&mut app, "n");
    assert_eq!(app.doc.collection.as_ref().unwrap().index, 0, "no: stays");
    assert!(app.is_modified());
    keys(&mut app, "]y");
    assert_eq!(app.doc.collection.as_ref().unwrap().index, 1, "yes: loads");
    keys(&mut app, "u");
    assert_eq!(
        app.doc.board.cell(pos(0, 1)),
        Cell::Entry(digit(1)),
        "undo brings the work back"
    );
}

#[test]
fn quitting_asks_only_with_unsaved_work_and_ctrl_c_quits_at_once() {
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "q");
    assert!(app.should_quit());
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "l1q");
    assert!(!app.should_quit());
    assert!(matches!(&app.overlay, Some(Overlay::Confirm(c)) if c.on_yes == Pending::Quit));
    press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(!app.should_quit() && app.overlay.is_none());
    keys(&mut app, "qy");
    assert!(app.should_quit());
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "l1");
    press(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.should_quit());
}

#[test]
fn help_opens_and_closes() {
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "?");
    assert_eq!(app.overlay, Some(Overlay::Help));
    keys(&mut app, "5");
    assert_eq!(app.overlay, Some(Overlay::Help), "other keys do nothing under help");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty);
    keys(&mut app, "?");
    assert_eq!(app.overlay, None);
}

#[test]
fn solving_shows_the_solution_in_solver_digits_with_its_counters() {
    let mut app = app_on("boj-2580-sample.txt");
    keys(&mut app, "s");
    app.settle();
    assert!(app.doc.board.is_solved());
    assert_eq!(app.doc.board.cell(pos(0, 0)), Cell::Placed(digit(1)));
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Given(digit(3)));
    let report = app.last_solve.clone().unwrap();
    assert_eq!(
        (report.strategy, report.counters.placements, report.solved),
        (Strategy::Naive, 14, true)
    );
    assert!(
        message(&app).starts_with("Solved with naive: 14 placements"),
        "{}",
        message(&app)
    );
    assert!(!app.is_modified(), "solver digits are not unsaved work");
}

#[test]
fn no_solution_says_why() {
    let mut app = app_on("conflicting-givens.txt");
    keys(&mut app, "s");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(message(&app), "No solution: r1c1 and r1c3 both hold 5");
    let mut app = app_on("no-solution.txt");
    keys(&mut app, "ttt");
    assert_eq!(app.strategy, Strategy::Naive);
    keys(&mut app, "s");
    app.settle();
    assert!(message(&app).starts_with("No solution ("), "{}", message(&app));
    assert_eq!(app.doc.board.blank_count(), 63, "the board is as it was");
}

#[test]
fn entries_that_rule_out_a_solution_are_named_and_the_givens_solved_on_request() {
    let mut app = app_on("hardest.sdk");
    // r1c2 may hold 1, 2, 4 or 6 as far as its row, column and box tell; only 1 solves.
    assert_eq!(app.doc.board.candidates(pos(0, 1)).to_string(), "1246");
    keys(&mut app, "tt");
    assert_eq!(app.strategy, Strategy::Fast);
    keys(&mut app, "l2s");
    app.settle();
    let Some(Overlay::Confirm(confirm)) = &app.overlay else {
        panic!("expected an offer, got {:?}", app.message)
    };
    assert!(confirm.question.contains("your entries"), "{}", confirm.question);
    keys(&mut app, "y");
    app.settle();
    assert!(app.doc.board.is_solved());
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Placed(digit(1)));
}

#[test]
fn a_long_solve_runs_in_slices_and_esc_cancels_it() {
    let mut app = app_on("anti-naive.txt");
    assert_eq!(app.strategy, Strategy::Naive);
    let before = app.doc.clone();
    keys(&mut app, "s");
    let started = Instant::now();
    app.tick(started);
    assert!(
        matches!(app.mode, Mode::Solving(_)),
        "69 million placements do not fit in one slice"
    );
    // The keyboard is read between slices: a key reaches the model while the solve is on.
    press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc, before);
    assert!(
        message(&app).starts_with("Solving cancelled after"),
        "{}",
        message(&app)
    );
}

#[test]
fn step_mode_steps_forward_back_runs_and_leaves_the_board_as_it_was() {
    let mut app = app_on("hardest.sdk");
    let before = app.doc.clone();
    keys(&mut app, "n");
    assert_eq!(stepper(&app).position(), 1);
    assert_eq!(
        stepper(&app).last(),
        Some(Step::Place {
            pos: pos(0, 1),
            digit: digit(1),
            depth: 1,
            forced: false
        })
    );
    assert_eq!(app.shown_board().cell(pos(0, 1)), Cell::Placed(digit(1)));
    keys(&mut app, "nnn");
    assert_eq!(stepper(&app).position(), 4);
    keys(&mut app, "b");
    press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(stepper(&app).position(), 2);
    assert_eq!(stepper(&app).counters().placements, 2);
    // Run at a known speed: 10 steps a second, one step at once.
    keys(&mut app, " ");
    let t0 = Instant::now();
    app.tick(t0);
    app.tick(t0 + Duration::from_millis(300));
    assert_eq!(stepper(&app).position(), 6);
    keys(&mut app, "+");
    app.tick(t0 + Duration::from_millis(400));
    assert_eq!(stepper(&app).position(), 8, "20 steps a second");
    keys(&mut app, "--");
    assert_eq!(stepper(&app).speed(), Some(5));
    keys(&mut app, " ");
    assert!(!stepper(&app).is_running());
    keys(&mut app, "e");
    while stepper(&app).is_running() {
        app.tick(Instant::now());
    }
    assert_eq!(stepper(&app).last(), Some(Step::Solved));
    assert!(app.shown_board().is_solved());
    press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc, before, "Esc leaves the board as before the search");
}

#[test]
fn step_mode_can_keep_its_board_and_change_strategy() {
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "nnt");
    assert_eq!(stepper(&app).strategy(), Strategy::Mrv);
    assert_eq!(stepper(&app).position(), 1, "a new strategy starts again");
    keys(&mut app, "e");
    app.settle();
    while stepper(&app).is_running() {
        app.tick(Instant::now());
    }
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(app.doc.board.is_solved());
    keys(&mut app, "u");
    assert_eq!(app.doc.board.blank_count(), 60);
}

#[test]
fn conflicting_board_cannot_enter_step_mode() {
    let mut app = app_on("conflicting-givens.txt");
    keys(&mut app, "n");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(message(&app), "No solution: r1c1 and r1c3 both hold 5");
}

/// A directory with a good puzzle, a collection, a broken file and a subdirectory.
fn fixture_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(asset("escargot.ss"), dir.path().join("a-escargot.ss")).unwrap();
    std::fs::copy(asset("collection.sdm"), dir.path().join("b-collection.sdm")).unwrap();
    std::fs::write(
        dir.path().join("c-broken.txt"),
        "4.....8.5.3.....x....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::copy(asset("boj-2580-sample.txt"), dir.path().join("sub/boj.txt")).unwrap();
    dir
}

fn browser(app: &App) -> &sudoku_workbench::app::browser::Browser {
    match &app.mode {
        Mode::Browse(b) => b,
        _ => panic!("the browser is not open"),
    }
}

#[test]
fn the_browser_lists_previews_and_opens_files() {
    use sudoku_workbench::app::browser::{Entry, Preview};
    let dir = fixture_dir();
    // A pasted puzzle has no directory: the browser opens in the working directory.
    let parsed = parse_document(&std::fs::read(asset("hardest.sdk")).unwrap(), None).unwrap();
    let mut app = App::new(Document::from_parsed(parsed, Origin::Pasted, 0));
    app.cwd = dir.path().to_path_buf();
    keys(&mut app, "o");
    let labels: Vec<String> = browser(&app).entries.iter().map(Entry::label).collect();
    assert!(
        labels.iter().any(|l| l == "★ hardest.sdk"),
        "built-ins are listed: {labels:?}"
    );
    let tail: Vec<&str> = labels.iter().rev().take(4).rev().map(String::as_str).collect();
    assert_eq!(
        tail,
        ["sub/", "a-escargot.ss", "b-collection.sdm", "c-broken.txt"],
        "directories first"
    );
    // The selection starts on the parent; move to the files.
    while !matches!(browser(&app).current(), Some(Entry::File(name, ..)) if name == "a-escargot.ss") {
        press(&mut app, KeyCode::Down, KeyModifiers::NONE);
    }
    assert!(matches!(
        &browser(&app).preview,
        Preview::Puzzle {
            format: Format::Ss,
            count: 1,
            ..
        }
    ));
    keys(&mut app, "jj");
    match &browser(&app).preview {
        Preview::Error(reason) => assert!(reason.contains("line 1, column 17"), "{reason}"),
        other => panic!("expected the parse error, got {other:?}"),
    }
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(matches!(app.mode, Mode::Browse(_)), "a broken file does not load");
    assert!(
        message(&app).contains("c-broken.txt: line 1, column 17"),
        "{}",
        message(&app)
    );
    keys(&mut app, "k");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(
        browser(&app).picker.as_ref().map(|p| p.puzzles.len()),
        Some(12),
        "a collection lists its puzzles"
    );
    keys(&mut app, "jjj");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc.collection.as_ref().map(|c| c.index), Some(3));
    assert_eq!(app.doc.origin, Origin::File(dir.path().join("b-collection.sdm")));
    // Into the subdirectory and back up with Backspace.
    keys(&mut app, "o");
    while !matches!(browser(&app).current(), Some(Entry::Dir(name, _)) if name == "sub") {
        press(&mut app, KeyCode::Down, KeyModifiers::NONE);
    }
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(browser(&app).dir, dir.path().join("sub"));
    press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    assert_eq!(browser(&app).dir, dir.path());
    assert!(
        matches!(browser(&app).current(), Some(Entry::Dir(name, _)) if name == "sub"),
        "back on where we were"
    );
    press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(matches!(app.mode, Mode::Edit));
}

#[test]
fn a_built_in_puzzle_opens_from_the_browser() {
    let mut app = app_on("easy.txt");
    keys(&mut app, "o");
    while browser(&app).selected > 1 {
        keys(&mut app, "k");
    }
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.doc.origin, Origin::Builtin("boj-2580-sample.txt"));
}

#[test]
fn saving_keeps_the_format_and_asks_for_a_path_when_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("inkala.sdk");
    std::fs::copy(asset("hardest.sdk"), &path).unwrap();
    let mut app = App::new(Document::from_parsed(
        parse_document(&std::fs::read(&path).unwrap(), None).unwrap(),
        Origin::File(path.clone()),
        0,
    ));
    keys(&mut app, "l1");
    assert!(app.is_modified());
    keys(&mut app, "w");
    assert!(!app.is_modified());
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.starts_with("#A Arto Inkala\n"),
        "the .sdk metadata is kept:\n{saved}"
    );
    assert_eq!(saved.lines().nth(4), Some("81......."), "the entry is saved");
    // A pasted puzzle has no file: w asks for a path.
    app.update(Action::Paste(
        std::fs::read_to_string(asset("boj-2580-sample.txt")).unwrap(),
    ));
    keys(&mut app, "w");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))));
    for _ in 0..40 {
        press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    }
    app.cwd = dir.path().to_path_buf();
    keys(&mut app, "boj.txt");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.overlay, None);
    assert_eq!(app.doc.origin, Origin::File(dir.path().join("boj.txt")));
    let text = std::fs::read_to_string(dir.path().join("boj.txt")).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(asset("boj-2580-sample.txt")).unwrap(),
        "BOJ in, BOJ out"
    );
}

#[test]
fn saving_a_puzzle_of_a_collection_rewrites_only_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.sdm");
    std::fs::copy(asset("collection.sdm"), &path).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let mut app = App::new(Document::from_parsed(
        parse_document(before.as_bytes(), None).unwrap(),
        Origin::File(path.clone()),
        1,
    ));
    keys(&mut app, "p9p"); // r1c1 of puzzle 2 becomes a given 9... if it was blank
    keys(&mut app, "w");
    let after = std::fs::read_to_string(&path).unwrap();
    let changed: Vec<(usize, &str, &str)> = before
        .lines()
        .zip(after.lines())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| (i + 1, a, b))
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0].0, 4, "puzzle 2 is on line 4");
    assert!(changed[0].2.starts_with('9'));
    assert_eq!(before.lines().count(), after.lines().count());
}

#[test]
fn a_failed_save_leaves_the_old_file_and_the_board() {
    let dir = tempfile::tempdir().unwrap();
    // Saving onto a directory fails whatever the permissions of the user running the tests.
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap();
    let mut app = app_on("hardest.sdk");
    keys(&mut app, "l1");
    let board = app.doc.board.clone();
    keys(&mut app, "W");
    for _ in 0..40 {
        press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    }
    for c in target.to_string_lossy().chars() {
        press(&mut app, KeyCode::Char(c), KeyModifiers::NONE);
    }
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(app.message.as_ref().unwrap().is_error);
    assert!(message(&app).contains("Could not save"), "{}", message(&app));
    assert_eq!(app.doc.board, board);
    assert!(app.is_modified(), "still unsaved");
    assert!(target.is_dir());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left behind"
    );
}

#[test]
fn opening_a_missing_or_broken_file_keeps_the_board() {
    let mut app = app_on("hardest.sdk");
    let before = app.doc.clone();
    app.open_path(Path::new("/nonexistent/puzzle.sdk"), 0);
    assert_eq!(app.doc, before);
    assert!(message(&app).contains("no such file"), "{}", message(&app));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 2 3\n4 5 6\n").unwrap();
    app.open_path(&bad, 0);
    assert_eq!(app.doc, before);
    assert!(
        message(&app).contains("line 1, column 6: found 3 cells in this row"),
        "{}",
        message(&app)
    );
}

#[test]
fn keys_mean_what_the_mode_says() {
    let mut app = app_on("hardest.sdk");
    let event = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    assert_eq!(action_for(&event(KeyCode::Char('n')), &app), Some(Action::StepForward));
    assert_eq!(
        action_for(&event(KeyCode::Right), &app),
        Some(Action::Move(Direction::Right))
    );
    keys(&mut app, "n");
    assert_eq!(action_for(&event(KeyCode::Right), &app), Some(Action::StepForward));
    assert_eq!(action_for(&event(KeyCode::Char(' ')), &app), Some(Action::ToggleRun));
    assert_eq!(
        action_for(&event(KeyCode::Char('5')), &app),
        None,
        "no typing while stepping"
    );
    // A key release (sent by some terminals) is not a press.
    let release = Event::Key(KeyEvent {
        code: KeyCode::Char('n'),
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Release,
        state: KeyEventState::NONE,
    });
    assert_eq!(action_for(&release, &app), None);
    assert_eq!(
        action_for(&Event::Paste("x".into()), &app),
        Some(Action::Paste("x".into()))
    );
}

/// Files no workbench should choke on, with a piece of the message each must give.
fn hostile_files(dir: &Path) -> Vec<(String, &'static str)> {
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write("empty.txt", b"");
    write("binary.dat", &[0x7f, b'E', b'L', b'F', 0xff, 0, 1, 2]);
    let mut latin = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....".to_vec();
    latin[10] = 0xE9; // é in Latin-1
    write("latin1.txt", &latin);
    // A gigabyte of nothing, as a sparse file: refused by its size before anything is read.
    let huge = std::fs::File::create(dir.join("huge.txt")).unwrap();
    huge.set_len(1 << 30).unwrap();
    std::fs::create_dir(dir.join("folder.sdk")).unwrap();
    vec![
        ("empty.txt".into(), "no puzzle found"),
        ("binary.dat".into(), "not UTF-8 text"),
        ("latin1.txt".into(), "line 1, column 11: not UTF-8 text"),
        ("huge.txt".into(), "too big for a puzzle file (1024 MB)"),
        ("folder.sdk".into(), "directory"),
        ("missing.txt".into(), "no such file"),
    ]
}

#[test]
fn hostile_files_leave_the_board_as_it_was_with_the_reason_on_screen() {
    use sudoku_workbench::app::browser::Entry;
    let dir = tempfile::tempdir().unwrap();
    let cases = hostile_files(dir.path());
    // The document's file sits beside the hostile ones, so the browser opens among them.
    let puzzle = dir.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &puzzle).unwrap();
    let parsed = parse_document(&std::fs::read(&puzzle).unwrap(), None).unwrap();
    let mut app = App::new(Document::from_parsed(parsed, Origin::File(puzzle), 0));
    keys(&mut app, "l1"); // unsaved work, which must survive every failed open
    let before = app.doc.clone();
    for (name, reason) in &cases {
        app.open_path(&dir.path().join(name), 0);
        assert_eq!(app.doc, before, "{name}: the board stays");
        assert!(app.message.as_ref().unwrap().is_error, "{name}");
        assert!(
            message(&app).contains(name.as_str()) && message(&app).contains(reason),
            "{name}: {}",
            message(&app)
        );
    }
    // The same files through the browser: the message, the browser still open, the board kept.
    for (name, reason) in cases.iter().filter(|(n, _)| n != "missing.txt" && n != "folder.sdk") {
        keys(&mut app, "o");
        assert_eq!(browser(&app).dir, dir.path());
        while !matches!(browser(&app).current(), Some(Entry::File(n, ..)) if n == name) {
            press(&mut app, KeyCode::Down, KeyModifiers::NONE);
        }
        press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
        assert!(matches!(app.mode, Mode::Browse(_)), "{name}: not loaded");
        assert!(message(&app).contains(reason), "{name}: {}", message(&app));
        press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
        assert_eq!(app.doc, before, "{name}: the board stays");
    }
}

/// A tmpfs of 64 KiB mounted over a fresh directory for the test, unmounted when dropped;
/// `None` (the test then skips) where this user may not mount.
struct TinyDisk {
    dir: tempfile::TempDir,
}

impl TinyDisk {
    fn mount() -> Option<TinyDisk> {
        let dir = tempfile::tempdir().ok()?;
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipped: cannot mount a tmpfs here");
            return None;
        }
        Some(TinyDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn remount_read_only(&self) {
        let status = std::process::Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(self.path())
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(self.dir.path()).status();
    }
}

/// The workbench on the file at `path`, with an entry typed (unsaved work), after `w` tried to
/// save it over its file.
fn edited_then_saved_in_place(path: &Path) -> App {
    let parsed = parse_document(&std::fs::read(path).unwrap(), None).unwrap();
    let mut app = App::new(Document::from_parsed(parsed, Origin::File(path.to_path_buf()), 0));
    keys(&mut app, "l1");
    keys(&mut app, "w");
    app
}

#[test]
fn a_save_on_a_full_disk_leaves_the_old_file_and_the_board() {
    let Some(disk) = TinyDisk::mount() else { return };
    let file = disk.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &file).unwrap();
    let old = std::fs::read(&file).unwrap();
    // Fill the disk to the last block.
    let mut filler = std::fs::File::create(disk.path().join("filler")).unwrap();
    while std::io::Write::write_all(&mut filler, &[b'x'; 4096]).is_ok() {}
    let _ = std::io::Write::write_all(&mut filler, b"x");
    let app = edited_then_saved_in_place(&file);
    assert!(message(&app).contains("Could not save"), "{}", message(&app));
    assert!(message(&app).contains("the disk is full"), "{}", message(&app));
    assert_eq!(std::fs::read(&file).unwrap(), old, "the old file is intact");
    assert_eq!(
        app.doc.board.cell(pos(0, 1)),
        Cell::Entry(digit(1)),
        "the typed entry is kept"
    );
    assert!(app.is_modified());
    let names: Vec<_> = std::fs::read_dir(disk.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
}

#[test]
fn a_save_in_a_read_only_directory_leaves_the_old_file_and_the_board() {
    let Some(disk) = TinyDisk::mount() else { return };
    let file = disk.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &file).unwrap();
    let old = std::fs::read(&file).unwrap();
    disk.remount_read_only();
    let app = edited_then_saved_in_place(&file);
    assert!(message(&app).contains("Could not save"), "{}", message(&app));
    assert!(message(&app).contains("read-only"), "{}", message(&app));
    assert_eq!(std::fs::read(&file).unwrap(), old, "the old file is intact");
    assert!(app.is_modified(), "the work is still there, unsaved");
}
