//! The aids of a player solving by hand, as a desktop solver (HoDoKu) offers them: the digit
//! filter (where one digit can still go), colouring cells and candidates in pairs to follow a
//! chain, digit-first input (pick a digit, then place it in cell after cell), and the pause.
//! Each key that asks for a digit or a colour leaves what it waits for in [`Awaiting`]; the next
//! key answers it.

use super::hint::HintStage;
use super::history::Change;
use super::settings::MarksView;
use super::{Action, App, Overlay, Typing};
use crate::app::play::clock_text;
use sudoku_engine::{Cell, Colour, Colours, Digit, DigitSet, Pos};

/// What the next key answers, after a key that asks for a digit or a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    /// The digit of the filter (`f`).
    FilterDigit,
    /// The digit of digit-first input (`d`).
    FirstDigit,
    /// The digit of the cursor cell's candidate to colour (`B` without a filter of one digit).
    CandidateDigit,
    /// The colour of the cursor cell (`b`).
    CellColour,
    /// The colour of this candidate of the cursor cell.
    CandidateColour(Digit),
}

impl Awaiting {
    /// What is asked, for the message line.
    fn question(self, cursor: Pos) -> String {
        match self {
            Awaiting::FilterDigit => "Filter: which digit? 1-9 (f: the cursor's, 0: off, Esc: cancel)".into(),
            Awaiting::FirstDigit => "Digit first: which digit? 1-9 (d: the cursor's, 0: end, Esc: cancel)".into(),
            Awaiting::CandidateDigit => format!("Colour a candidate of {cursor}: which digit? 1-9 (Esc: cancel)"),
            Awaiting::CellColour => {
                format!("Colour {cursor}: a b c d, or its pair's other side A B C D (0: none, X: all off)")
            }
            Awaiting::CandidateColour(d) => {
                format!("Colour the {d} of {cursor}: a b c d, or A B C D (0: none, X: all off)")
            }
        }
    }
}

/// How digits are put on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Input {
    /// A cell, then a digit: the cursor's cell takes the digit typed.
    #[default]
    CellFirst,
    /// A digit, then cells: space, Enter or a click puts it (or its mark, in notes mode) in
    /// the cell; digits typed choose another digit.
    DigitFirst(Digit),
}

impl App {
    /// The candidates the aids see in each cell: the player's marks where they have some (less
    /// those the board's digits rule out), the computed candidates elsewhere; only the computed
    /// ones while the board shows those; while a hint shows why, the candidates it reasons from.
    pub fn possible(&self) -> [DigitSet; 81] {
        if let Some(hint) = self.hint.as_ref().filter(|h| h.stage == HintStage::Why) {
            return *hint.candidates.sets();
        }
        match self.settings.marks_view {
            MarksView::Mine => *super::hint::candidates_for(&self.doc.board, &self.doc.marks).0.sets(),
            MarksView::Computed => self.doc.board.all_candidates(),
        }
    }

    /// The keys of the aids, in edit mode: whether `action` was one.
    pub(super) fn update_by_hand(&mut self, action: &Action) -> bool {
        match action {
            Action::Filter => self.await_key(Awaiting::FilterDigit),
            Action::DigitFirst => match self.input {
                Input::DigitFirst(_) => self.end_digit_first(),
                Input::CellFirst => self.await_key(Awaiting::FirstDigit),
            },
            Action::ColourCell => self.await_key(Awaiting::CellColour),
            Action::ColourCandidate => match self.filter.iter().collect::<Vec<_>>()[..] {
                [d] => self.await_candidate_colour(d),
                _ => self.await_key(Awaiting::CandidateDigit),
            },
            Action::Pause => {
                self.overlay = Some(Overlay::Paused);
                self.say(format!(
                    "Paused at {}: the board is hidden and the clock stopped",
                    clock_text(self.doc.play.elapsed)
                ));
            }
            Action::Place => self.place_at(self.cursor),
            Action::PlaceAt(pos) => {
                self.cursor = *pos;
                self.place_at(*pos);
            }
            Action::Digit(d) if matches!(self.input, Input::DigitFirst(_)) => self.start_digit_first(*d),
            Action::Cancel if matches!(self.input, Input::DigitFirst(_)) => self.end_digit_first(),
            _ => return false,
        }
        true
    }

