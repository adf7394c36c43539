//! The [`Match`] resource: the engine's game (the single source of truth for
//! the rules, ARKES or Arcanor) and who sits where.

use bevy::prelude::*;
use game_core::{BySeat, Coord, Seat};

use crate::options::{GameOptions, PlayerKind};
use games::{Action, AnyGame, AnyOutcome, AnyPosition, AnyReport, GameKind, PosRef};
use online_protocol::{RoomCode, SeatHolder};

/// A seat's name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name shown in the HUD (empty: the seat's name).
    pub name: String,
    /// Human or computer.
    pub kind: PlayerKind,
}

/// The match being played: the engine's game and who sits where. Only the
/// systems of [`super::commands`] change it ([`super::MoveCommand`], clock
/// ticks, [`super::HistoryCommand`], [`super::MatchCommand`]).
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: AnyGame,
    seats: BySeat<SeatInfo>,
    last_move: Option<Action>,
    review: Option<(usize, AnyPosition)>,
    saved: bool,
    seed: u64,
    hinted: Vec<usize>,
    room: Option<MatchRoom>,
}

/// The online room a match is played in, kept with the match and its save
/// so that a reload or "Continue" opens (the host) or joins (a guest) that
/// room again and the game goes on there (see `crate::online`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRoom {
    /// The room's code.
    pub code: RoomCode,
    /// Whether this device hosts the game (else it is a guest there).
    pub host: bool,
    /// This device's secret key in the room (64 hex digits, never sent):
    /// the host's names the room ([`RoomCode::of_host`]); with a guest's,
    /// it proves it holds its seats when it comes back.
    pub key: String,
    /// Who holds each seat, as the host last said, in turn order: a
    /// returning host gives each guest's seats back by its key.
    pub seats: Vec<(Seat, SeatHolder)>,
}

impl Match {
    /// A match around `game` (new or loaded), with the seats' names and
    /// players in turn order (seats left out are people named after their
    /// seat).
    #[must_use]
    pub fn new(game: AnyGame, seats: Vec<(Seat, String, PlayerKind)>) -> Match {
        let seats = BySeat::from_fn(|seat| {
            seats.iter().find(|(s, _, _)| *s == seat).map_or_else(
                || SeatInfo { name: String::new(), kind: PlayerKind::Human },
                |(_, name, kind)| SeatInfo { name: name.clone(), kind: *kind },
            )
        });
        let last_move = game.last_action();
        Match {
            game,
            seats,
            last_move,
            review: None,
            saved: true,
            seed: fresh_seed(),
            hinted: Vec::new(),
            room: None,
        }
    }

