//! Helpers shared by the Arcanor engine's integration tests.
#![allow(dead_code)]

use arcanor_engine::{Coord, Move, Outcome, Position, Seat, Undo, Value, Win, WinReason};

/// Parses a position diagram, panicking with the error.
pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("bad test position: {e}\n{text}"))
}

/// Plays a move in notation, panicking if it is malformed or illegal.
pub fn play(position: &mut Position, text: &str) -> Undo {
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

/// The legal moves from `from`, in notation, sorted.
pub fn moves_from(position: &Position, from: &str) -> Vec<String> {
    let from = c(from);
    let mut v: Vec<String> =
        position.legal_moves().iter().filter(|m| m.from == from).map(Move::to_string).collect();
    v.sort();
    v
}

/// The diagram text of one cell (`.`, `S2`, `S2S1`).
pub fn cell(position: &Position, name: &str) -> String {
    position.get(c(name)).to_text()
}

/// A piece's value, 1 (largest) to 4 (smallest) (A2).
pub fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

/// The outcome of `seat` winning by `reason`.
pub fn win(seat: Seat, reason: WinReason) -> Option<Outcome<WinReason>> {
    Some(Outcome::Win(Win { seat, reason }))
}
