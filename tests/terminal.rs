//! The terminal is always given back, and unsaved work survives: the real binary in a
//! pseudo-terminal, ended every way it can end (quit, Ctrl-C, an error, a panic, SIGTERM, SIGHUP,
//! SIGINT), with the vt100 state checked after each; a crash's recovery file offered at the next
//! start; and names with escape sequences shown, never obeyed.

mod pty;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use pty::{Session, asset};
use std::path::Path;

/// Starts the workbench with its recovery file kept in `state` (a fresh temporary directory).
fn start(state: &Path, args: &[&str]) -> Session {
    let state = state.to_str().unwrap();
    Session::start(
        args,
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            ("XDG_STATE_HOME", state),
            ("SUDOKU_WORKBENCH_TEST_PANIC", "1"),
            // The panic message, not a backtrace scrolling it off the 24 lines.
            ("RUST_BACKTRACE", "0"),
        ],
    )
}

fn recovery_file(state: &Path) -> std::path::PathBuf {
    state.join("sudoku-workbench/recovery.sdk")
}

/// Types a 7 into r1c1 of the (emptied) board: unsaved work.
fn make_unsaved_work(s: &mut Session) {
    s.keys("C");
    s.wait_text("EDIT PUZZLE");
    s.keys("7");
    s.wait_text("Conflicts   0");
}

#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[]);
    s.wait_text("built-in: hardest.sdk");
    s.send(b"\x03");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn an_error_restores_the_terminal_says_why_and_keeps_the_board() {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[]);
    make_unsaved_work(&mut s);
    s.send(b"\x1b[23~"); // F11: the test error
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{status:?}");
    s.assert_terminal_restored();
    let screen = s.wait_text("the test error");
    assert!(screen.contents().contains("recovery.sdk"), "{}", screen.contents());
    let saved = std::fs::read_to_string(recovery_file(state.path())).unwrap();
    assert!(saved.starts_with('7'), "the typed 7 is kept:\n{saved}");
}

#[test]
fn a_panic_restores_the_terminal_keeps_the_board_and_the_next_start_offers_it() {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[]);
    make_unsaved_work(&mut s);
    s.send(b"\x1b[24~"); // F12: the test panic
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 101, "{status:?}");
    s.assert_terminal_restored();
    let screen = s.wait_text("the test panic");
    let text = screen.contents();
    assert!(text.contains("your unsaved board was written to"), "{text}");
    assert!(text.contains("recovery.sdk"), "{text}");
    drop(s);

    // The next start asks; yes reopens the board, which counts as unsaved work.
    let mut s = start(state.path(), &[]);
    s.wait_text("stopped unexpectedly");
    s.keys("y");
    let screen = s.wait_text("recovered board");
    assert_eq!(
        screen.cell(2, 3).map(|c| c.contents()),
        Some("7"),
        "r1c1: {}",
        screen.contents()
    );
    assert!(!recovery_file(state.path()).exists(), "the offer is made once");
    s.keys("q");
    s.wait_text("unsaved changes");
    s.keys("y");
    s.expect_exit_with_terminal_restored();

    // Nothing left to offer.
    let mut s = start(state.path(), &[]);
    s.wait_text("built-in: hardest.sdk");
    assert!(!s.screen().contents().contains("stopped unexpectedly"));
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn declining_the_recovered_board_discards_it() {
    let state = tempfile::tempdir().unwrap();
    let file = recovery_file(state.path());
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, std::fs::read(asset("easy.txt")).unwrap()).unwrap();
    let mut s = start(state.path(), &[]);
    s.wait_text("stopped unexpectedly");
    s.keys("n");
    s.wait_text("discarded");
    s.wait_text("built-in: hardest.sdk");
    assert!(!file.exists());
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

/// Ends the workbench with `signal` while it has unsaved work: terminal restored, exit status
/// 128 + signal, the board in the recovery file.
fn ended_by(signal: Signal) {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[]);
    make_unsaved_work(&mut s);
    kill(Pid::from_raw(s.pid()), signal).unwrap();
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + signal as u32, "{signal}: {status:?}");
    s.assert_terminal_restored();
    let saved = std::fs::read_to_string(recovery_file(state.path())).unwrap();
    assert!(saved.starts_with('7'), "{signal}: the typed 7 is kept:\n{saved}");
}

