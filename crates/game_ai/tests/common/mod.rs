//! What the computer player's tests share: the independent [`judge`], and
//! the few helpers of the generated-position tests (a seeded proptest
//! runner, a stream of random numbers, and what a playout looks for).
//!
//! Each test file uses a part of it, hence `dead_code` is allowed.

#![allow(dead_code)]

pub mod judge;

use game_core::Rules;
use proptest::prelude::ProptestConfig;
use proptest::test_runner::{RngSeed, TestRunner};

/// A proptest runner for `cases` cases from the fixed seed `seed` (unless
/// `PROPTEST_RNG_SEED` names another), so that the counts of positions with
/// something to judge are the same from run to run; no failure file, and
/// shrinking bounded (every case runs searches).
pub fn runner(cases: u32, seed: u64) -> TestRunner {
    let defaults = ProptestConfig::default();
    let rng_seed = match defaults.rng_seed {
        RngSeed::Random => RngSeed::Fixed(seed),
        chosen => chosen,
    };
    TestRunner::new(ProptestConfig {
        cases,
        rng_seed,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..defaults
    })
}

/// The next number of a SplitMix64 stream, for the plies of a playout after
/// the ones proptest chose.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a playout goes on looking for, so that the generated positions have
/// something to judge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aim {
    /// The seat to move can win at once ([`judge::wins_at_once`]).
    Win,
    /// The seat to move has a threat to dodge ([`judge::has_threat_to_dodge`]).
    Threat,
}

impl Aim {
    /// `Aim::Win` when `win`, else `Aim::Threat`.
    pub fn from_bool(win: bool) -> Aim {
        if win { Aim::Win } else { Aim::Threat }
    }

    /// Whether `position` is one the playout was looking for.
    pub fn reached<R: Rules>(self, position: &R::Position) -> bool {
        match self {
            Aim::Win => !judge::wins_at_once::<R>(position).is_empty(),
            Aim::Threat => judge::has_threat_to_dodge::<R>(position),
        }
    }
}
