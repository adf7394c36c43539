//! The computer players of the browser build, in a Web Worker.
//!
//! The game's wasm module has no threads: searching on the page's main
//! thread, a slice each frame, took frames from the board (and a slice
//! overran whenever the browser paused that thread). This crate is a second,
//! small wasm module (the engines and [`arkes_ai`], no Bevy) that a worker
//! runs: the game sends it a [`Request`] (the game record, the level and the
//! seed) and gets an [`Answer`] with the move. The search is the one the
//! native build runs on a background task ([`arkes_ai::Searcher::search_to_end`],
//! the level's node budget), so the same position, level and seed give the
//! same move in the browser, natively and in the stepped search.
//!
//! - [`think`] is the whole work, a plain function (tested natively).
//! - On `wasm32`, [`AiWorker`] is the worker (with `gloo-worker`). The
//!   binary `ai_worker` is the worker's own module (`cargo xtask web`
//!   builds it and writes its JS shim, `ai_worker.js`, next to the page):
//!   its `main` registers the worker. The game links this library and
//!   spawns the worker with `AiWorker::spawner()`.
//!
//! Bad input is answered, never panicked on: a record that does not replay,
//! an unknown game or level comes back as an error in the [`Answer`], and
//! the game then searches on its own.

use arkes_ai::{Level, Searcher};
use serde::{Deserialize, Serialize};

/// What the game asks: the best move of the seat to move in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The game's key for this turn, sent back in the [`Answer`] (an answer
    /// to a turn that is over, after an undo or a new game, is dropped).
    pub turn: u64,
    /// The game record as JSON, tagged with the game (`"game": "arkes"` or
    /// `"arcanor"`; untagged is ARKES), as in the save files: set-up,
    /// limits and every ply, so repetitions (R10, A11) and round limits
    /// (R15, A12) are known to the search.
    pub record: String,
    /// The level's name: `easy`, `medium` or `hard`.
    pub level: String,
    /// The search's seed (its tie-breaking and noise).
    pub seed: u64,
}

/// The worker's reply to a [`Request`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The request's [`Request::turn`].
    pub turn: u64,
    /// The move (`None` once the game is over), or why there is none: the
    /// request could not be read.
    pub result: Result<Option<BestMove>, String>,
}

/// A move as the game's interface names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestMove {
    /// The cell left, in the games' notation (`b1`: file letter, rank from 1).
    pub from: String,
    /// The cell reached, same notation.
    pub to: String,
    /// Arcanor: a whole duo moves (A5); false for its top piece alone, a
    /// single piece, and every ARKES move.
    pub whole: bool,
}

/// Searches the request's game for the seat to move with the level's
/// options, seeded by the request, to the level's node budget.
///
/// Never panics on bad input: a record that is not JSON or does not replay,
/// an unknown game tag or level, is an `Err` in the answer.
#[must_use]
pub fn think(request: &Request) -> Answer {
    Answer { turn: request.turn, result: best_move(request) }
}

fn best_move(request: &Request) -> Result<Option<BestMove>, String> {
    let level: Level = request.level.parse().map_err(|e| format!("{e}"))?;
    let options = level.options().seed(request.seed);
    let value: serde_json::Value =
        serde_json::from_str(&request.record).map_err(|e| format!("the record is not JSON: {e}"))?;
    let tag = value.get("game").and_then(|t| t.as_str()).unwrap_or(game_core::UNTAGGED_GAME);
    match tag {
        t if t == <arkes_engine::Arkes as game_core::Rules>::TAG => {
            let record: arkes_engine::GameRecord =
                serde_json::from_value(value).map_err(|e| e.to_string())?;
            let game = arkes_engine::Game::from_record(&record).map_err(|e| e.to_string())?;
            Ok(Searcher::for_game(&game, options).search_to_end().map(|mv| BestMove {
                from: mv.from.to_string(),
                to: mv.to.to_string(),
                whole: false,
            }))
        }
        t if t == <arcanor_engine::Arcanor as game_core::Rules>::TAG => {
            let record: arcanor_engine::GameRecord =
                serde_json::from_value(value).map_err(|e| e.to_string())?;
            let game = arcanor_engine::Game::from_record(&record).map_err(|e| e.to_string())?;
            Ok(Searcher::for_game(&game, options).search_to_end().map(|mv| BestMove {
                from: mv.from.to_string(),
                to: mv.to.to_string(),
                whole: mv.is_whole_duo(),
            }))
        }
        other => {
            Err(format!("`{}` is not a game this worker plays", other.chars().take(24).collect::<String>()))
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use web::AiWorker;

#[cfg(target_arch = "wasm32")]
mod web {
    use gloo_worker::{HandlerId, Worker, WorkerScope};

    use super::{Answer, Request, think};

    /// The worker: answers each [`Request`] with [`think`], one at a time
    /// (a request sent while it searches waits its turn).
    #[derive(Debug)]
    pub struct AiWorker;

    impl Worker for AiWorker {
        type Message = ();
        type Input = Request;
        type Output = Answer;

        fn create(_scope: &WorkerScope<Self>) -> AiWorker {
            AiWorker
        }

        fn update(&mut self, _scope: &WorkerScope<Self>, (): ()) {}

        fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
            scope.respond(id, think(&request));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arkes_start() -> arkes_engine::Game {
        arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).expect("a set-up"))
            .expect("a game")
    }

    fn request(record: String, level: &str, seed: u64) -> Request {
        Request { turn: 7, record, level: level.to_owned(), seed }
    }

    #[test]
    fn the_worker_plays_the_move_of_the_same_search_natively() {
        let mut game = arkes_start();
        game.play_text("b1-b2").expect("legal");
        let record = serde_json::to_string(&game.record()).expect("json");
        for (level, seed) in [(Level::Easy, 3), (Level::Medium, 11)] {
            let answer = think(&request(record.clone(), level.name(), seed));
            let expected =
                Searcher::for_game(&game, level.options().seed(seed)).search_to_end().expect("a move");
            let found = answer.result.expect("an answer").expect("a move");
            assert_eq!(answer.turn, 7);
            assert_eq!(
                (found.from, found.to, found.whole),
                (expected.from.to_string(), expected.to.to_string(), false)
            );
        }
    }

    #[test]
    fn an_arcanor_duo_moving_whole_says_so() {
        let game = arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard()).expect("a game");
        let record = serde_json::to_string(&game.record()).expect("json");
        let found = think(&request(record, "easy", 5)).result.expect("an answer").expect("a move");
        let expected =
            Searcher::for_game(&game, Level::Easy.options().seed(5)).search_to_end().expect("a move");
        assert_eq!(found.whole, expected.is_whole_duo());
        assert_eq!(found.to, expected.to.to_string());
    }

    #[test]
    fn bad_requests_are_answered_with_an_error() {
        let record = serde_json::to_string(&arkes_start().record()).expect("json");
        for (record, level) in [
            ("not json".to_owned(), "easy"),
            (record.replace("\"arkes\"", "\"chess\""), "easy"),
            (record.clone(), "grandmaster"),
            ("{\"game\":\"arcanor\"}".to_owned(), "easy"),
        ] {
            let answer = think(&request(record, level, 1));
            assert!(answer.result.is_err(), "{answer:?}");
        }
    }
}
