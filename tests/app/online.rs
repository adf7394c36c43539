//! Online play between headless apps through a real `matchbox_server` on
//! 127.0.0.1: whole games of both games, a guest dropping and rejoining
//! midway, a three-peer ARKES game, a peer sending garbage, joining by the
//! Join screen, rooms opened and closed (undo, resigning, clocks and saved
//! online games: `online_match.rs`; what a peer may not do:
//! `online_trust.rs`).

use std::time::Duration;

use arkes::GameOptions;
use arkes::online::{Online, OnlineState};
use arkes::options::PlayerKind;
use arkes::play::{GameLogicPlugin, Match, MatchCommand, MoveCommand};
use arkes::settings::AnimationSettings;
use bevy::prelude::*;
use game_core::Seat;
use online_protocol::{Challenge, Message, PeerKey};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::net::{
    RawPeer, Server, connected, guest, guest_key, host, online, peer, play, record, run_raw_until, run_until,
    tempdir,
};

#[test]
fn two_peers_play_a_whole_game_of_each_game_and_a_guest_rejoins_midway() {
    let server = Server::start();
    for (game, seed) in [(games::arkes::KIND, 3), (games::arcanor::KIND, 4)] {
        let dir = tempdir();
        let mut host = host(&server, game, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("host"));
        let code = online(&host).code;
        assert_eq!(online(&host).state, OnlineState::Hosting);
        assert_eq!(online(&host).awaited(), [Seat::North]);
        let mut guest1 = guest(&server, code, &dir.join("guest"));
        run_until(&mut [&mut host, &mut guest1], "host and guest connected", |a| {
            connected(a[0]) && connected(a[1])
        });
        assert_eq!(record(&guest1), record(&host));
        assert!(online(&guest1).referee.is_mine(Seat::North));
        let mut rng = StdRng::seed_from_u64(seed);
        play(&mut [&mut host, &mut guest1], &mut rng, 12);
        // The guest's device goes away (a reload): the host waits for it.
        drop(guest1);
        run_until(&mut [&mut host], "the host waiting for North", |a| {
            online(a[0]).state == OnlineState::Waiting && online(a[0]).awaited() == [Seat::North]
        });
        // It comes back with the key it kept and gets its seat and the game.
        let mut guest2 = guest(&server, code, &dir.join("guest"));
        run_until(&mut [&mut host, &mut guest2], "the guest back", |a| connected(a[0]) && connected(a[1]));
        assert_eq!(record(&guest2), record(&host), "the rejoining guest has every move");
        assert!(online(&guest2).referee.is_mine(Seat::North));
        play(&mut [&mut host, &mut guest2], &mut rng, 2000);
        let m = host.world().resource::<Match>();
        assert!(m.outcome().is_some(), "{}: the game ended", game.id());
        assert_eq!(guest2.world().resource::<Match>().outcome(), m.outcome());
        // The guest's game-over banner asks for a rematch: the host's screen
        // is asked; allowed, the host starts it, South still moves first and
        // the players swap seats (R2, A1).
        let rematch = guest2.world().resource::<Match>().rematch();
        guest2.world_mut().write_message(MatchCommand::Replace(Box::new(rematch)));
        run_until(&mut [&mut host, &mut guest2], "the host asked for a rematch", |a| {
            online(a[0]).rematch_question()
        });
        host.world_mut().write_message(arkes::online::QuestionReply(true));
        run_until(&mut [&mut host, &mut guest2], "the rematch on both screens, the guest at South", |a| {
            a.iter().all(|a| a.world().resource::<Match>().outcome().is_none())
                && record(a[0]) == record(a[1])
                && online(a[1]).referee.is_mine(Seat::South)
        });
        assert_eq!(host.world().resource::<Match>().seat(Seat::South).kind, PlayerKind::Remote);
        assert!(online(&guest2).referee.is_mine(Seat::South), "{}: the guest now plays South", game.id());
        play(&mut [&mut host, &mut guest2], &mut rng, 4);
    }
}

