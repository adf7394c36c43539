//! Piece animations (bevy_tweening) and the input lock they hold: moves hop
//! along an arc, captured pieces are lifted and put off the board beside the
//! capturer, an eliminated marble sinks, a winning marble rises from the
//! golden cell. Input is locked from the start of a ply's tweens until the
//! last of their `AnimCompletedEvent`s.

use std::time::Duration;

use arkes_engine::{BySeat, Seat};
use bevy::ecs::entity::EntityHashSet;
use bevy::prelude::*;
use bevy_tweening::lens::TransformPositionLens;
use bevy_tweening::{AnimCompletedEvent, AnimTargetKind, EaseMethod, Lens, Tween, TweenAnim};

use super::geometry::BoardGeometry;
use super::pieces::{BoardPos, Marble, PieceMoved};
use super::state::{BoardReset, Match};
use crate::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputLock>()
        .init_resource::<AnimationSettings>()
        .init_resource::<CaptureTray>()
        .add_systems(
            Update,
            (reset_on_board_reset, animate_moves, animate_departures, finish_animations)
                .chain()
                .in_set(AppSystems::Animate),
        );
}

/// Animation speed: 1 is normal, 2 twice as fast, 0 turns animations off.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimationSettings {
    /// Multiplier of the animation speed; 0 for no animation.
    pub speed: f32,
}

impl Default for AnimationSettings {
    fn default() -> AnimationSettings {
        AnimationSettings { speed: 1.0 }
    }
}

impl AnimationSettings {
    /// `ms` milliseconds at this speed, `None` when animations are off.
    fn duration(self, ms: u64) -> Option<Duration> {
        (self.speed > 0.0).then(|| Duration::from_secs_f32(ms as f32 / 1000.0 / self.speed))
    }
}

/// Durations of the animations at normal speed, in milliseconds.
mod ms {
    pub const HOP: u64 = 320;
    pub const DROP: u64 = 200;
    pub const CAPTURE_LIFT: u64 = 200;
    pub const CAPTURE_AWAY: u64 = 380;
    pub const SINK: u64 = 450;
    pub const VICTORY_RISE: u64 = 700;
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
}

/// Why a piece leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveReason {
    /// Captured by `by` (R7, R8): lifted and put beside that seat's edge.
    Captured {
        /// The capturing seat.
        by: Seat,
    },
    /// A marble removed because its seat is out (R12): it sinks.
    Eliminated,
    /// Gone for another reason (restart, undo): removed at once.
    Removed,
}

/// A piece on its way off the board; despawned when its animation ends.
#[derive(Component, Clone, Copy, Debug)]
pub struct Leaving {
    /// Why it leaves.
    pub reason: LeaveReason,
    /// Where it stood.
    pub from: BoardPos,
}

/// A marble that has won on the golden cell (R11); the view celebrates it.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Victory;

/// How many captured pieces each seat has put beside its edge.
#[derive(Resource, Default, Debug)]
struct CaptureTray {
    count: BySeat<u32>,
}

/// Moves a transform from `start` to `end` along a parabola `height` high.
#[derive(Clone, Copy, Debug)]
pub struct HopLens {
    /// Start position.
    pub start: Vec3,
    /// End position.
    pub end: Vec3,
    /// Height of the arc above the straight line, in world units.
    pub height: f32,
}

impl Lens<Transform> for HopLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        let mut p = self.start.lerp(self.end, ratio);
        p.y += self.height * 4.0 * ratio * (1.0 - ratio);
        target.translation = p;
    }
}

/// Scales a transform uniformly from `start` to `end`, and sinks it by `depth`.
#[derive(Clone, Copy, Debug)]
struct SinkLens {
    start: Vec3,
    depth: f32,
}

impl Lens<Transform> for SinkLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        target.translation = self.start - Vec3::Y * (self.depth * ratio);
        target.scale = Vec3::splat((1.0 - ratio).max(0.001));
    }
}

fn tween(duration: Duration, lens: impl Lens<Transform> + Send + Sync + 'static) -> Tween {
    Tween::new(EaseMethod::EaseFunction(EaseFunction::QuadraticInOut), duration, lens)
}

fn reset_on_board_reset(
    mut resets: MessageReader<BoardReset>,
    mut lock: ResMut<InputLock>,
    mut tray: ResMut<CaptureTray>,
    mut commands: Commands,
    anims: Query<Entity, (With<TweenAnim>, With<BoardPos>)>,
) {
    if resets.read().count() == 0 {
        return;
    }
    lock.pending.clear();
    *tray = CaptureTray::default();
    for entity in &anims {
        commands.entity(entity).remove::<TweenAnim>();
    }
}

