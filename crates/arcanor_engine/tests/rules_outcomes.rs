//! One or more tests per rule of ARCANOR.md, named after it, written as
//! diagrams: freezing and scoring, winning, the stuck player and the
//! limits (A8–A12), and every worked example (A1–A7: `rules.rs`).

mod common;

use std::num::NonZeroU32;

use arcanor_engine::diagram;
use arcanor_engine::{
    Clock, DrawReason, Game, IllegalMoveError, Limits, Outcome, Position, Seat, Setup, WinReason,
};
use common::{c, cell, moves, moves_from, play, pos, win};

// ---------------------------------------------------------------- A8, A9

#[test]
fn a08_a_piece_reaching_its_target_row_is_frozen_and_scores() {
    let mut p = pos(&diagram(&[("d6", "S4"), ("a7", "N1"), ("h1", "N2")], "South"));
    play(&mut p, "4d6-d7");
    assert!(p.is_frozen(c("d7")));
    assert_eq!(p.score(Seat::South), 4);
    play(&mut p, "1a7-a6");
    assert!(moves_from(&p, "d7").is_empty(), "a frozen piece never moves");
    assert_eq!(p.resolve("4d7-d6".parse().unwrap()), Err(IllegalMoveError::Frozen(c("d7"))));
}

#[test]
fn a08_a_frozen_piece_cannot_be_eaten() {
    let p = pos(&diagram(&[("d7", "S4"), ("e6", "N3"), ("h1", "N2"), ("a1", "S1")], "North"));
    assert!(p.is_frozen(c("d7")));
    assert_eq!(p.resolve("3e6xd7".parse().unwrap()), Err(IllegalMoveError::FrozenTarget(c("d7"))));
}

#[test]
fn a08_eating_on_the_target_row_freezes_the_eater() {
    let mut p = pos(&diagram(&[("f6", "S3"), ("f7", "N4"), ("a7", "N1")], "South"));
    assert!(!p.is_frozen(c("f7")), "a piece on its own home row is not frozen");
    play(&mut p, "3f6xf7");
    assert!(p.is_frozen(c("f7")));
    assert_eq!(p.score(Seat::South), 3);
}

#[test]
fn a08_a_prisoner_freed_on_its_own_target_row_is_frozen_and_scores_for_its_owner() {
    // South carries North's 3 to rank 1 (North's target row), then its 2
    // leaves alone: the 3 is freed there, frozen, and scores for North.
    let mut p = pos(&diagram(&[("d2", "N3S2"), ("a7", "N1")], "South"));
    play(&mut p, "23d2-d1");
    assert_eq!(p.score(Seat::North), 0, "a prisoner scores for nobody");
    assert!(!p.is_frozen(c("d1")), "South's 2 is on its home row, not its target row");
    play(&mut p, "1a7-a6");
    let undo = play(&mut p, "2d1-d2");
    assert_eq!(cell(&p, "d1"), "N3");
    assert!(p.is_frozen(c("d1")));
    assert_eq!(p.score(Seat::North), 3);
    assert_eq!(undo.scored(&p), [0, 3]);
    assert!(moves(&p).iter().all(|m| !m.contains("d1")));
}

#[test]
fn a09_a_duo_scores_its_top_piece_only() {
    let mut p = pos(&diagram(&[("e6", "S4S3"), ("a7", "N1")], "South"));
    play(&mut p, "34e6-e7");
    assert!(p.is_frozen(c("e7")));
    assert_eq!(p.score(Seat::South), 3, "3 over 4 scores 3, not 7");
}

#[test]
fn a09_the_score_is_the_sum_of_the_frozen_top_pieces() {
    let p = pos(&diagram(
        &[("a7", "S1"), ("b7", "N2S1"), ("c7", "S4"), ("d6", "S3"), ("h1", "N4"), ("g1", "S3N2")],
        "South",
    ));
    assert_eq!(p.score(Seat::South), 1 + 1 + 4);
    assert_eq!(p.score(Seat::North), 4 + 2);
}

