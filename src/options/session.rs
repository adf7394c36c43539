//! What a session is started with ([`GameOptions`]), and the choices it
//! names: who plays a seat ([`PlayerKind`]), the graphics quality asked
//! for ([`GraphicsQuality`]).

use std::path::PathBuf;

use bevy::prelude::*;
use games::{AnyGame, GameKind, NewGame};
use serde::{Deserialize, Serialize};

/// Who plays a seat: a person at the screen, or the computer at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A person at the screen.
    #[default]
    Human,
    /// The computer, level Easy.
    Easy,
    /// The computer, level Medium.
    Medium,
    /// The computer, level Hard.
    Hard,
    /// A lesson's or puzzle's other seat: it plays the script of
    /// [`crate::learn`], never searches, and is never offered in menus.
    Scripted,
    /// A friend on another device: the seat's moves arrive over the
    /// network ([`crate::online`]); a game with one is played in a room.
    Remote,
}

impl PlayerKind {
    /// Every kind a seat can be given, in menu order.
    #[must_use]
    pub fn choices() -> Vec<PlayerKind> {
        vec![PlayerKind::Human, PlayerKind::Easy, PlayerKind::Medium, PlayerKind::Hard, PlayerKind::Remote]
    }

    /// The computer's level, `None` for a person (and a scripted seat).
    #[must_use]
    pub fn level(self) -> Option<game_ai::Level> {
        match self {
            PlayerKind::Human => None,
            PlayerKind::Easy => Some(game_ai::Level::Easy),
            PlayerKind::Medium => Some(game_ai::Level::Medium),
            PlayerKind::Hard => Some(game_ai::Level::Hard),
            PlayerKind::Scripted | PlayerKind::Remote => None,
        }
    }

    /// The translation key of the kind's name.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            PlayerKind::Human => "player-human",
            PlayerKind::Easy => "player-easy",
            PlayerKind::Medium => "player-medium",
            PlayerKind::Hard => "player-hard",
            PlayerKind::Scripted => "player-scripted",
            PlayerKind::Remote => "player-remote",
        }
    }

    /// Short name for automation and the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Easy => "easy",
            PlayerKind::Medium => "medium",
            PlayerKind::Hard => "hard",
            PlayerKind::Scripted => "scripted",
            PlayerKind::Remote => "remote",
        }
    }

    /// The kind named `text` (`human`, `easy`, `medium`, `hard`, `remote`).
    #[must_use]
    pub fn from_id(text: &str) -> Option<PlayerKind> {
        PlayerKind::choices().into_iter().find(|k| k.id().eq_ignore_ascii_case(text.trim()))
    }
}

