//! How ARKES tokens and marbles look: discs in the seat colour with the
//! seat's mark on top and a darker seam at the foot (so a tower reads as two
//! tokens), glossy marbles.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use game_core::{BySeat, Seat};

use games::arkes::{KIND, is_marble};

use super::look::{PieceLook, PieceLooks};
use super::shared::PieceVisual;
use crate::app_state::AppSystems;
use crate::play::BoardPiece;
use crate::theme::{self, Mark, SeatColours};
use crate::view::baked_light::{BakedAtLow, with_light_colours};
use crate::view::shapes;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceLooks>();
    app.world_mut().resource_mut::<PieceLooks>().insert(KIND, LOOK);
    app.add_systems(Startup, create_piece_assets)
        .add_observer(dress_piece)
        .add_systems(Update, recolour.run_if(resource_changed::<SeatColours>).in_set(AppSystems::View));
}

/// Height of a token (its stack step, RULES.md's "tower" two of them).
pub const TOKEN_HEIGHT: f32 = 0.18;
/// Radius of a token.
pub const TOKEN_RADIUS: f32 = 0.37;
/// Radius of a marble.
pub const MARBLE_RADIUS: f32 = 0.28;

/// How ARKES pieces stand: tokens stack, the top piece alone lifts.
const LOOK: PieceLook = PieceLook {
    height: |p| if is_marble(p) { MARBLE_RADIUS * 1.8 } else { TOKEN_HEIGHT },
    grip: |p| if is_marble(p) { MARBLE_RADIUS * 1.8 } else { TOKEN_HEIGHT },
    shadow_radius: |p| if is_marble(p) { MARBLE_RADIUS * 1.2 } else { TOKEN_RADIUS * 1.3 },
    casts_shadow: |level, _| level == 0,
    lift: |_, level, top| if level == top { 0.22 } else { 0.0 },
};

/// Meshes and materials of the ARKES pieces.
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

/// Corners round a token: smooth at any size it is drawn (a token is about
/// 40 pixels wide at 1280 × 720), and each of its side's strips is a few
/// pixels wide.
const TOKEN_CORNERS: u32 = 32;

fn mark_mesh(mark: Mark) -> Mesh {
    let r = TOKEN_RADIUS * 0.42;
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
    mut baked_at_low: ResMut<BakedAtLow>,
    colours: Res<SeatColours>,
) {
    let token =
        meshes.add(with_light_colours(shapes::cylinder(TOKEN_RADIUS, TOKEN_HEIGHT, TOKEN_CORNERS, true)));
    // An icosphere: triangles of one size all over (a UV sphere's pole, the
    // part the camera sees, is a fan of slivers).
    let marble = meshes.add(Sphere::new(MARBLE_RADIUS).mesh().ico(3).expect("3 subdivisions are few enough"));
    // A darker band round the foot of each token, so that two stacked tokens
    // of one colour (a tower) read as two.
    // Only its side shows: its top is inside the token.
    let seam =
        meshes.add(with_light_colours(shapes::cylinder(TOKEN_RADIUS + 0.004, 0.035, TOKEN_CORNERS, false)));
    let seam_material = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: colours.of(seat).darker(0.22),
            perceptual_roughness: 0.7,
            ..default()
        })
    });
    let marks = [Mark::Ring, Mark::Triangle, Mark::Square, Mark::Diamond]
        .map(|m| meshes.add(with_light_colours(mark_mesh(m))));
    let token_material = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: colours.of(seat),
            perceptual_roughness: 0.5,
            reflectance: 0.4,
            ..default()
        })
    });
    let marble_material = BySeat::from_fn(|seat| {
        let c = colours.of(seat).to_linear();
        materials.add(StandardMaterial {
            base_color: colours.of(seat).lighter(0.05),
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
    // Low bakes the light of all but the marbles (`view::baked_light`).
    baked_at_low.add_mesh(&token, Quat::IDENTITY);
    baked_at_low.add_mesh(&seam, Quat::IDENTITY);
    for mark in &marks {
        baked_at_low.add_mesh(mark, shapes::FLAT);
    }
    for material in token_material.0.iter().chain(&seam_material.0).chain([&mark_material]) {
        baked_at_low.add_material(material);
    }
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

/// Gives a new ARKES piece its meshes.
fn dress_piece(
    add: On<Add, BoardPiece>,
    pieces: Query<&BoardPiece>,
    assets: Option<Res<PieceAssets>>,
    mut commands: Commands,
) {
    let (Ok(piece), Some(assets)) = (pieces.get(add.entity), assets) else { return };
    if piece.game != KIND {
        return;
    }
    if is_marble(piece.id) {
        dress_marble(&mut commands, add.entity, piece.id.seat, &assets);
    } else {
        dress_token(&mut commands, add.entity, piece.id.seat, &assets);
    }
}

fn dress_token(commands: &mut Commands, entity: Entity, seat: Seat, assets: &PieceAssets) {
    let rest_y = TOKEN_HEIGHT / 2.0;
    let mark = commands
        .spawn((
            Name::new("mark"),
            // The token's shadow covers the mark's and the seam's.
            NotShadowCaster,
            Mesh3d(assets.marks[mark_index(seat)].clone()),
            MeshMaterial3d(assets.mark_material.clone()),
            Transform::from_xyz(0.0, TOKEN_HEIGHT / 2.0 + 0.002, 0.0).with_rotation(shapes::FLAT),
        ))
        .id();
    let seam = commands
        .spawn((
            Name::new("seam"),
            NotShadowCaster,
            Mesh3d(assets.seam.clone()),
            MeshMaterial3d(assets.seam_material[seat].clone()),
            Transform::from_xyz(0.0, -rest_y + 0.0175, 0.0),
        ))
        .id();
    let visual = commands
        .spawn((
            Name::new("token mesh"),
            PieceVisual { rest_y },
            Mesh3d(assets.token.clone()),
            MeshMaterial3d(assets.token_material[seat].clone()),
            Transform::from_xyz(0.0, rest_y, 0.0),
        ))
        .add_children(&[mark, seam])
        .id();
    commands.entity(entity).add_child(visual);
}

fn dress_marble(commands: &mut Commands, entity: Entity, seat: Seat, assets: &PieceAssets) {
    let rest_y = MARBLE_RADIUS * 0.9;
    let visual = commands
        .spawn((
            Name::new("marble mesh"),
            PieceVisual { rest_y },
            Mesh3d(assets.marble.clone()),
            MeshMaterial3d(assets.marble_material[seat].clone()),
            Transform::from_xyz(0.0, rest_y, 0.0),
        ))
        .id();
    commands.entity(entity).add_child(visual);
}

/// Gives the piece materials the colours of the palette in use.
fn recolour(
    colours: Res<SeatColours>,
    assets: Option<Res<PieceAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(assets) = assets else { return };
    for seat in Seat::ALL {
        let colour = colours.of(seat);
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
