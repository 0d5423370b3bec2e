//! The record of games: each game solved by hand, or given up, as one line of text appended to
//! a file of the player's (the runtime's `games` module reads and writes it), and the statistics
//! drawn from those lines. Here are the values, the line format both ways and the statistics:
//! no file, no clock (the date comes from the runtime with the game's end).
//!
//! A line is `key=value` fields separated by single spaces, the version first and the puzzle
//! last:
//!
//! ```text
//! v=1 date=2025-06-01T12:34:56Z outcome=solved level=hard rating=3.4 time=754 hints=2 checks=1 puzzle=4.....8.5.3....
//! ```
//!
//! The puzzle comes last and must be 81 cells, so a line cut short (a process killed in the
//! middle of its write, a full disk) never reads as a whole game: it lacks its puzzle or holds
//! only part of it. A line that does not read (cut, edited by hand, of a later version, not ours
//! at all) is skipped and named with its line number and why; nothing here or in the runtime
//! ever deletes one.

use super::play::{MAX_TIME, Play};
use std::fmt;
use std::time::Duration;
use sudoku_engine::Board;
use sudoku_engine::logic::{Difficulty, Level, Rating};

/// The version of the line format this build writes and reads.
pub const VERSION: u32 = 1;

/// The longest line read as a game: a game's line is some 160 bytes; a longer one is no line of
/// ours, and is not held in memory whole.
pub const MAX_LINE: usize = 4096;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player filled the last cell right, by hand (hints count as help, not as giving up).
    Solved,
    /// The player left a started game unsolved and unsaved, or let the solver finish it.
    GaveUp,
}

impl Outcome {
    /// The word on a line.
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::GaveUp => "gave-up",
        }
    }

    fn from_name(name: &str) -> Option<Outcome> {
        [Outcome::Solved, Outcome::GaveUp]
            .into_iter()
            .find(|o| o.name() == name)
    }
}

/// A rating as a game's line keeps it: Sudoku Explainer's ER, exact or the least it can be
/// (logic stopped short, or the time to rate it ran out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    /// The number, in tenths.
    pub difficulty: Difficulty,
    /// Whether it is only the least the puzzle can be (`>=9.0`).
    pub at_least: bool,
}

impl Rated {
    /// What a line keeps of `rating`.
    pub fn of(rating: &Rating) -> Rated {
        Rated {
            difficulty: rating.difficulty,
            at_least: !rating.solved || rating.out_of_time,
        }
    }
}

impl fmt::Display for Rated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.at_least { ">=" } else { "" };
        write!(f, "{sign}{}", self.difficulty)
    }
}

/// One game of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// When it ended: seconds since 1970-01-01 UTC.
    pub date: i64,
    /// How it ended.
    pub outcome: Outcome,
    /// The puzzle's level, if it could be rated (a puzzle with several solutions cannot).
    pub level: Option<Level>,
    /// Its rating, if it could be rated.
    pub rating: Option<Rated>,
    /// The time spent on it by hand, to the second.
    pub time: Duration,
    /// Hints asked for.
    pub hints: u32,
    /// Checks asked for.
    pub checks: u32,
    /// The puzzle: its givens.
    pub puzzle: Board,
}

/// A game that just ended, as the model knows it: the runtime dates it, rates it if the model
/// has no rating yet, and appends it to the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// How it ended.
    pub outcome: Outcome,
    /// The time, hints and checks.
    pub play: Play,
    /// The givens.
    pub puzzle: Board,
    /// The rating, when the model had it (`Err`: the puzzle has none, and why).
    pub rating: Option<Result<Rating, String>>,
    /// Whether the game was set aside (another document replaced it) and is recorded at a
    /// quit, maybe among others: rated briefly then (at least what a tenth of a second finds),
    /// as seconds of rating each held the quit, and overran a signal's wait (attack E).
    pub set_aside: bool,
}

