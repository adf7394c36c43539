//! Arcanor on the shared core: the [`Arcanor`] rules marker, and the core's
//! [`game_core::Game`] and records named for this game.

use game_core::{Outcome, Rules, Seat, SeatSet, TurnStart, Win};

use crate::mv::{IllegalMoveError, Move, MoveText, ParseMoveError};
use crate::piece::opponent;
use crate::position::{Position, Undo, WinReason};
use crate::setup::{ParseSetupError, Setup, SetupError};

/// The rules of Arcanor (ARCANOR.md A1–A12), for [`game_core::Game`], perft
/// and the search.
///
/// A ply is one move (there are no eliminations). A10 (12 points) and the
/// third repetition of A12 are decided by the move ([`Rules::decided`]); a
/// seat to move without a legal move loses (A11) at the start of its turn
/// ([`Rules::start_turn`]), after the round limits are checked; a seat whose
/// clock runs out loses (A12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Arcanor;

impl Rules for Arcanor {
    const TAG: &'static str = "arcanor";
    const NAME: &'static str = "Arcanor";

    type Setup = Setup;
    type ParseSetupError = ParseSetupError;
    type SetupError = SetupError;
    type Position = Position;
    type Move = Move;
    type MoveText = MoveText;
    type ParseMoveError = ParseMoveError;
    type IllegalMove = IllegalMoveError;
    type Undo = Undo;
    type WinReason = WinReason;

    fn start(setup: &Setup) -> Result<Position, SetupError> {
        Position::from_setup(setup)
    }

    fn setup_of(position: &Position) -> Setup {
        position.to_setup()
    }

    fn to_move(position: &Position) -> Seat {
        position.to_move()
    }

    fn seats_in(_: &Position) -> SeatSet {
        [Seat::South, Seat::North].into_iter().collect()
    }

    fn zobrist(position: &Position) -> u64 {
        position.hash()
    }

    #[inline]
    fn legal_moves_into(position: &Position, out: &mut Vec<Move>) {
        position.legal_moves_into(out);
    }

    #[inline]
    fn count_legal_moves(position: &Position) -> u64 {
        position.count_legal_moves()
    }

    fn resolve(position: &Position, text: MoveText) -> Result<Move, IllegalMoveError> {
        position.resolve(text)
    }

    fn notation(mv: Move) -> MoveText {
        mv.text()
    }

    #[inline]
    fn play_unchecked(position: &mut Position, mv: Move) -> Undo {
        position.play_unchecked(mv)
    }

    #[inline]
    fn undo(position: &mut Position, undo: Undo) {
        position.undo(undo);
    }

    fn outcome(position: &Position) -> Option<Outcome<WinReason>> {
        position.outcome()
    }

    fn is_capture(undo: &Undo) -> bool {
        undo.mv().eats
    }

    fn decided(position: &Position) -> Option<Outcome<WinReason>> {
        position.decided()
    }

    /// A11: a seat without a legal move loses.
    fn start_turn(position: &mut Position) -> TurnStart<Undo, WinReason> {
        if position.has_legal_move() {
            TurnStart::Ready
        } else {
            let seat = opponent(position.to_move());
            TurnStart::Decided(Outcome::Win(Win { seat, reason: WinReason::NoLegalMove }))
        }
    }

    /// A12: a player whose clock runs out loses.
    fn time_out(position: &mut Position) -> TurnStart<Undo, WinReason> {
        let seat = opponent(position.to_move());
        TurnStart::Decided(Outcome::Win(Win { seat, reason: WinReason::Time }))
    }

    /// The seat that resigns loses; its opponent wins.
    fn resign(position: &mut Position) -> TurnStart<Undo, WinReason> {
        let seat = opponent(position.to_move());
        TurnStart::Decided(Outcome::Win(Win { seat, reason: WinReason::Resignation }))
    }
}

/// A game of Arcanor: a set-up and its plies, with the limits of A12 (rounds,
/// rounds without eating, clocks) and undo/redo. See [`game_core::Game`].
pub type Game = game_core::Game<Arcanor>;

/// How a game of Arcanor ended.
pub type GameOutcome = Outcome<WinReason>;

/// A game of Arcanor as stored (JSON save and text record).
pub type GameRecord = game_core::GameRecord<Arcanor>;

/// Why a save file cannot be loaded as a game of Arcanor.
pub type LoadError = game_core::LoadError<Arcanor>;

/// Why a text is not an Arcanor game record.
pub type ParseRecordError = game_core::ParseRecordError<Arcanor>;

/// Why a ply cannot be played or replayed.
pub type PlyError = game_core::PlyError<IllegalMoveError>;

/// What one ply of Arcanor did.
pub type PlyReport = game_core::PlyReport<Arcanor>;

/// One step of a game record: a move in Arcanor notation, or a time-out.
pub type Ply = game_core::Ply<MoveText>;
