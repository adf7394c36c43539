//! Perft: the number of legal move sequences of a given length, the standard
//! check of a move generator against pinned counts.

use crate::rules::Rules;

/// The number of legal move sequences of `depth` plies from `position`
/// under rules `R` (each ply as [`Rules::play_unchecked`] plays it). Leaves
/// are counted in bulk with [`Rules::count_legal_moves`]. A decided position
/// has no moves, so it counts 0 beyond depth 0.
pub fn perft<R: Rules>(position: &mut R::Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => R::count_legal_moves(position),
        _ => {
            let mut moves = Vec::with_capacity(64);
            R::legal_moves_into(position, &mut moves);
            let mut nodes = 0;
            for mv in moves {
                let undo = R::play_unchecked(position, mv);
                nodes += perft::<R>(position, depth - 1);
                R::undo(position, undo);
            }
            nodes
        }
    }
}
