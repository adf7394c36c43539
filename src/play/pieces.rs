//! Cells and pieces as entities, and the one system that makes the piece
//! entities match the engine's board after every change, for either game.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use game_core::Coord;

use super::commands::{BoardReset, MoveApplied};
use super::geometry::BoardGeometry;
use super::match_state::Match;
use crate::app_state::AppSystems;
use games::{AnyReport, GameKind, PieceId};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PieceMoved>().add_systems(Update, sync_pieces.in_set(AppSystems::Sync));
}

/// A cell of the board; clicking it (or a piece on it) picks the cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct Cell {
    /// Which cell.
    pub coord: Coord,
}

/// A piece on the board: an ARKES token or marble, or an Arcanor piece. The
/// view of its game dresses it by its [`PieceId`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct BoardPiece {
    /// What piece it is, in its game's terms.
    pub id: PieceId,
    /// Its game.
    pub game: GameKind,
}

/// Where a piece stands: its cell and level (0 = bottom; an Arcanor duo's
/// top piece, covering the inner one, is level 1). Pieces leaving the board
/// (captured, removed) lose this component.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardPos {
    /// The cell.
    pub coord: Coord,
    /// 0 for the bottom of the formation, 1 for the top.
    pub level: u8,
}

/// A piece changed place on the board; the animation plugin animates it.
#[derive(Message, Clone, Copy, Debug)]
pub struct PieceMoved {
    /// The piece.
    pub entity: Entity,
    /// Where it was.
    pub from: BoardPos,
    /// Where it is now.
    pub to: BoardPos,
    /// Whether it is a piece that moved (a hop), rather than one that
    /// dropped under it (ARKES R8).
    pub mover: bool,
}

/// Why a piece leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveReason {
    /// Captured by `by` (ARKES R7, R8): lifted and put beside that seat's edge.
    Captured {
        /// The capturing seat.
        by: game_core::Seat,
    },
    /// A marble removed because its seat is out (R12): it sinks.
    Eliminated,
    /// Gone for another reason (restart, undo): removed at once.
    Removed,
}

/// A piece on its way off the board; despawned when its animation ends.
#[derive(Component, Clone, Copy, Debug)]
pub struct Leaving {
    /// Why it leaves.
    pub reason: LeaveReason,
    /// Where it stood.
    pub from: BoardPos,
}

/// The piece expected at each occupied board position.
fn expected_pieces(game: &Match) -> HashMap<BoardPos, BoardPiece> {
    let mut expected = HashMap::new();
    for (coord, stack) in game.displayed().stacks() {
        for (level, id) in stack.into_iter().enumerate() {
            expected.insert(BoardPos { coord, level: level as u8 }, BoardPiece { id, game: game.kind() });
        }
    }
    expected
}

