//! Arcanor (ARCANOR.md) as the front ends see it: nesting pieces worth 1 to
//! 4, duos that move whole or let their top piece go, eats, frozen pieces
//! and scores, two players on an 8 × 7 board.

use std::ops::RangeInclusive;

use arcanor_engine::MoveText;
use game_core::{BoardShape, Coord, PlyReport, Seat};

pub use arcanor_engine::Arcanor;

use crate::board_game::{BoardGame, BoardPosition};
use crate::def::Def;
use crate::dynamic::GameKind;
use crate::report::AnyReport;
use crate::values::{Action, CellMark, ClickHelp, PieceId, WinKind};

/// Arcanor in the list of games.
pub const KIND: GameKind = Def::<Arcanor>::KIND;

/// `seat`'s piece worth `value` (1, the largest, to 4).
#[must_use]
pub fn piece(seat: Seat, value: u8) -> PieceId {
    PieceId { seat, code: value }
}

/// The value (1 to 4) of `piece` (of an Arcanor position).
#[must_use]
pub fn value(piece: PieceId) -> u8 {
    piece.code
}

fn piece_id(piece: arcanor_engine::Piece) -> PieceId {
    self::piece(piece.seat, piece.value.get())
}

impl BoardPosition for arcanor_engine::Position {
    type Game = Arcanor;
}

impl BoardGame for Arcanor {
    const NAME_KEY: &'static str = "game-arcanor";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    const SIDES: &'static [u8] = &[];
    const DEFAULT_SIDE: u8 = 8;
    const CAPTURE_LIMIT_KEY: &'static str = "new-game-eat-limit";
    const MOVE_CHARS: usize = 7;
    const STACK_STEP: f32 = 0.0;

    /// The start of A3 (South and North, A1; the board is always 8 × 7).
    fn new_setup(players: usize, _side: u8) -> Result<arcanor_engine::Setup, String> {
        if players != 2 {
            return Err(format!("A1: Arcanor is for 2 players, not {players}"));
        }
        Ok(arcanor_engine::Setup::standard())
    }

    fn seat_order(_setup: &arcanor_engine::Setup) -> Vec<Seat> {
        vec![Seat::South, Seat::North]
    }

    fn shape(_position: &arcanor_engine::Position) -> BoardShape {
        arcanor_engine::SHAPE
    }

    fn stack(position: &arcanor_engine::Position, cell: Coord) -> Vec<PieceId> {
        position.get(cell).pieces().map(piece_id).collect()
    }

    fn piece_text(piece: PieceId) -> String {
        format!("{}{}", piece.seat.letter(), value(piece))
    }

    /// Each seat's home row (A1) and target row (A8).
    fn marks(_position: &arcanor_engine::Position) -> Vec<(Coord, CellMark)> {
        let mut marks = Vec::new();
        for seat in [Seat::South, Seat::North] {
            for file in 0..arcanor_engine::FILES {
                marks.push((Coord::new(file, arcanor_engine::home_rank(seat)), CellMark::Home(seat)));
                marks.push((Coord::new(file, arcanor_engine::target_rank(seat)), CellMark::Target(seat)));
            }
        }
        marks
    }

    fn is_frozen(position: &arcanor_engine::Position, cell: Coord) -> bool {
        position.is_frozen(cell)
    }

    fn score(position: &arcanor_engine::Position, seat: Seat) -> Option<u8> {
        Some(position.score(seat))
    }

    fn action(mv: arcanor_engine::Move) -> Action {
        Action { from: mv.from, to: mv.to, whole: mv.is_whole_duo(), capture: mv.eats }
    }

    fn legal_move(
        position: &arcanor_engine::Position,
        action: Action,
    ) -> Result<arcanor_engine::Move, String> {
        if let Some(mv) = position
            .legal_moves()
            .into_iter()
            .find(|m| m.from == action.from && m.to == action.to && m.is_whole_duo() == action.whole)
        {
            return Ok(mv);
        }
        // No legal move matches: the engine names the rule against it.
        let from = position.get(action.from);
        let text = MoveText {
            values: from.top().map(|top| {
                let inner = from.under().filter(|_| action.whole);
                (top.value, inner.map(|i| i.value))
            }),
            from: action.from,
            to: action.to,
            eat: action.capture,
        };
        Err(match position.resolve(text) {
            Err(e) => e.to_string(),
            Ok(_) => "the game is over".to_owned(),
        })
    }

    fn report(report: &PlyReport<Arcanor>, before: &arcanor_engine::Position) -> AnyReport {
        let mut any =
            AnyReport::new(report.mover, report.mv.map(Arcanor::action), report.mv.map(|m| m.to_string()));
        if let Some(undo) = report.steps.first() {
            let mut after = before.clone();
            after.play_unchecked(undo.mv());
            for cell in [undo.mv().to, undo.mv().from] {
                if after.is_frozen(cell) && !before.is_frozen(cell) {
                    any.froze.push(cell);
                }
            }
            any.eaten = undo.eaten().map(piece_id);
            any.freed = undo.freed().map(piece_id);
        }
        any.outcome = report.outcome.map(Arcanor::any_outcome);
        any
    }

    fn win_kind(reason: arcanor_engine::WinReason) -> WinKind {
        let (id, key) = match reason {
            arcanor_engine::WinReason::Points => ("points", "outcome-points"),
            arcanor_engine::WinReason::NoLegalMove => ("no_legal_move", "outcome-no-move"),
            arcanor_engine::WinReason::Time => ("time", "outcome-time"),
            arcanor_engine::WinReason::Resignation => ("resignation", "outcome-resigned"),
        };
        WinKind { id, key, on_goal: false }
    }

    /// What the next click does: a duo picked moves whole (again: its top
    /// piece alone, A5), a top piece alone (again: drop it).
    fn click_help(position: &arcanor_engine::Position, from: Option<Coord>, whole: bool) -> ClickHelp {
        let formation = from.map(|c| position.get(c)).unwrap_or_default();
        let top = formation.top().map(|p| u32::from(p.value.get()));
        match top {
            Some(_) if whole => ClickHelp { key: "hint-duo-whole", top },
            Some(_) if formation.len() == 2 => ClickHelp { key: "hint-duo-top", top },
            _ => ClickHelp { key: "hint-play-arcanor", top: None },
        }
    }
}