impl GameEnd {
    /// The game, ended at `date` (seconds since 1970 UTC) and rated `rating` (`None`: it has
    /// none).
    pub fn dated(&self, date: i64, rating: Option<&Rating>) -> Game {
        Game {
            date,
            outcome: self.outcome,
            // A rating cut off by its time is a bound (`>=2.6`), not a level: the level taken
            // from it said "easy" for puzzles of SE 11 (attack F). Unrated, the bound kept.
            level: rating.filter(|r| !r.out_of_time).map(|r| r.level),
            rating: rating.map(Rated::of),
            time: Duration::from_secs(self.play.elapsed.as_secs()),
            hints: self.play.hints,
            checks: self.play.checks,
            puzzle: self.puzzle.givens_only(),
        }
    }
}

impl Game {
    /// The game's line, without its line end.
    pub fn line(&self) -> String {
        let level = self.level.map_or("-", Level::name);
        let rating = self.rating.map_or_else(|| "-".to_string(), |r| r.to_string());
        format!(
            "v={VERSION} date={} outcome={} level={level} rating={rating} time={} hints={} checks={} puzzle={}",
            date_text(self.date),
            self.outcome.name(),
            self.time.as_secs(),
            self.hints,
            self.checks,
            self.puzzle
        )
    }
}

/// Why a line of the record is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// It does not begin with a version: not a line of this record at all.
    Foreign,
    /// A version this build does not read (a later one wrote it).
    Version(String),
    /// A field the line must have is not there: the line was cut short, or edited.
    Missing(&'static str),
    /// A field of the line has a value that does not read: the field and why.
    Bad(&'static str, String),
    /// A field no version 1 line has.
    Unknown(String),
    /// A field given twice.
    Twice(String),
    /// Longer than [`MAX_LINE`] bytes.
    TooLong,
    /// Not UTF-8 text.
    NotText,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Foreign => f.write_str("not a game of the record (it does not begin with v=)"),
            LineError::Version(v) => write!(f, "written by another version (v={v}; this one reads v={VERSION})"),
            LineError::Missing("puzzle") => f.write_str("no puzzle: the line was cut short, or edited"),
            LineError::Missing(field) => write!(f, "no {field}= field: the line was cut short, or edited"),
            LineError::Bad(field, why) => write!(f, "{field}= {why}"),
            LineError::Unknown(field) => write!(f, "unknown field {field}="),
            LineError::Twice(field) => write!(f, "{field}= given twice"),
            LineError::TooLong => write!(f, "longer than {MAX_LINE} bytes: not a game of the record"),
            LineError::NotText => f.write_str("not UTF-8 text: not a game of the record"),
        }
    }
}

/// The fields of a line, in the order they are written.
const FIELDS: [&str; 9] = [
    "v", "date", "outcome", "level", "rating", "time", "hints", "checks", "puzzle",
];

/// Reads one line of the record (without its line end).
pub fn parse_line(line: &str) -> Result<Game, LineError> {
    let mut values: [Option<&str>; 9] = [None; 9];
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    match words.next().and_then(|w| w.strip_prefix("v=")) {
        Some(v) if v == VERSION.to_string() => values[0] = Some(v),
        Some(v) => return Err(LineError::Version(crate::text::printable(v).chars().take(20).collect())),
        None => return Err(LineError::Foreign),
    }
    // A line cut short is said to be cut, whatever its last word became (`tim` of `time=`).
    if !line.split(' ').any(|w| w.starts_with("puzzle=")) {
        return Err(LineError::Missing("puzzle"));
    }
    for word in words {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let shown = || crate::text::printable(key).chars().take(20).collect::<String>();
        let Some(i) = FIELDS.iter().position(|f| *f == key) else {
            return Err(LineError::Unknown(shown()));
        };
        if values[i].replace(value).is_some() {
            return Err(LineError::Twice(shown()));
        }
    }
    let get = |i: usize| values[i].ok_or(LineError::Missing(FIELDS[i]));
    // The puzzle first: a cut line is said to be cut, whatever else it lacks.
    let puzzle = parse_puzzle(get(8)?)?;
    let date = parse_date(get(1)?).ok_or_else(|| bad("date", "is not a date such as 2025-06-01T12:34:56Z"))?;
    let outcome = Outcome::from_name(get(2)?).ok_or_else(|| bad("outcome", "is neither solved nor gave-up"))?;
    let level = match get(3)? {
        "-" => None,
        name => Some(Level::from_name(name).ok_or_else(|| bad("level", "is not a level (easy ... needs-trial)"))?),
    };
    let rating = match get(4)? {
        "-" => None,
        text => Some(parse_rating(text).ok_or_else(|| bad("rating", "is not a rating such as 3.4 or >=9.0"))?),
    };
    let seconds = number(get(5)?, "time")?;
    let time = Duration::from_secs(seconds);
    if time > MAX_TIME {
        return Err(bad("time", "is more than a hundred years"));
    }
    let hints = u32::try_from(number(get(6)?, "hints")?).map_err(|_| bad("hints", "is too big"))?;
    let checks = u32::try_from(number(get(7)?, "checks")?).map_err(|_| bad("checks", "is too big"))?;
    Ok(Game {
        date,
        outcome,
        level,
        rating,
        time,
        hints,
        checks,
        puzzle,
    })
}