#[test]
fn three_peers_play_arkes_with_a_seat_each() {
    let server = Server::start();
    let dir = tempdir();
    let mut host = host(
        &server,
        games::arkes::KIND,
        vec![PlayerKind::Human, PlayerKind::Remote, PlayerKind::Remote],
        &dir.join("h"),
    );
    let code = online(&host).code;
    let mut ann = guest(&server, code, &dir.join("ann"));
    run_until(&mut [&mut host, &mut ann], "ann seated", |a| connected(a[1]));
    assert_eq!(online(&host).state, OnlineState::Waiting, "one seat still awaited");
    let mut bob = guest(&server, code, &dir.join("bob"));
    run_until(&mut [&mut host, &mut ann, &mut bob], "everyone connected", |a| a.iter().all(|a| connected(a)));
    let seats: Vec<Seat> =
        [&ann, &bob].iter().flat_map(|g| online(g).referee.seats_of(&guest_key(g))).collect();
    assert_eq!(seats.len(), 2);
    assert_ne!(seats[0], seats[1]);
    let mut rng = StdRng::seed_from_u64(5);
    play(&mut [&mut host, &mut ann, &mut bob], &mut rng, 60);
    assert!(host.world().resource::<Match>().game().ply_count() >= 30);
    // A new game (the host's rematch); a guest resigns on its first turn:
    // its seat is out on every screen and the other two play on (R12).
    let rematch = host.world().resource::<Match>().rematch();
    host.world_mut().write_message(MatchCommand::Replace(Box::new(rematch)));
    run_until(&mut [&mut host, &mut ann, &mut bob], "the new game everywhere", |a| {
        a.iter().all(|a| a.world().resource::<Match>().game().ply_count() == 0 && connected(a))
            && record(a[0]) == record(a[1])
            && record(a[0]) == record(a[2])
    });
    let seats: Vec<Seat> =
        [&ann, &bob].iter().flat_map(|g| online(g).referee.seats_of(&guest_key(g))).collect();
    let mut apps = [&mut host, &mut ann, &mut bob];
    while !seats.contains(&apps[0].world().resource::<Match>().to_move()) {
        play(&mut apps, &mut rng, 1);
    }
    let (to_move, plies) = {
        let m = apps[0].world().resource::<Match>();
        (m.to_move(), m.game().ply_count())
    };
    let resigner = if online(apps[1]).referee.is_mine(to_move) { 1 } else { 2 };
    apps[resigner].world_mut().write_message(arkes::play::ResignCommand(to_move));
    run_until(&mut apps, "the resignation on every screen", |a| {
        a.iter().all(|a| a.world().resource::<Match>().game().ply_count() == plies + 1)
    });
    for app in apps.iter() {
        let m = app.world().resource::<Match>();
        assert!(m.game().is_resignation(plies + 1));
        assert!(!m.game().position().seats_in().contains(to_move), "{to_move:?} is out on every screen");
        assert_eq!(m.outcome(), None, "two seats play on");
    }
    assert!(record(apps[0]) == record(apps[1]) && record(apps[1]) == record(apps[2]));
    play(&mut apps, &mut rng, 6);
}

