//! A short loading step at start: the game's name over the table, covering
//! the window until the renderer has compiled the pipelines of what is in
//! view (the board, its pieces, the interface), so the first frames a player
//! sees are whole ones, not the interface over an empty table (software
//! renderers take seconds to compile them). The board is drawn behind the
//! cover meanwhile, which is what makes the renderer compile it.
//!
//! Done when no pipeline is being compiled and the numbers of ready and of
//! waiting ones have not changed for a few frames ([`LoadingWatch`]), or
//! after [`LOADING_TIMEOUT_S`] at the latest. Pipelines whose shader never
//! loads (WebGL2 lacks some of Bevy's features; Bevy retries those every
//! frame) do not hold the game back.
//! Without a renderer (headless tests) the game counts as loaded at once.
//! In the browser the page's own loading cover stays up until then too
//! (`window.arkesReady`).

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};

use crate::i18n::Tr;
use crate::theme;
use crate::ui::{TEXT_DIM, text, title};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PipelineStatus>().add_systems(Update, finish_loading.run_if(loading));
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, report_pipelines);
        app.insert_resource(Loaded(false)).add_systems(Startup, spawn_cover);
    } else {
        app.insert_resource(Loaded(true));
    }
}

/// The loading step never lasts longer than this, in seconds of real time.
pub const LOADING_TIMEOUT_S: f32 = 30.0;

/// Frames in a row with nothing compiling and the same counts, to be done.
pub const STABLE_FRAMES: u32 = 3;

/// Whether the loading step is over (the first whole frame is drawn).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loaded(pub bool);

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
