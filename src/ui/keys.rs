//! Every key binding, in one table: the keymap looks keys up here, the help screen lists it, and
//! the footer shows its hints, so the three cannot disagree. Keys are named here apart from any
//! terminal library; the terminal side turns its key events into [`Key`]s.

use crate::app::by_hand::{Awaiting, Input};
use crate::app::{Action, App, Mode, Overlay};

/// A key as the bindings name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character key (shifted or not).
    Char(char),
    /// A character with Control held.
    Ctrl(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
}

/// Which keys a binding matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// These keys.
    Of(&'static [Key]),
    /// A digit 1 to 9.
    Digit,
    /// A digit 0 to 9.
    AnyDigit,
    /// Any character without Control.
    AnyChar,
}

/// Where a binding applies: what is on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Editing the board.
    Edit,
    /// Digit-first input: a digit chosen, cells to put it in (the keys of editing work too).
    DigitFirst,
    /// A digit asked for (the filter's, digit first's, a candidate's to colour).
    PickDigit,
    /// A colour asked for (a cell's or a candidate's).
    PickColour,
    /// The game paused, the board hidden.
    Paused,
    /// An instant solve running.
    Solving,
    /// Step mode.
    Step,
    /// Step mode's tree of guesses.
    Tree,
    /// The race of strategies.
    Race,
    /// The file browser.
    Browse,
    /// The help screen.
    Help,
    /// A question.
    Question,
    /// The save prompt.
    Prompt,
    /// A line typed in step mode (a step, breakpoints).
    Line,
    /// The offer of recovered work.
    Recovery,
    /// The puzzle solved by hand.
    Solved,
    /// The new-puzzle dialog.
    NewPuzzle,
    /// The statistics of the games played.
    Stats,
    /// A new puzzle being made.
    Generating,
    /// A file being read.
    Reading,
    /// Everywhere but where text is typed (a prompt).
    Anywhere,
}

/// What a binding does with the key pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
// One value per user action, never held in bulk: its size does not matter, boxing would only
// add noise.
#[allow(clippy::large_enum_variant)]
pub enum Does {
    /// This action.
    Act(Action),
    /// Writes the digit pressed.
    Digit,
    /// Types the digit pressed into a list (a puzzle number).
    ListDigit,
    /// Answers a question with the character pressed.
    Answer,
    /// Types the character pressed into a prompt.
    Input,
    /// Moves a list a page up (-1) or down (1); the page is what fits on screen.
    Page(i8),
    /// Chooses the colour of the letter pressed.
    Colour,
}

/// Whether a footer hint gives way when the footer is short of room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Footer {
    /// Shown while there is room, in the table's order.
    IfRoom,
    /// Shown at any width (64 columns too), after the others: what a player must always find.
    Always,
}

/// One binding.
#[derive(Clone, Debug)]
pub struct Binding {
    /// Where it applies.
    pub context: Context,
    /// The keys.
    pub keys: Keys,
    /// What it does.
    pub does: Does,
    /// The keys as the help screen writes them; empty to leave the binding out of help (its
    /// keys are written with another binding's).
    pub shown: &'static str,
    /// What the help screen says it does.
    pub help: &'static str,
    /// The footer's hint, keys and a word or two, for the bindings the footer shows (in the
    /// order of this table, most wanted first).
    pub hint: Option<(&'static str, &'static str)>,
    /// Whether the hint gives way when the footer is short of room.
    pub footer: Footer,
    /// The help screen's section.
    pub section: &'static str,
}

/// A binding of `keys` in `context` that does `does`, on neither the help screen nor the footer
/// until [`Binding::help`] and [`Binding::hint`] put it there: one short line of the table each.
const fn on(context: Context, keys: &'static [Key], does: Does) -> Binding {
    on_any(context, Keys::Of(keys), does)
}

/// [`on`] for keys named by kind (a digit, any character) rather than listed.
const fn on_any(context: Context, keys: Keys, does: Does) -> Binding {
    Binding {
        context,
        keys,
        does,
        shown: "",
        help: "",
        hint: None,
        footer: Footer::IfRoom,
        section: NONE,
    }
}

/// Does `action`.
const fn act(action: Action) -> Does {
    Does::Act(action)
}

impl Binding {
    /// The binding with its line on the help screen, in `section`: its keys as written there
    /// (`shown`) and what it does (`help`).
    const fn help(mut self, section: &'static str, shown: &'static str, help: &'static str) -> Binding {
        self.section = section;
        self.shown = shown;
        self.help = help;
        self
    }

