//! Online play a guest can trust, through a real `matchbox_server`: the
//! host proved by the key its room is named after, seats held by their
//! keys, peers watching a full room (what a peer in the room can make us
//! do: `online_limits.rs`).

use std::time::Duration;

use arkes::online::OnlineNote;
use arkes::options::PlayerKind;
use arkes::play::{HistoryCommand, Match};
use bevy::prelude::*;
use bevy_matchbox::prelude::PeerId;
use game_core::Seat;
use online_protocol::{Message, SeatHolder};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::net::{
    RawPeer, Server, connected, game, guest, guest_key, host, move_message, online, play, pump, random_key,
    record, refusal, run_raw_until, run_until, tempdir,
};

#[test]
fn a_peer_claiming_to_host_the_room_with_another_key_is_ignored_and_changes_nothing() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let real = online(&host).public_key();
    let mut rng = StdRng::seed_from_u64(44);
    // Two impostors wait in the room: one greets every newcomer with its own
    // key, the other with the real host's key, which it cannot sign with.
    let mut own = RawPeer::new(&server, code, random_key(&mut rng));
    own.greets_as = Some(own.key.public());
    own.says_hello = false;
    let mut claimed = RawPeer::new(&server, code, random_key(&mut rng));
    claimed.greets_as = Some(real);
    claimed.says_hello = false;
    run_raw_until(&mut [&mut host], &mut [&mut own, &mut claimed], "the impostors in the room", |_, r| {
        r.iter().all(|p| p.peers.len() == 2)
    });
    // The impostor showing the real key offers a game of its own (Arcanor),
    // signed in the conversation the guest's hello opened, with its key.
    let fake = games::GameKind::from_id("arcanor").unwrap();
    let fake_game = fake
        .new_game(&games::NewGame {
            players: 2,
            side: fake.default_side(),
            position: None,
            limits: Default::default(),
        })
        .unwrap();
    let welcome = Message::Welcome {
        game: "arcanor".into(),
        record: fake_game.record_json().unwrap(),
        seats: vec![(Seat::South, SeatHolder::Host), (Seat::North, SeatHolder::Awaited)],
        watchers: 0,
    };
    let mut guest = guest(&server, code, &dir.join("g"));
    let mut sent_to: Option<PeerId> = None;
    let start = std::time::Instant::now();
    while !(connected(&guest) && sent_to.is_some() && online(&guest).note == Some(OnlineNote::FalseHost)) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "30 s without the guest connected past the impostors"
        );
        pump(&mut [&mut host, &mut guest], &mut [&mut own, &mut claimed], 1);
        if sent_to.is_none()
            && let Some(&peer) = claimed.sessions.keys().next()
        {
            claimed.send(peer, &welcome);
            sent_to = Some(peer);
        }
    }
    pump(&mut [&mut host, &mut guest], &mut [&mut own, &mut claimed], 40);
    assert_eq!(online(&guest).note, Some(OnlineNote::FalseHost));
    assert!(refusal(&guest).contains("claiming to host"), "{}", refusal(&guest));
    assert_eq!(
        guest.world().resource::<Match>().kind(),
        games::arkes::KIND,
        "the impostor's game was not taken"
    );
    assert_eq!(record(&guest), record(&host));
    assert!(online(&guest).referee.is_mine(Seat::North));
    // The impostor with its own key got no hello: the guest spoke only to
    // peers showing the room's key.
    assert_eq!(own.sessions.len(), 0, "a hello went to a peer with another key");
    let mut rng = StdRng::seed_from_u64(4);
    play(&mut [&mut host, &mut guest], &mut rng, 4);
}

