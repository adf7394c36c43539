//! ARKES for the search: the evaluation (how good a position is for each
//! seat, in points, 100 = one token), move hints and tactics.
//!
//! [`EvalKind::Full`] knows the game:
//!
//! - **Material**: tokens on the board (a seat builds its marble's path and
//!   its threats with them), towers (they capture tokens, R8), and pins: a
//!   token under an enemy token in a siege cannot move and is worth less; the
//!   token on top of it pins it.
//! - **The marble's path**: a marble only steps onto a single own token (R6),
//!   so its distance to the golden cell is not the king-step distance but the
//!   cost of a path over cells it could be made to step on: a cell with an
//!   own unit costs one marble step; an empty cell also needs an own token
//!   walked there (the king-step distance from the nearest own free token);
//!   an own tower needs its top token moved off first; a cell held by an
//!   enemy token needs a capture by a tower first. The cheapest such path
//!   (A* over the grid, in `path`) is the number of own plies the marble is from
//!   winning, roughly.
//! - **Threats**: a marble next to an enemy token that can move is attacked
//!   (R7). When the attacker moves next and the game has two seats, the
//!   position is a win for it; otherwise the attacked seat pays a penalty.
//!   A marble next to the golden cell with an own unit on it threatens to win
//!   (R11).
//! - **Towers that can capture**: each enemy token a tower could take (R8).
//! - **Mobility**: movable own tokens.
//!
//! [`EvalKind::Plain`] counts tokens and the marble's king-step distance to
//! the golden cell only.

mod path;

use arkes_engine::{
    Arkes, BySeat, Coord, Formation, MAX_CELLS, MAX_SIDE, Move, MoveKind, Piece, PieceKind, Position, Seat,
    Undo,
};

use crate::eval::Evaluation;
use crate::game::{GamePosition, MoveClass, SearchGame};
use crate::level::EvalKind;
use path::{PATH_CAP, PathSearch};

/// The win chance's scale with two seats, in evaluation points: fitted
/// by `arkes-cli calibrate` on 100 games of 9×9 (Brier score 0.179 on 100
/// others; see the crate docs' calibration table).
const CHANCE_SCALE_2: f64 = 182.0;
/// The same with three or four seats (the mover's chance; the others share
/// the rest by their scores): fitted on 40 games of 4 players on 9×9
/// (Brier score 0.196 on 40 others, against 0.218 for always the share of
/// games the mover wins).
const CHANCE_SCALE_MORE: f64 = 163.0;

impl SearchGame for Arkes {
    type Evaluator = Evaluator;

    const MOVE_KEYS: usize = MAX_CELLS * MAX_CELLS;

    fn evaluator(kind: EvalKind) -> Evaluator {
        Evaluator::new(kind)
    }

    #[inline]
    fn evaluate(evaluator: &mut Evaluator, position: &Position) -> Evaluation {
        evaluator.evaluate(position)
    }

    #[inline]
    fn move_key(mv: Move) -> usize {
        mv.from.index() * MAX_CELLS + mv.to.index()
    }

    /// The marble onto the golden cell (R11) first, then marble captures
    /// (R7), token captures (R8); a marble step nearer the golden cell is
    /// promising.
    #[inline]
    fn move_class(position: &Position, mv: Move) -> MoveClass {
        let gold = position.board().golden_cell();
        match mv.kind {
            MoveKind::Marble if mv.to == gold => MoveClass::Decisive,
            MoveKind::CaptureMarble => MoveClass::BigCapture,
            MoveKind::CaptureToken => MoveClass::Capture,
            MoveKind::Marble if mv.to.distance(gold) < mv.from.distance(gold) => MoveClass::Promising,
            _ => MoveClass::Quiet,
        }
    }

    #[inline]
    fn is_noisy(mv: Move) -> bool {
        mv.is_capture()
    }

    /// The captures alone ([`Position::capture_moves_into`]: no R10
    /// look-up, which a capture never needs).
    #[inline]
    fn noisy_moves_into(position: &Position, out: &mut Vec<Move>) {
        position.capture_moves_into(out);
    }

    #[inline]
    fn eliminated(undo: &Undo) -> [Option<Seat>; 3] {
        let mut out = [None; 3];
        for (slot, e) in out.iter_mut().zip(undo.eliminated()) {
            *slot = Some(e.seat);
        }
        out
    }

