//! The browser version: `cargo xtask web [--serve | --size | --test]` and
//! the browser step of `cargo xtask test`.

mod browser;
mod build;
mod serve;
mod size;

pub use browser::{BrowserTest, browser_test, install_test_packages, run_browser_test};
pub use build::{BackgroundBuild, build};
pub use serve::serve;
pub use size::size_report;
