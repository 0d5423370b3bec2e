//! The aids of solving by hand (issue 31), driven through the real key table: the digit filter,
//! a hint lending it its digits, colouring cells and candidates (undoable, saved in a progress
//! file and read back, old and broken files too), digit-first input by key and by click, the
//! pause and its clock, undo putting the cursor on what it changed.

use crate::common;

use common::workbench::{Bench, asset, digit, pos};
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use std::time::{Duration, Instant};
use sudoku_engine::{Cell, Colour, DigitSet, Pos};
use sudoku_workbench::app::by_hand::{Awaiting, Input};
use sudoku_workbench::app::hint::HintStage;
use sudoku_workbench::app::{Action, Overlay, Typing};
use sudoku_workbench::ui::layout::Screen;

fn one(d: u8) -> DigitSet {
    DigitSet::single(digit(d))
}

fn colour(letter: char) -> Option<Colour> {
    Colour::from_letter(letter)
}

/// The workbench after opening `path`, its message kept (an error, say).
fn opened(path: &std::path::Path) -> Bench {
    let mut app = Bench::new(sudoku_workbench::app::Document::new_empty());
    app.open_path(path, None);
    app.run_effects();
    app
}

/// Top95 #1 (`hard.txt`): r1c1 is a given 4, r1c2 empty, r5c5 a given 8.
fn on_hard() -> Bench {
    Bench::on_asset("hard.txt")
}

#[test]
fn the_filter_takes_a_digit_the_cursors_or_none() {
    let mut app = on_hard();
    app.keys("f");
    assert_eq!(app.awaiting, Some(Awaiting::FilterDigit));
    assert!(app.message().contains("which digit?"), "{}", app.message());
    app.keys("4");
    assert_eq!((app.filter, app.awaiting), (one(4), None));
    // Where 4 can go: the computed candidates, as the player has no marks.
    let left = Pos::all()
        .filter(|p| app.doc.board.digit(*p).is_none() && app.doc.board.candidates(*p).contains(digit(4)))
        .count();
    assert!(app.message().contains(&format!("({left} cells)")), "{}", app.message());
    // The same digit again leaves it on; f 0 turns it off.
    app.keys("f4");
    assert_eq!(app.filter, one(4));
    app.keys("f7");
    assert_eq!(app.filter, one(7));
    app.keys("f0");
    assert!(app.filter.is_empty());
    // f f: the digit of the cursor cell (a given 4), or nothing in an empty cell.
    app.keys("ff");
    assert_eq!(app.filter, one(4));
    app.keys("lf");
    app.key(KeyCode::Enter);
    assert!(
        app.is_error() && app.message().contains("r1c2 holds no digit"),
        "{}",
        app.message()
    );
    assert_eq!(app.filter, one(4), "unchanged");
    // A key that is no answer does nothing: the question stays until Esc.
    app.keys("5");
    let undo_before = app.undo_depth();
    app.keys("fu");
    assert_eq!(app.undo_depth(), undo_before, "u after f undid nothing");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(5)));
    assert_eq!(app.awaiting, Some(Awaiting::FilterDigit));
    app.key(KeyCode::Esc);
    assert_eq!((app.filter, app.awaiting), (one(4), None));
    // A key of another question (d after f) gives it up, and does nothing else.
    app.keys("fd");
    assert_eq!((app.input, app.awaiting), (Input::CellFirst, None));
    assert!(app.message().contains("Filter not changed"), "{}", app.message());
    // The filter changes nothing in the document.
    assert_eq!(app.undo_depth(), undo_before);
}

#[test]
fn the_filter_reads_your_marks_where_you_have_them() {
    let mut app = on_hard();
    // r1c2 (candidates 1 6 7 9) marked 1 6 by the player: 7 and 9 no longer possible there.
    app.keys("lm16m");
    let possible = app.possible();
    assert_eq!(possible[pos(0, 1).index()], one(1).union(one(6)));
    assert_ne!(app.doc.board.candidates(pos(0, 1)), possible[pos(0, 1).index()]);
    // A cell without marks: the computed candidates.
    assert_eq!(possible[pos(0, 2).index()], app.doc.board.candidates(pos(0, 2)));
    // Shown the computed candidates (v), the aids read them too.
    app.keys("v");
    assert_eq!(app.possible()[pos(0, 1).index()], app.doc.board.candidates(pos(0, 1)));
}

