//! The reference: an independent, deliberately simple Arcanor written from
//! ARCANOR.md alone (A1, A3–A12), its cells vectors of (seat letter, value)
//! pieces bottom first, read from the engine's text diagram.

pub(crate) const FILES: usize = 8;
pub(crate) const RANKS: usize = 7;
pub(crate) const CELLS: usize = FILES * RANKS;
/// A10.
pub(crate) const WIN: u32 = 12;
pub(crate) const DIRS: [(i32, i32); 8] =
    [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// A piece: its seat's letter (`S`, `N`) and its value (1 the largest, A2).
pub(crate) type Piece = (char, u8);

/// A move, compact (no strings): cells by index `rank * 8 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mv {
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// A whole duo moves (A5); otherwise a lone piece or a duo's top alone.
    pub(crate) whole: bool,
    pub(crate) eats: bool,
}

pub(crate) fn other(seat: char) -> char {
    if seat == 'S' { 'N' } else { 'S' }
}

/// The rank index (0 = rank 1) of `seat`'s target row: the opponent's home row (A1).
pub(crate) fn target_rank(seat: char) -> usize {
    match seat {
        'S' => RANKS - 1,
        'N' => 0,
        _ => panic!("not an Arcanor seat: {seat}"),
    }
}

pub(crate) fn cell_name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % FILES) as u8) as char, index / FILES + 1)
}

#[derive(Clone)]
pub(crate) struct Simple {
    /// Pieces of each cell bottom first (A4: at most two), by index.
    pub(crate) cells: Vec<Vec<Piece>>,
    pub(crate) to_move: char,
    /// Every state (grid and seat to move) that has occurred, the current
    /// one last (A12: the start counts once).
    pub(crate) history: Vec<String>,
}

impl Simple {
    pub(crate) fn new(cells: Vec<Vec<Piece>>, to_move: char) -> Simple {
        let mut s = Simple { cells, to_move, history: Vec::new() };
        s.history.push(s.state());
        s
    }

    /// The start of A3: duos 1 over 2 on b, d, f and 3 over 4 on c, e, g of
    /// each home row; South to move (A1).
    pub(crate) fn start() -> Simple {
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
    pub(crate) fn parse(text: &str) -> Simple {
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
    pub(crate) fn state(&self) -> String {
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
    pub(crate) fn diagram(&self) -> String {
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
    pub(crate) fn frozen(&self, index: usize) -> bool {
        self.cells[index].last().is_some_and(|&(seat, _)| index / FILES == target_rank(seat))
    }

    /// A9: the values of `seat`'s frozen top pieces (a duo counts its top only).
    pub(crate) fn score(&self, seat: char) -> u32 {
        (0..CELLS)
            .filter(|&i| self.frozen(i))
            .filter_map(|i| self.cells[i].last())
            .filter(|p| p.0 == seat)
            .map(|p| u32::from(p.1))
            .sum()
    }

    /// How many times the current state has occurred, this time included.
    pub(crate) fn repetitions(&self) -> usize {
        let current = self.history.last().expect("the current state");
        self.history.iter().filter(|s| *s == current).count()
    }

    /// What the last move decided: a 12-point win (A10; it may be the
    /// opponent's, by a freed prisoner), or a draw by the third occurrence
    /// of the state (A12). `Some(None)` is a draw.
    pub(crate) fn decided_by_last_move(&self) -> Option<Option<char>> {
        for seat in ['S', 'N'] {
            if self.score(seat) >= WIN {
                return Some(Some(seat));
            }
        }
        (self.repetitions() >= 3).then_some(None)
    }

    /// A5–A8, whatever the game's state.
    pub(crate) fn candidates(&self) -> Vec<Mv> {
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
    pub(crate) fn legal(&self) -> Vec<Mv> {
        if self.decided_by_last_move().is_some() { Vec::new() } else { self.candidates() }
    }

    /// The outcome: A10 and A12 decided by the last move, else A11: a seat
    /// to move without a legal move loses. `Some(None)` is a draw.
    pub(crate) fn outcome(&self) -> Option<Option<char>> {
        self.decided_by_last_move()
            .or_else(|| self.candidates().is_empty().then_some(Some(other(self.to_move))))
    }

    /// Canonical notation: the values of the moving pieces top first, the
    /// cell left, `-` or `x`, the cell reached.
    pub(crate) fn notation(&self, m: Mv) -> String {
        let stack = &self.cells[m.from];
        let top = stack[stack.len() - 1].1;
        let values = if m.whole { format!("{top}{}", stack[0].1) } else { top.to_string() };
        let sep = if m.eats { 'x' } else { '-' };
        format!("{values}{}{sep}{}", cell_name(m.from), cell_name(m.to))
    }

    /// Plays `m` (A5, A7): the top piece, with the inner one if the whole
    /// duo moves, lands on the cell, over the prey if it eats; the state
    /// reached counts as occurred (A12).
    pub(crate) fn make(&mut self, m: Mv) {
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
    pub(crate) fn perft(&self, depth: u32) -> u64 {
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
    pub(crate) fn weight(&self, m: Mv) -> i32 {
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
