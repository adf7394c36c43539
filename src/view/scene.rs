//! The table, the wooden board with its grid (ARKES: the golden cell;
//! Arcanor: each home row tinted in its owner's colour, so the target rows
//! read at a glance), and the light.

use arkes_engine::{BySeat, Coord, Seat};
use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight, NotShadowCaster};
use bevy::prelude::*;

use crate::game::{BoardGeometry, Cell, PickBackground};
use crate::games::GameKind;
use crate::theme::{self, SeatColours};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(theme::TABLE))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.96, 0.9),
            brightness: 140.0,
            ..default()
        })
        .insert_resource(bevy::light::DirectionalLightShadowMap { size: 2048 })
        .add_systems(Startup, (create_materials, spawn_table_and_light).chain())
        .add_systems(Update, spawn_board_frame.run_if(resource_exists_and_changed::<BoardGeometry>))
        .add_systems(Update, tint_home_rows.run_if(resource_changed::<SeatColours>))
        .add_observer(dress_cell);
}

/// Materials and meshes of the board, made once.
#[derive(Resource)]
pub struct BoardAssets {
    /// Wood tones for the cells, picked by cell so the board looks natural.
    pub cell_wood: Vec<Handle<StandardMaterial>>,
    /// The golden cell.
    pub gold: Handle<StandardMaterial>,
    /// The frame and the grooves between cells.
    pub frame: Handle<StandardMaterial>,
    /// Arcanor's home rows, wood tinted in the owner's colour.
    pub home: BySeat<Handle<StandardMaterial>>,
    /// A cell tile.
    pub tile: Handle<Mesh>,
}

/// Wood tinted towards `seat`'s colour.
fn home_wood(seat: Seat, colours: SeatColours) -> Color {
    theme::WOOD.mix(&colours.of(seat), 0.42)
}

fn create_materials(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    colours: Res<SeatColours>,
) {
    let wood = theme::WOOD.to_srgba();
    let cell_wood = [0.0, 0.035, -0.03, 0.06, -0.05]
        .iter()
        .map(|d| {
            materials.add(StandardMaterial {
                base_color: Color::srgb(wood.red + d, wood.green + d * 0.8, wood.blue + d * 0.6),
                perceptual_roughness: 0.62,
                reflectance: 0.35,
                ..default()
            })
        })
        .collect();
    let gold = materials.add(StandardMaterial {
        base_color: theme::GOLD,
        emissive: LinearRgba::rgb(0.45, 0.22, 0.0),
        metallic: 0.0,
        // Matte enough that the light's highlight never washes the gold out
        // to pale yellow, whichever seat the camera faces.
        perceptual_roughness: 0.55,
        reflectance: 0.25,
        ..default()
    });
    let frame = materials.add(StandardMaterial {
        base_color: Color::srgb(0.36, 0.22, 0.12),
        perceptual_roughness: 0.55,
        ..default()
    });
    let home = BySeat::from_fn(|seat| {
        materials.add(StandardMaterial {
            base_color: home_wood(seat, *colours),
            perceptual_roughness: 0.62,
            reflectance: 0.35,
            ..default()
        })
    });
    let tile = meshes.add(Cuboid::new(0.94, 0.04, 0.94));
    commands.insert_resource(BoardAssets { cell_wood, gold, frame, home, tile });
}

/// Follows a change of palette on the home rows.
fn tint_home_rows(
    colours: Res<SeatColours>,
    assets: Option<Res<BoardAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(assets) = assets else { return };
    for seat in [Seat::South, Seat::North] {
        if let Some(mut m) = materials.get_mut(&assets.home[seat]) {
            m.base_color = home_wood(seat, *colours);
        }
    }
}

