//! Property tests of the engine: every format reads back what it wrote, no input panics the
//! parser, solutions are valid and keep the givens, stepping equals solving instantly, and the
//! naive strategy makes exactly the textbook's placements.

use crate::common;

use common::{Reference, puzzle, reference_algorithm_x, reference_naive, solved_grid};
use proptest::prelude::*;
use sudoku_engine::{
    Board, Branching, Cell, Contradiction, DigitSet, Format, MetaTag, Note, ParseErrorKind, Pos, Puzzle, ReadError,
    Reader, Search, Step, Strategy as Order, count_solutions, count_solutions_by, parse_document, search_to, solve,
};

/// Any board of givens, conflicts allowed.
fn any_board() -> impl Strategy<Value = Board> {
    prop::collection::vec(prop_oneof![3 => Just(0u8), 2 => 1u8..=9], 81).prop_map(|v| {
        let digits: [u8; 81] = v.try_into().expect("81 values");
        Board::from_givens(&digits)
    })
}

/// `.sdk` metadata lines: trimmed values without line breaks.
fn any_meta() -> impl Strategy<Value = Vec<(MetaTag, String)>> {
    prop::collection::vec(
        (
            prop::sample::select(MetaTag::ALL.to_vec()),
            "([A-Za-z0-9\"'][A-Za-z0-9 ,.:;!?\"'()/-]{0,30}[A-Za-z0-9.!?)])?",
        ),
        0..5,
    )
}

fn strategy() -> impl Strategy<Value = Order> {
    prop::sample::select(Order::ALL.to_vec())
}

/// Empties cells a puzzle can afford with `strategy`: the textbook order gets slow past ~50.
fn blanks_for(strategy: Order) -> std::ops::RangeInclusive<usize> {
    match strategy {
        Order::Naive => 20..=48,
        _ => 20..=62,
    }
}

