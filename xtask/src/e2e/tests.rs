//! The real-window tests: a move by quick clicks, Arcanor's duo choices and
//! an eat, a `kill -9` and Continue, the 4-player game from each seat, and
//! screenshots of every screen in both languages.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::{
    GameProcess, PACKAGES, Xvfb, button_xy, cell_xy, fresh_dir, xdotool_click, xdotool_quick_click,
};
use super::shot::{Shot, is_gold, is_south};
use crate::system::ensure_packages;

/// The real-window test: start the game under Xvfb, click a South token and
/// a destination with xdotool (the quickest clicks: move, press and release
/// in one frame), wait for the move, and check a screenshot.
pub fn native_window_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    ensure_packages(PACKAGES, "an X server, Mesa's software Vulkan and xdotool for the real-window test")?;
    let shots = target_dir.join("e2e");
    std::fs::create_dir_all(&shots).map_err(|e| format!("{}: {e}", shots.display()))?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-data")?;
    let mut game = GameProcess::spawn(binary, &["--new", "--window", "1280x720"], &x.display, &data)?;
    let ready = game.wait_for("ready", Duration::from_secs(240))?;
    println!("e2e: the game is ready");
    xdotool_quick_click(&x.display, cell_xy(&ready, "b1")?)?;
    xdotool_quick_click(&x.display, cell_xy(&ready, "b2")?)?;
    let mv = game.wait_for("move", Duration::from_secs(120))?;
    if mv["notation"] != "b1-b2" {
        return Err(format!("expected the move b1-b2, got {mv}"));
    }
    let position = mv["position"].as_str().ok_or_else(|| format!("no position in {mv}"))?;
    if !position.contains("2 .  S  .") || !position.contains("1 .  .  S  S  Ss") {
        return Err(format!("the position after b1-b2 is wrong:\n{position}"));
    }
    println!("e2e: quick clicks on b1 then b2 played b1-b2");
    let view = game.wait_for("view", Duration::from_secs(120))?;
    let path = shots.join("native-after-b1-b2.png");
    game.send(&format!("screenshot {}", path.display()))?;
    game.wait_for("screenshot", Duration::from_secs(60))?;
    check_screenshot(&path, &view)?;
    println!("e2e: screenshot {} checked", path.display());
    game.quit(Duration::from_secs(30))
}

/// An Arcanor position where every kind of move is one click or two away:
/// South's duo on b2 moves whole, the duo on d2 lets its top piece go alone,
/// and the lone 2 on e4 eats North's lone 3 on e5 (A5, A6).
const ARCANOR_POSITION: &str = "\
7 N1   .    .    .    .    .    .    .
6 .    N3N2 .    .    .    .    N4   .
5 .    .    .    .    N3   .    .    .
4 .    .    .    .    S2   .    .    .
3 .    .    .    .    .    .    .    .
2 .    S2S1 .    S4S3 .    .    .    .
1 .    .    .    .    .    .    .    .
  a    b    c    d    e    f    g    h
to move: South
";

/// The window position of the top of the piece on `cell` in a `view` event
/// (what a person clicks to pick that piece, even behind a lifted one).
fn piece_top_xy(view: &Value, cell: &str) -> Result<(i64, i64), String> {
    let piece = view["pieces"]
        .as_array()
        .and_then(|pieces| pieces.iter().rev().find(|p| p["cell"] == cell))
        .ok_or_else(|| format!("no piece on {cell} in the view event"))?;
    match (piece["screen"][0].as_f64(), piece["screen"][1].as_f64()) {
        // A few pixels below the very top, inside the piece.
        (Some(x), Some(y)) => Ok((x.round() as i64, y.round() as i64 + 4)),
        _ => Err(format!("no screen position for the piece on {cell}")),
    }
}

/// Waits for the next move and checks its notation.
fn expect_move(game: &mut GameProcess, notation: &str, clicks: &str) -> Result<Value, String> {
    let mv = game.wait_for("move", Duration::from_secs(120))?;
    if mv["notation"] != notation {
        return Err(format!("{clicks} should play {notation}, played {}", mv["notation"]));
    }
    println!("e2e: Arcanor: {clicks} played {notation}");
    Ok(mv)
}

