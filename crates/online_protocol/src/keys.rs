//! Who a peer is: an Ed25519 key pair per device and room ([`PeerKey`]),
//! its public half ([`PublicKey`]), the random challenges peers sign over
//! ([`Challenge`]) and signatures on the wire ([`Proof`]).
//!
//! The cryptography is `ed25519-dalek`'s (signatures, checked with
//! `verify_strict`) and `sha2`'s (SHA-256); this crate only says what is
//! signed ([`crate::Session`], [`crate::hello`]).

use std::fmt;
use std::str::FromStr;

use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
use sha2::{Digest, Sha256};

use crate::limits::MAX_FIELD_BYTES;
use crate::rejection::Rejection;

/// Bytes of a [`Challenge`].
pub const CHALLENGE_BYTES: usize = 16;

/// Bytes of a signature (Ed25519), 128 hex digits on the wire.
pub const SIGNATURE_BYTES: usize = 64;

/// The secret bytes a [`PeerKey`] is made from.
pub const SECRET_BYTES: usize = 32;

/// This device's key pair in one room (Ed25519). The host's public key is
/// bound to the room's code ([`RoomCode::of_host`]): only the holder of its
/// secret can host that room. A guest's proves, in its hello, that it is
/// the guest who holds its seats when it comes back. The secret never
/// leaves the device: it is kept with the saved game (or, for a guest that
/// has not saved yet, in its data folder), and only signatures are sent.
#[derive(Clone)]
pub struct PeerKey(SigningKey);

impl PeerKey {
    /// The key pair of these secret bytes, which must come from a
    /// cryptographic random source (the app uses `getrandom`: the
    /// system's, or the browser's `crypto.getRandomValues`).
    #[must_use]
    pub fn from_secret(secret: [u8; SECRET_BYTES]) -> PeerKey {
        PeerKey(SigningKey::from_bytes(&secret))
    }

    /// The secret as 64 lowercase hex digits, as a saved game keeps it.
    #[must_use]
    pub fn secret_hex(&self) -> String {
        hex(&self.0.to_bytes())
    }

    /// The key pair written by [`PeerKey::secret_hex`].
    ///
    /// # Errors
    /// [`Rejection::Malformed`] unless the text is 64 hex digits.
    pub fn from_secret_hex(text: &str) -> Result<PeerKey, Rejection> {
        Ok(PeerKey::from_secret(unhex(text.trim(), "a secret key")?))
    }

    /// The public half, which anyone may see.
    #[must_use]
    pub fn public(&self) -> PublicKey {
        PublicKey(self.0.verifying_key().to_bytes())
    }

    pub(crate) fn sign(&self, parts: &[&[u8]]) -> [u8; SIGNATURE_BYTES] {
        self.0.sign(&parts.concat()).to_bytes()
    }
}

/// Only the public half: a secret is never written to a log.
impl fmt::Debug for PeerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PeerKey({})", self.public())
    }
}

/// A peer's public key (Ed25519, 32 bytes), written as 64 lowercase hex
/// digits in messages and saves. It names a guest's seats
/// ([`crate::SeatHolder::Guest`]) and is no secret: having it does not let
/// anyone act as its owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey(pub(crate) [u8; 32]);

impl PublicKey {
    /// Whether `signature` is this key's over `parts` (concatenated),
    /// checked strictly (no malleable or small-order forms). A key that is
    /// not a point of the curve verifies nothing.
    pub(crate) fn verifies(&self, parts: &[&[u8]], signature: &[u8; SIGNATURE_BYTES]) -> bool {
        let Ok(key) = VerifyingKey::from_bytes(&self.0) else { return false };
        key.verify_strict(&parts.concat(), &ed25519_dalek::Signature::from_bytes(signature)).is_ok()
    }

    /// The first 8 hex digits, to tell peers apart in a note.
    #[must_use]
    pub fn short(&self) -> String {
        hex(&self.0[..4])
    }

    /// The key's 32 bytes.
    #[must_use]
    pub fn to_bytes(self) -> [u8; 32] {
        self.0
    }
}

impl fmt::Display for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", self.short())
    }
}

impl FromStr for PublicKey {
    type Err = Rejection;

    /// 64 hex digits (either case).
    fn from_str(text: &str) -> Result<PublicKey, Rejection> {
        unhex(text, "a public key").map(PublicKey)
    }
}

/// A fresh random value a peer asks the other to sign over, so that a
/// proof or a signed message of one conversation is never taken in
/// another. 16 bytes, 32 hex digits on the wire.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Challenge(pub(crate) [u8; CHALLENGE_BYTES]);

impl Challenge {
    /// The challenge of these random bytes (from a cryptographic source:
    /// the app uses `getrandom`).
    #[must_use]
    pub fn from_random(bytes: [u8; CHALLENGE_BYTES]) -> Challenge {
        Challenge(bytes)
    }
}

impl fmt::Display for Challenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for Challenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Challenge({self})")
    }
}

impl FromStr for Challenge {
    type Err = Rejection;

    /// 32 hex digits.
    fn from_str(text: &str) -> Result<Challenge, Rejection> {
        unhex(text, "a challenge").map(Challenge)
    }
}

/// A signature on the wire: 128 hex digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Proof(pub(crate) [u8; SIGNATURE_BYTES]);

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Proof({}…)", &hex(&self.0[..4]))
    }
}

impl FromStr for Proof {
    type Err = Rejection;

    /// 128 hex digits.
    fn from_str(text: &str) -> Result<Proof, Rejection> {
        unhex(text, "a signature").map(Proof)
    }
}

macro_rules! serde_as_text {
    ($($t:ty),*) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$t, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}
serde_as_text!(PublicKey, Challenge, Proof);

/// The SHA-256 of `parts`, concatenated.
pub(crate) fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize().into()
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// `N` bytes from `2 N` hex digits; `what` names the value in the error.
fn unhex<const N: usize>(text: &str, what: &str) -> Result<[u8; N], Rejection> {
    let bad = || {
        let shown: String = text.chars().take(MAX_FIELD_BYTES / 4).collect();
        Rejection::Malformed(format!("{what} is {} hex digits: `{shown}`", 2 * N))
    };
    if text.len() != 2 * N || !text.is_ascii() {
        return Err(bad());
    }
    let mut out = [0; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> PeerKey {
        PeerKey::from_secret([n; 32])
    }

    #[test]
    fn keys_and_challenges_read_back_from_their_text_and_refuse_other_text() {
        let k = key(7);
        assert_eq!(PeerKey::from_secret_hex(&k.secret_hex()).unwrap().public(), k.public());
        assert_eq!(k.public().to_string().parse::<PublicKey>(), Ok(k.public()));
        assert_eq!(k.public().to_string().len(), 64);
        let c = Challenge::from_random([0xab; CHALLENGE_BYTES]);
        assert_eq!(c.to_string(), "ab".repeat(16));
        assert_eq!(c.to_string().parse::<Challenge>(), Ok(c));
        for bad in ["", "00", &"g".repeat(64), &"0".repeat(63), &"é".repeat(32)] {
            assert!(bad.parse::<PublicKey>().is_err(), "{bad:?}");
        }
        assert!(!format!("{k:?}").contains(&k.secret_hex()), "a key's Debug hides its secret");
    }
}
