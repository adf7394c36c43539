//! A short loading step at start: the game's name over the table, covering
//! the window until the renderer has compiled the pipelines of what is in
//! view (the board, its pieces, the interface), so the first frames a player
//! sees are whole ones, not the interface over an empty table (software
//! renderers take seconds to compile them). The board is drawn behind the
//! cover meanwhile, which is what makes the renderer compile it.
//!
//! Done when no pipeline is being compiled and the numbers of ready and of
//! waiting ones have stayed the same from one frame to the next
//! ([`STABLE_FRAMES`], [`LoadingWatch`]), or
//! after [`LOADING_TIMEOUT_S`] at the latest. Pipelines whose shader never
//! loads (WebGL2 lacks some of Bevy's features; Bevy retries those every
//! frame) do not hold the game back.
//! Meanwhile the board's camera draws into a corner of its target
//! [`LOADING_VIEW_DIVISOR`] times smaller in width and height (its viewport;
//! [`loading_viewport`]): the renderer compiles the same pipelines, since
//! none depends on the viewport, without shading the whole board in each
//! loading frame (on a software renderer, whole-window frames of the board
//! took 170–450 ms each in the browser). What does not shrink with the
//! viewport stays: the shadow map, and MSAA's full-size targets at High.
//! The interface is drawn meanwhile by a camera of its own at the window's
//! size, unless Low's interface camera already does
//! ([`crate::view::render_scale`]).
//! Without a renderer (headless tests) the game counts as loaded at once.
//! In the browser the page's own loading cover stays up until then too
//! (`window.arkesReady`).

use bevy::camera::{CameraUpdateSystems, RenderTarget, Viewport};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};
use bevy::window::PrimaryWindow;

use crate::app_state::Loaded;
use crate::i18n::Tr;
use crate::theme;
use crate::ui::{TEXT_DIM, text, title};
use crate::view::camera::OrbitCamera;
use crate::view::render_scale::{InterfaceCamera, interface_camera};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PipelineStatus>().add_systems(Update, finish_loading.run_if(loading)).add_systems(
        PostUpdate,
        // After Low's render scale has chosen the camera's target and
        // its interface camera, before the cameras and the interface
        // are laid out for this frame.
        // Until the frame after loading, which gives the viewport back.
        loading_viewport
            .run_if(loading.or_else(resource_changed::<Loaded>))
            .after(crate::view::render_scale::apply_render_scale)
            .before(CameraUpdateSystems)
            .before(bevy::ui::UiSystems::Prepare),
    );
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, report_pipelines);
        app.insert_resource(Loaded(false)).add_systems(Startup, spawn_cover);
    } else {
        app.insert_resource(Loaded(true));
    }
}

/// The loading step never lasts longer than this, in seconds of real time.
pub const LOADING_TIMEOUT_S: f32 = 30.0;

/// Frames in a row, after the first with nothing compiling, with the same
/// counts, to be done. One is enough: no pipeline was compiled after the
/// loading step in any start measured (natively: both games' starts and
/// the title screen, at High and at Low; in the browser: ARKES's 4-player
/// start at both, which the browser test checks with the automation's
/// `frames` report), and each frame waited costs up to half a second in a
/// browser on a software renderer.
pub const STABLE_FRAMES: u32 = 1;

/// While loading, the board's camera draws into a corner of its target this
/// many times smaller in width and in height ([`loading_viewport`]).
pub const LOADING_VIEW_DIVISOR: u32 = 8;

/// The viewport of the board's camera while loading: the top-left corner of
/// a target of `target` physical pixels, [`LOADING_VIEW_DIVISOR`] times
/// smaller on each side (at least one pixel), so of the target's shape.
pub fn loading_view_size(target: UVec2) -> UVec2 {
    (target / LOADING_VIEW_DIVISOR).max(UVec2::ONE)
}

/// Marks the board's camera while [`loading_viewport`] has shrunk its
/// viewport (it had none before, and gets none back).
#[derive(Component, Debug)]
pub struct LoadingViewport;

/// The camera that draws the interface (the loading cover) at the window's
/// size while the board's camera draws into a corner, at full scale (at
/// Low, [`InterfaceCamera`] does).
#[derive(Component, Debug)]
pub struct LoadingInterfaceCamera;

/// The renderer's pipelines, counted each frame by the render world.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineStatus {
    /// Pipelines compiled and ready.
    pub ready: usize,
    /// Pipelines being compiled (on a background task natively).
    pub compiling: usize,
    /// Pipelines queued or failed, retried each frame (a shader not loaded).
    pub waiting: usize,
}

fn loading(loaded: Res<Loaded>) -> bool {
    !loaded.0
}

