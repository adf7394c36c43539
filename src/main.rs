//! ARKES 3D: run the game.

use arkes::{AppPlugin, GameOptions};
use bevy::prelude::*;

fn main() -> AppExit {
    let options = GameOptions::from_args();
    App::new().add_plugins(AppPlugin { options }).run()
}
