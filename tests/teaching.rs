//! Step mode as a teaching tool (issue 12), key by key: the program beside the board and its
//! language, the jumps (a step typed, the start of a decision), breakpoints, the race, and
//! traces written and replayed.

mod common;

use common::workbench::{Bench, asset, pos};
use ratatui::crossterm::event::KeyCode;
use std::path::Path;
use sudoku_workbench::app::race::Standing;
use sudoku_workbench::app::stepper::Stop;
use sudoku_workbench::app::{Action, Mode};
use sudoku_workbench::sudoku::search::program::{Language, Program};
use sudoku_workbench::sudoku::{Board, Search, Step, Strategy, solve};
use sudoku_workbench::ui::keys;
use sudoku_workbench::ui::layout::ProgramPlace;
use sudoku_workbench::ui::program_place;

/// The screen drawn at `width`x`height`, as text.
fn screen_text(app: &mut Bench, width: u16, height: u16) -> String {
    app.update(Action::Resize(width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| sudoku_workbench::ui::draw(frame, app)).unwrap();
    terminal.backend().to_string()
}

fn board_of(name: &str) -> Board {
    std::fs::read_to_string(asset(name)).unwrap().parse().unwrap()
}

/// The first `n` steps of `strategy` on `board`, from a search of its own.
fn steps(board: &Board, strategy: Strategy, n: u64) -> Vec<Step> {
    Search::new(board, strategy).unwrap().take(n as usize).collect()
}

/// Types `text` into the step-mode prompt `key` opens, and confirms.
fn ask(app: &mut Bench, key: &str, text: &str) {
    app.keys(key);
    assert!(app.overlay.is_some(), "{key} opens a prompt");
    app.keys(text);
    app.key(KeyCode::Enter);
}

#[test]
fn c_shows_the_program_beside_the_board_or_on_a_screen_of_its_own() {
    let mut app = Bench::on_asset("hard.txt");
    app.act(Action::Resize(100, 30));
    app.keys("n");
    assert_eq!(
        program_place(&app),
        ProgramPlace::Beside,
        "on by default at 100 columns"
    );
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Beside);
    // Below 100 columns the board shows, and c swaps it for the program's own screen.
    app.act(Action::Resize(80, 24));
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::OwnScreen);
    assert!(app.message().contains("c: the board"), "{}", app.message());
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    // A word about c at one width is not kept across 100 columns, where c does another thing.
    app.keys("c");
    app.act(Action::Resize(120, 40));
    assert_eq!(app.message(), "", "the hint about c went with the width it was for");
}

/// The line of the program, in the language chosen, that the last step carried out.
fn line_now(app: &Bench) -> &'static str {
    let program = Program::of(app.stepper().strategy(), app.settings.language);
    program.lines[program.line_of(app.stepper().last().as_ref())].trim()
}

#[test]
fn l_writes_the_program_in_the_other_form_and_the_line_follows_each_step() {
    let mut app = Bench::on_asset("hard.txt");
    app.keys("n");
    assert_eq!(app.settings.language, Language::Cpp);
    assert_eq!(line_now(&app), "board[r][c] = d;");
    app.keys("l");
    assert_eq!(app.settings.language, Language::Python);
    assert_eq!(line_now(&app), "board[r][c] = d");
    // On to the first backtrack: the line of the undo; one step back, the line of the guess.
    app.keys("]");
    assert_eq!(line_now(&app), "board[r][c] = 0");
    app.keys("b");
    assert_eq!(line_now(&app), "board[r][c] = d");
}

