//! The computer players of the browser build, in a Web Worker.
//!
//! The game's wasm module has no threads: searching on the page's main
//! thread, a slice each frame, took frames from the board (and a slice
//! overran whenever the browser paused that thread). This crate is a second,
//! small wasm module (the engines and [`game_ai`], no Bevy) that a worker
//! runs: the game sends it a [`Request`] (the game record, the level and the
//! seed) and gets an [`Answer`] with the move. The search is the one the
//! native build runs on a background task ([`game_ai::Searcher::search_to_end`],
//! the level's node budget), so the same position, level and seed give the
//! same move in the browser, natively and in the stepped search.
//!
//! # The messages
//!
//! Every message either way is one JSON text (a JavaScript string), read
//! here, not by a library codec, so that nothing that arrives can stop the
//! worker:
//!
//! - page → worker: a [`Request`]. Anything else (not a string, not JSON,
//!   not a request, longer than [`MAX_MESSAGE_BYTES`]) is answered with an
//!   [`Answer`] whose result is the error ([`reply_to`]).
//! - worker → page: [`FromWorker::Ready`] once, when the worker listens
//!   (requests sent before are kept by the page until then), then one
//!   [`FromWorker::Answer`] per message received. The page reads them with
//!   [`read_reply`], as untrusted input too.
//!
//! - [`think`] is the whole work, a plain function (tested natively).
//! - The binary `ai_worker` is the worker's own module (`cargo xtask web`
//!   builds it and writes its JS shim, `ai_worker.js`, next to the page):
//!   its `main` installs the message handler ([`reply_to`]) and posts
//!   [`ready_message`].
//!
//! Bad input is answered, never panicked on: a record that does not replay,
//! an unknown game or level, a message that is not a request, comes back as
//! an error in the [`Answer`], and the game then searches on its own.

use game_ai::Level;
use games::AnyGame;
use serde::{Deserialize, Serialize};

/// The longest message either side reads, in bytes of its JSON text: a
/// game record of the longest game the limits allow (1 000 rounds of 4
/// plies) takes well under 1 MiB.
pub const MAX_MESSAGE_BYTES: usize = 4 << 20;

/// What the game asks: the best move of the seat to move in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// The worker's reply to a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The request's [`Request::turn`]; `None` when the message was not a
    /// request whose turn could be read.
    pub turn: Option<u64>,
    /// The move (`None` once the game is over), or why there is none: the
    /// request could not be read.
    pub result: Result<Option<BestMove>, String>,
}

/// A move as the game's interface names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    Answer { turn: Some(request.turn), result: best_move(request) }
}

/// What the worker sends the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum FromWorker {
    /// The worker listens: requests may be sent.
    Ready,
    /// The reply to one message.
    Answer(Answer),
}

/// The request in a message from the page: `message` is its data when it
/// is a string, `None` otherwise.
///
/// # Errors
/// The message is not a string, is longer than [`MAX_MESSAGE_BYTES`], is
/// not JSON, or not a [`Request`] (a field missing, of the wrong type, or
/// unknown).
pub fn read_request(message: Option<&str>) -> Result<Request, String> {
    let text = message.ok_or("the message is not a text")?;
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!("the message of {} bytes is larger than {MAX_MESSAGE_BYTES}", text.len()));
    }
    serde_json::from_str(text).map_err(|e| format!("the message is not a request: {e}"))
}

/// The worker's whole handling of one message: the JSON text of a
/// [`FromWorker::Answer`], with the move of a good [`Request`] or the error
/// of anything else (its turn when one can be read). Never panics.
#[must_use]
pub fn reply_to(message: Option<&str>) -> String {
    let answer = match read_request(message) {
        Ok(request) => think(&request),
        Err(error) => {
            let turn = message
                .filter(|t| t.len() <= MAX_MESSAGE_BYTES)
                .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok())
                .and_then(|v| v.get("turn").and_then(serde_json::Value::as_u64));
            Answer { turn, result: Err(error) }
        }
    };
    encode(&FromWorker::Answer(answer))
}

/// The JSON text of [`FromWorker::Ready`], posted once the worker listens.
#[must_use]
pub fn ready_message() -> String {
    encode(&FromWorker::Ready)
}

fn encode(message: &FromWorker) -> String {
    // Plain strings, numbers and options: serde_json does not fail on them;
    // should it, the page still gets an answer it can read.
    serde_json::to_string(message).unwrap_or_else(|_| {
        r#"{"kind":"answer","turn":null,"result":{"Err":"the reply could not be written"}}"#.to_owned()
    })
}

