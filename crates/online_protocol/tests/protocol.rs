//! The protocol judged as untrusted input on the wire: every message kind
//! survives the wire, every kind of bad bytes is refused, only the
//! handshake comes unsigned, and two sides exchanging only bytes play whole
//! games to the same end (what the referee accepts: `referee.rs`).

mod common;

use common::{every_kind, friend, guest, host, host_key, key, move_of, new_game};
use game_core::{Limits, Seat};
use games::{AnyGame, GameKind, NewGame};
use online_protocol::{
    Envelope, MAX_MESSAGE_BYTES, Message, PROTOCOL_VERSION, Referee, Rejection, SeatHolder, decode,
    decode_handshake, encode, hash_text,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[test]
fn every_message_kind_round_trips() {
    let game = new_game("arkes", 2);
    let kinds = every_kind(&game);
    let names: std::collections::BTreeSet<String> =
        kinds.iter().map(|m| serde_json::to_value(m).unwrap()["kind"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names.len(), 11, "each kind once: {names:?}");
    for message in kinds {
        let bytes = encode(&message);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with(&format!("{{\"v\":{PROTOCOL_VERSION},")), "{text}");
        assert_eq!(decode(&bytes), Ok(message));
    }
}

#[test]
fn a_move_message_reads_as_json_a_person_can_check() {
    let game = new_game("arkes", 2);
    let text = String::from_utf8(encode(&move_of(&game, 0))).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["msg"]["kind"], "move");
    assert_eq!(value["msg"]["ply"], 1);
    assert_eq!(value["msg"]["seat"], "south");
    assert_eq!(value["msg"]["hash"].as_str().unwrap().len(), 16);
}

#[test]
fn malformed_bytes_are_refused() {
    for bad in [
        &b"not json"[..],
        b"",
        b"\xff\xfe{}",
        b"{\"v\":3}",
        b"{\"v\":3,\"msg\":{\"kind\":\"teleport\"}}",
        b"{\"v\":3,\"msg\":{\"kind\":\"move\",\"ply\":1,\"seat\":\"south\",\"mv\":\"b1-b2\"}}",
        b"{\"v\":3,\"msg\":{\"kind\":\"move\",\"ply\":-1,\"seat\":\"south\",\"mv\":\"b1-b2\",\"hash\":\"0\"}}",
        b"{\"v\":3,\"msg\":{\"kind\":\"move\",\"ply\":1,\"seat\":\"centre\",\"mv\":\"b1-b2\",\"hash\":\"0\"}}",
        b"{\"v\":3,\"msg\":{\"kind\":\"rematch\",\"extra\":true}}",
        b"{\"msg\":{\"kind\":\"rematch\"}}",
        b"{\"v\":\"1\",\"msg\":{\"kind\":\"rematch\"}}",
        b"[1,2,3]",
    ] {
        assert!(matches!(decode(bad), Err(Rejection::Malformed(_))), "{:?}", String::from_utf8_lossy(bad));
    }
    let long_note = encode(&Message::Refused { reason: "x".repeat(201) });
    assert!(matches!(decode(&long_note), Err(Rejection::Malformed(_))));
    let long_move =
        encode(&Message::Move { ply: 1, seat: Seat::South, mv: "b".repeat(300), hash: "0".repeat(16) });
    assert!(matches!(decode(&long_move), Err(Rejection::Malformed(_))));
}

#[test]
fn another_protocol_version_is_refused_by_number() {
    let text = String::from_utf8(encode(&Message::Rematch {})).unwrap();
    assert!(text.contains("\"v\":3"), "{text}");
    // Version 1 had no clock readings nor resignations, version 2 no keys.
    for other in [0, 1, 2, 4] {
        let text = text.replacen("\"v\":3", &format!("\"v\":{other}"), 1);
        assert_eq!(decode(text.as_bytes()), Err(Rejection::Version(other)));
    }
}

#[test]
fn a_huge_message_is_refused_before_it_is_read() {
    let mut huge = encode(&Message::Refused { reason: String::new() });
    huge.extend(std::iter::repeat_n(b' ', MAX_MESSAGE_BYTES));
    assert_eq!(decode(&huge), Err(Rejection::Oversized(huge.len())));
    // Just under the limit, whitespace and all, it is read.
    huge.truncate(MAX_MESSAGE_BYTES);
    assert_eq!(decode(&huge), Ok(Message::Refused { reason: String::new() }));
}

