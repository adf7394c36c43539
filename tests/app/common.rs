//! A headless game app for tests: the game logic with `MinimalPlugins`, no
//! window or GPU, and time advanced by hand; one helper builds it for every
//! test of this binary.
#![allow(dead_code)]

use std::time::Duration;

use arkes::GameOptions;
use arkes::play::{BoardPiece, BoardPos, CellPicked, GameLogicPlugin, InputLock, Match, MoveCommand};
use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use game_core::Coord;
use games::PieceId;

/// Each `update()` advances time by this much.
pub const STEP: Duration = Duration::from_millis(50);

/// The plugins every headless test app starts from: no window, no GPU,
/// input and states, tweens, time stepped by hand.
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        bevy::input::InputPlugin,
        bevy::state::app::StatesPlugin,
        bevy_tweening::TweeningPlugin,
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app
}

/// A headless app running the game logic for `options`.
pub fn app(options: GameOptions) -> App {
    let mut app = headless_app();
    app.add_plugins(GameLogicPlugin { options });
    app.update();
    app.update();
    app
}

/// A headless ARKES app starting from a position in the engine's text format.
pub fn app_from(position: &str) -> App {
    app(GameOptions { position: Some(position.to_owned()), ..GameOptions::default() })
}

/// A headless Arcanor app from the start, or from `position` (a diagram).
pub fn arcanor_app(position: Option<&str>) -> App {
    app(GameOptions {
        game: games::arcanor::KIND,
        position: position.map(str::to_owned),
        ..GameOptions::default()
    })
}

/// The match resource.
pub fn game(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// The ARKES game of the match.
pub fn arkes(app: &App) -> &arkes_engine::Game {
    game(app).game().concrete::<arkes_engine::Arkes>().expect("an ARKES match")
}

/// The Arcanor game of the match.
pub fn arcanor(app: &App) -> &arcanor_engine::Game {
    game(app).game().concrete::<arcanor_engine::Arcanor>().expect("an Arcanor match")
}

/// Whether input is locked by animations.
pub fn locked(app: &App) -> bool {
    app.world().resource::<InputLock>().is_locked()
}

/// Runs updates until animations are over (at most `limit` updates).
pub fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        if !locked(app) {
            return;
        }
    }
    panic!("animations never finished");
}

/// The piece entities on the board, by position.
pub fn board_entities(app: &mut App) -> Vec<(BoardPos, PieceId, Entity)> {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &BoardPos, &BoardPiece)>();
    let mut v: Vec<_> = q.iter(world).map(|(e, pos, piece)| (*pos, piece.id, e)).collect();
    v.sort_by_key(|(p, _, _)| (p.coord, p.level));
    v
}

/// The pieces of the engine's position read from its text diagram, not
/// through the app's adapter (`PosRef::stack`, which the sync uses): each
/// rank line starts with its number, then one word per file from `a`; a
/// word is `.` or `*` (an empty cell, `*` the golden cell), else the pieces
/// bottom first: ARKES tokens in capitals (`S`), marbles in small letters
/// (`s`); Arcanor pieces as a seat letter and a value (`S2S1`).
pub fn pieces_from_diagram(text: &str) -> Vec<(BoardPos, PieceId)> {
    let seat = |c: char| {
        game_core::Seat::from_letter(c.to_ascii_uppercase()).unwrap_or_else(|| panic!("no seat `{c}`"))
    };
    let mut pieces = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let Some(rank) = words.next().and_then(|w| w.parse::<u8>().ok()) else { continue };
        for (file, word) in words.enumerate() {
            if word == "." || word == "*" {
                continue;
            }
            let coord: Coord = format!("{}{rank}", (b'a' + file as u8) as char).parse().expect("a cell");
            let chars: Vec<char> = word.chars().collect();
            let ids: Vec<PieceId> = if chars.iter().any(char::is_ascii_digit) {
                chars
                    .chunks(2)
                    .map(|p| games::arcanor::piece(seat(p[0]), p[1].to_digit(10).expect("a value") as u8))
                    .collect()
            } else {
                chars
                    .iter()
                    .map(|&c| {
                        if c.is_ascii_uppercase() {
                            games::arkes::token(seat(c))
                        } else {
                            games::arkes::marble(seat(c))
                        }
                    })
                    .collect()
            };
            for (level, id) in ids.into_iter().enumerate() {
                pieces.push((BoardPos { coord, level: level as u8 }, id));
            }
        }
    }
    pieces.sort_by_key(|(p, _)| (p.coord, p.level));
    pieces
}

