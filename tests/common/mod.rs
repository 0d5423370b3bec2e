//! Helpers shared by the integration tests: the textbook BOJ 2580 algorithm written as plain
//! recursion (the reference the `naive` strategy must match), random solved grids and puzzles,
//! the benchmark data sets when they are present, running the binary, and rank correlation.
#![allow(dead_code)] // each test binary uses a part

use std::path::PathBuf;

/// What the reference did: the first solution in textbook order (if any) and its placements.
#[derive(Debug, PartialEq, Eq)]
pub struct Reference {
    pub solution: Option<[u8; 81]>,
    pub placements: u64,
}

/// Whether `d` may go in cell `i`: no cell of its row, column or box holds it (a scan of 27 cells).
pub fn allowed(grid: &[u8; 81], i: usize, d: u8) -> bool {
    let (r, c) = (i / 9, i % 9);
    for k in 0..9 {
        let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
        if grid[r * 9 + k] == d || grid[k * 9 + c] == d || grid[br * 9 + bc] == d {
            return false;
        }
    }
    true
}

/// The textbook algorithm: blanks in row-major order, digits 1..9, each placement counted.
/// `None` if it needs more than `budget` placements.
pub fn reference_naive(digits: &[u8; 81], budget: u64) -> Option<Reference> {
    fn go(grid: &mut [u8; 81], blanks: &[usize], k: usize, placements: &mut u64, budget: u64) -> Option<bool> {
        let Some(&i) = blanks.get(k) else { return Some(true) };
        for d in 1..=9 {
            if allowed(grid, i, d) {
                grid[i] = d;
                *placements += 1;
                if *placements > budget {
                    return None;
                }
                if go(grid, blanks, k + 1, placements, budget)? {
                    return Some(true);
                }
                grid[i] = 0;
            }
        }
        Some(false)
    }
    let mut grid = *digits;
    let blanks: Vec<usize> = (0..81).filter(|&i| grid[i] == 0).collect();
    let mut placements = 0;
    let solved = go(&mut grid, &blanks, 0, &mut placements, budget)?;
    Some(Reference {
        solution: solved.then_some(grid),
        placements,
    })
}

/// A small deterministic generator (xorshift64*), so that every random puzzle comes from a seed.
/// Not the engine's `generate::Random` as the other tests use: the saved proptest regressions
/// (`properties.proptest-regressions`) name seeds of puzzles made with this one, and another
/// generator would make them other puzzles, no longer the cases that once failed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random solved grid: a pattern grid relabelled, with rows, bands, columns and stacks
/// shuffled and maybe transposed; all of these keep a grid solved.
pub fn solved_grid(seed: u64) -> [u8; 81] {
    let mut rng = Rng::new(seed);
    let mut labels: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut labels);
    let order = |rng: &mut Rng| {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut lines = Vec::new();
        for b in bands {
            let mut inner = [0, 1, 2];
            rng.shuffle(&mut inner);
            lines.extend(inner.map(|i| b * 3 + i));
        }
        lines
    };
    let rows = order(&mut rng);
    let cols = order(&mut rng);
    let transpose = rng.below(2) == 1;
    let mut grid = [0; 81];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let pattern = (pr * 3 + pr / 3 + pc) % 9;
            let at = if transpose { c * 9 + r } else { r * 9 + c };
            grid[at] = labels[pattern];
        }
    }
    grid
}

/// A puzzle: a random solved grid with `blanks` random cells emptied (it has a solution).
pub fn puzzle(seed: u64, blanks: usize) -> [u8; 81] {
    let mut grid = solved_grid(seed);
    let mut cells: Vec<usize> = (0..81).collect();
    Rng::new(seed.rotate_left(17)).shuffle(&mut cells);
    for &i in &cells[..blanks.min(81)] {
        grid[i] = 0;
    }
    grid
}

/// The shared data sets, or `None` (with a note on standard error) when they are absent.
pub fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}
/// How many puzzles of a shared set a sweep over it takes: `quick` in a plain `cargo test` (what
/// CI runs on two cores: the deepest chains take seconds a puzzle), `full` with
/// `SUDOKU_WORKBENCH_FULL_SETS=1` set (docs/reliability.md gives the command). The same checks
/// either way; only the count differs.
pub fn sweep_size(full: usize, quick: usize) -> usize {
    if std::env::var_os("SUDOKU_WORKBENCH_FULL_SETS").is_some_and(|v| v == "1") {
        full
    } else {
        quick.min(full)
    }
}

/// The first `take` puzzles of the shared data set `name`, or `None` (with a note) when the
/// sets are absent. A puzzle that does not read fails the test that asked.
pub fn data_set(name: &str, take: usize) -> Option<Vec<sudoku_engine::Board>> {
    let path = data_dir()?.join(name);
    let file = std::fs::File::open(&path).expect("a listed data set");
    let reader = sudoku_engine::Reader::new(std::io::BufReader::new(file));
    Some(
        reader
            .take(take)
            .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")).puzzle.board)
            .collect(),
    )
}

