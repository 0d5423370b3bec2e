//! The bytes the terminal sends, turned into key, mouse and paste events.
//!
//! The workbench reads the terminal itself rather than through crossterm's reader, for three
//! reasons found by attacking it: crossterm 0.29 reads 1,024 bytes at a time from an
//! edge-triggered poll and left the rest of a longer burst of keys unread until the next key
//! came; a bracketed paste that never ended swallowed every later key, Ctrl-C included; and an
//! end-of-paste marker inside the pasted text (`\e[201~qy`) ended the paste early and turned the
//! rest into keys (`q`, `y`: quit without saving).
//!
//! So, here: a paste is only ever text. The terminal's own end marker is the last one of the
//! burst the paste arrives in; a paste holding more than one is ignored whole, with a message,
//! and nothing of it becomes keys. Every byte after a paste's start, up to its end marker, is the
//! paste's, however slowly it comes: a paste that stops for [`PASTE_PATIENCE`] before its end
//! (a slow link, or a terminal that sent a start alone) is said to have stopped, and waited for
//! still, its end taking it as it would have on time. Giving such a paste up once let the rest
//! of it, when it came, be read as keys: `q`, `y` in it quit and lost the work. So that a start
//! with no end never holds the keyboard for good, Esc pressed twice after the stop (each press
//! a read of its own, as a person types) gives the paste up: keys typed one at a time are keys
//! again, while reads of many bytes, the paste's rest coming late, are dropped up to its end.
//! A rest coming one byte per read (a slow link) looks like typing: for a while after the
//! give-up, a key read alone is held a second, and dropped should the end marker follow. What
//! no rule here can tell from typing (a link pausing seconds inside a paste's markers) is kept
//! from loss above: for [`PASTE_GUARD`] after a paste, the work as it was at the paste is kept
//! apart at any end, and answers that destroy files wait (see [`Parser::near_a_paste`]).
//! A lone Esc at the end of what was read is the Esc key, as crossterm has it; a paste's start
//! cut after `Esc [` or more waits, however long, for the byte that decides it, and one cut
//! right after its Esc has the bytes after the Esc key held while they spell the start's rest:
//! once whole, what follows is a paste however slowly it came.
//!
//! Why not a crate: crossterm's reader is the one found wanting above, and the terminal
//! parsers on crates.io (vte, termwiz) give escape sequences, not these rules about pastes,
//! which are the point here.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Starts a bracketed paste.
const PASTE_START: &[u8] = b"\x1b[200~";
/// Ends a bracketed paste.
const PASTE_END: &[u8] = b"\x1b[201~";

/// A paste with no end marker is said to have stopped after this long without a byte.
pub const PASTE_PATIENCE: Duration = Duration::from_millis(700);

/// How many presses of Esc, after a paste stopped, give it up.
const ESCAPES_TO_GIVE_UP: usize = 2;

/// After a paste's end marker, bytes arriving within this long of each other are the same
/// burst: a second end marker among them means the first was inside the pasted text.
const BURST_GAP: Duration = Duration::from_millis(40);

/// A burst is looked at for at most this long after the paste's end.
const BURST_LIMIT: Duration = Duration::from_millis(500);

/// A paste longer than this is given up: no puzzle file is this long.
pub const MAX_PASTE: usize = 64 * 1024 * 1024;

/// How long to wait for the rest of an escape sequence cut by the end of a read.
const SEQUENCE_PATIENCE: Duration = Duration::from_millis(150);

/// After the Esc key, how long a byte that may go on to a paste's start (`[`, `2`, `0`, `0`)
/// is held for the next one before it is typed: a paste's start cut right after its Esc by a
/// slow link came on as keys (`[200~`, then the text: `q`, `y` quit and lost the work).
const AFTER_ESC_HOLD: Duration = Duration::from_millis(600);

/// After a paste was given up, how long a key typed alone is held in case more of the paste's
/// rest comes after it (the rest then drops it)...
const GIVEN_UP_HOLD: Duration = Duration::from_millis(1000);

/// ... while this long has not passed since the give-up or the last read of its rest; after it,
/// the paste is over (its end will not come).
const GIVEN_UP_WATCH: Duration = Duration::from_secs(10);

/// A quit without saving this soon after a sign of a paste (a paste, its start or end, a stall,
/// a give-up) keeps the work: the quit may have been pasted text, cut by a slow link in a way no
/// rule here tells from typing (see [`Parser::near_a_paste`]).
pub const PASTE_GUARD: Duration = Duration::from_secs(30);

/// What the terminal sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermInput {
    /// A key, a mouse event or a paste.
    Event(Event),
    /// A paste that was not taken, and why.
    PasteIgnored(String),
    /// A paste stopped before its end: it is waited for still, and what comes is its text.
    PasteStopped,
}

/// Where a paste is.
enum Paste {
    /// Not in a paste.
    None,
    /// Between the start marker and the end marker; `too_long` once the text passed
    /// [`MAX_PASTE`] (it is then dropped as it comes, up to the end marker); `stopped` once
    /// [`PASTE_PATIENCE`] passed without a byte, and then `escapes`, the presses of Esc in a row
    /// since.
    Open {
        text: Vec<u8>,
        last_byte: Instant,
        too_long: bool,
        stopped: bool,
        escapes: usize,
    },
    /// Given up with Esc before its end came. The rest of the paste may still come, late: a read
    /// holding more than one key's worth is taken for it and dropped, up to the read holding
    /// the end marker (see [`Parser::given_up`]). `carry`, the end of the last read, when a marker
    /// may be cut there; `said`, once the user was told of a dropped rest.
    ///
    /// A key read alone within [`GIVEN_UP_WATCH`] of the give-up (`watch_from`) or of the last
    /// read dropped is `held` until [`GIVEN_UP_HOLD`] passes with no byte after it (`last_byte`):
    /// the rest of a paste, come one byte per read on a slow link, is then dropped with its end
    /// rather than typed.
    GivenUp {
        carry: Vec<u8>,
        said: bool,
        held: Vec<Event>,
        last_byte: Instant,
        watch_from: Instant,
    },
    /// Past an end marker, looking at the rest of the burst.
    Closing {
        text: Vec<u8>,
        tail: Vec<u8>,
        ended: Instant,
        last_byte: Instant,
        too_long: bool,
    },
}

/// Turns the terminal's bytes into [`TermInput`]s.
pub struct Parser {
    /// Bytes not yet turned into events (an escape sequence or character cut by a read).
    pending: Vec<u8>,
    /// When the pending bytes arrived, to give up on them.
    pending_since: Option<Instant>,
    paste: Paste,
    ready: VecDeque<TermInput>,
    /// When an Esc alone ended a read and was taken as the key: a `[` right after it is the
    /// rest of a sequence cut after its Esc (a paste start above all), not keys.
    lone_esc: Option<Instant>,
    /// How many of the pending bytes, a proper prefix of a paste's start (`Esc [`, `Esc [ 2`,
    /// `Esc [ 2 0`, `Esc [ 2 0 0`), outlived [`SEQUENCE_PATIENCE`]: they wait, with no time
    /// limit, for the bytes that decide them (see [`Parser::poll`]).
    overdue: Option<usize>,
    /// Since the Esc key ended a read, the bytes of a paste's start that followed it too late
    /// to be read with it (see [`AfterEsc`]).
    after_esc: Option<AfterEsc>,
    /// Whether the pending bytes begin with an Esc put back after it went as the Esc key (see
    /// `take`): should they make no sequence, the keys after the Esc are keys, not dropped.
    put_back: bool,
    /// When a paste, or a sign of one, was last seen, and which.
    last_sign: Option<(Instant, Sign)>,
}

/// What a sign of a paste was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// A paste, its start (whole or cut), a stall, a give-up, or its rest after one.
    Paste,
    /// An end marker with no start before it: the paste's start was cut or given up long
    /// enough ago that its text went as keys, so the work to keep is the one at the last sign
    /// before it, however old (see `tui::at_paste`).
    EndAlone,
}

/// The bytes after the Esc key, read one after another as far as they spell the rest of a
/// paste's start (`[200~`).
///
/// A paste's start cut right after its Esc by a slow link is, byte for byte, what a person
/// types pressing Esc, `[`, `2`, `0`, `0`, `~`; no person types that, and taken as keys the
/// paste's text after it was typed (`q`, `y`: quit, the work lost). So those bytes are held for
/// [`AFTER_ESC_HOLD`] each; one that comes later, or any other byte, lets the held ones be typed
/// (`[` is a key of its own). Whatever the pauses, once `~` completes the start the rest is the
/// paste's text: at worst `[`, `2`, `0`, `0` were typed, which undo takes back.
struct AfterEsc {
    /// How many bytes of `[200~` came.
    matched: usize,
    /// Those not yet typed.
    held: Vec<u8>,
    /// When the last came.
    last_byte: Instant,
}

