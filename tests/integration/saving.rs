//! Saving never destroys anything, tested through the model and its runtime on real files:
//! metadata kept in place, givens and entries kept apart (the progress format), files changed
//! on disk, collections, save as (links, FIFOs, directories, existing files, the format the
//! name chooses), full and read-only disks, crash recovery between two workbenches, and the
//! memory undo takes.

use crate::common;

use common::workbench::{Bench, asset, digit, pos};
use ratatui::crossterm::event::KeyCode;
use std::path::Path;
use sudoku_engine::{Cell, Format, parse_document};
use sudoku_workbench::app::{Action, Document, Older, Origin, Overlay};

fn question(bench: &Bench) -> String {
    match &bench.overlay {
        Some(Overlay::Question(q)) => q.text.clone(),
        other => panic!("expected a question, got {other:?} (message {:?})", bench.message()),
    }
}

fn prompt(bench: &Bench) -> (String, String, Format) {
    match &bench.overlay {
        Some(Overlay::Prompt(p)) => (p.label.clone(), p.input.clone(), p.format),
        other => panic!(
            "expected the save prompt, got {other:?} (message {:?})",
            bench.message()
        ),
    }
}

/// A copy of the sample `name` in a fresh directory.
fn copied(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::copy(asset(name), &path).unwrap();
    (dir, path)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Item 1: the SadMan tags without a space, and lines no reader knows, survive a save in place.
#[test]
fn a_save_in_place_keeps_every_metadata_and_comment_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("inkala.sdk");
    let text = "#AArto Inkala\n#DA simple one\n[Puzzle]\n#Qan unknown tag\n# a comment\n\
                8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4..\n\
                # after the grid\n";
    std::fs::write(&path, text).unwrap();
    let mut app = Bench::on_file(&path, None);
    assert_eq!(app.doc.source.format, Format::Sdk);
    let meta: Vec<_> = app.doc.source.text.meta().map(|(t, v)| (t, v.to_string())).collect();
    assert_eq!(meta.len(), 2, "#AName and #DText read: {meta:?}");
    // A given changed in puzzle-edit mode (givens only: the .sdk keeps it in place).
    app.keys("lp9p");
    app.keys("w");
    assert!(!app.is_modified(), "{}", app.message());
    let saved = read(&path);
    assert_eq!(
        saved,
        text.replacen("8........", "89.......", 1),
        "only the cell changed"
    );
}

/// Item 1: an .sdk of metadata and one 81-character line is still .sdk, metadata and all.
#[test]
fn an_sdk_with_its_puzzle_on_one_line_keeps_its_metadata() {
    let text =
        "#AArto Inkala\n#B2012\n8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
    let parsed = parse_document(text.as_bytes(), None).unwrap();
    assert_eq!(parsed.format, Format::Sdk);
    let puzzle = &parsed.first().unwrap().puzzle;
    assert_eq!(puzzle.meta().count(), 2);
    assert_eq!(
        Format::Sdk.to_string(puzzle).lines().take(2).collect::<Vec<_>>(),
        ["#AArto Inkala", "#B2012"]
    );
}

/// Item 2: a game saves to a progress file and reopens exactly as it was.
#[test]
fn a_game_with_entries_saves_as_progress_and_reopens_as_it_was() {
    let (dir, path) = copied("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    app.keys("l1"); // an entry
    app.act(Action::Select(pos(8, 8)));
    app.keys("w");
    let (label, input, format) = prompt(&app);
    assert!(label.contains("holds givens only"), "{label}");
    assert_eq!((input.as_str(), format), ("hardest.swb", Format::Progress), "{input}");
    app.key(KeyCode::Enter);
    assert!(!app.is_modified(), "{}", app.message());
    let game = dir.path().join("hardest.swb");
    assert_eq!(app.doc.source.origin, Origin::File(game.clone()));
    assert_eq!(
        read(&path),
        std::fs::read_to_string(asset("hardest.sdk")).unwrap(),
        "the puzzle file is untouched"
    );
    let reopened = Bench::on_file(&game, None);
    assert_eq!(reopened.doc.board.given_count(), 21, "givens stay givens");
    assert_eq!(
        reopened.doc.board.cell(pos(0, 1)),
        Cell::Entry(digit(1)),
        "entries stay entries"
    );
    assert_eq!(reopened.doc.board, app.doc.board);
    assert_eq!(
        reopened.doc.source.text.meta_value(sudoku_engine::MetaTag::Author),
        Some("Arto Inkala")
    );
    assert!(!reopened.is_modified());
    // The solver's digits too.
    let mut app = Bench::on_file(&game, None);
    app.keys("s");
    assert!(app.is_modified());
    app.keys("w");
    assert!(!app.is_modified(), "a progress file saves in place: {}", app.message());
    let reopened = Bench::on_file(&game, None);
    assert_eq!(reopened.doc.board, app.doc.board, "solver digits kept apart");
    assert!(reopened.doc.board.is_solved());
}

/// Item 2: saving a game to a givens-only format keeps the givens only, says so, and leaves
/// the work unsaved; entries become givens only with `G`.
#[test]
fn a_givens_only_format_never_turns_entries_into_givens() {
    let (dir, _) = copied("hardest.sdk");
    let mut app = Bench::on_file(&dir.path().join("hardest.sdk"), None);
    app.cwd = dir.path().to_path_buf();
    app.keys("l1W");
    app.answer_prompt("copy.sdk");
    let copy = Bench::on_file(&dir.path().join("copy.sdk"), None);
    assert_eq!(copy.doc.board.given_count(), 21, "not 22");
    assert_eq!(copy.doc.board.cell(pos(0, 1)), Cell::Empty);
    assert!(
        app.is_error() && app.message().contains("givens only"),
        "{}",
        app.message()
    );
    assert!(app.is_modified(), "the entry is still unsaved");
    app.keys("GW");
    app.answer_prompt("given.sdk");
    app.keys("y");
    let given = Bench::on_file(&dir.path().join("given.sdk"), None);
    assert_eq!(given.doc.board.given_count(), 22, "G asked for it");
}

/// Item 3: another program changed the file: ask; overwrite, save as or cancel.
#[test]
fn a_file_changed_on_disk_is_not_overwritten_without_asking() {
    let (_dir, path) = copied("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.keys("lp9p");
    let theirs = format!("{}# their line\n", read(&path));
    std::fs::write(&path, &theirs).unwrap();
    app.keys("w");
    assert!(question(&app).contains("changed on disk"), "{}", question(&app));
    app.key(KeyCode::Esc);
    assert_eq!(read(&path), theirs, "cancel: their file stays");
    assert!(app.is_modified());
    app.keys("w");
    app.keys("s");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))), "s: save as");
    app.key(KeyCode::Esc);
    app.keys("wo");
    assert!(!app.is_modified(), "{}", app.message());
    let ours = read(&path);
    assert!(ours.contains("89......."), "{ours}");
    // The same size, the same modification time, other content: the hash tells.
    let same_length = ours.replacen("89.......", "98.......", 1);
    let mtime = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::fs::write(&path, &same_length).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    app.keys("l1");
    app.keys("w");
    assert!(
        matches!(app.overlay, Some(Overlay::Prompt(_))),
        "entries: the progress prompt"
    );
    app.key(KeyCode::Esc);
    app.keys("0p7p");
    app.keys("w");
    assert!(question(&app).contains("changed on disk"));
}

/// Item 3: a puzzle of a collection is found by its content; a different puzzle is never
/// overwritten.
#[test]
fn saving_a_puzzle_of_a_collection_finds_its_line_by_content() {
    let (_dir, path) = copied("collection.sdm");
    let before = read(&path);
    let mut app = Bench::on_file(&path, Some(1));
    app.keys("p9p"); // a given 9 in r1c1 of puzzle 2, blank before
    app.keys("w");
    let after = read(&path);
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
    // Another program puts a puzzle in front: the save still finds ours, by content.
    let mut app = Bench::on_file(&path, Some(1));
    app.keys("l7");
    let puzzle = app.doc.board.givens_only();
    let shifted = format!("{}\n{after}", "1".repeat(81).replacen('1', "2", 1));
    std::fs::write(&path, &shifted).unwrap();
    app.keys("p"); // no entries: the .sdm can keep it
    app.keys("0p");
    app.act(Action::Select(pos(8, 8)));
    app.keys("p5p");
    app.keys("wo");
    let now = read(&path);
    let line = now
        .lines()
        .find(|l| l.ends_with('5') && l.starts_with('9'))
        .expect("our puzzle, saved");
    assert_eq!(
        now.lines().position(|l| l == line),
        Some(4),
        "one line down, where it moved"
    );
    assert_eq!(now.lines().count(), shifted.lines().count());
    assert_ne!(puzzle, app.doc.board.givens_only());
    // Our puzzle is gone from the file: refused, nothing written.
    let gone: String = now.lines().filter(|l| *l != line).map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, &gone).unwrap();
    app.keys("p4p");
    app.keys("wo");
    assert!(app.message().starts_with("Not saved"), "{}", app.message());
    assert_eq!(read(&path), gone, "no other puzzle overwritten");
}

/// Item 3: a collection with lone CR line ends keeps them and every puzzle.
#[test]
fn a_collection_with_cr_line_ends_keeps_every_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mac.sdm");
    let lines: Vec<String> = read(&asset("collection.sdm"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let text = lines.join("\r") + "\r";
    std::fs::write(&path, &text).unwrap();
    let mut app = Bench::on_file(&path, Some(2));
    assert_eq!(app.doc.source.collection.as_ref().map(|c| c.len()), Some(lines.len()));
    let blank = app.doc.board.to_string().find('.').unwrap();
    app.act(Action::Select(pos(blank / 9, blank % 9)));
    app.keys("p1p");
    app.keys("w");
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(saved.len(), text.len(), "{}", app.message());
    assert!(!saved.contains(&b'\n'), "CR stays CR");
    let differing = saved
        .split(|&b| b == b'\r')
        .zip(text.as_bytes().split(|&b| b == b'\r'))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 1, "only puzzle 3 changed");
}

