//! The messages that change the [`Match`] and the systems that apply them:
//! [`MoveCommand`] in, [`MoveApplied`] out; undo, redo and review
//! ([`HistoryCommand`]); a new, loaded or restarted match
//! ([`MatchCommand`], the one way to replace the match); the clocks.

use bevy::prelude::*;
use game_core::{Coord, Seat};

use super::input_lock::InputLock;
use super::match_state::Match;
use crate::app_state::AppSystems;
use crate::options::GameOptions;
use games::{Action, AnyReport};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveCommand>()
        .add_message::<MoveApplied>()
        .add_message::<MatchCommand>()
        .add_message::<BoardReset>()
        .add_message::<HistoryCommand>()
        .add_message::<ResignCommand>()
        .init_resource::<GameFlow>()
        .init_resource::<ClockControl>()
        .init_resource::<MoveFilter>()
        .add_systems(Startup, start_match)
        .add_systems(
            Update,
            (match_commands, history_commands, apply_move_commands, resign_commands, tick_clock)
                .chain()
                .in_set(AppSystems::Apply)
                .in_set(CommandsApplied),
        );
}

/// The systems that apply this module's commands to the [`Match`]: in
/// [`AppSystems::Apply`]; what reacts to a changed match in that step runs
/// after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CommandsApplied;

/// A request to play a move, from a person (picking, keyboard, gamepad) or
/// the computer. The engine decides whether it is legal; an illegal command
/// changes nothing and is logged.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCommand {
    /// The cell left.
    pub from: Coord,
    /// The adjacent cell reached.
    pub to: Coord,
    /// An Arcanor duo moves whole (A5); otherwise its top piece alone, or
    /// the lone piece (always the top piece in ARKES, R4).
    pub whole: bool,
}

impl MoveCommand {
    /// The command of a piece's step from `from` to `to` (not a whole duo).
    #[must_use]
    pub fn step(from: Coord, to: Coord) -> MoveCommand {
        MoveCommand { from, to, whole: false }
    }
}

impl From<Action> for MoveCommand {
    fn from(action: Action) -> MoveCommand {
        MoveCommand { from: action.from, to: action.to, whole: action.whole }
    }
}

/// `seat`, the seat to move, resigns (the pause menu's Resign for a person
/// at this screen, or an online peer's resignation). Ignored when another
/// seat is to move, during a lesson's script or a review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignCommand(pub Seat);

/// A ply the engine has applied: the move (or time-out, or resignation)
/// and what it did.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    /// What the engine reported.
    pub report: AnyReport,
}

/// Replacing the match: the one way a new, loaded, continued or restarted
/// game reaches the board (the pieces are then resynced at once, without
/// animation).
#[derive(Message, Clone, Debug)]
pub enum MatchCommand {
    /// Play this match from now on.
    Replace(Box<Match>),
    /// Start the match again from its set-up (the `R` key, the pause menu).
    Restart,
}

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

/// Which moves the match takes now: every legal one (`None`, a normal
/// game), or only these (a lesson's or puzzle's step, see [`crate::learn`]).
/// A [`MoveCommand`] outside them changes nothing; while a filter is set,
/// undo and redo are off too (the script cannot be taken back).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilter(pub Option<Vec<MoveCommand>>);

impl MoveFilter {
    /// Whether `command` may be played now.
    #[must_use]
    pub fn allows(&self, command: &MoveCommand) -> bool {
        self.0.as_ref().is_none_or(|only| only.contains(command))
    }
}

/// The board changed other than by a ply (a new match, a restart): the
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

/// Who runs the clocks: this device alone (the default), or another one
/// that keeps them (an online game's host, see [`crate::online`]), whose
/// readings this device's clocks are set to.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockControl {
    /// No clock runs: an online game waits for a player who left (or for
    /// the first guest).
    pub paused: bool,
    /// Another device keeps the clocks: this one never ends a turn by
    /// time-out itself (its clock stops 1 ms short) and waits for that
    /// device's readings, which carry the time-out.
    pub kept_elsewhere: bool,
    /// This device keeps the clocks for others (an online game's host):
    /// they run whatever its screen shows (its pause menu, another window
    /// in front, an animation), as they do on the other devices.
    pub keeper: bool,
}

