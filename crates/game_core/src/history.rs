//! [`History`]: the states a game has been through, for repetition rules
//! (ARKES R10: a state may not occur twice; Arcanor A12: the third occurrence
//! draws), exact and O(1) per look-up.
//!
//! States are found by their 64-bit Zobrist key, then confirmed by comparing
//! the states themselves: a key collision can never make a rule fire
//! wrongly. States are pushed and popped in stack order, as moves are
//! played and taken back.

const NONE: u32 = u32::MAX;

/// Buckets a new history starts with (a power of two); there are always at
/// least twice as many buckets as states.
const FIRST_BUCKETS: usize = 64;

#[derive(Clone, Debug)]
struct Entry<S> {
    key: u64,
    state: S,
    /// The previous entry in the same bucket (any key), or `NONE`.
    prev: u32,
}

/// A stack of states with their keys, found by key in O(1): a table of
/// buckets (a power of two, at least twice the states), each the head of a
/// chain of its entries, newest first, threaded through the stack. Keys
/// are Zobrist hashes, already uniformly random: a key's bucket is its low
/// bits. Pushing and popping touch one bucket; looking a key up walks one
/// chain, empty in the usual case.
///
/// `S` is the exact state a rule compares (a grid and the seat to move).
/// Two histories are equal when they hold the same states with the same
/// keys in the same order.
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
    /// The newest entry of each bucket, or `NONE`.
    heads: Vec<u32>,
}

impl<S> Default for History<S> {
    fn default() -> History<S> {
        History { entries: Vec::new(), heads: vec![NONE; FIRST_BUCKETS] }
    }
}

impl<S: PartialEq> PartialEq for History<S> {
    fn eq(&self, other: &History<S>) -> bool {
        self.entries.len() == other.entries.len()
            && self.entries.iter().zip(&other.entries).all(|(a, b)| a.key == b.key && a.state == b.state)
    }
}

impl<S: Eq> Eq for History<S> {}

impl<S: PartialEq> History<S> {
    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & (self.heads.len() - 1)
    }

    /// Records one more occurrence of `state`, whose key is `key`.
    pub fn push(&mut self, key: u64, state: S) {
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 states");
        if 2 * (self.entries.len() + 1) > self.heads.len() {
            self.grow();
        }
        let bucket = self.bucket(key);
        let prev = std::mem::replace(&mut self.heads[bucket], index);
        self.entries.push(Entry { key, state, prev });
    }

    /// Doubles the buckets and threads the chains again, oldest entry
    /// first, so each chain stays newest first.
    fn grow(&mut self) {
        self.heads = vec![NONE; self.heads.len() * 2];
        for i in 0..self.entries.len() {
            let bucket = self.bucket(self.entries[i].key);
            self.entries[i].prev = std::mem::replace(&mut self.heads[bucket], i as u32);
        }
    }

    /// Forgets the last state pushed (taking back the move that made it).
    /// Does nothing on an empty history.
    pub fn pop(&mut self) {
        let Some(entry) = self.entries.pop() else { return };
        // The newest entry of all is the newest of its bucket.
        let bucket = self.bucket(entry.key);
        self.heads[bucket] = entry.prev;
    }

    /// The entries of `key`'s bucket, newest first.
    fn chain(&self, key: u64) -> impl Iterator<Item = &Entry<S>> {
        let mut i = self.heads[self.bucket(key)];
        std::iter::from_fn(move || {
            let entry = self.entries.get(i as usize)?;
            i = entry.prev;
            Some(entry)
        })
    }

    /// Whether any state with `key` has occurred: the fast pre-check. A
    /// `true` may be a collision; [`History::count`] confirms.
    #[must_use]
    pub fn has_key(&self, key: u64) -> bool {
        self.chain(key).any(|e| e.key == key)
    }

    /// How many times the state `state()` (whose key is `key`) has occurred.
    /// `state` is only called when some state with that key has occurred,
    /// so building it costs nothing in the usual case.
    #[must_use]
    pub fn count(&self, key: u64, state: impl FnOnce() -> S) -> u32 {
        let mut same_key = self.chain(key).filter(|e| e.key == key).peekable();
        if same_key.peek().is_none() {
            return 0;
        }
        let state = state();
        same_key.map(|e| u32::from(e.state == state)).sum()
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
    fn many_states_are_found_by_key_as_the_table_grows_and_shrinks_back() {
        let mut h = History::default();
        // Keys alike in their low bits, so chains are long, and keys apart.
        let keys: Vec<u64> =
            (0..1000_u64).map(|i| if i % 3 == 0 { i << 20 } else { i * 0x9e37_79b9 }).collect();
        for (i, &k) in keys.iter().enumerate() {
            h.push(k, i);
            assert!(h.has_key(k));
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(h.count(k, || i), 1, "state {i}");
            assert_eq!(h.count(k, || i + 1), u32::from(keys.get(i + 1) == Some(&k)));
        }
        assert!(!h.has_key(7 << 20 | 1));
        for (i, &k) in keys.iter().enumerate().rev() {
            assert!(h.has_key(k));
            h.pop();
            assert_eq!(h.count(k, || i), 0, "state {i} popped");
        }
        assert!(h.is_empty() && keys.iter().all(|&k| !h.has_key(k)));
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
        // Grown to more buckets, a history equals one that never grew.
        for i in 0..100 {
            a.push(i, 'z');
        }
        for _ in 0..100 {
            a.pop();
        }
        assert_eq!(a, b);
    }
}
