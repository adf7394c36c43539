//! Automation mode for tests (`--automation`): one JSON object per line on
//! stdout (the console on the web): `ready` with the window size and every
//! cell's centre on screen, `view` when the camera comes to rest elsewhere,
//! each `move`, each `outcome`, and the position text after each move. Also
//! `--screenshot PATH --exit-after-frames N`. Nothing of this is shown to a
//! normal player.

use std::collections::BTreeMap;

use arkes_engine::{DrawReason, Outcome, WinReason};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use serde_json::{Value, json};

use crate::game::{BoardGeometry, BoardPos, InputLock, Marble, Match, MoveApplied};
use crate::view::camera::OrbitCamera;
use crate::{AppSystems, GameOptions};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Automation>().add_systems(Startup, listen_to_stdin).add_systems(
        Update,
        (run_commands, report_view, report_moves, record_frame_time, exit_after_frames)
            .chain()
            .after(AppSystems::View),
    );
}

/// Lines read from stdin in automation mode (native): `screenshot PATH`,
/// `state`, `quit`.
#[derive(Resource)]
struct CommandLines(std::sync::Mutex<std::sync::mpsc::Receiver<String>>);

fn listen_to_stdin(mut commands: Commands, options: Res<GameOptions>) {
    if !options.automation || cfg!(target_arch = "wasm32") {
        return;
    }
    let (sender, receiver) = std::sync::mpsc::channel();
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(move || {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    #[cfg(target_arch = "wasm32")]
    drop(sender);
    commands.insert_resource(CommandLines(std::sync::Mutex::new(receiver)));
}

fn run_commands(
    lines: Option<Res<CommandLines>>,
    mut commands: Commands,
    game: Option<Res<Match>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(lines) = lines else { return };
    let Ok(receiver) = lines.0.lock() else { return };
    while let Ok(line) = receiver.try_recv() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("screenshot"), Some(path)) => {
                let path = path.to_owned();
                commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone())).observe(
                    move |_: On<ScreenshotCaptured>| emit(&json!({"event": "screenshot", "path": path})),
                );
            }
            (Some("state"), None) => {
                if let Some(game) = &game {
                    emit(&json!({"event": "state", "position": game.game().position().to_string()}));
                }
            }
            (Some("quit"), None) => {
                exit.write(AppExit::Success);
            }
            _ => emit(&json!({"event": "error", "message": format!("unknown command `{line}`")})),
        }
    }
}

/// Writes one automation event line.
pub fn emit(event: &Value) {
    let line = event.to_string();
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
    #[cfg(target_arch = "wasm32")]
    web_sys::console::log_1(&line.into());
}

#[derive(Resource, Default)]
struct Automation {
    ready: bool,
    /// The camera yaw of the last `ready`/`view` event.
    reported_yaw: Option<f32>,
    /// A ply was played since the last `view` event.
    moved: bool,
    frame_ms: Vec<f32>,
    screenshot_requested: bool,
}

/// Snake-case name of a seat for JSON.
fn seat_name(seat: arkes_engine::Seat) -> String {
    seat.name().to_ascii_lowercase()
}

/// The outcome as a JSON object.
#[must_use]
pub fn outcome_json(outcome: Outcome) -> Value {
    match outcome {
        Outcome::Win(w) => json!({
            "event": "outcome",
            "winner": seat_name(w.seat),
            "reason": match w.reason { WinReason::GoldenCell => "golden_cell", WinReason::LastMarble => "last_marble" },
        }),
        Outcome::Draw(d) => json!({
            "event": "outcome",
            "winner": null,
            "reason": match d {
                DrawReason::RoundLimit => "round_limit",
                DrawReason::CaptureLimit => "capture_limit",
                DrawReason::AllClocksOut => "all_clocks_out",
            },
        }),
    }
}

/// Every cell's centre in window coordinates (logical pixels), by name.
fn cell_positions(camera: &Camera, camera_transform: &GlobalTransform, g: &BoardGeometry) -> Value {
    let mut cells = BTreeMap::new();
    for rank in 0..g.side {
        for file in 0..g.side {
            let c = arkes_engine::Coord::new(file, rank);
            if let Ok(p) = camera.world_to_viewport(camera_transform, g.cell_center(c)) {
                cells.insert(c.to_string(), json!([p.x.round(), p.y.round()]));
            }
        }
    }
    json!(cells)
}

