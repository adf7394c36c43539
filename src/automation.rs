//! Automation mode for tests (`--automation`): one JSON object per line on
//! stdout (the console on the web): `ready` with the window size and every
//! cell's centre on screen, `view` when the camera comes to rest elsewhere,
//! each `move`, each `outcome`, and the position text after each move. Also
//! `--screenshot PATH --exit-after-frames N`. Nothing of this is shown to a
//! normal player.

use std::collections::BTreeMap;

use arkes_engine::{Coord, DrawReason, Outcome, PlyEffects, WinReason};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use serde_json::{Value, json};

use bevy::ui::UiGlobalTransform;

use crate::game::{
    AiThinking, BoardGeometry, BoardPos, CellPicked, InputLock, Marble, Match, MoveApplied, Selection,
};
use crate::i18n::Locale;
use crate::screens::{Overlay, Screen};
use crate::ui::ButtonId;
use crate::view::camera::OrbitCamera;
use crate::{AppSystems, GameOptions};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Automation>()
        .add_systems(Startup, listen_to_stdin)
        .add_systems(Last, tell_page_ready)
        .add_systems(
            Update,
            (
                run_commands,
                report_view,
                report_screen,
                report_picks,
                report_moves,
                record_frame_time,
                exit_after_frames,
            )
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

/// The screen of an automation name (`title`, `new-game`…).
fn screen_named(name: &str) -> Option<Screen> {
    Some(match name {
        "title" => Screen::Title,
        "new-game" => Screen::NewGame,
        "gameplay" => Screen::Gameplay,
        "load" => Screen::Load,
        "rules" => Screen::Rules,
        "settings" => Screen::Settings,
        _ => return None,
    })
}

fn run_commands(
    lines: Option<Res<CommandLines>>,
    mut commands: Commands,
    game: Option<Res<Match>>,
    mut exit: MessageWriter<AppExit>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut locale: ResMut<Locale>,
    nodes: Query<(Entity, &ComputedNode, &UiGlobalTransform, Option<&Text>)>,
) {
    let Some(lines) = lines else { return };
    let Ok(receiver) = lines.0.lock() else { return };
    while let Ok(line) = receiver.try_recv() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("screenshot"), Some(path)) => {
                let path = path.to_owned();
                commands.spawn(Screenshot::primary_window()).observe(move |shot: On<ScreenshotCaptured>| {
                    // Saved here, before the event, so a reader never sees half a file.
                    match save_png(&shot.image, &path) {
                        Ok(()) => emit(&json!({"event": "screenshot", "path": path})),
                        Err(e) => emit(&json!({"event": "error", "message": e})),
                    }
                });
            }
            (Some("state"), None) => {
                if let Some(game) = &game {
                    emit(&json!({"event": "state", "position": game.game().position().to_string()}));
                }
            }
            (Some("quit"), None) => {
                exit.write(AppExit::Success);
            }
            (Some("goto"), Some(name)) => match screen_named(name) {
                Some(screen) => next_screen.set(screen),
                None => emit(&json!({"event": "error", "message": format!("no screen `{name}`")})),
            },
            (Some("overlay"), Some(name)) => match name {
                "paused" => next_overlay.set(Overlay::Paused),
                "none" => next_overlay.set(Overlay::None),
                _ => emit(&json!({"event": "error", "message": format!("no overlay `{name}`")})),
            },
            (Some("dump-ui"), None) => {
                for (entity, node, transform, text) in &nodes {
                    let size = node.size() * node.inverse_scale_factor();
                    let centre = transform.translation * node.inverse_scale_factor();
                    emit(&json!({"event": "node", "entity": entity.to_bits(), "size": [size.x, size.y],
                        "centre": [centre.x, centre.y], "text": text.map(|t| t.0.chars().take(30).collect::<String>())}));
                }
            }
            (Some("lang"), Some(code)) => {
                if !locale.set(code) {
                    emit(&json!({"event": "error", "message": format!("no language `{code}`")}));
                }
            }
            _ => emit(&json!({"event": "error", "message": format!("unknown command `{line}`")})),
        }
    }
}

/// Tells the web page (its `window.arkesReady`) that frames are drawn, so
/// it can hide its loading screen.
fn tell_page_ready(frames: Res<FrameCount>) {
    #[cfg(target_arch = "wasm32")]
    if frames.0 == 3
        && let Some(window) = web_sys::window()
        && let Ok(ready) = js_sys::Reflect::get(&window, &"arkesReady".into())
        && let Some(ready) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&ready)
    {
        let _ = ready.call0(&window);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = frames;
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
    /// The window size (logical pixels) of the last `ready`/`view` event.
    reported_size: Option<Vec2>,
    frame_ms: Vec<f32>,
    /// Whether the computer was thinking in each frame of `frame_ms`.
    thinking: Vec<bool>,
    /// The longest time the search took on the main thread in one frame.
    ai_max_ms: f32,
    screenshot_requested: bool,
    /// The `frames` event of `--exit-after-frames` has been sent.
    frames_reported: bool,
    /// The screen, overlay and language last seen, and frames since it changed.
    screen_key: Option<String>,
    screen_frames: u32,
    screen_buttons: Option<Value>,
}

