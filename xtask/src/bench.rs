//! `cargo xtask bench-frames [--rounds N]`: both games' frame times against
//! two bare Bevy scenes, in one run, under Xvfb with Mesa's software Vulkan
//! (lavapipe) at 1280×720, with the binaries of the test build (dev
//! profile, dependencies at `opt-level = 3`):
//!
//! - `bare_scene`: one cube, one light, a camera (Bevy's fixed cost);
//! - `bare_scene --same-coverage`: the game's camera, light, shadow and MSAA
//!   settings over one board-sized box and the 32 pieces of the 4-player
//!   start, each a single mesh and material (what the game's look costs
//!   beyond its coverage of the screen), also with `--low` (the Low
//!   quality's settings);
//! - ARKES at its 4-player start at `--quality high` and `--quality low`,
//!   each compared with the same-coverage scene at the same settings;
//! - Arcanor at its start at both qualities (compared with the cube only:
//!   the same-coverage scene has ARKES's board and pieces).
//!
//! Each run draws [`FRAMES`] frames after the loading step; the first 30 are
//! not counted. The runs are made in rounds ([`DEFAULT_ROUNDS`], or
//! `--rounds N`), each round all of them one after the other, so that a
//! ratio compares runs made a minute apart: this machine's speed drifts by
//! more than the differences measured, from hour to hour and by ± 10 % from
//! one run to the next. Prints each round's medians, then for each run the
//! median over the rounds of its median, of its 95th percentile and of its
//! maximum, and the median over the rounds of each round's ratios; a run
//! that fails is reported, left out of the medians, and fails the bench
//! once all rounds are done; writes all of it to
//! `<target>/bench-frames.json`, with screenshots of the first round's
//! games (`<target>/bench-high.png`, `bench-low.png`,
//! `bench-arcanor-high.png`, `bench-arcanor-low.png`).

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::e2e::{self, Xvfb};
use crate::system::ensure_packages;

/// Frames drawn in each run.
const FRAMES: &str = "150";

/// Rounds of runs when `--rounds` is not given.
const DEFAULT_ROUNDS: usize = 3;

/// One run of a round: what it draws and what it is compared with.
struct Run {
    name: &'static str,
    game: bool,
    args: Vec<String>,
    /// The index of the run whose median this one's is divided by (besides
    /// the cube's), if any.
    baseline: Option<usize>,
    /// The screenshot's file name (in the target folder), first round only.
    screenshot: Option<&'static str>,
}

/// One run's frame times, milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Times {
    median: f64,
    p95: f64,
    max: f64,
}

/// The runs of a round, in order; the cube first (every ratio's divisor).
fn runs() -> Vec<Run> {
    let strings = |args: &[&str]| args.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    let game = |name, game: &str, quality: &str, baseline, screenshot| Run {
        name,
        game: true,
        args: strings(&[
            "--game",
            game,
            "--players",
            if game == "arkes" { "4" } else { "2" },
            "--no-auto-rotate",
            "--automation",
            "--quality",
            quality,
        ]),
        baseline,
        screenshot: Some(screenshot),
    };
    let bare = |name, args: &[&str]| Run {
        name,
        game: false,
        args: strings(args),
        baseline: None,
        screenshot: None,
    };
    vec![
        bare("bare scene (a cube)", &[]),
        bare("same coverage, High settings", &["--same-coverage"]),
        game("ARKES, 4-player start, High", "arkes", "high", Some(1), "bench-high.png"),
        bare("same coverage, Low settings", &["--same-coverage", "--low"]),
        game("ARKES, 4-player start, Low", "arkes", "low", Some(3), "bench-low.png"),
        game("Arcanor, start, High", "arcanor", "high", None, "bench-arcanor-high.png"),
        game("Arcanor, start, Low", "arcanor", "low", None, "bench-arcanor-low.png"),
    ]
}

/// The rounds asked for: `--rounds N` (N ≥ 1), or [`DEFAULT_ROUNDS`].
///
/// # Errors
/// An unknown argument, or a count that is not a positive whole number.
fn parse_rounds(args: &[String]) -> Result<usize, String> {
    match args {
        [] => Ok(DEFAULT_ROUNDS),
        [flag, n] if flag == "--rounds" => match n.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(format!("--rounds takes a whole number of at least 1 (got {n:?})")),
        },
        _ => Err(format!("bench-frames takes only `--rounds N` (got {args:?})")),
    }
}

