//! Every key binding, in one table: the keymap looks keys up here, the help screen lists it, and
//! the footer shows its hints, so the three cannot disagree. Keys are named here apart from any
//! terminal library; the terminal side turns its key events into [`Key`]s.

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
    /// An instant solve running.
    Solving,
    /// Step mode.
    Step,
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
    /// The help screen's section.
    pub section: &'static str,
}

const fn bind(
    context: Context,
    keys: Keys,
    does: Does,
    shown: &'static str,
    help: &'static str,
    hint: Option<(&'static str, &'static str)>,
    section: &'static str,
) -> Binding {
    Binding {
        context,
        keys,
        does,
        shown,
        help,
        hint,
        section,
    }
}

use Context::*;
use Key::*;

const EDITING: &str = "Editing";
const MARKS: &str = "Solving by hand";
const FILES: &str = "Files";
const SOLVING: &str = "Solving";
const STEPPING: &str = "Step mode";
const RACING: &str = "The race of strategies";
const BROWSING: &str = "File browser";
const ANYWHERE: &str = "Anywhere";
const NONE: &str = "";

/// Every binding, most wanted first within each context.
pub static BINDINGS: &[Binding] = &[
    // --- editing ---
    bind(
        Edit,
        Keys::Of(&[Up, Char('k')]),
        Does::Act(Action::Move(crate::app::Direction::Up)),
        "←↑↓→ hjkl",
        "move the cursor (a click selects)",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Down, Char('j')]),
        Does::Act(Action::Move(crate::app::Direction::Down)),
        "",
        "",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Left, Char('h')]),
        Does::Act(Action::Move(crate::app::Direction::Left)),
        "",
        "",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Right, Char('l')]),
        Does::Act(Action::Move(crate::app::Direction::Right)),
        "",
        "",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Digit,
        Does::Digit,
        "1-9",
        "write a digit (an entry)",
        Some(("1-9", "digit")),
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('0'), Char('.'), Char('x'), Backspace, Delete]),
        Does::Act(Action::ClearCell),
        "0 . x ⌫ Del",
        "clear the cell",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('p')]),
        Does::Act(Action::TogglePuzzleEdit),
        "p",
        "puzzle edit: digits are givens",
        Some(("p", "givens")),
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('G')]),
        Does::Act(Action::KeepEntriesAsGivens),
        "G",
        "your entries become givens",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('c')]),
        Does::Act(Action::ClearEntries),
        "c",
        "clear your entries",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('C')]),
        Does::Act(Action::ClearAll),
        "C",
        "empty the board, type a puzzle",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('u')]),
        Does::Act(Action::Undo),
        "u",
        "undo",
        Some(("u", "undo")),
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Ctrl('r'), Ctrl('y')]),
        Does::Act(Action::Redo),
        "Ctrl-r Ctrl-y",
        "redo",
        None,
        EDITING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('N')]),
        Does::Act(Action::NewPuzzle),
        "N",
        "new puzzle: level, symmetry, make it",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('i')]),
        Does::Act(Action::Hint),
        "i",
        "hint: where, then why, then do it",
        Some(("i", "hint")),
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('!')]),
        Does::Act(Action::Check),
        "!",
        "check entries and marks",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('R')]),
        Does::Act(Action::ToggleRating),
        "R",
        "show / hide the puzzle's rating",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('L')]),
        Does::Act(Action::ToggleSolutionsLine),
        "L",
        "hide / show the live solutions line",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('m')]),
        Does::Act(Action::ToggleNotes),
        "m",
        "notes: 1-9 add or remove a mark",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('M')]),
        Does::Act(Action::FillMarks),
        "M",
        "mark the possible digits of every cell without marks",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('E')]),
        Does::Act(Action::ClearMarks),
        "E",
        "erase every mark",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('v')]),
        Does::Act(Action::CycleMarksView),
        "v",
        "show your marks / computed ones",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('a')]),
        Does::Act(Action::ToggleRemoveMarks),
        "a",
        "a digit written leaves peers' marks",
        None,
        MARKS,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('s')]),
        Does::Act(Action::Solve),
        "s",
        "solve now (Esc cancels)",
        Some(("s", "solve")),
        SOLVING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('n')]),
        Does::Act(Action::StepForward),
        "n",
        "step mode: watch the search (depth: decisions on the stack)",
        Some(("n", "step")),
        SOLVING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('t')]),
        Does::Act(Action::CycleStrategy),
        "t",
        "solving strategy: naive mrv dlx fast",
        None,
        SOLVING,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('o')]),
        Does::Act(Action::Open),
        "o",
        "open a file or a built-in",
        Some(("o", "open")),
        FILES,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('w')]),
        Does::Act(Action::Save),
        "w",
        "save (entries: a .swb file)",
        Some(("w", "save")),
        FILES,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('W')]),
        Does::Act(Action::SaveAs),
        "W",
        "save as (Tab: format)",
        None,
        FILES,
    ),
    bind(
        Edit,
        Keys::Of(&[Char('[')]),
        Does::Act(Action::PreviousPuzzle),
        "[ ]",
        "previous / next of a collection",
        None,
        FILES,
    ),
    bind(
        Edit,
        Keys::Of(&[Char(']')]),
        Does::Act(Action::NextPuzzle),
        "",
        "",
        None,
        FILES,
    ),
    bind(Edit, Keys::Of(&[Esc]), Does::Act(Action::Cancel), "", "", None, NONE),
    // --- an instant solve ---
    bind(
        Solving,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "Esc",
        "cancel the solve",
        Some(("Esc", "cancel")),
        SOLVING,
    ),
    // --- a file being read ---
    bind(
        Reading,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "Esc",
        "stop reading a file being opened (the board stays)",
        Some(("Esc", "stop reading")),
        FILES,
    ),
    // --- a new puzzle ---
    bind(
        NewPuzzle,
        Keys::Of(&[Up, Char('k')]),
        Does::Act(Action::ListMove(-1)),
        "",
        "",
        Some(("↑↓", "choose")),
        NONE,
    ),
    bind(
        NewPuzzle,
        Keys::Of(&[Down, Char('j'), Tab]),
        Does::Act(Action::ListMove(1)),
        "",
        "",
        None,
        NONE,
    ),
    bind(
        NewPuzzle,
        Keys::Of(&[Left, Char('h')]),
        Does::Act(Action::Adjust(-1)),
        "",
        "",
        Some(("←→", "change")),
        NONE,
    ),
    bind(
        NewPuzzle,
        Keys::Of(&[Right, Char('l'), Char(' ')]),
        Does::Act(Action::Adjust(1)),
        "",
        "",
        None,
        NONE,
    ),
    bind(
        NewPuzzle,
        Keys::Of(&[Enter]),
        Does::Act(Action::Confirm),
        "",
        "",
        Some(("Enter", "make it")),
        NONE,
    ),
    bind(
        NewPuzzle,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "cancel")),
        NONE,
    ),
    bind(
        Generating,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "cancel")),
        NONE,
    ),
    // --- the puzzle solved ---
    bind(
        Solved,
        Keys::Of(&[Enter, Esc, Char(' ')]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Enter", "close")),
        NONE,
    ),
    // --- step mode ---
    bind(
        Step,
        Keys::Of(&[Char('n'), Right]),
        Does::Act(Action::StepForward),
        "n →",
        "one step forward",
        Some(("n", "step")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('b'), Left]),
        Does::Act(Action::StepBack),
        "b ←",
        "one step back",
        Some(("b", "back")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char(' ')]),
        Does::Act(Action::ToggleRun),
        "space",
        "run / pause",
        Some(("space", "run")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('+'), Char('='), Up]),
        Does::Act(Action::Faster),
        "+ - ↑ ↓",
        "faster / slower (1, 2, 5, 10...)",
        Some(("+-", "speed")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('-'), Char('_'), Down]),
        Does::Act(Action::Slower),
        "",
        "",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('e'), Char('s')]),
        Does::Act(Action::RunToEnd),
        "e",
        "run to the next solution",
        Some(("e", "end")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char(']')]),
        Does::Act(Action::RunToBacktrack),
        "[ ]",
        "back to the last / on to the next backtrack",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('[')]),
        Does::Act(Action::BackToBacktrack),
        "",
        "",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('g')]),
        Does::Act(Action::AskStep),
        "g",
        "go to step N (typed)",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('d')]),
        Does::Act(Action::ToDecisionStart),
        "d",
        "back to the first guess of this decision (pressed again: of the decision before it)",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('x')]),
        Does::Act(Action::AskBreakpoint),
        "x",
        "breakpoints: a cell gets a digit, a depth (a click sets a cell)",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Enter]),
        Does::Act(Action::KeepStepBoard),
        "Enter",
        "keep the search's board",
        Some(("Enter", "keep")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "Esc",
        "leave, the board as before",
        Some(("Esc", "leave")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('t')]),
        Does::Act(Action::CycleStrategy),
        "t",
        "strategy: start again with it",
        Some(("t", "strategy")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('c')]),
        Does::Act(Action::ToggleProgram),
        "c",
        "the program and call stack (beside the board, or its own screen)",
        Some(("c", "code")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('l')]),
        Does::Act(Action::CycleLanguage),
        "l",
        "the program in C++ or Python form",
        None,
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('r')]),
        Does::Act(Action::Race),
        "r",
        "race every strategy on this board",
        Some(("r", "race")),
        STEPPING,
    ),
    bind(
        Step,
        Keys::Of(&[Char('w')]),
        Does::Act(Action::ExportTrace),
        "w",
        "write the search so far as a trace (o opens one to replay)",
        None,
        STEPPING,
    ),
    // --- the race ---
    bind(
        Race,
        Keys::Of(&[Char(' ')]),
        Does::Act(Action::ToggleRun),
        "space",
        "run / pause, every strategy at the same steps per second",
        Some(("space", "run")),
        RACING,
    ),
    bind(
        Race,
        Keys::Of(&[Char('e'), Char('s')]),
        Does::Act(Action::RunToEnd),
        "e",
        "each at full speed to the finish",
        Some(("e", "full speed")),
        RACING,
    ),
    bind(
        Race,
        Keys::Of(&[Char('n'), Right]),
        Does::Act(Action::StepForward),
        "n →",
        "one step each",
        Some(("n", "step")),
        RACING,
    ),
    bind(
        Race,
        Keys::Of(&[Char('+'), Char('='), Up]),
        Does::Act(Action::Faster),
        "+ - ↑ ↓",
        "faster / slower",
        Some(("+-", "speed")),
        RACING,
    ),
    bind(
        Race,
        Keys::Of(&[Char('-'), Char('_'), Down]),
        Does::Act(Action::Slower),
        "",
        "",
        None,
        RACING,
    ),
    bind(
        Race,
        Keys::Of(&[Esc, Char('r')]),
        Does::Act(Action::Cancel),
        "Esc r",
        "back to step mode",
        Some(("Esc", "back")),
        RACING,
    ),
    // --- the file browser ---
    bind(
        Browse,
        Keys::Of(&[Up, Char('k')]),
        Does::Act(Action::ListMove(-1)),
        "↑↓ jk",
        "select (a click too; the wheel scrolls)",
        Some(("↑↓", "select")),
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[Down, Char('j')]),
        Does::Act(Action::ListMove(1)),
        "",
        "",
        None,
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[PageUp]),
        Does::Page(-1),
        "PgUp PgDn",
        "a page up / down",
        None,
        BROWSING,
    ),
    bind(Browse, Keys::Of(&[PageDown]), Does::Page(1), "", "", None, BROWSING),
    bind(
        Browse,
        Keys::Of(&[Home]),
        Does::Act(Action::ListTo(0)),
        "Home End",
        "the first / the last",
        None,
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[End]),
        Does::Act(Action::ListTo(usize::MAX)),
        "",
        "",
        None,
        BROWSING,
    ),
    bind(
        Browse,
        Keys::AnyDigit,
        Does::ListDigit,
        "0-9",
        "go to puzzle number (a collection)",
        None,
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[Enter, Right, Char('l')]),
        Does::Act(Action::ListOpen),
        "Enter → l",
        "open",
        Some(("Enter", "open")),
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[Backspace, Left, Char('h')]),
        Does::Act(Action::ListBack),
        "⌫ ← h",
        "up a directory, or back",
        Some(("⌫", "back")),
        BROWSING,
    ),
    bind(
        Browse,
        Keys::Of(&[Esc, Char('q'), Char('o')]),
        Does::Act(Action::Cancel),
        "Esc q o",
        "close the browser",
        Some(("Esc", "close")),
        BROWSING,
    ),
    // --- the help screen ---
    bind(
        Help,
        Keys::Of(&[Up, Char('k')]),
        Does::Act(Action::ListMove(-1)),
        "",
        "",
        Some(("↑↓", "scroll")),
        NONE,
    ),
    bind(
        Help,
        Keys::Of(&[Down, Char('j')]),
        Does::Act(Action::ListMove(1)),
        "",
        "",
        None,
        NONE,
    ),
    bind(Help, Keys::Of(&[PageUp]), Does::Page(-1), "", "", None, NONE),
    bind(
        Help,
        Keys::Of(&[PageDown, Char(' ')]),
        Does::Page(1),
        "",
        "",
        None,
        NONE,
    ),
    bind(
        Help,
        Keys::Of(&[Home]),
        Does::Act(Action::ListTo(0)),
        "",
        "",
        None,
        NONE,
    ),
    bind(
        Help,
        Keys::Of(&[Esc, Enter, Char('?'), Char('q')]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "close")),
        NONE,
    ),
    // --- questions ---
    bind(
        Question,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "cancel")),
        NONE,
    ),
    bind(Question, Keys::AnyChar, Does::Answer, "", "", None, NONE),
    // --- the save prompt ---
    bind(
        Line,
        Keys::Of(&[Enter]),
        Does::Act(Action::Confirm),
        "",
        "",
        Some(("Enter", "go")),
        NONE,
    ),
    bind(
        Line,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "cancel")),
        NONE,
    ),
    bind(
        Line,
        Keys::Of(&[Backspace]),
        Does::Act(Action::InputBackspace),
        "",
        "",
        None,
        NONE,
    ),
    bind(Line, Keys::AnyChar, Does::Input, "", "", None, NONE),
    bind(
        Prompt,
        Keys::Of(&[Enter]),
        Does::Act(Action::Confirm),
        "",
        "",
        Some(("Enter", "save")),
        NONE,
    ),
    bind(
        Prompt,
        Keys::Of(&[Tab]),
        Does::Act(Action::NextFormat),
        "",
        "",
        Some(("Tab", "format")),
        NONE,
    ),
    bind(
        Prompt,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "cancel")),
        NONE,
    ),
    bind(
        Prompt,
        Keys::Of(&[Backspace]),
        Does::Act(Action::InputBackspace),
        "",
        "",
        None,
        NONE,
    ),
    bind(Prompt, Keys::AnyChar, Does::Input, "", "", None, NONE),
    // --- recovered work ---
    bind(
        Recovery,
        Keys::Of(&[Up, Char('k')]),
        Does::Act(Action::ListMove(-1)),
        "",
        "",
        Some(("↑↓", "select")),
        NONE,
    ),
    bind(
        Recovery,
        Keys::Of(&[Down, Char('j')]),
        Does::Act(Action::ListMove(1)),
        "",
        "",
        None,
        NONE,
    ),
    bind(
        Recovery,
        Keys::Of(&[Char('y')]),
        Does::Act(Action::Answer('y')),
        "",
        "",
        Some(("y", "reopen")),
        NONE,
    ),
    bind(
        Recovery,
        Keys::Of(&[Char('d')]),
        Does::Act(Action::Answer('d')),
        "",
        "",
        Some(("d", "discard")),
        NONE,
    ),
    bind(
        Recovery,
        Keys::Of(&[Esc]),
        Does::Act(Action::Cancel),
        "",
        "",
        Some(("Esc", "later")),
        NONE,
    ),
    // --- anywhere ---
    bind(
        Anywhere,
        Keys::Of(&[Char('?')]),
        Does::Act(Action::Help),
        "?",
        "this help",
        Some(("?", "help")),
        ANYWHERE,
    ),
    bind(
        Anywhere,
        Keys::Of(&[Char('q')]),
        Does::Act(Action::Quit),
        "q",
        "quit (asks if unsaved)",
        Some(("q", "quit")),
        ANYWHERE,
    ),
    bind(
        Anywhere,
        Keys::Of(&[Ctrl('c')]),
        Does::Act(Action::ForceQuit),
        "Ctrl-c",
        "quit at once (unsaved work kept for next time)",
        None,
        ANYWHERE,
    ),
    bind(
        Anywhere,
        Keys::Of(&[Ctrl('z')]),
        Does::Act(Action::Suspend),
        "Ctrl-z",
        "suspend (fg comes back)",
        None,
        ANYWHERE,
    ),
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
        (Some(Overlay::Help(_)), _) => Help,
        (Some(Overlay::Question(_)), _) => Question,
        (Some(Overlay::Prompt(_)), _) => Prompt,
        (Some(Overlay::Line(_)), _) => Line,
        (Some(Overlay::Recovery(_)), _) => Recovery,
        (Some(Overlay::Solved), _) => Solved,
        (Some(Overlay::NewPuzzle(_)), _) => NewPuzzle,
        (None, Mode::Generating(_)) => Generating,
        (None, Mode::Edit) => Edit,
        (None, Mode::Solving(_)) => Solving,
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
    matches!(context, Prompt | Line | Question | Help | Recovery | NewPuzzle)
}

