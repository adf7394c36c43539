//! What the players see and touch: the scene, piece looks, markers, camera,
//! coordinates and HUD. Needs a window and a renderer; the logic it shows is
//! in [`crate::play`].

pub mod baked_light;
pub mod camera;
mod celebration;
pub mod coach_marks;
pub mod highlights;
pub mod hud;
mod labels;
pub mod lighting;
pub mod pieces;
pub mod render_scale;
pub mod scene;
pub mod shapes;

use bevy::prelude::*;

/// Rendering and interaction on top of [`crate::play::GameLogicPlugin`].
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            baked_light::plugin,
            scene::plugin,
            pieces::plugin,
            highlights::plugin,
            camera::plugin,
            hud::plugin,
            labels::plugin,
            celebration::plugin,
            coach_marks::plugin,
            render_scale::plugin,
        ));
    }
}
