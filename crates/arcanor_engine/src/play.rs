//! Playing and taking back moves on a [`Position`]: eating (A6, A7),
//! freeing prisoners (A5), freezing and scoring (A8, A9), the states seen
//! (A12) and the hash, all incremental.

use crate::board::cell_index;
use crate::mv::{IllegalMoveError, Move};
use crate::piece::{Formation, opponent};
use crate::position::{Position, Undo, frozen_at, side_index};
use crate::zobrist;

impl Position {
    /// Plays the move `mv` names, after checking it.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids it; the
    /// position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        let mv = self.resolve(mv.text())?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`], without
    /// checking it; for search. Freezing and scores (A8, A9) and the count of
    /// repetitions (A12) follow.
    ///
    /// # Panics
    /// May panic, or corrupt the position, if `mv` is not legal.
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let (from, to) = (cell_index(mv.from), cell_index(mv.to));
        let moving = self.grid[from];
        let target = self.grid[to];
        let undo = Undo {
            mv,
            from_before: moving,
            to_before: target,
            scores: self.scores,
            repetitions: self.repetitions,
            hash: self.hash,
            after: 0,
        };
        let top = moving.top().expect("play_unchecked: no piece on the origin");
        let (left, arrived) = if mv.carried.is_some() {
            (Formation::EMPTY, moving)
        } else {
            let left = moving.under().map_or(Formation::EMPTY, Formation::single);
            let arrived = match target.top() {
                Some(prey) if mv.eats => Formation::pair(prey, top),
                _ => Formation::single(top),
            };
            (left, arrived)
        };
        // A8, A9: a formation arriving on its target row freezes and scores
        // its top piece; so does a prisoner freed on its own target row.
        if frozen_at(arrived, to) {
            self.scores[side_index(top.seat)] += top.value.get();
        }
        if let Some(freed) = left.top()
            && frozen_at(left, from)
        {
            self.scores[side_index(freed.seat)] += freed.value.get();
        }
        self.grid[from] = left;
        self.grid[to] = arrived;
        let next = opponent(self.to_move);
        self.hash ^= zobrist::formation_key(from, moving)
            ^ zobrist::formation_key(from, left)
            ^ zobrist::formation_key(to, target)
            ^ zobrist::formation_key(to, arrived)
            ^ zobrist::seat_key(self.to_move)
            ^ zobrist::seat_key(next);
        self.to_move = next;
        self.history.push(self.hash, (self.grid, self.to_move));
        let count = self.history.count(self.hash, || (self.grid, self.to_move));
        self.repetitions = u8::try_from(count).unwrap_or(u8::MAX);
        Undo { after: self.hash, ..undo }
    }

    /// Takes back the move `undo` recorded.
    ///
    /// # Panics
    /// If `undo` is not the record of the last move played on this position
    /// (its hash after the move is not this position's): a foreign record
    /// would corrupt the position, so it is refused.
    pub fn undo(&mut self, undo: Undo) {
        assert_eq!(
            self.hash, undo.after,
            "Position::undo: the undo record is not of the last move played on this position"
        );
        self.history.pop();
        self.grid[cell_index(undo.mv.from)] = undo.from_before;
        self.grid[cell_index(undo.mv.to)] = undo.to_before;
        self.scores = undo.scores;
        self.repetitions = undo.repetitions;
        self.hash = undo.hash;
        self.to_move = opponent(self.to_move);
    }
}
