//! How tokens and marbles look: discs in the seat colour with the seat's mark
//! on top, glossy marbles; a selected piece lifts; a captured piece fades.

use std::f32::consts::FRAC_PI_2;
use std::time::Duration;

use arkes_engine::{BySeat, Seat};
use bevy::prelude::*;
use bevy_tweening::{AnimTarget, EaseMethod, Lens, Tween, TweenAnim};

use crate::AppSystems;
use crate::game::{BoardGeometry, BoardPos, LeaveReason, Leaving, Marble, Match, Selection, Token};
use crate::theme::{self, Mark};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_piece_assets)
        .add_observer(dress_token)
        .add_observer(dress_marble)
        .add_observer(fade_captured)
        .add_systems(Update, (lift_selected, recolour).in_set(AppSystems::View));
}

/// Meshes and materials of the pieces.
#[derive(Resource)]
pub struct PieceAssets {
    token: Handle<Mesh>,
    seam: Handle<Mesh>,
    seam_material: BySeat<Handle<StandardMaterial>>,
    marble: Handle<Mesh>,
    marks: [Handle<Mesh>; 4],
    token_material: BySeat<Handle<StandardMaterial>>,
    marble_material: BySeat<Handle<StandardMaterial>>,
    mark_material: Handle<StandardMaterial>,
}

/// The mesh child of a piece; its local height is animated when lifted.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceVisual {
    /// Local height of the mesh at rest.
    pub rest_y: f32,
}

fn mark_mesh(mark: Mark) -> Mesh {
    let r = BoardGeometry::TOKEN_RADIUS * 0.42;
    match mark {
        Mark::Ring => Annulus::new(r * 0.55, r).mesh().resolution(40).into(),
        Mark::Triangle => RegularPolygon::new(r * 1.05, 3).mesh().into(),
        Mark::Square => Rectangle::new(r * 1.45, r * 1.45).mesh().into(),
        Mark::Diamond => Rhombus::new(r * 1.5, r * 2.1).mesh().into(),
    }
}

fn create_piece_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let token = meshes
        .add(Cylinder::new(BoardGeometry::TOKEN_RADIUS, BoardGeometry::TOKEN_HEIGHT).mesh().resolution(48));
    let marble = meshes.add(Sphere::new(BoardGeometry::MARBLE_RADIUS).mesh().uv(40, 24));
    // A darker band round the foot of each token, so that two stacked tokens
    // of one colour (a tower) read as two.
    let seam = meshes.add(Cylinder::new(BoardGeometry::TOKEN_RADIUS + 0.004, 0.035).mesh().resolution(48));
    let seam_material = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: theme::seat_color(seat).darker(0.22),
            perceptual_roughness: 0.7,
            ..default()
        })
    });
    let marks = [Mark::Ring, Mark::Triangle, Mark::Square, Mark::Diamond].map(|m| meshes.add(mark_mesh(m)));
    let token_material = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: theme::seat_color(seat),
            perceptual_roughness: 0.5,
            reflectance: 0.4,
            ..default()
        })
    });
    let marble_material = BySeat::from_fn(|seat| {
        let c = theme::seat_color(seat).to_linear();
        materials.add(StandardMaterial {
            base_color: theme::seat_color(seat).lighter(0.05),
            perceptual_roughness: 0.08,
            reflectance: 0.9,
            emissive: LinearRgba::rgb(c.red * 0.12, c.green * 0.12, c.blue * 0.12),
            ..default()
        })
    });
    let mark_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.97, 0.95, 0.88),
        perceptual_roughness: 0.7,
        ..default()
    });
    commands.insert_resource(PieceAssets {
        token,
        seam,
        seam_material,
        marble,
        marks,
        token_material,
        marble_material,
        mark_material,
    });
}

fn mark_index(seat: Seat) -> usize {
    match theme::seat_mark(seat) {
        Mark::Ring => 0,
        Mark::Triangle => 1,
        Mark::Square => 2,
        Mark::Diamond => 3,
    }
}

