//! Headless tests of saves: the autosave and Continue, save files that must
//! never hurt a good save, and games saved with their online room.

use arkes::play::Match;
use arkes::saves::{self, AUTOSAVE};
use arkes::screens::Screen;
use arkes::settings::{ClockChoice, Settings};
use arkes::{FlowPlugin, GameOptions};
use game_core::Seat;

use crate::flow::{flow_app, play, press, record, screen, temp_store};

#[test]
fn continue_restores_the_exact_game_after_a_quit() {
    let (store, dir) = temp_store("continue");
    let saved = {
        let mut app = flow_app(store.clone());
        {
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.new_game.players = 3;
            settings.new_game.clock = Some(ClockChoice { minutes: 5, increment: 2 });
        }
        press(&mut app, "new-game");
        press(&mut app, "game-arkes");
        press(&mut app, "start");
        play(&mut app, "b1", "b2");
        play(&mut app, "a2", "b3");
        play(&mut app, "b9", "b8");
        record(&app)
    };
    assert_eq!(saved.plies.len(), 3);
    let mut app = flow_app(store);
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, "continue");
    assert_eq!(screen(&app), Screen::Gameplay);
    assert_eq!(record(&app), saved, "the same set-up, limits, plies and times");
    // South is to move again: its clock has run only since Continue.
    let game = app.world().resource::<Match>().game().concrete::<arkes_engine::Arkes>().unwrap();
    let at_save = 300_000 - ms_of(&saved, 0) + 2_000;
    let now = game.clock_ms(Seat::South).unwrap();
    assert!(now <= at_save && now + 500 >= at_save, "{now} against {at_save}");
    assert_eq!(game.clock_ms(Seat::West), Some(300_000 - ms_of(&saved, 1) + 2_000));
    let _ = std::fs::remove_dir_all(dir);
}

fn ms_of(record: &arkes_engine::GameRecord, ply: usize) -> u64 {
    match record.plies[ply] {
        arkes_engine::Ply::Move { ms, .. }
        | arkes_engine::Ply::TimeOut { ms }
        | arkes_engine::Ply::Resign { ms } => ms,
    }
}

