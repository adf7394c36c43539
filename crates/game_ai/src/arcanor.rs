//! Arcanor for the search: the evaluation, move hints and tactics
//! (ARCANOR.md A1–A12).
//!
//! [`EvalKind::Full`] knows the game, in points (100 = one point frozen on
//! the target row):
//!
//! - **Points frozen** (A9): 100 per point; 12 win (A10).
//! - **Points within reach**: each active piece (not frozen, not a
//!   prisoner) is worth its value times a weight that grows as it nears its
//!   target row, so that small pieces (worth the most) are walked forward.
//! - **The duo-release tempo**: the inner piece of an own duo is worth less
//!   than a lone piece at the same place, since the pair must separate
//!   before it arrives to score both (a duo scores its top only, A9); a
//!   whole duo arriving loses the inner piece's points, which the search
//!   sees.
//! - **Prisoners** (A7): a piece held prisoner is worth nothing to its owner
//!   while covered; the captor's side keeps the points the opponent lost.
//! - **Pieces that can be eaten or can eat** (A6): a lone piece next to an
//!   enemy piece one size larger that can move alone is attacked. When the
//!   attacker moves next it is as good as lost (a duo's top cannot be
//!   eaten, so there is no recapture); otherwise its seat pays a smaller
//!   penalty for having to answer.
//! - **A win in one**: the seat to move with a piece one step from its
//!   target row whose value brings it to 12, and a free or eatable cell
//!   there, has won ([`Evaluation::wins_next`]).
//!
//! [`EvalKind::Plain`] counts frozen points and pieces' values only.

use arcanor_engine::{
    Arcanor, BySeat, CELLS, FILES, Formation, Move, Outcome, Position, RANKS, Seat, Undo, WINNING_SCORE,
    cell_index, target_rank,
};

use crate::eval::Evaluation;
use crate::game::{GamePosition, MoveClass, SearchGame};
use crate::level::EvalKind;

/// Points per point frozen on the target row.
const POINT: i32 = 100;
/// Weight per value point of an active piece by its distance (in ranks) to
/// its target row, 1…6 (index 0 unused: a piece there is frozen).
const REACH: [i32; 7] = [0, 52, 38, 28, 21, 16, 13];
/// Weight of an own duo's inner piece, in percent of a lone piece's.
const INNER_PERCENT: i32 = 65;
/// Weight per value point of an own piece held prisoner (it may be freed).
const PRISONER: i32 = 4;
/// Share (percent) of an attacked piece's worth lost when the attacker moves next.
const HANGING_PERCENT: i32 = 85;
/// Share (percent) lost when the attacked seat moves next (it must answer).
const ATTACKED_PERCENT: i32 = 20;
/// Bonus per legal step forward of a piece (a cheap mobility measure).
const FORWARD: i32 = 2;

/// The Arcanor evaluation (no scratch space is needed).
#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    kind: EvalKind,
}

impl Evaluator {
    /// An evaluator of `kind`.
    #[must_use]
    pub fn new(kind: EvalKind) -> Evaluator {
        Evaluator { kind }
    }

