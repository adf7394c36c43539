//! Bad input gets a clear error and never a panic: every `SetupError`, every
//! `IllegalMoveError`, malformed diagrams and moves, corrupt and foreign
//! save files and records, hostile numbers and truncations.

mod common;

use arcanor_engine::diagram;
use arcanor_engine::{
    Game, GameRecord, IllegalMoveError, LoadError, ParsePositionError, ParseSetupError, Placement, Position,
    Seat, Setup, SetupError,
};
use common::{c, pos};
use proptest::prelude::*;

/// The message starts with the number of the rule it names, like `A6: `.
fn names_a_rule(message: &str) {
    let digits = message.strip_prefix('A').map(|rest| rest.chars().take_while(char::is_ascii_digit).count());
    assert!(digits.is_some_and(|n| n > 0) && message.contains(": "), "no rule named: {message}");
}

#[test]
fn every_setup_error_is_reported_and_names_its_rule() {
    let p = |s: &str| s.parse().unwrap();
    let cell = |name: &str, pieces: &[&str]| Placement {
        cell: c(name),
        pieces: pieces.iter().map(|x| p(x)).collect(),
    };
    let cases = vec![
        (Setup { to_move: Seat::East, cells: vec![] }, SetupError::NotASeat(Seat::East)),
        (Setup { to_move: Seat::South, cells: vec![cell("i1", &["S1"])] }, SetupError::CellOffBoard(c("i1"))),
        (Setup { to_move: Seat::South, cells: vec![cell("a8", &["S1"])] }, SetupError::CellOffBoard(c("a8"))),
        (
            Setup { to_move: Seat::South, cells: vec![cell("a1", &["S1"]), cell("a1", &["S2"])] },
            SetupError::DuplicateCell(c("a1")),
        ),
        (
            Setup { to_move: Seat::South, cells: vec![cell("a1", &["S4", "S3", "S2"])] },
            SetupError::TooManyPieces { cell: c("a1"), count: 3 },
        ),
        (
            Setup { to_move: Seat::South, cells: vec![cell("a1", &["S4", "S2"])] },
            SetupError::BadNesting { cell: c("a1"), inner: p("S4"), top: p("S2") },
        ),
        (
            Setup {
                to_move: Seat::South,
                cells: ["a1", "b1", "c1", "d1"].iter().map(|n| cell(n, &["N1"])).collect(),
            },
            SetupError::TooManyOfValue {
                seat: Seat::North,
                value: arcanor_engine::Value::new(1).unwrap(),
                count: 4,
            },
        ),
        (
            Setup {
                to_move: Seat::South,
                cells: vec![
                    cell("a7", &["S4"]),
                    cell("b7", &["S4"]),
                    cell("c7", &["S4"]),
                    cell("a1", &["N4"]),
                    cell("b1", &["N4"]),
                    cell("c1", &["N4"]),
                ],
            },
            SetupError::BothWon,
        ),
    ];
    for (setup, error) in cases {
        assert_eq!(Position::from_setup(&setup), Err(error.clone()), "{setup:?}");
        names_a_rule(&error.to_string());
    }
}

