//! State tests of the workbench: keys and actions fed to the model through the terminal's own
//! keymap, effects carried out by the runtime, and the model checked after each (editing, undo,
//! paste, solving, step mode, the file browser). Saving and recovery are in `saving.rs`.

use crate::common;

use common::workbench::{Bench, asset, digit, pos};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::{Duration, Instant};
use sudoku_engine::{Board, Cell, Format, Pos, Step, Strategy, parse_document};
use sudoku_workbench::app::browser::{Entry, Listing, Preview};
use sudoku_workbench::app::jobs::Count;
use sudoku_workbench::app::{Action, Direction, Document, Mode, Origin, Overlay, Then, Typing};
use sudoku_workbench::tui::input::TermInput;
use sudoku_workbench::tui::keymap::action_for;
use sudoku_workbench::ui::layout::{BrowserScreen, Screen};

fn question(bench: &Bench) -> String {
    match &bench.overlay {
        Some(Overlay::Question(q)) => q.text.clone(),
        other => panic!("expected a question, got {other:?} (message {:?})", bench.message()),
    }
}

#[test]
fn arrows_and_hjkl_move_and_wrap_and_a_click_selects() {
    let mut app = Bench::on_asset("hardest.sdk");
    assert_eq!(app.cursor, pos(0, 0));
    app.key(KeyCode::Left);
    assert_eq!(app.cursor, pos(0, 8), "wraps left");
    app.keys("jjl");
    assert_eq!(app.cursor, pos(2, 0));
    app.key(KeyCode::Up);
    app.keys("k");
    assert_eq!(app.cursor, pos(0, 0));
    // A click on the cell r5c7 of an 80x24 screen.
    app.act(Action::Resize(80, 24));
    let rect = Screen::new(ratatui::layout::Rect::new(0, 0, 80, 24))
        .unwrap()
        .cell_rect(pos(4, 6));
    app.event(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + 1,
        row: rect.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.cursor, pos(4, 6));
}

#[test]
fn typing_writes_entries_and_protects_givens() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l5");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(5)));
    assert!(app.is_modified());
    app.keys("h5");
    assert_eq!(
        app.doc.board.cell(pos(0, 0)),
        Cell::Given(digit(8)),
        "a given is not overwritten"
    );
    assert!(app.message().contains("r1c1 is a given"), "{}", app.message());
    for clear in [
        KeyCode::Char('0'),
        KeyCode::Char('.'),
        KeyCode::Backspace,
        KeyCode::Delete,
    ] {
        app.keys("l7");
        assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(7)));
        app.key(clear);
        assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty, "{clear:?} clears");
        app.keys("h");
    }
    assert!(!app.is_modified(), "back as loaded");
}

#[test]
fn puzzle_edit_mode_types_givens_so_a_newspaper_puzzle_can_be_entered() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("C");
    assert_eq!(app.doc.board, Board::empty());
    assert_eq!(app.typing, Typing::Givens, "an empty board is for typing a puzzle");
    // The cursor moves on after each cell: a row types as nine keys, `.` and `0` for blanks.
    app.keys("53..7....6");
    assert_eq!(app.doc.board.to_string()[..10], *"53..7....6");
    assert_eq!(app.doc.board.cell(pos(0, 0)), Cell::Given(digit(5)));
    assert_eq!(app.cursor, pos(1, 1));
    app.keys("p");
    assert_eq!(app.typing, Typing::Entries);
    app.act(Action::Select(pos(0, 2)));
    app.keys("4");
    assert_eq!(app.doc.board.cell(pos(0, 2)), Cell::Entry(digit(4)));
    assert_eq!(app.cursor, pos(0, 2), "solving by hand, the cursor stays");
    app.keys("hh0");
    assert_eq!(
        app.doc.board.cell(pos(0, 0)),
        Cell::Given(digit(5)),
        "givens are protected"
    );
    app.keys("G");
    assert_eq!(
        app.doc.board.cell(pos(0, 2)),
        Cell::Given(digit(4)),
        "entries became givens"
    );
}

#[test]
fn every_conflict_is_found_as_digits_are_typed() {
    let mut app = Bench::on_asset("hardest.sdk");
    // r1c2 = 8 repeats the given 8 of r1c1 (row and box).
    app.keys("l8");
    let conflicts = app.doc.board.conflicting_cells();
    assert!(conflicts.contains(pos(0, 0)) && conflicts.contains(pos(0, 1)));
    assert!(
        matches!(app.count(), Count::Contradiction(c) if c.to_string() == "r1c1 and r1c2 both hold 8"),
        "{:?}",
        app.count()
    );
    app.keys("0");
    assert!(app.doc.board.conflicting_cells().is_empty());
    assert_eq!(app.count(), &Count::Unique);
}

#[test]
fn the_solution_count_follows_the_board() {
    assert_eq!(Bench::on_asset("several-solutions.txt").count(), &Count::Several);
    assert_eq!(Bench::on_asset("no-solution.txt").count(), &Count::NoSolution);
    let mut app = Bench::on_asset("hardest.sdk");
    assert_eq!(app.count(), &Count::Unique);
    // A wrong but legal digit: r1c2 may hold 1, 2, 4 or 6 by its units; only the search rules 2 out.
    app.settling = false;
    app.act(Action::Select(pos(0, 1)));
    app.keys("2");
    assert_eq!(app.count(), &Count::Checking, "the count restarts after an edit");
    app.settle();
    assert_eq!(app.count(), &Count::NoSolution);
}

