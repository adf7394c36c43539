//! Choosing a move by picking: a click or tap on a movable piece selects it
//! and lights its legal destinations; a click on a destination sends the
//! [`MoveCommand`]; a click elsewhere deselects. A press-drag-release
//! (orbiting the camera) never picks.
//!
//! An Arcanor duo moves whole or its top piece alone (A5): the first pick
//! takes the whole duo (both lift), a second pick on it takes the top piece
//! alone (it lifts higher, the inner piece stays), a third drops the
//! selection. Where only one of the two can move, the cycle skips the
//! other. Keyboard and gamepad pick the same way (Enter or A again).

use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use game_core::{Coord, Seat};

use super::commands::{BoardReset, GameFlow, HistoryCommand, MatchCommand, MoveApplied, MoveCommand};
use super::geometry::BoardGeometry;
use super::input_lock::InputLock;
use super::match_state::Match;
use super::pieces::{BoardPos, Cell};
use crate::app_state::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<PointerGesture>()
        .add_message::<CellPicked>()
        .add_observer(on_press)
        .add_observer(on_click)
        .add_systems(Update, (keyboard, handle_picks).chain().in_set(AppSystems::Input))
        .add_systems(Update, clear_on_change.in_set(AppSystems::Sync));
}

/// A legal destination of the selected piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The cell.
    pub to: Coord,
    /// Whether moving there captures (ARKES R7, R8) or eats (Arcanor A6).
    pub capture: bool,
}

/// The pieces the player to move has picked, and where they may go.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The cell of the selected pieces.
    pub from: Option<Coord>,
    /// A whole Arcanor duo is selected (A5); otherwise its top piece alone,
    /// the lone piece, or ARKES's top piece.
    pub whole: bool,
    /// Whether picking the cell again switches to the top piece alone
    /// (otherwise it drops the selection).
    pub can_split: bool,
    /// Their legal destinations.
    pub destinations: Vec<Destination>,
}

impl Selection {
    fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The selection of the pieces of `from` (the whole duo when `whole`),
    /// or `None` when they have no legal move.
    fn of(game: &Match, from: Coord, whole: bool) -> Option<Selection> {
        let actions = game.actions_from(from);
        let destinations: Vec<Destination> = actions
            .iter()
            .filter(|a| a.whole == whole)
            .map(|a| Destination { to: a.to, capture: a.capture })
            .collect();
        let can_split = whole && actions.iter().any(|a| !a.whole);
        (!destinations.is_empty()).then_some(Selection { from: Some(from), whole, can_split, destinations })
    }
}

/// A cell picked by a click or tap (on the cell or on a piece standing on
/// it); `None` for a click on the table around the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPicked {
    /// The cell, or `None` for elsewhere.
    pub coord: Option<Coord>,
}

/// Whether the pointer has been dragged since it was pressed (the camera
/// orbits then); set by the camera, read when a click arrives.
#[derive(Resource, Default, Clone, Debug)]
pub struct PointerGesture {
    /// The press has moved further than a click may.
    pub dragged: bool,
    /// Where each pointer's last press happened, in window pixels: a
    /// replayed tap (see `game::tap`) may press and release between another
    /// pointer's press and release.
    pub press_at: HashMap<PointerId, Vec2>,
}

/// How far (in logical pixels) a press may be released from where it began
/// and still count as a click or tap.
pub const CLICK_SLOP: f32 = 12.0;

fn on_press(press: On<Pointer<Press>>, mut gesture: ResMut<PointerGesture>) {
    gesture.press_at.insert(press.pointer_id, press.pointer_location.position);
}

/// Marks the surfaces around the board: clicking them deselects.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct PickBackground;

/// The cell a picked entity stands for: a cell, a piece (on its cell), or
/// one of their meshes (children); `Some(None)` for the background around
/// the board, `None` for anything else.
pub fn picked_cell(
    entity: Entity,
    parents: &Query<&ChildOf>,
    cells: &Query<&Cell>,
    pieces: &Query<&BoardPos>,
    background: &Query<(), With<PickBackground>>,
) -> Option<Option<Coord>> {
    let mut current = entity;
    for _ in 0..4 {
        if let Ok(cell) = cells.get(current) {
            return Some(Some(cell.coord));
        }
        if let Ok(pos) = pieces.get(current) {
            return Some(Some(pos.coord));
        }
        if background.contains(current) {
            return Some(None);
        }
        current = parents.get(current).ok()?.parent();
    }
    None
}

