//! The tree of guesses (issue 32): the tree screen at three sizes on a search seen whole (the
//! BOJ sample), one folded at its solution (`hardest.sdk`) and one folded millions of steps in
//! (`anti-naive.txt`), with the styles of the path, the dead ends and the solutions; moving
//! through the tree and jumping to a guess's step; every dead end's reason checked against the
//! board; and `trace --format dot` checked as the Graphviz it claims to be.

use crate::common;

use common::cli::{run, text};
use common::workbench::{Bench, asset};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};
use std::collections::{HashMap, HashSet};
use sudoku_engine::search::tree::{Cause, Empty, Ending, Move, Single, Tree, shared_unit};
use sudoku_engine::{Board, Cell, Digit, DigitSet, Pos, Search, Step, Strategy, Unit};
use sudoku_workbench::app::Action;
use sudoku_workbench::app::tree_screen::{Selection, Standing};

/// Step mode on `name` with `strategy`, `setup` typed there (a jump, a run), then the tree open.
fn tree_of(name: &str, strategy: Strategy, setup: &[&str]) -> Bench {
    let mut app = Bench::on_asset(name);
    app.step_strategy = strategy;
    app.keys("n");
    for keys in setup {
        app.keys(keys);
        if keys.starts_with('g') || keys.chars().all(|c| c.is_ascii_digit()) {
            app.key(KeyCode::Enter);
        }
    }
    app.keys("T");
    assert!(app.tree.is_some(), "T opens the tree");
    app
}

/// The screen at `width`x`height`, the message about the last action left out (it says how
/// long things took).
fn draw(app: &mut Bench, width: u16, height: u16) -> Terminal<TestBackend> {
    app.update(Action::Resize(width, height));
    app.message = None;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| sudoku_workbench::ui::draw(frame, app)).unwrap();
    terminal
}

fn rows(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect())
        .collect()
}

/// Where `label` (a guess, `r1c2=4`, or `start`) is drawn on the tree's line of depth `depth`
/// marked `mark`: its column and row. The depth column is the line's first two.
fn find_line(buffer: &Buffer, depth: usize, mark: &str, label: &str) -> Option<(u16, u16)> {
    let wanted = format!("{mark} {label}");
    rows(buffer).iter().enumerate().find_map(|(y, row)| {
        let depth_here = row.get(1..3)?.trim().parse::<usize>().ok()?;
        let at = row.find(&wanted)?;
        (depth_here == depth).then(|| (row[..at].chars().count() as u16 + 2, y as u16))
    })
}

/// The style of the first cell of `label` at `(x, y)`, checked to hold over the whole label.
fn label_style(buffer: &Buffer, (x, y): (u16, u16), label: &str) -> ratatui::style::Style {
    let style = buffer[(x, y)].style();
    for dx in 0..label.chars().count() as u16 {
        assert_eq!(buffer[(x + dx, y)].style(), style, "{label} is drawn in one style");
    }
    style
}

/// The tree's lines on screen, with what the model says of each, checked against the
/// buffer: the current guess and the path in the path's colour (bold yellow), dead ends in bold
/// red, solutions in bold green, the selected line reversed.
fn check_styles(app: &Bench, buffer: &Buffer) -> (usize, usize, usize) {
    let stepper = app.stepper();
    let screen = app.tree.as_ref().unwrap();
    let lines = screen.lines(stepper.tree(), stepper.position());
    let selected = screen.selected(stepper.tree(), &lines);
    let (mut path, mut dead, mut solutions) = (0, 0, 0);
    for (i, line) in lines.iter().enumerate() {
        let label = match line.node.guess {
            Some((pos, digit)) => format!("{pos}={digit}"),
            None => "start".to_string(),
        };
        let mark = match (line.node.ending, line.standing) {
            (Ending::DeadEnd, _) => "✗",
            (Ending::Solution, _) => "★",
            (_, Standing::Current) => "●",
            _ => " ",
        };
        // Only the lines the window shows.
        let Some(at) = find_line(buffer, line.node.depth, mark, &label) else {
            continue;
        };
        let style = label_style(buffer, at, &label);
        assert_eq!(
            style.add_modifier.contains(Modifier::REVERSED),
            i == selected,
            "{label}: the selection is reversed, the rest not"
        );
        match (line.node.ending, line.standing) {
            (Ending::DeadEnd, _) => {
                assert_eq!(style.fg, Some(Color::LightRed), "dead end {label}");
                assert!(style.add_modifier.contains(Modifier::BOLD));
                dead += 1;
            }
            (Ending::Solution, _) => {
                assert_eq!(style.fg, Some(Color::LightGreen), "solution {label}");
                assert!(style.add_modifier.contains(Modifier::BOLD));
                solutions += 1;
            }
            (_, Standing::Current | Standing::OnPath) => {
                assert_eq!(style.fg, Some(Color::Yellow), "{label} on the path");
                assert!(style.add_modifier.contains(Modifier::BOLD));
                path += 1;
            }
            (_, Standing::Off) => {
                assert_eq!(style.fg, Some(Color::White), "{label} off the path");
                assert!(!style.add_modifier.contains(Modifier::BOLD));
            }
        }
    }
    (path, dead, solutions)
}

