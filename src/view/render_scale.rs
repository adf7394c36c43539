//! Drawing the board below the window's resolution ([`RenderScale`] under
//! 1, at Low): the 3D camera renders into an image of
//! [`RenderScale::scene_size`], and a 2D camera draws that image over the
//! whole window (a sprite, filtered) and then the interface at full
//! resolution. At a scale of 1 the 3D camera draws into the window, and
//! the image, its sprite and the interface camera are gone.
//!
//! Picking keeps working through the image: each frame, for every pointer
//! over the window, a ray through the matching point of the image is added
//! to `bevy_picking`'s [`RayMap`] (its documented way of picking through a
//! camera that renders to a texture). The pointers stay the window's own
//! (mouse, touch, the tap replay's), so their hover maps hold the pieces
//! and cells themselves and their clicks reach them as before.

use bevy::camera::{CameraUpdateSystems, ImageRenderTarget, RenderTarget};
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureFormat, TextureUsages};
use bevy::window::{PrimaryWindow, WindowRef};

use super::camera::OrbitCamera;
use crate::quality::RenderScale;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        // Before the interface picks its camera, so that no frame draws the
        // interface through the camera that just stopped drawing it.
        apply_render_scale.before(CameraUpdateSystems).before(bevy::ui::UiSystems::Prepare),
    )
    .add_systems(PreUpdate, scene_rays.after(RayMap::repopulate).in_set(PickingSystems::ProcessInput));
}

/// The sprite that shows the board's image over the whole window.
#[derive(Component, Debug)]
pub struct SceneImage;

/// The camera that draws the board's image and the interface into the
/// window while the board is drawn into an image.
#[derive(Component, Debug)]
pub struct InterfaceCamera;

/// A 2D camera that draws the interface into the window after the board's
/// camera (order 1), as the interface's default camera: no MSAA, and
/// nothing cleared, since what it draws first covers the whole window (the
/// board's image, or the loading cover).
pub fn interface_camera() -> impl Bundle {
    (
        Camera2d,
        Camera { order: 1, clear_color: ClearColorConfig::None, ..default() },
        Msaa::Off,
        IsDefaultUiCamera,
    )
}

/// A render target image of `size` pixels, 8-bit sRGB (as WebGL2 and every
/// wgpu backend can draw into and sample).
fn target_image(size: UVec2) -> Image {
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    // Drawn into by the camera and sampled by the interface, never read
    // back or filled from the CPU.
    image.data = None;
    // Redrawn every frame: a resize need not copy the old pixels.
    image.copy_on_resize = false;
    image.texture_descriptor.usage = TextureUsages::TEXTURE_BINDING | TextureUsages::RENDER_ATTACHMENT;
    image
}

/// Points the 3D camera at the window or at an image of the scaled size,
/// resizing the image with the window.
pub fn apply_render_scale(
    mut commands: Commands,
    scale: Res<RenderScale>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&mut RenderTarget, &mut Projection), With<OrbitCamera>>,
    shown: Query<Entity, Or<(With<SceneImage>, With<InterfaceCamera>)>>,
    mut sprites: Query<&mut Sprite, With<SceneImage>>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Ok(window), Ok((mut target, mut projection))) = (windows.single(), cameras.single_mut()) else {
        return;
    };
    if scale.is_full() {
        if target.as_image().is_some() {
            *target = RenderTarget::Window(WindowRef::Primary);
            // Bevy's camera system recomputes the viewport on a changed
            // projection, window or image, not on a changed target: without
            // this the camera keeps the image's size, and picking misses.
            projection.set_changed();
            for entity in &shown {
                commands.entity(entity).despawn();
            }
        }
        return;
    }
    if window.physical_width() == 0 || window.physical_height() == 0 {
        // Minimised: keep the image for when the window comes back.
        return;
    }
    let size = scale.scene_size(window.physical_size());
    if let Some(handle) = target.as_image() {
        for mut sprite in &mut sprites {
            if sprite.custom_size != Some(window.size()) {
                sprite.custom_size = Some(window.size());
                // A resize that keeps the window's shape may keep the
                // image's size: the camera's viewport then changes in
                // window pixels only, and what follows the camera (the
                // coordinate labels) must hear of it.
                projection.set_changed();
            }
        }
        if images.get(handle).is_some_and(|image| image.size() != size)
            && let Some(mut image) = images.get_mut(handle)
        {
            image.resize(Extent3d { width: size.x, height: size.y, depth_or_array_layers: 1 });
        }
        return;
    }
    let handle = images.add(target_image(size));
    *target = RenderTarget::Image(ImageRenderTarget { handle: handle.clone(), scale_factor: 1.0 });
    projection.set_changed();
    commands.spawn((Name::new("interface camera"), InterfaceCamera, interface_camera()));
    commands.spawn((
        Name::new("board image"),
        SceneImage,
        // A sprite of the interface camera, drawn before the interface:
        // outside the UI tree, so no layout, z-order or picking of nodes to
        // keep it under the rest (drawing it costs the same as an image
        // node: about 8 ms a frame on lavapipe at 1280 × 720).
        Sprite { image: handle, custom_size: Some(window.size()), ..default() },
        // The board behind it is picked through `scene_rays`.
        bevy::picking::Pickable::IGNORE,
    ));
}

