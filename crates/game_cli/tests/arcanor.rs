//! `arkes-cli --game arcanor`: the same contract as for ARKES.

mod common;

use common::{cli, stderr, stdout};

#[test]
fn moves_after_a_whole_duo_move_lists_norths_40_moves_sorted() {
    let out = cli(&["moves", "--game", "arcanor", "12b1-b2"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 40);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"12b7-b6") && lines.contains(&"1b7-b6"), "{text}");
    // The flag may come first too.
    let again = cli(&["--game", "arcanor", "moves", "12b1-b2"], None);
    assert_eq!(stdout(&again), text);
}

#[test]
fn play_prints_the_diagram_which_parses_back() {
    let out = cli(&["play", "--game", "arcanor", "1b1-b2", "3c7-c6"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("2 .    S1") && text.contains("to move: South"), "{text}");
    let again = cli(&["moves", "--game", "arcanor", "--position", "-"], Some(text.as_bytes()));
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stdout(&again).lines().any(|l| l == "2b1-a2"));
}

#[test]
fn an_illegal_or_malformed_move_exits_2_with_one_line_naming_the_move_and_rule() {
    for (moves, says) in [
        (vec!["b1-b2"], "A5"),
        (vec!["12b1-b3"], "A5"),
        (vec!["1b1-b2", "12b7-b6", "1b2xb1"], "A6"),
        (vec!["9b1-b2"], "not a move"),
    ] {
        let mut args = vec!["play", "--game", "arcanor"];
        args.extend(&moves);
        let out = cli(&args, None);
        assert_eq!(out.status.code(), Some(2), "{moves:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(moves.last().unwrap()) && err.contains(says), "{moves:?}: {err}");
        assert_eq!(stdout(&out), "");
    }
}

#[test]
fn moves_after_the_end_prints_nothing_and_the_outcome_on_stderr() {
    let position = "
7 .  S4 S4 .  .  .  .  .
6 S4 .  .  .  .  .  .  .
5 .  .  .  .  .  .  .  .
4 .  .  .  .  .  .  .  N2
3 .  .  .  .  .  .  .  .
2 .  .  .  .  .  .  .  .
1 .  .  .  .  .  .  .  N1
to move: South
";
    let out = cli(&["moves", "--game", "arcanor", "-p", "-", "4a6-a7"], Some(position.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("South wins: 12 points"), "{}", stderr(&out));
    let out =
        cli(&["bestmove", "--game", "arcanor", "-p", "-", "--level", "easy"], Some(position.as_bytes()));
    assert_eq!(stdout(&out).trim(), "4a6-a7", "a win in one is played: {}", stderr(&out));
}

#[test]
fn perft_counts_the_pinned_numbers() {
    let out = cli(&["perft", "3", "--game", "arcanor"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("66240 nodes"), "{}", stdout(&out));
}

#[test]
fn bestmove_selfplay_and_tournament_play_arcanor() {
    let legal = stdout(&cli(&["moves", "--game", "arcanor"], None));
    for level in ["easy", "medium", "hard"] {
        let out = cli(&["bestmove", "--game", "arcanor", "--level", level, "--seed", "4"], None);
        assert!(out.status.success(), "{}", stderr(&out));
        let mv = stdout(&out);
        assert!(legal.lines().any(|l| l == mv.trim()), "{level}: {mv}");
    }
    let out = cli(&["selfplay", "--game", "arcanor", "--players", "easy,random", "--seed", "2"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().last().unwrap().starts_with("outcome: "), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("outcome"))
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    let mut args = vec!["play", "--game", "arcanor"];
    args.extend(&moves);
    let replay = cli(&args, None);
    assert!(replay.status.success(), "the game replays: {}", stderr(&replay));
    // The replayed game ends as selfplay said.
    let said = text.lines().last().unwrap().trim_start_matches("outcome: ");
    let replayed = stdout(&replay);
    assert!(
        replayed.contains(&format!("# outcome: {said}")),
        "selfplay said `{said}`; the replay:\n{replayed}"
    );
    let out = cli(&["tournament", "--game", "arcanor", "--players", "easy,random", "--games", "2"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("of Arcanor"), "{}", stdout(&out));
}

#[test]
fn bad_input_and_foreign_files_are_clear_errors() {
    let arkes_save = arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).unwrap())
        .unwrap()
        .to_json()
        .expect("a save");
    let arcanor_save = arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard())
        .unwrap()
        .to_json()
        .expect("a save");
    let huge = vec![b'.'; 5 << 20];
    let cases: Vec<(Vec<&str>, Vec<u8>, &str)> = vec![
        (vec!["moves", "--game", "arcanor", "-p", "-"], arkes_save.into_bytes(), "`arkes`, not of Arcanor"),
        (vec!["moves", "-p", "-"], arcanor_save.into_bytes(), "`arcanor`, not of ARKES"),
        (vec!["moves", "--game", "arcanor", "-p", "-"], vec![0xff, 0xfe, 0x00], "not UTF-8"),
        (vec!["moves", "--game", "arcanor", "-p", "-"], huge, "larger than"),
        (vec!["moves", "--game", "arcanor", "--side", "7"], vec![], "8 x 7"),
        (vec!["moves", "--game", "arcanor", "--players", "3"], vec![], "2 players"),
        (vec!["moves", "--game", "chess"], vec![], "chess"),
    ];
    for (args, input, expected) in cases {
        let out = cli(&args, Some(&input));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
