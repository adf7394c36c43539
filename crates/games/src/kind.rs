//! [`GameKind`]: a game of the list, with what menus and loaders need of it
//! before any game is played, and its constructors.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::RangeInclusive;

use game_core::{Game, GameRecord, Limits, ParseRecordError, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::any_game::AnyGame;
use crate::board_game::BoardGame;

/// What a new game is made of: the built-in start for a number of players
/// and a board side, or a position in the game's text format; and limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Players (ARKES R2: 2 to 4; Arcanor A1: 2). Ignored with `position`.
    pub players: usize,
    /// The board's side, in cells (ARKES R1: 5, 7, 9 or 11; ignored when the
    /// game's board is fixed, and with `position`).
    pub side: u8,
    /// A starting position in the game's text format instead of its start.
    pub position: Option<String>,
    /// Limits and clock (R15, A12).
    pub limits: Limits,
}

/// Why a text is not a game record of a game (see
/// [`GameKind::load_record_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordTextError {
    /// The record names another game in its first line.
    OtherGame,
    /// The record is of this game but does not parse or replay: why.
    Bad(String),
}

/// What [`GameKind`] knows of a game: implemented once, for every
/// [`BoardGame`], by [`Def`]. Object-safe, so the list holds one value per
/// game.
pub trait GameDef: Send + Sync + 'static {
    /// The game's id: its tag in saves and records, `--game` and `?game=`.
    fn id(&self) -> &'static str;
    /// The game's name as people write it (`ARKES`, `Arcanor`).
    fn name(&self) -> &'static str;
    /// The interface's text key of its name.
    fn name_key(&self) -> &'static str;
    /// The numbers of players allowed.
    fn players(&self) -> RangeInclusive<usize>;
    /// The board sides a player may choose; empty for a fixed board.
    fn sides(&self) -> &'static [u8];
    /// The side of a new game when none is chosen.
    fn default_side(&self) -> u8;
    /// The interface's text key of the limit of rounds without a capture.
    fn capture_limit_key(&self) -> &'static str;
    /// How high a piece stands on the one under it, in cells.
    fn stack_step(&self) -> f32;
    /// The most characters a move's notation takes.
    fn move_chars(&self) -> usize;
    /// Whether saves without a `"game"` field are this game's.
    fn reads_untagged_saves(&self) -> bool;
    /// The seats in play for `players` players, in turn order.
    ///
    /// # Errors
    /// The rule that does not allow that many.
    fn seats_for(&self, players: usize) -> Result<Vec<Seat>, String>;
    /// A new game (see [`GameKind::new_game`]).
    ///
    /// # Errors
    /// As [`GameKind::new_game`].
    fn new_game(&self, new: &NewGame) -> Result<AnyGame, String>;
    /// A game from a JSON save record of this game.
    ///
    /// # Errors
    /// Why it is not one, or does not replay.
    fn load_record_json(&self, value: &serde_json::Value) -> Result<AnyGame, String>;
    /// A game from a text record.
    ///
    /// # Errors
    /// [`RecordTextError`].
    fn load_record_text(&self, text: &str) -> Result<AnyGame, RecordTextError>;
}

/// The [`GameDef`] of the game whose rules are `G`.
pub struct Def<G>(PhantomData<G>);

impl<G: BoardGame> Def<G> {
    /// The game's [`GameKind`].
    pub const KIND: GameKind = GameKind(&Def::<G>(PhantomData));
}

impl<G: BoardGame> GameDef for Def<G> {
    fn id(&self) -> &'static str {
        G::TAG
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn name_key(&self) -> &'static str {
        G::NAME_KEY
    }

    fn players(&self) -> RangeInclusive<usize> {
        G::PLAYERS
    }

    fn sides(&self) -> &'static [u8] {
        G::SIDES
    }

    fn default_side(&self) -> u8 {
        G::DEFAULT_SIDE
    }

    fn capture_limit_key(&self) -> &'static str {
        G::CAPTURE_LIMIT_KEY
    }

    fn stack_step(&self) -> f32 {
        G::STACK_STEP
    }

    fn move_chars(&self) -> usize {
        G::MOVE_CHARS
    }

    fn reads_untagged_saves(&self) -> bool {
        G::READS_UNTAGGED_SAVES
    }

    fn seats_for(&self, players: usize) -> Result<Vec<Seat>, String> {
        G::new_setup(players, G::DEFAULT_SIDE).map(|setup| G::seat_order(&setup))
    }

    fn new_game(&self, new: &NewGame) -> Result<AnyGame, String> {
        let setup = match &new.position {
            Some(text) => text.parse::<G::Setup>().map_err(|e| e.to_string())?,
            None => G::new_setup(new.players, new.side)?,
        };
        Game::<G>::new(setup, new.limits).map(AnyGame::new).map_err(|e| e.to_string())
    }

    fn load_record_json(&self, value: &serde_json::Value) -> Result<AnyGame, String> {
        let record: GameRecord<G> = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
        Game::from_record(&record).map(AnyGame::new).map_err(|e| e.to_string())
    }

    fn load_record_text(&self, text: &str) -> Result<AnyGame, RecordTextError> {
        let record: GameRecord<G> = match text.parse() {
            Ok(record) => record,
            Err(ParseRecordError::WrongGame { .. }) => return Err(RecordTextError::OtherGame),
            Err(e) => return Err(RecordTextError::Bad(e.to_string())),
        };
        Game::from_record(&record).map(AnyGame::new).map_err(|e| RecordTextError::Bad(e.to_string()))
    }
}