fn bad(field: &'static str, why: &str) -> LineError {
    LineError::Bad(field, why.to_string())
}

fn number(text: &str, field: &'static str) -> Result<u64, LineError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(field, "is not a whole number"));
    }
    text.parse().map_err(|_| bad(field, "is too big"))
}

fn parse_puzzle(text: &str) -> Result<Board, LineError> {
    if text.len() != 81 {
        return Err(bad(
            "puzzle",
            &format!(
                "has {} cells, not 81: the line was cut short, or edited",
                text.chars().count()
            ),
        ));
    }
    let mut digits = [0u8; 81];
    for (cell, b) in digits.iter_mut().zip(text.bytes()) {
        *cell = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => return Err(bad("puzzle", "holds a character that is no cell (1-9, . or 0)")),
        };
    }
    Ok(Board::from_givens(&digits))
}

fn parse_rating(text: &str) -> Option<Rated> {
    let (at_least, number) = match text.strip_prefix(">=") {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, tenth) = number.split_once('.')?;
    if whole.is_empty() || whole.len() > 3 || tenth.len() != 1 {
        return None;
    }
    let whole: u16 = whole
        .parse()
        .ok()
        .filter(|_| whole.bytes().all(|b| b.is_ascii_digit()))?;
    let tenth: u16 = tenth
        .parse()
        .ok()
        .filter(|_| tenth.bytes().all(|b| b.is_ascii_digit()))?;
    Some(Rated {
        difficulty: Difficulty(whole * 10 + tenth),
        at_least,
    })
}

/// Days from 1970-01-01 to the date `year-month-day` of the Gregorian calendar (negative
/// before it). Counted in eras of 400 years, which repeat exactly; each era starts on 1 March
/// so that the leap day ends a year.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y.rem_euclid(400);
    let month_from_march = (i64::from(month) + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    // 719,468 days from 0000-03-01 to 1970-01-01.
    era * 146_097 + day_of_era - 719_468
}

/// The date `days` after 1970-01-01: year, month, day (the inverse of [`days_from_civil`]).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `seconds` since 1970 UTC as ISO 8601: `2025-06-01T12:34:56Z`.
pub fn date_text(seconds: i64) -> String {
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let s = seconds.rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// The seconds since 1970 UTC of an ISO 8601 date as [`date_text`] writes it.
fn parse_date(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let shape = b.len() == 20
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b'T',
            13 | 16 => *c == b':',
            19 => *c == b'Z',
            _ => c.is_ascii_digit(),
        });
    if !shape {
        return None;
    }
    let n = |range: std::ops::Range<usize>| text[range].parse::<u32>().ok();
    let (year, month, day) = (n(0..4)?, n(5..7)?, n(8..10)?);
    let (hour, minute, second) = (n(11..13)?, n(14..16)?, n(17..19)?);
    let days = days_from_civil(i64::from(year), month, day);
    // Month 2 day 31 and the like would land in another month: not a date.
    if !(1..=12).contains(&month) || civil_from_days(days) != (i64::from(year), month, day) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    Some(days * 86_400 + i64::from(hour * 3600 + minute * 60 + second.min(59)))
}

