//! The computer opponent of ARKES (2, 3 and 4 players, over
//! [`arkes_engine`]) and of Arcanor (over [`arcanor_engine`]): one seeded,
//! stepped, anytime search. Pure Rust, no Bevy; the engines know nothing of
//! it.
//!
//! The search ([`paranoid`], [`tactics`], the transposition table) is
//! generic over [`SearchGame`]: what a game adds is its evaluation, its
//! move classes for ordering and its win-in-one test ([`arkes`],
//! [`arcanor`]). Everything below holds for both games unless it names one;
//! the measurements of Arcanor are in their own section at the end.
//!
//! # Driving it
//!
//! A [`Searcher`] owns a copy of the position (it is `Send + 'static`).
//! Build one per move with [`Searcher::for_game`] (which also reads the
//! game's round limits, R15) and a level's [`SearchOptions`]:
//!
//! - **Per frame** (a main thread with no other thread to search on: the
//!   web build in a browser without Web Workers; with them, it searches in
//!   one, `ai_worker`, as natively on a task): call
//!   [`Searcher::step`]`(nodes)` once a frame, with a slice of nodes (about
//!   2 000 nodes ≈ 5–8 ms natively, more in WebAssembly); when it returns
//!   [`Progress::Done`], play [`Searcher::best_move`]. `best_move` can be
//!   asked at any time: it is the best move found so far, always legal.
//! - **On a background task** (native): move the searcher into the task and
//!   call [`Searcher::search_to_end`] (the level's node budget: reproducible)
//!   or [`Searcher::search_for`]`(duration)`. `search_for` also stops at the
//!   node budget, so `search_for(Duration::from_millis(950))` plays the
//!   reproducible move on an idle machine and caps the wait on a busy one
//!   (or with 3–4 seats, where a node costs more).
//!
//! `step` never reads the clock: the budget is counted in nodes (positions
//! played), so the same position, options and seed always give the same
//! move. [`choose_move`] is the one-call version.
//!
//! ```
//! use game_ai::{Level, Progress, Searcher};
//! use arkes_engine::{Game, Setup};
//!
//! let mut game = Game::from_setup(Setup::standard(2, 9).unwrap()).unwrap();
//! let mut searcher = Searcher::for_game(&game, Level::Medium.options().seed(7));
//! while searcher.step(2_000) == Progress::Searching {
//!     // Draw a frame here.
//! }
//! let mv = searcher.best_move().expect("the game goes on");
//! game.play(mv).unwrap();
//! ```
//!
//! # Levels and default budgets
//!
//! | [`Level`] | evaluation | depth | quiescence | noise | budget per move | time per move* |
//! |--------|----------------------|------|----|------|----------------|---------|
//! | Easy   | [`EvalKind::Full`]   | ≤ 2  | –  | ± 80 | 2 000 nodes    | ≈ 1 ms  |
//! | Medium | [`EvalKind::Full`]   | ≤ 4  | –  | ± 12 | 20 000 nodes   | ≈ 15 ms |
//! | Hard   | [`EvalKind::Full`]   | ≤ 32 | 6  | ± 1  | 150 000 nodes  | ≈ 0.1 s |
//!
//! \* 2-player 9×9, release build, on the 2-core development machine: the
//! budget at the search's speed there, about 1.4 M nodes a second
//! (`cargo bench -p game_ai --bench search`; 4-player ARKES about 0.6 M,
//! Arcanor 2.2–2.7 M). The tournaments below were played by earlier,
//! slower builds, so their times per move are longer.
//!
//! The levels differ in depth and judgement, not only in time: Easy looks
//! two plies ahead (its move and the reply) and adds noise worth almost a
//! token, so it often prefers a worse move; Medium looks four plies ahead
//! with little noise;
//! Hard searches as deep as its budget allows (usually 5–7 plies at the
//! start) with a captures-only quiescence search. The noise (deterministic
//! from the seed and the position) varies the games.
//!
//! # Tactics are never missed
//!
//! Before any search, every level runs [`tactics::analyse`]: a win in one
//! (R11, R14) is played; moves after which the next seat can win at once or
//! capture the mover's marble (R7) are dropped when another move avoids
//! that; a marble capture left among the safe moves is taken. The only
//! legal (or only safe) move is played without a search.
//!
//! # The search, and why
//!
//! [`paranoid`]: alpha-beta with iterative deepening, paranoid for three and
//! four players (the seat to move maximises its score minus the best
//! opponent's, every opponent minimises it; with two players this is plain
//! minimax), on an explicit stack so that it stops after any number of nodes
//! and resumes exactly. Transposition table, killer and history move
//! ordering, the previous iteration's best move first.
//!
//! Why not MCTS: ARKES is a game of sudden tactics. A marble next to an
//! enemy token is lost (and with two players the game with it), a marble
//! next to the golden cell holding an own unit wins, so one missed reply
//! decides the game; alpha-beta sees every reply within its horizon, while
//! random rollouts mostly see noise (games of random moves last long and
//! end by accident). Measured at equal time (100 ms a move): the `minimax`
//! crate's own alpha-beta beat its own MCTS 36–4, over the same engine and
//! rules (see below). Why paranoid rather than max-n: alpha-beta pruning works
//! for paranoid (not for max-n), and "best-reply search" would need to play
//! a move for a seat that is not to move, which the engine (rightly) does
//! not allow.
//!
//! # Evaluation
//!
//! [`eval`] scores each seat: tokens, towers, pins; the marble's path cost to
//! the golden cell over cells made to hold a single own token (R6), so that
//! bringing tokens to build the path counts; threats to marbles (R7) and of
//! the golden cell (R11); towers that can capture (R8); movable tokens.
//! A position where the seat to move wins at once is scored as won.
//!
//! # What the search respects
//!
//! Every move comes from the engine's `legal_moves_into` and is played with
//! `play_unchecked`, so R10 (the position carries its history: repeating
//! moves are never generated), R12 eliminations and R14 are the engine's
//! own. The round limits of R15 are followed along each searched line: a
//! line that ends the last round, or the K-th round in a row without a
//! capture, is a draw (value 0), so a side that is behind steers towards the
//! draw and a side that is ahead hurries ([`Searcher::for_game`]). The
//! transposition table keys on the grid and the seat to move, not on the
//! history, so its move is only used to order the generated moves.
//!
//! # Measurements
//!
//! With `arkes-cli tournament` (release build, `nice -n 15`), on the 2-core
//! development machine while another developer was compiling Bevy on it, so
//! the times are pessimistic. 2-player 9×9 standard start, R15 default
//! limits (100 rounds). Game *i* uses seed *S + i*; seats alternate (the
//! first participant is South in even games). Score = (wins + draws / 2) /
//! games, with the 95% Wilson score interval on the score. Times are per
//! move of that participant, including moves the tactical checks decide at
//! once; nodes/s counts every position the participant's search played.
//!
//! | command (`arkes-cli tournament …`)                       | games | W–D–L (first) | score, 95% CI | avg plies | ms/move (max) first | ms/move second | nodes/s first |
//! |------------------------------------------------------------|-----|-----------|----------------------|------|-------------|-------|---------|
//! | `--players hard,random --games 200 --seed 1000`            | 200 | 200–0–0   | 100% (98.1–100%)     | 27.9 | 390 (844)   | 0.0   | 314 000 |
//! | `--players hard,easy --games 200 --seed 2000`              | 200 | 199–0–1   | 99.5% (97.2–99.9%)   | 38.4 | 433 (915)   | 1.0   | 294 000 |
//! | `--players medium,easy --games 200 --seed 3000`            | 200 | 170–0–30  | 85.0% (79.4–89.3%)   | 43.4 | 33 (163)    | 1.4   | 196 000 |
//! | `--players medium,random --games 200 --seed 4000`          | 200 | 200–0–0   | 100% (98.1–100%)     | 29.5 | 20          | 0.0   | 286 000 |
//! | `--players easy,random --games 200 --seed 9000`            | 200 | 196–3–1   | 98.8% (96.1–99.6%)   | 69.6 | 1.4 (101)   | 0.0   | 203 000 |
//! | `--players hard,baseline --games 200 --seed 5000 --millis 100` | 200 | 200–0–0 | 100% (98.1–100%)   | 26.6 | 83 (149)    | 88 (189) | 275 000 |
//! | `--players hard,medium --games 60 --seed 6000`             | 60  | 52–0–8    | 86.7% (75.8–93.1%)   | 37.0 | 544 (1 078)† | 32   | 228 000 |
//! | `--players baseline,mcts --games 40 --seed 7000 --millis 100` | 40 | 36–0–4  | 90.0% (76.9–96.0%)   | 40.9 | 98 (204)    | 108 (205) | – |
//! | `--players hard,mcts --games 40 --seed 8000 --millis 100`  | 40  | 40–0–0    | 100% (91.2–100%)     | 36.6 | 89 (185)    | 106 (209) | 207 000 |
//! | `--players hard,easy,easy --games 30 --seed 10000` (3 seats) | 30 | 27–0–3 | 90.0% (74.4–96.5%)   | 74.4 | 948 (2 140)† | 1.7  | 132 000 |
//! | `--players hard,easy,easy,easy --games 12 --seed 11000` (4 seats)† | 12 | 12–0–0 | 100% (75.8–100%) | 81.3 | 747 (1 608) | 1.4–1.7 | 165 000 |
//!
//! † Run while a second tournament and another developer's build shared the
//! two cores (three CPU-bound processes): about half the usual nodes/s.
//!
//! Hard's time per move at the default budget (150 000 nodes), 2 seats on
//! 9×9: 0.39–0.43 s on average, at most 0.92 s over 400 games, with another
//! build running; about 300 000 nodes/s (a node is a move played and taken
//! back, with move generation and, at the leaves, the evaluation). With
//! three CPU-bound processes on the two cores the worst move took 1.08 s,
//! and with 3–4 seats a node costs more (one path search per seat in the
//! evaluation): use `search_for` with a time cap there (see "Driving it").
//! With `--millis 100` a move may overrun by up to ~90 ms on the loaded
//! machine (tactics, table allocation and scheduling; the clock is read
//! every 512 nodes).
//!
//! `baseline` is the `minimax` crate 0.6 (`IterativeSearch`: iterative
//! deepening negamax with a transposition table and a 4-ply quiescence
//! search) over the same engine with a plain evaluation (material and the
//! marble's king-step distance); `mcts` is the same crate's
//! `MonteCarloTreeSearch` (one thread, random rollouts). Both live in
//! `game_cli`, not here. An earlier Easy built on [`EvalKind::Plain`]
//! scored only 74% against `random` (104–88–8: it rarely builds a path for
//! its marble, so most games ran into the round limit), which is why Easy
//! now uses the full evaluation with a shallow search and heavy noise.
//!
//! Since the search became generic (and move generation uses a
//! precomputed neighbour table), the same machine plays more nodes per
//! second: Hard searched 380 000–400 000 nodes/s on the 2-player start
//! where the previous build, run side by side under the same load,
//! searched about 165 000, with the same moves and values.
//!
//! Then the ARKES evaluation in one pass, the marble's path by A* with each
//! seat's last path remembered, and a quiescence search that stands pat
//! first and generates captures only made the same trees (the same moves,
//! values and node counts: `tests/fingerprints.rs`) 2.5 times as fast with
//! two seats and 3–3.8 times with four (`cargo bench -p game_ai --bench
//! search`; figures in the repository's `docs/benchmarks.md`). At equal
//! time the new Hard against the build before it (1b555c2, an
//! `external:PATH` participant), 2-player 9×9, on the 2-core development
//! machine with the two tournaments side by side, each process one core:
//!
//! | command (`arkes-cli tournament …`) | games | W–D–L (new) | score, 95% CI | avg plies | ms/move new | ms/move old | nodes/s new |
//! |---|---|---|---|---|---|---|---|
//! | `--players hard,external:OLD --games 100 --seed 10000 --millis 100` | 100 | 83–0–17 | 83.0% (74.5–89.1%) | 58.3 | 87 (200) | 92 (108) | 1 463 000 |
//! | `--players external:OLD,hard --games 100 --seed 20000 --millis 100` | 100 | 79–0–21 | 79.0% (70.0–85.8%) | 53.6 | 86 (101) | 91 (112) | 1 481 000 |
//! | both | 200 | 162–0–38 | 81.0% (75.0–85.8%) | 56.0 | | | |
//!
//! With four seats, two of each build (`--players hard,external:OLD,hard,external:OLD
//! --games 20 --seed 30000 --millis 100`, then with the seats swapped,
//! seed 40000): the new build's seats won 33 of the 40 games, the earlier
//! build's 7 (avg 110 plies; the new search at 0.89–1.05 M nodes/s there).
//!
//! # Arcanor
//!
//! The same levels and budgets, with the evaluation of [`arcanor`] (points
//! frozen, points within reach, the duo-release tempo, prisoners, pieces
//! that hang). Measured with `arkes-cli tournament --game arcanor` (release
//! build, on the 2-core development machine with a build or a second
//! tournament running most of the time), standard start (A3), default
//! limits; score and interval as above:
//!
//! | command (`arkes-cli tournament --game arcanor …`)     | games | W–D–L (first) | score, 95% CI | avg plies | ms/move (max) first | ms/move second | nodes/s first |
//! |-----------------------------------------------------|-----|---------|--------------------|------|--------------|-------|-----------|
//! | `--players hard,random --games 200 --seed 1000`     | 200 | 200–0–0 | 100% (98.1–100%)   | 48.1 | 116 (2 146)  | 0.0   | 1 200 000 |
//! | `--players hard,easy --games 200 --seed 2000`       | 200 | 198–0–2 | 99.0% (96.4–99.7%) | 69.4 | 100 (2 683)  | 0.3   | 1 395 000 |
//! | `--players hard,mcts --games 200 --seed 3000 --millis 100` | 200 | 200–0–0 | 100% (98.1–100%) | 62.2 | 107 (244) | 116 (242) | 713 000 |
//! | `--players medium,easy --games 200 --seed 4000`     | 200 | 200–0–0 | 100% (98.1–100%)   | 77.8 | 21 (508)     | 1.9   | 545 000   |
//! | `--players easy,random --games 200 --seed 5000`     | 200 | 200–0–0 | 100% (98.1–100%)   | 84.2 | 0.9 (129)    | 0.0   | 451 000   |
//!
//! A node is cheaper than in ARKES (no path search in the evaluation), so
//! Hard's 150 000 nodes take about 0.1 s; the rare maxima of 2–2.7 s were
//! moves where the machine's other processes held both cores. `mcts` is
//! the `minimax` crate's Monte Carlo tree search over the same engine (in
//! `game_cli`), at 100 ms a move for both sides.
//!
//! # The coach's win chance: calibration
//!
//! [`chance`] turns the review search's value into the chance that the seat
//! wins. Its one parameter, the scale, was fitted (least Brier score) on
//! the even games of a computer-vs-computer series (`arkes-cli calibrate`:
//! Easy, Medium and Hard paired in turn, every position valued by the
//! review's search), and is judged below on the odd games, which it never
//! saw (`tests/calibration.rs` checks it on those positions, kept in
//! `tests/data/`). Brier score: the mean squared error of the chances (0 is
//! perfect; always saying 50 % scores 0.25, always saying the share of
//! games the mover won scores its variance).
//!
//! | series | games (fitted + held out) | held-out positions | scale | Brier, held out | always the mover's share |
//! |---|---|---|---|---|---|
//! | ARKES, 2 players, 9×9 | 100 + 100 | 2 014 | 182 | 0.179 | 0.24 |
//! | ARKES, 4 players, 9×9 (every 3rd position) | 40 + 40 | 1 463 | 163 | 0.196 | 0.218 |
//! | Arcanor | 100 + 100 | 4 207 | 26 | 0.055 | 0.21 |
//!
//! Predicted against observed on the held-out positions, by deciles of the
//! predicted chance (a decided position is 0 % or 100 %).
//!
//! ARKES, 2 players:
//!
//! | predicted | positions | mean predicted | observed |
//! |---|---|---|---|
//! | 0–10 % | 142 | 2 % | 2 % |
//! | 10–20 % | 82 | 15 % | 9 % |
//! | 20–30 % | 82 | 25 % | 33 % |
//! | 30–40 % | 138 | 36 % | 47 % |
//! | 40–50 % | 202 | 45 % | 67 % |
//! | 50–60 % | 367 | 54 % | 59 % |
//! | 60–70 % | 520 | 64 % | 54 % |
//! | 70–80 % | 144 | 74 % | 88 % |
//! | 80–90 % | 103 | 85 % | 99 % |
//! | 90–100 % | 234 | 98 % | 100 % |
//!
//! ARKES, 4 players (the mover's chance):
//!
//! | predicted | positions | mean predicted | observed |
//! |---|---|---|---|
//! | 0–10 % | 180 | 3 % | 10 % |
//! | 10–20 % | 158 | 15 % | 19 % |
//! | 20–30 % | 294 | 25 % | 27 % |
//! | 30–40 % | 352 | 35 % | 35 % |
//! | 40–50 % | 206 | 44 % | 31 % |
//! | 50–60 % | 96 | 55 % | 43 % |
//! | 60–70 % | 48 | 65 % | 46 % |
//! | 70–80 % | 28 | 76 % | 64 % |
//! | 80–90 % | 36 | 85 % | 75 % |
//! | 90–100 % | 65 | 99 % | 86 % |
//!
//! Arcanor:
//!
//! | predicted | positions | mean predicted | observed |
//! |---|---|---|---|
//! | 0–10 % | 1177 | 0 % | 8 % |
//! | 10–20 % | 26 | 15 % | 19 % |
//! | 20–30 % | 32 | 23 % | 28 % |
//! | 30–40 % | 42 | 38 % | 23 % |
//! | 40–50 % | 7 | 44 % | 79 % |
//! | 50–60 % | 56 | 53 % | 91 % |
//! | 60–70 % | 49 | 63 % | 94 % |
//! | 70–80 % | 63 | 77 % | 87 % |
//! | 80–90 % | 179 | 83 % | 77 % |
//! | 90–100 % | 2576 | 100 % | 97 % |
//!
//! Read: in ARKES with 2 players the chances are a little timid at 40–50 %
//! (won 67 %) and at 80–90 % (won 99 %); with 4 players they run a little
//! high above 40 %; in Arcanor the search's values are steep (a point of
//! value is 100 evaluation points, a chance of 98 %), most positions sit
//! at the ends, and the ones called lost are still won 8 % of the time.
//! One logistic parameter cannot do better; the verdicts use differences
//! of chances, where these errors mostly cancel.

pub mod analysis;
pub mod arcanor;
pub mod arkes;
pub mod chance;
pub mod eval;
mod game;
mod level;
pub mod paranoid;
mod searcher;
pub mod tactics;
mod tt;

pub use analysis::{MoveReview, Verdict, review_move, review_options};
pub use chance::ChanceScale;
pub use eval::{DECIDED, Evaluation, WIN};
pub use game::{GamePosition, MoveClass, SearchGame};
pub use level::{EvalKind, Level, ParseLevelError, SearchOptions};
pub use paranoid::RoundLimits;
pub use searcher::{Progress, SearchStats, Searcher, choose_move};
pub use tactics::Reason;
