//! Pieces and formations (the contents of one cell). Seats come from
//! [`game_core`].

use std::fmt;

use game_core::{Seat, Stack, StackPiece};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Whether a piece is a flat token or the round marble.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceKind {
    /// A flat piece; a player has several.
    Token,
    /// The player's single marble; it always sits on a token (R6).
    Marble,
}

/// A piece of one seat.
///
/// In diagrams and save files a token is its seat's capital letter (`S`) and a
/// marble the small letter (`s`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub seat: Seat,
    /// Token or marble.
    pub kind: PieceKind,
}

impl Piece {
    /// A token of `seat`.
    #[must_use]
    pub const fn token(seat: Seat) -> Piece {
        Piece { seat, kind: PieceKind::Token }
    }

    /// The marble of `seat`.
    #[must_use]
    pub const fn marble(seat: Seat) -> Piece {
        Piece { seat, kind: PieceKind::Marble }
    }

    /// Whether this is a marble.
    #[must_use]
    pub const fn is_marble(self) -> bool {
        matches!(self.kind, PieceKind::Marble)
    }

    /// The diagram letter: capital for a token, small for a marble.
    #[must_use]
    pub const fn letter(self) -> char {
        match self.kind {
            PieceKind::Token => self.seat.letter(),
            PieceKind::Marble => self.seat.letter().to_ascii_lowercase(),
        }
    }

    /// The piece for a diagram letter of [`Piece::letter`].
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match Seat::from_letter(letter) {
            Some(seat) if letter.is_ascii_uppercase() => Some(Piece::token(seat)),
            Some(seat) => Some(Piece::marble(seat)),
            None => None,
        }
    }

    /// Code 1…8 used inside [`Formation`] and for Zobrist keys.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + (self.seat as u8) * 2 + matches!(self.kind, PieceKind::Marble) as u8
    }

    /// Inverse of [`Piece::code`]; `code` is 1…8 (a formation only holds
    /// codes made by [`Piece::code`]).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        let c = code.wrapping_sub(1) & 7;
        let seat = Seat::from_index((c / 2) as usize);
        if c % 2 == 1 { Piece::marble(seat) } else { Piece::token(seat) }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_marble() { "marble" } else { "token" };
        write!(f, "{} {kind}", self.seat)
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "`{}` is not a piece: expected one of S W N E (tokens) or s w n e (marbles)",
                text.chars().take(16).collect::<String>()
            ))
        })
    }
}

/// The contents of one cell: no piece, one piece, or two pieces, bottom first
/// (R4: a cell holds at most two pieces): the games' shared two-piece
/// [`Stack`].
///
/// Names from RULES.md: a *unit* is a single token, a *general* a token with a
/// marble on top, a *tower* two tokens of one colour, a *siege* two tokens of
/// different colours.
pub type Formation = Stack<Piece>;

impl StackPiece for Piece {
    #[inline]
    fn code(self) -> u8 {
        Piece::code(self)
    }

    #[inline]
    fn from_code(code: u8) -> Piece {
        Piece::from_code(code)
    }

    fn write_text(self, out: &mut String) {
        out.push(self.letter());
    }
}

/// Whether `formation` is a *tower* of `seat`: two tokens of that seat (R8).
#[inline]
#[must_use]
pub fn is_tower_of(formation: Formation, seat: Seat) -> bool {
    let t = Piece::token(seat).code();
    formation.raw() == t | (t << 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_round_trip() {
        for seat in Seat::ALL {
            for piece in [Piece::token(seat), Piece::marble(seat)] {
                assert_eq!(Piece::from_code(piece.code()), piece);
                assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            }
        }
    }

    #[test]
    fn r04_a_formation_holds_at_most_two_pieces() {
        let s = Piece::token(Seat::South);
        let unit = Formation::single(s);
        let tower = unit.with_on_top(s).unwrap();
        assert!(is_tower_of(tower, Seat::South));
        assert_eq!(tower.with_on_top(s), None);
        assert_eq!(Formation::from_pieces(&[s, s, s]), None);
        assert_eq!(tower.without_top(), unit);
        assert_eq!(unit.without_top(), Formation::EMPTY);
    }
}