/// A line of the record that was not read as a game: its number (1 for the first) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The line's number.
    pub line: u64,
    /// Why it was skipped.
    pub why: LineError,
}

/// The record as read: its games in the order played, and the lines skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The games.
    pub games: Vec<Game>,
    /// The first lines skipped (at most [`Record::NAMED`]), each named.
    pub skipped: Vec<Skipped>,
    /// How many lines were skipped in all.
    pub skipped_count: u64,
}

impl Record {
    /// The most skipped lines named one by one; the others are counted.
    pub const NAMED: usize = 100;

    /// Notes that line `line` was skipped, and why.
    pub fn skip(&mut self, line: u64, why: LineError) {
        self.skipped_count += 1;
        if self.skipped.len() < Record::NAMED {
            self.skipped.push(Skipped { line, why });
        }
    }

    /// Reads line `number` (its text without its line end) into the record.
    pub fn read_line(&mut self, number: u64, line: &[u8]) {
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            return;
        }
        if line.len() > MAX_LINE {
            return self.skip(number, LineError::TooLong);
        }
        let Ok(text) = std::str::from_utf8(line) else {
            return self.skip(number, LineError::NotText);
        };
        match parse_line(text.trim_end_matches([' ', '\t'])) {
            Ok(game) => self.games.push(game),
            Err(why) => self.skip(number, why),
        }
    }
}

/// The statistics of one level (or of every game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelStats {
    /// The level; `None` for the puzzles without a rating.
    pub level: Option<Level>,
    /// Games played.
    pub games: usize,
    /// Games solved.
    pub solved: usize,
    /// The best time of a game solved.
    pub best: Option<Duration>,
    /// The median time of the games solved.
    pub median: Option<Duration>,
    /// Hints asked for in all its games.
    pub hints: u64,
    /// The time of each game solved, in the order played.
    pub times: Vec<Duration>,
}

impl LevelStats {
    fn of(level: Option<Level>, games: &[&Game]) -> LevelStats {
        let times: Vec<Duration> = games
            .iter()
            .filter(|g| g.outcome == Outcome::Solved)
            .map(|g| g.time)
            .collect();
        let mut sorted = times.clone();
        sorted.sort_unstable();
        let median = match sorted.len() {
            0 => None,
            n if n % 2 == 1 => Some(sorted[n / 2]),
            n => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2),
        };
        let hints: u64 = games.iter().map(|g| u64::from(g.hints)).sum();
        LevelStats {
            level,
            games: games.len(),
            solved: times.len(),
            best: sorted.first().copied(),
            median,
            hints,
            times,
        }
    }

    /// Hints asked for per game, every game counted.
    pub fn hints_per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.hints as f64 / self.games as f64
        }
    }

    /// The level's name for people: `hard`, `unrated`.
    pub fn name(&self) -> &'static str {
        self.level.map_or("unrated", Level::name)
    }
}

/// The statistics of a record: a row per level played, easiest first (the unrated last), then
/// one of every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// The rows of the levels.
    pub levels: Vec<LevelStats>,
    /// Every game.
    pub all: LevelStats,
}

impl Stats {
    /// The statistics of `games`.
    pub fn of(games: &[Game]) -> Stats {
        let order = Level::ALL.into_iter().map(Some).chain([None]);
        let levels = order
            .filter_map(|level| {
                let of_level: Vec<&Game> = games.iter().filter(|g| g.level == level).collect();
                (!of_level.is_empty()).then(|| LevelStats::of(level, &of_level))
            })
            .collect();
        let every: Vec<&Game> = games.iter().collect();
        Stats {
            levels,
            all: LevelStats::of(None, &every),
        }
    }

    /// The rows as a table shows them: the levels, then every game (when more than one level).
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, &LevelStats)> {
        let all = (self.levels.len() > 1).then_some(("all", &self.all));
        self.levels.iter().map(|l| (l.name(), l)).chain(all)
    }

    /// How many rows [`Stats::rows`] gives.
    pub fn row_count(&self) -> usize {
        self.levels.len() + usize::from(self.levels.len() > 1)
    }
}

