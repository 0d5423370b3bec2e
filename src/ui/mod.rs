//! The view: draws the whole screen from `&App`, changing nothing.

pub mod board;
pub mod browser;
pub mod glossary;
pub mod keys;
pub mod layout;
pub mod overlay;
pub mod panel;
pub mod profile;
pub mod program;
pub mod race;
pub mod reading;
pub mod stats;
pub mod theme;
pub mod tree;

use crate::app::hint::HintStage;
use crate::app::settings::MarksView;
use crate::app::step_mode::PROGRAM_BESIDE_WIDTH;
use crate::app::{App, Mode, Overlay, Typing};
use board::{BoardWidget, Filter, Guidance};
use layout::{ProgramPlace, Screen, TooSmall};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use sudoku_engine::CellSet;
use theme::Theme;

/// Where step mode's program goes on a screen as wide as `app` says.
pub fn program_place(app: &App) -> ProgramPlace {
    match &app.mode {
        Mode::Step(_) if app.size.0 >= PROGRAM_BESIDE_WIDTH && app.settings.show_program => ProgramPlace::Beside,
        Mode::Step(_) if app.size.0 < PROGRAM_BESIDE_WIDTH && app.program_screen => ProgramPlace::OwnScreen,
        _ => ProgramPlace::Hidden,
    }
}

/// The layout of `area` for what `app` shows (the terminal side maps clicks with it too).
pub fn screen_of(app: &App, area: Rect) -> Result<Screen, TooSmall> {
    match &app.mode {
        // The tree takes the whole body: no board to click on, no program beside it.
        Mode::Step(_) if app.tree.is_some() => Screen::new(area),
        Mode::Step(stepper) => {
            Screen::with_program(area, program_place(app), program::program_height(stepper.strategy()))
        }
        _ => Screen::new(area),
    }
}