/// Arcanor in a real window: a whole duo moved by two clicks, a top piece
/// moved alone by three (the second click on the duo picks its top piece),
/// and an eat; then a screenshot with South's eater covering the prey.
pub fn arcanor_window_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let shots = target_dir.join("e2e");
    std::fs::create_dir_all(&shots).map_err(|e| format!("{}: {e}", shots.display()))?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-arcanor-data")?;
    let position = data.join("position.txt");
    std::fs::write(&position, ARCANOR_POSITION).map_err(|e| format!("{}: {e}", position.display()))?;
    let position = position.to_string_lossy().into_owned();
    let args = ["--game", "arcanor", "--position", &position, "--window", "1280x720"];
    let mut game = GameProcess::spawn(binary, &args, &x.display, &data)?;
    let mut view = game.wait_for("ready", Duration::from_secs(240))?;
    let click = |xy| xdotool_click(&x.display, xy);

    click(cell_xy(&view, "b2")?)?;
    click(cell_xy(&view, "b3")?)?;
    expect_move(&mut game, "12b2-b3", "b2, b3 (a duo, whole)")?;
    view = game.wait_for("view", Duration::from_secs(120))?;

    click(cell_xy(&view, "b6")?)?;
    click(cell_xy(&view, "b6")?)?;
    click(cell_xy(&view, "b5")?)?;
    let mv = expect_move(&mut game, "2b6-b5", "b6, b6 again, b5 (the top piece alone)")?;
    if mv["freed"].is_null() {
        return Err(format!("the top piece left alone should free the inner one: {mv}"));
    }
    view = game.wait_for("view", Duration::from_secs(120))?;

    click(cell_xy(&view, "d2")?)?;
    click(cell_xy(&view, "d2")?)?;
    click(cell_xy(&view, "d3")?)?;
    expect_move(&mut game, "3d2-d3", "d2, d2 again, d3")?;
    view = game.wait_for("view", Duration::from_secs(120))?;

    click(cell_xy(&view, "b6")?)?;
    click(cell_xy(&view, "a6")?)?;
    expect_move(&mut game, "3b6-a6", "b6, a6 (a lone piece)")?;
    view = game.wait_for("view", Duration::from_secs(120))?;

    click(piece_top_xy(&view, "e4")?)?;
    click(piece_top_xy(&view, "e5")?)?;
    let mv = expect_move(&mut game, "2e4xe5", "e4, then North's 3 on e5 (an eat)")?;
    if mv["eaten"].is_null() {
        return Err(format!("the move event does not report the eaten piece: {mv}"));
    }
    view = game.wait_for("view", Duration::from_secs(120))?;
    let path = shots.join("arcanor-after-eat.png");
    game.send(&format!("screenshot {}", path.display()))?;
    game.wait_for("screenshot", Duration::from_secs(60))?;
    let shot = Shot::load(&path)?;
    if shot.contrast() < 12.0 {
        return Err(format!("{} looks blank", path.display()));
    }
    let colour = shot.mean(piece_top_xy(&view, "e5")?, 2);
    if !is_south(colour) {
        return Err(format!("South's eater does not cover e5 in the screenshot: {colour:?}"));
    }
    println!("e2e: screenshot {} checked", path.display());
    game.quit(Duration::from_secs(30))
}

/// A real render: not blank, the golden cell gold, South's moved token on b2.
fn check_screenshot(path: &Path, view: &Value) -> Result<(), String> {
    let shot = Shot::load(path)?;
    if shot.size() != (1280, 720) {
        return Err(format!("screenshot is {:?}, expected 1280x720", shot.size()));
    }
    if shot.contrast() < 12.0 {
        return Err(format!("screenshot looks blank (contrast {:.1})", shot.contrast()));
    }
    let gold = shot.mean(cell_xy(view, "e5")?, 3);
    if !is_gold(gold) {
        return Err(format!("the golden cell is not gold in the screenshot: {gold:?}"));
    }
    let moved = view["pieces"]
        .as_array()
        .and_then(|pieces| pieces.iter().find(|p| p["cell"] == "b2"))
        .ok_or("no piece on b2 in the view event")?;
    let xy = match (moved["screen"][0].as_f64(), moved["screen"][1].as_f64()) {
        (Some(x), Some(y)) => (x.round() as i64, y.round() as i64),
        _ => return Err(format!("the piece on b2 has no screen position: {moved}")),
    };
    let colour = shot.mean(xy, 2);
    if !is_south(colour) {
        return Err(format!("the token on b2 is not South's colour in the screenshot: {colour:?} at {xy:?}"));
    }
    Ok(())
}

