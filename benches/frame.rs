//! Drawing one frame of the step-mode screen on ratatui's TestBackend, at 80x24 and 200x60.
//!
//! `cargo bench --bench frame`

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sudoku_engine::parse_document;
use sudoku_workbench::app::{Action, App, Document, Origin};
use sudoku_workbench::ui;

fn step_mode_app() -> App {
    let text = std::fs::read(format!("{}/assets/hardest.sdk", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut app = App::new(
        Document::from_parsed(
            parse_document(&text, None).unwrap(),
            Origin::Builtin("hardest.sdk"),
            0,
            None,
        )
        .expect("a puzzle"),
        ".".into(),
    );
    // Deep in the search: a long path of decisions to show.
    for _ in 0..3000 {
        app.update(Action::StepForward);
    }
    app
}

fn frames(c: &mut Criterion) {
    let mut app = step_mode_app();
    for (w, h) in [(80, 24), (200, 60)] {
        app.update(Action::Resize(w, h));
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        c.bench_function(&format!("frame/step mode {w}x{h}"), |b| {
            b.iter(|| terminal.draw(|frame| ui::draw(frame, &app)).unwrap().area)
        });
    }
}

criterion_group!(benches, frames);
criterion_main!(benches);
