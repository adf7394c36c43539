//! The signalling server of online games: `matchbox_server`, run as
//! published (installed pinned under `<target>/tools`, as `wasm-bindgen`
//! and `cargo-mutants` are) and bound to 127.0.0.1 (its own default is
//! every interface).

use std::net::{Ipv4Addr, SocketAddrV4, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::system::{cargo, run};

/// The `matchbox_server` version installed (the one matching
/// `bevy_matchbox` 0.15).
const VERSION: &str = "0.15.0";

/// The port the game looks for the server on by default.
pub const DEFAULT_PORT: u16 = 3536;

/// `matchbox_server`, installed into `<target>/tools` if missing.
///
/// Built in a folder of its own (`<target>/tools/build`), so it never waits
/// for cargo's lock on the native build beside it, at the lowest priority
/// (`nice 19`): `cargo xtask test` installs it while the native test build
/// runs, which keeps the processor when it wants it. Built without
/// optimisation (`--debug`), which takes about half the processor time of
/// a release build: a signalling server only introduces the peers.
///
/// # Errors
/// `cargo install` failing.
pub fn installed(target_dir: &Path) -> Result<PathBuf, String> {
    let root = target_dir.join("tools").join(format!("matchbox_server-{VERSION}"));
    let binary = root.join("bin").join("matchbox_server");
    if !binary.exists() {
        println!("xtask: installing matchbox_server {VERSION} into {}", root.display());
        let mut cmd = Command::new("nice");
        cmd.args(["-n", "19"]).arg(cargo().get_program());
        run(cmd
            .env("CARGO_TARGET_DIR", target_dir.join("tools").join("build"))
            .args(["install", "matchbox_server", "--version", VERSION, "--locked", "--debug", "--root"])
            .arg(&root))?;
    }
    Ok(binary)
}

/// A free TCP port on 127.0.0.1 (asked of the system; free when asked).
///
/// # Errors
/// No port could be had.
pub fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// A running `matchbox_server` on 127.0.0.1, stopped when dropped.
pub struct SignalServer {
    child: Child,
    /// Its port.
    pub port: u16,
}

impl SignalServer {
    /// Starts the server on 127.0.0.1:`port` and waits (up to 10 s) until it
    /// accepts connections.
    ///
    /// # Errors
    /// The server cannot start, exits, or does not listen in time.
    pub fn start(binary: &Path, port: u16, quiet: bool) -> Result<SignalServer, String> {
        let address = SocketAddrV4::new(Ipv4Addr::LOCALHOST, port);
        let mut command = Command::new(binary);
        command.arg(address.to_string());
        if quiet {
            command.stdout(Stdio::null()).stderr(Stdio::null());
        }
        let child = command.spawn().map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut server = SignalServer { child, port };
        let start = Instant::now();
        while TcpStream::connect(address).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(format!("matchbox_server exited at once ({status}); is port {port} taken?"));
            }
            if start.elapsed() > Duration::from_secs(10) {
                return Err(format!("matchbox_server does not listen on {address} after 10 s"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }
}

impl Drop for SignalServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `cargo xtask signal [--port N]`: runs the server in the foreground.
///
/// # Errors
/// A bad option, the install or the server failing.
pub fn signal_task(target_dir: &Path, args: &[String]) -> Result<(), String> {
    let mut port = DEFAULT_PORT;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--port" => port = it.next().and_then(|p| p.parse().ok()).ok_or("--port needs a number")?,
            other => return Err(format!("unknown option {other} for `cargo xtask signal`")),
        }
    }
    let binary = installed(target_dir)?;
    let mut server = SignalServer::start(&binary, port, false)?;
    println!(
        "xtask: signalling server on ws://127.0.0.1:{port} (Ctrl+C to stop); \
         players on this machine: --signal ws://127.0.0.1:{port}"
    );
    let status = server.child.wait().map_err(|e| e.to_string())?;
    Err(format!("matchbox_server stopped ({status})"))
}