/// Item 4: save as asks before replacing, writes through links, refuses FIFOs, directories
/// and devices; the extension chooses the format, and the prompt says which.
#[test]
fn save_as_asks_follows_links_and_refuses_special_files() {
    let (dir, path) = copied("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    // An existing file: asked, n goes back to the prompt, y replaces.
    std::fs::write(dir.path().join("taken.sdk"), "keep me\n").unwrap();
    app.keys("W");
    app.answer_prompt("taken.sdk");
    assert!(question(&app).contains("exists"), "{}", question(&app));
    app.keys("n");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))));
    assert_eq!(read(&dir.path().join("taken.sdk")), "keep me\n");
    app.answer_prompt("taken.sdk");
    app.keys("y");
    assert!(read(&dir.path().join("taken.sdk")).starts_with("#A Arto Inkala"));
    // A link: the target is written, the link stays a link.
    std::fs::write(dir.path().join("target.txt"), "old\n").unwrap();
    std::os::unix::fs::symlink("target.txt", dir.path().join("link.txt")).unwrap();
    app.keys("W");
    app.answer_prompt("link.txt");
    app.keys("y");
    assert!(
        std::fs::symlink_metadata(dir.path().join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        read(&dir.path().join("target.txt")).lines().last().unwrap().len(),
        81,
        "a line"
    );
    // FIFO, directory, device: refused with a message, nothing blocks.
    let fifo = dir.path().join("pipe.sdk");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::fs::create_dir(dir.path().join("folder.sdk")).unwrap();
    for (name, kind) in [
        ("pipe.sdk", "FIFO"),
        ("folder.sdk", "directory"),
        ("/dev/null", "device"),
    ] {
        app.keys("W");
        app.answer_prompt(name);
        if matches!(app.overlay, Some(Overlay::Question(_))) {
            app.keys("y");
        }
        assert!(app.is_error(), "{name}: {}", app.message());
        assert!(app.message().contains(kind), "{name}: {}", app.message());
        assert!(
            matches!(app.overlay, Some(Overlay::Prompt(_))),
            "{name}: back to the prompt"
        );
        app.key(KeyCode::Esc);
    }
    // The extension typed chooses the format; Tab chooses one over it.
    app.keys("W");
    for (name, format) in [
        ("a.txt", Format::Line),
        ("a.ss", Format::Ss),
        ("a.swb", Format::Progress),
        ("a.sdk", Format::Sdk),
    ] {
        for _ in 0..200 {
            app.key(KeyCode::Backspace);
        }
        for c in name.chars() {
            app.act(Action::Input(c));
        }
        assert_eq!(prompt(&app).2, format, "{name}");
    }
    app.key(KeyCode::Tab);
    let (_, input, format) = prompt(&app);
    assert_ne!(format, Format::Sdk);
    assert!(input.ends_with(format.extension()), "{input} follows {format:?}");
}

/// Item 5: two workbenches never overwrite each other's recovery file; both are offered at
/// the next start, newest first, and reopen as they were.
#[test]
fn two_workbenches_keep_their_own_recovery_files() {
    let (_dir, path) = copied("collection.sdm");
    let state = tempfile::tempdir().unwrap();
    let state_path = state.path().to_path_buf();
    let mut first = Bench::new(Document::new_empty());
    first.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    first.open_path(&path, Some(3));
    first.run_effects();
    first.keys("l1");
    first.keep();
    // In one test process both have one pid: another second gives another name, as another
    // pid would.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let mut second = Bench::new(Document::new_empty());
    second.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    second.act(Action::Paste(read(&asset("hard.txt"))));
    second.keys("5");
    second.keep();
    let files: Vec<_> = std::fs::read_dir(&state_path)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "swb"))
        .collect();
    assert_eq!(files.len(), 2, "one file each");
    for file in &files {
        use std::os::unix::fs::PermissionsExt;
        let mode = file.metadata().unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "a recovery file is its owner's alone");
    }
    // While both run, neither is offered to a third.
    let mut third = Bench::new(Document::new_empty());
    third.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    third.look_for_recovery();
    assert_eq!(third.overlay, None, "files of running workbenches are theirs");
    // Both end without a clean quit (a crash, a kill): the next start offers both.
    let first_board = first.doc.board.clone();
    let second_board = second.doc.board.clone();
    drop(first);
    drop(second);
    let mut next = Bench::new(Document::new_empty());
    next.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    next.look_for_recovery();
    let Some(Overlay::Recovery(offer)) = next.overlay.clone() else {
        panic!("expected the offer, got {:?}", next.overlay)
    };
    assert_eq!(offer.offers.len(), 2);
    assert!(
        offer.offers[0].summary.contains("pasted"),
        "newest first: {:?}",
        offer.offers
    );
    assert!(offer.offers[1].summary.contains("collection.sdm"), "{:?}", offer.offers);
    // n is the step key: it does not answer.
    next.keys("n");
    assert!(matches!(next.overlay, Some(Overlay::Recovery(_))));
    // The older one: the file, its place in the collection, givens apart from entries.
    next.keys("j");
    next.keys("y");
    assert_eq!(next.doc.source.origin, Origin::File(path.clone()));
    assert_eq!(next.doc.source.format, Format::Line);
    assert_eq!(next.doc.source.collection.as_ref().map(|c| c.index), Some(3));
    assert_eq!(next.doc.board, first_board);
    assert_eq!(next.doc.board.cell(pos(0, 1)), Cell::Entry(digit(1)));
    assert!(next.is_modified(), "reopened as unsaved work");
    // Kept in this session's own file (the reopened one goes then), which a clean end removes.
    next.keep();
    next.runtime.keeper.remove();
    drop(next);
    // The other is still offered; Esc keeps it, d asks, and only yes discards it.
    let start = || {
        let mut bench = Bench::new(Document::new_empty());
        bench.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
        bench.look_for_recovery();
        bench
    };
    let mut last = start();
    let Some(Overlay::Recovery(offer)) = last.overlay.clone() else {
        panic!("the second is still offered")
    };
    assert_eq!(offer.offers.len(), 1);
    last.key(KeyCode::Esc);
    assert!(last.message().contains("kept"), "{}", last.message());
    drop(last);
    assert!(offer.offers[0].path.exists());
    let mut last = start();
    last.keys("d");
    assert!(question(&last).contains("Discard"));
    last.keys("n");
    drop(last);
    assert!(offer.offers[0].path.exists(), "no: kept");
    let mut last = start();
    last.keys("y");
    assert_eq!(last.doc.board, second_board, "the pasted work, as it was");
    assert_eq!(last.doc.source.origin, Origin::Pasted);
    // In this session's own file, then given up by a clean end.
    last.keep();
    last.runtime.keeper.remove();
    drop(last);
    let mut last = start();
    assert_eq!(last.overlay, None, "reopened work is not offered again");
    last.keys("q");
    drop(last);
    // Discarding, confirmed, removes the file.
    let mut crashed = start();
    crashed.keys("5");
    crashed.keep();
    drop(crashed);
    let mut last = start();
    let Some(Overlay::Recovery(offer)) = last.overlay.clone() else {
        panic!("offered")
    };
    last.keys("d");
    last.keys("y");
    assert!(!offer.offers[0].path.exists(), "discarded for good");
}

/// Item 5 and 6: a 20 MB file of comments makes a small recovery file and small undo records.
#[test]
fn megabytes_of_metadata_are_never_copied_per_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sdk");
    let comment = format!("# {}\n", "x".repeat(1000));
    let mut text = comment.repeat(20_000);
    text.push_str(
        &read(&asset("hardest.sdk"))
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    text.push('\n');
    std::fs::write(&path, &text).unwrap();
    let mut app = Bench::on_file(&path, None);
    assert!(app.doc.source.text.notes_len() > 20_000_000);
    for k in 0..500 {
        app.act(Action::Select(pos(0, 1 + k % 8)));
        app.keys(if k % 2 == 0 { "1" } else { "0" });
        app.keys("u");
        app.ctrl('r');
    }
    assert!(app.undo_bytes() < 1 << 20, "undo holds {} bytes", app.undo_bytes());
    app.keep();
    let kept = std::fs::read(app.runtime.keeper.path()).unwrap();
    assert!(kept.len() < 4096, "the recovery file holds {} bytes", kept.len());
    // Loads share the file's lines: ten loads of it stay far below ten copies.
    for _ in 0..10 {
        app.open_path(&path, None);
        app.run_effects();
        if matches!(app.overlay, Some(Overlay::Question(_))) {
            app.keys("y");
        }
    }
    assert!(
        app.undo_bytes() < 64 << 20,
        "{} bytes after ten loads",
        app.undo_bytes()
    );
}

/// Issue 28, item 17: a pasted puzzle with more lines than a recovery file takes with every
/// change (256 KiB) keeps them all through a crash: they go to a file of their own beside it,
/// written when they change, not with every digit.
#[test]
fn a_pasted_puzzle_with_megabytes_of_lines_keeps_them_through_a_crash() {
    let state = tempfile::tempdir().unwrap();
    let state_path = state.path().to_path_buf();
    let mut pasted: String = (0..3000).map(|k| format!("# line {k} {}\n", "x".repeat(200))).collect();
    pasted.push_str("#AThe author\n");
    pasted.push_str(&read(&asset("hard.txt")));
    let mut crashed = Bench::new(Document::new_empty());
    crashed.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    crashed.act(Action::Paste(pasted));
    let notes = crashed.doc.source.text.notes.clone();
    let comment = crashed.doc.source.text.comment.clone();
    assert!(comment.is_some(), "hard.txt's comment");
    assert!(crashed.doc.source.text.notes_len() > 512 * 1024);
    let blank = crashed.doc.board.to_string().find('.').unwrap();
    crashed.act(Action::Select(pos(blank / 9, blank % 9)));
    crashed.keys("5");
    crashed.keep();
    let kept = crashed.runtime.keeper.path();
    assert!(
        std::fs::metadata(&kept).unwrap().len() < 4096,
        "the recovery file stays small"
    );
    let lines = kept.with_extension("lines");
    let written = || {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(&lines).unwrap().ino()
    };
    let first = written();
    crashed.keys("6");
    crashed.keep();
    assert_eq!(written(), first, "a digit does not write the lines again");
    let board = crashed.doc.board.clone();
    drop(crashed);
    let mut next = Bench::new(Document::new_empty());
    next.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
    next.look_for_recovery();
    next.keys("y");
    assert!(next.message().starts_with("Reopened the work"), "{}", next.message());
    assert_eq!(next.doc.board, board);
    assert_eq!(next.doc.source.origin, Origin::Pasted);
    // Compared without printing megabytes on failure.
    let back = &next.doc.source.text;
    assert!(
        back.notes == notes,
        "every line is back: {} of {}",
        back.notes.len(),
        notes.len()
    );
    assert_eq!(back.comment, comment, "and the comment");
    // Its own recovery file keeps them in turn, and then the files taken go; a clean end
    // removes its own.
    next.keep();
    assert!(!kept.exists() && !lines.exists(), "the files taken are gone");
    let again = next.runtime.keeper.path().with_extension("lines");
    assert!(again.exists());
    next.runtime.keeper.remove();
    assert!(!again.exists());
    assert_eq!(std::fs::read_dir(&state_path).unwrap().count(), 0, "nothing left");
}