/// Everything a session is started with.
#[derive(Resource, Clone, Debug)]
pub struct GameOptions {
    /// The game: ARKES or Arcanor.
    pub game: GameKind,
    /// Number of players of ARKES: 2, 3 or 4 (R2).
    pub players: usize,
    /// Board side of ARKES: 5, 7, 9 or 11 (R1).
    pub side: u8,
    /// A starting position in the game's text format instead of the
    /// built-in start (then `players` and `side` are ignored).
    pub position: Option<String>,
    /// Limits and clock of a new game (R15).
    pub limits: game_core::Limits,
    /// Start a new game at once instead of showing the title screen.
    pub skip_title: bool,
    /// Language code to use instead of the settings' or the system's.
    pub language: Option<String>,
    /// Seed of the computer players' choices (a game is reproducible with
    /// the same seed and moves); `None` picks one.
    pub seed: Option<u64>,
    /// Names of the seats in play, in turn order (defaults: the seat names).
    pub names: Vec<String>,
    /// Who plays each seat in play, in turn order.
    pub kinds: Vec<PlayerKind>,
    /// Whether the camera turns to the side of the seat to move.
    pub auto_rotate: bool,
    /// Print one JSON object per line on stdout for tests (native), or on the
    /// console (web).
    pub automation: bool,
    /// Save a PNG of the window to this path, then exit (with `exit_after_frames`).
    pub screenshot: Option<PathBuf>,
    /// Exit after this many frames, counted from the end of the loading step.
    pub exit_after_frames: Option<u32>,
    /// Graphics quality for this session instead of the settings' (`None`:
    /// the settings').
    pub quality: Option<GraphicsQuality>,
    /// Window size in logical pixels.
    pub window_width: u32,
    /// Window size in logical pixels.
    pub window_height: u32,
    /// Open this game's first unfinished lesson at once (`--learn arkes`,
    /// `?learn=arkes`).
    pub learn: Option<GameKind>,
    /// Join the online game of this room (`--online CODE`, `?room=CODE`)
    /// instead of starting one here.
    pub online: Option<online_protocol::RoomCode>,
    /// The signalling server's address (`ws://host:port`), for online
    /// games; `None`: the settings' (natively) or the page's own host on
    /// port 3536 (in the browser).
    pub signal: Option<String>,
    /// STUN/TURN servers for online games (`stun:host:port`,
    /// `turn:user:password@host:port`); none by default.
    pub ice: Vec<String>,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            game: GameKind::default(),
            players: 2,
            side: 9,
            position: None,
            limits: game_core::Limits::default(),
            skip_title: true,
            language: None,
            seed: None,
            names: Vec::new(),
            kinds: Vec::new(),
            auto_rotate: true,
            automation: false,
            screenshot: None,
            exit_after_frames: None,
            quality: None,
            learn: None,
            online: None,
            signal: None,
            ice: Vec::new(),
            window_width: 1280,
            window_height: 720,
        }
    }
}

impl GameOptions {
    /// The game to start: the given position, or the built-in start of the
    /// game (ARKES: R2 for `players` and `side`; Arcanor: A3).
    ///
    /// # Errors
    /// A message if the number of players or the side is not allowed (R1,
    /// R2), or if the given position is not a valid one of the game.
    pub fn new_game(&self) -> Result<AnyGame, String> {
        self.game.new_game(&NewGame {
            players: self.players,
            side: self.side,
            position: self.position.clone(),
            limits: self.limits,
        })
    }

    /// The name given for the seat at `order` in the turn order (empty: the
    /// seat's name in the language in use).
    #[must_use]
    pub fn name(&self, order: usize) -> String {
        self.names.get(order).map(|n| n.trim().to_owned()).unwrap_or_default()
    }

    /// Who plays the seat at `order` in the turn order.
    #[must_use]
    pub fn kind(&self, order: usize) -> PlayerKind {
        self.kinds.get(order).copied().unwrap_or_default()
    }
}

/// The graphics quality the player asks for (Settings, `--quality`,
/// `?quality=`); [`crate::quality::RenderQuality`] is what is in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GraphicsQuality {
    /// High, except Low on a software renderer (wgpu's `DeviceType::Cpu`)
    /// or once frames have stayed slow (median above
    /// [`crate::quality::SLOW_FRAME_MS`] a second, two seconds running).
    #[default]
    Auto,
    /// Shadow maps, 4× MSAA, tone mapping: the designed look (the materials
    /// are the same at both levels).
    High,
    /// No shadow maps (a soft contact shadow under each piece instead), no
    /// MSAA, no tone mapping: for phones, software renderers and old laptops.
    Low,
}

impl GraphicsQuality {
    /// Short name for the command line, the URL and automation.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            GraphicsQuality::Auto => "auto",
            GraphicsQuality::High => "high",
            GraphicsQuality::Low => "low",
        }
    }

    /// The quality named `text` (`auto`, `high`, `low`, any case).
    #[must_use]
    pub fn from_id(text: &str) -> Option<GraphicsQuality> {
        [GraphicsQuality::Auto, GraphicsQuality::High, GraphicsQuality::Low]
            .into_iter()
            .find(|q| q.id().eq_ignore_ascii_case(text.trim()))
    }
}
