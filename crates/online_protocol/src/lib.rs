//! Online play, front-end neutral: what the peers of a room say to each
//! other and how each one judges what it hears. The transport (WebRTC data
//! channels through `matchbox`) lives in the app; this crate only sees
//! bytes in and bytes out, so every rule of the protocol is tested here
//! without a network.
//!
//! - [`RoomCode`]: a room's name, 50 random bits in ten characters easy to
//!   read aloud (`K7Q2M-9XBTR`).
//! - [`Message`] in an [`Envelope`]: small, versioned JSON
//!   ([`PROTOCOL_VERSION`]); [`decode`] refuses anything malformed,
//!   oversized or of another version.
//! - [`Referee`]: who holds which seat, and whether a peer's move may be
//!   played (its seat, its turn, its ply, legal by the engine, and the
//!   position's Zobrist hash after it agreeing with ours).
//!
//! The host's record is the truth: a joining or rejoining peer gets the
//! whole record ([`Message::Welcome`]); a peer whose hash disagrees asks
//! for it again ([`Message::RecordRequest {}`]).

mod code;
mod message;
mod referee;
mod rejection;

pub use code::{RoomCode, RoomCodeError};
pub use message::{Envelope, MAX_MESSAGE_BYTES, Message, PROTOCOL_VERSION, SeatHolder, decode, encode};
pub use referee::{Referee, Side, game_from_welcome, hash_text};
pub use rejection::Rejection;
