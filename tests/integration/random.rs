//! Random use of the workbench, seeded and reproducible: thousands of keys, mouse clicks and
//! scrolls, pastes, resizes between 1x1 and 300x100 and clock ticks, in every mode, each followed
//! by a frame drawn on TestBackend. Nothing may panic, and the model keeps its invariants: the
//! solver never changes a given, undo then redo gives the same board, step back then forward
//! gives the same search state, a small terminal says it is too small.
//!
//! A failure names its seed and step; `RANDOM_SEED=n cargo test --test integration random::`
//! replays it.

use crate::common;

use common::workbench::Bench;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::path::Path;
use std::time::{Duration, Instant};
use sudoku_engine::generate::Random;
use sudoku_workbench::app::builtin::default_document;
use sudoku_workbench::app::{Action, App, Mode};
use sudoku_workbench::tui::input::TermInput;
use sudoku_workbench::tui::keymap::action_for;
use sudoku_workbench::ui;

/// The engine's own seeded generator (SplitMix64), so that a seed gives the same keys
/// everywhere.
struct Rng(Random);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

const PASTES: [&str; 6] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "not a puzzle at all",
    "\x1b[2J\x1b]0;title\x07 1 2 3\r\n\t",
    "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n\
     5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
     ..1..5..9.......8..32.....4.......6..7..4..2..9.......5.....31..6.......9..2..1..\n",
    "",
];

/// One random event: mostly keys the workbench knows, some stray ones, clicks, pastes, resizes.
fn event(rng: &mut Rng, size: (u16, u16)) -> Event {
    const KNOWN: &str = "0123456789hjklpGcCuoOwW[]stnb +-e?xq.";
    let none = KeyModifiers::NONE;
    match rng.below(100) {
        0..=59 => {
            let c = KNOWN.chars().nth(rng.below(KNOWN.len() as u64) as usize).unwrap();
            key(KeyCode::Char(c), none)
        }
        60..=74 => {
            let code = *rng.pick(&[
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::Enter,
                KeyCode::Esc,
                KeyCode::Backspace,
                KeyCode::Delete,
                KeyCode::Tab,
                KeyCode::Home,
                KeyCode::End,
                KeyCode::PageUp,
                KeyCode::PageDown,
                KeyCode::F(1),
            ]);
            key(code, none)
        }
        75..=79 => {
            let c = *rng.pick(&['z', 'r', 'y', 'c', 's', 'o']); // Ctrl-c quits, Ctrl-z asks to suspend
            key(KeyCode::Char(c), KeyModifiers::CONTROL)
        }
        80..=81 => key(KeyCode::Char(char::from(32 + rng.below(95) as u8)), KeyModifiers::ALT),
        82..=89 => {
            let kind = *rng.pick(&[
                MouseEventKind::Down(MouseButton::Left),
                MouseEventKind::Down(MouseButton::Right),
                MouseEventKind::ScrollDown,
                MouseEventKind::ScrollUp,
                MouseEventKind::Moved,
            ]);
            Event::Mouse(MouseEvent {
                kind,
                column: rng.below(u64::from(size.0) + 2) as u16,
                row: rng.below(u64::from(size.1) + 2) as u16,
                modifiers: none,
            })
        }
        90..=93 => Event::Paste(rng.pick(&PASTES).to_string()),
        _ => {
            // Mostly sizes around the usual ones, sometimes anything from 1x1 to 300x100.
            let (w, h) = if rng.below(2) == 0 {
                (1 + rng.below(300) as u16, 1 + rng.below(100) as u16)
            } else {
                (60 + rng.below(80) as u16, 18 + rng.below(30) as u16)
            };
            Event::Resize(w, h)
        }
    }
}

fn press(app: &mut Bench, event: &Event) {
    app.event(event.clone());
}

/// A workbench whose file browser and saves stay inside `dir`, which holds a few files to open;
/// background work moves on only when the test's clock ticks, as in the event loop.
fn workbench(dir: &Path) -> Bench {
    let mut app = Bench::new(default_document());
    app.settling = false;
    app.cwd = dir.to_path_buf();
    app.act(Action::Resize(80, 24));
    app
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &App) -> String {
    let (w, h) = app.size;
    terminal.backend_mut().resize(w, h);
    terminal.draw(|frame| ui::draw(frame, app)).expect("drawn");
    let buffer = terminal.backend().buffer();
    buffer.content().iter().map(|c| c.symbol()).collect()
}

