//! [`Catalog`]: every game's lessons and puzzles, read once from the files
//! embedded by the `learn` crate (the same in the native and web builds).

use ::learn::{Lesson, LessonRun, Puzzle, PuzzleRun};
use bevy::prelude::*;
use games::{AnyGame, GameKind};

use super::session::{Run, Session};

/// One game's lessons and puzzles.
#[derive(Clone, Debug)]
pub struct GameCatalog {
    /// The game.
    pub kind: GameKind,
    /// Its lessons, in teaching order.
    pub lessons: Vec<Lesson>,
    /// Its puzzles, easiest first.
    pub puzzles: Vec<Puzzle>,
}

/// Every game's lessons and puzzles.
#[derive(Resource, Clone, Debug, Default)]
pub struct Catalog {
    games: Vec<GameCatalog>,
}

impl Catalog {
    /// Reads every game's files; a file that does not load is logged as an
    /// error and its game offers none (the tests load them all).
    #[must_use]
    pub fn load() -> Catalog {
        let games = GameKind::all()
            .iter()
            .map(|&kind| {
                let lessons = ::learn::lesson_file(kind).map_or_else(Vec::new, |text| {
                    ::learn::load_lessons(kind, text).unwrap_or_else(|e| {
                        error!("{} lessons: {e}", kind.id());
                        Vec::new()
                    })
                });
                let puzzles = ::learn::puzzle_file(kind).map_or_else(Vec::new, |text| {
                    ::learn::load_puzzles(kind, text).unwrap_or_else(|e| {
                        error!("{} puzzles: {e}", kind.id());
                        Vec::new()
                    })
                });
                GameCatalog { kind, lessons, puzzles }
            })
            .collect();
        Catalog { games }
    }

    /// `kind`'s lessons and puzzles.
    #[must_use]
    pub fn of(&self, kind: GameKind) -> Option<&GameCatalog> {
        self.games.iter().find(|g| g.kind == kind)
    }

    /// A session of lesson `index` of `kind` and its game at the start;
    /// `None` past the last lesson.
    #[must_use]
    pub fn lesson_session(&self, kind: GameKind, index: usize) -> Option<(Session, AnyGame)> {
        let lesson = self.of(kind)?.lessons.get(index)?;
        let game = lesson.start(kind).map_err(|e| error!("{e}")).ok()?;
        let targets = lesson.target_cells().unwrap_or_default();
        let texts = (lesson.title.clone(), lesson.goal.clone(), targets);
        let run = Run::Lesson(LessonRun::new(lesson.clone(), &game));
        Some((Session::new(kind, index, run, &game, texts), game))
    }

    /// A session of puzzle `index` of `kind` and its game at the start;
    /// `None` past the last puzzle.
    #[must_use]
    pub fn puzzle_session(&self, kind: GameKind, index: usize) -> Option<(Session, AnyGame)> {
        let puzzle = self.of(kind)?.puzzles.get(index)?;
        let game = puzzle.start.clone();
        let texts = ("puzzle-title".to_owned(), puzzle.kind.key().to_owned(), Vec::new());
        let run = Run::Puzzle { run: PuzzleRun::new(puzzle), id: puzzle.id.clone() };
        Some((Session::new(kind, index, run, &game, texts), game))
    }
}
