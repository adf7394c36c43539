//! `arkes-cli analyse`: a missed win in one and a move that lets the next
//! seat win at once are blunders whose best move is the win or the only
//! defence (both games; ARKES with 2 and 4 players), the strongest level
//! playing itself makes no blunder in 20 plies, and bad input is refused.

mod common;

use common::{cli, stderr, stdout};
use serde_json::Value;

/// `analyse --json` of `moves` after the position `text` (on stdin), one
/// object per ply; `args` go before `analyse`.
fn analyse(args: &[&str], text: &str, moves: &[&str]) -> Vec<Value> {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["analyse", "--json", "-p", "-"]);
    all.extend(moves);
    let out = cli(&all, Some(text.as_bytes()));
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).lines().map(|line| serde_json::from_str(line).expect("a JSON object per line")).collect()
}

/// The first ply is a blunder of `seat` with `played`, whose best is `best`.
fn assert_blunder(plies: &[Value], seat: &str, played: &str, best: &str) {
    let first = &plies[0];
    assert_eq!(first["ply"], 1, "{first}");
    assert_eq!(first["seat"], seat, "{first}");
    assert_eq!(first["move"], played, "{first}");
    assert_eq!(first["verdict"], "blunder", "{first}");
    assert_eq!(first["best"], best, "{first}");
    let (before, after) = (first["win_before"].as_f64().unwrap(), first["win_after"].as_f64().unwrap());
    assert!((0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after), "{first}");
    assert!(after <= before, "{first}");
}

#[test]
fn r11_a_missed_win_on_the_golden_cell_is_a_blunder_whose_best_is_the_win() {
    let text = "
5 Nn .  .  N  N
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  S
  a  b  c  d  e
to move: South
in: South North
";
    assert_blunder(&analyse(&[], text, &["a1-a2"]), "south", "a1-a2", "Mc2-c3");
}

#[test]
fn r11_a_move_that_lets_north_reach_the_golden_cell_is_a_blunder() {
    // North's marble on c4 steps onto its unit on c3 unless South stacks on
    // it: b2-c3 is the only defence; e1-e2 loses at once.
    let text = "
5 .  N  .  .  N
4 .  .  Nn .  .
3 .  .  N  .  .
2 .  S  .  .  .
1 Ss .  .  .  S
  a  b  c  d  e
to move: South
in: South North
";
    assert_blunder(&analyse(&[], text, &["e1-e2"]), "south", "e1-e2", "b2-c3");
}

#[test]
fn r11_four_players_a_missed_win_is_a_blunder() {
    let text = "
5 .  .  Nn N  .
4 Ww .  .  .  Ee
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  .
  a  b  c  d  e
to move: South
in: South West North East
";
    assert_blunder(&analyse(&[], text, &["a1-b1"]), "south", "a1-b1", "Mc2-c3");
}

#[test]
fn a10_a_missed_twelfth_point_is_a_blunder_whose_best_is_the_win() {
    // South has 8 points; its 4 on a6 steps onto a7 for 12.
    let text = arcanor_engine::diagram(
        &[("b7", "S4"), ("c7", "S4"), ("a6", "S4"), ("d4", "S2"), ("h4", "N2"), ("h1", "N1")],
        "South",
    );
    assert_blunder(&analyse(&["--game", "arcanor"], &text, &["2d4-d5"]), "south", "2d4-d5", "4a6-a7");
}

#[test]
fn a10_a_move_that_lets_north_score_twelve_is_a_blunder() {
    // North has 9 points and a 3 on b2 that scores 3 on b1 or c1: only
    // South's 2 on c3 eating it stops that.
    let text = arcanor_engine::diagram(
        &[("e1", "N4"), ("f1", "N4"), ("g1", "N1"), ("b2", "N3"), ("c3", "S2"), ("a1", "S1"), ("h6", "S3")],
        "South",
    );
    assert_blunder(&analyse(&["--game", "arcanor"], &text, &["3h6-h5"]), "south", "3h6-h5", "2c3xb2");
}

/// The strongest level plays `plies` plies against itself from the start.
fn self_play<G: game_ai::SearchGame>(mut game: game_core::Game<G>, plies: usize) -> Vec<String> {
    let mut moves = Vec::new();
    for ply in 0..plies {
        let Some(mv) = game_ai::choose_move(&game, game_ai::Level::Hard, ply as u64) else { break };
        moves.push(mv.to_string());
        game.play(mv).expect("the searcher's move is legal");
    }
    moves
}

/// No ply of `moves` is flagged a blunder by `analyse`.
fn assert_no_blunder(args: &[&str], moves: &[String]) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["analyse", "--json"]);
    all.extend(moves.iter().map(String::as_str));
    let out = cli(&all, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let plies: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(plies.len(), moves.len(), "a verdict per ply");
    for ply in &plies {
        assert_ne!(ply["verdict"], "blunder", "the strongest level blunders by the analysis: {ply}");
    }
}

#[test]
fn the_strongest_level_makes_no_blunder_in_20_plies_of_arkes() {
    let game = arkes_engine::Game::from_setup(arkes_engine::Setup::standard(2, 9).unwrap()).unwrap();
    assert_no_blunder(&[], &self_play(game, 20));
}

#[test]
fn the_strongest_level_makes_no_blunder_in_20_plies_of_arcanor() {
    let game = arcanor_engine::Game::from_setup(arcanor_engine::Setup::standard()).unwrap();
    assert_no_blunder(&["--game", "arcanor"], &self_play(game, 20));
}

#[test]
fn analyse_refuses_an_illegal_move_with_exit_2_and_one_line_naming_it_and_the_rule() {
    let out = cli(&["analyse", "b1-b2", "e9-e8"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("e9-e8") && err.contains("R6"), "{err}");
    assert_eq!(stdout(&out), "");
    let out = cli(&["analyse", "--level", "impossible"], None);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn analyse_prints_one_plain_line_per_ply() {
    let out = cli(&["analyse", "b1-b2", "b9-b8"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let fields: Vec<&str> = lines[0].split(' ').collect();
    // PLY SEAT MOVE VERDICT BEST WIN_BEFORE WIN_AFTER
    assert_eq!(fields.len(), 7, "{text}");
    assert_eq!(&fields[..3], ["1", "South", "b1-b2"], "{text}");
    assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&fields[3]), "{text}");
    for chance in &fields[5..] {
        let percent: f64 = chance.parse().expect("a percentage");
        assert!((0.0..=100.0).contains(&percent), "{text}");
    }
}
