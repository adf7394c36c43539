//! [`InputLock`]: the entities whose ply animations are playing. While any
//! is, no move may be picked or sent (the computer waits too).

use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputLock>();
}

/// Entities whose ply animations are playing; input waits until it is empty.
#[derive(Resource, Default, Debug)]
pub struct InputLock {
    pending: EntityHashSet,
}

impl InputLock {
    /// Whether a ply is still animating (no move may be picked or sent).
    #[must_use]
    pub fn is_locked(&self) -> bool {
        !self.pending.is_empty()
    }

    /// `entity` starts an animation of the ply.
    pub fn hold(&mut self, entity: Entity) {
        self.pending.insert(entity);
    }

    /// `entity`'s animation has ended.
    pub fn release(&mut self, entity: Entity) {
        self.pending.remove(&entity);
    }

    /// Every animation was cut short (a new board).
    pub fn clear(&mut self) {
        self.pending.clear();
    }
}
