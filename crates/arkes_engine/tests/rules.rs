//! One or more tests per rule of RULES.md, named after it, with positions
//! in the text format: the board, the set-up, moves and captures (R1–R9;
//! R10–R14 and the worked examples: `rules_outcomes.rs`).

mod common;

use arkes_engine::{IllegalMoveError, MoveKind, Piece, Position, Seat, Setup, SetupError, Win, WinReason};
use common::{LONE, c, cell, moves_from, play, pos};

// ---------------------------------------------------------------- R1, R2

#[test]
fn r01_sides_5_7_9_11_have_a_golden_centre() {
    for (side, golden) in [(5, "c3"), (7, "d4"), (9, "e5"), (11, "f6")] {
        let p = Position::standard(2, side).unwrap();
        assert_eq!(p.board().side(), side);
        assert_eq!(p.board().golden_cell(), c(golden));
    }
}

#[test]
fn r01_even_and_unsupported_sides_are_rejected() {
    assert_eq!(Setup::standard(2, 8), Err(SetupError::EvenSide(8)));
    assert_eq!(Setup::standard(2, 10), Err(SetupError::EvenSide(10)));
    for side in [0, 1, 3, 4, 12, 13, 255] {
        assert_eq!(Setup::standard(2, side), Err(SetupError::SideOutOfRange(side)));
    }
}

#[test]
fn r02_standard_setups_put_tokens_on_home_edges_and_marbles_in_the_middle() {
    for side in [5, 7, 9, 11] {
        for players in 2..=4 {
            let p = Position::standard(players, side).unwrap();
            let seats: Vec<Seat> = p.seats_in().iter().collect();
            let expected = match players {
                2 => vec![Seat::South, Seat::North],
                3 => vec![Seat::South, Seat::West, Seat::North],
                _ => Seat::ALL.to_vec(),
            };
            assert_eq!(seats, expected);
            assert_eq!(p.to_move(), Seat::South);
            let last = side - 1;
            for &seat in &expected {
                let tokens: Vec<_> = p
                    .board()
                    .occupied()
                    .filter(|(_, f)| f.bottom().is_some_and(|b| b.seat == seat))
                    .map(|(cell, _)| cell)
                    .collect();
                assert_eq!(tokens.len(), usize::from(side - 2), "{seat} on {side}");
                for t in &tokens {
                    let on_edge = match seat {
                        Seat::South => t.rank() == 0,
                        Seat::West => t.file() == 0,
                        Seat::North => t.rank() == last,
                        Seat::East => t.file() == last,
                    };
                    let corner = (t.file() == 0 || t.file() == last) && (t.rank() == 0 || t.rank() == last);
                    assert!(on_edge && !corner, "{seat} token on {t}");
                }
            }
            let mid = side / 2;
            assert_eq!(p.marble(Seat::South), Some(arkes_engine::Coord::new(mid, 0)));
            if players >= 3 {
                assert_eq!(p.marble(Seat::West), Some(arkes_engine::Coord::new(0, mid)));
            }
            assert_eq!(p.marble(Seat::North), Some(arkes_engine::Coord::new(mid, last)));
        }
    }
    assert_eq!(Position::standard(2, 9).unwrap().marble(Seat::South), Some(c("e1")));
    assert_eq!(Position::standard(4, 9).unwrap().marble(Seat::East), Some(c("i5")));
}

#[test]
fn r02_player_counts_other_than_2_to_4_are_rejected() {
    for n in [0, 1, 5] {
        assert_eq!(Setup::standard(n, 9), Err(SetupError::PlayerCount(n)));
    }
}

#[test]
fn r02_south_moves_first_and_turns_go_clockwise() {
    let mut p = Position::standard(4, 9).unwrap();
    let mut order = vec![p.to_move()];
    for mv in ["b1-b2", "a2-b3", "b9-b8", "i2-h3", "b2-c3"] {
        play(&mut p, mv);
        order.push(p.to_move());
    }
    assert_eq!(order, [Seat::South, Seat::West, Seat::North, Seat::East, Seat::South, Seat::West]);
}

#[test]
fn r02_the_start_has_30_legal_moves() {
    let p = Position::standard(2, 9).unwrap();
    assert_eq!(p.legal_moves().len(), 30);
    assert_eq!(moves_from(&p, "e1"), ["Me1-d1", "Me1-f1"]);
    assert_eq!(moves_from(&p, "b1"), ["b1-a1", "b1-a2", "b1-b2", "b1-c1", "b1-c2"]);
}

// ---------------------------------------------------------------- R3, R4

#[test]
fn r03_a_piece_steps_to_any_of_the_8_adjacent_cells() {
    let p = pos(LONE);
    assert_eq!(
        moves_from(&p, "c3"),
        ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]
    );
}