/// The median of `values` (the mean of the middle two for an even count),
/// NaN values (failed runs) left out; NaN for none.
fn median(values: &[f64]) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Runs the benchmark (see the module's documentation).
///
/// # Errors
/// Bad arguments, a failed build, no X server, or a run that printed no
/// frame times.
pub fn bench_frames(target_dir: &Path, args: &[String]) -> Result<(), String> {
    let rounds = parse_rounds(args)?;
    ensure_packages(e2e::PACKAGES, "an X server and Mesa's software Vulkan for the benchmark")?;
    let game = e2e::game_binary()?;
    let bare = e2e::built_executable("bare_scene", "example")?;
    let x = Xvfb::start()?;
    let data = e2e::fresh_dir(target_dir, "bench-data")?;
    let runs = runs();
    // times[run][round]
    let mut times: Vec<Vec<Times>> = vec![Vec::new(); runs.len()];
    let mut failures = Vec::new();
    for round in 0..rounds {
        for (i, run) in runs.iter().enumerate() {
            println!("bench: round {} of {rounds}: {} …", round + 1, run.name);
            let t = match measure(run, round, if run.game { &game } else { &bare }, &x, &data, target_dir) {
                Ok(t) => t,
                Err(e) => {
                    println!("bench: {e}");
                    failures.push(e);
                    Times { median: f64::NAN, p95: f64::NAN, max: f64::NAN }
                }
            };
            times[i].push(t);
        }
    }
    let summary = summarise(&runs, &times);
    print_summary(&summary, rounds);
    let path = target_dir.join("bench-frames.json");
    std::fs::write(&path, serde_json::to_string_pretty(&summary).unwrap_or_default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    println!("bench: written to {}", path.display());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} run(s) failed: {}", failures.len(), failures.join("; ")))
    }
}

/// One run of `run` in round `round` (0 first): its frame times.
///
/// # Errors
/// The binary could not start, or printed no frame times.
fn measure(
    run: &Run,
    round: usize,
    binary: &Path,
    x: &Xvfb,
    data: &Path,
    target_dir: &Path,
) -> Result<Times, String> {
    let mut cmd = Command::new(binary);
    cmd.args(&run.args).args(["--exit-after-frames", FRAMES]);
    if let (0, Some(file)) = (round, run.screenshot) {
        cmd.arg("--screenshot").arg(target_dir.join(file));
    }
    let out = cmd
        .env("DISPLAY", &x.display)
        .env("ARKES_DATA_DIR", data)
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("WAYLAND_DISPLAY")
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", run.name))?;
    let frames = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v["event"] == "frames")
        .ok_or_else(|| format!("{}, round {}: no frame times ({})", run.name, round + 1, out.status))?;
    let ms = |key: &str| frames[key].as_f64().unwrap_or(f64::NAN);
    if round == 0 {
        for key in ["scene", "pipelines"] {
            if !frames[key].is_null() {
                println!("bench: {}: {key} {}", run.name, frames[key]);
            }
        }
    }
    let t = Times { median: ms("median_ms"), p95: ms("p95_ms"), max: ms("max_ms") };
    println!("bench: {}: median {:.1} ms, p95 {:.1} ms, max {:.1} ms", run.name, t.median, t.p95, t.max);
    Ok(t)
}

/// Each run's times over the rounds and its ratios: the medians over the
/// rounds, and each ratio's median over the rounds (a round's ratio
/// divides two runs made a minute apart).
fn summarise(runs: &[Run], times: &[Vec<Times>]) -> Vec<Value> {
    let medians = |i: usize| times[i].iter().map(|t| t.median).collect::<Vec<_>>();
    let ratios = |i: usize, base: usize| {
        times[i].iter().zip(&times[base]).map(|(a, b)| a.median / b.median).collect::<Vec<_>>()
    };
    runs.iter()
        .enumerate()
        .map(|(i, run)| {
            let of = |f: fn(&Times) -> f64| median(&times[i].iter().map(f).collect::<Vec<_>>());
            let vs_baseline = run.baseline.map(|b| ratios(i, b));
            json!({
                "run": run.name,
                "median_ms": of(|t| t.median),
                "p95_ms": of(|t| t.p95),
                "max_ms": of(|t| t.max),
                "round_medians_ms": medians(i),
                "vs_bare": median(&ratios(i, 0)),
                "round_vs_bare": ratios(i, 0),
                "vs_same_coverage": vs_baseline.as_deref().map(median),
                "round_vs_same_coverage": vs_baseline,
            })
        })
        .collect()
}