impl Default for Parser {
    fn default() -> Self {
        Parser::new()
    }
}

impl Parser {
    /// A parser with nothing read.
    pub fn new() -> Parser {
        Parser {
            pending: Vec::new(),
            pending_since: None,
            paste: Paste::None,
            ready: VecDeque::new(),
            lone_esc: None,
            overdue: None,
            after_esc: None,
            put_back: false,
            last_sign: None,
        }
    }

    /// Takes bytes read at `now`. A sequence cut at the end of them (an Esc, `Esc [ 2 0`) waits
    /// for its rest, whatever the size of the read: a terminal's reads are cut anywhere, and a
    /// cut paste marker taken as keys would type its text. After `SEQUENCE_PATIENCE` without
    /// more, [`Parser::poll`] takes what there is (a lone Esc is then the Esc key).
    pub fn feed(&mut self, bytes: &[u8], now: Instant) {
        self.take(bytes, true, now);
    }

    /// [`Parser::feed`], where `more: false` takes a cut sequence as it is.
    fn take(&mut self, bytes: &[u8], more: bool, now: Instant) {
        if matches!(self.paste, Paste::Open { .. } | Paste::Closing { .. }) {
            self.last_sign = Some((now, Sign::Paste));
        }
        match &mut self.paste {
            Paste::Open {
                text,
                last_byte,
                too_long,
                stopped,
                escapes,
            } => {
                *last_byte = now;
                if *stopped && !bytes.is_empty() {
                    // A read of Esc alone is a press of the key; anything else starts the count
                    // again (a paste's own Esc comes with the rest of its text).
                    let presses = bytes.iter().all(|&b| b == 0x1b) && bytes.len() <= ESCAPES_TO_GIVE_UP;
                    *escapes = if presses { *escapes + bytes.len() } else { 0 };
                    if *escapes >= ESCAPES_TO_GIVE_UP {
                        self.paste = Paste::GivenUp {
                            carry: Vec::new(),
                            said: false,
                            held: Vec::new(),
                            last_byte: now,
                            watch_from: now,
                        };
                        self.ready.push_back(TermInput::PasteIgnored(
                            "given up with Esc; keys work again (a second late for 10 s, should its rest come)".into(),
                        ));
                        return;
                    }
                }
                // Only the new bytes (and a marker cut by the read before) are searched:
                // searching the whole text on every read made a big paste quadratic.
                let from = text.len().saturating_sub(PASTE_END.len() - 1);
                text.extend_from_slice(bytes);
                if let Some(end) = find(&text[from..], PASTE_END).map(|at| from + at) {
                    let rest = text.split_off(end + PASTE_END.len());
                    text.truncate(end);
                    self.paste = Paste::Closing {
                        text: std::mem::take(text),
                        tail: rest,
                        ended: now,
                        last_byte: now,
                        too_long: *too_long,
                    };
                } else if text.len() > MAX_PASTE {
                    // Dropped, but still a paste up to its end: none of it may become keys.
                    let keep = text.len() - (PASTE_END.len() - 1);
                    text.drain(..keep);
                    *too_long = true;
                }
                return;
            }
            Paste::Closing { tail, last_byte, .. } => {
                tail.extend_from_slice(bytes);
                *last_byte = now;
                return;
            }
            Paste::GivenUp { .. } => return self.given_up(bytes, more, now),
            Paste::None => {}
        }
        if let Some(late) = self.overdue.take() {
            self.lone_esc = None;
            if bytes == [0x1b] {
                // Esc pressed while a paste's start waits, cut (a person, at a paste that seems
                // stuck): the Esc key, and the start still waited for after it, as one cut right
                // after its Esc is. Taken as the end of the start, the rest was typed.
                self.pending.clear();
                self.pending_since = None;
                self.put_back = false;
                self.ready
                    .push_back(TermInput::Event(key(KeyCode::Esc, KeyModifiers::NONE)));
                self.after_esc = Some(AfterEsc {
                    matched: late - 1,
                    held: Vec::new(),
                    last_byte: now,
                });
                return;
            }
            self.pending.extend_from_slice(bytes);
            if PASTE_START.starts_with(&self.pending) {
                // Still only the start of a paste's start: wait on.
                self.overdue = Some(late);
                return;
            }
            if !self.pending.starts_with(PASTE_START) {
                // Not a paste: the late prefix goes as its timeout would have taken it, and
                // the bytes after it, which came after a pause no sequence has, as they are.
                let after = self.pending.split_off(late);
                self.take(&[], false, now);
                self.take(&after, more, now);
                return;
            }
            // A paste's start, whole: parsed below with the rest.
            self.pending_since = Some(now);
            self.parse(more, now);
            return self.open_with_pending(more, now);
        }
        let esc_before = self.lone_esc.take();
        let after_esc = self.after_esc.take();
        if esc_before.is_some_and(|at| now.saturating_duration_since(at) < SEQUENCE_PATIENCE)
            && self.pending.is_empty()
            && bytes.first() == Some(&b'[')
        {
            self.pending.push(0x1b);
            self.put_back = true;
        } else if let Some(mut after) = after_esc
            && self.pending.is_empty()
        {
            let want = &PASTE_START[1 + after.matched..];
            let n = bytes.len().min(want.len());
            if bytes == [0x1b] && after.matched > 0 {
                // Esc pressed in the middle: the Esc key, the start still watched for.
                self.type_held(&std::mem::take(&mut after.held));
                self.ready
                    .push_back(TermInput::Event(key(KeyCode::Esc, KeyModifiers::NONE)));
                after.last_byte = now;
                self.after_esc = Some(after);
                return;
            }
            if bytes.is_empty() || bytes[..n] != want[..n] {
                // Not a paste's start: what was held was typed.
                self.type_held(&after.held);
            } else if n == want.len() {
                // The whole start: a paste. What was held is its marker, not keys.
                self.paste = Paste::Open {
                    text: Vec::new(),
                    last_byte: now,
                    too_long: false,
                    stopped: false,
                    escapes: 0,
                };
                return self.take(&bytes[n..], more, now);
            } else {
                after.matched += n;
                after.held.extend_from_slice(bytes);
                after.last_byte = now;
                if after.matched > 1 {
                    // Past `[`, which is a key of its own after Esc: a paste's start, surely.
                    self.last_sign = Some((now, Sign::Paste));
                }
                self.after_esc = Some(after);
                return;
            }
        }
        self.pending.extend_from_slice(bytes);
        self.pending_since.get_or_insert(now);
        self.parse(more, now);
        self.open_with_pending(more, now);
    }

    /// A paste began: the rest of the pending bytes are its text.
    fn open_with_pending(&mut self, more: bool, now: Instant) {
        if matches!(self.paste, Paste::Open { .. }) && !self.pending.is_empty() {
            let rest = std::mem::take(&mut self.pending);
            self.pending_since = None;
            self.take(&rest, more, now);
        }
    }

    /// Bytes held after the Esc key, typed after all.
    fn type_held(&mut self, held: &[u8]) {
        for &byte in held {
            if let Scanned::Event(event, _) = parse_one(&[byte], false) {
                self.ready.push_back(TermInput::Event(event));
            }
        }
    }

