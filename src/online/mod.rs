//! Online play over WebRTC (`bevy_matchbox`): a game with a
//! [`PlayerKind::Remote`] seat is hosted in a room; `--online CODE`
//! (`?room=CODE`) joins one. Every peer runs the engine; what a peer sends
//! is untrusted and judged by [`online_protocol::Referee`] before it becomes a
//! [`MoveCommand`] like any other. The host's record is the truth: a guest
//! gets it whole on joining, on rejoining, and whenever its position's hash
//! disagrees.
//!
//! Nothing here runs, and no request is made, unless the match has a
//! remote seat or the session joins a room.

mod transport;

use std::collections::HashMap;

use bevy::prelude::*;
use game_core::Seat;
use online_protocol::{
    Message, Referee, Rejection, RoomCode, SeatHolder, Side, game_from_welcome, hash_text,
};

use crate::app_state::{AppSystems, Screen};
use crate::learn::Learning;
use crate::options::{GameOptions, PlayerKind};
use crate::play::{
    BoardReset, ClockControl, CommandsApplied, HistoryCommand, Match, MatchCommand, MatchRoom, MoveApplied,
    MoveCommand, ResignCommand,
};
use crate::storage::Store;
use transport::{PeerId, Transport};

pub use transport::DEFAULT_SIGNAL_PORT;

/// Online play: add beside [`crate::play::GameLogicPlugin`] (the app's
/// `FlowPlugin` does).
pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        plugin(app);
    }
}

fn plugin(app: &mut App) {
    app.add_message::<OnlineChanged>()
        .add_message::<JoinRoom>()
        .add_message::<UndoReply>()
        .add_systems(Startup, join_from_options)
        .add_systems(
            Update,
            (
                (join_rooms, open_or_close_room, guest_waits, exchange, ask_undo, answer_undo)
                    .chain()
                    .before(AppSystems::Apply),
                (announce_moves, share_clocks, follow_host_clocks, remember_room)
                    .chain()
                    .after(CommandsApplied),
            ),
        );
}

/// Where an online game stands, as the automation's `online` event and
/// the HUD say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineState {
    /// The host's room is open; some remote seat has no guest yet.
    Hosting,
    /// Every remote seat is held by a connected peer (a guest: the host
    /// is connected and the game received).
    Connected,
    /// A peer left (or, for a guest, the host is not there yet): its seats
    /// wait for it to come back.
    Waiting,
}

impl OnlineState {
    /// The state's name in automation events.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            OnlineState::Hosting => "hosting",
            OnlineState::Connected => "connected",
            OnlineState::Waiting => "waiting",
        }
    }
}

/// An undo asked in an online game: the plies the game would keep, the
/// peer asked (or who asked), and whether this side asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct UndoAsk {
    plies: u32,
    peer: PeerId,
    mine: bool,
}

/// This side's answer to the other side's undo request (the HUD's Allow
/// and Refuse buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoReply(pub bool);

/// Join the room of this code (the Join screen): this session becomes a
/// guest there, leaving any room it hosted.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoinRoom(pub RoomCode);

/// What changed in the online game: a new state, or a message refused
/// (with the reason). Read by the automation's `online` events.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineChanged {
    /// The room's state is now this one.
    State(OnlineState),
    /// A message from a peer was refused and changed nothing.
    Rejected(String),
}

