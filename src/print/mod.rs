//! Sheets of puzzles to print: 1, 2, 4 or 6 puzzles a page on A4 or Letter, each with its title,
//! level and rating, and at the end, if asked, pages of solutions. The layout is worked out
//! here once, as marks on pages (rules, the frames of grids, text), in points from the top left
//! corner; [`pdf`] and [`svg`] each write those marks in their own language, so the two files
//! show the same sheet. `sudoku-workbench print` and the workbench's print key both use it.
//!
//! Nothing here touches a file: a sheet becomes bytes, and the caller writes them.

pub mod metrics;
pub mod pdf;
pub mod svg;

use metrics::fitted;
use std::time::{Duration, Instant};
use sudoku_engine::logic::{Grid, rate_grid_until};
use sudoku_engine::{Board, Unjudgeable, solution_of};

/// A size of paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Every size, for the command line.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Width and height in points (1/72 in).
    pub const fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The size named `name` (any case).
    pub fn from_name(name: &str) -> Option<Paper> {
        Paper::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

/// How many puzzles a page holds, and so how big each is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerPage {
    /// One, as large as the page allows.
    One,
    /// Two, one above the other.
    Two,
    /// Four, two by two.
    Four,
    /// Six, two across and three down.
    Six,
}

impl PerPage {
    /// The counts that can be asked for.
    pub const ALL: [PerPage; 4] = [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six];

    /// The puzzles a page holds.
    pub const fn count(self) -> usize {
        match self {
            PerPage::One => 1,
            PerPage::Two => 2,
            PerPage::Four => 4,
            PerPage::Six => 6,
        }
    }

    /// Columns and rows of puzzles on a page.
    const fn grid(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }

    /// The count `n` as asked for, if a page can hold that many.
    pub fn of(n: usize) -> Option<PerPage> {
        PerPage::ALL.into_iter().find(|p| p.count() == n)
    }
}

/// One puzzle of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its name: the file it came from, and its number in a collection.
    pub title: String,
    /// Its level and rating, or why it has none.
    pub about: String,
    /// Its givens.
    pub board: Board,
    /// Its solution, if it has exactly one.
    pub solution: Option<Board>,
}

impl Puzzle {
    /// The puzzle of `board`'s givens named `title`: rated, given at most `limit` for it (then
    /// its rating is the least it can be, `>=x.y`), and solved. With it, why it has no rating
    /// or solution when it has not exactly one solution (it is printed all the same).
    pub fn prepare(title: String, board: &Board, limit: Duration) -> (Puzzle, Option<Unjudgeable>) {
        let givens = board.givens_only();
        let (about, solution, problem) = match solution_of(&givens) {
            Ok(solution) => {
                // A limit too long for the clock is no limit.
                let deadline = Instant::now()
                    .checked_add(limit)
                    .unwrap_or_else(|| Instant::now() + Duration::from_secs(1 << 30));
                let rating = rate_grid_until(Grid::new(&givens), &mut || true, deadline);
                (format!("{} {}", rating.level, rating.er()), Some(solution), None)
            }
            Err(Unjudgeable::NoSolution) => ("no solution".to_string(), None, Some(Unjudgeable::NoSolution)),
            Err(Unjudgeable::Several) => ("several solutions".to_string(), None, Some(Unjudgeable::Several)),
        };
        let puzzle = Puzzle {
            title,
            about,
            board: givens,
            solution,
        };
        (puzzle, problem)
    }
}

/// What to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The title at the top of every page.
    pub title: String,
    /// The paper.
    pub paper: Paper,
    /// Puzzles a page.
    pub per_page: PerPage,
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
    /// Whether pages of solutions follow the puzzles.
    pub solutions: bool,
}

/// The two weights of type a sheet uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Running text, and the digits of a solution that are not givens.
    Regular,
    /// Titles and givens.
    Bold,
}

