//! The peer baseline: the generic iterative-deepening negamax of the
//! `minimax` crate (edre/minimax-rs, 0.6) over either engine, with the
//! game's plain evaluation ([`game_ai::EvalKind::Plain`]) and captures as
//! noisy moves for its quiescence search.
//!
//! A second participant, `mcts`, runs the same crate's Monte Carlo tree
//! search (UCT with uniformly random rollouts of at most 60 plies, one
//! thread) over the same rules, to compare the two families of search on
//! this game.
//!
//! The crate's `Game` trait is for two players, so the baseline only plays
//! two-seat games. It ignores the round limit. It starts every search from
//! a randomly shuffled move order (the crate's thread RNG), so its games are
//! not reproducible.

use std::marker::PhantomData;
use std::time::Duration;

use game_ai::{EvalKind, SearchGame};
use game_core::{Outcome, Seat};
use minimax::{
    Evaluation, Evaluator, IterativeOptions, IterativeSearch, MCTSOptions, MonteCarloTreeSearch, Strategy,
    Winner,
};

/// The search state: the position and the undo records of the moves applied.
pub struct State<G: SearchGame> {
    position: G::Position,
    undos: Vec<G::Undo>,
}

impl<G: SearchGame> Clone for State<G> {
    fn clone(&self) -> State<G> {
        State { position: self.position.clone(), undos: self.undos.clone() }
    }
}

/// The `minimax::Game` rules over a game's position.
pub struct Adapter<G>(PhantomData<G>);

impl<G: SearchGame> minimax::Game for Adapter<G> {
    type S = State<G>;
    type M = G::Move;

    fn generate_moves(state: &State<G>, moves: &mut Vec<G::Move>) -> Option<Winner> {
        if let Some(winner) = Adapter::<G>::get_winner(state) {
            return Some(winner);
        }
        G::legal_moves_into(&state.position, moves);
        None
    }

    fn apply(state: &mut State<G>, mv: G::Move) -> Option<State<G>> {
        let undo = G::play_unchecked(&mut state.position, mv);
        state.undos.push(undo);
        None
    }

    fn undo(state: &mut State<G>, _mv: G::Move) {
        if let Some(undo) = state.undos.pop() {
            G::undo(&mut state.position, undo);
        }
    }

    fn get_winner(state: &State<G>) -> Option<Winner> {
        match G::outcome(&state.position)? {
            Outcome::Win(win) if win.seat == G::to_move(&state.position) => Some(Winner::PlayerToMove),
            Outcome::Win(_) => Some(Winner::PlayerJustMoved),
            Outcome::Draw(_) => Some(Winner::Draw),
        }
    }

    fn zobrist_hash(state: &State<G>) -> u64 {
        G::zobrist(&state.position)
    }

    fn notation(_state: &State<G>, mv: G::Move) -> Option<String> {
        Some(mv.to_string())
    }

    fn table_index(mv: G::Move) -> u16 {
        (G::move_key(mv) % usize::from(u16::MAX)) as u16
    }

    fn max_table_index() -> u16 {
        G::MOVE_KEYS.min(usize::from(u16::MAX)) as u16
    }
}

/// The game's plain evaluation ([`EvalKind::Plain`]: ARKES material and the
/// marble's king-step distance to the golden cell; Arcanor points frozen and
/// pieces' values by distance), for the seat to move minus the other seat.
pub struct PlainEval<G: SearchGame> {
    evaluator: std::cell::RefCell<G::Evaluator>,
}

impl<G: SearchGame> PlainEval<G> {
    fn new() -> PlainEval<G> {
        PlainEval { evaluator: std::cell::RefCell::new(G::evaluator(EvalKind::Plain)) }
    }
}

impl<G: SearchGame> Evaluator for PlainEval<G> {
    type G = Adapter<G>;

    fn evaluate(&self, state: &State<G>) -> Evaluation {
        let position = &state.position;
        let me: Seat = G::to_move(position);
        let eval = G::evaluate(&mut self.evaluator.borrow_mut(), position);
        eval.value_for(me, G::seats_in(position), 0).clamp(-30_000, 30_000) as Evaluation
    }

    fn generate_noisy_moves(&self, state: &State<G>, moves: &mut Vec<G::Move>) {
        G::legal_moves_into(&state.position, moves);
        moves.retain(|&m| G::is_noisy(m));
    }
}

/// The baseline's move in `position` after searching `time`; `None` when the
/// game is over.
pub fn choose<G: SearchGame>(position: &G::Position, time: Duration) -> Option<G::Move> {
    let options = IterativeOptions::new().with_table_byte_size(16 << 20).with_quiescence_search_depth(4);
    let mut search = IterativeSearch::new(PlainEval::<G>::new(), options);
    search.set_timeout(time);
    search.choose_move(&State { position: position.clone(), undos: Vec::new() })
}

/// The `minimax` crate's Monte Carlo tree search (one thread, rollouts of at
/// most 60 plies) after `time`; `None` when the game is over.
pub fn choose_mcts<G: SearchGame>(position: &G::Position, time: Duration) -> Option<G::Move> {
    let options = MCTSOptions::default().with_num_threads(1).with_max_rollout_depth(60);
    let mut search = MonteCarloTreeSearch::<Adapter<G>>::new(options);
    search.set_timeout(time);
    search.choose_move(&State { position: position.clone(), undos: Vec::new() })
}
