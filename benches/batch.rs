//! The headless batch solver as a user runs it: the release binary solving a whole collection
//! (`solve --format line FILE`), wall time of the whole process including reading, parsing and
//! writing, and its peak memory for the collection and for the same collection ten times over
//! (the file is streamed: memory does not grow with it).
//!
//! `cargo bench --bench batch` (needs ../shared/puzzles; says so and stops without it).

use nix::sys::resource::{UsageWho, getrusage};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-workbench");

/// Runs the batch solver on `file` on one thread; the wall time in seconds and the lines it
/// printed.
fn run(file: &Path) -> (f64, usize) {
    run_command(&["solve", "--format", "line", "--jobs", "1"], file)
}

/// Runs the binary with `args` and `file`; the wall time in seconds and the lines it printed.
fn run_command(args: &[&str], file: &Path) -> (f64, usize) {
    let start = Instant::now();
    let out = Command::new(BIN)
        .args(args)
        .arg(file)
        .stderr(Stdio::inherit())
        .output()
        .expect("the binary runs");
    let seconds = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "exit status {:?}", out.status);
    (seconds, out.stdout.iter().filter(|&&b| b == b'\n').count())
}

/// The largest resident memory of any child so far, in KiB.
fn peak_child_kib() -> i64 {
    getrusage(UsageWho::RUSAGE_CHILDREN).map_or(-1, |usage| usage.max_rss())
}

/// `solve` and `check` on each set with one thread and with two, interleaved, 7 runs each:
/// the medians and their ratio.
fn threads(dir: &Path) {
    println!("batch/--jobs 1 against --jobs 2, whole process, medians of 7 interleaved runs");
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
    ] {
        let file = dir.join(name);
        for command in [&["solve", "--format", "line"][..], &["check"][..]] {
            let (mut one, mut two) = (Vec::new(), Vec::new());
            for _ in 0..7 {
                one.push(run_command(&[command, &["--jobs", "1"]].concat(), &file).0);
                two.push(run_command(&[command, &["--jobs", "2"]].concat(), &file).0);
            }
            one.sort_by(f64::total_cmp);
            two.sort_by(f64::total_cmp);
            let (a, b) = (one[3], two[3]);
            println!(
                "  {name:32} {:6} one thread {:8.1} ms  two {:8.1} ms  ratio {:.2}",
                command[0],
                a * 1e3,
                b * 1e3,
                a / b
            );
        }
    }
}

fn main() {
    let set = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/puzzles2_17_clue");
    if !set.exists() {
        eprintln!("skipped: {} is absent", set.display());
        return;
    }
    if std::env::args().any(|a| a == "threads") {
        threads(set.parent().expect("the data set's directory"));
        return;
    }
    let (_, puzzles) = run(&set); // warm the file cache
    let mut times: Vec<f64> = (0..9).map(|_| run(&set).0).collect();
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let small_peak = peak_child_kib();

    let big = std::env::temp_dir().join("sudoku-workbench-bench-17clue-x10.txt");
    let text = std::fs::read(&set).unwrap();
    {
        // Written a copy at a time: the children's peak memory counts what they share with this
        // process before they start, so this process keeps nothing big in memory.
        use std::io::Write;
        let mut file = std::io::BufWriter::new(std::fs::File::create(&big).unwrap());
        for _ in 0..10 {
            file.write_all(&text).unwrap();
        }
    }
    let size = text.len();
    drop(text);
    let (big_time, big_puzzles) = run(&big);
    let big_peak = peak_child_kib();
    let _ = std::fs::remove_file(&big);

    println!("batch/solve --format line puzzles2_17_clue ({puzzles} puzzles)");
    println!(
        "  wall time: median {:.1} ms of 9 runs [{:.1} .. {:.1}]  =>  {:.0} puzzles/s",
        median * 1e3,
        times[0] * 1e3,
        times[times.len() - 1] * 1e3,
        puzzles as f64 / median
    );
    println!("  peak memory: {small_peak} KiB for {} MB", size / 1_000_000);
    println!(
        "  ten times the file ({big_puzzles} puzzles, {} MB): {:.0} ms, peak memory {big_peak} KiB (the largest of any run so far)",
        size * 10 / 1_000_000,
        big_time * 1e3
    );
}
