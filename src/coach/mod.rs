//! The coach: a hint on demand ([`hint`]), the review of the whole game with
//! a verdict on every ply ([`review`]), and "try again from here"
//! ([`try_again`]). Its searches run off the main thread ([`search`]): a
//! task natively, the AI worker in the browser. Works headless (the app
//! tests add [`plugin`] to [`crate::play::GameLogicPlugin`]); the review
//! screen and the board's marks read it.

pub mod hint;
pub mod review;
pub mod search;
pub mod try_again;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app_state::AppSystems;
use crate::play::CommandsApplied;

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
        .add_plugins((hint::plugin, review::plugin, try_again::plugin));
}

/// The order of the coach's systems, after the match's commands: a try
/// again takes back plies before the review follows the game (the first
/// move's verdict is kept first).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoachSystems {
    /// "Try again from here".
    TryAgain,
    /// The review follows the game and runs.
    Review,
    /// Hints.
    Hint,
}

/// When hints may be asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HintsAllowed {
    /// In every game.
    Always,
    /// In games without clocks (a timed game is a contest).
    #[default]
    WithoutClocks,
    /// Never.
    Never,
}

/// The coach's settings (set from [`crate::settings::Settings`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoachSettings {
    /// When hints may be asked for.
    pub hints: HintsAllowed,
}
