//! The coach's order of systems and its settings.

use bevy::prelude::*;

use crate::settings::HintsAllowed;

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

/// The coach's settings (set from [`crate::settings::Settings`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoachSettings {
    /// When hints may be asked for.
    pub hints: HintsAllowed,
}
