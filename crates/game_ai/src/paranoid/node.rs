//! A node of the paranoid search: what the position reached by a move is
//! worth (decided, a leaf, a transposition), or the frame that searches it;
//! the ordering of moves.

use std::cmp::Reverse;

use game_core::Outcome;

use super::{EVAL_CACHE, Entered, Frame, INF, Paranoid, Rounds, splitmix};
use crate::eval::{DECIDED, Evaluation, WIN};
use crate::game::{MoveClass, SearchGame};
use crate::tt::Bound;

/// Where a node stands in the tree: the move that reached it, its ply and
/// remaining depth, its window, the rounds along its line, and whether the
/// root seat is to move there.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    mv: M,
    ply: usize,
    depth: i16,
    alpha: i32,
    beta: i32,
    rounds: Rounds,
    maximizing: bool,
}

impl<G: SearchGame> Paranoid<G> {
    /// Plays nothing: looks at the position reached by `mv` (whose undo
    /// record is `undo`) and either values it or pushes a frame to search it.
    pub(super) fn enter(
        &mut self,
        mv: G::Move,
        undo: G::Undo,
        ply: usize,
        depth: i16,
        alpha: i32,
        beta: i32,
        rounds: Rounds,
    ) -> Entered<G::Undo> {
        if let Some(value) = self.decided_value(ply, depth, rounds) {
            return Entered::Value(value, undo);
        }
        let node =
            Node { mv, ply, depth, alpha, beta, rounds, maximizing: G::to_move(&self.position) == self.root };
        if depth <= 0 {
            return self.enter_leaf(node, undo);
        }
        let hash = G::zobrist(&self.position);
        let tt_move = match self.probe(hash, node) {
            Ok(value) => return Entered::Value(value, undo),
            Err(tt_move) => tt_move,
        };
        if ply >= self.killers.len() - 1 {
            let (value, _) = self.leaf_value(ply);
            return Entered::Value(value, undo);
        }
        let mut moves = self.pool.pop().unwrap_or_default();
        moves.clear();
        G::legal_moves_into(&self.position, &mut moves);
        if moves.is_empty() {
            // The seat to move is stuck: it loses (Arcanor A11; in ARKES, R12
            // has removed such seats already).
            self.pool.push(moves);
            let decided = WIN - ply as i32;
            return Entered::Value(if node.maximizing { -decided } else { decided }, undo);
        }
        self.order(&mut moves, tt_move, ply);
        let best = if node.maximizing { -INF } else { INF };
        self.push(node, moves, best, false, undo, hash);
        Entered::Pushed
    }

    /// The value of a position whose game is decided for the root seat: a
    /// win or a loss (sooner is worth more), a draw by the rules or by a
    /// round limit along the line, or the root seat out; `None` while it
    /// goes on.
    fn decided_value(&self, ply: usize, depth: i16, rounds: Rounds) -> Option<i32> {
        let pos = &self.position;
        let decided = WIN - ply as i32;
        // Within the tree, a seat to move without a legal move is found by
        // its empty move list; at a leaf it must be asked (Arcanor A11: that
        // seat loses; in ARKES, R12 has removed such seats already).
        let outcome = if depth <= 0 { G::outcome(pos) } else { G::decided(pos) };
        match outcome {
            Some(Outcome::Win(win)) => return Some(if win.seat == self.root { decided } else { -decided }),
            Some(Outcome::Draw(_)) => return Some(0),
            None => {}
        }
        if !G::seats_in(pos).contains(self.root) {
            return Some(-decided);
        }
        rounds.is_draw(&self.limits).then_some(0)
    }

