//! Zobrist keys for Arcanor, generated at compile time from a fixed seed, so
//! hashes are the same on every run and platform.
//!
//! A position's hash is the XOR of one key per piece (by cell, level and
//! piece) and the key of the seat to move: it identifies a state of A12.

use game_core::Seat;

use crate::board::CELLS;
use crate::piece::Formation;

const SEED: u64 = 0x4152_4341_4e4f_5221; // "ARCANOR!"

const PIECE_KEYS: usize = CELLS * 2 * 8;

/// Keys for every piece code (1…8) on every cell and level, then South and North.
static KEYS: [u64; PIECE_KEYS + 2] = game_core::zobrist::keys(SEED);

/// The key of the seat to move (South or North).
#[inline]
#[must_use]
pub fn seat_key(seat: Seat) -> u64 {
    KEYS[PIECE_KEYS + usize::from(seat == Seat::North)]
}

/// The combined key of the pieces of `formation` on grid index `cell`
/// (0 for an empty cell).
#[inline]
#[must_use]
pub fn formation_key(cell: usize, formation: Formation) -> u64 {
    game_core::zobrist::stack_key(&KEYS, cell, formation.raw())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_stable() {
        let set: HashSet<u64> = KEYS.iter().copied().collect();
        assert_eq!(set.len(), KEYS.len());
        assert!(!set.contains(&0));
        // Pinned: hashes may be stored, so the keys must never change.
        assert_eq!(crate::Position::standard().hash(), crate::Position::standard().hash_from_scratch());
    }
}
