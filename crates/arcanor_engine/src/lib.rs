//! The rules of Arcanor (Michaël Aguilar, 1994), a two-player game of
//! nesting pieces, as numbered in the project's `ARCANOR.md` (A1–A12). No
//! I/O, no clock, no randomness; built on [`game_core`], whose [`Game`]
//! adds limits, clocks, undo/redo and saves.
//!
//! - [`Piece`] (a seat and a [`Value`] 1–4) and [`Formation`] (a lone piece
//!   or a duo, the top piece covering the inner one).
//! - [`Setup`] (plain data) → [`Position::from_setup`] → [`Position`], which
//!   generates [`Position::legal_moves`] (a lone piece, a whole duo, or a
//!   duo's top piece alone, one step in 8 directions), plays and undoes
//!   moves, keeps the scores of frozen pieces (A8, A9), hashes incrementally
//!   (Zobrist, with the side to move) and counts repetitions (A12) exactly,
//!   in O(1) per move.
//! - [`Arcanor`]: the [`game_core::Rules`] of the game.
//!
//! # The position format
//!
//! An ASCII diagram, rank 7 (North's home row) first, each rank line starting
//! with its number, the files lettered underneath, then the seat to move. A
//! cell is `.` when empty, otherwise its pieces bottom first, each as its
//! seat's letter and its value: `S2` is South's lone 2, `S2S1` South's 1
//! covering South's 2, `N4S3` South's 3 holding North's 4 prisoner. Blank
//! lines, lines starting with `#` (the scores are written as one) and
//! spacing do not matter.
//!
//! ```
//! use arcanor_engine::{Position, Seat};
//!
//! let text = "\
//! 7 .    N2N1 N4N3 N2N1 N4N3 N2N1 N4N3 .
//! 6 .    .    .    .    .    .    .    .
//! 5 .    .    .    .    .    .    .    .
//! 4 .    .    .    .    .    .    .    .
//! 3 .    .    .    .    .    .    .    .
//! 2 .    .    .    .    .    .    .    .
//! 1 .    S2S1 S4S3 S2S1 S4S3 S2S1 S4S3 .
//!   a    b    c    d    e    f    g    h
//! to move: South
//! ## score: South 0, North 0
//! ";
//! let mut position: Position = text.parse().unwrap();
//! assert_eq!(position, Position::standard());
//! assert_eq!(position.to_string(), text);
//! assert_eq!(position.legal_moves().len(), 40);
//! let mv = position.parse_move("1b1-b2").unwrap(); // the 1 leaves its duo alone
//! position.play(mv).unwrap();
//! assert_eq!(position.get("b1".parse().unwrap()).to_text(), "S2");
//! assert_eq!(position.to_move(), Seat::North);
//! ```
//!
//! # Moves
//!
//! Written as in ARCANOR.md: the values of the pieces that move, top first,
//! the cell left, `-` for a step or `x` for eating, the cell reached:
//! `12b1-b2` (a whole duo), `1b1-b2` (its top piece alone), `3c4xd5` (a 3
//! eats a 4). When reading, the values may be left out only for a cell
//! holding a lone piece, and `-` or `x` may be wrong ([`MoveText`],
//! [`Position::resolve`]). Printed moves are always canonical.
//!
//! # Decisions the engine takes
//!
//! Besides those of ARCANOR.md (A1, A3, A4, A11, A12):
//!
//! - A set-up is checked for A1 (South and North only, the 8 × 7 board), A2
//!   (three pieces of each value at most per player; a duo's top piece is
//!   exactly one value larger than the inner one), A4 (at most two pieces a
//!   cell) and A10 (not both players at 12 already). A set-up may have fewer
//!   pieces than the start.
//! - 12 points (A10) and the third repetition (A12) are decided by the move
//!   that makes them; a seat with no legal move loses at the start of its
//!   turn (A11), after [`Game`] has checked the round limits, so a move that
//!   ends the last round draws even if it leaves the opponent stuck.
//! - [`Position::outcome`] tells all three; [`Position::decided`] leaves out
//!   A11.

mod board;
mod game;
mod movegen;
mod mv;
mod piece;
mod play;
mod position;
mod setup;
pub mod zobrist;

pub use board::{CELLS, FILES, Grid, RANKS, SHAPE, cell_index, coord_of, home_rank, target_rank};
pub use game::{
    Arcanor, Game, GameOutcome, GameRecord, LoadError, ParseRecordError, Ply, PlyError, PlyReport,
};
pub use game_core::{BySeat, Clock, Coord, DrawReason, Limits, Outcome, Seat, Win};
pub use mv::{IllegalMoveError, Move, MoveError, MoveText, ParseMoveError};
pub use piece::{Formation, ParsePieceError, Piece, Value, is_arcanor_seat, opponent};
pub use position::{ParsePositionError, Position, State, Undo, WINNING_SCORE, WinReason};
pub use setup::{ParseSetupError, Placement, Setup, SetupError, diagram};

/// The number of legal move sequences of `depth` plies from `position`
/// (A5–A8; a decided position has none).
///
/// ```
/// use arcanor_engine::{Position, perft};
/// assert_eq!(perft(&mut Position::standard(), 2), 1_600);
/// ```
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    game_core::perft::<Arcanor>(position, depth)
}
