//! Saved games: the autosave after every ply, named saves and exported
//! records, kept in the [`Store`], for both games. A save holds the engine's
//! record (set-up, limits, every ply with its time, so the clocks replay
//! exactly; tagged with its game, an untagged record being ARKES as written
//! before Arcanor existed) and the seats' names and players. Loading checks
//! everything and never writes: a corrupt, truncated or foreign file is
//! reported and the good files stay.

use bevy::prelude::*;
use game_core::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::options::PlayerKind;
use crate::play::{Match, MatchRoom, MoveApplied};
use crate::storage::{MAX_FILE, Store, StoreError};
use games::{AnyGame, GameKind};
use online_protocol::SeatHolder;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, autosave);
}

/// The autosave's name in the store.
pub const AUTOSAVE: &str = "autosave.json";
/// The folder of named saves.
pub const SAVES: &str = "saves";
/// The folder of exported (and importable) game records, as text.
pub const RECORDS: &str = "records";
/// The version in the `"format"` field of this game's saves.
pub const FORMAT: u64 = 1;
/// The `"app"` field, which tells our saves from other JSON files.
pub const APP: &str = "arkes-3d";

/// A seat of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSeat {
    /// The seat.
    pub seat: Seat,
    /// Its player's name.
    pub name: String,
    /// Who plays it.
    pub player: PlayerKind,
}

/// A save file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// [`FORMAT`].
    pub format: u64,
    /// [`APP`].
    pub app: String,
    /// The seats in play, in turn order.
    pub seats: Vec<SavedSeat>,
    /// The game: the engine's record, with its `"game"` tag.
    pub game: serde_json::Value,
    /// The plies (from 1) played after a hint of the coach (absent in
    /// saves without any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<usize>,
    /// The online room the game is played in (absent for a game at one
    /// screen): continuing it opens or joins that room again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<MatchRoom>,
}

/// Why a save cannot be loaded (or written).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// There is no such save.
    #[error("there is no saved game")]
    Missing,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Not JSON, or not shaped like a save.
    #[error("this file is not a valid save of this game: {0}")]
    Json(String),
    /// JSON from something else.
    #[error("this file is not a save of ARKES 3D")]
    Foreign,
    /// Written by a version this one cannot read.
    #[error("this save was written in format {0}, which this version cannot read")]
    UnsupportedFormat(String),
    /// The game inside cannot be replayed.
    #[error("the saved game is damaged: {0}")]
    Game(String),
    /// The seats do not match the game.
    #[error("the saved seats do not match the game: {0}")]
    Seats(String),
    /// A game record (text) that does not parse or replay.
    #[error("this file is not a game record: {0}")]
    Record(String),
}

/// The save file of a match.
///
/// # Errors
/// [`SaveError::Json`] if the game cannot be written as JSON (it always can;
/// a failure is returned, never an empty or partial save).
pub fn encode(game: &Match) -> Result<String, SaveError> {
    let file = SaveFile {
        format: FORMAT,
        app: APP.to_owned(),
        seats: game
            .seat_list()
            .into_iter()
            .map(|(seat, name, player)| SavedSeat { seat, name, player })
            .collect(),
        game: game.game().record_json().map_err(SaveError::Json)?,
        hints: game.hinted_plies().to_vec(),
        room: game.room().cloned(),
    };
    serde_json::to_string_pretty(&file).map_err(|e| SaveError::Json(e.to_string()))
}

/// Reads a save file back into a match, checking everything.
///
/// # Errors
/// A [`SaveError`] saying what is wrong; nothing is written.
pub fn decode(text: &str) -> Result<Match, SaveError> {
    if text.len() > MAX_FILE {
        return Err(StoreError::TooLarge(text.len()).into());
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| SaveError::Json(e.to_string()))?;
    if value.get("app").and_then(|a| a.as_str()) != Some(APP) {
        return Err(SaveError::Foreign);
    }
    match value.get("format") {
        Some(f) if f.as_u64() == Some(FORMAT) => {}
        Some(f) => return Err(SaveError::UnsupportedFormat(f.to_string().chars().take(20).collect())),
        None => return Err(SaveError::Foreign),
    }
    let file: SaveFile = serde_json::from_value(value).map_err(|e| SaveError::Json(e.to_string()))?;
    let game = AnyGame::from_record_json(&file.game).map_err(SaveError::Game)?;
    let seats: Vec<Seat> = file.seats.iter().map(|s| s.seat).collect();
    if seats != game.seat_order() {
        return Err(SaveError::Seats(format!("{seats:?} for a game of {:?}", game.seat_order())));
    }
    if file.seats.iter().any(|s| s.name.chars().count() > 40) {
        return Err(SaveError::Seats("a name is longer than 40 characters".into()));
    }
    if let Some(room) = &file.room {
        let players: Vec<PlayerKind> = file.seats.iter().map(|s| s.player).collect();
        check_room(room, &seats, &players)?;
    }
    let seats = file.seats.into_iter().map(|s| (s.seat, s.name, s.player)).collect();
    let mut loaded = Match::new(game, seats);
    loaded.set_hinted_plies(file.hints).map_err(SaveError::Game)?;
    loaded.set_room(file.room);
    Ok(loaded)
}

