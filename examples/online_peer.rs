//! A native online peer without a window: the game's own logic and online
//! plugins (`GameLogicPlugin`, `OnlinePlugin`), headless, playing random
//! legal moves for the seats it holds. The browser test plays a page
//! against it (native against browser) and uses it as a cheating peer.
//!
//!     online_peer --signal ws://127.0.0.1:3536 --host arkes --seats human,remote [--seed N]
//!     online_peer --signal ws://127.0.0.1:3536 --join K7Q2M-9XBTR [--garbage]
//!
//! It prints one JSON line per event on stdout: `{"peer":"online",
//! "state":…,"room":…}` on each change of the room, `{"peer":"move",
//! "ply":…,"mv":…,"hash":…}` for each ply (whoever played it),
//! `{"peer":"refused","reason":…}` when it refuses a message, and
//! `{"peer":"outcome"}` at the end. `--undo-after N` asks for an undo once
//! N plies are played, and then plays no more. With `--garbage` it joins a room and,
//! instead of playing, sends the host garbage (unsigned, dropped unread)
//! and, after a proven hello, signed messages the rules forbid (raw,
//! through its own socket), then `{"peer":"garbage-sent"}`. It exits
//! at the game's end, or after `--seconds` (default 600).

use std::time::{Duration, Instant};

use arkes::GameOptions;
use arkes::online::{Online, OnlineChanged, OnlinePlugin};
use arkes::options::PlayerKind;
use arkes::play::{CommandsApplied, GameLogicPlugin, Match, MoveApplied, MoveCommand};
use arkes::settings::AnimationSettings;
use arkes::storage::Store;
use bevy::prelude::*;
use bevy_matchbox::prelude::{MatchboxSocket, WebRtcSocketBuilder};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;

