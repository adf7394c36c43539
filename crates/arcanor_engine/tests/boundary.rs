//! The `Rules` hooks the shared core, the games crate and the computer read
//! (the outcome, A10 and A11; the Zobrist hash behind the repetition rule;
//! the seats), judged against the position's own answers. Written for the
//! mutants `cargo xtask mutants arcanor_engine` found alive.

mod common;

use arcanor_engine::{Arcanor, Game, Outcome, Position, Seat, Setup, Win, WinReason, diagram};
use common::{moves, play, pos};
use game_core::Rules;

/// The positions along a few seeded walks from the start, and two decided
/// ones (12 points, A10; no legal move, A11).
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in [1_usize, 5, 9] {
        let mut game = Game::from_setup(Setup::standard()).unwrap();
        for ply in 0..80 {
            out.push(game.position().clone());
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[(ply * 29 + seed * 13) % moves.len()]).unwrap();
        }
    }
    let mut twelve = pos(&diagram(&[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("h1", "N1")], "South"));
    play(&mut twelve, "4a6-a7");
    out.push(twelve);
    out.push(pos(&diagram(&[("d7", "S4"), ("a1", "N1")], "South")));
    out
}

#[test]
fn a10_a11_the_outcome_hook_is_the_positions_outcome() {
    let all = positions();
    for position in &all {
        assert_eq!(<Arcanor as Rules>::outcome(position), position.outcome(), "\n{position}");
    }
    let decided: Vec<_> = all.iter().filter_map(<Arcanor as Rules>::outcome).collect();
    let win = |seat, reason| Outcome::Win(Win { seat, reason });
    assert!(decided.contains(&win(Seat::South, WinReason::Points)), "{decided:?}");
    assert!(decided.contains(&win(Seat::North, WinReason::NoLegalMove)), "{decided:?}");
}

#[test]
fn a01_the_seats_hook_is_south_and_north() {
    for position in positions() {
        let seats = <Arcanor as Rules>::seats_in(&position);
        assert!(seats.contains(Seat::South) && seats.contains(Seat::North) && seats.len() == 2, "{seats:?}");
    }
}

#[test]
fn the_zobrist_hook_tells_positions_apart_and_matches_equal_ones() {
    let positions = positions();
    let mut hashes: Vec<u64> = positions.iter().map(<Arcanor as Rules>::zobrist).collect();
    for (position, &hash) in positions.iter().zip(&hashes) {
        assert_eq!(hash, position.hash_from_scratch(), "\n{position}");
        let again: Position = position.to_string().parse().unwrap();
        assert_eq!(<Arcanor as Rules>::zobrist(&again), hash, "equal positions hash alike\n{position}");
    }
    hashes.sort_unstable();
    hashes.dedup();
    assert!(
        hashes.len() > positions.len() * 9 / 10,
        "{} hashes for {} positions",
        hashes.len(),
        positions.len()
    );
}

#[test]
fn positions_are_equal_when_their_grid_and_seat_to_move_are() {
    let start: Position = Game::from_setup(Setup::standard()).unwrap().position().clone();
    let same: Position = start.to_string().parse().unwrap();
    assert_eq!(start, same);
    let mut moved = start.clone();
    play(&mut moved, &moves(&start)[0]);
    assert_ne!(start, moved, "another grid");
    // The same grid with North to move.
    let north: Position = start.to_string().replace("to move: South", "to move: North").parse().unwrap();
    assert_ne!(start, north, "another seat to move");
}

#[test]
fn a09_a_ply_reports_the_points_it_scored() {
    let mut p =
        pos(&diagram(&[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("d4", "S2"), ("h4", "N2")], "South"));
    let quiet = play(&mut p, "2d4-d5");
    assert_eq!(quiet.scored(&p), [0, 0]);
    play(&mut p, "2h4-h5");
    let scoring = play(&mut p, "4a6-a7");
    assert_eq!(scoring.scored(&p), [4, 0], "4 points for South's 4 arriving on a7 (A9)");
}

#[test]
fn a04_a_duo_named_with_the_wrong_inner_piece_is_refused() {
    // South's duo on b2: a 1 over a 2 (written bottom first).
    let p = pos(&diagram(&[("b2", "S2S1"), ("h7", "N1")], "South"));
    assert!(p.resolve("12b2-b3".parse().unwrap()).is_ok());
    for wrong in ["14b2-b3", "32b2-b3"] {
        assert!(p.resolve(wrong.parse().unwrap()).is_err(), "{wrong} names other pieces than the duo's");
    }
}

#[test]
fn a12_the_history_holds_every_state_of_the_game() {
    let mut p = Game::from_setup(Setup::standard()).unwrap().position().clone();
    let at_start = p.history().len();
    assert!(at_start >= 1, "the start is a state of the game");
    for _ in 0..2 {
        let first = moves(&p)[0].clone();
        play(&mut p, &first);
    }
    assert_eq!(p.history().len(), at_start + 2);
}
