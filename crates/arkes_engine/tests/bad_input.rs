//! Bad input gets a clear error and never a panic: every `SetupError`, every
//! `IllegalMoveError`, malformed positions and moves, corrupt save files.

mod common;

use arkes_engine::{
    Game, IllegalMoveError, LoadError, MoveError, ParsePositionError, ParseSetupError, Piece, Placement,
    Position, Seat, Setup, SetupError,
};
use common::{c, pos};

fn with(cells: &[(&str, &str)], seats: &[Seat], to_move: Seat) -> Setup {
    Setup {
        side: 5,
        seats: seats.to_vec(),
        to_move,
        cells: cells
            .iter()
            .map(|(cell, pieces)| Placement {
                cell: c(cell),
                pieces: pieces.chars().map(|ch| Piece::from_letter(ch).unwrap()).collect(),
            })
            .collect(),
    }
}

const SN: &[Seat] = &[Seat::South, Seat::North];

#[test]
fn every_setup_error_is_reported() {
    use Seat::*;
    let ok = [("c1", "Ss"), ("c5", "Nn")];
    let cases: Vec<(Setup, SetupError)> = vec![
        (Setup { side: 13, ..with(&ok, SN, South) }, SetupError::SideOutOfRange(13)),
        (Setup { side: 6, ..with(&ok, SN, South) }, SetupError::EvenSide(6)),
        (with(&ok, &[], South), SetupError::NoSeats),
        (with(&ok, &[South, South, North], South), SetupError::DuplicateSeat(South)),
        (with(&ok, &[North, South], South), SetupError::SeatsOutOfOrder(vec![North, South])),
        (with(&ok, SN, West), SetupError::ToMoveNotInGame(West)),
        (
            with(&[("c1", "Ss"), ("c5", "Nn"), ("f1", "S")], SN, South),
            SetupError::CellOffBoard { cell: c("f1"), side: 5 },
        ),
        (with(&[("c1", "Ss"), ("c5", "Nn"), ("c1", "S")], SN, South), SetupError::DuplicateCell(c("c1"))),
        (
            with(&[("c1", "Ss"), ("c5", "Nn"), ("a1", "SSS")], SN, South),
            SetupError::TooManyPieces { cell: c("a1"), count: 3 },
        ),
        (
            with(&[("c1", "s"), ("c5", "Nn")], SN, South),
            SetupError::MarbleOnEmptyCell { cell: c("c1"), seat: South },
        ),
        (
            with(&[("c1", "sS"), ("c5", "Nn")], SN, South),
            SetupError::MarbleUnderPiece { cell: c("c1"), seat: South },
        ),
        (
            with(&[("c1", "Ns"), ("c5", "Nn")], SN, South),
            SetupError::MarbleOnForeignToken { cell: c("c1"), marble: South, token: North },
        ),
        (
            with(&[("c1", "Ss"), ("d1", "Ss"), ("c5", "Nn")], SN, South),
            SetupError::TwoMarbles { seat: South, first: c("c1"), second: c("d1") },
        ),
        (with(&[("c1", "S"), ("c5", "Nn")], SN, South), SetupError::MissingMarble(South)),
        (
            with(&[("c1", "Ss"), ("c5", "Nn"), ("a3", "Ww")], SN, South),
            SetupError::MarbleOfSeatOut { seat: West, cell: c("a3") },
        ),
    ];
    for (setup, error) in cases {
        assert_eq!(Position::from_setup(&setup), Err(error.clone()), "{setup:?}");
        assert!(!error.to_string().is_empty());
    }
    assert_eq!(Setup::standard(7, 9), Err(SetupError::PlayerCount(7)));
}

#[test]
fn setup_errors_from_the_text_format() {
    let text = "
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  .  *  .  .
2 .  .  .  .  .
1 .  .  S  .  s
  a  b  c  d  e
to move: South
in: South North
";
    assert_eq!(
        text.parse::<Position>(),
        Err(ParsePositionError::Setup(SetupError::MarbleOnEmptyCell { cell: c("e1"), seat: Seat::South }))
    );
    let eight = (1..=8).rev().map(|r| format!("{r} {}\n", ". ".repeat(8))).collect::<String>();
    assert_eq!(
        format!("{eight}to move: S\nin: S N").parse::<Position>(),
        Err(ParsePositionError::Setup(SetupError::EvenSide(8)))
    );
}