/// The binding of `key` in `context`, if it has one.
pub fn binding(context: Context, key: Key) -> Option<&'static Binding> {
    let here = BINDINGS.iter().find(|b| b.context == context && matches(b.keys, key));
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
    }
}

/// The footer's hints in `context`: its own, then those that work anywhere. A binding of
/// anywhere whose key `context` takes for itself (`q` closes the file browser) is left out: the
/// footer says only what the keys do here.
pub fn hints(context: Context) -> impl Iterator<Item = (&'static str, &'static str)> {
    let anywhere = !keeps_its_keys(context);
    BINDINGS
        .iter()
        .filter(move |b| b.context == context || anywhere && b.context == Anywhere && works_in(b, context))
        .filter_map(|b| b.hint)
}

/// Whether every key of `b` reaches `b` itself in `context` (none is taken by a binding there).
fn works_in(b: &'static Binding, context: Context) -> bool {
    match b.keys {
        Keys::Of(keys) => keys
            .iter()
            .all(|&key| binding(context, key).is_some_and(|found| std::ptr::eq(found, b))),
        _ => true,
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
            [EDITING, MARKS, SOLVING, FILES, STEPPING, RACING, BROWSING, ANYWHERE]
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
            Edit, Solving, Step, Race, Browse, Help, Question, Prompt, Line, Recovery, Solved, NewPuzzle, Generating,
        ];
        for context in contexts {
            for b in BINDINGS.iter().filter(|b| {
                b.hint.is_some_and(|hint| hints(context).any(|shown| shown == hint))
                    && (b.context == context || b.context == Anywhere)
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
