//! Cells and pieces as entities, and the one system that makes the piece
//! entities match the engine's board after every change.

use arkes_engine::{Coord, Formation, Piece, PieceKind, PlyEffects, Seat};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use super::animation::{LeaveReason, Leaving};
use super::geometry::BoardGeometry;
use super::state::{BoardReset, Match, MoveApplied};
use crate::AppSystems;

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

/// A token of `seat` on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct Token {
    /// The owner.
    pub seat: Seat,
}

/// The marble of `seat`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct Marble {
    /// The owner.
    pub seat: Seat,
}

/// Where a piece stands: its cell and level (0 = bottom, 1 = on top).
/// Pieces leaving the board (captured, removed) lose this component.
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
    /// Whether it is the piece that moved (a hop), rather than one that
    /// dropped under it (R8).
    pub mover: bool,
}

/// The piece expected at each occupied board position.
fn expected_pieces(game: &Match) -> HashMap<BoardPos, Piece> {
    let board = game.displayed().board();
    let mut expected = HashMap::new();
    for (coord, formation) in board.occupied() {
        for level in 0..formation.len() as u8 {
            if let Some(piece) = Formation::at(formation, level) {
                expected.insert(BoardPos { coord, level }, piece);
            }
        }
    }
    expected
}

/// Makes the piece entities match the engine's board: keeps those in place,
/// moves the mover of the last ply (and a token dropped under it), moves any
/// other misplaced entity to the nearest free position of the same piece,
/// spawns what is missing and sends what is left off the board (with the
/// reason, for the animation). The view can therefore never drift from the
/// rules, whatever happened (moves, captures, eliminations, restarts).
fn sync_pieces(
    mut commands: Commands,
    game: Option<Res<Match>>,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    mut pieces: Query<(Entity, &mut BoardPos, Option<&Token>, Option<&Marble>, &mut Transform)>,
    mut moved: MessageWriter<PieceMoved>,
    cells: Query<Entity, With<Cell>>,
) {
    let Some(game) = game else { return };
    let reports: Vec<_> = applied.read().map(|a| a.report.clone()).collect();
    let reset = resets.read().count() > 0;
    if reports.is_empty() && !reset && !game.is_changed() {
        return;
    }
    let g = BoardGeometry { side: game.displayed().board().side() };
    if reset {
        respawn_cells(&mut commands, &g, &cells);
    }
    let mut expected = expected_pieces(&game);

    // Which entity is on which position now.
    let mut current: HashMap<BoardPos, Entity> = HashMap::new();
    let mut piece_of: HashMap<Entity, Piece> = HashMap::new();
    for (entity, pos, token, marble, _) in &pieces {
        let piece = match (token, marble) {
            (Some(t), _) => Piece::token(t.seat),
            (None, Some(m)) => Piece::marble(m.seat),
            (None, None) => continue,
        };
        piece_of.insert(entity, piece);
        current.insert(*pos, entity);
    }

    let mut placed: HashMap<Entity, BoardPos> = HashMap::new();
    let mut movers: Vec<Entity> = Vec::new();
    // The last ply's mover keeps its identity: it is the top piece that left `from`.
    if !reset && let Some(mv) = reports.last().and_then(|r| r.mv) {
        let from_level =
            [1, 0].into_iter().find(|&l| current.contains_key(&BoardPos { coord: mv.from, level: l }));
        let to_formation = game.displayed().board().get(mv.to);
        let to_level = to_formation.len().saturating_sub(1) as u8;
        if let Some(from_level) = from_level {
            let entity = current[&BoardPos { coord: mv.from, level: from_level }];
            let target = BoardPos { coord: mv.to, level: to_level };
            if expected.get(&target) == piece_of.get(&entity) {
                placed.insert(entity, target);
                movers.push(entity);
                expected.remove(&target);
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
    let mut missing: Vec<(BoardPos, Piece)> = expected.into_iter().collect();
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
    let captured = reports.iter().filter_map(|r| r.captured().map(|c| (c, r.mover))).collect::<Vec<_>>();
    let eliminated = reports.iter().flat_map(|r| r.eliminated()).collect::<Vec<_>>();
    for (entity, mut pos, _, _, mut transform) in &mut pieces {
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
        } else if let Some(&piece) = piece_of.get(&entity) {
            let reason = if reset {
                LeaveReason::Removed
            } else if let Some((_, by)) =
                captured.iter().find(|(c, _)| c.cell == pos.coord && c.level == pos.level && c.piece == piece)
            {
                LeaveReason::Captured { by: *by }
            } else if eliminated.iter().any(|e| e.cell == pos.coord && piece.kind == PieceKind::Marble) {
                LeaveReason::Eliminated
            } else {
                LeaveReason::Removed
            };
            commands.entity(entity).remove::<BoardPos>().insert(Leaving { reason, from: *pos });
        }
    }
    for (pos, piece) in to_spawn {
        spawn_piece(&mut commands, &g, pos, piece);
    }
}

/// Replaces the cell entities by those of a board of `g.side`.
fn respawn_cells(commands: &mut Commands, g: &BoardGeometry, cells: &Query<Entity, With<Cell>>) {
    commands.insert_resource(*g);
    if cells.iter().count() == usize::from(g.side) * usize::from(g.side) {
        return;
    }
    for entity in cells {
        commands.entity(entity).despawn();
    }
    for rank in 0..g.side {
        for file in 0..g.side {
            let coord = Coord::new(file, rank);
            commands.spawn((
                Name::new(format!("cell {coord}")),
                Cell { coord },
                Transform::from_translation(g.cell_center(coord)),
            ));
        }
    }
}

/// Spawns the entity of `piece` at `pos`.
fn spawn_piece(commands: &mut Commands, g: &BoardGeometry, pos: BoardPos, piece: Piece) -> Entity {
    let transform = Transform::from_translation(g.piece_base(pos.coord, pos.level));
    let name = Name::new(format!("{piece} on {} level {}", pos.coord, pos.level));
    match piece.kind {
        PieceKind::Token => commands.spawn((name, Token { seat: piece.seat }, pos, transform)).id(),
        PieceKind::Marble => commands.spawn((name, Marble { seat: piece.seat }, pos, transform)).id(),
    }
}
