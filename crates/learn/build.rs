//! Embeds every lesson and puzzle file (`assets/lessons/<game>.json`,
//! `assets/puzzles/<game>.json`) into the crate, so the native and web
//! builds read the same data and a new file needs no code.

use std::fmt::Write as _;
use std::path::Path;

fn table(name: &str, dir: &Path, out: &mut String) {
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    writeln!(out, "/// `(game id, file text)` of every file of `{}`.", dir.display()).unwrap();
    writeln!(out, "pub const {name}: &[(&str, &str)] = &[").unwrap();
    for path in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        let id = path.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name");
        // Relative to the manifest folder at compile time, not absolute: a
        // shared target folder may serve a clone in another place.
        let relative = path.display().to_string();
        writeln!(
            out,
            "    ({id:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/\", {relative:?}))),"
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    let assets = Path::new("../../assets");
    let mut out = String::new();
    table("LESSON_FILES", &assets.join("lessons"), &mut out);
    table("PUZZLE_FILES", &assets.join("puzzles"), &mut out);
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
