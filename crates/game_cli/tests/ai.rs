//! The AI commands of `arkes-cli`: bestmove, selfplay, tournament.

mod common;

use common::{cli, stderr, stdout};

#[test]
fn bestmove_prints_one_legal_move_at_each_level() {
    let legal = stdout(&cli(&["moves", "b1-b2", "b9-b8"], None));
    for args in [
        vec!["bestmove", "b1-b2", "b9-b8", "--level", "easy"],
        vec!["bestmove", "b1-b2", "b9-b8", "--level", "medium", "--seed", "4"],
        vec!["bestmove", "b1-b2", "b9-b8", "--level", "hard", "--millis", "150"],
    ] {
        let out = cli(&args, None);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(legal.lines().any(|l| l == text.trim()), "{args:?} gave {text}");
    }
}

#[test]
fn bestmove_is_reproducible_from_the_seed() {
    let legal = stdout(&cli(&["moves", "--players", "3", "--side", "7"], None));
    for seed in ["1", "2"] {
        let args = ["bestmove", "--players", "3", "--side", "7", "--level", "medium", "--seed", seed];
        let (first, second) = (cli(&args, None), cli(&args, None));
        for out in [&first, &second] {
            assert!(out.status.success(), "seed {seed}: {}", stderr(out));
        }
        let mv = stdout(&first);
        assert!(legal.lines().any(|l| l == mv.trim()), "seed {seed}: `{mv}` is not one legal move");
        assert_eq!(mv, stdout(&second), "seed {seed}: the same seed, the same move");
    }
}

#[test]
fn bestmove_takes_a_win_in_one_from_a_position_file() {
    let position = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  S
to move: South
in: South North
";
    for level in ["easy", "medium", "hard"] {
        let out =
            cli(&["bestmove", "--position", "-", "--level", level, "--verbose"], Some(position.as_bytes()));
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), "Mc2-c3\n", "{level}");
        assert!(stderr(&out).contains("tactics: Wins"), "{}", stderr(&out));
    }
}

#[test]
fn bestmove_after_the_end_prints_nothing_and_the_outcome_on_stderr() {
    let position = "
5 .  .  Nn N  .
4 .  .  N  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 .  .  .  .  S
to move: South
in: South North
";
    let out = cli(&["bestmove", "-p", "-", "Mc2-c3", "--level", "easy"], Some(position.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("South wins"), "{}", stderr(&out));
}

#[test]
fn selfplay_prints_a_game_that_replays() {
    let out = cli(&["selfplay", "--players", "easy,random", "--side", "5", "--seed", "3"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("outcome: "), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("outcome"))
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    assert!(!moves.is_empty());
    let mut args = vec!["play", "--side", "5"];
    args.extend(&moves);
    let replay = cli(&args, None);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("# outcome:"), "the game printed is finished: {}", stdout(&replay));
    // Same seed, same game.
    let again = cli(&["selfplay", "--players", "easy,random", "--side", "5", "--seed", "3"], None);
    assert_eq!(stdout(&again), text);
}

#[test]
fn selfplay_plays_four_seats() {
    let out = cli(&["selfplay", "--players", "easy,random,easy,random", "--side", "7", "--seed", "1"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for seat in ["South", "West", "North", "East"] {
        assert!(text.contains(seat), "{seat} never moved:\n{text}");
    }
    assert!(text.lines().last().unwrap().starts_with("outcome: "));
}

#[test]
fn tournament_prints_the_table_with_intervals() {
    let out =
        cli(&["tournament", "--players", "easy,random", "--games", "4", "--side", "5", "--seed", "9"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Wilson"), "{text}");
    assert!(text.contains("average game length"), "{text}");
    let row = |name: &str| -> Vec<String> {
        let line =
            text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} row:\n{text}"));
        line.split_whitespace().map(str::to_owned).collect()
    };
    let (easy, random) = (row("easy "), row("random "));
    let total = |r: &[String]| -> u64 { r[1..4].iter().map(|x| x.parse::<u64>().unwrap()).sum() };
    assert_eq!(total(&easy), 4);
    assert_eq!(total(&random), 4);
    // A win of one is a loss of the other in a two-seat game.
    assert_eq!(easy[1], random[3]);
    assert_eq!(easy[2], random[2]);
}

#[test]
fn bad_players_and_levels_are_clear_errors() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["tournament", "--players", "hard"], "2 to 4"),
        (vec!["tournament", "--players", "hard,genius"], "genius"),
        (vec!["selfplay", "--players", "baseline,easy,easy"], "two-seat"),
        (vec!["bestmove", "--level", "extreme"], "extreme"),
        (vec!["bestmove", "e1-e2"], "R6"),
    ];
    for (args, expected) in cases {
        let out = cli(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The reference players the tournaments measure ours against.
#[test]
fn the_baseline_and_mcts_play_a_game() {
    for players in ["baseline,easy", "mcts,easy"] {
        let out =
            cli(&["selfplay", "--players", players, "--side", "5", "--millis", "20", "--seed", "2"], None);
        assert!(out.status.success(), "{players}: {}", stderr(&out));
        let text = stdout(&out);
        let said = text.lines().last().unwrap().strip_prefix("outcome: ").expect("an outcome line");
        let plies: Vec<&str> = text.lines().filter(|l| !l.starts_with("outcome")).collect();
        // Both seats moved: the reference player (South) and Easy (North).
        for seat in ["South", "North"] {
            assert!(plies.iter().any(|l| l.contains(seat)), "{players}: {seat} never moved:\n{text}");
        }
        let moves: Vec<&str> = plies.iter().filter_map(|l| l.split_whitespace().nth(2)).collect();
        let mut args = vec!["play", "--side", "5"];
        args.extend(&moves);
        let replay = cli(&args, None);
        assert!(replay.status.success(), "{players}: the game replays: {}", stderr(&replay));
        if said != "none" {
            assert!(
                stdout(&replay).contains(&format!("# outcome: {said}")),
                "{players}: {}",
                stdout(&replay)
            );
        }
    }
}
