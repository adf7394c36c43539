//! Embeds every translation in `assets/i18n/*.ftl` into the game, so that
//! adding a language is adding a file.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("assets/i18n");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("assets/i18n exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    let mut table =
        String::from("/// `(language code, Fluent source)` of every translation, from `assets/i18n`.\n");
    table.push_str("pub const TRANSLATIONS: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        let code = path.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name");
        // Relative to the manifest folder at compile time, not an absolute
        // path: the generated file may be reused from a shared target folder
        // by a clone in another place, which must read its own files.
        let relative = path.display().to_string();
        writeln!(
            table,
            "    ({code:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/\", {relative:?}))),"
        )
        .unwrap();
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("translations.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
