//! [`Setup`]: unvalidated position data (a file, a test, the start of A3),
//! its checks ([`SetupError`]) and its text form (the diagram).

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use game_core::{Coord, Seat};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{FILES, RANKS, SHAPE, cell_index, home_rank};
use crate::piece::{Formation, Piece, Value, is_arcanor_seat};

/// The pieces on one cell of a [`Setup`], bottom first (at most two, A4).
pub type Placement = game_core::Placement<Piece>;

/// A position as plain data, which may be nonsense: turn it into a
/// [`crate::Position`] with [`crate::Position::from_setup`], which checks it.
/// Its text form (`Display` / `FromStr`) is the diagram described in the
/// crate documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The seat to move, South or North.
    pub to_move: Seat,
    /// The occupied cells.
    pub cells: Vec<Placement>,
}

/// Why a [`Setup`] is not a valid position. Each variant names its rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A1: only South and North play.
    #[error("A1: {0} does not play Arcanor; the seats are South and North")]
    NotASeat(Seat),
    /// A1: the board is 8 × 7.
    #[error("A1: cell {0} is off the 8 x 7 board")]
    CellOffBoard(Coord),
    /// A4: a cell is described once.
    #[error("A4: cell {0} is described twice")]
    DuplicateCell(Coord),
    /// A4: never more than two pieces in a cell.
    #[error("A4: cell {cell} holds {count} pieces; a cell holds at most two")]
    TooManyPieces {
        /// The cell.
        cell: Coord,
        /// How many were given.
        count: usize,
    },
    /// A2: a piece fits over exactly a piece of the next value.
    #[error("A2: on {cell}, {top} cannot cover {inner}: a piece of value v covers only a v + 1")]
    BadNesting {
        /// The cell.
        cell: Coord,
        /// The inner piece.
        inner: Piece,
        /// The top piece.
        top: Piece,
    },
    /// A2: each player has three pieces of each value.
    #[error("A2: {seat} has {count} pieces of value {value}; a player has three of each value")]
    TooManyOfValue {
        /// The seat.
        seat: Seat,
        /// The value.
        value: Value,
        /// How many were given.
        count: usize,
    },
    /// A10: the game ends when one player reaches 12; both cannot have.
    #[error("A10: both players have 12 points or more; the game would have ended before")]
    BothWon,
}

impl Setup {
    /// The start of A3: each player's six duos on their home row, files b
    /// to g: 1 over 2 on b, d, f; 3 over 4 on c, e, g. South moves first
    /// (A1).
    ///
    /// ```
    /// use arcanor_engine::{Position, Setup};
    /// let start = Position::from_setup(&Setup::standard()).unwrap();
    /// assert_eq!(start.legal_moves().len(), 40);
    /// ```
    #[must_use]
    pub fn standard() -> Setup {
        Setup::standard_with(Seat::South)
    }

    /// The start of A3 with `to_move` starting (a rematch lets the other seat
    /// start, A1).
    #[must_use]
    pub fn standard_with(to_move: Seat) -> Setup {
        let mut cells = Vec::new();
        for seat in [Seat::South, Seat::North] {
            for file in 1..7u8 {
                let (top, inner) = if file % 2 == 1 { (1, 2) } else { (3, 4) };
                let piece = |v| Piece::new(seat, Value::new(v).expect("1..4"));
                cells.push(Placement {
                    cell: Coord::new(file, home_rank(seat)),
                    pieces: vec![piece(inner), piece(top)],
                });
            }
        }
        Setup { to_move, cells }
    }

