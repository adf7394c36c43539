//! The handshake and the signed conversation after it: a guest's hello
//! with the proof of its key ([`hello`], [`hello_is_proven`]), and
//! [`Session`], one side of a conversation whose every message is signed
//! over the other side's challenge and numbered. Every signed text starts
//! with a domain string naming what it is and the protocol's version, so a
//! signature made for one purpose is never taken for another.

use crate::code::RoomCode;
use crate::keys::{Challenge, PeerKey, Proof, PublicKey, hex};
use crate::message::{Envelope, Message, PROTOCOL_VERSION, check_fields};
use crate::rejection::Rejection;

/// What a guest's hello proof signs.
const HELLO_DOMAIN: &[u8] = b"ARKES 3D online v3: hello\0";
/// What a signed message's signature signs.
const MESSAGE_DOMAIN: &[u8] = b"ARKES 3D online v3: message\0";

/// A guest's hello to the host, with its proof: the guest's key signs the
/// room, the host's challenge (fresh for this connection, so a hello is
/// never replayed) and its own challenge, which the host's messages will
/// be signed over.
#[must_use]
pub fn hello(room: RoomCode, key: &PeerKey, host_challenge: Challenge, own: Challenge) -> Message {
    let public = key.public();
    let proof =
        Proof(key.sign(&[HELLO_DOMAIN, room.room_name().as_bytes(), &host_challenge.0, &public.0, &own.0]));
    Message::Hello { key: public, challenge: own, proof }
}

/// Host: whether a hello's `proof` is `key`'s, made for this room and this
/// connection's `host_challenge`.
#[must_use]
pub fn hello_is_proven(
    room: RoomCode,
    host_challenge: Challenge,
    key: &PublicKey,
    challenge: Challenge,
    proof: &Proof,
) -> bool {
    key.verifies(
        &[HELLO_DOMAIN, room.room_name().as_bytes(), &host_challenge.0, &key.0, &challenge.0],
        &proof.0,
    )
}

/// One side of a proven conversation between two peers of a room (the
/// host and one guest). What this side sends is signed with its key over
/// the other side's challenge and a sequence number; what it receives must
/// be signed by the other side's key over this side's challenge and the
/// next sequence number. So a message cannot be forged by another peer,
/// nor replayed, reordered or carried over from another conversation.
///
/// A signed frame is the envelope's JSON (`{"v":3,"seq":7,"msg":{…}}`), a
/// newline (JSON written compactly has none) and the signature in 128 hex
/// digits.
#[derive(Clone, Debug)]
pub struct Session {
    room: RoomCode,
    theirs: PublicKey,
    /// The other side chose it: this side signs over it.
    their_challenge: Challenge,
    /// This side chose it: the other side signs over it.
    my_challenge: Challenge,
    sent: u64,
    received: u64,
}

impl Session {
    /// The conversation in `room` with the peer of key `theirs`; this side
    /// chose `my_challenge` (sent in its [`Message::Host`] or
    /// [`Message::Hello`]), the other side `their_challenge`.
    #[must_use]
    pub fn new(
        room: RoomCode,
        theirs: PublicKey,
        my_challenge: Challenge,
        their_challenge: Challenge,
    ) -> Session {
        Session { room, theirs, their_challenge, my_challenge, sent: 0, received: 0 }
    }

    /// The other side's public key.
    #[must_use]
    pub fn peer_key(&self) -> PublicKey {
        self.theirs
    }

    /// The signed frame of `message`, the next of this conversation.
    ///
    /// # Panics
    /// Never: the messages are plain data serde_json always writes.
    pub fn seal(&mut self, key: &PeerKey, message: &Message) -> Vec<u8> {
        let envelope = Envelope { v: PROTOCOL_VERSION, seq: Some(self.sent), msg: message.clone() };
        self.sent += 1;
        let mut json = serde_json::to_vec(&envelope).expect("a message is plain data");
        let signature =
            key.sign(&[MESSAGE_DOMAIN, self.room.room_name().as_bytes(), &self.their_challenge.0, &json]);
        json.push(b'\n');
        json.extend_from_slice(hex(&signature).as_bytes());
        json
    }

