//! Properties over positions reached by random play, judged by the plain
//! two-ply search of `common::judge` (the engine's rules alone, nothing of
//! `game_ai`'s own tactics): the search answers with a legal move, a win in
//! one when there is one, never a move that lets the next seat win (or, with
//! three or four seats, take the mover's marble) at once when another move
//! avoids that, and nothing when the game is over.
//!
//! The random players steer their pieces towards the golden cell and never
//! end the game themselves, and each playout goes on until the seat to move
//! has a win in one (for half the cases) or a threat to dodge (for the other
//! half), so that most positions have something to judge; each test counts
//! them and fails if there were too few.

mod common;

use std::cell::RefCell;

use arkes_engine::{Arkes, Game, Limits, Move, Position, Setup};
use common::judge::{self, Tally, Verdict};
use common::{Aim, splitmix};
use game_ai::{Level, Progress, Searcher};
use proptest::prelude::*;

/// Plies a playout may go on after the ones proptest chose, looking for its
/// aim.
const MAX_EXTRA_PLIES: usize = 120;

/// No round limit (R15): the judge knows nothing of limits, so the searcher
/// must not be steered by them either.
fn no_limits() -> Limits {
    Limits { rounds: None, ..Limits::default() }
}

/// A move for the random player: among the moves that do not end the game
/// (if there are any), three times in four among those that bring their
/// piece nearer the golden cell (if there are any); `choice` picks.
fn pick(game: &Game, choice: u64) -> Move {
    let position = game.position();
    let moves = game.legal_moves();
    let going_on: Vec<Move> =
        moves.iter().copied().filter(|&m| !judge::ends_the_game_after::<Arkes>(position, m)).collect();
    let pool = if going_on.is_empty() { moves } else { going_on };
    let gold = position.board().golden_cell();
    let inward: Vec<Move> =
        pool.iter().copied().filter(|m| m.to.distance(gold) < m.from.distance(gold)).collect();
    let pool = if !choice.is_multiple_of(4) && !inward.is_empty() { inward } else { pool };
    pool[(choice / 4 % pool.len() as u64) as usize]
}

/// Plays `choices` from the standard start of `players` on a board of
/// `side`, then goes on (at most [`MAX_EXTRA_PLIES`], with moves drawn from
/// `walk`) until the seat to move has what `aim` looks for, or the game ends.
fn playout(players: usize, side: u8, choices: &[u64], walk: u64, aim: Aim) -> Game {
    let mut game = Game::new(Setup::standard(players, side).unwrap(), no_limits()).unwrap();
    for &choice in choices {
        if game.outcome().is_some() {
            return game;
        }
        let mv = pick(&game, choice);
        game.play(mv).unwrap();
    }
    let mut state = walk;
    for _ in 0..MAX_EXTRA_PLIES {
        if game.outcome().is_some() || aim.reached::<Arkes>(game.position()) {
            break;
        }
        let mv = pick(&game, splitmix(&mut state));
        game.play(mv).unwrap();
    }
    game
}

/// The judge's verdict on the game's position, `None` once the game is over.
fn judged(game: &Game) -> Option<Verdict<Arkes>> {
    game.outcome().is_none().then(|| Verdict::<Arkes>::of(game.position()))
}

/// The searcher at `level` answers as the judge wants: nothing when the
/// game is over; else a legal move after every slice, and in the end a win
/// in one if there is one, else a move that does not put the mover out at
/// once if there is one.
fn check(
    game: &Game,
    verdict: Option<&Verdict<Arkes>>,
    level: Level,
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut searcher = Searcher::for_game(game, level.options().seed(seed).max_nodes(1_500));
    let Some(verdict) = verdict else {
        prop_assert_eq!(searcher.best_move(), None);
        prop_assert_eq!(searcher.step(100), Progress::Done);
        prop_assert_eq!(searcher.search_to_end(), None);
        return Ok(());
    };
    let position = game.position();
    loop {
        let mv = searcher.best_move();
        prop_assert!(
            mv.is_some_and(|m| verdict.moves.contains(&m)),
            "{level}: {mv:?} is not legal in\n{position}"
        );
        if searcher.step(250) == Progress::Done {
            break;
        }
    }
    let mv = searcher.best_move().unwrap();
    match verdict.fault(mv) {
        None => Ok(()),
        Some(fault) => Err(TestCaseError::fail(format!("{level} (seed {seed}): {fault} in\n{position}"))),
    }
}

#[test]
fn two_players_get_legal_safe_moves() {
    const CASES: u32 = 48;
    let tally = RefCell::new(Tally::default());
    let strategy = (prop::collection::vec(0u64..1_000_000, 0..60), any::<u64>(), 0u64..1000, any::<bool>());
    let result = common::runner(CASES, 0x2_A4E5).run(&strategy, |(choices, walk, seed, aim_at_a_win)| {
        let game = playout(2, 9, &choices, walk, Aim::from_bool(aim_at_a_win));
        let verdict = judged(&game);
        tally.borrow_mut().count(verdict.as_ref());
        for level in Level::ALL {
            check(&game, verdict.as_ref(), level, seed)?;
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}");
    }
    // About half the playouts look for a win in one, half for a threat to
    // dodge, and most should find one within their plies: the minimums are
    // deliberately low until measured (`cargo test -p game_ai --test
    // properties -- --nocapture` prints the tally).
    tally.into_inner().require("two_players_get_legal_safe_moves", 8, 16);
}

#[test]
fn three_and_four_players_get_legal_safe_moves() {
    const CASES: u32 = 48;
    let tally = RefCell::new(Tally::default());
    let strategy = (
        3usize..=4,
        prop::sample::select(vec![5u8, 7, 9]),
        prop::collection::vec(0u64..1_000_000, 0..80),
        any::<u64>(),
        0u64..1000,
        any::<bool>(),
    );
    let result = common::runner(CASES, 0x34_A4E5).run(
        &strategy,
        |(players, side, choices, walk, seed, aim_at_a_win)| {
            let game = playout(players, side, &choices, walk, Aim::from_bool(aim_at_a_win));
            let verdict = judged(&game);
            tally.borrow_mut().count(verdict.as_ref());
            for level in [Level::Easy, Level::Hard] {
                check(&game, verdict.as_ref(), level, seed)?;
            }
            Ok(())
        },
    );
    if let Err(error) = result {
        panic!("{error}");
    }
    tally.into_inner().require("three_and_four_players_get_legal_safe_moves", 11, 12);
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
        assert_eq!(searcher.stats().reason, Some(game_ai::Reason::Only));
    }
}
