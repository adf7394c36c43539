//! Headless tests of the game flow: screens, new games and rematches, undo
//! and redo, clocks, resigning (saves and Continue: `saves.rs`).

use std::path::PathBuf;
use std::time::Duration;

use arkes::play::{HistoryCommand, Match, MoveCommand};
use arkes::saves::AUTOSAVE;
use arkes::screens::{Overlay, Screen};
use arkes::settings::{ClockChoice, Settings};
use arkes::storage::Store;
use arkes::ui::ButtonId;
use arkes::{FlowPlugin, GameOptions};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::ui_widgets::Activate;
use game_core::Seat;

/// A fresh folder for one test's files.
pub fn temp_store(name: &str) -> (Store, PathBuf) {
    let dir = std::env::temp_dir().join(format!("arkes-flow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    (Store::in_dir(&dir), dir)
}

/// The whole game without a window: logic, screens, settings, saves.
pub fn flow_app(store: Store) -> App {
    let mut app = crate::common::headless_app();
    app.insert_resource(store);
    app.add_plugins((
        arkes::play::GameLogicPlugin { options: GameOptions { skip_title: false, ..GameOptions::default() } },
        FlowPlugin,
    ));
    for _ in 0..3 {
        app.update();
    }
    app
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn overlay(app: &App) -> Option<Overlay> {
    app.world().get_resource::<State<Overlay>>().map(|s| *s.get())
}

/// Activates the button with automation name `id` (as a click would) and
/// runs two updates so the screen change happens.
pub fn press(app: &mut App, id: &str) {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &ButtonId)>();
    let entity = q
        .iter(world)
        .find(|(_, b)| b.0 == id)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no button `{id}` on {:?}", screen_of(world)));
    world.trigger(Activate { entity });
    app.update();
    app.update();
}

fn screen_of(world: &World) -> Screen {
    *world.resource::<State<Screen>>().get()
}

pub fn record(app: &App) -> arkes_engine::GameRecord {
    app.world().resource::<Match>().game().concrete::<arkes_engine::Arkes>().unwrap().record()
}

pub fn play(app: &mut App, from: &str, to: &str) {
    app.world_mut().write_message(MoveCommand::step(from.parse().unwrap(), to.parse().unwrap()));
    app.update();
    for _ in 0..40 {
        app.update();
    }
}

#[test]
fn every_screen_transition() {
    let (store, dir) = temp_store("screens");
    let mut app = flow_app(store);
    assert_eq!(screen(&app), Screen::Title);
    for (button, target) in [("rules", Screen::Rules), ("settings", Screen::Settings), ("load", Screen::Load)]
    {
        press(&mut app, button);
        assert_eq!(screen(&app), target);
        press(&mut app, "back");
        assert_eq!(screen(&app), Screen::Title, "back from {target:?}");
    }
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    assert_eq!(screen(&app), Screen::NewGame);
    press(&mut app, "back");
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "players-3");
    press(&mut app, "start");
    assert_eq!(screen(&app), Screen::Gameplay);
    assert_eq!(overlay(&app), Some(Overlay::None));
    assert_eq!(app.world().resource::<Match>().seats().len(), 3);

    press(&mut app, "menu");
    assert_eq!(overlay(&app), Some(Overlay::Paused));
    press(&mut app, "resume");
    assert_eq!(overlay(&app), Some(Overlay::None));
    press(&mut app, "menu");
    press(&mut app, "settings");
    assert_eq!(screen(&app), Screen::Settings);
    press(&mut app, "back");
    assert_eq!(screen(&app), Screen::Gameplay, "settings opened from the game go back to it");
    press(&mut app, "menu");
    press(&mut app, "rules");
    press(&mut app, "next");
    press(&mut app, "back");
    assert_eq!(screen(&app), Screen::Gameplay);
    press(&mut app, "menu");
    press(&mut app, "save");
    assert_eq!(overlay(&app), Some(Overlay::SaveAs));
    press(&mut app, "save-confirm");
    assert_eq!(overlay(&app), Some(Overlay::Paused));
    press(&mut app, "title");
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, "continue");
    assert_eq!(screen(&app), Screen::Gameplay);
    press(&mut app, "menu");
    press(&mut app, "title");
    let quit = {
        let world = app.world_mut();
        let mut q = world.query::<(Entity, &ButtonId)>();
        q.iter(world).find(|(_, b)| b.0 == "quit").map(|(e, _)| e).expect("a quit button")
    };
    app.world_mut().trigger(Activate { entity: quit });
    assert!(app.should_exit().is_some(), "Quit exits");
    let _ = std::fs::remove_dir_all(dir);
}

/// The whole game without a window, started with `options`.
fn flow_app_with(store: Store, options: GameOptions) -> App {
    let mut app = crate::common::headless_app();
    app.insert_resource(store);
    app.add_plugins((arkes::play::GameLogicPlugin { options }, FlowPlugin));
    for _ in 0..3 {
        app.update();
    }
    app
}