    /// The message of a signed frame from the other side, checked: at
    /// most `limit` bytes (before anything is read), signed by the other
    /// side's key over this side's challenge, of this protocol version, the
    /// next in sequence, and well formed. A frame refused leaves the
    /// conversation as it was.
    ///
    /// # Errors
    /// [`Rejection::Oversized`], [`Rejection::Unsigned`] (no signature, or
    /// not the other side's), [`Rejection::Version`],
    /// [`Rejection::OutOfSequence`], [`Rejection::Malformed`].
    pub fn open(&mut self, bytes: &[u8], limit: usize) -> Result<Message, Rejection> {
        if bytes.len() > limit {
            return Err(Rejection::Oversized(bytes.len()));
        }
        let split = bytes.iter().rposition(|&b| b == b'\n').ok_or(Rejection::Unsigned)?;
        let (json, signature) = (&bytes[..split], &bytes[split + 1..]);
        let signature = std::str::from_utf8(signature)
            .ok()
            .and_then(|s| s.parse::<Proof>().ok())
            .ok_or(Rejection::Unsigned)?;
        let room = self.room.room_name();
        let signed = [MESSAGE_DOMAIN, room.as_bytes(), &self.my_challenge.0, json];
        if !self.theirs.verifies(&signed, &signature.0) {
            return Err(Rejection::Unsigned);
        }
        let envelope = crate::message::read_envelope(json)?;
        if envelope.seq != Some(self.received) {
            return Err(Rejection::OutOfSequence { got: envelope.seq, expected: self.received });
        }
        check_fields(&envelope.msg)?;
        self.received += 1;
        Ok(envelope.msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> PeerKey {
        PeerKey::from_secret([n; 32])
    }

    fn room() -> RoomCode {
        RoomCode::of_host(&key(1).public())
    }

    #[test]
    fn a_hello_proves_its_key_for_one_room_and_one_challenge_only() {
        let guest = key(2);
        let (host_challenge, own) = (Challenge([1; 16]), Challenge([2; 16]));
        let Message::Hello { key: public, challenge, proof } = hello(room(), &guest, host_challenge, own)
        else {
            panic!("a hello")
        };
        assert_eq!(public, guest.public());
        assert!(hello_is_proven(room(), host_challenge, &public, challenge, &proof));
        let other_room = RoomCode::of_host(&key(3).public());
        assert!(!hello_is_proven(other_room, host_challenge, &public, challenge, &proof));
        assert!(!hello_is_proven(room(), Challenge([9; 16]), &public, challenge, &proof), "a replay");
        assert!(
            !hello_is_proven(room(), host_challenge, &key(4).public(), challenge, &proof),
            "a key claimed"
        );
        assert!(!hello_is_proven(room(), host_challenge, &public, Challenge([3; 16]), &proof));
    }

    fn pair() -> (Session, Session) {
        let (a, b) = (Challenge([5; 16]), Challenge([6; 16]));
        (Session::new(room(), key(2).public(), a, b), Session::new(room(), key(1).public(), b, a))
    }

    #[test]
    fn a_session_takes_the_other_side_s_frames_in_order_and_nothing_else() {
        // host: key 1, guest: key 2.
        let (mut host, mut guest) = pair();
        let first = host.seal(&key(1), &Message::RecordRequest {});
        let second = host.seal(&key(1), &Message::Rematch {});
        assert_eq!(
            guest.clone().open(&second, 4096),
            Err(Rejection::OutOfSequence { got: Some(1), expected: 0 })
        );
        assert_eq!(guest.open(&first, 4096), Ok(Message::RecordRequest {}));
        assert_eq!(
            guest.clone().open(&first, 4096),
            Err(Rejection::OutOfSequence { got: Some(0), expected: 1 })
        );
        assert_eq!(guest.open(&second, 4096), Ok(Message::Rematch {}));
        // Signed by another key, or over another challenge, or changed.
        let (mut fake, _) = pair();
        let forged = fake.seal(&key(3), &Message::Rematch {});
        assert_eq!(guest.clone().open(&forged, 4096), Err(Rejection::Unsigned));
        let mut changed = host.seal(&key(1), &Message::UndoRequest { ply: 1 });
        let at = changed.iter().position(|&b| b == b'1').unwrap();
        changed[at] = b'0';
        assert_eq!(guest.clone().open(&changed, 4096), Err(Rejection::Unsigned));
        let unsigned = crate::encode(&Message::Rematch {});
        assert_eq!(guest.clone().open(&unsigned, 4096), Err(Rejection::Unsigned));
        assert_eq!(guest.clone().open(&vec![b'x'; 5000], 4096), Err(Rejection::Oversized(5000)));
        // A frame of this side's own (the other direction) is not taken.
        let mut own = guest.clone();
        let mine = own.seal(&key(2), &Message::Rematch {});
        assert_eq!(guest.open(&mine, 4096), Err(Rejection::Unsigned));
    }
}
