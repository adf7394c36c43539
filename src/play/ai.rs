//! Computer players: when a computer seat is to move, its search runs off the
//! frame (a background task natively; a Web Worker in the browser, whose
//! game module has no threads) and its move goes through the same
//! [`MoveCommand`] as a person's. Without either (headless tests that ask
//! for it, or a browser without workers), the search is stepped on the main
//! thread, a slice of nodes each frame.

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use game_ai::Progress;
use game_core::Seat;

use super::commands::{GameFlow, MoveCommand};
use super::input_lock::InputLock;
use super::match_state::Match;
use crate::app_state::AppSystems;
use games::{Action, AnySearcher};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiSettings>()
        .init_resource::<AiThinking>()
        .add_systems(Update, drive_ai.in_set(AppSystems::Input));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, super::ai_worker::prepare);
}

/// How computer players behave in the game.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiSettings {
    /// A move is shown no sooner than this after the turn began, so people
    /// see the computer "think" (0 in tests).
    pub min_think: Duration,
    /// Natively, the search stops after this long even if its budget is not
    /// spent (the search is reproducible when it finishes first).
    pub time_cap: Option<Duration>,
    /// Milliseconds of search per frame when it runs on the main thread.
    pub frame_slice_ms: f32,
    /// Search off the main thread: on a background task natively, in the
    /// AI worker on the web; otherwise a slice each frame.
    pub background: bool,
}

impl Default for AiSettings {
    fn default() -> AiSettings {
        AiSettings {
            min_think: Duration::from_millis(500),
            time_cap: Some(Duration::from_millis(950)),
            frame_slice_ms: 8.0,
            background: true,
        }
    }
}

/// The search in progress.
enum Job {
    /// Natively: a task on the compute pool.
    #[cfg(not(target_arch = "wasm32"))]
    Task(bevy::tasks::Task<Option<Action>>),
    /// On the web: sent to the AI worker at this time; waiting for its answer.
    #[cfg(target_arch = "wasm32")]
    Worker(Instant),
    /// Stepped here, a slice of search each frame (the first frame only
    /// makes the searcher: its tactical checks and table).
    Stepped(Box<AnySearcher>, bool),
    /// Finished, waiting for the minimum thinking time.
    Ready(Option<Action>),
    /// The move was sent; nothing more to do this turn.
    Sent,
}

/// The computer seat thinking now, if any (the HUD shows it).
#[derive(Resource, Default)]
pub struct AiThinking {
    job: Option<(u64, Job)>,
    seat: Option<Seat>,
    started: Option<Instant>,
    main_thread_ms: f32,
    /// The longest chunk of nodes in the last frame's slice, milliseconds.
    longest_chunk_ms: f32,
    /// Frames of the current turn so far (1 on the frame that made the
    /// searcher).
    turn_frames: u32,
    /// Whether the search of this frame ran in the AI worker (the web).
    in_worker: bool,
    /// Whether the main thread searched this frame (made a searcher or
    /// stepped one).
    stepped: bool,
    /// AI workers replaced after a failure (the web), this session.
    worker_restarts: u32,
    /// Messages the AI worker could not read, or the page could not read
    /// from it (the web), this session.
    worker_rejections: u32,
}

impl AiThinking {
    /// The seat whose move the computer is thinking about.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The time the search took on the main thread in the last frame, in
    /// milliseconds: making the searcher (its tactical checks and table) in
    /// the first frame of a turn, then a slice when the search is stepped
    /// (the web build), a poll of the task when it runs in the background
    /// (natively).
    #[must_use]
    pub fn main_thread_ms(&self) -> f32 {
        self.main_thread_ms
    }

    /// The longest chunk of [`CHUNK_NODES`] nodes in the last frame's
    /// slice of a stepped search, in milliseconds (0 when not stepped).
    #[must_use]
    pub fn longest_chunk_ms(&self) -> f32 {
        self.longest_chunk_ms
    }

    /// Frames of the current turn's search so far, the frame that made the
    /// searcher being the first.
    #[must_use]
    pub fn turn_frames(&self) -> u32 {
        self.turn_frames
    }

    /// Whether the search ran in the AI worker in the last frame (the web
    /// build; the main thread only looked for its answer).
    #[must_use]
    pub fn in_worker(&self) -> bool {
        self.in_worker
    }

