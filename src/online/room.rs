//! [`Online`]: the room of this session, this side's role and seats, and
//! the peers, with what the other systems of online play ask of it.

use std::collections::HashMap;

use bevy::prelude::*;
use game_core::Seat;
use online_protocol::{Message, Referee, Rejection, RoomCode, SeatHolder, Side};

use super::state::{HOST_KEY, NO_ANSWER_SECS, OnlineChanged, OnlineState};
use super::transport::{PeerId, Transport};
use crate::options::GameOptions;
use crate::play::{Match, MatchRoom};

/// An undo asked in an online game: the plies the game would keep, the
/// peer asked (or who asked), and whether this side asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct UndoAsk {
    pub(super) plies: u32,
    pub(super) peer: PeerId,
    pub(super) mine: bool,
}

/// The online game of this session: the room, this side's role and seats,
/// and the peers.
#[derive(Resource)]
pub struct Online {
    /// The room's code.
    pub code: RoomCode,
    /// Who holds which seat, and the judge of the peers' moves.
    pub referee: Referee,
    /// Where the game stands.
    pub state: OnlineState,
    /// The last message refused, for the screen.
    pub last_refusal: Option<String>,
    /// An undo asked and not answered yet.
    pub(super) undo: Option<UndoAsk>,
    /// Whether this side's last undo request was refused.
    pub undo_refused: bool,
    /// Host: an undo both sides agreed to, to be done (the plies kept).
    pub(super) agreed_undo: Option<u32>,
    /// Guest: the next new match is the host's game being adopted (not a
    /// rematch or a new game started here).
    pub(super) adopting: bool,
    /// Seconds a guest has waited for the host's game so far.
    pub(super) waited: f32,
    /// This side's key (a guest's, sent in its hello; the host's is `host`).
    pub(super) key: String,
    /// The connection to the other peers.
    pub(super) transport: Transport,
    /// Host: each connected guest's key (`None` until its hello).
    pub(super) guests: HashMap<PeerId, Option<String>>,
    /// Host: the clock readings are to be sent at once (a ply, a welcome,
    /// the clocks stopped or started).
    pub(super) clocks_due: bool,
    /// Host: seconds since the clock readings were last sent.
    pub(super) clocks_sent_ago: f32,
    /// Host: whether the clocks ran when the readings were last sent.
    pub(super) clocks_ran: bool,
    /// Guest: whether the host's clocks run, as its last readings said.
    pub(super) host_clocks_run: bool,
    /// Guest: the host's last readings (plies played then, readings), to
    /// be set once this device's game has those plies.
    pub(super) host_clocks: Option<(u32, Vec<(Seat, u64)>)>,
    /// Messages left for the next frame: a resignation and a move are
    /// applied by different commands, so one frame takes one kind.
    pub(super) deferred: Vec<(PeerId, Box<[u8]>)>,
    /// Guest: the peer that sent the game (the host).
    pub(super) host: Option<PeerId>,
}

impl Online {
    /// This side in the room `code`, its connection opening (through the
    /// signalling server `options` name): the host with the seats its
    /// guests hold (remote ones awaited), or a guest with its key and the
    /// seats its saved game of the room says it holds (none when it first
    /// joins: the host's welcome tells).
    pub(super) fn open(
        options: &GameOptions,
        code: RoomCode,
        side: Side,
        seats: Vec<(Seat, SeatHolder)>,
    ) -> Online {
        let key = match &side {
            Side::Host => HOST_KEY.to_owned(),
            Side::Guest(key) => key.clone(),
        };
        Online {
            code,
            // A guest's next new match is the host's game being adopted.
            adopting: !matches!(side, Side::Host),
            referee: Referee::new(seats, side),
            state: OnlineState::Waiting,
            last_refusal: None,
            key,
            transport: Transport::open(options, code),
            guests: HashMap::new(),
            clocks_due: false,
            clocks_sent_ago: 0.0,
            clocks_ran: false,
            host_clocks_run: false,
            host_clocks: None,
            deferred: Vec::new(),
            host: None,
            waited: 0.0,
            undo: None,
            undo_refused: false,
            agreed_undo: None,
        }
    }

