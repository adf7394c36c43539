//! The tactical checks every level makes before searching (one ply and the
//! next seat's immediate reply), so that tactics in one are never missed:
//!
//! 1. a move that wins at once (R11, R14) is played;
//! 2. moves after which the next seat can win at once, or capture the mover's
//!    marble (R7), are dropped when another move avoids that;
//! 3. a marble capture (R7) left among the remaining moves is taken.

use arkes_engine::{Formation, Move, MoveKind, Piece, PieceKind, Position, Seat};

/// What the tactical checks decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// No legal move: the game is over.
    GameOver,
    /// This move is forced or clearly best (the only legal move, a win in
    /// one, or a safe marble capture); no search is needed.
    Play(Move, Reason),
    /// Search among these moves (never empty), in generation order.
    Search(Vec<Move>),
}

/// Why [`Decision::Play`] chose its move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The only legal move.
    Only,
    /// It wins at once.
    Wins,
    /// It captures a marble and the next seat cannot punish it at once.
    CapturesMarble,
    /// Every other move lets the next seat win or capture the mover's
    /// marble at once.
    OnlySafe,
}

/// The result of [`analyse`] with the number of positions it played.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// What to do.
    pub decision: Decision,
    /// Moves played (and taken back) to decide.
    pub nodes: u64,
}

/// Whether the seat to move in `position` can at once win or capture
/// `victim`'s marble. Such moves are always legal: a capture or a marble on
/// the golden cell makes a grid state that cannot have occurred (R10).
#[must_use]
pub fn threatens_at_once(position: &Position, victim: Seat) -> bool {
    if position.outcome().is_some() {
        return false;
    }
    let board = position.board();
    let side = board.side();
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
        m.neighbours(side)
            .any(|n| board.get(n).top().is_some_and(|t| t.seat == mover && t.kind == PieceKind::Token))
    })
}

/// Decides what tactics alone say about `position` (see the module docs).
#[must_use]
pub fn analyse(position: &Position) -> Analysis {
    let moves = position.legal_moves();
    let mut nodes = 0;
    match moves.as_slice() {
        [] => return Analysis { decision: Decision::GameOver, nodes },
        [only] => return Analysis { decision: Decision::Play(*only, Reason::Only), nodes },
        _ => {}
    }
    let me = position.to_move();
    let mut work = position.clone();
    let mut safe = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let undo = work.play_unchecked(mv);
        nodes += 1;
        let wins = work.outcome().is_some_and(|w| w.seat == me);
        let loses = !wins && (!work.seats_in().contains(me) || threatens_at_once(&work, me));
        work.undo(undo);
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
    let captures: Vec<Move> = safe.iter().copied().filter(|m| m.kind == MoveKind::CaptureMarble).collect();
    let decision = match captures.as_slice() {
        [] if safe.len() == 1 => Decision::Play(safe[0], Reason::OnlySafe),
        [] => Decision::Search(safe),
        [one] => Decision::Play(*one, Reason::CapturesMarble),
        _ => Decision::Search(captures),
    };
    Analysis { decision, nodes }
}
