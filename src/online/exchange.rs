//! The peers' comings and goings and their messages, each judged by the
//! referee before anything of the game changes.

use bevy::prelude::*;
use online_protocol::{Message, Referee, Rejection, Side, game_from_welcome};

use super::room::{Online, UndoAsk};
use super::state::{HOST_KEY, OnlineChanged};
use super::transport::PeerId;
use crate::options::PlayerKind;
use crate::play::{HistoryCommand, Match, MatchCommand, MoveCommand, ResignCommand};

/// Reads the peers' comings and goings and their messages; each message is
/// judged before anything of the game changes.
pub(super) fn exchange(
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    mut moves: MessageWriter<MoveCommand>,
    mut resignations: MessageWriter<ResignCommand>,
    mut history: MessageWriter<HistoryCommand>,
    mut replace: MessageWriter<MatchCommand>,
    mut changes: MessageWriter<OnlineChanged>,
    time: Res<Time>,
) {
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let online = &mut *online;
    if online.host.is_none() {
        online.waited += time.delta_secs();
    } else {
        online.waited = 0.0;
    }
    for (peer, connected) in online.transport.peer_changes() {
        if connected {
            if online.is_host() {
                online.guests.insert(peer, None);
            } else {
                // The guest does not know which peer hosts: it says hello
                // to each; only the host answers with the game.
                online.transport.send(peer, &Message::Hello { peer: online.key.clone() });
            }
        } else if online.is_host() {
            online.guests.remove(&peer);
        } else if online.host == Some(peer) {
            online.host = None;
        }
        online.refresh_state(&mut changes);
    }
    // The game as the messages of this frame leave it (several moves may
    // arrive at once; the match applies them after this system).
    let mut view = game.game().clone();
    let mut reviewing = game.reviewing().is_some();
    // Moves become `MoveCommand`s and resignations `ResignCommand`s, which
    // the match applies in that order: a frame takes plies of one kind,
    // the rest waits for the next frame, in order.
    let (mut moved, mut resigned) = (false, false);
    let mut incoming: std::collections::VecDeque<_> = std::mem::take(&mut online.deferred).into();
    incoming.extend(online.transport.receive());
    while let Some((peer, bytes)) = incoming.pop_front() {
        let kind = online_protocol::decode(&bytes).ok().map(|m| match m {
            Message::Move { .. } => 1,
            Message::Resign { .. } => 2,
            _ => 0,
        });
        if (kind == Some(1) && resigned) || (kind == Some(2) && moved) {
            online.deferred.push((peer, bytes));
            online.deferred.extend(incoming.drain(..));
            break;
        }
        // The room is a full mesh: a guest also hears the other guests
        // (their hellos, their refusals of ours). Guests speak only to the
        // host: anything else from another guest is dropped unanswered.
        let from_other_guest = !online.is_host() && online.host.is_some_and(|h| h != peer);
        let message = match online_protocol::decode(&bytes)
            .and_then(|m| online.referee.check_direction(&m).map(|()| m))
        {
            Ok(message) => message,
            Err(why) if from_other_guest || online.host.is_none() && !online.is_host() => {
                debug!("online: dropped a message from {peer}, not the host: {why}");
                continue;
            }
            Err(why) => {
                online.refuse(peer, &why, &mut changes);
                continue;
            }
        };
        if from_other_guest
            || (!online.is_host() && online.host.is_none() && !matches!(message, Message::Welcome { .. }))
        {
            debug!("online: dropped a message from {peer}, not the host");
            continue;
        }
        match message {
            Message::Hello { peer: key } => {
                if key == HOST_KEY
                    || online.guests.iter().any(|(p, k)| *p != peer && k.as_deref() == Some(&key))
                {
                    online.refuse(peer, &Rejection::WrongDirection("hello"), &mut changes);
                    continue;
                }
                match online.referee.seat_guest(&key) {
                    Ok(seats) => {
                        info!("online: {key} takes {seats:?}");
                        online.guests.insert(peer, Some(key));
                        // Every guest learns who holds the seats now (the
                        // others judge the newcomer's moves by it).
                        let seated: Vec<PeerId> = online.seated_guests();
                        for guest in seated {
                            online.welcome(guest, &game);
                        }
                        online.refresh_state(&mut changes);
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Welcome { game: id, record, seats } => {
                if online.host.is_some_and(|h| h != peer) {
                    online.refuse(peer, &Rejection::WrongDirection("welcome"), &mut changes);
                    continue;
                }
                match game_from_welcome(&id, &record, &seats) {
                    Ok(received) => {
                        let referee = Referee::new(seats.clone(), Side::Guest(online.key.clone()));
                        let kinds = seats
                            .iter()
                            .map(|(seat, _)| {
                                let kind = if referee.is_mine(*seat) {
                                    PlayerKind::Human
                                } else {
                                    PlayerKind::Remote
                                };
                                (*seat, String::new(), kind)
                            })
                            .collect();
                        view = received.clone();
                        reviewing = false;
                        online.referee = referee;
                        online.host = Some(peer);
                        // The guest's copy is saved like any game, with
                        // its room: continued, it joins the room again.
                        let mut copy = Match::new(received, kinds);
                        copy.set_room(Some(online.saved_room()));
                        online.adopting = true;
                        replace.write(MatchCommand::Replace(Box::new(copy)));
                        online.refresh_state(&mut changes);
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Move { ply, seat, mv, hash } => {
                let sender = online.guests.get(&peer).cloned().flatten().unwrap_or_default();
                match online.referee.apply_move(&mut view, &sender, ply, seat, &mv, &hash) {
                    Ok(report) => {
                        if reviewing {
                            history.write(HistoryCommand::EndReview);
                            reviewing = false;
                        }
                        if let Some(action) = report.action {
                            moves.write(MoveCommand::from(action));
                            moved = true;
                        }
                    }
                    Err(why) => online.turn_refused(peer, &why, &game, &mut changes),
                }
            }
            Message::Clock { ply, clocks, running } => {
                match online.referee.check_clock(&view, ply, &clocks) {
                    Ok(()) => {
                        online.host_clocks_run = running;
                        online.host_clocks = Some((ply, clocks));
                    }
                    // Readings of a ply this side never had: a ply was lost
                    // on the way, the host's record says which.
                    Err(why @ Rejection::StaleClock { got, expected }) if got > expected => {
                        online.resynchronise(peer, &why, &game, &mut changes);
                    }
                    // Moves crossed them, or the game ended here first.
                    Err(why @ (Rejection::StaleClock { .. } | Rejection::GameOver)) => {
                        debug!("online: {why}")
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Resign { ply, seat } => {
                let sender = online.guests.get(&peer).cloned().flatten().unwrap_or_default();
                match online.referee.check_resign(&view, &sender, ply, seat) {
                    Ok(()) => {
                        if reviewing {
                            history.write(HistoryCommand::EndReview);
                            reviewing = false;
                        }
                        let _ = view.resign();
                        resignations.write(ResignCommand(seat));
                        resigned = true;
                    }
                    Err(why) => online.turn_refused(peer, &why, &game, &mut changes),
                }
            }
            Message::RecordRequest {} => online.welcome(peer, &game),
            // Never answered: two sides refusing each other's refusals
            // would never stop.
            Message::Refused { reason } => {
                warn!("online: the peer refused our message: {reason}");
                online.last_refusal = Some(reason);
            }
            Message::UndoRequest { ply } => match online.referee.check_undo(&view, ply) {
                // Undo needs this side's consent: the HUD asks.
                Ok(()) if online.undo.is_none() => {
                    online.undo = Some(UndoAsk { plies: ply, peer, mine: false });
                }
                Ok(()) => online.transport.send(peer, &Message::UndoAnswer { ply, accept: false }),
                Err(why) => online.refuse(peer, &why, &mut changes),
            },
            Message::UndoAnswer { ply, accept } => {
                if online.undo.is_some_and(|u| u.mine && u.plies == ply) {
                    online.undo = None;
                    online.undo_refused = !accept;
                    if accept && online.is_host() {
                        online.agreed_undo = Some(ply);
                    }
                }
            }
            Message::Rematch {} => {
                if game.outcome().is_some() {
                    // As the host's own rematch: the players move (R2, A1)
                    // and every guest gets the new game.
                    replace.write(MatchCommand::Replace(Box::new(game.rematch())));
                } else {
                    online.refuse(peer, &Rejection::NotOver, &mut changes);
                }
            }
        }
    }
}
