//! End-to-end tests: the real binary in a pseudo-terminal (portable-pty), its output parsed as a
//! terminal would (vt100). Keys are typed as bytes, the screen and its cell colours are read
//! back, and after the program exits the terminal must have every mode it set turned off again.

use crate::pty;

use pty::{Session, asset, wait_panel};
use std::path::{Path, PathBuf};

/// The screen position of the digit of a cell on an 80x24 screen (compact cells).
fn digit_at(row: u16, col: u16) -> (u16, u16) {
    (2 + 2 * row, 3 + 4 * col)
}

fn cell(screen: &vt100::Screen, row: u16, col: u16) -> vt100::Cell {
    let (y, x) = digit_at(row, col);
    screen.cell(y, x).unwrap().clone()
}

#[test]
fn type_a_board_see_its_conflict_and_quit_with_the_terminal_restored() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut s = Session::start(&[], &here, &[]);
    s.wait_text("built-in: hardest.sdk");
    // An empty board in puzzle-edit mode (the cursor moves on), then a row with two 5s.
    s.keys("C");
    s.wait_text("EDIT PUZZLE");
    s.keys("535");
    let screen = s.wait_text("Conflicts   2");
    s.wait_text("none: r1c1 and r1c3 both");
    for col in [0, 2] {
        let c = cell(&screen, 0, col);
        assert_eq!(c.contents(), "5");
        assert!(c.inverse(), "r1c{} is highlighted in reverse video", col + 1);
        assert_eq!(c.fgcolor(), vt100::Color::Idx(1), "... and in red");
    }
    let c = cell(&screen, 0, 1);
    assert_eq!(c.contents(), "3");
    assert!(!c.inverse(), "r1c2 is not part of the conflict");
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn without_colour_a_conflict_still_shows() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut s = Session::start(&[], &here, &[("NO_COLOR", "1")]);
    s.keys("l8j");
    let screen = s.wait_text("Conflicts   2");
    let c = cell(&screen, 0, 1);
    assert!(c.inverse() && c.bold());
    assert_eq!(
        (c.fgcolor(), c.bgcolor()),
        (vt100::Color::Default, vt100::Color::Default)
    );
    let cursor = cell(&screen, 1, 1);
    let (y, x) = digit_at(1, 1);
    assert_eq!(
        screen.cell(y, x - 1).unwrap().contents(),
        "[",
        "the cursor shows as brackets"
    );
    assert_eq!(cursor.bgcolor(), vt100::Color::Default);
    s.send(&[3]); // Ctrl-C quits at once, unsaved or not.
    s.expect_exit_with_terminal_restored();
}

