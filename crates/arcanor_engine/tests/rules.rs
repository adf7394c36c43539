//! One or more tests per rule of ARCANOR.md, named after it, written as
//! diagrams: the board, the pieces, moves and eating (A1–A7; A8–A12 and
//! the worked examples: `rules_outcomes.rs`).

mod common;

use arcanor_engine::diagram;
use arcanor_engine::{FILES, IllegalMoveError, Position, RANKS, Seat, Setup, SetupError, Value, perft};
use common::{c, cell, moves, moves_from, play, pos, v};

// ---------------------------------------------------------------- A1, A2, A3

#[test]
fn a01_the_board_is_8_files_by_7_ranks_and_south_starts() {
    assert_eq!((FILES, RANKS), (8, 7));
    let p = Position::standard();
    assert_eq!(p.to_move(), Seat::South);
    assert_eq!(p.resolve("1b1-b8".parse().unwrap()), Err(IllegalMoveError::OffBoard(c("b8"))));
    assert_eq!(p.resolve("12b1-i1".parse().unwrap()), Err(IllegalMoveError::OffBoard(c("i1"))));
    let rematch = Position::from_setup(&Setup::standard_with(Seat::North)).unwrap();
    assert_eq!(rematch.to_move(), Seat::North);
    assert_eq!(rematch.grid(), p.grid());
}

#[test]
fn a01_turns_alternate() {
    let mut p = Position::standard();
    play(&mut p, "1b1-b2");
    assert_eq!(p.to_move(), Seat::North);
    play(&mut p, "12b7-b6");
    assert_eq!(p.to_move(), Seat::South);
}

#[test]
fn a01_only_south_and_north_play() {
    let mut setup = Setup::standard();
    setup.to_move = Seat::West;
    assert_eq!(Position::from_setup(&setup), Err(SetupError::NotASeat(Seat::West)));
    assert!(diagram(&[("a1", "W1")], "South").parse::<Position>().is_err());
    assert!(diagram(&[], "East").parse::<Position>().is_err());
}

#[test]
fn a02_three_pieces_of_each_value_and_a_piece_covers_the_next_value() {
    let p = Position::standard();
    for seat in [Seat::South, Seat::North] {
        for value in Value::ALL {
            let n = p
                .occupied()
                .flat_map(|(_, f)| f.pieces())
                .filter(|x| x.seat == seat && x.value == value)
                .count();
            assert_eq!(n, 3, "{seat} has three {value}s");
        }
    }
    let too_many = diagram(&[("a1", "S4"), ("a2", "S4"), ("a3", "S4"), ("a4", "S4")], "South");
    assert_eq!(
        too_many.parse::<Position>().map(|_| ()),
        Err(SetupError::TooManyOfValue { seat: Seat::South, value: v(4), count: 4 }.into())
    );
    for (bad, inner, top) in [("S3S1", "S3", "S1"), ("S1S2", "S1", "S2"), ("N2N2", "N2", "N2")] {
        assert_eq!(
            diagram(&[("d4", bad)], "South").parse::<Position>().map(|_| ()),
            Err(SetupError::BadNesting {
                cell: c("d4"),
                inner: inner.parse().unwrap(),
                top: top.parse().unwrap()
            }
            .into())
        );
    }
    assert!(diagram(&[("d4", "N3S2")], "South").parse::<Position>().is_ok(), "a 2 covers a 3");
}

#[test]
fn a03_the_start_is_six_duos_on_each_home_row() {
    let p = Position::standard();
    for (name, duo) in
        [("b1", "S2S1"), ("c1", "S4S3"), ("d1", "S2S1"), ("e1", "S4S3"), ("f1", "S2S1"), ("g1", "S4S3")]
    {
        assert_eq!(cell(&p, name), duo, "{name}");
        let north = name.replace('1', "7");
        assert_eq!(cell(&p, &north), duo.replace('S', "N"), "{north}");
    }
    for name in ["a1", "h1", "a7", "h7", "d4"] {
        assert_eq!(cell(&p, name), ".");
    }
    assert_eq!(p.occupied().count(), 12);
}

#[test]
fn a03_south_has_40_moves_and_perft_2_3_are_1600_66240() {
    let mut p = Position::standard();
    assert_eq!(p.legal_moves().len(), 40);
    assert_eq!(perft(&mut p, 2), 1_600);
    assert_eq!(perft(&mut p, 3), 66_240);
}

// ---------------------------------------------------------------- A4