/// The names at each seat of the match, in turn order.
fn seated(app: &App) -> Vec<(Seat, String)> {
    let game = app.world().resource::<Match>();
    game.seats().into_iter().map(|s| (s, game.seat(s).name.clone())).collect()
}

#[test]
fn r02_the_game_over_rematch_keeps_south_first_and_moves_the_players_clockwise() {
    // South's marble on c2 reaches the golden cell c3 at once (R11).
    let position = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  S
to move: South
in: South North
";
    let (store, dir) = temp_store("rematch");
    let options = GameOptions {
        position: Some(position.to_owned()),
        names: vec!["Ann".into(), "Bob".into()],
        ..GameOptions::default()
    };
    let mut app = flow_app_with(store, options);
    assert_eq!(screen(&app), Screen::Gameplay);
    assert_eq!(seated(&app), vec![(Seat::South, "Ann".to_owned()), (Seat::North, "Bob".to_owned())]);
    play(&mut app, "c2", "c3");
    assert!(app.world().resource::<Match>().outcome().is_some(), "South won");
    crate::common::settle(&mut app);
    assert_eq!(overlay(&app), Some(Overlay::GameOver));
    press(&mut app, "rematch");
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(overlay(&app), Some(Overlay::None), "the game-over overlay went with the finished game");
    let game = app.world().resource::<Match>();
    assert_eq!(game.to_move(), Seat::South, "South moves first again (R2)");
    assert_eq!(game.game().ply_count(), 0);
    assert_eq!(
        game.game().position().text(),
        position.trim_start().to_owned().parse::<arkes_engine::Position>().unwrap().to_string()
    );
    assert_eq!(
        seated(&app),
        vec![(Seat::South, "Bob".to_owned()), (Seat::North, "Ann".to_owned())],
        "the players swapped"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_new_game_choices_are_remembered() {
    let (store, dir) = temp_store("choices");
    {
        let mut app = flow_app(store.clone());
        press(&mut app, "new-game");
        press(&mut app, "game-arkes");
        press(&mut app, "players-4");
        press(&mut app, "side-7");
        press(&mut app, "rounds-up");
        press(&mut app, "clock-10-5");
        press(&mut app, "capture-20");
        press(&mut app, "start");
        let game = app.world().resource::<Match>().game().concrete::<arkes_engine::Arkes>().unwrap();
        assert_eq!(game.setup().side, 7);
        assert_eq!(game.setup().seats.len(), 4);
        assert_eq!(game.limits().rounds.map(|n| n.get()), Some(110));
        assert_eq!(game.limits().rounds_without_capture.map(|n| n.get()), Some(20));
        assert_eq!(game.limits().clock.map(|c| (c.initial_ms(), c.increment_ms())), Some((600_000, 5_000)));
    }
    let app = flow_app(store);
    let settings = app.world().resource::<Settings>();
    assert_eq!((settings.new_game.players, settings.new_game.side), (4, 7));
    assert_eq!(settings.new_game.clock, Some(ClockChoice { minutes: 10, increment: 5 }));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn undo_and_redo_with_keys_and_buttons() {
    let (store, dir) = temp_store("undo");
    let mut app = flow_app(store);
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "players-2");
    press(&mut app, "start");
    play(&mut app, "b1", "b2");
    play(&mut app, "b9", "b8");
    let after_two = record(&app);
    press(&mut app, "undo");
    crate::common::settle(&mut app);
    assert_eq!(record(&app).plies.len(), 1);
    crate::common::press_keys(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyZ);
    crate::common::settle(&mut app);
    assert_eq!(record(&app).plies.len(), 0);
    crate::common::press_keys(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyY);
    crate::common::settle(&mut app);
    assert_eq!(record(&app).plies.len(), 1);
    press(&mut app, "redo");
    crate::common::settle(&mut app);
    assert_eq!(record(&app), after_two);
    // A new move after an undo forgets what could be redone.
    press(&mut app, "undo");
    crate::common::settle(&mut app);
    play(&mut app, "c9", "c8");
    app.world_mut().write_message(HistoryCommand::Redo);
    app.update();
    assert_eq!(record(&app).plies.len(), 2);
    assert_ne!(record(&app), after_two);
    // Reviewing shows an earlier position without changing the game.
    app.world_mut().write_message(HistoryCommand::Review(1));
    app.update();
    let game = app.world().resource::<Match>();
    assert_eq!(game.reviewing(), Some(1));
    assert_eq!(game.game().ply_count(), 2);
    assert_eq!(game.displayed().to_move(), Seat::North);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_time_out_eliminates_the_seat_and_never_runs_while_paused() {
    let (store, dir) = temp_store("clock");
    let mut app = flow_app(store);
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.new_game.players = 3;
        settings.new_game.clock = Some(ClockChoice { minutes: 1, increment: 0 });
    }
    app.update();
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "start");
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(200)));
    // Paused: the clock does not run.
    press(&mut app, "menu");
    let before = app
        .world()
        .resource::<Match>()
        .game()
        .concrete::<arkes_engine::Arkes>()
        .unwrap()
        .clock_ms(Seat::South);
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        app.world()
            .resource::<Match>()
            .game()
            .concrete::<arkes_engine::Arkes>()
            .unwrap()
            .clock_ms(Seat::South),
        before
    );
    press(&mut app, "resume");
    for _ in 0..400 {
        app.update();
        if !app
            .world()
            .resource::<Match>()
            .game()
            .concrete::<arkes_engine::Arkes>()
            .unwrap()
            .position()
            .seats_in()
            .contains(Seat::South)
        {
            break;
        }
    }
    let game = app.world().resource::<Match>().game().concrete::<arkes_engine::Arkes>().unwrap();
    assert!(!game.position().seats_in().contains(Seat::South), "South's clock ran out");
    assert_eq!(game.clock_ms(Seat::South), Some(0));
    assert_eq!(game.position().to_move(), Seat::West);
    assert_eq!(game.outcome(), None);
    let _ = std::fs::remove_dir_all(dir);
}

