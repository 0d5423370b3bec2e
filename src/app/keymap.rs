//! Terminal events to [`Action`]s, in one place: the only code that sees crossterm's key types.
//! What a key means depends on what is open (a prompt, the browser, step mode...).

use super::{Action, App, Direction, Mode, Overlay};
use crate::sudoku::Digit;
use crate::ui::layout::Screen;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

/// The action for `event` given the state of `app`, if it means anything there.
pub fn action_for(event: &Event, app: &App) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_action(*key, app),
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            if app.overlay.is_some() || !matches!(app.mode, Mode::Edit) {
                return None;
            }
            let area = Rect::new(0, 0, app.size.0, app.size.1);
            Screen::new(area)
                .ok()?
                .cell_at(mouse.column, mouse.row)
                .map(Action::Select)
        }
        _ => None,
    }
}

fn key_action(key: KeyEvent, app: &App) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && key.code == KeyCode::Char('c') {
        return Some(Action::ForceQuit);
    }
    match &app.overlay {
        Some(Overlay::Prompt(_)) => return prompt_key(key, ctrl),
        Some(Overlay::Confirm(_)) => {
            return match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => Some(Action::Confirm),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Action::Cancel),
                _ => None,
            };
        }
        Some(Overlay::Help) => {
            return match key.code {
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?' | 'q') => Some(Action::Cancel),
                _ => None,
            };
        }
        None => {}
    }
    match app.mode {
        Mode::Edit => edit_key(key, ctrl),
        Mode::Solving(_) => match key.code {
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::Char('?') => Some(Action::Help),
            _ => None,
        },
        Mode::Step(_) => step_key(key),
        Mode::Browse(_) => browse_key(key),
    }
}

fn prompt_key(key: KeyEvent, ctrl: bool) -> Option<Action> {
    match key.code {
        KeyCode::Enter => Some(Action::Confirm),
        KeyCode::Esc => Some(Action::Cancel),
        KeyCode::Backspace => Some(Action::InputBackspace),
        KeyCode::Char(c) if !ctrl => Some(Action::Input(c)),
        _ => None,
    }
}

fn edit_key(key: KeyEvent, ctrl: bool) -> Option<Action> {
    if ctrl {
        return match key.code {
            KeyCode::Char('z') => Some(Action::Undo),
            KeyCode::Char('r' | 'y') => Some(Action::Redo),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Action::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Action::Move(Direction::Right),
        KeyCode::Char(c @ '1'..='9') => Action::Digit(Digit::from_char(c)?),
        KeyCode::Char('0' | '.' | 'x') | KeyCode::Backspace | KeyCode::Delete => Action::ClearCell,
        KeyCode::Char('p') => Action::TogglePuzzleEdit,
        KeyCode::Char('G') => Action::KeepEntriesAsGivens,
        KeyCode::Char('c') => Action::ClearEntries,
        KeyCode::Char('C') => Action::ClearAll,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('o') => Action::Open,
        KeyCode::Char('w') => Action::Save,
        KeyCode::Char('W') => Action::SaveAs,
        KeyCode::Char('[') => Action::PreviousPuzzle,
        KeyCode::Char(']') => Action::NextPuzzle,
        KeyCode::Char('s') => Action::Solve,
        KeyCode::Char('t') => Action::CycleStrategy,
        KeyCode::Char('n') => Action::StepForward,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Esc => Action::Cancel,
        _ => return None,
    })
}

fn step_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Char('n') | KeyCode::Right => Action::StepForward,
        KeyCode::Char('b') | KeyCode::Left => Action::StepBack,
        KeyCode::Char(' ') => Action::ToggleRun,
        KeyCode::Char('+' | '=') | KeyCode::Up => Action::Faster,
        KeyCode::Char('-' | '_') | KeyCode::Down => Action::Slower,
        KeyCode::Char('e' | 's') => Action::RunToEnd,
        KeyCode::Char('t') => Action::CycleStrategy,
        KeyCode::Enter => Action::KeepStepBoard,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    })
}

fn browse_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::ListMove(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Action::ListMove(Direction::Down),
        KeyCode::PageUp => Action::ListPage(Direction::Up),
        KeyCode::PageDown => Action::ListPage(Direction::Down),
        KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => Action::ListOpen,
        KeyCode::Backspace | KeyCode::Left | KeyCode::Char('h') => Action::ListBack,
        KeyCode::Esc | KeyCode::Char('q' | 'o') => Action::Cancel,
        KeyCode::Char('?') => Action::Help,
        _ => return None,
    })
}
