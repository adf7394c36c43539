//! Questions between the sides of an online game: undo by consent (either
//! side asks the other), a guest's rematch (the host's screen is asked),
//! and this side's answer. A question lapses after
//! [`QUESTION_EXPIRES_SECS`] or once the game moves on.

use bevy::prelude::*;
use online_protocol::{Message, Rejection};

use super::room::{Online, QUESTION_EXPIRES_SECS, Question, Topic};
use super::state::{OnlineChanged, QuestionReply};
use super::transport::PeerId;
use crate::play::{BoardReset, HistoryCommand, Match, MatchCommand};

/// Undo in an online game (the toolbar, Ctrl+Z) asks the other side: a
/// guest asks the host, the host every guest holding a seat. What is
/// asked is to take back this side's last move and what followed it.
pub(super) fn ask_undo(
    mut history: MessageReader<HistoryCommand>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
) {
    let wanted = history.read().any(|h| *h == HistoryCommand::Undo);
    let (Some(mut online), Some(game)) = (online, game) else { return };
    if !wanted || !game.is_online() || online.question.is_some() || game.outcome().is_some() {
        return;
    }
    let Some(last_mine) = game.game().ply_info().iter().rposition(|info| online.referee.is_mine(info.mover))
    else {
        return;
    };
    let plies = u32::try_from(last_mine).unwrap_or(u32::MAX);
    let peers: Vec<PeerId> =
        if online.is_host() { online.seated_peers() } else { online.host.into_iter().collect() };
    if peers.is_empty() {
        return;
    }
    for &peer in &peers {
        online.send(peer, &Message::UndoRequest { ply: plies });
    }
    online.question = Some(Question {
        topic: Topic::Undo(plies),
        peers,
        mine: true,
        asked_at: online.now,
        plies: game.game().ply_count(),
    });
    online.undo_refused = false;
}

/// A question from `peer`, already judged by the referee: taken when no
/// other is waiting, else refused at once.
pub(super) fn asked(online: &mut Online, peer: PeerId, topic: Topic, game: &Match) {
    if online.question.is_none() {
        online.question = Some(Question {
            topic,
            peers: vec![peer],
            mine: false,
            asked_at: online.now,
            plies: game.game().ply_count(),
        });
    } else if let Topic::Undo(ply) = topic {
        online.send(peer, &Message::UndoAnswer { ply, accept: false });
    } else {
        online.send(peer, &Message::refused(&Rejection::Busy));
    }
}

/// An answer from `peer` to this side's undo request: taken only from a
/// peer asked, for the plies asked; a refusal settles it, and so does the
/// last agreement.
pub(super) fn undo_answered(
    online: &mut Online,
    peer: PeerId,
    ply: u32,
    accept: bool,
    changes: &mut MessageWriter<OnlineChanged>,
) {
    let asked = match &mut online.question {
        Some(q) if q.mine && q.topic == Topic::Undo(ply) && q.peers.contains(&peer) => q,
        _ => {
            online.refuse(peer, &Rejection::NotAsked(ply), changes);
            return;
        }
    };
    asked.peers.retain(|p| *p != peer);
    if !accept {
        online.question = None;
        online.undo_refused = true;
    } else if asked.peers.is_empty() {
        online.question = None;
        if online.is_host() {
            online.agreed_undo = Some(ply);
        }
    }
}

/// This side's answer to the question on screen (the HUD's buttons); the
/// undo every side agreed to, done on the host (the plies are taken back
/// and every peer gets the record again, through the reset); and the
/// questions that lapse: after [`QUESTION_EXPIRES_SECS`], or once the game
/// has moved on since they were asked.
pub(super) fn answer_question(
    mut replies: MessageReader<QuestionReply>,
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut resets: MessageWriter<BoardReset>,
    mut replace: MessageWriter<MatchCommand>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else {
        replies.clear();
        return;
    };
    let online = &mut *online;
    for &QuestionReply(accept) in replies.read() {
        let Some(question) = online.question.take_if(|q| !q.mine) else { continue };
        let Some(&peer) = question.peers.first() else { continue };
        match question.topic {
            Topic::Undo(ply) => {
                online.send(peer, &Message::UndoAnswer { ply, accept });
                if accept && online.is_host() {
                    online.agreed_undo = Some(ply);
                }
            }
            Topic::Rematch if accept && game.outcome().is_some() => {
                // As the host's own rematch: the players move (R2, A1)
                // and every peer gets the new game.
                info!("online: a rematch, as the host agreed");
                replace.write(MatchCommand::Replace(Box::new(game.rematch())));
            }
            Topic::Rematch => online.send(peer, &Message::refused(&Rejection::Declined("rematch"))),
        }
    }
    let (now, plies) = (online.now, game.game().ply_count());
    if let Some(question) =
        online.question.take_if(|q| now - q.asked_at > QUESTION_EXPIRES_SECS || q.plies != plies)
    {
        info!("online: the question {:?} lapsed", question.topic);
        if question.mine {
            online.undo_refused = true;
        }
    }
    if let Some(plies) = online.agreed_undo.take()
        && online.is_host()
        && game.take_back_to(plies as usize)
    {
        info!("online: took back to ply {plies}, as every side agreed");
        resets.write(BoardReset);
    }
}
