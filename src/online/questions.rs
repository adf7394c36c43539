//! Undo by consent: asking the other side, and this side's answer.

use bevy::prelude::*;
use online_protocol::Message;

use super::room::{Online, UndoAsk};
use super::state::UndoReply;
use super::transport::PeerId;
use crate::play::{BoardReset, HistoryCommand, Match};

/// Undo in an online game (the toolbar, Ctrl+Z) asks the other side: a
/// guest asks the host, the host its guests. What is asked is to take back
/// this side's last move and what followed it.
pub(super) fn ask_undo(
    mut history: MessageReader<HistoryCommand>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
) {
    let wanted = history.read().any(|h| *h == HistoryCommand::Undo);
    let (Some(mut online), Some(game)) = (online, game) else { return };
    if !wanted || !game.is_online() || online.undo.is_some() || game.outcome().is_some() {
        return;
    }
    let Some(last_mine) = game.game().ply_info().iter().rposition(|info| online.referee.is_mine(info.mover))
    else {
        return;
    };
    let plies = u32::try_from(last_mine).unwrap_or(u32::MAX);
    let peers: Vec<PeerId> =
        if online.is_host() { online.seated_guests() } else { online.host.into_iter().collect() };
    let Some(&first) = peers.first() else { return };
    for peer in peers {
        online.transport.send(peer, &Message::UndoRequest { ply: plies });
    }
    online.undo = Some(UndoAsk { plies, peer: first, mine: true });
    online.undo_refused = false;
}

/// This side's answer to an undo request (the HUD's buttons), and, on the
/// host, the undo both sides agreed to: the plies are taken back and every
/// guest gets the record again (through the reset).
pub(super) fn answer_undo(
    mut replies: MessageReader<UndoReply>,
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut resets: MessageWriter<BoardReset>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else {
        replies.clear();
        return;
    };
    for &UndoReply(accept) in replies.read() {
        let Some(ask) = online.undo.filter(|u| !u.mine) else { continue };
        online.undo = None;
        online.transport.send(ask.peer, &Message::UndoAnswer { ply: ask.plies, accept });
        if accept && online.is_host() {
            online.agreed_undo = Some(ask.plies);
        }
    }
    if let Some(plies) = online.agreed_undo.take()
        && online.is_host()
        && game.take_back_to(plies as usize)
    {
        info!("online: took back to ply {plies}, as both sides agreed");
        resets.write(BoardReset);
    }
}
