//! The browser version: `cargo xtask web [--dist DIR] [--serve | --size | --test]` and
//! the browser step of `cargo xtask test`.

mod browser;
mod build;
mod serve;
mod site;
mod size;

pub use browser::{BrowserTest, bench_web, browser_test, install_test_packages, run_browser_test};
pub use build::{BackgroundBuild, build};
pub use serve::serve;
pub use site::copy_site;
pub use size::size_report;