/// Checks what must hold after every event.
fn check(app: &App, screen: &str, context: &str) {
    assert_eq!(
        app.shown_board().givens_only(),
        app.doc.board.givens_only(),
        "{context}: the board on screen keeps the document's givens"
    );
    if app.size.0 >= 60 {
        assert!(
            screen.contains("too small") || screen.contains("sudoku-workbench"),
            "{context}: at {:?} the screen shows the workbench or says it is too small",
            app.size
        );
    }
}

/// Undo then redo, when undo changed something, returns the board it started from.
fn undo_redo(app: &mut Bench, context: &str) {
    if !matches!(app.mode, Mode::Edit) || app.overlay.is_some() {
        return;
    }
    let before = app.doc.board.clone();
    press(app, &key(KeyCode::Char('u'), KeyModifiers::NONE));
    if app.doc.board != before {
        press(app, &key(KeyCode::Char('r'), KeyModifiers::CONTROL));
        assert_eq!(app.doc.board, before, "{context}: undo then redo");
    }
}

/// Step back then forward, when paused past the start, returns the same board and position.
fn back_forward(app: &mut Bench, context: &str) {
    let (position, board) = match &app.mode {
        Mode::Step(s) if app.overlay.is_none() && !s.is_running() && s.position() > 0 => (s.position(), s.board()),
        _ => return,
    };
    press(app, &key(KeyCode::Char('b'), KeyModifiers::NONE));
    press(app, &key(KeyCode::Char('n'), KeyModifiers::NONE));
    let Mode::Step(s) = &app.mode else {
        panic!("{context}: left step mode")
    };
    assert_eq!(
        (s.position(), s.board()),
        (position, board),
        "{context}: back then forward"
    );
}

/// Runs one seeded sequence of `steps` events; the number of events that did something.
fn sequence(seed: u64, steps: usize, dir: &Path) -> usize {
    let mut rng = Rng(Random::new(seed));
    let mut app = workbench(dir);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut acted = 0;
    for step in 0..steps {
        let context = format!("seed {seed}, step {step}");
        let event = event(&mut rng, app.size);
        if let Some(action) = action_for(&TermInput::Event(event), &app) {
            app.act(action);
            acted += 1;
        }
        // Previews and other background answers arrive between events, as in the event loop.
        for answer in app.runtime.poll() {
            app.act(answer);
        }
        match rng.below(20) {
            0 => undo_redo(&mut app, &context),
            1 => back_forward(&mut app, &context),
            2..=5 => {
                // Time passes: running searches move on by a slice.
                app.tick(Instant::now() + Duration::from_millis(rng.below(500)));
            }
            _ => {}
        }
        let screen = draw(&mut terminal, &app);
        check(&app, &screen, &context);
        if app.should_quit() {
            app = workbench(dir);
        }
    }
    acted
}

/// A directory with files to open: good, broken, binary, a collection.
fn files() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    for name in ["easy.txt", "collection.sdm", "escargot.ss", "no-solution.txt"] {
        std::fs::copy(assets.join(name), dir.path().join(name)).unwrap();
    }
    std::fs::write(dir.path().join("broken.txt"), b"12x\n").unwrap();
    std::fs::write(dir.path().join("binary.dat"), [0u8, 159, 146, 150, 255, 1, 2]).unwrap();
    std::fs::write(dir.path().join("evil\x1b[2J.txt"), b"").unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    dir
}

#[test]
fn random_keys_clicks_pastes_and_resizes_keep_the_invariants() {
    let dir = files();
    let seeds: Vec<u64> = match std::env::var("RANDOM_SEED") {
        Ok(seed) => vec![seed.parse().expect("RANDOM_SEED is a number")],
        Err(_) => (1..=60).collect(),
    };
    let steps = 400;
    let mut acted = 0;
    for &seed in &seeds {
        acted += sequence(seed, steps, dir.path());
    }
    // Most events must reach the model, or the test exercises nothing.
    let total = seeds.len() * steps;
    assert!(acted * 2 > total, "{acted} of {total} events did something");
    eprintln!("{} sequences, {total} events, {acted} of them actions", seeds.len());
}
