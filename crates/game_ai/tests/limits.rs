//! R15: the search sees the round limit of the game coming.

use std::num::NonZeroU32;

use arkes_engine::{Game, Limits, Position};
use game_ai::{Level, Searcher};

const AHEAD: &str = "
5 N  .  Nn .  .
4 .  .  .  .  .
3 .  .  *  .  .
2 S  S  .  S  S
1 S  .  Ss .  S
to move: South
in: South North
";

fn value(limits: Limits) -> i32 {
    let position: Position = AHEAD.parse().unwrap();
    let game = Game::new(position.to_setup(), limits).unwrap();
    let mut searcher = Searcher::for_game(&game, Level::Medium.options().noise(0).max_depth(3));
    assert!(searcher.search_to_end().is_some());
    searcher.stats().value.unwrap()
}

#[test]
fn r15_a_line_that_ends_the_last_round_is_a_draw() {
    let free = value(Limits { rounds: None, ..Limits::default() });
    assert!(free > 300, "South is five tokens up: {free}");
    let one_round = value(Limits { rounds: NonZeroU32::new(1), ..Limits::default() });
    assert_eq!(one_round, 0, "the game ends drawn after North's reply");
    let no_capture = value(Limits { rounds: None, rounds_without_capture: NonZeroU32::new(1), clock: None });
    assert_eq!(no_capture, 0, "no capture is possible this round");
}

#[test]
fn r15_the_search_without_a_game_ignores_limits() {
    let position: Position = AHEAD.parse().unwrap();
    let mut searcher = Searcher::new(&position, Level::Medium.options().noise(0).max_depth(3));
    searcher.search_to_end();
    assert!(searcher.stats().value.unwrap() > 300);
}
