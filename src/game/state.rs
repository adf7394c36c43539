//! The [`Match`] resource, which owns the engine's [`Game`], and the messages
//! that change it: [`MoveCommand`] in, [`MoveApplied`] out; undo, redo,
//! review of earlier positions, and the players' clocks.

use arkes_engine::{BySeat, Coord, Game, GameRecord, Limits, Move, PlyReport, Position, Seat, Setup};
use bevy::prelude::*;

use super::animation::InputLock;
use crate::AppSystems;
use crate::options::{GameOptions, PlayerKind};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveCommand>()
        .add_message::<MoveApplied>()
        .add_message::<RestartCommand>()
        .add_message::<BoardReset>()
        .add_message::<HistoryCommand>()
        .init_resource::<GameFlow>()
        .add_systems(Startup, start_match)
        .add_systems(
            Update,
            (restart, history_commands, apply_move_commands, tick_clock).chain().in_set(AppSystems::Apply),
        );
}

/// A request to play the move from `from` to `to`, from a person (picking,
/// keyboard, gamepad) or the computer. The engine decides whether it is legal;
/// an illegal command changes nothing and is logged.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCommand {
    /// The cell the top piece leaves.
    pub from: Coord,
    /// The adjacent cell it goes to.
    pub to: Coord,
}

/// A ply the engine has applied: the move (or time-out) and what it did.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    /// What the engine reported.
    pub report: PlyReport,
}

/// A request to start the game again from its set-up (the `R` key).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct RestartCommand;

/// Moving in the game's history.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryCommand {
    /// Take back the last ply (against the computer: back to the last
    /// person's turn).
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Show the position after `n` plies, without changing the game.
    Review(usize),
    /// Leave the review and show the game again.
    EndReview,
}

/// The board changed other than by a ply (new game, restart, load): the
/// pieces are resynced at once, without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// What the game may do now; the screens set it (a paused or hidden game
/// neither takes input nor runs the clocks). Both on by default.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFlow {
    /// Moves may be picked and sent.
    pub accepting_input: bool,
    /// The clock of the seat to move runs.
    pub clock_running: bool,
}

impl Default for GameFlow {
    fn default() -> GameFlow {
        GameFlow { accepting_input: true, clock_running: true }
    }
}

/// A seat's name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name shown in the HUD.
    pub name: String,
    /// Human or computer.
    pub kind: PlayerKind,
}

/// The match being played: the engine's [`Game`] (the single source of truth
/// for the rules) and who sits where. Only [`MoveCommand`]s, clock ticks and
/// [`HistoryCommand`]s (through this module's systems) and restarts change it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: Game,
    seats: BySeat<SeatInfo>,
    last_move: Option<Move>,
    review: Option<(usize, Position)>,
    saved: bool,
    seed: u64,
}

impl Match {
    /// A new match from the options' set-up, with the default limits.
    ///
    /// # Errors
    /// A message when the options' set-up is not valid (R1, R2).
    pub fn new(options: &GameOptions) -> Result<Match, String> {
        let setup = options.setup()?;
        let seats =
            setup.seats.iter().enumerate().map(|(i, &s)| (s, options.name(s, i), options.kind(i))).collect();
        Match::from_setup(setup, options.limits, seats)
    }

    /// A new match from a set-up, limits and the seats' names and players.
    ///
    /// # Errors
    /// A message when the set-up is not valid.
    pub fn from_setup(
        setup: Setup,
        limits: Limits,
        seats: Vec<(Seat, String, PlayerKind)>,
    ) -> Result<Match, String> {
        let game = Game::new(setup, limits).map_err(|e| e.to_string())?;
        Ok(Match::from_game(game, seats))
    }

