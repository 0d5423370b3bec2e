//! Hints that teach and the check, driven through the real key table: a hint in three presses
//! (where, why, do it), reasoning from the player's marks, refusing to reason from a mistake,
//! and a check that finds and counts mistakes without changing anything.

use crate::common;

use common::workbench::{Bench, digit, pos};
use sudoku_engine::{Cell, Pos};
use sudoku_workbench::app::hint::{HintStage, solution_of};

#[test]
fn a_hint_names_the_place_then_shows_why_then_does_it() {
    let mut app = Bench::on_asset("easy.txt");
    let before = app.doc.board.clone();
    app.keys("i");
    let hint = app.hint.clone().expect("a hint");
    assert_eq!(hint.stage, HintStage::Where);
    assert!(!hint.area().is_empty());
    assert!(
        app.message().starts_with(&format!("Hint: {}", hint.step.technique)),
        "{}",
        app.message()
    );
    assert_eq!(app.doc.board, before, "nothing changes yet");
    assert_eq!(app.play().hints, 1);
    app.keys("i");
    assert_eq!(app.hint.as_ref().map(|h| h.stage), Some(HintStage::Why));
    assert_eq!(app.doc.board, before);
    app.keys("i");
    assert!(app.hint.is_none());
    let placed = &hint.step.placements[0];
    assert_eq!(app.doc.board.cell(placed.pos), Cell::Entry(placed.digit));
    let solution = solution_of(&before).unwrap();
    assert_eq!(solution.digit(placed.pos), Some(placed.digit), "the hint is right");
    assert_eq!(app.play().hints, 1, "one hint, three presses");
    app.keys("u");
    assert_eq!(app.doc.board, before, "one undo takes it back");
}

#[test]
fn hints_alone_solve_a_puzzle_and_apply_eliminations_to_the_marks() {
    let mut app = Bench::on_asset("hard.txt");
    let solution = solution_of(&app.doc.board).unwrap();
    let mut eliminations = 0;
    for _ in 0..400 {
        if app.doc.board.is_solved() {
            break;
        }
        app.keys("ii");
        let Some(hint) = app.hint.clone() else {
            panic!("no hint before the end: {}", app.message())
        };
        app.keys("i");
        for c in &hint.step.eliminations {
            assert_ne!(solution.digit(c.pos), Some(c.digit), "{}", hint.step.line());
            assert!(!app.doc.marks.get(c.pos).contains(c.digit), "{} gone", c.pos);
            eliminations += 1;
        }
        if !hint.step.eliminations.is_empty() {
            // The player had no marks: the hint filled them from the candidates it used.
            let empty = Pos::all().filter(|p| app.doc.board.digit(*p).is_none());
            for p in empty {
                assert!(!app.doc.marks.get(p).is_empty(), "{p} has marks");
            }
        }
    }
    assert!(app.doc.board.is_solved(), "{}", app.message());
    assert!(app.doc.board.is_solved_by(&solution));
    assert!(eliminations > 0, "this puzzle needs locked candidates");
    assert!(app.play().hints > 50);
}

#[test]
fn a_hint_reasons_from_the_players_marks() {
    let mut app = Bench::on_asset("easy.txt");
    app.keys("M");
    app.keys("i");
    let hint = app.hint.clone().expect("a hint");
    assert!(hint.from_marks);
    // Marks that are the board's own candidates add nothing the step could rest on.
    assert!(!hint.rests_on_marks);
    assert!(!app.message().contains("from your marks"), "{}", app.message());
    // With every cell marked, the easiest step a person sees in their marks is a naked or
    // hidden single like any other; it is still a correct one.
    assert!(hint.step.technique.places() || !hint.step.eliminations.is_empty());
}