/// The online game of this session: the room, this side's role and seats,
/// and the peers.
#[derive(Resource)]
pub struct Online {
    /// The room's code.
    pub code: RoomCode,
    /// Who holds which seat, and the judge of the peers' moves.
    pub referee: Referee,
    /// Where the game stands.
    pub state: OnlineState,
    /// The last message refused, for the screen.
    pub last_refusal: Option<String>,
    /// An undo asked and not answered yet.
    undo: Option<UndoAsk>,
    /// Whether this side's last undo request was refused.
    pub undo_refused: bool,
    /// Host: an undo both sides agreed to, to be done (the plies kept).
    agreed_undo: Option<u32>,
    /// Guest: the next new match is the host's game being adopted (not a
    /// rematch or a new game started here).
    adopting: bool,
    /// Seconds a guest has waited for the host's game so far.
    waited: f32,
    /// This side's key (a guest's, sent in its hello; the host's is `host`).
    key: String,
    /// The connection to the other peers.
    transport: Transport,
    /// Host: each connected guest's key (`None` until its hello).
    guests: HashMap<PeerId, Option<String>>,
    /// Host: the clock readings are to be sent at once (a ply, a welcome,
    /// the clocks stopped or started).
    clocks_due: bool,
    /// Host: seconds since the clock readings were last sent.
    clocks_sent_ago: f32,
    /// Host: whether the clocks ran when the readings were last sent.
    clocks_ran: bool,
    /// Guest: whether the host's clocks run, as its last readings said.
    host_clocks_run: bool,
    /// Guest: the host's last readings (plies played then, readings), to
    /// be set once this device's game has those plies.
    host_clocks: Option<(u32, Vec<(Seat, u64)>)>,
    /// Messages left for the next frame: a resignation and a move are
    /// applied by different commands, so one frame takes one kind.
    deferred: Vec<(PeerId, Box<[u8]>)>,
    /// Guest: the peer that sent the game (the host).
    host: Option<PeerId>,
}

impl Online {
    /// This side in the room `code`, its connection opening (through the
    /// signalling server `options` name): the host with the seats its
    /// guests hold (remote ones awaited), or a guest with its key and the
    /// seats its saved game of the room says it holds (none when it first
    /// joins: the host's welcome tells).
    fn open(options: &GameOptions, code: RoomCode, side: Side, seats: Vec<(Seat, SeatHolder)>) -> Online {
        let key = match &side {
            Side::Host => HOST_KEY.to_owned(),
            Side::Guest(key) => key.clone(),
        };
        Online {
            code,
            // A guest's next new match is the host's game being adopted.
            adopting: !matches!(side, Side::Host),
            referee: Referee::new(seats, side),
            state: OnlineState::Waiting,
            last_refusal: None,
            key,
            transport: Transport::open(options, code),
            guests: HashMap::new(),
            clocks_due: false,
            clocks_sent_ago: 0.0,
            clocks_ran: false,
            host_clocks_run: false,
            host_clocks: None,
            deferred: Vec::new(),
            host: None,
            waited: 0.0,
            undo: None,
            undo_refused: false,
            agreed_undo: None,
        }
    }

