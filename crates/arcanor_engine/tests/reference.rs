//! An independent, deliberately simple move generator for Arcanor, written
//! from ARCANOR.md alone, not from the engine: cells are vectors of (seat
//! letter, value) pieces bottom first, read from the engine's text diagram,
//! the history is a list of state strings, nothing is incremental.
//!
//! It implements A1 (8 × 7 board, South first), A3 (the start), A4–A7 (one
//! step in 8 directions: a lone piece, a whole duo, or a duo's top piece
//! alone; eating a lone opponent's piece one value smaller, never by a duo),
//! A8 (a formation whose top piece stands on its owner's target row is
//! frozen: it never moves and cannot be eaten; a pure function of the grid),
//! A9 (scores), A10 (12 points win), A11 (no legal move loses) and A12 (the
//! third occurrence of a state draws), and the notation of "Game records".
//! The engine's legal moves, grid, scores and outcome must be the same at
//! every ply of many seeded games, and perft from the start must match the
//! pinned counts.

mod common;

use arcanor_engine::{Position, Seat};

const FILES: usize = 8;
const RANKS: usize = 7;
const CELLS: usize = FILES * RANKS;
/// A10.
const WIN: u32 = 12;
const DIRS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// A piece: its seat's letter (`S`, `N`) and its value (1 the largest, A2).
type Piece = (char, u8);

/// A move, compact (no strings): cells by index `rank * 8 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    from: usize,
    to: usize,
    /// A whole duo moves (A5); otherwise a lone piece or a duo's top alone.
    whole: bool,
    eats: bool,
}

fn other(seat: char) -> char {
    if seat == 'S' { 'N' } else { 'S' }
}

/// The rank index (0 = rank 1) of `seat`'s target row: the opponent's home row (A1).
fn target_rank(seat: char) -> usize {
    match seat {
        'S' => RANKS - 1,
        'N' => 0,
        _ => panic!("not an Arcanor seat: {seat}"),
    }
}

fn cell_name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % FILES) as u8) as char, index / FILES + 1)
}

#[derive(Clone)]
struct Simple {
    /// Pieces of each cell bottom first (A4: at most two), by index.
    cells: Vec<Vec<Piece>>,
    to_move: char,
    /// Every state (grid and seat to move) that has occurred, the current
    /// one last (A12: the start counts once).
    history: Vec<String>,
}

impl Simple {
    fn new(cells: Vec<Vec<Piece>>, to_move: char) -> Simple {
        let mut s = Simple { cells, to_move, history: Vec::new() };
        s.history.push(s.state());
        s
    }

    /// The start of A3: duos 1 over 2 on b, d, f and 3 over 4 on c, e, g of
    /// each home row; South to move (A1).
    fn start() -> Simple {
        let mut cells = vec![Vec::new(); CELLS];
        for (seat, rank) in [('S', 0), ('N', RANKS - 1)] {
            for file in 1..7 {
                let (inner, top) = if file % 2 == 1 { (2, 1) } else { (4, 3) };
                cells[rank * FILES + file] = vec![(seat, inner), (seat, top)];
            }
        }
        Simple::new(cells, 'S')
    }

