//! The optimised search (alpha-beta on an explicit stack, transposition
//! table, move ordering, iterative deepening) against a plain reference: a
//! recursive paranoid minimax without pruning, with the same evaluation.
//! At the same depth, without noise or quiescence, both must find the same
//! value.

use arkes_engine::{Game, Position, Seat, Setup};
use game_ai::arkes::Evaluator;
use game_ai::{DECIDED, Level, Searcher, WIN};

fn minimax(position: &mut Position, root: Seat, depth: u8, ply: usize, eval: &mut Evaluator) -> i32 {
    let decided = WIN - ply as i32;
    if let Some(win) = position.outcome() {
        return if win.seat == root { decided } else { -decided };
    }
    if !position.seats_in().contains(root) {
        return -decided;
    }
    if depth == 0 {
        return eval.evaluate(position).value_for(root, position.seats_in(), ply);
    }
    let maximizing = position.to_move() == root;
    let mut best = if maximizing { i32::MIN } else { i32::MAX };
    for mv in position.legal_moves() {
        let undo = position.play_unchecked(mv);
        let value = minimax(position, root, depth - 1, ply + 1, eval);
        position.undo(undo);
        best = if maximizing { best.max(value) } else { best.min(value) };
    }
    best
}

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (players, side, moves) in [
        (2, 5, vec![]),
        (2, 5, vec!["b1-c2", "d5-d4"]),
        (2, 7, vec!["c1-c2", "e7-e6", "Md1-c2"]),
        (2, 5, vec!["b1-b2", "b5-b4", "d1-d2", "d5-c4", "Mc1-d2"]),
        (3, 5, vec![]),
        (3, 5, vec!["b1-b2", "a2-b3"]),
    ] {
        let mut game = Game::from_setup(Setup::standard(players, side).unwrap()).unwrap();
        for m in moves {
            game.play_text(m).unwrap();
        }
        out.push(game.position().clone());
    }
    out
}

#[test]
fn alpha_beta_finds_the_minimax_value() {
    let mut compared = 0;
    for position in positions() {
        for depth in 1..=3u8 {
            let options = Level::Medium.options().noise(0).max_depth(depth).max_nodes(u64::MAX);
            let mut searcher = Searcher::new(&position, options);
            searcher.search_to_end();
            let stats = searcher.stats();
            if stats.reason.is_some() {
                continue;
            }
            let mut eval = Evaluator::new(options.eval);
            let expected = minimax(&mut position.clone(), position.to_move(), depth, 0, &mut eval);
            let found = stats.value.unwrap();
            if found.abs() >= DECIDED && expected.abs() >= DECIDED {
                // The search stops deepening once the game is decided.
                assert_eq!(found.signum(), expected.signum(), "depth {depth} in {position:?}");
            } else {
                assert_eq!(stats.depth, depth, "{position:?}");
                assert_eq!(found, expected, "depth {depth} in {position:?}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 15, "only {compared} comparisons");
}