#[test]
fn a_hint_lends_the_filter_its_digits_while_it_shows_why() {
    let mut app = on_hard();
    app.keys("f9");
    app.keys("i");
    assert_eq!(app.filter, one(9), "the first stage leaves the filter alone");
    app.keys("i");
    let hint = app.hint.clone().unwrap();
    assert_eq!(hint.stage, HintStage::Why);
    assert_eq!(app.filter, hint.digits(), "turned to the step's digits");
    assert!(!app.filter.is_empty());
    assert_eq!(hint.lent_filter, Some(one(9)));
    // Done: the filter is given back.
    app.keys("i");
    assert!(app.hint.is_none());
    assert_eq!(app.filter, one(9));
    // Gone by an undo: given back too.
    app.keys("ii");
    assert_ne!(app.filter, one(9));
    app.keys("u");
    assert!(app.hint.is_none());
    assert_eq!(app.filter, one(9));
    // Changed by the player meanwhile: theirs, kept after the hint.
    app.keys("iif3i");
    assert!(app.hint.is_none());
    assert_eq!(app.filter, one(3));
}

#[test]
fn cells_and_candidates_are_coloured_undoably() {
    let mut app = on_hard();
    let r1c2 = pos(0, 1);
    assert_eq!(
        app.doc.board.candidates(r1c2),
        [1, 6, 7, 9].map(digit).into_iter().collect()
    );
    // r1c2 (empty) coloured a, then A (its pair's other side), then A again: off.
    app.keys("lba");
    assert_eq!(app.doc.colours.cell(r1c2), colour('a'));
    assert!(app.is_modified(), "colours are work to save");
    app.keys("bA");
    assert_eq!(app.doc.colours.cell(r1c2), colour('A'));
    app.keys("bA");
    assert_eq!(app.doc.colours.cell(r1c2), None);
    app.keys("bc");
    // A given can be coloured too (a chain's end is often one).
    app.keys("hbdl");
    assert_eq!(app.doc.colours.cell(pos(0, 0)), colour('d'));
    // A candidate: with a filter of one digit, B asks the colour at once; not of a digit the
    // cell cannot hold.
    app.keys("f2B");
    assert_eq!(app.awaiting, None);
    assert!(
        app.is_error() && app.message().contains("2 is not a candidate of r1c2"),
        "{}",
        app.message()
    );
    app.keys("f9B");
    assert_eq!(app.awaiting, Some(Awaiting::CandidateColour(digit(9))));
    app.keys("b");
    assert_eq!(app.doc.colours.candidate(r1c2, digit(9)), colour('b'));
    // Without a filter of one digit, B asks the digit first.
    app.keys("f0");
    assert!(app.filter.is_empty());
    app.keys("B");
    assert_eq!(app.awaiting, Some(Awaiting::CandidateDigit));
    app.keys("9B");
    assert_eq!(app.doc.colours.candidate(r1c2, digit(9)), colour('B'));
    // A filled cell's candidates are not coloured.
    app.keys("hB9");
    assert!(
        app.is_error() && app.message().contains("r1c1 holds 4"),
        "{}",
        app.message()
    );
    // Undo takes each colouring back, the cursor on the cell it changed.
    app.act(Action::Select(pos(8, 8)));
    app.keys("u");
    assert_eq!(app.doc.colours.candidate(r1c2, digit(9)), colour('b'));
    assert_eq!(app.cursor, r1c2);
    app.act(Action::Select(pos(8, 8)));
    app.keys("uu");
    assert_eq!(app.doc.colours.candidate(r1c2, digit(9)), None);
    assert_eq!(app.doc.colours.cell(pos(0, 0)), None);
    assert_eq!(app.cursor, pos(0, 0));
    app.ctrl('r');
    assert_eq!(app.doc.colours.cell(pos(0, 0)), colour('d'));
    // b X: every colour off, as one change.
    app.keys("bX");
    assert!(app.doc.colours.is_empty());
    app.keys("u");
    assert_eq!(app.doc.colours.cell(pos(0, 0)), colour('d'));
    assert_eq!(app.doc.colours.cell(r1c2), colour('c'));
    // A key that is no colour does nothing; a digit (another question's answer) gives it up.
    app.keys("bz");
    assert_eq!(app.awaiting, Some(Awaiting::CellColour));
    app.key(KeyCode::Esc);
    assert_eq!(app.awaiting, None);
    // A candidate's colour goes once its cell holds a digit; the cell's own colour stays.
    app.keys("lf1Ba");
    assert_eq!(app.doc.colours.candidate(r1c2, digit(1)), colour('a'));
    app.keys("1");
    assert_eq!(app.doc.board.cell(r1c2), Cell::Entry(digit(1)));
    assert!(!app.doc.colours.of_empty_cells(&app.doc.board).has_candidates());
    assert_eq!(app.doc.colours.cell(r1c2), colour('c'));
}

