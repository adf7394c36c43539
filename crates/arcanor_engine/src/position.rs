//! [`Position`]: a validated grid with the seat to move, the scores (A9) and
//! the states already seen (A12); legal moves, play and undo.

use std::fmt;
use std::str::FromStr;

use game_core::{Coord, DrawReason, History, Outcome, Seat, Win};
use thiserror::Error;

use crate::mv::{IllegalMoveError, Move, MoveError, MoveText};
use crate::piece::{Formation, Piece, Value, opponent};
use crate::setup::{FILES, ParseSetupError, Placement, RANKS, SHAPE, Setup, SetupError, target_rank};
use crate::zobrist;

/// Points that win (A10).
pub const WINNING_SCORE: u8 = 12;

/// Cells of the board.
pub const CELLS: usize = FILES as usize * RANKS as usize;

/// The grid, one formation per cell, indexed by [`cell_index`].
pub type Grid = [Formation; CELLS];

/// A state of A12: the grid and the seat to move.
pub type State = (Grid, Seat);

/// The index of `cell` in a [`Grid`]: `rank * 8 + file`. `cell` must lie on
/// the 8 × 7 board (any other gives an index of another cell or beyond).
#[must_use]
pub const fn cell_index(cell: Coord) -> usize {
    cell.rank() as usize * FILES as usize + cell.file() as usize
}

/// The cell of grid index `index` (below [`CELLS`]).
#[must_use]
pub const fn coord_of(index: usize) -> Coord {
    Coord::new((index % FILES as usize) as u8, (index / FILES as usize) as u8)
}

const NO_CELL: u8 = u8::MAX;

/// The neighbours of each cell, by index ([`NO_CELL`] past the last).
static NEIGHBOURS: [[u8; 8]; CELLS] = {
    let mut table = [[NO_CELL; 8]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (file, rank) = ((i % FILES as usize) as i32, (i / FILES as usize) as i32);
        let mut n = 0;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = game_core::DIRECTIONS[d];
            let (f, r) = (file + df as i32, rank + dr as i32);
            if f >= 0 && r >= 0 && f < FILES as i32 && r < RANKS as i32 {
                table[i][n] = (r * FILES as i32 + f) as u8;
                n += 1;
            }
            d += 1;
        }
        i += 1;
    }
    table
};

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
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Points => "12 points on the target row (A10)",
            WinReason::NoLegalMove => "the opponent had no legal move (A11)",
            WinReason::Time => "the opponent's clock ran out (A12)",
        })
    }
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    mv: Move,
    from_before: Formation,
    to_before: Formation,
    scores: [u8; 2],
    repetitions: u8,
    hash: u64,
    after: u64,
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
        if self.mv.carried.is_none() { self.from_before.inner() } else { None }
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
    grid: Grid,
    to_move: Seat,
    scores: [u8; 2],
    hash: u64,
    /// How many times the current state has occurred (1 the first time).
    repetitions: u8,
    history: History<State>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.grid == other.grid && self.to_move == other.to_move
    }
}

impl Eq for Position {}

const fn side_index(seat: Seat) -> usize {
    matches!(seat, Seat::North) as usize
}