/// Issue 28, item 5: left-over files are only looked at while offered, so two workbenches
/// starting together may both offer one; only the first to reopen it gets it, and a running
/// workbench's own file is never offered.
#[test]
fn an_offered_file_is_not_held_and_only_one_workbench_takes_it() {
    let state = tempfile::tempdir().unwrap();
    let state_path = state.path().to_path_buf();
    let board: sudoku_engine::Board = read(&asset("hard.txt")).parse().unwrap();
    for k in 0..3 {
        let mut puzzle = sudoku_engine::Puzzle::new(board.clone());
        puzzle.fields.push(("origin".into(), "pasted".into()));
        let path = state_path.join(format!("recovery-{k}-99999999{k}.swb"));
        std::fs::write(&path, Format::Progress.to_string(&puzzle)).unwrap();
    }
    let start = || {
        let mut bench = Bench::new(Document::new_empty());
        bench.runtime = sudoku_workbench::runtime::Runtime::new(state_path.clone());
        bench.look_for_recovery();
        bench
    };
    let offers = |bench: &Bench| match &bench.overlay {
        Some(Overlay::Recovery(offer)) => offer.offers.iter().map(|o| o.path.clone()).collect::<Vec<_>>(),
        other => panic!("expected the offer, got {other:?}"),
    };
    let mut second = start();
    let mut third = start();
    assert_eq!(offers(&second).len(), 3);
    assert_eq!(offers(&second), offers(&third), "both see all three");
    second.keys("y");
    assert!(second.message().starts_with("Reopened"), "{}", second.message());
    third.keys("y");
    assert_eq!(
        third.message(),
        "Cannot reopen the recovered work: another workbench took it first"
    );
    assert!(!third.has_unsaved_work(), "the third has nothing of it");
    // The second runs on with the work in a recovery file of its own: not offered.
    second.keep();
    assert!(second.runtime.keeper.has_file());
    let fourth = start();
    let left = offers(&fourth);
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(!left.contains(&second.runtime.keeper.path()));
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
        self.remount("remount,ro");
    }

    fn remount_writable(&self) {
        self.remount("remount,rw");
    }

    fn remount(&self, how: &str) {
        let status = std::process::Command::new("mount")
            .args(["-o", how])
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

/// The workbench on the file at `path`, with a given changed (unsaved work the file's own
/// format keeps), after `w` tried to save it over its file.
fn edited_then_saved_in_place(path: &Path) -> Bench {
    let mut app = Bench::on_file(path, None);
    app.keys("lp1p");
    app.keys("w");
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
    assert!(app.message().contains("Could not save"), "{}", app.message());
    assert!(app.message().contains("the disk is full"), "{}", app.message());
    assert_eq!(std::fs::read(&file).unwrap(), old, "the old file is intact");
    assert_eq!(
        app.doc.board.cell(pos(0, 1)),
        Cell::Given(digit(1)),
        "the change is kept"
    );
    assert!(app.is_modified());
    let names: Vec<_> = std::fs::read_dir(disk.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
}

/// Issue 28, item 6: with the recovery files' disk full, Ctrl-C does not quit at once (the work
/// would be lost): it asks, as `q` does; once the work can be kept again, it quits at once.
#[test]
fn ctrl_c_asks_while_a_full_disk_cannot_keep_the_work() {
    let Some(disk) = TinyDisk::mount() else { return };
    let state = disk.path().join("state");
    std::fs::create_dir(&state).unwrap();
    let filler_path = disk.path().join("filler");
    let mut filler = std::fs::File::create(&filler_path).unwrap();
    while std::io::Write::write_all(&mut filler, &[b'x'; 4096]).is_ok() {}
    let _ = std::io::Write::write_all(&mut filler, b"x");
    drop(filler);
    let mut app = Bench::new(Document::new_empty());
    app.runtime = sudoku_workbench::runtime::Runtime::new(state);
    app.act(Action::Paste(read(&asset("hard.txt"))));
    app.keep();
    assert!(app.message().contains("cannot be kept"), "{}", app.message());
    assert!(app.message().contains("the disk is full"), "{}", app.message());
    app.ctrl('c');
    assert!(!app.should_quit(), "not at once");
    let asked = question(&app);
    assert!(asked.contains("cannot be kept for the next start"), "{asked}");
    assert!(asked.contains("the disk is full"), "{asked}");
    app.keys("n");
    assert!(!app.should_quit() && app.has_unsaved_work());
    // Room again: the work is kept, and Ctrl-C quits at once, keeping it.
    std::fs::remove_file(&filler_path).unwrap();
    app.keep();
    assert!(app.runtime.keeper.has_file());
    app.ctrl('c');
    assert_eq!(app.quitting(), Some(sudoku_workbench::app::Quit::KeepingWork));
    // And asked, `y` gives the work up.
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::KeepFailed("the disk is full".into(), Older::None));
    app.act(Action::Paste(read(&asset("hard.txt"))));
    app.ctrl('c');
    app.keys("y");
    assert_eq!(app.quitting(), Some(sudoku_workbench::app::Quit::Clean));
}

#[test]
fn a_save_in_a_read_only_directory_leaves_the_old_file_and_the_board() {
    let Some(disk) = TinyDisk::mount() else { return };
    let file = disk.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &file).unwrap();
    let old = std::fs::read(&file).unwrap();
    disk.remount_read_only();
    let app = edited_then_saved_in_place(&file);
    assert!(app.message().contains("Could not save"), "{}", app.message());
    assert!(app.message().contains("read-only"), "{}", app.message());
    assert_eq!(std::fs::read(&file).unwrap(), old, "the old file is intact");
    assert!(app.is_modified(), "the work is still there, unsaved");
}

#[test]
fn a_pasted_puzzle_asks_for_a_path_and_keeps_its_format() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = Bench::new(Document::new_empty());
    app.cwd = dir.path().to_path_buf();
    app.act(Action::Paste(read(&asset("boj-2580-sample.txt"))));
    app.keys("w");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))));
    app.answer_prompt("boj.txt");
    // `.txt` is a line unless chosen otherwise; here the prompt chose line.
    assert_eq!(app.overlay, None, "{}", app.message());
    assert_eq!(app.doc.source.origin, Origin::File(dir.path().join("boj.txt")));
    assert_eq!(read(&dir.path().join("boj.txt")).trim_end().len(), 81);
}

/// Save as onto the collection's own file in another format would replace every puzzle of it
/// with one: refused, the file untouched.
#[test]
fn save_as_never_replaces_a_collection_with_one_puzzle() {
    let (dir, path) = copied("collection.sdm");
    let before = read(&path);
    let mut app = Bench::on_file(&path, Some(1));
    app.cwd = dir.path().to_path_buf();
    app.keys("W");
    app.key(KeyCode::Tab);
    app.key(KeyCode::Tab);
    let (_, input, format) = prompt(&app);
    assert_ne!(format, Format::Line);
    app.answer_prompt(&input.replace(&format!(".{}", format.extension()), ".sdm"));
    if matches!(app.overlay, Some(Overlay::Question(_))) {
        app.keys("y");
    }
    assert_eq!(read(&path), before, "the collection is untouched: {}", app.message());
    assert!(
        app.message().starts_with("Not saved: this file holds 12 puzzles"),
        "{}",
        app.message()
    );
}

/// Recovered work on a puzzle of a collection whose givens the user changed goes back to that
/// puzzle: marked modified, in its collection, and a save rewrites its line only.
#[test]
fn recovered_work_with_changed_givens_saves_to_its_own_line() {
    let (_dir, path) = copied("collection.sdm");
    let before = read(&path);
    let state = tempfile::tempdir().unwrap();
    let mut crashed = Bench::new(Document::new_empty());
    crashed.runtime = sudoku_workbench::runtime::Runtime::new(state.path().to_path_buf());
    crashed.open_path(&path, Some(2));
    crashed.run_effects();
    let blank = crashed.doc.board.to_string().find('.').unwrap();
    crashed.act(Action::Select(pos(blank / 9, blank % 9)));
    crashed.keys("p1p");
    crashed.keep();
    drop(crashed);
    let mut next = Bench::new(Document::new_empty());
    next.runtime = sudoku_workbench::runtime::Runtime::new(state.path().to_path_buf());
    next.look_for_recovery();
    next.keys("y");
    assert_eq!(next.doc.source.origin, Origin::File(path.clone()));
    assert_eq!(next.doc.source.collection.as_ref().map(|c| c.index), Some(2));
    assert!(next.is_modified(), "the changed given is unsaved");
    next.keys("w");
    assert!(!next.is_modified(), "saved without a question: {}", next.message());
    let after = read(&path);
    let changed = before.lines().zip(after.lines()).filter(|(a, b)| a != b).count();
    assert_eq!(
        (changed, after.lines().count()),
        (1, before.lines().count()),
        "one line changed"
    );
}

