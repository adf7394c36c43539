//! Every shipped puzzle re-checked: it replays from its record, its
//! solution meets its kind and no other move does, judged twice: by the
//! crate's exact search ([`learn::verify`]) and by a plain search written
//! here on the game-neutral `AnyGame` (play, outcome), independent of it.

use games::{Action, AnyGame, AnyOutcome, GameKind};
use learn::{PuzzleKind, load_puzzles, puzzle_file};

/// The fewest puzzles each game ships (issue: at least 30).
const AT_LEAST: usize = 30;

fn after(game: &AnyGame, action: Action) -> AnyGame {
    let mut next = game.clone();
    next.play(action).expect("a legal action plays");
    next
}

fn won(game: &AnyGame, seat: game_core::Seat) -> bool {
    matches!(game.outcome(), Some(AnyOutcome::Win { seat: s, .. }) if s == seat)
}

fn lost(game: &AnyGame, seat: game_core::Seat) -> bool {
    matches!(game.outcome(), Some(AnyOutcome::Win { seat: s, .. }) if s != seat)
        || !game.position().seats_in().contains(seat)
}

/// The moves that win at once, by playing each.
fn plain_wins(game: &AnyGame) -> Vec<Action> {
    let me = game.to_move();
    game.legal_actions().into_iter().filter(|&a| won(&after(game, a), me)).collect()
}

/// The moves after which no reply wins (or takes the mover out) at once.
fn plain_safe(game: &AnyGame) -> Vec<Action> {
    let me = game.to_move();
    game.legal_actions()
        .into_iter()
        .filter(|&a| {
            let next = after(game, a);
            won(&next, me)
                || (next.outcome().is_none()
                    && next.legal_actions().into_iter().all(|r| !lost(&after(&next, r), me)))
        })
        .collect()
}

/// Whether `first` wins by force within the mover's next move.
fn plain_wins_in_two(game: &AnyGame, first: Action) -> bool {
    let me = game.to_move();
    let next = after(game, first);
    if won(&next, me) {
        return true;
    }
    next.outcome().is_none()
        && next.legal_actions().into_iter().all(|r| {
            let reply = after(&next, r);
            won(&reply, me) || (reply.outcome().is_none() && !plain_wins(&reply).is_empty())
        })
}

/// The moves after which the next seat can neither win at once nor score.
fn plain_stops(game: &AnyGame) -> Vec<Action> {
    let me = game.to_move();
    game.legal_actions()
        .into_iter()
        .filter(|&a| {
            let next = after(game, a);
            if won(&next, me) {
                return true;
            }
            let them = next.to_move();
            let score = next.position().score(them);
            next.outcome().is_none()
                && next.legal_actions().into_iter().all(|r| {
                    let reply = after(&next, r);
                    !lost(&reply, me) && reply.position().score(them) == score
                })
        })
        .collect()
}

fn check_game(kind: GameKind) {
    let text = puzzle_file(kind).expect("every game ships a puzzle file");
    let puzzles = load_puzzles(kind, text).unwrap_or_else(|e| panic!("{}: {e}", kind.id()));
    assert!(puzzles.len() >= AT_LEAST, "{}: {} puzzles, fewer than {AT_LEAST}", kind.id(), puzzles.len());
    for puzzle in &puzzles {
        learn::verify(puzzle).unwrap_or_else(|e| panic!("{e}"));
        let game = &puzzle.start;
        let only = |found: Vec<Action>| found == [puzzle.solution];
        let wins = plain_wins(game);
        let sound = match puzzle.kind {
            PuzzleKind::WinInOne => only(wins),
            PuzzleKind::SaveYourMarble | PuzzleKind::OnlyMove => wins.is_empty() && only(plain_safe(game)),
            PuzzleKind::StopAFreeze => {
                wins.is_empty() && only(plain_stops(game)) && plain_safe(game).len() >= 2
            }
            PuzzleKind::WinInTwo => {
                wins.is_empty()
                    && game
                        .legal_actions()
                        .into_iter()
                        .filter(|&a| plain_wins_in_two(game, a))
                        .collect::<Vec<_>>()
                        == [puzzle.solution]
            }
        };
        assert!(
            sound,
            "{}: the plain search disagrees that {} is the one {:?}",
            puzzle.id, puzzle.solution_text, puzzle.kind
        );
    }
}

#[test]
fn every_arkes_puzzle_has_exactly_one_solution() {
    check_game(games::arkes::KIND);
}

#[test]
fn every_arcanor_puzzle_has_exactly_one_solution() {
    check_game(games::arcanor::KIND);
}

#[test]
fn a_puzzle_whose_solution_is_not_the_only_one_is_refused() {
    let kind = games::arkes::KIND;
    let mut puzzles = load_puzzles(kind, puzzle_file(kind).unwrap()).unwrap();
    let mut puzzle = puzzles.swap_remove(0);
    // Another legal move named as the solution: verify must refuse it.
    let other = puzzle.start.legal_actions().into_iter().find(|&a| a != puzzle.solution).unwrap();
    puzzle.solution_text = puzzle.start.action_text(other).unwrap();
    puzzle.solution = other;
    assert!(learn::verify(&puzzle).is_err());
}

#[test]
fn a_puzzle_file_naming_an_illegal_solution_or_another_game_is_an_error() {
    let kind = games::arkes::KIND;
    let text = puzzle_file(kind).unwrap();
    let mut file: learn::puzzle::PuzzleFile = serde_json::from_str(text).unwrap();
    file.puzzles[0].solution = "a1-i9".into();
    let bad = serde_json::to_string(&file).unwrap();
    let err = load_puzzles(kind, &bad).unwrap_err();
    assert!(err.contains("not a legal move"), "{err}");
    assert!(load_puzzles(games::arcanor::KIND, text).unwrap_err().contains("not of `arcanor`"));
    assert!(load_puzzles(kind, "{").is_err());
}
