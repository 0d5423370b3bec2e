//! Step mode as a teaching tool (issue 12), key by key: the program beside the board and its
//! language, the jumps (a step typed, the start of a decision), breakpoints, the race, and
//! traces written and replayed.

use crate::common;

use common::workbench::{Bench, asset, pos};
use ratatui::crossterm::event::KeyCode;
use std::path::Path;
use sudoku_engine::search::program::{Language, Program};
use sudoku_engine::{Board, Search, Step, Strategy, solve};
use sudoku_workbench::app::race::Standing;
use sudoku_workbench::app::stepper::Stop;
use sudoku_workbench::app::{Action, Mode};
use sudoku_workbench::ui::keys;
use sudoku_workbench::ui::layout::ProgramPlace;
use sudoku_workbench::ui::program_place;

/// The screen drawn at `width`x`height`, as text.
fn screen_text(app: &mut Bench, width: u16, height: u16) -> String {
    app.update(Action::Resize(width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| sudoku_workbench::ui::draw(frame, app)).unwrap();
    terminal.backend().to_string()
}

fn board_of(name: &str) -> Board {
    std::fs::read_to_string(asset(name)).unwrap().parse().unwrap()
}

/// The first `n` steps of `strategy` on `board`, from a search of its own.
fn steps(board: &Board, strategy: Strategy, n: u64) -> Vec<Step> {
    Search::new(board, strategy).unwrap().take(n as usize).collect()
}

/// Types `text` into the step-mode prompt `key` opens, and confirms.
fn ask(app: &mut Bench, key: &str, text: &str) {
    app.keys(key);
    assert!(app.overlay.is_some(), "{key} opens a prompt");
    app.keys(text);
    app.key(KeyCode::Enter);
}

#[test]
fn c_shows_the_program_beside_the_board_or_on_a_screen_of_its_own() {
    let mut app = Bench::on_asset("hard.txt");
    app.act(Action::Resize(100, 30));
    app.keys("n");
    assert_eq!(
        program_place(&app),
        ProgramPlace::Beside,
        "on by default at 100 columns"
    );
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Beside);
    // Below 100 columns the board shows, and c swaps it for the program's own screen.
    app.act(Action::Resize(80, 24));
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::OwnScreen);
    assert!(app.message().contains("c: the board"), "{}", app.message());
    app.keys("c");
    assert_eq!(program_place(&app), ProgramPlace::Hidden);
    // A word about c at one width is not kept across 100 columns, where c does another thing.
    app.keys("c");
    app.act(Action::Resize(120, 40));
    assert_eq!(app.message(), "", "the hint about c went with the width it was for");
}

/// The line of the program, in the language chosen, that the last step carried out.
fn line_now(app: &Bench) -> &'static str {
    let program = Program::of(app.stepper().strategy(), app.settings.language);
    program.lines[program.line_of(app.stepper().last().as_ref())].trim()
}

#[test]
fn l_writes_the_program_in_the_other_form_and_the_line_follows_each_step() {
    let mut app = Bench::on_asset("hard.txt");
    app.keys("n");
    assert_eq!(app.settings.language, Language::Cpp);
    assert_eq!(line_now(&app), "board[r][c] = d;");
    app.keys("l");
    assert_eq!(app.settings.language, Language::Python);
    assert_eq!(line_now(&app), "board[r][c] = d");
    // On to the first backtrack: the line of the undo; one step back, the line of the guess.
    app.keys("]");
    assert_eq!(line_now(&app), "board[r][c] = 0");
    app.keys("b");
    assert_eq!(line_now(&app), "board[r][c] = d");
}

