//! The headless batch solver as a user runs it: the release binary solving a whole collection
//! (`solve --format line FILE`), wall time of the whole process including reading, parsing and
//! writing, and its peak memory for the collection and for the same collection ten times over
//! (the file is streamed: memory does not grow with it).
//!
//! `cargo bench --bench batch` (needs ../shared/puzzles; says so and stops without it).

#[path = "../tests/common/mod.rs"]
mod common;

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

/// The benchmark collections the whole-process comparisons run on.
const SETS: [&str; 4] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
];

/// The peer program: what a user of the `sudoku` crate writes to do what `solve --format line`
/// and `check` do on a file of puzzle lines, run as this bench's own executable with `peer solve
/// FILE` or `peer check FILE`: the whole file read, each puzzle line parsed by the crate, and a
/// solution line, or a line saying how many solutions (none, one, several), printed for each.
fn peer(mode: &str, file: &Path) {
    use std::io::Write;
    let text = std::fs::read_to_string(file).expect("the data set reads");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.len() < 81 {
            continue;
        }
        let Ok(puzzle) = sudoku::Sudoku::from_str_line(&line[..81]) else {
            continue;
        };
        let written = match mode {
            "solve" => match puzzle.some_solution() {
                Some(solution) => writeln!(out, "{}", solution.to_str_line()),
                None => Ok(()),
            },
            _ => {
                let count = match puzzle.solutions_count_up_to(2) {
                    0 => "none",
                    1 => "one",
                    _ => "several (at least 2)",
                };
                writeln!(out, "line {}: solutions: {count}", i + 1)
            }
        };
        written.expect("writing the results");
    }
}

/// The sets of the peer comparison besides [`SETS`]: the two easy collections (serg's boards
/// each have several solutions) and top95.
const MORE_PEER_SETS: [&str; 3] = ["puzzles7_serg_benchmark", "puzzles1_unbiased", "top95.txt"];

/// Ours (`--jobs 1`) against the peer program, whole processes, on each set: medians of 7
/// interleaved runs (15 for a set of less than 20 ms, where the noise weighs more). Pinned to
/// one core by running the bench under `taskset -c 1` (children keep the affinity). Besides
/// the collections, top1465 with three givens taken from each puzzle
/// (`common::thinned_top1465`, written to a temporary file): several solutions, found deep in
/// a search.
fn against_peer(dir: &Path) {
    let me = std::env::current_exe().expect("this bench's executable");
    let thinned = std::env::temp_dir().join("sudoku-workbench-bench-top1465-less3.txt");
    let lines = common::thinned_top1465().expect("the shared sets");
    std::fs::write(&thinned, lines.join("\n") + "\n").expect("the temporary file writes");
    let files = MORE_PEER_SETS
        .iter()
        .map(|name| (name.to_string(), dir.join(name)))
        .chain([("top1465-less3".to_string(), thinned.clone())])
        .chain(SETS.iter().map(|name| (name.to_string(), dir.join(name))));
    println!("batch/ours --jobs 1 against the sudoku crate in a program of its own, whole process, medians of 7 or 15");
    for (name, file) in files {
        for (ours, theirs) in [
            (&["solve", "--format", "line", "--jobs", "1"][..], "solve"),
            (&["check", "--jobs", "1"][..], "check"),
        ] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let runs = if run_command(ours, &file).0 < 0.02 { 15 } else { 7 };
            for _ in 0..runs {
                a.push(run_command(ours, &file).0);
                let start = Instant::now();
                let out = Command::new(&me)
                    .args(["peer", theirs])
                    .arg(&file)
                    .stdout(Stdio::null())
                    .status()
                    .expect("the peer runs");
                assert!(out.success());
                b.push(start.elapsed().as_secs_f64());
            }
            a.sort_by(f64::total_cmp);
            b.sort_by(f64::total_cmp);
            println!(
                "  {name:32} {theirs:6} ours {:8.1} ms  peer {:8.1} ms  ratio {:.2}",
                a[runs / 2] * 1e3,
                b[runs / 2] * 1e3,
                b[runs / 2] / a[runs / 2]
            );
        }
    }
    let _ = std::fs::remove_file(&thinned);
}

/// Runs two processes of the binary with `args` and `file` at once, each read by a thread of
/// its own (as `run_command` reads one); the wall time in seconds until both have ended.
fn run_two_at_once(args: &[&str], file: &Path) -> f64 {
    let start = Instant::now();
    std::thread::scope(|scope| {
        let first = scope.spawn(|| run_command(args, file));
        let second = scope.spawn(|| run_command(args, file));
        first.join().expect("the first run");
        second.join().expect("the second run");
    });
    start.elapsed().as_secs_f64()
}

/// `solve` and `check` on each set with one thread and with two, interleaved, 7 runs each, up
/// to 21 for a set that takes little time (the machine's noise is larger next to it): the
/// medians and their ratio. Beside them, the most two threads could give on this machine:
/// two one-thread processes at once, sharing nothing but the machine (twice the work in the
/// time), against one alone. The machine is shared, and how much of the second core it gives
/// changes over seconds: the last two columns are the medians of each round's own ratios, the
/// runs of a round being a second or less apart.
fn threads(dir: &Path) {
    println!("batch/--jobs 1 against --jobs 2, whole process, medians of 7 to 21 interleaved runs;");
    println!("  ceiling: two --jobs 1 processes at once, twice the work in their time, against one;");
    println!("  by round: the median of each round's ratio and ceiling");
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    for name in SETS {
        let file = dir.join(name);
        for command in [&["solve", "--format", "line"][..], &["check"][..]] {
            let (mut one, mut two, mut both) = (Vec::new(), Vec::new(), Vec::new());
            let one_thread = [command, &["--jobs", "1"]].concat();
            // About four seconds a set and command (a round is four times the work of one run).
            let first = run_command(&one_thread, &file).0;
            let rounds = ((4.0 / (4.0 * first)) as usize).clamp(7, 21) | 1;
            for _ in 0..rounds {
                one.push(run_command(&one_thread, &file).0);
                two.push(run_command(&[command, &["--jobs", "2"]].concat(), &file).0);
                both.push(run_two_at_once(&one_thread, &file));
            }
            let ratio = median(one.iter().zip(&two).map(|(a, b)| a / b).collect());
            let ceiling = median(one.iter().zip(&both).map(|(a, c)| 2.0 * a / c).collect());
            let (a, b, c) = (median(one), median(two), median(both));
            println!(
                "  {name:32} {:6} runs {rounds:2}  one thread {:8.1} ms  two {:8.1} ms  ratio {:.2}  ceiling {:.2}  by round {ratio:.2} {ceiling:.2}",
                command[0],
                a * 1e3,
                b * 1e3,
                a / b,
                2.0 * a / c
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
    let args: Vec<String> = std::env::args().collect();
    if let [_, first, mode, file, ..] = &args[..]
        && first == "peer"
    {
        peer(mode, Path::new(file));
        return;
    }
    let dir = set.parent().expect("the data set's directory");
    if args.iter().any(|a| a == "threads") {
        threads(dir);
        return;
    }
    if args.iter().any(|a| a == "peer") {
        against_peer(dir);
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
