//! The search profile under step mode's panel: placements per depth as a bar chart, and the
//! depth over time as a sparkline, both with ratatui's own widgets, each with its axes: the
//! y axis labelled with its top value and 0, the x axis with its first and last depth or step.

use super::theme::Theme;
use crate::app::track::Profile;
use crate::text::grouped;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, Paragraph, Sparkline, Widget};

/// The rows the profile needs at the least: for each chart a title and its axis, three rows of
/// bars and one of the depth over time.
pub const PROFILE_MIN_ROWS: u16 = 8;

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
    /// The steps taken: the right end of the depth over time.
    pub steps: u64,
    /// The styles.
    pub theme: &'a Theme,
}

/// A chart's title, with what it shows in brackets when that fits `width`.
fn title<'a>(name: &'a str, note: &str, width: u16, t: &Theme) -> Paragraph<'a> {
    let mut spans = vec![Span::styled(name, t.label)];
    if name.chars().count() + note.chars().count() + 3 <= usize::from(width) {
        spans.push(Span::styled(format!(" ({note})"), t.dim));
    }
    Paragraph::new(Line::from(spans))
}

/// A chart's frame in `area`: the y axis's labels (`top` at the first row, 0 on the axis line)
/// in a column as wide as the longest, the axis itself, and the x axis along the last row,
/// `extent` columns long (as far as the chart draws), with `left` under its start, `right`
/// under its end and `name` between.
fn axes(area: Rect, top: &str, extent: usize, (left, name, right): (&str, &str, &str), t: &Theme, buf: &mut Buffer) {
    let label_w = top.chars().count().max(1) as u16;
    let axis_x = area.x + label_w;
    let plot_bottom = area.bottom().saturating_sub(1);
    for y in area.y..plot_bottom {
        let (label, line) = if y == area.y { (top, "┤") } else { ("", "│") };
        buf.set_string(area.x, y, format!("{label:>w$}", w = usize::from(label_w)), t.dim);
        buf.set_string(axis_x, y, line, t.dim);
    }
    buf.set_string(
        area.x,
        plot_bottom,
        format!("{:>w$}└", "0", w = usize::from(label_w)),
        t.dim,
    );
    let width = extent.min(usize::from(area.width.saturating_sub(label_w + 1)));
    let mut row: Vec<char> = "─".repeat(width).chars().collect();
    let mut put = |at: usize, text: &str| {
        for (i, c) in text.chars().enumerate() {
            if let Some(slot) = row.get_mut(at + i) {
                *slot = c;
            }
        }
    };
    let (l, n, r) = (left.chars().count(), name.chars().count(), right.chars().count());
    put(0, left);
    if l + n + r + 4 <= width {
        put((width - n) / 2 - 1, &format!(" {name} "));
    }
    if l + r < width {
        put(width - r, right);
    }
    buf.set_string(axis_x + 1, plot_bottom, row.into_iter().collect::<String>(), t.dim);
}

/// The plot's area inside `area` once the y axis's labels (as wide as `top`) and the x axis
/// have theirs.
fn plot_of(area: Rect, top: &str) -> Rect {
    let label_w = top.chars().count().max(1) as u16;
    Rect::new(
        area.x + label_w + 1,
        area.y,
        area.width.saturating_sub(label_w + 1),
        area.height.saturating_sub(1),
    )
}

impl Widget for ProfileView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        if area.height < PROFILE_MIN_ROWS || area.width < 16 {
            return;
        }
        let p = self.profile;
        // Two titles and two axes; of the rest a third for the depth over time (a row at least).
        let free = area.height - 4;
        let spark_rows = (free / 3).max(1);
        let chart_rows = free - spark_rows;
        let deepest = p.per_depth.len().saturating_sub(1);
        title(
            "Placements by depth",
            "digits put in cells at each depth",
            area.width,
            t,
        )
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
        // The y axis is as wide as the tallest bar's count; the bars take what is left, and the
        // x axis runs as far as they do.
        let chart_area = Rect::new(area.x, area.y + 1, area.width, chart_rows + 1);
        let guess = bars_of(&p.per_depth, usize::from(area.width));
        let top = grouped(guess.iter().map(|(_, v)| *v).max().unwrap_or(0));
        let plot = plot_of(chart_area, &top);
        let bars = bars_of(&p.per_depth, usize::from(plot.width));
        let most = bars.iter().map(|(_, v)| *v).max().unwrap_or(0);
        let top = grouped(most);
        let plot = plot_of(chart_area, &top);
        let width = (usize::from(plot.width) / bars.len().max(1)).clamp(1, 3) as u16;
        let first = if deepest == 0 { "-".to_string() } else { "1".to_string() };
        axes(
            chart_area,
            &top,
            bars.len() * usize::from(width),
            (&first, "depth", &deepest.to_string()),
            t,
            buf,
        );
        BarChart::new(
            bars.iter()
                .map(|&(_, v)| Bar::new(v).text_value(String::new()))
                .collect::<Vec<_>>(),
        )
        .bar_width(width)
        .bar_gap(0)
        .max(most.max(1))
        .bar_style(t.placed)
        .render(plot, buf);

        let spark_title_y = chart_area.bottom();
        let depths = p.depths_in(usize::from(area.width));
        let per_column = p.bucket * p.depths.len().div_ceil(usize::from(area.width)).max(1) as u64;
        let note = match per_column {
            1 => "the depth after each step".to_string(),
            n => format!("the deepest of each {} steps", grouped(n)),
        };
        title("Depth over time", &note, area.width, t).render(Rect::new(area.x, spark_title_y, area.width, 1), buf);
        let spark_area = Rect::new(area.x, spark_title_y + 1, area.width, spark_rows + 1);
        let top = depths.iter().copied().max().unwrap_or(0).to_string();
        let plot = plot_of(spark_area, &top);
        let data = p.depths_in(usize::from(plot.width));
        let top_value = data.iter().copied().max().unwrap_or(0);
        axes(
            spark_area,
            &top_value.to_string(),
            data.len(),
            ("0", "step", &grouped(self.steps)),
            t,
            buf,
        );
        Sparkline::default()
            .data(data)
            .max(top_value.max(1))
            .style(t.key)
            .render(plot_of(spark_area, &top_value.to_string()), buf);
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
