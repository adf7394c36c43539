//! How Arcanor pieces look: hollow turned bells in four sizes (a lathe mesh
//! made here), lacquered in the seat colour, each with as many ivory grooves
//! as its value (a 1 has one, a 4 four). A piece covering another swallows
//! it; a band of the inner piece's colour at the rim of a duo's top piece
//! tells what is inside (hidden in memory mode, as on the physical board).
//! At Low quality the grooves are not drawn: at Low's resolution a groove is
//! under a pixel high and breaks into dashes, and a piece's size tells its
//! value as well.
//! Formations frozen on their target row stand on a dark, gold-rimmed base.

use bevy::light::NotShadowCaster;
use bevy::picking::Pickable;
use bevy::prelude::*;
use game_core::{BySeat, Seat};

use games::arcanor::{KIND, value};

use super::look::{PieceLook, PieceLooks};
use super::shared::PieceVisual;
use crate::app_state::AppSystems;
use crate::play::{BoardGeometry, BoardPiece, BoardPos, Match};
use crate::quality::{QualityLevel, RenderQuality};
use crate::settings::Settings;
use crate::theme::SeatColours;
use crate::view::baked_light::{BakedAtLow, with_light_colours};
use crate::view::shapes;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceLooks>();
    app.world_mut().resource_mut::<PieceLooks>().insert(KIND, LOOK);
    app.add_systems(Startup, create_assets).add_observer(dress_piece).add_systems(
        Update,
        (recolour.run_if(resource_changed::<SeatColours>), show_inner_bands, show_frozen_bases, show_grooves)
            .in_set(AppSystems::View),
    );
}

/// Radius of the rim of a piece of each value (1 largest … 4), world units.
pub const RADIUS: [f32; 4] = [0.42, 0.34, 0.275, 0.22];
/// Height of a piece of each value.
pub const HEIGHT: [f32; 4] = [0.92, 0.74, 0.6, 0.48];

/// The profile of a piece of rim radius 1 and height 1, bottom to top, as
/// (radius, height): a flared rim, a body narrowing to a waist, a head and a
/// rounded top, like a turned doll.
const PROFILE: [(f32, f32); 15] = [
    (1.0, 0.0),
    (1.0, 0.04),
    (0.97, 0.1),
    (0.9, 0.2),
    (0.8, 0.32),
    (0.7, 0.44),
    (0.64, 0.52),
    (0.64, 0.58),
    (0.68, 0.66),
    (0.66, 0.75),
    (0.58, 0.84),
    (0.44, 0.92),
    (0.26, 0.975),
    (0.1, 0.998),
    (0.0, 1.0),
];

/// The radius of the bell profile at height `y` (0…1).
fn profile_radius(y: f32) -> f32 {
    for w in PROFILE.windows(2) {
        let ((r0, y0), (r1, y1)) = (w[0], w[1]);
        if y <= y1 && y1 > y0 {
            let t = ((y - y0) / (y1 - y0)).clamp(0.0, 1.0);
            return r0 + (r1 - r0) * t;
        }
    }
    0.0
}

/// The bell of a piece of `value` (1…4).
fn bell(value: usize) -> Mesh {
    let (r, h) = (RADIUS[value - 1], HEIGHT[value - 1]);
    let profile: Vec<(f32, f32)> = PROFILE.iter().map(|&(pr, py)| (pr * r, py * h)).collect();
    shapes::lathe(&profile, CORNERS)
}

/// Corners round a piece, its grooves and its inner band: smooth at the
/// largest a piece is drawn, and each strip of its sides a few pixels wide.
const CORNERS: u32 = 32;

/// Half the height of a groove, world units.
const GROOVE_HALF_HEIGHT: f32 = 0.009;
/// How far a groove stands off the bell's surface, world units.
const GROOVE_OFFSET: f32 = 0.004;

/// The heights (fraction of the piece's height) of the grooves of a piece
/// of `value`: one to four rings round its waist.
fn groove_heights(value: usize) -> Vec<f32> {
    let first = 0.12;
    let step = 0.075;
    (0..value).map(|k| first + step * k as f32).collect()
}

/// The index of a piece's value (1…4) in [`RADIUS`] and [`HEIGHT`].
fn size(piece: games::PieceId) -> usize {
    usize::from(value(piece).clamp(1, 4)) - 1
}

