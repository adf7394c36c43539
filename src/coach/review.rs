//! The review of the whole game: every ply judged in turn, off the main
//! thread ([`super::search`]), kept in [`GameReview`] with the game line it
//! belongs to, so that an undo or a new game drops only what no longer
//! applies.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use game_core::Seat;
use games::{AnyGame, PlyReview, Verdict};

use super::config::CoachSystems;
use super::search::{Found, Pending, Work, plies_at_once};
use crate::play::Match;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .init_resource::<ReviewFocus>()
        .add_message::<ReviewCommand>()
        .add_systems(
            Update,
            (review_commands, follow_the_game, drive_review).chain().in_set(CoachSystems::Review),
        );
}

/// Starting or stopping the review.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review every ply of the match not reviewed yet.
    Start,
    /// Stop (what is reviewed stays).
    Cancel,
}

/// The ply the review screen shows (from 1): the position before it, with
/// the move played and the best move. `None` when no ply is selected.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReviewFocus(pub Option<usize>);

/// The review of the match's game: each ply's [`PlyReview`] as it comes.
#[derive(Resource, Default)]
pub struct GameReview {
    /// The game line reviewed: the set-up's text, then each ply's notation
    /// (a time-out is empty).
    line: Vec<String>,
    /// Ply `n`'s review at `n - 1`: `None` while not reviewed, `Some(None)`
    /// for a time-out.
    plies: Vec<Option<Option<PlyReview>>>,
    /// The searches under way, a ply each (at most [`plies_at_once`]).
    pending: Vec<Pending>,
    /// Reviewing is on (until every ply is done or it is cancelled).
    running: bool,
    /// When the current run started, and how long the last run took.
    started: Option<Instant>,
    last_run_ms: Option<f64>,
    /// The longest the review's system took in one frame of this run, in
    /// milliseconds: its whole cost on the main thread.
    main_thread_max_ms: f64,
    /// Failures of the last run (a worker's answer refused).
    errors: Vec<String>,
}

/// The line of `game`: its set-up, then its plies' notation.
fn line_of(game: &AnyGame) -> Vec<String> {
    let mut line = vec![game.restarted().position().text()];
    line.extend(game.ply_texts().into_iter().map(Option::unwrap_or_default));
    line
}

impl GameReview {
    /// The review of ply `ply` (from 1), once done (`None` also for a
    /// time-out).
    #[must_use]
    pub fn ply(&self, ply: usize) -> Option<&PlyReview> {
        self.plies.get(ply.checked_sub(1)?)?.as_ref()?.as_ref()
    }

    /// Whether ply `ply` (from 1) has been judged (a time-out counts).
    #[must_use]
    pub fn is_done(&self, ply: usize) -> bool {
        ply.checked_sub(1).and_then(|i| self.plies.get(i)).is_some_and(Option::is_some)
    }

    /// Plies judged and plies in the game.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (self.plies.iter().filter(|p| p.is_some()).count(), self.plies.len())
    }

    /// Whether every ply is judged (and there is at least one).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.plies.is_empty() && self.plies.iter().all(Option::is_some)
    }

    /// Whether the review is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// How long the last whole run took, in milliseconds.
    #[must_use]
    pub fn last_run_ms(&self) -> Option<f64> {
        self.last_run_ms
    }

    /// The longest the review held the main thread in one frame of the
    /// current or last run, in milliseconds (starting searches, polling
    /// them, checking a worker's answers; the searches themselves run
    /// elsewhere).
    #[must_use]
    pub fn main_thread_max_ms(&self) -> f64 {
        self.main_thread_max_ms
    }

    /// The failures of the current or last run.
    #[must_use]
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// The reviewed plies of `seat`, in order.
    pub fn of_seat(&self, seat: Seat) -> impl Iterator<Item = &PlyReview> {
        self.plies.iter().flatten().flatten().filter(move |r| r.seat == seat)
    }

    /// How many of `seat`'s moves got `verdict`.
    #[must_use]
    pub fn count(&self, seat: Seat, verdict: Verdict) -> usize {
        self.of_seat(seat).filter(|r| r.verdict == verdict).count()
    }

    /// Each seat's win chance after each ply, from the set-up (ply 0) to the
    /// last ply judged without a gap: `chances[n][i]` is seat `seats[i]`'s
    /// chance after `n` plies, 0 to 1. Before ply 1: the first review's
    /// chance for the first mover, the rest shared evenly (for two seats,
    /// the other's is the rest).
    #[must_use]
    pub fn chances(&self, seats: &[Seat]) -> Vec<Vec<f64>> {
        let even = vec![1.0 / seats.len().max(1) as f64; seats.len()];
        let mut rows = Vec::new();
        let start = match self.ply(1) {
            Some(first) => seats
                .iter()
                .map(|&s| {
                    if s == first.seat {
                        first.before
                    } else {
                        (1.0 - first.before) / (seats.len() - 1).max(1) as f64
                    }
                })
                .collect(),
            None => even,
        };
        rows.push(start);
        for entry in &self.plies {
            let Some(entry) = entry else { break };
            let row = match entry {
                Some(review) => seats
                    .iter()
                    .map(|&s| review.chances.iter().find(|(t, _)| *t == s).map_or(0.0, |(_, c)| *c))
                    .collect(),
                // A time-out: the chances as they were.
                None => rows.last().cloned().unwrap_or_default(),
            };
            rows.push(row);
        }
        rows
    }

    /// Follows `game`: keeps the plies of its line already judged, drops
    /// the rest, and makes room for its plies. Returns whether anything
    /// judged was dropped.
    fn follow(&mut self, game: &AnyGame) -> bool {
        let line = line_of(game);
        if line == self.line {
            return false;
        }
        let same = if self.line.first() == line.first() {
            self.line.iter().zip(&line).skip(1).take_while(|(a, b)| a == b).count()
        } else {
            0
        };
        let dropped = self.plies.iter().skip(same).any(Option::is_some);
        self.pending.retain(|p| !matches!(p.work(), Work::Review(n) if n > same));
        self.plies.truncate(same);
        self.plies.resize(line.len() - 1, None);
        self.line = line;
        dropped
    }
}