    /// Whether the seat to move can at once win (R11, its marble next to the
    /// golden cell holding its own unit) or capture `victim`'s marble (R7).
    /// Such moves are always legal: a capture or a marble on the golden cell
    /// makes a grid state that cannot have occurred (R10).
    fn threatens_at_once(position: &Position, victim: Seat) -> bool {
        threatens_at_once(position, victim)
    }

    fn takes_at_once(mv: Move) -> bool {
        mv.kind == MoveKind::CaptureMarble
    }

    fn chance_scale(players: usize) -> crate::ChanceScale {
        crate::ChanceScale(if players <= 2 { CHANCE_SCALE_2 } else { CHANCE_SCALE_MORE })
    }
}

impl GamePosition for Position {
    type Game = Arkes;

    fn as_game_position(&self) -> &Position {
        self
    }
}

/// Whether the seat to move in `position` can at once win (R11) or capture
/// `victim`'s marble (R7); see [`SearchGame::threatens_at_once`].
#[must_use]
pub fn threatens_at_once(position: &Position, victim: Seat) -> bool {
    if position.outcome().is_some() {
        return false;
    }
    let board = position.board();
    let shape = board.shape();
    let mover = position.to_move();
    if let Some(marble) = position.marble(mover) {
        let gold = board.golden_cell();
        if marble.is_adjacent(gold) && board.get(gold) == Formation::single(Piece::token(mover)) {
            return true;
        }
    }
    if mover == victim {
        return false;
    }
    position.marble(victim).is_some_and(|m| {
        m.neighbours(shape)
            .any(|n| board.get(n).top().is_some_and(|t| t.seat == mover && t.kind == PieceKind::Token))
    })
}

/// Points per token on the board.
const TOKEN: i32 = 100;
/// Bonus per tower (two own tokens), which can capture (R8).
const TOWER: i32 = 12;
/// Penalty per own token pinned under an enemy token.
const PINNED: i32 = 35;
/// Bonus per enemy token pinned under an own token.
const PINNING: i32 = 20;
/// Bonus per movable own token (a cheap mobility measure).
const MOBILE: i32 = 4;
/// Bonus per enemy token a tower could capture next move.
const TOWER_ATTACK: i32 = 25;
/// Penalty per ply of the marble's path cost to the golden cell.
const PATH: i32 = 45;
/// Penalty per king step of the marble from the golden cell (Plain).
const PLAIN_DISTANCE: i32 = 40;
/// Bonus for a marble next to the golden cell with an own unit on it
/// (R11 threat), when its seat is not the one to move.
const GOLD_READY: i32 = 350;
/// Penalty for a marble attacked while its own seat is to move (it must
/// escape or take the attacker).
const ATTACKED_TO_MOVE: i32 = 160;
/// Penalty for a marble attacked by the seat to move, in a game of three or
/// four (it is as good as lost).
const HANGING: i32 = 900;
/// The ARKES evaluation, with its reusable scratch space.
#[derive(Clone, Debug)]
pub struct Evaluator {
    kind: EvalKind,
    /// The marble's path search, with each seat's free tokens found by the
    /// evaluation's one pass over the board.
    path: PathSearch,
}

impl Evaluator {
    /// An evaluator of `kind`.
    #[must_use]
    pub fn new(kind: EvalKind) -> Evaluator {
        Evaluator { kind, path: PathSearch::new() }
    }

    /// The kind of evaluation.
    #[must_use]
    pub fn kind(&self) -> EvalKind {
        self.kind
    }

