//! The native build's options: the command line (`arkes --help`), read with
//! clap into [`GameOptions`].

use clap::Parser;

use std::path::PathBuf;

use games::GameKind;

use super::session::{GameOptions, GraphicsQuality, PlayerKind};

fn parse_game(text: &str) -> Result<GameKind, String> {
    GameKind::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = GameKind::all().iter().map(|k| k.id()).collect();
        format!("`{text}` is not a game ({})", ids.join(", "))
    })
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
    /// medium or hard (the computer's levels), or remote (a friend online:
    /// the game is hosted in a new room).
    #[arg(long, value_delimiter = ',', value_parser = parse_kind)]
    seats: Vec<PlayerKind>,
    /// Join a friend's online game by its room code (`K7Q2M-9XBTR`).
    #[arg(long, value_name = "CODE", value_parser = parse_room, conflicts_with_all = ["seats", "learn"])]
    online: Option<online_protocol::RoomCode>,
    /// The signalling server of online games (default: the settings',
    /// first ws://127.0.0.1:3536).
    #[arg(long, value_name = "URL")]
    signal: Option<String>,
    /// A STUN or TURN server for online games (repeatable):
    /// stun:HOST:PORT or turn:USER:PASSWORD@HOST:PORT. None by default.
    #[arg(long, value_name = "URL")]
    ice: Vec<String>,
    /// Open this game's first unfinished lesson (arkes or arcanor).
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    learn: Option<GameKind>,
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

fn parse_room(text: &str) -> Result<online_protocol::RoomCode, String> {
    text.parse().map_err(|e: online_protocol::RoomCodeError| e.to_string())
}

fn parse_kind(text: &str) -> Result<PlayerKind, String> {
    PlayerKind::from_id(text)
        .ok_or_else(|| format!("`{text}` is not a player (human, easy, medium, hard, remote)"))
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
            Some(path) => {
                Some(std::fs::read_to_string(path).map_err(|e| invalid(format!("{}: {e}", path.display())))?)
            }
            None => None,
        };
        // Any game option means "this game, now" (--help says so).
        let game_flags = args.game.is_some()
            || args.players.is_some()
            || args.side.is_some()
            || position.is_some()
            || !args.names.is_empty()
            || !args.seats.is_empty()
            || args.online.is_some();
        let options = GameOptions {
            game: args.game.unwrap_or_default(),
            players: args.players.unwrap_or(2),
            side: args.side.unwrap_or(9),
            position,
            limits: game_core::Limits::default(),
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
            learn: args.learn,
            online: args.online,
            signal: args.signal,
            ice: args.ice,
            window_width: args.window.0,
            window_height: args.window.1,
        };
        options.new_game().map_err(invalid)?;
        Ok(options)
    }
}

#[cfg(test)]
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
        assert_eq!(options(&["--game", "arcanor"]).game, games::arcanor::KIND);
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
