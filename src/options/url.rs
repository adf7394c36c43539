//! The browser build's options: the page's address (`?game=arcanor&…`),
//! read into [`GameOptions`].

use games::GameKind;

use super::session::{GameOptions, GraphicsQuality, PlayerKind};

impl GameOptions {
    /// Options from the page's address: `?automation&new&game=arcanor&lang=fr&
    /// players=3&side=7&seats=human,hard&seed=5&no-auto-rotate&frames=300&
    /// quality=low&learn=arkes`; online: `?seats=human,remote` hosts a
    /// room, `?room=K7Q2M-9XBTR` joins one, `?signal=ws://host:3536` and
    /// `?ice=stun:host:3478` (repeatable) choose the servers
    /// (`frames`: after that many frames, report the frame times in
    /// automation mode; the page plays on).
    #[must_use]
    pub fn from_url() -> GameOptions {
        let query = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        let mut options = GameOptions { skip_title: false, ..GameOptions::default() };
        let mut game_flags = false;
        for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "automation" => options.automation = true,
                "new" => options.skip_title = true,
                "no-auto-rotate" => options.auto_rotate = false,
                "lang" => options.language = Some(value.to_owned()),
                "seed" => options.seed = value.parse().ok(),
                "frames" => options.exit_after_frames = value.parse().ok(),
                "quality" => options.quality = GraphicsQuality::from_id(value),
                "learn" => options.learn = GameKind::from_id(value),
                "room" => {
                    options.online = value.parse().ok();
                    game_flags |= options.online.is_some();
                }
                "signal" => options.signal = Some(decode(value)),
                "ice" => options.ice.push(decode(value)),
                "game" => {
                    options.game = GameKind::from_id(value).unwrap_or_default();
                    game_flags = true;
                }
                "players" => {
                    options.players = value.parse().unwrap_or(2);
                    game_flags = true;
                }
                "side" => {
                    options.side = value.parse().unwrap_or(9);
                    game_flags = true;
                }
                "seats" => {
                    options.kinds = value.split(',').filter_map(PlayerKind::from_id).collect();
                    game_flags = true;
                }
                _ => {}
            }
        }
        if options.new_game().is_err() {
            options.players = 2;
            options.side = 9;
        }
        options.skip_title |= game_flags;
        options
    }
}

/// A query value with its `%XX` escapes decoded (`ws%3A%2F%2Fhost` →
/// `ws://host`); a malformed escape is kept as written.
fn decode(value: &str) -> String {
    js_sys::decode_uri_component(value).ok().and_then(|v| v.as_string()).unwrap_or_else(|| value.to_owned())
}
