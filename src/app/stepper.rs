//! Step mode: the search pulled one step at a time, run at a chosen speed, and stepped back
//! anywhere by replaying from a checkpoint (the search is deterministic, so a copy of the machine
//! every few thousand steps is all the history needed). Runs stop at solutions, at breakpoints,
//! at a step asked for, and, when a trace is replayed, at the first step that differs from it.

use super::track::{Breakpoints, Profile, Track};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_engine::search::tree::Tree;
use sudoku_engine::{Board, Contradiction, Counters, Decision, Search, Step, Strategy};

/// Steps per second, slowest first, in steps of 1, 2, 5; the last means as fast as the machine
/// goes.
pub const SPEEDS: [u64; 27] = [
    1,
    2,
    5,
    10,
    20,
    50,
    100,
    200,
    500,
    1_000,
    2_000,
    5_000,
    10_000,
    20_000,
    50_000,
    100_000,
    200_000,
    500_000,
    1_000_000,
    2_000_000,
    5_000_000,
    10_000_000,
    20_000_000,
    50_000_000,
    100_000_000,
    200_000_000,
    u64::MAX,
];

/// Where running starts: 10 steps a second.
const DEFAULT_SPEED: usize = 3;

/// The measured speed is the steps taken over about this much time.
const RATE_WINDOW: Duration = Duration::from_secs(1);

/// Checkpoints are kept every this many steps at first.
const FIRST_INTERVAL: u64 = 1024;

/// At most this many checkpoints; past it, every other one goes and the interval doubles, so
/// memory stays flat and a step back replays at most one interval.
const MAX_CHECKPOINTS: usize = 1024;

/// Copies of the search, of what its steps add up to and of the time they took, at regular
/// step counts.
#[derive(Clone)]
struct Checkpoints {
    /// The search, its track and its search time after that many steps, ascending; the first is
    /// before any step.
    saved: Vec<(Search, Track, Duration)>,
    interval: u64,
}

impl Checkpoints {
    fn new(start: &Search) -> Checkpoints {
        Checkpoints {
            saved: vec![(start.clone(), Track::new(), Duration::ZERO)],
            interval: FIRST_INTERVAL,
        }
    }

    /// Called after each step forward, with the search time so far.
    fn note(&mut self, search: &Search, track: &Track, worked: impl FnOnce() -> Duration) {
        let newest = self.saved.last().map_or(0, |(_, t, _)| t.position);
        if track.position.is_multiple_of(self.interval) && track.position > newest {
            self.saved.push((search.clone(), track.clone(), worked()));
            if self.saved.len() > MAX_CHECKPOINTS {
                self.interval *= 2;
                let interval = self.interval;
                self.saved.retain(|(_, t, _)| t.position % interval == 0);
            }
        }
    }

    /// The latest checkpoint at or before `position`.
    fn at_or_before(&self, position: u64) -> &(Search, Track, Duration) {
        let i = self.saved.partition_point(|(_, t, _)| t.position <= position);
        &self.saved[i.saturating_sub(1)]
    }
}

/// How a run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// Not running: steps are taken one at a time.
    Paused,
    /// Running at the chosen speed.
    AtSpeed,
    /// Running as fast as possible to the next solution or the end.
    ToEnd,
    /// Running as fast as possible to the next guess taken back (or a solution, or the end).
    ToBacktrack,
    /// Running as fast as possible to this step (passing solutions).
    ToStep(u64),
}

/// Why a run stopped (or a step taken by hand is worth a word), besides a solution or the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A breakpoint was met: which, in words.
    Breakpoint(String),
    /// The step asked for was reached.
    Reached(u64),
    /// The step differs from the trace being replayed.
    Differs {
        /// Its number.
        step: u64,
        /// What the trace says.
        trace: Step,
        /// What the engine did.
        engine: Step,
    },
    /// The last step of the trace being replayed was reached, every step as the trace says;
    /// `true` if the file went on past what the workbench replays.
    TraceEnd(u64, bool),
}

/// A trace being replayed: the steps it says the search takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the file held more steps than were read.
    pub truncated: bool,
}

/// Adds to `owed` the steps due at `per_second` over `elapsed`, and returns how many whole steps
/// are owed now. A stall (a suspended terminal) does not turn into a burst: at most a second's
/// worth is ever owed.
pub fn accrue(owed: &mut f64, per_second: u64, elapsed: Duration) -> u64 {
    let per_second = per_second as f64;
    *owed = (*owed + per_second * elapsed.as_secs_f64()).min(per_second.max(1.0));
    *owed as u64
}

