//! Pasting any text into the workbench: a board or a message, the board kept on a bad paste,
//! undo bringing back the board from before, and the screen drawn without a panic, with no
//! control character of the text reaching it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sudoku_workbench::app::builtin::default_document;
use sudoku_workbench::app::{Action, App};
use sudoku_workbench::ui;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let mut app = App::new(default_document(), ".".into());
    app.update(Action::Resize(80, 24));
    let before = app.doc.board.clone();
    app.update(Action::Paste(text));
    // A paste over the untouched built-in puzzle needs no confirmation.
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal.draw(|frame| ui::draw(frame, &app)).expect("drawn");
    for cell in terminal.backend().buffer().content() {
        assert!(
            !cell.symbol().chars().any(char::is_control),
            "{:?} on screen",
            cell.symbol()
        );
    }
    if app.doc.board != before {
        app.update(Action::Undo);
        assert_eq!(app.doc.board, before, "undo brings the board back");
    }
});