    /// Checks the set-up (A1, A2, A4, A10) and builds its grid, indexed as
    /// [`crate::cell_index`].
    pub(crate) fn validate(&self) -> Result<[Formation; 56], SetupError> {
        if !is_arcanor_seat(self.to_move) {
            return Err(SetupError::NotASeat(self.to_move));
        }
        let mut grid = [Formation::EMPTY; 56];
        let mut seen = HashSet::new();
        let mut counts = [[0usize; 4]; 2];
        for Placement { cell, pieces } in &self.cells {
            let cell = *cell;
            if !SHAPE.contains(cell) {
                return Err(SetupError::CellOffBoard(cell));
            }
            if !seen.insert(cell) {
                return Err(SetupError::DuplicateCell(cell));
            }
            for p in pieces {
                if !is_arcanor_seat(p.seat) {
                    return Err(SetupError::NotASeat(p.seat));
                }
                counts[usize::from(p.seat == Seat::North)][usize::from(p.value.get() - 1)] += 1;
            }
            let formation = Formation::from_pieces(pieces)
                .ok_or(SetupError::TooManyPieces { cell, count: pieces.len() })?;
            if let [inner, top] = pieces[..]
                && !top.covers(inner)
            {
                return Err(SetupError::BadNesting { cell, inner, top });
            }
            grid[cell_index(cell)] = formation;
        }
        for (side, seat) in [Seat::South, Seat::North].into_iter().enumerate() {
            for (v, &count) in counts[side].iter().enumerate() {
                if count > 3 {
                    let value = Value::new(v as u8 + 1).expect("1..4");
                    return Err(SetupError::TooManyOfValue { seat, value, count });
                }
            }
        }
        Ok(grid)
    }
}

/// Why a text is not a diagram (before the rules are checked; rule
/// violations are [`SetupError`]s).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSetupError {
    /// No rank line was found.
    #[error("no board diagram: expected rank lines such as `7 .  N2N1 N4N3 ...`, rank 7 first")]
    NoDiagram,
    /// A rank line has the wrong number of cells.
    #[error("line {line}: rank {rank} has {found} cells, expected 8")]
    RowLength {
        /// 1-based line number.
        line: usize,
        /// The rank's label.
        rank: usize,
        /// Cells found.
        found: usize,
    },
    /// Ranks are written from 7 down to 1.
    #[error("line {line}: expected rank {expected}, found `{found}`")]
    RankOutOfOrder {
        /// 1-based line number.
        line: usize,
        /// The rank expected.
        expected: usize,
        /// What was found.
        found: String,
    },
    /// The diagram stops before rank 1.
    #[error("the diagram stops at rank {last}; ranks go down to 1")]
    MissingRanks {
        /// The last rank read.
        last: usize,
    },
    /// A cell is not `.` or pieces.
    #[error("line {line}: `{text}` is not a cell: expected `.` or pieces bottom first, like S2 or S2S1")]
    BadCell {
        /// 1-based line number.
        line: usize,
        /// The cell text.
        text: String,
    },
    /// The seat in the `to move:` line is not South or North.
    #[error("line {line}: `{text}` is not South or North")]
    BadSeat {
        /// 1-based line number.
        line: usize,
        /// The text.
        text: String,
    },
    /// The `to move:` line is missing.
    #[error("missing the line `to move: South` (or North)")]
    MissingToMove,
    /// A line that is none of the above.
    #[error("line {line}: unexpected `{text}`")]
    UnexpectedLine {
        /// 1-based line number.
        line: usize,
        /// The start of the line.
        text: String,
    },
}

fn excerpt(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().nth(40).is_some() {
        s.push('…');
    }
    s
}