    /// Evaluates `position` for every seat still in the game.
    pub fn evaluate(&mut self, position: &Position) -> Evaluation {
        let board = position.board();
        let side = usize::from(board.side());
        let gold = board.golden_cell();
        let seats_in = position.seats_in();
        let to_move = position.to_move();
        let full = self.kind == EvalKind::Full;
        let mut scores = BySeat([0i32; 4]);
        let mut wins_next = None;
        let mut capture_possible = !full;
        self.path.clear_tokens();

        // Material, towers, pins, mobility, tower attacks, and each seat's
        // free tokens: one pass over the cells.
        let cells = board.cells();
        for rank in 0..side {
            let first = rank * usize::from(MAX_SIDE);
            for (index, &f) in cells.iter().enumerate().skip(first).take(side) {
                let (Some(bottom), upper) = (f.bottom(), f.upper()) else { continue };
                let Some(cell) = Coord::from_index(index) else { continue };
                for p in f.pieces() {
                    if p.kind == PieceKind::Token {
                        scores[p.seat] += TOKEN;
                    }
                }
                match upper {
                    None => {
                        scores[bottom.seat] += MOBILE;
                        if bottom.kind == PieceKind::Token {
                            self.path.add_token(bottom.seat, index);
                        }
                    }
                    Some(top) if top.kind == PieceKind::Token => {
                        self.path.add_token(top.seat, index);
                        if top.seat == bottom.seat {
                            scores[top.seat] += TOWER + MOBILE;
                            if full {
                                let attacks = board
                                    .neighbours(cell)
                                    .iter()
                                    .map_while(|n| *n)
                                    .filter(|&n| tower_can_take(top.seat, board.get(n)))
                                    .count() as i32;
                                scores[top.seat] += TOWER_ATTACK * attacks;
                                capture_possible |= attacks > 0 && top.seat == to_move;
                            }
                        } else {
                            scores[bottom.seat] -= PINNED;
                            scores[top.seat] += PINNING + MOBILE;
                        }
                    }
                    Some(_) => {}
                }
            }
        }

        for seat in seats_in.iter() {
            let Some(marble) = position.marble(seat) else { continue };
            let around = || board.neighbours(marble).iter().map_while(|n| *n);
            if full {
                // Threats to this marble (R7).
                for n in around() {
                    if let Some(top) = board.get(n).top()
                        && top.kind == PieceKind::Token
                        && top.seat != seat
                        && seats_in.contains(top.seat)
                    {
                        if top.seat == to_move {
                            capture_possible = true;
                            if seats_in.len() == 2 {
                                wins_next = Some(to_move);
                            } else {
                                scores[seat] -= HANGING;
                            }
                        } else if seat == to_move {
                            scores[seat] -= ATTACKED_TO_MOVE;
                        }
                    }
                }
                let cost = i32::from(self.path.cost(position, seat, marble)).min(PATH_CAP);
                scores[seat] -= PATH * cost;
            } else {
                scores[seat] -= PLAIN_DISTANCE * i32::from(marble.distance(gold));
                if seat != to_move && seats_in.len() == 2 {
                    let taken =
                        around().any(|n| board.get(n).top().is_some_and(|t| t == Piece::token(to_move)));
                    if taken {
                        wins_next = Some(to_move);
                    }
                }
            }
            // R11: next to the golden cell holding an own unit.
            if marble.is_adjacent(gold) && board.get(gold) == Formation::single(Piece::token(seat)) {
                if seat == to_move {
                    wins_next = Some(seat);
                } else if full {
                    scores[seat] += GOLD_READY;
                }
            }
        }
        Evaluation { scores, wins_next, capture_possible }
    }
}

/// Whether a token of `seat` coming from a tower could capture a token on a
/// cell holding `target` (R8): an enemy token not lying under another
/// player's token.
fn tower_can_take(seat: Seat, target: Formation) -> bool {
    match (target.bottom(), target.upper()) {
        (Some(b), None) => b.seat != seat && b.kind == PieceKind::Token,
        (Some(b), Some(t)) => t.kind == PieceKind::Token && (t.seat != seat || b.seat != seat),
        (None, _) => false,
    }
}

#[cfg(test)]
mod reference {
    use super::path::{ENEMY_ON_TOP, ENEMY_UNIT, OWN_ON_ENEMY};
    use super::*;

    /// The evaluation as it was written first (a scan per seat, computed
    /// neighbours, Dijkstra by buckets): the new one must agree with it.
    pub(super) struct Reference {
        kind: EvalKind,
        tokens: Vec<Coord>,
        dist: [u16; MAX_CELLS],
        token_dist: [u8; MAX_CELLS],
        buckets: Vec<Vec<u8>>,
    }

    impl Reference {
        /// An evaluator of `kind`.
        #[must_use]
        pub fn new(kind: EvalKind) -> Reference {
            Reference {
                kind,
                tokens: Vec::with_capacity(16),
                dist: [0; MAX_CELLS],
                token_dist: [0; MAX_CELLS],
                buckets: vec![Vec::with_capacity(32); PATH_CAP as usize + 1],
            }
        }

