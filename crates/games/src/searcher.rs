//! [`AnySearcher`]: the computer thinking about one position of whichever
//! game (the search itself stays generic: [`game_ai::Searcher`]).

use std::fmt::{self, Debug};
use std::time::Duration;

use game_ai::{Progress, Searcher};

use crate::board_game::{Action, BoardGame};

/// A search of whichever game. Object-safe: [`AnySearcher`] holds one.
pub trait DynSearcher: Send + Sync + 'static {
    /// Searches at most `budget` more nodes.
    fn step(&mut self, budget: u64) -> Progress;
    /// The best move found so far.
    fn best_action(&self) -> Option<Action>;
    /// Searches to the end of the level's budget, or for at most `cap`.
    fn search(&mut self, cap: Option<Duration>) -> Option<Action>;
}

impl<G: BoardGame> DynSearcher for Searcher<G> {
    fn step(&mut self, budget: u64) -> Progress {
        Searcher::step(self, budget)
    }

    fn best_action(&self) -> Option<Action> {
        self.best_move().map(G::action)
    }

    fn search(&mut self, cap: Option<Duration>) -> Option<Action> {
        match cap {
            Some(cap) => self.search_for(cap),
            None => self.search_to_end(),
        }
        .map(G::action)
    }
}

/// The computer thinking about one position of whichever game (made by
/// [`crate::DynGame::searcher`]).
pub struct AnySearcher(Box<dyn DynSearcher>);

impl AnySearcher {
    /// `searcher`, of its game.
    #[must_use]
    pub fn new<G: BoardGame>(searcher: Searcher<G>) -> AnySearcher {
        AnySearcher(Box::new(searcher))
    }

    /// Searches at most `budget` more nodes.
    pub fn step(&mut self, budget: u64) -> Progress {
        self.0.step(budget)
    }

    /// The best move found so far.
    #[must_use]
    pub fn best_action(&self) -> Option<Action> {
        self.0.best_action()
    }

    /// Searches to the end of the level's budget, or for at most `cap`.
    pub fn search(&mut self, cap: Option<Duration>) -> Option<Action> {
        self.0.search(cap)
    }
}

impl Debug for AnySearcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AnySearcher")
    }
}
