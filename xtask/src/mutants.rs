//! `cargo xtask mutants [CRATE...]`: mutation testing of the rules and of
//! the computer players' tactics and evaluation with `cargo-mutants`
//! (installed pinned under `<target>/tools`, as `wasm-bindgen` is). Not
//! part of `cargo xtask test`: it builds and tests each mutant, which takes
//! hours on two cores.
//!
//! Each crate's report goes to `<target>/mutants/<crate>/mutants.out`
//! (`caught.txt`, `missed.txt`, `unviable.txt`, `timeout.txt`,
//! `outcomes.json`); the builds to `<target>/mutants/build`, apart from the
//! test build's cache.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::system::{cargo, minutes, run};

/// The `cargo-mutants` version installed and run.
const VERSION: &str = "27.1.0";

/// What is mutated, and whose tests judge the mutants.
struct Target {
    /// The name given on the command line.
    name: &'static str,
    /// The package mutated.
    package: &'static str,
    /// The files mutated (globs; all of the package's when empty).
    files: &'static [&'static str],
    /// The packages whose tests run against each mutant.
    tests: &'static [&'static str],
}

/// The rules crates (game_core is exercised through both engines' tests)
/// and the AI's tactics and evaluation.
const TARGETS: &[Target] = &[
    Target {
        name: "game_core",
        package: "game_core",
        files: &[],
        tests: &["game_core", "arkes_engine", "arcanor_engine"],
    },
    Target { name: "arkes_engine", package: "arkes_engine", files: &[], tests: &["arkes_engine"] },
    Target { name: "arcanor_engine", package: "arcanor_engine", files: &[], tests: &["arcanor_engine"] },
    Target {
        name: "ai",
        package: "game_ai",
        files: &["crates/game_ai/src/tactics.rs", "crates/game_ai/src/eval.rs"],
        tests: &["game_ai"],
    },
];

/// `cargo-mutants`, installed into `<target>/tools` if missing.
fn installed(target_dir: &Path) -> Result<PathBuf, String> {
    let root = target_dir.join("tools").join(format!("cargo-mutants-{VERSION}"));
    let binary = root.join("bin").join("cargo-mutants");
    if !binary.exists() {
        println!("xtask: installing cargo-mutants {VERSION} into {}", root.display());
        run(cargo()
            .args(["install", "cargo-mutants", "--version", VERSION, "--locked", "--root"])
            .arg(&root))?;
    }
    Ok(binary)
}

/// Runs the mutation tests of the crates named (all of [`TARGETS`] when
/// none is) and prints each one's counts and time.
///
/// # Errors
/// An unknown crate, a failed install, or `cargo-mutants` failing to run
/// (its baseline failing, say). Missed mutants are reported, not errors.
pub fn mutants(target_dir: &Path, names: &[String]) -> Result<(), String> {
    if let Some(unknown) = names.iter().find(|n| !TARGETS.iter().any(|t| t.name == n.as_str())) {
        let known: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
        return Err(format!("no mutation target `{unknown}` (targets: {})", known.join(", ")));
    }
    let binary = installed(target_dir)?;
    let mut summaries = Vec::new();
    for target in TARGETS.iter().filter(|t| names.is_empty() || names.iter().any(|n| n == t.name)) {
        let out = target_dir.join("mutants").join(target.name);
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let mut cmd = Command::new(&binary);
        cmd.arg("mutants")
            .args(["--package", target.package])
            .args(["--test-package", &target.tests.join(",")])
            .arg("--output")
            .arg(&out)
            .args(["--colors", "never"])
            // A floor under the test timeout cargo-mutants sets from the
            // unmutated run: with the tests already built that run can
            // take "0 s", and a 20 s timeout then calls slow mutants
            // (a broken perft, a search that never ends) timeouts.
            .args(["--minimum-test-timeout", "120"])
            .env("CARGO_TARGET_DIR", target_dir.join("mutants").join("build"));
        for file in target.files {
            cmd.args(["--file", file]);
        }
        let start = Instant::now();
        // cargo-mutants exits with 2 when mutants were missed, 3 on
        // timeouts: both are results, read from its report below.
        let status = cmd.status().map_err(|e| format!("cannot run cargo-mutants: {e}"))?;
        let took = start.elapsed();
        if !matches!(status.code(), Some(0 | 2 | 3)) {
            return Err(format!("cargo-mutants failed on {} ({status})", target.name));
        }
        let report = out.join("mutants.out");
        let count = |file: &str| {
            std::fs::read_to_string(report.join(file))
                .map_or(0, |t| t.lines().filter(|l| !l.is_empty()).count())
        };
        let (caught, missed, unviable, timeouts) =
            (count("caught.txt"), count("missed.txt"), count("unviable.txt"), count("timeout.txt"));
        let viable = caught + missed + timeouts;
        let share = if viable == 0 { 0.0 } else { 100.0 * (caught + timeouts) as f64 / viable as f64 };
        summaries.push(format!(
            "{}: {caught} caught, {missed} missed, {unviable} unviable, {timeouts} timeouts: \
             {share:.1} % of viable mutants caught (timeouts counted as caught), {} (report: {})",
            target.name,
            minutes(took),
            report.display()
        ));
    }
    println!("\nxtask: mutation testing\n{}", summaries.join("\n"));
    Ok(())
}