    /// A match around a game already under way (a loaded save).
    #[must_use]
    pub fn from_game(game: Game, seats: Vec<(Seat, String, PlayerKind)>) -> Match {
        let seats = BySeat::from_fn(|seat| {
            seats.iter().find(|(s, _, _)| *s == seat).map_or_else(
                || SeatInfo { name: seat.name().to_owned(), kind: PlayerKind::Human },
                |(_, name, kind)| SeatInfo { name: name.clone(), kind: *kind },
            )
        });
        let last_move = game.plies().last().and_then(|p| match p {
            arkes_engine::Ply::Move { mv, .. } => game_last_move(&game, *mv),
            arkes_engine::Ply::TimeOut { .. } => None,
        });
        Match { game, seats, last_move, review: None, saved: true, seed: fresh_seed() }
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
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position shown: the game's, or an earlier one under review.
    #[must_use]
    pub fn displayed(&self) -> &Position {
        self.review.as_ref().map_or(self.game.position(), |(_, p)| p)
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

    /// The seats of the game (those in its set-up), in turn order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.game.setup().seats.iter().copied()
    }

    /// The seats of the game with their names and players, in turn order.
    #[must_use]
    pub fn seat_list(&self) -> Vec<(Seat, String, PlayerKind)> {
        self.seats().map(|s| (s, self.seats[s].name.clone(), self.seats[s].kind)).collect()
    }

    /// Whether a person plays `seat` here.
    #[must_use]
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats[seat].kind == PlayerKind::Human
    }

    /// The last move played, marked on the board.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
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

    /// Plays `from`-`to` if legal.
    ///
    /// # Errors
    /// The engine's reason when the move is illegal (or a position under
    /// review is shown); nothing changes then.
    pub fn play(&mut self, from: Coord, to: Coord) -> Result<PlyReport, arkes_engine::IllegalMoveError> {
        if self.review.is_some() {
            return Err(arkes_engine::IllegalMoveError::GameOver);
        }
        let mv = self.game.position().check(from, to)?;
        let report = self.game.play(mv).map_err(|e| match e {
            arkes_engine::PlyError::Illegal(e) => e,
            _ => arkes_engine::IllegalMoveError::GameOver,
        })?;
        self.last_move = report.mv;
        Ok(report)
    }

    /// Charges `ms` to the clock of the seat to move (R12, R15); the report of
    /// a time-out, if one happened.
    pub fn tick(&mut self, ms: u64) -> Option<PlyReport> {
        if self.review.is_some() {
            return None;
        }
        let report = self.game.tick(ms);
        if report.is_some() {
            self.last_move = None;
        }
        report
    }

