//! The browser build: the game for `wasm32-unknown-unknown` with the
//! `wasm-release` profile, a pinned `wasm-bindgen` (installed into the build
//! folder, not globally), a self-contained site in `<target>/web/`, kept
//! when nothing it is built from has changed; and the same build in the
//! background beside the native tests. With rustup's wasm32 target
//! installed it uses plain `cargo`; otherwise, on Debian 12, it installs and
//! uses Debian's `rustc-web`, which builds std for wasm32 itself.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use super::site;
use crate::system::{cargo, ensure_packages, minutes, run};

/// The Debian packages of the `rustc-web` route (Rust 1.96 with its std
/// source, and LLVM's wasm linker).
const RUSTC_WEB_PACKAGES: &[&str] = &["rustc-web", "cargo-web", "rust-web-src", "lld-22"];

/// How to compile for wasm32 on this machine.
pub(super) enum Toolchain {
    /// rustup's `wasm32-unknown-unknown` target.
    Rustup,
    /// Debian's `rustc-web` with `-Zbuild-std`.
    DebianRustcWeb,
}

pub(super) fn detect_toolchain() -> Result<Toolchain, String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output().is_ok_and(|o| {
        String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == "wasm32-unknown-unknown")
    });
    if installed {
        return Ok(Toolchain::Rustup);
    }
    println!("xtask: rustup's wasm32 target is not installed; using Debian's rustc-web");
    ensure_packages(RUSTC_WEB_PACKAGES, "Debian's Rust for the web (rustc-web) and the wasm linker")?;
    if !Path::new("/usr/bin/rustc").exists() || !Path::new("/usr/lib/llvm-22/bin/wasm-ld").exists() {
        return Err("no wasm32 toolchain: run `rustup target add wasm32-unknown-unknown`, \
                    or install Debian 12's rustc-web, rust-web-src and lld-22"
            .into());
    }
    Ok(Toolchain::DebianRustcWeb)
}

/// `cargo build` for wasm32 with the toolchain found.
fn wasm_cargo(toolchain: &Toolchain, wasm_target_dir: &Path) -> Command {
    let mut cmd = match toolchain {
        Toolchain::Rustup => cargo(),
        Toolchain::DebianRustcWeb => {
            let mut c = Command::new("/usr/bin/cargo");
            c.env("RUSTC", "/usr/bin/rustc")
                .env("RUSTDOC", "/usr/bin/rustdoc")
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", "/usr/lib/llvm-22/bin/wasm-ld");
            c
        }
    };
    // A folder of its own, so a web build never waits for a native one; no
    // lint wrapper of a native build (clippy-driver of another toolchain).
    cmd.env("CARGO_TARGET_DIR", wasm_target_dir)
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CLIPPY_ARGS")
        .arg("build");
    if matches!(toolchain, Toolchain::DebianRustcWeb) {
        cmd.arg("-Zbuild-std=std,panic_abort");
    }
    cmd.args(["--target", "wasm32-unknown-unknown", "--profile", "wasm-release"]);
    cmd
}

/// The `wasm-bindgen` version `Cargo.lock` pins (the CLI must match it).
fn bindgen_version(workspace: &Path) -> Result<String, String> {
    let lock =
        std::fs::read_to_string(workspace.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\""
            && let Some(version) = lines.next().and_then(|l| l.trim().strip_prefix("version = \""))
        {
            return Ok(version.trim_end_matches('"').to_owned());
        }
    }
    Err("Cargo.lock has no wasm-bindgen".into())
}

