//! The marble's path for ARKES's evaluation: what walking a marble to the
//! golden cell costs in own plies, roughly, over cells made to hold a
//! single own token (R6), found by A* and remembered per seat between the
//! positions of a search.

use arkes_engine::{Coord, Formation, MAX_CELLS, MAX_SIDE, Piece, Position, Seat};

/// The path cost is capped here (a marble walled in).
pub(super) const PATH_CAP: i32 = 24;
/// Extra cost of a path cell held by an enemy unit (a tower must take it).
pub(super) const ENEMY_UNIT: u16 = 4;
/// Extra cost of a path cell where an own token pins an enemy token.
pub(super) const OWN_ON_ENEMY: u16 = 5;
/// Extra cost of a path cell under an enemy token.
pub(super) const ENEMY_ON_TOP: u16 = 6;

/// A seat's last path search ([`PathSearch::cost`]) and everything its
/// result depends on: the board side, the marble's cell, the seat's free
/// tokens, and the formations of the cells it read. When all are as they
/// were, the search would take the same steps to the same cost, so the
/// cost is reused: in a search, most positions evaluated differ from the
/// one before by a move of another seat, far from this marble's path.
#[derive(Clone, Debug)]
struct PathMemo {
    /// `None` until a search is recorded.
    key: Option<(u8, Coord, u128)>,
    /// The cells whose formation the search read (bit [`Coord::index`]).
    read: u128,
    /// The board's formations then.
    cells: [Formation; MAX_CELLS],
    cost: u16,
}

impl PathMemo {
    const EMPTY: PathMemo = PathMemo { key: None, read: 0, cells: [Formation::EMPTY; MAX_CELLS], cost: 0 };

    /// The cost recorded for `key` on `cells`, if it still holds.
    fn get(&self, key: (u8, Coord, u128), cells: &[Formation; MAX_CELLS]) -> Option<u16> {
        if self.key != Some(key) {
            return None;
        }
        let mut read = self.read;
        while read != 0 {
            let i = read.trailing_zeros() as usize;
            read &= read - 1;
            if cells[i] != self.cells[i] {
                return None;
            }
        }
        Some(self.cost)
    }
}

/// The file and rank of each [`Coord::index`], for king-step distances
/// without a division.
static FILE_RANK: [(i8, i8); MAX_CELLS] = {
    let mut table = [(0, 0); MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        table[i] = ((i % MAX_SIDE as usize) as i8, (i / MAX_SIDE as usize) as i8);
        i += 1;
    }
    table
};

/// The path search's scratch space and memory: each seat's free tokens
/// (gathered by the evaluation's pass over the board with
/// [`PathSearch::add_token`]), the search's distances, and each seat's
/// last search.
#[derive(Clone, Debug)]
pub(super) struct PathSearch {
    /// Each seat's own free tokens (an own token on top of a cell), as
    /// (file, rank) and as a set of [`Coord::index`] bits.
    tokens: [Vec<(i8, i8)>; 4],
    token_cells: [u128; 4],
    dist: [u16; MAX_CELLS],
    token_dist: [u8; MAX_CELLS],
    /// Each cell's king-step distance to the golden cell of a board of
    /// `gold_side` (the search's heuristic).
    to_gold: [u8; MAX_CELLS],
    gold_side: u8,
    buckets: Vec<Vec<u8>>,
    memos: Box<[PathMemo; 4]>,
}

impl PathSearch {
    /// A search with no tokens gathered and nothing remembered.
    pub(super) fn new() -> PathSearch {
        PathSearch {
            tokens: std::array::from_fn(|_| Vec::with_capacity(16)),
            token_cells: [0; 4],
            dist: [0; MAX_CELLS],
            token_dist: [0; MAX_CELLS],
            to_gold: [0; MAX_CELLS],
            gold_side: 0,
            buckets: vec![Vec::with_capacity(32); PATH_CAP as usize + 1],
            memos: Box::new([PathMemo::EMPTY; 4]),
        }
    }

    /// Forgets the free tokens gathered (not the seats' last searches).
    pub(super) fn clear_tokens(&mut self) {
        for tokens in &mut self.tokens {
            tokens.clear();
        }
        self.token_cells = [0; 4];
    }

    /// Notes a free token of `seat` on the cell of [`Coord::index`] `index`.
    pub(super) fn add_token(&mut self, seat: Seat, index: usize) {
        self.tokens[seat.index()].push(FILE_RANK[index]);
        self.token_cells[seat.index()] |= 1 << index;
    }

