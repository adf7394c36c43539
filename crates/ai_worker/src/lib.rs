//! The computer players and the coach of the browser build, in a Web Worker.
//!
//! The game's wasm module has no threads: searching on the page's main
//! thread, a slice each frame, took frames from the board (and a slice
//! overran whenever the browser paused that thread). This crate is a second,
//! small wasm module (the engines and [`game_ai`], no Bevy) that a worker
//! runs: the game sends it a [`Request`] (the game record and a [`Task`]:
//! the computer's move at a level and seed, a hint, or the review of a ply)
//! and gets an [`Answer`] with the move or the review. The move's search is the one the
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
//!
//! # Example
//!
//! The page asks for the computer's move in a new ARKES game; the worker's
//! answer (one JSON text) is read back as untrusted input:
//!
//! ```
//! use ai_worker::{FromWorker, Reply, read_reply, reply_to};
//! use games::{GameKind, NewGame};
//!
//! let kind = GameKind::from_id("arkes").unwrap();
//! let game = kind
//!     .new_game(&NewGame { players: 2, side: 9, position: None, limits: Default::default() })
//!     .unwrap();
//! let record = game.record_json().unwrap().to_string();
//! let request = serde_json::json!({
//!     "key": 7,
//!     "record": record,
//!     "task": {"move": {"level": "easy", "seed": 1}},
//! });
//! let answer = reply_to(Some(&request.to_string()));
//! let Ok(FromWorker::Answer(answer)) = read_reply(Some(&answer)) else { panic!("an answer") };
//! assert_eq!(answer.key, Some(7));
//! assert!(matches!(answer.result, Ok(Reply::Move(Some(_)))));
//! // Anything else is answered with the error, never a panic.
//! let refused = reply_to(Some("not a request"));
//! assert!(matches!(read_reply(Some(&refused)), Ok(FromWorker::Answer(a)) if a.result.is_err()));
//! ```

use game_ai::{Level, Verdict, review_options};
use game_core::{Coord, Seat};
use games::{Action, AnyGame, PlyReview};
use serde::{Deserialize, Serialize};

/// The longest message either side reads, in bytes of its JSON text: a
/// game record of the longest game the limits allow (1 000 rounds of 4
/// plies) takes well under 1 MiB.
pub const MAX_MESSAGE_BYTES: usize = 4 << 20;

/// What the game asks about a game: a search of the position after its
/// last ply, or the review of one of its plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The page's key for this request, sent back in the [`Answer`] (the
    /// computer's turn, or the coach's request): an answer whose key is no
    /// longer awaited (after an undo, a new game, a cancelled review) is
    /// dropped.
    pub key: u64,
    /// The game record as JSON, tagged with the game (`"game": "arkes"` or
    /// `"arcanor"`; untagged is ARKES), as in the save files: set-up,
    /// limits and every ply, so repetitions (R10, A11) and round limits
    /// (R15, A12) are known to the search.
    pub record: String,
    /// What to work out.
    pub task: Task,
}

/// The work a [`Request`] asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Task {
    /// The computer's move for the seat to move: the level's search
    /// ([`Level::options`]), seeded.
    Move {
        /// The level's name: `easy`, `medium` or `hard`.
        level: String,
        /// The search's seed (its tie-breaking and noise).
        seed: u64,
    },
    /// The coach's best move for the seat to move (a hint): the review's
    /// search ([`review_options`]).
    Hint,
    /// The coach's review of one ply of the game, from 1
    /// ([`games::DynGame::review_ply`]).
    Review {
        /// The ply reviewed, from 1.
        ply: usize,
    },
}

/// The worker's reply to a message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The request's [`Request::key`]; `None` when the message was not a
    /// request whose key could be read.
    pub key: Option<u64>,
    /// What was worked out, or why nothing was: the request could not be
    /// read.
    pub result: Result<Reply, String>,
}

/// What a [`Task`] works out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Reply {
    /// The move of a [`Task::Move`] or [`Task::Hint`]; `None` once the
    /// game is over.
    Move(Option<ActionText>),
    /// The review of a [`Task::Review`]; `None` for a time-out.
    Review(Option<Box<ReviewText>>),
}