/// How Arcanor pieces stand: a duo's top piece covers the inner one, the
/// whole duo lifts a little, a top piece leaving alone higher (so the inner
/// piece shows).
const LOOK: PieceLook = PieceLook {
    height: |p| HEIGHT[size(p)],
    grip: |p| HEIGHT[size(p)] * 0.7,
    shadow_radius: |p| RADIUS[size(p)] * 1.3,
    casts_shadow: |level, len| usize::from(level) + 1 >= len,
    lift: |whole, level, top| match (whole, level == top) {
        (true, _) => 0.22,
        (false, true) => 0.72,
        (false, false) => 0.0,
    },
};

/// Meshes and materials of the Arcanor pieces.
#[derive(Resource)]
struct DollAssets {
    bells: [Handle<Mesh>; 4],
    grooves: [Vec<(Handle<Mesh>, f32)>; 4],
    band: [Handle<Mesh>; 4],
    lacquer: BySeat<Handle<StandardMaterial>>,
    band_material: BySeat<Handle<StandardMaterial>>,
    ivory: Handle<StandardMaterial>,
    base: Handle<Mesh>,
    base_rim: Handle<Mesh>,
    base_material: Handle<StandardMaterial>,
    rim_material: Handle<StandardMaterial>,
}

fn lacquer(colour: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: colour,
        perceptual_roughness: 0.32,
        reflectance: 0.5,
        // A bell is hollow but its inside never shows: the camera is always
        // above the board, and its opening faces down. Drawing the inside
        // as well doubled the pieces' cost on software renderers.
        ..default()
    }
}

fn create_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut baked_at_low: ResMut<BakedAtLow>,
    colours: Res<SeatColours>,
) {
    let bells = [1, 2, 3, 4].map(|v| meshes.add(bell(v)));
    let grooves = [1, 2, 3, 4].map(|v| {
        let (r, h) = (RADIUS[v - 1], HEIGHT[v - 1]);
        groove_heights(v)
            .into_iter()
            .map(|y| {
                // A narrow band hugging the bell's surface (a thin torus was
                // hundreds of slivers for a line a few pixels wide).
                let dy = GROOVE_HALF_HEIGHT / h;
                let radius = |y: f32| profile_radius(y) * r + GROOVE_OFFSET;
                let band = [(radius(y - dy), -GROOVE_HALF_HEIGHT), (radius(y + dy), GROOVE_HALF_HEIGHT)];
                (meshes.add(shapes::lathe(&band, CORNERS)), y * h)
            })
            .collect()
    });
    let band = [1, 2, 3, 4].map(|v| {
        let r = RADIUS[v - 1];
        meshes.add(with_light_colours(
            Torus::new(r - 0.01, r + 0.045)
                .mesh()
                .minor_resolution(6)
                .major_resolution(CORNERS as usize)
                .into(),
        ))
    });
    let lacquer_materials = BySeat::from_fn(|seat| materials.add(lacquer(colours.of(seat))));
    let band_material = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: colours.of(seat).lighter(0.08),
            perceptual_roughness: 0.5,
            ..default()
        })
    });
    let ivory = materials.add(StandardMaterial {
        base_color: Color::srgb(0.97, 0.94, 0.85),
        perceptual_roughness: 0.6,
        ..default()
    });
    let base = meshes.add(with_light_colours(crate::view::shapes::disc(0.46, 40)));
    let base_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.12, 0.09, 0.07),
        perceptual_roughness: 0.9,
        ..default()
    });
    // Low bakes the light of the inner bands and the frozen bases
    // (`view::baked_light`); the bells stay lit, as their lacquer's gloss
    // is their look (baked, they read as matte), the grooves are hidden at
    // Low, and the bases' gold rims glow.
    for mesh in &band {
        baked_at_low.add_mesh(mesh, Quat::IDENTITY);
    }
    baked_at_low.add_mesh(&base, shapes::FLAT);
    for material in band_material.0.iter().chain([&base_material]) {
        baked_at_low.add_material(material);
    }
    commands.insert_resource(DollAssets {
        bells,
        grooves,
        band,
        lacquer: lacquer_materials,
        band_material,
        ivory,
        base,
        base_rim: meshes.add(Annulus::new(0.44, 0.48).mesh().resolution(40)),
        base_material,
        rim_material: materials.add(StandardMaterial {
            base_color: crate::theme::GOLD,
            emissive: LinearRgba::rgb(0.3, 0.16, 0.0),
            unlit: false,
            ..default()
        }),
    });
}

