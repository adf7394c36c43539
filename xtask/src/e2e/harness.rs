//! The harness of the real-window tests: the game binary of the test build,
//! an X server (Xvfb) with Mesa's software Vulkan, the game as a child
//! process speaking automation JSON, and real X11 input with xdotool.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::system::{cargo, run, with_lints};

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

/// Position of button `id` in the last `screen` event.
pub fn button_xy(screen: &Value, id: &str) -> Result<(i64, i64), String> {
    let p = &screen["buttons"][id];
    match (p[0].as_f64(), p[1].as_f64()) {
        (Some(x), Some(y)) => Ok((x.round() as i64, y.round() as i64)),
        _ => Err(format!("no button `{id}` in {screen}")),
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

/// An empty folder `name` under the target folder.
pub fn fresh_dir(target_dir: &Path, name: &str) -> Result<PathBuf, String> {
    let dir = target_dir.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}