/// Asserts that the entities match the engine's board exactly, inner
/// pieces of duos included, judged from the engine's text diagram.
pub fn assert_synced(app: &mut App) {
    let text = game(app).game().position().text();
    let expected = pieces_from_diagram(&text);
    assert!(!expected.is_empty(), "no piece read from the diagram:\n{text}");
    let actual: Vec<(BoardPos, PieceId)> =
        board_entities(app).into_iter().map(|(p, piece, _)| (p, piece)).collect();
    assert_eq!(actual, expected, "entities drifted from the engine\n{text}");
}

/// The entity standing at `coord`, `level`.
pub fn entity_at(app: &mut App, coord: &str, level: u8) -> Option<Entity> {
    let coord: Coord = coord.parse().unwrap();
    board_entities(app).into_iter().find(|(p, _, _)| p.coord == coord && p.level == level).map(|(_, _, e)| e)
}

/// The cell entity of `coord`.
pub fn cell_entity(app: &mut App, coord: &str) -> Entity {
    let coord: Coord = coord.parse().unwrap();
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &arkes::play::Cell)>();
    q.iter(world).find(|(_, c)| c.coord == coord).map(|(e, _)| e).expect("cell entity")
}

/// Triggers a primary-button click on `entity`, as picking would.
pub fn click(app: &mut App, entity: Entity) {
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        Location { target: NormalizedRenderTarget::None { width: 1280, height: 720 }, position: Vec2::ZERO },
        Click {
            button: PointerButton::Primary,
            hit: HitData::new(Entity::PLACEHOLDER, 1.0, None, None),
            duration: Duration::from_millis(80),
            count: 1,
        },
        entity,
    ));
    app.update();
}

/// Triggers a primary-button click on `entity` seen through `camera` at
/// `position` (window pixels), as picking would: the pointer's ray through
/// the camera in the picking's ray map, then the click.
pub fn click_at(app: &mut App, entity: Entity, camera: Entity, position: Vec2) {
    let world = app.world_mut();
    let (cam, transform) = world.query::<(&Camera, &GlobalTransform)>().get(world, camera).expect("a camera");
    let ray = cam.viewport_to_world(transform, position).expect("a ray through the camera");
    world
        .get_resource_or_init::<bevy::picking::backend::ray::RayMap>()
        .map
        .insert(bevy::picking::backend::ray::RayId::new(camera, PointerId::Mouse), ray);
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        Location { target: NormalizedRenderTarget::None { width: 1280, height: 720 }, position },
        Click {
            button: PointerButton::Primary,
            hit: HitData::new(camera, 1.0, None, None),
            duration: Duration::from_millis(80),
            count: 1,
        },
        entity,
    ));
    app.update();
}

/// Sends a move command of a single piece and runs one update.
pub fn command(app: &mut App, from: &str, to: &str) {
    app.world_mut().write_message(MoveCommand::step(from.parse().unwrap(), to.parse().unwrap()));
    app.update();
}

/// Sends a picked cell (or elsewhere) and runs one update.
pub fn pick(app: &mut App, coord: Option<&str>) {
    app.world_mut().write_message(CellPicked { coord: coord.map(|c| c.parse().unwrap()) });
    app.update();
}

/// Presses and releases `key` (through the input messages, as a keyboard would).
pub fn press_key(app: &mut App, key: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Presses `key` while holding `modifiers`, through the input messages.
pub fn press_keys(app: &mut App, modifiers: &[KeyCode], key: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    let event = |key_code, state| KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    for &m in modifiers {
        app.world_mut().write_message(event(m, ButtonState::Pressed));
    }
    app.world_mut().write_message(event(key, ButtonState::Pressed));
    app.update();
    app.world_mut().write_message(event(key, ButtonState::Released));
    for &m in modifiers {
        app.world_mut().write_message(event(m, ButtonState::Released));
    }
    app.update();
}
