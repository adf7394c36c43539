//! An independent, deliberately simple move generator for Arcanor, written
//! from ARCANOR.md alone, not from the engine: cells are vectors of (seat
//! letter, value) pieces bottom first, read from the engine's text diagram,
//! the history is a list of state strings, nothing is incremental.
//!
//! It implements A1 (8 × 7 board, South first), A3 (the start), A4–A7 (one
//! step in 8 directions: a lone piece, a whole duo, or a duo's top piece
//! alone; eating a lone opponent's piece one value smaller, never by a duo),
//! A8 (a formation whose top piece stands on its owner's target row is
//! frozen: it never moves and cannot be eaten; a pure function of the grid),
//! A9 (scores), A10 (12 points win), A11 (no legal move loses) and A12 (the
//! third occurrence of a state draws), and the notation of "Game records".
//! The engine's legal moves, grid, scores and outcome must be the same at
//! every ply of many seeded games, and perft from the start must match the
//! pinned counts.

#[path = "../common/mod.rs"]
mod common;
mod simple;

use arcanor_engine::{Position, Seat};
use simple::{FILES, Mv, Simple, WIN, cell_name, target_rank};

/// SplitMix64: a tiny seeded generator so the games are reproducible.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Uniformly random moves.
    Uniform,
    /// Random, then from ply 20 mostly undoing one's own last move (A12).
    Shuffling,
    /// Mostly the best moves by [`Simple::weight`] (A8–A10).
    Forward,
}

#[derive(Default, Debug)]
#[allow(dead_code)] // some counts are only printed
struct Tally {
    games: usize,
    plies: usize,
    eats: usize,
    /// Top pieces leaving a duo over an opponent's piece (A5, A7).
    releases: usize,
    /// Of which on the freed piece's own target row (A8).
    target_row_releases: usize,
    /// Moves after which a score rose (A8, A9): a formation froze.
    freezes: usize,
    point_wins: usize,
    stuck_losses: usize,
    repetition_draws: usize,
}

/// Checks that the engine and the reference agree on `engine`'s position:
/// the grid and seat to move (read from the engine's text), the legal
/// moves, the scores and the outcome. Returns the reference's legal moves.
fn compare(engine: &Position, simple: &Simple, seed: u64, ply: usize) -> Vec<Mv> {
    let text = engine.to_string();
    let read = Simple::parse(&text);
    assert!(
        read.cells == simple.cells && read.to_move == simple.to_move,
        "seed {seed}, ply {ply}: the grids differ\nengine:\n{text}\nreference:\n{}",
        simple.diagram()
    );
    let moves = simple.legal();
    let mut mine: Vec<String> = moves.iter().map(|&m| simple.notation(m)).collect();
    mine.sort();
    let theirs = common::moves(engine);
    if mine != theirs {
        let only_engine: Vec<&String> = theirs.iter().filter(|n| !mine.contains(n)).collect();
        let only_reference: Vec<&String> = mine.iter().filter(|n| !theirs.contains(n)).collect();
        panic!(
            "seed {seed}, ply {ply}: legal moves differ\n{text}only the engine: {only_engine:?}\n\
             only the reference: {only_reference:?}\n(engine {} moves, reference {})",
            theirs.len(),
            mine.len()
        );
    }
    let scores = [u32::from(engine.score(Seat::South)), u32::from(engine.score(Seat::North))];
    assert_eq!(scores, [simple.score('S'), simple.score('N')], "seed {seed}, ply {ply}: A9 scores\n{text}");
    let outcome = engine.outcome().map(|o| o.winner().map(Seat::letter));
    assert_eq!(
        outcome,
        simple.outcome(),
        "seed {seed}, ply {ply}: outcome (Some(None) is a draw), repetitions {}\n{text}",
        simple.repetitions()
    );
    moves
}

fn choose(
    simple: &Simple,
    moves: &[Mv],
    played: &[Mv],
    style: Style,
    ply: usize,
    rng: &mut SplitMix64,
) -> Mv {
    match style {
        Style::Shuffling if ply >= 20 && played.len() >= 2 && rng.below(8) != 0 => {
            let last = played[played.len() - 2]; // the mover's own last move
            if let Some(&back) =
                moves.iter().find(|m| m.from == last.to && m.to == last.from && m.whole == last.whole)
            {
                return back;
            }
        }
        Style::Forward if rng.below(5) != 0 => {
            let best = moves.iter().map(|&m| simple.weight(m)).max().expect("a move");
            let top: Vec<Mv> = moves.iter().copied().filter(|&m| simple.weight(m) == best).collect();
            return top[rng.below(top.len())];
        }
        _ => {}
    }
    moves[rng.below(moves.len())]
}

/// Plays one seeded game from the start on both, comparing at every ply.
fn play_game(seed: u64, style: Style, max_plies: usize, tally: &mut Tally) {
    play_game_from(Position::standard(), seed, style, max_plies, tally);
}