/// Counts the render world's pipelines into the main world's
/// [`PipelineStatus`] (a system of the render app's `ExtractSchedule`; the
/// main world must have the resource).
pub fn report_pipelines(cache: Res<PipelineCache>, mut main: ResMut<MainWorld>) {
    let count = |f: fn(&CachedPipelineState) -> bool| cache.pipelines().filter(|p| f(&p.state)).count();
    let ready = count(|s| matches!(s, CachedPipelineState::Ok(_)));
    let compiling = count(|s| matches!(s, CachedPipelineState::Creating(_)));
    let waiting = cache.waiting_pipelines().count().saturating_sub(compiling);
    if let Some(mut status) = main.get_resource_mut::<PipelineStatus>() {
        let now = PipelineStatus { ready, compiling, waiting };
        if *status != now {
            *status = now;
        }
    }
}

/// Decides, frame by frame, when the pipelines have settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadingWatch {
    /// The (ready, waiting) counts of the previous frame.
    last: Option<(usize, usize)>,
    /// Frames in a row with nothing compiling and the same counts.
    stable: u32,
}

impl LoadingWatch {
    /// Takes this frame's counts; true once nothing has been compiling and
    /// the numbers of ready and waiting pipelines (at least one ready) have
    /// stayed the same for [`STABLE_FRAMES`] frames. A pipeline still
    /// waiting for its shader to load, then queued, changes the counts.
    pub fn settled(&mut self, status: PipelineStatus) -> bool {
        let key = (status.ready, status.waiting);
        if status.compiling == 0 && status.ready > 0 && self.last == Some(key) {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        self.last = Some(key);
        self.stable >= STABLE_FRAMES
    }
}

/// The cover shown while loading.
#[derive(Component)]
struct LoadingCover;

fn spawn_cover(mut commands: Commands) {
    commands.spawn((
        Name::new("loading"),
        LoadingCover,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(14),
            ..default()
        },
        BackgroundColor(theme::TABLE),
        GlobalZIndex(1000),
        children![title(Tr::new("title-name")), text(Tr::new("loading"), 20.0, TEXT_DIM)],
    ));
}

fn finish_loading(
    status: Res<PipelineStatus>,
    frames: Res<FrameCount>,
    time: Res<Time<Real>>,
    covers: Query<Entity, With<LoadingCover>>,
    mut watch: Local<LoadingWatch>,
    mut loaded: ResMut<Loaded>,
    mut commands: Commands,
) {
    let settled = watch.settled(*status);
    let timed_out = time.elapsed_secs() > LOADING_TIMEOUT_S;
    if !settled && !timed_out {
        return;
    }
    if timed_out && !settled {
        warn!(
            "pipelines not settled after {LOADING_TIMEOUT_S} s ({} compiling, {} ready, {} waiting): showing the game",
            status.compiling, status.ready, status.waiting
        );
    }
    info!(
        "loaded in {:.1} s ({} frames, {} pipelines ready, {} waiting for a shader)",
        time.elapsed_secs(),
        frames.0,
        status.ready,
        status.waiting
    );
    loaded.0 = true;
    for cover in &covers {
        commands.entity(cover).despawn();
    }
}

