//! The table, the wooden board with its grid (ARKES: the golden cell;
//! Arcanor: each home row tinted in its owner's colour, so the target rows
//! read at a glance), and the light.

use bevy::light::{CascadeShadowConfigBuilder, GlobalAmbientLight, NotShadowCaster};
use bevy::prelude::*;
use game_core::{BySeat, Coord, Seat};

use super::baked_light::{BakedAtLow, light_is_baked, with_light_colours};
use super::lighting::{
    AMBIENT_BRIGHTNESS, AMBIENT_COLOUR, SUN_COLOUR, SUN_ILLUMINANCE, SUN_POSITION, level_surface_light,
};
use crate::play::{BoardGeometry, Cell, Match, PickBackground};
use crate::quality::{QualityLevel, RenderQuality};
use crate::theme::{self, SeatColours};
use games::CellMark;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(theme::TABLE))
        .insert_resource(GlobalAmbientLight {
            color: AMBIENT_COLOUR,
            brightness: AMBIENT_BRIGHTNESS,
            ..default()
        })
        .insert_resource(bevy::light::DirectionalLightShadowMap { size: 2048 })
        .add_systems(Startup, (create_materials, spawn_table_and_light).chain())
        .add_systems(
            Update,
            // The new frame's light is baked in the frame it appears.
            spawn_board_frame
                .run_if(resource_exists_and_changed::<BoardGeometry>)
                .before(super::baked_light::bake_light),
        )
        .add_systems(Update, shade_tiles)
        .add_observer(dress_cell);
}

/// How a cell tile looks: its colour, glow and surface (the tile texture
/// multiplies the colour).
#[derive(Clone, Copy, Debug, PartialEq)]
struct TileLook {
    base: Color,
    emissive: LinearRgba,
    roughness: f32,
    reflectance: f32,
}

impl TileLook {
    /// A cell's wood, `shade` lighter (positive) or darker than the
    /// board's (sRGB units).
    fn wood(shade: f32) -> Self {
        let wood = theme::WOOD.to_srgba();
        Self {
            base: Color::srgb(wood.red + shade, wood.green + shade * 0.8, wood.blue + shade * 0.6),
            emissive: LinearRgba::BLACK,
            roughness: 0.62,
            reflectance: 0.35,
        }
    }

    /// ARKES's golden cell (R1).
    fn gold() -> Self {
        Self {
            base: theme::GOLD,
            emissive: LinearRgba::rgb(0.45, 0.22, 0.0),
            // Matte enough that the light's highlight never washes the gold
            // out to pale yellow, whichever seat the camera faces.
            roughness: 0.55,
            reflectance: 0.25,
        }
    }

    /// An Arcanor home row (A1), wood tinted in its owner's colour.
    fn home(seat: Seat, colours: SeatColours) -> Self {
        Self { base: home_wood(seat, colours), ..Self::wood(0.0) }
    }

    /// The tile's material: lit (High, and whenever `lit` is asked) or
    /// baked (Low). Baked: unlit, in the colour that the sun and the
    /// ambient light give a level tile ([`level_surface_light`]), so it
    /// looks nearly the same for a fraction of the shading (a tile is
    /// level, so its lighting hardly varies across the board; what goes is
    /// the sun's faint highlight, and there are no shadows at Low). A
    /// glowing tile (the golden cell) stays lit: its glow is not multiplied
    /// by the tile's texture, an unlit colour would be, and it is one cell.
    fn material(self, texture: Handle<Image>, level: QualityLevel, lit: bool) -> StandardMaterial {
        let baked = light_is_baked(level, lit) && self.emissive == LinearRgba::BLACK;
        let base_color = if baked {
            let (base, light) = (self.base.to_linear(), level_surface_light());
            Color::linear_rgb(base.red * light.red, base.green * light.green, base.blue * light.blue)
        } else {
            self.base
        };
        StandardMaterial {
            base_color,
            base_color_texture: Some(texture),
            emissive: self.emissive,
            perceptual_roughness: self.roughness,
            reflectance: self.reflectance,
            unlit: baked,
            ..default()
        }
    }
}

/// The shades of the cells' wood, picked by cell (sRGB units).
const WOOD_SHADES: [f32; 5] = [0.0, 0.035, -0.03, 0.06, -0.05];

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
    /// The tiles' texture ([`tile_texture`]).
    texture: Handle<Image>,
    /// A cell tile: a flat square of one cell, its top at y = 0. The cell
    /// materials above share one texture ([`tile_texture`]): the groove
    /// round each cell, multiplied by the cell's colour.
    pub tile: Handle<Mesh>,
}

