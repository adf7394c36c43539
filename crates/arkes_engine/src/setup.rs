//! [`Setup`]: unvalidated position data (from a file, a test or the built-in
//! starts of R2), and its text form.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use game_core::{BoardShape, Coord, Seat, SeatSet};

use crate::board::{Board, MAX_SIDE, VALID_SIDES, golden_cell, write_grid};
use crate::piece::{Formation, Piece, PieceKind};

/// The pieces on one cell of a [`Setup`], bottom first (at most two are
/// valid, R4).
pub type Placement = game_core::Placement<Piece>;

/// A position as plain data, which may be nonsense: turn it into a
/// [`crate::Position`] with [`crate::Position::from_setup`], which checks it.
///
/// Its text form (`Display` / `FromStr`) is the position format described in
/// the crate documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Cells a side: 5, 7, 9 or 11 (R1).
    pub side: u8,
    /// The seats still in the game, in turn order (R2).
    pub seats: Vec<Seat>,
    /// The seat to move.
    pub to_move: Seat,
    /// The occupied cells.
    pub cells: Vec<Placement>,
}

/// Why a [`Setup`] is not a valid position. Each variant names the rule broken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// R1: the side must be 5, 7, 9 or 11.
    #[error("R1: a board side of {0} is not supported (sides 5, 7, 9 and 11 are)")]
    SideOutOfRange(u8),
    /// R1: the grid needs a centre cell.
    #[error("R1: the board side must be odd so that it has a golden cell, not {0}")]
    EvenSide(u8),
    /// R2: 2, 3 or 4 players.
    #[error("R2: built-in set-ups are for 2, 3 or 4 players, not {0}")]
    PlayerCount(usize),
    /// No seat is in the game.
    #[error("R2: the set-up lists no seat in the game")]
    NoSeats,
    /// A seat is listed twice.
    #[error("R2: seat {0} is listed twice")]
    DuplicateSeat(Seat),
    /// Seats must be listed in turn order (South, West, North, East).
    #[error("R2: seats must be listed in turn order (South, West, North, East): {0:?}")]
    SeatsOutOfOrder(Vec<Seat>),
    /// The seat to move is not in the game.
    #[error("R2: {0} is to move but is not in the game")]
    ToMoveNotInGame(Seat),
    /// A cell is outside the grid.
    #[error("R1: cell {cell} is off a board of side {side}")]
    CellOffBoard {
        /// The cell.
        cell: Coord,
        /// The board side.
        side: u8,
    },
    /// R4: a cell holds one formation, described once.
    #[error("R4: cell {0} is described twice")]
    DuplicateCell(Coord),
    /// R4: a cell holds at most two pieces.
    #[error("R4: cell {cell} holds {count} pieces; a cell holds at most two")]
    TooManyPieces {
        /// The cell.
        cell: Coord,
        /// How many pieces were given.
        count: usize,
    },
    /// R6: a marble always sits on a token.
    #[error("R6: the {seat} marble on {cell} is on an empty cell; a marble sits on a token")]
    MarbleOnEmptyCell {
        /// The cell.
        cell: Coord,
        /// The marble's seat.
        seat: Seat,
    },
    /// R6: a marble is always the top piece.
    #[error("R6: the {seat} marble on {cell} has a piece on top of it")]
    MarbleUnderPiece {
        /// The cell.
        cell: Coord,
        /// The marble's seat.
        seat: Seat,
    },
    /// R6: a marble stands only on a token of its own colour.
    #[error("R6: the {marble} marble on {cell} stands on a {token} token, not its own")]
    MarbleOnForeignToken {
        /// The cell.
        cell: Coord,
        /// The marble's seat.
        marble: Seat,
        /// The token's seat.
        token: Seat,
    },
    /// R2: each player has a single marble.
    #[error("R2: {seat} has two marbles, on {first} and {second}")]
    TwoMarbles {
        /// The seat.
        seat: Seat,
        /// The first marble's cell.
        first: Coord,
        /// The second marble's cell.
        second: Coord,
    },
    /// R12, R14: a seat in the game has its marble.
    #[error("R12: {0} is in the game but has no marble")]
    MissingMarble(Seat),
    /// R12: an eliminated seat has lost its marble.
    #[error("R12: {seat} is not in the game but has a marble on {cell}")]
    MarbleOfSeatOut {
        /// The seat.
        seat: Seat,
        /// The marble's cell.
        cell: Coord,
    },
}