    /// Bytes read after a paste was given up with Esc, before its end marker came.
    ///
    /// Giving up must not lock the keyboard (a terminal may send a start and never an end), yet
    /// the rest of the paste may still come, late, and typed as keys its `q`, `y` quit and lost
    /// the work. A terminal sends a paste in reads of many bytes; a person typing makes one key
    /// (one character, one escape sequence) per read. So: a read holding more than one key's
    /// worth is taken for the rest of the paste and dropped, with a message, until the read
    /// holding the end marker, dropped up to it; a read of one key is the key. A new paste's
    /// start ends the wait as well: the old paste's end was lost.
    fn given_up(&mut self, bytes: &[u8], more: bool, now: Instant) {
        let Paste::GivenUp {
            carry,
            said,
            held,
            last_byte,
            watch_from,
        } = &mut self.paste
        else {
            return;
        };
        if bytes.is_empty() {
            return;
        }
        if carry.is_empty()
            && let Some(events) = pointer_events(bytes)
        {
            // The mouse moving or clicking (reports come several to a read): not the paste's
            // rest, which is text. Behind the keys held, in the order they came.
            if held.is_empty() {
                self.ready.extend(events.into_iter().map(TermInput::Event));
            } else {
                held.extend(events);
            }
            return;
        }
        *last_byte = now;
        self.last_sign = Some((now, Sign::Paste));
        let mut joined = std::mem::take(carry);
        joined.extend_from_slice(bytes);
        let start = find(&joined, PASTE_START);
        let end = find(&joined, PASTE_END);
        if let Some(start) = start.filter(|&s| end.is_none_or(|e| s < e)) {
            // A new paste: the old one's end was lost, and what was held was typed.
            let held = std::mem::take(held);
            self.paste = Paste::None;
            self.ready.extend(held.into_iter().map(TermInput::Event));
            return self.take(&joined[start..], more, now);
        }
        if let Some(end) = end {
            // The keys held were the paste's, as the bytes before its end in this read.
            if !*said || !held.is_empty() {
                self.ready
                    .push_back(TermInput::PasteIgnored("its rest came later, and was dropped".into()));
            }
            self.paste = Paste::None;
            return self.take(&joined[end + PASTE_END.len()..], more, now);
        }
        if let Scanned::Event(event, used) = parse_one(bytes, false)
            && used == bytes.len()
        {
            // One key: typed by a person, or the paste's rest one byte at a time: held a moment
            // while that may be (see `poll`).
            *carry = marker_cut(&joined).to_vec();
            if now.saturating_duration_since(*watch_from) < GIVEN_UP_WATCH {
                held.push(event);
            } else {
                // In the order typed: the keys held before this one first.
                let held = std::mem::take(held);
                self.ready.extend(held.into_iter().map(TermInput::Event));
                self.ready.push_back(TermInput::Event(event));
            }
            return;
        }
        // The rest of the paste, and the keys held before it with it.
        held.clear();
        *watch_from = now;
        if !*said {
            *said = true;
            self.ready.push_back(TermInput::PasteIgnored(
                "its rest came later, dropped up to its end; keys typed one at a time work".into(),
            ));
        }
        *carry = marker_cut(&joined).to_vec();
    }

    /// Applies the timeouts due at `now`: a paste stopped before its end, a paste's burst over,
    /// an escape sequence cut short.
    pub fn poll(&mut self, now: Instant) {
        match &mut self.paste {
            Paste::Open {
                last_byte,
                stopped: stopped @ false,
                ..
            } if now.saturating_duration_since(*last_byte) >= PASTE_PATIENCE => {
                // Said, not given up: what comes later is still the paste's.
                *stopped = true;
                self.ready.push_back(TermInput::PasteStopped);
            }
            Paste::Closing { ended, last_byte, .. }
                if now.saturating_duration_since(*last_byte) >= BURST_GAP
                    || now.saturating_duration_since(*ended) >= BURST_LIMIT =>
            {
                self.close_paste(now);
            }
            Paste::GivenUp { held, last_byte, .. }
                if !held.is_empty() && now.saturating_duration_since(*last_byte) >= GIVEN_UP_HOLD =>
            {
                // Nothing came after them: typed by a person.
                self.ready.extend(held.drain(..).map(TermInput::Event));
            }
            Paste::GivenUp { watch_from, held, .. } if now.saturating_duration_since(*watch_from) >= GIVEN_UP_WATCH => {
                // Its end will not come now: reads of many keys are keys again, and the keys
                // held are typed, in order.
                self.ready.extend(held.drain(..).map(TermInput::Event));
                self.paste = Paste::None;
            }
            _ => {}
        }
        if let Some(after) = &mut self.after_esc
            && !after.held.is_empty()
            && now.saturating_duration_since(after.last_byte) >= AFTER_ESC_HOLD
        {
            // Nothing came on: typed. Still watched: should `~` end the start, the rest is a paste.
            let held = std::mem::take(&mut after.held);
            self.type_held(&held);
        }
        if matches!(self.paste, Paste::None)
            && self
                .pending_since
                .is_some_and(|since| now.saturating_duration_since(since) >= SEQUENCE_PATIENCE)
        {
            if self.put_back && self.pending.len() >= 2 && PASTE_START.starts_with(&self.pending) {
                // Esc, then `[` (and more of a start) typed quickly: a person's keys, or a paste's
                // start cut after its Esc. As after the Esc key: held a moment, typed unless
                // the start goes on (see `AfterEsc`); waited for with no limit, a `[` typed by a
                // person did nothing until the next key.
                let since = self.pending_since.unwrap_or(now);
                self.after_esc = Some(AfterEsc {
                    matched: self.pending.len() - 1,
                    held: self.pending[1..].to_vec(),
                    last_byte: since,
                });
                if self.pending.len() > 2 {
                    // `Esc [ 2`: no key a person types; `Esc [` is the previous puzzle.
                    self.last_sign = Some((now, Sign::Paste));
                }
                self.pending.clear();
                self.pending_since = None;
                self.put_back = false;
            } else if self.pending.len() >= 2 && PASTE_START.starts_with(&self.pending) {
                // The start of a paste's start, cut by a pause (a slow link): taken as keys,
                // the paste's text would be typed (`q`, `y` quit and lose the work). No person
                // types `Esc [ 2 0` in a moment, and the next byte decides it (see `take`), so
                // it waits for that byte. `Esc [` alone too, though a person may press Esc
                // then `[`: it comes whole from one read (a terminal's, cut), or as Esc then `[`
                // within 150 ms, whose Esc was the Esc key at once and whose `[` was dropped
                // with it before as now; cut there, a paste would be typed. The next key decides
                // and is a key as ever (after `2`, `0`: they and the key after them).
                self.overdue = Some(self.pending.len());
                self.pending_since = None;
                self.last_sign = Some((now, Sign::Paste));
            } else {
                // The rest of a sequence never came: what there is, as if nothing more will.
                self.take(&[], false, now);
            }
        }
    }

    /// The burst after a paste's end is over: the paste, unless the burst held another end
    /// marker (then the first was text inside the paste); what follows the last marker is keys.
    fn close_paste(&mut self, now: Instant) {
        self.last_sign = Some((now, Sign::Paste));
        let Paste::Closing {
            mut text,
            tail,
            too_long,
            ..
        } = std::mem::replace(&mut self.paste, Paste::None)
        else {
            return;
        };
        match rfind(&tail, PASTE_END) {
            Some(last) => {
                text.extend_from_slice(PASTE_END);
                text.extend_from_slice(&tail[..last]);
                self.ready.push_back(TermInput::PasteIgnored(
                    "the pasted text held an end-of-paste marker, with keys after it; none of it was used".into(),
                ));
                let after = tail[last + PASTE_END.len()..].to_vec();
                self.feed(&after, now);
            }
            None if too_long => {
                self.ready.push_back(TermInput::PasteIgnored(format!(
                    "longer than {} MiB, no puzzle file is",
                    MAX_PASTE / (1024 * 1024)
                )));
                self.feed(&tail, now);
            }
            None => {
                self.ready.push_back(TermInput::Event(Event::Paste(
                    String::from_utf8_lossy(&text).into_owned(),
                )));
                self.feed(&tail, now);
            }
        }
    }

    /// Whether a paste is under way, or a sign of one (a paste, its start or end, a stall, a
    /// give-up) came less than [`PASTE_GUARD`] before `now`. Keys read then may be a paste's
    /// text, cut by a slow link in a way no rule here tells from typing (pauses of seconds
    /// inside its markers, Esc pressed between): `tui::run` then keeps the work as it was at the
    /// paste apart at any end, and the model refuses answers that destroy files
    /// (`Action::PasteNear`).
    pub fn near_a_paste(&self, now: Instant) -> bool {
        !matches!(self.paste, Paste::None)
            || self
                .last_sign
                .is_some_and(|(at, _)| now.saturating_duration_since(at) < PASTE_GUARD)
    }

    /// When a paste, or a sign of one, was last seen, and which: the work as it was then is
    /// what a quit near a paste keeps (see `tui::at_paste`).
    pub fn last_sign(&self) -> Option<(Instant, Sign)> {
        self.last_sign
    }

    /// Keys held in case a paste's rest followed them, now: an ending signal keeps the work as
    /// of the last key typed, and these were typed.
    pub fn release_held(&mut self) {
        if let Paste::GivenUp { held, .. } = &mut self.paste {
            self.ready.extend(held.drain(..).map(TermInput::Event));
        }
        if let Some(after) = &mut self.after_esc {
            let held = std::mem::take(&mut after.held);
            self.type_held(&held);
        }
    }

    /// The next input, if one is ready.
    pub fn next_input(&mut self) -> Option<TermInput> {
        self.ready.pop_front()
    }