/// Wood tinted towards `seat`'s colour.
fn home_wood(seat: Seat, colours: SeatColours) -> Color {
    theme::WOOD.mix(&colours.of(seat), 0.42)
}

/// Texels along each side of the tile texture's largest image.
const TILE_TEXELS: u32 = 64;
/// Texels of groove at each edge of a tile (the groove between two cells
/// is twice this: 0.06 of a cell).
const GROOVE_TEXELS: u32 = 2;
/// The groove's shade (a multiplier of the cell's colour, sRGB).
const GROOVE_SHADE: u8 = 96;
/// The shade of the tile's edge along the grooves on its far side from the
/// light (+x and -z), as if bevelled (sRGB).
const BEVEL_SHADE: u8 = 205;

/// The tiles' texture: white (the cell's own colour) with a dark groove at
/// its edges and a shaded bevel on the two edges turned from the light,
/// with every mipmap level (box-filtered in linear light), so the grooves
/// stay steady when the board is drawn small or seen at a slant. The
/// texture's u runs along +x, its v along +z (Bevy's `Plane3d` mesh).
///
/// The grooves were thin strips of the frame between tiles: long slivers
/// that a rasterizer shades block by block, a fifth of the board's cost on
/// a software renderer for a few per cent of its pixels.
#[must_use]
pub fn tile_texture() -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let n = TILE_TEXELS;
    let shade = |x: u32, y: u32| -> u8 {
        let edge = |t: u32| t < GROOVE_TEXELS || t >= n - GROOVE_TEXELS;
        let bevel_far = |t: u32| (GROOVE_TEXELS..GROOVE_TEXELS + 2).contains(&t);
        let bevel_near = |t: u32| (n - GROOVE_TEXELS - 2..n - GROOVE_TEXELS).contains(&t);
        if edge(x) || edge(y) {
            GROOVE_SHADE
        } else if bevel_near(x) || bevel_far(y) {
            // The +x edge (u near 1) and the -z edge (v near 0).
            BEVEL_SHADE
        } else {
            255
        }
    };
    let to_linear = |v: u8| Color::srgb_u8(v, v, v).to_linear().red;
    let to_srgb = |v: f32| (Color::linear_rgb(v, v, v).to_srgba().red * 255.0).round() as u8;
    let mut level: Vec<f32> = (0..n * n).map(|i| to_linear(shade(i % n, i / n))).collect();
    let mut size = n;
    let mut data = Vec::new();
    let mut levels = 0;
    loop {
        levels += 1;
        data.extend(level.iter().flat_map(|&v| {
            let c = to_srgb(v);
            [c, c, c, 255]
        }));
        if size == 1 {
            break;
        }
        let half = size / 2;
        level = (0..half * half)
            .map(|i| {
                let (x, y) = (2 * (i % half), 2 * (i / half));
                let at = |dx: u32, dy: u32| level[((y + dy) * size + x + dx) as usize];
                (at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4.0
            })
            .collect();
        size = half;
    }
    let first_level = data[..(n * n * 4) as usize].to_vec();
    let mut image = Image::new(
        Extent3d { width: n, height: n, depth_or_array_layers: 1 },
        TextureDimension::D2,
        first_level,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    // Every level, the largest first, uploaded as one (as a KTX2 file's).
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::ClampToEdge,
        address_mode_v: ImageAddressMode::ClampToEdge,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

fn create_materials(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
    mut baked_at_low: ResMut<BakedAtLow>,
    colours: Res<SeatColours>,
) {
    let texture = images.add(tile_texture());
    // Lit at first; `shade_tiles` follows the quality level.
    let mut tile = |look: TileLook| materials.add(look.material(texture.clone(), QualityLevel::High, true));
    let cell_wood = WOOD_SHADES.iter().map(|&shade| tile(TileLook::wood(shade))).collect();
    let gold = tile(TileLook::gold());
    let home = BySeat::from_fn(|seat| tile(TileLook::home(seat, *colours)));
    let frame = materials.add(StandardMaterial {
        base_color: Color::srgb(0.36, 0.22, 0.12),
        perceptual_roughness: 0.55,
        ..default()
    });
    baked_at_low.add_material(&frame);
    let tile = meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.5)));
    commands.insert_resource(BoardAssets { cell_wood, gold, frame, home, texture, tile });
}

impl BoardAssets {
    /// Each cell tile material with its look.
    fn tiles(&self, colours: SeatColours) -> impl Iterator<Item = (&Handle<StandardMaterial>, TileLook)> {
        let wood = self.cell_wood.iter().zip(WOOD_SHADES).map(|(h, shade)| (h, TileLook::wood(shade)));
        let home = [Seat::South, Seat::North].map(|seat| (&self.home[seat], TileLook::home(seat, colours)));
        wood.chain([(&self.gold, TileLook::gold())]).chain(home)
    }
}

