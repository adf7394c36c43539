//! Headless app tests: the game logic (Match, sync, picking, animation lock)
//! with `MinimalPlugins`, no window or GPU.

use crate::common::*;
use arkes::GameOptions;
use arkes::play::{Leaving, Selection};
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use game_core::Seat;

#[test]
fn the_board_is_synced_at_start() {
    let mut app = app(GameOptions { players: 4, side: 11, ..GameOptions::default() });
    assert_synced(&mut app);
    assert_eq!(board_entities(&mut app).len(), 4 * 9 + 4);
}

#[test]
fn entities_follow_the_engine_through_whole_random_games() {
    let mut plies = 0;
    for (players, side, seed) in [(2, 9, 7_u64), (3, 7, 11), (4, 9, 13), (4, 5, 17)] {
        plies += random_game(players, side, seed);
    }
    assert!(plies > 100, "{plies} plies in all");
}

fn random_game(players: usize, side: u8, seed: u64) -> usize {
    let mut app = app(GameOptions { players, side, ..GameOptions::default() });
    let mut seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
    let mut plies = 0;
    while arkes(&app).outcome().is_none() {
        let moves = arkes(&app).legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        let mover_before = entity_at(&mut app, &mv.from.to_string(), 1)
            .or_else(|| entity_at(&mut app, &mv.from.to_string(), 0))
            .expect("a piece on the origin");
        command(&mut app, &mv.from.to_string(), &mv.to.to_string());
        assert_synced(&mut app);
        // The piece that moved keeps its entity (it hops, it is not respawned).
        let top = arkes(&app).position().board().get(mv.to).len() as u8 - 1;
        assert_eq!(entity_at(&mut app, &mv.to.to_string(), top), Some(mover_before), "after {mv}");
        settle(&mut app);
        assert_synced(&mut app);
        plies += 1;
    }
    // Everything that left the board is gone once its animation ended.
    let world = app.world_mut();
    assert_eq!(world.query::<&Leaving>().iter(world).count(), 0);
    plies
}

#[test]
fn clicking_a_piece_then_a_destination_plays_the_move() {
    let mut app = app(GameOptions::default());
    let piece = entity_at(&mut app, "b1", 0).unwrap();
    click(&mut app, piece);
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.from, Some("b1".parse().unwrap()));
    assert_eq!(selection.destinations.len(), 5);
    let target = cell_entity(&mut app, "b2");
    click(&mut app, target);
    app.update();
    let g = arkes(&app);
    assert_eq!(g.plies().len(), 1);
    assert_eq!(g.position().board().get("b2".parse().unwrap()).to_text(), "S");
    assert_eq!(g.position().to_move(), Seat::North);
    assert_eq!(app.world().resource::<Selection>().from, None);
}

#[test]
fn clicking_the_selected_piece_again_or_elsewhere_deselects() {
    let mut app = app(GameOptions::default());
    let piece = entity_at(&mut app, "c1", 0).unwrap();
    click(&mut app, piece);
    assert!(app.world().resource::<Selection>().from.is_some());
    click(&mut app, piece);
    assert_eq!(app.world().resource::<Selection>().from, None);
    click(&mut app, piece);
    pick(&mut app, None);
    assert_eq!(app.world().resource::<Selection>().from, None);
    // Selecting another own piece moves the selection to it.
    click(&mut app, piece);
    let other = entity_at(&mut app, "g1", 0).unwrap();
    click(&mut app, other);
    assert_eq!(app.world().resource::<Selection>().from, Some("g1".parse().unwrap()));
}

#[test]
fn the_wrong_seat_or_an_illegal_destination_changes_nothing() {
    let mut app = app(GameOptions::default());
    let before = arkes(&app).position().clone();
    // A North token while South is to move.
    let north = entity_at(&mut app, "b9", 0).unwrap();
    click(&mut app, north);
    assert_eq!(app.world().resource::<Selection>().from, None);
    // A South token, then a cell it cannot reach.
    let south = entity_at(&mut app, "b1", 0).unwrap();
    click(&mut app, south);
    let far = cell_entity(&mut app, "b4");
    click(&mut app, far);
    app.update();
    assert_eq!(arkes(&app).position(), &before);
    assert_eq!(arkes(&app).plies().len(), 0);
    // An illegal command sent directly is refused too.
    command(&mut app, "e1", "e2");
    command(&mut app, "b9", "b8");
    assert_eq!(arkes(&app).position(), &before);
    assert_synced(&mut app);
}

