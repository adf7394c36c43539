//! Every shipped lesson played through by its script in the engine, along
//! every accepted alternative: each accepted move and scripted reply legal,
//! the goal reached within par; every text key translated in English and
//! French; every rule a player meets taught somewhere.

use std::collections::BTreeSet;

use games::{AnyGame, GameKind};
use learn::{Judgement, Lesson, LessonRun, lesson_file, load_lessons, puzzle::action_named};

fn lessons(kind: GameKind) -> Vec<Lesson> {
    load_lessons(kind, lesson_file(kind).expect("every game ships lessons")).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `run` on `game` along every accepted alternative; returns the
/// number of complete paths.
fn play_all(kind: GameKind, run: &LessonRun, game: &AnyGame) -> usize {
    let id = &run.lesson().id;
    let accepts = run.accepts().to_vec();
    if accepts.is_empty() {
        assert!(run.is_complete(game), "lesson {id}: the script ends before its goal is reached");
        assert!(run.steps_played() <= run.lesson().par, "lesson {id}: more moves than par");
        return 1;
    }
    let mut paths = 0;
    for text in accepts {
        let mut run = run.clone();
        let mut game = game.clone();
        let action = action_named(&game, &text).unwrap_or_else(|| {
            panic!("lesson {id} ({}): {text} is not a legal move (canonical notation?)", kind.id())
        });
        assert_eq!(run.judge(&game, action), Judgement::Accepted, "lesson {id}: {text}");
        game.play(action).unwrap();
        while let Some(reply) = run.next_reply(&game).unwrap_or_else(|e| panic!("{e}")) {
            assert_ne!(game.to_move(), run.learner(), "lesson {id}: a reply scripted on the learner's turn");
            game.play(reply).unwrap();
        }
        assert!(
            game.to_move() == run.learner() || game.outcome().is_some(),
            "lesson {id}: after step {} the replies do not bring the turn back to the learner",
            run.steps_played()
        );
        paths += play_all(kind, &run, &game);
    }
    paths
}

fn check_game(kind: GameKind, at_least: usize) {
    let lessons = lessons(kind);
    assert!(lessons.len() >= at_least, "{}: {} lessons", kind.id(), lessons.len());
    for lesson in &lessons {
        let game = lesson.start(kind).unwrap();
        let run = LessonRun::new(lesson.clone(), &game);
        assert!(play_all(kind, &run, &game) >= 1);
    }
}

#[test]
fn every_arkes_lesson_plays_through_to_its_goal() {
    check_game(games::arkes::KIND, 10);
}

#[test]
fn every_arcanor_lesson_plays_through_to_its_goal() {
    check_game(games::arcanor::KIND, 9);
}

fn keys_of(file: &str) -> BTreeSet<String> {
    let path = format!("{}/../../assets/i18n/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_owned()))
        .filter(|k| !k.is_empty() && !k.starts_with('#'))
        .collect()
}

#[test]
fn every_lesson_text_is_in_english_and_french() {
    for file in ["en.ftl", "fr.ftl"] {
        let keys = keys_of(file);
        for kind in GameKind::all() {
            for lesson in lessons(*kind) {
                for key in lesson.text_keys() {
                    assert!(keys.contains(key), "{file}: no `{key}` (lesson {})", lesson.id);
                }
            }
        }
    }
}

/// The rules a player meets, each to be taught by some lesson. Left out:
/// ARKES R15 and Arcanor A12, limits and draws the host sets before a game
/// (rounds, captures, clocks, repetitions), which a lesson ending in steps
/// or a win cannot show.
fn rules_met(kind: GameKind) -> Vec<String> {
    let (letter, count, skipped): (&str, u32, &[u32]) =
        if kind == games::arkes::KIND { ("R", 15, &[15]) } else { ("A", 12, &[12]) };
    (1..=count).filter(|n| !skipped.contains(n)).map(|n| format!("{letter}{n}")).collect()
}

#[test]
fn every_rule_a_player_meets_is_taught_by_a_lesson() {
    for kind in GameKind::all() {
        let taught: BTreeSet<String> = lessons(*kind).into_iter().flat_map(|l| l.rules).collect();
        let missing: Vec<String> = rules_met(*kind).into_iter().filter(|r| !taught.contains(r)).collect();
        assert!(missing.is_empty(), "{}: no lesson teaches {missing:?}", kind.id());
    }
}

#[test]
fn a_move_outside_the_lesson_is_refused_and_counted() {
    let kind = games::arkes::KIND;
    let lesson = lessons(kind).remove(0);
    let game = lesson.start(kind).unwrap();
    let mut run = LessonRun::new(lesson.clone(), &game);
    let accepted = run.accepts().to_vec();
    let other = game
        .legal_actions()
        .into_iter()
        .find(|&a| !accepted.contains(&game.action_text(a).unwrap()))
        .expect("the first lesson offers a legal move it does not accept");
    assert_eq!(run.judge(&game, other), Judgement::NotTheIdea(lesson.wrong.clone()));
    // A move no rule allows: two cells away.
    let from = accepted[0].trim_start_matches('M')[..2].parse().unwrap();
    let far = games::Action { from, to: game_core::Coord::new(0, 0), whole: false, capture: false };
    match run.judge(&game, far) {
        Judgement::Illegal { rule, reason } => assert!(rule.is_some(), "the reason names no rule: {reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(run.mistakes(), 2);
    assert_eq!(run.stars(), 2);
    assert_eq!(run.steps_played(), 0, "a refused move plays no step");
}

#[test]
fn the_rule_is_read_from_the_engines_reason() {
    assert_eq!(learn::run::rule_in("R10: this move would repeat a position"), Some("R10".into()));
    assert_eq!(learn::run::rule_in("A6: a 2 eats a 3 only"), Some("A6".into()));
    assert_eq!(learn::run::rule_in("no such move"), None);
    assert_eq!(learn::run::rule_in("AB: R"), None);
}

#[test]
fn progress_keeps_the_best_stars_and_clamps_what_it_reads() {
    let kind = games::arkes::KIND;
    let mut progress = learn::Progress::default();
    progress.complete_lesson(kind, "one-step", 2);
    progress.complete_lesson(kind, "one-step", 1);
    assert_eq!(progress.lesson(kind, "one-step"), Some(2));
    assert_eq!(progress.lesson(games::arcanor::KIND, "one-step"), None);
    let text = serde_json::to_string(&progress).unwrap();
    assert_eq!(learn::Progress::from_json(&text).unwrap(), progress);
    let wild = learn::Progress::from_json(r#"{"lessons":{"arkes/a":200,"arkes/b":0}}"#).unwrap();
    assert_eq!((wild.lesson(kind, "a"), wild.lesson(kind, "b")), (Some(3), Some(1)));
    assert!(learn::Progress::from_json("[1,2]").is_err());
    assert_eq!(progress.first_unfinished(kind, ["one-step", "stack"]), 1);
}
