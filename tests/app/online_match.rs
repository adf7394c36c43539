//! Online games through a real `matchbox_server` on 127.0.0.1, once they
//! are under way: undo by consent, resigning, the host's clocks (R15), and
//! saved online games continued in their room.

use std::time::Duration;

use arkes::GameOptions;
use arkes::online::{Online, OnlineState};
use arkes::options::PlayerKind;
use arkes::play::{Match, MatchCommand, MoveCommand};
use arkes::storage::Store;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use game_core::Seat;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::net::{Server, connected, guest, host, online, peer, play, record, run_until, tempdir};

#[test]
fn an_undo_online_needs_the_other_sides_consent() {
    use arkes::online::QuestionReply;
    use arkes::play::HistoryCommand;
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arkes::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let code = online(&host).code;
    let mut guest = guest(&server, code, &dir.join("g"));
    run_until(&mut [&mut host, &mut guest], "connected", |a| connected(a[0]) && connected(a[1]));
    let mut rng = StdRng::seed_from_u64(2);
    play(&mut [&mut host, &mut guest], &mut rng, 2);
    let plies = |a: &App| a.world().resource::<Match>().game().ply_count();
    // The guest (North) asks to take back its move: the host is asked.
    guest.world_mut().write_message(HistoryCommand::Undo);
    run_until(&mut [&mut host, &mut guest], "the host asked", |a| online(a[0]).undo_question() == Some(1));
    assert!(online(&guest).undo_asked());
    assert_eq!(plies(&guest), 2, "asking takes nothing back by itself");
    // Refused: nothing changes, the guest is told.
    host.world_mut().write_message(QuestionReply(false));
    run_until(&mut [&mut host, &mut guest], "the refusal heard", |a| online(a[1]).undo_refused);
    assert_eq!((plies(&host), plies(&guest)), (2, 2));
    assert!(online(&host).undo_question().is_none());
    // Asked again and allowed: both screens go back to North's turn.
    guest.world_mut().write_message(HistoryCommand::Undo);
    run_until(&mut [&mut host, &mut guest], "the host asked again", |a| {
        online(a[0]).undo_question() == Some(1)
    });
    host.world_mut().write_message(QuestionReply(true));
    run_until(&mut [&mut host, &mut guest], "the move taken back on both", |a| {
        plies(a[0]) == 1 && plies(a[1]) == 1 && record(a[0]) == record(a[1])
    });
    assert_eq!(guest.world().resource::<Match>().to_move(), Seat::North);
    assert!(!online(&guest).undo_asked() && !online(&guest).undo_refused);
    // The game goes on from there.
    play(&mut [&mut host, &mut guest], &mut rng, 3);
}

#[test]
fn a_resignation_online_ends_the_game_on_both_screens() {
    let server = Server::start();
    let dir = tempdir();
    let mut host =
        host(&server, games::arcanor::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &dir.join("h"));
    let mut friend = guest(&server, online(&host).code, &dir.join("g"));
    run_until(&mut [&mut host, &mut friend], "connected", |a| connected(a[0]) && connected(a[1]));
    let mut rng = StdRng::seed_from_u64(11);
    play(&mut [&mut host, &mut friend], &mut rng, 3);
    // North (the guest) to move: the host cannot resign for it.
    assert_eq!(host.world().resource::<Match>().to_move(), Seat::North);
    host.world_mut().write_message(arkes::play::ResignCommand(Seat::South));
    friend.world_mut().write_message(arkes::play::ResignCommand(Seat::North));
    run_until(&mut [&mut host, &mut friend], "South's win on both screens", |a| {
        a.iter()
            .all(|a| a.world().resource::<Match>().outcome().and_then(|o| o.winner()) == Some(Seat::South))
    });
    assert_eq!(record(&host), record(&friend));
    assert!(host.world().resource::<Match>().game().is_resignation(4));
}

/// `seat`'s clock on `app`'s screen, in ms.
/// A host of an ARKES game, South here and North remote, with clocks of
/// `initial_ms` each and no increment (R15).
pub(crate) fn timed_host(server: &Server, initial_ms: u64, store: &std::path::Path) -> App {
    let limits = game_core::Limits {
        clock: Some(game_core::Clock::new(initial_ms, 0).unwrap()),
        ..Default::default()
    };
    peer(
        GameOptions {
            players: 2,
            kinds: vec![PlayerKind::Human, PlayerKind::Remote],
            limits,
            signal: Some(server.url()),
            ..GameOptions::default()
        },
        store,
    )
}

pub(crate) fn clock(app: &App, seat: Seat) -> u64 {
    app.world().resource::<Match>().game().clock_ms(seat).expect("a clocked game")
}

