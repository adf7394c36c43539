//! The coach's judgement of a move: what the best move was, the mover's win
//! chance with it and with the move played, and a verdict from the drop, as
//! chess sites grade moves: *best* (the best found, or as good), *good*,
//! *inaccuracy* (a drop of 10 points of chance or more), *mistake* (20),
//! *blunder* (30). A missed win in one, and a move after which another
//! seat wins at once (or takes the mover out) when another move would not
//! allow it, are always blunders.
//!
//! Both values come from searches of the same depth without noise
//! ([`review_options`]): all the legal moves, then (unless it was the best)
//! the move played alone, so the two are measured alike.

use game_core::{BySeat, Game, Outcome, Seat};

use crate::chance::ChanceScale;
use crate::eval::Evaluation;
use crate::game::SearchGame;
use crate::level::{Level, SearchOptions};
use crate::paranoid::{Iteration, Paranoid, RoundLimits};

/// How good a move was, against the best the review's search found.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Verdict {
    /// The best move found, or one as good.
    Best,
    /// A drop of less than 10 points of win chance.
    Good,
    /// A drop of 10 to 20 points.
    Inaccuracy,
    /// A drop of 20 to 30 points.
    Mistake,
    /// A drop of 30 points or more; a missed win in one; a move that lets
    /// another seat win (or take the mover out) at once when another move
    /// did not.
    Blunder,
}

impl Verdict {
    /// Every verdict, best first.
    pub const ALL: [Verdict; 5] =
        [Verdict::Best, Verdict::Good, Verdict::Inaccuracy, Verdict::Mistake, Verdict::Blunder];

    /// The short name (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// The verdict named `id` (as [`Verdict::id`] writes it).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The verdict of a drop of `points` of win chance (0 to 100) for a
    /// move that is not as good as the best.
    #[must_use]
    pub fn of_drop(points: f64) -> Verdict {
        if points >= 30.0 {
            Verdict::Blunder
        } else if points >= 20.0 {
            Verdict::Mistake
        } else if points >= 10.0 {
            Verdict::Inaccuracy
        } else {
            Verdict::Good
        }
    }
}

/// The review's search: the full evaluation, captures searched to quiet
/// positions, no noise (the same position is always judged the same), to
/// depth 6 within 60 000 nodes (about 0.1 s a ply for ARKES, 0.03 s for
/// Arcanor, natively on one core).
#[must_use]
pub fn review_options() -> SearchOptions {
    let mut options = Level::Hard.options();
    options.max_depth = 6;
    options.quiescence = 4;
    options.noise = 0;
    options.max_nodes = 60_000;
    options.table_bits = 16;
    options
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// The seat that moved.
    pub seat: Seat,
    /// The move played.
    pub played: M,
    /// The best move the search found.
    pub best: M,
    /// The best move's value for the mover (paranoid: its score minus the
    /// best opponent's; decided values beyond [`crate::DECIDED`]).
    pub value_best: i32,
    /// The played move's value for the mover, from a search as deep.
    pub value_played: i32,
    /// The mover's win chance (0 to 1) with the best move.
    pub before: f64,
    /// The mover's win chance after the move played.
    pub after: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// Each seat's win chance after the move (seats out of the game: 0).
    pub chances: BySeat<f64>,
}

/// The round limits along the lines searched from `game` (R15, A12).
fn round_limits<G: SearchGame>(game: &Game<G>) -> RoundLimits {
    let limits = game.limits();
    RoundLimits {
        rounds: limits.rounds.map(|n| n.get()),
        rounds_without_capture: limits.rounds_without_capture.map(|n| n.get()),
        completed: game.rounds_completed(),
        without_capture: game.rounds_without_capture(),
        capture_this_round: game.capture_this_round(),
    }
}

/// Searches `position` among `moves` (legal, not empty) to the end of the
/// options' budget: the deepest completed iteration.
fn search<G: SearchGame>(
    position: &G::Position,
    moves: Vec<G::Move>,
    options: SearchOptions,
    limits: RoundLimits,
) -> Option<Iteration<G::Move>> {
    let mut search = Paranoid::<G>::new(position.clone(), moves, options, limits);
    while !search.is_done() {
        search.step(4096);
    }
    search.completed()
}

/// Whether, after `mv` from `position`, the seat to move next can at once
/// win or take `me` out of the game (ARKES R7, R12; Arcanor A10, A11).
fn allows_loss_in_one<G: SearchGame>(position: &G::Position, mv: G::Move, me: Seat) -> bool {
    let mut after = position.clone();
    let undo = G::play_unchecked(&mut after, mv);
    let lost = match G::outcome(&after) {
        Some(Outcome::Win(w)) => w.seat != me,
        Some(Outcome::Draw(_)) => false,
        None => {
            let mut replies = Vec::new();
            G::legal_moves_into(&after, &mut replies);
            replies.into_iter().any(|reply| {
                let undo = G::play_unchecked(&mut after, reply);
                let lost = !G::seats_in(&after).contains(me)
                    || matches!(G::outcome(&after), Some(Outcome::Win(w)) if w.seat != me);
                G::undo(&mut after, undo);
                lost
            })
        }
    };
    G::undo(&mut after, undo);
    lost
}

