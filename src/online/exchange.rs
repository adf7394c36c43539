//! The peers' comings and goings and their messages: the handshake that
//! proves who each peer is, then every message read once, checked (size,
//! rate, signature, order) and judged by the referee before anything of
//! the game changes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use online_protocol::{
    MAX_GUEST_MESSAGE_BYTES, MAX_MESSAGE_BYTES, Message, Referee, Rejection, Session, Side, decode_handshake,
    game_from_welcome, hello, hello_is_proven,
};

use super::questions::{asked, undo_answered};
use super::room::{Link, Online, Topic};
use super::state::{OnlineChanged, OnlineLimits, OnlineNote};
use super::transport::PeerId;
use crate::options::PlayerKind;
use crate::play::{HistoryCommand, Match, MatchCommand, MoveCommand, ResignCommand};

/// What the messages of one frame do to the game, as the match will see
/// it once the commands written are applied after this system.
struct Frame<'a> {
    game: &'a Match,
    /// The game as the messages of this frame leave it (several moves may
    /// arrive at once).
    view: games::AnyGame,
    reviewing: bool,
    /// Moves become `MoveCommand`s and resignations `ResignCommand`s,
    /// which the match applies in that order: a frame takes plies of one
    /// kind, the rest waits for the next frame, in order.
    moved: bool,
    resigned: bool,
}

/// Reads the peers' comings and goings and their messages; each message is
/// judged before anything of the game changes.
pub(super) fn exchange(
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    mut writers: Writers,
    time: Res<Time>,
    limits: Res<OnlineLimits>,
) {
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let online = &mut *online;
    online.now += time.delta_secs_f64();
    if online.host.is_none() {
        online.waited += time.delta_secs();
    } else {
        online.waited = 0.0;
    }
    for (peer, connected) in online.transport.peer_changes() {
        if connected {
            connect(online, peer, &limits);
        } else {
            // Its messages not read yet are dropped with it: a peer gone
            // holds nothing (a hello read after it left would seat a ghost).
            let gone = online.links.remove(&peer);
            if gone.is_some_and(|l| l.watching && l.session.is_some()) {
                writers.changes.write(OnlineChanged::Watchers(online.watchers()));
            }
            online.deferred.retain(|(p, _)| *p != peer);
            if online.host == Some(peer) {
                online.host = None;
            }
        }
        online.refresh_state(&mut writers.changes);
    }
    if online.is_host() {
        online.send_due_records(&game);
    }
    let mut frame = Frame {
        game: &game,
        view: game.game().clone(),
        reviewing: game.reviewing().is_some(),
        moved: false,
        resigned: false,
    };
    let deferred = std::mem::take(&mut online.deferred);
    let mut flooded = 0;
    let received = online.transport.receive();
    // Messages deferred from the last frame first, then this frame's, in
    // order; once one must wait, every later one waits behind it.
    let mut waiting = false;
    for (peer, message) in deferred {
        waiting = waiting || frame.must_wait(&message);
        if waiting {
            online.deferred.push((peer, message));
        } else {
            take(online, peer, message, &mut frame, &mut writers);
        }
    }
    for (peer, bytes) in received {
        let Some(message) = read(online, peer, &bytes, &game, &limits, &mut flooded, &mut writers.changes)
        else {
            continue;
        };
        waiting = waiting || frame.must_wait(&message);
        if waiting {
            online.deferred.push((peer, message));
        } else {
            take(online, peer, message, &mut frame, &mut writers);
        }
    }
    if flooded > 0 {
        warn!("online: {flooded} messages dropped, their peers sending too many");
        online.note(OnlineNote::Flood, &Rejection::Flood(flooded), &mut writers.changes);
    }
}

impl Frame<'_> {
    /// Whether `message` must wait for the next frame: a move after a
    /// resignation in this frame, or the reverse.
    fn must_wait(&self, message: &Message) -> bool {
        (matches!(message, Message::Move { .. }) && self.resigned)
            || (matches!(message, Message::Resign { .. }) && self.moved)
    }
}

/// The commands and notes the messages of a frame write.
#[derive(SystemParam)]
pub(super) struct Writers<'w> {
    moves: MessageWriter<'w, MoveCommand>,
    resignations: MessageWriter<'w, ResignCommand>,
    history: MessageWriter<'w, HistoryCommand>,
    replace: MessageWriter<'w, MatchCommand>,
    changes: MessageWriter<'w, OnlineChanged>,
}

/// A peer connected: the host greets it with its key and a challenge (at
/// most [`OnlineLimits::max_peers`] peers are kept track of); a guest
/// waits for a peer to show the room's key.
fn connect(online: &mut Online, peer: PeerId, limits: &OnlineLimits) {
    if online.links.len() >= limits.max_peers {
        warn!("online: {peer} ignored, the room already has {} peers", limits.max_peers);
        return;
    }
    let Some(challenge) = super::join::challenge() else { return };
    online.links.insert(peer, Link::new(challenge, online.now));
    if online.is_host() {
        let greeting = Message::Host { key: online.public_key(), challenge };
        online.transport.send(peer, online_protocol::encode(&greeting));
    }
}

