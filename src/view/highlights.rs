//! Markers on the board: the selected piece's destinations (plain moves and
//! captures look different), the last move, and the cell under the mouse.

use std::f32::consts::FRAC_PI_2;

use bevy::light::NotShadowCaster;
use bevy::picking::Pickable;
use bevy::prelude::*;
use game_core::Coord;

use crate::app_state::AppSystems;
use crate::play::{
    BoardCursor, BoardGeometry, BoardPos, Cell, GameFlow, InputLock, Match, PickBackground, Selection,
    picked_cell,
};
use crate::settings::Settings;
use crate::theme::{self, SeatColours};
use crate::view::pieces::PieceLooks;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .add_systems(Startup, create_marker_assets)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_systems(
            Update,
            (show_destinations, show_last_move, show_hover, show_cursor, show_turn_glow)
                .in_set(AppSystems::View),
        );
}

#[derive(Resource)]
struct MarkerAssets {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    square: Handle<Mesh>,
    move_material: Handle<StandardMaterial>,
    capture_material: Handle<StandardMaterial>,
    last_material: Handle<StandardMaterial>,
    hover_material: Handle<StandardMaterial>,
}

fn glow(materials: &mut Assets<StandardMaterial>, color: Color, alpha: f32) -> Handle<StandardMaterial> {
    let linear = color.to_linear();
    materials.add(StandardMaterial {
        base_color: color.with_alpha(alpha),
        emissive: LinearRgba::rgb(linear.red * 0.8, linear.green * 0.8, linear.blue * 0.8),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    })
}

fn create_marker_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MarkerAssets {
        disc: meshes.add(super::shapes::disc(0.2, 32)),
        ring: meshes.add(Annulus::new(0.33, 0.46).mesh().resolution(48)),
        square: meshes.add(Rectangle::new(0.94, 0.94)),
        move_material: glow(&mut materials, theme::MOVE_HINT, 0.85),
        capture_material: glow(&mut materials, theme::CAPTURE_HINT, 0.9),
        last_material: glow(&mut materials, theme::LAST_MOVE, 0.3),
        hover_material: glow(&mut materials, Color::WHITE, 0.5),
    });
}

/// A flat marker lying on the board.
#[derive(Component)]
struct DestinationMarker;

#[derive(Component)]
struct LastMoveMarker;

#[derive(Component)]
struct HoverMarker;

/// The gamepad and keyboard cursor.
#[derive(Component)]
struct CursorMarker;

/// The glow along the board edge of the seat to move.
#[derive(Component)]
struct TurnGlow;

/// The cell (or piece's cell) under the mouse, if any.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hovered(pub Option<Coord>);

fn on_over(
    mut over: On<Pointer<Over>>,
    parents: Query<&ChildOf>,
    cells: Query<&Cell>,
    pieces: Query<&BoardPos>,
    background: Query<(), With<PickBackground>>,
    mut hovered: ResMut<Hovered>,
) {
    if let Some(coord) = picked_cell(over.entity, &parents, &cells, &pieces, &background) {
        over.propagate(false);
        hovered.0 = coord;
    }
}

fn on_out(
    mut out: On<Pointer<Out>>,
    parents: Query<&ChildOf>,
    cells: Query<&Cell>,
    pieces: Query<&BoardPos>,
    background: Query<(), With<PickBackground>>,
    mut hovered: ResMut<Hovered>,
) {
    if let Some(coord) = picked_cell(out.entity, &parents, &cells, &pieces, &background) {
        out.propagate(false);
        if hovered.0 == coord {
            hovered.0 = None;
        }
    }
}

/// The height of the top of `coord`'s stack: its top piece's base (pieces
/// that stack stand on those under them) plus its height, by its game's
/// [`PieceLook`](crate::view::pieces::PieceLook).
pub fn top_of(game: &Match, looks: &PieceLooks, coord: Coord) -> f32 {
    let stack = game.displayed().stack(coord);
    let height = match (stack.last(), looks.get(game.kind())) {
        (Some(&top), Some(look)) => (stack.len() - 1) as f32 * game.kind().stack_step() + (look.height)(top),
        _ => 0.0,
    };
    height + 0.012
}