/// How many of the latest backtracks step mode remembers for jumping back (a position each).
pub const KEPT_BACKTRACKS: usize = 4096;

/// The search in step mode, with its clock and history.
#[derive(Clone)]
pub struct Stepper {
    search: Search,
    start: Board,
    track: Track,
    checkpoints: Checkpoints,
    run: Run,
    speed: usize,
    /// Steps due but not taken yet, at slow speeds.
    owed: f64,
    last_tick: Option<Instant>,
    /// (when, position) after recent steps, for the measured speed: the last [`RATE_WINDOW`]
    /// and the one sample before it.
    samples: VecDeque<(Instant, u64)>,
    /// The search time of the steps so far (see [`Stepper::search_time`]), but for the stretch
    /// of work going on, if any, which began at `working_since`.
    worked: Duration,
    working_since: Option<Instant>,
    /// The positions where a solution was found.
    solutions: Vec<u64>,
    /// The positions of the latest guesses taken back (at most [`KEPT_BACKTRACKS`]), for
    /// jumping back to them.
    backtracks: VecDeque<u64>,
    /// The search ran to its end after a solution and came back to show it.
    back_at_solution: bool,
    /// Where runs stop besides solutions.
    breakpoints: Breakpoints,
    /// Why the last run stopped, or what the last step met, until the next step.
    stopped: Option<Stop>,
    /// The trace being replayed, if any.
    replay: Option<Arc<Replay>>,
    /// The first step found to differ from the trace.
    diverged_at: Option<u64>,
    /// The tree of guesses of every step taken so far, the furthest the search went: steps back
    /// and replays from checkpoints go through steps it has, and leave it as it is (it is no
    /// part of the checkpoints, so that memory stays bounded).
    tree: Tree,
}

impl Stepper {
    /// Step mode on `board`, or the contradiction that rules it out.
    pub fn new(board: &Board, strategy: Strategy) -> Result<Stepper, Contradiction> {
        let search = Search::new(board, strategy)?;
        Ok(Stepper {
            checkpoints: Checkpoints::new(&search),
            search,
            start: board.clone(),
            track: Track::new(),
            run: Run::Paused,
            speed: DEFAULT_SPEED,
            owed: 0.0,
            last_tick: None,
            samples: VecDeque::new(),
            worked: Duration::ZERO,
            working_since: None,
            solutions: Vec::new(),
            backtracks: VecDeque::new(),
            back_at_solution: false,
            breakpoints: Breakpoints::default(),
            stopped: None,
            replay: None,
            diverged_at: None,
            tree: Tree::new(board, strategy, Tree::DEFAULT_BUDGET),
        })
    }

    /// Step mode replaying `replay`, a trace of `board` searched with `strategy`: every step is
    /// checked against it.
    pub fn replaying(board: &Board, strategy: Strategy, replay: Replay) -> Result<Stepper, Contradiction> {
        let mut stepper = Stepper::new(board, strategy)?;
        stepper.replay = Some(Arc::new(replay));
        Ok(stepper)
    }

    /// The same board searched from the start with `strategy`, at the same speed and with the
    /// same breakpoints, no step taken (and no trace: it was of another search).
    pub fn restarted(&self, strategy: Strategy) -> Result<Stepper, Contradiction> {
        let mut fresh = Stepper::new(&self.start, strategy)?;
        fresh.speed = self.speed;
        fresh.breakpoints = self.breakpoints.clone();
        if strategy == self.strategy() {
            fresh.replay = self.replay.clone();
        }
        Ok(fresh)
    }

    /// One step of the search, noted in the track, and in the tree the first time it is taken.
    fn advance(&mut self) -> Option<Step> {
        let step = self.search.next()?;
        self.track.note(step);
        if self.track.position > self.tree.steps() {
            self.tree.note(step);
        }
        Some(step)
    }

