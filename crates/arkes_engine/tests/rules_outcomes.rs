//! One or more tests per rule of RULES.md, named after it, with positions
//! in the text format: repetition, winning, elimination and the last
//! marble (R10–R14), and the rules' worked examples (R1–R9: `rules.rs`).

mod common;

use arkes_engine::PlyEffects;
use arkes_engine::{Game, IllegalMoveError, MoveKind, Piece, Position, Seat, Setup, Win, WinReason};
use common::{LONE, c, cell, moves, moves_from, play, pos};

// ---------------------------------------------------------------- R10

#[test]
fn r10_a_move_may_not_recreate_a_state_with_the_same_next_player() {
    let mut p = Position::standard(2, 9).unwrap();
    play(&mut p, "b1-b2");
    play(&mut p, "b9-b8");
    play(&mut p, "b2-b1");
    // b8-b9 would give South the start position again, which counts as occurred.
    assert_eq!(p.parse_move("b8-b9"), Err(IllegalMoveError::Repetition.into()));
    assert!(!moves(&p).contains(&"b8-b9".to_owned()));
    // Another move of the same token is legal.
    assert!(moves(&p).contains(&"b8-a9".to_owned()));
    assert!(p.check(c("b8"), c("a9")).is_ok());
}

#[test]
fn r10_a_hash_collision_never_forbids_a_legal_move() {
    // Another state recorded under the very key b1-b2 leads to: the key
    // matches, the grid does not, so b1-b2 stays legal.
    let mut p = Position::standard(2, 9).unwrap();
    let mut after = p.clone();
    play(&mut after, "b1-b2");
    let other_state = (Position::standard(2, 9).unwrap().board().clone(), Seat::North);
    assert_ne!(&other_state.0, after.board());
    p.record_state_under_key_for_tests(after.hash(), other_state);
    assert!(p.check(c("b1"), c("b2")).is_ok());
    assert!(moves(&p).contains(&"b1-b2".to_owned()));
    assert_eq!(p.count_legal_moves(), 30);
    // The state itself, recorded under its own key, forbids it.
    p.record_state_under_key_for_tests(after.hash(), (after.board().clone(), Seat::North));
    assert_eq!(p.check(c("b1"), c("b2")), Err(IllegalMoveError::Repetition));
    assert_eq!(p.count_legal_moves(), 29);
}

#[test]
#[should_panic(expected = "not of the last step played")]
fn r10_undo_refuses_a_foreign_record() {
    let mut p = Position::standard(2, 9).unwrap();
    let mut q = p.clone();
    let foreign = play(&mut q, "b1-b2");
    play(&mut p, "c1-c2");
    p.undo(foreign);
}

#[test]
fn r10_the_same_grid_with_another_next_player_is_another_state() {
    let text = |to_move| {
        format!(
            "
5 .  .  Nn .  N
4 .  .  .  .  .
3 Ww .  *  .  .
2 .  .  .  .  .
1 W  .  Ss .  S
  a  b  c  d  e
to move: {to_move}
in: South West North
"
        )
    };
    let south = pos(&text("South"));
    let west = pos(&text("West"));
    assert_eq!(south.board(), west.board());
    assert_ne!(south.hash(), west.hash());
}

#[test]
fn r10_undo_forgets_the_states_it_takes_back() {
    let mut p = Position::standard(2, 9).unwrap();
    let a = play(&mut p, "b1-b2");
    let b = play(&mut p, "b9-b8");
    let c2 = play(&mut p, "b2-b1");
    p.undo(c2);
    p.undo(b);
    p.undo(a);
    let start = Position::standard(2, 9).unwrap();
    assert_eq!(p, start);
    assert_eq!(p.history(), start.history(), "the states taken back are forgotten");
    play(&mut p, "b1-b2");
    play(&mut p, "b9-b8");
    play(&mut p, "b2-b1");
    assert_eq!(p.parse_move("b8-b9"), Err(IllegalMoveError::Repetition.into()));
}

// ---------------------------------------------------------------- R11

#[test]
fn r11_a_marble_reaching_the_golden_cell_wins_at_once() {
    let mut p = pos("
5 .  .  Nn .  .
4 .  .  N  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 .  .  .  .  .
  a  b  c  d  e
to move: South
in: South North
");
    play(&mut p, "Mc2-c3");
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::GoldenCell }));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.check(c("c4"), c("c3")), Err(IllegalMoveError::GameOver));
}