fn start_match(mut commands: Commands, options: Res<GameOptions>, mut resets: MessageWriter<BoardReset>) {
    match Match::from_options(&options) {
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

fn match_commands(
    mut requests: MessageReader<MatchCommand>,
    mut commands: Commands,
    mut game: Option<ResMut<Match>>,
    mut resets: MessageWriter<BoardReset>,
) {
    for request in requests.read() {
        match request {
            MatchCommand::Replace(m) => {
                commands.insert_resource((**m).clone());
                info!("a new {} match", m.kind().id());
            }
            MatchCommand::Restart => {
                let Some(game) = game.as_deref_mut() else { continue };
                game.restart();
                info!("game restarted");
            }
        }
        resets.write(BoardReset);
    }
}

fn history_commands(
    mut requests: MessageReader<HistoryCommand>,
    game: Option<ResMut<Match>>,
    lock: Res<InputLock>,
    filter: Res<MoveFilter>,
) {
    let Some(mut game) = game else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        // A lesson's script cannot be taken back; an online game's plies
        // only with the other side's consent (see `crate::online`).
        let scripted = filter.0.is_some() || game.is_online();
        if (lock.is_locked() || scripted) && matches!(request, HistoryCommand::Undo | HistoryCommand::Redo) {
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

/// Applies each [`MoveCommand`] through the engine; illegal ones, and
/// those the [`MoveFilter`] leaves out, are logged and change nothing.
fn apply_move_commands(
    mut commands: MessageReader<MoveCommand>,
    game: Option<ResMut<Match>>,
    filter: Res<MoveFilter>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else {
        commands.clear();
        return;
    };
    for command in commands.read() {
        if !filter.allows(command) {
            info!("move command {}-{} left out by the lesson or puzzle", command.from, command.to);
            continue;
        }
        let &MoveCommand { from, to, whole } = command;
        match game.play(Action { from, to, whole, capture: false }) {
            Ok(report) => {
                info!("{} played {}", report.mover, report.notation.clone().unwrap_or_default());
                applied.write(MoveApplied { report });
            }
            Err(e) => {
                warn!("move command {from}-{to}{} refused: {e}", if whole { " (whole duo)" } else { "" })
            }
        }
    }
}

/// Applies each [`ResignCommand`] of the seat to move.
fn resign_commands(
    mut commands: MessageReader<ResignCommand>,
    game: Option<ResMut<Match>>,
    filter: Res<MoveFilter>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else {
        commands.clear();
        return;
    };
    for &ResignCommand(seat) in commands.read() {
        if filter.0.is_some() || seat != game.to_move() {
            info!("{seat} cannot resign now");
            continue;
        }
        match game.resign() {
            Ok(report) => {
                info!("{} resigned", report.mover);
                applied.write(MoveApplied { report });
            }
            Err(e) => warn!("{seat} cannot resign: {e}"),
        }
    }
}

/// Runs the clock of the seat to move while the game is on screen, not
/// paused and not animating (R15, A12); a time-out is the rules' business.
fn tick_clock(
    time: Res<Time>,
    flow: Res<GameFlow>,
    control: Res<ClockControl>,
    lock: Res<InputLock>,
    game: Option<ResMut<Match>>,
    mut applied: MessageWriter<MoveApplied>,
) {
    let Some(mut game) = game else { return };
    // A device that keeps the clocks for others (an online game's host)
    // runs them while its screen reviews the game too, or it could pause a
    // timed game at will; a device following another's readings shows
    // them running too (it never ends a turn itself).
    let shared = control.keeper || control.kept_elsewhere;
    let running = (control.keeper || (flow.clock_running && !lock.is_locked()))
        && !control.paused
        && (shared || game.reviewing().is_none())
        && game.game().limits().clock.is_some()
        && game.outcome().is_none();
    if !running {
        return;
    }
    let mut ms = time.delta().as_millis() as u64;
    if control.kept_elsewhere {
        // The keeper's reading of 0 is the time-out, not this frame's.
        let left = game.game().clock_ms(game.game().to_move()).unwrap_or(0);
        ms = ms.min(left.saturating_sub(1));
    }
    // The clock changes every frame: only a time-out counts as a change of
    // the match (the HUD reads the clocks every frame anyway).
    if let Some(report) = game.bypass_change_detection().tick(ms) {
        game.set_changed();
        info!("{} ran out of time", report.mover);
        applied.write(MoveApplied { report });
    }
}