    /// One step forward, without the clock: what it found, and why a run should stop there.
    fn step(&mut self) -> Option<(Step, Option<Stop>)> {
        let step = self.advance()?;
        let position = self.track.position;
        self.back_at_solution = false;
        if step == Step::Solved && self.solutions.last().is_none_or(|&p| p < position) {
            self.solutions.push(position);
        }
        if matches!(step, Step::Remove { forced: false, .. }) && self.backtracks.back().is_none_or(|&p| p < position) {
            self.backtracks.push_back(position);
            if self.backtracks.len() > KEPT_BACKTRACKS {
                self.backtracks.pop_front();
            }
        }
        let (worked, since) = (self.worked, self.working_since);
        self.checkpoints.note(&self.search, &self.track, || {
            worked + since.map_or(Duration::ZERO, |s| s.elapsed())
        });
        let stop = self.check_replay(position, step).or_else(|| {
            if let Run::ToStep(target) = self.run
                && position >= target
            {
                return Some(Stop::Reached(position));
            }
            self.breakpoints.met_by(&step).map(Stop::Breakpoint)
        });
        self.stopped = stop.clone();
        Some((step, stop))
    }

    /// Whether `step`, which met `stop`, ends the run going on.
    fn ends_run(&self, step: Step, stop: Option<&Stop>) -> bool {
        match step {
            _ if stop.is_some() => true,
            Step::Solved => !matches!(self.run, Run::ToStep(_)),
            Step::Exhausted => true,
            Step::Remove { forced: false, .. } => self.run == Run::ToBacktrack,
            _ => false,
        }
    }

    /// Against the trace being replayed: whether step number `position` differs from it, or
    /// is its last. Past the first difference the two have parted ways: nothing is checked
    /// there (going back before it checks it again).
    fn check_replay(&mut self, position: u64, step: Step) -> Option<Stop> {
        let replay = self.replay.as_ref()?;
        if self.diverged_at.is_some_and(|at| position > at) {
            return None;
        }
        let expected = *replay.steps.get(usize::try_from(position - 1).ok()?)?;
        if expected != step {
            self.diverged_at = Some(position);
            return Some(Stop::Differs {
                step: position,
                trace: expected,
                engine: step,
            });
        }
        (position == replay.steps.len() as u64).then_some(Stop::TraceEnd(position, replay.truncated))
    }

    /// Runs `work`, a stretch of the search's own computing (steps forward, or a replay from a
    /// checkpoint), adding the time it takes to the search time. Time between stretches
    /// (waiting for a key, a slow speed's pauses, drawing) is not the search's.
    fn working<T>(&mut self, work: impl FnOnce(&mut Stepper) -> T) -> T {
        let started = Instant::now();
        self.working_since = Some(started);
        let out = work(self);
        self.working_since = None;
        self.worked += started.elapsed();
        out
    }

    /// Notes on the clock that steps were taken at `now`.
    fn sample(&mut self, now: Instant) {
        self.samples.push_back((now, self.track.position));
        while self.samples.len() > 2 && self.samples[1].0 + RATE_WINDOW < now {
            self.samples.pop_front();
        }
    }

    /// One step forward; `None` once the search is over. A run going on stops where this
    /// step would have stopped it (a breakpoint, the step it runs to, a solution, the end).
    pub fn forward(&mut self) -> Option<Step> {
        let (step, stop) = self.working(Stepper::step)?;
        if self.is_running() && self.ends_run(step, stop.as_ref()) {
            self.pause();
        }
        self.sample(Instant::now());
        Some(step)
    }

    /// Puts the search at `target` steps from the start (or its end, if sooner), replaying from
    /// the nearest checkpoint.
    fn go_to(&mut self, target: u64) {
        let (search, track, worked) = self.checkpoints.at_or_before(target);
        self.search = search.clone();
        self.track = track.clone();
        self.worked = *worked;
        // The time at the checkpoint, plus what the steps from there to `target` take now.
        self.working(|s| while s.track.position < target && s.advance().is_some() {});
        self.back_at_solution = false;
        self.stopped = None;
    }

    /// Back to the latest guess taken back before the current step; `false` if none is kept
    /// (there was none, or it is older than the [`KEPT_BACKTRACKS`] latest). Pauses a run.
    pub fn back_to_backtrack(&mut self) -> bool {
        let Some(&target) = self.backtracks.iter().rev().find(|&&p| p < self.track.position) else {
            return false;
        };
        self.pause();
        self.go_to(target);
        true
    }

    /// One step back; `false` at the start. Pauses a run.
    pub fn back(&mut self) -> bool {
        if self.track.position == 0 {
            return false;
        }
        self.pause();
        self.go_to(self.track.position - 1);
        true
    }

