//! `cargo xtask web --size`: the game's wasm against a bare Bevy 3D scene's.

use std::path::Path;
use std::process::Command;

use super::build::build;

/// The gzip size of a file, in bytes (`gzip -9`, as a web server would
/// send it with the best compression).
fn gzip_size(path: &Path) -> Result<u64, String> {
    let out = Command::new("gzip").args(["-9", "-c"]).arg(path).output().map_err(|e| format!("gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("gzip {} failed", path.display()));
    }
    Ok(out.stdout.len() as u64)
}

/// Builds the game and the bare 3D scene (`examples/bare_scene.rs`, same
/// features and profile) for the web and prints both wasm sizes, raw and
/// gzipped, and their ratio.
///
/// # Errors
/// A failed build.
pub fn size_report(workspace: &Path, target_dir: &Path) -> Result<(), String> {
    let game = build(workspace, target_dir, None, &target_dir.join("web"))?;
    let bare = build(workspace, target_dir, Some("bare_scene"), &target_dir.join("web-bare-scene"))?;
    let sizes = |p: &Path| -> Result<(u64, u64), String> {
        let raw = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?.len();
        Ok((raw, gzip_size(p)?))
    };
    let (game_raw, game_gz) = sizes(&game)?;
    let (bare_raw, bare_gz) = sizes(&bare)?;
    let mb = |b: u64| b as f64 / 1e6;
    println!("xtask: wasm sizes (wasm-release profile, same Bevy features)");
    println!("  game        {:>6.1} MB raw, {:>5.2} MB gzip", mb(game_raw), mb(game_gz));
    println!("  bare scene  {:>6.1} MB raw, {:>5.2} MB gzip", mb(bare_raw), mb(bare_gz));
    println!(
        "  ratio       {:>6.2}× raw, {:>5.2}× gzip",
        game_raw as f64 / bare_raw as f64,
        game_gz as f64 / bare_gz as f64
    );
    Ok(())
}
