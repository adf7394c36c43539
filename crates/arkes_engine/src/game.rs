//! [`Game`]: a set-up and its plies, with the limits and clocks of R15,
//! eliminations (R12–R14), undo/redo and the JSON save format.

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::mv::{IllegalMoveError, Move, MoveError, MoveText};
use crate::piece::{BySeat, Seat};
use crate::position::{Captured, Elimination, Position, Undo, Win, WinReason};
use crate::setup::{Setup, SetupError};

/// The version written in the `"format"` field of save files.
pub const SAVE_FORMAT: u64 = 1;

/// A clock per player (R15): each seat starts with `initial_ms` and gains
/// `increment_ms` after each of its moves. Times in milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Time each seat starts with, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each move of the seat, in milliseconds.
    pub increment_ms: u64,
}

/// The limits of R15. A limit reached with no winner draws the game.
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
    /// R15's defaults: 100 rounds in total, no capture limit, no clock.
    fn default() -> Limits {
        Limits { rounds: NonZeroU32::new(100), rounds_without_capture: None, clock: None }
    }
}

/// Why a game was drawn (R15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The last round allowed has ended.
    RoundLimit,
    /// Too many rounds in a row ended without a capture.
    CaptureLimit,
    /// Every clock ran out.
    AllClocksOut,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// A seat won (R11, R14).
    Win(Win),
    /// Nobody won (R15).
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win(w) => Some(w.seat),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Win { seat, reason: WinReason::GoldenCell }) => {
                write!(f, "{seat} wins: their marble reached the golden cell (R11)")
            }
            Outcome::Win(Win { seat, reason: WinReason::LastMarble }) => {
                write!(f, "{seat} wins: theirs is the last marble standing (R14)")
            }
            Outcome::Draw(DrawReason::RoundLimit) => write!(f, "draw: the round limit was reached (R15)"),
            Outcome::Draw(DrawReason::CaptureLimit) => {
                write!(f, "draw: the limit of rounds without a capture was reached (R15)")
            }
            Outcome::Draw(DrawReason::AllClocksOut) => write!(f, "draw: every clock ran out (R15)"),
        }
    }
}

/// One step of a game record: a move, or a time-out of the seat to move (R12).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "ply", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ply {
    /// The seat to move played `mv` after thinking `ms` milliseconds.
    Move {
        /// The move, in notation.
        #[serde(rename = "move")]
        mv: MoveText,
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

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MoveText, D::Error> {
        let text = String::deserialize(deserializer)?;
        MoveText::from_str(&text).map_err(serde::de::Error::custom)
    }
}

/// A game as stored: the set-up, the limits and the plies, which replay exactly.
/// This is the JSON save format, with [`SAVE_FORMAT`] in `"format"`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`SAVE_FORMAT`] when written by this version.
    pub format: u64,
    /// The starting position.
    pub setup: Setup,
    /// Limits and clock.
    pub limits: Limits,
    /// Everything played, in order.
    pub plies: Vec<Ply>,
}

/// Why a saved game cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The text is not JSON, or not shaped like a game record.
    #[error("not a valid ARKES save: {0}")]
    Json(String),
    /// There is no `"format"` field.
    #[error("not an ARKES save: it has no \"format\" field")]
    MissingFormat,
    /// The file was written by a version this one cannot read.
    #[error("save format {found} is not supported (this version reads format {SAVE_FORMAT})")]
    UnsupportedFormat {
        /// The `"format"` found, as written.
        found: String,
    },
    /// The starting position breaks a rule.
    #[error("the saved starting position is invalid: {0}")]
    Setup(#[from] SetupError),
    /// A ply cannot be replayed.
    #[error("ply {ply} ({text}) cannot be replayed: {error}")]
    Ply {
        /// 1-based ply number.
        ply: usize,
        /// The ply as written.
        text: String,
        /// Why.
        error: PlyError,
    },
}

