//! `arkes-cli` driven from outside, as a shell user would.

mod common;

use common::{cli, stderr, stdout};

#[test]
fn moves_lists_the_30_start_moves_sorted() {
    let out = cli(&["moves"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 30);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"Me1-d1") && lines.contains(&"b1-a1"));
}

#[test]
fn moves_sees_the_repetition_rule_through_the_moves_played() {
    let out = cli(&["moves", "b1-b2", "b9-b8", "b2-b1"], None);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(!text.lines().any(|l| l == "b8-b9"), "R10 forbids b8-b9:\n{text}");
    assert!(text.lines().any(|l| l == "b8-a9"));
}

#[test]
fn moves_after_the_end_prints_nothing_and_the_outcome_on_stderr() {
    let position = "
5 .  .  Nn N  .
4 .  .  N  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 .  .  .  .  .
to move: South
in: South North
";
    let out = cli(&["moves", "--position", "-", "Mc2-c3"], Some(position.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("South wins"), "{}", stderr(&out));
}

#[test]
fn play_prints_the_position_which_parses_back() {
    let out = cli(&["play", "--players", "3", "--side", "7", "b1-b2", "a2-b3"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("to move: North"), "{text}");
    let again = cli(&["moves", "--position", "-"], Some(text.as_bytes()));
    assert!(again.status.success(), "{}", stderr(&again));
}

#[test]
fn play_reports_the_outcome() {
    let position = "
5 .  .  .  .  .
4 .  .  Nn .  .
3 .  .  SS .  .
2 .  .  .  .  .
1 .  .  Ss .  .
to move: South
in: South North
";
    let out = cli(&["play", "-p", "-", "c3xc4"], Some(position.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("# outcome: South wins"), "{}", stdout(&out));
}

#[test]
fn an_illegal_move_exits_2_with_one_line_naming_the_move_and_rule() {
    let out = cli(&["play", "b1-b2", "e9-e8"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    // The top piece of e9 is North's marble, which steps only onto its own unit.
    assert!(err.contains("e9-e8") && err.contains("R6"), "{err}");
    assert_eq!(stdout(&out), "");

    let out = cli(&["play", "b1-b4"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("R3"), "{}", stderr(&out));
}

#[test]
fn a_malformed_move_exits_2() {
    let out = cli(&["play", "b1-"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("b1-") && err.contains("not a move"), "{err}");
}

#[test]
fn perft_prints_the_node_count_and_speed() {
    let out = cli(&["perft", "3"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("26940 nodes"), "{text}");
    assert!(text.contains("nodes/s"));
    let out = cli(&["perft", "2", "--players", "4"], None);
    assert!(stdout(&out).starts_with("893 nodes"));
}

#[test]
fn a_save_file_is_a_valid_position_source() {
    let mut game = arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).unwrap()).unwrap();
    game.play_text("b1-b2").unwrap();
    let out = cli(&["moves", "-p", "-"], Some(game.to_json().expect("a save").as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("b9-b8"));
}

#[test]
fn bad_input_is_a_clear_error_without_panic() {
    let huge = vec![b'.'; 5 << 20];
    let cases: Vec<(Vec<&str>, Vec<u8>, &str)> = vec![
        (vec!["moves", "-p", "-"], vec![0xff, 0xfe, 0x00, 0x80], "not UTF-8"),
        (vec!["moves", "-p", "-"], huge, "larger than"),
        (vec!["moves", "-p", "-"], b"hello".to_vec(), "unexpected"),
        (vec!["moves", "-p", "-"], b"{\"format\": 7}".to_vec(), "format 7"),
        (vec!["moves", "-p", "/nonexistent/file"], vec![], "/nonexistent/file"),
        (vec!["moves", "--players", "5"], vec![], "R2"),
        (vec!["moves", "--side", "8"], vec![], "R1"),
        (vec!["moves", "--side", "300"], vec![], "300"),
        (vec!["perft"], vec![], "DEPTH"),
        (vec!["frobnicate"], vec![], "frobnicate"),
    ];
    for (args, input, expected) in cases {
        let out = cli(&args, Some(&input));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let long_move = "a".repeat(100_000);
    let out = cli(&["play", &long_move], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).len() < 400, "the error stays one short line");
}
