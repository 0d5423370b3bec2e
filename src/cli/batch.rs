//! Collections on every core. The calling thread takes the input in runs of whole lines and
//! writes the output, and works on runs itself while the next to write is not done; the other
//! threads take the runs from a queue as they become free, cut them into lines, parse, work on
//! each puzzle and write its text where they are. The results are put back in the order read,
//! batch by batch, as they are done: the output is the same bytes whatever the number of
//! threads, reading and writing overlap the work, and memory is bounded by a few batches a
//! thread however long the input.
//!
//! Why a pool of our own (scoped standard threads and an `mpsc` queue) and not rayon, which the
//! rest of the ecosystem would reach for: what is needed here is a stream, not a parallel
//! iterator. The output must come in the order read while the input is still being read, in
//! bounded memory (rayon's ordered `collect` holds every result until the end), and the calling
//! thread must read, write and work between the two. Measured when rayon was tried: its pool
//! kept a third thread (the one reading) beside its two, its workers spun while waiting, and a
//! thread waiting for a batch could not work on one; with the calling thread made one of the
//! pool's, a thread waiting inside the pool took the newest batch before the oldest, and the
//! small sets lost their gain. Again for issue 29, `check --jobs 2` against the same work on
//! rayon's `par_iter` over the file read whole, collected in order (5 interleaved runs, busy
//! 2-core machine): 17-clue 0.14-0.15 s against 0.20-0.35 s, forum_hardest_1905_11+ 2.1-3.0 s
//! against 2.6-2.9 s, top1465 alike. (Also tried: the output pipe made 1 MiB with `F_SETPIPE_SZ`
//! instead of 64 KiB: 17-clue on two threads 1.79x against 1.80x over 41 interleaved runs, not
//! kept.)

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sudoku_engine::{Board, Chunk, Contradiction, Format, ReadError, Reader, Record, Search, Step, Strategy};

/// Puzzles in a batch: enough that handing a batch to a thread costs nothing next to its work,
/// few enough that results start flowing at once. (Tried: 128, 256, 1,024 and 2,048: no better,
/// 11 interleaved runs each.)
const BATCH: usize = 512;

/// Items in the first batch; each next one is twice as large, up to the batch size asked for.
const FIRST_BATCH: usize = 16;

/// Batches under way per thread, at most: enough that a thread that finishes one finds the next
/// while this one reads or writes, or waits for an earlier one that takes longer. (Tried: two,
/// three or six: no better, 17-clue on two threads 1.72x to 1.76x against 1.76x; fewer page
/// faults with two or three, 557 and 692 against 816, but no less time.)
const IN_FLIGHT: usize = 4;

/// Bytes of lines in the first run a thread takes from a collection of unknown length (about
/// 25 puzzle lines), and in the last runs of one whose length is known.
const FIRST_RUN: usize = 2 * 1024;

/// How often the runs of lines double in size where the length of the input is not known:
/// up to 64 KiB (about 800 lines, the size of the input's buffer). (Tried: at most 16 or 32 KiB,
/// no better; up to 256 KiB, fewer handovers but 52 to 54 ms against 49 ms on two threads,
/// 17-clue, `perf stat -r 21`: such a run's copy is past the allocator's threshold for fresh
/// mappings, so each one faults its pages in, 2,697 page faults against 825.)
const RUN_DOUBLINGS: u32 = 5;

/// Where the length of the input is known, each run is this many times smaller than a
/// thread's share of what is left: the runs shrink towards the end, and the threads finish
/// together. Without it the last batch left the other thread waiting for it, and runs of lines
/// lost on the small sets (top1465 `solve` on two threads 1.42x to 1.30x, a third of the file in
/// the last run). An eighth of a share instead of a quarter: no better.
const RUNS_PER_SHARE: u64 = 4;

/// Bytes of lines in the next run, `taken` runs into an input of `length` bytes (if known) of
/// which `consumed` are read, for `jobs` threads. The first runs of an input of unknown length
/// are short, so that a short input is shared too.
fn run_size(length: Option<u64>, consumed: u64, jobs: usize, taken: u32) -> usize {
    let most = FIRST_RUN << RUN_DOUBLINGS;
    match length {
        Some(length) => {
            let share = length.saturating_sub(consumed) / (jobs as u64 * RUNS_PER_SHARE);
            usize::try_from(share).unwrap_or(most).clamp(FIRST_RUN, most)
        }
        None => FIRST_RUN << taken.min(RUN_DOUBLINGS),
    }
}

