//! Playing with a gamepad or the keyboard: a cursor on the board moves cell
//! by cell (in the board's orientation seen from the seat playing), confirms
//! (A, Enter) and cancels (B, Esc), and jumps through the movable pieces or
//! the legal destinations (shoulder buttons, Tab). Picks go through the same
//! selection as clicks. Each gamepad plays one seat: an unassigned pad takes
//! the seat to move (if no pad has it) with its first button press; a pad
//! whose seat is not to move is ignored, with a hint.

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use game_core::{Coord, Seat};

use super::commands::GameFlow;
use super::match_state::Match;
use super::selection::{CellPicked, Selection};
use crate::app_state::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .init_resource::<Controllers>()
        .init_resource::<ControllerHint>()
        .add_message::<CursorAction>()
        .add_message::<PauseRequest>()
        .add_message::<ToggleTopView>()
        .add_systems(
            Update,
            (gamepad_input, keyboard_input, act_on_cursor).chain().in_set(AppSystems::Input),
        );
}

/// The board cursor of gamepads and the keyboard.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    /// The cell under the cursor.
    pub coord: Option<Coord>,
    /// The seat whose player moves it (its colour is shown).
    pub seat: Option<Seat>,
}

/// Which gamepad plays which seat, and the keyboard's seat if it has one.
#[derive(Resource, Default, Clone, Debug)]
pub struct Controllers {
    /// Gamepad entities and their seats.
    pub pads: HashMap<Entity, Seat>,
}

/// A short message for the players about controllers (shown by the HUD).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ControllerHint {
    /// The translation key and its seat argument, if any.
    pub message: Option<(&'static str, Option<Seat>)>,
    /// Seconds left to show it.
    pub ttl: f32,
}

impl ControllerHint {
    fn show(&mut self, key: &'static str, seat: Option<Seat>) {
        self.message = Some((key, seat));
        self.ttl = 3.0;
    }
}

/// A cursor command from a controller.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorAction {
    /// Move by (files, ranks) on the board.
    Step(i32, i32),
    /// Pick the cell under the cursor.
    Confirm,
    /// Drop the selection.
    Cancel,
    /// Jump to the next (or previous) movable piece or destination.
    Cycle(i32),
}

/// A request to open or close the pause menu (Start on a gamepad).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PauseRequest;

/// A request to switch between the top view and the perspective view (the
/// toolbar's button; the camera also takes the T key).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ToggleTopView;

/// The board direction of a stick or arrow push, seen from `seat`'s edge:
/// "up" points away from its own edge.
#[must_use]
pub fn oriented(seat: Seat, right: i32, up: i32) -> (i32, i32) {
    match seat {
        Seat::South => (right, up),
        Seat::North => (-right, -up),
        Seat::West => (up, -right),
        Seat::East => (-up, right),
    }
}

/// Stick pushes repeat this often while held, in seconds.
const REPEAT: f32 = 0.22;

#[derive(Default)]
struct StickState {
    held: HashMap<Entity, ((i32, i32), f32)>,
}

fn gamepad_input(
    pads: Query<(Entity, &Gamepad)>,
    game: Option<Res<Match>>,
    flow: Res<GameFlow>,
    time: Res<Time>,
    mut controllers: ResMut<Controllers>,
    mut hint: ResMut<ControllerHint>,
    mut actions: MessageWriter<CursorAction>,
    mut pause: MessageWriter<PauseRequest>,
    mut sticks: Local<StickState>,
) {
    hint.ttl -= time.delta_secs();
    if hint.ttl <= 0.0 && hint.message.is_some() {
        hint.message = None;
    }
    let Some(game) = game else { return };
    controllers.pads.retain(|pad, _| pads.contains(*pad));
    let to_move = game.to_move();
    for (pad, gamepad) in &pads {
        if gamepad.just_pressed(GamepadButton::Start) {
            pause.write(PauseRequest);
            continue;
        }
        let pressed_any = [
            GamepadButton::South,
            GamepadButton::East,
            GamepadButton::LeftTrigger,
            GamepadButton::RightTrigger,
            GamepadButton::DPadUp,
            GamepadButton::DPadDown,
            GamepadButton::DPadLeft,
            GamepadButton::DPadRight,
        ]
        .into_iter()
        .any(|b| gamepad.just_pressed(b));
        // The stick, as one of 8 directions with a dead zone.
        let stick = gamepad.left_stick();
        let push = if stick.length() > 0.5 {
            ((stick.x * 1.4).round().clamp(-1.0, 1.0) as i32, (stick.y * 1.4).round().clamp(-1.0, 1.0) as i32)
        } else {
            (0, 0)
        };
        // A new push steps at once, then repeats after a pause while held.
        let mut stick_step = None;
        if push == (0, 0) {
            sticks.held.remove(&pad);
        } else {
            match sticks.held.get_mut(&pad) {
                Some((held, timer)) if *held == push => {
                    *timer -= time.delta_secs();
                    if *timer <= 0.0 {
                        stick_step = Some(push);
                        *timer = REPEAT;
                    }
                }
                _ => {
                    stick_step = Some(push);
                    sticks.held.insert(pad, (push, REPEAT * 1.8));
                }
            }
        }
        if !pressed_any && stick_step.is_none() {
            continue;
        }
        if !flow.accepting_input {
            continue;
        }
        let seat = match controllers.pads.get(&pad) {
            Some(&seat) => seat,
            None => {
                let taken = controllers.pads.values().any(|&s| s == to_move);
                if game.is_human(to_move) && !taken && gamepad.just_pressed(GamepadButton::South) {
                    controllers.pads.insert(pad, to_move);
                    hint.show("pad-joined", Some(to_move));
                } else {
                    hint.show("pad-unassigned", None);
                }
                continue;
            }
        };
        if seat != to_move {
            hint.show("pad-not-your-turn", Some(to_move));
            continue;
        }
        let mut dpad = (0, 0);
        for (button, d) in [
            (GamepadButton::DPadUp, (0, 1)),
            (GamepadButton::DPadDown, (0, -1)),
            (GamepadButton::DPadLeft, (-1, 0)),
            (GamepadButton::DPadRight, (1, 0)),
        ] {
            if gamepad.just_pressed(button) {
                dpad = (dpad.0 + d.0, dpad.1 + d.1);
            }
        }
        for (right, up) in [dpad, stick_step.unwrap_or((0, 0))] {
            if (right, up) != (0, 0) {
                let (df, dr) = oriented(seat, right, up);
                actions.write(CursorAction::Step(df, dr));
            }
        }
        if gamepad.just_pressed(GamepadButton::South) {
            actions.write(CursorAction::Confirm);
        }
        if gamepad.just_pressed(GamepadButton::East) {
            actions.write(CursorAction::Cancel);
        }
        if gamepad.just_pressed(GamepadButton::RightTrigger) {
            actions.write(CursorAction::Cycle(1));
        }
        if gamepad.just_pressed(GamepadButton::LeftTrigger) {
            actions.write(CursorAction::Cycle(-1));
        }
    }
}

