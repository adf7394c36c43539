//! [`Position`]: a validated grid with the seat to move, the seats still in
//! and the grid states already seen (R10); legal moves, play and undo.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use game_core::{BySeat, Coord, History, Seat, SeatSet};
use thiserror::Error;

use crate::board::Board;
use crate::mv::{IllegalMoveError, Move, MoveError, MoveKind, MoveText};
use crate::piece::{Formation, Piece, PieceKind};
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
    mv: Option<Move>,
    mover: Seat,
    captured: Option<Captured>,
    eliminated: [Option<Elimination>; 3],
    cells: [(Coord, Formation); 5],
    cell_count: u8,
    /// States pushed on the history (R10), popped by undo.
    pushed: u8,
    to_move: Seat,
    seats_in: SeatSet,
    marbles: BySeat<Option<Coord>>,
    hash: u64,
    /// The hash after the step: [`Position::undo`] checks it.
    after: u64,
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
    board: Board,
    to_move: Seat,
    seats_in: SeatSet,
    marbles: BySeat<Option<Coord>>,
    hash: u64,
    history: History<State>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.to_move == other.to_move && self.seats_in == other.seats_in
    }
}

impl Eq for Position {}

/// Where the mover comes from, hoisted out of the per-destination loop.
#[derive(Clone, Copy)]
struct Origin {
    piece: Piece,
    from_tower: bool,
    /// The seat to move next when no marble is captured.
    next: Seat,
    hash_delta: u64,
}

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
        };
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

    /// The hash computed from the whole board, for checking the incremental one.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        Position::hash_of(&self.board, self.to_move)
    }

    fn hash_of(board: &Board, to_move: Seat) -> u64 {
        board.occupied().fold(zobrist::seat_key(to_move), |h, (c, f)| h ^ zobrist::formation_key(c, f))
    }

    /// Whether `mv`, whose resulting hash is `hash`, recreates a state that
    /// has occurred (R10): the hash finds candidates, the grid confirms.
    #[inline]
    fn repeats(&self, mv: Move, hash: u64) -> bool {
        self.history.has_key(hash) && self.history.count(hash, || self.state_after(mv)) > 0
    }

    /// The state (grid, next seat) right after `mv`, before any elimination.
    fn state_after(&self, mv: Move) -> State {
        let mut board = self.board.clone();
        let from_f = board.get(mv.from);
        let Some(piece) = from_f.top() else { return (board, self.to_move) };
        let (landed, captured) = Position::land(piece, mv.kind, board.get(mv.to));
        board.set(mv.from, from_f.without_top());
        board.set(mv.to, landed);
        let mut seats_in = self.seats_in;
        if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
            seats_in.remove(p.seat);
        }
        (board, Position::next_seat(seats_in, self.to_move))
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

    /// The kind of move a `piece` coming from a tower (or not) makes onto a
    /// cell holding `target` (R5–R8), or why it may not.
    #[inline]
    fn classify(piece: Piece, from_tower: bool, target: Formation) -> Result<MoveKind, Reject> {
        let seat = piece.seat;
        if piece.kind == PieceKind::Marble {
            return if target == Formation::single(Piece::token(seat)) {
                Ok(MoveKind::Marble)
            } else {
                Err(Reject::MarbleNeedsOwnUnit)
            };
        }
        match (target.bottom(), target.upper()) {
            (None, _) => Ok(MoveKind::Step),
            (Some(b), None) => {
                if from_tower && b.seat != seat {
                    Ok(MoveKind::CaptureToken)
                } else {
                    Ok(MoveKind::Stack)
                }
            }
            (Some(b), Some(t)) => {
                if t.is_marble() {
                    if t.seat == seat { Err(Reject::OwnMarble) } else { Ok(MoveKind::CaptureMarble) }
                } else if from_tower && (t.seat != seat || b.seat != seat) {
                    Ok(MoveKind::CaptureToken)
                } else {
                    Err(Reject::StackFull)
                }
            }
        }
    }

    /// The formation left on the destination and the piece captured (R5–R8).
    #[inline]
    fn land(piece: Piece, kind: MoveKind, target: Formation) -> (Formation, Option<(Piece, u8)>) {
        match kind {
            MoveKind::Step => (Formation::single(piece), None),
            MoveKind::Stack | MoveKind::Marble => {
                (target.with_on_top(piece).unwrap_or(Formation::single(piece)), None)
            }
            MoveKind::CaptureMarble | MoveKind::CaptureToken => match (target.bottom(), target.upper()) {
                (Some(b), None) => (Formation::single(piece), Some((b, 0))),
                (Some(b), Some(t)) if t.seat != piece.seat => (Formation::pair(b, piece), Some((t, 1))),
                // R8: the target lies under the mover's own token, which drops.
                (Some(b), Some(t)) => (Formation::pair(t, piece), Some((b, 0))),
                (None, _) => (Formation::single(piece), None),
            },
        }
    }

    /// The seat to move after `mover` moves, given the seats then in.
    #[inline]
    fn next_seat(seats_in: SeatSet, mover: Seat) -> Seat {
        seats_in.next_after(mover).unwrap_or(mover)
    }

    #[inline]
    fn origin(&self, from: Coord, piece: Piece, formation: Formation) -> Origin {
        let next = Position::next_seat(self.seats_in, self.to_move);
        Origin {
            piece,
            from_tower: formation.is_tower_of(piece.seat),
            next,
            hash_delta: zobrist::formation_key(from, formation)
                ^ zobrist::formation_key(from, formation.without_top())
                ^ zobrist::seat_key(self.to_move)
                ^ zobrist::seat_key(next),
        }
    }

    /// The hash after `origin.piece` moves to `to` as a `kind` move.
    #[inline]
    fn hash_after(&self, origin: Origin, to: Coord, target: Formation, kind: MoveKind) -> u64 {
        let (landed, captured) = Position::land(origin.piece, kind, target);
        let mut hash = self.hash
            ^ origin.hash_delta
            ^ zobrist::formation_key(to, target)
            ^ zobrist::formation_key(to, landed);
        if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
            // The captured seat is out: the turn may skip it (R2, R7).
            let mut seats_in = self.seats_in;
            seats_in.remove(p.seat);
            hash ^= zobrist::seat_key(origin.next)
                ^ zobrist::seat_key(Position::next_seat(seats_in, self.to_move));
        }
        hash
    }

    /// Calls `f(move, hash after it)` for every move of the seat to move that
    /// R3–R8 allow, before the repetition rule R10 is checked.
    #[inline]
    fn for_each_candidate(&self, mut f: impl FnMut(Move, u64) -> ControlFlow<()>) -> ControlFlow<()> {
        let side = self.board.side();
        let seat = self.to_move;
        for rank in 0..side {
            for file in 0..side {
                let from = Coord::new(file, rank);
                let formation = self.board.get(from);
                let Some(piece) = formation.top() else { continue };
                if piece.seat != seat {
                    continue;
                }
                let origin = self.origin(from, piece, formation);
                for &to in self.board.neighbours(from) {
                    let Some(to) = to else { break };
                    let target = self.board.get(to);
                    if let Ok(kind) = Position::classify(piece, origin.from_tower, target) {
                        f(Move { from, to, kind }, self.hash_after(origin, to, target, kind))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Appends the legal moves (R3–R10) to `out`, in board order: origins
    /// from a1 rank by rank, destinations in [`DIRECTIONS`] order. None once
    /// the game is decided.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let _ = self.for_each_candidate(|mv, hash| {
            if !self.repeats(mv, hash) {
                out.push(mv);
            }
            ControlFlow::Continue(())
        });
    }

    /// The legal moves (R3–R10), empty once the game is decided.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves, without building the list (perft leaves).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let mut n = 0;
        let _ = self.for_each_candidate(|mv, hash| {
            n += u64::from(!self.repeats(mv, hash));
            ControlFlow::Continue(())
        });
        n
    }

    /// Whether the seat to move has a legal move (R12), stopping at the first.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.outcome().is_none()
            && self
                .for_each_candidate(|mv, hash| {
                    if self.repeats(mv, hash) { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
                })
                .is_break()
    }

    /// The legal move from `from` to `to`: a `(from, to)` pair names at most
    /// one move (R8, Decision), whose kind the board decides.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids the move.
    pub fn check(&self, from: Coord, to: Coord) -> Result<Move, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        for cell in [from, to] {
            if !self.board.contains(cell) {
                return Err(IllegalMoveError::OffBoard(cell));
            }
        }
        if !from.is_adjacent(to) {
            return Err(IllegalMoveError::NotAdjacent { from, to });
        }
        let formation = self.board.get(from);
        let piece = formation.top().ok_or(IllegalMoveError::EmptyCell(from))?;
        if piece.seat != self.to_move {
            return Err(IllegalMoveError::NotYourPiece { from, owner: piece.seat, to_move: self.to_move });
        }
        let origin = self.origin(from, piece, formation);
        let target = self.board.get(to);
        let kind = Position::classify(piece, origin.from_tower, target).map_err(|r| r.error(to))?;
        let mv = Move { from, to, kind };
        if self.repeats(mv, self.hash_after(origin, to, target, kind)) {
            return Err(IllegalMoveError::Repetition);
        }
        Ok(mv)
    }

    /// Whether the move named by `mv.from`, `mv.to` is legal (R3–R10). Its
    /// `kind` is not compared: the board decides it.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv.from, mv.to).is_ok()
    }

    /// The legal move a person's text names.
    ///
    /// # Errors
    /// As [`Position::check`].
    pub fn resolve(&self, text: MoveText) -> Result<Move, IllegalMoveError> {
        self.check(text.from, text.to)
    }

    /// Parses a move in notation (`e1-e2`, `d3xd4`, `Me1-d1`, leniently) and
    /// checks it.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move,
    /// [`MoveError::Illegal`] for a move the rules forbid.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Ok(self.resolve(text.parse::<MoveText>()?)?)
    }

    /// Plays the move named by `mv.from`, `mv.to` (its kind is recomputed),
    /// then eliminates every following seat left without a legal move (R12).
    ///
    /// # Errors
    /// The [`IllegalMoveError`] naming the rule that forbids the move; the
    /// position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        let mv = self.check(mv.from, mv.to)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`], without
    /// checking it; for search. Eliminations of R12 follow as in
    /// [`Position::play`].
    ///
    /// # Panics
    /// May panic, or corrupt the position, if `mv` is not legal.
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let mut undo = self.play_move_only(mv);
        self.eliminate_stuck(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// Plays `mv` (legal) and passes the turn, without the start-of-turn
    /// check of R12 for the next seat ([`crate::Game`] makes it in its own
    /// step, after checking the limits of R15).
    pub(crate) fn play_move_only(&mut self, mv: Move) -> Undo {
        let mut undo = self.empty_undo(Some(mv));
        let from_f = self.board.get(mv.from);
        let target = self.board.get(mv.to);
        let piece = from_f.top().expect("play_unchecked: no piece on the origin");
        let (landed, captured) = Position::land(piece, mv.kind, target);
        undo.push_cell(mv.from, from_f);
        undo.push_cell(mv.to, target);
        self.set_cell(mv.from, from_f.without_top());
        self.set_cell(mv.to, landed);
        if piece.is_marble() {
            self.marbles[piece.seat] = Some(mv.to);
        }
        if let Some((p, level)) = captured {
            undo.captured = Some(Captured { piece: p, cell: mv.to, level });
            if p.is_marble() {
                self.marbles[p.seat] = None;
                self.seats_in.remove(p.seat);
            }
        }
        self.pass_turn(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// The start-of-turn check of R12 for the seat to move alone: if it has
    /// no legal move (and the game goes on), its marble is removed and the
    /// turn passes; the undo record of that removal.
    pub(crate) fn eliminate_if_stuck(&mut self) -> Option<Undo> {
        if self.outcome().is_some() || self.has_legal_move() {
            return None;
        }
        Some(self.eliminate_one())
    }

    /// Removes the marble of the seat to move and passes the turn (R12),
    /// nothing more.
    pub(crate) fn eliminate_one(&mut self) -> Undo {
        let mut undo = self.empty_undo(None);
        self.remove_marble_to_move(&mut undo);
        undo.after = self.hash;
        undo
    }

    /// Removes the marble of the seat to move and passes the turn (R12, used
    /// when its clock runs out); then eliminates following seats left without
    /// a legal move, as after a move.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] if the game is already decided.
    pub fn eliminate_to_move(&mut self) -> Result<Undo, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let mut undo = self.empty_undo(None);
        self.remove_marble_to_move(&mut undo);
        self.eliminate_stuck(&mut undo);
        undo.after = self.hash;
        Ok(undo)
    }

    /// Takes back what `undo` recorded.
    ///
    /// # Panics
    /// If `undo` is not the record of the last step played on this position
    /// (its hash after the step is not this position's): a foreign record
    /// would corrupt the position, so it is refused.
    pub fn undo(&mut self, undo: Undo) {
        assert_eq!(
            self.hash, undo.after,
            "Position::undo: the undo record is not of the last step played on this position"
        );
        for _ in 0..undo.pushed {
            self.history.pop();
        }
        for &(cell, formation) in undo.cells[..undo.cell_count as usize].iter().rev() {
            self.board.set(cell, formation);
        }
        self.to_move = undo.to_move;
        self.seats_in = undo.seats_in;
        self.marbles = undo.marbles;
        self.hash = undo.hash;
    }

    fn empty_undo(&self, mv: Option<Move>) -> Undo {
        Undo {
            mv,
            mover: self.to_move,
            captured: None,
            eliminated: [None; 3],
            cells: [(Coord::new(0, 0), Formation::EMPTY); 5],
            cell_count: 0,
            pushed: 0,
            to_move: self.to_move,
            seats_in: self.seats_in,
            marbles: self.marbles,
            hash: self.hash,
            after: self.hash,
        }
    }

    fn set_cell(&mut self, cell: Coord, formation: Formation) {
        self.hash ^=
            zobrist::formation_key(cell, self.board.get(cell)) ^ zobrist::formation_key(cell, formation);
        self.board.set(cell, formation);
    }

    /// Gives the turn to the next seat still in and records the new state (R10).
    fn pass_turn(&mut self, undo: &mut Undo) {
        let next = Position::next_seat(self.seats_in, self.to_move);
        self.hash ^= zobrist::seat_key(self.to_move) ^ zobrist::seat_key(next);
        self.to_move = next;
        self.history.push(self.hash, (self.board.clone(), self.to_move));
        undo.pushed += 1;
    }

    fn remove_marble_to_move(&mut self, undo: &mut Undo) {
        let seat = self.to_move;
        if let Some(cell) = self.marbles[seat] {
            let formation = self.board.get(cell);
            undo.push_cell(cell, formation);
            self.set_cell(cell, formation.without_top());
            self.marbles[seat] = None;
            if let Some(slot) = undo.eliminated.iter_mut().find(|e| e.is_none()) {
                *slot = Some(Elimination { seat, cell });
            }
        }
        self.seats_in.remove(seat);
        self.pass_turn(undo);
    }

    /// R12: while the game goes on and the seat to move has no legal move, its
    /// marble is removed and the turn passes.
    fn eliminate_stuck(&mut self, undo: &mut Undo) {
        while self.outcome().is_none() && !self.has_legal_move() {
            self.remove_marble_to_move(undo);
        }
    }
}

impl Undo {
    fn push_cell(&mut self, cell: Coord, formation: Formation) {
        self.cells[self.cell_count as usize] = (cell, formation);
        self.cell_count += 1;
    }
}

/// Why [`Position::classify`] rejects a destination (the cell is added later).
#[derive(Clone, Copy)]
enum Reject {
    StackFull,
    MarbleNeedsOwnUnit,
    OwnMarble,
}

impl Reject {
    fn error(self, to: Coord) -> IllegalMoveError {
        match self {
            Reject::StackFull => IllegalMoveError::StackFull(to),
            Reject::MarbleNeedsOwnUnit => IllegalMoveError::MarbleNeedsOwnUnit(to),
            Reject::OwnMarble => IllegalMoveError::OwnMarble(to),
        }
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

/// Why a text is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The text is not in the position format.
    #[error(transparent)]
    Text(#[from] ParseSetupError),
    /// The text is well formed but breaks a rule.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(&s.parse::<Setup>()?)?)
    }
}

pub(crate) mod naive {
    //! The deliberately simple path the perft benchmark compares against.
    use super::*;

    impl Position {
        /// Moves allowed by R3–R8, before R10.
        pub(crate) fn candidate_moves(&self) -> Vec<Move> {
            let mut out = Vec::new();
            if self.outcome().is_none() {
                let _ = self.for_each_candidate(|mv, _| {
                    out.push(mv);
                    ControlFlow::Continue(())
                });
            }
            out
        }

        /// Applies `mv` to a copy and rehashes the whole board; `None` when the
        /// state has occurred (R10).
        pub(crate) fn after_naive(&self, mv: Move) -> Option<Position> {
            let mut next = self.clone();
            let from_f = next.board.get(mv.from);
            let piece = from_f.top()?;
            let (landed, captured) = Position::land(piece, mv.kind, next.board.get(mv.to));
            next.board.set(mv.from, from_f.without_top());
            next.board.set(mv.to, landed);
            if piece.is_marble() {
                next.marbles[piece.seat] = Some(mv.to);
            }
            if let Some((p, _)) = captured.filter(|(p, _)| p.is_marble()) {
                next.marbles[p.seat] = None;
                next.seats_in.remove(p.seat);
            }
            next.to_move = Position::next_seat(next.seats_in, next.to_move);
            next.hash = next.hash_from_scratch();
            let state = (next.board.clone(), next.to_move);
            if next.history.count(next.hash, || state.clone()) > 0 {
                return None;
            }
            next.history.push(next.hash, state);
            let mut undo = next.empty_undo(None);
            next.eliminate_stuck(&mut undo);
            Some(next)
        }
    }
}
