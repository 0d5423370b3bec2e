//! The workbench under load, driven in a pseudo-terminal as a user drives it: the textbook
//! search running the puzzle built against it (69 million placements) at full speed in step
//! mode. Measures how long a key takes to show on the screen, how often the screen changes,
//! stepping back after a hundred million steps, and the program's resident memory then.
//!
//! `cargo bench --bench workbench` (figures only: timing assertions do not belong in tests).

#[path = "../tests/pty/mod.rs"]
mod pty;

use pty::{Session, asset};
use std::path::Path;
use std::time::{Duration, Instant};

/// The step count shown in the side panel.
fn steps(screen: &vt100::Screen) -> Option<u64> {
    let text = screen.contents();
    let line = text.lines().find(|l| l.contains("Steps "))?;
    let digits: String = line
        .split("Steps")
        .nth(1)?
        .chars()
        .filter(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Waits, polling every 200 µs, until the screen satisfies `done`; the time it took.
fn time_until(session: &Session, done: impl Fn(&vt100::Screen) -> bool) -> Duration {
    let start = Instant::now();
    while !done(&session.screen()) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no answer:\n{}",
            session.screen().contents()
        );
        std::thread::sleep(Duration::from_micros(200));
    }
    start.elapsed()
}

fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(mut values: Vec<Duration>, p: f64) -> Duration {
    values.sort();
    values[((values.len() - 1) as f64 * p).round() as usize]
}

/// The workbench on the anti-naive puzzle, in step mode, running at full speed.
fn running() -> Session {
    let mut s = Session::start(&[asset("anti-naive.txt").to_str().unwrap()], Path::new("/"), &[]);
    s.wait_text("anti-naive.txt");
    s.keys("n");
    s.wait_text("STEP MODE naive");
    // Up past the last speed: as fast as the machine goes.
    s.keys(&"+".repeat(30));
    s.wait_text("as fast as it goes");
    s.keys(" ");
    s.wait_text("▶ running");
    s
}

fn main() {
    // The whole search is some 138 million steps, a few seconds at full speed: the keys are
    // measured in its first seconds, and the step back in a second run paused at a hundred million.
    let mut s = running();
    std::thread::sleep(Duration::from_millis(300));

    // How often the screen changes: the step count, sampled every 200 µs for a second.
    let (mut changes, mut last) = (0u32, steps(&s.screen()));
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        let now = steps(&s.screen());
        if now != last {
            changes += 1;
            last = now;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let updates_per_second = f64::from(changes) / start.elapsed().as_secs_f64();

    // Keys while it runs: open the help, close it, ten times each.
    let mut latencies = Vec::new();
    for _ in 0..10 {
        s.send(b"?");
        latencies.push(time_until(&s, |screen| screen.contents().contains("Keys — ")));
        s.send(b"\x1b");
        latencies.push(time_until(&s, |screen| !screen.contents().contains("Keys — ")));
        std::thread::sleep(Duration::from_millis(20));
    }
    let still_running = s.screen().contents().contains("▶ running");
    s.keys("q");

    // A second run, paused as soon as it passes a hundred million steps, then stepped back.
    let mut s = running();
    let running_since = Instant::now();
    time_until(&s, |screen| steps(screen).is_some_and(|n| n >= 100_000_000));
    s.send(b" ");
    let to_ten_million = running_since.elapsed();
    s.wait_text("❚❚ paused");
    std::thread::sleep(Duration::from_millis(100));
    let mut at = steps(&s.screen()).expect("a step count");
    let reached = at;
    let mut backs = Vec::new();
    for _ in 0..10 {
        s.send(b"b");
        backs.push(time_until(&s, |screen| steps(screen) == Some(at - 1)));
        at -= 1;
    }
    let rss = resident_kib(s.child.process_id().expect("a pid")).unwrap_or(0);
    s.keys("q");

    println!("workbench/naive on anti-naive.txt, step mode at full speed, 80x24 pseudo-terminal");
    println!("  screen updates while running: {updates_per_second:.0} per second");
    println!(
        "  key to screen (help opened and closed while running, 20 keys): median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms{}",
        percentile(latencies.clone(), 0.5).as_secs_f64() * 1e3,
        percentile(latencies.clone(), 0.95).as_secs_f64() * 1e3,
        percentile(latencies, 1.0).as_secs_f64() * 1e3,
        if still_running {
            ""
        } else {
            " (the search ended during the measurement)"
        }
    );
    println!(
        "  a hundred million steps reached in {:.2} s, paused at {reached}",
        to_ten_million.as_secs_f64()
    );
    println!(
        "  one step back from there: median {:.2} ms, max {:.2} ms (10 steps back)",
        percentile(backs.clone(), 0.5).as_secs_f64() * 1e3,
        percentile(backs, 1.0).as_secs_f64() * 1e3
    );
    println!("  resident memory then: {:.1} MB", rss as f64 / 1024.0);
}
