//! [`Searcher`]: what the game drives. Tactics first ([`crate::tactics`]),
//! then the stepped search ([`crate::paranoid`]).

use std::time::{Duration, Instant};

use game_core::Game;

use crate::game::{GamePosition, SearchGame};
use crate::level::{Level, SearchOptions};
use crate::paranoid::{Paranoid, RoundLimits};
use crate::tactics::{self, Decision, Reason};

/// Nodes searched between two looks at the clock in [`Searcher::search_for`].
const CLOCK_CHUNK: u64 = 512;

/// Whether a [`Searcher`] has more work to do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Progress {
    /// More steps would search further; [`Searcher::best_move`] is the best
    /// move found so far.
    Searching,
    /// The search has finished; [`Searcher::best_move`] is its answer (`None`
    /// when the game is over).
    Done,
}

/// What a search has done so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    /// Positions played by the tactical checks and the search.
    pub nodes: u64,
    /// The deepest finished iteration, in plies (0 before the first, or when
    /// tactics decided).
    pub depth: u8,
    /// The value of the best move for the seat to move, in evaluation points
    /// (100 = a token; beyond ±990 000 a decided game), when an iteration
    /// has finished.
    pub value: Option<i32>,
    /// Set when the tactical checks chose the move without a search.
    pub reason: Option<Reason>,
}

#[derive(Debug)]
enum State<G: SearchGame> {
    Over,
    Decided(G::Move, Reason),
    Searching(Box<Paranoid<G>>),
}

/// The computer opponent thinking about one position of the game `G`
/// (ARKES or Arcanor).
///
/// It owns a copy of the position, so it is `Send + 'static`: on native the
/// game can move it to a background task and call [`Searcher::search_to_end`]
/// or [`Searcher::search_for`] there, and the web build's Web Worker
/// (`ai_worker`) calls `search_to_end`; with no thread to spare (a
/// browser without workers) the game calls [`Searcher::step`] with a slice
/// of nodes each frame and asks
/// [`Searcher::best_move`] whenever it likes (a good move is available at
/// once, a better one after each step). `step` never reads the clock, so a
/// search is reproducible: same position, options (seed included) and node
/// budget, same move.
///
/// ```
/// use game_ai::{Level, Progress, Searcher};
/// use arkes_engine::{Game, Setup};
///
/// let game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
/// let mut searcher = Searcher::for_game(&game, Level::Easy.options().seed(1));
/// while searcher.step(500) == Progress::Searching {
///     // Render a frame here.
/// }
/// let mv = searcher.best_move().unwrap();
/// assert!(game.position().is_legal(mv));
/// ```
#[derive(Debug)]
pub struct Searcher<G: SearchGame> {
    options: SearchOptions,
    state: State<G>,
    tactics_nodes: u64,
}

impl<G: SearchGame> Searcher<G> {
    /// A search from `position` with `options`, without round limits. The
    /// tactical checks run here (a few dozen nodes).
    #[must_use]
    pub fn new<P: GamePosition<Game = G>>(position: &P, options: SearchOptions) -> Searcher<G> {
        Searcher::with_limits(position, options, RoundLimits::default())
    }

    /// A search from the current position of `game`. The game's round limits
    /// (R15) are taken into account: a line that reaches one is a draw. A
    /// finished game gives a searcher with no move.
    ///
    #[must_use]
    pub fn for_game(game: &Game<G>, options: SearchOptions) -> Searcher<G> {
        if game.outcome().is_some() {
            return Searcher { options, state: State::Over, tactics_nodes: 0 };
        }
        let limits = game.limits();
        let limits = RoundLimits {
            rounds: limits.rounds.map(|n| n.get()),
            rounds_without_capture: limits.rounds_without_capture.map(|n| n.get()),
            completed: game.rounds_completed(),
            without_capture: game.rounds_without_capture(),
            capture_this_round: game.capture_this_round(),
        };
        Searcher::for_position(game.position(), options, limits)
    }

