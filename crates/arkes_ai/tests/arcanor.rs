//! The computer player in Arcanor: a win in one is always played, a move
//! that lets the opponent win at once is avoided when another move does
//! not, answers are legal and reproducible from the seed, and the stepped
//! search gives the same move as the whole one.

use arcanor_engine::{Arcanor, Game, Limits, Position, Setup, WINNING_SCORE};
use arkes_ai::{Level, Progress, SearchGame, Searcher, choose_move};
use proptest::prelude::*;

fn diagram(cells: &[(&str, &str)], to_move: &str) -> String {
    let mut text = String::new();
    for rank in (1..=7).rev() {
        text.push_str(&rank.to_string());
        for file in b'a'..=b'h' {
            let name = format!("{}{rank}", file as char);
            text.push(' ');
            text.push_str(cells.iter().find(|(n, _)| *n == name).map_or(".", |(_, c)| c));
        }
        text.push('\n');
    }
    text.push_str(&format!("to move: {to_move}\n"));
    text
}

fn game(text: &str) -> Game {
    Game::new(text.parse().unwrap(), Limits::default()).unwrap()
}

#[test]
fn a10_a_win_in_one_is_played_at_every_level() {
    // South has 8 points; its 4 on a6 steps onto a7 for 12.
    let g = game(&diagram(
        &[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("d4", "S2"), ("h4", "N2"), ("h1", "N1")],
        "South",
    ));
    for level in Level::ALL {
        for seed in 0..4 {
            let mv = Searcher::for_game(&g, level.options().seed(seed)).search_to_end().unwrap();
            assert_eq!(mv.to_string(), "4a6-a7", "{level} seed {seed}");
        }
    }
}

#[test]
fn a10_a_move_that_lets_the_opponent_win_at_once_is_avoided() {
    // North has 9 points and a 3 on b2 that scores 3 on b1 or a1: South must
    // take it (1c3 cannot: 1 eats only a 2) or block... South's 2 on c3 eats
    // the 3 on b2: the only move that stops 12.
    let g = game(&diagram(
        &[("e1", "N4"), ("f1", "N4"), ("g1", "N1"), ("b2", "N3"), ("c3", "S2"), ("a1", "S1"), ("h7", "S3")],
        "South",
    ));
    for level in Level::ALL {
        for seed in 0..4 {
            let mv = Searcher::for_game(&g, level.options().seed(seed)).search_to_end().unwrap();
            assert_eq!(mv.to_string(), "2c3xb2", "{level} seed {seed}");
        }
    }
}

/// Whether the opponent can reach 12 points at once after `mv`.
fn lets_opponent_win(position: &Position, mv: arcanor_engine::Move) -> bool {
    let mut after = position.clone();
    after.play(mv).unwrap();
    let me = position.to_move();
    match after.outcome() {
        Some(arcanor_engine::Outcome::Win(w)) => w.seat != me,
        Some(_) => false,
        None => <Arcanor as SearchGame>::threatens_at_once(&after, me),
    }
}

fn random_game(choices: &[usize]) -> Game {
    let mut g = Game::from_setup(Setup::standard()).unwrap();
    for &choice in choices {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Mostly forward, so that scores build up.
        let forward: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| {
                let up = m.to.rank() > m.from.rank();
                if g.to_move() == arcanor_engine::Seat::South { up } else { m.to.rank() < m.from.rank() }
            })
            .collect();
        let pool = if choice % 4 != 0 && !forward.is_empty() { &forward } else { &moves };
        g.play(pool[choice % pool.len()]).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn answers_are_legal_win_at_once_and_avoid_losing_at_once(
        choices in proptest::collection::vec(0usize..1000, 0..80),
        seed in 0u64..1000,
    ) {
        let g = random_game(&choices);
        let level = Level::ALL[(seed % 3) as usize];
        let mut searcher = Searcher::for_game(&g, level.options().seed(seed).max_nodes(3_000));
        let mv = searcher.search_to_end();
        if g.outcome().is_some() {
            prop_assert_eq!(mv, None);
            return Ok(());
        }
        let mv = mv.unwrap();
        let position = g.position();
        prop_assert!(g.legal_moves().contains(&mv), "{} is not legal", mv);
        let me = position.to_move();
        let winning: Vec<_> = g.legal_moves().into_iter().filter(|&m| {
            let mut after = position.clone();
            after.play(m).unwrap();
            after.score(me) >= WINNING_SCORE
        }).collect();
        if !winning.is_empty() {
            prop_assert!(winning.contains(&mv), "{} does not win; {:?} would", mv, winning);
        }
        let safe_exists = g.legal_moves().into_iter().any(|m| !lets_opponent_win(position, m));
        if safe_exists {
            prop_assert!(!lets_opponent_win(position, mv), "{} lets the opponent win at once", mv);
        }
    }
}

#[test]
fn the_search_is_reproducible_and_stepping_changes_nothing() {
    let mut g = Game::from_setup(Setup::standard()).unwrap();
    for _ in 0..10 {
        for level in Level::ALL {
            let options = level.options().seed(5);
            let whole = Searcher::for_game(&g, options).search_to_end();
            let mut sliced = Searcher::for_game(&g, options);
            while sliced.step(700) == Progress::Searching {}
            assert_eq!(sliced.best_move(), whole, "{level}");
            assert_eq!(choose_move(&g, level, 5), whole);
        }
        let mv = choose_move(&g, Level::Medium, 1).unwrap();
        g.play(mv).unwrap();
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let g = game(&diagram(&[("b7", "S4"), ("c7", "S4"), ("d7", "S4"), ("h4", "N2")], "North"));
    assert!(g.outcome().is_some());
    assert_eq!(Searcher::for_game(&g, Level::Hard.options()).search_to_end(), None);
}
