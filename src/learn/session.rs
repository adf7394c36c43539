//! [`Session`]: a lesson or puzzle being played, and what it says.

use ::learn::{Judgement, LessonRun, PuzzleKind, PuzzleRun};
use game_core::{Coord, Seat};
use games::{Action, AnyGame, GameKind};

/// The run behind a session.
#[derive(Clone, Debug)]
pub enum Run {
    /// A lesson.
    Lesson(LessonRun),
    /// A puzzle, with its solution (for the hint).
    Puzzle {
        /// The run.
        run: PuzzleRun,
        /// The puzzle's id.
        id: String,
    },
}

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The rules forbid it: the rule's number (`R4`) when the engine's
    /// reason names one, and the reason (English).
    Illegal {
        /// The rule broken.
        rule: Option<String>,
        /// The engine's reason.
        reason: String,
    },
    /// Legal but not the idea: the text key saying so.
    NotTheIdea(String),
}

/// What the session's panel says now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The goal (at the start).
    Goal,
    /// The text key of the line after the learner's last step.
    Line(String),
    /// The last move offered was refused.
    Refused(Refusal),
    /// Done, with the stars earned.
    Done(u8),
}

/// A lesson or puzzle being played (see [`super::Learning`]).
#[derive(Clone, Debug)]
pub struct Session {
    /// The game.
    pub kind: GameKind,
    /// Its place in the game's list of lessons or puzzles, from 0.
    pub index: usize,
    /// The run.
    pub run: Run,
    /// What the panel says.
    pub said: Said,
    /// The stars earned, once done.
    pub stars: Option<u8>,
    /// Whether the hint was shown (done with it, at most 2 stars).
    pub hinted: bool,
    /// The text key of the title (a lesson's; `puzzle-title` for puzzles).
    pub title: String,
    /// The text key of the goal.
    pub goal: String,
    /// The cells marked on the board.
    pub targets: Vec<Coord>,
    /// The step (steps played) whose move the hint shows.
    hint_for: Option<usize>,
    /// Its match is on its way to the board (sent, not yet applied).
    pub(super) pending: bool,
    /// Seconds since the last ply.
    pub(super) since_ply: f32,
    learner: Seat,
}

impl Session {
    /// A session of `run` on `game` (its start).
    #[must_use]
    pub fn new(
        kind: GameKind,
        index: usize,
        run: Run,
        game: &AnyGame,
        texts: (String, String, Vec<Coord>),
    ) -> Session {
        let (title, goal, targets) = texts;
        Session {
            kind,
            index,
            run,
            said: Said::Goal,
            stars: None,
            hinted: false,
            hint_for: None,
            title,
            goal,
            targets,
            pending: true,
            since_ply: 0.0,
            learner: game.to_move(),
        }
    }

    /// The seat the learner plays.
    #[must_use]
    pub fn learner(&self) -> Seat {
        self.learner
    }

    /// Whether it is a puzzle (else a lesson).
    #[must_use]
    pub fn is_puzzle(&self) -> bool {
        matches!(self.run, Run::Puzzle { .. })
    }

    /// The puzzle's kind, for a puzzle.
    #[must_use]
    pub fn puzzle_kind(&self) -> Option<PuzzleKind> {
        match &self.run {
            Run::Puzzle { run, .. } => Some(run.kind()),
            Run::Lesson(_) => None,
        }
    }

    /// The lesson's or puzzle's id (progress is kept by it).
    #[must_use]
    pub fn id(&self) -> &str {
        match &self.run {
            Run::Lesson(run) => &run.lesson().id,
            Run::Puzzle { id, .. } => id,
        }
    }

    /// The learner's moves played and accepted so far.
    #[must_use]
    pub fn steps_played(&self) -> usize {
        match &self.run {
            Run::Lesson(run) => run.steps_played(),
            Run::Puzzle { run, .. } => usize::from(run.is_solved()),
        }
    }

    /// The moves accepted now, in notation (empty while replies are due).
    #[must_use]
    pub fn accepts(&self, game: &AnyGame) -> Vec<String> {
        match &self.run {
            Run::Lesson(run) => run.accepts().to_vec(),
            Run::Puzzle { run, .. } => run.accepts(game),
        }
    }

    /// Judges the learner's `action` before it is played; a refusal is said.
    pub fn judge(&mut self, game: &AnyGame, action: Action) -> Judgement {
        let judgement = match &mut self.run {
            Run::Lesson(run) => run.judge(game, action),
            Run::Puzzle { run, .. } => run.judge(game, action),
        };
        match &judgement {
            Judgement::Illegal { rule, reason } => {
                self.said = Said::Refused(Refusal::Illegal { rule: rule.clone(), reason: reason.clone() });
            }
            Judgement::NotTheIdea(key) => self.said = Said::Refused(Refusal::NotTheIdea(key.clone())),
            Judgement::Accepted | Judgement::Waiting => {}
        }
        judgement
    }

    /// The next scripted reply, taken off the script.
    ///
    /// # Errors
    /// A lesson reply that is not legal (a mistake in its file).
    pub fn next_reply(&mut self, game: &AnyGame) -> Result<Option<Action>, String> {
        match &mut self.run {
            Run::Lesson(run) => run.next_reply(game),
            Run::Puzzle { run, .. } => Ok(run.next_reply(game)),
        }
    }

    /// The line said after the learner's last move, kept once done.
    #[must_use]
    pub fn last_line(&self) -> Option<&str> {
        match &self.run {
            Run::Lesson(run) => run.line(),
            Run::Puzzle { .. } => None,
        }
    }

    /// The learner's accepted move was played: its line is said, and the
    /// hint of the step before is gone.
    pub fn played_by_learner(&mut self) {
        self.said = match &self.run {
            Run::Lesson(run) => run.line().map_or(Said::Goal, |key| Said::Line(key.to_owned())),
            Run::Puzzle { .. } => Said::Line("puzzle-good".to_owned()),
        };
    }

    /// Shows the move the step accepts (the hint; the stars earned then
    /// drop to at most 2).
    pub fn show_hint(&mut self) {
        if self.stars.is_none() {
            self.hinted = true;
            self.hint_for = Some(self.steps_played());
        }
    }

    /// The move the hint shows now: the first accepted move, while shown.
    #[must_use]
    pub fn hint_action(&self, game: &AnyGame) -> Option<Action> {
        if self.hint_for != Some(self.steps_played())
            || self.stars.is_some()
            || game.to_move() != self.learner
        {
            return None;
        }
        self.accepts(game).first().and_then(|t| ::learn::puzzle::action_named(game, t))
    }

    /// The stars, the first time the session is found done in `game`.
    pub fn finish(&mut self, game: &AnyGame) -> Option<u8> {
        if self.stars.is_some() {
            return None;
        }
        let stars = match &self.run {
            Run::Lesson(run) => run.is_complete(game).then(|| run.stars()),
            Run::Puzzle { run, .. } => run.is_solved().then(|| run.stars()),
        }?;
        let stars = if self.hinted { stars.min(2) } else { stars };
        self.stars = Some(stars);
        self.said = Said::Done(stars);
        Some(stars)
    }
}
