//! `Game`: limits and clocks (R15), resigning (R12, R14) (undo and redo,
//! records and save files: `records.rs`).

mod common;

use arkes_engine::{
    Clock, ClockError, DrawReason, Game, GameRecord, Limits, LoadError, Outcome, Ply, PlyEffects, PlyError,
    Seat, Setup, Win, WinReason,
};
use common::{c, limits, play_all, pos, standard};

#[test]
fn r15_defaults_are_100_rounds_no_capture_limit_no_clock() {
    assert_eq!(Limits::default(), limits(Some(100), None, None));
    let game = standard(2, 9);
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
    let mut game = standard(3, 9);
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
    assert_eq!(report.eliminated()[0].seat, Seat::West);
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
    // North's winning move is the one that ends round 1, the last: the win stands.
    let setup = pos("
5 .  .  .  .  .
4 .  .  Nn .  .
3 .  .  N  .  .
2 .  .  .  .  .
1 .  Ss .  .  .
  a  b  c  d  e
to move: North
in: South North
")
    .to_setup();
    let mut game = Game::new(setup.clone(), limits(Some(1), None, None)).unwrap();
    let report = game.play_text("Mc4-c3").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::North, reason: WinReason::GoldenCell })));
    // Any other move ending round 1 draws.
    let mut game = Game::new(setup, limits(Some(1), None, None)).unwrap();
    let report = game.play_text("c3-d3").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
}

#[test]
fn r15_the_round_limit_comes_before_the_next_seats_r12_check() {
    // North's move ends round 1 and leaves South (a lone general) with no
    // legal move. With a limit of 1 round the game is drawn there and then:
    // South's start-of-turn check belongs to round 2, which is not played.
    let setup = pos("
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  *  .  .
2 .  .  .  .  .
1 Ss .  .  .  .
  a  b  c  d  e
to move: North
in: South North
")
    .to_setup();
    let mut game = Game::new(setup.clone(), limits(Some(1), None, None)).unwrap();
    let report = game.play_text("d5-d4").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
    assert!(report.eliminated().is_empty());
    assert_eq!(game.position().marble(Seat::South), Some(c("a1")), "South is not eliminated");
    // Without the limit, South is eliminated at the start of its turn and North wins (R12, R14).
    let mut game = Game::new(setup, Limits::default()).unwrap();
    let report = game.play_text("d5-d4").unwrap();
    assert_eq!(report.eliminated()[0].seat, Seat::South);
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::North, reason: WinReason::LastMarble })));
}

#[test]
fn r15_a_round_ending_over_a_seat_eliminated_by_r12_is_checked_at_once() {
    // 3 players, limit 1: after West's move, North (a lone general) is stuck
    // and eliminated (R12) in round 1; the turn passes to South, which ends
    // round 1: a draw at once, South does not move again.
    let setup = pos("
5 .  .  .  .  Nn
4 .  .  .  .  .
3 W  Ww *  .  .
2 .  S  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: West
in: South West North
")
    .to_setup();
    let mut game = Game::new(setup, limits(Some(1), None, None)).unwrap();
    let report = game.play_text("a3-a4").unwrap();
    assert_eq!(report.eliminated()[0].seat, Seat::North);
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
    assert_eq!(game.to_move(), Seat::South);
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("b2-b3").is_err());
}

#[test]
fn r15_rounds_passed_by_the_set_ups_own_eliminations_count() {
    // North is to move and stuck: it is eliminated at once (R12) and the
    // turn passes to South, which ends round 1.
    let setup = "
5 .  .  .  .  Nn
4 .  .  .  .  .
3 W  Ww *  .  .
2 .  S  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: North
in: South West North
"
    .parse::<Setup>()
    .unwrap();
    let game = Game::new(setup.clone(), Limits::default()).unwrap();
    assert_eq!(game.position().marble(Seat::North), None);
    assert_eq!(game.to_move(), Seat::South);
    assert_eq!(game.rounds_completed(), 1);
    assert_eq!(game.round(), 2);
    let game = Game::new(setup, limits(Some(1), None, None)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::RoundLimit)));
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

/// An online game's guest sets the running clock to the host's reading:
/// it shows the reading, the turn is charged the difference from the
/// turn's start, and the record still replays to the same clocks (a save
/// of the guest's copy loads).
#[test]
fn r15_the_running_clock_set_to_another_device_s_reading_keeps_the_record_true() {
    let mut game =
        Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((60_000, 2_000)))).unwrap();
    game.tick(1_000);
    assert_eq!(game.set_clock(55_000), None);
    assert_eq!(game.clock_ms(Seat::South), Some(55_000));
    assert_eq!(game.clock_ms(Seat::North), Some(60_000), "only the running clock");
    game.tick(500);
    assert_eq!(game.clock_ms(Seat::South), Some(54_500));
    game.play_text("b1-b2").unwrap();
    // 5 000 + 500 ms were charged on this turn; the increment follows.
    assert_eq!(game.plies()[0], Ply::Move { mv: "b1-b2".parse().unwrap(), ms: 5_500 });
    assert_eq!(game.clock_ms(Seat::South), Some(56_500));
    // A reading above the turn's start shows the start: the record never
    // gave North more.
    assert_eq!(game.set_clock(70_000), None);
    assert_eq!(game.clock_ms(Seat::North), Some(60_000));
    game.tick(3_000);
    assert_eq!(game.set_clock(58_000), None);
    game.play_text("b9-b8").unwrap();
    assert_eq!(game.plies()[1], Ply::Move { mv: "b9-b8".parse().unwrap(), ms: 2_000 });
    let replayed = Game::from_json(&game.to_json().unwrap()).unwrap();
    for seat in [Seat::South, Seat::North] {
        assert_eq!(replayed.clock_ms(seat), game.clock_ms(seat), "{seat}: the record replays");
    }
}