#[test]
fn a_refusal_never_sends_back_more_than_two_hundred_bytes_of_what_a_peer_sent() {
    // A parser's error may quote the input: a long unknown kind.
    let long = format!(r#"{{"v":3,"msg":{{"kind":"{}"}}}}"#, "é".repeat(20_000));
    let why = decode(long.as_bytes()).unwrap_err();
    let Message::Refused { reason } = Message::refused(&why) else { unreachable!() };
    assert!(reason.len() <= online_protocol::MAX_FIELD_BYTES, "{} bytes", reason.len());
    assert!(decode(&encode(&Message::Refused { reason })).is_ok(), "the refusal itself is a valid message");
    let Message::Refused { reason } = Message::refused(&Rejection::Illegal("x".repeat(200))) else {
        unreachable!()
    };
    assert!(reason.len() <= online_protocol::MAX_FIELD_BYTES);
    assert!(reason.ends_with('…'));
}

#[test]
fn only_the_handshake_comes_unsigned() {
    let game = new_game("arkes", 2);
    for message in every_kind(&game) {
        let handshake = matches!(message, Message::Host { .. } | Message::Hello { .. });
        let read = decode_handshake(&encode(&message), MAX_MESSAGE_BYTES);
        if handshake {
            assert_eq!(read, Ok(message));
        } else {
            assert_eq!(read, Err(Rejection::Unsigned), "{}", message.kind());
        }
    }
    let hello = encode(&every_kind(&game)[1]);
    assert_eq!(decode_handshake(&hello, 100), Err(Rejection::Oversized(hello.len())));
}

/// Host and guest keep their own games and talk only in bytes; each plays
/// its seats at random. Both games must end the same, ply for ply.
fn play_over_the_wire(id: &str, seed: u64) -> (AnyGame, AnyGame) {
    let host = host();
    let guest = guest();
    let mut at_host = new_game(id, 2);
    let mut at_guest = new_game(id, 2);
    let mut rng = StdRng::seed_from_u64(seed);
    while at_host.outcome().is_none() {
        let hosts_turn = host.is_mine(at_host.to_move());
        let (mover, mover_game) = if hosts_turn { (&host, &mut at_host) } else { (&guest, &mut at_guest) };
        assert!(mover.is_mine(mover_game.to_move()));
        let moves = mover_game.legal_actions();
        mover_game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        let bytes = encode(&Referee::move_message(mover_game).expect("a move was played"));
        let Message::Move { ply, seat, mv, hash } = decode(&bytes).unwrap() else { panic!("a move") };
        let (other, other_game) = if hosts_turn { (&guest, &mut at_guest) } else { (&host, &mut at_host) };
        let sender = if hosts_turn { host_key() } else { friend() };
        other.apply_move(other_game, &sender, ply, seat, &mv, &hash).unwrap();
        assert_eq!(hash, hash_text(other_game.position().hash()));
    }
    (at_host, at_guest)
}

#[test]
fn two_sides_play_whole_games_over_bytes_alone() {
    for (id, seed) in [("arkes", 1), ("arkes", 2), ("arcanor", 3), ("arcanor", 4)] {
        let (at_host, at_guest) = play_over_the_wire(id, seed);
        assert_eq!(at_host.record_text(), at_guest.record_text(), "{id}");
        assert!(at_guest.outcome().is_some());
        assert!(at_host.ply_count() > 4, "{id}: a real game");
    }
}

#[test]
fn an_envelope_is_the_versioned_form() {
    let envelope: Envelope = serde_json::from_slice(&encode(&Message::RecordRequest {})).unwrap();
    assert_eq!(envelope, Envelope { v: PROTOCOL_VERSION, seq: None, msg: Message::RecordRequest {} });
}

#[test]
fn a_long_games_record_fits() {
    // The longest of a few random games of four-player ARKES on the largest
    // board (limits as a new game's): its record, in a welcome, fits in one
    // message with room to spare.
    let kind = GameKind::from_id("arkes").unwrap();
    let mut longest = 0;
    for seed in 0..4 {
        let mut game = kind
            .new_game(&NewGame { players: 4, side: 11, position: None, limits: Limits::default() })
            .unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        while game.outcome().is_none() {
            let moves = game.legal_actions();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let welcome = Message::Welcome {
            game: "arkes".into(),
            record: game.record_json().unwrap(),
            seats: game.seat_order().into_iter().map(|s| (s, SeatHolder::Guest(key(9)))).collect(),
            watchers: 8,
        };
        longest = longest.max(encode(&welcome).len());
        assert!(game.ply_count() > 20);
    }
    // Signed, a frame has 129 bytes more.
    assert!((longest + 129) * 2 < MAX_MESSAGE_BYTES, "a record of {longest} bytes");
}
