//! The race: every strategy searching the same board at once, pulled at the same steps per
//! second or each at full speed, until each finds its first solution or runs out; then their
//! counters side by side.

use super::stepper::{SPEEDS, accrue};
use std::time::{Duration, Instant};
use sudoku_engine::search::tree::TreeCount;
use sudoku_engine::{Board, Counters, Search, Step, Strategy};

/// How a racer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Still searching.
    Running,
    /// Found its first solution at this step.
    Solved(u64),
    /// Ran out of options: no solution.
    NoSolution(u64),
}

/// One strategy in the race.
#[derive(Clone)]
pub struct Racer {
    /// Its search.
    pub search: Search,
    /// Steps taken.
    pub steps: u64,
    /// How it stands.
    pub standing: Standing,
    /// Real time spent on its steps.
    pub work: Duration,
    /// Steps due at an even pace but not taken yet (its share of time ran out first).
    owed: u64,
    /// The size of its tree of guesses so far.
    pub tree: TreeCount,
}

impl Racer {
    /// Its counters.
    pub fn counters(&self) -> Counters {
        self.search.counters()
    }

    /// Takes up to `n` steps, stopping at its first solution or its end, working at most until
    /// `deadline`; the steps taken.
    fn advance(&mut self, n: u64, deadline: Instant) -> u64 {
        let began = Instant::now();
        let mut done = 0;
        while done < n && self.standing == Standing::Running {
            if done % 1024 == 1023 && Instant::now() >= deadline {
                break;
            }
            done += 1;
            let step = self.search.next();
            if let Some(step) = step {
                self.tree.note(step);
            }
            match step {
                Some(Step::Solved) => {
                    self.steps += 1;
                    self.standing = Standing::Solved(self.steps);
                }
                Some(Step::Exhausted) | None => {
                    self.steps += 1;
                    self.standing = Standing::NoSolution(self.steps);
                }
                Some(_) => self.steps += 1,
            }
        }
        self.work += began.elapsed();
        done
    }
}

/// How the racers are pulled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Not moving.
    Paused,
    /// Each the same steps per second.
    Even,
    /// Each as fast as it goes, the time shared evenly.
    Full,
}

/// Every strategy on one board.
#[derive(Clone)]
pub struct Race {
    /// The board raced on.
    pub start: Board,
    /// One racer per strategy, in [`Strategy::ALL`]'s order.
    pub racers: Vec<(Strategy, Racer)>,
    /// How they move.
    pub pace: Pace,
    speed: usize,
    owed: f64,
    last_tick: Option<Instant>,
}

