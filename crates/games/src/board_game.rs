//! [`BoardGame`]: what a game answers the front ends, beyond its rules and
//! its computer player; [`BoardPosition`] ties its position to it.

use std::ops::RangeInclusive;

use game_ai::SearchGame;
use game_core::{BoardShape, Coord, Outcome, PlyReport, Seat};

use crate::report::{AnyOutcome, AnyReport};
use crate::values::{Action, CellMark, ClickHelp, PieceId, WinKind};

/// What a game answers the front ends, beyond its rules and its computer
/// player. One implementation per game, in its module of this crate
/// ([`crate::arkes`], [`crate::arcanor`]); everything is statically
/// dispatched, and [`crate::AnyGame`] and [`crate::AnyPosition`] forward
/// to it.
pub trait BoardGame: SearchGame<Position: BoardPosition<Game = Self>> {
    /// The interface's text key of the game's name (`game-arkes`).
    const NAME_KEY: &'static str;
    /// The numbers of players allowed.
    const PLAYERS: RangeInclusive<usize>;
    /// The board sides a player may choose (cells a side), smallest first;
    /// empty when the board is always the same.
    const SIDES: &'static [u8];
    /// The side of a new game when none is chosen (any for a fixed board).
    const DEFAULT_SIDE: u8;
    /// The interface's text key of the limit of rounds without a capture
    /// (`new-game-capture-limit`; Arcanor's counts eats).
    const CAPTURE_LIMIT_KEY: &'static str;
    /// The most characters a move's notation takes (`Me1xd2`: 6; Arcanor's
    /// `12b1-b2`: 7), for lists of moves.
    const MOVE_CHARS: usize;
    /// How high a piece stands on the piece under it, in cells (ARKES
    /// tokens stack); 0 when the top piece covers the one under it
    /// (Arcanor's nesting pieces).
    const STACK_STEP: f32;

    /// The built-in start for `players` on a board of `side`.
    ///
    /// # Errors
    /// The rule that does not allow them.
    fn new_setup(players: usize, side: u8) -> Result<Self::Setup, String>;

    /// The seats of a set-up, in turn order.
    fn seat_order(setup: &Self::Setup) -> Vec<Seat>;

    /// The board's shape.
    fn shape(position: &Self::Position) -> BoardShape;

    /// The pieces on `cell`, bottom first.
    fn stack(position: &Self::Position, cell: Coord) -> Vec<PieceId>;

    /// The piece as the game's diagrams write it (`S`, `s`, `S2`).
    fn piece_text(piece: PieceId) -> String;

    /// Whether the piece leads its seat (an ARKES marble: its loss is the
    /// seat's, R7, R12).
    fn is_leader(piece: PieceId) -> bool {
        let _ = piece;
        false
    }

    /// The cells that look and count differently.
    fn marks(position: &Self::Position) -> Vec<(Coord, CellMark)> {
        let _ = position;
        Vec::new()
    }

    /// Whether the stack on `cell` can never move again (Arcanor A8).
    fn is_frozen(position: &Self::Position, cell: Coord) -> bool {
        let _ = (position, cell);
        false
    }

    /// `seat`'s score, in games that keep one (Arcanor A9).
    fn score(position: &Self::Position, seat: Seat) -> Option<u8> {
        let _ = (position, seat);
        None
    }

    /// The interface's name of a legal move.
    fn action(mv: Self::Move) -> Action;

    /// The legal move `action` names (`capture` is not compared: the board
    /// decides).
    ///
    /// # Errors
    /// The engine's reason, naming the rule, when no legal move matches.
    fn legal_move(position: &Self::Position, action: Action) -> Result<Self::Move, String>;

    /// What the ply of `report` did, `before` being the position it was
    /// played on.
    fn report(report: &PlyReport<Self>, before: &Self::Position) -> AnyReport;

    /// Why a seat won, in game-neutral terms.
    fn win_kind(reason: Self::WinReason) -> WinKind;

    /// How a game of this game ended, in game-neutral terms.
    fn any_outcome(outcome: Outcome<Self::WinReason>) -> AnyOutcome {
        match outcome {
            Outcome::Win(w) => AnyOutcome::Win { seat: w.seat, reason: Self::win_kind(w.reason) },
            Outcome::Draw(d) => AnyOutcome::Draw(d),
        }
    }

    /// The line under the board when `from` is picked (moving its whole
    /// stack when `whole`), or nothing is.
    fn click_help(position: &Self::Position, from: Option<Coord>, whole: bool) -> ClickHelp;
}

/// A position of a [`BoardGame`], so a position alone tells its game (and
/// [`crate::DynPosition`] is implemented once for all of them).
pub trait BoardPosition: Clone + std::fmt::Debug + std::fmt::Display + Send + Sync + 'static {
    /// The game.
    type Game: BoardGame<Position = Self>;
}