/// The cell of the board's plane on the ray of `pointer` through `camera`,
/// as picking casts it ([`RayMap`]: the view's render scale maps the
/// pointer's window position into a camera that draws into a smaller image,
/// see `view::render_scale`).
fn board_cell_under(
    rays: &RayMap,
    camera: Entity,
    pointer: PointerId,
    geometry: &BoardGeometry,
) -> Option<Coord> {
    let ray = rays.map.get(&RayId::new(camera, pointer))?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    geometry.cell_at(ray.get_point(distance))
}

#[allow(clippy::too_many_arguments)]
fn on_click(
    mut click: On<Pointer<Click>>,
    parents: Query<&ChildOf>,
    cells: Query<&Cell>,
    pieces: Query<&BoardPos>,
    background: Query<(), With<PickBackground>>,
    gesture: Res<PointerGesture>,
    selection: Res<Selection>,
    geometry: Option<Res<BoardGeometry>>,
    rays: Option<Res<RayMap>>,
    mut picks: MessageWriter<CellPicked>,
) {
    let released_far = gesture
        .press_at
        .get(&click.pointer_id)
        .is_some_and(|p| p.distance(click.pointer_location.position) > CLICK_SLOP);
    if click.button != PointerButton::Primary || gesture.dragged || released_far {
        return;
    }
    if let Some(mut coord) = picked_cell(click.entity, &parents, &cells, &pieces, &background) {
        // Handled here: the click must not reach the parents again.
        click.propagate(false);
        // A selected piece is lifted and hides the cell behind it (an
        // Arcanor top piece lifts most): where that cell is one of its
        // destinations, the click goes there, as the board shows it.
        let on_lifted = coord.is_some() && coord == selection.from && !cells.contains(click.entity);
        if on_lifted && let (Some(geometry), Some(rays)) = (&geometry, &rays) {
            let behind = board_cell_under(rays, click.hit.camera, click.pointer_id, geometry);
            if let Some(to) = behind.filter(|to| selection.destinations.iter().any(|d| d.to == *to)) {
                coord = Some(to);
            }
        }
        picks.write(CellPicked { coord });
    }
}

/// The seat to move, if a person at this screen may move now.
fn human_to_move(game: &Match, flow: &GameFlow) -> Option<Seat> {
    let seat = game.to_move();
    let open = flow.accepting_input && game.reviewing().is_none() && game.outcome().is_none();
    (open && game.is_human(seat)).then_some(seat)
}

fn handle_picks(
    mut picks: MessageReader<CellPicked>,
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    flow: Res<GameFlow>,
    mut selection: ResMut<Selection>,
    mut commands: MessageWriter<MoveCommand>,
) {
    let Some(game) = game else { return };
    for pick in picks.read() {
        if lock.is_locked() || human_to_move(&game, &flow).is_none() {
            continue;
        }
        let Some(coord) = pick.coord else {
            selection.clear();
            continue;
        };
        if let Some(from) = selection.from {
            if let Some(d) = selection.destinations.iter().find(|d| d.to == coord) {
                commands.write(MoveCommand { from, to: d.to, whole: selection.whole });
                selection.clear();
                continue;
            }
            if coord == from {
                // Whole duo → its top piece alone → nothing (A5).
                match Selection::of(&game, from, false).filter(|_| selection.can_split) {
                    Some(top) => *selection = top,
                    None => selection.clear(),
                }
                continue;
            }
        }
        // A duo is first picked whole, if it can move whole.
        match Selection::of(&game, coord, true).or_else(|| Selection::of(&game, coord, false)) {
            Some(picked) => *selection = picked,
            None => selection.clear(),
        }
    }
}

/// Keys of the game: R restarts, Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z)
/// redoes, Esc drops the selection.
fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    flow: Res<GameFlow>,
    mut selection: ResMut<Selection>,
    mut restart: MessageWriter<MatchCommand>,
    mut history: MessageWriter<HistoryCommand>,
) {
    let Some(keys) = keys else { return };
    if !flow.accepting_input {
        return;
    }
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && (keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ))) {
        history.write(HistoryCommand::Redo);
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        history.write(HistoryCommand::Undo);
    } else if keys.just_pressed(KeyCode::KeyR) && !ctrl {
        restart.write(MatchCommand::Restart);
    }
    if keys.just_pressed(KeyCode::Escape) && selection.from.is_some() {
        selection.clear();
    }
}

fn clear_on_change(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    game: Option<Res<Match>>,
    mut selection: ResMut<Selection>,
) {
    let changed = applied.read().count() + resets.read().count() > 0 || game.is_some_and(|g| g.is_changed());
    if changed && selection.from.is_some() {
        selection.clear();
    }
}