/// Corrupt, truncated, random and hostile save files.
fn bad_saves(good: &str) -> Vec<String> {
    let mut files = vec![
        String::new(),
        "{".into(),
        "null".into(),
        "[]".into(),
        "{}".into(),
        "\u{feff}{}".into(),
        r#"{"format": 1}"#.into(),
        r#"{"format": 1, "app": "arkes-3d"}"#.into(),
        r#"{"format": 2, "app": "arkes-3d", "seats": [], "game": {}}"#.into(),
        r#"{"format": 1, "app": "chess", "seats": [], "game": {}}"#.into(),
        good.replace("\"format\": 1", "\"format\": 99"),
        good.replace("\"format\": 1", "\"format\": -1"),
        good.replace("\"app\": \"arkes-3d\"", "\"app\": \"arkes\""),
        good.replace("\"side\": 9", "\"side\": 10"),
        good.replace("\"b1-b2\"", "\"b1-b5\""),
        good.replace("\"south\"", "\"nowhere\""),
        good.replacen("\"north\"", "\"south\"", 1),
        good.replace("\"human\"", "\"robot\""),
        good.replace("\"ms\": ", "\"ms\": -"),
        format!("{good}trailing"),
        format!("{}{}", "[".repeat(5000), "]".repeat(5000)),
        format!(r#"{{"format": 1, "app": "arkes-3d", "seats": [{}], "game": {{}}}}"#, "{},".repeat(2000)),
        good.replace("\"name\": \"\"", &format!("\"name\": \"{}\"", "x".repeat(1000))),
        "\0\0\0".into(),
    ];
    // Truncations at many points.
    for cut in (0..good.len()).step_by((good.len() / 40).max(1)) {
        files.push(good[..cut].to_owned());
    }
    // Random bytes and flipped bytes, from a fixed seed.
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    while files.len() < 100 {
        let mut bytes = good.as_bytes().to_vec();
        for _ in 0..1 + next() % 4 {
            let at = (next() % bytes.len() as u64) as usize;
            bytes[at] = (next() % 128) as u8;
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if saves::decode(&text).is_err() {
            files.push(text);
        } else {
            let len = 16 + (next() % 200) as usize;
            files.push((0..len).map(|_| (32 + next() % 95) as u8 as char).collect());
        }
    }
    files
}

/// Whether `e` is a refusal that says what is wrong with a file that is
/// there (not "there is no save"), in a message a person can read.
fn says_what_is_wrong(e: &saves::SaveError) -> bool {
    use saves::SaveError;
    let known = matches!(
        e,
        SaveError::Json(_)
            | SaveError::Foreign
            | SaveError::UnsupportedFormat(_)
            | SaveError::Game(_)
            | SaveError::Seats(_)
            | SaveError::Record(_)
            | SaveError::Store(arkes::storage::StoreError::TooLarge(_))
    );
    let text = e.to_string();
    known && text.len() > 20 && text.len() < 400
}

/// A hundred damaged copies of a good record text that do not replay: a
/// few characters changed, a line cut or doubled, or random text.
fn bad_records(good: &str) -> Vec<String> {
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let lines: Vec<&str> = good.lines().collect();
    let mut files = Vec::new();
    while files.len() < 100 {
        let text = match next() % 3 {
            0 => {
                let mut bytes = good.as_bytes().to_vec();
                for _ in 0..1 + next() % 4 {
                    let at = (next() % bytes.len() as u64) as usize;
                    bytes[at] = (next() % 128) as u8;
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => {
                let at = (next() % lines.len() as u64) as usize;
                let mut l = lines.clone();
                if next() % 2 == 0 {
                    l.remove(at);
                } else {
                    l.insert(at, lines[at]);
                }
                l.join("\n")
            }
            _ => (0..16 + next() % 200).map(|_| (32 + next() % 95) as u8 as char).collect(),
        };
        if saves::decode_record(&text).is_err() {
            files.push(text);
        }
    }
    files
}

#[test]
fn a_hundred_bad_save_files_are_refused_and_the_good_save_is_untouched() {
    let (store, dir) = temp_store("robust");
    let mut app = flow_app(store.clone());
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "start");
    play(&mut app, "b1", "b2");
    let good_record = app.world().resource::<Match>().game().record_text();
    drop(app);
    let good = store.read(AUTOSAVE).unwrap().expect("an autosave");
    let files = bad_saves(&good);
    assert!(files.len() >= 100);
    for (i, text) in files.iter().enumerate() {
        let result = std::panic::catch_unwind(|| saves::decode(text));
        match result {
            Ok(Err(e)) => assert!(says_what_is_wrong(&e), "bad save {i}: {e:?}"),
            Ok(Ok(_)) => panic!("bad save {i} loaded:\n{text}"),
            Err(_) => panic!("bad save {i} made the loader panic:\n{text}"),
        }
        store.write("saves/bad.json", text).unwrap();
        let loaded = saves::load(&store, "saves/bad.json");
        assert!(loaded.as_ref().is_err_and(says_what_is_wrong), "bad save {i}: {:?}", loaded.err());
    }
    // Records (text) damaged the same way: refused, never a panic.
    let records = bad_records(&good_record);
    assert!(records.len() >= 100);
    for (i, text) in records.iter().enumerate() {
        store.write("records/bad.txt", text).unwrap();
        let result = std::panic::catch_unwind(|| saves::load(&store, "records/bad.txt"));
        match result {
            Ok(Err(e)) => assert!(matches!(e, saves::SaveError::Record(_)), "bad record {i}: {e:?}"),
            Ok(Ok(_)) => panic!("bad record {i} loaded:\n{text}"),
            Err(_) => panic!("bad record {i} made the loader panic:\n{text}"),
        }
    }
    assert_eq!(store.read(AUTOSAVE).unwrap().as_deref(), Some(good.as_str()), "the good save is unchanged");
    // Loading through the game's screens: the error is shown, nothing changes.
    store.write(AUTOSAVE, &files[14]).unwrap();
    let app = flow_app(store.clone());
    assert_eq!(screen(&app), Screen::Title);
    assert!(app.world().resource::<arkes::screens::Notice>().0.is_some(), "the problem is reported");
    assert_eq!(
        store.read(AUTOSAVE).unwrap().as_deref(),
        Some(files[14].as_str()),
        "and the file is left as it was"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// An online game's save keeps its room (code, role, key, who holds each
/// seat) and reads it back; a room that cannot be the game's is refused
/// with the reason.
#[test]
fn a_saved_online_room_reads_back_and_a_bad_one_is_refused() {
    use arkes::play::MatchRoom;
    use online_protocol::{PeerKey, RoomCode, SeatHolder};
    let options = GameOptions {
        players: 2,
        kinds: vec![arkes::options::PlayerKind::Remote, arkes::options::PlayerKind::Human],
        ..GameOptions::default()
    };
    // A guest's copy: the host plays South (remote here), this device North.
    let mut game = Match::from_options(&options).unwrap();
    let host = PeerKey::from_secret([1; 32]);
    let guest = PeerKey::from_secret([2; 32]);
    let key = guest.secret_hex();
    let room = MatchRoom {
        code: RoomCode::of_host(&host.public()),
        host: false,
        key: key.clone(),
        seats: vec![(Seat::South, SeatHolder::Host), (Seat::North, SeatHolder::Guest(guest.public()))],
    };
    game.set_room(Some(room.clone()));
    let good = saves::encode(&game).unwrap();
    assert!(good.contains(&format!("\"{}\"", room.code)), "the code as it is shown:\n{good}");
    assert_eq!(saves::decode(&good).unwrap().room(), Some(&room));
    // A game at one screen has no room in its save.
    game.set_room(None);
    let local = saves::encode(&game).unwrap();
    assert!(!local.contains("room"));
    assert_eq!(saves::decode(&local).unwrap().room(), None);
    let code = room.code.to_string();
    for (bad, says) in [
        (good.replace(&code, "ABCDE-FGHU1"), "room code"),
        (
            good.replacen(
                "[\n        \"south\",\n        {\n          \"by\": \"host\"\n        }\n      ],",
                "",
                1,
            ),
            "seats",
        ),
        (good.replace(&key, &format!("{}g", &key[..63])), "64 hex digits"),
        (good.replace("\"host\": false", "\"host\": true"), "does not name the room"),
        (
            good.replace("\"player\": \"human\"", "\"player\": \"x\"")
                .replace("\"player\": \"remote\"", "\"player\": \"human\"")
                .replace("\"player\": \"x\"", "\"player\": \"remote\""),
            "does not match who holds it",
        ),
        (good.replacen(&key, &PeerKey::from_secret([3; 32]).secret_hex(), 1), "holds no seat"),
        (good.replace(&guest.public().to_string(), &"0".repeat(63)), "64 hex digits"),
        (
            good.replace("\"seats\": [\n      [", "\"seats\": [\n      [\"east\", {\"by\": \"host\"}], ["),
            "seats",
        ),
        (good.replace("\"host\": false", "\"host\": false, \"extra\": 1"), "extra"),
    ] {
        assert_ne!(bad, good, "the damage to say `{says}` was not made");
        match saves::decode(&bad) {
            Ok(_) => panic!("a bad room loaded:\n{bad}"),
            Err(e) => {
                assert!(says_what_is_wrong(&e), "{e:?}");
                assert!(e.to_string().contains(says), "`{e}` does not say `{says}`:\n{bad}");
            }
        }
    }
}

/// A saved online game is the title screen's background like any other,
/// without going back to its room: only Continue (playing it) opens the
/// room again, with its code.
#[test]
fn a_saved_online_game_opens_its_room_only_when_continued() {
    use arkes::online::Online;
    use arkes::play::MatchRoom;
    use online_protocol::{PeerKey, RoomCode, SeatHolder};
    let (store, dir) = temp_store("saved-room");
    let options = GameOptions {
        players: 2,
        kinds: vec![arkes::options::PlayerKind::Human, arkes::options::PlayerKind::Remote],
        ..GameOptions::default()
    };
    let mut game = Match::from_options(&options).unwrap();
    let host = PeerKey::from_secret([5; 32]);
    let code = RoomCode::of_host(&host.public());
    game.set_room(Some(MatchRoom {
        code,
        host: true,
        key: host.secret_hex(),
        seats: vec![
            (Seat::South, SeatHolder::Host),
            (Seat::North, SeatHolder::Guest(PeerKey::from_secret([6; 32]).public())),
        ],
    }));
    saves::save(&store, AUTOSAVE, &game).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut app = crate::common::headless_app();
    app.insert_resource(store);
    app.add_plugins((
        arkes::play::GameLogicPlugin {
            options: GameOptions {
                skip_title: false,
                signal: Some(format!("ws://127.0.0.1:{port}")),
                ..GameOptions::default()
            },
        },
        FlowPlugin,
    ));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Title);
    assert!(app.world().resource::<Match>().room().is_some(), "the saved game is the background");
    assert!(app.world().get_resource::<Online>().is_none(), "no room from the title screen");
    press(&mut app, "continue");
    app.update();
    assert_eq!(screen(&app), Screen::Gameplay);
    let online = app.world().get_resource::<Online>().expect("the room, once the game is played");
    assert_eq!(online.code, code);
    assert!(online.is_host());
    assert_eq!(online.awaited(), [Seat::North], "North's guest keeps its seat, awaited");
    let _ = std::fs::remove_dir_all(dir);
}
