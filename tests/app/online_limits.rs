//! What a peer in an online room can make us do, through a real
//! `matchbox_server`: how many peers and watchers a room takes, floods,
//! a ghost's hello, questions (undo, rematch) and the clocks.

use std::time::Duration;

use arkes::online::{OnlineLimits, OnlineNote, OnlineState, QuestionReply};
use arkes::options::PlayerKind;
use arkes::play::{HistoryCommand, Match, MoveCommand};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_matchbox::prelude::PeerId;
use game_core::Seat;
use online_protocol::Message;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::net::{
    RawPeer, Server, connected, game, guest, host, move_message, online, play, pump, random_key, record,
    refusal, run_raw_until, run_until, tempdir,
};

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
    let mut host = crate::online_match::timed_host(&server, 20_000, &dir.join("h"));
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
    let north = crate::online_match::clock(&host, Seat::North);
    for _ in 0..40 {
        host.update();
        friend.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let ran = north - crate::online_match::clock(&host, Seat::North);
    assert!(ran >= 1_500, "North's clock ran {ran} ms in 40 frames of 50 ms while the host reviewed");
    assert!(
        !friend.world().resource::<arkes::play::ClockControl>().paused,
        "the guest is told the clocks run"
    );
}
