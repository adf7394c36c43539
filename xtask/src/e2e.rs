//! End-to-end tests of the real game binary: a real window under Xvfb with
//! Mesa's software Vulkan (lavapipe), real X11 input with xdotool, and the
//! game's automation events (JSON lines) and screenshots.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::system::{cargo, ensure_packages, run, with_lints};

/// Debian packages the real-window tests need.
pub const PACKAGES: &[&str] = &["xvfb", "xauth", "mesa-vulkan-drivers", "libvulkan1", "xdotool"];

/// The game binary that `cargo test --workspace` builds for the integration
/// tests, built (or found up to date) with the same command.
///
/// The real-window tests run this binary rather than a `cargo build` of
/// their own: without the dev-dependencies that `cargo test --workspace`
/// unifies in, some crates get other features and the whole Bevy tree would
/// be compiled a second time in the same profile.
///
/// # Errors
/// A failed build, or no `arkes` executable among cargo's artifacts.
pub fn game_binary() -> Result<PathBuf, String> {
    built_executable("arkes", "bin")
}

/// The executable `name` of `kind` (`bin`, `example`) that the test build
/// makes (see [`game_binary`]).
///
/// # Errors
/// A failed build, or no such executable among cargo's artifacts.
pub fn built_executable(name: &str, kind: &str) -> Result<PathBuf, String> {
    let mut cmd = cargo();
    // With the same wrapper as the test step, or it would compile the
    // workspace's crates again.
    with_lints(&mut cmd).args([
        "test",
        "--workspace",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ]);
    let shown = format!("{cmd:?}").replace('"', "");
    println!("$ {shown}");
    let out = cmd.stderr(Stdio::inherit()).output().map_err(|e| format!("cannot run {shown}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{shown} failed ({})", out.status));
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["profile"]["test"] == false)
        .filter(|m| m["target"]["name"] == name && m["target"]["kind"][0] == kind)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| format!("cargo test --no-run built no `{name}` {kind}"))
}

/// An X server on a free display, stopped on drop.
pub struct Xvfb {
    child: Child,
    /// The display name, like `:93`.
    pub display: String,
}

impl Xvfb {
    /// Starts Xvfb with one 1280×720 screen on a free display. A server
    /// that exits at once (a display still held by a server just stopped)
    /// is retried on the next display, up to three times.
    ///
    /// # Errors
    /// No free display, or no server running after three tries (with the
    /// last one's own message).
    pub fn start() -> Result<Xvfb, String> {
        let mut last_error = String::new();
        let mut skip = Vec::new();
        for _ in 0..3 {
            let n = (90..120)
                .find(|n| !skip.contains(n) && !Path::new(&format!("/tmp/.X{n}-lock")).exists())
                .ok_or("no free X display between :90 and :119")?;
            skip.push(n);
            match Xvfb::start_on(n) {
                Ok(server) => return Ok(server),
                Err(e) => {
                    println!("xtask: Xvfb on :{n}: {e}");
                    last_error = e;
                }
            }
        }
        Err(format!("Xvfb did not start: {last_error}"))
    }

    fn start_on(n: u32) -> Result<Xvfb, String> {
        let display = format!(":{n}");
        let log = std::env::temp_dir().join(format!("arkes-xvfb-{n}.log"));
        let stderr = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let mut child = Command::new("Xvfb")
            .args([&display, "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-ac"])
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot start Xvfb: {e}"))?;
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let start = Instant::now();
        let said = || {
            std::fs::read_to_string(&log).unwrap_or_default().trim().lines().last().unwrap_or("").to_owned()
        };
        while !socket.exists() {
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("exited ({status}): {}", said()));
            }
            if start.elapsed() > Duration::from_secs(30) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no socket after 30 s: {}", said()));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(Xvfb { child, display })
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Killed servers leave their lock and socket behind.
        let n = self.display.trim_start_matches(':');
        let _ = std::fs::remove_file(format!("/tmp/.X{n}-lock"));
        let _ = std::fs::remove_file(format!("/tmp/.X11-unix/X{n}"));
    }
}

/// The game running in automation mode; killed on drop.
pub struct GameProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Value>,
    /// Every event received so far.
    pub log: Vec<Value>,
}

impl GameProcess {
    /// Starts `binary` with `args` on `display`, in automation mode, keeping
    /// its files in `data` (never the player's own saves).
    pub fn spawn(binary: &Path, args: &[&str], display: &str, data: &Path) -> Result<GameProcess, String> {
        let mut child = Command::new(binary)
            .arg("--automation")
            .args(args)
            .env("DISPLAY", display)
            .env("ARKES_DATA_DIR", data)
            .env("WGPU_BACKEND", "vulkan")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, events) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(value) = serde_json::from_str::<Value>(&line)
                    && sender.send(value).is_err()
                {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(GameProcess { child, stdin, events, log: Vec::new() })
    }

    /// Waits for the next event named `name`, up to `timeout`.
    pub fn wait_for(&mut self, name: &str, timeout: Duration) -> Result<Value, String> {
        self.wait_for_any(&[name], timeout)
    }