    /// Whether this side hosts the game.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.key == HOST_KEY
    }

    /// The seats whose peer is not connected now.
    #[must_use]
    pub fn awaited(&self) -> Vec<Seat> {
        if !self.is_host() {
            return if self.host.is_some() {
                Vec::new()
            } else {
                self.referee.seats().iter().map(|(s, _)| *s).collect()
            };
        }
        self.referee
            .seats()
            .iter()
            .filter(|(_, holder)| match holder {
                SeatHolder::Host => false,
                SeatHolder::Awaited => true,
                SeatHolder::Guest(key) => !self.guests.values().any(|k| k.as_deref() == Some(key.as_str())),
            })
            .map(|(s, _)| *s)
            .collect()
    }

    /// Whether a guest has waited so long for the host (45 s) that the
    /// screen should say why it may never come: a wrong code, a host gone,
    /// or networks apart without a STUN/TURN server.
    #[must_use]
    pub fn no_answer(&self) -> bool {
        !self.is_host() && self.host.is_none() && self.waited > NO_ANSWER_SECS
    }

    /// The other side asks to take back plies down to this many: this
    /// side is to allow or refuse ([`UndoReply`]).
    #[must_use]
    pub fn undo_question(&self) -> Option<u32> {
        self.undo.filter(|u| !u.mine).map(|u| u.plies)
    }

    /// Whether this side asked for an undo and waits for the answer.
    #[must_use]
    pub fn undo_asked(&self) -> bool {
        self.undo.is_some_and(|u| u.mine)
    }

    /// The room as a saved game keeps it (see [`MatchRoom`]).
    fn saved_room(&self) -> MatchRoom {
        let host = self.is_host();
        MatchRoom {
            code: self.code,
            host,
            key: if host { String::new() } else { self.key.clone() },
            seats: self.referee.seats().to_vec(),
        }
    }

    /// Host: the connected guests that have said hello (and hold seats).
    fn seated_guests(&self) -> Vec<PeerId> {
        self.guests.iter().filter(|(_, k)| k.is_some()).map(|(p, _)| *p).collect()
    }

    /// The room's address on the signalling server.
    #[must_use]
    pub fn room_url(&self) -> &str {
        self.transport.room_url()
    }

    fn set_state(&mut self, state: OnlineState, changes: &mut MessageWriter<OnlineChanged>) {
        if self.state != state {
            info!("online room {}: {}", self.code, state.id());
            self.state = state.clone();
            changes.write(OnlineChanged::State(state));
        }
    }

    fn refuse(&mut self, peer: PeerId, why: &Rejection, changes: &mut MessageWriter<OnlineChanged>) {
        let reason = why.to_string();
        warn!("online: refused a message from {peer}: {reason}");
        self.transport.send(peer, &Message::Refused { reason: reason.clone() });
        self.last_refusal = Some(reason.clone());
        changes.write(OnlineChanged::Rejected(reason));
    }

    /// A move or resignation from `peer` refused: when the peers disagree
    /// about the game (a hash or a ply), or the sender played a turn the
    /// host's game no longer has (its time ran out, the game ended), the
    /// host's record settles it; anything else is only refused.
    fn turn_refused(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        game: &Match,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        let crossed = self.is_host() && matches!(why, Rejection::GameOver | Rejection::OutOfTurn { .. });
        if why.needs_record() {
            self.resynchronise(peer, why, game, changes);
        } else {
            self.refuse(peer, why, changes);
            if crossed {
                self.welcome(peer, game);
            }
        }
    }

    /// The peers disagree about the game (`why`): the host sends its
    /// record, a guest asks for it.
    fn resynchronise(
        &mut self,
        peer: PeerId,
        why: &Rejection,
        game: &Match,
        changes: &mut MessageWriter<OnlineChanged>,
    ) {
        warn!("online: {why}: resynchronising");
        self.last_refusal = Some(why.to_string());
        if self.is_host() {
            self.welcome(peer, game);
        } else {
            self.transport.send(peer, &Message::RecordRequest {});
        }
        changes.write(OnlineChanged::Rejected(why.to_string()));
    }

    /// Host: the game whole, for one guest (the clock readings follow).
    fn welcome(&mut self, peer: PeerId, game: &Match) {
        self.clocks_due = true;
        match game.game().record_json() {
            Ok(record) => self.transport.send(
                peer,
                &Message::Welcome {
                    game: game.kind().id().to_owned(),
                    record,
                    seats: self.referee.seats().to_vec(),
                },
            ),
            Err(e) => error!("online: cannot write the record: {e}"),
        }
    }

    fn refresh_state(&mut self, changes: &mut MessageWriter<OnlineChanged>) {
        let state = if !self.is_host() {
            if self.host.is_some() { OnlineState::Connected } else { OnlineState::Waiting }
        } else if !self.awaited().is_empty() {
            let ever_seated = self.referee.seats().iter().any(|(_, h)| matches!(h, SeatHolder::Guest(_)));
            if self.is_host() && !ever_seated { OnlineState::Hosting } else { OnlineState::Waiting }
        } else {
            OnlineState::Connected
        };
        self.set_state(state, changes);
    }
}

/// Seconds a guest waits for the host before the screen says why it may
/// not come: longer than Chromium's 30 s of ICE gathering (see the
/// README), so a connection on its way is not called lost.
const NO_ANSWER_SECS: f32 = 45.0;

/// The host's key in a [`SeatHolder`]-free sense: never a guest's (guests'
/// keys are 16 hex digits).
const HOST_KEY: &str = "host";

