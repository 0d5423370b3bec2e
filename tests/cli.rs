//! The command line as a user runs it: the built binary on the assets and on broken files,
//! asserting standard output, standard error and the exit status.
//!
//! A test binary of its own (`cargo test --test cli`, as the docs name it). Nothing in it needs
//! a process of its own any more: the memory tests read their own child's peak with `wait4`
//! (`run_measured`), not the peak of every child (`RUSAGE_CHILDREN`), which other tests' children
//! raised. It may join `tests/integration` when the docs' commands move with it.

mod common;

use common::cli::{BIN, asset, run, text};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use sudoku_engine::{Board, Format, parse_document};

fn board_of(path: &Path) -> Board {
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// The published sample output of BOJ 2580.
const BOJ_SAMPLE_ANSWER: &str = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n\
                                 8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n\
                                 2 5 8 3 9 4 7 6 1\n";

#[test]
fn solves_the_boj_sample_from_standard_input_like_the_judge() {
    let input = std::fs::read(asset("boj-2580-sample.txt")).unwrap();
    for args in [&[][..], &["solve"][..], &["solve", "-"][..]] {
        let out = run(args, Some(&input));
        assert_eq!(text(&out.stdout), BOJ_SAMPLE_ANSWER, "args {args:?}");
        assert_eq!(out.stderr, b"", "args {args:?}");
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn every_strategy_gives_the_same_answer_on_the_sample() {
    let path = asset("boj-2580-sample.txt");
    for strategy in ["naive", "mrv", "fast"] {
        let out = run(&["solve", path.to_str().unwrap(), "--strategy", strategy], None);
        assert_eq!(text(&out.stdout), BOJ_SAMPLE_ANSWER, "{strategy}");
    }
}

#[test]
fn solves_every_solvable_asset_validly_keeping_the_givens() {
    for name in [
        "boj-2580-sample.txt",
        "easy.txt",
        "hard.txt",
        "hardest.sdk",
        "anti-naive.txt",
        "escargot.ss",
        "several-solutions.txt",
    ] {
        let path = asset(name);
        let out = run(&["solve", path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let solution: Board = text(&out.stdout).parse().unwrap();
        assert!(board_of(&path).is_solved_by(&solution), "{name}");
    }
}

#[test]
fn output_formats_read_back_to_the_solution() {
    let path = asset("hardest.sdk");
    let boj: Board = text(&run(&["solve", path.to_str().unwrap()], None).stdout)
        .parse()
        .unwrap();
    for (name, format) in [
        ("boj", Format::Boj),
        ("line", Format::Line),
        ("sdk", Format::Sdk),
        ("ss", Format::Ss),
        ("grid", Format::Grid),
    ] {
        let out = run(&["solve", path.to_str().unwrap(), "--format", name], None);
        let hint = (format == Format::Ss).then_some(Format::Ss);
        let doc = parse_document(&out.stdout, hint).unwrap();
        assert_eq!(doc.format, format);
        assert_eq!(doc.first().unwrap().puzzle.board, boj, "{name}");
    }
    // .sdk output keeps the puzzle's metadata.
    let sdk = text(&run(&["solve", path.to_str().unwrap(), "--format", "sdk"], None).stdout);
    assert!(sdk.starts_with("#A Arto Inkala\n"), "{sdk}");
}

#[test]
fn a_line_in_gives_a_line_out() {
    let out = run(&["solve", asset("hard.txt").to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    assert_eq!(stdout.trim_end().len(), 81);
}

#[test]
fn a_collection_gives_one_solution_per_puzzle_in_order() {
    let path = asset("collection.sdm");
    let out = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let puzzles = parse_document(&std::fs::read(&path).unwrap(), None).unwrap().puzzles;
    let solutions: Vec<Board> = text(&out.stdout).lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solutions) {
        assert!(p.as_ref().unwrap().puzzle.board.is_solved_by(s));
    }
}

#[test]
fn stats_write_counters_per_puzzle_and_a_total() {
    let out = run(
        &[
            "solve",
            asset("boj-2580-sample.txt").to_str().unwrap(),
            "--strategy",
            "naive",
            "--stats",
        ],
        None,
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("nodes=14 "), "{stderr}");
    for key in ["backtracks=0 ", "max_depth=14 ", "time_us=", "strategy=naive "] {
        assert!(stderr.contains(key), "{key} in {stderr}");
    }
    let out = run(&["solve", asset("collection.sdm").to_str().unwrap(), "--stats"], None);
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("puzzle=")).count(),
        12,
        "{stderr}"
    );
    let total = stderr.lines().last().unwrap();
    assert!(
        total.starts_with("total puzzles=12 solved=12 no_solution=0 unreadable=0 "),
        "{total}"
    );
    assert!(total.contains("puzzles_per_sec="), "{total}");
}

#[test]
fn no_solution_exits_one_and_says_why() {
    let out = run(&["solve", asset("conflicting-givens.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"");
    assert!(
        text(&out.stderr).ends_with("conflicting-givens.txt: no solution: r1c1 and r1c3 both hold 5\n"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["solve", asset("no-solution.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"");
    assert!(text(&out.stderr).ends_with("no-solution.txt: no solution\n"));
}

/// Writes `content` to a fresh file and returns its directory (kept alive) and path.
fn temp_file(name: &str, content: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, content).unwrap();
    (dir, path)
}

#[test]
fn unreadable_input_exits_two_naming_file_line_and_column() {
    let sample = std::fs::read_to_string(asset("boj-2580-sample.txt")).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "x.txt",
            "4.....8.5.3.....x....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n".into(),
            "x.txt: line 1, column 17: expected a digit 0-9 or '.', found 'x'",
        ),
        (
            "short.txt",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....\n".into(),
            "short.txt: line 1, column 81: found 80 cells, a puzzle has 81",
        ),
        (
            "rows.txt",
            sample.lines().take(8).collect::<Vec<_>>().join("\n").into_bytes(),
            "rows.txt: line 9, column 1: found 8 rows, a puzzle has 9",
        ),
        (
            "ten.txt",
            sample.replacen("0 6 0", "0 6 10", 1).into_bytes(),
            "ten.txt: line 3, column 5: expected a single digit 0-9, found \"10\"",
        ),
        (
            "binary.dat",
            vec![0x7f, 0x45, 0x4c, 0x46, 0xff, 0x00, 0x01],
            "binary.dat: line 1, column 5: not UTF-8 text (a binary file?)",
        ),
        ("empty.txt", vec![], "empty.txt: no puzzle found"),
    ];
    for (name, content, message) in cases {
        let (_dir, path) = temp_file(name, &content);
        let out = run(&["solve", path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert_eq!(out.stdout, b"", "{name}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("error: ") && stderr.contains(message),
            "{name}: {stderr}"
        );
    }
}

#[test]
fn missing_files_and_directories_exit_two() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["solve", dir.path().to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("it is a directory"));
    let missing = dir.path().join("missing.txt");
    let out = run(&["solve", missing.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("missing.txt: no such file"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["check", missing.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_bad_line_in_a_collection_is_reported_and_the_rest_solved() {
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let content = format!("# three puzzles\n{good}\n{}\n{good}\n", good.replacen('.', "x", 1));
    let (_dir, path) = temp_file("mixed.txt", content.as_bytes());
    let out = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 2, "the two good puzzles are solved");
    assert!(text(&out.stderr).contains("mixed.txt: line 3, column 2: expected a digit 0-9 or '.', found 'x'"));
}

#[test]
fn check_describes_a_puzzle() {
    let out = run(&["check", asset("hardest.sdk").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    for line in [
        "format: SadMan .sdk",
        "author: Arto Inkala",
        "givens: 21",
        "blanks: 60",
        "conflicts: none",
        "solutions: one",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line:?} in\n{stdout}");
    }
    let out = run(&["check", asset("several-solutions.txt").to_str().unwrap()], None);
    assert!(text(&out.stdout).contains("solutions: several (at least 2)"));
    let out = run(&["check", asset("no-solution.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("solutions: none"));
    let out = run(&["check", asset("conflicting-givens.txt").to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("conflicts: 3\n  r1c1 and r1c3 both hold 5 (row 1)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("solutions: none (r1c1 and r1c3 both hold 5)"));
}

#[test]
fn trace_prints_the_steps() {
    let out = run(&["trace", asset("boj-2580-sample.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 15);
    assert_eq!(lines[0], "place r1c1=1 depth 1");
    assert_eq!(lines[13], "place r9c9=1 depth 14");
    assert_eq!(lines[14], "solved");
    let out = run(
        &["trace", asset("anti-naive.txt").to_str().unwrap(), "--max-steps", "5"],
        None,
    );
    assert_eq!(text(&out.stdout).lines().count(), 5);
    assert!(text(&out.stderr).starts_with("stopped after 5 steps"));
    // Tester C, 21: one step is singular.
    let out = run(
        &["trace", asset("anti-naive.txt").to_str().unwrap(), "--max-steps", "1"],
        None,
    );
    assert!(
        text(&out.stderr).starts_with("stopped after 1 step (--max-steps)"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &[
            "trace",
            asset("no-solution.txt").to_str().unwrap(),
            "--strategy",
            "fast",
            "--max-steps",
            "100000",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout).lines().last(), Some("exhausted"));
}

#[test]
fn usage_errors_are_clap_errors() {
    let out = run(&["solve", "--strategy", "quantum"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("naive"), "lists the strategies");
}

#[test]
fn invalid_utf8_in_a_line_names_its_column() {
    let mut content = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....".to_vec();
    content.splice(10..11, [0xC3, 0x28]); // a two-byte sequence broken in its second byte
    content.push(b'\n');
    let (_dir, path) = temp_file("latin.txt", &content);
    let out = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("latin.txt: line 1, column 11: not UTF-8 text"),
        "{stderr}"
    );
}

#[test]
fn a_file_without_read_permission_exits_two() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, path) = temp_file("secret.txt", &std::fs::read(asset("easy.txt")).unwrap());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&path).is_ok() {
        eprintln!("skipped: this user (root?) reads files without read permission");
        return;
    }
    let out = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("secret.txt: permission denied"), "{stderr}");
}

/// Runs the binary with `args` (standard input closed) and gives its output and its own peak
/// resident memory in MB, from `wait4` on that child alone: the counter of all children
/// (`RUSAGE_CHILDREN`) holds the largest of every child the test process has waited for, on
/// any test thread, and so failed this test whenever another ran a big child at the same time.
fn run_measured(args: &[&str]) -> (Output, i64) {
    use std::io::Read;
    #[expect(clippy::zombie_processes, reason = "reaped by `wait4` below, which gives its usage")]
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).map(|_| bytes)
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("a piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("a piped stderr")));
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills; the pid is this test's own child,
    // which nothing else waits for.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(
        reaped,
        child.id() as libc::pid_t,
        "wait4: {}",
        std::io::Error::last_os_error()
    );
    let output = Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout: stdout.join().unwrap().unwrap(),
        stderr: stderr.join().unwrap().unwrap(),
    };
    assert!(usage.ru_maxrss > 0, "wait4 measured the child");
    (output, usage.ru_maxrss / 1024)
}

#[test]
fn a_one_gigabyte_file_is_streamed_in_little_memory() {
    // One good puzzle, then a gigabyte of NUL bytes (a sparse file: nothing is written to disk).
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let (_dir, path) = temp_file("huge.txt", good.as_bytes());
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let (out, peak) = run_measured(&["solve", "--format", "line", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "the NUL line is an error");
    assert_eq!(text(&out.stdout).lines().count(), 1, "the good puzzle is solved");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("huge.txt: line 2, column 1"), "{stderr}");
    assert!(peak < 64, "peak memory {peak} MB for a 1 GB file");

    // `check` reads the same way.
    let (out, peak) = run_measured(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(peak < 64, "peak memory {peak} MB for a 1 GB file");
}

#[test]
fn an_escape_sequence_in_a_file_name_is_printed_visibly() {
    let (_dir, path) = temp_file("x\x1b[2J.txt", b"12x\n");
    let out = run(&["solve", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(!stderr.contains('\x1b'), "{stderr:?}");
    assert!(stderr.contains("x\\u{1b}[2J.txt: line 1"), "{stderr:?}");
}

/// Runs `script` with `bash -c` (for `pipefail`), the binary as `$BIN`; its output and status.
fn shell(script: &str) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("BIN", BIN)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Item 11: a full or closed standard output or error is exit status 2, never a panic or 0;
/// a reader that goes away (`| head`) keeps the documented status.
#[test]
fn failed_writes_are_exit_status_two() {
    let no_solution = asset("no-solution.txt");
    let sample = asset("boj-2580-sample.txt");
    let (_many_dir, many) = temp_file("collection.txt", &{
        let lines = std::fs::read_to_string(asset("collection.sdm")).unwrap();
        lines.repeat(300).into_bytes()
    });
    let cases = [
        (format!("\"$BIN\" solve '{}' 2>/dev/full", no_solution.display()), 2),
        (format!("\"$BIN\" solve '{}' >/dev/full", sample.display()), 2),
        (format!("\"$BIN\" solve '{}' >&-", sample.display()), 2),
        (format!("\"$BIN\" check '{}' >&-", sample.display()), 2),
        // A collection on two threads: the writer stops at its first failed write, and the
        // threads with it (no hang, no panic).
        // (`timeout` turns a hang into a failure: exit status 124.)
        (
            format!("timeout 60 \"$BIN\" solve --jobs 2 '{}' >/dev/full", many.display()),
            2,
        ),
        (
            format!("timeout 60 \"$BIN\" check --jobs 2 '{}' >&-", many.display()),
            2,
        ),
        ("\"$BIN\" --help >/dev/full".to_string(), 2),
        ("\"$BIN\" --version >/dev/full".to_string(), 2),
        ("\"$BIN\" --no-such-flag 2>/dev/full".to_string(), 2),
        // `/dev/null` opened for reading and writing by the caller (`<>`, as Python's
        // `subprocess.DEVNULL` and systemd's `StandardOutput=null` open it) is not a closed
        // stream: the results go there and the status is the command's own.
        (format!("\"$BIN\" solve '{}' 1<>/dev/null", sample.display()), 0),
        (
            format!("\"$BIN\" check '{}' 1<>/dev/null 2<>/dev/null", sample.display()),
            0,
        ),
        (format!("\"$BIN\" solve '{}' 2<>/dev/null", no_solution.display()), 1),
    ];
    for (script, status) in cases {
        let out = shell(&script);
        assert_eq!(out.status.code(), Some(status), "{script}: {}", text(&out.stderr));
        assert!(
            !text(&out.stderr).contains("panicked"),
            "{script}: {}",
            text(&out.stderr)
        );
    }
    // `| head`: the reader has what it wanted; the status is the command's, 0.
    let (_dir, path) = temp_file("many.txt", &{
        let line = std::fs::read_to_string(asset("hard.txt")).unwrap();
        line.repeat(5000).into_bytes()
    });
    let out = shell(&format!(
        "set -o pipefail; \"$BIN\" solve --format line '{}' | head -1",
        path.display()
    ));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).is_empty(), "quietly: {}", text(&out.stderr));
}

/// Item 10: devices and FIFOs never hang the command line.
#[test]
fn devices_are_refused_and_fifos_read_with_patience() {
    let started = std::time::Instant::now();
    let out = run(&["solve", "/dev/zero"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("/dev/zero: it is a character device"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["check", "/dev/zero"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "at once");
    // A FIFO someone writes to is read (as `<(cat file)` is).
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, std::fs::read(asset("boj-2580-sample.txt")).unwrap()))
    };
    let out = run(&["solve", fifo.to_str().unwrap()], None);
    writer.join().unwrap().unwrap();
    assert_eq!(text(&out.stdout), BOJ_SAMPLE_ANSWER);
    // One nobody writes to is given up with a clear message.
    let out = run(&["solve", fifo.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("FIFO"), "{}", text(&out.stderr));
}

/// Item 10: comment lines do not pile up in memory while a collection streams.
#[test]
fn long_comment_lines_in_a_collection_stream_in_little_memory() {
    let puzzle = std::fs::read_to_string(asset("hard.txt")).unwrap();
    let comment = format!("# {}\n", "c".repeat(998));
    // Written as a stream: a child's peak memory counts what the test process held when it
    // forked, so the test must not hold the 100 MB itself.
    let (_dir, path) = temp_file("commented.sdm", b"");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for k in 0..100_000 {
        if k % 10_000 == 0 {
            file.write_all(puzzle.as_bytes()).unwrap();
        }
        file.write_all(comment.as_bytes()).unwrap();
    }
    file.write_all(puzzle.as_bytes()).unwrap();
    file.into_inner().unwrap().sync_all().unwrap();
    let (out, peak) = run_measured(&["solve", "--format", "line", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 11);
    assert!(peak < 64, "peak memory {peak} MB for 100 MB of comments");
}

/// Item 12: `check` names a blank with no candidate, before any search.
#[test]
fn check_names_a_cell_with_no_candidate() {
    let dead = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let (_dir, path) = temp_file("dead.sdk", dead.as_bytes());
    let started = std::time::Instant::now();
    let out = run(&["check", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("solutions: none (r1c9 has no candidate)"), "{stdout}");
    for strategy in ["naive", "mrv", "fast"] {
        let out = run(&["solve", "--strategy", strategy, path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(1), "{strategy}");
        assert!(
            text(&out.stderr).contains("r1c9 has no candidate"),
            "{strategy}: {}",
            text(&out.stderr)
        );
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "at once");
}

/// Issue 28 item 16: `compare` on a board no search can start on names the reason (the cell
/// with no candidate, the two equal digits) and prints no table, not even its header.
#[test]
fn compare_names_a_dead_cell_and_prints_no_empty_table() {
    let dead = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let (_dir, path) = temp_file("dead.sdk", dead.as_bytes());
    for (file, why) in [
        (path.clone(), "r1c9 has no candidate"),
        (asset("conflicting-givens.txt"), "r1c1 and r1c3 both hold 5"),
    ] {
        let out = run(&["compare", file.to_str().unwrap()], None);
        assert_eq!(text(&out.stdout), "", "{why}");
        assert_eq!(
            text(&out.stderr),
            format!("{}: no solution: {why}\n", file.display()),
            "{why}"
        );
        assert_eq!(out.status.code(), Some(1), "{why}");
    }
}

/// The built binary run with `args` and nothing on standard input, killed if it has not ended
/// within `seconds`: a hang fails the test instead of holding it.
fn run_within(args: &[&str], seconds: u64) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).unwrap();
            bytes
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Attack M, F4: on a board the fast search finds no solution of at once (7 givens: row 9
/// holds 3 to 8 and box 9 a 9), `compare`, which runs the textbook search first, and
/// `solve --strategy naive` never ended: naive fills rows 1 to 8 every way before it reaches
/// row 9. `compare` refuses it as it refuses a dead cell, `solve` says what the fast one says.
#[test]
fn a_board_without_a_solution_is_said_at_once_by_compare_and_naive() {
    let board = format!("{}9{}345678...\n", ".".repeat(60), ".".repeat(11));
    let (_dir, path) = temp_file("no-place-for-9.txt", board.as_bytes());
    let file = path.to_str().unwrap();
    let out = run_within(&["compare", file], 20);
    assert_eq!(text(&out.stdout), "", "no table");
    assert_eq!(
        text(&out.stderr),
        format!("{file}: no solution: the digits leave 9 no place in row 9\n")
    );
    assert_eq!(out.status.code(), Some(1));
    let fast = run_within(&["solve", file], 20);
    assert_eq!(text(&fast.stderr), format!("{file}: no solution\n"));
    assert_eq!(fast.status.code(), Some(1));
    let naive = run_within(&["solve", "--strategy", "naive", file], 20);
    assert_eq!(text(&naive.stdout), text(&fast.stdout));
    assert_eq!(text(&naive.stderr), text(&fast.stderr));
    assert_eq!(naive.status.code(), fast.status.code());
}

/// Attack N, N2: a sparse board WITH solutions that the textbook order cannot finish (72 blanks,
/// then `.23456789`: the first row's 1 is tried last) ran `compare` and `solve --strategy
/// naive` for ever. Each slow strategy is given up on at `--time-limit`: `compare`'s row shows
/// how far it got and the others' rows follow; `solve` says it gave up (not "no solution").
#[test]
fn a_board_the_textbook_order_cannot_finish_is_given_up_on_at_its_time_limit() {
    let board = format!("{}.23456789\n", ".".repeat(72));
    let (_dir, path) = temp_file("first-row-1-last.txt", board.as_bytes());
    let file = path.to_str().unwrap();
    let out = run_within(&["compare", "--time-limit", "1", file], 20);
    let table = text(&out.stdout);
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), 5, "a header and every strategy's row:\n{table}");
    assert!(rows[1].starts_with("naive") && rows[1].ends_with("> 1.00 s"), "{table}");
    for (row, name) in rows[2..].iter().zip(["mrv", "dlx", "fast"]) {
        assert!(row.starts_with(name) && !row.contains('>'), "{name} finished:\n{table}");
    }
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("{file}: naive gave up after 1.00 s and "))
            && err.ends_with("its row shows how far it got\n"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0), "the board was solved, by the others");

    let naive = run_within(&["solve", "--strategy", "naive", "--time-limit", "1", file], 20);
    assert_eq!(text(&naive.stdout), "", "no solution written");
    let err = text(&naive.stderr);
    assert!(err.starts_with(&format!("{file}: gave up after 1.00 s and ")), "{err}");
    assert!(
        err.contains("with --strategy naive (--time-limit 1)") && !err.contains("no solution"),
        "{err}"
    );
    assert_eq!(naive.status.code(), Some(1));
    // The same strategy on a board it can finish is not cut short by the limit.
    let hard = asset("hard.txt");
    let solved = run_within(
        &[
            "solve",
            "--strategy",
            "naive",
            "--time-limit",
            "1",
            hard.to_str().unwrap(),
        ],
        20,
    );
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let solution = text(&solved.stdout);
    assert!(
        solution.trim_end().len() == 81 && solution.trim_end().bytes().all(|b| (b'1'..=b'9').contains(&b)),
        "{solution}"
    );
}

/// `.sdk` metadata lines of one puzzle, `lines` of them, above its grid.
fn with_metadata(lines: usize, width: usize) -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..lines {
        let line = format!("#D {i:06} ");
        text.extend_from_slice(line.as_bytes());
        text.extend(std::iter::repeat_n(b'x', width.saturating_sub(line.len())));
        text.push(b'\n');
    }
    let grid = std::fs::read_to_string(asset("hardest.sdk")).unwrap();
    text.extend(
        grid.lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| format!("{l}\n").into_bytes()),
    );
    text
}

/// Issue 28 item 11: `solve --format sdk|progress` and `check` keep every metadata line of a
/// puzzle (200,000 `#D` lines, 6 MB); past what a puzzle keeps (64 MiB), or for a line cut at
/// 64 KiB, they write what they kept, say what they did not, and exit 2.
#[test]
fn solve_keeps_every_metadata_line_or_says_what_it_cut() {
    let (_dir, path) = temp_file("described.sdk", &with_metadata(200_000, 30));
    let file = path.to_str().unwrap();
    for format in ["sdk", "progress"] {
        let out = run(&["solve", "--format", format, file], None);
        assert_eq!(text(&out.stderr), "", "{format}");
        assert_eq!(out.status.code(), Some(0), "{format}");
        let stdout = text(&out.stdout);
        let kept: Vec<&str> = stdout.lines().filter(|l| l.starts_with("#D ")).collect();
        assert_eq!(kept.len(), 200_000, "{format}");
        assert!(kept[199_999].starts_with("#D 199999 "), "{format}");
    }
    let out = run(&["check", file], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("description: "))
            .count(),
        200_000
    );

    // A line of 100 KB: kept as its first 64 KiB, and said.
    let mut long = with_metadata(1, 100_000);
    long.splice(0..0, b"#A someone\n".iter().copied());
    let (_dir, path) = temp_file("long.sdk", &long);
    let out = run(&["solve", "--format", "sdk", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).starts_with("#A someone\n#D 000000 xxx"));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {}: the solution written has 1 line of notes cut at 64 KiB: a line keeps no more\n",
            path.display()
        )
    );
    // A puzzle line's comment of 70 KB in a collection, the same.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let collection = format!("{line} {}\n{line} short\n", "c".repeat(70_000));
    let out = run(&["solve", "--format", "sdk"], Some(collection.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: line 1: the solution written has 1 line of notes cut at 64 KiB: a line keeps no more\n"
    );
    assert!(text(&out.stdout).contains("#C short\n"), "the next puzzle is written");

    // 70 MB of metadata: the first 64 MiB (less the room each line takes) kept and written,
    // the rest counted.
    let lines = 70_000;
    let (_dir, path) = temp_file("huge.sdk", &with_metadata(lines, 1000));
    let out = run(&["solve", "--format", "sdk", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let written = text(&out.stdout).lines().filter(|l| l.starts_with("#D ")).count();
    assert!(written > 60_000 && written < lines, "{written} lines written");
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: {}: the solution written lacks {} lines of notes: a puzzle keeps 64 MiB of them\n",
            path.display(),
            grouped(lines - written)
        )
    );
}

/// Attack C finding 3: `check` shows a puzzle's metadata, never its plain `#` comments, so a
/// comment cut at 64 KiB (or past the 64 MiB a puzzle keeps) is no loss to it: it must not
/// say the description was cut, nor exit 2. A metadata line cut is still said.
#[test]
fn check_says_only_a_cut_of_what_it_shows() {
    let hard = std::fs::read_to_string(asset("hard.txt")).unwrap();
    let long_comment = format!("#{}\n{hard}", "c".repeat(100_000));
    let out = run(&["check"], Some(long_comment.as_bytes()));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).ends_with("solutions: one\n"), "{}", text(&out.stdout));
    // A metadata line of the same length is shown cut: said, exit 2.
    let long_meta = format!("#D {}\n{hard}", "c".repeat(100_000));
    let out = run(&["check"], Some(long_meta.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: the description written has 1 line of notes cut at 64 KiB: a line keeps no more\n"
    );
}

/// `n` with thousands separators, as the messages write counts.
fn grouped(n: usize) -> String {
    sudoku_workbench::text::grouped(n as u64)
}

/// Item 18: `check` reads standard input and describes a collection puzzle by puzzle.
#[test]
fn check_reads_standard_input_and_lists_a_collection() {
    let input = std::fs::read(asset("hardest.sdk")).unwrap();
    let out = run(&["check"], Some(&input));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("author: Arto Inkala"));
    let good = std::fs::read_to_string(asset("hard.txt")).unwrap();
    let mut bad = good.trim_end().to_string();
    // Two 4s in the first row: the first blank of the line gets a 4.
    let blank = bad.find('.').unwrap();
    bad.replace_range(blank..=blank, "4");
    let (_dir, path) = temp_file("set.sdm", format!("{good}{bad}\n{good}").as_bytes());
    let out = run(&["check", path.to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("format: collection of 81-character lines"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("line ")).count(), 3, "{stdout}");
    assert!(stdout.contains("line 2: givens 18, blanks 63, conflicts 2"), "{stdout}");
    assert!(
        stdout.contains("\n  r1c1 and r1c2 both hold 4 (row 1)\n"),
        "each conflict is listed: {stdout}"
    );
}

/// Item 18: `--index 0` says how puzzles are numbered; collections in grid layouts are
/// separated by a blank line.
#[test]
fn puzzle_numbers_start_at_one_and_grids_are_separated() {
    let out = run(&["--index", "0", asset("collection.sdm").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("puzzles are numbered from 1"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &["trace", "--index", "0", asset("collection.sdm").to_str().unwrap()],
        None,
    );
    assert!(
        text(&out.stderr).contains("puzzles are numbered from 1"),
        "{}",
        text(&out.stderr)
    );
    for format in ["grid", "boj", "sdk"] {
        let out = run(
            &["solve", "--format", format, asset("collection.sdm").to_str().unwrap()],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{format}");
        let stdout = text(&out.stdout);
        let blocks: Vec<&str> = stdout.trim_end().split("\n\n").collect();
        assert_eq!(blocks.len(), 12, "{format}: one block per puzzle:\n{stdout}");
        for block in blocks {
            let board: Board = parse_document(block.as_bytes(), None)
                .unwrap()
                .first()
                .unwrap()
                .puzzle
                .board
                .clone();
            assert!(board.is_solved(), "{format}");
        }
    }
}

#[test]
fn trace_as_json_lines_is_the_same_search_one_object_a_line() {
    for (name, strategy) in [
        ("anti-naive.txt", "naive"),
        ("hard.txt", "mrv"),
        ("no-solution.txt", "fast"),
    ] {
        let file = asset(name);
        let args = |format: &str| {
            run(
                &[
                    "trace",
                    file.to_str().unwrap(),
                    "--strategy",
                    strategy,
                    "--max-steps",
                    "3000",
                    "--format",
                    format,
                ],
                None,
            )
        };
        let (plain, json) = (args("text"), args("jsonl"));
        assert_eq!(plain.status.code(), json.status.code(), "{name}");
        let plain = text(&plain.stdout);
        let json = text(&json.stdout);
        let mut lines = json.lines();
        let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(header["trace"], "sudoku-workbench");
        assert_eq!(header["version"], 1);
        assert_eq!(header["strategy"], strategy);
        let board: sudoku_engine::Board = header["puzzle"].as_str().unwrap().parse().unwrap();
        let read = sudoku_engine::parse_puzzle(&std::fs::read(&file).unwrap()).unwrap();
        assert_eq!(board.to_digits(), read.board.to_digits(), "{name}: the puzzle");
        let steps: Vec<&str> = plain.lines().collect();
        let objects: Vec<serde_json::Value> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(objects.len(), steps.len(), "{name}");
        for (i, (object, step)) in objects.iter().zip(&steps).enumerate() {
            assert_eq!(object["step"], i as u64 + 1);
            // The text line said the same thing in words.
            let words = match object["op"].as_str().unwrap() {
                op @ ("place" | "remove") => format!(
                    "{op} {}={} depth {}{}",
                    object["cell"].as_str().unwrap(),
                    object["digit"],
                    object["depth"],
                    if object["forced"] == true { " forced" } else { "" }
                ),
                other => other.to_string(),
            };
            assert_eq!(&words, step, "{name} step {}", i + 1);
        }
    }
}

#[test]
fn compare_prints_every_strategy_with_its_counters() {
    let file = asset("boj-2580-sample.txt");
    let out = run(&["compare", file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["strategy", "placements", "backtracks", "max", "depth", "time"]
    );
    let board = sudoku_engine::parse_puzzle(&std::fs::read(&file).unwrap())
        .unwrap()
        .board;
    let strategies = sudoku_engine::Strategy::ALL;
    assert_eq!(lines.len(), 1 + strategies.len());
    for (line, strategy) in lines[1..].iter().zip(strategies) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let counters = sudoku_engine::solve(&board, *strategy).unwrap().counters;
        assert_eq!(words[0], strategy.name());
        assert_eq!(words[1].replace(',', ""), counters.placements.to_string(), "{line}");
        assert_eq!(words[2].replace(',', ""), counters.backtracks.to_string(), "{line}");
        assert_eq!(words[3], counters.max_depth.to_string(), "{line}");
    }
    assert!(
        lines[1].starts_with("naive") && lines[1].contains(" 14 "),
        "{}",
        lines[1]
    );
    let out = run(&["compare", asset("no-solution.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no solution"), "{}", text(&out.stderr));
    let out = run(&["compare", asset("conflicting-givens.txt").to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("r1c1 and r1c3 both hold 5"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn trace_why_says_why_each_step_happens() {
    let out = run(
        &["trace", asset("boj-2580-sample.txt").to_str().unwrap(), "--why"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0], "place r1c1=1 depth 1  (1 fits (no 1 in row 1, column 1 or box 1))",
        "1 is tried first"
    );
    assert_eq!(
        lines[1],
        "place r2c5=3 depth 2  (1: r2c4 holds 1 (row 2); 2: r2c3 holds 2 (row 2); 3 fits (no 3 in row 2, column 5 or box 2))"
    );
    // Every digit rejected is named with a peer that holds it: check each claim on the board,
    // on the sample and on a search with dead ends and backtracks.
    let out = run(
        &[
            "trace",
            asset("hardest.sdk").to_str().unwrap(),
            "--why",
            "--max-steps",
            "3000",
        ],
        None,
    );
    let hardest = text(&out.stdout);
    assert!(
        hardest.contains("the call below found no digit for "),
        "a dead end is explained"
    );
    assert!(hardest.contains("tried every digit and returned"));
    assert!(hardest.contains("the loop goes on to "));
    let out = run(
        &[
            "trace",
            asset("hard.txt").to_str().unwrap(),
            "--why",
            "--strategy",
            "mrv",
            "--max-steps",
            "2",
        ],
        None,
    );
    let stdout = text(&out.stdout);
    assert!(stdout.lines().all(|l| l.contains("fewest candidates:")), "{stdout}");
    let out = run(
        &[
            "trace",
            asset("hard.txt").to_str().unwrap(),
            "--why",
            "--strategy",
            "fast",
            "--max-steps",
            "6",
        ],
        None,
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("hidden single: r1c3 is the only place for 7 in row 1"),
        "{stdout}"
    );
    for (name, lines) in [
        ("boj-2580-sample.txt", lines.clone()),
        ("hardest.sdk", hardest.lines().collect()),
    ] {
        check_claims(name, &lines);
    }
}

/// Each "d: rXcY holds d" in the reasons of a `trace --why` of the asset `name` holds on the
/// board just before its step.
fn check_claims(name: &str, lines: &[&str]) {
    use sudoku_engine::{Cell, Digit, Pos};
    let mut board = sudoku_engine::parse_puzzle(&std::fs::read(asset(name)).unwrap())
        .unwrap()
        .board;
    let cell_of = |name: &str| {
        let rc: Vec<usize> = name[1..].split('c').map(|n| n.parse().unwrap()).collect();
        Pos::at(rc[0] - 1, rc[1] - 1).unwrap()
    };
    let mut claims = 0;
    for line in lines {
        let (step, reasons) = line.split_once("  (").unwrap_or((line, ""));
        // Each claim is about the board just before its step.
        for reason in reasons.trim_end_matches(')').split("; ").filter(|r| !r.is_empty()) {
            let Some((_, claim)) = reason.split_once(": ") else {
                continue;
            };
            let words: Vec<&str> = claim.split_whitespace().collect();
            let holder = cell_of(words[0]);
            assert_eq!(
                board.digit(holder).map(|d| d.to_string()),
                Some(words[2].to_string()),
                "{line}"
            );
            claims += 1;
        }
        let words: Vec<&str> = step.split_whitespace().collect();
        if let [verb, at, ..] = words[..]
            && let Some((name, digit)) = at.split_once('=')
        {
            let cell = cell_of(name);
            match verb {
                "place" => board.set(cell, Cell::Placed(Digit::new(digit.parse().unwrap()).unwrap())),
                _ => board.set(cell, Cell::Empty),
            }
        }
    }
    assert!(claims > 10, "{claims} claims checked");
}

/// `dlx --why` names the constraint chosen; on the board as the trace leaves it, each has the
/// options it says, the digit placed is one of them, and no constraint has fewer.
#[test]
fn trace_why_for_dlx_names_a_constraint_with_the_fewest_options() {
    use sudoku_engine::{Board, Cell, Digit, Pos, Unit};
    let out = run(
        &[
            "trace",
            asset("hardest.sdk").to_str().unwrap(),
            "--why",
            "--strategy",
            "dlx",
            "--max-steps",
            "400",
        ],
        None,
    );
    let mut board: Board = std::fs::read_to_string(asset("hardest.sdk")).unwrap().parse().unwrap();
    let places = |board: &Board, unit: Unit, d: Digit| {
        unit.cells()
            .into_iter()
            .filter(|&q| board.digit(q).is_none() && board.candidates(q).contains(d))
            .count()
    };
    let unit_named = |name: &str| -> Unit {
        let (kind, n) = name.split_once(' ').unwrap();
        let i: u8 = n.parse::<u8>().unwrap() - 1;
        match kind {
            "row" => Unit::Row(i),
            "column" => Unit::Col(i),
            _ => Unit::Box(i),
        }
    };
    let mut claims = 0;
    for line in text(&out.stdout).lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&change) = words.get(1) else { continue };
        let Some((cell, digit)) = change.split_once('=') else {
            continue;
        };
        let (pos, digit) = (
            Pos::from_name(cell).unwrap(),
            Digit::new(digit.parse().unwrap()).unwrap(),
        );
        if words[0] == "place" && line.contains("has the fewest options: ") {
            let said: usize = line
                .split("fewest options: ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let fewest_cell = board.blanks().map(|q| board.candidates(q).len()).min().unwrap();
            let b = &board;
            let fewest_place = Unit::all()
                .flat_map(|u| {
                    Digit::all()
                        .filter(move |d| !b.digits_in(u).contains(*d))
                        .map(move |d| (u, d))
                })
                .map(|(u, d)| places(b, u, d))
                .min()
                .unwrap();
            assert_eq!(said, fewest_cell.min(fewest_place), "{line}");
            let quoted = line.split('"').nth(1).unwrap();
            if let Some(name) = quoted.strip_suffix(" needs a digit") {
                assert_eq!(name, cell, "{line}");
                assert_eq!(board.candidates(pos).len(), said, "{line}");
            } else {
                let (d, unit) = quoted.split_once(" in ").unwrap();
                assert_eq!(d, digit.to_string(), "{line}");
                let unit = unit_named(unit);
                assert!(unit.cells().contains(&pos), "{line}");
                assert_eq!(places(&board, unit, digit), said, "{line}");
            }
            claims += 1;
        }
        match words[0] {
            "place" => board.set(pos, Cell::Placed(digit)),
            _ => board.set(pos, Cell::Empty),
        }
    }
    assert!(claims > 20, "{claims} claims checked");
}

/// A collection of `n` lines made of the shipped collection's puzzles, with a line that does
/// not read, a puzzle without a solution and one whose givens conflict mixed in, so that a run
/// on several threads crosses batches with every kind of result.
fn mixed_collection(n: usize) -> tempfile::NamedTempFile {
    mixed_collection_of(n, true)
}

/// [`mixed_collection`], without the forum's hardest puzzles when `hardest` is false: rating one
/// takes seconds of nested forcing chains, and `rate` runs the collection on several threads.
fn mixed_collection_of(n: usize, hardest: bool) -> tempfile::NamedTempFile {
    let text = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let kept = if hardest {
        text.as_str()
    } else {
        text.split("# Hardest").next().unwrap_or(&text)
    };
    let puzzles: Vec<String> = kept
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(str::to_string)
        .collect();
    let mut text = String::new();
    for i in 0..n {
        match i % 97 {
            13 => text.push_str("12345678x........................................................................\n"),
            41 => text.push_str("12345678..........9..............................................................\n"),
            77 => text.push_str("11...............................................................................\n"),
            // Comments short and long (past what a batch keeps inline), with characters of
            // several bytes: `check` prints them.
            59 | 60 => {
                let comment = if i % 97 == 59 {
                    "é".repeat(300)
                } else {
                    format!("ü{i}")
                };
                text.push_str(&format!("{} {comment}\n", puzzles[i % puzzles.len()]));
            }
            _ => {
                text.push_str(&puzzles[i % puzzles.len()]);
                text.push('\n');
            }
        }
    }
    let mut file = tempfile::Builder::new().suffix(".sdm").tempfile().unwrap();
    std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
    file
}

/// `stderr` without the line saying `--jobs` was capped to the cores (where they are fewer than
/// the threads asked for).
fn without_the_cap(stderr: &str) -> String {
    stderr
        .split_inclusive('\n')
        .filter(|line| !(line.starts_with("--jobs ") && line.contains(", as many as the ")))
        .collect()
}

/// --jobs: the same bytes on both streams and the same status, whatever the number of threads
/// (beyond the cores, the threads are capped, which is said first on stderr).
#[test]
fn every_thread_count_writes_the_same_bytes_in_the_same_order() {
    let big = mixed_collection(1400);
    let small = mixed_collection_of(600, false);
    let path = big.path().to_str().unwrap();
    let runs: [(&[&str], &str); 4] = [
        (&["solve", path], path),
        (&["solve", "--format", "sdk", path], path),
        (&["check", path], path),
        (&["rate", small.path().to_str().unwrap()], ""),
    ];
    for (args, _) in runs {
        let one = run(&[args, &["--jobs", "1"]].concat(), None);
        assert!(!one.stdout.is_empty(), "{args:?}");
        assert!(
            text(&one.stderr).contains("line 14, column 9"),
            "the unreadable line is said: {args:?}"
        );
        for jobs in ["2", "3"] {
            let many = run(&[args, &["--jobs", jobs]].concat(), None);
            assert_eq!(text(&many.stdout), text(&one.stdout), "{args:?} --jobs {jobs}");
            assert_eq!(
                without_the_cap(&text(&many.stderr)),
                text(&one.stderr),
                "{args:?} --jobs {jobs}"
            );
            assert_eq!(many.status.code(), one.status.code(), "{args:?} --jobs {jobs}");
        }
    }
    // Allowed one core, the same bytes too.
    #[cfg(target_os = "linux")]
    one_core_writes_the_same_bytes(path.to_string());
    // The same seed makes the same puzzles on any number of threads.
    let one = run(&["generate", "--count", "5", "--seed", "9", "--jobs", "1"], None);
    let many = run(&["generate", "--count", "5", "--seed", "9", "--jobs", "3"], None);
    assert_eq!(text(&one.stdout).lines().count(), 5);
    assert_eq!(text(&many.stdout), text(&one.stdout));
}

/// Allowed one core (`taskset -c N`), `--jobs 2` and `--jobs 8` work on the main thread alone
/// (capped to the core, which is said), and the bytes and status are those of `--jobs 1`. Run from a thread of
/// its own, whose cores the child inherits and no other test shares.
#[cfg(target_os = "linux")]
fn one_core_writes_the_same_bytes(path: String) {
    std::thread::spawn(move || {
        use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
        use nix::unistd::Pid;
        let allowed = sched_getaffinity(Pid::from_raw(0)).expect("this thread's cores");
        let core = (0..CpuSet::count())
            .find(|&c| allowed.is_set(c) == Ok(true))
            .expect("a core");
        let mut one_core = CpuSet::new();
        one_core.set(core).expect("a core in range");
        sched_setaffinity(Pid::from_raw(0), &one_core).expect("this thread may narrow its cores");
        let one = run(&["check", &path, "--jobs", "1"], None);
        for jobs in ["2", "8"] {
            let many = run(&["check", &path, "--jobs", jobs], None);
            assert_eq!(text(&many.stdout), text(&one.stdout), "one core, --jobs {jobs}");
            assert_eq!(
                without_the_cap(&text(&many.stderr)),
                text(&one.stderr),
                "one core, --jobs {jobs}"
            );
            assert_eq!(many.status.code(), one.status.code(), "one core, --jobs {jobs}");
            // Attack V: capped to one core, the cap went unsaid.
            assert!(
                text(&many.stderr).ends_with(&format!(
                    "--jobs {jobs}: 1 thread, the main one, as many as the cores this process may run on\n"
                )),
                "one core, --jobs {jobs}: {}",
                text(&many.stderr)
            );
        }
    })
    .join()
    .expect("the runs on one core");
}

/// Issue 28 item 10: `--jobs 100000` asked the system for 100,000 threads and aborted after
/// 16,000; `--jobs 10000` took 12 s for twelve puzzles. More than the cores is capped, and
/// said on stderr once the threads are made (tester C, 11: "at most", one thread singular);
/// the output and status are those of `--jobs 1`.
#[test]
fn more_jobs_than_cores_are_capped_and_said() {
    let collection = asset("collection.sdm");
    let path = collection.to_str().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for command in [&["solve", path][..], &["check", path], &["rate", path]] {
        let one = run(&[command, &["--jobs", "1"]].concat(), None);
        for jobs in ["100000", "10000"] {
            let many = run(&[command, &["--jobs", jobs]].concat(), None);
            assert_eq!(text(&many.stdout), text(&one.stdout), "{command:?} --jobs {jobs}");
            assert_eq!(many.status.code(), one.status.code(), "{command:?} --jobs {jobs}");
            // On one core no thread is made beside the calling one, but the cap is said all
            // the same (attack V: it said nothing).
            let said = if cores == 1 {
                format!("--jobs {jobs}: 1 thread, the main one, as many as the cores this process may run on\n")
            } else {
                format!("--jobs {jobs}: at most {cores} threads, as many as the cores this process may run on\n")
            };
            assert_eq!(
                text(&many.stderr),
                text(&one.stderr) + &said,
                "{command:?} --jobs {jobs}"
            );
        }
    }
    let many = run(&["generate", "--count", "3", "--seed", "5", "--jobs", "100000"], None);
    assert!(many.status.success(), "{}", text(&many.stderr));
    assert_eq!(text(&many.stdout).lines().count(), 3);
    assert!(
        text(&many.stderr).contains("--jobs 100000: ") && text(&many.stderr).contains(", as many as the cores"),
        "{}",
        text(&many.stderr)
    );
}

/// A file of `tests/fixtures/judged/`: puzzles whose marks, entries or digits are wrong.
fn judged(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/judged")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// Attack C finding 13: `check` counts every cell once, the solver's digits too: givens,
/// entries, solver digits and blanks make 81.
#[test]
fn check_counts_the_solver_digits() {
    let out = run(&["check", &judged("progress.swb")], None);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("givens: 21\nentries: 1\nsolver digits: 1\nblanks: 58\n"),
        "{stdout}"
    );
}

/// Attack C finding 14: a collection of candidates lines is named as one, not as a
/// collection of 81-character lines.
#[test]
fn check_names_a_collection_of_candidates_lines() {
    let out = run(&["check", &judged("two-candidates-lines.txt")], None);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("format: collection of 729-character candidates lines, one puzzle a line\n"),
        "{stdout}"
    );
}

/// Attack C finding 4: a candidates line's marks are the puzzle. Marks that leave out the
/// digits' one solution give no solution in every command, the reason named; a solution that
/// keeps to them is the one `solve` prints, never the digits' own.
#[test]
fn a_candidates_line_is_solved_keeping_to_its_marks() {
    let file = judged("wrong-candidates.txt");
    let why = "no solution: the marks of r1c2 leave out 1, its digit in the one solution of the digits";
    let out = run(&["check", &file], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout)
            .contains("solutions: none (the marks of r1c2 leave out 1, its digit in the one solution of the digits)\n"),
        "{}",
        text(&out.stdout)
    );
    for command in ["solve", "hint", "explain", "rate"] {
        let out = run(&[command, &file], None);
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert_eq!(text(&out.stdout), "", "{command}");
        assert_eq!(text(&out.stderr), format!("{file}: {why}\n"), "{command}");
    }

    // An empty board whose first row may only be (9 or 1) (8 or 9) ... (1 or 2): the search on
    // the digits alone fills it 1 2 3 ..., which the marks rule out.
    let row: String = (1..=9u8)
        .map(|c| {
            let (a, b) = (10 - c, (10 - c) % 9 + 1);
            (1..=9u8)
                .map(|d| if d == a || d == b { char::from(b'0' + d) } else { '.' })
                .collect::<String>()
        })
        .collect();
    let line = format!("{row}{}\n", "123456789".repeat(72));
    let out = run(&["solve", "--format", "line"], Some(line.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let solution = text(&out.stdout);
    let solved: Board = solution.trim().parse().unwrap();
    assert!(solved.is_complete() && solved.conflicts().is_empty(), "{solution}");
    for (c, digit) in solution.bytes().take(9).enumerate() {
        let marks = &row[9 * c..9 * c + 9];
        assert!(
            marks.contains(char::from(digit)),
            "r1c{} = {} breaks its marks {marks}",
            c + 1,
            digit as char
        );
    }
    let out = run(&["check"], Some(line.as_bytes()));
    assert!(
        text(&out.stdout).contains("solutions: several (at least 2)\n"),
        "{}",
        text(&out.stdout)
    );
}

/// Attack C finding 4: a progress file's puzzle is its givens; its entries and marks are the
/// player's. Every command judges the givens and names each entry or mark that contradicts
/// their solution, as the workbench's hint does, rather than saying "no solution" (a wrong
/// entry) or reasoning from a wrong mark.
#[test]
fn a_progress_file_names_the_players_mistakes() {
    for (name, mistake) in [
        ("wrong-entry.swb", "entry r1c2=2 contradicts the solution"),
        (
            "wrong-mark.swb",
            "the marks of r1c2 leave out 1, its digit in the solution",
        ),
    ] {
        let file = judged(name);
        let out = run(&["check", &file], None);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            text(&out.stdout).contains(&format!("solutions: one\nmistakes: 1\n  {mistake}\n")),
            "{name}: {}",
            text(&out.stdout)
        );
        let out = run(&["solve", "--format", "line", &file], None);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert_eq!(text(&out.stderr), format!("{file}: {mistake}\n"), "{name}");
        let solved: Board = text(&out.stdout).trim().parse().unwrap();
        let givens = board_of(Path::new(&file)).givens_only();
        assert!(givens.is_solved_by(&solved), "{name}: the givens' solution is printed");
        for (command, purpose) in [("hint", "a hint"), ("explain", "a rating"), ("rate", "a rating")] {
            let out = run(&[command, &file], None);
            assert_eq!(out.status.code(), Some(1), "{name} {command}");
            assert_eq!(
                text(&out.stderr),
                format!("{file}: {mistake}: {purpose} needs the entries and marks right\n"),
                "{name} {command}"
            );
        }
    }
    // Written over the givens, a wrong entry is never shown as the player's.
    let out = run(&["solve", "--format", "progress", &judged("wrong-entry.swb")], None);
    assert!(text(&out.stdout).contains("#!solver "), "{}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("#!entries .2"), "{}", text(&out.stdout));
}

/// Attack C finding 10: what leaves a digit no place is named as what is there: a plain
/// puzzle has digits, not marks; `check` gives the reason too.
#[test]
fn a_dead_end_names_the_digits_when_there_are_no_marks() {
    let file = judged("dead-digits.txt");
    for command in ["hint", "explain", "rate"] {
        let out = run(&[command, &file], None);
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(": no solution: the digits leave "),
            "{command}: {stderr}"
        );
        assert!(!stderr.contains("marks"), "{command}: {stderr}");
    }
    let out = run(&["check", &file], None);
    assert!(
        text(&out.stdout).contains("solutions: none (the digits leave "),
        "{}",
        text(&out.stdout)
    );
}

/// Attack C finding 15: read errors say what the input is: a NUL byte (valid UTF-8) as a NUL
/// byte; nothing at all as empty; standard input closed as closed; progress lines without a
/// grid as such, not as comments.
#[test]
fn read_errors_say_what_the_input_is() {
    let out = run(&["check"], Some(b"\0"));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: line 1, column 1: a NUL byte, which no text holds (a binary file?)\n"
    );
    let out = run(&["check"], Some(b""));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: no puzzle found: standard input is empty\n"
    );
    let out = run(&["check"], Some(b"#!sudoku-workbench progress 1\n#!entries .1\n"));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: no puzzle found: progress lines (#!) but no grid of givens for them\n"
    );
    // `<&-`: the shell closes standard input before the program starts.
    let out = Command::new("sh")
        .args(["-c", &format!("exec \"{BIN}\" check <&-")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: no puzzle found: standard input is closed\n"
    );
}

/// The commands as clap knows them, with their long options (but `--help`): what the
/// completion scripts and the man page must name.
fn commands_and_options() -> Vec<(String, Vec<String>)> {
    sudoku_workbench::cli::definitions()
        .get_subcommands()
        .filter(|command| command.get_name() != "help")
        .map(|command| {
            let options = command
                .get_arguments()
                .filter_map(|a| a.get_long())
                .filter(|&long| long != "help")
                .map(str::to_string)
                .collect();
            (command.get_name().to_string(), options)
        })
        .collect()
}

/// Each command's own `--help` opens with the line the list of commands gives it: its arguments
/// are defined only when it is the command run (`cli::Deferred`), which must not put the
/// arguments' own description in the command's place.
#[test]
fn each_command_help_opens_with_its_description() {
    let list = text(&run(&["--help"], None).stdout);
    for (command, _) in commands_and_options() {
        let listed = list
            .lines()
            .find_map(|line| line.trim_start().strip_prefix(&format!("{command} ")))
            .unwrap_or_else(|| panic!("{command} is not in the list:\n{list}"))
            .trim();
        let out = run(&[&command, "--help"], None);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        assert_eq!(help.lines().next(), Some(listed), "{command}:\n{help}");
    }
}

#[test]
fn completions_name_every_command_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        assert_eq!(out.stderr, b"", "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains("sudoku-workbench"), "{shell}");
        for (command, options) in commands_and_options() {
            assert!(script.contains(&command), "{shell}: {command} missing");
            if shell == "bash" {
                for option in options {
                    assert!(
                        script.contains(&format!("--{option}")),
                        "bash: {command} --{option} missing"
                    );
                }
            }
        }
    }
    let out = run(&["completions", "tcsh"], None);
    assert_eq!(out.status.code(), Some(2), "an unknown shell is a usage error");
    assert!(text(&out.stderr).contains("bash"), "lists the shells");
}

#[test]
fn the_man_page_is_roff_naming_every_command_and_option() {
    let out = run(&["man"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stderr, b"");
    let page = text(&out.stdout);
    assert!(
        page.lines().any(|line| line.starts_with(".TH sudoku-workbench 1")),
        "a roff page: {page}"
    );
    assert_eq!(page.matches(".ds Aq").count(), 2, "the preamble once");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS"] {
        assert!(page.contains(section), "{section} missing");
    }
    // roff writes a hyphen-minus as `\-`.
    let roff = |text: &str| text.replace('-', "\\-");
    for (command, options) in commands_and_options() {
        assert!(
            page.contains(&format!(".SS \"sudoku\\-workbench {}\"", roff(&command))),
            "{command} has no part"
        );
        for option in options {
            assert!(
                page.contains(&roff(&format!("--{option}"))),
                "{command} --{option} missing"
            );
        }
    }
}

/// Issue 28, tester C, 11: a single puzzle (or one puzzle to make) makes no thread, so a capped
/// `--jobs` says nothing about threads.
#[test]
fn no_thread_note_where_no_thread_is_made() {
    let hard = asset("hard.txt");
    for command in [
        &["solve", hard.to_str().unwrap()][..],
        &["generate", "--count", "1", "--seed", "5"],
    ] {
        let out = run(&[command, &["--jobs", "100000"]].concat(), None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            !text(&out.stderr).contains("--jobs"),
            "{command:?}: {}",
            text(&out.stderr)
        );
    }
}

// Issue 28, tester C (the command line's findings; numbers as in the attack report).

/// A collection with a puzzle line that does not read (line 2) between two that do.
fn numbering_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/numbering.sdm")
}

/// Tester C, 5: `--stats` numbers puzzles as `--index` and the workbench do, unreadable lines
/// included: the puzzle on line 4 is puzzle 3 everywhere.
#[test]
fn stats_number_puzzles_as_index_does() {
    let file = numbering_fixture();
    let path = file.to_str().unwrap();
    let out = run(&["solve", path, "--stats", "--jobs", "1"], None);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("\npuzzle=3 line=4 "), "{stderr}");
    let total = stderr.lines().last().unwrap();
    assert!(
        total.starts_with("total puzzles=3 solved=2 no_solution=0 unreadable=1 "),
        "{total}"
    );
    let out = run(&["rate", path, "--stats", "--jobs", "1"], None);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("\npuzzle=3 line=4 "), "{stderr}");
    assert!(
        stderr.lines().last().unwrap().starts_with("total puzzles=3 "),
        "{stderr}"
    );
    // `--index 3` is the puzzle of line 4, as said above.
    let third = run(&["trace", path, "--index", "3", "--max-steps", "1"], None);
    let first = run(&["trace", path, "--index", "1", "--max-steps", "1"], None);
    assert_eq!(third.status.code(), Some(0), "{}", text(&third.stderr));
    assert_eq!(text(&third.stdout), text(&first.stdout));
}

/// Tester C, 6: a named pipe whose writer opens it and writes nothing is given up after the
/// documented 5 s, not waited on until the writer goes (here 60 s later).
#[test]
fn a_fifo_whose_writer_never_writes_is_given_up() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut writer = Command::new("bash")
        .arg("-c")
        .arg("exec 3>\"$1\"; exec sleep 60")
        .arg("writer")
        .arg(&fifo)
        .spawn()
        .unwrap();
    let out = run(&["check", fifo.to_str().unwrap()], None);
    writer.kill().unwrap();
    writer.wait().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no program wrote to it within 5 s"),
        "{}",
        text(&out.stderr)
    );
}

/// Tester C, 7: past `ulimit -f` the write fails and is said (exit 2), as on a full disk;
/// SIGXFSZ no longer ends the command in silence.
#[test]
fn a_file_size_limit_is_a_write_error_not_a_silent_death() {
    let dir = tempfile::tempdir().unwrap();
    let collection = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let big = dir.path().join("big.sdm");
    std::fs::write(&big, collection.repeat(4)).unwrap();
    let out = shell(&format!(
        "ulimit -f 1; \"$BIN\" solve --jobs 1 '{}' > '{}'",
        big.display(),
        dir.path().join("out").display()
    ));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).starts_with("error: writing the results: File too large"),
        "{}",
        text(&out.stderr)
    );
}

/// A pipe whose end `nonblocking` (0 the reading one, 1 the writing one) is non-blocking.
fn pipe_with_nonblocking_end(nonblocking: usize) -> (std::os::fd::OwnedFd, std::os::fd::OwnedFd) {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `pipe2` fills the two descriptors, owned from here on. Close-on-exec, so that the
    // children other tests start meanwhile do not hold the pipe open.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    let ends = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let fd = if nonblocking == 0 {
        ends.0.as_raw_fd()
    } else {
        ends.1.as_raw_fd()
    };
    // SAFETY: `fd` is open; only its flags change.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        assert_eq!(libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK), 0);
    }
    ends
}

/// Tester C, 8: a non-blocking standard output with a slow reader, and a non-blocking standard
/// input with nothing in it yet, are waited on, not failed with "Resource temporarily
/// unavailable".
#[test]
fn non_blocking_standard_streams_are_waited_on() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let collection = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let big = dir.path().join("big.sdm");
    // Some 400 KB of solutions: more than a pipe holds.
    std::fs::write(&big, collection.repeat(400)).unwrap();
    let (reader, writer) = pipe_with_nonblocking_end(1);
    let child = Command::new(BIN)
        .args(["solve", "--jobs", "2", big.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read slowly at first, so that the pipe fills.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut solutions = String::new();
    std::fs::File::from(reader).read_to_string(&mut solutions).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(solutions.lines().count(), 12 * 400);

    let (reader, writer) = pipe_with_nonblocking_end(0);
    let child = Command::new(BIN)
        .arg("solve")
        .stdin(Stdio::from(reader))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut writer = std::fs::File::from(writer);
    writer
        .write_all(&std::fs::read(asset("boj-2580-sample.txt")).unwrap())
        .unwrap();
    drop(writer);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), BOJ_SAMPLE_ANSWER);
}

/// Runs `solve --jobs 2` on a long collection with `SUDOKU_WORKBENCH_TEST_PANIC=failure` (a
/// thread made for batches fails so), `RUST_BACKTRACE=1` as the tester had it, under `timeout`.
fn solve_failing_in_a_thread(failure: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let collection = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let big = dir.path().join("big.sdm");
    std::fs::write(&big, collection.repeat(200)).unwrap();
    Command::new("timeout")
        .args(["60", BIN, "solve", "--jobs", "2", big.to_str().unwrap()])
        .env("SUDOKU_WORKBENCH_TEST_PANIC", failure)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Tester C, 1: a panic on a thread of a batch ends the command with one `error:` line and
/// Rust's panic status, written without locks or allocation (the standard hook's backtrace,
/// under a memory limit, left the command hanging for ever).
#[test]
fn a_panic_in_a_thread_ends_with_one_error_line() {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        return; // One core: no thread is made for batches.
    }
    let out = solve_failing_in_a_thread("batch-panic");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(101), "{stderr}");
    assert!(
        stderr.starts_with("error: internal error: the test panic (SUDOKU_WORKBENCH_TEST_PANIC=batch-panic) (at "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Tester C, 9: running out of memory still aborts (nothing can be done after a failed
/// allocation), but says so on an `error:` line last.
#[test]
fn running_out_of_memory_says_so() {
    use std::os::unix::process::ExitStatusExt;
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        return; // One core: no thread is made for batches.
    }
    let out = solve_failing_in_a_thread("batch-alloc");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.signal(), Some(libc::SIGABRT), "{stderr}");
    assert!(stderr.ends_with("error: out of memory\n"), "{stderr}");
}

/// Attack H: a SIGABRT sent by another process said "error: aborted", then the command went on
/// (here, waiting on standard input for ever; `print` wrote its sheet, exit 0). It ends the
/// command, as an abort of its own does.
#[test]
fn a_sigabrt_from_outside_ends_the_command() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(BIN)
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    // Sent once the handler is in place (SIGABRT among the signals the process catches).
    let catches_abort = || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask >> (libc::SIGABRT - 1) & 1 == 1)
    };
    let started = std::time::Instant::now();
    while !catches_abort() {
        assert!(started.elapsed().as_secs() < 20, "the handler never came");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(pid as i32, libc::SIGABRT) };
    // Standard input stays open: a command going on would wait for it for ever.
    let _stdin = child.stdin.take();
    let sent = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child") {
            break status;
        }
        if sent.elapsed().as_secs() >= 10 {
            let _ = child.kill();
            panic!("the command went on after SIGABRT");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut stderr).unwrap();
    assert_eq!(status.signal(), Some(libc::SIGABRT), "{status:?}");
    assert_eq!(stderr, "error: aborted\n");
}

/// Tester C, 17: `--index` with standard input solved (no command, not a terminal) is refused,
/// not ignored.
#[test]
fn index_is_refused_when_standard_input_is_solved() {
    let collection = std::fs::read(asset("collection.sdm")).unwrap();
    let out = run(&["--index", "99"], Some(&collection));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).starts_with("error: --index chooses the puzzle the workbench opens"),
        "{}",
        text(&out.stderr)
    );
}

/// Tester C, 18: `--time-limit` holds for the whole command on any number of threads: once a
/// puzzle gives up, the others stop at their next try, and one give-up is said. (The limit of
/// each puzzle used to start with it: two threads took twice the limit.)
#[test]
fn generate_time_limit_holds_on_two_threads() {
    let started = std::time::Instant::now();
    let out = run(
        &[
            "generate",
            "--level",
            "needs-trial",
            "--time-limit",
            "2",
            "--count",
            "4",
            "--jobs",
            "2",
            "--seed",
            "1",
        ],
        None,
    );
    let took = started.elapsed();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("error: gave up: ").count(), 1, "{stderr}");
    // The time said is the limit, give or take the try under way when it ran out (a try is
    // not cut in the middle: on a busy machine one took 0.1 s past it).
    let said: f64 = stderr
        .split(" tries in ")
        .nth(1)
        .and_then(|rest| rest.split(" s;").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no time said: {stderr}"));
    assert!((2.0..2.5).contains(&said), "{stderr}");
    // Four puzzles on two threads, each given 2 s of its own, took 4 s and more.
    assert!(took < std::time::Duration::from_millis(3500), "{took:?}");
}

/// Tester C, 19: with the strategies that choose their cells, every `remove` line says why, and
/// so does the placement after it in the same cell; `--why` with JSON lines is refused.
#[test]
fn why_explains_every_removal_and_retry_of_every_strategy() {
    let hard = asset("hard.txt");
    // (`fast` solves this one without taking anything back.)
    for strategy in ["mrv", "dlx"] {
        let out = run(
            &[
                "trace",
                hard.to_str().unwrap(),
                "--why",
                "--strategy",
                strategy,
                "--max-steps",
                "3000",
            ],
            None,
        );
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        let mut removals = 0;
        for (i, line) in lines.iter().enumerate() {
            let explained = line.ends_with(')') && line.contains("  (");
            if line.starts_with("remove ") {
                removals += 1;
                assert!(explained, "{strategy}: {line}");
                let cell = line.split('=').next().unwrap().trim_start_matches("remove ");
                if let Some(next) = lines
                    .get(i + 1)
                    .filter(|next| next.starts_with(&format!("place {cell}=")))
                {
                    assert!(next.ends_with(')') && next.contains("  ("), "{strategy}: {next}");
                }
            }
        }
        assert!(removals > 0, "{strategy}: no removal in {} steps", lines.len());
    }
    let out = run(&["trace", hard.to_str().unwrap(), "--why", "--format", "jsonl"], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(text(&out.stderr).contains("--why"), "{}", text(&out.stderr));
}

/// `print` refuses what it cannot write before any work, names every puzzle it cannot read by
/// line and column and prints the others, and says a puzzle without one solution.
#[test]
fn print_says_what_it_cannot_read_or_write() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = asset("hardest.sdk");
    let puzzle = puzzle.to_str().unwrap();
    let status = |out: &Output| out.status.code();
    // Where nothing can be written.
    let out = run(&["print", puzzle, "--out", "/dev/full"], None);
    assert_eq!(status(&out), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: --out /dev/full: the file's name must end in .pdf or .svg\n"
    );
    // Attack H: `.pdf` alone ends in .pdf, but is a name with no extension.
    let out = run(
        &["print", puzzle, "--out", dir.path().join(".pdf").to_str().unwrap()],
        None,
    );
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).ends_with(": the file's name needs a name before its .pdf or .svg\n"),
        "{}",
        text(&out.stderr)
    );
    std::os::unix::fs::symlink("/dev/full", dir.path().join("full.pdf")).unwrap();
    let full = dir.path().join("full.pdf");
    let out = run(&["print", puzzle, "--out", full.to_str().unwrap()], None);
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).contains("full.pdf is a character device: only a regular file can be saved to"),
        "{}",
        text(&out.stderr)
    );
    let nowhere = dir.path().join("no/such/folder/sheet.pdf");
    let out = run(&["print", puzzle, "--out", nowhere.to_str().unwrap()], None);
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).starts_with("error: cannot write "),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["print", puzzle, "--out", dir.path().to_str().unwrap()], None);
    assert_eq!(status(&out), Some(2), "a folder is no file name: {}", text(&out.stderr));
    // A collection with a broken line, and a puzzle with two solutions.
    let broken = dir.path().join("broken.txt");
    let good = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let first = good.lines().find(|l| l.len() == 81 && !l.starts_with('#')).unwrap();
    let two = ".".repeat(81);
    std::fs::write(&broken, format!("{first}\n{}Z{}\n{two}\n", &first[..40], &first[41..])).unwrap();
    let sheet = dir.path().join("sheet.pdf");
    let out = run(
        &["print", broken.to_str().unwrap(), "--out", sheet.to_str().unwrap()],
        None,
    );
    assert_eq!(status(&out), Some(2), "a line that does not read is an error");
    let err = text(&out.stderr);
    assert!(
        err.contains("broken.txt: line 2, column 41: "),
        "the line and column of what does not read: {err}"
    );
    assert!(
        err.contains("line 3: the givens have several solutions; printed without a solution"),
        "{err}"
    );
    assert!(
        text(&out.stdout).contains(": 2 puzzles on 1 page"),
        "{}",
        text(&out.stdout)
    );
    assert!(std::fs::read(&sheet).unwrap().starts_with(b"%PDF-"));
    // Nothing readable: nothing written.
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, "hello\n").unwrap();
    let none = dir.path().join("none.svg");
    let out = run(
        &["print", junk.to_str().unwrap(), "--out", none.to_str().unwrap()],
        None,
    );
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).ends_with("error: no puzzle to print: nothing written\n"),
        "{}",
        text(&out.stderr)
    );
    assert!(!none.exists());
}