impl Setup {
    /// The starting set-up of R2 for `players` (2: South and North; 3: South,
    /// West, North; 4: all) on a board of `side`: side − 2 tokens on each
    /// player's home edge, corners excluded, the marble on the middle token.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 2, 3 or 4;
    /// [`SetupError::SideOutOfRange`] or [`SetupError::EvenSide`] for a side R1
    /// does not allow.
    ///
    /// ```
    /// use arkes_engine::{Position, Setup};
    /// let start = Position::from_setup(&Setup::standard(2, 9).unwrap()).unwrap();
    /// assert_eq!(start.legal_moves().len(), 30);
    /// ```
    pub fn standard(players: usize, side: u8) -> Result<Setup, SetupError> {
        check_side(side)?;
        let seats = match players {
            2 => vec![Seat::South, Seat::North],
            3 => vec![Seat::South, Seat::West, Seat::North],
            4 => Seat::ALL.to_vec(),
            n => return Err(SetupError::PlayerCount(n)),
        };
        let last = side - 1;
        let mid = side / 2;
        let mut cells = Vec::new();
        for &seat in &seats {
            for k in 1..last {
                let cell = match seat {
                    Seat::South => Coord::new(k, 0),
                    Seat::West => Coord::new(0, k),
                    Seat::North => Coord::new(k, last),
                    Seat::East => Coord::new(last, k),
                };
                let mut pieces = vec![Piece::token(seat)];
                if k == mid {
                    pieces.push(Piece::marble(seat));
                }
                cells.push(Placement { cell, pieces });
            }
        }
        Ok(Setup { side, seats, to_move: Seat::South, cells })
    }

    /// Checks the set-up and builds its board and seat set.
    pub(crate) fn validate(&self) -> Result<(Board, SeatSet), SetupError> {
        let shape = check_side(self.side)?;
        if self.seats.is_empty() {
            return Err(SetupError::NoSeats);
        }
        let mut seats = SeatSet::EMPTY;
        for &seat in &self.seats {
            if seats.contains(seat) {
                return Err(SetupError::DuplicateSeat(seat));
            }
            seats.insert(seat);
        }
        if !self.seats.is_sorted() {
            return Err(SetupError::SeatsOutOfOrder(self.seats.clone()));
        }
        if !seats.contains(self.to_move) {
            return Err(SetupError::ToMoveNotInGame(self.to_move));
        }
        let mut board = Board::empty(shape);
        let mut seen = HashMap::new();
        let mut marbles: [Option<Coord>; 4] = [None; 4];
        for Placement { cell, pieces } in &self.cells {
            let cell = *cell;
            if !board.contains(cell) {
                return Err(SetupError::CellOffBoard { cell, side: self.side });
            }
            if seen.insert(cell, ()).is_some() {
                return Err(SetupError::DuplicateCell(cell));
            }
            let formation = Formation::from_pieces(pieces)
                .ok_or(SetupError::TooManyPieces { cell, count: pieces.len() })?;
            for (level, piece) in pieces.iter().enumerate() {
                if piece.kind != PieceKind::Marble {
                    continue;
                }
                let seat = piece.seat;
                if level == 0 && pieces.len() == 1 {
                    return Err(SetupError::MarbleOnEmptyCell { cell, seat });
                }
                if level == 0 {
                    return Err(SetupError::MarbleUnderPiece { cell, seat });
                }
                if pieces[0].seat != seat || pieces[0].is_marble() {
                    return Err(SetupError::MarbleOnForeignToken {
                        cell,
                        marble: seat,
                        token: pieces[0].seat,
                    });
                }
                if let Some(first) = marbles[seat.index()] {
                    let (first, second) = (first.min(cell), first.max(cell));
                    return Err(SetupError::TwoMarbles { seat, first, second });
                }
                marbles[seat.index()] = Some(cell);
            }
            board.set(cell, formation);
        }
        for seat in Seat::ALL {
            match (seats.contains(seat), marbles[seat.index()]) {
                (true, None) => return Err(SetupError::MissingMarble(seat)),
                (false, Some(cell)) => return Err(SetupError::MarbleOfSeatOut { seat, cell }),
                _ => {}
            }
        }
        Ok((board, seats))
    }
}

/// The square shape of a valid side (R1).
fn check_side(side: u8) -> Result<BoardShape, SetupError> {
    if VALID_SIDES.contains(&side)
        && let Some(shape) = BoardShape::square(side)
    {
        Ok(shape)
    } else if (VALID_SIDES[0]..=MAX_SIDE).contains(&side) {
        Err(SetupError::EvenSide(side))
    } else {
        Err(SetupError::SideOutOfRange(side))
    }
}