/// The several-solutions set of the benches: the puzzles of top1465 (hard, one solution each),
/// each with three of its givens taken away, which ones chosen by a generator seeded with the
/// puzzle's line number. Nearly all then have several solutions, to be found in a search as
/// deep as the hard puzzles' (not the easy sets' two or three guesses). `None` (with a note)
/// when the shared sets are absent.
pub fn thinned_top1465() -> Option<Vec<String>> {
    let text = std::fs::read_to_string(data_dir()?.join("puzzles3_magictour_top1465")).expect("top1465 reads");
    let lines = text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#'));
    Some(
        lines
            .enumerate()
            .map(|(i, line)| {
                let mut cells: Vec<u8> = line.as_bytes()[..81].to_vec();
                let mut givens: Vec<usize> = (0..81).filter(|&c| cells[c] != b'.').collect();
                Rng::new(i as u64).shuffle(&mut givens);
                for &c in &givens[..3] {
                    cells[c] = b'.';
                }
                String::from_utf8(cells).expect("ASCII")
            })
            .collect(),
    )
}

pub mod cli;
pub mod stats;
pub mod workbench;

/// Knuth's Algorithm X written the plain way, recursively over flags of which rows and columns
/// are left, for checking the `dlx` strategy's dancing links: rows are (cell, digit) in reading
/// order, columns the 324 constraints in the order `dlx` documents; the column with the fewest
/// rows left is chosen (the first such), its rows tried top to bottom. `None` past `budget`
/// placements or when the givens conflict. Backtracks count the rows taken back.
pub fn reference_algorithm_x(digits: &[u8; 81], budget: u64) -> Option<(Reference, u64)> {
    fn columns(row: usize) -> [usize; 4] {
        let (cell, d) = (row / 9, row % 9);
        let (r, c) = (cell / 9, cell % 9);
        [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * (r / 3 * 3 + c / 3) + d]
    }
    struct X {
        row_left: Vec<bool>,
        column_left: Vec<bool>,
        chosen: Vec<usize>,
        placements: u64,
        backtracks: u64,
        budget: u64,
    }
    impl X {
        /// Chooses `row`; what it took away, to put back.
        fn choose(&mut self, row: usize) -> (Vec<usize>, Vec<usize>) {
            let mut rows = Vec::new();
            let cols: Vec<usize> = columns(row).into_iter().filter(|c| self.column_left[*c]).collect();
            for &c in &cols {
                self.column_left[c] = false;
            }
            for other in 0..729 {
                if self.row_left[other] && columns(other).iter().any(|c| cols.contains(c)) {
                    self.row_left[other] = false;
                    rows.push(other);
                }
            }
            self.chosen.push(row);
            (rows, cols)
        }
        fn unchoose(&mut self, taken: (Vec<usize>, Vec<usize>)) {
            for r in taken.0 {
                self.row_left[r] = true;
            }
            for c in taken.1 {
                self.column_left[c] = true;
            }
            self.chosen.pop();
        }
        fn search(&mut self) -> Option<bool> {
            let mut best: Option<(usize, usize)> = None;
            for c in (0..324).filter(|c| self.column_left[*c]) {
                let size = (0..729)
                    .filter(|r| self.row_left[*r] && columns(*r).contains(&c))
                    .count();
                if best.is_none_or(|(_, s)| size < s) {
                    best = Some((c, size));
                }
            }
            let Some((c, _)) = best else { return Some(true) };
            let rows: Vec<usize> = (0..729)
                .filter(|r| self.row_left[*r] && columns(*r).contains(&c))
                .collect();
            for row in rows {
                self.placements += 1;
                if self.placements > self.budget {
                    return None;
                }
                let taken = self.choose(row);
                if self.search()? {
                    return Some(true);
                }
                self.unchoose(taken);
                self.backtracks += 1;
            }
            Some(false)
        }
    }
    let mut x = X {
        row_left: vec![true; 729],
        column_left: vec![true; 324],
        chosen: Vec::new(),
        placements: 0,
        backtracks: 0,
        budget,
    };
    for (cell, &d) in digits.iter().enumerate() {
        if d != 0 {
            let row = 9 * cell + usize::from(d) - 1;
            if !x.row_left[row] {
                return None;
            }
            x.choose(row);
        }
    }
    x.chosen.clear();
    let solved = x.search()?;
    let solution = solved.then(|| {
        let mut grid = *digits;
        for &row in &x.chosen {
            grid[row / 9] = (row % 9) as u8 + 1;
        }
        grid
    });
    Some((
        Reference {
            solution,
            placements: x.placements,
        },
        x.backtracks,
    ))
}
