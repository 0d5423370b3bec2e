//! The search itself: the `naive` strategy against the textbook algorithm of BOJ 2580 written
//! the usual way (recursion, a scan of 27 cells per digit tried), both making exactly the same
//! placements; and stepping through `Iterator<Item = Step>` against running the same search to
//! the end.
//!
//! `cargo bench --bench search`

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_engine::{Board, Search, Step, Strategy, parse_document, solve};

fn asset(name: &str) -> Board {
    std::fs::read_to_string(format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .parse()
        .unwrap()
}

/// The textbook solver: blanks in row-major order, digits 1 to 9; returns its placements. The
/// tests' reference without its placement budget, so the code measured is the plain textbook.
fn textbook(digits: &[u8; 81]) -> u64 {
    fn go(grid: &mut [u8; 81], blanks: &[usize], k: usize, placements: &mut u64) -> bool {
        let Some(&i) = blanks.get(k) else { return true };
        for d in 1..=9 {
            if common::allowed(grid, i, d) {
                grid[i] = d;
                *placements += 1;
                if go(grid, blanks, k + 1, placements) {
                    return true;
                }
                grid[i] = 0;
            }
        }
        false
    }
    let mut grid = *digits;
    let blanks: Vec<usize> = (0..81).filter(|&i| grid[i] == 0).collect();
    let mut placements = 0;
    go(&mut grid, &blanks, 0, &mut placements);
    placements
}

fn naive_against_textbook(c: &mut Criterion) {
    // top95 #1: 9.7 million placements in the textbook order.
    let board = asset("hard.txt");
    let placements = solve(&board, Strategy::Naive).unwrap().counters.placements;
    assert_eq!(placements, textbook(&board.to_digits()), "the same placements");
    let mut group = c.benchmark_group("naive/placements");
    group.throughput(Throughput::Elements(placements));
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    group.bench_function("textbook scan", |b| b.iter(|| textbook(black_box(&board.to_digits()))));
    group.bench_function("naive strategy", |b| {
        b.iter(|| solve(black_box(&board), Strategy::Naive).unwrap())
    });
    group.finish();
}

/// Every step pulled from the iterator, to the first solution.
fn steps(board: &Board, strategy: Strategy) -> u64 {
    let mut search = Search::new(board, strategy).unwrap();
    let mut n = 0;
    for step in search.by_ref() {
        n += 1;
        if step == Step::Solved {
            break;
        }
    }
    n
}

fn stepping_against_running(c: &mut Criterion) {
    let hard = asset("hard.txt");
    let mut group = c.benchmark_group("stepping/naive hard.txt");
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    group.bench_function("run", |b| b.iter(|| solve(black_box(&hard), Strategy::Naive).unwrap()));
    group.bench_function("steps", |b| b.iter(|| steps(black_box(&hard), Strategy::Naive)));
    group.finish();

    // The fast strategy reports each forced digit as a step of its own.
    let text = std::fs::read_to_string(format!("{}/assets/collection.sdm", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let boards: Vec<Board> = parse_document(text.as_bytes(), None)
        .unwrap()
        .puzzles
        .into_iter()
        .filter_map(Result::ok)
        .map(|r| r.puzzle.board)
        .collect();
    for strategy in [Strategy::Mrv, Strategy::Dlx, Strategy::Fast] {
        let mut group = c.benchmark_group(format!("stepping/{strategy} collection.sdm"));
        group.bench_function("run", |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|x| solve(black_box(x), strategy).unwrap().counters.placements)
                    .sum::<u64>()
            })
        });
        group.bench_function("steps", |b| {
            b.iter(|| boards.iter().map(|x| steps(black_box(x), strategy)).sum::<u64>())
        });
        group.finish();
    }
}

criterion_group!(benches, naive_against_textbook, stepping_against_running);
criterion_main!(benches);
