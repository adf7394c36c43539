//! The [`Rules`] trait: what a game implements to be played by [`crate::Game`],
//! counted by [`crate::perft`] and searched by the computer players.

use std::error::Error;
use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::seat::{Seat, SeatSet};

/// The rules of one game, as a marker type (`Arkes`, `Arcanor`) whose
/// associated types are the game's own.
///
/// Every function is an associated function, statically dispatched: the hot
/// paths (move generation, play and undo, hashing) are monomorphised into
/// the search and perft of each game.
///
/// # The contract
///
/// - [`Rules::play_unchecked`] plays a whole ply as a search sees it: the
///   move and anything the rules do at once at the start of the following
///   turns (ARKES R12 removes the marble of a seat with no legal move), so
///   that while the game goes on, the seat to move has a legal move or
///   [`Rules::outcome`] says why not.
/// - [`crate::Game`] plays in finer steps so that limits are checked at the
///   right moment (RULES.md R15: the round limit is checked when a round
///   ends, before the next seat's start-of-turn check): [`Rules::play_move`]
///   plays the move alone, [`Rules::decided`] tells what that step decided,
///   and [`Rules::start_turn`] runs the start-of-turn checks of the seat to
///   move. Games without start-of-turn effects keep the defaults.
/// - Every `Undo` must be given back to [`Rules::undo`] in reverse order.
pub trait Rules: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// The game's tag in save files and records (`"arkes"`, `"arcanor"`).
    const TAG: &'static str;
    /// The game's name as people write it (`"ARKES"`, `"Arcanor"`).
    const NAME: &'static str;
    /// Whether a save without a `"game"` field is of this game: saves
    /// written before saves were tagged with their game (ARKES's, before
    /// Arcanor existed). At most one game of an app says so.
    const READS_UNTAGGED_SAVES: bool = false;

    /// A position as plain data, which may break the rules.
    type Setup: Clone
        + Debug
        + Eq
        + Display
        + FromStr<Err = Self::ParseSetupError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// Why a text is not a set-up.
    type ParseSetupError: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a set-up breaks the rules.
    type SetupError: Error + Clone + Eq + Send + Sync + 'static;
    /// A validated position, with what the repetition rule needs.
    type Position: Clone + Debug + Display + Send + Sync + 'static;
    /// A legal move, as generated.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// A move as written by a person, before it is checked.
    type MoveText: Copy
        + Eq
        + Debug
        + Display
        + FromStr<Err = Self::ParseMoveError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// Why a text is not a move.
    type ParseMoveError: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a move is illegal; each variant names its rule.
    type IllegalMove: Error + Clone + Eq + Send + Sync + 'static;
    /// What [`Rules::undo`] needs to take a step back.
    type Undo: Clone + Debug + Send + Sync + 'static;
    /// Why a seat won.
    type WinReason: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// The position of `setup`, exactly as given: the start-of-turn checks
    /// of the seat to move are [`Rules::start_turn`]'s.
    ///
    /// # Errors
    /// The rule the set-up breaks.
    fn start(setup: &Self::Setup) -> Result<Self::Position, Self::SetupError>;

    /// The set-up describing `position` (without its history).
    fn setup_of(position: &Self::Position) -> Self::Setup;

    /// The seat to move.
    fn to_move(position: &Self::Position) -> Seat;

    /// The seats still in the game.
    fn seats_in(position: &Self::Position) -> SeatSet;

    /// The Zobrist hash of the state (grid and seat to move).
    fn zobrist(position: &Self::Position) -> u64;

    /// Appends the legal moves to `out` (none once [`Rules::outcome`] is set).
    fn legal_moves_into(position: &Self::Position, out: &mut Vec<Self::Move>);

    /// The number of legal moves (perft leaves): the length of
    /// [`Rules::legal_moves_into`]'s list, counted without building it.
    fn count_legal_moves(position: &Self::Position) -> u64;

    /// The legal move a person's text names.
    ///
    /// # Errors
    /// The rule that forbids it.
    fn resolve(position: &Self::Position, text: Self::MoveText) -> Result<Self::Move, Self::IllegalMove>;

    /// The canonical notation of a move.
    fn notation(mv: Self::Move) -> Self::MoveText;

    /// Plays a legal move and everything that follows at once (see the
    /// trait documentation). For search and perft.
    fn play_unchecked(position: &mut Self::Position, mv: Self::Move) -> Self::Undo;

    /// Takes back the last step played.
    fn undo(position: &mut Self::Position, undo: Self::Undo);

    /// How the position is decided, for a search: a win or a draw the rules
    /// give (a limit of [`crate::Limits`] is [`crate::Game`]'s business).
    fn outcome(position: &Self::Position) -> Option<crate::Outcome<Self::WinReason>>;

    /// Whether the step recorded in `undo` captured a piece (ARKES R7–R8,
    /// Arcanor's eat), for the limit of rounds without capture.
    fn is_capture(undo: &Self::Undo) -> bool;

    /// Plays a legal move alone, without the start-of-turn checks of the
    /// next seat. Default: [`Rules::play_unchecked`].
    fn play_move(position: &mut Self::Position, mv: Self::Move) -> Self::Undo {
        Self::play_unchecked(position, mv)
    }

    /// What the last step decided, leaving out the start-of-turn checks of
    /// the seat to move. Default: [`Rules::outcome`].
    fn decided(position: &Self::Position) -> Option<crate::Outcome<Self::WinReason>> {
        Self::outcome(position)
    }

    /// The start-of-turn checks of the seat to move. Default: nothing to do.
    fn start_turn(position: &mut Self::Position) -> TurnStart<Self::Undo, Self::WinReason> {
        let _ = position;
        TurnStart::Ready
    }

    /// The seat to move has run out of time: what the rules do.
    fn time_out(position: &mut Self::Position) -> TurnStart<Self::Undo, Self::WinReason>;

    /// The seat to move resigns: what the rules do (they are silent on
    /// resigning; each engine treats it as a seat that can play no more).
    fn resign(position: &mut Self::Position) -> TurnStart<Self::Undo, Self::WinReason>;
}

/// What happens at the start of a turn (or when a clock runs out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnStart<U, W> {
    /// The seat to move plays.
    Ready,
    /// The seat was eliminated (ARKES R12); the turn has passed on. The undo
    /// record takes it back.
    Eliminated(U),
    /// The game is decided (Arcanor A11: a seat with no legal move loses).
    Decided(crate::Outcome<W>),
}

/// The result of a decided game: a win, or a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome<W> {
    /// A seat won.
    Win(Win<W>),
    /// Nobody won.
    Draw(DrawReason),
}

impl<W: Copy> Outcome<W> {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win(w) => Some(w.seat),
            Outcome::Draw(_) => None,
        }
    }
}

impl<W: Display> Display for Outcome<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Win { seat, reason }) => write!(f, "{seat} wins: {reason}"),
            Outcome::Draw(reason) => write!(f, "draw: {reason}"),
        }
    }
}

/// A won game: who and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Win<W> {
    /// The winner.
    pub seat: Seat,
    /// Why, in the game's terms.
    pub reason: W,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The last round allowed has ended (ARKES R15, Arcanor A12).
    RoundLimit,
    /// Too many rounds in a row ended without a capture (R15, A12).
    CaptureLimit,
    /// The same state occurred for the third time (Arcanor A12).
    Repetition,
}

impl Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::RoundLimit => "the round limit was reached",
            DrawReason::CaptureLimit => "the limit of rounds without a capture was reached",
            DrawReason::Repetition => "the same position occurred a third time",
        })
    }
}
