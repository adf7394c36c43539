//! The wire messages and their JSON form.

use game_core::Seat;
use serde::{Deserialize, Serialize};

use crate::keys::{Challenge, Proof, PublicKey};
use crate::limits::MAX_FIELD_BYTES;
use crate::rejection::Rejection;

/// The protocol's version, in every message's `v`. A peer of another
/// version is refused ([`Rejection::Version`]) rather than half understood.
/// Version 3 proves who the host is and signs every message after the
/// hello ([`crate::Session`]); version 2 had no keys.
pub const PROTOCOL_VERSION: u32 = 3;

/// The largest message a guest takes from the host, in bytes: a whole
/// record of a long game is a few KB (the test `a_long_games_record_fits`
/// measures one); anything past this is refused before it is parsed. Under
/// the 64 KiB a WebRTC data channel carries in one message everywhere.
pub const MAX_MESSAGE_BYTES: usize = 48 * 1024;

/// The largest message the host takes from a guest, in bytes: a guest
/// sends only small messages (its hello, moves, requests), each under
/// 600 bytes signed; anything past this is refused before it is parsed.
pub const MAX_GUEST_MESSAGE_BYTES: usize = 2 * 1024;

/// Who holds a seat, as the host tells every peer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "peer")]
pub enum SeatHolder {
    /// The host's screen: a person there or its computer player.
    Host,
    /// The guest of this public key ([`Message::Hello`]), who proves it
    /// holds the key's secret to take the seat, and again to take it back.
    Guest(PublicKey),
    /// A remote seat no guest has taken yet.
    Awaited,
}

/// One message between peers, tagged by `kind`. [`Message::Host`] and
/// [`Message::Hello`] are the handshake, sent as they are ([`encode`]);
/// every other message is signed ([`crate::Session::seal`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Message {
    /// Host to each peer that connects: the host's public key, whose room
    /// code ([`crate::RoomCode::of_host`]) must be the room's, and a fresh
    /// challenge for the peer's hello to sign. Not a proof in itself: the
    /// host proves its key by signing the messages that follow.
    Host {
        /// The host's public key.
        key: PublicKey,
        /// Fresh for this connection.
        challenge: Challenge,
    },
    /// Guest to host, in answer to [`Message::Host`]: the guest's public
    /// key (its seats are held by it, so a guest that comes back after a
    /// reload or a network change gets them back), a challenge for the
    /// host's messages to be signed over, and the proof that the guest
    /// holds the key ([`crate::hello`]).
    Hello {
        /// The guest's public key.
        key: PublicKey,
        /// Fresh for this connection.
        challenge: Challenge,
        /// The guest's signature of the room, the host's challenge and
        /// its own.
        proof: Proof,
    },
    /// Host to a guest: the game whole (a join, a rejoin, a resync, a
    /// rematch, an undo agreed), who holds which seat, and how many peers
    /// watch. A peer that holds no seat watches.
    Welcome {
        /// The game's id (`arkes`, `arcanor`).
        game: String,
        /// The host's record, the engine's JSON save (set-up, limits,
        /// plies): the truth.
        record: serde_json::Value,
        /// Who holds each seat, in turn order.
        seats: Vec<(Seat, SeatHolder)>,
        /// Peers watching (holding no seat), at most
        /// [`crate::MAX_WATCHERS`].
        watchers: u32,
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
    /// [`Message::Welcome`] (at most one every few seconds).
    RecordRequest {},
    /// From a peer holding a seat: take back its last move and what
    /// followed, keeping `ply` plies (the ply of its last move, counted
    /// from 0); the other side answers.
    UndoRequest {
        /// The number of plies the game would keep.
        ply: u32,
    },
    /// The answer to an [`Message::UndoRequest`], from the peer asked.
    UndoAnswer {
        /// The request's `ply`.
        ply: u32,
        /// Whether the undo is agreed (the host then sends the record).
        accept: bool,
    },
    /// Guest (holding a seat) to host: a rematch is wanted once the game
    /// is over. The host's screen is asked; if it agrees, it starts the
    /// rematch and sends the new game in a [`Message::Welcome`].
    Rematch {},
    /// Why the last message received from the peer was refused, for its
    /// screen.
    Refused {
        /// The reason, in words (at most 200 bytes).
        reason: String,
    },
}

impl Message {
    /// The [`Message::Refused`] telling a peer why: the reason cut to
    /// [`MAX_FIELD_BYTES`] (a reason may quote what the peer sent).
    #[must_use]
    pub fn refused(why: &Rejection) -> Message {
        let mut reason = why.to_string();
        if reason.len() > MAX_FIELD_BYTES {
            let mut end = MAX_FIELD_BYTES - '…'.len_utf8();
            while !reason.is_char_boundary(end) {
                end -= 1;
            }
            reason.truncate(end);
            reason.push('…');
        }
        Message::Refused { reason }
    }

