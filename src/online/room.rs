//! [`Online`]: the room of this session, this side's role, key and seats,
//! and each connected peer's [`Link`], with what the other systems of
//! online play ask of it.

use std::collections::HashMap;

use bevy::prelude::*;
use game_core::Seat;
use online_protocol::{
    Challenge, Message, PeerKey, PublicKey, RateLimit, Referee, Rejection, RoomCode, SeatHolder, Session,
    Side,
};

use super::state::{NO_ANSWER_SECS, OnlineChanged, OnlineNote, OnlineState};
use super::transport::{PeerId, Transport};
use crate::options::GameOptions;
use crate::play::{Match, MatchRoom};

/// Seconds a question (an undo, a rematch) waits for its answer before it
/// lapses on both sides.
pub(super) const QUESTION_EXPIRES_SECS: f64 = 30.0;

/// Seconds between two records the host sends one guest at its asking
/// (a record request, a move that disagreed): more requests wait.
pub(super) const RECORD_EVERY_SECS: f64 = 2.0;

/// Refusals sent to (and logged for) one peer in [`REFUSAL_WINDOW_SECS`];
/// more are counted, not sent.
const REFUSALS_PER_WINDOW: u32 = 5;

/// See [`REFUSALS_PER_WINDOW`].
const REFUSAL_WINDOW_SECS: f64 = 10.0;

/// A question asked in an online game: take back plies (an undo) or start
/// a rematch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Topic {
    /// Keep this many plies (the asker's last move and what followed go).
    Undo(u32),
    /// A rematch of the finished game (guest to host only).
    Rematch,
}

/// A question asked by this side, or of it, waiting for its answer.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Question {
    pub(super) topic: Topic,
    /// This side asked: the peers who have not answered yet. Asked of this
    /// side: the one peer who asked.
    pub(super) peers: Vec<PeerId>,
    pub(super) mine: bool,
    /// When asked ([`Online::now`]), and the plies played then: the
    /// question lapses after [`QUESTION_EXPIRES_SECS`] or once the game
    /// moves on.
    pub(super) asked_at: f64,
    pub(super) plies: usize,
}

/// What this side knows of one connected peer.
pub(super) struct Link {
    /// The challenge this side gave it (the host in its greeting, a guest
    /// in its hello): what its signed messages are signed over.
    pub(super) challenge: Challenge,
    /// The proven conversation: on the host, once the peer's hello proved
    /// its key; on a guest, once the peer showed the room's key (it is the
    /// host once a signed message from it checks).
    pub(super) session: Option<Session>,
    /// Host: the peer holds no seat and watches.
    pub(super) watching: bool,
    /// Guest: the peer is no host of this room (it showed another key, or
    /// could not sign as the room's): everything from it is dropped.
    pub(super) ignored: bool,
    /// The messages it may still send now.
    pub(super) limit: RateLimit,
    /// Host: when it was last sent the record at its asking, and whether
    /// it asked again since (sent once [`RECORD_EVERY_SECS`] have passed).
    pub(super) record_sent_at: Option<f64>,
    pub(super) record_due: bool,
    /// Refusals sent in the current window (start, count).
    refusals: (f64, u32),
}

impl Link {
    pub(super) fn new(challenge: Challenge, now: f64) -> Link {
        Link {
            challenge,
            session: None,
            watching: false,
            ignored: false,
            limit: RateLimit::new(now),
            record_sent_at: None,
            record_due: false,
            refusals: (now, 0),
        }
    }

    /// The peer's proven key.
    pub(super) fn key(&self) -> Option<PublicKey> {
        self.session.as_ref().map(Session::peer_key)
    }

    /// Whether a refusal may be sent now (at most
    /// [`REFUSALS_PER_WINDOW`] in [`REFUSAL_WINDOW_SECS`]).
    fn may_refuse(&mut self, now: f64) -> bool {
        if now - self.refusals.0 > REFUSAL_WINDOW_SECS {
            self.refusals = (now, 0);
        }
        self.refusals.1 += 1;
        self.refusals.1 <= REFUSALS_PER_WINDOW
    }
}