#[test]
fn the_whole_tree_of_the_boj_sample_at_three_sizes() {
    let mut app = tree_of("boj-2580-sample.txt", Strategy::Naive, &["e"]);
    for (width, height) in [(80, 24), (100, 30), (200, 60)] {
        let terminal = draw(&mut app, width, height);
        insta::assert_snapshot!(format!("tree_boj_{width}x{height}"), terminal.backend());
        let buffer = terminal.backend().buffer();
        let (path, dead, solutions) = check_styles(&app, buffer);
        // The 14 blanks filled one after the other: the start, 13 guesses on the path, the
        // 14th the solution, each on a line of its own.
        assert_eq!((path, dead, solutions), (14, 0, 1), "{width}x{height}");
        assert!(
            rows(buffer).iter().any(|r| r.contains("★ r9c9=1  solution")),
            "{width}x{height}"
        );
    }
}

#[test]
fn hardest_folded_at_its_solution_at_three_sizes() {
    let mut app = tree_of("hardest.sdk", Strategy::Naive, &["e"]);
    let tree = app.stepper().tree();
    assert!(
        tree.folded() > 0,
        "49,558 guesses do not fit in {} nodes",
        tree.budget()
    );
    assert_eq!(tree.totals().solutions, 1);
    for (width, height) in [(80, 24), (100, 30), (200, 60)] {
        let terminal = draw(&mut app, width, height);
        insta::assert_snapshot!(format!("tree_hardest_{width}x{height}"), terminal.backend());
        let buffer = terminal.backend().buffer();
        let (path, dead, solutions) = check_styles(&app, buffer);
        assert!(
            path >= 3 && solutions == 1,
            "{width}x{height}: {path} {dead} {solutions}"
        );
        let text = rows(buffer).join("\n");
        assert!(text.contains("kept") && text.contains("folded"), "{text}");
    }
    // Shut and folded subtrees say how big they are.
    let terminal = draw(&mut app, 200, 60);
    let text = rows(terminal.backend().buffer()).join("\n");
    assert!(
        text.contains(" guesses · ") && text.contains(" dead ends · to depth "),
        "{text}"
    );
}

#[test]
fn anti_naive_folded_millions_of_steps_in_at_three_sizes() {
    let mut app = tree_of("anti-naive.txt", Strategy::Naive, &["g3000000"]);
    assert_eq!(app.stepper().position(), 3_000_000);
    let tree = app.stepper().tree();
    assert!(tree.folded() > 100_000 && tree.kept() <= tree.budget());
    for (width, height) in [(80, 24), (100, 30), (200, 60)] {
        let terminal = draw(&mut app, width, height);
        insta::assert_snapshot!(format!("tree_anti_naive_{width}x{height}"), terminal.backend());
        let buffer = terminal.backend().buffer();
        let (path, dead, _) = check_styles(&app, buffer);
        assert!(path >= 5, "{width}x{height}: the path shows ({path})");
        let _ = dead;
    }
    // At 200x60 the dead ends beside the path show with their reason.
    let terminal = draw(&mut app, 200, 60);
    let text = rows(terminal.backend().buffer()).join("\n");
    assert!(text.contains("no digit left"), "{text}");
}

