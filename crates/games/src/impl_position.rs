//! [`DynPosition`] for the position of every [`BoardGame`].

use std::any::Any;

use game_core::{BoardShape, Coord, Rules, Seat, SeatSet};

use crate::board_game::{BoardGame, BoardPosition};
use crate::def::Def;
use crate::dynamic::{AnyPosition, DynPosition, GameKind};
use crate::values::{CellMark, ClickHelp, PieceId};

impl<P: BoardPosition> DynPosition for P {
    fn kind(&self) -> GameKind {
        Def::<P::Game>::KIND
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

    fn click_help(&self, from: Option<Coord>, whole: bool) -> ClickHelp {
        P::Game::click_help(self, from, whole)
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
