//! Seats, pieces and formations (the contents of one cell).

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A player's place at the table, named after the edge of the board they sit
/// at (R2). The discriminants are the turn order: clockwise seen from above,
/// South first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// Home edge rank 1; moves first.
    South = 0,
    /// Home edge file a.
    West = 1,
    /// Home edge the top rank.
    North = 2,
    /// Home edge the last file.
    East = 3,
}

impl Seat {
    /// All four seats in turn order (R2).
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// Index 0…3 in turn order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with turn-order index `index`.
    ///
    /// # Panics
    /// If `index > 3`.
    #[must_use]
    pub const fn from_index(index: usize) -> Seat {
        Seat::ALL[index]
    }

    /// The letter used in diagrams and tokens: `S`, `W`, `N`, `E`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 'S',
            Seat::West => 'W',
            Seat::North => 'N',
            Seat::East => 'E',
        }
    }

    /// The seat for a letter of [`Seat::letter`], either case.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Seat> {
        match letter.to_ascii_uppercase() {
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            _ => None,
        }
    }

    /// The English name, capitalised: `South`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a seat.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a seat: expected South, West, North, East or S, W, N, E")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Seat::from_letter(c).ok_or_else(|| ParseSeatError(s.to_owned()));
        }
        Seat::ALL
            .into_iter()
            .find(|seat| seat.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseSeatError(s.chars().take(16).collect()))
    }
}

/// A set of seats, as a 4-bit mask in turn order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat as u8;
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat as u8);
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The first seat of the set strictly after `seat` in turn order, wrapping
    /// round to South (R2: turns go clockwise, skipping eliminated players).
    /// `None` if the set is empty.
    #[must_use]
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        (1..=4).map(|k| Seat::from_index((seat.index() + k) % 4)).find(|&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// A value for each seat from `f(seat)`.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// `(seat, &value)` pairs in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

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
    pub(crate) const fn code(self) -> u8 {
        1 + (self.seat as u8) * 2 + matches!(self.kind, PieceKind::Marble) as u8
    }

    /// Inverse of [`Piece::code`]; `code` must be 1…8.
    pub(crate) const fn from_code(code: u8) -> Piece {
        let c = code - 1;
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
/// (R4: a cell holds at most two pieces).
///
/// Names from RULES.md: a *unit* is a single token, a *general* a token with a
/// marble on top, a *tower* two tokens of one colour, a *siege* two tokens of
/// different colours.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Formation(u8);

impl Formation {
    /// The empty cell.
    pub const EMPTY: Formation = Formation(0);

    /// A formation of one piece.
    #[must_use]
    pub const fn single(piece: Piece) -> Formation {
        Formation(piece.code())
    }

    /// A formation of two pieces, `bottom` then `top`.
    #[must_use]
    pub const fn pair(bottom: Piece, top: Piece) -> Formation {
        Formation(bottom.code() | (top.code() << 4))
    }

    /// The formation of up to two pieces, bottom first; `None` for more.
    #[must_use]
    pub fn from_pieces(pieces: &[Piece]) -> Option<Formation> {
        match *pieces {
            [] => Some(Formation::EMPTY),
            [p] => Some(Formation::single(p)),
            [b, t] => Some(Formation::pair(b, t)),
            _ => None,
        }
    }

    /// Whether the cell is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of pieces, 0…2.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0 & 0x0f != 0) as usize + (self.0 >> 4 != 0) as usize
    }

    /// The bottom piece (the only one of a single formation).
    #[must_use]
    pub const fn bottom(self) -> Option<Piece> {
        match self.0 & 0x0f {
            0 => None,
            c => Some(Piece::from_code(c)),
        }
    }

    /// The second piece of a stack of two.
    #[must_use]
    pub const fn upper(self) -> Option<Piece> {
        match self.0 >> 4 {
            0 => None,
            c => Some(Piece::from_code(c)),
        }
    }

    /// The top piece: the only one that can move (R4).
    #[must_use]
    pub const fn top(self) -> Option<Piece> {
        match self.upper() {
            Some(p) => Some(p),
            None => self.bottom(),
        }
    }

    /// The piece at `level` (0 = bottom, 1 = upper).
    #[must_use]
    pub const fn at(self, level: u8) -> Option<Piece> {
        if level == 0 { self.bottom() } else { self.upper() }
    }

    /// The pieces, bottom first.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        self.bottom().into_iter().chain(self.upper())
    }

    /// The formation with its top piece removed.
    #[must_use]
    pub const fn without_top(self) -> Formation {
        if self.0 >> 4 != 0 { Formation(self.0 & 0x0f) } else { Formation::EMPTY }
    }

    /// The formation with `piece` put on top; `None` if the cell is full.
    #[must_use]
    pub const fn with_on_top(self, piece: Piece) -> Option<Formation> {
        match self.len() {
            0 => Some(Formation::single(piece)),
            1 => Some(Formation(self.0 | (piece.code() << 4))),
            _ => None,
        }
    }

    /// Whether this is a *tower* of `seat`: two tokens of that seat (R8).
    #[must_use]
    pub const fn is_tower_of(self, seat: Seat) -> bool {
        let t = Piece::token(seat).code();
        self.0 == t | (t << 4)
    }

    pub(crate) const fn raw(self) -> u8 {
        self.0
    }

    /// The diagram text: `.` for empty, then the piece letters bottom first
    /// (`S`, `SS`, `NS`, `Ss`).
    #[must_use]
    pub fn to_text(self) -> String {
        if self.is_empty() { ".".to_owned() } else { self.pieces().map(Piece::letter).collect() }
    }
}

impl fmt::Debug for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
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
        assert!(tower.is_tower_of(Seat::South));
        assert_eq!(tower.with_on_top(s), None);
        assert_eq!(Formation::from_pieces(&[s, s, s]), None);
        assert_eq!(tower.without_top(), unit);
        assert_eq!(unit.without_top(), Formation::EMPTY);
    }

    #[test]
    fn r02_turns_go_clockwise_skipping_seats_out() {
        let set: SeatSet = [Seat::South, Seat::North, Seat::East].into_iter().collect();
        assert_eq!(set.next_after(Seat::South), Some(Seat::North));
        assert_eq!(set.next_after(Seat::East), Some(Seat::South));
        assert_eq!(set.next_after(Seat::West), Some(Seat::North));
        assert_eq!(SeatSet::EMPTY.next_after(Seat::West), None);
    }

    #[test]
    fn seats_parse_by_name_and_letter() {
        assert_eq!("north".parse(), Ok(Seat::North));
        assert_eq!("E".parse(), Ok(Seat::East));
        assert!("x".parse::<Seat>().is_err());
    }
}