/// The message in `bytes` from `peer`, read once: only from a peer kept
/// track of and within its rate; a handshake message from a peer without a
/// conversation yet (handled here), else a message signed in it and
/// meant for this side. `None`: dropped, refused or handled.
fn read(
    online: &mut Online,
    peer: PeerId,
    bytes: &[u8],
    game: &Match,
    limits: &OnlineLimits,
    flooded: &mut u64,
    changes: &mut MessageWriter<OnlineChanged>,
) -> Option<Message> {
    let now = online.now;
    let host = online.is_host();
    let link = online.links.get_mut(&peer)?;
    if link.ignored {
        return None;
    }
    if !link.limit.allow(now) {
        *flooded += link.limit.take_dropped();
        return None;
    }
    let limit = if host { MAX_GUEST_MESSAGE_BYTES } else { MAX_MESSAGE_BYTES };
    let Some(session) = link.session.as_mut() else {
        match decode_handshake(bytes, MAX_GUEST_MESSAGE_BYTES) {
            Ok(message) => handshake(online, peer, message, game, limits, changes),
            // A guest hears the other guests too: only a host's greeting
            // matters to it.
            Err(why) if !host => debug!("online: dropped a message from {peer}: {why}"),
            Err(why) => debug!("online: {peer} has not said hello: {why}"),
        }
        return None;
    };
    match session.open(bytes, limit).and_then(|m| online.referee.check_direction(&m).map(|()| m)) {
        Ok(message) => {
            if !host && online.host != Some(peer) {
                // A signed message from the room's key: this peer hosts.
                if online.host.is_some() {
                    debug!("online: a second peer with the host's key: {peer} ignored");
                    return None;
                }
                online.host = Some(peer);
            }
            Some(message)
        }
        Err(Rejection::Unsigned) if !host && online.host != Some(peer) => {
            // It showed the room's key but cannot sign with it.
            if let Some(link) = online.links.get_mut(&peer) {
                link.ignored = true;
            }
            warn!("online: {peer} showed the host's key but cannot sign with it: ignored");
            online.note(OnlineNote::FalseHost, &Rejection::FalseHost(format!("peer {peer}")), changes);
            None
        }
        Err(why) => {
            online.refuse(peer, &why, changes);
            None
        }
    }
}

/// The handshake: a guest answers a greeting showing the room's key with
/// its hello (and ignores, with a note, a peer showing another); the host
/// checks a hello's proof, then seats the guest by its key (or lets it
/// watch) and sends everyone the game.
fn handshake(
    online: &mut Online,
    peer: PeerId,
    message: Message,
    game: &Match,
    limits: &OnlineLimits,
    changes: &mut MessageWriter<OnlineChanged>,
) {
    let code = online.code;
    match (online.is_host(), message) {
        (false, Message::Host { key, challenge }) => {
            let Some(link) = online.links.get_mut(&peer) else { return };
            if !code.is_hosted_by(&key) {
                link.ignored = true;
                warn!(
                    "online: {peer} claims to host room {code} with the key {key}, not the room's: ignored"
                );
                online.note(OnlineNote::FalseHost, &Rejection::FalseHost(key.short()), changes);
                return;
            }
            let own = link.challenge;
            link.session = Some(Session::new(code, key, own, challenge));
            let greeting = hello(code, &online.key, challenge, own);
            online.transport.send(peer, online_protocol::encode(&greeting));
        }
        (true, Message::Hello { key, challenge, proof }) => {
            let Some(link) = online.links.get(&peer) else { return };
            if !hello_is_proven(code, link.challenge, &key, challenge, &proof) {
                warn!("online: {peer}'s hello does not prove its key: ignored");
                online.note(OnlineNote::Refused, &Rejection::BadProof, changes);
                return;
            }
            if key == online.public_key() {
                warn!("online: {peer} says hello with the host's own key: ignored");
                return;
            }
            // The same guest on a new connection (a reload, a network
            // change): the older one no longer speaks for it.
            for (other, link) in online.links.iter_mut() {
                if *other != peer && link.key() == Some(key) {
                    info!("online: {} came back on {peer}; {other} no longer speaks for it", key.short());
                    link.session = None;
                }
            }
            let before = online.referee.seats().to_vec();
            let seated = online.referee.seat_guest(&key);
            let watchers = online.watchers();
            let Some(link) = online.links.get_mut(&peer) else { return };
            match seated {
                Ok(seats) => info!("online: {} takes {seats:?}", key.short()),
                Err(Rejection::RoomFull) if watchers < limits.max_watchers => {
                    info!("online: {} watches", key.short());
                    link.watching = true;
                    changes.write(OnlineChanged::Watchers(watchers + 1));
                }
                Err(why) => {
                    // Told why it gets no game, in the conversation its
                    // proof opened, which then closes.
                    warn!("online: {} refused: {why}", key.short());
                    link.session = Some(Session::new(code, key, link.challenge, challenge));
                    online.send(peer, &Message::refused(&why));
                    if let Some(link) = online.links.get_mut(&peer) {
                        link.session = None;
                    }
                    return;
                }
            }
            link.session = Some(Session::new(code, key, link.challenge, challenge));
            if online.referee.seats() == before {
                // A rejoin or a watcher: the seats are as they were.
                online.welcome(peer, game);
            } else {
                // Every peer learns who holds the seats now (the guests
                // judge the newcomer's moves by it).
                online.welcome_everyone(game);
            }
            online.refresh_state(changes);
        }
        (_, message) => debug!("online: a `{}` out of the handshake from {peer}: dropped", message.kind()),
    }
}

