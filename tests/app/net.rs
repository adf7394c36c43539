//! What the online tests share: a real `matchbox_server` on 127.0.0.1 (a
//! free port per test), headless peers (the game's own plugins), and a raw
//! peer driven by hand (a socket and the protocol, no game). The server
//! binary comes from `ARKES_MATCHBOX_SERVER`, which `cargo xtask test` sets
//! (it installs the server).

use std::collections::HashMap;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arkes::GameOptions;
use arkes::online::{Online, OnlinePlugin, OnlineState};
use arkes::options::PlayerKind;
use arkes::play::{GameLogicPlugin, Match, MoveCommand};
use arkes::settings::AnimationSettings;
use arkes::storage::Store;
use bevy::prelude::*;
use bevy_matchbox::prelude::{MatchboxSocket, PeerId, PeerState, WebRtcSocketBuilder};
use online_protocol::{Challenge, Message, PeerKey, PublicKey, RoomCode, Session};
use rand::RngExt;
use rand::rngs::StdRng;

use crate::common::headless_app;

/// A `matchbox_server` on a free port, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    port: u16,
}

impl Server {
    pub(crate) fn start() -> Server {
        let binary = std::env::var_os("ARKES_MATCHBOX_SERVER").map(PathBuf::from).expect(
            "ARKES_MATCHBOX_SERVER must name the matchbox_server binary: run the tests with \
             `cargo xtask test` (it installs the server), or `cargo xtask signal` once and set it to \
             <target>/tools/matchbox_server-0.15.0/bin/matchbox_server",
        );
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap().local_addr().unwrap().port();
        let child = Command::new(&binary)
            .arg(format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()));
        let start = Instant::now();
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(start.elapsed() < Duration::from_secs(10), "matchbox_server does not listen");
            std::thread::sleep(Duration::from_millis(20));
        }
        Server { child, port }
    }

    pub(crate) fn url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A headless peer: the game logic and online play, animations off, its
/// own store (a guest's key is kept there, as on a device).
pub(crate) fn peer(options: GameOptions, store: &std::path::Path) -> App {
    let mut app = headless_app();
    app.insert_resource(Store::in_dir(store));
    app.insert_resource(AnimationSettings { speed: 0.0 });
    app.add_plugins((GameLogicPlugin { options }, OnlinePlugin));
    app.update();
    app
}

pub(crate) fn host(
    server: &Server,
    game: games::GameKind,
    kinds: Vec<PlayerKind>,
    store: &std::path::Path,
) -> App {
    peer(
        GameOptions {
            game,
            players: kinds.len(),
            kinds,
            signal: Some(server.url()),
            ..GameOptions::default()
        },
        store,
    )
}

pub(crate) fn guest(server: &Server, code: online_protocol::RoomCode, store: &std::path::Path) -> App {
    peer(GameOptions { online: Some(code), signal: Some(server.url()), ..GameOptions::default() }, store)
}

pub(crate) fn online(app: &App) -> &Online {
    app.world().get_resource::<Online>().expect("an online game")
}

pub(crate) fn record(app: &App) -> String {
    app.world().resource::<Match>().game().record_text()
}

