//! The learner's progress: the best stars of each lesson and puzzle done,
//! saved and restored like the settings.

use std::collections::BTreeMap;

use games::GameKind;
use serde::{Deserialize, Serialize};

/// Stars earned, by `game/id` (`arkes/one-step`), 1 to 3 each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Lessons completed.
    pub lessons: BTreeMap<String, u8>,
    /// Puzzles solved.
    pub puzzles: BTreeMap<String, u8>,
}

fn key(kind: GameKind, id: &str) -> String {
    format!("{}/{id}", kind.id())
}

impl Progress {
    /// Progress read from JSON, with every star count clamped to 1..=3 (a
    /// file edited by hand cannot show 200 stars).
    ///
    /// # Errors
    /// serde_json's message when the text is not a progress file.
    pub fn from_json(text: &str) -> Result<Progress, String> {
        let mut progress: Progress = serde_json::from_str(text).map_err(|e| e.to_string())?;
        for stars in progress.lessons.values_mut().chain(progress.puzzles.values_mut()) {
            *stars = (*stars).clamp(1, 3);
        }
        Ok(progress)
    }

    /// The stars of lesson `id` of `kind`, `None` when not completed.
    #[must_use]
    pub fn lesson(&self, kind: GameKind, id: &str) -> Option<u8> {
        self.lessons.get(&key(kind, id)).copied()
    }

    /// The stars of puzzle `id` of `kind`, `None` when not solved.
    #[must_use]
    pub fn puzzle(&self, kind: GameKind, id: &str) -> Option<u8> {
        self.puzzles.get(&key(kind, id)).copied()
    }

    /// Records a lesson completed with `stars`, keeping the best.
    pub fn complete_lesson(&mut self, kind: GameKind, id: &str, stars: u8) {
        let best = self.lessons.entry(key(kind, id)).or_insert(0);
        *best = (*best).max(stars.clamp(1, 3));
    }

    /// Records a puzzle solved with `stars`, keeping the best.
    pub fn solve_puzzle(&mut self, kind: GameKind, id: &str, stars: u8) {
        let best = self.puzzles.entry(key(kind, id)).or_insert(0);
        *best = (*best).max(stars.clamp(1, 3));
    }

    /// The index of the first of `ids` (lessons in order) not completed,
    /// the last when all are.
    #[must_use]
    pub fn first_unfinished<'a>(&self, kind: GameKind, ids: impl IntoIterator<Item = &'a str>) -> usize {
        let ids: Vec<&str> = ids.into_iter().collect();
        ids.iter().position(|id| self.lesson(kind, id).is_none()).unwrap_or(ids.len().saturating_sub(1))
    }
}
