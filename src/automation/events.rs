//! The events automation reports: `ready` and `view` (cells and pieces on
//! screen), `screen` (the buttons of a screen), `pick` and `selection`,
//! `move` and `outcome`, `board-reset` (a new, restarted or loaded match).

use std::collections::BTreeMap;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::PrimaryWindow;
use game_core::Coord;
use serde_json::{Value, json};

use super::output::emit;
use crate::app_state::{Overlay, Screen};
use crate::i18n::Locale;
use crate::play::{
    BoardGeometry, BoardPiece, BoardPos, BoardReset, CellPicked, InputLock, Match, MoveApplied, Selection,
};
use crate::quality::RenderScale;
use crate::screens::{NewGameStep, RulesGame};
use crate::settings::Settings;
use crate::ui::ButtonId;
use crate::view::camera::OrbitCamera;
use crate::view::pieces::PieceLooks;
use crate::view::render_scale::viewport_to_window;
use games::AnyOutcome;

/// The search's work on the main thread in one frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct AiSlice {
    /// All of it, milliseconds.
    pub(super) ms: f32,
    /// Its longest chunk of nodes, milliseconds.
    pub(super) longest_chunk_ms: f32,
    /// The frame of its turn (1: the frame that made the searcher).
    pub(super) turn_frame: u32,
    /// Whether the search ran in the AI worker (the main thread only
    /// looked for its answer).
    pub(super) in_worker: bool,
    /// Whether the main thread made or stepped a searcher.
    pub(super) stepped: bool,
}

#[derive(Resource, Default)]
pub(super) struct Automation {
    ready: bool,
    /// The camera yaw of the last `ready`/`view` event.
    reported_yaw: Option<f32>,
    /// A ply was played since the last `view` event.
    moved: bool,
    /// The window size (logical pixels) of the last `ready`/`view` event.
    reported_size: Option<Vec2>,
    pub(super) frame_ms: Vec<f32>,
    /// Whether the computer was thinking in each frame of `frame_ms`.
    pub(super) thinking: Vec<bool>,
    /// The search's work on the main thread in each frame the computer was
    /// thinking.
    pub(super) ai_slices: Vec<AiSlice>,
    pub(super) screenshot_requested: bool,
    /// The `frames` event of `--exit-after-frames` has been sent.
    pub(super) frames_reported: bool,
    /// Pipelines ready in the first frame after the loading step.
    pub(super) pipelines_at_load: Option<usize>,
    /// Pipelines ready in the last frame recorded.
    pub(super) pipelines_ready: usize,
    /// The frames after the loading step (0: its first) in which more
    /// pipelines were ready than in the frame before: what was compiled
    /// once the cover was gone.
    pub(super) pipelines_grew_at: Vec<u32>,
    /// The screen, overlay and language last seen, and frames since it changed.
    screen_key: Option<String>,
    screen_frames: u32,
    screen_buttons: Option<Value>,
}

/// Snake-case name of a seat for JSON.
fn seat_name(seat: game_core::Seat) -> String {
    seat.name().to_ascii_lowercase()
}

/// The outcome as a JSON object.
#[must_use]
pub fn outcome_json(outcome: AnyOutcome) -> Value {
    json!({
        "event": "outcome",
        "winner": outcome.winner().map(seat_name),
        "reason": outcome.reason_id(),
    })
}

/// Every cell's centre in window coordinates (logical pixels), by name.
fn cell_positions(
    camera: &Camera,
    camera_transform: &GlobalTransform,
    window: &Window,
    g: &BoardGeometry,
) -> Value {
    let mut cells = BTreeMap::new();
    for c in g.shape.coords() {
        if let Ok(p) = camera.world_to_viewport(camera_transform, g.cell_center(c)) {
            let p = viewport_to_window(camera, window, p);
            cells.insert(c.to_string(), json!([p.x.round(), p.y.round()]));
        }
    }
    json!(cells)
}