fn animate_moves(
    mut moved: MessageReader<PieceMoved>,
    mut commands: Commands,
    settings: Res<AnimationSettings>,
    geometry: Option<Res<BoardGeometry>>,
    game: Option<Res<Match>>,
    mut pieces: Query<(&mut Transform, Option<&Marble>)>,
    mut lock: ResMut<InputLock>,
) {
    let (Some(g), Some(game)) = (geometry, game) else {
        moved.clear();
        return;
    };
    for m in moved.read() {
        let Ok((mut transform, marble)) = pieces.get_mut(m.entity) else { continue };
        let end = g.piece_base(m.to.coord, m.to.level);
        let won_here = marble.is_some()
            && m.to.coord == g.golden_cell()
            && game.game().outcome().and_then(|o| o.winner()) == marble.map(|mb| mb.seat);
        let hop_ms = if m.mover { ms::HOP } else { ms::DROP };
        let Some(duration) = settings.duration(hop_ms) else {
            transform.translation = end;
            if won_here {
                commands.entity(m.entity).insert(Victory);
            }
            continue;
        };
        let start = transform.translation;
        let height = if m.mover { 0.45 } else { 0.0 };
        let hop = tween(duration, HopLens { start, end, height });
        let anim = if won_here {
            let rise = settings.duration(ms::VICTORY_RISE).unwrap_or(duration);
            commands.entity(m.entity).insert(Victory);
            TweenAnim::new(
                hop.then(tween(rise, TransformPositionLens { start: end, end: end + Vec3::Y * 0.9 })),
            )
        } else {
            TweenAnim::new(hop)
        };
        commands.entity(m.entity).insert(anim);
        lock.pending.insert(m.entity);
    }
}

/// Where the `index`-th piece captured by `seat` is put, off the board
/// beside that seat's edge.
fn tray_position(g: &BoardGeometry, seat: Seat, index: u32) -> Vec3 {
    let outward = match seat {
        Seat::South => Vec3::Z,
        Seat::West => Vec3::NEG_X,
        Seat::North => Vec3::NEG_Z,
        Seat::East => Vec3::X,
    };
    let along = Vec3::new(outward.z, 0.0, -outward.x);
    let per_row = (u32::from(g.side) * 2).max(4);
    let (row, col) = (index / per_row, index % per_row);
    let t = -g.half_extent() + 0.3 + 0.5 * col as f32;
    outward * (g.half_extent() + 1.0 + 0.6 * row as f32) + along * t
}

fn animate_departures(
    mut commands: Commands,
    leaving: Query<(Entity, &Leaving, &Transform), Added<Leaving>>,
    settings: Res<AnimationSettings>,
    geometry: Option<Res<BoardGeometry>>,
    mut tray: ResMut<CaptureTray>,
    mut lock: ResMut<InputLock>,
) {
    for (entity, leaving, transform) in &leaving {
        let start = transform.translation;
        let anim = match (leaving.reason, geometry.as_deref()) {
            (LeaveReason::Captured { by }, Some(g)) => {
                let index = tray.count[by];
                tray.count[by] += 1;
                let lifted = start + Vec3::Y * 1.0;
                let end = tray_position(g, by, index) - Vec3::Y * 0.02;
                match (settings.duration(ms::CAPTURE_LIFT), settings.duration(ms::CAPTURE_AWAY)) {
                    (Some(lift), Some(away)) => Some(TweenAnim::new(
                        tween(lift, TransformPositionLens { start, end: lifted })
                            .then(tween(away, HopLens { start: lifted, end, height: 0.3 })),
                    )),
                    _ => None,
                }
            }
            (LeaveReason::Eliminated, _) => settings
                .duration(ms::SINK)
                .map(|d| TweenAnim::new(tween(d, SinkLens { start, depth: BoardGeometry::TOKEN_HEIGHT }))),
            _ => None,
        };
        match anim {
            Some(anim) => {
                commands.entity(entity).insert(anim);
                lock.pending.insert(entity);
            }
            None => commands.entity(entity).despawn(),
        }
    }
}

fn finish_animations(
    mut completed: MessageReader<AnimCompletedEvent>,
    mut commands: Commands,
    leaving: Query<(), With<Leaving>>,
    mut lock: ResMut<InputLock>,
) {
    for event in completed.read() {
        let AnimTargetKind::Component { entity } = event.target else { continue };
        lock.pending.remove(&entity);
        if leaving.contains(entity) {
            commands.entity(entity).despawn();
        }
    }
}
