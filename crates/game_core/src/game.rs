//! [`Game`]: a set-up and its plies under some [`Rules`], with limits
//! (rounds, rounds without capture, clocks), undo/redo and the JSON save
//! format ([`GameRecord`]).

use std::fmt;
use std::num::NonZeroU32;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::rules::{DrawReason, Outcome, Rules, TurnStart};
use crate::seat::{BySeat, Seat};

/// The version written in the `"format"` field of save files.
pub const SAVE_FORMAT: u64 = 1;

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

/// One step of a game record: a move, or a time-out of the seat to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "ply", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ply<T> {
    /// The seat to move played `mv` after thinking `ms` milliseconds.
    Move {
        /// The move, in notation.
        #[serde(rename = "move")]
        mv: T,
        /// Milliseconds its clock ran for this move (0 without a clock).
        #[serde(default)]
        ms: u64,
    },
    /// The clock of the seat to move ran out after `ms` milliseconds.
    TimeOut {
        /// Milliseconds its clock ran on this turn.
        #[serde(default)]
        ms: u64,
    },
}

/// A game as stored: the set-up, the limits and the plies, which replay
/// exactly. This is the JSON save format: `"format"` ([`SAVE_FORMAT`]),
/// `"game"` ([`Rules::TAG`]; a save without it is an ARKES save, as written
/// before a second game existed), `"setup"`, `"limits"`, `"plies"`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord<R: Rules> {
    /// The starting position.
    pub setup: R::Setup,
    /// Limits and clock.
    pub limits: Limits,
    /// Everything played, in order.
    pub plies: Vec<Ply<R::MoveText>>,
}

/// The tag of saves written before games were tagged.
pub const UNTAGGED_GAME: &str = "arkes";

#[derive(Serialize)]
#[serde(bound = "")]
struct RecordOut<'a, R: Rules> {
    format: u64,
    game: &'static str,
    setup: &'a R::Setup,
    limits: &'a Limits,
    plies: &'a [Ply<R::MoveText>],
}

#[derive(Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
struct RecordIn<R: Rules> {
    format: u64,
    #[serde(default)]
    game: Option<String>,
    setup: R::Setup,
    limits: Limits,
    plies: Vec<Ply<R::MoveText>>,
}

impl<R: Rules> Serialize for GameRecord<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordOut::<R> {
            format: SAVE_FORMAT,
            game: R::TAG,
            setup: &self.setup,
            limits: &self.limits,
            plies: &self.plies,
        }
        .serialize(serializer)
    }
}

impl<'de, R: Rules> Deserialize<'de> for GameRecord<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord<R>, D::Error> {
        let raw = RecordIn::<R>::deserialize(deserializer)?;
        if raw.format != SAVE_FORMAT {
            return Err(serde::de::Error::custom(LoadError::<R>::UnsupportedFormat {
                found: raw.format.to_string(),
            }));
        }
        let game = raw.game.unwrap_or_else(|| UNTAGGED_GAME.to_owned());
        if game != R::TAG {
            return Err(serde::de::Error::custom(LoadError::<R>::WrongGame { found: short(&game, 24) }));
        }
        Ok(GameRecord { setup: raw.setup, limits: raw.limits, plies: raw.plies })
    }
}

/// At most `n` characters of `text`, for error messages.
pub(crate) fn short(text: &str, n: usize) -> String {
    let mut s: String = text.chars().take(n).collect();
    if text.chars().nth(n).is_some() {
        s.push('…');
    }
    s
}

/// Why a saved game cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError<R: Rules> {
    /// The text is not JSON, or not shaped like a game record.
    #[error("not a valid {name} save: {0}", name = R::NAME)]
    Json(String),
    /// There is no `"format"` field.
    #[error("not a {} save: it has no \"format\" field", R::NAME)]
    MissingFormat,
    /// The file was written by a version this one cannot read.
    #[error("save format {found} is not supported (this version reads format {SAVE_FORMAT})")]
    UnsupportedFormat {
        /// The `"format"` found, as written.
        found: String,
    },
    /// The save is of another game.
    #[error("this is a save of the game `{found}`, not of {}", R::NAME)]
    WrongGame {
        /// The `"game"` found.
        found: String,
    },
    /// The starting position breaks a rule.
    #[error("the saved starting position is invalid: {0}")]
    Setup(R::SetupError),
    /// A ply cannot be replayed.
    #[error("ply {ply} ({text}) cannot be replayed: {error}")]
    Ply {
        /// 1-based ply number.
        ply: usize,
        /// The ply as written.
        text: String,
        /// Why.
        error: PlyError<R::IllegalMove>,
    },
}