/// Item 12: a blank with no candidate is named at once, by every strategy, before any search.
#[test]
fn a_dead_board_names_its_cell_with_no_candidate_before_any_search() {
    // r1c9 sees 1-8 in its row and 9 in its column: nothing fits, though no unit repeats a digit.
    let text = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(text.into()));
    assert!(
        app.doc.board.conflicting_cells().is_empty(),
        "no conflict: a dead cell only"
    );
    assert!(
        matches!(app.count(), Count::Contradiction(c) if c.to_string() == "r1c9 has no candidate"),
        "{:?}",
        app.count()
    );
    for strategy in Strategy::ALL {
        app.solve_strategy = *strategy;
        app.step_strategy = *strategy;
        app.settling = false;
        app.keys("s");
        assert!(matches!(app.mode, Mode::Edit), "{strategy}: no search started");
        assert_eq!(app.message(), "No solution: r1c9 has no candidate", "{strategy}");
        app.keys("n");
        assert!(matches!(app.mode, Mode::Edit), "{strategy}: no step mode");
        assert_eq!(app.message(), "No solution: r1c9 has no candidate", "{strategy}");
    }
}

/// Issue 28, attack B (item 8): undoing `C` brought the puzzle back still in puzzle-edit mode,
/// so the next digit typed over it was a given.
#[test]
fn undoing_an_emptied_board_brings_back_entry_typing() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("C");
    assert_eq!(app.typing, Typing::Givens);
    app.keys("u");
    assert_eq!(app.doc.source.origin, Origin::File(asset("hardest.sdk")));
    assert_eq!(app.typing, Typing::Entries, "the puzzle is back: digits are entries");
    app.ctrl('r');
    assert_eq!(app.doc.board, Board::empty());
    assert_eq!(app.typing, Typing::Givens, "the empty board again: givens");
    app.keys("u");
    let empty = Pos::all().find(|&p| app.doc.board.cell(p) == Cell::Empty).unwrap();
    app.act(Action::Select(empty));
    app.keys("1");
    assert_eq!(app.doc.board.cell(empty), Cell::Entry(digit(1)));
}

#[test]
fn undo_and_redo_cover_typing_clearing_loading_pasting_and_solving() {
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    let original = app.doc.clone();
    app.keys("1");
    let typed = app.doc.clone();
    app.keys("c");
    // Clearing over unsaved work asks first.
    assert!(matches!(&app.overlay, Some(Overlay::Question(q)) if q.answers[0].then == Then::ClearEntries));
    app.keys("y");
    assert_eq!(app.doc.board, original.board);
    app.keys("s");
    let solved = app.doc.clone();
    assert!(solved.board.is_solved());
    app.act(Action::Paste(std::fs::read_to_string(asset("hard.txt")).unwrap()));
    // The solver's digits are unsaved: pasting over them asks.
    assert!(question(&app).contains("unsaved"));
    app.keys("y");
    let pasted = app.doc.clone();
    assert_eq!(pasted.source.origin, Origin::Pasted);
    app.open_path(&asset("easy.txt"), None);
    app.run_effects();
    // A pasted puzzle is in no file: opening another over it asks.
    assert!(question(&app).contains("unsaved"));
    app.keys("y");
    let loaded = app.doc.clone();
    assert_eq!(loaded.source.origin, Origin::File(asset("easy.txt")));
    for expected in [&pasted, &solved, &original, &typed, &original] {
        app.keys("u");
        assert_eq!(&app.doc, expected);
    }
    app.keys("u");
    assert_eq!(app.message(), "Nothing to undo");
    for expected in [&typed, &original, &solved, &pasted, &loaded] {
        app.ctrl('r');
        assert_eq!(&app.doc, expected);
    }
    app.ctrl('y');
    assert_eq!(app.message(), "Nothing to redo");
}

/// Item 16: undoing a load brings the old document back as it was, saved state and all.
#[test]
fn undo_of_a_load_leaves_no_false_modified() {
    let mut app = Bench::on_asset("hardest.sdk");
    assert!(!app.is_modified());
    app.open_path(&asset("easy.txt"), None);
    app.run_effects();
    assert!(!app.is_modified());
    app.keys("u");
    assert_eq!(app.doc.source.origin, Origin::File(asset("hardest.sdk")));
    assert!(!app.is_modified(), "the old file, unmodified");
    app.ctrl('r');
    assert_eq!(app.doc.source.origin, Origin::File(asset("easy.txt")));
    assert!(!app.is_modified());
}

/// Item 16: `c` on a board of givens says so and leaves nothing to undo.
#[test]
fn clearing_no_entries_says_so_and_records_nothing() {
    let mut app = Bench::on_asset("hardest.sdk");
    let depth = app.undo_depth();
    app.keys("c");
    assert_eq!(app.overlay, None);
    assert_eq!(app.message(), "No entries to clear: the board holds only givens");
    assert_eq!(app.undo_depth(), depth, "nothing to undo");
}