#[test]
fn g_goes_back_to_a_step_at_once_and_forward_by_running_there() {
    let mut app = Bench::on_asset("hard.txt");
    let board = board_of("hard.txt");
    app.keys("n");
    ask(&mut app, "g", "5,000");
    assert_eq!(app.stepper().position(), 5000);
    assert_eq!(app.stepper().stopped(), Some(&Stop::Reached(5000)));
    let reference = steps(&board, Strategy::Naive, 5000);
    assert_eq!(app.stepper().last(), reference.last().copied());
    ask(&mut app, "g", "10");
    assert_eq!(app.stepper().position(), 10);
    assert_eq!(app.stepper().last(), Some(reference[9]));
    assert!(!app.stepper().is_running());
    // A word that is no number is refused and the prompt stays.
    ask(&mut app, "g", "ten");
    assert!(
        app.is_error() && app.message().contains("not a step number"),
        "{}",
        app.message()
    );
    assert!(app.overlay.is_some());
    // Corrected in the same prompt, the error goes.
    for _ in 0..3 {
        app.key(KeyCode::Backspace);
    }
    app.keys("20");
    app.key(KeyCode::Enter);
    assert_eq!(app.stepper().position(), 20);
    assert!(!app.is_error(), "{}", app.message());
    // A number too big for any search says so.
    ask(&mut app, "g", "99999999999999999999");
    assert!(
        app.message().contains("more steps than any search takes"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    assert!(app.overlay.is_none());
    ask(&mut app, "g", "10");
    assert_eq!(app.stepper().position(), 10);
    // Past the end of a short search: it runs to the end and shows the solution again.
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("n");
    ask(&mut app, "g", "100000");
    assert!(app.stepper().is_over(), "{:?}", app.stepper().last());
}

#[test]
fn d_goes_back_to_the_first_guess_of_the_decision_on_top_then_the_one_below() {
    let mut app = Bench::on_asset("hard.txt");
    let board = board_of("hard.txt");
    app.keys("n");
    ask(&mut app, "g", "5000");
    let depth = app.stepper().decisions().len();
    app.keys("d");
    let start = app.stepper().position();
    assert!(start < 5000);
    let reference = steps(&board, Strategy::Naive, 5000);
    let Step::Place {
        pos: cell,
        depth: d,
        forced: false,
        ..
    } = reference[start as usize - 1]
    else {
        panic!("a guess starts a decision: {:?}", reference[start as usize - 1]);
    };
    assert_eq!(d, depth, "the decision on top");
    // From there to step 5,000 the decision stays on the stack: no guess below it is taken back,
    // and every guess at its depth is at its cell.
    for step in &reference[start as usize..] {
        match *step {
            Step::Remove {
                depth: r,
                forced: false,
                ..
            } => assert!(r >= depth, "{step}"),
            Step::Place {
                pos: p,
                depth: r,
                forced: false,
                ..
            } if r == depth => assert_eq!(p, cell, "{step}"),
            _ => {}
        }
    }
    // Again: the start of the decision below.
    app.keys("d");
    let below = app.stepper().position();
    assert!(below < start);
    assert!(matches!(reference[below as usize - 1], Step::Place { depth: r, forced: false, .. } if r == depth - 1));
    assert!(
        app.message().contains("first guess of this decision"),
        "{}",
        app.message()
    );
}

#[test]
fn breakpoints_stop_a_run_when_a_cell_gets_a_digit_or_a_guess_reaches_a_depth() {
    let mut app = Bench::on_asset("hard.txt");
    app.keys("n");
    ask(&mut app, "x", "r9c9");
    assert!(app.message().contains("r9c9"), "{}", app.message());
    app.keys("e");
    let Some(Step::Place { pos: p, .. }) = app.stepper().last() else {
        panic!("{:?}", app.stepper().last())
    };
    assert_eq!(p, pos(8, 8));
    assert!(matches!(app.stepper().stopped(), Some(Stop::Breakpoint(what)) if what.starts_with("r9c9 got")));
    // r9c9 cleared, depth 20 set: the next run stops at a guess at depth 20.
    ask(&mut app, "x", "r9c9 20");
    assert_eq!(app.stepper().breakpoints().describe(), "depth 20");
    app.keys("b]");
    app.keys("e");
    assert!(
        matches!(
            app.stepper().last(),
            Some(Step::Place {
                depth: 20,
                forced: false,
                ..
            })
        ),
        "{:?}",
        app.stepper().last()
    );
    // A click on a cell sets a breakpoint there and a second clears it; an empty line clears all.
    app.act(Action::Select(pos(0, 1)));
    assert_eq!(app.stepper().breakpoints().describe(), "r1c2, depth 20");
    app.act(Action::Select(pos(0, 1)));
    assert_eq!(app.stepper().breakpoints().describe(), "depth 20");
    ask(&mut app, "x", "");
    assert!(app.stepper().breakpoints().is_empty());
    ask(&mut app, "x", "r0c0");
    assert!(
        app.is_error() && app.message().contains("neither a cell"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    // A given never gets a digit from the search: a breakpoint there would never stop a run.
    ask(&mut app, "x", "r1c1");
    assert!(
        app.message().contains("r1c1 holds 4 from the start"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    app.act(Action::Select(pos(0, 0)));
    assert!(
        app.is_error() && app.message().contains("no breakpoint"),
        "{}",
        app.message()
    );
    assert!(app.stepper().breakpoints().is_empty());
}

#[test]
fn the_race_runs_every_strategy_to_what_solving_finds_and_esc_comes_back() {
    let mut app = Bench::on_asset("hardest.sdk");
    let board = board_of("hardest.sdk");
    app.keys("nnnnn");
    app.keys("r");
    let Mode::Race(race, _) = &app.mode else {
        panic!("the race")
    };
    assert_eq!(race.racers.len(), Strategy::ALL.len());
    app.keys("n");
    let Mode::Race(race, _) = &app.mode else { panic!() };
    assert!(race.racers.iter().all(|(_, r)| r.steps == 1));
    app.keys("e");
    let Mode::Race(race, _) = &app.mode else { panic!() };
    for (strategy, racer) in &race.racers {
        let solved = solve(&board, *strategy).unwrap();
        assert_eq!(racer.counters(), solved.counters, "{strategy}");
        assert!(matches!(racer.standing, Standing::Solved(_)));
    }
    app.key(KeyCode::Esc);
    assert_eq!(app.stepper().position(), 5, "step mode as it was");
}

/// A copy of the shipped `name` in a directory of its own, for files written beside it.
fn copy_of(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::copy(asset(name), &path).unwrap();
    (dir, path)
}

fn trace_in(dir: &Path) -> std::path::PathBuf {
    dir.join("hardest.naive.trace.jsonl")
}

/// A workbench on a copy of `hardest.sdk` that stepped `steps` steps and wrote them with `w`
/// (the trace is [`trace_in`] the directory).
fn exported(steps: &str) -> (tempfile::TempDir, Bench) {
    let (dir, path) = copy_of("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.keys("n");
    ask(&mut app, "g", steps);
    app.keys("w");
    app.wait_for_background();
    (dir, app)
}

#[test]
fn w_writes_the_search_as_a_trace_that_opens_to_replay_to_its_end() {
    let (dir, app) = exported("300");
    assert!(
        app.message().contains("Trace of 300 steps written"),
        "{}",
        app.message()
    );
    let trace = trace_in(dir.path());
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(text.lines().count(), 301, "the header and 300 steps");
    // Opened, it loads the puzzle and replays in step mode; a run stops at its last step.
    let mut replay = Bench::on_file(&trace, None);
    assert_eq!(replay.doc.board, board_of("hardest.sdk"));
    assert!(replay.stepper().replay().is_some());
    assert_eq!(replay.stepper().position(), 0);
    replay.keys("e");
    assert_eq!(replay.stepper().position(), 300);
    assert_eq!(replay.stepper().stopped(), Some(&Stop::TraceEnd(300, false)));
    assert!(
        !replay.is_modified() && !replay.has_unsaved_work(),
        "the trace holds the puzzle"
    );
    // On past the trace's end, the panel says the steps are no longer checked.
    replay.keys("n");
    assert_eq!(replay.stepper().position(), 301);
    let screen = screen_text(&mut replay, 80, 24);
    assert!(screen.contains("past the trace's 300 steps"), "{screen}");
    // w with no path of its own: saving asks where, never over the trace.
    replay.key(KeyCode::Esc);
    replay.keys("w");
    assert!(replay.overlay.is_some(), "a path is asked for");
}

#[test]
fn a_trace_edited_by_hand_stops_at_the_first_step_that_differs() {
    let (dir, mut app) = exported("300");
    let trace = trace_in(dir.path());
    let text = std::fs::read_to_string(&trace).unwrap();
    // Step 120 is made to say the digit was forced.
    let edited: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with("{\"step\":120,") {
                l.replace("\"forced\":false", "\"forced\":true")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&trace, edited.join("\n")).unwrap();
    let mut replay = Bench::on_file(&trace, None);
    replay.keys("e");
    assert_eq!(replay.stepper().position(), 120);
    assert!(
        matches!(replay.stepper().stopped(), Some(Stop::Differs { step: 120, .. })),
        "{:?}",
        replay.stepper().stopped()
    );
    // A trace of another version is refused by line and column; the board on screen stays.
    std::fs::write(&trace, text.replacen("\"version\":1", "\"version\":9", 1)).unwrap();
    let before = app.doc.board.clone();
    app.key(KeyCode::Esc);
    app.open_path(&trace, None);
    app.run_effects();
    assert!(app.is_error(), "{}", app.message());
    assert!(app.message().contains("line 1, column"), "{}", app.message());
    assert!(app.message().contains("version 9"), "{}", app.message());
    assert_eq!(app.doc.board, before);
}

#[test]
fn traces_that_are_fifos_devices_or_endless_are_refused_without_blocking() {
    let mut app = Bench::on_asset("hard.txt");
    let before = app.doc.board.clone();
    app.open_path(Path::new("/dev/zero"), None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("not a regular file"),
        "{}",
        app.message()
    );
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("trace.jsonl");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    app.open_path(&fifo, None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("not a regular file"),
        "{}",
        app.message()
    );
    assert!(
        app.message().starts_with("Cannot open"),
        "told as any file: {}",
        app.message()
    );
    // A header and then one line that never ends: refused as no trace line, not read forever.
    let long = dir.path().join("long.jsonl");
    let header = sudoku_workbench::sudoku::search::trace::header(&board_of("hard.txt"), Strategy::Naive);
    std::fs::write(&long, format!("{header}\n{}", "{".repeat(100_000))).unwrap();
    app.open_path(&long, None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("line 2 is longer"),
        "{}",
        app.message()
    );
    assert_eq!(app.doc.board, before);
}

#[test]
fn e_again_after_a_solution_searches_on_and_finds_the_next() {
    // The empty board has many solutions: the second comes after backtracking from the first.
    let mut app = Bench::new(sudoku_workbench::app::Document::new_empty());
    app.keys("ne");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let first = app.stepper().board();
    app.keys("e");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let second = app.stepper().board();
    assert!(first.is_solved() && second.is_solved() && first != second);
    assert_eq!(app.stepper().solutions().len(), 2);
    assert!(app.stepper().counters().backtracks > 0);
}

#[test]
fn esc_stops_a_long_jump_and_keeps_step_mode() {
    let mut app = Bench::on_asset("anti-naive.txt");
    app.keys("n");
    app.settling = false;
    ask(&mut app, "g", "100000000");
    assert!(app.stepper().is_running());
    app.tick(std::time::Instant::now());
    app.key(KeyCode::Esc);
    assert!(!app.stepper().is_running(), "Esc stops the run");
    let at = app.stepper().position();
    assert!(at > 1 && at < 100_000_000, "{at}");
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit), "a second Esc leaves");
}

#[test]
fn the_browser_previews_a_trace_and_enter_replays_it() {
    use sudoku_workbench::app::browser::{Entry, Preview};
    let (dir, mut app) = exported("40");
    app.key(KeyCode::Esc);
    app.keys("o");
    for _ in 0..20 {
        if matches!(app.browser().current(), Some(Entry::File(n, ..)) if n.ends_with(".jsonl")) {
            break;
        }
        app.key(KeyCode::Down);
    }
    app.wait_for_background();
    match &app.browser().preview {
        Preview::Puzzle { board, about, .. } => {
            assert_eq!(*board, board_of("hardest.sdk"));
            assert!(
                about.iter().any(|a| a.contains("a trace of the search with naive")),
                "{about:?}"
            );
        }
        other => panic!("a trace's preview: {other:?}"),
    }
    app.key(KeyCode::Enter);
    assert!(app.stepper().replay().is_some(), "Enter replays it");
    app.keys("e");
    assert_eq!(app.stepper().stopped(), Some(&Stop::TraceEnd(40, false)));
    drop(dir);
}

/// Issue 28 item 8: a file opens on a thread of its own. While it is read the screen says which
/// file and how far it got, and the keys are answered: Esc gives the read up and the board stays
/// as it was; the answer of the read given up, when it comes, is dropped.
#[test]
fn a_trace_is_read_in_the_background_and_esc_gives_it_up() {
    let (dir, mut app) = exported("300");
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    let (board, name) = (app.doc.board.clone(), app.doc.name());
    app.reads_waited = false;
    app.open_path(&trace_in(dir.path()), None);
    app.run_effects();
    assert!(app.reading.is_some(), "read in the background");
    assert_eq!(keys::context(&app), keys::Context::Reading);
    let screen = screen_text(&mut app, 100, 30);
    for text in [
        "Opening",
        "hardest.naive.trace.jsonl",
        "Esc stops: the board stays as it is",
    ] {
        assert!(screen.contains(text), "{text}: {screen}");
    }
    // Keys other than Esc wait for the read (and go with it when Esc gives it up).
    app.keys("n5");
    app.act(Action::Paste(board_of("easy.txt").to_string()));
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc.board, board);
    assert!(app.reading.is_some());
    app.key(KeyCode::Esc);
    assert!(app.reading.is_none());
    assert_eq!(
        app.message(),
        "Stopped reading hardest.naive.trace.jsonl: the board is as it was"
    );
    // The read's answer comes, and is dropped.
    while app.runtime.is_reading() {
        for answer in app.runtime.poll() {
            app.act(answer);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(matches!(app.mode, Mode::Edit) && app.overlay.is_none());
    assert_eq!((app.doc.board.clone(), app.doc.name()), (board, name));
    // Opened again and waited for, it replays.
    app.reads_waited = true;
    app.open_path(&trace_in(dir.path()), None);
    app.run_effects();
    assert_eq!(app.stepper().replay().map(|r| r.steps.len()), Some(300));
}

/// Keys typed while a file is read are kept for when it is done, as they were when the program
/// made them wait: the cursor moved and a digit typed land on the puzzle read.
#[test]
fn keys_typed_while_a_file_is_read_go_to_the_puzzle_read() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.reads_waited = false;
    app.open_path(&asset("easy.txt"), None);
    app.run_effects();
    assert!(app.reading.is_some());
    let easy = board_of("easy.txt");
    let blank = (0..81)
        .map(|i| sudoku_workbench::sudoku::Pos::new(i).unwrap())
        .find(|&p| easy.cell(p) == sudoku_workbench::sudoku::Cell::Empty)
        .unwrap();
    app.act(Action::Select(blank));
    app.keys("7");
    assert_eq!(
        app.doc.board,
        board_of("hardest.sdk"),
        "nothing happens before the read is done"
    );
    app.wait_for_read();
    assert_eq!(app.doc.board.givens_only(), easy);
    assert_eq!(app.cursor, blank);
    assert_eq!(
        app.doc.board.cell(blank),
        sudoku_workbench::sudoku::Cell::Entry(sudoku_workbench::sudoku::Digit::new(7).unwrap())
    );
}