/// Adds a ray for each pointer over the primary window through the 3D
/// camera drawing into the board's image, at the same place of the image,
/// and removes the interface camera's rays: its orthographic rays would
/// reach the 3D scene too (the meshes are on every camera's layer), and win
/// over the board camera's hits as the camera of higher order.
fn scene_rays(
    mut rays: ResMut<RayMap>,
    windows: Query<(Entity, &Window), With<PrimaryWindow>>,
    cameras: Query<(Entity, &Camera, &RenderTarget, &GlobalTransform), With<OrbitCamera>>,
    interface: Query<Entity, With<InterfaceCamera>>,
    pointers: Query<(&PointerId, &PointerLocation)>,
) {
    for camera in &interface {
        rays.map.retain(|id, _| id.camera != camera);
    }
    let (Ok((window_entity, window)), Ok((entity, camera, target, transform))) =
        (windows.single(), cameras.single())
    else {
        return;
    };
    if target.as_image().is_none() || !camera.is_active {
        return;
    }
    let Some(window_target) = RenderTarget::Window(WindowRef::Primary).normalize(Some(window_entity)) else {
        return;
    };
    let bounds = Rect::from_corners(Vec2::ZERO, window.size());
    for (pointer, location) in &pointers {
        let Some(location) = location.location() else { continue };
        if location.target != window_target || !bounds.contains(location.position) {
            continue;
        }
        let at = window_to_viewport(camera, window, location.position);
        if let Ok(ray) = camera.viewport_to_world(transform, at) {
            rays.map.insert(RayId::new(entity, *pointer), ray);
        }
    }
}

/// A point of a camera's viewport (its logical pixels, origin top left)
/// in window coordinates (logical pixels): the same point when the camera
/// draws into the window, stretched when it draws into a smaller image
/// laid over the whole window ([`RenderScale`]).
#[must_use]
pub fn viewport_to_window(camera: &Camera, window: &Window, point: Vec2) -> Vec2 {
    match camera.logical_viewport_size() {
        Some(size) if size.x > 0.0 && size.y > 0.0 => point * window.size() / size,
        _ => point,
    }
}