#[test]
fn a_pasted_board_loads_and_pasted_junk_changes_nothing() {
    let mut app = Bench::on_asset("hardest.sdk");
    let before = app.doc.clone();
    app.act(Action::Paste("this is not a sudoku\n".into()));
    assert_eq!(app.doc, before);
    assert!(app.is_error());
    assert!(app.message().contains("line 1, column 1"), "{}", app.message());
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let parsed = parse_document(line.as_bytes(), None).unwrap();
    let puzzle = parsed.first().unwrap().puzzle.clone();
    app.act(Action::Paste(Format::Grid.to_string(&puzzle)));
    assert_eq!(app.doc.source.origin, Origin::Pasted);
    assert_eq!(app.doc.source.format, Format::Grid);
    assert_eq!(app.doc.board.given_count(), 32);
}

/// Item 8: a paste that did not arrive whole is only a message; nothing of it acts.
#[test]
fn an_ignored_paste_is_a_message_and_changes_nothing() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l1");
    let before = app.doc.clone();
    app.event_input(TermInput::PasteIgnored("its end never came".into()));
    assert_eq!(app.doc, before);
    assert!(!app.should_quit());
    assert_eq!(app.message(), "Paste ignored: its end never came");
}

#[test]
fn pasting_a_collection_loads_it_and_brackets_walk_through_it() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.act(Action::Paste(std::fs::read_to_string(asset("collection.sdm")).unwrap()));
    let place = app.doc.source.collection.clone().expect("a collection");
    assert_eq!((place.index, place.puzzles.len()), (0, 12));
    app.keys("]]");
    assert_eq!(app.doc.source.collection.as_ref().unwrap().index, 2);
    assert_eq!(app.doc.board, place.puzzles[2].as_ref().unwrap().puzzle.board);
    app.keys("[");
    assert_eq!(app.doc.source.collection.as_ref().unwrap().index, 1);
    app.keys("[[");
    assert_eq!(app.doc.source.collection.as_ref().unwrap().index, 0);
    assert_eq!(app.message(), "This is the first puzzle");
}

#[test]
fn loading_over_unsaved_work_asks_first() {
    let mut app = Bench::on_asset("collection.sdm");
    app.keys("l1");
    app.keys("]");
    assert!(question(&app).contains("unsaved"));
    app.keys("n");
    assert_eq!(app.doc.source.collection.as_ref().unwrap().index, 0, "no: stays");
    assert!(app.is_modified());
    app.keys("]y");
    assert_eq!(app.doc.source.collection.as_ref().unwrap().index, 1, "yes: loads");
    app.keys("u");
    assert_eq!(
        app.doc.board.cell(pos(0, 1)),
        Cell::Entry(digit(1)),
        "undo brings the work back"
    );
}

#[test]
fn quitting_asks_only_with_unsaved_work_and_ctrl_c_quits_at_once() {
    use sudoku_workbench::app::Quit;
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("q");
    assert_eq!(app.quitting(), Some(Quit::Clean));
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l1q");
    assert!(!app.should_quit());
    assert!(question(&app).contains("unsaved"));
    app.key(KeyCode::Esc);
    assert!(!app.should_quit() && app.overlay.is_none());
    app.keys("qy");
    assert_eq!(app.quitting(), Some(Quit::Clean), "the user gave the work up");
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l1");
    app.ctrl('c');
    assert_eq!(
        app.quitting(),
        Some(Quit::KeepingWork),
        "Ctrl-C keeps the work for the next start"
    );
}

/// Item 2: every change to the board is unsaved work, the solver's digits included.
#[test]
fn solving_stepping_and_keeping_the_step_board_are_unsaved_changes() {
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("s");
    assert!(app.doc.board.is_solved());
    assert!(app.is_modified(), "s: the solver's digits are unsaved");
    app.keys("q");
    assert!(question(&app).contains("unsaved"), "quitting asks");
    app.key(KeyCode::Esc);
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("nnn");
    app.key(KeyCode::Enter);
    assert!(app.is_modified(), "Enter in step mode: the search's board is unsaved");
}

#[test]
fn help_opens_scrolls_and_closes() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("?");
    assert_eq!(app.overlay, Some(Overlay::Help(0)));
    app.keys("5");
    assert_eq!(app.overlay, Some(Overlay::Help(0)), "other keys do nothing under help");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty);
    app.keys("jj");
    assert_eq!(app.overlay, Some(Overlay::Help(2)), "j scrolls");
    // Scrolled far past the end, it stops at the last line: one key up moves it at once.
    for _ in 0..300 {
        app.key(KeyCode::Down);
    }
    let Some(Overlay::Help(bottom)) = app.overlay else {
        panic!()
    };
    let most = sudoku_workbench::ui::overlay::help_max_scroll(
        sudoku_workbench::ui::layout::Screen::new(ratatui::layout::Rect::new(0, 0, 80, 24))
            .unwrap()
            .body,
    );
    assert!(bottom > 2 && bottom == most, "{bottom} {most}");
    app.key(KeyCode::Up);
    assert_eq!(app.overlay, Some(Overlay::Help(bottom - 1)));
    app.keys("?");
    assert_eq!(app.overlay, None);
}