/// Writes a captured image as PNG (RGB: the alpha of an HDR capture is not
/// opacity).
fn save_png(image: &Image, path: &str) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let rgb = image.clone().try_into_dynamic().map_err(|e| e.to_string())?.to_rgb8();
        rgb.save(path).map_err(|e| format!("{path}: {e}"))
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (image, path);
        Err("screenshots are saved by the browser tests".into())
    }
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
                DrawReason::Repetition => "repetition",
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
/// to rest at another angle, after a move, or when the window is resized.
fn report_view(
    options: Res<GameOptions>,
    mut state: ResMut<Automation>,
    frames: Res<FrameCount>,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    cameras: Query<(&Camera, &Transform, &OrbitCamera)>,
    window: Query<&Window, With<PrimaryWindow>>,
    pieces: Query<(&BoardPos, &GlobalTransform, Option<&Marble>)>,
    lock: Res<InputLock>,
    screen: Res<State<Screen>>,
) {
    if !options.automation || frames.0 < 3 || *screen.get() != Screen::Gameplay {
        return;
    }
    let (Some(game), Some(g), Ok((camera, transform, orbit)), Ok(window)) =
        (game, geometry, cameras.single(), window.single())
    else {
        return;
    };
    // The camera has no parent: its transform this frame is its global one
    // (the propagated `GlobalTransform` is a frame late after a resize).
    let transform = &GlobalTransform::from(*transform);
    let size = window.size();
    // Right after a resize the camera's projection still has the old size
    // (it follows in PostUpdate): wait for it, or the positions are stale.
    if camera.logical_viewport_size().is_none_or(|v| (v - size).abs().max_element() > 0.5) {
        return;
    }
    let unchanged =
        state.reported_yaw == Some(orbit.yaw) && state.reported_size == Some(size) && !state.moved;
    if !orbit.settled || lock.is_locked() || unchanged {
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
    state.reported_size = Some(size);
}

/// `screen` once the UI of a new screen or overlay has been laid out, with
/// the window position of each of its buttons.
fn report_screen(
    options: Res<GameOptions>,
    screen: Res<State<Screen>>,
    overlay: Option<Res<State<Overlay>>>,
    locale: Res<Locale>,
    mut state: ResMut<Automation>,
    buttons: Query<(&ButtonId, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>,
) {
    if !options.automation {
        return;
    }
    let key = format!("{:?}/{:?}/{}", screen.get(), overlay.as_ref().map(|o| *o.get()), locale.code());
    if state.screen_key.as_deref() != Some(key.as_str()) {
        state.screen_key = Some(key);
        state.screen_frames = 0;
        return;
    }
    state.screen_frames += 1;
    // Layout and text take a few frames to settle; after that, report again
    // whenever the buttons move (a choice can add a row).
    if state.screen_frames < 4 {
        return;
    }
    let mut list = BTreeMap::new();
    for (id, node, transform, visible) in &buttons {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        let centre = transform.translation * node.inverse_scale_factor();
        list.insert(id.0.clone(), json!([centre.x.round(), centre.y.round()]));
    }
    let list = json!(list);
    if state.screen_buttons.as_ref() == Some(&list) && state.screen_frames > 4 {
        return;
    }
    state.screen_buttons = Some(list.clone());
    emit(&json!({
        "event": "screen",
        "screen": format!("{:?}", screen.get()).to_ascii_lowercase(),
        "overlay": overlay.map(|o| format!("{:?}", o.get()).to_ascii_lowercase()),
        "language": locale.code(),
        "buttons": list,
    }));
}

/// `pick` for each cell a click or tap resolved to (`null` off the board),
/// and `selection` each time the selected piece changes.
fn report_picks(
    options: Res<GameOptions>,
    mut picks: MessageReader<CellPicked>,
    selection: Res<Selection>,
    mut last: Local<Option<Coord>>,
) {
    if !options.automation {
        picks.clear();
        return;
    }
    for pick in picks.read() {
        emit(&json!({"event": "pick", "cell": pick.coord.map(|c| c.to_string())}));
    }
    if selection.from != *last {
        *last = selection.from;
        let destinations: Vec<String> = selection.destinations.iter().map(|d| d.to.to_string()).collect();
        emit(&json!({
            "event": "selection",
            "cell": selection.from.map(|c| c.to_string()),
            "destinations": destinations,
        }));
    }
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
            "captured": report.captured().map(|c| json!({"piece": c.piece.letter().to_string(), "cell": c.cell.to_string()})),
            "eliminated": report.eliminated().iter().map(|e| seat_name(e.seat)).collect::<Vec<_>>(),
            "position": game.game().position().to_string(),
        }));
        if let Some(outcome) = report.outcome {
            emit(&outcome_json(outcome));
        }
    }
}

fn record_frame_time(
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

fn exit_after_frames(
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
