//! The protocol judged as untrusted input: every message kind survives the
//! wire, every kind of bad message is refused and changes nothing, and two
//! sides exchanging only bytes play whole games to the same end.

use game_core::{Limits, Seat};
use games::{AnyGame, GameKind, NewGame};
use online_protocol::{
    Challenge, Envelope, MAX_MESSAGE_BYTES, Message, PROTOCOL_VERSION, PeerKey, PublicKey, Referee,
    Rejection, SeatHolder, Side, decode, decode_handshake, encode, game_from_welcome, hash_text,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn new_game(id: &str, players: usize) -> AnyGame {
    let kind = GameKind::from_id(id).expect("a known game");
    kind.new_game(&NewGame { players, side: kind.default_side(), position: None, limits: Limits::default() })
        .expect("a new game")
}

/// The public key made of secret bytes all `n`.
fn key(n: u8) -> PublicKey {
    PeerKey::from_secret([n; 32]).public()
}

/// The guest at North.
fn friend() -> PublicKey {
    key(2)
}

/// A peer the host never seated.
fn stranger() -> PublicKey {
    key(3)
}

/// The host's key (what a guest's messages come from).
fn host_key() -> PublicKey {
    key(1)
}

/// South on the host's screen, North a guest's (`friend`).
fn two_seats() -> Vec<(Seat, SeatHolder)> {
    vec![(Seat::South, SeatHolder::Host), (Seat::North, SeatHolder::Guest(friend()))]
}

fn host() -> Referee {
    Referee::new(two_seats(), Side::Host)
}

fn guest() -> Referee {
    Referee::new(two_seats(), Side::Guest(friend()))
}

/// The move message for the `index`-th legal move of the seat to move,
/// with the hash computed here by playing it on a copy.
fn move_of(game: &AnyGame, index: usize) -> Message {
    let mut after = game.clone();
    let action = after.legal_actions()[index];
    let mv = after.action_text(action).expect("legal");
    let seat = after.to_move();
    after.play(action).expect("legal");
    Message::Move {
        ply: u32::try_from(after.ply_count()).unwrap(),
        seat,
        mv,
        hash: format!("{:016x}", after.position().hash()),
    }
}

/// Plays the `n`-th legal move.
fn play_nth(game: &mut AnyGame, n: usize) {
    let action = game.legal_actions()[n];
    game.play(action).unwrap();
}

fn every_kind(game: &AnyGame) -> Vec<Message> {
    let guest_key = PeerKey::from_secret([2; 32]);
    let room = online_protocol::RoomCode::of_host(&host_key());
    vec![
        Message::Host { key: host_key(), challenge: Challenge::from_random([7; 16]) },
        online_protocol::hello(
            room,
            &guest_key,
            Challenge::from_random([7; 16]),
            Challenge::from_random([8; 16]),
        ),
        Message::Welcome {
            game: "arkes".into(),
            record: game.record_json().unwrap(),
            seats: vec![
                (Seat::South, SeatHolder::Host),
                (Seat::North, SeatHolder::Guest(friend())),
                (Seat::West, SeatHolder::Awaited),
            ],
            watchers: 2,
        },
        move_of(game, 0),
        Message::Resign { ply: 1, seat: Seat::South },
        Message::Clock { ply: 4, clocks: vec![(Seat::South, 59_000), (Seat::North, 61_500)], running: true },
        Message::RecordRequest {},
        Message::UndoRequest { ply: 3 },
        Message::UndoAnswer { ply: 3, accept: true },
        Message::Rematch {},
        Message::Refused { reason: "`a1-a9` is not a legal move here".into() },
    ]
}

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

/// Sends `message` (as bytes) to `referee`'s side playing `game`, from
/// `sender`; the game must be unchanged when it is refused.
fn receive(
    referee: &Referee,
    game: &mut AnyGame,
    sender: &PublicKey,
    message: &Message,
) -> Result<(), Rejection> {
    let before = game.record_text();
    let Message::Move { ply, seat, mv, hash } = decode(&encode(message))? else { panic!("a move") };
    referee.check_direction(message)?;
    let result = referee.apply_move(game, sender, ply, seat, &mv, &hash).map(|_| ());
    if result.is_err() {
        assert_eq!(game.record_text(), before, "a refused move changed the game");
    } else {
        assert_eq!(game.ply_count(), ply as usize);
    }
    result
}

#[test]
fn a_move_of_a_seat_the_sender_does_not_hold_is_refused() {
    // South is the host's: a guest cannot play it, even on South's turn.
    let mut game = new_game("arkes", 2);
    let south = move_of(&game, 0);
    assert_eq!(receive(&host(), &mut game, &friend(), &south), Err(Rejection::NotYours(Seat::South)));
    // A stranger (a key the host never seated) cannot play North.
    let mut game = new_game("arkes", 2);
    play_nth(&mut game, 0);
    let north = move_of(&game, 0);
    assert_eq!(receive(&host(), &mut game, &stranger(), &north), Err(Rejection::NotYours(Seat::North)));
    assert_eq!(receive(&host(), &mut game, &friend(), &north), Ok(()));
    // On the guest's side the host cannot play the guest's own seat.
    let mut game = new_game("arkes", 2);
    play_nth(&mut game, 0);
    let north = move_of(&game, 0);
    assert_eq!(receive(&guest(), &mut game, &host_key(), &north), Err(Rejection::NotYours(Seat::North)));
}

#[test]
fn a_move_out_of_turn_is_refused() {
    // The guest plays North while South is to move: the seat is its, the
    // turn is not.
    let mut game = new_game("arkes", 2);
    let Message::Move { mv, hash, .. } = move_of(&game, 0) else { unreachable!() };
    let early = Message::Move { ply: 1, seat: Seat::North, mv, hash };
    assert_eq!(
        receive(&host(), &mut game, &friend(), &early),
        Err(Rejection::OutOfTurn { seat: Seat::North, to_move: Seat::South })
    );
}

#[test]
fn a_move_numbered_for_another_ply_is_refused_and_asks_for_the_record() {
    let mut game = new_game("arcanor", 2);
    play_nth(&mut game, 0);
    let Message::Move { seat, mv, hash, .. } = move_of(&game, 0) else { unreachable!() };
    for ply in [1, 3, 0, u32::MAX] {
        let stale = Message::Move { ply, seat, mv: mv.clone(), hash: hash.clone() };
        let refused = receive(&host(), &mut game, &friend(), &stale).unwrap_err();
        assert_eq!(refused, Rejection::WrongPly { got: ply, expected: 2 });
        assert!(refused.needs_record());
    }
}

#[test]
fn an_illegal_move_is_refused_for_each_game() {
    for id in ["arkes", "arcanor"] {
        let mut game = new_game(id, 2);
        play_nth(&mut game, 0);
        let legal: Vec<String> =
            game.legal_actions().into_iter().filter_map(|a| game.action_text(a)).collect();
        for mv in ["a1-a9", "b7-b6", "", "e1-e1", "M", "12e7-e6", "zz"] {
            if legal.iter().any(|l| l == mv) {
                continue;
            }
            let bad = Message::Move { ply: 2, seat: Seat::North, mv: mv.into(), hash: "0".repeat(16) };
            assert_eq!(
                receive(&host(), &mut game, &friend(), &bad),
                Err(Rejection::Illegal(mv.into())),
                "{id}: {mv}"
            );
        }
    }
}

#[test]
fn a_hash_mismatch_is_refused_and_asks_for_the_record() {
    let mut game = new_game("arkes", 2);
    play_nth(&mut game, 0);
    let Message::Move { ply, seat, mv, hash } = move_of(&game, 0) else { unreachable!() };
    let flipped = format!("{:016x}", u64::from_str_radix(&hash, 16).unwrap() ^ 1);
    let wrong = Message::Move { ply, seat, mv: mv.clone(), hash: flipped };
    let refused = receive(&host(), &mut game, &friend(), &wrong).unwrap_err();
    assert_eq!(refused, Rejection::HashMismatch);
    assert!(refused.needs_record());
    assert!(!Rejection::Illegal(mv).needs_record());
}

#[test]
fn a_move_after_the_end_is_refused() {
    // Play random moves to the end, then offer one more.
    let mut game = new_game("arcanor", 2);
    let mut rng = StdRng::seed_from_u64(7);
    while game.outcome().is_none() {
        let moves = game.legal_actions();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    let late = Message::Move {
        ply: u32::try_from(game.ply_count() + 1).unwrap(),
        seat: game.to_move(),
        mv: "a1-a2".into(),
        hash: "0".repeat(16),
    };
    assert_eq!(receive(&host(), &mut game, &friend(), &late), Err(Rejection::GameOver));
}

#[test]
fn messages_are_taken_only_from_the_side_that_may_send_them() {
    let game = new_game("arkes", 2);
    for message in every_kind(&game) {
        let kind = serde_json::to_value(&message).unwrap()["kind"].as_str().unwrap().to_owned();
        let by_host =
            ["host", "welcome", "move", "resign", "clock", "undo-request", "undo-answer", "refused"]
                .contains(&kind.as_str());
        let by_guest = [
            "hello",
            "move",
            "resign",
            "record-request",
            "undo-request",
            "undo-answer",
            "rematch",
            "refused",
        ]
        .contains(&kind.as_str());
        assert_eq!(guest().check_direction(&message).is_ok(), by_host, "a guest receiving {kind}");
        assert_eq!(host().check_direction(&message).is_ok(), by_guest, "the host receiving {kind}");
    }
}

#[test]
fn guests_are_seated_once_and_get_their_seats_back_on_rejoining() {
    let seats = vec![
        (Seat::South, SeatHolder::Host),
        (Seat::West, SeatHolder::Awaited),
        (Seat::North, SeatHolder::Host),
        (Seat::East, SeatHolder::Awaited),
    ];
    let (ann, bob, eve) = (key(10), key(11), key(12));
    let mut host = Referee::new(seats, Side::Host);
    assert_eq!(host.awaited(), [Seat::West, Seat::East]);
    assert_eq!(host.seat_guest(&ann), Ok(vec![Seat::West]));
    assert_eq!(host.seat_guest(&bob), Ok(vec![Seat::East]));
    assert_eq!(host.seat_guest(&ann), Ok(vec![Seat::West]), "a rejoin keeps the seat");
    assert_eq!(host.seat_guest(&eve), Err(Rejection::RoomFull));
    assert!(host.awaited().is_empty());
    assert!(host.is_mine(Seat::North) && !host.is_mine(Seat::West));
    let mut at_ann = Referee::new(host.seats().to_vec(), Side::Guest(ann));
    assert!(at_ann.is_mine(Seat::West) && !at_ann.is_mine(Seat::East) && !at_ann.is_mine(Seat::South));
    assert_eq!(at_ann.seat_guest(&eve), Err(Rejection::WrongDirection("hello")));
}

#[test]
fn a_welcome_is_checked_before_it_replaces_the_game() {
    let mut game = new_game("arkes", 2);
    play_nth(&mut game, 3);
    let record = game.record_json().unwrap();
    let loaded = game_from_welcome("arkes", &record, &two_seats()).unwrap();
    assert_eq!(loaded.record_text(), game.record_text());
    for (id, record, seats) in [
        ("chess", record.clone(), two_seats()),
        ("arcanor", record.clone(), two_seats()),
        ("arkes", serde_json::json!({"plies": "b1-b2"}), two_seats()),
        ("arkes", record.clone(), vec![(Seat::South, SeatHolder::Host)]),
        ("arkes", record.clone(), vec![(Seat::North, SeatHolder::Host), (Seat::South, SeatHolder::Awaited)]),
    ] {
        assert!(
            matches!(game_from_welcome(id, &record, &seats), Err(Rejection::BadRecord(_))),
            "{id} {seats:?}"
        );
    }
}

#[test]
fn an_undo_takes_back_only_the_asker_s_last_move_and_is_asked_only_by_a_seated_peer() {
    let mut game = new_game("arkes", 2);
    // Nothing of the guest's played yet: nothing to take back.
    assert_eq!(host().check_undo(&game, &friend(), 0), Err(Rejection::BadUndo(0)));
    play_nth(&mut game, 0); // South (the host's), ply 0
    play_nth(&mut game, 0); // North (the guest's), ply 1
    play_nth(&mut game, 0); // South, ply 2
    // The guest's last move is ply 1: keeping 1 ply takes it back and what
    // followed; keeping 0 would take back the host's first move too.
    assert_eq!(host().check_undo(&game, &friend(), 1), Ok(()));
    for ply in [0, 2, 3, u32::MAX] {
        assert_eq!(host().check_undo(&game, &friend(), ply), Err(Rejection::BadUndo(ply)), "ply {ply}");
    }
    // A peer holding no seat (one watching) cannot ask.
    assert_eq!(host().check_undo(&game, &stranger(), 1), Err(Rejection::NotSeated("undo-request")));
    // On the guest's side the host asks for its own last move, ply 2.
    assert_eq!(guest().check_undo(&game, &host_key(), 2), Ok(()));
    assert_eq!(guest().check_undo(&game, &host_key(), 1), Err(Rejection::BadUndo(1)));
    // Over, the game takes no undo.
    let mut over = new_game("arcanor", 2);
    let mut rng = StdRng::seed_from_u64(3);
    while over.outcome().is_none() {
        let moves = over.legal_actions();
        over.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    let last_north = over.ply_info().iter().rposition(|i| i.mover == Seat::North).unwrap();
    assert_eq!(host().check_undo(&over, &friend(), last_north as u32), Err(Rejection::GameOver));
}

#[test]
fn a_rematch_is_asked_only_by_a_seated_guest_once_the_game_is_over() {
    let mut game = new_game("arcanor", 2);
    assert_eq!(host().check_rematch(&game, &friend()), Err(Rejection::NotOver));
    let mut rng = StdRng::seed_from_u64(5);
    while game.outcome().is_none() {
        let moves = game.legal_actions();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    assert_eq!(host().check_rematch(&game, &friend()), Ok(()));
    assert_eq!(host().check_rematch(&game, &stranger()), Err(Rejection::NotSeated("rematch")));
    assert_eq!(guest().check_rematch(&game, &host_key()), Err(Rejection::WrongDirection("rematch")));
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

/// A 2-player game of `id` with a clock of a minute and 2 s a move.
fn clocked_game(id: &str) -> AnyGame {
    let kind = GameKind::from_id(id).expect("a known game");
    let limits = Limits { clock: Some(game_core::Clock::new(60_000, 2_000).unwrap()), ..Limits::default() };
    kind.new_game(&NewGame { players: 2, side: kind.default_side(), position: None, limits })
        .expect("a new game")
}

#[test]
fn the_host_s_clock_readings_are_checked_before_they_set_a_guest_s_clocks() {
    for id in ["arkes", "arcanor"] {
        let mut game = clocked_game(id);
        play_nth(&mut game, 0);
        game.tick(1_234);
        let Some(Message::Clock { ply, clocks, running }) = Referee::clock_message(&game, true) else {
            panic!("a clocked game has readings")
        };
        assert_eq!((ply, running), (1, true));
        assert_eq!(clocks, [(Seat::South, 62_000), (Seat::North, 58_766)], "{id}: South moved, North runs");
        let judge = guest();
        assert_eq!(judge.check_clock(&game, ply, &clocks), Ok(()));
        let refused = |ply: u32, clocks: &[(Seat, u64)]| judge.check_clock(&game, ply, clocks);
        // Another turn's readings: dropped without asking for the record.
        let stale = refused(0, &clocks).unwrap_err();
        assert_eq!(stale, Rejection::StaleClock { got: 0, expected: 1 });
        assert!(!stale.needs_record());
        assert!(matches!(refused(2, &clocks), Err(Rejection::StaleClock { got: 2, .. })));
        // Seats that are not the game's: one missing, one twice, a stranger.
        for seats in [
            vec![(Seat::South, 1_000)],
            vec![(Seat::South, 1_000), (Seat::South, 1_000)],
            vec![(Seat::South, 1_000), (Seat::West, 1_000)],
            vec![(Seat::South, 1_000), (Seat::North, 1_000), (Seat::East, 1_000)],
        ] {
            assert!(matches!(refused(1, &seats), Err(Rejection::BadClock(_))), "{id}: {seats:?}");
        }
        // No clock holds more than its start and one increment a ply and one more.
        assert_eq!(refused(1, &[(Seat::South, 64_000), (Seat::North, 0)]), Ok(()));
        assert!(matches!(
            refused(1, &[(Seat::South, 64_001), (Seat::North, 0)]),
            Err(Rejection::BadClock(_))
        ));
        assert!(matches!(
            refused(1, &[(Seat::South, u64::MAX), (Seat::North, 0)]),
            Err(Rejection::BadClock(_))
        ));
        // Readings set the clocks; the seat to move at 0 is its time-out.
        let report = game.set_clock(0).expect("North's time-out");
        assert!(report.outcome.is_some(), "{id}: a two-player time-out ends the game");
        assert_eq!(judge.check_clock(&game, 2, &clocks), Err(Rejection::GameOver));
        // A game without clocks takes none.
        let plain = new_game(id, 2);
        assert!(Referee::clock_message(&plain, true).is_none());
        assert!(matches!(
            judge.check_clock(&plain, 0, &[(Seat::South, 1), (Seat::North, 1)]),
            Err(Rejection::BadClock(_))
        ));
    }
}

#[test]
fn a_resignation_is_taken_only_from_the_seat_to_move_s_holder_on_its_turn() {
    for id in ["arkes", "arcanor"] {
        let mut game = new_game(id, 2);
        // The host hears the guest (North) resign only on North's turn.
        assert_eq!(
            host().check_resign(&game, &friend(), 1, Seat::North),
            Err(Rejection::OutOfTurn { seat: Seat::North, to_move: Seat::South })
        );
        assert_eq!(
            host().check_resign(&game, &friend(), 1, Seat::South),
            Err(Rejection::NotYours(Seat::South))
        );
        assert_eq!(
            host().check_resign(&game, &stranger(), 1, Seat::North),
            Err(Rejection::NotYours(Seat::North))
        );
        play_nth(&mut game, 0);
        assert_eq!(host().check_resign(&game, &friend(), 2, Seat::North), Ok(()));
        let wrong = host().check_resign(&game, &friend(), 5, Seat::North).unwrap_err();
        assert_eq!(wrong, Rejection::WrongPly { got: 5, expected: 2 });
        assert!(wrong.needs_record());
        // The guest hears the host's seat resign; never its own.
        let mut at_guest = game.clone();
        play_nth(&mut at_guest, 0);
        assert_eq!(guest().check_resign(&at_guest, &host_key(), 3, Seat::South), Ok(()));
        assert_eq!(
            guest().check_resign(&game, &host_key(), 2, Seat::North),
            Err(Rejection::NotYours(Seat::North))
        );
        // Resigning ends a two-player game: nothing more is taken.
        let report = game.resign().unwrap();
        assert!(report.resigned && report.outcome.is_some(), "{id}: {report:?}");
        assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Seat::South));
        assert_eq!(host().check_resign(&game, &friend(), 3, Seat::North), Err(Rejection::GameOver));
        assert_eq!(game.resign().unwrap_err(), "the game is over");
    }
}
