//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use arkes_engine::{Coord, Move, Position};

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
