//! [`DynGame`] for the engine's game of every [`BoardGame`].

use std::any::Any;

use game_ai::SearchOptions;
use game_core::{BySeat, Game, Limits, Ply, PlyInfo, Seat};

use crate::board_game::BoardGame;
use crate::def::Def;
use crate::dyn_searcher::AnySearcher;
use crate::dynamic::{AnyGame, AnyPosition, DynGame, DynPosition, GameKind};
use crate::report::{AnyOutcome, AnyReport};
use crate::values::{Action, PlyReview};

fn ply_text<T: std::fmt::Display>(ply: &Ply<T>) -> Option<String> {
    match ply {
        Ply::Move { mv, .. } => Some(mv.to_string()),
        Ply::TimeOut { .. } | Ply::Resign { .. } => None,
    }
}

impl<G: BoardGame> DynGame for Game<G> {
    fn kind(&self) -> GameKind {
        Def::<G>::KIND
    }

    fn position(&self) -> &dyn DynPosition {
        Game::position(self)
    }

    fn seat_order(&self) -> Vec<Seat> {
        G::seat_order(self.setup())
    }

    fn to_move(&self) -> Seat {
        Game::to_move(self)
    }

    fn outcome(&self) -> Option<AnyOutcome> {
        Game::outcome(self).map(G::any_outcome)
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal_moves().into_iter().map(G::action).collect()
    }

    fn play(&mut self, action: Action) -> Result<AnyReport, String> {
        if Game::outcome(self).is_some() {
            return Err("the game is over".into());
        }
        let mv = G::legal_move(Game::position(self), action)?;
        let before = Game::position(self).clone();
        let report = Game::play(self, mv).map_err(|e| e.to_string())?;
        Ok(G::report(&report, &before))
    }

    fn tick(&mut self, ms: u64) -> Option<AnyReport> {
        let before = Game::position(self).clone();
        Game::tick(self, ms).map(|r| G::report(&r, &before))
    }

    fn set_clock(&mut self, ms: u64) -> Option<AnyReport> {
        let before = Game::position(self).clone();
        Game::set_clock(self, ms).map(|r| G::report(&r, &before))
    }

    fn resign(&mut self) -> Result<AnyReport, String> {
        let before = Game::position(self).clone();
        let report = Game::resign(self).map_err(|e| e.to_string())?;
        Ok(AnyReport { resigned: true, ..G::report(&report, &before) })
    }

    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn redo(&mut self) -> bool {
        Game::redo(self).is_some()
    }

    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn ply_count(&self) -> usize {
        self.plies().len()
    }

    fn ply_texts(&self) -> Vec<Option<String>> {
        self.plies().iter().map(ply_text).collect()
    }

    fn is_resignation(&self, ply: usize) -> bool {
        matches!(ply.checked_sub(1).and_then(|i| self.plies().get(i)), Some(Ply::Resign { .. }))
    }

    fn ply_info(&self) -> &[PlyInfo] {
        Game::ply_info(self)
    }

    fn limits(&self) -> Limits {
        Game::limits(self)
    }

    fn round(&self) -> u32 {
        Game::round(self)
    }

    fn rounds_without_capture(&self) -> u32 {
        Game::rounds_without_capture(self)
    }

    fn captures(&self) -> BySeat<u32> {
        Game::captures(self)
    }

    fn clock_ms(&self, seat: Seat) -> Option<u64> {
        Game::clock_ms(self, seat)
    }

    fn last_action(&self) -> Option<Action> {
        let Some(Ply::Move { mv, .. }) = self.plies().last().copied() else { return None };
        let mut before = self.clone();
        if !Game::undo(&mut before) {
            return None;
        }
        G::resolve(Game::position(&before), mv).ok().map(G::action)
    }

    fn position_after(&self, plies: usize) -> Option<AnyPosition> {
        let record = game_core::GameRecord { plies: self.plies().get(..plies)?.to_vec(), ..self.record() };
        Game::<G>::from_record(&record).ok().map(|g| AnyPosition::new(Game::position(&g).clone()))
    }