/// A fresh random number: the clock mixed with the platform's randomness
/// where there is one.
fn entropy() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let noise = {
        use std::hash::{BuildHasher, Hasher};
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
        );
        hasher.finish()
    };
    #[cfg(target_arch = "wasm32")]
    let noise = ((js_sys::Math::random() * f64::from(u32::MAX)) as u64) << 32
        | (js_sys::Math::random() * f64::from(u32::MAX)) as u64;
    noise
}

/// The seats of `game` as the host holds them: its remote seats awaited.
fn host_seats(game: &Match) -> Vec<(Seat, SeatHolder)> {
    game.seat_list()
        .into_iter()
        .map(|(seat, _, kind)| {
            (seat, if kind == PlayerKind::Remote { SeatHolder::Awaited } else { SeatHolder::Host })
        })
        .collect()
}

/// This device's key in the room `code`: the one kept in the store from an
/// earlier visit (a reload, a restart: the host gives its seats back), or
/// a new one, kept for next time.
fn guest_key(store: Option<&Store>, code: RoomCode) -> String {
    let name = format!("online-{}.txt", code.room_name());
    let kept = store.and_then(|s| s.read(&name).ok().flatten()).map(|k| k.trim().to_owned());
    if let Some(key) = kept.filter(|k| k.len() == 16 && k.bytes().all(|b| b.is_ascii_hexdigit())) {
        return key;
    }
    let key = format!("{:016x}", entropy());
    if let Some(Err(e)) = store.map(|s| s.write(&name, &key)) {
        warn!("online: cannot keep this device's key for room {code}: {e}");
    }
    key
}

/// `--online CODE`: join that room.
fn join_from_options(commands: Commands, options: Res<GameOptions>, store: Option<Res<Store>>) {
    if let Some(code) = options.online {
        join(commands, &options, store.as_deref(), code, None);
    }
}

/// A code typed on the Join screen: join that room.
fn join_rooms(
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
fn join(
    mut commands: Commands,
    options: &GameOptions,
    store: Option<&Store>,
    code: RoomCode,
    saved: Option<&MatchRoom>,
) {
    let key = saved.map_or_else(|| guest_key(store, code), |room| room.key.clone());
    let seats = saved.map_or_else(Vec::new, |room| room.seats.clone());
    info!("online: joining room {code}");
    commands.insert_resource(Online::open(options, code, Side::Guest(key), seats));
}

/// Opens a room when a match with a remote seat starts here (and this
/// session did not join one); closes it when a match without one replaces
/// it. A new match with remote seats in an open room (a rematch) keeps the
/// room and its guests.
fn open_or_close_room(
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
                online.transport.send(host, &Message::Rematch {});
                online.transport.send(host, &Message::RecordRequest {});
            }
        }
        Some(mut online) if remote && learning.as_ref().is_none_or(|l| l.0.is_none()) => {
            // The same guests keep their places, in order, where they can.
            let keys: Vec<String> = online
                .referee
                .seats()
                .iter()
                .filter_map(|(_, h)| if let SeatHolder::Guest(k) = h { Some(k.clone()) } else { None })
                .collect();
            online.referee = Referee::new(host_seats(&game), Side::Host);
            for key in keys {
                let _ = online.referee.seat_guest(&key);
            }
            // Every guest gets the new game whole, with its seats.
            let seated: Vec<PeerId> = online.seated_guests();
            for peer in seated {
                online.welcome(peer, &game);
            }
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
            let (code, seats) = match saved {
                Some(room) => (room.code, room.seats),
                None => (RoomCode::from_entropy(entropy()), host_seats(&game)),
            };
            let mut online = Online::open(&options, code, Side::Host, seats);
            info!("online: hosting room {code} at {}", online.room_url());
            online.refresh_state(&mut changes);
            commands.insert_resource(online);
        }
        None => {}
    }
}