/// Issue 28, attack B (item 2): `--out` naming one of the files printed from, a read-only
/// file or a file with other names was replaced without a word (an SVG puzzle file printed to
/// itself lost its puzzles).
#[test]
fn print_never_writes_over_its_inputs_a_read_only_file_or_hard_links_unasked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let status = |out: &Output| out.status.code();
    let sdk = std::fs::read_to_string(asset("hardest.sdk")).unwrap();
    // A puzzle file named .svg, printed to itself, and to a link to it.
    let input = dir.path().join("puzzle.svg");
    std::fs::write(&input, &sdk).unwrap();
    let path = input.to_str().unwrap();
    let out = run(&["print", path, "--out", path], None);
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).contains("puzzle.svg is a file printed from: give --out another name"),
        "{}",
        text(&out.stderr)
    );
    // Attack C: the same file as standard input, `print - --out p.svg < p.svg`.
    let out = Command::new(BIN)
        .args(["print", "-", "--out", path, "--force"])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).contains("puzzle.svg is standard input, a file printed from"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), sdk, "the puzzles kept");
    let other = dir.path().join("other.svg");
    std::fs::hard_link(&input, &other).unwrap();
    let out = run(&["print", path, "--out", other.to_str().unwrap(), "--force"], None);
    assert_eq!(status(&out), Some(2), "not even with --force");
    assert!(
        text(&out.stderr).contains("a file printed from"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), sdk, "the puzzles kept");
    // A read-only sheet: refused, then written with --force, still read-only.
    let sheet = dir.path().join("sheet.pdf");
    std::fs::write(&sheet, "old").unwrap();
    std::fs::set_permissions(&sheet, std::fs::Permissions::from_mode(0o444)).unwrap();
    let puzzle = asset("hardest.sdk");
    let puzzle = puzzle.to_str().unwrap();
    let out = run(&["print", puzzle, "--out", sheet.to_str().unwrap()], None);
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).contains("sheet.pdf is read-only: not written over (--force"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&sheet).unwrap(), "old");
    let out = run(&["print", puzzle, "--out", sheet.to_str().unwrap(), "--force"], None);
    assert_eq!(status(&out), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(&sheet).unwrap().starts_with(b"%PDF-"));
    let mode = std::fs::metadata(&sheet).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "its mode kept");
    // A sheet with two names: refused, then written into with --force, both names kept.
    let linked = dir.path().join("linked.pdf");
    let twin = dir.path().join("twin.pdf");
    std::fs::write(&linked, "old").unwrap();
    std::fs::hard_link(&linked, &twin).unwrap();
    let out = run(&["print", puzzle, "--out", linked.to_str().unwrap()], None);
    assert_eq!(status(&out), Some(2));
    assert!(
        text(&out.stderr).contains("linked.pdf has 2 names (hard links)"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["print", puzzle, "--out", linked.to_str().unwrap(), "--force"], None);
    assert_eq!(status(&out), Some(0), "{}", text(&out.stderr));
    assert!(
        std::fs::read(&twin).unwrap().starts_with(b"%PDF-"),
        "the other name holds the sheet too"
    );
    // An ordinary sheet printed before is written over, as output files are.
    let plain = dir.path().join("plain.pdf");
    std::fs::write(&plain, "old").unwrap();
    let out = run(&["print", puzzle, "--out", plain.to_str().unwrap()], None);
    assert_eq!(status(&out), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(&plain).unwrap().starts_with(b"%PDF-"));
}