/// The online game of this session: the room, this side's role, key and
/// seats, and the peers.
#[derive(Resource)]
pub struct Online {
    /// The room's code (the host's key's fingerprint,
    /// [`RoomCode::of_host`]).
    pub code: RoomCode,
    /// Who holds which seat, and the judge of the peers' moves.
    pub referee: Referee,
    /// Where the game stands.
    pub state: OnlineState,
    /// The last message refused or peer ignored, in words, for the screen.
    pub last_refusal: Option<String>,
    /// What the last note was about, for the screen.
    pub note: Option<OnlineNote>,
    /// Whether this side's last question (an undo) was refused, or lapsed.
    pub undo_refused: bool,
    /// A question asked and not answered yet.
    pub(super) question: Option<Question>,
    /// Host: an undo every peer asked agreed to, to be done (the plies
    /// kept).
    pub(super) agreed_undo: Option<u32>,
    /// Guest: the next new match is the host's game being adopted (not a
    /// rematch or a new game started here).
    pub(super) adopting: bool,
    /// Seconds a guest has waited for the host's game so far.
    pub(super) waited: f32,
    /// Seconds since the room opened (the time of rate limits and
    /// questions).
    pub(super) now: f64,
    /// Whether this side hosts the room.
    host_side: bool,
    /// This side's key: the host's is the room's; a guest's holds its
    /// seats.
    pub(super) key: PeerKey,
    /// The connection to the other peers.
    pub(super) transport: Transport,
    /// Every connected peer this side keeps track of (at most
    /// [`online_protocol::MAX_PEERS`]).
    pub(super) links: HashMap<PeerId, Link>,
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
    /// Messages left for the next frame, already read and checked: a
    /// resignation and a move are applied by different commands, so one
    /// frame takes one kind.
    pub(super) deferred: Vec<(PeerId, Message)>,
    /// Guest: the proven host (the peer whose signed message checked).
    pub(super) host: Option<PeerId>,
    /// Guest: how many watch, as the host's last record said.
    pub(super) watchers_told: u32,
}

impl Online {
    /// This side in the room `code`, its connection opening (through the
    /// signalling server `options` name): the host (`key` the room's)
    /// with the seats its guests hold (remote ones awaited), or a guest
    /// with its key and the seats its saved game of the room says it
    /// holds (none when it first joins: the host's welcome tells).
    pub(super) fn open(
        options: &GameOptions,
        code: RoomCode,
        key: PeerKey,
        host: bool,
        seats: Vec<(Seat, SeatHolder)>,
    ) -> Online {
        let side = if host { Side::Host } else { Side::Guest(key.public()) };
        Online {
            code,
            // A guest's next new match is the host's game being adopted.
            adopting: !host,
            referee: Referee::new(seats, side),
            state: OnlineState::Waiting,
            last_refusal: None,
            note: None,
            host_side: host,
            key,
            transport: Transport::open(options, code),
            links: HashMap::new(),
            clocks_due: false,
            clocks_sent_ago: 0.0,
            clocks_ran: false,
            host_clocks_run: false,
            host_clocks: None,
            deferred: Vec::new(),
            host: None,
            watchers_told: 0,
            waited: 0.0,
            now: 0.0,
            question: None,
            undo_refused: false,
            agreed_undo: None,
        }
    }

