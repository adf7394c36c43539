//! [`Position`]: a validated grid with the seat to move, the seats still in
//! and the grid states already seen (R10); legal moves, play and undo.

use std::fmt;
use std::str::FromStr;

use game_core::{BySeat, Coord, History, Seat, SeatSet};

use crate::board::Board;
use crate::mv::Move;
use crate::piece::{Formation, Piece};
use crate::setup::{ParseSetupError, Placement, Setup, SetupError};
use crate::zobrist;

/// A state of R10: the grid and the seat to move next.
pub type State = (Board, Seat);

/// Why a player won (R11, R14).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// R11: their marble reached the golden cell.
    GoldenCell,
    /// R14: theirs is the only marble left.
    LastMarble,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::GoldenCell => "their marble reached the golden cell (R11)",
            WinReason::LastMarble => "theirs is the last marble standing (R14)",
        })
    }
}

/// A decided game: who won and why (R11, R14).
pub type Win = game_core::Win<WinReason>;

/// A piece taken off the board by a capture (R7, R8, R9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Captured {
    /// The piece.
    pub piece: Piece,
    /// The cell it stood on.
    pub cell: Coord,
    /// Its level there before the capture (0 = bottom, 1 = top).
    pub level: u8,
}

/// A seat knocked out of the game: its marble was removed (R12) because it
/// had no legal move or its clock ran out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Elimination {
    /// The seat.
    pub seat: Seat,
    /// The cell its marble was taken from (level 1 of that cell).
    pub cell: Coord,
}

/// What one call to [`Position::play`] (or [`Position::eliminate_to_move`])
/// changed, and everything [`Position::undo`] needs to take it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    pub(crate) mv: Option<Move>,
    pub(crate) mover: Seat,
    pub(crate) captured: Option<Captured>,
    pub(crate) eliminated: [Option<Elimination>; 3],
    pub(crate) cells: [(Coord, Formation); 5],
    pub(crate) cell_count: u8,
    /// States pushed on the history (R10), popped by undo.
    pub(crate) pushed: u8,
    pub(crate) to_move: Seat,
    pub(crate) seats_in: SeatSet,
    pub(crate) marbles: BySeat<Option<Coord>>,
    pub(crate) hash: u64,
    /// The hash after the step: [`Position::undo`] checks it.
    pub(crate) after: u64,
}

impl Undo {
    /// The move played, `None` for a time-out elimination.
    #[must_use]
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The seat that moved (or ran out of time).
    #[must_use]
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// The piece the move captured, if any.
    #[must_use]
    pub fn captured(&self) -> Option<Captured> {
        self.captured
    }

    /// Seats eliminated by this step, in order: the timed-out seat first,
    /// then any seat left without a legal move (R12).
    pub fn eliminated(&self) -> impl Iterator<Item = Elimination> + '_ {
        self.eliminated.iter().flatten().copied()
    }
}

/// A legal ARKES position: board, seat to move, seats still in, and the
/// grid states that have occurred with their next player (R10).
///
/// Build one with [`Position::from_setup`], or parse the position format
/// (see the crate documentation) with `str::parse`. Equality compares board,
/// seat to move and seats in; not the history, which
/// [`Position::history`] gives.
///
/// R10 is exact: a state is looked up by its Zobrist hash and confirmed by
/// comparing the grid itself, so a hash collision never forbids a legal
/// move; the check stays O(1).
///
/// Eliminations for lack of a legal move (R12) happen inside [`Position::play`]
/// (and when the position is built): whenever a seat is to move, it has a
/// legal move or the game is over.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) to_move: Seat,
    pub(crate) seats_in: SeatSet,
    pub(crate) marbles: BySeat<Option<Coord>>,
    pub(crate) hash: u64,
    pub(crate) history: History<State>,
    /// The cells whose top piece is each seat's (bit [`Coord::index`]),
    /// kept with the board on every play and undo: move generation visits
    /// a seat's pieces without scanning the board.
    pub(crate) tops: [u128; 4],
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.to_move == other.to_move && self.seats_in == other.seats_in
    }
}

impl Eq for Position {}

