//! An independent, deliberately simple move generator for ARKES, written from
//! RULES.md (R2–R14) and the engine's documented decisions, not from the
//! engine: cells are strings of piece letters, states are strings, nothing
//! is incremental. The engine's legal moves must be the same set at every
//! ply of many random games, and perft must agree.

use std::collections::HashSet;

use arkes_engine::{Move, Position};

const DIRS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Seats in turn order (R2), by letter: tokens are capitals, marbles small.
const ORDER: [char; 4] = ['S', 'W', 'N', 'E'];

#[derive(Clone)]
struct Simple {
    side: i32,
    /// Pieces of each cell bottom first, by index `rank * side + file`.
    cells: Vec<Vec<char>>,
    /// Seats with a marble, in turn order.
    seats: Vec<char>,
    to_move: char,
    /// Every state (grid and next seat) that has occurred (R10).
    seen: HashSet<String>,
}

fn cell_name(side: i32, index: usize) -> String {
    let (file, rank) = (index as i32 % side, index as i32 / side);
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Simple {
    /// The start of R2: side − 2 tokens on each home edge, corners left
    /// empty, the marble on the middle one.
    fn start(players: usize, side: i32) -> Simple {
        let seats: Vec<char> = match players {
            2 => vec!['S', 'N'],
            3 => vec!['S', 'W', 'N'],
            _ => ORDER.to_vec(),
        };
        let mut cells = vec![Vec::new(); (side * side) as usize];
        let last = side - 1;
        for &seat in &seats {
            for k in 1..last {
                let (file, rank) = match seat {
                    'S' => (k, 0),
                    'W' => (0, k),
                    'N' => (k, last),
                    _ => (last, k),
                };
                let cell = &mut cells[(rank * side + file) as usize];
                cell.push(seat);
                if k == side / 2 {
                    cell.push(seat.to_ascii_lowercase());
                }
            }
        }
        let mut s = Simple { side, cells, seats, to_move: 'S', seen: HashSet::new() };
        s.seen.insert(s.state());
        s
    }

    /// A copy without the history (candidates only need the grid).
    fn bare(&self) -> Simple {
        Simple {
            side: self.side,
            cells: self.cells.clone(),
            seats: self.seats.clone(),
            to_move: self.to_move,
            seen: HashSet::new(),
        }
    }

    fn state(&self) -> String {
        let grid: Vec<String> = self.cells.iter().map(|c| c.iter().collect()).collect();
        format!("{}|{}", grid.join("/"), self.to_move)
    }

    fn next_after(seats: &[char], seat: char) -> char {
        let i = ORDER.iter().position(|&s| s == seat).unwrap();
        (1..=4).map(|k| ORDER[(i + k) % 4]).find(|s| seats.contains(s)).unwrap_or(seat)
    }

    fn winner(&self) -> Option<char> {
        let gold = &self.cells[((self.side / 2) * self.side + self.side / 2) as usize];
        if let Some(&top) = gold.last()
            && top.is_ascii_lowercase()
        {
            return Some(top.to_ascii_uppercase()); // R11
        }
        (self.seats.len() == 1).then(|| self.seats[0]) // R14
    }

    /// The moves R3–R9 allow, each with its notation and the state after it
    /// (before R10 and R12).
    fn candidates(&self) -> Vec<(String, Simple)> {
        let mut out = Vec::new();
        if self.winner().is_some() {
            return out;
        }
        let me = self.to_move;
        let mine = me.to_ascii_lowercase();
        for from in 0..self.cells.len() {
            let stack = &self.cells[from];
            let Some(&top) = stack.last() else { continue };
            if top.to_ascii_uppercase() != me {
                continue; // R4: only the owner moves the top piece
            }
            let (file, rank) = (from as i32 % self.side, from as i32 / self.side);
            for (df, dr) in DIRS {
                let (f, r) = (file + df, rank + dr);
                if f < 0 || r < 0 || f >= self.side || r >= self.side {
                    continue;
                }
                let to = (r * self.side + f) as usize;
                let target = self.cells[to].clone();
                let mut next = self.bare();
                next.cells[from].pop();
                let mut capture = false;
                let mut marble_move = false;
                if top == mine {
                    // R6: a marble steps only onto a single own token.
                    if target != [me] {
                        continue;
                    }
                    next.cells[to].push(mine);
                    marble_move = true;
                } else {
                    let from_tower = stack.len() == 2 && stack[0] == me && stack[1] == me;
                    match target.as_slice() {
                        [] => next.cells[to] = vec![me],
                        [t] if from_tower && *t != me => {
                            next.cells[to] = vec![me]; // R8: a unit taken
                            capture = true;
                        }
                        [t] => next.cells[to] = vec![*t, me], // R5: tower or siege
                        [b, t] if t.is_ascii_lowercase() => {
                            if *t == mine {
                                continue; // R7: never your own marble
                            }
                            next.cells[to] = vec![*b, me]; // R7: any token takes a marble
                            next.seats.retain(|&s| s != t.to_ascii_uppercase());
                            capture = true;
                        }
                        [b, t] if from_tower && *t != me => {
                            next.cells[to] = vec![*b, me]; // R8: the top token taken
                            capture = true;
                        }
                        [b, t] if from_tower && *b != me => {
                            next.cells[to] = vec![*t, me]; // R8: the token under an own one taken
                            capture = true;
                        }
                        _ => continue, // R4: full
                    }
                }
                next.to_move = Simple::next_after(&next.seats, me);
                let sep = if capture { 'x' } else { '-' };
                let prefix = if marble_move { "M" } else { "" };
                let name = format!("{prefix}{}{sep}{}", cell_name(self.side, from), cell_name(self.side, to));
                out.push((name, next));
            }
        }
        out
    }

    /// R10: the candidates whose state has not occurred.
    fn legal(&self) -> Vec<(String, Simple)> {
        self.candidates().into_iter().filter(|(_, next)| !self.seen.contains(&next.state())).collect()
    }

    fn legal_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.legal().into_iter().map(|(n, _)| n).collect();
        names.sort();
        names
    }

    /// Plays the move named `name`, then R12: while the seat to move has no
    /// legal move, its marble is removed and the turn passes; every state
    /// reached counts as occurred.
    fn play(&mut self, name: &str) {
        let (_, mut next) = self.legal().into_iter().find(|(n, _)| n == name).expect("a legal move");
        next.seen = std::mem::take(&mut self.seen);
        next.seen.insert(next.state());
        while next.winner().is_none() && next.legal().is_empty() {
            let seat = next.to_move;
            let marble = seat.to_ascii_lowercase();
            for cell in &mut next.cells {
                cell.retain(|&p| p != marble);
            }
            next.seats.retain(|&s| s != seat);
            next.to_move = Simple::next_after(&next.seats, seat);
            next.seen.insert(next.state());
        }
        *self = next;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(name, _)| {
                let mut next = self.clone();
                next.play(&name);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn engine_names(p: &Position) -> Vec<String> {
    let mut names: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    names.sort();
    names
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn r02_r10_legal_moves_match_the_reference_along_random_games() {
    let mut plies = 0;
    let mut captures = 0;
    let mut eliminations = 0;
    let mut repetitions = 0;
    for seed in 1..=60u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let players = 2 + rng.below(3);
        let side = [5, 7, 9][rng.below(3)];
        let mut engine = Position::standard(players, side as u8).unwrap();
        let mut simple = Simple::start(players, side);
        for _ in 0..250 {
            let names = engine_names(&engine);
            assert_eq!(names, simple.legal_names(), "seed {seed}, {players} players, side {side}\n{engine}");
            if names.is_empty() {
                break;
            }
            repetitions += simple.candidates().len() - names.len();
            // Prefer moves back and forth now and then, to meet R10.
            let name = names[rng.below(names.len())].clone();
            let seats_before = simple.seats.len();
            engine.play(engine.parse_move(&name).unwrap()).unwrap();
            simple.play(&name);
            plies += 1;
            captures += usize::from(name.contains('x'));
            eliminations += seats_before - simple.seats.len();
            assert_eq!(engine.to_move().letter(), simple.to_move, "seed {seed}: seat to move after {name}");
            let seats: Vec<char> = engine.seats_in().iter().map(|s| s.letter()).collect();
            assert_eq!(seats, simple.seats, "seed {seed}: seats in after {name}");
        }
    }
    eprintln!(
        "{plies} plies, {captures} captures, {eliminations} seats out, {repetitions} moves R10 forbade"
    );
    // The games reached the interesting rules, not only steps.
    assert!(plies > 5_000, "{plies} plies");
    assert!(captures > 100, "{captures} captures");
    assert!(eliminations > 30, "{eliminations} seats out");
    assert!(repetitions > 30, "{repetitions} moves forbidden by R10");
}

#[test]
fn r02_perft_matches_the_reference() {
    for (players, side, depth) in [(2, 9, 3), (3, 7, 3), (4, 5, 3)] {
        let mut engine = Position::standard(players, side as u8).unwrap();
        let simple = Simple::start(players, side);
        assert_eq!(arkes_engine::perft(&mut engine, depth), simple.perft(depth), "{players}p side {side}");
    }
}
