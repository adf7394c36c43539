//! Exact searches of one to three plies that find and check puzzles: no
//! evaluation, only the rules' outcomes (ARKES R7, R11, R12, R14; Arcanor
//! A8–A11), so a puzzle's "exactly one move" is a fact, not an opinion.
//! Two-seat positions only: with more seats "the opponent's reply" is not
//! one seat's.

use game_core::{Outcome, Seat};
use games::BoardGame;
use serde::{Deserialize, Serialize};

/// What a puzzle asks, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleKind {
    /// One move wins at once (ARKES R11, R14; Arcanor A10, A11).
    WinInOne,
    /// The opponent threatens to capture your marble (ARKES R7): one move
    /// alone saves it.
    SaveYourMarble,
    /// The opponent threatens to score (Arcanor A8): one move alone stops
    /// every freeze, and loses nothing at once.
    StopAFreeze,
    /// Every move but one lets the opponent win at once.
    OnlyMove,
    /// One move wins by force within your next move, whatever the reply.
    WinInTwo,
}

impl PuzzleKind {
    /// Every kind, easiest first.
    pub const ALL: [PuzzleKind; 5] = [
        PuzzleKind::WinInOne,
        PuzzleKind::SaveYourMarble,
        PuzzleKind::StopAFreeze,
        PuzzleKind::OnlyMove,
        PuzzleKind::WinInTwo,
    ];

    /// The id in puzzle files (`win-in-one`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            PuzzleKind::WinInOne => "win-in-one",
            PuzzleKind::SaveYourMarble => "save-your-marble",
            PuzzleKind::StopAFreeze => "stop-a-freeze",
            PuzzleKind::OnlyMove => "only-move",
            PuzzleKind::WinInTwo => "win-in-two",
        }
    }

    /// The interface's text key of its instruction (`puzzle-win-in-one`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            PuzzleKind::WinInOne => "puzzle-win-in-one",
            PuzzleKind::SaveYourMarble => "puzzle-save-your-marble",
            PuzzleKind::StopAFreeze => "puzzle-stop-a-freeze",
            PuzzleKind::OnlyMove => "puzzle-only-move",
            PuzzleKind::WinInTwo => "puzzle-win-in-two",
        }
    }

    /// Difficulty from 1 (easiest) to 3.
    #[must_use]
    pub fn difficulty(self) -> u8 {
        match self {
            PuzzleKind::WinInOne => 1,
            PuzzleKind::SaveYourMarble | PuzzleKind::StopAFreeze | PuzzleKind::OnlyMove => 2,
            PuzzleKind::WinInTwo => 3,
        }
    }

    /// The learner's moves the puzzle needs (a win in two: the first and
    /// the winning one).
    #[must_use]
    pub fn moves(self) -> usize {
        if self == PuzzleKind::WinInTwo { 2 } else { 1 }
    }
}

/// The fewest legal moves a position must offer to be a puzzle: with fewer
/// there is little to find.
pub const MIN_CHOICES: usize = 4;

fn legal<G: BoardGame>(position: &G::Position) -> Vec<G::Move> {
    let mut moves = Vec::new();
    G::legal_moves_into(position, &mut moves);
    moves
}

fn won_by<G: BoardGame>(position: &G::Position, seat: Seat) -> bool {
    matches!(G::outcome(position), Some(Outcome::Win(w)) if w.seat == seat)
}

/// Whether `seat` has lost: another seat won, or `seat` is out (R7, R12).
fn lost_by<G: BoardGame>(position: &G::Position, seat: Seat) -> bool {
    matches!(G::outcome(position), Some(Outcome::Win(w)) if w.seat != seat)
        || !G::seats_in(position).contains(seat)
}

/// `f` of the position after each legal move, the moves for which it holds.
fn moves_where<G: BoardGame>(
    position: &G::Position,
    mut f: impl FnMut(&mut G::Position) -> bool,
) -> Vec<G::Move> {
    let mut work = position.clone();
    let mut out = Vec::new();
    for mv in legal::<G>(position) {
        let undo = G::play_unchecked(&mut work, mv);
        if f(&mut work) {
            out.push(mv);
        }
        G::undo(&mut work, undo);
    }
    out
}

/// Whether some legal move of the seat to move makes `f` true.
fn any_reply<G: BoardGame>(position: &mut G::Position, mut f: impl FnMut(&G::Position) -> bool) -> bool {
    for mv in legal::<G>(position) {
        let undo = G::play_unchecked(position, mv);
        let hit = f(position);
        G::undo(position, undo);
        if hit {
            return true;
        }
    }
    false
}

/// The moves of the seat to move that win at once.
#[must_use]
pub fn wins_in_one<G: BoardGame>(position: &G::Position) -> Vec<G::Move> {
    let me = G::to_move(position);
    moves_where::<G>(position, |after| won_by::<G>(after, me))
}