/// A pasted puzzle is unsaved work: quitting, opening or clearing over it asks first.
#[test]
fn a_pasted_puzzle_is_not_lost_without_a_question() {
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(read(&asset("hard.txt"))));
    assert!(!app.is_modified() && app.has_unsaved_work());
    app.keys("q");
    assert!(!app.should_quit());
    assert!(question(&app).contains("unsaved"));
    app.key(KeyCode::Esc);
    app.keys("C");
    assert!(question(&app).contains("unsaved"));
}

/// A candidates line (729 characters) opens and saves in place with the person's marks: a
/// digit placed takes its digit out of its peers' marks, and nothing else changes. In a
/// collection, where a save rewrites only the cells, the save asks for a progress file instead:
/// the file is untouched and the work kept.
#[test]
fn a_candidates_line_keeps_its_marks_when_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marks.txt");
    let line = ".23456789".repeat(8) + &"123456789".repeat(73) + "\n";
    std::fs::write(&path, &line).unwrap();
    let mut app = Bench::on_file(&path, None);
    assert_eq!(app.doc.source.format, Format::Candidates);
    app.keys("lp9p"); // r1c2 = 9, a given
    app.keys("w");
    assert!(!app.is_modified(), "{}", app.message());
    let saved = read(&path);
    let cells: Vec<&str> = (0..81).map(|i| &saved[i * 9..i * 9 + 9]).collect();
    assert_eq!(cells[1], "........9");
    assert_eq!(cells[0], ".2345678.", "the person's mark kept, 9 gone");
    assert_eq!(cells[9], "12345678.", "a peer in the box loses 9");
    assert_eq!(cells[40], "123456789", "a cell elsewhere keeps all");

    let collection = dir.path().join("marks.sdm");
    let text = format!("{line}{line}");
    std::fs::write(&collection, &text).unwrap();
    let mut app = Bench::on_file(&collection, None);
    app.keys("lp9p");
    app.keys("w");
    // A collection is rewritten cell by cell, which cannot keep marks: a progress file can.
    match &app.overlay {
        Some(Overlay::Prompt(prompt)) => assert_eq!(prompt.format, Format::Progress, "{prompt:?}"),
        other => panic!("expected the save prompt, found {other:?}"),
    }
    assert_eq!(read(&collection), text, "the file is untouched");
    assert!(app.is_modified(), "the work is kept");
}

/// The permission bits of the file at `path`.
fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Issue 28 item 2: a read-only file is not written over without asking ("read-only: o
/// overwrite, s save as, Esc"); written over, it keeps its mode, and its owner and group where
/// the process may give them.
#[test]
fn a_read_only_file_is_asked_about_and_keeps_its_mode_and_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (dir, path) = copied("hardest.sdk");
    let before = read(&path);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Another owner, where the tests may (as the superuser): it must stay.
    let owner = std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_ok();
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    app.keys("lp9p");
    app.keys("w");
    assert_eq!(question(&app), "hardest.sdk is read-only. Write over it anyway?");
    app.key(KeyCode::Esc);
    assert_eq!(read(&path), before, "Esc: nothing written");
    assert!(app.is_modified());
    app.keys("ws");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))), "s: save as");
    app.key(KeyCode::Esc);
    assert_eq!(read(&path), before);
    app.keys("wo");
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(read(&path), before.replacen("8........", "89.......", 1));
    assert_eq!(mode_of(&path), 0o444, "still read-only");
    if owner {
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (65534, 65534), "owner and group kept");
    }
    // A file whose write bits are all off stays asked about at the next save too.
    app.keys("p8p");
    app.keys("w");
    assert!(question(&app).contains("read-only"), "{}", question(&app));
}

/// Issue 28 item 2: a file with several names (hard links) is not split from them by a save:
/// asked first, then written in place, so that every name sees the change.
#[test]
fn a_file_with_hard_links_is_written_in_place_after_asking() {
    use std::os::unix::fs::MetadataExt;
    let (dir, path) = copied("hardest.sdk");
    let other = dir.path().join("another-name.sdk");
    std::fs::hard_link(&path, &other).unwrap();
    let before = read(&path);
    let mut app = Bench::on_file(&path, None);
    app.keys("lp9p");
    app.keys("w");
    let asked = question(&app);
    assert!(asked.starts_with("hardest.sdk has 2 names (hard links)"), "{asked}");
    app.key(KeyCode::Esc);
    assert_eq!((read(&path), read(&other)), (before.clone(), before.clone()));
    app.keys("wi");
    assert!(!app.is_modified(), "{}", app.message());
    let after = before.replacen("8........", "89.......", 1);
    assert_eq!(read(&path), after);
    assert_eq!(read(&other), after, "the other name sees the change");
    let (a, b) = (std::fs::metadata(&path).unwrap(), std::fs::metadata(&other).unwrap());
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2), "still one file with two names");
    // The next save knows the file as written: no "changed on disk".
    app.keys("p8p");
    app.keys("wi");
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(read(&other), before.replacen("8........", "898......", 1));
}

/// Issue 28 item 14: a file deleted or moved since it was read is said to be so (not "another
/// program wrote it"), and can be written again or saved as another file.
#[test]
fn a_file_deleted_since_it_was_read_is_said_gone_and_can_be_written_again() {
    let (dir, path) = copied("hardest.sdk");
    let before = read(&path);
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    app.keys("lp9p");
    std::fs::rename(&path, dir.path().join("moved.sdk")).unwrap();
    app.keys("w");
    let asked = question(&app);
    assert!(
        asked.ends_with("hardest.sdk was deleted or moved since it was read. Write it again?"),
        "{asked}"
    );
    assert!(!asked.contains("another program"), "{asked}");
    app.keys("s");
    assert!(matches!(app.overlay, Some(Overlay::Prompt(_))), "s: save as");
    app.key(KeyCode::Esc);
    assert!(!path.exists(), "nothing written yet");
    app.keys("w");
    app.keys("w");
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(read(&path), before.replacen("8........", "89.......", 1));

    // A collection gone takes its other puzzles with it: only save as is offered.
    let (_dir, path) = copied("collection.sdm");
    let mut app = Bench::on_file(&path, Some(1));
    app.keys("p9p");
    std::fs::remove_file(&path).unwrap();
    app.keys("w");
    let asked = question(&app);
    assert!(
        asked.contains("was deleted or moved since it was read, and its other puzzles with it"),
        "{asked}"
    );
    match &app.overlay {
        Some(Overlay::Question(q)) => assert_eq!(q.answers.iter().map(|a| a.key).collect::<String>(), "s"),
        other => panic!("{other:?}"),
    }
    app.keys("w");
    assert!(!path.exists(), "a collection is not made again of one puzzle");
}

/// Attack A: a file deleted, or emptied, after it was read was written again ("w write it
/// again", "o overwrite it") made anew from what the workbench understood of it: its
/// byte-order mark, CR or CRLF line ends, blank lines, trailing blanks and a tab before a
/// comment were gone, where a plain save keeps them. Written as it was read, the cell changed.
#[test]
fn a_file_gone_or_emptied_is_written_again_as_it_was_read() {
    let grid = "4.....8.5\r.3.......  \r...7.....\r.2.....6.\r....8.4..\r....1....\r...6.3.7.\r5..2.....\r1.4......\r";
    let sdk = format!("\u{feff}[Puzzle]\r#AArto\r#Xunknown tag\r# a comment  \r\r{grid}\r# trailing line   \r");
    let line = "# header comment\r\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\t\tcomment\r\n";
    let swb = format!(
        "\r\n# my game\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n#!entries {}\r\n#!time 75\r\n#C kept\r\n{}",
        ".".repeat(81),
        grid.replace('\r', "\r\n")
    );
    for (name, text) in [("a.sdk", sdk.as_str()), ("b.txt", line), ("c.swb", swb.as_str())] {
        for how in ["deleted", "emptied"] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            let mut app = Bench::on_file(&path, None);
            let progress = name.ends_with(".swb");
            // A given in r1c2 (an entry in a progress file).
            app.keys(if progress { "l9" } else { "lp9p" });
            assert!(app.is_modified(), "{name}: {}", app.message());
            match how {
                "deleted" => std::fs::remove_file(&path).unwrap(),
                _ => std::fs::write(&path, "").unwrap(),
            }
            app.keys("w");
            assert!(question(&app).contains(if how == "deleted" {
                "deleted or moved"
            } else {
                "changed on disk"
            }));
            app.keys(if how == "deleted" { "w" } else { "o" });
            assert!(!app.is_modified(), "{name} {how}: {}", app.message());
            let written = read(&path);
            let expected = if progress {
                let time = app.doc.play.elapsed.as_secs();
                text.replace(
                    &format!("#!entries {}", ".".repeat(81)),
                    &format!("#!entries .9{}", ".".repeat(79)),
                )
                .replace("#!time 75", &format!("#!time {time}\r\n#!hints 0\r\n#!checks 0"))
            } else {
                text.replacen("4.....8.5", "49....8.5", 1)
            };
            assert_eq!(written, expected, "{name} {how}: as it was read, the cell changed");
        }
    }
}