/// Item 15: `s` solves with `fast`; step mode starts on `naive`, for teaching.
#[test]
fn solving_shows_the_solution_in_solver_digits_with_its_counters() {
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    assert_eq!(
        (app.solve_strategy, app.step_strategy),
        (Strategy::Fast, Strategy::Naive)
    );
    app.keys("s");
    assert!(app.doc.board.is_solved());
    assert_eq!(app.doc.board.cell(pos(0, 0)), Cell::Placed(digit(1)));
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Given(digit(3)));
    let report = app.last_solve.clone().unwrap();
    assert_eq!(
        (report.strategy, report.solved, report.several),
        (Strategy::Fast, true, false)
    );
    assert!(app.message().starts_with("Solved with fast: "), "{}", app.message());
}

/// Item 15: a board with several solutions says it got one of them.
#[test]
fn a_solve_of_a_board_with_several_solutions_says_so() {
    let mut app = Bench::on_asset("several-solutions.txt");
    app.keys("s");
    assert!(app.doc.board.is_solved());
    assert!(app.last_solve.as_ref().unwrap().several);
    assert!(
        app.message()
            .starts_with("Solved with fast, one of several solutions: "),
        "{}",
        app.message()
    );
}

#[test]
fn no_solution_says_why() {
    let mut app = Bench::on_asset("conflicting-givens.txt");
    app.keys("s");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.message(), "No solution: r1c1 and r1c3 both hold 5");
    let mut app = Bench::on_asset("no-solution.txt");
    app.keys("s");
    assert!(app.message().starts_with("No solution ("), "{}", app.message());
    assert_eq!(app.doc.board.blank_count(), 63, "the board is as it was");
}

#[test]
fn entries_that_rule_out_a_solution_are_named_and_the_givens_solved_on_request() {
    let mut app = Bench::on_asset("hardest.sdk");
    // r1c2 may hold 1, 2, 4 or 6 as far as its row, column and box tell; only 1 solves.
    assert_eq!(app.doc.board.candidates(pos(0, 1)).to_string(), "1246");
    app.keys("l2s");
    assert!(question(&app).contains("your entries"), "{}", question(&app));
    app.keys("y");
    assert!(app.doc.board.is_solved());
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Placed(digit(1)));
}

#[test]
fn a_long_solve_runs_in_slices_and_esc_cancels_it() {
    let mut app = Bench::on_asset("anti-naive.txt");
    app.keys("t");
    assert_eq!(
        app.solve_strategy,
        Strategy::Naive,
        "naive mrv dlx fast, then naive again"
    );
    let before = app.doc.clone();
    app.settling = false;
    app.keys("s");
    app.tick(Instant::now());
    assert!(
        matches!(app.mode, Mode::Solving(_)),
        "69 million placements do not fit in one slice"
    );
    // The keyboard is read between slices: a key reaches the model while the solve is on.
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc, before);
    assert!(
        app.message().starts_with("Solving cancelled after"),
        "{}",
        app.message()
    );
}

#[test]
fn step_mode_steps_forward_back_runs_and_leaves_the_board_as_it_was() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.settling = false;
    let before = app.doc.clone();
    app.keys("n");
    assert_eq!(app.stepper().position(), 1);
    assert_eq!(
        app.stepper().last(),
        Some(Step::Place {
            pos: pos(0, 1),
            digit: digit(1),
            depth: 1,
            forced: false
        })
    );
    assert_eq!(app.shown_board().cell(pos(0, 1)), Cell::Placed(digit(1)));
    app.keys("nnn");
    assert_eq!(app.stepper().position(), 4);
    app.keys("b");
    app.key(KeyCode::Left);
    assert_eq!(app.stepper().position(), 2);
    assert_eq!(app.stepper().counters().placements, 2);
    // Run at a known speed: 10 steps a second, one step at once.
    app.keys(" ");
    let t0 = Instant::now();
    app.tick(t0);
    app.tick(t0 + Duration::from_millis(300));
    assert_eq!(app.stepper().position(), 6);
    app.keys("+");
    assert_eq!(app.stepper().speed(), Some(20), "speeds go 1, 2, 5, 10, 20");
    app.tick(t0 + Duration::from_millis(400));
    assert_eq!(app.stepper().position(), 8, "20 steps a second");
    app.keys("--");
    assert_eq!(app.stepper().speed(), Some(5));
    app.keys("-");
    assert_eq!(app.stepper().speed(), Some(2));
    app.keys(" ");
    assert!(!app.stepper().is_running());
    app.keys("e");
    while app.stepper().is_running() {
        app.tick(Instant::now());
    }
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    assert!(app.shown_board().is_solved());
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc, before, "Esc leaves the board as before the search");
}