#[test]
fn colours_are_saved_in_a_progress_file_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hard.txt");
    std::fs::copy(asset("hard.txt"), &path).unwrap();
    let mut app = Bench::on_file(&path, None);
    app.keys("lba");
    app.act(Action::Select(pos(1, 0)));
    app.keys("B2A");
    let colours = app.doc.colours;
    assert_eq!(colours.candidate(pos(1, 0), digit(2)), colour('A'));
    // The line format cannot keep them: w asks for a progress file, the .txt untouched.
    app.keys("w");
    let Some(Overlay::Prompt(prompt)) = &app.overlay else {
        panic!("expected the save prompt, got {:?}", app.overlay)
    };
    assert_eq!(prompt.format, sudoku_engine::Format::Progress);
    let game = dir.path().join("hard.swb");
    app.answer_prompt(game.to_str().unwrap());
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(std::fs::read(&path).unwrap(), std::fs::read(asset("hard.txt")).unwrap());
    let text = std::fs::read_to_string(&game).unwrap();
    assert!(text.contains("\n#!colours .a"), "{text}");
    assert!(text.contains("\n#!candidate-colours "), "{text}");
    let again = Bench::on_file(&game, None);
    assert_eq!(again.doc.colours, colours);
    assert!(!again.is_modified());
}

/// Hostile files: an old `.swb` without colours reads as it did; a broken colour line is refused
/// with its line and column and the file left as it was; CRLF and CR-only files keep their
/// line ends and the lines the workbench does not own when it saves colours into them.
#[test]
fn old_broken_and_crlf_progress_files_with_colours() {
    let dir = tempfile::tempdir().unwrap();
    let grid = std::fs::read_to_string(asset("hard.txt")).unwrap();
    let line = grid.lines().next().unwrap();
    // Old: no colour line.
    let old = dir.path().join("old.swb");
    std::fs::write(&old, format!("#!sudoku-workbench progress 1\n#!time 75\n{line}\n")).unwrap();
    let app = opened(&old);
    assert!(app.doc.colours.is_empty() && !app.is_error(), "{}", app.message());
    assert_eq!(app.play().elapsed, Duration::from_secs(75));
    // Broken: refused where it goes wrong; nothing written.
    let broken = dir.path().join("broken.swb");
    let bad = format!(
        "#!sudoku-workbench progress 1\n# mine\n#!colours ab{}z\n{line}\n",
        ".".repeat(10)
    );
    std::fs::write(&broken, &bad).unwrap();
    let app = opened(&broken);
    assert!(app.is_error(), "{}", app.message());
    assert!(
        app.message().contains("line 3, column 23") && app.message().contains("a colour letter"),
        "{}",
        app.message()
    );
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), bad);
    // A huge colour line too.
    let huge = dir.path().join("huge.swb");
    std::fs::write(
        &huge,
        format!(
            "#!sudoku-workbench progress 1\n#!colours {}\n{line}\n",
            "a".repeat(1 << 20)
        ),
    )
    .unwrap();
    let app = opened(&huge);
    assert!(
        app.is_error() && app.message().contains("line 2, column 92"),
        "{}",
        app.message()
    );
    // CRLF and CR alone: coloured, saved over itself, its other lines and ends kept.
    for end in ["\r\n", "\r"] {
        let file = dir.path().join(format!("ends-{}.swb", end.len()));
        let text = format!("# before{end}#!sudoku-workbench progress 1{end}#!odd kept{end}#C comment{end}{line}{end}");
        std::fs::write(&file, &text).unwrap();
        let mut app = Bench::on_file(&file, None);
        app.keys("lba");
        app.keys("w");
        assert!(!app.is_modified(), "{end:?}: {}", app.message());
        let written = std::fs::read_to_string(&file).unwrap();
        let want = format!(
            "# before{end}#!sudoku-workbench progress 1{end}#!odd kept{end}#!colours .a{}{end}#C comment{end}{line}{end}",
            ".".repeat(79)
        );
        assert_eq!(written, want, "{end:?}");
        let again = Bench::on_file(&file, None);
        assert_eq!(again.doc.colours.cell(pos(0, 1)), colour('a'), "{end:?}");
        // Taken off again: the line goes, nothing else moves.
        let mut app = again;
        app.keys("lbX");
        app.keys("w");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "{end:?}");
    }
}

