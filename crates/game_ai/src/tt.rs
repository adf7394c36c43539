//! The transposition table: values and best moves of positions already
//! searched, by Zobrist hash (always-replace, one entry per slot).
//!
//! The table's slots are written as the search goes, not all when it is
//! made ([`Table::grow_for`]): clearing Hard's 6 MiB at once took a
//! noticeable part of a frame on the web build, where the search shares the
//! main thread. Slots not yet written miss and keep nothing. How many are
//! written depends only on the nodes searched, so a search gives the same
//! move however it is sliced.
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

/// Slots written before the first node.
const INITIAL_SLOTS: usize = 1 << 12;

/// Slots written per node searched, until the table is whole: Hard's 2^18
/// after 1 008 nodes, the others' 2^14 after 48.
const SLOTS_PER_NODE: usize = 256;

/// A fixed-size table of `2^bits` entries, written as the search goes.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    /// The slots written so far (the first ones of the table).
    entries: Vec<Option<Entry<M>>>,
    /// The table's size: `2^bits`.
    len: usize,
    mask: u64,
}

impl<M: Copy> Table<M> {
    pub(crate) fn new(bits: u8) -> Table<M> {
        let len = 1usize << bits;
        let mut table = Table { entries: Vec::with_capacity(len), len, mask: (len - 1) as u64 };
        table.grow_for(0);
        table
    }

    /// Writes the slots due after `nodes` nodes of search.
    pub(crate) fn grow_for(&mut self, nodes: u64) {
        if self.entries.len() < self.len {
            let due = usize::try_from(nodes).unwrap_or(usize::MAX).saturating_mul(SLOTS_PER_NODE);
            let due = due.saturating_add(INITIAL_SLOTS).min(self.len);
            if due > self.entries.len() {
                self.entries.resize(due, None);
            }
        }
    }

    /// Slots written so far.
    #[cfg(test)]
    pub(crate) fn written(&self) -> usize {
        self.entries.len()
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
        if let Some(slot) = self.entries.get_mut((key & self.mask) as usize) {
            *slot = Some(Entry { key, value, depth, bound, mv });
        }
    }

    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        let e = self.entries.get((key & self.mask) as usize).copied().flatten().filter(|e| e.key == key)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_written_as_the_search_goes() {
        let mut table: Table<u8> = Table::new(18);
        assert_eq!(table.written(), INITIAL_SLOTS);
        // A slot not yet written keeps nothing.
        let far = (1u64 << 17) + 5;
        table.store(far, 0, 3, 42, Bound::Exact, Some(7));
        assert!(table.probe(far, 0).is_none());
        table.grow_for(100);
        assert_eq!(table.written(), INITIAL_SLOTS + 100 * SLOTS_PER_NODE);
        table.grow_for(10);
        assert_eq!(table.written(), INITIAL_SLOTS + 100 * SLOTS_PER_NODE, "never shrinks");
        table.grow_for(1_000_000);
        assert_eq!(table.written(), 1 << 18, "whole, and no more");
        table.store(far, 0, 3, 42, Bound::Exact, Some(7));
        let hit = table.probe(far, 0).expect("stored");
        assert_eq!((hit.value, hit.depth, hit.mv), (42, 3, Some(7)));
        assert!(table.probe(far + (1 << 18), 0).is_none(), "another key in the slot");
    }
}
