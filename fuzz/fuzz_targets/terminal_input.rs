//! The terminal's bytes, as any program or paste could send them, cut into reads at any points
//! and with any time between them: the input parser never panics, never holds more than it was
//! given, and a paste whose text holds an end-of-paste marker followed by more bytes in the same
//! burst never turns into key presses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ratatui::crossterm::event::Event;
use std::time::{Duration, Instant};
use sudoku_workbench::tui::input::{TermInput, Parser};

fuzz_target!(|data: &[u8]| {
    // The first bytes say where the reads are cut and how long passes between them.
    let Some((&cuts, rest)) = data.split_first() else { return };
    let Some((&gaps, bytes)) = rest.split_first() else { return };
    let mut parser = Parser::new();
    let mut now = Instant::now();
    let step = usize::from(cuts % 16) + 1;
    let mut inputs = Vec::new();
    for (k, chunk) in bytes.chunks(step).enumerate() {
        parser.feed(chunk, now);
        now += Duration::from_millis(u64::from((gaps >> (k % 8)) & 1) * 50);
        parser.poll(now);
        while let Some(input) = parser.next_input() {
            inputs.push(input);
        }
    }
    // Quiet from here on: each poll may end a paste and start another from its tail, so a few
    // rounds, as the event loop would poll at each deadline.
    for _ in 0..4 {
        now += Duration::from_secs(2);
        parser.poll(now);
        while let Some(input) = parser.next_input() {
            inputs.push(input);
        }
    }
    assert!(parser.deadline().is_none(), "nothing left waiting after quiet seconds");
    assert!(inputs.len() <= bytes.len() + 1, "more inputs than bytes");
    // A whole burst of the form start, text, end, keys, end: ignored, no key from it.
    let start = b"\x1b[200~";
    let end = b"\x1b[201~";
    if step >= bytes.len() && bytes.starts_with(start) && bytes.ends_with(end) {
        let inner = &bytes[start.len()..bytes.len() - end.len()];
        let smuggled = inner.windows(end.len()).any(|w| w == end);
        if smuggled && !inner.windows(start.len()).any(|w| w == start) {
            assert!(
                !inputs.iter().any(|i| matches!(i, TermInput::Event(Event::Key(_)))),
                "keys smuggled out of a paste: {inputs:?}"
            );
        }
    }
});