#[test]
fn r11_a_token_on_the_golden_cell_does_not_win() {
    let mut p = pos(LONE);
    play(&mut p, "c3-d4");
    play(&mut p, "d5-c4");
    play(&mut p, "d4-c3");
    assert_eq!(p.outcome(), None);
}

// ---------------------------------------------------------------- R12, R13, R14

/// West has only its general, and its marble no own unit to step on.
const WEST_STUCK: &str = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 Ww .  *  .  .
2 .  S  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South West North
";

#[test]
fn r12_a_player_with_no_legal_move_loses_their_marble() {
    let mut p = pos(WEST_STUCK);
    let undo = play(&mut p, "b2-c2");
    let out: Vec<_> = undo.eliminated().collect();
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].seat, out[0].cell), (Seat::West, c("a3")));
    assert_eq!(cell(&p, "a3"), "W", "the marble is removed, the token stays");
    assert_eq!(p.to_move(), Seat::North);
    assert!(!p.seats_in().contains(Seat::West));
    // The grid after the removal counts as occurred, with North to move.
    assert!(p.has_occurred(p.board(), Seat::North));
    let after_removal = p.board().clone();
    p.undo(undo);
    assert_eq!(p, pos(WEST_STUCK));
    assert_eq!(p.history(), pos(WEST_STUCK).history());
    assert!(!p.has_occurred(&after_removal, Seat::North), "undo forgets the state after the removal");
}

#[test]
fn r12_a_stuck_player_is_eliminated_at_the_start_of_their_first_turn() {
    let p = pos(&WEST_STUCK.replace("to move: South", "to move: West"));
    assert_eq!(p.to_move(), Seat::North);
    assert_eq!(p.marble(Seat::West), None);
}

#[test]
fn r12_the_repetition_rule_can_leave_a_player_without_moves() {
    // North's only moves are its marble between a5 and a4: once going back
    // would repeat the start with South to move (R10), North cannot move.
    let mut p = pos("
5 Nn SS .  .  .
4 N  SS .  .  .
3 SS SS .  .  .
2 .  .  .  .  .
1 .  .  Ss .  S
  a  b  c  d  e
to move: South
in: South North
");
    play(&mut p, "e1-e2");
    assert_eq!(moves(&p), ["Ma5-a4"]);
    play(&mut p, "Ma5-a4");
    let undo = play(&mut p, "e2-e1");
    assert_eq!(undo.eliminated().map(|e| e.seat).collect::<Vec<_>>(), [Seat::North]);
    assert_eq!(cell(&p, "a4"), "N", "North's marble was removed");
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::LastMarble }));
}

#[test]
fn r12_a_clock_running_out_removes_the_marble() {
    let limits = arkes_engine::Limits {
        clock: Some(arkes_engine::Clock::new(1_000, 0).unwrap()),
        ..Default::default()
    };
    let mut game = Game::new(Setup::standard(3, 9).unwrap(), limits).unwrap();
    assert_eq!(game.tick(999), None);
    let report = game.tick(5).expect("South's time is up");
    assert_eq!(report.mv, None);
    assert_eq!(report.eliminated()[0].seat, Seat::South);
    assert_eq!(game.position().to_move(), Seat::West);
    assert_eq!(game.clock_ms(Seat::South), Some(0));
    assert_eq!(game.position().board().get(c("e1")).to_text(), "S");
    assert!(game.position().has_occurred(game.position().board(), Seat::West));
    assert_eq!(game.outcome(), None);
}

#[test]
fn r13_an_eliminated_players_tokens_stay_and_can_be_stacked_on_and_captured() {
    let mut p = pos(WEST_STUCK);
    play(&mut p, "b2-c2"); // West is eliminated.
    play(&mut p, "d5-d4");
    assert_eq!(p.to_move(), Seat::South, "West never moves again");
    assert_eq!(cell(&p, "a3"), "W");
    let mut q = p.clone();
    play(&mut q, "c2-b3");
    play(&mut q, "d4-d3");
    play(&mut q, "b3-a3");
    assert_eq!(cell(&q, "a3"), "WS", "stacked on");
    let mut r = pos("
5 .  .  Nn N  .
4 .  .  .  .  .
3 W  SS *  .  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    play(&mut r, "b3xa3");
    assert_eq!(cell(&r, "a3"), "S", "captured");
}

#[test]
fn r14_the_last_marble_standing_wins() {
    let mut p = pos("
5 .  .  .  .  .
4 .  .  .  .  .
3 .  .  N  Nn .
2 .  Ww S  S  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South West North
");
    play(&mut p, "c2xb2");
    assert_eq!(p.outcome(), None, "South and North still have their marbles");
    assert_eq!(p.to_move(), Seat::North);
    play(&mut p, "c3-b3");
    play(&mut p, "d2xd3");
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::LastMarble }));
    assert!(p.legal_moves().is_empty());
}

