//! Terminal events to [`Action`]s, in one place: the only code that sees crossterm's key and
//! mouse types. Keys are looked up in the key table ([`crate::ui::keys`]); mouse clicks are
//! mapped back to cells and list lines with the view's own geometry.

use super::input::TermInput;
use crate::app::{Action, App, Mode, Overlay};
use crate::ui::keys::{self, Context, Key};
use crate::ui::layout::{BrowserScreen, Screen};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

/// Lines the mouse wheel moves a list.
const WHEEL: isize = 3;

/// The actions for `input` given the state of `app`: [`action_for`]'s, after the focus
/// regained when the input says the player is at this terminal ([`focus_implied`]).
pub fn actions_for(input: &TermInput, app: &App) -> impl Iterator<Item = Action> {
    focus_implied(input, app).into_iter().chain(action_for(input, app))
}

/// [`Action::Focus`] regained, when the terminal is taken to be out of focus and `input` is
/// something only a player at it makes: a key pressed, a click, the wheel, a paste. Some
/// terminals say the focus was lost and never that it came back (a report lost, a multiplexer
/// between), and the clock stayed stopped while the player typed.
pub fn focus_implied(input: &TermInput, app: &App) -> Option<Action> {
    if app.focused {
        return None;
    }
    let by_hand = match input {
        TermInput::Event(Event::Key(key)) => key.kind == KeyEventKind::Press,
        TermInput::Event(Event::Mouse(mouse)) => matches!(
            mouse.kind,
            MouseEventKind::Down(_) | MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
        ),
        TermInput::Event(Event::Paste(_)) => true,
        _ => false,
    };
    by_hand.then_some(Action::Focus(true))
}

/// The action for `input` given the state of `app`, if it means anything there.
pub fn action_for(input: &TermInput, app: &App) -> Option<Action> {
    match input {
        TermInput::Event(event) => event_action(event, app),
        TermInput::PasteIgnored(why) => Some(Action::PasteIgnored(why.clone())),
        TermInput::PasteStopped => Some(Action::PasteStopped),
    }
}

/// The action for a terminal event.
pub fn event_action(event: &Event, app: &App) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            let key = key_of(*key)?;
            let context = keys::context(app);
            // While a file is read, the other keys are those of the screen beneath, typed ahead.
            let action = keys::action(context, key, page(app)).or_else(|| {
                (context == Context::Reading)
                    .then(|| keys::action(keys::context_beneath(app), key, page(app)))
                    .flatten()
            })?;
            Some(match (&app.overlay, action) {
                // The help scrolls no further than its last line, so that a way back up is
                // never a dozen presses that seem to do nothing.
                (Some(Overlay::Help(scroll)), Action::ListMove(delta)) => {
                    let most = body(app).map_or(0, crate::ui::overlay::help_max_scroll);
                    Action::ListTo(scroll.saturating_add_signed(delta).min(most))
                }
                (Some(Overlay::Help(_)), Action::ListTo(line)) => {
                    Action::ListTo(line.min(body(app).map_or(0, crate::ui::overlay::help_max_scroll)))
                }
                (Some(Overlay::Words(scroll)), Action::ListMove(delta)) => {
                    let most = body(app).map_or(0, crate::ui::overlay::words_max_scroll);
                    Action::ListTo(scroll.saturating_add_signed(delta).min(most))
                }
                (Some(Overlay::Words(_)), Action::ListTo(line)) => {
                    Action::ListTo(line.min(body(app).map_or(0, crate::ui::overlay::words_max_scroll)))
                }
                (_, action) => action,
            })
        }
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        Event::FocusGained => Some(Action::Focus(true)),
        Event::FocusLost => Some(Action::Focus(false)),
        Event::Mouse(mouse) => mouse_action(mouse.kind, mouse.column, mouse.row, app),
        _ => None,
    }
}

/// A crossterm key as the key table names it; `None` for keys no binding uses (Alt held,
/// function keys).
pub fn key_of(key: KeyEvent) -> Option<Key> {
    if key.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        _ => return None,
    })
}

/// The screen's body (between title and hints), where lists are drawn.
fn body(app: &App) -> Option<Rect> {
    Screen::new(Rect::new(0, 0, app.size.0, app.size.1))
        .ok()
        .map(|s| s.body)
}

/// How many lines a page of the list on screen holds.
fn page(app: &App) -> usize {
    let Some(body) = body(app) else { return 10 };
    match (&app.overlay, &app.mode) {
        (Some(Overlay::Help(_) | Overlay::Words(_)), _) => usize::from(body.height.saturating_sub(3)),
        (None, Mode::Step(_)) if app.tree.is_some() => crate::ui::tree::page_rows(body),
        _ => usize::from(BrowserScreen::new(body).list_inside.height),
    }
}

fn mouse_action(kind: MouseEventKind, column: u16, row: u16, app: &App) -> Option<Action> {
    // While a file is read, a click is kept for after it, as a key is.
    let context = match keys::context(app) {
        Context::Reading => keys::context_beneath(app),
        context => context,
    };
    match kind {
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
            let delta = if kind == MouseEventKind::ScrollUp {
                -WHEEL
            } else {
                WHEEL
            };
            matches!(
                context,
                Context::Browse | Context::Help | Context::Recovery | Context::Tree
            )
            .then_some(Action::ListMove(delta))
        }
        MouseEventKind::Down(MouseButton::Left) => match (context, &app.mode) {
            (Context::Edit | Context::Step | Context::PickDigit | Context::PickColour, _) => {
                cell_clicked(app, column, row).map(Action::Select)
            }
            // Digit first: a click puts the digit in the cell clicked.
            (Context::DigitFirst, _) => cell_clicked(app, column, row).map(Action::PlaceAt),
            (Context::Browse, Mode::Browse(browser)) => {
                let list = BrowserScreen::new(body(app)?);
                let line = list.line_at(column, row, browser.selection(), browser.len())?;
                // A click selects; a click on the selected line opens it.
                Some(if line == browser.selection() {
                    Action::ListOpen
                } else {
                    Action::ListTo(line)
                })
            }
            _ => None,
        },
        _ => None,
    }
}

/// The board's cell under the screen position (`column`, `row`), if one is there.
fn cell_clicked(app: &App, column: u16, row: u16) -> Option<sudoku_engine::Pos> {
    crate::ui::screen_of(app, Rect::new(0, 0, app.size.0, app.size.1))
        .ok()?
        .cell_at(column, row)
}
