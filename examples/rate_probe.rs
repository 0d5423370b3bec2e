use sudoku_workbench::sudoku::Board;
use sudoku_workbench::sudoku::logic::*;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| l[..81].parse().unwrap())
        .collect();
    let t = std::time::Instant::now();
    let mut levels = std::collections::BTreeMap::new();
    let mut worst = std::time::Duration::ZERO;
    for b in &boards {
        let t1 = std::time::Instant::now();
        let r = rate(b);
        worst = worst.max(t1.elapsed());
        *levels.entry(r.level).or_insert(0) += 1;
    }
    println!(
        "{} puzzles, {:?} each, worst {:?}, {:?}",
        boards.len(),
        t.elapsed() / boards.len() as u32,
        worst,
        levels
    );
}
