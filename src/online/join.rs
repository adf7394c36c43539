//! Opening, joining and closing rooms: `--online CODE` and the Join
//! screen make this session a guest; a match with a remote seat opens a
//! room as host; a saved online game goes back to its room.

use bevy::prelude::*;
use game_core::Seat;
use online_protocol::{Challenge, Message, PeerKey, PublicKey, Referee, RoomCode, SeatHolder, Side};

use super::room::Online;
use super::state::{JoinRoom, OnlineChanged};
use crate::app_state::Screen;
use crate::learn::Learning;
use crate::options::{GameOptions, PlayerKind};
use crate::play::{BoardReset, Match, MatchCommand, MatchRoom};
use crate::storage::Store;

/// `N` bytes from the system's cryptographic random source (natively
/// the operating system's, in the browser `crypto.getRandomValues`), or
/// `None`, logged, if there is none: no room is then opened, as a key
/// from a weaker source could be guessed.
fn random<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0; N];
    match getrandom::fill(&mut bytes) {
        Ok(()) => Some(bytes),
        Err(e) => {
            error!("online: no cryptographic random source ({e}): no room is opened");
            None
        }
    }
}

/// A new key pair (for a room this device hosts, or joins for the first
/// time).
pub(super) fn new_key() -> Option<PeerKey> {
    random().map(PeerKey::from_secret)
}

/// A fresh challenge for a peer's conversation.
pub(super) fn challenge() -> Option<Challenge> {
    random().map(Challenge::from_random)
}

/// The seats of `game` as the host holds them: its remote seats awaited.
pub(super) fn host_seats(game: &Match) -> Vec<(Seat, SeatHolder)> {
    game.seat_list()
        .into_iter()
        .map(|(seat, _, kind)| {
            (seat, if kind == PlayerKind::Remote { SeatHolder::Awaited } else { SeatHolder::Host })
        })
        .collect()
}

/// This device's key in the room `code`: the one kept in the store from an
/// earlier visit (a reload, a restart: the host gives its seats back when
/// it proves it), or a new one, kept for next time. Only its public half
/// is ever sent.
pub(super) fn guest_key(store: Option<&Store>, code: RoomCode) -> Option<PeerKey> {
    let name = format!("online-{}.txt", code.room_name());
    let kept = store.and_then(|s| s.read(&name).ok().flatten());
    if let Some(key) = kept.and_then(|k| PeerKey::from_secret_hex(&k).ok()) {
        return Some(key);
    }
    let key = new_key()?;
    if let Some(Err(e)) = store.map(|s| s.write(&name, &key.secret_hex())) {
        warn!("online: cannot keep this device's key for room {code}: {e}");
    }
    Some(key)
}

/// `--online CODE`: join that room.
pub(super) fn join_from_options(commands: Commands, options: Res<GameOptions>, store: Option<Res<Store>>) {
    if let Some(code) = options.online {
        join(commands, &options, store.as_deref(), code, None);
    }
}

/// A code typed on the Join screen: join that room.
pub(super) fn join_rooms(
    mut requests: MessageReader<JoinRoom>,
    mut commands: Commands,
    options: Res<GameOptions>,
    store: Option<Res<Store>>,
) {
    if let Some(JoinRoom(code)) = requests.read().last() {
        join(commands.reborrow(), &options, store.as_deref(), *code, None);
    }
}

/// Becomes a guest of the room `code` (replacing any online game); `saved`
/// is the room as this device's saved game of it keeps it (its key and the
/// seats), when that game is continued.
pub(super) fn join(
    mut commands: Commands,
    options: &GameOptions,
    store: Option<&Store>,
    code: RoomCode,
    saved: Option<&MatchRoom>,
) {
    let key = match saved {
        Some(room) => PeerKey::from_secret_hex(&room.key).ok(),
        None => guest_key(store, code),
    };
    let Some(key) = key else {
        error!("online: no key to join room {code} with");
        return;
    };
    let seats = saved.map_or_else(Vec::new, |room| room.seats.clone());
    info!("online: joining room {code}");
    commands.insert_resource(Online::open(options, code, key, false, seats));
}

