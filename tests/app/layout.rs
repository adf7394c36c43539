//! The layout test: every screen and overlay of both games, in English and
//! French, at the window sizes of phones, tablets and desktops, laid out by
//! Bevy's UI without a GPU; it fails when a text is cut or runs out of its
//! node or parent, overlaps a sibling, or a node lies outside the window.

use arkes::coach::{GameReview, Hint, HintRequest};
use arkes::i18n::Locale;
use arkes::layout_check::{layout_problems, node_rects};
use arkes::learn::{Catalog, LearnCommand, LearnTab, Learning};
use arkes::play::{GameLogicPlugin, Match, MoveCommand};
use arkes::saves::{self, AUTOSAVE};
use arkes::screens::{NewGameStep, Overlay, RulesGame, Screen};
use arkes::settings::Settings;
use arkes::storage::Store;
use arkes::{FlowPlugin, GameOptions};
use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use games::GameKind;

use crate::flow::temp_store;

/// The window sizes checked, in logical pixels.
const SIZES: [(u32, u32); 5] = [(1280, 720), (1024, 768), (800, 600), (640, 360), (360, 640)];

/// A headless app with Bevy's UI and text layout, a primary window of
/// `size` and a camera drawing to it, in `language`.
fn layout_app(name: &str, size: (u32, u32), scale_factor: f32, language: &str) -> (App, std::path::PathBuf) {
    let (store, dir) = temp_store(name);
    let mut app = crate::common::headless_app();
    // Without a window backend, some systems of Bevy's UI stack (picking,
    // accessibility) lack their resources: they are skipped with a warning
    // instead of failing the run. The layout does not depend on them, and
    // `problems` checks that each screen has its buttons and texts.
    app.set_error_handler(bevy::ecs::error::warn);
    app.add_plugins((
        AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
        bevy::text::TextPlugin,
        bevy::ui::UiPlugin,
    ));
    app.insert_resource(store);
    app.add_plugins((
        GameLogicPlugin { options: GameOptions { skip_title: false, ..GameOptions::default() } },
        FlowPlugin,
        arkes::ui::plugin,
        arkes::view::hud::plugin,
    ));
    let physical = UVec2::new(
        (size.0 as f32 * scale_factor).round() as u32,
        (size.1 as f32 * scale_factor).round() as u32,
    );
    let mut resolution = WindowResolution::new(physical.x, physical.y);
    resolution.set_scale_factor(scale_factor);
    app.world_mut().spawn((Window { resolution, ..default() }, PrimaryWindow));
    app.world_mut().spawn((
        Camera2d,
        Camera {
            computed: ComputedCameraValues {
                target_info: Some(RenderTargetInfo { physical_size: physical, scale_factor }),
                ..default()
            },
            ..default()
        },
    ));
    app.update();
    app.world_mut().resource_mut::<Settings>().language = Some(language.to_owned());
    app.world_mut().resource_mut::<Locale>().set(language);
    settle(&mut app);
    // Files for the Load screen's list: the autosave and a long name.
    let world = app.world();
    let (store, game) = (world.resource::<Store>(), world.resource::<Match>());
    for file in [AUTOSAVE, "saves/Partie du dimanche soir chez Anne.json"] {
        saves::save(store, file, game).expect("a save in the temporary folder");
    }
    (app, dir)
}

fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

fn show(app: &mut App, screen: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
    settle(app);
}

/// The problems of what is shown now, prefixed with `what`.
fn problems(app: &mut App, what: &str, size: (u32, u32)) -> Vec<String> {
    let nodes = node_rects(app.world_mut());
    let texts = nodes.iter().filter(|n| n.text_size.is_some_and(|s| s.x > 0.0)).count();
    let buttons = nodes.iter().filter(|n| n.name.starts_with("button ")).count();
    assert!(texts >= 2 && buttons >= 1, "{what}: {texts} texts and {buttons} buttons laid out");
    let missed = app.world().resource::<Locale>().missed();
    assert!(missed.is_empty(), "{what}: texts with no translation: {missed:?}");
    // `LAYOUT_DUMP=<part of a name>` prints the nodes of the matching views.
    if std::env::var("LAYOUT_DUMP").is_ok_and(|d| what.contains(&d)) {
        for n in &nodes {
            println!("{what}: {}", n.json());
        }
    }
    layout_problems(&nodes, Vec2::new(size.0 as f32, size.1 as f32))
        .into_iter()
        .map(|p| format!("{what}: {p}"))
        .collect()
}

