//! ARKES 3D: the board games ARKES (2 to 4 players) and Arcanor (2 players)
//! in Bevy, on one screen, against friends or the computer.
//!
//! The rules live in the engine crates (on `game_core`); [`games`] is the
//! app's one boundary with them: the app asks it, never which game is
//! played. This crate is the game around them, in layers, each module
//! reading only those below it (`docs/architecture.md` lists them):
//!
//! - [`app_state`]: the screens and overlays, the order of systems, whether
//!   loading is over;
//! - [`options`], [`storage`], [`theme`], [`i18n`]: the session's options,
//!   files, colours and texts;
//! - [`play`]: everything of a match that works without a window (the
//!   [`play::Match`] resource, move commands, entities synced from the
//!   engine, selection, animation timing, the computer players), run
//!   headless by `tests/` through [`play::GameLogicPlugin`];
//! - [`coach`]: hints, the review of a game, "try again from here"
//!   (headless too);
//! - [`settings`], [`saves`], [`texts`], [`sound`], [`quality`],
//!   [`loading`];
//! - [`view`] (the 3D board, per-game piece looks in `view/pieces/`, HUD)
//!   and [`screens`] (menus and overlays, per-game rules pages in
//!   `screens/rules/`); [`ui`] widgets;
//! - [`automation`] (tests' events and commands), and this file, which only
//!   composes the plugins.

pub mod app_state;
pub mod automation;
pub mod coach;
pub mod i18n;
pub mod layout_check;
pub mod learn;
pub mod loading;
pub mod online;
pub mod options;
pub mod play;
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
            play::GameLogicPlugin { options: self.options.clone() },
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
/// that works headless (tests add it to [`play::GameLogicPlugin`] with a
/// [`storage::Store`] in a temporary folder).
pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            coach::plugin,
            learn::plugin,
            online::OnlinePlugin,
            i18n::plugin,
            settings::plugin,
            saves::plugin,
            screens::ScreensPlugin,
            quality::plugin,
        ));
    }
}
