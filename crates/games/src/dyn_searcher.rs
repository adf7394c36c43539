//! The computer's search of whichever game: [`AnySearcher`] over the
//! object-safe [`DynSearcher`].

use std::fmt::{self, Debug};
use std::time::Duration;

use game_ai::Progress;

use crate::board_game::BoardGame;
use crate::values::Action;

/// A search of whichever game. Object-safe: [`AnySearcher`] holds one.
pub trait DynSearcher: Send + Sync + 'static {
    /// Searches at most `budget` more nodes.
    fn step(&mut self, budget: u64) -> Progress;
    /// The best move found so far.
    fn best_action(&self) -> Option<Action>;
    /// Searches to the end of the level's budget, or for at most `cap`.
    fn search(&mut self, cap: Option<Duration>) -> Option<Action>;
}

/// The computer thinking about one position of whichever game (made by
/// [`crate::DynGame::searcher`]).
pub struct AnySearcher(Box<dyn DynSearcher>);

impl AnySearcher {
    /// `searcher`, of its game.
    #[must_use]
    pub fn new<G: BoardGame>(searcher: game_ai::Searcher<G>) -> AnySearcher {
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
