//! Invariants checked at every ply of seeded random games: hashes, undo, text
//! round trips, legality agreeing with generation, and games that always end.

use arkes_engine::{Game, Move, Position, Seat, Setup};

/// xorshift64*: a tiny seeded generator so the games are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Checks the invariants of a position of a game that goes on (`over` is
/// set for the final position of a game, which a limit of R15 may have
/// ended with the seat to move stuck).
fn check_position(p: &Position, over: bool) {
    assert_eq!(p.hash(), p.hash_from_scratch(), "incremental hash\n{p}");
    assert!(p.tops_agree_with_board(), "incremental top pieces\n{p}");
    assert!(p.has_occurred(p.board(), p.to_move()), "the current state counts as occurred");

    let text = p.to_string();
    let back: Position = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, p, "position text round trip");
    assert_eq!(back.to_string(), text);

    let moves = p.legal_moves();
    assert_eq!(moves.len() as u64, p.count_legal_moves());
    // The quiescence search's captures: the legal ones, in the same order.
    let mut captures = Vec::new();
    p.capture_moves_into(&mut captures);
    let expected: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
    assert_eq!(captures, expected, "captures generated alone\n{p}");
    if !over {
        assert_eq!(
            moves.is_empty(),
            p.outcome().is_some(),
            "R12: no legal move only when the game is over\n{p}"
        );
    }
    for &mv in &moves {
        assert_eq!(p.check(mv.from, mv.to), Ok(mv), "generated moves are legal");
        let notation = mv.to_string();
        assert_eq!(p.parse_move(&notation), Ok(mv), "notation round trip {notation}");
    }
    // is_legal agrees with the generated list on every step of the board.
    let shape = p.board().shape();
    for from in p.board().coords() {
        for to in from.neighbours(shape) {
            let generated = moves.iter().find(|m| m.from == from && m.to == to);
            match (p.check(from, to), generated) {
                (Ok(mv), Some(&g)) => assert_eq!(mv, g),
                (Err(_), None) => {}
                (r, g) => panic!("{from}-{to}: check says {r:?}, generation {g:?}\n{p}"),
            }
        }
    }
    // Play then undo restores the position, its hash and its history.
    let mut q = p.clone();
    for &mv in &moves {
        let undo = q.play(mv).unwrap();
        assert_eq!(q.hash(), q.hash_from_scratch());
        q.undo(undo);
        assert_eq!(&q, p);
        assert_eq!(q.hash(), p.hash());
        assert_eq!(q.history(), p.history(), "undo restores the history (R10)");
    }
    assert_eq!(q.legal_moves(), moves, "undo restores the history too (R10)");
}

fn random_game(seed: u64, check_every_ply: bool) -> Game {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let players = 2 + rng.below(3);
    let side = [5, 7, 9, 11][rng.below(4)];
    let mut game = Game::from_setup(Setup::standard(players, side).unwrap()).unwrap();
    let mut plies = 0;
    while game.outcome().is_none() {
        if check_every_ply {
            check_position(game.position(), false);
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty());
        let mv = moves[rng.below(moves.len())];
        let report = game.play(mv).unwrap();
        assert_eq!(report.mv.map(|m| (m.from, m.to)), Some((mv.from, mv.to)));
        plies += 1;
        assert!(plies <= 100 * 4 + 4, "the round limit ends every game");
    }
    if check_every_ply {
        check_position(game.position(), true);
        let replayed = Game::from_json(&game.to_json().expect("a save")).unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.outcome(), game.outcome());
    }
    game
}

#[test]
fn random_games_keep_every_invariant() {
    let mut outcomes = std::collections::HashMap::new();
    for seed in 0..300 {
        let game = random_game(seed, seed < 60);
        *outcomes.entry(format!("{:?}", game.outcome().unwrap())).or_insert(0) += 1;
    }
    // Random play reaches several kinds of ending.
    assert!(outcomes.len() >= 2, "{outcomes:?}");
}

#[test]
fn random_games_replay_from_their_move_lists() {
    for seed in 1000..1100 {
        let game = random_game(seed, false);
        let mut replay = Game::new(game.setup().clone(), game.limits()).unwrap();
        for ply in game.plies() {
            if let arkes_engine::Ply::Move { mv, .. } = ply {
                replay.play_text(&mv.to_string()).unwrap();
            }
        }
        assert_eq!(replay.position(), game.position());
        assert_eq!(replay.outcome(), game.outcome());
    }
}

#[test]
fn r12_seats_in_are_exactly_the_seats_with_a_marble() {
    // Without the round limit of Game, a Position plays on until R11 or R14.
    let mut eliminations = 0;
    for seed in 2000..2030 {
        let mut rng = Rng(seed | 1);
        let mut p = Position::standard(4, 5).unwrap();
        for _ in 0..3000 {
            if p.outcome().is_some() {
                break;
            }
            assert!(p.marble(p.to_move()).is_some());
            let in_with_marbles = Seat::ALL.iter().filter(|&&s| p.marble(s).is_some()).count();
            assert_eq!(in_with_marbles, p.seats_in().len());
            let before = p.seats_in().len();
            let moves = p.legal_moves();
            let mv: Move = moves[rng.below(moves.len())];
            p.play(mv).unwrap();
            eliminations += before - p.seats_in().len();
        }
        let in_with_marbles = Seat::ALL.iter().filter(|&&s| p.marble(s).is_some()).count();
        assert_eq!(in_with_marbles, p.seats_in().len(), "at the end too");
    }
    // The check means something only if seats did go out along the way.
    assert!(eliminations >= 30, "only {eliminations} seats went out in 30 four-player games");
}

/// Many more games, the invariants checked in one of each hundred: 20 000
/// games take about 15 s in the test build (100 000 took 75 s, too long
/// for every run of the test command).
#[test]
fn random_games_long_run() {
    for seed in 0..20_000 {
        random_game(seed, seed % 100 == 0);
    }
}
