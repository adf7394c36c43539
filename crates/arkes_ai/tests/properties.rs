//! Properties over positions reached by random play: the search answers
//! with a legal move, never one that hands the next seat a win or the
//! mover's marble when another move avoids that, and nothing when the game
//! is over.

use arkes_ai::tactics::threatens_at_once;
use arkes_ai::{Level, Progress, Searcher};
use arkes_engine::{Game, Limits, Move, Position, Setup};
use proptest::prelude::*;

/// Plays `choices.len()` random moves (each an index into the legal moves)
/// from the standard start of `players` on a board of `side`.
fn random_game(players: usize, side: u8, choices: &[usize]) -> Game {
    let mut game = Game::new(Setup::standard(players, side).unwrap(), Limits::default()).unwrap();
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[choice % moves.len()]).unwrap();
    }
    game
}

/// Whether `mv` lets the next seat win or take the mover's marble at once.
fn loses_at_once(position: &Position, mv: Move) -> bool {
    let me = position.to_move();
    let mut after = position.clone();
    after.play(mv).unwrap();
    after.outcome().is_none_or(|w| w.seat != me)
        && (!after.seats_in().contains(me) || threatens_at_once(&after, me))
}

fn check(game: &Game, level: Level, seed: u64) -> Result<(), TestCaseError> {
    let mut searcher = Searcher::for_game(game, level.options().seed(seed).max_nodes(1_500));
    if game.outcome().is_some() {
        prop_assert_eq!(searcher.best_move(), None);
        prop_assert_eq!(searcher.step(100), Progress::Done);
        prop_assert_eq!(searcher.search_to_end(), None);
        return Ok(());
    }
    let position = game.position();
    loop {
        let mv = searcher.best_move();
        prop_assert!(mv.is_some_and(|m| position.is_legal(m)), "{:?} in {:?}", mv, position);
        if searcher.step(250) == Progress::Done {
            break;
        }
    }
    let mv = searcher.best_move().unwrap();
    prop_assert!(position.is_legal(mv));
    let moves = position.legal_moves();
    if let Some(win) = moves.iter().find(|&&m| {
        let mut after = position.clone();
        after.play(m).unwrap();
        after.outcome().is_some_and(|w| w.seat == position.to_move())
    }) {
        let mut after = position.clone();
        after.play(mv).unwrap();
        prop_assert!(after.outcome().is_some(), "{level} missed the win {win} with {mv} in {position:?}");
    } else if moves.iter().any(|&m| !loses_at_once(position, m)) {
        prop_assert!(!loses_at_once(position, mv), "{level} blundered {mv} in {position:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn two_players_get_legal_safe_moves(choices in prop::collection::vec(0usize..64, 0..90), seed in 0u64..1000) {
        let game = random_game(2, 9, &choices);
        for level in Level::ALL {
            check(&game, level, seed)?;
        }
    }

    #[test]
    fn three_and_four_players_get_legal_safe_moves(
        players in 3usize..=4,
        side in prop::sample::select(vec![5u8, 7, 9]),
        choices in prop::collection::vec(0usize..64, 0..120),
        seed in 0u64..1000,
    ) {
        let game = random_game(players, side, &choices);
        for level in [Level::Easy, Level::Hard] {
            check(&game, level, seed)?;
        }
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut game = Game::from_setup(Setup::standard(2, 5).unwrap()).unwrap();
    // Play until the end with Easy.
    while game.outcome().is_none() {
        let mv = Searcher::for_game(&game, Level::Easy.options()).search_to_end().unwrap();
        game.play(mv).unwrap();
    }
    let mut searcher = Searcher::for_game(&game, Level::Hard.options());
    assert_eq!(searcher.best_move(), None);
    assert_eq!(searcher.step(1_000), Progress::Done);
    assert!(searcher.is_done());
    let won: Position = "
5 .  .  .  N  Nn
4 .  .  .  .  .
3 .  .  Ss .  .
2 .  .  .  .  .
1 .  S  .  .  .
to move: North
in: South North
"
    .parse()
    .unwrap();
    assert!(won.outcome().is_some());
    assert_eq!(Searcher::new(&won, Level::Hard.options()).search_to_end(), None);
}

#[test]
fn a_single_legal_move_is_played_without_search() {
    // South's marble on a1 has no own unit next to it, and the unit on e1
    // can only go to e2: d1 and d2 hold full stacks.
    let position: Position = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  *  .  .
2 .  .  .  NN .
1 Ss .  .  NN S
to move: South
in: South North
"
    .parse()
    .unwrap();
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    for level in Level::ALL {
        let mut searcher = Searcher::new(&position, level.options());
        assert_eq!(searcher.best_move(), Some(moves[0]));
        assert_eq!(searcher.step(10), Progress::Done);
        assert_eq!(searcher.stats().reason, Some(arkes_ai::Reason::Only));
    }
}