/// One thing drawn on a page. Coordinates are points from the top left corner of the page,
/// `y` going down.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight line `width` points thick.
    Rule {
        /// One end.
        from: (f32, f32),
        /// The other end.
        to: (f32, f32),
        /// Its thickness.
        width: f32,
    },
    /// The square frame of a grid: its top left corner, its side, its thickness.
    Frame {
        /// The top left corner.
        at: (f32, f32),
        /// The side.
        side: f32,
        /// The thickness of its line.
        width: f32,
    },
    /// Text on a baseline.
    Text {
        /// Where its baseline starts, or, when `digit` holds, the middle of its baseline.
        at: (f32, f32),
        /// The size of the type.
        size: f32,
        /// Its weight.
        weight: Weight,
        /// A digit of a grid, drawn centred on `at` (digits are all as wide as each other,
        /// so a writer can centre one without the font's metrics); else text from `at` on.
        digit: bool,
        /// The text.
        text: String,
    },
}

/// A page: what is drawn on it, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// The marks.
    pub marks: Vec<Mark>,
}

/// The margin around each page, in points: half an inch, inside what printers can reach.
const MARGIN: f32 = 36.0;
/// The room the page's title takes at its top.
const HEADER: f32 = 34.0;
/// The room the page number takes at its foot.
const FOOTER: f32 = 18.0;
/// The space between the puzzles of a page.
const GAP: f32 = 22.0;
/// The room a puzzle's caption takes above its grid.
const CAPTION: f32 = 18.0;
/// The size of a caption's type.
const CAPTION_SIZE: f32 = 10.0;
/// The width of a digit in Helvetica (and Arial, Liberation Sans), in ems: every digit has it.
pub const DIGIT_WIDTH: f32 = 0.556;

impl Sheet {
    /// Pages of puzzles.
    fn puzzle_pages(&self) -> usize {
        self.puzzles.len().div_ceil(self.per_page.count())
    }

    /// Pages of solutions (six a page: a solution is looked at, not written in).
    fn solution_pages(&self) -> usize {
        if self.solutions {
            self.puzzles.len().div_ceil(PerPage::Six.count())
        } else {
            0
        }
    }

    /// How many pages the sheet has.
    pub fn page_count(&self) -> usize {
        self.puzzle_pages() + self.solution_pages()
    }

    /// Page `index` (0 for the first) of the sheet, laid out.
    pub fn page(&self, index: usize) -> Page {
        let mut page = Page::default();
        let (width, height) = self.paper.size();
        let pages = self.page_count();
        let (title, per_page, first, solutions) = if index < self.puzzle_pages() {
            let per = self.per_page.count();
            (self.title.clone(), self.per_page, index * per, false)
        } else {
            let per = PerPage::Six.count();
            let at = (index - self.puzzle_pages()) * per;
            (format!("{}: solutions", self.title), PerPage::Six, at, true)
        };
        page.marks.push(Mark::Text {
            at: (MARGIN, MARGIN + 16.0),
            size: 16.0,
            weight: Weight::Bold,
            digit: false,
            text: fitted(&title, width - 2.0 * MARGIN, 16.0, Weight::Bold),
        });
        page.marks.push(Mark::Text {
            at: (MARGIN, height - MARGIN + 10.0),
            size: 9.0,
            weight: Weight::Regular,
            digit: false,
            text: format!("page {} of {pages}", index + 1),
        });
        let (cols, rows) = per_page.grid();
        let top = MARGIN + HEADER;
        let slot_width = (width - 2.0 * MARGIN - (cols as f32 - 1.0) * GAP) / cols as f32;
        let slot_height = (height - top - MARGIN - FOOTER - (rows as f32 - 1.0) * GAP) / rows as f32;
        let side = slot_width.min(slot_height - CAPTION).floor();
        for (slot, number) in (first..self.puzzles.len()).take(per_page.count()).enumerate() {
            let puzzle = &self.puzzles[number];
            let (col, row) = (slot % cols, slot / cols);
            let x = MARGIN + col as f32 * (slot_width + GAP) + (slot_width - side) / 2.0;
            let y = top + row as f32 * (slot_height + GAP);
            let caption = match (solutions, &puzzle.solution) {
                (false, _) => format!("{}. {} · {}", number + 1, puzzle.title, puzzle.about),
                (true, Some(_)) => format!("{}. {}", number + 1, puzzle.title),
                (true, None) => format!("{}. {}: no single solution", number + 1, puzzle.title),
            };
            page.marks.push(Mark::Text {
                at: (x, y + CAPTION_SIZE + 2.0),
                size: CAPTION_SIZE,
                weight: Weight::Regular,
                digit: false,
                text: fitted(&caption, side, CAPTION_SIZE, Weight::Regular),
            });
            let shown = match (solutions, &puzzle.solution) {
                (true, Some(solution)) => solution,
                _ => &puzzle.board,
            };
            grid(&mut page, (x, y + CAPTION), side, shown, &puzzle.board);
        }
        page
    }
}

