//! The coach in the app, headless: the hint is the analysis's best move and
//! marks its ply; the review judges every ply as the engine's own review
//! does, follows undo, and can be cancelled; "try again" goes back to the
//! position before the ply with its seat to move and judges the new move.

use std::time::{Duration, Instant};

use arkes::coach::{
    CoachSettings, GameReview, Hint, HintRequest, HintsAllowed, ReviewCommand, TryAgain, TryAgainCommand,
};
use arkes::play::{HistoryCommand, MoveCommand};
use arkes::{GameOptions, saves};
use bevy::prelude::*;
use game_ai::review_options;
use games::{Action, GameKind};

use crate::common::{app, game, settle};

/// A headless game app with the coach, for `kind` (2 seats, people).
fn coach_app(kind: GameKind, limits: game_core::Limits) -> App {
    let mut app = app(GameOptions { game: kind, limits, ..GameOptions::default() });
    app.add_plugins(arkes::coach::plugin);
    app.update();
    app
}

/// Plays `n` plies: each the first legal move in the engine's order.
fn play_plies(app: &mut App, n: usize) {
    for _ in 0..n {
        let action = game(app).game().legal_actions()[0];
        app.world_mut().write_message(MoveCommand::from(action));
        settle(app);
    }
}

/// Updates until `done` holds (the coach's searches run on tasks).
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(120), "{what}: not after 2 minutes");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn hint_shown(app: &App) -> Option<Action> {
    app.world().resource::<Hint>().shown()
}

#[test]
fn the_hint_is_the_analysiss_best_move_and_marks_the_ply_in_both_games() {
    for kind in GameKind::all().iter().copied() {
        let mut app = coach_app(kind, game_core::Limits::default());
        play_plies(&mut app, 3);
        let expected = game(&app).game().best_action(review_options()).expect("a best move");
        app.world_mut().write_message(HintRequest);
        until(&mut app, "the hint", |a| hint_shown(a).is_some());
        assert_eq!(hint_shown(&app), Some(expected), "{}: the hint is the review's best move", kind.id());
        assert_eq!(game(&app).hinted_plies(), &[4], "{}: the coming ply is marked", kind.id());
        // Played, the hint goes and the mark stays, in the record and the save.
        app.world_mut().write_message(MoveCommand::from(expected));
        settle(&mut app);
        assert_eq!(hint_shown(&app), None);
        let record = game(&app).record_text();
        assert!(record.contains("# plies played after a hint of the coach: 4"), "{record}");
        let saved = saves::encode(game(&app)).expect("a save");
        let loaded = saves::decode(&saved).expect("it loads");
        assert_eq!(loaded.hinted_plies(), &[4]);
        // An undo past it forgets the mark.
        app.world_mut().write_message(HistoryCommand::Undo);
        app.world_mut().write_message(HistoryCommand::Undo);
        settle(&mut app);
        assert!(game(&app).hinted_plies().is_empty(), "{:?}", game(&app).hinted_plies());
    }
}

#[test]
fn a_save_with_a_hint_mark_beyond_its_game_is_refused() {
    let mut app = coach_app(games::arkes::KIND, game_core::Limits::default());
    play_plies(&mut app, 2);
    let saved = saves::encode(game(&app)).expect("a save");
    let mut value: serde_json::Value = serde_json::from_str(&saved).expect("json");
    value["hints"] = serde_json::json!([9]);
    let error = saves::decode(&value.to_string()).expect_err("refused");
    assert!(error.to_string().contains("hint mark on ply 9"), "{error}");
}

#[test]
fn no_hint_in_a_game_with_clocks_unless_the_setting_says_always() {
    let clock = game_core::Clock::new(600_000, 0).expect("a clock");
    let limits = game_core::Limits { clock: Some(clock), ..game_core::Limits::default() };
    let mut app = coach_app(games::arkes::KIND, limits);
    app.world_mut().write_message(HintRequest);
    for _ in 0..20 {
        app.update();
    }
    let hint = app.world().resource::<Hint>();
    assert_eq!((hint.shown(), hint.is_searching()), (None, false));
    assert_eq!(hint.refused(), Some("coach-hint-off-with-clocks"));
    app.world_mut().resource_mut::<CoachSettings>().hints = HintsAllowed::Always;
    app.world_mut().write_message(HintRequest);
    until(&mut app, "the hint with clocks allowed", |a| hint_shown(a).is_some());
    app.world_mut().resource_mut::<CoachSettings>().hints = HintsAllowed::Never;
    play_plies(&mut app, 1);
    app.world_mut().write_message(HintRequest);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<Hint>().refused(), Some("coach-hint-off"));
}

