//! Arcanor in the app, headless: pieces synced with the engine through whole
//! games (inner pieces included), the duo selection cycle, frozen pieces,
//! eating and releasing moving the right entities, the computer playing
//! through `MoveCommand`, the sounds, and saves of both games.

use arkes::GameOptions;
use arkes::options::PlayerKind;
use arkes::play::{AiSettings, MoveCommand, Selection};
use arkes::sound::Sfx;
use bevy::prelude::*;

use crate::common::*;

use arcanor_engine::diagram;

fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

fn destinations(app: &App) -> Vec<String> {
    let mut v: Vec<String> = selection(app).destinations.iter().map(|d| d.to.to_string()).collect();
    v.sort();
    v
}

/// The move commands sent since the last call.
fn sent(app: &mut App, cursor: &mut bevy::ecs::message::MessageCursor<MoveCommand>) -> Vec<MoveCommand> {
    let messages = app.world().resource::<Messages<MoveCommand>>();
    cursor.read(messages).copied().collect()
}

#[test]
fn the_arcanor_board_is_synced_at_start_with_every_inner_piece() {
    let mut app = arcanor_app(None);
    assert_eq!(game(&app).kind(), games::arcanor::KIND);
    assert_synced(&mut app);
    let entities = board_entities(&mut app);
    assert_eq!(entities.len(), 24, "twelve duos");
    assert_eq!(
        entities.iter().filter(|(p, _, _)| p.level == 0).count(),
        12,
        "the inner pieces are entities too"
    );
    let cells = {
        let world = app.world_mut();
        world.query::<&arkes::play::Cell>().iter(world).count()
    };
    assert_eq!(cells, 56, "8 x 7 cells");
}

#[test]
fn pieces_follow_the_engine_through_whole_random_arcanor_games() {
    for seed in 1..=4u64 {
        let mut app = arcanor_app(None);
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut plies = 0;
        while arcanor(&app).outcome().is_none() && plies < 400 {
            let moves = arcanor(&app).legal_moves();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Forward most of the time, so that eating, freezing and scores happen.
            let seat = arcanor(&app).to_move();
            let forward: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| {
                    if seat == game_core::Seat::South {
                        m.to.rank() > m.from.rank()
                    } else {
                        m.to.rank() < m.from.rank()
                    }
                })
                .collect();
            let pool = if rng % 4 != 0 && !forward.is_empty() { forward } else { moves };
            let mv = pool[(rng % pool.len() as u64) as usize];
            app.world_mut().write_message(MoveCommand { from: mv.from, to: mv.to, whole: mv.is_whole_duo() });
            settle(&mut app);
            assert_synced(&mut app);
            plies += 1;
        }
        assert!(plies > 10, "seed {seed}: only {plies} plies");
    }
}

#[test]
fn a08_frozen_pieces_cannot_be_selected() {
    let mut app = arcanor_app(Some(&diagram(&[("d7", "S4"), ("c3", "S2"), ("h4", "N1")], "South")));
    pick(&mut app, Some("d7"));
    assert_eq!(selection(&app).from, None, "the frozen 4 is not selectable");
    pick(&mut app, Some("c3"));
    assert_eq!(selection(&app).from, Some("c3".parse().unwrap()));
}