    /// Whether this side hosts the game.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.host_side
    }

    /// This side's public key (the host's names the room).
    #[must_use]
    pub fn public_key(&self) -> PublicKey {
        self.key.public()
    }

    /// Whether this side watches: a guest holding no seat.
    #[must_use]
    pub fn is_watching(&self) -> bool {
        !self.is_host()
            && self.host.is_some()
            && !self.referee.seats().iter().any(|(seat, _)| self.referee.is_mine(*seat))
    }

    /// How many peers watch the game (the host counts them; a guest says
    /// what the host last told).
    #[must_use]
    pub fn watchers(&self) -> usize {
        if self.is_host() {
            self.links.values().filter(|l| l.watching && l.session.is_some()).count()
        } else {
            self.watchers_told as usize
        }
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
                SeatHolder::Guest(key) => !self.links.values().any(|l| l.key().as_ref() == Some(key)),
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
    /// side is to allow or refuse ([`super::QuestionReply`]).
    #[must_use]
    pub fn undo_question(&self) -> Option<u32> {
        match &self.question {
            Some(Question { topic: Topic::Undo(plies), mine: false, .. }) => Some(*plies),
            _ => None,
        }
    }

    /// Host: a guest asks for a rematch: this side is to allow or refuse
    /// ([`super::QuestionReply`]).
    #[must_use]
    pub fn rematch_question(&self) -> bool {
        matches!(&self.question, Some(Question { topic: Topic::Rematch, mine: false, .. }))
    }

    /// Whether this side asked for an undo and waits for the answer.
    #[must_use]
    pub fn undo_asked(&self) -> bool {
        matches!(&self.question, Some(Question { topic: Topic::Undo(_), mine: true, .. }))
    }

    /// The room as a saved game keeps it (see [`MatchRoom`]).
    pub(super) fn saved_room(&self) -> MatchRoom {
        MatchRoom {
            code: self.code,
            host: self.is_host(),
            key: self.key.secret_hex(),
            seats: self.referee.seats().to_vec(),
        }
    }

    /// Host: the connected peers that proved their key (seated or
    /// watching): the ones told about the game.
    pub(super) fn proven_peers(&self) -> Vec<PeerId> {
        self.links.iter().filter(|(_, l)| l.session.is_some()).map(|(p, _)| *p).collect()
    }

    /// Host: the proven peers holding a seat (the ones asked a question).
    pub(super) fn seated_peers(&self) -> Vec<PeerId> {
        self.links.iter().filter(|(_, l)| l.session.is_some() && !l.watching).map(|(p, _)| *p).collect()
    }

    /// The room's address on the signalling server.
    #[must_use]
    pub fn room_url(&self) -> &str {
        self.transport.room_url()
    }

    /// Sends `message` to `peer`, signed in their conversation; nothing to
    /// a peer not proven yet.
    pub(super) fn send(&mut self, peer: PeerId, message: &Message) {
        let Some(session) = self.links.get_mut(&peer).and_then(|l| l.session.as_mut()) else {
            debug!("online: no proven conversation with {peer}: {} not sent", message.kind());
            return;
        };
        let frame = session.seal(&self.key, message);
        self.transport.send(peer, frame);
    }

    pub(super) fn set_state(&mut self, state: OnlineState, changes: &mut MessageWriter<OnlineChanged>) {
        if self.state != state {
            info!("online room {}: {}", self.code, state.id());
            self.state = state.clone();
            changes.write(OnlineChanged::State(state));
        }
    }

    /// Notes `why` for the screen (and the automation's events).
    pub(super) fn note(
        &mut self,
        note: OnlineNote,
        why: &Rejection,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        let reason = why.to_string();
        self.last_refusal = Some(reason.clone());
        self.note = Some(note);
        changes.write(OnlineChanged::Rejected(reason));
    }

    /// Refuses a message from `peer`: the screen notes it, and the peer is
    /// told why (the reason cut to 200 bytes) and the refusal logged a few
    /// times in a while at most.
    pub(super) fn refuse(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        self.note(OnlineNote::Refused, why, changes);
        let now = self.now;
        if self.links.get_mut(&peer).is_some_and(|l| l.may_refuse(now)) {
            warn!("online: refused a message from {peer}: {why}");
            self.send(peer, &Message::refused(why));
        }
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
                self.record_asked(peer, game);
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
            self.record_asked(peer, game);
        } else {
            self.send(peer, &Message::RecordRequest {});
        }
        changes.write(OnlineChanged::Rejected(why.to_string()));
    }

    /// Host: a guest's doing asks for the record (a request, a move that
    /// disagreed): sent now, or once [`RECORD_EVERY_SECS`] have passed
    /// since the last one it asked for.
    pub(super) fn record_asked(&mut self, peer: PeerId, game: &Match) {
        let now = self.now;
        let Some(link) = self.links.get_mut(&peer) else { return };
        if link.record_sent_at.is_some_and(|at| now - at < RECORD_EVERY_SECS) {
            link.record_due = true;
            return;
        }
        link.record_sent_at = Some(now);
        link.record_due = false;
        self.welcome(peer, game);
    }

    /// Host: the records asked for and held back, once their time has
    /// come.
    pub(super) fn send_due_records(&mut self, game: &Match) {
        let now = self.now;
        let due: Vec<PeerId> = self
            .links
            .iter()
            .filter(|(_, l)| l.record_due && l.record_sent_at.is_none_or(|at| now - at >= RECORD_EVERY_SECS))
            .map(|(p, _)| *p)
            .collect();
        for peer in due {
            self.record_asked(peer, game);
        }
    }

    /// Host: the game whole, for one peer (the clock readings follow).
    pub(super) fn welcome(&mut self, peer: PeerId, game: &Match) {
        self.clocks_due = true;
        let watchers = u32::try_from(self.watchers()).unwrap_or(u32::MAX);
        match game.game().record_json() {
            Ok(record) => {
                let message = Message::Welcome {
                    game: game.kind().id().to_owned(),
                    record,
                    seats: self.referee.seats().to_vec(),
                    watchers,
                };
                self.send(peer, &message);
            }
            Err(e) => error!("online: cannot write the record: {e}"),
        }
    }

    /// Host: every proven peer gets the game whole (who holds the seats or
    /// how many watch changed, or the game was replaced).
    pub(super) fn welcome_everyone(&mut self, game: &Match) {
        for peer in self.proven_peers() {
            self.welcome(peer, game);
        }
    }

    pub(super) fn refresh_state(&mut self, changes: &mut MessageWriter<OnlineChanged>) {
        let state = if !self.is_host() {
            if self.host.is_some() { OnlineState::Connected } else { OnlineState::Waiting }
        } else if !self.awaited().is_empty() {
            let ever_seated = self.referee.seats().iter().any(|(_, h)| matches!(h, SeatHolder::Guest(_)));
            if ever_seated { OnlineState::Waiting } else { OnlineState::Hosting }
        } else {
            OnlineState::Connected
        };
        self.set_state(state, changes);
    }
}