#[test]
fn r15_online_clocks_are_the_host_s_stop_while_a_player_is_awaited_and_time_out_everywhere() {
    let server = Server::start();
    let dir = tempdir();
    let mut host = timed_host(&server, 20_000, &dir.join("host"));
    let code = online(&host).code;
    // No clock runs before the friend arrives.
    for _ in 0..20 {
        host.update();
    }
    assert_eq!(clock(&host, Seat::South), 20_000, "South's clock ran with nobody to play");
    // The guest's frames are twice as long as the host's: left to itself
    // its clocks would run twice as fast, and North's would run out first.
    let mut guest1 = guest(&server, code, &dir.join("guest"));
    guest1.insert_resource(TimeUpdateStrategy::ManualDuration(2 * crate::common::STEP));
    run_until(&mut [&mut host, &mut guest1], "host and guest connected", |a| {
        connected(a[0]) && connected(a[1])
    });
    for _ in 0..20 {
        host.update();
        guest1.update();
    }
    let south = clock(&host, Seat::South);
    assert!(south < 20_000 - 900, "South's clock runs once everyone is here: {south} ms");
    // South moves; North's clock runs. Between the host's readings (every
    // 3 s) the guest's runs ahead, but never by more than one period's
    // worth: without the readings it would be 10 s ahead after these 10 s.
    let action = host.world().resource::<Match>().game().legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(action));
    run_until(&mut [&mut host, &mut guest1], "the move on both screens", |a| record(a[1]) == record(a[0]));
    let mut widest = 0;
    for _ in 0..200 {
        host.update();
        guest1.update();
        std::thread::sleep(Duration::from_millis(2));
        let gap = clock(&host, Seat::North).abs_diff(clock(&guest1, Seat::North));
        widest = widest.max(gap);
    }
    assert!(widest <= 3_400, "the guest's North clock strayed {widest} ms from the host's");
    assert!(clock(&host, Seat::North) < 20_000 - 9_000, "North's clock ran on the host");
    // The guest's record still replays (its clocks were set to readings).
    let copy = guest1.world().resource::<Match>();
    assert!(copy.game().position_after(copy.game().ply_count()).is_some());
    arkes::saves::decode(&arkes::saves::encode(copy).unwrap()).expect("the guest's copy loads");
    // The guest's device goes away: the host's clocks stop until it is back.
    for _ in 0..10 {
        host.update();
        guest1.update();
    }
    drop(guest1);
    run_until(&mut [&mut host], "the host waiting for North", |a| online(a[0]).state == OnlineState::Waiting);
    let north = clock(&host, Seat::North);
    for _ in 0..40 {
        host.update();
    }
    assert_eq!(clock(&host, Seat::North), north, "North's clock ran while North was away");
    let mut guest2 = guest(&server, code, &dir.join("guest"));
    guest2.insert_resource(TimeUpdateStrategy::ManualDuration(2 * crate::common::STEP));
    run_until(&mut [&mut host, &mut guest2], "the guest back", |a| connected(a[0]) && connected(a[1]));
    // North's time runs out on the host's clock; the guest, whose clocks
    // run fast, never ends the game first, and then shows the same end.
    run_until(&mut [&mut host, &mut guest2], "North's time-out on both screens", |a| {
        let (h, g) = (a[0].world().resource::<Match>(), a[1].world().resource::<Match>());
        assert!(
            g.outcome().is_none() || h.outcome().is_some(),
            "the guest ended the game before the host's clock did"
        );
        h.outcome().is_some() && g.outcome() == h.outcome()
    });
    let (h, g) = (host.world().resource::<Match>(), guest2.world().resource::<Match>());
    assert_eq!(h.game().ply_count(), 2, "a move and North's time-out");
    assert_eq!(g.game().ply_count(), 2);
    assert_eq!(g.game().ply_texts(), h.game().ply_texts());
    assert_eq!(clock(&host, Seat::North), 0);
    assert_eq!(clock(&guest2, Seat::North), 0);
}

/// What the autosave writes after each ply (the test apps run without the
/// screens' plugins): the match, its room with it.
fn autosave(app: &App, store: &std::path::Path) {
    let game = app.world().resource::<Match>();
    assert!(game.is_saved(), "an online game is saved like any other");
    arkes::saves::save(&Store::in_dir(store), arkes::saves::AUTOSAVE, game).unwrap();
}

/// A device restarted with no options (a local game first) that continues
/// its autosave.
fn continue_autosave(server: &Server, store: &std::path::Path) -> App {
    let mut app = peer(GameOptions { signal: Some(server.url()), ..GameOptions::default() }, store);
    assert!(app.world().get_resource::<Online>().is_none(), "a local game first");
    let saved = arkes::saves::load(&Store::in_dir(store), arkes::saves::AUTOSAVE).expect("the autosave");
    assert!(saved.room().is_some(), "the save keeps its room");
    app.world_mut().write_message(MatchCommand::Replace(Box::new(saved)));
    // One frame applies the match, the next opens or joins its room.
    app.update();
    app.update();
    app
}

