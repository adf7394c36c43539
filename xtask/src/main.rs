//! Project tasks, run as `cargo xtask TASK` (the cargo-xtask pattern; the
//! alias is in `.cargo/config.toml`).
//!
//! - `cargo xtask play [ARGS...]`: install the system packages a Bevy build
//!   needs (Debian/Ubuntu), then build and run the game in release.
//! - `cargo xtask test`: everything the project checks: formatting, clippy
//!   with `-D warnings`, the workspace tests, the real-window tests of the
//!   native game and the browser test of the web build.
//! - `cargo xtask web [--dist DIR] [--serve | --size | --test]`: the browser
//!   build (`--dist` copies the site into a folder for any static host;
//!   `--serve` serves it and runs the signalling server of online games).
//! - `cargo xtask signal [--port N]`: the signalling server alone
//!   (`matchbox_server`, on 127.0.0.1).
//! - `cargo xtask bench-frames`: frame times of the game and its baselines.
//! - `cargo xtask bench-online`: join-to-connected time of online games.
//! - `cargo xtask bench-web --against DIR`: the browser's frame times and
//!   the coach's 100-ply review of this build's site against another
//!   site's, side by side.
//! - `cargo xtask mutants [CRATE...]`: mutation testing of the rules and the
//!   AI's tactics (slow; not part of `test`).

mod bench;
mod bench_online;
mod e2e;
mod mutants;
mod signal;
mod system;
mod web;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use system::{cargo, clippy_driver, ensure_packages, minutes, run, target_dir, with_lints, workspace_root};

/// Debian packages needed to build the game (Bevy with X11, Wayland, ALSA
/// audio and gilrs gamepads).
pub const BUILD_PACKAGES: &[&str] =
    &["pkg-config", "libwayland-dev", "libxkbcommon-dev", "libasound2-dev", "libudev-dev"];

const USAGE: &str = "usage: cargo xtask <task>

tasks:
  play [ARGS...]   build the game in release and run it (ARGS go to the game)
  test             fmt check, clippy -D warnings, workspace tests, real-window and browser tests
  e2e [NAME...]    only the real-window tests (or those named: click, arcanor, kill,
                   four-players, screens, coach, learn)
  web [--dist DIR] [--serve] [--port N]
                   build the browser version into <target>/web (and copy it into DIR, a folder
                   ready for any static host; serve it on 127.0.0.1:8080 with the project's
                   site server, and the signalling server on 127.0.0.1:3536)
  signal [--port N]
                   run the signalling server of online games (matchbox_server) on 127.0.0.1
                   (default port 3536)
  web --size       build the game and a bare Bevy 3D scene for the web and compare wasm sizes
  web --test       build the browser version and run the browser test in headless Chromium
  bench-frames     the games' frame times at High and Low against two bare Bevy scenes
                   (Xvfb and lavapipe, 1280x720), in rounds (--rounds N, default 3)
  bench-web --against DIR [--rounds N]
                   the browser's frame times and the coach's review of 100 plies, this
                   build's site and the site in DIR side by side in headless Chromium,
                   in rounds (default 3)
  bench-online [--pairings N]
                   time from joining an online room to connected, on loopback (default 20 pairings)
  mutants [CRATE...]
                   mutation testing (cargo-mutants) of game_core, arkes_engine, arcanor_engine
                   and the AI's tactics and evaluation (ai); reports under <target>/mutants";

