//! `analyse` and `calibrate`: the coach from a shell. `analyse` judges every
//! ply of a game ([`game_ai::review_move`]); `calibrate` plays
//! computer-vs-computer games, records the review's value of positions and
//! who won, fits the win chance's scale ([`game_ai::chance`]) on half the
//! games and checks it on the other half.

use std::io::Write;
use std::time::Instant;

use game_ai::chance::{ChanceScale, Decile, brier_score, deciles, fit_scale};
use game_ai::{Level, review_options};
use game_core::{Game, Outcome, Seat};
use games::{AnyGame, BoardGame, PlyReview};

use crate::players::Participant;
use crate::tournament::play_game;

/// The review's search at `level`: Hard is the app's review
/// ([`review_options`]); Medium and Easy look less deep, for quicker runs.
#[must_use]
pub fn review_level(level: Level) -> game_ai::SearchOptions {
    let mut options = review_options();
    match level {
        Level::Hard => {}
        Level::Medium => {
            options.max_depth = 3;
            options.max_nodes = 15_000;
        }
        Level::Easy => {
            options.max_depth = 2;
            options.quiescence = 2;
            options.max_nodes = 4_000;
        }
    }
    options
}

/// One ply's line: `PLY SEAT MOVE VERDICT BEST WIN_BEFORE WIN_AFTER`
/// (chances as whole percentages of the seat that moved), or with `json`
/// one JSON object.
#[must_use]
pub fn ply_line(review: &PlyReview, json: bool) -> String {
    if json {
        serde_json::json!({
            "ply": review.ply,
            "seat": review.seat.name().to_ascii_lowercase(),
            "move": review.played_text,
            "verdict": review.verdict.id(),
            "best": review.best_text,
            "win_before": (review.before * 100.0).round() / 100.0,
            "win_after": (review.after * 100.0).round() / 100.0,
        })
        .to_string()
    } else {
        format!(
            "{} {} {} {} {} {} {}",
            review.ply,
            review.seat.name(),
            review.played_text,
            review.verdict.id(),
            review.best_text,
            (review.before * 100.0).round(),
            (review.after * 100.0).round()
        )
    }
}

/// Judges every ply of `game` at `level` and prints one line per ply
/// (time-outs are skipped).
///
/// # Errors
/// Writing to standard output failed.
pub fn analyse<G: BoardGame>(game: Game<G>, level: Level, json: bool) -> Result<(), String> {
    let options = review_level(level);
    let plies = game.plies().len();
    let game = AnyGame::new(game);
    let mut out = std::io::stdout().lock();
    for ply in 1..=plies {
        if let Some(review) = game.review_ply(ply, options) {
            writeln!(out, "{}", ply_line(&review, json)).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// A seat's result: 1 won, 0 lost, a share of 1 in a draw (among the seats
/// still in).
fn result_for<W: Copy>(outcome: Option<Outcome<W>>, seat: Seat, seats_in: usize) -> f64 {
    match outcome {
        Some(Outcome::Win(w)) => f64::from(u8::from(w.seat == seat)),
        _ => 1.0 / seats_in.max(1) as f64,
    }
}

/// The pairings the calibration plays, rotated over the games: the
/// computer's levels the app offers, against each other and themselves.
const PAIRINGS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// Plays `games` games of `players` seats, values every `every`-th
/// position with the review's search at `level`, fits the chance's scale on
/// the even games and prints the calibration on the odd ones (deciles and
/// Brier score), then on all. With `out`, writes the odd games' samples
/// (`value,outcome`, one per line) there.
///
/// # Errors
/// A game that cannot be played, or a file that cannot be written.
pub fn calibrate<G: BoardGame>(
    new_game: impl Fn() -> Result<Game<G>, String>,
    games: u64,
    seed: u64,
    every: usize,
    level: Level,
    out: Option<&std::path::Path>,
) -> Result<(), String> {
    let options = review_level(level);
    let (mut fit_on, mut held_out) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for g in 0..games {
        let game = new_game()?;
        let seats = G::seat_order(game.setup()).len();
        let participants: Vec<Participant> = (0..seats)
            .map(|i| Participant::Ai(PAIRINGS[(g as usize + i * 2 + i / 2) % PAIRINGS.len()]))
            .collect();
        let played = play_game(game, &participants, seed.wrapping_add(g), None, |_, _, _| {})?;
        let outcome = played.game.outcome();
        let seats_in = G::seats_in(played.game.position()).len();
        let record = played.game.record();
        let mut replay = Game::<G>::new(record.setup.clone(), record.limits).map_err(|e| e.to_string())?;
        for (i, ply) in record.plies.iter().enumerate() {
            if i % every == 0
                && replay.outcome().is_none()
                && let Some((_, value)) = game_ai::analysis::best_move(&replay, options)
            {
                let mover = replay.to_move();
                let sample = (value, result_for(outcome, mover, seats_in));
                if g % 2 == 0 { fit_on.push(sample) } else { held_out.push(sample) }
            }
            if let game_core::Ply::Move { mv, .. } = ply {
                replay.play_text(&mv.to_string()).map_err(|e| e.to_string())?;
            }
        }
        eprint!(
            "\rgame {}/{games}, {} positions, {:.0} s",
            g + 1,
            fit_on.len() + held_out.len(),
            start.elapsed().as_secs_f64()
        );
    }
    eprintln!();
    let scale = fit_scale(&fit_on);
    let shipped = G::chance_scale(new_game()?.setup_seat_count());
    println!(
        "# {} calibration, {games} games ({} fitted, {} held out), fitted scale {:.0} (shipped {:.0})",
        G::NAME,
        fit_on.len(),
        held_out.len(),
        scale.0,
        shipped.0
    );
    print_table("held-out games, fitted scale", scale, &held_out);
    print_table("held-out games, shipped scale", shipped, &held_out);
    if let Some(path) = out {
        let text: String = held_out.iter().map(|(v, y)| format!("{v},{y}\n")).collect();
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Prints a calibration table: predicted against observed by deciles, and
/// the Brier score (against 0.25 for always saying 50 %).
fn print_table(title: &str, scale: ChanceScale, samples: &[(i32, f64)]) {
    println!("## {title}: Brier score {:.4} (always 50 %: 0.25)", brier_score(scale, samples));
    println!("| predicted | positions | mean predicted | observed |");
    println!("|---|---|---|---|");
    for (i, Decile { count, predicted, observed }) in deciles(scale, samples).into_iter().enumerate() {
        if count > 0 {
            println!(
                "| {}–{} % | {count} | {:.0} % | {:.0} % |",
                i * 10,
                i * 10 + 10,
                predicted * 100.0,
                observed * 100.0
            );
        }
    }
}

/// The number of seats of a game's set-up.
trait SeatCount {
    fn setup_seat_count(&self) -> usize;
}

impl<G: BoardGame> SeatCount for Game<G> {
    fn setup_seat_count(&self) -> usize {
        G::seat_order(self.setup()).len()
    }
}
