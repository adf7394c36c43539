//! End-to-end tests of the real game binary: a real window under Xvfb with
//! Mesa's software Vulkan (lavapipe), real X11 input with xdotool, and the
//! game's automation events (JSON lines) and screenshots.

mod coach;
mod harness;
mod learn;
mod shot;
mod tests;

pub use coach::coach_window_test;
pub use harness::{PACKAGES, Xvfb, built_executable, fresh_dir, game_binary};
pub use learn::learn_window_test;
pub use tests::{
    arcanor_window_test, four_player_screenshots, kill_test, native_window_test, screens_screenshots,
};