#[test]
fn a_host_continuing_its_saved_game_opens_the_same_room_and_a_guest_continues_its_copy() {
    let server = Server::start();
    let dir = tempdir();
    let (host_dir, guest_dir) = (dir.join("host"), dir.join("guest"));
    let mut host1 =
        host(&server, games::arcanor::KIND, vec![PlayerKind::Human, PlayerKind::Remote], &host_dir);
    let code = online(&host1).code;
    let mut guest1 = guest(&server, code, &guest_dir);
    run_until(&mut [&mut host1, &mut guest1], "connected", |a| connected(a[0]) && connected(a[1]));
    let mut rng = StdRng::seed_from_u64(8);
    play(&mut [&mut host1, &mut guest1], &mut rng, 6);
    // The host's device restarts (a reload, a crash) and continues its game.
    autosave(&host1, &host_dir);
    drop(host1);
    run_until(&mut [&mut guest1], "the guest waiting for the host", |a| {
        online(a[0]).state == OnlineState::Waiting
    });
    let mut host2 = continue_autosave(&server, &host_dir);
    assert_eq!(online(&host2).code, code, "the same room, so the guest finds it");
    assert!(online(&host2).is_host());
    run_until(&mut [&mut host2, &mut guest1], "the guest back with the host", |a| {
        connected(a[0]) && connected(a[1])
    });
    assert_eq!(record(&guest1), record(&host2));
    assert_eq!(host2.world().resource::<Match>().game().ply_count(), 6, "no move lost");
    assert!(online(&guest1).referee.is_mine(Seat::North), "the guest keeps its seat");
    play(&mut [&mut host2, &mut guest1], &mut rng, 4);
    // Now the guest's device restarts and continues its own saved copy.
    autosave(&guest1, &guest_dir);
    drop(guest1);
    run_until(&mut [&mut host2], "the host waiting for North", |a| {
        online(a[0]).state == OnlineState::Waiting
    });
    let mut guest2 = continue_autosave(&server, &guest_dir);
    assert_eq!(online(&guest2).code, code);
    assert!(!online(&guest2).is_host());
    run_until(&mut [&mut host2, &mut guest2], "the guest back", |a| connected(a[0]) && connected(a[1]));
    assert_eq!(record(&guest2), record(&host2));
    assert_eq!(guest2.world().resource::<Match>().game().ply_count(), 10);
    assert!(online(&guest2).referee.is_mine(Seat::North));
    play(&mut [&mut host2, &mut guest2], &mut rng, 2000);
    assert!(host2.world().resource::<Match>().outcome().is_some());
    assert_eq!(guest2.world().resource::<Match>().outcome(), host2.world().resource::<Match>().outcome());
}

/// The guest moves while the host's clock has already run out for it (the
/// move and the host's time-out cross on the way): the host refuses the
/// move and sends its record, and both screens end on the time-out.
#[test]
fn r15_a_move_crossing_the_host_s_time_out_gives_way_to_the_host_s_record() {
    let server = Server::start();
    let dir = tempdir();
    let mut host = timed_host(&server, 3_000, &dir.join("host"));
    let mut friend = guest(&server, online(&host).code, &dir.join("guest"));
    run_until(&mut [&mut host, &mut friend], "connected", |a| connected(a[0]) && connected(a[1]));
    let action = host.world().resource::<Match>().game().legal_actions()[0];
    host.world_mut().write_message(MoveCommand::from(action));
    run_until(&mut [&mut host, &mut friend], "South's move on both screens", |a| {
        record(a[0]) == record(a[1])
    });
    // Only the host's frames run: North's time runs out there.
    while host.world().resource::<Match>().outcome().is_none() {
        host.update();
    }
    // The guest, not yet told, moves North.
    let reply = friend.world().resource::<Match>().game().legal_actions()[0];
    friend.world_mut().write_message(MoveCommand::from(reply));
    for _ in 0..3 {
        friend.update();
    }
    let m = friend.world().resource::<Match>();
    assert_eq!(m.game().ply_count(), 2, "the guest played its move: {:?}", m.game().ply_texts());
    run_until(&mut [&mut host, &mut friend], "the host's time-out on both screens", |a| {
        a[1].world().resource::<Match>().outcome().is_some() && record(a[0]) == record(a[1])
    });
    let m = friend.world().resource::<Match>();
    assert_eq!(m.outcome(), host.world().resource::<Match>().outcome());
    assert_eq!(m.game().ply_texts().last(), Some(&None), "the last ply is North's time-out");
}