/// `.` → no piece; otherwise pieces of two characters each, bottom first.
fn parse_cell(word: &str) -> Option<Vec<Piece>> {
    if word == "." {
        return Some(Vec::new());
    }
    if !word.is_ascii() || !word.len().is_multiple_of(2) || word.len() > 8 {
        return None;
    }
    (0..word.len()).step_by(2).map(|i| word[i..i + 2].parse().ok()).collect()
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(text: &str) -> Result<Setup, ParseSetupError> {
        let mut next_rank: Option<usize> = None;
        let mut cells = Vec::new();
        let mut to_move = None;
        let mut legend_seen = false;
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("to move:") {
                let name = rest.trim();
                let seat = name
                    .parse::<Seat>()
                    .ok()
                    .filter(|&s| is_arcanor_seat(s))
                    .ok_or_else(|| ParseSetupError::BadSeat { line, text: excerpt(name) })?;
                to_move = Some(seat);
                continue;
            }
            let mut words = trimmed.split_whitespace();
            let first = words.next().unwrap_or_default();
            if first.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
                let expected = next_rank.unwrap_or(RANKS as usize);
                if expected == 0 || first != expected.to_string() {
                    return Err(ParseSetupError::RankOutOfOrder { line, expected, found: excerpt(first) });
                }
                let words: Vec<&str> = words.collect();
                if words.len() != FILES as usize {
                    return Err(ParseSetupError::RowLength { line, rank: expected, found: words.len() });
                }
                let rank = (expected - 1) as u8;
                for (file, word) in words.into_iter().enumerate() {
                    let pieces = parse_cell(word)
                        .ok_or_else(|| ParseSetupError::BadCell { line, text: excerpt(word) })?;
                    if !pieces.is_empty() {
                        cells.push(Placement { cell: Coord::new(file as u8, rank), pieces });
                    }
                }
                next_rank = Some(expected - 1);
                continue;
            }
            let is_legend = next_rank.is_some()
                && !legend_seen
                && trimmed
                    .split_whitespace()
                    .enumerate()
                    .all(|(i, w)| w.len() == 1 && w.as_bytes()[0] == b'a' + i as u8);
            if is_legend {
                legend_seen = true;
                continue;
            }
            return Err(ParseSetupError::UnexpectedLine { line, text: excerpt(trimmed) });
        }
        match next_rank {
            None => return Err(ParseSetupError::NoDiagram),
            Some(0) => {}
            Some(last) => return Err(ParseSetupError::MissingRanks { last: last + 1 }),
        }
        Ok(Setup { to_move: to_move.ok_or(ParseSetupError::MissingToMove)?, cells })
    }
}

impl fmt::Display for Setup {
    /// The diagram (see the crate documentation). A set-up with several
    /// entries for one cell shows the last one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut texts = std::collections::HashMap::new();
        for p in &self.cells {
            let text: String = p.pieces.iter().map(ToString::to_string).collect();
            if !text.is_empty() {
                texts.insert(p.cell, text);
            }
        }
        for rank in (0..RANKS).rev() {
            let mut line = format!("{}", rank + 1);
            for file in 0..FILES {
                let text = texts.get(&Coord::new(file, rank)).map_or(".", String::as_str);
                line.push_str(&format!(" {text:<4}"));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        let mut legend = String::from(" ");
        for file in 0..FILES {
            legend.push_str(&format!(" {:<4}", (b'a' + file) as char));
        }
        writeln!(f, "{}", legend.trim_end())?;
        writeln!(f, "to move: {}", self.to_move)
    }
}

/// A diagram in the position format: the cells given (each by name, with
/// its pieces bottom first as in `S2S1`), every other cell empty, and the
/// seat to move (`South` or `North`). For tests and examples.
///
/// ```
/// let text = arcanor_engine::diagram(&[("c3", "S2"), ("d4", "N3")], "South");
/// let position: arcanor_engine::Position = text.parse().unwrap();
/// assert_eq!(position.get("d4".parse().unwrap()).to_text(), "N3");
/// ```
#[must_use]
pub fn diagram(cells: &[(&str, &str)], to_move: &str) -> String {
    let mut text = String::new();
    for rank in (1..=RANKS).rev() {
        text.push_str(&rank.to_string());
        for file in 0..FILES {
            let name = format!("{}{rank}", (b'a' + file) as char);
            text.push(' ');
            text.push_str(cells.iter().find(|(n, _)| *n == name).map_or(".", |(_, c)| c));
        }
        text.push('\n');
    }
    text.push_str(&format!("to move: {to_move}\n"));
    text
}
