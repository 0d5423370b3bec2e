//! The model's update for step mode: its keys, stepping, running and the jumps (to a backtrack,
//! a step typed, the start of the current decision), breakpoints, the program beside the board,
//! and traces (exporting the search, replaying one opened). The search being watched is the
//! [`super::stepper::Stepper`].

use super::document::{Document, Origin};
use super::effect::{ExportRequest, TraceFile};
use super::race::Race;
use super::stepper::Stepper;
use super::track::Breakpoints;
use super::tree_screen::{Selection, Shown, TreeScreen};
use super::{Action, App, Effect, Mode, Overlay, Then};
use crate::text::{counted, counted_as, grouped, printable};
use std::path::PathBuf;
use sudoku_engine::{Board, Pos, Step, parse_document};

/// Screens narrower than this show the program on a screen of its own rather than beside the
/// board.
pub const PROGRAM_BESIDE_WIDTH: u16 = 100;

/// What a line typed in step mode is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The number of a step to go to.
    Step,
    /// Breakpoints: cells, a depth.
    Breakpoints,
}

/// A line being typed in step mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinePrompt {
    /// What it is for.
    pub asked: Asked,
    /// The text so far.
    pub input: String,
}

impl LinePrompt {
    /// What the prompt asks, for the screen.
    pub fn question(&self) -> &'static str {
        match self.asked {
            Asked::Step => "Go to step:",
            Asked::Breakpoints => "Stop when a cell gets a digit (r5c3) or a guess reaches a depth (12):",
        }
    }

    /// What the prompt says under the line, for the screen.
    pub fn note(&self) -> &'static str {
        match self.asked {
            Asked::Step => "Back is at once; forward runs there (Esc stops it).",
            Asked::Breakpoints => "Each cell typed is set or cleared; empty clears every breakpoint.",
        }
    }
}

/// The breakpoints `input` makes of `current`: each cell named is set or cleared, a number sets
/// (or clears, if it is set) the depth; nothing typed clears them all. A cell filled on `start`,
/// the board searched, never gets a digit from the search and is refused.
pub fn parse_breakpoints(input: &str, current: &Breakpoints, start: &Board) -> Result<Breakpoints, String> {
    let words: Vec<&str> = input
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(Breakpoints::default());
    }
    let mut next = current.clone();
    for word in words {
        let depth = word.strip_prefix('d').unwrap_or(word);
        if let Some(pos) = Pos::from_name(word) {
            if let Some(digit) = start.digit(pos) {
                return Err(format!(
                    "{pos} holds {digit} from the start: the search never puts a digit there"
                ));
            }
            if next.cells.contains(pos) {
                next.cells.remove(pos);
            } else {
                next.cells.insert(pos);
            }
        } else if let Ok(depth) = depth.parse::<usize>()
            && (1..=81).contains(&depth)
        {
            next.depth = if next.depth == Some(depth) { None } else { Some(depth) };
        } else {
            return Err(format!(
                "\"{}\" is neither a cell (r1c1 to r9c9) nor a depth (1 to 81)",
                printable(word)
            ));
        }
    }
    Ok(next)
}