/// The pinned `wasm-bindgen` CLI, installed into `<target>/web-tools` if missing.
fn bindgen(target_dir: &Path, version: &str) -> Result<PathBuf, String> {
    let root = target_dir.join("web-tools").join(format!("wasm-bindgen-{version}"));
    let binary = root.join("bin").join("wasm-bindgen");
    if binary.exists() {
        return Ok(binary);
    }
    println!("xtask: installing wasm-bindgen-cli {version} into {}", root.display());
    // A build folder of its own: the native build's may be locked by a
    // `cargo test` running beside this build (`cargo xtask test`).
    let build = target_dir.join("web-tools").join("build");
    // Beside the wasm build (see `build`), at a lower priority than it, so
    // the wasm build, the longer one, keeps the processor when it wants it.
    let mut cmd = Command::new("nice");
    cmd.args(["-n", "5"]).arg(cargo().get_program());
    run(cmd
        .env("CARGO_TARGET_DIR", &build)
        // Only the `wasm-bindgen` program, without the test runner's TLS
        // (rustls and its C and assembly code): the site needs nothing else.
        .args(["install", "wasm-bindgen-cli", "--version", version])
        .args(["--no-default-features", "--bin", "wasm-bindgen", "--root"])
        .arg(&root))?;
    Ok(binary)
}

/// Builds `bin` (the game, or the bare-scene example for comparisons) and
/// writes the site (or just the bound wasm) into `out`.
pub fn build(
    workspace: &Path,
    target_dir: &Path,
    example: Option<&str>,
    out: &Path,
) -> Result<PathBuf, String> {
    let toolchain = detect_toolchain()?;
    // The game's site is not built again when nothing it is built from has
    // changed since the last build (a new clone of the same commit, in CI).
    let stamp = inputs_stamp(out);
    let inputs = if example.is_none() { site_inputs(workspace, &toolchain) } else { None };
    if let Some(inputs) = &inputs
        && std::fs::read_to_string(&stamp).is_ok_and(|s| s == *inputs)
        && SITE_FILES.iter().all(|f| out.join(f).is_file())
        && let Some(wasm) = site::game_wasm(out)
    {
        println!(
            "xtask: the site in {} is up to date: nothing it is built from changed since its build ({})",
            out.display(),
            stamp.display()
        );
        return Ok(wasm);
    }
    // From here the site no longer matches the stamp, whatever happens.
    match std::fs::remove_file(&stamp) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", stamp.display())),
    }
    let started = std::time::SystemTime::now();
    let wasm_target_dir = target_dir.join("wasm");
    let mut cmd = wasm_cargo(&toolchain, &wasm_target_dir);
    cmd.current_dir(workspace).args(["--package", "arkes"]);
    let name = match example {
        Some(e) => {
            cmd.args(["--example", e]);
            e.to_owned()
        }
        None => {
            // With the computer players' Web Worker, a module of its own.
            cmd.args(["--bin", "arkes", "--package", "ai_worker", "--bin", "ai_worker"]);
            "arkes".to_owned()
        }
    };
    // The pinned wasm-bindgen CLI (when not yet installed) builds beside
    // the wasm rather than after it (a fresh build took 21 min 10 s, then
    // the CLI 2 min 38 s): it fills what the wasm build leaves idle (it
    // compiles some large crates alone, in one codegen unit each). Both
    // cores were busy all along in a fresh run, so the gain is small.
    let version = bindgen_version(workspace)?;
    let (built, bindgen) = std::thread::scope(|scope| {
        let tool = scope.spawn(|| bindgen(target_dir, &version));
        let built = run(&mut cmd);
        (built, tool.join().unwrap_or_else(|_| Err("installing wasm-bindgen-cli panicked".into())))
    });
    built?;
    let bindgen = bindgen?;
    let profile_dir = wasm_target_dir.join("wasm32-unknown-unknown").join("wasm-release");
    let wasm = match example {
        Some(e) => profile_dir.join("examples").join(format!("{e}.wasm")),
        None => profile_dir.join("arkes.wasm"),
    };
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let bind = |wasm: &Path, name: &str| {
        run(Command::new(&bindgen)
            .args(["--target", "web", "--no-typescript"])
            .args(["--remove-name-section", "--remove-producers-section"])
            .args(["--out-name", name, "--out-dir"])
            .arg(out)
            .arg(wasm))
    };
    bind(&wasm, "app")?;
    let bound = if example.is_none() {
        bind(&profile_dir.join("ai_worker.wasm"), "ai_worker")?;
        let names = site::content_address(out)?;
        site::write_pages(&workspace.join("web"), out, &names)?;
        let sizes = site::precompress(out, BROTLI_QUALITY)?;
        report_sizes(&sizes);
        out.join(&names.app_wasm)
    } else {
        out.join("app_bg.wasm")
    };
    let size = std::fs::metadata(&bound).map(|m| m.len()).unwrap_or(0);
    println!("xtask: {name} built into {} ({:.1} MB of wasm)", out.display(), size as f64 / 1e6);
    // Stamped only if nothing changed while it was being built (not even
    // changed and changed back: no file is newer than the build).
    if let Some(inputs) = inputs
        && site_inputs(workspace, &toolchain).as_ref() == Some(&inputs)
        && !touched_since(workspace, &inputs, started)
    {
        std::fs::write(&stamp, inputs).map_err(|e| format!("{}: {e}", stamp.display()))?;
    }
    Ok(bound)
}