    /// Evaluates `position` for South and North.
    #[must_use]
    pub fn evaluate(&self, position: &Position) -> Evaluation {
        let grid = position.grid();
        let to_move = position.to_move();
        let full = self.kind == EvalKind::Full;
        let mut scores = BySeat([0i32; 4]);
        let mut wins_next = None;
        let mut capture_possible = !full;
        for seat in [Seat::South, Seat::North] {
            scores[seat] += POINT * i32::from(position.score(seat));
        }
        for (i, &f) in grid.iter().enumerate() {
            let Some(top) = f.top() else { continue };
            let rank = (i / FILES as usize) as u8;
            let owner = top.seat;
            let distance = usize::from(rank.abs_diff(target_rank(owner)));
            if distance == 0 {
                continue; // frozen: its points are in the score (A8, A9)
            }
            let value = i32::from(top.value.get());
            if !full {
                scores[owner] += value * REACH[distance];
                if let Some(inner) = f.under() {
                    scores[inner.seat] += i32::from(inner.value.get()) * REACH[distance];
                }
                continue;
            }
            let worth = value * REACH[distance];
            scores[owner] += worth;
            match f.under() {
                Some(inner) if inner.seat == owner => {
                    scores[owner] += i32::from(inner.value.get()) * REACH[distance] * INNER_PERCENT / 100;
                }
                Some(inner) => scores[inner.seat] += i32::from(inner.value.get()) * PRISONER,
                None => {}
            }
            let forward_rank = if owner == Seat::South { rank + 1 } else { rank.wrapping_sub(1) };
            let file = (i % FILES as usize) as i32;
            for df in -1..=1 {
                let f2 = file + df;
                if (0..i32::from(FILES)).contains(&f2) && forward_rank < RANKS {
                    let j = usize::from(forward_rank) * usize::from(FILES) + f2 as usize;
                    let target = grid[j];
                    if target.is_empty() {
                        scores[owner] += FORWARD;
                        // A win in one (A10): a step onto the target row.
                        if owner == to_move
                            && distance == 1
                            && position.score(owner) + top.value.get() >= WINNING_SCORE
                        {
                            wins_next = Some(owner);
                        }
                    } else if owner == to_move
                        && distance == 1
                        && position.score(owner) + top.value.get() >= WINNING_SCORE
                        && eatable(top, target, j)
                    {
                        wins_next = Some(owner);
                    }
                }
            }
            // A6: a lone piece next to an enemy piece one size larger that can move alone.
            if f.under().is_none()
                && top.value.get() >= 2
                && let Some(attacker) = attacker_of(grid, i, top)
            {
                let percent = if attacker == to_move { HANGING_PERCENT } else { ATTACKED_PERCENT };
                scores[owner] -= (worth + value * 10) * percent / 100;
                if attacker == to_move {
                    capture_possible = true;
                }
            }
            // A scoring step is noisy too.
            if owner == to_move && distance == 1 {
                capture_possible = true;
            }
        }
        Evaluation { scores, wins_next, capture_possible }
    }
}

/// Whether `mover` moving alone may eat the formation `target` on grid
/// index `j` (A6, A8).
fn eatable(mover: arcanor_engine::Piece, target: Formation, j: usize) -> bool {
    match (target.top(), target.under()) {
        (Some(prey), None) => {
            prey.seat != mover.seat
                && mover.covers(prey)
                && usize::from(target_rank(prey.seat)) != j / usize::from(FILES)
        }
        _ => false,
    }
}

/// The seat of an enemy piece next to grid index `i` that could eat the
/// lone `piece` there (one size larger, free to move alone, not frozen).
fn attacker_of(grid: &[Formation; CELLS], i: usize, piece: arcanor_engine::Piece) -> Option<Seat> {
    let file = (i % usize::from(FILES)) as i32;
    let rank = (i / usize::from(FILES)) as i32;
    for (df, dr) in game_core::DIRECTIONS {
        let (f, r) = (file + i32::from(df), rank + i32::from(dr));
        if f < 0 || r < 0 || f >= i32::from(FILES) || r >= i32::from(RANKS) {
            continue;
        }
        let g = grid[(r * i32::from(FILES) + f) as usize];
        if let Some(t) = g.top()
            && t.seat != piece.seat
            && t.covers(piece)
            && r != i32::from(target_rank(t.seat))
        {
            return Some(t.seat);
        }
    }
    None
}

/// The points the mover scores by `mv` in `position`: the moving
/// formation's top value when it arrives on its target row (A8, A9).
fn gain(position: &Position, mv: Move) -> u8 {
    let seat = position.to_move();
    if mv.to.rank() == target_rank(seat) { mv.top.get() } else { 0 }
}

/// The win chance's scale, in evaluation points: fitted by `arkes-cli
/// --game arcanor calibrate` on 100 games (Brier score 0.055 on 100
/// others; see the crate docs' calibration table). Steep: a point of value
/// ahead (100 evaluation points) is already a chance of 98 %.
const CHANCE_SCALE: f64 = 26.0;

impl SearchGame for Arcanor {
    type Evaluator = Evaluator;

    const MOVE_KEYS: usize = CELLS * CELLS * 2;

    fn evaluator(kind: EvalKind) -> Evaluator {
        Evaluator::new(kind)
    }

