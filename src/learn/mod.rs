//! Learn by playing: the lessons and puzzles of the `learn` crate played on
//! the game's own board, with the same input, pieces, animations and
//! sounds. A [`Session`] holds the lesson or puzzle being played; it sets
//! the play layer's [`MoveFilter`] to the moves its step accepts, judges
//! every move command before the engine sees it (a refused move changes
//! nothing and gets a sentence), plays the other seats' scripted replies,
//! and records the stars earned in [`LearnProgress`] (saved like the
//! settings). Works headless: the app tests add [`plugin`].

mod catalog;
mod session;

use bevy::prelude::*;
use game_core::Seat;
use games::{Action, GameKind};

use crate::app_state::{AppSystems, Screen};
use crate::options::{GameOptions, PlayerKind};
use crate::play::{
    CellPicked, CommandsApplied, GameFlow, InputLock, Match, MatchCommand, MoveApplied, MoveCommand,
    MoveFilter, Selection,
};
use crate::storage::Store;

pub use catalog::{Catalog, GameCatalog};
pub use session::{Refusal, Run, Said, Session};

/// The file the progress is kept in, next to the settings.
pub const PROGRESS_FILE: &str = "progress.json";

/// Seconds between a move and the scripted reply to it, so the learner
/// sees one, then the other.
const REPLY_DELAY: f32 = 0.45;

/// The lessons and puzzles' systems and resources.
pub fn plugin(app: &mut App) {
    app.insert_resource(Catalog::load())
        .init_resource::<Learning>()
        .init_resource::<LearnTab>()
        .add_message::<LearnCommand>()
        .add_systems(Startup, (load_progress, start_from_options).chain())
        .add_systems(
            Update,
            (
                (set_filter, play_replies).chain().in_set(AppSystems::Input),
                (start_sessions, watch_matches, judge_moves)
                    .chain()
                    .in_set(AppSystems::Apply)
                    .before(CommandsApplied),
                follow_plies.in_set(AppSystems::Apply).after(CommandsApplied),
                judge_clicks.in_set(AppSystems::Apply),
                save_progress.run_if(resource_changed::<LearnProgress>),
            ),
        );
}

/// The lesson or puzzle being played, if any.
#[derive(Resource, Default)]
pub struct Learning(pub Option<Session>);

/// The stars earned, saved in [`PROGRESS_FILE`].
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct LearnProgress(pub ::learn::Progress);

/// The game whose lessons the Learn screen lists.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnTab(pub GameKind);

impl Default for LearnTab {
    fn default() -> LearnTab {
        LearnTab(GameKind::all()[0])
    }
}

/// What the learner asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnCommand {
    /// Play lesson `index` (from 0) of the game.
    Lesson(GameKind, usize),
    /// Solve puzzle `index` (from 0) of the game.
    Puzzle(GameKind, usize),
    /// Start the lesson or puzzle again.
    Retry,
    /// The next lesson or puzzle of the list.
    Next,
    /// Show the puzzle's move (the stars earned drop to at most 2).
    Hint,
    /// Leave for the Learn screen.
    Leave,
}

fn load_progress(mut commands: Commands, store: Option<Res<Store>>) {
    let progress = match store.as_deref().map(|s| s.read(PROGRESS_FILE)) {
        Some(Ok(Some(text))) => ::learn::Progress::from_json(&text).unwrap_or_else(|e| {
            warn!(
                "progress file unreadable ({e}); starting afresh (the file is kept until a lesson is done)"
            );
            ::learn::Progress::default()
        }),
        Some(Err(e)) => {
            warn!("cannot read the progress: {e}");
            ::learn::Progress::default()
        }
        _ => ::learn::Progress::default(),
    };
    commands.insert_resource(LearnProgress(progress));
}

fn save_progress(progress: Res<LearnProgress>, store: Option<Res<Store>>) {
    if progress.is_added() {
        return;
    }
    let Some(store) = store else { return };
    match serde_json::to_string_pretty(&progress.0) {
        Ok(text) => {
            if let Err(e) = store.write(PROGRESS_FILE, &text) {
                warn!("cannot save the progress: {e}");
            }
        }
        Err(e) => warn!("cannot encode the progress: {e}"),
    }
}