/// Whether `mv` wins at once for `me`.
fn wins_at_once<G: SearchGame>(position: &G::Position, mv: G::Move, me: Seat) -> bool {
    let mut after = position.clone();
    let undo = G::play_unchecked(&mut after, mv);
    let wins = matches!(G::outcome(&after), Some(Outcome::Win(w)) if w.seat == me);
    G::undo(&mut after, undo);
    wins
}

/// Each seat's win chance after `mv`: the mover's is `after`; with two
/// seats the other has the rest, with more the others share it by their
/// static scores (a softmax on the same scale).
fn chances_after<G: SearchGame>(
    position: &G::Position,
    mv: G::Move,
    me: Seat,
    after: f64,
    scale: ChanceScale,
) -> BySeat<f64> {
    let mut next = position.clone();
    G::play_unchecked(&mut next, mv);
    let seats = G::seats_in(&next);
    let mut chances = BySeat([0.0; 4]);
    if !seats.contains(me) {
        // Out at once: its chance is 0, the others share the game.
        let n = seats.len().max(1) as f64;
        for s in seats.iter() {
            chances[s] = 1.0 / n;
        }
        return chances;
    }
    chances[me] = after;
    let others: Vec<Seat> = seats.iter().filter(|&s| s != me).collect();
    match others.as_slice() {
        [] => chances[me] = 1.0,
        [other] => chances[*other] = 1.0 - after,
        _ => {
            let mut evaluator = G::evaluator(crate::EvalKind::Full);
            let eval: Evaluation = G::evaluate(&mut evaluator, &next);
            let best = others.iter().map(|&s| eval.scores[s]).max().unwrap_or(0);
            let weights: Vec<f64> =
                others.iter().map(|&s| (f64::from(eval.scores[s] - best) / scale.0.max(1.0)).exp()).collect();
            let total: f64 = weights.iter().sum();
            for (s, w) in others.iter().zip(weights) {
                chances[*s] = (1.0 - after) * w / total;
            }
        }
    }
    chances
}

/// Judges the move `played` (legal in `game`, which is not over) with the
/// `options` of a search ([`review_options`]) and the game's chance
/// `scale`. `None` when the game is over or `played` is not legal there.
#[must_use]
pub fn review_move<G: SearchGame>(
    game: &Game<G>,
    played: G::Move,
    options: SearchOptions,
    scale: ChanceScale,
) -> Option<MoveReview<G::Move>> {
    let moves = game.legal_moves();
    if !moves.contains(&played) {
        return None;
    }
    let position = game.position();
    let me = G::to_move(position);
    let limits = round_limits(game);
    let best = search::<G>(position, moves.clone(), options, limits)?;
    let value_played = if best.mv == played {
        best.value
    } else {
        let options = SearchOptions { max_depth: best.depth, ..options };
        search::<G>(position, vec![played], options, limits).map_or(best.value, |it| it.value.min(best.value))
    };
    let (before, after) = (scale.chance(best.value), scale.chance(value_played));
    let wins: Vec<G::Move> = moves.iter().copied().filter(|&m| wins_at_once::<G>(position, m, me)).collect();
    let missed_win = !wins.is_empty() && !wins.contains(&played);
    let allowed_loss = allows_loss_in_one::<G>(position, played, me)
        && moves.iter().any(|&m| !allows_loss_in_one::<G>(position, m, me));
    let verdict = if missed_win || allowed_loss {
        Verdict::Blunder
    } else if value_played >= best.value {
        Verdict::Best
    } else {
        Verdict::of_drop((before - after) * 100.0)
    };
    // A win in one is the best move, whatever the search's horizon said.
    let best_move = if wins.is_empty() || wins.contains(&best.mv) { best.mv } else { wins[0] };
    let chances = chances_after::<G>(position, played, me, after, scale);
    Some(MoveReview {
        seat: me,
        played,
        best: best_move,
        value_best: best.value,
        value_played,
        before,
        after,
        verdict,
        chances,
    })
}

/// The best move for the seat to move in `game` by the review's search (a
/// hint), with its value; a win in one first. `None` once the game is over.
#[must_use]
pub fn best_move<G: SearchGame>(game: &Game<G>, options: SearchOptions) -> Option<(G::Move, i32)> {
    let moves = game.legal_moves();
    let position = game.position();
    let me = G::to_move(position);
    if let Some(&win) = moves.iter().find(|&&m| wins_at_once::<G>(position, m, me)) {
        return Some((win, crate::WIN));
    }
    match moves.as_slice() {
        [] => None,
        [only] => Some((*only, 0)),
        _ => search::<G>(position, moves, options, round_limits(game)).map(|it| (it.mv, it.value)),
    }
}