impl Race {
    /// Every strategy at the start of `board`, pulled at `speed` (an index into [`SPEEDS`]: step
    /// mode's, so that the race goes on at the pace the learner chose), or the contradiction that
    /// rules a search out.
    pub fn new(board: &Board, speed: usize) -> Result<Race, sudoku_engine::Contradiction> {
        let racers = Strategy::ALL
            .iter()
            .map(|&s| {
                Search::new(board, s).map(|search| {
                    (
                        s,
                        Racer {
                            search,
                            steps: 0,
                            standing: Standing::Running,
                            work: Duration::ZERO,
                            owed: 0,
                            tree: TreeCount::default(),
                        },
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Race {
            start: board.clone(),
            racers,
            pace: Pace::Paused,
            speed: speed.min(SPEEDS.len() - 1),
            owed: 0.0,
            last_tick: None,
        })
    }

    /// Whether every racer has finished.
    pub fn is_over(&self) -> bool {
        self.racers.iter().all(|(_, r)| r.standing != Standing::Running)
    }

    /// Runs at the same pace for all, or pauses.
    pub fn toggle_run(&mut self) {
        self.pace = match self.pace {
            Pace::Paused if !self.is_over() => {
                self.owed = 1.0;
                Pace::Even
            }
            _ => Pace::Paused,
        };
        self.last_tick = None;
    }

    /// Each racer as fast as it goes, to the finish.
    pub fn full_speed(&mut self) {
        if !self.is_over() {
            self.pace = Pace::Full;
        }
    }

    /// One step for each racer still running.
    pub fn step(&mut self) {
        self.pace = Pace::Paused;
        let far = Instant::now() + Duration::from_secs(3600);
        for (_, racer) in &mut self.racers {
            racer.advance(1, far);
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

    /// Steps per second for each racer, `None` when as fast as each goes.
    pub fn speed(&self) -> Option<u64> {
        match self.pace {
            Pace::Full => None,
            _ => Some(SPEEDS[self.speed]).filter(|&s| s != u64::MAX),
        }
    }

    /// Moves the race on by the steps due at `now`, working at most `budget`; whether anything
    /// changed.
    pub fn tick(&mut self, now: Instant, budget: Duration) -> bool {
        if self.pace == Pace::Paused {
            return false;
        }
        let elapsed = self
            .last_tick
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
        self.last_tick = Some(now);
        let running = self
            .racers
            .iter()
            .filter(|(_, r)| r.standing == Standing::Running)
            .count()
            .max(1);
        let share = budget / running as u32;
        let due = match self.speed() {
            None => None,
            Some(per_second) => {
                let due = accrue(&mut self.owed, per_second, elapsed);
                self.owed -= due as f64;
                Some((due, per_second.max(1)))
            }
        };
        for (_, racer) in &mut self.racers {
            match due {
                None => {
                    racer.advance(u64::MAX, Instant::now() + share);
                }
                // Each racer keeps what it could not take in its share of time and takes it
                // later, so that all stay at the same step (up to a second's worth behind).
                Some((due, most)) => {
                    racer.owed = (racer.owed + due).min(most);
                    let done = racer.advance(racer.owed, Instant::now() + share);
                    racer.owed -= done.min(racer.owed);
                }
            }
        }
        if self.is_over() {
            self.pace = Pace::Paused;
        }
        true
    }

    /// How long until steps are due; `None` when paused.
    pub fn wake_after(&self) -> Option<Duration> {
        match (self.pace, self.speed()) {
            (Pace::Paused, _) => None,
            (_, None) => Some(Duration::ZERO),
            (_, Some(_)) if self.owed >= 1.0 => Some(Duration::ZERO),
            (_, Some(per_second)) => Some(Duration::from_secs_f64((1.0 - self.owed) / per_second as f64)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asset(name: &str) -> Board {
        std::fs::read_to_string(format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .parse()
            .unwrap()
    }

    #[test]
    fn every_racer_reaches_what_solving_reaches() {
        let board = asset("hardest.sdk");
        let mut race = Race::new(&board, 4).unwrap();
        race.step();
        assert!(race.racers.iter().all(|(_, r)| r.steps == 1), "one step each");
        race.full_speed();
        let t0 = Instant::now();
        for i in 0..10_000 {
            race.tick(t0 + Duration::from_millis(i), Duration::from_millis(50));
            if race.is_over() {
                break;
            }
        }
        assert!(race.is_over() && race.pace == Pace::Paused);
        for (strategy, racer) in &race.racers {
            let solved = sudoku_engine::solve(&board, *strategy).unwrap();
            assert_eq!(racer.counters(), solved.counters, "{strategy}");
            assert_eq!(Some(racer.search.board()), solved.solution, "{strategy}");
            assert!(matches!(racer.standing, Standing::Solved(_)), "{strategy}");
        }
    }

    #[test]
    fn a_racer_short_of_time_catches_up_at_an_even_pace() {
        let board = asset("anti-naive.txt");
        let mut race = Race::new(&board, 4).unwrap();
        while race.speed() != Some(20_000) {
            race.faster();
        }
        race.toggle_run();
        let t0 = Instant::now();
        race.tick(t0, Duration::from_secs(1));
        // A second's steps are due and no time to take them: each takes what its share allows.
        race.tick(t0 + Duration::from_secs(1), Duration::ZERO);
        // Then time enough: each catches up to the same step.
        race.tick(t0 + Duration::from_secs(1), Duration::from_secs(10));
        let running: Vec<u64> = race
            .racers
            .iter()
            .filter(|(_, r)| r.standing == Standing::Running)
            .map(|(_, r)| r.steps)
            .collect();
        assert!(running.len() >= 2, "naive and mrv are still searching");
        assert!(running.iter().all(|&s| s == 20_001), "{running:?}");
    }

    #[test]
    fn at_an_even_pace_each_racer_takes_the_same_steps() {
        let board = asset("hardest.sdk");
        let mut race = Race::new(&board, 4).unwrap();
        race.toggle_run();
        let t0 = Instant::now();
        race.tick(t0, Duration::from_secs(1));
        // 20 steps a second: 0.5 s later, 10 more.
        race.tick(t0 + Duration::from_millis(500), Duration::from_secs(1));
        let steps: Vec<u64> = race.racers.iter().map(|(_, r)| r.steps).collect();
        assert_eq!(steps, vec![11; steps.len()]);
    }
}
