//! Zobrist key generation: keys from a fixed seed, generated at compile time,
//! so hashes are the same on every run and platform (a position's hash may
//! be stored). Each game keeps its own key table (its own seed and size).
//!
//! ```
//! use game_core::zobrist::keys;
//! static KEYS: [u64; 4] = keys(0x1234);
//! assert_eq!(KEYS, keys::<4>(0x1234));
//! assert!(KEYS.iter().all(|&k| k != 0));
//! ```

/// SplitMix64, a good generator for keys (Steele, Lea, Flood 2014): the next
/// state and the output.
#[inline]
#[must_use]
pub const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    (state, mix(state))
}

/// SplitMix64's output function: a well-mixed 64-bit hash of `z`.
#[inline]
#[must_use]
pub const fn mix(z: u64) -> u64 {
    let mut z = z;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `N` keys from the SplitMix64 stream seeded with `seed`; usable in a
/// `static` (evaluated at compile time).
#[inline]
#[must_use]
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// The combined key of the pieces of a stack, its packed byte `raw`
/// ([`crate::Stack::raw`]: the bottom piece's code 1…8 in the low bits, the
/// upper piece's above), on the cell of index `cell`, from a table of 16
/// keys a cell: the bottom piece's 8 codes, then the upper piece's (0 for
/// an empty cell).
///
/// # Panics
/// If `N` is below `16 * (cell + 1)`, or a code is above 8.
#[inline]
#[must_use]
pub fn stack_key<const N: usize>(keys: &[u64; N], cell: usize, raw: u8) -> u64 {
    let base = cell * 16;
    let mut key = 0;
    let bottom = raw & 0x0f;
    if bottom != 0 {
        key ^= keys[base + (bottom as usize - 1)];
    }
    let upper = raw >> 4;
    if upper != 0 {
        key ^= keys[base + 8 + (upper as usize - 1)];
    }
    key
}