#[test]
fn g_goes_back_to_a_step_at_once_and_forward_by_running_there() {
    let mut app = Bench::on_asset("hard.txt");
    let board = board_of("hard.txt");
    app.keys("n");
    ask(&mut app, "g", "5,000");
    assert_eq!(app.stepper().position(), 5000);
    assert_eq!(app.stepper().stopped(), Some(&Stop::Reached(5000)));
    let reference = steps(&board, Strategy::Naive, 5000);
    assert_eq!(app.stepper().last(), reference.last().copied());
    ask(&mut app, "g", "10");
    assert_eq!(app.stepper().position(), 10);
    assert_eq!(app.stepper().last(), Some(reference[9]));
    assert!(!app.stepper().is_running());
    // A word that is no number is refused and the prompt stays.
    ask(&mut app, "g", "ten");
    assert!(
        app.is_error() && app.message().contains("not a step number"),
        "{}",
        app.message()
    );
    assert!(app.overlay.is_some());
    // Corrected in the same prompt, the error goes.
    for _ in 0..3 {
        app.key(KeyCode::Backspace);
    }
    app.keys("20");
    app.key(KeyCode::Enter);
    assert_eq!(app.stepper().position(), 20);
    assert!(!app.is_error(), "{}", app.message());
    // A number too big for any search says so.
    ask(&mut app, "g", "99999999999999999999");
    assert!(
        app.message().contains("more steps than any search takes"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    assert!(app.overlay.is_none());
    ask(&mut app, "g", "10");
    assert_eq!(app.stepper().position(), 10);
    // Past the end of a short search: it runs to the end and shows the solution again.
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("n");
    ask(&mut app, "g", "100000");
    assert!(app.stepper().is_over(), "{:?}", app.stepper().last());
}

#[test]
fn d_goes_back_to_the_first_guess_of_the_decision_on_top_then_the_one_below() {
    let mut app = Bench::on_asset("hard.txt");
    let board = board_of("hard.txt");
    app.keys("n");
    ask(&mut app, "g", "5000");
    let depth = app.stepper().decisions().len();
    app.keys("d");
    let start = app.stepper().position();
    assert!(start < 5000);
    let reference = steps(&board, Strategy::Naive, 5000);
    let Step::Place {
        pos: cell,
        depth: d,
        forced: false,
        ..
    } = reference[start as usize - 1]
    else {
        panic!("a guess starts a decision: {:?}", reference[start as usize - 1]);
    };
    assert_eq!(d, depth, "the decision on top");
    // From there to step 5,000 the decision stays on the stack: no guess below it is taken back,
    // and every guess at its depth is at its cell.
    for step in &reference[start as usize..] {
        match *step {
            Step::Remove {
                depth: r,
                forced: false,
                ..
            } => assert!(r >= depth, "{step}"),
            Step::Place {
                pos: p,
                depth: r,
                forced: false,
                ..
            } if r == depth => assert_eq!(p, cell, "{step}"),
            _ => {}
        }
    }
    // Again: the start of the decision below.
    app.keys("d");
    let below = app.stepper().position();
    assert!(below < start);
    assert!(matches!(reference[below as usize - 1], Step::Place { depth: r, forced: false, .. } if r == depth - 1));
    assert!(
        app.message().contains("first guess of this decision"),
        "{}",
        app.message()
    );
}

#[test]
fn breakpoints_stop_a_run_when_a_cell_gets_a_digit_or_a_guess_reaches_a_depth() {
    let mut app = Bench::on_asset("hard.txt");
    app.keys("n");
    ask(&mut app, "x", "r9c9");
    assert!(app.message().contains("r9c9"), "{}", app.message());
    app.keys("e");
    let Some(Step::Place { pos: p, .. }) = app.stepper().last() else {
        panic!("{:?}", app.stepper().last())
    };
    assert_eq!(p, pos(8, 8));
    assert!(matches!(app.stepper().stopped(), Some(Stop::Breakpoint(what)) if what.starts_with("r9c9 got")));
    // r9c9 cleared, depth 20 set: the next run stops at a guess at depth 20.
    ask(&mut app, "x", "r9c9 20");
    assert_eq!(app.stepper().breakpoints().describe(), "depth 20");
    app.keys("b]");
    app.keys("e");
    assert!(
        matches!(
            app.stepper().last(),
            Some(Step::Place {
                depth: 20,
                forced: false,
                ..
            })
        ),
        "{:?}",
        app.stepper().last()
    );
    // A click on a cell sets a breakpoint there and a second clears it; an empty line clears all.
    app.act(Action::Select(pos(0, 1)));
    assert_eq!(app.stepper().breakpoints().describe(), "r1c2, depth 20");
    app.act(Action::Select(pos(0, 1)));
    assert_eq!(app.stepper().breakpoints().describe(), "depth 20");
    ask(&mut app, "x", "");
    assert!(app.stepper().breakpoints().is_empty());
    ask(&mut app, "x", "r0c0");
    assert!(
        app.is_error() && app.message().contains("neither a cell"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    // A given never gets a digit from the search: a breakpoint there would never stop a run.
    ask(&mut app, "x", "r1c1");
    assert!(
        app.message().contains("r1c1 holds 4 from the start"),
        "{}",
        app.message()
    );
    app.key(KeyCode::Esc);
    app.act(Action::Select(pos(0, 0)));
    assert!(
        app.is_error() && app.message().contains("no breakpoint"),
        "{}",
        app.message()
    );
    assert!(app.stepper().breakpoints().is_empty());
}

#[test]
fn the_race_runs_every_strategy_to_what_solving_finds_and_esc_comes_back() {
    let mut app = Bench::on_asset("hardest.sdk");
    let board = board_of("hardest.sdk");
    app.keys("nnnnn");
    app.keys("r");
    let Mode::Race(race, _) = &app.mode else {
        panic!("the race")
    };
    assert_eq!(race.racers.len(), Strategy::ALL.len());
    app.keys("n");
    let Mode::Race(race, _) = &app.mode else { panic!() };
    assert!(race.racers.iter().all(|(_, r)| r.steps == 1));
    app.keys("e");
    let Mode::Race(race, _) = &app.mode else { panic!() };
    for (strategy, racer) in &race.racers {
        let solved = solve(&board, *strategy).unwrap();
        assert_eq!(racer.counters(), solved.counters, "{strategy}");
        assert!(matches!(racer.standing, Standing::Solved(_)));
    }
    app.key(KeyCode::Esc);
    assert_eq!(app.stepper().position(), 5, "step mode as it was");
}

/// Issue 32: the race starts at the speed chosen in step mode, not a speed of its own, and its
/// table counts each strategy's tree of guesses as the strategy's own tree does.
#[test]
fn the_race_starts_at_step_modes_speed_and_counts_each_tree() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("n+++");
    let chosen = app.stepper().speed();
    assert_eq!(chosen, Some(100), "10 steps/s, then 20, 50, 100");
    app.keys("r");
    let Mode::Race(race, _) = &app.mode else {
        panic!("the race")
    };
    assert_eq!(race.speed(), chosen);
    app.keys("e");
    let Mode::Race(race, _) = &app.mode else { panic!() };
    let board = board_of("hardest.sdk");
    for (strategy, racer) in &race.racers {
        let mut tree = sudoku_engine::search::tree::Tree::new(&board, *strategy, 1 << 20);
        for step in Search::new(&board, *strategy).unwrap().take(racer.steps as usize) {
            tree.note(step);
        }
        let totals = tree.totals();
        assert_eq!(
            (racer.tree.guesses, racer.tree.dead_ends),
            (totals.guesses, totals.dead_ends),
            "{strategy}"
        );
    }
    let guesses = |s: Strategy| race.racers.iter().find(|(r, _)| *r == s).unwrap().1.tree.guesses;
    assert!(
        guesses(Strategy::Naive) > 100 * guesses(Strategy::Fast),
        "the textbook's tree is the big one"
    );
}

/// A copy of the shipped `name` in a directory of its own, for files written beside it.
fn copy_of(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::copy(asset(name), &path).unwrap();
    (dir, path)
}

fn trace_in(dir: &Path) -> std::path::PathBuf {
    dir.join("hardest.naive.trace.jsonl")
}

/// A workbench on a copy of `hardest.sdk` that stepped `steps` steps and wrote them with `w`
/// (the trace is [`trace_in`] the directory).
fn exported(steps: &str) -> (tempfile::TempDir, Bench) {
    let (dir, path) = copy_of("hardest.sdk");
    let mut app = Bench::on_file(&path, None);
    app.keys("n");
    ask(&mut app, "g", steps);
    app.keys("w");
    app.wait_for_background();
    (dir, app)
}

#[test]
fn w_writes_the_search_as_a_trace_that_opens_to_replay_to_its_end() {
    let (dir, app) = exported("300");
    assert!(
        app.message().contains("Trace of 300 steps written"),
        "{}",
        app.message()
    );
    let trace = trace_in(dir.path());
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(text.lines().count(), 301, "the header and 300 steps");
    // Opened, it loads the puzzle and replays in step mode; a run stops at its last step.
    let mut replay = Bench::on_file(&trace, None);
    assert_eq!(replay.doc.board, board_of("hardest.sdk"));
    assert!(replay.stepper().replay().is_some());
    assert_eq!(replay.stepper().position(), 0);
    replay.keys("e");
    assert_eq!(replay.stepper().position(), 300);
    assert_eq!(replay.stepper().stopped(), Some(&Stop::TraceEnd(300, false)));
    assert!(
        !replay.is_modified() && !replay.has_unsaved_work(),
        "the trace holds the puzzle"
    );
    // On past the trace's end, the panel says the steps are no longer checked.
    replay.keys("n");
    assert_eq!(replay.stepper().position(), 301);
    let screen = screen_text(&mut replay, 80, 24);
    assert!(screen.contains("past the trace's 300 steps"), "{screen}");
    // w with no path of its own: saving asks where, never over the trace.
    replay.key(KeyCode::Esc);
    replay.keys("w");
    assert!(replay.overlay.is_some(), "a path is asked for");
}

#[test]
fn a_trace_edited_by_hand_stops_at_the_first_step_that_differs() {
    let (dir, mut app) = exported("300");
    let trace = trace_in(dir.path());
    let text = std::fs::read_to_string(&trace).unwrap();
    // Step 120 is made to say the digit was forced.
    let edited: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with("{\"step\":120,") {
                l.replace("\"forced\":false", "\"forced\":true")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&trace, edited.join("\n")).unwrap();
    let mut replay = Bench::on_file(&trace, None);
    replay.keys("e");
    assert_eq!(replay.stepper().position(), 120);
    assert!(
        matches!(replay.stepper().stopped(), Some(Stop::Differs { step: 120, .. })),
        "{:?}",
        replay.stepper().stopped()
    );
    // A trace of another version is refused by line and column; the board on screen stays.
    std::fs::write(&trace, text.replacen("\"version\":1", "\"version\":9", 1)).unwrap();
    let before = app.doc.board.clone();
    app.key(KeyCode::Esc);
    app.open_path(&trace, None);
    app.run_effects();
    assert!(app.is_error(), "{}", app.message());
    assert!(app.message().contains("line 1, column"), "{}", app.message());
    assert!(app.message().contains("version 9"), "{}", app.message());
    assert_eq!(app.doc.board, before);
}

#[test]
fn traces_that_are_fifos_devices_or_endless_are_refused_without_blocking() {
    let mut app = Bench::on_asset("hard.txt");
    let before = app.doc.board.clone();
    app.open_path(Path::new("/dev/zero"), None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("not a regular file"),
        "{}",
        app.message()
    );
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("trace.jsonl");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    app.open_path(&fifo, None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("not a regular file"),
        "{}",
        app.message()
    );
    assert!(
        app.message().starts_with("Cannot open"),
        "told as any file: {}",
        app.message()
    );
    // A header and then one line that never ends: refused as no trace line, not read forever.
    let long = dir.path().join("long.jsonl");
    let header = sudoku_engine::search::trace::header(&board_of("hard.txt"), Strategy::Naive);
    std::fs::write(&long, format!("{header}\n{}", "{".repeat(100_000))).unwrap();
    app.open_path(&long, None);
    app.run_effects();
    assert!(
        app.is_error() && app.message().contains("line 2 is longer"),
        "{}",
        app.message()
    );
    assert_eq!(app.doc.board, before);
}

#[test]
fn e_again_after_a_solution_searches_on_and_finds_the_next() {
    // The empty board has many solutions: the second comes after backtracking from the first.
    let mut app = Bench::new(sudoku_workbench::app::Document::new_empty());
    app.keys("ne");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let first = app.stepper().board();
    app.keys("e");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let second = app.stepper().board();
    assert!(first.is_solved() && second.is_solved() && first != second);
    assert_eq!(app.stepper().solutions().len(), 2);
    assert!(app.stepper().counters().backtracks > 0);
}

#[test]
fn esc_stops_a_long_jump_and_keeps_step_mode() {
    let mut app = Bench::on_asset("anti-naive.txt");
    app.keys("n");
    app.settling = false;
    ask(&mut app, "g", "100000000");
    assert!(app.stepper().is_running());
    app.tick(std::time::Instant::now());
    app.key(KeyCode::Esc);
    assert!(!app.stepper().is_running(), "Esc stops the run");
    let at = app.stepper().position();
    assert!(at > 1 && at < 100_000_000, "{at}");
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit), "a second Esc leaves");
}

#[test]
fn the_browser_previews_a_trace_and_enter_replays_it() {
    use sudoku_workbench::app::browser::{Entry, Preview};
    let (dir, mut app) = exported("40");
    app.key(KeyCode::Esc);
    app.keys("o");
    for _ in 0..20 {
        if matches!(app.browser().current(), Some(Entry::File(n, ..)) if n.ends_with(".jsonl")) {
            break;
        }
        app.key(KeyCode::Down);
    }
    app.wait_for_background();
    match &app.browser().preview {
        Preview::Puzzle { board, about, .. } => {
            assert_eq!(*board, board_of("hardest.sdk"));
            assert!(
                about.iter().any(|a| a.contains("a trace of the search with naive")),
                "{about:?}"
            );
        }
        other => panic!("a trace's preview: {other:?}"),
    }
    app.key(KeyCode::Enter);
    assert!(app.stepper().replay().is_some(), "Enter replays it");
    app.keys("e");
    assert_eq!(app.stepper().stopped(), Some(&Stop::TraceEnd(40, false)));
    drop(dir);
}

/// Every claim a "why" makes, checked against the board just before its step.
mod why_claims {
    use super::board_of;
    use sudoku_engine::search::why::why;
    use sudoku_engine::{Board, Decision, Digit, GuessOptions, Pos, Search, Step, Strategy, Unit};

    fn cell(name: &str) -> Pos {
        Pos::from_name(name).unwrap_or_else(|| panic!("not a cell: {name:?}"))
    }

    fn digit(text: &str) -> Digit {
        Digit::new(text.parse().unwrap_or_else(|_| panic!("not a digit: {text:?}"))).unwrap()
    }

    fn unit(text: &str) -> Unit {
        let (kind, n) = text.split_once(' ').unwrap();
        let i = n.parse::<u8>().unwrap() - 1;
        match kind {
            "row" => Unit::Row(i),
            "column" => Unit::Col(i),
            "box" => Unit::Box(i),
            _ => panic!("not a unit: {text:?}"),
        }
    }

    /// The cells of `unit` where `d` can still go on `board`.
    fn places(board: &Board, unit: Unit, d: Digit) -> Vec<Pos> {
        unit.cells()
            .into_iter()
            .filter(|&q| board.digit(q).is_none() && board.candidates(q).contains(d))
            .collect()
    }

    /// `d: rXcY holds d (unit)` about `subject`: the holder holds `d`, shares the unit named
    /// with `subject`, and is not `subject`. Returns the digit.
    fn holder_claim(board: &Board, subject: Pos, claim: &str) -> Digit {
        let (d, rest) = claim.split_once(": ").unwrap_or_else(|| panic!("{claim:?}"));
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [holder, "holds", held, ..] = words[..] else {
            panic!("not a holder: {claim:?}")
        };
        assert_eq!(d, held, "{claim}");
        let (d, holder) = (digit(d), cell(holder));
        let named = unit(rest.split_once('(').unwrap().1.trim_end_matches(')'));
        assert_eq!(
            board.digit(holder),
            Some(d),
            "{claim}: {holder} holds {:?}",
            board.digit(holder)
        );
        assert!(
            named.cells().contains(&holder) && named.cells().contains(&subject),
            "{claim}"
        );
        assert_ne!(holder, subject, "{claim}");
        d
    }

    /// Reasons parted by `; `: each a holder claim about `subject`; the digits they name.
    fn holders(board: &Board, subject: Pos, reasons: &str) -> Vec<u8> {
        reasons
            .split("; ")
            .map(|claim| holder_claim(board, subject, claim).get())
            .collect()
    }

    /// `fewest candidates: N, ...` for `pos`: N is its count and the fewest of any blank, every
    /// tie is counted and those named are ties, and `pos` is the first in reading order.
    fn fewest(board: &Board, pos: Pos, text: &str) {
        let rest = text.strip_prefix("fewest candidates: ").unwrap();
        let (n, ties) = rest.split_once(", ").unwrap();
        let n: usize = n.parse().unwrap();
        assert_eq!(board.candidates(pos).len(), n, "{text}");
        let fewest = board.blanks().map(|q| board.candidates(q).len()).min().unwrap();
        assert_eq!(n, fewest, "{text}");
        let tied: Vec<Pos> = board
            .blanks()
            .filter(|&q| q != pos && board.candidates(q).len() == n)
            .collect();
        assert!(
            tied.iter().all(|q| *q > pos),
            "{pos} is the first in reading order: {text}"
        );
        if ties == "no other cell has so few" {
            assert!(tied.is_empty(), "{text}: {tied:?}");
            return;
        }
        let (count, names) = ties
            .strip_prefix("tied with ")
            .and_then(|t| t.split_once(" other cell"))
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(count.parse::<usize>().unwrap(), tied.len(), "{text}: {tied:?}");
        let names = names.split_once('(').unwrap().1.split_once(')').unwrap().0;
        let named: Vec<Pos> = names
            .replace(" and ", ", ")
            .split(", ")
            .filter(|w| !w.ends_with("more"))
            .map(cell)
            .collect();
        let more: usize = names
            .rsplit_once(" and ")
            .and_then(|(_, m)| m.strip_suffix(" more"))
            .map_or(0, |m| m.parse().unwrap());
        assert_eq!(named, tied[..named.len()], "{text}");
        assert_eq!(named.len() + more, tied.len(), "{text}");
    }

    /// A forced digit's reason.
    fn forced(board: &Board, pos: Pos, d: Digit, text: &str) {
        assert!(board.candidates(pos).contains(d), "{text}");
        let naked = board.candidates(pos).len() == 1;
        let hidden = pos.units().into_iter().find(|&u| places(board, u, d) == [pos]);
        if let Some(rest) = text.strip_prefix("naked single: ") {
            assert!(naked, "{text}");
            assert_eq!(rest, format!("{d} is the only candidate of {pos}"));
        } else if let Some(rest) = text.strip_prefix("hidden single: ") {
            assert!(!naked, "{text}");
            let named = unit(rest.rsplit_once(" in ").unwrap().1);
            assert_eq!(rest, format!("{pos} is the only place for {d} in {named}"));
            assert_eq!(places(board, named, d), [pos], "{text}");
        } else {
            assert!(text.starts_with("forced: propagation"), "{text}");
            assert!(!naked && hidden.is_none(), "{text}: a single the board shows");
        }
    }

    /// A guess's reasons, of `strategy` at `pos`, `from` the first digit the textbook order
    /// tries there.
    /// Issue 28, tester C, 19: a removal by a strategy that chooses its cells says what the
    /// steps show: a forced digit undone, the solution found, the decision below exhausted.
    fn guess_failed(pos: Pos, d: Digit, forced: bool, previous: Option<Step>, text: &str) {
        if forced {
            assert_eq!(
                text,
                format!("{d} in {pos} was forced by a guess that failed: it is undone with that guess")
            );
            return;
        }
        let (cause, then) = text.split_once("; ").unwrap_or_else(|| panic!("{text}"));
        assert_eq!(
            then,
            format!("{d} is taken back, and the decision's next option is tried, if any is left"),
            "{text}"
        );
        match previous {
            Some(Step::Solved) => assert_eq!(cause, "after the solution the search goes on for another"),
            Some(Step::Remove {
                pos: p, forced: false, ..
            }) if p != pos => assert_eq!(
                cause,
                format!("every option of the decision below it, last tried at {p}, failed")
            ),
            _ => assert_eq!(cause, format!("no solution follows from {d} in {pos}")),
        }
    }

    fn guess(board: &Board, strategy: Strategy, pos: Pos, d: Digit, from: u8, top: Option<&Decision>, text: &str) {
        assert!(board.candidates(pos).contains(d), "{text}");
        // A retry by a strategy that chooses its cells: the digit taken back just before failed.
        if let Some(failed) = text.strip_suffix(&format!(" failed here, so the next candidate of {pos} is tried")) {
            assert_ne!(strategy, Strategy::Naive, "{text}");
            assert_eq!(digit(failed).get() + 1, from, "{text}");
            assert!(d.get() >= from, "{text}");
            return;
        }
        if let Some(rest) = text.strip_prefix("of the 324 constraints, \"") {
            assert_eq!(strategy, Strategy::Dlx);
            let (constraint, said) = rest.split_once("\" has the fewest options: ").unwrap();
            let said: usize = said.split(' ').next().unwrap().parse().unwrap();
            assert_eq!(top.map(|t| t.options.len()), Some(said), "{text}");
            match constraint.strip_suffix(" needs a digit") {
                Some(name) => {
                    assert_eq!(cell(name), pos, "{text}");
                    assert_eq!(board.candidates(pos).len(), said, "{text}");
                }
                None => {
                    let (placed, named) = constraint.split_once(" in ").unwrap();
                    assert_eq!(digit(placed), d, "{text}");
                    assert_eq!(places(board, unit(named), d).len(), said, "{text}");
                }
            }
            return;
        }
        if let Some(rest) = text.strip_prefix("after propagation ") {
            assert_eq!(strategy, Strategy::Fast);
            let rest = rest.strip_prefix(&format!("{pos} has ")).unwrap();
            let n: usize = rest.split(' ').next().unwrap().parse().unwrap();
            // Propagation only narrows what the board allows.
            let Some(GuessOptions::Digits(options)) = top.map(|t| t.options) else {
                panic!("{text}: a cell's decision")
            };
            assert_eq!(options.bits() & !board.candidates(pos).bits(), 0, "{text}");
            assert!(options.contains(d), "{text}");
            assert_eq!(top.map(|t| t.options.len()), Some(n), "{text}");
            assert!(n <= board.candidates(pos).len(), "{text}");
            assert_eq!(rest.contains("a two-way guess"), n == 2, "{text}");
            return;
        }
        if text.starts_with("fewest candidates: ") {
            let (head, tail) = text.split_once("; ").unwrap_or((text, ""));
            fewest(board, pos, head);
            assert!(
                tail.is_empty() || tail == "the first in reading order is taken",
                "{text}"
            );
            return;
        }
        // The textbook order: the digits before `d` held by peers, then `d` fits.
        assert_eq!(strategy, Strategy::Naive, "{text}");
        let (reasons, fits) = match text.rsplit_once("; ") {
            Some((reasons, fits)) => (holders(board, pos, reasons), fits),
            None => (Vec::new(), text),
        };
        assert_eq!(reasons, (from..d.get()).collect::<Vec<_>>(), "{text}");
        let (r, c, b) = (pos.row() + 1, pos.col() + 1, pos.box_index() + 1);
        assert_eq!(fits, format!("{d} fits (no {d} in row {r}, column {c} or box {b})"));
    }

    /// The textbook order taking `d` back from `pos`: what the call below found, then what this
    /// call does next.
    fn taken_back(board: &Board, pos: Pos, d: Digit, previous: Option<Step>, text: &str) {
        let mut after = board.clone();
        after.set(pos, sudoku_engine::Cell::Empty);
        let next_fit = (d.get() + 1..=9)
            .map(|n| Digit::new(n).unwrap())
            .find(|&n| after.candidates(pos).contains(n));
        // The cause, if any, then "; " and what this call does next.
        let (cause, then) = ["; the loop goes on", "; no digit after"]
            .iter()
            .find_map(|mark| text.find(mark))
            .map_or((None, text), |i| (Some(&text[..i]), &text[i + 2..]));
        match cause {
            Some("after the solution the search goes on for another") => assert_eq!(previous, Some(Step::Solved)),
            Some(cause) if cause.starts_with("the call below found no digit for ") => {
                let rest = cause.strip_prefix("the call below found no digit for ").unwrap();
                let (blank, reasons) = rest.split_once(" — ").unwrap();
                let blank = cell(blank);
                assert_eq!(board.blanks().next(), Some(blank), "{text}: the next blank");
                assert!(board.candidates(blank).is_empty(), "{text}");
                assert_eq!(holders(board, blank, reasons), (1..=9).collect::<Vec<_>>(), "{text}");
                assert!(
                    matches!(previous, Some(Step::Place { pos: p, .. }) if p == pos),
                    "{text}"
                );
            }
            Some(cause) => {
                let p = cause
                    .strip_prefix("the call below, at ")
                    .and_then(|c| c.strip_suffix(", tried every digit and returned"))
                    .unwrap_or_else(|| panic!("{text}"));
                assert!(
                    matches!(previous, Some(Step::Remove { pos: q, .. }) if q == cell(p) && q != pos),
                    "{text}"
                );
            }
            None => {}
        }
        match next_fit {
            Some(n) => assert_eq!(then, format!("the loop goes on to {n} here"), "{text}"),
            None => {
                let rest = then
                    .strip_prefix(&format!("no digit after {d} "))
                    .unwrap_or_else(|| panic!("{text}"));
                if let Some((_, reasons)) = rest.split_once(" — ") {
                    assert_eq!(
                        holders(&after, pos, reasons),
                        (d.get() + 1..=9).collect::<Vec<_>>(),
                        "{text}"
                    );
                }
            }
        }
    }

    /// Searches `name` with `strategy` for `steps` steps and checks the why of each; how many
    /// were checked.
    fn check(name: &str, strategy: Strategy, steps: usize) -> usize {
        let start = board_of(name);
        let mut search = Search::new(&start, strategy).unwrap();
        let mut previous: Option<Step> = None;
        let mut checked = 0;
        for _ in 0..steps {
            let before = search.board();
            let Some(step) = search.next() else { break };
            let decisions = search.decisions();
            let said = why(strategy, &before, &step, previous.as_ref(), decisions.last());
            let context = format!("{name} {strategy} {step}: {said:?}");
            match (step, said.as_deref()) {
                (
                    Step::Place {
                        pos,
                        digit,
                        forced: true,
                        ..
                    },
                    Some(text),
                ) => forced(&before, pos, digit, text),
                (Step::Place { pos, digit, .. }, Some(text)) => {
                    let from = match previous {
                        Some(Step::Remove { pos: p, digit: d, .. }) if p == pos => d.get() + 1,
                        _ => 1,
                    };
                    guess(&before, strategy, pos, digit, from, decisions.last(), text);
                }
                (Step::Remove { pos, digit, .. }, Some(text)) if strategy == Strategy::Naive => {
                    taken_back(&before, pos, digit, previous, text);
                }
                (Step::Remove { pos, digit, forced, .. }, Some(text)) => {
                    guess_failed(pos, digit, forced, previous, text);
                }
                (_, None) => {}
                _ => panic!("{context}"),
            }
            checked += usize::from(said.is_some());
            previous = Some(step);
        }
        checked
    }

    #[test]
    fn every_claim_of_every_strategys_why_holds_on_the_board() {
        for &strategy in Strategy::ALL {
            for (name, steps) in [("anti-naive.txt", 3000), ("hardest.sdk", 4000), ("hard.txt", 2000)] {
                let checked = check(name, strategy, steps);
                assert!(checked > 20, "{name} {strategy}: {checked} reasons checked");
            }
            // A search past its solution to its end (the textbook order goes on for another).
            check("boj-2580-sample.txt", strategy, 1000);
        }
    }

    /// The first choice of the fewest-candidates order on anti-naive.txt: eight other cells tie
    /// with r2c3 at three candidates, and the why names every one.
    #[test]
    fn the_first_mrv_why_on_anti_naive_names_every_tie() {
        let board = board_of("anti-naive.txt");
        let mut search = Search::new(&board, Strategy::Mrv).unwrap();
        let step = search.next().unwrap();
        let said = why(Strategy::Mrv, &board, &step, None, search.decisions().last()).unwrap();
        assert_eq!(
            said,
            "fewest candidates: 3, tied with 8 other cells (r2c5, r3c9, r4c3, r6c5, r7c3, r7c5, r8c8 and r8c9); \
             the first in reading order is taken"
        );
        // The command line says the same.
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-workbench"))
            .args(["trace", "--strategy", "mrv", "--why", "--max-steps", "1"])
            .arg(super::asset("anti-naive.txt"))
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            stdout.starts_with(&format!("place r2c3=6 depth 1  ({said})")),
            "{stdout}"
        );
    }
}

