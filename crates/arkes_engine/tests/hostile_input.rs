//! Every loader under generated hostile input (huge numbers, deep nesting,
//! truncations, random bytes): JSON saves, text records and position texts
//! give a clear error or a valid game, never a panic. (The CLI's
//! `--position` reads through the same loaders; `arkes_cli`'s tests feed it
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

/// A loaded game must be a consistent one: it saves and loads back to
/// itself, and its clocks are within the limits a clock may have.
fn check_loaded(game: &Game) {
    let again = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(again.record(), game.record());
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
        let text = replace_number(&game().to_json(), k, &number);
        if let Ok(loaded) = Game::from_json(&text) {
            check_loaded(&loaded);
        }
    }

    #[test]
    fn json_saves_deeply_nested(depth in 1usize..20_000, field in 0usize..3) {
        let value = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let key = ["setup", "limits", "plies"][field];
        let good = game().to_json();
        let text = good.replacen(&format!("\"{key}\": "), &format!("\"{key}\": {value}, \"x\": "), 1);
        prop_assert!(Game::from_json(&text).is_err());
    }

    #[test]
    fn json_saves_with_random_bytes(at in 0usize..4000, bytes in proptest::collection::vec(any::<u8>(), 1..8)) {
        let mut raw = game().to_json().into_bytes();
        let at = at % raw.len();
        raw.splice(at..at, bytes);
        if let Ok(text) = String::from_utf8(raw)
            && let Ok(loaded) = Game::from_json(&text)
        {
            check_loaded(&loaded);
        }
    }

    #[test]
    fn text_records_with_hostile_numbers(k in 0usize..200, number in hostile_number()) {
        let text = replace_number(&game().record().to_string(), k, &number);
        if let Ok(record) = text.parse::<GameRecord>()
            && let Ok(loaded) = Game::from_record(&record)
        {
            check_loaded(&loaded);
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
    let json = game.to_json();
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
