//! The record of games: which games end and how (solved by hand, given up), each recorded
//! once; the file as the runtime appends to it, killed at any moment and by two at once; the
//! statistics screen (its keys, its look and the styles that mean something); printing the
//! puzzle from the workbench.

use crate::common;

use common::workbench::{Bench, asset};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_engine::Pos;
use sudoku_workbench::app::games::{Game, Outcome, Record, parse_line};
use sudoku_workbench::app::hint::solution_of;
use sudoku_workbench::app::{Action, Overlay};
use sudoku_workbench::runtime::games;
use sudoku_workbench::ui;

/// The workbench on the shipped `name`, keeping its record of games in `dir`.
fn bench_on(name: &str, dir: &Path) -> Bench {
    let mut bench = Bench::on_asset(name);
    bench.runtime.games = Some(dir.join("games"));
    bench
}

fn recorded(dir: &Path) -> Record {
    games::read(&dir.join("games")).unwrap()
}

/// Types the solution into every empty cell.
fn solve_by_hand(app: &mut Bench) {
    let solution = solution_of(&app.doc.board).unwrap();
    let empty: Vec<Pos> = Pos::all().filter(|p| app.doc.board.digit(*p).is_none()).collect();
    for p in empty {
        app.act(Action::Select(p));
        app.keys(&solution.digit(p).unwrap().to_string());
    }
}

/// An empty cell of the board.
fn first_empty(app: &Bench) -> Pos {
    Pos::all().find(|p| app.doc.board.digit(*p).is_none()).unwrap()
}

#[test]
fn a_game_solved_by_hand_is_recorded_once_with_its_help() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.keys("!ii");
    app.key(KeyCode::Esc);
    solve_by_hand(&mut app);
    assert_eq!(app.overlay, Some(Overlay::Solved));
    let record = recorded(dir.path());
    assert_eq!(record.games.len(), 1, "{record:?}");
    let game = &record.games[0];
    assert_eq!(game.outcome, Outcome::Solved);
    assert_eq!((game.hints, game.checks), (1, 1));
    assert_eq!(game.puzzle, app.doc.board.givens_only());
    assert!(
        game.level.is_some() && game.rating.is_some(),
        "rated by the runtime: {game:?}"
    );
    // Undo the last digit and write it again: the same game, not a second one.
    app.key(KeyCode::Enter);
    let last = app.cursor;
    app.keys("u");
    assert!(app.doc.board.digit(last).is_none());
    let d = solution_of(&app.doc.board).unwrap().digit(last).unwrap();
    app.keys(&d.to_string());
    assert_eq!(app.overlay, Some(Overlay::Solved));
    // Nor does leaving it (a solved game is not given up).
    app.key(KeyCode::Enter);
    app.keys("qy");
    assert!(app.should_quit());
    assert_eq!(recorded(dir.path()).games.len(), 1);
}