struct Args {
    signal: String,
    host: Option<games::GameKind>,
    seats: Vec<PlayerKind>,
    join: Option<online_protocol::RoomCode>,
    garbage: bool,
    seed: u64,
    seconds: u64,
    undo_after: Option<usize>,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        signal: String::new(),
        host: None,
        seats: Vec::new(),
        join: None,
        garbage: false,
        seed: 1,
        seconds: 600,
        undo_after: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--signal" => args.signal = value()?,
            "--host" => args.host = Some(games::GameKind::from_id(&value()?).ok_or("no such game")?),
            "--seats" => {
                args.seats = value()?
                    .split(',')
                    .map(|s| PlayerKind::from_id(s).ok_or(format!("no player `{s}`")))
                    .collect::<Result<_, _>>()?;
            }
            "--join" => args.join = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            "--garbage" => args.garbage = true,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--seconds" => args.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--undo-after" => {
                args.undo_after = Some(value()?.parse().map_err(|e| format!("--undo-after: {e}"))?);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.signal.is_empty() || args.host.is_some() == args.join.is_some() {
        return Err(
            "usage: online_peer --signal URL (--host GAME --seats KINDS | --join CODE [--garbage])".into()
        );
    }
    Ok(args)
}

fn main() {
    let args = args().unwrap_or_else(|e| {
        eprintln!("online_peer: {e}");
        std::process::exit(2);
    });
    let options = GameOptions {
        game: args.host.unwrap_or_default(),
        players: args.seats.len().max(2),
        kinds: args.seats.clone(),
        online: if args.garbage { None } else { args.join },
        signal: Some(args.signal.clone()),
        ..GameOptions::default()
    };
    let store = std::env::temp_dir().join(format!("arkes-online-peer-{}", std::process::id()));
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        bevy::input::InputPlugin,
        bevy::state::app::StatesPlugin,
        bevy_tweening::TweeningPlugin,
    ));
    app.insert_resource(Store::in_dir(&store));
    app.insert_resource(AnimationSettings { speed: 0.0 });
    if args.garbage {
        let code = args.join.expect("checked");
        let url = format!("{}/{}", args.signal.trim_end_matches('/'), code.room_name());
        let builder = WebRtcSocketBuilder::new(url)
            .ice_server(bevy_matchbox::matchbox_socket::RtcIceServerConfig {
                urls: Vec::new(),
                username: None,
                credential: None,
            })
            .add_reliable_channel();
        app.insert_resource(MatchboxSocket::from(builder));
        app.insert_resource(Cheat {
            code,
            key: online_protocol::PeerKey::from_secret([0xc4; 32]),
            host: None,
        });
        app.add_systems(Update, send_garbage);
    } else {
        app.add_plugins((GameLogicPlugin { options }, OnlinePlugin));
        app.insert_resource(Rng(StdRng::seed_from_u64(args.seed)));
        app.insert_resource(UndoAfter(args.undo_after));
        // After the moves are applied (and the room opened, before them).
        app.add_systems(Update, (print_events, play_my_seats).after(CommandsApplied));
    }
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    while Instant::now() < deadline {
        app.update();
        if app.world().get_resource::<Finished>().is_some_and(|f| f.0.elapsed() > Duration::from_secs(3)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = std::fs::remove_dir_all(store);
}

/// When the game ended (the peer lingers a little so its last message
/// leaves).
#[derive(Resource)]
struct Finished(Instant);

#[derive(Resource)]
struct Rng(StdRng);

/// `--undo-after N`: once N plies are played, ask for an undo (once) and
/// stop playing.
#[derive(Resource)]
struct UndoAfter(Option<usize>);

fn print(value: &serde_json::Value) {
    println!("{value}");
}

fn print_events(
    mut commands: Commands,
    mut changes: MessageReader<OnlineChanged>,
    mut applied: MessageReader<MoveApplied>,
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    finished: Option<Res<Finished>>,
) {
    for change in changes.read() {
        let Some(online) = online.as_deref() else { continue };
        match change {
            OnlineChanged::State(state) => print(&json!({"peer": "online", "state": state.id(),
                "room": online.code.to_string(), "host": online.is_host()})),
            OnlineChanged::Rejected(reason) => print(&json!({"peer": "refused", "reason": reason})),
            OnlineChanged::Watchers(n) => print(&json!({"peer": "watchers", "count": n})),
        }
    }
    let Some(game) = game else { return };
    for report in applied.read() {
        print(&json!({"peer": "move", "ply": game.game().ply_count(), "mv": report.report.notation,
            "seat": report.report.mover, "hash": online_protocol::hash_text(game.game().position().hash())}));
    }
    if game.outcome().is_some() && finished.is_none() {
        print(&json!({"peer": "outcome", "plies": game.game().ply_count()}));
        commands.insert_resource(Finished(Instant::now()));
    }
}

/// Plays a random legal move for a seat of this peer, one every 300 ms.
fn play_my_seats(
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    mut rng: ResMut<Rng>,
    mut moves: MessageWriter<MoveCommand>,
    mut last: Local<Option<Instant>>,
    (undo_after, mut history, mut asked): (
        Res<UndoAfter>,
        MessageWriter<arkes::play::HistoryCommand>,
        Local<bool>,
    ),
) {
    let (Some(online), Some(game)) = (online, game) else { return };
    if let Some(after) = undo_after.0
        && game.game().ply_count() >= after
    {
        if !*asked {
            history.write(arkes::play::HistoryCommand::Undo);
            print(&json!({"peer": "undo-asked", "plies": game.game().ply_count()}));
            *asked = true;
        }
        return;
    }
    let to_move = game.to_move();
    if game.outcome().is_some()
        || !online.referee.is_mine(to_move)
        || game.seat(to_move).kind != PlayerKind::Human
    {
        return;
    }
    if last.is_some_and(|t| t.elapsed() < Duration::from_millis(300)) {
        return;
    }
    let legal = game.game().legal_actions();
    if legal.is_empty() {
        return;
    }
    moves.write(MoveCommand::from(legal[rng.0.random_range(0..legal.len())]));
    *last = Some(Instant::now());
}

/// The cheating peer's conversation with the host: its key, and the
/// session its proven hello opened.
#[derive(Resource)]
struct Cheat {
    code: online_protocol::RoomCode,
    key: online_protocol::PeerKey,
    host: Option<(bevy_matchbox::prelude::PeerId, online_protocol::Session)>,
}

/// The cheating peer: it sends the first peer that connects unsigned
/// garbage (dropped unread), and once that peer greets it with the room's
/// key, says a proven hello (it takes the awaited seat) and sends signed
/// messages the rules forbid, one every 200 ms: each is refused.
fn send_garbage(
    mut commands: Commands,
    mut socket: ResMut<MatchboxSocket>,
    mut cheat: ResMut<Cheat>,
    mut sent: Local<usize>,
    mut last: Local<Option<Instant>>,
) {
    use online_protocol::{Challenge, Message, Session, decode_handshake, encode, hello};
    let _ = socket.update_peers();
    let frames = socket.channel_mut(0).receive();
    let cheat = &mut *cheat;
    for (peer, bytes) in frames {
        if cheat.host.is_some() {
            continue;
        }
        if let Ok(Message::Host { key, challenge }) = decode_handshake(&bytes, 4096)
            && cheat.code.is_hosted_by(&key)
        {
            for garbage in [&b"\x00\xff not json"[..], br#"{"v":9,"msg":{"kind":"rematch"}}"#] {
                socket.channel_mut(0).send(garbage.to_vec().into(), peer);
            }
            let own = Challenge::from_random([9; 16]);
            let greeting = encode(&hello(cheat.code, &cheat.key, challenge, own));
            socket.channel_mut(0).send(greeting.into(), peer);
            cheat.host = Some((peer, Session::new(cheat.code, key, own, challenge)));
        }
    }
    let Some((peer, session)) = cheat.host.as_mut() else { return };
    let moves = |ply: u32, seat: game_core::Seat, mv: &str| Message::Move {
        ply,
        seat,
        mv: mv.into(),
        hash: "0000000000000000".into(),
    };
    let garbage = [
        moves(1, game_core::Seat::South, "b1-b2"),
        Message::UndoRequest { ply: 0 },
        moves(1, game_core::Seat::North, "a9-a1"),
        Message::Welcome { game: "arkes".into(), record: json!({}), seats: Vec::new(), watchers: 0 },
        moves(7, game_core::Seat::North, "a9-a8"),
        Message::Rematch {},
    ];
    if *sent >= garbage.len() || last.is_some_and(|t| t.elapsed() < Duration::from_millis(200)) {
        return;
    }
    let frame = session.seal(&cheat.key, &garbage[*sent]);
    socket.channel_mut(0).send(frame.into(), *peer);
    *sent += 1;
    *last = Some(Instant::now());
    if *sent == garbage.len() {
        print(&json!({"peer": "garbage-sent", "count": garbage.len()}));
        commands.insert_resource(Finished(Instant::now()));
    }
}
