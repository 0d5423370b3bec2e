//! A game played by hand: the time spent solving and the help asked for, kept with the
//! document, saved in a progress file's `#!time`, `#!hints` and `#!checks` lines and read back
//! from them.

use std::time::{Duration, Instant};
use sudoku_engine::Puzzle;

/// The longest time a record holds (a hundred years): a file cannot make the clock overflow.
pub const MAX_TIME: Duration = Duration::from_secs(sudoku_engine::MAX_PLAY_SECONDS);

/// The progress-file fields a game's record is saved in.
pub const FIELDS: [&str; 3] = ["time", "hints", "checks"];

/// The record of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Play {
    /// Time spent solving by hand.
    pub elapsed: Duration,
    /// Hints asked for.
    pub hints: u32,
    /// Checks asked for.
    pub checks: u32,
}

impl Play {
    /// The record `puzzle`'s fields hold (nothing where a field is missing or not a number: a
    /// broken count is not worth refusing a file for).
    pub fn of(puzzle: &Puzzle) -> Play {
        let number = |key: &str| puzzle.field(key).and_then(|v| v.trim().parse::<u64>().ok());
        Play {
            elapsed: Duration::from_secs(number("time").unwrap_or(0)).min(MAX_TIME),
            hints: number("hints").map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX)),
            checks: number("checks").map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX)),
        }
    }

    /// `fields` with the record in place of any earlier one (nothing for a game not begun).
    pub fn write_into(&self, fields: &mut Vec<(String, String)>) {
        fields.retain(|(key, _)| !FIELDS.contains(&key.as_str()));
        if *self == Play::default() {
            return;
        }
        fields.push(("time".into(), self.elapsed.as_secs().to_string()));
        fields.push(("hints".into(), self.hints.to_string()));
        fields.push(("checks".into(), self.checks.to_string()));
    }
}

/// The clock of the game: it runs while the player solves by hand, and the event loop moves it
/// on with [`Clock::tick`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// When the clock was last moved on, if it was running then.
    since: Option<Instant>,
}

impl Clock {
    /// Adds the time since the last tick to `play` if the clock was running, and runs it from
    /// `now` on if `running`.
    pub fn tick(&mut self, now: Instant, running: bool, play: &mut Play) {
        if let Some(since) = self.since {
            play.elapsed = (play.elapsed + now.saturating_duration_since(since)).min(MAX_TIME);
        }
        self.since = running.then_some(now);
    }

    /// Whether the clock is running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Stops the clock without counting the time since the last tick (a new game).
    pub fn reset(&mut self) {
        self.since = None;
    }
}

/// `d` as a clock shows it: `m:ss`, or `h:mm:ss` from an hour.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_only_while_running() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut play = Play::default();
        let mut clock = Clock::default();
        clock.tick(at(0), true, &mut play);
        clock.tick(at(5), true, &mut play);
        assert_eq!(play.elapsed, Duration::from_secs(5));
        // Paused at 6 (a dialog opened): the second up to it counts, the pause does not.
        clock.tick(at(6), false, &mut play);
        clock.tick(at(100), false, &mut play);
        assert_eq!(play.elapsed, Duration::from_secs(6));
        clock.tick(at(101), true, &mut play);
        clock.tick(at(103), true, &mut play);
        assert_eq!(play.elapsed, Duration::from_secs(8));
    }

    #[test]
    fn a_record_goes_into_fields_and_back() {
        let play = Play {
            elapsed: Duration::from_secs(754),
            hints: 3,
            checks: 1,
        };
        let mut puzzle = Puzzle::default();
        puzzle.fields.push(("time".into(), "1".into()));
        puzzle.fields.push(("origin".into(), "file x".into()));
        play.write_into(&mut puzzle.fields);
        assert_eq!(puzzle.fields.iter().filter(|(k, _)| k == "time").count(), 1);
        assert_eq!(puzzle.field("origin"), Some("file x"), "other fields stay");
        assert_eq!(Play::of(&puzzle), play);
        puzzle.fields[1].1 = u64::MAX.to_string();
        let huge = Play::of(&puzzle);
        assert_eq!(huge.elapsed, MAX_TIME, "a time from a file is capped");
        let mut clock = Clock::default();
        let mut played = huge;
        let start = Instant::now();
        clock.tick(start, true, &mut played);
        clock.tick(start + Duration::from_secs(5), true, &mut played);
        assert_eq!(played.elapsed, MAX_TIME, "and never overflows");
        puzzle.fields[1].1 = "lots".into();
        assert_eq!(Play::of(&puzzle).elapsed, Duration::ZERO, "a broken time reads as none");
        assert_eq!(clock_text(Duration::from_secs(754)), "12:34");
        assert_eq!(clock_text(Duration::from_secs(3 * 3600 + 5)), "3:00:05");
    }
}