#[test]
fn malformed_position_texts_are_parse_errors() {
    let good = Position::standard(2, 5).unwrap().to_string();
    assert!(good.parse::<Position>().is_ok());
    let cases: Vec<(String, fn(&ParseSetupError) -> bool)> = vec![
        (String::new(), |e| matches!(e, ParseSetupError::NoDiagram)),
        ("to move: S\nin: S N".into(), |e| matches!(e, ParseSetupError::NoDiagram)),
        (good.replace("to move: South\n", ""), |e| matches!(e, ParseSetupError::MissingToMove)),
        (good.replace("in: South North\n", ""), |e| matches!(e, ParseSetupError::MissingSeatsIn)),
        (good.replace("to move: South", "to move: Middle"), |e| matches!(e, ParseSetupError::BadSeat { .. })),
        (good.replace("in: South North", "in: South Nord"), |e| matches!(e, ParseSetupError::BadSeat { .. })),
        (good.replace("Ss", "Sx"), |e| matches!(e, ParseSetupError::BadCell { .. })),
        (good.replace("\n4 ", "\n7 "), |e| matches!(e, ParseSetupError::RankOutOfOrder { .. })),
        (good.replace("3 .  .  *", "3 .  *"), |e| matches!(e, ParseSetupError::RowLength { .. })),
        (good.lines().filter(|l| !l.starts_with("1 ")).collect::<Vec<_>>().join("\n"), |e| {
            matches!(e, ParseSetupError::MissingRanks { .. })
        }),
        (format!("12 {}\n", ". ".repeat(12)), |e| matches!(e, ParseSetupError::TooWide { .. })),
        (format!("{good}\nhello"), |e| matches!(e, ParseSetupError::UnexpectedLine { .. })),
    ];
    for (text, is_expected) in cases {
        match text.parse::<Position>() {
            Err(ParsePositionError::Text(e)) => {
                assert!(is_expected(&e), "unexpected error {e:?} for\n{text}");
                assert!(!e.to_string().is_empty());
            }
            other => panic!("expected a parse error for\n{text}\ngot {other:?}"),
        }
    }
}

