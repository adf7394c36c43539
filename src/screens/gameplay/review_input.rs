//! The review screen's input: the focus moved a ply or a flagged move at a
//! time by the buttons, the keyboard (← → ↑ ↓ Home End) and the gamepad's
//! D-pad; a press or a drag on the graph picks a ply; Enter or A tries
//! again; Esc, B or Start go back to the game.

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::ui_widgets::Activate;
use games::Verdict;

use super::graph::{GRAPH_SIZE, GraphSize, ReviewGraph};
use crate::app_state::Overlay;
use crate::coach::{GameReview, ReviewFocus, TryAgainCommand};
use crate::i18n::Tr;
use crate::play::Match;
use crate::ui::sized_button;

/// The flagged plies (an inaccuracy or worse), in order.
pub(super) fn flagged(review: &GameReview, total: usize) -> Vec<usize> {
    (1..=total).filter(|&p| review.ply(p).is_some_and(|r| r.verdict >= Verdict::Inaccuracy)).collect()
}

/// Moves the focus: by `step` plies, or to the previous or next flagged ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Ply(i64),
    Flagged(bool),
}

pub(super) fn step_focus(step: Step, focus: &mut ReviewFocus, review: &GameReview, total: usize) {
    if total == 0 {
        return;
    }
    let at = focus.0.unwrap_or(total);
    let next = match step {
        Step::Ply(d) => (at as i64 + d).clamp(1, total as i64) as usize,
        Step::Flagged(forward) => {
            let marks = flagged(review, total);
            let found = if forward {
                marks.into_iter().find(|&p| p > at)
            } else {
                marks.into_iter().rev().find(|&p| p < at)
            };
            found.unwrap_or(at)
        }
    };
    if focus.0 != Some(next) {
        focus.0 = Some(next);
    }
}

/// Whether the focused ply can be tried again: judged, and a person's move.
pub(super) fn can_try_again(game: &Match, review: &GameReview, focus: ReviewFocus) -> Option<usize> {
    let ply = focus.0?;
    let judged = review.ply(ply)?;
    game.is_human(judged.seat).then_some(ply)
}

pub(super) fn try_again(
    game: &Match,
    review: &GameReview,
    focus: ReviewFocus,
    commands: &mut MessageWriter<TryAgainCommand>,
    next: &mut NextState<Overlay>,
) {
    if let Some(ply) = can_try_again(game, review, focus) {
        commands.write(TryAgainCommand { ply });
        next.set(Overlay::None);
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn review_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    mut focus: ResMut<ReviewFocus>,
    mut commands: MessageWriter<TryAgainCommand>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let (Some(keys), Some(game)) = (keys, game) else { return };
    let total = game.game().ply_count();
    for (key, step) in [
        (KeyCode::ArrowLeft, Step::Ply(-1)),
        (KeyCode::ArrowRight, Step::Ply(1)),
        (KeyCode::Home, Step::Ply(-(total as i64))),
        (KeyCode::End, Step::Ply(total as i64)),
        (KeyCode::ArrowUp, Step::Flagged(false)),
        (KeyCode::ArrowDown, Step::Flagged(true)),
    ] {
        if keys.just_pressed(key) {
            step_focus(step, &mut focus, &review, total);
        }
    }
    if keys.just_pressed(KeyCode::Enter) {
        try_again(&game, &review, *focus, &mut commands, &mut next);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Overlay::None);
    }
}

pub(super) fn review_gamepad(
    pads: Query<&Gamepad>,
    game: Option<Res<Match>>,
    review: Res<GameReview>,
    mut focus: ResMut<ReviewFocus>,
    mut commands: MessageWriter<TryAgainCommand>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let Some(game) = game else { return };
    let total = game.game().ply_count();
    for pad in &pads {
        for (button, step) in [
            (GamepadButton::DPadLeft, Step::Ply(-1)),
            (GamepadButton::DPadRight, Step::Ply(1)),
            (GamepadButton::DPadUp, Step::Flagged(false)),
            (GamepadButton::DPadDown, Step::Flagged(true)),
        ] {
            if pad.just_pressed(button) {
                step_focus(step, &mut focus, &review, total);
            }
        }
        if pad.just_pressed(GamepadButton::South) {
            try_again(&game, &review, *focus, &mut commands, &mut next);
        }
        if pad.just_pressed(GamepadButton::East) || pad.just_pressed(GamepadButton::Start) {
            next.set(Overlay::None);
        }
    }
}

/// A button that moves the focus.
pub(super) fn step_button(id: &str, label: Tr, step: Step) -> impl Bundle {
    sized_button(
        id,
        label,
        16.0,
        move |_: On<Activate>,
              game: Option<Res<Match>>,
              review: Res<GameReview>,
              mut focus: ResMut<ReviewFocus>| {
            if let Some(game) = game {
                step_focus(step, &mut focus, &review, game.game().ply_count());
            }
        },
    )
}

/// The ply under a point of the graph (`hit` at -0.5..0.5 of its width).
pub(super) fn ply_under(hit: Option<Vec3>, total: usize) -> Option<usize> {
    let size = GraphSize { width: GRAPH_SIZE.0, height: GRAPH_SIZE.1, plies: total };
    let ply = size.ply_at(hit?.x + 0.5);
    // Ply 0 is the set-up: the first ply is the first that can be shown.
    (total > 0).then_some(ply.max(1))
}

pub(super) fn pick_on_graph_press(
    press: On<Pointer<Press>>,
    game: Option<Res<Match>>,
    mut focus: ResMut<ReviewFocus>,
) {
    let Some(game) = game else { return };
    if let Some(ply) = ply_under(press.hit.position, game.game().ply_count()) {
        focus.0 = Some(ply);
    }
}

pub(super) fn pick_on_graph_drag(
    drag: On<Pointer<Drag>>,
    game: Option<Res<Match>>,
    graphs: Query<(&ComputedNode, &UiGlobalTransform), With<ReviewGraph>>,
    mut focus: ResMut<ReviewFocus>,
) {
    let (Some(game), Ok((node, transform))) = (game, graphs.get(drag.entity)) else { return };
    // The pointer, in the node's frame: -0.5..0.5 of its size.
    let local =
        transform.inverse().transform_point2(drag.pointer_location.position / node.inverse_scale_factor());
    let hit = (local / node.size()).extend(0.0);
    if let Some(ply) = ply_under(Some(hit), game.game().ply_count()) {
        focus.0 = Some(ply);
    }
}