    /// The match to start from the session's options: their game
    /// ([`GameOptions::new_game`]) with the seats' names and players.
    ///
    /// # Errors
    /// As [`GameOptions::new_game`].
    pub fn from_options(options: &GameOptions) -> Result<Match, String> {
        let game = options.new_game()?;
        let seats = game
            .seat_order()
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, options.name(i), options.kind(i)))
            .collect();
        Ok(Match::new(game, seats))
    }

    /// The online room the match is played in, if any.
    #[must_use]
    pub fn room(&self) -> Option<&MatchRoom> {
        self.room.as_ref()
    }

    /// Sets the online room the match is played in (kept in its save).
    pub fn set_room(&mut self, room: Option<MatchRoom>) {
        self.room = room;
    }

    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.game.kind()
    }

    /// The seed of the computer players' choices in this match.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Sets the seed of the computer players (same seed and moves, same game).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The engine's game.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The position shown: the game's, or an earlier one under review.
    #[must_use]
    pub fn displayed(&self) -> PosRef<'_> {
        self.review.as_ref().map_or_else(|| self.game.position(), |(_, p)| p.as_ref())
    }

    /// The number of plies shown while reviewing, `None` when not reviewing.
    #[must_use]
    pub fn reviewing(&self) -> Option<usize> {
        self.review.as_ref().map(|(n, _)| *n)
    }

    /// Name and player of `seat`.
    #[must_use]
    pub fn seat(&self, seat: Seat) -> &SeatInfo {
        &self.seats[seat]
    }

    /// The seats of the game, in turn order.
    #[must_use]
    pub fn seats(&self) -> Vec<Seat> {
        self.game.seat_order()
    }

    /// The seats of the game with their names and players, in turn order.
    #[must_use]
    pub fn seat_list(&self) -> Vec<(Seat, String, PlayerKind)> {
        self.seats().into_iter().map(|s| (s, self.seats[s].name.clone(), self.seats[s].kind)).collect()
    }

    /// Whether a person plays `seat` here.
    #[must_use]
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats[seat].kind == PlayerKind::Human
    }

    /// Whether a friend on another device plays some seat
    /// ([`PlayerKind::Remote`]): the game is online.
    #[must_use]
    pub fn is_online(&self) -> bool {
        self.seats().into_iter().any(|s| self.seats[s].kind == PlayerKind::Remote)
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.game.to_move()
    }

    /// How the game ended.
    #[must_use]
    pub fn outcome(&self) -> Option<AnyOutcome> {
        self.game.outcome()
    }

    /// The last move played, marked on the board (none while reviewing).
    #[must_use]
    pub fn last_move(&self) -> Option<Action> {
        if self.review.is_some() { None } else { self.last_move }
    }

    /// Whether this match should be kept in the autosave (a game someone
    /// plays, not the title screen's background).
    #[must_use]
    pub fn is_saved(&self) -> bool {
        self.saved
    }

    /// Marks whether the match is kept in the autosave.
    pub fn set_saved(&mut self, saved: bool) {
        self.saved = saved;
    }

    /// The legal actions from `from` (ARKES: one per destination; Arcanor: a
    /// duo's whole and top-piece-alone moves).
    #[must_use]
    pub fn actions_from(&self, from: Coord) -> Vec<Action> {
        self.game.legal_actions().into_iter().filter(|a| a.from == from).collect()
    }

    /// Plays `action` if legal.
    ///
    /// # Errors
    /// The engine's reason when the move is illegal (or a position under
    /// review is shown); nothing changes then.
    pub fn play(&mut self, action: Action) -> Result<AnyReport, String> {
        if self.review.is_some() {
            return Err("a position under review is shown".into());
        }
        let report = self.game.play(action)?;
        self.last_move = report.action;
        Ok(report)
    }

    /// The seat to move resigns (ARKES: its marble leaves and the others
    /// play on, R12; Arcanor: it loses).
    ///
    /// # Errors
    /// The engine's reason when the game is over, or while a position
    /// under review is shown; nothing changes then.
    pub fn resign(&mut self) -> Result<AnyReport, String> {
        if self.review.is_some() {
            return Err("a position under review is shown".into());
        }
        let report = self.game.resign()?;
        self.last_move = None;
        Ok(report)
    }

    /// Charges `ms` to the clock of the seat to move; the report of a
    /// time-out, if one happened. The clock runs under a review too, if
    /// the caller runs it then (an online game's host: its clocks are
    /// everyone's); a time-out ends the review.
    pub fn tick(&mut self, ms: u64) -> Option<AnyReport> {
        let report = self.game.tick(ms);
        if report.is_some() {
            // A time-out ends a review: the game's end is shown.
            self.last_move = None;
            self.review = None;
        }
        report
    }

    /// Sets the seat to move's clock to the reading of the device that
    /// keeps the clocks (an online game's host), in milliseconds; the
    /// report of its time-out when the reading is 0 (R15, A12). See
    /// `game_core::Game::set_clock`. Nothing while a position under review
    /// is shown.
    pub fn set_clock(&mut self, ms: u64) -> Option<AnyReport> {
        if self.review.is_some() {
            return None;
        }
        let report = self.game.set_clock(ms);
        if report.is_some() {
            self.last_move = None;
        }
        report
    }

    /// The plies (from 1) whose mover was shown the coach's hint before
    /// moving, in order.
    #[must_use]
    pub fn hinted_plies(&self) -> &[usize] {
        &self.hinted
    }

    /// Marks that the seat to move is shown a hint: its coming ply is
    /// marked (once).
    pub fn mark_hint(&mut self) {
        let ply = self.game.ply_count() + 1;
        if self.review.is_none() && self.game.outcome().is_none() && !self.hinted.contains(&ply) {
            self.hinted.push(ply);
        }
    }

    /// Restores the hint marks of a saved match.
    ///
    /// # Errors
    /// A mark that is not a ply of the game (or the coming one), or not in
    /// order; nothing changes then.
    pub fn set_hinted_plies(&mut self, plies: Vec<usize>) -> Result<(), String> {
        let last = self.game.ply_count() + 1;
        if let Some(bad) = plies.iter().find(|&&p| p == 0 || p > last) {
            return Err(format!("a hint mark on ply {bad} of a game of {} plies", self.game.ply_count()));
        }
        if !plies.is_sorted_by(|a, b| a < b) {
            return Err("the hint marks are not in order".into());
        }
        self.hinted = plies;
        Ok(())
    }

    /// The game's record as text ([`games::DynGame::record_text`]), with a
    /// comment naming the plies played after a hint.
    #[must_use]
    pub fn record_text(&self) -> String {
        let mut text = self.game.record_text();
        let played: Vec<String> =
            self.hinted.iter().filter(|&&p| p <= self.game.ply_count()).map(ToString::to_string).collect();
        if !played.is_empty() {
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!("# plies played after a hint of the coach: {}\n", played.join(", ")));
        }
        text
    }

    /// Forgets the hint marks of plies no longer ahead or played.
    fn trim_hints(&mut self) {
        let last = self.game.ply_count() + 1;
        self.hinted.retain(|&p| p <= last);
    }

    /// Takes back plies: one, or against the computer as many as needed to
    /// reach the previous turn of a person. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        self.review = None;
        if !self.game.undo() {
            return false;
        }
        let any_human = self.seats().iter().any(|&s| self.is_human(s));
        while any_human && !self.is_human(self.game.to_move()) && self.game.undo() {}
        self.last_move = self.game.last_action();
        self.trim_hints();
        true
    }

    /// Takes back plies until `plies` are left ("try again from here"):
    /// the position before ply `plies + 1`, its seat to move. What was
    /// taken back can be replayed ([`Match::redo`]) until a move is played.
    /// Returns whether it got there.
    pub fn take_back_to(&mut self, plies: usize) -> bool {
        self.review = None;
        while self.game.ply_count() > plies {
            if !self.game.undo() {
                break;
            }
        }
        self.last_move = self.game.last_action();
        self.trim_hints();
        self.game.ply_count() == plies
    }

    /// Replays what was taken back: one ply, or up to the next turn of a person.
    pub fn redo(&mut self) -> bool {
        self.review = None;
        if !self.game.redo() {
            return false;
        }
        let any_human = self.seats().iter().any(|&s| self.is_human(s));
        while any_human && !self.is_human(self.game.to_move()) && self.game.can_redo() {
            if !self.game.redo() {
                break;
            }
        }
        self.last_move = self.game.last_action();
        true
    }

    /// Shows the position after the first `plies` plies (the whole game ends
    /// the review).
    pub fn review(&mut self, plies: usize) {
        if plies >= self.game.ply_count() {
            self.review = None;
            return;
        }
        match self.game.position_after(plies) {
            Some(p) => self.review = Some((plies, p)),
            None => warn!("cannot review ply {plies}"),
        }
    }

    /// Stops reviewing.
    pub fn end_review(&mut self) {
        self.review = None;
    }

    /// Starts again from the set-up.
    pub fn restart(&mut self) {
        self.game = self.game.restarted();
        self.last_move = None;
        self.review = None;
        self.hinted.clear();
    }

    /// A rematch (RULES.md R2, ARCANOR.md A1): the same board, set-up and
    /// limits, so the same seat (South in the standard set-ups) moves first,
    /// and the players move instead: each takes the next seat in the turn
    /// order, clockwise (with two players they swap), so that another
    /// person moves first.
    #[must_use]
    pub fn rematch(&self) -> Match {
        let order = self.seats();
        let mut seats = self.seats.clone();
        for (i, &seat) in order.iter().enumerate() {
            seats[order[(i + 1) % order.len()]] = self.seats[seat].clone();
        }
        Match {
            game: self.game.restarted(),
            seats,
            last_move: None,
            review: None,
            saved: self.saved,
            seed: self.seed.wrapping_add(1),
            hinted: Vec::new(),
            room: self.room.clone(),
        }
    }
}