/// The table is the clear colour around the board: a mesh under the whole
/// screen would cost a full screen of lit pixels every frame, which software
/// renderers (and phones) feel. Clicks on it land on the window, which is a
/// pick background.
fn spawn_table_and_light(mut commands: Commands, windows: Query<Entity, With<Window>>) {
    for window in &windows {
        commands.entity(window).insert(PickBackground);
    }
    commands.spawn((
        Name::new("sun"),
        DirectionalLight {
            illuminance: 5_500.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.97, 0.92),
            ..default()
        },
        // One cascade covers the whole board: the scene is small, and each
        // cascade renders it again (costly with software rendering).
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 30.0, ..default() }.build(),
        Transform::from_xyz(-5.0, 9.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// The board's frame under the cells, remade when the board side changes.
#[derive(Component)]
struct BoardFrame;

fn spawn_board_frame(
    mut commands: Commands,
    geometry: Res<BoardGeometry>,
    assets: Res<BoardAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    old: Query<Entity, With<BoardFrame>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = (f32::from(geometry.files()), f32::from(geometry.ranks()));
    commands.spawn((
        Name::new("board"),
        BoardFrame,
        PickBackground,
        Mesh3d(meshes.add(frame_mesh(files, ranks))),
        MeshMaterial3d(assets.frame.clone()),
        // Nothing lies under the board for its shadow to fall on.
        NotShadowCaster,
        Transform::from_xyz(0.0, -0.02, 0.0),
    ));
}

/// How far the frame reaches beyond the cells, world units.
const FRAME_MARGIN: f32 = 0.6;
/// The frame's thickness under its top, world units.
const FRAME_DEPTH: f32 = 0.3;
/// The width of the grooves between cell tiles (a cell is 1, its tile 0.94).
const GROOVE: f32 = 0.06;

/// The frame of a board of `files` × `ranks` cells, its top at y = 0: the
/// rim round the cells, the floor of the grooves between them, and the
/// sides. No top under the tiles, which hide it: the board's pixels are
/// shaded once, not twice (the frame drawn under the tiles cost a fifth of
/// the frame time on a software renderer).
fn frame_mesh(files: f32, ranks: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let (hx, hz) = (files / 2.0, ranks / 2.0);
    let (ox, oz) = (hx + FRAME_MARGIN, hz + FRAME_MARGIN);
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    // A quad of four corners, counter-clockwise seen from where `normal` points.
    let mut quad = |corners: [[f32; 3]; 4], normal: [f32; 3]| {
        let base = positions.len() as u32;
        positions.extend(corners);
        normals.extend([normal; 4]);
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    };
    let up = [0.0, 1.0, 0.0];
    let top =
        |x0: f32, z0: f32, x1: f32, z1: f32| [[x0, 0.0, z0], [x0, 0.0, z1], [x1, 0.0, z1], [x1, 0.0, z0]];
    // The rim: four bands round the cell area.
    quad(top(-ox, -oz, ox, -hz), up);
    quad(top(-ox, hz, ox, oz), up);
    quad(top(-ox, -hz, -hx, hz), up);
    quad(top(hx, -hz, ox, hz), up);
    // The grooves' floor, along every line between (and round) the cells.
    let g = GROOVE / 2.0;
    for i in 0..=files as u32 {
        let x = i as f32 - hx;
        quad(top(x - g, -hz, x + g, hz), up);
    }
    for j in 0..=ranks as u32 {
        let z = j as f32 - hz;
        quad(top(-hx, z - g, hx, z + g), up);
    }
    // The sides, down to the frame's depth.
    let d = -FRAME_DEPTH;
    quad([[-ox, 0.0, oz], [-ox, d, oz], [ox, d, oz], [ox, 0.0, oz]], [0.0, 0.0, 1.0]);
    quad([[ox, 0.0, -oz], [ox, d, -oz], [-ox, d, -oz], [-ox, 0.0, -oz]], [0.0, 0.0, -1.0]);
    quad([[ox, 0.0, oz], [ox, d, oz], [ox, d, -oz], [ox, 0.0, -oz]], [1.0, 0.0, 0.0]);
    quad([[-ox, 0.0, -oz], [-ox, d, -oz], [-ox, d, oz], [-ox, 0.0, oz]], [-1.0, 0.0, 0.0]);
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_indices(Indices::U32(indices))
}

/// A small deterministic hash of a cell, to vary the wood from cell to cell.
fn cell_variant(coord: Coord, n: usize) -> usize {
    let h = (coord.index() as u32).wrapping_mul(2_654_435_761).rotate_left(13) ^ 0x5bd1_e995;
    (h.wrapping_mul(0x27d4_eb2d) >> 7) as usize % n
}

/// Gives a new cell its tile: wood, gold for ARKES's golden cell, or the
/// owner's tint on Arcanor's home rows.
fn dress_cell(
    add: On<Add, Cell>,
    cells: Query<&Cell>,
    geometry: Option<Res<BoardGeometry>>,
    assets: Option<Res<BoardAssets>>,
    mut commands: Commands,
) {
    let (Ok(cell), Some(assets)) = (cells.get(add.entity), assets) else { return };
    let golden = geometry.as_deref().is_some_and(|g| g.golden_cell() == Some(cell.coord));
    let home = geometry.as_deref().filter(|g| g.kind == GameKind::Arcanor).and_then(|_| {
        [Seat::South, Seat::North].into_iter().find(|&s| arcanor_engine::home_rank(s) == cell.coord.rank())
    });
    let material = match (golden, home) {
        (true, _) => assets.gold.clone(),
        (false, Some(seat)) => assets.home[seat].clone(),
        (false, None) => assets.cell_wood[cell_variant(cell.coord, assets.cell_wood.len())].clone(),
    };
    // Tiles only receive shadows: rendering them into the shadow map as
    // well cost a large share of a frame on software renderers.
    commands.entity(add.entity).insert((
        Mesh3d(assets.tile.clone()),
        MeshMaterial3d(material),
        NotShadowCaster,
    ));
    // The tile's top is flush with y = 0, where pieces stand.
    commands.entity(add.entity).entry::<Transform>().and_modify(|mut t| t.translation.y = -0.02);
}