/// Whether `formation` on grid index `index` is frozen (A8): its top piece
/// stands on its owner's target row.
#[inline]
const fn frozen_at(formation: Formation, index: usize) -> bool {
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
            (!self.has_legal_move())
                .then(|| Outcome::Win(Win { seat: opponent(self.to_move), reason: WinReason::NoLegalMove }))
        })
    }

    /// Calls `f` with every move of the seat to move that A5–A8 allow,
    /// origins from a1 rank by rank, destinations in direction order, a duo's
    /// whole move before its top piece's. Stops when `f` returns `false`.
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Move) -> bool) {
        let me = self.to_move;
        for (from, neighbours) in NEIGHBOURS.iter().enumerate() {
            let formation = self.grid[from];
            let Some(top) = formation.top() else { continue };
            if top.seat != me || frozen_at(formation, from) {
                continue;
            }
            let carried = formation.inner().map(|p| p.value);
            let from_cell = coord_of(from);
            for &to in neighbours {
                if to == NO_CELL {
                    break;
                }
                let to = to as usize;
                let target = self.grid[to];
                let step =
                    |carried, eats| Move { from: from_cell, to: coord_of(to), top: top.value, carried, eats };
                if target.is_empty() {
                    if carried.is_some() && !f(step(carried, false)) {
                        return;
                    }
                    if !f(step(None, false)) {
                        return;
                    }
                } else if !target.is_duo()
                    && let Some(prey) = target.top()
                    && prey.seat != me
                    && top.covers(prey)
                    && !frozen_at(target, to)
                    && !f(step(None, true))
                {
                    return;
                }
            }
        }
    }

    /// Appends the legal moves (A5–A8) to `out`; none once the position is
    /// decided.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_move(|mv| {
            out.push(mv);
            true
        });
    }

    /// The legal moves, empty once the position is decided.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves, without building the list (perft leaves).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let mut n = 0;
        self.for_each_move(|_| {
            n += 1;
            true
        });
        n
    }

    /// Whether the seat to move has a legal move (A11), stopping at the first.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        if self.decided().is_none() {
            self.for_each_move(|_| {
                any = true;
                false
            });
        }
        any
    }

    /// The legal move a person's text names (A5, A6, A8; the values prefix
    /// may be left out for a lone piece, `-` or `x` may be wrong).
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids it.
    pub fn resolve(&self, text: MoveText) -> Result<Move, IllegalMoveError> {
        if self.decided().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let (from, to) = (text.from, text.to);
        for cell in [from, to] {
            if !SHAPE.contains(cell) {
                return Err(IllegalMoveError::OffBoard(cell));
            }
        }
        if !from.is_adjacent(to) {
            return Err(IllegalMoveError::NotAdjacent { from, to });
        }
        let formation = self.grid[cell_index(from)];
        let top = formation.top().ok_or(IllegalMoveError::EmptyCell(from))?;
        if top.seat != self.to_move {
            return Err(IllegalMoveError::NotYourPiece { from, owner: top.seat, to_move: self.to_move });
        }
        if frozen_at(formation, cell_index(from)) {
            return Err(IllegalMoveError::Frozen(from));
        }
        let inner = formation.inner();
        let holds = match inner {
            Some(i) => format!("{}{}", top.value, i.value),
            None => top.value.to_string(),
        };
        let written = |(t, i): (Value, Option<Value>)| match i {
            Some(i) => format!("{t}{i}"),
            None => t.to_string(),
        };
        let whole = match (text.values, inner) {
            (None, None) => false,
            (None, Some(_)) => {
                return Err(IllegalMoveError::WhichPart { cell: from, whole: holds, top: top.value });
            }
            (Some((t, None)), _) if t == top.value => false,
            (Some((t, Some(i))), Some(inner)) if t == top.value && i == inner.value => true,
            (Some(v), _) => {
                return Err(IllegalMoveError::WrongPieces { cell: from, holds, written: written(v) });
            }
        };
        let target = self.grid[cell_index(to)];
        let Some(prey) = target.top() else {
            let carried = if whole { inner.map(|p| p.value) } else { None };
            return Ok(Move { from, to, top: top.value, carried, eats: false });
        };
        if target.is_duo() {
            return Err(IllegalMoveError::OntoDuo(to));
        }
        if prey.seat == top.seat {
            return Err(IllegalMoveError::OwnPiece(to));
        }
        if whole {
            return Err(if top.covers(prey) {
                IllegalMoveError::DuoNeverEats(to)
            } else {
                IllegalMoveError::DuoNeedsEmptyCell(to)
            });
        }
        if frozen_at(target, cell_index(to)) {
            return Err(IllegalMoveError::FrozenTarget(to));
        }
        if !top.covers(prey) {
            let eats = top.value.covers().map_or_else(|| "nothing".to_owned(), |v| v.to_string());
            return Err(IllegalMoveError::WrongValue {
                cell: to,
                mover: top.value,
                eats,
                target: prey.value,
            });
        }
        Ok(Move { from, to, top: top.value, carried: None, eats: true })
    }

    /// Parses a move in notation (leniently, see [`MoveText`]) and checks it.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move,
    /// [`MoveError::Illegal`] for a move the rules forbid.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Ok(self.resolve(text.parse::<MoveText>()?)?)
    }

    /// Plays the move `mv` names, after checking it.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids it; the
    /// position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        let mv = self.resolve(mv.text())?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`], without
    /// checking it; for search. Freezing and scores (A8, A9) and the count of
    /// repetitions (A12) follow.
    ///
    /// # Panics
    /// May panic, or corrupt the position, if `mv` is not legal.
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let (from, to) = (cell_index(mv.from), cell_index(mv.to));
        let moving = self.grid[from];
        let target = self.grid[to];
        let undo = Undo {
            mv,
            from_before: moving,
            to_before: target,
            scores: self.scores,
            repetitions: self.repetitions,
            hash: self.hash,
            after: 0,
        };
        let top = moving.top().expect("play_unchecked: no piece on the origin");
        let (left, arrived) = if mv.carried.is_some() {
            (Formation::EMPTY, moving)
        } else {
            let left = moving.inner().map_or(Formation::EMPTY, Formation::single);
            let arrived = match target.top() {
                Some(prey) if mv.eats => Formation::duo(prey, top),
                _ => Formation::single(top),
            };
            (left, arrived)
        };
        // A8, A9: a formation arriving on its target row freezes and scores
        // its top piece; so does a prisoner freed on its own target row.
        if frozen_at(arrived, to) {
            self.scores[side_index(top.seat)] += top.value.get();
        }
        if let Some(freed) = left.top()
            && frozen_at(left, from)
        {
            self.scores[side_index(freed.seat)] += freed.value.get();
        }
        self.grid[from] = left;
        self.grid[to] = arrived;
        let next = opponent(self.to_move);
        self.hash ^= zobrist::formation_key(from, moving)
            ^ zobrist::formation_key(from, left)
            ^ zobrist::formation_key(to, target)
            ^ zobrist::formation_key(to, arrived)
            ^ zobrist::seat_key(self.to_move)
            ^ zobrist::seat_key(next);
        self.to_move = next;
        self.history.push(self.hash, (self.grid, self.to_move));
        let count = self.history.count(self.hash, || (self.grid, self.to_move));
        self.repetitions = u8::try_from(count).unwrap_or(u8::MAX);
        Undo { after: self.hash, ..undo }
    }

    /// Takes back the move `undo` recorded.
    ///
    /// # Panics
    /// If `undo` is not the record of the last move played on this position
    /// (its hash after the move is not this position's): a foreign record
    /// would corrupt the position, so it is refused.
    pub fn undo(&mut self, undo: Undo) {
        assert_eq!(
            self.hash, undo.after,
            "Position::undo: the undo record is not of the last move played on this position"
        );
        self.history.pop();
        self.grid[cell_index(undo.mv.from)] = undo.from_before;
        self.grid[cell_index(undo.mv.to)] = undo.to_before;
        self.scores = undo.scores;
        self.repetitions = undo.repetitions;
        self.hash = undo.hash;
        self.to_move = opponent(self.to_move);
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

/// Why a text is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The text is not a diagram.
    #[error(transparent)]
    Text(#[from] ParseSetupError),
    /// The diagram breaks a rule.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(&s.parse::<Setup>()?)?)
    }
}
