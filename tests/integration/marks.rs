//! Pencil marks, driven through the real key table: notes mode, filling and erasing, what a
//! written digit does to the marks around it, undo, and marks that survive a save, a reopen and
//! a crash.

use crate::common;

use common::workbench::{Bench, asset, digit, pos};
use sudoku_engine::{Cell, Digit, DigitSet, Format, Marks, Pos};
use sudoku_workbench::app::settings::MarksView;
use sudoku_workbench::app::{Document, Overlay, Typing};

/// The digits of a set, for readable assertions.
fn digits(set: DigitSet) -> Vec<u8> {
    set.iter().map(Digit::get).collect()
}

/// hardest.sdk, with the cursor on r1c2 (empty; r1c1 is a given 8).
fn on_hardest() -> Bench {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("l");
    assert_eq!(app.cursor, pos(0, 1));
    app
}

#[test]
fn notes_mode_toggles_marks_and_undo_covers_them() {
    let mut app = on_hardest();
    app.keys("m");
    assert_eq!(app.typing, Typing::Marks);
    assert!(app.message().contains("Notes mode"), "{}", app.message());
    app.keys("124");
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 2, 4]);
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty, "no digit written");
    assert!(app.is_modified(), "marks are unsaved work");
    app.keys("2");
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 4], "a second press removes");
    app.keys("u");
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 2, 4]);
    app.ctrl('r');
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 4]);
    // 0 clears the cell's marks, as one change.
    app.keys("0");
    assert!(app.doc.marks.get(pos(0, 1)).is_empty());
    app.keys("u");
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 4]);
    // A given cannot be marked; m again goes back to digits.
    app.keys("h5");
    assert!(app.is_error() && app.message().contains("given"), "{}", app.message());
    assert!(app.doc.marks.get(pos(0, 0)).is_empty());
    app.keys("m");
    assert_eq!(app.typing, Typing::Entries);
    app.keys("l6");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(6)));
}

#[test]
fn a_cell_with_a_digit_is_not_marked() {
    let mut app = on_hardest();
    app.keys("6m3");
    assert!(app.is_error(), "{}", app.message());
    assert!(app.message().contains("r1c2 holds 6"), "{}", app.message());
    assert!(app.doc.marks.is_empty());
    // In notes mode, 0 on a digit clears the digit first.
    app.keys("0");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty);
}

#[test]
fn writing_a_digit_takes_it_from_the_marks_of_its_peers_unless_turned_off() {
    let mut app = on_hardest();
    // Mark 4 in r1c2's row (r1c3), column (r8c2), box (r2c1) and elsewhere (r5c4).
    app.keys("m");
    for p in [pos(0, 2), pos(7, 1), pos(1, 0), pos(4, 3)] {
        app.act(sudoku_workbench::app::Action::Select(p));
        app.keys("49");
    }
    app.act(sudoku_workbench::app::Action::Select(pos(0, 1)));
    app.keys("m4");
    for p in [pos(0, 2), pos(7, 1), pos(1, 0)] {
        assert_eq!(digits(app.doc.marks.get(p)), [9], "{p} loses the 4");
    }
    assert_eq!(digits(app.doc.marks.get(pos(4, 3))), [4, 9], "not a peer");
    // One undo takes back the digit and the marks it removed.
    app.keys("u");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty);
    assert_eq!(digits(app.doc.marks.get(pos(0, 2))), [4, 9]);
    // Turned off, the marks stay.
    app.keys("a");
    assert!(!app.settings.remove_marks);
    app.keys("4");
    assert_eq!(digits(app.doc.marks.get(pos(0, 2))), [4, 9]);
}

#[test]
fn fill_marks_every_empty_cell_with_its_candidates_and_erase_removes_them_all() {
    let mut app = on_hardest();
    app.keys("M");
    for p in Pos::all() {
        assert_eq!(app.doc.marks.get(p), app.doc.board.candidates(p), "{p}");
    }
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 2, 4, 6]);
    app.keys("E");
    assert!(app.doc.marks.is_empty());
    app.keys("u");
    assert_eq!(digits(app.doc.marks.get(pos(0, 1))), [1, 2, 4, 6]);
    app.keys("uu");
    assert!(app.doc.marks.is_empty(), "the fill undone too");
    assert!(!app.is_modified(), "back to the file as it was");
}

#[test]
fn the_view_switches_between_your_marks_and_the_computed_candidates() {
    let mut app = on_hardest();
    assert_eq!(app.settings.marks_view, MarksView::Mine);
    app.keys("v");
    assert_eq!(app.settings.marks_view, MarksView::Computed);
    assert!(app.message().contains("computed"), "{}", app.message());
    app.keys("v");
    assert_eq!(app.settings.marks_view, MarksView::Mine);
}