    /// Back to the first guess of the decision on top of the stack, or when already there, of
    /// the decision below it; the position gone to, `None` if there is no decision. Pauses a run.
    pub fn to_decision_start(&mut self) -> Option<u64> {
        let starts = &self.track.decision_starts;
        let target = match starts.last() {
            Some(&top) if top < self.track.position => top,
            _ => *starts.iter().rev().nth(1)?,
        };
        self.pause();
        self.go_to(target);
        Some(target)
    }

    /// To step `target`: back at once through the checkpoints, or forward by running to it (in
    /// slices, stopping at a breakpoint or the end on the way). `false` if it is where the
    /// search already is, or past its end.
    pub fn go_to_step(&mut self, target: u64) -> bool {
        if target < self.track.position {
            self.pause();
            self.go_to(target);
            true
        } else if target > self.track.position && self.track.last != Some(Step::Exhausted) {
            self.start_running(Run::ToStep(target));
            true
        } else {
            false
        }
    }

    /// Starts or pauses running.
    pub fn toggle_run(&mut self) {
        if self.run != Run::Paused {
            self.pause();
        } else if !self.is_over() {
            self.start_running(Run::AtSpeed);
            // Start with a step now rather than after a whole period.
            self.owed = 1.0;
        }
    }

    fn start_running(&mut self, run: Run) {
        self.run = run;
        self.samples.clear();
    }

    /// Stops a run.
    pub fn pause(&mut self) {
        self.run = Run::Paused;
        self.last_tick = None;
        self.samples.clear();
    }

    /// Runs at full speed to the next solution or the end; `false` if the search is over.
    pub fn run_to_end(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        self.start_running(Run::ToEnd);
        true
    }

    /// Runs at full speed to the next guess taken back, stopping at a solution or the end on
    /// the way; `false` if the search is over.
    pub fn run_to_backtrack(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        self.start_running(Run::ToBacktrack);
        true
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
        if self.run == Run::Paused {
            return false;
        }
        let elapsed = self
            .last_tick
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
        self.last_tick = Some(now);
        let full_speed = self.run != Run::AtSpeed || SPEEDS[self.speed] == u64::MAX;
        let due = if full_speed {
            u64::MAX
        } else {
            accrue(&mut self.owed, SPEEDS[self.speed], elapsed)
        };
        let deadline = Instant::now() + budget;
        let (done, back_to) = self.working(|s| s.run_steps(due, deadline));
        // At the end, keep a solution found on screen rather than the emptied board the end of
        // the search leaves (a replay of its own, timed as such).
        if let Some(at) = back_to {
            self.go_to(at);
            self.back_at_solution = true;
        }
        if !full_speed {
            self.owed -= done as f64;
        }
        if done > 0 {
            self.sample(Instant::now().max(now));
        }
        done > 0 || self.run == Run::Paused
    }

    /// Takes up to `due` steps of a run, until `deadline`; how many it took, and the solution
    /// to go back to if the search ended after one (and nothing else stopped the run there).
    fn run_steps(&mut self, due: u64, deadline: Instant) -> (u64, Option<u64>) {
        let mut done = 0u64;
        while done < due {
            if done.is_multiple_of(4096) && done > 0 && Instant::now() >= deadline {
                break;
            }
            let Some((step, stop)) = self.step() else {
                done += 1;
                self.pause();
                break;
            };
            done += 1;
            if self.ends_run(step, stop.as_ref()) {
                self.pause();
                if step == Step::Exhausted && stop.is_none() {
                    return (done, self.solutions.last().copied());
                }
                break;
            }
        }
        (done, None)
    }

    /// How long until the next step is due while running at a slow speed; zero at full speed.
    pub fn wake_after(&self) -> Option<Duration> {
        let per_second = SPEEDS[self.speed];
        match self.run {
            Run::Paused => None,
            Run::ToEnd | Run::ToBacktrack | Run::ToStep(_) => Some(Duration::ZERO),
            Run::AtSpeed if per_second == u64::MAX || self.owed >= 1.0 => Some(Duration::ZERO),
            Run::AtSpeed => Some(Duration::from_secs_f64((1.0 - self.owed) / per_second as f64)),
        }
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
        self.track.position
    }

    /// The last step taken, if any.
    pub fn last(&self) -> Option<Step> {
        self.track.last
    }

    /// The step before the last, if any.
    pub fn previous(&self) -> Option<Step> {
        self.track.previous
    }

    /// The search's counters.
    pub fn counters(&self) -> Counters {
        self.search.counters()
    }