/// 10,000 puzzles print (to a PDF of 2,500 pages, and its solutions) in one file; not timed.
#[test]
fn print_lays_out_ten_thousand_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let collection = dir.path().join("many.txt");
    let line = std::fs::read_to_string(asset("collection.sdm")).unwrap();
    let lines: Vec<&str> = line.lines().filter(|l| l.len() == 81).take(4).collect();
    let text_of: String = (0..10_000).map(|i| format!("{}\n", lines[i % lines.len()])).collect();
    std::fs::write(&collection, text_of).unwrap();
    let sheet = dir.path().join("many.pdf");
    let out = run(
        &[
            "print",
            collection.to_str().unwrap(),
            "--out",
            sheet.to_str().unwrap(),
            "--solutions",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with(": 10,000 puzzles on 2,500 pages (A4, 4 a page), then solutions (1,667 pages)\n"),
        "{}",
        text(&out.stdout)
    );
    let bytes = std::fs::read(&sheet).unwrap();
    assert!(bytes.ends_with(b"%%EOF") || bytes.ends_with(b"%%EOF\n"));
}

/// `stats` names each line of the record it skips, by number and why, and leaves it there;
/// the games that read are counted.
#[test]
fn stats_names_the_lines_it_skips_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games");
    let game = "v=1 date=2025-06-01T12:34:56Z outcome=solved level=easy rating=1.2 time=75 hints=1 checks=0 \
                puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text_in = format!(
        "{game}\r\n{}\r\nnot ours\r\n{}\r{}\n\u{feff}\n{}",
        game.replace("v=1", "v=2"),
        game.replace("time=75", "time=90"),
        &game[..70],
        game.replace("outcome=solved", "outcome=gave-up")
    );
    std::fs::write(&record, &text_in).unwrap();
    let out = run(&["stats", "--file", record.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let shown = record.display();
    assert_eq!(
        text(&out.stderr),
        format!(
            "warning: {shown}: line 2: written by another version (v=2; this one reads v=1); skipped\n\
             warning: {shown}: line 3: not a game of the record (it does not begin with v=); skipped\n\
             warning: {shown}: line 5: no puzzle: the line was cut short, or edited; skipped\n\
             warning: {shown}: line 6: not a game of the record (it does not begin with v=); skipped\n"
        )
    );
    let out_text = text(&out.stdout);
    assert!(
        out_text.starts_with(&format!("3 games in {shown}: 2 solved, 1 given up\n")),
        "{out_text}"
    );
    assert!(
        out_text.contains("easy              3      2      1:15      1:22        1.0"),
        "{out_text}"
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), text_in, "nothing is deleted");
    let out = run(&["stats", "--file", record.to_str().unwrap(), "--chart"], None);
    assert!(
        text(&out.stdout).contains("Times solved: easy"),
        "{}",
        text(&out.stdout)
    );
    // Attack B of issue 28 (item 10e): `all` was refused when every game is of one level.
    let out = run(
        &["stats", "--file", record.to_str().unwrap(), "--chart", "--level", "all"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Times solved: "), "{}", text(&out.stdout));
    let out = run(&["stats", "--file", record.to_str().unwrap(), "--level", "hard"], None);
    assert_eq!(out.status.code(), Some(2), "a level not played is still refused");
    // No record yet; a record that is a folder.
    let out = run(&["stats", "--file", dir.path().join("none").to_str().unwrap()], None);
    assert_eq!(
        (out.status.code(), text(&out.stdout).starts_with("no game recorded")),
        (Some(0), true)
    );
    let out = run(&["stats", "--file", dir.path().to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("it is a directory, not a regular file"),
        "{}",
        text(&out.stderr)
    );
}

/// Attack B: `print` stopped by Ctrl-C or SIGTERM while it wrote its sheet left its temporary
/// file (megabytes) beside `--out` for good. Removed, and the process ended by the signal;
/// attacks C and D: SIGUSR1, SIGXCPU, a real-time signal and the others that end a process too.
#[test]
fn print_stopped_by_a_signal_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    for signal in [
        libc::SIGINT,
        libc::SIGTERM,
        libc::SIGUSR1,
        libc::SIGXCPU,
        libc::SIGRTMIN(),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sheet.pdf");
        let mut child = Command::new(BIN)
            .args(["print", asset("hardest.sdk").to_str().unwrap(), "--out"])
            .arg(&out)
            // The write pauses halfway, for the signal to come during it.
            .env("SUDOKU_WORKBENCH_TEST_SLOW_SAVE", "5000")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let left = || -> Vec<String> {
            std::fs::read_dir(dir.path())
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        };
        let started = std::time::Instant::now();
        while left().is_empty() {
            assert!(started.elapsed().as_secs() < 20, "the write never started");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // SAFETY: a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        let status = child.wait().unwrap();
        // Ended by the signal, or (a real-time one, whose default cannot be emulated) with
        // the status a shell gives it.
        assert!(
            status.signal() == Some(signal) || status.code() == Some(128 + signal),
            "ended by the signal: {status:?}"
        );
        assert_eq!(left(), Vec::<String>::new(), "no temporary file, no sheet");
    }
}