#[test]
fn digit_first_puts_a_digit_in_cell_after_cell() {
    let mut app = on_hard();
    app.keys("d5");
    assert_eq!(app.input, Input::DigitFirst(digit(5)));
    assert_eq!(app.filter, one(5), "where 5 can go is shown");
    // r1c2, then r1c3 by Enter; the same cell again takes the digit back.
    app.keys("l ");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(5)));
    app.keys("l");
    app.key(KeyCode::Enter);
    assert_eq!(app.doc.board.cell(pos(0, 2)), Cell::Entry(digit(5)));
    app.keys(" ");
    assert_eq!(app.doc.board.cell(pos(0, 2)), Cell::Empty);
    // Digits choose another digit rather than writing one.
    app.keys("7");
    assert_eq!(app.input, Input::DigitFirst(digit(7)));
    assert_eq!(app.doc.board.cell(pos(0, 2)), Cell::Empty);
    // A given is refused.
    app.act(Action::Select(pos(0, 0)));
    app.keys(" ");
    assert!(
        app.is_error() && app.message().contains("r1c1 is a given"),
        "{}",
        app.message()
    );
    // In notes mode, its mark is toggled.
    app.act(Action::Select(pos(8, 8)));
    app.keys("m ");
    assert_eq!(app.typing, Typing::Marks);
    assert_eq!(app.doc.marks.get(pos(8, 8)), one(7));
    app.keys(" ");
    assert!(app.doc.marks.get(pos(8, 8)).is_empty());
    app.keys("m");
    // A click puts it in the cell clicked.
    app.act(Action::Resize(80, 24));
    let rect = Screen::new(ratatui::layout::Rect::new(0, 0, 80, 24))
        .unwrap()
        .cell_rect(pos(8, 7));
    app.event(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + 1,
        row: rect.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.cursor, pos(8, 7));
    assert_eq!(app.doc.board.cell(pos(8, 7)), Cell::Entry(digit(7)));
    // Undo takes it back and puts the cursor there.
    app.act(Action::Select(pos(0, 0)));
    app.keys("u");
    assert_eq!(app.doc.board.cell(pos(8, 7)), Cell::Empty);
    assert_eq!(app.cursor, pos(8, 7));
    // d ends it (Esc too); digits write in the cursor cell again.
    app.keys("d");
    assert_eq!(app.input, Input::CellFirst);
    app.keys("d3");
    app.key(KeyCode::Esc);
    assert_eq!(app.input, Input::CellFirst);
    app.keys("3");
    assert_eq!(app.doc.board.cell(pos(8, 7)), Cell::Entry(digit(3)));
    // d d: the cursor cell's digit.
    app.act(Action::Select(pos(4, 4)));
    app.keys("dd");
    assert_eq!(app.input, Input::DigitFirst(digit(8)));
    // Without a digit picked, space says how to pick one.
    app.keys("d");
    assert_eq!(app.input, Input::CellFirst);
    app.keys(" ");
    assert!(app.message().contains("d then 1-9"), "{}", app.message());
}

/// A paste in digit-first mode is a paste: the board it holds loads, no key of it is typed,
/// and digit first ends with the old board.
#[test]
fn a_paste_in_digit_first_mode_loads_the_board() {
    let mut app = on_hard();
    app.keys("d5l");
    let easy = std::fs::read_to_string(asset("easy.txt")).unwrap();
    app.act(Action::Paste(easy.clone()));
    assert_eq!(
        app.doc.board,
        sudoku_engine::parse_puzzle(easy.as_bytes()).unwrap().board
    );
    assert_eq!(app.input, Input::CellFirst);
    assert_eq!(app.doc.entry_count(), 0, "nothing pasted was placed as a 5");
    // A paste that is no board changes nothing, digit first included.
    app.keys("d5");
    app.act(Action::Paste("5 5 5 hello".into()));
    assert!(app.is_error(), "{}", app.message());
    assert_eq!(app.input, Input::DigitFirst(digit(5)));
    assert_eq!(app.doc.entry_count(), 0);
}

