//! The search's trees, pinned. For fixed positions of ARKES (2, 3 and 4
//! players; sides 7, 9 and 11) and of Arcanor (each start, then after 10,
//! 20 and 30 plies of Medium against itself), Hard's search at a budget
//! of 20 000 nodes must end on the move, value, depth and node count
//! written in `tests/data/search-fingerprints.txt`. The budget stops the
//! search at an exact node, so the same tree gives the same line and any
//! change to what the search tries, in what order, or what it finds, shows.
//!
//! A change meant only to make the search faster (incremental updates,
//! cheaper move generation, another repetition table) must leave every
//! line as it is. A change meant to alter the search's choices must say so
//! by writing the file again: `ARKES_WRITE_FINGERPRINTS=1 cargo test -p
//! game_ai --test fingerprints`, and committing it with the reason.

use std::fmt::Write;

use game_ai::{Level, SearchGame, Searcher};
use game_core::Game;

/// Nodes each search may play.
const BUDGET: u64 = 20_000;

/// The fingerprint lines of `name`'s positions: its start, then after 10,
/// 20 and 30 plies of Medium against itself (seeded) while the game goes on.
fn fingerprints<G: SearchGame>(name: &str, start: &Game<G>, out: &mut String)
where
    G::Move: std::fmt::Debug,
{
    let mut game = start.clone();
    for ply in 0..=30_u64 {
        if ply % 10 == 0 {
            let mut options = Level::Hard.options().seed(1);
            options.max_nodes = BUDGET;
            let mut searcher = Searcher::for_game(&game, options);
            let mv = searcher.search_to_end();
            let stats = searcher.stats();
            writeln!(
                out,
                "{name} after {ply}: move {mv:?} value {:?} depth {} nodes {}",
                stats.value, stats.depth, stats.nodes
            )
            .unwrap();
        }
        match game_ai::choose_move(&game, Level::Medium, 100 + ply) {
            Some(mv) if game.play(mv).is_ok() => {}
            _ => break,
        }
    }
}

fn all_fingerprints() -> String {
    let mut out = String::new();
    for (players, side) in [(2, 9), (2, 7), (3, 9), (4, 9), (4, 11), (2, 11)] {
        let setup = arkes_engine::Setup::standard(players, side).unwrap();
        let game = Game::<arkes_engine::Arkes>::from_setup(setup).unwrap();
        fingerprints(&format!("ARKES {players}p {side}x{side}"), &game, &mut out);
    }
    let arcanor = Game::<arcanor_engine::Arcanor>::from_setup(arcanor_engine::Setup::standard()).unwrap();
    fingerprints("Arcanor", &arcanor, &mut out);
    out
}

#[test]
fn the_search_plays_the_same_trees() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/search-fingerprints.txt");
    let now = all_fingerprints();
    if std::env::var_os("ARKES_WRITE_FINGERPRINTS").is_some() {
        std::fs::write(path, &now).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(path).expect("the pinned fingerprints (see the module's doc)");
    for (line, (got, want)) in now.lines().zip(pinned.lines()).enumerate() {
        assert_eq!(got, want, "line {}: the search's tree changed", line + 1);
    }
    assert_eq!(now.lines().count(), pinned.lines().count());
    assert!(now.lines().count() >= 20, "{now}");
}
