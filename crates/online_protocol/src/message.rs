//! The wire messages and their JSON form.

use game_core::Seat;
use serde::{Deserialize, Serialize};

use crate::rejection::Rejection;

/// The protocol's version, in every message's `v`. A peer of another
/// version is refused ([`Rejection::Version`]) rather than half understood.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message taken, in bytes: a whole record of a long game is
/// a few KB (the test `a_long_games_record_fits` measures one);
/// anything past this is refused before it is parsed. Under the 64 KiB a
/// WebRTC data channel carries in one message everywhere.
pub const MAX_MESSAGE_BYTES: usize = 48 * 1024;

/// Longest text field a peer may send (a move, a peer's key, a note), in
/// bytes.
pub(crate) const MAX_FIELD_BYTES: usize = 200;

/// Who holds a seat, as the host tells every peer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "peer")]
pub enum SeatHolder {
    /// The host's screen: a person there or its computer player.
    Host,
    /// The guest whose key ([`Message::Hello`]) is given.
    Guest(String),
    /// A remote seat no guest has taken yet.
    Awaited,
}

/// One message between peers, tagged by `kind`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Message {
    /// Guest to host, on connecting: the guest's key, a random name kept
    /// with its saved online game, so that a guest rejoining after a
    /// reload or a network change gets its seats back.
    Hello {
        /// The guest's key (at most 200 bytes).
        peer: String,
    },
    /// Host to a guest: the game whole (a join, a rejoin, a resync, a
    /// rematch, an undo agreed) and who holds which seat.
    Welcome {
        /// The game's id (`arkes`, `arcanor`).
        game: String,
        /// The host's record, the engine's JSON save (set-up, limits,
        /// plies): the truth.
        record: serde_json::Value,
        /// Who holds each seat, in turn order.
        seats: Vec<(Seat, SeatHolder)>,
    },
    /// A move, from the peer holding the seat that plays it (the host
    /// relays it to the other guests).
    Move {
        /// The ply it makes, from 1.
        ply: u32,
        /// The seat that moves.
        seat: Seat,
        /// The move in the game's notation (`b1-b2`, `Me1xd2`, `34e7-e6`).
        mv: String,
        /// The position's Zobrist hash after the move, 16 hex digits.
        hash: String,
    },
    /// The seat to move resigns, from the peer holding it (the host relays
    /// it to the other guests). Only the seat to move can: a turn-based
    /// record has no other place for it.
    Resign {
        /// The ply it makes, from 1.
        ply: u32,
        /// The seat that resigns.
        seat: Seat,
    },
    /// Host to guests: the clocks as the host's game has them, the truth
    /// every peer's clocks are set to (a game with clocks only, R15, A12).
    /// Sent after each ply, every few seconds while a clock runs, and when
    /// the clocks stop or start again (a peer lost and back).
    Clock {
        /// The plies played when read: the reading is of the turn after.
        ply: u32,
        /// Each seat's clock, in milliseconds left.
        clocks: Vec<(Seat, u64)>,
        /// Whether the seat to move's clock runs (false: paused while a
        /// peer is awaited).
        running: bool,
    },
    /// "My position disagrees with yours": the host answers with a
    /// [`Message::Welcome`].
    RecordRequest {},
    /// Asks to take back plies down to `ply` plies; the other side
    /// answers.
    UndoRequest {
        /// The number of plies the game would keep.
        ply: u32,
    },
    /// The answer to an [`Message::UndoRequest`].
    UndoAnswer {
        /// The request's `ply`.
        ply: u32,
        /// Whether the undo is agreed (the host then sends the record).
        accept: bool,
    },
    /// Guest to host: a rematch is wanted (the host starts it and sends
    /// the new game in a [`Message::Welcome`]).
    Rematch {},
    /// Why the last message received from the peer was refused, for its
    /// screen.
    Refused {
        /// The reason, in words (at most 200 bytes).
        reason: String,
    },
}

/// A message with the protocol's version: `{"v":2,"msg":{"kind":…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// The message.
    pub msg: Message,
}

/// The bytes sent for `message` (UTF-8 JSON, with the version).
///
/// # Panics
/// Never: the messages are plain data serde_json always writes.
#[must_use]
pub fn encode(message: &Message) -> Vec<u8> {
    serde_json::to_vec(&Envelope { v: PROTOCOL_VERSION, msg: message.clone() })
        .expect("a message is plain data")
}

/// The message in `bytes`, received from a peer (untrusted).
///
/// # Errors
/// [`Rejection::Oversized`] past [`MAX_MESSAGE_BYTES`] (before parsing),
/// [`Rejection::Malformed`] for bytes that are not UTF-8 JSON of an
/// [`Envelope`], [`Rejection::Version`] for another protocol version, and
/// [`Rejection::Malformed`] for a text field longer than 200 bytes.
pub fn decode(bytes: &[u8]) -> Result<Message, Rejection> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Rejection::Oversized(bytes.len()));
    }
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| Rejection::Malformed(format!("not JSON: {e}")))?;
    match value.get("v").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(PROTOCOL_VERSION) => {}
        Some(v) => return Err(Rejection::Version(v)),
        None => return Err(Rejection::Malformed("no protocol version `v`".into())),
    }
    let envelope: Envelope =
        serde_json::from_value(value).map_err(|e| Rejection::Malformed(e.to_string()))?;
    let field = match &envelope.msg {
        Message::Hello { peer } => Some(peer),
        Message::Move { mv, hash, .. } => Some(if mv.len() > hash.len() { mv } else { hash }),
        Message::Refused { reason } => Some(reason),
        _ => None,
    };
    if let Some(text) = field.filter(|t| t.len() > MAX_FIELD_BYTES) {
        return Err(Rejection::Malformed(format!("a field of {} bytes", text.len())));
    }
    Ok(envelope.msg)
}