    /// When [`Parser::poll`] has something to do, if ever.
    pub fn deadline(&self) -> Option<Instant> {
        let paste = match &self.paste {
            Paste::GivenUp { held, last_byte, .. } if !held.is_empty() => Some(*last_byte + GIVEN_UP_HOLD),
            Paste::GivenUp { watch_from, .. } => Some(*watch_from + GIVEN_UP_WATCH),
            Paste::None => None,
            // Once stopped, nothing but its end or Esc ends it: no time to wait for.
            Paste::Open { stopped: true, .. } => None,
            Paste::Open { last_byte, .. } => Some(*last_byte + PASTE_PATIENCE),
            Paste::Closing { ended, last_byte, .. } => Some((*last_byte + BURST_GAP).min(*ended + BURST_LIMIT)),
        };
        let sequence = self.pending_since.map(|since| since + SEQUENCE_PATIENCE);
        let after_esc = self
            .after_esc
            .as_ref()
            .filter(|after| !after.held.is_empty())
            .map(|after| after.last_byte + AFTER_ESC_HOLD);
        [paste, sequence, after_esc].into_iter().flatten().min()
    }

    /// Turns the pending bytes into events, keeping a cut sequence for more bytes (when `more`
    /// bytes may come) and stopping at a paste's start.
    fn parse(&mut self, more: bool, now: Instant) {
        let mut at = 0;
        while at < self.pending.len() {
            if self.pending[at..].starts_with(PASTE_START) {
                at += PASTE_START.len();
                self.put_back = false;
                self.last_sign = Some((now, Sign::Paste));
                self.paste = Paste::Open {
                    text: Vec::new(),
                    last_byte: now,
                    too_long: false,
                    stopped: false,
                    escapes: 0,
                };
                break;
            }
            if more && self.pending[at..] == [0x1b] {
                // An Esc alone at the end of a read is the Esc key at once, as people expect
                // of it; should the rest of a sequence follow, `take` puts the Esc back.
                self.ready
                    .push_back(TermInput::Event(key(KeyCode::Esc, KeyModifiers::NONE)));
                self.lone_esc = Some(now);
                self.after_esc = Some(AfterEsc {
                    matched: 0,
                    held: Vec::new(),
                    last_byte: now,
                });
                at += 1;
                break;
            }
            match parse_one(&self.pending[at..], more) {
                Scanned::Event(event, used) => {
                    self.ready.push_back(TermInput::Event(event));
                    at += used;
                }
                Scanned::Skip(used) if at == 0 && self.put_back => {
                    // An Esc put back, whose bytes after it make no sequence: a person typed
                    // Esc, then these (`[`, `2`, ...) quickly. Keys, after the Esc key.
                    let typed = self.pending[1..used].to_vec();
                    self.type_held(&typed);
                    at += used;
                }
                Scanned::Skip(used) => {
                    if self.pending[at..].starts_with(PASTE_END) {
                        // An end of paste with no start: the paste's start was cut and its text
                        // may just have been typed (attack U).
                        self.last_sign = Some((now, Sign::EndAlone));
                    }
                    at += used;
                }
                Scanned::Incomplete => break,
            }
            self.put_back = false;
        }
        self.pending.drain(..at);
        if self.pending.is_empty() {
            self.pending_since = None;
        }
    }
}

/// The events of `bytes` when they are all mouse reports or focus reports, whole.
fn pointer_events(bytes: &[u8]) -> Option<Vec<Event>> {
    let mut events = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match parse_one(&bytes[at..], false) {
            Scanned::Event(event @ (Event::Mouse(_) | Event::FocusGained | Event::FocusLost), used) => {
                events.push(event);
                at += used;
            }
            _ => return None,
        }
    }
    Some(events)
}

/// The end of `bytes` that may be the start of a paste marker cut by the read (kept for the next).
fn marker_cut(bytes: &[u8]) -> &[u8] {
    let cut = (1..PASTE_END.len())
        .rev()
        .find(|&n| {
            bytes.len() >= n && {
                let tail = &bytes[bytes.len() - n..];
                PASTE_END.starts_with(tail) || PASTE_START.starts_with(tail)
            }
        })
        .unwrap_or(0);
    &bytes[bytes.len() - cut..]
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

/// What the bytes at the front make.
enum Scanned {
    /// An event, from this many bytes.
    Event(Event, usize),
    /// Nothing worth an event (a sequence not used here): skip this many bytes.
    Skip(usize),
    /// A sequence or character cut short: wait for more bytes.
    Incomplete,
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

/// The first event in `bytes` (not empty); `more` says more bytes may follow them.
fn parse_one(bytes: &[u8], more: bool) -> Scanned {
    let none = KeyModifiers::NONE;
    match bytes[0] {
        0x1b => parse_escape(bytes, more),
        b'\r' | b'\n' => Scanned::Event(key(KeyCode::Enter, none), 1),
        b'\t' => Scanned::Event(key(KeyCode::Tab, none), 1),
        0x7f | 0x08 => Scanned::Event(key(KeyCode::Backspace, none), 1),
        c @ 0x01..=0x1a => Scanned::Event(key(KeyCode::Char((b'a' + c - 1) as char), KeyModifiers::CONTROL), 1),
        0x00 | 0x1c..=0x1f => Scanned::Skip(1),
        b if b < 0x80 => Scanned::Event(key(KeyCode::Char(b as char), none), 1),
        b => {
            let len = match b {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => return Scanned::Skip(1),
            };
            if bytes.len() < len {
                return if more {
                    Scanned::Incomplete
                } else {
                    Scanned::Skip(bytes.len())
                };
            }
            match std::str::from_utf8(&bytes[..len]).ok().and_then(|s| s.chars().next()) {
                Some(c) => Scanned::Event(key(KeyCode::Char(c), none), len),
                None => Scanned::Skip(1),
            }
        }
    }
}

/// A sequence starting with Esc.
fn parse_escape(bytes: &[u8], more: bool) -> Scanned {
    let Some(&second) = bytes.get(1) else {
        // A lone Esc: the key, unless the read was cut right after it.
        return if more {
            Scanned::Incomplete
        } else {
            Scanned::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1)
        };
    };
    match second {
        b'[' => parse_csi(bytes, more),
        b'O' => match bytes.get(2) {
            None if more => Scanned::Incomplete,
            None => Scanned::Event(key(KeyCode::Char('O'), KeyModifiers::ALT), 2),
            Some(&c) => match ss3_key(c) {
                Some(code) => Scanned::Event(key(code, KeyModifiers::NONE), 3),
                None => Scanned::Skip(3),
            },
        },
        0x1b => Scanned::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        _ => match parse_one(&bytes[1..], more) {
            // Esc and a key: the key with Alt.
            Scanned::Event(Event::Key(mut k), used) => {
                k.modifiers |= KeyModifiers::ALT;
                Scanned::Event(Event::Key(k), used + 1)
            }
            Scanned::Event(_, used) | Scanned::Skip(used) => Scanned::Skip(used + 1),
            Scanned::Incomplete => Scanned::Incomplete,
        },
    }
}

fn ss3_key(c: u8) -> Option<KeyCode> {
    Some(match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    })
}

/// The longest control sequence worth waiting for; a longer one is junk and skipped.
const MAX_CSI: usize = 64;

