//! [`Game`]: a set-up and its plies under some [`Rules`], with limits
//! (rounds, rounds without capture, clocks), undo/redo and the JSON save
//! format ([`GameRecord`]).

use crate::limits::{Clock, Limits};
use crate::ply::{MoveError, Ply, PlyError, PlyInfo, PlyReport};
use crate::rules::{DrawReason, Outcome, Rules, TurnStart};
use crate::seat::{BySeat, Seat};

/// Counters that change ply by ply and are restored by undo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Counters<W> {
    rounds_completed: u32,
    rounds_without_capture: u32,
    capture_this_round: bool,
    clocks: BySeat<u64>,
    captures: BySeat<u32>,
    spent_ms: u64,
    outcome: Option<Outcome<W>>,
}

/// A game under rules `R`: the set-up and what has been played on it, with
/// the limits (rounds, rounds without capture, clocks) and undo/redo.
///
/// # Rounds and limits
///
/// A round ends each time the turn passes from a seat to a seat not later
/// in the turn order (South, West, North, East), seats out of the game
/// skipped. The limits are checked the moment a round ends, before the next
/// seat's start-of-turn checks ([`Rules::start_turn`], RULES.md R15): a
/// move that ends the last round and leaves the next seat without a legal
/// move draws the game. A win by the move itself (ARKES R11, Arcanor A10)
/// stands even when that move ends the last round.
///
/// # Clocks
///
/// Time is reported by the caller ([`Game::tick`]): the engine never reads
/// the wall clock. When the clock of the seat to move runs out, its rules
/// decide ([`Rules::time_out`]: ARKES removes the seat, R12; in Arcanor it
/// loses, A12). Only the seat to move's clock runs, so clocks run out one at
/// a time, and the last seat standing wins by its rules (R14) before every
/// clock could be out: R15's "every clock out" draw cannot arise with the
/// positive clocks [`Clock::new`] allows.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    setup: R::Setup,
    limits: Limits,
    position: R::Position,
    plies: Vec<Ply<R::MoveText>>,
    info: Vec<PlyInfo>,
    undo: Vec<(Vec<R::Undo>, Counters<R::WinReason>)>,
    redo: Vec<Ply<R::MoveText>>,
    counters: Counters<R::WinReason>,
}

impl<R: Rules> Game<R> {
    /// A new game from `setup` with `limits`. The start-of-turn checks of the
    /// first seat run at once (ARKES R12: a seat with no legal move is out),
    /// and count the rounds they pass.
    ///
    /// # Errors
    /// The rule the set-up breaks.
    pub fn new(setup: R::Setup, limits: Limits) -> Result<Game<R>, R::SetupError> {
        let position = R::start(&setup)?;
        let clock = limits.clock.map_or(0, Clock::initial_ms);
        let mut game = Game {
            setup,
            limits,
            position,
            plies: Vec::new(),
            info: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            counters: Counters {
                rounds_completed: 0,
                rounds_without_capture: 0,
                capture_this_round: false,
                clocks: BySeat([clock; 4]),
                captures: BySeat([0; 4]),
                spent_ms: 0,
                outcome: None,
            },
        };
        let mut counters = game.counters;
        counters.outcome = R::decided(&game.position);
        let mut steps = Vec::new();
        if counters.outcome.is_none() {
            game.pass_turns(None, &mut counters, &mut steps);
        }
        game.counters = counters;
        Ok(game)
    }