/// Item 14: changing strategy keeps the speed and takes no step; the rate is measured over
/// the steps taken; the search time counts manual steps' work.
#[test]
fn step_mode_measures_what_it_does_and_a_new_strategy_keeps_the_speed() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.settling = false;
    app.keys("n++");
    let speed = app.stepper().speed();
    assert_eq!(speed, Some(50), "10, 20, 50");
    app.keys("t");
    assert_eq!(app.stepper().strategy(), Strategy::Mrv);
    assert_eq!(
        app.stepper().position(),
        0,
        "a new strategy starts again, without a step"
    );
    assert_eq!(app.stepper().speed(), speed, "and keeps the speed");
    assert!(app.message().contains("mrv"), "{}", app.message());
    // Manual steps, a little time apart: the search time counts their work, not the wait.
    app.keys("n");
    std::thread::sleep(Duration::from_millis(300));
    app.keys("n");
    let worked = app.stepper().search_time();
    assert!(
        worked > Duration::ZERO && worked < Duration::from_millis(150),
        "{worked:?}"
    );
    // Running at 10 a second, the measured rate is about 10, not the machine's speed.
    let mut app = Bench::on_asset("hardest.sdk");
    app.settling = false;
    app.keys("n ");
    let t0 = Instant::now();
    for k in 0..=40 {
        app.tick(t0 + Duration::from_millis(100 * k));
    }
    let rate = app.stepper().rate().expect("a rate once running");
    assert!((8.0..=12.0).contains(&rate), "measured {rate}/s at 10/s");
}

/// Item 14: `e` after a solution runs on for another; when the search is exhausted, the board
/// goes back to the last solution found, not the empty start.
#[test]
fn running_to_the_end_after_a_solution_keeps_that_solution_on_screen() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.settling = false;
    app.step_strategy = Strategy::Fast;
    app.keys("ne");
    while app.stepper().is_running() {
        app.tick(Instant::now());
    }
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let solution = app.shown_board();
    assert!(solution.is_solved());
    app.keys("e");
    while app.stepper().is_running() {
        app.tick(Instant::now());
    }
    assert!(app.stepper().is_over(), "a unique solution: the search is exhausted");
    assert!(app.stepper().is_back_at_solution());
    assert_eq!(app.shown_board(), solution, "the solution stays on screen");
    app.key(KeyCode::Enter);
    assert!(app.doc.board.is_solved());
    assert!(app.message().contains("solution"), "{}", app.message());
}

#[test]
fn step_mode_can_keep_its_board_and_undo_it() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.settling = false;
    app.step_strategy = Strategy::Mrv;
    app.keys("ne");
    while app.stepper().is_running() {
        app.tick(Instant::now());
    }
    app.key(KeyCode::Enter);
    assert!(app.doc.board.is_solved());
    app.keys("u");
    assert_eq!(app.doc.board.blank_count(), 60);
}

#[test]
fn conflicting_board_cannot_enter_step_mode() {
    let mut app = Bench::on_asset("conflicting-givens.txt");
    app.keys("n");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.message(), "No solution: r1c1 and r1c3 both hold 5");
}

#[test]
fn keys_mean_what_the_mode_says() {
    let mut app = Bench::on_asset("hardest.sdk");
    let event = |code| TermInput::Event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    assert_eq!(action_for(&event(KeyCode::Char('n')), &app), Some(Action::StepForward));
    assert_eq!(
        action_for(&event(KeyCode::Right), &app),
        Some(Action::Move(Direction::Right))
    );
    assert_eq!(
        action_for(
            &TermInput::Event(Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL))),
            &app
        ),
        Some(Action::Suspend)
    );
    app.keys("n");
    assert_eq!(action_for(&event(KeyCode::Right), &app), Some(Action::StepForward));
    assert_eq!(action_for(&event(KeyCode::Char(' ')), &app), Some(Action::ToggleRun));
    assert_eq!(action_for(&event(KeyCode::Enter), &app), Some(Action::KeepStepBoard));
    assert_eq!(
        action_for(&event(KeyCode::Char('5')), &app),
        None,
        "no typing while stepping"
    );
    // A key release (sent by some terminals) is not a press.
    let release = TermInput::Event(Event::Key(KeyEvent {
        code: KeyCode::Char('n'),
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Release,
        state: KeyEventState::NONE,
    }));
    assert_eq!(action_for(&release, &app), None);
    assert_eq!(
        action_for(&TermInput::Event(Event::Paste("x".into())), &app),
        Some(Action::Paste("x".into()))
    );
}

#[test]
fn ctrl_z_asks_the_terminal_to_suspend_and_changes_nothing() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l1");
    let before = app.doc.clone();
    app.ctrl('z');
    assert_eq!(app.terminal_effects.len(), 1, "one suspend for the terminal to do");
    assert_eq!(app.doc, before);
    assert!(!app.should_quit());
}

// --- the file browser ---

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

fn select_named(app: &mut Bench, name: &str) {
    for _ in 0..100 {
        let here = match app.browser().current() {
            Some(Entry::File(n, ..) | Entry::Dir(n, _)) => n == name,
            _ => false,
        };
        if here {
            app.wait_for_background();
            return;
        }
        app.key(KeyCode::Down);
    }
    panic!("{name} is not listed");
}

fn labels(app: &Bench) -> Vec<String> {
    app.browser().entries.iter().map(Entry::label).collect()
}