/// A message from the worker, read by the page as untrusted input.
///
/// # Errors
/// It is not a string, is longer than [`MAX_MESSAGE_BYTES`], or is not a
/// [`FromWorker`].
pub fn read_reply(message: Option<&str>) -> Result<FromWorker, String> {
    let text = message.ok_or("the worker's message is not a text")?;
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!("the worker's message of {} bytes is too large", text.len()));
    }
    serde_json::from_str(text).map_err(|e| format!("the worker's message is not readable: {e}"))
}

fn best_move(request: &Request) -> Result<Option<BestMove>, String> {
    let level: Level = request.level.parse().map_err(|e| format!("{e}"))?;
    let value: serde_json::Value =
        serde_json::from_str(&request.record).map_err(|e| format!("the record is not JSON: {e}"))?;
    let game = AnyGame::from_record_json(&value)?;
    let found = game.searcher(level.options().seed(request.seed)).search(None);
    Ok(found.map(|action| BestMove {
        from: action.from.to_string(),
        to: action.to.to_string(),
        whole: action.whole,
    }))
}

#[cfg(test)]
mod tests {
    use game_ai::Searcher;

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
            assert_eq!(answer.turn, Some(7));
            assert_eq!(
                (found.from, found.to, found.whole),
                (expected.from.to_string(), expected.to.to_string(), false)
            );
        }
    }

    #[test]
    fn an_arcanor_duo_moving_whole_says_so() {
        // From the start, the searcher moves whole duos with some seeds and
        // top pieces alone with others: both must come across as they are.
        let game = arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard()).expect("a game");
        let record = serde_json::to_string(&game.record()).expect("json");
        let (mut whole, mut alone) = (0, 0);
        for seed in 0..40 {
            let found =
                think(&request(record.clone(), "easy", seed)).result.expect("an answer").expect("a move");
            let expected =
                Searcher::for_game(&game, Level::Easy.options().seed(seed)).search_to_end().expect("a move");
            assert_eq!(
                (found.from, found.to, found.whole),
                (expected.from.to_string(), expected.to.to_string(), expected.is_whole_duo()),
                "seed {seed}: {expected}"
            );
            if found.whole { whole += 1 } else { alone += 1 }
        }
        assert!(whole > 0, "no seed moved a whole duo: the test would not see `whole` sent");
        assert!(alone > 0, "no seed moved a top piece alone");
    }

    /// Messages the page (or anything posting to the worker) may send that
    /// are not requests: each is answered with an error, none panics.
    #[test]
    fn a_message_that_is_not_a_request_is_answered_with_an_error() {
        let good = serde_json::to_string(&request(
            serde_json::to_string(&arkes_start().record()).expect("json"),
            "easy",
            1,
        ))
        .expect("json");
        let huge = format!("{{\"turn\": 3, \"record\": \"{}\"}}", "x".repeat(MAX_MESSAGE_BYTES));
        let cases: Vec<(Option<&str>, Option<u64>, &str)> = vec![
            (None, None, "not a text"),
            (Some(""), None, "not a request"),
            (Some("garbage \u{0} \u{fffd}"), None, "not a request"),
            (Some("[1, 2, 3]"), None, "not a request"),
            (Some("{\"turn\": 5}"), Some(5), "missing field"),
            (
                Some("{\"turn\": -1, \"record\": \"\", \"level\": \"easy\", \"seed\": 1}"),
                None,
                "not a request",
            ),
            (Some(&huge), None, "larger than"),
        ];
        let extra = good.replacen('{', "{\"extra\": true, ", 1);
        let mut cases = cases;
        cases.push((Some(&extra), Some(7), "unknown field"));
        for (message, turn, says) in cases {
            let reply = reply_to(message);
            let Ok(FromWorker::Answer(answer)) = read_reply(Some(&reply)) else {
                panic!("{message:?}: the reply is not an answer: {reply}");
            };
            assert_eq!(answer.turn, turn, "{message:?}");
            let error = answer.result.expect_err("an error");
            assert!(error.contains(says), "{message:?}: {error}");
        }
        // The worker still answers a good request afterwards.
        let Ok(FromWorker::Answer(answer)) = read_reply(Some(&reply_to(Some(&good)))) else {
            panic!("no answer")
        };
        assert_eq!(answer.turn, Some(7));
        assert!(answer.result.expect("a move").is_some());
    }

    #[test]
    fn the_page_reads_the_workers_messages_as_untrusted_input() {
        assert_eq!(read_reply(Some(&ready_message())), Ok(FromWorker::Ready));
        for bad in
            [None, Some("{\"kind\": \"shout\"}"), Some("nonsense"), Some("{\"kind\":\"answer\",\"turn\":1}")]
        {
            assert!(read_reply(bad).is_err(), "{bad:?}");
        }
        let huge = "x".repeat(MAX_MESSAGE_BYTES + 1);
        assert!(read_reply(Some(&huge)).is_err_and(|e| e.contains("too large")));
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