/// Every piece's grip point in window coordinates (logical pixels), with
/// what it is: the centre of a token's top face, the upper part of a
/// marble, or the upper body of an Arcanor piece (70 % of its height: its
/// rounded apex projects onto the silhouette's edge, where a click may miss).
fn piece_positions(
    camera: &Camera,
    camera_transform: &GlobalTransform,
    window: &Window,
    game: &Match,
    looks: &PieceLooks,
    pieces: &Query<(&BoardPos, &GlobalTransform, &BoardPiece)>,
) -> Value {
    let look = looks.get(game.kind());
    let position = game.displayed();
    let mut list: Vec<(BoardPos, Value)> = pieces
        .iter()
        .filter_map(|(pos, transform, piece)| {
            let height = look.map_or(0.0, |look| (look.grip)(piece.id));
            let top = transform.translation() + Vec3::Y * height;
            let p = viewport_to_window(camera, window, camera.world_to_viewport(camera_transform, top).ok()?);
            Some((
                *pos,
                json!({"cell": pos.coord.to_string(), "level": pos.level,
                "piece": position.piece_text(piece.id), "seat": seat_name(piece.id.seat()),
                "screen": [p.x.round(), p.y.round()]}),
            ))
        })
        .collect();
    list.sort_by_key(|(pos, _)| (pos.coord, pos.level));
    Value::Array(list.into_iter().map(|(_, v)| v).collect())
}

/// `ready` once the camera has come to rest, then `view` each time it comes
/// to rest at another angle, after a move or a new match, or when the window
/// is resized.
pub(super) fn report_view(
    mut state: ResMut<Automation>,
    frames: Res<FrameCount>,
    game: Option<Res<Match>>,
    geometry: Option<Res<BoardGeometry>>,
    cameras: Query<(&Camera, &Transform, &OrbitCamera)>,
    window: Query<&Window, With<PrimaryWindow>>,
    pieces: Query<(&BoardPos, &GlobalTransform, &BoardPiece)>,
    lock: Res<InputLock>,
    screen: Res<State<Screen>>,
    (quality, scale): (Option<Res<crate::quality::RenderQuality>>, Option<Res<RenderScale>>),
    looks: Option<Res<PieceLooks>>,
) {
    let Some(looks) = looks else { return };
    if frames.0 < 3 || *screen.get() != Screen::Gameplay {
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
    // The camera may draw into a smaller image (`RenderScale`), of the
    // window's shape.
    let scale = scale.map(|s| *s);
    let expected = match scale {
        Some(scale) if !scale.is_full() => scale.scene_size(window.physical_size()).as_vec2(),
        _ => size,
    };
    if camera.logical_viewport_size().is_none_or(|v| (v - expected).abs().max_element() > 0.5) {
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
        "cells": cell_positions(camera, transform, window, &g),
        "pieces": piece_positions(camera, transform, window, &game, &looks, &pieces),
        "game": game.kind().id(),
        "to_move": seat_name(game.to_move()),
        "position": game.game().position().text(),
        "frozen": frozen_cells(&game, &g),
        "quality": quality.map(|q| q.level.id()),
        "render_scale": scale.map(|s| s.factor),
    }));
    state.ready = true;
    state.moved = false;
    state.reported_yaw = Some(orbit.yaw);
    state.reported_size = Some(size);
}

/// `screen` once the UI of a new screen or overlay has been laid out, with
/// the window position of each of its buttons and the game it is about
/// (`game`: the rules shown, or the game being set up once chosen).
pub(super) fn report_screen(
    screen: Res<State<Screen>>,
    overlay: Option<Res<State<Overlay>>>,
    locale: Res<Locale>,
    (rules, step, settings): (Res<RulesGame>, Res<NewGameStep>, Res<Settings>),
    mut state: ResMut<Automation>,
    buttons: Query<(&ButtonId, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    let game = match screen.get() {
        Screen::Rules => Some(rules.0.id()),
        Screen::NewGame if *step == NewGameStep::Choices => Some(settings.new_game.game.id()),
        _ => None,
    };
    let key =
        format!("{:?}/{:?}/{}/{game:?}", screen.get(), overlay.as_ref().map(|o| *o.get()), locale.code());
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
    // Window pixels (what clicks use), whatever the `UiScale`.
    let window_scale = windows.single().map_or(1.0, Window::scale_factor);
    let mut list = BTreeMap::new();
    for (id, node, transform, visible) in &buttons {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        let centre = transform.translation / window_scale;
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
        "game": game,
        "buttons": list,
    }));
}