#[test]
fn the_browser_lists_previews_and_opens_files() {
    let dir = fixture_dir();
    // A pasted puzzle has no directory: the browser opens in the working directory.
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(std::fs::read_to_string(asset("hardest.sdk")).unwrap()));
    app.cwd = dir.path().to_path_buf();
    app.keys("o");
    let labels = labels(&app);
    assert_eq!(
        labels,
        [
            "../",
            "★ built-in puzzles/",
            "sub/",
            "a-escargot.ss",
            "b-collection.sdm",
            "c-broken.txt"
        ],
        "the built-ins once, in their own entry; directories first"
    );
    assert_eq!(app.browser().selection(), 2, "the first directory or file is selected");
    select_named(&mut app, "a-escargot.ss");
    assert!(matches!(
        &app.browser().preview,
        Preview::Puzzle {
            format: Format::Ss,
            count: 1,
            ..
        }
    ));
    app.keys("jj");
    app.wait_for_background();
    match &app.browser().preview {
        Preview::Error(reason) => assert!(reason.contains("line 1, column 17"), "{reason}"),
        other => panic!("expected the parse error, got {other:?}"),
    }
    app.key(KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Browse(_)), "a broken file does not load");
    assert!(
        app.message().contains("c-broken.txt: line 1, column 17"),
        "{}",
        app.message()
    );
    app.keys("k");
    app.key(KeyCode::Enter);
    assert_eq!(
        app.browser().picker.as_ref().map(|p| p.puzzles.len()),
        Some(12),
        "a collection lists its puzzles"
    );
    app.keys("jjj");
    app.key(KeyCode::Enter);
    // Over the pasted puzzle: asked first.
    assert!(question(&app).contains("unsaved"));
    app.keys("y");
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc.source.collection.as_ref().map(|c| c.index), Some(3));
    assert_eq!(app.doc.source.origin, Origin::File(dir.path().join("b-collection.sdm")));
    // Into the subdirectory and back up with Backspace.
    app.keys("o");
    select_named(&mut app, "sub");
    app.key(KeyCode::Enter);
    assert_eq!(app.browser().dir(), dir.path().join("sub"));
    app.key(KeyCode::Backspace);
    assert_eq!(app.browser().dir(), dir.path());
    assert!(
        matches!(app.browser().current(), Some(Entry::Dir(name, _)) if name == "sub"),
        "back on where we were"
    );
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
}

/// Item 13: up from a file named by a relative path.
#[test]
fn the_browser_goes_up_from_a_relative_path() {
    let dir = fixture_dir();
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().join("sub");
    app.open_path(std::path::Path::new("boj.txt"), None);
    app.run_effects();
    app.keys("o");
    assert_eq!(app.browser().dir(), dir.path().join("sub"));
    app.key(KeyCode::Home);
    app.key(KeyCode::Enter); // ../
    assert_eq!(app.browser().error, None);
    assert_eq!(app.browser().dir(), dir.path(), "{:?}", app.message());
    assert!(labels(&app).contains(&"a-escargot.ss".to_string()));
    // And from `.` itself, up to the parent of the working directory.
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().join("sub");
    app.open_path(std::path::Path::new("./boj.txt"), None);
    app.run_effects();
    app.keys("o");
    app.key(KeyCode::Backspace);
    assert_eq!(app.browser().dir(), dir.path());
}

#[test]
fn a_built_in_puzzle_opens_from_its_own_section() {
    let mut app = Bench::on_asset("easy.txt");
    app.keys("o");
    app.key(KeyCode::Home);
    app.keys("j");
    assert_eq!(app.browser().current(), Some(&Entry::Builtins));
    app.key(KeyCode::Enter);
    assert!(matches!(app.browser().listing, Listing::Builtins(_)));
    let labels = labels(&app);
    let first = labels.iter().position(|l| l.contains("boj-2580-sample.txt")).unwrap();
    app.act(Action::ListTo(first));
    app.key(KeyCode::Enter);
    assert_eq!(app.doc.source.origin, Origin::Builtin("boj-2580-sample.txt"));
}

/// Item 13: Home, End, PageUp, PageDown and a typed number reach any puzzle of a collection.
#[test]
fn every_puzzle_of_a_long_collection_is_in_reach() {
    let dir = tempfile::tempdir().unwrap();
    let line = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let first = line.lines().find(|l| !l.starts_with('#')).unwrap().to_string();
    let text: String = (0..20_000).map(|_| format!("{first}\n")).collect();
    std::fs::write(dir.path().join("many.sdm"), text).unwrap();
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().to_path_buf();
    app.keys("o");
    select_named(&mut app, "many.sdm");
    app.key(KeyCode::Enter);
    let picked = |app: &Bench| app.browser().picker.as_ref().expect("the puzzle list").selected;
    assert_eq!(picked(&app), 0);
    app.key(KeyCode::End);
    assert_eq!(picked(&app), 19_999);
    app.key(KeyCode::Home);
    assert_eq!(picked(&app), 0);
    app.key(KeyCode::PageDown);
    let page = picked(&app);
    assert!(page > 5, "a page is more than a few lines: {page}");
    app.key(KeyCode::PageUp);
    assert_eq!(picked(&app), 0);
    app.keys("12345");
    assert_eq!(picked(&app), 12_344, "typing a number goes to that puzzle");
    app.key(KeyCode::Enter);
    assert_eq!(app.doc.source.collection.as_ref().map(|c| c.index), Some(12_344));
}

