//! The logical solver's commands as a user runs them: `hint`, `explain`, `rate` and `generate`
//! on the assets and on broken input, asserting the exact output (it is meant for scripts),
//! standard error and the exit status, and that what they say is true of the puzzle.

use crate::common;

use common::cli::{asset, run, text};
use sudoku_engine::generate::{Symmetry, is_minimal};
use sudoku_engine::logic::rate;
use sudoku_engine::{Board, Pos, Solutions, count_solutions, parse_puzzle, uniqueness};

fn board(name: &str) -> Board {
    parse_puzzle(&std::fs::read(asset(name)).unwrap()).unwrap().board
}

fn solution(board: &Board) -> Board {
    match uniqueness(board) {
        Solutions::Unique(s) | Solutions::Several(s, _) => s,
        Solutions::None => panic!("no solution"),
    }
}

/// The cell and digit a placing hint names: "... r6c2 ... 4" from "only r6c2 can hold 4".
fn placed(line: &str) -> (usize, usize, u8) {
    let at = line.find(" r").expect("a cell") + 2;
    let bytes = line.as_bytes();
    let row = (bytes[at] - b'0') as usize;
    let col = (bytes[at + 2] - b'0') as usize;
    let digit = *bytes.last().unwrap() - b'0';
    (row, col, digit)
}

#[test]
fn hint_prints_one_line_and_it_is_true() {
    let cases = [
        ("easy.txt", "Hidden Single: in box 1, only r2c2 can hold 6"),
        ("hard.txt", "Hidden Single: in box 4, only r6c2 can hold 4"),
        ("escargot.ss", "Hidden Single: in box 7, only r8c3 can hold 1"),
        ("anti-naive.txt", "Hidden Single: in box 9, only r9c8 can hold 1"),
        (
            "boj-2580-sample.txt",
            "Full House: r1c1 is the last empty cell of row 1, so it is 1",
        ),
    ];
    for (name, expected) in cases {
        let out = run(&["hint", asset(name).to_str().unwrap()], None);
        assert_eq!(text(&out.stdout), format!("{expected}\n"), "{name}");
        assert_eq!(out.stderr, b"", "{name}");
        assert_eq!(out.status.code(), Some(0), "{name}");
        let (row, col, digit) = placed(expected);
        let solved = solution(&board(name));
        let p = sudoku_engine::Pos::at(row - 1, col - 1).unwrap();
        assert_eq!(
            solved.digit(p).unwrap().get(),
            digit,
            "{name}: the hint is the solution's digit"
        );
    }
}