impl App {
    pub(super) fn update_step(&mut self, action: Action) {
        let Some(action) = self.update_tree(action) else { return };
        let Mode::Step(stepper) = &mut self.mode else { return };
        const OVER: &str = "The search is over: b steps back, Enter keeps the board, Esc leaves";
        match action {
            Action::StepForward if stepper.forward().is_none() => {
                self.say("The search is over; b steps back, Esc leaves");
            }
            Action::StepBack if !stepper.back() => {
                self.say("This is the start of the search");
            }
            Action::ToggleRun => stepper.toggle_run(),
            Action::Faster => stepper.faster(),
            Action::Slower => stepper.slower(),
            Action::RunToEnd | Action::Solve if !stepper.run_to_end() => self.say(OVER),
            Action::BackToBacktrack if !stepper.back_to_backtrack() => {
                self.say("No earlier backtrack to go back to");
            }
            Action::RunToBacktrack if !stepper.run_to_backtrack() => self.say(OVER),
            Action::ToDecisionStart => match stepper.to_decision_start() {
                Some(at) => self.say(format!(
                    "Back to step {}: the first guess of this decision",
                    grouped(at)
                )),
                None => self.say("No decision on the stack to go back to the start of"),
            },
            Action::AskStep => {
                stepper.pause();
                self.overlay = Some(Overlay::Line(LinePrompt {
                    asked: Asked::Step,
                    input: String::new(),
                }));
            }
            Action::AskBreakpoint => {
                stepper.pause();
                self.overlay = Some(Overlay::Line(LinePrompt {
                    asked: Asked::Breakpoints,
                    input: String::new(),
                }));
            }
            // A click on a cell sets or clears a breakpoint there.
            Action::Select(pos) if stepper.start().digit(pos).is_some() => {
                self.complain(format!(
                    "{pos} holds a digit from the start: the search never puts one there, so no breakpoint"
                ));
            }
            Action::Select(pos) => {
                let mut breakpoints = stepper.breakpoints().clone();
                let set = !breakpoints.cells.contains(pos);
                if set {
                    breakpoints.cells.insert(pos);
                } else {
                    breakpoints.cells.remove(pos);
                }
                stepper.set_breakpoints(breakpoints);
                self.say(if set {
                    format!("Breakpoint: runs stop when {pos} gets a digit (click again to clear)")
                } else {
                    format!("Breakpoint at {pos} cleared")
                });
            }
            Action::ToggleTree => {
                self.tree = Some(TreeScreen::default());
                self.say(
                    "The tree of guesses: ↑↓ move, ←→ shut / open, Enter goes to a guess's step (T or Esc: the board)",
                );
            }
            Action::CycleStrategy => {
                // The tree's nodes are named by their steps, which are another search's now.
                if let Some(tree) = &mut self.tree {
                    *tree = TreeScreen::default();
                }
                self.step_strategy = self.step_strategy.next();
                if let Ok(fresh) = stepper.restarted(self.step_strategy) {
                    **stepper = fresh;
                }
                self.say(format!(
                    "Strategy: {} ({}); the search starts again",
                    self.step_strategy,
                    self.step_strategy.about()
                ));
            }
            Action::ToggleProgram => self.toggle_program(),
            Action::CycleLanguage => {
                self.settings.language = self.settings.language.next();
                let text = format!(
                    "The program is written in its {} form (l switches)",
                    self.settings.language
                );
                self.setting_changed("program-language", &text);
            }
            Action::ExportTrace => self.export_trace(),
            Action::Race => self.start_race(),
            Action::KeepStepBoard => {
                self.tree = None;
                let board = stepper.board();
                let solved = stepper.last() == Some(Step::Solved) || stepper.is_back_at_solution();
                self.mode = Mode::Edit;
                if solved {
                    self.end_game(super::games::Outcome::GaveUp);
                }
                self.change_board(board);
                self.say(if solved {
                    "Kept the solution the search found (u undoes)"
                } else {
                    "Kept the search's board (u undoes)"
                });
            }
            Action::Cancel if stepper.is_running() => stepper.pause(),
            Action::Cancel => {
                self.tree = None;
                self.mode = Mode::Edit;
                self.say("Left step mode; the board is as it was");
            }
            _ => {}
        }
    }

    /// The keys of the tree screen, when it is on: moving through the tree, opening and shutting
    /// nodes, going to a guess's step. Any other action is handed back for step mode.
    fn update_tree(&mut self, action: Action) -> Option<Action> {
        let (Some(screen), Mode::Step(stepper)) = (&mut self.tree, &mut self.mode) else {
            return Some(action);
        };
        let tree = stepper.tree();
        let lines = screen.lines(tree, stepper.position());
        let at = screen.selected(tree, &lines);
        let Some(line) = lines.get(at) else { return Some(action) };
        let select = |i: usize| Selection::At(lines[i.min(lines.len() - 1)].node.placed_at);
        match action {
            Action::ListMove(delta) => screen.selection = select(at.saturating_add_signed(delta)),
            Action::ListTo(i) => screen.selection = select(i),
            Action::TreeIn => match line.shown {
                // Opening or shutting keeps the selection as it is (following, or on this node).
                Shown::Shut => {
                    screen.shut.remove(&line.node.placed_at);
                    screen.opened.insert(line.node.placed_at);
                }
                Shown::Opened => screen.selection = select(at + 1),
                Shown::Folded => self.say(format!(
                    "Folded to make room: of its {} only the sizes are kept",
                    counted_as(line.node.size.guesses.saturating_sub(1), "guess", "guesses")
                )),
                Shown::Leaf => self.say("No deeper guess was made from this one"),
            },
            Action::TreeOut => match (line.shown, tree.parent(line.id)) {
                (Shown::Opened, _) => {
                    screen.opened.remove(&line.node.placed_at);
                    screen.shut.insert(line.node.placed_at);
                }
                (_, Some(parent)) => screen.selection = Selection::At(tree.node(parent).placed_at),
                (_, None) => {}
            },
            Action::TreeFollow => {
                screen.selection = Selection::Follow;
                self.say("The tree follows the guess the search is on");
            }
            Action::TreeGo => {
                let (target, guess) = (line.node.placed_at, line.node.guess);
                screen.selection = Selection::At(target);
                let what = guess.map_or("the start".to_string(), |(pos, digit)| {
                    format!("the guess {pos}={digit}")
                });
                if stepper.go_to_step(target) {
                    if stepper.is_running() {
                        self.say(format!("Running to step {}: {what}", grouped(target)));
                    } else {
                        self.say(format!("At step {}: {what}", grouped(target)));
                    }
                } else {
                    self.say(format!("The search is at step {}: {what}", grouped(target)));
                }
            }
            Action::ToggleTree => {
                self.tree = None;
                self.say("The board (T: the tree of guesses)");
            }
            Action::Cancel if !stepper.is_running() => {
                self.tree = None;
                self.say("The board (T: the tree of guesses)");
            }
            other => return Some(other),
        }
        None
    }