/// Why a ply cannot be played (by [`Game::play`]) or replayed (from a record).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlyError<E> {
    /// The game has ended: a win, or a draw by the rules or a limit.
    #[error("the game is over")]
    GameOver,
    /// The move is illegal at that point.
    #[error(transparent)]
    Illegal(E),
    /// A time-out recorded in a game without clocks.
    #[error("a time-out in a game without clocks")]
    TimeOutWithoutClock,
    /// A move that took at least as long as the seat's clock had left: its
    /// clock ran out first (a time-out, not a move).
    #[error("the move took {ms} ms but the clock had only {left} ms left")]
    OverTime {
        /// Milliseconds recorded.
        ms: u64,
        /// Milliseconds the clock had.
        left: u64,
    },
}

/// Why a move given as text cannot be played: malformed or not playable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError<P, E> {
    /// The text is not a move.
    #[error(transparent)]
    Parse(P),
    /// The move cannot be played now.
    #[error(transparent)]
    Ply(PlyError<E>),
}

/// What one ply did, for the views (animation, sound, HUD).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReport<R: Rules> {
    /// The seat that moved or ran out of time.
    pub mover: Seat,
    /// The move, `None` for a time-out.
    pub mv: Option<R::Move>,
    /// The steps the rules took, in order: the move (or the time-out's
    /// elimination), then each start-of-turn elimination. Each engine's
    /// undo record tells what its step did (captures, removals).
    pub steps: Vec<R::Undo>,
    /// How the game ended, if this ply ended it.
    pub outcome: Option<Outcome<R::WinReason>>,
}

/// When and by whom a ply was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PlyInfo {
    /// The seat that moved (or ran out of time).
    pub mover: Seat,
    /// The round it was played in, from 1.
    pub round: u32,
}

/// Counters that change ply by ply and are restored by undo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Counters<W> {
    rounds_completed: u32,
    rounds_without_capture: u32,
    capture_this_round: bool,
    clocks: BySeat<u64>,
    captures: BySeat<u32>,
    spent_ms: u64,
    outcome: Option<Outcome<W>>,
}

/// A game under rules `R`: the set-up and what has been played on it, with
/// the limits (rounds, rounds without capture, clocks) and undo/redo.
///
/// # Rounds and limits
///
/// A round ends each time the turn passes from a seat to a seat not later
/// in the turn order (South, West, North, East), seats out of the game
/// skipped. The limits are checked the moment a round ends, before the next
/// seat's start-of-turn checks ([`Rules::start_turn`], RULES.md R15): a
/// move that ends the last round and leaves the next seat without a legal
/// move draws the game. A win by the move itself (ARKES R11, Arcanor A10)
/// stands even when that move ends the last round.
///
/// # Clocks
///
/// Time is reported by the caller ([`Game::tick`]): the engine never reads
/// the wall clock. When the clock of the seat to move runs out, its rules
/// decide ([`Rules::time_out`]: ARKES removes the seat, R12; in Arcanor it
/// loses, A12). Only the seat to move's clock runs, so clocks run out one at
/// a time, and the last seat standing wins by its rules (R14) before every
/// clock could be out: R15's "every clock out" draw cannot arise with the
/// positive clocks [`Clock::new`] allows.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    setup: R::Setup,
    limits: Limits,
    position: R::Position,
    plies: Vec<Ply<R::MoveText>>,
    info: Vec<PlyInfo>,
    undo: Vec<(Vec<R::Undo>, Counters<R::WinReason>)>,
    redo: Vec<Ply<R::MoveText>>,
    counters: Counters<R::WinReason>,
}

