//! The evaluation's result, shared by both games: a score per seat in
//! points (100 = about one piece), and the values of decided games. Each
//! game's evaluation is in its module ([`crate::arkes`], [`crate::arcanor`]).

use game_core::{BySeat, Seat, SeatSet};

/// The value of a won game, from the winner's side. Decided values are
/// `WIN - plies`, so that quicker wins score higher.
pub const WIN: i32 = 1_000_000;

/// Values at or beyond `±DECIDED` are decided games (or a win in one for the
/// seat to move).
pub const DECIDED: i32 = WIN - 10_000;

/// A static evaluation: a score per seat, and whether the seat to move can
/// win at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// Points per seat (seats out of the game score 0).
    pub scores: BySeat<i32>,
    /// The seat to move, if it has a winning move at once (ARKES: its marble
    /// next to the golden cell holding its own unit, R11, or with two seats
    /// left a token next to the other marble, R7, R14; Arcanor: a piece that
    /// reaches the target row with 12 points, A10).
    pub wins_next: Option<Seat>,
    /// Whether the seat to move may have a noisy move (a capture), for the
    /// quiescence search. Always `true` for an evaluation that does not
    /// look ([`crate::EvalKind::Plain`]).
    pub capture_possible: bool,
}

impl Evaluation {
    /// The value for `root` as a single number: its score minus the best
    /// opponent's among `seats_in` (paranoid), or a decided value when the
    /// seat to move wins at once (`ply` plies from the root).
    #[must_use]
    pub fn value_for(&self, root: Seat, seats_in: SeatSet, ply: usize) -> i32 {
        let ply = ply as i32;
        if let Some(winner) = self.wins_next {
            return if winner == root { WIN - ply - 1 } else { -(WIN - ply - 1) };
        }
        let best_other = seats_in.iter().filter(|&s| s != root).map(|s| self.scores[s]).max().unwrap_or(0);
        self.scores[root] - best_other
    }
}
