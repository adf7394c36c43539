//! The app's one boundary with the engines: an enum of the two games behind
//! the [`crate::game::Match`] resource, and the game-neutral data the views
//! read (board shape, stacks of pieces, actions, scores, outcome reasons).
//! Only piece meshes, rules pages and special cells are chosen per game;
//! everything else asks this module.

mod position;
mod report;

use arcanor_engine::Arcanor;
use arkes_engine::Arkes;
use game_core::{BoardShape, Coord, Limits, Ply, PlyInfo, Rules, Seat};
use serde::{Deserialize, Serialize};

pub use position::{AnyPosition, PosRef};
pub use report::{AnyOutcome, AnyReport, WinKind};

/// The games the app plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// ARKES (RULES.md): 2–4 players, tokens and marbles, the golden cell.
    #[default]
    Arkes,
    /// Arcanor (ARCANOR.md): 2 players, nesting pieces, 12 points.
    Arcanor,
}

impl GameKind {
    /// Both games, in menu order.
    pub const ALL: [GameKind; 2] = [GameKind::Arkes, GameKind::Arcanor];

    /// The short name (`arkes`, `arcanor`), as in save files, `--game` and
    /// `?game=`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Arkes => Arkes::TAG,
            GameKind::Arcanor => Arcanor::TAG,
        }
    }

    /// The game named `text` (`arkes`, `arcanor`, any case).
    #[must_use]
    pub fn from_id(text: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.id().eq_ignore_ascii_case(text.trim()))
    }

    /// The translation key of the game's name.
    #[must_use]
    pub fn name_key(self) -> &'static str {
        match self {
            GameKind::Arkes => "game-arkes",
            GameKind::Arcanor => "game-arcanor",
        }
    }

    /// The seats in play for `players` players (ARKES R2; Arcanor always
    /// South and North, A1).
    #[must_use]
    pub fn seats_for(self, players: usize) -> Vec<Seat> {
        match self {
            GameKind::Arkes => arkes_engine::Setup::standard(players, 9)
                .map(|s| s.seats)
                .unwrap_or_else(|_| vec![Seat::South, Seat::North]),
            GameKind::Arcanor => vec![Seat::South, Seat::North],
        }
    }
}

/// A piece as the views see it, which is also its identity when the
/// entities are synced with the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceId {
    /// An ARKES token.
    Token(Seat),
    /// An ARKES marble.
    Marble(Seat),
    /// An Arcanor piece of `value` 1 (largest) to 4 (smallest).
    Doll(Seat, u8),
}

impl std::fmt::Display for PieceId {
    /// The piece as the engines' diagrams write it: an ARKES token as its
    /// seat's letter (`S`), a marble in small letters (`s`), an Arcanor
    /// piece as its seat's letter and value (`S2`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PieceId::Token(s) => write!(f, "{}", s.letter()),
            PieceId::Marble(s) => write!(f, "{}", s.letter().to_ascii_lowercase()),
            PieceId::Doll(s, v) => write!(f, "{}{v}", s.letter()),
        }
    }
}

impl PieceId {
    /// The owner.
    #[must_use]
    pub fn seat(self) -> Seat {
        match self {
            PieceId::Token(s) | PieceId::Marble(s) | PieceId::Doll(s, _) => s,
        }
    }
}

/// A legal move as the interface names it: the cell left, the cell reached,
/// whether a whole Arcanor duo moves (its top piece alone otherwise, A5),
/// and whether it captures or eats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The cell left.
    pub from: Coord,
    /// The cell reached.
    pub to: Coord,
    /// An Arcanor duo moving whole (never in ARKES).
    pub whole: bool,
    /// A capture (ARKES R7, R8) or an eat (Arcanor A6).
    pub capture: bool,
}

impl Action {
    fn of_arkes(mv: arkes_engine::Move) -> Action {
        Action { from: mv.from, to: mv.to, whole: false, capture: mv.is_capture() }
    }

    fn of_arcanor(mv: arcanor_engine::Move) -> Action {
        Action { from: mv.from, to: mv.to, whole: mv.is_whole_duo(), capture: mv.eats }
    }
}

/// Calls `$body` with `$g` bound to the inner game of either kind.
macro_rules! each {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Arkes($g) => $body,
            AnyGame::Arcanor($g) => $body,
        }
    };
}

