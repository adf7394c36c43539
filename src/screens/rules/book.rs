//! [`RulesBooks`]: each game's rules pages and how its diagrams draw a
//! cell, registered by the game's rules module under its [`GameKind`].

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use games::GameKind;

use crate::theme::SeatColours;

/// A rules diagram: rows top first, cells in the game's notation (ARKES: a
/// leading `*` for the golden cell), an optional move (from, to, capture)
/// with cells as (column, row) from the top left, captions under the
/// columns, and (Arcanor) a row tinted as a target row.
pub struct Diagram {
    /// Rows top first, cells in the game's notation.
    pub rows: &'static [&'static [&'static str]],
    /// A move: from, to, and whether it captures.
    pub arrow: Option<((usize, usize), (usize, usize), bool)>,
    /// Captions under the columns (text keys).
    pub captions: &'static [&'static str],
    /// A row tinted as a target row.
    pub target_row: Option<usize>,
}

/// Draws the pieces of one diagram cell (in the game's cell notation, a
/// leading `*` removed) into the cell's node.
pub type DrawCell = fn(&mut Commands, Entity, &str, SeatColours);

/// Draws a game's small picture (its card on the new-game screen) into a
/// 170 × 90 wooden frame.
pub type DrawCard = fn(&mut Commands, Entity, SeatColours);

/// One game's rules: its pages (the text key prefix and the diagram), how
/// its diagrams draw a cell, and its picture.
#[derive(Clone, Copy)]
pub struct RulesBook {
    /// The pages, in order.
    pub pages: &'static [(&'static str, Diagram)],
    /// How a diagram cell is drawn.
    pub draw_cell: DrawCell,
    /// The game's picture on its new-game card.
    pub card: DrawCard,
}

/// A rounded shape of a game's picture: at `left`, `bottom`, `width` ×
/// `height` logical pixels, a disc side view when `round`, else a bell.
pub fn picture_shape(
    commands: &mut Commands,
    picture: Entity,
    (left, bottom, width, height): (f32, f32, f32, f32),
    colour: Color,
    round: bool,
) {
    commands.spawn((
        ChildOf(picture),
        Node {
            position_type: PositionType::Absolute,
            left: px(left),
            bottom: px(bottom),
            width: px(width),
            height: px(height),
            border_radius: if round {
                BorderRadius::all(percent(50))
            } else {
                BorderRadius::new(px(width / 2.0), px(width / 2.0), px(3), px(3))
            },
            ..default()
        },
        BackgroundColor(colour),
        bevy::picking::Pickable::IGNORE,
    ));
}

/// The [`RulesBook`] of each game, by its kind.
#[derive(Resource, Default)]
pub struct RulesBooks(HashMap<GameKind, RulesBook>);

impl RulesBooks {
    /// Registers `kind`'s rules (its rules module's plugin does).
    pub fn insert(&mut self, kind: GameKind, book: RulesBook) {
        self.0.insert(kind, book);
    }

    /// `kind`'s rules, if its module is in the app.
    #[must_use]
    pub fn get(&self, kind: GameKind) -> Option<&RulesBook> {
        self.0.get(&kind)
    }
}
