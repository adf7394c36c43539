//! What every game's pieces share: a selected piece lifts, a captured piece
//! fades, and at Low quality a soft contact shadow lies under each stack;
//! each game's look ([`PieceLooks`]) says how high and how wide.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{AnimTarget, EaseMethod, Lens, Tween, TweenAnim};

use super::look::PieceLooks;
use crate::app_state::AppSystems;
use crate::play::{BoardGeometry, BoardPiece, BoardPos, LeaveReason, Leaving, Match, Selection};
use crate::quality::{ContactShadow, QualityLevel, RenderQuality};
use crate::view::baked_light::BakedAtLow;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceLooks>()
        .add_systems(Startup, create_contact_shadow)
        .add_observer(fade_captured)
        .add_observer(add_contact_shadow)
        .add_systems(Update, (lift_selected, place_contact_shadows).in_set(AppSystems::View));
}

/// The mesh child of a piece; its local height is animated when lifted.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceVisual {
    /// Local height of the mesh at rest.
    pub rest_y: f32,
}

/// Lifts the selected pieces; the others rest.
fn lift_selected(
    selection: Res<Selection>,
    game: Option<Res<Match>>,
    looks: Res<PieceLooks>,
    pieces: Query<(&BoardPos, &Children)>,
    mut visuals: Query<(&PieceVisual, &mut Transform)>,
    time: Res<Time>,
) {
    let Some(game) = game else { return };
    let Some(look) = looks.get(game.kind()) else { return };
    let k = 1.0 - (-time.delta_secs() * 14.0).exp();
    let top_level = selection.from.map(|c| game.displayed().stack(c).len().saturating_sub(1) as u8);
    for (pos, children) in &pieces {
        let lifted = match (selection.from, top_level) {
            (Some(from), Some(top)) if from == pos.coord => (look.lift)(selection.whole, pos.level, top),
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
    mut baked_at_low: Option<ResMut<BakedAtLow>>,
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
        // The copy follows the level as its original does: the mesh's
        // vertex colours do.
        if let Some(baked) = baked_at_low.as_deref_mut()
            && baked.has_material(&material.0)
        {
            baked.add_material(&handle);
        }
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

/// The mesh and material of the contact shadows (see [`ContactShadow`]).
#[derive(Resource)]
struct ContactShadowAssets {
    /// A disc of radius 1 facing up.
    disc: Handle<Mesh>,
    /// Black, its alpha fading from the centre to the rim, unlit.
    material: Handle<StandardMaterial>,
}

/// A radial gradient: the shadow's alpha, 0.55 at the centre, fading out
/// towards the rim.
fn shadow_image() -> Image {
    const SIZE: u32 = 64;
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) / SIZE as f32 * 2.0 - Vec2::ONE;
            let t = (1.0 - d.length()).clamp(0.0, 1.0);
            let alpha = 0.55 * t * t * (3.0 - 2.0 * t);
            data.extend_from_slice(&[0, 0, 0, (alpha * 255.0).round() as u8]);
        }
    }
    Image::new(
        bevy::render::render_resource::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        bevy::render::render_resource::TextureDimension::D2,
        data,
        bevy::render::render_resource::TextureFormat::Rgba8Unorm,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    )
}

fn create_contact_shadow(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let disc = meshes.add(crate::view::shapes::disc(1.0, 24));
    let material = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        base_color_texture: Some(images.add(shadow_image())),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    commands.insert_resource(ContactShadowAssets { disc, material });
}

