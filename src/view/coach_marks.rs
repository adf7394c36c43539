//! The coach's marks on the board: a lesson's target cells (gold rings),
//! the hint (a puzzle's, or the coach's: its piece and destination
//! glow, an arrow between them) and, on the review screen, the move played
//! at the ply shown (an arrow in its verdict's colour) and the best move
//! (an arrow in the best move's colour).
//!
//! An arrow lies flat just above the taller of the two stacks it joins.
//! For an Arcanor duo, a whole duo's move glows round the foot of the stack
//! and a top piece alone glows at the top piece (A5).

use std::f32::consts::FRAC_PI_2;

use bevy::light::NotShadowCaster;
use bevy::picking::Pickable;
use bevy::prelude::*;
use games::{Action, Verdict};

use super::highlights::top_of;
use super::pieces::PieceLooks;
use super::shapes::{FLAT, arrow};
use crate::app_state::{AppSystems, Overlay};
use crate::coach::{GameReview, Hint, ReviewFocus};
use crate::learn::Learning;
use crate::play::{BoardGeometry, Match};
use crate::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (show_marks, pulse).chain().in_set(AppSystems::View));
}

/// A mark of the coach on the board.
#[derive(Component)]
pub struct CoachMark {
    /// What it marks.
    pub kind: MarkKind,
    /// The move.
    pub action: Action,
    /// An arrow's tail and tip, world coordinates (`None` for a glow).
    pub arrow: Option<(Vec3, Vec3)>,
}

/// What a [`CoachMark`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// The hint's move.
    Hint,
    /// The move played at the ply under review, with its verdict.
    Played(Verdict),
    /// The best move at the ply under review.
    Best,
    /// A cell a lesson marks (where to go or look): a ring alone; the
    /// action's `from` and `to` are that cell.
    Target,
}

/// The arrows wanted now: each move and what it is.
fn wanted(
    game: &Match,
    overlay: Option<&State<Overlay>>,
    hint: &Hint,
    review: &GameReview,
    focus: ReviewFocus,
    learning: Option<&Learning>,
) -> Vec<(Action, MarkKind)> {
    let in_review = overlay.is_some_and(|o| *o.get() == Overlay::Review);
    if in_review {
        let Some(r) = focus.0.and_then(|p| review.ply(p)) else { return Vec::new() };
        if game.reviewing() != Some(r.ply - 1) {
            return Vec::new();
        }
        let mut marks = vec![(r.played, MarkKind::Played(r.verdict))];
        if !same_move(r.best, r.played) {
            marks.push((r.best, MarkKind::Best));
        }
        return marks;
    }
    if let Some(session) = learning.and_then(|l| l.0.as_ref()) {
        let mut marks: Vec<(Action, MarkKind)> = session
            .targets
            .iter()
            .map(|&cell| (Action { from: cell, to: cell, whole: false, capture: false }, MarkKind::Target))
            .collect();
        marks.extend(session.hint_action(game.game()).map(|a| (a, MarkKind::Hint)));
        return marks;
    }
    match hint.shown() {
        Some(action) if game.reviewing().is_none() => vec![(action, MarkKind::Hint)],
        _ => Vec::new(),
    }
}

fn same_move(a: Action, b: Action) -> bool {
    (a.from, a.to, a.whole) == (b.from, b.to, b.whole)
}

fn colour(kind: MarkKind) -> Color {
    match kind {
        MarkKind::Hint | MarkKind::Best => theme::BEST_MOVE,
        MarkKind::Target => theme::GOLD,
        MarkKind::Played(verdict) => theme::verdict_color(verdict),
    }
}

/// Respawns the marks when what they show changes.
#[allow(clippy::too_many_arguments)]
fn show_marks(
    mut commands: Commands,
    game: Option<Res<Match>>,
    overlay: Option<Res<State<Overlay>>>,
    hint: Res<Hint>,
    review: Res<GameReview>,
    focus: Res<ReviewFocus>,
    learning: Option<Res<Learning>>,
    looks: Res<PieceLooks>,
    geometry: Option<Res<BoardGeometry>>,
    marks: Query<Entity, With<CoachMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shown: Local<Vec<(Action, MarkKind)>>,
) {
    let (Some(game), Some(g)) = (game, geometry) else { return };
    let now = wanted(&game, overlay.as_deref(), &hint, &review, *focus, learning.as_deref());
    if now == *shown && !game.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    for &(action, kind) in &now {
        let material = materials.add(StandardMaterial {
            base_color: colour(kind).with_alpha(0.9),
            emissive: colour(kind).to_linear() * 0.6,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        if kind == MarkKind::Target {
            commands.spawn((
                Name::new(format!("lesson target {}", action.from)),
                CoachMark { kind, action, arrow: None },
                Glow,
                Pickable::IGNORE,
                NotShadowCaster,
                Mesh3d(meshes.add(Annulus::new(0.36, 0.44).mesh().resolution(48))),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(g.cell_center(action.from) + Vec3::Y * 0.008)
                    .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
            ));
            continue;
        }
        let (from, to) = (g.cell_center(action.from), g.cell_center(action.to));
        let lift = top_of(&game, &looks, action.from).max(top_of(&game, &looks, action.to)) + 0.05;
        let flat_from = Vec2::new(from.x, from.z);
        let flat_to = Vec2::new(to.x, to.z);
        let along = flat_to - flat_from;
        let length = along.length();
        // Start and end off the cells' centres, so the pieces stay in view.
        let (start, end) = (0.22, 0.18);
        let shaft = (length - start - end).max(0.2);
        let angle = (-along.y).atan2(along.x);
        let origin = from + along.normalize_or_zero().extend(0.0).xzy() * start;
        let tail = Vec3::new(origin.x, lift, origin.z);
        let tip = tail + along.normalize_or_zero().extend(0.0).xzy() * shaft;
        commands.spawn((
            Name::new(format!("coach arrow {}-{}", action.from, action.to)),
            CoachMark { kind, action, arrow: Some((tail, tip)) },
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(meshes.add(arrow(shaft, 0.09, 0.28, 0.32))),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(tail).with_rotation(Quat::from_rotation_y(angle) * FLAT),
        ));
        // The piece's glow: round the foot of its stack (a whole duo, a lone
        // piece), or at the top piece moving alone off a duo.
        let stack = game.displayed().stack(action.from).len();
        let level = if stack > 1 && !action.whole { (stack - 1) as u8 } else { 0 };
        for (cell, y) in [(action.from, g.piece_base(action.from, level).y), (action.to, 0.0)] {
            commands.spawn((
                Name::new(format!("coach glow {cell}")),
                CoachMark { kind, action, arrow: None },
                Glow,
                Pickable::IGNORE,
                NotShadowCaster,
                Mesh3d(meshes.add(Annulus::new(0.40, 0.49).mesh().resolution(48))),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(g.cell_center(cell) + Vec3::Y * (y + 0.008))
                    .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
            ));
        }
    }
    *shown = now;
}

/// A glowing ring of the coach, which pulses.
#[derive(Component)]
struct Glow;

/// The rings breathe (90 % to 110 % of their size, once a second).
fn pulse(time: Res<Time>, mut glows: Query<&mut Transform, With<Glow>>) {
    let scale = 1.0 + 0.1 * (time.elapsed_secs() * std::f32::consts::TAU).sin();
    for mut transform in &mut glows {
        transform.scale = Vec3::new(scale, scale, 1.0);
    }
}
