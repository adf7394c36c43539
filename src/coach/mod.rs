//! The coach: a hint on demand ([`hint`]), the review of the whole game with
//! a verdict on every ply ([`review`]), and "try again from here"
//! ([`try_again`]). Its searches run off the main thread ([`search`]): a
//! task natively, the AI worker in the browser. Works headless (the app
//! tests add [`plugin`] to [`crate::play::GameLogicPlugin`]); the review
//! screen and the board's marks read it.

mod config;
pub mod hint;
pub mod review;
pub mod search;
pub mod try_again;

use bevy::prelude::*;

use crate::app_state::AppSystems;
use crate::play::CommandsApplied;

pub use crate::settings::HintsAllowed;
pub use config::{CoachSettings, CoachSystems};
pub use hint::{Hint, HintRequest, hint_allowed};
pub use review::{GameReview, ReviewCommand, ReviewFocus};
pub use try_again::{Attempt, TryAgain, TryAgainCommand};

/// The coach's systems and resources.
pub fn plugin(app: &mut App) {
    app.init_resource::<CoachSettings>()
        .configure_sets(
            Update,
            (CoachSystems::TryAgain, CoachSystems::Review, CoachSystems::Hint)
                .chain()
                .in_set(AppSystems::Apply)
                .after(CommandsApplied),
        )
        .add_systems(Update, follow_settings.in_set(AppSystems::Apply))
        .add_plugins((hint::plugin, review::plugin, try_again::plugin));
}

/// Takes when hints are allowed from the player's settings, where there are
/// settings (the headless tests set [`CoachSettings`] themselves).
fn follow_settings(settings: Option<Res<crate::settings::Settings>>, mut coach: ResMut<CoachSettings>) {
    if let Some(settings) = settings.filter(|s| s.is_changed())
        && coach.hints != settings.hints
    {
        coach.hints = settings.hints;
    }
}