impl Position {
    /// Checks a set-up and builds the position. The state counts as occurred
    /// (R10), and if the seat to move has no legal move it is eliminated at
    /// once (R12), as at the start of any turn.
    ///
    /// # Errors
    /// The [`SetupError`] naming the first rule the set-up breaks.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut position = Position::from_setup_as_given(setup)?;
        let mut undo = position.empty_undo(None);
        position.eliminate_stuck(&mut undo);
        Ok(position)
    }

    /// As [`Position::from_setup`], without the start-of-turn check of R12:
    /// the seat to move may have no legal move ([`crate::Game`] runs that
    /// check itself, counting the rounds it passes, R15).
    pub(crate) fn from_setup_as_given(setup: &Setup) -> Result<Position, SetupError> {
        let (board, seats_in) = setup.validate()?;
        let mut marbles = BySeat([None; 4]);
        for (cell, formation) in board.occupied() {
            if let Some(p) = formation.upper().filter(|p| p.is_marble()) {
                marbles[p.seat] = Some(cell);
            }
        }
        let mut position = Position {
            board,
            to_move: setup.to_move,
            seats_in,
            marbles,
            hash: 0,
            history: History::default(),
            tops: [0; 4],
        };
        position.tops = Position::tops_of(&position.board);
        position.hash = position.hash_from_scratch();
        position.history.push(position.hash, (position.board.clone(), position.to_move));
        Ok(position)
    }

    /// The built-in start for `players` on a board of `side` (R2).
    ///
    /// # Errors
    /// As [`Setup::standard`].
    pub fn standard(players: usize, side: u8) -> Result<Position, SetupError> {
        Position::from_setup(&Setup::standard(players, side)?)
    }

    /// The set-up describing this position (its history is not part of it).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            side: self.board.side(),
            seats: self.seats_in.iter().collect(),
            to_move: self.to_move,
            cells: self
                .board
                .occupied()
                .map(|(cell, f)| Placement { cell, pieces: f.pieces().collect() })
                .collect(),
        }
    }

    /// The grid.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seats still in the game (those with a marble, R12–R14).
    #[must_use]
    pub fn seats_in(&self) -> SeatSet {
        self.seats_in
    }

    /// The cell of `seat`'s marble, `None` once it has been captured or removed.
    #[must_use]
    pub fn marble(&self, seat: Seat) -> Option<Coord> {
        self.marbles[seat]
    }

    /// The Zobrist hash of the grid and the seat to move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the state of `board` with `to_move` next has occurred (R10).
    #[must_use]
    pub fn has_occurred(&self, board: &Board, to_move: Seat) -> bool {
        let hash = Position::hash_of(board, to_move);
        self.history.count(hash, || (board.clone(), to_move)) > 0
    }

    /// The states that have occurred (R10), oldest first: compare two
    /// positions' histories with `==`.
    #[must_use]
    pub fn history(&self) -> &History<State> {
        &self.history
    }

    /// Records `state` as having occurred under the Zobrist key `hash`, which
    /// need not be its own: for tests that a key collision never makes R10
    /// forbid a legal move. Not for games (it breaks the stack order of
    /// undo).
    #[doc(hidden)]
    pub fn record_state_under_key_for_tests(&mut self, hash: u64, state: State) {
        self.history.push(hash, state);
    }

    /// Each seat's top pieces ([`Position::tops`]) read from the whole
    /// board.
    pub(crate) fn tops_of(board: &Board) -> [u128; 4] {
        let mut tops = [0; 4];
        for (cell, formation) in board.occupied() {
            if let Some(top) = formation.top() {
                tops[top.seat.index()] |= 1 << cell.index();
            }
        }
        tops
    }

    /// Whether the incremental record of each seat's top pieces agrees
    /// with the board, for checking it.
    #[doc(hidden)]
    #[must_use]
    pub fn tops_agree_with_board(&self) -> bool {
        self.tops == Position::tops_of(&self.board)
    }

    /// The hash computed from the whole board, for checking the incremental one.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        Position::hash_of(&self.board, self.to_move)
    }

    pub(crate) fn hash_of(board: &Board, to_move: Seat) -> u64 {
        board.occupied().fold(zobrist::seat_key(to_move), |h, (c, f)| h ^ zobrist::formation_key(c, f))
    }

    /// The winner, if the game is decided: a marble on the golden cell (R11) or
    /// a single seat left with a marble (R14). Draws by limits (R15) are the
    /// business of [`crate::Game`].
    #[must_use]
    pub fn outcome(&self) -> Option<Win> {
        if let Some(p) = self.board.get(self.board.golden_cell()).upper().filter(|p| p.is_marble()) {
            return Some(Win { seat: p.seat, reason: WinReason::GoldenCell });
        }
        if self.seats_in.len() == 1 {
            let seat = self.seats_in.iter().next()?;
            return Some(Win { seat, reason: WinReason::LastMarble });
        }
        None
    }
}

impl fmt::Display for Position {
    /// The position format (see the crate documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}

/// Why a text is not a valid position: not in the position format, or
/// against a rule.
pub type ParsePositionError = game_core::ParsePositionError<ParseSetupError, SetupError>;

impl From<ParseSetupError> for ParsePositionError {
    fn from(e: ParseSetupError) -> ParsePositionError {
        ParsePositionError::Text(e)
    }
}

impl From<SetupError> for ParsePositionError {
    fn from(e: SetupError) -> ParsePositionError {
        ParsePositionError::Setup(e)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = s.parse().map_err(ParsePositionError::Text)?;
        Position::from_setup(&setup).map_err(ParsePositionError::Setup)
    }
}
