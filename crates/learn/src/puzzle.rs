//! Puzzles: "find the move" positions kept in `assets/puzzles/<game>.json`,
//! each stored as its game's record (the set-up and the moves from it, so
//! any tool can replay it), its [`PuzzleKind`] and its one solution.
//!
//! ```json
//! { "game": "arkes",
//!   "puzzles": [ { "id": "arkes-7-41", "kind": "win-in-one",
//!                  "record": "<the game's text record>", "solution": "Mc2-c3" } ] }
//! ```

use game_core::Seat;
use games::{Action, AnyGame, GameKind, RecordTextError};
use serde::{Deserialize, Serialize};

use crate::solve::{self, PuzzleKind};

/// One puzzle as its file stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleEntry {
    /// A stable id, unique in its file (progress is saved by it).
    pub id: String,
    /// What the puzzle asks.
    pub kind: PuzzleKind,
    /// The game's text record: the puzzle is the position after its plies.
    pub record: String,
    /// The one move that solves it, in canonical notation (for a win in
    /// two: the first move).
    pub solution: String,
}

/// A game's puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The game's id (`arkes`, `arcanor`).
    pub game: String,
    /// The puzzles, easiest first.
    pub puzzles: Vec<PuzzleEntry>,
}

/// A puzzle loaded and checked against its game's rules.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Its id.
    pub id: String,
    /// What it asks.
    pub kind: PuzzleKind,
    /// The game at the puzzle's position (its record replayed).
    pub start: AnyGame,
    /// The solution (the first move for a win in two).
    pub solution: Action,
    /// The solution in notation.
    pub solution_text: String,
}

impl Puzzle {
    /// The seat that solves it: the one to move at the start.
    #[must_use]
    pub fn solver(&self) -> Seat {
        self.start.to_move()
    }
}

/// The legal action of the seat to move that `text` names in canonical
/// notation (as [`games::DynGame::action_text`] writes it).
#[must_use]
pub fn action_named(game: &AnyGame, text: &str) -> Option<Action> {
    game.legal_actions().into_iter().find(|&a| game.action_text(a).as_deref() == Some(text))
}

/// The moves (canonical notation) that meet `kind` in `game`'s position
/// (see [`solve::solutions`]); `None` when the position is not of that
/// kind at all.
#[must_use]
pub fn solutions(game: &AnyGame, kind: PuzzleKind) -> Option<Vec<String>> {
    games::with_rules!(game.kind(), G => {
        let position = game.concrete::<G>()?.position();
        solve::solutions::<G>(position, kind).map(|moves| moves.iter().map(ToString::to_string).collect())
    })
    .flatten()
}

/// The puzzle `game`'s position makes, with its one solution in notation
/// (see [`solve::classify`]).
#[must_use]
pub fn classify(game: &AnyGame) -> Option<(PuzzleKind, String)> {
    games::with_rules!(game.kind(), G => {
        let position = game.concrete::<G>()?.position();
        solve::classify::<G>(position).map(|(kind, mv)| (kind, mv.to_string()))
    })
    .flatten()
}

/// The moves (canonical notation) that win at once in `game`'s position:
/// the second move of a win in two.
#[must_use]
pub fn wins_in_one(game: &AnyGame) -> Vec<String> {
    games::with_rules!(game.kind(), G => {
        game.concrete::<G>().map(|g| solve::wins_in_one::<G>(g.position()).iter().map(ToString::to_string).collect())
    })
    .flatten()
    .unwrap_or_default()
}

/// Reads and checks `kind`'s puzzle file: the game named is `kind`, ids are
/// unique, each record replays, each solution is a legal move there.
/// Whether the solution is the only one is [`verify`]'s (a full search;
/// the tests run it on every shipped puzzle).
///
/// # Errors
/// The first problem, naming the puzzle.
pub fn load_puzzles(kind: GameKind, text: &str) -> Result<Vec<Puzzle>, String> {
    let file: PuzzleFile = serde_json::from_str(text).map_err(|e| format!("puzzle file: {e}"))?;
    if file.game != kind.id() {
        return Err(format!("puzzle file of `{}`, not of `{}`", file.game, kind.id()));
    }
    let mut out: Vec<Puzzle> = Vec::with_capacity(file.puzzles.len());
    for entry in file.puzzles {
        if out.iter().any(|p| p.id == entry.id) {
            return Err(format!("puzzle {}: the id is used twice", entry.id));
        }
        let start = kind.load_record_text(&entry.record).map_err(|e| match e {
            RecordTextError::OtherGame => format!("puzzle {}: the record is of another game", entry.id),
            RecordTextError::Bad(why) => format!("puzzle {}: {why}", entry.id),
        })?;
        let solution = action_named(&start, &entry.solution).ok_or_else(|| {
            format!("puzzle {}: the solution {} is not a legal move there", entry.id, entry.solution)
        })?;
        out.push(Puzzle { id: entry.id, kind: entry.kind, start, solution, solution_text: entry.solution });
    }
    Ok(out)
}

/// Whether `puzzle` is sound: its solution, and no other move, meets its
/// kind by a full search of the plies the kind needs.
///
/// # Errors
/// What is wrong, in words.
pub fn verify(puzzle: &Puzzle) -> Result<(), String> {
    let found = solutions(&puzzle.start, puzzle.kind)
        .ok_or_else(|| format!("puzzle {}: the position is not a {} puzzle", puzzle.id, puzzle.kind.id()))?;
    if found != [puzzle.solution_text.clone()] {
        return Err(format!(
            "puzzle {}: the moves that meet {} are {found:?}, not only {}",
            puzzle.id,
            puzzle.kind.id(),
            puzzle.solution_text
        ));
    }
    Ok(())
}