#[test]
fn a_hint_points_at_a_mistake_instead_of_reasoning_from_it() {
    let mut app = Bench::on_asset("easy.txt");
    let solution = solution_of(&app.doc.board).unwrap();
    // r1c1: a digit that is possible there but is not the solution's.
    let wrong = app
        .doc
        .board
        .candidates(pos(0, 0))
        .iter()
        .find(|d| Some(*d) != solution.digit(pos(0, 0)))
        .unwrap();
    app.keys(&wrong.to_string());
    app.keys("i");
    assert!(app.hint.is_none());
    assert!(app.is_error());
    assert!(
        app.message()
            .contains(&format!("r1c1 = {wrong} contradicts the solution")),
        "{}",
        app.message()
    );
    assert_eq!(app.mistakes.as_ref().map(|m| m.count()), Some(1));
    assert_eq!(app.play().hints, 0, "no hint given");
    // A mark that leaves out the digit is a mistake too.
    app.keys("0m");
    let right = solution.digit(pos(0, 0)).unwrap();
    let other = wrong.to_string();
    app.keys(&other);
    assert!(!app.doc.marks.get(pos(0, 0)).contains(right));
    app.keys("i");
    assert!(
        app.message().contains("marks of r1c1 leave out its digit"),
        "{}",
        app.message()
    );
}

#[test]
fn no_hint_without_one_solution() {
    let mut app = Bench::on_asset("several-solutions.txt");
    app.keys("i");
    assert!(
        app.is_error() && app.message().contains("several solutions"),
        "{}",
        app.message()
    );
    assert!(app.hint.is_none());
}

#[test]
fn an_edit_drops_the_hint() {
    let mut app = Bench::on_asset("easy.txt");
    app.keys("i");
    assert!(app.hint.is_some());
    app.keys("lm5");
    assert!(app.hint.is_none(), "the hint was about the board before");
}

#[test]
fn the_check_counts_mistakes_and_changes_nothing() {
    let mut app = Bench::on_asset("easy.txt");
    let solution = solution_of(&app.doc.board).unwrap();
    app.keys("!");
    assert!(!app.is_error());
    assert!(
        app.message().contains("no mistake so far; 49 cells to go"),
        "{}",
        app.message()
    );
    // One right entry, one wrong entry, one wrong set of marks.
    let right = solution.digit(pos(0, 0)).unwrap();
    app.keys(&right.to_string());
    app.keys("l");
    let wrong = (1..=9)
        .map(digit)
        .find(|d| Some(*d) != solution.digit(pos(0, 1)))
        .unwrap();
    app.keys(&wrong.to_string());
    app.keys("ll");
    assert_eq!(app.cursor, pos(0, 3));
    let not_it = (1..=9)
        .map(digit)
        .find(|d| Some(*d) != solution.digit(pos(0, 3)))
        .unwrap();
    app.keys(&format!("m{not_it}m"));
    let board = app.doc.board.clone();
    let marks = app.doc.marks;
    app.keys("!");
    let mistakes = app.mistakes.clone().expect("mistakes");
    assert_eq!(mistakes.digits.iter().collect::<Vec<_>>(), [pos(0, 1)]);
    assert_eq!(mistakes.marks.iter().collect::<Vec<_>>(), [pos(0, 3)]);
    assert!(
        app.message().contains("1 wrong digit and 1 cell whose marks"),
        "{}",
        app.message()
    );
    assert_eq!(
        (app.doc.board.clone(), app.doc.marks),
        (board, marks),
        "a check changes nothing"
    );
    assert_eq!(app.play().checks, 2);
    // Any change clears the highlighting.
    app.keys("hh0");
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Empty);
    assert!(app.mistakes.is_none());
}

#[test]
fn the_live_solutions_line_is_hidden_while_solving_until_asked() {
    let mut app = Bench::on_asset("easy.txt");
    assert!(!app.settings.show_solutions, "hidden at first");
    app.keys("L");
    assert!(app.settings.show_solutions);
    app.keys("L");
    assert!(!app.settings.show_solutions);
}

