//! `selfplay` and `tournament`: AI-vs-AI games and their statistics.

use std::time::{Duration, Instant};

use game_ai::SearchGame;
use game_core::{Game, Outcome, Seat};

use crate::players::{Participant, move_seed};

/// A game played to its end.
pub struct Played<G: SearchGame> {
    /// The game.
    pub game: Game<G>,
    /// Its seats in turn order.
    pub order: Vec<Seat>,
    /// Per seat index in the game's turn order: moves made, nodes, time,
    /// longest time for one move.
    pub per_seat: Vec<(u64, u64, Duration, Duration)>,
}

/// Plays `game` to its end with `seats[i]` playing the i-th seat in turn
/// order. `on_move(ply, seat, move text)` is called after each move.
pub fn play_game<G: SearchGame>(
    mut game: Game<G>,
    seats: &[Participant],
    seed: u64,
    millis: Option<u64>,
    mut on_move: impl FnMut(usize, Seat, String),
) -> Result<Played<G>, String> {
    let order: Vec<Seat> = G::seats_in(game.position()).iter().collect();
    let mut per_seat = vec![(0u64, 0u64, Duration::ZERO, Duration::ZERO); order.len()];
    while game.outcome().is_none() {
        let seat = game.to_move();
        let index = order.iter().position(|&s| s == seat).ok_or("the seat to move has no player")?;
        let ply = game.plies().len();
        let Some(choice) = seats[index].choose(&game, move_seed(seed, ply), millis)? else { break };
        game.play(choice.mv)
            .map_err(|e| format!("{} played {} at ply {}: {e}", seats[index], choice.mv, ply + 1))?;
        let slot = &mut per_seat[index];
        slot.0 += 1;
        slot.1 += choice.nodes;
        slot.2 += choice.time;
        slot.3 = slot.3.max(choice.time);
        on_move(ply + 1, seat, choice.mv.to_string());
    }
    Ok(Played { game, order, per_seat })
}

/// Results of one participant over a tournament.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost (another seat won).
    pub losses: u64,
    /// Moves made.
    pub moves: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent choosing moves.
    pub time: Duration,
    /// The longest time spent on one move.
    pub max_time: Duration,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws, over games played.
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 { 0.0 } else { (self.wins as f64 + 0.5 * self.draws as f64) / n as f64 }
    }
}

/// The 95% Wilson score interval of a proportion `p` observed over `n`
/// trials, as `(low, high)`.
#[must_use]
pub fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Records a finished game in the tallies of the participants at `seats`.
pub fn record<G: SearchGame>(tallies: &mut [Tally], at_seat: &[usize], played: &Played<G>) {
    let order = &played.order;
    let winner = played.game.outcome().and_then(Outcome::winner);
    for (i, &seat) in order.iter().enumerate() {
        let tally = &mut tallies[at_seat[i]];
        match winner {
            None => tally.draws += 1,
            Some(w) if w == seat => tally.wins += 1,
            Some(_) => tally.losses += 1,
        }
        let (moves, nodes, time, max_time) = played.per_seat[i];
        tally.moves += moves;
        tally.nodes += nodes;
        tally.time += time;
        tally.max_time = tally.max_time.max(max_time);
    }
}

/// Plays `games` games, game `g` giving seat `k` (in turn order) to
/// participant `(k + g) mod n`, and prints the statistics; `board` is
/// printed after the game's name (` on 7x7`), `new_game` makes each start.
///
/// # Errors
/// A game that cannot be set up or played.
pub fn run<G: SearchGame>(
    list: &[Participant],
    games: u64,
    seed: u64,
    millis: Option<u64>,
    verbose: bool,
    board: &str,
    new_game: impl Fn() -> Result<Game<G>, String>,
) -> Result<(), String> {
    let n = list.len();
    let mut tallies = vec![Tally::default(); n];
    let mut plies = 0u64;
    let start = Instant::now();
    for g in 0..games {
        let at_seat: Vec<usize> = (0..n).map(|k| (k + g as usize) % n).collect();
        let seats: Vec<Participant> = at_seat.iter().map(|&i| list[i]).collect();
        let played = play_game(new_game()?, &seats, seed.wrapping_add(g), millis, |_, _, _| {})?;
        plies += played.game.plies().len() as u64;
        record(&mut tallies, &at_seat, &played);
        if verbose {
            let names: Vec<String> = seats.iter().map(ToString::to_string).collect();
            let outcome = played.game.outcome().map_or("unfinished".to_owned(), |o| o.to_string());
            eprintln!(
                "game {}/{games} [{}]: {outcome}, {} plies",
                g + 1,
                names.join(","),
                played.game.plies().len()
            );
        }
    }
    let names: Vec<String> = list.iter().map(ToString::to_string).collect();
    let budget =
        millis.map_or("each level's default node budget".to_owned(), |ms| format!("{ms} ms per move"));
    println!(
        "{games} games of {} of {}{board}, {budget}, seeds {seed}..{}",
        G::NAME,
        names.join(" vs "),
        seed.wrapping_add(games.saturating_sub(1))
    );
    println!("score = (wins + draws/2) / games; 95% interval: Wilson score interval on the score");
    println!(
        "{:<10} {:>5} {:>5} {:>5} {:>7} {:>17} {:>10} {:>8} {:>12}",
        "player", "wins", "draws", "losses", "score", "95% interval", "ms/move", "max ms", "nodes/s"
    );
    for (name, t) in names.iter().zip(&tallies) {
        let (lo, hi) = wilson(t.score(), t.games());
        let ms = if t.moves == 0 { 0.0 } else { t.time.as_secs_f64() * 1000.0 / t.moves as f64 };
        let secs = t.time.as_secs_f64();
        let rate = if t.nodes == 0 || secs == 0.0 {
            "-".to_owned()
        } else {
            format!("{:.0}", t.nodes as f64 / secs)
        };
        println!(
            "{name:<10} {:>5} {:>5} {:>6} {:>6.1}% {:>7.1}%..{:>5.1}% {ms:>10.1} {:>8.0} {rate:>12}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            100.0 * lo,
            100.0 * hi,
            t.max_time.as_secs_f64() * 1000.0
        );
    }
    let avg = if games == 0 { 0.0 } else { plies as f64 / games as f64 };
    println!("average game length: {avg:.1} plies; wall time {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(0.5, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson(1.0, 200);
        assert!((lo - 0.9812).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
    }
}
