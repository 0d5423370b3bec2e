//! Collections on every core. Puzzles are read in order on the calling thread, worked on in
//! batches by a pool of threads (rayon), and handed back in the order read, batch by batch, as
//! they are done: the output is the same bytes whatever the number of threads, reading overlaps
//! the work, and memory is bounded by two batches however long the input.

use crate::sudoku::{Format, ReadError, Reader, Record};
use rayon::iter::{IntoParallelIterator, ParallelIterator};
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

/// Up to [`BATCH`] items of `reader`, and whether the input ended.
fn batch<R: BufRead>(reader: &mut Reader<R>) -> (Vec<Read>, bool) {
    let mut items = Vec::with_capacity(BATCH);
    while items.len() < BATCH {
        match next(reader) {
            Some(read) => {
                let ends = read.ends_input();
                items.push(read);
                if ends {
                    return (items, true);
                }
            }
            None => return (items, true),
        }
    }
    (items, false)
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
        // One thread: no pool, no batches, each result out as soon as it is made.
        while let Some(read) = next(reader) {
            let ends = read.ends_input();
            let done = work(&read);
            emit(read, done)?;
            if ends {
                break;
            }
        }
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("batch {i}"))
        .build()
        .map_err(io::Error::other)?;
    let work = &work;
    pool.in_place_scope(|scope| {
        // The batch in the pool while the next is read.
        let mut pending: Option<mpsc::Receiver<Vec<(Read, T)>>> = None;
        loop {
            let (items, ended) = batch(reader);
            let next = (!items.is_empty()).then(|| {
                let (sender, receiver) = mpsc::channel();
                scope.spawn(move |_| {
                    let done: Vec<(Read, T)> = items
                        .into_par_iter()
                        .map(|read| {
                            let result = work(&read);
                            (read, result)
                        })
                        .collect();
                    let _ = sender.send(done);
                });
                receiver
            });
            if let Some(receiver) = pending.take() {
                for (read, result) in receiver.recv().map_err(io::Error::other)? {
                    emit(read, result)?;
                }
            }
            pending = next;
            if ended {
                break;
            }
        }
        if let Some(receiver) = pending {
            for (read, result) in receiver.recv().map_err(io::Error::other)? {
                emit(read, result)?;
            }
        }
        Ok(())
    })
}
