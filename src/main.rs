//! ARKES 3D: run the game.

use arkes::{AppPlugin, GameOptions};
use bevy::prelude::*;

fn main() -> AppExit {
    #[cfg(not(target_arch = "wasm32"))]
    let options = GameOptions::from_args();
    #[cfg(target_arch = "wasm32")]
    let options = GameOptions::from_url();
    App::new().add_plugins(AppPlugin { options }).run()
}
