//! Positions of either game, as the views read them.

use arkes_engine::PieceKind;
use game_core::{BoardShape, Coord, Seat, SeatSet};

use super::{GameKind, PieceId};

/// A position of either game, owned (a position under review).
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// ARKES.
    Arkes(arkes_engine::Position),
    /// Arcanor.
    Arcanor(arcanor_engine::Position),
}

impl AnyPosition {
    /// Borrowed, for reading.
    #[must_use]
    pub fn as_ref(&self) -> PosRef<'_> {
        match self {
            AnyPosition::Arkes(p) => PosRef::Arkes(p),
            AnyPosition::Arcanor(p) => PosRef::Arcanor(p),
        }
    }
}

/// A position of either game, borrowed.
#[derive(Clone, Copy, Debug)]
pub enum PosRef<'a> {
    /// ARKES.
    Arkes(&'a arkes_engine::Position),
    /// Arcanor.
    Arcanor(&'a arcanor_engine::Position),
}

impl PosRef<'_> {
    /// Which game.
    #[must_use]
    pub fn kind(self) -> GameKind {
        match self {
            PosRef::Arkes(_) => GameKind::Arkes,
            PosRef::Arcanor(_) => GameKind::Arcanor,
        }
    }

    /// The board's shape: square for ARKES (R1), 8 × 7 for Arcanor (A1).
    #[must_use]
    pub fn shape(self) -> BoardShape {
        match self {
            PosRef::Arkes(p) => p.board().shape(),
            PosRef::Arcanor(_) => arcanor_engine::SHAPE,
        }
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(self) -> Seat {
        match self {
            PosRef::Arkes(p) => p.to_move(),
            PosRef::Arcanor(p) => p.to_move(),
        }
    }

    /// The seats still in the game.
    #[must_use]
    pub fn seats_in(self) -> SeatSet {
        match self {
            PosRef::Arkes(p) => p.seats_in(),
            PosRef::Arcanor(_) => [Seat::South, Seat::North].into_iter().collect(),
        }
    }

    /// The pieces on `cell`, bottom first (ARKES: a token under a token or a
    /// marble; Arcanor: a duo's inner piece, then the piece covering it).
    #[must_use]
    pub fn stack(self, cell: Coord) -> Vec<PieceId> {
        match self {
            PosRef::Arkes(p) => p
                .board()
                .get(cell)
                .pieces()
                .map(|piece| match piece.kind {
                    PieceKind::Token => PieceId::Token(piece.seat),
                    PieceKind::Marble => PieceId::Marble(piece.seat),
                })
                .collect(),
            PosRef::Arcanor(p) => {
                p.get(cell).pieces().map(|piece| PieceId::Doll(piece.seat, piece.value.get())).collect()
            }
        }
    }

    /// Every occupied cell with its pieces, bottom first.
    #[must_use]
    pub fn stacks(self) -> Vec<(Coord, Vec<PieceId>)> {
        self.shape().coords().map(|c| (c, self.stack(c))).filter(|(_, s)| !s.is_empty()).collect()
    }

    /// ARKES's golden cell (R1), `None` in Arcanor.
    #[must_use]
    pub fn golden_cell(self) -> Option<Coord> {
        match self {
            PosRef::Arkes(p) => Some(p.board().golden_cell()),
            PosRef::Arcanor(_) => None,
        }
    }

    /// The rank (0-based) where `seat`'s pieces score in Arcanor (A8);
    /// `None` in ARKES.
    #[must_use]
    pub fn target_rank(self, seat: Seat) -> Option<u8> {
        match self {
            PosRef::Arkes(_) => None,
            PosRef::Arcanor(_) => Some(arcanor_engine::target_rank(seat)),
        }
    }

    /// Whether the formation on `cell` is frozen (Arcanor A8).
    #[must_use]
    pub fn is_frozen(self, cell: Coord) -> bool {
        match self {
            PosRef::Arkes(_) => false,
            PosRef::Arcanor(p) => p.is_frozen(cell),
        }
    }

    /// `seat`'s score (Arcanor A9), `None` in ARKES.
    #[must_use]
    pub fn score(self, seat: Seat) -> Option<u8> {
        match self {
            PosRef::Arkes(_) => None,
            PosRef::Arcanor(p) => Some(p.score(seat)),
        }
    }

    /// Where `seat`'s marble is (ARKES), `None` otherwise.
    #[must_use]
    pub fn marble(self, seat: Seat) -> Option<Coord> {
        match self {
            PosRef::Arkes(p) => p.marble(seat),
            PosRef::Arcanor(_) => None,
        }
    }

    /// The Zobrist hash of the state.
    #[must_use]
    pub fn hash(self) -> u64 {
        match self {
            PosRef::Arkes(p) => p.hash(),
            PosRef::Arcanor(p) => p.hash(),
        }
    }

    /// The position in the engine's text format.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            PosRef::Arkes(p) => p.to_string(),
            PosRef::Arcanor(p) => p.to_string(),
        }
    }
}