#[test]
fn moving_through_the_tree_and_enter_takes_the_search_to_a_guess() {
    let mut app = tree_of("hardest.sdk", Strategy::Naive, &["g300"]);
    assert_eq!(app.tree.as_ref().unwrap().selection, Selection::Follow);
    let selected = |app: &Bench| {
        let stepper = app.stepper();
        let screen = app.tree.as_ref().unwrap();
        let lines = screen.lines(stepper.tree(), stepper.position());
        let i = screen.selected(stepper.tree(), &lines);
        (i, lines[i].node.clone(), lines.len())
    };
    let (at, current, _) = selected(&app);
    let on_path = app.stepper().tree().path_at(app.stepper().position());
    assert_eq!(
        app.stepper().tree().node(*on_path.last().unwrap()),
        current,
        "following: the guess the search is on"
    );
    // Up three lines, then Enter: back at once to that guess's step, the guess just made.
    app.keys("kkk");
    let (up, node, _) = selected(&app);
    assert_eq!(up, at - 3);
    app.key(KeyCode::Enter);
    assert_eq!(app.stepper().position(), node.placed_at);
    let Some(Step::Place {
        pos,
        digit,
        forced: false,
        ..
    }) = app.stepper().last()
    else {
        panic!("the step of a guess is its placement: {:?}", app.stepper().last())
    };
    assert_eq!(Some((pos, digit)), node.guess);
    assert!(
        app.message().starts_with(&format!("At step {}", node.placed_at)),
        "{}",
        app.message()
    );
    // The selection stays on that guess; down to a later one, Enter runs forward to it.
    app.keys("jjjjj");
    let (_, later, _) = selected(&app);
    assert!(later.placed_at > node.placed_at, "{later:?}");
    app.key(KeyCode::Enter);
    assert_eq!(app.stepper().position(), later.placed_at, "run forward to it");
    // ← shuts an open guess (fewer lines), → opens it again; ← on a shut one goes to its parent.
    let (_, _, before) = selected(&app);
    app.key(KeyCode::Home);
    assert_eq!(selected(&app).0, 0, "Home: the start");
    app.keys("j");
    let (_, first, _) = selected(&app);
    app.keys("h");
    let (i, same, shut) = selected(&app);
    assert_eq!((i, same.placed_at), (1, first.placed_at));
    assert!(shut < before, "shut: {shut} lines, {before} before");
    app.keys("l");
    assert_eq!(selected(&app).2, before, "opened again");
    app.keys("l");
    assert_eq!(
        selected(&app).1.depth,
        first.depth + 1,
        "→ on an open guess goes into it"
    );
    // ← shuts that guess if it is open, then goes out to the guess above.
    for _ in 0..2 {
        if selected(&app).1.depth > first.depth {
            app.keys("h");
        }
    }
    assert_eq!(selected(&app).1.placed_at, first.placed_at, "← came back out");
    // f follows the search again; steps taken in the tree move the selection with them.
    app.keys("f");
    app.keys("n");
    let (_, now, _) = selected(&app);
    let on_path = app.stepper().tree().path_at(app.stepper().position());
    let shut_above = app.stepper().tree().node(on_path[first.depth + 1]);
    assert_eq!(
        shut_above, now,
        "following, under a guess shut on the path: the deepest line shown"
    );
    app.keys("l");
    assert_eq!(
        selected(&app).1,
        app.stepper().tree().node(*on_path.last().unwrap()),
        "opened again: the guess the search is on"
    );
    // T (or Esc) goes back to the board.
    app.keys("T");
    assert!(app.tree.is_none());
}

