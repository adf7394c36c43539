//! The limits of a game (ARKES R15, Arcanor A12): rounds, rounds without a
//! capture, and a clock per player, valid by construction.

use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest clock a game accepts, initial time or increment: one week, in
/// milliseconds. Anything longer is a corrupt or hostile file.
pub const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;

/// A clock per player (ARKES R15, Arcanor A12): each seat starts with
/// [`Clock::initial_ms`] and gains [`Clock::increment_ms`] after each of its
/// moves. Times in milliseconds. Only valid clocks can be built
/// ([`Clock::new`]), also when read from a save file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "RawClock", into = "RawClock")]
pub struct Clock {
    initial_ms: u64,
    increment_ms: u64,
}

#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClock {
    initial_ms: u64,
    increment_ms: u64,
}

/// Why a clock is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ClockError {
    /// A clock must start with some time.
    #[error("a clock must start with some time, not 0 ms")]
    NoTime,
    /// The initial time is absurd.
    #[error("the initial time of {0} ms is more than a week")]
    InitialTooLong(u64),
    /// The increment is absurd.
    #[error("the increment of {0} ms is more than a week")]
    IncrementTooLong(u64),
}

impl Clock {
    /// A clock of `initial_ms` plus `increment_ms` per move.
    ///
    /// # Errors
    /// [`ClockError::NoTime`] for a zero initial time (every move would be
    /// over time), [`ClockError::InitialTooLong`] or
    /// [`ClockError::IncrementTooLong`] beyond [`MAX_CLOCK_MS`].
    pub const fn new(initial_ms: u64, increment_ms: u64) -> Result<Clock, ClockError> {
        if initial_ms == 0 {
            Err(ClockError::NoTime)
        } else if initial_ms > MAX_CLOCK_MS {
            Err(ClockError::InitialTooLong(initial_ms))
        } else if increment_ms > MAX_CLOCK_MS {
            Err(ClockError::IncrementTooLong(increment_ms))
        } else {
            Ok(Clock { initial_ms, increment_ms })
        }
    }

    /// Time each seat starts with, in milliseconds (1 ms to a week).
    #[must_use]
    pub const fn initial_ms(self) -> u64 {
        self.initial_ms
    }

    /// Time added after each move of the seat, in milliseconds (at most a week).
    #[must_use]
    pub const fn increment_ms(self) -> u64 {
        self.increment_ms
    }
}

impl TryFrom<RawClock> for Clock {
    type Error = ClockError;
    fn try_from(raw: RawClock) -> Result<Clock, ClockError> {
        Clock::new(raw.initial_ms, raw.increment_ms)
    }
}

impl From<Clock> for RawClock {
    fn from(clock: Clock) -> RawClock {
        RawClock { initial_ms: clock.initial_ms, increment_ms: clock.increment_ms }
    }
}

/// The limits of a game (ARKES R15, Arcanor A12). A limit reached with no
/// winner draws the game; a seat whose clock runs out is out (R12) or loses
/// (A12), as its rules say.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The game is drawn when this round ends (default 100).
    pub rounds: Option<NonZeroU32>,
    /// The game is drawn when this many rounds in a row have ended without a
    /// capture (default: no limit).
    pub rounds_without_capture: Option<NonZeroU32>,
    /// A clock per player (default: none).
    pub clock: Option<Clock>,
}

impl Default for Limits {
    /// The defaults of R15 and A12: 100 rounds in total, no capture limit,
    /// no clock.
    fn default() -> Limits {
        Limits { rounds: NonZeroU32::new(100), rounds_without_capture: None, clock: None }
    }
}
