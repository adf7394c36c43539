//! Perft counts pinned in `data/perft.txt`, and the naive path agreeing.

use arkes_engine::{Position, perft, perft_naive};

fn cases() -> Vec<(usize, u8, u32, u64)> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap(), f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn r02_perft_of_the_starts_matches_the_pinned_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 13);
    for (players, side, depth, nodes) in cases {
        let mut p = Position::standard(players, side).unwrap();
        assert_eq!(perft(&mut p, depth), nodes, "{players} players, side {side}, depth {depth}");
        let start = Position::standard(players, side).unwrap();
        assert_eq!(p, start, "perft leaves the position as it was");
        assert_eq!(p.history(), start.history(), "and its history");
    }
}

#[test]
fn perft_agrees_with_the_naive_path() {
    for players in 2..=4 {
        for side in [5, 7, 9] {
            let mut p = Position::standard(players, side).unwrap();
            for depth in 1..=3 {
                assert_eq!(perft(&mut p, depth), perft_naive(&p, depth), "{players}p side {side} d{depth}");
            }
        }
    }
}

#[test]
fn perft_counts_repetitions_deep_in_the_tree() {
    // On the smallest board, depth 5 already meets positions R10 forbids.
    let mut p = Position::standard(2, 5).unwrap();
    assert_eq!(perft(&mut p, 5), perft_naive(&p, 5));
}
