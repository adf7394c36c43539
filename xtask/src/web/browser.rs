//! The browser test: what it needs installed (Node.js, Chromium; a test
//! that cannot run fails the command unless skipped on purpose), and
//! `web/tests/browser.mjs` run on the built site in headless Chromium.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::build::{build, detect_toolchain};
use crate::system::{ensure_packages, run};

/// Whether a command is on the PATH.
fn has_command(name: &str) -> bool {
    Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The environment variable that skips the browser test on purpose
/// (`ARKES_SKIP_BROWSER_TEST=1`): for a machine that cannot run Chromium.
/// `cargo xtask test` then says so in its last lines; without it, a browser
/// test that cannot run fails the command.
pub const SKIP_BROWSER_TEST: &str = "ARKES_SKIP_BROWSER_TEST";

/// Whether the browser test runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrowserTest {
    /// Everything it needs is installed.
    Run,
    /// Skipped on purpose ([`SKIP_BROWSER_TEST`]), for this reason.
    Skipped(String),
}

/// Installs what the browser test needs beyond the native build: Debian's
/// `rustc-web` when rustup has no wasm32 target, Node.js and Chromium.
///
/// # Errors
/// No wasm32 toolchain, Node.js or Chromium cannot be installed (saying
/// which package is missing and how to install it), unless
/// [`SKIP_BROWSER_TEST`] is set to `1`.
pub fn install_test_packages() -> Result<BrowserTest, String> {
    let opt_out = std::env::var(SKIP_BROWSER_TEST).ok();
    if let Some(plan) = skip_requested(opt_out.as_deref()) {
        return Ok(plan);
    }
    detect_toolchain()?;
    if !has_command("node") || !has_command("npm") {
        ensure_packages(&["nodejs", "npm"], "Node.js for the browser test")?;
    }
    let installed = ensure_packages(&["chromium"], "Chromium for the browser test");
    browser_plan(installed, Path::new(CHROMIUM).exists())
}

/// The skip asked for by [`SKIP_BROWSER_TEST`]'s value, if any (`1` only:
/// any other value is an error later, never a silent skip).
fn skip_requested(value: Option<&str>) -> Option<BrowserTest> {
    (value == Some("1")).then(|| BrowserTest::Skipped(format!("{SKIP_BROWSER_TEST}=1 is set")))
}

/// Whether the browser test can run, from the result of installing
/// Chromium and whether its binary is there.
///
/// # Errors
/// Chromium is missing: which package, and how to install it or skip.
fn browser_plan(installed: Result<(), String>, chromium_exists: bool) -> Result<BrowserTest, String> {
    let how = format!(
        "install Debian's `chromium` package (`sudo apt-get install chromium`), \
         or set {SKIP_BROWSER_TEST}=1 to skip the browser test on purpose"
    );
    if let Err(e) = installed {
        return Err(format!("the browser test needs Chromium, which cannot be installed here ({e}): {how}"));
    }
    if !chromium_exists {
        return Err(format!("the browser test needs Chromium at {CHROMIUM}, which is not there: {how}"));
    }
    Ok(BrowserTest::Run)
}

/// Debian's Chromium, which the browser test drives.
const CHROMIUM: &str = "/usr/bin/chromium";

/// The browser test: installs what it needs ([`install_test_packages`]),
/// builds the site and runs it ([`run_browser_test`]).
///
/// # Errors
/// A failed build or install, or any failed check of the test.
pub fn browser_test(workspace: &Path, target_dir: &Path) -> Result<(), String> {
    if let BrowserTest::Skipped(why) = install_test_packages()? {
        println!("xtask: SKIPPED the browser test ({why})");
        return Ok(());
    }
    build(workspace, target_dir, None, &target_dir.join("web"))?;
    run_browser_test(workspace, target_dir)
}

/// Runs the browser test on the site already built in `<target>/web`:
/// installs the pinned `playwright-core` (from `web/tests/package-lock.json`)
/// under `<target>/web-tools/node` and runs `web/tests/browser.mjs` in
/// Debian's Chromium, the site served by `site_server` (see
/// [`super::serve`]). Screenshots go to `<target>/web-shots`.
///
/// # Errors
/// A failed install, or any failed check of the test.
pub fn run_browser_test(workspace: &Path, target_dir: &Path) -> Result<(), String> {
    let site = target_dir.join("web");
    let tests = workspace.join("web").join("tests");
    let module = playwright_core(workspace, target_dir)?;
    // Online play: the pages meet through a real signalling server on a
    // free port of 127.0.0.1; the native peer is the `online_peer` example
    // (the game's own plugins, headless), built by the test build.
    let signal = crate::signal::SignalServer::start(
        &crate::signal::installed(target_dir)?,
        crate::signal::free_port()?,
        true,
    )?;
    let native_peer = crate::e2e::built_executable("online_peer", "example")?;
    // The site is served by the project's own server, as players get it.
    let site_server = super::serve::site_server()?;
    run(Command::new("node")
        .arg(tests.join("browser.mjs"))
        .arg(&site)
        .arg(target_dir.join("web-shots"))
        .env("PLAYWRIGHT_CORE", &module)
        .env("CHROMIUM", CHROMIUM)
        .env("SIGNAL_URL", format!("ws://127.0.0.1:{}", signal.port))
        .env("NATIVE_PEER", native_peer)
        .env("SITE_SERVER", site_server))
}