/// `Esc [` ...: keys with modifiers, special keys, SGR mouse reports.
fn parse_csi(bytes: &[u8], more: bool) -> Scanned {
    // An Esc among the parameters: this sequence was cut, and another began (Esc, `[` typed
    // quickly, then an arrow: `Esc [ Esc [ C`). It ends before that Esc.
    if let Some(esc) = bytes.iter().skip(2).position(|&b| b == 0x1b) {
        let stop = esc + 2;
        if !bytes[2..stop].iter().any(|b| (0x40..=0x7e).contains(b)) {
            return Scanned::Skip(stop);
        }
    }
    // Parameters and intermediates, then a final byte in 0x40..=0x7E.
    let Some(end) = bytes
        .iter()
        .skip(2)
        .position(|b| (0x40..=0x7e).contains(b))
        .map(|i| i + 2)
    else {
        if bytes.len() > MAX_CSI {
            return Scanned::Skip(bytes.len());
        }
        return if more {
            Scanned::Incomplete
        } else {
            Scanned::Skip(bytes.len())
        };
    };
    let used = end + 1;
    let params = &bytes[2..end];
    let final_byte = bytes[end];
    // X10 mouse: `Esc [ M` and three bytes (not asked for, but some terminals send it).
    if final_byte == b'M' && params.is_empty() {
        return match bytes.get(end + 1..end + 4) {
            Some(&[b, x, y]) => match mouse(
                u16::from(b.saturating_sub(32)),
                u16::from(x.saturating_sub(32)),
                u16::from(y.saturating_sub(32)),
                true,
            ) {
                Some(event) => Scanned::Event(event, used + 3),
                None => Scanned::Skip(used + 3),
            },
            _ if more => Scanned::Incomplete,
            _ => Scanned::Skip(bytes.len()),
        };
    }
    // Focus reports (asked for with `Esc [ ? 1004 h`): `Esc [ I` gained, `Esc [ O` lost.
    match (params, final_byte) {
        (b"", b'I') => return Scanned::Event(Event::FocusGained, used),
        (b"", b'O') => return Scanned::Event(Event::FocusLost, used),
        _ => {}
    }
    let text = std::str::from_utf8(params).unwrap_or("");
    if let Some(sgr) = text.strip_prefix('<') {
        let numbers: Vec<u16> = sgr.split(';').filter_map(|n| n.parse().ok()).collect();
        return match (numbers.as_slice(), final_byte) {
            (&[b, x, y], b'M' | b'm') => match mouse(b, x, y, final_byte == b'M') {
                Some(event) => Scanned::Event(event, used),
                None => Scanned::Skip(used),
            },
            _ => Scanned::Skip(used),
        };
    }
    let numbers: Vec<u16> = text.split(';').map(|n| n.parse().unwrap_or(0)).collect();
    let modifiers = modifiers_of(numbers.get(1).copied().unwrap_or(1));
    let code = match final_byte {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'Z' => return Scanned::Event(key(KeyCode::BackTab, KeyModifiers::SHIFT), used),
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        b'~' => match numbers.first().copied().unwrap_or(0) {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            n @ 11..=15 => KeyCode::F((n - 10) as u8),
            n @ 17..=21 => KeyCode::F((n - 11) as u8),
            n @ 23..=24 => KeyCode::F((n - 12) as u8),
            // 201: an end of paste with no start; 200 cannot reach here. Nothing to do.
            _ => return Scanned::Skip(used),
        },
        _ => return Scanned::Skip(used),
    };
    Scanned::Event(key(code, modifiers), used)
}

/// The modifiers of a parameter `1 + bits` (1 shift, 2 alt, 4 control).
fn modifiers_of(param: u16) -> KeyModifiers {
    let bits = param.saturating_sub(1);
    let mut m = KeyModifiers::NONE;
    if bits & 1 != 0 {
        m |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        m |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        m |= KeyModifiers::CONTROL;
    }
    m
}