#[test]
fn a_started_game_left_unsaved_or_given_to_the_solver_is_given_up() {
    let dir = tempfile::tempdir().unwrap();
    // The solver finishing a begun game.
    let mut app = bench_on("collection.sdm", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("i");
    app.key(KeyCode::Esc);
    app.keys("s");
    assert!(app.doc.board.is_solved());
    // Another puzzle over an unsolved, started game: `]`, yes.
    app.keys("]y");
    let p = first_empty(&app);
    app.act(Action::Select(p));
    app.keys("1");
    app.keys("]y");
    // A quit without saving.
    app.act(Action::Select(first_empty(&app)));
    app.keys("m5");
    app.keys("qy");
    assert!(app.should_quit());
    let record = recorded(dir.path());
    let outcomes: Vec<Outcome> = record.games.iter().map(|g| g.outcome).collect();
    assert_eq!(outcomes, [Outcome::GaveUp; 3], "{record:?}");
    assert_eq!(record.games[0].hints, 1);
    assert_ne!(record.games[0].puzzle, record.games[1].puzzle);
}

#[test]
fn a_game_not_begun_or_kept_to_go_on_with_is_no_game_given_up() {
    let dir = tempfile::tempdir().unwrap();
    // Looked at only, then solved by the solver and left.
    let mut app = bench_on("collection.sdm", dir.path());
    app.keys("s");
    app.keys("]y");
    // Saved, then left: it is in its file to go on with.
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("easy.txt");
    std::fs::copy(asset("easy.txt"), &file).unwrap();
    let mut saved = Bench::on_file(&file, None);
    saved.runtime.games = Some(dir.path().join("games"));
    saved.act(Action::Select(first_empty(&saved)));
    saved.keys("1w");
    saved.key(KeyCode::Enter);
    assert!(!saved.is_modified(), "{:?}", saved.message);
    saved.keys("q");
    assert!(saved.should_quit());
    // Ctrl-C keeps the work for the next start: nothing ends.
    let mut kept = bench_on("easy.txt", dir.path());
    kept.act(Action::Select(first_empty(&kept)));
    kept.keys("1");
    kept.ctrl('c');
    assert!(kept.should_quit());
    assert_eq!(recorded(dir.path()), Record::default());
}

/// Issue 28, attack B (item 3): a quit less than 30 s after a paste keeps the work for the next
/// start (the paste may have typed it), yet recorded the game given up, and again when the work
/// kept was left later: twice.
#[test]
fn a_quit_near_a_paste_keeps_the_game_going() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.act(Action::PasteNear(true));
    app.keys("qy");
    assert!(app.should_quit());
    assert_eq!(recorded(dir.path()), Record::default(), "nothing ended");
    // Without a paste near, the same quit gives the game up, once.
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.keys("qy");
    assert_eq!(recorded(dir.path()).games.len(), 1);
}

/// Attack C of issue 28 (item 3): a game replaced by another document was recorded given up at
/// once, though the load is undone with `u`; a game brought back and solved then stayed "given
/// up". Now a replaced game is set aside, given up only when the workbench quits without it.
#[test]
fn a_replaced_game_undone_back_and_solved_is_recorded_solved_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    let solution = solution_of(&app.doc.board).unwrap();
    let d = solution.digit(app.cursor).unwrap();
    app.keys(&d.to_string());
    app.act(Action::Paste(std::fs::read_to_string(asset("hard.txt")).unwrap()));
    app.keys("y");
    assert_eq!(app.doc.source.origin, sudoku_workbench::app::Origin::Pasted);
    assert_eq!(
        recorded(dir.path()),
        Record::default(),
        "nothing recorded yet: undo may bring it back"
    );
    app.keys("u");
    solve_by_hand(&mut app);
    assert_eq!(app.overlay, Some(Overlay::Solved));
    app.key(KeyCode::Enter);
    app.keys("qy");
    let outcomes: Vec<Outcome> = recorded(dir.path()).games.iter().map(|g| g.outcome).collect();
    assert_eq!(outcomes, [Outcome::Solved], "one game, solved");
    // Replaced and not brought back: given up when the workbench quits, Ctrl-C too.
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.keys("C");
    app.keys("y");
    assert_eq!(recorded(dir.path()), Record::default());
    app.ctrl('c');
    assert!(app.should_quit());
    let outcomes: Vec<Outcome> = recorded(dir.path()).games.iter().map(|g| g.outcome).collect();
    assert_eq!(outcomes, [Outcome::GaveUp]);
    // Replaced near a paste (its keys may have done it: the work at the paste is kept apart),
    // nothing is said given up.
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.act(Action::PasteNear(true));
    app.keys("Cy");
    app.keys("qy");
    assert!(app.should_quit());
    assert_eq!(recorded(dir.path()), Record::default());
    // Attack E: replaced before a paste, it is given up at a quit near the paste all the same
    // (it was in no record and no file).
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.keys("Cy");
    app.act(Action::PasteNear(true));
    app.keys("qy");
    assert!(app.should_quit());
    let outcomes: Vec<Outcome> = recorded(dir.path()).games.iter().map(|g| g.outcome).collect();
    assert_eq!(outcomes, [Outcome::GaveUp]);
}