    /// The binding with a hint in the footer: its keys and a word or two.
    const fn hint(mut self, keys: &'static str, word: &'static str) -> Binding {
        self.hint = Some((keys, word));
        self
    }

    /// The binding with its hint in the footer at any width.
    const fn always(mut self) -> Binding {
        self.footer = Footer::Always;
        self
    }
}

use crate::app::Direction;
use Context::*;
use Key::*;

const EDITING: &str = "Editing";
const MARKS: &str = "Solving by hand";
const DIGIT_FIRST: &str = "Digit first";
const FILES: &str = "Files";
const SOLVING: &str = "Solving";
const STEPPING: &str = "Step mode";
const TREE: &str = "The tree of guesses (step mode, T)";
const RACING: &str = "The race of strategies";
const BROWSING: &str = "File browser";
const ANYWHERE: &str = "Anywhere";
const NONE: &str = "";

/// Every binding, most wanted first within each context, one a line (kept so by hand: the
/// formatter would spread each over nine).
#[rustfmt::skip]
pub static BINDINGS: &[Binding] = &[
    // --- editing ---
    on(Edit, &[Up, Char('k')], act(Action::Move(Direction::Up))).help(EDITING, "←↑↓→ hjkl", "move the cursor (a click selects)"),
    on(Edit, &[Down, Char('j')], act(Action::Move(Direction::Down))),
    on(Edit, &[Left, Char('h')], act(Action::Move(Direction::Left))),
    on(Edit, &[Right, Char('l')], act(Action::Move(Direction::Right))),
    on_any(Edit, Keys::Digit, Does::Digit).help(EDITING, "1-9", "write a digit (an entry)").hint("1-9", "digit"),
    on(Edit, &[Char('0'), Char('.'), Char('x'), Backspace, Delete], act(Action::ClearCell)).help(EDITING, "0 . x ⌫ Del", "clear the cell"),
    on(Edit, &[Char('p')], act(Action::TogglePuzzleEdit)).help(EDITING, "p", "puzzle edit: digits are givens"),
    on(Edit, &[Char('G')], act(Action::KeepEntriesAsGivens)).help(EDITING, "G", "your entries become givens"),
    on(Edit, &[Char('c')], act(Action::ClearEntries)).help(EDITING, "c", "clear your entries"),
    on(Edit, &[Char('C')], act(Action::ClearAll)).help(EDITING, "C", "empty the board, type a puzzle"),
    on(Edit, &[Char('u')], act(Action::Undo)).help(EDITING, "u", "undo").hint("u", "undo"),
    on(Edit, &[Ctrl('r'), Ctrl('y')], act(Action::Redo)).help(EDITING, "Ctrl-r Ctrl-y", "redo"),
    on(Edit, &[Char('N')], act(Action::NewPuzzle)).help(MARKS, "N", "new puzzle: level, symmetry, make it").hint("N", "new").always(),
    on(Edit, &[Char('S')], act(Action::ShowStats)).help(MARKS, "S", "statistics of the games played"),
    on(Edit, &[Char('i')], act(Action::Hint)).help(MARKS, "i", "hint: where, then why (the filter shows its digits), then do it").hint("i", "hint"),
    on(Edit, &[Char('f')], act(Action::Filter)).help(MARKS, "f", "filter: f then 1-9 shades where the digit can go and marks where it is (f f: the cursor's digit; f 0: off)").hint("f", "filter"),
    on(Edit, &[Char('d')], act(Action::DigitFirst)).help(MARKS, "d", "digit first: d then 1-9, then cell after cell (d d: the cursor's digit)").hint("d", "digit first"),
    on(Edit, &[Char('b')], act(Action::ColourCell)).help(MARKS, "b", "colour the cell: b then a b c d or their pairs' other sides A B C D (0: none, X: every colour off)").hint("b", "colour"),
    on(Edit, &[Char('B')], act(Action::ColourCandidate)).help(MARKS, "B", "colour a candidate: B, its digit (unless the filter shows one), then a colour"),
    on(Edit, &[Char('P')], act(Action::Pause)).help(MARKS, "P", "pause: the board hidden, the clock stopped").hint("P", "pause"),
    on(Edit, &[Char('!')], act(Action::Check)).help(MARKS, "!", "check entries and marks"),
    on(Edit, &[Char('R')], act(Action::ToggleRating)).help(MARKS, "R", "show / hide the puzzle's rating"),
    on(Edit, &[Char('L')], act(Action::ToggleSolutionsLine)).help(MARKS, "L", "show / hide the live solutions line while solving (puzzle edit always shows it)"),
    on(Edit, &[Char('m')], act(Action::ToggleNotes)).help(MARKS, "m", "notes: 1-9 add or remove a mark"),
    on(Edit, &[Char('M')], act(Action::FillMarks)).help(MARKS, "M", "mark the possible digits of every cell without marks"),
    on(Edit, &[Char('E')], act(Action::ClearMarks)).help(MARKS, "E", "erase every mark"),
    on(Edit, &[Char('v')], act(Action::CycleMarksView)).help(MARKS, "v", "show your marks / computed ones"),
    on(Edit, &[Char('a')], act(Action::ToggleRemoveMarks)).help(MARKS, "a", "a digit written leaves peers' marks"),
    on(Edit, &[Char('s')], act(Action::Solve)).help(SOLVING, "s", "solve now (Esc cancels)").hint("s", "solve"),
    on(Edit, &[Char('n')], act(Action::StepForward)).help(SOLVING, "n", "step mode: watch the search (depth: decisions on the stack)").hint("n", "step"),
    on(Edit, &[Char('t')], act(Action::CycleStrategy)).help(SOLVING, "t", "solving strategy: naive mrv dlx fast"),
    on(Edit, &[Char('o')], act(Action::Open)).help(FILES, "o", "open a file or a built-in").hint("o", "open").always(),
    on(Edit, &[Char('w')], act(Action::Save)).help(FILES, "w", "save (entries: a .swb file)").hint("w", "save").always(),
    on(Edit, &[Char('W')], act(Action::SaveAs)).help(FILES, "W", "save as (Tab: format)"),
    on(Edit, &[Char('[')], act(Action::PreviousPuzzle)).help(FILES, "[ ]", "previous / next of a collection"),
    on(Edit, &[Ctrl('p')], act(Action::Print)).help(FILES, "Ctrl-p", "print the puzzle: a PDF beside its file"),
    on(Edit, &[Char(']')], act(Action::NextPuzzle)),
    on(Edit, &[Esc], act(Action::Cancel)),
    // Space places a digit picked first; without one, the model says how to pick it.
    on(Edit, &[Char(' ')], act(Action::Place)),
    // Anywhere's q, kept in the footer while solving whatever its width (its help line is there).
    on(Edit, &[Char('q')], act(Action::Quit)).hint("q", "quit").always(),
    // --- digit first (the other keys are editing's) ---
    on(DigitFirst, &[Char(' '), Enter], act(Action::Place)).help(DIGIT_FIRST, "space Enter", "put the digit in the cell (a click: in the cell clicked), or its mark in notes mode; again: take it back").hint("space", "place").always(),
    on_any(DigitFirst, Keys::Digit, Does::Digit).help(DIGIT_FIRST, "1-9", "choose another digit").hint("1-9", "another"),
    on(DigitFirst, &[Esc, Char('d')], act(Action::DigitFirst)).help(DIGIT_FIRST, "Esc d", "end digit first").hint("Esc", "end").always(),
    // --- a digit asked for (f, d, B) ---
    on_any(PickDigit, Keys::Digit, Does::Digit).hint("1-9", "digit"),
    on(PickDigit, &[Enter, Char(' ')], act(Action::Confirm)).hint("Enter", "the cursor's"),
    on(PickDigit, &[Char('f')], act(Action::Filter)),
    on(PickDigit, &[Char('d')], act(Action::DigitFirst)),
    on(PickDigit, &[Char('0'), Char('.'), Char('x'), Backspace, Delete], act(Action::ClearCell)).hint("0", "none"),
    on(PickDigit, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    // --- a colour asked for (b, B) ---
    on(PickColour, &[Char('a'), Char('b'), Char('c'), Char('d'), Char('A'), Char('B'), Char('C'), Char('D')], Does::Colour).hint("a-d A-D", "colour"),
    on(PickColour, &[Char('0'), Char('.'), Char('x'), Backspace, Delete], act(Action::ClearCell)).hint("0", "none"),
    on(PickColour, &[Char('X')], act(Action::ClearColours)).hint("X", "all off"),
    on(PickColour, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    // --- the game paused ---
    on(Paused, &[Char('P'), Esc, Enter, Char(' ')], act(Action::Pause)).hint("P", "go on"),
    on(Paused, &[Char('q')], act(Action::Quit)).hint("q", "quit"),
    // --- an instant solve ---
    on(Solving, &[Esc], act(Action::Cancel)).help(SOLVING, "Esc", "cancel the solve").hint("Esc", "cancel"),
    // --- a file being read ---
    on(Reading, &[Esc], act(Action::Cancel)).help(FILES, "Esc", "stop reading a file being opened (the board stays)").hint("Esc", "stop reading"),
    // --- a new puzzle ---
    on(NewPuzzle, &[Up, Char('k')], act(Action::ListMove(-1))).hint("↑↓", "choose"),
    on(NewPuzzle, &[Down, Char('j'), Tab], act(Action::ListMove(1))),
    on(NewPuzzle, &[Left, Char('h')], act(Action::Adjust(-1))).hint("←→", "change"),
    on(NewPuzzle, &[Right, Char('l'), Char(' ')], act(Action::Adjust(1))),
    on(NewPuzzle, &[Enter], act(Action::Confirm)).hint("Enter", "make it"),
    on(NewPuzzle, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    on(Generating, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    // --- the statistics ---
    on(Stats, &[Up, Char('k')], act(Action::ListMove(-1))).hint("↑↓", "level"),
    on(Stats, &[Down, Char('j')], act(Action::ListMove(1))),
    on(Stats, &[Esc, Enter, Char('S'), Char('q')], act(Action::Cancel)).hint("Esc", "close"),
    // --- the puzzle solved ---
    on(Solved, &[Enter, Esc, Char(' ')], act(Action::Cancel)).hint("Enter", "close"),
    // --- step mode ---
    on(Step, &[Char('n'), Right], act(Action::StepForward)).help(STEPPING, "n →", "one step forward").hint("n", "step"),
    on(Step, &[Char('b'), Left], act(Action::StepBack)).help(STEPPING, "b ←", "one step back").hint("b", "back"),
    on(Step, &[Char(' ')], act(Action::ToggleRun)).help(STEPPING, "space", "run / pause").hint("space", "run"),
    on(Step, &[Char('+'), Char('='), Up], act(Action::Faster)).help(STEPPING, "+ - ↑ ↓", "faster / slower (1, 2, 5, 10...)").hint("+-", "speed"),
    on(Step, &[Char('-'), Char('_'), Down], act(Action::Slower)),
    on(Step, &[Char('e'), Char('s')], act(Action::RunToEnd)).help(STEPPING, "e", "run to the next solution").hint("e", "end"),
    on(Step, &[Char(']')], act(Action::RunToBacktrack)).help(STEPPING, "[ ]", "back to the last / on to the next backtrack"),
    on(Step, &[Char('[')], act(Action::BackToBacktrack)),
    on(Step, &[Char('g')], act(Action::AskStep)).help(STEPPING, "g", "go to step N (typed)"),
    on(Step, &[Char('d')], act(Action::ToDecisionStart)).help(STEPPING, "d", "back to the first guess of this decision (pressed again: of the decision before it)"),
    on(Step, &[Char('x')], act(Action::AskBreakpoint)).help(STEPPING, "x", "breakpoints: a cell gets a digit, a depth (a click sets a cell)"),
    on(Step, &[Enter], act(Action::KeepStepBoard)).help(STEPPING, "Enter", "keep the search's board").hint("Enter", "keep"),
    on(Step, &[Esc], act(Action::Cancel)).help(STEPPING, "Esc", "leave, the board as before").hint("Esc", "leave"),
    on(Step, &[Char('t')], act(Action::CycleStrategy)).help(STEPPING, "t", "strategy: start again with it").hint("t", "strategy"),
    on(Step, &[Char('c')], act(Action::ToggleProgram)).help(STEPPING, "c", "the program and call stack (beside the board, or its own screen)").hint("c", "code"),
    on(Step, &[Char('l')], act(Action::CycleLanguage)).help(STEPPING, "l", "the program in C++ or Python form"),
    on(Step, &[Char('T')], act(Action::ToggleTree)).help(STEPPING, "T", "the tree of guesses: dead ends and why, sizes of what was tried").hint("T", "tree"),
    on(Step, &[Char('r')], act(Action::Race)).help(STEPPING, "r", "race every strategy on this board").hint("r", "race"),
    on(Step, &[Char('w')], act(Action::ExportTrace)).help(STEPPING, "w", "write the search so far as a trace (o opens one to replay)"),
    // --- the tree of guesses ---
    on(Tree, &[Up, Char('k')], act(Action::ListMove(-1))).help(TREE, "↑↓ jk", "select a guess (the wheel scrolls)").hint("↑↓", "select"),
    on(Tree, &[Down, Char('j')], act(Action::ListMove(1))),
    on(Tree, &[PageUp], Does::Page(-1)).help(TREE, "PgUp PgDn", "a page up / down"),
    on(Tree, &[PageDown], Does::Page(1)),
    on(Tree, &[Home], act(Action::ListTo(0))).help(TREE, "Home End", "the start / the last line"),
    on(Tree, &[End], act(Action::ListTo(usize::MAX))),
    on(Tree, &[Right, Char('l')], act(Action::TreeIn)).help(TREE, "→ l", "open the guess (show the guesses below it), or go into it").hint("←→", "shut/open"),
    on(Tree, &[Left, Char('h')], act(Action::TreeOut)).help(TREE, "← h", "shut the guess, or go up to the guess above it"),
    on(Tree, &[Enter], act(Action::TreeGo)).help(TREE, "Enter", "take the search to the step of the guess (back at once, forward by running)").hint("Enter", "go there"),
    on(Tree, &[Char('f')], act(Action::TreeFollow)).help(TREE, "f", "select the guess the search is on, and follow it"),
    on(Tree, &[Char('n')], act(Action::StepForward)).help(TREE, "n b", "one step forward / back").hint("n", "step"),
    on(Tree, &[Char('b')], act(Action::StepBack)),
    on(Tree, &[Char(' ')], act(Action::ToggleRun)).help(TREE, "space", "run / pause").hint("space", "run"),
    on(Tree, &[Char('+'), Char('=')], act(Action::Faster)).help(TREE, "+ -", "faster / slower"),
    on(Tree, &[Char('-'), Char('_')], act(Action::Slower)),
    on(Tree, &[Char('e'), Char('s')], act(Action::RunToEnd)).help(TREE, "e", "run to the next solution"),
    on(Tree, &[Char(']')], act(Action::RunToBacktrack)).help(TREE, "[ ]", "back to the last / on to the next backtrack"),
    on(Tree, &[Char('[')], act(Action::BackToBacktrack)),
    on(Tree, &[Char('g')], act(Action::AskStep)).help(TREE, "g", "go to step N (typed)"),
    on(Tree, &[Char('T')], act(Action::ToggleTree)).help(TREE, "T Esc", "back to the board (Esc first pauses a run)").hint("T", "board"),
    on(Tree, &[Esc], act(Action::Cancel)),
    // --- the race ---
    on(Race, &[Char(' ')], act(Action::ToggleRun)).help(RACING, "space", "run / pause, every strategy at the same steps per second").hint("space", "run"),
    on(Race, &[Char('e'), Char('s')], act(Action::RunToEnd)).help(RACING, "e", "each at full speed to the finish").hint("e", "full speed"),
    on(Race, &[Char('n'), Right], act(Action::StepForward)).help(RACING, "n →", "one step each").hint("n", "step"),
    on(Race, &[Char('+'), Char('='), Up], act(Action::Faster)).help(RACING, "+ - ↑ ↓", "faster / slower").hint("+-", "speed"),
    on(Race, &[Char('-'), Char('_'), Down], act(Action::Slower)),
    on(Race, &[Esc, Char('r')], act(Action::Cancel)).help(RACING, "Esc r", "back to step mode").hint("Esc", "back"),
    // --- the file browser ---
    on(Browse, &[Up, Char('k')], act(Action::ListMove(-1))).help(BROWSING, "↑↓ jk", "select (a click too; the wheel scrolls)").hint("↑↓", "select"),
    on(Browse, &[Down, Char('j')], act(Action::ListMove(1))),
    on(Browse, &[PageUp], Does::Page(-1)).help(BROWSING, "PgUp PgDn", "a page up / down"),
    on(Browse, &[PageDown], Does::Page(1)),
    on(Browse, &[Home], act(Action::ListTo(0))).help(BROWSING, "Home End", "the first / the last"),
    on(Browse, &[End], act(Action::ListTo(usize::MAX))),
    on_any(Browse, Keys::AnyDigit, Does::ListDigit).help(BROWSING, "0-9", "go to puzzle number (a collection)"),
    on(Browse, &[Enter, Right, Char('l')], act(Action::ListOpen)).help(BROWSING, "Enter → l", "open").hint("Enter", "open"),
    on(Browse, &[Backspace, Left, Char('h')], act(Action::ListBack)).help(BROWSING, "⌫ ← h", "up a directory, or back").hint("⌫", "back"),
    on(Browse, &[Esc, Char('q'), Char('o')], act(Action::Cancel)).help(BROWSING, "Esc q o", "close the browser").hint("Esc", "close"),
    // --- the help screen ---
    on(Help, &[Up, Char('k')], act(Action::ListMove(-1))).hint("↑↓", "scroll"),
    on(Help, &[Tab], act(Action::HelpPage)).hint("Tab", "keys / words"),
    on(Help, &[Down, Char('j')], act(Action::ListMove(1))),
    on(Help, &[PageUp], Does::Page(-1)),
    on(Help, &[PageDown, Char(' ')], Does::Page(1)),
    on(Help, &[Home], act(Action::ListTo(0))),
    on(Help, &[Esc, Enter, Char('?'), Char('q')], act(Action::Cancel)).hint("Esc", "close"),
    // --- questions ---
    on(Question, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    on_any(Question, Keys::AnyChar, Does::Answer),
    // --- the save prompt ---
    on(Line, &[Enter], act(Action::Confirm)).hint("Enter", "go"),
    on(Line, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    on(Line, &[Backspace], act(Action::InputBackspace)),
    on_any(Line, Keys::AnyChar, Does::Input),
    on(Prompt, &[Enter], act(Action::Confirm)).hint("Enter", "save"),
    on(Prompt, &[Tab], act(Action::NextFormat)).hint("Tab", "format"),
    on(Prompt, &[Esc], act(Action::Cancel)).hint("Esc", "cancel"),
    on(Prompt, &[Backspace], act(Action::InputBackspace)),
    on_any(Prompt, Keys::AnyChar, Does::Input),
    // --- recovered work ---
    on(Recovery, &[Up, Char('k')], act(Action::ListMove(-1))).hint("↑↓", "select"),
    on(Recovery, &[Down, Char('j')], act(Action::ListMove(1))),
    on(Recovery, &[Char('y')], act(Action::Answer('y'))).hint("y", "reopen"),
    on(Recovery, &[Char('d')], act(Action::Answer('d'))).hint("d", "discard"),
    on(Recovery, &[Esc], act(Action::Cancel)).hint("Esc", "later"),
    // --- anywhere ---
    on(Anywhere, &[Char('?')], act(Action::Help)).help(ANYWHERE, "?", "this help").hint("?", "help"),
    on(Anywhere, &[Char('q')], act(Action::Quit)).help(ANYWHERE, "q", "quit (asks if unsaved)").hint("q", "quit"),
    on(Anywhere, &[Ctrl('c')], act(Action::ForceQuit)).help(ANYWHERE, "Ctrl-c", "quit at once (unsaved work kept for next time)"),
    on(Anywhere, &[Ctrl('z')], act(Action::Suspend)).help(ANYWHERE, "Ctrl-z", "suspend (fg comes back)"),
];

/// The context of `app`: what takes the keys now.
pub fn context(app: &App) -> Context {
    match context_beneath(app) {
        _ if app.overlay.is_none() && app.reading.is_some() => Reading,
        context => context,
    }
}

/// The context of `app` but for a file being read: the keys typed meanwhile are those of the
/// screen beneath, kept for when the read is done.
pub fn context_beneath(app: &App) -> Context {
    match (&app.overlay, &app.mode) {
        (Some(Overlay::Help(_) | Overlay::Words(_)), _) => Help,
        (Some(Overlay::Question(_)), _) => Question,
        (Some(Overlay::Prompt(_)), _) => Prompt,
        (Some(Overlay::Line(_)), _) => Line,
        (Some(Overlay::Recovery(_)), _) => Recovery,
        (Some(Overlay::Solved), _) => Solved,
        (Some(Overlay::NewPuzzle(_)), _) => NewPuzzle,
        (Some(Overlay::Stats(_)), _) => Stats,
        (Some(Overlay::Paused), _) => Paused,
        (None, Mode::Generating(_)) => Generating,
        (None, Mode::Edit) => match (app.awaiting, app.input) {
            (Some(Awaiting::FilterDigit | Awaiting::FirstDigit | Awaiting::CandidateDigit), _) => PickDigit,
            (Some(Awaiting::CellColour | Awaiting::CandidateColour(_)), _) => PickColour,
            (None, Input::DigitFirst(_)) => DigitFirst,
            (None, Input::CellFirst) => Edit,
        },
        (None, Mode::Solving(_)) => Solving,
        (None, Mode::Step(_)) if app.tree.is_some() => Tree,
        (None, Mode::Step(_)) => Step,
        (None, Mode::Race(..)) => Race,
        (None, Mode::Browse(_)) => Browse,
    }
}

/// Whether `key` is one of `keys`.
fn matches(keys: Keys, key: Key) -> bool {
    match (keys, key) {
        (Keys::Of(list), key) => list.contains(&key),
        (Keys::Digit, Char(c)) => ('1'..='9').contains(&c),
        (Keys::AnyDigit, Char(c)) => c.is_ascii_digit(),
        (Keys::AnyChar, Char(_)) => true,
        _ => false,
    }
}

/// Whether Ctrl-c and Ctrl-z work in `context` (everywhere); the other keys of
/// [`Context::Anywhere`] work where no text or answer is typed.
fn anywhere_applies(context: Context, key: Key) -> bool {
    matches!(key, Ctrl(_)) || !keeps_its_keys(context)
}

/// Whether `context` takes every plain key for itself (text, answers, a dialog's choices), so
/// that the keys of [`Context::Anywhere`] other than Ctrl ones do not work there.
fn keeps_its_keys(context: Context) -> bool {
    matches!(
        context,
        Prompt | Line | Question | Help | Recovery | NewPuzzle | Stats | Paused
    )
}

/// The context whose keys `context` also has, after its own: digit first is editing with a
/// few keys of its own.
fn parent(context: Context) -> Option<Context> {
    match context {
        DigitFirst => Some(Edit),
        _ => None,
    }
}

/// The binding of `key` in `context`, if it has one.
pub fn binding(context: Context, key: Key) -> Option<&'static Binding> {
    let find = |context: Context| BINDINGS.iter().find(|b| b.context == context && matches(b.keys, key));
    let here = find(context).or_else(|| parent(context).and_then(find));
    here.or_else(|| {
        BINDINGS
            .iter()
            .filter(|_| anywhere_applies(context, key))
            .find(|b| b.context == Anywhere && matches(b.keys, key))
    })
}

/// The action `key` asks for in `context`; `page` is the lines a page holds.
pub fn action(context: Context, key: Key, page: usize) -> Option<Action> {
    let binding = binding(context, key)?;
    let c = match key {
        Char(c) => Some(c),
        _ => None,
    };
    match &binding.does {
        Does::Act(action) => Some(action.clone()),
        Does::Digit => c.and_then(sudoku_engine::Digit::from_char).map(Action::Digit),
        Does::ListDigit => c.map(Action::ListDigit),
        Does::Answer => c.map(Action::Answer),
        Does::Input => c.map(Action::Input),
        Does::Page(direction) => Some(Action::ListMove(isize::from(*direction) * page.max(1) as isize)),
        Does::Colour => c.and_then(sudoku_engine::Colour::from_letter).map(Action::Colour),
    }
}

/// The footer's hints in `context`: its own, then those of the context it extends, then those
/// that work anywhere. A binding whose key `context` takes for itself (`q` closes the file
/// browser) is left out: the footer says only what the keys do here.
pub fn hints(context: Context) -> impl Iterator<Item = (&'static str, &'static str)> {
    footer_hints(context).into_iter().map(|(hint, _)| hint)
}

/// [`hints`], each with whether it gives way when the footer is short of room.
pub fn footer_hints(context: Context) -> Vec<((&'static str, &'static str), Footer)> {
    let anywhere = !keeps_its_keys(context);
    let from = |of: Context| {
        BINDINGS
            .iter()
            .filter(move |b| b.context == of && works_in(b, context))
            .filter_map(|b| b.hint.map(|hint| (hint, b.footer)))
    };
    let mut hints: Vec<_> = from(context).collect();
    if let Some(parent) = parent(context) {
        hints.extend(from(parent));
    }
    if anywhere {
        hints.extend(from(Anywhere));
    }
    hints
}

/// Whether every key of `b` reaches `b` itself in `context` (none is taken by a binding there);
/// a binding of keys of a kind (any digit) is tried on one of them.
fn works_in(b: &'static Binding, context: Context) -> bool {
    let reaches = |key: Key| binding(context, key).is_some_and(|found| std::ptr::eq(found, b));
    match b.keys {
        Keys::Of(keys) => keys.iter().all(|&key| reaches(key)),
        Keys::Digit => reaches(Char('1')),
        Keys::AnyDigit => reaches(Char('0')),
        Keys::AnyChar => reaches(Char('a')),
    }
}

/// The help screen's sections, in order: each with its lines of keys and what they do.
pub fn help_sections() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    let mut sections: Vec<(&'static str, Vec<(&'static str, &'static str)>)> = Vec::new();
    for b in BINDINGS.iter().filter(|b| !b.shown.is_empty()) {
        match sections.iter_mut().find(|(name, _)| *name == b.section) {
            Some((_, lines)) => lines.push((b.shown, b.help)),
            None => sections.push((b.section, vec![(b.shown, b.help)])),
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_context_has_its_keys_and_the_first_binding_wins() {
        assert_eq!(
            action(Edit, Char('5'), 10),
            sudoku_engine::Digit::new(5).map(Action::Digit)
        );
        assert_eq!(action(Edit, Char('0'), 10), Some(Action::ClearCell));
        assert_eq!(action(Step, Char('n'), 10), Some(Action::StepForward));
        assert_eq!(action(Step, Char('5'), 10), None, "no typing while stepping");
        assert_eq!(action(Browse, Char('5'), 10), Some(Action::ListDigit('5')));
        assert_eq!(action(Browse, PageDown, 17), Some(Action::ListMove(17)));
        assert_eq!(
            action(Prompt, Char('q'), 10),
            Some(Action::Input('q')),
            "q is text in a prompt"
        );
        assert_eq!(action(Question, Char('n'), 10), Some(Action::Answer('n')));
        assert_eq!(action(Recovery, Char('n'), 10), None, "n does not answer the offer");
        assert_eq!(action(Recovery, Enter, 10), None, "nor does Enter");
        assert_eq!(action(Edit, Ctrl('c'), 10), Some(Action::ForceQuit));
        assert_eq!(action(Prompt, Ctrl('c'), 10), Some(Action::ForceQuit));
        assert_eq!(action(Edit, Ctrl('z'), 10), Some(Action::Suspend));
        assert_eq!(action(Help, Char('q'), 10), Some(Action::Cancel));
    }

    #[test]
    fn every_hint_and_help_line_is_a_key_that_works() {
        for b in BINDINGS {
            if b.hint.is_some() || !b.shown.is_empty() {
                assert!(
                    !matches!(b.keys, Keys::Of(list) if list.is_empty()),
                    "{:?} has no key",
                    b.does
                );
            }
        }
        let sections = help_sections();
        let names: Vec<_> = sections.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                EDITING,
                MARKS,
                SOLVING,
                FILES,
                DIGIT_FIRST,
                STEPPING,
                TREE,
                RACING,
                BROWSING,
                ANYWHERE
            ]
        );
        let step: Vec<_> = hints(Step).map(|(k, _)| k).collect();
        assert!(step.contains(&"Enter") && step.contains(&"Esc"), "{step:?}");
    }

    /// Each key a footer names does there what the footer says: the binding the hint belongs
    /// to is the one the key reaches in that context (in the browser, `q` closes the browser,
    /// so the footer must not offer `q quit` there).
    #[test]
    fn every_footer_hint_is_true_where_it_is_shown() {
        let contexts = [
            Edit, DigitFirst, PickDigit, PickColour, Paused, Solving, Step, Tree, Race, Browse, Help, Question, Prompt,
            Line, Recovery, Solved, NewPuzzle, Generating, Stats,
        ];
        for context in contexts {
            for b in BINDINGS.iter().filter(|b| {
                b.hint.is_some_and(|hint| hints(context).any(|shown| shown == hint))
                    && (b.context == context || b.context == Anywhere || Some(b.context) == parent(context))
            }) {
                if let Keys::Of(keys) = b.keys {
                    for &key in keys {
                        let reached = binding(context, key).map(|found| &found.does);
                        assert_eq!(reached, Some(&b.does), "{context:?}: {:?} says {:?}", key, b.hint);
                    }
                }
            }
        }
        let browse: Vec<_> = hints(Browse).collect();
        assert!(!browse.contains(&("q", "quit")), "{browse:?}");
        assert!(browse.contains(&("Esc", "close")), "{browse:?}");
        assert!(browse.contains(&("?", "help")), "{browse:?}");
        assert!(hints(Edit).any(|h| h == ("q", "quit")), "q still quits where it does");
    }
}
