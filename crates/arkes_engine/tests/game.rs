//! `Game`: limits and clocks (R15), undo/redo, records and save files.

mod common;

use std::num::NonZeroU32;

use arkes_engine::{Clock, DrawReason, Game, Limits, Outcome, Ply, Position, Seat, Setup, Win, WinReason};
use common::pos;

fn limits(rounds: Option<u32>, without_capture: Option<u32>, clock: Option<(u64, u64)>) -> Limits {
    Limits {
        rounds: rounds.and_then(NonZeroU32::new),
        rounds_without_capture: without_capture.and_then(NonZeroU32::new),
        clock: clock.map(|(initial_ms, increment_ms)| Clock { initial_ms, increment_ms }),
    }
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn r15_defaults_are_100_rounds_no_capture_limit_no_clock() {
    assert_eq!(Limits::default(), limits(Some(100), None, None));
    let game = Game::standard(2, 9).unwrap();
    assert_eq!(game.round(), 1);
    assert_eq!(game.clock_ms(Seat::South), None);
}

#[test]
fn r15_the_game_is_drawn_when_the_last_round_ends() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(Some(2), None, None)).unwrap();
    play_all(&mut game, &["b1-b2", "b9-b8", "c1-c2"]);
    assert_eq!(game.round(), 2);
    assert_eq!(game.outcome(), None);
    let report = game.play_text("c9-c8").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
    assert_eq!(game.rounds_completed(), 2);
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("d1-d2").is_err());
}

#[test]
fn r15_rounds_count_with_three_players() {
    let mut game = Game::standard(3, 9).unwrap();
    play_all(&mut game, &["b1-b2", "a2-b3"]);
    assert_eq!(game.rounds_completed(), 0);
    play_all(&mut game, &["b9-b8"]);
    assert_eq!(game.rounds_completed(), 1);
    assert_eq!(game.round(), 2);
}

#[test]
fn r15_a_round_ends_when_the_turn_passes_back_over_an_eliminated_seat() {
    // West is eliminated at the start of its turn; the turn goes South -> North
    // (no round end), then North -> South (round end).
    let setup = pos("
5 .  .  Nn N  .
4 .  .  .  .  .
3 Ww .  *  .  .
2 .  S  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South West North
")
    .to_setup();
    let mut game = Game::new(setup, Limits::default()).unwrap();
    let report = game.play_text("b2-c2").unwrap();
    assert_eq!(report.eliminated[0].seat, Seat::West);
    assert_eq!(game.rounds_completed(), 0);
    game.play_text("d5-d4").unwrap();
    assert_eq!(game.rounds_completed(), 1);
}

#[test]
fn r15_rounds_without_a_capture_draw_the_game() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, Some(2), None)).unwrap();
    play_all(&mut game, &["b1-b2", "b9-b8", "c1-c2"]);
    assert_eq!(game.rounds_without_capture(), 1);
    let report = game.play_text("c9-c8").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::CaptureLimit)));
}

#[test]
fn r15_a_capture_restarts_the_count_of_rounds_without_capture() {
    let setup = pos("
5 .  .  Nn N  N
4 .  .  .  .  .
3 .  .  *  .  .
2 .  .  .  N  .
1 .  .  Ss SS .
  a  b  c  d  e
to move: South
in: South North
")
    .to_setup();
    let mut game = Game::new(setup, limits(None, Some(2), None)).unwrap();
    play_all(&mut game, &["d1xd2", "e5-e4"]);
    assert_eq!(game.rounds_without_capture(), 0, "the round had a capture");
    assert_eq!(game.captures()[Seat::South], 1);
    play_all(&mut game, &["d2-d3", "e4-e3"]);
    assert_eq!(game.rounds_without_capture(), 1);
    play_all(&mut game, &["d3-c4"]);
    let report = game.play_text("e3-e2").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::CaptureLimit)));
}

#[test]
fn r15_a_win_in_the_last_round_is_a_win() {
    let setup = pos("
5 .  .  Nn N  .
4 .  .  S  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 .  .  .  .  .
  a  b  c  d  e
to move: North
in: South North
")
    .to_setup();
    let mut game = Game::new(setup, limits(Some(1), None, None)).unwrap();
    let report = game.play_text("d5-d4").unwrap();
    // North -> South ends round 1: the limit is reached before South can win.
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
    game.undo();
    let setup = game.setup().clone();
    let mut game = Game::new(Setup { to_move: Seat::South, ..setup }, limits(Some(1), None, None)).unwrap();
    let report = game.play_text("Mc2-c3").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::South, reason: WinReason::GoldenCell })));
}