/// Plays `from`-`to` by two clicks at the cells of `view`; returns the move event.
fn click_move(x: &Xvfb, game: &mut GameProcess, view: &Value, from: &str, to: &str) -> Result<Value, String> {
    xdotool_click(&x.display, cell_xy(view, from)?)?;
    xdotool_click(&x.display, cell_xy(view, to)?)?;
    let mv = game.wait_for("move", Duration::from_secs(120))?;
    if mv["notation"] != format!("{from}-{to}") {
        return Err(format!("expected the move {from}-{to}, got {mv}"));
    }
    Ok(mv)
}

/// The kill test: play by clicks, `kill -9` the game, start it again, press
/// Continue: the position must be the one before the kill.
pub fn kill_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-kill-data")?;
    let mut game = GameProcess::spawn(binary, &["--new"], &x.display, &data)?;
    let view = game.wait_for("ready", Duration::from_secs(240))?;
    click_move(&x, &mut game, &view, "b1", "b2")?;
    let view = game.wait_for("view", Duration::from_secs(120))?;
    click_move(&x, &mut game, &view, "c9", "c8")?;
    let view = game.wait_for("view", Duration::from_secs(120))?;
    let before = view["position"].as_str().ok_or_else(|| format!("no position in {view}"))?.to_owned();
    game.kill();
    println!("e2e: played b1-b2 c9-c8 by clicks, then kill -9");
    let mut game = GameProcess::spawn(binary, &[], &x.display, &data)?;
    let title = loop {
        let screen = game.wait_for("screen", Duration::from_secs(240))?;
        if screen["screen"] == "title" && screen["buttons"].get("continue").is_some() {
            break screen;
        }
    };
    xdotool_click(&x.display, button_xy(&title, "continue")?)?;
    let ready = game.wait_for("ready", Duration::from_secs(120))?;
    let after = ready["position"].as_str().ok_or_else(|| format!("no position in {ready}"))?;
    if after != before {
        return Err(format!("Continue restored another position:\n{after}\ninstead of\n{before}"));
    }
    println!("e2e: Continue restored the position from before the kill");
    game.quit(Duration::from_secs(30))
}

/// Screenshots of every screen in every language, under `target/screens/`:
/// the title, both steps of New game (the game cards, then each game's
/// choices, reached by clicking), Settings, the rules of each game, Load,
/// each game's board, and the pause menu.
pub fn screens_screenshots(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let shots = fresh_dir(target_dir, "screens")?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-screens-data")?;
    let mut game = GameProcess::spawn(binary, &[], &x.display, &data)?;
    let mut last = game.wait_for("screen", Duration::from_secs(240))?;
    for language in ["en", "fr"] {
        game.send(&format!("lang {language}"))?;
        // (step, the screen it shows: its name, overlay and game, the shot's name)
        let steps: [(&str, ExpectedScreen, Option<&str>); 12] = [
            ("goto title", ("title", None, None), Some("title")),
            ("goto new-game", ("newgame", None, None), Some("new-game")),
            ("click game-arkes", ("newgame", None, Some("arkes")), Some("new-game-arkes")),
            ("goto new-game", ("newgame", None, None), None),
            ("click game-arcanor", ("newgame", None, Some("arcanor")), Some("new-game-arcanor")),
            ("goto settings", ("settings", None, None), Some("settings")),
            // The rules open on the game in play.
            ("new arkes|goto rules", ("rules", None, Some("arkes")), Some("rules-arkes")),
            ("click other-game", ("rules", None, Some("arcanor")), Some("rules-arcanor")),
            ("goto load", ("load", None, None), Some("load")),
            ("new arkes|goto gameplay", ("gameplay", None, None), Some("gameplay-arkes")),
            ("overlay paused", ("gameplay", Some("paused"), None), Some("paused")),
            ("overlay none|new arcanor", ("gameplay", None, None), Some("gameplay-arcanor")),
        ];
        for (commands, expected, shot) in steps {
            for command in commands.split('|') {
                match command.strip_prefix("click ") {
                    Some(id) => xdotool_click(&x.display, button_xy(&last, id)?)?,
                    None => game.send(command)?,
                }
                if command.starts_with("new ") {
                    game.wait_for("board-reset", Duration::from_secs(60))?;
                } else {
                    last = wait_for_screen(&mut game, language, expected)?;
                }
            }
            // A new board on screen: wait until it is in view.
            if let Some(kind) = commands.split('|').find_map(|c| c.strip_prefix("new "))
                && expected.0 == "gameplay"
            {
                while game.wait_for_any(&["ready", "view"], Duration::from_secs(120))?["game"] != kind {}
            }
            let Some(name) = shot else { continue };
            let path = shots.join(format!("{language}-{name}.png"));
            game.send(&format!("screenshot {}", path.display()))?;
            game.wait_for("screenshot", Duration::from_secs(60))?;
            let shot = Shot::load(&path)?;
            if shot.contrast() < 12.0 {
                return Err(format!("{} looks blank", path.display()));
            }
            // The layout in the real window, checked as the headless
            // layout test does: nothing cut, covered or outside.
            game.send("layout")?;
            let layout = game.wait_for("layout", Duration::from_secs(60))?;
            let problems: Vec<&str> = layout["problems"]
                .as_array()
                .ok_or_else(|| format!("{language} {name}: the layout report has no problem list: {layout}"))?
                .iter()
                .map(|p| {
                    p.as_str().ok_or_else(|| format!("{language} {name}: a problem that is not a text: {p}"))
                })
                .collect::<Result<_, _>>()?;
            if !problems.is_empty() {
                return Err(format!("{language} {name}: layout problems:\n{}", problems.join("\n")));
            }
        }
    }
    println!("e2e: screenshots of every screen in English and French in {}", shots.display());
    game.quit(Duration::from_secs(30))
}

