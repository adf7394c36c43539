//! The transposition table: values and best moves of positions already
//! searched, by Zobrist hash (always-replace, one entry per slot).
//!
//! The hash covers the grid and the seat to move, not the history of the
//! repetition rules (ARKES R10, Arcanor A12), so an entry can come from the
//! same grid reached by another path, where other moves were forbidden or
//! the count of repetitions differs: its move is only used to order the
//! moves actually generated, never played blindly.

use crate::eval::DECIDED;

/// What an entry's value says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cutoff above beta).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    value: i32,
    depth: i16,
    bound: Bound,
    mv: Option<M>,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit<M> {
    pub value: i32,
    pub depth: i16,
    pub bound: Bound,
    /// The best move found, if any.
    pub mv: Option<M>,
}

/// A fixed-size table of `2^bits` entries.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> Table<M> {
    pub(crate) fn new(bits: u8) -> Table<M> {
        let len = 1usize << bits;
        Table { entries: vec![None; len], mask: (len - 1) as u64 }
    }

    /// Decided values are stored relative to the node (`ply` plies from the
    /// root), so that a win found on another path keeps its distance.
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i16,
        value: i32,
        bound: Bound,
        mv: Option<M>,
    ) {
        let value = to_table(value, ply);
        self.entries[(key & self.mask) as usize] = Some(Entry { key, value, depth, bound, mv });
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        let e = self.entries[(key & self.mask) as usize].filter(|e| e.key == key)?;
        Some(Hit { value: from_table(e.value, ply), depth: e.depth, bound: e.bound, mv: e.mv })
    }
}

fn to_table(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= DECIDED {
        value + ply
    } else if value <= -DECIDED {
        value - ply
    } else {
        value
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= DECIDED {
        value - ply
    } else if value <= -DECIDED {
        value + ply
    } else {
        value
    }
}
