//! The fast strategy beside the `sudoku` crate (a port of JCZSolve) on the standard benchmark
//! collections, in the same run: finding one solution, and counting solutions up to 2 (the
//! uniqueness check). Reads `../shared/puzzles`; without it, says so and measures nothing. Besides
//! the hard collections: the two easy ones (serg's boards each have several solutions), and
//! top1465 with three givens taken from each puzzle (`common::thinned_top1465`): several
//! solutions found deep in a search.
//!
//! `cargo bench --bench solvers`; pin it to one core with `taskset -c 1` for steadier figures.

#[path = "../tests/common/mod.rs"]
mod common;

use common::data_set;
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_engine::{Board, Strategy, count_solutions, solve};

/// (name in the report, file in ../shared/puzzles); [`THINNED`] is made from top1465.
const SETS: [(&str, &str); 8] = [
    ("serg", "puzzles7_serg_benchmark"),
    ("unbiased", "puzzles1_unbiased"),
    (THINNED, ""),
    ("17-clue", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("forum-hardest-1905-11+", "puzzles5_forum_hardest_1905_11+"),
    ("forum-hardest-1106", "puzzles6_forum_hardest_1106"),
    ("top95", "top95.txt"),
];

/// The several-solutions set's name.
const THINNED: &str = "top1465-less3";

/// The boards of a set, or `None` when the shared sets are absent.
fn boards_of(name: &str, file: &str) -> Option<Vec<Board>> {
    if name == THINNED {
        let lines = common::thinned_top1465()?;
        return Some(lines.iter().map(|l| l.parse().expect("a puzzle line")).collect());
    }
    data_set(file, usize::MAX)
}

fn solvers(c: &mut Criterion) {
    for (name, file) in SETS {
        let Some(boards) = boards_of(name, file) else {
            continue;
        };
        let peers: Vec<sudoku::Sudoku> = boards
            .iter()
            .map(|b| sudoku::Sudoku::from_str_line(&b.to_string()).expect("81 cells"))
            .collect();
        let mut group = c.benchmark_group(format!("solve/{name}"));
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.sampling_mode(SamplingMode::Flat).sample_size(10);
        group.bench_function("fast one", |b| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|x| solve(black_box(x), Strategy::Fast).unwrap().solution.is_some())
                    .count()
            })
        });
        group.bench_function("sudoku-crate one", |b| {
            b.iter(|| {
                peers
                    .iter()
                    .filter(|p| black_box(**p).some_solution().is_some())
                    .count()
            })
        });
        group.bench_function("fast count2", |b| {
            b.iter(|| boards.iter().map(|x| count_solutions(black_box(x), 2)).sum::<u64>())
        });
        group.bench_function("sudoku-crate count2", |b| {
            b.iter(|| {
                peers
                    .iter()
                    .map(|p| black_box(*p).solutions_count_up_to(2))
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