    /// Takes back plies: one, or against the computer as many as needed to
    /// reach the previous turn of a person. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        self.review = None;
        if !self.game.undo() {
            return false;
        }
        let any_human = self.seats().any(|s| self.is_human(s));
        while any_human && !self.is_human(self.game.position().to_move()) && self.game.undo() {}
        self.refresh_last_move();
        true
    }

    /// Replays what was taken back: one ply, or up to the next turn of a person.
    pub fn redo(&mut self) -> bool {
        self.review = None;
        if self.game.redo().is_none() {
            return false;
        }
        let any_human = self.seats().any(|s| self.is_human(s));
        while any_human && !self.is_human(self.game.position().to_move()) && self.game.can_redo() {
            if self.game.redo().is_none() {
                break;
            }
        }
        self.refresh_last_move();
        true
    }

    fn refresh_last_move(&mut self) {
        self.last_move = match self.game.plies().last() {
            Some(arkes_engine::Ply::Move { mv, .. }) => game_last_move(&self.game, *mv),
            _ => None,
        };
    }

    /// Shows the position after the first `plies` plies (the whole game ends
    /// the review).
    pub fn review(&mut self, plies: usize) {
        if plies >= self.game.plies().len() {
            self.review = None;
            return;
        }
        let record = GameRecord { plies: self.game.plies()[..plies].to_vec(), ..self.game.record() };
        match Game::from_record(&record) {
            Ok(g) => self.review = Some((plies, g.position().clone())),
            Err(e) => warn!("cannot review ply {plies}: {e}"),
        }
    }

    /// Stops reviewing.
    pub fn end_review(&mut self) {
        self.review = None;
    }

    /// Starts again from the set-up.
    pub fn restart(&mut self) {
        self.game = Game::new(self.game.setup().clone(), self.game.limits()).expect("the set-up was valid");
        self.last_move = None;
        self.review = None;
    }

    /// A new game with the same seats, limits and board, started by the seat
    /// after the one that started this one.
    #[must_use]
    pub fn rematch(&self) -> Match {
        let setup = self.game.setup();
        let starter = setup.to_move;
        let seats = &setup.seats;
        let next = seats.iter().position(|&s| s == starter).map_or(starter, |i| seats[(i + 1) % seats.len()]);
        let mut fresh = Setup::standard(seats.len(), setup.side).unwrap_or_else(|_| setup.clone());
        if fresh.seats != *seats {
            fresh = setup.clone();
        }
        fresh.to_move = next;
        Match::from_setup(fresh, self.game.limits(), self.seat_list()).unwrap_or_else(|_| self.clone())
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

/// The legal-move form (with its kind) of the last recorded move.
fn game_last_move(game: &Game, text: arkes_engine::MoveText) -> Option<Move> {
    let mut before = game.clone();
    before.undo();
    before.position().resolve(text).ok()
}

fn start_match(mut commands: Commands, options: Res<GameOptions>, mut resets: MessageWriter<BoardReset>) {
    match Match::new(&options) {
        Ok(mut m) => {
            if let Some(seed) = options.seed {
                m.set_seed(seed);
            }
            commands.insert_resource(m);
            resets.write(BoardReset);
        }
        Err(e) => error!("cannot start the game: {e}"),
    }
}

fn restart(
    mut requests: MessageReader<RestartCommand>,
    game: Option<ResMut<Match>>,
    flow: Res<GameFlow>,
    mut resets: MessageWriter<BoardReset>,
) {
    let Some(mut game) = game else { return };
    if requests.read().count() > 0 && flow.accepting_input {
        game.restart();
        resets.write(BoardReset);
        info!("game restarted");
    }
}

fn history_commands(
    mut requests: MessageReader<HistoryCommand>,
    game: Option<ResMut<Match>>,
    lock: Res<InputLock>,
) {
    let Some(mut game) = game else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        if lock.is_locked() && matches!(request, HistoryCommand::Undo | HistoryCommand::Redo) {
            continue;
        }
        match *request {
            HistoryCommand::Undo => {
                game.undo();
            }
            HistoryCommand::Redo => {
                game.redo();
            }
            HistoryCommand::Review(n) => game.review(n),
            HistoryCommand::EndReview => game.end_review(),
        }
    }
}

/// Applies each [`MoveCommand`] through the engine; illegal ones are logged
/// and change nothing.
fn apply_move_commands(
    mut commands: MessageReader<MoveCommand>,
    game: Option<ResMut<Match>>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else {
        commands.clear();
        return;
    };
    for &MoveCommand { from, to } in commands.read() {
        match game.play(from, to) {
            Ok(report) => {
                info!("{} played {}", report.mover, report.mv.map(|m| m.to_string()).unwrap_or_default());
                applied.write(MoveApplied { report });
            }
            Err(e) => warn!("move command {from}-{to} refused: {e}"),
        }
    }
}

/// Runs the clock of the seat to move while the game is on screen, not
/// paused and not animating (R15); a time-out removes the marble (R12).
fn tick_clock(
    time: Res<Time>,
    flow: Res<GameFlow>,
    lock: Res<InputLock>,
    game: Option<ResMut<Match>>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else { return };
    let running = flow.clock_running
        && !lock.is_locked()
        && game.review.is_none()
        && game.game.limits().clock.is_some()
        && game.game.outcome().is_none();
    if !running {
        return;
    }
    let ms = time.delta().as_millis() as u64;
    // The clock changes every frame: only a time-out counts as a change of
    // the match (the HUD reads the clocks every frame anyway).
    if let Some(report) = game.bypass_change_detection().tick(ms) {
        game.set_changed();
        info!("{} ran out of time", report.mover);
        applied.write(MoveApplied { report });
    }
}