/// `pick` for each cell a click or tap resolved to (`null` off the board),
/// and `selection` each time the selected piece changes.
pub(super) fn report_picks(
    mut picks: MessageReader<CellPicked>,
    selection: Res<Selection>,
    mut last: Local<Option<(Option<Coord>, bool)>>,
) {
    for pick in picks.read() {
        emit(&json!({"event": "pick", "cell": pick.coord.map(|c| c.to_string())}));
    }
    let now = (selection.from, selection.whole);
    if *last != Some(now) && (last.is_some() || selection.from.is_some()) {
        *last = Some(now);
        let destinations: Vec<String> = selection.destinations.iter().map(|d| d.to.to_string()).collect();
        emit(&json!({
            "event": "selection",
            "cell": selection.from.map(|c| c.to_string()),
            "whole": selection.whole,
            "destinations": destinations,
        }));
    }
}

/// The cells whose formation is frozen (Arcanor A8).
fn frozen_cells(game: &Match, g: &BoardGeometry) -> Vec<String> {
    g.shape.coords().filter(|&c| game.displayed().is_frozen(c)).map(|c| c.to_string()).collect()
}

pub(super) fn report_moves(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    game: Option<Res<Match>>,
    mut state: ResMut<Automation>,
) {
    // A new, restarted or loaded match is a new view of the board.
    if resets.read().count() > 0 {
        state.moved = true;
        emit(&json!({"event": "board-reset"}));
    }
    let Some(game) = game else { return };
    for MoveApplied { report } in applied.read() {
        state.moved = true;
        let captured = report.departures.iter().find(|d| d.by.is_some());
        emit(&json!({
            "event": "move",
            "ply": game.game().ply_count(),
            "seat": seat_name(report.mover),
            "notation": report.notation,
            "resigned": report.resigned,
            "whole": report.action.map(|a| a.whole),
            "captured": captured.map(|c| json!({"piece": game.displayed().piece_text(c.piece), "cell": c.cell.to_string()})),
            "eaten": report.eaten.map(|p| game.displayed().piece_text(p)),
            "freed": report.freed.map(|p| game.displayed().piece_text(p)),
            "froze": report.froze.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "eliminated": report.eliminated.iter().map(|&s| seat_name(s)).collect::<Vec<_>>(),
            "position": game.game().position().text(),
        }));
        if let Some(outcome) = report.outcome {
            emit(&outcome_json(outcome));
        }
    }
}

/// `missing-translation` with the key, once for each key that no language
/// has: the real-window and browser tests fail on it.
pub(super) fn report_missing_translations(locale: Res<Locale>, mut reported: Local<usize>) {
    let missed = locale.missed();
    for key in missed.iter().skip(*reported) {
        emit(&json!({"event": "missing-translation", "key": key}));
    }
    *reported = missed.len();
}

/// `ai-worker` with the session's counts whenever the browser's AI worker
/// was replaced after a failure or a message could not be read (by it or
/// from it): `{"event":"ai-worker","restarts":1,"rejections":0}`.
pub(super) fn report_ai_worker(thinking: Res<crate::play::AiThinking>, mut last: Local<(u32, u32)>) {
    let now = (thinking.worker_restarts(), thinking.worker_rejections());
    if now != *last {
        *last = now;
        emit(&json!({"event": "ai-worker", "restarts": now.0, "rejections": now.1}));
    }
}