/// Item 13: the mouse selects and scrolls the list; a click on the selected line opens it.
#[test]
fn the_mouse_selects_scrolls_and_opens_in_the_browser() {
    let dir = fixture_dir();
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().to_path_buf();
    app.act(Action::Resize(80, 24));
    app.keys("o");
    let wheel = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: 5,
            row: 5,
            modifiers: KeyModifiers::NONE,
        })
    };
    app.key(KeyCode::Home);
    app.event(wheel(MouseEventKind::ScrollDown));
    assert_eq!(app.browser().selection(), 3, "the wheel moves three lines");
    app.event(wheel(MouseEventKind::ScrollUp));
    assert_eq!(app.browser().selection(), 0);
    // The screen row of "a-escargot.ss", by the view's own geometry.
    let target = labels(&app).iter().position(|l| l == "a-escargot.ss").unwrap();
    let body = Screen::new(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap().body;
    let list = BrowserScreen::new(body);
    let len = app.browser().len();
    let row = (0..24)
        .find(|&y| list.line_at(list.list_inside.x + 1, y, 0, len) == Some(target))
        .expect("the file is on screen");
    let click = |row| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: list.list_inside.x + 1,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    app.event(click(row));
    assert!(
        matches!(app.browser().current(), Some(Entry::File(n, ..)) if n == "a-escargot.ss"),
        "a click selects"
    );
    app.event(click(list.list_inside.bottom() - 1));
    assert!(
        matches!(app.browser().current(), Some(Entry::File(n, ..)) if n == "a-escargot.ss"),
        "a click below the list does nothing"
    );
    app.wait_for_background();
    app.event(click(row));
    assert!(matches!(app.mode, Mode::Edit), "a click on the selected line opens it");
    assert_eq!(app.doc.source.origin, Origin::File(dir.path().join("a-escargot.ss")));
}

/// Item 13: a collection with a bad line opens; the bad line is listed as unreadable.
#[test]
fn a_collection_with_a_bad_line_opens_with_the_line_marked() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let mut lines: Vec<&str> = good.lines().filter(|l| !l.starts_with('#')).take(3).collect();
    // A puzzle line cut short by a bad copy.
    lines.insert(
        1,
        "4.....8.5.3.....x....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    );
    std::fs::write(dir.path().join("mixed.sdm"), lines.join("\n") + "\n").unwrap();
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().to_path_buf();
    app.keys("o");
    select_named(&mut app, "mixed.sdm");
    app.key(KeyCode::Enter);
    let picker = app.browser().picker.clone().expect("the puzzle list");
    assert_eq!(picker.puzzles.len(), 4);
    assert!(picker.puzzles[1].is_err());
    assert!(
        app.message().contains("1 of 4 lines cannot be read"),
        "{}",
        app.message()
    );
    app.keys("j");
    app.key(KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Browse(_)), "the bad line does not open");
    assert!(app.message().contains("line 2"), "{}", app.message());
    app.keys("j");
    app.key(KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc.source.collection.as_ref().map(|c| c.index), Some(2));
    // From the command line too.
    let app = Bench::on_file(&dir.path().join("mixed.sdm"), None);
    assert_eq!(app.doc.source.collection.as_ref().map(|c| c.index), Some(0));
}

/// Item 18: `--index` past the end is an error in the workbench too.
#[test]
fn an_index_past_the_end_is_an_error_and_keeps_the_board() {
    let mut app = Bench::on_asset("hardest.sdk");
    let before = app.doc.clone();
    app.open_path(&asset("collection.sdm"), Some(12));
    app.run_effects();
    assert_eq!(app.doc, before);
    assert!(app.is_error());
    assert!(
        app.message().contains("has 12 puzzles: there is no puzzle 13"),
        "{}",
        app.message()
    );
}

#[test]
fn opening_a_missing_or_broken_file_keeps_the_board() {
    let mut app = Bench::on_asset("hardest.sdk");
    let before = app.doc.clone();
    app.open_path(std::path::Path::new("/nonexistent/puzzle.sdk"), None);
    app.run_effects();
    assert_eq!(app.doc, before);
    assert!(app.message().contains("no such file"), "{}", app.message());
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 2 3\n4 5 6\n").unwrap();
    app.open_path(&bad, None);
    app.run_effects();
    assert_eq!(app.doc, before);
    assert!(
        app.message().contains("line 1, column 6: found 3 cells in this row"),
        "{}",
        app.message()
    );
}

/// Files no workbench should choke on, with a piece of the message each must give.
fn hostile_files(dir: &std::path::Path) -> Vec<(String, &'static str)> {
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
    let fifo = dir.join("pipe.txt");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.txt")).unwrap();
    vec![
        ("empty.txt".into(), "no puzzle found"),
        ("binary.dat".into(), "not UTF-8 text"),
        ("latin1.txt".into(), "line 1, column 11: not UTF-8 text"),
        (
            "huge.txt".into(),
            "too big for a puzzle file (1,024 MB; the workbench reads up to 64 MB)",
        ),
        ("folder.sdk".into(), "directory"),
        ("missing.txt".into(), "no such file"),
        ("pipe.txt".into(), "FIFO"),
        ("zero.txt".into(), "device"),
    ]
}