/// Every dead end of every strategy's tree, on the shipped puzzles, says what is true of the
/// board where it was met: the cell named has no digit left (each held by a peer) or the digit
/// named has no place in its unit, the guess named as taking the last option is on the path at
/// its depth and holds the digit in a unit it shares with the cell, and for the textbook the
/// cell is the next blank. For `fast`, the propagation's moves are checked one by one, each a
/// single or locked candidates on the candidates of the moment, before the claim is.
#[test]
fn every_dead_end_says_what_is_true_on_the_board() {
    let cases = [
        ("boj-2580-sample.txt", 1_000_000),
        ("hardest.sdk", 1_000_000),
        ("anti-naive.txt", 200_000),
    ];
    for &strategy in Strategy::ALL {
        let mut checked = 0;
        for (name, steps) in cases {
            let start: Board = std::fs::read_to_string(asset(name)).unwrap().parse().unwrap();
            checked += check_dead_ends(&start, strategy, steps);
        }
        // (fast solves anti-naive by propagation alone; every strategy meets dead ends on
        // hardest.sdk.)
        assert!(checked > 0, "{strategy}: dead ends were checked");
    }
}

/// Runs `strategy` on `start` for `steps` steps into a tree that folds nothing, and checks
/// every dead end's reason on the board the search had when it met it; how many it checked.
fn check_dead_ends(start: &Board, strategy: Strategy, steps: usize) -> usize {
    let mut tree = Tree::new(start, strategy, 1 << 22);
    let mut board = start.clone();
    // The guesses standing, by depth; the newest guess while it has no guess after it nor a
    // solution; and for each dead end, the board and the guesses when it was met (the first
    // step back after it).
    let mut guesses: Vec<(Pos, Digit)> = Vec::new();
    let mut met: HashMap<u64, (Board, Vec<(Pos, Digit)>)> = HashMap::new();
    let mut latest: Option<u64> = None;
    for (n, step) in Search::new(start, strategy).unwrap().take(steps).enumerate() {
        tree.note(step);
        match step {
            Step::Place {
                pos,
                digit,
                depth,
                forced,
            } => {
                if !forced {
                    guesses.truncate(depth - 1);
                    guesses.push((pos, digit));
                    latest = Some(n as u64 + 1);
                }
                board.set(pos, Cell::Placed(digit));
            }
            Step::Remove { pos, forced, depth, .. } => {
                if let Some(at) = latest.take() {
                    met.insert(at, (board.clone(), guesses.clone()));
                }
                board.set(pos, Cell::Empty);
                if !forced {
                    guesses.truncate(depth - 1);
                }
            }
            Step::Solved => latest = None,
            _ => {}
        }
    }
    let mut checked = 0;
    for id in tree.ids() {
        let node = tree.node(id);
        if node.ending != Ending::DeadEnd {
            continue;
        }
        let dead = tree
            .dead_end(id)
            .unwrap_or_else(|| panic!("{strategy}: a dead end with no reason: {node:?}"));
        let (board, path) = met
            .get(&node.placed_at)
            .unwrap_or_else(|| panic!("{strategy}: the dead end at {} was met", node.placed_at));
        assert_eq!(
            path.last().copied(),
            node.guess,
            "{strategy}: the path ends with the guess"
        );
        let mut marks = Candidates::of(board);
        if let Cause::Propagation(moves) = &dead.cause {
            assert!(strategy.propagates(), "{strategy} does not propagate");
            for m in moves {
                marks.check_and_apply(*m);
            }
        } else {
            assert!(
                !strategy.propagates(),
                "{strategy}: its dead ends come from propagating"
            );
        }
        let what = dead.describe(node.depth);
        match dead.empty {
            Empty::Cell(cell) => {
                assert_eq!(marks.digits[cell.index()], 0, "{what}: the cell is empty");
                assert_eq!(
                    marks.candidates[cell.index()],
                    0,
                    "{what}: every digit is held by a peer"
                );
                if strategy == Strategy::Naive {
                    assert_eq!(board.blanks().next(), Some(cell), "{what}: the textbook's next blank");
                }
            }
            Empty::Place(digit, unit) => {
                assert!(!marks.holds(unit, digit), "{what}: the unit lacks the digit");
                assert!(
                    marks.places(unit, digit).is_empty(),
                    "{what}: no cell of it may take it"
                );
            }
        }
        if let Cause::Guess {
            pos,
            digit,
            depth,
            last,
        } = dead.cause
        {
            assert_eq!(
                path.get(depth - 1),
                Some(&(pos, digit)),
                "{what}: the guess is on the path"
            );
            assert_eq!(board.digit(pos), Some(digit), "{what}: it holds its digit");
            // Without it and the guesses after it, the option was there.
            let mut before = start.clone();
            for &(p, d) in &path[..depth - 1] {
                before.set(p, Cell::Placed(d));
            }
            match dead.empty {
                Empty::Cell(cell) => {
                    let unit = shared_unit(pos, cell).unwrap_or_else(|| panic!("{what}: the guess sees the cell"));
                    assert!(unit.cells().contains(&pos) && unit.cells().contains(&cell), "{what}");
                    assert_eq!(
                        before.candidates(cell),
                        DigitSet::single(digit),
                        "{what}: its last digit"
                    );
                }
                Empty::Place(d, unit) => {
                    let last = last.unwrap_or_else(|| panic!("{what}: the last place is named"));
                    assert!(unit.cells().contains(&last), "{what}");
                    assert!(before.candidates(last).contains(d), "{what}: it was a place for {d}");
                    assert!(
                        last == pos || (pos.sees(last) && digit == d),
                        "{what}: the guess took it"
                    );
                }
            }
        }
        checked += 1;
    }
    checked
}