/// Bug: the computer and the clocks ran under the loading cover (on a slow
/// renderer, seconds of a game nobody could see).
#[test]
fn nothing_moves_and_no_clock_runs_until_loaded() {
    use arkes::app_state::Loaded;
    use arkes::options::PlayerKind;
    let (store, dir) = temp_store("loading-flow");
    let mut app = flow_app(store);
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.new_game.seats[0].player = PlayerKind::Easy;
        settings.new_game.clock = Some(ClockChoice { minutes: 1, increment: 0 });
    }
    app.update();
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "start");
    app.insert_resource(Loaded(false));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(200)));
    let clock = |app: &App| {
        app.world()
            .resource::<Match>()
            .game()
            .concrete::<arkes_engine::Arkes>()
            .unwrap()
            .clock_ms(Seat::South)
    };
    let before = clock(&app);
    for _ in 0..100 {
        app.update();
    }
    assert!(!app.world().resource::<arkes::play::GameFlow>().accepting_input);
    assert_eq!(record(&app).plies.len(), 0, "the computer waited for the loading step");
    assert_eq!(clock(&app), before, "the clock waited");
    app.insert_resource(Loaded(true));
    for _ in 0..400 {
        app.update();
        if !record(&app).plies.is_empty() {
            break;
        }
    }
    assert_eq!(record(&app).plies.len(), 1, "the computer plays once loaded");
    assert!(clock(&app) < before, "South's clock ran while it thought");
    let _ = std::fs::remove_dir_all(dir);
}

fn has_button(app: &mut App, id: &str) -> bool {
    let world = app.world_mut();
    world.query::<&ButtonId>().iter(world).any(|b| b.0 == id)
}

/// The pause menu's Resign, for the seat to move when a person here plays
/// it: in a three-player ARKES game that seat is out and the others play
/// on (R12); of two players the other wins (R14). Never offered for the
/// computer's seat.
#[test]
fn r12_r14_resigning_from_the_pause_menu() {
    let (store, dir) = temp_store("resign");
    let mut app = flow_app(store.clone());
    press(&mut app, "new-game");
    press(&mut app, "game-arkes");
    press(&mut app, "players-3");
    press(&mut app, "start");
    press(&mut app, "menu");
    press(&mut app, "resign");
    assert_eq!(overlay(&app), Some(Overlay::None), "back to the board");
    let game = app.world().resource::<Match>();
    assert_eq!(game.game().ply_count(), 1);
    assert!(game.game().is_resignation(1));
    assert_eq!(game.outcome(), None, "West and North play on");
    assert_eq!(game.to_move(), Seat::West);
    assert!(!game.game().position().seats_in().contains(Seat::South));
    assert!(store.read(AUTOSAVE).unwrap().unwrap().contains("\"resign\""), "the autosave keeps it");
    play(&mut app, "a2", "b3");
    assert_eq!(app.world().resource::<Match>().to_move(), Seat::North);
    // Two players: the one who resigns loses.
    let options = GameOptions { players: 2, ..GameOptions::default() };
    let (store2, dir2) = temp_store("resign-2");
    let mut app = flow_app_with(store2, options);
    play(&mut app, "b1", "b2");
    press(&mut app, "menu");
    press(&mut app, "resign");
    let outcome = app.world().resource::<Match>().outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(Seat::South), "North resigned: {outcome:?}");
    crate::common::settle(&mut app);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(overlay(&app), Some(Overlay::GameOver));
    // Against the computer, its turn offers no Resign.
    let options = GameOptions {
        players: 2,
        kinds: vec![arkes::options::PlayerKind::Hard, arkes::options::PlayerKind::Human],
        ..GameOptions::default()
    };
    let (store3, dir3) = temp_store("resign-3");
    let mut app = flow_app_with(store3, options);
    press(&mut app, "menu");
    assert_eq!(app.world().resource::<Match>().to_move(), Seat::South);
    assert!(!has_button(&mut app, "resign"), "the computer's seat cannot be resigned for");
    assert!(has_button(&mut app, "restart"));
    for d in [dir, dir2, dir3] {
        let _ = std::fs::remove_dir_all(d);
    }
}
