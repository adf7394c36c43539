//! What this side tells the room after its plies: the moves and
//! resignations played here, and the room kept with the match.

use bevy::prelude::*;
use online_protocol::{Message, SeatHolder, hash_text};

use super::room::Online;
use super::transport::PeerId;
use crate::play::{Match, MoveApplied};

/// Sends the plies just played (moves and resignations; a time-out goes
/// with the host's clock readings): a guest its own seats' to the host,
/// the host each to every guest but the one who made it.
pub(super) fn announce_moves(
    mut applied: MessageReader<MoveApplied>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
) {
    let reports: Vec<_> = applied.read().map(|a| a.report.clone()).collect();
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let plies = game.game().ply_count();
    let count = reports.len();
    for (i, report) in reports.into_iter().enumerate() {
        let ply = plies + 1 + i - count;
        let ply_number = u32::try_from(ply).unwrap_or(u32::MAX);
        let message = if report.resigned {
            Message::Resign { ply: ply_number, seat: report.mover }
        } else {
            // A time-out is not announced: the host's clock readings carry it.
            let Some(mv) = report.notation else { continue };
            let Some(position) = game.game().position_after(ply) else { continue };
            Message::Move {
                ply: ply_number,
                seat: report.mover,
                mv,
                hash: hash_text(position.as_ref().hash()),
            }
        };
        if online.is_host() {
            // Every proven peer (seated or watching) but the mover's.
            let mover = online.referee.holder(report.mover).cloned();
            let peers: Vec<PeerId> = online
                .links
                .iter()
                .filter(|(_, link)| link.key().is_some_and(|k| mover != Some(SeatHolder::Guest(k))))
                .map(|(p, _)| *p)
                .collect();
            for peer in peers {
                online.send(peer, &message);
            }
        } else if online.referee.is_mine(report.mover)
            && let Some(host) = online.host
        {
            online.send(host, &message);
        }
    }
}

/// Keeps the room with the match (and so in its save): the host's from the
/// start, a guest's once the host's game has come.
pub(super) fn remember_room(online: Option<Res<Online>>, game: Option<ResMut<Match>>) {
    let (Some(online), Some(mut game)) = (online, game) else { return };
    if !online.is_host() && online.host.is_none() {
        return;
    }
    let room = online.saved_room();
    if game.room() != Some(&room) {
        game.set_room(Some(room));
    }
}
