//! Couch play without a mouse: gamepads and the keyboard drive the board
//! cursor; every game event plays its sound.

use crate::common::*;
use arkes::GameOptions;
use arkes::play::{BoardCursor, ControllerHint, Controllers, Selection};
use arkes::sound::{Sfx, SoundPlugin};
use bevy::audio::{AudioSource, Decodable};
use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::prelude::*;
use game_core::{Coord, Seat};

fn connect_pad(app: &mut App) -> Entity {
    let pad = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Connected { name: "test pad".into(), vendor_id: None, product_id: None },
    ));
    app.update();
    pad
}

fn pad_press(app: &mut App, pad: Entity, button: GamepadButton) {
    for value in [1.0, 0.0] {
        app.world_mut()
            .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, button, value)));
        app.update();
    }
}

fn cursor(app: &App) -> Option<Coord> {
    app.world().resource::<BoardCursor>().coord
}

fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

#[test]
fn a_gamepad_joins_the_seat_to_move_and_plays_a_move() {
    let mut app = app(GameOptions::default());
    let pad = connect_pad(&mut app);
    pad_press(&mut app, pad, GamepadButton::South);
    assert_eq!(
        app.world().resource::<Controllers>().pads.get(&pad),
        Some(&Seat::South),
        "the pad took South"
    );
    // The cursor starts on South's marble; left, confirm: d1 is selected.
    pad_press(&mut app, pad, GamepadButton::DPadLeft);
    assert_eq!(cursor(&app), Some(c("d1")));
    pad_press(&mut app, pad, GamepadButton::South);
    assert_eq!(app.world().resource::<Selection>().from, Some(c("d1")));
    pad_press(&mut app, pad, GamepadButton::DPadUp);
    assert_eq!(cursor(&app), Some(c("d2")));
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    let g = arkes(&app);
    assert_eq!(g.plies().len(), 1);
    assert_eq!(g.position().board().get(c("d2")).to_text(), "S");
}

#[test]
fn a_pad_whose_seat_is_not_to_move_changes_nothing() {
    let mut app = app(GameOptions::default());
    let south = connect_pad(&mut app);
    pad_press(&mut app, south, GamepadButton::South);
    pad_press(&mut app, south, GamepadButton::East);
    command(&mut app, "b1", "b2");
    settle(&mut app);
    // North's turn: the South pad is ignored, with a hint.
    let before = arkes(&app).position().clone();
    for button in
        [GamepadButton::DPadUp, GamepadButton::South, GamepadButton::RightTrigger, GamepadButton::South]
    {
        pad_press(&mut app, south, button);
    }
    assert_eq!(arkes(&app).position(), &before);
    assert_eq!(app.world().resource::<Selection>().from, None);
    let hint = app.world().resource::<ControllerHint>().message;
    assert_eq!(hint, Some(("pad-not-your-turn", Some(Seat::North))));
    // A second pad takes North.
    let north = connect_pad(&mut app);
    pad_press(&mut app, north, GamepadButton::South);
    assert_eq!(app.world().resource::<Controllers>().pads.get(&north), Some(&Seat::North));
}

#[test]
fn the_cursor_moves_in_the_board_orientation_of_its_seat() {
    assert_eq!(arkes::play::oriented(Seat::South, 0, 1), (0, 1));
    assert_eq!(arkes::play::oriented(Seat::North, 0, 1), (0, -1));
    assert_eq!(arkes::play::oriented(Seat::North, 1, 0), (-1, 0));
    assert_eq!(arkes::play::oriented(Seat::West, 0, 1), (1, 0));
    assert_eq!(arkes::play::oriented(Seat::East, 0, 1), (-1, 0));
    // North's pad: "up" goes towards rank 1.
    let mut app = app(GameOptions::default());
    command(&mut app, "b1", "b2");
    settle(&mut app);
    let pad = connect_pad(&mut app);
    pad_press(&mut app, pad, GamepadButton::South);
    pad_press(&mut app, pad, GamepadButton::DPadUp);
    assert_eq!(cursor(&app), Some(c("e8")), "from North's marble on e9");
}