/// The statistics screen: the record read, its statistics, and the row whose times the chart
/// shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsView {
    /// The record's file, for the screen.
    pub file: String,
    /// The record.
    pub record: Record,
    /// Its statistics.
    pub stats: Stats,
    /// The row selected (its times are charted).
    pub selected: usize,
}

impl StatsView {
    /// The screen on `record`, read from `file`.
    pub fn new(file: String, record: Record) -> StatsView {
        let stats = Stats::of(&record.games);
        // Every game's row first when there is one: the whole picture.
        let selected = stats.row_count().saturating_sub(1);
        StatsView {
            file,
            record,
            stats,
            selected,
        }
    }

    /// The row selected.
    pub fn selected_row(&self) -> Option<(&'static str, &LevelStats)> {
        self.stats.rows().nth(self.selected)
    }

    /// Moves the selection by `delta` rows, wrapping.
    pub fn select(&mut self, delta: isize) {
        let n = self.stats.row_count();
        if n > 0 {
            self.selected = (self.selected as isize + delta).rem_euclid(n as isize) as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game {
            date: 1_748_781_296,
            outcome: Outcome::Solved,
            level: Some(Level::Hard),
            rating: Some(Rated {
                difficulty: Difficulty(34),
                at_least: false,
            }),
            time: Duration::from_secs(754),
            hints: 2,
            checks: 1,
            puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap(),
        }
    }

    #[test]
    fn a_game_reads_back_as_written() {
        let g = game();
        let line = g.line();
        assert_eq!(
            line,
            "v=1 date=2025-06-01T12:34:56Z outcome=solved level=hard rating=3.4 time=754 hints=2 checks=1 \
             puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        );
        assert_eq!(parse_line(&line), Ok(g.clone()));
        let unrated = Game {
            level: None,
            rating: None,
            outcome: Outcome::GaveUp,
            ..g.clone()
        };
        assert_eq!(parse_line(&unrated.line()), Ok(unrated));
        let least = Game {
            rating: Some(Rated {
                difficulty: Difficulty(90),
                at_least: true,
            }),
            level: Some(Level::NeedsTrial),
            ..g
        };
        assert!(least.line().contains("level=needs-trial rating=>=9.0 "));
        assert_eq!(parse_line(&least.line()), Ok(least));
    }

    #[test]
    fn dates_go_both_ways_across_eras_and_leap_days() {
        for (seconds, text) in [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (-86_400, "1969-12-31T00:00:00Z"),
        ] {
            assert_eq!(date_text(seconds), text);
            assert_eq!(parse_date(text), Some(seconds), "{text}");
        }
        for day in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(day);
            assert_eq!(days_from_civil(y, m, d), day);
        }
        for wrong in [
            "2025-02-30T00:00:00Z",
            "2100-02-29T00:00:00Z",
            "2025-13-01T00:00:00Z",
            "2025-01-01T24:00:00Z",
            "2025-01-01 00:00:00Z",
            "2025-1-01T00:00:00Z",
        ] {
            assert_eq!(parse_date(wrong), None, "{wrong}");
        }
    }

    /// Every cut of a line short of its end is refused, and the reason for most is that it was
    /// cut: a line is whole or it is not a game.
    #[test]
    fn a_line_cut_anywhere_is_never_a_game() {
        let line = game().line();
        for cut in 0..line.len() {
            let part = &line[..cut];
            assert!(parse_line(part).is_err(), "{part:?} read as a game");
        }
    }

    #[test]
    fn broken_and_foreign_lines_say_why() {
        let line = game().line();
        let said = |text: &str| parse_line(text).unwrap_err().to_string();
        assert_eq!(said("hello"), "not a game of the record (it does not begin with v=)");
        assert_eq!(
            said(&line.replacen("v=1", "v=2", 1)),
            "written by another version (v=2; this one reads v=1)"
        );
        assert_eq!(
            said(&line.replace("time=754", "time=ten")),
            "time= is not a whole number"
        );
        assert_eq!(
            said(&line.replace("time=754", "time=-3")),
            "time= is not a whole number"
        );
        assert_eq!(said(&format!("{line} colour=red")), "unknown field colour=");
        assert_eq!(said(&format!("{line} hints=3")), "hints= given twice");
        assert_eq!(
            said(&line.replace("level=hard", "level=tough")),
            "level= is not a level (easy ... needs-trial)"
        );
        assert_eq!(
            said(&line.replace("rating=3.4", "rating=3.45")),
            "rating= is not a rating such as 3.4 or >=9.0"
        );
        assert_eq!(
            said(&line.replace("outcome=solved", "outcome=won")),
            "outcome= is neither solved nor gave-up"
        );
        assert_eq!(
            said(&line.replace(" hints=2", "")),
            "no hints= field: the line was cut short, or edited"
        );
        assert_eq!(
            said(&line.replace("checks=1", "checks=99999999999")),
            "checks= is too big"
        );
        // A time beyond what a game's clock holds.
        assert_eq!(
            said(&line.replace("time=754", "time=99999999999")),
            "time= is more than a hundred years"
        );
        // Fields in another order, or spaced twice, still read: only what they say counts.
        let shuffled = line.replacen("outcome=solved level=hard", "level=hard  outcome=solved", 1);
        assert_eq!(parse_line(&shuffled), Ok(game()));
        let mut record = Record::default();
        record.read_line(1, b"   ");
        record.read_line(2, &vec![b'x'; MAX_LINE + 1]);
        record.read_line(3, b"v=1 \xff");
        record.read_line(4, format!("{line} \t").as_bytes());
        assert_eq!(record.games, [game()], "trailing blanks are no field");
        assert_eq!(
            record.skipped,
            [
                Skipped {
                    line: 2,
                    why: LineError::TooLong
                },
                Skipped {
                    line: 3,
                    why: LineError::NotText
                }
            ]
        );
    }

    #[test]
    fn statistics_per_level_best_median_and_hints() {
        let at = |level, secs: u64, outcome, hints| Game {
            level,
            time: Duration::from_secs(secs),
            outcome,
            hints,
            ..game()
        };
        let games = [
            at(Some(Level::Hard), 300, Outcome::Solved, 1),
            at(Some(Level::Easy), 100, Outcome::Solved, 0),
            at(Some(Level::Hard), 200, Outcome::Solved, 0),
            at(Some(Level::Hard), 900, Outcome::GaveUp, 5),
            at(None, 50, Outcome::Solved, 0),
            at(Some(Level::Hard), 500, Outcome::Solved, 0),
            at(Some(Level::Hard), 400, Outcome::Solved, 0),
        ];
        let stats = Stats::of(&games);
        let names: Vec<_> = stats.rows().map(|(name, _)| name).collect();
        assert_eq!(names, ["easy", "hard", "unrated", "all"]);
        let hard = &stats.levels[1];
        assert_eq!((hard.games, hard.solved), (5, 4));
        assert_eq!(hard.best, Some(Duration::from_secs(200)));
        assert_eq!(
            hard.median,
            Some(Duration::from_secs(350)),
            "the mean of the middle two"
        );
        assert_eq!(hard.hints_per_game(), 6.0 / 5.0);
        let secs: Vec<u64> = hard.times.iter().map(Duration::as_secs).collect();
        assert_eq!(
            secs,
            [300, 200, 500, 400],
            "in the order played; a game given up has no time"
        );
        assert_eq!(stats.levels[0].median, Some(Duration::from_secs(100)));
        assert_eq!(stats.all.games, 7);
        let one = Stats::of(&games[..1]);
        assert_eq!(one.row_count(), 1, "no row of every game beside a single level");
        let mut view = StatsView::new("games".into(), Record::default());
        view.select(1);
        assert_eq!(
            (view.selected, view.selected_row()),
            (0, None),
            "an empty record selects nothing"
        );
    }
}