/// Keeps the tiles' materials in step with the quality level (lit at
/// High, unlit with their lighting baked in at Low: [`TileLook::material`]),
/// lit while a point light shines (the victory's golden light, which baked
/// tiles would not show), and the home rows with the palette. Does
/// nothing in a frame where none of these changed; writes a material only
/// when it changes.
fn shade_tiles(
    quality: Option<Res<RenderQuality>>,
    colours: Res<SeatColours>,
    assets: Option<Res<BoardAssets>>,
    point_lights: Query<(), With<PointLight>>,
    mut was_lit: Local<Option<bool>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(assets) = assets else { return };
    let lit = !point_lights.is_empty();
    let quality_changed = quality.as_ref().is_some_and(Res::is_changed);
    if !(assets.is_added() || quality_changed || colours.is_changed() || *was_lit != Some(lit)) {
        return;
    }
    *was_lit = Some(lit);
    let level = quality.map_or(QualityLevel::High, |q| q.level);
    for (handle, look) in assets.tiles(*colours) {
        let wanted = look.material(assets.texture.clone(), level, lit);
        let same = materials.get(handle).is_some_and(|m| {
            m.base_color == wanted.base_color && m.unlit == wanted.unlit && m.emissive == wanted.emissive
        });
        if !same && let Some(mut material) = materials.get_mut(handle) {
            *material = wanted;
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
            illuminance: SUN_ILLUMINANCE,
            shadow_maps_enabled: true,
            color: SUN_COLOUR,
            ..default()
        },
        // One cascade covers the whole board: the scene is small, and each
        // cascade renders it again (costly with software rendering).
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 30.0, ..default() }.build(),
        Transform::from_translation(SUN_POSITION).looking_at(Vec3::ZERO, Vec3::Y),
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
    mut baked_at_low: ResMut<BakedAtLow>,
    old: Query<Entity, With<BoardFrame>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = (f32::from(geometry.files()), f32::from(geometry.ranks()));
    let mesh = meshes.add(with_light_colours(frame_mesh(files, ranks)));
    baked_at_low.add_mesh(&mesh, Quat::IDENTITY);
    commands.spawn((
        Name::new("board"),
        BoardFrame,
        PickBackground,
        Mesh3d(mesh),
        MeshMaterial3d(assets.frame.clone()),
        // Nothing lies under the board for its shadow to fall on.
        NotShadowCaster,
    ));
}

/// How far the frame reaches beyond the cells, world units.
const FRAME_MARGIN: f32 = 0.6;
/// The frame's thickness under its top, world units.
const FRAME_DEPTH: f32 = 0.3;

/// The frame of a board of `files` × `ranks` cells, its top at y = 0 and
/// flush with the cells': the rim round the cells and the sides. No top
/// under the tiles, which cover it: the board's pixels are shaded once,
/// not twice (the frame drawn under the tiles cost a fifth of the frame
/// time on a software renderer). The grooves between cells are in the
/// tiles' texture ([`tile_texture`]).
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