/// A move as the game's interface names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionText {
    /// The cell left, in the games' notation (`b1`: file letter, rank from 1).
    pub from: String,
    /// The cell reached, same notation.
    pub to: String,
    /// Arcanor: a whole duo moves (A5); false for its top piece alone, a
    /// single piece, and every ARKES move.
    pub whole: bool,
}

impl ActionText {
    /// The text of `action`.
    #[must_use]
    pub fn of(action: Action) -> ActionText {
        ActionText { from: action.from.to_string(), to: action.to.to_string(), whole: action.whole }
    }

    /// The move among `legal` that this names.
    ///
    /// # Errors
    /// A cell that is not one, or a move that is not among `legal`.
    pub fn legal_in(&self, legal: &[Action]) -> Result<Action, String> {
        let cell = |text: &str| text.parse::<Coord>().map_err(|_| format!("`{text}` is not a cell"));
        let (from, to) = (cell(&self.from)?, cell(&self.to)?);
        legal
            .iter()
            .copied()
            .find(|a| a.from == from && a.to == to && a.whole == self.whole)
            .ok_or_else(|| format!("{from}-{to} is not a legal move here"))
    }
}

/// A ply's review as it travels ([`PlyReview`] in text and numbers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewText {
    /// The ply, from 1.
    pub ply: usize,
    /// The seat that moved (`South`…).
    pub seat: String,
    /// The move played.
    pub played: ActionText,
    /// The move played, in the game's notation.
    pub played_text: String,
    /// The best move found.
    pub best: ActionText,
    /// The best move, in the game's notation.
    pub best_text: String,
    /// The mover's win chance with the best move, 0 to 1.
    pub before: f64,
    /// The mover's win chance after the move played, 0 to 1.
    pub after: f64,
    /// The verdict's id (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).
    pub verdict: String,
    /// Each seat's win chance after the move, in turn order.
    pub chances: Vec<(String, f64)>,
}

impl ReviewText {
    /// The text of `review`.
    #[must_use]
    pub fn of(review: &PlyReview) -> ReviewText {
        ReviewText {
            ply: review.ply,
            seat: review.seat.name().to_owned(),
            played: ActionText::of(review.played),
            played_text: review.played_text.clone(),
            best: ActionText::of(review.best),
            best_text: review.best_text.clone(),
            before: review.before,
            after: review.after,
            verdict: review.verdict.id().to_owned(),
            chances: review.chances.iter().map(|(s, c)| (s.name().to_owned(), *c)).collect(),
        }
    }

    /// The review this names, checked against `game` (it came from another
    /// thread, so it is untrusted: [`games::DynGame::check_review`]).
    ///
    /// # Errors
    /// A seat, cell or verdict that does not read, a move that is not legal
    /// where it was played, or a review that does not fit `game`.
    pub fn checked(&self, game: &AnyGame) -> Result<PlyReview, String> {
        let seat = |text: &str| text.parse::<Seat>().map_err(|e| e.to_string());
        let action = |text: &ActionText| -> Result<Action, String> {
            let cell = |t: &str| t.parse::<Coord>().map_err(|_| format!("`{}` is not a cell", short(t)));
            Ok(Action { from: cell(&text.from)?, to: cell(&text.to)?, whole: text.whole, capture: false })
        };
        let review = PlyReview {
            ply: self.ply,
            seat: seat(&self.seat)?,
            played: action(&self.played)?,
            played_text: short(&self.played_text),
            best: action(&self.best)?,
            best_text: short(&self.best_text),
            before: self.before,
            after: self.after,
            verdict: Verdict::from_id(&self.verdict)
                .ok_or_else(|| format!("`{}` is not a verdict", short(&self.verdict)))?,
            chances: self.chances.iter().map(|(s, c)| Ok((seat(s)?, *c))).collect::<Result<_, String>>()?,
        };
        game.verify_review(&review)
    }
}

/// At most 16 characters of `text`, for messages about untrusted input.
fn short(text: &str) -> String {
    text.chars().take(16).collect()
}

/// Works out the request's task: the move of the seat to move (the level's
/// search, seeded, to the level's node budget), the hint, or the review of
/// a ply.
///
/// Never panics on bad input: a record that is not JSON or does not replay,
/// an unknown game tag or level, a ply not in the game, is an `Err` in the
/// answer.
#[must_use]
pub fn think(request: &Request) -> Answer {
    Answer { key: Some(request.key), result: work(request) }
}

