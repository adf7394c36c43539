//! What a ply did and how a game ended, in game-neutral terms for the views
//! (animation, sound, HUD, automation).

use game_core::{Coord, DrawReason, Seat};

use crate::values::{Action, PieceId, WinKind};

/// How a game ended, in whichever game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyOutcome {
    /// `seat` won.
    Win {
        /// The winner.
        seat: Seat,
        /// Why.
        reason: WinKind,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl AnyOutcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            AnyOutcome::Win { seat, .. } => Some(seat),
            AnyOutcome::Draw(_) => None,
        }
    }

    /// The short name of the outcome's reason for automation (`golden_cell`,
    /// `points`, `round_limit`…).
    #[must_use]
    pub fn reason_id(self) -> &'static str {
        match self {
            AnyOutcome::Win { reason, .. } => reason.id,
            AnyOutcome::Draw(DrawReason::RoundLimit) => "round_limit",
            AnyOutcome::Draw(DrawReason::CaptureLimit) => "capture_limit",
            AnyOutcome::Draw(DrawReason::Repetition) => "repetition",
        }
    }

    /// The interface's text key of the outcome (`outcome-golden-cell`,
    /// `outcome-round-limit`…).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            AnyOutcome::Win { reason, .. } => reason.key,
            AnyOutcome::Draw(DrawReason::RoundLimit) => "outcome-round-limit",
            AnyOutcome::Draw(DrawReason::CaptureLimit) => "outcome-capture-limit",
            AnyOutcome::Draw(DrawReason::Repetition) => "outcome-repetition",
        }
    }
}

/// A piece that left the board (ARKES R7–R9, R12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The piece.
    pub piece: PieceId,
    /// Whether it led its seat (an ARKES marble).
    pub leader: bool,
    /// Its cell.
    pub cell: Coord,
    /// Its level there (0 = bottom).
    pub level: u8,
    /// The seat that captured it; `None` for a piece removed by the rules
    /// (a marble of a seat that could not move, R12).
    pub by: Option<Seat>,
}

/// What one ply did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyReport {
    /// The seat that moved or ran out of time.
    pub mover: Seat,
    /// The move, `None` for a time-out.
    pub action: Option<Action>,
    /// The move in the game's notation.
    pub notation: Option<String>,
    /// Pieces that left the board, in order (captures and eliminations).
    pub departures: Vec<Departure>,
    /// Seats eliminated (ARKES R12), in order.
    pub eliminated: Vec<Seat>,
    /// A piece stepped onto another (an ARKES tower or siege, R5).
    pub stacked: bool,
    /// The piece eaten, which stays inside its eater (Arcanor A7), and its
    /// text (`N3`).
    pub eaten: Option<PieceId>,
    /// The piece freed when a top piece left its stack (Arcanor A5).
    pub freed: Option<PieceId>,
    /// Cells whose stack froze on its target row by this ply (Arcanor A8).
    pub froze: Vec<Coord>,
    /// How the game ended, if this ply ended it.
    pub outcome: Option<AnyOutcome>,
    /// The ply was the mover's resignation (no move, no time-out).
    pub resigned: bool,
}

impl AnyReport {
    /// A report of `mover`'s ply that did nothing but `action` (the fields a
    /// game fills in are then set by its module).
    #[must_use]
    pub fn new(mover: Seat, action: Option<Action>, notation: Option<String>) -> AnyReport {
        AnyReport {
            mover,
            action,
            notation,
            departures: Vec::new(),
            eliminated: Vec::new(),
            stacked: false,
            eaten: None,
            freed: None,
            froze: Vec::new(),
            outcome: None,
            resigned: false,
        }
    }
}
