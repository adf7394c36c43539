//! Coordinates at their edges, seat sets and stacks, checked against
//! values worked out by hand: the mutants cargo-mutants left alive in
//! `coord.rs` (the board's edges in `Coord::try_new`, the king's distance,
//! the count of cells, `Debug`), `seat.rs` (`SeatSet::is_empty`, its
//! `Debug`, `BySeat::iter`) and `stack.rs` (`Stack::len`, `Hash`,
//! `from_pieces`, `with_on_top`, `Debug`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use game_core::{BoardShape, BySeat, Coord, Seat, SeatSet, Stack, StackPiece};

fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

#[test]
fn try_new_takes_the_first_and_last_file_and_rank_and_nothing_beyond() {
    let shape = BoardShape::new(8, 7).unwrap();
    assert_eq!(Coord::try_new(0, 0, shape), Some(c("a1")));
    assert_eq!(Coord::try_new(7, 6, shape), Some(c("h7")));
    assert_eq!(Coord::try_new(0, 6, shape), Some(c("a7")));
    assert_eq!(Coord::try_new(7, 0, shape), Some(c("h1")));
    for (file, rank) in [(-1, 0), (0, -1), (8, 0), (0, 7), (8, 7), (-1, -1)] {
        assert_eq!(Coord::try_new(file, rank, shape), None, "({file}, {rank}) is off an 8 x 7 board");
    }
}

#[test]
fn distance_is_the_kings_number_of_steps() {
    // (from, to, steps): the longer of the file and rank differences.
    for (from, to, steps) in [
        ("a1", "a1", 0),
        ("a1", "b2", 1),
        ("a1", "d2", 3),
        ("b1", "a4", 3),
        ("e5", "a1", 4),
        ("a1", "k11", 10),
        ("c3", "c7", 4),
        ("c3", "g3", 4),
    ] {
        assert_eq!(c(from).distance(c(to)), steps, "{from} to {to}");
        assert_eq!(c(to).distance(c(from)), steps, "{to} to {from}");
    }
}

#[test]
fn a_board_has_files_times_ranks_cells() {
    for (files, ranks, cells) in [(8, 7, 56), (9, 9, 81), (5, 5, 25), (11, 11, 121)] {
        let shape = BoardShape::new(files, ranks).unwrap();
        assert_eq!(shape.cells(), cells);
        assert_eq!(shape.coords().count(), cells);
    }
}

#[test]
fn a_cell_debugs_as_its_name() {
    assert_eq!(format!("{:?}", c("e5")), "e5");
    assert_eq!(format!("{:?}", [c("a1"), c("k11")]), "[a1, k11]");
}

#[test]
fn r12_a_seat_set_is_empty_only_without_seats_and_debugs_as_its_seats() {
    assert!(SeatSet::EMPTY.is_empty());
    let two: SeatSet = [Seat::North, Seat::South].into_iter().collect();
    assert!(!two.is_empty());
    assert!(![Seat::East].into_iter().collect::<SeatSet>().is_empty());
    assert_eq!(format!("{two:?}"), "{South, North}", "in turn order");
    assert_eq!(format!("{:?}", SeatSet::EMPTY), "{}");
}

#[test]
fn by_seat_pairs_each_seat_with_its_value_in_turn_order() {
    let values = BySeat::from_fn(|seat| seat.index() * 10);
    let pairs: Vec<(Seat, usize)> = values.iter().map(|(seat, &v)| (seat, v)).collect();
    assert_eq!(pairs, [(Seat::South, 0), (Seat::West, 10), (Seat::North, 20), (Seat::East, 30)]);
}

/// A piece for stacks: its code is its number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece(u8);

impl StackPiece for Piece {
    fn code(self) -> u8 {
        self.0
    }
    fn from_code(code: u8) -> Piece {
        Piece(code)
    }
    fn write_text(self, out: &mut String) {
        out.push_str(&self.0.to_string());
    }
}

#[test]
fn r04_a4_a_stack_holds_none_one_or_two_pieces() {
    let empty = Stack::<Piece>::EMPTY;
    assert_eq!((empty.len(), empty.is_empty(), empty.is_pair()), (0, true, false));
    for code in [1, 7, 15] {
        let single = Stack::single(Piece(code));
        assert_eq!((single.len(), single.is_empty(), single.is_pair()), (1, false, false), "{code}");
        let pair = Stack::pair(Piece(code), Piece(16 - code));
        assert_eq!((pair.len(), pair.is_empty(), pair.is_pair()), (2, false, true), "{code}");
    }
}

#[test]
fn stacks_hash_as_their_contents() {
    let hash = |stack: Stack<Piece>| {
        let mut hasher = DefaultHasher::new();
        stack.hash(&mut hasher);
        hasher.finish()
    };
    let stacks = [
        Stack::EMPTY,
        Stack::single(Piece(1)),
        Stack::single(Piece(2)),
        Stack::pair(Piece(1), Piece(2)),
        Stack::pair(Piece(2), Piece(1)),
    ];
    for (i, a) in stacks.iter().enumerate() {
        assert_eq!(hash(*a), hash(Stack::from_pieces(&a.pieces().collect::<Vec<_>>()).unwrap()));
        for b in &stacks[i + 1..] {
            assert_ne!(hash(*a), hash(*b), "{:?} and {:?}", a.raw(), b.raw());
        }
    }
}

#[test]
fn r04_a4_a_piece_put_on_an_empty_cell_is_single_and_on_a_single_one_a_pair() {
    let empty = Stack::<Piece>::EMPTY;
    assert_eq!(Stack::from_pieces(&[]), Some(empty));
    assert_eq!(Stack::from_pieces(&[Piece(3)]), Some(Stack::single(Piece(3))));
    assert_eq!(Stack::from_pieces(&[Piece(3), Piece(4), Piece(5)]), None, "at most two pieces");
    let single = empty.with_on_top(Piece(3)).expect("room on an empty cell");
    assert_eq!(single, Stack::single(Piece(3)));
    let pair = single.with_on_top(Piece(4)).expect("room on a single piece");
    assert_eq!((pair.bottom(), pair.top()), (Some(Piece(3)), Some(Piece(4))));
    assert_eq!(pair.with_on_top(Piece(5)), None, "no third piece");
    assert_eq!(format!("{empty:?} {single:?} {pair:?}"), ". 3 34", "a stack debugs as its diagram text");
}
