//! `arkes-cli`: drive the rules engines (ARKES, Arcanor: the games of the
//! `games` list, by their id) and the computer
//! players from a shell. Every subcommand takes `--game arkes|arcanor`
//! (default `arkes`), with the same contract for both games.
//!
//! ```text
//! arkes-cli moves [--position FILE] [MOVE...]     legal moves after MOVEs, sorted
//! arkes-cli play  [--position FILE] MOVE...       the position after MOVEs
//! arkes-cli perft DEPTH [--position FILE]         perft node count and speed
//! arkes-cli bestmove [--position FILE] [MOVE...] --level L [--millis N] [--seed S]
//!                                                 the AI's move after MOVEs
//! arkes-cli selfplay --players hard,easy[,...] [--seed S] [--side N] [--millis N]
//!                                                 one game AI vs AI, move by move
//! arkes-cli tournament --players hard,easy[,...] --games N [--seed S] [--millis N]
//!                                                 many games, seats rotated, with statistics
//! arkes-cli puzzles [--games N] [--seed S] [--players easy,medium] [--per-kind K]
//!                                                 the game's puzzle file (JSON) from AI games
//! ```
//!
//! Players are `easy`, `medium`, `hard` (game_ai), `random` (uniform legal
//! moves) and `baseline` (the generic negamax of the `minimax` crate, two
//! seats only, see `baseline.rs`), and `mcts` (the same crate's Monte Carlo
//! tree search). Without `--millis` each level uses its
//! default node budget, which makes games reproducible from `--seed`.
//!
//! Without `--position` the game's built-in start is used (ARKES R2 with
//! `--players` and `--side`; Arcanor A3); `--position -` reads standard
//! input. A position file is in the game's text format, or a JSON save file
//! of that game. Errors are one line on stderr and exit status 2.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use game_ai::{Level, Searcher};
use game_core::{Game, Limits, Rules, perft};
use games::{BoardGame, GameKind};

mod baseline;
mod coach;
mod players;
mod puzzles;
mod tournament;

use tournament::play_game;

/// Largest position or save file read, in bytes.
const MAX_INPUT: u64 = 4 << 20;

#[derive(Parser)]
#[command(name = "arkes-cli", version, about = "Drive the ARKES and Arcanor rules engines from a shell")]
struct Cli {
    /// The game: arkes or arcanor.
    #[arg(long, global = true, value_parser = parse_game, default_value = "arkes")]
    game: GameKind,
    #[command(subcommand)]
    command: Command,
}

/// A game of the list, by its id.
fn parse_game(text: &str) -> Result<GameKind, String> {
    GameKind::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = GameKind::all().iter().map(|k| k.id()).collect();
        format!("`{text}` is not a game ({})", ids.join(", "))
    })
}

/// The built-in start of `G` for `players` seats on a board of `side`,
/// each `None` when not given (the game's defaults: 2 players, its default
/// side).
fn standard<G: BoardGame>(players: Option<usize>, side: Option<u8>) -> Result<G::Setup, String> {
    if let Some(side) = side
        && G::SIDES.is_empty()
    {
        let shape = G::shape(&G::start(&G::new_setup(2, G::DEFAULT_SIDE)?).map_err(|e| e.to_string())?);
        return Err(format!(
            "--side {side}: the {} board is always {} x {}",
            G::NAME,
            shape.files(),
            shape.ranks()
        ));
    }
    G::new_setup(players.unwrap_or(2), side.unwrap_or(G::DEFAULT_SIDE))
}

