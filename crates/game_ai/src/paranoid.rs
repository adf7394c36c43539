//! The search strategy: paranoid alpha-beta with iterative deepening, run on
//! an explicit stack so that it can stop after any number of nodes and go on
//! later ([`Paranoid::step`]).
//!
//! *Paranoid*: the seat to move at the root maximises its value
//! ([`crate::eval::Evaluation::value_for`]: its score minus the best
//! opponent's), and every other seat is assumed to minimise it, as if the
//! opponents were one coalition. With two seats this is plain minimax.
//!
//! On top of alpha-beta: a transposition table (`tt.rs`), the
//! previous iteration's best move first at the root, killer moves and a
//! history table for quiet moves, captures and marble moves first, and
//! (Hard) a captures-only quiescence search at the leaves. Leaves where the
//! seat to move wins at once are scored as decided.
//!
//! The search is generic over the game ([`SearchGame`]), statically
//! dispatched: the hot loop never asks which game it plays. Everything the
//! rules enforce is respected because every move comes from
//! [`game_core::Rules::legal_moves_into`] and is played with
//! [`game_core::Rules::play_unchecked`]: the repetition rules (the position
//! carries its history), eliminations (ARKES R12), the last-marble win (R14),
//! 12 points and repetition draws (Arcanor A10, A12). A seat left without a
//! legal move loses (Arcanor A11). The round limits (R15, A12) are followed
//! along each line ([`RoundLimits`]): a line that reaches a limit is a draw,
//! worth 0.

use std::cmp::Reverse;

use game_core::Seat;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

mod node;

use crate::eval::{DECIDED, Evaluation, WIN};
use crate::game::SearchGame;
use crate::level::SearchOptions;
use crate::tt::{Bound, Table};

/// Larger than any value.
const INF: i32 = WIN + 1;

/// The round limits (R15, A12) and the counters a game has reached, so that
/// the search can see a draw coming.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RoundLimits {
    /// The game is drawn when this many rounds have been completed.
    pub rounds: Option<u32>,
    /// The game is drawn after this many rounds in a row without a capture.
    pub rounds_without_capture: Option<u32>,
    /// Rounds completed at the root.
    pub completed: u32,
    /// Rounds in a row without a capture at the root.
    pub without_capture: u32,
    /// Whether a piece was captured earlier in the round being played.
    pub capture_this_round: bool,
}

/// The round counters along a line of play.
#[derive(Clone, Copy, Debug)]
struct Rounds {
    completed: u32,
    without_capture: u32,
    capture_this_round: bool,
}

impl Rounds {
    /// The counters after `undo` (a move of `mover`), as [`game_core::Game`]
    /// counts them: a round ends each time the turn passes to a seat not
    /// later in the turn order.
    fn after<G: SearchGame>(mut self, mover: Seat, undo: &G::Undo, next: Seat) -> Rounds {
        if G::is_capture(undo) {
            self.capture_this_round = true;
        }
        let mut prev = mover;
        for seat in G::eliminated(undo).into_iter().flatten().filter(|&s| s != mover).chain([next]) {
            if seat <= prev {
                self.completed += 1;
                if self.capture_this_round {
                    self.without_capture = 0;
                } else {
                    self.without_capture += 1;
                }
                self.capture_this_round = false;
            }
            prev = seat;
        }
        self
    }

    fn is_draw(self, limits: &RoundLimits) -> bool {
        limits.rounds.is_some_and(|n| self.completed >= n)
            || limits.rounds_without_capture.is_some_and(|k| self.without_capture >= k)
    }
}

/// One node being searched.
#[derive(Debug)]
struct Frame<G: SearchGame> {
    moves: Vec<G::Move>,
    next: usize,
    /// Full-width plies left (≤ 0 in quiescence).
    depth: i16,
    ply: usize,
    alpha: i32,
    beta: i32,
    alpha0: i32,
    beta0: i32,
    best: i32,
    best_move: Option<G::Move>,
    maximizing: bool,
    quiescence: bool,
    /// The move that led here and its undo record, to take back when the
    /// frame is done; `None` at the root.
    undo: Option<(G::Move, G::Undo)>,
    rounds: Rounds,
    hash: u64,
}

