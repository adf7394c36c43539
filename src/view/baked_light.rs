//! Low quality's baked light on the board's frame and the pieces: their
//! materials are drawn unlit, and their meshes' vertex colours carry the
//! diffuse light that the sun and the ambient light give each vertex
//! ([`diffuse_light`]), so a piece keeps its shading (a token's top lighter
//! than the side away from the sun) for the cost of an unlit colour. What
//! goes is the specular highlight; Low casts no shadows anyway. At High,
//! and while a point light shines (the victory's golden light, which baked
//! light would not show), the vertex colours are white and the materials
//! lit, which looks exactly as without vertex colours.
//!
//! The light is baked per mesh, not per entity: every entity drawing a
//! registered mesh must face the way its registration says (the pieces
//! never turn), and draw it with a registered material only (a lit one
//! would be lit twice); a copy of a registered material (a captured
//! token's, fading out) is registered too. Baked: the frame, the ARKES
//! tokens with their seams and seat marks, and Arcanor's inner bands and
//! frozen bases. The ARKES marbles and the Arcanor pieces stay lit: their
//! gloss is their look (baked, Arcanor's lacquered pieces read as matte,
//! and Arcanor's start measured no faster for it). The cell tiles bake
//! theirs into their materials (`scene::shade_tiles`: a tile is level, so
//! one colour serves).

use bevy::asset::AssetId;
use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;

use super::lighting::diffuse_light;
use crate::app_state::AppSystems;
use crate::quality::{QualityLevel, RenderQuality};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BakedAtLow>().add_systems(Update, bake_light.in_set(AppSystems::View));
}

/// The meshes and materials whose light is baked at Low (see the module's
/// documentation). Holds asset ids, not handles: a mesh dropped by its last
/// entity (the frame of a board that was replaced) leaves the list.
#[derive(Resource, Default, Debug)]
pub struct BakedAtLow {
    /// Each mesh with the rotation its entities draw it at (model to world).
    meshes: Vec<(AssetId<Mesh>, Quat)>,
    materials: Vec<AssetId<StandardMaterial>>,
}

impl BakedAtLow {
    /// Registers `mesh`, drawn turned by `rotation` (model to world), for
    /// baking. The mesh must have vertex colours ([`with_light_colours`]):
    /// one without is left as it is and leaves the list, with a warning
    /// (adding them later would change its vertex layout, and so its
    /// pipeline, at a change of level).
    pub fn add_mesh(&mut self, mesh: impl Into<AssetId<Mesh>>, rotation: Quat) {
        self.meshes.push((mesh.into(), rotation));
    }

    /// Registers `material` to be drawn unlit while the light is baked.
    pub fn add_material(&mut self, material: impl Into<AssetId<StandardMaterial>>) {
        self.materials.push(material.into());
    }

    /// Whether `material` is registered (a copy of it must be too).
    #[must_use]
    pub fn has_material(&self, material: impl Into<AssetId<StandardMaterial>>) -> bool {
        self.materials.contains(&material.into())
    }
}

/// Whether Low's baked light is in use: at Low while no point light
/// shines (the victory's golden light, which baked light would not show).
/// The one rule for the tiles (`scene::shade_tiles`) and [`bake_light`].
#[must_use]
pub fn light_is_baked(level: QualityLevel, point_light_shines: bool) -> bool {
    level == QualityLevel::Low && !point_light_shines
}

/// `mesh` with white vertex colours (the light at High), ready for
/// [`BakedAtLow::add_mesh`]: the colours are there at every level, so a
/// change of level changes colours, never the mesh's vertex layout (and so
/// no render pipeline).
#[must_use]
pub fn with_light_colours(mesh: Mesh) -> Mesh {
    let count = mesh.count_vertices();
    mesh.with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, vec![[1.0_f32; 4]; count])
}

/// The vertex colours of `mesh` turned by `rotation`: each vertex's
/// [`diffuse_light`] if `baked`, else white.
///
/// # Errors
/// Why the mesh cannot be baked: it has no vertex colours to overwrite, no
/// normals (as 32-bit floats), or its data has gone to the render world.
fn light_colours(mesh: &Mesh, rotation: Quat, baked: bool) -> Result<Vec<[f32; 4]>, &'static str> {
    let gone = "its data has gone to the render world";
    if !mesh.try_contains_attribute(Mesh::ATTRIBUTE_COLOR).map_err(|_| gone)? {
        return Err("it has no vertex colours (`with_light_colours`)");
    }
    let normals = match mesh.try_attribute_option(Mesh::ATTRIBUTE_NORMAL) {
        Ok(Some(VertexAttributeValues::Float32x3(normals))) => normals,
        Ok(_) => return Err("it has no normals to bake the light from"),
        Err(_) => return Err(gone),
    };
    Ok(normals
        .iter()
        .map(|&n| {
            if baked {
                let light = diffuse_light((rotation * Vec3::from(n)).normalize_or(Vec3::Y));
                [light.red, light.green, light.blue, 1.0]
            } else {
                [1.0; 4]
            }
        })
        .collect())
}

