//! Where cells and pieces stand in the world.
//!
//! Conventions: one cell is 1 world unit; the board is centred on the origin
//! with its top face at `y = 0`; files go along +x (a on the left seen from
//! South) and ranks along −z (rank 1, South's home rank, nearest +z, where
//! South's camera stands).

use bevy::prelude::*;
use game_core::{BoardShape, Coord};
use games::GameKind;

/// The board's size and game, in world units (1 = one cell).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// Files × ranks.
    pub shape: BoardShape,
    /// The game played on it.
    pub kind: GameKind,
}

impl BoardGeometry {
    /// A square board of `side` cells a side for `kind`.
    ///
    /// # Panics
    /// If `side` is not 1…11.
    #[must_use]
    pub fn square(kind: GameKind, side: u8) -> BoardGeometry {
        BoardGeometry { shape: BoardShape::square(side).expect("a side of 1 to 11"), kind }
    }

    /// Files of the board.
    #[must_use]
    pub fn files(&self) -> u8 {
        self.shape.files()
    }

    /// Ranks of the board.
    #[must_use]
    pub fn ranks(&self) -> u8 {
        self.shape.ranks()
    }

    /// The centre of `cell` on the board's top face.
    #[must_use]
    pub fn cell_center(&self, cell: Coord) -> Vec3 {
        let half_files = (f32::from(self.files()) - 1.0) / 2.0;
        let half_ranks = (f32::from(self.ranks()) - 1.0) / 2.0;
        Vec3::new(f32::from(cell.file()) - half_files, 0.0, half_ranks - f32::from(cell.rank()))
    }

    /// The base (bottom centre) of the piece at `level` of `cell` (0 =
    /// bottom): pieces that stack stand on the one under them (ARKES);
    /// nesting pieces cover it, so both stand on the cell (Arcanor).
    #[must_use]
    pub fn piece_base(&self, cell: Coord, level: u8) -> Vec3 {
        self.cell_center(cell) + Vec3::Y * (f32::from(level) * self.kind.stack_step())
    }

    /// Whether the game's pieces nest (cover the one under them) rather
    /// than stack.
    #[must_use]
    pub fn nests(&self) -> bool {
        self.kind.stack_step() == 0.0
    }

    /// Half the board's extent along x (files) and z (ranks), border excluded.
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        Vec2::new(f32::from(self.files()) / 2.0, f32::from(self.ranks()) / 2.0)
    }

    /// The larger half extent.
    #[must_use]
    pub fn half_extent(&self) -> f32 {
        self.half_extents().max_element()
    }

    /// The cell under a point of the board's plane, if any.
    #[must_use]
    pub fn cell_at(&self, point: Vec3) -> Option<Coord> {
        let half_files = (f32::from(self.files()) - 1.0) / 2.0;
        let half_ranks = (f32::from(self.ranks()) - 1.0) / 2.0;
        let file = (point.x + half_files).round();
        let rank = (half_ranks - point.z).round();
        Coord::try_new(file as i32, rank as i32, self.shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_world_positions() {
        let g = BoardGeometry::square(games::arkes::KIND, 9);
        assert_eq!(g.cell_center("e5".parse().unwrap()), Vec3::ZERO);
        assert_eq!(g.cell_center("a1".parse().unwrap()), Vec3::new(-4.0, 0.0, 4.0));
        for index in 0..81 {
            let c = Coord::new(index % 9, index / 9);
            assert_eq!(g.cell_at(g.cell_center(c) + Vec3::new(0.3, 0.0, -0.3)), Some(c));
        }
        assert_eq!(g.cell_at(Vec3::new(5.0, 0.0, 0.0)), None);
    }

    #[test]
    fn the_arcanor_board_is_8_by_7_and_duos_nest() {
        let g =
            BoardGeometry { shape: game_core::BoardShape::new(8, 7).unwrap(), kind: games::arcanor::KIND };
        assert_eq!(g.cell_center("a1".parse().unwrap()), Vec3::new(-3.5, 0.0, 3.0));
        assert_eq!(g.cell_center("h7".parse().unwrap()), Vec3::new(3.5, 0.0, -3.0));
        let b1: Coord = "b1".parse().unwrap();
        assert_eq!(g.piece_base(b1, 1), g.piece_base(b1, 0));
        assert_eq!(g.cell_at(Vec3::new(3.6, 0.0, -3.2)), Some("h7".parse().unwrap()));
        assert_eq!(g.cell_at(Vec3::new(0.0, 0.0, -3.6)), None);
        assert!(g.nests());
        assert_eq!(g.half_extents(), Vec2::new(4.0, 3.5));
    }
}
