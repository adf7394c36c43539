//! A lesson or a puzzle being played: which moves it accepts now, what it
//! says of a move it refuses, the scripted replies, and the stars earned.
//! The game itself is the caller's (the app plays it with its own board and
//! animations): a run only judges moves before they are played and names
//! the replies to play.

use std::collections::VecDeque;

use game_core::Seat;
use games::{Action, AnyGame, AnyOutcome};

use crate::lesson::{Finish, Lesson};
use crate::puzzle::{self, Puzzle, action_named};
use crate::solve::PuzzleKind;

/// What a run says of a move offered by the learner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Play it.
    Accepted,
    /// The rules forbid it: the rule's number (`R4`, `A6`) when the
    /// engine's reason names one, and the reason. Not played.
    Illegal {
        /// The rule broken, if the reason names it.
        rule: Option<String>,
        /// The engine's reason, in English.
        reason: String,
    },
    /// Legal, but not what the step is about: the text key of the sentence
    /// that says so. Not played.
    NotTheIdea(String),
    /// Not the learner's move now (replies are due, or the run is over).
    Waiting,
}

/// The first rule number (`R10`, `A6`) in an engine's reason.
#[must_use]
pub fn rule_in(reason: &str) -> Option<String> {
    reason.split(|c: char| !c.is_ascii_alphanumeric()).find_map(|word| {
        let (letter, digits) = word.split_at_checked(1)?;
        (matches!(letter, "R" | "A") && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
            .then(|| word.to_owned())
    })
}

/// Why `action` is illegal in `game` (played on a copy; the game is untouched).
fn illegal(game: &AnyGame, action: Action) -> Judgement {
    let reason = match game.clone().play(action) {
        Err(reason) => reason,
        Ok(_) => "not a legal move here".to_owned(),
    };
    Judgement::Illegal { rule: rule_in(&reason), reason }
}

/// Stars for a run with `mistakes` refused moves: 3 without any, 2 with one
/// or two, 1 beyond.
#[must_use]
pub fn stars_for(mistakes: u32) -> u8 {
    match mistakes {
        0 => 3,
        1 | 2 => 2,
        _ => 1,
    }
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct LessonRun {
    lesson: Lesson,
    learner: Seat,
    step: usize,
    replies: VecDeque<String>,
    mistakes: u32,
}

impl LessonRun {
    /// The run of `lesson` from its start, `game` being the lesson's game at
    /// its start ([`Lesson::start`]).
    #[must_use]
    pub fn new(lesson: Lesson, game: &AnyGame) -> LessonRun {
        LessonRun { lesson, learner: game.to_move(), step: 0, replies: VecDeque::new(), mistakes: 0 }
    }

    /// The lesson.
    #[must_use]
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The seat the learner plays.
    #[must_use]
    pub fn learner(&self) -> Seat {
        self.learner
    }

    /// Steps played (the current step's index, from 0).
    #[must_use]
    pub fn steps_played(&self) -> usize {
        self.step
    }

    /// The moves accepted now; empty while replies are due or once done.
    #[must_use]
    pub fn accepts(&self) -> &[String] {
        match self.lesson.steps.get(self.step) {
            Some(step) if self.replies.is_empty() => &step.accepts,
            _ => &[],
        }
    }

    /// The text key of the line of the last step played.
    #[must_use]
    pub fn line(&self) -> Option<&str> {
        self.step.checked_sub(1).map(|i| self.lesson.steps[i].line.as_str())
    }

    /// Judges the learner's `action` in `game` (the lesson's game now). An
    /// accepted move is to be played by the caller, then the replies
    /// ([`LessonRun::next_reply`]).
    pub fn judge(&mut self, game: &AnyGame, action: Action) -> Judgement {
        if self.accepts().is_empty() || game.to_move() != self.learner || game.outcome().is_some() {
            return Judgement::Waiting;
        }
        let Some(text) = game.action_text(action) else {
            self.mistakes += 1;
            return illegal(game, action);
        };
        if self.accepts().contains(&text) {
            self.replies = self.lesson.steps[self.step].replies.iter().cloned().collect();
            self.step += 1;
            Judgement::Accepted
        } else {
            self.mistakes += 1;
            Judgement::NotTheIdea(self.lesson.wrong.clone())
        }
    }

    /// The next scripted reply to play in `game`, taken off the script;
    /// `Ok(None)` when none is due.
    ///
    /// # Errors
    /// A reply that is not a legal move in `game` (a mistake in the lesson
    /// file, which the tests catch).
    pub fn next_reply(&mut self, game: &AnyGame) -> Result<Option<Action>, String> {
        let Some(text) = self.replies.pop_front() else { return Ok(None) };
        action_named(game, &text)
            .map(Some)
            .ok_or_else(|| format!("lesson {}: the reply {text} is not legal here", self.lesson.id))
    }

    /// Whether the lesson is done in `game`: every step and reply played,
    /// and the learner has won when the lesson ends with a win.
    #[must_use]
    pub fn is_complete(&self, game: &AnyGame) -> bool {
        self.step == self.lesson.steps.len()
            && self.replies.is_empty()
            && match self.lesson.finish {
                Finish::Steps => true,
                Finish::Win => {
                    matches!(game.outcome(), Some(AnyOutcome::Win { seat, .. }) if seat == self.learner)
                }
            }
    }

    /// Moves refused so far.
    #[must_use]
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The stars earned so far ([`stars_for`]).
    #[must_use]
    pub fn stars(&self) -> u8 {
        stars_for(self.mistakes)
    }
}

/// A puzzle being solved.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    kind: PuzzleKind,
    solution: String,
    learner: Seat,
    played: usize,
    reply_due: bool,
    mistakes: u32,
}

impl PuzzleRun {
    /// The run of `puzzle` from its start.
    #[must_use]
    pub fn new(puzzle: &Puzzle) -> PuzzleRun {
        PuzzleRun {
            kind: puzzle.kind,
            solution: puzzle.solution_text.clone(),
            learner: puzzle.solver(),
            played: 0,
            reply_due: false,
            mistakes: 0,
        }
    }

    /// What it asks.
    #[must_use]
    pub fn kind(&self) -> PuzzleKind {
        self.kind
    }

    /// The moves accepted now, in notation: the solution first, then (a
    /// win in two, after the reply) every move that wins at once.
    #[must_use]
    pub fn accepts(&self, game: &AnyGame) -> Vec<String> {
        if self.reply_due || self.played >= self.kind.moves() || game.outcome().is_some() {
            return Vec::new();
        }
        if self.played == 0 { vec![self.solution.clone()] } else { puzzle::wins_in_one(game) }
    }

    /// Judges the learner's `action` in `game`: the solution (then a
    /// winning move) is accepted; any other move is refused and counted.
    pub fn judge(&mut self, game: &AnyGame, action: Action) -> Judgement {
        let accepts = self.accepts(game);
        if accepts.is_empty() || game.to_move() != self.learner {
            return Judgement::Waiting;
        }
        let Some(text) = game.action_text(action) else {
            self.mistakes += 1;
            return illegal(game, action);
        };
        if accepts.contains(&text) {
            self.played += 1;
            self.reply_due = self.played < self.kind.moves();
            Judgement::Accepted
        } else {
            self.mistakes += 1;
            Judgement::NotTheIdea("puzzle-not-this-one".to_owned())
        }
    }

    /// The opponent's reply when one is due (a win in two, after the first
    /// move): the first legal move that does not lose at once, else the
    /// first legal move. Every reply loses, as the puzzle was checked.
    pub fn next_reply(&mut self, game: &AnyGame) -> Option<Action> {
        if !std::mem::take(&mut self.reply_due) || game.outcome().is_some() {
            return None;
        }
        let moves = game.legal_actions();
        let lasts = moves.iter().copied().find(|&a| {
            let mut after = game.clone();
            after.play(a).is_ok() && after.outcome().is_none()
        });
        lasts.or_else(|| moves.first().copied())
    }

    /// Whether it is solved: the moves it needs played (a win at once
    /// for the kinds that win).
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.played >= self.kind.moves()
    }

    /// Moves refused so far.
    #[must_use]
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The stars earned so far ([`stars_for`]).
    #[must_use]
    pub fn stars(&self) -> u8 {
        stars_for(self.mistakes)
    }
}