/// Bakes the light into the registered meshes and unlights the registered
/// materials at Low while no point light shines; undoes both otherwise.
/// Runs only when the level, the point lights' presence or the list
/// changed.
pub fn bake_light(
    quality: Option<Res<RenderQuality>>,
    mut baked_at_low: ResMut<BakedAtLow>,
    point_lights: Query<(), With<PointLight>>,
    mut applied: Local<Option<bool>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let level = quality.map_or(QualityLevel::High, |q| q.level);
    let baked = light_is_baked(level, !point_lights.is_empty());
    if *applied == Some(baked) && !baked_at_low.is_changed() {
        return;
    }
    *applied = Some(baked);
    // Pruning the list is no change to react to next frame.
    let list = baked_at_low.bypass_change_detection();
    list.meshes.retain(|&(id, rotation)| {
        let Some(colours) = meshes.get(id).map(|mesh| light_colours(mesh, rotation, baked)) else {
            return false;
        };
        let colours = match colours {
            Ok(colours) => colours,
            Err(why) => {
                warn!("a mesh registered for baked light is left as it is: {why}");
                return false;
            }
        };
        let mut mesh = meshes.get_mut(id).expect("just found");
        mesh.try_insert_attribute(Mesh::ATTRIBUTE_COLOR, colours).is_ok()
    });
    list.materials.retain(|&id| {
        let Some(material) = materials.get(id) else { return false };
        if material.unlit != baked {
            materials.get_mut(id).expect("just found").unlit = baked;
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quality::QualityLevel;

    fn app(level: QualityLevel) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .init_resource::<BakedAtLow>()
            .insert_resource(RenderQuality { level, ..default() })
            .add_systems(Update, bake_light);
        app
    }

    /// A cube's mesh registered turned by `rotation`, and a material.
    fn register(app: &mut App, rotation: Quat) -> (Handle<Mesh>, Handle<StandardMaterial>) {
        let mesh =
            app.world_mut().resource_mut::<Assets<Mesh>>().add(with_light_colours(Cuboid::default().into()));
        let material =
            app.world_mut().resource_mut::<Assets<StandardMaterial>>().add(StandardMaterial::default());
        let mut baked = app.world_mut().resource_mut::<BakedAtLow>();
        baked.add_mesh(&mesh, rotation);
        baked.add_material(&material);
        (mesh, material)
    }

    /// The colour of the first vertex whose normal is `normal`.
    fn colour_facing(app: &App, mesh: &Handle<Mesh>, normal: Vec3) -> [f32; 4] {
        let mesh = app.world().resource::<Assets<Mesh>>().get(mesh).unwrap();
        let Some(VertexAttributeValues::Float32x3(normals)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL) else {
            panic!("no normals")
        };
        let Some(VertexAttributeValues::Float32x4(colours)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR) else {
            panic!("no colours")
        };
        let i = normals.iter().position(|&n| Vec3::from(n).distance(normal) < 1e-4).unwrap();
        colours[i]
    }

    fn unlit(app: &App, material: &Handle<StandardMaterial>) -> bool {
        app.world().resource::<Assets<StandardMaterial>>().get(material).unwrap().unlit
    }

    #[test]
    fn at_low_each_vertex_carries_the_light_its_face_gets_and_the_material_is_unlit() {
        let mut app = app(QualityLevel::Low);
        let (mesh, material) = register(&mut app, Quat::IDENTITY);
        app.update();
        assert!(unlit(&app, &material));
        let top = colour_facing(&app, &mesh, Vec3::Y);
        let level = diffuse_light(Vec3::Y);
        assert_eq!(top, [level.red, level.green, level.blue, 1.0]);
        // The bottom faces away from the sun: the ambient light alone,
        // far darker than the top.
        let bottom = colour_facing(&app, &mesh, Vec3::NEG_Y);
        assert!(bottom[0] < top[0] * 0.2, "{bottom:?} against {top:?}");
    }

    #[test]
    fn the_light_is_baked_in_the_world_direction_of_a_turned_mesh() {
        let mut app = app(QualityLevel::Low);
        // A disc facing +z, laid on the board as the seat marks and the
        // frozen bases are (`shapes::FLAT`, which is not its own inverse):
        // its face looks up.
        let disc = super::super::shapes::disc(0.5, 8);
        let mesh = app.world_mut().resource_mut::<Assets<Mesh>>().add(with_light_colours(disc));
        app.world_mut().resource_mut::<BakedAtLow>().add_mesh(&mesh, super::super::shapes::FLAT);
        app.update();
        let level = diffuse_light(Vec3::Y);
        let up = colour_facing(&app, &mesh, Vec3::Z);
        assert!(
            Vec4::from(up).abs_diff_eq(Vec4::new(level.red, level.green, level.blue, 1.0), 1e-5),
            "{up:?}"
        );
    }

    #[test]
    fn a_mesh_without_vertex_colours_is_left_as_it_is() {
        let mut app = app(QualityLevel::Low);
        let mesh = app.world_mut().resource_mut::<Assets<Mesh>>().add(Mesh::from(Cuboid::default()));
        app.world_mut().resource_mut::<BakedAtLow>().add_mesh(&mesh, Quat::IDENTITY);
        app.update();
        let meshes = app.world().resource::<Assets<Mesh>>();
        assert!(!meshes.get(&mesh).unwrap().contains_attribute(Mesh::ATTRIBUTE_COLOR), "no layout change");
        assert!(app.world().resource::<BakedAtLow>().meshes.is_empty());
    }

    #[test]
    fn at_high_the_colours_are_white_and_the_material_lit_and_the_level_can_go_back_and_forth() {
        let mut app = app(QualityLevel::High);
        let (mesh, material) = register(&mut app, Quat::IDENTITY);
        app.update();
        assert_eq!(colour_facing(&app, &mesh, Vec3::Y), [1.0; 4]);
        assert!(!unlit(&app, &material));
        for (level, baked) in
            [(QualityLevel::Low, true), (QualityLevel::High, false), (QualityLevel::Low, true)]
        {
            app.world_mut().resource_mut::<RenderQuality>().level = level;
            app.update();
            assert_eq!(unlit(&app, &material), baked, "{level:?}");
            assert_eq!(colour_facing(&app, &mesh, Vec3::Y) == [1.0; 4], !baked, "{level:?}");
        }
    }

    #[test]
    fn at_low_the_light_is_not_baked_while_a_point_light_shines() {
        let mut app = app(QualityLevel::Low);
        let (mesh, material) = register(&mut app, Quat::IDENTITY);
        app.update();
        assert!(unlit(&app, &material));
        let light = app.world_mut().spawn(PointLight::default()).id();
        app.update();
        assert!(!unlit(&app, &material));
        assert_eq!(colour_facing(&app, &mesh, Vec3::Y), [1.0; 4]);
        app.world_mut().despawn(light);
        app.update();
        assert!(unlit(&app, &material));
        assert_ne!(colour_facing(&app, &mesh, Vec3::Y), [1.0; 4], "baked again");
    }

    #[test]
    fn a_copy_of_a_registered_material_can_be_told_and_registered() {
        let mut app = app(QualityLevel::Low);
        let (_, material) = register(&mut app, Quat::IDENTITY);
        app.update();
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        let faded = materials.get(&material).unwrap().clone();
        let copy = materials.add(faded);
        let other = materials.add(StandardMaterial::default());
        let mut baked = app.world_mut().resource_mut::<BakedAtLow>();
        assert!(baked.has_material(&material) && !baked.has_material(&copy) && !baked.has_material(&other));
        baked.add_material(&copy);
        app.world_mut().resource_mut::<RenderQuality>().level = QualityLevel::High;
        app.update();
        assert!(!unlit(&app, &copy), "the copy follows the level");
        assert!(!unlit(&app, &other));
    }

    #[test]
    fn a_mesh_registered_later_is_baked_and_a_removed_one_leaves_the_list() {
        let mut app = app(QualityLevel::Low);
        app.update();
        let (mesh, _) = register(&mut app, Quat::IDENTITY);
        app.update();
        assert_ne!(colour_facing(&app, &mesh, Vec3::Y), [1.0; 4], "registered after the level was applied");
        // As Bevy removes a mesh whose last handle went (the frame of a
        // replaced board).
        app.world_mut().resource_mut::<Assets<Mesh>>().remove(&mesh);
        app.world_mut().resource_mut::<RenderQuality>().level = QualityLevel::High;
        app.update();
        assert!(app.world().resource::<BakedAtLow>().meshes.is_empty());
        assert_eq!(app.world().resource::<BakedAtLow>().materials.len(), 1);
    }
}