/// Candidates as a strategy that propagates holds them: the board's, less what was eliminated.
struct Candidates {
    digits: [u8; 81],
    candidates: [u16; 81],
}

impl Candidates {
    fn of(board: &Board) -> Candidates {
        Candidates {
            digits: std::array::from_fn(|i| Pos::new(i).and_then(|p| board.digit(p)).map_or(0, Digit::get)),
            candidates: std::array::from_fn(|i| Pos::new(i).map_or(0, |p| board.candidates(p).bits())),
        }
    }

    fn holds(&self, unit: Unit, digit: Digit) -> bool {
        unit.cells().iter().any(|p| self.digits[p.index()] == digit.get())
    }

    fn places(&self, unit: Unit, digit: Digit) -> Vec<Pos> {
        let bit = DigitSet::single(digit).bits();
        unit.cells()
            .into_iter()
            .filter(|p| self.digits[p.index()] == 0 && self.candidates[p.index()] & bit != 0)
            .collect()
    }

    /// Checks that `m` follows from the candidates now, then makes it.
    fn check_and_apply(&mut self, m: Move) {
        match m {
            Move::Place { pos, digit, single } => {
                assert_eq!(self.digits[pos.index()], 0, "{m:?}: an empty cell");
                match single {
                    Single::Naked => assert_eq!(self.candidates[pos.index()], DigitSet::single(digit).bits(), "{m:?}"),
                    Single::Hidden(unit) => {
                        assert!(!self.holds(unit, digit), "{m:?}");
                        assert_eq!(self.places(unit, digit), [pos], "{m:?}");
                    }
                }
                self.digits[pos.index()] = digit.get();
                self.candidates[pos.index()] = 0;
                for unit in pos.units() {
                    for q in unit.cells() {
                        self.candidates[q.index()] &= !DigitSet::single(digit).bits();
                    }
                }
            }
            Move::Eliminate {
                pos,
                digit,
                within,
                line,
            } => {
                let places = self.places(within, digit);
                assert!(!places.is_empty(), "{m:?}");
                assert!(
                    places.iter().all(|p| line.cells().contains(p)),
                    "{m:?}: locked in the line"
                );
                assert!(line.cells().contains(&pos) && !within.cells().contains(&pos), "{m:?}");
                assert!(
                    self.candidates[pos.index()] & DigitSet::single(digit).bits() != 0,
                    "{m:?}"
                );
                self.candidates[pos.index()] &= !DigitSet::single(digit).bits();
            }
        }
    }
}

/// A graph read back: each node's attributes by its name, and the edges (from, to).
type Dot = (HashMap<String, HashMap<String, String>>, Vec<(String, String)>);

