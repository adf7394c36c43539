//! `cargo xtask bench-frames`: the game's frame times against two bare Bevy
//! scenes, in one run, under Xvfb with Mesa's software Vulkan (lavapipe) at
//! 1280×720, with the binaries of the test build (dev profile, dependencies
//! at `opt-level = 3`):
//!
//! - `bare_scene`: one cube, one light, a camera (Bevy's fixed cost);
//! - `bare_scene --same-coverage`: the game's camera, light, shadow and MSAA
//!   settings over one board-sized box and the 32 pieces of the 4-player
//!   start, each a single mesh and material (what the game's look costs
//!   beyond its coverage of the screen), also with `--low` (the Low
//!   quality's settings);
//! - the game, 4-player start, at `--quality high` and `--quality low`.
//!
//! Each run draws [`FRAMES`] frames after the loading step; the first 30 are
//! not counted. Prints median, 95th percentile and maximum, and writes them
//! to `<target>/bench-frames.json`, with a screenshot of the game at each
//! quality (`<target>/bench-high.png`, `bench-low.png`).

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::e2e::{self, Xvfb};
use crate::system::ensure_packages;

/// Frames drawn in each run.
const FRAMES: &str = "150";

/// Runs the benchmark (see the module's documentation).
///
/// # Errors
/// A failed build, no X server, or a run that printed no frame times.
pub fn bench_frames(target_dir: &Path) -> Result<(), String> {
    ensure_packages(e2e::PACKAGES, "an X server and Mesa's software Vulkan for the benchmark")?;
    let game = e2e::game_binary()?;
    let bare = e2e::built_executable("bare_scene", "example")?;
    let x = Xvfb::start()?;
    let data = e2e::fresh_dir(target_dir, "bench-data")?;
    let four = ["--players", "4", "--no-auto-rotate", "--automation"];
    let shot = |q: &str| target_dir.join(format!("bench-{q}.png")).display().to_string();
    let (shot_high, shot_low) = (shot("high"), shot("low"));
    let runs: Vec<(&str, &Path, Vec<&str>)> = vec![
        ("bare scene (a cube)", &bare, vec![]),
        ("same coverage, High settings", &bare, vec!["--same-coverage"]),
        (
            "game, 4-player start, High",
            &game,
            [&four[..], &["--quality", "high", "--screenshot", &shot_high]].concat(),
        ),
        ("same coverage, Low settings", &bare, vec!["--same-coverage", "--low"]),
        (
            "game, 4-player start, Low",
            &game,
            [&four[..], &["--quality", "low", "--screenshot", &shot_low]].concat(),
        ),
    ];
    let mut results = Vec::new();
    for (name, binary, args) in runs {
        println!("bench: {name} …");
        let out = Command::new(binary)
            .args(&args)
            .args(["--exit-after-frames", FRAMES])
            .env("DISPLAY", &x.display)
            .env("ARKES_DATA_DIR", &data)
            .env("WGPU_BACKEND", "vulkan")
            .env_remove("WAYLAND_DISPLAY")
            .stderr(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        let frames = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find(|v| v["event"] == "frames")
            .ok_or_else(|| format!("{name}: no frame times ({})", out.status))?;
        let ms = |key: &str| frames[key].as_f64().unwrap_or(f64::NAN);
        if !frames["scene"].is_null() {
            println!("bench: {name}: {}", frames["scene"]);
        }
        if !frames["pipelines"].is_null() {
            println!("bench: {name}: pipelines {}", frames["pipelines"]);
        }
        results.push((name, ms("median_ms"), ms("p95_ms"), ms("max_ms")));
    }
    let bare_median = results[0].1;
    println!(
        "\nbench: frame times at 1280x720, lavapipe, dev profile ({FRAMES} frames, the first 30 not counted)"
    );
    println!("{:<32} {:>9} {:>9} {:>9} {:>9} {:>14}", "", "median", "p95", "max", "× bare", "× same cover.");
    let mut json_rows = Vec::new();
    for (i, (name, median, p95, max)) in results.iter().enumerate() {
        // The game's rows compare with the same-coverage row just above.
        let coverage = if name.starts_with("game") { Some(results[i - 1].1) } else { None };
        let vs_coverage = coverage.map_or(String::new(), |c| format!("{:.2}", median / c));
        println!(
            "{name:<32} {median:>7.1}ms {p95:>7.1}ms {max:>7.1}ms {:>9.2} {vs_coverage:>14}",
            median / bare_median
        );
        json_rows.push(json!({
            "run": name, "median_ms": median, "p95_ms": p95, "max_ms": max,
            "vs_bare": median / bare_median, "vs_same_coverage": coverage.map(|c| median / c),
        }));
    }
    let path = target_dir.join("bench-frames.json");
    std::fs::write(&path, serde_json::to_string_pretty(&json_rows).unwrap_or_default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    println!("bench: written to {}", path.display());
    Ok(())
}