#[test]
fn undo_and_redo_put_the_cursor_on_what_they_changed() {
    let mut app = on_hard();
    app.act(Action::Select(pos(6, 0)));
    app.keys("9");
    app.act(Action::Select(pos(2, 2)));
    app.keys("m1m");
    app.act(Action::Select(pos(8, 8)));
    app.keys("u");
    assert_eq!(app.cursor, pos(2, 2), "the marks undone");
    app.act(Action::Select(pos(8, 8)));
    app.keys("u");
    assert_eq!((app.cursor, app.doc.board.cell(pos(6, 0))), (pos(6, 0), Cell::Empty));
    app.act(Action::Select(pos(8, 8)));
    app.ctrl('r');
    assert_eq!(
        (app.cursor, app.doc.board.cell(pos(6, 0))),
        (pos(6, 0), Cell::Entry(digit(9)))
    );
    app.ctrl('y');
    assert_eq!(app.cursor, pos(2, 2));
    // A hint's step: its digit's cell, not the marks it took around it.
    let mut app = on_hard();
    app.keys("Mii");
    let step = app.hint.as_ref().unwrap().step.clone();
    let placed = step
        .placements
        .first()
        .expect("the first step of hard.txt places a digit")
        .pos;
    app.keys("i");
    assert_eq!(app.doc.board.cell(placed), Cell::Entry(step.placements[0].digit));
    app.act(Action::Select(pos(8, 8)));
    app.keys("u");
    assert_eq!(app.doc.board.cell(placed), Cell::Empty);
    assert_eq!(app.cursor, placed);
}

/// Issue 28, attack B (item 10b): a paste while paused was dropped without a word.
#[test]
fn a_paste_while_paused_is_said_and_leaves_the_board() {
    let mut app = on_hard();
    let board = app.doc.board.clone();
    app.keys("P");
    app.act(Action::Paste(".".repeat(81)));
    assert_eq!(app.overlay, Some(Overlay::Paused), "still paused");
    assert!(app.is_error(), "said as a complaint");
    assert!(
        app.message().contains("Paste ignored") && app.message().contains("paused"),
        "{}",
        app.message()
    );
    assert_eq!(app.doc.board, board);
    // Over the help too.
    app.keys("P?");
    app.act(Action::Paste(".".repeat(81)));
    assert!(app.message().contains("Paste ignored"), "{}", app.message());
    assert_eq!(app.doc.board, board);
}

#[test]
fn the_pause_hides_the_board_and_stops_the_clock() {
    let mut app = on_hard();
    app.settling = false;
    let mut now = Instant::now();
    app.tick(now);
    assert!(app.clock_runs());
    let start = app.play().elapsed;
    now += Duration::from_secs(10);
    app.tick(now);
    app.keys("P");
    assert_eq!(app.overlay, Some(Overlay::Paused));
    assert!(!app.clock_runs());
    // The pause is taken as it is pressed: the seconds up to it count, none after it.
    now += Duration::from_secs(2);
    app.tick(now);
    now += Duration::from_secs(600);
    app.tick(now);
    assert_eq!(app.play().elapsed - start, Duration::from_secs(12));
    // Keys do nothing to the hidden board; the help does not open over it.
    app.keys("l5?M");
    assert_eq!(app.overlay, Some(Overlay::Paused));
    assert_eq!(app.doc.entry_count(), 0);
    assert!(app.doc.marks.is_empty());
    assert_eq!(app.cursor, Pos::FIRST);
    // P goes on, the clock from then on.
    app.keys("P");
    assert_eq!(app.overlay, None);
    assert!(app.clock_runs());
    app.tick(now);
    now += Duration::from_secs(3);
    app.tick(now);
    assert_eq!(app.play().elapsed - start, Duration::from_secs(15));
    // Enter goes on too; q asks to quit (after a change: unsaved).
    app.keys("l5P");
    app.key(KeyCode::Enter);
    assert_eq!(app.overlay, None);
    app.keys("Pq");
    assert!(
        matches!(&app.overlay, Some(Overlay::Question(q)) if q.text.contains("Quit")),
        "{:?}",
        app.overlay
    );
}

/// Colours alone are unsaved work: a crash keeps them in the recovery file, and reopening it
/// brings them back, still unsaved.
#[test]
fn a_crash_keeps_the_colours() {
    let mut app = on_hard();
    app.keys("lbC");
    app.act(Action::Select(pos(1, 0)));
    app.keys("B2d");
    assert!(app.has_unsaved_work());
    let colours = app.doc.colours;
    app.keep();
    let state = app.into_state();
    let mut next = Bench::with_state(sudoku_workbench::app::Document::new_empty(), state);
    next.look_for_recovery();
    assert!(matches!(next.overlay, Some(Overlay::Recovery(_))), "{:?}", next.overlay);
    next.keys("y");
    assert_eq!(next.doc.colours, colours);
    assert_eq!(next.doc.colours.candidate(pos(1, 0), digit(2)), colour('d'));
    assert!(next.is_modified(), "recovered work is unsaved");
}