    /// A new game from `setup` with the default limits.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn from_setup(setup: R::Setup) -> Result<Game<R>, R::SetupError> {
        Game::new(setup, Limits::default())
    }

    /// The starting set-up.
    #[must_use]
    pub fn setup(&self) -> &R::Setup {
        &self.setup
    }

    /// The limits and clock.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The plies played so far (not those undone).
    #[must_use]
    pub fn plies(&self) -> &[Ply<R::MoveText>] {
        &self.plies
    }

    /// Who played each ply and in which round, in the order of [`Game::plies`].
    #[must_use]
    pub fn ply_info(&self) -> &[PlyInfo] {
        &self.info
    }

    /// How the game ended, `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<R::WinReason>> {
        self.counters.outcome
    }

    /// The seat to move.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        R::to_move(&self.position)
    }

    /// The legal moves, empty once the game has ended.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<R::Move> {
        let mut moves = Vec::new();
        if self.outcome().is_none() {
            R::legal_moves_into(&self.position, &mut moves);
        }
        moves
    }

    /// The number of the round being played, from 1.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.counters.rounds_completed.saturating_add(1)
    }

    /// Rounds completed so far.
    #[must_use]
    pub fn rounds_completed(&self) -> u32 {
        self.counters.rounds_completed
    }

    /// Rounds in a row that have ended without a capture.
    #[must_use]
    pub fn rounds_without_capture(&self) -> u32 {
        self.counters.rounds_without_capture
    }

    /// Whether a piece has been captured in the round being played.
    #[must_use]
    pub fn capture_this_round(&self) -> bool {
        self.counters.capture_this_round
    }

    /// Milliseconds left on `seat`'s clock, `None` without clocks.
    #[must_use]
    pub fn clock_ms(&self, seat: Seat) -> Option<u64> {
        self.limits.clock.map(|_| self.counters.clocks[seat])
    }

    /// How many pieces each seat has captured (ARKES) or eaten (Arcanor).
    #[must_use]
    pub fn captures(&self) -> BySeat<u32> {
        self.counters.captures
    }

    /// Whether there is a ply to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone ply to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Charges `ms` milliseconds to the clock of the seat to move. When it
    /// runs out, its rules decide ([`Rules::time_out`]) and the report of
    /// that time-out is returned. Does nothing without clocks or once the
    /// game has ended.
    pub fn tick(&mut self, ms: u64) -> Option<PlyReport<R>> {
        if self.limits.clock.is_none() || self.outcome().is_some() {
            return None;
        }
        let seat = self.to_move();
        let left = self.counters.clocks[seat];
        self.counters.spent_ms = self.counters.spent_ms.saturating_add(ms.min(left));
        self.counters.clocks[seat] = left.saturating_sub(ms);
        if self.counters.clocks[seat] > 0 {
            return None;
        }
        let ply = Ply::TimeOut { ms: self.counters.spent_ms };
        let report = self.apply(ply).ok()?;
        self.redo.clear();
        Some(report)
    }

    /// Sets the running clock, the seat to move's, to the reading of
    /// another device that keeps the clocks (an online game's host), in
    /// milliseconds: the turn is charged the time between the clock at the
    /// turn's start and the reading, so that the record of the plies still
    /// replays to the same clocks. A reading above the clock at the turn's
    /// start shows that start (this record never gave the seat more). A
    /// reading of 0 is the seat's time-out (R15, A12), reported as
    /// [`Game::tick`] reports one. The other seats' clocks follow from
    /// the record. Does nothing without clocks or once the game has ended.
    pub fn set_clock(&mut self, ms: u64) -> Option<PlyReport<R>> {
        if self.limits.clock.is_none() || self.outcome().is_some() {
            return None;
        }
        let seat = self.to_move();
        let start = self.counters.clocks[seat].saturating_add(self.counters.spent_ms);
        let shown = ms.min(start);
        self.counters.spent_ms = start - shown;
        self.counters.clocks[seat] = shown;
        self.tick(0)
    }

    /// Plays `mv` (it is checked: any `R::Move` may be given), charging the
    /// time ticked on this turn.
    ///
    /// # Errors
    /// [`PlyError::GameOver`] once the game has ended (also by a limit),
    /// [`PlyError::Illegal`] with the rule that forbids the move,
    /// [`PlyError::OverTime`] if the seat's clock has no time left (the
    /// caller should have reported the time-out: [`Game::tick`] does). The
    /// game is then unchanged.
    pub fn play(&mut self, mv: R::Move) -> Result<PlyReport<R>, PlyError<R::IllegalMove>> {
        let ply = Ply::Move { mv: R::notation(mv), ms: self.counters.spent_ms };
        let report = self.apply(ply)?;
        self.redo.clear();
        Ok(report)
    }

    /// The seat to move resigns, charging the time ticked on this turn; its
    /// rules decide what follows ([`Rules::resign`]: in ARKES its marble
    /// is removed and the others play on, R12–R14; in Arcanor it loses).
    /// The rules are silent on resigning; only the seat to move can (a
    /// turn-based record has no other place for it).
    ///
    /// # Errors
    /// [`PlyError::GameOver`] once the game has ended; the game is then
    /// unchanged.
    pub fn resign(&mut self) -> Result<PlyReport<R>, PlyError<R::IllegalMove>> {
        let report = self.apply(Ply::Resign { ms: self.counters.spent_ms })?;
        self.redo.clear();
        Ok(report)
    }

    /// Parses and plays a move in notation.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for text that is not a move, [`MoveError::Ply`]
    /// as [`Game::play`]; the game is then unchanged.
    pub fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlyReport<R>, MoveError<R::ParseMoveError, R::IllegalMove>> {
        let mv: R::MoveText = text.parse().map_err(MoveError::Parse)?;
        if self.outcome().is_some() {
            return Err(MoveError::Ply(PlyError::GameOver));
        }
        let mv = R::resolve(&self.position, mv).map_err(|e| MoveError::Ply(PlyError::Illegal(e)))?;
        self.play(mv).map_err(MoveError::Ply)
    }

    /// Takes back the last ply (move, time-out or resignation); the clocks
    /// return to the start of that turn. Returns `false` if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some((steps, counters)) = self.undo.pop() else { return false };
        let Some(ply) = self.plies.pop() else { return false };
        self.info.pop();
        for step in steps.into_iter().rev() {
            R::undo(&mut self.position, step);
        }
        self.counters = counters;
        self.redo.push(ply);
        true
    }

    /// Plays again the last ply undone. Returns its report, or `None` if there
    /// is nothing to redo.
    pub fn redo(&mut self) -> Option<PlyReport<R>> {
        let ply = self.redo.pop()?;
        match self.apply(ply) {
            Ok(report) => Some(report),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Plays one recorded ply (used by play, tick, redo and loading); on an
    /// error nothing changes.
    pub(crate) fn apply(&mut self, ply: Ply<R::MoveText>) -> Result<PlyReport<R>, PlyError<R::IllegalMove>> {
        if self.outcome().is_some() {
            return Err(PlyError::GameOver);
        }
        let mover = self.to_move();
        let mut before = self.counters;
        // Undo returns to the start of the turn, before this turn's thinking.
        before.clocks[mover] = before.clocks[mover].saturating_add(before.spent_ms);
        before.spent_ms = 0;
        let mut next = before;
        let mut steps = Vec::with_capacity(2);
        let mut mv = None;
        match ply {
            Ply::Move { mv: text, ms } => {
                let legal = R::resolve(&self.position, text).map_err(PlyError::Illegal)?;
                if let Some(clock) = self.limits.clock {
                    let available = before.clocks[mover];
                    if ms >= available {
                        return Err(PlyError::OverTime { ms, left: available });
                    }
                    next.clocks[mover] = (available - ms).saturating_add(clock.increment_ms());
                }
                let step = R::play_move(&mut self.position, legal);
                if R::is_capture(&step) {
                    next.captures[mover] = next.captures[mover].saturating_add(1);
                    next.capture_this_round = true;
                }
                steps.push(step);
                mv = Some(legal);
                next.outcome = R::decided(&self.position);
            }
            Ply::TimeOut { .. } => {
                if self.limits.clock.is_none() {
                    return Err(PlyError::TimeOutWithoutClock);
                }
                next.clocks[mover] = 0;
                let done = R::time_out(&mut self.position);
                self.seat_done(done, &mut next, &mut steps);
            }
            Ply::Resign { ms } => {
                if self.limits.clock.is_some() {
                    let available = before.clocks[mover];
                    if ms >= available {
                        return Err(PlyError::OverTime { ms, left: available });
                    }
                    next.clocks[mover] = available - ms;
                }
                let done = R::resign(&mut self.position);
                self.seat_done(done, &mut next, &mut steps);
            }
        }
        if next.outcome.is_none() {
            self.pass_turns(Some(mover), &mut next, &mut steps);
        }
        let ply = match (ply, mv) {
            (Ply::Move { ms, .. }, Some(legal)) => Ply::Move { mv: R::notation(legal), ms },
            (ply, _) => ply,
        };
        let report = PlyReport { mover, mv, steps: steps.clone(), outcome: next.outcome };
        self.plies.push(ply);
        self.info.push(PlyInfo { mover, round: before.rounds_completed.saturating_add(1) });
        self.undo.push((steps, before));
        self.counters = Counters { spent_ms: 0, ..next };
        Ok(report)
    }

    /// What the rules did to the seat to move when it could play no more
    /// (its time-out or its resignation), kept in the ply being applied:
    /// an elimination's step, and the outcome it leads to.
    fn seat_done(
        &self,
        done: TurnStart<R::Undo, R::WinReason>,
        next: &mut Counters<R::WinReason>,
        steps: &mut Vec<R::Undo>,
    ) {
        match done {
            TurnStart::Ready => {}
            TurnStart::Eliminated(step) => {
                steps.push(step);
                next.outcome = R::decided(&self.position);
            }
            TurnStart::Decided(outcome) => next.outcome = Some(outcome),
        }
    }

    /// The turn has passed from `prev` (`None` at the start of the game) to
    /// the seat to move: count the round that ends, check the limits, then
    /// run the start-of-turn checks, seat after seat while seats are
    /// eliminated.
    fn pass_turns(
        &mut self,
        mut prev: Option<Seat>,
        next: &mut Counters<R::WinReason>,
        steps: &mut Vec<R::Undo>,
    ) {
        // Each elimination removes a seat, so this ends within four turns;
        // the bound only guards against a faulty `Rules`.
        for _ in 0..8 {
            let seat = R::to_move(&self.position);
            if prev.is_some_and(|p| seat <= p) {
                next.rounds_completed = next.rounds_completed.saturating_add(1);
                if next.capture_this_round {
                    next.rounds_without_capture = 0;
                } else {
                    next.rounds_without_capture = next.rounds_without_capture.saturating_add(1);
                }
                next.capture_this_round = false;
                if self.limits.rounds.is_some_and(|n| next.rounds_completed >= n.get()) {
                    next.outcome = Some(Outcome::Draw(DrawReason::RoundLimit));
                    return;
                }
                if self.limits.rounds_without_capture.is_some_and(|k| next.rounds_without_capture >= k.get())
                {
                    next.outcome = Some(Outcome::Draw(DrawReason::CaptureLimit));
                    return;
                }
            }
            match R::start_turn(&mut self.position) {
                TurnStart::Ready => return,
                TurnStart::Eliminated(step) => {
                    steps.push(step);
                    if let Some(outcome) = R::decided(&self.position) {
                        next.outcome = Some(outcome);
                        return;
                    }
                    prev = Some(seat);
                }
                TurnStart::Decided(outcome) => {
                    next.outcome = Some(outcome);
                    return;
                }
            }
        }
    }
}