#[test]
fn a_peer_sending_garbage_or_moves_the_rules_forbid_changes_nothing() {
    let server = Server::start();
    let dir = tempdir();
    let mut host = host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir);
    let code = online(&host).code;
    let mut cheat = RawPeer::new(&server, code, PeerKey::from_secret([42; 32]));
    cheat.says_hello = false;
    run_raw_until(&mut [&mut host], &mut [&mut cheat], "the host's greeting", |_, r| r[0].host.is_some());
    let host_peer = cheat.host.unwrap();
    // South (the host's) moves first; then the cheat sends everything.
    let first = host.world().resource::<Match>().game().legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(first));
    host.update();
    let before = record(&host);
    let game = host.world().resource::<Match>().game().clone();
    let north = game.legal_actions()[0];
    let mut after = game.clone();
    after.play(north).unwrap();
    let north_text = game.action_text(north).unwrap();
    let hash = online_protocol::hash_text(after.position().hash());
    let moves = |mv: &str, ply: u32, seat: Seat, hash: &str| Message::Move {
        ply,
        seat,
        mv: mv.to_owned(),
        hash: hash.to_owned(),
    };
    let pump = |host: &mut App, cheat: &mut RawPeer| {
        for _ in 0..40 {
            host.update();
            cheat.update();
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    // Before a proven hello, nothing but a hello is read: garbage, other
    // versions, oversized frames, unsigned moves are dropped unread.
    let unproven: Vec<Vec<u8>> = vec![
        b"\x00\xff garbage".to_vec(),
        b"{\"v\":9,\"msg\":{\"kind\":\"rematch\"}}".to_vec(),
        vec![b' '; online_protocol::MAX_MESSAGE_BYTES + 1],
        online_protocol::encode(&moves(&north_text, 2, Seat::North, &hash)),
        br#"{"v":2,"msg":{"kind":"hello","peer":"0123456789abcdef"}}"#.to_vec(),
    ];
    for bytes in unproven {
        cheat.send_raw(host_peer, bytes);
        pump(&mut host, &mut cheat);
        assert_eq!(record(&host), before, "a message from the cheat changed the game");
    }
    assert_eq!(online(&host).awaited(), [Seat::North], "nothing seated the cheat");
    // A hello whose proof is not its key's (another's public key, its own
    // signature) is refused.
    let (key, challenge) = match cheat.messages.iter().find(|(_, m)| m.kind() == "host") {
        Some((_, Message::Host { key, challenge })) => (*key, *challenge),
        _ => unreachable!(),
    };
    assert!(code.is_hosted_by(&key));
    let Message::Hello { challenge: own, proof, .. } =
        online_protocol::hello(code, &cheat.key, challenge, Challenge::from_random([1; 16]))
    else {
        unreachable!()
    };
    let claimed = Message::Hello { key: PeerKey::from_secret([43; 32]).public(), challenge: own, proof };
    cheat.send_raw(host_peer, online_protocol::encode(&claimed));
    pump(&mut host, &mut cheat);
    let refusal = online(&host).last_refusal.clone().unwrap_or_default();
    assert!(refusal.contains("proof"), "expected a refusal of the proof, got {refusal:?}");
    assert_eq!(online(&host).awaited(), [Seat::North]);
    // A proven hello: the cheat holds North now. Signed, each message is
    // judged by the rules: South's move, an illegal one, a stale ply, a
    // false hash, a record (which only the host sends).
    cheat.say_hello(host_peer);
    run_raw_until(&mut [&mut host], &mut [&mut cheat], "the cheat seated", |a, _| {
        online(a[0]).awaited().is_empty()
    });
    let signed: Vec<(Message, &str)> = vec![
        (moves("a1-a2", 2, Seat::South, &hash), "does not hold"),
        (moves("a1-i9", 2, Seat::North, &hash), "not a legal move"),
        (moves(&north_text, 7, Seat::North, &hash), "numbered ply 7"),
        (moves(&north_text, 2, Seat::North, "0123456789abcdef"), "position after the move differs"),
        (
            Message::Welcome {
                game: "arkes".into(),
                record: serde_json::json!({}),
                seats: Vec::new(),
                watchers: 0,
            },
            "cannot come",
        ),
    ];
    for (message, expected) in signed {
        host.world_mut().resource_mut::<Online>().last_refusal = None;
        cheat.send(host_peer, &message);
        pump(&mut host, &mut cheat);
        assert_eq!(record(&host), before, "a message from the cheat changed the game");
        let refusal = online(&host).last_refusal.clone().unwrap_or_default();
        assert!(refusal.contains(expected), "expected a refusal saying {expected:?}, got {refusal:?}");
    }
    // A signed frame sent again (a replay) is refused.
    let mut replayed = cheat.sessions[&host_peer].clone();
    let frame = replayed.seal(&cheat.key, &moves(&north_text, 2, Seat::North, &hash));
    cheat.send_raw(host_peer, frame.clone());
    cheat.send_raw(host_peer, frame);
    run_raw_until(&mut [&mut host], &mut [&mut cheat], "the legal move played", |a, _| {
        a[0].world().resource::<Match>().game().ply_count() == 2
    });
    pump(&mut host, &mut cheat);
    assert_eq!(host.world().resource::<Match>().game().ply_count(), 2, "the replay played nothing");
    let refusal = online(&host).last_refusal.clone().unwrap_or_default();
    assert!(refusal.contains("numbered"), "the replay refused: {refusal:?}");
}

#[test]
fn a_friend_types_the_room_code_on_the_join_screen_and_gets_the_game() {
    use arkes::screens::Screen;
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arcanor::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    // The friend's whole game (screens and all), from its title screen; the
    // signalling server as a setting of the session.
    let (store, _) = crate::flow::temp_store("join-screen");
    let mut friend = crate::common::headless_app();
    friend.insert_resource(store);
    friend.insert_resource(AnimationSettings { speed: 0.0 });
    friend.add_plugins((
        GameLogicPlugin {
            options: GameOptions { skip_title: false, signal: Some(server.url()), ..GameOptions::default() },
        },
        arkes::FlowPlugin,
    ));
    for _ in 0..3 {
        friend.update();
    }
    crate::flow::press(&mut friend, "join");
    assert_eq!(crate::flow::screen(&friend), Screen::Join);
    // A wrong code first: too short, refused, nothing joined.
    crate::flow::press(&mut friend, "key-7");
    crate::flow::press(&mut friend, "join");
    assert_eq!(crate::flow::screen(&friend), Screen::Join, "a short code joins nothing");
    assert!(friend.world().get_resource::<Online>().is_none());
    crate::flow::press(&mut friend, "erase");
    for c in code.room_name().chars() {
        crate::flow::press(&mut friend, &format!("key-{c}"));
    }
    crate::flow::press(&mut friend, "join");
    assert_eq!(crate::flow::screen(&friend), Screen::Gameplay);
    assert_eq!(online(&friend).code, code);
    run_until(&mut [&mut host, &mut friend], "the friend connected", |a| connected(a[0]) && connected(a[1]));
    assert_eq!(record(&friend), record(&host));
    assert_eq!(
        friend.world().resource::<Match>().kind(),
        games::arcanor::KIND,
        "the host's game, not the title's"
    );
    let mut rng = StdRng::seed_from_u64(8);
    play(&mut [&mut host, &mut friend], &mut rng, 6);
}

#[test]
fn a_game_without_remote_seats_opens_no_room_and_a_local_game_closes_one() {
    let dir = tempdir();
    // No signalling server listens on port 9: a room opened would only fail.
    let signal = Some("ws://127.0.0.1:9".to_owned());
    let mut local = peer(
        GameOptions {
            kinds: vec![PlayerKind::Human, PlayerKind::Easy],
            signal: signal.clone(),
            ..GameOptions::default()
        },
        &dir.join("local"),
    );
    for _ in 0..5 {
        local.update();
    }
    assert!(local.world().get_resource::<Online>().is_none(), "no room without a remote seat");
    let mut hosting = peer(
        GameOptions { kinds: vec![PlayerKind::Human, PlayerKind::Remote], signal, ..GameOptions::default() },
        &dir.join("host"),
    );
    assert!(hosting.world().get_resource::<Online>().is_some());
    let game = hosting.world().resource::<Match>().game().restarted();
    let seats = game.seat_order().into_iter().map(|s| (s, String::new(), PlayerKind::Human)).collect();
    hosting.world_mut().write_message(MatchCommand::Replace(Box::new(Match::new(game, seats))));
    for _ in 0..3 {
        hosting.update();
    }
    assert!(hosting.world().get_resource::<Online>().is_none(), "a local game closes the room");
}