/// Makes the piece entities match the engine's board: keeps those in place,
/// moves the pieces of the last ply (the top piece, or a whole duo) and one
/// dropped under them, moves any other misplaced entity to the nearest free
/// position of the same piece, spawns what is missing and sends what is
/// left off the board (with the reason, for the animation). The view can
/// therefore never drift from the rules, whatever happened.
fn sync_pieces(
    mut commands: Commands,
    game: Option<Res<Match>>,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    mut pieces: Query<(Entity, &mut BoardPos, &BoardPiece, &mut Transform)>,
    mut moved: MessageWriter<PieceMoved>,
    cells: Query<Entity, With<Cell>>,
    geometry: Option<Res<BoardGeometry>>,
) {
    let Some(game) = game else { return };
    let reports: Vec<AnyReport> = applied.read().map(|a| a.report.clone()).collect();
    let reset = resets.read().count() > 0;
    if reports.is_empty() && !reset && !game.is_changed() {
        return;
    }
    let g = BoardGeometry { shape: game.displayed().shape(), kind: game.kind() };
    if reset || geometry.as_deref() != Some(&g) {
        respawn_cells(&mut commands, &g, &cells);
    }
    let mut expected = expected_pieces(&game);

    // Which entity is on which position now.
    let mut current: HashMap<BoardPos, Entity> = HashMap::new();
    let mut piece_of: HashMap<Entity, BoardPiece> = HashMap::new();
    for (entity, pos, piece, _) in &pieces {
        piece_of.insert(entity, *piece);
        current.insert(*pos, entity);
    }

    let mut placed: HashMap<Entity, BoardPos> = HashMap::new();
    let mut movers: Vec<Entity> = Vec::new();
    // The last ply's movers keep their identity: the top piece that left
    // `from`, and the inner one of a whole Arcanor duo.
    if !reset && let Some(action) = reports.last().and_then(|r| r.action) {
        let to_len = game.displayed().stack(action.to).len() as u8;
        let from_top =
            [1, 0].into_iter().find(|&l| current.contains_key(&BoardPos { coord: action.from, level: l }));
        if let Some(from_top) = from_top {
            let mut moving = vec![(from_top, to_len.saturating_sub(1))];
            if action.whole && from_top == 1 {
                moving.push((0, 0));
            }
            for (from_level, to_level) in moving {
                let entity = current[&BoardPos { coord: action.from, level: from_level }];
                let target = BoardPos { coord: action.to, level: to_level };
                if expected.get(&target) == piece_of.get(&entity) {
                    placed.insert(entity, target);
                    movers.push(entity);
                    expected.remove(&target);
                }
            }
        }
    }
    // Entities already where the engine has their piece stay.
    for (&pos, &entity) in &current {
        if placed.contains_key(&entity) {
            continue;
        }
        if expected.get(&pos) == piece_of.get(&entity) {
            expected.remove(&pos);
            placed.insert(entity, pos);
        }
    }
    // Other expected pieces take the nearest unplaced entity of the same piece.
    let mut spare: Vec<(Entity, BoardPos)> =
        current.iter().filter(|(_, e)| !placed.contains_key(*e)).map(|(p, e)| (*e, *p)).collect();
    let mut missing: Vec<(BoardPos, BoardPiece)> = expected.into_iter().collect();
    missing.sort_by_key(|(pos, _)| (pos.coord, pos.level));
    let mut to_spawn = Vec::new();
    for (pos, piece) in missing {
        let nearest = spare
            .iter()
            .enumerate()
            .filter(|(_, (e, _))| piece_of.get(e) == Some(&piece))
            .min_by_key(|(_, (_, p))| (p.coord.distance(pos.coord), p.level.abs_diff(pos.level)))
            .map(|(i, _)| i);
        match nearest.filter(|_| !reset) {
            Some(i) => {
                let (entity, _) = spare.swap_remove(i);
                placed.insert(entity, pos);
            }
            None => to_spawn.push((pos, piece)),
        }
    }

    // Apply: moves, departures, arrivals.
    let departures: Vec<_> = reports.iter().flat_map(|r| r.departures.iter().copied()).collect();
    for (entity, mut pos, piece, mut transform) in &mut pieces {
        if let Some(&target) = placed.get(&entity) {
            if *pos != target {
                let from = *pos;
                *pos = target;
                if reset {
                    transform.translation = g.piece_base(target.coord, target.level);
                } else {
                    moved.write(PieceMoved { entity, from, to: target, mover: movers.contains(&entity) });
                }
            }
        } else {
            let departure = departures
                .iter()
                .find(|d| d.cell == pos.coord && d.level == pos.level && d.piece == piece.id)
                .filter(|_| !reset);
            let reason = match departure {
                Some(d) => d.by.map_or(LeaveReason::Eliminated, |by| LeaveReason::Captured { by }),
                None => LeaveReason::Removed,
            };
            commands.entity(entity).remove::<BoardPos>().insert(Leaving { reason, from: *pos });
        }
    }
    for (pos, piece) in to_spawn {
        spawn_piece(&mut commands, &g, pos, piece);
    }
}

/// Replaces the cell entities by those of the board `g`.
fn respawn_cells(commands: &mut Commands, g: &BoardGeometry, cells: &Query<Entity, With<Cell>>) {
    commands.insert_resource(*g);
    for entity in cells {
        commands.entity(entity).despawn();
    }
    for coord in g.shape.coords() {
        commands.spawn((
            Name::new(format!("cell {coord}")),
            Cell { coord },
            Transform::from_translation(g.cell_center(coord)),
        ));
    }
}

/// Spawns the entity of `piece` at `pos`.
fn spawn_piece(commands: &mut Commands, g: &BoardGeometry, pos: BoardPos, piece: BoardPiece) -> Entity {
    let transform = Transform::from_translation(g.piece_base(pos.coord, pos.level));
    let name =
        Name::new(format!("{} piece {:?} on {} level {}", piece.game.id(), piece.id, pos.coord, pos.level));
    commands.spawn((name, piece, pos, transform)).id()
}