/// Shows the contact shadows at Low, one per cell: under an ARKES stack's
/// bottom piece, under an Arcanor duo's covering (top) piece, none for a
/// piece leaving the board. While a piece hops, its shadow stays on the
/// floor of its new cell and narrows as the piece rises.
fn place_contact_shadows(
    quality: Option<Res<RenderQuality>>,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    looks: Res<PieceLooks>,
    pieces: Query<
        (&BoardPiece, Option<&BoardPos>, &Transform, &Children, Has<Leaving>),
        Without<ContactShadow>,
    >,
    mut shadows: Query<(&mut Transform, &mut Visibility), With<ContactShadow>>,
) {
    let (Some(quality), Some(game), Some(geometry)) = (quality, game, geometry) else { return };
    let Some(look) = looks.get(game.kind()) else { return };
    let low = quality.level == QualityLevel::Low;
    for (piece, pos, placed, children, leaving) in &pieces {
        let shown = low
            && !leaving
            && pos.is_some_and(|pos| (look.casts_shadow)(pos.level, game.displayed().stack(pos.coord).len()));
        for child in children {
            let Ok((mut transform, mut visibility)) = shadows.get_mut(*child) else { continue };
            let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
            if *visibility != wanted {
                *visibility = wanted;
            }
            let Some(pos) = pos.filter(|_| shown) else { continue };
            // Height of the piece above the floor it will stand on.
            let above = (placed.translation.y - geometry.piece_base(pos.coord, pos.level).y).max(0.0);
            let radius = (look.shadow_radius)(piece.id) / (1.0 + above * 0.8);
            let local = Vec3::new(0.0, 0.003 - above, 0.0);
            if transform.translation != local || (transform.scale.x - radius).abs() > 1e-4 {
                transform.translation = local;
                transform.scale = Vec3::splat(radius);
            }
        }
    }
}

/// Gives a new piece its contact shadow, hidden until the quality is Low
/// ([`place_contact_shadows`] shows it).
fn add_contact_shadow(
    add: On<Add, BoardPiece>,
    pieces: Query<&BoardPiece>,
    assets: Option<Res<ContactShadowAssets>>,
    looks: Res<PieceLooks>,
    mut commands: Commands,
) {
    let (Ok(piece), Some(assets)) = (pieces.get(add.entity), assets) else { return };
    let radius = looks.get(piece.game).map_or(0.4, |look| (look.shadow_radius)(piece.id));
    let shadow = commands
        .spawn((
            Name::new("contact shadow"),
            ContactShadow,
            bevy::light::NotShadowCaster,
            Mesh3d(assets.disc.clone()),
            MeshMaterial3d(assets.material.clone()),
            Transform::from_xyz(0.0, 0.003, 0.0)
                .with_rotation(crate::view::shapes::FLAT)
                .with_scale(Vec3::splat(radius)),
            Visibility::Hidden,
            bevy::picking::Pickable::IGNORE,
        ))
        .id();
    commands.entity(add.entity).add_child(shadow);
}

#[cfg(test)]
mod tests {
    use game_core::{Coord, Seat};

    use super::*;

    #[test]
    fn a_captured_pieces_faded_copy_of_a_baked_material_is_baked_too() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<StandardMaterial>>()
            .init_resource::<BakedAtLow>()
            .add_observer(fade_captured);
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        let (baked, lit) =
            (materials.add(StandardMaterial::default()), materials.add(StandardMaterial::default()));
        app.world_mut().resource_mut::<BakedAtLow>().add_material(&baked);
        let from = BoardPos { coord: "b1".parse::<Coord>().unwrap(), level: 0 };
        let mut faded = Vec::new();
        for material in [&baked, &lit] {
            let visual =
                app.world_mut().spawn((PieceVisual { rest_y: 0.0 }, MeshMaterial3d(material.clone()))).id();
            let piece = app.world_mut().spawn_empty().add_child(visual).id();
            let reason = LeaveReason::Captured { by: Seat::North };
            app.world_mut().entity_mut(piece).insert(Leaving { reason, from });
            app.world_mut().flush();
            let copy = app.world().get::<MeshMaterial3d<StandardMaterial>>(visual).unwrap().0.clone();
            assert_ne!(&copy, material, "a faded copy");
            faded.push(copy);
        }
        let list = app.world().resource::<BakedAtLow>();
        assert!(list.has_material(&faded[0]), "the copy of a baked material");
        assert!(!list.has_material(&faded[1]), "not the copy of a lit one");
    }
}