#[test]
fn a04_never_more_than_two_pieces_in_a_cell() {
    let p = pos(&diagram(&[("d4", "S2"), ("d5", "N4N3")], "South"));
    assert_eq!(p.resolve("2d4-d5".parse().unwrap()), Err(IllegalMoveError::OntoDuo(c("d5"))));
    assert!(moves_from(&p, "d4").iter().all(|m| !m.ends_with("d5")));
    assert_eq!(
        diagram(&[("d4", "S4S3S2")], "South").parse::<Position>().map(|_| ()),
        Err(SetupError::TooManyPieces { cell: c("d4"), count: 3 }.into())
    );
}

// ---------------------------------------------------------------- A5

#[test]
fn a05_a_duo_moves_whole_or_its_top_piece_alone_one_step_in_8_directions() {
    let p = pos(&diagram(&[("d4", "S2S1"), ("h7", "N4")], "South"));
    let whole: Vec<String> =
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"].iter().map(|t| format!("12d4-{t}")).collect();
    let top: Vec<String> =
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"].iter().map(|t| format!("1d4-{t}")).collect();
    let mut expected: Vec<String> = whole.into_iter().chain(top).collect();
    expected.sort();
    assert_eq!(moves_from(&p, "d4"), expected);
}

#[test]
fn a05_the_top_piece_alone_frees_the_inner_one() {
    let mut p = Position::standard();
    let undo = play(&mut p, "1b1-b2");
    assert_eq!(cell(&p, "b1"), "S2");
    assert_eq!(cell(&p, "b2"), "S1");
    assert_eq!(undo.freed().map(|x| x.to_string()), Some("S2".into()));
    // The freed piece moves on its own now.
    play(&mut p, "12b7-b6");
    assert!(moves_from(&p, "b1").contains(&"2b1-a2".to_owned()));
}

#[test]
fn a05_a_freed_prisoner_is_active_again_for_its_owner() {
    let mut p = pos(&diagram(&[("d4", "N4S3"), ("a7", "N1")], "South"));
    play(&mut p, "3d4-e4");
    assert_eq!(cell(&p, "d4"), "N4");
    assert!(moves_from(&p, "d4").contains(&"4d4-d3".to_owned()), "North moves its freed 4");
}

#[test]
fn a05_a_whole_duo_carries_its_prisoner_whoever_owns_it() {
    let mut p = pos(&diagram(&[("d4", "N4S3"), ("a7", "N1")], "South"));
    play(&mut p, "34d4-d5");
    assert_eq!(cell(&p, "d4"), ".");
    assert_eq!(cell(&p, "d5"), "N4S3");
}

#[test]
fn a05_only_your_own_top_piece_moves_and_a_duo_needs_saying_which_part() {
    let p = Position::standard();
    assert_eq!(
        p.resolve("12b7-b6".parse().unwrap()),
        Err(IllegalMoveError::NotYourPiece { from: c("b7"), owner: Seat::North, to_move: Seat::South })
    );
    assert_eq!(p.resolve("a1-a2".parse().unwrap()), Err(IllegalMoveError::EmptyCell(c("a1"))));
    assert_eq!(
        p.resolve("b1-b2".parse().unwrap()),
        Err(IllegalMoveError::WhichPart { cell: c("b1"), whole: "12".into(), top: v(1) })
    );
    assert_eq!(
        p.resolve("34b1-b2".parse().unwrap()),
        Err(IllegalMoveError::WrongPieces { cell: c("b1"), holds: "12".into(), written: "34".into() })
    );
    assert_eq!(
        p.resolve("2b1-b2".parse().unwrap()),
        Err(IllegalMoveError::WrongPieces { cell: c("b1"), holds: "12".into(), written: "2".into() })
    );
    assert_eq!(
        p.resolve("12b1-b3".parse().unwrap()),
        Err(IllegalMoveError::NotAdjacent { from: c("b1"), to: c("b3") })
    );
}

#[test]
fn a05_the_values_may_be_left_out_for_a_lone_piece_and_dash_or_x_may_be_wrong() {
    let p = pos(&diagram(&[("c4", "S3"), ("d5", "N4"), ("a7", "N1")], "South"));
    let eat = p.parse_move("3c4xd5").unwrap();
    for text in ["c4xd5", "c4-d5", "3c4-d5", "c4d5"] {
        assert_eq!(p.parse_move(text), Ok(eat), "{text}");
    }
    assert_eq!(eat.to_string(), "3c4xd5");
    let step = p.parse_move("c4xc5").unwrap();
    assert_eq!(step.to_string(), "3c4-c5");
}

#[test]
fn a05_passing_is_not_possible_every_move_changes_the_grid() {
    let mut p = Position::standard();
    for i in 0..30 {
        let list = p.legal_moves();
        assert!(!list.is_empty());
        for &mv in &list {
            let mut q = p.clone();
            q.play(mv).unwrap();
            assert_ne!(q.grid(), p.grid(), "{mv} changes nothing");
        }
        p.play(list[(i * 7) % list.len()]).unwrap();
    }
}

