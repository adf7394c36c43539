//! [`Position`]: a validated grid with the seat to move, the scores (A9) and
//! the states already seen (A12); legal moves, play and undo.

use std::fmt;
use std::str::FromStr;

use game_core::{Coord, DrawReason, History, Outcome, Seat, Win};

use crate::board::{FILES, Grid, SHAPE, cell_index, coord_of, target_rank};
use crate::mv::Move;
use crate::piece::{Formation, Piece, opponent};
use crate::setup::{ParseSetupError, Placement, Setup, SetupError};
use crate::zobrist;

/// Points that win (A10).
pub const WINNING_SCORE: u8 = 12;

/// A state of A12: the grid and the seat to move.
pub type State = (Grid, Seat);

/// Why a player won (A10, A11, A12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// A10: 12 points or more frozen on the target row.
    Points,
    /// A11: the opponent had no legal move.
    NoLegalMove,
    /// A12: the opponent's clock ran out.
    Time,
    /// The opponent resigned (the rules are silent on resigning).
    Resignation,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Points => "12 points on the target row (A10)",
            WinReason::NoLegalMove => "the opponent had no legal move (A11)",
            WinReason::Time => "the opponent's clock ran out (A12)",
            WinReason::Resignation => "the opponent resigned",
        })
    }
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    pub(crate) mv: Move,
    pub(crate) from_before: Formation,
    pub(crate) to_before: Formation,
    pub(crate) scores: [u8; 2],
    pub(crate) repetitions: u8,
    pub(crate) hash: u64,
    pub(crate) after: u64,
}

impl Undo {
    /// The move played.
    #[must_use]
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The seat that moved.
    #[must_use]
    pub fn mover(&self) -> Seat {
        self.from_before.top().map_or(Seat::South, |p| p.seat)
    }

    /// The piece eaten, if any (A7): it stays on the board as a prisoner.
    #[must_use]
    pub fn eaten(&self) -> Option<Piece> {
        if self.mv.eats { self.to_before.top() } else { None }
    }

    /// The piece freed when a top piece left its duo (A5), if any.
    #[must_use]
    pub fn freed(&self) -> Option<Piece> {
        if self.mv.carried.is_none() { self.from_before.under() } else { None }
    }

    /// The points each seat scored by this move (A9), South then North:
    /// the mover's formation frozen on arrival, or a prisoner freed on its
    /// owner's target row.
    #[must_use]
    pub fn scored(&self, after: &Position) -> [u8; 2] {
        [after.scores[0] - self.scores[0], after.scores[1] - self.scores[1]]
    }
}

/// A legal Arcanor position: the grid, the seat to move, the scores (A9) and
/// every state that has occurred (A12).
///
/// Build one with [`Position::from_setup`], or parse the diagram (see the
/// crate documentation) with `str::parse`. Equality compares the grid and the
/// seat to move; [`Position::history`] gives the states seen.
///
/// The repetition draw of A12 is exact: states are found by Zobrist hash and
/// confirmed by comparing grids, in O(1) per move.
#[derive(Clone)]
pub struct Position {
    pub(crate) grid: Grid,
    pub(crate) to_move: Seat,
    pub(crate) scores: [u8; 2],
    pub(crate) hash: u64,
    /// How many times the current state has occurred (1 the first time).
    pub(crate) repetitions: u8,
    pub(crate) history: History<State>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.grid == other.grid && self.to_move == other.to_move
    }
}

impl Eq for Position {}

pub(crate) const fn side_index(seat: Seat) -> usize {
    matches!(seat, Seat::North) as usize
}

/// Whether `formation` on grid index `index` is frozen (A8): its top piece
/// stands on its owner's target row.
#[inline]
pub(crate) fn frozen_at(formation: Formation, index: usize) -> bool {
    match formation.top() {
        Some(top) => index / FILES as usize == target_rank(top.seat) as usize,
        None => false,
    }
}

