//! Tactics in one, at every level: positions in the engine's text format.
//! Each position is first judged by the plain two-ply search of
//! `common::judge` (the engine's rules alone, nothing of `game_ai`), so
//! that the diagram really holds the tactic its test names, and every
//! level's move is judged by it too.

mod common;

use arkes_engine::{Arkes, Game, Limits, Move, Position};
use common::judge::Verdict;
use game_ai::tactics::{Decision, analyse};
use game_ai::{Level, Reason, Searcher};

/// South wins with Mc2-c3 (R11).
const GOLDEN_WIN: &str = "
5 Nn .  .  N  N
4 .  .  .  .  .
3 .  .  S  .  .
2 .  .  Ss .  .
1 S  .  .  .  S
  a  b  c  d  e
to move: South
in: South North
";

/// North threatens Mc4-c3 (R11); b2-c3 is South's only move that does not lose.
const GOLDEN_THREAT: &str = "
5 .  N  .  .  N
4 .  .  Nn .  .
3 .  .  N  .  .
2 .  S  .  .  .
1 Ss .  .  .  S
  a  b  c  d  e
to move: South
in: South North
";

/// Three players: South takes West's marble with b2xa3, safely (R7).
const SAFE_MARBLE_CAPTURE: &str = "
5 .  N  Nn N  .
4 .  .  .  .  .
3 Ww .  *  .  .
2 W  S  .  .  .
1 .  .  .  S  Ss
  a  b  c  d  e
to move: South
in: South West North
";

/// The move every level plays in `text`, with its default options.
fn moves_at_every_level(text: &str) -> Vec<(Level, Move)> {
    let position: Position = text.parse().unwrap();
    let game = Game::new(position.to_setup(), Limits::default()).unwrap();
    Level::ALL
        .into_iter()
        .map(|level| {
            let mut searcher = Searcher::for_game(&game, level.options().seed(11).max_nodes(20_000));
            let mv = searcher.search_to_end().expect("a move");
            assert!(game.position().is_legal(mv), "{level}: {mv} is illegal");
            (level, mv)
        })
        .collect()
}

/// The position of `text`, the judge's verdict on it, and the move `mv`
/// names there.
fn judged(text: &str, mv: &str) -> (Verdict<Arkes>, Move) {
    let position: Position = text.parse().unwrap();
    let mv = position.parse_move(mv).unwrap();
    (Verdict::<Arkes>::of(&position), mv)
}

/// Every level plays `expected`, which the judge finds wins at once.
fn assert_every_level_plays_the_win(text: &str, expected: &str) {
    let (verdict, expected) = judged(text, expected);
    assert!(
        verdict.wins.contains(&expected),
        "the judge finds no win in {expected} (the wins: {:?}) in\n{text}",
        verdict.wins
    );
    for (level, mv) in moves_at_every_level(text) {
        assert_eq!(verdict.fault(mv), None, "{level} in\n{text}");
        assert_eq!(mv, expected, "{level} in\n{text}");
    }
}

/// Every level plays `expected`, which the judge finds the only move after
/// which the next seat cannot win at once (with no win in one to play).
fn assert_every_level_plays_the_only_safe_move(text: &str, expected: &str) {
    let (verdict, expected) = judged(text, expected);
    assert_eq!(verdict.wins, Vec::<Move>::new(), "no win in one expected in\n{text}");
    assert_eq!(verdict.safe, vec![expected], "the judge's safe moves in\n{text}");
    assert_eq!(verdict.staying_in, vec![expected], "the judge's moves keeping the mover in, in\n{text}");
    for (level, mv) in moves_at_every_level(text) {
        assert_eq!(verdict.fault(mv), None, "{level} in\n{text}");
        assert_eq!(mv, expected, "{level} in\n{text}");
    }
}

#[test]
fn r11_a_win_on_the_golden_cell_is_played() {
    let text = GOLDEN_WIN;
    assert_every_level_plays_the_win(text, "Mc2-c3");
}

#[test]
fn r07_the_last_enemy_marble_is_captured() {
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
    // With two players the last enemy marble is a win (R14).
    assert_every_level_plays_the_win(text, "d3xd4");
}

#[test]
fn r11_a_golden_threat_is_blocked() {
    // North's marble on c4 steps onto its unit on the golden cell next move
    // unless South stacks on it: b2-c3 is the only move that does not lose.
    let text = GOLDEN_THREAT;
    assert_every_level_plays_the_only_safe_move(text, "b2-c3");
}