/// Plays one seeded game from `engine`'s position on both, comparing at
/// every ply.
fn play_game_from(engine: Position, seed: u64, style: Style, max_plies: usize, tally: &mut Tally) {
    let mut rng = SplitMix64(seed);
    let mut engine = engine;
    let mut simple = Simple::parse(&engine.to_string());
    let mut played: Vec<Mv> = Vec::new();
    tally.games += 1;
    for ply in 0..=max_plies {
        let moves = compare(&engine, &simple, seed, ply);
        if let Some(outcome) = simple.outcome() {
            match outcome {
                Some(winner) if simple.score(winner) >= WIN => tally.point_wins += 1,
                Some(_) => tally.stuck_losses += 1,
                None => tally.repetition_draws += 1,
            }
            return;
        }
        if ply == max_plies {
            return;
        }
        let m = choose(&simple, &moves, &played, style, ply, &mut rng);
        let stack = &simple.cells[m.from];
        if m.eats {
            tally.eats += 1;
        }
        if !m.whole && stack.len() == 2 && stack[0].0 != simple.to_move {
            tally.releases += 1;
            if m.from / FILES == target_rank(stack[0].0) {
                tally.target_row_releases += 1;
            }
        }
        let before = simple.score('S') + simple.score('N');
        let name = simple.notation(m);
        let mv = engine
            .parse_move(&name)
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: the engine refuses {name}: {e}\n{engine}"));
        let _undo = engine
            .play(mv)
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: playing {name}: {e:?}\n{engine}"));
        simple.make(m);
        played.push(m);
        tally.plies += 1;
        if simple.score('S') + simple.score('N') > before {
            tally.freezes += 1;
        }
    }
}

#[test]
fn the_engine_start_is_the_set_up_of_a3() {
    let read = Simple::parse(&Position::standard().to_string());
    let start = Simple::start();
    assert!(read.cells == start.cells && read.to_move == start.to_move, "{}", read.diagram());
    assert_eq!(start.legal().len(), 40, "A3: South has 40 legal moves");
}

#[test]
fn the_reference_perft_of_the_start_matches_the_pinned_counts() {
    let cases: Vec<(u32, u64)> = include_str!("../data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(cases.iter().map(|c| c.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let start = Simple::start();
    for (depth, nodes) in cases {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn the_engine_and_the_reference_agree_along_random_games() {
    let mut tally = Tally::default();
    for game in 0..240u64 {
        let style = if game % 4 == 3 { Style::Shuffling } else { Style::Uniform };
        play_game(0x5eed_0000 + game, style, 150, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.plies > 15_000, "{tally:?}");
    assert!(tally.eats > 50, "{tally:?}");
    assert!(tally.releases > 10, "{tally:?}");
    assert!(tally.repetition_draws >= 10, "A12 draws reached: {tally:?}");
}

#[test]
fn the_engine_and_the_reference_agree_along_forward_biased_games() {
    let mut tally = Tally::default();
    for game in 0..200u64 {
        play_game(0xf0_0000 + game, Style::Forward, 300, &mut tally);
    }
    eprintln!("{tally:?}");
    // The games reached the interesting rules, not only steps.
    assert!(tally.eats >= 50, "eats (A7): {tally:?}");
    assert!(tally.releases >= 20, "prisoners freed (A5): {tally:?}");
    assert!(tally.freezes >= 200, "formations frozen (A8): {tally:?}");
    assert!(tally.point_wins >= 1, "12-point wins (A10): {tally:?}");
}

/// A sparse position: one to three lone pieces a side, of any values, on
/// random cells, South to move.
fn sparse_position(rng: &mut SplitMix64) -> String {
    let mut cells: Vec<(String, String)> = Vec::new();
    for seat in ['S', 'N'] {
        for _ in 0..1 + rng.below(3) {
            let name = loop {
                let name = cell_name(rng.below(FILES * 7));
                if !cells.iter().any(|(n, _)| *n == name) {
                    break name;
                }
            };
            cells.push((name, format!("{seat}{}", 1 + rng.below(4))));
        }
    }
    let cells: Vec<(&str, &str)> = cells.iter().map(|(n, c)| (n.as_str(), c.as_str())).collect();
    arcanor_engine::diagram(&cells, "South")
}

#[test]
fn the_engine_and_the_reference_agree_in_sparse_endgames() {
    // Few pieces, so players are often left without a move (A11) or reach
    // their target rows at once (A8).
    let mut tally = Tally::default();
    let mut rng = SplitMix64(0xa11);
    let mut positions = 0;
    while positions < 400 {
        let text = sparse_position(&mut rng);
        // A set-up the engine refuses (both at 12 points cannot happen with
        // so few pieces; a duo cannot either) is not one to compare.
        let Ok(engine) = text.parse::<Position>() else { continue };
        positions += 1;
        play_game_from(engine, rng.next(), Style::Uniform, 60, &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.stuck_losses >= 100, "players left without a move (A11): {tally:?}");
    assert!(tally.eats >= 20, "eats (A7): {tally:?}");
}
