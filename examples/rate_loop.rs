//! Rates the puzzles of a file over and over, for profiling: `perf record cargo run --release
//! --example rate_loop -- FILE ROUNDS`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let rounds: usize = args.next().map_or(1000, |n| n.parse().expect("a number"));
    let text = std::fs::read(path).expect("readable");
    let doc = sudoku_engine::parse_document(&text, None).expect("puzzles");
    let boards: Vec<_> = doc.readable().map(|r| r.puzzle.board.clone()).collect();
    let start = std::time::Instant::now();
    let mut sum = 0u64;
    for _ in 0..rounds {
        for b in &boards {
            sum += u64::from(sudoku_engine::logic::rate(std::hint::black_box(b)).difficulty.0);
        }
    }
    println!(
        "{:?} per puzzle ({sum})",
        start.elapsed() / (rounds * boards.len()) as u32
    );
}
