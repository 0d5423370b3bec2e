//! A workbench without a terminal for state tests: the model, the runtime that carries out its
//! effects (files, previews, recovery files in a directory of the test's own), and keys pressed
//! the way the terminal reports them, through the same keymap the terminal uses.
#![allow(dead_code)] // each test binary uses a part

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};
use sudoku_engine::{Digit, Pos};
use sudoku_workbench::app::browser::Browser;
use sudoku_workbench::app::stepper::Stepper;
use sudoku_workbench::app::{Action, App, Document, Effect, Mode};
use sudoku_workbench::runtime::Runtime;
use sudoku_workbench::tui::input::TermInput;
use sudoku_workbench::tui::keymap::actions_for;

/// The shipped sample puzzle `name`.
pub fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

/// The cell at row `row`, column `col` (0-based).
pub fn pos(row: usize, col: usize) -> Pos {
    Pos::at(row, col).unwrap()
}

/// The digit `n`.
pub fn digit(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// The model with its runtime.
pub struct Bench {
    pub app: App,
    pub runtime: Runtime,
    /// Effects the model asked the terminal for (a suspend).
    pub terminal_effects: Vec<Effect>,
    /// Whether each action is followed by running background work to its end (off to watch
    /// a solve or a run in slices).
    pub settling: bool,
    /// Whether each action is followed by waiting for a file it had read in the background
    /// (off to watch a read under way).
    pub reads_waited: bool,
    /// Whether each action is followed by waiting for the directory listing it asked for
    /// (off to watch a listing under way).
    pub listings_waited: bool,
    state: tempfile::TempDir,
}

impl Deref for Bench {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl DerefMut for Bench {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

impl Bench {
    /// The workbench on `doc`, its recovery files in a fresh directory.
    pub fn new(doc: Document) -> Bench {
        let state = tempfile::tempdir().unwrap();
        Bench::with_state(doc, state)
    }

    /// The workbench on `doc`, its recovery files in `state`.
    pub fn with_state(doc: Document, state: tempfile::TempDir) -> Bench {
        let app = App::new(doc, PathBuf::from(env!("CARGO_MANIFEST_DIR")));
        let runtime = Runtime::new(state.path().to_path_buf());
        let mut bench = Bench {
            app,
            runtime,
            terminal_effects: Vec::new(),
            settling: true,
            reads_waited: true,
            listings_waited: true,
            state,
        };
        bench.app.settle();
        bench
    }

    /// The workbench on the empty board, then on the file at `path` as the command line opens
    /// it (puzzle `index`, 0-based).
    pub fn on_file(path: &Path, index: Option<usize>) -> Bench {
        let mut bench = Bench::new(Document::new_empty());
        bench.app.open_path(path, index);
        bench.run_effects();
        bench.app.forget_history();
        bench.app.message = None;
        bench
    }

    /// The workbench on the shipped sample `name`.
    pub fn on_asset(name: &str) -> Bench {
        let bench = Bench::on_file(&asset(name), None);
        assert!(bench.app.message.is_none(), "{:?}", bench.app.message);
        bench
    }

    /// The directory of the recovery files.
    pub fn state_dir(&self) -> &Path {
        self.state.path()
    }

    /// Gives up the state directory (for a second workbench on the same one).
    pub fn into_state(self) -> tempfile::TempDir {
        self.state
    }

    /// Carries out the effects the model asked for, with their answers, until none is left.
    pub fn run_effects(&mut self) {
        let more = self.runtime.carry_out(&mut self.app);
        self.terminal_effects.extend(more);
        if self.reads_waited {
            self.wait_for_read();
        }
        if self.listings_waited {
            self.wait_for_listing();
        }
        if self.settling {
            self.app.settle();
        }
    }

    /// Handles `action` as the event loop does, then lets background counting finish.
    pub fn act(&mut self, action: Action) {
        let more = self.runtime.dispatch(&mut self.app, action);
        self.terminal_effects.extend(more);
        if self.reads_waited {
            self.wait_for_read();
        }
        if self.listings_waited {
            self.wait_for_listing();
        }
        if self.settling {
            self.app.settle();
        }
    }

    /// Waits for the file being read in the background, if one is, handing the answers that
    /// come meanwhile to the model, as the event loop does.
    pub fn wait_for_read(&mut self) {
        let until = Instant::now() + Duration::from_secs(20);
        while self.app.reading.is_some() {
            assert!(Instant::now() < until, "the read did not end");
            for answer in self.runtime.poll() {
                let more = self.runtime.dispatch(&mut self.app, answer);
                self.terminal_effects.extend(more);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Waits for the directory the browser lists, if it lists one, handing the answers that
    /// come meanwhile to the model, as the event loop does.
    pub fn wait_for_listing(&mut self) {
        let until = Instant::now() + Duration::from_secs(20);
        while matches!(&self.app.mode, Mode::Browse(b) if b.pending.is_some()) {
            assert!(Instant::now() < until, "the listing did not end");
            for answer in self.runtime.poll() {
                let more = self.runtime.dispatch(&mut self.app, answer);
                self.terminal_effects.extend(more);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Waits for the background previews, handing their answers to the model.
    pub fn wait_for_background(&mut self) {
        let until = Instant::now() + Duration::from_secs(10);
        while self.runtime.is_busy() && Instant::now() < until {
            for answer in self.runtime.poll() {
                self.act(answer);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        for answer in self.runtime.poll() {
            self.act(answer);
        }
    }

    /// Presses a key the way the terminal reports it, through the keymap.
    pub fn press(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        let event = Event::Key(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        });
        self.event(event);
    }

    /// A terminal event, through the keymap.
    pub fn event(&mut self, event: Event) {
        self.event_input(TermInput::Event(event));
    }

    /// What the terminal's input parser made of its bytes, through the keymap.
    pub fn event_input(&mut self, input: TermInput) {
        for action in actions_for(&input, &self.app).collect::<Vec<_>>() {
            self.act(action);
        }
    }

    /// Types each character of `text` as a key.
    pub fn keys(&mut self, text: &str) {
        for c in text.chars() {
            self.press(KeyCode::Char(c), KeyModifiers::NONE);
        }
    }

    /// A key without modifiers.
    pub fn key(&mut self, code: KeyCode) {
        self.press(code, KeyModifiers::NONE);
    }

    /// Ctrl and a letter.
    pub fn ctrl(&mut self, c: char) {
        self.press(KeyCode::Char(c), KeyModifiers::CONTROL);
    }

    /// The message line.
    pub fn message(&self) -> String {
        self.app.message.as_ref().map(|m| m.text.clone()).unwrap_or_default()
    }

    /// Whether the message line holds an error.
    pub fn is_error(&self) -> bool {
        self.app.message.as_ref().is_some_and(|m| m.is_error)
    }

    /// The step-mode state.
    pub fn stepper(&self) -> &Stepper {
        match &self.app.mode {
            Mode::Step(s) => s,
            _ => panic!("not in step mode"),
        }
    }

    /// The file browser.
    pub fn browser(&self) -> &Browser {
        match &self.app.mode {
            Mode::Browse(b) => b,
            _ => panic!("the browser is not open (message: {:?})", self.app.message),
        }
    }

    /// Finds the left-over recovery files, as a start does.
    pub fn look_for_recovery(&mut self) {
        if let Some(offer) = self.runtime.find_left_over(SystemTime::now()) {
            self.act(offer);
        }
    }

    /// Writes (or removes) the recovery file for the work now, as the event loop does, and
    /// tells the model how that went if it changed.
    pub fn keep(&mut self) {
        let work = self.app.has_unsaved_work().then_some(&self.app.doc);
        for news in self.runtime.keep(work) {
            self.act(news);
        }
    }

    /// Replaces the text of the prompt with `text` and confirms it.
    pub fn answer_prompt(&mut self, text: &str) {
        for _ in 0..400 {
            self.key(KeyCode::Backspace);
        }
        for c in text.chars() {
            self.act(Action::Input(c));
        }
        self.key(KeyCode::Enter);
    }
}