/// Issue 28 item 3: a `.swb` with a blank line and a comment before its mark is a progress
/// file all the same (its entries and record read, none of its lines demoted to `#!note`),
/// and a save in place keeps every line it does not own where it stood, with its line ends.
#[test]
fn a_progress_file_with_lines_before_its_mark_keeps_its_progress_and_its_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.swb");
    let grid = "8........\r\n..36.....\r\n.7..9.2..\r\n.5...7...\r\n....457..\r\n...1...3.\r\n..1....68\r\n..85...1.\r\n.9....4..\r\n";
    let entries = format!("#!entries .1{}", ".".repeat(79));
    let text = format!(
        "\r\n# my game\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n{entries}\r\n#!time 75\r\n#!hints 2\r\n#C kept here\r\n{grid}"
    );
    std::fs::write(&path, &text).unwrap();
    let mut app = Bench::on_file(&path, None);
    assert_eq!(app.doc.source.format, Format::Progress, "{}", app.message());
    assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(1)));
    assert_eq!((app.doc.play.elapsed.as_secs(), app.doc.play.hints), (75, 2));
    app.act(Action::Select(pos(0, 2)));
    app.keys("2");
    app.keys("w");
    assert!(!app.is_modified(), "saved in place, no prompt: {}", app.message());
    let saved = read(&path);
    assert!(!saved.contains("#!note"), "no progress line demoted: {saved}");
    let entries = format!("#!entries .12{}", ".".repeat(78));
    let time = app.doc.play.elapsed.as_secs();
    assert_eq!(
        saved,
        format!(
            "\r\n# my game\r\n#!sudoku-workbench progress 1\r\n#A Me\r\n{entries}\r\n#!time {time}\r\n#!hints 2\r\n#!checks 0\r\n#C kept here\r\n{grid}"
        )
    );
    let again = Bench::on_file(&path, None);
    assert_eq!(again.doc.board, app.doc.board);
    assert_eq!(again.doc.source.format, Format::Progress);
}

/// Issue 28 item 15 and 17: a progress number out of range, or an `#!entries` line longer than
/// 81 cells, is refused with its line and column; the board on screen stays.
#[test]
fn a_progress_file_with_a_number_out_of_range_is_refused_where_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let grid = read(&asset("hardest.sdk"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    let cases = [
        (
            "#!time 1000000000000000000000000000000",
            "line 2, column 8: #!time takes a whole number of seconds",
        ),
        (
            "#!hints 99999999999",
            "line 2, column 9: #!hints takes a whole number from 0 to 4294967295",
        ),
        (
            &*format!("#!entries {}1", ".".repeat(81)),
            "line 2, column 92: expected the end of the line after 81 cells",
        ),
    ];
    for (line, error) in cases {
        let path = dir.path().join("game.swb");
        std::fs::write(&path, format!("#!sudoku-workbench progress 1\n{line}\n{grid}")).unwrap();
        let mut app = Bench::on_asset("easy.txt");
        let board = app.doc.board.clone();
        app.open_path(&path, None);
        app.run_effects();
        assert!(
            app.is_error() && app.message().contains(error),
            "{line}: {}",
            app.message()
        );
        assert_eq!(app.doc.board, board, "the board on screen stays");
    }
}

/// Issue 28 item 17: each puzzle of a collection is offered a progress file of its own
/// (`collection-2.swb`), not one name for all.
#[test]
fn each_puzzle_of_a_collection_is_offered_its_own_progress_file() {
    let (dir, path) = copied("collection.sdm");
    for index in [1, 11] {
        let mut app = Bench::on_file(&path, Some(index));
        app.cwd = dir.path().to_path_buf();
        let blank = app.doc.board.to_string().find('.').unwrap();
        app.act(Action::Select(pos(blank / 9, blank % 9)));
        app.keys("1");
        app.keys("w");
        let (_, input, format) = prompt(&app);
        assert_eq!(
            (input, format),
            (format!("collection-{}.swb", index + 1), Format::Progress)
        );
    }
}

/// Issue 28 item 17: after a save that found the puzzle at another place of its collection
/// (another program removed the puzzle before it), the title says where it is now, and [ ]
/// move through the file as it is now.
#[test]
fn the_title_follows_a_puzzle_that_moved_in_its_collection() {
    let (_dir, path) = copied("collection.sdm");
    let mut app = Bench::on_file(&path, Some(1));
    assert!(app.doc.name().ends_with("#2/12"), "{}", app.doc.name());
    app.keys("p9p");
    // Another program takes out the first puzzle (line 3): ours is now the first.
    let text = read(&path);
    let first = text.lines().nth(2).unwrap().to_string();
    std::fs::write(&path, text.replacen(&format!("{first}\n"), "", 1)).unwrap();
    app.keys("wo");
    assert!(!app.is_modified(), "{}", app.message());
    assert!(app.doc.name().ends_with("#1/11"), "{}", app.doc.name());
    let saved = read(&path);
    let third_line = saved.lines().nth(2).unwrap();
    assert!(third_line.starts_with('9'), "ours, saved: {third_line}");
    // ] goes to the puzzle after ours in the file now.
    app.keys("]");
    let next = saved.lines().nth(3).unwrap();
    assert_eq!(app.doc.board.to_string().replace('.', "0"), next[..81]);
}

/// Unmounts a mount point when dropped.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// Issue 28 item 17: a writable file in a folder that takes no new file cannot be replaced in
/// one step (no temporary file can be made beside it): asked first, then written in place.
#[test]
fn a_file_in_a_folder_that_takes_no_new_file_is_written_in_place_after_asking() {
    let Some(disk) = TinyDisk::mount() else { return };
    let file = disk.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &file).unwrap();
    let old = read(&file);
    // The file a writable mount of its own, the folder read-only around it: as a folder
    // without write permission is to anyone but the superuser, who runs these tests.
    let mount = |args: &[&str], path: &Path| {
        std::process::Command::new("mount")
            .args(args)
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !mount(&["--bind", &file.to_string_lossy()], &file) {
        eprintln!("skipped: cannot bind-mount a file here");
        return;
    }
    let _file_mount = Mounted(file.clone());
    assert!(mount(&["-o", "remount,bind,ro"], disk.path()));
    assert!(
        std::fs::File::create(disk.path().join("new")).is_err(),
        "the folder takes no new file"
    );
    let mut app = edited_then_saved_in_place(&file);
    let asked = question(&app);
    assert!(
        asked.starts_with("The folder of puzzle.sdk takes no new file"),
        "{asked}"
    );
    app.key(KeyCode::Esc);
    assert_eq!(read(&file), old);
    app.keys("wi");
    assert!(!app.is_modified(), "{}", app.message());
    assert_eq!(read(&file), old.replacen("8........", "81.......", 1));
}

/// The process's umask, as the kernel tells it (`None` where it does not).
fn umask() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Umask:"))?;
    u32::from_str_radix(line["Umask:".len()..].trim(), 8).ok()
}

/// Issue 28 item 17: a trace and a puzzle saved as a new file get the same permissions: the
/// umask's (a trace was made `rw-------` whatever the umask).
#[test]
fn traces_and_new_files_follow_the_umask_alike() {
    use sudoku_workbench::runtime::traces::{ExportRequest, export};
    let Some(umask) = umask() else { return };
    let dir = tempfile::tempdir().unwrap();
    let request = ExportRequest {
        dir: dir.path().to_path_buf(),
        stem: "hardest".into(),
        puzzle: read(&asset("hardest.sdk")).parse().unwrap(),
        strategy: sudoku_engine::Strategy::Naive,
        steps: 10,
    };
    let (trace, steps) = export(&request).unwrap();
    assert_eq!(steps, 10);
    let mut app = Bench::on_asset("hardest.sdk");
    app.cwd = dir.path().to_path_buf();
    app.keys("W");
    app.answer_prompt("new.sdk");
    assert!(!app.is_modified(), "{}", app.message());
    let expected = 0o666 & !umask;
    assert_eq!(
        (mode_of(&trace), mode_of(&dir.path().join("new.sdk"))),
        (expected, expected),
        "umask {umask:o}"
    );
}

/// Issue 28 item 2: a write in place (hard links, a closed folder) is not atomic; one that fails
/// part way (a full disk) puts the old text back.
#[test]
fn a_write_in_place_that_fails_puts_the_old_text_back() {
    use sudoku_workbench::runtime::files::write_in_place;
    let Some(disk) = TinyDisk::mount() else { return };
    let file = disk.path().join("puzzle.sdk");
    std::fs::copy(asset("hardest.sdk"), &file).unwrap();
    let old = read(&file);
    let mut filler = std::fs::File::create(disk.path().join("filler")).unwrap();
    while std::io::Write::write_all(&mut filler, &[b'x'; 4096]).is_ok() {}
    let e = write_in_place(&file, &vec![b'1'; 256 * 1024]).unwrap_err();
    assert_eq!(sudoku_workbench::text::io_error(&e), "the disk is full");
    assert_eq!(read(&file), old, "the old text is back");
    // A smaller text fits in the file's own room.
    write_in_place(&file, b"1").unwrap();
    assert_eq!(read(&file), "1");
}

/// A comment longer than a streamed line keeps (64 KiB) is written whole into the progress file
/// of a game: the workbench reads its files whole and cuts no line.
#[test]
fn a_comment_of_megabytes_is_kept_whole_in_the_games_progress_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.sdk");
    let description = format!("#D {}", "a long description ".repeat(10_000));
    let puzzle = std::fs::read_to_string(asset("hardest.sdk")).unwrap();
    std::fs::write(&path, format!("{description}\n{puzzle}")).unwrap();
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    app.keys("l1");
    app.keys("w");
    let (_, input, format) = prompt(&app);
    assert_eq!((input.as_str(), format), ("long.swb", Format::Progress));
    app.key(KeyCode::Enter);
    assert!(!app.is_modified(), "{}", app.message());
    let written = read(&dir.path().join("long.swb"));
    assert!(
        written.lines().any(|line| line == description),
        "the description, {} bytes, is in the progress file whole",
        description.len()
    );
}