// ---------------------------------------------------------------- A10, A11

#[test]
fn a10_twelve_points_win_at_once() {
    let mut p = pos(&diagram(&[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("h1", "N1")], "South"));
    assert_eq!(p.score(Seat::South), 8);
    play(&mut p, "4a6-a7");
    assert_eq!(p.score(Seat::South), 12);
    assert_eq!(p.outcome(), win(Seat::South, WinReason::Points));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.resolve("1h1-h2".parse().unwrap()), Err(IllegalMoveError::GameOver));
}

#[test]
fn a10_freeing_a_prisoner_can_make_the_opponent_win() {
    // North has 9 points; South's 2 leaves d1 and frees North's 3 on North's target row.
    let mut p =
        pos(&diagram(&[("a1", "N4"), ("b1", "N4"), ("c1", "N1"), ("d1", "N3S2"), ("h7", "N4")], "South"));
    assert_eq!(p.score(Seat::North), 9);
    play(&mut p, "2d1-d2");
    assert_eq!(p.outcome(), win(Seat::North, WinReason::Points));
}

#[test]
fn a11_a_player_with_no_legal_move_loses() {
    // South's only piece is frozen: South cannot move.
    let p = pos(&diagram(&[("d7", "S4"), ("a1", "N1")], "South"));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Seat::North, WinReason::NoLegalMove));
    assert_eq!(p.decided(), None, "A11 is the start-of-turn check, not the last move's");
    let game = Game::from_setup(p.to_setup()).unwrap();
    assert_eq!(game.outcome(), win(Seat::North, WinReason::NoLegalMove));
}

#[test]
fn a11_a_move_that_leaves_the_opponent_stuck_wins() {
    // North's only piece, its 4 on a1 (its target row), is frozen: once
    // South has moved, North cannot.
    let mut game =
        Game::from_setup(diagram(&[("a1", "N4"), ("b2", "S3"), ("c3", "S1")], "South").parse().unwrap())
            .unwrap();
    let report = game.play_text("1c3-d4").unwrap();
    assert_eq!(report.outcome, win(Seat::South, WinReason::NoLegalMove));
}

// ---------------------------------------------------------------- A12

fn limits(rounds: Option<u32>, without_eating: Option<u32>, clock: Option<(u64, u64)>) -> Limits {
    Limits {
        rounds: rounds.and_then(NonZeroU32::new),
        rounds_without_capture: without_eating.and_then(NonZeroU32::new),
        clock: clock.map(|(i, inc)| Clock::new(i, inc).unwrap()),
    }
}

#[test]
fn a12_a_state_seen_three_times_with_the_same_player_to_move_draws() {
    let mut p = Position::standard();
    assert_eq!(p.repetitions(), 1, "the start counts once");
    for m in ["12b1-a2", "12b7-a6", "12a2-b1", "12a6-b7"] {
        play(&mut p, m);
    }
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), None);
    for m in ["12b1-a2", "12b7-a6", "12a2-b1"] {
        play(&mut p, m);
    }
    assert_eq!(p.outcome(), None);
    let undo = play(&mut p, "12a6-b7");
    assert_eq!(p.repetitions(), 3);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(p.legal_moves().is_empty());
    p.undo(undo);
    assert_eq!(p.repetitions(), 2, "the state before the last move had occurred twice");
}

#[test]
fn a12_the_same_grid_with_the_other_player_to_move_is_another_state() {
    let south = Position::standard();
    let north = Position::from_setup(&Setup::standard_with(Seat::North)).unwrap();
    assert_eq!(south.grid(), north.grid());
    assert_ne!(south.hash(), north.hash());
    assert_eq!(south.occurrences(north.grid(), Seat::North), 0);
    assert_eq!(south.occurrences(south.grid(), Seat::South), 1);
}

