//! Automation mode for tests (`--automation`, `?automation`): one JSON
//! object per line on stdout (the console on the web): `ready` with the
//! window size and every cell's centre on screen, `view` when the camera
//! comes to rest elsewhere, each `move`, each `outcome`, the position text
//! after each move, `screen` with the buttons of each screen,
//! `missing-translation` for a key no language has, the coach's `review`,
//! `hint`, `try-again` and `coach-marks`; the lessons' `lesson`, `puzzle`,
//! `refused`, `lesson-complete` and `puzzle-solved`; commands read
//! from stdin (natively). Also `--screenshot PATH --exit-after-frames N`.
//! Nothing of this is shown to a normal player.

mod coach;
mod commands;
mod events;
mod frames;
mod learn;
mod online;
mod output;

pub use output::emit;

use bevy::prelude::*;

use crate::GameOptions;
use crate::app_state::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<events::Automation>()
        .add_systems(Startup, commands::listen_to_stdin.run_if(automation_on))
        .add_systems(Last, tell_page_ready)
        .add_systems(
            Update,
            (
                (
                    commands::run_commands,
                    // What tests click on is reported once the game shows.
                    (events::report_view, events::report_screen, events::report_picks).run_if(loaded),
                    events::report_moves,
                    learn::report_learning,
                    online::report_online,
                    events::report_missing_translations,
                    events::report_ai_worker,
                    (coach::report_review, coach::report_hint, coach::report_try_again, coach::report_marks),
                )
                    .run_if(automation_on),
                frames::record_frame_time,
                frames::exit_after_frames,
            )
                .chain()
                .after(AppSystems::View),
        );
}

/// Whether the session runs in automation mode.
fn automation_on(options: Res<GameOptions>) -> bool {
    options.automation
}

/// Whether the loading step is over.
fn loaded(loaded: Option<Res<crate::app_state::Loaded>>) -> bool {
    loaded.is_none_or(|l| l.0)
}

/// Tells the web page (its `window.arkesReady`) that whole frames are drawn
/// (the loading step is over), so it can hide its loading screen.
fn tell_page_ready(loaded: Option<Res<crate::app_state::Loaded>>) {
    #[cfg(target_arch = "wasm32")]
    if loaded.is_some_and(|l| l.is_changed() && l.0)
        && let Some(window) = web_sys::window()
        && let Ok(ready) = js_sys::Reflect::get(&window, &"arkesReady".into())
        && let Some(ready) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&ready)
    {
        let _ = ready.call0(&window);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = loaded;
}