impl<R: Rules> Game<R> {
    /// A new game from `setup` with `limits`. The start-of-turn checks of the
    /// first seat run at once (ARKES R12: a seat with no legal move is out),
    /// and count the rounds they pass.
    ///
    /// # Errors
    /// The rule the set-up breaks.
    pub fn new(setup: R::Setup, limits: Limits) -> Result<Game<R>, R::SetupError> {
        let position = R::start(&setup)?;
        let clock = limits.clock.map_or(0, Clock::initial_ms);
        let mut game = Game {
            setup,
            limits,
            position,
            plies: Vec::new(),
            info: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            counters: Counters {
                rounds_completed: 0,
                rounds_without_capture: 0,
                capture_this_round: false,
                clocks: BySeat([clock; 4]),
                captures: BySeat([0; 4]),
                spent_ms: 0,
                outcome: None,
            },
        };
        let mut counters = game.counters;
        counters.outcome = R::decided(&game.position);
        let mut steps = Vec::new();
        if counters.outcome.is_none() {
            game.pass_turns(None, &mut counters, &mut steps);
        }
        game.counters = counters;
        Ok(game)
    }

    /// A new game from `setup` with the default limits.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn from_setup(setup: R::Setup) -> Result<Game<R>, R::SetupError> {
        Game::new(setup, Limits::default())
    }

    /// The starting set-up.
    #[must_use]
    pub fn setup(&self) -> &R::Setup {
        &self.setup
    }

    /// The limits and clock.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The plies played so far (not those undone).
    #[must_use]
    pub fn plies(&self) -> &[Ply<R::MoveText>] {
        &self.plies
    }

    /// Who played each ply and in which round, in the order of [`Game::plies`].
    #[must_use]
    pub fn ply_info(&self) -> &[PlyInfo] {
        &self.info
    }

    /// How the game ended, `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<R::WinReason>> {
        self.counters.outcome
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        R::to_move(&self.position)
    }

    /// The legal moves, empty once the game has ended.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<R::Move> {
        let mut moves = Vec::new();
        if self.outcome().is_none() {
            R::legal_moves_into(&self.position, &mut moves);
        }
        moves
    }

    /// The number of the round being played, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.counters.rounds_completed.saturating_add(1)
    }

    /// Rounds completed so far.
    #[must_use]
    pub fn rounds_completed(&self) -> u32 {
        self.counters.rounds_completed
    }

    /// Rounds in a row that have ended without a capture.
    #[must_use]
    pub fn rounds_without_capture(&self) -> u32 {
        self.counters.rounds_without_capture
    }

    /// Whether a piece has been captured in the round being played.
    #[must_use]
    pub fn capture_this_round(&self) -> bool {
        self.counters.capture_this_round
    }

    /// Milliseconds left on `seat`'s clock, `None` without clocks.
    #[must_use]
    pub fn clock_ms(&self, seat: Seat) -> Option<u64> {
        self.limits.clock.map(|_| self.counters.clocks[seat])
    }

    /// How many pieces each seat has captured (ARKES) or eaten (Arcanor).
    #[must_use]
    pub fn captures(&self) -> BySeat<u32> {
        self.counters.captures
    }

    /// Whether there is a ply to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone ply to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Charges `ms` milliseconds to the clock of the seat to move. When it
    /// runs out, its rules decide ([`Rules::time_out`]) and the report of
    /// that time-out is returned. Does nothing without clocks or once the
    /// game has ended.
    pub fn tick(&mut self, ms: u64) -> Option<PlyReport<R>> {
        if self.limits.clock.is_none() || self.outcome().is_some() {
            return None;
        }
        let seat = self.to_move();
        let left = self.counters.clocks[seat];
        self.counters.spent_ms = self.counters.spent_ms.saturating_add(ms.min(left));
        self.counters.clocks[seat] = left.saturating_sub(ms);
        if self.counters.clocks[seat] > 0 {
            return None;
        }
        let ply = Ply::TimeOut { ms: self.counters.spent_ms };
        let report = self.apply(ply).ok()?;
        self.redo.clear();
        Some(report)
    }

    /// Plays `mv` (it is checked: any `R::Move` may be given), charging the
    /// time ticked on this turn.
    ///
    /// # Errors
    /// [`PlyError::GameOver`] once the game has ended (also by a limit),
    /// [`PlyError::Illegal`] with the rule that forbids the move,
    /// [`PlyError::OverTime`] if the seat's clock has no time left (the
    /// caller should have reported the time-out: [`Game::tick`] does). The
    /// game is then unchanged.
    pub fn play(&mut self, mv: R::Move) -> Result<PlyReport<R>, PlyError<R::IllegalMove>> {
        let ply = Ply::Move { mv: R::notation(mv), ms: self.counters.spent_ms };
        let report = self.apply(ply)?;
        self.redo.clear();
        Ok(report)
    }

    /// Parses and plays a move in notation.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move, [`MoveError::Ply`]
    /// as [`Game::play`]; the game is then unchanged.
    pub fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlyReport<R>, MoveError<R::ParseMoveError, R::IllegalMove>> {
        let mv: R::MoveText = text.parse().map_err(MoveError::Parse)?;
        if self.outcome().is_some() {
            return Err(MoveError::Ply(PlyError::GameOver));
        }
        let mv = R::resolve(&self.position, mv).map_err(|e| MoveError::Ply(PlyError::Illegal(e)))?;
        self.play(mv).map_err(MoveError::Ply)
    }

    /// Takes back the last ply (move or time-out); the clocks return to the
    /// start of that turn. Returns `false` if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some((steps, counters)) = self.undo.pop() else { return false };
        let Some(ply) = self.plies.pop() else { return false };
        self.info.pop();
        for step in steps.into_iter().rev() {
            R::undo(&mut self.position, step);
        }
        self.counters = counters;
        self.redo.push(ply);
        true
    }

    /// Plays again the last ply undone. Returns its report, or `None` if there
    /// is nothing to redo.
    pub fn redo(&mut self) -> Option<PlyReport<R>> {
        let ply = self.redo.pop()?;
        match self.apply(ply) {
            Ok(report) => Some(report),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Plays one recorded ply (used by play, tick, redo and loading); on an
    /// error nothing changes.
    fn apply(&mut self, ply: Ply<R::MoveText>) -> Result<PlyReport<R>, PlyError<R::IllegalMove>> {
        if self.outcome().is_some() {
            return Err(PlyError::GameOver);
        }
        let mover = self.to_move();
        let mut before = self.counters;
        // Undo returns to the start of the turn, before this turn's thinking.
        before.clocks[mover] = before.clocks[mover].saturating_add(before.spent_ms);
        before.spent_ms = 0;
        let mut next = before;
        let mut steps = Vec::with_capacity(2);
        let mut mv = None;
        match ply {
            Ply::Move { mv: text, ms } => {
                let legal = R::resolve(&self.position, text).map_err(PlyError::Illegal)?;
                if let Some(clock) = self.limits.clock {
                    let available = before.clocks[mover];
                    if ms >= available {
                        return Err(PlyError::OverTime { ms, left: available });
                    }
                    next.clocks[mover] = (available - ms).saturating_add(clock.increment_ms);
                }
                let step = R::play_move(&mut self.position, legal);
                if R::is_capture(&step) {
                    next.captures[mover] = next.captures[mover].saturating_add(1);
                    next.capture_this_round = true;
                }
                steps.push(step);
                mv = Some(legal);
                next.outcome = R::decided(&self.position);
            }
            Ply::TimeOut { .. } => {
                if self.limits.clock.is_none() {
                    return Err(PlyError::TimeOutWithoutClock);
                }
                next.clocks[mover] = 0;
                match R::time_out(&mut self.position) {
                    TurnStart::Ready => {}
                    TurnStart::Eliminated(step) => {
                        steps.push(step);
                        next.outcome = R::decided(&self.position);
                    }
                    TurnStart::Decided(outcome) => next.outcome = Some(outcome),
                }
            }
        }
        if next.outcome.is_none() {
            self.pass_turns(Some(mover), &mut next, &mut steps);
        }
        let ply = match (ply, mv) {
            (Ply::Move { ms, .. }, Some(legal)) => Ply::Move { mv: R::notation(legal), ms },
            (ply, _) => ply,
        };
        let report = PlyReport { mover, mv, steps: steps.clone(), outcome: next.outcome };
        self.plies.push(ply);
        self.info.push(PlyInfo { mover, round: before.rounds_completed.saturating_add(1) });
        self.undo.push((steps, before));
        self.counters = Counters { spent_ms: 0, ..next };
        Ok(report)
    }

    /// The turn has passed from `prev` (`None` at the start of the game) to
    /// the seat to move: count the round that ends, check the limits, then
    /// run the start-of-turn checks, seat after seat while seats are
    /// eliminated.
    fn pass_turns(
        &mut self,
        mut prev: Option<Seat>,
        next: &mut Counters<R::WinReason>,
        steps: &mut Vec<R::Undo>,
    ) {
        // Each elimination removes a seat, so this ends within four turns;
        // the bound only guards against a faulty `Rules`.
        for _ in 0..8 {
            let seat = R::to_move(&self.position);
            if prev.is_some_and(|p| seat <= p) {
                next.rounds_completed = next.rounds_completed.saturating_add(1);
                if next.capture_this_round {
                    next.rounds_without_capture = 0;
                } else {
                    next.rounds_without_capture = next.rounds_without_capture.saturating_add(1);
                }
                next.capture_this_round = false;
                if self.limits.rounds.is_some_and(|n| next.rounds_completed >= n.get()) {
                    next.outcome = Some(Outcome::Draw(DrawReason::RoundLimit));
                    return;
                }
                if self.limits.rounds_without_capture.is_some_and(|k| next.rounds_without_capture >= k.get())
                {
                    next.outcome = Some(Outcome::Draw(DrawReason::CaptureLimit));
                    return;
                }
            }
            match R::start_turn(&mut self.position) {
                TurnStart::Ready => return,
                TurnStart::Eliminated(step) => {
                    steps.push(step);
                    if let Some(outcome) = R::decided(&self.position) {
                        next.outcome = Some(outcome);
                        return;
                    }
                    prev = Some(seat);
                }
                TurnStart::Decided(outcome) => {
                    next.outcome = Some(outcome);
                    return;
                }
            }
        }
    }

    /// The record of this game (set-up, limits, plies), which replays exactly.
    #[must_use]
    pub fn record(&self) -> GameRecord<R> {
        GameRecord { setup: self.setup.clone(), limits: self.limits, plies: self.plies.clone() }
    }

    /// Replays a record.
    ///
    /// # Errors
    /// [`LoadError::Setup`], or [`LoadError::Ply`] for the first ply that
    /// cannot be replayed.
    pub fn from_record(record: &GameRecord<R>) -> Result<Game<R>, LoadError<R>> {
        let mut game = Game::new(record.setup.clone(), record.limits).map_err(LoadError::Setup)?;
        for (i, &ply) in record.plies.iter().enumerate() {
            game.apply(ply).map_err(|error| LoadError::Ply {
                ply: i + 1,
                text: match ply {
                    Ply::Move { mv, .. } => mv.to_string(),
                    Ply::TimeOut { .. } => "time-out".to_owned(),
                },
                error,
            })?;
        }
        Ok(game)
    }

    /// The save file: the record as pretty JSON.
    ///
    /// # Errors
    /// serde_json's error if the record cannot be written (it always can
    /// with the engines' types; a failure is returned, never an empty save).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(&self.record())
    }

    /// Loads a save file written by [`Game::to_json`] (of any version that
    /// wrote [`SAVE_FORMAT`]; a save without a `"game"` field is ARKES).
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong: not JSON, no or another
    /// `"format"`, another game, a malformed or invalid set-up or clock, a
    /// ply that cannot be replayed.
    pub fn from_json(text: &str) -> Result<Game<R>, LoadError<R>> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        match value.get("format") {
            None => return Err(LoadError::MissingFormat),
            Some(f) if f.as_u64() == Some(SAVE_FORMAT) => {}
            Some(f) => return Err(LoadError::UnsupportedFormat { found: short(&f.to_string(), 40) }),
        }
        let game = match value.get("game") {
            None => UNTAGGED_GAME.to_owned(),
            Some(serde_json::Value::String(tag)) => tag.clone(),
            Some(other) => other.to_string(),
        };
        if game != R::TAG {
            return Err(LoadError::WrongGame { found: short(&game, 24) });
        }
        let record: GameRecord<R> =
            serde_json::from_value(value).map_err(|e| LoadError::Json(e.to_string()))?;
        Game::from_record(&record)
    }
}

/// The tag of the game a JSON save file belongs to (`"arkes"` for a save
/// without one), or `None` when the text is not a JSON object. For choosing
/// which [`Rules`] to load it with.
#[must_use]
pub fn save_game_tag(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let object = value.as_object()?;
    match object.get("game") {
        None => Some(UNTAGGED_GAME.to_owned()),
        Some(serde_json::Value::String(tag)) => Some(tag.clone()),
        Some(_) => None,
    }
}

impl<T: fmt::Display> fmt::Display for Ply<T> {
    /// The move in notation, or `timeout`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move { mv, .. } => write!(f, "{mv}"),
            Ply::TimeOut { .. } => f.write_str("timeout"),
        }
    }
}