/// A recovery file in `state` for work on hard.txt (an entry of 7 in r1c2) whose origin is
/// the file at `origin`, written as a workbench of process `pid` (gone) would write it.
fn recovery_file_from(state: &Path, pid: u32, origin: &Path) -> std::path::PathBuf {
    let grid = read(&asset("hard.txt"));
    let mut entries = ".".repeat(81);
    entries.replace_range(1..2, "7");
    // What the origin was when that session read it, as a workbench records it.
    let read_file = sudoku_workbench::runtime::files::read_bytes(origin)
        .map(|(_, fingerprint)| format!("#!read-file {}\n", fingerprint.identity()))
        .unwrap_or_default();
    let text = format!(
        "#!sudoku-workbench progress 1\n#!entries {entries}\n#!origin file {}\n#!format line\n{read_file}{grid}",
        sudoku_workbench::runtime::recovery::escape_path(origin)
    );
    let path = state.join(format!("recovery-{pid}-{pid}.swb"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The final attack, finding 15: recovered work whose file is gone, is no regular file, is
/// too big to read or no longer holds its puzzle came back as a "pasted puzzle" with no word
/// why. It says why it is not on its file, and what `w` does: it asks where.
#[test]
fn recovered_work_that_cannot_go_back_to_its_file_says_why_and_what_w_does() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.txt");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Over the limit without 64 MiB of writing: a file with a hole.
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big).unwrap().set_len((64 << 20) + 1).unwrap();
    let other = dir.path().join("other.txt");
    std::fs::copy(asset("easy.txt"), &other).unwrap();
    let cases = [
        (
            Path::new("/nonexistent/x.txt"),
            "its file /nonexistent/x.txt is gone (deleted or moved)",
        ),
        (
            &fifo,
            "pipe.txt cannot be read: it is a named pipe (FIFO), not a regular file",
        ),
        (
            Path::new("/dev/zero"),
            "/dev/zero cannot be read: it is a character device, not a regular file",
        ),
        (
            &big,
            "big.txt cannot be read: too big for a puzzle file (64 MB and 1 byte; the workbench reads up to 64 MB)",
        ),
        (&other, "other.txt no longer holds this puzzle"),
    ];
    for (k, (origin, why)) in cases.into_iter().enumerate() {
        let state = tempfile::tempdir().unwrap();
        recovery_file_from(state.path(), 999_999_900 + k as u32, origin);
        let mut next = Bench::new(Document::new_empty());
        next.runtime = sudoku_workbench::runtime::Runtime::new(state.path().to_path_buf());
        next.look_for_recovery();
        next.keys("y");
        let message = next.message();
        assert!(
            message.starts_with("Reopened the work the last session left as a board of its own, since"),
            "{message}"
        );
        assert!(message.contains(why), "{origin:?}: {message}");
        assert!(message.ends_with(": w asks where to save it"), "{message}");
        assert!(next.is_error());
        assert_eq!(next.doc.source.origin, Origin::Pasted);
        assert_eq!(
            next.doc.board.cell(pos(0, 1)),
            Cell::Entry(digit(7)),
            "the work is back"
        );
        next.keys("w");
        let (label, _, _) = prompt(&next);
        assert!(label.starts_with("Save your game"), "{label}");
    }
}

/// The final attack, finding 13: with the recovery files on a read-only disk, "The recovered
/// work was discarded" was said of a file that stayed, and came back at the next start. The
/// reason is said, and that it comes back; reopened work whose file cannot go says so too.
#[test]
fn recovered_work_that_cannot_be_removed_says_so() {
    let Some(disk) = TinyDisk::mount() else { return };
    let state = disk.path().join("state");
    std::fs::create_dir(&state).unwrap();
    let file = disk.path().join("hard.txt");
    std::fs::copy(asset("hard.txt"), &file).unwrap();
    let first = recovery_file_from(&state, 999_999_801, &file);
    let second = recovery_file_from(&state, 999_999_802, &file);
    disk.remount_read_only();
    let start = || {
        let mut bench = Bench::new(Document::new_empty());
        bench.runtime = sudoku_workbench::runtime::Runtime::new(state.clone());
        bench.look_for_recovery();
        bench
    };
    let mut bench = start();
    bench.keys("d");
    bench.keys("y");
    assert_eq!(
        bench.message(),
        "The recovered work could not be discarded: the file system is read-only; it is offered again at the next start"
    );
    assert!(bench.is_error());
    assert!(first.exists() && second.exists());
    drop(bench);
    let mut bench = start();
    bench.keys("y");
    assert_eq!(bench.message(), "Reopened the work the last session left: w saves it");
    assert_eq!(bench.doc.source.origin, Origin::File(file.clone()));
    assert_eq!(bench.doc.board.cell(pos(0, 1)), Cell::Entry(digit(7)));
    // Neither renamed nor written on that disk: the reopened file stays, held (attack J:
    // another could reopen it too, and its first write removed it under this one).
    bench.keep();
    assert!(bench.runtime.keeper.failure.is_some());
    assert!(first.exists() && second.exists(), "the reopened file stays");
    assert!(
        bench
            .runtime
            .kept_file()
            .is_some_and(|kept| kept == first || kept == second),
        "and is the one that holds the work"
    );
    // Attack K: the disk writable again, another workbench was offered that file, took it and
    // discarded it while this one ran on it. The file is held (locked itself): not offered.
    disk.remount_writable();
    let reopened = bench.runtime.kept_file().unwrap();
    let other = start();
    if let Some(Overlay::Recovery(offer)) = &other.overlay {
        assert!(offer.offers.iter().all(|o| o.path != reopened), "{:?}", offer.offers);
    }
    drop(other);
    assert!(reopened.exists());
    // Once this session's own file holds the work, the reopened one goes (attack L: left for
    // good, it was offered again after the work was saved).
    bench.act(Action::Select(pos(0, 2)));
    bench.keys("5");
    bench.keep();
    assert!(bench.runtime.keeper.path().exists());
    assert!(!reopened.exists(), "removed once the work is held");
}

/// The final attack, finding 16: one entry is "1 entry", in the offer of recovered work and in
/// what a save in a givens-only format says it left out.
#[test]
fn one_entry_is_one_entry() {
    let state = tempfile::tempdir().unwrap();
    let (dir, path) = copied("hard.txt");
    recovery_file_from(state.path(), 999_999_701, &path);
    let mut next = Bench::new(Document::new_empty());
    next.runtime = sudoku_workbench::runtime::Runtime::new(state.path().to_path_buf());
    next.look_for_recovery();
    let Some(Overlay::Recovery(offer)) = next.overlay.clone() else {
        panic!("expected the offer, got {:?}", next.overlay)
    };
    assert!(
        offer.offers[0].summary.contains(": 17 givens, 1 entry, "),
        "{:?}",
        offer.offers
    );
    next.keys("y");
    next.keys("w");
    next.answer_prompt(dir.path().join("one.sdk").to_str().unwrap());
    assert_eq!(
        next.message(),
        "Saved to one.sdk (SadMan .sdk); it holds givens only: your 1 entry is not in it and still unsaved (.swb keeps it)"
    );
}

/// The final attack, finding 16: a file named `bad\xff\e[31mname.sdk` was offered its `.swb` as
/// `bad\u{FFFD}\e[31mname.swb`, another name. The name offered is made of the file's bytes,
/// shown escaped, and saved to as it is.
#[cfg(unix)]
#[test]
fn a_name_that_is_not_utf8_is_offered_and_saved_byte_for_byte() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(std::ffi::OsStr::from_bytes(b"bad\xff\x1b[31mname.sdk"));
    std::fs::copy(asset("hardest.sdk"), &path).unwrap();
    let mut app = Bench::on_file(&path, None);
    app.keys("l1");
    app.keys("w");
    let swb = dir.path().join(std::ffi::OsStr::from_bytes(b"bad\xff\x1b[31mname.swb"));
    match &app.overlay {
        Some(Overlay::Prompt(p)) => assert_eq!(p.offered.as_deref(), Some(swb.as_path())),
        other => panic!("expected the save prompt, got {other:?}"),
    }
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(200, 30)).unwrap();
    app.app.update(Action::Resize(200, 30));
    terminal
        .draw(|frame| sudoku_workbench::ui::draw(frame, &app.app))
        .unwrap();
    let shown: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(
        shown.contains("bad\\xff\\u{1b}[31mname.swb"),
        "shown escaped, byte for byte"
    );
    app.key(KeyCode::Enter);
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(swb.exists(), "{names:?}");
    assert_eq!(names.len(), 2, "{names:?}");
}

