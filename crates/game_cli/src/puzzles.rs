//! `arkes-cli [--game G] puzzles`: finds "find the move" positions in
//! computer-vs-computer games and prints them as the game's puzzle file
//! (`assets/puzzles/<game>.json`), keeping only positions where exactly one
//! move meets the puzzle's kind by a full search ([`learn::solve`]).

use std::collections::{BTreeMap, HashSet};

use game_core::{Game, Limits};
use games::{AnyGame, BoardGame};
use learn::puzzle::{PuzzleEntry, PuzzleFile, classify};
use learn::solve::PuzzleKind;

use crate::players::Participant;
use crate::tournament::play_game;

/// What `puzzles` is asked for.
pub struct Request<'a> {
    /// Games to play.
    pub games: u64,
    /// The seed of the first game; game i uses seed + i.
    pub seed: u64,
    /// The players of each game (two seats).
    pub players: &'a [Participant],
    /// The most puzzles of each kind kept.
    pub per_kind: usize,
}

/// Plays the games and returns the puzzle file: unique positions, at most
/// `per_kind` of each kind (the first found), easiest kind first. Progress
/// goes to stderr.
///
/// # Errors
/// A game that cannot be set up or played.
pub fn find<G: BoardGame>(request: &Request<'_>) -> Result<PuzzleFile, String> {
    if request.players.len() != 2 {
        return Err("puzzles are found in two-player games: give two --players".into());
    }
    let mut seen = HashSet::new();
    let mut found: BTreeMap<PuzzleKind, Vec<PuzzleEntry>> = BTreeMap::new();
    for g in 0..request.games {
        let start = Game::<G>::new(G::new_setup(2, G::DEFAULT_SIDE)?, Limits::default())
            .map_err(|e| e.to_string())?;
        let seed = request.seed + g;
        let played = play_game(start, request.players, seed, None, |_, _, _| {})?;
        let full = AnyGame::new(played.game);
        for ply in 0..full.ply_count() {
            let mut game = full.clone();
            while game.ply_count() > ply {
                game.undo();
            }
            if !seen.insert(game.position().hash()) {
                continue;
            }
            let Some((kind, solution)) = classify(&game) else { continue };
            let list = found.entry(kind).or_default();
            if list.len() < request.per_kind {
                list.push(PuzzleEntry {
                    id: format!("{}-{seed}-{ply}", games::Def::<G>::KIND.id()),
                    kind,
                    record: game.record_text(),
                    solution,
                });
            }
        }
        let counts: Vec<String> = found.iter().map(|(k, v)| format!("{} {}", k.id(), v.len())).collect();
        eprintln!("game {} of {}: {}", g + 1, request.games, counts.join(", "));
    }
    Ok(PuzzleFile {
        game: games::Def::<G>::KIND.id().to_owned(),
        puzzles: found.into_values().flatten().collect(),
    })
}
