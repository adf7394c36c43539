//! The grid: a square of odd side with its golden cell (R1), and its ASCII
//! diagram.

use std::fmt::{self, Write as _};

use game_core::{BoardShape, Coord, MAX_CELLS};

use crate::piece::Formation;

/// The board sides the rules allow (R1).
pub const VALID_SIDES: [u8; 4] = [5, 7, 9, 11];

/// The largest board side (R1).
pub const MAX_SIDE: u8 = 11;

/// The grid of formations. Cells are [`Coord`]s; only those with file and rank
/// below [`Board::side`] are on the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: BoardShape,
    cells: [Formation; MAX_CELLS],
}

impl Board {
    /// An empty square board of a valid `shape` ([`crate::Setup`] checks the
    /// side against R1).
    pub(crate) fn empty(shape: BoardShape) -> Board {
        Board { shape, cells: [Formation::EMPTY; MAX_CELLS] }
    }

    /// Cells a side (5, 7, 9 or 11).
    #[must_use]
    pub fn side(&self) -> u8 {
        self.shape.files()
    }

    /// The board's shape (square).
    #[must_use]
    pub fn shape(&self) -> BoardShape {
        self.shape
    }

    /// The centre cell (R1, R11).
    #[must_use]
    pub fn golden_cell(&self) -> Coord {
        golden_cell(self.shape)
    }

    /// Whether `cell` lies on this board.
    #[must_use]
    pub fn contains(&self, cell: Coord) -> bool {
        self.shape.contains(cell)
    }

    /// The formation on `cell` (empty for a cell off the board).
    #[inline]
    #[must_use]
    pub fn get(&self, cell: Coord) -> Formation {
        self.cells[cell.index()]
    }

    /// Every cell's formation, indexed by [`Coord::index`] (`rank * 11 +
    /// file`, rank and file from 0); cells off the board are empty.
    #[inline]
    #[must_use]
    pub fn cells(&self) -> &[Formation; MAX_CELLS] {
        &self.cells
    }

    #[inline]
    pub(crate) fn set(&mut self, cell: Coord, formation: Formation) {
        self.cells[cell.index()] = formation;
    }

    /// Every cell of the board, rank 1 first, each rank from file a.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + use<> {
        self.shape.coords()
    }

    /// The non-empty cells with their formations.
    pub fn occupied(&self) -> impl Iterator<Item = (Coord, Formation)> + '_ {
        self.coords().map(|c| (c, self.get(c))).filter(|(_, f)| !f.is_empty())
    }

    /// Writes the diagram: ranks top to bottom, each starting with its number,
    /// cells as in [`Formation::to_text`] (`*` for the empty golden cell),
    /// then a line of file letters.
    pub(crate) fn write_diagram(&self, out: &mut impl fmt::Write) -> fmt::Result {
        write_grid(self.side(), out, |c| {
            let f = self.get(c);
            if f.is_empty() && c == self.golden_cell() { "*".to_owned() } else { f.to_text() }
        })
    }
}

/// The neighbours of every cell (R3) on a square board of each valid side,
/// in [`game_core::DIRECTIONS`] order, `None` past the last: move
/// generation reads them instead of computing steps.
static NEIGHBOURS: [[[Option<Coord>; 8]; MAX_CELLS]; 4] = {
    let mut table = [[[None; 8]; MAX_CELLS]; 4];
    let mut s = 0;
    while s < 4 {
        let side = VALID_SIDES[s] as i32;
        let mut rank = 0;
        while rank < side {
            let mut file = 0;
            while file < side {
                let index = (rank * MAX_SIDE as i32 + file) as usize;
                let mut n = 0;
                let mut d = 0;
                while d < 8 {
                    let (df, dr) = game_core::DIRECTIONS[d];
                    let (f, r) = (file + df as i32, rank + dr as i32);
                    if f >= 0 && r >= 0 && f < side && r < side {
                        table[s][index][n] = Some(Coord::new(f as u8, r as u8));
                        n += 1;
                    }
                    d += 1;
                }
                file += 1;
            }
            rank += 1;
        }
        s += 1;
    }
    table
};

impl Board {
    /// The neighbours of `cell` on this board (R3), in
    /// [`game_core::DIRECTIONS`] order, then `None`s (a table, no
    /// arithmetic: what move generation and the AI's evaluation read).
    #[inline]
    #[must_use]
    pub fn neighbours(&self, cell: Coord) -> &[Option<Coord>; 8] {
        &NEIGHBOURS[usize::from(self.side() / 2 - 2) & 3][cell.index()]
    }
}

/// The golden cell (R1): the centre of a board of `shape` (odd sides).
#[must_use]
pub const fn golden_cell(shape: BoardShape) -> Coord {
    Coord::new(shape.files() / 2, shape.ranks() / 2)
}

/// Writes a diagram of `side` (at most [`MAX_SIDE`]) with `cell_text(c)` in each cell.
pub(crate) fn write_grid(
    side: u8,
    out: &mut impl fmt::Write,
    mut cell_text: impl FnMut(Coord) -> String,
) -> fmt::Result {
    let width = if side >= 10 { 2 } else { 1 };
    for rank in (0..side).rev() {
        let mut line = format!("{:>width$}", rank + 1);
        for file in 0..side {
            write!(line, " {:<2}", cell_text(Coord::new(file, rank)))?;
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    let mut legend = " ".repeat(width);
    for file in 0..side {
        write!(legend, " {:<2}", (b'a' + file) as char)?;
    }
    writeln!(out, "{}", legend.trim_end())
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('\n')?;
        self.write_diagram(f)
    }
}
