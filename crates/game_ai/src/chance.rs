//! The win chance of a search value: the share of games the seat went on
//! to win from positions the search valued so, a logistic curve fitted on
//! positions of computer-vs-computer games (`arkes-cli calibrate`, which
//! prints the calibration table of the crate docs).
//!
//! `chance(v) = 1 / (1 + exp(-v / scale))`, `v` the paranoid value for the
//! seat (its score minus the best opponent's, 100 = about a token); a value
//! the search found decided ([`crate::DECIDED`]) is a chance of 1 or 0.

use crate::eval::DECIDED;

/// The fitted scale of one game at one number of players, in evaluation
/// points: a value of `scale` is a chance of 73 %.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceScale(pub f64);

impl ChanceScale {
    /// The chance (0 to 1) that the seat valued `value` by the search wins.
    #[must_use]
    pub fn chance(self, value: i32) -> f64 {
        if value >= DECIDED {
            return 1.0;
        }
        if value <= -DECIDED {
            return 0.0;
        }
        1.0 / (1.0 + (-f64::from(value) / self.0.max(1.0)).exp())
    }
}

/// A logistic fit of outcomes (`y` 1 won, 0 lost, 0.5 drawn) against search
/// values: the scale minimising the squared error of the chances (the Brier
/// score), by a golden-section search over 10 to 10 000 points. Decided
/// values are left out (their chance is not fitted).
#[must_use]
pub fn fit_scale(samples: &[(i32, f64)]) -> ChanceScale {
    let samples: Vec<(i32, f64)> = samples.iter().copied().filter(|(v, _)| v.abs() < DECIDED).collect();
    let brier = |scale: f64| brier_score(ChanceScale(scale), &samples);
    // The Brier score is unimodal in the log of the scale for such data.
    let (mut lo, mut hi) = (10f64.ln(), 10_000f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if brier(a.exp()) <= brier(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ChanceScale(((lo + hi) / 2.0).exp())
}

/// The Brier score of `scale` on `samples`: the mean squared difference of
/// chance and outcome (0 is perfect; always saying 50 % scores 0.25 on
/// games that are won or lost).
#[must_use]
pub fn brier_score(scale: ChanceScale, samples: &[(i32, f64)]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples.iter().map(|&(v, y)| (scale.chance(v) - y).powi(2)).sum::<f64>() / samples.len() as f64
}

/// One decile of a calibration table: the positions whose predicted chance
/// falls in it, their mean predicted chance and the share won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decile {
    /// Positions in the decile.
    pub count: usize,
    /// Their mean predicted chance, 0 to 1.
    pub predicted: f64,
    /// Their mean outcome (won 1, drawn 0.5, lost 0).
    pub observed: f64,
}

/// The calibration table of `scale` on `samples`: ten deciles of predicted
/// chance (0–10 %, …, 90–100 %).
#[must_use]
pub fn deciles(scale: ChanceScale, samples: &[(i32, f64)]) -> [Decile; 10] {
    let mut sums = [(0usize, 0.0f64, 0.0f64); 10];
    for &(v, y) in samples {
        let p = scale.chance(v);
        let d = ((p * 10.0) as usize).min(9);
        sums[d].0 += 1;
        sums[d].1 += p;
        sums[d].2 += y;
    }
    sums.map(|(n, p, y)| {
        let n_f = (n as f64).max(1.0);
        Decile { count: n, predicted: p / n_f, observed: y / n_f }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_values_are_certain_and_the_curve_is_a_logistic() {
        let s = ChanceScale(200.0);
        assert_eq!(s.chance(DECIDED), 1.0);
        assert_eq!(s.chance(-DECIDED - 5), 0.0);
        assert!((s.chance(0) - 0.5).abs() < 1e-12);
        assert!((s.chance(200) - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert!((s.chance(-200) + s.chance(200) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_fit_finds_the_scale_of_data_drawn_from_a_logistic() {
        // Outcomes made from a known curve (scale 300), deterministically:
        // at each value, a share of wins equal to the curve.
        let truth = ChanceScale(300.0);
        let mut samples = Vec::new();
        for v in (-900..=900).step_by(30) {
            let p = truth.chance(v);
            for k in 0..100 {
                samples.push((v, if (f64::from(k) + 0.5) / 100.0 < p { 1.0 } else { 0.0 }));
            }
        }
        let fit = fit_scale(&samples);
        assert!((fit.0 - 300.0).abs() < 15.0, "fitted {}", fit.0);
        assert!(brier_score(fit, &samples) < brier_score(ChanceScale(60.0), &samples));
        let table = deciles(fit, &samples);
        for d in table.iter().filter(|d| d.count > 100) {
            assert!((d.predicted - d.observed).abs() < 0.03, "{d:?}");
        }
    }
}