    /// Reads the diagram `Position::to_string()` prints (the crate docs):
    /// rank lines from 7 down, `.` or pieces bottom first as `S2S1`, the
    /// files line, `to move: South`; `#` lines (the scores) are ignored.
    /// The history starts with this state only.
    fn parse(text: &str) -> Simple {
        let mut cells = vec![Vec::new(); CELLS];
        let mut to_move = None;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with("to move") {
                to_move = line.split_whitespace().next_back().and_then(|w| w.chars().next());
                continue;
            }
            let mut tokens = line.split_whitespace();
            let Some(rank) = tokens.next().and_then(|t| t.parse::<usize>().ok()) else {
                continue; // the files line
            };
            let row: Vec<&str> = tokens.collect();
            assert!((1..=RANKS).contains(&rank) && row.len() == FILES, "bad rank line {line:?}");
            for (file, token) in row.into_iter().enumerate() {
                if token == "." {
                    continue;
                }
                let chars: Vec<char> = token.chars().collect();
                assert!(chars.len().is_multiple_of(2) && chars.len() <= 4, "bad cell {token:?}");
                for pair in chars.chunks(2) {
                    let value = pair[1].to_digit(10).unwrap_or_else(|| panic!("bad cell {token:?}")) as u8;
                    cells[(rank - 1) * FILES + file].push((pair[0], value));
                }
            }
        }
        Simple::new(cells, to_move.expect("a `to move` line"))
    }

    /// The state of A12 as a key: every cell's pieces, then the seat to move.
    fn state(&self) -> String {
        let mut s = String::with_capacity(160);
        for cell in &self.cells {
            for &(seat, value) in cell {
                s.push(seat);
                s.push((b'0' + value) as char);
            }
            s.push('/');
        }
        s.push(self.to_move);
        s
    }

    /// A diagram for failure messages.
    fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            out += &(rank + 1).to_string();
            for cell in &self.cells[rank * FILES..(rank + 1) * FILES] {
                let text: String = if cell.is_empty() {
                    ".".into()
                } else {
                    cell.iter().map(|(s, v)| format!("{s}{v}")).collect()
                };
                out += &format!(" {text:<4}");
            }
            out.push('\n');
        }
        out + &format!("to move: {}\n", self.to_move)
    }

    /// A8: the formation's top piece stands on its owner's target row. This
    /// covers arriving by a step or by eating and a prisoner freed on its
    /// own target row alike, so the grid alone tells it.
    fn frozen(&self, index: usize) -> bool {
        self.cells[index].last().is_some_and(|&(seat, _)| index / FILES == target_rank(seat))
    }

    /// A9: the values of `seat`'s frozen top pieces (a duo counts its top only).
    fn score(&self, seat: char) -> u32 {
        (0..CELLS)
            .filter(|&i| self.frozen(i))
            .filter_map(|i| self.cells[i].last())
            .filter(|p| p.0 == seat)
            .map(|p| u32::from(p.1))
            .sum()
    }

    /// How many times the current state has occurred, this time included.
    fn repetitions(&self) -> usize {
        let current = self.history.last().expect("the current state");
        self.history.iter().filter(|s| *s == current).count()
    }

    /// What the last move decided: a 12-point win (A10; it may be the
    /// opponent's, by a freed prisoner), or a draw by the third occurrence
    /// of the state (A12). `Some(None)` is a draw.
    fn decided_by_last_move(&self) -> Option<Option<char>> {
        for seat in ['S', 'N'] {
            if self.score(seat) >= WIN {
                return Some(Some(seat));
            }
        }
        (self.repetitions() >= 3).then_some(None)
    }

    /// A5–A8, whatever the game's state.
    fn candidates(&self) -> Vec<Mv> {
        let me = self.to_move;
        let mut out = Vec::with_capacity(64);
        for from in 0..CELLS {
            let stack = &self.cells[from];
            let Some(&(seat, value)) = stack.last() else { continue };
            // A5: only a formation whose top piece is yours; A8: not frozen.
            if seat != me || self.frozen(from) {
                continue;
            }
            let (file, rank) = ((from % FILES) as i32, (from / FILES) as i32);
            for (df, dr) in DIRS {
                let (f, r) = (file + df, rank + dr);
                if !(0..FILES as i32).contains(&f) || !(0..RANKS as i32).contains(&r) {
                    continue;
                }
                let to = r as usize * FILES + f as usize;
                let target = &self.cells[to];
                if target.is_empty() {
                    // A6: any move may go to an empty cell; a duo whole or its top alone.
                    if stack.len() == 2 {
                        out.push(Mv { from, to, whole: true, eats: false });
                    }
                    out.push(Mv { from, to, whole: false, eats: false });
                } else if let &[(prey_seat, prey_value)] = target.as_slice()
                    && prey_seat != me
                    && prey_value == value + 1
                    && !self.frozen(to)
                {
                    // A6, A7: a single piece eats a lone, unfrozen opponent's
                    // piece one size smaller; a duo never eats.
                    out.push(Mv { from, to, whole: false, eats: true });
                }
                // A6: never onto one's own piece, a duo, a frozen piece or
                // any other value.
            }
        }
        out
    }

    /// The legal moves: none once the last move decided the game (A10,
    /// A12: "decided by the move that makes it", and the engine's docs:
    /// `legal_moves()` is empty once decided). A11 needs no check here: a
    /// seat without candidates has no legal move by definition.
    fn legal(&self) -> Vec<Mv> {
        if self.decided_by_last_move().is_some() { Vec::new() } else { self.candidates() }
    }

    /// The outcome: A10 and A12 decided by the last move, else A11: a seat
    /// to move without a legal move loses. `Some(None)` is a draw.
    fn outcome(&self) -> Option<Option<char>> {
        self.decided_by_last_move()
            .or_else(|| self.candidates().is_empty().then_some(Some(other(self.to_move))))
    }

    /// Canonical notation: the values of the moving pieces top first, the
    /// cell left, `-` or `x`, the cell reached.
    fn notation(&self, m: Mv) -> String {
        let stack = &self.cells[m.from];
        let top = stack[stack.len() - 1].1;
        let values = if m.whole { format!("{top}{}", stack[0].1) } else { top.to_string() };
        let sep = if m.eats { 'x' } else { '-' };
        format!("{values}{}{sep}{}", cell_name(m.from), cell_name(m.to))
    }

    /// Plays `m` (A5, A7): the top piece, with the inner one if the whole
    /// duo moves, lands on the cell, over the prey if it eats; the state
    /// reached counts as occurred (A12).
    fn make(&mut self, m: Mv) {
        let top = self.cells[m.from].pop().expect("a piece to move");
        let carried = if m.whole { self.cells[m.from].pop() } else { None };
        let dest = &mut self.cells[m.to];
        dest.extend(carried);
        dest.push(top);
        self.to_move = other(self.to_move);
        let state = self.state();
        self.history.push(state);
    }

    /// Moves at depth-1 nodes are counted, not made.
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
            .map(|m| {
                let mut next = self.clone();
                next.make(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The forward-biased player's liking for `m`: towards the target row,
    /// eating, splitting duos (so that full values score), arriving.
    fn weight(&self, m: Mv) -> i32 {
        let me = self.to_move;
        let ahead = if me == 'S' { 1 } else { -1 };
        let mut w = 3 * ((m.to / FILES) as i32 - (m.from / FILES) as i32) * ahead;
        if m.eats {
            w += 4;
        }
        if !m.whole && self.cells[m.from].len() == 2 {
            w += 1;
        }
        if m.to / FILES == target_rank(me) {
            w += 5;
        }
        w
    }
}

/// SplitMix64: a tiny seeded generator so the games are reproducible.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Uniformly random moves.
    Uniform,
    /// Random, then from ply 20 mostly undoing one's own last move (A12).
    Shuffling,
    /// Mostly the best moves by [`Simple::weight`] (A8–A10).
    Forward,
}

#[derive(Default, Debug)]
#[allow(dead_code)] // some counts are only printed
struct Tally {
    games: usize,
    plies: usize,
    eats: usize,
    /// Top pieces leaving a duo over an opponent's piece (A5, A7).
    releases: usize,
    /// Of which on the freed piece's own target row (A8).
    target_row_releases: usize,
    /// Moves after which a score rose (A8, A9): a formation froze.
    freezes: usize,
    point_wins: usize,
    stuck_losses: usize,
    repetition_draws: usize,
}

/// Checks that the engine and the reference agree on `engine`'s position:
/// the grid and seat to move (read from the engine's text), the legal
/// moves, the scores and the outcome. Returns the reference's legal moves.
fn compare(engine: &Position, simple: &Simple, seed: u64, ply: usize) -> Vec<Mv> {
    let text = engine.to_string();
    let read = Simple::parse(&text);
    assert!(
        read.cells == simple.cells && read.to_move == simple.to_move,
        "seed {seed}, ply {ply}: the grids differ\nengine:\n{text}\nreference:\n{}",
        simple.diagram()
    );
    let moves = simple.legal();
    let mut mine: Vec<String> = moves.iter().map(|&m| simple.notation(m)).collect();
    mine.sort();
    let theirs = common::moves(engine);
    if mine != theirs {
        let only_engine: Vec<&String> = theirs.iter().filter(|n| !mine.contains(n)).collect();
        let only_reference: Vec<&String> = mine.iter().filter(|n| !theirs.contains(n)).collect();
        panic!(
            "seed {seed}, ply {ply}: legal moves differ\n{text}only the engine: {only_engine:?}\n\
             only the reference: {only_reference:?}\n(engine {} moves, reference {})",
            theirs.len(),
            mine.len()
        );
    }
    let scores = [u32::from(engine.score(Seat::South)), u32::from(engine.score(Seat::North))];
    assert_eq!(scores, [simple.score('S'), simple.score('N')], "seed {seed}, ply {ply}: A9 scores\n{text}");
    let outcome = engine.outcome().map(|o| o.winner().map(Seat::letter));
    assert_eq!(
        outcome,
        simple.outcome(),
        "seed {seed}, ply {ply}: outcome (Some(None) is a draw), repetitions {}\n{text}",
        simple.repetitions()
    );
    moves
}

fn choose(
    simple: &Simple,
    moves: &[Mv],
    played: &[Mv],
    style: Style,
    ply: usize,
    rng: &mut SplitMix64,
) -> Mv {
    match style {
        Style::Shuffling if ply >= 20 && played.len() >= 2 && rng.below(8) != 0 => {
            let last = played[played.len() - 2]; // the mover's own last move
            if let Some(&back) =
                moves.iter().find(|m| m.from == last.to && m.to == last.from && m.whole == last.whole)
            {
                return back;
            }
        }
        Style::Forward if rng.below(5) != 0 => {
            let best = moves.iter().map(|&m| simple.weight(m)).max().expect("a move");
            let top: Vec<Mv> = moves.iter().copied().filter(|&m| simple.weight(m) == best).collect();
            return top[rng.below(top.len())];
        }
        _ => {}
    }
    moves[rng.below(moves.len())]
}

/// Plays one seeded game from the start on both, comparing at every ply.
fn play_game(seed: u64, style: Style, max_plies: usize, tally: &mut Tally) {
    play_game_from(Position::standard(), seed, style, max_plies, tally);
}

/// Plays one seeded game from `engine`'s position on both, comparing at
/// every ply.
fn play_game_from(engine: Position, seed: u64, style: Style, max_plies: usize, tally: &mut Tally) {
    let mut rng = SplitMix64(seed);
    let mut engine = engine;
    let mut simple = Simple::parse(&engine.to_string());
    let mut played: Vec<Mv> = Vec::new();
    tally.games += 1;
    for ply in 0..=max_plies {
        let moves = compare(&engine, &simple, seed, ply);
        if let Some(outcome) = simple.outcome() {
            match outcome {
                Some(winner) if simple.score(winner) >= WIN => tally.point_wins += 1,
                Some(_) => tally.stuck_losses += 1,
                None => tally.repetition_draws += 1,
            }
            return;
        }
        if ply == max_plies {
            return;
        }
        let m = choose(&simple, &moves, &played, style, ply, &mut rng);
        let stack = &simple.cells[m.from];
        if m.eats {
            tally.eats += 1;
        }
        if !m.whole && stack.len() == 2 && stack[0].0 != simple.to_move {
            tally.releases += 1;
            if m.from / FILES == target_rank(stack[0].0) {
                tally.target_row_releases += 1;
            }
        }
        let before = simple.score('S') + simple.score('N');
        let name = simple.notation(m);
        let mv = engine
            .parse_move(&name)
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: the engine refuses {name}: {e}\n{engine}"));
        let _undo = engine
            .play(mv)
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: playing {name}: {e:?}\n{engine}"));
        simple.make(m);
        played.push(m);
        tally.plies += 1;
        if simple.score('S') + simple.score('N') > before {
            tally.freezes += 1;
        }
    }
}

#[test]
fn the_engine_start_is_the_set_up_of_a3() {
    let read = Simple::parse(&Position::standard().to_string());
    let start = Simple::start();
    assert!(read.cells == start.cells && read.to_move == start.to_move, "{}", read.diagram());
    assert_eq!(start.legal().len(), 40, "A3: South has 40 legal moves");
}

#[test]
fn the_reference_perft_of_the_start_matches_the_pinned_counts() {
    let cases: Vec<(u32, u64)> = include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(cases.iter().map(|c| c.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let start = Simple::start();
    for (depth, nodes) in cases {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn the_engine_and_the_reference_agree_along_random_games() {
    let mut tally = Tally::default();
    for game in 0..240u64 {
        let style = if game % 4 == 3 { Style::Shuffling } else { Style::Uniform };
        play_game(0x5eed_0000 + game, style, 150, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.plies > 15_000, "{tally:?}");
    assert!(tally.eats > 50, "{tally:?}");
    assert!(tally.releases > 10, "{tally:?}");
    assert!(tally.repetition_draws >= 10, "A12 draws reached: {tally:?}");
}

#[test]
fn the_engine_and_the_reference_agree_along_forward_biased_games() {
    let mut tally = Tally::default();
    for game in 0..200u64 {
        play_game(0xf0_0000 + game, Style::Forward, 300, &mut tally);
    }
    eprintln!("{tally:?}");
    // The games reached the interesting rules, not only steps.
    assert!(tally.eats >= 50, "eats (A7): {tally:?}");
    assert!(tally.releases >= 20, "prisoners freed (A5): {tally:?}");
    assert!(tally.freezes >= 200, "formations frozen (A8): {tally:?}");
    assert!(tally.point_wins >= 1, "12-point wins (A10): {tally:?}");
}

/// A sparse position: one to three lone pieces a side, of any values, on
/// random cells, South to move.
fn sparse_position(rng: &mut SplitMix64) -> String {
    let mut cells: Vec<(String, String)> = Vec::new();
    for seat in ['S', 'N'] {
        for _ in 0..1 + rng.below(3) {
            let name = loop {
                let name = cell_name(rng.below(FILES * 7));
                if !cells.iter().any(|(n, _)| *n == name) {
                    break name;
                }
            };
            cells.push((name, format!("{seat}{}", 1 + rng.below(4))));
        }
    }
    let cells: Vec<(&str, &str)> = cells.iter().map(|(n, c)| (n.as_str(), c.as_str())).collect();
    arcanor_engine::diagram(&cells, "South")
}

#[test]
fn the_engine_and_the_reference_agree_in_sparse_endgames() {
    // Few pieces, so players are often left without a move (A11) or reach
    // their target rows at once (A8).
    let mut tally = Tally::default();
    let mut rng = SplitMix64(0xa11);
    let mut positions = 0;
    while positions < 400 {
        let text = sparse_position(&mut rng);
        // A set-up the engine refuses (both at 12 points cannot happen with
        // so few pieces; a duo cannot either) is not one to compare.
        let Ok(engine) = text.parse::<Position>() else { continue };
        positions += 1;
        play_game_from(engine, rng.next(), Style::Uniform, 60, &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.stuck_losses >= 100, "players left without a move (A11): {tally:?}");
    assert!(tally.eats >= 20, "eats (A7): {tally:?}");
}