#[test]
fn a05_a_duo_is_picked_whole_then_its_top_alone_then_dropped() {
    let mut app = arcanor_app(None);
    let mut cursor = app.world().resource::<Messages<MoveCommand>>().get_cursor();
    pick(&mut app, Some("b1"));
    assert_eq!(selection(&app).from, Some("b1".parse().unwrap()));
    assert!(selection(&app).whole, "first the whole duo");
    assert_eq!(destinations(&app), ["a1", "a2", "b2", "c2"]);
    pick(&mut app, Some("b1"));
    assert!(!selection(&app).whole, "then the 1 alone");
    assert_eq!(destinations(&app), ["a1", "a2", "b2", "c2"]);
    pick(&mut app, Some("b1"));
    assert_eq!(selection(&app).from, None, "then nothing");
    assert!(sent(&mut app, &mut cursor).is_empty());

    // Whole: both pieces go.
    pick(&mut app, Some("b1"));
    pick(&mut app, Some("b2"));
    assert_eq!(
        sent(&mut app, &mut cursor),
        [MoveCommand { from: "b1".parse().unwrap(), to: "b2".parse().unwrap(), whole: true }]
    );
    settle(&mut app);
    assert_eq!(game(&app).game().position().stack("b2".parse().unwrap()).len(), 2);
    assert_synced(&mut app);

    // North: the top piece alone.
    pick(&mut app, Some("c7"));
    pick(&mut app, Some("c7"));
    pick(&mut app, Some("c6"));
    assert_eq!(
        sent(&mut app, &mut cursor),
        [MoveCommand { from: "c7".parse().unwrap(), to: "c6".parse().unwrap(), whole: false }]
    );
    settle(&mut app);
    let p = game(&app).game().position();
    assert_eq!(p.stack("c7".parse().unwrap()), [games::arcanor::piece(game_core::Seat::North, 4)]);
    assert_eq!(p.stack("c6".parse().unwrap()), [games::arcanor::piece(game_core::Seat::North, 3)]);
}

#[test]
fn a05_a_lone_piece_is_picked_once_and_dropped_on_the_second_pick() {
    let mut app = arcanor_app(Some(&diagram(&[("d4", "S3"), ("h7", "N1")], "South")));
    pick(&mut app, Some("d4"));
    assert!(!selection(&app).whole);
    assert_eq!(destinations(&app).len(), 8);
    pick(&mut app, Some("d4"));
    assert_eq!(selection(&app).from, None);
}

#[test]
fn a06_a07_eating_puts_the_eater_over_its_prey_and_releasing_frees_it() {
    let mut app = arcanor_app(Some(&diagram(&[("c4", "S3"), ("d5", "N4"), ("a7", "N1")], "South")));
    let eater = entity_at(&mut app, "c4", 0).unwrap();
    let prey = entity_at(&mut app, "d5", 0).unwrap();
    pick(&mut app, Some("c4"));
    assert!(selection(&app).destinations.iter().any(|d| d.to.to_string() == "d5" && d.capture));
    pick(&mut app, Some("d5"));
    assert!(locked(&app), "eating animates");
    settle(&mut app);
    assert_synced(&mut app);
    assert_eq!(entity_at(&mut app, "d5", 1), Some(eater), "the eater covers");
    assert_eq!(entity_at(&mut app, "d5", 0), Some(prey), "the prey stays, inside");
    command(&mut app, "a7", "a6");
    settle(&mut app);
    // The 3 leaves alone: the 4 is free again, where it was.
    command(&mut app, "d5", "e5");
    settle(&mut app);
    assert_synced(&mut app);
    assert_eq!(entity_at(&mut app, "e5", 0), Some(eater));
    assert_eq!(entity_at(&mut app, "d5", 0), Some(prey));
    assert_eq!(entity_at(&mut app, "d5", 1), None);
}

#[test]
fn a05_a_whole_duo_carries_its_prisoner_and_both_entities_move() {
    let mut app = arcanor_app(Some(&diagram(&[("d4", "N4S3"), ("a7", "N1")], "South")));
    let (inner, top) = (entity_at(&mut app, "d4", 0).unwrap(), entity_at(&mut app, "d4", 1).unwrap());
    app.world_mut().write_message(MoveCommand {
        from: "d4".parse().unwrap(),
        to: "d5".parse().unwrap(),
        whole: true,
    });
    app.update();
    settle(&mut app);
    assert_synced(&mut app);
    assert_eq!(entity_at(&mut app, "d5", 0), Some(inner));
    assert_eq!(entity_at(&mut app, "d5", 1), Some(top));
}

#[test]
fn a_whole_duo_command_for_a_lone_piece_changes_nothing() {
    let mut app = arcanor_app(None);
    let before = game(&app).game().position().text();
    app.world_mut().write_message(MoveCommand {
        from: "b1".parse().unwrap(),
        to: "b3".parse().unwrap(),
        whole: true,
    });
    app.update();
    app.world_mut().write_message(MoveCommand {
        from: "b7".parse().unwrap(),
        to: "b6".parse().unwrap(),
        whole: true,
    });
    app.update();
    assert_eq!(game(&app).game().position().text(), before, "illegal commands change nothing");
    assert_eq!(game(&app).game().ply_count(), 0);
}