    /// Whether the main thread searched in the last frame: made a searcher
    /// (its tactical checks) or stepped one (a browser without workers, or
    /// tests that ask for it).
    #[must_use]
    pub fn stepped(&self) -> bool {
        self.stepped
    }

    /// AI workers replaced after a failure this session (the web build):
    /// each was replaced at once, its request sent to the new one.
    #[must_use]
    pub fn worker_restarts(&self) -> u32 {
        self.worker_restarts
    }

    /// Messages the AI worker answered as unreadable, or sent unreadable,
    /// this session (the web build).
    #[must_use]
    pub fn worker_rejections(&self) -> u32 {
        self.worker_rejections
    }

    /// Forgets the turn (the session's counts stay).
    fn clear(&mut self) {
        *self = AiThinking {
            worker_restarts: self.worker_restarts,
            worker_rejections: self.worker_rejections,
            ..AiThinking::default()
        };
    }
}

/// A reproducible seed for the search of the current turn.
fn turn_seed(game: &Match) -> u64 {
    game.game().position().hash()
        ^ (game.game().ply_count() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ game.seed()
}

fn start_job(game: &Match, level: game_ai::Level, settings: &AiSettings, turn: u64) -> Job {
    #[cfg(target_arch = "wasm32")]
    if settings.background {
        let request = game.game().record_json().map(|record| ai_worker::Request {
            key: turn,
            record: record.to_string(),
            task: ai_worker::Task::Move { level: level.name().to_owned(), seed: turn_seed(game) },
        });
        match request.and_then(|r| super::ai_worker::send(super::ai_worker::Channel::Ai, r)) {
            Ok(()) => return Job::Worker(Instant::now()),
            Err(e) => warn_once!("{e}: the computer searches on the main thread"),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = turn;
    let searcher = game.game().searcher(level.options().seed(turn_seed(game)));
    #[cfg(not(target_arch = "wasm32"))]
    if settings.background {
        let cap = settings.time_cap;
        let mut searcher = searcher;
        return Job::Task(
            bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { searcher.search(cap) }),
        );
    }
    #[cfg(target_arch = "wasm32")]
    let _ = settings;
    Job::Stepped(Box::new(searcher), false)
}

/// How long the web build waits for the AI worker's answer before it
/// searches on the main thread instead (a worker that never loaded). A Hard
/// search takes about a second there.
#[cfg(target_arch = "wasm32")]
const WORKER_PATIENCE: Duration = Duration::from_secs(30);

/// The legal move the AI worker's answer names (`None`: the game is over).
///
/// # Errors
/// The worker could not read the request, or named no legal move.
#[cfg(target_arch = "wasm32")]
fn worker_action(game: &Match, answer: ai_worker::Answer) -> Result<Option<Action>, String> {
    match answer.result? {
        ai_worker::Reply::Move(None) => Ok(None),
        ai_worker::Reply::Move(Some(found)) => found.legal_in(&game.game().legal_actions()).map(Some),
        ai_worker::Reply::Review(_) => Err("the worker answered a move with a review".into()),
    }
}

/// Nodes searched between two looks at the clock when the search is stepped
/// on the main thread. Measured natively (`cargo bench -p game_ai --bench
/// slices`), 64 nodes took up to 1.4 ms, a few times more in a browser,
/// which overran the slice; 16 keep a chunk well under a millisecond there.
const CHUNK_NODES: u64 = 16;

/// Advances the search of the computer seat to move and, when it is done
/// and has thought long enough, sends its move.
fn drive_ai(
    game: Option<Res<Match>>,
    flow: Res<GameFlow>,
    lock: Res<InputLock>,
    settings: Res<AiSettings>,
    mut thinking: ResMut<AiThinking>,
    mut commands: MessageWriter<MoveCommand>,
) {
    let Some(game) = game else { return };
    let seat = game.to_move();
    let level = game.seat(seat).kind.level();
    let turn = game.game().position().hash() ^ game.game().ply_count() as u64;
    let active = flow.accepting_input && game.reviewing().is_none() && game.outcome().is_none();
    let Some(level) = level.filter(|_| active) else {
        if thinking.seat.is_some() {
            thinking.clear();
        }
        return;
    };
    // A new turn (or the game changed under the search): start again.
    let frame_start = Instant::now();
    if thinking.job.as_ref().is_none_or(|(t, _)| *t != turn) {
        thinking.seat = Some(seat);
        thinking.started = Some(Instant::now());
        thinking.job = Some((turn, start_job(&game, level, &settings, turn)));
        thinking.turn_frames = 0;
    }
    thinking.turn_frames += 1;
    thinking.longest_chunk_ms = 0.0;
    let mut longest_chunk = Duration::ZERO;
    // Worker troubles seen this frame, counted once `job` is let go.
    #[cfg(target_arch = "wasm32")]
    let (mut rejections, mut restarts) = (0_u32, 0_u32);
    let Some((_, job)) = thinking.job.as_mut() else { return };
    let stepped_before = matches!(job, Job::Stepped(..));
    match job {
        #[cfg(not(target_arch = "wasm32"))]
        Job::Task(task) => {
            if let Some(mv) = bevy::tasks::block_on(bevy::tasks::futures_lite::future::poll_once(task)) {
                *job = Job::Ready(mv);
            }
        }
        #[cfg(target_arch = "wasm32")]
        Job::Worker(sent) => {
            let look = super::ai_worker::take(super::ai_worker::Channel::Ai);
            for why in &look.rejected {
                warn!("the AI worker: {why}");
            }
            rejections += look.rejected.len() as u32;
            if look.restarted.is_some() {
                restarts += 1;
                // The new worker has the request: its time starts now.
                *sent = Instant::now();
            }
            let answer = look.answer;
            let waited_long = sent.elapsed() > WORKER_PATIENCE;
            match answer.map(|a| worker_action(&game, a)) {
                Some(Ok(action)) => *job = Job::Ready(action),
                None if !waited_long => {}
                failed => {
                    let why = match failed {
                        Some(Err(e)) => e,
                        _ => format!("no answer in {} s", WORKER_PATIENCE.as_secs()),
                    };
                    warn!("the AI worker failed ({why}): the computer searches on the main thread");
                    let options = level.options().seed(turn_seed(&game));
                    *job = Job::Stepped(Box::new(game.game().searcher(options)), false);
                }
            }
        }
        // The frame that made the searcher has spent its share.
        Job::Stepped(_, started @ false) => *started = true,
        Job::Stepped(searcher, true) => {
            // Small chunks until `frame_slice_ms` is spent: a slice never
            // runs much past it, however costly the nodes of this part of
            // the tree (the search counts nodes, so the move is the same
            // however it is sliced).
            let target = Duration::from_secs_f32(settings.frame_slice_ms.max(1.0) / 1000.0);
            // One look at the clock per chunk (a call out to JavaScript on
            // the web): it times the chunk and the slice alike.
            let mut chunk_start = Instant::now();
            loop {
                let progress = searcher.step(CHUNK_NODES);
                let now = Instant::now();
                longest_chunk = longest_chunk.max(now - chunk_start);
                chunk_start = now;
                if progress == Progress::Done {
                    *job = Job::Ready(searcher.best_action());
                    break;
                }
                if now - frame_start >= target {
                    break;
                }
            }
        }
        Job::Ready(_) | Job::Sent => {}
    }
    thinking.stepped = stepped_before || matches!(thinking.job, Some((_, Job::Stepped(..))));
    #[cfg(target_arch = "wasm32")]
    {
        thinking.worker_rejections += rejections;
        thinking.worker_restarts += restarts;
        thinking.in_worker = matches!(thinking.job, Some((_, Job::Worker(_))));
    }
    thinking.main_thread_ms = frame_start.elapsed().as_secs_f32() * 1000.0;
    thinking.longest_chunk_ms = longest_chunk.as_secs_f32() * 1000.0;
    let waited = thinking.started.map_or(Duration::MAX, |s| s.elapsed());
    if let Some((_, Job::Ready(mv))) = &thinking.job
        && waited >= settings.min_think
        && !lock.is_locked()
    {
        match mv {
            Some(action) => {
                commands.write(MoveCommand::from(*action));
            }
            None => warn!("the computer found no move for {seat}"),
        }
        // Keep the turn so it is not searched again before the move lands.
        thinking.job = Some((turn, Job::Sent));
        thinking.seat = None;
    }
}