#[test]
fn the_review_judges_every_ply_as_the_engines_review_does_and_follows_an_undo() {
    for kind in GameKind::all().iter().copied() {
        let mut app = coach_app(kind, game_core::Limits::default());
        play_plies(&mut app, 6);
        app.world_mut().write_message(ReviewCommand::Start);
        until(&mut app, "the review", |a| a.world().resource::<GameReview>().is_complete());
        let review = app.world().resource::<GameReview>();
        assert_eq!(review.progress(), (6, 6));
        assert!(!review.is_running());
        let g = game(&app).game();
        for ply in 1..=6 {
            let expected = g.review_ply(ply, review_options()).expect("a review");
            assert_eq!(review.ply(ply), Some(&expected), "{} ply {ply}", kind.id());
        }
        // A graph row per ply and the set-up, each summing to 1.
        let chances = review.chances(&game(&app).seats());
        assert_eq!(chances.len(), 7);
        for row in &chances {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-6, "{row:?}");
        }
        // Undo two plies and play another: the first four stay judged.
        app.world_mut().write_message(HistoryCommand::Undo);
        settle(&mut app);
        app.world_mut().write_message(HistoryCommand::Undo);
        settle(&mut app);
        let other = *game(&app).game().legal_actions().last().expect("a move");
        app.world_mut().write_message(MoveCommand::from(other));
        settle(&mut app);
        let review = app.world().resource::<GameReview>();
        assert_eq!(review.progress(), (4, 5), "{}", kind.id());
        assert!((1..=4).all(|p| review.is_done(p)) && !review.is_done(5));
    }
}

#[test]
fn a_cancelled_review_stops_and_keeps_what_it_judged() {
    let mut app = coach_app(games::arkes::KIND, game_core::Limits::default());
    play_plies(&mut app, 30);
    app.world_mut().write_message(ReviewCommand::Start);
    until(&mut app, "a first ply", |a| a.world().resource::<GameReview>().progress().0 >= 1);
    app.world_mut().write_message(ReviewCommand::Cancel);
    app.update();
    let done = app.world().resource::<GameReview>().progress().0;
    assert!(!app.world().resource::<GameReview>().is_running());
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(app.world().resource::<GameReview>().progress(), (done, 30), "nothing more is judged");
    assert!(done < 30, "cancelled before the end");
}

#[test]
fn try_again_restores_the_position_and_the_seat_and_judges_the_new_move() {
    for kind in GameKind::all().iter().copied() {
        let mut app = coach_app(kind, game_core::Limits::default());
        play_plies(&mut app, 5);
        let before_ply_4 = game(&app).game().position_after(3).expect("a position").text();
        app.world_mut().write_message(ReviewCommand::Start);
        until(&mut app, "the review", |a| a.world().resource::<GameReview>().is_complete());
        let old = app.world().resource::<GameReview>().ply(4).cloned().expect("ply 4 judged");
        app.world_mut().write_message(TryAgainCommand { ply: 4 });
        app.update();
        let m = game(&app);
        assert_eq!(m.game().ply_count(), 3, "{}", kind.id());
        assert_eq!(m.to_move(), old.seat, "{}: the seat of ply 4 moves", kind.id());
        assert_eq!(m.game().position().text(), before_ply_4);
        // Play the best move this time: the coach says so.
        app.world_mut().write_message(MoveCommand::from(old.best));
        settle(&mut app);
        until(&mut app, "the new move's verdict", |a| {
            a.world().resource::<TryAgain>().attempt.as_ref().is_some_and(|t| t.new.is_some())
        });
        let try_again = app.world().resource::<TryAgain>();
        let attempt = try_again.attempt.as_ref().expect("an attempt");
        let new = attempt.new.as_ref().expect("judged");
        assert_eq!((new.ply, new.seat), (4, old.seat));
        assert_eq!((new.played.from, new.played.to), (old.best.from, old.best.to));
        let comparison = attempt.comparison().expect("compared");
        use arkes::coach::try_again::Comparison;
        if old.played == old.best {
            assert_eq!(comparison, Comparison::Same, "{}", kind.id());
        } else {
            assert!(
                matches!(comparison, Comparison::Best | Comparison::Better | Comparison::AsGood),
                "{}: the best move judged {comparison:?}",
                kind.id()
            );
        }
    }
}

#[test]
fn try_again_is_refused_for_a_computer_seat() {
    let mut app = app(GameOptions {
        kinds: vec![arkes::options::PlayerKind::Human, arkes::options::PlayerKind::Easy],
        ..GameOptions::default()
    });
    app.add_plugins(arkes::coach::plugin);
    app.world_mut().resource_mut::<arkes::play::AiSettings>().min_think = Duration::ZERO;
    let action = game(&app).game().legal_actions()[0];
    app.world_mut().write_message(MoveCommand::from(action));
    until(&mut app, "the computer's move", |a| game(a).game().ply_count() == 2);
    settle(&mut app);
    app.world_mut().write_message(ReviewCommand::Start);
    until(&mut app, "the review", |a| a.world().resource::<GameReview>().is_complete());
    app.world_mut().write_message(TryAgainCommand { ply: 2 });
    app.update();
    assert_eq!(game(&app).game().ply_count(), 2, "North is the computer's: nothing is taken back");
    assert!(app.world().resource::<TryAgain>().attempt.is_none());
}
