//! The text form of a game record (the set-up plus the move list), for
//! exporting and importing games. For ARKES:
//!
//! ```text
//! # ARKES game record
//! [Setup]
//! 5 .  N  Nn N  .
//! 4 .  .  .  .  .
//! 3 .  .  *  .  .
//! 2 .  .  .  .  .
//! 1 .  S  Ss S  .
//!   a  b  c  d  e
//! to move: South
//! in: South North
//! [Limits]
//! rounds: 100
//! rounds without capture: off
//! clock: off
//! [Moves]
//! 1. b1-b2 b5-b4
//! 2. Mc1-b1 timeout
//! ```
//!
//! The first line names the game; a record of another game is refused
//! ([`ParseRecordError::WrongGame`]). `[Setup]` is the game's own position
//! text. Moves are numbered by round; `timeout` is a seat running out of
//! time; lines starting with `#` are comments (a record whose moves do not
//! replay says so in one, and numbers its moves by ply instead). The time spent on each move is not part of the text (the JSON save
//! keeps it).

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Game;
use crate::limits::{Clock, ClockError, Limits};
use crate::ply::Ply;
use crate::rules::Rules;
use crate::save::{GameRecord, short};

/// Why a text is not a game record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseRecordError<R: Rules> {
    /// The record is of another game.
    #[error("this is a record of {found}, not of {}", R::NAME)]
    WrongGame {
        /// The game named in its first line.
        found: String,
    },
    /// A required section is missing.
    #[error("the record has no [{0}] section")]
    MissingSection(&'static str),
    /// A section name that is not Setup, Limits or Moves.
    #[error("line {line}: unknown section `{name}`")]
    UnknownSection {
        /// 1-based line number.
        line: usize,
        /// The name found.
        name: String,
    },
    /// Text outside any section.
    #[error("line {line}: text before the first section")]
    OutsideSection {
        /// 1-based line number.
        line: usize,
    },
    /// The set-up is not in the position format.
    #[error("in [Setup]: {0}")]
    Setup(R::ParseSetupError),
    /// A limit line is not understood.
    #[error(
        "line {line}: `{text}` is not a limit (rounds: N|off, rounds without capture: N|off, clock: M min + S s|off)"
    )]
    BadLimit {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A clock that cannot be (none, or longer than a week).
    #[error("line {line}: {error}")]
    BadClock {
        /// 1-based line number.
        line: usize,
        /// Why.
        error: ClockError,
    },
    /// A word of the move list is not a move.
    #[error("line {line}: `{text}` is not a move")]
    BadMove {
        /// 1-based line number.
        line: usize,
        /// The word.
        text: String,
    },
}

fn limit_text(limit: Option<NonZeroU32>) -> String {
    limit.map_or_else(|| "off".to_owned(), |n| n.to_string())
}