/// A DOT file as far as `trace --format dot` writes it: `digraph NAME {`, attribute lines for
/// `graph`, `node` and `edge`, node lines `ID [k="v", ...];`, edge lines `A -> B [..];`, `}`.
/// Strings are quoted with `\"`, `\\` and `\n` escaped. Returns the nodes with their
/// attributes and the edges, or what is wrong and where.
fn parse_dot(text: &str) -> Result<Dot, String> {
    #[derive(Debug, PartialEq, Clone)]
    enum Token {
        Id(String),
        Str(String),
        Arrow,
        Open,
        Close,
        OpenBracket,
        CloseBracket,
        Equals,
        Comma,
        Semicolon,
    }
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '{' => tokens.push(Token::Open),
            '}' => tokens.push(Token::Close),
            '[' => tokens.push(Token::OpenBracket),
            ']' => tokens.push(Token::CloseBracket),
            '=' => tokens.push(Token::Equals),
            ',' => tokens.push(Token::Comma),
            ';' => tokens.push(Token::Semicolon),
            '-' if chars.peek().map(|&(_, c)| c) == Some('>') => {
                chars.next();
                tokens.push(Token::Arrow);
            }
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, c @ ('"' | '\\'))) => s.push(c),
                            Some((_, 'n')) => s.push('\n'),
                            other => return Err(format!("a bad escape {other:?} in the string at {at}")),
                        },
                        Some((_, '\n')) | None => return Err(format!("the string at {at} does not end")),
                        Some((_, c)) => s.push(c),
                    }
                }
                tokens.push(Token::Str(s));
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let mut id = c.to_string();
                while let Some(&(_, c)) = chars.peek()
                    && (c.is_ascii_alphanumeric() || c == '_')
                {
                    id.push(c);
                    chars.next();
                }
                tokens.push(Token::Id(id));
            }
            c => return Err(format!("{c:?} at {at} is no part of DOT as written here")),
        }
    }
    let mut t = tokens.into_iter().peekable();
    let expect = |t: &mut std::iter::Peekable<std::vec::IntoIter<Token>>, want: Token| match t.next() {
        Some(got) if got == want => Ok(()),
        got => Err(format!("expected {want:?}, found {got:?}")),
    };
    if t.next() != Some(Token::Id("digraph".into())) {
        return Err("it does not start with digraph".into());
    }
    if !matches!(t.next(), Some(Token::Id(_))) {
        return Err("the graph has no name".into());
    }
    expect(&mut t, Token::Open)?;
    let attrs = |t: &mut std::iter::Peekable<std::vec::IntoIter<Token>>| -> Result<HashMap<String, String>, String> {
        let mut map = HashMap::new();
        if t.peek() != Some(&Token::OpenBracket) {
            return Ok(map);
        }
        t.next();
        loop {
            let Some(Token::Id(key)) = t.next() else {
                return Err("an attribute without a name".into());
            };
            if t.next() != Some(Token::Equals) {
                return Err(format!("{key} without ="));
            }
            let Some(Token::Str(value)) = t.next() else {
                return Err(format!("{key}'s value is not quoted"));
            };
            if map.insert(key.clone(), value).is_some() {
                return Err(format!("{key} twice"));
            }
            match t.next() {
                Some(Token::Comma) => {}
                Some(Token::CloseBracket) => return Ok(map),
                other => return Err(format!("after an attribute: {other:?}")),
            }
        }
    };
    let mut nodes: HashMap<String, HashMap<String, String>> = HashMap::new();
    let mut edges = Vec::new();
    loop {
        match t.next() {
            Some(Token::Close) => break,
            Some(Token::Id(id)) => {
                if t.peek() == Some(&Token::Arrow) {
                    t.next();
                    let Some(Token::Id(to)) = t.next() else {
                        return Err(format!("an edge from {id} to nothing"));
                    };
                    attrs(&mut t)?;
                    edges.push((id, to));
                } else {
                    let a = attrs(&mut t)?;
                    if !["graph", "node", "edge"].contains(&id.as_str()) && nodes.insert(id.clone(), a).is_some() {
                        return Err(format!("node {id} twice"));
                    }
                }
                expect(&mut t, Token::Semicolon)?;
            }
            other => return Err(format!("a statement cannot start with {other:?}")),
        }
    }
    if let Some(extra) = t.next() {
        return Err(format!("{extra:?} after the closing brace"));
    }
    Ok((nodes, edges))
}