    /// `r`: every strategy races on the board; step mode waits as it is.
    fn start_race(&mut self) {
        let Mode::Step(stepper) = &mut self.mode else { return };
        stepper.pause();
        match Race::new(stepper.start(), stepper.speed_index()) {
            Ok(race) => {
                if let Mode::Step(stepper) = std::mem::replace(&mut self.mode, Mode::Edit) {
                    self.mode = Mode::Race(Box::new(race), stepper);
                }
                self.say("Every strategy on this board: space runs them at the same pace, e each at full speed");
            }
            Err(contradiction) => self.complain(format!("No race: {contradiction}")),
        }
    }

    pub(super) fn update_race(&mut self, action: Action) {
        let Mode::Race(race, _) = &mut self.mode else { return };
        match action {
            Action::ToggleRun => race.toggle_run(),
            Action::StepForward => race.step(),
            Action::RunToEnd | Action::Solve => race.full_speed(),
            Action::Faster => race.faster(),
            Action::Slower => race.slower(),
            Action::Cancel | Action::Race => {
                if let Mode::Race(_, stepper) = std::mem::replace(&mut self.mode, Mode::Edit) {
                    self.mode = Mode::Step(stepper);
                }
                self.say("Back to step mode");
            }
            _ => {}
        }
    }

    /// `c`: the program beside the board on or off, or below 100 columns, the program's screen
    /// or the board.
    fn toggle_program(&mut self) {
        if self.size.0 < PROGRAM_BESIDE_WIDTH {
            self.program_screen = !self.program_screen;
            self.say(if self.program_screen {
                "The program and the call stack (c: the board)"
            } else {
                "The board (c: the program and the call stack)"
            });
        } else {
            self.settings.show_program = !self.settings.show_program;
            let text = if self.settings.show_program {
                "The program and the call stack show beside the board (c hides them)"
            } else {
                "The program is hidden (c shows it)"
            };
            self.setting_changed("show-program", text);
        }
    }

    pub(super) fn update_line(&mut self, mut line: LinePrompt, action: Action) {
        match action {
            Action::Input(c) if !c.is_control() && line.input.chars().count() < 200 => line.input.push(c),
            Action::Paste(text) => line.input.extend(text.chars().filter(|c| !c.is_control()).take(200)),
            Action::InputBackspace => {
                line.input.pop();
            }
            Action::Cancel => return,
            Action::Confirm => {
                // What was said about the line before (it was wrong) no longer holds.
                self.message = None;
                let Mode::Step(stepper) = &mut self.mode else { return };
                match line.asked {
                    Asked::Step => match line.input.trim().replace([',', '_'], "").parse::<u64>() {
                        Ok(target) if stepper.go_to_step(target) => {
                            if !stepper.is_running() {
                                let at = stepper.position();
                                self.say(format!("At step {}", grouped(at)));
                            }
                        }
                        Ok(target) if target == stepper.position() => self.say("The search is at that step"),
                        Ok(_) => self.say("The search ended before that step"),
                        Err(e) => {
                            let why = if *e.kind() == std::num::IntErrorKind::PosOverflow {
                                "is more steps than any search takes"
                            } else {
                                "is not a step number"
                            };
                            self.complain(format!("\"{}\" {why}", printable(line.input.trim())));
                            self.overlay = Some(Overlay::Line(line));
                        }
                    },
                    Asked::Breakpoints => {
                        match parse_breakpoints(&line.input, stepper.breakpoints(), stepper.start()) {
                            Ok(breakpoints) => {
                                let text = breakpoints.describe();
                                stepper.set_breakpoints(breakpoints);
                                self.say(format!("Breakpoints: {text}"));
                            }
                            Err(why) => {
                                self.complain(why);
                                self.overlay = Some(Overlay::Line(line));
                            }
                        }
                    }
                }
                return;
            }
            _ => {}
        }
        self.overlay = Some(Overlay::Line(line));
    }