        /// Evaluates `position` for every seat still in the game.
        pub fn evaluate(&mut self, position: &Position) -> Evaluation {
            let board = position.board();
            let shape = board.shape();
            let gold = board.golden_cell();
            let seats_in = position.seats_in();
            let to_move = position.to_move();
            let full = self.kind == EvalKind::Full;
            let mut scores = BySeat([0i32; 4]);
            let mut wins_next = None;
            let mut capture_possible = !full;

            // Material, towers, pins, mobility, tower attacks.
            for (cell, f) in board.occupied() {
                let (Some(bottom), upper) = (f.bottom(), f.upper()) else { continue };
                for p in f.pieces() {
                    if p.kind == PieceKind::Token {
                        scores[p.seat] += TOKEN;
                    }
                }
                match upper {
                    None => scores[bottom.seat] += MOBILE,
                    Some(top) if top.kind == PieceKind::Token => {
                        if top.seat == bottom.seat {
                            scores[top.seat] += TOWER + MOBILE;
                            if full {
                                let attacks = cell
                                    .neighbours(shape)
                                    .filter(|&n| tower_can_take(top.seat, board.get(n)))
                                    .count() as i32;
                                scores[top.seat] += TOWER_ATTACK * attacks;
                                capture_possible |= attacks > 0 && top.seat == to_move;
                            }
                        } else {
                            scores[bottom.seat] -= PINNED;
                            scores[top.seat] += PINNING + MOBILE;
                        }
                    }
                    Some(_) => {}
                }
            }

            for seat in seats_in.iter() {
                let Some(marble) = position.marble(seat) else { continue };
                if full {
                    // Threats to this marble (R7).
                    for n in marble.neighbours(shape) {
                        if let Some(top) = board.get(n).top()
                            && top.kind == PieceKind::Token
                            && top.seat != seat
                            && seats_in.contains(top.seat)
                        {
                            if top.seat == to_move {
                                capture_possible = true;
                                if seats_in.len() == 2 {
                                    wins_next = Some(to_move);
                                } else {
                                    scores[seat] -= HANGING;
                                }
                            } else if seat == to_move {
                                scores[seat] -= ATTACKED_TO_MOVE;
                            }
                        }
                    }
                    let cost = i32::from(self.path_cost(position, seat, marble)).min(PATH_CAP);
                    scores[seat] -= PATH * cost;
                } else {
                    scores[seat] -= PLAIN_DISTANCE * i32::from(marble.distance(gold));
                    if seat != to_move && seats_in.len() == 2 {
                        let taken = marble
                            .neighbours(shape)
                            .any(|n| board.get(n).top().is_some_and(|t| t == Piece::token(to_move)));
                        if taken {
                            wins_next = Some(to_move);
                        }
                    }
                }
                // R11: next to the golden cell holding an own unit.
                if marble.is_adjacent(gold) && board.get(gold) == Formation::single(Piece::token(seat)) {
                    if seat == to_move {
                        wins_next = Some(seat);
                    } else if full {
                        scores[seat] += GOLD_READY;
                    }
                }
            }
            Evaluation { scores, wins_next, capture_possible }
        }

