//! Judging what a peer says before it touches the game.

use game_core::Seat;
use games::{Action, AnyGame, AnyReport, GameKind};

use crate::keys::PublicKey;
use crate::message::{Message, SeatHolder};
use crate::rejection::Rejection;

/// The hash of a position as written in a [`Message::Move`]: 16 lowercase
/// hex digits.
#[must_use]
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Who this side is, for judging messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The host: messages come from guests, each known by its key.
    Host,
    /// A guest with this public key: every message comes from the host.
    Guest(PublicKey),
}

/// The seats of an online game and who holds them; judges the messages
/// that play on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    seats: Vec<(Seat, SeatHolder)>,
    me: Side,
}

impl Referee {
    /// A referee for this side (`me`) of a game whose seats, in turn order,
    /// are held as `seats` says.
    #[must_use]
    pub fn new(seats: Vec<(Seat, SeatHolder)>, me: Side) -> Referee {
        Referee { seats, me }
    }

    /// The seats and who holds them, in turn order.
    #[must_use]
    pub fn seats(&self) -> &[(Seat, SeatHolder)] {
        &self.seats
    }

    /// Who holds `seat` (`None`: not a seat of the game).
    #[must_use]
    pub fn holder(&self, seat: Seat) -> Option<&SeatHolder> {
        self.seats.iter().find(|(s, _)| *s == seat).map(|(_, h)| h)
    }

