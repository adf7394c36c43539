//! `arkes-cli`: drive the ARKES rules engine from a shell.
//!
//! ```text
//! arkes-cli moves [--position FILE] [MOVE...]     legal moves after MOVEs, sorted
//! arkes-cli play  [--position FILE] MOVE...       the position after MOVEs
//! arkes-cli perft DEPTH [--position FILE]         perft node count and speed
//! ```
//!
//! Without `--position` the built-in start of R2 is used (`--players`,
//! `--side`); `--position -` reads standard input. A position file is in the
//! engine's text format, or a JSON save file. Errors are one line on stderr
//! and exit status 2.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use arkes_engine::{Game, Limits, Position, Setup, perft};
use clap::{Args, Parser, Subcommand};

/// Largest position or save file read, in bytes.
const MAX_INPUT: u64 = 4 << 20;

#[derive(Parser)]
#[command(name = "arkes-cli", version, about = "Drive the ARKES rules engine from a shell")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play MOVEs, then print the legal moves, one per line, sorted.
    Moves {
        #[command(flatten)]
        setup: SetupArgs,
        /// Moves to play first, in notation (e1-e2, d3xd4, Me1-d1).
        moves: Vec<String>,
    },
    /// Play MOVEs and print the resulting position in the text format.
    Play {
        #[command(flatten)]
        setup: SetupArgs,
        /// Moves to play, in notation.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Count the legal move sequences of DEPTH plies (perft).
    Perft {
        /// Plies.
        depth: u32,
        #[command(flatten)]
        setup: SetupArgs,
    },
}

/// Where the game starts.
#[derive(Args)]
struct SetupArgs {
    /// A position in the text format or a JSON save file; `-` reads standard input.
    #[arg(long, short, value_name = "FILE", conflicts_with_all = ["players", "side"])]
    position: Option<PathBuf>,
    /// Players for the built-in start (2, 3 or 4).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Board side for the built-in start (5, 7, 9 or 11).
    #[arg(long, default_value_t = 9)]
    side: u8,
}

impl SetupArgs {
    fn game(&self) -> Result<Game, String> {
        let Some(path) = &self.position else {
            return Game::new(
                Setup::standard(self.players, self.side).map_err(|e| e.to_string())?,
                Limits::default(),
            )
            .map_err(|e| e.to_string());
        };
        let (name, bytes) = if path.as_os_str() == "-" {
            ("standard input".to_owned(), read_limited(std::io::stdin().lock())?)
        } else {
            let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), read_limited(file)?)
        };
        let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
        if text.trim_start().starts_with('{') {
            return Game::from_json(&text).map_err(|e| format!("{name}: {e}"));
        }
        let position: Position = text.parse().map_err(|e| format!("{name}: {e}"))?;
        Game::new(position.to_setup(), Limits::default()).map_err(|e| format!("{name}: {e}"))
    }
}

fn read_limited(reader: impl Read) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!("input larger than {} MiB", MAX_INPUT >> 20));
    }
    Ok(bytes)
}

/// Plays `moves` in order; the error names the move and the rule.
fn play_moves(game: &mut Game, moves: &[String]) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text).map_err(|e| format!("move {} `{}`: {e}", i + 1, short(text)))?;
    }
    Ok(())
}

/// At most 24 characters of `text`, escaped, for an error line.
fn short(text: &str) -> String {
    let mut s: String = text.chars().take(24).collect::<String>().escape_debug().collect();
    if text.chars().nth(24).is_some() {
        s.push('…');
    }
    s
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Moves { setup, moves } => {
            let mut game = setup.game()?;
            play_moves(&mut game, &moves)?;
            if let Some(outcome) = game.outcome() {
                eprintln!("game over: {outcome}");
                return Ok(());
            }
            let mut list: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
            list.sort();
            for m in list {
                println!("{m}");
            }
        }
        Command::Play { setup, moves } => {
            let mut game = setup.game()?;
            play_moves(&mut game, &moves)?;
            print!("{}", game.position());
            if let Some(outcome) = game.outcome() {
                println!("# outcome: {outcome}");
            }
        }
        Command::Perft { depth, setup } => {
            let game = setup.game()?;
            let mut position = game.position().clone();
            let start = Instant::now();
            let nodes = perft(&mut position, depth);
            let secs = start.elapsed().as_secs_f64();
            let rate = if secs > 0.0 { nodes as f64 / secs } else { f64::INFINITY };
            println!("{nodes} nodes in {secs:.3} s, {rate:.0} nodes/s");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("arkes-cli: {message}");
            ExitCode::from(2)
        }
    }
}
