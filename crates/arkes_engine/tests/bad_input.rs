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

/// The message starts with the number of the rule it names, like `R4: `.
fn names_a_rule(message: &str) {
    let digits = message.strip_prefix('R').map(|rest| rest.chars().take_while(char::is_ascii_digit).count());
    assert!(
        digits.is_some_and(|n| n > 0) && message.contains(": "),
        "the message does not start with its rule: {message}"
    );
}

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
        names_a_rule(&error.to_string());
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
    type Case = (String, fn(&ParseSetupError) -> bool, &'static str);
    let cases: Vec<Case> = vec![
        (String::new(), |e| matches!(e, ParseSetupError::NoDiagram), "no board diagram"),
        ("to move: S\nin: S N".into(), |e| matches!(e, ParseSetupError::NoDiagram), "no board diagram"),
        (good.replace("to move: South\n", ""), |e| matches!(e, ParseSetupError::MissingToMove), "to move:"),
        (good.replace("in: South North\n", ""), |e| matches!(e, ParseSetupError::MissingSeatsIn), "in: SEAT"),
        (
            good.replace("to move: South", "to move: Middle"),
            |e| matches!(e, ParseSetupError::BadSeat { line: 7, .. }),
            "line 7: `Middle` is not a seat",
        ),
        (
            good.replace("in: South North", "in: South Nord"),
            |e| matches!(e, ParseSetupError::BadSeat { line: 8, .. }),
            "line 8: `Nord` is not a seat",
        ),
        (good.replace("Ss", "Sx"), |e| matches!(e, ParseSetupError::BadCell { line: 5, .. }), "line 5: `Sx`"),
        (
            good.replace("\n4 ", "\n7 "),
            |e| matches!(e, ParseSetupError::RankOutOfOrder { line: 2, expected: 4, .. }),
            "line 2: expected rank 4",
        ),
        (
            good.replace("3 .  .  *", "3 .  *"),
            |e| matches!(e, ParseSetupError::RowLength { line: 3, .. }),
            "line 3: rank 3 has 4 cells, expected 5",
        ),
        (
            good.lines().filter(|l| !l.starts_with("1 ")).collect::<Vec<_>>().join("\n"),
            |e| matches!(e, ParseSetupError::MissingRanks { .. }),
            "the diagram stops at rank 2",
        ),
        (
            format!("12 {}\n", ". ".repeat(12)),
            |e| matches!(e, ParseSetupError::TooWide { .. }),
            "12 cells in a rank",
        ),
        (
            format!("{good}\nhello"),
            |e| matches!(e, ParseSetupError::UnexpectedLine { .. }),
            "unexpected `hello`",
        ),
    ];
    for (text, is_expected, says) in cases {
        match text.parse::<Position>() {
            Err(ParsePositionError::Text(e)) => {
                assert!(is_expected(&e), "unexpected error {e:?} for\n{text}");
                assert!(e.to_string().contains(says), "`{e}` does not say `{says}`");
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
    // Each with the rule of RULES.md that forbids it: R1 (the grid), R3
    // (one of your pieces, one step to an adjacent cell), R4 (two pieces a
    // cell, the top piece by its owner), R6 (a marble onto its own single
    // token only), R7 (never your own marble).
    let cases = [
        ("a1", "f6", IllegalMoveError::OffBoard(c("f6")), "R1"),
        ("c2", "c4", IllegalMoveError::NotAdjacent { from: c("c2"), to: c("c4") }, "R3"),
        ("a1", "a2", IllegalMoveError::EmptyCell(c("a1")), "R3"),
        (
            "c5",
            "c4",
            IllegalMoveError::NotYourPiece { from: c("c5"), owner: Seat::North, to_move: Seat::South },
            "R4",
        ),
        ("c3", "d3", IllegalMoveError::StackFull(c("d3")), "R4"),
        ("c1", "b1", IllegalMoveError::MarbleNeedsOwnUnit(c("b1")), "R6"),
        ("c2", "c1", IllegalMoveError::OwnMarble(c("c1")), "R7"),
    ];
    for (from, to, error, rule) in cases {
        assert_eq!(p.check(c(from), c(to)), Err(error.clone()));
        let message = error.to_string();
        assert!(message.starts_with(&format!("{rule}: ")), "{from}-{to} should name {rule}: {message}");
    }
    // GameOver and Repetition are exercised in tests/rules.rs (R11, R10).
    assert!(IllegalMoveError::Repetition.to_string().starts_with("R10: "));
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
    let mut game = standard();
    let before = game.to_json().expect("a save");
    assert!(game.play_text("e1-e2").is_err());
    assert!(game.play_text("b1-b3").is_err());
    assert!(game.play_text("nonsense").is_err());
    assert_eq!(game.to_json().expect("a save"), before);
    let mut p = Position::standard(2, 9).unwrap();
    let mv = p.legal_moves()[0];
    let illegal = arkes_engine::Move { from: c("e1"), to: c("e2"), kind: mv.kind };
    assert!(p.play(illegal).is_err());
    let start = Position::standard(2, 9).unwrap();
    assert_eq!(p, start);
    assert_eq!(p.history(), start.history());
}

fn standard() -> Game {
    Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap()
}

fn saved_game() -> String {
    let mut game = standard();
    for m in ["b1-b2", "b9-b8", "c1-c2"] {
        game.play_text(m).unwrap();
    }
    game.to_json().expect("a save")
}

#[test]
fn corrupt_save_files_are_clear_errors() {
    let good = saved_game();
    assert!(Game::from_json(&good).is_ok());
    type Case = (String, fn(&LoadError) -> bool, &'static str);
    let cases: Vec<Case> = vec![
        (String::new(), |e| matches!(e, LoadError::Json(_)), "not a valid ARKES save"),
        ("not json".into(), |e| matches!(e, LoadError::Json(_)), "not a valid ARKES save: expected"),
        ("{}".into(), |e| matches!(e, LoadError::MissingFormat), "no \"format\" field"),
        ("[1, 2]".into(), |e| matches!(e, LoadError::MissingFormat), "no \"format\" field"),
        (
            good.replace("\"format\": 1", "\"format\": 2"),
            |e| matches!(e, LoadError::UnsupportedFormat { found } if found == "2"),
            "save format 2 is not supported",
        ),
        (
            good.replace("\"format\": 1", "\"format\": \"1\""),
            |e| matches!(e, LoadError::UnsupportedFormat { .. }),
            "save format \"1\" is not supported",
        ),
        (
            good.replace("\"game\": \"arkes\"", "\"game\": \"arcanor\""),
            |e| matches!(e, LoadError::WrongGame { found } if found == "arcanor"),
            "a save of the game `arcanor`, not of ARKES",
        ),
        (
            good.replace("\"side\": 9", "\"side\": 8"),
            |e| matches!(e, LoadError::Setup(SetupError::EvenSide(8))),
            "starting position is invalid: R1",
        ),
        (
            good.replace("\"b9-b8\"", "\"b9-b7\""),
            |e| matches!(e, LoadError::Ply { ply: 2, .. }),
            "ply 2 (b9-b7) cannot be replayed: R3",
        ),
        (good.replace("\"b9-b8\"", "\"b9b\""), |e| matches!(e, LoadError::Json(_)), "`b9b` is not a move"),
        (
            good.replace("\"ply\": \"move\"", "\"ply\": \"teleport\""),
            |e| matches!(e, LoadError::Json(_)),
            "teleport",
        ),
        (
            good.replace("\"setup\"", "\"extra\": 1, \"setup\""),
            |e| matches!(e, LoadError::Json(_)),
            "unknown field `extra`",
        ),
        (good.replacen("\"S\"", "\"X\"", 1), |e| matches!(e, LoadError::Json(_)), "`X` is not a piece"),
        (good.replacen("\"ms\": 0", "\"ms\": -1", 1), |e| matches!(e, LoadError::Json(_)), "-1"),
        (
            clocked(u64::MAX, 1),
            |e| matches!(e, LoadError::Json(_)),
            "the initial time of 18446744073709551615 ms is more than a week",
        ),
        (clocked(0, 0), |e| matches!(e, LoadError::Json(_)), "must start with some time"),
        (clocked(60_000, u64::MAX), |e| matches!(e, LoadError::Json(_)), "increment"),
        (
            good.replacen("\"ms\": 0", "\"ms\": 18446744073709551616", 1),
            |e| matches!(e, LoadError::Json(_)),
            "not a valid ARKES save",
        ),
    ];
    for (text, is_expected, says) in cases {
        match Game::from_json(&text) {
            Err(e) => {
                assert!(is_expected(&e), "unexpected {e:?}");
                assert!(e.to_string().contains(says), "`{e}` does not say `{says}`");
            }
            Ok(_) => panic!("loaded a corrupt save:\n{text}"),
        }
    }
}

/// A save of a game with a clock of `initial_ms` + `increment_ms`, written
/// by hand (the engine refuses to build such clocks).
fn clocked(initial_ms: u64, increment_ms: u64) -> String {
    saved_game().replace(
        "\"clock\": null",
        &format!("\"clock\": {{\"initial_ms\": {initial_ms}, \"increment_ms\": {increment_ms}}}"),
    )
}

#[test]
fn a_save_without_a_game_tag_is_arkes() {
    let good = saved_game();
    assert!(good.contains("\"game\": \"arkes\""));
    let old = good.replace("\"game\": \"arkes\",", "");
    assert!(!old.contains("\"game\""));
    let loaded = Game::from_json(&old).unwrap();
    assert_eq!(loaded.record(), Game::from_json(&good).unwrap().record());
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
        match Game::from_json(&good[..cut]) {
            Ok(game) => panic!("a save truncated at {cut} loaded: {:?}", game.plies()),
            Err(e) => assert!(e.to_string().contains("ARKES save"), "{e}"),
        }
    }
    let bytes = good.as_bytes();
    for i in 0..bytes.len() {
        let mut mangled = bytes.to_vec();
        mangled[i] ^= 0x55;
        if let Ok(text) = std::str::from_utf8(&mangled) {
            // An error, never a panic, and never another game.
            if let Ok(game) = Game::from_json(text) {
                assert_eq!(game.record(), original.record(), "byte {i} changed, the game loaded differently");
            }
        }
    }
    let huge = format!("{{\"format\": 1, \"setup\": {}}}", "[".repeat(100_000));
    assert!(Game::from_json(&huge).is_err());
}