/// A game of the list ([`crate::for_each_game!`]): compared, hashed and
/// written (in settings, saves, `--game`) by its id.
#[derive(Clone, Copy)]
pub struct GameKind(&'static dyn GameDef);

impl GameKind {
    /// Every game, in menu order.
    #[must_use]
    pub fn all() -> &'static [GameKind] {
        crate::ALL
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

    /// The id (`arkes`, `arcanor`): the tag of its saves and records,
    /// `--game` and `?game=`.
    #[must_use]
    pub fn id(self) -> &'static str {
        self.0.id()
    }

    /// The name as people write it (`ARKES`, `Arcanor`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The interface's text key of the game's name.
    #[must_use]
    pub fn name_key(self) -> &'static str {
        self.0.name_key()
    }

    /// The numbers of players allowed.
    #[must_use]
    pub fn players(self) -> RangeInclusive<usize> {
        self.0.players()
    }

    /// The board sides a player may choose, smallest first; empty for a
    /// fixed board.
    #[must_use]
    pub fn sides(self) -> &'static [u8] {
        self.0.sides()
    }

    /// The side of a new game when none is chosen.
    #[must_use]
    pub fn default_side(self) -> u8 {
        self.0.default_side()
    }

    /// The interface's text key of the limit of rounds without a capture
    /// (ARKES R15) or without an eat (Arcanor A12).
    #[must_use]
    pub fn capture_limit_key(self) -> &'static str {
        self.0.capture_limit_key()
    }

    /// How high a piece stands on the one under it, in cells (0 when pieces
    /// nest).
    #[must_use]
    pub fn stack_step(self) -> f32 {
        self.0.stack_step()
    }

    /// The most characters a move's notation takes (`12b1-b2`: 7), for
    /// lists of moves.
    #[must_use]
    pub fn move_chars(self) -> usize {
        self.0.move_chars()
    }

    /// The seats in play for `players` players, in turn order (ARKES R2;
    /// Arcanor's two, A1); the fewest players' seats when the game does
    /// not allow that many.
    #[must_use]
    pub fn seats_for(self, players: usize) -> Vec<Seat> {
        let players = players.clamp(*self.players().start(), *self.players().end());
        self.0.seats_for(players).unwrap_or_default()
    }

    /// A new game: the built-in start of `new.players` on a board of
    /// `new.side` (ARKES R1, R2; Arcanor A3), or `new.position`.
    ///
    /// # Errors
    /// The rule that does not allow the players or the side, or why the
    /// position is not one of this game.
    pub fn new_game(self, new: &NewGame) -> Result<AnyGame, String> {
        self.0.new_game(new)
    }

    /// A game from a JSON save record of this game.
    ///
    /// # Errors
    /// Why it is not one, or does not replay.
    pub fn load_record_json(self, value: &serde_json::Value) -> Result<AnyGame, String> {
        self.0.load_record_json(value)
    }

    /// A game from a text record of this game.
    ///
    /// # Errors
    /// [`RecordTextError::OtherGame`] when its first line names another
    /// game, [`RecordTextError::Bad`] when it does not parse or replay.
    pub fn load_record_text(self, text: &str) -> Result<AnyGame, RecordTextError> {
        self.0.load_record_text(text)
    }

    /// The first line of this game's text records (`# ARKES game record`).
    #[must_use]
    pub fn record_header(self) -> String {
        format!("# {} game record", self.name())
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        self.id() == other.id()
    }
}

impl Eq for GameKind {}

impl Hash for GameKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

impl Default for GameKind {
    /// The first game of the list.
    fn default() -> GameKind {
        GameKind::all()[0]
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
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