/// Brotli's quality for the site's `.br` files (0–11).
const BROTLI_QUALITY: u32 = 11;

/// Prints the sizes of the site's compressed files, and their totals.
fn report_sizes(sizes: &[site::Compressed]) {
    let mb = |b: u64| b as f64 / 1e6;
    for s in sizes {
        println!(
            "xtask:   {:<36} {:>7.2} MB, gzip {:>6.2} MB, brotli {:>6.2} MB",
            s.file,
            mb(s.raw),
            mb(s.gzip),
            mb(s.brotli)
        );
    }
    let total = |f: fn(&site::Compressed) -> u64| sizes.iter().map(f).sum::<u64>();
    println!(
        "xtask: the site's compressed files: {:.2} MB, gzip {:.2} MB, brotli {:.2} MB",
        mb(total(|s| s.raw)),
        mb(total(|s| s.gzip)),
        mb(total(|s| s.brotli))
    );
}

/// The files a built site of the game must have.
const SITE_FILES: &[&str] = &["index.html", "sw.js"];

/// Paths of the repository that the site is not built from (pathspecs).
const NOT_SITE_INPUTS: &[&str] = &["README.md", "docs", ".ci", "tests", "web/tests"];

/// Where the inputs of the site in `out` are written after a build
/// (`<target>/web-inputs.txt` for `<target>/web`).
fn inputs_stamp(out: &Path) -> PathBuf {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    out.with_file_name(format!("{name}-inputs.txt"))
}

/// Whether any file listed in `inputs` ([`site_inputs`]: `git ls-files
/// --stage` lines, `mode id stage<TAB>path`) was modified after `since`.
fn touched_since(workspace: &Path, inputs: &str, since: std::time::SystemTime) -> bool {
    inputs.lines().filter_map(|l| l.split_once('\t')).any(|(_, path)| {
        std::fs::symlink_metadata(workspace.join(path)).and_then(|m| m.modified()).is_ok_and(|t| t > since)
    })
}

