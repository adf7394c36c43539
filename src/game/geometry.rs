//! Where cells and pieces stand in the world.
//!
//! Conventions: one cell is 1 world unit; the board is centred on the origin
//! with its top face at `y = 0`; files go along +x (a on the left seen from
//! South) and ranks along −z (rank 1, South's home rank, nearest +z, where
//! South's camera stands).

use arkes_engine::Coord;
use bevy::prelude::*;

/// Sizes of the board and pieces, in world units (1 = one cell).
#[derive(Resource, Clone, Copy, Debug)]
pub struct BoardGeometry {
    /// Cells a side.
    pub side: u8,
}

impl BoardGeometry {
    /// Height of a token.
    pub const TOKEN_HEIGHT: f32 = 0.18;
    /// Radius of a token.
    pub const TOKEN_RADIUS: f32 = 0.37;
    /// Radius of a marble.
    pub const MARBLE_RADIUS: f32 = 0.28;

    /// The centre of `cell` on the board's top face.
    #[must_use]
    pub fn cell_center(&self, cell: Coord) -> Vec3 {
        let half = (f32::from(self.side) - 1.0) / 2.0;
        Vec3::new(f32::from(cell.file()) - half, 0.0, half - f32::from(cell.rank()))
    }

    /// The base (bottom centre) of the piece at `level` of `cell` (0 = bottom).
    #[must_use]
    pub fn piece_base(&self, cell: Coord, level: u8) -> Vec3 {
        self.cell_center(cell) + Vec3::Y * (f32::from(level) * Self::TOKEN_HEIGHT)
    }

    /// The golden cell (R1).
    #[must_use]
    pub fn golden_cell(&self) -> Coord {
        Coord::new(self.side / 2, self.side / 2)
    }

    /// Half the board's width, in world units, border excluded.
    #[must_use]
    pub fn half_extent(&self) -> f32 {
        f32::from(self.side) / 2.0
    }

    /// The cell under a point of the board's plane, if any.
    #[must_use]
    pub fn cell_at(&self, point: Vec3) -> Option<Coord> {
        let half = (f32::from(self.side) - 1.0) / 2.0;
        let file = (point.x + half).round();
        let rank = (half - point.z).round();
        Coord::try_new(file as i32, rank as i32, arkes_engine::BoardShape::square(self.side)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_world_positions() {
        let g = BoardGeometry { side: 9 };
        assert_eq!(g.cell_center("e5".parse().unwrap()), Vec3::ZERO);
        assert_eq!(g.cell_center("a1".parse().unwrap()), Vec3::new(-4.0, 0.0, 4.0));
        for index in 0..81 {
            let c = Coord::new(index % 9, index / 9);
            assert_eq!(g.cell_at(g.cell_center(c) + Vec3::new(0.3, 0.0, -0.3)), Some(c));
        }
        assert_eq!(g.cell_at(Vec3::new(5.0, 0.0, 0.0)), None);
    }
}