/// Attack D of issue 28: a redo that takes a game off the board again sets it aside again
/// (it was never recorded); two games of one puzzle are told apart by their play (bringing one
/// back took both off the list).
#[test]
fn undo_and_redo_of_a_replacement_keep_the_record_true() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    app.act(Action::Select(first_empty(&app)));
    app.keys("4");
    app.keys("Cy");
    app.keys("u");
    app.ctrl('r');
    assert_eq!(app.doc.board, sudoku_engine::Board::empty());
    app.keys("q");
    if !app.should_quit() {
        app.keys("y");
    }
    let outcomes: Vec<Outcome> = recorded(dir.path()).games.iter().map(|g| g.outcome).collect();
    assert_eq!(
        outcomes,
        [Outcome::GaveUp],
        "the game taken off by the redo is given up"
    );
    // A collection of one puzzle twice: game 1, `]`, game 2, `[` (a fresh game 1), and undo
    // brings game 2 back; the same help asked in both.
    let dir = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let twice = folder.path().join("twice.txt");
    let line = std::fs::read_to_string(asset("easy.txt")).unwrap();
    let puzzle: sudoku_engine::Board = line.parse().unwrap();
    std::fs::write(&twice, format!("{puzzle}\n{puzzle}\n")).unwrap();
    let mut app = Bench::on_file(&twice, Some(0));
    app.runtime.games = Some(dir.path().join("games"));
    app.act(Action::Select(first_empty(&app)));
    app.keys("1");
    app.keys("]y");
    app.act(Action::Select(first_empty(&app)));
    app.keys("2");
    app.keys("[y");
    app.keys("u");
    assert_eq!(
        app.doc.source.collection.as_ref().map(|c| c.index),
        Some(1),
        "game 2 is back"
    );
    app.keys("qy");
    let games = recorded(dir.path()).games;
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games.iter().all(|g| g.outcome == Outcome::GaveUp));
}

#[test]
fn a_record_that_cannot_be_written_is_said_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = Bench::on_asset("easy.txt");
    // A folder where the file should be.
    std::fs::create_dir(dir.path().join("games")).unwrap();
    app.runtime.games = Some(dir.path().join("games"));
    solve_by_hand(&mut app);
    assert_eq!(app.overlay, Some(Overlay::Solved));
    let message = app.message.clone().unwrap();
    assert!(message.is_error);
    assert_eq!(
        message.text,
        "The game could not be added to the record of games: it is a directory, not a regular file"
    );
    assert_eq!(
        app.runtime.record_failure.as_deref(),
        Some("it is a directory, not a regular file")
    );
}

