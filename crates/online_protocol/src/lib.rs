//! Online play, front-end neutral: what the peers of a room say to each
//! other, how they prove who they are, and how each one judges what it
//! hears. The transport (WebRTC data channels through `matchbox`) lives in
//! the app; this crate only sees bytes in and bytes out, so every rule of
//! the protocol is tested here without a network.
//!
//! - [`PeerKey`], [`PublicKey`]: an Ed25519 key pair per device and room.
//!   The host's room is named after its public key
//!   ([`RoomCode::of_host`]), so the code a guest types is the fingerprint
//!   of the key the host must prove it holds.
//! - [`RoomCode`]: a room's name, 50 bits in ten characters easy to read
//!   aloud (`K7Q2M-9XBTR`).
//! - The handshake: the host sends each peer that connects its key and a
//!   challenge ([`Message::Host`]); a guest answers only a peer whose key
//!   is the room's, with its own key, a challenge and a proof
//!   ([`hello`], checked by [`hello_is_proven`]). Every message after it
//!   is signed by its sender over the receiver's challenge and numbered
//!   ([`Session`]): nothing can be forged, replayed or carried over by
//!   another peer of the room.
//! - [`Message`] in an [`Envelope`]: small, versioned JSON
//!   ([`PROTOCOL_VERSION`]); anything malformed, oversized or of another
//!   version is refused before it touches the game.
//! - [`Referee`]: who holds which seat (by public key), and whether a
//!   peer's move, resignation, undo or rematch may be taken (its seat, its
//!   turn, its ply, legal by the engine, and the position's Zobrist hash
//!   after it agreeing with ours).
//! - [`RateLimit`], [`MAX_WATCHERS`], [`MAX_PEERS`]: what a peer may cost.
//!
//! The host's record is the truth: a joining or rejoining peer gets the
//! whole record ([`Message::Welcome`]); a peer whose hash disagrees asks
//! for it again ([`Message::RecordRequest {}`]). A peer that joins a room
//! whose seats are all held watches.
//!
//! # Example
//!
//! A host and a guest prove themselves and the guest's move reaches the
//! host's game, judged by its referee:
//!
//! ```
//! use game_core::{Limits, Seat};
//! use games::{GameKind, NewGame};
//! use online_protocol::*;
//!
//! let host_key = PeerKey::from_secret([1; 32]); // random bytes in the app
//! let guest_key = PeerKey::from_secret([2; 32]);
//! let room = RoomCode::of_host(&host_key.public());
//! let (host_challenge, guest_challenge) =
//!     (Challenge::from_random([3; 16]), Challenge::from_random([4; 16]));
//!
//! // The host greets the guest; the guest checks the key is the room's.
//! let greeting = decode_handshake(
//!     &encode(&Message::Host { key: host_key.public(), challenge: host_challenge }),
//!     MAX_MESSAGE_BYTES,
//! )?;
//! let Message::Host { key, challenge } = greeting else { unreachable!() };
//! assert!(room.is_hosted_by(&key));
//!
//! // The guest's hello proves its key; the host seats it.
//! let Message::Hello { key: guest, challenge: theirs, proof } =
//!     hello(room, &guest_key, challenge, guest_challenge)
//! else {
//!     unreachable!()
//! };
//! assert!(hello_is_proven(room, host_challenge, &guest, theirs, &proof));
//! let mut referee =
//!     Referee::new(vec![(Seat::South, SeatHolder::Host), (Seat::North, SeatHolder::Awaited)], Side::Host);
//! assert_eq!(referee.seat_guest(&guest)?, vec![Seat::North]);
//!
//! // Signed messages from then on: South (the host's) has moved; North's
//! // answer comes over the guest's side of the conversation.
//! let kind = GameKind::from_id("arkes").unwrap();
//! let mut game =
//!     kind.new_game(&NewGame { players: 2, side: 9, position: None, limits: Limits::default() })?;
//! let first = game.legal_actions()[0];
//! game.play(first)?;
//! let mut on_guest = Session::new(room, key, guest_challenge, challenge);
//! let mut on_host = Session::new(room, guest, host_challenge, theirs);
//! let mut after = game.clone();
//! let reply = after.legal_actions()[0];
//! let mv = after.action_text(reply).unwrap();
//! after.play(reply)?;
//! let frame = on_guest.seal(
//!     &guest_key,
//!     &Message::Move { ply: 2, seat: Seat::North, mv, hash: hash_text(after.position().hash()) },
//! );
//! let Message::Move { ply, seat, mv, hash } = on_host.open(&frame, MAX_GUEST_MESSAGE_BYTES)? else {
//!     unreachable!()
//! };
//! referee.apply_move(&mut game, &guest, ply, seat, &mv, &hash)?;
//! assert_eq!(game.ply_count(), 2);
//! // The same frame again is a replay.
//! assert!(on_host.open(&frame, MAX_GUEST_MESSAGE_BYTES).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod code;
mod keys;
mod limits;
mod message;
mod referee;
mod rejection;
mod session;

pub use code::{RoomCode, RoomCodeError};
pub use keys::{CHALLENGE_BYTES, Challenge, PeerKey, Proof, PublicKey, SECRET_BYTES, SIGNATURE_BYTES};
pub use limits::{BURST_MESSAGES, MAX_FIELD_BYTES, MAX_PEERS, MAX_WATCHERS, MESSAGES_PER_SECOND, RateLimit};
pub use message::{
    Envelope, MAX_GUEST_MESSAGE_BYTES, MAX_MESSAGE_BYTES, Message, PROTOCOL_VERSION, SeatHolder, decode,
    decode_handshake, encode,
};
pub use referee::{Referee, Side, game_from_welcome, hash_text};
pub use rejection::Rejection;
pub use session::{Session, hello, hello_is_proven};