/// What entering a child position gave.
enum Entered<U> {
    /// A value at once (decided, drawn, a leaf, a table hit).
    Value(i32, U),
    /// A frame was pushed.
    Pushed,
}

/// The result of a finished iteration.
#[derive(Clone, Copy, Debug)]
pub struct Iteration<M> {
    /// Its depth, in plies.
    pub depth: u8,
    /// The best move.
    pub mv: M,
    /// Its value for the root seat.
    pub value: i32,
}

/// A stepped paranoid alpha-beta search from one position of the game `G`.
#[derive(Debug)]
pub struct Paranoid<G: SearchGame> {
    position: G::Position,
    root: Seat,
    options: SearchOptions,
    limits: RoundLimits,
    evaluator: G::Evaluator,
    table: Table<G::Move>,
    root_moves: Vec<G::Move>,
    stack: Vec<Frame<G>>,
    pool: Vec<Vec<G::Move>>,
    scored: Vec<(Reverse<i32>, G::Move)>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    depth: u8,
    completed: Option<Iteration<G::Move>>,
    /// A root move that beat this iteration's first (previous best) move.
    partial: Option<(G::Move, i32)>,
    nodes: u64,
    done: bool,
    noise_key: u64,
    /// Evaluations of positions already met, by Zobrist hash (transpositions
    /// are frequent: the same leaf is reached by several move orders).
    eval_cache: Vec<(u64, Evaluation)>,
}

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 14;

impl<G: SearchGame> Paranoid<G> {
    /// A search from `position` among `root_moves` (legal there, not empty).
    #[must_use]
    pub fn new(
        position: G::Position,
        root_moves: Vec<G::Move>,
        options: SearchOptions,
        limits: RoundLimits,
    ) -> Paranoid<G> {
        let mut root_moves = root_moves;
        // The seed decides the order among moves the ordering cannot tell apart.
        let mut rng = StdRng::seed_from_u64(options.seed);
        for i in (1..root_moves.len()).rev() {
            let j = rng.random_range(0..=i);
            root_moves.swap(i, j);
        }
        let mut search = Paranoid {
            root: G::to_move(&position),
            position,
            evaluator: G::evaluator(options.eval),
            table: Table::new(options.table_bits),
            limits,
            options,
            root_moves: Vec::new(),
            stack: Vec::with_capacity(64),
            pool: Vec::new(),
            scored: Vec::with_capacity(64),
            killers: vec![[None; 2]; 128],
            history: vec![0; G::MOVE_KEYS],
            depth: 1,
            completed: None,
            partial: None,
            nodes: 0,
            done: root_moves.is_empty(),
            noise_key: splitmix(options.seed ^ 0x5eed_a1a1_0000_0001),
            eval_cache: Vec::new(),
        };
        search.order(&mut root_moves, None, 0);
        search.root_moves = root_moves;
        search
    }

    /// Nodes searched so far (positions played).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search has finished (budget spent, deepest iteration done,
    /// or the game decided within the horizon).
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The deepest finished iteration.
    #[must_use]
    pub fn completed(&self) -> Option<Iteration<G::Move>> {
        self.completed
    }

