//! Perft: the number of legal move sequences of a given length, the standard
//! check of a move generator against pinned counts.

use crate::game::Arkes;
use crate::position::Position;

/// The number of legal move sequences of `depth` plies from `position`
/// (R3–R10, with the eliminations of R12 inside each move). Leaves are
/// counted in bulk: the moves of the last ply are counted, not played, but
/// each is still checked against the repetition rule R10.
///
/// ```
/// use arkes_engine::{perft, Position};
/// let mut start = Position::standard(2, 9).unwrap();
/// assert_eq!(perft(&mut start, 2), 900);
/// ```
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    game_core::perft::<Arkes>(position, depth)
}

/// The same count by a deliberately naive path: every candidate move is
/// applied to a copy of the position, which is rehashed from scratch for the
/// repetition rule R10. For benchmarks and for checking [`perft`].
#[must_use]
pub fn perft_naive(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .candidate_moves()
        .into_iter()
        .filter_map(|mv| position.after_naive(mv))
        .map(|next| if depth == 1 { 1 } else { perft_naive(&next, depth - 1) })
        .sum()
}
