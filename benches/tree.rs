//! The tree of guesses under load: step mode on the puzzle built against the textbook search
//! (`naive` on `assets/anti-naive.txt`), run at full speed through a hundred million steps with
//! the tree screen open and drawn after every slice of work, as the event loop draws it.
//! Prints the resident memory as it goes and the peak (the tree keeps a bounded summary, so
//! it must stay flat), the steps a second of that run, and what the tree's bookkeeping costs a
//! step of the bare search.
//!
//! `cargo bench --bench tree` (figures only: timing assertions do not belong in tests).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku_engine::search::tree::Tree;
use sudoku_engine::{Board, Search, Strategy};
use sudoku_workbench::app::stepper::Stepper;
use sudoku_workbench::app::tree_screen::TreeScreen;
use sudoku_workbench::ui::theme::Theme;
use sudoku_workbench::ui::tree::TreeView;

/// The steps of the run.
const STEPS: u64 = 100_000_000;

/// The screen the tree is drawn on.
const SCREEN: Rect = Rect::new(0, 0, 100, 28);

/// A line of `/proc/self/status` in KiB: `VmRSS` (resident now) or `VmHWM` (the peak).
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn resident_kib() -> u64 {
    status_kib("VmRSS:")
}

fn anti_naive() -> Board {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/anti-naive.txt"))
        .expect("the asset")
        .parse()
        .expect("a puzzle")
}

/// Steps a second of the bare search, pulled one by one, with the tree fed each step or not.
fn bare(board: &Board, with_tree: bool, steps: usize) -> f64 {
    let started = Instant::now();
    let mut search = Search::new(board, Strategy::Naive).expect("no contradiction");
    if with_tree {
        let mut tree = Tree::new(board, Strategy::Naive, Tree::DEFAULT_BUDGET);
        for step in search.by_ref().take(steps) {
            tree.note(step);
        }
        black_box(tree.totals());
    } else {
        for step in search.by_ref().take(steps) {
            black_box(step);
        }
    }
    steps as f64 / started.elapsed().as_secs_f64()
}

fn main() {
    let board = anti_naive();
    println!(
        "tree/naive on anti-naive.txt: step mode at full speed, the tree screen open ({}x{})",
        SCREEN.width, SCREEN.height
    );
    let before = resident_kib();
    println!(
        "  before the stepper: resident {:.1} MB (peak so far {:.1} MB)",
        before as f64 / 1024.0,
        status_kib("VmHWM:") as f64 / 1024.0
    );
    let mut stepper = Stepper::new(&board, Strategy::Naive).expect("no contradiction");
    let screen = TreeScreen::default();
    let theme = Theme::new(false);
    let mut buffer = Buffer::empty(SCREEN);
    assert!(stepper.go_to_step(STEPS), "the search runs on to the step");
    let started = Instant::now();
    let mut frames = 0u64;
    let mut next_report = 100_000;
    while stepper.is_running() {
        stepper.tick(Instant::now(), Duration::from_millis(8));
        buffer.reset();
        TreeView {
            stepper: &stepper,
            screen: &screen,
            message: None,
            theme: &theme,
        }
        .render(SCREEN, &mut buffer);
        frames += 1;
        if stepper.position() >= next_report {
            println!(
                "  {:>11} steps: resident {:>6.1} MB (peak so far {:.1} MB), {} nodes kept, {} folded",
                stepper.position(),
                resident_kib() as f64 / 1024.0,
                status_kib("VmHWM:") as f64 / 1024.0,
                stepper.tree().kept(),
                stepper.tree().folded()
            );
            next_report = if next_report < 10_000_000 {
                next_report * 10
            } else {
                next_report + 30_000_000
            };
        }
    }
    let elapsed = started.elapsed();
    assert_eq!(stepper.position(), STEPS, "the run reached the step");
    println!(
        "  {STEPS} steps in {:.2} s with {frames} frames drawn: {:.1} million steps/s",
        elapsed.as_secs_f64(),
        STEPS as f64 / elapsed.as_secs_f64() / 1e6
    );
    // The peak from /proc (VmHWM): getrusage's ru_maxrss keeps the peak of the process before
    // its exec (cargo's, when run through cargo bench).
    println!(
        "  resident before the stepper {:.1} MB, after {:.1} MB; peak of the process {:.1} MB",
        before as f64 / 1024.0,
        resident_kib() as f64 / 1024.0,
        status_kib("VmHWM:") as f64 / 1024.0
    );
    // What the tree costs a step of the bare search (interleaved, medians of 5).
    let steps = 20_000_000;
    let mut plain = Vec::new();
    let mut treed = Vec::new();
    for _ in 0..5 {
        plain.push(bare(&board, false, steps));
        treed.push(bare(&board, true, steps));
    }
    plain.sort_by(f64::total_cmp);
    treed.sort_by(f64::total_cmp);
    let (p, t) = (plain[2], treed[2]);
    println!(
        "  the bare search pulled step by step: {:.1} M steps/s alone, {:.1} M steps/s feeding the tree ({:.1} ns a step more)",
        p / 1e6,
        t / 1e6,
        (1.0 / t - 1.0 / p) * 1e9
    );
}