#[test]
fn r03_moves_further_than_one_step_or_from_empty_cells_are_illegal() {
    let p = pos(LONE);
    assert_eq!(p.check(c("c3"), c("c5")), Err(IllegalMoveError::NotAdjacent { from: c("c3"), to: c("c5") }));
    assert_eq!(p.check(c("c3"), c("c3")), Err(IllegalMoveError::NotAdjacent { from: c("c3"), to: c("c3") }));
    assert_eq!(p.check(c("a1"), c("a2")), Err(IllegalMoveError::EmptyCell(c("a1"))));
    assert_eq!(p.check(c("e5"), c("f5")), Err(IllegalMoveError::OffBoard(c("f5"))));
}

#[test]
fn r03_passing_is_not_possible_and_every_turn_has_a_move() {
    // The seat to move always has a legal move while the game goes on (R12
    // eliminates it otherwise): there is no null move in the move list.
    let mut p = Position::standard(3, 5).unwrap();
    for _ in 0..40 {
        if p.outcome().is_some() {
            break;
        }
        let list = p.legal_moves();
        assert!(!list.is_empty());
        // No move leaves the grid as it was (no null move).
        for &mv in &list {
            let mut q = p.clone();
            q.play(mv).unwrap();
            assert_ne!(q.board(), p.board(), "{mv} changes nothing");
        }
        p.play(list[list.len() / 2]).unwrap();
    }
}

