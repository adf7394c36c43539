//! [`Def`]: the [`GameDef`] of every [`BoardGame`], and so its [`GameKind`].

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use game_core::{Game, GameRecord, ParseRecordError, Seat};

use crate::board_game::BoardGame;
use crate::dynamic::{AnyGame, GameDef, GameKind, NewGame, RecordTextError};

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
