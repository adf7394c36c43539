//! Every loader under generated hostile input (huge numbers, deep nesting,
//! truncations, random bytes): JSON saves, text records and position texts
//! give a clear error or a valid game, never a panic. (The CLI's
//! `--position` reads through the same loaders; `game_cli`'s tests feed it
//! files.)

use arkes_engine::{Clock, Game, GameRecord, Limits, MAX_CLOCK_MS, Position, Setup};
use proptest::prelude::*;

fn game() -> Game {
    let limits = Limits { clock: Some(Clock::new(300_000, 2_000).unwrap()), ..Limits::default() };
    let mut game = Game::new(Setup::standard(3, 7).unwrap(), limits).unwrap();
    for (i, m) in ["b1-b2", "a2-b3", "b7-b6", "c1-c2"].iter().enumerate() {
        game.tick(100 * i as u64 + 3);
        game.play_text(m).unwrap();
    }
    game
}

/// Numbers that overflow or make no sense as times, counts or sides.
fn hostile_number() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("18446744073709551615".to_owned()),
        Just("18446744073709551616".to_owned()),
        Just("99999999999999999999999999999".to_owned()),
        Just("-1".to_owned()),
        Just("1e400".to_owned()),
        Just("0".to_owned()),
        Just("4294967296".to_owned()),
        "[0-9]{1,25}",
    ]
}

/// A loaded game must be a consistent one, judged by other paths than the
/// loader's: the JSON it came from, read as plain JSON, has the save's
/// fields and as many plies; playing those plies one by one through the
/// public API (`tick` and `play_text`) from its set-up reaches the same
/// position, outcome and clocks; its clocks are within the limits a clock
/// may have.
fn check_loaded(text: &str, game: &Game) {
    let value: serde_json::Value = serde_json::from_str(text).expect("it loaded, so it is JSON");
    assert_eq!(value["format"], 1);
    assert!(value.get("game").is_none_or(|g| g == "arkes"), "{}", value["game"]);
    assert_eq!(value["plies"].as_array().map(Vec::len), Some(game.plies().len()));
    let mut replayed = Game::new(game.setup().clone(), game.limits()).expect("the set-up loaded");
    for ply in game.plies() {
        match *ply {
            arkes_engine::Ply::Move { mv, ms } => {
                assert!(replayed.tick(ms).is_none(), "a move after {ms} ms is not a time-out");
                replayed.play_text(&mv.to_string()).expect("a loaded move replays");
            }
            arkes_engine::Ply::TimeOut { ms } => {
                assert!(replayed.tick(ms).is_some(), "a time-out after {ms} ms runs the clock out");
            }
            arkes_engine::Ply::Resign { ms } => {
                assert!(replayed.tick(ms).is_none(), "a resignation after {ms} ms is not a time-out");
                replayed.resign().expect("a loaded resignation replays");
            }
        }
    }
    assert_eq!(replayed.position().to_string(), game.position().to_string());
    assert_eq!(replayed.outcome(), game.outcome());
    for &seat in &game.setup().seats {
        assert_eq!(replayed.clock_ms(seat), game.clock_ms(seat), "{seat}'s clock");
    }
    if let Some(clock) = game.limits().clock {
        assert!(clock.initial_ms() > 0 && clock.initial_ms() <= MAX_CLOCK_MS);
        assert!(clock.increment_ms() <= MAX_CLOCK_MS);
    }
}

/// Replaces the `k`-th run of digits of `text` by `by`.
fn replace_number(text: &str, k: usize, by: &str) -> String {
    let bytes = text.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((start, i));
        } else {
            i += 1;
        }
    }
    if runs.is_empty() {
        return text.to_owned();
    }
    let (start, end) = runs[k % runs.len()];
    format!("{}{by}{}", &text[..start], &text[end..])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn json_saves_with_hostile_numbers(k in 0usize..200, number in hostile_number()) {
        let text = replace_number(&game().to_json().expect("a save"), k, &number);
        if let Ok(loaded) = Game::from_json(&text) {
            check_loaded(&text, &loaded);
        }
    }

    #[test]
    fn json_saves_deeply_nested(depth in 1usize..20_000, field in 0usize..3) {
        let value = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let key = ["setup", "limits", "plies"][field];
        let good = game().to_json().expect("a save");
        let text = good.replacen(&format!("\"{key}\": "), &format!("\"{key}\": {value}, \"x\": "), 1);
        prop_assert!(Game::from_json(&text).is_err());
    }

    #[test]
    fn json_saves_with_random_bytes(at in 0usize..4000, bytes in proptest::collection::vec(any::<u8>(), 1..8)) {
        let mut raw = game().to_json().expect("a save").into_bytes();
        let at = at % raw.len();
        raw.splice(at..at, bytes);
        // Bytes that are not UTF-8 become U+FFFD, as a lossy reader would
        // make them: every insertion is tried, none skipped.
        let text = String::from_utf8_lossy(&raw).into_owned();
        if let Ok(loaded) = Game::from_json(&text) {
            check_loaded(&text, &loaded);
        }
    }

    #[test]
    fn text_records_with_hostile_numbers(k in 0usize..200, number in hostile_number()) {
        let text = replace_number(&game().record().to_string(), k, &number);
        if let Ok(record) = text.parse::<GameRecord>()
            && let Ok(loaded) = Game::from_record(&record)
        {
            check_loaded(&loaded.to_json().expect("a save"), &loaded);
        }
    }

    #[test]
    fn position_texts_with_hostile_numbers(k in 0usize..60, number in hostile_number()) {
        let text = replace_number(&game().position().to_string(), k, &number);
        if let Ok(position) = text.parse::<Position>() {
            prop_assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
        }
    }
}

#[test]
fn every_truncation_of_a_save_and_a_record_is_refused_or_a_prefix() {
    let game = game();
    let json = game.to_json().expect("a save");
    for cut in 0..json.len() {
        assert!(Game::from_json(&json[..cut]).is_err(), "a save cut at {cut} loaded");
    }
    let text = game.record().to_string();
    for cut in (0..text.len()).filter(|&c| text.is_char_boundary(c)) {
        if let Ok(record) = text[..cut].parse::<GameRecord>() {
            // Cutting the move list keeps a valid, shorter game (the text
            // keeps the moves, not the time each took).
            let moves =
                |plies: &[arkes_engine::Ply]| plies.iter().map(ToString::to_string).collect::<Vec<_>>();
            assert!(moves(game.plies()).starts_with(&moves(&record.plies)), "cut at {cut}: not a prefix");
            assert!(Game::from_record(&record).is_ok());
        }
    }
}

#[test]
fn absurd_clocks_in_a_text_record_are_clear_errors() {
    let text = game().record().to_string();
    for (clock, says) in [
        ("clock: 18446744073709551615 ms + 1 ms", "more than a week"),
        ("clock: 0 ms + 0 ms", "must start with some time"),
        ("clock: 307445734561825861 min + 0 s", "is not a limit"),
        ("clock: 5 min + 18446744073709551615 ms", "increment"),
    ] {
        let bad = text.replace("clock: 5 min + 2 s", clock);
        assert_ne!(bad, text);
        let error = bad.parse::<GameRecord>().unwrap_err().to_string();
        assert!(error.contains(says), "{clock}: {error}");
    }
}
