//! Cells of a rectangular board: [`Coord`] ("e5"), the [`BoardShape`] that
//! says which coordinates lie on a board, and the 8 directions of a step.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The most files (and the most ranks) a board may have.
pub const MAX_FILES: u8 = 11;

/// The most ranks a board may have.
pub const MAX_RANKS: u8 = 11;

/// Number of coordinates of the largest board; [`Coord::index`] is always
/// below it.
pub const MAX_CELLS: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// One cell, named in algebraic notation: file letter then rank number,
/// counted from South's left corner `a1`.
///
/// Files `a`…`k` are 0…10 and ranks `1`…`11` are 0…10, whatever the board;
/// whether a coordinate lies on a given board is the [`BoardShape`]'s
/// question. The dense [`Coord::index`] (`rank * 11 + file`) is the same on
/// every board, so tables indexed by it (Zobrist keys, search tables) serve
/// every shape.
///
/// ```
/// use game_core::Coord;
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
    /// If `file` is not below [`MAX_FILES`] or `rank` not below [`MAX_RANKS`]
    /// (at compile time in a `const`). [`Coord::try_new`] never panics.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Coord {
        assert!(file < MAX_FILES && rank < MAX_RANKS, "coordinate beyond the 11x11 grid");
        Coord(rank * MAX_FILES + file)
    }

    /// The cell at `file`, `rank` if it lies on a board of `shape`, else
    /// `None` (negative, or beyond the shape's files or ranks).
    #[inline]
    #[must_use]
    pub const fn try_new(file: i32, rank: i32, shape: BoardShape) -> Option<Coord> {
        if file < 0 || rank < 0 || file >= shape.files as i32 || rank >= shape.ranks as i32 {
            None
        } else {
            // A shape never exceeds 11 × 11, so this cannot panic.
            Some(Coord::new(file as u8, rank as u8))
        }
    }

    /// The cell with this dense index (`rank * 11 + file`), as returned by
    /// [`Coord::index`]; `None` if `index` is not below [`MAX_CELLS`].
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Coord> {
        if index < MAX_CELLS { Some(Coord(index as u8)) } else { None }
    }

    /// File, 0 for `a`.
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % MAX_FILES
    }

    /// Rank, 0 for rank `1` (South's home rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / MAX_FILES
    }

    /// Dense index `rank * 11 + file`, below [`MAX_CELLS`] on every board.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether `other` is one of the 8 cells around `self` (a king's step).
    #[inline]
    #[must_use]
    pub const fn is_adjacent(self, other: Coord) -> bool {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df <= 1 && dr <= 1 && (df | dr) != 0
    }

    /// Chebyshev distance in steps of a king.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Coord) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// The cell one step away in direction `(df, dr)` on a board of `shape`,
    /// if it lies on it.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8, shape: BoardShape) -> Option<Coord> {
        Coord::try_new(self.file() as i32 + df as i32, self.rank() as i32 + dr as i32, shape)
    }

    /// The (up to 8) neighbouring cells on a board of `shape`.
    #[inline]
    pub fn neighbours(self, shape: BoardShape) -> impl Iterator<Item = Coord> {
        DIRECTIONS.iter().filter_map(move |&(df, dr)| self.offset(df, dr, shape))
    }
}

/// The 8 directions of a step, as `(file delta, rank delta)`.
pub const DIRECTIONS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The size of a rectangular board: `files` × `ranks`, each 1…11. A shape
/// can only be built valid ([`BoardShape::new`]), so the coordinate
/// functions that take one never panic.
///
/// ```
/// use game_core::{BoardShape, Coord};
/// let arcanor = BoardShape::new(8, 7).unwrap();
/// assert!(arcanor.contains("h7".parse().unwrap()));
/// assert!(!arcanor.contains("a8".parse().unwrap()));
/// assert_eq!(BoardShape::new(12, 7), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardShape {
    files: u8,
    ranks: u8,
}

impl BoardShape {
    /// A board of `files` × `ranks` cells; `None` unless both are 1…11.
    #[inline]
    #[must_use]
    pub const fn new(files: u8, ranks: u8) -> Option<BoardShape> {
        if files == 0 || ranks == 0 || files > MAX_FILES || ranks > MAX_RANKS {
            None
        } else {
            Some(BoardShape { files, ranks })
        }
    }

    /// A square board of `side` cells a side; `None` unless 1…11.
    #[inline]
    #[must_use]
    pub const fn square(side: u8) -> Option<BoardShape> {
        BoardShape::new(side, side)
    }

    /// Number of files (columns, `a`…), 1…11.
    #[inline]
    #[must_use]
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (rows, `1`…), 1…11.
    #[inline]
    #[must_use]
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of cells.
    #[inline]
    #[must_use]
    pub const fn cells(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether `cell` lies on this board.
    #[inline]
    #[must_use]
    pub const fn contains(self, cell: Coord) -> bool {
        cell.file() < self.files && cell.rank() < self.ranks
    }

    /// Every cell, rank 1 first, each rank from file a.
    #[inline]
    pub fn coords(self) -> impl Iterator<Item = Coord> {
        (0..self.ranks).flat_map(move |rank| (0..self.files).map(move |file| Coord::new(file, rank)))
    }
}

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
        if file >= MAX_FILES || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return Err(err());
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(err());
        }
        let rank = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        if rank == 0 || rank > MAX_RANKS {
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
            let c = Coord::from_index(index).unwrap();
            assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
        }
        assert_eq!("k11".parse::<Coord>(), Ok(Coord::new(10, 10)));
        assert_eq!(Coord::from_index(MAX_CELLS), None);
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "e", "5", "e0", "e12", "l1", "e05", "e5x", "é5", "ee5", "e-1"] {
            assert!(bad.parse::<Coord>().is_err(), "{bad}");
        }
    }

    #[test]
    fn steps_stay_on_rectangular_boards() {
        let shape = BoardShape::new(8, 7).unwrap();
        let h7: Coord = "h7".parse().unwrap();
        assert_eq!(h7.neighbours(shape).count(), 3);
        assert_eq!(h7.offset(1, 0, shape), None);
        assert_eq!(h7.offset(0, 1, shape), None);
        assert_eq!(h7.offset(-1, -1, shape), Some("g6".parse().unwrap()));
        let e5: Coord = "e5".parse().unwrap();
        assert_eq!(e5.neighbours(shape).count(), 8);
        assert!(e5.neighbours(shape).all(|n| n.is_adjacent(e5)));
        assert!(!e5.is_adjacent(e5));
        assert_eq!(shape.coords().count(), 56);
        assert!(shape.coords().all(|c| shape.contains(c)));
    }

    #[test]
    fn shapes_beyond_eleven_cannot_be_built() {
        for (files, ranks) in [(0, 5), (5, 0), (12, 5), (5, 12), (255, 255)] {
            assert_eq!(BoardShape::new(files, ranks), None);
        }
        // The coordinate functions then cannot panic: the largest shape works everywhere.
        let big = BoardShape::square(11).unwrap();
        let k11 = Coord::new(10, 10);
        assert_eq!(k11.neighbours(big).count(), 3);
        assert_eq!(Coord::try_new(11, 0, big), None);
        assert_eq!(Coord::try_new(i32::MAX, i32::MIN, big), None);
    }
}