/// A guest plays no seat until the host's game arrives: its match has only
/// remote seats until then.
fn guest_waits(
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

/// Reads the peers' comings and goings and their messages; each message is
/// judged before anything of the game changes.
fn exchange(
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    mut moves: MessageWriter<MoveCommand>,
    mut resignations: MessageWriter<ResignCommand>,
    mut history: MessageWriter<HistoryCommand>,
    mut replace: MessageWriter<MatchCommand>,
    mut changes: MessageWriter<OnlineChanged>,
    time: Res<Time>,
) {
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let online = &mut *online;
    if online.host.is_none() {
        online.waited += time.delta_secs();
    } else {
        online.waited = 0.0;
    }
    for (peer, connected) in online.transport.peer_changes() {
        if connected {
            if online.is_host() {
                online.guests.insert(peer, None);
            } else {
                // The guest does not know which peer hosts: it says hello
                // to each; only the host answers with the game.
                online.transport.send(peer, &Message::Hello { peer: online.key.clone() });
            }
        } else if online.is_host() {
            online.guests.remove(&peer);
        } else if online.host == Some(peer) {
            online.host = None;
        }
        online.refresh_state(&mut changes);
    }
    // The game as the messages of this frame leave it (several moves may
    // arrive at once; the match applies them after this system).
    let mut view = game.game().clone();
    let mut reviewing = game.reviewing().is_some();
    // Moves become `MoveCommand`s and resignations `ResignCommand`s, which
    // the match applies in that order: a frame takes plies of one kind,
    // the rest waits for the next frame, in order.
    let (mut moved, mut resigned) = (false, false);
    let mut incoming: std::collections::VecDeque<_> = std::mem::take(&mut online.deferred).into();
    incoming.extend(online.transport.receive());
    while let Some((peer, bytes)) = incoming.pop_front() {
        let kind = online_protocol::decode(&bytes).ok().map(|m| match m {
            Message::Move { .. } => 1,
            Message::Resign { .. } => 2,
            _ => 0,
        });
        if (kind == Some(1) && resigned) || (kind == Some(2) && moved) {
            online.deferred.push((peer, bytes));
            online.deferred.extend(incoming.drain(..));
            break;
        }
        // The room is a full mesh: a guest also hears the other guests
        // (their hellos, their refusals of ours). Guests speak only to the
        // host: anything else from another guest is dropped unanswered.
        let from_other_guest = !online.is_host() && online.host.is_some_and(|h| h != peer);
        let message = match online_protocol::decode(&bytes)
            .and_then(|m| online.referee.check_direction(&m).map(|()| m))
        {
            Ok(message) => message,
            Err(why) if from_other_guest || online.host.is_none() && !online.is_host() => {
                debug!("online: dropped a message from {peer}, not the host: {why}");
                continue;
            }
            Err(why) => {
                online.refuse(peer, &why, &mut changes);
                continue;
            }
        };
        if from_other_guest
            || (!online.is_host() && online.host.is_none() && !matches!(message, Message::Welcome { .. }))
        {
            debug!("online: dropped a message from {peer}, not the host");
            continue;
        }
        match message {
            Message::Hello { peer: key } => {
                if key == HOST_KEY
                    || online.guests.iter().any(|(p, k)| *p != peer && k.as_deref() == Some(&key))
                {
                    online.refuse(peer, &Rejection::WrongDirection("hello"), &mut changes);
                    continue;
                }
                match online.referee.seat_guest(&key) {
                    Ok(seats) => {
                        info!("online: {key} takes {seats:?}");
                        online.guests.insert(peer, Some(key));
                        // Every guest learns who holds the seats now (the
                        // others judge the newcomer's moves by it).
                        let seated: Vec<PeerId> = online.seated_guests();
                        for guest in seated {
                            online.welcome(guest, &game);
                        }
                        online.refresh_state(&mut changes);
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Welcome { game: id, record, seats } => {
                if online.host.is_some_and(|h| h != peer) {
                    online.refuse(peer, &Rejection::WrongDirection("welcome"), &mut changes);
                    continue;
                }
                match game_from_welcome(&id, &record, &seats) {
                    Ok(received) => {
                        let referee = Referee::new(seats.clone(), Side::Guest(online.key.clone()));
                        let kinds = seats
                            .iter()
                            .map(|(seat, _)| {
                                let kind = if referee.is_mine(*seat) {
                                    PlayerKind::Human
                                } else {
                                    PlayerKind::Remote
                                };
                                (*seat, String::new(), kind)
                            })
                            .collect();
                        view = received.clone();
                        reviewing = false;
                        online.referee = referee;
                        online.host = Some(peer);
                        // The guest's copy is saved like any game, with
                        // its room: continued, it joins the room again.
                        let mut copy = Match::new(received, kinds);
                        copy.set_room(Some(online.saved_room()));
                        online.adopting = true;
                        replace.write(MatchCommand::Replace(Box::new(copy)));
                        online.refresh_state(&mut changes);
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Move { ply, seat, mv, hash } => {
                let sender = online.guests.get(&peer).cloned().flatten().unwrap_or_default();
                match online.referee.apply_move(&mut view, &sender, ply, seat, &mv, &hash) {
                    Ok(report) => {
                        if reviewing {
                            history.write(HistoryCommand::EndReview);
                            reviewing = false;
                        }
                        if let Some(action) = report.action {
                            moves.write(MoveCommand::from(action));
                            moved = true;
                        }
                    }
                    Err(why) => online.turn_refused(peer, &why, &game, &mut changes),
                }
            }
            Message::Clock { ply, clocks, running } => {
                match online.referee.check_clock(&view, ply, &clocks) {
                    Ok(()) => {
                        online.host_clocks_run = running;
                        online.host_clocks = Some((ply, clocks));
                    }
                    // Readings of a ply this side never had: a ply was lost
                    // on the way, the host's record says which.
                    Err(why @ Rejection::StaleClock { got, expected }) if got > expected => {
                        online.resynchronise(peer, &why, &game, &mut changes);
                    }
                    // Moves crossed them, or the game ended here first.
                    Err(why @ (Rejection::StaleClock { .. } | Rejection::GameOver)) => {
                        debug!("online: {why}")
                    }
                    Err(why) => online.refuse(peer, &why, &mut changes),
                }
            }
            Message::Resign { ply, seat } => {
                let sender = online.guests.get(&peer).cloned().flatten().unwrap_or_default();
                match online.referee.check_resign(&view, &sender, ply, seat) {
                    Ok(()) => {
                        if reviewing {
                            history.write(HistoryCommand::EndReview);
                            reviewing = false;
                        }
                        let _ = view.resign();
                        resignations.write(ResignCommand(seat));
                        resigned = true;
                    }
                    Err(why) => online.turn_refused(peer, &why, &game, &mut changes),
                }
            }
            Message::RecordRequest {} => online.welcome(peer, &game),
            // Never answered: two sides refusing each other's refusals
            // would never stop.
            Message::Refused { reason } => {
                warn!("online: the peer refused our message: {reason}");
                online.last_refusal = Some(reason);
            }
            Message::UndoRequest { ply } => match online.referee.check_undo(&view, ply) {
                // Undo needs this side's consent: the HUD asks.
                Ok(()) if online.undo.is_none() => {
                    online.undo = Some(UndoAsk { plies: ply, peer, mine: false });
                }
                Ok(()) => online.transport.send(peer, &Message::UndoAnswer { ply, accept: false }),
                Err(why) => online.refuse(peer, &why, &mut changes),
            },
            Message::UndoAnswer { ply, accept } => {
                if online.undo.is_some_and(|u| u.mine && u.plies == ply) {
                    online.undo = None;
                    online.undo_refused = !accept;
                    if accept && online.is_host() {
                        online.agreed_undo = Some(ply);
                    }
                }
            }
            Message::Rematch {} => {
                if game.outcome().is_some() {
                    // As the host's own rematch: the players move (R2, A1)
                    // and every guest gets the new game.
                    replace.write(MatchCommand::Replace(Box::new(game.rematch())));
                } else {
                    online.refuse(peer, &Rejection::NotOver, &mut changes);
                }
            }
        }
    }
}

/// Undo in an online game (the toolbar, Ctrl+Z) asks the other side: a
/// guest asks the host, the host its guests. What is asked is to take back
/// this side's last move and what followed it.
fn ask_undo(
    mut history: MessageReader<HistoryCommand>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
) {
    let wanted = history.read().any(|h| *h == HistoryCommand::Undo);
    let (Some(mut online), Some(game)) = (online, game) else { return };
    if !wanted || !game.is_online() || online.undo.is_some() || game.outcome().is_some() {
        return;
    }
    let Some(last_mine) = game.game().ply_info().iter().rposition(|info| online.referee.is_mine(info.mover))
    else {
        return;
    };
    let plies = u32::try_from(last_mine).unwrap_or(u32::MAX);
    let peers: Vec<PeerId> =
        if online.is_host() { online.seated_guests() } else { online.host.into_iter().collect() };
    let Some(&first) = peers.first() else { return };
    for peer in peers {
        online.transport.send(peer, &Message::UndoRequest { ply: plies });
    }
    online.undo = Some(UndoAsk { plies, peer: first, mine: true });
    online.undo_refused = false;
}

/// This side's answer to an undo request (the HUD's buttons), and, on the
/// host, the undo both sides agreed to: the plies are taken back and every
/// guest gets the record again (through the reset).
fn answer_undo(
    mut replies: MessageReader<UndoReply>,
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut resets: MessageWriter<BoardReset>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else {
        replies.clear();
        return;
    };
    for &UndoReply(accept) in replies.read() {
        let Some(ask) = online.undo.filter(|u| !u.mine) else { continue };
        online.undo = None;
        online.transport.send(ask.peer, &Message::UndoAnswer { ply: ask.plies, accept });
        if accept && online.is_host() {
            online.agreed_undo = Some(ask.plies);
        }
    }
    if let Some(plies) = online.agreed_undo.take()
        && online.is_host()
        && game.take_back_to(plies as usize)
    {
        info!("online: took back to ply {plies}, as both sides agreed");
        resets.write(BoardReset);
    }
}

/// Sends the plies just played (moves and resignations; a time-out goes
/// with the host's clock readings): a guest its own seats' to the host,
/// the host each to every guest but the one who made it.
fn announce_moves(
    mut applied: MessageReader<MoveApplied>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
) {
    let reports: Vec<_> = applied.read().map(|a| a.report.clone()).collect();
    let (Some(mut online), Some(game)) = (online, game) else { return };
    let plies = game.game().ply_count();
    let count = reports.len();
    for (i, report) in reports.into_iter().enumerate() {
        let ply = plies + 1 + i - count;
        let ply_number = u32::try_from(ply).unwrap_or(u32::MAX);
        let message = if report.resigned {
            Message::Resign { ply: ply_number, seat: report.mover }
        } else {
            // A time-out is not announced: the host's clock readings carry it.
            let Some(mv) = report.notation else { continue };
            let Some(position) = game.game().position_after(ply) else { continue };
            Message::Move {
                ply: ply_number,
                seat: report.mover,
                mv,
                hash: hash_text(position.as_ref().hash()),
            }
        };
        if online.is_host() {
            let mover = online.referee.holder(report.mover).cloned();
            let peers: Vec<PeerId> = online
                .guests
                .iter()
                .filter(|(_, key)| key.as_ref().is_some_and(|k| mover != Some(SeatHolder::Guest(k.clone()))))
                .map(|(p, _)| *p)
                .collect();
            for peer in peers {
                online.transport.send(peer, &message);
            }
        } else if online.referee.is_mine(report.mover)
            && let Some(host) = online.host
        {
            online.transport.send(host, &message);
        }
    }
}

/// Seconds between two clock readings the host sends while a clock runs
/// (each ply sends them too).
const CLOCK_READINGS_EVERY_SECS: f32 = 3.0;

/// The clocks of an online game: the host's are the truth. The host's
/// clocks stop while a remote player is awaited, and the host sends its
/// readings after each ply, when the clocks stop or start, and every few
/// seconds while one runs; a guest's clocks run between readings, stop
/// with the host's or when the host is gone, never end a turn themselves,
/// and are set to each reading once the guest's game has its plies (a
/// reading of 0 for the seat to move is its time-out, R15, A12). A game
/// without a room leaves the clocks to this device.
fn share_clocks(
    mut applied: MessageReader<MoveApplied>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    mut control: ResMut<ClockControl>,
    time: Res<Time>,
) {
    let plies: Vec<bool> =
        applied.read().map(|a| a.report.notation.is_none() && !a.report.resigned).collect();
    let timed_out = plies.last().copied().unwrap_or(false);
    let (Some(mut online), Some(game)) = (online, game) else {
        control.set_if_neq(ClockControl::default());
        return;
    };
    let online = &mut *online;
    if !online.is_host() {
        control.set_if_neq(ClockControl {
            paused: online.host.is_none() || !online.host_clocks_run,
            kept_elsewhere: true,
            keeper: false,
        });
        return;
    }
    // The host's clocks run whatever its screen shows (its menu, another
    // window), but not while a player is awaited or a position is
    // reviewed: the readings say so.
    let running = online.state == OnlineState::Connected && game.reviewing().is_none();
    control.set_if_neq(ClockControl {
        paused: online.state != OnlineState::Connected,
        kept_elsewhere: false,
        keeper: true,
    });
    if !plies.is_empty() {
        online.clocks_due = true;
    }
    let seated = online.seated_guests();
    if game.game().limits().clock.is_none() || seated.is_empty() {
        return;
    }
    online.clocks_sent_ago += time.delta_secs();
    let message = if timed_out {
        // The readings as the time ran out, for the turn before the
        // time-out: each guest's reading of 0 is that time-out.
        match Referee::clock_message(game.game(), true) {
            Some(Message::Clock { ply, clocks, .. }) => {
                Some(Message::Clock { ply: ply.saturating_sub(1), clocks, running: true })
            }
            _ => None,
        }
    } else if game.outcome().is_none()
        && (online.clocks_due
            || running != online.clocks_ran
            || (running && online.clocks_sent_ago >= CLOCK_READINGS_EVERY_SECS))
    {
        Referee::clock_message(game.game(), running)
    } else {
        None
    };
    let Some(message) = message else { return };
    online.clocks_due = false;
    online.clocks_sent_ago = 0.0;
    online.clocks_ran = running;
    for peer in seated {
        online.transport.send(peer, &message);
    }
}

/// Guest: sets the clocks to the host's last readings once this device's
/// game has their plies (see [`share_clocks`]); a reading of 0 for the
/// seat to move ends its turn by time-out, as on the host.
fn follow_host_clocks(
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut reports: MessageWriter<MoveApplied>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else { return };
    // Under review the readings wait (a time-out among them must not be
    // lost).
    if game.reviewing().is_some() {
        return;
    }
    let played = game.game().ply_count();
    // Readings of plies this device has not had yet wait for them; older
    // ones are dropped.
    let Some((ply, clocks)) = online.host_clocks.take_if(|(ply, _)| *ply as usize <= played) else { return };
    let to_move = game.to_move();
    let Some(&(_, ms)) = clocks.iter().find(|(seat, _)| *seat == to_move) else { return };
    if ply as usize != played {
        return;
    }
    // A reading changes the clock every few seconds, as a tick does: only
    // a time-out counts as a change of the match.
    if let Some(report) = game.bypass_change_detection().set_clock(ms) {
        game.set_changed();
        info!("online: {} ran out of time on the host's clock", report.mover);
        reports.write(MoveApplied { report });
    }
}

/// Keeps the room with the match (and so in its save): the host's from the
/// start, a guest's once the host's game has come.
fn remember_room(online: Option<Res<Online>>, game: Option<ResMut<Match>>) {
    let (Some(online), Some(mut game)) = (online, game) else { return };
    if !online.is_host() && online.host.is_none() {
        return;
    }
    let room = online.saved_room();
    if game.room() != Some(&room) {
        game.set_room(Some(room));
    }
}