/// One item read, with what the reader knew when it read it.
pub struct ReadItem {
    /// The puzzle, or why it does not read.
    pub item: Result<Record, ReadError>,
    /// Whether the input is a collection (one puzzle a line).
    pub collection: bool,
    /// The format found, if any yet.
    pub format: Option<Format>,
}

impl ReadItem {
    /// Whether reading stops after this item (a failed read, not a bad line).
    fn ends_input(&self) -> bool {
        matches!(self.item, Err(ReadError::Io(_)))
    }
}

/// Where an item was read and whether it read: what the writing side needs to know of it, once
/// it is worked on. The item itself stays with the thread that worked on it (a record is large,
/// and moving it back costs more than it is worth).
pub struct ItemPlace {
    /// One-based line of the puzzle (of the error, for an item that does not read; 0 when the
    /// error has none).
    pub line: usize,
    /// Whether the input is a collection (one puzzle a line).
    pub collection: bool,
    /// The format found, if any yet.
    pub format: Option<Format>,
    /// Why the item does not read, if it does not.
    pub error: Option<ReadError>,
}

impl ItemPlace {
    fn of(read: ReadItem) -> ItemPlace {
        let (line, error) = match read.item {
            Ok(record) => (record.line, None),
            Err(ReadError::Parse(e)) => (e.line, Some(ReadError::Parse(e))),
            Err(e) => (0, Some(e)),
        };
        ItemPlace {
            line,
            collection: read.collection,
            format: read.format,
            error,
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Threads the calling thread made for batches, for the tests to count.
    static THREADS_MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

thread_local! {
    /// This thread's search, restarted for each puzzle by [`with_search`].
    static SEARCH: RefCell<Option<Search>> = const { RefCell::new(None) };
}

/// Runs `f` on a search of `board` with `strategy`, or gives the contradiction that rules out
/// any solution. The search is this thread's own, restarted: its stacks keep their memory from
/// one puzzle to the next, so that a batch allocates nothing per puzzle. `f` must not call
/// this function again.
pub fn with_search<T>(board: &Board, strategy: Strategy, f: impl FnOnce(&mut Search) -> T) -> Result<T, Contradiction> {
    SEARCH.with_borrow_mut(|kept| {
        let search = match kept {
            Some(search) => {
                search.restart(board, strategy)?;
                search
            }
            None => kept.insert(Search::new(board, strategy)?),
        };
        Ok(f(search))
    })
}

/// Runs `search` to its next solution or its end, for `limit` at most: `None` once the time is
/// up (the search stays where it stopped). The clock is read between runs of placements as
/// many as the slowest strategy makes in about a millisecond (mrv, some 10 M a second; naive
/// makes 200 M), so that neither the limit nor the clock costs anything a search would see.
pub fn run_within(search: &mut Search, limit: Duration) -> Option<Step> {
    const SLICE: u64 = 1 << 14;
    let started = Instant::now();
    loop {
        match search.run(SLICE) {
            Some(step) => return Some(step),
            None if search.is_done() => return Some(Step::Exhausted),
            None if started.elapsed() >= limit => return None,
            None => {}
        }
    }
}

/// The threads to use for `--jobs N`: `N`, or every core for 0; never more than the cores
/// this process may run on (its affinity and CPU quota count), since more threads than cores
/// only share them, and 100,000 of them are more than the system makes.
pub fn threads(jobs: usize) -> Threads {
    if jobs == 1 {
        // One thread is never more than the cores; asking costs a process started for one
        // puzzle four file reads (the CPU quota's files under /sys/fs/cgroup).
        return Threads { count: 1, asked: None };
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match jobs {
        0 => Threads {
            count: cores,
            asked: None,
        },
        n if n > cores => Threads {
            count: cores,
            asked: Some(n),
        },
        n => Threads { count: n, asked: None },
    }
}

/// The threads a command may work on, and the `--jobs` asked for when that was capped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// Threads at most, the calling one included.
    pub count: usize,
    /// The `--jobs N` asked for, where it was more than the cores.
    asked: Option<usize>,
}

impl Threads {
    /// Says on `err` that `--jobs` was capped, once the run is over: when threads were made
    /// beside the calling one, or, on one core, where there was more than one result to work
    /// on (threads would have been made); nothing for a single puzzle, as the cap then changed
    /// nothing. (Said at the end: whether a thread is made is known only once the input shows
    /// a collection.) One core once said nothing at all, though more than one was asked for.
    pub fn note_cap(&self, worked: Worked, err: &mut impl Write) -> io::Result<()> {
        let Some(asked) = self.asked else {
            return Ok(());
        };
        match (self.count, worked.made, worked.results) {
            (1, _, results) if results > 1 => writeln!(
                err,
                "--jobs {asked}: 1 thread, the main one, as many as the cores this process may run on"
            ),
            (count, made, _) if count > 1 && made > 0 => writeln!(
                err,
                "--jobs {asked}: at most {}, as many as the cores this process may run on",
                crate::text::counted(count as u64, "thread")
            ),
            _ => Ok(()),
        }
    }
}

/// What [`in_order`] or [`each_in_order`] did: for [`Threads::note_cap`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Worked {
    /// The threads made beside the calling one.
    pub made: usize,
    /// The results handed on.
    pub results: u64,
}

/// The next item of `reader`, with what it knew.
fn next<R: BufRead>(reader: &mut Reader<R>) -> Option<ReadItem> {
    let item = reader.next()?;
    Some(ReadItem {
        item,
        collection: reader.is_collection(),
        format: reader.format(),
    })
}

/// Reads every item of `reader`; works on each puzzle with `work` on `jobs` threads; and hands
/// where each item came from, with its result and the text `work` wrote for it, to `emit`, in
/// the order read. A failed read ends the input after it is handed on; an error of `emit` (a
/// closed output) ends everything. Says how many threads were made and results handed on.
///
/// `work` writes an item's usual output to the vector it is given, where the thread that works
/// on it has it at hand: a batch's texts then go to the writing thread one after the other, a
/// few bytes each, rather than in results of their own.
pub fn in_order<R, T>(
    reader: &mut Reader<R>,
    jobs: usize,
    length: Option<u64>,
    work: impl Fn(&ReadItem, &mut Vec<u8>) -> T + Sync,
    mut emit: impl FnMut(&ItemPlace, &T, &[u8]) -> io::Result<()>,
) -> io::Result<Worked>
where
    R: BufRead,
    T: Send,
{
    let mut results = 0;
    let made = in_order_counted(reader, jobs, length, work, |origin, done, text| {
        results += 1;
        emit(origin, done, text)
    })?;
    Ok(Worked { made, results })
}

/// [`in_order`], giving the number of threads made beside the calling one.
fn in_order_counted<R, T>(
    reader: &mut Reader<R>,
    jobs: usize,
    length: Option<u64>,
    work: impl Fn(&ReadItem, &mut Vec<u8>) -> T + Sync,
    mut emit: impl FnMut(&ItemPlace, &T, &[u8]) -> io::Result<()>,
) -> io::Result<usize>
where
    R: BufRead,
    T: Send,
{
    let emit_one = |(origin, done): &(ItemPlace, T), text: &[u8]| emit(origin, done, text);
    let work_one = |read: ReadItem, done: &mut Done<(ItemPlace, T)>| {
        let worked = work(&read, &mut done.text);
        done.push((ItemPlace::of(read), worked));
    };
    if jobs <= 1 {
        let mut ended = false;
        let reads = std::iter::from_fn(|| {
            if ended {
                return None;
            }
            let read = next(reader)?;
            ended = read.ends_input();
            Some(read)
        });
        return in_batches(reads, 1, BATCH, Room::ONE, work_one, emit_one);
    }
    // On several threads the lines of a collection are cut and parsed by the threads too: this
    // thread only copies runs of whole lines out of the input. (It used to cut the lines, a
    // 192-byte item each, and get a 280-byte result back for each puzzle: its share of the
    // processor went from a tenth to a twentieth.)
    let mut ended = false;
    let mut taken = 0;
    let items = std::iter::from_fn(|| {
        if ended {
            return None;
        }
        let most = run_size(length, reader.consumed(), jobs, taken);
        taken = taken.saturating_add(1);
        let item = reader.next_chunk(most)?;
        let (collection, format) = (reader.is_collection(), reader.format());
        ended = item.is_io_error();
        Some((item, collection, format))
    });
    let work_some = |(item, collection, format): (Chunk, bool, Option<Format>), done: &mut Done<(ItemPlace, T)>| {
        let read = |item| ReadItem {
            item,
            collection,
            format,
        };
        item.read(|item| work_one(read(item), done));
    };
    // A single puzzle (a grid, a BOJ board) is the first item and the last: no threads for it,
    // which would take longer to start than it takes to solve (0.3 ms of 1.8 for the process).
    let mut items = items.peekable();
    if !items.peek().is_some_and(|&(_, collection, _)| collection) {
        return in_batches(items, 1, 1, Room::ONE, work_some, emit_one);
    }
    // Two items a batch: a run of lines, as large as a batch should be, and mostly the line
    // the input's buffer cut, which comes alone after it (a batch of its own would cost as
    // much handing over as a run: paired, 17-clue takes 169 futex calls instead of 327 and 234
    // context switches instead of 347, `strace -f -c`).
    in_batches(items, jobs, 2, Room::RUN, work_some, emit_one)
}

/// Works on each of `items` with `work` on `jobs` threads, `batch` items at a time, and hands
/// each result to `emit` in the order of the items, as each batch is done. The items are taken
/// from `items` on this thread, which also writes, and works on a batch from the queue when the
/// next to write is not done; the other threads take the batches in turn from the queue as they
/// become free, and the results are put back in the order read. At most
/// `IN_FLIGHT` batches a thread are under way: memory stays flat however long the input. An
/// error of `emit` ends everything: the batches not yet taken are dropped, and the threads stop
/// after the one each holds. Says how many threads were made and results handed on.
pub fn each_in_order<I, T>(
    items: impl Iterator<Item = I>,
    jobs: usize,
    batch: usize,
    work: impl Fn(I) -> T + Sync,
    mut emit: impl FnMut(&T) -> io::Result<()>,
) -> io::Result<Worked>
where
    I: Send,
    T: Send,
{
    let mut results = 0;
    let made = in_batches(
        items,
        jobs,
        batch,
        Room {
            results: batch,
            text: 0,
        },
        |item, done: &mut Done<T>| done.push(work(item)),
        |done, _| {
            results += 1;
            emit(done)
        },
    )?;
    Ok(Worked { made, results })
}

/// What the items of a batch gave: a result each (any number per item), with the text written
/// for it, the texts one after the other.
pub struct Done<T> {
    /// The results, each with where its text ends in `text`.
    results: Vec<(T, usize)>,
    /// Every result's text.
    pub text: Vec<u8>,
}

impl<T> Done<T> {
    fn new(room: Room) -> Done<T> {
        Done {
            results: Vec::with_capacity(room.results),
            text: Vec::with_capacity(room.text),
        }
    }

    /// Adds `result`, whose text is what was added to `text` since the result before.
    pub fn push(&mut self, result: T) {
        self.results.push((result, self.text.len()));
    }

    /// Hands each result with its text to `emit`, in order, and empties this for the next
    /// batch (keeping its memory).
    fn emit_all(&mut self, emit: &mut impl FnMut(&T, &[u8]) -> io::Result<()>) -> io::Result<()> {
        let mut start = 0;
        let emitted = self.results.iter().try_for_each(|(result, end)| {
            let text = &self.text[start..*end];
            start = *end;
            emit(result, text)
        });
        self.results.clear();
        self.text.clear();
        emitted
    }
}

/// The room a batch's results and text are given at first: enough that they do not grow
/// batch after batch while the first few of them are made.
#[derive(Clone, Copy)]
struct Room {
    results: usize,
    text: usize,
}

impl Room {
    /// One item at a time, as one thread works.
    const ONE: Room = Room { results: 1, text: 256 };

    /// A run of lines: up to a line per 82 bytes, each answered with a line about as long,
    /// some longer.
    const RUN: Room = Room {
        results: (FIRST_RUN << RUN_DOUBLINGS) / 80,
        text: (FIRST_RUN << RUN_DOUBLINGS) * 3 / 2,
    };
}

/// [`each_in_order`] where working on an item gives any number of results, each with a text
/// (`work` adds them to the [`Done`] it is given). On one thread each item's results are handed
/// on as soon as the item is done.
fn in_batches<I, T>(
    mut items: impl Iterator<Item = I>,
    jobs: usize,
    batch: usize,
    room: Room,
    work: impl Fn(I, &mut Done<T>) + Sync,
    mut emit: impl FnMut(&T, &[u8]) -> io::Result<()>,
) -> io::Result<usize>
where
    I: Send,
    T: Send,
{
    if jobs <= 1 {
        // One thread: no pool, no batches, each result out as soon as it is made.
        let mut done = Done::new(room);
        for item in items {
            work(item, &mut done);
            done.emit_all(&mut emit)?;
        }
        return Ok(0);
    }
    let batch = batch.max(1);
    let limit = IN_FLIGHT * jobs;
    let work = &work;
    // Batches out, numbered, each with an empty vector for its results; results back with their
    // numbers and the batch's emptied vector. The vectors go round and round: after the first
    // few batches nothing is allocated, and no fresh memory is touched.
    let (to_threads, batches) = mpsc::channel::<Batch<I, T>>();
    let batches = std::sync::Mutex::new(batches);
    let (to_writer, results) = mpsc::channel::<Back<I, T>>();
    // Works on a batch, catching a panic to hand it on: left in a thread, it would leave this
    // one waiting for a batch that never comes.
    // Set once the writing stopped (an error): items not begun yet are left alone. Without it a
    // thread that finished its batch as the error came could take batch after batch from the
    // queue, each done at once, before this thread emptied the queue (seen: 112 items worked on
    // after an error at item 40 under load).
    let stop = std::sync::atomic::AtomicBool::new(false);
    let stop = &stop;
    let work_on = |mut batch: Batch<I, T>| {
        let worked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            for item in batch.items.drain(..) {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                work(item, &mut batch.done);
            }
        }));
        match worked {
            Ok(()) => Back::Done(batch),
            Err(panic) => Back::Panicked(panic),
        }
    };
    // Each thread made here says when it has left this thread's core (see `cores`).
    let (to_ready, ready) = mpsc::channel::<()>();
    let core = super::cores::current();
    std::thread::scope(|scope| {
        // This thread works too, between reading and writing: `jobs - 1` more, made as batches
        // come for them (never more threads than work: a thread costs some 60 µs to make, and
        // twelve puzzles took 12 s with --jobs 10000). A thread of its own for reading and
        // writing would wake for every batch done and take its core from a thread that works,
        // which costs more than the reading and writing themselves (`perf sched`: woken 118
        // times on 17-clue; now the other thread runs 46 of the 47 ms on its own core). Tried
        // before threads left this one's core (`cores`), this lost: 17-clue `solve` 1.70x and
        // top1465 1.34x on two threads, against 1.81x and 1.48x.
        let make_thread = |i: usize, to_writer: mpsc::Sender<Back<I, T>>| {
            let (batches, to_ready) = (&batches, to_ready.clone());
            #[cfg(test)]
            THREADS_MADE.with(|made| made.set(made.get() + 1));
            std::thread::Builder::new()
                .name(format!("batch {i}"))
                .spawn_scoped(scope, move || {
                    super::cores::leave_core(core);
                    let _ = to_ready.send(());
                    loop {
                        // The lock is held only to take a batch (and to wait for one: the
                        // calling thread only ever tries it); a poisoned lock (a thread
                        // panicked) ends this one too, and the panic is passed on at the end.
                        let next = match batches.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        let Ok(batch) = next else { return };
                        if to_writer.send(work_on(batch)).is_err() {
                            return;
                        }
                    }
                })
                .is_ok()
        };
        // Kept to make threads with; dropped once no more will be made, so that the results
        // end when the threads do.
        let mut to_writer = Some(to_writer);
        let (mut made, mut unready) = (0, 0);
        // Results that came back before those read earlier, by batch number; vectors to reuse.
        let mut waiting: std::collections::BTreeMap<usize, Batch<I, T>> = std::collections::BTreeMap::new();
        let mut spare: Vec<Batch<I, T>> = Vec::new();
        let (mut sent, mut written) = (0, 0);
        let mut ended = false;
        let outcome = loop {
            while !ended && sent - written < limit {
                let mut next = spare.pop().unwrap_or_else(|| Batch {
                    number: 0,
                    items: Vec::with_capacity(batch),
                    done: Done::new(room),
                });
                next.number = sent;
                // The first batches are small, so that a short input is shared too.
                let size = batch.min(FIRST_BATCH << sent.min(16));
                next.items.extend(items.by_ref().take(size));
                ended = next.items.len() < size;
                if next.items.is_empty() || to_threads.send(next).is_err() {
                    break;
                }
                sent += 1;
                // A thread for each batch after the first, up to `jobs - 1`.
                if let Some(sender) = &to_writer
                    && made < (jobs - 1).min(sent - 1)
                {
                    if make_thread(made + 1, sender.clone()) {
                        made += 1;
                        unready += 1;
                    } else {
                        // A thread the system would not make (out of threads or memory): the
                        // ones made and this one do the work.
                        to_writer = None;
                    }
                }
            }
            if ended || made == jobs - 1 {
                to_writer = None;
            }
            // Waited for, so that a thread the system put on this core gets to run and leave it
            // before this one starts working (a wait of tens of microseconds).
            while unready > 0 && ready.recv().is_ok() {
                unready -= 1;
            }
            if written == sent {
                break Ok(made);
            }
            let back = match waiting.remove(&written) {
                Some(done) => Back::Done(done),
                None => match results.try_recv() {
                    Ok(back) => back,
                    // Nothing done yet: work on a batch from the queue, or, with none left to
                    // take, wait for the other threads (there may be none: a short input makes
                    // none). The queue is not waited on: a thread that holds its lock is waiting
                    // for a batch (the queue is empty) or taking one, which it will hand back.
                    Err(none) => {
                        let mine = batches.try_lock().ok().and_then(|queue| queue.try_recv().ok());
                        match (mine, none) {
                            (Some(batch), _) => work_on(batch),
                            (None, mpsc::TryRecvError::Empty) => match results.recv() {
                                Ok(back) => back,
                                Err(_) => break Err(stopped()),
                            },
                            (None, mpsc::TryRecvError::Disconnected) => break Err(stopped()),
                        }
                    }
                },
            };
            let mut done = match back {
                Back::Done(done) if done.number == written => done,
                Back::Done(done) => {
                    waiting.insert(done.number, done);
                    continue;
                }
                Back::Panicked(panic) => {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    drop(to_threads);
                    std::panic::resume_unwind(panic);
                }
            };
            written += 1;
            // Written from where the results are: items and results are large, and moving
            // each out first costs this thread more than the writing.
            let emitted = done.done.emit_all(&mut emit);
            spare.push(done);
            if let Err(e) = emitted {
                break Err(e);
            }
        };
        // No more batches: the ones not taken yet are dropped (after an error nobody wants
        // them), and the threads end once they have finished the item they hold.
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        drop(to_threads);
        if let Ok(queue) = batches.lock() {
            while queue.try_recv().is_ok() {}
        }
        drop(results);
        outcome
    })
}

