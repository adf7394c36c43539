//! What the coach's review of a whole game costs: a 100-ply game of the
//! computer against itself (Medium, seeded), then every ply judged with
//! [`game_ai::review_move`] at [`game_ai::review_options`] (the level the
//! app's review uses), for ARKES with 2 and 4 players and Arcanor, on one
//! core, then with the plies judged side by side on every core, as the
//! app does natively (each ply alone decides its verdict, so the verdicts
//! are the same). The target: a 100-ply game in at most 30 s natively (60 s
//! in the browser, whose figure the browser test prints).
//!
//! Run: `cargo bench -p game_ai --bench analysis`.

use std::hint::black_box;
use std::time::Instant;

use game_ai::{Level, SearchGame, review_move, review_options};
use game_core::Game;

/// Plies of each game reviewed.
const PLIES: usize = 100;

/// Plays [`PLIES`] plies from `start()` (Medium against itself, a new seed
/// per ply; a game that ends is followed by a new one); returns the game
/// before each ply and the ply's move.
fn plies_of<G: SearchGame>(start: impl Fn() -> Game<G>) -> Vec<(Game<G>, G::Move)> {
    let mut game = start();
    let mut out = Vec::with_capacity(PLIES);
    let mut seed = 1;
    while out.len() < PLIES {
        seed += 1;
        match game_ai::choose_move(&game, Level::Medium, seed) {
            Some(mv) if game.play(mv).is_ok() => {
                let mut before = game.clone();
                before.undo();
                out.push((before, mv));
            }
            _ => game = start(),
        }
    }
    out
}

/// Reviews every ply of `plies` on `threads` threads side by side (each
/// taking the next ply not taken), and prints the time; the verdicts must
/// be those of one thread.
fn measure_side_by_side<G: SearchGame>(
    name: &str,
    plies: &[(Game<G>, G::Move)],
    players: usize,
    threads: usize,
    alone: &[Option<game_ai::Verdict>],
) {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let scale = G::chance_scale(players);
    let options = review_options();
    let next = AtomicUsize::new(0);
    let verdicts = Mutex::new(vec![None; plies.len()]);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((game, mv)) = plies.get(i) else { break };
                    let verdict = review_move(game, *mv, options, scale).map(|r| r.verdict);
                    verdicts.lock().unwrap()[i] = verdict;
                }
            });
        }
    });
    let total = start.elapsed().as_secs_f64();
    assert_eq!(verdicts.into_inner().unwrap(), alone, "{name}: the same verdicts on {threads} threads");
    println!(
        "{name:<16} {:>3} plies on {threads} threads side by side in {total:>5.1} s; 100 plies ≈ {:>5.1} s",
        plies.len(),
        total / plies.len() as f64 * 100.0
    );
}

/// Reviews every ply of `plies` and prints the total time, the time per
/// ply (median, longest) and the time for 100 plies at that pace; returns
/// the verdicts.
fn measure<G: SearchGame>(
    name: &str,
    plies: &[(Game<G>, G::Move)],
    players: usize,
) -> Vec<Option<game_ai::Verdict>> {
    let scale = G::chance_scale(players);
    let options = review_options();
    let mut times = Vec::with_capacity(plies.len());
    let mut verdicts = Vec::with_capacity(plies.len());
    let start = Instant::now();
    for (game, mv) in plies {
        let t = Instant::now();
        verdicts.push(black_box(review_move(game, *mv, options, scale)).map(|r| r.verdict));
        times.push(t.elapsed().as_secs_f64());
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!(
        "{name:<16} {:>3} plies reviewed in {total:>5.1} s: per ply median {:>5.0} ms, longest {:>5.0} ms; 100 plies ≈ {:>5.1} s",
        plies.len(),
        times[times.len() / 2] * 1000.0,
        times[times.len() - 1] * 1000.0,
        total / plies.len() as f64 * 100.0
    );
    verdicts
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported.
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let arkes2 = plies_of(|| {
        Game::<arkes_engine::Arkes>::from_setup(arkes_engine::Setup::standard(2, 9).unwrap()).unwrap()
    });
    let alone = measure("ARKES 2p 9x9", &arkes2, 2);
    let arkes4 = plies_of(|| {
        Game::<arkes_engine::Arkes>::from_setup(arkes_engine::Setup::standard(4, 9).unwrap()).unwrap()
    });
    let alone4 = measure("ARKES 4p 9x9", &arkes4, 4);
    let arcanor =
        plies_of(|| Game::<arcanor_engine::Arcanor>::from_setup(arcanor_engine::Setup::standard()).unwrap());
    let alone_arcanor = measure("Arcanor", &arcanor, 2);
    if threads > 1 {
        measure_side_by_side("ARKES 2p 9x9", &arkes2, 2, threads, &alone);
        measure_side_by_side("ARKES 4p 9x9", &arkes4, 4, threads, &alone4);
        measure_side_by_side("Arcanor", &arcanor, 2, threads, &alone_arcanor);
    }
}