#[test]
fn r04_only_the_owner_moves_only_the_top_piece() {
    let p = pos("
5 .  .  Nn .  N
4 .  .  .  .  .
3 .  NS .  .  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: North
in: South North
");
    assert_eq!(
        p.check(c("b3"), c("b4")),
        Err(IllegalMoveError::NotYourPiece { from: c("b3"), owner: Seat::South, to_move: Seat::North })
    );
    assert!(moves_from(&p, "b3").is_empty());
    // With South to move: South's top token on b3 moves; the token under
    // South's marble on c1 does not (the marble is the top piece, and it
    // has no own unit to step on).
    let south = pos(&p.to_string().replace("to move: North", "to move: South"));
    assert_eq!(south.to_move(), Seat::South);
    assert_eq!(moves_from(&south, "b3").len(), 8);
    assert!(moves_from(&south, "c1").is_empty());
    assert_eq!(south.check(c("c1"), c("c2")), Err(IllegalMoveError::MarbleNeedsOwnUnit(c("c2"))));
}

#[test]
fn r04_a_cell_holds_at_most_two_pieces() {
    let p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  NN S  .  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    // A unit (not a tower) cannot capture, so the tower on b3 is full to it.
    assert_eq!(p.check(c("c3"), c("b3")), Err(IllegalMoveError::StackFull(c("b3"))));
    let bad = Setup {
        cells: vec![arkes_engine::Placement { cell: c("a1"), pieces: vec![Piece::token(Seat::South); 3] }],
        ..Setup::standard(2, 5).unwrap()
    };
    assert_eq!(Position::from_setup(&bad), Err(SetupError::TooManyPieces { cell: c("a1"), count: 3 }));
}

// ---------------------------------------------------------------- R5, R6

#[test]
fn r05_a_token_moves_onto_an_empty_cell_or_a_single_token() {
    let mut p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  N  S  S  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    assert_eq!(p.check(c("c3"), c("c4")).unwrap().kind, MoveKind::Step);
    assert_eq!(p.check(c("c3"), c("d3")).unwrap().kind, MoveKind::Stack);
    assert_eq!(p.check(c("c3"), c("b3")).unwrap().kind, MoveKind::Stack);
    let mut q = p.clone();
    play(&mut q, "c3-d3");
    assert_eq!(cell(&q, "d3"), "SS", "a tower");
    play(&mut p, "c3-b3");
    assert_eq!(cell(&p, "b3"), "NS", "a siege, the mover on top");
}

#[test]
fn r06_a_marble_moves_only_onto_a_single_token_of_its_own() {
    let mut p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  .  .  .  .
2 .  N  Ss SS .
1 .  .  S  NS .
  a  b  c  d  e
to move: South
in: South North
");
    assert_eq!(moves_from(&p, "c2"), ["Mc2-c1"]);
    for (to, err) in [
        ("c3", IllegalMoveError::MarbleNeedsOwnUnit(c("c3"))),
        ("b2", IllegalMoveError::MarbleNeedsOwnUnit(c("b2"))),
        ("d2", IllegalMoveError::MarbleNeedsOwnUnit(c("d2"))),
        ("d1", IllegalMoveError::MarbleNeedsOwnUnit(c("d1"))),
    ] {
        assert_eq!(p.check(c("c2"), c(to)), Err(err), "{to}");
    }
    play(&mut p, "Mc2-c1");
    assert_eq!(cell(&p, "c1"), "Ss", "a general");
    assert_eq!(cell(&p, "c2"), "S");
    assert_eq!(p.marble(Seat::South), Some(c("c1")));
}

// ---------------------------------------------------------------- R7, R8, R9

#[test]
fn r07_any_token_captures_an_opponents_marble() {
    let mut p = pos("
5 .  .  .  .  .
4 .  .  .  .  .
3 .  .  *  Nn N
2 W  .  .  S  .
1 .  Ww Ss .  .
  a  b  c  d  e
to move: South
in: South West North
");
    let mv = p.check(c("d2"), c("d3")).unwrap();
    assert_eq!(mv.kind, MoveKind::CaptureMarble);
    assert_eq!(mv.to_string(), "d2xd3");
    let undo = p.play(mv).unwrap();
    assert_eq!(undo.captured().map(|x| x.piece), Some(Piece::marble(Seat::North)));
    assert_eq!(cell(&p, "d3"), "NS", "the capturer sits on the token that carried the marble");
    assert_eq!(p.marble(Seat::North), None);
    assert!(!p.seats_in().contains(Seat::North), "a seat without its marble is out");
    assert_eq!(p.to_move(), Seat::West);
    assert_eq!(p.outcome(), None, "two marbles remain");
}

#[test]
fn r07_a_player_never_captures_their_own_marble() {
    let p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  .  .  .  .
2 .  .  S  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    assert_eq!(p.check(c("c2"), c("c1")), Err(IllegalMoveError::OwnMarble(c("c1"))));
}

#[test]
fn r07_a_token_from_a_tower_also_captures_a_marble() {
    let mut p = pos("
5 .  .  .  .  .
4 .  .  Nn .  .
3 .  .  SS .  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    play(&mut p, "c3xc4");
    assert_eq!(cell(&p, "c4"), "NS");
    assert_eq!(cell(&p, "c3"), "S");
    assert_eq!(p.outcome(), Some(Win { seat: Seat::South, reason: WinReason::LastMarble }));
}

#[test]
fn r08_only_a_token_from_a_tower_captures_a_token() {
    let p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  N  S  N  .
2 .  .  .  SS .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    // The unit on c3 stacks on b3; the tower top on d2 captures d3.
    assert_eq!(p.check(c("c3"), c("b3")).unwrap().kind, MoveKind::Stack);
    assert_eq!(p.check(c("d2"), c("d3")).unwrap().kind, MoveKind::CaptureToken);
    // R8 Decision: a capture is forced, the tower top cannot stack instead.
    let mut q = p.clone();
    let undo = play(&mut q, "d2-d3");
    assert_eq!(undo.mv().unwrap().to_string(), "d2xd3");
    assert_eq!(cell(&q, "d3"), "S");
    assert_eq!(cell(&q, "d2"), "S");
    // A tower top onto an own unit stacks.
    assert_eq!(p.check(c("d2"), c("c3")).unwrap().kind, MoveKind::Stack);
}

#[test]
fn r08_the_target_may_be_the_top_token_or_lie_under_the_movers_own_token() {
    let mut p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  NS SS SN .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    let mut q = p.clone();
    play(&mut q, "c3xb3");
    assert_eq!(cell(&q, "b3"), "SS", "the N token under S's own token is captured; a tower");
    play(&mut p, "c3xd3");
    assert_eq!(cell(&p, "d3"), "SS", "the N top token is captured; S sits on its own token");
}

#[test]
fn r08_the_target_never_lies_under_another_players_token() {
    let p = pos("
5 .  .  .  .  Nn
4 .  .  .  .  .
3 Ww .  SS WN .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South West North
");
    let mut q = p.clone();
    let undo = play(&mut q, "c3xd3");
    assert_eq!(undo.captured().unwrap().piece, Piece::token(Seat::North));
    assert_eq!(cell(&q, "d3"), "WS", "the W token stays, it was not the target");
}

#[test]
fn r08_an_own_tower_is_full_even_to_a_tower_top() {
    let p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  .  SS SS .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    assert_eq!(p.check(c("c3"), c("d3")), Err(IllegalMoveError::StackFull(c("d3"))));
}

#[test]
fn r09_captured_pieces_leave_the_game() {
    let mut p = pos("
5 .  .  Nn .  N
4 .  .  .  .  .
3 .  .  SS N  .
2 .  .  .  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    let count = |p: &Position, seat| {
        p.board().occupied().flat_map(|(_, f)| f.pieces()).filter(|x| x.seat == seat).count()
    };
    assert_eq!(count(&p, Seat::North), 4);
    play(&mut p, "c3xd3");
    assert_eq!(count(&p, Seat::North), 3);
    assert_eq!(count(&p, Seat::South), 4);
}