/// Item 10: FIFOs and devices are refused at once, from the command line and the browser,
/// whose previews never block (a FIFO no one writes to would block a read for good).
#[test]
fn hostile_files_leave_the_board_as_it_was_with_the_reason_on_screen() {
    let dir = tempfile::tempdir().unwrap();
    let cases = hostile_files(dir.path());
    // The document's file sits beside the hostile ones, so the browser opens among them.
    let puzzle = dir.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &puzzle).unwrap();
    let mut app = Bench::on_file(&puzzle, None);
    app.keys("l1"); // unsaved work, which must survive every failed open
    let before = app.doc.clone();
    for (name, reason) in &cases {
        let started = Instant::now();
        app.open_path(&dir.path().join(name), None);
        app.run_effects();
        assert!(started.elapsed() < Duration::from_secs(5), "{name}: answered at once");
        assert_eq!(app.doc, before, "{name}: the board stays");
        assert!(app.is_error(), "{name}");
        assert!(
            app.message().contains(name.as_str()) && app.message().contains(reason),
            "{name}: {}",
            app.message()
        );
    }
    // The same files through the browser: previewed without blocking, then the message on
    // Enter, the browser still open, the board kept.
    for (name, reason) in cases.iter().filter(|(n, _)| n != "missing.txt" && n != "folder.sdk") {
        app.keys("o");
        assert_eq!(app.browser().dir(), dir.path());
        select_named(&mut app, name);
        match &app.browser().preview {
            Preview::Error(why) => assert!(why.contains(reason), "{name}: {why}"),
            other => panic!("{name}: expected an error preview, got {other:?}"),
        }
        app.key(KeyCode::Enter);
        assert!(matches!(app.mode, Mode::Browse(_)), "{name}: not loaded");
        assert!(app.message().contains(reason), "{name}: {}", app.message());
        app.key(KeyCode::Esc);
        assert_eq!(app.doc, before, "{name}: the board stays");
    }
}

#[test]
fn a_jump_runs_to_the_next_backtrack_and_stops_there() {
    let mut app = Bench::on_asset("anti-naive.txt");
    app.keys("n");
    assert!(matches!(app.mode, Mode::Step(_)));
    app.keys("]");
    let first = app.stepper().position();
    assert!(
        matches!(app.stepper().last(), Some(Step::Remove { forced: false, .. })),
        "{:?}",
        app.stepper().last()
    );
    assert!(!app.stepper().is_running(), "it stops there");
    // The steps before it were all placements and forced removals: no guess was taken back.
    assert_eq!(app.stepper().counters().backtracks, 1);
    app.keys("]");
    assert!(app.stepper().position() > first);
    assert_eq!(app.stepper().counters().backtracks, 2);
    // [ goes back to the backtrack before, and says when there is none.
    app.keys("[");
    assert_eq!(app.stepper().position(), first);
    assert!(matches!(app.stepper().last(), Some(Step::Remove { forced: false, .. })));
    app.keys("[");
    assert_eq!(app.stepper().position(), first);
    assert!(app.message().contains("No earlier backtrack"), "{}", app.message());
    // Back steps still work from there.
    app.keys("b");
    assert_eq!(app.stepper().counters().backtracks, 0);
    // On a board with no backtrack, the jump stops at the solution.
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("n]");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
}

/// Final attack, finding 16: a folder is listed in the background, as previews are read (a
/// folder of 300,000 files froze the screen for 1.4 s). Until its listing comes, the browser
/// lists the way out (the parent, the built-ins) and answers the keys; a listing it no longer
/// waits for never replaces the one it shows.
#[test]
fn a_folder_is_listed_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    for i in 0..500 {
        std::fs::write(sub.join(format!("p{i:03}.txt")), "").unwrap();
    }
    let mut app = Bench::new(Document::new_empty());
    app.listings_waited = false;
    app.cwd = sub.clone();
    app.keys("o");
    // The listing is the runtime's to hand over, when the event loop looks for it.
    assert_eq!(labels(&app), ["../", "★ built-in puzzles/"]);
    assert!(app.runtime.is_busy(), "listing");
    // Up to the parent before the listing comes.
    app.key(KeyCode::Enter);
    app.wait_for_background();
    assert_eq!(app.browser().dir(), dir.path());
    assert_eq!(labels(&app), ["../", "★ built-in puzzles/", "sub/"]);
    // Into `sub`, listed this time.
    app.key(KeyCode::Enter);
    app.wait_for_background();
    assert_eq!(app.browser().dir(), sub);
    assert_eq!(labels(&app).len(), 502);
    // Esc while a listing is under way closes the browser; the listing's end changes nothing.
    app.key(KeyCode::Left);
    assert!(app.runtime.is_busy(), "listing the parent");
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    app.wait_for_background();
    assert!(matches!(app.mode, Mode::Edit));
    assert!(!app.runtime.is_busy());
}