#[test]
fn sigterm_restores_the_terminal_and_keeps_the_board() {
    ended_by(Signal::SIGTERM);
}

#[test]
fn sighup_restores_the_terminal_and_keeps_the_board() {
    ended_by(Signal::SIGHUP);
}

#[test]
fn sigint_restores_the_terminal_and_keeps_the_board() {
    ended_by(Signal::SIGINT);
}

#[test]
fn a_saved_board_leaves_no_recovery_file() {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[asset("easy.txt").to_str().unwrap()]);
    s.wait_text("easy.txt");
    kill(Pid::from_raw(s.pid()), Signal::SIGTERM).unwrap();
    s.wait_exit();
    s.assert_terminal_restored();
    assert!(
        !recovery_file(state.path()).exists(),
        "nothing unsaved, nothing written"
    );
}

#[test]
fn a_file_name_with_an_escape_sequence_is_shown_not_obeyed() {
    let state = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    // ESC [ 2 J would clear the screen; ESC ] 0 ; ... BEL would retitle the window.
    let name = "evil\x1b[2J\x1b]0;pwned\x07.txt";
    let path = dir.path().join(name);
    std::fs::copy(asset("easy.txt"), &path).unwrap();
    let mut s = start(state.path(), &[path.to_str().unwrap()]);
    // Shown escaped: had the terminal received the bytes, the title sequence would have
    // vanished into a window title and the clear wiped the screen.
    s.wait_text("evil\\u{1b}[2J\\u{1b}]0;pwned\\u{7}.txt");
    // The same file in the file browser, opened in its directory.
    s.keys("o");
    s.wait_text("Open:");
    s.wait_text("evil\\u{1b}[2J");
    s.keys("\x1b");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn a_broken_file_with_an_escape_in_its_name_reports_it_visibly() {
    let state = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad\x1b[31m.txt");
    std::fs::write(&path, b"12x\n").unwrap();
    let mut s = start(state.path(), &[path.to_str().unwrap()]);
    let screen = s.wait_text("bad\\u{1b}[31m.txt");
    let text = screen.contents();
    assert!(text.contains("column 3: expected a digit"), "{text}");
    assert!(text.contains("built-in: hardest.sdk"), "the board as it was: {text}");
    s.keys("q");
    s.expect_exit_with_terminal_restored();
}

#[test]
fn random_resizes_and_keys_through_the_terminal_never_break_it() {
    let state = tempfile::tempdir().unwrap();
    let mut s = start(state.path(), &[]);
    s.wait_text("built-in: hardest.sdk");
    // SplitMix64 from a fixed seed: the same sizes and keys on every run.
    let mut seed = 7u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let z = (seed ^ (seed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let keys = ["n", "b", " ", "s", "t", "?", "\x1b", "hjkl", "5", "u", "p", "+"];
    for _ in 0..60 {
        let (cols, rows) = (1 + (next() % 300) as u16, 1 + (next() % 100) as u16);
        s.resize(cols, rows);
        s.keys(keys[(next() % keys.len() as u64) as usize]);
    }
    // Small: the message says so. Back to 80x24: the workbench, still answering keys. (Each
    // after a pause: output drawn for an earlier size and read after the screen model was
    // resized would leave stale cells that the next frame's diff does not repaint.)
    std::thread::sleep(std::time::Duration::from_millis(300));
    s.resize(60, 10);
    s.wait_text("too small (need 64x21, have 60x10)");
    std::thread::sleep(std::time::Duration::from_millis(300));
    s.resize(80, 24);
    s.keys("\x1b");
    s.wait_text("sudoku-workbench │");
    assert!(s.child.try_wait().unwrap().is_none(), "still running");
    s.send(b"\x03");
    s.expect_exit_with_terminal_restored();
}