        /// The cost, in own plies roughly, of walking `seat`'s marble from
        /// `marble` to the golden cell over cells made to hold a single own
        /// token (R6), at most [`PATH_CAP`] (Dijkstra with buckets, Dial's
        /// algorithm, since the costs are small integers).
        fn path_cost(&mut self, position: &Position, seat: Seat, marble: Coord) -> u16 {
            let board = position.board();
            let shape = board.shape();
            let gold = board.golden_cell();
            let own = Piece::token(seat);
            // Own tokens free to walk to an empty path cell.
            self.tokens.clear();
            for (cell, f) in board.occupied() {
                if f.top() == Some(own) {
                    self.tokens.push(cell);
                }
            }
            let cap = PATH_CAP as u16;
            self.dist = [u16::MAX; MAX_CELLS];
            self.token_dist = [u8::MAX; MAX_CELLS];
            for bucket in &mut self.buckets {
                bucket.clear();
            }
            self.dist[marble.index()] = 0;
            self.buckets[0].push(marble.index() as u8);
            for d in 0..=cap {
                let mut i = 0;
                while i < self.buckets[usize::from(d)].len() {
                    let index = self.buckets[usize::from(d)][i];
                    i += 1;
                    if self.dist[usize::from(index)] < d {
                        continue;
                    }
                    let Some(cell) = Coord::from_index(usize::from(index)) else { continue };
                    if cell == gold {
                        return d;
                    }
                    for n in cell.neighbours(shape) {
                        let f = board.get(n);
                        let step = match (f.bottom(), f.upper()) {
                            (None, _) => {
                                let slot = &mut self.token_dist[n.index()];
                                if *slot == u8::MAX {
                                    *slot =
                                        self.tokens.iter().map(|&t| t.distance(n)).min().unwrap_or(12).max(1);
                                }
                                1 + u16::from(*slot)
                            }
                            (Some(b), None) => {
                                if b == own {
                                    1
                                } else {
                                    1 + ENEMY_UNIT
                                }
                            }
                            (Some(b), Some(u)) => {
                                if u.is_marble() {
                                    continue;
                                } else if u == own && b == own {
                                    2
                                } else if u == own {
                                    1 + OWN_ON_ENEMY
                                } else {
                                    1 + ENEMY_ON_TOP
                                }
                            }
                        };
                        let nd = d + step;
                        if nd <= cap && nd < self.dist[n.index()] {
                            self.dist[n.index()] = nd;
                            self.buckets[usize::from(nd)].push(n.index() as u8);
                        }
                    }
                }
            }
            cap
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The evaluation agrees with the one first written (a scan per seat,
    /// computed neighbours, Dijkstra), whole, on every position of seeded
    /// random games of 2, 3 and 4 players on every board side, one
    /// evaluator going from one board to another as the search's do.
    #[test]
    fn the_evaluation_agrees_with_the_first_one_written_on_random_games() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut fast = [Evaluator::new(EvalKind::Full), Evaluator::new(EvalKind::Plain)];
        let (mut positions, mut with_marbles_attacked) = (0, 0);
        for round in 0..6 {
            for (players, side) in [(2, 5), (2, 9), (3, 7), (4, 9), (4, 11), (2, 11), (3, 11)] {
                let mut position = Position::standard(players, side).unwrap();
                let mut plies = 0;
                while position.outcome().is_none() && plies < 160 + 20 * round {
                    for evaluator in &mut fast {
                        let mut slow = reference::Reference::new(evaluator.kind());
                        let (got, want) = (evaluator.evaluate(&position), slow.evaluate(&position));
                        assert_eq!(got, want, "{:?}\n{position}", evaluator.kind());
                        with_marbles_attacked += usize::from(got.capture_possible);
                    }
                    positions += 1;
                    let moves = position.legal_moves();
                    let mv = moves[(next() % moves.len() as u64) as usize];
                    position.play_unchecked(mv);
                    plies += 1;
                }
            }
        }
        assert!(positions > 3_000, "{positions} positions");
        assert!(with_marbles_attacked > 100, "captures were possible in {with_marbles_attacked}");
    }

    fn eval(text: &str, kind: EvalKind) -> Evaluation {
        Evaluator::new(kind).evaluate(&text.parse::<Position>().unwrap())
    }

    #[test]
    fn the_start_is_symmetric() {
        let start = Position::standard(2, 9).unwrap();
        for kind in [EvalKind::Plain, EvalKind::Full] {
            let e = Evaluator::new(kind).evaluate(&start);
            assert_eq!(e.scores[Seat::South], e.scores[Seat::North], "{kind:?}");
            assert_eq!(e.wins_next, None);
        }
    }

    #[test]
    fn a_path_of_own_units_is_better_than_empty_cells() {
        let paved = "
5 .  .  Nn N  .
4 .  .  N  .  .
3 .  .  S  .  .
2 .  .  S  .  .
1 .  S  Ss .  .
to move: North
in: South North
";
        let bare = "
5 .  .  Nn N  .
4 .  .  N  .  .
3 .  .  *  .  .
2 .  .  .  .  .
1 S  S  Ss .  S
to move: North
in: South North
";
        let (p, b) = (eval(paved, EvalKind::Full), eval(bare, EvalKind::Full));
        assert!(p.scores[Seat::South] > b.scores[Seat::South] + 100, "{p:?} {b:?}");
    }

    #[test]
    fn a_token_next_to_the_last_enemy_marble_wins_for_the_seat_to_move() {
        let text = "
5 .  .  Nn N  .
4 .  .  S  .  .
3 .  .  *  .  .
2 .  .  .  .  .
1 .  S  Ss .  .
to move: South
in: South North
";
        for kind in [EvalKind::Plain, EvalKind::Full] {
            assert_eq!(eval(text, kind).wins_next, Some(Seat::South), "{kind:?}");
        }
    }

    #[test]
    fn the_golden_threat_is_seen() {
        let text = "
5 .  .  .  .  N
4 .  .  Nn .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 .  S  .  .  .
to move: South
in: South North
";
        assert_eq!(eval(text, EvalKind::Full).wins_next, Some(Seat::South));
    }
}
