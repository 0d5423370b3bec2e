//! Step mode: the search pulled one step at a time, run at a chosen speed, and stepped back
//! anywhere by replaying from a checkpoint (the search is deterministic, so a copy of the machine
//! every few thousand steps is all the history needed).

use crate::sudoku::{Board, Conflict, Counters, Decision, Search, Step, Strategy};
use std::time::{Duration, Instant};

/// Steps per second, slowest first; the last means as fast as the machine goes.
pub const SPEEDS: [u64; 14] = [
    1,
    2,
    5,
    10,
    20,
    50,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    u64::MAX,
];

/// Where running starts: 10 steps a second.
const DEFAULT_SPEED: usize = 3;

/// Checkpoints are kept every this many steps at first.
const FIRST_INTERVAL: u64 = 1024;

/// At most this many checkpoints; past it, every other one goes and the interval doubles, so
/// memory stays flat and a step back replays at most one interval.
const MAX_CHECKPOINTS: usize = 1024;

/// Copies of the search at regular step counts.
#[derive(Clone)]
struct Checkpoints {
    /// (steps taken, search after them, the last of them), ascending; the first is the search
    /// before any step.
    saved: Vec<(u64, Search, Option<Step>)>,
    interval: u64,
}

impl Checkpoints {
    fn new(start: &Search) -> Checkpoints {
        Checkpoints {
            saved: vec![(0, start.clone(), None)],
            interval: FIRST_INTERVAL,
        }
    }

    /// Called after each step forward.
    fn note(&mut self, position: u64, search: &Search, last: Option<Step>) {
        let newest = self.saved.last().map_or(0, |(p, ..)| *p);
        if position % self.interval == 0 && position > newest {
            self.saved.push((position, search.clone(), last));
            if self.saved.len() > MAX_CHECKPOINTS {
                self.interval *= 2;
                let interval = self.interval;
                self.saved.retain(|(p, ..)| p % interval == 0);
            }
        }
    }

    /// The latest checkpoint at or before `position`.
    fn at_or_before(&self, position: u64) -> &(u64, Search, Option<Step>) {
        let i = self.saved.partition_point(|(p, ..)| *p <= position);
        &self.saved[i.saturating_sub(1)]
    }
}

/// The search in step mode, with its clock and history.
#[derive(Clone)]
pub struct Stepper {
    search: Search,
    start: Board,
    position: u64,
    last: Option<Step>,
    checkpoints: Checkpoints,
    running: bool,
    to_end: bool,
    speed: usize,
    /// Steps due but not taken yet, at slow speeds.
    owed: f64,
    last_tick: Option<Instant>,
    run_time: Duration,
    rate: f64,
}

impl Stepper {
    /// Step mode on `board`, or the conflict that rules it out.
    pub fn new(board: &Board, strategy: Strategy) -> Result<Stepper, Conflict> {
        let search = Search::new(board, strategy)?;
        Ok(Stepper {
            checkpoints: Checkpoints::new(&search),
            search,
            start: board.clone(),
            position: 0,
            last: None,
            running: false,
            to_end: false,
            speed: DEFAULT_SPEED,
            owed: 0.0,
            last_tick: None,
            run_time: Duration::ZERO,
            rate: 0.0,
        })
    }

    /// One step forward; `None` once the search is over.
    pub fn forward(&mut self) -> Option<Step> {
        let step = self.search.next()?;
        self.position += 1;
        self.last = Some(step);
        self.checkpoints.note(self.position, &self.search, self.last);
        Some(step)
    }

    /// One step back; `false` at the start. Pauses a run.
    pub fn back(&mut self) -> bool {
        if self.position == 0 {
            return false;
        }
        self.pause();
        let target = self.position - 1;
        let (from, search, last) = self.checkpoints.at_or_before(target);
        self.search = search.clone();
        self.position = *from;
        self.last = *last;
        while self.position < target {
            self.last = self.search.next();
            self.position += 1;
        }
        true
    }

    /// Starts or pauses running.
    pub fn toggle_run(&mut self) {
        if self.running {
            self.pause();
        } else if !self.is_over() {
            self.running = true;
            // Start with a step now rather than after a whole period.
            self.owed = 1.0;
        }
    }

    fn pause(&mut self) {
        self.running = false;
        self.to_end = false;
        self.last_tick = None;
    }

    /// Runs at full speed to the next solution or the end.
    pub fn run_to_end(&mut self) {
        if !self.is_over() {
            self.running = true;
            self.to_end = true;
        }
    }

