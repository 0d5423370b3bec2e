//! Each strategy written as the short recursive program a learner knows (for `naive`, the DFS of
//! the BOJ 2580 solutions), in a C++-like and a Python-like form, and which of its lines each
//! [`Step`] of the search carries out: step mode highlights that line beside the board.

use super::why::holder;
use super::{Step, Strategy};
use crate::board::{Board, Digit, Pos, Unit};
use std::fmt;

/// The form a program is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// Braces and semicolons, as most BOJ solutions are written.
    #[default]
    Cpp,
    /// Indentation, as the Python solutions are written.
    Python,
}

impl Language {
    /// The other form.
    pub const fn next(self) -> Language {
        match self {
            Language::Cpp => Language::Python,
            Language::Python => Language::Cpp,
        }
    }

    /// Its name in settings and on screen: `c++` or `python`.
    pub const fn name(self) -> &'static str {
        match self {
            Language::Cpp => "c++",
            Language::Python => "python",
        }
    }

    /// The form called `name`.
    pub fn from_name(name: &str) -> Option<Language> {
        [Language::Cpp, Language::Python].into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a line of a program does, as far as the steps of the search go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The first call, before any step.
    Start,
    /// A guess: a digit put in the chosen cell.
    Guess,
    /// A guess taken back after the call below it returned.
    Undo,
    /// A digit that follows from the board (propagation).
    Forced,
    /// A forced digit taken back with the guess it followed.
    Unforce,
    /// Every cell filled: a solution.
    Solved,
    /// The first call returned: nothing more to try.
    Exhausted,
}

impl Role {
    /// The role of the line `step` carries out; `None` is the start, before any step.
    pub const fn of(step: Option<&Step>) -> Role {
        match step {
            None => Role::Start,
            Some(Step::Place { forced: false, .. }) => Role::Guess,
            Some(Step::Place { forced: true, .. }) => Role::Forced,
            Some(Step::Remove { forced: false, .. }) => Role::Undo,
            Some(Step::Remove { forced: true, .. }) => Role::Unforce,
            Some(Step::Solved) => Role::Solved,
            Some(Step::Exhausted) => Role::Exhausted,
        }
    }
}

/// A strategy's program: its lines, and the line each role is carried out on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    /// The lines, indented with spaces.
    pub lines: &'static [&'static str],
    /// The line (0-based) of each role, in the order of [`Role`]'s variants.
    at: [usize; 7],
    /// The line that checks a digit and skips it (`continue`) when a peer holds it, for the
    /// textbook program: the digits a guess passed over went through it.
    pub check: Option<usize>,
    /// The body of that check, for the textbook program: `ok(r, c, d)`.
    pub ok: Option<&'static Check>,
}

/// The body of the textbook's check `ok(r, c, d)`: a loop over the row, one over the column and
/// one over the box, each returning false at the first cell that holds `d`, in the order
/// [`holder`] looks (so the cell the program meets is the one the why names), then true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The lines, indented with spaces.
    pub lines: &'static [&'static str],
    /// The loop over each kind of unit (row, column, box): its first and last line (0-based).
    pub loops: [(usize, usize); 3],
    /// The line that returns true: no peer holds the digit.
    pub fits: usize,
}

impl Check {
    /// The lines (first, last) of the loop over `unit`'s kind.
    pub const fn loop_of(&self, unit: Unit) -> (usize, usize) {
        match unit {
            Unit::Row(_) => self.loops[0],
            Unit::Col(_) => self.loops[1],
            Unit::Box(_) => self.loops[2],
        }
    }
}

/// What `ok(r, c, d)` answered for one digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// False: the loop over `unit` met `holder`, which holds the digit.
    Rejected {
        /// The unit whose loop found it.
        unit: Unit,
        /// The cell holding the digit.
        holder: Pos,
    },
    /// True: no peer holds it.
    Fits,
}

/// The textbook's checks that led to the guess `step` (on `board` as it was before it, the step
/// before being `previous`): `ok(r, c, d)` for each digit from the first tried (1, or after
/// the one just taken back there) to the digit placed, and what each answered. Empty for any
/// other step.
pub fn checks(board: &Board, step: &Step, previous: Option<&Step>) -> Vec<(Digit, Verdict)> {
    let Step::Place {
        pos,
        digit,
        forced: false,
        ..
    } = *step
    else {
        return Vec::new();
    };
    let from = skipped(step, previous).first().copied().unwrap_or(digit.get());
    (from..=digit.get())
        .filter_map(Digit::new)
        .map(|d| {
            let verdict = match holder(board, pos, d) {
                Some((holder, unit)) => Verdict::Rejected { unit, holder },
                None => Verdict::Fits,
            };
            (d, verdict)
        })
        .collect()
}

