//! `cargo xtask bench-online [--pairings N]`: how long a guest takes from
//! "join" to "connected" on loopback. For each pairing, the native online
//! peer (`examples/online_peer.rs`, the game's own plugins, headless) hosts
//! an ARKES game in a room of a real `matchbox_server` on 127.0.0.1; a
//! second one joins it; the time is the guest's, from its start to its
//! `connected` state (the WebRTC connection made and the host's game
//! received). Prints the median, the 95th percentile and the extremes.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::e2e;
use crate::signal::{SignalServer, free_port, installed};

/// A peer's JSON lines, read on a thread.
struct Peer {
    child: Child,
    lines: mpsc::Receiver<serde_json::Value>,
}

impl Peer {
    fn start(binary: &Path, args: &[&str]) -> Result<Peer, String> {
        let mut child = Command::new(binary)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the online peer: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(value) = serde_json::from_str(&line)
                    && send.send(value).is_err()
                {
                    break;
                }
            }
        });
        Ok(Peer { child, lines })
    }

    /// The first line with `"state": state` within `limit`.
    fn wait_state(&self, state: &str, limit: Duration) -> Result<serde_json::Value, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line["state"] == state => return Ok(line),
                Ok(_) => {}
                Err(_) => return Err(format!("no `{state}` within {} s", limit.as_secs())),
            }
        }
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the benchmark.
///
/// # Errors
/// Bad arguments, a failed build or install, or a pairing that never
/// connects.
pub fn bench_online(target_dir: &Path, args: &[String]) -> Result<(), String> {
    let pairings = match args {
        [] => 20,
        [flag, n] if flag == "--pairings" => n.parse().map_err(|e| format!("--pairings: {e}"))?,
        _ => return Err("usage: cargo xtask bench-online [--pairings N]".into()),
    };
    let peer = e2e::built_executable("online_peer", "example")?;
    let server = SignalServer::start(&installed(target_dir)?, free_port()?, true)?;
    let url = format!("ws://127.0.0.1:{}", server.port);
    let mut times = Vec::new();
    for i in 0..pairings {
        let host = Peer::start(
            &peer,
            &["--signal", &url, "--host", "arkes", "--seats", "human,remote", "--seconds", "60"],
        )?;
        let hosting = host.wait_state("hosting", Duration::from_secs(30))?;
        let room = hosting["room"].as_str().ok_or("no room in the host's line")?.to_owned();
        let start = Instant::now();
        let guest = Peer::start(&peer, &["--signal", &url, "--join", &room, "--seconds", "60"])?;
        guest.wait_state("connected", Duration::from_secs(30))?;
        let took = start.elapsed();
        println!("bench-online: pairing {}: {} ms", i + 1, took.as_millis());
        times.push(took.as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "bench-online: join to connected on loopback over {pairings} pairings: median {:.0} ms, \
         95th percentile {:.0} ms, fastest {:.0} ms, slowest {:.0} ms",
        at(0.5),
        at(0.95),
        times[0],
        times[times.len() - 1]
    );
    Ok(())
}