#[test]
fn the_hardest_puzzle_gets_a_dynamic_forcing_chain_as_its_hint() {
    // Inkala's 2012 puzzle opens with SE's Dynamic Forcing Chains (+), found within the time a
    // hint may search: it removes 3 from r1c4 and changes nothing before the second `i`.
    let mut app = Bench::on_asset("hardest.sdk");
    let before = app.doc.board.clone();
    app.keys("i");
    let hint = app.hint.as_ref().expect("a hint");
    assert_eq!(hint.step.technique.name(), "Dynamic Forcing Chain (+)");
    assert_eq!(hint.step.eliminations.len(), 1, "{}", hint.step.line());
    assert!(app.message().contains("Dynamic Forcing Chain (+)"), "{}", app.message());
    assert_eq!(app.doc.board, before);
}

#[test]
fn no_hint_or_count_from_a_board_with_a_conflict_or_a_huge_record() {
    let mut app = Bench::on_asset("easy.txt");
    // r1c1 = 3 repeats the given 3 in r1c3.
    app.keys("3");
    app.keys("i");
    assert!(
        app.is_error() && app.message().contains("conflict"),
        "{}",
        app.message()
    );
    assert!(app.hint.is_none());
    // Counts at their limit stay there.
    app.keys("0");
    app.doc.play.hints = u32::MAX;
    app.keys("i");
    assert_eq!(app.play().hints, u32::MAX);
}

#[test]
fn a_hint_done_keeps_the_players_marks_and_takes_only_its_removals() {
    let mut app = Bench::on_asset("hard.txt");
    // Singles first, until the step is the locked candidates.
    let hint = loop {
        app.keys("i");
        let hint = app.hint.clone().expect("a hint");
        if !hint.step.eliminations.is_empty() {
            break hint;
        }
        app.keys("ii");
    };
    // Mark one removal's cell by hand with its candidates, and one far cell with a mark the
    // board already rules out there (the player's own business).
    let removal = hint.step.eliminations[0];
    let own = app.doc.board.candidates(removal.pos);
    app.act(sudoku_workbench::app::Action::Select(removal.pos));
    app.keys("m");
    for d in own.iter() {
        app.keys(&d.to_string());
    }
    app.keys("m");
    let far = Pos::all()
        .find(|p| app.doc.board.digit(*p).is_none() && *p != removal.pos && !app.doc.board.candidates(*p).is_empty())
        .unwrap();
    app.act(sudoku_workbench::app::Action::Select(far));
    let ruled_out = (1..=9)
        .map(digit)
        .find(|d| !app.doc.board.candidates(far).contains(*d))
        .expect("some digit is ruled out");
    // Its possible digits (the solution's among them), and the ruled-out one.
    let mut keys = String::from("m");
    for d in app.doc.board.candidates(far).iter() {
        keys.push_str(&d.to_string());
    }
    keys.push_str(&format!("{ruled_out}m"));
    app.keys(&keys);
    let far_marks = app.doc.marks.get(far);
    // The same hint, from the player's marks now, done.
    app.keys("iii");
    assert!(
        app.message().starts_with("Done: Locked Candidates"),
        "{}",
        app.message()
    );
    let mut expected = own;
    expected.remove(removal.digit);
    assert_eq!(app.doc.marks.get(removal.pos), expected);
    assert_eq!(
        app.doc.marks.get(far),
        far_marks,
        "a mark elsewhere stays as the player made it"
    );
}

