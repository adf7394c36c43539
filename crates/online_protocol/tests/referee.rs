//! The referee judging each message of a peer as untrusted input: moves
//! of seats the sender does not hold, out of turn, of another ply or
//! illegal; messages from the wrong side; seats, welcomes, undo, rematch,
//! clock readings and resignations. A refused message changes nothing.

mod common;

use common::{
    every_kind, friend, guest, host, host_key, key, move_of, new_game, play_nth, stranger, two_seats,
};
use game_core::{Limits, Seat};
use games::{AnyGame, GameKind, NewGame};
use online_protocol::{
    Message, PublicKey, Referee, Rejection, SeatHolder, Side, decode, encode, game_from_welcome,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

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