    /// The message's `kind` as on the wire.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Host { .. } => "host",
            Message::Hello { .. } => "hello",
            Message::Welcome { .. } => "welcome",
            Message::Move { .. } => "move",
            Message::Resign { .. } => "resign",
            Message::Clock { .. } => "clock",
            Message::RecordRequest {} => "record-request",
            Message::UndoRequest { .. } => "undo-request",
            Message::UndoAnswer { .. } => "undo-answer",
            Message::Rematch {} => "rematch",
            Message::Refused { .. } => "refused",
        }
    }
}

/// A message with the protocol's version and, when signed, its number in
/// its conversation: `{"v":3,"seq":7,"msg":{"kind":…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// The message's number in its conversation, from 0 (signed messages
    /// only; the handshake has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The message.
    pub msg: Message,
}

/// The bytes sent for a handshake `message` ([`Message::Host`],
/// [`Message::Hello`]), unsigned: UTF-8 JSON with the version. Every other
/// message goes signed ([`crate::Session::seal`]).
///
/// # Panics
/// Never: the messages are plain data serde_json always writes.
#[must_use]
pub fn encode(message: &Message) -> Vec<u8> {
    serde_json::to_vec(&Envelope { v: PROTOCOL_VERSION, seq: None, msg: message.clone() })
        .expect("a message is plain data")
}

/// The handshake message in `bytes`, received from a peer (untrusted): a
/// [`Message::Host`] or [`Message::Hello`], unsigned, at most `limit`
/// bytes (checked before anything is parsed).
///
/// # Errors
/// [`Rejection::Oversized`], [`Rejection::Malformed`] for bytes that are
/// not UTF-8 JSON of an [`Envelope`] or a field too long,
/// [`Rejection::Version`] for another protocol version, and
/// [`Rejection::Unsigned`] for any other message (or a signed frame: this
/// side has no conversation with the peer yet).
pub fn decode_handshake(bytes: &[u8], limit: usize) -> Result<Message, Rejection> {
    if bytes.len() > limit {
        return Err(Rejection::Oversized(bytes.len()));
    }
    if bytes.contains(&b'\n') {
        return Err(Rejection::Unsigned);
    }
    let envelope = read_envelope(bytes)?;
    match envelope.msg {
        Message::Host { .. } | Message::Hello { .. } if envelope.seq.is_none() => Ok(envelope.msg),
        _ => Err(Rejection::Unsigned),
    }
}

/// The message in unsigned `bytes` of any kind, checked as
/// [`decode_handshake`] checks (at most [`MAX_MESSAGE_BYTES`]), for tools
/// and tests that read the wire.
///
/// # Errors
/// As [`decode_handshake`], but for [`Rejection::Unsigned`].
pub fn decode(bytes: &[u8]) -> Result<Message, Rejection> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Rejection::Oversized(bytes.len()));
    }
    let envelope = read_envelope(bytes)?;
    check_fields(&envelope.msg)?;
    Ok(envelope.msg)
}

/// The envelope in `json`: JSON, of this protocol's version, well formed.
pub(crate) fn read_envelope(json: &[u8]) -> Result<Envelope, Rejection> {
    let value: serde_json::Value =
        serde_json::from_slice(json).map_err(|e| Rejection::malformed(format!("not JSON: {e}")))?;
    match value.get("v").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(PROTOCOL_VERSION) => {}
        Some(v) => return Err(Rejection::Version(v)),
        None => return Err(Rejection::Malformed("no protocol version `v`".into())),
    }
    let envelope: Envelope =
        serde_json::from_value(value).map_err(|e| Rejection::malformed(e.to_string()))?;
    check_fields(&envelope.msg)?;
    Ok(envelope)
}

/// The limits on a message's fields: texts of at most [`MAX_FIELD_BYTES`],
/// at most four seats or clock readings.
pub(crate) fn check_fields(message: &Message) -> Result<(), Rejection> {
    let (texts, items): (Vec<&String>, usize) = match message {
        Message::Move { mv, hash, .. } => (vec![mv, hash], 0),
        Message::Refused { reason } => (vec![reason], 0),
        Message::Welcome { game, seats, .. } => (vec![game], seats.len()),
        Message::Clock { clocks, .. } => (Vec::new(), clocks.len()),
        _ => (Vec::new(), 0),
    };
    if let Some(text) = texts.into_iter().find(|t| t.len() > MAX_FIELD_BYTES) {
        return Err(Rejection::Malformed(format!("a field of {} bytes", text.len())));
    }
    if items > Seat::ALL.len() {
        return Err(Rejection::Malformed(format!("{items} seats")));
    }
    Ok(())
}
