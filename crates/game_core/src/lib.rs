//! What every board game of ARKES 3D shares, whatever its rules: cells of
//! rectangular boards ([`Coord`], [`BoardShape`]), seats ([`Seat`],
//! [`SeatSet`], [`BySeat`]), the [`Rules`] trait a game implements, and
//! what is built on it once for all games: [`Game`] (set-up, move list,
//! undo/redo, rounds, limits and clocks, outcome), game records in JSON
//! ([`GameRecord`], tagged with the game) and text, [`perft`], exact
//! repetition [`History`] and Zobrist key generation ([`zobrist`]).
//!
//! No I/O, no clock, no randomness. The games are `arkes_engine` (ARKES,
//! RULES.md) and `arcanor_engine` (Arcanor, ARCANOR.md); a game is added by
//! implementing [`Rules`] for it (see `games` for the rest).
//!
//! # Example
//!
//! Cells are named by file letter and rank number from `a1` at South's
//! left; seats go round clockwise from South; a clock counts milliseconds.
//!
//! ```
//! use game_core::{BoardShape, Clock, Coord, Seat, SeatSet};
//!
//! let board = BoardShape::square(9).unwrap();
//! assert_eq!((board.files(), board.ranks(), board.cells()), (9, 9, 81));
//! let centre: Coord = "e5".parse().unwrap();
//! assert_eq!(centre.neighbours(board).count(), 8);
//! let corner: Coord = "a1".parse().unwrap();
//! assert_eq!(corner.neighbours(board).count(), 3);
//! let seats: SeatSet = [Seat::South, Seat::North].into_iter().collect();
//! assert_eq!(seats.next_after(Seat::South), Some(Seat::North));
//! let clock = Clock::new(5 * 60_000, 2_000).unwrap(); // 5 min, 2 s a move
//! assert_eq!(clock.initial_ms(), 300_000);
//! ```

mod coord;
mod game;
mod history;
mod limits;
mod perft;
mod ply;
mod record;
mod rules;
mod save;
mod seat;
mod stack;
mod text;
pub mod zobrist;

pub use coord::{BoardShape, Coord, DIRECTIONS, MAX_CELLS, MAX_FILES, MAX_RANKS, ParseCoordError};
pub use game::Game;
pub use history::History;
pub use limits::{Clock, ClockError, Limits, MAX_CLOCK_MS};
pub use perft::perft;
pub use ply::{MoveError, Ply, PlyError, PlyInfo, PlyReport};
pub use record::ParseRecordError;
pub use rules::{DrawReason, Outcome, Rules, TurnStart, Win};
pub use save::{GameRecord, LoadError, SAVE_FORMAT};
pub use seat::{BySeat, ParseSeatError, Seat, SeatSet};
pub use stack::{Stack, StackPiece};
pub use text::{ParsePositionError, Placement};