fn review_commands(mut commands: MessageReader<ReviewCommand>, mut review: ResMut<GameReview>) {
    for command in commands.read() {
        match command {
            ReviewCommand::Start if !review.running => {
                review.running = true;
                review.started = Some(Instant::now());
                review.main_thread_max_ms = 0.0;
                review.errors.clear();
                info!("the coach reviews the game");
            }
            ReviewCommand::Start => {}
            ReviewCommand::Cancel => {
                if review.running {
                    info!(
                        "the review is cancelled ({} of {} plies)",
                        review.progress().0,
                        review.progress().1
                    );
                }
                review.running = false;
                review.pending.clear();
            }
        }
    }
}

/// Keeps the review on the match's game line.
fn follow_the_game(game: Option<Res<Match>>, mut review: ResMut<GameReview>) {
    let Some(game) = game else { return };
    if game.is_changed() || review.line.is_empty() {
        // Only a change of the line touches the review (and its change flag).
        let line = line_of(game.game());
        if line != review.line {
            review.follow(game.game());
        }
    }
}

/// Sends the next ply to be judged, and takes what comes back.
fn drive_review(game: Option<Res<Match>>, mut review: ResMut<GameReview>) {
    let Some(game) = game else { return };
    if !review.running {
        return;
    }
    let start = Instant::now();
    step_review(&game, &mut review);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if ms > review.main_thread_max_ms {
        review.bypass_change_detection().main_thread_max_ms = ms;
    }
}

/// Takes the finished searches' verdicts and starts the next plies', so
/// that [`plies_at_once`] are always being judged: natively side by side,
/// in the browser queued in the worker, which then never waits for a frame
/// of the page between two plies.
fn step_review(game: &Match, review: &mut ResMut<GameReview>) {
    // Polled without marking the review changed: only news changes it.
    let mut done = Vec::new();
    review.bypass_change_detection().pending.retain_mut(|pending| match pending.poll() {
        Some(result) => {
            done.push((pending.work(), result));
            false
        }
        None => true,
    });
    for (work, result) in done {
        let Work::Review(ply) = work else { continue };
        let found = match result {
            Ok(Found::Review(found)) => found,
            Ok(Found::Hint(_)) => continue,
            Err(e) => {
                warn!("the review of ply {ply} failed: {e}");
                review.errors.push(format!("ply {ply}: {e}"));
                // Not asked again in this run: shown as not judged.
                None
            }
        };
        if let Some(slot) = review.plies.get_mut(ply - 1) {
            *slot = Some(found);
        }
    }
    let asked: Vec<usize> = review
        .pending
        .iter()
        .filter_map(|p| if let Work::Review(n) = p.work() { Some(n) } else { None })
        .collect();
    let wanted: Vec<usize> = (1..=review.plies.len())
        .filter(|&n| review.plies[n - 1].is_none() && !asked.contains(&n))
        .take(plies_at_once().saturating_sub(asked.len()))
        .collect();
    for ply in wanted {
        let pending = Pending::start(game.game(), Work::Review(ply));
        review.pending.push(pending);
    }
    if review.pending.is_empty() && review.plies.iter().all(Option::is_some) {
        review.running = false;
        let ms = review.started.map_or(0.0, |s| s.elapsed().as_secs_f64() * 1000.0);
        review.last_run_ms = Some(ms);
        info!("the coach reviewed {} plies in {:.1} s", review.plies.len(), ms / 1000.0);
    }
}