#[test]
fn a12_the_round_limit_draws_by_default_after_100_rounds() {
    assert_eq!(Limits::default(), limits(Some(100), None, None));
    let mut game = Game::new(Setup::standard(), limits(Some(2), None, None)).unwrap();
    for m in ["1b1-b2", "1b7-b6", "1b2-b3"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.outcome(), None);
    let report = game.play_text("1b6-b5").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
}

#[test]
fn a12_rounds_without_eating_draw_when_limited() {
    let mut game = Game::new(Setup::standard(), limits(None, Some(1), None)).unwrap();
    game.play_text("1b1-b2").unwrap();
    let report = game.play_text("1b7-b6").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::CaptureLimit)));
}

#[test]
fn a12_an_eat_restarts_the_count_of_rounds_without_eating() {
    // South's 2 eats North's 3 in round 1: that round counts as one with an
    // eat, so with a limit of 2 the draw comes when rounds 2 and 3 have
    // passed without one, not after round 2.
    let setup: Setup =
        diagram(&[("c3", "S2"), ("d4", "N3"), ("a2", "S1"), ("h6", "N1")], "South").parse().unwrap();
    let mut game = Game::new(setup, limits(None, Some(2), None)).unwrap();
    let report = game.play_text("2c3xd4").unwrap();
    assert_eq!(report.steps.first().and_then(|u| u.eaten()).map(|p| p.value.get()), Some(3));
    assert_eq!(game.captures()[Seat::South], 1, "the eat is counted for South");
    assert_eq!(game.captures()[Seat::North], 0);
    assert!(game.capture_this_round());
    game.play_text("1h6-h5").unwrap();
    assert_eq!(game.rounds_without_capture(), 0, "round 1 had an eat");
    game.play_text("1a2-a3").unwrap();
    game.play_text("1h5-h4").unwrap();
    assert_eq!(game.rounds_without_capture(), 1);
    assert_eq!(game.outcome(), None, "one round without eating of the two allowed");
    game.play_text("1a3-a4").unwrap();
    let report = game.play_text("1h4-h3").unwrap();
    assert_eq!(game.rounds_without_capture(), 2);
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::CaptureLimit)));
    assert_eq!(game.captures()[Seat::South], 1);
}

#[test]
fn a12_the_round_limit_comes_before_the_stuck_players_loss() {
    // North's move ends round 1, the last, and leaves South stuck: a draw.
    let setup: Setup = diagram(&[("d7", "S4"), ("a2", "N1")], "North").parse().unwrap();
    let mut game = Game::new(setup.clone(), limits(Some(1), None, None)).unwrap();
    let report = game.play_text("1a2-a3").unwrap();
    assert_eq!(report.outcome, Some(Outcome::Draw(DrawReason::RoundLimit)));
    let mut game = Game::new(setup, Limits::default()).unwrap();
    let report = game.play_text("1a2-a3").unwrap();
    assert_eq!(report.outcome, win(Seat::North, WinReason::NoLegalMove));
}

#[test]
fn a12_a_player_whose_clock_runs_out_loses() {
    let mut game = Game::new(Setup::standard(), limits(None, None, Some((1_000, 0)))).unwrap();
    assert_eq!(game.tick(999), None);
    let report = game.tick(1).unwrap();
    assert_eq!(report.outcome, win(Seat::North, WinReason::Time));
    assert!(game.legal_moves().is_empty());
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
}

/// The rules are silent on resigning: the seat that resigns loses, its
/// opponent wins; the record keeps it and undo takes it back.
#[test]
fn a10_a_player_who_resigns_loses() {
    let mut game = Game::new(Setup::standard(), Limits::default()).unwrap();
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    let report = game.resign().unwrap();
    assert_eq!(report.outcome, win(Seat::South, WinReason::Resignation));
    assert_eq!(report.mv, None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.resign().unwrap_err(), game_core::PlyError::GameOver);
    let json = game.to_json().unwrap();
    assert_eq!(Game::from_json(&json).unwrap().outcome(), win(Seat::South, WinReason::Resignation));
    assert!(game.record().to_string().contains("resign"));
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), Seat::North);
}