/// Applies steps to a board, checking that each one makes sense where it lands.
fn apply(board: &mut Board, step: Step) {
    match step {
        Step::Place { pos, digit, .. } => {
            assert_eq!(board.digit(pos), None, "{step} on a filled cell");
            board.set(pos, Cell::Placed(digit));
        }
        Step::Remove { pos, digit, .. } => {
            assert_eq!(
                board.cell(pos),
                Cell::Placed(digit),
                "{step} on a cell without that solver digit"
            );
            board.set(pos, Cell::Empty);
        }
        Step::Solved | Step::Exhausted => {}
        other => panic!("{other} is a step this test does not know"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A few givens at random (half the boards have two equal digits in some unit): every
    /// strategy refuses exactly the boards with a conflict, whichever unit it is in.
    #[test]
    fn every_strategy_sees_exactly_the_conflicts(cells in prop::collection::vec((0usize..81, 1u8..=9), 0..14)) {
        let mut digits = [0u8; 81];
        for (cell, digit) in cells {
            digits[cell] = digit;
        }
        let board = Board::from_givens(&digits);
        let conflict = board.first_conflict();
        for &strategy in Order::ALL {
            let refused = Search::new(&board, strategy).err();
            // A conflict first; else a blank with no candidate (a dead board), named alike.
            prop_assert_eq!(refused, board.contradiction(), "{}", strategy);
            if let Some(conflict) = conflict {
                prop_assert_eq!(refused, Some(Contradiction::Conflict(conflict)), "{}", strategy);
            }
        }
    }

    #[test]
    fn every_format_reads_back_the_same_board(board in any_board(), meta in any_meta()) {
        let notes = meta.iter().map(|(tag, value)| Note::new(0, format!("#{} {value}", tag.letter()))).collect();
        let puzzle = Puzzle { board, notes, ..Puzzle::default() };
        for format in Format::ALL {
            let text = format.to_string(&puzzle);
            let hint = (format == Format::Ss).then_some(Format::Ss);
            let doc = parse_document(text.as_bytes(), hint).map_err(|e| TestCaseError::fail(format!("{format}: {e}\n{text}")))?;
            // One line with metadata is an `.sdk`.
            let expected = if format == Format::Line && puzzle.meta().next().is_some() { Format::Sdk } else { format };
            prop_assert_eq!(doc.format, expected, "{}", text);
            prop_assert_eq!(doc.puzzles.len(), 1);
            let read = &doc.first().expect("a puzzle").puzzle;
            if format == Format::Candidates {
                // The form cannot tell an empty cell with one candidate left from a given: it
                // reads back as one. Every other cell, and every candidate, comes back.
                let candidates = puzzle.board.all_candidates();
                let mut expected = puzzle.board.clone();
                for p in Pos::all().filter(|p| puzzle.board.digit(*p).is_none()) {
                    if let (1, Some(d)) = (candidates[p.index()].len(), candidates[p.index()].first()) {
                        expected.set(p, Cell::Given(d));
                    }
                }
                prop_assert_eq!(&read.board, &expected, "{}", format);
                let marks = read.marks.as_deref().expect("a candidates line has marks");
                for p in Pos::all().filter(|p| expected.digit(*p).is_none()) {
                    // A cell with no candidate is written with all nine, to stay readable.
                    let written = if candidates[p.index()].is_empty() { DigitSet::ALL } else { candidates[p.index()] };
                    prop_assert_eq!(marks[p.index()], written);
                }
            } else {
                prop_assert_eq!(&read.board, &puzzle.board, "{}", format);
            }
            if format == Format::Sdk {
                let read_meta: Vec<_> = read.meta().map(|(t, v)| (t, v.to_string())).collect();
                let written: Vec<_> = puzzle.meta().map(|(t, v)| (t, v.to_string())).collect();
                prop_assert_eq!(read_meta, written);
            }
        }
    }

    #[test]
    fn any_bytes_give_a_board_or_a_positioned_error(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        // Lines end with "\n", "\r\n" or a lone "\r".
        let lines = 1 + bytes.iter().enumerate().filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))).count();
        for item in Reader::new(&bytes[..]) {
            match item {
                Ok(record) => prop_assert!(record.line >= 1 && record.line <= lines),
                Err(ReadError::Parse(e)) => {
                    prop_assert!(e.line >= 1 && e.line <= lines + 1, "{:?} with {} lines", e, lines);
                    prop_assert!(e.column >= 1);
                    prop_assert!(!e.to_string().is_empty());
                }
                Err(ReadError::Io(e)) => prop_assert!(false, "reading memory failed: {}", e),
            }
        }
    }

    #[test]
    fn near_valid_text_gives_a_board_or_a_positioned_error(
        board in any_board(),
        format in prop::sample::select(Format::ALL.to_vec()),
        at in any::<prop::sample::Index>(),
        replacement in prop_oneof![Just('x'), Just('\n'), Just(' '), Just('|'), Just('#'), Just('\u{1b}'), any::<char>()],
    ) {
        let mut text: Vec<char> = format.to_string(&Puzzle::new(board)).chars().collect();
        let i = at.index(text.len());
        text[i] = replacement;
        let text: String = text.into_iter().collect();
        match parse_document(text.as_bytes(), None) {
            Ok(doc) => prop_assert!(!doc.puzzles.is_empty()),
            Err(e) => {
                prop_assert!(e.line >= 1 && e.column >= 1);
                if let ParseErrorKind::UnexpectedChar { found, .. } = e.kind {
                    // Lines as the parser counts them: a lone carriage return ends one too.
                    let line: Vec<char> = text
                        .replace("\r\n", "\n")
                        .split(['\n', '\r'])
                        .nth(e.line - 1)
                        .unwrap_or_default()
                        .chars()
                        .collect();
                    prop_assert_eq!(line.get(e.column - 1).copied(), Some(found), "the column points at the character");
                }
            }
        }
    }

    #[test]
    fn solutions_are_complete_valid_and_keep_the_givens(seed in any::<u64>(), strategy in strategy(), pick in any::<prop::sample::Index>()) {
        let range = blanks_for(strategy);
        let blanks = range.start() + pick.index(range.end() - range.start() + 1);
        let board = Board::from_givens(&puzzle(seed, blanks));
        let outcome = solve(&board, strategy).expect("no conflicts in a puzzle cut from a grid");
        let solution = outcome.solution.expect("a puzzle cut from a grid has a solution");
        prop_assert!(board.is_solved_by(&solution));
        prop_assert!(board.givens().iter().all(|p| solution.cell(p) == board.cell(p)), "givens stay givens");
        prop_assert!(outcome.counters.placements as usize >= blanks.min(1));
    }

    #[test]
    fn stepping_to_the_end_equals_solving_at_once(seed in any::<u64>(), strategy in strategy(), pick in any::<prop::sample::Index>(), wrong in any::<bool>()) {
        let range = blanks_for(strategy);
        let blanks = range.start() + pick.index(range.end() - range.start() + 1);
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let Ok(instant) = solve(&board, strategy) else { return Ok(()) };
        let mut search = Search::new(&board, strategy).unwrap();
        let mut replayed = board.clone();
        let mut last = None;
        while let Some(step) = search.next() {
            apply(&mut replayed, step);
            prop_assert_eq!(&replayed, &search.board(), "after {}", step);
            if matches!(step, Step::Solved | Step::Exhausted) {
                last = Some(step);
                break;
            }
        }
        prop_assert_eq!(last, Some(if instant.solution.is_some() { Step::Solved } else { Step::Exhausted }));
        prop_assert_eq!(search.counters(), instant.counters);
        prop_assert_eq!(&replayed, &search.board(), "the steps rebuild the machine's board");
        if let Some(solution) = instant.solution {
            prop_assert_eq!(search.board(), solution);
        }
    }

    #[test]
    fn switching_from_steps_to_running_counts_the_same(seed in any::<u64>(), strategy in strategy(), steps in 0usize..400) {
        let board = Board::from_givens(&puzzle(seed, 45));
        let instant = solve(&board, strategy).unwrap();
        let mut search = Search::new(&board, strategy).unwrap();
        let mut replayed = board.clone();
        for step in search.by_ref().take(steps) {
            apply(&mut replayed, step);
            if step == Step::Solved {
                break;
            }
        }
        prop_assert_eq!(&replayed, &search.board(), "mid-way, the board is what the steps say");
        if search.counters().solutions == 0 {
            prop_assert_eq!(search.run_to_end(), Step::Solved);
        }
        prop_assert_eq!(search.counters(), instant.counters);
    }

    #[test]
    fn stepping_after_running_shows_what_the_steps_say(seed in any::<u64>(), strategy in strategy(), blanks in 50usize..=62, budget in 1u64..3000) {
        // Unwatched runs make some guesses without copies; stepping afterwards must still see
        // every guess and every forced digit taken back one step at a time.
        let board = Board::from_givens(&puzzle(seed, blanks));
        let mut search = Search::new(&board, strategy).unwrap();
        let mut solutions = 0;
        // A hundred rounds of running and stepping are plenty; the textbook order on a sparse
        // board could otherwise take millions of placements to reach its second solution.
        for _ in 0..100 {
            match search.run(budget) {
                Some(Step::Solved) => solutions += 1,
                Some(_) => break,
                None => {}
            }
            if solutions >= 2 || search.is_done() {
                break;
            }
            let mut replayed = search.board();
            for _ in 0..50 {
                let Some(step) = search.next() else { break };
                apply(&mut replayed, step);
                prop_assert_eq!(&replayed, &search.board(), "after {}", step);
                if step == Step::Solved {
                    solutions += 1;
                }
            }
        }
    }

    #[test]
    fn naive_makes_exactly_the_textbook_placements(seed in any::<u64>(), blanks in 20usize..=50, wrong in any::<bool>()) {
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let Some(Reference { solution, placements }) = reference_naive(&digits, 5_000_000) else { return Ok(()) };
        let outcome = match solve(&board, Order::Naive) {
            Ok(outcome) => outcome,
            // A blank with no candidate is named before any search (the textbook code searches
            // in vain); the reference agrees there is no solution.
            Err(Contradiction::NoCandidate(_)) => {
                prop_assert_eq!(solution, None);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        prop_assert_eq!(outcome.counters.placements, placements);
        prop_assert_eq!(outcome.solution.map(|b| b.to_digits()), solution);
    }

    #[test]
    fn naive_run_with_a_budget_stops_where_stepping_would(seed in any::<u64>(), blanks in 30usize..=48, wrong in any::<bool>(), budget in 1u64..600, chunk in 1u64..300) {
        // Running counts dead ends ahead of the textbook order, and must give that back
        // wherever it stops: after `budget` placements it is where the steps are after as many
        // placements, with the same decisions, board and counters; and runs in chunks of any
        // size end with the counters of one run to the end.
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let Ok(instant) = solve(&board, Order::Naive) else { return Ok(()) };
        let mut running = Search::new(&board, Order::Naive).unwrap();
        let ran = running.run(budget);
        let mut stepping = Search::new(&board, Order::Naive).unwrap();
        let mut stepped = None;
        while stepping.counters().placements < budget {
            match stepping.next() {
                Some(step @ (Step::Solved | Step::Exhausted)) => {
                    stepped = Some(step);
                    break;
                }
                Some(_) => {}
                None => break,
            }
        }
        prop_assert_eq!(ran, stepped, "both stop at the same point");
        prop_assert_eq!(running.counters(), stepping.counters());
        prop_assert_eq!(running.decisions(), stepping.decisions());
        prop_assert_eq!(running.board(), stepping.board());

        let mut chunked = Search::new(&board, Order::Naive).unwrap();
        let end = loop {
            match chunked.run(chunk) {
                Some(step) => break step,
                None => prop_assert!(chunked.counters().placements.is_multiple_of(chunk), "a chunk ends on its budget"),
            }
        };
        prop_assert_eq!(end, if instant.solution.is_some() { Step::Solved } else { Step::Exhausted });
        prop_assert_eq!(chunked.counters(), instant.counters);
        prop_assert_eq!(chunked.decisions(), Search::new(&board, Order::Naive).map(|mut s| { s.run_to_end(); s.decisions() }).unwrap());
    }

    #[test]
    fn dlx_makes_exactly_the_placements_of_a_plain_algorithm_x(seed in any::<u64>(), blanks in 20usize..=62, wrong in any::<bool>()) {
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let Some((Reference { solution, placements }, backtracks)) = reference_algorithm_x(&digits, 20_000) else {
            return Ok(());
        };
        let outcome = match solve(&board, Order::Dlx) {
            Ok(outcome) => outcome,
            // A blank with no candidate is named before any search; the reference agrees there
            // is no solution.
            Err(Contradiction::NoCandidate(_)) => {
                prop_assert_eq!(solution, None);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        prop_assert_eq!(outcome.counters.placements, placements);
        prop_assert_eq!(outcome.counters.backtracks, backtracks);
        prop_assert_eq!(outcome.solution.map(|b| b.to_digits()), solution);
    }

    #[test]
    fn running_unwatched_counts_as_the_machine_does(seed in any::<u64>(), strategy in strategy(), blanks in 40usize..=64, limit in 0u64..4, wrong in any::<bool>()) {
        // `search_to` runs the fast strategy in a recursion of its own: the solutions, in order,
        // and the counters must be the machine's, up to a limit of three, on boards with one
        // solution, several (many blanks) or none. (For the other strategies `search_to` drives
        // the machine itself, so this checks only that it stops at the limit.)
        let blanks = if strategy == Order::Naive { blanks.min(48) } else { blanks };
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let mut found = Vec::new();
        let unwatched = search_to(&board, strategy, limit, |digits| found.push(*digits));
        let mut machine = match Search::new(&board, strategy) {
            Ok(search) => search,
            Err(contradiction) => {
                prop_assert_eq!(unwatched, Err(contradiction));
                return Ok(());
            }
        };
        let mut expected = Vec::new();
        while (expected.len() as u64) < limit && machine.run_to_end() == Step::Solved {
            expected.push(machine.digits());
        }
        prop_assert_eq!(unwatched, Ok(machine.counters()));
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn counts_are_the_machine_s_whichever_way_the_count_branches(seed in any::<u64>(), blanks in 40usize..=64, limit in 0u64..4, wrong in any::<bool>(), branching in prop::sample::select(vec![Branching::Cells, Branching::Placements, Branching::Chosen])) {
        // Counting branches on cells or on a digit's placements in a band or stack: the count,
        // up to a limit of three, is the fast strategy's machine's on boards with one solution,
        // several (many blanks) or none, and a board the machine refuses is refused alike.
        let mut digits = puzzle(seed, blanks);
        if wrong {
            make_unsolvable(&mut digits, seed);
        }
        let board = Board::from_givens(&digits);
        let counted = count_solutions_by(&board, limit, branching);
        let mut machine = match Search::new(&board, Order::Fast) {
            Ok(search) => search,
            Err(contradiction) => {
                prop_assert_eq!(counted, Err(contradiction));
                return Ok(());
            }
        };
        let mut solutions = 0;
        while solutions < limit && machine.run_to_end() == Step::Solved {
            solutions += 1;
        }
        prop_assert_eq!(counted, Ok(solutions));
    }

    #[test]
    fn a_restarted_search_is_a_new_search(first in any::<u64>(), second in any::<u64>(), strategy in strategy(), other in strategy(), budget in 0u64..200, wrong in any::<bool>()) {
        // A search left anywhere (mid-way, solved, with another strategy), then restarted on a
        // second board, finds what a new search finds, counts the same and shows the same.
        let mut search = Search::new(&Board::from_givens(&puzzle(first, 50)), other).unwrap();
        let _ = search.run(budget);
        let mut digits = puzzle(second, 50);
        if wrong {
            make_unsolvable(&mut digits, second);
        }
        let board = Board::from_givens(&digits);
        let Ok(mut fresh) = Search::new(&board, strategy) else { return Ok(()) };
        search.restart(&board, strategy).unwrap();
        prop_assert_eq!(search.strategy(), strategy);
        for _ in 0..2 {
            let (a, b) = (search.run_to_end(), fresh.run_to_end());
            prop_assert_eq!(a, b);
            prop_assert_eq!(search.counters(), fresh.counters());
            prop_assert_eq!(search.board(), fresh.board());
            if a == Step::Solved {
                prop_assert_eq!(search.digits(), fresh.board().to_digits(), "the digits are the solution's");
            }
        }
    }

    #[test]
    fn solution_counts_agree_across_strategies(seed in any::<u64>(), blanks in 50usize..=62) {
        let board = Board::from_givens(&puzzle(seed, blanks));
        let limit = 3;
        let fast = count_solutions(&board, limit);
        let mut search = Search::new(&board, Order::Mrv).unwrap();
        let mut by_mrv = 0;
        while by_mrv < limit && search.run_to_end() == Step::Solved {
            by_mrv += 1;
        }
        prop_assert!(fast >= 1);
        prop_assert_eq!(fast, by_mrv);
    }
}

/// Puts a wrong digit in a blank without creating a conflict, so that the board has no solution
/// (if the puzzle had one only) or fewer; gives up quietly if no such digit exists.
fn make_unsolvable(digits: &mut [u8; 81], seed: u64) {
    let solution = solved_grid(seed);
    let board = Board::from_givens(digits);
    for p in board.blanks() {
        for d in board.candidates(p).iter() {
            if d.get() != solution[p.index()] {
                digits[p.index()] = d.get();
                return;
            }
        }
    }
}

#[test]
fn conflicting_givens_are_reported_before_any_search() {
    let mut digits = puzzle(7, 40);
    let first_given = (0..81).find(|&i| digits[i] != 0).unwrap();
    let row_mate = (first_given / 9 * 9..first_given / 9 * 9 + 9)
        .find(|&i| digits[i] == 0)
        .unwrap();
    digits[row_mate] = digits[first_given];
    let board = Board::from_givens(&digits);
    for &strategy in Order::ALL {
        let conflict = Search::new(&board, strategy).err().expect("a conflict");
        assert!(conflict.to_string().contains("both hold"), "{conflict}");
        assert_eq!(count_solutions(&board, 2), 0);
    }
}

#[test]
fn a_solved_board_is_solved_without_a_step_more() {
    let board = Board::from_givens(&solved_grid(3));
    for &strategy in Order::ALL {
        let steps: Vec<Step> = Search::new(&board, strategy).unwrap().collect();
        assert_eq!(steps, vec![Step::Solved, Step::Exhausted], "{strategy}");
    }
}

#[test]
fn the_boj_sample_takes_fourteen_textbook_placements() {
    let board: Board = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/boj-2580-sample.txt"))
        .unwrap()
        .parse()
        .unwrap();
    let outcome = solve(&board, Order::Naive).unwrap();
    assert_eq!(outcome.counters.placements, 14);
    assert_eq!(outcome.counters.backtracks, 0);
    assert_eq!(reference_naive(&board.to_digits(), 100).unwrap().placements, 14);
}

#[test]
fn every_step_is_what_the_board_shows_even_on_failed_guesses() {
    // 17 givens and more: `fast` guesses here, and some guesses fail in propagation.
    let boards = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "52...6.........7.13...........4..8..6......5...9.......418.........3..2...87.....",
    ];
    for text in boards {
        let board: Board = text.parse().unwrap();
        for strategy in [Order::Mrv, Order::Fast] {
            let mut search = Search::new(&board, strategy).unwrap();
            let mut replayed = board.clone();
            let mut steps = 0;
            while let Some(step) = search.next() {
                apply(&mut replayed, step);
                assert_eq!(replayed, search.board(), "{strategy} after step {steps}: {step}");
                steps += 1;
                if steps == 200_000 || step == Step::Exhausted {
                    break;
                }
            }
        }
    }
}

/// A metadata or comment line of a puzzle file as people write them: SadMan tags with and
/// without a space, tags no reader knows, plain `#` comments.
fn any_note_line() -> impl Strategy<Value = String> {
    let text = "[A-Za-z0-9][A-Za-z0-9 ,.:;!?'()/-]{0,40}";
    prop_oneof![
        (prop::sample::select(vec!['A', 'B', 'C', 'D', 'L', 'S', 'U']), text).prop_map(|(tag, t)| format!("#{tag}{t}")),
        (prop::sample::select(vec!['A', 'B', 'C', 'D', 'L', 'S', 'U']), text)
            .prop_map(|(tag, t)| format!("#{tag} {t}")),
        (prop::sample::select(vec!['Q', 'X', 'Z', '!']), text).prop_map(|(tag, t)| format!("#{tag}{t}")),
        text.prop_map(|t| format!("# {t}")),
        Just("#".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Issue 9, item 1: load then save of an .sdk or a line file, with metadata and comment
    /// lines above, between and below the cells, writes every line back, in place.
    #[test]
    fn load_then_save_keeps_every_metadata_and_comment_line(
        board in any_board(),
        notes in prop::collection::vec((0u8..=9, any_note_line()), 0..8),
        grid in any::<bool>(),
    ) {
        let mut notes = notes;
        notes.sort_by_key(|(before, _)| *before);
        // A puzzle on one line has no rows between: its notes are above or below it.
        if !grid {
            for (before, _) in &mut notes {
                *before = if *before < 5 { 0 } else { 9 };
            }
        }
        let rows: Vec<String> = if grid {
            board.to_string().as_bytes().chunks(9).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect()
        } else {
            vec![board.to_string()]
        };
        let per_row = if grid { 1 } else { 9 };
        let mut text = String::new();
        let mut note = notes.iter().peekable();
        for (i, row) in rows.iter().enumerate() {
            while let Some((_, line)) = note.next_if(|(before, _)| usize::from(*before) <= i * per_row) {
                text.push_str(line);
                text.push('\n');
            }
            text.push_str(row);
            text.push('\n');
        }
        for (_, line) in note {
            text.push_str(line);
            text.push('\n');
        }
        let parsed = parse_document(text.as_bytes(), None).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        // Metadata marks one line as `.sdk`; comments alone leave it a line.
        let marked = notes.iter().any(|(_, line)| Note::new(0, line.as_str()).meta().is_some());
        let expected = if grid || marked { Format::Sdk } else { Format::Line };
        prop_assert_eq!(parsed.format, expected, "{}", text);
        let puzzle = &parsed.first().expect("a puzzle").puzzle;
        prop_assert_eq!(&puzzle.board, &board);
        let written = parsed.format.to_string(puzzle);
        // Every line comes back in order; a grid comes back exactly.
        let lines: Vec<&str> = written.lines().collect();
        let mut at = 0;
        for (_, line) in &notes {
            let found = lines[at..].iter().position(|l| l == line);
            prop_assert!(found.is_some(), "{:?} lost:\n{}\n---\n{}", line, text, written);
            at += found.unwrap() + 1;
        }
        if grid {
            prop_assert_eq!(written, text);
        }
    }
}

#[test]
fn dlx_counts_equal_the_plain_algorithm_x_on_the_samples() {
    let mut backtracked = false;
    for name in ["easy.txt", "hard.txt", "hardest.sdk", "escargot.ss", "anti-naive.txt"] {
        let text = std::fs::read(common::cli::asset(name)).unwrap();
        let board = sudoku_engine::parse_puzzle(&text).unwrap().board;
        let (reference, backtracks) = reference_algorithm_x(&board.to_digits(), 1_000_000).expect("within budget");
        let outcome = solve(&board, Order::Dlx).unwrap();
        assert_eq!(outcome.counters.placements, reference.placements, "{name}");
        assert_eq!(outcome.counters.backtracks, backtracks, "{name}");
        assert_eq!(outcome.solution.map(|b| b.to_digits()), reference.solution, "{name}");
        backtracked |= backtracks > 0;
    }
    assert!(backtracked, "some sample makes Algorithm X take a row back");
}

/// Boards made to slow the count by placements down, each counted to three every way and by
/// the `sudoku` crate: the worst of files of boards with several solutions or none (givens
/// kept from solved grids, taken from or changed in hard puzzles, a wrong digit added, random
/// givens), two that wandered for thousands of guesses, eight of each file at random, and the
/// last five, the worst a review's guided search found (the placements use up their budget).
#[test]
fn adversarial_boards_count_as_the_peer_every_way() {
    let text = include_str!("../fixtures/counting/adversarial.txt");
    let (mut several, mut none) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let board: Board = line.parse().unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let peer = sudoku::Sudoku::from_str_line(line).expect("81 cells");
        let expected = peer.solutions_count_up_to(3) as u64;
        for branching in [Branching::Cells, Branching::Placements, Branching::Chosen] {
            let counted = count_solutions_by(&board, 3, branching).unwrap_or(0);
            assert_eq!(counted, expected, "line {} by {branching:?}", i + 1);
        }
        several += usize::from(expected > 1);
        none += usize::from(expected == 0);
    }
    assert!(
        several >= 20 && none >= 10,
        "{several} with several solutions, {none} with none"
    );
}

/// A reader that hands out at most `step` bytes a read, as a pipe fed slowly does.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Every item of a reader as text, for comparing two ways of reading.
fn described(item: Result<sudoku_engine::Record, ReadError>) -> String {
    match item {
        Ok(record) => format!("{record:?}"),
        Err(e) => format!("error {e:?}"),
    }
}

/// The lines a collection may hold, by number: puzzle lines, with a comment, malformed,
/// comments, blank, invalid UTF-8, a header, and (rarely) one longer than a line may be.
fn collection_line(kind: u8) -> Vec<u8> {
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    match kind {
        0..=3 => good.replace('.', &kind.to_string()).into_bytes(),
        4 => format!("{good}  # a comment").into_bytes(),
        5 => b"12345".to_vec(),
        6 => b"# a comment line".to_vec(),
        7 => Vec::new(),
        8 => [good.as_bytes(), b"\xff"].concat(),
        9 => b"   [header]".to_vec(),
        10 => format!(" \u{a0}{good}").into_bytes(),
        _ => vec![b'1'; 70_000],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Issue 13: a collection read for several threads (runs of whole lines, cut and parsed
    /// where they are worked on) gives exactly the items of reading it line by line, whatever
    /// the line ends, the size of the reads and of the runs.
    #[test]
    fn runs_of_lines_read_as_the_lines_one_by_one(
        lines in prop::collection::vec((0u8..12, 0u8..3), 0..40),
        step in 1usize..300,
        capacity in 1usize..400,
        most in 1usize..600,
    ) {
        let mut text = Vec::new();
        // Two puzzle lines first make it a collection. An over-long line only with one of the
        // three line ends: one line in 36, not one in 12.
        let more = lines.iter().map(|&(kind, end)| (if kind == 11 && end != 0 { 7 } else { kind }, end));
        for (kind, end) in [(0, 0), (1, 1)].into_iter().chain(more) {
            text.extend_from_slice(&collection_line(kind));
            text.extend_from_slice([&b"\n"[..], b"\r\n", b"\r"][usize::from(end)]);
        }
        let input = || std::io::BufReader::with_capacity(capacity, Trickle { bytes: &text, step });
        let one_by_one: Vec<String> = Reader::new(input()).map(described).collect();
        let mut reader = Reader::new(input());
        let mut in_runs = Vec::new();
        while let Some(chunk) = reader.next_chunk(most) {
            chunk.read(|item| in_runs.push(described(item)));
        }
        prop_assert_eq!(in_runs, one_by_one);
    }
}