    /// Waits for the next event named one of `names`, up to `timeout`.
    pub fn wait_for_any(&mut self, names: &[&str], timeout: Duration) -> Result<Value, String> {
        let name = names.join("` or `");
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) => {
                    self.log.push(event.clone());
                    if names.iter().any(|n| event["event"] == *n) {
                        return Ok(event);
                    }
                    if event["event"] == "error" {
                        return Err(format!("the game reported an error: {event}"));
                    }
                    if event["event"] == "missing-translation" {
                        return Err(format!("the game shows a text with no translation: {event}"));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no `{name}` event within {} s", timeout.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().map(|s| s.to_string()).unwrap_or_default();
                    return Err(format!("the game exited ({status}) before a `{name}` event"));
                }
            }
        }
    }

    /// Sends one automation command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin closed")?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot talk to the game: {e}"))
    }

    /// Asks the game to quit and waits for it (killing it after `timeout`).
    pub fn quit(mut self, timeout: Duration) -> Result<(), String> {
        let _ = self.send("quit");
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(status)) = self.child.try_wait() {
                return if status.success() { Ok(()) } else { Err(format!("the game exited with {status}")) };
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err("the game did not quit".into())
    }

    /// Kills the game at once (SIGKILL).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GameProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The window coordinates of `cell` in a `ready`/`view` event.
pub fn cell_xy(view: &Value, cell: &str) -> Result<(i64, i64), String> {
    let p = &view["cells"][cell];
    match (p[0].as_f64(), p[1].as_f64()) {
        (Some(x), Some(y)) => Ok((x.round() as i64, y.round() as i64)),
        _ => Err(format!("no screen position for {cell} in {view}")),
    }
}

/// Clicks at window coordinates with real X11 input, at a person's speed:
/// move there, a short pause, press for 100 ms, release, a short pause
/// (the game draws a few frames a second here, so press and release often
/// fall in one frame).
pub fn xdotool_click(display: &str, (x, y): (i64, i64)) -> Result<(), String> {
    run(Command::new("xdotool")
        .env("DISPLAY", display)
        .args(["mousemove", "--sync", &x.to_string(), &y.to_string(), "sleep", "0.4", "mousedown", "1"])
        .args(["sleep", "0.1", "mouseup", "1", "sleep", "0.5"]))
}

/// The quickest click: the pointer moves there and, without a pause,
/// presses and releases at once (`xdotool click`), all in one frame.
pub fn xdotool_quick_click(display: &str, (x, y): (i64, i64)) -> Result<(), String> {
    run(Command::new("xdotool").env("DISPLAY", display).args([
        "mousemove",
        "--sync",
        &x.to_string(),
        &y.to_string(),
        "click",
        "1",
        "sleep",
        "0.5",
    ]))
}

/// An RGB screenshot.
pub struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Shot {
    /// Reads a PNG written by the game.
    pub fn load(path: &Path) -> Result<Shot, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| format!("{}: {e}", path.display()))?;
        let mut buffer = vec![0; reader.output_buffer_size().ok_or("PNG too large")?];
        let info = reader.next_frame(&mut buffer).map_err(|e| format!("{}: {e}", path.display()))?;
        let channels = info.color_type.samples();
        let rgb = buffer[..info.buffer_size()].chunks(channels).flat_map(|p| [p[0], p[1], p[2]]).collect();
        Ok(Shot { width: info.width as usize, height: info.height as usize, rgb })
    }

    /// The mean colour of the (2r+1)² pixels around `(x, y)`.
    pub fn mean(&self, (x, y): (i64, i64), r: i64) -> [f32; 3] {
        let mut sum = [0.0; 3];
        let mut n: f32 = 0.0;
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (x + dx, y + dy);
                if px < 0 || py < 0 || px as usize >= self.width || py as usize >= self.height {
                    continue;
                }
                let i = (py as usize * self.width + px as usize) * 3;
                for (c, s) in sum.iter_mut().enumerate() {
                    *s += f32::from(self.rgb[i + c]);
                }
                n += 1.0;
            }
        }
        sum.map(|s| s / n.max(1.0))
    }

    /// Standard deviation of the grey level over the whole image.
    pub fn contrast(&self) -> f32 {
        let greys: Vec<f32> =
            self.rgb.chunks(3).map(|p| (f32::from(p[0]) + f32::from(p[1]) + f32::from(p[2])) / 3.0).collect();
        let mean = greys.iter().sum::<f32>() / greys.len().max(1) as f32;
        (greys.iter().map(|g| (g - mean).powi(2)).sum::<f32>() / greys.len().max(1) as f32).sqrt()
    }

    /// Size in pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }
}

/// Whether a colour reads as gold (the golden cell).
///
/// Bright and strongly saturated towards orange-yellow: the board's wood
/// (about `[205, 155, 105]`, saturation ≈ 0.5) does not pass.
pub fn is_gold([r, g, b]: [f32; 3]) -> bool {
    let saturation = (r - b) / r.max(1.0);
    r > 180.0 && g > 110.0 && g < r && b < g && saturation > 0.6
}

/// Whether a colour reads as South's vermillion.
pub fn is_south([r, g, b]: [f32; 3]) -> bool {
    r > 130.0 && r > g + 50.0 && r > b + 70.0
}

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

/// An empty folder `name` under the target folder.
pub fn fresh_dir(target_dir: &Path, name: &str) -> Result<PathBuf, String> {
    let dir = target_dir.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
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

/// Position of button `id` in the last `screen` event.
fn button_xy(screen: &Value, id: &str) -> Result<(i64, i64), String> {
    let p = &screen["buttons"][id];
    match (p[0].as_f64(), p[1].as_f64()) {
        (Some(x), Some(y)) => Ok((x.round() as i64, y.round() as i64)),
        _ => Err(format!("no button `{id}` in {screen}")),
    }
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
