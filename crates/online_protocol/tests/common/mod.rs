//! Helpers shared by the protocol's tests: games, keys, referees, and a
//! message of every kind.
#![allow(dead_code)]

use game_core::{Limits, Seat};
use games::{AnyGame, GameKind, NewGame};
use online_protocol::{Challenge, Message, PeerKey, PublicKey, Referee, SeatHolder, Side};

pub fn new_game(id: &str, players: usize) -> AnyGame {
    let kind = GameKind::from_id(id).expect("a known game");
    kind.new_game(&NewGame { players, side: kind.default_side(), position: None, limits: Limits::default() })
        .expect("a new game")
}

/// The public key made of secret bytes all `n`.
pub fn key(n: u8) -> PublicKey {
    PeerKey::from_secret([n; 32]).public()
}

/// The guest at North.
pub fn friend() -> PublicKey {
    key(2)
}

/// A peer the host never seated.
pub fn stranger() -> PublicKey {
    key(3)
}

/// The host's key (what a guest's messages come from).
pub fn host_key() -> PublicKey {
    key(1)
}

/// South on the host's screen, North a guest's (`friend`).
pub fn two_seats() -> Vec<(Seat, SeatHolder)> {
    vec![(Seat::South, SeatHolder::Host), (Seat::North, SeatHolder::Guest(friend()))]
}

pub fn host() -> Referee {
    Referee::new(two_seats(), Side::Host)
}

pub fn guest() -> Referee {
    Referee::new(two_seats(), Side::Guest(friend()))
}

/// The move message for the `index`-th legal move of the seat to move,
/// with the hash computed here by playing it on a copy.
pub fn move_of(game: &AnyGame, index: usize) -> Message {
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
pub fn play_nth(game: &mut AnyGame, n: usize) {
    let action = game.legal_actions()[n];
    game.play(action).unwrap();
}

pub fn every_kind(game: &AnyGame) -> Vec<Message> {
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
