//! Running commands and installing Debian packages.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Whether this process has already run `apt-get update` (once is enough).
static APT_UPDATED: AtomicBool = AtomicBool::new(false);

/// `cargo` as invoked by `cargo xtask` (the same toolchain).
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The `clippy-driver` beside the `cargo` running this task (a rustup
/// toolchain with clippy), if there is one.
pub fn clippy_driver() -> Option<std::path::PathBuf> {
    let cargo = std::path::PathBuf::from(std::env::var_os("CARGO")?);
    let driver = cargo.with_file_name(format!("clippy-driver{}", std::env::consts::EXE_SUFFIX));
    driver.is_file().then_some(driver)
}

/// Makes a cargo build of the workspace compile its own crates with
/// clippy's lints as errors (clippy-driver as `RUSTC_WORKSPACE_WRAPPER`),
/// when clippy is installed. Every test build of the tasks goes through
/// this, so they share one set of compiled crates: a build without the
/// wrapper would compile the workspace's crates again.
pub fn with_lints(cmd: &mut Command) -> &mut Command {
    if let Some(driver) = clippy_driver() {
        cmd.env("RUSTC_WORKSPACE_WRAPPER", driver)
            .env("CLIPPY_ARGS", "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__");
    }
    cmd
}

/// Runs `cmd`, echoing it; an error if it cannot start or fails.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}").replace('"', "");
    println!("$ {shown}");
    let status = cmd.status().map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{shown} failed ({status})")) }
}

fn is_installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", package])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("install ok installed"))
}

/// Makes sure the Debian/Ubuntu `packages` are installed, installing the
/// missing ones with apt-get (through sudo unless root) and saying so. On
/// other systems it only prints what is needed.
pub fn ensure_packages(packages: &[&str], why: &str) -> Result<(), String> {
    if !Path::new("/usr/bin/dpkg-query").exists() || !Path::new("/usr/bin/apt-get").exists() {
        println!(
            "xtask: not a Debian/Ubuntu system; make sure these are installed ({why}): {}",
            packages.join(" ")
        );
        return Ok(());
    }
    let missing: Vec<&str> = packages.iter().copied().filter(|p| !is_installed(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    println!("xtask: installing {why}: {}", missing.join(" "));
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let apt = |args: &[&str]| {
        let mut cmd = if root { Command::new("apt-get") } else { Command::new("sudo") };
        if !root {
            cmd.arg("apt-get");
        }
        cmd.env("DEBIAN_FRONTEND", "noninteractive").args(args);
        cmd
    };
    if !APT_UPDATED.swap(true, Ordering::Relaxed) {
        run(&mut apt(&["update", "-qq"]))?;
    }
    let mut install = apt(&["install", "-y", "-qq", "--no-install-recommends"]);
    install.args(&missing);
    run(&mut install)
}

/// The workspace root (the parent of this crate).
///
/// Read at run time (`cargo run` sets `CARGO_MANIFEST_DIR`): with a build
/// folder shared between clones, cargo may reuse an xtask binary built in
/// another clone, whose compile-time path would point there.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir.parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Where cargo puts builds: `CARGO_TARGET_DIR`, or `target/` in the workspace.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// `1m05s`-style wall time.
pub fn minutes(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}m{:02}s", s / 60, s % 60)
}