impl<R: Rules> fmt::Display for GameRecord<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# {} game record", R::NAME)?;
        writeln!(f, "[Setup]")?;
        write!(f, "{}", self.setup)?;
        writeln!(f, "[Limits]")?;
        writeln!(f, "rounds: {}", limit_text(self.limits.rounds))?;
        writeln!(f, "rounds without capture: {}", limit_text(self.limits.rounds_without_capture))?;
        match self.limits.clock {
            Some(c) if c.initial_ms() % 60_000 == 0 && c.increment_ms() % 1000 == 0 => {
                writeln!(f, "clock: {} min + {} s", c.initial_ms() / 60_000, c.increment_ms() / 1000)?;
            }
            Some(c) => writeln!(f, "clock: {} ms + {} ms", c.initial_ms(), c.increment_ms())?,
            None => writeln!(f, "clock: off")?,
        }
        writeln!(f, "[Moves]")?;
        // Number the moves by round, replaying the game to know the rounds.
        // A record that does not replay cannot tell its rounds: it says so
        // in a comment and numbers its plies one by one.
        let rounds: Vec<u32> = match Game::from_record(self) {
            Ok(game) => game.ply_info().iter().map(|i| i.round).collect(),
            Err(error) => {
                writeln!(f, "# these moves do not replay ({error}): numbered by ply, not by round")?;
                (1..=self.plies.len() as u32).collect()
            }
        };
        let mut line = String::new();
        let mut current = 0;
        for (ply, round) in self.plies.iter().zip(rounds) {
            if round != current {
                if !line.is_empty() {
                    writeln!(f, "{}", line.trim_end())?;
                }
                line = format!("{round}.");
                current = round;
            }
            line.push(' ');
            line.push_str(&ply.to_string());
        }
        if !line.is_empty() {
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// `off` or a positive number.
fn parse_limit(value: &str) -> Option<Option<NonZeroU32>> {
    match value.trim() {
        "off" | "none" | "-" => Some(None),
        n => n.parse::<NonZeroU32>().ok().map(Some),
    }
}

/// `off`, `M min + S s` or `A ms + B ms`, in milliseconds; `None` when not
/// in that form (or a number overflows).
fn parse_clock(value: &str) -> Option<Option<(u64, u64)>> {
    let value = value.trim();
    if value == "off" || value == "none" {
        return Some(None);
    }
    let (a, b) = value.split_once('+')?;
    let amount = |s: &str| -> Option<u64> {
        let s = s.trim();
        let (n, unit) = s.split_once(' ').unwrap_or((s, "s"));
        let n: u64 = n.trim().parse().ok()?;
        match unit.trim() {
            "min" | "m" => n.checked_mul(60_000),
            "s" => n.checked_mul(1000),
            "ms" => Some(n),
            _ => None,
        }
    };
    Some(Some((amount(a)?, amount(b)?)))
}

/// The game a `# NAME game record` line names, if the line is one.
fn named_game(line: &str) -> Option<&str> {
    line.strip_prefix('#')?.trim().strip_suffix("game record").map(str::trim)
}

impl<R: Rules> FromStr for GameRecord<R> {
    type Err = ParseRecordError<R>;

    fn from_str(text: &str) -> Result<GameRecord<R>, ParseRecordError<R>> {
        let mut section: Option<&str> = None;
        let mut setup_text = String::new();
        let mut seen = [false; 3];
        let mut limits = Limits::default();
        let mut plies = Vec::new();
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let trimmed = raw.trim();
            if section.is_none()
                && let Some(name) = named_game(trimmed)
                && !name.eq_ignore_ascii_case(R::NAME)
            {
                return Err(ParseRecordError::WrongGame { found: short(name, 24) });
            }
            if trimmed.starts_with('#') || (trimmed.is_empty() && section != Some("Setup")) {
                continue;
            }
            if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                let index = match name {
                    "Setup" => 0,
                    "Limits" => 1,
                    "Moves" => 2,
                    _ => return Err(ParseRecordError::UnknownSection { line, name: short(name, 24) }),
                };
                seen[index] = true;
                section = Some(["Setup", "Limits", "Moves"][index]);
                continue;
            }
            match section {
                None => return Err(ParseRecordError::OutsideSection { line }),
                Some("Setup") => {
                    setup_text.push_str(raw);
                    setup_text.push('\n');
                }
                Some("Limits") => {
                    let bad = || ParseRecordError::BadLimit { line, text: short(trimmed, 40) };
                    let (key, value) = trimmed.split_once(':').ok_or_else(bad)?;
                    match key.trim() {
                        "rounds" => limits.rounds = parse_limit(value).ok_or_else(bad)?,
                        "rounds without capture" => {
                            limits.rounds_without_capture = parse_limit(value).ok_or_else(bad)?;
                        }
                        "clock" => {
                            limits.clock = match parse_clock(value).ok_or_else(bad)? {
                                None => None,
                                Some((initial, increment)) => Some(
                                    Clock::new(initial, increment)
                                        .map_err(|error| ParseRecordError::BadClock { line, error })?,
                                ),
                            };
                        }
                        _ => return Err(bad()),
                    }
                }
                _ => {
                    for word in trimmed.split_whitespace() {
                        let is_number =
                            word.strip_suffix('.').is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
                        if is_number {
                            continue;
                        }
                        if word == "timeout" {
                            plies.push(Ply::TimeOut { ms: 0 });
                            continue;
                        }
                        if word == "resign" {
                            plies.push(Ply::Resign { ms: 0 });
                            continue;
                        }
                        let mv: R::MoveText = word
                            .parse()
                            .map_err(|_| ParseRecordError::BadMove { line, text: short(word, 24) })?;
                        plies.push(Ply::Move { mv, ms: 0 });
                    }
                }
            }
        }
        for (i, name) in ["Setup", "Limits", "Moves"].into_iter().enumerate() {
            if !seen[i] {
                return Err(ParseRecordError::MissingSection(name));
            }
        }
        let setup: R::Setup = setup_text.parse().map_err(ParseRecordError::Setup)?;
        Ok(GameRecord { setup, limits, plies })
    }
}
