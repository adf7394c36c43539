//! Playing and taking back moves on a [`Position`]: stacking, captures
//! (R5–R9), the seats eliminated when they cannot move (R12) and the turn
//! passing on (R2), all incremental (the hash and the states of R10).

use game_core::{Coord, Seat, SeatSet};

use crate::mv::{IllegalMoveError, Move};
use crate::piece::Formation;
use crate::position::{Captured, Elimination};
use crate::position::{Position, Undo};
use crate::zobrist;

impl Position {
    /// The seat to move after `mover` moves, given the seats then in.
    #[inline]
    pub(crate) fn next_seat(seats_in: SeatSet, mover: Seat) -> Seat {
        seats_in.next_after(mover).unwrap_or(mover)
    }

    /// Plays the move named by `mv.from`, `mv.to` (its kind is recomputed),
    /// then eliminates every following seat left without a legal move (R12).
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids the move; the
    /// position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        let mv = self.check(mv.from, mv.to)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`], without
    /// checking it; for search. Eliminations of R12 follow as in
    /// [`Position::play`].
    ///
    /// # Panics
    /// May panic, or corrupt the position, if `mv` is not legal.
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let mut undo = self.play_move_only(mv);
        self.eliminate_stuck(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// Plays `mv` (legal) and passes the turn, without the start-of-turn
    /// check of R12 for the next seat ([`crate::Game`] makes it in its own
    /// step, after checking the limits of R15).
    pub(crate) fn play_move_only(&mut self, mv: Move) -> Undo {
        let mut undo = self.empty_undo(Some(mv));
        let from_f = self.board.get(mv.from);
        let target = self.board.get(mv.to);
        let piece = from_f.top().expect("play_unchecked: no piece on the origin");
        let (landed, captured) = Position::land(piece, mv.kind, target);
        undo.push_cell(mv.from, from_f);
        undo.push_cell(mv.to, target);
        self.set_cell(mv.from, from_f.without_top());
        self.set_cell(mv.to, landed);
        if piece.is_marble() {
            self.marbles[piece.seat] = Some(mv.to);
        }
        if let Some((p, level)) = captured {
            undo.captured = Some(Captured { piece: p, cell: mv.to, level });
            if p.is_marble() {
                self.marbles[p.seat] = None;
                self.seats_in.remove(p.seat);
            }
        }
        self.pass_turn(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// The start-of-turn check of R12 for the seat to move alone: if it has
    /// no legal move (and the game goes on), its marble is removed and the
    /// turn passes; the undo record of that removal.
    pub(crate) fn eliminate_if_stuck(&mut self) -> Option<Undo> {
        if self.outcome().is_some() || self.has_legal_move() {
            return None;
        }
        Some(self.eliminate_one())
    }

    /// Removes the marble of the seat to move and passes the turn (R12),
    /// nothing more.
    pub(crate) fn eliminate_one(&mut self) -> Undo {
        let mut undo = self.empty_undo(None);
        self.remove_marble_to_move(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// Removes the marble of the seat to move and passes the turn (R12, used
    /// when its clock runs out); then eliminates following seats left without
    /// a legal move, as after a move.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] if the game is already decided.
    pub fn eliminate_to_move(&mut self) -> Result<Undo, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let mut undo = self.empty_undo(None);
        self.remove_marble_to_move(&mut undo);
        self.eliminate_stuck(&mut undo);
        undo.after = self.hash;
        Ok(undo)
    }

    /// Takes back what `undo` recorded.
    ///
    /// # Panics
    /// If `undo` is not the record of the last step played on this position
    /// (its hash after the step is not this position's): a foreign record
    /// would corrupt the position, so it is refused.
    pub fn undo(&mut self, undo: Undo) {
        assert_eq!(
            self.hash, undo.after,
            "Position::undo: the undo record is not of the last step played on this position"
        );
        for _ in 0..undo.pushed {
            self.history.pop();
        }
        for &(cell, formation) in undo.cells[..undo.cell_count as usize].iter().rev() {
            self.put(cell, formation);
        }
        self.to_move = undo.to_move;
        self.seats_in = undo.seats_in;
        self.marbles = undo.marbles;
        self.hash = undo.hash;
    }

    pub(crate) fn empty_undo(&self, mv: Option<Move>) -> Undo {
        Undo {
            mv,
            mover: self.to_move,
            captured: None,
            eliminated: [None; 3],
            cells: [(Coord::new(0, 0), Formation::EMPTY); 5],
            cell_count: 0,
            pushed: 0,
            to_move: self.to_move,
            seats_in: self.seats_in,
            marbles: self.marbles,
            hash: self.hash,
            after: self.hash,
        }
    }

    pub(crate) fn set_cell(&mut self, cell: Coord, formation: Formation) {
        self.hash ^=
            zobrist::formation_key(cell, self.board.get(cell)) ^ zobrist::formation_key(cell, formation);
        self.put(cell, formation);
    }

    /// Puts `formation` on `cell`, keeping the record of the seats' top
    /// pieces (not the hash).
    #[inline]
    fn put(&mut self, cell: Coord, formation: Formation) {
        let bit = 1u128 << cell.index();
        if let Some(top) = self.board.get(cell).top() {
            self.tops[top.seat.index()] &= !bit;
        }
        if let Some(top) = formation.top() {
            self.tops[top.seat.index()] |= bit;
        }
        self.board.set(cell, formation);
    }

    /// Gives the turn to the next seat still in and records the new state (R10).
    pub(crate) fn pass_turn(&mut self, undo: &mut Undo) {
        let next = Position::next_seat(self.seats_in, self.to_move);
        self.hash ^= zobrist::seat_key(self.to_move) ^ zobrist::seat_key(next);
        self.to_move = next;
        self.history.push(self.hash, (self.board.clone(), self.to_move));
        undo.pushed += 1;
    }

    pub(crate) fn remove_marble_to_move(&mut self, undo: &mut Undo) {
        let seat = self.to_move;
        if let Some(cell) = self.marbles[seat] {
            let formation = self.board.get(cell);
            undo.push_cell(cell, formation);
            self.set_cell(cell, formation.without_top());
            self.marbles[seat] = None;
            if let Some(slot) = undo.eliminated.iter_mut().find(|e| e.is_none()) {
                *slot = Some(Elimination { seat, cell });
            }
        }
        self.seats_in.remove(seat);
        self.pass_turn(undo);
    }

    /// R12: while the game goes on and the seat to move has no legal move, its
    /// marble is removed and the turn passes.
    pub(crate) fn eliminate_stuck(&mut self, undo: &mut Undo) {
        while self.outcome().is_none() && !self.has_legal_move() {
            self.remove_marble_to_move(undo);
        }
    }
}

impl Undo {
    pub(crate) fn push_cell(&mut self, cell: Coord, formation: Formation) {
        self.cells[self.cell_count as usize] = (cell, formation);
        self.cell_count += 1;
    }
}
