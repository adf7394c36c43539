//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use std::num::NonZeroU32;

use arkes_engine::{Clock, Coord, Game, Limits, Move, Position, Setup};

/// Parses a position in the text format, panicking with the error.
pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("bad test position: {e}\n{text}"))
}

/// Plays a move given in notation, panicking if it is malformed or illegal.
pub fn play(position: &mut Position, text: &str) -> arkes_engine::Undo {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}\n{position}"));
    position.play(mv).unwrap()
}

/// A cell by name.
pub fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

/// The legal moves in notation, sorted.
pub fn moves(position: &Position) -> Vec<String> {
    let mut v: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// The moves of the piece on `from`, in notation, sorted.
pub fn moves_from(position: &Position, from: &str) -> Vec<String> {
    let from = c(from);
    let mut v: Vec<String> =
        position.legal_moves().iter().filter(|m| m.from == from).map(Move::to_string).collect();
    v.sort();
    v
}

/// The diagram text of one cell.
pub fn cell(position: &Position, name: &str) -> String {
    position.board().get(c(name)).to_text()
}

/// Limits of `rounds`, `without_capture` rounds and a clock of
/// (initial, increment) ms (R15); `None` for none.
pub fn limits(rounds: Option<u32>, without_capture: Option<u32>, clock: Option<(u64, u64)>) -> Limits {
    Limits {
        rounds: rounds.and_then(NonZeroU32::new),
        rounds_without_capture: without_capture.and_then(NonZeroU32::new),
        clock: clock.map(|(initial_ms, increment_ms)| Clock::new(initial_ms, increment_ms).unwrap()),
    }
}

/// A game from the standard set-up (R2).
pub fn standard(players: usize, side: u8) -> Game {
    Game::from_setup(Setup::standard(players, side).unwrap()).unwrap()
}

/// Plays `moves` in notation, panicking at an illegal one.
pub fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// A 5×5 board, South to move: South's lone token on c3 and its marble on
/// a token on c1; North's marble on a token on c5, a token on d5.
pub const LONE: &str = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
";
