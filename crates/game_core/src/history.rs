//! [`History`]: the states a game has been through, for repetition rules
//! (ARKES R10: a state may not occur twice; Arcanor A12: the third occurrence
//! draws), exact and O(1) per look-up.
//!
//! States are found by their 64-bit Zobrist key, then confirmed by comparing
//! the states themselves: a key collision can never make a rule fire
//! wrongly. States are pushed and popped in stack order, as moves are
//! played and taken back.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Zobrist keys are already uniformly random: hash them as themselves.
#[derive(Default, Clone, Copy, Debug)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry<S> {
    key: u64,
    state: S,
    /// The previous entry with the same key, or `NONE`.
    prev: u32,
}

/// A stack of states with their keys, and for each key the latest entry.
///
/// `S` is the exact state a rule compares (a grid and the seat to move).
/// Two histories are equal when they hold the same states in the same
/// order.
///
/// ```
/// use game_core::History;
/// let mut h: History<&str> = History::default();
/// h.push(7, "start");
/// h.push(7, "collision"); // same key, another state
/// assert_eq!(h.count(7, || "start"), 1);
/// assert_eq!(h.count(7, || "collision"), 1);
/// assert_eq!(h.count(8, || unreachable!("no entry has key 8")), 0);
/// h.pop();
/// assert_eq!(h.count(7, || "collision"), 0);
/// ```
#[derive(Clone, Debug)]
pub struct History<S> {
    entries: Vec<Entry<S>>,
    latest: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
}

impl<S> Default for History<S> {
    fn default() -> History<S> {
        History { entries: Vec::new(), latest: HashMap::default() }
    }
}

impl<S: PartialEq> PartialEq for History<S> {
    fn eq(&self, other: &History<S>) -> bool {
        self.entries == other.entries
    }
}

impl<S: Eq> Eq for History<S> {}

impl<S: PartialEq> History<S> {
    /// Records one more occurrence of `state`, whose key is `key`.
    pub fn push(&mut self, key: u64, state: S) {
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 states");
        let prev = self.latest.insert(key, index).unwrap_or(NONE);
        self.entries.push(Entry { key, state, prev });
    }

    /// Forgets the last state pushed (taking back the move that made it).
    /// Does nothing on an empty history.
    pub fn pop(&mut self) {
        let Some(entry) = self.entries.pop() else { return };
        if entry.prev == NONE {
            self.latest.remove(&entry.key);
        } else {
            self.latest.insert(entry.key, entry.prev);
        }
    }

    /// Whether any state with `key` has occurred: the fast pre-check. A
    /// `true` may be a collision; [`History::count`] confirms.
    #[must_use]
    pub fn has_key(&self, key: u64) -> bool {
        self.latest.contains_key(&key)
    }

    /// How many times the state `state()` (whose key is `key`) has occurred.
    /// `state` is only called when some state with that key has occurred,
    /// so building it costs nothing in the usual case.
    #[must_use]
    pub fn count(&self, key: u64, state: impl FnOnce() -> S) -> u32 {
        let Some(&first) = self.latest.get(&key) else { return 0 };
        let state = state();
        let mut n = 0;
        let mut i = first;
        while i != NONE {
            let entry = &self.entries[i as usize];
            n += u32::from(entry.state == state);
            i = entry.prev;
        }
        n
    }

    /// Number of states recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_collision_is_told_apart_by_the_state() {
        let mut h = History::default();
        h.push(1, [0u8; 4]);
        h.push(1, [9u8; 4]);
        h.push(1, [0u8; 4]);
        assert_eq!(h.count(1, || [0u8; 4]), 2);
        assert_eq!(h.count(1, || [9u8; 4]), 1);
        assert_eq!(h.count(1, || [5u8; 4]), 0);
        h.pop();
        assert_eq!(h.count(1, || [0u8; 4]), 1);
        assert!(!h.is_empty());
        assert_eq!(h.len(), 2);
        h.pop();
        h.pop();
        assert!(h.is_empty());
        assert!(!h.has_key(1));
        h.pop();
    }

    #[test]
    fn equal_histories_hold_the_same_states_in_order() {
        let mut a = History::default();
        let mut b = History::default();
        a.push(1, 'x');
        b.push(1, 'x');
        assert_eq!(a, b);
        a.push(2, 'y');
        assert_ne!(a, b);
        a.pop();
        assert_eq!(a, b);
    }
}
