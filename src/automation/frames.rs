//! Frame times: recorded every frame, reported with `--exit-after-frames`
//! (and `--screenshot`), natively and on the web.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use serde_json::json;

use super::emit;
use super::events::Automation;
use crate::GameOptions;
use crate::game::AiThinking;

pub(super) fn record_frame_time(
    options: Res<GameOptions>,
    time: Res<Time<Real>>,
    thinking: Res<AiThinking>,
    mut state: ResMut<Automation>,
) {
    if options.automation || options.exit_after_frames.is_some() {
        state.frame_ms.push(time.delta_secs() * 1000.0);
        state.thinking.push(thinking.seat().is_some());
        state.ai_max_ms = state.ai_max_ms.max(thinking.main_thread_ms());
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

pub(super) fn exit_after_frames(
    options: Res<GameOptions>,
    frames: Res<FrameCount>,
    mut state: ResMut<Automation>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = options.exit_after_frames else { return };
    if frames.0 < limit || state.screenshot_requested || state.frames_reported {
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
        emit(&json!({
            "event": "frames", "count": n, "median_ms": median, "p95_ms": p95, "max_ms": max,
            "thinking_frames": thinking_n, "thinking_median_ms": thinking_median,
            "thinking_p95_ms": thinking_p95, "thinking_max_ms": thinking.iter().copied().fold(0.0, f32::max),
            "ai_main_thread_max_ms": state.ai_max_ms,
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