    fn restarted(&self) -> AnyGame {
        Game::<G>::new(self.setup().clone(), Game::limits(self))
            .map_or_else(|_| AnyGame::new(self.clone()), AnyGame::new)
    }

    fn record_text(&self) -> String {
        self.record().to_string()
    }

    fn record_json(&self) -> Result<serde_json::Value, String> {
        serde_json::to_value(self.record()).map_err(|e| e.to_string())
    }

    fn searcher(&self, options: SearchOptions) -> AnySearcher {
        AnySearcher::new(game_ai::Searcher::for_game(self, options))
    }

    fn review_ply(&self, ply: usize, options: SearchOptions) -> Option<PlyReview> {
        let Ply::Move { mv, .. } = *self.plies().get(ply.checked_sub(1)?)? else { return None };
        let record = game_core::GameRecord { plies: self.plies()[..ply - 1].to_vec(), ..self.record() };
        let before = Game::<G>::from_record(&record).ok()?;
        let played = G::resolve(Game::position(&before), mv).ok()?;
        let seats = G::seat_order(before.setup());
        let scale = G::chance_scale(seats.len());
        let review = game_ai::review_move(&before, played, options, scale)?;
        Some(PlyReview {
            ply,
            seat: review.seat,
            played: G::action(review.played),
            played_text: G::notation(review.played).to_string(),
            best: G::action(review.best),
            best_text: G::notation(review.best).to_string(),
            before: review.before,
            after: review.after,
            verdict: review.verdict,
            chances: seats.iter().map(|&s| (s, review.chances[s])).collect(),
        })
    }

    fn verify_review(&self, review: &PlyReview) -> Result<PlyReview, String> {
        let ply = review.ply;
        let Some(Ply::Move { mv, .. }) = ply.checked_sub(1).and_then(|i| self.plies().get(i)) else {
            return Err(format!("ply {ply} is not a move of this game"));
        };
        let record = game_core::GameRecord { plies: self.plies()[..ply - 1].to_vec(), ..self.record() };
        let before = Game::<G>::from_record(&record).map_err(|e| e.to_string())?;
        let played = G::resolve(Game::position(&before), *mv).map_err(|e| e.to_string())?;
        let mover = Game::to_move(&before);
        if review.seat != mover {
            return Err(format!("ply {ply} was {mover}'s, not {}'s", review.seat));
        }
        let same = |a: Action, b: Action| (a.from, a.to, a.whole) == (b.from, b.to, b.whole);
        if !same(review.played, G::action(played)) {
            let (from, to) = (review.played.from, review.played.to);
            return Err(format!("ply {ply} played {}, not {from}-{to}", G::notation(played)));
        }
        let Some(best) = before.legal_moves().into_iter().find(|&m| same(G::action(m), review.best)) else {
            let (from, to) = (review.best.from, review.best.to);
            return Err(format!("the best move {from}-{to} is not legal before ply {ply}"));
        };
        let seats = G::seat_order(before.setup());
        let chance = |c: f64| (0.0..=1.0).contains(&c);
        if !chance(review.before) || !chance(review.after) {
            return Err(format!("ply {ply}: a win chance outside 0..=1"));
        }
        if review.chances.len() != seats.len()
            || review.chances.iter().zip(&seats).any(|((s, c), t)| s != t || !chance(*c))
        {
            return Err(format!("ply {ply}: the seats' chances do not match the game's seats"));
        }
        Ok(PlyReview {
            played: G::action(played),
            played_text: G::notation(played).to_string(),
            best: G::action(best),
            best_text: G::notation(best).to_string(),
            ..review.clone()
        })
    }

    fn action_text(&self, action: Action) -> Option<String> {
        let same = |a: Action| (a.from, a.to, a.whole) == (action.from, action.to, action.whole);
        self.legal_moves().into_iter().find(|&m| same(G::action(m))).map(|m| G::notation(m).to_string())
    }

    fn best_action(&self, options: SearchOptions) -> Option<Action> {
        if Game::outcome(self).is_some() {
            return None;
        }
        game_ai::analysis::best_move(self, options).map(|(mv, _)| G::action(mv))
    }

    fn clone_game(&self) -> AnyGame {
        AnyGame::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
