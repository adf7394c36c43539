//! "Try again from here": from the review, back to the position before a
//! ply with its seat to move; the new move is judged as the old one was,
//! and the coach says whether it is better.

use bevy::prelude::*;
use games::{PlyReview, Verdict};

use super::config::CoachSystems;
use super::review::GameReview;
use super::search::{Found, Pending, Work};
use crate::play::{Match, MoveApplied};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TryAgain>()
        .add_message::<TryAgainCommand>()
        .add_systems(Update, (try_again_commands, judge_the_new_move).chain().in_set(CoachSystems::TryAgain));
}

/// Go back to the position before ply `ply` (from 1, a ply the review has
/// judged) and play it again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TryAgainCommand {
    /// The ply to play again.
    pub ply: usize,
}

/// A ply played again.
pub struct Attempt {
    /// The review of the move first played.
    pub old: PlyReview,
    /// The review of the new move, once judged.
    pub new: Option<PlyReview>,
    pending: Option<Pending>,
}

/// How the new move compares with the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The move judged best (or as good).
    Best,
    /// Better than the first move.
    Better,
    /// The same move again.
    Same,
    /// About as good (within 2 points of win chance).
    AsGood,
    /// Worse than the first move.
    Worse,
}

impl Attempt {
    /// How the new move compares with the first, once judged.
    #[must_use]
    pub fn comparison(&self) -> Option<Comparison> {
        let new = self.new.as_ref()?;
        let old = &self.old;
        Some(if new.played == old.played {
            Comparison::Same
        } else if new.verdict == Verdict::Best {
            Comparison::Best
        } else if new.after > old.after + 0.02 || new.verdict < old.verdict {
            Comparison::Better
        } else if new.after >= old.after - 0.02 && new.verdict == old.verdict {
            Comparison::AsGood
        } else {
            Comparison::Worse
        })
    }

    /// Whether the new move is being judged.
    #[must_use]
    pub fn is_judging(&self) -> bool {
        self.pending.is_some()
    }
}

/// The ply being played again, if any.
#[derive(Resource, Default)]
pub struct TryAgain {
    /// The attempt.
    pub attempt: Option<Attempt>,
}

fn try_again_commands(
    mut commands: MessageReader<TryAgainCommand>,
    game: Option<ResMut<Match>>,
    review: Res<GameReview>,
    mut try_again: ResMut<TryAgain>,
) {
    let Some(mut game) = game else {
        commands.clear();
        return;
    };
    for &TryAgainCommand { ply } in commands.read() {
        let Some(old) = review.ply(ply).cloned() else {
            warn!("cannot try ply {ply} again: it is not reviewed");
            continue;
        };
        if !game.is_human(old.seat) {
            warn!("cannot try ply {ply} again: {} is played by the computer", old.seat);
            continue;
        }
        if !game.take_back_to(ply - 1) || game.to_move() != old.seat {
            warn!("cannot go back to ply {ply}");
            continue;
        }
        info!("{} tries ply {ply} again (first {}, {})", old.seat, old.played_text, old.verdict.id());
        try_again.attempt = Some(Attempt { old, new: None, pending: None });
    }
}

fn judge_the_new_move(
    game: Option<Res<Match>>,
    mut applied: MessageReader<MoveApplied>,
    mut try_again: ResMut<TryAgain>,
) {
    let Some(game) = game else { return };
    let moved = applied.read().count() > 0;
    // Looked at without marking it changed: only news changes it.
    let Some(attempt) = try_again.bypass_change_detection().attempt.as_mut() else { return };
    let ply = attempt.old.ply;
    let played = game.game().ply_count();
    // Taken back before the ply, or played on past the seat's next turn: over.
    if played + 1 < ply || played > ply + game.seats().len() {
        try_again.attempt = None;
        return;
    }
    if moved && played == ply && attempt.new.is_none() && attempt.pending.is_none() {
        attempt.pending = Some(Pending::start(game.game(), Work::Review(ply)));
        try_again.set_changed();
        return;
    }
    if let Some(pending) = attempt.pending.as_mut()
        && let Some(result) = pending.poll()
    {
        attempt.pending = None;
        match result {
            Ok(Found::Review(Some(new))) => {
                info!(
                    "ply {ply} again: {} ({}), first {} ({})",
                    new.played_text,
                    new.verdict.id(),
                    attempt.old.played_text,
                    attempt.old.verdict.id()
                );
                attempt.new = Some(new);
            }
            Ok(_) => {}
            Err(e) => warn!("the new move could not be judged: {e}"),
        }
        try_again.set_changed();
    }
}