/// The screen expected: its name, its overlay and the game it is about.
type ExpectedScreen = (&'static str, Option<&'static str>, Option<&'static str>);

/// Waits for a `screen` event of the `expected` screen in `language`, with
/// its buttons laid out.
fn wait_for_screen(
    game: &mut GameProcess,
    language: &str,
    expected: ExpectedScreen,
) -> Result<Value, String> {
    let (screen, overlay, about) = expected;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = game.wait_for("screen", left).map_err(|e| {
            let seen: Vec<String> = game
                .log
                .iter()
                .rev()
                .filter(|e| e["event"] == "screen")
                .take(3)
                .map(Value::to_string)
                .collect();
            format!("waiting for the {expected:?} screen in {language}: {e}; the last screens: {seen:?}")
        })?;
        let laid_out = event["buttons"].as_object().is_some_and(|b| !b.is_empty());
        if event["screen"] == screen
            && event["overlay"].as_str().filter(|o| *o != "none") == overlay
            && event["language"] == language
            && laid_out
            && about.is_none_or(|g| event["game"] == g)
        {
            return Ok(event);
        }
    }
}

/// A 4-player game played by clicks, one move per seat, with a screenshot
/// from each seat's camera (the camera turns to the seat to move) into
/// `<target>/four-players`. Each shot must show the golden cell gold.
pub fn four_player_screenshots(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let shots = fresh_dir(target_dir, "four-players")?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-four-data")?;
    let mut game =
        GameProcess::spawn(binary, &["--players", "4", "--window", "1280x720"], &x.display, &data)?;
    let mut view = game.wait_for("ready", Duration::from_secs(240))?;
    let moves = [("south", "b1", "b2"), ("west", "a3", "b3"), ("north", "h9", "h8"), ("east", "i7", "h7")];
    for (i, (seat, from, to)) in moves.iter().enumerate() {
        if view["to_move"] != *seat {
            return Err(format!("expected {seat} to move, got {}", view["to_move"]));
        }
        let path = shots.join(format!("{}-{seat}.png", i + 1));
        // `ready` waits for the loading step, so the board is drawn; a few
        // tries still cover a screenshot taken while a piece settles.
        let mut tries = 0;
        loop {
            game.send(&format!("screenshot {}", path.display()))?;
            game.wait_for("screenshot", Duration::from_secs(60))?;
            let gold = Shot::load(&path)?.mean(cell_xy(&view, "e5")?, 3);
            if is_gold(gold) {
                break;
            }
            tries += 1;
            if tries == 15 {
                return Err(format!("the golden cell is not gold seen from {seat}: {gold:?}"));
            }
            std::thread::sleep(Duration::from_secs(2));
        }
        xdotool_click(&x.display, cell_xy(&view, from)?)?;
        xdotool_click(&x.display, cell_xy(&view, to)?)?;
        let mv = game.wait_for("move", Duration::from_secs(120))?;
        if mv["notation"] != format!("{from}-{to}") {
            return Err(format!("{seat}: clicks on {from} then {to} played {}", mv["notation"]));
        }
        view = game.wait_for("view", Duration::from_secs(120))?;
    }
    println!("e2e: a 4-player game by clicks, seen from each seat, in {}", shots.display());
    game.quit(Duration::from_secs(30))
}
