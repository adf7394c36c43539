//! Coordinates at their edges, checked against values worked out by hand:
//! the mutants cargo-mutants left alive in `coord.rs` (the board's edges in
//! `Coord::try_new`, the king's distance, the count of cells, `Debug`).

use game_core::{BoardShape, Coord};

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