// ---------------------------------------------------------------- worked examples

#[test]
fn example_1_a_whole_duo_or_its_top_piece_alone() {
    let mut p = Position::standard();
    play(&mut p, "12b1-b2");
    assert_eq!((cell(&p, "b2").as_str(), cell(&p, "b1").as_str()), ("S2S1", "."));
    let mut p = Position::standard();
    play(&mut p, "1b1-b2");
    assert_eq!((cell(&p, "b1").as_str(), cell(&p, "b2").as_str()), ("S2", "S1"));
}

#[test]
fn example_2_eating_then_freeing_or_carrying_the_prisoner() {
    let start = pos(&diagram(&[("c4", "S3"), ("d5", "N4"), ("a7", "N1")], "South"));
    let mut p = start.clone();
    play(&mut p, "3c4xd5");
    assert_eq!(cell(&p, "d5"), "N4S3");
    play(&mut p, "1a7-a6");
    let mut freed = p.clone();
    play(&mut freed, "3d5-e5");
    assert_eq!(cell(&freed, "d5"), "N4");
    assert!(moves_from(&freed, "d5").contains(&"4d5-d4".to_owned()), "North may move it again");
    let mut carried = p.clone();
    play(&mut carried, "34d5-d6");
    assert_eq!((cell(&carried, "d5").as_str(), cell(&carried, "d6").as_str()), (".", "N4S3"));
}

#[test]
fn example_3_a_duo_never_eats_but_its_top_piece_does() {
    let mut p = pos(&diagram(&[("b2", "S2S1"), ("b3", "N2"), ("a7", "N1")], "South"));
    assert!(p.parse_move("12b2xb3").is_err());
    play(&mut p, "1b2xb3");
    assert_eq!((cell(&p, "b2").as_str(), cell(&p, "b3").as_str()), ("S2", "N2S1"));
}

#[test]
fn example_4_a_4_and_a_2_cannot_eat_each_other() {
    let south = pos(&diagram(&[("c4", "S4"), ("c5", "N2"), ("a7", "N1")], "South"));
    assert!(south.parse_move("4c4xc5").is_err());
    let north = pos(&diagram(&[("c4", "S4"), ("c5", "N2"), ("a1", "S1")], "North"));
    assert!(north.parse_move("2c5xc4").is_err());
}

#[test]
fn example_5_freezing_a_lone_4_and_a_duo_3_over_4() {
    let mut p = pos(&diagram(&[("d6", "S4"), ("a7", "N1")], "South"));
    play(&mut p, "4d6-d7");
    assert!(p.is_frozen(c("d7")));
    assert_eq!(p.score(Seat::South), 4);
    let mut q = pos(&diagram(&[("e6", "S4S3"), ("a7", "N1")], "South"));
    play(&mut q, "34e6-e7");
    assert!(q.is_frozen(c("e7")));
    assert_eq!(q.score(Seat::South), 3);
}

#[test]
fn example_6_nine_points_and_a_3_make_twelve() {
    let mut p =
        pos(&diagram(&[("b7", "S4"), ("c7", "S3"), ("d7", "S2"), ("a6", "S3"), ("h1", "N1")], "South"));
    assert_eq!(p.score(Seat::South), 9);
    play(&mut p, "3a6-a7");
    assert_eq!(p.score(Seat::South), 12);
    assert_eq!(p.outcome(), win(Seat::South, WinReason::Points));
}

#[test]
fn example_7_a_piece_on_its_own_home_row_can_be_eaten_there() {
    let mut p = pos(&diagram(&[("f7", "N4"), ("f6", "S3"), ("a1", "N1")], "South"));
    play(&mut p, "3f6xf7");
    assert_eq!(cell(&p, "f7"), "N4S3");
    assert!(p.is_frozen(c("f7")));
    assert_eq!(p.score(Seat::South), 3);
}
