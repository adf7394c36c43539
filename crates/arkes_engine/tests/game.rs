//! `Game`: limits and clocks (R15), undo/redo, records and save files.

mod common;

use std::num::NonZeroU32;

use arkes_engine::{
    Clock, ClockError, DrawReason, Game, GameRecord, Limits, LoadError, Outcome, Ply, PlyEffects, PlyError,
    Position, Seat, Setup, Win, WinReason,
};
use common::{c, pos};

fn limits(rounds: Option<u32>, without_capture: Option<u32>, clock: Option<(u64, u64)>) -> Limits {
    Limits {
        rounds: rounds.and_then(NonZeroU32::new),
        rounds_without_capture: without_capture.and_then(NonZeroU32::new),
        clock: clock.map(|(initial_ms, increment_ms)| Clock::new(initial_ms, increment_ms).unwrap()),
    }
}

fn standard(players: usize, side: u8) -> Game {
    Game::from_setup(Setup::standard(players, side).unwrap()).unwrap()
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

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

#[test]
fn undo_and_redo_walk_the_game_back_and_forth() {
    let mut game = standard(3, 7);
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
    let json = game.to_json().expect("a save");
    assert!(json.contains("\"format\": 1"));
    let loaded = Game::from_json(&json).unwrap();
    assert_eq!(loaded.record(), game.record());
    assert_eq!(loaded.position(), game.position());
    for seat in Seat::ALL {
        assert_eq!(loaded.clock_ms(seat), game.clock_ms(seat));
    }
    assert_eq!(loaded.round(), game.round());
}

/// The `[Limits]` lines of a record's text, written and read back: whole
/// minutes and seconds as `M min + S s`, anything else in milliseconds
/// (R15). Expected texts worked out by hand.
#[test]
fn r15_a_record_writes_its_limits_and_clock_and_reads_them_back() {
    let cases = [
        (
            limits(Some(40), Some(12), Some((300_000, 3_000))),
            "rounds: 40\nrounds without capture: 12\nclock: 5 min + 3 s\n",
        ),
        (
            limits(Some(40), None, Some((300_000, 500))),
            "rounds: 40\nrounds without capture: off\nclock: 300000 ms + 500 ms\n",
        ),
        (
            limits(None, Some(7), Some((90_000, 2_000))),
            "rounds: off\nrounds without capture: 7\nclock: 90000 ms + 2000 ms\n",
        ),
        (limits(Some(100), None, None), "rounds: 100\nrounds without capture: off\nclock: off\n"),
    ];
    for (limits, lines) in cases {
        let game = Game::new(Setup::standard(2, 9).unwrap(), limits).unwrap();
        let text = game.record().to_string();
        assert!(text.contains(&format!("[Limits]\n{lines}[Moves]")), "{limits:?} written as:\n{text}");
        let back: GameRecord = text.parse().unwrap();
        assert_eq!(back.limits, limits, "{text}");
    }
    // Written by hand: seconds (with and without the unit), minutes as `m`.
    let base = standard(2, 9).record().to_string();
    for (clock_line, initial_ms, increment_ms) in [
        ("clock: 90 s + 2 s", 90_000, 2_000),
        ("clock: 2 m + 1", 120_000, 1_000),
        ("clock: 1500 ms + 0 s", 1_500, 0),
    ] {
        let text = base.replace("clock: off", clock_line);
        let back: GameRecord = text.parse().unwrap_or_else(|e| panic!("{clock_line}: {e}"));
        let clock = back.limits.clock.expect("a clock");
        assert_eq!((clock.initial_ms(), clock.increment_ms()), (initial_ms, increment_ms), "{clock_line}");
    }
}

/// A record's errors name the line they are on, counted from 1.
#[test]
fn a_record_s_error_names_its_line() {
    let text = standard(2, 9).record().to_string();
    let lines: Vec<&str> = text.lines().collect();
    let rounds_line = lines.iter().position(|l| l.starts_with("rounds:")).unwrap() + 1;
    let bad = text.replace("rounds: 100", "rounds: lots");
    match bad.parse::<GameRecord>() {
        Err(arkes_engine::ParseRecordError::BadLimit { line, .. }) => assert_eq!(line, rounds_line, "{bad}"),
        other => panic!("{other:?}"),
    }
    let bad = format!("{text}1. b1-b2 b9-zz\n");
    match bad.parse::<GameRecord>() {
        Err(arkes_engine::ParseRecordError::BadMove { line, text }) => {
            assert_eq!((line, text.as_str()), (lines.len() + 1, "b9-zz"), "{bad}");
        }
        other => panic!("{other:?}"),
    }
}

/// A record's text may have blank lines between and inside its sections,
/// but nothing outside a section.
#[test]
fn a_record_reads_past_blank_lines_and_refuses_text_before_its_first_section() {
    let mut game = standard(2, 9);
    play_all(&mut game, &["b1-b2", "b9-b8"]);
    let text = game.record().to_string();
    let airy = text
        .replace("[Setup]", "\n[Setup]")
        .replace("[Limits]\n", "[Limits]\n\n")
        .replace("[Moves]\n", "[Moves]\n\n");
    assert_ne!(airy, text);
    let back: GameRecord = airy.parse().unwrap_or_else(|e| panic!("{e} in\n{airy}"));
    assert_eq!(back, text.parse::<GameRecord>().unwrap(), "the same record as without the blank lines");
    assert_eq!(back.plies, game.record().plies);
    let stray = text.replace("[Setup]", "b1-b2\n[Setup]");
    match stray.parse::<GameRecord>() {
        Err(arkes_engine::ParseRecordError::OutsideSection { line: 2 }) => {}
        other => panic!("{other:?} for\n{stray}"),
    }
}

/// How a finished game's outcome reads (in the CLI and the logs).
#[test]
fn r11_r14_r15_an_outcome_reads_as_its_winner_and_reason_or_its_draw() {
    let win = Outcome::Win(Win { seat: Seat::North, reason: WinReason::LastMarble });
    assert_eq!(win.to_string(), "North wins: theirs is the last marble standing (R14)");
    for (reason, text) in [
        (DrawReason::RoundLimit, "draw: the round limit was reached"),
        (DrawReason::CaptureLimit, "draw: the limit of rounds without a capture was reached"),
        (DrawReason::Repetition, "draw: the same position occurred a third time"),
    ] {
        assert_eq!(Outcome::Draw(reason).to_string(), text);
    }
}

#[test]
fn a_game_played_to_its_end_saves_and_loads() {
    let mut game = standard(2, 5);
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        game.play(moves[game.plies().len() * 7 % moves.len()]).unwrap();
    }
    let loaded = Game::from_json(&game.to_json().expect("a save")).unwrap();
    assert_eq!(loaded.outcome(), game.outcome());
    assert_eq!(loaded.plies(), game.plies());
}

#[test]
fn a_record_that_does_not_replay_says_so_and_numbers_its_plies() {
    let mut record = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap().record();
    for text in ["b1-b2", "b9-b8", "b2-b4"] {
        record.plies.push(arkes_engine::Ply::Move { mv: text.parse().unwrap(), ms: 0 });
    }
    let text = record.to_string();
    assert!(text.contains("# these moves do not replay (ply 3 (b2-b4)"), "{text}");
    assert!(text.contains("\n1. b1-b2\n2. b9-b8\n3. b2-b4\n"), "numbered by ply:\n{text}");
    let back: GameRecord = text.parse().unwrap();
    assert_eq!(back.plies.len(), 3, "the comment is skipped when read back");
    let good = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    assert!(!good.record().to_string().contains("do not replay"));
}
