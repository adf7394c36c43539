//! The peer baseline: the generic iterative-deepening negamax of the
//! `minimax` crate (edre/minimax-rs, 0.6) over our engine, with a plain
//! evaluation (material and the marble's king-step distance to the golden
//! cell) and captures as noisy moves for its quiescence search.
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

use std::time::Duration;

use arkes_engine::{MAX_CELLS, Move, MoveKind, PieceKind, Position, Seat, Undo};
use minimax::{
    Evaluation, Evaluator, IterativeOptions, IterativeSearch, MCTSOptions, MonteCarloTreeSearch, Strategy,
    Winner,
};

/// The search state: the position and the undo records of the moves applied.
#[derive(Clone)]
pub struct State {
    position: Position,
    undos: Vec<Undo>,
}

/// The `minimax::Game` rules over [`Position`].
pub struct Arkes;

impl minimax::Game for Arkes {
    type S = State;
    type M = Move;

    fn generate_moves(state: &State, moves: &mut Vec<Move>) -> Option<Winner> {
        if let Some(winner) = Arkes::get_winner(state) {
            return Some(winner);
        }
        state.position.legal_moves_into(moves);
        None
    }

    fn apply(state: &mut State, mv: Move) -> Option<State> {
        let undo = state.position.play_unchecked(mv);
        state.undos.push(undo);
        None
    }

    fn undo(state: &mut State, _mv: Move) {
        if let Some(undo) = state.undos.pop() {
            state.position.undo(undo);
        }
    }

    fn get_winner(state: &State) -> Option<Winner> {
        let win = state.position.outcome()?;
        let just_moved = state.undos.last().map(Undo::mover);
        Some(if Some(win.seat) == just_moved { Winner::PlayerJustMoved } else { Winner::PlayerToMove })
    }

    fn zobrist_hash(state: &State) -> u64 {
        state.position.hash()
    }

    fn notation(_state: &State, mv: Move) -> Option<String> {
        Some(mv.to_string())
    }

    fn table_index(mv: Move) -> u16 {
        (mv.from.index() * MAX_CELLS + mv.to.index()) as u16
    }

    fn max_table_index() -> u16 {
        (MAX_CELLS * MAX_CELLS) as u16
    }
}

/// Material (100 a token) and the marble's king-step distance to the golden
/// cell (40 a step), for the seat to move minus the other seat.
pub struct PlainEval;

impl Evaluator for PlainEval {
    type G = Arkes;

    fn evaluate(&self, state: &State) -> Evaluation {
        let position = &state.position;
        let me = position.to_move();
        let gold = position.board().golden_cell();
        let mut score = [0i32; 4];
        for (_, formation) in position.board().occupied() {
            for piece in formation.pieces().filter(|p| p.kind == PieceKind::Token) {
                score[piece.seat.index()] += 100;
            }
        }
        for seat in Seat::ALL {
            if let Some(marble) = position.marble(seat) {
                score[seat.index()] -= 40 * i32::from(marble.distance(gold));
            }
        }
        let mine = score[me.index()];
        let best_other = position.seats_in().iter().filter(|&s| s != me).map(|s| score[s.index()]).max();
        (mine - best_other.unwrap_or(0)).clamp(-30_000, 30_000) as Evaluation
    }

    fn generate_noisy_moves(&self, state: &State, moves: &mut Vec<Move>) {
        state.position.legal_moves_into(moves);
        moves.retain(|m| matches!(m.kind, MoveKind::CaptureMarble | MoveKind::CaptureToken));
    }
}

/// The baseline's move in `position` after searching `time`; `None` when the
/// game is over.
pub fn choose(position: &Position, time: Duration) -> Option<Move> {
    let options = IterativeOptions::new().with_table_byte_size(16 << 20).with_quiescence_search_depth(4);
    let mut search = IterativeSearch::new(PlainEval, options);
    search.set_timeout(time);
    search.choose_move(&State { position: position.clone(), undos: Vec::new() })
}

/// The `minimax` crate's Monte Carlo tree search (one thread, rollouts of at
/// most 60 plies) after `time`; `None` when the game is over.
pub fn choose_mcts(position: &Position, time: Duration) -> Option<Move> {
    let options = MCTSOptions::default().with_num_threads(1).with_max_rollout_depth(60);
    let mut search = MonteCarloTreeSearch::<Arkes>::new(options);
    search.set_timeout(time);
    search.choose_move(&State { position: position.clone(), undos: Vec::new() })
}
