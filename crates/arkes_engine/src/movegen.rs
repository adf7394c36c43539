//! Move generation (R3–R10): the legal moves of a [`Position`], checked
//! one by one or all at once, and the legal move a person's text names.

use std::ops::ControlFlow;

use game_core::{Coord, Seat};

use crate::mv::{IllegalMoveError, Move, MoveError, MoveKind, MoveText};
use crate::piece::{Formation, Piece, PieceKind, is_tower_of};
use crate::position::Position;
use crate::position::State;
use crate::zobrist;

/// Where the mover comes from, hoisted out of the per-destination loop.
#[derive(Clone, Copy)]
struct Origin {
    piece: Piece,
    from_tower: bool,
    /// The seat to move next when no marble is captured.
    next: Seat,
    hash_delta: u64,
}

/// Why [`Position::classify`] rejects a destination (the cell is added later).
#[derive(Clone, Copy)]
enum Reject {
    StackFull,
    MarbleNeedsOwnUnit,
    OwnMarble,
}

impl Reject {
    pub(crate) fn error(self, to: Coord) -> IllegalMoveError {
        match self {
            Reject::StackFull => IllegalMoveError::StackFull(to),
            Reject::MarbleNeedsOwnUnit => IllegalMoveError::MarbleNeedsOwnUnit(to),
            Reject::OwnMarble => IllegalMoveError::OwnMarble(to),
        }
    }
}

impl Position {
    /// Whether `mv`, whose resulting hash is `hash`, recreates a state that
    /// has occurred (R10): the hash finds candidates, the grid confirms.
    #[inline]
    pub(crate) fn repeats(&self, mv: Move, hash: u64) -> bool {
        self.history.has_key(hash) && self.history.count(hash, || self.state_after(mv)) > 0
    }

