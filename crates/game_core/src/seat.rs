//! Seats: [`Seat`] (South, West, North, East, in turn order), [`SeatSet`]
//! and [`BySeat`], one value per seat.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A player's place at the table, named after the edge of the board they sit
/// at. The discriminants are the turn order: clockwise seen from above, South
/// first. ARKES uses all four (RULES.md R2); Arcanor South and North
/// (ARCANOR.md A1).
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
    /// All four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// Index 0…3 in turn order.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with turn-order index `index`, taken modulo 4 (so 4 is
    /// South again): never panics.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Seat {
        Seat::ALL[index % 4]
    }

    /// The letter used in diagrams: `S`, `W`, `N`, `E`.
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat as u8;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat as u8);
    }

    /// Number of seats in the set.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The first seat of the set strictly after `seat` in turn order, wrapping
    /// round to South (turns go clockwise, skipping seats out of the game).
    /// `None` if the set is empty.
    #[inline]
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
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// `(seat, &value)` pairs in turn order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_go_clockwise_skipping_seats_out() {
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
        assert_eq!(Seat::from_index(6), Seat::North);
    }
}
