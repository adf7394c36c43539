//! What a computer turn costs the web build's main thread, where the search
//! runs in slices between frames: making the searcher (the tactical checks
//! and the transposition table) and the longest chunk of
//! [`CHUNK`] nodes of the search that follows, for the start positions of
//! ARKES (2 and 4 players) and Arcanor, at each level. Native times; the
//! browser's are a few times longer (the browser test reports those).
//!
//! Run: `cargo bench -p game_ai --bench slices`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use game_ai::{Level, Progress, SearchGame, Searcher};
use game_core::Game;

/// Nodes between two looks at the clock in the game's stepped search.
const CHUNK: u64 = 16;

/// Makings measured per case (the median and the longest are reported).
const RUNS: usize = 15;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Prints one line: the making's median and longest time, then the longest
/// step of `CHUNK` nodes and the number of steps of a whole search.
fn measure<G: SearchGame>(name: &str, game: &Game<G>, level: Level) {
    let mut makes = Vec::with_capacity(RUNS);
    let mut searcher = None;
    for seed in 0..RUNS as u64 {
        let start = Instant::now();
        let made = Searcher::for_game(game, level.options().seed(seed));
        makes.push(start.elapsed());
        searcher = Some(black_box(made));
    }
    makes.sort();
    let mut searcher = searcher.expect("made");
    let (mut longest, mut first, mut steps, mut at) = (Duration::ZERO, Duration::ZERO, 0_u32, 0_u32);
    loop {
        let start = Instant::now();
        let progress = searcher.step(CHUNK);
        let took = start.elapsed();
        if steps == 0 {
            first = took;
        }
        if took > longest {
            longest = took;
            at = steps;
        }
        steps += 1;
        if progress == Progress::Done || steps > 200_000 {
            break;
        }
    }
    println!(
        "{name:<18} {level:<7} make: median {:>6.2} ms, max {:>6.2} ms | {CHUNK}-node steps: first {:>5.2} ms, longest {:>5.2} ms (step {at}), {steps} steps",
        ms(makes[RUNS / 2]),
        ms(makes[RUNS - 1]),
        ms(first),
        ms(longest),
        level = format!("{level:?}"),
    );
}

fn main() {
    let arkes2 =
        arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).expect("setup")).expect("game");
    let arkes4 =
        arkes_engine::Game::from_setup(arkes_engine::Setup::standard(4, 9).expect("setup")).expect("game");
    let arcanor = arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard()).expect("game");
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        measure("ARKES 2 players", &arkes2, level);
        measure("ARKES 4 players", &arkes4, level);
        measure("Arcanor", &arcanor, level);
    }
}