    fn await_key(&mut self, awaiting: Awaiting) {
        self.say(awaiting.question(self.cursor));
        self.awaiting = Some(awaiting);
    }

    /// Asks the colour of the candidate `d` of the cursor cell, if it is one.
    fn await_candidate_colour(&mut self, d: Digit) {
        if let Some(held) = self.doc.board.digit(self.cursor) {
            return self.complain(format!(
                "{} holds {held}: only an empty cell's candidates are coloured",
                self.cursor
            ));
        }
        if !self.possible()[self.cursor.index()].contains(d) {
            return self.complain(format!("{d} is not a candidate of {}", self.cursor));
        }
        self.await_key(Awaiting::CandidateColour(d));
    }

    /// The next key after one that asked for a digit or a colour: the answer, or anything else,
    /// which cancels the question (and does nothing more: a key typed by mistake after `f`
    /// should not also change the board).
    pub(super) fn answer_awaiting(&mut self, awaiting: Awaiting, action: Action) {
        match (awaiting, action) {
            (Awaiting::FilterDigit, Action::Digit(d)) => self.set_filter(DigitSet::single(d)),
            (Awaiting::FilterDigit, Action::Confirm | Action::Filter) => {
                if let Some(d) = self.cursor_digit("f") {
                    self.set_filter(DigitSet::single(d));
                }
            }
            (Awaiting::FilterDigit, Action::ClearCell) => self.set_filter(DigitSet::EMPTY),
            (Awaiting::FirstDigit, Action::Digit(d)) => self.start_digit_first(d),
            (Awaiting::FirstDigit, Action::Confirm | Action::DigitFirst) => {
                if let Some(d) = self.cursor_digit("d") {
                    self.start_digit_first(d);
                }
            }
            (Awaiting::FirstDigit, Action::ClearCell) => self.end_digit_first(),
            (Awaiting::CandidateDigit, Action::Digit(d)) => self.await_candidate_colour(d),
            (Awaiting::CellColour, Action::Colour(c)) => self.paint(None, Some(c)),
            (Awaiting::CellColour, Action::ClearCell) => self.paint(None, None),
            (Awaiting::CandidateColour(d), Action::Colour(c)) => self.paint(Some(d), Some(c)),
            (Awaiting::CandidateColour(d), Action::ClearCell) => self.paint(Some(d), None),
            (Awaiting::CellColour | Awaiting::CandidateColour(_), Action::ClearColours) => {
                if self.doc.colours.is_empty() {
                    self.say("No colours to take off");
                } else {
                    self.change_colours(Colours::NONE);
                    self.say("Every colour taken off (u undoes)");
                }
            }
            (_, Action::Cancel) => self.say("Cancelled"),
            // A click elsewhere: the question is given up, the cursor goes there.
            (_, Action::Select(pos)) => {
                self.cursor = pos;
                self.say("Cancelled");
            }
            (awaiting, _) => self.say(match awaiting {
                Awaiting::FilterDigit => "Filter not changed: f waits for a digit",
                Awaiting::FirstDigit => "Digit first not started: d waits for a digit",
                Awaiting::CandidateDigit => "Nothing coloured: B waits for a digit",
                Awaiting::CellColour | Awaiting::CandidateColour(_) => "Nothing coloured: b and B wait for a colour",
            }),
        }
    }

    /// The digit of the cursor cell, for `f f` and `d d`; `None`, said, in an empty cell.
    fn cursor_digit(&mut self, key: &str) -> Option<Digit> {
        let digit = self.doc.board.digit(self.cursor);
        if digit.is_none() {
            self.complain(format!("{} holds no digit: {key} then 1-9 chooses one", self.cursor));
        }
        digit
    }

    /// Shades where the digits of `digits` can go (none: the filter is off). A hint that lent
    /// the filter its digits no longer gives the filter back: it is the player's now.
    pub(super) fn set_filter(&mut self, digits: DigitSet) {
        if let Some(hint) = &mut self.hint {
            hint.lent_filter = None;
        }
        self.filter = digits;
        self.say(self.filter_words());
    }