/// Whether `node` is a seat's chip (its text counts the seat's captures).
fn is_seat_chip(node: &arkes::layout_check::NodeRect) -> bool {
    node.name.contains("captures ") || node.name.contains("prises ")
}

/// The seats' chips whose text breaks onto a second line (they once broke
/// before the count of captures, the chip growing to two lines).
fn chips_on_two_lines(app: &mut App, at: &str) -> Vec<String> {
    node_rects(app.world_mut())
        .into_iter()
        .filter(is_seat_chip)
        .filter(|n| n.text_size.is_some_and(|s| s.y > 1.6 * n.font_size))
        .map(|n| format!("{at} gameplay: the seat chip `{}` breaks onto two lines", n.name))
        .collect()
}

/// Every screen and overlay of both games at `size`, in `language`.
fn every_screen(language: &str, size: (u32, u32), scale_factor: f32) -> Vec<String> {
    let at = format!("{language} {}×{} @{scale_factor}", size.0, size.1);
    let (mut app, dir) =
        layout_app(&format!("layout-{language}-{}-{}", size.0, size.1), size, scale_factor, language);
    let mut found = problems(&mut app, &format!("{at} title"), size);
    for (screen, name) in [(Screen::Settings, "settings"), (Screen::Load, "load"), (Screen::Join, "join")] {
        show(&mut app, screen);
        found.extend(problems(&mut app, &format!("{at} {name}"), size));
        show(&mut app, Screen::Title);
    }
    show(&mut app, Screen::NewGame);
    found.extend(problems(&mut app, &format!("{at} new game"), size));
    for kind in GameKind::all().iter().copied() {
        app.world_mut().resource_mut::<Settings>().new_game.game = kind;
        app.world_mut().resource_mut::<Settings>().new_game.players = 4.min(kind.seats_for(4).len());
        *app.world_mut().resource_mut::<NewGameStep>() = NewGameStep::Choices;
        settle(&mut app);
        found.extend(problems(&mut app, &format!("{at} new game {kind:?}"), size));
        *app.world_mut().resource_mut::<NewGameStep>() = NewGameStep::Game;
        settle(&mut app);
    }
    show(&mut app, Screen::Title);
    for kind in GameKind::all().iter().copied() {
        app.world_mut().insert_resource(RulesGame(kind));
        show(&mut app, Screen::Rules);
        found.extend(problems(&mut app, &format!("{at} rules {kind:?} page 1"), size));
        show(&mut app, Screen::Title);
    }
    show(&mut app, Screen::Gameplay);
    // A move played, so the move list and the last move's marks are laid out.
    let (action, before) = {
        let game = app.world().resource::<Match>().game();
        (game.legal_actions()[0], game.ply_count())
    };
    app.world_mut().write_message(MoveCommand::from(action));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<Match>().game().ply_count(), before + 1, "{at}: the move was played");
    found.extend(problems(&mut app, &format!("{at} gameplay"), size));
    found.extend(chips_on_two_lines(&mut app, &at));
    for (overlay, name) in [(Overlay::Paused, "paused"), (Overlay::SaveAs, "save as")] {
        app.world_mut().resource_mut::<NextState<Overlay>>().set(overlay);
        settle(&mut app);
        found.extend(problems(&mut app, &format!("{at} {name}"), size));
    }
    // The coach's review screen, once its one ply is judged.
    app.world_mut().resource_mut::<NextState<Overlay>>().set(Overlay::Review);
    settle(&mut app);
    let start = std::time::Instant::now();
    while !app.world().resource::<GameReview>().is_complete() {
        assert!(start.elapsed().as_secs() < 60, "{at}: the review did not finish");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(&mut app);
    found.extend(problems(&mut app, &format!("{at} review"), size));
    // Back to the game, and the coach's line with a hint.
    app.world_mut().resource_mut::<NextState<Overlay>>().set(Overlay::None);
    settle(&mut app);
    app.world_mut().write_message(HintRequest);
    let start = std::time::Instant::now();
    while app.world().resource::<Hint>().shown().is_none() {
        assert!(start.elapsed().as_secs() < 60, "{at}: no hint came");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(&mut app);
    found.extend(problems(&mut app, &format!("{at} hint"), size));
    found.extend(learning(&mut app, &at, size));
    let _ = std::fs::remove_dir_all(dir);
    found
}

/// The Learn screen of each game, a lesson with a refused move and a
/// puzzle solved, of each game.
fn learning(app: &mut App, at: &str, size: (u32, u32)) -> Vec<String> {
    let mut found = Vec::new();
    for kind in GameKind::all().iter().copied() {
        app.world_mut().insert_resource(LearnTab(kind));
        show(app, Screen::Learn);
        found.extend(problems(app, &format!("{at} learn {kind:?}"), size));
        app.world_mut().write_message(LearnCommand::Lesson(kind, 0));
        settle(app);
        // The longest sentence of the lesson: why a legal move is not its idea.
        let game = app.world().resource::<Match>().game().clone();
        let accepts = app.world().resource::<Learning>().0.as_ref().unwrap().accepts(&game);
        let other =
            game.legal_actions().into_iter().find(|&a| !accepts.contains(&game.action_text(a).unwrap()));
        app.world_mut().write_message(MoveCommand::from(other.expect("a move the lesson does not take")));
        settle(app);
        found.extend(problems(app, &format!("{at} lesson {kind:?}"), size));
        app.world_mut().write_message(LearnCommand::Puzzle(kind, 0));
        settle(app);
        let solution = app.world().resource::<Catalog>().of(kind).unwrap().puzzles[0].solution;
        app.world_mut().write_message(MoveCommand::from(solution));
        for _ in 0..40 {
            app.update();
        }
        assert!(
            app.world().resource::<Learning>().0.as_ref().unwrap().stars.is_some(),
            "{at}: the puzzle was solved"
        );
        found.extend(problems(app, &format!("{at} puzzle {kind:?}"), size));
    }
    found
}

fn check(language: &str) {
    let mut found = Vec::new();
    for size in SIZES {
        found.extend(every_screen(language, size, 1.0));
    }
    // A phone at device pixel ratio 3 lays out like 360×640 at 1.
    found.extend(every_screen(language, (360, 640), 3.0));
    assert!(found.is_empty(), "{} layout problems:\n{}", found.len(), found.join("\n"));
}

/// At 960×640 (where the seats' chips once wrapped) after a move, in both
/// languages, every chip reads on one line.
#[test]
fn the_seats_chips_read_on_one_line() {
    for language in ["en", "fr"] {
        let (mut app, dir) = layout_app(&format!("chips-{language}"), (960, 640), 1.0, language);
        show(&mut app, Screen::Gameplay);
        let action = app.world().resource::<Match>().game().legal_actions()[0];
        app.world_mut().write_message(MoveCommand::from(action));
        for _ in 0..30 {
            app.update();
        }
        assert_eq!(app.world().resource::<Match>().game().ply_count(), 1, "{language}: the move was played");
        let chips = node_rects(app.world_mut()).iter().filter(|n| is_seat_chip(n)).count();
        assert_eq!(chips, 2, "{language}: two seats' chips laid out");
        let found = chips_on_two_lines(&mut app, &format!("{language} 960×640"));
        assert!(found.is_empty(), "{}", found.join("\n"));
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn nothing_is_cut_or_covered_in_english() {
    check("en");
}

#[test]
fn nothing_is_cut_or_covered_in_french() {
    check("fr");
}
