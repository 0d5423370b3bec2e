//! The box shown over the screen while a file is read in the background: which file, how far
//! the read got (a bar, the bytes, a trace's steps), and that Esc stops it.

use super::overlay::centered;
use super::theme::Theme;
use crate::app::reading::Reading;
use crate::text::{grouped, printable};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// The width of the box, borders included.
const WIDTH: u16 = 52;

/// The progress of a file being read.
pub struct ReadingBox<'a> {
    /// The read.
    pub reading: &'a Reading,
    /// The styles.
    pub theme: &'a Theme,
}

/// `bytes` in megabytes with one decimal (`12.3 MB`), or kilobytes below one.
fn size(bytes: u64) -> String {
    if bytes < 1024 * 1024 {
        format!("{} kB", bytes.div_ceil(1024))
    } else {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    }
}

impl Widget for ReadingBox<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let path = &self.reading.ticket.path;
        let name = path
            .file_name()
            .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy());
        let now = self.reading.ticket.progress.snapshot();
        let popup = centered(area, WIDTH, 7);
        let inner_width = usize::from(popup.width.saturating_sub(2));
        Clear.render(popup, buf);
        let block = Block::bordered().title(" Opening ").border_style(t.key);
        let inner = block.inner(popup);
        block.render(popup, buf);
        let mut name = printable(&name).into_owned();
        if name.chars().count() > inner_width {
            name = name.chars().take(inner_width.saturating_sub(1)).collect::<String>() + "…";
        }
        let (bar, amount) = match now.permille() {
            Some(permille) => {
                let bar_width = inner_width.saturating_sub(7);
                let filled = (bar_width as u64 * permille / 1000) as usize;
                (
                    Line::from(vec![
                        Span::styled("█".repeat(filled), t.key),
                        Span::styled("░".repeat(bar_width - filled), t.dim),
                        Span::styled(format!(" {:>3}%", permille / 10), t.value),
                    ]),
                    match (now.trace, now.read < now.total) {
                        (true, _) => format!(
                            "a trace: {} of {}, {} steps",
                            size(now.read),
                            size(now.total),
                            grouped(now.steps)
                        ),
                        (false, true) => format!("reading: {} of {}", size(now.read), size(now.total)),
                        (false, false) => format!("reading puzzles: {} of {}", size(now.parsed), size(now.total)),
                    },
                )
            }
            None => (Line::from(Span::styled("…", t.dim)), "starting".to_string()),
        };
        let lines = vec![
            Line::from(Span::styled(name, t.value)),
            bar,
            Line::from(Span::styled(amount, t.value)),
            Line::default(),
            Line::from(vec![
                Span::styled("Esc", t.key),
                Span::styled(" stops: the board stays as it is", t.dim),
            ]),
        ];
        Paragraph::new(lines).render(inner, buf);
    }
}
