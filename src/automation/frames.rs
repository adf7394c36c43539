//! Frame times: recorded every frame once the loading step is over,
//! reported with `--exit-after-frames` (and `--screenshot`), natively and on
//! the web. Frames are counted from the end of the loading step.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use serde_json::json;

use super::events::{AiSlice, Automation};
use super::output::emit;
use crate::GameOptions;
use crate::play::AiThinking;

pub(super) fn record_frame_time(
    options: Res<GameOptions>,
    time: Res<Time<Real>>,
    thinking: Res<AiThinking>,
    loaded: Option<Res<crate::app_state::Loaded>>,
    pipelines: Option<Res<crate::loading::PipelineStatus>>,
    mut state: ResMut<Automation>,
) {
    if loaded.is_some_and(|l| !l.0) {
        return;
    }
    if options.automation || options.exit_after_frames.is_some() {
        let ready = pipelines.map_or(0, |p| p.ready);
        match state.pipelines_at_load {
            None => state.pipelines_at_load = Some(ready),
            Some(_) if ready > state.pipelines_ready => {
                let frame = state.frame_ms.len() as u32;
                state.pipelines_grew_at.push(frame);
            }
            Some(_) => {}
        }
        state.pipelines_ready = ready;
        state.frame_ms.push(time.delta_secs() * 1000.0);
        state.thinking.push(thinking.seat().is_some());
        if thinking.seat().is_some() {
            state.ai_slices.push(AiSlice {
                ms: thinking.main_thread_ms(),
                longest_chunk_ms: thinking.longest_chunk_ms(),
                turn_frame: thinking.turn_frames(),
                in_worker: thinking.in_worker(),
                stepped: thinking.stepped(),
            });
        }
    }
}

/// Median and 95th percentile of the frame times after the first `skip`.
fn frame_stats(frame_ms: &[f32], skip: usize) -> (f32, f32, usize) {
    let mut v: Vec<f32> = frame_ms.iter().skip(skip).copied().collect();
    if v.is_empty() {
        return (0.0, 0.0, 0);
    }
    v.sort_by(f32::total_cmp);
    (v[v.len() / 2], v[(v.len() * 95 / 100).min(v.len() - 1)], v.len())
}

/// What the scene holds, for the frame report: entities, meshes drawn
/// (visible), batches (distinct mesh and material pairs among them: about
/// the draw calls of the main pass once Bevy batches them), and meshes that
/// cast shadows.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct SceneCounts<'w, 's> {
    entities: Query<'w, 's, Entity>,
    meshes: Query<
        'w,
        's,
        (
            &'static Mesh3d,
            Option<&'static MeshMaterial3d<StandardMaterial>>,
            &'static InheritedVisibility,
            Has<bevy::light::NotShadowCaster>,
        ),
    >,
}

impl SceneCounts<'_, '_> {
    fn report(&self) -> serde_json::Value {
        let visible: Vec<_> = self.meshes.iter().filter(|(_, _, v, _)| v.get()).collect();
        let batches: std::collections::HashSet<_> =
            visible.iter().map(|(mesh, material, _, _)| (mesh.id(), material.map(|m| m.id()))).collect();
        json!({
            "entities": self.entities.iter().count(),
            "meshes": visible.len(),
            "batches": batches.len(),
            "shadow_casters": visible.iter().filter(|(_, _, _, not)| !not).count(),
        })
    }
}

/// The renderer's pipelines since the loading step: how many were ready
/// when it ended, how many now, and the frames after it (counted from its
/// end) in which more became ready. A pipeline compiled after the loading
/// step means frames drawn without what it draws; in a scene left alone
/// (no click, no new screen) there should be none.
fn pipelines_report(state: &Automation) -> serde_json::Value {
    let at_load = state.pipelines_at_load.unwrap_or(0);
    json!({
        "ready_at_load": at_load,
        "ready": state.pipelines_ready,
        "compiled_after_loading": state.pipelines_ready.saturating_sub(at_load),
        "grew_at_frames": state.pipelines_grew_at,
    })
}