/// Depth has one meaning: the decisions on the stack. Every step's depth, the counters' depth
/// and the decisions the search holds agree after every step, for every strategy, through guesses
/// taken back and decisions that run out of options.
#[test]
fn depth_is_the_number_of_decisions_on_the_stack_after_every_step() {
    for &strategy in Strategy::ALL {
        for name in ["hardest.sdk", "hard.txt", "anti-naive.txt"] {
            let mut search = Search::new(&board_of(name), strategy).unwrap();
            let mut deepest = 0;
            for _ in 0..20_000 {
                let Some(step) = search.next() else { break };
                let frames = search.decisions().len();
                let c = search.counters();
                assert_eq!(c.depth, frames, "{name} {strategy} after {step}");
                if let Step::Place { depth, .. } | Step::Remove { depth, .. } = step {
                    assert_eq!(depth, frames, "{name} {strategy}: {step}");
                }
                deepest = deepest.max(frames);
                assert_eq!(c.max_depth, deepest, "{name} {strategy} after {step}");
                if step == Step::Exhausted {
                    break;
                }
            }
        }
    }
    // Solved without a look, the deepest is the same as watched.
    let board = board_of("hardest.sdk");
    for &strategy in Strategy::ALL {
        let mut search = Search::new(&board, strategy).unwrap();
        let deepest = search
            .by_ref()
            .take_while(|s| *s != Step::Solved)
            .filter_map(|s| match s {
                Step::Place { depth, .. } | Step::Remove { depth, .. } => Some(depth),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        assert_eq!(
            solve(&board, strategy).unwrap().counters.max_depth,
            deepest,
            "{strategy}"
        );
    }
}

/// Step mode says the same depth in the step, the counters and the call stack's title, right
/// after a guess is taken back (where they used to differ by one).
#[test]
fn the_panel_the_step_and_the_call_stack_say_one_depth() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.act(Action::Resize(100, 30));
    app.keys("n");
    ask(&mut app, "g", "2839");
    let Some(Step::Remove {
        depth, forced: false, ..
    }) = app.stepper().last()
    else {
        panic!("step 2,839 takes a guess back: {:?}", app.stepper().last())
    };
    let screen = screen_text(&mut app, 100, 30);
    assert!(screen.contains(&format!("call stack: {depth} frames")), "{screen}");
    let panel = text_right_of(&mut app, 100, 30, 40);
    assert!(panel.contains(&format!("depth {depth} (max")), "{panel}");
    // (The step is followed by its program line, or by the why when the panel is short.)
    let step = format!("remove r5c2=8 depth {depth}");
    assert!(
        panel.contains(&format!("{step};")) || panel.contains(&format!("{step} Why")),
        "{panel}"
    );
}

/// The text of the screen right of column `x`, its rows joined by blanks and runs of blanks
/// made one: what the panel says, whatever its wrapping.
fn text_right_of(app: &mut Bench, width: u16, height: u16, x: u16) -> String {
    app.update(Action::Resize(width, height));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| sudoku_workbench::ui::draw(frame, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for row in 0..height {
        for col in x..width {
            text.push_str(buffer[(col, row)].symbol());
        }
        text.push(' ');
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Step mode's clock is the search's own: the time computing the steps to here, the same way
/// whatever the move (a step by hand, a run, a jump forward or back, a step back); waiting
/// between keys is not in it, and a jump is.
#[test]
fn the_search_time_counts_computing_steps_not_waiting() {
    use std::time::{Duration, Instant};
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("n");
    std::thread::sleep(Duration::from_millis(400));
    app.keys("n");
    let two = app.stepper().search_time();
    assert!(
        two > Duration::ZERO && two < Duration::from_millis(200),
        "{two:?} for two steps 0.4 s apart"
    );
    // A jump forward runs the steps there: their time is counted (it read 0 µs).
    ask(&mut app, "g", "5000");
    assert_eq!(app.stepper().position(), 5000);
    let jumped = app.stepper().search_time();
    assert!(jumped > two, "{jumped:?} after 5,000 steps, {two:?} after 2");
    // Back one step and back far: the time of the steps up to there, idle time still left out.
    std::thread::sleep(Duration::from_millis(400));
    app.keys("b");
    let back = app.stepper().search_time();
    assert!(
        back > Duration::ZERO && back < jumped + Duration::from_millis(200),
        "{back:?}"
    );
    ask(&mut app, "g", "3");
    let early = app.stepper().search_time();
    assert!(
        early > Duration::ZERO && early < Duration::from_millis(200),
        "{early:?} at step 3"
    );
    // A run at 10 steps a second for two seconds of ticks: the steps' work, not the two seconds.
    app.settling = false;
    app.keys(" ");
    let t0 = Instant::now();
    for k in 0..=20 {
        app.tick(t0 + Duration::from_millis(100 * k));
    }
    app.keys(" ");
    assert!(app.stepper().position() > 10, "{}", app.stepper().position());
    let ran = app.stepper().search_time();
    assert!(ran > early && ran < Duration::from_millis(500), "{ran:?}");
    // The panel says so, under its name.
    let panel = text_right_of(&mut app, 80, 24, 40).to_lowercase();
    assert!(panel.contains("search time"), "{panel}");
    assert!(!panel.contains("elapsed"), "{panel}");
}

/// Item 24: at 100x30 (the program beside the board) and at 80x24, the panel says in full the
/// state of the search and every step's why, dead ends with all their reasons included.
#[test]
fn the_state_and_every_why_are_read_in_full_at_100x30_and_80x24() {
    use sudoku_engine::search::why::why;
    let one_line = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut app = Bench::on_asset("hardest.sdk");
    app.keys("n");
    let mut dead_ends = 0;
    for _ in 0..3000 {
        app.keys("n");
        let stepper = app.stepper();
        let last = stepper.last().unwrap();
        let mut before = stepper.board();
        match last {
            Step::Place { pos, .. } => before.set(pos, sudoku_engine::Cell::Empty),
            Step::Remove { pos, digit, .. } => before.set(pos, sudoku_engine::Cell::Placed(digit)),
            _ => continue,
        }
        let decisions = stepper.decisions();
        let Some(said) = why(
            stepper.strategy(),
            &before,
            &last,
            stepper.previous().as_ref(),
            decisions.last(),
        ) else {
            continue;
        };
        let long = said.contains("found no digit for");
        dead_ends += usize::from(long);
        // Every dead end, and every 50th step, at both sizes (drawing all would be slow).
        if !long && !stepper.position().is_multiple_of(50) {
            continue;
        }
        for (width, height) in [(100, 30), (80, 24)] {
            let panel = text_right_of(&mut app, width, height, 40);
            assert!(panel.contains(&one_line(&said)), "{width}x{height}: {said}\n{panel}");
            // (The path's tail starts with "… →" by design: only a cut row is a lone "…".)
            assert!(
                !panel.replace("… →", "").contains('…'),
                "{width}x{height}: nothing cut\n{panel}"
            );
        }
    }
    assert!(dead_ends > 100, "{dead_ends} dead ends read");
    // A solution found: the state line wraps rather than being cut at the edge.
    let mut app = Bench::on_asset("boj-2580-sample.txt");
    app.keys("n");
    ask(&mut app, "g", "15");
    assert_eq!(app.stepper().last(), Some(Step::Solved));
    let panel = text_right_of(&mut app, 100, 30, 40);
    assert!(
        panel.contains("■ solution 1 found; e searches on for another"),
        "{panel}"
    );
    // The first why of the fewest-candidates order names its eight ties, in the panel too.
    let mut app = Bench::on_asset("anti-naive.txt");
    app.keys("ntn");
    assert_eq!(app.stepper().strategy(), Strategy::Mrv);
    for (width, height) in [(100, 30), (80, 24)] {
        let panel = text_right_of(&mut app, width, height, 40);
        assert!(
            panel.contains("tied with 8 other cells (r2c5, r3c9, r4c3, r6c5, r7c3, r7c5, r8c8 and r8c9)"),
            "{width}x{height}: {panel}"
        );
    }
}

/// Issue 28 item 8: a file opens on a thread of its own. While it is read the screen says which
/// file and how far it got, and the keys are answered: Esc gives the read up and the board stays
/// as it was; the answer of the read given up, when it comes, is dropped.
#[test]
fn a_trace_is_read_in_the_background_and_esc_gives_it_up() {
    let (dir, mut app) = exported("300");
    app.key(KeyCode::Esc);
    assert!(matches!(app.mode, Mode::Edit));
    let (board, name) = (app.doc.board.clone(), app.doc.name());
    app.reads_waited = false;
    app.open_path(&trace_in(dir.path()), None);
    app.run_effects();
    assert!(app.reading.is_some(), "read in the background");
    assert_eq!(keys::context(&app), keys::Context::Reading);
    let screen = screen_text(&mut app, 100, 30);
    for text in [
        "Opening",
        "hardest.naive.trace.jsonl",
        "Esc stops: the board stays as it is",
    ] {
        assert!(screen.contains(text), "{text}: {screen}");
    }
    // Keys other than Esc wait for the read (and go with it when Esc gives it up).
    app.keys("n5");
    app.act(Action::Paste(board_of("easy.txt").to_string()));
    assert!(matches!(app.mode, Mode::Edit));
    assert_eq!(app.doc.board, board);
    assert!(app.reading.is_some());
    app.key(KeyCode::Esc);
    assert!(app.reading.is_none());
    assert_eq!(
        app.message(),
        "Stopped reading hardest.naive.trace.jsonl: the board is as it was"
    );
    // The read's answer comes, and is dropped.
    while app.runtime.is_reading() {
        for answer in app.runtime.poll() {
            app.act(answer);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(matches!(app.mode, Mode::Edit) && app.overlay.is_none());
    assert_eq!((app.doc.board.clone(), app.doc.name()), (board, name));
    // Opened again and waited for, it replays.
    app.reads_waited = true;
    app.open_path(&trace_in(dir.path()), None);
    app.run_effects();
    assert_eq!(app.stepper().replay().map(|r| r.steps.len()), Some(300));
}

/// Keys typed while a file is read are kept for when it is done, as they were when the program
/// made them wait: the cursor moved and a digit typed land on the puzzle read.
#[test]
fn keys_typed_while_a_file_is_read_go_to_the_puzzle_read() {
    let mut app = Bench::on_asset("hardest.sdk");
    app.reads_waited = false;
    app.open_path(&asset("easy.txt"), None);
    app.run_effects();
    assert!(app.reading.is_some());
    let easy = board_of("easy.txt");
    let blank = (0..81)
        .map(|i| sudoku_engine::Pos::new(i).unwrap())
        .find(|&p| easy.cell(p) == sudoku_engine::Cell::Empty)
        .unwrap();
    app.act(Action::Select(blank));
    app.keys("7");
    assert_eq!(
        app.doc.board,
        board_of("hardest.sdk"),
        "nothing happens before the read is done"
    );
    app.wait_for_read();
    assert_eq!(app.doc.board.givens_only(), easy);
    assert_eq!(app.cursor, blank);
    assert_eq!(
        app.doc.board.cell(blank),
        sudoku_engine::Cell::Entry(sudoku_engine::Digit::new(7).unwrap())
    );
}
