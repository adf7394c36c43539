//! `cargo xtask web --serve`: the site served by the project's web server
//! (`crates/site_server`: tower-http's `ServeDir` on axum, with the
//! precompressed files and cache headers), built by the test build.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::system::run;

/// The site server's program, as the test build makes it.
///
/// # Errors
/// A failed build.
pub fn site_server() -> Result<PathBuf, String> {
    crate::e2e::built_executable("site_server", "bin")
}

/// Serves `root` on 127.0.0.1:`port` until stopped (Ctrl+C), logging
/// each response.
///
/// # Errors
/// The server cannot be built, cannot listen, or stops with an error.
pub fn serve(root: &Path, port: u16) -> Result<(), String> {
    let server = site_server()?;
    run(Command::new(server).arg("--addr").arg(format!("127.0.0.1:{port}")).arg("--log").arg(root))
}
