//! ARKES on the shared core: the [`Arkes`] rules marker, and the core's
//! [`game_core::Game`] and records named for this game.

use game_core::{Rules, Seat, SeatSet, TurnStart};

use crate::mv::{IllegalMoveError, Move, MoveText, ParseMoveError};
use crate::position::{Captured, Elimination, Position, Undo, WinReason};
use crate::setup::{ParseSetupError, Setup, SetupError};

/// The rules of ARKES (RULES.md R1–R15), for [`game_core::Game`], perft and
/// the search.
///
/// A ply of [`Rules::play_unchecked`] is a move and the eliminations of R12
/// that follow at once; [`game_core::Game`] plays the move
/// ([`Rules::play_move`]) and each start-of-turn elimination
/// ([`Rules::start_turn`]) as steps of their own, so that the round limit
/// of R15 is checked when the round ends, before the next seat's R12 check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Arkes;

impl Rules for Arkes {
    const TAG: &'static str = "arkes";
    const NAME: &'static str = "ARKES";
    /// ARKES saves written before Arcanor existed have no `"game"` field.
    const READS_UNTAGGED_SAVES: bool = true;

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
        Position::from_setup_as_given(setup)
    }

    fn setup_of(position: &Position) -> Setup {
        position.to_setup()
    }

    fn to_move(position: &Position) -> Seat {
        position.to_move()
    }

    fn seats_in(position: &Position) -> SeatSet {
        position.seats_in()
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

    #[inline]
    fn outcome(position: &Position) -> Option<Outcome> {
        position.outcome().map(Outcome::Win)
    }

    fn is_capture(undo: &Undo) -> bool {
        undo.captured().is_some()
    }

    fn play_move(position: &mut Position, mv: Move) -> Undo {
        position.play_move_only(mv)
    }

    fn start_turn(position: &mut Position) -> TurnStart<Undo, WinReason> {
        position.eliminate_if_stuck().map_or(TurnStart::Ready, TurnStart::Eliminated)
    }

    /// R12: a seat whose clock runs out loses its marble and is out.
    fn time_out(position: &mut Position) -> TurnStart<Undo, WinReason> {
        match position.outcome() {
            Some(win) => TurnStart::Decided(Outcome::Win(win)),
            None => TurnStart::Eliminated(position.eliminate_one()),
        }
    }

    /// A seat that resigns is out as one that cannot move (R12): its
    /// marble leaves the board and the others play on; the last seat with
    /// a marble wins (R14).
    fn resign(position: &mut Position) -> TurnStart<Undo, WinReason> {
        Arkes::time_out(position)
    }
}

/// A game of ARKES: a set-up and its plies, with the repetition rule (R10,
/// in the [`Position`]), eliminations (R12–R14), limits and clocks (R15),
/// and undo/redo. See [`game_core::Game`].
///
/// ```
/// use arkes_engine::{Game, Setup};
/// let mut game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
/// game.play_text("e1-e2").unwrap_err(); // e1 holds South's general: the marble moves, not a token.
/// game.play_text("b1-b2").unwrap();
/// assert_eq!(game.plies().len(), 1);
/// game.undo();
/// assert_eq!(game.position(), &arkes_engine::Position::standard(2, 9).unwrap());
/// ```
pub type Game = game_core::Game<Arkes>;

/// How a game of ARKES ended: a win (R11, R14) or a draw (R15).
pub type Outcome = game_core::Outcome<WinReason>;

/// A game of ARKES as stored (JSON save and text record).
pub type GameRecord = game_core::GameRecord<Arkes>;

/// Why a save file cannot be loaded as a game of ARKES.
pub type LoadError = game_core::LoadError<Arkes>;

/// Why a text is not an ARKES game record.
pub type ParseRecordError = game_core::ParseRecordError<Arkes>;

/// Why a ply cannot be played or replayed.
pub type PlyError = game_core::PlyError<IllegalMoveError>;

/// What one ply of ARKES did.
pub type PlyReport = game_core::PlyReport<Arkes>;

/// One step of a game record: a move in ARKES notation, or a time-out.
pub type Ply = game_core::Ply<MoveText>;

/// Why a move given as text cannot be played in a game.
pub type GameMoveError = game_core::MoveError<ParseMoveError, IllegalMoveError>;

/// What a ply of ARKES did on the board, read from its steps.
pub trait PlyEffects {
    /// The piece the move captured, if any (R7, R8).
    fn captured(&self) -> Option<Captured>;
    /// The seats whose marble was removed (R12), in order.
    fn eliminated(&self) -> Vec<Elimination>;
}

impl PlyEffects for PlyReport {
    fn captured(&self) -> Option<Captured> {
        self.steps.iter().find_map(Undo::captured)
    }

    fn eliminated(&self) -> Vec<Elimination> {
        self.steps.iter().flat_map(Undo::eliminated).collect()
    }
}