/// Why a recorded ply cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlyError {
    /// The move is illegal at that point.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// A time-out recorded in a game without clocks.
    #[error("a time-out in a game without clocks")]
    TimeOutWithoutClock,
    /// A move that took longer than the seat's clock had left (R12).
    #[error("the move took {ms} ms but the clock had only {left} ms left")]
    OverTime {
        /// Milliseconds recorded.
        ms: u64,
        /// Milliseconds the clock had.
        left: u64,
    },
}

/// What one ply did, for the game's views (animation, sound, HUD).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReport {
    /// The seat that moved or ran out of time.
    pub mover: Seat,
    /// The move, `None` for a time-out.
    pub mv: Option<Move>,
    /// The piece captured, if any (R7, R8).
    pub captured: Option<Captured>,
    /// Seats whose marble was removed (R12), in order.
    pub eliminated: Vec<Elimination>,
    /// How the game ended, if this ply ended it.
    pub outcome: Option<Outcome>,
}

/// When and by whom a ply was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PlyInfo {
    /// The seat that moved (or ran out of time).
    pub mover: Seat,
    /// The round it was played in, from 1 (R15).
    pub round: u32,
}

/// Counters that change ply by ply and are restored by undo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Counters {
    rounds_completed: u32,
    rounds_without_capture: u32,
    capture_this_round: bool,
    clocks: BySeat<u64>,
    captures: BySeat<u32>,
    spent_ms: u64,
    outcome: Option<Outcome>,
}

/// A game of ARKES: the set-up and what has been played on it, with the
/// repetition rule (R10, in the [`Position`]), eliminations (R12–R14), limits
/// and clocks (R15), and undo/redo.
///
/// Time is reported by the caller ([`Game::tick`]): the engine never reads the
/// wall clock.
///
/// ```
/// use arkes_engine::{Game, Limits};
/// let mut game = Game::standard(2, 9).unwrap();
/// game.play_text("e1-e2").unwrap_err(); // e1 holds South's general: the marble moves, not a token.
/// game.play_text("b1-b2").unwrap();
/// assert_eq!(game.plies().len(), 1);
/// game.undo();
/// assert_eq!(game.position().to_string(), Game::standard(2, 9).unwrap().position().to_string());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    limits: Limits,
    position: Position,
    plies: Vec<Ply>,
    info: Vec<PlyInfo>,
    undo: Vec<(Undo, Counters)>,
    redo: Vec<Ply>,
    counters: Counters,
}