/// The pinned `playwright-core` (from `web/tests/package-lock.json`),
/// installed under `<target>/web-tools/node` when missing or of another
/// lock; its module's path.
///
/// # Errors
/// The lock cannot be read, or `npm ci` fails.
pub fn playwright_core(workspace: &Path, target_dir: &Path) -> Result<PathBuf, String> {
    let tests = workspace.join("web").join("tests");
    let node_dir = target_dir.join("web-tools").join("node");
    let lock = std::fs::read(tests.join("package-lock.json")).map_err(|e| format!("web/tests: {e}"))?;
    let installed = std::fs::read(node_dir.join("package-lock.json")).ok();
    let module = node_dir.join("node_modules").join("playwright-core").join("index.mjs");
    if installed.as_deref() != Some(lock.as_slice()) || !module.exists() {
        std::fs::create_dir_all(&node_dir).map_err(|e| format!("{}: {e}", node_dir.display()))?;
        for file in ["package.json", "package-lock.json"] {
            std::fs::copy(tests.join(file), node_dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        }
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&node_dir))?;
    }
    Ok(module)
}

/// `cargo xtask bench-web --against DIR [--rounds N]`: the frame times and
/// the coach's review of a recorded 100-ply 4-player game, of the site
/// built now (`<target>/web`) and of the site in `DIR` side by side in
/// headless Chromium (`web/tests/bench.mjs`), in rounds.
///
/// # Errors
/// A bad argument, a failed build or install, or a failed run.
pub fn bench_web(workspace: &Path, target_dir: &Path, args: &[String]) -> Result<(), String> {
    let (mut against, mut rounds) = (None, 3_u32);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--against" => against = Some(PathBuf::from(it.next().ok_or("--against needs a folder")?)),
            "--rounds" => rounds = it.next().and_then(|n| n.parse().ok()).ok_or("--rounds needs a number")?,
            other => return Err(format!("unknown option {other} for `cargo xtask bench-web`")),
        }
    }
    let against = against.ok_or("`cargo xtask bench-web` needs --against DIR (a site to compare with)")?;
    if !against.join("index.html").is_file() {
        return Err(format!("{} holds no site (no index.html)", against.display()));
    }
    if let BrowserTest::Skipped(why) = install_test_packages()? {
        return Err(format!("the web bench needs Chromium: {why}"));
    }
    let site = target_dir.join("web");
    build(workspace, target_dir, None, &site)?;
    let module = playwright_core(workspace, target_dir)?;
    let name = |p: &Path| p.file_name().map_or_else(|| "other".into(), |n| n.to_string_lossy().into_owned());
    run(Command::new("node")
        .arg(workspace.join("web").join("tests").join("bench.mjs"))
        .arg(rounds.to_string())
        .arg(format!("this-build={}", site.display()))
        .arg(format!("{}={}", name(&against), against.display()))
        .env("PLAYWRIGHT_CORE", &module)
        .env("CHROMIUM", CHROMIUM)
        .env("SITE_SERVER", super::serve::site_server()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_test_that_cannot_run_is_an_error_naming_the_package() {
        let missing = browser_plan(Err("apt-get failed".into()), false).unwrap_err();
        assert!(missing.contains("chromium") && missing.contains(SKIP_BROWSER_TEST), "{missing}");
        let absent = browser_plan(Ok(()), false).unwrap_err();
        assert!(absent.contains(CHROMIUM) && absent.contains("apt-get install chromium"), "{absent}");
        assert_eq!(browser_plan(Ok(()), true), Ok(BrowserTest::Run));
    }

    #[test]
    fn only_an_explicit_opt_out_skips_the_browser_test() {
        assert_eq!(skip_requested(None), None);
        assert_eq!(skip_requested(Some("0")), None);
        assert_eq!(skip_requested(Some("yes")), None);
        assert!(
            matches!(skip_requested(Some("1")), Some(BrowserTest::Skipped(why)) if why.contains(SKIP_BROWSER_TEST))
        );
    }
}
