//! Positions of whichever game, as the views read them: [`DynPosition`],
//! implemented once for every [`BoardPosition`]; [`AnyPosition`] owns one
//! (a position under review), [`PosRef`] borrows one.

use std::any::Any;
use std::fmt::{self, Debug};
use std::ops::Deref;

use game_core::{BoardShape, Coord, Rules, Seat, SeatSet};

use crate::board_game::{BoardGame, BoardPosition, CellMark, Hint, PieceId};
use crate::kind::GameKind;

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
    fn hint(&self, from: Option<Coord>, whole: bool) -> Hint;
    /// The Zobrist hash of the state (grid and seat to move).
    fn hash(&self) -> u64;
    /// The position in the engine's text format.
    fn text(&self) -> String;
    /// A copy.
    fn clone_position(&self) -> AnyPosition;
    /// The engine's position, to downcast ([`AnyPosition::concrete`]).
    fn as_any(&self) -> &dyn Any;
}

impl<P: BoardPosition> DynPosition for P {
    fn kind(&self) -> GameKind {
        <P::Game as BoardGame>::KIND
    }

    fn shape(&self) -> BoardShape {
        P::Game::shape(self)
    }

    fn to_move(&self) -> Seat {
        P::Game::to_move(self)
    }

    fn seats_in(&self) -> SeatSet {
        P::Game::seats_in(self)
    }

    fn stack(&self, cell: Coord) -> Vec<PieceId> {
        P::Game::stack(self, cell)
    }

    fn marks(&self) -> Vec<(Coord, CellMark)> {
        P::Game::marks(self)
    }

    fn is_frozen(&self, cell: Coord) -> bool {
        P::Game::is_frozen(self, cell)
    }

    fn score(&self, seat: Seat) -> Option<u8> {
        P::Game::score(self, seat)
    }

    fn piece_text(&self, piece: PieceId) -> String {
        P::Game::piece_text(piece)
    }

    fn is_leader(&self, piece: PieceId) -> bool {
        P::Game::is_leader(piece)
    }

    fn hint(&self, from: Option<Coord>, whole: bool) -> Hint {
        P::Game::hint(self, from, whole)
    }

    fn hash(&self) -> u64 {
        P::Game::zobrist(self)
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn clone_position(&self) -> AnyPosition {
        AnyPosition::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
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
