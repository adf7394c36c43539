//! The game's screens (a [`Screen`] state; their entities are scoped with
//! `DespawnOnExit`): title, new-game set-up, gameplay with its overlays
//! (pause, save, game over) and the lesson or puzzle's panel, load, learn
//! (lessons and puzzles), join (a friend's online game), rules and settings.

mod choices;
mod flow;
mod gameplay;
mod join;
mod learn;
mod load;
mod new_game;
mod rules;
mod settings;
mod title;

use bevy::prelude::*;

pub use crate::app_state::{Overlay, Screen};
pub use choices::Choice;
pub use flow::{BackTo, CanContinue, Notice};
pub use gameplay::ReviewGraph;
pub use new_game::{Step as NewGameStep, new_match};
pub use rules::RulesGame;

/// The screens and their flow. Works headless (tests trigger the buttons'
/// `Activate` events); [`crate::ui`] adds the widgets' input handling.
pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>().add_sub_state::<Overlay>().add_plugins((
            flow::plugin,
            choices::plugin,
            title::plugin,
            new_game::plugin,
            gameplay::plugin,
            join::plugin,
            load::plugin,
            learn::plugin,
            rules::plugin,
            settings::plugin,
        ));
    }
}
