//! Playing by hand: the game's clock (running only while the player solves), the solved screen
//! with the time and the help used, and the record saved with the game and read back.

use crate::common;

use common::workbench::{Bench, asset, pos};
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};
use sudoku_engine::Pos;
use sudoku_workbench::app::hint::solution_of;
use sudoku_workbench::app::{Action, Document, Mode, Overlay};

/// Moves the clock on by `seconds` of pretend time from `now`.
fn later(app: &mut Bench, now: &mut Instant, seconds: u64) {
    *now += Duration::from_secs(seconds);
    app.tick(*now);
}

#[test]
fn the_clock_runs_only_while_the_player_solves() {
    let mut app = Bench::on_asset("easy.txt");
    // Only the pretend clock moves it: no tick of the real one between keys.
    app.settling = false;
    let mut now = Instant::now();
    app.tick(now);
    assert!(app.clock_runs());
    let start = app.play().elapsed;
    later(&mut app, &mut now, 10);
    assert_eq!(app.play().elapsed - start, Duration::from_secs(10));
    // Help open: paused.
    app.keys("?");
    later(&mut app, &mut now, 1);
    later(&mut app, &mut now, 100);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(11),
        "the help screen pauses it"
    );
    app.key(KeyCode::Esc);
    later(&mut app, &mut now, 1);
    later(&mut app, &mut now, 5);
    assert_eq!(app.play().elapsed - start, Duration::from_secs(16));
    // Step mode: paused.
    app.keys("n");
    assert!(matches!(app.mode, Mode::Step(_)));
    later(&mut app, &mut now, 1);
    later(&mut app, &mut now, 50);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(17),
        "step mode pauses it"
    );
    app.key(KeyCode::Esc);
    app.tick(now);
    // Puzzle edit: paused (from the next tick, as the event loop ticks after every key).
    app.keys("p");
    later(&mut app, &mut now, 1);
    later(&mut app, &mut now, 50);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(18),
        "editing givens pauses it"
    );
    // The event loop is woken at the next whole second while it runs, never while paused.
    assert_eq!(app.wake_after(), None);
    app.keys("p");
    app.tick(now);
    assert!(app.wake_after().is_some_and(|d| d <= Duration::from_secs(1)));
}

/// Issue 28, item 17: the clock stops while "terminal too small" hides the board and while
/// the terminal has lost the focus (the player is in another window), and runs again after.
#[test]
fn the_clock_stops_while_the_board_is_not_on_screen_or_the_terminal_out_of_focus() {
    let mut app = Bench::on_asset("easy.txt");
    app.settling = false;
    let mut now = Instant::now();
    app.tick(now);
    let start = app.play().elapsed;
    later(&mut app, &mut now, 10);
    assert_eq!(app.play().elapsed - start, Duration::from_secs(10));
    // Too small for the board, in either direction.
    for (w, h) in [(50, 12), (63, 40), (120, 20)] {
        app.act(Action::Resize(w, h));
        app.tick(now);
        assert!(!app.clock_runs(), "{w}x{h} shows no board");
        later(&mut app, &mut now, 100);
        assert_eq!(
            app.play().elapsed - start,
            Duration::from_secs(10),
            "{w}x{h}: the time the board is hidden does not count"
        );
    }
    assert_eq!(app.wake_after(), None, "and nothing wakes the loop for a stopped clock");
    app.act(Action::Resize(64, 21));
    app.tick(now);
    later(&mut app, &mut now, 5);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(15),
        "runs again at 64x21"
    );
    // Out of focus: stopped, whatever is on screen.
    app.act(Action::Focus(false));
    app.tick(now);
    assert!(!app.clock_runs());
    later(&mut app, &mut now, 600);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(15),
        "the time away does not count"
    );
    app.act(Action::Focus(true));
    app.tick(now);
    later(&mut app, &mut now, 3);
    assert_eq!(
        app.play().elapsed - start,
        Duration::from_secs(18),
        "back in focus: runs"
    );
}

