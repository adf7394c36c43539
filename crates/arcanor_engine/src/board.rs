//! The board of Arcanor (A1): 8 files × 7 ranks, its home and target rows,
//! and the grid of formations indexed cell by cell, with each cell's
//! neighbours.

use game_core::{BoardShape, Coord, Seat};

use crate::piece::Formation;

/// Files of the board (A1): a…h.
pub const FILES: u8 = 8;

/// Ranks of the board (A1): 1…7.
pub const RANKS: u8 = 7;

/// The board (A1): 8 files × 7 ranks.
pub const SHAPE: BoardShape = match BoardShape::new(FILES, RANKS) {
    Some(shape) => shape,
    None => panic!("8 x 7 is a valid board"),
};

/// The rank (0-based) a seat starts on (A1): rank 1 for South, 7 for North.
#[must_use]
pub const fn home_rank(seat: Seat) -> u8 {
    match seat {
        Seat::North => RANKS - 1,
        _ => 0,
    }
}

/// The rank (0-based) where a seat's pieces score (the opponent's home row,
/// A8): rank 7 for South, rank 1 for North.
#[must_use]
pub const fn target_rank(seat: Seat) -> u8 {
    match seat {
        Seat::North => 0,
        _ => RANKS - 1,
    }
}

/// Cells of the board.
pub const CELLS: usize = FILES as usize * RANKS as usize;

/// The grid, one formation per cell, indexed by [`cell_index`].
pub type Grid = [Formation; CELLS];

/// The index of `cell` in a [`Grid`]: `rank * 8 + file`. `cell` must lie on
/// the 8 × 7 board (any other gives an index of another cell or beyond).
#[must_use]
pub const fn cell_index(cell: Coord) -> usize {
    cell.rank() as usize * FILES as usize + cell.file() as usize
}

/// The cell of grid index `index` (below [`CELLS`]).
#[must_use]
pub const fn coord_of(index: usize) -> Coord {
    Coord::new((index % FILES as usize) as u8, (index / FILES as usize) as u8)
}

/// No neighbour: the end of a row of [`NEIGHBOURS`].
pub(crate) const NO_CELL: u8 = u8::MAX;

/// The neighbours of each cell, by index ([`NO_CELL`] past the last).
pub(crate) static NEIGHBOURS: [[u8; 8]; CELLS] = {
    let mut table = [[NO_CELL; 8]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (file, rank) = ((i % FILES as usize) as i32, (i / FILES as usize) as i32);
        let mut n = 0;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = game_core::DIRECTIONS[d];
            let (f, r) = (file + df as i32, rank + dr as i32);
            if f >= 0 && r >= 0 && f < FILES as i32 && r < RANKS as i32 {
                table[i][n] = (r * FILES as i32 + f) as u8;
                n += 1;
            }
            d += 1;
        }
        i += 1;
    }
    table
};