#[test]
fn the_computer_plays_arcanor_through_move_commands() {
    let mut app = app(GameOptions {
        game: games::arcanor::KIND,
        kinds: vec![PlayerKind::Easy, PlayerKind::Medium],
        seed: Some(3),
        ..GameOptions::default()
    });
    app.insert_resource(AiSettings {
        min_think: std::time::Duration::ZERO,
        background: false,
        ..AiSettings::default()
    });
    let mut cursor = app.world().resource::<Messages<MoveCommand>>().get_cursor();
    let mut commands = 0;
    for _ in 0..3000 {
        app.update();
        commands += sent(&mut app, &mut cursor).len();
        if arcanor(&app).outcome().is_some() {
            break;
        }
    }
    assert!(arcanor(&app).outcome().is_some(), "the computers finish a game");
    assert_eq!(commands, arcanor(&app).plies().len(), "every ply came through a MoveCommand");
    settle(&mut app);
    assert_synced(&mut app);
}

#[test]
fn eating_releasing_and_settling_play_their_sounds() {
    let position = diagram(&[("c4", "S3"), ("d5", "N4"), ("e6", "S2"), ("a7", "N1"), ("h1", "N2")], "South");
    let mut app = crate::controls::sound_app_of(GameOptions {
        game: games::arcanor::KIND,
        position: Some(position),
        ..GameOptions::default()
    });
    command(&mut app, "c4", "d5");
    assert_eq!(crate::controls::sounds_played(&mut app), [Sfx::Eat]);
    settle(&mut app);
    command(&mut app, "a7", "a6");
    settle(&mut app);
    command(&mut app, "d5", "d6");
    assert!(crate::controls::sounds_played(&mut app).contains(&Sfx::Release));
    settle(&mut app);
    command(&mut app, "a6", "a5");
    settle(&mut app);
    command(&mut app, "e6", "e7");
    assert!(
        crate::controls::sounds_played(&mut app).contains(&Sfx::Settle),
        "a piece frozen on its target row"
    );
}