// ---------------------------------------------------------------- A6, A7

#[test]
fn a06_a_single_piece_eats_a_lone_opponents_piece_of_value_one_more() {
    let mut p =
        pos(&diagram(&[("c4", "S3"), ("d5", "N4"), ("b5", "N2"), ("c5", "N3"), ("a7", "N1")], "South"));
    assert_eq!(moves_from(&p, "c4").iter().filter(|m| m.contains('x')).collect::<Vec<_>>(), ["3c4xd5"]);
    assert_eq!(
        p.resolve("3c4xc5".parse().unwrap()),
        Err(IllegalMoveError::WrongValue { cell: c("c5"), mover: v(3), eats: "4".into(), target: v(3) })
    );
    assert_eq!(
        p.resolve("3c4xb5".parse().unwrap()),
        Err(IllegalMoveError::WrongValue { cell: c("b5"), mover: v(3), eats: "4".into(), target: v(2) })
    );
    let undo = play(&mut p, "3c4xd5");
    assert_eq!(undo.eaten().map(|x| x.to_string()), Some("N4".into()));
    assert_eq!(cell(&p, "d5"), "N4S3");
}

#[test]
fn a06_a_duo_never_eats() {
    let p = pos(&diagram(&[("b2", "S2S1"), ("b3", "N2"), ("a7", "N1")], "South"));
    assert_eq!(p.resolve("12b2xb3".parse().unwrap()), Err(IllegalMoveError::DuoNeverEats(c("b3"))));
    assert_eq!(p.resolve("12b2-b3".parse().unwrap()), Err(IllegalMoveError::DuoNeverEats(c("b3"))));
    assert!(p.parse_move("1b2xb3").is_ok());
    let q = pos(&diagram(&[("b2", "S2S1"), ("b3", "N4"), ("a7", "N1")], "South"));
    assert_eq!(q.resolve("12b2-b3".parse().unwrap()), Err(IllegalMoveError::DuoNeedsEmptyCell(c("b3"))));
}

#[test]
fn a06_a_4_fears_nothing_from_a_2_and_nothing_eats_a_1() {
    let p = pos(&diagram(&[("d4", "N2"), ("d5", "S4"), ("e5", "S1"), ("e4", "N4"), ("a7", "N3")], "North"));
    assert_eq!(
        p.resolve("2d4xd5".parse().unwrap()),
        Err(IllegalMoveError::WrongValue { cell: c("d5"), mover: v(2), eats: "3".into(), target: v(4) })
    );
    assert_eq!(
        p.resolve("2d4xe5".parse().unwrap()),
        Err(IllegalMoveError::WrongValue { cell: c("e5"), mover: v(2), eats: "3".into(), target: v(1) })
    );
    assert_eq!(
        p.resolve("4e4xe5".parse().unwrap()),
        Err(IllegalMoveError::WrongValue {
            cell: c("e5"),
            mover: v(4),
            eats: "nothing".into(),
            target: v(1)
        })
    );
    assert!(moves(&p).iter().all(|m| !m.contains('x')), "{:?}", moves(&p));
}

#[test]
fn a06_nothing_moves_onto_ones_own_piece() {
    let p = pos(&diagram(&[("d4", "S1"), ("d5", "S2"), ("a7", "N1")], "South"));
    assert_eq!(p.resolve("1d4xd5".parse().unwrap()), Err(IllegalMoveError::OwnPiece(c("d5"))));
    assert!(!moves_from(&p, "d4").iter().any(|m| m.ends_with("d5")));
}

#[test]
fn a07_an_eaten_piece_stays_as_a_prisoner_and_cannot_move() {
    let mut p = pos(&diagram(&[("c4", "S3"), ("d5", "N4"), ("a7", "N1")], "South"));
    play(&mut p, "3c4xd5");
    assert_eq!(p.occupied().flat_map(|(_, f)| f.pieces()).count(), 3, "the prisoner stays on the board");
    assert!(moves(&p).iter().all(|m| !m.contains("d5")), "North cannot move its prisoner");
    assert_eq!(
        p.resolve("4d5-d6".parse().unwrap()),
        Err(IllegalMoveError::NotYourPiece { from: c("d5"), owner: Seat::South, to_move: Seat::North })
    );
}

#[test]
fn a07_a_separated_duo_is_never_rebuilt() {
    // After 1b1-b2, the 1 stands next to its old 2: it cannot cover it again.
    let mut p = Position::standard();
    play(&mut p, "1b1-b2");
    play(&mut p, "12b7-a6");
    assert_eq!(p.resolve("1b2xb1".parse().unwrap()), Err(IllegalMoveError::OwnPiece(c("b1"))));
}