impl Game {
    /// A new game from `setup` with `limits`.
    ///
    /// # Errors
    /// The [`SetupError`] of an invalid set-up.
    pub fn new(setup: Setup, limits: Limits) -> Result<Game, SetupError> {
        let position = Position::from_setup(&setup)?;
        let clock = limits.clock.map_or(0, |c| c.initial_ms);
        let outcome = position.outcome().map(Outcome::Win);
        Ok(Game {
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
                outcome,
            },
        })
    }

    /// The built-in start of R2 with the default limits of R15.
    ///
    /// # Errors
    /// As [`Setup::standard`].
    pub fn standard(players: usize, side: u8) -> Result<Game, SetupError> {
        Game::new(Setup::standard(players, side)?, Limits::default())
    }

    /// The starting set-up.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The limits and clock.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The plies played so far (not those undone).
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// Who played each ply and in which round, in the order of [`Game::plies`].
    #[must_use]
    pub fn ply_info(&self) -> &[PlyInfo] {
        &self.info
    }

    /// How the game ended, `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.counters.outcome
    }

    /// The legal moves, empty once the game has ended.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() { Vec::new() } else { self.position.legal_moves() }
    }

    /// The number of the round being played, from 1 (R15).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.counters.rounds_completed + 1
    }

    /// Rounds completed so far (R15).
    #[must_use]
    pub fn rounds_completed(&self) -> u32 {
        self.counters.rounds_completed
    }

    /// Rounds in a row that have ended without a capture (R15).
    #[must_use]
    pub fn rounds_without_capture(&self) -> u32 {
        self.counters.rounds_without_capture
    }

    /// Milliseconds left on `seat`'s clock, `None` without clocks.
    #[must_use]
    pub fn clock_ms(&self, seat: Seat) -> Option<u64> {
        self.limits.clock.map(|_| self.counters.clocks[seat])
    }

    /// How many pieces each seat has captured.
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

    /// Charges `ms` milliseconds to the clock of the seat to move. When it runs
    /// out, that seat's marble is removed (R12), or the game is drawn if every
    /// other seat's clock is out too (R15); the report of that time-out is
    /// returned. Does nothing without clocks or once the game has ended.
    pub fn tick(&mut self, ms: u64) -> Option<PlyReport> {
        if self.limits.clock.is_none() || self.outcome().is_some() {
            return None;
        }
        let seat = self.position.to_move();
        let left = self.counters.clocks[seat];
        self.counters.spent_ms += ms.min(left);
        self.counters.clocks[seat] = left.saturating_sub(ms);
        if self.counters.clocks[seat] > 0 {
            return None;
        }
        let ply = Ply::TimeOut { ms: self.counters.spent_ms };
        let report = self.apply(ply).expect("a time-out is always possible while the game goes on");
        self.redo.clear();
        Some(report)
    }

    /// Plays the move named by `mv.from`, `mv.to`.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids it (or
    /// [`IllegalMoveError::GameOver`]); the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<PlyReport, IllegalMoveError> {
        let ply = Ply::Move { mv: mv.text(), ms: self.counters.spent_ms };
        let report = self.apply(ply).map_err(|e| match e {
            PlyError::Illegal(e) => e,
            _ => IllegalMoveError::GameOver,
        })?;
        self.redo.clear();
        Ok(report)
    }

    /// Parses and plays a move in notation.
    ///
    /// # Errors
    /// [`MoveError::Parse`] or [`MoveError::Illegal`]; the game is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<PlyReport, MoveError> {
        let mv = text.parse::<MoveText>()?;
        let mv = if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver.into());
        } else {
            self.position.resolve(mv)?
        };
        Ok(self.play(mv)?)
    }

    /// Takes back the last ply (move or time-out); the clocks return to the
    /// start of that turn. Returns `false` if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some((undo, counters)) = self.undo.pop() else { return false };
        let ply = self.plies.pop().expect("one ply per undo record");
        self.info.pop();
        self.position.undo(undo);
        self.counters = counters;
        self.redo.push(ply);
        true
    }

    /// Plays again the last ply undone. Returns its report, or `None` if there
    /// is nothing to redo.
    pub fn redo(&mut self) -> Option<PlyReport> {
        let ply = self.redo.pop()?;
        match self.apply(ply) {
            Ok(report) => Some(report),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Plays one recorded ply (used by play, tick, redo and loading).
    fn apply(&mut self, ply: Ply) -> Result<PlyReport, PlyError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver.into());
        }
        let mover = self.position.to_move();
        let mut before = self.counters;
        // Undo returns to the start of the turn, before this turn's thinking.
        before.clocks[mover] += before.spent_ms;
        before.spent_ms = 0;
        let clock = self.limits.clock;
        let mut next = before;
        let undo = match ply {
            Ply::Move { mv, ms } => {
                let mv = self.position.resolve(mv)?;
                if let Some(clock) = clock {
                    let available = before.clocks[mover];
                    if ms >= available {
                        return Err(PlyError::OverTime { ms, left: available });
                    }
                    next.clocks[mover] = available - ms + clock.increment_ms;
                }
                self.position.play_unchecked(mv)
            }
            Ply::TimeOut { .. } => {
                if clock.is_none() {
                    return Err(PlyError::TimeOutWithoutClock);
                }
                next.clocks[mover] = 0;
                let seats_in = self.position.seats_in();
                if seats_in.iter().all(|s| next.clocks[s] == 0) {
                    // R15: every clock is out; the position stays as it is.
                    next.outcome = Some(Outcome::Draw(DrawReason::AllClocksOut));
                    let undo = self.position.null_undo();
                    return Ok(self.finish(ply, undo, before, next));
                }
                self.position.eliminate_to_move()?
            }
        };
        if undo.captured().is_some() {
            next.captures[mover] += 1;
            next.capture_this_round = true;
        }
        next.outcome = self.position.outcome().map(Outcome::Win);
        if next.outcome.is_none() {
            // A round ends each time the turn passes back to an earlier seat (R15).
            let mut prev = mover;
            let chain = undo.eliminated().map(|e| e.seat).filter(|&s| s != mover);
            for seat in chain.chain([self.position.to_move()]) {
                if seat <= prev {
                    next.rounds_completed += 1;
                    if next.capture_this_round {
                        next.rounds_without_capture = 0;
                    } else {
                        next.rounds_without_capture += 1;
                    }
                    next.capture_this_round = false;
                }
                prev = seat;
            }
            if self.limits.rounds.is_some_and(|n| next.rounds_completed >= n.get()) {
                next.outcome = Some(Outcome::Draw(DrawReason::RoundLimit));
            } else if self
                .limits
                .rounds_without_capture
                .is_some_and(|k| next.rounds_without_capture >= k.get())
            {
                next.outcome = Some(Outcome::Draw(DrawReason::CaptureLimit));
            }
        }
        Ok(self.finish(ply, undo, before, next))
    }

    fn finish(&mut self, ply: Ply, undo: Undo, before: Counters, next: Counters) -> PlyReport {
        let report = PlyReport {
            mover: undo.mover(),
            mv: undo.mv(),
            captured: undo.captured(),
            eliminated: undo.eliminated().collect(),
            outcome: next.outcome,
        };
        let ply = match (ply, undo.mv()) {
            (Ply::Move { ms, .. }, Some(mv)) => Ply::Move { mv: mv.text(), ms },
            (ply, _) => ply,
        };
        self.plies.push(ply);
        self.info.push(PlyInfo { mover: report.mover, round: before.rounds_completed + 1 });
        self.undo.push((undo, before));
        self.counters = Counters { spent_ms: 0, ..next };
        report
    }

    /// The record of this game (set-up, limits, plies), which replays exactly.
    #[must_use]
    pub fn record(&self) -> GameRecord {
        GameRecord {
            format: SAVE_FORMAT,
            setup: self.setup.clone(),
            limits: self.limits,
            plies: self.plies.clone(),
        }
    }

    /// Replays a record.
    ///
    /// # Errors
    /// [`LoadError::UnsupportedFormat`], [`LoadError::Setup`] or
    /// [`LoadError::Ply`] for the first ply that cannot be replayed.
    pub fn from_record(record: &GameRecord) -> Result<Game, LoadError> {
        if record.format != SAVE_FORMAT {
            return Err(LoadError::UnsupportedFormat { found: record.format.to_string() });
        }
        let mut game = Game::new(record.setup.clone(), record.limits)?;
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
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.record()).expect("a game record always serialises")
    }

    /// Loads a save file written by [`Game::to_json`].
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong: not JSON, no or another
    /// `"format"`, a malformed or invalid set-up, a ply that cannot be
    /// replayed.
    pub fn from_json(text: &str) -> Result<Game, LoadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        match value.get("format") {
            None => return Err(LoadError::MissingFormat),
            Some(f) if f.as_u64() == Some(SAVE_FORMAT) => {}
            Some(f) => {
                let mut found = f.to_string();
                found.truncate(40);
                return Err(LoadError::UnsupportedFormat { found });
            }
        }
        let record: GameRecord = serde_json::from_value(value).map_err(|e| LoadError::Json(e.to_string()))?;
        Game::from_record(&record)
    }
}
