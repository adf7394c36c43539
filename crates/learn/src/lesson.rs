//! Lessons: one idea each, on a small position, kept in
//! `assets/lessons/<game>.json` (texts as Fluent keys of `assets/i18n/`),
//! so a new lesson needs no code.
//!
//! ```json
//! { "game": "arkes",
//!   "lessons": [ { "id": "one-step", "title": "lesson-arkes-one-step",
//!     "goal": "lesson-arkes-one-step-goal", "rules": ["R5"],
//!     "position": ["5 .  .  N  .  .", "…", "  a  b  c  d  e", "to move: South", "in: South North"],
//!     "targets": ["c2"], "finish": "steps", "par": 1,
//!     "wrong": "lesson-arkes-one-step-wrong",
//!     "steps": [ { "accepts": ["c1-c2"], "replies": ["c5-c4"], "line": "lesson-arkes-one-step-1" } ] } ] }
//! ```
//!
//! The learner is the seat to move in `position`. Each step accepts some
//! moves (canonical notation); after one of them the other seats play
//! `replies` in turn order, one each, until the learner moves again.

use game_core::Coord;
use games::{AnyGame, GameKind, NewGame};
use serde::{Deserialize, Serialize};

/// When a lesson is done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Finish {
    /// Once its steps are played.
    #[default]
    Steps,
    /// Once its steps are played and the learner has won the game (ARKES
    /// R11, R14; Arcanor A10, A11).
    Win,
}

/// One step: the learner's move and the others' replies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The learner's moves accepted, in canonical notation.
    pub accepts: Vec<String>,
    /// The other seats' moves after it, in turn order.
    #[serde(default)]
    pub replies: Vec<String>,
    /// The text key of the line shown once the step is played.
    pub line: String,
}

/// A lesson as its file stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// A stable id, unique in its file (progress is saved by it).
    pub id: String,
    /// The text key of its title.
    pub title: String,
    /// The text key of its goal, one sentence.
    pub goal: String,
    /// The rule numbers it teaches (`R5`, `A6`).
    pub rules: Vec<String>,
    /// The position, in the game's text format, one line per element.
    pub position: Vec<String>,
    /// Cells marked on the board (where to go or look), as `c2`.
    #[serde(default)]
    pub targets: Vec<String>,
    /// When it is done.
    #[serde(default)]
    pub finish: Finish,
    /// The learner's moves it takes when played without a mistake.
    pub par: usize,
    /// The text key of the sentence for a legal move that is not the idea.
    pub wrong: String,
    /// The steps.
    pub steps: Vec<Step>,
}

impl Lesson {
    /// The game at the lesson's start.
    ///
    /// # Errors
    /// The engine's reason when the position does not parse or is not legal.
    pub fn start(&self, kind: GameKind) -> Result<AnyGame, String> {
        let new = NewGame {
            players: 2,
            side: kind.default_side(),
            position: Some(self.position.join("\n") + "\n"),
            limits: game_core::Limits::default(),
        };
        kind.new_game(&new).map_err(|e| format!("lesson {}: {e}", self.id))
    }

    /// The marked cells.
    ///
    /// # Errors
    /// A target that is not a cell's name.
    pub fn target_cells(&self) -> Result<Vec<Coord>, String> {
        self.targets
            .iter()
            .map(|t| t.parse().map_err(|_| format!("lesson {}: `{t}` is not a cell", self.id)))
            .collect()
    }

    /// Every text key it names (title, goal, wrong, each step's line).
    #[must_use]
    pub fn text_keys(&self) -> Vec<&str> {
        let mut keys = vec![self.title.as_str(), self.goal.as_str(), self.wrong.as_str()];
        keys.extend(self.steps.iter().map(|s| s.line.as_str()));
        keys
    }
}

/// A game's lesson file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The game's id.
    pub game: String,
    /// The lessons, in teaching order.
    pub lessons: Vec<Lesson>,
}

/// Reads `kind`'s lesson file and checks its shape: the game named is
/// `kind`, ids are unique, every lesson has steps, a par equal to its
/// steps, accepted moves on every step, a position the engine takes and
/// cells that are cells. That its moves are legal and its goals reached is
/// [`crate::LessonRun`]'s to judge as it is played (the tests play every
/// lesson through).
///
/// # Errors
/// The first problem, naming the lesson.
pub fn load_lessons(kind: GameKind, text: &str) -> Result<Vec<Lesson>, String> {
    let file: LessonFile = serde_json::from_str(text).map_err(|e| format!("lesson file: {e}"))?;
    if file.game != kind.id() {
        return Err(format!("lesson file of `{}`, not of `{}`", file.game, kind.id()));
    }
    for (i, lesson) in file.lessons.iter().enumerate() {
        if file.lessons[..i].iter().any(|l| l.id == lesson.id) {
            return Err(format!("lesson {}: the id is used twice", lesson.id));
        }
        if lesson.steps.is_empty() || lesson.steps.iter().any(|s| s.accepts.is_empty()) {
            return Err(format!("lesson {}: every lesson has steps, every step accepts a move", lesson.id));
        }
        if lesson.par != lesson.steps.len() {
            return Err(format!(
                "lesson {}: par {} but {} steps (one learner's move a step)",
                lesson.id,
                lesson.par,
                lesson.steps.len()
            ));
        }
        lesson.start(kind)?;
        lesson.target_cells()?;
    }
    Ok(file.lessons)
}