/// What the worker sends the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
/// of anything else (its key when one can be read). Never panics.
#[must_use]
pub fn reply_to(message: Option<&str>) -> String {
    let answer = match read_request(message) {
        Ok(request) => think(&request),
        Err(error) => {
            let key = message
                .filter(|t| t.len() <= MAX_MESSAGE_BYTES)
                .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok())
                .and_then(|v| v.get("key").and_then(serde_json::Value::as_u64));
            Answer { key, result: Err(error) }
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
        r#"{"kind":"answer","key":null,"result":{"Err":"the reply could not be written"}}"#.to_owned()
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

fn work(request: &Request) -> Result<Reply, String> {
    let value: serde_json::Value =
        serde_json::from_str(&request.record).map_err(|e| format!("the record is not JSON: {e}"))?;
    let game = AnyGame::from_record_json(&value)?;
    match &request.task {
        Task::Move { level, seed } => {
            let level: Level = level.parse().map_err(|e| format!("{e}"))?;
            let found = game.searcher(level.options().seed(*seed)).search(None);
            Ok(Reply::Move(found.map(ActionText::of)))
        }
        Task::Hint => Ok(Reply::Move(game.best_action(review_options()).map(ActionText::of))),
        Task::Review { ply } => {
            if *ply == 0 || *ply > game.ply_count() {
                return Err(format!("ply {ply} is not in a game of {} plies", game.ply_count()));
            }
            Ok(Reply::Review(
                game.review_ply(*ply, review_options()).as_ref().map(|r| Box::new(ReviewText::of(r))),
            ))
        }
    }
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
        Request { key: 7, record, task: Task::Move { level: level.to_owned(), seed } }
    }

    /// The move of an answer that must have one.
    fn moved(answer: Answer) -> ActionText {
        match answer.result {
            Ok(Reply::Move(Some(found))) => found,
            other => panic!("not a move: {other:?}"),
        }
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
            assert_eq!(answer.key, Some(7));
            let found = moved(answer);
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
            let found = moved(think(&request(record.clone(), "easy", seed)));
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
        let huge = format!("{{\"key\": 3, \"record\": \"{}\"}}", "x".repeat(MAX_MESSAGE_BYTES));
        let cases: Vec<(Option<&str>, Option<u64>, &str)> = vec![
            (None, None, "not a text"),
            (Some(""), None, "not a request"),
            (Some("garbage \u{0} \u{fffd}"), None, "not a request"),
            (Some("[1, 2, 3]"), None, "not a request"),
            (Some("{\"key\": 5}"), Some(5), "missing field"),
            (Some("{\"key\": 5, \"record\": \"\", \"task\": \"dance\"}"), Some(5), "unknown variant"),
            (Some("{\"key\": -1, \"record\": \"\", \"task\": \"hint\"}"), None, "not a request"),
            (Some(&huge), None, "larger than"),
        ];
        let extra = good.replacen('{', "{\"extra\": true, ", 1);
        let mut cases = cases;
        cases.push((Some(&extra), Some(7), "unknown field"));
        for (message, key, says) in cases {
            let reply = reply_to(message);
            let Ok(FromWorker::Answer(answer)) = read_reply(Some(&reply)) else {
                panic!("{message:?}: the reply is not an answer: {reply}");
            };
            assert_eq!(answer.key, key, "{message:?}");
            let error = answer.result.expect_err("an error");
            assert!(error.contains(says), "{message:?}: {error}");
        }
        // The worker still answers a good request afterwards.
        let Ok(FromWorker::Answer(answer)) = read_reply(Some(&reply_to(Some(&good)))) else {
            panic!("no answer")
        };
        assert_eq!(answer.key, Some(7));
        moved(answer);
    }

    #[test]
    fn the_page_reads_the_workers_messages_as_untrusted_input() {
        assert_eq!(read_reply(Some(&ready_message())), Ok(FromWorker::Ready));
        for bad in
            [None, Some("{\"kind\": \"shout\"}"), Some("nonsense"), Some("{\"kind\":\"answer\",\"key\":1}")]
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

    /// A short ARKES game and a short Arcanor game, as `AnyGame`s.
    fn played_games() -> Vec<AnyGame> {
        let mut arkes = arkes_start();
        for mv in ["b1-b2", "b9-b8", "c1-c2"] {
            arkes.play_text(mv).expect("legal");
        }
        let mut arcanor =
            arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard()).expect("a game");
        for _ in 0..3 {
            let mv = arcanor.legal_moves()[0];
            arcanor.play(mv).expect("legal");
        }
        vec![AnyGame::new(arkes), AnyGame::new(arcanor)]
    }

    fn coach_request(game: &AnyGame, task: Task) -> Request {
        let record = serde_json::to_string(&game.record_json().expect("a record")).expect("json");
        Request { key: 11, record, task }
    }

    #[test]
    fn the_workers_hint_is_the_coachs_best_move() {
        for game in played_games() {
            let found = moved(think(&coach_request(&game, Task::Hint)));
            let expected = game.best_action(review_options()).expect("a move");
            assert_eq!(found.legal_in(&game.legal_actions()), Ok(expected), "{}", game.kind().id());
        }
    }

    #[test]
    fn the_workers_review_of_a_ply_reads_back_as_the_coachs_own() {
        for game in played_games() {
            for ply in 1..=game.ply_count() {
                let answer = think(&coach_request(&game, Task::Review { ply }));
                let Ok(Reply::Review(Some(text))) = answer.result else { panic!("no review: {answer:?}") };
                // Through JSON, as it travels.
                let text: ReviewText =
                    serde_json::from_str(&serde_json::to_string(&text).expect("json")).expect("a review");
                let expected = game.review_ply(ply, review_options()).expect("a review");
                let got = text.checked(&game).expect("the review fits the game");
                let what = format!("{} ply {ply}", game.kind().id());
                // JSON keeps the moves and the verdict exactly, the chances
                // to within a unit in the last place.
                let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
                assert_eq!(
                    (got.ply, got.seat, got.played, &got.played_text, got.best, &got.best_text, got.verdict),
                    (
                        expected.ply,
                        expected.seat,
                        expected.played,
                        &expected.played_text,
                        expected.best,
                        &expected.best_text,
                        expected.verdict
                    ),
                    "{what}"
                );
                assert!(
                    close(got.before, expected.before) && close(got.after, expected.after),
                    "{what}: {got:?}"
                );
                assert_eq!(got.chances.len(), expected.chances.len(), "{what}");
                for ((seat, chance), (want_seat, want)) in got.chances.iter().zip(&expected.chances) {
                    assert!(
                        seat == want_seat && close(*chance, *want),
                        "{what}: {got:?} against {expected:?}"
                    );
                }
            }
            let past_the_end = think(&coach_request(&game, Task::Review { ply: game.ply_count() + 1 }));
            assert!(past_the_end.result.is_err_and(|e| e.contains("not in a game")));
        }
    }

    /// A review that does not fit the game is refused, whatever is wrong
    /// with it (each change below alone).
    #[test]
    fn a_review_that_does_not_fit_the_game_is_refused() {
        let game = &played_games()[0];
        let Ok(Reply::Review(Some(good))) = think(&coach_request(game, Task::Review { ply: 2 })).result
        else {
            panic!("no review")
        };
        assert!(good.checked(game).is_ok());
        let changes: Vec<(&str, fn(&mut ReviewText))> = vec![
            ("not a move of this game", |r| r.ply = 0),
            ("not a move of this game", |r| r.ply = 9),
            ("not South's", |r| r.seat = "South".into()),
            ("is not a seat", |r| r.seat = "Up".into()),
            ("not b9-b3", |r| r.played.to = "b3".into()),
            ("is not a cell", |r| r.played.from = "z99".into()),
            ("not legal before ply 2", |r| r.best.to = "b5".into()),
            ("outside 0..=1", |r| r.after = 1.5),
            ("outside 0..=1", |r| r.before = f64::NAN),
            ("do not match", |r| r.chances.truncate(1)),
            ("do not match", |r| r.chances[0].1 = -0.1),
            ("is not a verdict", |r| r.verdict = "brilliant".into()),
        ];
        for (says, change) in changes {
            let mut bad = good.clone();
            change(&mut bad);
            let error = bad.checked(game).expect_err("refused");
            assert!(error.contains(says), "{says}: {error}");
        }
    }
}