#[test]
fn marks_are_saved_in_a_progress_file_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hardest.sdk");
    std::fs::copy(asset("hardest.sdk"), &path).unwrap();
    let mut app = Bench::on_file(&path, None);
    app.keys("lm12");
    // The .sdk cannot keep marks: the save asks for a progress file, the .sdk untouched.
    app.keys("w");
    let Some(Overlay::Prompt(prompt)) = &app.overlay else {
        panic!("expected the save prompt, got {:?}", app.overlay)
    };
    assert_eq!(prompt.format, Format::Progress);
    let game = dir.path().join("hardest.swb");
    app.answer_prompt(game.to_str().unwrap());
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(asset("hardest.sdk")).unwrap()
    );
    let text = std::fs::read_to_string(&game).unwrap();
    assert!(text.contains("#!marks ........."), "{text}");
    let reopened = Bench::on_file(&game, None);
    assert_eq!(digits(reopened.doc.marks.get(pos(0, 1))), [1, 2]);
    assert!(!reopened.is_modified());
    // A mark changed and saved in place stays a progress file.
    let mut app = reopened;
    app.keys("lm3");
    app.keys("w");
    assert!(!app.is_modified(), "{}", app.message());
    let again = Bench::on_file(&game, None);
    assert_eq!(digits(again.doc.marks.get(pos(0, 1))), [1, 2, 3]);
}

#[test]
fn a_crash_keeps_the_marks() {
    let mut app = on_hardest();
    app.keys("m35");
    app.keep();
    let state = app.into_state();
    let mut next = Bench::with_state(Document::new_empty(), state);
    next.look_for_recovery();
    assert!(matches!(next.overlay, Some(Overlay::Recovery(_))), "{:?}", next.overlay);
    next.keys("y");
    assert_eq!(digits(next.doc.marks.get(pos(0, 1))), [3, 5]);
    assert!(next.is_modified(), "recovered work is unsaved");
    assert_eq!(next.doc.marks.cells_marked(), 1);
}

#[test]
fn the_marks_of_a_candidates_line_are_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marks.txt");
    // r1c1 has marks 2 to 8; every other cell all nine.
    let line = ".2345678.".to_string() + &"123456789".repeat(80) + "\n";
    std::fs::write(&path, &line).unwrap();
    let app = Bench::on_file(&path, None);
    assert_eq!(digits(app.doc.marks.get(pos(0, 0))), [2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(app.doc.marks.get(pos(4, 4)), DigitSet::ALL);
    assert_ne!(app.doc.marks, Marks::NONE);
    assert!(!app.is_modified());
}

#[test]
fn a_single_mark_is_not_saved_where_it_would_come_back_as_a_given() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marks.txt");
    let line = ".2345678.".to_string() + &"123456789".repeat(80) + "\n";
    std::fs::write(&path, &line).unwrap();
    let mut app = Bench::on_file(&path, None);
    // r1c1 down to one mark: a candidates line would read it as a given 2.
    app.keys("m345678");
    assert_eq!(digits(app.doc.marks.get(pos(0, 0))), [2]);
    app.keys("w");
    let Some(Overlay::Prompt(prompt)) = &app.overlay else {
        panic!("expected the save prompt, got {:?}", app.overlay)
    };
    assert_eq!(prompt.format, Format::Progress);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), line, "the file is untouched");
}

#[test]
fn marks_under_a_digit_do_not_keep_a_saved_game_modified() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.swb");
    let mut app = on_hardest();
    // Marks kept when a digit is written (the setting off), then a digit over them.
    app.keys("a");
    app.keys("m3m6");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(6)));
    assert!(
        !app.doc.marks.get(pos(0, 1)).is_empty(),
        "the marks stay under the digit"
    );
    app.keys("W");
    app.answer_prompt(game.to_str().unwrap());
    assert!(!app.is_modified(), "saved: {}", app.message());
}

/// `M` after a hint took candidates out of the marks: the cells the player (or the hint) marked
/// keep their marks, eliminations included; only cells without marks are filled.
#[test]
fn fill_marks_keeps_the_players_own_eliminations() {
    let mut app = Bench::on_asset("hard.txt");
    app.keys("M");
    // Hints until one removes candidates from the marks.
    let hint = loop {
        app.keys("i");
        let hint = app.hint.clone().expect("a hint");
        app.keys("ii");
        if !hint.step.eliminations.is_empty() {
            break hint;
        }
    };
    let after_hint = app.doc.marks;
    let removed = hint.step.eliminations[0];
    assert!(!after_hint.get(removed.pos).contains(removed.digit));
    assert!(
        app.doc.board.candidates(removed.pos).contains(removed.digit),
        "the board alone still allows {removed}: only the marks hold the elimination"
    );
    // One cell's marks erased by hand: M fills that one, and keeps the rest as they are.
    let bare = Pos::all()
        .find(|p| app.doc.board.digit(*p).is_none() && *p != removed.pos)
        .unwrap();
    app.act(sudoku_workbench::app::Action::Select(bare));
    app.keys("m");
    for d in app.doc.marks.get(bare).iter().collect::<Vec<_>>() {
        app.keys(&d.to_string());
    }
    app.keys("m");
    assert!(app.doc.marks.get(bare).is_empty());
    app.keys("M");
    assert_eq!(
        app.doc.marks.get(bare),
        app.doc.board.candidates(bare),
        "a cell without marks is filled"
    );
    for p in Pos::all().filter(|p| *p != bare) {
        assert_eq!(app.doc.marks.get(p), after_hint.get(p), "{p} keeps its marks");
    }
    assert!(
        app.message().contains("1 cell without marks marked"),
        "{}",
        app.message()
    );
    // Nothing left to fill: M says so and changes nothing.
    let before = app.doc.marks;
    app.keys("M");
    assert_eq!(app.doc.marks, before);
    assert!(app.message().contains("yours are kept"), "{}", app.message());
    // Erased, M marks afresh.
    app.keys("EM");
    assert_eq!(app.doc.marks.get(removed.pos), app.doc.board.candidates(removed.pos));
}