/// Draws `board` in a grid of `side` points at `at` (its top left corner): the digits that are
/// givens of `givens` bold, the others regular.
fn grid(page: &mut Page, at: (f32, f32), side: f32, board: &Board, givens: &Board) {
    let (x, y) = at;
    let cell = side / 9.0;
    // Thin lines between cells, thicker between boxes and round the grid, so the boxes show
    // at a glance on paper as they do on the screen.
    for i in 1..9 {
        let width = if i % 3 == 0 { 1.6 } else { 0.5 };
        let d = i as f32 * cell;
        page.marks.push(Mark::Rule {
            from: (x + d, y),
            to: (x + d, y + side),
            width,
        });
        page.marks.push(Mark::Rule {
            from: (x, y + d),
            to: (x + side, y + d),
            width,
        });
    }
    page.marks.push(Mark::Frame { at, side, width: 2.2 });
    let size = (cell * 0.62).max(1.0);
    for (i, c) in board.cells().iter().enumerate() {
        let Some(d) = c.digit() else { continue };
        let (row, col) = ((i / 9) as f32, (i % 9) as f32);
        let given = givens.cells()[i].digit() == Some(d);
        page.marks.push(Mark::Text {
            // The middle of the cell across; down, the baseline that puts a digit's middle
            // (its height is 0.72 em) at the cell's middle.
            at: (x + (col + 0.5) * cell, y + (row + 0.5) * cell + 0.36 * size),
            size,
            weight: if given { Weight::Bold } else { Weight::Regular },
            digit: true,
            text: d.to_char().to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(n: usize, per_page: PerPage, solutions: bool) -> Sheet {
        let board: Board = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
        Sheet {
            title: "Sudoku".into(),
            paper: Paper::A4,
            per_page,
            puzzles: (0..n)
                .map(|i| Puzzle {
                    title: format!("p{i}"),
                    about: "hard 3.4".into(),
                    board: board.clone(),
                    solution: None,
                })
                .collect(),
            solutions,
        }
    }

    #[test]
    fn pages_hold_as_many_puzzles_as_asked_and_solutions_six_a_page() {
        assert_eq!(sheet(7, PerPage::Four, false).page_count(), 2);
        assert_eq!(sheet(7, PerPage::Four, true).page_count(), 4);
        assert_eq!(sheet(1, PerPage::One, true).page_count(), 2);
        assert_eq!(sheet(0, PerPage::Six, true).page_count(), 0);
        let frames = |page: &Page| page.marks.iter().filter(|m| matches!(m, Mark::Frame { .. })).count();
        let s = sheet(7, PerPage::Six, true);
        assert_eq!(frames(&s.page(0)), 6);
        assert_eq!(frames(&s.page(1)), 1);
        assert_eq!(frames(&s.page(2)), 6, "the solutions' first page");
    }

    /// Every grid lies inside the margins of its page, whatever the paper and the count, and the
    /// grids of a page do not overlap.
    #[test]
    fn every_grid_stays_inside_its_page_and_apart_from_the_others() {
        for paper in Paper::ALL {
            let (w, h) = paper.size();
            for per in PerPage::ALL {
                let s = Sheet {
                    paper,
                    ..sheet(per.count(), per, false)
                };
                let page = s.page(0);
                let squares: Vec<(f32, f32, f32)> = page
                    .marks
                    .iter()
                    .filter_map(|m| match m {
                        Mark::Frame { at, side, .. } => Some((at.0, at.1, *side)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(squares.len(), per.count());
                for &(x, y, side) in &squares {
                    assert!(x >= MARGIN && y >= MARGIN && x + side <= w - MARGIN && y + side <= h - MARGIN);
                    assert!(
                        side > 150.0,
                        "{paper:?} {per:?}: a grid of {side} pt is too small to write in"
                    );
                }
                for (i, a) in squares.iter().enumerate() {
                    for b in &squares[i + 1..] {
                        let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.2 <= b.1 || b.1 + b.2 <= a.1;
                        assert!(apart, "{a:?} and {b:?} overlap");
                    }
                }
            }
        }
    }
}
