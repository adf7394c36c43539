//! The coach's automation events: `review` (its progress, each ply's
//! verdict, the ply shown and where the graph is), `hint` (the move shown,
//! or why none), `try-again` (the ply played again and how the new move
//! compares), and `coach-marks` (the arrows on the board, with their ends on
//! screen).

use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::PrimaryWindow;
use serde_json::{Value, json};

use super::output::emit;
use crate::coach::{GameReview, Hint, ReviewFocus, TryAgain};
use crate::play::Match;
use crate::view::camera::OrbitCamera;
use crate::view::coach_marks::{CoachMark, MarkKind};
use crate::view::render_scale::viewport_to_window;

fn seat_id(seat: game_core::Seat) -> String {
    seat.name().to_ascii_lowercase()
}

/// `review` when the review or the ply shown changes.
pub(super) fn report_review(
    review: Res<GameReview>,
    focus: Res<ReviewFocus>,
    game: Option<Res<Match>>,
    graphs: Query<(&ComputedNode, &UiGlobalTransform), With<crate::screens::ReviewGraph>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<Value>>,
) {
    let Some(game) = game else { return };
    let plies: Vec<Value> = (1..=game.game().ply_count())
        .filter_map(|p| review.ply(p))
        .map(|r| {
            json!({"ply": r.ply, "seat": seat_id(r.seat), "verdict": r.verdict.id(),
                "played": r.played_text, "best": r.best_text,
                "before": (r.before * 1000.0).round() / 1000.0, "after": (r.after * 1000.0).round() / 1000.0})
        })
        .collect();
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    let graph = graphs.iter().next().map(|(node, transform)| {
        let size = node.size() / scale;
        let centre = transform.translation / scale;
        json!([
            (centre.x - size.x / 2.0).round(),
            (centre.y - size.y / 2.0).round(),
            size.x.round(),
            size.y.round()
        ])
    });
    let (done, total) = review.progress();
    let event = json!({"event": "review", "done": done, "total": total, "running": review.is_running(),
        "complete": review.is_complete(), "focus": focus.0, "plies": plies, "graph": graph,
        "errors": review.errors(), "ms": review.last_run_ms(),
        "main_thread_searches": crate::coach::search::searches_on_main_thread(),
        "main_thread_max_ms": (review.main_thread_max_ms() * 100.0).round() / 100.0});
    if last.as_ref() != Some(&event) {
        emit(&event);
        *last = Some(event);
    }
}

/// `hint` when a hint is shown or refused.
pub(super) fn report_hint(hint: Res<Hint>, game: Option<Res<Match>>, mut last: Local<Option<Value>>) {
    let Some(game) = game else { return };
    if !hint.is_changed() {
        return;
    }
    let event = match (hint.shown(), hint.refused()) {
        (Some(a), _) => {
            json!({"event": "hint", "move": game.game().action_text(a), "from": a.from.to_string(),
            "to": a.to.to_string(), "whole": a.whole, "ply": game.game().ply_count() + 1})
        }
        (None, Some(key)) => json!({"event": "hint", "refused": key}),
        _ => return,
    };
    if last.as_ref() != Some(&event) {
        emit(&event);
        *last = Some(event);
    }
}

/// `try-again` when the ply played again, or its judgement, changes.
pub(super) fn report_try_again(try_again: Res<TryAgain>, mut last: Local<Option<Value>>) {
    if !try_again.is_changed() {
        return;
    }
    let Some(attempt) = &try_again.attempt else { return };
    let event = json!({"event": "try-again", "ply": attempt.old.ply, "seat": seat_id(attempt.old.seat),
        "old": attempt.old.played_text, "old_verdict": attempt.old.verdict.id(),
        "new": attempt.new.as_ref().map(|n| n.played_text.clone()),
        "new_verdict": attempt.new.as_ref().map(|n| n.verdict.id()),
        "comparison": attempt.comparison().map(|c| format!("{c:?}").to_ascii_lowercase())});
    if last.as_ref() != Some(&event) {
        emit(&event);
        *last = Some(event);
    }
}

/// `coach-marks` when the arrows on the board change: each one's move, what
/// it shows, and its tail and tip on screen.
pub(super) fn report_marks(
    marks: Query<&CoachMark>,
    cameras: Query<(&Camera, &GlobalTransform), With<OrbitCamera>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<Value>>,
) {
    let (Ok((camera, camera_transform)), Ok(window)) = (cameras.single(), windows.single()) else { return };
    let on_screen = |p: Vec3| {
        camera
            .world_to_viewport(camera_transform, p)
            .ok()
            .map(|v| viewport_to_window(camera, window, v))
            .map(|v| json!([v.x.round(), v.y.round()]))
    };
    let mut list: Vec<Value> = marks
        .iter()
        .filter_map(|m| {
            let (tail, tip) = m.arrow?;
            let kind = match m.kind {
                MarkKind::Hint => "hint".to_owned(),
                MarkKind::Best => "best".to_owned(),
                MarkKind::Target => "target".to_owned(),
                MarkKind::Played(v) => format!("played-{}", v.id()),
            };
            Some(json!({"kind": kind, "from": m.action.from.to_string(), "to": m.action.to.to_string(),
                "whole": m.action.whole, "tail": on_screen(tail), "tip": on_screen(tip)}))
        })
        .collect();
    list.sort_by_key(|v| v["kind"].to_string());
    let event = json!({"event": "coach-marks", "marks": list});
    if last.as_ref() != Some(&event) {
        emit(&event);
        *last = Some(event);
    }
}