/// While loading, shrinks the viewport of the board's camera to
/// [`loading_view_size`] of its target (the window, or Low's image) and has
/// the interface drawn by a [`LoadingInterfaceCamera`] when no
/// [`InterfaceCamera`] does; once loaded, gives the camera back its whole
/// target and removes the loading camera. A camera that had a viewport of
/// its own is left alone.
pub fn loading_viewport(
    mut commands: Commands,
    loaded: Res<Loaded>,
    windows: Query<&Window, With<PrimaryWindow>>,
    images: Res<Assets<Image>>,
    mut boards: Query<(Entity, &mut Camera, &RenderTarget, Has<LoadingViewport>), With<OrbitCamera>>,
    interface: Query<(), With<InterfaceCamera>>,
    loading_cameras: Query<Entity, With<LoadingInterfaceCamera>>,
) {
    if loaded.0 {
        for (entity, mut camera, _, shrunk) in &mut boards {
            if shrunk {
                camera.viewport = None;
                commands.entity(entity).remove::<LoadingViewport>();
            }
        }
        for entity in &loading_cameras {
            commands.entity(entity).despawn();
        }
        return;
    }
    for (entity, mut camera, target, shrunk) in &mut boards {
        if camera.viewport.is_some() && !shrunk {
            continue;
        }
        // The target's size: Bevy's once it has computed it, else (the
        // first frame) the window's or the image's own.
        let size = camera.physical_target_size().or_else(|| match target {
            RenderTarget::Window(_) => windows.single().ok().map(Window::physical_size),
            RenderTarget::Image(image) => images.get(&image.handle).map(Image::size),
            _ => None,
        });
        let Some(size) = size.filter(|s| s.x > 0 && s.y > 0) else { continue };
        let wanted = loading_view_size(size);
        if camera.viewport.as_ref().is_none_or(|v| v.physical_size != wanted) {
            camera.viewport = Some(Viewport { physical_size: wanted, ..default() });
        }
        if !shrunk {
            commands.entity(entity).insert(LoadingViewport);
        }
    }
    let own_camera = loading_cameras.iter().next();
    match (interface.is_empty(), own_camera) {
        (true, None) => {
            commands.spawn((
                Name::new("loading interface camera"),
                LoadingInterfaceCamera,
                interface_camera(),
            ));
        }
        (false, Some(entity)) => {
            commands.entity(entity).despawn();
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quality::{QualityLevel, RenderScale};
    use crate::view::render_scale::apply_render_scale;
    use bevy::window::WindowResolution;

    /// A window of 1280 × 720 pixels, the board's camera, Low's render
    /// scale and the loading viewport, still loading.
    fn app(level: QualityLevel) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<Image>>()
            .insert_resource(RenderScale::for_level(level, UVec2::new(1280, 720)))
            .insert_resource(Loaded(false))
            .add_systems(PostUpdate, (apply_render_scale, loading_viewport).chain());
        app.world_mut()
            .spawn((Window { resolution: WindowResolution::new(1280, 720), ..default() }, PrimaryWindow));
        app.world_mut().spawn((Camera3d::default(), OrbitCamera::default()));
        app.update();
        app
    }

    /// The board camera's viewport size, and the loading cameras.
    fn state(app: &mut App) -> (Option<UVec2>, usize) {
        let world = app.world_mut();
        let viewport = world
            .query_filtered::<&Camera, With<OrbitCamera>>()
            .single(world)
            .unwrap()
            .viewport
            .as_ref()
            .map(|v| v.physical_size);
        let cameras = world.query_filtered::<(), With<LoadingInterfaceCamera>>().iter(world).count();
        (viewport, cameras)
    }

    #[test]
    fn loading_draws_the_board_in_a_corner_then_in_the_whole_window() {
        let mut app = app(QualityLevel::High);
        assert_eq!(
            state(&mut app),
            (Some(UVec2::new(160, 90)), 1),
            "an eighth of the window's sides, and a camera for the interface"
        );
        app.update();
        assert_eq!(state(&mut app), (Some(UVec2::new(160, 90)), 1), "steady while loading");
        app.insert_resource(Loaded(true));
        app.update();
        assert_eq!(state(&mut app), (None, 0), "the whole window, and the loading camera gone");
        let world = app.world_mut();
        assert_eq!(world.query_filtered::<(), With<LoadingViewport>>().iter(world).count(), 0);
    }

    #[test]
    fn at_low_loading_draws_in_a_corner_of_the_image_and_the_interface_camera_draws_the_cover() {
        let mut app = app(QualityLevel::Low);
        assert_eq!(state(&mut app), (Some(UVec2::new(80, 45)), 0), "an eighth of the 640 × 360 image");
        let world = app.world_mut();
        assert_eq!(world.query_filtered::<(), With<InterfaceCamera>>().iter(world).count(), 1);
        app.insert_resource(Loaded(true));
        app.update();
        assert_eq!(state(&mut app), (None, 0));
    }

    #[test]
    fn a_camera_with_its_own_viewport_is_left_alone() {
        let mut app = app(QualityLevel::High);
        app.insert_resource(Loaded(true));
        app.update();
        let own = Viewport { physical_size: UVec2::new(300, 200), ..default() };
        let world = app.world_mut();
        world.query_filtered::<&mut Camera, With<OrbitCamera>>().single_mut(world).unwrap().viewport =
            Some(own);
        app.insert_resource(Loaded(false));
        app.update();
        assert_eq!(state(&mut app).0, Some(UVec2::new(300, 200)), "not shrunk");
        app.insert_resource(Loaded(true));
        app.update();
        assert_eq!(state(&mut app).0, Some(UVec2::new(300, 200)), "not taken away");
    }

    #[test]
    fn the_loading_view_keeps_the_target_shape_and_at_least_a_pixel() {
        assert_eq!(loading_view_size(UVec2::new(1920, 1080)), UVec2::new(240, 135));
        assert_eq!(loading_view_size(UVec2::new(5, 800)), UVec2::new(1, 100));
    }
}