#[test]
fn hint_finds_a_dynamic_chain_on_the_hardest_and_refuses_broken_boards() {
    // Inkala's 2012 puzzle opens with SE's Dynamic Forcing Chains (+) (9.0 and up).
    let out = run(&["hint", asset("hardest.sdk").to_str().unwrap()], None);
    assert_eq!(
        text(&out.stdout),
        "Dynamic Forcing Chain (+): if r1c4 were 3, r6c2 would be both 8 and not 8 (39 candidates, \
         with locked candidates, pairs and X-Wings along the way), so r1c4 is not 3: remove 3 from r1c4\n"
    );
    assert_eq!(out.status.code(), Some(0));
    assert_ne!(
        solution(&board("hardest.sdk"))
            .digit(sudoku_engine::Pos::at(0, 3).unwrap())
            .map(|d| d.get()),
        Some(3)
    );
    let out = run(&["hint", asset("conflicting-givens.txt").to_str().unwrap()], None);
    assert_eq!(out.stdout, b"");
    assert!(
        text(&out.stderr).ends_with("no solution: r1c1 and r1c3 both hold 5\n"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["hint", asset("no-solution.txt").to_str().unwrap()], None);
    assert!(text(&out.stderr).ends_with("no-solution.txt: no solution\n"));
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["hint"], Some(b"12345"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("error: <stdin>: line 1, column 6:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn hint_works_on_entries_and_a_full_board() {
    // The BOJ sample with its solution typed in: nothing left to deduce.
    let solved = solution(&board("boj-2580-sample.txt"));
    let out = run(&["hint"], Some(solved.to_string().as_bytes()));
    assert_eq!(text(&out.stdout), "solved: every cell is filled\n");
    assert_eq!(out.status.code(), Some(0));
}

/// A candidates line (729 characters) of `board`: each given alone, each empty cell the nine
/// digits less those `crossed` takes out of it.
fn candidates_line(board: &Board, crossed: impl Fn(Pos) -> Vec<u8>) -> String {
    let mut line = String::with_capacity(729);
    for p in Pos::all() {
        let out = crossed(p);
        for d in 1..=9u8 {
            let shown = match board.digit(p) {
                Some(given) => given.get() == d,
                None => !out.contains(&d),
            };
            line.push(if shown { char::from(b'0' + d) } else { '.' });
        }
    }
    line
}

#[test]
fn hint_uses_the_marks_of_a_candidates_line() {
    // hard.txt where a person has crossed the digit of r1c2 out of the rest of box 1: the marks
    // alone make r1c2 the only place for it in the box (without them, the first hint is in
    // box 4).
    let b = board("hard.txt");
    let solved = solution(&b);
    let p = Pos::at(0, 1).unwrap();
    let d = solved.digit(p).unwrap().get();
    let line = candidates_line(&b, |q| if q != p && q.box_index() == 0 { vec![d] } else { vec![] });
    assert_eq!(line.len(), 729);
    let out = run(&["hint"], Some(line.as_bytes()));
    assert_eq!(
        text(&out.stdout),
        format!("Hidden Single: in box 1, only r1c2 can hold {d}\n")
    );
    assert_eq!(out.status.code(), Some(0));
    // solve reads the same line (its search uses the digits, not the marks).
    let out = run(&["solve", "--format", "line"], Some(line.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim().len(), 81);
    // A wrong character at a candidate position is an error naming line and column.
    let mut bad = (".23456789".repeat(8) + &"123456789".repeat(73)).into_bytes();
    bad[11] = b'9';
    let out = run(&["hint"], Some(&bad));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1, column 12: expected '3', '.' or '0'"),
        "{}",
        text(&out.stderr)
    );
    // Marks that leave a cell nothing once the digits are placed: no solution, said so.
    let dead = "12.......".to_string() + "1........" + ".2......." + &"123456789".repeat(78);
    let out = run(&["hint"], Some(dead.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>: no solution: the marks leave r1c1 no candidate\n"
    );
    // 729 cells running on into text: an error where they run on, not a puzzle misread.
    let glued = "123456789".repeat(81) + "#x";
    let out = run(&["check"], Some(glued.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1, column 730: expected a blank or the end of the line after 729 candidates"),
        "{}",
        text(&out.stderr)
    );
    // A cell with no candidate at all.
    let empty = "123456789".repeat(40) + "........." + &"123456789".repeat(40);
    let out = run(&["hint"], Some(empty.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1, column 361: r5c5 has no candidate"),
        "{}",
        text(&out.stderr)
    );
}

/// Issue 28 item 13: `hint` and `explain` refuse a puzzle without exactly one solution as `rate`
/// does (several, none, a conflict, a dead cell), on standard error with exit status 1, and
/// print nothing: no rating of a puzzle that has none.
#[test]
fn hint_and_explain_refuse_what_rate_refuses() {
    let dead = "12345678.........9".to_string() + &".".repeat(63);
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "several",
            std::fs::read(asset("several-solutions.txt")).unwrap(),
            "<stdin>: several solutions: a {} needs a puzzle with one\n",
        ),
        (
            "none",
            std::fs::read(asset("no-solution.txt")).unwrap(),
            "<stdin>: no solution\n",
        ),
        (
            "conflict",
            std::fs::read(asset("conflicting-givens.txt")).unwrap(),
            "<stdin>: no solution: r1c1 and r1c3 both hold 5\n",
        ),
        (
            "dead cell",
            dead.into_bytes(),
            "<stdin>: no solution: r1c9 has no candidate\n",
        ),
    ];
    for (name, input, message) in &cases {
        for (command, purpose) in [("hint", "hint"), ("explain", "rating"), ("rate", "rating")] {
            let out = run(&[command], Some(input));
            let context = format!("{command} on {name}");
            assert_eq!(text(&out.stdout), "", "{context}");
            assert_eq!(text(&out.stderr), message.replace("{}", purpose), "{context}");
            assert_eq!(out.status.code(), Some(1), "{context}");
        }
    }
}

/// Issue 28 item 13: marks that leave out the one solution's digit of a cell leave the grid no
/// solution: said, naming the cell, rather than a path of wrong steps and a rating.
#[test]
fn marks_that_rule_out_the_solution_are_refused() {
    let b = board("hard.txt");
    let solved = solution(&b);
    // r1c2's solution digit crossed out; every other empty cell keeps all nine.
    let p = Pos::at(0, 1).unwrap();
    let d = solved.digit(p).unwrap().get();
    let line = candidates_line(&b, |q| if q == p { vec![d] } else { vec![] });
    for (command, purpose) in [("hint", "hint"), ("explain", "rating"), ("rate", "rating")] {
        let out = run(&[command], Some(line.as_bytes()));
        assert_eq!(text(&out.stdout), "", "{command} ({purpose})");
        assert_eq!(
            text(&out.stderr),
            format!(
                "<stdin>: no solution: the marks of r1c2 leave out {d}, its digit in the one solution of the digits\n"
            ),
            "{command}"
        );
        assert_eq!(out.status.code(), Some(1), "{command}");
    }
}

/// Marks on a few cells (a game saved with some pencil marks) restrict those cells only: the
/// others keep the candidates the digits leave them, as in the workbench, rather than none.
#[test]
fn a_progress_file_with_marks_on_a_few_cells_reads_as_the_workbench_does() {
    let b = board("hard.txt");
    let solved = solution(&b);
    let p = Pos::at(0, 1).unwrap();
    let d = solved.digit(p).unwrap();
    // r1c2 marked with its solution digit and one other; no other cell marked.
    let mut marks = vec!['.'; 729];
    let other = if d.get() == 9 { 8 } else { d.get() + 1 };
    for k in [d.get(), other] {
        marks[p.index() * 9 + usize::from(k) - 1] = char::from(b'0' + k);
    }
    let marks: String = marks.into_iter().collect();
    let grid: String = b
        .to_string()
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let file = format!("#!sudoku-workbench progress 1\n#!marks {marks}\n{grid}");
    let out = run(&["hint"], Some(file.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let out = run(&["explain"], Some(file.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).lines().last().unwrap().starts_with("rating="));
}

/// A candidates puzzle (Sukaku): digits with several solutions, candidates that leave one. The
/// logical solver reasons on it and rates it; candidates that leave two are refused.
#[test]
fn candidates_that_leave_one_solution_make_a_puzzle() {
    let b = board("several-solutions.txt");
    let first = solution(&b);
    // Each empty cell: the first solution's digit and the next one.
    let keep = |p: Pos| {
        let d = first.digit(p).unwrap().get();
        [d, d % 9 + 1]
    };
    let line = candidates_line(&b, |p| (1..=9).filter(|k| !keep(p).contains(k)).collect());
    assert_eq!(
        sudoku_engine::logic::Grid::with_marks(
            &b,
            &std::array::from_fn(|i| {
                let p = Pos::new(i).unwrap();
                keep(p)
                    .into_iter()
                    .map(|k| sudoku_engine::Digit::new(k).unwrap())
                    .collect()
            })
        )
        .count_solutions(2),
        1,
        "the candidates leave one solution"
    );
    let out = run(&["rate"], Some(line.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["explain"], Some(line.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).lines().last().unwrap().starts_with("rating="));
    // All nine candidates everywhere: the digits' several solutions stand.
    let open = candidates_line(&b, |_| vec![]);
    let out = run(&["explain"], Some(open.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>: several solutions: a rating needs a puzzle with one\n"
    );
}

#[test]
fn explain_numbers_every_step_and_ends_with_the_rating() {
    let out = run(&["explain", asset("boj-2580-sample.txt").to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let blanks = board("boj-2580-sample.txt").blank_count();
    assert_eq!(lines.len(), blanks + 1, "one step per blank, then the summary");
    for (i, line) in lines[..blanks].iter().enumerate() {
        assert!(line.starts_with(&format!("{}. Full House: ", i + 1)), "{line}");
    }
    assert_eq!(lines[blanks], "rating=1.0 level=easy hardest=Full House");
    assert_eq!(out.status.code(), Some(0));

    let out = run(&["explain", asset("hard.txt").to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().last(),
        Some("rating=2.6 level=hard hardest=Locked Candidates (Pointing)")
    );
    assert_eq!(rate(&board("hard.txt")).difficulty.to_string(), "2.6");

    // SE's nested forcing chains finish Inkala's 2012 puzzle.
    let out = run(&["explain", asset("hardest.sdk").to_str().unwrap()], None);
    assert_eq!(
        text(&out.stdout).lines().last(),
        Some("rating=10.7 level=grandmaster hardest=Nested Forcing Chain")
    );
}

#[test]
fn rate_streams_one_tab_separated_line_per_puzzle() {
    let out = run(&["rate", asset("collection.sdm").to_str().unwrap()], None);
    let stdout = text(&out.stdout);
    let expected_first =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\t1.2\teasy\tHidden Single";
    assert_eq!(stdout.lines().next(), Some(expected_first));
    assert_eq!(stdout.lines().count(), 12);
    for line in stdout.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        let b: Board = fields[0].parse().unwrap();
        let rating = rate(&b);
        // ER, written `>=9.0` when logic stops short: the least the puzzle can be.
        assert_eq!(fields[1], rating.er().to_string());
        assert_eq!(fields[1].starts_with(">="), fields[2] == "needs-trial", "{line}");
        assert_eq!(fields[2], rating.level.name());
        assert_eq!(fields[3], rating.hardest.map_or("-", |t| t.name()));
    }
    assert_eq!(out.stderr, b"");
    assert_eq!(out.status.code(), Some(0));
    // Standard input, and --stats on standard error.
    let input = std::fs::read(asset("collection.sdm")).unwrap();
    let out = run(&["rate", "--stats"], Some(&input));
    assert_eq!(text(&out.stdout), stdout);
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().filter(|l| l.starts_with("puzzle=")).count(), 12);
    assert!(
        stderr.lines().last().unwrap().starts_with("total puzzles=12 rated=12 "),
        "{stderr}"
    );
}

/// No single to start with: Sudoku Explainer 1.2.1's serate gives it `7.3/2.6/2.6` (a Pointing
/// first, then a single; the hardest a chain).
const NO_SINGLE_FIRST: &str = ".....31.....2..7..43.1..92.8.2....5.65...4........1.....9.67...3...12.........48.";

/// Issue 30 item 2: `--format` chooses the columns as serate's does, each conversion one.
#[test]
fn rate_formats_each_column_as_serate_does() {
    let input = format!("{NO_SINGLE_FIRST}\n");
    let column = |format: &str| {
        let out = run(&["rate", "--format", format], Some(input.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(out.stderr, b"");
        text(&out.stdout)
    };
    assert_eq!(column("%r/%p/%d"), "7.3/2.6/2.6\n");
    assert_eq!(column("%r"), "7.3\n");
    assert_eq!(column("%p"), "2.6\n");
    assert_eq!(column("%d"), "2.6\n");
    assert_eq!(column("%g"), format!("{NO_SINGLE_FIRST}\n"));
    assert_eq!(column("#%n"), "#1\n");
    assert_eq!(column("%l"), "expert\n");
    assert_eq!(column("%h"), "AIC\n");
    assert_eq!(column("100%% ED=%d"), "100% ED=2.6\n");
    // `\t` is a tab, and the default is today's line written that way.
    assert_eq!(
        column(r"%g\t%r\t%l\t%h"),
        text(&run(&["rate"], Some(input.as_bytes())).stdout)
    );
    assert_eq!(column(r"%r\t%d"), "7.3\t2.6\n");
    // Numbered as every puzzle line is, one a line.
    let two = format!(
        "{NO_SINGLE_FIRST}\n{}\n",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    );
    let out = run(&["rate", "--format", "%n %r/%p/%d"], Some(two.as_bytes()));
    assert_eq!(text(&out.stdout), "1 7.3/2.6/2.6\n2 1.2/1.2/1.2\n");
}

#[test]
fn rate_refuses_a_bad_format() {
    for (format, says) in [
        ("%r/%x", "unknown conversion %x (known: %r %p %d %g %n %l %h %%)"),
        ("ER=%", "a % ends the format (write %% for a % sign)"),
    ] {
        let out = run(
            &["rate", "--format", format],
            Some(format!("{NO_SINGLE_FIRST}\n").as_bytes()),
        );
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert_eq!(out.stdout, b"", "{format}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("error: invalid value"), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
}

/// Issue 30 item 3: out of time, a puzzle is rated at least what was reached, `>=x.y`, never a
/// wrong number; the singles are always placed, so ED is known.
#[test]
fn rate_out_of_time_says_the_least_rating() {
    // SE 1.2.1: 9.1/1.2/1.2, a dynamic forcing chain at its hardest.
    let hard = "..3.75...4.6.....778.3.4.2..4..8....9....1.8......2.....8....5.5.....3.63..5.789.";
    let input = format!("{hard}\n");
    let out = run(&["rate", "--time-limit", "0.000001"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{hard}\t>=1.2\t>=easy\tHidden Single\n"));
    assert_eq!(
        text(&out.stderr),
        "<stdin>: time limit of 0.000001 s hit: rated at least 1.2\n"
    );
    let out = run(
        &["rate", "--time-limit", "1e-6", "--format", "%r/%p/%d"],
        Some(input.as_bytes()),
    );
    assert_eq!(text(&out.stdout), ">=1.2/1.2/1.2\n");
    // Attack S: a tiny limit was said with 300 decimals.
    let out = run(&["rate", "--time-limit", "1e-300"], Some(input.as_bytes()));
    assert_eq!(
        text(&out.stderr),
        "<stdin>: time limit of 1e-300 s hit: rated at least 1.2\n"
    );
    // The default limit is generous: the rating itself.
    let out = run(&["rate", "--format", "%r/%p/%d %l"], Some(input.as_bytes()));
    assert_eq!(text(&out.stdout), "9.1/1.2/1.2 master\n");
    assert_eq!(out.stderr, b"");
    for bad in ["0", "-1", "soon"] {
        let out = run(&["rate", "--time-limit", bad], Some(input.as_bytes()));
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn rate_refuses_puzzles_without_exactly_one_solution() {
    for (name, message) in [
        (
            "several-solutions.txt",
            "several solutions: a rating needs a puzzle with one",
        ),
        ("no-solution.txt", "no solution"),
    ] {
        let out = run(&["rate", asset(name).to_str().unwrap()], None);
        assert_eq!(out.stdout, b"", "{name}");
        assert!(
            text(&out.stderr).ends_with(&format!("{message}\n")),
            "{name}: {}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// The puzzles and ratings of `generate`'s output lines.
fn generated(stdout: &str) -> Vec<(Board, String)> {
    stdout
        .lines()
        .map(|line| {
            let (puzzle, comment) = line.split_once(" # ").expect("puzzle # rating");
            assert_eq!(puzzle.len(), 81, "{line}");
            (puzzle.parse().unwrap(), comment.to_string())
        })
        .collect()
}

#[test]
fn generate_makes_unique_minimal_puzzles_again_from_a_seed() {
    let out = run(&["generate", "--count", "4", "--seed", "42"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stderr, b"", "a given seed is not announced");
    let stdout = text(&out.stdout);
    let puzzles = generated(&stdout);
    assert_eq!(puzzles.len(), 4);
    for (b, comment) in &puzzles {
        assert_eq!(count_solutions(b, 2), 1);
        assert!(is_minimal(b));
        let r = rate(b);
        assert_eq!(*comment, format!("rating={} level={}", r.difficulty, r.level));
    }
    assert_eq!(
        text(&run(&["generate", "--count", "4", "--seed", "42"], None).stdout),
        stdout
    );
    assert_ne!(
        text(&run(&["generate", "--count", "4", "--seed", "43"], None).stdout),
        stdout
    );
    // Without a seed, the one used is said on standard error, and it makes the same puzzles.
    let out = run(&["generate"], None);
    let stderr = text(&out.stderr);
    let seed = stderr.split_whitespace().nth(1).expect("seed N ...");
    assert_eq!(
        text(&run(&["generate", "--seed", seed], None).stdout),
        text(&out.stdout)
    );
}

#[test]
fn generate_keeps_the_symmetry_and_level_asked() {
    let out = run(
        &["generate", "--count", "2", "--seed", "7", "--symmetry", "mirror"],
        None,
    );
    for (b, _) in generated(&text(&out.stdout)) {
        assert!(Symmetry::Mirror.holds_for(&b), "{b}");
        assert!(is_minimal(&b));
    }
    let out = run(&["generate", "--count", "2", "--seed", "7", "--level", "hard"], None);
    assert_eq!(out.status.code(), Some(0));
    for (_, comment) in generated(&text(&out.stdout)) {
        assert!(comment.ends_with("level=hard"), "{comment}");
    }
    // --no-minimal keeps more givens than the minimal puzzle from the same seed.
    let minimal = generated(&text(&run(&["generate", "--seed", "3"], None).stdout));
    let more = generated(&text(&run(&["generate", "--seed", "3", "--no-minimal"], None).stdout));
    assert!(more[0].0.given_count() > minimal[0].0.given_count());
    assert_eq!(count_solutions(&more[0].0, 2), 1);
}

/// Issue 30 item 4: the top of the scale. `--level master` (9.0 to 9.9) by making and rating
/// puzzles; `--level grandmaster` (10 and up) by a walk of moved givens from hard puzzles, each
/// puzzle made unique and minimal, rated again here, and none of the puzzles it started from.
#[test]
fn generate_reaches_master_and_grandmaster() {
    let seeds = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine/seeds/forum-hardest-11.txt"
    ))
    .unwrap();
    let seeds: Vec<Board> = seeds
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.parse().unwrap())
        .collect();
    for (level, least) in [("master", 9.0), ("grandmaster", 10.0)] {
        let out = run(
            &[
                "generate", "--count", "2", "--seed", "5", "--level", level, "--jobs", "2",
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let made = generated(&text(&out.stdout));
        assert_eq!(made.len(), 2);
        for (b, comment) in &made {
            assert_eq!(count_solutions(b, 2), 1, "{b}");
            assert!(is_minimal(b), "{b}");
            assert!(!seeds.contains(b), "{b} is a seed");
            let r = rate(b);
            assert_eq!(*comment, format!("rating={} level={}", r.difficulty, r.level));
            assert_eq!(r.level.to_string(), level, "{b}");
            let er: f64 = r.difficulty.to_string().parse().unwrap();
            assert!(er >= least, "{b}: {er}");
        }
        assert_ne!(made[0].0, made[1].0);
    }
}

/// Issue 28 item 17: a time limit that is not a number of seconds above 0 is refused by the
/// argument parser, naming the option and why; nothing is made.
#[test]
fn generate_refuses_a_time_limit_that_is_no_time() {
    for (value, why) in [
        ("nan", "expected a finite number of seconds"),
        ("inf", "expected a finite number of seconds"),
        ("1e400", "expected a finite number of seconds"),
        ("-1", "expected a number of seconds above 0"),
        ("0", "expected a number of seconds above 0"),
        ("soon", "expected a number of seconds"),
    ] {
        let out = run(
            &["generate", "--level", "extreme", "--seed", "1", "--time-limit", value],
            None,
        );
        assert_eq!(out.status.code(), Some(2), "{value}: {}", text(&out.stderr));
        assert_eq!(out.stdout, b"", "{value}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!(
                "error: invalid value '{value}' for '--time-limit <SECONDS>': {why}"
            )),
            "{value}: {stderr}"
        );
    }
    // A number of seconds still works, with or without a level.
    let out = run(&["generate", "--seed", "1", "--time-limit", "2.5"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn generate_gives_up_with_a_clear_message() {
    let out = run(
        &[
            "generate",
            "--level",
            "needs-trial",
            "--seed",
            "1",
            "--time-limit",
            "0.3",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error: gave up: no needs-trial puzzle after "),
        "{stderr}"
    );
    assert!(stderr.contains("try another level, or more time"));
    let out = run(&["generate", "--symmetry", "spiral"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("possible values: none, rotational, mirror, diagonal"));
}
