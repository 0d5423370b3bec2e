//! The rank correlation (Spearman) between our rating and Sudoku Explainer's on the SE-rated
//! puzzles of `tests/fixtures/se-rated` (see its README for where they come from):
//! `cargo run --release --example se_correlation`. Prints the figure, the count, and the mean
//! rating of each SE band.

#[path = "../tests/common/stats.rs"]
mod stats;

use stats::{pearson, spearman};
use std::path::PathBuf;
use sudoku_engine::Board;
use sudoku_engine::logic::rate;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/se-rated");
    let mut se = Vec::new();
    let mut ours = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the fixtures") {
        let path = entry.expect("a directory entry").path();
        // The SukakuExplainer bank's files; `se121-*.txt` (SE 1.2.1's ER/EP/ED) are measured by
        // the integration test `the_rating_agrees_with_sudoku_explainer_121`.
        let bank = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| !n.starts_with("se121-"));
        if path.extension().is_none_or(|e| e != "txt") || !bank {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a fixture");
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let (puzzle, rating) = line.split_once(' ').expect("puzzle and rating");
            let board: Board = puzzle.parse().expect("81 cells");
            se.push(rating.trim().parse::<f64>().expect("a rating"));
            ours.push(rate(&board).difficulty.value());
        }
    }
    let rho = spearman(&se, &ours);
    println!(
        "puzzles={} spearman={rho:.3} pearson={:.3}",
        se.len(),
        pearson(&se, &ours)
    );
    for (lo, hi) in [(0.0, 1.5), (1.5, 2.5), (2.5, 5.0), (5.0, 7.0), (7.0, 99.0)] {
        let band: Vec<(f64, f64)> = se
            .iter()
            .zip(&ours)
            .filter(|(s, _)| **s >= lo && **s < hi)
            .map(|(s, o)| (*s, *o))
            .collect();
        let n = band.len().max(1) as f64;
        println!(
            "SE {lo:.1}-{hi:.1}: {} puzzles, SE mean {:.2}, ours mean {:.2}, ours exact {:.0}%",
            band.len(),
            band.iter().map(|b| b.0).sum::<f64>() / n,
            band.iter().map(|b| b.1).sum::<f64>() / n,
            100.0 * band.iter().filter(|b| (b.0 - b.1).abs() < 0.05).count() as f64 / n
        );
    }
}
