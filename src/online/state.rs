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

/// This side's answer to the other side's undo request (the HUD's Allow
/// and Refuse buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoReply(pub bool);

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
}

/// Seconds a guest waits for the host before the screen says why it may
/// not come: longer than Chromium's 30 s of ICE gathering (see
/// `docs/online.md`), so a connection on its way is not called lost.
pub(super) const NO_ANSWER_SECS: f32 = 45.0;

/// The host's key in a [`SeatHolder`]-free sense: never a guest's (guests'
/// keys are 16 hex digits).
pub(super) const HOST_KEY: &str = "host";