/// The band of the inner piece's colour at the rim of a duo's top piece.
#[derive(Component, Clone, Copy, Debug)]
struct InnerBand;

fn dress_piece(
    add: On<Add, BoardPiece>,
    pieces: Query<&BoardPiece>,
    assets: Option<Res<DollAssets>>,
    mut commands: Commands,
) {
    let (Ok(piece), Some(assets)) = (pieces.get(add.entity), assets) else { return };
    if piece.game != KIND {
        return;
    }
    let seat = piece.id.seat;
    let v = size(piece.id) + 1;
    let mut children = Vec::new();
    for (mesh, y) in &assets.grooves[v - 1] {
        children.push(
            commands
                .spawn((
                    Name::new("groove"),
                    Groove,
                    // The bell's shadow covers its grooves' and its band's.
                    NotShadowCaster,
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(assets.ivory.clone()),
                    Transform::from_xyz(0.0, *y, 0.0),
                ))
                .id(),
        );
    }
    children.push(
        commands
            .spawn((
                Name::new("inner band"),
                NotShadowCaster,
                InnerBand,
                Mesh3d(assets.band[v - 1].clone()),
                MeshMaterial3d(assets.band_material[seat].clone()),
                Transform::from_xyz(0.0, 0.025, 0.0),
                Visibility::Hidden,
            ))
            .id(),
    );
    let visual = commands
        .spawn((
            Name::new("piece mesh"),
            PieceVisual { rest_y: 0.0 },
            Mesh3d(assets.bells[v - 1].clone()),
            MeshMaterial3d(assets.lacquer[seat].clone()),
            Transform::default(),
        ))
        .add_children(&children)
        .id();
    commands.entity(add.entity).add_child(visual);
}

