use sudoku_workbench::sudoku::generate::*;
fn main() {
    for symmetry in Symmetry::ALL {
        let mut g = Generator::new(
            1,
            Options {
                symmetry,
                minimal: true,
            },
        );
        let t = std::time::Instant::now();
        let mut givens = 0;
        for _ in 0..50 {
            givens += g.puzzle().given_count();
        }
        println!(
            "{symmetry}: {:?} per puzzle, {} givens avg",
            t.elapsed() / 50,
            givens / 50
        );
    }
}
