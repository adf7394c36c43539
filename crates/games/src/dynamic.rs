//! The object-safe face of the games: [`GameKind`] (a game of the list,
//! [`GameDef`] behind it), [`AnyGame`] ([`DynGame`]), [`AnyPosition`]
//! ([`DynPosition`]) and [`AnySearcher`] ([`DynSearcher`]), so the app asks
//! any game the same questions. Each trait is implemented once, for every
//! [`BoardGame`], in a module of its own.

use std::any::Any;
use std::fmt::{self, Debug};
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut, RangeInclusive};

use game_ai::SearchOptions;
use game_core::{BoardShape, BySeat, Coord, Game, Limits, PlyInfo, Rules, Seat, SeatSet};
use serde::{Serialize, Serializer};

use crate::board_game::{BoardGame, BoardPosition};
use crate::dyn_searcher::AnySearcher;
use crate::report::{AnyOutcome, AnyReport};
use crate::values::{Action, CellMark, ClickHelp, PieceId, PlyReview};

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

/// A game of the list ([`crate::for_each_game!`]): compared, hashed and
/// written (in settings, saves, `--game`) by its id.
#[derive(Clone, Copy)]
pub struct GameKind(pub(crate) &'static dyn GameDef);

impl GameKind {
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
    /// Sets the seat to move's clock to another device's reading, in
    /// milliseconds (an online game's host keeps the clocks); a reading
    /// of 0 is its time-out, reported as by `tick`. See
    /// `game_core::Game::set_clock`.
    fn set_clock(&mut self, ms: u64) -> Option<AnyReport>;
    /// The seat to move resigns (ARKES: its marble leaves, the others play
    /// on; Arcanor: it loses). See `game_core::Game::resign`.
    ///
    /// # Errors
    /// The engine's reason when the game is over; nothing changes then.
    fn resign(&mut self) -> Result<AnyReport, String>;
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
    /// The plies in notation (`None` for a time-out or a resignation), in
    /// order.
    fn ply_texts(&self) -> Vec<Option<String>>;
    /// Whether ply `ply` (from 1) was its mover's resignation.
    fn is_resignation(&self, ply: usize) -> bool;
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
    /// The coach's judgement of ply `ply` (from 1) with a search of
    /// `options` (the app's: [`game_ai::review_options`]); `None` for a
    /// time-out or a ply not played.
    fn review_ply(&self, ply: usize, options: SearchOptions) -> Option<PlyReview>;
    /// `review` checked as a review of ply `review.ply` of this game (one
    /// made elsewhere, by the browser's worker, is untrusted): the seat
    /// that moved and the move played are this game's, the best move is
    /// legal before that ply, the chances lie in 0..=1. Returned with its
    /// moves as this game names them (their `capture` flags set).
    ///
    /// # Errors
    /// What does not match, in words.
    fn verify_review(&self, review: &PlyReview) -> Result<PlyReview, String>;
    /// The notation of `action`, a legal move of the seat to move (`b1-b2`,
    /// an Arcanor duo `34e7-e6`); `None` when it is not legal here.
    fn action_text(&self, action: Action) -> Option<String>;
    /// The best move for the seat to move by a search of `options` (a
    /// hint); `None` once the game is over.
    fn best_action(&self, options: SearchOptions) -> Option<Action>;
    /// A copy.
    fn clone_game(&self) -> AnyGame;
    /// The engine's game, to downcast ([`AnyGame::concrete`]).
    fn as_any(&self) -> &dyn Any;
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

/// A position of whichever game, asked in game-neutral terms.
pub trait DynPosition: Send + Sync + 'static {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// The board's shape.
    fn shape(&self) -> BoardShape;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// The seats still in the game.
    fn seats_in(&self) -> SeatSet;
    /// The pieces on `cell`, bottom first.
    fn stack(&self, cell: Coord) -> Vec<PieceId>;
    /// The cells that look and count differently.
    fn marks(&self) -> Vec<(Coord, CellMark)>;
    /// Whether the stack on `cell` can never move again (Arcanor A8).
    fn is_frozen(&self, cell: Coord) -> bool;
    /// `seat`'s score, in games that keep one (Arcanor A9).
    fn score(&self, seat: Seat) -> Option<u8>;
    /// The piece as the game's diagrams write it (`S`, `s`, `S2`).
    fn piece_text(&self, piece: PieceId) -> String;
    /// Whether the piece leads its seat (an ARKES marble).
    fn is_leader(&self, piece: PieceId) -> bool;
    /// The line under the board when `from` is picked (its whole stack
    /// when `whole`), or nothing is.
    fn click_help(&self, from: Option<Coord>, whole: bool) -> ClickHelp;
    /// The Zobrist hash of the state (grid and seat to move).
    fn hash(&self) -> u64;
    /// The position in the engine's text format.
    fn text(&self) -> String;
    /// A copy.
    fn clone_position(&self) -> AnyPosition;
    /// The engine's position, to downcast ([`AnyPosition::concrete`]).
    fn as_any(&self) -> &dyn Any;
}

impl dyn DynPosition {
    /// Every occupied cell with its pieces, bottom first.
    #[must_use]
    pub fn stacks(&self) -> Vec<(Coord, Vec<PieceId>)> {
        self.shape().coords().map(|c| (c, self.stack(c))).filter(|(_, s)| !s.is_empty()).collect()
    }

    /// The cell of `seat`'s leading piece (an ARKES marble), if it has one
    /// on the board.
    #[must_use]
    pub fn leader(&self, seat: Seat) -> Option<Coord> {
        self.stacks()
            .into_iter()
            .find(|(_, stack)| stack.iter().any(|&p| p.seat == seat && self.is_leader(p)))
            .map(|(cell, _)| cell)
    }

    /// The cells marked `mark`.
    #[must_use]
    pub fn cells_marked(&self, mark: CellMark) -> Vec<Coord> {
        self.marks().into_iter().filter(|&(_, m)| m == mark).map(|(c, _)| c).collect()
    }
}

/// A position of whichever game, borrowed.
pub type PosRef<'a> = &'a dyn DynPosition;

/// A position of whichever game, owned (a position under review).
pub struct AnyPosition(Box<dyn DynPosition>);

impl AnyPosition {
    /// `position`, of its game.
    #[must_use]
    pub fn new<P: BoardPosition>(position: P) -> AnyPosition {
        AnyPosition(Box::new(position))
    }

    /// Borrowed, for reading.
    #[must_use]
    pub fn as_ref(&self) -> PosRef<'_> {
        &*self.0
    }

    /// The engine's position when it is of the game `G`.
    #[must_use]
    pub fn concrete<G: BoardGame>(&self) -> Option<&G::Position> {
        self.0.as_any().downcast_ref::<<G as Rules>::Position>()
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> AnyPosition {
        self.0.clone_position()
    }
}

impl Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} position:\n{}", self.0.kind().name(), self.0.text())
    }
}

impl Deref for AnyPosition {
    type Target = dyn DynPosition;

    fn deref(&self) -> &(dyn DynPosition + 'static) {
        &*self.0
    }
}