#[test]
fn r15_a_reading_of_zero_for_the_running_clock_is_its_time_out() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((60_000, 0)))).unwrap();
    game.play_text("b1-b2").unwrap();
    game.tick(700);
    let report = game.set_clock(0).expect("North's time-out");
    assert_eq!(report.eliminated()[0].seat, Seat::North);
    assert!(matches!(game.plies()[1], Ply::TimeOut { ms: 60_000 }), "{:?}", game.plies()[1]);
    assert!(game.outcome().is_some());
    assert_eq!(game.clock_ms(Seat::North), Some(0));
    assert!(Game::from_json(&game.to_json().unwrap()).is_ok());
    // Once over, readings change nothing.
    assert_eq!(game.set_clock(5), None);
    assert_eq!(game.clock_ms(Seat::South), Some(60_000));
    // Without clocks, nothing either.
    let mut plain = standard(2, 9);
    assert_eq!(plain.set_clock(0), None);
    assert_eq!(plain.clock_ms(Seat::South), None);
    assert_eq!(plain.outcome(), None);
}

/// The rules are silent on resigning: a seat that resigns is out as one
/// that cannot move (R12), the others play on, and the last seat with a
/// marble wins (R14). The record keeps the resignation and replays it.
#[test]
fn r12_a_seat_that_resigns_is_out_and_the_others_play_on() {
    let mut game =
        Game::new(Setup::standard(3, 7).unwrap(), limits(None, None, Some((60_000, 5_000)))).unwrap();
    game.tick(2_000);
    let report = game.resign().unwrap();
    assert_eq!(report.mv, None);
    assert_eq!(report.eliminated().iter().map(|e| e.seat).collect::<Vec<_>>(), [Seat::South]);
    assert_eq!(report.outcome, None, "two seats play on");
    assert_eq!(game.to_move(), Seat::West);
    assert!(!game.position().seats_in().contains(Seat::South));
    assert_eq!(game.plies()[0], Ply::Resign { ms: 2_000 });
    assert_eq!(game.clock_ms(Seat::South), Some(58_000), "the time is charged, no increment");
    // A resignation after the whole clock is over time, as a move would be.
    let mut late = game.record();
    late.plies[0] = Ply::Resign { ms: 60_000 };
    assert!(matches!(
        Game::from_record(&late),
        Err(LoadError::Ply { ply: 1, error: PlyError::OverTime { ms: 60_000, left: 60_000 }, .. })
    ));
    // The record keeps it, as JSON and as text, and both replay it.
    let json = game.to_json().unwrap();
    assert!(json.contains("\"ply\": \"resign\""), "{json}");
    assert_eq!(Game::from_json(&json).unwrap().position(), game.position());
    let text = game.record().to_string();
    assert!(text.contains("1. resign"), "{text}");
    let back: GameRecord = text.parse().unwrap();
    assert_eq!(Game::from_record(&back).unwrap().position(), game.position());
    // Undo takes it back; the next resignation leaves North alone: it wins.
    assert!(game.undo());
    assert!(game.position().seats_in().contains(Seat::South));
    game.redo().unwrap();
    // West resigns too: North, the last seat with a marble, wins.
    let report = game.resign().unwrap();
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::North, reason: WinReason::LastMarble })));
    assert_eq!(game.resign().unwrap_err(), PlyError::GameOver, "nobody resigns a finished game");
}

#[test]
fn r14_when_one_of_two_resigns_the_other_wins() {
    let mut game = standard(2, 9);
    game.play_text("b1-b2").unwrap();
    let report = game.resign().unwrap();
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::South, reason: WinReason::LastMarble })));
}

#[test]
fn r15_a_clock_must_start_with_some_time_and_at_most_a_week() {
    assert_eq!(Clock::new(0, 0), Err(ClockError::NoTime));
    assert_eq!(Clock::new(u64::MAX, 1), Err(ClockError::InitialTooLong(u64::MAX)));
    assert_eq!(Clock::new(1, u64::MAX), Err(ClockError::IncrementTooLong(u64::MAX)));
    let week = 7 * 24 * 3600 * 1000;
    assert!(Clock::new(week, week).is_ok());
    assert!(Clock::new(week + 1, 0).is_err());
}

#[test]
fn r12_r15_clocks_run_out_one_at_a_time_and_the_last_clock_standing_wins() {
    let mut game = Game::new(Setup::standard(3, 7).unwrap(), limits(None, None, Some((1_000, 0)))).unwrap();
    let report = game.tick(5_000).unwrap();
    assert_eq!(report.eliminated()[0].seat, Seat::South);
    assert_eq!(report.outcome, None);
    assert_eq!(game.to_move(), Seat::West);
    let report = game.tick(1_000).unwrap();
    assert_eq!(report.eliminated()[0].seat, Seat::West);
    assert_eq!(report.outcome, Some(Outcome::Win(Win { seat: Seat::North, reason: WinReason::LastMarble })));
    assert_eq!(game.clock_ms(Seat::North), Some(1_000));
}

#[test]
fn r15_a_move_over_time_is_its_own_error() {
    let mut game = Game::new(Setup::standard(2, 9).unwrap(), limits(None, None, Some((5_000, 0)))).unwrap();
    game.play_text("b1-b2").unwrap();
    let mut record = game.record();
    record.plies[0] = Ply::Move { mv: "b1-b2".parse().unwrap(), ms: 5_000 };
    assert!(matches!(
        Game::from_record(&record),
        Err(LoadError::Ply { ply: 1, error: PlyError::OverTime { ms: 5_000, left: 5_000 }, .. })
    ));
    game.tick(1_000);
    assert!(game.play_text("b9-b8").is_ok());
}
