//! End-to-end tests of the real game binary: a real window under Xvfb with
//! Mesa's software Vulkan (lavapipe), real X11 input with xdotool, and the
//! game's automation events (JSON lines) and screenshots.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::system::{cargo, ensure_packages, run};

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
    let mut cmd = cargo();
    cmd.args(["test", "--workspace", "--no-run", "--message-format=json-render-diagnostics"]);
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
        .filter(|m| m["target"]["name"] == "arkes" && m["target"]["kind"][0] == "bin")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| "cargo test --no-run built no `arkes` executable".into())
}

/// An X server on a free display, stopped on drop.
pub struct Xvfb {
    child: Child,
    /// The display name, like `:93`.
    pub display: String,
}

impl Xvfb {
    /// Starts Xvfb with one 1280×720 screen.
    pub fn start() -> Result<Xvfb, String> {
        let n = (90..120)
            .find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists())
            .ok_or("no free X display between :90 and :119")?;
        let display = format!(":{n}");
        let child = Command::new("Xvfb")
            .args([&display, "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-ac"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start Xvfb: {e}"))?;
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let start = Instant::now();
        while !socket.exists() {
            if start.elapsed() > Duration::from_secs(20) {
                return Err("Xvfb did not start".into());
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
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) => {
                    self.log.push(event.clone());
                    if event["event"] == name {
                        return Ok(event);
                    }
                    if event["event"] == "error" {
                        return Err(format!("the game reported an error: {event}"));
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

/// Clicks at window coordinates with real X11 input: move, pause, press,
/// pause, release (the game runs at a few frames per second here).
pub fn xdotool_click(display: &str, (x, y): (i64, i64)) -> Result<(), String> {
    run(Command::new("xdotool")
        .env("DISPLAY", display)
        .args(["mousemove", "--sync", &x.to_string(), &y.to_string(), "sleep", "1.5", "mousedown", "1"])
        .args(["sleep", "0.8", "mouseup", "1", "sleep", "0.8"]))
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
/// a destination with xdotool, wait for the move, and check a screenshot.
pub fn native_window_test(target_dir: &Path, binary: &Path) -> Result<(), String> {
    ensure_packages(PACKAGES, "an X server, Mesa's software Vulkan and xdotool for the real-window test")?;
    let shots = target_dir.join("e2e");
    std::fs::create_dir_all(&shots).map_err(|e| format!("{}: {e}", shots.display()))?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-data")?;
    let mut game = GameProcess::spawn(binary, &["--new", "--window", "1280x720"], &x.display, &data)?;
    let ready = game.wait_for("ready", Duration::from_secs(240))?;
    println!("e2e: the game is ready");
    xdotool_click(&x.display, cell_xy(&ready, "b1")?)?;
    xdotool_click(&x.display, cell_xy(&ready, "b2")?)?;
    let mv = game.wait_for("move", Duration::from_secs(120))?;
    if mv["notation"] != "b1-b2" {
        return Err(format!("expected the move b1-b2, got {mv}"));
    }
    let position = mv["position"].as_str().unwrap_or_default();
    if !position.contains("2 .  S  .") || !position.contains("1 .  .  S  S  Ss") {
        return Err(format!("the position after b1-b2 is wrong:\n{position}"));
    }
    println!("e2e: clicks on b1 then b2 played b1-b2");
    let view = game.wait_for("view", Duration::from_secs(120))?;
    let path = shots.join("native-after-b1-b2.png");
    game.send(&format!("screenshot {}", path.display()))?;
    game.wait_for("screenshot", Duration::from_secs(60))?;
    check_screenshot(&path, &view)?;
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
    let xy = (
        moved["screen"][0].as_f64().unwrap_or(-1.0) as i64,
        moved["screen"][1].as_f64().unwrap_or(-1.0) as i64,
    );
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
    let before = view["position"].as_str().unwrap_or_default().to_owned();
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
    let after = ready["position"].as_str().unwrap_or_default();
    if after != before {
        return Err(format!("Continue restored another position:\n{after}\ninstead of\n{before}"));
    }
    println!("e2e: Continue restored the position from before the kill");
    game.quit(Duration::from_secs(30))
}

/// Screenshots of every screen in every language, under `target/screens/`.
pub fn screens_screenshots(target_dir: &Path, binary: &Path) -> Result<(), String> {
    let shots = fresh_dir(target_dir, "screens")?;
    let x = Xvfb::start()?;
    let data = fresh_dir(target_dir, "e2e-screens-data")?;
    let mut game = GameProcess::spawn(binary, &[], &x.display, &data)?;
    game.wait_for("screen", Duration::from_secs(240))?;
    for language in ["en", "fr"] {
        game.send(&format!("lang {language}"))?;
        for screen in ["title", "new-game", "settings", "rules", "load", "gameplay", "paused"] {
            if screen == "paused" {
                game.send("overlay paused")?;
            } else {
                game.send(&format!("goto {screen}"))?;
            }
            let event = game.wait_for("screen", Duration::from_secs(60))?;
            if event["language"] != language {
                return Err(format!("the {screen} screen is not in {language}: {event}"));
            }
            let path = shots.join(format!("{language}-{screen}.png"));
            game.send(&format!("screenshot {}", path.display()))?;
            game.wait_for("screenshot", Duration::from_secs(60))?;
            let shot = Shot::load(&path)?;
            if shot.contrast() < 12.0 {
                return Err(format!("{} looks blank", path.display()));
            }
        }
    }
    println!("e2e: screenshots of every screen in English and French in {}", shots.display());
    game.quit(Duration::from_secs(30))
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
        // The first frames after `ready` may show only the interface while
        // lavapipe still compiles the board's shaders: try a few times.
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
