//! The plies of a game record ([`Ply`]) and what playing one reports
//! ([`PlyReport`], [`PlyInfo`]) or why it was refused ([`PlyError`],
//! [`MoveError`]).

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::{Outcome, Rules};
use crate::seat::Seat;

/// One step of a game record: a move, a time-out of the seat to move, or
/// its resignation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "ply", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ply<T> {
    /// The seat to move played `mv` after thinking `ms` milliseconds.
    Move {
        /// The move, in notation.
        #[serde(rename = "move")]
        mv: T,
        /// Milliseconds its clock ran for this move (0 without a clock).
        #[serde(default)]
        ms: u64,
    },
    /// The clock of the seat to move ran out after `ms` milliseconds.
    TimeOut {
        /// Milliseconds its clock ran on this turn.
        #[serde(default)]
        ms: u64,
    },
    /// The seat to move resigned after `ms` milliseconds: its rules treat
    /// it as a seat that can play no more ([`Rules::resign`]).
    Resign {
        /// Milliseconds its clock ran on this turn (0 without a clock).
        #[serde(default)]
        ms: u64,
    },
}

/// Why a ply cannot be played (by [`Game::play`]) or replayed (from a record).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlyError<E> {
    /// The game has ended: a win, or a draw by the rules or a limit.
    #[error("the game is over")]
    GameOver,
    /// The move is illegal at that point.
    #[error(transparent)]
    Illegal(E),
    /// A time-out recorded in a game without clocks.
    #[error("a time-out in a game without clocks")]
    TimeOutWithoutClock,
    /// A move that took at least as long as the seat's clock had left: its
    /// clock ran out first (a time-out, not a move).
    #[error("the move took {ms} ms but the clock had only {left} ms left")]
    OverTime {
        /// Milliseconds recorded.
        ms: u64,
        /// Milliseconds the clock had.
        left: u64,
    },
}

/// Why a move given as text cannot be played: malformed or not playable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError<P, E> {
    /// The text is not a move.
    #[error(transparent)]
    Parse(P),
    /// The move cannot be played now.
    #[error(transparent)]
    Ply(PlyError<E>),
}

/// What one ply did, for the views (animation, sound, HUD).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReport<R: Rules> {
    /// The seat that moved or ran out of time.
    pub mover: Seat,
    /// The move, `None` for a time-out.
    pub mv: Option<R::Move>,
    /// The steps the rules took, in order: the move (or the time-out's
    /// elimination), then each start-of-turn elimination. Each engine's
    /// undo record tells what its step did (captures, removals).
    pub steps: Vec<R::Undo>,
    /// How the game ended, if this ply ended it.
    pub outcome: Option<Outcome<R::WinReason>>,
}

/// When and by whom a ply was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PlyInfo {
    /// The seat that moved (or ran out of time).
    pub mover: Seat,
    /// The round it was played in, from 1.
    pub round: u32,
}

impl<T: fmt::Display> fmt::Display for Ply<T> {
    /// The move in notation, `timeout` or `resign`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move { mv, .. } => write!(f, "{mv}"),
            Ply::TimeOut { .. } => f.write_str("timeout"),
            Ply::Resign { .. } => f.write_str("resign"),
        }
    }
}
