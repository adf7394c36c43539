//! Options of a game session: what it starts with, from the command line
//! (native) or the page's address (web).

#[cfg(not(target_arch = "wasm32"))]
mod args;
mod session;
#[cfg(target_arch = "wasm32")]
mod url;

pub use session::{GameOptions, GraphicsQuality, PlayerKind};