/// The digits a textbook guess `step` passed over at its cell (each held by a peer, so the
/// check skipped it), `previous` being the step before: from 1, or from after the digit just
/// taken back there.
pub fn skipped(step: &Step, previous: Option<&Step>) -> Vec<u8> {
    let Step::Place {
        pos,
        digit,
        forced: false,
        ..
    } = *step
    else {
        return Vec::new();
    };
    let from = match previous {
        Some(Step::Remove { pos: p, digit: d, .. }) if *p == pos => d.get() + 1,
        _ => 1,
    };
    (from..digit.get()).collect()
}

impl Program {
    /// The program of `strategy` in `language`.
    pub const fn of(strategy: Strategy, language: Language) -> &'static Program {
        match (strategy, language) {
            (Strategy::Naive, Language::Cpp) => &NAIVE_CPP,
            (Strategy::Naive, Language::Python) => &NAIVE_PY,
            (Strategy::Mrv, Language::Cpp) => &MRV_CPP,
            (Strategy::Mrv, Language::Python) => &MRV_PY,
            (Strategy::Dlx, Language::Cpp) => &DLX_CPP,
            (Strategy::Dlx, Language::Python) => &DLX_PY,
            (Strategy::Fast, Language::Cpp) => &FAST_CPP,
            (Strategy::Fast, Language::Python) => &FAST_PY,
        }
    }

    /// The line (0-based) that `role` is carried out on.
    pub const fn line(&self, role: Role) -> usize {
        self.at[role as usize]
    }

    /// The line (0-based) that `step` carries out (`None`: the start).
    pub const fn line_of(&self, step: Option<&Step>) -> usize {
        self.line(Role::of(step))
    }
}

// The line of each role, in the order Start, Guess, Undo, Forced, Unforce, Solved, Exhausted.
// Strategies that force nothing point Forced and Unforce at their guess and undo lines; the
// tests check that each role's line says what the role does.

const NAIVE_CPP: Program = Program {
    lines: &[
        "// blanks: the empty cells, row by row",
        "void dfs(int k) {",
        "  if (k == blanks.size()) {",
        "    print(board); return;  // solved",
        "  }",
        "  auto [r, c] = blanks[k];",
        "  for (int d = 1; d <= 9; d++) {",
        "    if (!ok(r, c, d)) continue;",
        "    board[r][c] = d;",
        "    dfs(k + 1);",
        "    board[r][c] = 0;",
        "  }",
        "}  // all tried: back to the caller",
        "dfs(0);",
    ],
    at: [13, 8, 10, 8, 10, 3, 12],
    check: Some(7),
    ok: Some(&OK_CPP),
};

const OK_CPP: Check = Check {
    lines: &[
        "bool ok(int r, int c, int d) {",
        "  for (int i = 0; i < 9; i++)  // row",
        "    if (board[r][i] == d) return false;",
        "  for (int i = 0; i < 9; i++)  // column",
        "    if (board[i][c] == d) return false;",
        "  int y = r / 3 * 3, x = c / 3 * 3;",
        "  for (int i = 0; i < 9; i++)  // box",
        "    if (board[y + i/3][x + i%3] == d)",
        "      return false;",
        "  return true;",
        "}",
    ],
    loops: [(1, 2), (3, 4), (6, 8)],
    fits: 9,
};

const NAIVE_PY: Program = Program {
    lines: &[
        "# blanks: the empty cells, row by row",
        "def dfs(k):",
        "    if k == len(blanks):",
        "        print_board(); return  # solved",
        "    r, c = blanks[k]",
        "    for d in range(1, 10):",
        "        if not ok(r, c, d): continue",
        "        board[r][c] = d",
        "        dfs(k + 1)",
        "        board[r][c] = 0",
        "    # all tried: back to the caller",
        "dfs(0)",
    ],
    at: [11, 7, 9, 7, 9, 3, 10],
    check: Some(6),
    ok: Some(&OK_PY),
};

const OK_PY: Check = Check {
    lines: &[
        "def ok(r, c, d):",
        "    for i in range(9):  # row",
        "        if board[r][i] == d:",
        "            return False",
        "    for i in range(9):  # column",
        "        if board[i][c] == d:",
        "            return False",
        "    y, x = r // 3 * 3, c // 3 * 3",
        "    for i in range(9):  # box",
        "        if board[y+i//3][x+i%3] == d:",
        "            return False",
        "    return True",
    ],
    loops: [(1, 3), (4, 6), (8, 10)],
    fits: 11,
};

const MRV_CPP: Program = Program {
    lines: &[
        "void dfs() {",
        "  if (no blank left) {",
        "    print(board); return;  // solved",
        "  }",
        "  cell = blank with fewest candidates;",
        "  for (int d : candidates(cell)) {",
        "    board[cell] = d;",
        "    dfs();",
        "    board[cell] = 0;",
        "  }",
        "}  // all tried: back to the caller",
        "dfs();",
    ],
    at: [11, 6, 8, 6, 8, 2, 10],
    check: None,
    ok: None,
};