/// Opens a room when a match with a remote seat starts here (and this
/// session did not join one); closes it when a match without one replaces
/// it. A new match with remote seats in an open room (a rematch) keeps the
/// room and its guests.
pub(super) fn open_or_close_room(
    mut resets: MessageReader<BoardReset>,
    mut commands: Commands,
    game: Option<Res<Match>>,
    online: Option<ResMut<Online>>,
    learning: Option<Res<Learning>>,
    options: Res<GameOptions>,
    screen: Option<Res<State<Screen>>>,
    mut changes: MessageWriter<OnlineChanged>,
) {
    // A new, loaded, restarted or rematched match (re-inserting the
    // resource does not count as adding it: the reset message does), or
    // the board shown for a saved online game not yet in its room.
    let reset = resets.read().count() > 0;
    let Some(game) = game else { return };
    // A saved game of another room (or role) than the one open, if any.
    let elsewhere = |open: Option<&Online>| {
        game.room().is_some_and(|r| open.is_none_or(|o| r.code != o.code || r.host != o.is_host()))
    };
    let entered_play = screen.as_ref().is_some_and(|s| s.is_changed() && *s.get() == Screen::Gameplay);
    if !(reset || entered_play && elsewhere(online.as_deref())) {
        return;
    }
    // A saved online game goes back to its room once it is played, not
    // while it is the title screen's background.
    let on_board = screen.as_ref().is_none_or(|s| *s.get() == Screen::Gameplay);
    if !on_board && elsewhere(online.as_deref()) {
        return;
    }
    let remote = game.seat_list().iter().any(|(_, _, kind)| *kind == PlayerKind::Remote);
    let online = match online {
        Some(open) if elsewhere(Some(&open)) => {
            info!("online: leaving room {} for the saved game's", open.code);
            commands.remove_resource::<Online>();
            None
        }
        open => open,
    };
    match online {
        Some(mut online) if !online.is_host() => {
            // A match started here while in the room (the game-over
            // banner's rematch): the host decides, and its record comes
            // back either way.
            if !std::mem::take(&mut online.adopting)
                && let Some(host) = online.host
            {
                online.send(host, &Message::Rematch {});
                online.send(host, &Message::RecordRequest {});
            }
        }
        Some(mut online) if remote && learning.as_ref().is_none_or(|l| l.0.is_none()) => {
            // The same guests keep their places, in order, where they can.
            let keys: Vec<PublicKey> = online
                .referee
                .seats()
                .iter()
                .filter_map(|(_, h)| if let SeatHolder::Guest(k) = h { Some(*k) } else { None })
                .collect();
            online.referee = Referee::new(host_seats(&game), Side::Host);
            for key in keys {
                let _ = online.referee.seat_guest(&key);
            }
            // Watchers take the seats left awaited, if any.
            let room = &mut *online;
            for link in room.links.values_mut() {
                if let Some(key) = link.key().filter(|_| link.watching) {
                    link.watching = room.referee.seat_guest(&key).is_err();
                }
            }
            // Every peer gets the new game whole, with its seats.
            online.welcome_everyone(&game);
            online.refresh_state(&mut changes);
        }
        Some(_) => {
            info!("online: the room is closed (a game without remote seats)");
            commands.remove_resource::<Online>();
        }
        None if remote && learning.as_ref().is_none_or(|l| l.0.is_none()) => {
            // A saved online game continued: its room again, as host or
            // guest, the guests' seats kept for them.
            let saved = game.room().cloned();
            if let Some(room) = saved.as_ref().filter(|r| !r.host) {
                join(commands, &options, None, room.code, Some(room));
                return;
            }
            // The host's key names the room: a saved room keeps its key.
            let (key, seats) = match saved {
                Some(room) => (PeerKey::from_secret_hex(&room.key).ok(), room.seats),
                None => (new_key(), host_seats(&game)),
            };
            let Some(key) = key else {
                error!("online: no key to host a room with");
                return;
            };
            let code = RoomCode::of_host(&key.public());
            let mut online = Online::open(&options, code, key, true, seats);
            info!("online: hosting room {code} at {}", online.room_url());
            online.refresh_state(&mut changes);
            commands.insert_resource(online);
        }
        None => {}
    }
}

/// A guest plays no seat until the host's game arrives: its match has only
/// remote seats until then.
pub(super) fn guest_waits(
    mut resets: MessageReader<BoardReset>,
    online: Option<Res<Online>>,
    game: Option<Res<Match>>,
    mut replace: MessageWriter<MatchCommand>,
) {
    let reset = resets.read().count() > 0;
    let (Some(online), Some(game)) = (online, game) else { return };
    if online.is_host() || online.host.is_some() || !(reset || online.is_added()) {
        return;
    }
    if game.seat_list().iter().any(|(_, _, kind)| *kind != PlayerKind::Remote) {
        let seats = game.seat_list().into_iter().map(|(s, n, _)| (s, n, PlayerKind::Remote)).collect();
        let mut waiting = Match::new(game.game().clone(), seats);
        waiting.set_saved(false);
        replace.write(MatchCommand::Replace(Box::new(waiting)));
    }
}
