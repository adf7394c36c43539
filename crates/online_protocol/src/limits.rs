//! What a peer may cost this side: the size of a message (checked before
//! anything is parsed: [`crate::MAX_MESSAGE_BYTES`],
//! [`crate::MAX_GUEST_MESSAGE_BYTES`]) and of its texts
//! ([`MAX_FIELD_BYTES`]), the messages a peer may send in a while
//! ([`RateLimit`]), and the peers a room takes ([`MAX_WATCHERS`]).

/// Longest text field a peer may send (a move, a game's id, a note), in
/// bytes; a refusal's reason is cut to it before it is sent.
pub const MAX_FIELD_BYTES: usize = 200;

/// Peers that may watch a game (connected, holding no seat); a peer past
/// them is told the room is full.
pub const MAX_WATCHERS: usize = 8;

/// Peers a room keeps track of at once, seated, watching or not yet
/// proven: past this, a peer that connects is ignored until others leave.
pub const MAX_PEERS: usize = 16;

/// Messages a peer may send at once.
pub const BURST_MESSAGES: f64 = 60.0;

/// Messages a second a peer may send on average: a game sends a few a
/// move (the move, clock readings), so a peer past this floods.
pub const MESSAGES_PER_SECOND: f64 = 20.0;

/// A token bucket per peer: [`BURST_MESSAGES`] at once, refilled at
/// [`MESSAGES_PER_SECOND`]. A message past it is dropped unread (not
/// parsed, not answered) and counted.
#[derive(Clone, Debug, PartialEq)]
pub struct RateLimit {
    tokens: f64,
    /// Seconds (any clock that only goes forward) at the last refill.
    last: f64,
    dropped: u64,
}

impl RateLimit {
    /// A full bucket at `now` (seconds).
    #[must_use]
    pub fn new(now: f64) -> RateLimit {
        RateLimit { tokens: BURST_MESSAGES, last: now, dropped: 0 }
    }

    /// Whether a message arriving at `now` (seconds, the clock of
    /// [`RateLimit::new`]) may be read; if not, it is counted as dropped.
    pub fn allow(&mut self, now: f64) -> bool {
        let elapsed = (now - self.last).max(0.0);
        self.last = self.last.max(now);
        self.tokens = (self.tokens + elapsed * MESSAGES_PER_SECOND).min(BURST_MESSAGES);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.dropped += 1;
            false
        }
    }

    /// The messages dropped since the last call.
    pub fn take_dropped(&mut self) -> u64 {
        std::mem::take(&mut self.dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_a_flood_is_dropped_and_the_bucket_refills() {
        let mut limit = RateLimit::new(10.0);
        let passed = (0..1000).filter(|_| limit.allow(10.0)).count();
        assert_eq!(passed, BURST_MESSAGES as usize);
        assert_eq!(limit.take_dropped(), 1000 - BURST_MESSAGES as u64);
        assert_eq!(limit.take_dropped(), 0);
        // Half a second later: ten more.
        let passed = (0..100).filter(|_| limit.allow(10.5)).count();
        assert_eq!(passed, (MESSAGES_PER_SECOND / 2.0) as usize);
        // A clock that goes back gives nothing.
        assert!(!limit.allow(3.0));
        // A long quiet time fills the bucket, no more.
        let passed = (0..1000).filter(|_| limit.allow(1000.0)).count();
        assert_eq!(passed, BURST_MESSAGES as usize);
    }
}