/// Why a text is not a position diagram (before any rule is checked; rule
/// violations are [`SetupError`]s).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSetupError {
    /// No rank line was found.
    #[error("no board diagram: expected rank lines such as `9 . N N N Nn N N N .`")]
    NoDiagram,
    /// The diagram has more columns than the largest board.
    #[error("line {line}: {found} cells in a rank; the largest board has {MAX_SIDE}")]
    TooWide {
        /// 1-based line number.
        line: usize,
        /// Cells found.
        found: usize,
    },
    /// A rank line has the wrong number of cells.
    #[error("line {line}: rank {rank} has {found} cells, expected {expected}")]
    RowLength {
        /// 1-based line number.
        line: usize,
        /// The rank's label.
        rank: usize,
        /// Cells expected (the board side).
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// Ranks must be written from the top rank down to 1.
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
    /// A cell is not `.`, `*` or piece letters.
    #[error(
        "line {line}: `{text}` is not a cell: expected `.` (empty) or piece letters bottom first, S W N E for tokens and s w n e for marbles"
    )]
    BadCell {
        /// 1-based line number.
        line: usize,
        /// The cell text.
        text: String,
    },
    /// A seat name in a header line is not a seat.
    #[error("line {line}: `{text}` is not a seat (South, West, North, East or S, W, N, E)")]
    BadSeat {
        /// 1-based line number.
        line: usize,
        /// The text.
        text: String,
    },
    /// The `to move:` line is missing.
    #[error("missing the line `to move: SEAT`")]
    MissingToMove,
    /// The `in:` line is missing.
    #[error("missing the line `in: SEAT SEAT...` (the seats still in the game)")]
    MissingSeatsIn,
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

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(text: &str) -> Result<Setup, ParseSetupError> {
        let mut side: Option<usize> = None;
        let mut next_rank = 0usize;
        let mut cells = Vec::new();
        let mut to_move = None;
        let mut seats = None;
        let mut legend_seen = false;
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("to move:") {
                let seat = rest.trim();
                to_move = Some(
                    seat.parse::<Seat>()
                        .map_err(|_| ParseSetupError::BadSeat { line, text: excerpt(seat) })?,
                );
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("in:") {
                let list = rest
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .map(|w| {
                        w.parse::<Seat>().map_err(|_| ParseSetupError::BadSeat { line, text: excerpt(w) })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                seats = Some(list);
                continue;
            }
            let mut words = trimmed.split_whitespace();
            let first = words.next().unwrap_or_default();
            if first.as_bytes()[0].is_ascii_digit() {
                let cell_words: Vec<&str> = words.collect();
                let expected_side = match side {
                    Some(s) => s,
                    None => {
                        if cell_words.len() > MAX_SIDE as usize {
                            return Err(ParseSetupError::TooWide { line, found: cell_words.len() });
                        }
                        side = Some(cell_words.len());
                        next_rank = cell_words.len();
                        cell_words.len()
                    }
                };
                if next_rank == 0 || first != next_rank.to_string() {
                    return Err(ParseSetupError::RankOutOfOrder {
                        line,
                        expected: next_rank,
                        found: excerpt(first),
                    });
                }
                if cell_words.len() != expected_side {
                    return Err(ParseSetupError::RowLength {
                        line,
                        rank: next_rank,
                        expected: expected_side,
                        found: cell_words.len(),
                    });
                }
                let rank = (next_rank - 1) as u8;
                for (file, word) in cell_words.into_iter().enumerate() {
                    let pieces = parse_cell(word)
                        .ok_or_else(|| ParseSetupError::BadCell { line, text: excerpt(word) })?;
                    if !pieces.is_empty() {
                        cells.push(Placement { cell: Coord::new(file as u8, rank), pieces });
                    }
                }
                next_rank -= 1;
                continue;
            }
            let is_legend = side.is_some()
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
        let side = side.ok_or(ParseSetupError::NoDiagram)?;
        if next_rank != 0 {
            return Err(ParseSetupError::MissingRanks { last: next_rank + 1 });
        }
        Ok(Setup {
            side: side as u8,
            seats: seats.ok_or(ParseSetupError::MissingSeatsIn)?,
            to_move: to_move.ok_or(ParseSetupError::MissingToMove)?,
            cells,
        })
    }
}

/// `.` or `*` → no piece; otherwise one piece per letter, bottom first.
fn parse_cell(word: &str) -> Option<Vec<Piece>> {
    if word == "." || word == "*" {
        return Some(Vec::new());
    }
    word.chars().map(Piece::from_letter).collect()
}

impl fmt::Display for Setup {
    /// The position format (see the crate documentation). A set-up with
    /// several entries for one cell shows the last one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side.min(MAX_SIDE);
        let golden = BoardShape::square(side).map(golden_cell);
        let texts: HashMap<Coord, String> = self
            .cells
            .iter()
            .map(|p| (p.cell, p.pieces.iter().map(|p| p.letter()).collect::<String>()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        write_grid(side, f, |c| match texts.get(&c) {
            Some(t) => t.clone(),
            None if Some(c) == golden => "*".to_owned(),
            None => ".".to_owned(),
        })?;
        writeln!(f, "to move: {}", self.to_move)?;
        let names: Vec<&str> = self.seats.iter().map(|s| s.name()).collect();
        writeln!(f, "in: {}", names.join(" "))
    }
}