/// A mouse report: button code `b`, one-based column `x` and row `y`; `press` for a press or
/// drag, else a release.
fn mouse(b: u16, x: u16, y: u16, press: bool) -> Option<Event> {
    // Bits 4, 8 and 16 are shift, alt and control: a key's modifier bits, two places up.
    let modifiers = modifiers_of(((b >> 2) & 7) + 1);
    let button = match b & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if b & 64 != 0 {
        match b & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if b & 32 != 0 {
        if b & 3 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if !press {
        MouseEventKind::Up(button)
    } else if b & 3 == 3 {
        return None;
    } else {
        MouseEventKind::Down(button)
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x.checked_sub(1)?,
        row: y.checked_sub(1)?,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(parser: &mut Parser) -> Vec<TermInput> {
        std::iter::from_fn(|| parser.next_input()).collect()
    }

    fn keys(bytes: &[u8]) -> Vec<TermInput> {
        let mut p = Parser::new();
        let t = Instant::now();
        p.feed(bytes, t);
        p.poll(t + SEQUENCE_PATIENCE);
        all(&mut p)
    }

    /// A parser whose paste, begun at `t`, stopped and was given up with Esc twice at
    /// `t` + 1.9 s, its messages read.
    fn given_up_at(t: Instant) -> Parser {
        let at = |ms| t + Duration::from_millis(ms);
        let mut p = Parser::new();
        p.feed(b"\x1b[200~4.....8.5.3..", t);
        p.poll(at(1500));
        p.feed(b"\x1b", at(1700));
        p.feed(b"\x1b", at(1900));
        all(&mut p);
        p
    }

    fn k(code: KeyCode) -> TermInput {
        TermInput::Event(key(code, KeyModifiers::NONE))
    }

    #[test]
    fn keys_arrows_and_control_characters() {
        assert_eq!(
            keys(b"q5\r\x7f\x1b[A\x1bOB\x1b[3~\x1b[5~\x1b[1;5C"),
            vec![
                k(KeyCode::Char('q')),
                k(KeyCode::Char('5')),
                k(KeyCode::Enter),
                k(KeyCode::Backspace),
                k(KeyCode::Up),
                k(KeyCode::Down),
                k(KeyCode::Delete),
                k(KeyCode::PageUp),
                TermInput::Event(key(KeyCode::Right, KeyModifiers::CONTROL)),
            ]
        );
        assert_eq!(
            keys(b"\x03\x1a"),
            vec![
                TermInput::Event(key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
                TermInput::Event(key(KeyCode::Char('z'), KeyModifiers::CONTROL)),
            ]
        );
        assert_eq!(keys("é".as_bytes()), vec![k(KeyCode::Char('é'))]);
        assert_eq!(keys(b"\x1b"), vec![k(KeyCode::Esc)], "a lone Esc is the key");
        assert_eq!(keys(b"\x1b[24~"), vec![k(KeyCode::F(12))]);
    }

    #[test]
    fn focus_reports_are_events_not_keys() {
        assert_eq!(
            keys(b"\x1b[O5\x1b[I"),
            vec![
                TermInput::Event(Event::FocusLost),
                k(KeyCode::Char('5')),
                TermInput::Event(Event::FocusGained),
            ]
        );
    }

    #[test]
    fn a_sequence_cut_by_a_read_waits_for_its_rest() {
        let mut p = Parser::new();
        let t = Instant::now();
        // A paste's start marker cut in two reads is still a paste: its text never becomes keys.
        p.feed(b"\x1b[20", t);
        assert_eq!(all(&mut p), vec![]);
        p.feed(b"0~qy\x1b[201~", t + Duration::from_millis(20));
        p.poll(t + Duration::from_millis(200));
        assert_eq!(all(&mut p), vec![TermInput::Event(Event::Paste("qy".into()))]);
        // Cut right after its Esc: the Esc key comes at once, the rest is still the paste.
        p.feed(b"\x1b", t);
        p.feed(b"[200~qy\x1b[201~", t + Duration::from_millis(20));
        p.poll(t + Duration::from_millis(200));
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Esc), TermInput::Event(Event::Paste("qy".into()))]
        );
        // A mouse report cut in two is a click, not digits typed.
        p.feed(b"\x1b[<0;1", t);
        p.feed(b"0;5M", t + Duration::from_millis(20));
        assert!(matches!(all(&mut p)[..], [TermInput::Event(Event::Mouse(_))]));
        p.feed(b"a\x1b[", t);
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('a'))]);
        p.feed(b"B", t);
        assert_eq!(all(&mut p), vec![k(KeyCode::Down)]);
        // Cut for good: dropped after a while, nothing left hanging.
        p.feed(b"\x1b[1;", t);
        assert!(p.deadline().is_some());
        p.poll(t + SEQUENCE_PATIENCE);
        assert_eq!(all(&mut p), vec![]);
        assert_eq!(p.deadline(), None);
    }

    #[test]
    fn mouse_reports() {
        assert_eq!(
            keys(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<65;3;4M"),
            vec![
                TermInput::Event(Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: 9,
                    row: 4,
                    modifiers: KeyModifiers::NONE
                })),
                TermInput::Event(Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Up(MouseButton::Left),
                    column: 9,
                    row: 4,
                    modifiers: KeyModifiers::NONE
                })),
                TermInput::Event(Event::Mouse(MouseEvent {
                    kind: MouseEventKind::ScrollDown,
                    column: 2,
                    row: 3,
                    modifiers: KeyModifiers::NONE
                })),
            ]
        );
    }

    #[test]
    fn a_paste_is_text_and_comes_once_its_burst_is_over() {
        let mut p = Parser::new();
        let t = Instant::now();
        p.feed(b"x\x1b[200~1 2 3\nq\x1b[201~", t);
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Char('x'))],
            "the paste waits for its burst to end"
        );
        p.poll(t + BURST_GAP);
        assert_eq!(all(&mut p), vec![TermInput::Event(Event::Paste("1 2 3\nq".into()))]);
        // Keys typed later are keys.
        p.feed(b"q", t + Duration::from_secs(1));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('q'))]);
    }

    #[test]
    fn an_end_marker_inside_a_paste_smuggles_no_keys() {
        let mut p = Parser::new();
        let t = Instant::now();
        // The clipboard held `board\e[201~qy`; the terminal adds its own end marker.
        p.feed(b"\x1b[200~board\x1b[201~qy\x1b[201~", t);
        p.poll(t + BURST_GAP);
        let got = all(&mut p);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(matches!(&got[0], TermInput::PasteIgnored(why) if why.contains("end-of-paste marker")));
        // Split over reads in the same burst: the same.
        let mut p = Parser::new();
        p.feed(b"\x1b[200~board\x1b[20", t);
        p.feed(b"1~q", t + Duration::from_millis(5));
        p.feed(b"y\x1b[201~", t + Duration::from_millis(10));
        p.poll(t + Duration::from_millis(10) + BURST_GAP);
        let got = all(&mut p);
        assert!(matches!(got.as_slice(), [TermInput::PasteIgnored(_)]), "{got:?}");
    }

    #[test]
    fn a_paste_that_stops_halfway_is_still_a_paste_when_its_rest_comes() {
        let mut p = Parser::new();
        let t = Instant::now();
        p.feed(b"\x1b[200~4.....8.5.3.. ", t);
        let due = p.deadline().expect("a deadline");
        assert!(due <= t + PASTE_PATIENCE);
        p.poll(due);
        assert_eq!(all(&mut p), vec![TermInput::PasteStopped], "said, not given up");
        assert_eq!(p.deadline(), None, "nothing timed while it waits");
        // The rest, 1.2 s later (a slow link): text, not keys that quit.
        let later = t + Duration::from_millis(1200);
        p.feed(b"quality: yes\x1b[201~", later);
        p.poll(later + BURST_GAP);
        assert_eq!(
            all(&mut p),
            vec![TermInput::Event(Event::Paste("4.....8.5.3.. quality: yes".into()))]
        );
        p.feed(b"q", later + Duration::from_secs(1));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('q'))], "keys after its end are keys");
    }

    #[test]
    fn a_paste_that_never_ends_is_given_up_with_esc_twice_and_keys_work_again() {
        let mut p = Parser::new();
        let t = Instant::now();
        p.feed(b"\x1b[200~half a board", t);
        p.feed(b"\x03", t + Duration::from_millis(100));
        assert_eq!(all(&mut p), vec![]);
        let due = p.deadline().expect("a deadline");
        assert!(due <= t + Duration::from_millis(100) + PASTE_PATIENCE);
        p.poll(due);
        assert_eq!(all(&mut p), vec![TermInput::PasteStopped]);
        // Keys typed now join the paste; an Esc among other bytes is the paste's own.
        let at = |ms| due + Duration::from_millis(ms);
        p.feed(b"qy", at(100));
        p.feed(b"\x1b", at(200));
        p.feed(b"q", at(300));
        p.feed(b"\x1b\x1bq", at(400));
        p.poll(at(1500));
        assert_eq!(all(&mut p), vec![], "still the paste's");
        // Esc, then Esc: given up.
        p.feed(b"\x1b", at(2000));
        assert_eq!(all(&mut p), vec![]);
        p.feed(b"\x1b", at(2200));
        let got = all(&mut p);
        assert!(
            matches!(got.as_slice(), [TermInput::PasteIgnored(why)] if why.contains("Esc")),
            "{got:?}"
        );
        // A key, once a second passed with nothing after it (it could have been the rest).
        p.feed(b"\x03", at(2300));
        assert_eq!(all(&mut p), vec![]);
        assert_eq!(p.deadline(), Some(at(2300) + GIVEN_UP_HOLD));
        p.poll(at(2300) + GIVEN_UP_HOLD);
        assert_eq!(
            all(&mut p),
            vec![TermInput::Event(key(KeyCode::Char('c'), KeyModifiers::CONTROL))]
        );
        // Both presses in one read count too.
        p.feed(b"\x1b[200~half", at(3000));
        p.poll(at(3000) + PASTE_PATIENCE);
        p.feed(b"\x1b\x1b", at(5000));
        p.feed(b"l", at(5100));
        p.poll(at(5100) + GIVEN_UP_HOLD);
        let got = all(&mut p);
        assert!(
            matches!(
                got.as_slice(),
                [TermInput::PasteStopped, TermInput::PasteIgnored(_), TermInput::Event(_)]
            ),
            "{got:?}"
        );
    }

    /// Issue 28's last attack: a paste that pauses, its rest then typed as commands. Pastes
    /// cut into reads anywhere, with pauses of any length between them: never a key from
    /// inside, always the whole text once its end comes.
    #[test]
    fn no_pause_in_a_paste_turns_its_text_into_keys() {
        let mut random = sudoku_engine::generate::Random::new(2026);
        let mut next = |n: u64| random.below(n as usize) as u64;
        for _ in 0..500 {
            let text: Vec<u8> = (0..next(120) + 1).map(|_| b"qy19 .\n:wQ"[next(10) as usize]).collect();
            let mut bytes = PASTE_START.to_vec();
            bytes.extend_from_slice(&text);
            bytes.extend_from_slice(PASTE_END);
            let mut p = Parser::new();
            let mut now = Instant::now();
            let mut got = Vec::new();
            // An Esc alone in the first read is the Esc key (people expect it at once), and
            // the bytes of the start after it, when they come slowly, may be typed too.
            let mut at = 0;
            while at < bytes.len() {
                let len = (next(20) as usize + 1).min(bytes.len() - at);
                p.feed(&bytes[at..at + len], now);
                at += len;
                now += Duration::from_millis([0, 5, 200, 800, 1500, 4000][next(6) as usize]);
                p.poll(now);
                got.extend(std::iter::from_fn(|| p.next_input()));
            }
            now += Duration::from_secs(1);
            p.poll(now);
            got.extend(std::iter::from_fn(|| p.next_input()));
            // Messages aside (a pause is said), the paste and nothing else: before it, at most
            // the Esc key and bytes of the start (never of the text).
            let mut pasted: Vec<&TermInput> = got.iter().filter(|i| matches!(i, TermInput::Event(_))).collect();
            let paste = TermInput::Event(Event::Paste(String::from_utf8(text.clone()).unwrap()));
            assert_eq!(pasted.pop(), Some(&paste), "{bytes:?}: {got:?}");
            let start = [
                k(KeyCode::Esc),
                k(KeyCode::Char('[')),
                k(KeyCode::Char('2')),
                k(KeyCode::Char('0')),
            ];
            assert!(
                pasted.len() <= 5 && pasted.iter().all(|i| start.contains(i)),
                "{bytes:?}: {got:?}"
            );
        }
    }

    /// Issue 28, attack V: a paste's start cut after `Esc [ 2 0` by a pause longer than an
    /// escape sequence is waited for: the prefix timed out, and the paste's text was typed.
    #[test]
    fn a_paste_start_cut_by_a_pause_waits_for_the_byte_that_decides_it() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        for cut in 2..PASTE_START.len() {
            let mut p = Parser::new();
            p.feed(&PASTE_START[..cut], t);
            p.poll(at(300));
            assert_eq!(all(&mut p), vec![], "cut at {cut}");
            assert_eq!(p.deadline(), None, "no time limit: the next byte decides");
            p.poll(at(5000));
            let mut rest = PASTE_START[cut..].to_vec();
            rest.extend_from_slice(b"note: quality yes\x1b[201~");
            p.feed(&rest, at(5300));
            p.poll(at(5300) + BURST_GAP);
            assert_eq!(
                all(&mut p),
                vec![TermInput::Event(Event::Paste("note: quality yes".into()))],
                "cut at {cut}"
            );
        }
        // Esc, then `[` at once (as one read, or as two: the Esc key first), then a pause.
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[2", at(50));
        p.poll(at(400));
        p.feed(b"00~qy\x1b[201~", at(900));
        p.poll(at(900) + BURST_GAP);
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Esc), TermInput::Event(Event::Paste("qy".into()))]
        );
        // Not a paste after all: the keys after the pause are keys, Ctrl-C above all.
        let mut p = Parser::new();
        p.feed(b"\x1b[20", t);
        p.poll(at(300));
        p.feed(b"\x03", at(2000));
        assert_eq!(
            all(&mut p),
            vec![TermInput::Event(key(KeyCode::Char('c'), KeyModifiers::CONTROL))]
        );
        assert_eq!(p.deadline(), None);
        // Late bytes that went on with the prefix, then one that ends it: all keys.
        let mut p = Parser::new();
        p.feed(b"\x1b[", t);
        p.poll(at(300));
        p.feed(b"2", at(1000));
        assert_eq!(all(&mut p), vec![]);
        p.feed(b"l", at(2000));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('2')), k(KeyCode::Char('l'))]);
        // Other sequences cut for good still time out.
        let mut p = Parser::new();
        p.feed(b"\x1b[2;", t);
        p.poll(at(300));
        assert_eq!(p.deadline(), None);
        p.feed(b"q", at(400));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('q'))]);
    }

    /// Issue 28, attack V: a paste given up with Esc twice, its rest arriving later. It was
    /// typed as keys (`q`, `y`: quit, the work lost); it is dropped, and single keys work.
    #[test]
    fn the_rest_of_a_given_up_paste_is_dropped_and_single_keys_work() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        let mut p = Parser::new();
        p.feed(b"\x1b[200~4.....8.5.3....", t);
        p.poll(at(1000));
        p.feed(b"\x1b", at(1500));
        p.feed(b"\x1b", at(1700));
        let got = all(&mut p);
        assert!(
            matches!(got.as_slice(), [TermInput::PasteStopped, TermInput::PasteIgnored(_)]),
            "{got:?}"
        );
        // A key alone, with nothing after it for a second, is a key.
        p.feed(b"l", at(1800));
        assert_eq!(all(&mut p), vec![]);
        p.poll(at(2800));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('l'))]);
        // The rest, in reads of many bytes: dropped, said once, with the key just before it.
        p.feed(b"y", at(3100));
        p.feed(b".6.3.7.5..2.....1.4...... q", at(3200));
        p.feed(b"2.....q", at(3300));
        p.poll(at(3300) + GIVEN_UP_HOLD);
        let got = all(&mut p);
        assert!(
            matches!(got.as_slice(), [TermInput::PasteIgnored(why)] if why.contains("dropped")),
            "{got:?}"
        );
        // Its end, cut in two, with a key before it: dropped up to the end; keys after it.
        p.feed(b"y\x1b[2", at(3500));
        p.feed(b"01~", at(3600));
        assert_eq!(all(&mut p), vec![]);
        p.feed(b"q", at(4000));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('q'))]);
        p.feed(b"jj", at(3100));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('j')), k(KeyCode::Char('j'))], "over");
        // The rest whole, in the read with the end marker: dropped, with a message; and a
        // new paste during the wait is a paste.
        for rest in [&b"x q y\x1b[201~"[..], b"x q\x1b[200~5\x1b[201~"] {
            let mut p = Parser::new();
            p.feed(b"\x1b[200~4..", t);
            p.poll(at(1000));
            p.feed(b"\x1b", at(1500));
            p.feed(b"\x1b", at(1700));
            all(&mut p);
            p.feed(rest, at(2000));
            p.poll(at(2000) + BURST_GAP);
            let got = all(&mut p);
            assert!(
                matches!(
                    got.as_slice(),
                    [TermInput::PasteIgnored(_)] | [TermInput::Event(Event::Paste(_))]
                ),
                "{got:?}"
            );
            p.feed(b"qq", at(3000));
            assert_eq!(all(&mut p).len(), 2, "keys again");
        }
    }

    /// Issue 28, last attack: a given-up paste's rest coming one byte per read (a slow link) was
    /// typed, its `q`, `y` quitting and losing the work. Held a second each, it is dropped with
    /// its end, end marker cut byte by byte too, as long as it comes within the ten seconds'
    /// watch (12 bytes 0.7 s apart); a person's keys, a second apart, are keys.
    #[test]
    fn the_rest_of_a_given_up_paste_one_byte_at_a_time_is_dropped() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        for gap in [5, 200, 700] {
            let mut p = given_up_at(t);
            let mut now = at(2000);
            let mut got = Vec::new();
            for &byte in b".7 q y\x1b[201~" {
                p.feed(&[byte], now);
                now += Duration::from_millis(gap);
                p.poll(now);
                got.extend(all(&mut p));
            }
            p.poll(now + GIVEN_UP_HOLD);
            got.extend(all(&mut p));
            assert!(
                matches!(got.as_slice(), [TermInput::PasteIgnored(why)] if why.contains("dropped")),
                "gap {gap} ms: {got:?}"
            );
            p.feed(b"q", now + GIVEN_UP_HOLD);
            assert_eq!(all(&mut p), vec![k(KeyCode::Char('q'))], "over: keys at once");
        }
        // A person after the give-up: each key comes a second after it was typed, in order.
        let mut p = given_up_at(t);
        p.feed(b"5", at(2000));
        p.feed(b"\x1b[C", at(2300));
        p.feed(b"6", at(2600));
        assert_eq!(p.deadline(), Some(at(2600) + GIVEN_UP_HOLD));
        p.poll(at(3600));
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Char('5')), k(KeyCode::Right), k(KeyCode::Char('6'))]
        );
        // Long after the give-up and the last of its rest, a key is a key at once.
        p.feed(b"7", at(1900) + GIVEN_UP_WATCH);
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('7'))]);
    }

    /// Issue 28, last attack: a paste's start cut right after its Esc, the rest one byte per
    /// read 0.3 s apart: the Esc key, then `[200~` and the text typed (`q`, `y`: the work lost).
    /// Now the rest of the start is held after the Esc key, and however slowly it comes, once
    /// it is whole what follows is the paste's text.
    #[test]
    fn a_paste_start_cut_after_its_esc_is_still_a_paste() {
        let t = Instant::now();
        for gap in [1, 300, 550, 2000] {
            let mut p = Parser::new();
            let mut now = t;
            let mut got = Vec::new();
            for &byte in b"\x1b[200~note q y\x1b[201~" {
                p.feed(&[byte], now);
                now += Duration::from_millis(gap);
                p.poll(now);
                got.extend(all(&mut p));
            }
            p.poll(now + BURST_GAP);
            got.extend(all(&mut p));
            // Messages aside (a paste this slow is said to have stopped).
            got.retain(|i| matches!(i, TermInput::Event(_)));
            let paste = TermInput::Event(Event::Paste("note q y".into()));
            // Typed before the start was whole: at most its bytes, when they came slowly.
            let typed = [
                k(KeyCode::Esc),
                k(KeyCode::Char('[')),
                k(KeyCode::Char('2')),
                k(KeyCode::Char('0')),
            ];
            let (last, before) = got.split_last().expect("something");
            assert_eq!(last, &paste, "gap {gap} ms: {got:?}");
            assert!(
                before.len() <= 5 && before.iter().all(|i| typed.contains(i)),
                "gap {gap}: {got:?}"
            );
            if gap < 600 {
                assert_eq!(before, [k(KeyCode::Esc)], "gap {gap} ms: only the Esc");
            }
        }
        // The rest of the start in one read, late.
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[200~qy\x1b[201~", t + Duration::from_millis(900));
        p.poll(t + Duration::from_millis(900) + BURST_GAP);
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Esc), TermInput::Event(Event::Paste("qy".into()))]
        );
        // A person: Esc, then `[`, a key of its own, comes when nothing follows it...
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[", t + Duration::from_secs(1));
        assert_eq!(all(&mut p), vec![k(KeyCode::Esc)]);
        let due = p.deadline().expect("held for a moment");
        assert_eq!(due, t + Duration::from_secs(1) + AFTER_ESC_HOLD);
        p.poll(due);
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('['))]);
        // ... or at once with the next key that is not the start's.
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[", t + Duration::from_secs(1));
        p.feed(b"2", t + Duration::from_millis(1100));
        p.feed(b"j", t + Duration::from_millis(1200));
        assert_eq!(
            all(&mut p),
            vec![
                k(KeyCode::Esc),
                k(KeyCode::Char('[')),
                k(KeyCode::Char('2')),
                k(KeyCode::Char('j'))
            ]
        );
        assert_eq!(p.deadline(), None);
    }

    /// Attack Q: Esc pressed while a paste's start waits, cut after `Esc [ 2`: the start was
    /// taken as ended, and the rest (`00~y q y`) typed, quitting.
    #[test]
    fn esc_pressed_while_a_cut_paste_start_waits_keeps_it_a_paste() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        for escapes in [1, 2] {
            let mut p = Parser::new();
            p.feed(b"\x1b[2", t);
            p.poll(at(300));
            for i in 0..escapes {
                p.feed(b"\x1b", at(3000 + 300 * i));
                p.poll(at(3100 + 300 * i));
            }
            p.feed(b"00~y q y\x1b[201~", at(4000));
            p.poll(at(4000) + BURST_GAP);
            let mut want = vec![k(KeyCode::Esc); escapes as usize];
            want.push(TermInput::Event(Event::Paste("y q y".into())));
            assert_eq!(all(&mut p), want, "{escapes} Esc");
        }
    }

    /// Attack Q: keys typed across the end of the watch after a give-up came out of order (the
    /// ones past it at once, those held before them last).
    #[test]
    fn keys_after_a_give_up_come_in_the_order_typed() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        let mut p = given_up_at(t);
        let typed = b"l2l3l4l5l6l7l8";
        let mut now = at(1900) + GIVEN_UP_WATCH - Duration::from_millis(1700);
        let mut got = Vec::new();
        for &byte in typed {
            p.feed(&[byte], now);
            now += Duration::from_millis(350);
            p.poll(now);
            got.extend(all(&mut p));
        }
        p.poll(now + GIVEN_UP_HOLD);
        got.extend(all(&mut p));
        let want: Vec<TermInput> = typed.iter().map(|&b| k(KeyCode::Char(b as char))).collect();
        assert_eq!(got, want);
    }

    /// Attack Q: Esc, then `[` and a key within 150 ms, lost both (taken for a sequence, and
    /// skipped as none); with a pause after `[ 2`, `[` and `2` were lost.
    #[test]
    fn keys_typed_fast_after_esc_are_never_lost() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        for (rest, want) in [
            (&b"[5"[..], vec![k(KeyCode::Char('[')), k(KeyCode::Char('5'))]),
            (b"[j", vec![k(KeyCode::Char('[')), k(KeyCode::Char('j'))]),
            (b"[]", vec![k(KeyCode::Char('[')), k(KeyCode::Char(']'))]),
            // A sequence cut after its Esc is still the sequence (the Esc key came first).
            (b"[A", vec![k(KeyCode::Up)]),
        ] {
            let mut p = Parser::new();
            p.feed(b"\x1b", t);
            for (i, &byte) in rest.iter().enumerate() {
                p.feed(&[byte], at(30 + 30 * i as u64));
            }
            p.poll(at(1000));
            p.poll(at(2000));
            let mut full = vec![k(KeyCode::Esc)];
            full.extend(want);
            assert_eq!(all(&mut p), full, "{rest:?}");
        }
        // Attack R: `[` then an arrow (a read of its own): the arrow, not `C`, which asked to
        // empty the board.
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[", at(50));
        p.feed(b"\x1b[C", at(100));
        p.poll(at(1000));
        assert_eq!(
            all(&mut p),
            vec![k(KeyCode::Esc), k(KeyCode::Char('[')), k(KeyCode::Right)]
        );
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[", at(30));
        p.feed(b"2", at(60));
        p.poll(at(300));
        p.feed(b"5", at(2300));
        assert_eq!(
            all(&mut p),
            vec![
                k(KeyCode::Esc),
                k(KeyCode::Char('[')),
                k(KeyCode::Char('2')),
                k(KeyCode::Char('5'))
            ]
        );
    }

    /// Attack Q: a given-up paste whose end never came kept dropping reads of many keys for good,
    /// and an ending signal lost the keys held; a quit is guarded only near a paste.
    #[test]
    fn a_given_up_paste_ends_with_its_watch_and_held_keys_are_released_on_demand() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        assert!(!Parser::new().near_a_paste(t), "no paste seen");
        let mut p = given_up_at(t);
        // Held keys, released at once when asked (an ending signal keeps them).
        p.feed(b"5", at(2000));
        assert_eq!(all(&mut p), vec![]);
        p.release_held();
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('5'))]);
        // The watch over: keys of many at a read are keys again.
        let over = at(1900) + GIVEN_UP_WATCH;
        assert_eq!(p.deadline(), Some(over));
        p.poll(over);
        p.feed(b"\x1b[A\x1b[A", over + Duration::from_millis(10));
        assert_eq!(all(&mut p), vec![k(KeyCode::Up), k(KeyCode::Up)]);
        // Near a paste for PASTE_GUARD after its last sign, not after.
        assert!(p.near_a_paste(at(2000) + PASTE_GUARD - Duration::from_millis(1)));
        assert!(!p.near_a_paste(at(2000) + PASTE_GUARD));
        // A whole paste is a sign too.
        let mut p = Parser::new();
        p.feed(b"\x1b[200~note\x1b[201~", t);
        p.poll(at(100));
        assert!(p.near_a_paste(at(100) + PASTE_GUARD - Duration::from_millis(1)));
        assert!(!p.near_a_paste(at(100) + PASTE_GUARD));
        // Arrows and Esc are not.
        let mut p = Parser::new();
        p.feed(b"\x1b[A", t);
        p.feed(b"\x1b", at(10));
        p.poll(at(1000));
        assert!(!p.near_a_paste(at(1000)));
    }

    /// Attack R: after a give-up, mouse motion reports two to a read were taken for the paste's
    /// rest: dropped, with the keys held before them, and the watch never ended.
    #[test]
    fn mouse_reports_after_a_give_up_are_not_the_pastes_rest() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        let mut p = given_up_at(t);
        let sign = p.last_sign();
        let motion = b"\x1b[<35;10;15M\x1b[<35;11;15M";
        p.feed(motion, at(2000));
        assert_eq!(all(&mut p).len(), 2, "the moves, at once");
        assert_eq!(p.last_sign(), sign, "moves are no sign of a paste");
        p.feed(b"5", at(2100));
        p.feed(motion, at(2200));
        p.poll(at(2200) + GIVEN_UP_HOLD);
        let got = all(&mut p);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[0], k(KeyCode::Char('5')), "the key first, as typed");
        p.poll(at(1900) + GIVEN_UP_WATCH);
        assert_eq!(p.deadline(), None, "the watch ended");
    }

    /// Attack R: Esc then `[` within 150 ms waited, with no limit, for the next key.
    #[test]
    fn a_bracket_typed_fast_after_esc_comes_by_itself() {
        let t = Instant::now();
        let at = |ms| t + Duration::from_millis(ms);
        let mut p = Parser::new();
        p.feed(b"\x1b", t);
        p.feed(b"[", at(50));
        p.poll(at(200));
        let due = p.deadline().expect("held a moment");
        assert!(due <= at(50) + AFTER_ESC_HOLD, "{:?}", due - t);
        p.poll(due);
        assert_eq!(all(&mut p), vec![k(KeyCode::Esc), k(KeyCode::Char('['))]);
        assert!(!p.near_a_paste(due), "Esc [ is a person's");
    }

    /// Attack U: an end of paste with no start (its start cut, its text typed) was no sign of a
    /// paste, and a quit read with it was the person's.
    #[test]
    fn an_end_marker_alone_is_a_sign_of_a_paste() {
        let t = Instant::now();
        let mut p = Parser::new();
        p.feed(b"qy\x1b[201~", t);
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('q')), k(KeyCode::Char('y'))]);
        assert!(p.near_a_paste(t));
        assert_eq!(p.last_sign(), Some((t, Sign::EndAlone)), "said to be an end alone");
        p.feed(b"\x1b[200~x\x1b[201~", t + Duration::from_secs(1));
        p.poll(t + Duration::from_secs(2));
        assert!(
            matches!(p.last_sign(), Some((_, Sign::Paste))),
            "a whole paste is a paste's sign: {:?}",
            p.last_sign()
        );
    }

    #[test]
    fn a_burst_of_thousands_of_keys_is_all_read() {
        let burst = vec![b'n'; 3000];
        let got = keys(&burst);
        assert_eq!(got.len(), 3000);
        assert!(got.iter().all(|i| *i == k(KeyCode::Char('n'))));
    }

    #[test]
    fn a_paste_past_the_limit_is_ignored_whole_and_none_of_it_becomes_keys() {
        let mut p = Parser::new();
        let t = Instant::now();
        p.feed(PASTE_START, t);
        let chunk = vec![b'q'; 1024 * 1024];
        for k in 0..MAX_PASTE / chunk.len() + 2 {
            p.feed(&chunk, t + Duration::from_millis(k as u64));
        }
        p.feed(b"y\x1b[201~", t + Duration::from_millis(100));
        p.poll(t + Duration::from_secs(1));
        let inputs = all(&mut p);
        assert_eq!(inputs.len(), 1, "one message, no key");
        assert!(matches!(&inputs[0], TermInput::PasteIgnored(why) if why.contains("MiB")));
        p.feed(b"j", t + Duration::from_secs(2));
        assert_eq!(all(&mut p), vec![k(KeyCode::Char('j'))], "keys work again");
    }

    #[test]
    fn junk_never_panics_and_never_hangs() {
        let mut random = sudoku_engine::generate::Random::new(12345);
        for _ in 0..2000 {
            let mut p = Parser::new();
            let t = Instant::now();
            let len = random.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| [0x1b, b'[', b'<', b';', b'2', b'0', b'~', b'M', b'a', 0xc3, 0xff, b'1'][random.below(12)])
                .collect();
            p.feed(&bytes, t);
            // Every deadline passes; within a few, nothing is left waiting.
            for _ in 0..10 {
                if let Some(due) = p.deadline() {
                    p.poll(due);
                }
            }
            all(&mut p);
            assert_eq!(p.deadline(), None, "{bytes:?} leaves nothing waiting");
        }
    }
}