/// Takes one message that passed [`read`] and need not wait
/// ([`Frame::must_wait`]).
fn take(online: &mut Online, peer: PeerId, message: Message, frame: &mut Frame<'_>, out: &mut Writers) {
    let game = frame.game;
    // The sender's proven key (on a guest, the host's).
    let Some(sender) = online.links.get(&peer).and_then(Link::key) else { return };
    let changes = &mut out.changes;
    match message {
        Message::Host { .. } | Message::Hello { .. } => {}
        Message::Welcome { game: id, record, seats, watchers } => {
            match game_from_welcome(&id, &record, &seats) {
                Ok(received) => {
                    let referee = Referee::new(seats.clone(), Side::Guest(online.public_key()));
                    let kinds = seats
                        .iter()
                        .map(|(seat, _)| {
                            let kind =
                                if referee.is_mine(*seat) { PlayerKind::Human } else { PlayerKind::Remote };
                            (*seat, String::new(), kind)
                        })
                        .collect();
                    frame.view = received.clone();
                    frame.reviewing = false;
                    online.referee = referee;
                    online.watchers_told = watchers;
                    // The guest's copy is saved like any game, with its room:
                    // continued, it joins the room again. A watcher's is not
                    // saved (it is not its game, and would replace its own).
                    let mut copy = Match::new(received, kinds);
                    copy.set_room(Some(online.saved_room()));
                    copy.set_saved(!online.is_watching());
                    online.adopting = true;
                    out.replace.write(MatchCommand::Replace(Box::new(copy)));
                    online.refresh_state(changes);
                }
                Err(why) => online.refuse(peer, &why, changes),
            }
        }
        Message::Move { ply, seat, mv, hash } => {
            match online.referee.apply_move(&mut frame.view, &sender, ply, seat, &mv, &hash) {
                Ok(report) => {
                    if frame.reviewing {
                        out.history.write(HistoryCommand::EndReview);
                        frame.reviewing = false;
                    }
                    if let Some(action) = report.action {
                        out.moves.write(MoveCommand::from(action));
                        frame.moved = true;
                    }
                }
                Err(why) => online.turn_refused(peer, &why, game, changes),
            }
        }
        Message::Clock { ply, clocks, running } => {
            match online.referee.check_clock(&frame.view, ply, &clocks) {
                Ok(()) => {
                    online.host_clocks_run = running;
                    online.host_clocks = Some((ply, clocks));
                }
                // Readings of a ply this side never had: a ply was lost on the
                // way, the host's record says which.
                Err(why @ Rejection::StaleClock { got, expected }) if got > expected => {
                    online.resynchronise(peer, &why, game, changes);
                }
                // Moves crossed them, or the game ended here first.
                Err(why @ (Rejection::StaleClock { .. } | Rejection::GameOver)) => debug!("online: {why}"),
                Err(why) => online.refuse(peer, &why, changes),
            }
        }
        Message::Resign { ply, seat } => match online.referee.check_resign(&frame.view, &sender, ply, seat) {
            Ok(()) => {
                if frame.reviewing {
                    out.history.write(HistoryCommand::EndReview);
                    frame.reviewing = false;
                }
                let _ = frame.view.resign();
                out.resignations.write(ResignCommand(seat));
                frame.resigned = true;
            }
            Err(why) => online.turn_refused(peer, &why, game, changes),
        },
        Message::RecordRequest {} => online.record_asked(peer, game),
        // Never answered: two sides refusing each other's refusals would
        // never stop.
        Message::Refused { reason } => {
            warn!("online: the peer refused our message: {reason}");
            online.last_refusal = Some(reason);
            online.note = Some(OnlineNote::Refused);
        }
        Message::UndoRequest { ply } => match online.referee.check_undo(&frame.view, &sender, ply) {
            // Undo needs this side's consent: the HUD asks.
            Ok(()) => asked(online, peer, Topic::Undo(ply), game),
            Err(why) => online.refuse(peer, &why, changes),
        },
        Message::UndoAnswer { ply, accept } => undo_answered(online, peer, ply, accept, changes),
        Message::Rematch {} => match online.referee.check_rematch(&frame.view, &sender) {
            // The host's screen is asked.
            Ok(()) => asked(online, peer, Topic::Rematch, game),
            Err(why) => online.refuse(peer, &why, changes),
        },
    }
}