#[test]
fn input_is_locked_while_the_move_animates_and_unlocked_after() {
    let mut app = app(GameOptions::default());
    command(&mut app, "b1", "b2");
    assert!(locked(&app), "the hop is playing");
    // North clicks during the animation are ignored.
    let north = entity_at(&mut app, "b9", 0).unwrap();
    click(&mut app, north);
    assert_eq!(app.world().resource::<Selection>().from, None);
    let mut updates = 0;
    while locked(&app) {
        app.update();
        updates += 1;
        assert!(updates < 50);
    }
    // 320 ms of hop at 50 ms a frame.
    assert!((5..=9).contains(&updates), "{updates} updates");
    let piece = entity_at(&mut app, "b2", 0).unwrap();
    let t = app.world().get::<Transform>(piece).unwrap().translation;
    assert!((t - Vec3::new(-3.0, 0.0, 3.0)).length() < 1e-4, "the piece rests on b2: {t}");
    click(&mut app, north);
    assert_eq!(app.world().resource::<Selection>().from, Some("b9".parse().unwrap()));
}

#[test]
fn a_capture_despawns_exactly_the_captured_entity_after_its_animation() {
    let mut app = app_from(
        "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  SS N  .
2 .  .  .  .  .
1 .  .  Ss .  S
to move: South
in: South North
",
    );
    let victim = entity_at(&mut app, "d3", 0).unwrap();
    let mover = entity_at(&mut app, "c3", 1).unwrap();
    let count = board_entities(&mut app).len();
    command(&mut app, "c3", "d3");
    assert!(app.world().get::<Leaving>(victim).is_some(), "the captured token is leaving");
    assert!(app.world().get_entity(victim).is_ok());
    settle(&mut app);
    assert!(app.world().get_entity(victim).is_err(), "despawned after its animation");
    assert!(app.world().get_entity(mover).is_ok());
    assert_eq!(board_entities(&mut app).len(), count - 1);
    assert_eq!(entity_at(&mut app, "d3", 0), Some(mover));
    assert_synced(&mut app);
}

#[test]
fn r_restarts_the_game() {
    let mut app = app(GameOptions::default());
    command(&mut app, "b1", "b2");
    settle(&mut app);
    assert_eq!(arkes(&app).plies().len(), 1);
    press_key(&mut app, KeyCode::KeyR);
    assert_eq!(arkes(&app).plies().len(), 0);
    assert_synced(&mut app);
    assert!(!locked(&app));
    let b1 = entity_at(&mut app, "b1", 0).unwrap();
    let t = app.world().get::<Transform>(b1).unwrap().translation;
    assert!((t - Vec3::new(-3.0, 0.0, 4.0)).length() < 1e-4, "restarted pieces stand on their cells");
}

fn ai_app(kinds: Vec<arkes::options::PlayerKind>) -> App {
    let mut app = app(GameOptions { kinds, seed: Some(7), ..GameOptions::default() });
    // Stepped on the main thread, as on the web: deterministic, and not
    // slowed by other tests sharing the task pool.
    app.insert_resource(arkes::play::AiSettings {
        min_think: std::time::Duration::ZERO,
        time_cap: None,
        frame_slice_ms: 8.0,
        background: false,
    });
    // Forget a search begun with the default settings during start-up.
    app.insert_resource(arkes::play::AiThinking::default());
    app
}

#[test]
fn the_computer_answers_a_person_through_a_move_command() {
    use arkes::options::PlayerKind;
    let mut app = ai_app(vec![PlayerKind::Human, PlayerKind::Easy]);
    command(&mut app, "b1", "b2");
    settle(&mut app);
    for _ in 0..200 {
        app.update();
        if arkes(&app).plies().len() == 2 {
            break;
        }
    }
    assert_eq!(arkes(&app).plies().len(), 2, "North (Easy) replied");
    assert_eq!(arkes(&app).position().to_move(), Seat::South);
    settle(&mut app);
    assert_synced(&mut app);
    // The computer's seat cannot be moved by clicks.
    let north = entity_at(&mut app, "c9", 0).unwrap();
    click(&mut app, north);
    assert_eq!(app.world().resource::<Selection>().from, None);
}

