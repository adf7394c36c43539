//! The commands automation reads from stdin (natively): `screenshot PATH`,
//! `state`, `quit`, `goto SCREEN`, `overlay NAME`, `layout` (every UI node's rectangle, then a
//! `layout` event with the problems found), `lang CODE`,
//! `new GAME` (a fresh match of `arkes` or `arcanor` with the other options
//! as given on the command line).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use serde_json::json;

use super::output::emit;
use crate::app_state::{Overlay, Screen};
use crate::i18n::Locale;
use crate::options::GameOptions;
use crate::play::{Match, MatchCommand};
use games::GameKind;

/// Lines read from stdin in automation mode (native): `screenshot PATH`,
/// `state`, `quit`.
#[derive(Resource)]
pub(super) struct CommandLines(std::sync::Mutex<std::sync::mpsc::Receiver<String>>);

pub(super) fn listen_to_stdin(mut commands: Commands) {
    if cfg!(target_arch = "wasm32") {
        return;
    }
    let (sender, receiver) = std::sync::mpsc::channel();
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(move || {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    #[cfg(target_arch = "wasm32")]
    drop(sender);
    commands.insert_resource(CommandLines(std::sync::Mutex::new(receiver)));
}

/// The screen of an automation name (`title`, `new-game`…).
fn screen_named(name: &str) -> Option<Screen> {
    Some(match name {
        "title" => Screen::Title,
        "new-game" => Screen::NewGame,
        "gameplay" => Screen::Gameplay,
        "load" => Screen::Load,
        "rules" => Screen::Rules,
        "settings" => Screen::Settings,
        _ => return None,
    })
}

pub(super) fn run_commands(
    lines: Option<Res<CommandLines>>,
    mut commands: Commands,
    game: Option<Res<Match>>,
    mut exit: MessageWriter<AppExit>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut locale: ResMut<Locale>,
    options: Res<GameOptions>,
    mut matches: MessageWriter<MatchCommand>,
) {
    let Some(lines) = lines else { return };
    let Ok(receiver) = lines.0.lock() else { return };
    while let Ok(line) = receiver.try_recv() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("screenshot"), Some(path)) => {
                let path = path.to_owned();
                commands.spawn(Screenshot::primary_window()).observe(move |shot: On<ScreenshotCaptured>| {
                    // Saved here, before the event, so a reader never sees half a file.
                    match save_png(&shot.image, &path) {
                        Ok(()) => emit(&json!({"event": "screenshot", "path": path})),
                        Err(e) => emit(&json!({"event": "error", "message": e})),
                    }
                });
            }
            (Some("state"), None) => {
                if let Some(game) = &game {
                    emit(&json!({"event": "state", "position": game.game().position().text()}));
                }
            }
            (Some("quit"), None) => {
                exit.write(AppExit::Success);
            }
            (Some("goto"), Some(name)) => match screen_named(name) {
                Some(screen) => next_screen.set(screen),
                None => emit(&json!({"event": "error", "message": format!("no screen `{name}`")})),
            },
            (Some("overlay"), Some(name)) => match name {
                "paused" => next_overlay.set(Overlay::Paused),
                "review" => next_overlay.set(Overlay::Review),
                "none" => next_overlay.set(Overlay::None),
                _ => emit(&json!({"event": "error", "message": format!("no overlay `{name}`")})),
            },
            (Some("layout"), None) => {
                // Every UI node's rectangle (window pixels), then the
                // problems `layout_check` finds (cut, overlapping or
                // outside the window), as the headless layout test does.
                commands.queue(|world: &mut World| {
                    let nodes = crate::layout_check::node_rects(world);
                    let window = world
                        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
                        .iter(world)
                        .next()
                        .map(Window::size)
                        .unwrap_or_default();
                    for node in &nodes {
                        emit(&node.json());
                    }
                    let problems = crate::layout_check::layout_problems(&nodes, window);
                    emit(&json!({"event": "layout", "nodes": nodes.len(), "problems": problems}));
                });
            }
            (Some("new"), Some(name)) => {
                let fresh =
                    GameKind::from_id(name).ok_or_else(|| format!("no game `{name}`")).and_then(|game| {
                        Match::from_options(&GameOptions { game, position: None, ..options.clone() })
                    });
                match fresh {
                    Ok(fresh) => {
                        matches.write(MatchCommand::Replace(Box::new(fresh)));
                    }
                    Err(message) => emit(&json!({"event": "error", "message": message})),
                }
            }
            (Some("lang"), Some(code)) => {
                if !locale.set(code) {
                    emit(&json!({"event": "error", "message": format!("no language `{code}`")}));
                }
            }
            _ => emit(&json!({"event": "error", "message": format!("unknown command `{line}`")})),
        }
    }
}

/// Writes a captured image as PNG (RGB: the alpha of an HDR capture is not
/// opacity).
fn save_png(image: &Image, path: &str) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let rgb = image.clone().try_into_dynamic().map_err(|e| e.to_string())?.to_rgb8();
        rgb.save(path).map_err(|e| format!("{path}: {e}"))
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (image, path);
        Err("screenshots are saved by the browser tests".into())
    }
}
