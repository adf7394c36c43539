//! Invariants checked at every ply of seeded random games, shuffling and
//! biased forward (so that frozen pieces, scores and 12-point wins occur):
//! hashes, scores, undo, text round trips, legality agreeing with
//! generation, and games that always end.

mod common;

use std::collections::HashMap;

use arcanor_engine::{
    Coord, Game, Move, MoveText, Outcome, Position, SHAPE, Seat, Setup, Value, WinReason, target_rank,
};

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

/// The scores of A9 counted from the grid.
fn scores_from_scratch(p: &Position) -> [u8; 2] {
    let mut scores = [0; 2];
    for (cell, f) in p.occupied() {
        let top = f.top().unwrap();
        if cell.rank() == target_rank(top.seat) {
            scores[usize::from(top.seat == Seat::North)] += top.value.get();
        }
    }
    scores
}

fn check_position(p: &Position) {
    assert_eq!(p.hash(), p.hash_from_scratch(), "incremental hash\n{p}");
    assert_eq!([p.score(Seat::South), p.score(Seat::North)], scores_from_scratch(p), "A9 scores\n{p}");
    assert!(p.occurrences(p.grid(), p.to_move()) >= 1, "the current state counts as occurred");
    assert_eq!(u32::from(p.repetitions()), p.occurrences(p.grid(), p.to_move()));

    let text = p.to_string();
    let back: Position = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, p, "diagram round trip");
    assert_eq!(back.to_string(), text);

    let moves = p.legal_moves();
    assert_eq!(moves.len() as u64, p.count_legal_moves());
    assert_eq!(moves.is_empty(), p.outcome().is_some(), "no legal move only when decided (A11)\n{p}");
    for &mv in &moves {
        assert_eq!(p.resolve(mv.text()), Ok(mv), "generated moves are legal");
        let notation = mv.to_string();
        assert_eq!(p.parse_move(&notation), Ok(mv), "notation round trip {notation}");
        assert!(!p.is_frozen(mv.from), "A8: a frozen formation never moves");
    }
    // Resolving agrees with generation for every step and every way of
    // naming the pieces: as a lone piece, the top alone, the whole duo.
    for from in SHAPE.coords() {
        let formation = p.get(from);
        let mut namings: Vec<Option<(Value, Option<Value>)>> = vec![None];
        if let Some(top) = formation.top() {
            namings.push(Some((top.value, None)));
            if let Some(inner) = formation.under() {
                namings.push(Some((top.value, Some(inner.value))));
            }
        }
        for to in from.neighbours(SHAPE) {
            for &values in &namings {
                for eat in [false, true] {
                    let text = MoveText { values, from, to, eat };
                    let generated = moves.iter().find(|m| {
                        m.from == from
                            && m.to == to
                            && values.is_some_and(|(t, i)| t == m.top && (i.is_some() == m.is_whole_duo()))
                    });
                    match (p.resolve(text), generated) {
                        (Ok(mv), Some(&g)) => assert_eq!(mv, g),
                        (Err(_), None) => {}
                        (Ok(mv), None) if values.is_none() && formation.under().is_none() => {
                            assert!(moves.contains(&mv), "{text} resolves to {mv}, not generated\n{p}");
                        }
                        (r, g) => panic!("{text}: resolve says {r:?}, generation {g:?}\n{p}"),
                    }
                }
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
        assert_eq!(q.history(), p.history());
        assert_eq!(q.repetitions(), p.repetitions());
    }
}

/// How far forward a move goes for the mover (towards its target row).
fn progress(mv: Move, seat: Seat) -> i32 {
    let dr = i32::from(mv.to.rank()) - i32::from(mv.from.rank());
    if seat == Seat::South { dr } else { -dr }
}

fn random_game(seed: u64, forward: bool, check_every_ply: bool) -> Game {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut game = Game::from_setup(Setup::standard()).unwrap();
    let mut plies = 0;
    while game.outcome().is_none() {
        if check_every_ply {
            check_position(game.position());
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty());
        let seat = game.to_move();
        let mv = if forward && rng.below(10) < 8 {
            // Eat, or step forward with a lone piece or a top piece alone.
            let best = moves
                .iter()
                .map(|&m| (i32::from(m.eats) * 3 + progress(m, seat) * 2 - i32::from(m.is_whole_duo()), m))
                .max_by_key(|&(score, _)| score)
                .map(|(score, _)| score)
                .unwrap_or(0);
            let good: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    i32::from(m.eats) * 3 + progress(m, seat) * 2 - i32::from(m.is_whole_duo()) == best
                })
                .collect();
            good[rng.below(good.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let report = game.play(mv).unwrap();
        assert_eq!(report.mv, Some(mv));
        plies += 1;
        assert!(plies <= 2 * 100, "the round limit ends every game");
    }
    if check_every_ply {
        let replayed = Game::from_json(&game.to_json().expect("a save")).unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.outcome(), game.outcome());
        let record: arcanor_engine::GameRecord = game.record().to_string().parse().unwrap();
        assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
    }
    game
}

#[test]
fn random_games_keep_every_invariant() {
    let mut outcomes: HashMap<String, usize> = HashMap::new();
    for seed in 0..200 {
        let forward = seed % 2 == 0;
        let game = random_game(seed, forward, seed < 40);
        let key = match game.outcome().unwrap() {
            Outcome::Win(w) => format!("{:?}", w.reason),
            Outcome::Draw(d) => format!("{d:?}"),
        };
        *outcomes.entry(key).or_insert(0) += 1;
    }
    // Forward play reaches 12-point wins; shuffling reaches the round limit.
    assert!(outcomes.get("Points").copied().unwrap_or(0) >= 20, "{outcomes:?}");
    assert!(outcomes.len() >= 2, "{outcomes:?}");
}

#[test]
fn forward_games_freeze_pieces_eat_free_prisoners_and_score() {
    let (mut frozen, mut eaten, mut freed, mut whole_duos) = (0, 0, 0, 0);
    for seed in 500..560 {
        let game = random_game(seed, true, false);
        frozen += SHAPE.coords().filter(|&c| game.position().is_frozen(c)).count();
        // Replay on a position to look at each move's undo record.
        let mut p = Position::standard();
        for ply in game.plies() {
            let undo = p.play(p.parse_move(&ply.to_string()).unwrap()).unwrap();
            eaten += usize::from(undo.eaten().is_some());
            whole_duos += usize::from(undo.mv().is_whole_duo());
            if let Some(piece) = undo.freed()
                && piece.seat != undo.mover()
            {
                freed += 1;
            }
        }
        if let Some(Outcome::Win(w)) = game.outcome()
            && w.reason == WinReason::Points
        {
            assert!(p.score(w.seat) >= 12);
        }
    }
    assert!(frozen > 100, "{frozen} frozen formations");
    assert!(eaten > 50, "{eaten} pieces eaten");
    assert!(freed > 10, "{freed} prisoners freed");
    assert!(whole_duos > 10, "{whole_duos} whole-duo moves");
}

#[test]
fn random_games_replay_from_their_move_lists() {
    for seed in 1000..1060 {
        let game = random_game(seed, seed % 3 == 0, false);
        let mut replay = Game::new(game.setup().clone(), game.limits()).unwrap();
        for ply in game.plies() {
            replay.play_text(&ply.to_string()).unwrap();
        }
        assert_eq!(replay.position(), game.position());
        assert_eq!(replay.outcome(), game.outcome());
    }
}

#[test]
fn a_coord_off_the_board_is_never_a_cell() {
    let p = Position::standard();
    assert!(p.get(Coord::new(8, 0)).is_empty());
    assert!(p.get(Coord::new(0, 7)).is_empty());
    assert!(!p.is_frozen(Coord::new(10, 10)));
}

/// Many more games, some checked at every ply: about 7 s in the test build.
#[test]
fn random_games_long_run() {
    for seed in 0..20_000 {
        random_game(seed, seed % 2 == 0, seed % 100 == 0);
    }
}