    /// A search from `position` with explicit round limits and counters.
    #[must_use]
    pub fn with_limits<P: GamePosition<Game = G>>(
        position: &P,
        options: SearchOptions,
        limits: RoundLimits,
    ) -> Searcher<G> {
        Searcher::for_position(position.as_game_position(), options, limits)
    }

    fn for_position(position: &G::Position, options: SearchOptions, limits: RoundLimits) -> Searcher<G> {
        let analysis = tactics::analyse::<G>(position);
        let state = match analysis.decision {
            Decision::GameOver => State::Over,
            Decision::Play(mv, reason) => State::Decided(mv, reason),
            Decision::Search(moves) => {
                State::Searching(Box::new(Paranoid::new(position.clone(), moves, options, limits)))
            }
        };
        Searcher { options, state, tactics_nodes: analysis.nodes }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Searches at most `budget` more nodes (positions played; one node is
    /// a few microseconds natively). Never reads the clock.
    pub fn step(&mut self, budget: u64) -> Progress {
        if let State::Searching(search) = &mut self.state {
            search.step(budget);
        }
        self.progress()
    }

    /// Whether the search has more to do.
    #[must_use]
    pub fn progress(&self) -> Progress {
        match &self.state {
            State::Searching(search) if !search.is_done() => Progress::Searching,
            _ => Progress::Done,
        }
    }

    /// Whether the search has finished.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.progress() == Progress::Done
    }

    /// The best move found so far; `None` only when the game is over.
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        match &self.state {
            State::Over => None,
            State::Decided(mv, _) => Some(*mv),
            State::Searching(search) => search.best_move(),
        }
    }

    /// Counters of the work done.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        match &self.state {
            State::Over => SearchStats { nodes: self.tactics_nodes, ..SearchStats::default() },
            State::Decided(_, reason) => {
                SearchStats { nodes: self.tactics_nodes, reason: Some(*reason), ..SearchStats::default() }
            }
            State::Searching(search) => {
                let done = search.completed();
                SearchStats {
                    nodes: self.tactics_nodes + search.nodes(),
                    depth: done.map_or(0, |c| c.depth),
                    value: done.map(|c| c.value),
                    reason: None,
                }
            }
        }
    }

    /// Searches until the node budget of the options is spent (or the search
    /// ends sooner) and returns the best move.
    pub fn search_to_end(&mut self) -> Option<G::Move> {
        while self.step(u64::MAX) == Progress::Searching {}
        self.best_move()
    }

    /// Searches until `time` has passed, the node budget is spent or the
    /// search ends, whichever comes first, and returns the best move. The
    /// clock is read between steps of a few hundred nodes, so the time may
    /// be overrun by a fraction of a millisecond. For a search limited by
    /// time alone, set a large [`SearchOptions::max_nodes`].
    ///
    /// # Panics
    /// On `wasm32-unknown-unknown`, where `std::time::Instant` is not
    /// available: the web build's worker calls [`Searcher::search_to_end`]
    /// and its main thread [`Searcher::step`] instead.
    pub fn search_for(&mut self, time: Duration) -> Option<G::Move> {
        let start = Instant::now();
        while start.elapsed() < time && self.step(CLOCK_CHUNK) == Progress::Searching {}
        self.best_move()
    }
}

/// The move `level` plays in `game` with its default budget and `seed`;
/// `None` once the game is over.
///
/// ```
/// use game_ai::{Level, choose_move};
/// use arkes_engine::{Game, Setup};
/// let game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
/// let mv = choose_move(&game, Level::Easy, 42).unwrap();
/// assert_eq!(Some(mv), choose_move(&game, Level::Easy, 42));
/// ```
#[must_use]
pub fn choose_move<G: SearchGame>(game: &Game<G>, level: Level, seed: u64) -> Option<G::Move> {
    Searcher::for_game(game, level.options().seed(seed)).search_to_end()
}