    /// A leaf: its static value, or (Hard, when a capture may change it)
    /// a quiescence frame of the captures, the seat to move free to stand
    /// pat.
    fn enter_leaf(&mut self, node: Node<G::Move>, undo: G::Undo) -> Entered<G::Undo> {
        let (value, capture_possible) = self.leaf_value(node.ply);
        let q_ply = (-node.depth) as u8;
        if value.abs() >= DECIDED
            || !capture_possible
            || q_ply >= self.options.quiescence
            || node.ply >= self.killers.len() - 1
        {
            return Entered::Value(value, undo);
        }
        // Stand pat: the seat to move may decline the captures (asked before
        // any move is generated: the value is the same either way).
        let stands = if node.maximizing { value >= node.beta } else { value <= node.alpha };
        if stands {
            return Entered::Value(value, undo);
        }
        let mut moves = self.pool.pop().unwrap_or_default();
        moves.clear();
        G::noisy_moves_into(&self.position, &mut moves);
        if moves.is_empty() {
            self.pool.push(moves);
            return Entered::Value(value, undo);
        }
        let mut node = node;
        if node.maximizing {
            node.alpha = node.alpha.max(value);
        } else {
            node.beta = node.beta.min(value);
        }
        self.order(&mut moves, None, node.ply);
        let hash = G::zobrist(&self.position);
        self.push(node, moves, value, true, undo, hash);
        Entered::Pushed
    }

    /// The transposition table's word on this node: `Ok` with a value it
    /// settles, else `Err` with its move to try first, if any.
    fn probe(&self, hash: u64, node: Node<G::Move>) -> Result<i32, Option<G::Move>> {
        let Some(hit) = self.table.probe(hash, node.ply) else { return Err(None) };
        if hit.depth >= node.depth {
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.value >= node.beta,
                Bound::Upper => hit.value <= node.alpha,
            };
            if usable {
                return Ok(hit.value);
            }
        }
        Err(hit.mv)
    }

    /// Pushes the frame searching `moves` at `node`, starting from `best`.
    fn push(
        &mut self,
        node: Node<G::Move>,
        moves: Vec<G::Move>,
        best: i32,
        quiescence: bool,
        undo: G::Undo,
        hash: u64,
    ) {
        self.stack.push(Frame {
            moves,
            next: 0,
            depth: node.depth,
            ply: node.ply,
            alpha: node.alpha,
            beta: node.beta,
            alpha0: node.alpha,
            beta0: node.beta,
            best,
            best_move: None,
            maximizing: node.maximizing,
            quiescence,
            undo: Some((node.mv, undo)),
            rounds: node.rounds,
            hash,
        });
    }

    /// The static value of the current position for the root seat, with the
    /// seeded noise, and whether the seat to move may have a capture.
    fn leaf_value(&mut self, ply: usize) -> (i32, bool) {
        let hash = G::zobrist(&self.position);
        if self.eval_cache.is_empty() {
            self.eval_cache = vec![(0, Evaluation::default()); EVAL_CACHE];
        }
        let slot = (hash as usize) & (EVAL_CACHE - 1);
        let eval = match self.eval_cache[slot] {
            (key, eval) if key == hash && hash != 0 => eval,
            _ => {
                let eval = G::evaluate(&mut self.evaluator, &self.position);
                self.eval_cache[slot] = (hash, eval);
                eval
            }
        };
        let value = eval.value_for(self.root, G::seats_in(&self.position), ply);
        if self.options.noise == 0 || value.abs() >= DECIDED {
            return (value, eval.capture_possible);
        }
        let span = 2 * self.options.noise as u64 + 1;
        let noise =
            (splitmix(G::zobrist(&self.position) ^ self.noise_key) % span) as i32 - self.options.noise;
        (value + noise, eval.capture_possible)
    }

    /// Sorts `moves` best first: the table's move, decisive moves (a win or
    /// a score at once), big and small captures, killers, promising quiet
    /// moves, then the history table ([`SearchGame::move_class`]).
    pub(super) fn order(&mut self, moves: &mut [G::Move], tt_move: Option<G::Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        self.scored.clear();
        for &m in moves.iter() {
            let score = if tt_move == Some(m) {
                10_000_000
            } else {
                match G::move_class(&self.position, m) {
                    MoveClass::Decisive => 9_000_000,
                    MoveClass::BigCapture => 8_000_000,
                    MoveClass::Capture => 7_000_000,
                    _ if killers[0] == Some(m) => 6_000_000,
                    _ if killers[1] == Some(m) => 5_000_000,
                    MoveClass::Promising => 4_000_000,
                    MoveClass::Quiet => self.history[G::move_key(m)].min(3_000_000),
                }
            };
            self.scored.push((Reverse(score), m));
        }
        // Stable: equal moves keep their (seeded, at the root) order.
        self.scored.sort_by_key(|&(s, _)| s);
        for (slot, &(_, m)) in moves.iter_mut().zip(&self.scored) {
            *slot = m;
        }
    }
}
