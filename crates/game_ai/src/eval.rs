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

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(list: &[Seat]) -> SeatSet {
        list.iter().copied().collect()
    }

    /// South 50, West 80, North 20, East 200 points.
    fn scored(wins_next: Option<Seat>) -> Evaluation {
        let scores = BySeat::from_fn(|seat| match seat {
            Seat::South => 50,
            Seat::West => 80,
            Seat::North => 20,
            Seat::East => 200,
        });
        Evaluation { scores, wins_next, capture_possible: false }
    }

    #[test]
    fn the_value_is_the_roots_score_minus_the_best_other_seat_still_in() {
        let e = scored(None);
        // East (200) is out: the best other is West's 80.
        let three = seats(&[Seat::South, Seat::West, Seat::North]);
        assert_eq!(e.value_for(Seat::South, three, 5), 50 - 80);
        assert_eq!(e.value_for(Seat::West, three, 5), 80 - 50);
        assert_eq!(e.value_for(Seat::North, three, 0), 20 - 80);
        // Alone, the root is measured against nothing.
        assert_eq!(e.value_for(Seat::North, seats(&[Seat::North]), 2), 20);
        assert_eq!(e.value_for(Seat::South, seats(&[Seat::South, Seat::East]), 2), 50 - 200);
    }

    #[test]
    fn a_win_at_once_is_decided_and_scores_higher_the_sooner_it_comes() {
        let all = seats(&[Seat::South, Seat::West, Seat::North]);
        let wins = scored(Some(Seat::South));
        // The seat to move wins with its next ply, `ply` plies from the root.
        assert_eq!(wins.value_for(Seat::South, all, 3), 1_000_000 - 4);
        assert_eq!(wins.value_for(Seat::South, all, 0), 1_000_000 - 1);
        assert_eq!(wins.value_for(Seat::West, all, 3), -(1_000_000 - 4));
        assert_eq!(scored(Some(Seat::North)).value_for(Seat::South, all, 7), -(1_000_000 - 8));
        // Found as deep as any search goes, a win is still a decided value
        // and a static score never is.
        for ply in [0, 40, 200] {
            assert!(wins.value_for(Seat::South, all, ply) >= DECIDED, "a win {ply} plies away");
            assert!(wins.value_for(Seat::West, all, ply) <= -DECIDED, "a loss {ply} plies away");
        }
        // 500 pieces ahead is still a score, not a decided game.
        let mut far_ahead = scored(None);
        far_ahead.scores[Seat::South] = 50_000;
        assert!(far_ahead.value_for(Seat::South, all, 0) < DECIDED);
    }
}
