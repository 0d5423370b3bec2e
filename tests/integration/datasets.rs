//! The engine on the shared benchmark collections (`../shared/puzzles`), skipped when absent:
//! every solution valid and complete, every count of solutions (up to 2) as the collection
//! documents it and as the `sudoku` crate counts it, and the naive strategy's placements equal
//! to the textbook reference.

use crate::common;

use common::{data_set, reference_naive};
use sudoku_engine::{Branching, Strategy, count_solutions, count_solutions_by, solve};

/// Solves every puzzle of a set with `fast` and counts its solutions up to 2.
fn check_set(name: &str, expected_count: usize, at_least_two: bool) {
    let Some(boards) = data_set(name, usize::MAX) else {
        return;
    };
    assert_eq!(boards.len(), expected_count, "{name}: puzzles read");
    for (i, board) in boards.iter().enumerate() {
        let solution = solve(board, Strategy::Fast).unwrap().solution;
        let solution = solution.unwrap_or_else(|| panic!("{name} #{}: no solution found", i + 1));
        assert!(
            board.is_solved_by(&solution),
            "{name} #{}: invalid solution {solution}",
            i + 1
        );
        let count = count_solutions(board, 2);
        assert_eq!(count, if at_least_two { 2 } else { 1 }, "{name} #{}: solutions", i + 1);
        let peer = sudoku::Sudoku::from_str_line(&board.to_string()).expect("81 cells");
        assert_eq!(
            count as usize,
            peer.solutions_count_up_to(2),
            "{name} #{}: the sudoku crate counts otherwise",
            i + 1
        );
    }
}

#[test]
fn seventeen_clue() {
    check_set("puzzles2_17_clue", 49_158, false);
}

#[test]
fn magictour_top1465() {
    check_set("puzzles3_magictour_top1465", 1465, false);
}

#[test]
fn forum_hardest_1905_11_plus() {
    check_set("puzzles5_forum_hardest_1905_11+", 48_766, false);
}

#[test]
fn forum_hardest_1106() {
    check_set("puzzles6_forum_hardest_1106", 375, false);
}

/// Counting by placements, and by cells or placements chosen for each puzzle, counts as the
/// `sudoku` crate does on the sets where the two ways differ most (`count_solutions`, by cells,
/// is checked on every set above).
#[test]
fn either_way_of_branching_counts_as_the_peer() {
    for name in ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106", "top95.txt"] {
        let Some(boards) = data_set(name, usize::MAX) else {
            return;
        };
        for (i, board) in boards.iter().enumerate() {
            let peer = sudoku::Sudoku::from_str_line(&board.to_string()).expect("81 cells");
            let expected = peer.solutions_count_up_to(2) as u64;
            for branching in [Branching::Cells, Branching::Placements, Branching::Chosen] {
                let count = count_solutions_by(board, 2, branching);
                assert_eq!(count, Ok(expected), "{name} #{} by {branching:?}", i + 1);
            }
        }
    }
}

#[test]
fn serg_benchmark_has_several_solutions_each() {
    check_set("puzzles7_serg_benchmark", 10_000, true);
}

#[test]
fn the_small_sets() {
    check_set("puzzles1_unbiased", 1000, false);
    check_set("top95.txt", 95, false);
    check_set("hardest.txt", 11, false);
    check_set("easy50.txt", 50, false);
    check_set("inkala.txt", 3, false);
}

#[test]
fn naive_matches_the_textbook_on_real_puzzles() {
    let Some(mut boards) = data_set("easy50.txt", usize::MAX) else {
        return;
    };
    boards.extend(data_set("puzzles1_unbiased", 300).unwrap_or_default());
    boards.extend(data_set("top95.txt", usize::MAX).unwrap_or_default());
    let mut compared = 0;
    for board in &boards {
        // Some puzzles take the textbook order billions of placements; compare those that finish.
        let Some(reference) = reference_naive(&board.to_digits(), 3_000_000) else {
            continue;
        };
        let outcome = solve(board, Strategy::Naive).unwrap();
        assert_eq!(outcome.counters.placements, reference.placements, "{board}");
        assert_eq!(outcome.solution.map(|b| b.to_digits()), reference.solution);
        compared += 1;
    }
    assert!(compared >= 250, "only {compared} puzzles were compared");
}

/// `solve` and `check` on every set write the same bytes on one thread and on several.
#[test]
fn every_set_gives_the_same_bytes_on_any_number_of_threads() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
    ] {
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        for command in [&["solve", "--format", "line"][..], &["check"][..]] {
            let args = |jobs| [command, &[path, "--jobs", jobs]].concat();
            let one = common::cli::run(&args("1"), None);
            let two = common::cli::run(&args("2"), None);
            assert!(one.status.success(), "{name} {command:?}");
            assert!(one.stdout == two.stdout, "{name} {command:?}: the outputs differ");
            assert_eq!(one.stderr, two.stderr, "{name} {command:?}");
        }
    }
}