pub(super) fn exit_after_frames(
    options: Res<GameOptions>,
    counts: SceneCounts,
    mut state: ResMut<Automation>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = options.exit_after_frames else { return };
    if (state.frame_ms.len() as u32) < limit || state.screenshot_requested || state.frames_reported {
        return;
    }
    state.frames_reported = true;
    let (median, p95, n) = frame_stats(&state.frame_ms, 30);
    if options.automation {
        let max = state.frame_ms.iter().skip(30).copied().fold(0.0, f32::max);
        let thinking: Vec<f32> = (state.frame_ms.iter().zip(&state.thinking))
            .skip(30)
            .filter_map(|(ms, thinking)| thinking.then_some(*ms))
            .collect();
        let (thinking_median, thinking_p95, thinking_n) = frame_stats(&thinking, 0);
        let slice_ms: Vec<f32> = state.ai_slices.iter().map(|s| s.ms).collect();
        let (slice_median, slice_p95, _) = frame_stats(&slice_ms, 0);
        let slice_max = slice_ms.iter().copied().fold(0.0, f32::max);
        let chunk_max = state.ai_slices.iter().map(|s| s.longest_chunk_ms).fold(0.0, f32::max);
        // Where in their turns the slices over 12 ms came (frame of the turn).
        let over_12_at: Vec<u32> =
            state.ai_slices.iter().filter(|s| s.ms > 12.0).map(|s| s.turn_frame).collect();
        emit(&json!({
            "event": "frames", "count": n, "median_ms": median, "p95_ms": p95, "max_ms": max,
            "thinking_frames": thinking_n, "thinking_median_ms": thinking_median,
            "thinking_p95_ms": thinking_p95, "thinking_max_ms": thinking.iter().copied().fold(0.0, f32::max),
            "ai_main_thread_max_ms": slice_max, "ai_main_thread_median_ms": slice_median,
            "ai_main_thread_p95_ms": slice_p95, "ai_slices": state.ai_slices.len(),
            "ai_slices_over_12_ms": over_12_at.len(), "ai_chunk_max_ms": chunk_max,
            "ai_over_12_turn_frames": over_12_at,
            "ai_worker_frames": state.ai_slices.iter().filter(|s| s.in_worker).count(),
            "ai_stepped_frames": state.ai_slices.iter().filter(|s| s.stepped).count(),
            "scene": counts.report(),
            "pipelines": pipelines_report(&state),
        }));
    }
    match &options.screenshot {
        Some(path) => {
            state.screenshot_requested = true;
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone())).observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
        }
        // A page does not exit: the web build reports and plays on (closing
        // its audio under a pending resume would be an uncaught error).
        None if cfg!(target_arch = "wasm32") => {}
        None => {
            exit.write(AppExit::Success);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app_state::Loaded;
    use crate::loading::PipelineStatus;

    fn app() -> App {
        let mut app = App::new();
        app.insert_resource(GameOptions { automation: true, ..default() })
            .init_resource::<Time<Real>>()
            .init_resource::<AiThinking>()
            .init_resource::<Automation>()
            .init_resource::<PipelineStatus>()
            .insert_resource(Loaded(false))
            .add_systems(Update, record_frame_time);
        app
    }

    fn frame(app: &mut App, ready: usize) {
        app.world_mut().resource_mut::<PipelineStatus>().ready = ready;
        app.update();
    }

    #[test]
    fn the_report_counts_pipelines_compiled_after_the_loading_step() {
        let mut app = app();
        // While loading, pipelines come and nothing is recorded.
        frame(&mut app, 3);
        frame(&mut app, 9);
        assert_eq!(app.world().resource::<Automation>().pipelines_at_load, None);
        app.world_mut().resource_mut::<Loaded>().0 = true;
        frame(&mut app, 12);
        frame(&mut app, 12);
        frame(&mut app, 14);
        frame(&mut app, 14);
        frame(&mut app, 15);
        let state = app.world().resource::<Automation>();
        let report = pipelines_report(state);
        assert_eq!(report["ready_at_load"], 12, "{report}");
        assert_eq!(report["ready"], 15, "{report}");
        assert_eq!(report["compiled_after_loading"], 3, "{report}");
        assert_eq!(report["grew_at_frames"], json!([2, 4]), "{report}");
    }

    #[test]
    fn a_scene_left_alone_after_loading_reports_no_pipeline_compiled() {
        let mut app = app();
        app.world_mut().resource_mut::<Loaded>().0 = true;
        for _ in 0..5 {
            frame(&mut app, 20);
        }
        let report = pipelines_report(app.world().resource::<Automation>());
        assert_eq!(report["compiled_after_loading"], 0, "{report}");
        assert_eq!(report["grew_at_frames"], json!([]), "{report}");
    }
}