/// `--learn GAME` (`?learn=GAME`): that game's first unfinished lesson.
fn start_from_options(
    options: Res<GameOptions>,
    catalog: Res<Catalog>,
    progress: Option<Res<LearnProgress>>,
    mut tab: ResMut<LearnTab>,
    mut requests: MessageWriter<LearnCommand>,
) {
    let Some(kind) = options.learn else { return };
    tab.0 = kind;
    let Some(list) = catalog.of(kind) else { return };
    let done = progress.map(|p| p.0.clone()).unwrap_or_default();
    let index = done.first_unfinished(kind, list.lessons.iter().map(|l| l.id.as_str()));
    requests.write(LearnCommand::Lesson(kind, index));
}

/// The match of a session: the learner a person, the other seats scripted.
fn session_match(game: games::AnyGame, learner: Seat) -> Match {
    let seats = game
        .seat_order()
        .into_iter()
        .map(|s| (s, String::new(), if s == learner { PlayerKind::Human } else { PlayerKind::Scripted }))
        .collect();
    let mut m = Match::new(game, seats);
    // A lesson is not a game to continue: the autosave keeps the last real one.
    m.set_saved(false);
    m
}

fn start_sessions(
    mut requests: MessageReader<LearnCommand>,
    catalog: Res<Catalog>,
    mut learning: ResMut<Learning>,
    mut matches: MessageWriter<MatchCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut tab: ResMut<LearnTab>,
) {
    for request in requests.read() {
        let wanted = match (*request, learning.0.as_ref()) {
            (LearnCommand::Lesson(kind, i), _) => Some((kind, i, false)),
            (LearnCommand::Puzzle(kind, i), _) => Some((kind, i, true)),
            (LearnCommand::Retry, Some(s)) => Some((s.kind, s.index, s.is_puzzle())),
            (LearnCommand::Next, Some(s)) => Some((s.kind, s.index + 1, s.is_puzzle())),
            (LearnCommand::Hint, Some(_)) => {
                if let Some(session) = learning.0.as_mut() {
                    session.show_hint();
                }
                None
            }
            (LearnCommand::Leave, _) => {
                next.set(Screen::Learn);
                None
            }
            _ => None,
        };
        let Some((kind, index, puzzle)) = wanted else { continue };
        let started =
            if puzzle { catalog.puzzle_session(kind, index) } else { catalog.lesson_session(kind, index) };
        match started {
            Some((session, game)) => {
                tab.0 = kind;
                let learner = session.learner();
                learning.0 = Some(session);
                matches.write(MatchCommand::Replace(Box::new(session_match(game, learner))));
                next.set(Screen::Gameplay);
            }
            // Past the last one of the list: back to the list.
            None => next.set(Screen::Learn),
        }
    }
}

/// Whether `m` is a lesson's or puzzle's match (it has scripted seats).
fn is_scripted(m: &Match) -> bool {
    m.seats().into_iter().any(|seat| m.seat(seat).kind == PlayerKind::Scripted)
}

/// Another match replacing the session's ends the session; a restart
/// starts the lesson or puzzle again.
fn watch_matches(
    mut replaced: MessageReader<MatchCommand>,
    mut learning: ResMut<Learning>,
    mut requests: MessageWriter<LearnCommand>,
) {
    for command in replaced.read() {
        let Some(session) = learning.0.as_mut() else { continue };
        match command {
            // A session's match is the one with scripted seats; another
            // sent before it (the autosave loaded at start) is not its end.
            MatchCommand::Replace(m) if is_scripted(m) && session.pending => session.pending = false,
            MatchCommand::Replace(_) if session.pending => {}
            MatchCommand::Replace(_) => learning.0 = None,
            MatchCommand::Restart => {
                requests.write(LearnCommand::Retry);
            }
        }
    }
}