#[test]
fn shoulder_buttons_cycle_through_pieces_then_destinations() {
    let mut app = app(GameOptions::default());
    let pad = connect_pad(&mut app);
    pad_press(&mut app, pad, GamepadButton::South);
    pad_press(&mut app, pad, GamepadButton::East);
    assert_eq!(cursor(&app), Some(c("e1")), "the cursor starts on the marble");
    pad_press(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(cursor(&app), Some(c("f1")), "the next movable piece");
    for _ in 0..3 {
        pad_press(&mut app, pad, GamepadButton::RightTrigger);
    }
    assert_eq!(cursor(&app), Some(c("b1")), "round to the first one");
    pad_press(&mut app, pad, GamepadButton::LeftTrigger);
    assert_eq!(cursor(&app), Some(c("h1")), "and back to the last one");
    pad_press(&mut app, pad, GamepadButton::South);
    pad_press(&mut app, pad, GamepadButton::RightTrigger);
    let destination = cursor(&app).unwrap();
    let selection = app.world().resource::<Selection>().clone();
    assert!(selection.destinations.iter().any(|d| d.to == destination));
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(arkes(&app).plies().len(), 1);
}

#[test]
fn the_keyboard_plays_with_arrows_enter_and_tab() {
    let mut app = app(GameOptions::default());
    press_key(&mut app, KeyCode::Tab);
    assert_eq!(cursor(&app), Some(c("f1")), "from the marble to the next movable piece");
    press_key(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Selection>().from, Some(c("f1")));
    press_key(&mut app, KeyCode::ArrowUp);
    assert_eq!(cursor(&app), Some(c("f2")));
    press_key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(arkes(&app).plies().len(), 1);
    assert_eq!(arkes(&app).position().board().get(c("f2")).to_text(), "S");
}

#[test]
fn every_sound_file_decodes() {
    for sfx in Sfx::ALL {
        let source = AudioSource { bytes: std::sync::Arc::from(sfx.bytes()) };
        let samples = source.decoder().take(200_000).count();
        assert!(samples > 500, "{sfx:?} has {samples} samples");
    }
}

fn sound_app(position: &str) -> App {
    sound_app_of(GameOptions { position: Some(position.to_owned()), ..GameOptions::default() })
}

/// A headless app with the sounds, for `options`.
pub fn sound_app_of(options: GameOptions) -> App {
    let mut app = headless_app();
    app.add_plugins(bevy::asset::AssetPlugin::default());
    app.init_asset::<AudioSource>();
    app.insert_resource(arkes::settings::Settings::default());
    app.add_plugins((arkes::play::GameLogicPlugin { options }, SoundPlugin));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(STEP));
    app.update();
    app.update();
    app
}

pub fn sounds_played(app: &mut App) -> Vec<Sfx> {
    let world = app.world_mut();
    let mut q = world.query::<&Sfx>();
    let mut v: Vec<Sfx> = q.iter(world).copied().collect();
    v.sort_by_key(|s| format!("{s:?}"));
    v
}

#[test]
fn each_game_event_plays_its_sound() {
    let board = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  SS N  .
2 .  N  S  .  .
1 .  .  Ss .  S
to move: South
in: South North
";
    for (mv, expected) in [
        ("e1-e2", vec![Sfx::Move]),
        ("c2-b2", vec![Sfx::Stack]),
        ("c3-d3", vec![Sfx::Capture]),
        ("c3-c4", vec![Sfx::Move]),
    ] {
        let mut app = sound_app(board);
        let (from, to) = mv.split_once('-').unwrap();
        command(&mut app, from, to);
        assert_eq!(sounds_played(&mut app), expected, "{mv}");
    }
    // A marble taken with two players: the capture, and the victory (R14).
    let mut app = sound_app(
        "
5 .  .  .  .  N
4 .  .  Nn .  .
3 .  .  S  .  .
2 .  .  .  .  .
1 .  .  Ss .  S
to move: South
in: South North
",
    );
    command(&mut app, "c3", "c4");
    assert_eq!(sounds_played(&mut app), vec![Sfx::MarbleCapture, Sfx::Victory]);
    // A clock running low warns; running out eliminates.
    let mut app = sound_app(board);
    {
        let mut m = app.world_mut().resource_mut::<arkes::play::Match>();
        let setup = m.game().concrete::<arkes_engine::Arkes>().unwrap().setup().clone();
        let limits = game_core::Limits {
            clock: Some(game_core::Clock::new(10_500, 0).unwrap()),
            ..Default::default()
        };
        let game = arkes_engine::Game::new(setup, limits).unwrap();
        *m = arkes::play::Match::new(games::AnyGame::new(game), vec![]);
    }
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(sounds_played(&mut app), vec![Sfx::ClockWarning]);
    for _ in 0..400 {
        app.update();
    }
    assert!(sounds_played(&mut app).contains(&Sfx::Elimination));
}