#[test]
fn computers_play_a_whole_game_at_every_level() {
    use arkes::options::PlayerKind;
    for (a, b) in [(PlayerKind::Easy, PlayerKind::Medium), (PlayerKind::Medium, PlayerKind::Easy)] {
        let mut app = ai_app(vec![a, b]);
        for _ in 0..20_000 {
            app.update();
            if arkes(&app).outcome().is_some() {
                break;
            }
        }
        assert!(arkes(&app).outcome().is_some(), "{a:?} against {b:?} finished");
        settle(&mut app);
        assert_synced(&mut app);
    }
}

#[test]
fn the_computer_is_reproducible_with_a_seed() {
    use arkes::options::PlayerKind;
    let run = || {
        let mut app = ai_app(vec![PlayerKind::Medium, PlayerKind::Easy]);
        for _ in 0..300 {
            app.update();
        }
        arkes(&app).record()
    };
    let first = run();
    assert!(first.plies.len() >= 4, "{} plies", first.plies.len());
    assert_eq!(run().plies[..4], first.plies[..4]);
}

#[test]
fn the_computer_searches_on_a_background_task() {
    use arkes::options::PlayerKind;
    let mut app = app(GameOptions {
        kinds: vec![PlayerKind::Easy, PlayerKind::Easy],
        seed: Some(3),
        ..GameOptions::default()
    });
    app.insert_resource(arkes::play::AiSettings {
        min_think: std::time::Duration::ZERO,
        time_cap: Some(std::time::Duration::from_millis(200)),
        frame_slice_ms: 8.0,
        background: true,
    });
    app.insert_resource(arkes::play::AiThinking::default());
    for _ in 0..400 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        if arkes(&app).plies().len() >= 4 {
            break;
        }
    }
    assert!(arkes(&app).plies().len() >= 4, "{} plies", arkes(&app).plies().len());
}

/// Triggers a press or click of `pointer` on `entity` at `position`, as
/// picking would.
fn pointer_event(app: &mut App, pointer: PointerId, entity: Entity, position: Vec2, click: bool) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Click, Pointer, Press};
    use bevy::picking::pointer::{Location, PointerButton};
    let location = Location { target: NormalizedRenderTarget::None { width: 1280, height: 720 }, position };
    let hit = HitData::new(Entity::PLACEHOLDER, 1.0, None, None);
    let button = PointerButton::Primary;
    if click {
        let event = Click { button, hit, duration: std::time::Duration::from_millis(80), count: 1 };
        app.world_mut().trigger(Pointer::new(pointer, location, event, entity));
    } else {
        app.world_mut().trigger(Pointer::new(pointer, location, Press { button, hit, count: 1 }, entity));
    }
    app.update();
}

#[test]
fn a_click_counts_against_its_own_pointers_press_not_another_pointers() {
    // A replayed quick click (its own pointer) presses and releases on b1
    // while the mouse has already pressed again elsewhere (found under Xvfb
    // at 4 frames a second: the replayed click was taken for a drag).
    let mut app = app(GameOptions::default());
    let piece = entity_at(&mut app, "b1", 0).unwrap();
    let replay = PointerId::Touch(9);
    pointer_event(&mut app, replay, piece, Vec2::new(400.0, 500.0), false);
    pointer_event(&mut app, PointerId::Mouse, piece, Vec2::new(900.0, 100.0), false);
    pointer_event(&mut app, replay, piece, Vec2::new(401.0, 500.0), true);
    assert_eq!(app.world().resource::<Selection>().from, Some("b1".parse().unwrap()));
    // A click released far from its own press is still no click.
    let mut app = self::app(GameOptions::default());
    let piece = entity_at(&mut app, "b1", 0).unwrap();
    pointer_event(&mut app, PointerId::Mouse, piece, Vec2::new(400.0, 500.0), false);
    pointer_event(&mut app, PointerId::Mouse, piece, Vec2::new(460.0, 500.0), true);
    assert_eq!(app.world().resource::<Selection>().from, None);
}