#[derive(Subcommand)]
enum Command {
    /// Play MOVEs, then print the legal moves, one per line, sorted.
    Moves {
        #[command(flatten)]
        setup: SetupArgs,
        /// Moves to play first, in notation (ARKES: e1-e2, d3xd4, Me1-d1;
        /// Arcanor: 12b1-b2, 1b1-b2, 3c4xd5).
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
    /// Play MOVEs, then print the move the AI chooses (nothing, and the
    /// outcome on stderr, once the game is over).
    Bestmove {
        #[command(flatten)]
        setup: SetupArgs,
        /// Moves to play first, in notation.
        moves: Vec<String>,
        /// easy, medium or hard.
        #[arg(long, short, default_value = "hard")]
        level: Level,
        /// Think this many milliseconds instead of the level's node budget.
        #[arg(long)]
        millis: Option<u64>,
        /// The seed: same seed, position and budget, same move.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print the search's depth, nodes, value and time on stderr.
        #[arg(long)]
        verbose: bool,
    },
    /// Play one game between players, one per seat, and print its moves and
    /// outcome.
    Selfplay {
        /// Comma-separated players, one per seat in turn order (2 to 4):
        /// easy, medium, hard, random, baseline, mcts.
        #[arg(long, default_value = "hard,hard")]
        players: String,
        /// The seed of the game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Board side (ARKES: 5, 7, 9 or 11; default 9).
        #[arg(long)]
        side: Option<u8>,
        /// Milliseconds per move (default: each level's node budget).
        #[arg(long)]
        millis: Option<u64>,
    },
    /// Judge every ply of a game (MOVEs from the start, or the plies of a
    /// record or save given with --position): one line per ply, `PLY SEAT
    /// MOVE VERDICT BEST WIN_BEFORE WIN_AFTER` (the mover's win chance, in
    /// percent), or JSON with --json.
    Analyse {
        #[command(flatten)]
        setup: SetupArgs,
        /// Moves to play from the start (or after the position), in notation.
        moves: Vec<String>,
        /// How deep the review looks: hard (the app's review), medium or easy.
        #[arg(long, short, default_value = "hard")]
        level: Level,
        /// One JSON object per line instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play computer-vs-computer games, value their positions with the
    /// review's search, fit the win chance's scale on half the games and
    /// print its calibration on the other half (deciles, Brier score).
    Calibrate {
        /// Games to play.
        #[arg(long, default_value_t = 40)]
        games: u64,
        /// The seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Players of each game (ARKES: 2 to 4).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Board side (ARKES: 5, 7, 9 or 11; default 9).
        #[arg(long)]
        side: Option<u8>,
        /// Value every N-th position.
        #[arg(long, default_value_t = 2)]
        every: usize,
        /// How deep the review looks (as `analyse`).
        #[arg(long, short, default_value = "hard")]
        level: Level,
        /// Write the held-out positions (`value,outcome` lines) here.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Play many games, rotating the players over the seats, and print
    /// wins, draws and losses with 95% Wilson intervals on the score.
    Tournament {
        /// Comma-separated participants, as many as seats (2 to 4).
        #[arg(long)]
        players: String,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u64,
        /// The seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Board side (ARKES: 5, 7, 9 or 11; default 9).
        #[arg(long)]
        side: Option<u8>,
        /// Milliseconds per move (default: each level's node budget).
        #[arg(long)]
        millis: Option<u64>,
        /// Print each game's result on stderr.
        #[arg(long)]
        verbose: bool,
    },
    /// Play computer-vs-computer games and print the puzzles found in them
    /// (positions where exactly one move wins, saves or stops a freeze, by
    /// a full search) as the game's puzzle file.
    Puzzles {
        /// Games to play; game i uses seed + i.
        #[arg(long, default_value_t = 20)]
        games: u64,
        /// The seed of the first game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The two players of each game.
        #[arg(long, default_value = "easy,medium")]
        players: String,
        /// The most puzzles kept of each kind.
        #[arg(long, default_value_t = 12)]
        per_kind: usize,
    },
}

/// Where the game starts.
#[derive(Args)]
struct SetupArgs {
    /// A position in the game's text format or a JSON save file; `-` reads standard input.
    #[arg(long, short, value_name = "FILE", conflicts_with_all = ["players", "side"])]
    position: Option<PathBuf>,
    /// Players for the built-in start (ARKES: 2, 3 or 4; default 2).
    #[arg(long)]
    players: Option<usize>,
    /// Board side for the built-in start (ARKES: 5, 7, 9 or 11; default 9).
    #[arg(long)]
    side: Option<u8>,
}

impl SetupArgs {
    fn game<G: BoardGame>(&self) -> Result<Game<G>, String> {
        let Some(path) = &self.position else {
            return Game::<G>::new(standard::<G>(self.players, self.side)?, Limits::default())
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
            // The app's save files hold the engine's save in their "game".
            let value: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{name}: not a save: {e}"))?;
            let engine_save = match value.get("app") {
                Some(_) => value
                    .get("game")
                    .map(ToString::to_string)
                    .ok_or(format!("{name}: a save without a game"))?,
                None => text,
            };
            return Game::from_json(&engine_save).map_err(|e| format!("{name}: {e}"));
        }
        if text.trim_start().starts_with("# ")
            && text.lines().next().is_some_and(|l| l.trim_end().ends_with("game record"))
        {
            let record: game_core::GameRecord<G> = text.parse().map_err(|e| format!("{name}: {e}"))?;
            return Game::from_record(&record).map_err(|e| format!("{name}: {e}"));
        }
        let setup: G::Setup = text.parse().map_err(|e| format!("{name}: {e}"))?;
        Game::new(setup, Limits::default()).map_err(|e| format!("{name}: {e}"))
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
fn play_moves<G: Rules>(game: &mut Game<G>, moves: &[String]) -> Result<(), String> {
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
    games::with_rules!(cli.game, G => run_game::<G>(cli.command))
        .unwrap_or_else(|| Err(format!("{} is not a game this tool plays", cli.game)))
}

fn run_game<G: BoardGame>(command: Command) -> Result<(), String> {
    match command {
        Command::Moves { setup, moves } => {
            let mut game = setup.game::<G>()?;
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
            let mut game = setup.game::<G>()?;
            play_moves(&mut game, &moves)?;
            print!("{}", game.position());
            if let Some(outcome) = game.outcome() {
                println!("# outcome: {outcome}");
            }
        }
        Command::Perft { depth, setup } => {
            let game = setup.game::<G>()?;
            let mut position = game.position().clone();
            let start = Instant::now();
            let nodes = perft::<G>(&mut position, depth);
            let secs = start.elapsed().as_secs_f64();
            let rate = if secs > 0.0 { nodes as f64 / secs } else { f64::INFINITY };
            println!("{nodes} nodes in {secs:.3} s, {rate:.0} nodes/s");
        }
        Command::Bestmove { setup, moves, level, millis, seed, verbose } => {
            let mut game = setup.game::<G>()?;
            play_moves(&mut game, &moves)?;
            if let Some(outcome) = game.outcome() {
                eprintln!("game over: {outcome}");
                return Ok(());
            }
            let mut options = level.options().seed(seed);
            if millis.is_some() {
                options = options.max_nodes(u64::MAX);
            }
            let start = Instant::now();
            let mut searcher = Searcher::for_game(&game, options);
            let mv = match millis {
                Some(ms) => searcher.search_for(Duration::from_millis(ms)),
                None => searcher.search_to_end(),
            };
            let mv = mv.ok_or("the AI found no move")?;
            if verbose {
                let stats = searcher.stats();
                let secs = start.elapsed().as_secs_f64();
                eprintln!(
                    "depth {}, {} nodes, value {:?}, {:.3} s, {:.0} nodes/s{}",
                    stats.depth,
                    stats.nodes,
                    stats.value,
                    secs,
                    stats.nodes as f64 / secs.max(1e-9),
                    stats.reason.map_or(String::new(), |r| format!(", tactics: {r:?}"))
                );
            }
            println!("{mv}");
        }
        Command::Selfplay { players, seed, side, millis } => {
            let seats = players::parse_list(&players)?;
            let game = new_game::<G>(seats.len(), side)?;
            let played = play_game(game, &seats, seed, millis, |ply, seat, mv| {
                println!("{ply:>3}. {:<5} {mv}", seat.name());
            })?;
            match played.game.outcome() {
                Some(outcome) => println!("outcome: {outcome}"),
                None => println!("outcome: none"),
            }
        }
        Command::Analyse { setup, moves, level, json } => {
            let mut game = setup.game::<G>()?;
            play_moves(&mut game, &moves)?;
            coach::analyse(game, level, json)?;
        }
        Command::Calibrate { games, seed, players, side, every, level, out } => {
            coach::calibrate::<G>(
                || new_game::<G>(players, side),
                games,
                seed,
                every.max(1),
                level,
                out.as_deref(),
            )?;
        }
        Command::Puzzles { games, seed, players, per_kind } => {
            let players = players::parse_list(&players)?;
            let file = puzzles::find::<G>(&puzzles::Request { games, seed, players: &players, per_kind })?;
            println!("{}", serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?);
        }
        Command::Tournament { players, games, seed, side, millis, verbose } => {
            let list = players::parse_list(&players)?;
            let board = side.map_or_else(String::new, |s| format!(" on {s}x{s}"));
            tournament::run::<G>(&list, games, seed, millis, verbose, &board, || {
                new_game::<G>(list.len(), side)
            })?;
        }
    }
    Ok(())
}

/// The built-in start for `players` seats with the default limits.
fn new_game<G: BoardGame>(players: usize, side: Option<u8>) -> Result<Game<G>, String> {
    Game::<G>::new(standard::<G>(Some(players), side)?, Limits::default()).map_err(|e| e.to_string())
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