    /// The decisions on the stack, outermost first.
    pub fn decisions(&self) -> Vec<Decision> {
        self.search.decisions()
    }

    /// The step at which each decision on the stack made its first guess, outermost first.
    pub fn decision_starts(&self) -> &[u64] {
        &self.track.decision_starts
    }

    /// The tree of guesses of the steps taken so far (as far as the search ever went).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The chosen speed, as an index into [`SPEEDS`] (the race starts at it).
    pub fn speed_index(&self) -> usize {
        self.speed
    }

    /// The search's shape so far: placements per depth, depth over time.
    pub fn profile(&self) -> &Profile {
        &self.track.profile
    }

    /// The strategy searching.
    pub fn strategy(&self) -> Strategy {
        self.search.strategy()
    }

    /// How it runs.
    pub fn run(&self) -> Run {
        self.run
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        self.run != Run::Paused
    }

    /// Whether the search has ended ([`Step::Exhausted`]), or ran to its end after a solution
    /// and came back to show that solution.
    pub fn is_over(&self) -> bool {
        self.track.last == Some(Step::Exhausted) || self.back_at_solution
    }

    /// Whether the search ran to its end after a solution and shows that solution again.
    pub fn is_back_at_solution(&self) -> bool {
        self.back_at_solution
    }

    /// The positions where solutions were found, in order.
    pub fn solutions(&self) -> &[u64] {
        &self.solutions
    }

