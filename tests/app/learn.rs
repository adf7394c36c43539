//! Headless tests of lessons and puzzles in the app: a move outside the
//! lesson changes nothing and says why, the scripted replies are played,
//! a lesson played through earns its stars, progress survives a restart,
//! `--learn` opens the first unfinished lesson, and a puzzle is solved.

use arkes::GameOptions;
use arkes::learn::{Catalog, LearnCommand, LearnProgress, Learning, Refusal, Said};
use arkes::play::{Match, MoveCommand};
use arkes::screens::Screen;
use bevy::prelude::*;

use crate::flow::{press, screen, temp_store};

fn learn_app(store: arkes::storage::Store, options: GameOptions) -> App {
    let mut app = crate::common::headless_app();
    app.insert_resource(store);
    app.add_plugins((arkes::play::GameLogicPlugin { options }, arkes::FlowPlugin));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn run(app: &mut App, updates: usize) {
    for _ in 0..updates {
        app.update();
    }
}

fn text(app: &App) -> String {
    app.world().resource::<Match>().game().position().text()
}

fn said(app: &App) -> Said {
    app.world().resource::<Learning>().0.as_ref().expect("a lesson is on").said.clone()
}

/// Plays `text` (canonical notation, legal now) as the learner would.
fn play(app: &mut App, text: &str) {
    let game = app.world().resource::<Match>().game().clone();
    let action = ::learn::puzzle::action_named(&game, text).unwrap_or_else(|| panic!("{text} is not legal"));
    app.world_mut().write_message(MoveCommand::from(action));
    // The move, its animation, the reply's pause and the reply.
    run(app, 60);
}

fn first_lesson(app: &mut App) {
    app.world_mut().write_message(LearnCommand::Lesson(games::arkes::KIND, 0));
    run(app, 4);
    assert_eq!(screen(app), Screen::Gameplay);
}

#[test]
fn a_move_outside_the_lesson_changes_nothing_and_says_why() {
    let (store, _dir) = temp_store("learn-wrong");
    let mut app = learn_app(store, GameOptions { skip_title: false, ..GameOptions::default() });
    first_lesson(&mut app);
    let before = text(&app);
    let lesson = app.world().resource::<Catalog>().of(games::arkes::KIND).unwrap().lessons[0].clone();
    // A legal move the first step does not accept.
    let game = app.world().resource::<Match>().game().clone();
    let other = game
        .legal_actions()
        .into_iter()
        .find(|&a| !lesson.steps[0].accepts.contains(&game.action_text(a).unwrap()))
        .unwrap();
    app.world_mut().write_message(MoveCommand::from(other));
    run(&mut app, 20);
    assert_eq!(text(&app), before, "a refused move changed the board");
    assert_eq!(said(&app), Said::Refused(Refusal::NotTheIdea(lesson.wrong.clone())));
    // A move no rule allows (two cells away) is refused with its rule.
    app.world_mut().write_message(MoveCommand::step("d1".parse().unwrap(), "d3".parse().unwrap()));
    run(&mut app, 20);
    assert_eq!(text(&app), before);
    match said(&app) {
        Said::Refused(Refusal::Illegal { rule: Some(rule), .. }) => assert!(rule.starts_with('R'), "{rule}"),
        other => panic!("{other:?}"),
    }
    // The same by clicks: d1 picked, then d3, which is no destination of
    // it: the click is judged as that move and named by its rule.
    app.world_mut().resource_mut::<Learning>().0.as_mut().unwrap().said = Said::Goal;
    crate::common::pick(&mut app, Some("d1"));
    assert_eq!(app.world().resource::<arkes::play::Selection>().from, Some("d1".parse().unwrap()));
    crate::common::pick(&mut app, Some("d3"));
    run(&mut app, 3);
    assert_eq!(text(&app), before);
    match said(&app) {
        Said::Refused(Refusal::Illegal { rule: Some(rule), .. }) => assert!(rule.starts_with('R'), "{rule}"),
        other => panic!("a click on d3 after d1: {other:?}"),
    }
    // Undo is off in a lesson.
    app.world_mut().write_message(arkes::play::HistoryCommand::Undo);
    run(&mut app, 3);
    assert_eq!(text(&app), before);
}

#[test]
fn a_lesson_played_through_earns_its_stars_and_they_survive_a_restart() {
    let (store, dir) = temp_store("learn-progress");
    let mut app = learn_app(store, GameOptions { skip_title: false, ..GameOptions::default() });
    first_lesson(&mut app);
    let lesson = app.world().resource::<Catalog>().of(games::arkes::KIND).unwrap().lessons[0].clone();
    for (i, step) in lesson.steps.iter().enumerate() {
        let plies = app.world().resource::<Match>().game().ply_count();
        play(&mut app, &step.accepts[0]);
        let now = app.world().resource::<Match>().game().ply_count();
        assert_eq!(now, plies + 1 + step.replies.len(), "step {}: the move and its scripted replies", i + 1);
    }
    assert_eq!(said(&app), Said::Done(3));
    assert_eq!(app.world().resource::<LearnProgress>().0.lesson(games::arkes::KIND, &lesson.id), Some(3));
    // Next opens the second lesson.
    press(&mut app, "learn-next");
    run(&mut app, 3);
    assert_eq!(app.world().resource::<Learning>().0.as_ref().unwrap().index, 1);
    // A new app on the same folder: the stars are there, and --learn opens
    // the first lesson not done.
    drop(app);
    let mut again = learn_app(
        arkes::storage::Store::in_dir(&dir),
        GameOptions { skip_title: false, learn: Some(games::arkes::KIND), ..GameOptions::default() },
    );
    run(&mut again, 3);
    assert_eq!(again.world().resource::<LearnProgress>().0.lesson(games::arkes::KIND, &lesson.id), Some(3));
    let session = again.world().resource::<Learning>().0.as_ref().expect("--learn opens a lesson");
    assert_eq!((session.kind, session.index), (games::arkes::KIND, 1));
    assert_eq!(screen(&again), Screen::Gameplay);
}

#[test]
fn a_new_game_ends_the_lesson_and_lifts_its_filter() {
    let (store, _dir) = temp_store("learn-leave");
    let mut app = learn_app(store, GameOptions { skip_title: false, ..GameOptions::default() });
    first_lesson(&mut app);
    assert!(app.world().resource::<arkes::play::MoveFilter>().0.is_some());
    let fresh = Match::from_options(&GameOptions::default()).unwrap();
    app.world_mut().write_message(arkes::play::MatchCommand::Replace(Box::new(fresh)));
    run(&mut app, 3);
    assert!(app.world().resource::<Learning>().0.is_none());
    assert!(app.world().resource::<arkes::play::MoveFilter>().0.is_none());
}

#[test]
fn every_puzzle_kind_is_solved_in_the_app() {
    let (store, _dir) = temp_store("learn-puzzle");
    let mut app = learn_app(store, GameOptions { skip_title: false, ..GameOptions::default() });
    for kind in [games::arkes::KIND, games::arcanor::KIND] {
        let puzzles = app.world().resource::<Catalog>().of(kind).unwrap().puzzles.clone();
        let mut seen = Vec::new();
        for (index, puzzle) in puzzles.iter().enumerate() {
            if seen.contains(&puzzle.kind) {
                continue;
            }
            seen.push(puzzle.kind);
            app.world_mut().write_message(LearnCommand::Puzzle(kind, index));
            run(&mut app, 4);
            // A wrong move first: refused, nothing changes.
            let before = text(&app);
            let game = app.world().resource::<Match>().game().clone();
            let wrong = game.legal_actions().into_iter().find(|&a| a != puzzle.solution).unwrap();
            app.world_mut().write_message(MoveCommand::from(wrong));
            run(&mut app, 10);
            assert_eq!(text(&app), before, "{}: a wrong move was played", puzzle.id);
            play(&mut app, &puzzle.solution_text);
            // A win in two: after the reply, any winning move.
            if puzzle.kind == ::learn::PuzzleKind::WinInTwo {
                let game = app.world().resource::<Match>().game().clone();
                let wins = ::learn::puzzle::wins_in_one(&game);
                assert!(!wins.is_empty(), "{}: no win after the reply", puzzle.id);
                play(&mut app, &wins[0]);
            }
            assert_eq!(said(&app), Said::Done(2), "{}: solved after one wrong move", puzzle.id);
            let progress = &app.world().resource::<LearnProgress>().0;
            assert_eq!(progress.puzzle(kind, &puzzle.id), Some(2));
        }
        assert!(seen.len() >= 3, "{}: puzzle kinds {seen:?}", kind.id());
    }
}