#[test]
fn hostile_position_texts_never_panic() {
    let good = Position::standard(3, 7).unwrap().to_string();
    let mut rng = 0x1234_5678_u64;
    for _ in 0..2000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut bytes = good.as_bytes().to_vec();
        let n = (rng % 5) as usize + 1;
        for k in 0..n {
            if bytes.is_empty() {
                break;
            }
            let at = ((rng >> (k * 8)) as usize) % bytes.len();
            match (rng >> 40) % 3 {
                0 => bytes[at] = (rng >> (k * 3)) as u8,
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.truncate(at),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<Position>();
        let _ = text.parse::<Setup>();
    }
    for text in ["\u{0}", "9", "0 .", "99999999999999999999 .", "1 Ss", "1 é", "in:", "to move:"] {
        let _ = text.parse::<Position>();
    }
}

#[test]
fn every_illegal_move_error_names_its_rule() {
    let p = pos("
5 .  .  Nn .  .
4 .  .  .  .  .
3 .  NS SS SS .
2 .  .  S  .  .
1 .  .  Ss .  .
  a  b  c  d  e
to move: South
in: South North
");
    let cases = [
        ("a1", "f6", IllegalMoveError::OffBoard(c("f6"))),
        ("c2", "c4", IllegalMoveError::NotAdjacent { from: c("c2"), to: c("c4") }),
        ("a1", "a2", IllegalMoveError::EmptyCell(c("a1"))),
        (
            "c5",
            "c4",
            IllegalMoveError::NotYourPiece { from: c("c5"), owner: Seat::North, to_move: Seat::South },
        ),
        ("c3", "d3", IllegalMoveError::StackFull(c("d3"))),
        ("c1", "b1", IllegalMoveError::MarbleNeedsOwnUnit(c("b1"))),
        ("c2", "c1", IllegalMoveError::OwnMarble(c("c1"))),
    ];
    for (from, to, error) in cases {
        assert_eq!(p.check(c(from), c(to)), Err(error.clone()));
        let message = error.to_string();
        assert!(message.starts_with('R'), "{message}");
    }
    // GameOver and Repetition are exercised in tests/rules.rs (R11, R10).
    assert!(IllegalMoveError::Repetition.to_string().starts_with("R10"));
    assert_eq!(
        p.parse_move("c2-c4x"),
        Err(MoveError::Parse(arkes_engine::ParseMoveError {
            text: "c2-c4x".into(),
            reason: "the second cell is not a cell like e2"
        }))
    );
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut game = Game::standard(2, 9).unwrap();
    let before = game.to_json();
    assert!(game.play_text("e1-e2").is_err());
    assert!(game.play_text("b1-b3").is_err());
    assert!(game.play_text("nonsense").is_err());
    assert_eq!(game.to_json(), before);
    let mut p = Position::standard(2, 9).unwrap();
    let mv = p.legal_moves()[0];
    let illegal = arkes_engine::Move { from: c("e1"), to: c("e2"), kind: mv.kind };
    assert!(p.play(illegal).is_err());
    assert_eq!(p, Position::standard(2, 9).unwrap());
}

fn saved_game() -> String {
    let mut game = Game::standard(2, 9).unwrap();
    for m in ["b1-b2", "b9-b8", "c1-c2"] {
        game.play_text(m).unwrap();
    }
    game.to_json()
}

#[test]
fn corrupt_save_files_are_clear_errors() {
    let good = saved_game();
    assert!(Game::from_json(&good).is_ok());
    let cases: Vec<(String, fn(&LoadError) -> bool)> = vec![
        (String::new(), |e| matches!(e, LoadError::Json(_))),
        ("not json".into(), |e| matches!(e, LoadError::Json(_))),
        ("{}".into(), |e| matches!(e, LoadError::MissingFormat)),
        ("[1, 2]".into(), |e| matches!(e, LoadError::MissingFormat)),
        (
            good.replace("\"format\": 1", "\"format\": 2"),
            |e| matches!(e, LoadError::UnsupportedFormat { found } if found == "2"),
        ),
        (good.replace("\"format\": 1", "\"format\": \"1\""), |e| {
            matches!(e, LoadError::UnsupportedFormat { .. })
        }),
        (good.replace("\"side\": 9", "\"side\": 8"), |e| {
            matches!(e, LoadError::Setup(SetupError::EvenSide(8)))
        }),
        (good.replace("\"b9-b8\"", "\"b9-b7\""), |e| matches!(e, LoadError::Ply { ply: 2, .. })),
        (good.replace("\"b9-b8\"", "\"b9b\""), |e| matches!(e, LoadError::Json(_))),
        (good.replace("\"ply\": \"move\"", "\"ply\": \"teleport\""), |e| matches!(e, LoadError::Json(_))),
        (good.replace("\"setup\"", "\"extra\": 1, \"setup\""), |e| matches!(e, LoadError::Json(_))),
        (good.replacen("\"S\"", "\"X\"", 1), |e| matches!(e, LoadError::Json(_))),
        (good.replacen("\"ms\": 0", "\"ms\": -1", 1), |e| matches!(e, LoadError::Json(_))),
    ];
    for (text, is_expected) in cases {
        match Game::from_json(&text) {
            Err(e) => {
                assert!(is_expected(&e), "unexpected {e:?}");
                assert!(!e.to_string().is_empty());
            }
            Ok(_) => panic!("loaded a corrupt save:\n{text}"),
        }
    }
}

#[test]
fn a_time_out_in_a_game_without_clocks_is_rejected() {
    let good = saved_game();
    let bad = good.replacen("\"ply\": \"move\",\n      \"move\": \"c1-c2\",", "\"ply\": \"time_out\",", 1);
    assert_ne!(bad, good);
    assert!(matches!(
        Game::from_json(&bad),
        Err(LoadError::Ply { ply: 3, error: arkes_engine::PlyError::TimeOutWithoutClock, .. })
    ));
}

#[test]
fn truncated_and_mangled_save_files_never_panic_or_load_wrongly() {
    let good = saved_game();
    let original = Game::from_json(&good).unwrap();
    for cut in 0..good.len() {
        if let Ok(game) = Game::from_json(&good[..cut]) {
            panic!("a save truncated at {cut} loaded: {:?}", game.plies());
        }
    }
    let bytes = good.as_bytes();
    for i in 0..bytes.len() {
        let mut mangled = bytes.to_vec();
        mangled[i] ^= 0x55;
        if let Ok(text) = std::str::from_utf8(&mangled) {
            // Either an error, or a game that is still a valid replay (e.g. a
            // digit of a time changed): never a panic.
            if let Ok(game) = Game::from_json(text) {
                assert_eq!(game.plies().len(), original.plies().len());
            }
        }
    }
    let huge = format!("{{\"format\": 1, \"setup\": {}}}", "[".repeat(100_000));
    assert!(Game::from_json(&huge).is_err());
}