/// Gives a new cell its tile: wood, gold for a goal cell (ARKES's golden
/// cell), or the owner's tint on a home row (Arcanor's).
fn dress_cell(
    add: On<Add, Cell>,
    cells: Query<&Cell>,
    game: Option<Res<Match>>,
    assets: Option<Res<BoardAssets>>,
    mut commands: Commands,
) {
    let (Ok(cell), Some(assets)) = (cells.get(add.entity), assets) else { return };
    let marks: Vec<CellMark> = game
        .as_deref()
        .map(|g| {
            g.displayed().marks().into_iter().filter(|(c, _)| *c == cell.coord).map(|(_, m)| m).collect()
        })
        .unwrap_or_default();
    let golden = marks.contains(&CellMark::Goal);
    let home = marks.iter().find_map(|m| if let CellMark::Home(seat) = m { Some(*seat) } else { None });
    let material = match (golden, home) {
        (true, _) => assets.gold.clone(),
        (false, Some(seat)) => assets.home[seat].clone(),
        (false, None) => assets.cell_wood[cell_variant(cell.coord, assets.cell_wood.len())].clone(),
    };
    // Tiles only receive shadows: rendering them into the shadow map as
    // well cost a large share of a frame on software renderers. A tile lies
    // at y = 0, where pieces stand.
    commands.entity(add.entity).insert((
        Mesh3d(assets.tile.clone()),
        MeshMaterial3d(material),
        NotShadowCaster,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scene's plugin, headless, at High.
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<StandardMaterial>>()
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<Image>>()
            .init_resource::<SeatColours>()
            .init_resource::<RenderQuality>()
            .add_plugins((super::super::baked_light::plugin, plugin));
        app.update();
        app
    }

    fn set_level(app: &mut App, level: QualityLevel) {
        app.world_mut().resource_mut::<RenderQuality>().level = level;
        app.update();
    }

    /// The tiles' materials: base colour, glow and whether unlit.
    fn tiles(app: &App) -> Vec<(Color, LinearRgba, bool)> {
        let assets = app.world().resource::<BoardAssets>();
        let materials = app.world().resource::<Assets<StandardMaterial>>();
        let colours = *app.world().resource::<SeatColours>();
        assets
            .tiles(colours)
            .map(|(h, _)| materials.get(h).expect("tile material"))
            .map(|m| (m.base_color, m.emissive, m.unlit))
            .collect()
    }

    fn srgb_u8(color: Color) -> [u8; 3] {
        let c = color.to_srgba();
        [c.red, c.green, c.blue].map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
    }

    #[test]
    fn low_draws_the_tiles_unlit_in_the_colour_the_light_gives_them_and_high_lit() {
        let mut app = app();
        let high = tiles(&app);
        assert_eq!(high.len(), WOOD_SHADES.len() + 3, "five woods, the golden cell, two home rows");
        assert!(high.iter().all(|&(_, _, unlit)| !unlit), "High: every tile lit");
        assert_eq!(high[WOOD_SHADES.len()].0, theme::GOLD);
        set_level(&mut app, QualityLevel::Low);
        let low = tiles(&app);
        let light = level_surface_light();
        let gold = WOOD_SHADES.len();
        for (i, (&(lit, _, _), &(baked, _, unlit))) in high.iter().zip(&low).enumerate() {
            if i == gold {
                assert_eq!(low[i], high[i], "the glowing golden cell stays lit");
                continue;
            }
            assert!(unlit, "Low: tile {i} unlit");
            let (lit, baked) = (lit.to_linear(), baked.to_linear());
            for (b, l, k) in [(baked.red, lit.red, light.red), (baked.blue, lit.blue, light.blue)] {
                assert!((b - l * k).abs() < 1e-5, "tile {i}: {baked:?}");
            }
        }
        set_level(&mut app, QualityLevel::High);
        assert_eq!(tiles(&app), high, "back to High: as before");
    }

    #[test]
    fn at_low_the_tiles_are_lit_while_the_victory_light_shines() {
        let mut app = app();
        set_level(&mut app, QualityLevel::Low);
        let baked = tiles(&app);
        let light = app.world_mut().spawn(PointLight::default()).id();
        app.update();
        let lit = tiles(&app);
        assert!(lit.iter().all(|t| !t.2), "every tile lit for the point light");
        assert_eq!(lit[0].0, TileLook::wood(WOOD_SHADES[0]).base, "in its own colour");
        app.world_mut().despawn(light);
        app.update();
        assert_eq!(tiles(&app), baked, "baked again once it is gone");
    }

    #[test]
    fn at_low_the_frame_is_unlit_with_the_light_in_its_vertex_colours_and_at_high_lit() {
        use bevy::mesh::VertexAttributeValues;
        let mut app = app();
        app.insert_resource(BoardGeometry::square(games::arkes::KIND, 9));
        app.update();
        // The frame's material, and the colour of its top's first vertex and
        // of the vertex facing +x (a side turned away from the sun).
        let frame = |app: &mut App| {
            let (mesh, material) = app
                .world_mut()
                .query_filtered::<(&Mesh3d, &MeshMaterial3d<StandardMaterial>), With<BoardFrame>>()
                .single(app.world())
                .map(|(m, mat)| (m.0.clone(), mat.0.clone()))
                .expect("one frame");
            let unlit = app.world().resource::<Assets<StandardMaterial>>().get(&material).unwrap().unlit;
            let meshes = app.world().resource::<Assets<Mesh>>();
            let mesh = meshes.get(&mesh).unwrap();
            let Some(VertexAttributeValues::Float32x4(colours)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR)
            else {
                panic!("no vertex colours")
            };
            let Some(VertexAttributeValues::Float32x3(normals)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
            else {
                panic!("no normals")
            };
            let side = normals.iter().position(|&n| n == [1.0, 0.0, 0.0]).unwrap();
            (unlit, colours[0], colours[side])
        };
        assert_eq!(frame(&mut app), (false, [1.0; 4], [1.0; 4]), "High: lit, white");
        set_level(&mut app, QualityLevel::Low);
        let (unlit, top, side) = frame(&mut app);
        let level = level_surface_light();
        assert!(unlit);
        assert_eq!(top, [level.red, level.green, level.blue, 1.0], "the rim is level");
        assert!(side[0] < top[0] * 0.5, "the side facing +x is away from the sun: {side:?}");
        // A new board's frame is baked in the update that makes it.
        app.insert_resource(BoardGeometry::square(games::arkes::KIND, 5));
        app.update();
        assert_eq!(frame(&mut app), (true, top, side), "the new frame");
    }

    #[test]
    fn at_low_a_tile_has_the_colour_lavapipe_drew_it_lit() {
        // Measured in the frame bench's Low screenshot when tiles were lit
        // (no tone mapping at Low): the middle of a cell of each wood, near
        // the camera and far from it. The sun's faint highlight, left out,
        // added up to 4 levels.
        let low = |shade: f32| {
            srgb_u8(TileLook::wood(shade).material(Handle::default(), QualityLevel::Low, false).base_color)
        };
        let near = |got: [u8; 3], drawn: [u8; 3]| got.iter().zip(drawn).all(|(&a, b)| a <= b && b - a <= 5);
        for (shade, drawn) in [(0.0, [239, 174, 105]), (0.06, [255, 187, 115]), (-0.05, [224, 162, 97])] {
            assert!(near(low(shade), drawn), "wood {shade}: {:?} against {drawn:?}", low(shade));
        }
    }

    #[test]
    fn the_home_rows_follow_the_palette_at_either_level() {
        for level in [QualityLevel::High, QualityLevel::Low] {
            let mut app = app();
            set_level(&mut app, level);
            let before = tiles(&app);
            app.world_mut().resource_mut::<SeatColours>().colour_blind_safe = true;
            app.update();
            let after = tiles(&app);
            let homes = WOOD_SHADES.len() + 1..;
            assert_eq!(after[..homes.start], before[..homes.start], "{level:?}: wood and gold stay");
            assert!(
                after[homes.clone()].iter().zip(&before[homes.clone()]).all(|(a, b)| a.0 != b.0),
                "{level:?}"
            );
            assert!(
                after[homes].iter().all(|t| t.2 == (level == QualityLevel::Low)),
                "{level:?}: baked at Low"
            );
        }
    }

    /// The sRGB grey of texel (x, y) of mip `level` of the tile texture.
    fn texel(image: &Image, level: u32, x: u32, y: u32) -> u8 {
        let offset: u32 = (0..level).map(|l| (TILE_TEXELS >> l).pow(2) * 4).sum();
        let size = TILE_TEXELS >> level;
        image.data.as_ref().expect("data")[(offset + (y * size + x) * 4) as usize]
    }

    #[test]
    fn a_tile_is_its_cell_colour_with_a_dark_groove_at_its_edges() {
        let image = tile_texture();
        let n = TILE_TEXELS;
        assert_eq!(texel(&image, 0, n / 2, n / 2), 255, "the middle keeps the cell's colour");
        for (x, y) in [(0, n / 2), (n - 1, n / 2), (n / 2, 0), (n / 2, n - 1), (0, 0)] {
            assert_eq!(texel(&image, 0, x, y), GROOVE_SHADE, "groove at ({x}, {y})");
        }
        // The bevel: shaded on the +x and -z (v near 0) edges only.
        let inside = GROOVE_TEXELS;
        assert_eq!(texel(&image, 0, n - inside - 1, n / 2), BEVEL_SHADE);
        assert_eq!(texel(&image, 0, n / 2, inside), BEVEL_SHADE);
        assert_eq!(texel(&image, 0, inside, n / 2), 255);
        assert_eq!(texel(&image, 0, n / 2, n - inside - 1), 255);
    }

    #[test]
    fn the_tile_texture_has_every_mipmap_level_and_the_grooves_fade_into_them() {
        let image = tile_texture();
        let levels = TILE_TEXELS.ilog2() + 1;
        assert_eq!(image.texture_descriptor.mip_level_count, levels);
        let bytes: u32 = (0..levels).map(|l| (TILE_TEXELS >> l).pow(2) * 4).sum();
        assert_eq!(image.data.as_ref().expect("data").len() as u32, bytes);
        // The 2 × 2 level: each texel averages a quarter with grooves on two
        // sides; the 1 × 1 level is the whole tile: darker than the middle,
        // lighter than a groove.
        let whole = texel(&image, levels - 1, 0, 0);
        assert!(whole > GROOVE_SHADE && whole < 255, "{whole}");
    }
}
