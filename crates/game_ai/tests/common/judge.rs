//! An independent judge of the searcher's moves: a plain, full-width search
//! two plies deep (the mover's moves, then every reply of the next seat),
//! generic over [`Rules`], that uses nothing but the engine's own rules
//! functions: `legal_moves_into`, `play_unchecked`, `undo`, `outcome` and
//! `to_move` (and `seats_in`, for the one notion below that needs it).
//! Nothing of `game_ai`: the tests must not judge the searcher with its
//! own tactical checks (`game_ai::tactics`, `SearchGame::threatens_at_once`),
//! or they could never catch their bugs.
//!
//! # What the judge means
//!
//! A ply is [`Rules::play_unchecked`]: the move and whatever the rules do at
//! once at the start of the following turns (ARKES R12 removes the marble of
//! a seat with no legal move and passes the turn on). After it,
//! [`Rules::outcome`] says whether the game is decided.
//!
//! - A move **wins at once** when, after it, [`Rules::outcome`] is a win for
//!   the seat that moved ([`wins_at_once`]).
//! - A move **loses at once** ([`loses_at_once_after`]) when, after it, the
//!   game is already won by another seat, or the *next seat* (the seat to
//!   move after it) has a reply that wins at once for that seat. With two
//!   players this is "the opponent wins in one". With three or four players
//!   (ARKES) it is deliberately only the next seat: the seats after it are
//!   not looked at, and a reply of the next seat that hands a third seat the
//!   win does not count. [`safe_moves`] are the moves that do not lose at
//!   once.
//! - A move **puts the mover out at once** ([`out_at_once_after`]) when it
//!   loses at once, or when after it, or after some reply of the next seat,
//!   the game is won by any seat but the mover, or the mover is no longer
//!   among [`Rules::seats_in`] (ARKES: its marble captured, R7, or removed
//!   because it has no legal move, R12). This is what the searcher promises
//!   to avoid when it can (with three or four seats, losing one's marble is
//!   losing too, and the search scores both alike), so the properties judge
//!   the searcher's move with it. With two seats, and in Arcanor (whose
//!   seats are always both in), it is the same as losing at once.
//!
//! # Rules the judge takes from the engine
//!
//! - Arcanor A11 (ARCANOR.md: "a player who has no legal move on their turn
//!   loses") is part of [`Rules::outcome`]: `arcanor_engine::Arcanor`'s
//!   `outcome` is `Position::outcome`, documented as "`Position::decided`,
//!   or a seat to move without a legal move, which loses (A11)"
//!   (crates/arcanor_engine/src/position.rs, `pub fn outcome`); only
//!   [`Rules::decided`] leaves A11 out, and the judge never calls it. So a
//!   move after which the opponent cannot move wins at once, and a reply
//!   that leaves the mover without a move loses it the game.
//! - ARKES R12 (RULES.md: a seat with no legal move at the start of its turn
//!   has its marble removed and is out; it does *not* lose the game by
//!   itself, unlike A11) happens inside `play_unchecked`; R11 and R14 (the
//!   last marble wins) are `outcome`'s.
//! - The [`Rules`] contract says that while the game goes on the seat to
//!   move has a legal move. The judge checks it at every position it looks
//!   at ([`legal_moves`] panics otherwise), so an engine whose `outcome`
//!   forgot A11, or whose `play_unchecked` forgot R12, is caught here
//!   instead of being judged silently.

use game_core::{Outcome, Rules, Seat};

/// The legal moves of the seat to move (none once the game is decided).
///
/// # Panics
/// If the game goes on ([`Rules::outcome`] is `None`) and the seat to move
/// has no legal move: the [`Rules`] contract forbids it (Arcanor A11 must be
/// in `outcome`; ARKES R12 must have removed such a seat in
/// `play_unchecked`).
pub fn legal_moves<R: Rules>(position: &R::Position) -> Vec<R::Move> {
    let mut moves = Vec::new();
    R::legal_moves_into(position, &mut moves);
    assert!(
        !moves.is_empty() || R::outcome(position).is_some(),
        "{}: {:?} is to move, has no legal move, and Rules::outcome says the game goes on \
         (Arcanor A11: that seat loses; ARKES R12: play_unchecked should have removed it) in\n{position}",
        R::NAME,
        R::to_move(position),
    );
    moves
}

/// The seat [`Rules::outcome`] says has won `position`, if any.
pub fn winner<R: Rules>(position: &R::Position) -> Option<Seat> {
    match R::outcome(position) {
        Some(Outcome::Win(win)) => Some(win.seat),
        Some(Outcome::Draw(_)) | None => None,
    }
}

