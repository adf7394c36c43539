//! Perft counts pinned in `data/perft.txt` (A3: from the start, South has 40
//! legal moves; perft(2) = 1 600, perft(3) = 66 240).

use arcanor_engine::{Position, perft};

#[test]
fn a03_perft_of_the_start_matches_the_pinned_counts() {
    let cases: Vec<(u32, u64)> = include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(cases.len(), 4);
    for (depth, nodes) in cases {
        let mut p = Position::standard();
        assert_eq!(perft(&mut p, depth), nodes, "depth {depth}");
        let start = Position::standard();
        assert_eq!(p, start, "perft leaves the position as it was");
        assert_eq!(p.history(), start.history(), "and its history");
    }
}
