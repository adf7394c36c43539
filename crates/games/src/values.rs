//! The game-neutral values the games answer with: actions, pieces, marked
//! cells, hints and reasons of a win.

use game_core::{Coord, Seat};

/// A legal move as the interface names it: the cell left, the cell reached,
/// whether a whole stack moves (an Arcanor duo, A5; otherwise its top piece
/// alone or the lone piece), and whether it captures (ARKES R7, R8) or eats
/// (Arcanor A6). Cells as in the engines: file letter, rank from 1 (`b1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The cell left.
    pub from: Coord,
    /// The cell reached.
    pub to: Coord,
    /// A whole stack moves (an Arcanor duo); never in ARKES.
    pub whole: bool,
    /// A capture or an eat.
    pub capture: bool,
}

/// A piece as the views see it: its owner and a code its game gives it
/// (ARKES: a token 0, a marble 1; Arcanor: its value 1 to 4). The game is
/// the position's the piece comes from; the game's module in this crate
/// makes and reads the codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId {
    /// The owner.
    pub seat: Seat,
    /// What piece it is, in its game's terms.
    pub code: u8,
}

impl PieceId {
    /// The owner.
    #[must_use]
    pub fn seat(self) -> Seat {
        self.seat
    }
}

/// A cell that looks and counts differently (shown on the board, and where
/// a win is celebrated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellMark {
    /// A cell every seat aims for (ARKES's golden cell, R1, R11).
    Goal,
    /// A seat's home row (Arcanor A1).
    Home(Seat),
    /// Where a seat's pieces score (Arcanor's target row, A8).
    Target(Seat),
}

/// The line under the board: what a click or tap does now, as a text key of
/// the interface (`hint-play`…) and the value of the top piece picked, if
/// the key names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClickHelp {
    /// The text key.
    pub key: &'static str,
    /// The value of the top piece picked (the key's `$top`).
    pub top: Option<u32>,
}

/// Why a seat won, in game-neutral terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinKind {
    /// The short name for automation and records (`golden_cell`, `points`…).
    pub id: &'static str,
    /// The interface's text key of the outcome (`outcome-golden-cell`…).
    pub key: &'static str,
    /// The winner's leading piece won by reaching a [`CellMark::Goal`]
    /// (ARKES R11): the views celebrate it there.
    pub on_goal: bool,
}

/// The coach's judgement of one ply: the move played and the best move
/// found, the mover's win chance (0 to 1) with each, the verdict, and each
/// seat's chance after the move.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// The ply, from 1.
    pub ply: usize,
    /// The seat that moved.
    pub seat: Seat,
    /// The move played.
    pub played: Action,
    /// The move played, in the game's notation.
    pub played_text: String,
    /// The best move found.
    pub best: Action,
    /// The best move, in the game's notation.
    pub best_text: String,
    /// The mover's chance with the best move.
    pub before: f64,
    /// The mover's chance after the move played.
    pub after: f64,
    /// How good the move was.
    pub verdict: game_ai::Verdict,
    /// Each seat's chance after the move, seats in turn order.
    pub chances: Vec<(Seat, f64)>,
}