#[test]
fn every_illegal_move_error_names_its_rule() {
    let p = pos(&diagram(
        &[
            ("b2", "S2S1"),
            ("b3", "N2"),
            ("d4", "S3"),
            ("d5", "N3"),
            ("c5", "N4N3"),
            ("d7", "S4"),
            ("e7", "S1"),
            ("e5", "S2"),
            ("f6", "N4"),
        ],
        "South",
    ));
    let cases = [
        ("1b2-b9", IllegalMoveError::OffBoard(c("b9"))),
        ("1b2-b4", IllegalMoveError::NotAdjacent { from: c("b2"), to: c("b4") }),
        ("a1-a2", IllegalMoveError::EmptyCell(c("a1"))),
        (
            "2b3-b4",
            IllegalMoveError::NotYourPiece { from: c("b3"), owner: Seat::North, to_move: Seat::South },
        ),
        ("4d7-d6", IllegalMoveError::Frozen(c("d7"))),
        (
            "b2-c2",
            IllegalMoveError::WhichPart {
                cell: c("b2"),
                whole: "12".into(),
                top: arcanor_engine::Value::new(1).unwrap(),
            },
        ),
        ("4d4-d3", IllegalMoveError::WrongPieces { cell: c("d4"), holds: "3".into(), written: "4".into() }),
        ("12b2xb3", IllegalMoveError::DuoNeverEats(c("b3"))),
        ("3d4-c5", IllegalMoveError::OntoDuo(c("c5"))),
        ("3d4-e5", IllegalMoveError::OwnPiece(c("e5"))),
        (
            "3d4xd5",
            IllegalMoveError::WrongValue {
                cell: c("d5"),
                mover: arcanor_engine::Value::new(3).unwrap(),
                eats: "4".into(),
                target: arcanor_engine::Value::new(3).unwrap(),
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(p.parse_move(text), Err(error.clone().into()), "{text}");
        names_a_rule(&error.to_string());
    }
    let q = pos(&diagram(&[("b2", "S2S1"), ("b3", "N4"), ("e6", "N3"), ("d7", "S4"), ("a1", "S1")], "North"));
    assert_eq!(q.parse_move("3e6xd7"), Err(IllegalMoveError::FrozenTarget(c("d7")).into()));
    let r = pos(&diagram(&[("b2", "S2S1"), ("b3", "N4"), ("a7", "N1")], "South"));
    assert_eq!(r.parse_move("12b2-b3"), Err(IllegalMoveError::DuoNeedsEmptyCell(c("b3")).into()));
    for e in [IllegalMoveError::FrozenTarget(c("d7")), IllegalMoveError::DuoNeedsEmptyCell(c("b3"))] {
        names_a_rule(&e.to_string());
    }
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut game = Game::from_setup(Setup::standard()).unwrap();
    let before = game.to_json().expect("a save");
    for bad in ["b1-b2", "12b1-b3", "1b7-b6", "nonsense", "9b1-b2", ""] {
        assert!(game.play_text(bad).is_err(), "{bad}");
    }
    assert_eq!(game.to_json().expect("a save"), before);
    let mut p = Position::standard();
    let mut illegal = p.legal_moves()[0];
    illegal.to = c("h7");
    assert!(p.play(illegal).is_err());
    assert_eq!(p, Position::standard());
    assert_eq!(p.history(), Position::standard().history());
}

#[test]
fn malformed_diagrams_are_parse_errors() {
    let good = Position::standard().to_string();
    assert!(good.parse::<Position>().is_ok());
    type Case = (String, fn(&ParseSetupError) -> bool, &'static str);
    let cases: Vec<Case> = vec![
        (String::new(), |e| matches!(e, ParseSetupError::NoDiagram), "no board diagram"),
        (good.replace("to move: South\n", ""), |e| matches!(e, ParseSetupError::MissingToMove), "to move"),
        (
            good.replace("to move: South", "to move: West"),
            |e| matches!(e, ParseSetupError::BadSeat { .. }),
            "`West`",
        ),
        (good.replacen("S2S1", "S2S", 1), |e| matches!(e, ParseSetupError::BadCell { .. }), "`S2S`"),
        (good.replacen("S2S1", "S9", 1), |e| matches!(e, ParseSetupError::BadCell { .. }), "`S9`"),
        (
            good.replacen("\n6 ", "\n5 ", 1),
            |e| matches!(e, ParseSetupError::RankOutOfOrder { .. }),
            "expected rank 6",
        ),
        (
            good.replacen("N2N1 N4N3", "N2N1", 1),
            |e| matches!(e, ParseSetupError::RowLength { .. }),
            "has 7 cells",
        ),
        (
            good.lines().filter(|l| !l.starts_with("1 ")).collect::<Vec<_>>().join("\n"),
            |e| matches!(e, ParseSetupError::MissingRanks { .. }),
            "stops at rank 2",
        ),
        (format!("{good}hello\n"), |e| matches!(e, ParseSetupError::UnexpectedLine { .. }), "`hello`"),
    ];
    for (text, is_expected, says) in cases {
        match text.parse::<Position>() {
            Err(ParsePositionError::Text(e)) => {
                assert!(is_expected(&e), "unexpected {e:?} for\n{text}");
                assert!(e.to_string().contains(says), "`{e}` does not say `{says}`");
            }
            other => panic!("expected a parse error for\n{text}\ngot {other:?}"),
        }
    }
}

fn saved_game() -> String {
    let mut game = Game::from_setup(Setup::standard()).unwrap();
    for m in ["1b1-b2", "12b7-b6", "34c1-c2"] {
        game.play_text(m).unwrap();
    }
    game.to_json().expect("a save")
}

#[test]
fn corrupt_and_foreign_saves_are_clear_errors() {
    let good = saved_game();
    assert!(good.contains("\"game\": \"arcanor\""));
    assert!(Game::from_json(&good).is_ok());
    type Case = (String, fn(&LoadError) -> bool, &'static str);
    let cases: Vec<Case> = vec![
        (String::new(), |e| matches!(e, LoadError::Json(_)), "not a valid Arcanor save"),
        ("{}".into(), |e| matches!(e, LoadError::MissingFormat), "no \"format\""),
        (
            good.replace("\"game\": \"arcanor\",", ""),
            // Only ARKES reads saves from before saves named their game.
            |e| matches!(e, LoadError::Untagged),
            "does not say which game it is of, so it is not one of Arcanor",
        ),
        (good.replace("\"arcanor\"", "\"chess\""), |e| matches!(e, LoadError::WrongGame { .. }), "`chess`"),
        (good.replace("\"12b7-b6\"", "\"12b7-b5\""), |e| matches!(e, LoadError::Ply { ply: 2, .. }), "A5"),
        (
            good.replace("\"34c1-c2\"", "\"c1-c2\""),
            |e| matches!(e, LoadError::Ply { ply: 3, .. }),
            "holds a duo",
        ),
        (good.replacen("\"S2\"", "\"W2\"", 1), |e| matches!(e, LoadError::Json(_)), "`W2` is not a piece"),
        (
            good.replace("\"to_move\": \"south\"", "\"to_move\": \"west\""),
            |e| matches!(e, LoadError::Setup(_)),
            "A1",
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
    // An ARKES save is not an Arcanor one, and an Arcanor save is not ARKES.
    let arkes = arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).unwrap())
        .unwrap()
        .to_json()
        .expect("a save");
    assert!(matches!(Game::from_json(&arkes), Err(LoadError::WrongGame { found }) if found == "arkes"));
    assert!(matches!(
        arkes_engine::Game::from_json(&good),
        Err(arkes_engine::LoadError::WrongGame { found }) if found == "arcanor"
    ));
}

#[test]
fn a_record_of_the_other_game_is_refused() {
    let arkes_record = arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).unwrap())
        .unwrap()
        .record()
        .to_string();
    let error = arkes_record.parse::<GameRecord>().unwrap_err().to_string();
    assert!(error.contains("a record of ARKES, not of Arcanor"), "{error}");
    let ours = Game::from_json(&saved_game()).unwrap().record().to_string();
    assert!(ours.starts_with("# Arcanor game record\n"));
    let back: GameRecord = ours.parse().unwrap();
    assert_eq!(back.plies.len(), 3);
    let error = ours.parse::<arkes_engine::GameRecord>().unwrap_err().to_string();
    assert!(error.contains("a record of Arcanor, not of ARKES"), "{error}");
}

#[test]
fn every_truncation_of_a_save_is_refused() {
    let good = saved_game();
    for cut in 0..good.len() {
        assert!(Game::from_json(&good[..cut]).is_err(), "cut at {cut}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random bytes inserted into a good text of each kind, fed to its own
    /// parser (a diagram to the position parser, a record to the record
    /// parser, a save to the loader, a move to the move parser), so each is
    /// tried beyond its first line.
    #[test]
    fn hostile_texts_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400), at in 0usize..2000) {
        let spoil = |good: String| {
            let mut raw = good.into_bytes();
            let at = at % (raw.len() + 1);
            raw.splice(at..at, bytes.iter().copied());
            String::from_utf8_lossy(&raw).into_owned()
        };
        let save = saved_game();
        let record = Game::from_json(&save).unwrap().record().to_string();
        if let Ok(position) = spoil(Position::standard().to_string()).parse::<Position>() {
            let _ = position.legal_moves();
        }
        if let Ok(record) = spoil(record).parse::<GameRecord>() {
            let _ = Game::from_record(&record);
        }
        let spoiled = spoil(save);
        if let Ok(game) = Game::from_json(&spoiled) {
            check_loaded(&spoiled, &game);
        }
        let _ = spoil("12b1-b2".to_owned()).parse::<arcanor_engine::MoveText>();
    }

    #[test]
    fn hostile_numbers_in_saves_are_errors_or_valid_games(number in "[0-9]{1,30}|-1|1e400", k in 0usize..40) {
        let good = saved_game();
        let spots: Vec<usize> = good.match_indices(char::is_numeric).map(|(i, _)| i).collect();
        let at = spots[k % spots.len()];
        let text = format!("{}{number}{}", &good[..at], &good[at + 1..]);
        if let Ok(game) = Game::from_json(&text) {
            check_loaded(&text, &game);
        }
    }
}

/// A loaded game must be a consistent one, judged by other paths than the
/// loader's: the JSON it came from, read as plain JSON, has the save's
/// fields and as many plies; playing those plies one by one through the
/// public API (`tick` and `play_text`) from its set-up reaches the same
/// position, outcome and clocks.
fn check_loaded(text: &str, game: &Game) {
    let value: serde_json::Value = serde_json::from_str(text).expect("it loaded, so it is JSON");
    assert_eq!(value["format"], 1);
    assert_eq!(value["game"], "arcanor");
    assert_eq!(value["plies"].as_array().map(Vec::len), Some(game.plies().len()));
    let mut replayed = Game::new(game.setup().clone(), game.limits()).expect("the set-up loaded");
    for ply in game.plies() {
        match *ply {
            game_core::Ply::Move { mv, ms } => {
                assert!(replayed.tick(ms).is_none(), "a move after {ms} ms is not a time-out");
                replayed.play_text(&mv.to_string()).expect("a loaded move replays");
            }
            game_core::Ply::TimeOut { ms } => {
                assert!(replayed.tick(ms).is_some(), "a time-out after {ms} ms runs the clock out");
            }
            game_core::Ply::Resign { ms } => {
                assert!(replayed.tick(ms).is_none(), "a resignation after {ms} ms is not a time-out");
                replayed.resign().expect("a loaded resignation replays");
            }
        }
    }
    assert_eq!(replayed.position().to_string(), game.position().to_string());
    assert_eq!(replayed.outcome(), game.outcome());
    for seat in [Seat::South, Seat::North] {
        assert_eq!(replayed.clock_ms(seat), game.clock_ms(seat), "{seat}'s clock");
    }
}