/// Whether the game is decided (won or drawn) once `mv` is played.
pub fn ends_the_game_after<R: Rules>(position: &R::Position, mv: R::Move) -> bool {
    let mut work = position.clone();
    let undo = R::play_unchecked(&mut work, mv);
    let decided = R::outcome(&work).is_some();
    R::undo(&mut work, undo);
    decided
}

/// The moves of the seat to move after which [`Rules::outcome`] is a win
/// for that seat, in generation order.
pub fn wins_at_once<R: Rules>(position: &R::Position) -> Vec<R::Move> {
    let me = R::to_move(position);
    let mut work = position.clone();
    let mut wins = Vec::new();
    for mv in legal_moves::<R>(position) {
        let undo = R::play_unchecked(&mut work, mv);
        if winner::<R>(&work) == Some(me) {
            wins.push(mv);
        }
        R::undo(&mut work, undo);
    }
    wins
}

/// Whether `mv` loses at once (see the module docs): after it the game is
/// won by another seat, or the next seat has a reply that wins at once for
/// itself.
pub fn loses_at_once_after<R: Rules>(position: &R::Position, mv: R::Move) -> bool {
    punished_after::<R>(position, mv, Harm::Lost)
}

/// The moves after which no reply of the next seat wins at once for it
/// (nor is the game already won by another seat), in generation order.
pub fn safe_moves<R: Rules>(position: &R::Position) -> Vec<R::Move> {
    legal_moves::<R>(position).into_iter().filter(|&mv| !loses_at_once_after::<R>(position, mv)).collect()
}

/// Whether `mv` puts the mover out at once (see the module docs): it loses
/// at once, or after it or after a reply of the next seat another seat has
/// won or the mover is no longer in the game ([`Rules::seats_in`]).
pub fn out_at_once_after<R: Rules>(position: &R::Position, mv: R::Move) -> bool {
    punished_after::<R>(position, mv, Harm::Out)
}

/// The moves that do not put the mover out at once, in generation order.
pub fn moves_staying_in<R: Rules>(position: &R::Position) -> Vec<R::Move> {
    legal_moves::<R>(position).into_iter().filter(|&mv| !out_at_once_after::<R>(position, mv)).collect()
}

/// Whether the seat to move has no win at once, some move that puts it out
/// at once and some move that does not: a position where "avoid losing at
/// once" has something to judge. Stops as soon as it knows.
pub fn has_threat_to_dodge<R: Rules>(position: &R::Position) -> bool {
    if !wins_at_once::<R>(position).is_empty() {
        return false;
    }
    let me = R::to_move(position);
    let mut work = position.clone();
    let (mut stays, mut falls) = (false, false);
    for mv in legal_moves::<R>(position) {
        let undo = R::play_unchecked(&mut work, mv);
        let out = punished::<R>(&mut work, me, Harm::Out);
        R::undo(&mut work, undo);
        if out {
            falls = true;
        } else {
            stays = true;
        }
        if stays && falls {
            return true;
        }
    }
    false
}

/// What the judge says of every move of a position, computed once.
pub struct Verdict<R: Rules> {
    /// The seat to move.
    pub to_move: Seat,
    /// The legal moves.
    pub moves: Vec<R::Move>,
    /// The moves that win at once ([`wins_at_once`]).
    pub wins: Vec<R::Move>,
    /// The moves that do not lose at once ([`safe_moves`]).
    pub safe: Vec<R::Move>,
    /// The moves that do not put the mover out at once ([`moves_staying_in`]).
    pub staying_in: Vec<R::Move>,
}

impl<R: Rules> Verdict<R> {
    /// Judges every legal move of `position` (two plies, full width).
    pub fn of(position: &R::Position) -> Verdict<R> {
        let me = R::to_move(position);
        let moves = legal_moves::<R>(position);
        let mut work = position.clone();
        let (mut wins, mut safe, mut staying_in) = (Vec::new(), Vec::new(), Vec::new());
        for &mv in &moves {
            let undo = R::play_unchecked(&mut work, mv);
            if winner::<R>(&work) == Some(me) {
                wins.push(mv);
            }
            if !punished::<R>(&mut work, me, Harm::Lost) {
                safe.push(mv);
            }
            if !punished::<R>(&mut work, me, Harm::Out) {
                staying_in.push(mv);
            }
            R::undo(&mut work, undo);
        }
        Verdict { to_move: me, moves, wins, safe, staying_in }
    }

    /// Whether the seat to move can win at once.
    pub fn has_win(&self) -> bool {
        !self.wins.is_empty()
    }

    /// Whether some move puts the mover out at once (an opponent's threat).
    pub fn has_threat(&self) -> bool {
        self.staying_in.len() < self.moves.len()
    }

    /// Whether the rule "do not lose at once when you can avoid it" is the
    /// one that judges this position, and is not vacuous: no win at once,
    /// some move puts the mover out at once, some move does not.
    pub fn has_threat_to_dodge(&self) -> bool {
        !self.has_win() && self.has_threat() && !self.staying_in.is_empty()
    }

