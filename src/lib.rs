//! ARKES 3D: the board games ARKES (2 to 4 players) and Arcanor (2 players)
//! in Bevy, on one screen, against friends or the computer.
//!
//! The rules live in [`arkes_engine`] and [`arcanor_engine`] (on
//! [`game_core`]); [`games`] is the app's one boundary with them, and this
//! crate is the game around them.
//! [`game::GameLogicPlugin`] holds everything that works without a window
//! (the [`game::Match`] resource, move commands, entities synced from the
//! engine, selection, animation timing), so `tests/` run it headless with
//! `MinimalPlugins`. [`AppPlugin`] adds the window, rendering, picking, the
//! HUD and the camera.

pub mod app_state;
pub mod automation;
pub mod game;
pub mod i18n;
pub mod layout_check;
pub mod loading;
pub mod options;
pub mod quality;
pub mod saves;
pub mod screens;
pub mod settings;
pub mod sound;
pub mod storage;
pub mod texts;
pub mod theme;
pub mod ui;
pub mod view;

use bevy::prelude::*;

pub use options::GameOptions;

/// The whole game: window, rendering, picking, animation, HUD.
pub struct AppPlugin {
    /// Options from the command line (or the page URL on the web).
    pub options: GameOptions,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        let window = Window {
            title: "ARKES 3D".into(),
            resolution: (self.options.window_width, self.options.window_height).into(),
            canvas: Some("#bevy".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        };
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin { primary_window: Some(window), ..default() })
                .set(AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() }),
        );
        app.insert_resource(storage::Store::platform());
        app.add_plugins((
            MeshPickingPlugin,
            bevy_tweening::TweeningPlugin,
            game::GameLogicPlugin { options: self.options.clone() },
            FlowPlugin,
            ui::plugin,
            sound::SoundPlugin,
            view::ViewPlugin,
            loading::plugin,
            automation::plugin,
        ));
    }
}

/// Screens, settings, localisation and saves: everything around the board
/// that works headless (tests add it to [`game::GameLogicPlugin`] with a
/// [`storage::Store`] in a temporary folder).
pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            i18n::plugin,
            settings::plugin,
            saves::plugin,
            screens::ScreensPlugin,
            quality::plugin,
        ));
    }
}