/// Every piece's top centre in window coordinates (logical pixels).
fn piece_positions(
    camera: &Camera,
    camera_transform: &GlobalTransform,
    pieces: &Query<(&BoardPos, &GlobalTransform, Option<&Marble>)>,
) -> Value {
    let mut list: Vec<(BoardPos, Value)> = pieces
        .iter()
        .filter_map(|(pos, transform, marble)| {
            let height = if marble.is_some() {
                BoardGeometry::MARBLE_RADIUS * 1.8
            } else {
                BoardGeometry::TOKEN_HEIGHT
            };
            let top = transform.translation() + Vec3::Y * height;
            let p = camera.world_to_viewport(camera_transform, top).ok()?;
            Some((
                *pos,
                json!({"cell": pos.coord.to_string(), "level": pos.level, "marble": marble.is_some(),
                "screen": [p.x.round(), p.y.round()]}),
            ))
        })
        .collect();
    list.sort_by_key(|(pos, _)| (pos.coord, pos.level));
    Value::Array(list.into_iter().map(|(_, v)| v).collect())
}

/// `ready` once the camera has come to rest, then `view` each time it comes
/// to rest at another angle.
fn report_view(
    options: Res<GameOptions>,
    mut state: ResMut<Automation>,
    frames: Res<FrameCount>,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    cameras: Query<(&Camera, &GlobalTransform, &OrbitCamera)>,
    window: Query<&Window, With<PrimaryWindow>>,
    pieces: Query<(&BoardPos, &GlobalTransform, Option<&Marble>)>,
    lock: Res<InputLock>,
) {
    if !options.automation || frames.0 < 3 {
        return;
    }
    let (Some(game), Some(g), Ok((camera, transform, orbit)), Ok(window)) =
        (game, geometry, cameras.single(), window.single())
    else {
        return;
    };
    if !orbit.settled || lock.is_locked() || (state.reported_yaw == Some(orbit.yaw) && !state.moved) {
        return;
    }
    let event = if state.ready { "view" } else { "ready" };
    emit(&json!({
        "event": event,
        "window": {"width": window.width(), "height": window.height(), "scale": window.scale_factor()},
        "cells": cell_positions(camera, transform, &g),
        "pieces": piece_positions(camera, transform, &pieces),
        "to_move": seat_name(game.game().position().to_move()),
        "position": game.game().position().to_string(),
    }));
    state.ready = true;
    state.moved = false;
    state.reported_yaw = Some(orbit.yaw);
}

fn report_moves(
    options: Res<GameOptions>,
    mut applied: MessageReader<MoveApplied>,
    game: Option<Res<Match>>,
    mut state: ResMut<Automation>,
) {
    if !options.automation {
        applied.clear();
        return;
    }
    let Some(game) = game else { return };
    for MoveApplied { report } in applied.read() {
        state.moved = true;
        emit(&json!({
            "event": "move",
            "ply": game.game().plies().len(),
            "seat": seat_name(report.mover),
            "notation": report.mv.map(|m| m.to_string()),
            "captured": report.captured.map(|c| json!({"piece": c.piece.letter().to_string(), "cell": c.cell.to_string()})),
            "eliminated": report.eliminated.iter().map(|e| seat_name(e.seat)).collect::<Vec<_>>(),
            "position": game.game().position().to_string(),
        }));
        if let Some(outcome) = report.outcome {
            emit(&outcome_json(outcome));
        }
    }
}

fn record_frame_time(options: Res<GameOptions>, time: Res<Time<Real>>, mut state: ResMut<Automation>) {
    if options.automation || options.exit_after_frames.is_some() {
        state.frame_ms.push(time.delta_secs() * 1000.0);
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

fn exit_after_frames(
    options: Res<GameOptions>,
    frames: Res<FrameCount>,
    mut state: ResMut<Automation>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = options.exit_after_frames else { return };
    if frames.0 < limit || state.screenshot_requested {
        return;
    }
    let (median, p95, n) = frame_stats(&state.frame_ms, 30);
    if options.automation {
        emit(&json!({"event": "frames", "count": n, "median_ms": median, "p95_ms": p95}));
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
        None => {
            exit.write(AppExit::Success);
        }
    }
}
