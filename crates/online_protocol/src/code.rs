//! Room codes.

use std::fmt;
use std::str::FromStr;

use crate::keys::{PublicKey, sha256};

/// What the room code of a host's key hashes.
const ROOM_DOMAIN: &[u8] = b"ARKES 3D online v3: room\0";

/// The 32 characters of a code: digits and capitals without `I`, `L`, `O`
/// and `U` (Crockford's base 32), so a code read aloud or typed from
/// someone's screen has no look-alikes.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters in a code.
const LENGTH: usize = 10;

/// A room's code: 50 bits (ten base-32 characters), shown as two groups of
/// five (`K7Q2M-9XBTR`), the room's name on the signalling server. A host's
/// room is named after its public key ([`RoomCode::of_host`]: 50 bits of
/// its SHA-256), so the code a guest types is also the fingerprint of the
/// key the host must prove it holds. Unguessable enough for a room that
/// lives for one game: a stranger would need about 10^15 tries, and a peer
/// who knows the code and wants to pass for the host would have to make
/// about 10^15 key pairs to find one of the same code.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RoomCode(u64);

/// Why a typed code was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomCodeError {
    /// Not ten characters once dashes and spaces are dropped.
    #[error("a room code has {LENGTH} characters, this one has {0}")]
    Length(usize),
    /// A character outside the code's alphabet.
    #[error("`{0}` cannot be in a room code")]
    Character(char),
}

impl RoomCode {
    /// The code made of the low 50 bits of `entropy`.
    #[must_use]
    pub fn from_entropy(entropy: u64) -> RoomCode {
        RoomCode(entropy & ((1 << (5 * LENGTH)) - 1))
    }

    /// The room of the host whose public key is `key`: the first 50 bits of
    /// the key's SHA-256 (under a domain string of the protocol). A guest
    /// takes the game only from the peer that proves it holds such a key.
    #[must_use]
    pub fn of_host(key: &PublicKey) -> RoomCode {
        let hash = sha256(&[ROOM_DOMAIN, &key.to_bytes()]);
        let mut first = [0; 8];
        first.copy_from_slice(&hash[..8]);
        RoomCode::from_entropy(u64::from_be_bytes(first))
    }

    /// Whether `key` is the key of this room's host ([`RoomCode::of_host`]).
    #[must_use]
    pub fn is_hosted_by(self, key: &PublicKey) -> bool {
        RoomCode::of_host(key) == self
    }

    /// The code as the signalling server's room name: ten characters, no
    /// dash (`K7Q2M9XBTR`).
    #[must_use]
    pub fn room_name(self) -> String {
        (0..LENGTH).rev().map(|i| char::from(ALPHABET[((self.0 >> (5 * i)) & 31) as usize])).collect()
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.room_name();
        write!(f, "{}-{}", &name[..5], &name[5..])
    }
}

impl FromStr for RoomCode {
    type Err = RoomCodeError;

    /// Reads a code as a person types it: any case, with or without the
    /// dash or spaces; `O` is read as `0`, `I` and `L` as `1`.
    fn from_str(text: &str) -> Result<RoomCode, RoomCodeError> {
        let chars: Vec<char> = text.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')).collect();
        if chars.len() != LENGTH {
            return Err(RoomCodeError::Length(chars.len()));
        }
        let mut value = 0_u64;
        for c in chars {
            let read = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                other => other,
            };
            let digit =
                ALPHABET.iter().position(|&a| char::from(a) == read).ok_or(RoomCodeError::Character(c))?;
            value = (value << 5) | digit as u64;
        }
        Ok(RoomCode(value))
    }
}

/// A code in JSON: its text (`"K7Q2M-9XBTR"`), as a saved online game
/// keeps its room.
impl serde::Serialize for RoomCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for RoomCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RoomCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_shown_and_as_typed() {
        for entropy in [0, 1, 0x1234_5678_9abc_def0, u64::MAX, 0x0003_ffff_ffff_ffff] {
            let code = RoomCode::from_entropy(entropy);
            assert_eq!(code.to_string().parse::<RoomCode>(), Ok(code));
            assert_eq!(code.room_name().to_lowercase().parse::<RoomCode>(), Ok(code));
            assert_eq!(code.to_string().len(), 11);
        }
        assert_eq!("00000-00001".parse::<RoomCode>(), "oOoOo-0000l".parse());
    }

    #[test]
    fn a_code_keeps_fifty_bits() {
        let a = RoomCode::from_entropy(0x0002_0000_0000_0000);
        let b = RoomCode::from_entropy(0x0003_0000_0000_0000);
        assert_ne!(a, b, "bit 49 is part of the code");
        assert_eq!(RoomCode::from_entropy(1 << 50), RoomCode::from_entropy(0), "bit 50 is not");
        assert_eq!(RoomCode::from_entropy(u64::MAX).room_name(), "ZZZZZZZZZZ");
    }

    #[test]
    fn a_code_in_json_is_its_text_and_a_bad_one_is_refused() {
        let code = RoomCode::from_entropy(0x1234_5678_9abc);
        let json = serde_json::to_string(&code).unwrap();
        assert_eq!(json, format!("\"{code}\""));
        assert_eq!(serde_json::from_str::<RoomCode>(&json).unwrap(), code);
        let error = serde_json::from_str::<RoomCode>("\"ABCDE-FGHU1\"").unwrap_err().to_string();
        assert!(error.contains("`U` cannot be in a room code"), "{error}");
        assert!(serde_json::from_str::<RoomCode>("42").is_err());
    }

    #[test]
    fn a_host_s_room_is_named_after_its_key() {
        let keys: Vec<_> = (0..4).map(|n| crate::PeerKey::from_secret([n; 32]).public()).collect();
        let codes: Vec<_> = keys.iter().map(RoomCode::of_host).collect();
        for (key, code) in keys.iter().zip(&codes) {
            assert!(code.is_hosted_by(key));
            assert_eq!(codes.iter().filter(|c| *c == code).count(), 1, "four keys, four rooms");
        }
        assert!(!codes[0].is_hosted_by(&keys[1]));
    }

    #[test]
    fn a_mistyped_code_is_refused_with_the_reason() {
        assert_eq!("ABCDE-FGH".parse::<RoomCode>(), Err(RoomCodeError::Length(8)));
        assert_eq!("ABCDE-FGHU1".parse::<RoomCode>(), Err(RoomCodeError::Character('U')));
        assert_eq!("ABCDE-FGH!1".parse::<RoomCode>(), Err(RoomCodeError::Character('!')));
        assert_eq!("".parse::<RoomCode>(), Err(RoomCodeError::Length(0)));
    }
}