fn flat(position: Vec3) -> Transform {
    Transform::from_translation(position).with_rotation(Quat::from_rotation_x(-FRAC_PI_2))
}

fn show_destinations(
    mut commands: Commands,
    selection: Res<Selection>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
    looks: Res<PieceLooks>,
    geometry: Option<Res<BoardGeometry>>,
    assets: Res<MarkerAssets>,
    markers: Query<Entity, With<DestinationMarker>>,
) {
    if !selection.is_changed() && !settings.is_changed() {
        return;
    }
    for entity in &markers {
        commands.entity(entity).despawn();
    }
    let (Some(game), Some(g)) = (game, geometry) else { return };
    if !settings.show_legal_moves {
        return;
    }
    for d in &selection.destinations {
        let position = g.cell_center(d.to) + Vec3::Y * top_of(&game, &looks, d.to);
        let (mesh, material) = if d.capture {
            (assets.ring.clone(), assets.capture_material.clone())
        } else {
            (assets.disc.clone(), assets.move_material.clone())
        };
        commands.spawn((
            Name::new(format!("destination {}", d.to)),
            DestinationMarker,
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            flat(position),
        ));
    }
}

fn show_last_move(
    mut commands: Commands,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    assets: Res<MarkerAssets>,
    markers: Query<Entity, With<LastMoveMarker>>,
) {
    let (Some(game), Some(g)) = (game, geometry) else { return };
    if !game.is_changed() {
        return;
    }
    for entity in &markers {
        commands.entity(entity).despawn();
    }
    let Some(mv) = game.last_move() else { return };
    for coord in [mv.from, mv.to] {
        commands.spawn((
            Name::new(format!("last move {coord}")),
            LastMoveMarker,
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(assets.square.clone()),
            MeshMaterial3d(assets.last_material.clone()),
            flat(g.cell_center(coord) + Vec3::Y * 0.003),
        ));
    }
}

