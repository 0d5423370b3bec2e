//! The view: draws the whole screen from `&App`, changing nothing.

pub mod board;
pub mod browser;
pub mod layout;
pub mod overlay;
pub mod panel;
pub mod theme;

use crate::app::{App, Mode, Overlay};
use crate::sudoku::CellSet;
use board::BoardWidget;
use layout::Screen;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use theme::Theme;

/// Draws the screen for `app`.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let theme = Theme::new(app.monochrome);
    let screen = match Screen::new(area) {
        Ok(screen) => screen,
        Err(small) => {
            let text = format!(
                "terminal too small (need {}x{}, have {}x{})",
                small.need.0, small.need.1, area.width, area.height
            );
            let height = 3.min(area.height);
            let rect = Rect::new(
                area.x,
                area.y + area.height.saturating_sub(height) / 2,
                area.width,
                height,
            );
            Paragraph::new(text)
                .style(theme.bad)
                .wrap(Wrap { trim: true })
                .centered()
                .render(rect, buf);
            return;
        }
    };
    title(app, &theme).render(screen.title, buf);
    hints(app, &theme, screen.hints.width).render(screen.hints, buf);
    match &app.mode {
        Mode::Browse(browser) => browser::BrowserView { browser, theme: &theme }.render(screen.body, buf),
        mode => {
            let board = app.shown_board();
            let (focus, focus_is_search, decisions) = match mode {
                Mode::Step(stepper) => {
                    let decisions = stepper.decisions();
                    let cells: CellSet = decisions.iter().map(|d| d.pos).collect();
                    (decisions.last().map(|d| d.pos), true, cells)
                }
                _ => (Some(app.cursor), false, CellSet::EMPTY),
            };
            BoardWidget {
                board: &board,
                focus,
                focus_is_search,
                decisions,
                pencil_marks: true,
                cell: screen.cell,
                theme: &theme,
            }
            .render(screen.board, buf);
            panel::Panel { app, theme: &theme }.render(screen.panel, buf);
        }
    }
    match &app.overlay {
        None => {}
        Some(Overlay::Help) => overlay::Help { theme: &theme }.render(screen.body, buf),
        Some(Overlay::Confirm(confirm)) => overlay::Question { confirm, theme: &theme }.render(screen.body, buf),
        Some(Overlay::Prompt(prompt)) => overlay::Input { prompt, theme: &theme }.render(screen.body, buf),
    }
}

fn title<'a>(app: &App, theme: &Theme) -> Paragraph<'a> {
    let mode = match (&app.mode, app.puzzle_edit) {
        (Mode::Step(_), _) => "STEP",
        (Mode::Solving(_), _) => "SOLVING",
        (Mode::Browse(_), _) => "OPEN",
        (Mode::Edit, true) => "EDIT PUZZLE",
        (Mode::Edit, false) => "SOLVE BY HAND",
    };
    let mut spans = vec![Span::styled(
        format!(" sudoku-workbench │ {} ", app.doc.name()),
        theme.title,
    )];
    if app.is_modified() {
        spans.push(Span::styled(" [modified] ", theme.modified));
    }
    spans.push(Span::styled(format!(" │ {mode} "), theme.title));
    Paragraph::new(Line::from(spans)).style(theme.title)
}

fn hints<'a>(app: &App, theme: &Theme, width: u16) -> Paragraph<'a> {
    let pairs: &[(&str, &str)] = match (&app.overlay, &app.mode) {
        (Some(Overlay::Help), _) => &[("Esc", "close help")],
        (Some(Overlay::Confirm(_)), _) => &[("y", "yes"), ("n", "no")],
        (Some(Overlay::Prompt(_)), _) => &[("Enter", "save"), ("Esc", "cancel")],
        // Help and quit come first so that they show on the narrowest screen.
        (None, Mode::Edit) => &[
            ("?", "help"),
            ("q", "quit"),
            ("1-9", "digit"),
            ("0", "clear"),
            ("s", "solve"),
            ("n", "step"),
            ("t", "strategy"),
            ("o", "open"),
            ("w", "save"),
            ("u", "undo"),
            ("p", "edit givens"),
        ],
        (None, Mode::Solving(_)) => &[("Esc", "cancel solving"), ("q", "quit")],
        (None, Mode::Step(_)) => &[
            ("?", "help"),
            ("n", "step"),
            ("b", "back"),
            ("space", "run/pause"),
            ("+/-", "speed"),
            ("e", "to end"),
            ("t", "strategy"),
            ("Enter", "keep"),
            ("Esc", "leave"),
        ],
        (None, Mode::Browse(_)) => &[
            ("↑↓", "select"),
            ("Enter", "open"),
            ("⌫", "up / back"),
            ("Esc", "close"),
        ],
    };
    let mut spans = Vec::with_capacity(pairs.len() * 2);
    let mut used = 0;
    for (key, what) in pairs {
        // Whole hints only: drop those that do not fit rather than cut one.
        let (key, what) = (format!(" {key}"), format!(" {what} "));
        used += key.chars().count() + what.chars().count();
        if used > width as usize {
            break;
        }
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::styled(what, theme.dim));
    }
    Paragraph::new(Line::from(spans))
}
