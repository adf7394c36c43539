//! The coach's searches, never on the main thread: natively a hint on the
//! compute pool and each reviewed ply on a thread of its own (so plies are
//! judged side by side on as many cores as there are), in the browser the
//! AI worker (a hint on its coach
//! [`Channel`](crate::play::ai_worker::Channel), reviewed plies on its
//! review channel, several in flight). What comes back from the worker is
//! checked against the game before it is used.

use std::sync::atomic::{AtomicU64, Ordering};

use game_ai::review_options;
use games::{Action, AnyGame, PlyReview};

/// What the coach asks of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// The best move for the seat to move (a hint).
    Hint,
    /// The review of ply `n` (from 1) of the game.
    Review(usize),
}

/// What a search found: the [`Work::Hint`]'s move (`None` once the game is
/// over) or the [`Work::Review`]'s verdict (`None` for a time-out).
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// The hint's move.
    Hint(Option<Action>),
    /// The ply's review.
    Review(Option<PlyReview>),
}

/// Works out `work` on `game` here, on the calling thread: what the task,
/// the worker and the fallback all run.
#[must_use]
pub fn work_out(game: &AnyGame, work: Work) -> Found {
    match work {
        Work::Hint => Found::Hint(game.best_action(review_options())),
        Work::Review(ply) => Found::Review(game.review_ply(ply, review_options())),
    }
}

/// Searches the coach had to work out on the main thread (in a browser
/// without a worker), since the start; natively always 0.
static SEARCHED_ON_MAIN_THREAD: AtomicU64 = AtomicU64::new(0);

/// How many of the coach's searches ran on the main thread (the browser's
/// fallback when no worker could take them); the browser test wants 0.
#[must_use]
pub fn searches_on_main_thread() -> u64 {
    SEARCHED_ON_MAIN_THREAD.load(Ordering::Relaxed)
}

/// A search under way. Dropping it cancels it: natively the task is
/// cancelled (a ply already being searched finishes on its thread, unseen);
/// in the browser the worker's answer is no longer awaited.
pub struct Pending {
    work: Work,
    #[cfg(not(target_arch = "wasm32"))]
    job: NativeJob,
    #[cfg(target_arch = "wasm32")]
    web: WebJob,
    /// The worker's key for this request.
    #[cfg(target_arch = "wasm32")]
    key: u64,
}

/// How a search runs natively.
#[cfg(not(target_arch = "wasm32"))]
enum NativeJob {
    /// On the compute pool (a hint).
    Task(bevy::tasks::Task<Found>),
    /// On a thread of its own (a reviewed ply), taken once joined.
    Thread(Option<std::thread::JoinHandle<Found>>),
}

/// How many plies the review judges at once: natively one a core (each
/// on a thread of its own), in the browser three sent to the worker ahead
/// (it has the next when it answers one).
#[must_use]
pub fn plies_at_once() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get().clamp(1, 8))
    }
    #[cfg(target_arch = "wasm32")]
    {
        3
    }
}

#[cfg(target_arch = "wasm32")]
enum WebJob {
    /// Sent to the worker; the game as it was, to check the answer against.
    Worker(Box<AnyGame>),
    /// No worker (a browser without them, or it could not be sent): worked
    /// out at the next poll, on the main thread.
    Here(Box<AnyGame>),
}

/// A key for each coach request to the worker, apart from the computer's
/// turn keys (the top bit set).
#[cfg(target_arch = "wasm32")]
static NEXT_KEY: AtomicU64 = AtomicU64::new(1 << 63);

impl Pending {
    /// Starts `work` on a copy of `game`.
    #[must_use]
    pub fn start(game: &AnyGame, work: Work) -> Pending {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let thread = match work {
                Work::Review(_) => {
                    let copy = game.clone();
                    std::thread::Builder::new()
                        .name("coach-review".into())
                        .spawn(move || work_out(&copy, work))
                        .inspect_err(|e| {
                            bevy::log::warn_once!(
                                "no thread for the review ({e}): it runs on the compute pool"
                            );
                        })
                        .ok()
                }
                Work::Hint => None,
            };
            let job = match thread {
                Some(handle) => NativeJob::Thread(Some(handle)),
                None => {
                    let game = game.clone();
                    NativeJob::Task(
                        bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { work_out(&game, work) }),
                    )
                }
            };
            Pending { work, job }
        }
        #[cfg(target_arch = "wasm32")]
        {
            use crate::play::ai_worker::{Channel, send};
            let key = NEXT_KEY.fetch_add(1, Ordering::Relaxed);
            let (task, channel) = match work {
                Work::Hint => (ai_worker::Task::Hint, Channel::Coach),
                Work::Review(ply) => (ai_worker::Task::Review { ply }, Channel::Review),
            };
            let sent = game
                .record_json()
                .map(|record| ai_worker::Request { key, record: record.to_string(), task })
                .and_then(|request| send(channel, request));
            let web = match sent {
                Ok(()) => WebJob::Worker(Box::new(game.clone())),
                Err(e) => {
                    bevy::log::warn_once!("{e}: the coach searches on the main thread");
                    WebJob::Here(Box::new(game.clone()))
                }
            };
            Pending { work, web, key }
        }
    }

    /// What was asked.
    #[must_use]
    pub fn work(&self) -> Work {
        self.work
    }

    /// The result once the search is done (`None` before).
    ///
    /// # Errors
    /// In the browser: the worker could not do it, or its answer does not
    /// fit the game (it is untrusted input).
    pub fn poll(&mut self) -> Option<Result<Found, String>> {
        #[cfg(not(target_arch = "wasm32"))]
        match &mut self.job {
            NativeJob::Task(task) => {
                use bevy::tasks::{block_on, futures_lite::future::poll_once};
                block_on(poll_once(task)).map(Ok)
            }
            NativeJob::Thread(handle) => {
                if !handle.as_ref().is_some_and(std::thread::JoinHandle::is_finished) {
                    return None;
                }
                let joined = handle.take()?.join();
                Some(joined.map_err(|_| "the review's thread failed".to_owned()))
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            use crate::play::ai_worker::take_key;
            match &self.web {
                WebJob::Here(game) => {
                    SEARCHED_ON_MAIN_THREAD.fetch_add(1, Ordering::Relaxed);
                    Some(Ok(work_out(game, self.work)))
                }
                WebJob::Worker(game) => {
                    let look = take_key(self.key);
                    for why in &look.rejected {
                        bevy::log::warn!("the AI worker: {why}");
                    }
                    let answer = look.answer?;
                    Some(answer.result.and_then(|reply| checked(game, self.work, reply)))
                }
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for Pending {
    fn drop(&mut self) {
        if matches!(self.web, WebJob::Worker(_)) {
            crate::play::ai_worker::forget(self.key);
        }
    }
}

/// The worker's reply to `work`, checked against `game`.
#[cfg(target_arch = "wasm32")]
fn checked(game: &AnyGame, work: Work, reply: ai_worker::Reply) -> Result<Found, String> {
    match (work, reply) {
        (Work::Hint, ai_worker::Reply::Move(None)) => Ok(Found::Hint(None)),
        (Work::Hint, ai_worker::Reply::Move(Some(found))) => {
            found.legal_in(&game.legal_actions()).map(|a| Found::Hint(Some(a)))
        }
        (Work::Review(_), ai_worker::Reply::Review(None)) => Ok(Found::Review(None)),
        (Work::Review(ply), ai_worker::Reply::Review(Some(text))) if text.ply == ply => {
            text.checked(game).map(|r| Found::Review(Some(r)))
        }
        (work, reply) => Err(format!("the worker answered {work:?} with {reply:?}")),
    }
}
