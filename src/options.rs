//! Options of a game session, from the command line (native) or the page URL
//! (web).

use std::path::PathBuf;

use arkes_engine::Seat;
use bevy::prelude::*;

use crate::game::Match;
use crate::games::{self, AnyGame, GameKind};

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
}

impl PlayerKind {
    /// Every kind a seat can be given, in menu order.
    #[must_use]
    pub fn choices() -> Vec<PlayerKind> {
        vec![PlayerKind::Human, PlayerKind::Easy, PlayerKind::Medium, PlayerKind::Hard]
    }

    /// The computer's level, `None` for a person.
    #[must_use]
    pub fn level(self) -> Option<game_ai::Level> {
        match self {
            PlayerKind::Human => None,
            PlayerKind::Easy => Some(game_ai::Level::Easy),
            PlayerKind::Medium => Some(game_ai::Level::Medium),
            PlayerKind::Hard => Some(game_ai::Level::Hard),
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
        }
    }

    /// The kind named `text` (`human`, `easy`, `medium`, `hard`).
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
    pub limits: arkes_engine::Limits,
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
    pub quality: Option<crate::settings::GraphicsQuality>,
    /// Window size in logical pixels.
    pub window_width: u32,
    /// Window size in logical pixels.
    pub window_height: u32,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            game: GameKind::Arkes,
            players: 2,
            side: 9,
            position: None,
            limits: arkes_engine::Limits::default(),
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
        let Some(text) = &self.position else {
            return games::new_game(self.game, self.players, self.side, self.limits);
        };
        match self.game {
            GameKind::Arkes => {
                let setup: arkes_engine::Setup = text.parse().map_err(|e| format!("{e}"))?;
                arkes_engine::Game::new(setup, self.limits).map(AnyGame::Arkes).map_err(|e| e.to_string())
            }
            GameKind::Arcanor => {
                let setup: arcanor_engine::Setup = text.parse().map_err(|e| format!("{e}"))?;
                arcanor_engine::Game::new(setup, self.limits).map(AnyGame::Arcanor).map_err(|e| e.to_string())
            }
        }
    }

    /// The match to start: [`GameOptions::new_game`] with the seats' names
    /// and players.
    ///
    /// # Errors
    /// As [`GameOptions::new_game`].
    pub fn new_match(&self) -> Result<Match, String> {
        let game = self.new_game()?;
        let seats = game
            .seat_order()
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, self.name(s, i), self.kind(i)))
            .collect();
        Ok(Match::new(game, seats))
    }

    /// The name given for `seat` (empty: the seat's name in the language in use).
    #[must_use]
    pub fn name(&self, _seat: Seat, order: usize) -> String {
        self.names.get(order).map(|n| n.trim().to_owned()).unwrap_or_default()
    }

    /// Who plays the seat at `order` in the turn order.
    #[must_use]
    pub fn kind(&self, order: usize) -> PlayerKind {
        self.kinds.get(order).copied().unwrap_or_default()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use clap::Parser;

    use super::{GameKind, GameOptions, PathBuf, PlayerKind};
    use crate::settings::GraphicsQuality;

    fn parse_game(text: &str) -> Result<GameKind, String> {
        GameKind::from_id(text).ok_or_else(|| format!("`{text}` is not a game (arkes, arcanor)"))
    }

    /// ARKES 3D: the board games ARKES (2 to 4 players) and Arcanor (2
    /// players) on one screen, against friends or the computer.
    #[derive(Parser, Debug)]
    #[command(name = "arkes", version)]
    struct Args {
        /// The game: arkes or arcanor.
        #[arg(long, value_parser = parse_game)]
        game: Option<GameKind>,
        /// Number of players of ARKES (2, 3 or 4).
        #[arg(long)]
        players: Option<usize>,
        /// Board side of ARKES (5, 7, 9 or 11).
        #[arg(long)]
        side: Option<u8>,
        /// Start from this position (the game's text format) instead.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["players", "side"])]
        position: Option<PathBuf>,
        /// Names of the players in turn order, comma-separated (South first).
        #[arg(long, value_delimiter = ',')]
        names: Vec<String>,
        /// Who plays each seat in turn order, comma-separated: human, easy,
        /// medium or hard (the computer's levels).
        #[arg(long, value_delimiter = ',', value_parser = parse_kind)]
        seats: Vec<PlayerKind>,
        /// Start a new game at once (implied by the game options above),
        /// instead of showing the title screen.
        #[arg(long)]
        new: bool,
        /// Seed of the computer players (same seed, same game).
        #[arg(long)]
        seed: Option<u64>,
        /// Language of the interface (en, fr), instead of the system's.
        #[arg(long, value_name = "CODE")]
        lang: Option<String>,
        /// Keep the camera still instead of turning it to the seat to move.
        #[arg(long)]
        no_auto_rotate: bool,
        /// Print JSON events (ready, move, outcome) on stdout, one per line.
        #[arg(long)]
        automation: bool,
        /// Save a screenshot (PNG) here, at the frame given by --exit-after-frames.
        #[arg(long, value_name = "PATH", requires = "exit_after_frames")]
        screenshot: Option<PathBuf>,
        /// Exit after this many frames (counted from the end of the loading
        /// step).
        #[arg(long, value_name = "N")]
        exit_after_frames: Option<u32>,
        /// Graphics quality for this session: auto, high or low (instead of
        /// the settings').
        #[arg(long, value_parser = parse_quality)]
        quality: Option<GraphicsQuality>,
        /// Window size, WIDTHxHEIGHT in logical pixels.
        #[arg(long, default_value = "1280x720", value_parser = parse_size)]
        window: (u32, u32),
    }

    fn parse_kind(text: &str) -> Result<PlayerKind, String> {
        PlayerKind::from_id(text)
            .ok_or_else(|| format!("`{text}` is not a player (human, easy, medium, hard)"))
    }

    fn parse_quality(text: &str) -> Result<GraphicsQuality, String> {
        GraphicsQuality::from_id(text).ok_or_else(|| format!("`{text}` is not a quality (auto, high, low)"))
    }

    fn parse_size(text: &str) -> Result<(u32, u32), String> {
        let (w, h) = text.split_once('x').ok_or("expected WIDTHxHEIGHT, like 1280x720")?;
        let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|&v| (200..=8192).contains(&v));
        match (parse(w), parse(h)) {
            (Some(w), Some(h)) => Ok((w, h)),
            _ => Err("width and height must be 200 to 8192 pixels".into()),
        }
    }

    impl GameOptions {
        /// Options from the process arguments; prints usage and exits on bad ones.
        #[must_use]
        pub fn from_args() -> GameOptions {
            GameOptions::from_arg_list(std::env::args_os()).unwrap_or_else(|e| e.exit())
        }

        /// Options from a command line (`args[0]` is the program's name).
        ///
        /// # Errors
        /// A clap error (printed and exited on by [`GameOptions::from_args`])
        /// for `--help`, `--version`, an unknown or malformed option, an
        /// unreadable `--position` file, or a game the options do not allow
        /// (R1, R2, or a position that is not valid).
        pub fn from_arg_list<I, T>(args: I) -> Result<GameOptions, clap::Error>
        where
            I: IntoIterator<Item = T>,
            T: Into<std::ffi::OsString> + Clone,
        {
            let invalid =
                |message: String| clap::Error::raw(clap::error::ErrorKind::ValueValidation, message + "\n");
            let args = Args::try_parse_from(args)?;
            let position = match &args.position {
                Some(path) => Some(
                    std::fs::read_to_string(path).map_err(|e| invalid(format!("{}: {e}", path.display())))?,
                ),
                None => None,
            };
            // Any game option means "this game, now" (--help says so).
            let game_flags = args.game.is_some()
                || args.players.is_some()
                || args.side.is_some()
                || position.is_some()
                || !args.names.is_empty()
                || !args.seats.is_empty();
            let options = GameOptions {
                game: args.game.unwrap_or_default(),
                players: args.players.unwrap_or(2),
                side: args.side.unwrap_or(9),
                position,
                limits: arkes_engine::Limits::default(),
                skip_title: args.new || game_flags,
                language: args.lang,
                seed: args.seed,
                names: args.names,
                kinds: args.seats,
                auto_rotate: !args.no_auto_rotate,
                automation: args.automation,
                screenshot: args.screenshot,
                exit_after_frames: args.exit_after_frames,
                quality: args.quality,
                window_width: args.window.0,
                window_height: args.window.1,
            };
            options.new_game().map_err(invalid)?;
            Ok(options)
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl GameOptions {
    /// Options from the page's address: `?automation&new&game=arcanor&lang=fr&
    /// players=3&side=7&seats=human,hard&seed=5&no-auto-rotate&frames=300&
    /// quality=low`
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
                "quality" => options.quality = crate::settings::GraphicsQuality::from_id(value),
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn options(args: &[&str]) -> GameOptions {
        GameOptions::from_arg_list(std::iter::once("arkes").chain(args.iter().copied())).unwrap()
    }

    #[test]
    fn no_game_option_shows_the_title_screen() {
        assert!(!options(&[]).skip_title);
        assert!(!options(&["--lang", "fr", "--seed", "3"]).skip_title);
    }

    #[test]
    fn any_game_option_starts_that_game_even_with_its_default_value() {
        // `--players 2` is the default number of players, and still a choice.
        for args in [
            &["--players", "2"][..],
            &["--side", "9"],
            &["--game", "arkes"],
            &["--game", "arcanor"],
            &["--seats", "human,human"],
            &["--names", "Ann,Bob"],
            &["--new"],
        ] {
            assert!(options(args).skip_title, "{args:?}");
        }
        assert_eq!(options(&["--game", "arcanor"]).game, GameKind::Arcanor);
    }

    #[test]
    fn quality_from_the_command_line() {
        use crate::settings::GraphicsQuality;
        assert_eq!(options(&[]).quality, None, "the settings' quality unless asked");
        assert_eq!(options(&["--quality", "low"]).quality, Some(GraphicsQuality::Low));
        assert_eq!(options(&["--quality", "HIGH"]).quality, Some(GraphicsQuality::High));
        assert!(!options(&["--quality", "auto"]).skip_title, "not a game option");
    }

    #[test]
    fn a_game_the_options_do_not_allow_is_an_error() {
        let error =
            |args: &[&str]| GameOptions::from_arg_list(std::iter::once("arkes").chain(args.iter().copied()));
        assert!(error(&["--players", "5"]).is_err(), "R2: 2 to 4 players");
        assert!(error(&["--side", "8"]).is_err(), "R1: odd sides 5 to 11");
        assert!(error(&["--game", "chess"]).is_err());
        assert!(error(&["--position", "/nonexistent/position.txt"]).is_err());
        assert!(error(&["--quality", "ultra"]).is_err());
    }
}
