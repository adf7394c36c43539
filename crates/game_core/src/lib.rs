//! What every board game of ARKES 3D shares, whatever its rules: cells of
//! rectangular boards ([`Coord`], [`BoardShape`]), seats ([`Seat`],
//! [`SeatSet`], [`BySeat`]), the [`Rules`] trait a game implements, and
//! what is built on it once for all games: [`Game`] (set-up, move list,
//! undo/redo, rounds, limits and clocks, outcome), game records in JSON
//! ([`GameRecord`], tagged with the game) and text, [`perft`], exact
//! repetition [`History`] and Zobrist key generation ([`zobrist`]).
//!
//! No I/O, no clock, no randomness. The games are `arkes_engine` (ARKES,
//! RULES.md) and `arcanor_engine` (Arcanor, ARCANOR.md).

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
pub use history::{History, IdentityHasher};
pub use limits::{Clock, ClockError, Limits, MAX_CLOCK_MS};
pub use perft::perft;
pub use ply::{MoveError, Ply, PlyError, PlyInfo, PlyReport};
pub use record::ParseRecordError;
pub use rules::{DrawReason, Outcome, Rules, TurnStart, Win};
pub use save::{GameRecord, LoadError, SAVE_FORMAT};
pub use seat::{BySeat, ParseSeatError, Seat, SeatSet};
pub use stack::{Stack, StackPiece};
pub use text::{ParsePositionError, Placement};