#[test]
fn s_shows_the_statistics_and_the_arrows_choose_the_level_charted() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = bench_on("easy.txt", dir.path());
    solve_by_hand(&mut app);
    app.key(KeyCode::Enter);
    // A line of another version, and one cut short.
    let path = dir.path().join("games");
    let mut text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().next().unwrap().to_string();
    text.push_str(&line.replacen("v=1", "v=7", 1));
    text.push('\n');
    let mut other = parse_line(&line).unwrap();
    other.level = Some(sudoku_engine::logic::Level::Expert);
    other.outcome = Outcome::GaveUp;
    text.push_str(&other.line());
    text.push('\n');
    text.push_str(&line[..50]);
    std::fs::write(&path, &text).unwrap();
    app.keys("S");
    app.wait_for_background();
    let Some(Overlay::Stats(view)) = &app.overlay else {
        panic!("no statistics: {:?} {:?}", app.overlay, app.message)
    };
    assert_eq!(view.record.games.len(), 2);
    let skipped: Vec<(u64, String)> = view
        .record
        .skipped
        .iter()
        .map(|s| (s.line, s.why.to_string()))
        .collect();
    assert_eq!(
        skipped,
        [
            (2, "written by another version (v=7; this one reads v=1)".to_string()),
            (4, "no puzzle: the line was cut short, or edited".to_string())
        ]
    );
    let rows: Vec<&str> = view.stats.rows().map(|(name, _)| name).collect();
    let last = rows.len() - 1;
    assert_eq!(rows[last], "all");
    assert_eq!(view.selected, last, "every game's row first");
    app.key(KeyCode::Down);
    let Some(Overlay::Stats(view)) = &app.overlay else {
        panic!()
    };
    assert_eq!(view.selected, 0, "down wraps to the first level");
    app.keys("k");
    let Some(Overlay::Stats(view)) = &app.overlay else {
        panic!()
    };
    assert_eq!(view.selected, last);
    assert!(!app.clock_runs(), "the clock waits while the statistics show");
    app.keys("q");
    assert_eq!(app.overlay, None, "q closes the statistics, not the workbench");
    assert!(!app.should_quit());
    app.keys("S");
    app.wait_for_background();
    app.key(KeyCode::Esc);
    assert_eq!(app.overlay, None);
    // The file is as it was: nothing skipped is ever deleted.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

/// The statistics screen at 80x24: its text, and the styles that mean something: the row
/// charted is highlighted, the skipped lines are said as a problem, the times drawn in the
/// entries' colour.
/// Attack C of issue 28 (item 5): the screen's columns were 8 wide, so 100 hours showed as
/// `100:00:0`; each is as wide as its widest cell, at 64x21 as at 80x24.
#[test]
fn the_statistics_screen_cuts_no_number() {
    let line = |secs: u64, level: &str, hints: u32| {
        parse_line(&format!(
            "v=1 date=2025-06-01T10:00:00Z outcome=solved level={level} rating=3.4 time={secs} hints={hints} \
             checks=0 puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        ))
        .unwrap()
    };
    let record = Record {
        games: vec![line(360_000, "hard", 123_456), line(61, "needs-trial", 0)],
        ..Record::default()
    };
    for (w, h) in [(64, 21), (80, 24)] {
        let mut app = Bench::on_asset("easy.txt");
        app.act(Action::GamesRead(Ok(("games".into(), record.clone()))));
        app.update(Action::Resize(w, h));
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|frame| ui::draw(frame, &app)).unwrap();
        let text = terminal.backend().to_string();
        let row = text
            .lines()
            .find(|l| l.contains("│hard "))
            .unwrap_or_else(|| panic!("{text}"));
        let cells: Vec<&str> = row
            .trim_matches(|c| c == '"' || c == '│' || c == ' ')
            .split_whitespace()
            .collect();
        assert_eq!(
            cells,
            ["hard", "1", "1", "100:00:00", "100:00:00", "123456.0"],
            "{w}x{h}: {text}"
        );
        assert!(text.contains("needs-trial "), "{w}x{h}: {text}");
    }
}

#[test]
fn the_statistics_screen_shows_the_table_the_chart_and_the_lines_skipped() {
    let game = |secs: u64, level: &str, outcome: &str, hints: u32| {
        let line = format!(
            "v=1 date=2025-06-0{}T10:00:00Z outcome={outcome} level={level} rating={} time={secs} hints={hints} \
             checks=0 puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            1 + secs % 9,
            if level == "easy" { "1.2" } else { "3.4" }
        );
        parse_line(&line).unwrap()
    };
    let games: Vec<Game> = vec![
        game(400, "easy", "solved", 0),
        game(300, "easy", "solved", 1),
        game(900, "hard", "gave-up", 4),
        game(350, "easy", "solved", 0),
        game(720, "hard", "solved", 2),
        game(200, "easy", "solved", 0),
    ];
    let mut record = Record {
        games,
        ..Record::default()
    };
    record.skip(3, sudoku_workbench::app::games::LineError::Version("2".into()));
    let mut app = Bench::on_asset("easy.txt");
    app.monochrome = false;
    app.act(Action::GamesRead(Ok((
        "/home/me/.local/share/sudoku-workbench/games".into(),
        record,
    ))));
    app.update(Action::Resize(80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| ui::draw(frame, &app)).unwrap();
    insta::assert_snapshot!("statistics_80x24", terminal.backend());
    let buffer = terminal.backend().buffer();
    let theme = ui::theme::Theme::new(false);
    let text_at = |y: u16| (0..80).map(|x| buffer[(x, y)].symbol().to_string()).collect::<String>();
    let find = |what: &str| {
        (0..24)
            .find(|&y| text_at(y).contains(what))
            .unwrap_or_else(|| panic!("{what}"))
    };
    let all = find("│all ");
    let easy = find("│easy ");
    let x = text_at(all).find("all").unwrap() as u16;
    let reversed = |y: u16| buffer[(x, y)].modifier.contains(ratatui::style::Modifier::REVERSED);
    assert!(reversed(all), "the row charted is highlighted, in reverse video");
    assert_eq!(buffer[(x, all)].fg, theme.selected.fg.unwrap());
    assert!(!reversed(easy), "the others are not");
    assert_eq!(buffer[(x, easy)].fg, theme.value.fg.unwrap());
    let note = find("skipped");
    let x = text_at(note).find("line").unwrap() as u16;
    assert_eq!(
        buffer[(x, note)].fg,
        theme.bad.fg.unwrap(),
        "the lines skipped are a problem said"
    );
    let braille = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let c = buffer[(x, y)].symbol().chars().next().unwrap_or(' ');
            ('\u{2801}'..='\u{28ff}').contains(&c)
        })
        .map(|(x, y)| buffer[(x, y)].fg)
        .collect::<Vec<_>>();
    assert!(
        braille.contains(&ui::stats::chart_line(&theme).fg.unwrap()),
        "the times are drawn in the entries' colour"
    );
    // Every level and time in the table.
    let screen: String = (0..24).map(text_at).collect::<Vec<_>>().join("\n");
    assert!(
        screen.contains("3:20") && screen.contains("5:50"),
        "best and median of easy:\n{screen}"
    );
}