/// The error for threads that stopped handing batches back: not expected, as each hands back
/// every batch it takes, or its panic.
fn stopped() -> io::Error {
    io::Error::other("the threads working on the batches stopped")
}

/// What a thread hands back: a batch done, or the panic that stopped it.
enum Back<I, T> {
    Done(Batch<I, T>),
    Panicked(Box<dyn std::any::Any + Send>),
}

/// A batch on its way to a thread (`items`) and back (`done`), numbered in reading order.
struct Batch<I, T> {
    number: usize,
    items: Vec<I>,
    done: Done<T>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_order_read_whatever_takes_longest() {
        // Early items take longest, so later batches finish first and wait their turn.
        let mut seen = Vec::new();
        each_in_order(
            0..2000u64,
            2,
            7,
            |n| {
                if n < 50 {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                }
                (n, n * n)
            },
            |&done| {
                seen.push(done);
                Ok(())
            },
        )
        .expect("no error");
        assert_eq!(seen, (0..2000u64).map(|n| (n, n * n)).collect::<Vec<_>>());
    }

    #[test]
    fn the_calling_thread_works_beside_the_others() {
        // Each item takes long enough that the one other thread cannot take every batch: the
        // calling thread, finding the next result not done, works on one from the queue.
        let caller = std::thread::current().id();
        let mut by_caller = 0;
        each_in_order(
            0..40u64,
            2,
            1,
            |n| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                (n, std::thread::current().id())
            },
            |&(_, thread)| {
                by_caller += usize::from(thread == caller);
                Ok(())
            },
        )
        .expect("no error");
        assert!(
            (5..=35).contains(&by_caller),
            "{by_caller} of 40 worked on by the calling thread"
        );
    }

    #[test]
    #[should_panic(expected = "on the calling thread")]
    fn a_panic_on_the_calling_thread_is_passed_on_too() {
        // Only the calling thread panics (it works on some batch, as above): the other must not
        // be left waiting, and the panic comes out of the call.
        let caller = std::thread::current().id();
        let _ = each_in_order(
            0..40u64,
            2,
            1,
            |n| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                assert!(std::thread::current().id() != caller, "item {n} on the calling thread");
                n
            },
            |_| Ok(()),
        );
    }

    /// The names of the threads `in_order` worked on for `input` with `--jobs 4`, one per item.
    fn threads_working_on(input: &str) -> Vec<Option<String>> {
        let mut reader = Reader::new(input.as_bytes());
        let mut names = Vec::new();
        in_order(
            &mut reader,
            4,
            Some(input.len() as u64),
            |_, _| std::thread::current().name().map(str::to_string),
            |_, name, _| {
                names.push(name.clone());
                Ok(())
            },
        )
        .expect("no error");
        names
    }

    #[test]
    fn a_single_puzzle_is_worked_on_where_it_is_read() {
        // No thread is made for one puzzle: the calling thread, named as the test, works on it.
        let caller = std::thread::current().name().map(str::to_string);
        let grid =
            "530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n000080079\n";
        assert_eq!(threads_working_on(grid), vec![caller.clone()]);
        let line = format!("{}\n", ".".repeat(81));
        assert_eq!(threads_working_on(&line), vec![caller]);
        // A collection is shared: the threads made are named `batch N`.
        let collection = line.repeat(3000);
        let names = threads_working_on(&collection);
        assert_eq!(names.len(), 3000);
        assert!(
            names
                .iter()
                .any(|name| name.as_deref().is_some_and(|n| n.starts_with("batch ")))
        );
    }

    /// Issue 28 item 10: a thread is made for each batch after the first, up to `jobs - 1`:
    /// three items in batches of one on 64 "jobs" make two threads, not 63; a long input makes
    /// them all.
    #[test]
    fn no_more_threads_are_made_than_there_are_batches() {
        let made = |items: u64, jobs: usize| {
            THREADS_MADE.with(|made| made.set(0));
            let mut seen = Vec::new();
            each_in_order(
                0..items,
                jobs,
                1,
                |n| n * 2,
                |&n| {
                    seen.push(n);
                    Ok(())
                },
            )
            .expect("no error");
            assert_eq!(seen, (0..items).map(|n| n * 2).collect::<Vec<_>>());
            THREADS_MADE.with(std::cell::Cell::get)
        };
        assert_eq!(made(1, 64), 0, "one batch: the calling thread alone");
        assert_eq!(made(3, 64), 2);
        assert_eq!(made(500, 4), 3, "every thread asked for once there is work for it");
        assert_eq!(made(500, 1), 0);
    }

    #[test]
    fn each_result_comes_with_the_text_written_for_it() {
        // Item n gives n results, the kth with k copies of a letter (none for the first).
        for jobs in [1, 2] {
            let mut seen = Vec::new();
            in_batches(
                0..60u8,
                jobs,
                1,
                Room::ONE,
                |n, done: &mut Done<(u8, u8)>| {
                    for k in 0..n {
                        done.text.extend(std::iter::repeat_n(b'a' + n % 26, usize::from(k)));
                        done.push((n, k));
                    }
                },
                |&(n, k), text| {
                    seen.push((n, k, text.to_vec()));
                    Ok(())
                },
            )
            .expect("no error");
            let expected: Vec<(u8, u8, Vec<u8>)> = (0..60u8)
                .flat_map(|n| (0..n).map(move |k| (n, k, vec![b'a' + n % 26; usize::from(k)])))
                .collect();
            assert_eq!(seen, expected, "--jobs {jobs}");
        }
    }

    #[test]
    fn runs_shrink_towards_the_end_of_an_input_of_known_length() {
        let most = FIRST_RUN << RUN_DOUBLINGS;
        let length = 4 << 20;
        // Far from the end, the largest runs; then an eighth of what is left (a quarter of a
        // thread's share), down to the smallest.
        assert_eq!(run_size(Some(length), 0, 2, 0), most);
        assert_eq!(run_size(Some(length), length - 80_000, 2, 50), 10_000);
        assert_eq!(run_size(Some(length), length - 100, 2, 99), FIRST_RUN);
        // An input longer than it said (a file written to while read): the smallest runs.
        assert_eq!(run_size(Some(length), length + 5, 2, 99), FIRST_RUN);
        // Unknown length: short runs first, doubling up to the largest.
        let sizes: Vec<usize> = (0..8).map(|taken| run_size(None, 0, 2, taken)).collect();
        assert_eq!(sizes[0], FIRST_RUN);
        assert!(sizes.windows(2).all(|w| w[1] == (2 * w[0]).min(most)));
        assert_eq!(sizes[7], most);
    }

    /// A writer whose `n`th write fails, as a closed output does; `written` counts the writes.
    fn closing_at(n: usize, written: &mut usize) -> impl FnMut(&u64) -> io::Result<()> + '_ {
        move |_| {
            *written += 1;
            if *written == n {
                Err(io::Error::other("closed"))
            } else {
                Ok(())
            }
        }
    }

    /// Issue 28, attack V: `--jobs 100000` on one core said nothing, though the cap is said
    /// wherever it changed something: on one core, wherever there was more than one result.
    #[test]
    fn the_cap_is_said_on_one_core_too() {
        let note = |count, asked, made, results| {
            let mut err = Vec::new();
            Threads { count, asked }
                .note_cap(Worked { made, results }, &mut err)
                .unwrap();
            String::from_utf8(err).unwrap()
        };
        assert_eq!(
            note(1, Some(100_000), 0, 95),
            "--jobs 100000: 1 thread, the main one, as many as the cores this process may run on\n"
        );
        assert_eq!(
            note(2, Some(100_000), 1, 95),
            "--jobs 100000: at most 2 threads, as many as the cores this process may run on\n"
        );
        assert_eq!(note(1, Some(4), 0, 1), "", "a single puzzle: the cap changed nothing");
        assert_eq!(note(2, Some(4), 0, 1), "");
        assert_eq!(note(1, None, 0, 95), "", "--jobs 1 asked for");
    }

    #[test]
    fn an_error_of_the_writer_ends_everything() {
        let mut written = 0;
        let result = each_in_order(0..100_000u64, 2, 16, |n| n, closing_at(40, &mut written));
        assert_eq!(result.map_err(|e| e.to_string()), Err("closed".to_string()));
        assert_eq!(written, 40, "nothing is written after the error");
    }

    #[test]
    fn after_an_error_no_batch_waiting_in_the_queue_is_worked_on() {
        // The writer fails at item 40, in the third batch (of 16). Items after the third batch
        // wait for that error (until a shared deadline, should the calling thread hold one of
        // them while the third is still under way) and then take a while, as a real puzzle does,
        // so that no load on the machine lets a thread run ahead: what is worked on after the
        // error is only what threads held then. Timing alone (items that took a while) failed
        // on a busy machine; so did waiting without the pool's own stop (a thread that finished
        // its batch as the error came took batch after batch, each done at once: 112 items).
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        use std::time::{Duration, Instant};
        let failed = AtomicBool::new(false);
        let worked = AtomicUsize::new(0);
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut written = 0;
        let mut emit = closing_at(40, &mut written);
        let result = each_in_order(
            0..100_000u64,
            2,
            16,
            |n| {
                if n >= 48 {
                    while !failed.load(Ordering::Acquire) && Instant::now() < deadline {
                        std::thread::sleep(Duration::from_micros(200));
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                worked.fetch_add(1, Ordering::Relaxed);
                n
            },
            |n| {
                let emitted = emit(n);
                failed.store(emitted.is_err(), Ordering::Release);
                emitted
            },
        );
        assert!(result.is_err());
        let worked = worked.into_inner();
        // Three batches written, then a batch a thread held, one the calling thread finished
        // after the deadline (seen: 81 items, the thread's next batch begun as the error came)
        // and the items each thread began before the pool's stop (one, a few under load; 96
        // without that stop): the 6,000 batches waiting are never worked on.
        assert!(
            worked <= 5 * 16 + 8,
            "{worked} items worked on after an error at item 40"
        );
    }

    #[test]
    #[should_panic(expected = "item 333")]
    fn a_panic_in_a_thread_is_passed_on_not_waited_for() {
        let _ = each_in_order(
            0..10_000u64,
            2,
            8,
            |n| {
                assert!(n != 333, "item {n}");
                n
            },
            |_| Ok(()),
        );
    }
}
