//! [`AnyGame`]: the engine's game (the truth) of whichever game, behind
//! [`DynGame`], implemented once for every [`BoardGame`].

use std::any::Any;
use std::fmt::{self, Debug};
use std::ops::{Deref, DerefMut};

use game_ai::SearchOptions;
use game_core::{BySeat, Game, Limits, Ply, PlyInfo, Seat};

use crate::any_position::{AnyPosition, DynPosition};
use crate::board_game::{Action, BoardGame};
use crate::kind::{GameKind, RecordTextError};
use crate::report::{AnyOutcome, AnyReport};
use crate::searcher::AnySearcher;

/// A game of whichever kind: its set-up, plies, limits and clocks
/// ([`game_core::Game`]), asked in game-neutral terms. Object-safe:
/// [`AnyGame`] holds one.
pub trait DynGame: Send + Sync + 'static {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// The current position.
    fn position(&self) -> &dyn DynPosition;
    /// The seats of the game in turn order (those of its set-up).
    fn seat_order(&self) -> Vec<Seat>;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// How the game ended, `None` while it goes on.
    fn outcome(&self) -> Option<AnyOutcome>;
    /// The legal actions, none once the game has ended.
    fn legal_actions(&self) -> Vec<Action>;
    /// Plays the legal move `action` names (`capture` is not compared).
    ///
    /// # Errors
    /// The engine's reason, naming the rule, when no legal move matches or
    /// the game is over; nothing changes then.
    fn play(&mut self, action: Action) -> Result<AnyReport, String>;
    /// Charges `ms` milliseconds to the clock of the seat to move; the
    /// report of a time-out, if one happened.
    fn tick(&mut self, ms: u64) -> Option<AnyReport>;
    /// Takes back the last ply; `false` if there is none.
    fn undo(&mut self) -> bool;
    /// Plays again the last ply taken back; `false` if there is none.
    fn redo(&mut self) -> bool;
    /// Whether there is a ply to undo.
    fn can_undo(&self) -> bool;
    /// Whether there is a ply to redo.
    fn can_redo(&self) -> bool;
    /// Number of plies played.
    fn ply_count(&self) -> usize;
    /// The plies in notation (`None` for a time-out), in order.
    fn ply_texts(&self) -> Vec<Option<String>>;
    /// Who played each ply in which round.
    fn ply_info(&self) -> &[PlyInfo];
    /// The limits and clock.
    fn limits(&self) -> Limits;
    /// The round being played, from 1.
    fn round(&self) -> u32;
    /// Rounds in a row without a capture.
    fn rounds_without_capture(&self) -> u32;
    /// Pieces each seat has captured (ARKES) or eaten (Arcanor).
    fn captures(&self) -> BySeat<u32>;
    /// Milliseconds left on `seat`'s clock, `None` without clocks.
    fn clock_ms(&self, seat: Seat) -> Option<u64>;
    /// The interface's form of the last move played, if the last ply was one.
    fn last_action(&self) -> Option<Action>;
    /// The position after the first `plies` plies; `None` if they cannot be
    /// replayed.
    fn position_after(&self, plies: usize) -> Option<AnyPosition>;
    /// The same set-up and limits, from the start (a restart, a rematch).
    fn restarted(&self) -> AnyGame;
    /// The game record as text (the game named in its first line).
    fn record_text(&self) -> String;
    /// The game record as JSON (the engine's save format, tagged).
    ///
    /// # Errors
    /// serde_json's message if the record cannot be written (it always
    /// can; a failure is returned, never an empty record).
    fn record_json(&self) -> Result<serde_json::Value, String>;
    /// A search of this game for the seat to move.
    fn searcher(&self, options: SearchOptions) -> AnySearcher;
    /// A copy.
    fn clone_game(&self) -> AnyGame;
    /// The engine's game, to downcast ([`AnyGame::concrete`]).
    fn as_any(&self) -> &dyn Any;
}

fn ply_text<T: std::fmt::Display>(ply: &Ply<T>) -> Option<String> {
    match ply {
        Ply::Move { mv, .. } => Some(mv.to_string()),
        Ply::TimeOut { .. } => None,
    }
}