/// Issue 28, the last attack (item 16): a terminal that reported the focus lost and never that
/// it came back (a report lost, a multiplexer between) kept the clock stopped while the player
/// typed. A key, a click, the wheel or a paste is the player at this terminal; a move of the
/// pointer over it is not.
#[test]
fn a_key_or_a_click_brings_the_focus_back() {
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut app = Bench::on_asset("easy.txt");
    app.settling = false;
    app.act(Action::Resize(100, 30));
    let mut now = Instant::now();
    app.tick(now);
    let mouse = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: 1,
            row: 1,
            modifiers: KeyModifiers::NONE,
        })
    };
    let by_hand = [
        ("a key", Event::Key(KeyCode::Right.into())),
        ("a click", mouse(MouseEventKind::Down(MouseButton::Left))),
        ("the wheel", mouse(MouseEventKind::ScrollDown)),
        ("a paste", Event::Paste("not a puzzle".into())),
    ];
    for (what, event) in by_hand {
        app.event(Event::FocusLost);
        later(&mut app, &mut now, 1);
        assert!(!app.clock_runs(), "{what}: out of focus");
        app.event(mouse(MouseEventKind::Moved));
        assert!(!app.focused, "{what}: the pointer passing over is not the player");
        let before = app.play().elapsed;
        app.event(event);
        assert!(app.focused, "{what} brings the focus back");
        app.tick(now);
        later(&mut app, &mut now, 3);
        assert_eq!(
            app.play().elapsed - before,
            Duration::from_secs(3),
            "{what}: the clock runs"
        );
        app.key(KeyCode::Esc);
    }
}

#[test]
fn filling_the_last_cell_right_shows_the_solved_screen_with_the_time() {
    let mut app = Bench::on_asset("easy.txt");
    let solution = solution_of(&app.doc.board).unwrap();
    app.keys("!i");
    app.key(KeyCode::Esc);
    let mut now = Instant::now();
    app.tick(now);
    let empty: Vec<Pos> = Pos::all().filter(|p| app.doc.board.digit(*p).is_none()).collect();
    for (i, p) in empty.iter().enumerate() {
        app.act(Action::Select(*p));
        later(&mut app, &mut now, 2);
        let d = solution.digit(*p).unwrap();
        app.keys(&d.to_string());
        if i + 1 < empty.len() {
            assert_eq!(app.overlay, None, "not solved before the last cell");
        }
    }
    assert_eq!(app.overlay, Some(Overlay::Solved));
    later(&mut app, &mut now, 30);
    let play = app.play();
    assert_eq!((play.hints, play.checks), (1, 1));
    let elapsed = play.elapsed;
    later(&mut app, &mut now, 60);
    assert_eq!(app.play().elapsed, elapsed, "the clock stops on a solved board");
    app.key(KeyCode::Enter);
    assert_eq!(app.overlay, None);
}

#[test]
fn a_board_the_solver_finished_is_not_solved_by_hand() {
    let mut app = Bench::on_asset("easy.txt");
    app.keys("s");
    assert!(app.doc.board.is_solved());
    assert_eq!(app.overlay, None);
}

#[test]
fn the_time_and_the_help_used_are_saved_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("easy.txt");
    std::fs::copy(asset("easy.txt"), &path).unwrap();
    let mut app = Bench::on_file(&path, None);
    let mut now = Instant::now();
    app.tick(now);
    app.keys("ii");
    app.key(KeyCode::Esc);
    later(&mut app, &mut now, 754);
    app.keys("!5");
    app.keys("w");
    let game = dir.path().join("easy.swb");
    app.answer_prompt(game.to_str().unwrap());
    let text = std::fs::read_to_string(&game).unwrap();
    assert!(text.contains("#!time 754"), "{text}");
    assert!(text.contains("#!hints 1") && text.contains("#!checks 1"), "{text}");
    let reopened = Bench::on_file(&game, None);
    assert_eq!(reopened.play().elapsed, Duration::from_secs(754));
    assert_eq!((reopened.play().hints, reopened.play().checks), (1, 1));
    // And through a crash.
    let mut app = reopened;
    app.keys("l6");
    app.keep();
    let state = app.into_state();
    let mut next = Bench::with_state(Document::new_empty(), state);
    next.look_for_recovery();
    next.keys("y");
    assert_eq!(next.play().elapsed.as_secs(), 754);
    assert_eq!(next.doc.board.digit(pos(0, 1)).map(|d| d.get()), Some(6));
}