    /// The state (grid, next seat) right after `mv`, before any elimination.
    pub(crate) fn state_after(&self, mv: Move) -> State {
        let mut board = self.board.clone();
        let from_f = board.get(mv.from);
        let Some(piece) = from_f.top() else { return (board, self.to_move) };
        let (landed, captured) = Position::land(piece, mv.kind, board.get(mv.to));
        board.set(mv.from, from_f.without_top());
        board.set(mv.to, landed);
        let mut seats_in = self.seats_in;
        if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
            seats_in.remove(p.seat);
        }
        (board, Position::next_seat(seats_in, self.to_move))
    }

    /// The kind of move a `piece` coming from a tower (or not) makes onto a
    /// cell holding `target` (R5–R8), or why it may not.
    #[inline]
    fn classify(piece: Piece, from_tower: bool, target: Formation) -> Result<MoveKind, Reject> {
        let seat = piece.seat;
        if piece.kind == PieceKind::Marble {
            return if target == Formation::single(Piece::token(seat)) {
                Ok(MoveKind::Marble)
            } else {
                Err(Reject::MarbleNeedsOwnUnit)
            };
        }
        match (target.bottom(), target.upper()) {
            (None, _) => Ok(MoveKind::Step),
            (Some(b), None) => {
                if from_tower && b.seat != seat {
                    Ok(MoveKind::CaptureToken)
                } else {
                    Ok(MoveKind::Stack)
                }
            }
            (Some(b), Some(t)) => {
                if t.is_marble() {
                    if t.seat == seat { Err(Reject::OwnMarble) } else { Ok(MoveKind::CaptureMarble) }
                } else if from_tower && (t.seat != seat || b.seat != seat) {
                    Ok(MoveKind::CaptureToken)
                } else {
                    Err(Reject::StackFull)
                }
            }
        }
    }

    /// The formation left on the destination and the piece captured (R5–R8).
    #[inline]
    pub(crate) fn land(piece: Piece, kind: MoveKind, target: Formation) -> (Formation, Option<(Piece, u8)>) {
        match kind {
            MoveKind::Step => (Formation::single(piece), None),
            MoveKind::Stack | MoveKind::Marble => {
                (target.with_on_top(piece).unwrap_or(Formation::single(piece)), None)
            }
            MoveKind::CaptureMarble | MoveKind::CaptureToken => match (target.bottom(), target.upper()) {
                (Some(b), None) => (Formation::single(piece), Some((b, 0))),
                (Some(b), Some(t)) if t.seat != piece.seat => (Formation::pair(b, piece), Some((t, 1))),
                // R8: the target lies under the mover's own token, which drops.
                (Some(b), Some(t)) => (Formation::pair(t, piece), Some((b, 0))),
                (None, _) => (Formation::single(piece), None),
            },
        }
    }

    #[inline]
    fn origin(&self, from: Coord, piece: Piece, formation: Formation) -> Origin {
        let next = Position::next_seat(self.seats_in, self.to_move);
        Origin {
            piece,
            from_tower: is_tower_of(formation, piece.seat),
            next,
            hash_delta: zobrist::formation_key(from, formation)
                ^ zobrist::formation_key(from, formation.without_top())
                ^ zobrist::seat_key(self.to_move)
                ^ zobrist::seat_key(next),
        }
    }

    /// The hash after `origin.piece` moves to `to` as a `kind` move.
    #[inline]
    fn hash_after(&self, origin: Origin, to: Coord, target: Formation, kind: MoveKind) -> u64 {
        let (landed, captured) = Position::land(origin.piece, kind, target);
        let mut hash = self.hash
            ^ origin.hash_delta
            ^ zobrist::formation_key(to, target)
            ^ zobrist::formation_key(to, landed);
        if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
            // The captured seat is out: the turn may skip it (R2, R7).
            let mut seats_in = self.seats_in;
            seats_in.remove(p.seat);
            hash ^= zobrist::seat_key(origin.next)
                ^ zobrist::seat_key(Position::next_seat(seats_in, self.to_move));
        }
        hash
    }

    /// Calls `f(cell, piece, formation)` for every cell whose top piece is
    /// the seat to move's, in board order: from a1, rank by rank (ascending
    /// [`Coord::index`], read off [`Position::tops`]).
    #[inline]
    fn for_each_origin(
        &self,
        mut f: impl FnMut(Coord, Piece, Formation) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut cells = self.tops[self.to_move.index()];
        while cells != 0 {
            let index = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let from = Coord::from_index(index).expect("a cell of the board");
            let formation = self.board.get(from);
            if let Some(piece) = formation.top() {
                f(from, piece, formation)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f(move, hash after it)` for every move of the seat to move that
    /// R3–R8 allow, before the repetition rule R10 is checked.
    #[inline]
    fn for_each_candidate(&self, mut f: impl FnMut(Move, u64) -> ControlFlow<()>) -> ControlFlow<()> {
        self.for_each_origin(|from, piece, formation| {
            let origin = self.origin(from, piece, formation);
            for &to in self.board.neighbours(from) {
                let Some(to) = to else { break };
                let target = self.board.get(to);
                if let Ok(kind) = Position::classify(piece, origin.from_tower, target) {
                    f(Move { from, to, kind }, self.hash_after(origin, to, target, kind))?;
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// Appends the legal captures (R7, R8) to `out`, in the order of
    /// [`Position::legal_moves_into`]: the moves of a quiescence search.
    /// None once the game is decided. A capture never recreates a state
    /// (R10): no move adds a piece, so every state that has occurred has
    /// more pieces than the one a capture leaves, and captures need no
    /// look-up.
    pub fn capture_moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let _ = self.for_each_origin(|from, piece, formation| {
            let from_tower = is_tower_of(formation, piece.seat);
            for &to in self.board.neighbours(from) {
                let Some(to) = to else { break };
                if let Ok(kind) = Position::classify(piece, from_tower, self.board.get(to))
                    && kind.is_capture()
                {
                    out.push(Move { from, to, kind });
                }
            }
            ControlFlow::Continue(())
        });
    }

    /// Appends the legal moves (R3–R10) to `out`, in board order: origins
    /// from a1 rank by rank, destinations in [`DIRECTIONS`] order. None once
    /// the game is decided.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let _ = self.for_each_candidate(|mv, hash| {
            if !self.repeats(mv, hash) {
                out.push(mv);
            }
            ControlFlow::Continue(())
        });
    }

    /// The legal moves (R3–R10), empty once the game is decided.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves, without building the list (perft leaves).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let mut n = 0;
        let _ = self.for_each_candidate(|mv, hash| {
            n += u64::from(!self.repeats(mv, hash));
            ControlFlow::Continue(())
        });
        n
    }

    /// Whether the seat to move has a legal move (R12), stopping at the first.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.outcome().is_none()
            && self
                .for_each_candidate(|mv, hash| {
                    if self.repeats(mv, hash) { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
                })
                .is_break()
    }

    /// The legal move from `from` to `to`: a `(from, to)` pair names at most
    /// one move (R8, Decision), whose kind the board decides.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids the move.
    pub fn check(&self, from: Coord, to: Coord) -> Result<Move, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        for cell in [from, to] {
            if !self.board.contains(cell) {
                return Err(IllegalMoveError::OffBoard(cell));
            }
        }
        if !from.is_adjacent(to) {
            return Err(IllegalMoveError::NotAdjacent { from, to });
        }
        let formation = self.board.get(from);
        let piece = formation.top().ok_or(IllegalMoveError::EmptyCell(from))?;
        if piece.seat != self.to_move {
            return Err(IllegalMoveError::NotYourPiece { from, owner: piece.seat, to_move: self.to_move });
        }
        let origin = self.origin(from, piece, formation);
        let target = self.board.get(to);
        let kind = Position::classify(piece, origin.from_tower, target).map_err(|r| r.error(to))?;
        let mv = Move { from, to, kind };
        if self.repeats(mv, self.hash_after(origin, to, target, kind)) {
            return Err(IllegalMoveError::Repetition);
        }
        Ok(mv)
    }

    /// Whether the move named by `mv.from`, `mv.to` is legal (R3–R10). Its
    /// `kind` is not compared: the board decides it.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv.from, mv.to).is_ok()
    }

    /// The legal move a person's text names.
    ///
    /// # Errors
    /// As [`Position::check`].
    pub fn resolve(&self, text: MoveText) -> Result<Move, IllegalMoveError> {
        self.check(text.from, text.to)
    }

    /// Parses a move in notation (`e1-e2`, `d3xd4`, `Me1-d1`, leniently) and
    /// checks it.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move,
    /// [`MoveError::Illegal`] for a move the rules forbid.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Ok(self.resolve(text.parse::<MoveText>()?)?)
    }
}

pub(crate) mod naive {
    //! The deliberately simple path the perft benchmark compares against.
    use super::*;

    impl Position {
        /// Moves allowed by R3–R8, before R10.
        pub(crate) fn candidate_moves(&self) -> Vec<Move> {
            let mut out = Vec::new();
            if self.outcome().is_none() {
                let _ = self.for_each_candidate(|mv, _| {
                    out.push(mv);
                    ControlFlow::Continue(())
                });
            }
            out
        }

        /// Applies `mv` to a copy and rehashes the whole board; `None` when the
        /// state has occurred (R10).
        pub(crate) fn after_naive(&self, mv: Move) -> Option<Position> {
            let mut next = self.clone();
            let from_f = next.board.get(mv.from);
            let piece = from_f.top()?;
            let (landed, captured) = Position::land(piece, mv.kind, next.board.get(mv.to));
            next.board.set(mv.from, from_f.without_top());
            next.board.set(mv.to, landed);
            next.tops = Position::tops_of(&next.board);
            if piece.is_marble() {
                next.marbles[piece.seat] = Some(mv.to);
            }
            if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
                next.marbles[p.seat] = None;
                next.seats_in.remove(p.seat);
            }
            next.to_move = Position::next_seat(next.seats_in, next.to_move);
            next.hash = next.hash_from_scratch();
            let state = (next.board.clone(), next.to_move);
            if next.history.count(next.hash, || state.clone()) > 0 {
                return None;
            }
            next.history.push(next.hash, state);
            let mut undo = next.empty_undo(None);
            next.eliminate_stuck(&mut undo);
            Some(next)
        }
    }
}