    /// One speed up.
    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    /// One speed down.
    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// Moves a run on by the steps due at `now`, working at most `budget` of real time.
    /// Returns whether anything changed.
    pub fn tick(&mut self, now: Instant, budget: Duration) -> bool {
        if !self.running {
            return false;
        }
        let elapsed = self
            .last_tick
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
        self.last_tick = Some(now);
        self.run_time += elapsed;
        let full_speed = self.to_end || SPEEDS[self.speed] == u64::MAX;
        let due = if full_speed {
            u64::MAX
        } else {
            let per_second = SPEEDS[self.speed] as f64;
            // Do not let a stall (a suspended terminal) turn into a burst of steps.
            self.owed = (self.owed + per_second * elapsed.as_secs_f64()).min(per_second.max(1.0));
            self.owed as u64
        };
        let work_started = Instant::now();
        let deadline = work_started + budget;
        let mut done = 0u64;
        while done < due {
            if done % 4096 == 0 && done > 0 && Instant::now() >= deadline {
                break;
            }
            match self.forward() {
                Some(Step::Solved | Step::Exhausted) | None => {
                    done += 1;
                    self.pause();
                    break;
                }
                Some(_) => done += 1,
            }
        }
        if !full_speed {
            self.owed -= done as f64;
        }
        // A run that starts and ends within one tick still took the time it worked.
        let worked = work_started.elapsed();
        if elapsed.is_zero() {
            self.run_time += worked;
        }
        let span = elapsed.max(worked);
        if !span.is_zero() {
            let instant_rate = done as f64 / span.as_secs_f64();
            self.rate = if self.rate == 0.0 {
                instant_rate
            } else {
                0.8 * self.rate + 0.2 * instant_rate
            };
        }
        done > 0 || !self.running
    }

    /// How long until the next step is due while running at a slow speed; zero at full speed.
    pub fn wake_after(&self) -> Option<Duration> {
        if !self.running {
            return None;
        }
        let per_second = SPEEDS[self.speed];
        if self.to_end || per_second == u64::MAX || self.owed >= 1.0 {
            return Some(Duration::ZERO);
        }
        Some(Duration::from_secs_f64((1.0 - self.owed) / per_second as f64))
    }

    /// The board the steps so far have made.
    pub fn board(&self) -> Board {
        self.search.board()
    }

    /// The board the search started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Steps taken.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// The last step taken, if any.
    pub fn last(&self) -> Option<Step> {
        self.last
    }

    /// The search's counters.
    pub fn counters(&self) -> Counters {
        self.search.counters()
    }

    /// The decisions on the stack, outermost first.
    pub fn decisions(&self) -> Vec<Decision> {
        self.search.decisions()
    }

    /// The strategy searching.
    pub fn strategy(&self) -> Strategy {
        self.search.strategy()
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Whether it is running to the end at full speed.
    pub fn is_running_to_end(&self) -> bool {
        self.running && self.to_end
    }

    /// Whether the search has ended ([`Step::Exhausted`]).
    pub fn is_over(&self) -> bool {
        self.last == Some(Step::Exhausted)
    }

    /// Steps per second chosen, `None` for as fast as possible.
    pub fn speed(&self) -> Option<u64> {
        Some(SPEEDS[self.speed]).filter(|&s| s != u64::MAX)
    }

    /// Steps per second measured while running.
    pub fn rate(&self) -> f64 {
        self.rate
    }

    /// Time spent running.
    pub fn run_time(&self) -> Duration {
        self.run_time
    }

    /// How many checkpoints are kept (for tests of memory use).
    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.saved.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stepper(name: &str, strategy: Strategy) -> Stepper {
        let text = std::fs::read_to_string(format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        Stepper::new(&text.parse().unwrap(), strategy).unwrap()
    }

    #[test]
    fn back_then_forward_returns_to_the_same_state() {
        for strategy in Strategy::ALL {
            let mut s = stepper("hardest.sdk", strategy);
            let mut boards = vec![s.board()];
            let mut steps = vec![None];
            for _ in 0..5000 {
                match s.forward() {
                    Some(step) => {
                        boards.push(s.board());
                        steps.push(Some(step));
                    }
                    None => break,
                }
            }
            let end = s.position();
            // Walk all the way back, checking every position on the way.
            while s.back() {
                let p = s.position() as usize;
                assert_eq!(s.board(), boards[p], "{strategy} at {p}");
                assert_eq!(s.last(), steps[p], "{strategy} at {p}");
            }
            assert_eq!(s.position(), 0);
            for _ in 0..end {
                s.forward();
            }
            assert_eq!(s.board(), boards[end as usize]);
        }
    }

    #[test]
    fn checkpoints_stay_bounded_and_step_back_stays_exact() {
        let mut s = stepper("hard.txt", Strategy::Naive);
        let mut reference = s.clone();
        for _ in 0..3_000_000 {
            s.forward();
        }
        assert!(s.checkpoint_count() <= MAX_CHECKPOINTS, "{}", s.checkpoint_count());
        assert!(s.back());
        for _ in 0..2_999_999 {
            reference.forward();
        }
        assert_eq!(s.board(), reference.board());
        assert_eq!(s.counters(), reference.counters());
        assert_eq!(s.last(), reference.last());
    }

    #[test]
    fn running_takes_the_steps_due_and_stops_at_a_solution() {
        let mut s = stepper("boj-2580-sample.txt", Strategy::Naive);
        let t0 = Instant::now();
        s.toggle_run();
        assert!(s.is_running());
        s.tick(t0, Duration::from_secs(1));
        assert_eq!(s.position(), 1, "a run starts with a step at once");
        // 10 steps a second: 0.5 s later, 5 more are due.
        s.tick(t0 + Duration::from_millis(500), Duration::from_secs(1));
        assert_eq!(s.position(), 6);
        s.run_to_end();
        s.tick(t0 + Duration::from_millis(600), Duration::from_secs(1));
        assert_eq!(s.last(), Some(Step::Solved));
        assert!(!s.is_running(), "a solution pauses the run");
        assert_eq!(s.position(), 15);
    }
}