/// Runs background work as the event loop does, until the workbench has nothing to do now.
fn run_generation(app: &mut Bench) {
    let until = Instant::now() + Duration::from_secs(60);
    while matches!(app.mode, Mode::Generating(_)) && Instant::now() < until {
        app.tick(Instant::now());
    }
}

#[test]
fn a_new_puzzle_of_the_level_asked_replaces_the_board_undoably() {
    use sudoku_engine::count_solutions;
    use sudoku_engine::generate::{Symmetry, is_minimal};
    use sudoku_engine::logic::{Level, rate};
    let mut app = Bench::on_asset("easy.txt");
    app.seed = 42;
    let before = app.doc.clone();
    app.keys("N");
    let Some(Overlay::NewPuzzle(choice)) = app.overlay else {
        panic!("the dialog opens at once over saved work: {:?}", app.overlay)
    };
    assert_eq!((choice.level_name(), choice.symmetry), ("any", Symmetry::None));
    // Level: hard (three to the right); symmetry: rotational (down, one to the right).
    app.keys("lll");
    app.key(KeyCode::Down);
    app.keys("l");
    let Some(Overlay::NewPuzzle(choice)) = app.overlay else {
        panic!()
    };
    assert_eq!((choice.level_name(), choice.symmetry), ("hard", Symmetry::Rotational));
    app.settling = false;
    app.key(KeyCode::Enter);
    assert!(matches!(app.mode, Mode::Generating(_)));
    run_generation(&mut app);
    assert!(matches!(app.mode, Mode::Edit), "{}", app.message());
    let board = app.doc.board.clone();
    assert_ne!(board, before.board);
    assert_eq!(count_solutions(&board, 2), 1);
    assert!(is_minimal(&board));
    assert_eq!(rate(&board).level, Level::Hard);
    for p in Pos::all() {
        let q = Symmetry::Rotational.partner(p);
        assert_eq!(board.digit(p).is_some(), board.digit(q).is_some(), "{p} and {q}");
    }
    assert!(app.message().starts_with("A new hard puzzle"), "{}", app.message());
    assert!(app.has_unsaved_work(), "a made puzzle is in no file yet");
    // Undoable, as a load.
    app.keys("u");
    assert_eq!(app.doc, before);
    // The dialog remembers the choice; over unsaved work it asks first.
    app.keys("u");
    app.keys("l5");
    app.keys("N");
    assert!(matches!(app.overlay, Some(Overlay::Question(_))), "{:?}", app.overlay);
    app.keys("y");
    let Some(Overlay::NewPuzzle(choice)) = app.overlay else {
        panic!()
    };
    assert_eq!(choice.level_name(), "hard");
}

#[test]
fn esc_cancels_a_new_puzzle_being_made() {
    let mut app = Bench::on_asset("easy.txt");
    let before = app.doc.clone();
    app.keys("N");
    // Left of "any" wraps round to the last level.
    app.keys("h");
    app.settling = false;
    app.key(KeyCode::Enter);
    let Mode::Generating(job) = &app.mode else {
        panic!("{:?}", app.message())
    };
    assert_eq!(job.choice.level_name(), "grandmaster");
    // Esc before the next slice of work (one slice may well find the puzzle).
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc, before);
    assert!(app.message().contains("Cancelled"), "{}", app.message());
}

#[test]
fn the_rating_is_hidden_until_asked_and_made_in_the_background() {
    use sudoku_engine::logic::rate;
    let mut app = Bench::on_asset("hard.txt");
    assert!(!app.settings.show_rating);
    assert!(app.rating.is_none(), "nothing is rated unasked");
    app.keys("R");
    assert!(app.settings.show_rating);
    // Asked, not yet known: the key was answered at once.
    assert!(matches!(app.rating, Some((_, None))));
    app.wait_for_background();
    let Some((_, Some(Ok(rating)))) = app.rating.clone() else {
        panic!("rated: {:?}", app.rating)
    };
    assert_eq!(rating, rate(&app.doc.board.givens_only()));
    // Another puzzle is rated in turn; one with several solutions has none.
    app.act(Action::Paste(
        std::fs::read_to_string(asset("several-solutions.txt")).unwrap(),
    ));
    app.keys("y");
    app.wait_for_background();
    assert!(
        matches!(&app.rating, Some((_, Some(Err(why)))) if why == "several solutions"),
        "{:?}",
        app.rating
    );
    app.keys("R");
    assert!(!app.settings.show_rating);
}

