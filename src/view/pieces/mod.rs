//! How pieces look: each game dresses its pieces ([`arkes`]: tokens and
//! marbles; [`arcanor`]: nesting pieces); shared here: a selected piece
//! lifts, a captured piece fades, the palette follows the settings.

mod arcanor;
mod arkes;

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{AnimTarget, EaseMethod, Lens, Tween, TweenAnim};

use crate::AppSystems;
use crate::game::{BoardPos, LeaveReason, Leaving, Match, Selection};
use crate::games::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((arkes::plugin, arcanor::plugin))
        .add_observer(fade_captured)
        .add_systems(Update, lift_selected.in_set(AppSystems::View));
}

/// The mesh child of a piece; its local height is animated when lifted.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceVisual {
    /// Local height of the mesh at rest.
    pub rest_y: f32,
}

/// How high a selected piece lifts, in world units: the ARKES top piece, an
/// Arcanor duo moving whole (both pieces), or an Arcanor top piece leaving
/// its duo alone (higher, so the inner piece shows).
fn lift(kind: GameKind, selection: &Selection, pos: BoardPos, top_level: u8) -> f32 {
    match kind {
        GameKind::Arkes => {
            if pos.level == top_level {
                0.22
            } else {
                0.0
            }
        }
        GameKind::Arcanor if selection.whole => 0.22,
        GameKind::Arcanor if pos.level == top_level => 0.72,
        GameKind::Arcanor => 0.0,
    }
}

/// Lifts the selected pieces; the others rest.
fn lift_selected(
    selection: Res<Selection>,
    game: Option<Res<Match>>,
    pieces: Query<(&BoardPos, &Children)>,
    mut visuals: Query<(&PieceVisual, &mut Transform)>,
    time: Res<Time>,
) {
    let Some(game) = game else { return };
    let k = 1.0 - (-time.delta_secs() * 14.0).exp();
    let top_level = selection.from.map(|c| game.displayed().stack(c).len().saturating_sub(1) as u8);
    for (pos, children) in &pieces {
        let lifted = match (selection.from, top_level) {
            (Some(from), Some(top)) if from == pos.coord => lift(game.kind(), &selection, *pos, top),
            _ => 0.0,
        };
        for child in children {
            if let Ok((visual, mut transform)) = visuals.get_mut(*child) {
                let target = visual.rest_y + lifted;
                let y = transform.translation.y;
                if (y - target).abs() > 1e-4 {
                    transform.translation.y = y + (target - y) * k;
                }
            }
        }
    }
}

/// Fades a material's alpha from `start` to `end`.
struct AlphaLens {
    start: f32,
    end: f32,
}

impl Lens<StandardMaterial> for AlphaLens {
    fn lerp(&mut self, mut target: Mut<StandardMaterial>, ratio: f32) {
        let alpha = self.start + (self.end - self.start) * ratio;
        target.base_color.set_alpha(alpha);
    }
}

/// A captured piece fades while it is carried off the board.
fn fade_captured(
    add: On<Add, Leaving>,
    leaving: Query<(&Leaving, &Children)>,
    visuals: Query<&MeshMaterial3d<StandardMaterial>, With<PieceVisual>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    let Ok((leaving, children)) = leaving.get(add.entity) else { return };
    if !matches!(leaving.reason, LeaveReason::Captured { .. }) {
        return;
    }
    for child in children {
        let Ok(material) = visuals.get(*child) else { continue };
        let Some(mut faded) = materials.get(&material.0).cloned() else { continue };
        faded.alpha_mode = AlphaMode::Blend;
        let handle = materials.add(faded);
        let tween = Tween::new(
            EaseMethod::EaseFunction(EaseFunction::QuadraticIn),
            Duration::from_millis(580),
            AlphaLens { start: 1.0, end: 0.0 },
        );
        commands.entity(*child).insert((
            MeshMaterial3d(handle.clone()),
            TweenAnim::new(tween),
            AnimTarget::asset(&handle),
        ));
    }
}

/// The height of an Arcanor piece of `value` (1 largest … 4), world units.
#[must_use]
pub fn doll_height(value: u8) -> f32 {
    arcanor::HEIGHT[usize::from(value.clamp(1, 4)) - 1]
}
