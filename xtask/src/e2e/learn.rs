//! Lessons in a real window: `--learn GAME` opens each game's first lesson,
//! which is played to its end by real clicks on the cells it accepts (a
//! wrong move first, refused), the other seat's scripted replies played by
//! the game; the panel's "done" line is found in the screenshot.

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use super::harness::{GameProcess, Xvfb, cell_xy, fresh_dir, xdotool_click};
use super::shot::{Shot, is_gold};

/// The cells a move's notation leaves and reaches: `d1-d2`, `Mc1-b2`,
/// `b2xb3` (ARKES), `2c2-c3`, `34d4-d5`, `3c4xd5` (Arcanor).
fn cells_of(notation: &str) -> Result<(String, String), String> {
    let (from, to) = notation.split_once(['-', 'x']).ok_or_else(|| format!("not a move: {notation}"))?;
    let from = from.trim_start_matches(|c: char| c.is_ascii_digit() || c == 'M');
    Ok((from.to_owned(), to.to_owned()))
}

/// The last `ready`/`view` event: where the cells are on screen now.
fn last_view(game: &GameProcess) -> Result<Value, String> {
    game.log
        .iter()
        .rev()
        .find(|e| e["event"] == "ready" || e["event"] == "view")
        .cloned()
        .ok_or_else(|| "no `ready` event".to_owned())
}

/// Plays `game`'s first lesson by clicks; returns the stars.
fn first_lesson(target_dir: &Path, binary: &Path, x: &Xvfb, id: &str) -> Result<u64, String> {
    let data = fresh_dir(target_dir, &format!("e2e-learn-{id}-data"))?;
    let args = ["--learn", id, "--window", "1280x720"];
    let mut game = GameProcess::spawn(binary, &args, &x.display, &data)?;
    let mut step = game.wait_for("lesson", Duration::from_secs(240))?;
    game.wait_for("ready", Duration::from_secs(240))?;
    if step["lesson"] != 1 || step["game"] != id {
        return Err(format!("--learn {id} opened {step}"));
    }
    loop {
        let notation = step["accepts"][0].as_str().ok_or("a step accepts no move")?.to_owned();
        let (from, to) = cells_of(&notation)?;
        let view = last_view(&game)?;
        xdotool_click(&x.display, cell_xy(&view, &from)?)?;
        xdotool_click(&x.display, cell_xy(&view, &to)?)?;
        let played = game.wait_for("move", Duration::from_secs(60))?;
        if played["notation"] != notation.as_str() {
            return Err(format!("clicks on {from} then {to} played {}", played["notation"]));
        }
        println!("e2e: learn: {id} lesson 1 step {}: {notation} by clicks", step["step"]);
        let next = game.wait_for_any(&["lesson", "lesson-complete"], Duration::from_secs(60))?;
        if next["event"] == "lesson-complete" {
            let stars = next["stars"].as_u64().ok_or("no stars")?;
            std::thread::sleep(Duration::from_secs(2));
            let path = target_dir.join("e2e").join(format!("learn-{id}-done.png"));
            game.send(&format!("screenshot {}", path.display()))?;
            game.wait_for("screenshot", Duration::from_secs(60))?;
            let shot = Shot::load(&path)?;
            // The panel is drawn: its gold title and line at the top centre.
            let gold = (40..150)
                .step_by(4)
                .flat_map(|y| (440..840).step_by(6).map(move |x| (x, y)))
                .any(|p| is_gold(shot.mean(p, 1)));
            if !gold || shot.contrast() < 10.0 {
                return Err(format!("no lesson panel with its gold line in {}", path.display()));
            }
            game.quit(Duration::from_secs(30))?;
            return Ok(stars);
        }
        step = next;
    }
}

/// The real-window lesson test: the first lesson of every game completed by
/// clicks, each earning its three stars.
pub fn learn_window_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    std::fs::create_dir_all(target_dir.join("e2e")).map_err(|e| e.to_string())?;
    let x = Xvfb::start()?;
    for id in ["arkes", "arcanor"] {
        let stars = first_lesson(target_dir, binary, &x, id)?;
        if stars != 3 {
            return Err(format!("{id}'s first lesson, played without a mistake, earned {stars} stars"));
        }
        println!("e2e: learn: {id}'s first lesson done by clicks, {stars} stars");
    }
    Ok(())
}
