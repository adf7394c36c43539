//! Cells of the grid: [`Coord`] ("e5"), files, ranks and the 8 directions.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The largest board side the engine supports (R1: sides 5, 7, 9 and 11).
pub const MAX_SIDE: u8 = 11;

/// Number of cells of the largest grid; [`Coord::index`] is always below it.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// One cell of the grid, named in algebraic notation: file letter then rank
/// number, counted from South's left corner `a1` (RULES.md "Game records").
///
/// Files `a`…`k` are 0…10 and ranks `1`…`11` are 0…10, whatever the board
/// side; whether a coordinate lies on a given board is the board's question
/// ([`Coord::is_on_board`]).
///
/// ```
/// use arkes_engine::Coord;
/// let e5: Coord = "e5".parse().unwrap();
/// assert_eq!((e5.file(), e5.rank()), (4, 4));
/// assert_eq!(e5.to_string(), "e5");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord(u8);

impl Coord {
    /// The cell at `file` (0 = a) and `rank` (0 = rank 1).
    ///
    /// # Panics
    /// If `file` or `rank` is not below [`MAX_SIDE`].
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Coord {
        assert!(file < MAX_SIDE && rank < MAX_SIDE, "coordinate beyond the 11x11 grid");
        Coord(rank * MAX_SIDE + file)
    }

    /// The cell at `file`, `rank`, or `None` when either is negative or not
    /// below `side`.
    #[must_use]
    pub const fn try_new(file: i32, rank: i32, side: u8) -> Option<Coord> {
        if file < 0 || rank < 0 || file >= side as i32 || rank >= side as i32 {
            None
        } else {
            Some(Coord::new(file as u8, rank as u8))
        }
    }

    /// The cell with this dense index (`rank * 11 + file`), as returned by
    /// [`Coord::index`].
    ///
    /// # Panics
    /// If `index` is not below [`MAX_CELLS`].
    #[must_use]
    pub const fn from_index(index: usize) -> Coord {
        assert!(index < MAX_CELLS, "cell index beyond the 11x11 grid");
        Coord(index as u8)
    }

    /// File, 0 for `a`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// Rank, 0 for rank `1` (South's home rank).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// Dense index `rank * 11 + file`, below [`MAX_CELLS`] for every board side.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the cell lies on a board of `side` cells a side.
    #[must_use]
    pub const fn is_on_board(self, side: u8) -> bool {
        self.file() < side && self.rank() < side
    }

    /// The golden cell (R1), the centre of a board of odd `side`.
    #[must_use]
    pub const fn golden(side: u8) -> Coord {
        Coord::new(side / 2, side / 2)
    }

    /// Whether `other` is one of the 8 cells around `self` (R3: a king's step).
    #[must_use]
    pub const fn is_adjacent(self, other: Coord) -> bool {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df <= 1 && dr <= 1 && (df | dr) != 0
    }

    /// Chebyshev distance in steps of a king (R3), e.g. a marble's straight-line
    /// distance to the golden cell.
    #[must_use]
    pub const fn distance(self, other: Coord) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// The cell one step away in direction `(df, dr)` on a board of `side`, if any.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8, side: u8) -> Option<Coord> {
        Coord::try_new(self.file() as i32 + df as i32, self.rank() as i32 + dr as i32, side)
    }

    /// The (up to 8) neighbouring cells on a board of `side` (R3).
    pub fn neighbours(self, side: u8) -> impl Iterator<Item = Coord> {
        DIRECTIONS.iter().filter_map(move |&(df, dr)| self.offset(df, dr, side))
    }
}

/// The 8 directions of a step (R3), as `(file delta, rank delta)`.
pub const DIRECTIONS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a cell name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is not a cell: expected a file a-k then a rank 1-11, like e5")]
pub struct ParseCoordError {
    /// The text that was read (at most 16 characters of it).
    pub text: String,
}

impl FromStr for Coord {
    type Err = ParseCoordError;

    fn from_str(s: &str) -> Result<Coord, ParseCoordError> {
        let err = || ParseCoordError { text: s.chars().take(16).collect() };
        let bytes = s.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or_else(err)?;
        let file = letter.to_ascii_lowercase().wrapping_sub(b'a');
        if file >= MAX_SIDE || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return Err(err());
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(err());
        }
        let rank = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        if rank == 0 || rank > MAX_SIDE {
            return Err(err());
        }
        Ok(Coord::new(file, rank - 1))
    }
}

impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Coord, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_largest_board() {
        for index in 0..MAX_CELLS {
            let c = Coord::from_index(index);
            assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
        }
        assert_eq!("k11".parse::<Coord>(), Ok(Coord::new(10, 10)));
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "e", "5", "e0", "e12", "l1", "e05", "e5x", "é5", "ee5", "e-1"] {
            assert!(bad.parse::<Coord>().is_err(), "{bad}");
        }
    }

    #[test]
    fn r01_golden_cell_is_the_centre() {
        assert_eq!(Coord::golden(9).to_string(), "e5");
        assert_eq!(Coord::golden(5).to_string(), "c3");
        assert_eq!(Coord::golden(11).to_string(), "f6");
    }

    #[test]
    fn r03_adjacency_is_a_king_step() {
        let e5 = Coord::new(4, 4);
        assert_eq!(e5.neighbours(9).count(), 8);
        assert_eq!(Coord::new(0, 0).neighbours(9).count(), 3);
        assert!(e5.neighbours(9).all(|n| n.is_adjacent(e5)));
        assert!(!e5.is_adjacent(e5));
        assert!(!e5.is_adjacent(Coord::new(6, 4)));
    }
}
