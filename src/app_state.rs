//! The bottom of the app: its states (the [`Screen`] shown and the
//! [`Overlay`] over the board), the order of its systems ([`AppSystems`])
//! and whether the loading step is over ([`Loaded`]). Every module may read
//! these; this one reads none of them.

use bevy::prelude::*;

/// The screen shown.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title screen, over the board of the game in progress.
    #[default]
    Title,
    /// Choosing players, board and limits.
    NewGame,
    /// Playing.
    Gameplay,
    /// Saved games and records.
    Load,
    /// The rules, with diagrams.
    Rules,
    /// The settings.
    Settings,
    /// Lessons and puzzles, by game.
    Learn,
    /// Typing a friend's room code to join an online game.
    Join,
}

/// What is shown over the board while playing.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Gameplay)]
pub enum Overlay {
    /// Nothing: the game is played.
    #[default]
    None,
    /// The pause menu.
    Paused,
    /// Naming a save.
    SaveAs,
    /// The game is over: result and what next.
    GameOver,
    /// The coach's review of the game: the graph, the verdicts, a ply's
    /// position with the move played and the best move.
    Review,
}

/// The order of the game's systems in `Update`, declared once (chained).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read input (keyboard, picks) into commands.
    Input,
    /// Apply commands to the engine.
    Apply,
    /// Make the entities match the engine.
    Sync,
    /// Start and finish animations.
    Animate,
    /// Update what the player sees (highlights, HUD, camera).
    View,
}

/// Configures the order of [`AppSystems`] in `Update`.
pub fn configure_sets(app: &mut App) {
    app.configure_sets(
        Update,
        (AppSystems::Input, AppSystems::Apply, AppSystems::Sync, AppSystems::Animate, AppSystems::View)
            .chain(),
    );
}

/// Whether the loading step is over (the first whole frame is drawn).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loaded(pub bool);