/// A game of either kind: the engine's [`game_core::Game`], the truth.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// ARKES.
    Arkes(arkes_engine::Game),
    /// Arcanor.
    Arcanor(arcanor_engine::Game),
}

impl AnyGame {
    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Arkes(_) => GameKind::Arkes,
            AnyGame::Arcanor(_) => GameKind::Arcanor,
        }
    }

    /// The ARKES game, if it is one.
    #[must_use]
    pub fn as_arkes(&self) -> Option<&arkes_engine::Game> {
        if let AnyGame::Arkes(g) = self { Some(g) } else { None }
    }

    /// The Arcanor game, if it is one.
    #[must_use]
    pub fn as_arcanor(&self) -> Option<&arcanor_engine::Game> {
        if let AnyGame::Arcanor(g) = self { Some(g) } else { None }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> PosRef<'_> {
        match self {
            AnyGame::Arkes(g) => PosRef::Arkes(g.position()),
            AnyGame::Arcanor(g) => PosRef::Arcanor(g.position()),
        }
    }

    /// The board's shape.
    #[must_use]
    pub fn shape(&self) -> BoardShape {
        self.position().shape()
    }

    /// The seats of the game in turn order (those of its set-up).
    #[must_use]
    pub fn seat_order(&self) -> Vec<Seat> {
        match self {
            AnyGame::Arkes(g) => g.setup().seats.clone(),
            AnyGame::Arcanor(_) => vec![Seat::South, Seat::North],
        }
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        each!(self, g => g.to_move())
    }

    /// How the game ended, `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<AnyOutcome> {
        match self {
            AnyGame::Arkes(g) => g.outcome().map(AnyOutcome::of_arkes),
            AnyGame::Arcanor(g) => g.outcome().map(AnyOutcome::of_arcanor),
        }
    }

    /// The legal actions, none once the game has ended.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        match self {
            AnyGame::Arkes(g) => g.legal_moves().into_iter().map(Action::of_arkes).collect(),
            AnyGame::Arcanor(g) => g.legal_moves().into_iter().map(Action::of_arcanor).collect(),
        }
    }

    /// Plays the legal move `action` names (`capture` is not compared: the
    /// board decides).
    ///
    /// # Errors
    /// The engine's reason, naming the rule, when no legal move matches;
    /// nothing changes then.
    pub fn play(&mut self, action: Action) -> Result<AnyReport, String> {
        match self {
            AnyGame::Arkes(g) => {
                let mv = g.position().check(action.from, action.to).map_err(|e| e.to_string())?;
                if action.whole {
                    return Err("ARKES moves the top piece only (R4)".into());
                }
                let before = g.position().clone();
                let report = g.play(mv).map_err(|e| e.to_string())?;
                Ok(AnyReport::of_arkes(&report, &before))
            }
            AnyGame::Arcanor(g) => {
                let Some(mv) = g
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.from == action.from && m.to == action.to && m.is_whole_duo() == action.whole)
                else {
                    let text = arcanor_engine::MoveText {
                        values: g.position().get(action.from).top().map(|t| {
                            let inner = g.position().get(action.from).inner().filter(|_| action.whole);
                            (t.value, inner.map(|i| i.value))
                        }),
                        from: action.from,
                        to: action.to,
                        eat: action.capture,
                    };
                    return Err(match g.position().resolve(text) {
                        Err(e) => e.to_string(),
                        Ok(_) => "the game is over".to_owned(),
                    });
                };
                let before = g.position().clone();
                let report = g.play(mv).map_err(|e| e.to_string())?;
                Ok(AnyReport::of_arcanor(&report, &before))
            }
        }
    }

    /// Charges `ms` to the clock of the seat to move; the report of a
    /// time-out, if one happened.
    pub fn tick(&mut self, ms: u64) -> Option<AnyReport> {
        match self {
            AnyGame::Arkes(g) => {
                let before = g.position().clone();
                g.tick(ms).map(|r| AnyReport::of_arkes(&r, &before))
            }
            AnyGame::Arcanor(g) => {
                let before = g.position().clone();
                g.tick(ms).map(|r| AnyReport::of_arcanor(&r, &before))
            }
        }
    }

    /// Takes back the last ply; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        each!(self, g => g.undo())
    }

    /// Plays again the last ply taken back; `false` if there is none.
    pub fn redo(&mut self) -> bool {
        each!(self, g => g.redo().is_some())
    }

    /// Whether there is a ply to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        each!(self, g => g.can_undo())
    }

    /// Whether there is a ply to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        each!(self, g => g.can_redo())
    }

    /// Number of plies played.
    #[must_use]
    pub fn ply_count(&self) -> usize {
        each!(self, g => g.plies().len())
    }

    /// The plies in notation (`timeout` for a time-out), in order.
    #[must_use]
    pub fn ply_texts(&self) -> Vec<Option<String>> {
        fn text<T: std::fmt::Display>(ply: &Ply<T>) -> Option<String> {
            match ply {
                Ply::Move { mv, .. } => Some(mv.to_string()),
                Ply::TimeOut { .. } => None,
            }
        }
        each!(self, g => g.plies().iter().map(text).collect())
    }

    /// Who played each ply in which round.
    #[must_use]
    pub fn ply_info(&self) -> &[PlyInfo] {
        each!(self, g => g.ply_info())
    }

    /// The limits and clock.
    #[must_use]
    pub fn limits(&self) -> Limits {
        each!(self, g => g.limits())
    }

    /// The round being played, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        each!(self, g => g.round())
    }

    /// Rounds in a row without a capture.
    #[must_use]
    pub fn rounds_without_capture(&self) -> u32 {
        each!(self, g => g.rounds_without_capture())
    }

    /// Pieces each seat has captured (ARKES) or eaten (Arcanor).
    #[must_use]
    pub fn captures(&self) -> game_core::BySeat<u32> {
        each!(self, g => g.captures())
    }

    /// Milliseconds left on `seat`'s clock, `None` without clocks.
    #[must_use]
    pub fn clock_ms(&self, seat: Seat) -> Option<u64> {
        each!(self, g => g.clock_ms(seat))
    }

    /// The legal-move form of the last move played, if the last ply was one.
    #[must_use]
    pub fn last_action(&self) -> Option<Action> {
        let mut before = self.clone();
        if !before.undo() {
            return None;
        }
        let count = self.ply_count();
        let text = self.ply_texts().get(count.wrapping_sub(1)).cloned().flatten()?;
        match &before {
            AnyGame::Arkes(g) => g.position().parse_move(&text).ok().map(Action::of_arkes),
            AnyGame::Arcanor(g) => g.position().parse_move(&text).ok().map(Action::of_arcanor),
        }
    }

    /// The position after the first `plies` plies (for review); `None` if
    /// they cannot be replayed.
    #[must_use]
    pub fn position_after(&self, plies: usize) -> Option<AnyPosition> {
        match self {
            AnyGame::Arkes(g) => {
                let record = arkes_engine::GameRecord { plies: g.plies()[..plies].to_vec(), ..g.record() };
                arkes_engine::Game::from_record(&record)
                    .ok()
                    .map(|g| AnyPosition::Arkes(g.position().clone()))
            }
            AnyGame::Arcanor(g) => {
                let record = arcanor_engine::GameRecord { plies: g.plies()[..plies].to_vec(), ..g.record() };
                arcanor_engine::Game::from_record(&record)
                    .ok()
                    .map(|g| AnyPosition::Arcanor(g.position().clone()))
            }
        }
    }

    /// The same set-up and limits, from the start (a restart, and a
    /// rematch: the set-up's seat moves first again, R2 and A1).
    #[must_use]
    pub fn restarted(&self) -> AnyGame {
        match self {
            AnyGame::Arkes(g) => arkes_engine::Game::new(g.setup().clone(), g.limits())
                .map_or_else(|_| self.clone(), AnyGame::Arkes),
            AnyGame::Arcanor(g) => arcanor_engine::Game::new(g.setup().clone(), g.limits())
                .map_or_else(|_| self.clone(), AnyGame::Arcanor),
        }
    }

    /// The game record as text (set-up and moves, ARKES or Arcanor form).
    #[must_use]
    pub fn record_text(&self) -> String {
        each!(self, g => g.record().to_string())
    }

    /// The game record as a JSON value (the engine's save format, tagged
    /// with the game).
    ///
    /// # Errors
    /// serde_json's message if the record cannot be written (it always can
    /// with the engines' types; a failure is returned, never an empty record).
    pub fn record_json(&self) -> Result<serde_json::Value, String> {
        each!(self, g => serde_json::to_value(g.record()).map_err(|e| e.to_string()))
    }

    /// A game from a record in JSON (tagged `"game"`; untagged is ARKES).
    ///
    /// # Errors
    /// Why it cannot be replayed, or an unknown game.
    pub fn from_record_json(value: &serde_json::Value) -> Result<AnyGame, String> {
        let tag = value.get("game").and_then(|t| t.as_str()).unwrap_or(game_core::UNTAGGED_GAME);
        match GameKind::from_id(tag) {
            Some(GameKind::Arkes) => {
                let record: arkes_engine::GameRecord =
                    serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
                arkes_engine::Game::from_record(&record).map(AnyGame::Arkes).map_err(|e| e.to_string())
            }
            Some(GameKind::Arcanor) => {
                let record: arcanor_engine::GameRecord =
                    serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
                arcanor_engine::Game::from_record(&record).map(AnyGame::Arcanor).map_err(|e| e.to_string())
            }
            None => Err(format!(
                "`{}` is not a game this version plays",
                tag.chars().take(24).collect::<String>()
            )),
        }
    }

    /// A game from a record in text: the game is read from its first line
    /// (`# ARKES game record`, `# Arcanor game record`).
    ///
    /// # Errors
    /// Why the text is not a record, or cannot be replayed.
    pub fn from_record_text(text: &str) -> Result<AnyGame, String> {
        match text.parse::<arkes_engine::GameRecord>() {
            Ok(record) => {
                arkes_engine::Game::from_record(&record).map(AnyGame::Arkes).map_err(|e| e.to_string())
            }
            Err(game_core::ParseRecordError::WrongGame { .. }) => {
                let record: arcanor_engine::GameRecord =
                    text.parse().map_err(|e: arcanor_engine::ParseRecordError| e.to_string())?;
                arcanor_engine::Game::from_record(&record).map(AnyGame::Arcanor).map_err(|e| e.to_string())
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

/// A new game of `kind`: ARKES with `players` seats on a board of `side`,
/// Arcanor on its 8 × 7 board.
///
/// # Errors
/// A message when ARKES does not allow `players` or `side` (R1, R2).
pub fn new_game(kind: GameKind, players: usize, side: u8, limits: Limits) -> Result<AnyGame, String> {
    match kind {
        GameKind::Arkes => {
            let setup = arkes_engine::Setup::standard(players, side).map_err(|e| e.to_string())?;
            arkes_engine::Game::new(setup, limits).map(AnyGame::Arkes).map_err(|e| e.to_string())
        }
        GameKind::Arcanor => arcanor_engine::Game::new(arcanor_engine::Setup::standard(), limits)
            .map(AnyGame::Arcanor)
            .map_err(|e| e.to_string()),
    }
}

/// The computer thinking about one position of either game.
#[derive(Debug)]
pub enum AnySearcher {
    /// ARKES.
    Arkes(game_ai::Searcher<Arkes>),
    /// Arcanor.
    Arcanor(game_ai::Searcher<Arcanor>),
}

impl AnySearcher {
    /// A search of `game` with `options`.
    #[must_use]
    pub fn for_game(game: &AnyGame, options: game_ai::SearchOptions) -> AnySearcher {
        match game {
            AnyGame::Arkes(g) => AnySearcher::Arkes(game_ai::Searcher::for_game(g, options)),
            AnyGame::Arcanor(g) => AnySearcher::Arcanor(game_ai::Searcher::for_game(g, options)),
        }
    }

    /// Searches at most `budget` more nodes.
    pub fn step(&mut self, budget: u64) -> game_ai::Progress {
        match self {
            AnySearcher::Arkes(s) => s.step(budget),
            AnySearcher::Arcanor(s) => s.step(budget),
        }
    }

    /// The best move found so far.
    #[must_use]
    pub fn best_action(&self) -> Option<Action> {
        match self {
            AnySearcher::Arkes(s) => s.best_move().map(Action::of_arkes),
            AnySearcher::Arcanor(s) => s.best_move().map(Action::of_arcanor),
        }
    }

    /// Searches to the end of the budget, or for at most `cap`.
    pub fn search(&mut self, cap: Option<std::time::Duration>) -> Option<Action> {
        match self {
            AnySearcher::Arkes(s) => match cap {
                Some(cap) => s.search_for(cap),
                None => s.search_to_end(),
            }
            .map(Action::of_arkes),
            AnySearcher::Arcanor(s) => match cap {
                Some(cap) => s.search_for(cap),
                None => s.search_to_end(),
            }
            .map(Action::of_arcanor),
        }
    }
}