/// Shows the band of a duo's inner piece on its top piece, in the inner
/// piece's colour, unless memory mode hides what duos hold.
fn show_inner_bands(
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    assets: Option<Res<DollAssets>>,
    pieces: Query<(&BoardPos, &BoardPiece, &Children)>,
    visuals: Query<&Children, With<PieceVisual>>,
    mut bands: Query<(&mut Visibility, &mut MeshMaterial3d<StandardMaterial>), With<InnerBand>>,
    moved: Query<(), Or<(Changed<BoardPos>, Added<Children>)>>,
) {
    let (Some(game), Some(assets)) = (game, assets) else { return };
    if game.kind() != KIND {
        return;
    }
    if !game.is_changed() && !settings.is_changed() && moved.is_empty() {
        return;
    }
    for (pos, _, children) in &pieces {
        let inner = (pos.level == 1).then(|| game.displayed().stack(pos.coord).first().copied()).flatten();
        let shown = inner.filter(|_| !settings.memory_mode);
        for band in children.iter().filter_map(|c| visuals.get(c).ok()).flatten() {
            let Ok((mut visibility, mut material)) = bands.get_mut(*band) else { continue };
            let wanted = if shown.is_some() { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != wanted {
                *visibility = wanted;
            }
            if let Some(inner) = shown {
                let handle = &assets.band_material[inner.seat()];
                if material.0 != *handle {
                    material.0 = handle.clone();
                }
            }
        }
    }
}

/// One of the ivory rings round a piece that tell its value.
#[derive(Component, Clone, Copy, Debug)]
struct Groove;

/// Draws the grooves at High only (see the module's documentation).
fn show_grooves(quality: Option<Res<RenderQuality>>, mut grooves: Query<&mut Visibility, With<Groove>>) {
    let low = quality.is_some_and(|q| q.level == QualityLevel::Low);
    let wanted = if low { Visibility::Hidden } else { Visibility::Inherited };
    for mut visibility in &mut grooves {
        visibility.set_if_neq(wanted);
    }
}

/// The base under a frozen formation.
#[derive(Component)]
struct FrozenBase;

/// Frozen formations (A8) stand on a dark base with a gold rim; they never
/// light up as movable (they have no legal move).
fn show_frozen_bases(
    mut commands: Commands,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    assets: Option<Res<DollAssets>>,
    bases: Query<Entity, With<FrozenBase>>,
) {
    let (Some(game), Some(g), Some(assets)) = (game, geometry, assets) else { return };
    if !game.is_changed() {
        return;
    }
    for entity in &bases {
        commands.entity(entity).despawn();
    }
    if game.kind() != KIND {
        return;
    }
    let position = game.displayed();
    for cell in g.shape.coords().filter(|&c| position.is_frozen(c)) {
        let at = g.cell_center(cell) + Vec3::Y * 0.002;
        commands
            .spawn((
                Name::new(format!("frozen {cell}")),
                FrozenBase,
                Pickable::IGNORE,
                Mesh3d(assets.base.clone()),
                MeshMaterial3d(assets.base_material.clone()),
                Transform::from_translation(at).with_rotation(shapes::FLAT),
            ))
            .with_child((
                Mesh3d(assets.base_rim.clone()),
                MeshMaterial3d(assets.rim_material.clone()),
                Transform::from_xyz(0.0, 0.0, 0.001),
                Pickable::IGNORE,
            ));
    }
}

/// Gives the piece materials the colours of the palette in use.
fn recolour(
    colours: Res<SeatColours>,
    assets: Option<Res<DollAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(assets) = assets else { return };
    for seat in [Seat::South, Seat::North] {
        if let Some(mut m) = materials.get_mut(&assets.lacquer[seat]) {
            m.base_color = colours.of(seat);
        }
        if let Some(mut m) = materials.get_mut(&assets.band_material[seat]) {
            m.base_color = colours.of(seat).lighter(0.08);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_fits_inside_the_next_larger_one() {
        // At every height of the smaller piece, the larger one's wall is
        // outside it: a covering piece swallows the one inside.
        for v in 1..4 {
            let (outer_r, outer_h) = (RADIUS[v - 1], HEIGHT[v - 1]);
            let (inner_r, inner_h) = (RADIUS[v], HEIGHT[v]);
            assert!(inner_h < outer_h * 0.95, "value {}", v + 1);
            for k in 0..=20 {
                let y = inner_h * k as f32 / 20.0;
                let inner = profile_radius(y / inner_h) * inner_r;
                let outer = profile_radius(y / outer_h) * outer_r;
                assert!(outer - inner > 0.015, "value {} at height {y}: {outer} vs {inner}", v + 1);
            }
        }
    }

    #[test]
    fn the_grooves_are_drawn_at_high_and_hidden_at_low() {
        let mut app = App::new();
        app.add_systems(Update, show_grooves);
        let groove = app.world_mut().spawn((Groove, Visibility::Inherited)).id();
        let visibility = |app: &App| *app.world().get::<Visibility>(groove).expect("a groove");
        for (level, wanted) in [
            (QualityLevel::Low, Visibility::Hidden),
            (QualityLevel::High, Visibility::Inherited),
            (QualityLevel::Low, Visibility::Hidden),
        ] {
            app.insert_resource(RenderQuality { level, ..default() });
            app.update();
            assert_eq!(visibility(&app), wanted, "{level:?}");
        }
    }

    #[test]
    fn a_value_has_as_many_grooves() {
        for v in 1..=4 {
            assert_eq!(groove_heights(v).len(), v);
            assert!(groove_heights(v).iter().all(|&y| y > 0.1 && y < 0.7));
        }
    }

    #[test]
    fn the_lathe_mesh_is_closed_round_and_faces_outwards() {
        let mesh = bell(1);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions")
        };
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(normals)) =
            mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!("normals")
        };
        // Normals on the waist point away from the axis.
        for (p, n) in positions.iter().zip(normals).filter(|(p, _)| p[1] > 0.2 && p[1] < 0.4) {
            let radial = Vec2::new(p[0], p[2]).normalize();
            assert!(radial.dot(Vec2::new(n[0], n[2])) > 0.5, "{p:?} {n:?}");
        }
        // Closed by a flat cap just under the profile's top.
        let top = positions.iter().map(|p| p[1]).fold(0.0, f32::max);
        assert!(top <= HEIGHT[0] && top > HEIGHT[0] * 0.99, "{top}");
    }
}
