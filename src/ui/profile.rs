//! The search profile under step mode's panel: placements per depth as a bar chart, and the
//! depth over time as a sparkline, both with ratatui's own widgets.

use super::theme::Theme;
use crate::app::track::Profile;
use crate::text::grouped;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, Paragraph, Sparkline, Widget};

/// The rows the profile needs at the least: a title and three of chart, a title and two of
/// sparkline.
pub const PROFILE_MIN_ROWS: u16 = 7;

/// Placements per depth in at most `columns` bars: depths grouped evenly when there are more,
/// each bar labelled by its first depth. Returns (first depth of each bar, placements).
pub fn bars_of(per_depth: &[u64], columns: usize) -> Vec<(usize, u64)> {
    // Depth 0 holds what was forced before any guess; the chart starts at the first guess.
    let depths = per_depth.get(1..).unwrap_or(&[]);
    if depths.is_empty() {
        return Vec::new();
    }
    let per = depths.len().div_ceil(columns.max(1));
    depths
        .chunks(per)
        .enumerate()
        .map(|(i, chunk)| (1 + i * per, chunk.iter().sum()))
        .collect()
}

/// The profile of a search.
pub struct ProfileView<'a> {
    /// The profile.
    pub profile: &'a Profile,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for ProfileView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        if area.height < PROFILE_MIN_ROWS || area.width < 10 {
            return;
        }
        let p = self.profile;
        let spark_rows = (area.height / 3).max(2);
        let chart_rows = area.height - spark_rows - 2;
        let bars = bars_of(&p.per_depth, usize::from(area.width));
        let deepest = p.per_depth.len().saturating_sub(1);
        let most = bars.iter().map(|(_, v)| *v).max().unwrap_or(0);
        let title = Line::from(vec![
            Span::styled("Placements by depth ", t.label),
            Span::styled(format!("1-{deepest}, top {}", grouped(most)), t.dim),
        ]);
        Paragraph::new(title).render(Rect::new(area.x, area.y, area.width, 1), buf);
        let width = (usize::from(area.width) / bars.len().max(1)).clamp(1, 3) as u16;
        let chart = BarChart::new(
            bars.iter()
                .map(|&(_, v)| Bar::new(v).text_value(String::new()))
                .collect::<Vec<_>>(),
        )
        .bar_width(width)
        .bar_gap(0)
        .bar_style(t.placed);
        chart.render(Rect::new(area.x, area.y + 1, area.width, chart_rows), buf);
        let spark_title_y = area.y + 1 + chart_rows;
        let title = Line::from(vec![
            Span::styled("Depth over time ", t.label),
            Span::styled(
                match p.bucket * p.depths.len().div_ceil(usize::from(area.width)).max(1) as u64 {
                    1 => "a step a column".to_string(),
                    n => format!("{} steps a column", grouped(n)),
                },
                t.dim,
            ),
        ]);
        Paragraph::new(title).render(Rect::new(area.x, spark_title_y, area.width, 1), buf);
        Sparkline::default()
            .data(p.depths_in(usize::from(area.width)))
            .style(t.key)
            .render(Rect::new(area.x, spark_title_y + 1, area.width, spark_rows), buf);
    }
}

#[cfg(test)]
mod tests {
    use super::bars_of;

    #[test]
    fn depths_group_into_the_columns_there_are() {
        let per_depth: Vec<u64> = (0..=64).collect();
        let bars = bars_of(&per_depth, 20);
        assert!(bars.len() <= 20, "{}", bars.len());
        assert_eq!(bars[0], (1, 1 + 2 + 3 + 4));
        assert_eq!(bars.iter().map(|b| b.1).sum::<u64>(), (1..=64).sum::<u64>());
        assert_eq!(bars_of(&per_depth[..3], 20), vec![(1, 1), (2, 2)]);
        assert!(bars_of(&[5], 20).is_empty());
    }
}