const MRV_PY: Program = Program {
    lines: &[
        "def dfs():",
        "    if no_blank_left():",
        "        print_board(); return  # solved",
        "    cell = fewest_candidates_blank()",
        "    for d in candidates(cell):",
        "        board[cell] = d",
        "        dfs()",
        "        board[cell] = 0",
        "    # all tried: back to the caller",
        "dfs()",
    ],
    at: [9, 5, 7, 5, 7, 2, 8],
    check: None,
    ok: None,
};

const DLX_CPP: Program = Program {
    lines: &[
        "// 324 columns (constraints), 729 rows",
        "void search() {",
        "  if (no column left) {",
        "    print(rows); return;  // solved",
        "  }",
        "  col = column with fewest rows;",
        "  cover(col);",
        "  for (row : rows of col) {",
        "    take(row); cover its columns;",
        "    search();",
        "    uncover its columns; drop(row);",
        "  }",
        "  uncover(col);",
        "}  // all tried: back to the caller",
        "search();",
    ],
    at: [14, 8, 10, 8, 10, 3, 13],
    check: None,
    ok: None,
};

const DLX_PY: Program = Program {
    lines: &[
        "# 324 columns (constraints), 729 rows",
        "def search():",
        "    if no_column_left():",
        "        print_rows(); return  # solved",
        "    col = column_with_fewest_rows()",
        "    cover(col)",
        "    for row in rows_of(col):",
        "        take(row); cover_columns(row)",
        "        search()",
        "        uncover_columns(row); drop(row)",
        "    uncover(col)",
        "    # all tried: back to the caller",
        "search()",
    ],
    at: [12, 7, 9, 7, 9, 3, 11],
    check: None,
    ok: None,
};

const FAST_CPP: Program = Program {
    lines: &[
        "void search(State s) {",
        "  if (!propagate(s)) return;  // forced",
        "  if (no blank left) {",
        "    print(s); return;  // solved",
        "  }",
        "  cell = blank with fewest candidates;",
        "  for (int d : candidates(cell)) {",
        "    State t = s; t.place(cell, d);",
        "    search(t);",
        "  }  // t dropped: s as before",
        "}  // all tried: back to the caller",
        "search(start);",
    ],
    at: [11, 7, 9, 1, 9, 3, 10],
    check: None,
    ok: None,
};

const FAST_PY: Program = Program {
    lines: &[
        "def search(s):",
        "    if not propagate(s): return # forced",
        "    if no_blank_left(s):",
        "        print_board(s); return  # solved",
        "    cell = fewest_candidates_blank(s)",
        "    for d in candidates(s, cell):",
        "        t = copy(s); t.place(cell, d)",
        "        search(t)",
        "        # t dropped: s as before",
        "    # all tried: back to the caller",
        "search(start)",
    ],
    at: [10, 6, 8, 1, 8, 3, 9],
    check: None,
    ok: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Words that the line of each role must hold, in either form.
    fn says(role: Role) -> &'static [&'static str] {
        match role {
            Role::Start => &["dfs(0)", "dfs()", "search()", "search(start)"],
            Role::Guess => &["= d", "take(row)", "place(cell, d)"],
            Role::Undo => &["= 0", "drop(row)", "dropped"],
            Role::Forced => &["= d", "take(row)", "propagate"],
            Role::Unforce => &["= 0", "drop(row)", "dropped"],
            Role::Solved => &["print"],
            Role::Exhausted => &["all tried"],
        }
    }

    #[test]
    fn each_role_points_at_a_line_that_does_it() {
        for &strategy in Strategy::ALL {
            for language in [Language::Cpp, Language::Python] {
                let program = Program::of(strategy, language);
                for role in [
                    Role::Start,
                    Role::Guess,
                    Role::Undo,
                    Role::Forced,
                    Role::Unforce,
                    Role::Solved,
                    Role::Exhausted,
                ] {
                    let line = program.lines[program.line(role)];
                    assert!(
                        says(role).iter().any(|w| line.contains(w)),
                        "{strategy} {language} {role:?}: {line:?}"
                    );
                }
                assert!(
                    program.lines.iter().all(|l| l.chars().count() <= 40),
                    "{strategy} {language}"
                );
                if let Some(ok) = program.ok {
                    assert!(ok.lines.iter().all(|l| l.chars().count() <= 40), "{language}");
                    for (unit, word) in [(Unit::Row(0), "row"), (Unit::Col(0), "column"), (Unit::Box(0), "box")] {
                        let (first, last) = ok.loop_of(unit);
                        assert!(
                            ok.lines[first].contains("for") && ok.lines[first].contains(word),
                            "{language} {word}"
                        );
                        assert!(
                            ok.lines[last].to_lowercase().contains("return false"),
                            "{language} {word}"
                        );
                    }
                    assert!(ok.lines[ok.fits].to_lowercase().contains("return true"), "{language}");
                }
            }
        }
    }

    #[test]
    fn languages_are_named_both_ways() {
        for l in [Language::Cpp, Language::Python] {
            assert_eq!(Language::from_name(l.name()), Some(l));
            assert_ne!(l.next(), l);
        }
    }
}