    /// The seats the guest `key` holds.
    #[must_use]
    pub fn seats_of(&self, key: &PublicKey) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|(_, h)| matches!(h, SeatHolder::Guest(k) if k == key))
            .map(|(s, _)| *s)
            .collect()
    }

    /// The seats of whoever sent a message: on the host's side, the seats
    /// of the guest `sender`; on a guest's, whose messages all come from
    /// the host, the host's.
    fn seats_of_sender(&self, sender: &PublicKey) -> Vec<Seat> {
        match self.me {
            Side::Host => self.seats_of(sender),
            Side::Guest(_) => {
                self.seats.iter().filter(|(_, h)| *h == SeatHolder::Host).map(|(s, _)| *s).collect()
            }
        }
    }

    /// Whether this side plays `seat` (the host: a seat of its screen or
    /// computer; a guest: one the host gave it).
    #[must_use]
    pub fn is_mine(&self, seat: Seat) -> bool {
        match (&self.me, self.holder(seat)) {
            (Side::Host, Some(SeatHolder::Host)) => true,
            (Side::Guest(me), Some(SeatHolder::Guest(k))) => me == k,
            _ => false,
        }
    }

    /// The remote seats no guest holds yet.
    #[must_use]
    pub fn awaited(&self) -> Vec<Seat> {
        self.seats.iter().filter(|(_, h)| *h == SeatHolder::Awaited).map(|(s, _)| *s).collect()
    }

    /// Host: seats the guest `key` (a [`Message::Hello`] whose proof was
    /// checked): the seats it held before (a rejoin), else the first
    /// awaited seat. A seat held by another key stays its own, whether
    /// its holder is connected or away.
    ///
    /// # Errors
    /// [`Rejection::RoomFull`] when the guest is new and no seat is
    /// awaited (it may watch); [`Rejection::WrongDirection`] on a guest's
    /// side.
    pub fn seat_guest(&mut self, key: &PublicKey) -> Result<Vec<Seat>, Rejection> {
        if self.me != Side::Host {
            return Err(Rejection::WrongDirection("hello"));
        }
        let held = self.seats_of(key);
        if !held.is_empty() {
            return Ok(held);
        }
        let (seat, holder) =
            self.seats.iter_mut().find(|(_, h)| *h == SeatHolder::Awaited).ok_or(Rejection::RoomFull)?;
        *holder = SeatHolder::Guest(*key);
        Ok(vec![*seat])
    }

    /// Whether this side takes a message of this kind at all: a guest
    /// takes the host's key, records, moves, resignations, clock readings,
    /// undo questions and answers and refusals from the host; the host
    /// takes hellos, moves, resignations, record and undo requests, undo
    /// answers, rematch requests and refusals from guests.
    ///
    /// # Errors
    /// [`Rejection::WrongDirection`] naming the kind.
    pub fn check_direction(&self, message: &Message) -> Result<(), Rejection> {
        let host = self.me == Side::Host;
        let (kind, ok) = match message {
            Message::Host { .. } => ("host", !host),
            Message::Hello { .. } => ("hello", host),
            Message::Welcome { .. } => ("welcome", !host),
            Message::Clock { .. } => ("clock", !host),
            Message::RecordRequest {} => ("record-request", host),
            Message::Rematch {} => ("rematch", host),
            Message::Move { .. } => ("move", true),
            Message::Resign { .. } => ("resign", true),
            Message::UndoRequest { .. } => ("undo-request", true),
            Message::UndoAnswer { .. } => ("undo-answer", true),
            Message::Refused { .. } => ("refused", true),
        };
        debug_assert_eq!(kind, message.kind());
        if ok { Ok(()) } else { Err(Rejection::WrongDirection(kind)) }
    }

    /// The move a [`Message::Move`] plays, checked against `game`: the
    /// sender (`sender`: the guest's key on the host's side, the host's on
    /// a guest's, whose messages all come from the host) holds `seat`, it is
    /// that seat's turn and ply `ply`, `mv` is a legal move, and the
    /// position after it hashes to `hash`. The game is not changed: the
    /// caller plays the returned action.
    ///
    /// # Errors
    /// The first check that fails, in that order ([`Rejection::GameOver`]
    /// first).
    pub fn check_move(
        &self,
        game: &AnyGame,
        sender: &PublicKey,
        ply: u32,
        seat: Seat,
        mv: &str,
        hash: &str,
    ) -> Result<Action, Rejection> {
        self.check_turn(game, sender, ply, seat)?;
        let action = game
            .legal_actions()
            .into_iter()
            .find(|&a| game.action_text(a).as_deref() == Some(mv))
            .ok_or_else(|| Rejection::Illegal(mv.to_owned()))?;
        let mut after = game.clone();
        after.play(action).map_err(|_| Rejection::Illegal(mv.to_owned()))?;
        if hash_text(after.position().hash()) != hash {
            return Err(Rejection::HashMismatch);
        }
        Ok(action)
    }

    /// A [`Message::Resign`] checked against `game` as a move is, but for
    /// the move itself: the game goes on, the sender holds `seat`, it is
    /// that seat's turn and ply `ply`. The game is not changed: the caller
    /// has the seat resign.
    ///
    /// # Errors
    /// As [`Referee::check_move`], the first check that fails.
    pub fn check_resign(
        &self,
        game: &AnyGame,
        sender: &PublicKey,
        ply: u32,
        seat: Seat,
    ) -> Result<(), Rejection> {
        self.check_turn(game, sender, ply, seat)
    }

    /// The checks a move and a resignation share: the game goes on, the
    /// sender holds `seat`, it is that seat's turn, and `ply` is the next.
    fn check_turn(&self, game: &AnyGame, sender: &PublicKey, ply: u32, seat: Seat) -> Result<(), Rejection> {
        if game.outcome().is_some() {
            return Err(Rejection::GameOver);
        }
        let allowed = match (&self.me, self.holder(seat)) {
            (Side::Host, Some(SeatHolder::Guest(k))) => k == sender,
            (Side::Guest(me), Some(SeatHolder::Guest(k))) => k != me,
            (Side::Guest(_), Some(SeatHolder::Host)) => true,
            _ => false,
        };
        if !allowed {
            return Err(Rejection::NotYours(seat));
        }
        if seat != game.to_move() {
            return Err(Rejection::OutOfTurn { seat, to_move: game.to_move() });
        }
        let expected = u32::try_from(game.ply_count() + 1).unwrap_or(u32::MAX);
        if ply != expected {
            return Err(Rejection::WrongPly { got: ply, expected });
        }
        Ok(())
    }

    /// Checks a [`Message::Move`] as [`Referee::check_move`] does and, if
    /// it passes, plays it on `game`; on a refusal `game` is untouched.
    ///
    /// # Errors
    /// As [`Referee::check_move`].
    pub fn apply_move(
        &self,
        game: &mut AnyGame,
        sender: &PublicKey,
        ply: u32,
        seat: Seat,
        mv: &str,
        hash: &str,
    ) -> Result<AnyReport, Rejection> {
        let action = self.check_move(game, sender, ply, seat, mv, hash)?;
        game.play(action).map_err(|_| Rejection::Illegal(mv.to_owned()))
    }

    /// The [`Message::Move`] announcing the ply just played on `game`
    /// (by one of this side's seats), `None` if no ply was played or the
    /// last one was a time-out or a resignation.
    #[must_use]
    pub fn move_message(game: &AnyGame) -> Option<Message> {
        let ply = game.ply_count();
        let seat = game.ply_info().get(ply.checked_sub(1)?)?.mover;
        let mv = game.ply_texts().get(ply - 1)?.clone()?;
        Some(Message::Move {
            ply: u32::try_from(ply).ok()?,
            seat,
            mv,
            hash: hash_text(game.position().hash()),
        })
    }

    /// A [`Message::Clock`] checked against `game`: the game has clocks
    /// and goes on, the readings are of the turn being played (`ply` plies
    /// played), every seat of the game has one reading, and none is more
    /// than a clock can hold by now (the starting time plus one increment
    /// per ply played and one more). The game is not changed: the caller
    /// sets the seat to move's clock (`Game::set_clock`).
    ///
    /// # Errors
    /// [`Rejection::GameOver`], [`Rejection::BadClock`] (no clocks, seats,
    /// values), [`Rejection::StaleClock`] for another turn's readings
    /// (moves crossed them: drop them, say nothing).
    pub fn check_clock(&self, game: &AnyGame, ply: u32, clocks: &[(Seat, u64)]) -> Result<(), Rejection> {
        if game.outcome().is_some() {
            return Err(Rejection::GameOver);
        }
        let Some(clock) = game.limits().clock else {
            return Err(Rejection::BadClock("this game has no clocks".into()));
        };
        let played = game.ply_count();
        let expected = u32::try_from(played).unwrap_or(u32::MAX);
        if ply != expected {
            return Err(Rejection::StaleClock { got: ply, expected });
        }
        let mut seats: Vec<Seat> = clocks.iter().map(|(s, _)| *s).collect();
        seats.sort_unstable();
        let mut order = game.seat_order();
        order.sort_unstable();
        if seats != order {
            return Err(Rejection::BadClock(format!(
                "readings for {seats:?}, the game's seats are {order:?}"
            )));
        }
        let most = clock.increment_ms().saturating_mul(played as u64 + 1).saturating_add(clock.initial_ms());
        if let Some((seat, ms)) = clocks.iter().find(|(_, ms)| *ms > most) {
            return Err(Rejection::BadClock(format!(
                "{seat:?} at {ms} ms, more than the {most} ms a clock can hold"
            )));
        }
        Ok(())
    }

    /// The [`Message::Clock`] of `game`'s clocks now; `None` without
    /// clocks.
    #[must_use]
    pub fn clock_message(game: &AnyGame, running: bool) -> Option<Message> {
        let clocks = game
            .seat_order()
            .into_iter()
            .map(|seat| game.clock_ms(seat).map(|ms| (seat, ms)))
            .collect::<Option<Vec<_>>>()?;
        Some(Message::Clock { ply: u32::try_from(game.ply_count()).ok()?, clocks, running })
    }

    /// An [`Message::UndoRequest`] from `sender` (on the host's side, the
    /// guest of that key; on a guest's, the host) checked against `game`:
    /// the sender holds a seat, the game goes on, and `ply` is the ply of
    /// the sender's last move (what ask to take back is that move and what
    /// followed it), so a request never takes back more.
    ///
    /// # Errors
    /// [`Rejection::NotSeated`], [`Rejection::GameOver`],
    /// [`Rejection::BadUndo`].
    pub fn check_undo(&self, game: &AnyGame, sender: &PublicKey, ply: u32) -> Result<(), Rejection> {
        let seats = self.seats_of_sender(sender);
        if seats.is_empty() {
            return Err(Rejection::NotSeated("undo-request"));
        }
        if game.outcome().is_some() {
            return Err(Rejection::GameOver);
        }
        let last = game.ply_info().iter().rposition(|info| seats.contains(&info.mover));
        if last == Some(ply as usize) { Ok(()) } else { Err(Rejection::BadUndo(ply)) }
    }

    /// Host: a [`Message::Rematch`] from the guest `sender`: it holds a
    /// seat and the game is over. The host's screen is then asked.
    ///
    /// # Errors
    /// [`Rejection::NotSeated`], [`Rejection::NotOver`],
    /// [`Rejection::WrongDirection`] on a guest's side.
    pub fn check_rematch(&self, game: &AnyGame, sender: &PublicKey) -> Result<(), Rejection> {
        if self.me != Side::Host {
            return Err(Rejection::WrongDirection("rematch"));
        }
        if self.seats_of(sender).is_empty() {
            return Err(Rejection::NotSeated("rematch"));
        }
        if game.outcome().is_none() {
            return Err(Rejection::NotOver);
        }
        Ok(())
    }
}

/// The game and seats of a [`Message::Welcome`] (from the host: still
/// untrusted), checked: the game is known, the record loads and replays,
/// and the seats are the game's, each once, in its turn order.
///
/// # Errors
/// [`Rejection::BadRecord`] saying what is wrong.
pub fn game_from_welcome(
    game: &str,
    record: &serde_json::Value,
    seats: &[(Seat, SeatHolder)],
) -> Result<AnyGame, Rejection> {
    let kind = GameKind::from_id(game).ok_or_else(|| Rejection::BadRecord(format!("no game `{game}`")))?;
    let loaded = kind.load_record_json(record).map_err(Rejection::BadRecord)?;
    let listed: Vec<Seat> = seats.iter().map(|(s, _)| *s).collect();
    if listed != loaded.seat_order() {
        return Err(Rejection::BadRecord(format!(
            "seats {listed:?} are not the game's {:?}",
            loaded.seat_order()
        )));
    }
    Ok(loaded)
}
