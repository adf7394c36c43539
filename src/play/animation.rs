//! Piece animations (bevy_tweening), which hold the [`InputLock`]: moves hop
//! along an arc (an Arcanor piece eating comes down over its prey, one
//! leaving its duo lifts off and reveals the inner piece), ARKES captured
//! pieces are lifted and put off the board beside the capturer, an
//! eliminated marble sinks, a winning marble rises from the golden cell, an
//! Arcanor piece reaching its target row settles. Input is locked from the
//! start of a ply's tweens until the last of their `AnimCompletedEvent`s.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::lens::TransformPositionLens;
use bevy_tweening::{AnimCompletedEvent, AnimTargetKind, EaseMethod, Lens, Tween, TweenAnim};
use game_core::{BySeat, Seat};

use super::commands::{BoardReset, MoveApplied};
use super::geometry::BoardGeometry;
use super::input_lock::InputLock;
use super::match_state::Match;
use super::pieces::{BoardPiece, BoardPos, LeaveReason, Leaving, PieceMoved};
use crate::app_state::AppSystems;
use crate::settings::AnimationSettings;
use games::{AnyOutcome, CellMark};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>().init_resource::<CaptureTray>().add_systems(
        Update,
        (reset_on_board_reset, animate_moves, animate_departures, finish_animations)
            .chain()
            .in_set(AppSystems::Animate),
    );
}

/// Durations of the animations at normal speed, in milliseconds.
mod ms {
    pub const HOP: u64 = 320;
    pub const DROP: u64 = 200;
    pub const CAPTURE_LIFT: u64 = 200;
    pub const CAPTURE_AWAY: u64 = 380;
    pub const SINK: u64 = 450;
    pub const VICTORY_RISE: u64 = 700;
    pub const SETTLE: u64 = 260;
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

/// How deep a removed piece sinks into the board, world units.
const SINK_DEPTH: f32 = 0.18;

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
    lock.clear();
    *tray = CaptureTray::default();
    for entity in &anims {
        commands.entity(entity).remove::<TweenAnim>();
    }
}

fn animate_moves(
    mut moved: MessageReader<PieceMoved>,
    mut applied: MessageReader<MoveApplied>,
    mut commands: Commands,
    settings: Res<AnimationSettings>,
    geometry: Option<Res<BoardGeometry>>,
    game: Option<Res<Match>>,
    mut pieces: Query<(&mut Transform, &BoardPiece)>,
    placed: Query<(Entity, &BoardPos)>,
    mut lock: ResMut<InputLock>,
) {
    let (Some(g), Some(game)) = (geometry, game) else {
        moved.clear();
        applied.clear();
        return;
    };
    // Formations that froze this frame on their target row (Arcanor A8).
    let froze: Vec<_> = applied.read().flat_map(|a| a.report.froze.clone()).collect();
    let settle = |pos: BoardPos| {
        settings
            .duration(ms::SETTLE)
            .map(|d| tween(d, SettleLens { base: g.piece_base(pos.coord, pos.level) }))
    };
    let mut hopping = Vec::new();
    for m in moved.read() {
        let Ok((mut transform, piece)) = pieces.get_mut(m.entity) else { continue };
        let end = g.piece_base(m.to.coord, m.to.level);
        // The winner's leading piece reaching a goal cell (ARKES R11).
        let won_here = match game.outcome() {
            Some(AnyOutcome::Win { seat, reason }) => {
                let position = game.displayed();
                reason.on_goal
                    && piece.id.seat == seat
                    && position.is_leader(piece.id)
                    && position.cells_marked(CellMark::Goal).contains(&m.to.coord)
            }
            _ => false,
        };
        let hop_ms = if m.mover { ms::HOP } else { ms::DROP };
        let Some(duration) = settings.duration(hop_ms) else {
            transform.translation = end;
            if won_here {
                commands.entity(m.entity).insert(Victory);
            }
            continue;
        };
        let start = transform.translation;
        // A nesting piece lifts clear of the piece inside it or under it.
        let height = match (m.mover, g.nests()) {
            (false, _) => 0.0,
            (true, false) => 0.45,
            (true, true) => 0.85,
        };
        let hop = tween(duration, HopLens { start, end, height });
        let anim = if won_here {
            let rise = settings.duration(ms::VICTORY_RISE).unwrap_or(duration);
            commands.entity(m.entity).insert(Victory);
            TweenAnim::new(
                hop.then(tween(rise, TransformPositionLens { start: end, end: end + Vec3::Y * 0.9 })),
            )
        } else if froze.contains(&m.to.coord)
            && let Some(settle) = settle(m.to)
        {
            TweenAnim::new(hop.then(settle))
        } else {
            TweenAnim::new(hop)
        };
        commands.entity(m.entity).insert(anim);
        lock.hold(m.entity);
        hopping.push(m.entity);
    }
    // A prisoner freed on its own target row settles where it is.
    for (entity, pos) in placed.iter().filter(|(e, p)| froze.contains(&p.coord) && !hopping.contains(e)) {
        if let Some(settle) = settle(*pos) {
            commands.entity(entity).insert(TweenAnim::new(settle));
            lock.hold(entity);
        }
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
    let per_row = (u32::from(g.files()) * 2).max(4);
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
                .map(|d| TweenAnim::new(tween(d, SinkLens { start, depth: SINK_DEPTH }))),
            _ => None,
        };
        match anim {
            Some(anim) => {
                commands.entity(entity).insert(anim);
                lock.hold(entity);
            }
            None => commands.entity(entity).despawn(),
        }
    }
}

/// Squashes and restores a transform's scale: a piece settling on its cell.
#[derive(Clone, Copy, Debug)]
struct SettleLens {
    base: Vec3,
}

impl Lens<Transform> for SettleLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        let squash = 0.1 * (ratio * std::f32::consts::PI).sin();
        target.translation = self.base;
        target.scale = Vec3::new(1.0 + squash * 0.5, 1.0 - squash, 1.0 + squash * 0.5);
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
        lock.release(entity);
        if leaving.contains(entity) {
            commands.entity(entity).despawn();
        }
    }
}
