//! `Game`: undo and redo, records (their text, errors and replay) and save
//! files.

mod common;

use arkes_engine::{DrawReason, Game, GameRecord, Outcome, Position, Seat, Setup, Win, WinReason};
use common::{limits, play_all, standard};

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