    /// `w` in step mode: the search so far, as a trace file beside the puzzle's file (or in
    /// the working directory).
    fn export_trace(&mut self) {
        let Mode::Step(stepper) = &self.mode else { return };
        let (dir, stem) = self.beside_the_puzzle();
        let steps = stepper.position();
        self.ask(Effect::ExportTrace(ExportRequest {
            dir,
            stem,
            puzzle: stepper.start().clone(),
            strategy: stepper.strategy(),
            steps,
        }));
        self.say(format!("Writing a trace of {}…", counted(steps, "step")));
    }

    pub(super) fn trace_exported(&mut self, result: Result<(PathBuf, u64), String>) {
        match result {
            Ok((path, steps)) => {
                self.say(format!(
                    "Trace of {} written to {} (Esc, then o opens it to replay)",
                    counted(steps, "step"),
                    printable(&path.to_string_lossy())
                ));
            }
            Err(why) => self.complain(format!("The trace was not written: {why}")),
        }
    }

    /// A trace file was opened: its puzzle loads (asking first over unsaved work) and step
    /// mode replays it.
    pub(super) fn trace_read(&mut self, path: PathBuf, result: Result<Box<TraceFile>, String>) {
        let shown = printable(&path.to_string_lossy()).into_owned();
        let trace = match result {
            Ok(trace) => trace,
            Err(why) => {
                self.complain(format!("Cannot replay the trace {shown}: {why}"));
                return;
            }
        };
        let line = trace.puzzle.to_string();
        let Ok(parsed) = parse_document(line.as_bytes(), Some(sudoku_engine::Format::Line)) else {
            self.complain(format!("Cannot replay the trace {shown}: its puzzle does not read"));
            return;
        };
        let Some(mut doc) = Document::from_parsed(parsed, Origin::Trace(path), 0, None) else {
            self.complain(format!("Cannot replay the trace {shown}: its puzzle does not read"));
            return;
        };
        // The puzzle is what the trace holds: nothing to save unless it changes.
        doc.source.saved = doc.board.clone();
        if matches!(self.mode, Mode::Browse(_)) {
            self.mode = Mode::Edit;
        }
        let question = format!("Replay the trace {}?", doc.name());
        self.ask_then(Then::Replay(Box::new(doc), trace), &question);
    }

    /// Loads `doc` and replays `trace` on it in step mode.
    pub(super) fn replay(&mut self, doc: Document, trace: TraceFile) {
        self.replace_document(doc);
        let (strategy, steps, truncated) = (trace.strategy, trace.replay.steps.len() as u64, trace.replay.truncated);
        match Stepper::replaying(&trace.puzzle, strategy, trace.replay) {
            Ok(stepper) => {
                self.step_strategy = strategy;
                self.mode = Mode::Step(Box::new(stepper));
                self.say(format!(
                    "Replaying a trace of {}{} with {strategy}: each step is checked against the engine \
                     (n steps, space runs, e runs to the end)",
                    if truncated { "the first " } else { "" },
                    counted(steps, "step")
                ));
            }
            Err(contradiction) => self.complain(format!("The trace's puzzle has no solution: {contradiction}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakpoints_typed_toggle_cells_and_set_a_depth() {
        let empty = Board::empty();
        let b = parse_breakpoints("r5c3, R1C1 12", &Breakpoints::default(), &empty).unwrap();
        assert_eq!(b.describe(), "r1c1, r5c3, depth 12");
        let b = parse_breakpoints("r5c3 d12", &b, &empty).unwrap();
        assert_eq!(b.describe(), "r1c1", "typed again, they are cleared");
        assert_eq!(parse_breakpoints("  ", &b, &empty).unwrap(), Breakpoints::default());
        assert_eq!(
            parse_breakpoints("r10c1", &b, &empty).unwrap_err(),
            "\"r10c1\" is neither a cell (r1c1 to r9c9) nor a depth (1 to 81)"
        );
        assert!(parse_breakpoints("0", &b, &empty).is_err());
        let mut given = Board::empty();
        given.set(
            Pos::FIRST,
            sudoku_engine::Cell::Given(sudoku_engine::Digit::new(7).unwrap()),
        );
        assert_eq!(
            parse_breakpoints("r1c1", &b, &given).unwrap_err(),
            "r1c1 holds 7 from the start: the search never puts a digit there"
        );
    }
}