/// Final check of "whole or absent": appenders killed at every moment, two at once, and every
/// line of the file is a game written whole by one of them, or a write cut short which readers
/// skip and name; no line mixes two.
#[test]
fn the_record_survives_kills_and_two_appenders_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sudoku-workbench").join("games");
    let exe = std::env::current_exe().unwrap();
    let appender = |id: u32| {
        std::process::Command::new(&exe)
            .args([
                "games::an_appender_for_the_kill_test",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("SUDOKU_WORKBENCH_TEST_APPEND", &path)
            .env("SUDOKU_WORKBENCH_TEST_APPENDER", id.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    for round in 0..16u32 {
        let mut children = [appender(2 * round), appender(2 * round + 1)];
        // Killed at moments spread over their start and their appending.
        std::thread::sleep(Duration::from_millis(u64::from(round * 13 % 90)));
        for child in &mut children {
            nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(child.id() as i32),
                nix::sys::signal::Signal::SIGKILL,
            )
            .unwrap();
            child.wait().unwrap();
        }
    }
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let record = games::read(&path).unwrap();
    let mut whole = 0;
    for (i, line) in text.split('\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok(game) => {
                assert_eq!(
                    game.time,
                    Duration::from_secs(u64::from(game.hints) * 1000 + u64::from(game.checks))
                );
                whole += 1;
            }
            // A write cut short: the start of a line an appender writes, and named as skipped.
            Err(_) => {
                assert!(
                    line.starts_with("v=1 date="),
                    "line {}: {line:?} is no line of ours",
                    i + 1
                );
                assert!(record.skipped.iter().any(|s| s.line == i as u64 + 1));
            }
        }
    }
    assert_eq!(record.games.len(), whole);
    assert!(whole > 0, "the appenders wrote nothing: the test tested nothing");
}

