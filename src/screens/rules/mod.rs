//! The rules of each game, page by page, in the player's language, each
//! page with a small diagram drawn from a position in the game's cell
//! notation ([`screen`]). Each game's module ([`arkes`], [`arcanor`])
//! registers its pages and how its diagrams draw a cell ([`book`]).

mod arcanor;
mod arkes;
mod book;
mod screen;

use bevy::prelude::*;

pub use book::RulesBooks;
pub use screen::RulesGame;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((screen::plugin, arkes::plugin, arcanor::plugin));
}
