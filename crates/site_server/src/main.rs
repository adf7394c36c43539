//! `site_server [--addr HOST:PORT] [--log] SITE_DIR`: serves the browser
//! version's site (see the crate's docs) until stopped.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Serves a site written by `cargo xtask web` with its precompressed files
/// and cache headers.
#[derive(Parser)]
#[command(name = "site_server", version)]
struct Args {
    /// The address to listen on (port 0: any free port; the address taken
    /// is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Write a line to standard output for each response.
    #[arg(long)]
    log: bool,
    /// The site's folder (its index.html is the page).
    site: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !args.site.join("index.html").is_file() {
        eprintln!("site_server: {} has no index.html: not a site", args.site.display());
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_io().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("site_server: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr).await?;
        let address = listener.local_addr()?;
        println!("site_server: serving {} at http://{address}/", args.site.display());
        axum::serve(listener, site_server::router(&args.site, args.log)).await
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("site_server: {e}");
            ExitCode::FAILURE
        }
    }
}