    /// The cost, in own plies roughly, of walking `seat`'s marble from
    /// `marble` to the golden cell over cells made to hold a single own
    /// token (R6), at most [`PATH_CAP`]: the cheapest path, found by A*
    /// over buckets of small integer costs, its heuristic the king-step
    /// distance to the golden cell (admissible and consistent: every step
    /// costs at least 1 and changes that distance by at most 1, so the
    /// cost found is the shortest, as Dijkstra's would be). Reads the free
    /// tokens gathered since [`PathSearch::clear_tokens`]. The seat's last
    /// search is reused when nothing it depended on has changed
    /// ([`PathMemo`]).
    pub(super) fn cost(&mut self, position: &Position, seat: Seat, marble: Coord) -> u16 {
        let board = position.board();
        let key = (board.side(), marble, self.token_cells[seat.index()]);
        if let Some(cost) = self.memos[seat.index()].get(key, board.cells()) {
            return cost;
        }
        let mut read = 0u128;
        let cost = self.search_path(position, seat, marble, &mut read);
        let memo = &mut self.memos[seat.index()];
        memo.key = Some(key);
        memo.read = read;
        memo.cells = *board.cells();
        memo.cost = cost;
        cost
    }

    /// The path search of [`PathSearch::cost`]; every cell whose
    /// formation it reads is added to `read`.
    fn search_path(&mut self, position: &Position, seat: Seat, marble: Coord, read: &mut u128) -> u16 {
        let board = position.board();
        let gold = board.golden_cell();
        if self.gold_side != board.side() {
            for (index, h) in self.to_gold.iter_mut().enumerate() {
                *h = Coord::from_index(index).map_or(0, |c| c.distance(gold));
            }
            self.gold_side = board.side();
        }
        let cap = PATH_CAP as u16;
        self.dist = [u16::MAX; MAX_CELLS];
        self.token_dist = [u8::MAX; MAX_CELLS];
        // The last step, onto the golden cell, costs the same from every
        // side: a cell `k` king steps away is at least `k - 1` steps of at
        // least 1 and that last one from it (the heuristic, still
        // consistent).
        *read |= 1 << gold.index();
        let Some(last) = self.step_onto(seat, gold, board.get(gold)) else { return cap };
        let heuristic = |to_gold: u8| if to_gold == 0 { 0 } else { u16::from(to_gold) + last - 1 };
        let start = heuristic(self.to_gold[marble.index()]);
        if start > cap {
            return cap;
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.dist[marble.index()] = 0;
        self.buckets[usize::from(start)].push(marble.index() as u8);
        for f in start..=cap {
            let mut i = 0;
            while i < self.buckets[usize::from(f)].len() {
                let index = usize::from(self.buckets[usize::from(f)][i]);
                i += 1;
                let d = self.dist[index];
                if d + heuristic(self.to_gold[index]) != f {
                    continue;
                }
                let Some(cell) = Coord::from_index(index) else { continue };
                if cell == gold {
                    return d;
                }
                for &n in board.neighbours(cell) {
                    let Some(n) = n else { break };
                    *read |= 1 << n.index();
                    let Some(step) = self.step_onto(seat, n, board.get(n)) else { continue };
                    let nd = d + step;
                    let nf = nd + heuristic(self.to_gold[n.index()]);
                    if nf <= cap && nd < self.dist[n.index()] {
                        self.dist[n.index()] = nd;
                        self.buckets[usize::from(nf)].push(n.index() as u8);
                    }
                }
            }
        }
        cap
    }

    /// What `seat`'s marble's path pays to pass over the cell `n`, holding
    /// `formation` ([`PathSearch::cost`]); `None` where it cannot go (a
    /// marble is there).
    #[inline]
    fn step_onto(&mut self, seat: Seat, n: Coord, formation: Formation) -> Option<u16> {
        let own = Piece::token(seat);
        Some(match (formation.bottom(), formation.upper()) {
            (None, _) => {
                let slot = &mut self.token_dist[n.index()];
                if *slot == u8::MAX {
                    let (file, rank) = FILE_RANK[n.index()];
                    *slot = self.tokens[seat.index()]
                        .iter()
                        .map(|&(f, r)| (f - file).unsigned_abs().max((r - rank).unsigned_abs()))
                        .min()
                        .unwrap_or(12)
                        .max(1);
                }
                1 + u16::from(*slot)
            }
            (Some(b), None) => {
                if b == own {
                    1
                } else {
                    1 + ENEMY_UNIT
                }
            }
            (Some(b), Some(u)) => {
                if u.is_marble() {
                    return None;
                } else if u == own && b == own {
                    2
                } else if u == own {
                    1 + OWN_ON_ENEMY
                } else {
                    1 + ENEMY_ON_TOP
                }
            }
        })
    }
}