impl<G: BoardGame> DynGame for Game<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn position(&self) -> &dyn DynPosition {
        Game::position(self)
    }

    fn seat_order(&self) -> Vec<Seat> {
        G::seat_order(self.setup())
    }

    fn to_move(&self) -> Seat {
        Game::to_move(self)
    }

    fn outcome(&self) -> Option<AnyOutcome> {
        Game::outcome(self).map(AnyOutcome::of::<G>)
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal_moves().into_iter().map(G::action).collect()
    }

    fn play(&mut self, action: Action) -> Result<AnyReport, String> {
        if Game::outcome(self).is_some() {
            return Err("the game is over".into());
        }
        let mv = G::legal_move(Game::position(self), action)?;
        let before = Game::position(self).clone();
        let report = Game::play(self, mv).map_err(|e| e.to_string())?;
        Ok(G::report(&report, &before))
    }

    fn tick(&mut self, ms: u64) -> Option<AnyReport> {
        let before = Game::position(self).clone();
        Game::tick(self, ms).map(|r| G::report(&r, &before))
    }

    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn redo(&mut self) -> bool {
        Game::redo(self).is_some()
    }

    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn ply_count(&self) -> usize {
        self.plies().len()
    }

    fn ply_texts(&self) -> Vec<Option<String>> {
        self.plies().iter().map(ply_text).collect()
    }

    fn ply_info(&self) -> &[PlyInfo] {
        Game::ply_info(self)
    }

    fn limits(&self) -> Limits {
        Game::limits(self)
    }

    fn round(&self) -> u32 {
        Game::round(self)
    }

    fn rounds_without_capture(&self) -> u32 {
        Game::rounds_without_capture(self)
    }

    fn captures(&self) -> BySeat<u32> {
        Game::captures(self)
    }

    fn clock_ms(&self, seat: Seat) -> Option<u64> {
        Game::clock_ms(self, seat)
    }

    fn last_action(&self) -> Option<Action> {
        let Some(Ply::Move { mv, .. }) = self.plies().last().copied() else { return None };
        let mut before = self.clone();
        if !Game::undo(&mut before) {
            return None;
        }
        G::resolve(Game::position(&before), mv).ok().map(G::action)
    }

    fn position_after(&self, plies: usize) -> Option<AnyPosition> {
        let record = game_core::GameRecord { plies: self.plies().get(..plies)?.to_vec(), ..self.record() };
        Game::<G>::from_record(&record).ok().map(|g| AnyPosition::new(Game::position(&g).clone()))
    }

    fn restarted(&self) -> AnyGame {
        Game::<G>::new(self.setup().clone(), Game::limits(self))
            .map_or_else(|_| AnyGame::new(self.clone()), AnyGame::new)
    }

    fn record_text(&self) -> String {
        self.record().to_string()
    }

    fn record_json(&self) -> Result<serde_json::Value, String> {
        serde_json::to_value(self.record()).map_err(|e| e.to_string())
    }

    fn searcher(&self, options: SearchOptions) -> AnySearcher {
        AnySearcher::new(game_ai::Searcher::for_game(self, options))
    }

    fn clone_game(&self) -> AnyGame {
        AnyGame::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A game of whichever kind (see [`DynGame`], whose methods it offers).
pub struct AnyGame(Box<dyn DynGame>);

impl AnyGame {
    /// `game`, of the game `G`.
    #[must_use]
    pub fn new<G: BoardGame>(game: Game<G>) -> AnyGame {
        AnyGame(Box::new(game))
    }

    /// The engine's game when it is of the game `G`.
    #[must_use]
    pub fn concrete<G: BoardGame>(&self) -> Option<&Game<G>> {
        self.0.as_any().downcast_ref::<Game<G>>()
    }

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

impl Clone for AnyGame {
    fn clone(&self) -> AnyGame {
        self.0.clone_game()
    }
}

impl Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} game after {} plies:\n{}", self.kind().name(), self.ply_count(), self.position().text())
    }
}

impl Deref for AnyGame {
    type Target = dyn DynGame;

    fn deref(&self) -> &(dyn DynGame + 'static) {
        &*self.0
    }
}

impl DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn DynGame + 'static) {
        &mut *self.0
    }
}
