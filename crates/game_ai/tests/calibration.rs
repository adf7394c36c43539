//! The win chance checked on games it was not fitted on: `arkes-cli
//! calibrate` fits the scale on the even games of a computer-vs-computer
//! series and writes the odd games' positions (`value,outcome` per line:
//! the review search's value for the seat to move, and 1, 0.5 or 0 for its
//! win, draw or loss) into `tests/data/calibration-*.csv`. Here the shipped
//! scale is judged on those held-out positions alone.

use game_ai::chance::{brier_score, deciles, fit_scale};
use game_ai::{ChanceScale, DECIDED, SearchGame};

/// The held-out samples of `name`.
fn held_out(name: &str) -> Vec<(i32, f64)> {
    let path = format!("{}/tests/data/calibration-{name}.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let (value, outcome) =
                line.split_once(',').unwrap_or_else(|| panic!("{path}: bad line {line:?}"));
            (value.parse().expect("a value"), outcome.parse().expect("an outcome"))
        })
        .collect()
}

/// The checks of one series: the shipped scale predicts the held-out games
/// better than a bound (always saying 50 % scores 0.25) and than always
/// saying the share of games the mover won, nearly as well as the
/// best scale for those very games, and its chances average out to the
/// share of games won (calibration in the large), decile by decile as well
/// where a decile has enough positions.
fn assert_calibrated(name: &str, shipped: ChanceScale, brier_at_most: f64) {
    let samples = held_out(name);
    assert!(samples.len() > 1000, "{name}: {} held-out positions", samples.len());
    let brier = brier_score(shipped, &samples);
    assert!(brier <= brier_at_most, "{name}: Brier score {brier:.4} on held-out games");
    // Better than knowing only how often the mover wins: always saying
    // that share.
    let share = samples.iter().map(|&(_, y)| y).sum::<f64>() / samples.len() as f64;
    let base = samples.iter().map(|&(_, y)| (share - y).powi(2)).sum::<f64>() / samples.len() as f64;
    assert!(brier < base - 0.01, "{name}: Brier score {brier:.4}, always {share:.2}: {base:.4}");
    let best = fit_scale(&samples);
    let best_brier = brier_score(best, &samples);
    assert!(
        brier <= best_brier + 0.005,
        "{name}: the shipped scale {} scores {brier:.4}, the held-out games' own best {} scores {best_brier:.4}",
        shipped.0,
        best.0
    );
    let open: Vec<&(i32, f64)> = samples.iter().filter(|(v, _)| v.abs() < DECIDED).collect();
    let predicted = open.iter().map(|&&(v, _)| shipped.chance(v)).sum::<f64>() / open.len() as f64;
    let observed = open.iter().map(|&&(_, y)| y).sum::<f64>() / open.len() as f64;
    assert!(
        (predicted - observed).abs() < 0.06,
        "{name}: mean chance {predicted:.3}, share won {observed:.3}"
    );
    // Deciles: the positions said to be likelier wins are won more often,
    // from the bottom decile to the top one.
    let table = deciles(shipped, &samples);
    let (low, high) = (table.iter().find(|d| d.count >= 50), table.iter().rev().find(|d| d.count >= 50));
    let (low, high) = (low.expect("a populated low decile"), high.expect("a populated high decile"));
    assert!(high.observed > low.observed + 0.5, "{name}: deciles {table:?}");
}

#[test]
fn the_arkes_two_player_chance_is_calibrated_on_held_out_games() {
    assert_calibrated("arkes-2", arkes_engine::Arkes::chance_scale(2), 0.20);
}

#[test]
fn the_arcanor_chance_is_calibrated_on_held_out_games() {
    assert_calibrated("arcanor", arcanor_engine::Arcanor::chance_scale(2), 0.07);
}

#[test]
fn the_arkes_four_player_chance_is_calibrated_on_held_out_games() {
    assert_calibrated("arkes-4", arkes_engine::Arkes::chance_scale(4), 0.21);
}