impl Position {
    /// Checks a set-up and builds the position. The start counts as one
    /// occurrence of its state (A12).
    ///
    /// # Errors
    /// The [`SetupError`] naming the rule the set-up breaks.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let grid = setup.validate()?;
        let mut scores = [0u8; 2];
        for (i, &f) in grid.iter().enumerate() {
            if let Some(top) = f.top()
                && frozen_at(f, i)
            {
                scores[side_index(top.seat)] += top.value.get();
            }
        }
        if scores.iter().all(|&s| s >= WINNING_SCORE) {
            return Err(SetupError::BothWon);
        }
        let mut position = Position {
            grid,
            to_move: setup.to_move,
            scores,
            hash: 0,
            repetitions: 1,
            history: History::default(),
        };
        position.hash = position.hash_from_scratch();
        position.history.push(position.hash, (position.grid, position.to_move));
        Ok(position)
    }

    /// The start of A3, South to move.
    #[must_use]
    pub fn standard() -> Position {
        Position::from_setup(&Setup::standard()).expect("the standard set-up is valid")
    }

    /// The set-up describing this position (not its history).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            to_move: self.to_move,
            cells: self
                .occupied()
                .map(|(cell, f)| Placement { cell, pieces: f.pieces().collect() })
                .collect(),
        }
    }

    /// The formation on `cell` (empty off the board).
    #[must_use]
    pub fn get(&self, cell: Coord) -> Formation {
        if SHAPE.contains(cell) { self.grid[cell_index(cell)] } else { Formation::EMPTY }
    }

    /// The grid, indexed by [`cell_index`].
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The occupied cells with their formations, rank 1 first.
    pub fn occupied(&self) -> impl Iterator<Item = (Coord, Formation)> + '_ {
        self.grid.iter().enumerate().filter(|(_, f)| !f.is_empty()).map(|(i, &f)| (coord_of(i), f))
    }

    /// Whether the formation on `cell` is frozen (A8): its top piece stands
    /// on its owner's target row; it never moves and cannot be eaten.
    #[must_use]
    pub fn is_frozen(&self, cell: Coord) -> bool {
        SHAPE.contains(cell) && frozen_at(self.grid[cell_index(cell)], cell_index(cell))
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// `seat`'s score (A9): the values of its top pieces frozen on its
    /// target row. 0 for West and East.
    #[must_use]
    pub fn score(&self, seat: Seat) -> u8 {
        match seat {
            Seat::South | Seat::North => self.scores[side_index(seat)],
            _ => 0,
        }
    }

    /// The Zobrist hash of the grid and the seat to move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the whole grid, for checking the incremental one.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        Position::hash_of(&self.grid, self.to_move)
    }

    fn hash_of(grid: &Grid, to_move: Seat) -> u64 {
        grid.iter()
            .enumerate()
            .fold(zobrist::seat_key(to_move), |h, (i, &f)| h ^ zobrist::formation_key(i, f))
    }

    /// How many times the current state (grid and seat to move) has
    /// occurred, this time included (A12: the third ends the game).
    #[must_use]
    pub fn repetitions(&self) -> u8 {
        self.repetitions
    }

    /// How many times the state of `grid` with `to_move` next has occurred.
    #[must_use]
    pub fn occurrences(&self, grid: &Grid, to_move: Seat) -> u32 {
        self.history.count(Position::hash_of(grid, to_move), || (*grid, to_move))
    }

    /// The states that have occurred, oldest first: compare two positions'
    /// histories with `==`.
    #[must_use]
    pub fn history(&self) -> &History<State> {
        &self.history
    }

    /// What the last move decided, leaving out the start-of-turn check of
    /// A11: 12 points (A10), or the third occurrence of the state (A12).
    #[inline]
    #[must_use]
    pub fn decided(&self) -> Option<Outcome<WinReason>> {
        for seat in [opponent(self.to_move), self.to_move] {
            if self.scores[side_index(seat)] >= WINNING_SCORE {
                return Some(Outcome::Win(Win { seat, reason: WinReason::Points }));
            }
        }
        (self.repetitions >= 3).then_some(Outcome::Draw(DrawReason::Repetition))
    }

    /// How the position is decided: [`Position::decided`], or a seat to move
    /// without a legal move, which loses (A11).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<WinReason>> {
        self.decided().or_else(|| {
            (!self.has_a_move())
                .then(|| Outcome::Win(Win { seat: opponent(self.to_move), reason: WinReason::NoLegalMove }))
        })
    }
}

impl fmt::Display for Position {
    /// The diagram (see the crate documentation), then the scores as a
    /// comment line (derived from the grid; ignored when read).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)?;
        writeln!(f, "# score: South {}, North {}", self.scores[0], self.scores[1])
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}

/// Why a text is not a valid position: not a diagram, or against a rule.
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