    #[inline]
    fn evaluate(evaluator: &mut Evaluator, position: &Position) -> Evaluation {
        evaluator.evaluate(position)
    }

    #[inline]
    fn move_key(mv: Move) -> usize {
        (cell_index(mv.from) * CELLS + cell_index(mv.to)) * 2 + usize::from(mv.is_whole_duo())
    }

    /// Arriving on the target row (a score, A9) first, then eating (A6);
    /// a single piece stepping forward is promising.
    #[inline]
    fn move_class(position: &Position, mv: Move) -> MoveClass {
        if gain(position, mv) > 0 {
            MoveClass::Decisive
        } else if mv.eats {
            MoveClass::BigCapture
        } else if !mv.is_whole_duo() {
            let seat = position.to_move();
            let forward = if seat == Seat::South {
                mv.to.rank() > mv.from.rank()
            } else {
                mv.to.rank() < mv.from.rank()
            };
            if forward { MoveClass::Promising } else { MoveClass::Quiet }
        } else {
            MoveClass::Quiet
        }
    }

    #[inline]
    fn is_noisy(mv: Move) -> bool {
        mv.eats || mv.to.rank() == 0 || mv.to.rank() == RANKS - 1
    }

    #[inline]
    fn eliminated(_: &Undo) -> [Option<Seat>; 3] {
        [None; 3]
    }

    /// Whether the seat to move can reach 12 points at once (A10).
    /// Whether the seat to move can win at once: reach 12 points (A10), or
    /// leave the other seat without a legal move (A11: frozen, eaten or
    /// hemmed in), which every move is tried for.
    fn threatens_at_once(position: &Position, _victim: Seat) -> bool {
        if position.decided().is_some() {
            return false;
        }
        let seat = position.to_move();
        let score = position.score(seat);
        let moves = position.legal_moves();
        if score + 4 >= WINNING_SCORE && moves.iter().any(|&mv| score + gain(position, mv) >= WINNING_SCORE) {
            return true;
        }
        let mut work = position.clone();
        moves.into_iter().any(|mv| {
            let undo = work.play_unchecked(mv);
            let wins = matches!(work.outcome(), Some(Outcome::Win(w)) if w.seat == seat);
            work.undo(undo);
            wins
        })
    }

    fn takes_at_once(_: Move) -> bool {
        false
    }

    fn chance_scale(_players: usize) -> crate::ChanceScale {
        crate::ChanceScale(CHANCE_SCALE)
    }
}

impl GamePosition for Position {
    type Game = Arcanor;

    fn as_game_position(&self) -> &Position {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Evaluation {
        Evaluator::new(EvalKind::Full).evaluate(&text.parse::<Position>().unwrap())
    }

    use arcanor_engine::diagram;

    #[test]
    fn the_start_is_symmetric() {
        let e = Evaluator::new(EvalKind::Full).evaluate(&Position::standard());
        assert_eq!(e.scores[Seat::South], e.scores[Seat::North]);
        assert_eq!(e.wins_next, None);
    }

    #[test]
    fn a_piece_nearer_its_target_row_is_worth_more() {
        let near = eval(&diagram(&[("d6", "S4"), ("a7", "N1")], "North"));
        let far = eval(&diagram(&[("d2", "S4"), ("a7", "N1")], "North"));
        assert!(near.scores[Seat::South] > far.scores[Seat::South] + 4 * 20);
    }

    #[test]
    fn a_piece_the_opponent_can_eat_next_is_nearly_lost() {
        let safe = eval(&diagram(&[("d4", "S4"), ("f6", "N3")], "North"));
        let hanging = eval(&diagram(&[("d4", "S4"), ("e5", "N3")], "North"));
        assert!(hanging.scores[Seat::South] < safe.scores[Seat::South] - 50);
        assert!(hanging.capture_possible);
    }

    #[test]
    fn a_win_in_one_is_seen() {
        let text = diagram(&[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("h1", "N1")], "South");
        assert_eq!(eval(&text).wins_next, Some(Seat::South));
        let blocked =
            diagram(&[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("a7", "N1"), ("h1", "N1")], "South");
        // a7 holds North's 1 (nothing eats a 1) and b7 South's own frozen 4: no way in.
        assert_eq!(eval(&blocked).wins_next, None);
    }
}
