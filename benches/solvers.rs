//! The fast strategy beside the `sudoku` crate (a port of JCZSolve) on the standard benchmark
//! collections, in the same run: finding one solution, and counting solutions up to 2 (the
//! uniqueness check). Reads `../shared/puzzles`; without it, says so and measures nothing.
//!
//! `cargo bench --bench solvers`; pin it to one core with `taskset -c 1` for steadier figures.

#[path = "../tests/common/mod.rs"]
mod common;

use common::data_set;
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_engine::{Strategy, count_solutions, solve};

/// (name in the report, file in ../shared/puzzles)
const SETS: [(&str, &str); 4] = [
    ("17-clue", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("forum-hardest-1905-11+", "puzzles5_forum_hardest_1905_11+"),
    ("forum-hardest-1106", "puzzles6_forum_hardest_1106"),
];

fn solvers(c: &mut Criterion) {
    for (name, file) in SETS {
        let Some(boards) = data_set(file, usize::MAX) else {
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
