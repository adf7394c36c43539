//! How pieces look: each game dresses its pieces and registers its
//! [`PieceLook`] ([`arkes`]: tokens and marbles; [`arcanor`]: nesting
//! pieces); shared by both ([`shared`]): a selected piece lifts, a captured
//! piece fades, contact shadows, the palette follows the settings.

mod arcanor;
mod arkes;
mod look;
mod shared;

use bevy::prelude::*;

pub use look::{PieceLook, PieceLooks};
pub use shared::PieceVisual;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((shared::plugin, arkes::plugin, arcanor::plugin));
}
