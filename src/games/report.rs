//! What a ply did and how a game ended, in game-neutral terms for the views
//! (animation, sound, HUD, automation).

use arkes_engine::PlyEffects;
use game_core::{Coord, DrawReason, Outcome, Seat};

use super::{Action, PieceId};

/// Why a seat won, in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// ARKES R11: a marble on the golden cell.
    GoldenCell,
    /// ARKES R14: the last marble standing.
    LastMarble,
    /// Arcanor A10: 12 points.
    Points,
    /// Arcanor A11: the opponent could not move.
    NoLegalMove,
    /// Arcanor A12: the opponent's clock ran out.
    Time,
}

impl WinKind {
    /// The short name for automation and translations (`golden_cell`…).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            WinKind::GoldenCell => "golden_cell",
            WinKind::LastMarble => "last_marble",
            WinKind::Points => "points",
            WinKind::NoLegalMove => "no_legal_move",
            WinKind::Time => "time",
        }
    }
}

/// How a game ended, in either game.
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
    pub(super) fn of_arkes(outcome: arkes_engine::Outcome) -> AnyOutcome {
        match outcome {
            Outcome::Win(w) => AnyOutcome::Win {
                seat: w.seat,
                reason: match w.reason {
                    arkes_engine::WinReason::GoldenCell => WinKind::GoldenCell,
                    arkes_engine::WinReason::LastMarble => WinKind::LastMarble,
                },
            },
            Outcome::Draw(d) => AnyOutcome::Draw(d),
        }
    }

    pub(super) fn of_arcanor(outcome: arcanor_engine::GameOutcome) -> AnyOutcome {
        match outcome {
            Outcome::Win(w) => AnyOutcome::Win {
                seat: w.seat,
                reason: match w.reason {
                    arcanor_engine::WinReason::Points => WinKind::Points,
                    arcanor_engine::WinReason::NoLegalMove => WinKind::NoLegalMove,
                    arcanor_engine::WinReason::Time => WinKind::Time,
                },
            },
            Outcome::Draw(d) => AnyOutcome::Draw(d),
        }
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            AnyOutcome::Win { seat, .. } => Some(seat),
            AnyOutcome::Draw(_) => None,
        }
    }
}

/// A piece that left the board (ARKES R7–R9, R12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The piece.
    pub piece: PieceId,
    /// Its cell.
    pub cell: Coord,
    /// Its level there (0 = bottom).
    pub level: u8,
    /// The seat that captured it; `None` for a marble removed (R12).
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
    /// Pieces that left the board, in order (ARKES captures and eliminations).
    pub departures: Vec<Departure>,
    /// Seats eliminated (ARKES R12), in order.
    pub eliminated: Vec<Seat>,
    /// An ARKES token stepped onto a single token, making a tower or a siege (R5).
    pub stacked: bool,
    /// The piece eaten, which stays inside its eater (Arcanor A7).
    pub eaten: Option<PieceId>,
    /// The piece freed when a top piece left its duo (Arcanor A5).
    pub freed: Option<PieceId>,
    /// Cells whose formation froze on its target row by this ply (Arcanor A8).
    pub froze: Vec<Coord>,
    /// How the game ended, if this ply ended it.
    pub outcome: Option<AnyOutcome>,
}

impl AnyReport {
    pub(super) fn of_arkes(report: &arkes_engine::PlyReport, _before: &arkes_engine::Position) -> AnyReport {
        let mut departures = Vec::new();
        if let Some(c) = report.captured() {
            let piece = if c.piece.is_marble() {
                PieceId::Marble(c.piece.seat)
            } else {
                PieceId::Token(c.piece.seat)
            };
            departures.push(Departure { piece, cell: c.cell, level: c.level, by: Some(report.mover) });
        }
        let eliminated = report.eliminated();
        for e in &eliminated {
            departures.push(Departure { piece: PieceId::Marble(e.seat), cell: e.cell, level: 1, by: None });
        }
        AnyReport {
            mover: report.mover,
            action: report.mv.map(Action::of_arkes),
            notation: report.mv.map(|m| m.to_string()),
            departures,
            eliminated: eliminated.iter().map(|e| e.seat).collect(),
            stacked: report.mv.is_some_and(|m| m.kind == arkes_engine::MoveKind::Stack),
            eaten: None,
            freed: None,
            froze: Vec::new(),
            outcome: report.outcome.map(AnyOutcome::of_arkes),
        }
    }

    pub(super) fn of_arcanor(
        report: &arcanor_engine::PlyReport,
        before: &arcanor_engine::Position,
    ) -> AnyReport {
        let doll = |p: arcanor_engine::Piece| PieceId::Doll(p.seat, p.value.get());
        let step = report.steps.first();
        let mut after = before.clone();
        let mut froze = Vec::new();
        if let Some(undo) = step {
            after.play_unchecked(undo.mv());
            for cell in [undo.mv().to, undo.mv().from] {
                if after.is_frozen(cell) && !before.is_frozen(cell) {
                    froze.push(cell);
                }
            }
        }
        AnyReport {
            mover: report.mover,
            action: report.mv.map(Action::of_arcanor),
            notation: report.mv.map(|m| m.to_string()),
            departures: Vec::new(),
            eliminated: Vec::new(),
            stacked: false,
            eaten: step.and_then(|u| u.eaten()).map(doll),
            freed: step.and_then(|u| u.freed()).map(doll),
            froze,
            outcome: report.outcome.map(AnyOutcome::of_arcanor),
        }
    }
}