/// A seed that differs from game to game.
fn fresh_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let noise =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    #[cfg(target_arch = "wasm32")]
    let noise = (js_sys::Math::random() * u64::MAX as f64) as u64;
    noise.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{GameKind, NewGame};

    fn kinds() -> [PlayerKind; 4] {
        [PlayerKind::Human, PlayerKind::Easy, PlayerKind::Medium, PlayerKind::Hard]
    }

    /// A match of `kind` with `players` seats, each named after its place in
    /// the turn order and played by a different kind, after a few moves.
    fn played(kind: GameKind, players: usize) -> Match {
        let new = NewGame { players, side: 9, position: None, limits: game_core::Limits::default() };
        let game = kind.new_game(&new).expect("a game");
        let seats = game
            .seat_order()
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, format!("P{i}"), kinds()[i]))
            .collect();
        let mut m = Match::new(game, seats);
        for _ in 0..3 {
            let action = m.game().legal_actions()[0];
            m.play(action).expect("legal");
        }
        m
    }

    #[test]
    fn r02_a_rematch_keeps_south_first_and_moves_each_player_to_the_next_seat_clockwise() {
        for (players, expected) in [
            (2, vec![(Seat::South, "P1"), (Seat::North, "P0")]),
            (3, vec![(Seat::South, "P2"), (Seat::West, "P0"), (Seat::North, "P1")]),
            (4, vec![(Seat::South, "P3"), (Seat::West, "P0"), (Seat::North, "P1"), (Seat::East, "P2")]),
        ] {
            let before = played(games::arkes::KIND, players);
            let after = before.rematch();
            assert_eq!(after.to_move(), Seat::South, "{players} players: South moves first (R2)");
            assert_eq!(after.game().ply_count(), 0);
            assert_eq!(after.game().position().text(), before.game().restarted().position().text());
            let names: Vec<(Seat, &str)> =
                after.seats().into_iter().map(|s| (s, after.seat(s).name.as_str())).collect();
            assert_eq!(names, expected, "{players} players: each person takes the next seat clockwise");
            for seat in after.seats() {
                let index: usize = after.seat(seat).name[1..].parse().expect("P<n>");
                assert_eq!(after.seat(seat).kind, kinds()[index], "the player's kind moves with the name");
            }
        }
    }

    #[test]
    fn a01_a_rematch_swaps_the_players_and_south_still_moves_first() {
        let before = played(games::arcanor::KIND, 2);
        let after = before.rematch();
        assert_eq!(after.to_move(), Seat::South);
        assert_eq!(after.game().ply_count(), 0);
        assert_eq!(
            (after.seat(Seat::South).name.as_str(), after.seat(Seat::North).name.as_str()),
            ("P1", "P0")
        );
        assert_eq!(
            (after.seat(Seat::South).kind, after.seat(Seat::North).kind),
            (PlayerKind::Easy, PlayerKind::Human)
        );
        assert_eq!(after.rematch().seat(Seat::South).name, "P0", "two rematches swap back");
    }
}
