//! Headless tests of the app (no window or GPU), in one test binary: the
//! game logic and pieces for both games, the controls and sounds, the game
//! flow through the screens, saves and Continue, the coach.

mod arcanor;
mod coach;
mod common;
mod controls;
mod flow;
mod game;
mod layout;
mod learn;
mod net;
mod online;
mod online_limits;
mod online_match;
mod online_trust;
mod quality;
mod saves;