    /// What is wrong with playing `mv`, if anything: it is illegal; or it
    /// does not win at once while some move does; or it puts the mover out
    /// at once while some move does not.
    pub fn fault(&self, mv: R::Move) -> Option<String> {
        if !self.moves.contains(&mv) {
            return Some(format!("{mv} is not a legal move of {:?} ({:?} are)", self.to_move, self.moves));
        }
        if self.has_win() {
            return (!self.wins.contains(&mv))
                .then(|| format!("{mv} does not win at once; {:?} would", self.wins));
        }
        if !self.staying_in.is_empty() && !self.staying_in.contains(&mv) {
            return Some(format!(
                "{mv} lets the next seat win (or take {:?} out of the game) at once; {:?} would not",
                self.to_move, self.staying_in
            ));
        }
        None
    }
}

/// How many positions a property test judged, and how many of them had
/// something to judge, so that a test whose positions never offer a win or
/// a threat fails instead of passing vacuously.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Positions looked at.
    pub positions: usize,
    /// Of which decided games (the searcher must give no move).
    pub over: usize,
    /// Positions where the seat to move could win at once.
    pub with_a_win: usize,
    /// Positions where some move put the mover out at once.
    pub with_a_threat: usize,
    /// Positions with no win at once, some move putting the mover out at
    /// once and some move not ([`Verdict::has_threat_to_dodge`]).
    pub with_a_threat_to_dodge: usize,
}

impl Tally {
    /// Counts one position: `None` for a decided game.
    pub fn count<R: Rules>(&mut self, verdict: Option<&Verdict<R>>) {
        self.positions += 1;
        let Some(verdict) = verdict else {
            self.over += 1;
            return;
        };
        self.with_a_win += usize::from(verdict.has_win());
        self.with_a_threat += usize::from(verdict.has_threat());
        self.with_a_threat_to_dodge += usize::from(verdict.has_threat_to_dodge());
    }

    /// Prints the tally (seen with `--nocapture`) and fails `test` if fewer
    /// than `wins` positions had a win at once or fewer than `threats`
    /// positions had a threat to dodge.
    ///
    /// # Panics
    /// When there were too few.
    pub fn require(&self, test: &str, wins: usize, threats: usize) {
        eprintln!("{test}: {self:?}");
        assert!(
            self.with_a_win >= wins,
            "{test}: only {} of {} positions had a win in one (at least {wins} wanted): \
             the test would pass vacuously; {self:?}",
            self.with_a_win,
            self.positions,
        );
        assert!(
            self.with_a_threat_to_dodge >= threats,
            "{test}: only {} of {} positions had a move to avoid (one that lets the next seat win at once, \
             another that does not, no win in one; at least {threats} wanted): the test would pass \
             vacuously; {self:?}",
            self.with_a_threat_to_dodge,
            self.positions,
        );
    }
}

/// Which harm [`punished`] looks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Harm {
    /// Another seat has won, or the next seat can win at once.
    Lost,
    /// As `Lost`, or any seat but the mover wins, or the mover is out of
    /// the game, after a reply of the next seat.
    Out,
}

/// [`punished`] after `mv` is played in `position`.
fn punished_after<R: Rules>(position: &R::Position, mv: R::Move, harm: Harm) -> bool {
    let me = R::to_move(position);
    let mut work = position.clone();
    let undo = R::play_unchecked(&mut work, mv);
    let hit = punished::<R>(&mut work, me, harm);
    R::undo(&mut work, undo);
    hit
}

/// Whether `me`, whose ply has just been played in `work`, suffers `harm`
/// at once: the ply itself decided the game for another seat (Arcanor: a
/// move that frees an opponent's prisoner on its target row can bring it
/// to 12, A10), or one reply of the next seat does it. `work` is given back
/// as it came.
fn punished<R: Rules>(work: &mut R::Position, me: Seat, harm: Harm) -> bool {
    if let Some(outcome) = R::outcome(work) {
        return matches!(outcome, Outcome::Win(win) if win.seat != me);
    }
    if harm == Harm::Out && !R::seats_in(work).contains(me) {
        return true;
    }
    let next = R::to_move(work);
    for reply in legal_moves::<R>(work) {
        let undo = R::play_unchecked(work, reply);
        let hit = match harm {
            Harm::Lost => winner::<R>(work) == Some(next),
            Harm::Out => match R::outcome(work) {
                Some(Outcome::Win(win)) => win.seat != me,
                Some(Outcome::Draw(_)) => false,
                None => !R::seats_in(work).contains(me),
            },
        };
        R::undo(work, undo);
        if hit {
            return true;
        }
    }
    false
}
