//! The tactical checks every level makes before searching (one ply and the
//! next seat's immediate reply), so that tactics in one are never missed:
//!
//! 1. a move that wins at once (ARKES R11, R14; Arcanor A10, A11) is played;
//! 2. moves after which the next seat can win at once (or, in ARKES,
//!    capture the mover's marble, R7) are dropped when another move avoids
//!    that;
//! 3. a capture the game takes at once when safe (an ARKES marble) left
//!    among the remaining moves is taken.

use game_core::Outcome;

use crate::game::SearchGame;

/// What the tactical checks decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision<M> {
    /// No legal move: the game is over.
    GameOver,
    /// This move is forced or clearly best (the only legal move, a win in
    /// one, or a safe decisive capture); no search is needed.
    Play(M, Reason),
    /// Search among these moves (never empty), in generation order.
    Search(Vec<M>),
}

/// Why [`Decision::Play`] chose its move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The only legal move.
    Only,
    /// It wins at once.
    Wins,
    /// It captures a marble (ARKES) and the next seat cannot punish it at once.
    CapturesMarble,
    /// Every other move lets the next seat win (or capture the mover's
    /// marble) at once.
    OnlySafe,
}

/// The result of [`analyse`] with the number of positions it played.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// What to do.
    pub decision: Decision<M>,
    /// Moves played (and taken back) to decide.
    pub nodes: u64,
}

/// Whether the seat to move in `position` of ARKES can at once win or
/// capture `victim`'s marble (R7, R11).
pub use crate::arkes::threatens_at_once;

/// Decides what tactics alone say about `position` (see the module docs).
#[must_use]
pub fn analyse<G: SearchGame>(position: &G::Position) -> Analysis<G::Move> {
    let mut moves = Vec::new();
    G::legal_moves_into(position, &mut moves);
    let mut nodes = 0;
    match moves.as_slice() {
        [] => return Analysis { decision: Decision::GameOver, nodes },
        [only] => return Analysis { decision: Decision::Play(*only, Reason::Only), nodes },
        _ => {}
    }
    let me = G::to_move(position);
    let mut work = position.clone();
    let mut safe = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let undo = G::play_unchecked(&mut work, mv);
        nodes += 1;
        let outcome = G::outcome(&work);
        let wins = matches!(outcome, Some(Outcome::Win(w)) if w.seat == me);
        let loses = !wins
            && (matches!(outcome, Some(Outcome::Win(w)) if w.seat != me)
                || !G::seats_in(&work).contains(me)
                || G::threatens_at_once(&work, me));
        G::undo(&mut work, undo);
        if wins {
            return Analysis { decision: Decision::Play(mv, Reason::Wins), nodes };
        }
        if !loses {
            safe.push(mv);
        }
    }
    if safe.is_empty() {
        return Analysis { decision: Decision::Search(moves), nodes };
    }
    let captures: Vec<G::Move> = safe.iter().copied().filter(|&m| G::takes_at_once(m)).collect();
    let decision = match captures.as_slice() {
        [] if safe.len() == 1 => Decision::Play(safe[0], Reason::OnlySafe),
        [] => Decision::Search(safe),
        [one] => Decision::Play(*one, Reason::CapturesMarble),
        _ => Decision::Search(captures),
    };
    Analysis { decision, nodes }
}