/// Not a test of its own: the child process of [`the_record_survives_kills_and_two_appenders_at_once`],
/// appending games to the file its environment names until it is killed (it returns at once
/// when run as a test).
#[test]
fn an_appender_for_the_kill_test() {
    let (Some(path), Some(id)) = (
        std::env::var_os("SUDOKU_WORKBENCH_TEST_APPEND"),
        std::env::var("SUDOKU_WORKBENCH_TEST_APPENDER").ok(),
    ) else {
        return;
    };
    let id: u32 = id.parse().unwrap();
    let path = PathBuf::from(path);
    for n in 0u32.. {
        // Each line its own, so that a mix of two would show: its time says who wrote it.
        let line = format!(
            "v=1 date=2025-06-01T12:34:56Z outcome=solved level=easy rating=1.2 time={} hints={id} checks={n} \
             puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            u64::from(id) * 1000 + u64::from(n)
        );
        games::append_line(&path, &line).unwrap();
    }
}

#[test]
fn ctrl_p_prints_the_puzzle_beside_its_file_and_says_where() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("easy.txt");
    std::fs::copy(asset("easy.txt"), &file).unwrap();
    let mut app = Bench::on_file(&file, None);
    app.ctrl('p');
    app.wait_for_background();
    let first = folder.path().join("easy.pdf");
    let message = app.message.clone().unwrap();
    assert!(!message.is_error, "{message:?}");
    assert_eq!(
        message.text,
        format!(
            "Printed to {} (the puzzle, then its solution on a page of its own)",
            first.display()
        )
    );
    assert!(std::fs::read(&first).unwrap().starts_with(b"%PDF-"));
    app.ctrl('p');
    app.wait_for_background();
    assert!(
        folder.path().join("easy-2.pdf").exists(),
        "a second print is a new file"
    );
    // A folder that takes no file: said, the board as it was.
    let locked = tempfile::tempdir().unwrap();
    let file = locked.path().join("easy.txt");
    std::fs::copy(asset("easy.txt"), &file).unwrap();
    let mut app = Bench::on_file(&file, None);
    std::fs::remove_dir_all(locked.path()).unwrap();
    app.ctrl('p');
    app.wait_for_background();
    let message = app.message.clone().unwrap();
    assert!(
        message.is_error && message.text.starts_with("Not printed: "),
        "{message:?}"
    );
}