#[test]
fn settings_persist_in_the_config_file_and_a_broken_one_loses_nothing() {
    use sudoku_workbench::app::settings::MarksView;
    use sudoku_workbench::runtime::config;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sudoku-workbench").join("config");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "# mine\nmarks-view = sideways\nsolutions-while-solving = false\n",
    )
    .unwrap();
    let (cfg, settings, problems) = config::load(&path);
    assert_eq!(settings.marks_view, MarksView::Mine, "the default for the broken line");
    assert!(!settings.show_solutions, "the good line is used");
    assert_eq!(problems.len(), 1);
    assert!(problems[0].starts_with("line 2: marks-view"), "{problems:?}");
    let mut app = Bench::on_asset("easy.txt");
    app.settings = settings;
    app.runtime.config = Some((path.clone(), cfg));
    app.keys("a");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# mine\nmarks-view = sideways\nsolutions-while-solving = false\n"),
        "{text}"
    );
    assert!(text.contains("remove-marks = false"), "{text}");
    app.keys("v");
    let (_, again, problems) = config::load(&path);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(again.marks_view, MarksView::Computed);
    assert!(!again.remove_marks && !again.show_solutions);
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("# mine\n"));
}

/// Issue 28 item 1: a settings file of lone CR line ends was replaced by the default lines
/// when `v` wrote it, and a CRLF one came back LF: every line stays, with its own end.
#[test]
fn a_settings_file_with_cr_or_crlf_line_ends_keeps_every_line_and_its_ends() {
    use sudoku_workbench::app::settings::MarksView;
    use sudoku_workbench::runtime::config;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");
    for (text, end) in [
        ("marks-view = mine\rcolour = red\r# keep\rshow-rating = true\r", "\r"),
        (
            "marks-view = mine\r\ncolour = red\r\n# keep\r\nshow-rating = true\r\n",
            "\r\n",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let (cfg, settings, problems) = config::load(&path);
        assert_eq!(problems.len(), 1, "only colour is unknown: {problems:?}");
        assert!(settings.show_rating && settings.marks_view == MarksView::Mine);
        let mut app = Bench::on_asset("easy.txt");
        app.settings = settings;
        app.runtime.config = Some((path.clone(), cfg));
        app.keys("v");
        assert_eq!(app.settings.marks_view, MarksView::Computed);
        let written = std::fs::read_to_string(&path).unwrap();
        let expected = [
            "marks-view = computed",
            "colour = red",
            "# keep",
            "show-rating = true",
            "",
        ]
        .join(end);
        assert!(written.starts_with(&expected), "{written:?}");
        let lines: Vec<&str> = written.split_terminator(end).collect();
        assert!(
            lines.len() > 4 && lines.iter().all(|l| !l.contains(['\r', '\n'])),
            "{written:?}"
        );
        let (_, again, _) = config::load(&path);
        assert_eq!(again.marks_view, MarksView::Computed);
        assert!(again.show_rating, "the lines after the first are still read");
    }
}

/// Issue 28 item 2, for the settings: a settings file with another name (a hard link kept with
/// dotfiles) is written in place, not split from it; a read-only one is left as it is, and
/// the player is told.
#[test]
fn a_hard_linked_settings_file_stays_linked_and_a_read_only_one_is_left_alone() {
    use sudoku_workbench::runtime::config;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");
    let dotfiles = dir.path().join("dotfiles-config");
    std::fs::write(&path, "# mine\nsolutions-while-solving = true\n").unwrap();
    std::fs::hard_link(&path, &dotfiles).unwrap();
    let (cfg, settings, _) = config::load(&path);
    let mut app = Bench::on_asset("easy.txt");
    app.settings = settings;
    app.runtime.config = Some((path.clone(), cfg));
    app.keys("L");
    assert!(!app.settings.show_solutions);
    let written = std::fs::read_to_string(&dotfiles).unwrap();
    assert!(
        written.starts_with("# mine\nsolutions-while-solving = false\n"),
        "the other name sees it: {written}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);

    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    app.keys("L");
    assert!(app.settings.show_solutions, "the setting is in use");
    assert!(
        app.is_error() && app.message().contains("is read-only, so it is left as it is"),
        "{}",
        app.message()
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written, "left as it was");
}

#[test]
fn a_config_path_that_is_not_a_file_is_never_written() {
    use sudoku_workbench::runtime::config;
    let dir = tempfile::tempdir().unwrap();
    // A named pipe where the file should be: reading must not block, writing must not replace it.
    let path = dir.path().join("config");
    let made = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    let (cfg, settings, problems) = config::load(&path);
    assert_eq!(settings, Default::default());
    assert!(problems[0].contains("cannot read it"), "{problems:?}");
    let mut app = Bench::on_asset("easy.txt");
    app.runtime.config = Some((path.clone(), cfg));
    app.keys("L");
    assert!(app.settings.show_solutions, "the setting is in use");
    assert!(
        app.is_error() && app.message().contains("not saved"),
        "{}",
        app.message()
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&path).unwrap().file_type().is_fifo(),
        "left as it was"
    );
}

#[test]
fn suspended_time_is_not_solving_time() {
    let mut app = Bench::on_asset("easy.txt");
    app.settling = false;
    let mut now = Instant::now();
    app.tick(now);
    later(&mut app, &mut now, 3);
    let before = app.play().elapsed;
    app.act(Action::Suspend);
    // An hour stopped in the shell, then fg.
    later(&mut app, &mut now, 3600);
    later(&mut app, &mut now, 2);
    assert_eq!(
        app.play().elapsed - before,
        Duration::from_secs(2),
        "only the time after fg"
    );
}

#[test]
fn a_solved_board_shows_solved_once() {
    let mut app = Bench::on_asset("easy.txt");
    let solution = solution_of(&app.doc.board).unwrap();
    let empty: Vec<Pos> = Pos::all().filter(|p| app.doc.board.digit(*p).is_none()).collect();
    for p in &empty {
        app.act(Action::Select(*p));
        app.keys(&solution.digit(*p).unwrap().to_string());
    }
    assert_eq!(app.overlay, Some(Overlay::Solved));
    app.key(KeyCode::Enter);
    // The same digit again changes nothing, and says nothing.
    app.keys(&solution.digit(*empty.last().unwrap()).unwrap().to_string());
    assert_eq!(app.overlay, None);
}

#[test]
fn the_config_file_is_written_through_a_link_and_its_last_line_of_a_key_is_the_one_changed() {
    use sudoku_workbench::runtime::config;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("dotfiles-config");
    std::fs::write(
        &real,
        "solutions-while-solving = true\nsolutions-while-solving = false\n",
    )
    .unwrap();
    let link = dir.path().join("config");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (cfg, settings, _) = config::load(&link);
    assert!(!settings.show_solutions, "the last line of a key counts");
    let mut app = Bench::on_asset("easy.txt");
    app.settings = settings;
    app.runtime.config = Some((link.clone(), cfg));
    app.keys("L");
    assert!(app.settings.show_solutions);
    assert!(
        std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
        "still a link"
    );
    let (_, again, _) = config::load(&link);
    assert!(again.show_solutions, "{}", std::fs::read_to_string(&real).unwrap());
    // A line written by hand meanwhile is kept by the next write.
    let mut text = std::fs::read_to_string(&real).unwrap();
    text.push_str("# added by hand\n");
    std::fs::write(&real, &text).unwrap();
    app.keys("a");
    assert!(std::fs::read_to_string(&real).unwrap().contains("# added by hand"));
}

#[test]
fn a_rating_shown_by_the_settings_is_asked_for_at_start() {
    let mut app = Bench::on_asset("easy.txt");
    app.settings.show_rating = true;
    assert!(app.rating.is_none());
    app.settings_loaded();
    app.run_effects();
    app.wait_for_background();
    assert!(matches!(app.rating, Some((_, Some(Ok(_))))), "{:?}", app.rating);
}