#[test]
fn r15_the_clock_of_the_seat_to_move_runs_and_gains_the_increment() {
    let mut game =
        Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((60_000, 2_000)))).unwrap();
    assert_eq!(game.tick(1_500), None);
    assert_eq!(game.clock_ms(Seat::South), Some(58_500));
    assert_eq!(game.clock_ms(Seat::North), Some(60_000));
    game.play_text("b1-b2").unwrap();
    assert_eq!(game.clock_ms(Seat::South), Some(60_500));
    game.tick(10_000);
    assert_eq!(game.clock_ms(Seat::North), Some(50_000));
    assert_eq!(game.plies()[0], Ply::Move { mv: "b1-b2".parse().unwrap(), ms: 1_500 });
}

#[test]
fn r15_every_clock_out_is_a_draw() {
    // With no time at all on the clocks, the first tick finds every clock out.
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((0, 0)))).unwrap();
    let report = game.tick(1).unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::AllClocksOut)));
    assert_eq!(game.position(), &Position::standard(2, 9).unwrap());
}

#[test]
fn r12_r14_the_last_clock_standing_wins() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((5_000, 0)))).unwrap();
    let report = game.tick(6_000).unwrap();
    assert_eq!(report.eliminated[0].seat, Seat::South);
    assert_eq!(game.outcome(), Some(Outcome::Win(Win { seat: Seat::North, reason: WinReason::LastMarble })));
}

#[test]
fn undo_and_redo_walk_the_game_back_and_forth() {
    let mut game = Game::standard(3, 7).unwrap();
    let start = game.position().clone();
    play_all(&mut game, &["b1-b2", "a2-b3", "b7-b6"]);
    let after = game.position().clone();
    assert!(game.undo() && game.undo() && game.undo());
    assert!(!game.undo());
    assert_eq!(game.position(), &start);
    assert_eq!(game.rounds_completed(), 0);
    for _ in 0..3 {
        game.redo().unwrap();
    }
    assert!(game.redo().is_none());
    assert_eq!(game.position(), &after);
    assert_eq!(game.rounds_completed(), 1);
    game.undo();
    game.play_text("c7-c6").unwrap();
    assert!(!game.can_redo(), "a new move clears the redo list");
}

#[test]
fn undo_gives_back_the_time_spent_on_the_turn() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((60_000, 0)))).unwrap();
    game.tick(3_000);
    game.play_text("b1-b2").unwrap();
    game.tick(4_000);
    game.play_text("b9-b8").unwrap();
    game.undo();
    assert_eq!(game.clock_ms(Seat::North), Some(60_000));
    assert_eq!(game.clock_ms(Seat::South), Some(57_000));
    game.redo();
    assert_eq!(game.clock_ms(Seat::North), Some(56_000));
}

#[test]
fn undo_takes_back_a_time_out_and_a_win() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((1_000, 0)))).unwrap();
    game.tick(2_000).unwrap();
    assert!(game.outcome().is_some());
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position(), &Position::standard(2, 9).unwrap());
    assert_eq!(game.clock_ms(Seat::South), Some(1_000));
}

#[test]
fn a_record_replays_to_the_same_game() {
    let mut game =
        Game::new(Setup::standard(4, 9).unwrap(), limits(Some(30), Some(10), Some((90_000, 1_000)))).unwrap();
    for (i, mv) in ["b1-b2", "a2-b3", "b9-b8", "i2-h3", "b2-c3"].iter().enumerate() {
        game.tick(100 * i as u64 + 7);
        game.play_text(mv).unwrap();
    }
    let json = game.to_json();
    assert!(json.contains("\"format\": 1"));
    let loaded = Game::from_json(&json).unwrap();
    assert_eq!(loaded.record(), game.record());
    assert_eq!(loaded.position(), game.position());
    for seat in Seat::ALL {
        assert_eq!(loaded.clock_ms(seat), game.clock_ms(seat));
    }
    assert_eq!(loaded.round(), game.round());
}

#[test]
fn a_game_played_to_its_end_saves_and_loads() {
    let mut game = Game::standard(2, 5).unwrap();
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        game.play(moves[game.plies().len() * 7 % moves.len()]).unwrap();
    }
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded.outcome(), game.outcome());
    assert_eq!(loaded.plies(), game.plies());
}