/// A window position (logical pixels) in a camera's viewport (its logical
/// pixels): the inverse of [`viewport_to_window`].
#[must_use]
pub fn window_to_viewport(camera: &Camera, window: &Window, point: Vec2) -> Vec2 {
    let window_size = window.size();
    match camera.logical_viewport_size() {
        Some(size) if window_size.x > 0.0 && window_size.y > 0.0 => point * size / window_size,
        _ => point,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quality::QualityLevel;
    use bevy::window::WindowResolution;

    fn app(width: u32, height: u32) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).init_resource::<Assets<Image>>().init_resource::<RenderScale>();
        app.add_systems(PostUpdate, apply_render_scale);
        app.world_mut()
            .spawn((Window { resolution: WindowResolution::new(width, height), ..default() }, PrimaryWindow));
        app.world_mut().spawn((Camera3d::default(), OrbitCamera::default()));
        app.update();
        app
    }

    fn set_scale(app: &mut App, level: QualityLevel) {
        let physical = {
            let mut windows = app.world_mut().query_filtered::<&Window, With<PrimaryWindow>>();
            windows.single(app.world()).unwrap().physical_size()
        };
        app.insert_resource(RenderScale::for_level(level, physical));
        app.update();
    }

    /// The 3D camera's image, if it draws into one, and its size.
    fn image_size(app: &mut App) -> Option<UVec2> {
        let mut targets = app.world_mut().query_filtered::<&RenderTarget, With<OrbitCamera>>();
        let handle = targets.single(app.world()).unwrap().as_image()?.clone();
        Some(app.world().resource::<Assets<Image>>().get(&handle).unwrap().size())
    }

    fn shown(app: &mut App) -> (usize, usize) {
        let world = app.world_mut();
        let images = world.query_filtered::<(), With<SceneImage>>().iter(world).count();
        let cameras = world.query_filtered::<(), With<InterfaceCamera>>().iter(world).count();
        (images, cameras)
    }

    #[test]
    fn low_draws_the_board_into_a_smaller_image_and_high_into_the_window() {
        let mut app = app(1280, 720);
        assert_eq!(image_size(&mut app), None, "High draws into the window");
        assert_eq!(shown(&mut app), (0, 0));
        set_scale(&mut app, QualityLevel::Low);
        assert_eq!(image_size(&mut app), Some(UVec2::new(640, 360)), "Low draws 640 × 360 pixels");
        assert_eq!(shown(&mut app), (1, 1), "one sprite and one interface camera");
        // Staying at Low keeps the same image, node and camera.
        app.update();
        assert_eq!(shown(&mut app), (1, 1));
        set_scale(&mut app, QualityLevel::High);
        assert_eq!(image_size(&mut app), None, "back to the window");
        assert_eq!(shown(&mut app), (0, 0), "the sprite and the camera are gone");
    }

    /// Whether the camera's projection changed in each frame.
    #[derive(Resource, Default)]
    struct ProjectionChanges(Vec<bool>);

    fn record_projection(
        projections: Query<Ref<Projection>, With<OrbitCamera>>,
        mut changes: ResMut<ProjectionChanges>,
    ) {
        changes.0.push(projections.single().is_ok_and(|p| p.is_changed()));
    }

    #[test]
    fn a_change_of_target_makes_the_camera_recompute_its_viewport() {
        let mut app = app(1280, 720);
        app.init_resource::<ProjectionChanges>().add_systems(Last, record_projection);
        app.update();
        set_scale(&mut app, QualityLevel::Low);
        app.update();
        set_scale(&mut app, QualityLevel::High);
        app.update();
        // Frames (after the first, where the camera is new to the system):
        // to the image, steady, to the window, steady.
        assert_eq!(app.world().resource::<ProjectionChanges>().0[1..], [true, false, true, false]);
    }

    #[test]
    fn the_board_image_follows_the_window_size() {
        let mut app = app(1280, 720);
        set_scale(&mut app, QualityLevel::Low);
        resize(&mut app, 1920, 1080);
        set_scale(&mut app, QualityLevel::Low);
        assert_eq!(image_size(&mut app), Some(UVec2::new(960, 540)), "never below half of each side");
        assert_eq!(shown(&mut app), (1, 1));
    }

    fn resize(app: &mut App, width: u32, height: u32) {
        let mut windows = app.world_mut().query_filtered::<&mut Window, With<PrimaryWindow>>();
        windows.single_mut(app.world_mut()).unwrap().resolution.set_physical_resolution(width, height);
    }

    #[test]
    fn a_resize_that_keeps_the_image_size_still_moves_what_follows_the_camera() {
        let mut app = app(960, 540);
        app.init_resource::<ProjectionChanges>().add_systems(Last, record_projection);
        set_scale(&mut app, QualityLevel::Low);
        assert_eq!(image_size(&mut app), Some(UVec2::new(640, 360)));
        app.update();
        app.world_mut().resource_mut::<ProjectionChanges>().0.clear();
        // The same shape, 20 % larger: the image keeps its 640 × 360 pixels.
        resize(&mut app, 1152, 648);
        set_scale(&mut app, QualityLevel::Low);
        assert_eq!(image_size(&mut app), Some(UVec2::new(640, 360)));
        assert_eq!(app.world().resource::<ProjectionChanges>().0, [true], "the camera is told");
    }

    #[test]
    fn a_minimised_window_keeps_the_board_image() {
        let mut app = app(1280, 720);
        set_scale(&mut app, QualityLevel::Low);
        resize(&mut app, 0, 0);
        app.update();
        assert_eq!(image_size(&mut app), Some(UVec2::new(640, 360)));
        assert_eq!(shown(&mut app), (1, 1));
    }

    #[test]
    fn the_interface_camera_casts_no_ray_into_the_board() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).init_resource::<RayMap>().add_systems(Update, scene_rays);
        let interface = app.world_mut().spawn(InterfaceCamera).id();
        let other = app.world_mut().spawn_empty().id();
        let ray = Ray3d::new(Vec3::ZERO, Dir3::NEG_Z);
        let mut rays = app.world_mut().resource_mut::<RayMap>();
        rays.map.insert(RayId::new(interface, PointerId::Mouse), ray);
        rays.map.insert(RayId::new(other, PointerId::Mouse), ray);
        app.update();
        let cameras: Vec<Entity> = app.world().resource::<RayMap>().iter().map(|(id, _)| id.camera).collect();
        assert_eq!(cameras, [other]);
    }
}
