//! The hint: on demand (a button, the H key, a gamepad button), the coach's
//! best move for the seat to move, searched off the main thread; the views
//! make its piece and destination glow. Each hint shown marks the coming
//! ply in the match ([`Match::mark_hint`]).

use bevy::prelude::*;
use games::Action;

use super::config::CoachSettings;
use super::config::CoachSystems;
use super::search::{Found, Pending, Work};
use crate::play::Match;
use crate::settings::HintsAllowed;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .add_message::<HintRequest>()
        .add_systems(Update, (hint_requests, drive_hint).chain().in_set(CoachSystems::Hint));
}

/// A request for a hint for the seat to move.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintRequest;

/// The hint shown, or being searched, for the turn it was asked on.
#[derive(Resource, Default)]
pub struct Hint {
    /// The turn it is for (its key).
    turn: Option<u64>,
    /// The move shown.
    shown: Option<Action>,
    /// The search under way.
    pending: Option<Pending>,
    /// Why the last request was refused, if it was.
    refused: Option<&'static str>,
}

impl Hint {
    /// The move shown for the seat to move, if a hint was asked and found.
    #[must_use]
    pub fn shown(&self) -> Option<Action> {
        self.shown
    }

    /// Whether the hint is being searched.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.pending.is_some()
    }

    /// The text key of why the last request was refused (`coach-hint-off`,
    /// `coach-hint-not-your-turn`…), until the turn changes.
    #[must_use]
    pub fn refused(&self) -> Option<&'static str> {
        self.refused
    }
}

/// A key for the turn: the position and how many plies led to it.
fn turn_key(game: &Match) -> u64 {
    game.game().position().hash() ^ (game.game().ply_count() as u64).rotate_left(32)
}

/// Whether a hint may be shown now in `game` with `settings`: a person's
/// turn, the game not over nor under review, and hints allowed (never, or
/// not with clocks by default).
///
/// # Errors
/// The text key of why not.
pub fn hint_allowed(settings: &CoachSettings, game: &Match) -> Result<(), &'static str> {
    let clocks = game.game().limits().clock.is_some();
    match settings.hints {
        HintsAllowed::Never => return Err("coach-hint-off"),
        HintsAllowed::WithoutClocks if clocks => return Err("coach-hint-off-with-clocks"),
        _ => {}
    }
    if game.outcome().is_some() || game.reviewing().is_some() {
        return Err("coach-hint-no-game");
    }
    if !game.is_human(game.to_move()) {
        return Err("coach-hint-not-your-turn");
    }
    Ok(())
}

fn hint_requests(
    mut requests: MessageReader<HintRequest>,
    settings: Res<CoachSettings>,
    game: Option<Res<Match>>,
    mut hint: ResMut<Hint>,
) {
    let Some(game) = game else {
        requests.clear();
        return;
    };
    let turn = turn_key(&game);
    if hint.turn.is_some_and(|t| t != turn) {
        *hint = Hint::default();
    }
    if requests.read().count() == 0 {
        return;
    }
    if let Err(why) = hint_allowed(&settings, &game) {
        info!("no hint: {why}");
        hint.refused = Some(why);
        return;
    }
    hint.refused = None;
    if hint.shown.is_none() && hint.pending.is_none() {
        hint.turn = Some(turn);
        hint.pending = Some(Pending::start(game.game(), Work::Hint));
    }
}

fn drive_hint(game: Option<ResMut<Match>>, mut hint: ResMut<Hint>) {
    let Some(mut game) = game else { return };
    // Polled without marking the hint changed: only news changes it.
    let Some(pending) = hint.bypass_change_detection().pending.as_mut() else { return };
    let Some(result) = pending.poll() else { return };
    hint.pending = None;
    if hint.turn != Some(turn_key(&game)) {
        return;
    }
    match result {
        Ok(Found::Hint(Some(action))) => {
            info!(
                "hint for {}: {}-{}{}",
                game.to_move(),
                action.from,
                action.to,
                if action.whole { " (whole)" } else { "" }
            );
            hint.shown = Some(action);
            game.mark_hint();
        }
        Ok(_) => {}
        Err(e) => warn!("no hint: {e}"),
    }
}
