//! What memory the program takes, counted by a global allocator of this test binary: the
//! batch path allocates nothing per puzzle (`solve` and `check` on a collection ten times longer
//! make no more allocations than on the short one, give or take what each batch of the pool
//! costs), and a file of a million comment lines opens in little more memory than its size. The
//! tests take turns, so that nothing else allocates while one counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use sudoku_engine::Format;
use sudoku_workbench::app::{Document, Origin};
use sudoku_workbench::cli::{CheckArgs, SolveArgs, check, solve};
use sudoku_workbench::runtime::files::read_puzzles;

/// The system allocator, counting the allocations made through it and the bytes they hold.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// Bytes allocated and not freed, and the most there were since [`PEAK`] was last set.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// Held by each test while it counts.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn grew(bytes: usize) {
    let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed on unchanged to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        grew(layout.size());
        // SAFETY: the caller's guarantees for `layout` are the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above, that is from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        match new_size.checked_sub(layout.size()) {
            Some(more) => grew(more),
            None => {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// A collection of `lines` puzzle lines: the puzzles of `assets/collection.sdm` (easy ones and
/// ones that need guesses, one with a comment) over and over.
fn collection(dir: &Path, lines: usize) -> std::path::PathBuf {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/collection.sdm"))
        .expect("the sample collection");
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
    assert!(puzzles.len() >= 10, "the sample has puzzles");
    let mut out = String::new();
    for i in 0..lines {
        out.push_str(puzzles[i % puzzles.len()]);
        out.push('\n');
    }
    let path = dir.join(format!("collection-{lines}.txt"));
    std::fs::write(&path, out).expect("the collection is written");
    path
}

/// Allocations made by `run`, and what it wrote.
fn allocations(run: impl FnOnce(&mut Vec<u8>, &mut Vec<u8>)) -> (usize, Vec<u8>) {
    // The output buffers are made large enough first, so that their growth is not counted.
    let (mut out, mut err) = (Vec::with_capacity(1 << 20), Vec::with_capacity(1 << 16));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    run(&mut out, &mut err);
    let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    (made, out)
}

#[test]
fn solving_and_checking_a_collection_allocate_nothing_per_puzzle() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (short, long) = (collection(dir.path(), 300), collection(dir.path(), 3000));
    // Two threads where there are two cores (more would be capped, with a word on stderr).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for jobs in [1, 2.min(cores)] {
        let solve_file = |file: &Path| {
            let args = SolveArgs {
                file: Some(file.to_path_buf()),
                format: Some(Format::Line),
                jobs,
                ..SolveArgs::default()
            };
            allocations(|out, err| {
                solve(&args, out, err).expect("solved");
            })
        };
        let check_file = |file: &Path| {
            let args = CheckArgs {
                file: Some(file.to_path_buf()),
                jobs,
            };
            allocations(|out, err| {
                check(&args, out, err).expect("checked");
            })
        };
        for (command, run) in [("solve", &solve_file as &dyn Fn(&Path) -> _), ("check", &check_file)] {
            // Once first, so that the pool and the search have their memory.
            run(&short);
            let (few, short_out) = run(&short);
            let (many, long_out) = run(&long);
            let lines = |out: &[u8]| out.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(
                lines(&long_out) - lines(&short_out),
                2700,
                "{command}: every puzzle answered"
            );
            // Per puzzle, one allocation would be 2,700 more; a batch of 512 costs a handful.
            let extra = many.saturating_sub(few);
            assert!(
                extra <= 100,
                "{command} --jobs {jobs}: {few} allocations for 300 puzzles, {many} for 3000"
            );
        }
    }
}

/// Issue 28 item 7: the hardest puzzle and a million comment lines of five bytes (`#C 7`), as
/// the file of 12 million that took 5.4 GB: opened (read, parsed, made a document), the lines
/// take less than twice the file's size, and no more than three times at any moment while
/// opening. A line is packed in its text and four bytes; as a `String` each it was 32 bytes
/// and a block of its own.
#[test]
fn a_file_of_a_million_comment_lines_opens_in_little_more_memory_than_its_size() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("comments.sdk");
    let mut text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/hardest.sdk")).expect("the sample");
    for i in 0..1_000_000 {
        text.push_str(&format!("#C {}\n", i % 10));
    }
    std::fs::write(&path, &text).expect("the file is written");
    let size = text.len();
    drop(text);
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let (parsed, fingerprint) = read_puzzles(&path).expect("the file reads");
    let doc = Document::from_parsed(parsed, Origin::File(path), 0, Some(fingerprint)).expect("a puzzle");
    let (kept, peak) = (
        LIVE.load(Ordering::Relaxed) - before,
        PEAK.load(Ordering::Relaxed) - before,
    );
    assert_eq!(doc.source.text.meta_count(), 4 + 1_000_000, "every line is kept");
    let mb = |bytes: usize| format!("{:.1} MB", bytes as f64 / 1e6);
    assert!(
        kept <= 2 * size,
        "the document takes {} for a file of {}",
        mb(kept),
        mb(size)
    );
    assert!(
        peak <= 3 * size,
        "opening took {} at its most for a file of {}",
        mb(peak),
        mb(size)
    );
}