    /// Whether this side hosts the game.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.key == HOST_KEY
    }

    /// The seats whose peer is not connected now.
    #[must_use]
    pub fn awaited(&self) -> Vec<Seat> {
        if !self.is_host() {
            return if self.host.is_some() {
                Vec::new()
            } else {
                self.referee.seats().iter().map(|(s, _)| *s).collect()
            };
        }
        self.referee
            .seats()
            .iter()
            .filter(|(_, holder)| match holder {
                SeatHolder::Host => false,
                SeatHolder::Awaited => true,
                SeatHolder::Guest(key) => !self.guests.values().any(|k| k.as_deref() == Some(key.as_str())),
            })
            .map(|(s, _)| *s)
            .collect()
    }

    /// Whether a guest has waited so long for the host (45 s) that the
    /// screen should say why it may never come: a wrong code, a host gone,
    /// or networks apart without a STUN/TURN server.
    #[must_use]
    pub fn no_answer(&self) -> bool {
        !self.is_host() && self.host.is_none() && self.waited > NO_ANSWER_SECS
    }

    /// The other side asks to take back plies down to this many: this
    /// side is to allow or refuse ([`UndoReply`]).
    #[must_use]
    pub fn undo_question(&self) -> Option<u32> {
        self.undo.filter(|u| !u.mine).map(|u| u.plies)
    }

    /// Whether this side asked for an undo and waits for the answer.
    #[must_use]
    pub fn undo_asked(&self) -> bool {
        self.undo.is_some_and(|u| u.mine)
    }

    /// The room as a saved game keeps it (see [`MatchRoom`]).
    pub(super) fn saved_room(&self) -> MatchRoom {
        let host = self.is_host();
        MatchRoom {
            code: self.code,
            host,
            key: if host { String::new() } else { self.key.clone() },
            seats: self.referee.seats().to_vec(),
        }
    }

    /// Host: the connected guests that have said hello (and hold seats).
    pub(super) fn seated_guests(&self) -> Vec<PeerId> {
        self.guests.iter().filter(|(_, k)| k.is_some()).map(|(p, _)| *p).collect()
    }

    /// The room's address on the signalling server.
    #[must_use]
    pub fn room_url(&self) -> &str {
        self.transport.room_url()
    }

    pub(super) fn set_state(&mut self, state: OnlineState, changes: &mut MessageWriter<OnlineChanged>) {
        if self.state != state {
            info!("online room {}: {}", self.code, state.id());
            self.state = state.clone();
            changes.write(OnlineChanged::State(state));
        }
    }

    pub(super) fn refuse(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        let reason = why.to_string();
        warn!("online: refused a message from {peer}: {reason}");
        self.transport.send(peer, &Message::Refused { reason: reason.clone() });
        self.last_refusal = Some(reason.clone());
        changes.write(OnlineChanged::Rejected(reason));
    }

    /// A move or resignation from `peer` refused: when the peers disagree
    /// about the game (a hash or a ply), or the sender played a turn the
    /// host's game no longer has (its time ran out, the game ended), the
    /// host's record settles it; anything else is only refused.
    pub(super) fn turn_refused(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        game: &Match,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        let crossed = self.is_host() && matches!(why, Rejection::GameOver | Rejection::OutOfTurn { .. });
        if why.needs_record() {
            self.resynchronise(peer, why, game, changes);
        } else {
            self.refuse(peer, why, changes);
            if crossed {
                self.welcome(peer, game);
            }
        }
    }

    /// The peers disagree about the game (`why`): the host sends its
    /// record, a guest asks for it.
    pub(super) fn resynchronise(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        game: &Match,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        warn!("online: {why}: resynchronising");
        self.last_refusal = Some(why.to_string());
        if self.is_host() {
            self.welcome(peer, game);
        } else {
            self.transport.send(peer, &Message::RecordRequest {});
        }
        changes.write(OnlineChanged::Rejected(why.to_string()));
    }

    /// Host: the game whole, for one guest (the clock readings follow).
    pub(super) fn welcome(&mut self, peer: PeerId, game: &Match) {
        self.clocks_due = true;
        match game.game().record_json() {
            Ok(record) => self.transport.send(
                peer,
                &Message::Welcome {
                    game: game.kind().id().to_owned(),
                    record,
                    seats: self.referee.seats().to_vec(),
                },
            ),
            Err(e) => error!("online: cannot write the record: {e}"),
        }
    }

    pub(super) fn refresh_state(&mut self, changes: &mut MessageWriter<OnlineChanged>) {
        let state = if !self.is_host() {
            if self.host.is_some() { OnlineState::Connected } else { OnlineState::Waiting }
        } else if !self.awaited().is_empty() {
            let ever_seated = self.referee.seats().iter().any(|(_, h)| matches!(h, SeatHolder::Guest(_)));
            if self.is_host() && !ever_seated { OnlineState::Hosting } else { OnlineState::Waiting }
        } else {
            OnlineState::Connected
        };
        self.set_state(state, changes);
    }
}