/// A file of `head` then comment lines up to `size` bytes, then hardest.sdk's grid.
fn file_of_comments(path: &Path, head: &str, size: usize) {
    let grid: String = read(&asset("hardest.sdk"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let line = format!("#C {}\n", "y".repeat(1000));
    let room = size - head.len() - grid.len();
    let mut text = String::with_capacity(size);
    text.push_str(head);
    text.push_str(&line.repeat(room / line.len() - 1));
    let rest = size - text.len() - grid.len();
    text.push_str(&format!("#C {}\n", "z".repeat(rest - 4)));
    text.push_str(&grid);
    assert_eq!(text.len(), size);
    std::fs::write(path, text).unwrap();
}

/// The final attack, finding 5: a game of a puzzle with 64 MB of comments was saved as a `.swb`
/// over 64 MiB, which the workbench then could not open, save again or reopen from recovery.
/// Nothing is written that the workbench could not read back: the save is refused with the
/// reason, and the way out is the game without the puzzle's other lines, which stay in the
/// puzzle's own file (as another file only, when that file is the one saved).
#[test]
fn a_game_too_big_to_open_again_is_not_written_and_can_be_saved_without_its_lines() {
    const LIMIT: usize = 64 << 20;
    let dir = tempfile::tempdir().unwrap();
    let sdk = dir.path().join("edge.sdk");
    file_of_comments(&sdk, "#A me\n", LIMIT - 200);
    let mut app = Bench::on_file(&sdk, None);
    assert!(app.message().is_empty(), "{}", app.message());
    // An entry and every mark: the game's lines take the file over the limit.
    app.keys("l1M");
    app.keys("w");
    assert!(prompt(&app).1.ends_with("/edge.swb"), "{:?}", prompt(&app));
    app.key(KeyCode::Enter);
    let swb = dir.path().join("edge.swb");
    assert!(!swb.exists(), "nothing written");
    let asked = question(&app);
    assert!(
        asked.starts_with("edge.swb would be 64 MB and ")
            && asked.contains("more than the 64 MB the workbench can open again, so nothing was written"),
        "{asked}"
    );
    assert!(
        asked.contains("Save your game in it without them? (they stay in edge.sdk)"),
        "{asked}"
    );
    app.keys("c");
    assert_eq!(
        app.message(),
        "Saved to edge.swb (progress (.swb: givens, entries, marks, colours, solver digits)) without the puzzle's other lines"
    );
    assert!(std::fs::metadata(&swb).unwrap().len() < 4096);
    assert!(!app.is_modified());
    let reopened = Bench::on_file(&swb, None);
    assert_eq!(reopened.doc.board, app.doc.board);
    assert_eq!(reopened.doc.marks, app.doc.marks);

    // A game file of its own, just under the limit, that the next change takes over it: the
    // lines are in this very file, so they go only to another file.
    let own = dir.path().join("own.swb");
    file_of_comments(&own, "#!sudoku-workbench progress 1\n", LIMIT - 200);
    let before = std::fs::read(&own).unwrap();
    let mut app = Bench::on_file(&own, None);
    assert!(app.message().is_empty(), "{}", app.message());
    app.keys("l1M");
    app.keys("w");
    let asked = question(&app);
    assert!(asked.starts_with("own.swb would be 64 MB and "), "{asked}");
    assert!(
        asked.contains("Save your game without them, as another file? They stay in own.swb"),
        "{asked}"
    );
    assert!(std::fs::read(&own).unwrap() == before, "own.swb as it was");
    app.keys("s");
    let (label, input, _) = prompt(&app);
    assert!(
        label.starts_with("Save your game without the puzzle's other lines"),
        "{label}"
    );
    assert!(input.ends_with("/own-game.swb"), "{input}");
    app.key(KeyCode::Enter);
    assert!(app.message().starts_with("Saved to own-game.swb"), "{}", app.message());
    assert!(std::fs::metadata(dir.path().join("own-game.swb")).unwrap().len() < 4096);
    let sizes: Vec<u64> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .collect();
    assert!(sizes.iter().all(|&s| s <= LIMIT as u64), "{sizes:?}");
}

/// Attack C finding 2: a progress mark spaced otherwise (two blanks, a tab, trailing blanks,
/// upper case, a CR line end) is still the mark: the file opens as progress, and a save in
/// place keeps its progress lines as they are, never turning them into `#!note` lines.
#[test]
fn a_progress_mark_spaced_otherwise_keeps_its_progress_through_a_save() {
    let grid = "8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4..\n";
    let entries = format!("#!entries .1{}", ".".repeat(79));
    for mark in [
        "#!sudoku-workbench  progress 1",
        "#!sudoku-workbench\tprogress 1",
        "#!Sudoku-Workbench progress 1  ",
    ] {
        for end in ["\n", "\r\n"] {
            let text = format!("{mark}\n{entries}\n#!time 75\n{grid}").replace('\n', end);
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("game.swb");
            std::fs::write(&path, &text).unwrap();
            let mut app = Bench::on_file(&path, None);
            assert_eq!(app.doc.source.format, Format::Progress, "{mark:?} {end:?}");
            assert_eq!(app.doc.board.cell(pos(0, 1)), Cell::Entry(digit(1)), "{mark:?}");
            app.act(Action::Select(pos(0, 2)));
            app.keys("4w");
            assert!(!app.is_modified(), "{mark:?}: {}", app.message());
            let saved = read(&path);
            assert!(!saved.contains("#!note"), "{mark:?} {end:?}: {saved:?}");
            assert!(
                saved.starts_with(&format!("{mark}{end}#!entries .14")),
                "{mark:?} {end:?}: {saved:?}"
            );
            assert!(saved.contains("#!time "), "{saved:?}");
        }
    }
}

/// A workbench that crashed with a 5 typed, and the next start, offering its work.
fn a_crash_offered() -> (Bench, sudoku_workbench::app::RecoveryOffer) {
    let state = tempfile::tempdir().unwrap();
    let mut crashed = Bench::with_state(Document::new_empty(), state);
    crashed.keys("5");
    crashed.keep();
    let state = crashed.into_state();
    let mut next = Bench::with_state(Document::new_empty(), state);
    next.look_for_recovery();
    let Some(Overlay::Recovery(offer)) = next.overlay.clone() else {
        panic!("offered")
    };
    (next, offer)
}

/// Attack R: pasted text typed as keys (a slow link cutting a paste where nothing tells it from
/// typing) saved over another file and discarded a recovered work, which undo cannot take back.
/// Moments after a paste, those answers are refused; later, they are done.
#[test]
fn answers_that_cannot_be_undone_wait_while_a_paste_is_near() {
    let (dir, path) = copied("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    std::fs::write(dir.path().join("taken.sdk"), "keep me\n").unwrap();
    app.act(Action::PasteNear(true));
    app.keys("W");
    app.answer_prompt("taken.sdk");
    assert!(question(&app).contains("exists"), "{}", question(&app));
    app.keys("y");
    assert!(app.message().contains("Not done: a paste came"), "{}", app.message());
    assert_eq!(read(&dir.path().join("taken.sdk")), "keep me\n", "not replaced");
    app.act(Action::PasteNear(false));
    app.keys("W");
    app.answer_prompt("taken.sdk");
    app.keys("y");
    assert!(
        read(&dir.path().join("taken.sdk")).starts_with("#A Arto Inkala"),
        "replaced"
    );

    // A recovered work: not discarded near a paste, discarded later.
    let (mut next, offer) = a_crash_offered();
    next.act(Action::PasteNear(true));
    next.keys("d");
    next.keys("y");
    assert!(next.message().contains("Not done: a paste came"), "{}", next.message());
    assert!(offer.offers[0].path.exists(), "not discarded");
    next.act(Action::PasteNear(false));
    next.look_for_recovery();
    next.keys("d");
    next.keys("y");
    assert!(!offer.offers[0].path.exists(), "discarded, later");
}

/// Attack A: with the recovery file failing (a full disk), a pasted `q` `y` (or Ctrl-C `y`)
/// quit and lost the work; near a paste such a quit waits, later it is asked as ever.
#[test]
fn a_quit_that_loses_the_work_waits_while_a_paste_is_near() {
    let quit = |app: &mut Bench, how: char| match how {
        'q' => app.keys("q"),
        _ => app.ctrl('c'),
    };
    for how in ['q', 'c'] {
        let mut app = Bench::new(Document::new_empty());
        app.act(Action::KeepFailed("the disk is full".into(), Older::None));
        app.act(Action::Paste(read(&asset("hard.txt"))));
        assert!(app.has_unsaved_work());
        app.act(Action::PasteNear(true));
        quit(&mut app, how);
        app.keys("y");
        assert!(
            app.message().contains("Not done: a paste came"),
            "{how}: {}",
            app.message()
        );
        assert!(!app.should_quit(), "{how}: did not quit");
        app.act(Action::PasteNear(false));
        quit(&mut app, how);
        app.keys("y");
        assert!(app.should_quit(), "{how}: quits when asked away from a paste");
    }
    // With the work kept, a quit near a paste goes: the work is kept for the next start.
    let mut app = Bench::new(Document::new_empty());
    app.act(Action::Paste(read(&asset("hard.txt"))));
    app.act(Action::PasteNear(true));
    app.keys("qy");
    assert!(app.should_quit());
}

/// Attack U: pasted keys saved the document over its own file (`w`), and reopened a recovered
/// work (taking it from the recovery folder) before destroying it: near a paste, both wait.
#[test]
fn a_save_in_place_and_a_reopening_wait_while_a_paste_is_near() {
    let (dir, path) = copied("hard.txt");
    let before = read(&path);
    let mut app = Bench::on_file(&path, None);
    app.cwd = dir.path().to_path_buf();
    app.keys("p");
    app.key(KeyCode::Right);
    app.keys("7p");
    app.act(Action::PasteNear(true));
    app.keys("w");
    assert!(app.message().contains("Not saved: a paste came"), "{}", app.message());
    assert_eq!(read(&path), before, "not written");
    // Attack W: save as onto its own file is a save in place, and waits too.
    app.keys("W");
    app.answer_prompt("hard.txt");
    assert!(app.message().contains("Not saved: a paste came"), "{}", app.message());
    assert_eq!(read(&path), before, "not written by save as either");
    app.key(KeyCode::Esc);
    app.act(Action::PasteNear(false));
    app.keys("w");
    assert!(read(&path).starts_with("47"), "saved, later: {}", read(&path));

    let (mut next, offer) = a_crash_offered();
    next.act(Action::PasteNear(true));
    next.keys("y");
    assert!(
        next.message().contains("Not reopened: a paste came"),
        "{}",
        next.message()
    );
    assert!(offer.offers[0].path.exists(), "still in the recovery folder");
    assert!(matches!(next.overlay, Some(Overlay::Recovery(_))), "still offered");
    next.act(Action::PasteNear(false));
    next.keys("y");
    assert!(next.doc.is_modified(), "reopened, later");
}

/// A workbench keeping its recovery files in `state`, with no document.
fn bench_keeping_in(state: &Path) -> Bench {
    let mut bench = Bench::new(Document::new_empty());
    bench.runtime = sudoku_workbench::runtime::Runtime::new(state.to_path_buf());
    bench
}

/// A workbench that opened `file`, wrote a 4 in r1c1, kept its work in `state` and ended
/// without a quit (a crash): its board and its recovery file.
fn crashed_with_an_entry(file: &Path, state: &Path) -> (sudoku_engine::Board, std::path::PathBuf) {
    let mut first = bench_keeping_in(state);
    first.open_path(file, None);
    first.run_effects();
    first.act(Action::Select(pos(0, 0)));
    first.keys("4");
    first.keep();
    (first.doc.board.clone(), first.runtime.keeper.path())
}

/// Attack G of issue 28: one `u` after reopening recovered work took the whole reopening back
/// (the recovery file already gone), and `q` then quit without asking: the work was lost. The
/// work reopened is where the session starts; undo has nothing before it.
#[test]
fn undo_after_reopening_recovered_work_keeps_the_work() {
    let (_dir, path) = copied("easy.txt");
    let state = tempfile::tempdir().unwrap();
    let (board, _) = crashed_with_an_entry(&path, state.path());
    let mut next = bench_keeping_in(state.path());
    next.look_for_recovery();
    assert!(matches!(next.overlay, Some(Overlay::Recovery(_))), "{:?}", next.overlay);
    next.keys("y");
    next.run_effects();
    assert_eq!(next.doc.board, board);
    next.keys("u");
    assert_eq!(next.doc.board, board, "the reopened work stays");
    assert_eq!(next.message(), "Nothing to undo");
    next.keys("q");
    assert!(!next.should_quit(), "q asks: the work is unsaved");
}

/// Attack H of issue 28: `y` at the recovery offer removed the file it reopened at once, before
/// this session's own file held the work: a full disk (here, a directory where the write's
/// temporary file goes), or a kill before the first write, lost it. The file reopened becomes
/// this session's own, renamed, with no byte to write: nothing fails while nothing changes, and
/// a change that cannot be written leaves it holding the work as reopened (attack I: the end
/// message and Ctrl-C's question said the work was in no file).
#[test]
fn reopened_work_keeps_its_recovery_file_until_this_session_keeps_it() {
    let (_dir, path) = copied("easy.txt");
    let state = tempfile::tempdir().unwrap();
    let state_path = state.path().to_path_buf();
    let (_, left) = crashed_with_an_entry(&path, &state_path);
    let text = std::fs::read_to_string(&left).unwrap();
    let mut next = bench_keeping_in(&state_path);
    let own = next.runtime.keeper.path();
    let stem = own.file_stem().unwrap().to_string_lossy().into_owned();
    let blocker = state_path.join(format!(".{stem}.tmp"));
    std::fs::create_dir(&blocker).unwrap();
    next.look_for_recovery();
    next.keys("y");
    next.run_effects();
    next.keep();
    assert!(!left.exists(), "renamed");
    assert_eq!(
        std::fs::read_to_string(&own).unwrap(),
        text,
        "this session's own, as it was"
    );
    assert_eq!(
        next.runtime.keeper.failure, None,
        "nothing to write while nothing changed"
    );
    assert_eq!(next.runtime.kept_file(), Some(own.clone()));
    assert!(next.message().starts_with("Reopened the work"), "{}", next.message());
    // A change that cannot be written: the file holds the work as reopened, and Ctrl-C says so.
    next.act(Action::Select(pos(0, 1)));
    next.keys("5");
    next.keep();
    assert!(next.runtime.keeper.failure.is_some(), "the write fails");
    assert_eq!(
        std::fs::read_to_string(&own).unwrap(),
        text,
        "the file holds the work as reopened"
    );
    next.act(Action::ForceQuit);
    let asked = question(&next);
    assert!(asked.contains("holds the work as it was before"), "{asked}");
    std::fs::remove_dir(&blocker).unwrap();
}

/// Attack H: left-over recovery files were read whole at start, however big: eight of 60 MB
/// took seconds and hundreds of megabytes before the first screen, and under a memory limit
/// ended the start. One bigger than any the workbench writes is named and left as it is; the
/// others are offered.
#[test]
fn a_recovery_file_bigger_than_the_workbench_writes_is_left_as_it_is() {
    let state = tempfile::tempdir().unwrap();
    let board: sudoku_engine::Board = read(&asset("hard.txt")).parse().unwrap();
    let mut puzzle = sudoku_engine::Puzzle::new(board);
    puzzle.fields.push(("origin".into(), "pasted".into()));
    let small = state.path().join("recovery-0-999999990.swb");
    std::fs::write(&small, Format::Progress.to_string(&puzzle)).unwrap();
    let big = state.path().join("recovery-1-999999991.swb");
    let mut text = Format::Progress.to_string(&puzzle);
    text.push_str(&"# a line\n".repeat(2 * 1024 * 1024));
    std::fs::write(&big, &text).unwrap();
    let mut bench = Bench::new(Document::new_empty());
    bench.runtime = sudoku_workbench::runtime::Runtime::new(state.path().to_path_buf());
    bench.look_for_recovery();
    let Some(Overlay::Recovery(offer)) = bench.overlay.clone() else {
        panic!("expected the offer, got {:?}", bench.overlay)
    };
    assert_eq!(offer.offers.iter().map(|o| o.path.clone()).collect::<Vec<_>>(), [small]);
    assert!(
        bench
            .message()
            .contains("more than a recovery file the workbench writes"),
        "{}",
        bench.message()
    );
    assert!(big.exists(), "left as it is");
}

/// Attack M of issue 28: a crashed session's work, reopened after the file it came from was
/// saved again (by a later session, or another workbench), was written over that newer save by
/// `w` without a word: the recovery file named the file and its givens, not what the file was
/// when the crashed session read it. Now it records that too; a file changed since is said at
/// the reopening, and `w` asks before writing over it. A file that did not change saves as
/// before, without a question.
#[test]
fn recovered_work_never_writes_over_a_newer_save_of_its_file_unasked() {
    let (_dir, path) = game_saved_as_progress();
    let state = tempfile::tempdir().unwrap();
    let (board, _) = crashed_with_an_entry(&path, state.path());
    // Saved again since, as another session would: another entry, the same givens.
    let newer = read(&path).replacen("#!entries ..", "#!entries .7", 1);
    assert_ne!(newer, read(&path), "{newer}");
    assert_eq!(newer.len(), read(&path).len());
    std::fs::write(&path, &newer).unwrap();
    let mut next = bench_keeping_in(state.path());
    next.look_for_recovery();
    next.keys("y");
    next.run_effects();
    assert_eq!(next.doc.board, board, "the work reopened");
    assert!(
        next.message().contains("changed on disk since that session read it"),
        "{}",
        next.message()
    );
    next.keys("w");
    next.run_effects();
    let asked = question(&next);
    assert!(asked.contains("changed on disk since it was read"), "{asked}");
    assert_eq!(read(&path), newer, "nothing written before the answer");
    next.keys("o");
    next.run_effects();
    assert_ne!(read(&path), newer, "written over once asked");

    // A recovery file that does not say what the file was (an earlier version's, or one
    // edited: attack N): whether it changed is unknown, so `w` asks too.
    let (_dir, path) = game_saved_as_progress();
    let state = tempfile::tempdir().unwrap();
    let (_, left) = crashed_with_an_entry(&path, state.path());
    let text = read(&left);
    let without: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("#!read-file"))
        .collect();
    assert_ne!(without, text, "the line was there");
    std::fs::write(&left, without).unwrap();
    let mut next = bench_keeping_in(state.path());
    next.look_for_recovery();
    next.keys("y");
    next.run_effects();
    assert!(
        next.message()
            .contains("may have changed on disk since that session read it"),
        "{}",
        next.message()
    );
    next.keys("w");
    next.run_effects();
    assert!(question(&next).contains("changed on disk since it was read"));

    // The same without the newer save: no word, no question.
    let (_dir, path) = game_saved_as_progress();
    let state = tempfile::tempdir().unwrap();
    crashed_with_an_entry(&path, state.path());
    let mut next = bench_keeping_in(state.path());
    next.look_for_recovery();
    next.keys("y");
    next.run_effects();
    assert_eq!(next.message(), "Reopened the work the last session left: w saves it");
    next.keys("w");
    next.run_effects();
    assert!(next.overlay.is_none(), "{:?}", next.overlay);
    assert!(next.message().starts_with("Saved"), "{}", next.message());
}

/// A game of `easy.txt` with a 5 in r2c2, saved as the progress file `easy.swb` beside it.
fn game_saved_as_progress() -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, path) = copied("easy.txt");
    let mut bench = Bench::on_file(&path, None);
    bench.act(Action::Select(pos(1, 1)));
    bench.keys("5");
    bench.keys("w");
    bench.key(KeyCode::Enter);
    bench.run_effects();
    let swb = path.with_extension("swb");
    assert!(read(&swb).contains("#!entries"), "{:?}", bench.message());
    (dir, swb)
}