#[test]
fn a_third_peer_cannot_take_a_held_seat_while_its_holder_is_away_nor_learn_a_secret() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let mut guest1 = guest(&server, code, &dir.join("g"));
    run_until(&mut [&mut host, &mut guest1], "connected", |a| connected(a[0]) && connected(a[1]));
    let holder = guest_key(&guest1);
    let mut rng = StdRng::seed_from_u64(9);
    play(&mut [&mut host, &mut guest1], &mut rng, 2);
    drop(guest1);
    run_until(&mut [&mut host], "the host waiting for North", |a| online(a[0]).awaited() == [Seat::North]);
    // A newcomer with a key of its own watches: North stays its holder's.
    let mut intruder = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host], &mut [&mut intruder], "the intruder told the game", |_, r| {
        r[0].host.is_some_and(|h| r[0].count(h, "welcome") > 0)
    });
    assert_eq!(online(&host).referee.holder(Seat::North), Some(&SeatHolder::Guest(holder)));
    assert_eq!(online(&host).awaited(), [Seat::North], "North is still awaited");
    assert_eq!(online(&host).watchers(), 1);
    // Its move for North, legal and on North's turn, is refused.
    let before = record(&host);
    let host_peer = intruder.host.unwrap();
    intruder.send(host_peer, &move_message(&game(&host), 0));
    pump(&mut [&mut host], &mut [&mut intruder], 40);
    assert_eq!(record(&host), before);
    assert!(refusal(&host).contains("does not hold"), "{}", refusal(&host));
    // A thief showing the holder's public key cannot prove it.
    let mut thief = RawPeer::new(&server, code, random_key(&mut rng));
    thief.says_hello = false;
    run_raw_until(&mut [&mut host], &mut [&mut thief], "the host's greeting", |_, r| r[0].host.is_some());
    let thief_host = thief.host.unwrap();
    let Some((_, Message::Host { challenge, .. })) = thief.messages.iter().find(|(_, m)| m.kind() == "host")
    else {
        unreachable!()
    };
    let Message::Hello { challenge: own, proof, .. } = online_protocol::hello(
        code,
        &thief.key,
        *challenge,
        online_protocol::Challenge::from_random([3; 16]),
    ) else {
        unreachable!()
    };
    thief.send_raw(
        thief_host,
        online_protocol::encode(&Message::Hello { key: holder, challenge: own, proof }),
    );
    pump(&mut [&mut host], &mut [&mut thief, &mut intruder], 40);
    assert!(refusal(&host).contains("proof"), "{}", refusal(&host));
    assert_eq!(online(&host).awaited(), [Seat::North], "the thief took nothing");
    // Nothing the room's peers received holds a secret: not the guest's
    // (kept in its data folder), not the host's (kept with its game).
    let guest_secret =
        std::fs::read_to_string(dir.join("g").join(format!("online-{}.txt", code.room_name()))).unwrap();
    let host_secret = host.world().resource::<Match>().room().expect("the host's room").key.clone();
    for (peer, bytes) in intruder.received.iter().chain(&thief.received) {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains(guest_secret.trim()), "{peer} received the guest's secret");
        assert!(!text.contains(&host_secret), "{peer} received the host's secret");
    }
    // The holder comes back with its key and gets its seat.
    let mut guest2 = guest(&server, code, &dir.join("g"));
    run_until(&mut [&mut host, &mut guest2], "the holder back", |a| connected(a[0]) && connected(a[1]));
    assert!(online(&guest2).referee.is_mine(Seat::North));
    play(&mut [&mut host, &mut guest2], &mut rng, 2);
}

#[test]
fn a_peer_joining_a_full_room_watches_the_whole_game_and_cannot_touch_it() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arcanor::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let mut player = guest(&server, code, &dir.join("p"));
    run_until(&mut [&mut host, &mut player], "connected", |a| connected(a[0]) && connected(a[1]));
    let mut watcher = guest(&server, code, &dir.join("w"));
    run_until(&mut [&mut host, &mut player, &mut watcher], "the watcher connected", |a| connected(a[2]));
    assert!(online(&watcher).is_watching());
    assert_eq!(online(&host).watchers(), 1);
    assert_eq!(record(&watcher), record(&host));
    let copy = watcher.world().resource::<Match>();
    assert!(copy.seat_list().iter().all(|(_, _, kind)| *kind == PlayerKind::Remote));
    assert!(!copy.is_saved(), "a watcher's copy does not replace its own game's autosave");
    // A raw watcher tries everything a player may do.
    let mut rng = StdRng::seed_from_u64(21);
    let mut raw = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(
        &mut [&mut host, &mut player, &mut watcher],
        &mut [&mut raw],
        "the raw watcher told the game",
        |a, r| r[0].host.is_some_and(|h| r[0].count(h, "welcome") > 0) && online(a[0]).watchers() == 2,
    );
    let host_peer = raw.host.unwrap();
    play(&mut [&mut host, &mut player, &mut watcher], &mut rng, 3);
    let before = record(&host);
    let to_move = host.world().resource::<Match>().to_move();
    let attempts = [
        (move_message(&game(&host), 0), "does not hold"),
        (Message::Resign { ply: 4, seat: to_move }, "does not hold"),
        (Message::UndoRequest { ply: 0 }, "holding no seat"),
        (Message::UndoRequest { ply: 1 }, "holding no seat"),
    ];
    for (message, expected) in attempts {
        raw.send(host_peer, &message);
        pump(&mut [&mut host, &mut player, &mut watcher], &mut [&mut raw], 30);
        assert_eq!(record(&host), before);
        assert!(refusal(&host).contains(expected), "{expected:?}: {}", refusal(&host));
        assert!(online(&host).undo_question().is_none());
    }
    // The watcher can review the game on its own screen.
    watcher.world_mut().write_message(HistoryCommand::Review(1));
    watcher.update();
    assert_eq!(watcher.world().resource::<Match>().reviewing(), Some(1));
    watcher.world_mut().write_message(HistoryCommand::EndReview);
    watcher.update();
    // The whole game: every move reaches the watcher (`play` checks every
    // screen shows the same game after each ply).
    play(&mut [&mut host, &mut player, &mut watcher], &mut rng, 3000);
    let end = host.world().resource::<Match>().outcome();
    assert!(end.is_some());
    assert_eq!(watcher.world().resource::<Match>().outcome(), end);
    assert_eq!(record(&watcher), record(&host));
    // Over, its rematch is refused: no question, the game stays.
    raw.send(host_peer, &Message::Rematch {});
    pump(&mut [&mut host, &mut player, &mut watcher], &mut [&mut raw], 30);
    assert!(!online(&host).rematch_question());
    assert!(refusal(&host).contains("holding no seat"), "{}", refusal(&host));
    assert_eq!(host.world().resource::<Match>().outcome(), end);
}