#[test]
fn the_dot_checker_refuses_what_is_not_dot() {
    assert!(parse_dot("digraph g {\n  a [label=\"x\"];\n  a -> b;\n}\n").is_ok());
    for bad in [
        "graph g { }",
        "digraph g { a [label=\"x] ; }",
        "digraph g { a [label=x]; }",
        "digraph g { a -> ; }",
        "digraph g { a [label=\"x\"] }",
        "digraph g { a; a; }",
        "digraph g { a [label=\"\\q\"]; }",
        "digraph g { a; } b;",
    ] {
        assert!(parse_dot(bad).is_err(), "{bad}");
    }
}

#[test]
fn trace_format_dot_writes_the_tree_as_graphviz() {
    for (name, strategy, max_steps, max_nodes) in [
        ("boj-2580-sample.txt", "naive", "10000", "60"),
        ("hardest.sdk", "naive", "400", "40"),
        ("hardest.sdk", "fast", "100000", "60"),
        ("anti-naive.txt", "mrv", "100000", "30"),
    ] {
        let path = asset(name);
        let args = [
            "trace",
            path.to_str().unwrap(),
            "--strategy",
            strategy,
            "--format",
            "dot",
            "--max-steps",
            max_steps,
            "--max-nodes",
            max_nodes,
        ];
        let out = run(&args, None);
        let dot = text(&out.stdout);
        let (nodes, edges) = parse_dot(&dot).unwrap_or_else(|e| panic!("{name} {strategy}: {e}\n{dot}"));
        // A tree: every edge between nodes drawn, one parent each but the root's, no cycle.
        let guesses = nodes.keys().filter(|id| id.starts_with('n')).count();
        assert!(
            guesses <= max_nodes.parse().unwrap(),
            "{name} {strategy}: {guesses} guesses drawn"
        );
        let mut parent: HashMap<&str, &str> = HashMap::new();
        for (from, to) in &edges {
            assert!(nodes.contains_key(from) && nodes.contains_key(to), "{from} -> {to}");
            assert!(parent.insert(to, from).is_none(), "{to} has one parent");
        }
        let roots: Vec<&String> = nodes.keys().filter(|id| !parent.contains_key(id.as_str())).collect();
        assert_eq!(roots.len(), 1, "{name} {strategy}: one root, {roots:?}");
        assert_eq!(nodes[roots[0]]["label"], "start");
        for id in nodes.keys() {
            let mut seen = HashSet::new();
            let mut at = id.as_str();
            while let Some(&p) = parent.get(at) {
                assert!(seen.insert(p), "a cycle through {id}");
                at = p;
            }
        }
        for (id, a) in &nodes {
            let label = &a["label"];
            if label.contains('✗') {
                assert!(
                    label.contains("has no digit") || label.contains("has no place"),
                    "{id}: a dead end says why: {label:?}"
                );
            }
        }
        if name == "boj-2580-sample.txt" {
            assert!(nodes.values().any(|a| a["label"].contains("★ solution")), "{dot}");
            assert_eq!(guesses, 15, "the start and 14 guesses: {dot}");
        } else {
            assert!(
                nodes.keys().any(|id| id.starts_with("more")),
                "{name} {strategy}: folded beyond"
            );
        }
    }
}

/// The words the step-mode screens use (the panel's labels, the program's, the tree's legend)
/// are each on the help's page of words, and at 80x24, scrolled through, every meaning is read
/// there in full.
#[test]
fn every_word_of_the_step_screens_is_on_the_page_of_words() {
    use sudoku_workbench::ui::glossary::TERMS;
    let words = [
        "step",
        "guess",
        "decision",
        "depth",
        "max depth",
        "placement",
        "backtrack",
        "options",
        "tried / left",
        "forced",
        "path",
        "call stack",
        "dead end",
        "solution",
        "exhausted",
        "tree of guesses",
        "shut / folded",
        "ok(r, c, d)",
        "speed",
        "search time",
        "breakpoint",
    ];
    for word in words {
        assert!(TERMS.iter().any(|t| t.word == word), "{word} is explained");
    }
    let one_line = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut app = tree_of("hardest.sdk", Strategy::Naive, &["g60"]);
    app.update(Action::Resize(80, 24));
    app.keys("?");
    app.key(KeyCode::Tab);
    let mut text = String::new();
    let body = ratatui::layout::Rect::new(0, 0, 80, 22);
    for scroll in 0..=sudoku_workbench::ui::overlay::words_max_scroll(body) {
        app.overlay = Some(sudoku_workbench::app::Overlay::Words(scroll));
        let terminal = draw(&mut app, 80, 24);
        for row in &rows(terminal.backend().buffer())[2..22] {
            let inside: String = row.chars().skip(1 + 17).take(80 - 19).collect();
            text.push_str(inside.trim());
            text.push(' ');
        }
    }
    let text = one_line(&text);
    for term in TERMS {
        assert!(
            text.contains(&one_line(term.means)),
            "{}: {:?} is not read in full",
            term.word,
            term.means
        );
    }
    // Tab goes back to the keys.
    app.key(KeyCode::Tab);
    assert!(matches!(app.overlay, Some(sudoku_workbench::app::Overlay::Help(_))));
}

