//! The text form of a game record (RULES.md "Game records": the set-up plus
//! the move list), for exporting and importing games:
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
//! Moves are numbered by round; `timeout` is a seat running out of time. The
//! time spent on each move is not part of the text (the JSON save keeps it).

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use thiserror::Error;

use crate::game::{Clock, Game, GameRecord, Limits, Ply, SAVE_FORMAT};
use crate::mv::MoveText;
use crate::setup::{ParseSetupError, Setup};

/// Why a text is not a game record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseRecordError {
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
    Setup(#[from] ParseSetupError),
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

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# ARKES game record")?;
        writeln!(f, "[Setup]")?;
        write!(f, "{}", self.setup)?;
        writeln!(f, "[Limits]")?;
        writeln!(f, "rounds: {}", limit_text(self.limits.rounds))?;
        writeln!(f, "rounds without capture: {}", limit_text(self.limits.rounds_without_capture))?;
        match self.limits.clock {
            Some(c) if c.initial_ms % 60_000 == 0 && c.increment_ms % 1000 == 0 => {
                writeln!(f, "clock: {} min + {} s", c.initial_ms / 60_000, c.increment_ms / 1000)?;
            }
            Some(c) => writeln!(f, "clock: {} ms + {} ms", c.initial_ms, c.increment_ms)?,
            None => writeln!(f, "clock: off")?,
        }
        writeln!(f, "[Moves]")?;
        // Number the moves by round, replaying the game to know the rounds.
        let rounds: Vec<u32> = Game::from_record(self)
            .map(|g| g.ply_info().iter().map(|i| i.round).collect())
            .unwrap_or_else(|_| (1..=self.plies.len() as u32).collect());
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
            match ply {
                Ply::Move { mv, .. } => line.push_str(&format!(" {mv}")),
                Ply::TimeOut { .. } => line.push_str(" timeout"),
            }
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

/// `off`, `M min + S s` or `A ms + B ms`.
fn parse_clock(value: &str) -> Option<Option<Clock>> {
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
    Some(Some(Clock { initial_ms: amount(a)?, increment_ms: amount(b)? }))
}

impl FromStr for GameRecord {
    type Err = ParseRecordError;

    fn from_str(text: &str) -> Result<GameRecord, ParseRecordError> {
        let mut section: Option<&str> = None;
        let mut setup_text = String::new();
        let mut seen = [false; 3];
        let mut limits = Limits::default();
        let mut plies = Vec::new();
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let trimmed = raw.trim();
            if trimmed.starts_with('#') || (trimmed.is_empty() && section != Some("Setup")) {
                continue;
            }
            if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                let index = match name {
                    "Setup" => 0,
                    "Limits" => 1,
                    "Moves" => 2,
                    _ => {
                        return Err(ParseRecordError::UnknownSection {
                            line,
                            name: name.chars().take(24).collect(),
                        });
                    }
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
                    let bad =
                        || ParseRecordError::BadLimit { line, text: trimmed.chars().take(40).collect() };
                    let (key, value) = trimmed.split_once(':').ok_or_else(bad)?;
                    match key.trim() {
                        "rounds" => limits.rounds = parse_limit(value).ok_or_else(bad)?,
                        "rounds without capture" => {
                            limits.rounds_without_capture = parse_limit(value).ok_or_else(bad)?;
                        }
                        "clock" => limits.clock = parse_clock(value).ok_or_else(bad)?,
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
                        let mv: MoveText = word.parse().map_err(|_| ParseRecordError::BadMove {
                            line,
                            text: word.chars().take(24).collect(),
                        })?;
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
        let setup: Setup = setup_text.parse()?;
        Ok(GameRecord { format: SAVE_FORMAT, setup, limits, plies })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_text() {
        let limits = Limits {
            rounds: NonZeroU32::new(50),
            rounds_without_capture: NonZeroU32::new(8),
            clock: Some(Clock { initial_ms: 600_000, increment_ms: 5_000 }),
        };
        let mut game = Game::new(Setup::standard(3, 7).unwrap(), limits).unwrap();
        for mv in ["b1-b2", "a2-b3", "b7-b6", "c1-c2"] {
            game.play_text(mv).unwrap();
        }
        let text = game.record().to_string();
        assert!(text.contains("[Moves]\n1. b1-b2 a2-b3 b7-b6\n2. c1-c2\n"), "{text}");
        assert!(text.contains("clock: 10 min + 5 s"));
        let back: GameRecord = text.parse().unwrap();
        let replayed = Game::from_record(&back).unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.limits(), limits);
        assert_eq!(back.to_string(), text);
    }

    #[test]
    fn bad_records_are_clear_errors() {
        let good = Game::standard(2, 5).unwrap().record().to_string();
        assert!(good.parse::<GameRecord>().is_ok());
        for (bad, expected) in [
            (good.replace("[Moves]\n", ""), "[Moves]"),
            (good.replace("[Limits]", "[Limitz]"), "unknown section"),
            (format!("hello\n{good}"), "before the first section"),
            (good.replace("clock: off", "clock: soon"), "not a limit"),
            (format!("{good}1. b1-b2 zz\n"), "`zz` is not a move"),
            (good.replace("to move: South", "to move: Nobody"), "not a seat"),
        ] {
            let err = bad.parse::<GameRecord>().unwrap_err().to_string();
            assert!(err.contains(expected), "{err}");
        }
    }
}
