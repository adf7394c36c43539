//! Where an online game stands, and the messages between online play and
//! the rest of the app (the Join screen, the HUD's answers, the
//! automation's events).

use bevy::prelude::*;
use online_protocol::RoomCode;

/// Where an online game stands, as the automation's `online` event and
/// the HUD say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineState {
    /// The host's room is open; some remote seat has no guest yet.
    Hosting,
    /// Every remote seat is held by a connected peer (a guest: the host
    /// is connected and the game received).
    Connected,
    /// A peer left (or, for a guest, the host is not there yet): its seats
    /// wait for it to come back.
    Waiting,
}

impl OnlineState {
    /// The state's name in automation events.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            OnlineState::Hosting => "hosting",
            OnlineState::Connected => "connected",
            OnlineState::Waiting => "waiting",
        }
    }
}

/// This side's answer to the question on screen, the other side's undo
/// request or (on the host) a guest's rematch request: the HUD's Allow and
/// Refuse buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestionReply(pub bool);

/// What the screen's last online note is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineNote {
    /// A message from a peer was refused.
    Refused,
    /// A peer claimed to host the room with a key that is not the room's
    /// (or could not sign as its host): it is ignored.
    FalseHost,
    /// A peer sent more messages than it may: the rest were dropped.
    Flood,
}

/// Join the room of this code (the Join screen): this session becomes a
/// guest there, leaving any room it hosted.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoinRoom(pub RoomCode);

/// What changed in the online game: a new state, or a message refused
/// (with the reason). Read by the automation's `online` events.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineChanged {
    /// The room's state is now this one.
    State(OnlineState),
    /// A message from a peer was refused and changed nothing.
    Rejected(String),
    /// Host: this many peers watch now.
    Watchers(usize),
}

/// Seconds a guest waits for the host before the screen says why it may
/// not come: longer than Chromium's 30 s of ICE gathering (see
/// `docs/online.md`), so a connection on its way is not called lost.
pub(super) const NO_ANSWER_SECS: f32 = 45.0;

/// How many peers a room takes: the host keeps track of at most
/// `max_peers` connected peers (seated, watching or not yet proven), and
/// lets at most `max_watchers` watch. The defaults are the protocol's
/// ([`online_protocol::MAX_PEERS`], [`online_protocol::MAX_WATCHERS`]).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineLimits {
    /// Peers kept track of at once; a peer past them is ignored until
    /// others leave.
    pub max_peers: usize,
    /// Peers that may watch; a peer past them is told the room is full.
    pub max_watchers: usize,
}

impl Default for OnlineLimits {
    fn default() -> OnlineLimits {
        OnlineLimits { max_peers: online_protocol::MAX_PEERS, max_watchers: online_protocol::MAX_WATCHERS }
    }
}