/// The text of the screen right of the board (the panel and the message under it) at
/// `width`x`height`, its rows joined by blanks and runs of blanks made one: what the panel
/// says, however it wrapped.
fn panel_text(app: &mut Bench, width: u16, height: u16) -> String {
    app.update(sudoku_workbench::app::Action::Resize(width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| sudoku_workbench::ui::draw(frame, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for row in 1..height - 1 {
        for col in 38..width {
            text.push_str(buffer[(col, row)].symbol());
        }
        text.push(' ');
    }
    one_line(&text)
}

/// `text` with its runs of blanks made one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Item 18: at 80x24 every stage of every hint is on screen in full, along whole solves by
/// hints of puzzles whose hints run long (a chain of fourteen links, forcing chains): the
/// technique and where to look, then the whole step.
#[test]
fn every_stage_of_a_hint_is_read_in_full_at_80x24() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/long-hints.txt");
    let mut longest = 0;
    for index in 0..3 {
        let mut app = Bench::on_file(&path, Some(index));
        assert!(app.message.is_none(), "{}", app.message());
        for _ in 0..200 {
            if app.doc.board.is_solved() {
                break;
            }
            app.keys("i");
            let hint = app
                .hint
                .clone()
                .unwrap_or_else(|| panic!("puzzle {index}: {}", app.message()));
            let screen = panel_text(&mut app, 80, 24);
            // Where to look, in people's words: "row 1, column 8 and box 6".
            let message = app.message();
            assert!(message.matches(" and ").count() <= 1, "{message}");
            let place = format!("{} in the shaded cells (i: why)", hint.step.technique);
            assert!(screen.contains(&place), "{place}\n{screen}");
            assert!(
                screen.contains(&one_line(&app.message())),
                "{}\n{screen}",
                app.message()
            );
            app.keys("i");
            let screen = panel_text(&mut app, 80, 24);
            let why = format!("{} (i: do it)", hint.step.line());
            assert!(screen.contains(&one_line(&why)), "{why}\n{screen}");
            assert!(
                screen.contains(&one_line(&app.message())),
                "{}\n{screen}",
                app.message()
            );
            longest = longest.max(why.len());
            app.keys("i");
        }
        assert!(app.doc.board.is_solved(), "puzzle {index}: {}", app.message());
    }
    assert!(longest > 200, "the hints were long: {longest} characters at most");
}

/// Item 19: "(from your marks)" only when the step rests on the player's marks. A digit with two
/// places in a unit, taken by hand from the wrong one: the hidden single that makes is from
/// their marks; a step the board's own candidates show is not, marks or no marks.
#[test]
fn a_hint_is_from_your_marks_only_when_it_rests_on_them() {
    use sudoku_engine::logic::{Grid, Rules, next_deduction};
    use sudoku_engine::{Digit, Unit};
    let board = Bench::on_asset("hard.txt").doc.board.clone();
    let solution = solution_of(&board).unwrap();
    let on_board = next_deduction(&Grid::new(&board), Rules { unique: true }).unwrap();
    let (mut resting, mut not_resting) = (0, 0);
    for unit in Unit::all() {
        for d in Digit::all() {
            let places: Vec<Pos> = unit
                .cells()
                .into_iter()
                .filter(|&p| board.digit(p).is_none() && board.candidates(p).contains(d))
                .collect();
            let [a, b] = places[..] else { continue };
            let (right, wrong) = if solution.digit(a) == Some(d) { (a, b) } else { (b, a) };
            // The wrong place marked by hand with its candidates but d.
            let mut app = Bench::on_asset("hard.txt");
            app.act(sudoku_workbench::app::Action::Select(wrong));
            app.keys("m");
            for other in board.candidates(wrong).iter().filter(|&o| o != d) {
                app.keys(&other.to_string());
            }
            app.keys("m");
            app.keys("i");
            let hint = app.hint.clone().expect("a hint");
            let said = app.message().contains("(from your marks)");
            assert!(hint.from_marks, "the player has marks");
            if hint.step.units == [unit] && hint.step.placements.iter().any(|c| c.pos == right && c.digit == d) {
                assert!(said && hint.rests_on_marks, "{unit} {d}: {}", app.message());
                resting += 1;
            } else if hint.step == on_board {
                assert!(!said && !hint.rests_on_marks, "{unit} {d}: {}", app.message());
                not_resting += 1;
            }
        }
    }
    assert!(
        resting > 0 && not_resting > 0,
        "{resting} from marks, {not_resting} not"
    );
}
