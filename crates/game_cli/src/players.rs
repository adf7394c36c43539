//! The participants of `selfplay` and `tournament`: the AI levels, a uniform
//! random player and the `minimax`-crate baseline, for either game.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use game_ai::{Level, SearchGame, Searcher};
use game_core::Game;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::baseline;

/// Thinking time of the baseline when no `--millis` is given.
pub const BASELINE_DEFAULT_MS: u64 = 300;

/// The `arkes-cli` programs of `external:PATH` participants, by index.
static EXTERNALS: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Someone who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Participant {
    /// The game_ai searcher at a level.
    Ai(Level),
    /// Uniformly random legal moves.
    Random,
    /// The generic negamax of the `minimax` crate (two seats only).
    Baseline,
    /// The generic Monte Carlo tree search of the `minimax` crate (two seats
    /// only).
    Mcts,
    /// Hard as another build of `arkes-cli` plays it (`external:PATH`): each
    /// move is that program's `bestmove --level hard` on the game so far (its
    /// engine save on standard input), at the same `--millis`. For matching
    /// a new build of the search against an earlier one at equal time.
    External(usize),
}

impl fmt::Display for Participant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Participant::Ai(level) => write!(f, "{level}"),
            Participant::Random => f.write_str("random"),
            Participant::Baseline => f.write_str("baseline"),
            Participant::Mcts => f.write_str("mcts"),
            Participant::External(i) => {
                let path = EXTERNALS.lock().map(|e| e.get(*i).cloned()).ok().flatten().unwrap_or_default();
                write!(f, "external:{}", path.display())
            }
        }
    }
}

impl FromStr for Participant {
    type Err = String;

    fn from_str(s: &str) -> Result<Participant, String> {
        if let Some(path) = s.trim().strip_prefix("external:") {
            let path = std::path::PathBuf::from(path);
            if !path.is_file() {
                return Err(format!("external:{}: no such program", path.display()));
            }
            let mut externals = EXTERNALS.lock().map_err(|_| "the external players' list is poisoned")?;
            let index = externals.iter().position(|p| *p == path).unwrap_or_else(|| {
                externals.push(path);
                externals.len() - 1
            });
            return Ok(Participant::External(index));
        }
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Participant::Random),
            "baseline" => Ok(Participant::Baseline),
            "mcts" => Ok(Participant::Mcts),
            other => other.parse::<Level>().map(Participant::Ai).map_err(|_| {
                format!(
                    "`{}` is not a player: expected easy, medium, hard, random, baseline, mcts or external:PATH",
                    short(s)
                )
            }),
        }
    }
}

fn short(s: &str) -> String {
    s.chars().take(24).collect::<String>().escape_debug().collect()
}

/// Parses a comma-separated list of 2 to 4 participants, one per seat.
pub fn parse_list(text: &str) -> Result<Vec<Participant>, String> {
    let list = text.split(',').map(str::parse).collect::<Result<Vec<Participant>, String>>()?;
    if !(2..=4).contains(&list.len()) {
        return Err(format!("--players needs 2 to 4 players, one per seat, not {}", list.len()));
    }
    Ok(list)
}

/// A chosen move and what choosing it cost.
#[derive(Clone, Copy, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// Nodes searched (0 for random and the baseline).
    pub nodes: u64,
    /// Wall time spent.
    pub time: Duration,
}

impl Participant {
    /// The move this participant plays in `game`, or `None` when the game is
    /// over. `millis` is the time per move (the level's node budget without
    /// it).
    pub fn choose<G: SearchGame>(
        self,
        game: &Game<G>,
        seed: u64,
        millis: Option<u64>,
    ) -> Result<Option<Choice<G::Move>>, String> {
        let start = Instant::now();
        let (mv, nodes) = match self {
            Participant::Ai(level) => {
                let mut options = level.options().seed(seed);
                if millis.is_some() {
                    options = options.max_nodes(u64::MAX);
                }
                let mut searcher = Searcher::for_game(game, options);
                let mv = match millis {
                    Some(ms) => searcher.search_for(Duration::from_millis(ms)),
                    None => searcher.search_to_end(),
                };
                (mv, searcher.stats().nodes)
            }
            Participant::Random => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    (None, 0)
                } else {
                    let mut rng = StdRng::seed_from_u64(seed);
                    (Some(moves[rng.random_range(0..moves.len())]), 0)
                }
            }
            Participant::Baseline | Participant::Mcts => {
                if G::seats_in(game.position()).len() > 2 {
                    return Err(format!("{self} plays two-seat games only"));
                }
                if game.outcome().is_some() {
                    (None, 0)
                } else {
                    let time = Duration::from_millis(millis.unwrap_or(BASELINE_DEFAULT_MS));
                    let mv = if self == Participant::Baseline {
                        baseline::choose::<G>(game.position(), time)
                    } else {
                        baseline::choose_mcts::<G>(game.position(), time)
                    };
                    (mv, 0)
                }
            }
            Participant::External(index) => (external_move(index, game, seed, millis)?, 0),
        };
        Ok(mv.map(|mv| Choice { mv, nodes, time: start.elapsed() }))
    }
}

/// The move the external program `index` plays in `game` (see
/// [`Participant::External`]), `None` once the game is over.
fn external_move<G: SearchGame>(
    index: usize,
    game: &Game<G>,
    seed: u64,
    millis: Option<u64>,
) -> Result<Option<G::Move>, String> {
    use std::io::Write;
    if game.outcome().is_some() {
        return Ok(None);
    }
    let program =
        EXTERNALS.lock().ok().and_then(|e| e.get(index).cloned()).ok_or("no such external player")?;
    let save = game.to_json().map_err(|e| e.to_string())?;
    let mut cmd = std::process::Command::new(&program);
    // The game's id is its name in lower case (`arkes`, `arcanor`).
    let id = G::NAME.to_ascii_lowercase();
    cmd.args(["--game", id.as_str(), "bestmove", "--position", "-", "--level", "hard", "--seed"])
        .arg(seed.to_string())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(ms) = millis {
        cmd.arg("--millis").arg(ms.to_string());
    }
    let mut child = cmd.spawn().map_err(|e| format!("{}: {e}", program.display()))?;
    child.stdin.take().ok_or("no stdin")?.write_all(save.as_bytes()).map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{}: {}", program.display(), String::from_utf8_lossy(&out.stderr).trim()));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let text = text.lines().next().unwrap_or("").trim();
    let mut copy = game.clone();
    let report = copy.play_text(text).map_err(|e| format!("{}: `{text}`: {e}", program.display()))?;
    Ok(report.mv)
}

/// The seed of the move at `ply` of a game seeded `seed`.
#[must_use]
pub fn move_seed(seed: u64, ply: usize) -> u64 {
    let mut z = seed.wrapping_add((ply as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
