//! Playing: the toolbar (undo, redo, hint, top view, menu), the move list by
//! round and seat (click a move to see that position), the bar that steps
//! through positions, the coach's line (the hint, "try again") and review
//! screen with its graph, and the pause, save and game-over overlays, one
//! module each.

mod coach_line;
mod game_over;
mod graph;
mod lesson_panel;
mod menus;
mod move_list;
mod review;
mod review_input;
mod review_screen;
mod toolbar;

use bevy::prelude::*;

pub use graph::ReviewGraph;

use crate::app_state::AppSystems;
use crate::app_state::{Overlay, Screen};
use crate::play::{PauseRequest, Selection};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        toolbar::plugin,
        move_list::plugin,
        review::plugin,
        menus::plugin,
        game_over::plugin,
        review_screen::plugin,
        coach_line::plugin,
        lesson_panel::plugin,
    ))
    .add_systems(Update, pause_key.run_if(in_state(Screen::Gameplay)).before(AppSystems::View));
}

/// Esc drops a selection first, then opens or closes the pause menu; Start
/// on a gamepad opens or closes it.
fn pause_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut start: MessageReader<PauseRequest>,
    selection: Res<Selection>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let escape = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    let start = start.read().count() > 0;
    if !escape && !start {
        return;
    }
    match overlay.get() {
        Overlay::None if start || selection.from.is_none() => next.set(Overlay::Paused),
        Overlay::Paused | Overlay::SaveAs => next.set(Overlay::None),
        // The review screen's own keys close it.
        _ => {}
    }
}