    fn filter_words(&self) -> String {
        let possible = self.possible();
        let cells = Pos::all()
            .filter(|p| self.doc.board.digit(*p).is_none() && !possible[p.index()].intersection(self.filter).is_empty())
            .count();
        match self.filter.iter().collect::<Vec<_>>()[..] {
            [] => "Filter off".to_string(),
            [d] => {
                format!("Filter {d}: shaded where it can go ({cells} cells), highlighted where it is (f 0: off)")
            }
            _ => format!(
                "Filter {}: shaded where one of them can go ({cells} cells) (f 0: off)",
                crate::text::spaced(self.filter)
            ),
        }
    }

    fn start_digit_first(&mut self, d: Digit) {
        self.input = Input::DigitFirst(d);
        // Where the digit can go is what a player placing it wants to see.
        if let Some(hint) = &mut self.hint {
            hint.lent_filter = None;
        }
        self.filter = DigitSet::single(d);
        let what = if self.typing == Typing::Marks {
            "toggles its mark"
        } else {
            "puts it"
        };
        self.say(format!(
            "Digit first: {d}. Space, Enter or a click {what} in the cell; 1-9 another digit; d or Esc ends"
        ));
    }

    fn end_digit_first(&mut self) {
        self.input = Input::CellFirst;
        self.say("Digit first ended: digits go in the cursor's cell again");
    }

    /// Digit first: the chosen digit in the cell at `pos` (or its mark toggled, in notes
    /// mode); the digit there already is taken back, so that a second press undoes a slip.
    fn place_at(&mut self, pos: Pos) {
        let Input::DigitFirst(d) = self.input else {
            self.say("Space places a digit picked first: d then 1-9 picks it");
            return;
        };
        self.cursor = pos;
        match self.typing {
            Typing::Givens if self.doc.board.cell(pos) == Cell::Given(d) => self.set_cell(Cell::Empty),
            Typing::Givens => self.write(Cell::Given(d)),
            _ if self.doc.board.cell(pos).is_given() => self.refuse_given(),
            Typing::Entries if self.doc.board.cell(pos) == Cell::Entry(d) => self.set_cell(Cell::Empty),
            Typing::Entries => {
                self.write(Cell::Entry(d));
                self.check_solved();
            }
            Typing::Marks => self.toggle_mark(d),
        }
    }

    /// Paints the cursor cell (`digit` `None`) or its candidate `digit` with `colour` (`None`:
    /// takes the colour off); the same colour again takes it off.
    fn paint(&mut self, digit: Option<Digit>, colour: Option<Colour>) {
        let p = self.cursor;
        let mut colours = self.doc.colours;
        let before = match digit {
            Some(d) => colours.candidate(p, d),
            None => colours.cell(p),
        };
        let colour = colour.filter(|c| before != Some(*c));
        match digit {
            Some(d) => colours.set_candidate(p, d, colour),
            None => colours.set_cell(p, colour),
        }
        let what = digit.map_or_else(|| p.to_string(), |d| format!("the {d} of {p}"));
        match (colour, before) {
            (None, None) => return self.say(format!("{what} has no colour")),
            (Some(c), _) => self.say(format!("{what} coloured {c} (u undoes)")),
            (None, Some(_)) => self.say(format!("{what}: colour taken off (u undoes)")),
        }
        self.change_colours(colours);
    }

    /// Puts `colours` in the document as one undoable change.
    fn change_colours(&mut self, colours: Colours) {
        if colours != self.doc.colours {
            let before = std::mem::replace(&mut self.doc.colours, colours);
            self.history.record(Change::Colours(Box::new(before)));
        }
    }

    /// The pause, over the screen: any of its keys goes on.
    pub(super) fn update_paused(&mut self, action: Action) {
        match action {
            Action::Pause | Action::Cancel | Action::Confirm => {
                self.say("Going on: the clock runs again");
            }
            Action::Quit => self.update(Action::Quit),
            _ => self.overlay = Some(Overlay::Paused),
        }
    }
}