/// Updates every app (with a short real pause, the network's time) until
/// `done` holds, or fails after 30 s saying what was awaited.
pub(crate) fn run_until(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let start = Instant::now();
    while !done(apps) {
        assert!(start.elapsed() < Duration::from_secs(30), "30 s without: {what}");
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub(crate) fn connected(app: &App) -> bool {
    app.world().get_resource::<Online>().is_some_and(|o| o.state == OnlineState::Connected)
}

/// Plays random legal moves, each on the app whose screen holds the seat
/// to move, until the game ends or `plies` plies are played; checks every
/// peer shows the same game after each ply.
pub(crate) fn play(apps: &mut [&mut App], rng: &mut StdRng, plies: usize) {
    for _ in 0..plies {
        let (game, to_move) = {
            let m = apps[0].world().resource::<Match>();
            if m.outcome().is_some() {
                return;
            }
            (m.game().clone(), m.to_move())
        };
        let mover = apps
            .iter()
            .position(|a| {
                let m = a.world().resource::<Match>();
                m.seat(to_move).kind == PlayerKind::Human && online(a).referee.is_mine(to_move)
            })
            .unwrap_or_else(|| panic!("no peer holds {to_move:?}"));
        let moves = game.legal_actions();
        let action = moves[rng.random_range(0..moves.len())];
        apps[mover].world_mut().write_message(MoveCommand::from(action));
        let target = game.ply_count() + 1;
        run_until(apps, "every peer showing the move", |apps| {
            apps.iter().all(|a| a.world().resource::<Match>().game().ply_count() == target)
        });
        let first = record(apps[0]);
        assert!(apps.iter().all(|a| record(a) == first), "the peers' games differ after ply {target}");
    }
}

/// The key a guest sent (the holder of its seats).
pub(crate) fn guest_key(app: &App) -> PublicKey {
    online(app).public_key()
}

pub(crate) fn tempdir() -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let dir = std::env::temp_dir().join(format!("arkes-online-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A peer of the room driven by hand: a socket and the protocol, no game
/// (what a cheater's or an attacker's client can do). It answers a host's
/// greeting with a proven hello ([`RawPeer::says_hello`]), greets the peers
/// that connect as a host would ([`RawPeer::greets_as`]), and keeps every
/// frame it receives.
pub(crate) struct RawPeer {
    pub(crate) app: App,
    /// Its own key (its hellos and signed messages).
    pub(crate) key: PeerKey,
    code: RoomCode,
    /// Answer a greeting showing the room's key with a hello.
    pub(crate) says_hello: bool,
    /// Greet each peer that connects with this key, as a host does.
    pub(crate) greets_as: Option<PublicKey>,
    /// The peers connected now.
    pub(crate) peers: Vec<PeerId>,
    /// The peer that greeted it with the room's key.
    pub(crate) host: Option<PeerId>,
    /// Its conversations (after a hello either way).
    pub(crate) sessions: HashMap<PeerId, Session>,
    /// The challenge it gave each peer.
    challenges: HashMap<PeerId, Challenge>,
    /// The greeting each peer showing the room's key sent (key, challenge).
    greetings: HashMap<PeerId, (PublicKey, Challenge)>,
    /// Every frame received, in order.
    pub(crate) received: Vec<(PeerId, Vec<u8>)>,
    /// The messages of the frames that opened (signed in a conversation)
    /// or read (the handshake).
    pub(crate) messages: Vec<(PeerId, Message)>,
}

/// A key of random bytes.
pub(crate) fn random_key(rng: &mut StdRng) -> PeerKey {
    PeerKey::from_secret(rng.random())
}

impl RawPeer {
    /// A peer of the room `code` with the key `key`, connecting.
    pub(crate) fn new(server: &Server, code: RoomCode, key: PeerKey) -> RawPeer {
        let mut app = headless_app();
        let url = format!("{}/{}", server.url(), code.room_name());
        let builder = WebRtcSocketBuilder::new(url)
            .ice_server(bevy_matchbox::matchbox_socket::RtcIceServerConfig {
                urls: Vec::new(),
                username: None,
                credential: None,
            })
            .add_reliable_channel();
        app.insert_resource(MatchboxSocket::from(builder));
        app.update();
        RawPeer {
            app,
            key,
            code,
            says_hello: true,
            greets_as: None,
            peers: Vec::new(),
            host: None,
            sessions: HashMap::new(),
            challenges: HashMap::new(),
            greetings: HashMap::new(),
            received: Vec::new(),
            messages: Vec::new(),
        }
    }

    /// One frame: the peers that came and went, the frames received (and
    /// the handshake answered as told).
    pub(crate) fn update(&mut self) {
        self.app.update();
        let mut socket = self.app.world_mut().resource_mut::<MatchboxSocket>();
        let changes = socket.update_peers();
        let frames = socket.channel_mut(0).receive();
        for (peer, state) in changes {
            if state == PeerState::Connected {
                self.peers.push(peer);
                if let Some(key) = self.greets_as {
                    let challenge = Challenge::from_random([self.peers.len() as u8; 16]);
                    self.challenges.insert(peer, challenge);
                    self.send_raw(peer, online_protocol::encode(&Message::Host { key, challenge }));
                }
            } else {
                self.peers.retain(|p| *p != peer);
            }
        }
        for (peer, packet) in frames {
            let bytes = packet.to_vec();
            self.received.push((peer, bytes.clone()));
            if let Some(session) = self.sessions.get_mut(&peer) {
                if let Ok(message) = session.open(&bytes, online_protocol::MAX_MESSAGE_BYTES) {
                    self.messages.push((peer, message));
                }
                continue;
            }
            let Ok(message) = online_protocol::decode_handshake(&bytes, online_protocol::MAX_MESSAGE_BYTES)
            else {
                continue;
            };
            self.messages.push((peer, message.clone()));
            match message {
                Message::Host { key, challenge } if self.code.is_hosted_by(&key) => {
                    self.greetings.insert(peer, (key, challenge));
                    self.host = Some(peer);
                    if self.says_hello {
                        self.say_hello(peer);
                    }
                }
                Message::Hello { key, challenge, .. } => {
                    if let Some(&mine) = self.challenges.get(&peer) {
                        self.sessions.insert(peer, Session::new(self.code, key, mine, challenge));
                    }
                }
                _ => {}
            }
        }
    }

    /// Answers `peer`'s greeting with a proven hello: their conversation
    /// starts.
    pub(crate) fn say_hello(&mut self, peer: PeerId) {
        let (key, challenge) = self.greetings[&peer];
        let own = Challenge::from_random([0x5a; 16]);
        self.sessions.insert(peer, Session::new(self.code, key, own, challenge));
        let hello = online_protocol::hello(self.code, &self.key, challenge, own);
        self.send_raw(peer, online_protocol::encode(&hello));
    }

    /// Sends `bytes` as they are to `peer`.
    pub(crate) fn send_raw(&mut self, peer: PeerId, bytes: Vec<u8>) {
        let mut socket = self.app.world_mut().resource_mut::<MatchboxSocket>();
        socket.channel_mut(0).send(bytes.into(), peer);
    }

    /// Sends `message` to `peer`, signed in their conversation.
    pub(crate) fn send(&mut self, peer: PeerId, message: &Message) {
        let session = self.sessions.get_mut(&peer).expect("a conversation with the peer");
        let frame = session.seal(&self.key, message);
        self.send_raw(peer, frame);
    }

    /// The messages received from `peer` of this kind.
    pub(crate) fn count(&self, peer: PeerId, kind: &str) -> usize {
        self.messages.iter().filter(|(p, m)| *p == peer && m.kind() == kind).count()
    }
}

/// Updates `apps` and `raw` (with a short real pause, the network's time)
/// until `done` holds, or fails after 30 s saying what was awaited.
pub(crate) fn run_raw_until(
    apps: &mut [&mut App],
    raw: &mut [&mut RawPeer],
    what: &str,
    done: impl Fn(&[&mut App], &[&mut RawPeer]) -> bool,
) {
    let start = Instant::now();
    while !done(apps, raw) {
        assert!(start.elapsed() < Duration::from_secs(30), "30 s without: {what}");
        for app in apps.iter_mut() {
            app.update();
        }
        for peer in raw.iter_mut() {
            peer.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Updates `apps` and `raw` for `frames` frames, 5 ms of real time each.
pub fn pump(apps: &mut [&mut App], raw: &mut [&mut RawPeer], frames: usize) {
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

/// A copy of `app`'s game.
pub fn game(app: &App) -> games::AnyGame {
    app.world().resource::<Match>().game().clone()
}

/// The move message of the `index`-th legal move of the seat to move in
/// `game`, with its ply and hash.
pub fn move_message(game: &games::AnyGame, index: usize) -> Message {
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
pub fn refusal(app: &App) -> String {
    online(app).last_refusal.clone().unwrap_or_default()
}
