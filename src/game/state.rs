//! The [`Match`] resource, which owns the engine's [`Game`], and the messages
//! that change it: [`MoveCommand`] in, [`MoveApplied`] out.

use arkes_engine::{BySeat, Coord, Game, Limits, Move, PlyReport, Seat};
use bevy::prelude::*;

use crate::AppSystems;
use crate::options::{GameOptions, PlayerKind};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveCommand>()
        .add_message::<MoveApplied>()
        .add_message::<RestartCommand>()
        .add_message::<BoardReset>()
        .add_systems(Startup, start_match)
        .add_systems(Update, (restart, apply_move_commands).chain().in_set(AppSystems::Apply));
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

/// The board changed other than by a ply (new game, restart, undo, load): the
/// pieces are resynced at once, without animation.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// A seat's name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name shown in the HUD.
    pub name: String,
    /// Human or computer.
    pub kind: PlayerKind,
}

/// The match being played: the engine's [`Game`] (the single source of truth
/// for the rules) and who sits where. Only [`MoveCommand`]s (through
/// `apply_move_commands`) and restarts change it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: Game,
    seats: BySeat<SeatInfo>,
    last_move: Option<Move>,
}

impl Match {
    /// A new match from the options' set-up.
    ///
    /// # Errors
    /// A message when the options' set-up is not valid (R1, R2).
    pub fn new(options: &GameOptions) -> Result<Match, String> {
        let setup = options.setup()?;
        let seats = BySeat::from_fn(|seat| {
            let order = setup.seats.iter().position(|&s| s == seat).unwrap_or(seat.index());
            SeatInfo { name: options.name(seat, order), kind: options.kind(order) }
        });
        let game = Game::new(setup, Limits::default()).map_err(|e| e.to_string())?;
        Ok(Match { game, seats, last_move: None })
    }

    /// The engine's game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
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

    /// The last move played, marked on the board.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// Plays `from`-`to` if legal.
    ///
    /// # Errors
    /// The engine's reason when the move is illegal; nothing changes then.
    pub fn play(&mut self, from: Coord, to: Coord) -> Result<PlyReport, arkes_engine::IllegalMoveError> {
        let mv = self.game.position().check(from, to)?;
        let report = self.game.play(mv)?;
        self.last_move = report.mv;
        Ok(report)
    }

    /// Starts again from the set-up.
    pub fn restart(&mut self) {
        self.game = Game::new(self.game.setup().clone(), self.game.limits()).expect("the set-up was valid");
        self.last_move = None;
    }
}

fn start_match(mut commands: Commands, options: Res<GameOptions>, mut resets: MessageWriter<BoardReset>) {
    match Match::new(&options) {
        Ok(m) => {
            commands.insert_resource(m);
            resets.write(BoardReset);
        }
        Err(e) => error!("cannot start the game: {e}"),
    }
}

fn restart(
    mut requests: MessageReader<RestartCommand>,
    game: Option<ResMut<Match>>,
    mut resets: MessageWriter<BoardReset>,
) {
    let Some(mut game) = game else { return };
    if requests.read().count() > 0 {
        game.restart();
        resets.write(BoardReset);
        info!("game restarted");
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
