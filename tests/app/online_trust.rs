//! Online play a guest can trust, through a real `matchbox_server`: the
//! host proved by the key its room is named after, seats held by their
//! keys, peers watching a full room, and what a peer in the room can make
//! us do (questions, floods, ghosts, the clocks).

use std::time::Duration;

use arkes::online::{OnlineLimits, OnlineNote, OnlineState, QuestionReply};
use arkes::options::PlayerKind;
use arkes::play::{HistoryCommand, Match, MoveCommand};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_matchbox::prelude::PeerId;
use game_core::Seat;
use games::AnyGame;
use online_protocol::{Message, SeatHolder};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::net::{
    RawPeer, Server, connected, guest, guest_key, host, online, play, random_key, record, run_raw_until,
    run_until, tempdir,
};

/// Updates `apps` and `raw` for `frames` frames, 5 ms of real time each.
fn pump(apps: &mut [&mut App], raw: &mut [&mut RawPeer], frames: usize) {
    for _ in 0..frames {
        for app in apps.iter_mut() {
            app.update();
        }
        for peer in raw.iter_mut() {
            peer.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn game(app: &App) -> AnyGame {
    app.world().resource::<Match>().game().clone()
}

/// The move message of the `index`-th legal move of the seat to move in
/// `game`, with its ply and hash.
fn move_message(game: &AnyGame, index: usize) -> Message {
    let mut after = game.clone();
    let action = after.legal_actions()[index];
    let mv = after.action_text(action).unwrap();
    let seat = after.to_move();
    after.play(action).unwrap();
    Message::Move {
        ply: u32::try_from(after.ply_count()).unwrap(),
        seat,
        mv,
        hash: online_protocol::hash_text(after.position().hash()),
    }
}

/// The last refusal noted on `app`'s screen.
fn refusal(app: &App) -> String {
    online(app).last_refusal.clone().unwrap_or_default()
}

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

#[test]
fn a_room_takes_so_many_peers_and_watchers() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    host.insert_resource(OnlineLimits { max_peers: 3, max_watchers: 1 });
    let code = online(&host).code;
    let mut rng = StdRng::seed_from_u64(3);
    let mut seated = RawPeer::new(&server, code, random_key(&mut rng));
    let mut watching = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host], &mut [&mut seated, &mut watching], "a player and a watcher", |a, _| {
        online(a[0]).awaited().is_empty() && online(a[0]).watchers() == 1
    });
    // A second watcher is one too many: told so.
    let mut second = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host], &mut [&mut second], "the second watcher refused", |_, r| {
        r[0].host.is_some_and(|h| r[0].count(h, "refused") > 0)
    });
    assert_eq!(online(&host).watchers(), 1);
    // A fourth peer is not even greeted.
    let mut fourth = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(
        &mut [&mut host],
        &mut [&mut fourth, &mut seated, &mut watching, &mut second],
        "the fourth peer in the room",
        |_, r| r[0].peers.len() == 4,
    );
    pump(&mut [&mut host], &mut [&mut fourth], 60);
    assert!(fourth.host.is_none() && fourth.received.is_empty(), "the host greeted a peer past its limit");
}

#[test]
fn a_peer_flooding_thousands_of_messages_leaves_the_game_playable() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let mut player = guest(&server, code, &dir.join("p"));
    run_until(&mut [&mut host, &mut player], "connected", |a| connected(a[0]) && connected(a[1]));
    let mut rng = StdRng::seed_from_u64(5);
    let mut flood = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host, &mut player], &mut [&mut flood], "the flooder told the game", |_, r| {
        r[0].host.is_some_and(|h| r[0].count(h, "welcome") > 0)
    });
    let host_peer = flood.host.unwrap();
    let (welcomes, refusals) = (flood.count(host_peer, "welcome"), flood.count(host_peer, "refused"));
    let host_frames_before = host.world().resource::<Time>().elapsed();
    // Thousands of messages at once: record requests, undo requests it may
    // not make, garbage, oversized frames.
    for i in 0..4000 {
        match i % 4 {
            0 => flood.send(host_peer, &Message::RecordRequest {}),
            1 => flood.send(host_peer, &Message::UndoRequest { ply: 0 }),
            2 => flood.send_raw(host_peer, b"\x00 not json at all".to_vec()),
            _ => flood.send_raw(host_peer, vec![b'x'; 4000]),
        }
    }
    // The game goes on, every move on both screens.
    play(&mut [&mut host, &mut player], &mut rng, 12);
    pump(&mut [&mut host, &mut player], &mut [&mut flood], 100);
    assert_eq!(record(&player), record(&host));
    assert!(host.world().resource::<Match>().game().ply_count() >= 12);
    assert_eq!(online(&host).state, OnlineState::Connected);
    assert!(online(&host).undo_question().is_none());
    // The host read a few, dropped the rest, and said so.
    assert_eq!(online(&host).note, Some(OnlineNote::Flood), "{}", refusal(&host));
    assert!(refusal(&host).contains("too many"), "{}", refusal(&host));
    // What the flood cost: a record at most every 2 s of the host's time,
    // a few refusals every 10 s, none over 200 bytes.
    let seconds = (host.world().resource::<Time>().elapsed() - host_frames_before).as_secs_f64();
    let new_welcomes = flood.count(host_peer, "welcome") - welcomes;
    let new_refusals = flood.count(host_peer, "refused") - refusals;
    assert!(new_welcomes as f64 <= seconds / 2.0 + 2.0, "{new_welcomes} records in {seconds:.1} s");
    assert!(new_refusals as f64 <= 5.0 * (seconds / 10.0 + 1.0), "{new_refusals} refusals in {seconds:.1} s");
    for (_, message) in &flood.messages {
        if let Message::Refused { reason } = message {
            assert!(reason.len() <= online_protocol::MAX_FIELD_BYTES, "{reason}");
        }
    }
}

