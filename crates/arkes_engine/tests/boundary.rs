//! What the engine offers the shared core, the computer and the app beside
//! the move list, judged against the move list itself: `is_legal` (R3–R10),
//! `Move::is_capture` and the ply's reported capture (R7, R8), and the
//! `Rules` hooks the shared core reads (the seats still in, R12; the
//! Zobrist hash behind the repetition rule, R13). These checks were
//! written for the mutants `cargo xtask mutants arkes_engine` found alive.

mod common;

use arkes_engine::{Arkes, Coord, Game, Move, Piece, PlyEffects, Position, Seat, Setup};
use game_core::Rules;

/// The positions along a few seeded walks of the first legal move at a
/// varying index, for 2 and 4 players.
fn walk_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (players, seed) in [(2, 1_usize), (2, 7), (4, 3)] {
        let mut game = Game::from_setup(Setup::standard(players, 9).unwrap()).unwrap();
        for ply in 0..60 {
            out.push(game.position().clone());
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = moves[(ply * 31 + seed * 17) % moves.len()];
            game.play(mv).unwrap();
        }
    }
    out
}

#[test]
fn r03_is_legal_agrees_with_the_legal_moves_from_every_cell_to_every_neighbour() {
    for position in walk_positions() {
        let legal = position.legal_moves();
        let side = position.board().side();
        for file in 0..side {
            for rank in 0..side {
                let from = Coord::new(file, rank);
                for (df, dr) in arkes_engine::DIRECTIONS {
                    let (f, r) = (i16::from(file) + i16::from(df), i16::from(rank) + i16::from(dr));
                    if !(0..i16::from(side)).contains(&f) || !(0..i16::from(side)).contains(&r) {
                        continue;
                    }
                    let to = Coord::new(f as u8, r as u8);
                    let listed = legal.iter().find(|m| m.from == from && m.to == to);
                    let checked = position.check(from, to).ok();
                    assert_eq!(checked, listed.copied(), "{from}-{to} in\n{position}");
                    if let Some(&mv) = listed {
                        assert!(position.is_legal(mv), "{mv} is listed but not legal in\n{position}");
                    } else if let Some(&other) = legal.first() {
                        // A move the list lacks, named with a listed move's kind.
                        let named = Move { from, to, ..other };
                        assert!(
                            !position.is_legal(named),
                            "{from}-{to} is legal but not listed in\n{position}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn r07_a_capture_is_a_capture_and_its_ply_reports_the_piece_taken() {
    // South's token on d3 takes North's marble on d4 (R7).
    let text = "
5 .  .  .  N  N
4 .  .  .  Nn .
3 .  .  *  S  .
2 .  .  .  .  .
1 Ss S  .  .  S
  a  b  c  d  e
to move: South
in: South North
";
    let position: Position = text.parse().unwrap();
    let take = position.parse_move("d3xd4").unwrap();
    assert!(take.is_capture(), "{take}");
    for quiet in ["d3-c3", "b1-b2"] {
        let quiet = position.parse_move(quiet).unwrap();
        assert!(!quiet.is_capture(), "{quiet}");
    }
    let mut game = Game::new(position.to_setup(), arkes_engine::Limits::default()).unwrap();
    let report = game.play(position.parse_move("b1-b2").unwrap()).unwrap();
    assert_eq!(report.captured(), None);
    let mut game = Game::new(position.to_setup(), arkes_engine::Limits::default()).unwrap();
    let report = game.play(take).unwrap();
    assert!(report.captured().is_some(), "the capture of d3xd4 is not reported");
}

#[test]
fn r12_the_rules_hook_lists_the_seats_still_in() {
    for position in walk_positions() {
        assert_eq!(<Arkes as Rules>::seats_in(&position), position.seats_in());
        assert!(<Arkes as Rules>::seats_in(&position).contains(Seat::South) || position.seats_in().len() < 2);
    }
    let four = Game::from_setup(Setup::standard(4, 9).unwrap()).unwrap();
    assert_eq!(<Arkes as Rules>::seats_in(four.position()).len(), 4);
}

#[test]
fn r13_the_zobrist_hook_tells_positions_apart_and_matches_equal_ones() {
    let positions = walk_positions();
    let mut hashes: Vec<u64> = positions.iter().map(<Arkes as Rules>::zobrist).collect();
    for (position, &hash) in positions.iter().zip(&hashes) {
        assert_eq!(hash, position.hash_from_scratch(), "the hook's hash is the position's\n{position}");
        let again: Position = position.to_string().parse().unwrap();
        assert_eq!(<Arkes as Rules>::zobrist(&again), hash, "equal positions hash alike\n{position}");
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

/// The shared core's undo and redo stacks as `Game::can_undo` and
/// `can_redo` report them (mutants of `game_core` left these alive: no
/// test read them), judged by what `undo` and `redo` then do.
#[test]
fn r10_can_undo_and_can_redo_say_whether_undo_and_redo_will_act() {
    let mut game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    assert!(!game.can_undo() && !game.can_redo(), "a new game has nothing to take back or replay");
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    assert!(game.can_undo() && !game.can_redo());
    assert!(game.undo());
    assert!(!game.can_undo() && game.can_redo());
    assert!(!game.undo(), "can_undo said no, and undo does nothing");
    assert!(game.redo().is_some());
    assert!(game.can_undo() && !game.can_redo());
    assert!(game.redo().is_none(), "can_redo said no, and redo does nothing");
}

/// R15: without clocks `tick` never charges time nor times a seat out.
/// (The mutant of `Game::tick`'s guard, `||` made `&&`, survives this: a
/// time-out ply is refused without clocks further on, so it is
/// equivalent.)
#[test]
fn r15_without_clocks_tick_charges_nothing_and_never_times_out() {
    let mut game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    assert!(game.limits().clock.is_none());
    // Without clocks the engine keeps no time at all: even the longest
    // possible tick times nobody out.
    for ms in [3_600_000, u64::MAX, u64::MAX] {
        assert!(game.tick(ms).is_none(), "a tick of {ms} ms");
    }
    assert!(game.plies().is_empty());
    assert!(game.outcome().is_none());
    assert_eq!(game.clock_ms(Seat::South), None);
    assert!(!game.capture_this_round(), "nothing was captured in the first round");
}

/// The board's debugging diagram (`{:?}`), read back cell by cell and
/// judged by the board's own cells: each cell's pieces bottom first by
/// their letters (R4), `.` for an empty cell but `*` for the
/// empty golden cell (R1), ranks top to bottom, files a… at the foot.
#[test]
fn r01_the_board_diagram_shows_every_cell_and_the_empty_golden_cell() {
    let mut checked_golden = 0;
    for position in walk_positions().into_iter().step_by(7) {
        let board = position.board();
        let text = format!("{board:?}");
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let side = usize::from(board.side());
        assert_eq!(lines.len(), side + 1, "one line per rank and the files' line:\n{text}");
        let files: Vec<&str> = lines[side].split_whitespace().collect();
        let expected: Vec<String> = (0..side).map(|f| char::from(b'a' + f as u8).to_string()).collect();
        assert_eq!(files, expected, "{text}");
        for (row, line) in lines[..side].iter().enumerate() {
            let rank = side - 1 - row;
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields[0], (rank + 1).to_string(), "rank number first:\n{text}");
            // Cells are three characters wide.
            let cells: Vec<String> = (0..side)
                .map(|file| {
                    let start = fields[0].len() + 1 + 3 * file;
                    line.get(start..(start + 2).min(line.len())).unwrap_or("").trim().to_owned()
                })
                .collect();
            for (file, cell) in cells.iter().enumerate() {
                let coord = Coord::new(file as u8, rank as u8);
                let formation = board.get(coord);
                let mut letters: String = formation.pieces().map(|p| p.letter()).collect();
                if letters.is_empty() && coord == board.golden_cell() {
                    checked_golden += 1;
                    assert_eq!(cell, "*", "the empty golden cell at {coord}:\n{text}");
                } else {
                    if letters.is_empty() {
                        letters.push('.');
                    }
                    assert_eq!(*cell, letters, "cell {coord}:\n{text}");
                }
            }
        }
    }
    assert!(checked_golden > 0, "no empty golden cell was drawn");
}

/// A piece reads as its seat and kind in messages, and as its letter
/// (the seat's initial, lower case for a marble) in debugging output.
#[test]
fn r01_a_piece_names_its_seat_and_kind() {
    for seat in [Seat::South, Seat::West, Seat::North, Seat::East] {
        assert_eq!(Piece::token(seat).to_string(), format!("{seat} token"));
        assert_eq!(Piece::marble(seat).to_string(), format!("{seat} marble"));
        let initial = seat.to_string().chars().next().unwrap();
        assert_eq!(format!("{:?}", Piece::token(seat)), initial.to_string());
        assert_eq!(format!("{:?}", Piece::marble(seat)), initial.to_ascii_lowercase().to_string());
    }
}

/// Positions are equal when board, seat to move and seats still in are
/// (R10 compares them so): two plies that leave the same seat to move but
/// another board make another position; the state history tells them
/// apart too.
#[test]
fn r10_positions_with_other_boards_differ_and_keep_their_history() {
    let start = Position::standard(2, 9).unwrap();
    let mut game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
    game.play_text("b1-b2").unwrap();
    game.play_text("b9-b8").unwrap();
    let after = game.position().clone();
    assert_eq!(after.to_move(), start.to_move());
    assert_eq!(after.seats_in(), start.seats_in());
    assert_ne!(after, start, "another board is another position");
    assert_eq!(after, after.clone());
    assert_ne!(after.history(), start.history(), "two more states occurred");
    assert_eq!(after.history(), game.position().history());
}

/// The texts a person reads: why a game was won (naming the rule), and a
/// position in debugging output (its text, on a line of its own).
#[test]
fn r11_r14_win_reasons_name_their_rule_and_a_position_debugs_as_its_text() {
    use arkes_engine::WinReason;
    assert!(WinReason::GoldenCell.to_string().contains("golden cell (R11)"));
    assert!(WinReason::LastMarble.to_string().contains("last marble standing (R14)"));
    let position = Position::standard(3, 7).unwrap();
    assert_eq!(format!("{position:?}"), format!("\n{position}"));
    assert!(format!("{position:?}").len() > 50);
}

/// The diagram's line of file letters is read once: a second one, or a
/// line of other words where it would be, is refused.
#[test]
fn r01_a_diagram_takes_one_line_of_file_letters() {
    let good = Position::standard(2, 5).unwrap().to_string();
    assert!(good.parse::<Position>().is_ok());
    let legend =
        good.lines().find(|l| l.split_whitespace().next() == Some("a")).expect("the files' line").to_owned();
    let doubled = good.replacen(&legend, &format!("{legend}\n{legend}"), 1);
    assert!(doubled.parse::<Position>().is_err(), "two lines of file letters:\n{doubled}");
    let wrong = good.replacen(&legend, "  a  b  x  d  e", 1);
    assert!(wrong.parse::<Position>().is_err(), "a line of other letters:\n{wrong}");
}