/// A ring under the mouse on cells where clicking does something.
fn show_hover(
    mut commands: Commands,
    hovered: Res<Hovered>,
    selection: Res<Selection>,
    lock: Res<InputLock>,
    flow: Res<GameFlow>,
    game: Option<Res<Match>>,
    looks: Res<PieceLooks>,
    geometry: Option<Res<BoardGeometry>>,
    assets: Res<MarkerAssets>,
    mut marker: Query<(Entity, &mut Transform, &mut Visibility), With<HoverMarker>>,
) {
    let (Some(game), Some(g)) = (game, geometry) else { return };
    let actionable = hovered.0.filter(|&c| {
        let human = game.is_human(game.to_move());
        human
            && flow.accepting_input
            && game.reviewing().is_none()
            && !lock.is_locked()
            && (selection.destinations.iter().any(|d| d.to == c) || !game.actions_from(c).is_empty())
    });
    let Ok((entity, mut transform, mut visibility)) = marker.single_mut() else {
        commands.spawn((
            Name::new("hover"),
            HoverMarker,
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.hover_material.clone()),
            flat(Vec3::ZERO),
            Visibility::Hidden,
        ));
        return;
    };
    let _ = entity;
    match actionable {
        Some(c) => {
            *transform = flat(g.cell_center(c) + Vec3::Y * (top_of(&game, &looks, c) + 0.004));
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
}

/// The cursor of gamepads and the keyboard, in the colour of the seat using it.
fn show_cursor(
    mut commands: Commands,
    cursor: Res<BoardCursor>,
    game: Option<Res<Match>>,
    looks: Res<PieceLooks>,
    flow: Res<GameFlow>,
    geometry: Option<Res<BoardGeometry>>,
    colours: Res<SeatColours>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut marker: Query<
        (&mut Transform, &mut Visibility, &MeshMaterial3d<StandardMaterial>),
        With<CursorMarker>,
    >,
) {
    let (Some(game), Some(g)) = (game, geometry) else { return };
    let Ok((mut transform, mut visibility, material)) = marker.single_mut() else {
        commands.spawn((
            Name::new("board cursor"),
            CursorMarker,
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(meshes.add(Annulus::new(0.47, 0.53).mesh().resolution(4))),
            MeshMaterial3d(materials.add(StandardMaterial {
                unlit: true,
                alpha_mode: AlphaMode::Blend,
                ..default()
            })),
            flat(Vec3::ZERO),
            Visibility::Hidden,
        ));
        return;
    };
    let seat = game.to_move();
    match cursor.coord.filter(|_| cursor.seat == Some(seat) && flow.accepting_input) {
        Some(c) => {
            *transform = flat(g.cell_center(c) + Vec3::Y * (top_of(&game, &looks, c) + 0.006)).with_rotation(
                Quat::from_rotation_x(-FRAC_PI_2) * Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
            );
            *visibility = Visibility::Visible;
            if let Some(mut m) = materials.get_mut(&material.0) {
                let colour = colours.of(seat).lighter(0.2);
                if m.base_color != colour {
                    m.base_color = colour;
                }
            }
        }
        None => *visibility = Visibility::Hidden,
    }
}

/// A strip glowing in the colour of the seat to move along its edge of the
/// board, so the turn reads from across the room.
fn show_turn_glow(
    mut commands: Commands,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    time: Res<Time>,
    colours: Res<SeatColours>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut glow: Query<(&mut Transform, &mut Visibility, &MeshMaterial3d<StandardMaterial>), With<TurnGlow>>,
) {
    let (Some(game), Some(g)) = (game, geometry) else { return };
    let Ok((mut transform, mut visibility, material)) = glow.single_mut() else {
        commands.spawn((
            Name::new("turn glow"),
            TurnGlow,
            Pickable::IGNORE,
            NotShadowCaster,
            Mesh3d(meshes.add(Cuboid::new(1.0, 0.04, 0.16))),
            MeshMaterial3d(materials.add(StandardMaterial { unlit: true, ..default() })),
            Transform::default(),
            Visibility::Hidden,
        ));
        return;
    };
    if game.outcome().is_some() || game.reviewing().is_some() {
        *visibility = Visibility::Hidden;
        return;
    }
    let seat = game.to_move();
    let half = g.half_extents() + Vec2::splat(0.45);
    let (centre, across, length) = match seat {
        game_core::Seat::South => (Vec3::new(0.0, 0.0, half.y), false, f32::from(g.files()) + 0.9),
        game_core::Seat::North => (Vec3::new(0.0, 0.0, -half.y), false, f32::from(g.files()) + 0.9),
        game_core::Seat::West => (Vec3::new(-half.x, 0.0, 0.0), true, f32::from(g.ranks()) + 0.9),
        game_core::Seat::East => (Vec3::new(half.x, 0.0, 0.0), true, f32::from(g.ranks()) + 0.9),
    };
    let rotation = if across { Quat::from_rotation_y(FRAC_PI_2) } else { Quat::IDENTITY };
    let placed = Transform::from_translation(centre + Vec3::Y * 0.01)
        .with_rotation(rotation)
        .with_scale(Vec3::new(length, 1.0, 1.0));
    if *transform != placed {
        *transform = placed;
    }
    *visibility = Visibility::Visible;
    if let Some(mut m) = materials.get_mut(&material.0) {
        // A slow pulse.
        let pulse = 0.75 + 0.25 * (time.elapsed_secs() * 2.4).sin();
        let c = colours.of(seat).lighter(0.15).to_linear();
        m.base_color = Color::LinearRgba(LinearRgba::rgb(
            c.red * pulse * 1.6,
            c.green * pulse * 1.6,
            c.blue * pulse * 1.6,
        ));
    }
}
