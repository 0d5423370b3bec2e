//! Runs the fast search, or the `sudoku` crate's, over the puzzles of a file, for profiling and
//! for interleaved timings in one process: `cargo run --release --example search_loop -- FILE
//! ROUNDS [WHAT...]`, WHAT among `fast-one`, `fast-count2`, `crate-one`, `crate-count2` (all four
//! by default, interleaved round by round). Prints each one's median time per round. Under
//! `valgrind --tool=callgrind`, one round of one of them gives repeatable instruction counts.
use std::hint::black_box;
use std::time::Instant;
use sudoku_engine::{Board, Strategy, count_solutions, solve};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let rounds: usize = args.next().map_or(10, |n| n.parse().expect("a number"));
    let mut what: Vec<String> = args.collect();
    if what.is_empty() {
        what = ["fast-one", "fast-count2", "crate-one", "crate-count2"]
            .map(String::from)
            .to_vec();
    }
    let text = std::fs::read_to_string(path).expect("readable");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| &l[..81])
        .collect();
    let boards: Vec<Board> = lines.iter().map(|l| l.parse().expect("a puzzle line")).collect();
    let peers: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).expect("81 cells"))
        .collect();
    let mut times = vec![Vec::new(); what.len()];
    for _ in 0..rounds {
        for (w, times) in what.iter().zip(&mut times) {
            let start = Instant::now();
            let n = match w.as_str() {
                "fast-one" => boards
                    .iter()
                    .filter(|x| solve(black_box(x), Strategy::Fast).unwrap().solution.is_some())
                    .count(),
                "fast-count2" => boards.iter().map(|x| count_solutions(black_box(x), 2)).sum::<u64>() as usize,
                "crate-one" => peers
                    .iter()
                    .filter(|p| black_box(**p).some_solution().is_some())
                    .count(),
                "crate-count2" => peers.iter().map(|p| black_box(*p).solutions_count_up_to(2)).sum(),
                other => panic!("unknown: {other}"),
            };
            times.push(start.elapsed().as_secs_f64());
            black_box(n);
        }
    }
    for (w, mut t) in what.iter().zip(times) {
        t.sort_by(f64::total_cmp);
        println!("{w:14} {:9.3} ms", t[t.len() / 2] * 1e3);
    }
}