/// Issue 28, attack B (item 5): Ctrl-p on givens with several solutions promised "then its
/// solution on a page of its own", which the sheet does not have.
#[test]
fn ctrl_p_on_a_puzzle_without_one_solution_says_it_printed_the_puzzle_alone() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("few.txt");
    // The first row of a solved board alone: thousands of solutions.
    std::fs::write(&file, format!("123456789{}\n", ".".repeat(72))).unwrap();
    let mut app = Bench::on_file(&file, None);
    app.ctrl('p');
    app.wait_for_background();
    let message = app.message.clone().unwrap();
    assert!(message.is_error, "{message:?}");
    assert_eq!(
        message.text,
        format!(
            "Printed to {}, the puzzle alone: its givens have several solutions, so no solution page",
            folder.path().join("few.pdf").display()
        )
    );
    let pdf = std::fs::read(folder.path().join("few.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // One content stream: the puzzle's page, no solution page after it.
    let streams = String::from_utf8_lossy(&pdf).matches("\nendstream").count();
    assert_eq!(streams, 1, "one page");
}

/// Issue 28, attack B (item 6): a full disk that took all of a game's line but its line end
/// was said to have cut the line ("skipped when the record is read"), yet the record counted
/// the game. Now a line whole but for its end is recorded, and said so; one cut inside is said
/// cut and skipped. The disk is made full by a file size limit in a child process.
#[test]
fn a_full_disk_after_all_of_a_line_but_its_end_records_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let line = "v=1 date=2025-06-01T12:34:56Z outcome=solved level=easy rating=1.2 time=61 hints=0 checks=0 \
                puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let first = "v=1 date=2025-06-01T12:00:00Z outcome=solved level=easy rating=1.2 time=60 hints=0 checks=0 \
                 puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let append_with_room = |name: &str, room: usize| {
        let path = dir.path().join(name);
        std::fs::write(&path, first).unwrap();
        let out = std::process::Command::new(&exe)
            .args([
                "games::an_appender_on_a_full_disk",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("SUDOKU_WORKBENCH_TEST_FULL_APPEND", &path)
            .env("SUDOKU_WORKBENCH_TEST_FULL_LINE", line)
            .env("SUDOKU_WORKBENCH_TEST_FULL_LIMIT", (first.len() + room).to_string())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        // The child's line follows the test harness's own words on the same line.
        let said = said
            .split_once("append: ")
            .map(|(_, rest)| rest.lines().next().unwrap_or("").to_string());
        let said = format!("append: {}", said.unwrap_or_else(|| panic!("the child said nothing")));
        (games::read(&path).unwrap(), said)
    };
    let (record, said) = append_with_room("but-the-end", line.len());
    assert_eq!(said, "append: ok", "the line is whole");
    assert_eq!(record.games.len(), 2);
    assert!(record.skipped.is_empty());
    let (record, said) = append_with_room("cut", line.len() - 5);
    assert!(said.contains("the line is cut short"), "{said}");
    assert_eq!(record.games.len(), 1, "the cut line is no game");
    assert_eq!(record.skipped.len(), 1);
}

/// Not a test of its own: the child of [`a_full_disk_after_all_of_a_line_but_its_end_records_the_game`],
/// appending a line under a file size limit and saying what came of it (it returns at once when
/// run as a test).
#[test]
fn an_appender_on_a_full_disk() {
    let (Some(path), Ok(line), Ok(limit)) = (
        std::env::var_os("SUDOKU_WORKBENCH_TEST_FULL_APPEND"),
        std::env::var("SUDOKU_WORKBENCH_TEST_FULL_LINE"),
        std::env::var("SUDOKU_WORKBENCH_TEST_FULL_LIMIT"),
    ) else {
        return;
    };
    let limit: u64 = limit.parse().unwrap();
    // Past the limit a write is cut short (with SIGXFSZ ignored), as on a full disk.
    unsafe { nix::sys::signal::signal(nix::sys::signal::Signal::SIGXFSZ, nix::sys::signal::SigHandler::SigIgn) }
        .unwrap();
    nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_FSIZE, limit, limit).unwrap();
    match games::append_line(std::path::Path::new(&path), &line) {
        Ok(()) => println!("append: ok"),
        Err(e) => println!("append: {e}"),
    }
}

/// Attack F of issue 28: a rating cut off by its time is a bound, and the level taken from it
/// said "easy" of an SE 11 puzzle: such a game is recorded unrated, its bound kept.
#[test]
fn a_rating_cut_off_is_recorded_as_a_bound_without_a_level() {
    use sudoku_engine::logic::{Grid, rate_grid_until};
    let seeds = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine/seeds/forum-hardest-11.txt"
    ))
    .unwrap();
    let hard: sudoku_engine::Board = seeds.lines().find(|l| !l.starts_with('#')).unwrap().parse().unwrap();
    let cut = rate_grid_until(Grid::new(&hard), &mut || true, std::time::Instant::now());
    assert!(cut.out_of_time);
    let end = sudoku_workbench::app::games::GameEnd {
        outcome: Outcome::GaveUp,
        play: Default::default(),
        puzzle: hard,
        rating: None,
        set_aside: true,
    };
    let game = end.dated(0, Some(&cut));
    assert_eq!(game.level, None, "no level from a bound");
    assert!(game.line().contains("level=- rating=>="), "{}", game.line());
}
