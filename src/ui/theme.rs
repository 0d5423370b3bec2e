//! Every style of the workbench, in one place. Each highlight carries a non-colour attribute
//! (bold, italic, underline, reverse video) so that it still shows on a monochrome terminal, and
//! with `NO_COLOR` set the colours are left out altogether.

use ratatui::style::{Color, Modifier, Style};

/// The styles of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The title bar.
    pub title: Style,
    /// The "modified" mark in the title.
    pub modified: Style,
    /// Grid lines.
    pub border: Style,
    /// A given digit.
    pub given: Style,
    /// A digit the user typed.
    pub entry: Style,
    /// A digit the solver placed.
    pub placed: Style,
    /// The mark of an empty cell.
    pub blank: Style,
    /// Computed candidates in empty cells.
    pub candidate: Style,
    /// The user's own pencil marks.
    pub mark: Style,
    /// Where a hint says to look.
    pub hint_area: Style,
    /// A candidate that proves a hint.
    pub hint_proof: Style,
    /// A candidate a hint removes.
    pub hint_removal: Style,
    /// A digit a hint places.
    pub hint_place: Style,
    /// A cell a check found wrong.
    pub mistake: Style,
    /// An empty cell where a digit of the filter can still go.
    pub filter_cell: Style,
    /// A digit of the filter, among the marks of a cell (or alone in a compact cell).
    pub filter_mark: Style,
    /// A cell holding a digit of the filter.
    pub filter_holds: Style,
    /// The colours a player paints (a letter shows which, without colour too), in the order of
    /// [`sudoku_engine::Colour::ALL`]: `a A b B c C d D`.
    pub colours: [Style; 8],
    /// The row, column and box of the focused cell.
    pub peer: Style,
    /// Digits equal to the focused cell's digit.
    pub same_digit: Style,
    /// A cell in a row, column or box conflict.
    pub conflict: Style,
    /// The cursor cell.
    pub cursor: Style,
    /// The cell the search is deciding, in step mode.
    pub trying: Style,
    /// A cell decided by a guess still on the search stack.
    pub decision: Style,
    /// Labels in the side panel.
    pub label: Style,
    /// Values in the side panel.
    pub value: Style,
    /// Good news (a unique solution, solved).
    pub good: Style,
    /// Bad news (no solution, an error).
    pub bad: Style,
    /// Less important text.
    pub dim: Style,
    /// A key in the hint line and help.
    pub key: Style,
    /// The highlighted line of a list.
    pub selected: Style,
    /// Frames of popups and panes.
    pub frame: Style,
}

impl Theme {
    /// The theme for a terminal with colours, or without (`monochrome`).
    pub fn new(monochrome: bool) -> Theme {
        let mono = Theme {
            title: Style::new().add_modifier(Modifier::REVERSED),
            modified: Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            border: Style::new(),
            given: Style::new().add_modifier(Modifier::BOLD),
            entry: Style::new(),
            placed: Style::new().add_modifier(Modifier::ITALIC),
            blank: Style::new().add_modifier(Modifier::DIM),
            candidate: Style::new().add_modifier(Modifier::DIM),
            mark: Style::new(),
            hint_area: Style::new().add_modifier(Modifier::UNDERLINED),
            hint_proof: Style::new().add_modifier(Modifier::BOLD),
            hint_removal: Style::new().add_modifier(Modifier::CROSSED_OUT),
            hint_place: Style::new().add_modifier(Modifier::REVERSED),
            mistake: Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD),
            // Reverse video: a shaded cell, where colours do not show.
            filter_cell: Style::new().add_modifier(Modifier::REVERSED),
            // Never dim as the blank it stands in: it is what the filter is for.
            filter_mark: Style::new().add_modifier(Modifier::BOLD).remove_modifier(Modifier::DIM),
            filter_holds: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            // The letters say the colours.
            colours: [Style::new(); 8],
            peer: Style::new(),
            same_digit: Style::new().add_modifier(Modifier::UNDERLINED),
            conflict: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            cursor: Style::new().add_modifier(Modifier::BOLD),
            trying: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            decision: Style::new().add_modifier(Modifier::UNDERLINED),
            label: Style::new().add_modifier(Modifier::DIM),
            value: Style::new(),
            good: Style::new().add_modifier(Modifier::BOLD),
            bad: Style::new().add_modifier(Modifier::BOLD),
            dim: Style::new().add_modifier(Modifier::DIM),
            key: Style::new().add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            frame: Style::new(),
        };
        if monochrome {
            return mono;
        }
        Theme {
            title: mono.title.fg(Color::Cyan),
            modified: mono.modified.fg(Color::Yellow),
            border: mono.border.fg(Color::Gray),
            given: mono.given.fg(Color::White),
            entry: mono.entry.fg(Color::LightCyan),
            placed: mono.placed.fg(Color::LightGreen),
            blank: mono.blank.fg(Color::DarkGray),
            candidate: mono.candidate.fg(Color::DarkGray),
            mark: mono.mark.fg(Color::Cyan),
            hint_area: Style::new().bg(Color::Indexed(22)),
            hint_proof: mono.hint_proof.fg(Color::LightGreen),
            hint_removal: mono.hint_removal.fg(Color::LightRed),
            hint_place: Style::new().fg(Color::Black).bg(Color::LightGreen),
            mistake: mono.mistake.bg(Color::Indexed(52)),
            filter_cell: Style::new().bg(Color::Indexed(23)),
            filter_mark: mono.filter_mark.fg(Color::Yellow),
            filter_holds: mono.filter_holds.fg(Color::Black).bg(Color::Indexed(178)),
            // Each pair a hue, its first side dark (light text), its second light (dark text).
            colours: [
                Style::new().bg(Color::Indexed(130)).fg(Color::White),
                Style::new().bg(Color::Indexed(222)).fg(Color::Black),
                Style::new().bg(Color::Indexed(90)).fg(Color::White),
                Style::new().bg(Color::Indexed(183)).fg(Color::Black),
                Style::new().bg(Color::Indexed(25)).fg(Color::White),
                Style::new().bg(Color::Indexed(153)).fg(Color::Black),
                Style::new().bg(Color::Indexed(58)).fg(Color::White),
                Style::new().bg(Color::Indexed(186)).fg(Color::Black),
            ],
            peer: mono.peer.bg(Color::Indexed(236)),
            same_digit: mono.same_digit.fg(Color::Yellow),
            // Reverse video of red on the default background: a red cell, and a reversed one
            // where colours do not show.
            conflict: mono.conflict.fg(Color::Red),
            cursor: mono.cursor.bg(Color::Blue),
            trying: mono.trying.bg(Color::Magenta),
            decision: mono.decision,
            label: mono.label.fg(Color::Gray),
            value: mono.value.fg(Color::White),
            good: mono.good.fg(Color::LightGreen),
            bad: mono.bad.fg(Color::LightRed),
            dim: mono.dim.fg(Color::DarkGray),
            key: mono.key.fg(Color::Yellow),
            selected: mono.selected.fg(Color::Cyan),
            frame: mono.frame.fg(Color::Gray),
        }
    }

    /// The style of `colour`.
    pub fn colour(&self, colour: sudoku_engine::Colour) -> Style {
        let i = colour.pair() * 2 + usize::from(colour.is_second());
        self.colours[i]
    }

    /// Whether the environment asks for no colour: `NO_COLOR` set to anything but the empty string.
    pub fn no_color_requested() -> bool {
        std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
    }
}