/// The moves the match takes now: the step's, the reply due, or none.
fn set_filter(game: Option<Res<Match>>, learning: Res<Learning>, mut filter: ResMut<MoveFilter>) {
    let wanted = match (learning.0.as_ref(), game) {
        (Some(session), Some(game)) if !session.pending => {
            let game = game.game();
            let mut only = Vec::new();
            if game.to_move() == session.learner() && session.stars.is_none() {
                only.extend(
                    session
                        .accepts(game)
                        .iter()
                        .filter_map(|t| ::learn::puzzle::action_named(game, t))
                        .map(MoveCommand::from),
                );
            }
            Some(only)
        }
        _ => None,
    };
    if filter.0 != wanted {
        filter.0 = wanted;
    }
}

/// The other seats' scripted replies, one at a time, after a pause.
fn play_replies(
    time: Res<Time>,
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    flow: Res<GameFlow>,
    mut learning: ResMut<Learning>,
    mut filter: ResMut<MoveFilter>,
    mut commands: MessageWriter<MoveCommand>,
) {
    let (Some(session), Some(game)) = (learning.0.as_mut(), game) else { return };
    session.since_ply += time.delta_secs();
    let game = game.game();
    let due = !session.pending
        && game.to_move() != session.learner()
        && game.outcome().is_none()
        && !lock.is_locked()
        && flow.accepting_input
        && session.since_ply >= REPLY_DELAY;
    if !due {
        return;
    }
    match session.next_reply(game) {
        Ok(Some(action)) => {
            let command = MoveCommand::from(action);
            filter.0 = Some(vec![command]);
            commands.write(command);
            session.since_ply = 0.0;
        }
        Ok(None) => {}
        Err(e) => error!("{e}"),
    }
}

/// Judges the learner's move commands before the engine plays them.
fn judge_moves(
    mut commands: MessageReader<MoveCommand>,
    game: Option<Res<Match>>,
    mut learning: ResMut<Learning>,
) {
    let (Some(session), Some(game)) = (learning.0.as_mut(), game) else {
        commands.clear();
        return;
    };
    for command in commands.read() {
        if session.pending || game.game().to_move() != session.learner() {
            continue;
        }
        let action = Action { from: command.from, to: command.to, whole: command.whole, capture: false };
        session.judge(game.game(), action);
    }
}

/// A click that asks a selected piece to go where no rule lets it (a
/// cell that is not among its destinations, nor a piece of the learner's
/// to pick instead) is judged as that move: the panel names the rule it
/// breaks. (In a game such a click only drops the selection.) Reads the
/// selection as it was before this frame's picks changed it.
fn judge_clicks(
    mut picks: MessageReader<CellPicked>,
    game: Option<Res<Match>>,
    selection: Res<Selection>,
    mut before: Local<Selection>,
    mut learning: ResMut<Learning>,
) {
    let previous = std::mem::replace(&mut *before, selection.clone());
    let (Some(session), Some(game)) = (learning.0.as_mut(), game) else {
        picks.clear();
        return;
    };
    for pick in picks.read() {
        let (Some(from), Some(to)) = (previous.from, pick.coord) else { continue };
        let own_piece = game.displayed().stack(to).last().is_some_and(|p| p.seat == session.learner());
        if to == from || own_piece || previous.destinations.iter().any(|d| d.to == to) {
            continue;
        }
        if session.pending || game.game().to_move() != session.learner() {
            continue;
        }
        session.judge(game.game(), Action { from, to, whole: previous.whole, capture: false });
    }
}

/// After each ply: the step's line, and the stars once done.
fn follow_plies(
    mut applied: MessageReader<MoveApplied>,
    game: Option<Res<Match>>,
    mut learning: ResMut<Learning>,
    mut progress: ResMut<LearnProgress>,
) {
    let (Some(session), Some(game)) = (learning.0.as_mut(), game) else {
        applied.clear();
        return;
    };
    for report in applied.read() {
        session.since_ply = 0.0;
        if report.report.mover == session.learner() {
            session.played_by_learner();
        }
        if let Some(stars) = session.finish(game.game()) {
            let id = session.id().to_owned();
            if session.is_puzzle() {
                progress.0.solve_puzzle(session.kind, &id, stars);
            } else {
                progress.0.complete_lesson(session.kind, &id, stars);
            }
        }
    }
}