/// What the game's site is built from, as text: git's object id of every
/// committed file it can depend on (all but [`NOT_SITE_INPUTS`]; read
/// from the index, which matches `HEAD` when nothing is changed), the
/// compiler's and linker's versions and the build's flags from the
/// environment. Two builds with the same text build the same site.
///
/// `None`, so the site is built, when this cannot be told from git: no
/// git, not a repository, or files changed or added but not committed.
fn site_inputs(workspace: &Path, toolchain: &Toolchain) -> Option<String> {
    let output = |cmd: &mut Command| -> Option<String> {
        let out = cmd.stderr(Stdio::null()).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let git = || {
        let mut c = Command::new("git");
        c.arg("-C").arg(workspace);
        c
    };
    let excluded: Vec<String> = NOT_SITE_INPUTS.iter().map(|p| format!(":(exclude){p}")).collect();
    let changes =
        output(git().args(["status", "--porcelain", "--untracked-files=all", "--", "."]).args(&excluded))?;
    if !changes.trim().is_empty() {
        return None;
    }
    let files = output(git().args(["ls-files", "--stage", "--", "."]).args(&excluded))?;
    let mut text = files;
    let compiler = match toolchain {
        Toolchain::Rustup => {
            output(Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())).arg("-vV"))
        }
        Toolchain::DebianRustcWeb => {
            let rustc = output(Command::new("/usr/bin/rustc").arg("-vV"))?;
            let linker = output(Command::new("/usr/lib/llvm-22/bin/wasm-ld").arg("--version"))?;
            Some(rustc + &linker)
        }
    }?;
    text.push_str(&compiler);
    let mut flags: Vec<(String, String)> = std::env::vars()
        .filter(|(k, _)| {
            k == "RUSTFLAGS"
                || k == "CARGO_ENCODED_RUSTFLAGS"
                || k.starts_with("CARGO_PROFILE_")
                || k.starts_with("CARGO_BUILD_")
                || k.starts_with("CARGO_TARGET_WASM32_")
        })
        .collect();
    flags.sort();
    for (k, v) in flags {
        text.push_str(&format!("{k}={v}\n"));
    }
    Some(text)
}

/// The browser build (`cargo xtask web`) running beside the tests of
/// `cargo xtask test`, at a lower priority (`nice 10`), its output in
/// `<target>/logs/web-build.log`.
///
/// The wasm build has a target folder of its own (`<target>/wasm`, and
/// `<target>/web-tools/build` for the `wasm-bindgen` CLI), so it never waits
/// for cargo's lock on the native one. It fills what the tests leave idle,
/// and the tests keep the processor when they want it. Dropped before
/// [`BackgroundBuild::wait`], it stops the build (its whole process
/// group).
pub struct BackgroundBuild {
    /// The process group of the build (its first process's id).
    group: u32,
    /// When the build started.
    started: Instant,
    /// The build's exit status and when it ended, once it has.
    ended: Receiver<(std::io::Result<ExitStatus>, Instant)>,
    /// The build's output.
    log: PathBuf,
    /// Whether the build has ended (nothing left to stop).
    finished: bool,
}

/// Lines of the build's log shown after it fails.
const LOG_TAIL_ON_FAILURE: usize = 60;

impl BackgroundBuild {
    /// Starts `cargo xtask web` (this program, with `web`) in the background.
    ///
    /// # Errors
    /// The log file cannot be created, or the build cannot start.
    pub fn start(target_dir: &Path) -> Result<BackgroundBuild, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find the xtask program: {e}"))?;
        let log = target_dir.join("logs").join("web-build.log");
        let parent = log.parent().expect("a folder");
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        let file = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let err = file.try_clone().map_err(|e| format!("{}: {e}", log.display()))?;
        let mut cmd = Command::new("nice");
        cmd.args(["-n", "10"])
            .arg(exe)
            .arg("web")
            .stdin(Stdio::null())
            .stdout(file)
            .stderr(err)
            .process_group(0);
        println!("$ nice -n 10 cargo xtask web > {} (in the background)", log.display());
        let mut child = cmd.spawn().map_err(|e| format!("cannot start the web build: {e}"))?;
        let group = child.id();
        let (send, ended) = channel();
        std::thread::spawn(move || {
            let status = child.wait();
            let _ = send.send((status, Instant::now()));
        });
        Ok(BackgroundBuild { group, started: Instant::now(), ended, log, finished: false })
    }

    /// Waits for the build to end; returns how long it took from its start.
    ///
    /// # Errors
    /// The build failed: the error has the end of its log.
    pub fn wait(mut self) -> Result<Duration, String> {
        let (status, ended) =
            self.ended.recv().map_err(|_| "the web build's watcher stopped unexpectedly".to_owned())?;
        self.finished = true;
        let took = ended.duration_since(self.started);
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        match status {
            Ok(s) if s.success() => {
                // The build's own last word (`xtask: arkes built into …`).
                if let Some(last) = lines.iter().rev().find(|l| l.starts_with("xtask:")) {
                    println!("{last}");
                }
                println!("xtask: the web build took {} (log: {})", minutes(took), self.log.display());
                Ok(took)
            }
            other => {
                let tail = lines[lines.len().saturating_sub(LOG_TAIL_ON_FAILURE)..].join("\n");
                let why = match other {
                    Ok(s) => s.to_string(),
                    Err(e) => e.to_string(),
                };
                Err(format!("the web build failed ({why}); the end of {}:\n{tail}", self.log.display()))
            }
        }
    }
}

