//! [`PieceLooks`]: how each game's pieces stand and look, registered by the
//! game's view module under its [`GameKind`], so the views shared by both
//! games (lifts, shadows, markers over pieces, the automation's grip points)
//! ask it instead of testing which game is played.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use games::{GameKind, PieceId};

/// How one game's pieces stand and look. Heights and radii in world units
/// (1 = one cell).
#[derive(Clone, Copy, Debug)]
pub struct PieceLook {
    /// The height of a piece above its base.
    pub height: fn(PieceId) -> f32,
    /// Where a pointer grips a piece, as a height above its base (a token's
    /// top face; the upper part of a marble or of an Arcanor piece, whose
    /// rounded top projects onto its silhouette's edge).
    pub grip: fn(PieceId) -> f32,
    /// The radius of a piece's contact shadow: a little wider than it.
    pub shadow_radius: fn(PieceId) -> f32,
    /// Whether the piece at `level` of a stack of `len` casts the cell's
    /// contact shadow (the bottom one of stacking pieces, the covering one
    /// of nesting pieces).
    pub casts_shadow: fn(level: u8, len: usize) -> bool,
    /// How high the piece at `level` lifts when its cell is picked, `top`
    /// being the stack's top level and `whole` whether the whole stack
    /// moves.
    pub lift: fn(whole: bool, level: u8, top: u8) -> f32,
}

/// The [`PieceLook`] of each game, by its kind.
#[derive(Resource, Default)]
pub struct PieceLooks(HashMap<GameKind, PieceLook>);

impl PieceLooks {
    /// Registers `kind`'s look (its view module's plugin does).
    pub fn insert(&mut self, kind: GameKind, look: PieceLook) {
        self.0.insert(kind, look);
    }

    /// `kind`'s look, if its view module is in the app.
    #[must_use]
    pub fn get(&self, kind: GameKind) -> Option<&PieceLook> {
        self.0.get(&kind)
    }
}
