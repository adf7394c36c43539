//! [`SearchGame`]: what the search needs of a game beyond its
//! [`Rules`]: an evaluation, hints to order moves, and the tactical checks
//! of one ply. Implemented here for ARKES ([`crate::arkes`]) and Arcanor
//! ([`crate::arcanor`]); the engines know nothing of the AI.

use std::fmt::Debug;

use game_core::{Rules, Seat};

use crate::eval::Evaluation;
use crate::level::EvalKind;

/// How a move is ordered before killers and the history table.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum MoveClass {
    /// A move without anything special.
    Quiet,
    /// A quiet move the game thinks promising (ARKES: a marble nearing the
    /// golden cell; Arcanor: a single piece stepping forward). Ordered
    /// after killers.
    Promising,
    /// A capture of little value (ARKES: a token). Ordered before killers.
    Capture,
    /// A capture of great value (ARKES: a marble; Arcanor: an eat).
    BigCapture,
    /// A move that wins or scores at once (ARKES: the marble onto the
    /// golden cell; Arcanor: a piece reaching its target row).
    Decisive,
}

/// A game the search can play: its rules, plus an evaluation and move
/// hints. Every function is statically dispatched.
pub trait SearchGame: Rules {
    /// Scratch space reused by the evaluation.
    type Evaluator: Clone + Debug + Send + Sync + 'static;

    /// Number of distinct [`SearchGame::move_key`]s (the size of the
    /// history table).
    const MOVE_KEYS: usize;

    /// A fresh evaluator of `kind`.
    fn evaluator(kind: EvalKind) -> Self::Evaluator;

    /// Scores `position` for every seat (see [`Evaluation`]).
    fn evaluate(evaluator: &mut Self::Evaluator, position: &Self::Position) -> Evaluation;

    /// A dense index of `mv`, below [`SearchGame::MOVE_KEYS`], for the
    /// history table.
    fn move_key(mv: Self::Move) -> usize;

    /// How `mv` is ordered in `position` before killers and history.
    fn move_class(position: &Self::Position, mv: Self::Move) -> MoveClass;

    /// Whether `mv` belongs in the quiescence search (captures, eats).
    fn is_noisy(mv: Self::Move) -> bool;

    /// Appends the legal moves of `position` that belong in the quiescence
    /// search ([`SearchGame::is_noisy`]), in the order of
    /// [`Rules::legal_moves_into`]. A game may generate them alone, faster.
    fn noisy_moves_into(position: &Self::Position, out: &mut Vec<Self::Move>) {
        let start = out.len();
        Self::legal_moves_into(position, out);
        let mut kept = start;
        for i in start..out.len() {
            if Self::is_noisy(out[i]) {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The seats eliminated by the step `undo` records, in order (ARKES R12;
    /// none in Arcanor), for counting rounds along a line.
    fn eliminated(undo: &Self::Undo) -> [Option<Seat>; 3];

    /// Whether the seat to move in `position` can at once win, or do
    /// `victim` a harm the tactical checks never allow (ARKES: capture its
    /// marble, R7). Such moves are always legal.
    fn threatens_at_once(position: &Self::Position, victim: Seat) -> bool;

    /// Whether `mv` is a capture worth taking at once when it is safe
    /// (ARKES: a marble, R7); see [`crate::tactics`].
    fn takes_at_once(mv: Self::Move) -> bool;

    /// The win chance's scale for games of `players` seats, fitted on
    /// computer-vs-computer games ([`crate::chance`]).
    fn chance_scale(players: usize) -> crate::ChanceScale;
}

/// A position of a [`SearchGame`], so that [`crate::Searcher::new`] can tell
/// the game from the position alone.
pub trait GamePosition: Sized {
    /// The game.
    type Game: SearchGame<Position = Self>;

    /// `self`, as the game's position type (the same type).
    fn as_game_position(&self) -> &<Self::Game as Rules>::Position;
}
