//! Pieces (a seat and a value, A2) and formations (a lone piece or a duo, A4).

use std::fmt;
use std::str::FromStr;

use game_core::{Seat, Stack, StackPiece};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A piece's value (A2): 1 for the largest size, 2, 3, 4 for the smallest. A
/// piece of value `v` fits over exactly a piece of value `v + 1` (A2, A6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Value(u8);

impl Value {
    /// All four values, largest piece first.
    pub const ALL: [Value; 4] = [Value(1), Value(2), Value(3), Value(4)];

    /// The value `v`, `None` unless 1…4.
    #[must_use]
    pub const fn new(v: u8) -> Option<Value> {
        if v >= 1 && v <= 4 { Some(Value(v)) } else { None }
    }

    /// The number 1…4; also the points the piece scores (A9).
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The value of the piece this one fits over (and eats, A6): `v + 1`,
    /// `None` for a 4.
    #[must_use]
    pub const fn covers(self) -> Option<Value> {
        Value::new(self.0 + 1)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Only South and North play Arcanor (A1).
#[must_use]
pub const fn is_arcanor_seat(seat: Seat) -> bool {
    matches!(seat, Seat::South | Seat::North)
}

/// The other player (A1: South and North alternate).
#[must_use]
pub const fn opponent(seat: Seat) -> Seat {
    match seat {
        Seat::North => Seat::South,
        _ => Seat::North,
    }
}

/// A piece of one player: its seat (South or North, A1) and value (A2).
///
/// Written `S2` (South's 2) or `N4` in diagrams and save files.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner, South or North.
    pub seat: Seat,
    /// The value, 1 (largest) to 4 (smallest).
    pub value: Value,
}

impl Piece {
    /// A piece of `seat` worth `value`.
    #[must_use]
    pub const fn new(seat: Seat, value: Value) -> Piece {
        Piece { seat, value }
    }

    /// Code 1…8 inside [`Formation`] and for Zobrist keys: South 1…4,
    /// North 5…8 (another seat is stored as North; [`crate::Setup`] refuses
    /// it).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        let base = if matches!(self.seat, Seat::South) { 0 } else { 4 };
        base + self.value.0
    }

    /// Inverse of [`Piece::code`] for codes 1…8.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        let c = code.wrapping_sub(1) & 7;
        let seat = if c < 4 { Seat::South } else { Seat::North };
        Piece { seat, value: Value(c % 4 + 1) }
    }

    /// Whether this piece fits over (and so may eat, A6) `other`.
    #[must_use]
    pub const fn covers(self, other: Piece) -> bool {
        self.value.0 + 1 == other.value.0
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat.letter(), self.value)
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a piece.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a piece: expected S or N then a value 1-4, like S2")]
pub struct ParsePieceError(pub String);

impl FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let err = || ParsePieceError(s.chars().take(16).collect());
        let mut chars = s.chars();
        let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err());
        };
        let seat = Seat::from_letter(letter).filter(|&s| is_arcanor_seat(s)).ok_or_else(err)?;
        let value = digit.to_digit(10).and_then(|d| Value::new(d as u8)).ok_or_else(err)?;
        Ok(Piece { seat, value })
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The contents of one cell (A4): nothing, a lone piece, or a duo, whose
/// top piece covers the inner one (bottom first in diagrams: `S2S1` is
/// South's 1 over South's 2; `N4S3` is South's 3 holding North's 4
/// prisoner, A7): the games' shared two-piece [`Stack`], whose pair is a
/// duo ([`Stack::pair`]`(inner, top)`, [`Stack::under`] its inner piece).
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
        out.push_str(&self.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a02_piece_codes_round_trip_and_values_nest() {
        for seat in [Seat::South, Seat::North] {
            for value in Value::ALL {
                let p = Piece::new(seat, value);
                assert_eq!(Piece::from_code(p.code()), p);
                assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
            }
        }
        let v = |n| Value::new(n).unwrap();
        assert_eq!(v(1).covers(), Some(v(2)));
        assert_eq!(v(3).covers(), Some(v(4)));
        assert_eq!(v(4).covers(), None);
        assert_eq!(Value::new(0), None);
        assert_eq!(Value::new(5), None);
        assert!(Piece::new(Seat::South, v(1)).covers(Piece::new(Seat::North, v(2))));
        assert!(!Piece::new(Seat::South, v(1)).covers(Piece::new(Seat::North, v(3))));
        for bad in ["", "S", "S0", "S5", "W1", "S12", "s1x"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a04_a_formation_is_empty_a_lone_piece_or_a_duo() {
        let s1: Piece = "S1".parse().unwrap();
        let s2: Piece = "S2".parse().unwrap();
        let duo = Formation::pair(s2, s1);
        assert_eq!((duo.top(), duo.under(), duo.bottom(), duo.len()), (Some(s1), Some(s2), Some(s2), 2));
        assert_eq!(duo.to_text(), "S2S1");
        let lone = Formation::single(s2);
        assert_eq!((lone.top(), lone.under(), lone.len()), (Some(s2), None, 1));
        assert_eq!(Formation::from_pieces(&[s2, s1, s1]), None);
        assert_eq!(Formation::EMPTY.to_text(), ".");
    }
}
