//! Move generation (A5–A8): the legal moves of a [`Position`], and the
//! legal move a person's text names.

use crate::board::{NEIGHBOURS, NO_CELL, SHAPE, cell_index, coord_of};
use crate::mv::{IllegalMoveError, Move, MoveError, MoveText};
use crate::piece::Value;
use crate::position::{Position, frozen_at};

impl Position {
    /// Calls `f` with every move of the seat to move that A5–A8 allow,
    /// origins from a1 rank by rank, destinations in direction order, a duo's
    /// whole move before its top piece's. Stops when `f` returns `false`.
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Move) -> bool) {
        let me = self.to_move;
        for (from, neighbours) in NEIGHBOURS.iter().enumerate() {
            let formation = self.grid[from];
            let Some(top) = formation.top() else { continue };
            if top.seat != me || frozen_at(formation, from) {
                continue;
            }
            let carried = formation.under().map(|p| p.value);
            let from_cell = coord_of(from);
            for &to in neighbours {
                if to == NO_CELL {
                    break;
                }
                let to = to as usize;
                let target = self.grid[to];
                let step =
                    |carried, eats| Move { from: from_cell, to: coord_of(to), top: top.value, carried, eats };
                if target.is_empty() {
                    if carried.is_some() && !f(step(carried, false)) {
                        return;
                    }
                    if !f(step(None, false)) {
                        return;
                    }
                } else if !target.is_pair()
                    && let Some(prey) = target.top()
                    && prey.seat != me
                    && top.covers(prey)
                    && !frozen_at(target, to)
                    && !f(step(None, true))
                {
                    return;
                }
            }
        }
    }

    /// Appends the legal moves (A5–A8) to `out`; none once the position is
    /// decided.
    #[inline]
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_move(|mv| {
            out.push(mv);
            true
        });
    }

    /// The legal moves, empty once the position is decided.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves, without building the list (perft leaves).
    #[inline]
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let mut n = 0;
        self.for_each_move(|_| {
            n += 1;
            true
        });
        n
    }

    /// Whether the seat to move has a legal move (A11), stopping at the first.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.decided().is_none() && self.has_a_move()
    }

    /// Whether A5–A8 allow the seat to move a move, whatever decided the
    /// position: stops at the first.
    #[inline]
    pub(crate) fn has_a_move(&self) -> bool {
        let mut any = false;
        self.for_each_move(|_| {
            any = true;
            false
        });
        any
    }

    /// The legal move a person's text names (A5, A6, A8; the values prefix
    /// may be left out for a lone piece, `-` or `x` may be wrong).
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids it.
    pub fn resolve(&self, text: MoveText) -> Result<Move, IllegalMoveError> {
        if self.decided().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let (from, to) = (text.from, text.to);
        for cell in [from, to] {
            if !SHAPE.contains(cell) {
                return Err(IllegalMoveError::OffBoard(cell));
            }
        }
        if !from.is_adjacent(to) {
            return Err(IllegalMoveError::NotAdjacent { from, to });
        }
        let formation = self.grid[cell_index(from)];
        let top = formation.top().ok_or(IllegalMoveError::EmptyCell(from))?;
        if top.seat != self.to_move {
            return Err(IllegalMoveError::NotYourPiece { from, owner: top.seat, to_move: self.to_move });
        }
        if frozen_at(formation, cell_index(from)) {
            return Err(IllegalMoveError::Frozen(from));
        }
        let inner = formation.under();
        let holds = match inner {
            Some(i) => format!("{}{}", top.value, i.value),
            None => top.value.to_string(),
        };
        let written = |(t, i): (Value, Option<Value>)| match i {
            Some(i) => format!("{t}{i}"),
            None => t.to_string(),
        };
        let whole = match (text.values, inner) {
            (None, None) => false,
            (None, Some(_)) => {
                return Err(IllegalMoveError::WhichPart { cell: from, whole: holds, top: top.value });
            }
            (Some((t, None)), _) if t == top.value => false,
            (Some((t, Some(i))), Some(inner)) if t == top.value && i == inner.value => true,
            (Some(v), _) => {
                return Err(IllegalMoveError::WrongPieces { cell: from, holds, written: written(v) });
            }
        };
        let target = self.grid[cell_index(to)];
        let Some(prey) = target.top() else {
            let carried = if whole { inner.map(|p| p.value) } else { None };
            return Ok(Move { from, to, top: top.value, carried, eats: false });
        };
        if target.is_pair() {
            return Err(IllegalMoveError::OntoDuo(to));
        }
        if prey.seat == top.seat {
            return Err(IllegalMoveError::OwnPiece(to));
        }
        if whole {
            return Err(if top.covers(prey) {
                IllegalMoveError::DuoNeverEats(to)
            } else {
                IllegalMoveError::DuoNeedsEmptyCell(to)
            });
        }
        if frozen_at(target, cell_index(to)) {
            return Err(IllegalMoveError::FrozenTarget(to));
        }
        if !top.covers(prey) {
            let eats = top.value.covers().map_or_else(|| "nothing".to_owned(), |v| v.to_string());
            return Err(IllegalMoveError::WrongValue {
                cell: to,
                mover: top.value,
                eats,
                target: prey.value,
            });
        }
        Ok(Move { from, to, top: top.value, carried: None, eats: true })
    }

    /// Parses a move in notation (leniently, see [`MoveText`]) and checks it.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move,
    /// [`MoveError::Illegal`] for a move the rules forbid.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Ok(self.resolve(text.parse::<MoveText>()?)?)
    }
}