/// Attack M of issue 28: a crash leaves a lock file beside its recovery file; on a state disk
/// remounted read-only (as a disk error does), the lock file could not be opened for writing,
/// so the work was never offered ("its lock file cannot be opened"), though the guide says it
/// is. A lock needs no write: it is opened for reading there, and the work is offered.
#[test]
fn a_crashed_sessions_work_on_a_read_only_state_disk_is_offered() {
    let Some(disk) = TinyDisk::mount() else { return };
    let state = disk.path().join("state");
    std::fs::create_dir(&state).unwrap();
    let file = disk.path().join("hard.txt");
    std::fs::copy(asset("hard.txt"), &file).unwrap();
    let left = recovery_file_from(&state, 999_999_803, &file);
    std::fs::write(left.with_extension("lock"), "").unwrap();
    disk.remount_read_only();
    let mut bench = Bench::new(Document::new_empty());
    bench.runtime = sudoku_workbench::runtime::Runtime::new(state.clone());
    bench.look_for_recovery();
    match &bench.overlay {
        Some(Overlay::Recovery(offer)) => {
            assert!(offer.offers.iter().any(|o| o.path == left), "{:?}", offer.offers)
        }
        other => panic!("no offer: {other:?} ({})", bench.message()),
    }
    bench.keys("y");
    assert_eq!(bench.doc.board.cell(pos(0, 1)), Cell::Entry(digit(7)));
    disk.remount_writable();
}

/// Attack M of issue 28: work of pencil marks alone was offered as "17 givens, 0 entries", as
/// if nothing had been done. The offer names the marked cells too.
#[test]
fn work_of_marks_alone_is_offered_with_its_marks() {
    let (_dir, path) = copied("hard.txt");
    let state = tempfile::tempdir().unwrap();
    let mut first = bench_keeping_in(state.path());
    first.open_path(&path, None);
    first.run_effects();
    first.keys("M");
    first.keep();
    let marked = first.doc.marks.cells_marked();
    assert!(marked > 0 && first.doc.board.given_count() + marked == 81);
    // Ended without a quit: its file is left.
    drop(first);
    let mut next = bench_keeping_in(state.path());
    next.look_for_recovery();
    let Some(Overlay::Recovery(offer)) = next.overlay.clone() else {
        panic!("expected the offer, got {:?}", next.overlay)
    };
    let expected = format!(": 17 givens, 0 entries, {marked} cells marked, just now");
    assert!(offer.offers[0].summary.ends_with(&expected), "{:?}", offer.offers);
}