/// Arrows, Enter and Tab for the seat to move when no pad plays it (Esc is
/// the selection's and the pause menu's).
fn keyboard_input(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Option<Res<Match>>,
    flow: Res<GameFlow>,
    controllers: Res<Controllers>,
    mut actions: MessageWriter<CursorAction>,
) {
    let (Some(keys), Some(game)) = (keys, game) else { return };
    if !flow.accepting_input {
        return;
    }
    let seat = game.to_move();
    if !game.is_human(seat) || controllers.pads.values().any(|&s| s == seat) {
        return;
    }
    let mut push = (0, 0);
    for (key, d) in [
        (KeyCode::ArrowUp, (0, 1)),
        (KeyCode::ArrowDown, (0, -1)),
        (KeyCode::ArrowLeft, (-1, 0)),
        (KeyCode::ArrowRight, (1, 0)),
    ] {
        if keys.just_pressed(key) {
            push = (push.0 + d.0, push.1 + d.1);
        }
    }
    if push != (0, 0) {
        let (df, dr) = oriented(seat, push.0, push.1);
        actions.write(CursorAction::Step(df, dr));
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        actions.write(CursorAction::Confirm);
    }
    if keys.just_pressed(KeyCode::Tab) {
        let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        actions.write(CursorAction::Cycle(if back { -1 } else { 1 }));
    }
}

/// Moves the cursor and turns its actions into picks.
fn act_on_cursor(
    mut actions: MessageReader<CursorAction>,
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    mut cursor: ResMut<BoardCursor>,
    mut picks: MessageWriter<CellPicked>,
) {
    let Some(game) = game else {
        actions.clear();
        return;
    };
    let position = game.game().position();
    let shape = position.shape();
    let seat = position.to_move();
    for action in actions.read() {
        // The cursor first appears on the seat's leading piece (an ARKES
        // marble), or on its
        // first piece that can move, or the centre.
        let first_movable = game.game().legal_actions().first().map(|a| a.from);
        let centre = Coord::new(shape.files() / 2, shape.ranks() / 2);
        let here = cursor
            .coord
            .filter(|&c| shape.contains(c))
            .or_else(|| position.leader(seat))
            .or(first_movable)
            .unwrap_or(centre);
        cursor.seat = Some(seat);
        match *action {
            CursorAction::Step(df, dr) => {
                let moved = Coord::try_new(i32::from(here.file()) + df, i32::from(here.rank()) + dr, shape);
                cursor.coord = Some(moved.unwrap_or(here));
            }
            CursorAction::Confirm => {
                cursor.coord = Some(here);
                picks.write(CellPicked { coord: Some(here) });
            }
            CursorAction::Cancel => {
                cursor.coord = Some(here);
                picks.write(CellPicked { coord: None });
            }
            CursorAction::Cycle(step) => {
                // Through the destinations of the selected piece, or through
                // the pieces that can move.
                let mut targets: Vec<Coord> = if selection.from.is_some() {
                    selection.destinations.iter().map(|d| d.to).collect()
                } else {
                    game.game().legal_actions().iter().map(|a| a.from).collect()
                };
                targets.sort();
                targets.dedup();
                if targets.is_empty() {
                    continue;
                }
                let next = match targets.iter().position(|&c| c == here) {
                    Some(i) => (i as i32 + step).rem_euclid(targets.len() as i32) as usize,
                    None if step > 0 => 0,
                    None => targets.len() - 1,
                };
                cursor.coord = Some(targets[next]);
            }
        }
    }
}
