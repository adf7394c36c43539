//! [`DynSearcher`] for the search of every [`BoardGame`].

use std::time::Duration;

use game_ai::{Progress, Searcher};

use crate::board_game::BoardGame;
use crate::dyn_searcher::DynSearcher;
use crate::values::Action;

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