/// Draws the screen for `app`.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let theme = Theme::new(app.monochrome);
    let screen = match screen_of(app, area) {
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
        Mode::Browse(browser) => browser::BrowserView {
            browser,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Mode::Race(race, _) => race::RaceView {
            race,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Mode::Step(stepper) if app.tree.is_some() => {
            if let Some(tree) = &app.tree {
                tree::TreeView {
                    stepper,
                    screen: tree,
                    message: app.message.as_ref().filter(|_| app.overlay.is_none()),
                    theme: &theme,
                }
                .render(screen.body, buf);
            }
        }
        mode => {
            let board = app.shown_board();
            let (focus, focus_is_search, decisions) = match mode {
                Mode::Step(stepper) => {
                    let decisions = stepper.decisions();
                    let cells: CellSet = decisions.iter().filter_map(|d| d.pos()).collect();
                    (decisions.last().and_then(|d| d.pos()), true, cells)
                }
                _ => (Some(app.cursor), false, CellSet::EMPTY),
            };
            // The user's marks, or the candidates worked out from the board (always on the
            // search's board in step mode: the user's marks are not the search's); while a hint
            // shows why, the candidates it reasons from.
            let computed;
            let why = app.hint.as_ref().filter(|h| h.stage == HintStage::Why);
            let marks = match (mode, app.settings.marks_view, why) {
                (Mode::Edit, _, Some(hint)) => Some((hint.candidates.sets(), !hint.from_marks)),
                (Mode::Edit | Mode::Solving(_), MarksView::Mine, _) => Some((app.doc.marks.sets(), false)),
                _ => {
                    computed = board.all_candidates();
                    Some((&computed, true))
                }
            };
            let guidance = match (mode, &app.hint) {
                (Mode::Edit, Some(hint)) if hint.stage == HintStage::Where => Some(Guidance {
                    area: hint.area(),
                    ..Guidance::default()
                }),
                (Mode::Edit, Some(hint)) => Some(Guidance {
                    area: hint.step.cells,
                    proof: &hint.step.candidates,
                    removals: &hint.step.eliminations,
                    placements: &hint.step.placements,
                    wrong: CellSet::EMPTY,
                }),
                (Mode::Edit, None) => app.mistakes.as_ref().map(|m| Guidance {
                    wrong: m.cells(),
                    ..Guidance::default()
                }),
                _ => None,
            };
            // The aids of solving by hand are the player's: not on the search's board.
            let by_hand = matches!(mode, Mode::Edit | Mode::Solving(_));
            let possible = app.possible();
            let filter = (by_hand && !app.filter.is_empty()).then_some(Filter {
                digits: app.filter,
                possible: &possible,
            });
            if !screen.board.is_empty() {
                BoardWidget {
                    board: &board,
                    focus,
                    focus_is_search,
                    decisions,
                    marks,
                    guidance,
                    filter,
                    colours: by_hand.then_some(&app.doc.colours),
                    highlight: focus.and_then(|p| board.digit(p)).filter(|_| by_hand),
                    cell: screen.cell,
                    theme: &theme,
                }
                .render(screen.board, buf);
            }
            if let Mode::Step(stepper) = mode
                && !screen.program.is_empty()
            {
                program::ProgramPane {
                    stepper,
                    language: app.settings.language,
                    theme: &theme,
                }
                .render(screen.program, buf);
                program::StackPane { stepper, theme: &theme }.render(screen.stack, buf);
            }
            panel::Panel {
                app,
                theme: &theme,
                program_shown: !screen.program.is_empty(),
                shows_message: !app.overlay.as_ref().is_some_and(overlay::shows_message),
            }
            .render(screen.panel, buf);
        }
    }
    if let Some(reading) = &app.reading {
        reading::ReadingBox { reading, theme: &theme }.render(screen.body, buf);
    }
    match &app.overlay {
        None => {}
        Some(Overlay::Help(scroll)) => overlay::Help {
            scroll: *scroll,
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Words(scroll)) => overlay::Words {
            scroll: *scroll,
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Question(question)) => overlay::Ask {
            question,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Prompt(prompt)) => overlay::SavePrompt {
            prompt,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Line(line)) => overlay::LineInput {
            line,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Recovery(offer)) => overlay::Recovery {
            offer,
            message: app.message.as_ref(),
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::NewPuzzle(choice)) => overlay::NewPuzzle { choice, theme: &theme }.render(screen.body, buf),
        Some(Overlay::Stats(view)) => stats::StatsScreen { view, theme: &theme }.render(screen.body, buf),
        Some(Overlay::Paused) => overlay::Paused {
            elapsed: app.play().elapsed,
            // Complaints only: the pause's own word ("Paused at ...") says what the popup does.
            message: app.message.as_ref().filter(|m| m.is_error),
            theme: &theme,
        }
        .render(screen.body, buf),
        Some(Overlay::Solved) => overlay::Solved {
            play: app.play(),
            theme: &theme,
        }
        .render(screen.body, buf),
    }
}

fn title<'a>(app: &App, theme: &Theme) -> Paragraph<'a> {
    let mode = match (&app.mode, app.typing) {
        _ if app.overlay == Some(Overlay::Paused) => "PAUSED",
        (Mode::Step(_), _) => "STEP",
        (Mode::Race(..), _) => "RACE",
        (Mode::Solving(_), _) => "SOLVING",
        (Mode::Browse(_), _) => "OPEN",
        (Mode::Generating(_), _) => "NEW PUZZLE",
        (Mode::Edit, Typing::Givens) => "EDIT PUZZLE",
        (Mode::Edit, Typing::Entries) => "SOLVE BY HAND",
        (Mode::Edit, Typing::Marks) => "SOLVE BY HAND · NOTES",
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

/// The footer: the hints of the keys that work now, whole ones only, in the key table's order:
/// those always shown, and as many of the others as fit, most wanted (first in the table)
/// first; `? help` last.
fn hints<'a>(app: &App, theme: &Theme, width: u16) -> Paragraph<'a> {
    let all = keys::footer_hints(keys::context(app));
    let text = |(key, what): (&str, &str)| (format!(" {key}"), format!(" {what} "));
    let width_of = |(key, what): &(String, String)| key.chars().count() + what.chars().count();
    // "? help" is always shown, last: the way to every other key when the others do not fit.
    let (help, others): (Vec<_>, Vec<_>) = all.into_iter().partition(|((key, _), _)| *key == "?");
    let help: Vec<_> = help.into_iter().map(|(hint, _)| text(hint)).collect();
    let others: Vec<_> = others.into_iter().map(|(hint, footer)| (text(hint), footer)).collect();
    let mut used: usize = help
        .iter()
        .chain(
            others
                .iter()
                .filter(|(_, f)| *f == keys::Footer::Always)
                .map(|(h, _)| h),
        )
        .map(width_of)
        .sum();
    let mut shown = vec![false; others.len()];
    let mut room = true;
    for (i, (hint, footer)) in others.iter().enumerate() {
        if *footer == keys::Footer::Always {
            shown[i] = true;
        } else if room && used + width_of(hint) <= usize::from(width) {
            used += width_of(hint);
            shown[i] = true;
        } else {
            room = false;
        }
    }
    let spans = others
        .into_iter()
        .zip(shown)
        .filter_map(|(hint, shown)| shown.then_some(hint.0))
        .chain(help)
        .flat_map(|(key, what)| [Span::styled(key, theme.key), Span::styled(what, theme.dim)]);
    Paragraph::new(Line::from(spans.collect::<Vec<_>>()))
}
