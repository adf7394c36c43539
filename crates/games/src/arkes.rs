//! ARKES (RULES.md) as the front ends see it: tokens and marbles that stack
//! two high, the golden cell, 2 to 4 players on boards of 5 to 11.

use std::ops::RangeInclusive;

use arkes_engine::{MoveKind, PieceKind, PlyEffects};
use game_core::{BoardShape, Coord, PlyReport, Seat};

pub use arkes_engine::Arkes;

use crate::board_game::{BoardGame, BoardPosition};
use crate::def::Def;
use crate::dynamic::GameKind;
use crate::report::{AnyReport, Departure};
use crate::values::{Action, CellMark, ClickHelp, PieceId, WinKind};

/// ARKES in the list of games.
pub const KIND: GameKind = Def::<Arkes>::KIND;

/// The code of a token in a [`PieceId`].
const TOKEN: u8 = 0;
/// The code of a marble in a [`PieceId`].
const MARBLE: u8 = 1;

/// `seat`'s token.
#[must_use]
pub fn token(seat: Seat) -> PieceId {
    PieceId { seat, code: TOKEN }
}

/// `seat`'s marble.
#[must_use]
pub fn marble(seat: Seat) -> PieceId {
    PieceId { seat, code: MARBLE }
}

/// Whether `piece` (of an ARKES position) is a marble.
#[must_use]
pub fn is_marble(piece: PieceId) -> bool {
    piece.code == MARBLE
}

fn piece_id(piece: arkes_engine::Piece) -> PieceId {
    match piece.kind {
        PieceKind::Token => token(piece.seat),
        PieceKind::Marble => marble(piece.seat),
    }
}

impl BoardPosition for arkes_engine::Position {
    type Game = Arkes;
}

impl BoardGame for Arkes {
    const NAME_KEY: &'static str = "game-arkes";
    const PLAYERS: RangeInclusive<usize> = 2..=4;
    const SIDES: &'static [u8] = &[5, 7, 9, 11];
    const DEFAULT_SIDE: u8 = 9;
    const CAPTURE_LIMIT_KEY: &'static str = "new-game-capture-limit";
    const MOVE_CHARS: usize = 6;
    const STACK_STEP: f32 = 0.18;

    fn new_setup(players: usize, side: u8) -> Result<arkes_engine::Setup, String> {
        arkes_engine::Setup::standard(players, side).map_err(|e| e.to_string())
    }

    fn seat_order(setup: &arkes_engine::Setup) -> Vec<Seat> {
        setup.seats.clone()
    }

    fn shape(position: &arkes_engine::Position) -> BoardShape {
        position.board().shape()
    }

    fn stack(position: &arkes_engine::Position, cell: Coord) -> Vec<PieceId> {
        position.board().get(cell).pieces().map(piece_id).collect()
    }

    fn piece_text(piece: PieceId) -> String {
        let letter = piece.seat.letter();
        if is_marble(piece) { letter.to_ascii_lowercase() } else { letter }.to_string()
    }

    /// A marble: a seat whose marble is lost is out (R7, R12).
    fn is_leader(piece: PieceId) -> bool {
        is_marble(piece)
    }

    /// The golden cell (R1), every seat's goal (R11).
    fn marks(position: &arkes_engine::Position) -> Vec<(Coord, CellMark)> {
        vec![(position.board().golden_cell(), CellMark::Goal)]
    }

    fn action(mv: arkes_engine::Move) -> Action {
        Action { from: mv.from, to: mv.to, whole: false, capture: mv.is_capture() }
    }

    /// Only the top piece moves (R4): an action moving a whole stack names
    /// no move.
    fn legal_move(position: &arkes_engine::Position, action: Action) -> Result<arkes_engine::Move, String> {
        let mv = position.check(action.from, action.to).map_err(|e| e.to_string())?;
        if action.whole {
            return Err("R4: only the top piece of a cell moves".into());
        }
        Ok(mv)
    }

    fn report(report: &PlyReport<Arkes>, _before: &arkes_engine::Position) -> AnyReport {
        let mut any =
            AnyReport::new(report.mover, report.mv.map(Arkes::action), report.mv.map(|m| m.to_string()));
        if let Some(c) = report.captured() {
            let piece = piece_id(c.piece);
            any.departures.push(Departure {
                piece,
                leader: is_marble(piece),
                cell: c.cell,
                level: c.level,
                by: Some(report.mover),
            });
        }
        for e in report.eliminated() {
            any.departures.push(Departure {
                piece: marble(e.seat),
                leader: true,
                cell: e.cell,
                level: 1,
                by: None,
            });
            any.eliminated.push(e.seat);
        }
        any.stacked = report.mv.is_some_and(|m| m.kind == MoveKind::Stack);
        any.outcome = report.outcome.map(Arkes::any_outcome);
        any
    }

    fn win_kind(reason: arkes_engine::WinReason) -> WinKind {
        match reason {
            arkes_engine::WinReason::GoldenCell => {
                WinKind { id: "golden_cell", key: "outcome-golden-cell", on_goal: true }
            }
            arkes_engine::WinReason::LastMarble => {
                WinKind { id: "last_marble", key: "outcome-last-marble", on_goal: false }
            }
        }
    }

    fn click_help(_position: &arkes_engine::Position, _from: Option<Coord>, _whole: bool) -> ClickHelp {
        ClickHelp { key: "hint-play", top: None }
    }
}
