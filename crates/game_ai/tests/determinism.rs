//! Same seed, same position, same budget: same move; and stepping in small
//! slices changes nothing.

use arkes_engine::{Game, Move, Setup};
use game_ai::{Level, Progress, SearchOptions, Searcher, choose_move};

fn play_out(levels: [Level; 2], seed: u64, plies: usize) -> Vec<Move> {
    let mut game = Game::from_setup(Setup::standard(2, 7).unwrap()).unwrap();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let level = levels[ply % 2];
        let options = level.options().seed(seed + ply as u64).max_nodes(3_000);
        let Some(mv) = Searcher::for_game(&game, options).search_to_end() else { break };
        game.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let a = play_out([Level::Medium, Level::Easy], 5, 16);
    let b = play_out([Level::Medium, Level::Easy], 5, 16);
    assert_eq!(a, b);
    assert!(a.len() >= 8);
}

#[test]
fn seeds_change_easy_play() {
    let game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    let moves: std::collections::HashSet<Move> =
        (0..12).filter_map(|seed| choose_move(&game, Level::Easy, seed)).collect();
    assert!(moves.len() > 1, "Easy always plays {moves:?}");
}

#[test]
fn stepping_in_slices_gives_the_move_of_one_long_search() {
    let mut game = Game::from_setup(Setup::standard(3, 7).unwrap()).unwrap();
    for text in ["b1-b2", "a2-b3", "b7-b6"] {
        game.play_text(text).unwrap();
    }
    for options in [Level::Medium.options().seed(3), Level::Hard.options().seed(3).max_nodes(6_000)] {
        let whole = Searcher::for_game(&game, options).search_to_end();
        let mut sliced = Searcher::for_game(&game, options);
        let mut steps = 0;
        while sliced.step(97) == Progress::Searching {
            steps += 1;
            assert!(sliced.best_move().is_some_and(|m| game.position().is_legal(m)));
        }
        assert!(steps > 1);
        assert_eq!(sliced.best_move(), whole, "{options:?}");
        assert_eq!(sliced.stats(), Searcher::for_game(&game, options).tap_search().stats());
    }
}

trait TapSearch {
    fn tap_search(self) -> Self;
}

impl TapSearch for Searcher<arkes_engine::Arkes> {
    fn tap_search(mut self) -> Self {
        self.search_to_end();
        self
    }
}

#[test]
fn the_node_budget_is_respected() {
    let game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    let options = SearchOptions::default().max_nodes(1_000).seed(1);
    let mut searcher = Searcher::for_game(&game, options);
    searcher.search_to_end();
    let stats = searcher.stats();
    // The tactical checks play each root move once on top of the budget.
    assert!(stats.nodes <= 1_000 + 60, "{stats:?}");
    assert!(searcher.is_done());
}

#[test]
fn the_searcher_can_go_to_a_background_thread() {
    fn assert_send_static<T: Send + 'static>(_: &T) {}
    let game = Game::from_setup(Setup::standard(4, 9).unwrap()).unwrap();
    let searcher = Searcher::for_game(&game, Level::Easy.options());
    assert_send_static(&searcher);
    let mv = std::thread::spawn(move || {
        let mut searcher = searcher;
        searcher.search_to_end()
    })
    .join()
    .unwrap();
    assert!(mv.is_some_and(|m| game.position().is_legal(m)));
}
