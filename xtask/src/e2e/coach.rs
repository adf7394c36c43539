//! The coach in a real window: a game against the computer where South
//! misses a win in one, the review opened from the pause menu by clicks,
//! the blunder selected, and its best move drawn on the board.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::{GameProcess, Xvfb, button_xy, cell_xy, fresh_dir, xdotool_click};
use super::shot::Shot;

/// South's marble on c2 steps onto its token on the golden cell c3 and wins
/// (R11); South plays a1-a2 instead, a blunder.
const MISSED_WIN: &str = "
5 Nn .  .  N  N
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  S
  a  b  c  d  e
to move: South
in: South North
";

/// Whether a colour reads as the coach's best-move cyan (`theme::BEST_MOVE`,
/// lit): blue and green both well above red. The board's wood, the golden
/// cell and the seats' colours are all red-heavy or dark.
fn is_best_move_cyan([r, g, b]: [f32; 3]) -> bool {
    b > 120.0 && g > 110.0 && b > r + 50.0 && g > r + 30.0
}

/// The last `name` event already received if it passes `wanted`, or else
/// the next one that does (events arrive while others are awaited).
fn seen_or_next(
    game: &mut GameProcess,
    name: &str,
    timeout: Duration,
    wanted: impl Fn(&Value) -> bool,
) -> Result<Value, String> {
    if let Some(last) = game.log.iter().rev().find(|e| e["event"] == name)
        && wanted(last)
    {
        return Ok(last.clone());
    }
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = game.wait_for(name, left)?;
        if wanted(&event) {
            return Ok(event);
        }
    }
}

/// Waits for a `screen` event with `overlay` and the button `id` laid out.
fn wait_for_overlay(game: &mut GameProcess, overlay: &str, id: &str) -> Result<Value, String> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let screen =
            game.wait_for("screen", left).map_err(|e| format!("waiting for the {overlay} overlay: {e}"))?;
        if screen["overlay"] == overlay && screen["buttons"].get(id).is_some() {
            return Ok(screen);
        }
    }
}

/// The real-window coach test: South (a person) misses a win in one against
/// the computer; Review from the pause menu (clicks), the review runs to
/// its end and flags ply 1 a blunder whose best move is the win; "previous
/// flagged move" shows that ply with the best move's arrow on the board,
/// found in the screenshot.
pub fn coach_window_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let shots = target_dir.join("e2e");
    std::fs::create_dir_all(&shots).map_err(|e| format!("{}: {e}", shots.display()))?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-coach-data")?;
    let position = data.join("position.txt");
    std::fs::write(&position, MISSED_WIN).map_err(|e| format!("{}: {e}", position.display()))?;
    let position = position.to_string_lossy().into_owned();
    let args = ["--position", &position, "--seats", "human,easy", "--seed", "5", "--window", "1280x720"];
    let mut game = GameProcess::spawn(binary, &args, &x.display, &data)?;
    let view = game.wait_for("ready", Duration::from_secs(240))?;
    xdotool_click(&x.display, cell_xy(&view, "a1")?)?;
    xdotool_click(&x.display, cell_xy(&view, "a2")?)?;
    let mv = game.wait_for("move", Duration::from_secs(120))?;
    if mv["notation"] != "a1-a2" {
        return Err(format!("clicks on a1 then a2 played {}", mv["notation"]));
    }
    let reply = game.wait_for("move", Duration::from_secs(120))?;
    println!("e2e: coach: South missed the win with a1-a2, the computer answered {}", reply["notation"]);
    game.wait_for("view", Duration::from_secs(120))?;

    game.send("overlay paused")?;
    let paused = wait_for_overlay(&mut game, "paused", "review-game")?;
    xdotool_click(&x.display, button_xy(&paused, "review-game")?)?;
    let review_screen = wait_for_overlay(&mut game, "review", "review-prev-flagged")?;
    let review = seen_or_next(&mut game, "review", Duration::from_secs(120), |r| r["complete"] == true)?;
    let first = &review["plies"][0];
    if first["verdict"] != "blunder" || first["best"] != "Mc2-c3" || first["played"] != "a1-a2" {
        return Err(format!("ply 1 should be a1-a2, a blunder, best Mc2-c3: {first}"));
    }
    println!("e2e: coach: the review flags a1-a2 a blunder, best Mc2-c3 ({} ms)", review["ms"]);

    // The review opens on the last ply: back to the marked one.
    xdotool_click(&x.display, button_xy(&review_screen, "review-prev-flagged")?)?;
    // The best move's arrow at ply 1: from the marble on c2 to the golden cell.
    let best_mark = |marks: &Value| {
        marks["marks"]
            .as_array()
            .and_then(|m| m.iter().find(|m| m["kind"] == "best" && m["from"] == "c2" && m["to"] == "c3"))
            .cloned()
    };
    let marks = seen_or_next(&mut game, "coach-marks", Duration::from_secs(60), |m| best_mark(m).is_some())
        .map_err(|e| {
        let last =
            |name: &str| game.log.iter().rev().find(|e| e["event"] == name).cloned().unwrap_or_default();
        format!(
            "{e}: no best move c2-c3 drawn; the last review: {}; the last marks: {}",
            last("review"),
            last("coach-marks")
        )
    })?;
    let best = best_mark(&marks).unwrap_or_default();
    let end = |key: &str| match (best[key][0].as_f64(), best[key][1].as_f64()) {
        (Some(x), Some(y)) => Ok((x, y)),
        _ => Err(format!("the arrow's {key} is not on screen: {best}")),
    };
    let (tail, tip) = (end("tail")?, end("tip")?);
    // Let the arrow's glow settle in, then look along its shaft.
    std::thread::sleep(Duration::from_secs(2));
    let path = shots.join("coach-review-best-move.png");
    game.send(&format!("screenshot {}", path.display()))?;
    game.wait_for("screenshot", Duration::from_secs(60))?;
    let shot = Shot::load(&path)?;
    let along: Vec<[f32; 3]> = (2..=6)
        .map(|i| {
            let t = f64::from(i) / 8.0;
            let p = (tail.0 + (tip.0 - tail.0) * t, tail.1 + (tip.1 - tail.1) * t);
            shot.mean((p.0.round() as i64, p.1.round() as i64), 1)
        })
        .collect();
    if !along.iter().any(|&c| is_best_move_cyan(c)) {
        return Err(format!(
            "no best-move cyan along the arrow {tail:?} → {tip:?} in {}: {along:?}",
            path.display()
        ));
    }
    println!("e2e: coach: the best move's arrow c2 → c3 is drawn ({})", path.display());
    game.quit(Duration::from_secs(30))
}