// ---------------------------------------------------------------- Worked examples

const EXAMPLE_1: &str = "
9 N  .  .  .  Nn .  .  .  .
8 .  .  .  .  .  .  .  .  .
7 .  .  .  .  .  .  .  .  .
6 .  .  .  .  .  .  .  .  .
5 .  .  .  .  *  .  .  .  .
4 .  .  N  .  .  .  .  .  .
3 .  .  S  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .  .
1 .  .  .  .  Ss .  .  .  .
  a  b  c  d  e  f  g  h  i
to move: South
in: South North
";

#[test]
fn example_1_a_unit_onto_a_unit_forms_a_siege_that_pins_the_lower_token() {
    let mut p = pos(EXAMPLE_1);
    let undo = play(&mut p, "c3-c4");
    assert_eq!(undo.mv().unwrap().kind, MoveKind::Stack);
    assert_eq!(cell(&p, "c4"), "NS");
    assert!(moves_from(&p, "c4").is_empty(), "North's token is pinned");
    assert!(matches!(p.check(c("c4"), c("c5")), Err(IllegalMoveError::NotYourPiece { .. })));
}

#[test]
fn example_2_a_tower_top_captures_a_unit() {
    let mut p = pos(&EXAMPLE_1.replace("3 .  .  S ", "3 .  .  SS"));
    let undo = play(&mut p, "c3xc4");
    assert_eq!(undo.captured().unwrap().piece, Piece::token(Seat::North));
    assert_eq!(cell(&p, "c3"), "S");
    assert_eq!(cell(&p, "c4"), "S");
}

#[test]
fn example_3_a_tower_top_captures_the_token_under_its_own() {
    let mut p = pos(&EXAMPLE_1.replace("3 .  .  S ", "3 .  .  SS").replace("4 .  .  N ", "4 .  .  NS"));
    play(&mut p, "c3xc4");
    assert_eq!(cell(&p, "c4"), "SS");
    assert_eq!(cell(&p, "c3"), "S");
}

#[test]
fn example_4_four_players_the_top_token_is_the_target() {
    let mut p = pos("
9 .  .  .  .  Nn .  .  .  .
8 .  .  .  .  .  .  .  .  .
7 .  .  .  .  .  .  .  .  .
6 .  .  .  .  .  .  .  .  .
5 Ww .  .  .  *  .  .  .  Ee
4 .  .  NW .  .  .  .  .  .
3 .  .  SS .  .  .  .  .  .
2 .  .  .  .  .  .  .  .  .
1 .  .  .  .  Ss .  .  .  .
  a  b  c  d  e  f  g  h  i
to move: South
in: South West North East
");
    let undo = play(&mut p, "c3xc4");
    assert_eq!(undo.captured().unwrap().piece, Piece::token(Seat::West));
    assert_eq!(cell(&p, "c4"), "NS");
}

#[test]
fn example_5_any_token_captures_a_general_s_marble_and_with_two_players_wins() {
    let mut p = pos("
9 .  .  .  .  N  .  .  .  .
8 .  .  .  .  .  .  .  .  .
7 .  .  .  .  .  .  .  .  .
6 .  .  .  .  Nn .  .  .  .
5 .  .  .  .  S  .  .  .  .
4 .  .  .  .  .  .  .  .  .
3 .  .  .  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .  .
1 .  .  .  .  Ss .  .  .  .
  a  b  c  d  e  f  g  h  i
to move: South
in: South North
");
    play(&mut p, "e5xe6");
    assert_eq!(cell(&p, "e6"), "NS");
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::LastMarble }));
}

#[test]
fn example_6_a_marble_moving_onto_its_unit_on_the_golden_cell_wins() {
    let mut p = pos("
9 .  .  .  .  Nn .  .  .  .
8 .  .  .  .  .  .  .  .  .
7 .  .  .  .  .  .  .  .  .
6 .  .  .  .  .  .  .  .  .
5 .  .  .  .  S  .  .  .  .
4 .  .  .  .  Ss .  .  .  .
3 .  .  .  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .  .
1 .  .  .  .  .  .  .  .  .
  a  b  c  d  e  f  g  h  i
to move: South
in: South North
");
    let mv = p.parse_move("Me4-e5").unwrap();
    assert_eq!(mv.kind, MoveKind::Marble);
    p.play(mv).unwrap();
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::GoldenCell }));
}