#[test]
fn a_hello_read_after_its_peer_left_seats_no_ghost() {
    let server = Server::start();
    let dir = tempdir();
    // Three seats: West and North remote.
    let mut host = host(
        &server,
        games::arkes::KIND,
        vec![PlayerKind::Human, PlayerKind::Remote, PlayerKind::Remote],
        &dir.join("h"),
    );
    let code = online(&host).code;
    let mut rng = StdRng::seed_from_u64(8);
    // One peer says hello and stays; another says hello and leaves before
    // the host reads either hello.
    let mut stays = RawPeer::new(&server, code, random_key(&mut rng));
    let mut leaves = RawPeer::new(&server, code, random_key(&mut rng));
    stays.says_hello = false;
    leaves.says_hello = false;
    run_raw_until(&mut [&mut host], &mut [&mut stays, &mut leaves], "both greeted", |_, r| {
        r.iter().all(|p| p.host.is_some())
    });
    let (a, b) = (stays.host.unwrap(), leaves.host.unwrap());
    stays.say_hello(a);
    leaves.say_hello(b);
    for _ in 0..20 {
        stays.update();
        leaves.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(leaves);
    std::thread::sleep(Duration::from_millis(2500));
    pump(&mut [&mut host], &mut [&mut stays], 20);
    // The hello that stayed seats its peer; the other's seat is awaited.
    assert_eq!(online(&host).awaited().len(), 1, "{:?}", online(&host).referee.seats());
    assert_ne!(online(&host).state, OnlineState::Connected, "a seat counted as there with nobody there");
}

#[test]
fn questions_come_only_from_seated_peers_are_answered_only_by_the_peer_asked_and_lapse() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let mut rng = StdRng::seed_from_u64(12);
    let mut north = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host], &mut [&mut north], "North seated", |a, _| {
        online(a[0]).awaited().is_empty()
    });
    let mut watcher = RawPeer::new(&server, code, random_key(&mut rng));
    run_raw_until(&mut [&mut host], &mut [&mut north, &mut watcher], "a watcher", |a, _| {
        online(a[0]).watchers() == 1
    });
    let (n, w) = (north.host.unwrap(), watcher.host.unwrap());
    // South, North (the raw peer), South.
    let first = game(&host).legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(first));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 5);
    north.send(n, &move_message(&game(&host), 0));
    run_raw_until(&mut [&mut host], &mut [&mut north, &mut watcher], "North's move", |a, _| {
        game(a[0]).ply_count() == 2
    });
    let third = game(&host).legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(third));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 5);
    assert_eq!(game(&host).ply_count(), 3);
    let ask = |peer: &mut RawPeer, to: PeerId, message: Message, host: &mut App, others: &mut RawPeer| {
        peer.send(to, &message);
        pump(&mut [host], &mut [peer, others], 30);
    };
    // Taking back more than North's last move (ply 1), or from a watcher.
    ask(&mut north, n, Message::UndoRequest { ply: 0 }, &mut host, &mut watcher);
    assert!(refusal(&host).contains("undo to ply 0"), "{}", refusal(&host));
    assert!(online(&host).undo_question().is_none());
    ask(&mut watcher, w, Message::UndoRequest { ply: 1 }, &mut host, &mut north);
    assert!(refusal(&host).contains("holding no seat"), "{}", refusal(&host));
    assert!(online(&host).undo_question().is_none());
    // North's own: asked. Unanswered, it lapses after 30 s of the host's
    // time, and a later question is taken.
    ask(&mut north, n, Message::UndoRequest { ply: 1 }, &mut host, &mut watcher);
    assert_eq!(online(&host).undo_question(), Some(1));
    // Frames of a quarter of a second (Bevy's longest step), 33 s in all.
    host.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(250)));
    for _ in 0..132 {
        host.update();
    }
    host.insert_resource(TimeUpdateStrategy::ManualDuration(crate::common::STEP));
    assert!(online(&host).undo_question().is_none(), "the question lapsed");
    ask(&mut north, n, Message::UndoRequest { ply: 1 }, &mut host, &mut watcher);
    assert_eq!(online(&host).undo_question(), Some(1), "a later question is taken");
    host.world_mut().write_message(QuestionReply(false));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 20);
    assert!(
        north.messages.iter().any(|(p, m)| *p == n && *m == Message::UndoAnswer { ply: 1, accept: false })
    );
    // The host asks North to take back its last move (ply 2): only North's
    // answer for those plies counts.
    host.world_mut().write_message(HistoryCommand::Undo);
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 20);
    assert!(online(&host).undo_asked());
    ask(&mut watcher, w, Message::UndoAnswer { ply: 2, accept: true }, &mut host, &mut north);
    assert!(refusal(&host).contains("not asked"), "{}", refusal(&host));
    ask(&mut north, n, Message::UndoAnswer { ply: 0, accept: true }, &mut host, &mut watcher);
    assert!(refusal(&host).contains("not asked"), "{}", refusal(&host));
    assert!(online(&host).undo_asked(), "still waiting for North's answer");
    assert_eq!(game(&host).ply_count(), 3);
    ask(&mut north, n, Message::UndoAnswer { ply: 2, accept: true }, &mut host, &mut watcher);
    assert_eq!(game(&host).ply_count(), 2, "taken back as North agreed");
    // North resigns: the game is over. A watcher's rematch is refused; North's
    // is asked of the host's screen and waits for it.
    let ply = u32::try_from(game(&host).ply_count() + 1).unwrap();
    let south_again = game(&host).legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(south_again));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 20);
    ask(&mut north, n, Message::Resign { ply: ply + 1, seat: Seat::North }, &mut host, &mut watcher);
    let end = host.world().resource::<Match>().outcome();
    assert!(end.is_some(), "North resigned");
    ask(&mut watcher, w, Message::Rematch {}, &mut host, &mut north);
    assert!(!online(&host).rematch_question());
    assert!(refusal(&host).contains("holding no seat"), "{}", refusal(&host));
    ask(&mut north, n, Message::Rematch {}, &mut host, &mut watcher);
    assert!(online(&host).rematch_question());
    assert_eq!(
        host.world().resource::<Match>().outcome(),
        end,
        "nothing replaced without the host's consent"
    );
    host.world_mut().write_message(QuestionReply(false));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 20);
    assert_eq!(host.world().resource::<Match>().outcome(), end);
    assert!(
        north
            .messages
            .iter()
            .any(|(_, m)| matches!(m, Message::Refused { reason } if reason.contains("declined")))
    );
    ask(&mut north, n, Message::Rematch {}, &mut host, &mut watcher);
    host.world_mut().write_message(QuestionReply(true));
    pump(&mut [&mut host], &mut [&mut north, &mut watcher], 20);
    assert_eq!(game(&host).ply_count(), 0, "the rematch, as the host agreed");
    assert_eq!(host.world().resource::<Match>().outcome(), None);
}

#[test]
fn r15_the_host_reviewing_the_game_does_not_stop_the_clocks() {
    let server = Server::start();
    let dir = tempdir();
    let mut host = crate::online::timed_host(&server, 20_000, &dir.join("h"));
    let mut friend = guest(&server, online(&host).code, &dir.join("g"));
    run_until(&mut [&mut host, &mut friend], "connected", |a| connected(a[0]) && connected(a[1]));
    let first = game(&host).legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(first));
    run_until(&mut [&mut host, &mut friend], "the move on both", |a| {
        game(a[0]).ply_count() == 1 && record(a[0]) == record(a[1])
    });
    host.world_mut().write_message(HistoryCommand::Review(0));
    host.update();
    assert_eq!(host.world().resource::<Match>().reviewing(), Some(0));
    let north = crate::online::clock(&host, Seat::North);
    for _ in 0..40 {
        host.update();
        friend.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let ran = north - crate::online::clock(&host, Seat::North);
    assert!(ran >= 1_500, "North's clock ran {ran} ms in 40 frames of 50 ms while the host reviewed");
    assert!(
        !friend.world().resource::<arkes::play::ClockControl>().paused,
        "the guest is told the clocks run"
    );
}