impl Drop for BackgroundBuild {
    fn drop(&mut self) {
        if !self.finished {
            println!("xtask: stopping the web build");
            let _ = Command::new("kill").args(["-TERM", "--", &format!("-{}", self.group)]).status();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A git repository in a new temporary folder, removed when dropped.
    struct Repo(PathBuf);

    impl Repo {
        fn new(name: &str) -> Repo {
            let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let repo = Repo(dir);
            repo.git(&["init", "--quiet"]);
            repo
        }

        fn git(&self, args: &[&str]) {
            let status = Command::new("git")
                .arg("-C")
                .arg(&self.0)
                .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
                .args(args)
                .status()
                .unwrap();
            assert!(status.success(), "git {args:?}");
        }

        fn write(&self, file: &str, text: &str) {
            let path = self.0.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }

        fn commit(&self) {
            self.git(&["add", "-A"]);
            self.git(&["commit", "--quiet", "-m", "c"]);
        }

        fn inputs(&self) -> Option<String> {
            site_inputs(&self.0, &Toolchain::Rustup)
        }
    }

    impl Drop for Repo {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn the_site_inputs_change_with_committed_sources_only() {
        let repo = Repo::new("site-inputs");
        repo.write("src/main.rs", "fn main() {}");
        repo.write("README.md", "# one");
        repo.commit();
        let first = repo.inputs().expect("a clean tree has inputs");
        assert!(first.contains("src/main.rs"), "{first}");

        repo.write("README.md", "# two");
        repo.write("tests/app.rs", "// a test");
        repo.commit();
        assert_eq!(repo.inputs().as_ref(), Some(&first), "the README and the tests are not inputs");
        repo.write("tests/new.rs", "// not committed");
        assert_eq!(repo.inputs().as_ref(), Some(&first), "nor uncommitted tests");

        repo.write("src/main.rs", "fn main() { println!() }");
        assert_eq!(repo.inputs(), None, "a changed source: no inputs, the site is built");
        repo.commit();
        let second = repo.inputs().expect("committed again");
        assert_ne!(second, first, "a committed change of a source changes the inputs");

        repo.write("src/extra.rs", "// untracked");
        assert_eq!(repo.inputs(), None, "an untracked source: the site is built");
    }

    #[test]
    fn a_source_touched_during_the_build_is_seen() {
        let repo = Repo::new("touched");
        repo.write("src/main.rs", "fn main() {}");
        repo.commit();
        let inputs = repo.inputs().expect("a clean tree has inputs");
        let before = std::time::SystemTime::now();
        assert!(!touched_since(&repo.0, &inputs, before));
        std::thread::sleep(Duration::from_millis(20));
        // Changed and changed back: the same content, a newer file.
        repo.write("src/main.rs", "fn main() {}");
        assert_eq!(repo.inputs().as_ref(), Some(&inputs));
        assert!(touched_since(&repo.0, &inputs, before));
    }

    #[test]
    fn the_stamp_lies_beside_the_site() {
        assert_eq!(inputs_stamp(Path::new("/t/web")), Path::new("/t/web-inputs.txt"));
    }
}