#[test]
fn r07_the_marble_is_not_walked_next_to_an_enemy_token() {
    // Mb2-c2 brings the marble nearer the golden cell, but next to North's
    // token on d3, which would take it (and win). Every level avoids it.
    let text = "
5 .  .  Nn N  .
4 .  .  .  .  .
3 .  .  *  N  .
2 .  Ss S  .  .
1 .  S  .  .  .
  a  b  c  d  e
to move: South
in: South North
";
    let (verdict, walk) = judged(text, "Mb2-c2");
    assert!(verdict.wins.is_empty(), "no win in one expected: {:?}", verdict.wins);
    assert!(!verdict.safe.contains(&walk), "the judge finds that North cannot punish {walk} at once");
    assert!(!verdict.safe.is_empty(), "the judge finds no safe move");
    for (level, mv) in moves_at_every_level(text) {
        assert_ne!(mv, walk, "{level}");
        assert_eq!(verdict.fault(mv), None, "{level}: {mv}");
    }
}

#[test]
fn three_players_a_safe_marble_capture_is_taken() {
    let text = SAFE_MARBLE_CAPTURE;
    // Not a win (North is still in), but a safe one: the judge finds no
    // reply of North that wins or takes South's marble at once.
    let (verdict, capture) = judged(text, "b2xa3");
    assert!(verdict.wins.is_empty(), "no win in one expected: {:?}", verdict.wins);
    assert!(
        verdict.staying_in.contains(&capture),
        "the judge finds {capture} unsafe: {:?}",
        verdict.staying_in
    );
    for (level, mv) in moves_at_every_level(text) {
        assert_eq!(verdict.fault(mv), None, "{level}");
        assert_eq!(mv, capture, "{level}");
    }
}

#[test]
fn four_players_a_win_on_the_golden_cell_is_played() {
    let text = "
5 .  .  Nn N  .
4 W  .  .  .  .
3 Ww .  S  .  Ee
2 .  .  Ss .  E
1 S  .  .  .  .
  a  b  c  d  e
to move: South
in: South West North East
";
    assert_every_level_plays_the_win(text, "Mc2-c3");
}

#[test]
fn four_players_a_capture_that_lets_the_next_seat_win_is_declined() {
    // d2xe3 would take East's marble, but West's marble on b3 would then step
    // onto West's unit on the golden cell: South blocks with d2-c3 instead.
    let text = "
5 .  .  Nn N  .
4 W  .  .  .  E
3 .  Ww W  .  Ee
2 .  .  .  S  .
1 Ss .  .  .  .
  a  b  c  d  e
to move: South
in: South West North East
";
    assert_every_level_plays_the_only_safe_move(text, "d2-c3");
}

#[test]
fn three_players_a_golden_threat_of_the_next_seat_is_blocked() {
    // West moves next and threatens Mb3-c3; South's only block is d2-c3.
    let text = "
5 .  N  Nn .  .
4 W  .  .  .  .
3 .  Ww W  .  .
2 .  .  .  S  .
1 .  .  .  .  Ss
  a  b  c  d  e
to move: South
in: South West North
";
    assert_every_level_plays_the_only_safe_move(text, "d2-c3");
}

/// `analyse` itself (what every level runs before searching), not only the
/// move played in the end: why it plays a move, how many positions it
/// tried, and nothing to do once the game is over.
#[test]
fn tactics_alone_decide_wins_only_safe_moves_and_safe_marble_captures() {
    let decide = |text: &str| {
        let position: Position = text.parse().unwrap();
        let analysis = analyse::<Arkes>(&position);
        (position, analysis)
    };
    let (position, win) = decide(GOLDEN_WIN);
    let mv = position.parse_move("Mc2-c3").unwrap();
    assert_eq!(win.decision, Decision::Play(mv, Reason::Wins));
    let tried = position.legal_moves().iter().position(|&m| m == mv).unwrap() + 1;
    assert_eq!(win.nodes, tried as u64, "the moves up to the win, each played once");

    let (position, block) = decide(GOLDEN_THREAT);
    assert_eq!(block.decision, Decision::Play(position.parse_move("b2-c3").unwrap(), Reason::OnlySafe));
    assert_eq!(block.nodes, position.legal_moves().len() as u64, "every move played once");

    let (position, capture) = decide(SAFE_MARBLE_CAPTURE);
    assert_eq!(
        capture.decision,
        Decision::Play(position.parse_move("b2xa3").unwrap(), Reason::CapturesMarble)
    );

    // After the win the game is over: no move, nothing tried.
    let mut game = Game::new(GOLDEN_WIN.parse::<Position>().unwrap().to_setup(), Limits::default()).unwrap();
    game.play_text("Mc2-c3").unwrap();
    assert!(game.outcome().is_some());
    let over = analyse::<Arkes>(game.position());
    assert_eq!((over.decision, over.nodes), (Decision::GameOver, 0));
}