    /// Where runs stop besides solutions.
    pub fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }

    /// Sets where runs stop besides solutions.
    pub fn set_breakpoints(&mut self, breakpoints: Breakpoints) {
        self.breakpoints = breakpoints;
    }

    /// Why the last run stopped, or what the last step met.
    pub fn stopped(&self) -> Option<&Stop> {
        self.stopped.as_ref()
    }

    /// The trace being replayed, if any.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_deref()
    }

    /// The first step found to differ from the trace being replayed, if one was.
    pub fn diverged_at(&self) -> Option<u64> {
        self.diverged_at
    }

    /// Steps per second chosen, `None` for as fast as possible.
    pub fn speed(&self) -> Option<u64> {
        Some(SPEEDS[self.speed]).filter(|&s| s != u64::MAX)
    }

    /// Steps per second measured over the last second or so of steps (run or taken by hand);
    /// `None` before two steps were taken to measure between.
    pub fn rate(&self) -> Option<f64> {
        let (&(t0, p0), &(t1, p1)) = (self.samples.front()?, self.samples.back()?);
        let span = t1.saturating_duration_since(t0);
        (!span.is_zero() && p1 > p0).then(|| (p1 - p0) as f64 / span.as_secs_f64())
    }

    /// The search's own time: what computing the steps from the start to this one took, however
    /// they were reached (by hand, running, a jump, a step back), waits and pauses left out.
    pub fn search_time(&self) -> Duration {
        self.worked
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
        for &strategy in Strategy::ALL {
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
    fn a_step_back_restores_the_decisions_and_the_profile_exactly() {
        for &strategy in Strategy::ALL {
            let mut s = stepper("hard.txt", strategy);
            let mut reference = s.clone();
            let mut n = 0;
            while n < 5000 && s.forward().is_some() {
                n += 1;
            }
            // Far back (across checkpoints) and one step back.
            assert!(s.go_to_step(n / 3));
            for _ in 0..n / 3 {
                reference.forward();
            }
            assert_eq!(s.track, reference.track, "{strategy} at {}", n / 3);
            for _ in n / 3..n - 1 {
                reference.forward();
            }
            s.go_to(n - 1);
            assert_eq!(s.track, reference.track, "{strategy} at {}", n - 1);
            // Every guess on the stack began its decision at or after the one below it.
            assert!(s.decision_starts().windows(2).all(|w| w[0] < w[1]), "{strategy}");
        }
    }

    #[test]
    fn a_step_by_hand_during_a_run_stops_it_where_the_run_would_have_stopped() {
        let mut s = stepper("hard.txt", Strategy::Naive);
        assert!(s.go_to_step(1));
        s.forward();
        assert_eq!(s.stopped(), Some(&Stop::Reached(1)));
        assert!(!s.is_running(), "the step reached the target: the run is over");
        let mut b = Breakpoints::default();
        b.cells.insert(sudoku_engine::Pos::at(0, 2).unwrap());
        s.set_breakpoints(b);
        s.toggle_run();
        while s
            .last()
            .is_none_or(|l| !matches!(l, Step::Place { pos, .. } if pos.index() == 2))
        {
            s.forward();
        }
        assert!(matches!(s.stopped(), Some(Stop::Breakpoint(_))));
        assert!(!s.is_running());
    }

    #[test]
    fn back_at_a_solution_a_later_step_can_still_be_gone_to() {
        let mut s = stepper("boj-2580-sample.txt", Strategy::Naive);
        let t0 = Instant::now();
        s.run_to_end();
        s.tick(t0, Duration::from_secs(5));
        s.run_to_end();
        s.tick(t0, Duration::from_secs(5));
        assert!(s.is_back_at_solution());
        let at = s.position();
        assert!(s.go_to_step(at + 1), "the search goes on past its solution");
        s.tick(t0, Duration::from_secs(5));
        assert_eq!(s.position(), at + 1);
    }

    #[test]
    fn a_replay_stops_at_the_first_difference_only() {
        let board: Board = std::fs::read_to_string(format!("{}/assets/hardest.sdk", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .parse()
            .unwrap();
        let mut steps: Vec<Step> = Search::new(&board, Strategy::Naive).unwrap().take(300).collect();
        steps.remove(49);
        let mut s = Stepper::replaying(
            &board,
            Strategy::Naive,
            Replay {
                steps,
                truncated: false,
            },
        )
        .unwrap();
        let t0 = Instant::now();
        s.run_to_end();
        s.tick(t0, Duration::from_secs(5));
        assert_eq!(s.position(), 50);
        assert!(matches!(s.stopped(), Some(Stop::Differs { step: 50, .. })));
        // On from there, the run is not stopped by every later step.
        s.run_to_end();
        s.tick(t0, Duration::from_secs(5));
        assert!(s.position() > 60, "{}", s.position());
        // Back before it, the difference is found again.
        s.go_to(10);
        s.run_to_end();
        s.tick(t0, Duration::from_secs(5));
        assert_eq!(s.position(), 50);
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

    #[test]
    fn running_on_past_the_last_solution_comes_back_to_it() {
        let mut s = stepper("boj-2580-sample.txt", Strategy::Naive);
        let t0 = Instant::now();
        assert!(s.run_to_end());
        s.tick(t0, Duration::from_secs(5));
        assert_eq!(s.last(), Some(Step::Solved));
        let solved = s.board();
        assert!(solved.is_solved());
        // `e` again: the search goes on, finds no other solution, and shows this one again.
        assert!(s.run_to_end());
        s.tick(t0 + Duration::from_millis(10), Duration::from_secs(5));
        assert_eq!(s.board(), solved, "the solution stays on screen");
        assert!(s.is_back_at_solution() && s.is_over());
        assert_eq!(s.solutions(), &[15]);
        assert!(!s.run_to_end(), "nothing more to run");
    }

    #[test]
    fn speeds_go_one_two_five_and_the_measured_rate_follows_the_steps() {
        assert_eq!(&SPEEDS[..7], &[1, 2, 5, 10, 20, 50, 100]);
        assert!(SPEEDS.windows(2).all(|w| w[0] < w[1]));
        let mut s = stepper("hard.txt", Strategy::Naive);
        assert_eq!(s.rate(), None);
        let t0 = Instant::now();
        s.toggle_run();
        // 10 steps a second for three seconds, in ticks of 100 ms.
        for i in 0..=30 {
            s.tick(t0 + Duration::from_millis(100 * i), Duration::from_secs(1));
        }
        let rate = s.rate().expect("a rate");
        assert!((8.0..=12.0).contains(&rate), "measured {rate}/s at 10 steps/s");
        assert!(s.search_time() > Duration::ZERO);
        // By hand: two steps are enough to measure something.
        s.toggle_run();
        s.forward();
        std::thread::sleep(Duration::from_millis(20));
        s.forward();
        let by_hand = s.rate().expect("a rate by hand");
        assert!(by_hand > 0.0 && by_hand < 1000.0, "{by_hand}");
    }

    #[test]
    fn a_restart_with_another_strategy_keeps_the_speed_and_takes_no_step() {
        let mut s = stepper("hardest.sdk", Strategy::Naive);
        s.faster();
        s.forward();
        let r = s.restarted(Strategy::Fast).unwrap();
        assert_eq!(r.speed(), s.speed());
        assert_eq!(r.position(), 0);
        assert_eq!(r.strategy(), Strategy::Fast);
    }
}