#[test]
fn an_arcanor_game_is_chosen_played_autosaved_and_continued() {
    use arkes::saves::{self, AUTOSAVE};
    use arkes::screens::Screen;
    let (store, dir) = crate::flow::temp_store("arcanor-continue");
    {
        let mut app = crate::flow::flow_app(store.clone());
        crate::flow::press(&mut app, "new-game");
        crate::flow::press(&mut app, "game-arcanor");
        crate::flow::press(&mut app, "start");
        assert_eq!(crate::flow::screen(&app), Screen::Gameplay);
        assert_eq!(game(&app).kind(), games::arcanor::KIND);
        app.world_mut().write_message(MoveCommand {
            from: "b1".parse().unwrap(),
            to: "b2".parse().unwrap(),
            whole: true,
        });
        settle(&mut app);
        app.update();
        assert_eq!(arcanor(&app).plies().len(), 1);
    }
    let saved = saves::load(&store, AUTOSAVE).expect("the autosave loads");
    assert_eq!(saved.kind(), games::arcanor::KIND);
    assert_eq!(saved.game().ply_texts(), [Some("12b1-b2".to_owned())]);
    assert_eq!(saves::game_of(&store, AUTOSAVE), Some(games::arcanor::KIND));
    let mut app = crate::flow::flow_app(store);
    crate::flow::press(&mut app, "continue");
    assert_eq!(game(&app).kind(), games::arcanor::KIND);
    assert_eq!(arcanor(&app).plies().len(), 1);
    assert_synced(&mut app);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_of_both_games_round_trip_and_an_old_arkes_save_loads() {
    use arkes::saves;
    let mut arcanor_app = arcanor_app(None);
    command(&mut arcanor_app, "b1", "b2");
    settle(&mut arcanor_app);
    let text = saves::encode(game(&arcanor_app)).expect("a save");
    assert!(text.contains("\"game\": \"arcanor\""), "{text}");
    let back = saves::decode(&text).unwrap();
    assert_eq!(back.game().ply_texts(), game(&arcanor_app).game().ply_texts());
    assert_eq!(back.game().position().text(), game(&arcanor_app).game().position().text());

    let mut arkes_app = app(GameOptions::default());
    command(&mut arkes_app, "b1", "b2");
    settle(&mut arkes_app);
    let text = saves::encode(game(&arkes_app)).expect("a save");
    assert!(text.contains("\"game\": \"arkes\""));
    // A save written before there were two games has no tag in its record.
    let old = text.replace("\"game\": \"arkes\",", "");
    assert!(!old.contains("\"arkes\""), "{old}");
    let back = saves::decode(&old).unwrap();
    assert_eq!(back.kind(), games::arkes::KIND);
    assert_eq!(back.game().ply_texts(), [Some("b1-b2".to_owned())]);

    // A record of one game is read as that game, never as the other.
    let record = game(&arcanor_app).game().record_text();
    let imported = saves::decode_record(&record).unwrap();
    assert_eq!(imported.kind(), games::arcanor::KIND);
    let broken = record.replace("# Arcanor game record", "# ARKES game record");
    let error = saves::decode_record(&broken).unwrap_err().to_string();
    assert!(error.contains("not a game record"), "{error}");
}

/// A camera as the game's, behind South and above the board, with the
/// projection it would have in a 1280×720 window.
fn south_camera(app: &mut App) -> Entity {
    use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
    let transform = Transform::from_xyz(0.0, 7.5, 9.0).looking_at(Vec3::ZERO, Vec3::Y);
    let camera = Camera {
        computed: ComputedCameraValues {
            clip_from_view: Mat4::perspective_infinite_reverse_rh(0.8, 1280.0 / 720.0, 0.1),
            target_info: Some(RenderTargetInfo { physical_size: UVec2::new(1280, 720), scale_factor: 1.0 }),
            ..Default::default()
        },
        ..Default::default()
    };
    app.world_mut().spawn((camera, transform, GlobalTransform::from(transform))).id()
}

/// Where `cell`'s centre shows in the window of [`south_camera`].
fn on_screen(app: &mut App, camera: Entity, cell: &str) -> Vec2 {
    let centre = app.world().resource::<arkes::play::BoardGeometry>().cell_center(cell.parse().unwrap());
    let world = app.world_mut();
    let mut q = world.query::<(&Camera, &GlobalTransform)>();
    let (camera, transform) = q.get(world, camera).unwrap();
    camera.world_to_viewport(transform, centre).unwrap()
}

#[test]
fn a05_a_click_on_the_lifted_top_piece_over_its_destination_moves_it_there() {
    let mut app = arcanor_app(None);
    let camera = south_camera(&mut app);
    let mut cursor = app.world().resource::<Messages<MoveCommand>>().get_cursor();
    pick(&mut app, Some("d1"));
    pick(&mut app, Some("d1"));
    assert!(!selection(&app).whole, "the 1 alone is lifted");
    let lifted = entity_at(&mut app, "d1", 1).unwrap();
    // Lifted high, the 1 hides the middle of d2 behind it: a click there
    // lands on the piece, and goes to d2 as the board shows it.
    let d2 = on_screen(&mut app, camera, "d2");
    click_at(&mut app, lifted, camera, d2);
    assert_eq!(
        sent(&mut app, &mut cursor),
        [MoveCommand { from: "d1".parse().unwrap(), to: "d2".parse().unwrap(), whole: false }]
    );
}

#[test]
fn a05_a_click_on_the_lifted_piece_over_its_own_cell_still_cycles() {
    let mut app = arcanor_app(None);
    let camera = south_camera(&mut app);
    let mut cursor = app.world().resource::<Messages<MoveCommand>>().get_cursor();
    pick(&mut app, Some("d1"));
    let lifted = entity_at(&mut app, "d1", 1).unwrap();
    let d1 = on_screen(&mut app, camera, "d1");
    click_at(&mut app, lifted, camera, d1);
    assert!(!selection(&app).whole, "whole duo, then the 1 alone");
    // Over a cell that is no destination (e3, two ranks away): also a cycle.
    let e3 = on_screen(&mut app, camera, "e3");
    click_at(&mut app, lifted, camera, e3);
    assert_eq!(selection(&app).from, None, "then nothing");
    assert!(sent(&mut app, &mut cursor).is_empty());
}
