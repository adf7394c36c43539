//! Zobrist keys, generated at compile time from a fixed seed, so hashes are the
//! same on every run and platform (a position's hash may be stored).
//!
//! A position's hash is the XOR of one key per piece (by cell, level and
//! piece) and the key of the seat to move. It identifies a grid state together
//! with the next player, which is exactly what the repetition rule R10 compares.

use game_core::{Coord, MAX_CELLS, Seat};

use crate::piece::Formation;

const SEED: u64 = 0x4152_4b45_535f_3344; // "ARKES_3D"

const PIECE_KEYS: usize = MAX_CELLS * 2 * 8;

/// Keys for every piece code (1…8) on every cell and level, then the 4 seats.
static KEYS: [u64; PIECE_KEYS + 4] = game_core::zobrist::keys(SEED);

/// The key of the seat to move.
#[inline]
#[must_use]
pub fn seat_key(seat: Seat) -> u64 {
    KEYS[PIECE_KEYS + seat.index()]
}

/// The combined key of every piece in `formation` standing on `cell`
/// (0 for an empty cell).
#[inline]
#[must_use]
pub fn formation_key(cell: Coord, formation: Formation) -> u64 {
    game_core::zobrist::stack_key(&KEYS, cell.index(), formation.raw())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let set: HashSet<u64> = KEYS.iter().copied().collect();
        assert_eq!(set.len(), KEYS.len());
        assert!(!set.contains(&0));
    }

    #[test]
    fn keys_are_stable_across_builds() {
        // Pinned: hashes may be stored, so the keys must never change.
        assert_eq!(seat_key(Seat::South), 0xc6fd_fe88_306a_a8cc);
        let start = crate::Position::standard(2, 9).unwrap();
        assert_eq!(start.hash(), 0xe48c_0cd8_f81e_b014);
    }
}