/// The moves after which the seat to move has not lost and the next seat
/// cannot win at once (nor, in ARKES, capture the mover's marble, which is
/// the same with two seats).
#[must_use]
pub fn non_losing<G: BoardGame>(position: &G::Position) -> Vec<G::Move> {
    let me = G::to_move(position);
    moves_where::<G>(position, |after| {
        won_by::<G>(after, me)
            || (G::outcome(after).is_none() && !any_reply::<G>(after, |reply| lost_by::<G>(reply, me)))
    })
}

/// The moves after which the next seat can neither win at once nor raise
/// its score (Arcanor A8, A9); every move when the game keeps no score.
#[must_use]
pub fn stops_every_score<G: BoardGame>(position: &G::Position) -> Vec<G::Move> {
    let me = G::to_move(position);
    moves_where::<G>(position, |after| {
        if won_by::<G>(after, me) {
            return true;
        }
        if G::outcome(after).is_some() {
            return false;
        }
        let them = G::to_move(after);
        let before = G::score(after, them);
        !any_reply::<G>(after, |reply| lost_by::<G>(reply, me) || G::score(reply, them) != before)
    })
}

/// The moves that win by force within the mover's next move: they win at
/// once, or every reply loses at once or leaves a win in one.
#[must_use]
pub fn wins_within_two<G: BoardGame>(position: &G::Position) -> Vec<G::Move> {
    let me = G::to_move(position);
    moves_where::<G>(position, |after| {
        if won_by::<G>(after, me) {
            return true;
        }
        if G::outcome(after).is_some() {
            return false;
        }
        !any_reply::<G>(after, |reply| {
            if won_by::<G>(reply, me) {
                return false;
            }
            G::outcome(reply).is_some() || wins_in_one::<G>(reply).is_empty()
        })
    })
}

/// The moves that meet `kind` in `position` (a puzzle of that kind has
/// exactly one), or `None` when the position is not one of that kind at
/// all: not two seats, decided, too few moves, or (for the kinds beyond a
/// win in one) a win in one is there to take.
#[must_use]
pub fn solutions<G: BoardGame>(position: &G::Position, kind: PuzzleKind) -> Option<Vec<G::Move>> {
    if G::seats_in(position).len() != 2 || G::outcome(position).is_some() {
        return None;
    }
    let choices = legal::<G>(position).len();
    if choices < MIN_CHOICES {
        return None;
    }
    if kind == PuzzleKind::WinInOne {
        return Some(wins_in_one::<G>(position));
    }
    if !wins_in_one::<G>(position).is_empty() {
        return None;
    }
    match kind {
        PuzzleKind::WinInOne => unreachable!("answered above"),
        PuzzleKind::SaveYourMarble | PuzzleKind::OnlyMove => {
            if threat_is_marble::<G>(position) != (kind == PuzzleKind::SaveYourMarble) {
                return None;
            }
            Some(non_losing::<G>(position))
        }
        PuzzleKind::StopAFreeze => {
            let me = G::to_move(position);
            G::score(position, me)?;
            // A threat only: were every move safe there would be nothing to stop.
            let stops = stops_every_score::<G>(position);
            if stops.len() == choices {
                return None;
            }
            // Not an only-move puzzle in disguise: some other move must
            // not lose at once.
            if non_losing::<G>(position).len() < 2 {
                return None;
            }
            Some(stops)
        }
        PuzzleKind::WinInTwo => Some(wins_within_two::<G>(position)),
    }
}

/// Whether the next seat's winning replies, over the mover's losing moves,
/// include a marble capture (ARKES R7, R14): a "save your marble" rather
/// than an "only move".
fn threat_is_marble<G: BoardGame>(position: &G::Position) -> bool {
    let me = G::to_move(position);
    let mut work = position.clone();
    for mv in legal::<G>(position) {
        let undo = G::play_unchecked(&mut work, mv);
        let marble = G::outcome(&work).is_none()
            && any_reply::<G>(&mut work, |reply| {
                matches!(G::outcome(reply), Some(Outcome::Win(w)) if w.seat != me
                    && G::win_kind(w.reason).id == "last_marble")
            });
        G::undo(&mut work, undo);
        if marble {
            return true;
        }
    }
    false
}

/// The puzzle `position` makes, the easiest kind first, with its one
/// solution; `None` when no kind has exactly one.
#[must_use]
pub fn classify<G: BoardGame>(position: &G::Position) -> Option<(PuzzleKind, G::Move)> {
    PuzzleKind::ALL.into_iter().find_map(|kind| match solutions::<G>(position, kind)?.as_slice() {
        [only] => Some((kind, *only)),
        _ => None,
    })
}