fn print_summary(summary: &[Value], rounds: usize) {
    println!(
        "\nbench: frame times at 1280x720, lavapipe, dev profile ({FRAMES} frames a run, the first 30 not \
         counted; medians over {rounds} round(s); ratios: the median of each round's ratio)"
    );
    println!(
        "{:<30} {:>9} {:>9} {:>9} {:>7} {:>8}  each round's median (× same coverage)",
        "", "median", "p95", "max", "× cube", "× same"
    );
    let f = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
    for row in summary {
        let list = |key: &str| {
            row[key].as_array().map(|a| a.iter().map(|v| format!("{:.1}", f(v))).collect::<Vec<_>>())
        };
        let rounds = list("round_medians_ms").unwrap_or_default().join(" / ");
        let ratios = row["round_vs_same_coverage"]
            .as_array()
            .map(|a| {
                format!(" ({})", a.iter().map(|v| format!("{:.2}", f(v))).collect::<Vec<_>>().join(" / "))
            })
            .unwrap_or_default();
        let same = row["vs_same_coverage"].as_f64().map_or(String::new(), |r| format!("{r:.2}"));
        println!(
            "{:<30} {:>7.1}ms {:>7.1}ms {:>7.1}ms {:>7.2} {same:>8}  {rounds}{ratios}",
            row["run"].as_str().unwrap_or(""),
            f(&row["median_ms"]),
            f(&row["p95_ms"]),
            f(&row["max_ms"]),
            f(&row["vs_bare"]),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_default_to_three_and_take_only_a_positive_count() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert_eq!(parse_rounds(&[]), Ok(DEFAULT_ROUNDS));
        assert_eq!(parse_rounds(&args(&["--rounds", "5"])), Ok(5));
        assert!(parse_rounds(&args(&["--rounds", "0"])).is_err());
        assert!(parse_rounds(&args(&["--rounds", "x"])).is_err());
        assert!(parse_rounds(&args(&["--rounds"])).is_err());
        assert!(parse_rounds(&args(&["--frames", "5"])).is_err());
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_and_of_an_even_one_the_mean_of_two_without_failed_runs() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
        assert_eq!(median(&[f64::NAN, 5.0, f64::NAN, 1.0, 3.0]), 3.0, "failed runs left out");
        assert!(median(&[f64::NAN]).is_nan());
    }

    #[test]
    fn a_ratio_is_the_median_of_each_rounds_ratio_not_the_ratio_of_medians() {
        let t = |median| Times { median, p95: median, max: median };
        let runs = runs();
        // Three rounds, the machine twice as slow in the second: the game
        // at 1.2×, 1.2× and 1.3× its same coverage. The median of the
        // ratios is 1.2; the ratio of the medians (143 / 110) would be 1.3.
        let mut times = vec![vec![t(40.0), t(80.0), t(40.0)]; runs.len()];
        times[1] = vec![t(100.0), t(200.0), t(110.0)];
        times[2] = vec![t(120.0), t(240.0), t(143.0)];
        let summary = summarise(&runs, &times);
        assert_eq!(summary[2]["run"], "ARKES, 4-player start, High");
        let ratio = summary[2]["vs_same_coverage"].as_f64().unwrap();
        assert!((ratio - 1.2).abs() < 1e-9, "{ratio}");
        assert_eq!(summary[2]["median_ms"], 143.0);
        assert_eq!(summary[2]["vs_bare"], 3.0);
        assert!(summary[0]["vs_same_coverage"].is_null());
    }

    #[test]
    fn each_game_run_compares_with_the_same_coverage_at_its_own_settings() {
        let runs = runs();
        for run in &runs {
            if let Some(b) = run.baseline {
                let high = run.args.iter().any(|a| a == "high");
                assert_eq!(runs[b].args.iter().any(|a| a == "--low"), !high, "{}", run.name);
                assert!(runs[b].name.starts_with("same coverage"));
            }
        }
        assert!(runs[0].args.is_empty(), "the cube comes first");
    }
}