fn main() -> ExitCode {
    if let Err(e) = std::env::set_current_dir(workspace_root()) {
        eprintln!("xtask: cannot enter the workspace: {e}");
        return ExitCode::FAILURE;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("test") => test(&args[1..]),
        Some("e2e") => native_e2e(&args[1..]),
        Some("web") => web_task(&args[1..]),
        Some("bench-frames") => bench::bench_frames(&target_dir(), &args[1..]),
        Some("bench-online") => bench_online::bench_online(&target_dir(), &args[1..]),
        Some("bench-web") => web::bench_web(&workspace_root(), &target_dir(), &args[1..]),
        Some("mutants") => mutants::mutants(&target_dir(), &args[1..]),
        Some("signal") => signal::signal_task(&target_dir(), &args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown task {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The environment variable that gives the online tests the
/// `matchbox_server` binary.
const SIGNAL_SERVER_VAR: &str = "ARKES_MATCHBOX_SERVER";

fn play(args: &[String]) -> Result<(), String> {
    ensure_packages(BUILD_PACKAGES, "the libraries a Bevy build needs")?;
    let mut cmd = cargo();
    cmd.args(["run", "--release", "--package", "arkes", "--bin", "arkes", "--"]).args(args);
    run(&mut cmd)
}

fn test(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("`cargo xtask test` takes no arguments (got {extra})"));
    }
    let mut steps = Steps::default();
    let result = test_steps(&mut steps);
    steps.summary(result.is_ok());
    let skipped = result?;
    match skipped {
        None => println!("\nxtask: all checks passed"),
        Some(why) => println!(
            "\nxtask: all checks passed BUT THE BROWSER TEST WAS SKIPPED ({why}): \
             the web build is untested"
        ),
    }
    Ok(())
}

/// Every step of `cargo xtask test`; `Ok(Some(why))` when the browser test
/// was skipped on purpose (`ARKES_SKIP_BROWSER_TEST=1`).
///
/// The `matchbox_server` install starts before the native test build, at
/// the lowest priority (`nice 19`), and takes what that build leaves idle;
/// the browser's wasm build (its own release profile and target folder,
/// with the pinned `wasm-bindgen` CLI) starts once the native build is
/// done, beside the tests and the real-window tests, which leave a core
/// idle much of the time. Started before the native build instead, on two
/// cores, the whole command took 53 min against 40 min (measured on the
/// development machine): the two large builds only slowed each other.
fn test_steps(steps: &mut Steps) -> Result<Option<String>, String> {
    let (workspace, target) = (workspace_root(), target_dir());
    let mut browser = web::BrowserTest::Run;
    steps.run("packages", || {
        ensure_packages(BUILD_PACKAGES, "the libraries a Bevy build needs")?;
        ensure_packages(
            e2e::PACKAGES,
            "an X server, Mesa's software Vulkan and xdotool for the real-window tests",
        )?;
        browser = web::install_test_packages()?;
        if let web::BrowserTest::Skipped(why) = &browser {
            println!("xtask: SKIPPING the browser test on purpose: {why}");
        }
        Ok(())
    })?;
    steps.run("fmt", || run(cargo().args(["fmt", "--all", "--check"])))?;
    // The online tests run `matchbox_server` on a free port each.
    let signal_install = {
        let target = target.clone();
        std::thread::spawn(move || signal::installed(&target))
    };
    if clippy_driver().is_some() {
        // One build for lints and tests: the workspace's crates are compiled
        // by clippy-driver (rustc plus clippy's lints) in the test build, so
        // Bevy and the other dependencies are not checked a second time.
        steps.run("clippy + test build", || {
            run(with_lints(cargo().args(["test", "--workspace", "--all-targets", "--no-run"])))
        })?;
    } else {
        steps.run("clippy", || {
            run(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))
        })?;
        steps
            .run("test build", || run(cargo().args(["test", "--workspace", "--all-targets", "--no-run"])))?;
    }
    // `Err(why)`: the browser test is skipped on purpose. Dropped on a
    // failure, the build is stopped.
    let web_build = match browser {
        web::BrowserTest::Run => Ok(web::BackgroundBuild::start(&target)?),
        web::BrowserTest::Skipped(why) => Err(why),
    };
    let mut signal_server = None;
    steps.run("waiting for matchbox_server", || {
        let installed = signal_install.join().map_err(|_| "installing matchbox_server panicked")?;
        signal_server = Some(installed?);
        Ok(())
    })?;
    let signal_server = signal_server.ok_or("matchbox_server was not installed")?;
    // `with_lints` only when the build above had them, so nothing rebuilds.
    steps.run("tests", || {
        run(with_lints(cargo().args(["test", "--workspace"]).env(SIGNAL_SERVER_VAR, &signal_server)))
    })?;
    steps.run("real-window", || native_e2e(&[]))?;
    let web_build = match web_build {
        Ok(build) => build,
        Err(why) => {
            steps.note(format!("browser SKIPPED ({why})"));
            return Ok(Some(why));
        }
    };
    let mut took = None;
    steps.run("waiting for the web build", || {
        took = Some(web_build.wait()?);
        Ok(())
    })?;
    if let Some(took) = took {
        steps.record("web build (in the background, from its start)", took);
    }
    steps.run("browser", || web::run_browser_test(&workspace, &target))?;
    Ok(None)
}

/// The wall time of each step of `cargo xtask test`, printed as one line at
/// the end (also after a failure, up to the failing step).
#[derive(Default)]
struct Steps {
    /// `name 1m05s` for each step done, in order.
    done: Vec<String>,
    start: Option<Instant>,
}

impl Steps {
    fn run(&mut self, name: &'static str, f: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
        step(name);
        let start = Instant::now();
        self.start.get_or_insert(start);
        let result = f();
        self.record(name, start.elapsed());
        result
    }

    /// Notes the time of something done beside the steps, or of a step.
    fn record(&mut self, name: &str, d: Duration) {
        self.done.push(format!("{name} {}", minutes(d)));
    }

    /// Notes something the summary must show (a step skipped).
    fn note(&mut self, text: String) {
        self.done.push(text);
    }

    fn summary(&self, passed: bool) {
        let total = self.start.map_or(Duration::ZERO, |s| s.elapsed());
        let verdict = if passed { "passed" } else { "FAILED at the last step" };
        println!("\nxtask: step times: {} | total {} ({verdict})", self.done.join(", "), minutes(total));
    }
}

fn web_task(args: &[String]) -> Result<(), String> {
    let mut serve = false;
    let mut port = 8080u16;
    let mut dist = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--size" => return web::size_report(&workspace_root(), &target_dir()),
            "--test" => return web::browser_test(&workspace_root(), &target_dir()),
            "--serve" => serve = true,
            "--port" => {
                port = it.next().and_then(|p| p.parse().ok()).ok_or("--port needs a number")?;
            }
            "--dist" => dist = Some(std::path::PathBuf::from(it.next().ok_or("--dist needs a folder")?)),
            other => return Err(format!("unknown option {other} for `cargo xtask web`")),
        }
    }
    let site = target_dir().join("web");
    web::build(&workspace_root(), &target_dir(), None, &site)?;
    if let Some(dist) = &dist {
        web::copy_site(&site, dist)?;
    }
    if serve {
        let _signal =
            signal::SignalServer::start(&signal::installed(&target_dir())?, signal::DEFAULT_PORT, false)?;
        web::serve(dist.as_ref().unwrap_or(&site), port)?;
    }
    Ok(())
}

/// The real-window tests of the native game: all of them, or those named.
fn native_e2e(names: &[String]) -> Result<(), String> {
    type Test = fn(&std::path::Path, &std::path::Path) -> Result<(), String>;
    let tests: [(&str, Test); 7] = [
        ("click", e2e::native_window_test),
        ("arcanor", e2e::arcanor_window_test),
        ("kill", e2e::kill_test),
        ("four-players", e2e::four_player_screenshots),
        ("screens", e2e::screens_screenshots),
        ("coach", e2e::coach_window_test),
        ("learn", e2e::learn_window_test),
    ];
    if let Some(unknown) = names.iter().find(|n| !tests.iter().any(|(name, _)| name == n)) {
        return Err(format!("no real-window test `{unknown}`\n\n{USAGE}"));
    }
    let target = target_dir();
    let binary = e2e::game_binary()?;
    for (name, test) in tests {
        if names.is_empty() || names.iter().any(|n| n == name) {
            test(&target, &binary)?;
        }
    }
    Ok(())
}

/// Prints a banner for the next step.
fn step(what: &str) {
    println!("\n=== xtask: {what}");
}