fn dress_token(
    add: On<Add, Token>,
    tokens: Query<&Token>,
    assets: Option<Res<PieceAssets>>,
    mut commands: Commands,
) {
    let (Ok(token), Some(assets)) = (tokens.get(add.entity), assets) else { return };
    let rest_y = BoardGeometry::TOKEN_HEIGHT / 2.0;
    let mark = commands
        .spawn((
            Name::new("mark"),
            Mesh3d(assets.marks[mark_index(token.seat)].clone()),
            MeshMaterial3d(assets.mark_material.clone()),
            Transform::from_xyz(0.0, BoardGeometry::TOKEN_HEIGHT / 2.0 + 0.002, 0.0)
                .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ))
        .id();
    let seam = commands
        .spawn((
            Name::new("seam"),
            Mesh3d(assets.seam.clone()),
            MeshMaterial3d(assets.seam_material[token.seat].clone()),
            Transform::from_xyz(0.0, -rest_y + 0.0175, 0.0),
        ))
        .id();
    let visual = commands
        .spawn((
            Name::new("token mesh"),
            PieceVisual { rest_y },
            Mesh3d(assets.token.clone()),
            MeshMaterial3d(assets.token_material[token.seat].clone()),
            Transform::from_xyz(0.0, rest_y, 0.0),
        ))
        .add_children(&[mark, seam])
        .id();
    commands.entity(add.entity).add_child(visual);
}

fn dress_marble(
    add: On<Add, Marble>,
    marbles: Query<&Marble>,
    assets: Option<Res<PieceAssets>>,
    mut commands: Commands,
) {
    let (Ok(marble), Some(assets)) = (marbles.get(add.entity), assets) else { return };
    let rest_y = BoardGeometry::MARBLE_RADIUS * 0.9;
    let visual = commands
        .spawn((
            Name::new("marble mesh"),
            PieceVisual { rest_y },
            Mesh3d(assets.marble.clone()),
            MeshMaterial3d(assets.marble_material[marble.seat].clone()),
            Transform::from_xyz(0.0, rest_y, 0.0),
        ))
        .id();
    commands.entity(add.entity).add_child(visual);
}

/// Lifts the selected piece a little; the others rest.
fn lift_selected(
    selection: Res<Selection>,
    game: Option<Res<Match>>,
    pieces: Query<(&BoardPos, &Children)>,
    mut visuals: Query<(&PieceVisual, &mut Transform)>,
    time: Res<Time>,
) {
    let Some(game) = game else { return };
    let board = game.displayed().board();
    let selected = selection.from.map(|c| (c, board.get(c).len().saturating_sub(1) as u8));
    let k = 1.0 - (-time.delta_secs() * 14.0).exp();
    for (pos, children) in &pieces {
        let lifted = selected == Some((pos.coord, pos.level));
        for child in children {
            if let Ok((visual, mut transform)) = visuals.get_mut(*child) {
                let target = visual.rest_y + if lifted { 0.22 } else { 0.0 };
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

/// Gives the piece materials the colours of the palette in use.
fn recolour(
    settings: Option<Res<crate::settings::Settings>>,
    assets: Option<Res<PieceAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Some(settings), Some(assets)) = (settings, assets) else { return };
    if !settings.is_changed() {
        return;
    }
    for seat in Seat::ALL {
        let colour = theme::seat_color(seat);
        if let Some(mut m) = materials.get_mut(&assets.token_material[seat]) {
            m.base_color = colour;
        }
        if let Some(mut m) = materials.get_mut(&assets.seam_material[seat]) {
            m.base_color = colour.darker(0.22);
        }
        if let Some(mut m) = materials.get_mut(&assets.marble_material[seat]) {
            let c = colour.to_linear();
            m.base_color = colour.lighter(0.05);
            m.emissive = LinearRgba::rgb(c.red * 0.12, c.green * 0.12, c.blue * 0.12);
        }
    }
}
