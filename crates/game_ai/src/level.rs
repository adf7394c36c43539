//! [`Level`]: Easy, Medium and Hard, and what each one means for the search
//! ([`SearchOptions`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// How the evaluation judges a position (see [`crate::eval`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EvalKind {
    /// Material and the marble's straight-line (king-step) distance to the
    /// golden cell; knows nothing of paths, threats, towers or pins. No
    /// level uses it: an Easy built on it drew 44% of its games against the
    /// random player (it never learns to build a path for its marble).
    Plain,
    /// Everything: the marble's path to the golden cell over own tokens,
    /// threats to marbles, towers that can capture, pins, mobility.
    Full,
}

/// The strength of the computer opponent.
///
/// The levels differ in what they know and how far they look, not only in
/// how long they think:
///
/// | level  | evaluation        | depth | quiescence | noise (± points) | default budget |
/// |--------|-------------------|-------|------------|------------------|----------------|
/// | Easy   | [`EvalKind::Full`]  | ≤ 2 | no         | 80               | 2 000 nodes    |
/// | Medium | [`EvalKind::Full`]  | ≤ 4 | no         | 12               | 20 000 nodes   |
/// | Hard   | [`EvalKind::Full`]  | ≤ 32 | 6 plies   | 1 (tie-break)    | 150 000 nodes  |
///
/// Every level first applies the tactical checks of [`crate::tactics`]: it
/// plays a win in one, takes a safe marble capture and avoids moves after
/// which the next seat wins or captures its marble at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// A beginner's opponent: it sees only its move and the reply, with a
    /// lot of randomness (± 80 points, almost a token), but it never misses
    /// a win in one.
    Easy,
    /// A club player: a full evaluation, a few plies deep.
    Medium,
    /// As strong as the budget allows (≤ 1 s per move by default on the
    /// 2-player 9×9 set-up on a modest 2-core machine).
    Hard,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The lowercase name: `easy`, `medium`, `hard`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The default search budget per move, in nodes (positions played by
    /// the search, see [`crate::SearchStats::nodes`]).
    #[must_use]
    pub const fn default_nodes(self) -> u64 {
        match self {
            Level::Easy => 2_000,
            Level::Medium => 20_000,
            Level::Hard => 150_000,
        }
    }

    /// The default options of this level, with seed 0.
    #[must_use]
    pub fn options(self) -> SearchOptions {
        let (eval, max_depth, quiescence, noise) = match self {
            Level::Easy => (EvalKind::Full, 2, 0, 80),
            Level::Medium => (EvalKind::Full, 4, 0, 12),
            Level::Hard => (EvalKind::Full, 32, 6, 1),
        };
        SearchOptions {
            level: self,
            eval,
            max_depth,
            quiescence,
            noise,
            max_nodes: self.default_nodes(),
            seed: 0,
            table_bits: if self == Level::Hard { 18 } else { 14 },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a level.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a level: expected easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.chars().take(16).collect()))
    }
}

/// The settings of one search: a [`Level`]'s defaults, changed with the
/// builder methods.
///
/// ```
/// use game_ai::{Level, SearchOptions};
/// let options = Level::Hard.options().seed(7).max_nodes(10_000);
/// assert_eq!(options.max_nodes, 10_000);
/// assert_eq!(SearchOptions::default().level, Level::Medium);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchOptions {
    /// The level these options came from.
    pub level: Level,
    /// The evaluation used at the leaves.
    pub eval: EvalKind,
    /// The deepest full-width iteration, in plies (≥ 1).
    pub max_depth: u8,
    /// Extra plies of captures-only search after the full-width depth
    /// (0: none).
    pub quiescence: u8,
    /// Half-width of the deterministic pseudo-random noise added to every
    /// leaf evaluation, in evaluation points (100 = a token). Seeded by
    /// [`SearchOptions::seed`].
    pub noise: i32,
    /// The search stops after this many nodes (positions played).
    pub max_nodes: u64,
    /// The seed: same seed, position and budget, same move.
    pub seed: u64,
    /// The transposition table holds `2^table_bits` entries (24 bytes each:
    /// 6 MiB for Hard's 18 bits, 384 KiB for the others' 14).
    pub table_bits: u8,
}

impl Default for SearchOptions {
    /// Medium's options.
    fn default() -> SearchOptions {
        Level::Medium.options()
    }
}

impl SearchOptions {
    /// Sets the seed.
    #[must_use]
    pub const fn seed(mut self, seed: u64) -> SearchOptions {
        self.seed = seed;
        self
    }

    /// Sets the node budget (at least 1).
    #[must_use]
    pub const fn max_nodes(mut self, nodes: u64) -> SearchOptions {
        self.max_nodes = if nodes == 0 { 1 } else { nodes };
        self
    }

    /// Sets the deepest iteration, in plies (at least 1).
    #[must_use]
    pub const fn max_depth(mut self, depth: u8) -> SearchOptions {
        self.max_depth = if depth == 0 { 1 } else { depth };
        self
    }

    /// Sets the noise half-width, in evaluation points (0: none).
    #[must_use]
    pub const fn noise(mut self, noise: i32) -> SearchOptions {
        self.noise = if noise < 0 { 0 } else { noise };
        self
    }

    /// Sets the transposition table size to `2^bits` entries (clamped to
    /// 10…24).
    #[must_use]
    pub const fn table_bits(mut self, bits: u8) -> SearchOptions {
        self.table_bits = if bits < 10 {
            10
        } else if bits > 24 {
            24
        } else {
            bits
        };
        self
    }
}