/// The program pane's ok(r, c, d) after a guess that skipped digits: a snapshot at 100x30
/// (beside the board) and 80x24 (its own screen), and the styles of its marks: the loops that
/// rejected a digit in the colour of what went wrong, `return true` in the colour of what fits,
/// the call's head in the colour of keys, the lines that did not run plain.
#[test]
fn the_ok_pane_marks_the_loop_that_said_no_and_the_cell_it_met() {
    for (width, height) in [(100u16, 30u16), (80, 24)] {
        let mut app = Bench::on_asset("hard.txt");
        app.keys("n");
        app.keys("g13");
        app.key(KeyCode::Enter);
        if width < 100 {
            app.update(Action::Resize(width, height));
            app.keys("c");
        }
        // Step 13: r1c4=9, 4 and 5 met in the row, 6 and 7 in the column, 8 in the row.
        let Some(Step::Place { pos, digit, .. }) = app.stepper().last() else {
            panic!()
        };
        assert_eq!((pos.to_string(), digit.get()), ("r1c4".to_string(), 9));
        let terminal = draw(&mut app, width, height);
        insta::assert_snapshot!(
            format!("ok_pane_{width}x{height}"),
            crate::render::without_clock(&terminal)
        );
        let buffer = terminal.backend().buffer();
        let at = |text: &str| {
            rows(buffer)
                .iter()
                .enumerate()
                .find_map(|(y, r)| r.find(text).map(|x| (r[..x].chars().count() as u16, y as u16)))
                .unwrap_or_else(|| panic!("{width}x{height}: {text} is on screen"))
        };
        let style = |(x, y): (u16, u16)| buffer[(x, y)].style();
        let red = Some(Color::LightRed);
        assert_eq!(
            style(at("if (board[r][i] == d) return false;")).fg,
            red,
            "the row's test"
        );
        assert_eq!(
            style(at("if (board[i][c] == d) return false;")).fg,
            red,
            "the column's test"
        );
        assert_eq!(
            style(at("for (int i = 0; i < 9; i++)  // row")).fg,
            red,
            "the row's loop"
        );
        assert_eq!(style(at("return true;")).fg, Some(Color::LightGreen), "the fit");
        assert_eq!(
            style(at("bool ok(int r, int c, int d) {")).fg,
            Some(Color::Yellow),
            "the call"
        );
        // The box's loop said no to none: plain, where the pane has room for it (else `⋮`).
        let find = |text: &str| {
            rows(buffer)
                .iter()
                .enumerate()
                .find_map(|(y, r)| r.find(text).map(|x| (r[..x].chars().count() as u16, y as u16)))
        };
        match find("for (int i = 0; i < 9; i++)  // box") {
            Some(boxed) => assert_eq!(style(boxed).fg, Some(Color::White), "{width}x{height}"),
            None => assert!(rows(buffer).iter().any(|r| r.contains("   ⋮")), "{width}x{height}"),
        }
        let text = rows(buffer).join("\n");
        // The cells the loops met, beside their line or under it.
        assert!(text.contains("8 at r1c7"), "{text}");
        assert!(text.contains("7 at r3c4"), "{text}");
        assert!(text.contains("9 fits"), "{text}");
    }
}
