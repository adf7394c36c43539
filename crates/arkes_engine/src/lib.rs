//! The rules of ARKES (arquesses, arcēs), a board game for 2 to 4 players,
//! as numbered in the project's `RULES.md` (R1–R15). No I/O, no clock, no
//! randomness: the game and the AI build on it.
//!
//! - [`Coord`], [`Seat`], [`Piece`], [`Formation`]: cells (`"e5"`), seats in
//!   turn order, tokens and marbles, the ≤ 2 pieces of a cell.
//! - [`Setup`] (plain data) → [`Position::from_setup`] → [`Position`], which
//!   generates [`Position::legal_moves`], plays and undoes moves, hashes
//!   incrementally (Zobrist) and enforces the repetition rule R10.
//! - [`Game`] (the shared [`game_core::Game`] under the [`Arkes`] rules): a
//!   set-up and its plies with limits, clocks, eliminations, undo/redo, and
//!   the JSON save format ([`GameRecord`], tagged `"game": "arkes"`; saves
//!   written before the tag existed load as ARKES).
//! - [`perft`] for checking move generation.
//!
//! Coordinates and seats ([`Coord`], [`Seat`], [`BySeat`], [`SeatSet`]) are
//! [`game_core`]'s, re-exported here.
//!
//! # The position format
//!
//! A position is written as an ASCII diagram, top rank first, each rank line
//! starting with its number and each file lettered underneath. A cell is `.`
//! when empty (`*` for the empty golden cell), otherwise its pieces bottom
//! first: a capital letter for a token and a small one for a marble, by seat
//! (`S`outh, `W`est, `N`orth, `E`ast). So `S` is a South unit, `SS` a South
//! tower, `NS` a siege (North token under a South token), `Ss` a South
//! general. Two lines follow: the seat to move, and the seats still in the
//! game in turn order. Blank lines, lines starting with `#` and spacing do
//! not matter.
//!
//! ```
//! use arkes_engine::{Position, Seat};
//!
//! let text = "\
//! 5 .  N  Nn N  .
//! 4 .  .  .  .  .
//! 3 .  .  *  .  .
//! 2 .  .  .  .  .
//! 1 .  S  Ss S  .
//!   a  b  c  d  e
//! to move: South
//! in: South North
//! ";
//! let position: Position = text.parse().unwrap();
//! assert_eq!(position, Position::standard(2, 5).unwrap());
//! assert_eq!(position.to_move(), Seat::South);
//! assert_eq!(position.to_string(), text);
//! let moves: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert!(moves.contains(&"Mc1-b1".to_string()));
//! ```
//!
//! # Decisions the engine takes
//!
//! Besides those of RULES.md (R1, R2, R8, R14, R15):
//!
//! - A seat whose marble is captured (R7) is out of the game, like a seat
//!   eliminated by R12: the seats in are exactly the seats with a marble, so
//!   R14 (the last marble wins) can apply.
//! - R12 is checked whenever a seat is about to move, including the first
//!   turn of a set-up: [`Position::from_setup`] and [`Position::play`] remove
//!   the marble of a seat to move that has no legal move, so a position whose
//!   game goes on always has a legal move.
//! - A round (R15) ends each time the turn passes to a seat not later in the
//!   turn order; eliminated seats are skipped.
//! - A time-out is an elimination (R12). Clocks run one at a time, so the
//!   last seat standing wins (R14) before every clock could be out: R15's
//!   "every clock out" draw cannot arise.
//! - [`Game`] plays a move and the start-of-turn eliminations of R12 as
//!   separate steps and checks the round limits of R15 in between, when a
//!   round ends (R15, last paragraph); a set-up's own first-turn
//!   eliminations count the rounds they pass.
//!
//! # Moves
//!
//! Moves are written `from-to` (`e1-e2`), with `x` for a capture (`d3xd4`)
//! and an `M` prefix for a marble move (`Me1-d1`). A `(from, to)` pair names
//! at most one move, so when reading, a missing or wrong `M` or `x` does not
//! matter ([`MoveText`], [`Position::resolve`]).

mod board;
mod game;
mod movegen;
mod mv;
mod perft;
mod piece;
mod play;
mod position;
mod setup;
pub mod zobrist;

pub use board::{Board, MAX_SIDE, VALID_SIDES, golden_cell};
pub use game::{
    Arkes, Game, GameMoveError, GameRecord, LoadError, Outcome, ParseRecordError, Ply, PlyEffects, PlyError,
    PlyReport,
};
pub use game_core::{
    BoardShape, BySeat, Clock, ClockError, Coord, DIRECTIONS, DrawReason, Limits, MAX_CELLS, MAX_CLOCK_MS,
    ParseCoordError, ParseSeatError, PlyInfo, SAVE_FORMAT, Seat, SeatSet,
};
pub use mv::{IllegalMoveError, Move, MoveError, MoveKind, MoveText, ParseMoveError};
pub use perft::{perft, perft_naive};
pub use piece::{Formation, Piece, PieceKind};
pub use position::{Captured, Elimination, ParsePositionError, Position, State, Undo, Win, WinReason};
pub use setup::{ParseSetupError, Placement, Setup, SetupError};