    /// The best move known now: a move that beat the previous best in the
    /// running iteration, or the last iteration's best, or the move the
    /// ordering puts first.
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        self.partial
            .map(|(m, _)| m)
            .or(self.completed.map(|c| c.mv))
            .or_else(|| self.root_moves.first().copied())
    }

    /// Searches about `budget` more nodes (exactly, unless the node budget of
    /// the options or the end of the search comes first). Returns the nodes
    /// searched.
    pub fn step(&mut self, budget: u64) -> u64 {
        let start = self.nodes;
        while !self.done && self.nodes - start < budget {
            if self.nodes >= self.options.max_nodes {
                self.stop();
                break;
            }
            self.table.grow_for(self.nodes);
            if self.stack.is_empty() {
                self.start_iteration();
                continue;
            }
            let top = self.stack.len() - 1;
            let frame = &mut self.stack[top];
            if frame.next < frame.moves.len() && frame.alpha < frame.beta {
                let mv = frame.moves[frame.next];
                frame.next += 1;
                let (ply, depth, alpha, beta, rounds, quiescence) =
                    (frame.ply, frame.depth, frame.alpha, frame.beta, frame.rounds, frame.quiescence);
                let mover = G::to_move(&self.position);
                let undo = G::play_unchecked(&mut self.position, mv);
                self.nodes += 1;
                let rounds = rounds.after::<G>(mover, &undo, G::to_move(&self.position));
                let child_depth = if quiescence { depth.min(0) - 1 } else { depth - 1 };
                if let Entered::Value(value, undo) =
                    self.enter(mv, undo, ply + 1, child_depth, alpha, beta, rounds)
                {
                    G::undo(&mut self.position, undo);
                    self.backup(top, mv, value);
                }
            } else {
                self.finish_frame();
            }
        }
        self.nodes - start
    }

    /// Stops: takes every move on the stack back.
    fn stop(&mut self) {
        while let Some(frame) = self.stack.pop() {
            if let Some((_, undo)) = frame.undo {
                G::undo(&mut self.position, undo);
            }
            self.pool.push(frame.moves);
        }
        self.done = true;
    }

    fn start_iteration(&mut self) {
        if self.depth > self.options.max_depth.max(1) {
            self.done = true;
            return;
        }
        let mut moves = self.pool.pop().unwrap_or_default();
        moves.clear();
        moves.extend_from_slice(&self.root_moves);
        self.partial = None;
        let rounds = Rounds {
            completed: self.limits.completed,
            without_capture: self.limits.without_capture,
            capture_this_round: self.limits.capture_this_round,
        };
        self.stack.push(Frame {
            moves,
            next: 0,
            depth: i16::from(self.depth),
            ply: 0,
            alpha: -INF,
            beta: INF,
            alpha0: -INF,
            beta0: INF,
            best: -INF,
            best_move: None,
            maximizing: true,
            quiescence: false,
            undo: None,
            rounds,
            hash: G::zobrist(&self.position),
        });
    }

    /// A child of frame `index` reached by `mv` is worth `value`.
    fn backup(&mut self, index: usize, mv: G::Move, value: i32) {
        let frame = &mut self.stack[index];
        let improved = if frame.maximizing { value > frame.best } else { value < frame.best };
        if improved {
            frame.best = value;
            frame.best_move = Some(mv);
        }
        if frame.maximizing {
            frame.alpha = frame.alpha.max(value);
        } else {
            frame.beta = frame.beta.min(value);
        }
        if index == 0 && improved && frame.next > 1 {
            self.partial = Some((mv, value));
        }
        let frame = &self.stack[index];
        if frame.alpha >= frame.beta && !frame.quiescence && !G::is_noisy(mv) {
            let (ply, depth) = (frame.ply, frame.depth);
            let killers = &mut self.killers[ply];
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
            self.history[G::move_key(mv)] += i32::from(depth) * i32::from(depth);
        }
    }

    fn finish_frame(&mut self) {
        let Some(frame) = self.stack.pop() else { return };
        let value = frame.best;
        if !frame.quiescence {
            let bound = if value <= frame.alpha0 {
                Bound::Upper
            } else if value >= frame.beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(frame.hash, frame.ply, frame.depth, value, bound, frame.best_move);
        }
        self.pool.push(frame.moves);
        match frame.undo {
            Some((mv, undo)) => {
                G::undo(&mut self.position, undo);
                let parent = self.stack.len() - 1;
                self.backup(parent, mv, value);
            }
            None => self.finish_iteration(frame.best_move, value),
        }
    }

    fn finish_iteration(&mut self, best: Option<G::Move>, value: i32) {
        if let Some(mv) = best {
            self.completed = Some(Iteration { depth: self.depth, mv, value });
            if let Some(i) = self.root_moves.iter().position(|&m| m == mv) {
                let m = self.root_moves.remove(i);
                self.root_moves.insert(0, m);
            }
        }
        self.partial = None;
        if value.abs() >= DECIDED || self.depth >= self.options.max_depth.max(1) {
            self.done = true;
        }
        self.depth = self.depth.saturating_add(1);
    }
}

/// SplitMix64's output function: a well-mixed 64-bit hash of `x`.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