#[test]
fn step_forward_and_back_then_solve() {
    let mut s = Session::start(&[asset("boj-2580-sample.txt").to_str().unwrap()], Path::new("/"), &[]);
    s.wait_text("boj-2580-sample.txt");
    s.keys("n");
    s.wait_text("Steps       1 ");
    s.keys("nn");
    let screen = s.wait_text("Steps       3 ");
    assert!(
        screen.contents().contains("place r2c8=4 depth 3"),
        "{}",
        screen.contents()
    );
    assert_eq!(cell(&screen, 1, 7).contents(), "4");
    s.keys("b");
    let screen = s.wait_text("Steps       2 ");
    assert!(screen.contents().contains("Last step   place r2c5=3 depth 2"));
    assert_eq!(cell(&screen, 1, 7).contents(), "·", "r2c8 is empty again");
    s.send(b"\x1b");
    s.wait_text("Left step mode");
    // `s` solves with fast; t makes it naive, the textbook order.
    s.keys("ts");
    let screen = s.wait_text("Solved with naive: 14 placements");
    assert_eq!(cell(&screen, 0, 0).contents(), "1");
    assert!(cell(&screen, 0, 0).italic(), "solver digits are italic");
    assert!(
        screen.contents().contains("[modified]"),
        "the solver's digits are unsaved"
    );
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn load_a_file_through_the_browser() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(asset("escargot.ss"), dir.path().join("escargot.ss")).unwrap();
    let mut s = Session::start(&[], dir.path(), &[]);
    s.keys("o");
    s.wait_text("Preview");
    // Past the built-ins and the parent directory to the only file.
    s.keys("j");
    s.wait_text("Simple Sudoku .ss");
    s.send(b"\r");
    let screen = s.wait_text("Opened escargot.ss");
    assert!(screen.contents().starts_with(" sudoku-workbench │ escargot.ss"));
    assert_eq!(cell(&screen, 0, 0).contents(), "1");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn paste_a_board_and_paste_junk() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut s = Session::start(&[], &here, &[]);
    let board = std::fs::read_to_string(asset("boj-2580-sample.txt")).unwrap();
    s.send(format!("\x1b[200~{board}\x1b[201~").as_bytes());
    let screen = s.wait_text("Opened pasted puzzle");
    assert_eq!(cell(&screen, 0, 1).contents(), "3");
    s.send(b"\x1b[200~not a sudoku\x1b[201~");
    s.wait_text("The pasted text is not a puzzle");
    assert_eq!(cell(&s.screen(), 0, 1).contents(), "3", "the board is as it was");
    // The pasted puzzle is in no file: quitting asks.
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn a_mouse_click_selects_a_cell() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut s = Session::start(&[], &here, &[]);
    let (y, x) = digit_at(4, 6);
    // SGR mouse report of a left press and release, one-based coordinates.
    s.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", x + 1, y + 1, x + 1, y + 1).as_bytes());
    s.wait_text("Cell r5c7");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn a_long_solve_keeps_the_keyboard_and_esc_cancels_it() {
    let mut s = Session::start(&[asset("anti-naive.txt").to_str().unwrap()], Path::new("/"), &[]);
    s.wait_text("anti-naive.txt");
    s.keys("ts");
    s.wait_text("Solving with naive");
    s.send(b"\x1b");
    let screen = s.wait_text("Solving cancelled after");
    assert!(screen.contents().contains("SOLVE BY HAND"));
    assert_eq!(cell(&screen, 0, 0).contents(), "·", "the board is as it was");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn a_broken_file_on_the_command_line_opens_the_built_in_puzzle_with_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.txt");
    std::fs::write(
        &path,
        "4.....8.5.3.....x....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    )
    .unwrap();
    let mut s = Session::start(&[path.to_str().unwrap()], dir.path(), &[]);
    let screen = s.wait_text("column 17: expected");
    assert!(screen.contents().contains("built-in: hardest.sdk"));
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// The text of the screen's rows.
fn text_of(screen: &vt100::Screen) -> String {
    screen.contents()
}

/// The number after `label` on the screen (e.g. "Entries 3" gives 3).
fn number_after(screen: &vt100::Screen, label: &str) -> Option<u32> {
    let text = text_of(screen);
    let at = text.find(label)? + label.len();
    text[at..].split_whitespace().next()?.parse().ok()
}

#[test]
fn a_player_makes_a_puzzle_marks_it_takes_hints_saves_reopens_and_solves_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let env = [("XDG_STATE_HOME", state.to_str().unwrap())];
    let mut s = Session::start(&[], dir.path(), &env);
    s.wait_text("built-in: hardest.sdk");
    // A new easy puzzle.
    s.keys("N");
    s.wait_text("New puzzle");
    s.keys("l");
    s.wait_text("◂ easy ▸");
    s.keys("\r");
    s.wait_text("A new easy puzzle");
    // Every empty cell marked, then three hints taken to the end (where, why, do it).
    s.keys("M");
    s.wait_text("Every empty cell marked");
    for _ in 0..3 {
        s.keys("i");
        wait_panel(&s, "i again: why");
        s.keys("i");
        wait_panel(&s, "i again: do it");
        s.keys("i");
        s.wait_text("Done: ");
    }
    let before = s.wait_for("three entries", |screen| number_after(screen, "Entries").is_some());
    let entries = number_after(&before, "Entries").unwrap();
    assert!(entries >= 3, "{}", text_of(&before));
    let marked = number_after(&before, "yours:").unwrap();
    assert!(marked > 10, "{}", text_of(&before));
    // Time passes on the clock.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    // Saved as a progress file where the prompt suggests, then quit.
    s.keys("w");
    s.wait_text("Save your game (entries, marks and all) as");
    s.keys("\r");
    s.wait_text("Saved to puzzle.swb");
    let shown = s.wait_for("the clock past two seconds", |screen| {
        text_of(screen).contains("Time        0:02") || text_of(screen).contains("Time        0:03")
    });
    let time_then = text_of(&shown);
    s.keys("q");
    s.expect_exit_with_terminal_restored();
    let saved = std::fs::read_to_string(dir.path().join("puzzle.swb")).unwrap();
    assert!(saved.contains("#!marks ") && saved.contains("#!entries "), "{saved}");
    assert!(saved.contains("#!hints 3"), "{saved}");
    // Reopened: the same entries, marks, clock and hints.
    let mut s = Session::start(&["puzzle.swb"], dir.path(), &env);
    let screen = s.wait_text("puzzle.swb");
    assert_eq!(number_after(&screen, "Entries"), Some(entries), "{}", text_of(&screen));
    assert_eq!(number_after(&screen, "yours:"), Some(marked), "{}", text_of(&screen));
    assert!(text_of(&screen).contains("hints 3 · checks 0"), "{}", text_of(&screen));
    // The clock goes on from the time saved (the screen may have shown a second more by the
    // time it was read before quitting).
    let saved_seconds: u64 = saved
        .lines()
        .find_map(|l| l.strip_prefix("#!time "))
        .and_then(|t| t.trim().parse().ok())
        .expect("the time is saved");
    assert!(saved_seconds >= 2, "{saved}");
    let clock = |text: &str| -> Option<u64> {
        let shown = text.split("Time        ").nth(1)?.split_whitespace().next()?;
        let (minutes, seconds) = shown.split_once(':')?;
        Some(minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?)
    };
    let reopened = clock(&text_of(&screen)).expect("a clock on screen");
    assert!(
        (saved_seconds..=saved_seconds + 2).contains(&reopened),
        "the clock goes on from where it was saved ({saved_seconds} s): {}",
        text_of(&screen)
    );
    assert!(clock(&time_then).is_some_and(|t| t >= 2));
    // Hints until it is solved.
    for _ in 0..81 {
        if text_of(&s.screen()).contains("Solved!") {
            break;
        }
        s.keys("iii");
        s.wait_for("a hint done", |screen| {
            let text = text_of(screen);
            text.contains("Done: ") || text.contains("Solved!")
        });
    }
    let screen = s.wait_text("✓ Solved!");
    assert!(text_of(&screen).contains("hints and 0 checks"), "{}", text_of(&screen));
    s.keys("\r");
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn step_jump_to_a_backtrack_export_the_trace_reopen_it_and_replay_it_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("hardest.sdk");
    std::fs::copy(asset("hardest.sdk"), &puzzle).unwrap();
    let mut s = Session::start(&[puzzle.to_str().unwrap()], dir.path(), &[]);
    s.wait_text("hardest.sdk");
    s.keys("n");
    s.wait_text("Steps       1 ");
    // ] runs to the first guess taken back and stops there. Its why (a dead end, every digit's
    // holder) is long: the counters may share lines to leave it the room.
    s.keys("]");
    let screen = s.wait_for("one backtrack", |screen| {
        number_after(screen, "Backtracks") == Some(1) || number_after(screen, "backtracks") == Some(1)
    });
    let at = number_after(&screen, "Steps")
        .or_else(|| number_after(&screen, "step "))
        .expect("a step count");
    assert!(
        screen.contents().contains("Last step   remove"),
        "{}",
        screen.contents()
    );
    // Wide enough, the program shows beside the board with the line of that step.
    s.resize(100, 30);
    let screen = s.wait_text("naive · c++");
    let line = screen
        .contents()
        .lines()
        .find(|l| l.contains('▶'))
        .map(str::to_string)
        .unwrap_or_default();
    assert!(
        line.contains("board[r][c] = 0;"),
        "the undo line is highlighted: {line}"
    );
    s.keys("w");
    s.wait_text(&format!("Trace of {at} steps written"));
    let trace = dir.path().join("hardest.naive.trace.jsonl");
    assert!(trace.exists());
    s.send(b"\x1b");
    s.wait_text("Left step mode");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
    // Reopened, the trace replays in step mode and a run stops at its last step.
    let mut s = Session::start(&[trace.to_str().unwrap()], dir.path(), &[]);
    s.wait_text("Replaying a trace");
    s.keys("e");
    s.wait_text(&format!("end of the trace: all {at} steps"));
    s.send(b"\x1b");
    s.wait_text("Left step mode");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// The text of the question box on the screen, its lines joined: a sentence that wraps in the
/// box reads as one.
fn question_text(screen: &vt100::Screen) -> String {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    let at = |y: u16, x: u16| screen.cell(y, x).map_or(String::new(), |c| c.contents().to_string());
    let top = (0..rows).find(|&y| screen.contents_between(y, 0, y, cols).contains("Please answer"));
    let Some(top) = top else { return String::new() };
    let left = (0..cols).find(|&x| at(top, x) == "┌").unwrap_or(0);
    let right = (left + 1..cols).find(|&x| at(top, x) == "┐").unwrap_or(cols);
    let mut lines = Vec::new();
    for y in top + 1..rows {
        if at(y, left) == "└" {
            break;
        }
        let line: String = (left + 1..right).map(|x| at(y, x)).collect::<Vec<_>>().concat();
        lines.push(line.trim().to_string());
    }
    lines.retain(|l| !l.is_empty());
    lines.join(" ")
}

/// Issue 28 items 2 and 14, as a person sees them: `w` over a read-only file asks first ("o
/// overwrite, s save as, Esc") and keeps it read-only; over a file deleted since it was read it
/// says so and offers to write it again.
#[test]
fn a_save_over_a_read_only_or_deleted_file_asks_first_on_screen() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    std::fs::copy(asset("hard.txt"), &path).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut s = Session::start(&["p.txt"], dir.path(), &[]);
    s.wait_text("p.txt");
    // A given in r1c2 (blank), in puzzle-edit mode: the line format keeps it.
    s.keys("lp9p");
    s.keys("w");
    let screen = s.wait_text("read-only");
    let text = question_text(&screen);
    assert!(text.contains("p.txt is read-only. Write over it anyway?"), "{text}");
    assert!(
        text.contains("o overwrite it") && text.contains("s save as another file") && text.contains("Esc cancel"),
        "{text}"
    );
    s.send(b"\x1b");
    s.wait_text("Cancelled");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before, "nothing written");
    s.keys("w");
    s.wait_text("read-only");
    s.keys("o");
    s.wait_text("Saved to p.txt");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before.replacen("4.", "49", 1));
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "still read-only");

    // Deleted meanwhile: said so, and written again on w.
    std::fs::remove_file(&path).unwrap();
    s.keys("lp8p");
    s.keys("w");
    let screen = s.wait_text("deleted or moved");
    let text = question_text(&screen);
    assert!(
        text.contains("p.txt was deleted or moved since it was read. Write it again?"),
        "{text}"
    );
    assert!(!text.contains("another program"), "{text}");
    assert!(text.contains("w write it again"), "{text}");
    s.keys("w");
    s.wait_text("Saved to p.txt");
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("49.8"));
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// Issue 28 item 15, as a person sees it: a progress file whose `#!time` is out of range does
/// not open, and says where; a problem with the settings file does not hide that.
#[test]
fn a_progress_file_out_of_range_says_where_even_beside_a_settings_problem() {
    let dir = tempfile::tempdir().unwrap();
    let grid: String = std::fs::read_to_string(asset("hardest.sdk"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(
        dir.path().join("game.swb"),
        format!("#!sudoku-workbench progress 1\n#!time 1000000000000000000000000000000\n{grid}"),
    )
    .unwrap();
    let config = dir.path().join("cfg");
    std::fs::create_dir_all(config.join("sudoku-workbench")).unwrap();
    std::fs::write(config.join("sudoku-workbench").join("config"), "colour = red\n").unwrap();
    let mut s = Session::start(
        &["game.swb"],
        dir.path(),
        &[("XDG_CONFIG_HOME", config.to_str().unwrap())],
    );
    let screen = s.wait_for("both problems", |s| {
        let text = s.contents();
        text.contains("Cannot open") && text.contains("Settings file")
    });
    // The panel beside the board, its lines joined.
    let panel: Vec<String> = (0..24).map(|y| screen.contents_between(y, 40, y, 80)).collect();
    let text = panel.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(
            "game.swb: line 2, column 8: #!time takes a whole number of seconds from 0 to 3153600000. Settings file"
        ),
        "{text}"
    );
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// A trace of a million steps (75 MB): the header of the hardest puzzle, then steps that read
/// (the workbench checks them against its engine only when it replays them).
fn big_trace(dir: &Path) -> PathBuf {
    use std::io::Write;
    let path = dir.join("big.naive.trace.jsonl");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    writeln!(
        out,
        r#"{{"trace":"sudoku-workbench","version":1,"puzzle":"{puzzle}","strategy":"naive"}}"#
    )
    .unwrap();
    for step in 1..=1_000_000 {
        writeln!(
            out,
            r#"{{"step":{step},"op":"place","cell":"r1c2","digit":1,"depth":1,"forced":false}}"#
        )
        .unwrap();
    }
    out.flush().unwrap();
    path
}

/// Issue 28 item 8: opening a big trace no longer freezes the screen. The workbench starts at
/// once, shows which file it reads and how far it got, answers Esc by giving the read up (the
/// built-in puzzle stays), and quits with the terminal restored.
#[test]
fn a_big_trace_opens_with_its_progress_shown_and_esc_gives_it_up() {
    let dir = tempfile::tempdir().unwrap();
    let trace = big_trace(dir.path());
    let mut s = Session::start_reading(&[trace.to_str().unwrap()], dir.path(), &[]);
    let screen = s.wait_text("Opening");
    let text = screen.contents();
    assert!(text.contains("big.naive.trace.jsonl"), "{text}");
    assert!(text.contains("Esc stops: the board stays as it is"), "{text}");
    s.wait_text("steps");
    s.send(b"\x1b");
    let screen = s.wait_text("Stopped reading");
    let text = screen.contents();
    assert!(text.contains("the board is") && text.contains("as it was"), "{text}");
    assert!(
        text.contains("built-in: hardest.sdk") && !text.contains("Opening"),
        "{text}"
    );
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// Three games in the real binary, as a person plays them: the first of a collection solved by
/// hand with hints, the second given to the solver, the third left by a quit without saving;
/// then the statistics screen (`S`) and `sudoku-workbench stats` read them back.
#[test]
fn three_games_played_show_in_the_statistics_and_in_stats() {
    let data = tempfile::tempdir().unwrap();
    let data_home = data.path().to_str().unwrap();
    let collection = asset("collection.sdm");
    let mut s = Session::start(
        &[collection.to_str().unwrap()],
        Path::new("/"),
        &[("XDG_DATA_HOME", data_home)],
    );
    s.wait_text("collection.sdm");
    // Game 1: hint after hint (where, why, do it) until the board is full.
    for _ in 0..200 {
        if s.screen().contents().contains("✓ Solved!") {
            break;
        }
        s.keys("iii");
    }
    s.wait_text("✓ Solved!");
    s.send(b"\r");
    // Game 2: an entry, then the solver.
    s.keys("]");
    s.wait_text("Open collection.sdm #2/12 anyway?");
    s.keys("y");
    s.wait_text("collection.sdm #2");
    s.keys("i");
    wait_panel(&s, "Hint:");
    s.keys("s");
    wait_panel(&s, "Solved with fast");
    // The statistics of the two so far, on screen.
    s.keys("S");
    s.wait_text("Statistics: 2 games");
    s.wait_text("Times solved: ");
    s.send(b"\x1b");
    s.wait_for("the statistics to close", |screen| {
        !screen.contents().contains("Statistics:")
    });
    // A key right after Esc would read as Alt and that key.
    std::thread::sleep(std::time::Duration::from_millis(300));
    // Game 3: an entry, then quit without saving.
    s.keys("]");
    s.wait_text("Open collection.sdm #3/12 anyway?");
    s.keys("y");
    s.wait_text("collection.sdm #3");
    s.keys("iii");
    wait_panel(&s, "Done:");
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();
    let out = std::process::Command::new(pty::bin())
        .arg("stats")
        .env("XDG_DATA_HOME", data_home)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.stderr.is_empty(),
        "no line skipped: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record = data.path().join("sudoku-workbench").join("games");
    assert!(
        text.starts_with(&format!("3 games in {}: 1 solved, 2 given up\n", record.display())),
        "{text}"
    );
    let all = text
        .lines()
        .find(|l| l.starts_with("all"))
        .unwrap_or_else(|| panic!("{text}"));
    let words: Vec<&str> = all.split_whitespace().collect();
    assert_eq!(&words[..3], ["all", "3", "1"], "{text}");
}

/// Issue 31: the digit filter in the real terminal at 80x24. `f 4` shades every empty cell
/// where 4 can still go, with the 4 in it, and highlights the cells holding a 4; `f 0` takes it
/// off; without colour the shaded cells are in reverse video.
#[test]
fn the_filter_shades_where_a_digit_can_go() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let board = sudoku_engine::parse_puzzle(&std::fs::read(asset("hard.txt")).unwrap())
        .unwrap()
        .board;
    for no_color in [false, true] {
        let env: &[(&str, &str)] = if no_color { &[("NO_COLOR", "1")] } else { &[] };
        let mut s = Session::start(&["assets/hard.txt"], &here, env);
        s.wait_text("hard.txt");
        // The cursor to r9c9, then the filter on 4.
        s.keys("kh");
        s.keys("f");
        s.wait_text("which digit?");
        s.keys("4");
        wait_panel(&s, "4: can go in 21 cells, 3 placed");
        let screen = s.screen();
        for p in sudoku_engine::Pos::all().filter(|p| p.index() != 80) {
            let (row, col) = (p.row() as u16, p.col() as u16);
            let c = cell(&screen, row, col);
            let can = board.digit(p).is_none() && board.candidates(p).contains(sudoku_engine::Digit::new(4).unwrap());
            let holds = board.digit(p).map(|d| d.get()) == Some(4);
            match (no_color, can, holds) {
                (false, true, _) => {
                    assert_eq!((c.contents(), c.bgcolor()), ("4", vt100::Color::Idx(23)), "{p}");
                    assert_eq!(c.fgcolor(), vt100::Color::Idx(3), "{p}: the 4 in yellow");
                }
                (false, _, true) => assert_eq!(c.bgcolor(), vt100::Color::Idx(178), "{p} holds 4"),
                (false, false, false) => {
                    assert!(
                        ![vt100::Color::Idx(23), vt100::Color::Idx(178)].contains(&c.bgcolor()),
                        "{p}"
                    )
                }
                (true, true, _) => assert!(c.contents() == "4" && c.inverse(), "{p} reversed"),
                (true, _, true) => assert!(c.bold() && c.underline(), "{p} holds 4"),
                (true, false, false) => assert!(!c.inverse(), "{p}"),
            }
        }
        s.keys("f0");
        s.wait_text("Filter off");
        assert_eq!(cell(&s.screen(), 1, 3).contents(), "·", "r2c4 is a blank again");
        s.keys("q");
        s.expect_exit_with_terminal_restored();
    }
}

/// Issue 31: a colour painted on a cell and one on a candidate survive a save and a reopen of
/// the real binary, on screen and in the file.
#[test]
fn a_colour_survives_a_save_and_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(asset("hard.txt"), dir.path().join("hard.txt")).unwrap();
    let state = dir.path().join("state");
    let env = [("XDG_STATE_HOME", state.to_str().unwrap())];
    let mut s = Session::start(&["hard.txt"], dir.path(), &env);
    s.wait_text("hard.txt");
    // r1c2 coloured a; the 4 of r2c4 coloured B (through the filter on 4); the cursor away.
    s.keys("lba");
    s.wait_text("r1c2 coloured a");
    s.keys("jllf4");
    wait_panel(&s, "Filter 4");
    s.keys("BB");
    s.wait_text("the 4 of r2c4 coloured B");
    s.keys("j");
    let painted = |screen: &vt100::Screen| {
        let (y, x) = digit_at(0, 1);
        let a = screen.cell(y, x - 1).unwrap();
        let (y, x) = digit_at(1, 3);
        let four = screen.cell(y, x).unwrap();
        let letter = screen.cell(y, x + 1).unwrap();
        a.contents() == "a"
            && a.bgcolor() == vt100::Color::Idx(130)
            && four.contents() == "4"
            && four.bgcolor() == vt100::Color::Idx(183)
            && letter.contents() == "B"
    };
    s.wait_for("the colours on screen", painted);
    // Saved where the prompt offers (a progress file beside the puzzle), then quit.
    s.keys("w");
    s.wait_text("save your game (entries, marks and all) as");
    s.keys("\r");
    s.wait_text("Saved to hard.swb");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
    let saved = std::fs::read_to_string(dir.path().join("hard.swb")).unwrap();
    assert!(saved.contains(&format!("#!colours .a{}\n", ".".repeat(79))), "{saved}");
    assert!(saved.contains("#!candidate-colours "), "{saved}");
    // Reopened: the same colours, the filter on again to show the candidate's.
    let mut s = Session::start(&["hard.swb"], dir.path(), &env);
    s.wait_text("hard.swb");
    s.keys("f4");
    wait_panel(&s, "Filter 4");
    s.keys("j");
    s.wait_for("the colours back on screen", painted);
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}
