//! The list of games as [`GameKind`]s, and what needs the whole list:
//! finding a game by its id, loading a record of whichever game.

use serde::{Deserialize, Deserializer};

use crate::dynamic::{AnyGame, GameKind, RecordTextError};

/// Every game of the list, in menu order.
static ALL: &[GameKind] = crate::for_each_game!(__kinds, ());

impl GameKind {
    /// Every game, in menu order.
    #[must_use]
    pub fn all() -> &'static [GameKind] {
        ALL
    }

    /// The game named `text` (its id, any case, spaces around ignored).
    #[must_use]
    pub fn from_id(text: &str) -> Option<GameKind> {
        GameKind::all().iter().copied().find(|k| k.id().eq_ignore_ascii_case(text.trim()))
    }

    /// The game whose saves are written without a `"game"` field (those
    /// from before saves were tagged), if one is.
    #[must_use]
    pub fn of_untagged_saves() -> Option<GameKind> {
        GameKind::all().iter().copied().find(|k| k.0.reads_untagged_saves())
    }
}

impl Default for GameKind {
    /// The first game of the list.
    fn default() -> GameKind {
        GameKind::all()[0]
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let id = String::deserialize(deserializer)?;
        GameKind::from_id(&id).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "`{}` is not a game this version plays",
                id.chars().take(24).collect::<String>()
            ))
        })
    }
}

impl AnyGame {
    /// A game from a record in JSON, of the game its `"game"` field names
    /// (a record without one is of the game whose saves were untagged,
    /// [`GameKind::of_untagged_saves`]).
    ///
    /// # Errors
    /// An unknown game, or why the record does not replay.
    pub fn from_record_json(value: &serde_json::Value) -> Result<AnyGame, String> {
        let kind = match value.get("game") {
            None => GameKind::of_untagged_saves().ok_or("the record does not say which game it is of")?,
            Some(serde_json::Value::String(tag)) => GameKind::from_id(tag).ok_or_else(|| {
                format!("`{}` is not a game this version plays", tag.chars().take(24).collect::<String>())
            })?,
            Some(_) => return Err("the record's \"game\" is not a name".into()),
        };
        kind.load_record_json(value)
    }

    /// A game from a record in text: the game is read from its first line
    /// (`# ARKES game record`, `# Arcanor game record`).
    ///
    /// # Errors
    /// Why the text is not a record of a game of the list, or cannot be
    /// replayed.
    pub fn from_record_text(text: &str) -> Result<AnyGame, String> {
        for kind in GameKind::all() {
            match kind.load_record_text(text) {
                Ok(game) => return Ok(game),
                Err(RecordTextError::OtherGame) => {}
                Err(RecordTextError::Bad(why)) => return Err(why),
            }
        }
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        Err(format!("`{}` names no game this version plays", first.chars().take(40).collect::<String>()))
    }
}
