//! The JSON save format of a [`Game`]: its [`GameRecord`] (set-up, limits,
//! plies), tagged with the game and the format's version, read back with
//! everything checked ([`LoadError`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::game::Game;
use crate::limits::Limits;
use crate::ply::{Ply, PlyError};
use crate::rules::Rules;

/// The version written in the `"format"` field of save files.
pub const SAVE_FORMAT: u64 = 1;

/// A game as stored: the set-up, the limits and the plies, which replay
/// exactly. This is the JSON save format: `"format"` ([`SAVE_FORMAT`]),
/// `"game"` ([`Rules::TAG`]; a save without it is an ARKES save, as written
/// before a second game existed), `"setup"`, `"limits"`, `"plies"`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord<R: Rules> {
    /// The starting position.
    pub setup: R::Setup,
    /// Limits and clock.
    pub limits: Limits,
    /// Everything played, in order.
    pub plies: Vec<Ply<R::MoveText>>,
}

#[derive(Serialize)]
#[serde(bound = "")]
struct RecordOut<'a, R: Rules> {
    format: u64,
    game: &'static str,
    setup: &'a R::Setup,
    limits: &'a Limits,
    plies: &'a [Ply<R::MoveText>],
}

#[derive(Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
struct RecordIn<R: Rules> {
    format: u64,
    #[serde(default)]
    game: Option<String>,
    setup: R::Setup,
    limits: Limits,
    plies: Vec<Ply<R::MoveText>>,
}

impl<R: Rules> Serialize for GameRecord<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordOut::<R> {
            format: SAVE_FORMAT,
            game: R::TAG,
            setup: &self.setup,
            limits: &self.limits,
            plies: &self.plies,
        }
        .serialize(serializer)
    }
}

impl<'de, R: Rules> Deserialize<'de> for GameRecord<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord<R>, D::Error> {
        let raw = RecordIn::<R>::deserialize(deserializer)?;
        if raw.format != SAVE_FORMAT {
            return Err(serde::de::Error::custom(LoadError::<R>::UnsupportedFormat {
                found: raw.format.to_string(),
            }));
        }
        check_tag::<R>(raw.game.as_deref()).map_err(serde::de::Error::custom)?;
        Ok(GameRecord { setup: raw.setup, limits: raw.limits, plies: raw.plies })
    }
}

/// At most `n` characters of `text`, for error messages.
pub(crate) fn short(text: &str, n: usize) -> String {
    let mut s: String = text.chars().take(n).collect();
    if text.chars().nth(n).is_some() {
        s.push('…');
    }
    s
}

/// Why a saved game cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError<R: Rules> {
    /// The text is not JSON, or not shaped like a game record.
    #[error("not a valid {name} save: {0}", name = R::NAME)]
    Json(String),
    /// There is no `"format"` field.
    #[error("not a {} save: it has no \"format\" field", R::NAME)]
    MissingFormat,
    /// The file was written by a version this one cannot read.
    #[error("save format {found} is not supported (this version reads format {SAVE_FORMAT})")]
    UnsupportedFormat {
        /// The `"format"` found, as written.
        found: String,
    },
    /// The save does not say which game it is of, and only the game whose
    /// saves were written before saves were tagged reads such saves.
    #[error("this save does not say which game it is of, so it is not one of {}", R::NAME)]
    Untagged,
    /// The save is of another game.
    #[error("this is a save of the game `{found}`, not of {}", R::NAME)]
    WrongGame {
        /// The `"game"` found.
        found: String,
    },
    /// The starting position breaks a rule.
    #[error("the saved starting position is invalid: {0}")]
    Setup(R::SetupError),
    /// A ply cannot be replayed.
    #[error("ply {ply} ({text}) cannot be replayed: {error}")]
    Ply {
        /// 1-based ply number.
        ply: usize,
        /// The ply as written.
        text: String,
        /// Why.
        error: PlyError<R::IllegalMove>,
    },
}

/// Whether a save's `"game"` field (`None` when it has none) is `R`'s:
/// its tag, or no tag for the game whose saves were written before saves
/// were tagged ([`Rules::READS_UNTAGGED_SAVES`]).
fn check_tag<R: Rules>(tag: Option<&str>) -> Result<(), LoadError<R>> {
    match tag {
        Some(tag) if tag == R::TAG => Ok(()),
        None if R::READS_UNTAGGED_SAVES => Ok(()),
        None => Err(LoadError::Untagged),
        Some(tag) => Err(LoadError::WrongGame { found: short(tag, 24) }),
    }
}

impl<R: Rules> Game<R> {
    /// The record of this game (set-up, limits, plies), which replays exactly.
    #[must_use]
    pub fn record(&self) -> GameRecord<R> {
        GameRecord { setup: self.setup().clone(), limits: self.limits(), plies: self.plies().to_vec() }
    }

    /// Replays a record.
    ///
    /// # Errors
    /// [`LoadError::Setup`], or [`LoadError::Ply`] for the first ply that
    /// cannot be replayed.
    pub fn from_record(record: &GameRecord<R>) -> Result<Game<R>, LoadError<R>> {
        let mut game = Game::new(record.setup.clone(), record.limits).map_err(LoadError::Setup)?;
        for (i, &ply) in record.plies.iter().enumerate() {
            game.apply(ply).map_err(|error| LoadError::Ply {
                ply: i + 1,
                text: match ply {
                    Ply::Move { mv, .. } => mv.to_string(),
                    Ply::TimeOut { .. } => "time-out".to_owned(),
                    Ply::Resign { .. } => "resignation".to_owned(),
                },
                error,
            })?;
        }
        Ok(game)
    }

    /// The save file: the record as pretty JSON.
    ///
    /// # Errors
    /// serde_json's error if the record cannot be written (it always can
    /// with the engines' types; a failure is returned, never an empty save).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(&self.record())
    }

    /// Loads a save file written by [`Game::to_json`] (of any version that
    /// wrote [`SAVE_FORMAT`]; a save without a `"game"` field is ARKES).
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong: not JSON, no or another
    /// `"format"`, another game, a malformed or invalid set-up or clock, a
    /// ply that cannot be replayed.
    pub fn from_json(text: &str) -> Result<Game<R>, LoadError<R>> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        match value.get("format") {
            None => return Err(LoadError::MissingFormat),
            Some(f) if f.as_u64() == Some(SAVE_FORMAT) => {}
            Some(f) => return Err(LoadError::UnsupportedFormat { found: short(&f.to_string(), 40) }),
        }
        match value.get("game") {
            None => check_tag::<R>(None)?,
            Some(serde_json::Value::String(tag)) => check_tag::<R>(Some(tag))?,
            Some(other) => return Err(LoadError::WrongGame { found: short(&other.to_string(), 24) }),
        }
        let record: GameRecord<R> =
            serde_json::from_value(value).map_err(|e| LoadError::Json(e.to_string()))?;
        Game::from_record(&record)
    }
}
