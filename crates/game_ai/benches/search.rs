//! The search's speed, in nodes a second on one core: Hard's search (its
//! options, a budget of 300 000 nodes) from positions of ARKES with 2 and
//! 4 players and of Arcanor: each game's start and positions after 10, 20
//! and 30 plies of a seeded game of Medium against itself. A node is a
//! position the search played (a move played and taken back, with move
//! generation and, at the leaves, the evaluation). Each case is searched
//! [`ROUNDS`] times; the fastest and the median round are reported, and
//! every search must end on the same move and value each round.
//!
//! Run: `cargo bench -p game_ai --bench search` (the aim for ARKES: 1 M
//! nodes a second).

use std::time::Instant;

use game_ai::{Level, SearchGame, Searcher};
use game_core::Game;

/// Nodes a search may play.
const BUDGET: u64 = 300_000;

/// Times each position is searched.
const ROUNDS: usize = 5;

/// The positions searched: the start, then after 10, 20 and 30 plies of a
/// game of Medium against itself (seeded), while it goes on.
fn positions<G: SearchGame>(start: &Game<G>) -> Vec<Game<G>> {
    let mut out = vec![start.clone()];
    let mut game = start.clone();
    for ply in 1..=30_u64 {
        match game_ai::choose_move(&game, Level::Medium, 100 + ply) {
            Some(mv) if game.play(mv).is_ok() => {}
            _ => break,
        }
        if ply % 10 == 0 && game.outcome().is_none() {
            out.push(game.clone());
        }
    }
    out
}

/// Searches every position `ROUNDS` times; prints nodes a second (all the
/// positions' nodes over all their time), fastest and median round.
fn measure<G: SearchGame>(name: &str, start: &Game<G>) -> f64 {
    let games = positions(start);
    let mut options = Level::Hard.options().seed(1);
    options.max_nodes = BUDGET;
    let mut rates = Vec::with_capacity(ROUNDS);
    let mut first: Option<Vec<(Option<G::Move>, Option<i32>)>> = None;
    for _ in 0..ROUNDS {
        let (mut nodes, mut seconds, mut results) = (0, 0.0, Vec::new());
        for game in &games {
            let mut searcher = Searcher::for_game(game, options);
            let start = Instant::now();
            let mv = searcher.search_to_end();
            seconds += start.elapsed().as_secs_f64();
            let stats = searcher.stats();
            nodes += stats.nodes;
            results.push((mv, stats.value));
        }
        match &first {
            Some(first) => assert_eq!(first, &results, "{name}: every round searches alike"),
            None => first = Some(results),
        }
        rates.push(nodes as f64 / seconds);
    }
    rates.sort_by(f64::total_cmp);
    let (best, median) = (rates[ROUNDS - 1], rates[ROUNDS / 2]);
    println!(
        "{name:<16} {} positions: {:>6.0} k nodes/s fastest round, {:>6.0} k median",
        games.len(),
        best / 1000.0,
        median / 1000.0
    );
    median
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported.
    let arkes = |players| {
        Game::<arkes_engine::Arkes>::from_setup(arkes_engine::Setup::standard(players, 9).unwrap()).unwrap()
    };
    measure("ARKES 2p 9x9", &arkes(2));
    measure("ARKES 4p 9x9", &arkes(4));
    measure(
        "Arcanor",
        &Game::<arcanor_engine::Arcanor>::from_setup(arcanor_engine::Setup::standard()).unwrap(),
    );
}
