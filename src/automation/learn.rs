//! The lessons' and puzzles' automation events: `lesson` (each step the
//! learner is to play, with the moves it accepts in canonical notation),
//! `puzzle` (the same for a puzzle), `refused` (a move not played, and
//! why), `lesson-complete` and `puzzle-solved` with the stars earned.

use bevy::prelude::*;
use serde_json::{Value, json};

use super::output::emit;
use crate::learn::{Learning, Refusal, Said};
use crate::play::{InputLock, Match};

/// Reports what changed in the lesson or puzzle being played.
pub(super) fn report_learning(
    learning: Res<Learning>,
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    mut last_step: Local<Option<Value>>,
    mut last_said: Local<Option<Said>>,
) {
    let (Some(session), Some(game)) = (learning.0.as_ref(), game) else {
        *last_step = None;
        *last_said = None;
        return;
    };
    let what = if session.is_puzzle() { "puzzle" } else { "lesson" };
    let accepts = session.accepts(game.game());
    // A step is reported once the board shows it: the learner to move and
    // the last animation over.
    if !accepts.is_empty() && game.game().to_move() == session.learner() && !lock.is_locked() {
        let step = json!({"event": what, "game": session.kind.id(), what: session.index + 1,
            "id": session.id(), "step": session.steps_played() + 1, "accepts": accepts,
            "kind": session.puzzle_kind().map(|k| k.id())});
        if last_step.as_ref() != Some(&step) {
            emit(&step);
            *last_step = Some(step);
        }
    }
    if last_said.as_ref() == Some(&session.said) {
        return;
    }
    match &session.said {
        Said::Refused(refusal) => {
            let (rule, key, reason) = match refusal {
                Refusal::Illegal { rule, reason } => (rule.clone(), None, Some(reason.clone())),
                Refusal::NotTheIdea(key) => (None, Some(key.clone()), None),
            };
            emit(&json!({"event": "refused", "game": session.kind.id(), what: session.index + 1,
                "rule": rule, "key": key, "reason": reason}));
        }
        Said::Done(stars) => {
            let event = if session.is_puzzle() { "puzzle-solved" } else { "lesson-complete" };
            emit(&json!({"event": event, "game": session.kind.id(), what: session.index + 1,
                "id": session.id(), "stars": stars}));
        }
        Said::Goal | Said::Line(_) => {}
    }
    *last_said = Some(session.said.clone());
}
