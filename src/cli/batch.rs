//! Collections on every core. Puzzles are read in order on the calling thread, worked on in
//! batches by a pool of threads (rayon), and handed back in the order read, batch by batch, as
//! they are done: the output is the same bytes whatever the number of threads, reading overlaps
//! the work, and memory is bounded by two batches however long the input.

use crate::sudoku::{Board, Contradiction, Format, Next, ReadError, Reader, Record, Search, Strategy};
use rayon::iter::{IntoParallelIterator, ParallelIterator};
use std::cell::RefCell;
use std::io::{self, BufRead};
use std::sync::mpsc;

/// Puzzles in a batch: enough that handing a batch to the pool costs nothing next to its work,
/// few enough that results start flowing at once.
const BATCH: usize = 512;

/// One item read, with what the reader knew when it read it.
pub struct Read {
    /// The puzzle, or why it does not read.
    pub item: Result<Record, ReadError>,
    /// Whether the input is a collection (one puzzle a line).
    pub collection: bool,
    /// The format found, if any yet.
    pub format: Option<Format>,
}

impl Read {
    /// Whether reading stops after this item (a failed read, not a bad line).
    fn ends_input(&self) -> bool {
        matches!(self.item, Err(ReadError::Io(_)))
    }
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

/// The threads to use for `--jobs N`: `N`, or every core for 0.
pub fn threads(jobs: usize) -> usize {
    if jobs > 0 {
        jobs
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The next item of `reader`, with what it knew.
fn next<R: BufRead>(reader: &mut Reader<R>) -> Option<Read> {
    let item = reader.next()?;
    Some(Read {
        item,
        collection: reader.is_collection(),
        format: reader.format(),
    })
}

/// Reads every item of `reader`; works on each puzzle with `work` on `jobs` threads; and hands
/// each item with its result to `emit`, in the order read. A failed read ends the input after
/// it is handed on; an error of `emit` (a closed output) ends everything.
pub fn in_order<R, T>(
    reader: &mut Reader<R>,
    jobs: usize,
    work: impl Fn(&Read) -> T + Sync,
    mut emit: impl FnMut(Read, T) -> io::Result<()>,
) -> io::Result<()>
where
    R: BufRead,
    T: Send,
{
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
        return each_in_order(reads, 1, BATCH, work, emit);
    }
    // On several threads the lines of a collection are parsed by the pool too: this thread
    // only cuts the input into lines.
    let mut ended = false;
    let items = std::iter::from_fn(|| {
        if ended {
            return None;
        }
        let item = reader.next_unparsed()?;
        let (collection, format) = (reader.is_collection(), reader.format());
        ended = matches!(&item, Next::Parsed(parsed) if matches!(**parsed, Err(ReadError::Io(_))));
        Some((item, collection, format))
    });
    each_in_order(
        items,
        jobs,
        BATCH,
        |(item, collection, format)| {
            let read = Read {
                item: match item {
                    Next::Parsed(parsed) => match &**parsed {
                        Ok(record) => Ok(record.clone()),
                        Err(e) => Err(copy_error(e)),
                    },
                    Next::Unparsed(line) => line.parse(),
                },
                collection: *collection,
                format: *format,
            };
            let done = work(&read);
            (read, done)
        },
        |_, (read, done)| emit(read, done),
    )
}

/// A copy of a read error (an I/O error keeps its kind and message).
fn copy_error(e: &ReadError) -> ReadError {
    match e {
        ReadError::Parse(e) => ReadError::Parse(e.clone()),
        ReadError::Io(e) => ReadError::Io(io::Error::new(e.kind(), e.to_string())),
    }
}

/// Works on each of `items` with `work` on `jobs` threads, `batch` items at a time, and hands
/// each item with its result to `emit` in order, as each batch is done; the items are taken
/// from `items` on this thread, while the pool works on the batch before. An error of `emit`
/// ends everything (the batches under way are finished first).
pub fn each_in_order<I, T>(
    mut items: impl Iterator<Item = I>,
    jobs: usize,
    batch: usize,
    work: impl Fn(&I) -> T + Sync,
    mut emit: impl FnMut(I, T) -> io::Result<()>,
) -> io::Result<()>
where
    I: Send,
    T: Send,
{
    if jobs <= 1 {
        // One thread: no pool, no batches, each result out as soon as it is made.
        for item in items {
            let done = work(&item);
            emit(item, done)?;
        }
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("batch {i}"))
        .build()
        .map_err(io::Error::other)?;
    let work = &work;
    let batch = batch.max(1);
    pool.in_place_scope(|scope| {
        // The batch in the pool while the next is taken.
        let mut pending: Option<mpsc::Receiver<Vec<(I, T)>>> = None;
        loop {
            let taken: Vec<I> = items.by_ref().take(batch).collect();
            let ended = taken.len() < batch;
            let next = (!taken.is_empty()).then(|| {
                let (sender, receiver) = mpsc::channel();
                scope.spawn(move |_| {
                    let done: Vec<(I, T)> = taken
                        .into_par_iter()
                        .map(|item| {
                            let result = work(&item);
                            (item, result)
                        })
                        .collect();
                    let _ = sender.send(done);
                });
                receiver
            });
            if let Some(receiver) = pending.take() {
                for (item, result) in receiver.recv().map_err(io::Error::other)? {
                    emit(item, result)?;
                }
            }
            pending = next;
            if ended {
                break;
            }
        }
        if let Some(receiver) = pending {
            for (item, result) in receiver.recv().map_err(io::Error::other)? {
                emit(item, result)?;
            }
        }
        Ok(())
    })
}