/// A saved room checked against the game's seats and their players: one
/// holder per seat in turn order, each seat this device holds played here
/// and each other one remote, this device's secret key (64 hex digits),
/// the host's naming the room, a guest's holding a seat (or none: it
/// watched, and every seat is remote).
fn check_room(room: &MatchRoom, seats: &[Seat], players: &[PlayerKind]) -> Result<(), SaveError> {
    let bad = |why: String| Err(SaveError::Seats(format!("the online room: {why}")));
    let room_seats: Vec<Seat> = room.seats.iter().map(|(s, _)| *s).collect();
    if room_seats != seats {
        return bad(format!("seats {room_seats:?} for a game of {seats:?}"));
    }
    let Ok(key) = online_protocol::PeerKey::from_secret_hex(&room.key) else {
        return bad("this device's key is not 64 hex digits".into());
    };
    let public = key.public();
    if room.host {
        if !room.code.is_hosted_by(&public) {
            return bad("the host's key does not name the room".into());
        }
    } else if !room.seats.iter().any(|(_, h)| *h == SeatHolder::Guest(public))
        && players.iter().any(|p| *p != PlayerKind::Remote)
    {
        return bad("a guest's key that holds no seat".into());
    }
    // The host plays its own seats and awaits guests at the remote ones; a
    // guest plays the seats of its key and sees the others as remote.
    let mine = |holder: &SeatHolder| match holder {
        SeatHolder::Host => room.host,
        SeatHolder::Guest(k) => !room.host && *k == public,
        SeatHolder::Awaited => false,
    };
    if let Some(((seat, _), _)) =
        room.seats.iter().zip(players).find(|((_, h), p)| mine(h) == (**p == PlayerKind::Remote))
    {
        return bad(format!("{seat:?}'s player does not match who holds it"));
    }
    Ok(())
}

/// Reads a game record in text (set-up + moves, of either game: its first
/// line names it); every seat is played by a person.
///
/// # Errors
/// [`SaveError::Record`].
pub fn decode_record(text: &str) -> Result<Match, SaveError> {
    let game = AnyGame::from_record_text(text).map_err(SaveError::Record)?;
    let seats = game.seat_order().into_iter().map(|s| (s, String::new(), PlayerKind::Human)).collect();
    Ok(Match::new(game, seats))
}

/// The game a stored save or record is of, read cheaply (without replaying
/// it); `None` when it is no save of ours.
#[must_use]
pub fn game_of(store: &Store, name: &str) -> Option<GameKind> {
    let text = store.read(name).ok().flatten()?;
    if name.ends_with(".txt") {
        let first = text.lines().find(|l| !l.trim().is_empty())?;
        return GameKind::all().iter().copied().find(|k| first.trim() == k.record_header());
    }
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    match value.get("game")?.get("game") {
        None => GameKind::of_untagged_saves(),
        Some(tag) => GameKind::from_id(tag.as_str()?),
    }
}

/// Loads the save or record `name` from the store (JSON saves, or `.txt`
/// records).
///
/// # Errors
/// [`SaveError::Missing`] if there is none, else why it cannot be loaded.
pub fn load(store: &Store, name: &str) -> Result<Match, SaveError> {
    let text = store.read(name)?.ok_or(SaveError::Missing)?;
    if name.ends_with(".txt") { decode_record(&text) } else { decode(&text) }
}

/// Writes `game` as the save `name` (atomically).
///
/// # Errors
/// [`SaveError::Store`] when the store refuses; the old save is then intact.
pub fn save(store: &Store, name: &str, game: &Match) -> Result<(), SaveError> {
    Ok(store.write(name, &encode(game)?)?)
}

/// The name to show for a stored save or record: its file name without
/// folder and extension.
#[must_use]
pub fn display_name(name: &str) -> String {
    let file = name.rsplit('/').next().unwrap_or(name);
    file.rsplit_once('.').map_or(file, |(stem, _)| stem).to_owned()
}

/// A file name for a named save, from what the player typed.
#[must_use]
pub fn save_name(typed: &str) -> String {
    let clean: String = typed
        .chars()
        .map(|c| if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let clean: String = clean.chars().take(40).collect();
    format!("{SAVES}/{}.json", if clean.is_empty() { "game".to_owned() } else { clean })
}

/// Writes the game's record as text into the records folder; returns its name.
///
/// # Errors
/// [`SaveError::Store`] when the store refuses.
pub fn export_record(store: &Store, game: &Match, typed: &str) -> Result<String, SaveError> {
    let name =
        save_name(typed).replace(&format!("{SAVES}/"), &format!("{RECORDS}/")).replace(".json", ".txt");
    store.write(&name, &game.record_text())?;
    Ok(name)
}

/// Saves the match after every change of its game (a ply, an undo, a redo,
/// a new game), if it is a match someone plays.
fn autosave(game: Option<Res<Match>>, store: Option<Res<Store>>, mut applied: MessageReader<MoveApplied>) {
    let moved = applied.read().count() > 0;
    let (Some(game), Some(store)) = (game, store) else { return };
    if !game.is_saved() || !(moved || game.is_changed()) {
        return;
    }
    if let Err(e) = save(&store, AUTOSAVE, &game) {
        warn!("autosave failed: {e}");
    }
}
